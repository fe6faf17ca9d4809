"""起和 before the sheet: ``Guobiao.refuses_win`` and the kernel's fan bound.

``_mcr.fans_bound`` adds up every fan a hand could count without reading
it; ``_mcr.below_minimum`` refuses when that falls short of ``min_fan``,
else counts the best reading as ``score`` does.  These tests hold both to
the full scorer:

- the bound is never below the best reading's fans (flowers apart), on
  random complete hands with random melds and flags (hypothesis), on the
  random situations of every form the PyMahjongGB test uses, under every
  option set, and on every win check of seeded bot games;
- ``refuses_win`` refuses exactly the contexts ``can_win`` turns down
  after scoring (whatever ``min_fan``), and wherever the bound refuses the
  scorer says fewer than ``min_fan``;
- bot games play the same, move for move, with the refusal as without it;
- the bound refuses a real share of the win checks of greedy play.

``GUOBIAO_BOUND_N`` sets the number of random situations (default 3,000).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_guobiao_kernel import RULE_SETS, context, situations

from mahjong_core import _mcr
from mahjong_core.bots import make_bot, play_hand
from mahjong_core.errors import MahjongError
from mahjong_core.rules import Ruleset, ScoreSheet, WinContext
from mahjong_core.tiles import Meld, MeldKind
from mahjong_core.variants.guobiao import EXTRAS, FANS, Guobiao

N = int(os.environ.get("GUOBIAO_BOUND_N", "3000"))
MINIMA = (0, 1, 6, 8, 9, 12, 16, 24, 88)


def bound(rules: Guobiao, ctx: WinContext) -> int | None:
    return _mcr.fans_bound(
        rules._kernel, ctx.concealed, ctx.win_tile, ctx.melds, ctx.self_drawn,
        ctx.kong_replacement or ctx.robbed_kong, ctx.last_tile, ctx.fourth_tile, ctx.seat_wind, ctx.round_wind,
        ctx.first_turn, ctx.first_go_around, ctx.dealer, ctx.ready_on_deal, ctx.instant == "混杠",
    )


def check(rules: Guobiao, ctx: WinContext) -> tuple[int, int | None] | None:
    """Assert the bound and the refusal against the scorer; (best fans, bound),
    or None when the scorer rejects the context (then nothing is refused)."""
    try:
        sheet = rules.score(ctx)
    except MahjongError:
        assert not Guobiao.refuses_win(rules, ctx), ctx
        return None
    best = rules.fans_without_flowers(sheet)
    b = bound(rules, ctx)
    assert b is None or b >= best, f"bound {b} < {best} fans: {ctx} {sheet.names()}"
    refused = Guobiao.refuses_win(rules, ctx)
    assert refused == (not rules.can_win(ctx, sheet)) == (rules.win_problem(ctx, sheet) is not None)
    for m in MINIMA:
        refused = _mcr.below_minimum(rules._kernel, ctx, m)
        assert refused == (best < m), (m, best, ctx)
        if b is not None and b < m:
            assert refused  # where the bound refuses, the scorer says < m
    return best, b


# ---------------------------------------------------------------------------
# Random complete hands (hypothesis)
# ---------------------------------------------------------------------------

_SETS = [("chow", s * 9 + r) for s in range(3) for r in range(7)] + [("pung", k) for k in range(34)]


@st.composite
def complete_hands(draw: Any) -> tuple[str, WinContext]:
    """Four sets and a pair, any of the sets declared (chi, pon, kan, ankan),
    a winning tile among the concealed ones and random flags."""
    sets = draw(st.lists(st.sampled_from(_SETS), min_size=4, max_size=4))
    pair = draw(st.integers(0, 33))
    melds: list[Meld] = []
    concealed: list[int] = [pair, pair]
    for shape, k in sets:
        how = draw(st.sampled_from(("hand", "hand", "meld", "kong", "ankan")))
        if shape == "chow":
            tiles = [k, k + 1, k + 2]
            if how == "meld":
                melds.append(Meld(MeldKind.CHI, tuple(tiles)))
            else:
                concealed += tiles
        elif how == "meld":
            melds.append(Meld(MeldKind.PON, (k, k, k)))
        elif how == "kong":
            melds.append(Meld(draw(st.sampled_from((MeldKind.KAN, MeldKind.KAKAN))), (k,) * 4))
        elif how == "ankan":
            melds.append(Meld(MeldKind.ANKAN, (k,) * 4))
        else:
            concealed += [k] * 3
    total = Counter(concealed)
    for m in melds:
        total.update(m.tiles)
    assume(max(total.values()) <= 4)
    win = draw(st.sampled_from(sorted(set(concealed))))
    self_drawn = draw(st.booleans())
    ctx = WinContext(
        seat=0, concealed=tuple(sorted(concealed)), win_tile=win, melds=tuple(melds), self_drawn=self_drawn,
        discarder=None if self_drawn else 1, seat_wind=draw(st.integers(0, 3)), round_wind=draw(st.integers(0, 3)),
        flowers=tuple(range(34, 34 + draw(st.integers(0, 8)))), last_tile=draw(st.booleans()),
        kong_replacement=self_drawn and draw(st.booleans()), robbed_kong=not self_drawn and draw(st.booleans()),
        fourth_tile=draw(st.booleans()), first_turn=draw(st.booleans()), first_go_around=draw(st.booleans()),
        dealer=draw(st.booleans()), ready_on_deal=draw(st.booleans()),
        instant="混杠" if draw(st.integers(0, 19)) == 0 else None,
    )
    return draw(st.sampled_from(sorted(RULE_SETS))), ctx


@settings(max_examples=1500, deadline=None)
@given(complete_hands())
def test_bound_and_refusal_on_random_complete_hands(case: tuple[str, WinContext]) -> None:
    name, ctx = case
    check(RULE_SETS[name], ctx)


# ---------------------------------------------------------------------------
# Every form: the random situations of the PyMahjongGB test
# ---------------------------------------------------------------------------

SITUATIONS = situations(N, 20261202)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_bound_and_refusal_on_random_situations(name: str) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(5)
    seen = Counter[str]()
    for s in SITUATIONS:
        got = check(rules, context(s, rng if name != "default" else None))
        if got is None:
            continue
        best, b = got
        seen["bounded" if b is not None else "no bound"] += 1
        seen["refused by the bound"] += b is not None and b < rules.options.min_fan
        seen["below the minimum"] += best < rules.options.min_fan
    # the situations reach every branch: hands with and without a bound, refused by it or not
    assert seen["no bound"] > N // 20 and seen["bounded"] > N // 2, seen
    assert seen["below the minimum"] > seen["refused by the bound"] > N // 20, seen


@pytest.mark.parametrize("minimum", [0, 1, 8, 13, 24, 64])
def test_refusal_follows_min_fan(minimum: int) -> None:
    rules = Guobiao(min_fan=minimum)
    refused = 0
    for s in SITUATIONS[:800]:
        ctx = context(s)
        check(rules, ctx)
        refused += rules.refuses_win(ctx)
    assert (refused == 0) == (minimum <= 1)


def test_no_bound_without_values_and_bad_input() -> None:
    """A table built without ``bound_values`` has no bound (the count alone
    decides); a situation the kernel cannot score gets no bound and is not
    refused (the scorer says what is wrong)."""
    t = Guobiao()._table
    plain = _mcr.Table(
        [None] * len(t.fans), [f.value for f in t.fans], [f.scope for f in t.fans], t.excludes, t.reduces,
        t.chicken, t.flowers, (0, 1), False, [(None,)] * len(t.fans), lambda i, n: None, tuple(MeldKind),
        ScoreSheet, "fan", 8, "{}",
    )
    hand = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 22, 22)
    assert _mcr.fans_bound(plain, hand, 22, (), False, False, False, False, 0, 0) is None
    # 无字 1, 门前清 2, 平和 2, a wait 1, and 一色四步高 32: nine 万 could make
    # four chows shifted by one as far as the bound knows (the best reading: 21)
    assert _mcr.fans_bound(t.kernel, hand, 22, (), False, False, False, False, 0, 0) == 1 + 2 + 2 + 1 + 32
    assert _mcr.fans_bound(t.kernel, hand[:-1], 22, (), False, False, False, False, 0, 0) is None
    ctx = WinContext(seat=0, concealed=hand[:-1], win_tile=22)
    assert not Guobiao().refuses_win(ctx)
    with pytest.raises(MahjongError):
        Guobiao().score(ctx)
    with pytest.raises(ValueError, match="one value per"):
        _mcr.Table(
            [None] * len(t.fans), [f.value for f in t.fans], [f.scope for f in t.fans], t.excludes, t.reduces,
            t.chicken, t.flowers, (0, 1), False, [(None,)] * len(t.fans), lambda i, n: None, tuple(MeldKind),
            ScoreSheet, "fan", 8, "{}", bound_values=(1, 2),
        )


def test_bound_values_are_the_tables() -> None:
    """Every fan a standard reading can count is one the bound reads, with
    the table's value (the extras and 明暗杠 only where the options have them)."""
    names = {f.zh for f in FANS if f.test is not None and f.scope & 1}
    assert names <= set(_mcr.BOUND_FANS) | {"花牌"}
    assert EXTRAS <= set(_mcr.BOUND_FANS)
    hand = (0, 0, 0, 4, 5, 6, 12, 13, 14, 20, 21, 22, 27, 27)  # one pung of 1m: 幺九刻 possible
    got = {
        name: _mcr.fans_bound(Guobiao(**opts)._kernel, hand, 4, (), False, False, False, False, 0, 0)
        for name, opts in {"default": {}, "extras": {"extras": EXTRAS}}.items()
    }
    assert got["default"] == got["extras"]  # no flag set: the extras add nothing
    flags = (True, False, True, False, 0, 0, True, False, True)  # self-drawn, last tile, 天和
    assert _mcr.fans_bound(Guobiao(extras=EXTRAS)._kernel, hand, 4, (), *flags) - _mcr.fans_bound(  # type: ignore[operator]
        Guobiao()._kernel, hand, 4, (), *flags
    ) == 168


