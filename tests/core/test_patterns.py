"""The shared scoring vocabulary (mahjong_core.patterns) against a brute force.

The brute force below knows nothing of the kernel or of patterns: it takes
plain tile lists, tries every kind for every wild tile, splits the fourteen
tiles every possible way into sets and a pair (or seven pairs, or 十三幺),
and evaluates each predicate from its definition in words.  For every hand,
the values a predicate takes over ``patterns.readings`` must be exactly the
values it takes over the brute force's splits (and the readings must be
exactly those splits).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules, Shape
from mahjong_core.errors import IllegalWinError, InvalidHandError
from mahjong_core.rules import ScoreItem, WinContext
from mahjong_core.tiles import Meld, MeldKind, parse_tile, parse_tiles

WILD = 33
"""In these tests the wild tiles are the 红中 (7z): no natural 红中 is dealt."""
TERMINALS = {0, 8, 9, 17, 18, 26}
HONOURS = set(range(27, 34))
ORPHANS = sorted(TERMINALS | HONOURS)


# ---------------------------------------------------------------------------
# The brute force
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BUnit:
    shape: str  # pair pung kong chow single
    tiles: tuple[int, ...]  # kinds, sorted
    wilds: tuple[int, ...]  # kinds the wild tiles in it stand for, sorted
    meld: MeldKind | None = None

    @property
    def claimed(self) -> bool:
        return self.meld is not None and self.meld is not MeldKind.ANKAN

    @property
    def natural(self) -> list[int]:
        out = list(self.tiles)
        for k in self.wilds:
            out.remove(k)
        return out


@dataclass(frozen=True)
class Split:
    form: str  # standard pairs orphans
    units: tuple[BUnit, ...]  # concealed units first, then melds
    win: int | None  # index of the unit the winning tile completed
    assigned: tuple[int, ...]  # the kinds of all wild tiles
    ctx: WinContext

    @property
    def tiles(self) -> list[int]:
        return [t for u in self.units for t in u.tiles]


def _take(nat: list[int], wil: list[int], kinds: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way (as the kinds taken from the wilds) to take ``kinds`` from
    the natural and wild counts."""
    def rec(i: int, used: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(kinds):
            yield used
            return
        k = kinds[i]
        if nat[k] > 0:
            nat[k] -= 1
            yield from rec(i + 1, used)
            nat[k] += 1
        if wil[k] > 0:
            wil[k] -= 1
            yield from rec(i + 1, used + (k,))
            wil[k] += 1
    # the same unit with its wilds in other positions is the same unit
    yield from sorted(set(tuple(sorted(u)) for u in rec(0, ())))


def _restore(nat: list[int], wil: list[int], kinds: tuple[int, ...], used: tuple[int, ...]) -> None:
    for k in kinds:
        nat[k] += 1
    for k in used:
        nat[k] -= 1
        wil[k] += 1


def _remove(nat: list[int], wil: list[int], kinds: tuple[int, ...], used: tuple[int, ...]) -> None:
    for k in kinds:
        nat[k] -= 1
    for k in used:
        nat[k] += 1
        wil[k] -= 1


def _standard(nat: list[int], wil: list[int], sets: int, pair: bool) -> Iterator[list[BUnit]]:
    k = next((k for k in range(34) if nat[k] + wil[k]), None)
    if k is None:
        if sets == 0 and not pair:
            yield []
        return
    shapes: list[tuple[str, tuple[int, ...]]] = []
    if pair:
        shapes.append(("pair", (k, k)))
    if sets:
        shapes.append(("pung", (k, k, k)))
        if k < 27 and k % 9 <= 6:
            shapes.append(("chow", (k, k + 1, k + 2)))
    for shape, kinds in shapes:
        for used in list(_take(nat, wil, kinds)):
            _remove(nat, wil, kinds, used)
            for rest in _standard(nat, wil, sets - (shape != "pair"), pair and shape != "pair"):
                yield [BUnit(shape, kinds, used), *rest]
            _restore(nat, wil, kinds, used)


def _pairs(nat: list[int], wil: list[int], n: int) -> Iterator[list[BUnit]]:
    k = next((k for k in range(34) if nat[k] + wil[k]), None)
    if k is None:
        if n == 0:
            yield []
        return
    for used in list(_take(nat, wil, (k, k))):
        _remove(nat, wil, (k, k), used)
        for rest in _pairs(nat, wil, n - 1):
            yield [BUnit("pair", (k, k), used), *rest]
        _restore(nat, wil, (k, k), used)


def brute_splits(ctx: WinContext, melds: tuple[Meld, ...]) -> list[Split]:
    """Every split of the hand of ``ctx`` (wild tiles: every kind), with
    every unit the winning tile may have completed."""
    meld_units = tuple(
        BUnit("chow" if m.kind is MeldKind.CHI else ("kong" if len(m.tiles) == 4 else "pung"), m.tiles, (), m.kind)
        for m in melds
    )
    out: list[Split] = []
    for assigned in itertools.combinations_with_replacement(range(34), ctx.wilds):
        nat = [0] * 34
        for t in ctx.concealed:
            nat[t] += 1
        wil = [0] * 34
        for t in assigned:
            wil[t] += 1
        found: list[tuple[str, list[BUnit]]] = [
            ("standard", u) for u in _standard(nat, wil, 4 - len(melds), True)
        ]
        if not melds:
            found += [("pairs", u) for u in _pairs(nat, wil, 7)]
            total = [a + b for a, b in zip(nat, wil)]
            if all(total[k] >= 1 for k in ORPHANS) and sum(total) == 14 and sum(total[k] for k in ORPHANS) == 14:
                found.append(("orphans", [
                    BUnit("pair" if total[k] == 2 else "single", (k,) * total[k], (k,) * wil[k]) for k in ORPHANS
                ]))
        for form, hand in found:
            units = tuple(sorted(hand, key=lambda u: (u.shape, u.tiles, u.wilds))) + meld_units
            for win in _brute_win_units(units, ctx):
                out.append(Split(form, units, win, assigned, ctx))
    return out


def _brute_win_units(units: tuple[BUnit, ...], ctx: WinContext) -> list[int | None]:
    t = ctx.win_tile
    if t < 0:
        return [None]
    hits = [
        i for i, u in enumerate(units)
        if u.meld is None and ((t == WILD and u.wilds) or (t != WILD and t in u.natural))
    ]
    return hits or [None]  # type: ignore[return-value]


# --- the predicates, from their definitions --------------------------------

def b_suits(s: Split) -> frozenset[int]:
    return frozenset(t // 9 for t in s.tiles if t < 27)


def b_std(s: Split) -> bool:
    return s.form == "standard"


def b_sets(s: Split) -> list[BUnit]:
    return [u for u in s.units if u.shape != "pair"]


def b_pair(s: Split) -> int:
    pairs = [u.tiles[0] for u in s.units if u.shape == "pair"]
    return pairs[0] if len(pairs) == 1 else -1


def b_pungs(s: Split) -> list[int]:
    return [u.tiles[0] for u in s.units if u.shape in ("pung", "kong")]


def b_has_end(u: BUnit) -> bool:
    return any(t in TERMINALS or t in HONOURS for t in u.tiles)


def b_counts(s: Split) -> list[int]:
    c = [0] * 34
    for t in s.tiles:
        c[t] += 1
    return c


def b_nine_gates(s: Split) -> bool:
    c = b_counts(s)
    suits = b_suits(s)
    if any(u.meld for u in s.units) or len(suits) != 1 or any(c[27:]):
        return False
    base = 9 * next(iter(suits))
    return all(c[base + i] >= n for i, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)))


