"""The scoring vocabulary shared by every regional rule set.

Some thirty regional tables name the same hands again and again (清一色,
碰碰胡, 七对, 将将胡, 带幺九, 根, 大三元 …), each with its own value and its
own rules of combination.  The tests of a hand are written once, here; a
rule set is then a table of :class:`Fan` entries over these predicates plus
its own way of adding them up.

A :class:`Reading` is one way to read the whole winning hand: the units of a
kernel decomposition of the concealed tiles (with every wild tile standing
for a named kind) followed by the declared melds, the unit that the winning
tile completed and the wait shape.  :func:`readings` lists every reading of
a :class:`~mahjong_core.rules.WinContext`; a rule set scores each and keeps
the best (就高不就低) under its own order.

Predicates are plain functions of a reading that return a ``bool`` or a
count (``int``):

>>> from mahjong_core.rules import WinContext
>>> from mahjong_core.tiles import parse_tiles
>>> ctx = WinContext(seat=0, concealed=tuple(sorted(parse_tiles("11122233344455m"))), win_tile=4)
>>> rs = readings(ctx)
>>> sorted({(all_pungs(r), full_flush(r), all_258(r)) for r in rs})
[(False, True, False), (True, True, False)]
>>> max(roots(r) for r in rs)
0

A set made only of wild tiles is read as every kind it may stand for, one
reading each, so that the rule set's table decides which one is best.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from .analysis import Decomposition, Form, HandRules, Shape, decompositions
from .errors import IllegalWinError
from .tiles import Meld, MeldKind, format_tiles

from .rules import ScoreItem, ScoreSheet

if TYPE_CHECKING:
    from .rules import WinContext

__all__ = [
    "DRAGONS",
    "Fan",
    "HONOURS",
    "Reading",
    "TERMINALS",
    "Unit",
    "WINDS",
    "Wait",
    "all_258",
    "all_chows",
    "all_honours",
    "all_pungs",
    "all_simples",
    "all_terminals",
    "any_win",
    "best",
    "big_four_winds",
    "big_three_dragons",
    "all_sets_declared",
    "claimed_melds",
    "closed_or_edge_wait",
    "concealed_hand",
    "concealed_pungs",
    "doubling_sheet",
    "dragon_pungs",
    "earthly",
    "full_flush",
    "fully_melded",
    "half_flush",
    "heavenly",
    "kong_discard",
    "kong_replacement",
    "kongs",
    "last_tile",
    "last_tile_discard",
    "last_tile_drawn",
    "little_four_winds",
    "little_three_dragons",
    "matching",
    "missing_suits",
    "nine_gates",
    "pair_258",
    "pair_258_any_form",
    "pure_nine_gates",
    "pure_straight",
    "readings",
    "robbed_kong",
    "roots",
    "round_wind_pung",
    "seat_wind_pung",
    "self_drawn",
    "seven_pairs",
    "seven_pairs_quads",
    "suits",
    "terminals_and_honours",
    "terminals_in_each",
    "thirteen_orphans",
    "wait",
    "wild_pair_wait",
    "wilds_as_other",
    "wilds_as_themselves",
    "wind_pungs",
]

WINDS = frozenset(range(27, 31))
DRAGONS = frozenset(range(31, 34))
HONOURS = WINDS | DRAGONS
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
RANKS_258 = frozenset(s * 9 + r for s in range(3) for r in (1, 4, 7))
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_ALL = frozenset(range(34))
_KINDS = tuple(range(34))


class Wait(enum.Enum):
    """The shape of the wait the winning tile completed."""

    TWO_SIDED = "两面"
    """A chow completed at one end of two consecutive tiles (45 waiting 3/6)."""
    EDGE = "边张"
    """12 waiting 3, or 89 waiting 7."""
    CLOSED = "坎张"
    """The middle tile of a chow (46 waiting 5)."""
    SINGLE = "单钓"
    """The pair (a single tile waiting for its mate; also seven pairs)."""
    PUNG = "对倒"
    """One of two pairs becomes a pung (双碰)."""
    OTHER = "其他"
    """A special form (十三幺, 全不靠 …) or no winning tile (an opening win)."""


# The members the per-reading functions compare with, read once: on Python
# 3.10 and 3.11 each ``Enum.MEMBER`` read in a function goes through the enum
# type's __getattr__ hook (in compiled code, about 800 instructions a read).
_PAIR, _PUNG, _CHOW = Shape.PAIR, Shape.PUNG, Shape.CHOW
_STANDARD, _SEVEN_PAIRS, _KNITTED_STRAIGHT = Form.STANDARD, Form.SEVEN_PAIRS, Form.KNITTED_STRAIGHT
_TWO_SIDED, _EDGE, _CLOSED, _SINGLE, _PUNG_WAIT, _OTHER = (
    Wait.TWO_SIDED, Wait.EDGE, Wait.CLOSED, Wait.SINGLE, Wait.PUNG, Wait.OTHER)


_MISSING: Any = object()
"""A cache's answer for a key it does not hold (its values may be None)."""


