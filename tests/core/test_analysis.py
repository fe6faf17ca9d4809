"""The analysis façade: worked examples, regressions, errors, peers, batch."""

from __future__ import annotations

import random

import mahjong_core as mc
import numpy as np
import pytest
import xiangting
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari
from mahjong.shanten import Shanten
from mahjong_core import _native, batch
from mahjong_core.analysis import Form, HandRules, Shape

ALL_FORMS = HandRules(forms=set(Form))
STANDARD = HandRules(forms={Form.STANDARD})
RIICHI = HandRules(seven_pairs_distinct=True)  # standard + distinct seven pairs + 13 orphans


def random_hand(rng: random.Random, n: int) -> list[int]:
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    return wall[:n]


def random_winning(rng: random.Random, sets: int = 4, honor_chows: bool = False) -> list[int]:
    """Random sets + pair, respecting four copies."""
    while True:
        counts = [0] * 34
        for _ in range(sets):
            if rng.random() < 0.5:
                k = rng.randrange(34)
                counts[k] += 3
            else:
                s = rng.randrange(3)
                i = rng.randrange(7)
                for j in range(3):
                    counts[s * 9 + i + j] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return [k for k in range(34) for _ in range(counts[k])]


# --- worked examples -------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "win"),
    [
        ("123m456p789s11122z", True),
        ("11122233344455m", True),
        ("11223344556677m", True),  # seven pairs and standard
        ("1122m3344p5566s77z", True),  # seven pairs only
        ("11112233445566m", True),  # 4 of a kind = 2 pairs (Chinese rule)
        ("19m19p19s1234567z1m", True),  # thirteen orphans
        ("123m456p789s12345z", False),  # honours 12345z are no sets
        ("123m456m789m111p23s", False),  # four sets without a pair
        ("11m", True),
        ("123m11z", True),
        ("124m11z", False),
    ],
)
def test_is_win_examples(hand: str, win: bool) -> None:
    assert mc.is_win(hand) is win


def test_seven_pairs_four_of_a_kind_options() -> None:
    assert mc.is_win("11112233445566z", rules=HandRules(forms={Form.SEVEN_PAIRS}))
    distinct = HandRules(forms={Form.SEVEN_PAIRS}, seven_pairs_distinct=True)
    assert not mc.is_win("11112233445566z", rules=distinct)
    assert mc.is_win("11223344556677z", rules=distinct)


def test_fourth_copy_is_not_a_wait() -> None:
    assert mc.waits("1111m234p567p789s") == ()
    assert mc.shanten("1111m234p567p789s") == 1
    assert mc.waits("1111m234p567p789s", wilds=0, rules=STANDARD) == ()


def test_nine_wilds_always_win() -> None:
    rng = random.Random(9)
    for _ in range(300):
        hand = random_hand(rng, 5)
        assert mc.is_win(hand, wilds=9)
        assert mc.shanten(hand, wilds=9) == -1


def test_three_n_tiles_is_an_error_not_a_win() -> None:
    with pytest.raises(mc.InvalidHandError, match="3n\\+2"):
        mc.is_win("123m456p789s111z")
    with pytest.raises(mc.InvalidHandError, match="3n\\+1"):
        mc.waits("123m456p789s11z")
    with pytest.raises(mc.InvalidHandError, match="3n\\+1 or 3n\\+2"):
        mc.shanten("123m")


def test_errors_are_typed_and_say_where() -> None:
    with pytest.raises(mc.InvalidNotationError) as e:
        mc.is_win("123x")
    assert e.value.position == 3
    with pytest.raises(mc.InvalidHandError, match="five copies|fifth"):
        mc.shanten("11111m")
    with pytest.raises(mc.InvalidHandError, match="wilds must be >= 0"):
        mc.is_win("11m", wilds=-3)
    with pytest.raises(mc.InvalidHandError, match="at most 17"):
        mc.shanten("11122233344455566677m")
    with pytest.raises(mc.InvalidHandError):
        mc.counts([34])  # a flower is never part of an analysed hand
    with pytest.raises(mc.InvalidHandError):
        mc.Counts([5] + [0] * 33)
    with pytest.raises(mc.InvalidHandError):
        mc.Counts([0] * 33)
    with pytest.raises(mc.InvalidHandError):
        HandRules(wild_kinds={34})
    with pytest.raises(ValueError):
        HandRules(forms={9})


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=34, max_size=34), st.integers(0, 33),
       st.sampled_from([5, 6, 100, 127, 128, 130, 132, 133, 200, 255]),
       st.sampled_from([0, 1, 2]))
