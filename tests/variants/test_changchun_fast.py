"""长春's early refusal (refuses_win, before the score) against the
obvious way: score the hand, then ask its problem.  In seeded play the
refusal is exact (no wild, the kernel's decompositions in the context);
on paper it never refuses a hand that may win."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mahjong_core.bots import make_bot, play_hand
from mahjong_core.errors import MahjongError
from mahjong_core.rules import WinContext
from mahjong_core.variants.changchun import Changchun


def _refusals(rs: Changchun, hands: int) -> tuple[int, int]:
    counts = [0, 0]
    fast = rs.refuses_win

    def check(ctx: WinContext) -> bool:
        refused = fast(ctx)
        sheet = rs.score(ctx)  # the obvious way: score, then ask the problem
        assert refused == (rs.win_problem(ctx, sheet) is not None), ctx
        counts[refused] += 1
        return refused

    setattr(rs, "refuses_win", check)
    for bots, n in (("random", hands), ("greedy", hands // 2)):
        for i in range(n):
            play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
    return counts[0], counts[1]


@pytest.mark.parametrize("options", [
    {}, {"seven_pairs": True}, {"requirements": {"three_suits": False}},
    {"requirements": {"pung": False, "terminal": False}}, {"special_kongs": False},
])
def test_refuses_exactly_what_the_sheet_names(options: dict[str, Any]) -> None:
    kept, refused = _refusals(Changchun(**options), 160)
    assert kept > 20 and refused > 20


def test_refuses_nothing_without_requirements() -> None:
    kept, refused = _refusals(Changchun(requirements={"three_suits": False, "pung": False, "terminal": False}), 40)
    assert kept > 10 and refused == 0


_MELDS = ["chi 123m", "chi 789p", "pon 999p", "pon 777z", "ankan 5555s", "chi 456s", "pon 444m", "chi 234p"]


@st.composite
def wins(draw: st.DrawFn) -> tuple[list[int], int, list[str]]:
    melds = draw(st.lists(st.sampled_from(_MELDS), max_size=3, unique=True))
    tiles: list[int] = []
    for _ in range(4 - len(melds)):
        k = draw(st.integers(0, 33))
        tiles += [k, k + 1, k + 2] if k < 27 and k % 9 < 7 and draw(st.booleans()) else [k] * 3
    tiles += [draw(st.integers(0, 33))] * 2
    return sorted(tiles), draw(st.sampled_from(tiles)), melds


@settings(max_examples=400, deadline=None)
@given(wins(), st.booleans(), st.booleans(), st.booleans())
def test_never_refuses_a_win_on_paper(win: tuple[list[int], int, list[str]], self_drawn: bool,
                                      seven_pairs: bool, with_shape: bool) -> None:
    from mahjong_core.analysis import decompositions
    from mahjong_core.paper import build_context

    tiles, tile, melds = win
    rs = Changchun(seven_pairs=seven_pairs)
    hand = list(tiles)
    hand.remove(tile)
    try:
        ctx = build_context(rs, hand, win_tile=tile, melds=melds, discarder=None if self_drawn else 1)
    except MahjongError:
        assume(False)
        return
    if with_shape:  # (as the engine gives it: the kernel's decompositions)
        ctx = replace(ctx, decompositions=tuple(decompositions(tiles, 0, rs.hand_rules)))
    try:
        problem = rs.win_problem(ctx, rs.score(ctx))
    except MahjongError:
        return
    if rs.refuses_win(ctx):
        assert problem is not None
    elif with_shape:
        assert problem is None
