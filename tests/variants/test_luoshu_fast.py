"""洛书's fast hooks against the obvious ones: the bots' discard costs
(the core's block values of each suit under the 15-sum sets), the waits (one number per
suit) and the ready test (no whole suit, no ready discard) answer as the
plain reading does on any counts (hypothesis), and seeded games played
with the plain hooks are the same games move for move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.bots import make_bot, play_hand
from mahjong_core.variants.luoshu import (
    COST_WEIGHT, KINDS, Luoshu, is_luoshu_win, luoshu_discard_costs, luoshu_discard_shanten, luoshu_ready_discard, luoshu_ready_kinds,
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
    assert list(luoshu_discard_costs(c, sets, mixed)) == [0 if sh is None else COST_WEIGHT * (sh + 1) for sh in plain]
    assert luoshu_shanten(c, sets, mixed) == direct_shanten(c, sets, mixed)


def test_a_hand_holding_fa_is_ready_only_by_its_discard() -> None:
    """发 (never dealt in 洛书, but the hooks take any counts): the hand
    waits once it goes, never while it stays."""
    from mahjong_core.tiles import counts_of, parse_tiles

    rs = Luoshu()
    for tiles, ready in (("159m267p348s55m12z6z", True), ("159m267p348s55m16z9s", False), ("159m267p348s5m12z66z", False)):
        c = bytearray(counts_of(parse_tiles(tiles)))
        assert rs.shape_free_ready(None, 0, c) is ready == plain_ready(c, True), tiles  # type: ignore[arg-type]
        assert luoshu_discard_shanten(c)[32] == luoshu_shanten(c[:32] + b"\0" + c[33:]), tiles


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


class PlainLuoshu(Luoshu):
    """洛书 with the obvious hooks (no tables, no caches of the fast paths)."""

    def shape_free_waits(self, table: Any, seat: int, counts: Sequence[int]) -> int:
        return plain_waits(counts, self.options.jiang_mixed)

    def shape_free_ready(self, table: Any, seat: int, counts: Sequence[int]) -> bool:
        return plain_ready(counts, self.options.jiang_mixed)

    def aim_discard_costs(self, table: Any, seat: int) -> Sequence[int]:
        sets = 4 - len(table.melds[seat])
        return [0 if sh is None else COST_WEIGHT * (sh + 1)
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


def formula_shanten(readings: set[tuple[int, int, int]], sets: int) -> int:
    """The 洛书 count over whole-hand readings (sets, partial sets, pair)."""
    best = 99
    for t, p, q in readings:
        t = min(t, sets)
        best = min(best, 2 * sets - 2 * t - min(p, sets - t) - q)
    return best


readings_sets = st.sets(st.tuples(st.integers(0, 4), st.integers(0, 5), st.integers(0, 1)), min_size=1, max_size=12)


@settings(max_examples=300, deadline=None)
@given(st.lists(readings_sets, min_size=1, max_size=4), st.integers(0, 4))
def test_block_values_joined_are_the_count_over_joined_readings(groups: list[set[tuple[int, int, int]]], sets: int) -> None:
    """Each group's readings as block values (_values; a reading with no
    pair may stand as read, every group may also read as nothing), joined
    by the core, give the count over every choice of one reading a group,
    the pair counted once: what the old numbered readings computed."""
    import itertools

    from mahjong_core import _native
    from mahjong_core.variants.luoshu import _values

    groups = [g | {(0, 0, 0)} for g in groups]  # (a group's tiles may always go unused)
    joined = {(sum(r[0] for r in combo), sum(r[1] for r in combo), max(r[2] for r in combo))
              for combo in itertools.product(*groups)}
    rows = [_values(g) * 2 for g in groups]  # (held, and one kind "less one tile" read the same)
    rows += [(bytes(5) + b"\xff" * 5) * 2] * (34 - len(groups))  # (empty parts of one kind each, to cover 34 kinds)
    expect = formula_shanten(joined, sets)
    assert _native.parts_shanten(rows, sets) == expect
    assert set(_native.parts_discard_needs(rows, sets)) == {expect + 1}


def test_the_suit_readings_are_the_plain_search_on_every_small_suit() -> None:
    """The core's block values under the 15-sum sets (the bots' costs and
    shanten) are those of the plain recursive search's readings, on every
    suit of up to nine tiles."""
    import itertools

    from mahjong_core.variants.luoshu import _SUITS, _values
    from test_luoshu import reference_suit_options

    n = 0
    for c in itertools.product(range(5), repeat=9):
        if sum(c) <= 9:
            assert _SUITS.values(bytes(c)) == _values((t, p, 0) for t, p in reference_suit_options(c)), c
            n += 1
    assert n == 42185