def test_a_buffer_count_above_four_is_named(counts: list[int], kind: int, bad: int, entry: int) -> None:
    """The buffer entry points check every count (eight at a time in the
    kernel): one above 4 anywhere, 5 to 255 (its top bit set or not), is
    an error naming its kind, whatever the other counts hold (0..4)."""
    buf = bytearray(counts)
    buf[kind] = bad
    call = (_native.is_win_buf, _native.waits_mask_buf, _native.shanten_buf)[entry]
    with pytest.raises(mc.InvalidHandError, match=f"count of kind {kind} is {bad}, more than 4"):
        call(buf, 0, HandRules())


def test_wild_examples() -> None:
    assert mc.is_win("1m", wilds=1)
    assert mc.is_win("", wilds=2)
    assert mc.is_win("1111m", wilds=1)  # pung 111m + 1m and a wild as the pair
    # 1m + two wilds as a pung, 9m + a wild as the pair
    assert mc.is_win("19m", wilds=3, rules=STANDARD)
    assert not mc.is_win("19m", wilds=0 + 3, rules=HandRules(forms={Form.SEVEN_PAIRS}))
    ds = mc.decompositions("19m", wilds=3)
    assert ds and all(d.form == Form.STANDARD for d in ds)
    assert mc.Decomposition(Form.STANDARD, ((Shape.PAIR, 8, 1), (Shape.PUNG, 0, 2))) in ds


def test_wild_substitutes_only_allowed_kinds() -> None:
    honours_only = HandRules(forms={Form.STANDARD}, wild_kinds=range(27, 34))
    assert not mc.is_win("12m", wilds=3, rules=honours_only)  # 3m would be needed
    assert mc.is_win("11m", wilds=3, rules=honours_only)  # a pung of any honour
    assert mc.is_win("12m", wilds=3)
    assert honours_only.fast  # whole parts (winds, dragons): still the tables
    some_m = HandRules(forms={Form.STANDARD}, wild_kinds=range(1, 8))  # 2m..8m only
    assert not some_m.fast  # part of a suit: the exact slow path
    assert mc.is_win("13m", wilds=3, rules=some_m)  # 2m + a pung of wilds
    assert not mc.is_win("19m", wilds=3, rules=some_m)  # 1m and 9m cannot be copied
    assert HandRules().fast


def test_pair_258() -> None:
    rules = HandRules(forms={Form.STANDARD}, pair_kinds=HandRules.PAIR_258)
    assert mc.is_win("123m456p789s11122s", rules=rules)
    assert not mc.is_win("123m456p789s11133s", rules=rules)
    assert mc.waits("123m456p789s1112s", rules=rules) == (19,)  # only 2s pairs


@pytest.mark.parametrize("kind", range(34))
def test_pair_258_every_kind(kind: int) -> None:
    """Four pungs and a pair of ``kind``: a win only for the 2, 5 and 8 of a
    suit (ranks written out here, not taken from HandRules)."""
    rules = HandRules(forms={Form.STANDARD}, pair_kinds=HandRules.PAIR_258)
    pairable = kind < 27 and kind % 9 + 1 in (2, 5, 8)
    name = mc.format_tiles([kind])
    pungs = "111z222z333z444z" if kind < 27 else "111999m111999p"
    assert mc.is_win(pungs + name + name, rules=rules) == pairable
    assert mc.waits(pungs + name, rules=rules) == ((kind,) if pairable else ())
    assert mc.is_win(pungs + name + name)  # any pair without the rule


def test_honor_chows() -> None:
    rules = HandRules(forms={Form.STANDARD}, honor_chows=True)
    assert mc.is_win("123z567z123m456m55p", rules=rules)
    assert not mc.is_win("123z567z123m456m55p", rules=STANDARD)
    assert not mc.is_win("145z567z123m456m55p", rules=rules)  # E + N + White is no chow


