"""The compiled MCR kernel (``mahjong_core._mcr``) against the readable
Python path of ``guobiao`` (``engine="python"``).

Both are built from the one fan table: the Python path calls each predicate
as a Python function on a :class:`~guobiao.Reading` made from the core's
decompositions; the kernel finds the readings itself, computes the same
feature record in C and runs the predicates as bytecode.  These tests ask
for the same sheet on random situations (every option), the same readings
with the same feature records, the same set-combination counts on every
possible set of chows and of pungs, and the same value of every predicate
on random feature records.

``GUOBIAO_KERNEL_N`` sets the number of random situations (default 4,000).
"""

from __future__ import annotations

import itertools
import os
import random
from types import SimpleNamespace
from typing import Any

import gb_random
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_core import _mcr
from mahjong_core.errors import InvalidHandError, MahjongError
from mahjong_core.rules import ScoreSheet, WinContext
from mahjong_core.tiles import Meld, MeldKind, counts_of, parse_tiles
from mahjong_core.variants import guobiao
from mahjong_core.variants.guobiao import (
    EXTRA_FANS,
    EXTRAS,
    FANS,
    Guobiao,
    KnittedWait,
    MixedKongs,
    PredicateError,
    chow_combinations,
    compile_predicate,
    pung_combinations,
)

N = int(os.environ.get("GUOBIAO_KERNEL_N", "4000"))
SEED = 20260601

RULE_SETS = {
    "default": Guobiao(),
    "1998-outside-extras": Guobiao(
        mixed_kongs=MixedKongs.LITERAL_1998, knitted_wait=KnittedWait.OUTSIDE_ONLY, extras=EXTRAS
    ),
    "extras": Guobiao(extras=EXTRAS),
    "1998-literal": Guobiao(exclusions="1998-literal"),
    "1998-literal-all": Guobiao(
        exclusions="1998-literal", mixed_kongs=MixedKongs.LITERAL_1998, knitted_wait=KnittedWait.OUTSIDE_ONLY,
        extras=EXTRAS,
    ),
    "1998-literal-no-seven-pairs-concealed": Guobiao(exclusions="1998-literal", seven_pairs_concealed_hand=False),
    "seven-pairs-concealed": Guobiao(seven_pairs_concealed_hand=True),
}


def context(s: gb_random.Situation, rng: random.Random | None = None) -> WinContext:
    """The WinContext of a situation; with ``rng``, random first-turn flags
    and a 混杠 instant as well (they only matter with ``extras``)."""
    extra: dict[str, Any] = {}
    if rng is not None:
        extra = dict(
            first_turn=rng.random() < 0.2,
            first_go_around=rng.random() < 0.2,
            dealer=rng.random() < 0.3,
            instant="混杠" if rng.random() < 0.05 else None,
        )
    return WinContext(
        seat=0,
        concealed=tuple(sorted(s.hand + (s.win,))),
        win_tile=s.win,
        melds=s.melds,
        self_drawn=s.self_drawn,
        discarder=None if s.self_drawn else 1,
        seat_wind=s.seat,
        round_wind=s.round,
        flowers=tuple(range(34, 34 + s.flowers)),
        kong_replacement=s.kong and s.self_drawn,
        robbed_kong=s.kong and not s.self_drawn,
        last_tile=s.last,
        fourth_tile=s.fourth,
        **extra,
    )


def situations(n: int, seed: int) -> list[gb_random.Situation]:
    rng = random.Random(seed)
    out: list[gb_random.Situation] = []
    while len(out) < n:
        s = gb_random.random_situation(rng)
        if s is not None:
            out.append(s)
    return out


SITUATIONS = situations(N, SEED)


# ---------------------------------------------------------------------------
# Whole sheets
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_compiled_sheets_equal_python_sheets(name: str) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(SEED + 1)
    bad = []
    for s in SITUATIONS:
        ctx = context(s, rng if name != "default" else None)
        fast, slow = rules.score(ctx), rules.score_reference(ctx)
        assert type(fast) is ScoreSheet
        if fast != slow:
            bad.append(f"{s}: compiled {fast}, python {slow}")
    assert not bad, f"{len(bad)} of {len(SITUATIONS)} differ; first:\n" + "\n".join(bad[:5])