@dataclass(frozen=True, slots=True)
class Unit:
    """One set, pair or single of a reading, as the tiles are read.

    ``tiles`` are the kinds the unit holds (four for a kong), wild tiles
    shown as the kinds they stand for; ``wilds`` repeats those kinds once per
    wild tile in the unit.
    """

    shape: Shape
    """PAIR, PUNG (kongs too), CHOW; HONOR_CHOW, KNITTED or SINGLE in special forms."""
    kind: int
    """The kind of a pair or pung, the lowest kind of a chow (for the other
    shapes: as in :class:`~mahjong_core.analysis.Decomposition`)."""
    tiles: tuple[int, ...]
    wilds: tuple[int, ...] = ()
    meld: Meld | None = None
    """The declared meld this unit is, or None for a unit of the concealed hand."""
    source: int | None = None
    """The seat a claimed meld was taken from (None when unknown or concealed)."""

    @property
    def is_kong(self) -> bool:
        return len(self.tiles) == 4 and self.shape is Shape.PUNG

    @property
    def claimed(self) -> bool:
        """A meld made with another seat's tile (chow, pung, exposed or added kong)."""
        return self.meld is not None and self.meld.kind is not MeldKind.ANKAN and self.meld.kind is not MeldKind.SPECIAL

    @property
    def natural(self) -> tuple[int, ...]:
        """The unit's real (non-wild) tiles."""
        out = list(self.tiles)
        for k in self.wilds:
            out.remove(k)
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of a whole winning hand (see the module doc)."""

    form: Form
    units: tuple[Unit, ...]
    """The concealed hand's units, then the declared melds in order."""
    ctx: WinContext
    win_unit: int | None
    """Index in ``units`` of the unit the winning tile completed (None: no
    winning tile, e.g. an opening win)."""
    counts: tuple[int, ...]
    """34 counts of every tile as read (wilds as their kinds, kongs four)."""
    memo: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    """Derived facts computed once per reading (the predicates share them)."""

    def _by_shape(self) -> dict[str, Any]:
        """Fill the memo with the sorted kinds of the pungs, chows and pairs."""
        m = self.memo
        pungs: list[int] = []
        chows: list[int] = []
        pairs: list[int] = []
        for u in self.units:
            if u.shape is _PUNG:
                pungs.append(u.kind)
            elif u.shape is _CHOW:
                chows.append(u.kind)
            elif u.shape is _PAIR:
                pairs.append(u.kind)
        pungs.sort()
        chows.sort()
        pairs.sort()
        m["pungs"], m["chows"], m["pairs"] = tuple(pungs), tuple(chows), tuple(pairs)
        return m

    @property
    def pungs(self) -> tuple[int, ...]:
        """Kinds of the pungs and kongs, concealed or declared, sorted."""
        got: tuple[int, ...] = self.memo.get("pungs", _MISSING)
        if got is _MISSING:  # (a miss raises no KeyError: each reading misses once)
            got = self._by_shape()["pungs"]
        return got

    @property
    def chows(self) -> tuple[int, ...]:
        """Lowest kinds of the chows, sorted."""
        got: tuple[int, ...] = self.memo.get("chows", _MISSING)
        if got is _MISSING:
            got = self._by_shape()["chows"]
        return got

    @property
    def pairs(self) -> tuple[int, ...]:
        """Kinds of the pairs (one in the standard form, seven in 七对)."""
        got: tuple[int, ...] = self.memo.get("pairs", _MISSING)
        if got is _MISSING:
            got = self._by_shape()["pairs"]
        return got

    @property
    def pair(self) -> int:
        """The pair of the standard form (-1 when there is not exactly one)."""
        p = self.pairs
        return p[0] if len(p) == 1 else -1

    @property
    def kinds(self) -> frozenset[int]:
        """Every kind in the hand as read."""
        got: frozenset[int] = self.memo.get("kinds", _MISSING)
        if got is _MISSING:
            got = self.memo["kinds"] = frozenset(itertools.compress(_KINDS, self.counts))
        return got

    @property
    def wait(self) -> Wait:
        """The wait shape (:func:`wait`)."""
        return wait(self)

    @property
    def is_natural(self) -> bool:
        """硬胡 / 无混: no wild tile stands for a kind other than its own
        (no wild held, or each used as itself): :func:`wilds_as_other` is 0."""
        return wilds_as_other(self) == 0


