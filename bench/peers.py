"""The libraries under comparison: native inputs, timed loops, correctness gates.

Each :class:`Case` is one library doing one operation on one corpus:

- ``prepare(hands)`` turns the corpus (34-count lists) into the library's own
  native input, once, before any timing;
- ``loop(inputs)`` is what gets timed: one call per hand, written as a plain
  ``for`` loop that calls the library directly (no wrapper per call);
- ``answers(inputs)`` gives the same calls' results in a comparable form
  (bool, int, tuple of kinds, or a set of readings);
- ``expected(hand, wilds)`` is mahjong_core's answer under the rules that match
  the peer (riichi libraries: ``seven_pairs_distinct=True``);
- ``compare(hand)`` says whether the hand is compared at all: hands hit by a
  documented rule difference are left out (see each case's ``note``).

:func:`gate` runs the answers against the expectations; the benchmarks call it
before timing, so no wrong answer is ever timed, and ``test_smoke.py`` calls
it on a slice of every corpus.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import corpus
import MahjongGB
import naive
import riichienv
import xiangting
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.shanten import Shanten

import mahjong_core as mc
from mahjong_core import Form, HandRules, _native
from mahjong_core.variants import guobiao

Hand = list[int]

# --- rules mahjong_core is checked under, per peer -----------------------------

DEFAULT = HandRules()
RIICHI = HandRules(seven_pairs_distinct=True)
"""Standard + seven pairs (seven different kinds) + thirteen orphans: the
win shapes of riichi mahjong (riichienv, xiangting, mahjong)."""
RIICHI_NO_ORPHANS = HandRules(forms={Form.STANDARD, Form.SEVEN_PAIRS}, seven_pairs_distinct=True)
"""What ``mahjong``'s HandDivider reads (it has no thirteen-orphans reading)."""
GB_FORMS = guobiao.RULES
"""The forms PyMahjongGB's ``MahjongShanten`` covers: 国标's own hand rules."""

# --- native inputs ---------------------------------------------------------------


def to_counts(hands: Sequence[Hand]) -> list[mc.Counts]:
    return [mc.Counts(h) for h in hands]


def to_136(h: Hand) -> list[int]:
    """riichienv's input: tile ids 0..135 (kind * 4 + copy)."""
    return [4 * k + j for k in range(34) for j in range(h[k])]


GB_TILES = (
    *(f"W{i}" for i in range(1, 10)),  # 万 = m
    *(f"B{i}" for i in range(1, 10)),  # 饼 = p
    *(f"T{i}" for i in range(1, 10)),  # 条 = s
    "F1", "F2", "F3", "F4",  # East South West North
    "J3", "J2", "J1",  # 白 发 中 (J1 = 中); dragons are symmetric for shanten and waits
)
GB_KIND = {t: k for k, t in enumerate(GB_TILES)}


def to_gb(h: Hand) -> tuple[str, ...]:
    """PyMahjongGB's input: a tuple of tile strings."""
    return tuple(GB_TILES[k] for k in range(34) for _ in range(h[k]))


def _lists(hands: Sequence[Hand]) -> list[Hand]:
    return [list(h) for h in hands]


def _no_quad(h: Hand) -> bool:
    return max(h) < 4


def _all(h: Hand) -> bool:
    return True


# --- the cases -------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    group: str
    corpus: str
    lib: str
    prepare: Callable[[Sequence[Hand]], Any]
    loop: Callable[[Any], None]
    answers: Callable[[Any], list[Any]]
    expected: Callable[[Hand, int], Any]
    compare: Callable[[Hand], bool] = _all
    note: str = ""

    @property
    def id(self) -> str:
        return f"{self.group}-{self.corpus}-{self.lib}"


F4 = xiangting.PlayerCount.FOUR
_calc_shanten = riichienv.calculate_shanten
_RiichiEvaluator = riichienv._riichienv.HandEvaluator  # the Rust class; riichienv.HandEvaluator wraps it
_rn = xiangting.calculate_replacement_number
_nt = xiangting.calculate_necessary_tiles
_is_agari = Agari.is_agari
_mj_shanten = Shanten.calculate_shanten
_divide = HandDivider.divide_hand
_gb_shanten = MahjongGB.MahjongShanten
_gb_regular = MahjongGB.RegularShanten
_gb_pairs = MahjongGB.SevenPairsShanten
_gb_orphans = MahjongGB.ThirteenOrphansShanten
_mask_kinds = lambda m: tuple(k for k in range(34) if m >> k & 1)


def _readings(ds: Sequence[Any]) -> frozenset[tuple[int, tuple[tuple[int, int, int], ...]]]:
    return frozenset((int(d[0]), tuple((int(s), k, w) for s, k, w in d[1])) for d in ds)