@pytest.mark.parametrize(
    ("hand", "form"),
    [
        ("147m258p369s12345z", Form.KNITTED),
        ("147m258p36s1234567z", Form.KNITTED),
        ("147m25p36s1234567z", Form.GREATER_KNITTED),
        ("147m258p369s234m55z", Form.KNITTED_STRAIGHT),
        ("147m258p369s1234z", Form.KNITTED_STRAIGHT),
        ("147m258p369s12345z", Form.SHISANLAN),
        ("159m147p258s12345z", Form.SHISANLAN),
    ],
)
def test_special_forms_complete(hand: str, form: Form) -> None:
    c = mc.counts(hand)
    if c.total == 14:
        assert mc.shanten_by_form(c, rules=ALL_FORMS)[form] == -1
        assert mc.is_win(c, rules=HandRules(forms={form}))
        assert any(d.form == form for d in mc.decompositions(c, rules=ALL_FORMS))


def test_knitted_straight_reading() -> None:
    ds = mc.decompositions("147m258p369s234m55z", rules=HandRules(forms={Form.KNITTED_STRAIGHT}))
    assert len(ds) == 1
    units = ds[0].units
    assert (Shape.KNITTED, 0, 0) in units  # arrangement (m, p, s)
    assert (Shape.CHOW, 1, 0) in units and (Shape.PAIR, 31, 0) in units


def test_shanten_by_form_applies_only_to_sizes() -> None:
    by = mc.shanten_by_form("123m456p78s", rules=ALL_FORMS)  # 8 tiles: n = 2
    assert set(by) == {Form.STANDARD}
    by = mc.shanten_by_form("147m258p369s12z", rules=ALL_FORMS)  # 11 tiles: n = 3
    assert set(by) == {Form.STANDARD, Form.KNITTED_STRAIGHT}
    assert by[Form.KNITTED_STRAIGHT] == 0


def test_decompositions_add_up() -> None:
    rng = random.Random(5)
    for _ in range(200):
        hand = random_winning(rng)
        c = mc.counts(hand)
        ds = mc.decompositions(c)
        assert ds, hand
        assert len(set(ds)) == len(ds)
        for d in ds:
            assert _units_counts(d) == c.tolist(), (hand, d)


def _units_counts(d: mc.Decomposition) -> list[int]:
    out = [0] * 34
    for shape, kind, wilds in d.units:
        if shape in (Shape.PAIR, Shape.PUNG):
            out[kind] += (2 if shape == Shape.PAIR else 3) - wilds
        elif shape == Shape.CHOW:
            for j in range(3):
                if not (wilds >> j) & 1:
                    out[kind + j] += 1
        elif shape == Shape.SINGLE:
            out[kind] += 1 - wilds
    return out


def test_counts_value() -> None:
    c = mc.counts("123m55z")
    assert c.total == 5 and len(c) == 34 and c[31] == 2 and c[-3] == 2
    assert c == mc.counts([0, 1, 2, 31, 31]) and hash(c) == hash(mc.counts("55z321m"))
    assert repr(c) == "Counts('123m55z')" and str(c) == "123m55z"
    assert c.kinds() == [0, 1, 2, 31, 31]
    assert mc.counts(c) is c
    import pickle

    assert pickle.loads(pickle.dumps(c)) == c


def test_discard_options() -> None:
    opts = mc.discard_options("123m456p789s1112z5z")
    best = {o.discard: o for o in opts if o.shanten == 0}
    assert set(best) == {28, 31}  # keep 2z waiting on 5z, or keep 5z waiting on 2z
    assert best[31].improving == (28,) and best[31].unseen == 3
    seen = mc.discard_options("123m456p789s1112z5z", visible=[28, 28])
    assert seen[0].discard == 28 and seen[0].unseen == 3  # 2z mostly gone: keep 5z
    for o in opts:
        h = mc.counts("123m456p789s1112z5z").tolist()
        h[o.discard] -= 1
        assert mc.shanten(mc.Counts(h)) == o.shanten
    with pytest.raises(mc.InvalidHandError):
        mc.discard_options("123m")


# --- peers where rules agree -----------------------------------------------


