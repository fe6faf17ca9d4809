"""洛书's fast hooks against the obvious ones: the bots' discard costs
(per-suit rows and joined readings, numbered), the waits (one number per
suit) and the ready test (no whole suit, no ready discard) answer as the
plain reading does on any counts (hypothesis), and seeded games played
with the plain hooks are the same games move for move."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.bots import make_bot, play_hand
from mahjong_core.variants.luoshu import (
    KINDS, Luoshu, is_luoshu_win, luoshu_discard_costs, luoshu_discard_shanten, luoshu_ready_discard, luoshu_ready_kinds,
    luoshu_shanten, luoshu_waits,
)
from test_luoshu import direct_shanten

ORDER = sorted(KINDS)


def plain_waits(counts: Sequence[int], mixed: bool) -> int:
    """is_luoshu_win asked of every kind with fewer than four copies."""
    c = list(counts)
    out = 0
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            if is_luoshu_win(c, mixed):
                out |= 1 << k
            c[k] -= 1
    return out


def plain_ready(counts: Sequence[int], mixed: bool) -> bool:
    """Some discard leaves waits (plain_waits)."""
    c = list(counts)
    for k in range(34):
        if c[k]:
            c[k] -= 1
            w = plain_waits(c, mixed)
            c[k] += 1
            if w:
                return True
    return False


def plain_shanten_after(counts: Sequence[int], sets: int, mixed: bool) -> list[int | None]:
    """direct_shanten (no caches) after each discard."""
    c = list(counts)
    out: list[int | None] = []
    for k in range(34):
        if c[k]:
            c[k] -= 1
            out.append(direct_shanten(c, sets, mixed))
            c[k] += 1
        else:
            out.append(None)
    return out


@st.composite
def hands(draw: Any, sizes: tuple[int, ...]) -> list[int]:
    """Counts of a 洛书 hand of one of ``sizes`` tiles, at most four of a
    kind; often bunched in one suit or the 将头 tiles (where sets form)."""
    size = draw(st.sampled_from(sizes))
    pool = draw(st.sampled_from([ORDER, list(range(9)), list(range(18, 27)) + [27, 31, 33], [27, 28, 29, 30, 31, 33]]))
    tiles = draw(st.lists(st.sampled_from(pool + ORDER), min_size=size, max_size=size))
    c = [0] * 34
    for k in tiles:
        if c[k] < 4:
            c[k] += 1
    return c


@settings(max_examples=300, deadline=None)
@given(hands((2, 5, 8, 11, 14)), st.booleans(), st.integers(1, 4))
def test_the_discard_costs_are_the_plain_shanten_after_each_discard(c: list[int], mixed: bool, sets: int) -> None:
    plain = plain_shanten_after(c, sets, mixed)
    assert luoshu_discard_shanten(bytearray(c), sets, mixed) == plain
    assert list(luoshu_discard_costs(c, sets, mixed)) == [0 if sh is None else 40 * (sh + 1) for sh in plain]
    assert luoshu_shanten(c, sets, mixed) == direct_shanten(c, sets, mixed)


@settings(max_examples=300, deadline=None)
@given(hands((1, 4, 7, 10, 13)), st.booleans())
def test_the_waits_are_the_plain_waits(c: list[int], mixed: bool) -> None:
    assert luoshu_waits(bytearray(c), mixed) == plain_waits(c, mixed)


@settings(max_examples=300, deadline=None)
@given(hands((2, 5, 8, 11, 14)), st.booleans())
def test_the_ready_test_is_the_plain_one(c: list[int], mixed: bool) -> None:
    ready = plain_ready(c, mixed)
    assert luoshu_ready_discard(bytearray(c), mixed) == ready
    assert (luoshu_ready_kinds(c, mixed) != 0) == ready


def test_the_costs_stay_the_same_when_the_tables_are_emptied(monkeypatch: pytest.MonkeyPatch) -> None:
    """With room for only a few segments (emptied again and again), the
    costs of seeded greedy play are those of the full tables."""
    import mahjong_core.variants.luoshu as luoshu

    asked: list[tuple[bytes, int]] = []

    class Asking(Luoshu):
        def aim_discard_costs(self, table: Any, seat: int) -> Sequence[int]:
            asked.append((bytes(table.hands[seat]), 4 - len(table.melds[seat])))
            return super().aim_discard_costs(table, seat)

    for i in range(5):
        play_hand(Asking(), [make_bot("greedy", i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
    full = [luoshu_discard_costs(c, sets) for c, sets in asked]
    monkeypatch.setattr(luoshu, "_CACHE_CAP", 4)
    luoshu._SEGMENTS.clear()
    luoshu._SEGMENTS_BY_GROUPS.clear()
    assert [luoshu_discard_costs(c, sets) for c, sets in asked] == full
    assert len(luoshu._SEGMENTS) <= 4 and len(luoshu._SEGMENTS_BY_GROUPS) <= 4
    assert len(asked) > 100


class PlainLuoshu(Luoshu):
    """洛书 with the obvious hooks (no tables, no caches of the fast paths)."""

    def shape_free_waits(self, table: Any, seat: int, counts: Sequence[int]) -> int:
        return plain_waits(counts, self.options.jiang_mixed)

    def shape_free_ready(self, table: Any, seat: int, counts: Sequence[int]) -> bool:
        return plain_ready(counts, self.options.jiang_mixed)

    def aim_discard_costs(self, table: Any, seat: int) -> Sequence[int]:
        sets = 4 - len(table.melds[seat])
        return [0 if sh is None else 40 * (sh + 1)
                for sh in plain_shanten_after(table.hands[seat], sets, self.options.jiang_mixed)]


def test_games_with_the_plain_hooks_are_the_same_games() -> None:
    """Seeded hands of random and greedy bots (seeds as bench/rates.py),
    both 将头 options: the same events, move for move."""
    for mixed in (True, False):
        fast, plain = Luoshu(jiang_mixed=mixed), PlainLuoshu(jiang_mixed=mixed)
        for bots, n in (("random", 30), ("greedy", 30)):
            for i in range(n):
                got = [play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(4)], seed=i, dealer=i % 4).events
                       for rs in (fast, plain)]
                assert got[0] == got[1], (mixed, bots, i)


def plain_front(readings: set[tuple[int, int, int]]) -> frozenset[tuple[int, int, int]]:
    """The (sets, partial sets, pair) readings no other reading beats in all three."""
    return frozenset(r for r in readings if not any(o != r and all(a >= b for a, b in zip(o, r)) for o in readings))


@given(st.sets(st.tuples(st.integers(0, 5), st.integers(0, 6), st.integers(0, 1)), min_size=1, max_size=40))
def test_the_numbered_readings_are_the_plain_front(readings: set[tuple[int, int, int]]) -> None:
    import mahjong_core.variants.luoshu as luoshu

    assert luoshu._READINGS[luoshu._reading_id(readings)] == plain_front(readings)


def test_three_groups_joined_two_first_are_the_plain_join() -> None:
    """_others (two groups joined, their best readings kept, then the
    third) equals the best readings of the three joined at once, for the
    readings of every suit of up to six tiles and of the 将头 tiles."""
    import itertools

    import mahjong_core.variants.luoshu as luoshu

    ids = set()
    for c in itertools.product(range(3), repeat=9):
        if sum(c) <= 6:
            ids.add(luoshu._suit_reading_id(luoshu._suit_options(c)))
    for j in range(9):
        ids.add(luoshu._jiang_reading_id([0] * 27 + [j, 0, 0, 0, 0, 0, 0], True))
    ids_sorted = sorted(ids)
    rng = random.Random(5)
    for _ in range(400):
        x, y, z = (rng.choice(ids_sorted) for _ in range(3))
        joined = {(a + d + g, b + e + h, max(c, f, i)) for a, b, c in luoshu._READINGS[x]
                  for d, e, f in luoshu._READINGS[y] for g, h, i in luoshu._READINGS[z]}
        assert luoshu._READINGS[luoshu._others(x, y, z)] == plain_front(joined), (x, y, z)
    assert len(ids) >= 15


def test_the_suit_readings_are_the_plain_search_on_every_small_suit() -> None:
    """_suit_options (raised readings and fronts looked up) equals the plain
    recursive search on every suit of up to nine tiles."""
    import itertools

    from mahjong_core.variants.luoshu import _suit_options
    from test_luoshu import reference_suit_options

    n = 0
    for c in itertools.product(range(5), repeat=9):
        if sum(c) <= 9:
            assert _suit_options(c) == reference_suit_options(c), c
            n += 1
    assert n == 42185