def test_notation_engines_agree() -> None:
    for s in SITUATIONS[:1000]:
        args = s.score_args()
        assert guobiao.score(**args) == guobiao.score(**args, engine="python")  # type: ignore[arg-type]


def test_the_dealt_hand_without_a_winning_tile() -> None:
    """天和 with no winning tile (win = -1): no wait fans, the same either way."""
    rules = Guobiao(extras=EXTRAS)
    ctx = WinContext(
        seat=0, concealed=tuple(sorted(parse_tiles("123456789m234p55s"))), win_tile=-1,
        self_drawn=True, dealer=True, first_turn=True,
    )
    sheet = rules.score(ctx)
    assert sheet == rules.score_reference(ctx)
    assert "天和" in sheet.names() and not {"边张", "坎张", "单钓将"} & set(sheet.names())


@pytest.mark.parametrize(("ctx", "match"), [
    (dict(concealed=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 35), win_tile=0), "flower"),
    (dict(concealed=(0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9), win_tile=0), "five copies"),
    (dict(concealed=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), win_tile=0), "14 tiles"),
    (dict(concealed=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 13), win_tile=0), "not a winning hand"),
    (dict(concealed=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12), win_tile=30), "winning tile"),
    (dict(concealed=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12), win_tile=0, seat_wind=4), "winds"),
    (dict(concealed=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12), win_tile=0, wilds=1), "wild"),
    (dict(concealed=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), win_tile=0, melds=(Meld(MeldKind.PON, (9, 9, 9)),)),
     "five copies|14 tiles|winning"),
])
def test_invalid_contexts_raise_the_python_paths_errors(ctx: dict[str, Any], match: str) -> None:
    """The kernel declines what it cannot score; the Python path says why."""
    rules = Guobiao()
    full = WinContext(seat=0, **ctx)
    with pytest.raises(InvalidHandError, match=match):
        rules.score(full)
    with pytest.raises(InvalidHandError, match=match):
        rules.score_reference(full)


def test_kernel_declines_what_it_cannot_score() -> None:
    t = RULE_SETS["default"]._kernel
    ok = _mcr.score(t, (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12), 12, (), False, False, False, False, 0, 0, 0)
    assert isinstance(ok, ScoreSheet) and ok.total > 0
    assert _mcr.score(t, ("x",) * 14, 0, (), False, False, False, False, 0, 0, 0) is None
    assert _mcr.score(t, (0,) * 15, 0, (), False, False, False, False, 0, 0, 0) is None
    assert _mcr.score(t, (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12), 12, (), False, False, False, False,
                      0, 0, 9) is None
    assert _mcr.score(t, (0, 1, 2), 0, [object()] * 4, False, False, False, False, 0, 0, 0) is None


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_rule_sets_pickle_and_copy(name: str) -> None:
    """The compiled table is rebuilt from the options, not copied."""
    import copy
    import pickle

    rules = RULE_SETS[name]
    ctx = context(SITUATIONS[0])
    for other in (pickle.loads(pickle.dumps(rules)), copy.deepcopy(rules), copy.copy(rules)):
        assert type(other) is type(rules) and other.options == rules.options
        assert other.score(ctx) == rules.score(ctx) == other.score_reference(ctx)


def test_engine_option_is_checked() -> None:
    with pytest.raises(MahjongError, match="engine"):
        guobiao.score("123456789m234p5s", win_tile="5s", engine="fast")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Readings and their features
# ---------------------------------------------------------------------------


def python_records(rules: Guobiao, ctx: WinContext) -> list[tuple[int, ...]]:
    """The Python path's readings, in counting order, as feature records."""
    w = guobiao._Win(
        counts=counts_of(ctx.concealed), win=ctx.win_tile, melds=tuple(ctx.melds), self_drawn=ctx.self_drawn,
        kong=ctx.kong_replacement or ctx.robbed_kong, last_tile=ctx.last_tile, fourth_tile=ctx.fourth_tile,
        seat_wind=ctx.seat_wind, round_wind=ctx.round_wind, flowers=len(ctx.flowers), first_turn=ctx.first_turn,
        first_go_around=ctx.first_go_around, dealer=ctx.dealer, instant=ctx.instant,
    )
    guobiao._check(w)
    out = []
    for r in guobiao._sorted_readings(guobiao._readings(w, rules.options)):
        out.append(
            tuple(int(getattr(r, name)) for name in _mcr.FEATURES)
            + tuple(r.combos.get(name, 0) for name in _mcr.COMBOS)
        )
    return out