def test_shanten_matches_xiangting_and_mahjong() -> None:
    rng = random.Random(1)
    sh = Shanten()
    for i in range(3000):
        n = (14, 13, 11, 10, 8, 7, 5, 4)[i % 8]
        hand = random_hand(rng, n)
        c = mc.counts(hand)
        lst = c.tolist()
        ours = mc.shanten(c, rules=RIICHI)
        assert ours == xiangting.calculate_replacement_number(lst, xiangting.PlayerCount.FOUR) - 1
        assert mc.shanten(c, rules=STANDARD) == sh.calculate_shanten_for_regular_hand(lst)
        if n in (13, 14):
            by = mc.shanten_by_form(c, rules=RIICHI)
            assert by[Form.SEVEN_PAIRS] == sh.calculate_shanten_for_chiitoitsu_hand(lst)
            assert by[Form.THIRTEEN_ORPHANS] == sh.calculate_shanten_for_kokushi_hand(lst)


def test_win_matches_mahjong_agari() -> None:
    rng = random.Random(2)
    ag = Agari()
    for i in range(3000):
        hand = random_winning(rng) if i % 2 else random_hand(rng, 14)
        c = mc.counts(hand)
        assert mc.is_win(c, rules=RIICHI) == ag.is_agari(c.tolist()), hand


# --- batch ------------------------------------------------------------------


def test_batch_equals_scalar() -> None:
    rng = random.Random(3)
    hands14 = [mc.counts(random_hand(rng, 11)) for _ in range(500)]
    hands13 = [mc.counts(random_hand(rng, 10)) for _ in range(500)]
    wild14 = np.array([rng.randrange(4) for _ in hands14], dtype=np.int32)
    arr14 = np.array([h.tolist() for h in hands14], dtype=np.uint8)
    arr13 = np.array([h.tolist() for h in hands13], dtype=np.uint8)
    w13 = 3 - wild14 % 4  # 10 + 3 = 13, 10 + 0 = 10 ...
    w13 = np.where((10 + w13) % 3 == 1, w13, 0).astype(np.int32)
    wild14 = np.where((11 + wild14) % 3 == 2, wild14, 0).astype(np.int32)
    got = batch.is_win(arr14, wild14)
    assert got.tolist() == [mc.is_win(h, wilds=int(w)) for h, w in zip(hands14, wild14)]
    got_s = batch.shanten(arr14, wild14, ALL_FORMS)
    assert got_s.tolist() == [
        mc.shanten(h, wilds=int(w), rules=ALL_FORMS) for h, w in zip(hands14, wild14)
    ]
    got_w = batch.waits(arr13, w13)
    for row, h, w in zip(got_w, hands13, w13):
        assert tuple(np.flatnonzero(row)) == mc.waits(h, wilds=int(w))


def test_batch_rejects_bad_rows() -> None:
    with pytest.raises(mc.InvalidHandError, match="row 1"):
        batch.is_win(np.array([[0] * 33 + [2], [5] + [0] * 33]))
    with pytest.raises(mc.InvalidHandError, match="row 1 is not a valid hand"):
        batch.is_win(np.array([[0] * 33 + [2], [5] + [0] * 33], dtype=np.uint8))
    with pytest.raises(mc.InvalidHandError, match="shape"):
        batch.is_win(np.zeros((3, 33), dtype=np.uint8))
    with pytest.raises(mc.InvalidHandError, match="row 0 is not a valid hand.*3 tiles"):
        batch.shanten(np.array([[3] + [0] * 33]))
    with pytest.raises(mc.InvalidHandError, match="row 1 is not a valid hand.*-1 wild"):
        batch.is_win(np.array([[2] + [0] * 33, [2] + [0] * 33]), wilds=np.array([0, -1]))
    with pytest.raises(mc.InvalidHandError, match="one per row"):
        batch.is_win(np.array([[2] + [0] * 33]), wilds=np.array([0, 0]))
    with pytest.raises(mc.InvalidHandError, match="outside 0..4"):
        batch.is_win(np.array([[260] + [0] * 33]))  # would wrap to 4 as uint8
    many = np.zeros((5, 34), dtype=np.uint8)
    many[:, 0] = 2
    many[3, 1] = 1  # 3 tiles: not 3n+2
    with pytest.raises(mc.InvalidHandError, match="row 3"):
        batch.is_win(many)


