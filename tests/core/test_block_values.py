"""The core's block values (``_native.SuitSets``, ``parts_shanten``,
``parts_discard_needs``) against slow, obvious readings: every way to cut
a suit's tiles into sets, partial sets, a pair and loose tiles, scored
tile by tile; every way to spend the blocks over the parts and to place
the one pair.  Set tables are drawn at random (hypothesis), not only the
ones a rule set uses."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core import _native
from mahjong_core.errors import InvalidHandError

ALL_TRIPLES = sorted({tuple(sorted(t)) for t in itertools.product(range(1, 10), repeat=3)})
CHOWS_PUNGS = [(n, n, n) for n in range(1, 10)] + [(n, n + 1, n + 2) for n in range(1, 8)]
NONE = 255


def cuts(c: list[int], triples: Sequence[tuple[int, ...]], pairs: bool) -> set[tuple[int, int, int]]:
    """Every (sets, partial sets, pair) a suit's counts can be cut into
    (loose tiles left over), by plain recursion on the lowest tile."""
    return set(_cuts(tuple(c), tuple(sorted(triples)), pairs))


@functools.lru_cache(maxsize=None)
def _cuts(c: tuple[int, ...], triples: tuple[tuple[int, ...], ...], pairs: bool) -> frozenset[tuple[int, int, int]]:
    i = next((k for k in range(9) if c[k]), None)
    if i is None:
        return frozenset({(0, 0, 0)})
    out: set[tuple[int, int, int]] = set()
    loose = list(c)
    loose[i] -= 1
    out |= _cuts(tuple(loose), triples, pairs)
    partials = {(t[a], t[b]) for t in triples for a, b in ((0, 1), (0, 2), (1, 2))}
    groups: list[tuple[tuple[int, ...], tuple[int, int, int]]] = []
    groups += [(t, (1, 0, 0)) for t in triples if t[0] == i + 1]
    groups += [(p, (0, 1, 0)) for p in sorted(partials) if p[0] == i + 1]
    if pairs:
        groups.append(((i + 1, i + 1), (0, 0, 1)))
    for tiles, (dt, dp, dq) in groups:
        rest = list(c)
        for n in tiles:
            rest[n - 1] -= 1
        if min(rest) >= 0:
            out |= {(t + dt, p + dp, q + dq) for t, p, q in _cuts(tuple(rest), triples, pairs) if q + dq <= 1}
    return frozenset(out)


def values_of(readings: set[tuple[int, int, int]]) -> list[int]:
    """Block values: the most points in at most u blocks, sets first."""
    v = [-1] * 10
    for t, p, q in readings:
        for u in range(5):
            x = 2 * min(t, u) + min(p, u - min(t, u)) + q
            v[5 * q + u] = max(v[5 * q + u], x)
        if q:  # (a reading with the pair also reads without it)
            for u in range(5):
                v[u] = max(v[u], 2 * min(t, u) + min(p, u - min(t, u)))
    return [NONE if x < 0 else x for x in v]


@functools.lru_cache(maxsize=None)
def spendings(n: int, most: int) -> list[tuple[int, ...]]:
    """Every n blocks counts adding up to at most ``most``."""
    if n == 0:
        return [()]
    return [(u, *rest) for u in range(most + 1) for rest in spendings(n - 1, most - u)]


def join_shanten(parts: Sequence[Sequence[int]], sets: int) -> int:
    """2·sets less the best total over every spending of blocks and pair."""
    best = -1
    for us in spendings(len(parts), sets):
        for pair in [None, *range(len(parts))]:
            total = 0
            for p, (v, u) in enumerate(zip(parts, us)):
                x = v[5 * (p == pair) + u]
                if x == NONE:
                    break
                total += x
            else:
                best = max(best, total)
    return max(-1, 2 * sets - best)  # (a complete hand at best)


triple_tables = st.lists(st.sampled_from(ALL_TRIPLES), min_size=1, max_size=14, unique=True)


@st.composite
def suits(draw: Any, most: int = 8) -> list[int]:
    n = draw(st.integers(0, most))
    c = [0] * 9
    for k in draw(st.lists(st.integers(0, 8), min_size=n, max_size=n)):
        if c[k] < 4:
            c[k] += 1
    return c


@settings(max_examples=400, deadline=None)
@given(triple_tables, st.booleans(), suits())
def test_a_suits_values_are_the_best_of_every_cut(triples: list[tuple[int, ...]], pairs: bool, c: list[int]) -> None:
    table = _native.SuitSets(triples, pairs=pairs)
    assert list(table.values(bytes(c))) == values_of(cuts(list(c), sorted(table.triples), pairs))


def test_the_standard_suit_on_every_suit_of_up_to_six_tiles() -> None:
    """Chows, pungs and a pair: the classic sets-and-partial-sets count."""
    table = _native.SuitSets(CHOWS_PUNGS, pairs=True)
    n = 0
    for c in itertools.product(range(5), repeat=9):
        if sum(c) <= 6:
            assert list(table.values(bytes(c))) == values_of(cuts(list(c), CHOWS_PUNGS, True)), c
            n += 1
    assert n == 4915


@st.composite
def part_rows(draw: Any) -> tuple[list[bytes], list[list[list[int]]]]:
    """Rows of parts covering 34 kinds (each part a few kinds), with values
    that never fall as the blocks grow; a kind may be marked not held."""
    sizes: list[int] = []
    while sum(sizes) < 34:  # (2 to 6 parts)
        sizes.append(min(draw(st.integers(6, 17)), 34 - sum(sizes)))
    rows: list[bytes] = []
    vectors: list[list[list[int]]] = []
    for n in sizes:
        vs: list[list[int]] = []
        for j in range(n + 1):
            if j and draw(st.booleans()):
                vs.append([NONE] * 10)
                continue
            steps = draw(st.lists(st.integers(0, 2), min_size=4, max_size=4))
            v = [0] + [sum(steps[:u]) for u in range(1, 5)]
            if draw(st.booleans()):
                v += [NONE] * 5
            else:
                lift = draw(st.lists(st.integers(0, 1), min_size=5, max_size=5))
                v += [min(9, x + 1 + max(lift[: u + 1])) for u, x in enumerate(v)]
            vs.append(v)
        vectors.append(vs)
        rows.append(bytes(x for v in vs for x in v))
    return rows, vectors


@settings(max_examples=150, deadline=None)
@given(part_rows(), st.integers(0, 4))
def test_parts_join_as_every_spending_of_blocks(drawn: tuple[list[bytes], list[list[list[int]]]], sets: int) -> None:
    rows, vectors = drawn
    held = [vs[0] for vs in vectors]
    assert _native.parts_shanten(rows, sets) == join_shanten(held, sets)
    needs = _native.parts_discard_needs(rows, sets)
    kind = 0
    for p, vs in enumerate(vectors):
        for v in vs[1:]:
            if v[0] == NONE:
                assert needs[kind] == NONE
            else:
                assert needs[kind] == join_shanten(held[:p] + [v] + held[p + 1:], sets) + 1, (p, kind)
            kind += 1


def luoshu_like() -> _native.SuitSets:
    return _native.SuitSets([t for t in ALL_TRIPLES if sum(t) == 15])


@settings(max_examples=200, deadline=None)
@given(suits(5), suits(5), suits(4), st.integers(0, 4), st.integers(1, 4))
def test_a_hand_by_the_table_joins_as_its_parts(s0: list[int], s1: list[int], s2: list[int], jiang: int, sets: int) -> None:
    """SuitSets.discard_needs and .shanten equal parts_discard_needs of the
    rows made from SuitSets.values (the honours: loose tiles, a pair of 1z
    when two or more)."""
    table = luoshu_like()
    hand = bytes(s0 + s1 + s2 + [jiang, 0, 0, 0, 0, 0, 0])

    def honours(n: int) -> bytes:
        return bytes([0, 0, 0, 0, 0]) + (bytes([1, 1, 1, 1, 1]) if n >= 2 else b"\xff" * 5)

    h = honours(jiang) + (honours(jiang - 1) if jiang else b"\xff" * 10) + b"\xff" * 60
    rows = []
    for s in (s0, s1, s2):
        row = [table.values(bytes(s))]
        for i in range(9):
            if s[i]:
                less = list(s)
                less[i] -= 1
                row.append(table.values(bytes(less)))
            else:
                row.append(b"\xff" * 10)
        rows.append(b"".join(row))
    rows.append(h)
    assert table.discard_needs(hand, h, sets) == _native.parts_discard_needs(rows, sets)
    assert table.shanten(bytearray(hand), h, sets) == _native.parts_shanten(rows, sets)


GOOD = (bytes(5) + b"\xff" * 5) * 2


@pytest.mark.parametrize(("rows", "sets", "says"), [
    ([GOOD] * 34, 5, "sets must be 0..4"),
    ([GOOD] * 33, 4, "cover 33 kinds"),
    ([GOOD] * 35, 4, "1..34 parts"),
    ([], 4, "1..34 parts"),
    ([bytearray(GOOD)] + [GOOD] * 33, 4, "part 0 is bytearray"),
    ([GOOD[:15]] + [GOOD] * 33, 4, "part 0 has 15 bytes"),
    ([GOOD] * 5 + [bytes([0, 1, 10, 10, 10]) + GOOD[5:]] + [GOOD] * 28, 4, "part 5 byte 2 is 10"),
    ([bytes([0, 2, 1, 1, 1]) + GOOD[5:]] + [GOOD] * 33, 4, "part 0 byte 2 is 1, below byte 1's 2"),
    ([bytes([0, 1, 1, 1, 1, 1, 255, 2, 2, 2]) + GOOD[10:]] + [GOOD] * 33, 4, "part 0 byte 6 is 255"),
])
def test_bad_rows_are_refused_saying_where(rows: list[Any], sets: int, says: str) -> None:
    for f in (_native.parts_shanten, _native.parts_discard_needs):
        with pytest.raises(InvalidHandError, match=says):
            f(rows, sets)


def test_bad_tables_and_hands_are_refused() -> None:
    with pytest.raises(InvalidHandError, match="three numbers 1..9"):
        _native.SuitSets([(1, 2)])
    with pytest.raises(InvalidHandError, match="three numbers 1..9"):
        _native.SuitSets([(0, 5, 10)])
    with pytest.raises(InvalidHandError, match="no sets"):
        _native.SuitSets([])
    table = luoshu_like()
    h = GOOD * 4  # (80 bytes: the honours as held and less one of 7 kinds)
    with pytest.raises(InvalidHandError, match="kind 3 is 5"):
        table.discard_needs(bytes([0, 0, 0, 5] + [0] * 30), h, 4)
    with pytest.raises(InvalidHandError, match="not 80"):
        table.discard_needs(bytes(34), h[:70], 4)
    with pytest.raises(InvalidHandError, match="sets must be 0..4"):
        table.shanten(bytes(34), h, -1)
    with pytest.raises(InvalidHandError, match="a suit has 9 counts"):
        table.values(bytes(8))
    assert table.triples == tuple(t for t in ALL_TRIPLES if sum(t) == 15)


def test_a_bad_honours_row_is_refused_every_time_it_is_given() -> None:
    """The table checks a row's values once per row (bytes do not change;
    it keeps those it checked): a bad row is refused whatever came before
    it, and again."""
    table = luoshu_like()
    good = GOOD * 4
    bad = bytes([0, 2, 1, 1, 1]) + GOOD[5:] + GOOD * 3
    hand = bytes([1, 1, 1] + [0] * 31)
    assert len(table.discard_needs(hand, good, 4)) == 34
    for f in (table.discard_needs, table.shanten, table.discard_needs):
        with pytest.raises(InvalidHandError, match="honours byte 2 is 1, below byte 1's 2"):
            f(hand, bad, 4)
    with pytest.raises(InvalidHandError, match="not 80"):
        table.shanten(hand, None, 4)  # type: ignore[arg-type]
    assert table.shanten(hand, good, 4) == table.shanten(bytearray(hand), bytes(good), 4)


@settings(max_examples=300, deadline=None)
@given(triple_tables, suits(12), st.integers(0, 2))
def test_whole_suits_are_those_cut_into_sets_alone(triples: list[tuple[int, ...]], c: list[int], s: int) -> None:
    table = _native.SuitSets(triples)
    n, rest = divmod(sum(c), 3)
    whole = not rest and any(t == n for t, _, _ in cuts(c, sorted(table.triples), False))
    hand = [0] * 34
    hand[9 * s : 9 * s + 9] = c
    # (the two suits of no tiles are whole)
    assert table.whole_suits(bytes(hand)) == (0b111 & ~(1 << s)) | (whole << s)


def test_whole_suits_reads_a_luoshu_hand_and_refuses_a_suit_of_fifteen() -> None:
    table = luoshu_like()
    #       159 267 in the characters, 348 in the dots, 55 in the bamboos
    hand = bytes([1, 1, 0, 0, 1, 1, 1, 0, 1] + [0, 0, 1, 1, 0, 0, 0, 1, 0] + [0, 0, 0, 0, 2, 0, 0, 0, 0] + [0] * 7)
    assert table.whole_suits(hand) == 0b011
    assert table.whole_suits(bytearray(34)) == 0b111
    with pytest.raises(InvalidHandError, match="suit 0 holds 15 tiles"):
        table.whole_suits(bytes([4, 4, 4, 3]) + bytes(30))