def b_pure_nine_gates(s: Split) -> bool:
    if not b_nine_gates(s) or not 0 <= s.ctx.win_tile < 34:
        return False
    c = b_counts(s)
    c[s.ctx.win_tile] -= 1
    base = 9 * next(iter(b_suits(s)))
    return c[base:base + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def b_wait(s: Split) -> v.Wait:
    if s.win is None:
        return v.Wait.OTHER
    u = s.units[s.win]
    if s.form == "pairs":
        return v.Wait.SINGLE
    if s.form != "standard":
        return v.Wait.OTHER
    if u.shape == "pair":
        return v.Wait.SINGLE
    if u.shape == "pung":
        return v.Wait.PUNG
    t = s.ctx.win_tile
    if t == WILD:
        return v.Wait.OTHER  # a wild winning tile: its place in the chow is not told
    pos = t - u.tiles[0]
    first = u.tiles[0] % 9
    if pos == 1:
        return v.Wait.CLOSED
    if (pos == 0 and first == 6) or (pos == 2 and first == 0):
        return v.Wait.EDGE
    return v.Wait.TWO_SIDED


BRUTE: dict[str, Callable[[Split], Any]] = {
    "suits": b_suits,
    "missing_suits": lambda s: 3 - len(b_suits(s)),
    "full_flush": lambda s: len(b_suits(s)) == 1 and not any(t in HONOURS for t in s.tiles),
    "half_flush": lambda s: len(b_suits(s)) == 1 and any(t in HONOURS for t in s.tiles),
    "all_honours": lambda s: all(t in HONOURS for t in s.tiles),
    "all_pungs": lambda s: b_std(s) and all(u.shape in ("pung", "kong") for u in b_sets(s)),
    "all_chows": lambda s: b_std(s) and all(u.shape == "chow" for u in b_sets(s)),
    "seven_pairs": lambda s: s.form == "pairs",
    "seven_pairs_quads": lambda s: sum(1 for n in b_counts(s) if n == 4) if s.form == "pairs" else 0,
    "all_258": lambda s: all(t < 27 and t % 9 in (1, 4, 7) for t in s.tiles),
    "pair_258": lambda s: b_pair(s) >= 0 and b_pair(s) < 27 and b_pair(s) % 9 in (1, 4, 7),
    "terminals_in_each": lambda s: b_std(s) and all(b_has_end(u) for u in s.units),
    "all_simples": lambda s: all(t < 27 and 1 <= t % 9 <= 7 for t in s.tiles),
    "all_terminals": lambda s: all(t in TERMINALS for t in s.tiles),
    "terminals_and_honours": lambda s: all(t in TERMINALS | HONOURS for t in s.tiles)
    and any(t in TERMINALS for t in s.tiles) and any(t in HONOURS for t in s.tiles),
    "dragon_pungs": lambda s: sum(1 for k in b_pungs(s) if k >= 31),
    "wind_pungs": lambda s: sum(1 for k in b_pungs(s) if 27 <= k < 31),
    "big_three_dragons": lambda s: sum(1 for k in b_pungs(s) if k >= 31) == 3,
    "little_three_dragons": lambda s: sum(1 for k in b_pungs(s) if k >= 31) == 2 and b_pair(s) >= 31,
    "big_four_winds": lambda s: sum(1 for k in b_pungs(s) if 27 <= k < 31) == 4,
    "little_four_winds": lambda s: sum(1 for k in b_pungs(s) if 27 <= k < 31) == 3 and 27 <= b_pair(s) < 31,
    "seat_wind_pung": lambda s: 27 + s.ctx.seat_wind in b_pungs(s),
    "round_wind_pung": lambda s: 27 + s.ctx.round_wind in b_pungs(s),
    "thirteen_orphans": lambda s: s.form == "orphans",
    "nine_gates": b_nine_gates,
    "pure_nine_gates": b_pure_nine_gates,
    "pure_straight": lambda s: any(
        all(any(u.shape == "chow" and u.tiles[0] == b + d for u in s.units) for d in (0, 3, 6)) for b in (0, 9, 18)
    ),
    "claimed_melds": lambda s: sum(1 for u in s.units if u.claimed),
    "concealed_hand": lambda s: not any(u.claimed for u in s.units),
    "fully_melded": lambda s: b_std(s) and all(u.claimed for u in b_sets(s)) and not s.ctx.self_drawn
    and s.win is not None and s.units[s.win].shape == "pair",
    "roots": lambda s: sum(1 for n in b_counts(s) if n == 4),
    "kongs": lambda s: sum(1 for u in s.units if u.shape == "kong"),
    "concealed_pungs": lambda s: sum(
        1 for i, u in enumerate(s.units)
        if u.shape in ("pung", "kong") and not u.claimed and not (i == s.win and not s.ctx.self_drawn)
    ),
    "wilds_as_other": lambda s: sum(1 for k in s.assigned if k != WILD),
    "wild_pair_wait": lambda s: s.win is not None and s.units[s.win].shape == "pair"
    and len(s.units[s.win].wilds) == (2 if s.ctx.win_tile == WILD else 1),
    "wait": b_wait,
    "closed_or_edge_wait": lambda s: b_wait(s) in (v.Wait.CLOSED, v.Wait.EDGE),
    "all_sets_declared": lambda s: b_std(s) and all(u.meld is not None for u in b_sets(s)),
    "pair_258_any_form": lambda s: any(
        u.tiles[0] < 27 and u.tiles[0] % 9 in (1, 4, 7) for u in s.units if u.shape == "pair"
    ) if s.form == "pairs" else (b_pair(s) >= 0 and b_pair(s) < 27 and b_pair(s) % 9 in (1, 4, 7)),
}


def _signature(units: Any, form: str) -> tuple[str, tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]]:
    """A split or reading as comparable plain values (concealed units only)."""
    out = []
    for u in units:
        if getattr(u, "meld", None) is not None:
            continue
        shape = u.shape if isinstance(u.shape, str) else {Shape.PAIR: "pair", Shape.PUNG: "pung",
                                                           Shape.CHOW: "chow", Shape.SINGLE: "single"}[u.shape]
        out.append((shape, tuple(sorted(u.tiles)), tuple(sorted(u.wilds))))
    return form, tuple(sorted(out))