def kernel_records(rules: Guobiao, ctx: WinContext) -> list[tuple[int, ...]] | None:
    return _mcr._py_readings(  # type: ignore[no-any-return]
        rules._kernel, ctx.concealed, ctx.win_tile, ctx.melds, ctx.self_drawn,
        ctx.kong_replacement or ctx.robbed_kong, ctx.last_tile, ctx.fourth_tile, ctx.seat_wind, ctx.round_wind,
        len(ctx.flowers), ctx.first_turn, ctx.first_go_around, ctx.dealer, False, ctx.instant == "混杠",
    )


@pytest.mark.parametrize("name", ["default", "1998-outside-extras"])
def test_same_readings_same_features(name: str) -> None:
    rules = RULE_SETS[name]
    names = _mcr.FEATURES + tuple(f"combos[{c}]" for c in _mcr.COMBOS)
    rng = random.Random(SEED + 2)
    kinds = set()
    for s in SITUATIONS:
        ctx = context(s, rng)
        ours, ref = kernel_records(rules, ctx), python_records(rules, ctx)
        assert ours is not None
        assert len(ours) == len(ref), (s, ours, ref)
        for a, b in zip(ours, ref):
            diff = {n: (x, y) for n, x, y in zip(names, a, b) if x != y}
            assert not diff, (s, diff)
            kinds.add(a[0])
    assert kinds == {1, 2, 4, 8, 16, 32, 64}  # every reading kind was compared


def test_feature_names_are_reading_attributes() -> None:
    r = guobiao.Reading(kind=guobiao.STD, mask=0, suits=0, ranks=0)
    for name in _mcr.FEATURES:
        assert isinstance(getattr(r, name), int), name
    assert set(_mcr.COMBOS) <= {f.zh for f in FANS}


def random_standing(rng: random.Random) -> list[int]:
    """3n+1 tiles from one or two suits and a few honours (often ready)."""
    n = rng.choice((1, 4, 7, 10, 13, 13, 13))
    kinds = [k for s in rng.sample(range(3), rng.choice((1, 1, 2))) for k in range(9 * s, 9 * s + 9)]
    kinds += rng.sample(range(27, 34), rng.choice((0, 1, 2)))
    counts = dict.fromkeys(kinds, 0)
    out: list[int] = []
    while len(out) < n:
        k = rng.choice(kinds)
        if counts[k] < 4:
            counts[k] += 1
            out.append(k)
    return out


def test_wait_counts_match_the_core() -> None:
    """The kernel's wait count (by parts, capped at 2) against the core's
    waits (plus a fifth copy of a kind held four times)."""
    table = RULE_SETS["default"]._kernel
    rng = random.Random(SEED + 3)
    seen = set()
    for i in range(30000):
        if i < len(SITUATIONS):
            standing, pairs = list(SITUATIONS[i].hand), not SITUATIONS[i].melds
        else:
            standing, pairs = random_standing(rng), rng.random() < 0.5
        fast, core = _mcr._py_waits(table, standing, pairs)
        assert fast == min(core, 2), (standing, pairs, fast, core)
        seen.add(fast)
    assert seen == {0, 1, 2}
    with pytest.raises(ValueError):
        _mcr._py_waits(table, [0, 1], False)


# ---------------------------------------------------------------------------
# Set combinations: every set of chows and of pungs
# ---------------------------------------------------------------------------

CHOW_STARTS = [s * 9 + r for s in range(3) for r in range(7)]


def as_record(found: dict[str, int]) -> tuple[int, ...]:
    assert set(found) <= set(_mcr.COMBOS), found
    return tuple(found.get(name, 0) for name in _mcr.COMBOS)


def test_chow_combinations_every_multiset() -> None:
    n = 0
    for size in range(5):
        for chows in itertools.combinations_with_replacement(CHOW_STARTS, size):
            assert _mcr._py_combos(chows, ()) == as_record(chow_combinations(chows)), chows
            n += 1
    assert n == 1 + 21 + 231 + 1771 + 10626