# ---------------------------------------------------------------------------
# Bot games
# ---------------------------------------------------------------------------


class _Checked(Guobiao):
    """Guobiao asserting every win check the engine makes against the scorer."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.stats = Counter[str]()

    def refuses_win(self, ctx: WinContext) -> bool:
        got = super().refuses_win(ctx)
        best_b = check(self, ctx)
        assert best_b is not None
        best, b = best_b
        self.stats["checks"] += 1
        self.stats["refused"] += got
        self.stats["refused by the bound"] += b is not None and b < self.options.min_fan
        return got


class _Obvious(Guobiao):
    """Guobiao without the early refusal: the engine scores every win."""

    refuses_win = Ruleset.refuses_win


def _play(rules: Guobiao, bots: str, hands: int) -> list[object]:
    out: list[object] = []
    for i in range(hands):
        t = play_hand(rules, [make_bot(bots, i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
        out.append((t.events, t.deltas()))
    return out


@pytest.mark.parametrize("options", [{}, {"exclusions": "1998-literal", "mixed_kongs": "1998"}, {"min_fan": 12}])
def test_every_win_check_of_bot_games(options: dict[str, Any]) -> None:
    checked = _Checked(**options)
    for bots, hands in (("greedy", 60), ("random", 60)):
        assert _play(checked, bots, hands) == _play(_Obvious(**options), bots, hands)
    stats = checked.stats
    assert stats["checks"] > 200 and stats["refused"] > stats["checks"] // 2, stats


def test_the_bound_refuses_a_share_of_greedy_play() -> None:
    """The bound alone (no reading made) turns down a quarter of the win
    checks of greedy play at least (about a third: 230 of 634 in 100 hands)."""
    checked = _Checked()
    _play(checked, "greedy", 40)
    stats = checked.stats
    assert stats["refused by the bound"] * 4 > stats["checks"] > 150, stats