_FORMS = {Form.STANDARD: "standard", Form.SEVEN_PAIRS: "pairs", Form.THIRTEEN_ORPHANS: "orphans"}


# ---------------------------------------------------------------------------
# Random winning hands
# ---------------------------------------------------------------------------


@st.composite
def winning_hands(draw: st.DrawFn, max_wilds: int = 2) -> WinContext:
    counts = [0] * 34

    def kind(ok: Callable[[int], bool]) -> int:
        return draw(st.sampled_from([k for k in range(33) if ok(k)]))

    def add(tiles: tuple[int, ...]) -> tuple[int, ...]:
        for t in tiles:
            counts[t] += 1
        return tiles

    concealed: list[int] = []
    melds: list[Meld] = []
    sources: list[int | None] = []
    if draw(st.integers(0, 3)) == 0:  # seven pairs
        for _ in range(7):
            concealed += add((k := kind(lambda k: counts[k] <= 2),) * 2)
    else:
        n_melds = draw(st.integers(0, 4))
        concealed += add((kind(lambda k: counts[k] <= 2),) * 2)
        for i in range(4):
            meld = i < n_melds
            what = draw(st.sampled_from(["pung", "chow", "kong"] if meld else ["pung", "chow"]))
            if what == "chow":
                k = kind(lambda k: k < 27 and k % 9 <= 6 and all(counts[k + j] < 4 for j in range(3)))
                tiles = add((k, k + 1, k + 2))
                mk = MeldKind.CHI
            elif what == "pung":
                tiles = add((kind(lambda k: counts[k] <= 1),) * 3)
                mk = MeldKind.PON
            else:
                tiles = add((kind(lambda k: counts[k] == 0),) * 4)
                mk = draw(st.sampled_from([MeldKind.KAN, MeldKind.ANKAN, MeldKind.KAKAN]))
            if meld:
                melds.append(Meld(mk, tiles))
                sources.append(None if mk is MeldKind.ANKAN else draw(st.integers(1, 3)))
            else:
                concealed += tiles
    w = draw(st.integers(0, min(max_wilds, len(concealed))))
    order = draw(st.permutations(range(len(concealed))))
    wild_at = set(order[:w])
    natural = sorted(t for i, t in enumerate(concealed) if i not in wild_at)
    pick = draw(st.integers(0, len(concealed) - 1))
    win = WILD if pick in wild_at else concealed[pick]
    self_drawn = draw(st.booleans())
    return WinContext(
        seat=0, concealed=tuple(natural), win_tile=win, melds=tuple(melds), meld_sources=tuple(sources),
        self_drawn=self_drawn, discarder=None if self_drawn else 1, seat_wind=draw(st.integers(0, 3)),
        round_wind=draw(st.integers(0, 3)), wilds=w, wild_kinds=frozenset({WILD}),
    )


def _check_against_brute_force(ctx: WinContext) -> None:
    rs = v.readings(ctx, HandRules())
    splits = brute_splits(ctx, ctx.melds)
    assert splits, "the generator made a winning hand"
    got = {_signature(r.units, _FORMS[r.form]) for r in rs}
    want = {_signature(s.units, s.form) for s in splits}
    assert got == want
    for name, brute in BRUTE.items():
        pred = getattr(v, name)
        assert {pred(r) for r in rs} == {brute(s) for s in splits}, name
    assert {r.is_natural for r in rs} == {all(k == WILD for k in s.assigned) for s in splits}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(winning_hands(max_wilds=0))
def test_predicates_match_the_brute_force(ctx: WinContext) -> None:
    _check_against_brute_force(ctx)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(winning_hands(max_wilds=2))
