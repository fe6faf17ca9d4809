"""Tests of the reference oracle itself (docs/analysis.md).

The oracle is checked against
- literal brute force: wilds replaced by every multiset of kinds (is_win),
  unit multisets picked from the list of all units (decompositions), every
  target with every wild allocation (shanten of small hands);
- the peer packages ``xiangting`` and ``mahjong`` (shanten without wilds);
- identities that follow from the definitions (waits, shanten -1 / 0, the
  draw and discard recursions of d).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections import Counter
from collections.abc import Sequence

import MahjongGB
import pytest
import xiangting
from mahjong.shanten import Shanten

from . import oracle as o
from .oracle import RefRules

ALL = frozenset(range(34))
PAIR_258 = frozenset(9 * s + r for s in range(3) for r in (1, 4, 7))
DEFAULT = RefRules()
EVERYTHING = RefRules(forms=o.ALL_FORMS)
SUIT_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}


def hand(text: str) -> list[int]:
    """'1112m55z' -> counts."""
    counts = [0] * 34
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            for d in digits:
                counts[SUIT_OFFSET[ch] + int(d) - 1] += 1
            digits = ""
    assert not digits
    return counts


def plus(counts: Sequence[int], k: int, n: int = 1) -> list[int]:
    c = list(counts)
    c[k] += n
    return c


# ---------------------------------------------------------------------------
# Random rules and hands.
# ---------------------------------------------------------------------------


def random_rules(rng: random.Random, *, wilds_matter: bool = True) -> RefRules:
    forms = {f for f in range(1, 7) if rng.random() < 0.5}
    if rng.random() < 0.9 or not forms:
        forms.add(o.FORM_STANDARD)
    pair_kinds = rng.choice([ALL, ALL, PAIR_258, frozenset(rng.sample(range(34), rng.randint(1, 34)))])
    wild_kinds = ALL
    if wilds_matter:
        wild_kinds = rng.choice(
            [ALL, ALL, frozenset(rng.sample(range(34), rng.randint(1, 12))), frozenset({rng.randrange(34)}), frozenset()]
        )
    return RefRules(
        forms=frozenset(forms),
        seven_pairs_distinct=rng.random() < 0.5,
        honor_chows=rng.random() < 0.4,
        pair_kinds=pair_kinds,
        wild_kinds=wild_kinds,
    )


def _random_complete(rng: random.Random, n: int, rules: RefRules, special: float) -> list[int]:
    """A random complete hand of 3n + 2 real tiles (often a win under rules);
    ``special`` is the share of special shapes."""
    while True:
        c = [0] * 34
        shape = rng.random()
        if n == 4 and shape < special:
            kind = rng.choice(["pairs", "pairs", "orphans", "knitted", "greater", "greater", "spread", "straight"])
            if kind == "pairs":
                for k in rng.choices(range(34), k=7):
                    c[k] += 2
            elif kind == "orphans":
                for k in o.ORPHANS:
                    c[k] += 1
                c[rng.choice(o.ORPHANS)] += 1
            elif kind == "knitted":
                pool = o.knitted_kinds(rng.randrange(6)) + o.HONORS
                for k in rng.sample(pool, 14):
                    c[k] += 1
            elif kind == "greater":
                for k in rng.sample(o.knitted_kinds(rng.randrange(6)), 7) + list(o.HONORS):
                    c[k] += 1
            elif kind == "spread":
                subsets = [s for s in o.SPREAD_SUBSETS if len(s) == 3]
                for suit in range(3):
                    for x in rng.choice(subsets):
                        c[9 * suit + x] += 1
                for k in rng.sample(o.HONORS, 5):
                    c[k] += 1
            else:
                for k in o.knitted_kinds(rng.randrange(6)):
                    c[k] += 1
                _add_sets(rng, c, 1, rules)
        elif n >= 3 and shape < special + 0.1:  # n = 5 makes a non-winning 组合龙 shape
            for k in o.knitted_kinds(rng.randrange(6)):
                c[k] += 1
            _add_sets(rng, c, n - 3, rules)
        else:
            _add_sets(rng, c, n, rules)
        if max(c) <= 4:
            return c


def _add_sets(rng: random.Random, c: list[int], n_sets: int, rules: RefRules) -> None:
    suits = rng.sample(range(4), rng.randint(1, 4))  # a few suits: denser hands
    for _ in range(n_sets):
        suit = rng.choice(suits)
        if suit == 3:
            if rules.honor_chows and rng.random() < 0.5:
                group = rng.choice([*itertools.combinations(o.WINDS, 3), o.DRAGONS])
                for k in group:
                    c[k] += 1
            else:
                c[27 + rng.randrange(7)] += 3
        elif rng.random() < 0.6:
            start = 9 * suit + rng.randrange(7)
            for k in range(start, start + 3):
                c[k] += 1
        else:
            c[9 * suit + rng.randrange(9)] += 3
    pairable = sorted(rules.pair_kinds) or list(range(34))
    c[rng.choice(pairable) if rng.random() < 0.8 else rng.randrange(34)] += 2


def random_case(
    rng: random.Random, total: int, w: int, rules: RefRules, special: float = 0.35, quads: float = 0.0
) -> list[int]:
    """Real counts for a hand of ``total`` tiles of which ``w`` are wild;
    ``quads`` is the share of hands built around fours of a kind."""
    assert 0 <= w <= total
    n = total // 3
    style = rng.random()
    if style < quads:
        tiles = []
        while len(tiles) + 4 <= total - w and rng.random() < 0.8:
            tiles += [rng.randrange(34)] * 4
        wall = [k for k in range(34) for _ in range(4 - tiles.count(k))]
        tiles += rng.sample(wall, total - w - len(tiles))
    elif style < 0.55:
        # A complete hand, maybe one tile short, a few tiles changed, and
        # some tiles turned into wilds.
        c = _random_complete(rng, n, rules, special)
        tiles = [k for k in range(34) for _ in range(c[k])]
        rng.shuffle(tiles)
        if total % 3 == 1:
            tiles.pop()
        for i in range(min(len(tiles), rng.choice([0, 0, 0, 1, 1, 2]))):
            tiles[i] = rng.randrange(34)
        tiles = tiles[w:]
    elif style < 0.8:
        wall = [k for k in range(34) for _ in range(4)]
        tiles = rng.sample(wall, total - w)
    else:
        suits = rng.sample(range(4), rng.randint(1, 2))
        wall = [k for s in suits for k in range(9 * s, min(9 * s + 9, 34)) for _ in range(4)]
        tiles = rng.sample(wall, total - w)
    c = [0] * 34
    for k in tiles:
        c[k] += 1
    if max(c) > 4:
        return random_case(rng, total, w, rules, special, quads)
    return c


# ---------------------------------------------------------------------------
# Independent wild-free checkers (counts may exceed 4 after substitution).
# ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def plain_standard(c: tuple[int, ...], need_pair: bool, pair_kinds: frozenset[int], honor_chows: bool) -> bool:
    k = next((i for i in range(34) if c[i]), None)
    if k is None:
        return not need_pair

    def rest(kinds: Sequence[int], np: bool) -> bool:
        d = list(c)
        for x in kinds:
            d[x] -= 1
            if d[x] < 0:
                return False
        return plain_standard(tuple(d), np, pair_kinds, honor_chows)

    if rest((k, k, k), need_pair):
        return True
    if need_pair and k in pair_kinds and rest((k, k), False):
        return True
    if k < 27 and k % 9 <= 6 and rest((k, k + 1, k + 2), need_pair):
        return True
    if honor_chows and k >= 27:
        groups = [g for g in itertools.combinations(o.WINDS, 3) if g[0] == k]
        if k == 31:
            groups.append(o.DRAGONS)
        if any(rest(g, need_pair) for g in groups):
            return True
    return False


def plain_form(form: int, c: tuple[int, ...], rules: RefRules) -> bool:
    total = sum(c)
    if form == o.FORM_STANDARD:
        return plain_standard(c, True, frozenset(rules.pair_kinds), rules.honor_chows)
    if form == o.FORM_KNITTED_STRAIGHT:
        if total not in (11, 14):  # n = 3 or 4 only
            return False
        for a in range(6):
            kn = o.knitted_kinds(a)
            if all(c[k] for k in kn):
                d = list(c)
                for k in kn:
                    d[k] -= 1
                if plain_standard(tuple(d), True, frozenset(rules.pair_kinds), rules.honor_chows):
                    return True
        return False
    if total != 14:
        return False
    support = {k for k in range(34) if c[k]}
    if form == o.FORM_SEVEN_PAIRS:
        if rules.seven_pairs_distinct:
            return all(x in (0, 2) for x in c)
        return all(x % 2 == 0 for x in c)
    if form == o.FORM_THIRTEEN_ORPHANS:
        return support == set(o.ORPHANS)
    if max(c) > 1:
        return False
    if form in (o.FORM_KNITTED, o.FORM_GREATER_KNITTED):
        if form == o.FORM_GREATER_KNITTED and not set(o.HONORS) <= support:
            return False
        return any(support <= set(o.knitted_kinds(a) + o.HONORS) for a in range(6))
    if form == o.FORM_SHISANLAN:
        for suit in range(3):
            ranks = [k - 9 * suit for k in support if 9 * suit <= k < 9 * suit + 9]
            if any(b - a < 3 for a, b in itertools.combinations(sorted(ranks), 2)):
                return False
        return True
    raise AssertionError(form)


def brute_win_forms(counts: Sequence[int], w: int, rules: RefRules) -> set[int]:
    """Forms in which SOME substitution of the wilds wins (the definition)."""
    wins = set()
    for subs in itertools.combinations_with_replacement(sorted(rules.wild_kinds), w):
        c = list(counts)
        for k in subs:
            c[k] += 1
        for form in rules.forms:
            if form not in wins and plain_form(form, tuple(c), rules):
                wins.add(form)
    return wins


# ---------------------------------------------------------------------------
# Unit contents (independent decoding of the canonical encoding).
# ---------------------------------------------------------------------------


def unit_content(unit: tuple[int, int, int]) -> tuple[list[int], list[int], int]:
    """(real kinds, kinds stood for by wilds, anonymous wilds) of a unit."""
    shape, kind, wilds = unit
    if shape == o.SHAPE_PAIR:
        return [kind] * (2 - wilds), [kind] * wilds, 0
    if shape == o.SHAPE_PUNG:
        return [kind] * (3 - wilds), [kind] * wilds, 0
    if shape == o.SHAPE_SINGLE:
        return [kind] * (1 - wilds), [kind] * wilds, 0
    if shape == o.SHAPE_CHOW:
        members = [kind, kind + 1, kind + 2]
    elif shape == o.SHAPE_HONOR_CHOW:
        members = [27 + j for j in range(7) if kind >> j & 1]
    elif shape == o.SHAPE_KNITTED:
        members = list(o.knitted_kinds(kind))
    elif shape == o.SHAPE_WILD_PAIR:
        return [], [], 2
    elif shape == o.SHAPE_WILD_SET:
        return [], [], 3
    else:
        raise AssertionError(unit)
    real = [m for i, m in enumerate(members) if not wilds >> i & 1]
    stood = [m for i, m in enumerate(members) if wilds >> i & 1]
    return real, stood, 0


def check_reading(counts: Sequence[int], w: int, rules: RefRules, form: int, units: tuple) -> None:
    """A reading uses exactly the held tiles and the w wilds, every wild
    stands for a wild kind, and the units have the form's shape."""
    assert list(units) == sorted(units)
    real: Counter[int] = Counter()
    wild_used = 0
    for unit in units:
        r, stood, anon = unit_content(unit)
        real.update(r)
        wild_used += len(stood) + anon
        assert all(k in rules.wild_kinds for k in stood), unit
        if unit[0] == o.SHAPE_CHOW:
            assert unit[1] < 27 and unit[1] % 9 <= 6 and 0 <= unit[2] <= 6
        if unit[0] == o.SHAPE_HONOR_CHOW:
            assert rules.honor_chows and bin(unit[1]).count("1") == 3
            assert unit[1] in (0b1110000,) or unit[1] < 16
            assert 0 <= unit[2] <= 6
    assert [real[k] for k in range(34)] == list(counts), (counts, units)
    assert wild_used == w
    shapes = Counter(u[0] for u in units)
    total = sum(counts) + w
    if form == o.FORM_STANDARD:
        assert shapes[o.SHAPE_PAIR] + shapes[o.SHAPE_WILD_PAIR] == 1
        assert set(shapes) <= {0, 1, 2, 3, 6, 7}
        pair = next(u for u in units if u[0] in (0, 6))
        assert pair[0] == 6 or pair[1] in rules.pair_kinds
    elif form == o.FORM_SEVEN_PAIRS:
        assert set(shapes) <= {0, 6} and len(units) == 7
        if rules.seven_pairs_distinct:
            named = [u[1] for u in units if u[0] == 0]
            assert len(set(named)) == len(named)
            assert shapes[6] <= len(set(rules.wild_kinds) - set(named))
    elif form == o.FORM_THIRTEEN_ORPHANS:
        assert shapes == Counter({o.SHAPE_SINGLE: 12, o.SHAPE_PAIR: 1})
        assert {u[1] for u in units} == set(o.ORPHANS)
    elif form in (o.FORM_KNITTED, o.FORM_GREATER_KNITTED, o.FORM_SHISANLAN):
        assert shapes == Counter({o.SHAPE_SINGLE: 14})
        plain = [0] * 34
        for u in units:
            plain[u[1]] += 1
        assert plain_form(form, tuple(plain), rules)
    elif form == o.FORM_KNITTED_STRAIGHT:
        assert shapes[o.SHAPE_KNITTED] == 1 and shapes[0] + shapes[6] == 1
        assert len(units) == 1 + (total - 11) // 3 + 1
    else:
        raise AssertionError(form)