_NEW = object.__new__
_SET_FORM, _SET_UNITS, _SET_CTX, _SET_WIN_UNIT, _SET_COUNTS, _SET_MEMO = (
    Reading.__dict__[f].__set__ for f in ("form", "units", "ctx", "win_unit", "counts", "memo"))


def _reading(form: Form, units: tuple[Unit, ...], ctx: WinContext, win_unit: int | None,
             counts: tuple[int, ...]) -> Reading:
    """``Reading(form, units, ctx, win_unit, counts)``, each field set by its
    slot (what the frozen dataclass's ``__init__`` does through
    ``object.__setattr__``, a Python-level call per field: 2.5 µs a reading
    against about 0.4 µs).  :func:`readings` makes every reading here."""
    r = _NEW(Reading)
    _SET_FORM(r, form)
    _SET_UNITS(r, units)
    _SET_CTX(r, ctx)
    _SET_WIN_UNIT(r, win_unit)
    _SET_COUNTS(r, counts)
    _SET_MEMO(r, {})
    return r


# ---------------------------------------------------------------------------
# Building readings
# ---------------------------------------------------------------------------


_MELD_UNITS: dict[tuple[Meld, int | None], Unit] = {}


def _meld_unit(m: Meld, source: int | None) -> Unit:
    """The unit of a declared meld (values: built once per meld and source)."""
    key = (m, source)
    u = _MELD_UNITS.get(key)
    if u is None:
        shape = Shape.CHOW if m.kind is MeldKind.CHI else (Shape.SPECIAL if m.kind is MeldKind.SPECIAL else Shape.PUNG)
        u = _MELD_UNITS[key] = Unit(shape, m.kind_of, m.tiles, (), m, source)
    return u


def _unit(shape: Shape, kind: int, w: int) -> Unit | None:
    """The unit a decomposition's ``(shape, kind, wilds)`` stands for (None for
    WILD_PAIR / WILD_SET, which the caller expands)."""
    if shape is Shape.PAIR:
        return Unit(shape, kind, (kind, kind), (kind,) * w)
    if shape is Shape.PUNG:
        return Unit(shape, kind, (kind,) * 3, (kind,) * w)
    if shape is Shape.CHOW or shape is Shape.HONOR_CHOW:
        tiles: tuple[int, ...] = (
            (kind, kind + 1, kind + 2) if shape is Shape.CHOW else tuple(27 + j for j in range(7) if kind >> j & 1)
        )
        return Unit(shape, kind, tiles, tuple(tiles[i] for i in range(3) if w >> i & 1))
    if shape is Shape.KNITTED:
        order = list(itertools.permutations((0, 1, 2)))[kind]
        tiles = tuple(order[g] * 9 + g + 3 * i for g in range(3) for i in range(3))
        return Unit(shape, kind, tuple(sorted(tiles)), tuple(tiles[i] for i in range(9) if w >> i & 1))
    if shape is Shape.SINGLE:
        return Unit(shape, kind, (kind,), (kind,) * w)
    return None


_UNITS: dict[tuple[int, int, int], Unit | None] = {}
"""Units are immutable values: one per ``(shape, kind, wilds)``, built once."""


def _units_of(d: Decomposition) -> list[list[Unit]]:
    """For each unit of a decomposition, the concrete units it may be read
    as (one, except for sets and pairs made only of wilds: [] here, filled
    by the caller)."""
    out: list[list[Unit]] = []
    for shape, kind, w in d.units:
        key = (int(shape), kind, w)
        u = _UNITS.get(key, _MISSING)
        if u is _MISSING:
            u = _UNITS[key] = _unit(Shape(shape), kind, w)
        out.append([u] if u is not None else [])
    return out


_HANDS: dict[Any, tuple[tuple[Unit, ...], tuple[int, ...]] | None] = {}
"""A speed cache of :func:`_hand_of` by ``Decomposition.units`` (cleared
when it holds ``_HANDS_MAX`` entries: the engine reads one hand two or
three times in a row, the check of a win, the win and its record)."""
_HANDS_MAX = 4096


def _hand_of(d: Decomposition) -> tuple[tuple[Unit, ...], tuple[int, ...]] | None:
    """The concealed units of a decomposition as :func:`readings` orders
    them (``_unit_order``) and the 34 counts of their tiles; None when a
    set or pair is made only of wilds (it has several readings)."""
    key: Any = d.units
    try:
        got: tuple[tuple[Unit, ...], tuple[int, ...]] | None = _HANDS.get(key, _MISSING)
    except TypeError:  # units given as lists (a hand-made context): no cache
        key = None
    else:
        if got is not _MISSING:  # (a miss raises no KeyError: most hands are new)
            return got
    got = None
    choices = _units_of(d)
    if all(choices):
        hand_units = tuple(sorted([c[0] for c in choices], key=_unit_order))
        counts = [0] * 34
        for u in hand_units:
            for k in u.tiles:
                counts[k] += 1
        got = (hand_units, tuple(counts))
    if key is not None:
        if len(_HANDS) >= _HANDS_MAX:
            _HANDS.clear()
        _HANDS[key] = got
    return got