def test_predicates_match_the_brute_force_with_wilds(ctx: WinContext) -> None:
    _check_against_brute_force(ctx)


# Hands chosen to reach the rarer predicates (the generator seldom makes them).
RARE = [
    ("1112345678999m", "5m", ()),  # 九莲宝灯
    ("1112345678999m", "9m", ()),
    ("19m19p19s1234567z", "9s", ()),  # 十三幺
    ("555666z111z2z", "2z", ("pon 777z",)),  # 大三元 (7z as a pung: no natural wild here)
    ("111222333z4z", "4z", ("pon 555z",)),  # 大四喜 / 小四喜 readings
    ("123456789m1p", "1p", ("pon 222s",)),  # 一条龙
    ("1p", "1p", ("chi 123m", "pon 555s", "kan 9999p", "pon 111z")),  # 全求人 on a discard
    ("22255588m55p", "5p", ("pon 888s",)),  # 将将胡
    ("1122334455667m", "7m", ()),
    ("1111223344556m", "6m", ()),  # 龙七对: 1m four times
]


@pytest.mark.parametrize(("hand", "win", "melds"), RARE)
@pytest.mark.parametrize("self_drawn", [False, True])
def test_rare_predicates_match_the_brute_force(hand: str, win: str, melds: tuple[str, ...], self_drawn: bool) -> None:
    w = parse_tile(win)
    ms = tuple(Meld.parse(m) for m in melds)
    ctx = WinContext(seat=0, concealed=tuple(sorted(parse_tiles(hand) + [w])), win_tile=w, melds=ms,
                     meld_sources=tuple(None if m.kind is MeldKind.ANKAN else 2 for m in ms),
                     self_drawn=self_drawn, discarder=None if self_drawn else 2, seat_wind=1, round_wind=2)
    if any(t == WILD for t in ctx.all_kinds):  # 红中 is a natural tile here
        ctx = replace(ctx, wild_kinds=frozenset())
    _check_against_brute_force(ctx)
    found = {name for name in BRUTE if any(getattr(v, name)(r) for r in v.readings(ctx))}
    assert found  # each hand lights at least one predicate


def test_rare_hands_reach_their_predicates() -> None:
    def hits(hand: str, win: str, melds: tuple[str, ...] = (), self_drawn: bool = False) -> set[str]:
        w = parse_tile(win)
        ms = tuple(Meld.parse(m) for m in melds)
        ctx = WinContext(seat=0, concealed=tuple(sorted(parse_tiles(hand) + [w])), win_tile=w, melds=ms,
                         meld_sources=tuple(None if m.kind is MeldKind.ANKAN else 2 for m in ms),
                         self_drawn=self_drawn, discarder=None if self_drawn else 2, seat_wind=1, round_wind=0)
        return {n for n in BRUTE if any(getattr(v, n)(r) is True for r in v.readings(ctx))}

    assert {"nine_gates", "pure_nine_gates", "full_flush"} <= hits("1112345678999m", "5m")
    broad = hits("1112345678899m", "9m")
    assert "nine_gates" in broad and "pure_nine_gates" not in broad
    assert "thirteen_orphans" in hits("19m19p19s1234567z", "9s")
    assert "big_three_dragons" in hits("555666z111z2z", "2z", ("pon 777z",))
    assert {"little_four_winds", "round_wind_pung", "seat_wind_pung"} <= hits("111222333z4z", "4z", ("pon 555z",))
    assert "pure_straight" in hits("123456789m1p", "1p", ("pon 222s",))
    assert "fully_melded" in hits("1p", "1p", ("chi 123m", "pon 555s", "kan 9999p", "pon 111z"))
    assert "fully_melded" not in hits("1p", "1p", ("chi 123m", "pon 555s", "ankan 9999p", "pon 111z"))
    assert {"all_258", "pair_258"} <= hits("22255588m55p", "5p", ("pon 888s",))
    assert "terminals_and_honours" in hits("111999m1z", "1z", ("pon 999p", "pon 222z"))
    assert "all_terminals" in hits("111999m1s", "1s", ("pon 999p", "pon 111p"))
    assert "all_simples" in hits("234m345p456s5566s", "6s")


# ---------------------------------------------------------------------------
# Readings on hand-made examples
# ---------------------------------------------------------------------------


def ctx_of(hand: str, win: str, melds: tuple[str, ...] = (), *, wilds: int = 0, self_drawn: bool = False,
           wild_kinds: frozenset[int] = frozenset({WILD})) -> WinContext:
    w = parse_tile(win)
    tiles = parse_tiles(hand) + ([] if w == WILD and wilds else [w])
    ms = tuple(Meld.parse(m) for m in melds)
    return WinContext(seat=0, concealed=tuple(sorted(tiles)), win_tile=w, melds=ms,
                      meld_sources=tuple(None if m.kind is MeldKind.ANKAN else 3 for m in ms),
                      self_drawn=self_drawn, discarder=None if self_drawn else 3, wilds=wilds, wild_kinds=wild_kinds)


@pytest.mark.parametrize(("hand", "win", "waits"), [
    ("123m456p789s11z45s", "6s", {v.Wait.TWO_SIDED}),
    ("123m456p789s11z45s", "3s", {v.Wait.TWO_SIDED}),
    ("123m456p789s11z12s", "3s", {v.Wait.EDGE}),
    ("123m456p789s11z89s", "7s", {v.Wait.EDGE}),
    ("123m456p789s11z46s", "5s", {v.Wait.CLOSED}),
    ("123m456p789s456s1z", "1z", {v.Wait.SINGLE}),
    ("123m456p789s11z22s", "2s", {v.Wait.PUNG}),
    ("1122m3344p5566s7z", "7z", {v.Wait.SINGLE}),
    # 2345s + 2s: 22 + 345, the 2s completes the pair
    ("123m456p789s2345s", "2s", {v.Wait.SINGLE}),
    # 4566s + 6s: 456 + 66, the 6s completes the pair (单钓) or the chow 45 (两面)
    ("123m456p789s4566s", "6s", {v.Wait.SINGLE, v.Wait.TWO_SIDED}),
    # 5667s + 6s: 567 + 66 (单钓), or 57 waiting 6 (坎张)
    ("123m456p789s5667s", "6s", {v.Wait.SINGLE, v.Wait.CLOSED}),
])
def test_wait_shapes(hand: str, win: str, waits: set[v.Wait]) -> None:
    rs = v.readings(ctx_of(hand, win, wild_kinds=frozenset()))
    assert {r.wait for r in rs} == waits
    assert {v.wait(r) for r in rs} == waits