# --- kernels against their own exact slow path -------------------------------

hands = st.lists(st.integers(0, 33), min_size=0, max_size=14)


def _capped_counts(tiles: list[int]) -> list[int]:
    """34 counts of ``tiles``, each kind's copies beyond four dropped."""
    c = [0] * 34
    for k in tiles:
        if c[k] < 4:
            c[k] += 1
    return c


@settings(max_examples=400, deadline=None)
@given(hands, st.integers(0, 5), st.booleans(), st.booleans())
def test_fast_path_equals_exact_slow_path(tiles: list[int], w: int, pair258: bool, hc: bool) -> None:
    c = _capped_counts(tiles)
    if (sum(c) + w) % 3 == 0 or sum(c) + w > 17:
        return
    rules = HandRules(
        forms={Form.STANDARD},
        honor_chows=hc,
        pair_kinds=HandRules.PAIR_258 if pair258 else range(34),
    )
    counts = mc.Counts(c)
    fast = _native._py_std_draws(counts, w, rules, False)
    slow = _native._py_std_draws(counts, w, rules, True)
    assert fast == slow


_WILD_MASKS = [range(34), range(27), range(27, 34), [k for k in range(27) if k % 9 not in (0, 8)], range(9, 31)]
"""Wild masks: every kind, the suits (营口, 福州), the honours, the simples, parts cut."""


@settings(max_examples=400, deadline=None)
@given(hands, st.integers(0, 5), st.integers(0, len(_WILD_MASKS) - 1), st.booleans())
def test_std_draws_with_wild_masks_equal_exact_slow_path(tiles: list[int], w: int, mask: int, pair258: bool) -> None:
    """The standard form's draws (lower bound first, exact when no part's
    four-copy-free deficits below it differ) against the exact slow path,
    with wilds that stand for every kind, whole parts or parts of parts."""
    c = _capped_counts(tiles)
    if (sum(c) + w) % 3 == 0 or sum(c) + w > 17:
        return
    rules = HandRules(
        forms={Form.STANDARD},
        wild_kinds=_WILD_MASKS[mask],
        pair_kinds=HandRules.PAIR_258 if pair258 else range(34),
    )
    counts = mc.Counts(c)
    assert _native._py_std_draws(counts, w, rules, False) == _native._py_std_draws(counts, w, rules, True)


@pytest.mark.parametrize("mask", range(len(_WILD_MASKS)))
def test_std_draws_four_copies_and_wilds(mask: int) -> None:
    """Hands of few kinds, many held four times, with 1-5 wilds: where the
    lower bound that ignores the four-copy limit is below the exact answer
    (two wilds with 4 x 1z and 4 x 3z: one draw by the bound, two in fact),
    so the bound must not be taken as exact.  Seeded, against the slow path."""
    rng = random.Random(1414 + mask)
    below = 0
    for _ in range(3000):
        w = rng.randint(1, 5)
        c = [0] * 34
        kinds = rng.sample(range(34), rng.randint(1, 5))
        for _ in range(min(rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14]), 17 - w)):
            k = rng.choice(kinds)
            if c[k] < 4:
                c[k] += 1
        if (sum(c) + w) % 3 == 0:
            continue
        rules = HandRules(forms={Form.STANDARD}, wild_kinds=_WILD_MASKS[mask],
                          pair_kinds=HandRules.PAIR_258 if rng.random() < 0.3 else range(34))
        counts = mc.Counts(c)
        slow = _native._py_std_draws(counts, w, rules, True)
        assert _native._py_std_draws(counts, w, rules, False) == slow, (c, w)
        below += 4 in c and w >= 2
    assert below > 300


@settings(max_examples=300, deadline=None)
@given(hands, st.integers(0, 4))
def test_consistency_win_shanten_waits(tiles: list[int], w: int) -> None:
    c = [0] * 34
    for k in tiles:
        if c[k] < 4:
            c[k] += 1
    total = sum(c) + w
    if total > 17 or total % 3 == 0:
        return
    counts = mc.Counts(c)
    sh = mc.shanten(counts, wilds=w, rules=ALL_FORMS)
    if total % 3 == 2:
        assert (sh == -1) == mc.is_win(counts, wilds=w, rules=ALL_FORMS)
        assert (sh == -1) == bool(mc.decompositions(counts, wilds=w, rules=ALL_FORMS))
    else:
        ws = mc.waits(counts, wilds=w, rules=ALL_FORMS)
        assert (sh == 0) == bool(ws)
        for k in range(34):
            if c[k] < 4:
                c2 = list(c)
                c2[k] += 1
                assert (k in ws) == mc.is_win(mc.Counts(c2), wilds=w, rules=ALL_FORMS)