def _wild_choices(shape: Shape, rules: HandRules, form: Form) -> list[Unit]:
    mask = frozenset(rules.wild_kinds)
    if shape is Shape.WILD_PAIR:
        kinds = mask if form is not Form.STANDARD and form is not Form.KNITTED_STRAIGHT else mask & frozenset(rules.pair_kinds)
        return [Unit(Shape.PAIR, k, (k, k), (k, k)) for k in sorted(kinds)]
    out = [Unit(Shape.PUNG, k, (k,) * 3, (k,) * 3) for k in sorted(mask)]
    for k in range(27):
        if k % 9 <= 6 and {k, k + 1, k + 2} <= mask:
            t = (k, k + 1, k + 2)
            out.append(Unit(Shape.CHOW, k, t, t))
    return out


def _win_units(units: Sequence[Unit], ctx: WinContext) -> list[int | None]:
    """Indices of the concealed units the winning tile may have completed
    (one index for units that are equal)."""
    tile = ctx.win_tile
    if tile < 0:
        return [None]
    as_wild = tile >= 34 or tile in ctx.wild_kinds or ctx.wild_win_tile
    out: list[int | None] = []
    taken: list[Unit] = []
    for i, u in enumerate(units):
        if u.meld is not None:
            break
        if as_wild:
            hit = bool(u.wilds)
        else:  # (natural tiles are some of the tiles: look there only for a hit)
            hit = tile in u.tiles and (not u.wilds or tile in u.natural)
        if hit and u not in taken:
            out.append(i)
            taken.append(u)
    return out or [None]


def readings(ctx: WinContext, rules: HandRules | None = None, *, by_win_unit: bool = True) -> tuple[Reading, ...]:
    """Every reading of the winning hand of ``ctx``.

    The concealed tiles are decomposed (``ctx.decompositions`` when the
    engine filled them, else under ``rules``, default :class:`HandRules`);
    the melds follow.  One reading per decomposition, per kind a set or pair
    made only of wilds stands for, and per unit the winning tile may have
    completed (``by_win_unit=False``: only the first such unit, for tables
    that never look at the wait or the winning unit: fewer readings, same
    hands).

    :raises IllegalWinError: when the tiles are no winning hand under ``rules``.
    """
    rules = rules if rules is not None else _DEFAULT_RULES
    decomps = ctx.decompositions
    if not decomps:
        try:
            decomps = decompositions(ctx.concealed, wilds=ctx.wilds, rules=rules)
        except ValueError as e:
            raise IllegalWinError(f"not a winning hand: {e}") from None
    n_melds = len(ctx.melds)
    meld_counts = [0] * 34
    meld_tiles: list[int] = []  # (every tile of the melds: a few to add, not 34 sums)
    if n_melds:
        sources = tuple(ctx.meld_sources)[:n_melds] + (None,) * (n_melds - len(ctx.meld_sources))
        melds = tuple(_meld_unit(m, s) for m, s in zip(ctx.melds, sources))
        for m in ctx.melds:
            for k in m.tiles:
                meld_counts[k] += 1
                meld_tiles.append(k)
    else:
        melds = ()
    seen: set[tuple[Form, tuple[tuple[int, int, tuple[int, ...]], ...]]] = set()
    # the kernel's decompositions are distinct, and so are the units one
    # winning tile may have completed (_win_units): only wild expansions
    # can repeat a reading
    out: list[Reading] = []
    for d in decomps:
        form = _FORM_OF[d.form]
        hand = _hand_of(d)
        if hand is not None:  # the common case: one reading of the tiles (cached)
            hand_units, frozen = hand
            units = hand_units + melds
            if n_melds:
                added = list(frozen)
                for k in meld_tiles:
                    added[k] += 1
                frozen = tuple(added)
            wins = _win_units(units, ctx)
            for wu in wins if by_win_unit else wins[:1]:
                out.append(_reading(form, units, ctx, wu, frozen))
            continue
        choices = _units_of(d)
        expand = False
        for i, c in enumerate(choices):
            if not c:
                choices[i] = _wild_choices(Shape(d.units[i][0]), rules, form)
                expand = True
        combos: Iterable[tuple[Unit, ...]]
        if expand:
            combos = itertools.product(*choices)
        else:
            combos = (tuple(c[0] for c in choices),)
        for combo in combos:
            hand_units = tuple(sorted(combo, key=_unit_order))
            units = hand_units + melds
            counts = list(meld_counts)
            for u in hand_units:
                for k in u.tiles:
                    counts[k] += 1
            frozen = tuple(counts)
            wins = _win_units(units, ctx)
            if expand:  # two expansions may read the same: keep one
                order = tuple(map(_unit_order, hand_units))
                key = (form, order)
                if key in seen:
                    continue
                seen.add(key)
            for wu in wins if by_win_unit else wins[:1]:
                out.append(_reading(form, units, ctx, wu, frozen))
    if not out:
        raise IllegalWinError(
            f"not a winning hand: {format_tiles(ctx.concealed)!r} + {ctx.wilds} wild(s)"
            f" + {[str(m) for m in ctx.melds]!r}"
        )
    return tuple(out)