def test_win_unit_choices() -> None:
    """111m + 1m: the winning 1m may complete the pung (对倒) or the chow
    123m (两面/边张 …): one reading per unit it may have completed."""
    rs = v.readings(ctx_of("11123m456p789s55z", "1m", wild_kinds=frozenset()))
    completed = {(r.units[r.win_unit].shape, r.units[r.win_unit].kind) for r in rs if r.win_unit is not None}
    assert (Shape.PUNG, 0) in completed and (Shape.CHOW, 0) in completed
    assert all(r.win_unit is not None and r.ctx.win_tile in r.units[r.win_unit].tiles for r in rs)
    one = v.readings(ctx_of("11123m456p789s55z", "1m", wild_kinds=frozenset()), by_win_unit=False)
    assert len(one) < len(rs)
    assert {_signature(r.units, "x") for r in one} == {_signature(r.units, "x") for r in rs}


def test_equal_units_give_one_win_unit() -> None:
    rs = v.readings(ctx_of("112233m456p789s5z", "5z", wild_kinds=frozenset()))
    assert len(rs) == 1 and rs[0].wait is v.Wait.SINGLE
    rs = v.readings(ctx_of("11223m456p789s55z", "3m", wild_kinds=frozenset()))
    # 123m twice: the 3m completed one of two equal chows: one reading, not two
    assert sorted(r.units[r.win_unit].shape for r in rs if r.win_unit is not None) == [Shape.CHOW]


def test_wild_sets_are_expanded() -> None:
    """Three wilds as a set stand for every pung and every chow the mask allows."""
    ctx = ctx_of("123m456p789s11z", "7z", wilds=3)
    rs = v.readings(ctx)
    wild_sets = {(u.shape, u.kind) for r in rs for u in r.units if len(u.wilds) == 3}
    assert {(Shape.PUNG, k) for k in range(34)} <= wild_sets
    assert {(Shape.CHOW, s * 9 + i) for s in range(3) for i in range(7)} <= wild_sets
    assert any(r.is_natural for r in rs)  # 红中 pung: each wild as itself
    assert all(v.wilds_as_other(r) in (0, 3) for r in rs if any(len(u.wilds) == 3 for u in r.units))
    # with a mask, only the masked kinds
    masked = v.readings(ctx, HandRules(wild_kinds=frozenset({0, 1, 2, 33})))
    kinds = {(u.shape, u.kind) for r in masked for u in r.units if len(u.wilds) == 3}
    assert kinds == {(Shape.PUNG, 0), (Shape.PUNG, 1), (Shape.PUNG, 2), (Shape.PUNG, 33), (Shape.CHOW, 0)}


def test_wild_pair_respects_the_pair_mask() -> None:
    ctx = ctx_of("123m456p789s111z", "7z", wilds=2)
    rules = HandRules(pair_kinds=frozenset({1, 4, 7}))
    pairs = {r.pair for r in v.readings(ctx, rules) if r.form is Form.STANDARD and r.units[0].wilds}
    assert pairs == {1, 4, 7}


def test_a_wild_winning_tile() -> None:
    """The winning tile is the wild: it completed a unit holding a wild (here
    45s + wild as 3s or 6s); its place in a chow is not told (OTHER)."""
    ctx = ctx_of("123m456p789s11z45s", "7z", wilds=1)
    rs = v.readings(ctx)
    assert {r.units[r.win_unit].wilds for r in rs if r.win_unit is not None} == {(20,), (23,)}
    assert {r.wait for r in rs} == {v.Wait.OTHER}
    assert not any(r.is_natural for r in rs)


def _brute_own(stand: list[int], held: list[int], counted: set[int]) -> int:
    """The most stand-ins at the positions ``counted`` that a held wild tile
    of the same kind can fill, over every way to hand out the held tiles."""
    return max(sum(1 for i in counted if p[i] == stand[i]) for p in itertools.permutations(held))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(winning_hands(max_wilds=3), st.data())
def test_wilds_as_themselves_with_two_wild_kinds(ctx: WinContext, data: st.DataObject) -> None:
    """Two wild kinds (天津 混儿): which wild tiles were held decides whether
    a stand-in is "itself" — against every way to hand the held tiles out."""
    free = [k for k in range(33) if k not in ctx.all_kinds]
    a, b = data.draw(st.sampled_from([(x, y) for x in free for y in free if x < y]))
    held = sorted(data.draw(st.lists(st.sampled_from([a, b]), min_size=ctx.wilds, max_size=ctx.wilds)))
    win = ctx.win_tile if ctx.win_tile != WILD else held[0]
    ctx = replace(ctx, wild_kinds=frozenset({a, b}), wild_tiles=tuple(held), win_tile=win)
    for r in v.readings(ctx, HandRules()):
        stand = [k for u in r.units for k in u.wilds]
        assert v.wilds_as_other(r) == len(stand) - _brute_own(stand, held, set(range(len(stand))))
        with_wilds = [i for i, u in enumerate(r.units) if u.wilds]
        for n in range(1, len(with_wilds) + 1):
            for pick in itertools.combinations(with_wilds, n):
                at: set[int] = set()
                pos = 0
                for i, u in enumerate(r.units):
                    if i in pick:
                        at |= set(range(pos, pos + len(u.wilds)))
                    pos += len(u.wilds)
                assert v.wilds_as_themselves(r, [r.units[i] for i in pick]) == _brute_own(stand, held, at)