def test_pung_combinations_every_set() -> None:
    n = 0
    for size in range(5):
        for pungs in itertools.combinations(range(34), size):
            assert _mcr._py_combos((), pungs) == as_record(pung_combinations(pungs)), pungs
            n += 1
    assert n == 1 + 34 + 561 + 5984 + 46376


def test_combinations_take_any_order() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        chows = [rng.choice(CHOW_STARTS) for _ in range(rng.randrange(5))]
        pungs = rng.sample(range(34), rng.randrange(5))
        want = as_record({**chow_combinations(chows), **pung_combinations(pungs)})
        assert _mcr._py_combos(chows, pungs) == want
        rng.shuffle(chows)
        rng.shuffle(pungs)
        assert _mcr._py_combos(chows, pungs) == want
    with pytest.raises(ValueError):
        _mcr._py_combos([25], ())
    with pytest.raises(ValueError):
        _mcr._py_combos((), [0, 1, 2, 3, 4])


# ---------------------------------------------------------------------------
# Predicates: bytecode and Python functions
# ---------------------------------------------------------------------------

ALL_PREDICATES = sorted(
    {f.test for f in FANS + EXTRA_FANS if f.test}
    | {guobiao._literal_kongs(f).test for f in FANS if f.zh in ("明杠", "暗杠")}  # type: ignore[misc]
)

_BIG = 1 << 40
feature_value = st.one_of(
    st.integers(-1, 4), st.integers(0, 34), st.sampled_from([27, 28, 29, 30, 31, 32, 33, 63, 64, -2, _BIG]),
    st.integers(0, (1 << 34) - 1), st.integers(-(1 << 40), 1 << 40),
)
records = st.lists(feature_value, min_size=len(_mcr.FEATURES) + len(_mcr.COMBOS),
                   max_size=len(_mcr.FEATURES) + len(_mcr.COMBOS))


def reading_of(record: list[int]) -> SimpleNamespace:
    n = len(_mcr.FEATURES)
    r = SimpleNamespace(**dict(zip(_mcr.FEATURES, record[:n])))
    r.combos = {name: v for name, v in zip(_mcr.COMBOS, record[n:]) if v}
    return r


@given(records)
def test_every_predicate_same_value(record: list[int]) -> None:
    r = reading_of(record)
    for src in ALL_PREDICATES:
        fn, code = compile_predicate(src)
        assert _mcr._py_run(code, record) == int(fn(r)), src  # type: ignore[arg-type]


EXPRESSIONS = [
    "mask", "mask & 12", "not mask & 12", "bool(mask & 12)", "mask & 12 == 4", "4 == mask & 12",
    "kongs and pair", "kongs or pair", "kongs and pair or hog", "not (kongs or pair)",
    "kongs + pair - hog", "-kongs", "+kongs", "~mask & 7", "mask ^ 5", "mask | 8",
    "1 if kongs > 1 else 2", "kongs if pair else hog", "(kongs if pair else hog) + 1",
    "0 <= pair < 27", "0 < kongs <= 2 < hog", "kongs in (1, 2)", "kongs not in (1, 2, 3)", "pair in (5,)",
    "popcount(mask)", "popcount(~mask)", "bit(pair)", "bit(pair) & WINDS != 0", "bit(64 + kongs)",
    'combos["清龙"] and kind == STD', 'combos["一般高"] + combos["喜相逢"] >= 2',
    "kongs >= 2 and (pair < 0 or hog) and mask != 0", "not not kongs", "True", "False", "3",
    "kongs == pair", "kongs < pair", "kongs <= pair", "kongs > pair", "kongs >= pair", "kongs != pair",
    "(kongs & 3) == (pair & 3)", "kongs and not pair and hog > 1 and mask & 1",
]


@given(records)
def test_expression_semantics(record: list[int]) -> None:
    r = reading_of(record)
    for src in EXPRESSIONS:
        fn, code = compile_predicate(src)
        assert _mcr._py_run(code, record) == int(fn(r)), src  # type: ignore[arg-type]