def brute_standard_readings(counts: Sequence[int], w: int, rules: RefRules) -> set[tuple]:
    """Standard readings by picking units, in list order, from the list of
    every unit that fits the hand (no 'lowest kind first' rule)."""
    wild = set(rules.wild_kinds)
    candidates = []
    for k in range(34):
        candidates += [(0, k, x) for x in (0, 1) if k in rules.pair_kinds]
        candidates += [(1, k, x) for x in (0, 1, 2)]
    candidates += [(2, s, m) for s in range(27) if s % 9 <= 6 for m in range(7)]
    if rules.honor_chows:
        groups = [*itertools.combinations(o.WINDS, 3), o.DRAGONS]
        candidates += [(3, sum(1 << (g - 27) for g in grp), m) for grp in groups for m in range(7)]
    if wild & set(rules.pair_kinds):
        candidates.append(o.WILD_PAIR_UNIT)
    if wild:
        candidates.append(o.WILD_SET_UNIT)
    usable = []
    for u in candidates:
        real, stood, anon = unit_content(u)
        need = Counter(real)
        if all(counts[k] >= x for k, x in need.items()) and all(k in wild for k in stood):
            usable.append((u, need, len(stood) + anon, u[0] in (0, 6)))
    out = set()

    def rec(start: int, c: list[int], w_left: int, pairs: int, chosen: list) -> None:
        if not any(c) and w_left == 0:
            if pairs == 1:
                out.add(tuple(sorted(chosen)))
            return
        for i in range(start, len(usable)):
            u, need, nw, is_pair = usable[i]
            if nw > w_left or (is_pair and pairs) or any(c[k] < x for k, x in need.items()):
                continue
            for k, x in need.items():
                c[k] -= x
            chosen.append(u)
            rec(i, c, w_left - nw, pairs + is_pair, chosen)
            chosen.pop()
            for k, x in need.items():
                c[k] += x

    rec(0, list(counts), w, 0, [])
    return out


