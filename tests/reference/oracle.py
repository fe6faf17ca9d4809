"""Slow, obvious, pure-Python reference for hand analysis (the test oracle).

Every function here follows ``docs/analysis.md`` to the letter and is meant to
be read, not to be fast.  The compiled kernels in ``src/mahjong_core/`` are
tested against it (STYLE.md item 20); it is never used at run time.

Inputs (see the doc):

- ``counts``: 34 ints, each 0..4, indexed by tile kind (0..8 = 1m..9m,
  9..17 = 1p..9p, 18..26 = 1s..9s, 27..30 = ESWN, 31..33 = White Green Red).
- ``w``: number of wild tiles held besides ``counts``.
- ``rules``: any object with the attributes ``forms``,
  ``seven_pairs_distinct``, ``honor_chows``, ``pair_kinds`` and ``wild_kinds``
  (``RefRules`` below is one).

Public API: ``is_win``, ``waits``, ``shanten_by_form``, ``shanten`` and
``decompositions``.

Decompositions are sets of ``(form, units)`` where ``units`` is a sorted tuple
of ``(shape, kind, wilds)`` triples, exactly as the doc's table says.

Choices where the doc leaves room (all recorded again in the tests):

- 全不靠 and 七星不靠 readings are 14 SINGLE units (the KNITTED unit is only
  used for 组合龙, as the doc says).
- With ``seven_pairs_distinct=False`` any kind may give any number of pairs
  (four of a kind = two pairs, and with wilds six of a kind = three pairs).
- A form that is allowed and applicable but can never be completed (only when
  ``pair_kinds`` is empty: standard form and 组合龙) is left out of
  ``shanten_by_form``; ``shanten`` raises ``ValueError`` when no form is left.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import Any, NamedTuple

NUM_KINDS = 34
MAX_TILES = 17

# Form codes (docs/analysis.md, "Decompositions").
FORM_STANDARD = 0
FORM_SEVEN_PAIRS = 1
FORM_THIRTEEN_ORPHANS = 2
FORM_KNITTED = 3  # 全不靠
FORM_GREATER_KNITTED = 4  # 七星不靠
FORM_KNITTED_STRAIGHT = 5  # 组合龙
FORM_SHISANLAN = 6  # 十三烂
ALL_FORMS = frozenset(range(7))

# Unit shape codes.
SHAPE_PAIR = 0
SHAPE_PUNG = 1
SHAPE_CHOW = 2
SHAPE_HONOR_CHOW = 3
SHAPE_KNITTED = 4
SHAPE_SINGLE = 5
SHAPE_WILD_PAIR = 6
SHAPE_WILD_SET = 7

WILD_PAIR_UNIT = (SHAPE_WILD_PAIR, -1, 2)
WILD_SET_UNIT = (SHAPE_WILD_SET, -1, 3)

Unit = tuple[int, int, int]
Reading = tuple[int, tuple[Unit, ...]]

HONORS = tuple(range(27, 34))
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
# 1m 9m 1p 9p 1s 9s and the seven honours.
ORPHANS = (0, 8, 9, 17, 18, 26, *HONORS)
ARRANGEMENTS = tuple(itertools.permutations((0, 1, 2)))


def knitted_kinds(arrangement: int) -> tuple[int, ...]:
    """The nine knitted suit kinds of an arrangement, in wild-mask order.

    Arrangement ``(x, y, z)`` puts 147 in suit x, 258 in suit y and 369 in
    suit z; the order is 1-4-7 of x, 2-5-8 of y, 3-6-9 of z.
    """
    x, y, z = ARRANGEMENTS[arrangement]
    return (
        9 * x + 0, 9 * x + 3, 9 * x + 6,
        9 * y + 1, 9 * y + 4, 9 * y + 7,
        9 * z + 2, 9 * z + 5, 9 * z + 8,
    )


@dataclasses.dataclass(frozen=True)
class RefRules:
    """Plain rules object with the defaults of docs/analysis.md."""

    forms: frozenset[int] = frozenset({FORM_STANDARD, FORM_SEVEN_PAIRS, FORM_THIRTEEN_ORPHANS})
    seven_pairs_distinct: bool = False
    honor_chows: bool = False
    pair_kinds: frozenset[int] = frozenset(range(NUM_KINDS))
    wild_kinds: frozenset[int] = frozenset(range(NUM_KINDS))


PAIR_258 = frozenset(9 * suit + rank - 1 for suit in range(3) for rank in (2, 5, 8))
"""The oracle's own 2-5-8 pair kinds (ranks 2, 5 and 8 of 万 饼 条), for
rules that only pair those; the tests give it to the oracle while the kernel
gets ``HandRules.PAIR_258``, so a wrong mask in either shows."""


class _Rules(NamedTuple):
    """Hashable normalised copy of a duck-typed rules object."""

    forms: frozenset[int]
    distinct: bool
    honor_chows: bool
    pair_kinds: frozenset[int]
    wild_kinds: frozenset[int]


def _norm_rules(rules: Any) -> _Rules:
    return _Rules(
        forms=frozenset(int(f) for f in rules.forms),
        distinct=bool(rules.seven_pairs_distinct),
        honor_chows=bool(rules.honor_chows),
        pair_kinds=frozenset(int(k) for k in rules.pair_kinds),
        wild_kinds=frozenset(int(k) for k in rules.wild_kinds),
    )


def _check(counts: Sequence[int], w: int, mods: Collection[int]) -> tuple[tuple[int, ...], int, int]:
    """Validate the input; return (counts as a tuple of ints, w as an int, T)."""
    c = tuple(counts)
    if len(c) != NUM_KINDS:
        raise ValueError(f"counts must have {NUM_KINDS} entries, got {len(c)}")
    for k, x in enumerate(c):
        if isinstance(x, bool) or int(x) != x or not 0 <= x <= 4:
            raise ValueError(f"counts[{k}] = {x!r} is not an int in 0..4")
    c = tuple(int(x) for x in c)
    if isinstance(w, bool) or int(w) != w or w < 0:
        raise ValueError(f"w = {w!r} is not an int >= 0")
    w = int(w)
    total = sum(c) + w
    if total > MAX_TILES:
        raise ValueError(f"T = {total} tiles is more than {MAX_TILES}")
    if total % 3 not in mods:
        raise ValueError(f"T = {total} tiles: T % 3 must be in {sorted(mods)}")
    return c, w, total


def _take(counts: tuple[int, ...], kinds: Iterable[int]) -> tuple[int, ...]:
    """counts minus one copy of each kind in ``kinds`` (with repetition)."""
    c = list(counts)
    for k in kinds:
        c[k] -= 1
        assert c[k] >= 0
    return tuple(c)


def _lowest(counts: tuple[int, ...]) -> int | None:
    for k in range(NUM_KINDS):
        if counts[k]:
            return k
    return None


# ---------------------------------------------------------------------------
# Readings (decompositions) form by form.  Each yields tuples of units.
# ---------------------------------------------------------------------------


def _partial_units(
    shape: int, kind: int, members: tuple[int, ...], must_real: int,
    counts: tuple[int, ...], w: int, r: _Rules,
) -> Iterator[tuple[Unit, tuple[int, ...], int]]:
    """Every way of making a three-kind set (chow / honour chow) from real tiles
    and wilds, with ``must_real`` a real tile.  Yields (unit, real kinds, wilds)."""
    for mask in range(8):
        real: list[int] = []
        ok = True
        for pos, kind_at in enumerate(members):
            if mask >> pos & 1:
                ok = ok and kind_at != must_real and kind_at in r.wild_kinds
            else:
                ok = ok and counts[kind_at] >= 1
                real.append(kind_at)
        nw = bin(mask).count("1")
        if ok and nw <= w:
            yield (shape, kind, mask), tuple(real), nw


def _units_with(
    k: int, counts: tuple[int, ...], w: int, need_pair: bool, r: _Rules,
) -> Iterator[tuple[Unit, tuple[int, ...], int, bool]]:
    """Every standard-form unit that contains a real tile of kind ``k``.

    Yields (unit, real kinds used, wilds used, is the pair).  Missing members
    are wilds, which may only stand for kinds in ``wild_kinds``.
    """
    wild_ok = k in r.wild_kinds
    if need_pair and k in r.pair_kinds:
        if counts[k] >= 2:
            yield (SHAPE_PAIR, k, 0), (k, k), 0, True
        if wild_ok and w >= 1:
            yield (SHAPE_PAIR, k, 1), (k,), 1, True
    for nw in (0, 1, 2):
        if counts[k] >= 3 - nw and w >= nw and (nw == 0 or wild_ok):
            yield (SHAPE_PUNG, k, nw), (k,) * (3 - nw), nw, False
    if k < 27:
        for start in (k - 2, k - 1, k):
            if start < 0 or start // 9 != k // 9 or start % 9 > 6:
                continue
            members = (start, start + 1, start + 2)
            for unit, real, nw in _partial_units(SHAPE_CHOW, start, members, k, counts, w, r):
                yield unit, real, nw, False
    elif r.honor_chows:
        groups = [g for g in itertools.combinations(WINDS, 3) if k in g]
        if k in DRAGONS:
            groups.append(DRAGONS)
        for members in groups:
            bits = sum(1 << (m - 27) for m in members)
            for unit, real, nw in _partial_units(SHAPE_HONOR_CHOW, bits, members, k, counts, w, r):
                yield unit, real, nw, False


@functools.lru_cache(maxsize=None)
def _standard_readings(
    counts: tuple[int, ...], w: int, need_pair: bool, r: _Rules,
) -> frozenset[tuple[Unit, ...]]:
    """All readings of ``counts`` + ``w`` wilds as sets (and one pair if
    ``need_pair``), under the standard rules; each a sorted unit tuple.

    Take the lowest real kind still held; it must sit in some unit, so try
    every unit containing it and recurse on the rest.  When only wilds are
    left they form WILD_SET / WILD_PAIR units.
    """
    k = _lowest(counts)
    if k is None:
        units: list[Unit] = []
        if need_pair:
            # An all-wild pair needs a kind that is both wild and a legal pair.
            if w < 2 or not (r.wild_kinds & r.pair_kinds):
                return frozenset()
            units.append(WILD_PAIR_UNIT)
            w -= 2
        if w % 3:
            return frozenset()
        if w and not r.wild_kinds:
            return frozenset()
        units += [WILD_SET_UNIT] * (w // 3)
        return frozenset({tuple(sorted(units))})
    out: set[tuple[Unit, ...]] = set()
    for unit, real, nw, is_pair in _units_with(k, counts, w, need_pair, r):
        rest = _standard_readings(_take(counts, real), w - nw, need_pair and not is_pair, r)
        for tail in rest:
            out.add(tuple(sorted((unit, *tail))))
    return frozenset(out)


def _seven_pairs_readings(counts: tuple[int, ...], w: int, r: _Rules) -> set[tuple[Unit, ...]]:
    out: set[tuple[Unit, ...]] = set()

    def rec(c: tuple[int, ...], w: int, used: tuple[int, ...], units: tuple[Unit, ...]) -> None:
        k = _lowest(c)
        if k is None:
            if w % 2:
                return
            n_wild_pairs = w // 2
            if n_wild_pairs:
                if r.distinct:
                    # Each all-wild pair needs its own wild kind, unused by the others.
                    if len(r.wild_kinds - set(used)) < n_wild_pairs:
                        return
                elif not r.wild_kinds:
                    return
            out.add(tuple(sorted(units + (WILD_PAIR_UNIT,) * n_wild_pairs)))
            return
        if r.distinct and k in used:
            return
        if c[k] >= 2:
            rec(_take(c, (k, k)), w, used + (k,), units + ((SHAPE_PAIR, k, 0),))
        if w >= 1 and k in r.wild_kinds:
            rec(_take(c, (k,)), w - 1, used + (k,), units + ((SHAPE_PAIR, k, 1),))

    rec(counts, w, (), ())
    return out


def _orphans_readings(counts: tuple[int, ...], w: int, r: _Rules) -> set[tuple[Unit, ...]]:
    out: set[tuple[Unit, ...]] = set()
    if any(counts[k] for k in range(NUM_KINDS) if k not in ORPHANS):
        return out
    for pair_kind in ORPHANS:
        units = []
        for k in ORPHANS:
            want = 2 if k == pair_kind else 1
            fill = want - counts[k]  # wilds standing for k
            if fill < 0 or (fill and k not in r.wild_kinds):
                break
            units.append((SHAPE_PAIR if k == pair_kind else SHAPE_SINGLE, k, fill))
        else:
            out.add(tuple(sorted(units)))
    return out


def _singles_reading(counts: tuple[int, ...], kinds: Collection[int], r: _Rules) -> tuple[Unit, ...] | None:
    """Read the hand as exactly one tile of each kind in ``kinds`` (real or
    wild), or None.  The caller makes sure the tile total matches."""
    if any(counts[k] > (1 if k in kinds else 0) for k in range(NUM_KINDS)):
        return None
    units = []
    for k in sorted(kinds):
        fill = 1 - counts[k]
        if fill and k not in r.wild_kinds:
            return None
        units.append((SHAPE_SINGLE, k, fill))
    return tuple(units)


def _knitted_readings(counts: tuple[int, ...], greater: bool, r: _Rules) -> set[tuple[Unit, ...]]:
    """全不靠 (14 of the 16 kinds of one knitted set) or 七星不靠 (all seven
    honours + 7 of the 9 knitted suit kinds)."""
    out: set[tuple[Unit, ...]] = set()
    held = {k for k in range(NUM_KINDS) if counts[k]}
    for a in range(6):
        suit_kinds = knitted_kinds(a)
        if not held <= set(suit_kinds + HONORS):
            continue
        pool = suit_kinds if greater else suit_kinds + HONORS
        for dropped in itertools.combinations(pool, 2):
            kinds = set(suit_kinds + HONORS) - set(dropped)
            reading = _singles_reading(counts, kinds, r)
            if reading is not None:
                out.add(reading)
    return out


def _spread_suit_subsets() -> tuple[tuple[int, ...], ...]:
    """Rank subsets (0..8) of one suit whose members are pairwise >= 3 apart."""
    return tuple(
        s
        for size in range(4)
        for s in itertools.combinations(range(9), size)
        if all(b - a >= 3 for a, b in itertools.combinations(s, 2))
    )


SPREAD_SUBSETS = _spread_suit_subsets()


def _shisanlan_readings(counts: tuple[int, ...], r: _Rules) -> set[tuple[Unit, ...]]:
    out: set[tuple[Unit, ...]] = set()
    if any(x > 1 for x in counts):
        return out
    # Per suit, the spread subsets that hold every held rank and whose other
    # ranks may be wilds; per honour set likewise.
    per_suit = []
    for suit in range(3):
        held = {k - 9 * suit for k in range(9 * suit, 9 * suit + 9) if counts[k]}
        per_suit.append([
            s for s in SPREAD_SUBSETS
            if held <= set(s) and all(9 * suit + x in r.wild_kinds for x in set(s) - held)
        ])
    for s0, s1, s2 in itertools.product(*per_suit):
        chosen = {9 * suit_i + rank for suit_i, s in enumerate((s0, s1, s2)) for rank in s}
        n_honors = 14 - len(chosen)
        if n_honors > 7:
            continue
        for honors in itertools.combinations(HONORS, n_honors):
            reading = _singles_reading(counts, chosen | set(honors), r)
            if reading is not None:
                out.add(reading)
    return out


def _knitted_straight_readings(counts: tuple[int, ...], w: int, r: _Rules) -> set[tuple[Unit, ...]]:
    """组合龙: the nine knitted tiles of one arrangement (KNITTED unit with a
    wild mask) plus a standard remainder of n - 3 sets and a pair."""
    out: set[tuple[Unit, ...]] = set()
    for a in range(6):
        kinds = knitted_kinds(a)
        # A knitted kind not held must be a wild; a held one may be either.
        missing = sum(1 << i for i in range(9) if not counts[kinds[i]])
        held_positions = [i for i in range(9) if counts[kinds[i]]]
        for n_extra in range(len(held_positions) + 1):
            for extra in itertools.combinations(held_positions, n_extra):
                mask = missing | sum(1 << i for i in extra)
                nw = bin(mask).count("1")
                if nw > w:
                    continue
                if any(kinds[i] not in r.wild_kinds for i in range(9) if mask >> i & 1):
                    continue
                real = [kinds[i] for i in range(9) if not mask >> i & 1]
                for tail in _standard_readings(_take(counts, real), w - nw, True, r):
                    out.add(tuple(sorted(((SHAPE_KNITTED, a, mask), *tail))))
    return out


def _form_readings(form: int, counts: tuple[int, ...], w: int, total: int, r: _Rules) -> Iterable[tuple[Unit, ...]]:
    """Readings of a validated hand (T % 3 == 2) in one form."""
    if form == FORM_STANDARD:
        return _standard_readings(counts, w, True, r)
    if form == FORM_KNITTED_STRAIGHT:
        # n = 3 or 4 (13-tile games only): T = 11 or 14.
        return _knitted_straight_readings(counts, w, r) if total in (11, 14) else ()
    if total != 14:
        return ()
    if form == FORM_SEVEN_PAIRS:
        return _seven_pairs_readings(counts, w, r)
    if form == FORM_THIRTEEN_ORPHANS:
        return _orphans_readings(counts, w, r)
    if form == FORM_KNITTED:
        return _knitted_readings(counts, False, r)
    if form == FORM_GREATER_KNITTED:
        return _knitted_readings(counts, True, r)
    if form == FORM_SHISANLAN:
        return _shisanlan_readings(counts, r)
    raise ValueError(f"unknown form {form!r}")


def decompositions(counts: Sequence[int], w: int, rules: Any) -> set[Reading]:
    """Every distinct reading of a complete hand (T = 3n + 2) as
    ``(form, sorted units)``; empty when the hand does not win."""
    c, w, total = _check(counts, w, (2,))
    r = _norm_rules(rules)
    return {(form, units) for form in sorted(r.forms) for units in _form_readings(form, c, w, total, r)}


def is_win(counts: Sequence[int], w: int, rules: Any) -> bool:
    """True when some assignment of the wilds makes the hand an allowed form."""
    c, w, total = _check(counts, w, (2,))
    r = _norm_rules(rules)
    return any(any(True for _ in _form_readings(form, c, w, total, r)) for form in sorted(r.forms))


def waits(counts: Sequence[int], w: int, rules: Any) -> tuple[int, ...]:
    """Kinds k (held fewer than 4 times) such that one more k wins; ascending."""
    c, w, _ = _check(counts, w, (1,))
    out = []
    for k in range(NUM_KINDS):
        if c[k] < 4:
            plus_k = list(c)
            plus_k[k] += 1
            if is_win(plus_k, w, rules):
                out.append(k)
    return tuple(out)


# ---------------------------------------------------------------------------
# Shanten.
#
# A "target" is a winning hand written as a kind multiset t (t[k] copies of
# kind k, wilds counted as the kind they stand for, so t[k] may exceed 4).
# Against the held counts h and w wilds, per kind:
#   slots  s_k = max(0, t_k - h_k)   copies that must come from a draw or a wild
#   excess e_k = max(0, t_k - 4)     copies that cannot be drawn at all
#                                    (draws of k are capped at 4 - h_k, and
#                                    t_k - h_k - (4 - h_k) = t_k - 4)
# Wilds can only stand for kinds in wild_kinds, so on other kinds t_k <= 4 and
# every slot is drawn.  On wild kinds at least e_k of the s_k slots are wilds;
# the rest may be wilds or draws.  Using as many wilds as possible:
#   draws(t) = S_nonwild + max(0, S_wild - w),  feasible iff sum(e) <= w.
# (Unused held tiles and unused wilds are simply thrown away.)
# d = min over the targets of the form, shanten = d - 1.
#
# Targets are handled as sums of independent pieces (suits, winds, dragons,
# single kinds ...).  A piece's cost is the triple (S_nonwild, S_wild, E);
# triples add up, and draws() is monotone in each coordinate, so per piece
# only the Pareto-minimal triples need to be kept.
# ---------------------------------------------------------------------------

Triple = tuple[int, int, int]
ZERO: Triple = (0, 0, 0)


def _kind_cost(t: int, h: int, wild: bool, emax: int) -> Triple | None:
    """(S_nonwild, S_wild, E) of wanting t copies of a kind held h times;
    None when impossible (t > 4 on a kind no wild may stand for, or more
    excess than there are wilds)."""
    slots = max(0, t - h)
    excess = max(0, t - 4)
    if wild:
        return None if excess > emax else (0, slots, excess)
    return None if t > 4 else (slots, 0, 0)


def _add(a: Triple, b: Triple) -> Triple:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _pareto(triples: Iterable[Triple], emax: int) -> frozenset[Triple]:
    """Componentwise-minimal triples with E <= emax."""
    ts = {t for t in triples if t[2] <= emax}
    return frozenset(
        t for t in ts if not any(u != t and u[0] <= t[0] and u[1] <= t[1] and u[2] <= t[2] for u in ts)
    )


def _draws(triples: Iterable[Triple], w: int) -> int | None:
    """min draws(t) over the triples, None if none is feasible."""
    best = [sn + max(0, sw - w) for sn, sw, e in triples if e <= w]
    return min(best) if best else None


Table = dict[tuple[int, ...], frozenset[Triple]]


def _combine(tables: Sequence[Table], goal: tuple[int, ...], emax: int) -> frozenset[Triple]:
    """Pick one entry from each table so that the keys add up to ``goal``;
    return the Pareto set of the summed triples."""
    acc: Table = {tuple(0 for _ in goal): frozenset({ZERO})}
    for table in tables:
        new: dict[tuple[int, ...], set[Triple]] = defaultdict(set)
        for k1, s1 in acc.items():
            for k2, s2 in table.items():
                key = tuple(a + b for a, b in zip(k1, k2, strict=True))
                if any(x > g for x, g in zip(key, goal, strict=True)):
                    continue
                new[key].update(_add(a, b) for a in s1 for b in s2)
        acc = {key: _pareto(v, emax) for key, v in new.items()}
    return acc.get(goal, frozenset())


def _cost_of_target(t: dict[int, int], h: Sequence[int], r: _Rules, emax: int) -> Triple | None:
    total = ZERO
    for k, want in t.items():
        c = _kind_cost(want, h[k], k in r.wild_kinds, emax)
        if c is None:
            return None
        total = _add(total, c)
    return total


# --- standard form: parts -------------------------------------------------


@functools.lru_cache(maxsize=None)
def _suit_table(
    h: tuple[int, ...], off: tuple[int, ...], wild: tuple[bool, ...], pairable: tuple[bool, ...],
    nmax: int, emax: int,
) -> Table:
    """For one suit: (m sets, q pairs) -> Pareto triples over every target of
    m sets (pungs, chows) + q (0/1) pair inside the suit, on top of the fixed
    extra copies ``off`` (the knitted tiles of 组合龙, else zeros).

    Every such target is a choice, for each rank i, of p_i pungs, c_i chows
    starting at i (i <= 6) and q_i pairs, so t_i = off_i + 3 p_i + 2 q_i +
    c_{i-2} + c_{i-1} + c_i.  Going up the ranks we remember (c_{i-1}, c_i),
    the sets used and whether the pair is used: a plain walk over all those
    choices (no clever pruning besides the Pareto rule).
    """
    states: dict[tuple[int, int, int, int], frozenset[Triple]] = {(0, 0, 0, 0): frozenset({ZERO})}
    for i in range(9):
        new: dict[tuple[int, int, int, int], set[Triple]] = defaultdict(set)
        for (c2, c1, m, q), trips in states.items():
            free = nmax - m
            for c in range(free + 1 if i <= 6 else 1):
                for p in range(free - c + 1):
                    for qq in (0, 1) if (q == 0 and pairable[i]) else (0,):
                        t = off[i] + 3 * p + 2 * qq + c2 + c1 + c
                        cost = _kind_cost(t, h[i], wild[i], emax)
                        if cost is None:
                            continue
                        new[(c1, c, m + c + p, q + qq)].update(_add(x, cost) for x in trips)
        states = {key: _pareto(v, emax) for key, v in new.items()}
    table: dict[tuple[int, ...], set[Triple]] = defaultdict(set)
    for (c2, c1, m, q), trips in states.items():
        assert c2 == 0 and c1 == 0  # no chow may start at ranks 8, 9
        table[(m, q)].update(trips)
    return {key: _pareto(v, emax) for key, v in table.items()}


@functools.lru_cache(maxsize=None)
def _enumerated_table(
    kinds: tuple[int, ...], set_shapes: tuple[tuple[int, ...], ...],
    h: tuple[int, ...], off: tuple[int, ...], wild: tuple[bool, ...], pairable: tuple[bool, ...],
    nmax: int, emax: int,
) -> Table:
    """Same as ``_suit_table`` by literal enumeration: every multiset of m
    sets from ``set_shapes`` (each a tuple of positions in ``kinds``) plus
    optionally one pair.  Used for winds and dragons (tiny), and in the tests
    to check ``_suit_table``."""
    table: dict[tuple[int, ...], set[Triple]] = defaultdict(set)
    n = len(kinds)
    for m in range(nmax + 1):
        for combo in itertools.combinations_with_replacement(set_shapes, m):
            base = list(off)
            for shape in combo:
                for pos in shape:
                    base[pos] += 1
            pair_options: list[int | None] = [None] + [i for i in range(n) if pairable[i]]
            for pair_pos in pair_options:
                t = list(base)
                if pair_pos is not None:
                    t[pair_pos] += 2
                total = ZERO
                for i in range(n):
                    cost = _kind_cost(t[i], h[i], wild[i], emax)
                    if cost is None:
                        break
                    total = _add(total, cost)
                else:
                    table[(m, 0 if pair_pos is None else 1)].add(total)
    return {key: _pareto(v, emax) for key, v in table.items()}


def suit_set_shapes() -> tuple[tuple[int, ...], ...]:
    """Pungs and chows of one suit as position tuples (for the tests)."""
    return tuple((i, i, i) for i in range(9)) + tuple((i, i + 1, i + 2) for i in range(7))


def _honor_set_shapes(n: int, honor_chows: bool) -> tuple[tuple[int, ...], ...]:
    pungs = tuple((i, i, i) for i in range(n))
    chows = tuple(itertools.combinations(range(n), 3)) if honor_chows else ()
    return pungs + chows


def _standard_triples(counts: tuple[int, ...], n_sets: int, off: Sequence[int], r: _Rules, emax: int) -> frozenset[Triple]:
    """Pareto triples over all standard targets of ``n_sets`` sets + 1 pair
    (plus the fixed copies ``off``).  The five parts (three suits, winds,
    dragons) share no set, so a target is one sub-target per part."""
    tables = []
    for kinds in (tuple(range(0, 9)), tuple(range(9, 18)), tuple(range(18, 27)), WINDS, DRAGONS):
        h = tuple(counts[k] for k in kinds)
        o = tuple(off[k] for k in kinds)
        wild = tuple(k in r.wild_kinds for k in kinds)
        pairable = tuple(k in r.pair_kinds for k in kinds)
        if kinds[0] < 27:
            tables.append(_suit_table(h, o, wild, pairable, n_sets, emax))
        else:
            shapes = _honor_set_shapes(len(kinds), r.honor_chows)
            tables.append(_enumerated_table(kinds, shapes, h, o, wild, pairable, n_sets, emax))
    return _combine(tables, (n_sets, 1), emax)


# --- special forms --------------------------------------------------------


def _seven_pairs_triples(counts: tuple[int, ...], r: _Rules, emax: int) -> frozenset[Triple]:
    """Seven pairs: each kind gives j pairs (t_k = 2j), j <= 1 when distinct."""
    tables = []
    for k in range(NUM_KINDS):
        table: dict[tuple[int, ...], frozenset[Triple]] = {}
        for j in range(2 if r.distinct else 8):
            cost = _kind_cost(2 * j, counts[k], k in r.wild_kinds, emax)
            if cost is not None:
                table[(j,)] = frozenset({cost})
        tables.append(table)
    return _combine(tables, (7,), emax)


def _orphans_triples(counts: tuple[int, ...], r: _Rules, emax: int) -> set[Triple]:
    out = set()
    for pair_kind in ORPHANS:
        t = {k: 2 if k == pair_kind else 1 for k in ORPHANS}
        cost = _cost_of_target(t, counts, r, emax)
        if cost is not None:
            out.add(cost)
    return out


def _knitted_triples(counts: tuple[int, ...], greater: bool, r: _Rules, emax: int) -> set[Triple]:
    out = set()
    for a in range(6):
        suit_kinds = knitted_kinds(a)
        pool = suit_kinds if greater else suit_kinds + HONORS
        for dropped in itertools.combinations(pool, 2):
            t = {k: 1 for k in suit_kinds + HONORS if k not in dropped}
            cost = _cost_of_target(t, counts, r, emax)
            if cost is not None:
                out.add(cost)
    return out


def _shisanlan_triples(counts: tuple[int, ...], r: _Rules, emax: int) -> frozenset[Triple]:
    """十三烂: 14 different kinds; per suit one of SPREAD_SUBSETS; honours any."""
    tables = []
    for suit in range(3):
        table: dict[tuple[int, ...], set[Triple]] = defaultdict(set)
        for ranks in SPREAD_SUBSETS:
            cost = _cost_of_target({9 * suit + x: 1 for x in ranks}, counts, r, emax)
            if cost is not None:
                table[(len(ranks),)].add(cost)
        tables.append({key: _pareto(v, emax) for key, v in table.items()})
    for k in HONORS:
        table2: dict[tuple[int, ...], frozenset[Triple]] = {(0,): frozenset({ZERO})}
        cost = _kind_cost(1, counts[k], k in r.wild_kinds, emax)
        if cost is not None:
            table2[(1,)] = frozenset({cost})
        tables.append(table2)
    return _combine(tables, (14,), emax)


def _knitted_straight_triples(counts: tuple[int, ...], n: int, r: _Rules, emax: int) -> set[Triple]:
    """组合龙: one of each knitted kind of an arrangement + n - 3 sets + pair."""
    out: set[Triple] = set()
    for a in range(6):
        off = [0] * NUM_KINDS
        for k in knitted_kinds(a):
            off[k] = 1
        out |= _standard_triples(counts, n - 3, off, r, emax)
    return out


def _form_draws(form: int, counts: tuple[int, ...], w: int, total: int, r: _Rules) -> int | None:
    """d for one form, or None when the form does not apply / is impossible."""
    n = total // 3  # T = 3n + 1 or 3n + 2; the target has 3n + 2 tiles
    if form == FORM_STANDARD:
        return _draws(_standard_triples(counts, n, (0,) * NUM_KINDS, r, w), w)
    if form == FORM_KNITTED_STRAIGHT:
        # n = 3 or 4 (13-tile games only).
        return _draws(_knitted_straight_triples(counts, n, r, w), w) if n in (3, 4) else None
    if total not in (13, 14):
        return None
    if form == FORM_SEVEN_PAIRS:
        return _draws(_seven_pairs_triples(counts, r, w), w)
    if form == FORM_THIRTEEN_ORPHANS:
        return _draws(_orphans_triples(counts, r, w), w)
    if form == FORM_KNITTED:
        return _draws(_knitted_triples(counts, False, r, w), w)
    if form == FORM_GREATER_KNITTED:
        return _draws(_knitted_triples(counts, True, r, w), w)
    if form == FORM_SHISANLAN:
        return _draws(_shisanlan_triples(counts, r, w), w)
    raise ValueError(f"unknown form {form!r}")


def shanten_by_form(counts: Sequence[int], w: int, rules: Any) -> dict[int, int]:
    """{form: shanten} for the allowed forms that apply to this tile count."""
    c, w, total = _check(counts, w, (1, 2))
    r = _norm_rules(rules)
    out = {}
    for form in sorted(r.forms):
        d = _form_draws(form, c, w, total, r)
        if d is not None:
            out[form] = d - 1
    return out


def shanten(counts: Sequence[int], w: int, rules: Any) -> int:
    """Minimum of ``shanten_by_form``."""
    by_form = shanten_by_form(counts, w, rules)
    if not by_form:
        raise ValueError("no allowed form applies to this hand")
    return min(by_form.values())