def test_wilds_as_themselves_needs_the_held_tiles() -> None:
    """混儿 1m and 2m: a 龙 123m whose 1m and 2m are wild tiles is "itself"
    only when a 1m and a 2m were held, not two 1m."""
    base = ctx_of("3456789m555p77z", "7z", wilds=2, self_drawn=True, wild_kinds=frozenset({0, 1}))
    for held, own in (((0, 1), 2), ((0, 0), 1), ((1, 1), 1)):
        ctx = replace(base, wild_tiles=held)
        (r,) = [r for r in v.readings(ctx) if v.pure_straight(r)]
        assert v.wilds_as_themselves(r, r.units) == own
        assert v.wilds_as_other(r) == 2 - own
    # not told which tiles: every stand-in for a wild kind counts as itself
    (r,) = [r for r in v.readings(base) if v.pure_straight(r)]
    assert v.wilds_as_themselves(r, r.units) == 2 and v.wilds_as_other(r) == 0


def test_not_a_winning_hand() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        v.readings(ctx_of("123m456p789s1357s", "9s", wild_kinds=frozenset()))
    with pytest.raises(InvalidHandError):
        v.readings(ctx_of("123m456p789s13s", "9s", wild_kinds=frozenset()))


def test_given_decompositions_are_used() -> None:
    ctx = ctx_of("111222333m999p5p", "5p", wild_kinds=frozenset())
    full = v.readings(ctx)
    assert {v.all_pungs(r) for r in full} == {True, False}
    from mahjong_core.analysis import decompositions

    chows = tuple(d for d in decompositions(ctx.concealed) if any(u[0] == Shape.CHOW for u in d.units))
    only = v.readings(replace(ctx, decompositions=chows))
    assert {v.all_pungs(r) for r in only} == {False}


# ---------------------------------------------------------------------------
# Fan tables: matching, excludes, best
# ---------------------------------------------------------------------------

TABLE = (
    v.Fan("清一色", "Full flush", 3, v.full_flush),
    v.Fan("对对胡", "All pungs", 2, v.all_pungs),
    v.Fan("清对", "Full-flush all pungs", 6, lambda r: v.full_flush(r) and v.all_pungs(r),
          excludes=("清一色", "对对胡")),
    v.Fan("根", "Root", 1, v.roots, explain=lambda r: f"{v.roots(r)} kind(s) held four times"),
    v.Fan("平胡", "Any win", 0, v.any_win, why="any winning hand"),
)


def test_matching_applies_excludes_and_counts() -> None:
    ctx = ctx_of("1112223335559m", "9m", wild_kinds=frozenset())
    rs = v.readings(ctx)
    pung_reading = next(r for r in rs if v.all_pungs(r))
    chow_reading = next(r for r in rs if not v.all_pungs(r))
    assert [(f.zh, n) for f, n in v.matching(TABLE, pung_reading)] == [("清对", 1), ("平胡", 1)]
    assert [(f.zh, n) for f, n in v.matching(TABLE, chow_reading)] == [("清一色", 1), ("平胡", 1)]
    quads = next(iter(v.readings(ctx_of("111123m567s789s5z", "5z", wild_kinds=frozenset()))))
    assert [(f.zh, n) for f, n in v.matching(TABLE, quads)] == [("根", 1), ("平胡", 1)]
    assert TABLE[3].item(quads) == ScoreItem("根", "Root", 1, 1, "1 kind(s) held four times")
    assert TABLE[4].item(quads, 2) == ScoreItem("平胡", "Any win", 0, 2, "any winning hand")


def test_an_excluded_entry_stays_when_its_excluder_does_not_apply() -> None:
    r = next(iter(v.readings(ctx_of("123456789m1115m", "5m", wild_kinds=frozenset()))))
    names = [f.zh for f, _ in v.matching(TABLE, r)]
    assert "清一色" in names and "清对" not in names


def test_best_is_the_highest_and_the_first_on_a_tie() -> None:
    rs = v.readings(ctx_of("1112223335559m", "9m", wild_kinds=frozenset()))

    def value(r: v.Reading) -> tuple[int, ...]:
        return (sum(f.value * n for f, n in v.matching(TABLE, r)),)

    top = v.best(rs, value)
    assert v.all_pungs(top) and value(top) == (6,)
    assert v.best(rs, lambda r: (0,)) is rs[0]
    assert v.best(reversed(rs), lambda r: (0,)) is rs[-1]


def test_memo_is_not_part_of_equality() -> None:
    a, b = v.readings(ctx_of("123m456p789s11z45s", "6s", wild_kinds=frozenset())), None
    r = a[0]
    _ = r.pungs, r.kinds, v.suits(r)
    b = replace(r, memo={})
    assert r == b and hash(r.units) == hash(b.units)


# ---------------------------------------------------------------------------
# Context predicates
# ---------------------------------------------------------------------------


def test_context_predicates() -> None:
    base = ctx_of("123m456p789s11z45s", "6s", wild_kinds=frozenset())
    r = v.readings(base)[0]
    assert not any(p(r) for p in (v.self_drawn, v.kong_replacement, v.kong_discard, v.robbed_kong, v.last_tile,
                                  v.heavenly, v.earthly))
    drawn = v.readings(replace(base, self_drawn=True, discarder=None, last_tile=True, first_turn=True, dealer=True))[0]
    assert v.self_drawn(drawn) and v.last_tile_drawn(drawn) and not v.last_tile_discard(drawn)
    assert v.heavenly(drawn) and not v.earthly(drawn)
    assert v.earthly(v.readings(replace(base, self_drawn=True, discarder=None, first_turn=True))[0])
    assert v.last_tile_discard(v.readings(replace(base, last_tile=True))[0])
    assert v.kong_discard(v.readings(replace(base, kong_discard=True))[0])
    assert v.robbed_kong(v.readings(replace(base, robbed_kong=True))[0])
    assert v.any_win(r)


