"""福建百搭's score against its obvious version: each reading's 番 by the
table's entries added directly, 无百搭 (wilds_as_other) asked only of a
reading that could still beat the best, against the whole table matched
for every reading; in seeded play under several options and on paper."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mahjong_core import patterns as v
from mahjong_core.rules import ScoreSheet, WinContext
from mahjong_core.variants import fujian_baida as fj
from mahjong_core.variants.fujian_baida import FujianBaida
import hooks_reference as ref
from test_fast_hooks import play, scored_contexts


def obvious_score(rs: FujianBaida, ctx: WinContext) -> ScoreSheet:
    best: tuple[int, v.Reading] | None = None
    for r in rs._readings(ctx):
        fan = sum(f.value * n for f, n in v.matching(fj.FAN_TABLE, r))
        if best is None or fan > best[0]:
            best = (fan, r)
    assert best is not None
    items = [f.item(best[1], n) for f, n in v.matching(fj.FAN_TABLE + fj.WIN_FANS, best[1])]
    items.sort(key=lambda it: fj._ORDER.get(it.zh, 99))
    fan = sum(it.total for it in items)
    o = rs.options
    counted = min(fan, o.cap)
    notes = [f"{o.base} × 2^{counted} = {o.base * 2 ** counted}"]
    if counted < fan:
        notes.insert(0, f"{fan} 番 capped at {o.cap}")
    return ScoreSheet(items=tuple(items), total=fan, unit="番", points=o.base * 2 ** counted, notes=tuple(notes))


@pytest.mark.parametrize("options", [{}, {"stand_ins": 4, "cap": 3}, {"mode": "daidi"}])
def test_sheets_in_play_are_the_obvious_ones(options: dict[str, Any]) -> None:
    seen = play(FujianBaida, {"score": obvious_score}, 240, options)
    assert sum(seen["score"].values()) > 50


@st.composite
def wins(draw: st.DrawFn) -> tuple[list[int], int, int]:
    """Four sets and a pair or seven pairs, often of one suit and honours,
    with the 百搭 kind and 白板 sprinkled in."""
    indicator = draw(st.integers(0, 33))
    suit = draw(st.integers(0, 2))
    kinds = st.one_of(st.integers(suit * 9, suit * 9 + 8), st.integers(27, 33), st.integers(0, 33))
    tiles: list[int] = []
    if draw(st.booleans()):
        for _ in range(4):
            k = draw(kinds)
            tiles += [k, k + 1, k + 2] if k < 27 and k % 9 < 7 and draw(st.booleans()) else [k] * 3
        tiles += [draw(kinds)] * 2
    else:
        for _ in range(7):
            tiles += [draw(kinds)] * 2
    for i in draw(st.lists(st.integers(0, 13), max_size=4, unique=True)):
        tiles[i] = draw(st.sampled_from([indicator, fj.WHITE]))
    return sorted(tiles), draw(st.sampled_from(tiles)), indicator


@settings(max_examples=300, deadline=None)
@given(wins(), st.booleans(), st.sampled_from([{}, {"stand_ins": 4}, {"mode": "daidi"}]))
def test_sheets_on_paper_are_the_obvious_ones(win: tuple[list[int], int, int], self_drawn: bool,
                                              options: dict[str, Any]) -> None:

    tiles, tile, indicator = win
    assume(all(tiles.count(k) <= 4 for k in tiles))
    rs = FujianBaida(**options)
    hand = list(tiles)
    hand.remove(tile)
    ctx = ref.paper_context(rs, hand, tile, discarder=None if self_drawn else 1, context={"indicator": indicator})
    assert ref.outcome(lambda: rs.score(ctx)) == ref.outcome(lambda: obvious_score(rs, ctx))


def test_shape_fans_of_every_reading_in_play() -> None:
    """_shape_fan plus 无百搭 is the table's sum, reading by reading."""
    got = scored_contexts(FujianBaida, 200)
    rs = FujianBaida()
    n = 0
    for ctx in got:
        for r in rs._readings(ctx):
            want = sum(f.value * k for f, k in v.matching(fj.FAN_TABLE, r))
            assert fj._shape_fan(r) + (fj._NATURAL if r.is_natural else 0) == want
            n += 1
    assert n > 100