def _divider_readings(blocks: list[list[list[int]]]) -> frozenset[Any]:
    """``mahjong``'s HandDivider output as mahjong_core readings."""
    out = set()
    for division in blocks:
        units = []
        for b in division:
            if len(b) == 2:
                units.append((0, b[0], 0))
            elif b[0] == b[1]:
                units.append((1, b[0], 0))
            else:
                units.append((2, b[0], 0))
        form = 1 if len(division) == 7 else 0
        out.add((form, tuple(sorted(units))))
    return frozenset(out)


def _core_expect(fn: Callable[..., Any], rules: HandRules | None) -> Callable[[Hand, int], Any]:
    return lambda h, w: fn(mc.Counts(h), w, rules)


# The timed loops.  Library functions are bound to locals/defaults so the loop
# costs what a user's own loop would.


def _loop_core_1(f: Callable[..., Any]) -> Callable[[Any], None]:
    def loop(cs: Any, f: Callable[..., Any] = f) -> None:
        for c in cs:
            f(c)

    return loop


def _loop_core_w(f: Callable[..., Any], w: int) -> Callable[[Any], None]:
    def loop(cs: Any, f: Callable[..., Any] = f, w: int = w) -> None:
        for c in cs:
            f(c, wilds=w)

    return loop


def _loop_raw(f: Callable[..., Any], w: int, rules: Any = None) -> Callable[[Any], None]:
    def loop(cs: Any, f: Callable[..., Any] = f, w: int = w, r: Any = rules) -> None:
        for c in cs:
            f(c, w, r)

    return loop


def _loop_riichi_win(hs: Any, f: Callable[..., Any] = _calc_shanten) -> None:
    for h in hs:
        f(h) == -1  # noqa: B015 - the comparison is part of the check


def _loop_xt_win(hs: Any, f: Callable[..., Any] = _rn, p: Any = F4) -> None:
    for h in hs:
        f(h, p) == 0  # noqa: B015


def _loop_xt(f: Callable[..., Any]) -> Callable[[Any], None]:
    def loop(hs: Any, f: Callable[..., Any] = f, p: Any = F4) -> None:
        for h in hs:
            f(h, p)

    return loop


def _loop_gb_shanten(hs: Any, f: Callable[..., Any] = _gb_shanten) -> None:
    for h in hs:
        f((), h)


def _riichi_waits_loop(evs: Any) -> None:
    for e in evs:
        e.get_waits()


def _riichi_new_waits_loop(hs: Any, E: Any = _RiichiEvaluator) -> None:
    for h in hs:
        E(h, []).get_waits()


def mahjong_waits(h: Hand, is_agari: Callable[..., bool] = _is_agari) -> list[int]:
    """Waits with ``mahjong``: add each kind held fewer than four times and
    ask ``Agari.is_agari`` (the usual way its users do it)."""
    out = []
    for k in range(34):
        if h[k] < 4:
            h[k] += 1
            if is_agari(h):
                out.append(k)
            h[k] -= 1
    return out


def gb_waits(h: tuple[str, ...]) -> set[str]:
    """Waits with PyMahjongGB: the useful tiles of each default form whose
    shanten is 0 (standard, seven pairs, thirteen orphans)."""
    out: set[str] = set()
    for fn in (_gb_regular, _gb_pairs, _gb_orphans):
        s, useful = fn(h)
        if s == 0:
            out.update(useful)
    return out


def _loop_plain(f: Callable[..., Any]) -> Callable[[Any], None]:
    def loop(xs: Any, f: Callable[..., Any] = f) -> None:
        for x in xs:
            f(x)

    return loop


def _loop_plain_w(f: Callable[..., Any], w: int) -> Callable[[Any], None]:
    def loop(xs: Any, f: Callable[..., Any] = f, w: int = w) -> None:
        for x in xs:
            f(x, w)

    return loop


_NO_QUAD_NOTE = (
    "not 4-copy aware: on hands holding all four copies of a kind it counts a fifth "
    "copy as drawable (e.g. 1111m234p567p789s: shanten 0 and wait 1m; exact: shanten 1, "
    "no wait), so only hands without four of a kind are compared"
)