_DISCARD_RULES = [
    mc.HandRules(),
    mc.HandRules(forms=set(mc.Form) - {mc.Form.SHISANLAN}),
    mc.HandRules(forms={mc.Form.STANDARD, mc.Form.KNITTED_STRAIGHT, mc.Form.KNITTED}),
]


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_discard_options_equal_brute_force(data: st.DataObject) -> None:
    """Every discard's shanten and improving tiles, against one shanten call
    per discard and per drawn kind."""
    rules = data.draw(st.sampled_from(_DISCARD_RULES))
    wilds = data.draw(st.integers(0, 2))
    kinds = data.draw(st.lists(st.integers(0, 33), min_size=14 - wilds, max_size=14 - wilds))
    counts = [kinds.count(k) for k in range(34)]
    if max(counts) > 4:
        return
    best = min(mc.shanten(mc.Counts([c - (k == d) for k, c in enumerate(counts)]), wilds=wilds, rules=rules)
               for d in range(34) if counts[d])
    options = mc.discard_options(mc.Counts(counts), wilds=wilds, rules=rules)
    assert sorted(o.discard for o in options) == [k for k in range(34) if counts[k]]
    brute = _brute_options(counts, wilds, rules)
    for kind, sh, improving, _ in options:
        assert (sh, sum(1 << k for k in improving)) == brute[kind], (kind, sh)
    assert best == options[0].shanten


# --- discard advice: every form, wilds 0-4, hands that lean to each form ------

_KNIT_ARRANGEMENTS = [(a, b, c) for a in range(3) for b in range(3) for c in range(3) if len({a, b, c}) == 3]
"""Which suit holds 147, 258 and 369 in each of the six knittings."""