_DEFAULT_RULES = HandRules()
_FORM_OF: dict[int, Form] = {**{int(f): f for f in Form}, **{f: f for f in Form}}


def _unit_order(u: Unit) -> tuple[int, int, tuple[int, ...]]:
    return (int(u.shape), u.kind, u.wilds)


# ---------------------------------------------------------------------------
# Fan tables
# ---------------------------------------------------------------------------

Test = Callable[[Reading], Union[bool, int]]
"""A predicate (``bool``) or counter (``int``) over a reading."""


@dataclass(frozen=True, slots=True)
class Fan:
    """One entry of a rule set's table: a named hand and its value.

    ``test`` answers a bool (counts once) or an int (counts that many times).
    ``excludes`` names (by ``zh``) the entries this one makes not counted
    (不计) when it applies.
    """

    zh: str
    en: str
    value: int
    test: Test
    excludes: tuple[str, ...] = ()
    why: str = ""
    explain: Callable[[Reading], str] | None = None
    """The reason for one reading in words (which tiles ...); else ``why``."""

    def count(self, r: Reading) -> int:
        """How many times the entry counts for ``r`` (0: it does not apply)."""
        return int(self.test(r))

    def why_of(self, r: Reading) -> str:
        """The reason shown on a score sheet for ``r``."""
        return self.explain(r) if self.explain is not None else self.why

    def item(self, r: Reading, count: int = 1) -> ScoreItem:
        """The score-sheet line of this entry for ``r``, ``count`` times."""
        return ScoreItem(self.zh, self.en, self.value, count, self.why_of(r))


def matching(fans: Iterable[Fan], r: Reading) -> list[tuple[Fan, int]]:
    """The entries of ``fans`` that apply to ``r`` with their counts, in table
    order, without those another applying entry excludes."""
    hits: list[tuple[Fan, int]] = []
    dropping = False
    for f in fans:  # (Fan.count inlined: this runs for every entry of every reading)
        n = int(f.test(r))
        if n > 0:
            hits.append((f, n))
            if f.excludes:
                dropping = True
    if not dropping:
        return hits
    dropped = {x for f, _ in hits for x in f.excludes}
    return [(f, n) for f, n in hits if f.zh not in dropped]


def best(items: Iterable[Reading], value: Callable[[Reading], tuple[int, ...]]) -> Reading:
    """The reading of highest ``value`` (a tuple compared in order: 就高不就低);
    the first on a tie."""
    it = iter(items)
    top = next(it)
    top_v = value(top)
    for r in it:
        v = value(r)
        if v > top_v:
            top, top_v = r, v
    return top


# ---------------------------------------------------------------------------
# Predicates and counters
# ---------------------------------------------------------------------------


def any_win(r: Reading) -> bool:
    """Any winning hand (平胡 of 四川, 鸡和 of 广东: the base every win has)."""
    return True


def self_drawn(r: Reading) -> bool:
    """自摸: won on one's own draw (a kong's replacement tile included)."""
    return r.ctx.self_drawn


def kong_replacement(r: Reading) -> bool:
    """杠上开花 / 杠上花: won on the replacement tile drawn after a kong."""
    return r.ctx.kong_replacement


def kong_discard(r: Reading) -> bool:
    """杠上炮: won on the discard made right after the discarder's kong."""
    return r.ctx.kong_discard


def robbed_kong(r: Reading) -> bool:
    """抢杠: won on a tile another seat added to its pung."""
    return r.ctx.robbed_kong


def last_tile(r: Reading) -> bool:
    """海底: won on the last drawable tile or on its discard."""
    return r.ctx.last_tile


def last_tile_drawn(r: Reading) -> bool:
    """海底捞月: won on the last drawable tile, self-drawn."""
    return r.ctx.last_tile and r.ctx.self_drawn


def last_tile_discard(r: Reading) -> bool:
    """海底炮: won on the discard of the last tile."""
    return r.ctx.last_tile and not r.ctx.self_drawn


