"""武汉's fast paths against their obvious versions: 将一色 / 风一色 of a
reading by its kinds (not a walk over the 34 counts), the single kongs'
last answer kept, the context keys with the engine's phase imported once."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core import patterns as v
from mahjong_core.rules import WinContext
from mahjong_core.variants import wuhan as wh
from mahjong_core.variants.wuhan import Wuhan
import hooks_reference as ref
from test_fast_hooks import play, scored_contexts


def obvious_all_of(allowed: frozenset[int], r: v.Reading) -> bool:
    return all(n == 0 or k in allowed for k, n in enumerate(r.counts))


def obvious_score(rs: Wuhan, ctx: WinContext) -> Any:
    """The score with the shape-free big hands read from the counts."""
    fans = tuple(
        v.Fan(f.zh, f.en, f.value, (lambda a: lambda r: obvious_all_of(a, r))(wh._SHAPE_FREE[f.zh]), why=f.why)
        if f.zh in wh._SHAPE_FREE else f for f in wh.BIG_HANDS)
    saved = wh.BIG_HANDS
    try:
        wh.BIG_HANDS = fans
        sheet = Wuhan.score(rs, ctx)
    finally:
        wh.BIG_HANDS = saved
    return sheet


def obvious_context_extra(rs: Wuhan, table: Any, seat: int) -> Any:
    from mahjong_core.engine import Phase

    drawn = table.phase is Phase.TURN and table.turn == seat
    return {
        "indicator": table.indicator,
        "last_four": drawn and table.live_tiles < 4,
        "laid_out": [len(table.flowers[s]) for s in range(rs.num_players)],
        "red_replacement": drawn and table.after_flower,
    }


REFS = {"score": obvious_score, "context_extra": obvious_context_extra}


@pytest.mark.parametrize("options", [{}, {"red_at_once": True, "pihu_max_laizi": 4}])
def test_wuhan_hooks_agree_with_the_obvious_ones(options: dict[str, Any]) -> None:
    seen = play(Wuhan, REFS, 300, options)
    assert sum(seen["score"].values()) > 50 and sum(seen["context_extra"].values()) > 50


def test_shape_free_hands_by_kinds_in_play() -> None:
    """Every reading of every scored hand: 将一色 and 风一色 both ways."""
    rs = Wuhan(pihu_max_laizi=4)
    got = scored_contexts(Wuhan, 200)
    readings = [r for ctx in got for r in rs._readings(ctx)]
    assert len(readings) > 100
    for r in readings:
        for zh, allowed in wh._SHAPE_FREE.items():
            assert wh._all_of(allowed)(r) == obvious_all_of(allowed, r), (zh, r.counts)
    del rs


def _assert_as_obvious(rs: Wuhan, ctx: WinContext) -> None:
    """Every reading's 将一色/风一色 test and the whole sheet (or its error)
    as the obvious versions give them."""
    for r in rs._readings(ctx):
        for allowed in wh._SHAPE_FREE.values():
            assert wh._all_of(allowed)(r) == obvious_all_of(allowed, r)
    assert ref.outcome(lambda: rs.score(ctx)) == ref.outcome(lambda: obvious_score(rs, ctx))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(sorted(wh.RANKS_258 | wh.HONOURS) + [0, 13, 33]), min_size=14, max_size=14),
       st.integers(0, 33))
def test_shape_free_hands_by_kinds_on_paper(tiles: list[int], indicator: int) -> None:
    from hypothesis import assume

    assume(all(tiles.count(k) <= 4 for k in tiles))
    rs = Wuhan()
    hand = sorted(tiles)
    tile = hand.pop()
    ctx = ref.paper_context(rs, hand, tile, melds=(), discarder=1, context={"indicator": indicator})
    _assert_as_obvious(rs, ctx)


_NEAR = sorted(wh.RANKS_258 | wh.HONOURS) + [0, 3, 13, 22, 33]
"""The shape-free hands' kinds, and a few others."""


@st.composite
def pung_hands(draw: st.DrawFn) -> tuple[list[int], int, int]:
    """Four pungs and a pair of 2-5-8s or honours, now and then one of
    another kind, and an indicator (its 赖子 often held)."""
    tiles: list[int] = []
    for _ in range(4):
        tiles += [draw(st.sampled_from(_NEAR))] * 3
    tiles += [draw(st.sampled_from(_NEAR))] * 2
    indicator = draw(st.integers(0, 33))
    laizi = wh.next_laizi(indicator)
    for i in draw(st.lists(st.integers(0, 13), max_size=2, unique=True)):
        tiles[i] = laizi
    return sorted(tiles), draw(st.sampled_from(tiles)), indicator


@settings(max_examples=300, deadline=None)
@given(pung_hands(), st.sampled_from([[], ["pon 222m"], ["pon 111z", "pon 888p"], ["pon 111m"]]))
def test_shape_free_big_hands_of_pung_hands(win: tuple[list[int], int, int], melds: list[str]) -> None:
    from hypothesis import assume

    tiles, tile, indicator = win
    tiles = tiles[3 * len(melds):] if tile not in tiles[:3 * len(melds)] else tiles[:len(tiles) - 3 * len(melds)]
    assume(tile in tiles)
    rs = Wuhan(pihu_max_laizi=4)
    hand = list(tiles)
    hand.remove(tile)
    ctx = ref.paper_context(rs, hand, tile, melds=melds, discarder=1, context={"indicator": indicator})
    _assert_as_obvious(rs, ctx)


def test_shape_free_big_hands_of_examples() -> None:
    from mahjong_core.paper import build_context
    from mahjong_core.tiles import parse_tile, parse_tiles

    rs = Wuhan()
    for tiles, win, melds, names in (
        ("222m555p888s55s", "5s", ["pon 111p"], ["碰碰胡"]),
        ("222m555p888s55s", "5s", ["pon 222p"], ["碰碰胡", "将一色"]),
        ("111z222z333z66z", "6z", ["pon 555z"], ["碰碰胡", "风一色"]),
        ("111z222z333z66z", "6z", ["pon 555m"], ["碰碰胡"]),
    ):
        hand = parse_tiles(tiles)
        hand.remove(parse_tile(win))
        ctx = build_context(rs, hand, win_tile=win, melds=melds, discarder=1, context={"indicator": "9s"})
        assert rs.score(ctx) == obvious_score(rs, ctx)
        assert rs.score(ctx).names() == names, tiles


def test_single_kongs_follow_the_wild_kinds() -> None:
    from types import SimpleNamespace

    for red_at_once in (False, True):
        rs = Wuhan(red_at_once=red_at_once)
        for k in (5, 5, 20, 5, 31):
            table = SimpleNamespace(wild_kinds=frozenset({k}))
            want = frozenset({k}) if red_at_once else frozenset({k, wh.RED})
            assert rs.single_kong_kinds(table, 0) == want == rs.single_kong_kinds(table, 1)
        assert rs.single_kong_kinds(SimpleNamespace(), 0) == (frozenset() if red_at_once else frozenset({wh.RED}))
