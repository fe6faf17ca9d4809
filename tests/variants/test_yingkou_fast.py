"""营口 at speed against the plain way: the bots' discard costs (looked
up by a key read off the counts as one integer) against the costs counted
plainly, on any counts (hypothesis) and on every turn of seeded greedy
games; the early refusal of a win from the kernel's decompositions
(``_breaks_a_rule``) against :func:`reading_problem` of the readings, on
random winning hands (hypothesis) and on every win checked in seeded
games."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import hooks_reference as ref
from mahjong_core import patterns as v
from mahjong_core.analysis import Form, decompositions
from mahjong_core.bots import make_bot, play_hand
from mahjong_core.rules import WinContext
from mahjong_core.tiles import Meld, MeldKind
from mahjong_core.variants.yingkou import (
    Shape258, Yingkou, _breaks_a_rule, _plain_costs, hand_rules_for, hui_kinds, reading_problem,
)

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
    assert list(got) == _plain_costs(counts) == ref.yk_aim_discard_costs(rs, _Counts(counts), 0)
    assert type(got) is bytes  # (the costs kept, immutable: no caller changes them; the kernel reads them in place)
    assert list(rs.aim_discard_costs(_Counts(counts), 0)) == _plain_costs(counts)


@pytest.mark.parametrize("counts", [
    [0] * 34,
    [1] + [0] * 33,  # one 1m: the suit once, the one 幺九 held once
    [0] * 8 + [2] + [0] * 25,  # two 9m: no 幺九 cost
    [0] * 9 + [1] * 9 + [0] * 9 + [0] * 6 + [1],  # 123456789p and 中: two 幺九 kinds held
    [0] * 33 + [1],  # 中 alone
])
def test_the_costs_on_the_edges_of_the_key(counts: list[int]) -> None:
    assert list(Yingkou().aim_discard_costs(_Counts(counts), 0)) == _plain_costs(counts)


class Checked(Yingkou):
    """营口 whose costs are checked against the plain ones."""

    asked = 0

    def aim_discard_costs(self, table: Any, seat: int) -> Any:
        got = super().aim_discard_costs(table, seat)
        assert list(got) == ref.yk_aim_discard_costs(self, table, seat)
        type(self).asked += 1
        return got


@pytest.mark.parametrize("options", OPTIONS)
def test_the_costs_agree_with_the_plain_ones_in_seeded_games(options: dict[str, Any]) -> None:
    Checked.asked = 0
    rs = Checked(**options)
    for i in range(30):
        play_hand(rs, [make_bot("greedy", i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
    assert Checked.asked > 500


@st.composite
def _winning_hands(draw: st.DrawFn) -> tuple[list[int], int, tuple[Meld, ...], frozenset[int]]:
    """Four sets and a pair (up to three sets declared), then the 会: the
    tiles of its kind held, and up to three tiles chosen to be 会 instead
    (the 会 kind's tiles, four at most): the concealed kinds, the 会
    count, the melds and the 会 kinds."""
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[Meld] = []
    n_melds = draw(st.integers(0, 3))
    for i in range(5):
        if i == 4:
            k = draw(st.integers(0, 33))
            tiles = [k, k]
        elif draw(st.booleans()):
            k = draw(st.integers(0, 26).filter(lambda k: k % 9 < 7))
            tiles = [k, k + 1, k + 2]
        else:
            k = draw(st.integers(0, 33))
            tiles = [k] * 3
        for t in tiles:
            counts[t] += 1
        if i < n_melds:
            melds.append(Meld(MeldKind.CHI if len(set(tiles)) == 3 else MeldKind.PON, tuple(tiles)))
        else:
            concealed += tiles
    assume(max(counts) <= 4)
    hui = draw(st.integers(0, 33))
    wilds = concealed.count(hui)
    concealed = [t for t in concealed if t != hui]
    for i in draw(st.lists(st.integers(0, 13), max_size=3)):
        if concealed:
            concealed.pop(i % len(concealed))
            wilds += 1
    assume(counts[hui] - concealed.count(hui) + wilds <= 4 and (concealed or wilds))
    return concealed, wilds, tuple(melds), frozenset({hui})


@pytest.mark.parametrize("shape", list(Shape258))
@pytest.mark.parametrize("as_itself", [True, False])
@given(hand=_winning_hands())
def test_a_decomposition_breaks_a_rule_as_its_reading_does(
    hand: tuple[list[int], int, tuple[Meld, ...], frozenset[int]], shape: Shape258, as_itself: bool,
) -> None:
    concealed, wilds, melds, wild_kinds = hand
    rules = hand_rules_for(wild_kinds, as_itself)
    hui = hui_kinds(wild_kinds, as_itself)
    for d in decompositions(concealed, wilds=wilds, rules=rules):
        got = _breaks_a_rule(d.units, melds, shape, hui)
        ctx = WinContext(seat=0, concealed=tuple(sorted(concealed)), win_tile=-1, melds=melds, wilds=wilds,
                         wild_kinds=wild_kinds, decompositions=(d,))
        problems = {reading_problem(r, shape, hui) is not None for r in v.readings(ctx, rules)}
        assert d.form is Form.STANDARD
        if got is None:  # (left to the readings: a unit of 会 alone, read several ways)
            assert any(shape_ > 2 for shape_, _, _ in d.units)
        else:  # (a rule broken by a unit read one way only is broken by every reading)
            assert problems == {got}


class RefusalChecked(Yingkou):
    """营口 whose early refusal is checked against the readings' answer."""

    refused = kept = 0

    def refuses_win(self, ctx: WinContext) -> bool:
        got = super().refuses_win(ctx)
        self._memo = None
        readings, problems = self._read(ctx)
        plain = None not in problems or (
            self.options.must_open and v.claimed_melds(readings[problems.index(None)]) == 0)
        assert got == plain, ctx
        if got:
            type(self).refused += 1
        else:
            type(self).kept += 1
        return got


@pytest.mark.parametrize("options", OPTIONS)
def test_the_early_refusal_agrees_with_the_readings_in_seeded_games(options: dict[str, Any]) -> None:
    RefusalChecked.refused = RefusalChecked.kept = 0
    rs = RefusalChecked(**options)
    for i in range(60):
        play_hand(rs, [make_bot("greedy", i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
    assert RefusalChecked.refused > 30 and RefusalChecked.kept > 30