def brute_seven_pairs_readings(counts: Sequence[int], w: int, rules: RefRules) -> set[tuple]:
    """Kind by kind: a pairs without wilds and b pairs with one wild, 2a + b =
    counts[k]; the wilds left over make WILD_PAIRs."""
    held = [k for k in range(34) if counts[k]]
    per_kind = []
    for k in held:
        options = []
        for b in range(counts[k] + 1):
            if (counts[k] - b) % 2 or (b and k not in rules.wild_kinds):
                continue
            a = (counts[k] - b) // 2
            if rules.seven_pairs_distinct and a + b != 1:
                continue
            options.append((a, b))
        per_kind.append(options)
    out = set()
    for choice in itertools.product(*per_kind):
        units = []
        for k, (a, b) in zip(held, choice, strict=True):
            units += [(0, k, 0)] * a + [(0, k, 1)] * b
        left = w - sum(b for _, b in choice)
        if left < 0 or left % 2:
            continue
        free = set(rules.wild_kinds) - (set(held) if rules.seven_pairs_distinct else set())
        if left and (len(free) < left // 2 if rules.seven_pairs_distinct else not free):
            continue
        units += [o.WILD_PAIR_UNIT] * (left // 2)
        if len(units) == 7:
            out.add(tuple(sorted(units)))
    return out


# ---------------------------------------------------------------------------
# Fixed cases.
# ---------------------------------------------------------------------------


def test_worked_example_from_the_doc() -> None:
    c = hand("1111m234p567p789s")
    assert o.shanten(c, 0, DEFAULT) == 1
    assert o.shanten_by_form(c, 0, DEFAULT)[o.FORM_STANDARD] == 1
    assert o.waits(c, 0, DEFAULT) == ()
    # A wild can be the fifth 1m.
    assert o.is_win(c, 1, DEFAULT)


WP, WS = o.WILD_PAIR_UNIT, o.WILD_SET_UNIT


@pytest.mark.parametrize(
    ("text", "w", "rules", "expected"),
    [
        ("11123m", 0, DEFAULT, {(0, ((0, 0, 0), (2, 0, 0)))}),
        ("1m", 1, DEFAULT, {(0, ((0, 0, 1),))}),
        ("", 2, DEFAULT, {(0, (WP,))}),
        ("", 2, RefRules(pair_kinds=PAIR_258, wild_kinds=frozenset({0})), set()),
        ("", 5, RefRules(pair_kinds=PAIR_258, wild_kinds=frozenset({0, 1})), {(0, (WP, WS))}),
        (
            "11m",
            3,
            DEFAULT,
            {
                (0, ((0, 0, 0), WS)),
                (0, ((0, 0, 1), (1, 0, 2))),
                (0, ((0, 0, 1), (2, 0, 6))),
                (0, ((1, 0, 1), WP)),
            },
        ),
        ("2m", 1, RefRules(pair_kinds=PAIR_258, wild_kinds=frozenset({0})), set()),
        ("123z55z", 0, RefRules(honor_chows=True), {(0, ((0, 31, 0), (3, 0b0000111, 0)))}),
        ("124z55z", 0, RefRules(honor_chows=True), {(0, ((0, 31, 0), (3, 0b0001011, 0)))}),
        ("24z55z", 1, RefRules(honor_chows=True, wild_kinds=frozenset({27})), {(0, ((0, 31, 0), (3, 0b0001011, 0b001)))}),
        ("24z55z", 1, RefRules(honor_chows=True, wild_kinds=frozenset({28})), set()),
        (
            "24z55z",
            1,
            RefRules(honor_chows=True, wild_kinds=frozenset({27, 29})),
            {(0, ((0, 31, 0), (3, 0b0001011, 0b001))), (0, ((0, 31, 0), (3, 0b0001110, 0b010)))},
        ),
        ("123z55z", 0, DEFAULT, set()),
        # Four of a kind split as pung + chow member: one reading.
        ("111123m55z", 0, DEFAULT, {(0, ((0, 31, 0), (1, 0, 0), (2, 0, 0)))}),
        ("1112345m", 1, RefRules(wild_kinds=frozenset({5})), {(0, ((0, 0, 0), (2, 0, 0), (2, 3, 0b100)))}),
        ("1112345m", 1, RefRules(wild_kinds=frozenset({8})), set()),
    ],
)
def test_small_decompositions(text: str, w: int, rules: RefRules, expected: set) -> None:
    assert o.decompositions(hand(text), w, rules) == expected
    assert o.is_win(hand(text), w, rules) == bool(expected)


def test_special_forms_fixed() -> None:
    # 全不靠 + 十三烂 (14 different kinds, 147m 258p 369s + 5 honours).
    c = hand("147m258p369s12345z")
    singles = tuple((o.SHAPE_SINGLE, k, 0) for k in range(34) if c[k])
    assert o.decompositions(c, 0, EVERYTHING) == {(o.FORM_KNITTED, singles), (o.FORM_SHISANLAN, singles)}
    # 七星不靠.
    c = hand("147m25p36s1234567z")
    singles = tuple((o.SHAPE_SINGLE, k, 0) for k in range(34) if c[k])
    assert o.decompositions(c, 0, EVERYTHING) == {(f, singles) for f in (3, 4, 6)}
    # 组合龙 with a chow and a pair: arrangement 0 = (m 147, p 258, s 369).
    c = hand("147m258p369s789m11z")
    assert o.decompositions(c, 0, EVERYTHING) == {(5, ((0, 27, 0), (2, 6, 0), (4, 0, 0)))}
    # Knitted tiles with a wild in the 5p place (position 4).
    c = hand("147m28p369s789m11z")
    assert o.decompositions(c, 1, RefRules(forms=frozenset({5}))) == {(5, ((0, 27, 0), (2, 6, 0), (4, 0, 0b10000)))}
    # Thirteen orphans waiting on all 13, and with one wild: 13 readings.
    c = hand("19m19p19s1234567z")
    assert o.waits(c, 0, DEFAULT) == o.ORPHANS
    readings = o.decompositions(c, 1, DEFAULT)
    assert len(readings) == 13 and {f for f, _ in readings} == {o.FORM_THIRTEEN_ORPHANS}
    # The pair of thirteen orphans may be two wilds; it still names its kind.
    c = hand("19m19p19s123456z")
    assert (2, tuple(sorted([(5, k, 0) for k in o.ORPHANS[:-1]] + [(0, 33, 2)]))) in o.decompositions(c, 2, DEFAULT)
    # Seven pairs: four of a kind is two pairs unless distinct.
    c = hand("1111m3344p5566s77z")
    pairs = ((0, 0, 0), (0, 0, 0), (0, 11, 0), (0, 12, 0), (0, 22, 0), (0, 23, 0), (0, 33, 0))
    assert o.decompositions(c, 0, DEFAULT) == {(1, pairs)}
    assert not o.is_win(c, 0, RefRules(seven_pairs_distinct=True))
    assert o.shanten_by_form(c, 0, RefRules(seven_pairs_distinct=True))[1] == 1
    # Distinct seven pairs: the wild pairs need distinct unused wild kinds.
    c = hand("11m22m33m44m55m")
    only_1m_2m = frozenset({0, 1})
    assert not o.is_win(c, 4, RefRules(seven_pairs_distinct=True, wild_kinds=only_1m_2m, forms=frozenset({1})))
    assert o.is_win(c, 4, RefRules(seven_pairs_distinct=False, wild_kinds=only_1m_2m, forms=frozenset({1})))
    assert o.is_win(c, 4, RefRules(seven_pairs_distinct=True, wild_kinds=frozenset({0, 30, 31}), forms=frozenset({1})))
    # Fourteen wilds: every form wins; shanten -1 everywhere.
    assert o.shanten_by_form([0] * 34, 14, EVERYTHING) == dict.fromkeys(range(7), -1)
    assert o.decompositions([0] * 34, 14, DEFAULT) >= {(0, (WP, WS, WS, WS, WS)), (1, (WP,) * 7)}


def test_knitted_arrangements_table() -> None:
    # (147 suit, 258 suit, 369 suit) in itertools.permutations order.
    expected = {
        0: "147m258p369s",
        1: "147m369p258s",
        2: "258m147p369s",
        3: "369m147p258s",
        4: "258m369p147s",
        5: "369m258p147s",
    }
    for a, text in expected.items():
        kinds = o.knitted_kinds(a)
        assert sorted(kinds) == [k for k in range(34) for _ in range(hand(text)[k])]
        # Mask order: 1-4-7 of its suit, then 2-5-8, then 3-6-9.
        assert [k % 9 + 1 for k in kinds] == [1, 4, 7, 2, 5, 8, 3, 6, 9]


def test_seven_pairs_choices() -> None:
    """Resolved ambiguity: with seven_pairs_distinct=False a kind may give any
    number of pairs, so a wild may make six of a kind = three pairs."""
    c = hand("1111m22m33m44m55m")
    only_1m = RefRules(forms=frozenset({1}), wild_kinds=frozenset({0}))
    readings = o.decompositions(c, 2, only_1m)
    rest = [(0, 1, 0), (0, 2, 0), (0, 3, 0), (0, 4, 0)]
    assert readings == {
        (1, tuple(sorted([(0, 0, 0), (0, 0, 0), WP, *rest]))),
        (1, tuple(sorted([(0, 0, 0), (0, 0, 1), (0, 0, 1), *rest]))),
    }
    assert o.shanten_by_form(c, 2, only_1m) == {1: -1}
    # Only 1m may be wild, and 1m is already held four times: distinct seven
    # pairs cannot use the wilds at all.
    distinct = dataclasses.replace(only_1m, seven_pairs_distinct=True)
    assert not o.is_win(c, 2, distinct)
    # 11m 22m 33m 44m 55m + two new pairs: 4 draws, one of 1m thrown.
    assert o.shanten_by_form(c, 2, distinct) == {1: 3}


def test_shanten_fixed() -> None:
    assert o.shanten(hand("19m19p19s1234567z"), 0, DEFAULT) == 0
    assert o.shanten_by_form(hand("147m258p369s1234z"), 0, EVERYTHING)[3] == 0
    assert o.shanten_by_form(hand("147m258p369s1234z"), 0, EVERYTHING)[4] == 2
    # 4 + 4 + 4 + 1: a held fourth copy is no pair, and no fifth copy can be drawn.
    assert o.shanten_by_form(hand("1111m2222p3333s4z"), 0, DEFAULT) == {0: 2, 1: 0, 2: 10}
    # With two wilds: seven pairs (four of a kind = two pairs, wild pair) wins;
    # the standard form needs one draw (111m 222p 333s, 1m+W pair, 2p+W(3p)+4p).
    assert o.shanten_by_form(hand("1111m2222p3333s"), 2, DEFAULT) == {0: 0, 1: -1, 2: 9}
    # Wilds that may stand for nothing are thrown away: 111m 222p 333s and
    # four draws for a new set (with 1m, 2p or 3s) and a new pair.
    no_wild = RefRules(forms=frozenset({0}), wild_kinds=frozenset())
    assert o.shanten(hand("1111m2222p3333s"), 2, no_wild) == 3
    # Empty pair_kinds: the standard form is impossible and left out.
    assert o.shanten_by_form(hand("123m"), 1, RefRules(pair_kinds=frozenset())) == {}
    with pytest.raises(ValueError):
        o.shanten(hand("123m"), 1, RefRules(pair_kinds=frozenset()))


@pytest.mark.parametrize(
    ("counts", "w"),
    [
        ([0] * 33, 2),
        ([5] + [0] * 33, 0),
        ([-1] + [0] * 33, 3),
        ([0] * 34, -1),
        ([4] * 4 + [1] + [0] * 29, 1),  # 18 tiles
        ([1.5] + [0] * 33, 1),
    ],
)
def test_bad_input(counts: list, w: int) -> None:
    for f in (o.is_win, o.waits, o.shanten, o.shanten_by_form, o.decompositions):
        with pytest.raises(ValueError):
            f(counts, w, DEFAULT)


def test_wrong_tile_count() -> None:
    c = hand("123m45p")  # 5 tiles
    with pytest.raises(ValueError):
        o.waits(c, 0, DEFAULT)
    with pytest.raises(ValueError):
        o.is_win(c, 1, DEFAULT)
    with pytest.raises(ValueError):
        o.decompositions(c, 1, DEFAULT)
    with pytest.raises(ValueError):
        o.shanten(c, 1, DEFAULT)  # 6 tiles
    assert o.waits(c, 2, DEFAULT)  # 7 tiles
    assert o.shanten(c, 2, DEFAULT) == 0


def test_enum_like_rules_are_accepted() -> None:
    import enum

    class F(enum.IntEnum):
        STANDARD = 0
        SEVEN_PAIRS = 1

    @dataclasses.dataclass(frozen=True)
    class Rules:
        forms: tuple = (F.STANDARD, F.SEVEN_PAIRS)
        seven_pairs_distinct: bool = False
        honor_chows: bool = False
        pair_kinds: range = range(34)
        wild_kinds: range = range(34)

    c = hand("1122m3344p5566s77z")
    assert o.decompositions(c, 0, Rules()) == o.decompositions(c, 0, RefRules(forms=frozenset({0, 1})))


# ---------------------------------------------------------------------------
# Brute force.
# ---------------------------------------------------------------------------


def test_is_win_against_substitution_brute_force() -> None:
    rng = random.Random(20240611)
    wins = checked = 0
    won_forms: Counter[int] = Counter()
    for i in range(4000):
        w = i % 3
        rules = random_rules(rng)
        total = rng.choice([2, 5, 8, 11, 14, 14, 14, 17])
        c = random_case(rng, total, w, rules, special=0.8)
        if rng.random() < 0.25 and any(c):
            # Few wild kinds, taken from the hand: the wilds compete with
            # the real tiles (distinct seven pairs, fifth copies ...).
            held = [k for k in range(34) if c[k]]
            rules = dataclasses.replace(rules, wild_kinds=frozenset(rng.sample(held, min(len(held), rng.randint(1, 3)))))
        expected = brute_win_forms(c, w, rules)
        readings = o.decompositions(c, w, rules)
        got = {f for f, _ in readings}
        assert got == expected, (c, w, rules)
        assert o.is_win(c, w, rules) == bool(expected)
        for form, units in readings:
            check_reading(c, w, rules, form, units)
        wins += bool(expected)
        won_forms.update(expected)
        checked += 1
    # The generator does make winning hands, in every form.
    assert wins > checked // 6
    assert min(won_forms[f] for f in range(7)) >= 10, won_forms


def test_decompositions_against_unit_picking() -> None:
    rng = random.Random(7)
    n_readings = 0
    for _i in range(600):
        total = rng.choice([2, 5, 8, 11, 14])
        w = min(total, rng.choice([0, 0, 1, 2, 3]))
        rules = random_rules(rng)
        c = random_case(rng, total, w, rules)
        got = o.decompositions(c, w, dataclasses.replace(rules, forms=frozenset({0, 1})))
        assert {u for f, u in got if f == 0} == brute_standard_readings(c, w, rules), (c, w, rules)
        pairs = brute_seven_pairs_readings(c, w, rules) if total == 14 else set()
        assert {u for f, u in got if f == 1} == pairs, (c, w, rules)
        n_readings += len(got)
    assert n_readings > 150


def brute_singles_readings(counts: Sequence[int], w: int, rules: RefRules, form: int) -> set[tuple]:
    """Readings of thirteen orphans / 全不靠 / 七星不靠 / 十三烂 from every
    substitution of the wilds: each unit names its kind, so a winning
    substitution gives exactly one reading."""
    out = set()
    for subs in itertools.combinations_with_replacement(sorted(rules.wild_kinds), w):
        c = list(counts)
        for k in subs:
            c[k] += 1
        if not plain_form(form, tuple(c), rules):
            continue
        n_wild = Counter(subs)
        units = [(0 if c[k] == 2 else 5, k, n_wild[k]) for k in range(34) if c[k]]
        out.add(tuple(sorted(units)))
    return out


def brute_knitted_straight_readings(counts: Sequence[int], w: int, rules: RefRules) -> set[tuple]:
    out = set()
    for a in range(6):
        kinds = o.knitted_kinds(a)
        for mask in range(512):
            wild_at = [kinds[i] for i in range(9) if mask >> i & 1]
            real_at = [kinds[i] for i in range(9) if not mask >> i & 1]
            if len(wild_at) > w or any(k not in rules.wild_kinds for k in wild_at):
                continue
            rest = list(counts)
            for k in real_at:
                rest[k] -= 1
            if min(rest) < 0:
                continue
            for units in brute_standard_readings(rest, w - len(wild_at), rules):
                out.add(tuple(sorted(units + ((4, a, mask),))))
    return out


def test_special_readings_against_brute_force() -> None:
    rng = random.Random(17)
    found: Counter[int] = Counter()
    for i in range(500):
        rules = dataclasses.replace(random_rules(rng), forms=frozenset({2, 3, 4, 5, 6}))
        total = 14 if i % 4 else 11
        w = rng.choice([0, 1, 2])
        c = random_case(rng, total, w, rules, special=0.9)
        got = o.decompositions(c, w, rules)
        for form in (2, 3, 4, 6):
            expected = brute_singles_readings(c, w, rules, form) if total == 14 else set()
            assert {u for f, u in got if f == form} == expected, (c, w, rules, form)
            found[form] += len(expected)
        expected = brute_knitted_straight_readings(c, w, rules)
        assert {u for f, u in got if f == 5} == expected, (c, w, rules)
        found[5] += len(expected)
    assert min(found.values()) > 10, found


def test_waits_definition() -> None:
    rng = random.Random(11)
    for _i in range(150):
        total = rng.choice([1, 4, 7, 10, 13, 13, 16])
        w = min(total, rng.choice([0, 0, 1, 2]))
        rules = random_rules(rng)
        c = random_case(rng, total, w, rules)
        expected = tuple(k for k in range(34) if c[k] < 4 and o.is_win(plus(c, k), w, rules))
        assert o.waits(c, w, rules) == expected


# --- shanten --------------------------------------------------------------


def brute_small_draws(counts: Sequence[int], w: int, rules: RefRules) -> int | None:
    """d of the standard form by listing every target (n sets + a pair, as a
    kind multiset) and, for each, every way of spreading the wilds over its
    kinds; the rest of each kind comes from held copies, then from draws
    (at most 4 - counts[k] of them)."""
    n = (sum(counts) + w) // 3
    sets = [(k, k, k) for k in range(34)]
    sets += [(s, s + 1, s + 2) for s in range(27) if s % 9 <= 6]
    if rules.honor_chows:
        sets += [*itertools.combinations(o.WINDS, 3), o.DRAGONS]
    best = None
    for combo in itertools.combinations_with_replacement(sets, n):
        for p in sorted(rules.pair_kinds):
            target = Counter(k for s in combo for k in s)
            target[p] += 2
            kinds = sorted(target)
            wild_kinds_here = [k for k in kinds if k in rules.wild_kinds]
            for used in range(w + 1):
                for alloc in itertools.combinations_with_replacement(wild_kinds_here, used):
                    a = Counter(alloc)
                    draws = 0
                    for k in kinds:
                        if a[k] > target[k]:
                            break
                        drawn = max(0, target[k] - a[k] - counts[k])
                        if drawn > 4 - counts[k]:
                            break
                        draws += drawn
                    else:
                        best = draws if best is None else min(best, draws)
    return best


def test_shanten_small_hands_brute_force() -> None:
    rng = random.Random(3)
    for _i in range(70):
        rules = dataclasses.replace(random_rules(rng), forms=frozenset({0}))
        total = rng.choice([1, 2, 4, 5])
        w = rng.randint(0, min(2, total))
        c = random_case(rng, total, w, rules)
        d = brute_small_draws(c, w, rules)
        got = o.shanten_by_form(c, w, rules)
        assert got.get(0) == (None if d is None else d - 1), (c, w, rules)
    # A few hands with two sets (bigger brute force).
    for i in range(8):
        wild_kinds = frozenset(rng.sample(range(34), 2)) if i % 4 else ALL
        rules = RefRules(forms=frozenset({0}), pair_kinds=PAIR_258, wild_kinds=wild_kinds, honor_chows=bool(i % 2))
        w = rng.randint(0, 2)
        c = random_case(rng, 7 + i % 2, w, rules)
        assert o.shanten_by_form(c, w, rules)[0] == brute_small_draws(c, w, rules) - 1, (c, w, rules)


def test_suit_table_against_enumeration() -> None:
    rng = random.Random(5)
    shapes = o.suit_set_shapes()
    for i in range(40):
        h = tuple(rng.choice([0, 0, 0, 1, 1, 2, 3, 4]) for _ in range(9))
        off = tuple(rng.choice([0, 0, 0, 1]) for _ in range(9)) if i % 2 else (0,) * 9
        wild = tuple(rng.random() < 0.5 for _ in range(9))
        pairable = tuple(rng.random() < 0.7 for _ in range(9))
        nmax = 4 if i < 3 else rng.randint(0, 3)
        emax = rng.randint(0, 3)
        assert o._suit_table(h, off, wild, pairable, nmax, emax) == o._enumerated_table(
            tuple(range(9)), shapes, h, off, wild, pairable, nmax, emax
        )


def _list34(c: Sequence[int]) -> list[int]:
    return [int(x) for x in c]


def test_shanten_against_peers() -> None:
    """Without wilds: standard form == mahjong's regular shanten; standard +
    distinct seven pairs + thirteen orphans == xiangting; seven pairs and
    thirteen orphans == mahjong's chiitoitsu / kokushi shanten."""
    rng = random.Random(99)
    sh = Shanten()
    stats = Counter()
    for i in range(600):
        # Without wilds the wild kinds must not matter.
        wild_kinds = [ALL, frozenset(), frozenset(rng.sample(range(34), 10))][i % 3]
        riichi = RefRules(forms=frozenset({0, 1, 2}), seven_pairs_distinct=True, wild_kinds=wild_kinds)
        standard = RefRules(forms=frozenset({0}), wild_kinds=wild_kinds)
        total = rng.choice([13, 13, 14, 14, 1, 2, 4, 5, 7, 8, 10, 11])
        c = random_case(rng, total, 0, DEFAULT, quads=0.3)
        by_form = o.shanten_by_form(c, 0, riichi)
        assert o.shanten(c, 0, standard) == sh.calculate_shanten_for_regular_hand(_list34(c)), c
        stats["regular"] += 1
        assert min(by_form.values()) == xiangting.calculate_replacement_number(_list34(c), xiangting.PlayerCount.FOUR) - 1, c
        stats["xiangting"] += 1
        if total in (13, 14):
            assert by_form[1] == sh.calculate_shanten_for_chiitoitsu_hand(_list34(c)), c
            assert by_form[2] == sh.calculate_shanten_for_kokushi_hand(_list34(c)), c
            stats["special"] += 1
    assert stats["special"] > 100


# PyMahjongGB names: W = characters (m), B = dots (p), T = bamboo (s),
# F1..F4 = winds, J1 J2 J3 = Red Green White.
GB_NAMES = (
    [f"W{i}" for i in range(1, 10)] + [f"B{i}" for i in range(1, 10)] + [f"T{i}" for i in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)


def test_shanten_against_pymahjonggb() -> None:
    """Without wilds, against PyMahjongGB (Chinese Official rules): seven
    pairs (four of a kind = two pairs), thirteen orphans and 全不靠 agree
    exactly (GB's 全不靠 value covers 七星不靠, which is never lower).  GB's
    regular and 组合龙 shanten do not know the 4-copy limit, so they agree
    when no kind is held four times and are never higher otherwise."""
    rng = random.Random(4)
    stats = Counter()
    for _i in range(450):
        total = rng.choice([13, 13, 13, 10, 7, 4, 1])
        c = random_case(rng, total, 0, EVERYTHING, special=0.6, quads=0.2)
        tiles = tuple(GB_NAMES[k] for k in range(34) for _ in range(c[k]))
        by_form = o.shanten_by_form(c, 0, EVERYTHING)
        gb = {0: MahjongGB.RegularShanten(tiles)[0]}
        if total == 13:
            gb[1] = MahjongGB.SevenPairsShanten(tiles)[0]
            gb[2] = MahjongGB.ThirteenOrphansShanten(tiles)[0]
            gb[3] = MahjongGB.HonorsAndKnittedTilesShanten(tiles)[0]
            assert by_form[3] <= by_form[4]
        if total >= 10:
            gb[5] = MahjongGB.KnittedStraightShanten(tiles)[0]
        for f, value in gb.items():
            if f in (0, 5) and max(c) == 4:
                assert by_form[f] >= value, (f, tiles)
                stats["4-copy", by_form[f] == value] += 1
            else:
                assert by_form[f] == value, (f, tiles)
                stats[f] += 1
    assert stats[("4-copy", False)] > 10 and all(stats[f] > 50 for f in (0, 1, 2, 3, 5)), stats


def _forms_at(total: int, rules: RefRules) -> set[int]:
    out = set()
    for f in rules.forms:
        if f == 0 or (f == 5 and total in (10, 11, 13, 14)) or (f not in (0, 5) and total in (13, 14)):
            out.add(f)
    return out


def test_shanten_identities() -> None:
    """d is the length of a shortest draw/discard path:
    - T = 3n + 2: d = 0 iff the hand wins; otherwise d = min over every
      discard (a real tile or a wild) of d(hand - tile).
    - T = 3n + 1: d = 1 + min over draws k (counts[k] < 4) of d(hand + k).
    Both hold form by form, and with the waits: d = 1 iff waits non-empty."""
    rng = random.Random(2025)
    for _i in range(80):
        rules = random_rules(rng)
        if not rules.pair_kinds:
            continue
        total = rng.choice([5, 8, 11, 13, 14, 14, 14])
        w = rng.choice([0, 1, 1, 2, 3])
        c = random_case(rng, total, w, rules)
        by_form = o.shanten_by_form(c, w, rules)
        assert set(by_form) == _forms_at(total, rules)
        if total % 3 == 2:
            wins = {f for f, _ in o.decompositions(c, w, rules)}
            assert {f for f, s in by_form.items() if s == -1} == wins
            smaller = [o.shanten_by_form(plus(c, k, -1), w, rules) for k in range(34) if c[k]]
            if w:
                smaller.append(o.shanten_by_form(c, w - 1, rules))
            for f, s in by_form.items():
                if s >= 0:
                    assert s == min(x[f] for x in smaller), (c, w, rules, f)
        else:
            bigger = [o.shanten_by_form(plus(c, k), w, rules) for k in range(34) if c[k] < 4]
            for f, s in by_form.items():
                assert s == 1 + min(x[f] for x in bigger), (c, w, rules, f)
            ready = [f for f, s in by_form.items() if s == 0]
            assert bool(ready) == bool(o.waits(c, w, rules))


def test_shanten_matches_is_win_and_waits() -> None:
    rng = random.Random(8)
    for _i in range(200):
        rules = random_rules(rng)
        rules = dataclasses.replace(rules, forms=rules.forms | {0})
        total = rng.choice([2, 4, 5, 7, 8, 10, 11, 13, 14, 14, 16, 17])
        w = min(total, rng.choice([0, 0, 1, 2, 4]))
        c = random_case(rng, total, w, rules)
        s = o.shanten(c, w, rules)
        if total % 3 == 2:
            assert (s == -1) == o.is_win(c, w, rules)
        else:
            assert s >= 0
            assert (s == 0) == bool(o.waits(c, w, rules))


def test_shanten_per_form_matches_readings() -> None:
    """Form by form: shanten -1 iff the form has a reading (T = 3n + 2);
    shanten 0 iff one real draw gives the form a reading (T = 3n + 1)."""
    rng = random.Random(31)
    hits: Counter[tuple[int, int]] = Counter()
    for _i in range(260):
        rules = dataclasses.replace(random_rules(rng), forms=o.ALL_FORMS)
        total = rng.choice([10, 11, 13, 14, 14])
        w = rng.choice([0, 0, 1, 2])
        c = random_case(rng, total, w, rules, special=0.8)
        by_form = o.shanten_by_form(c, w, rules)
        assert set(by_form) == _forms_at(total, rules)
        if total % 3 == 2:
            winning = {f for f, _ in o.decompositions(c, w, rules)}
            assert {f for f, x in by_form.items() if x == -1} == winning, (c, w, rules)
            hits.update((f, -1) for f in winning)
        else:
            ready = set()
            for k in range(34):
                if c[k] < 4:
                    ready |= {f for f, _ in o.decompositions(plus(c, k), w, rules)}
            assert {f for f, x in by_form.items() if x == 0} == ready, (c, w, rules)
            hits.update((f, 0) for f in ready)
    assert all(hits[(f, -1)] and hits[(f, 0)] for f in range(7)), hits