def heavenly(r: Reading) -> bool:
    """天胡: the dealer wins on the dealt hand (first turn, no call made)."""
    return r.ctx.first_turn and r.ctx.dealer


def earthly(r: Reading) -> bool:
    """地胡: a seat other than the dealer wins on its first draw (no call made)."""
    return r.ctx.first_turn and not r.ctx.dealer


def suits(r: Reading) -> frozenset[int]:
    """The suits (0 m, 1 p, 2 s) present in the hand as read."""
    got: frozenset[int] = r.memo.get("suits", _MISSING)
    if got is _MISSING:
        c = r.counts
        got = r.memo["suits"] = _SUIT_SETS[(1 if any(c[0:9]) else 0) | (2 if any(c[9:18]) else 0)
                                            | (4 if any(c[18:27]) else 0)]
    return got


_SUIT_SETS = tuple(frozenset(s for s in (0, 1, 2) if bits >> s & 1) for bits in range(8))
"""The suits present, by a bit mask of them (bit s: suit s)."""


def missing_suits(r: Reading) -> int:
    """How many of the three suits the hand lacks (缺门: at least 1)."""
    return 3 - len(suits(r))


def _has_honours(r: Reading) -> bool:
    return any(r.counts[27:34])


def full_flush(r: Reading) -> bool:
    """清一色: one suit, no honours."""
    return len(suits(r)) == 1 and not _has_honours(r)


def half_flush(r: Reading) -> bool:
    """混一色: one suit and honours."""
    return len(suits(r)) == 1 and _has_honours(r)


def all_honours(r: Reading) -> bool:
    """字一色: honours only."""
    return not suits(r)


def all_pungs(r: Reading) -> bool:
    """碰碰胡 / 对对胡: the standard form with pungs and kongs only."""
    return r.form is _STANDARD and len(r.pungs) + len(r.pairs) == len(r.units)


def all_chows(r: Reading) -> bool:
    """平胡 in the 广东 sense: the standard form with chows only (any pair)."""
    return r.form is _STANDARD and len(r.chows) + len(r.pairs) == len(r.units)


def seven_pairs(r: Reading) -> bool:
    """七对: the seven-pairs form."""
    return r.form is _SEVEN_PAIRS


def seven_pairs_quads(r: Reading) -> int:
    """豪华 / 龙七对: in a seven-pairs reading, the kinds held four times
    (two of its pairs); 0 for any other form."""
    if r.form is not Form.SEVEN_PAIRS:
        return 0
    p = r.pairs
    return sum(1 for k in set(p) if p.count(k) >= 2)


def all_258(r: Reading) -> bool:
    """将将胡: every tile is a 2, 5 or 8 of a suit (whatever the shape)."""
    return r.kinds <= RANKS_258


def pair_258(r: Reading) -> bool:
    """The pair of the standard form is a 2, 5 or 8 (二五八将)."""
    return r.pair in RANKS_258


def pair_258_any_form(r: Reading) -> bool:
    """二五八做将 in every form: the pair of the standard form is a 2, 5 or 8
    of a suit; in 七对, one of the seven pairs is."""
    if r.form is Form.SEVEN_PAIRS:
        return any(k in RANKS_258 for k in r.pairs)
    return pair_258(r)


def _has_end(u: Unit) -> bool:
    return any(k in TERMINALS or k >= 27 for k in u.tiles)


_ENDS = frozenset(TERMINALS | HONOURS)


def terminals_in_each(r: Reading) -> bool:
    """带幺九 (全带幺): the standard form, every set and the pair holds a 1, a
    9 or an honour."""
    if r.form is not Form.STANDARD:
        return False
    for u in r.units:  # (_has_end of each unit)
        if _ENDS.isdisjoint(u.tiles):
            return False
    return True


def all_simples(r: Reading) -> bool:
    """断幺九: no 1, no 9, no honour."""
    return r.kinds.isdisjoint(TERMINALS | HONOURS)


def all_terminals(r: Reading) -> bool:
    """清幺九: 1s and 9s only."""
    return r.kinds <= TERMINALS


def terminals_and_honours(r: Reading) -> bool:
    """混幺九: 1s, 9s and honours only, with both terminals and honours."""
    k = r.kinds
    return k <= TERMINALS | HONOURS and not k.isdisjoint(TERMINALS) and not k.isdisjoint(HONOURS)


def dragon_pungs(r: Reading) -> int:
    """Pungs and kongs of dragons."""
    n = 0
    for k in r.pungs:
        if k >= 31:
            n += 1
    return n


def wind_pungs(r: Reading) -> int:
    """Pungs and kongs of winds."""
    n = 0
    for k in r.pungs:
        if 27 <= k < 31:
            n += 1
    return n


def big_three_dragons(r: Reading) -> bool:
    """大三元: pungs of the three dragons."""
    return dragon_pungs(r) == 3


