"""营口's fast hooks against the obvious ones: the bots' discard costs
(looked up by a key read off the counts as one integer) equal the costs
counted the plain way on any counts (hypothesis) and on every turn of
seeded games; the early refusal (``refuses_win``: no legal reading, no
sheet) refuses exactly the wins the sheet refuses (but ``must_open``'s,
left to the sheet), and seeded games played without it are the same games
move for move."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hooks_reference as ref
from mahjong_core.bots import make_bot, play_hand
from mahjong_core.errors import IllegalWinError
from mahjong_core.rules import WinContext
from mahjong_core.variants.yingkou import Yingkou, _plain_costs

OPTIONS: list[dict[str, Any]] = [
    {},
    {"must_open": True, "hui": "next"},
    {"hui_as_itself": False, "shape": "one-pung-three-chows"},
    {"shape": "any", "multiple_ron": True},
]


class _Counts:
    """A stand-in table answering ``analysis_counts`` with fixed counts."""

    def __init__(self, counts: list[int]) -> None:
        self.counts = bytearray(counts)

    def analysis_counts(self, seat: int) -> tuple[bytearray, int]:
        return self.counts, 0


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_the_costs_are_the_plain_costs_on_any_counts(counts: list[int]) -> None:
    rs = Yingkou()
    got = rs.aim_discard_costs(_Counts(counts), 0)
    assert got == _plain_costs(counts) == ref.yk_aim_discard_costs(rs, _Counts(counts), 0)
    got[0] += 7  # (a fresh list each time: the table kept is not changed)
    assert rs.aim_discard_costs(_Counts(counts), 0) == _plain_costs(counts)


@pytest.mark.parametrize("counts", [
    [0] * 34,
    [1] + [0] * 33,  # one 1m: the suit once, the one 幺九 held once
    [0] * 8 + [2] + [0] * 25,  # two 9m: no 幺九 cost
    [0] * 9 + [1] * 9 + [0] * 9 + [0] * 6 + [1],  # 123456789p and 中: two 幺九 kinds held
    [0] * 33 + [1],  # 中 alone
])
def test_the_costs_on_the_edges_of_the_key(counts: list[int]) -> None:
    assert Yingkou().aim_discard_costs(_Counts(counts), 0) == _plain_costs(counts)


def plain_refuses(rs: Yingkou, ctx: WinContext) -> bool:
    """The refusal read off a fresh sheet, the ``must_open`` rule apart."""
    fresh = Yingkou(**{k: getattr(rs.options, k) for k in ("hui", "hui_as_itself", "shape", "must_open")})
    try:
        sheet = fresh.score(ctx)
    except IllegalWinError:
        return False
    problem = fresh.win_problem(ctx, sheet)
    return problem is not None and not problem.startswith("开门")


class Checked(Yingkou):
    """营口 whose costs, refusals and sheets are checked against the plain ones."""

    asked: list[bool]

    def aim_discard_costs(self, table: Any, seat: int) -> Any:
        got = super().aim_discard_costs(table, seat)
        assert got == ref.yk_aim_discard_costs(self, table, seat)
        return got

    def refuses_win(self, ctx: WinContext) -> bool:
        got = super().refuses_win(ctx)
        assert got == plain_refuses(self, ctx), ctx
        self.asked.append(got)
        return got

    def score(self, ctx: WinContext) -> Any:
        got = super().score(ctx)
        assert got == ref.yk_score(self, ctx)
        return got


@pytest.mark.parametrize("options", OPTIONS)
def test_the_hooks_agree_with_the_plain_ones_in_seeded_games(options: dict[str, Any]) -> None:
    rs = Checked(**options)
    rs.asked = []
    for bots, n in (("random", 150), ("greedy", 40)):
        for i in range(n):
            play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
    assert sum(rs.asked) > 20 and len(rs.asked) - sum(rs.asked) > 20  # refused wins, and wins


class NoRefusal(Yingkou):
    def refuses_win(self, ctx: WinContext) -> bool:
        return False


@pytest.mark.parametrize("options", OPTIONS[:2])
def test_games_without_the_early_refusal_are_the_same_games(options: dict[str, Any]) -> None:
    fast, plain = Yingkou(**options), NoRefusal(**options)
    for bots, n in (("random", 60), ("greedy", 25)):
        for i in range(n):
            got = [play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(4)], seed=i, dealer=i % 4).events
                   for rs in (fast, plain)]
            assert got[0] == got[1], (options, bots, i)