@pytest.mark.parametrize(("src", "match"), [
    ("nonsense > 1", "unknown name"),
    ("mask.bit_count()", "only popcount"),
    ("mask.real", "not allowed"),
    ("len(mask)", "only popcount"),
    ("popcount(mask, 2)", "only popcount"),
    ('combos["七对"]', "combos"),
    ("mask << 2", "not allowed"),
    ("kongs in [1, 2]", "tuple of constants"),
    ("kongs in (pair,)", "tuple of constants"),
    ("lambda: 1", "not allowed"),
    ("kongs ==", "predicate"),
    ("1.5 < kongs", "integer"),
    ("kongs < 1180591620717411303424", "64 bits"),
])
def test_predicate_language_errors(src: str, match: str) -> None:
    with pytest.raises(PredicateError, match=match):
        compile_predicate(src)


@pytest.mark.parametrize(("code", "match"), [
    ([99, 0], "unknown opcode"),
    ([1], "truncated"),
    ([1, 999, 0], "feature"),
    ([0], "underflow"),
    ([1, 0, 1, 0, 0], "END with 2"),
    ([10, 0], "underflow"),
    ([1, 0, 30, 1, 0], "jump to 1"),
    ([1, 0, 30, 9, 0], "jump to 9"),
    ([1, 0, 30, 5, 1, 0, 0], "jump into"),
    ([1, 0], "does not end"),
    ([1, 0, 0, 1, 0, 0], "unreachable"),
    ([1, 0] * 17 + [10] * 16 + [0], "deeper"),
])
def test_bytecode_verifier(code: list[int], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        _mcr._py_run(code, [0] * (len(_mcr.FEATURES) + len(_mcr.COMBOS)))


def test_table_rejects_bad_input() -> None:
    t = RULE_SETS["default"]._table
    good: dict[str, Any] = dict(
        codes=[compile_predicate(f.test)[1] if f.test else None for f in t.fans],
        values=[f.value for f in t.fans], scopes=[f.scope for f in t.fans], excludes=t.excludes,
        reduces=t.reduces, chicken=t.chicken, flowers=t.flowers, prefer=(0, 1), outside_only=False,
        items=[(None,)] * len(t.fans), make_item=lambda i, n: None,
        meld_kinds=tuple(MeldKind), sheet_type=ScoreSheet, unit="fan", base_points=8, notes_format="{}",
    )
    assert _mcr.Table(**good).nfans == len(t.fans)
    for change, match in [
        (dict(values=[1]), "differ in length"),
        (dict(excludes=((999,),) * len(t.fans)), "excludes fan"),
        (dict(codes=[[99]] * len(t.fans)), "unknown opcode"),
        (dict(chicken=-1), "indices"),
    ]:
        with pytest.raises(ValueError, match=match):
            _mcr.Table(**{**good, **change})


def test_plain_sheet_class_is_called() -> None:
    """A sheet class that is not the plain slotted dataclass is constructed
    through its own __init__ (here: a subclass with a __post_init__); items
    not prepared in advance (here every count above 1) come from make_item."""
    from dataclasses import dataclass

    made = []

    @dataclass(frozen=True)
    class Checked(ScoreSheet):
        def __post_init__(self) -> None:
            made.append(self.total)

    t = RULE_SETS["default"]._table
    table = _mcr.Table(
        [compile_predicate(f.test)[1] if f.test else None for f in t.fans], [f.value for f in t.fans],
        [f.scope for f in t.fans], t.excludes, t.reduces, t.chicken, t.flowers,
        (t.index["一色三同顺"], t.index["三同刻"]), False,
        [(None, f.item(1)) for f in t.fans], lambda i, n: t.fans[i].item(n),
        (MeldKind.CHI, MeldKind.PON, MeldKind.KAN, MeldKind.KAKAN, MeldKind.ANKAN), Checked, "fan", 8,
        "{} fan without flowers",
    )
    sheet = _mcr.score(table, (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12), 12, (), False, False, False,
                       False, 0, 0, 2)
    assert type(sheet) is Checked and made == [sheet.total]
    assert sheet.notes == (f"{sheet.total - 2} fan without flowers",)
    plain = guobiao.score("123456789m1234p", win_tile="4p", flowers=2)
    assert sheet.items == plain.items and sheet.total == plain.total and sheet.points == plain.points
    assert [it.count for it in sheet.items if it.zh == "花牌"] == [2]