def _themed_kinds(theme: int, knit: int) -> list[int]:
    """The kinds a hand leaning to one form draws from (0: any kind)."""
    if theme == 1:  # orphans
        return [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    if theme in (2, 3):  # knitted tiles, with the honours (全不靠, 七星不靠) or without (组合龙)
        suits = _KNIT_ARRANGEMENTS[knit]
        kinds = [suits[g] * 9 + g + 3 * j for g in range(3) for j in range(3)]
        return kinds + (list(range(27, 34)) if theme == 2 else [])
    if theme == 4:  # few kinds: pairs and sets
        return list(range(knit * 5, knit * 5 + 6))
    if theme == 5:  # honours only (no pair allowed among them under PAIR_258)
        return list(range(27, 34))
    return list(range(34))


_RULES_EVERY_FORM = [
    mc.HandRules(forms=set(mc.Form)),
    mc.HandRules(forms=set(mc.Form) - {mc.Form.SHISANLAN}),  # 国标's forms and more
    mc.HandRules(forms={mc.Form.STANDARD, mc.Form.KNITTED, mc.Form.GREATER_KNITTED,
                        mc.Form.KNITTED_STRAIGHT, mc.Form.SEVEN_PAIRS, mc.Form.THIRTEEN_ORPHANS}),
    mc.HandRules(forms={mc.Form.KNITTED_STRAIGHT}),
    mc.HandRules(forms={mc.Form.KNITTED, mc.Form.GREATER_KNITTED}),
    mc.HandRules(forms={mc.Form.SEVEN_PAIRS, mc.Form.THIRTEEN_ORPHANS}, seven_pairs_distinct=True),
    mc.HandRules(honor_chows=True),
    mc.HandRules(pair_kinds=mc.HandRules.PAIR_258),
    mc.HandRules(forms=set(mc.Form), wild_kinds=range(27)),  # wilds stand for suit tiles only
    mc.HandRules(forms={mc.Form.STANDARD, mc.Form.SEVEN_PAIRS}, wild_kinds=range(27, 34),
                 seven_pairs_distinct=True),
    mc.HandRules(forms={mc.Form.STANDARD}, wild_kinds=range(27)),  # 营口, 福州
    mc.HandRules(forms=set(mc.Form) - {mc.Form.SHISANLAN}, wild_kinds=range(9, 31)),  # parts cut
    mc.HandRules(forms={mc.Form.STANDARD, mc.Form.SEVEN_PAIRS, mc.Form.THIRTEEN_ORPHANS},
                 wild_kinds=[k for k in range(27) if k % 9 not in (0, 8)], seven_pairs_distinct=True),
]


def _brute_options(counts: list[int], wilds: int, rules: mc.HandRules) -> dict[int, tuple[int, int]]:
    """One shanten call per discard and per drawn kind (waits when ready)."""
    out = {}
    for kind in range(34):
        if not counts[kind]:
            continue
        after = [c - (k == kind) for k, c in enumerate(counts)]
        sh = mc.shanten(mc.Counts(after), wilds=wilds, rules=rules)
        if sh == 0:
            want = sum(1 << k for k in mc.waits(mc.Counts(after), wilds=wilds, rules=rules))
        else:
            want = 0
            for j in range(34):
                if after[j] < 4:
                    drawn = [c + (k == j) for k, c in enumerate(after)]
                    if mc.shanten(mc.Counts(drawn), wilds=wilds, rules=rules) < sh:
                        want |= 1 << j
        out[kind] = (sh, want)
    return out


def _options_masks(counts: list[int], wilds: int, rules: mc.HandRules) -> dict[int, tuple[int, int]]:
    """discard_options in _brute_options' shape: {discard: (shanten, mask of improving kinds)}."""
    options = mc.discard_options(mc.Counts(counts), wilds=wilds, rules=rules)
    return {kind: (sh, sum(1 << k for k in improving)) for kind, sh, improving, _ in options}


def _fill(rng: random.Random, counts: list[int], total: int, pool: list[int], share: float) -> None:
    """Add tiles to ``counts`` until it holds ``total``: a kind of ``pool``
    with probability ``share``, else any kind, never a fifth copy."""
    while sum(counts) < total:
        k = rng.choice(pool) if rng.random() < share else rng.randrange(34)
        if counts[k] < 4:
            counts[k] += 1


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_discard_options_every_form_and_wilds(data: st.DataObject) -> None:
    """The one-pass discard table (bounds, per-discard products, per-form
    draw classes) against one shanten call per discard and per draw: every
    form alone and together, wilds 0-4, partial wild and pair masks, honour
    chows, distinct pairs, hands that lean to each form, 14, 11 and 8 tiles."""
    rules = data.draw(st.sampled_from(_RULES_EVERY_FORM))
    wilds = data.draw(st.integers(0, 4))
    size = data.draw(st.sampled_from([14, 14, 14, 11, 8]))
    if mc.Form.STANDARD not in rules.forms:
        size = 14  # the special forms need 14 tiles (组合龙: 11 or 14)
    theme = data.draw(st.integers(0, 5))
    pool = _themed_kinds(theme, data.draw(st.integers(0, 5)))
    n = size - wilds
    kinds = data.draw(st.lists(st.sampled_from(pool), min_size=n - n // 3, max_size=n - n // 3))
    kinds += data.draw(st.lists(st.integers(0, 33), min_size=n // 3, max_size=n // 3))
    counts = [kinds.count(k) for k in range(34)]
    if max(counts) > 4:
        return
    assert _options_masks(counts, wilds, rules) == _brute_options(counts, wilds, rules)


@pytest.mark.parametrize("index", range(len(_RULES_EVERY_FORM)))
def test_discard_options_leaning_hands(index: int) -> None:
    """Seeded hands near each special form (where the per-form draw counts
    do the work) or made of honours only, many with 3 or 4 wilds, against
    the brute force, under each rule set of _RULES_EVERY_FORM."""
    rules = _RULES_EVERY_FORM[index]
    rng = random.Random(14 + index)
    for _ in range(150):
        theme = rng.randrange(1, 6)
        pool = _themed_kinds(theme, rng.randrange(6))
        wilds = rng.choice([0, 1, 2, 3, 4, 4])
        counts = [0] * 34
        while sum(counts) < 14 - wilds:
            k = rng.choice(pool) if rng.random() < 0.85 else rng.randrange(34)
            if counts[k] < (4 if theme in (4, 5) else 1 + (rng.random() < 0.2)):
                counts[k] += 1
        assert _options_masks(counts, wilds, rules) == _brute_options(counts, wilds, rules), (counts, wilds)


@pytest.mark.parametrize("index", [0, 1, 6, 7, 10, 11])
def test_discard_options_four_copies_and_wilds(index: int) -> None:
    """Hands of few kinds, many held four times, with 1-4 wilds (where the
    bound that ignores the four-copy limit may be below the answer), against
    one shanten call per discard and per draw."""
    rules = _RULES_EVERY_FORM[index]
    rng = random.Random(1415 + index)
    for _ in range(150):
        wilds = rng.randint(1, 4)
        size = rng.choice([14, 14, 11, 8])
        kinds = rng.sample(range(34), rng.randint(2, 5))
        counts = [0] * 34
        _fill(rng, counts, size - wilds, kinds, 0.93)
        assert _options_masks(counts, wilds, rules) == _brute_options(counts, wilds, rules), (counts, wilds)


@pytest.mark.parametrize(
    "hand",
    [
        "1111z333z444z5z77z",  # honours only: under PAIR_258 the pair must be the wild
        "6p1z222z333z55z666z",
        "8m1z222z33z555z666z",
        "666888s5555z",  # the bound that ignores the four-copy limit: one draw too few
        # the drawn tile's part read with the four-copy limit ignored passes a
        # draw the limit makes one too few (the upper-bound filter's records)
        "555p1113333z",
        "222s2222333z",
    ],
)
def test_discard_options_wild_pair_outside_the_hand(hand: str) -> None:
    """A wild that must make the pair on its own (no held kind may be the
    pair): found by fuzzing the fresh-cost shortcut of the discard pass."""
    rules = mc.HandRules(pair_kinds=mc.HandRules.PAIR_258)
    counts = mc.counts(hand).tolist()
    assert _options_masks(counts, 1, rules) == _brute_options(counts, 1, rules)


@pytest.mark.parametrize("index", [0, 1, 2, 3])
def test_discard_options_knitted_straight_four_copies_and_wilds(index: int) -> None:
    """组合龙 hands whose other tiles are few kinds held four times, with
    1-3 wilds: the rest of the hand's standard form is where the bound that
    ignores the four-copy limit may be one draw short, so a per-draw bound
    lowered by one shows here (against one shanten call per discard and per
    draw)."""
    rules = _RULES_EVERY_FORM[index]
    rng = random.Random(1416 + index)
    for _ in range(120):
        wilds = rng.randint(1, 3)
        suits = _KNIT_ARRANGEMENTS[rng.randrange(6)]
        knitted = [suits[g] * 9 + g + 3 * j for g in range(3) for j in range(3)]
        counts = [0] * 34
        for k in rng.sample(knitted, rng.randint(5, 8)):
            counts[k] = 1
        others = rng.sample([k for k in range(34) if k not in knitted], 2)
        _fill(rng, counts, 14 - wilds, others, 0.9)
        assert _options_masks(counts, wilds, rules) == _brute_options(counts, wilds, rules), (counts, wilds)


def test_discard_table_rows_are_plain_tuple_subclasses() -> None:
    """The kernel makes each row as its tuple subclass does: a class with
    fields of its own (an instance dict) or no tuple at all is refused
    before any work, a named tuple of four fields is what it builds."""
    from mahjong_core.analysis import DiscardOption

    class WithDict(tuple):  # type: ignore[type-arg]
        pass

    counts = mc.Counts(mc.counts("123m456p789s11z234z"))
    for bad in (dict, WithDict):
        with pytest.raises(TypeError, match="tuple subclass with no fields of its own"):
            _native.discard_table(counts, 0, None, [0] * 34, bad)
    rows = _native.discard_table(counts, 0, None, [0] * 34, DiscardOption)
    assert type(rows) is tuple and all(type(r) is DiscardOption for r in rows)
    assert rows == mc.discard_options(counts)
