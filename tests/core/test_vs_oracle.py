"""The compiled kernels against the slow pure-Python oracle (tests/reference).

Random hands with 0-4 wild tiles under many rule configurations: is_win,
waits, shanten per form and every decomposition must be equal.
"""

from __future__ import annotations

import mahjong_core as mc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_core import Form, HandRules
from reference import oracle

SUIT_2_TO_8 = [s * 9 + i for s in range(3) for i in range(1, 8)]
RULES = [
    HandRules(),
    HandRules(forms=set(Form)),
    HandRules(forms={Form.STANDARD, Form.SEVEN_PAIRS}, seven_pairs_distinct=True),
    HandRules(forms={Form.STANDARD}, honor_chows=True),
    HandRules(forms={Form.STANDARD, Form.SEVEN_PAIRS}, pair_kinds=HandRules.PAIR_258),
    HandRules(wild_kinds=range(27, 34)),  # whole parts: table path
    HandRules(forms={Form.STANDARD, Form.SEVEN_PAIRS}, wild_kinds=SUIT_2_TO_8),  # slow path
    HandRules(forms={Form.STANDARD}, wild_kinds=[31], honor_chows=True),  # one wild kind (红中-like)
    HandRules(forms={Form.KNITTED, Form.GREATER_KNITTED, Form.KNITTED_STRAIGHT, Form.SHISANLAN}),
    # the knitted forms with every other kind wild: a missing knitted tile
    # a wild may stand for, or not
    HandRules(forms={Form.STANDARD, Form.KNITTED, Form.GREATER_KNITTED, Form.KNITTED_STRAIGHT},
              wild_kinds=range(0, 34, 2)),
]



def oracle_rules(rules: HandRules) -> oracle.RefRules:
    """The same rules for the oracle, with its own definitions: a rule set
    pairing only 2-5-8 gets ``oracle.PAIR_258`` (ranks written out there),
    not the kernel's ``HandRules.PAIR_258``, so a wrong mask cannot hide."""
    pair_kinds = oracle.PAIR_258 if rules.pair_kinds == HandRules.PAIR_258 else frozenset(rules.pair_kinds)
    return oracle.RefRules(
        forms=frozenset(int(f) for f in rules.forms),
        seven_pairs_distinct=rules.seven_pairs_distinct,
        honor_chows=rules.honor_chows,
        pair_kinds=pair_kinds,
        wild_kinds=frozenset(rules.wild_kinds),
    )


def test_the_oracle_pairs_only_2_5_8_on_its_own() -> None:
    assert sorted(oracle.PAIR_258) == [1, 4, 7, 10, 13, 16, 19, 22, 25]
    assert oracle_rules(RULES[4]).pair_kinds is oracle.PAIR_258


rules_st = st.sampled_from(RULES)

SETS = [(k, k, k) for k in range(34)] + [(s * 9 + i, s * 9 + i + 1, s * 9 + i + 2) for s in range(3) for i in range(7)]
KNIT = [oracle.knitted_kinds(a) for a in range(6)]


@st.composite
def hands(draw: st.DrawFn, mods: tuple[int, ...]) -> tuple[list[int], int]:
    """A hand near a complete one (so wins and waits are common): sets, a pair
    or a knitted group, some tiles replaced at random, some turned into wilds."""
    style = draw(st.sampled_from(["sets", "sets", "random", "knitted", "pairs"]))
    tiles: list[int] = []
    if style == "sets":
        for _ in range(draw(st.integers(0, 5))):
            tiles += draw(st.sampled_from(SETS))
        tiles += [draw(st.integers(0, 33))] * 2
    elif style == "knitted":
        tiles += list(draw(st.sampled_from(KNIT)))
        tiles += draw(st.lists(st.integers(0, 33), max_size=5))
    elif style == "pairs":
        for _ in range(7):
            tiles += [draw(st.integers(0, 33))] * 2
    else:
        tiles = draw(st.lists(st.integers(0, 33), max_size=17))
    for _ in range(draw(st.integers(0, 3))):
        if tiles:
            tiles[draw(st.integers(0, len(tiles) - 1))] = draw(st.integers(0, 33))
    w = 0
    for _ in range(draw(st.integers(0, 4))):
        if tiles:
            tiles.pop(draw(st.integers(0, len(tiles) - 1)))
            w += 1
    counts = [0] * 34
    for k in tiles:
        if counts[k] < 4:
            counts[k] += 1
    total = sum(counts) + w
    # trim to a size with the right remainder, at most 17
    while total > 17 or total % 3 not in mods:
        if w and (total > 17 or draw(st.booleans())):
            w -= 1
        elif sum(counts):
            k = max(range(34), key=lambda i: (counts[i], i))
            counts[k] -= 1
        else:
            w += 1
        total = sum(counts) + w
    return counts, w