def little_three_dragons(r: Reading) -> bool:
    """小三元: two dragon pungs and a pair of the third dragon."""
    return dragon_pungs(r) == 2 and r.pair in DRAGONS


def big_four_winds(r: Reading) -> bool:
    """大四喜: pungs of the four winds."""
    return wind_pungs(r) == 4


def little_four_winds(r: Reading) -> bool:
    """小四喜: three wind pungs and a pair of the fourth wind."""
    return wind_pungs(r) == 3 and r.pair in WINDS


def seat_wind_pung(r: Reading) -> bool:
    """A pung or kong of the winner's seat wind (门风)."""
    return 27 + r.ctx.seat_wind in r.pungs


def round_wind_pung(r: Reading) -> bool:
    """A pung or kong of the round wind (圈风)."""
    return 27 + r.ctx.round_wind in r.pungs


def thirteen_orphans(r: Reading) -> bool:
    """十三幺."""
    return r.form is Form.THIRTEEN_ORPHANS


def nine_gates(r: Reading) -> bool:
    """九莲宝灯 (broad): no melds, one suit, and the fourteen tiles hold
    1112345678999 of it (plus any one tile of the suit)."""
    if r.ctx.melds or not full_flush(r):
        return False
    s = next(iter(suits(r))) * 9
    return all(r.counts[s + i] >= _NINE_GATES[i] for i in range(9))


def pure_nine_gates(r: Reading) -> bool:
    """九莲宝灯 (strict): no melds, and the thirteen tiles before the winning
    tile are exactly 1112345678999 of one suit."""
    if not nine_gates(r) or not 0 <= r.ctx.win_tile < 34:
        return False
    s = next(iter(suits(r))) * 9
    before = list(r.counts[s : s + 9])
    if not s <= r.ctx.win_tile < s + 9:
        return False
    before[r.ctx.win_tile - s] -= 1
    return tuple(before) == _NINE_GATES


def pure_straight(r: Reading) -> bool:
    """一条龙 / 青龙: chows 123, 456 and 789 of one suit."""
    ch = r.chows
    if len(ch) < 3:
        return False
    return ((0 in ch and 3 in ch and 6 in ch) or (9 in ch and 12 in ch and 15 in ch)
            or (18 in ch and 21 in ch and 24 in ch))


def all_sets_declared(r: Reading) -> bool:
    """金钩钓 / 大吊车 / 全求人's shape: the standard form with every set a
    declared meld (chow, pung, exposed or concealed kong), so the hand held a
    single tile and won on its pair (by discard or self-draw)."""
    if r.form is not _STANDARD:
        return False
    for u in r.units:
        if u.meld is None and u.shape is not _PAIR:
            return False
    return True


def claimed_melds(r: Reading) -> int:
    """Melds made with another seat's tile (chow, pung, exposed or added kong)."""
    got: int = r.memo.get("claimed", _MISSING)
    if got is _MISSING:
        got = 0
        for u in r.units:  # (Unit.claimed of each declared meld)
            m = u.meld
            if m is not None and m.kind is not MeldKind.ANKAN and m.kind is not MeldKind.SPECIAL:
                got += 1
        r.memo["claimed"] = got
    return got


def concealed_hand(r: Reading) -> bool:
    """门前清: no claimed meld (concealed kongs allowed)."""
    return claimed_melds(r) == 0


def fully_melded(r: Reading) -> bool:
    """全求人: every set is a claimed meld, and the pair is completed on a
    discard (单钓)."""
    sets = [u for u in r.units if u.shape is not _PAIR]
    return (
        r.form is _STANDARD
        and bool(sets)
        and all(u.claimed for u in sets)
        and not r.ctx.self_drawn
        and r.win_unit is not None
        and r.units[r.win_unit].shape is _PAIR
    )


def roots(r: Reading) -> int:
    """根: kinds whose four copies are all in the hand as read (a kong, or
    four held in hand in any units)."""
    return sum(1 for n in r.counts if n == 4)


def kongs(r: Reading) -> int:
    """Kongs declared (concealed or exposed)."""
    return sum(u.is_kong for u in r.units)


def concealed_pungs(r: Reading) -> int:
    """暗刻: pungs and kongs not claimed; a pung the winning tile completed
    on a discard counts as claimed."""
    n = 0
    for i, u in enumerate(r.units):
        if u.shape is Shape.PUNG and not u.claimed:
            if i == r.win_unit and not r.ctx.self_drawn:
                continue
            n += 1
    return n