def test_wilds_as_other_with_several_wild_kinds() -> None:
    """正精 and 副精: a wild is used as itself only as far as tiles of that
    kind were held (``ctx.wild_tiles``); brute force over which held wild
    plays which slot."""
    import dataclasses
    import itertools

    def brute(r: v.Reading, held: tuple[int, ...]) -> int:
        slots = [k for u in r.units for k in u.wilds]
        return min(sum(1 for a, b in zip(p, slots) if a != b) for p in itertools.permutations(held))

    for held in ((9, 10), (9, 9, 10), (10, 10, 9)):
        ctx = ctx_of("123m456m789m78s" if len(held) == 2 else "123m456m789m8s", "9s", wilds=len(held))
        ctx = dataclasses.replace(ctx, wild_kinds=frozenset({9, 10}), wild_tiles=held)
        for r in v.readings(ctx, HandRules(wild_kinds=frozenset({0, 9, 10, 24, 25, 26}))):
            assert v.wilds_as_other(r) == brute(r, held), (held, r.units)
    # 1p and 2p held as a 1p pair: one of them stands for another kind
    ctx = dataclasses.replace(ctx_of("123m456m789m78s", "9s", wilds=2),
                              wild_kinds=frozenset({9, 10}), wild_tiles=(9, 10))
    assert not any(r.is_natural for r in v.readings(ctx))


# ---------------------------------------------------------------------------
# The fast paths against the obvious code they replace
# ---------------------------------------------------------------------------
# Each function below is the plain version of a path patterns.py takes for
# speed (a cache, a memo, a loop instead of a generator); on every hand the
# two must give equal answers (the memo is filled by the first call, so each
# check asks twice).


def _obvious_win_units(units: Any, ctx: WinContext) -> list[int | None]:
    tile = ctx.win_tile
    if tile < 0:
        return [None]
    as_wild = tile >= 34 or tile in ctx.wild_kinds or ctx.wild_win_tile
    out: list[int | None] = []
    taken: list[v.Unit] = []
    for i, u in enumerate(units):
        if u.meld is not None:
            break
        hit = bool(u.wilds) if as_wild else tile in (u.natural if u.wilds else u.tiles)
        if hit and u not in taken:
            out.append(i)
            taken.append(u)
    return out or [None]


def _obvious_readings(ctx: WinContext, rules: HandRules, by_win_unit: bool = True) -> tuple[v.Reading, ...]:
    """Every decomposition expanded and sorted afresh, no cache."""
    from mahjong_core.analysis import decompositions

    decomps = ctx.decompositions or decompositions(ctx.concealed, wilds=ctx.wilds, rules=rules)
    n = len(ctx.melds)
    sources = tuple(ctx.meld_sources)[:n] + (None,) * (n - len(ctx.meld_sources))
    melds = tuple(v._meld_unit(m, s) for m, s in zip(ctx.melds, sources))
    meld_counts = [0] * 34
    for m in ctx.melds:
        for k in m.tiles:
            meld_counts[k] += 1
    seen: set[Any] = set()
    out: list[v.Reading] = []
    for d in decomps:
        form = Form(d.form)
        choices = v._units_of(d)
        expand = False
        for i, c in enumerate(choices):
            if not c:
                choices[i] = v._wild_choices(Shape(d.units[i][0]), rules, form)
                expand = True
        for combo in itertools.product(*choices):
            hand_units = tuple(sorted(combo, key=v._unit_order))
            units = hand_units + melds
            counts = list(meld_counts)
            for u in hand_units:
                for k in u.tiles:
                    counts[k] += 1
            wins = _obvious_win_units(units, ctx)
            if expand:
                key = (form, tuple(map(v._unit_order, hand_units)))
                if key in seen:
                    continue
                seen.add(key)
            for wu in wins if by_win_unit else wins[:1]:
                out.append(v.Reading(form, units, ctx, wu, tuple(counts)))
    return tuple(out)


_OBVIOUS: dict[str, Callable[[v.Reading], Any]] = {
    "suits": lambda r: frozenset(s for s in (0, 1, 2) if any(r.counts[9 * s: 9 * s + 9])),
    "wait": v._wait,
    "claimed_melds": lambda r: sum(u.claimed for u in r.units),
    "pure_straight": lambda r: any({s, s + 3, s + 6} <= set(r.chows) for s in (0, 9, 18)),
    "terminals_in_each": lambda r: r.form is Form.STANDARD and all(v._has_end(u) for u in r.units),
    "dragon_pungs": lambda r: sum(1 for k in r.pungs if k >= 31),
    "wind_pungs": lambda r: sum(1 for k in r.pungs if 27 <= k < 31),
    "all_sets_declared": lambda r: r.form is Form.STANDARD and all(u.meld is not None for u in r.units
                                                                   if u.shape is not Shape.PAIR),
}


def _obvious_matching(fans: Any, r: v.Reading) -> list[tuple[v.Fan, int]]:
    hits = [(f, n) for f in fans if (n := f.count(r)) > 0]
    dropped = {x for f, _ in hits for x in f.excludes}
    return [(f, n) for f, n in hits if f.zh not in dropped]


def _obvious_doubling_sheet(found: Any, fans: Any, *, base: int, problem: Any, plain: ScoreItem) -> Any:
    from mahjong_core.rules import ScoreSheet

    top = v.best(found, lambda r: (int(problem(r) is None), sum(f.value * n for f, n in _obvious_matching(fans, r))))
    hits = _obvious_matching(fans, top)
    fan = sum(f.value * n for f, n in hits)
    items = tuple(f.item(top, n) for f, n in hits) or (plain,)
    return ScoreSheet(items=items, total=fan, unit="番", points=base * 2**fan,
                      notes=(f"{base} × 2 ** {fan}",), problem=problem(top))