def _win_cases(name: str) -> list[Case]:
    return [
        Case("win", name, "mahjong_core", to_counts, _loop_core_1(mc.is_win),
             lambda cs: [mc.is_win(c) for c in cs], _core_expect(_native.is_win, DEFAULT)),
        Case("win", name, "mahjong_core.raw", to_counts, _loop_raw(_native.is_win, 0),
             lambda cs: [_native.is_win(c, 0, None) for c in cs], _core_expect(_native.is_win, DEFAULT)),
        Case("win", name, "riichienv", lambda hs: [to_136(h) for h in hs], _loop_riichi_win,
             lambda hs: [_calc_shanten(h) == -1 for h in hs], _core_expect(_native.is_win, RIICHI),
             note="calculate_shanten(14 tiles) == -1 (no separate win-shape call)"),
        Case("win", name, "xiangting", _lists, _loop_xt_win,
             lambda hs: [_rn(h, F4) == 0 for h in hs], _core_expect(_native.is_win, RIICHI),
             note="calculate_replacement_number(14 tiles) == 0"),
        Case("win", name, "mahjong", _lists, _loop_plain(_is_agari),
             lambda hs: [_is_agari(h) for h in hs], _core_expect(_native.is_win, RIICHI)),
        Case("win", name, "naive", _lists, _loop_plain(naive.is_win),
             lambda hs: [naive.is_win(h) for h in hs], _core_expect(_native.is_win, DEFAULT)),
    ]


def _shanten_cases(name: str) -> list[Case]:
    cases = [
        Case("shanten", name, "mahjong_core", to_counts, _loop_core_1(mc.shanten),
             lambda cs: [mc.shanten(c) for c in cs], _core_expect(_native.shanten, DEFAULT)),
        Case("shanten", name, "mahjong_core.raw", to_counts, _loop_raw(_native.shanten, 0),
             lambda cs: [_native.shanten(c, 0, None) for c in cs], _core_expect(_native.shanten, DEFAULT)),
        Case("shanten", name, "riichienv", lambda hs: [to_136(h) for h in hs], _loop_plain(_calc_shanten),
             lambda hs: [_calc_shanten(h) for h in hs], _core_expect(_native.shanten, RIICHI)),
        Case("shanten", name, "xiangting", _lists, _loop_xt(_rn),
             lambda hs: [_rn(h, F4) - 1 for h in hs], _core_expect(_native.shanten, RIICHI),
             note="shanten = replacement number - 1"),
        Case("shanten", name, "mahjong", _lists, _loop_plain(_mj_shanten),
             lambda hs: [_mj_shanten(h) for h in hs], _core_expect(_native.shanten, RIICHI)),
        Case("shanten", name, "naive", _lists, _loop_plain(naive.shanten),
             lambda hs: [naive.shanten(h) for h in hs], _core_expect(_native.shanten, DEFAULT),
             compare=_no_quad, note="classic count, " + _NO_QUAD_NOTE),
    ]
    if sum(corpus.CORPORA[name][0][0]) == 13:
        # PyMahjongGB takes 13 standing tiles only
        cases += [
            Case("shanten", name, "mahjong_core[gb-forms]", to_counts,
                 _loop_raw(_native.shanten, 0, GB_FORMS._kernel),
                 lambda cs: [_native.shanten(c, 0, GB_FORMS._kernel) for c in cs],
                 _core_expect(_native.shanten, GB_FORMS),
                 note="mahjong_core with the forms of MahjongShanten, for PyMahjongGB"),
            Case("shanten", name, "PyMahjongGB", lambda hs: [to_gb(h) for h in hs], _loop_gb_shanten,
                 lambda hs: [_gb_shanten((), h) for h in hs], _core_expect(_native.shanten, GB_FORMS),
                 compare=_no_quad,
                 note="MahjongShanten (standard, seven pairs, orphans, 全不靠, 组合龙); " + _NO_QUAD_NOTE),
        ]
    return cases


def _waits_cases(name: str) -> list[Case]:
    return [
        Case("waits", name, "mahjong_core", to_counts, _loop_core_1(mc.waits),
             lambda cs: [mc.waits(c) for c in cs], _core_expect(_native.waits, DEFAULT)),
        Case("waits", name, "mahjong_core.raw", to_counts, _loop_raw(_native.waits_mask, 0),
             lambda cs: [_mask_kinds(_native.waits_mask(c, 0, None)) for c in cs],
             _core_expect(_native.waits, DEFAULT), note="waits_mask: a 34-bit int, no tuple"),
        Case("waits", name, "riichienv", lambda hs: [_RiichiEvaluator(to_136(h), []) for h in hs],
             _riichi_waits_loop,
             lambda evs: [tuple(sorted(e.get_waits())) for e in evs], _core_expect(_native.waits, RIICHI),
             note="HandEvaluator built before timing; get_waits() timed"),
        Case("waits", name, "riichienv+new", lambda hs: [to_136(h) for h in hs], _riichi_new_waits_loop,
             lambda hs: [tuple(sorted(_RiichiEvaluator(h, []).get_waits())) for h in hs],
             _core_expect(_native.waits, RIICHI), note="HandEvaluator(tiles).get_waits() timed"),
        Case("waits", name, "xiangting", _lists, _loop_xt(_nt),
             lambda hs: [_mask_kinds(nt) if rn == 1 else () for rn, nt in (_nt(h, F4) for h in hs)],
             _core_expect(_native.waits, RIICHI),
             note="calculate_necessary_tiles: necessary tiles when replacement number is 1"),
        Case("waits", name, "mahjong", _lists, _loop_plain(mahjong_waits),
             lambda hs: [tuple(mahjong_waits(h)) for h in hs], _core_expect(_native.waits, RIICHI),
             note="Agari.is_agari on each of the 34 kinds added"),
        Case("waits", name, "PyMahjongGB", lambda hs: [to_gb(h) for h in hs], _loop_plain(gb_waits),
             lambda hs: [tuple(sorted(GB_KIND[t] for t in gb_waits(h))) for h in hs],
             _core_expect(_native.waits, DEFAULT), compare=_no_quad,
             note="useful tiles of Regular/SevenPairs/ThirteenOrphansShanten at shanten 0; "
             + _NO_QUAD_NOTE),
        Case("waits", name, "naive", _lists, _loop_plain(naive.waits),
             lambda hs: [naive.waits(h) for h in hs], _core_expect(_native.waits, DEFAULT)),
    ]