def wilds_as_other(r: Reading) -> int:
    """Wild tiles standing for a kind other than their own (0: 硬胡 / 无混 —
    no wild used, or each used as itself).  When the context tells which
    wild tiles were held (``wild_tiles``: several wild kinds, 天津 混儿), a
    stand-in counts as "itself" only while a held wild tile of its kind is
    left for it; else every stand-in for a wild kind does."""
    held = r.ctx.wild_tiles
    if len(held) == r.ctx.wilds and len(r.ctx.wild_kinds) > 1:
        return r.ctx.wilds - wilds_as_themselves(r, [u for u in r.units if u.wilds])
    own = r.ctx.wild_kinds
    if r.ctx.wild_win_tile:  # the wild winning tile is of its own kind too
        own = own | {r.ctx.win_tile}
    return sum(1 for u in r.units for k in u.wilds if k not in own)


def wilds_as_themselves(r: Reading, units: Iterable[Unit]) -> int:
    """How many of the wild tiles in ``units`` (units of ``r``) can stand for
    their own kind at once, given the wild tiles held (``ctx.wild_tiles``,
    else as many of each wild kind as needed): a stand-in for kind k takes a
    held wild tile k, while one is left."""
    held = r.ctx.wild_tiles
    known = len(held) == r.ctx.wilds
    need: dict[int, int] = {}
    for u in units:
        for k in u.wilds:
            need[k] = need.get(k, 0) + 1
    own = r.ctx.wild_kinds
    return sum(min(n, held.count(k)) if known else (n if k in own else 0) for k, n in need.items())


def wild_pair_wait(r: Reading) -> bool:
    """爆头 (杭州) / 财神单吊 (宁波): the winning tile completed a pair whose
    other tile is a wild, so the hand before the win was complete sets and
    a lone wild, waiting on anything (a wild winning tile: the pair is two
    wilds)."""
    if r.win_unit is None:
        return False
    u = r.units[r.win_unit]
    if u.shape is not _PAIR:
        return False
    t = r.ctx.win_tile
    return len(u.wilds) == 2 if (t >= 34 or t in r.ctx.wild_kinds) else len(u.wilds) >= 1


def wait(r: Reading) -> Wait:
    """The wait shape the winning tile completed in this reading."""
    got: Wait = r.memo.get("wait", _MISSING)
    if got is _MISSING:
        got = r.memo["wait"] = _wait(r)
    return got


def _wait(r: Reading) -> Wait:
    if r.win_unit is None:
        return _OTHER
    u = r.units[r.win_unit]
    if r.form is _SEVEN_PAIRS:
        return _SINGLE
    if r.form is not _STANDARD and r.form is not _KNITTED_STRAIGHT:
        return _OTHER
    if u.shape is _PAIR:
        return _SINGLE
    if u.shape is _PUNG:
        return _PUNG_WAIT
    if u.shape is _CHOW:
        t = r.ctx.win_tile
        pos = t - u.kind if 0 <= t - u.kind <= 2 and t not in r.ctx.wild_kinds and not r.ctx.wild_win_tile else -1
        if pos == 1:
            return _CLOSED
        if pos == 0:
            return _EDGE if u.kind % 9 == 6 else _TWO_SIDED
        if pos == 2:
            return _EDGE if u.kind % 9 == 0 else _TWO_SIDED
    return _OTHER


def closed_or_edge_wait(r: Reading) -> bool:
    """夹胡 (东北 "夹", 内蒙 "边夹"): the winning tile completed a 坎张 (the
    middle of a chow) or a 边张 (the 3 of 12, the 7 of 89) wait."""
    return wait(r) in (_CLOSED, _EDGE)


def doubling_sheet(
    found: Sequence[Reading],
    fans: Sequence[Fan],
    *,
    base: int,
    problem: Callable[[Reading], str | None],
    plain: ScoreItem,
) -> ScoreSheet:
    """The sheet of a table whose 番 double (东北: 长春, 内蒙): the reading
    that breaks none of the rule set's conditions (``problem``) and has the
    most 番 counts (就高不就低); its ``fans`` add up, ``plain`` stands when
    none applies; one payer pays ``base`` × 2 ** 番 (``points``).  When
    every reading breaks a condition, the sheet's ``problem`` names the
    one the best reading breaks."""
    top: Reading | None = None
    top_v = (0, 0)
    for r in found:  # (best over (no problem, 番), keeping the winner's hits and problem)
        why = problem(r)
        r_hits = matching(fans, r)
        v = (int(why is None), sum(f.value * n for f, n in r_hits))
        if top is None or v > top_v:
            top, top_v, top_why, hits = r, v, why, r_hits
    if top is None:
        raise StopIteration  # (as best() of no reading)
    fan = top_v[1]
    items = tuple(f.item(top, n) for f, n in hits) or (plain,)
    return ScoreSheet(items=items, total=fan, unit="番", points=base * 2**fan,
                      notes=(f"{base} × 2 ** {fan}",), problem=top_why)