def units_add_up(d: mc.Decomposition) -> tuple[list[int], int]:
    """The real tiles and the wilds that a reading's units hold."""
    real = [0] * 34
    wild = 0
    for shape, kind, x in d.units:
        if shape in (mc.Shape.PAIR, mc.Shape.PUNG, mc.Shape.SINGLE):
            size = {mc.Shape.PAIR: 2, mc.Shape.PUNG: 3, mc.Shape.SINGLE: 1}[shape]
            real[kind] += size - x
            wild += x
            continue
        if shape == mc.Shape.CHOW:
            members = [kind, kind + 1, kind + 2]
        elif shape == mc.Shape.HONOR_CHOW:
            members = [27 + j for j in range(7) if (kind >> j) & 1]
        elif shape == mc.Shape.KNITTED:
            members = list(oracle.knitted_kinds(kind))
        else:  # WILD_PAIR, WILD_SET
            wild += x
            continue
        for j, k in enumerate(members):
            if (x >> j) & 1:
                wild += 1
            else:
                real[k] += 1
    return real, wild


FAST = settings(max_examples=int(__import__("os").environ.get("ORACLE_EXAMPLES", "600")), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(hands((2,)), rules_st)
def test_is_win_and_decompositions(hand: tuple[list[int], int], rules: HandRules) -> None:
    counts, w = hand
    c = mc.Counts(counts)
    ref = oracle_rules(rules)
    expected = oracle.decompositions(counts, w, ref)
    got = mc.decompositions(c, wilds=w, rules=rules)
    assert mc.is_win(c, wilds=w, rules=rules) == oracle.is_win(counts, w, ref) == bool(expected)
    for d in got:
        assert units_add_up(d) == (counts, w), d
    as_tuples = {(int(d.form), tuple((int(s), k, x) for s, k, x in d.units)) for d in got}
    assert len(as_tuples) == len(got)  # distinct
    assert as_tuples == expected


@FAST
@given(hands((1,)), rules_st)
def test_waits(hand: tuple[list[int], int], rules: HandRules) -> None:
    counts, w = hand
    assert mc.waits(mc.Counts(counts), wilds=w, rules=rules) == oracle.waits(counts, w, oracle_rules(rules))


@FAST
@given(hands((1, 2)), rules_st)
def test_shanten_by_form(hand: tuple[list[int], int], rules: HandRules) -> None:
    counts, w = hand
    expected = oracle.shanten_by_form(counts, w, oracle_rules(rules))
    got = mc.shanten_by_form(mc.Counts(counts), wilds=w, rules=rules)
    assert {int(f): v for f, v in got.items()} == expected
    if expected:
        assert mc.shanten(mc.Counts(counts), wilds=w, rules=rules) == min(expected.values())


LAN_SUIT = [
    (a, b, c) for a in range(9) for b in range(a + 3, 9) for c in range(b + 3, 9)
] + [(a, b) for a in range(9) for b in range(a + 3, 9)]
"""The numbers (0-based) of three or two kinds of a suit, no two closer than 3."""


def test_shisanlan_shanten_with_wild_kinds_matches_the_oracle() -> None:
    """十三烂 shanten (the kernel's per-suit DP, which keeps only the best
    pattern of each size and wild-fillable count) against the oracle on
    seeded scattered hands, with wild kinds in the suits and the honours
    (南昌's 正精 and 副精) and 0-3 wilds: the rule sets whose bots aim at
    十三烂 call it on every discard.  A third of the rules let a wild stand
    for every kind of each suit or none (any kind, as 南昌's 精 in play; a
    few whole suits and honours): the kernel's per-suit table path."""
    import random

    rng = random.Random(1311)
    checked = 0
    for i in range(1500):
        if i % 3 == 2:
            parts = [range(0, 9), range(9, 18), range(18, 27), range(27, 34), range(27, 31)]
            wild_kinds = [k for p in rng.sample(parts, rng.randint(0, 4)) for k in p]
            if rng.random() < 0.5:
                wild_kinds = list(range(34))
        else:
            wild_kinds = rng.sample(range(34), rng.choice((0, 1, 2, 2, 3)))
        rules = HandRules(forms={Form.SHISANLAN}, wild_kinds=wild_kinds)
        size = rng.choice((13, 14))
        w = rng.choice((0, 0, 1, 1, 2, 3))
        counts = [0] * 34
        if rng.random() < 0.5:  # near a 十三烂: a valid one, some tiles changed
            kinds = [s * 9 + i for s in range(3) for i in rng.choice(LAN_SUIT)]
            kinds += rng.sample(range(27, 34), min(7, 14 - len(kinds)))
            kinds = rng.sample(kinds, min(len(kinds), size - w))
            for _ in range(rng.randint(0, 3)):
                kinds[rng.randrange(len(kinds))] = rng.randrange(34)
        else:
            kinds = rng.sample(range(34), rng.randint(8, size - w))
        for k in kinds:
            counts[k] += 1
        while sum(counts) + w < size:
            k = rng.choice(kinds) if rng.random() < 0.7 else rng.randrange(34)
            if counts[k] < 4:
                counts[k] += 1
        expected = oracle.shanten_by_form(counts, w, oracle_rules(rules))
        got = mc.shanten_by_form(mc.Counts(counts), wilds=w, rules=rules)
        assert {int(f): v for f, v in got.items()} == expected, (counts, w, wild_kinds)
        checked += 1
    assert checked == 1500