def _decomp_cases(name: str) -> list[Case]:
    def expect(rules: HandRules) -> Callable[[Hand, int], Any]:
        return lambda h, w: _readings(_native.decompositions(mc.Counts(h), w, rules))

    return [
        Case("decompositions", name, "mahjong_core", to_counts, _loop_core_1(mc.decompositions),
             lambda cs: [_readings(mc.decompositions(c)) for c in cs], expect(DEFAULT)),
        Case("decompositions", name, "mahjong_core.raw", to_counts, _loop_raw(_native.decompositions, 0),
             lambda cs: [_readings(_native.decompositions(c, 0, None)) for c in cs], expect(DEFAULT)),
        Case("decompositions", name, "mahjong", _lists, _loop_plain(_divide),
             lambda hs: [_divider_readings(_divide(h)) for h in hs], expect(RIICHI_NO_ORPHANS),
             note="HandDivider.divide_hand: standard form and seven different pairs, no "
             "thirteen-orphans reading (compared under those rules); its lru_cache(128) "
             "never hits when cycling through 1000 hands"),
        Case("decompositions", name, "naive", _lists, _loop_plain(naive.decompositions),
             lambda hs: [frozenset(naive.decompositions(h)) for h in hs], expect(DEFAULT)),
    ]


def _wild_cases(name: str, w: int) -> list[Case]:
    return [
        Case("win4wilds", name, "mahjong_core", to_counts, _loop_core_w(mc.is_win, w),
             lambda cs: [mc.is_win(c, wilds=w) for c in cs], _core_expect(_native.is_win, DEFAULT)),
        Case("win4wilds", name, "mahjong_core.raw", to_counts, _loop_raw(_native.is_win, w),
             lambda cs: [_native.is_win(c, w, None) for c in cs], _core_expect(_native.is_win, DEFAULT)),
        Case("win4wilds", name, "naive", _lists, _loop_plain_w(naive.is_win, w),
             lambda hs: [naive.is_win(h, w) for h in hs], _core_expect(_native.is_win, DEFAULT)),
    ]


CASES: list[Case] = [
    *_win_cases("WIN14"),
    *_win_cases("RAND14"),
    *_shanten_cases("RAND13"),
    *_shanten_cases("TENPAI13"),
    *_shanten_cases("RAND14"),
    *_waits_cases("TENPAI13"),
    *_waits_cases("RAND13"),
    *_decomp_cases("WIN14"),
    *_wild_cases("WIN10W4", corpus.WILDS4),
    *_wild_cases("RAND10W4", corpus.WILDS4),
]
"""Every (operation, corpus, library) benchmarked."""


def gate(case: Case, hands: Sequence[Hand], inputs: Any, wilds: int) -> tuple[int, list[str]]:
    """Compare ``case`` with mahjong_core on ``hands``.

    Returns (number of hands compared, one line per disagreement naming the hand).
    """
    got = case.answers(inputs)
    assert len(got) == len(hands)
    compared = 0
    bad = []
    for h, g in zip(hands, got):
        if not case.compare(h):
            continue
        compared += 1
        want = case.expected(list(h), wilds)
        if g != want:
            bad.append(
                f"{case.id}: {mc.Counts(h).notation()} + {wilds} wild(s): "
                f"{case.lib} says {g!r}, mahjong_core says {want!r}"
            )
    return compared, bad


def versions() -> dict[str, str]:
    from importlib.metadata import version

    return {
        "mahjong_core": mc.__version__,
        "riichienv": version("riichienv"),
        "xiangting": version("xiangting"),
        "mahjong": version("mahjong"),
        "PyMahjongGB": version("PyMahjongGB"),
    }