def _tables(wilds: bool) -> list[tuple[v.Fan, ...]]:
    from mahjong_core.variants import changchun, guangdong_tuidao, neimeng, sichuan, taiyuan

    # (台湾's table asks for sixteen-tile hands, 太原's for no wild: their own tests compare them)
    return [guangdong_tuidao.DAHU_HANDS, guangdong_tuidao.BEYOND_HUNPENG, *(() if wilds else (taiyuan.POINTS,)),
            changchun.FANS, neimeng.FANS, sichuan.PATTERNS]


def _check_fast_paths(ctx: WinContext, rules: HandRules) -> None:
    from mahjong_core.analysis import decompositions
    from mahjong_core.variants import changchun, neimeng

    if not _obvious_readings(ctx, rules):  # (wilds the rules let stand for no kind left)
        with pytest.raises(IllegalWinError):
            v.readings(ctx, rules)
        return
    for by_win_unit in (True, False):
        want = _obvious_readings(ctx, rules, by_win_unit)
        assert v.readings(ctx, rules, by_win_unit=by_win_unit) == want
        assert v.readings(ctx, rules, by_win_unit=by_win_unit) == want  # (now from the cache)
    given = replace(ctx, decompositions=decompositions(ctx.concealed, wilds=ctx.wilds, rules=rules))
    assert v.readings(given, rules) == _obvious_readings(given, rules)
    rs = v.readings(ctx, rules)
    for r in rs:
        fresh = replace(r, memo={})
        for name, obvious in _OBVIOUS.items():
            fast = getattr(v, name)
            assert fast(r) == obvious(fresh) and fast(r) == obvious(fresh), name
        assert r.kinds == frozenset(k for k in range(34) if r.counts[k]) == r.kinds
        for table in _tables(bool(ctx.wilds)):
            got, want_m = v.matching(table, r), _obvious_matching(table, replace(r, memo={}))
            assert got == want_m and [type(n) for _, n in got] == [type(n) for _, n in want_m]
    for fans, problem, plain in ((neimeng.FANS, neimeng.Neimeng.problem, neimeng.PLAIN),
                                 (changchun.FANS, changchun.Changchun()._problem, changchun.PLAIN)):
        assert v.doubling_sheet(rs, fans, base=2, problem=problem, plain=plain) == \
            _obvious_doubling_sheet(v.readings(ctx, rules), fans, base=2, problem=problem, plain=plain)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(winning_hands(max_wilds=0))
def test_fast_paths_are_the_obvious_code(ctx: WinContext) -> None:
    _check_fast_paths(ctx, HandRules())


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(winning_hands(max_wilds=3))
def test_fast_paths_are_the_obvious_code_with_wilds(ctx: WinContext) -> None:
    _check_fast_paths(ctx, HandRules())
    _check_fast_paths(ctx, HandRules(wild_kinds=frozenset({0, 1, 2, 9, 27, 28, 31})))


def test_the_hand_cache_is_bounded_and_takes_hand_made_units() -> None:
    from mahjong_core.analysis import Decomposition

    v._HANDS.clear()
    ctx = ctx_of("1112223334445m", "5m")
    want = v.readings(ctx)
    for i in range(v._HANDS_MAX + 10):  # keys of no real hand: only the size is at stake
        v._hand_of(Decomposition(Form.STANDARD, ((Shape.PAIR, i % 27, 0),) * (1 + i // 27)))
    assert 0 < len(v._HANDS) <= v._HANDS_MAX
    from mahjong_core.analysis import decompositions

    listed = replace(ctx, decompositions=tuple(Decomposition(d.form, [tuple(u) for u in d.units])  # type: ignore[arg-type]
                                               for d in decompositions(ctx.concealed, wilds=0)))
    assert v.readings(listed) == tuple(replace(r, ctx=listed) for r in want)


def test_readings_are_made_by_their_slots_as_the_dataclass_makes_them() -> None:
    """readings() sets each reading's fields by its slots (``_reading``),
    not through the frozen dataclass's ``__init__``: the same value, hash
    and repr, still frozen, and a memo of its own in each reading (a wild
    pair's expansions too)."""
    import dataclasses

    for ctx in (ctx_of("11123m456p789s55z", "1m"), ctx_of("123m456p789s", "5z", ("pon 777z",), wilds=1),
                ctx_of("12m456p", "3m", ("chi 567s", "pon 777z"), wilds=2)):
        got = v.readings(ctx)
        assert len(got) >= 1
        for r in got:
            made = v.Reading(r.form, r.units, r.ctx, r.win_unit, r.counts)
            assert type(r) is v.Reading and r == made and hash(r) == hash(made) and repr(r) == repr(made)
            assert r.pungs == made.pungs and v.suits(r) == v.suits(made) and r.wait == made.wait
            with pytest.raises(dataclasses.FrozenInstanceError):
                r.form = Form.SEVEN_PAIRS  # type: ignore[misc]
        assert len({id(r.memo) for r in got}) == len(got)


@pytest.mark.parametrize("suit", "mps")
def test_pure_straight_of_each_suit(suit: str) -> None:
    """一条龙 in each suit, and not with a chow short (the fast test looks up each chow)."""
    for hand, win, want in ((f"123456789{suit}11z22z", "2z", True), (f"12345678{suit}111z22z", f"9{suit}", True),
                            (f"123456{suit}789{'p' if suit != 'p' else 's'}11z22z", "2z", False)):
        rs = v.readings(ctx_of(hand, win))
        assert {v.pure_straight(r) for r in rs} == {want}
        for r in rs:
            assert v.pure_straight(r) == _OBVIOUS["pure_straight"](replace(r, memo={}))
