"""南昌's fast paths against their obvious versions: the score (each
reading's 倍 by its form, 德国 asked only of a reading that could still be
the best), the 精分 on the table and the bots' aim, in many seeded hands
with random and greedy bots under several options, and on hands on paper."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core import patterns as v
from mahjong_core.errors import MahjongError
from mahjong_core.rules import ScoreSheet, WinContext
from mahjong_core.variants import nanchang as nc
from mahjong_core.variants.nanchang import Nanchang
import hooks_reference as ref
from test_fast_hooks import play


def obvious_score(rs: Nanchang, ctx: WinContext) -> ScoreSheet:
    """The score as first written: every reading's 倍 from the whole table."""
    found = rs._readings(ctx)
    top: tuple[int, v.Reading] | None = None
    for r in found:
        val = 1
        for f, n in v.matching(nc.HAND_FANS, r):
            val *= f.value ** n
        if top is None or val > top[0]:
            top = (val, r)
    assert top is not None
    items = [f.item(top[1], n) for f, n in v.matching(nc.HAND_FANS + nc.WIN_FANS, top[1])]
    items.sort(key=lambda it: nc._ORDER.get(it.zh, 99))
    total = 1
    for it in items:
        total *= it.value ** it.count
    return ScoreSheet(items=tuple(items), total=total, unit="倍", points=rs.options.base * total,
                      notes=(f"{' × '.join(str(it.value) for it in items)} = {total} 倍; "
                             f"points = {rs.options.base} × {total}",))


def obvious_table_jing(rs: Nanchang, table: Any) -> list[int]:
    out = [0] * rs.num_players
    if table.indicator is None:
        return out
    disc = rs.options.jing_counted is nc.JingCounted.HAND_AND_DISCARDS
    for s in range(rs.num_players):
        for k in set(nc.jing_for_indicator(table.indicator)):
            n = table.hands[s][k] + (table.discards[s].count(k) if disc else 0)
            out[s] += n * rs.jing_value(k, table.indicator)
    return out


def obvious_aim_rules(rs: Nanchang, table: Any, seat: int) -> Any:
    counts, _ = table.analysis_counts(seat)
    if table.melds[seat] or sum(1 for c in counts if c) < 10:
        return nc._AIM_RULES
    return rs.hand_rules


REFS = {"score": obvious_score, "table_jing": obvious_table_jing, "aim_rules": obvious_aim_rules}


class EveryOfferScored(Nanchang):
    refuses_win_exact = False  # (each win offered is scored, taken or not: more sheets checked)


@pytest.mark.parametrize("options", [{}, {"fu_jing": False}, {"jing_counted": "hand", "base": 3}])
def test_nanchang_hooks_agree_with_the_obvious_ones(options: dict[str, Any]) -> None:
    seen = play(EveryOfferScored, REFS, 240, options)
    assert sum(seen["score"].values()) > 150  # (every sheet of a win offered)
    assert seen["aim_rules"][True] > 1000 and seen["table_jing"][True]


def test_sheets_of_hands_with_many_jing() -> None:
    """Readings that tie and differ: 碰碰胡 with a 精 standing for another
    kind (2) against a natural 平胡 (德国, 2), 七对 against pungs, 十三烂."""
    rs = Nanchang()
    hands = [  # (indicator 2m: 精 3m and 4m)
        ("111p222s333z44z3m4m5m", "5m", "2m"),
        ("111p222s777z44z6z3m3m", "6z", "2m"),
        ("11m22p33s44z55z6z7z3m4m", "7z", "2m"),
        ("147m258p369s1234z5z", "5z", "2m"),
        ("147m258p369s12345z", "5z", "8s"),
        ("3m4m3m4m111p222s33z55s", "5s", "2m"),
        ("123m456p789s3m4m11z5p", "5p", "2m"),
        ("123m456p789s3m4m11z5p", "5p", "6z"),
    ]
    from mahjong_core.paper import build_context

    for tiles, win, indicator in hands:
        for discarder in (None, 2):
            ctx = build_context(rs, _without(tiles, win), win_tile=win, discarder=discarder,
                                context={"indicator": indicator})
            got = ref.outcome(lambda: rs.score(ctx))
            assert got == ref.outcome(lambda: obvious_score(rs, ctx)), tiles
            assert got is not MahjongError


def _without(tiles: str, win: str) -> list[int]:
    from mahjong_core.tiles import parse_tile, parse_tiles

    ids = parse_tiles(tiles)
    ids.remove(parse_tile(win))
    return ids


@st.composite
def wins(draw: st.DrawFn) -> tuple[list[int], int, int]:
    """Four sets (honour chows too) and a pair, or seven pairs, or 十三烂
    singles, with the 精 kinds of the indicator sprinkled in."""
    indicator = draw(st.integers(0, 33))
    zheng, fu = nc.jing_for_indicator(indicator)
    form = draw(st.sampled_from(["sets", "pairs", "singles"]))
    tiles: list[int] = []
    if form == "sets":
        for _ in range(4):
            k = draw(st.integers(0, 33))
            tiles += [k, k + 1, k + 2] if k < 27 and k % 9 < 7 and draw(st.booleans()) else [k] * 3
        tiles += [draw(st.integers(0, 33))] * 2
    elif form == "pairs":
        for _ in range(7):
            tiles += [draw(st.integers(0, 33))] * 2
    else:
        tiles = draw(st.lists(st.integers(0, 33), min_size=14, max_size=14, unique=True))
    for i in draw(st.lists(st.integers(0, 13), max_size=4, unique=True)):
        tiles[i] = draw(st.sampled_from([zheng, fu]))
    return sorted(tiles), draw(st.sampled_from(tiles)), indicator


@settings(max_examples=300, deadline=None)
@given(wins(), st.booleans(), st.booleans())
def test_sheets_on_paper(win: tuple[list[int], int, int], self_drawn: bool, fu_jing: bool) -> None:
    from hypothesis import assume

    tiles, tile, indicator = win
    assume(all(tiles.count(k) <= 4 for k in tiles))
    rs = Nanchang(fu_jing=fu_jing)
    hand = list(tiles)
    hand.remove(tile)
    ctx = ref.paper_context(rs, hand, tile, discarder=None if self_drawn else 1, context={"indicator": indicator})
    assert ref.outcome(lambda: rs.score(ctx)) == ref.outcome(lambda: obvious_score(rs, ctx))
