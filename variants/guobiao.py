"""国标麻将 (Chinese Official / MCR): 81 fans, an 8-fan minimum, 144 tiles.

Source: ``shared/spec/mcr.md`` (seeds [001] and [004]; the published 1998
rules where the seeds are silent).  Score a hand written in notation (the
hand holds the concealed tiles *before* the winning tile):

>>> sheet = score("123456789m234p5s", win_tile="5s")
>>> sheet.names(), sheet.total
(['清龙', '门前清', '平和', '单钓将'], 21)
>>> score("1122335577889p", win_tile="9p", self_drawn=True).total
68

How a hand is scored (spec §4, §8):

1. Every reading of the hand: the core's decompositions of the concealed
   tiles (standard form, 七对, 十三幺, 全不靠, 七星不靠, 组合龙 with a set and
   a pair), each together with the declared melds.
2. Each reading is described by a :class:`Reading`: a handful of integers
   (kind and suit masks, the sets, the kongs, the wait, the flags) computed
   once.  The fans are the data table :data:`FANS`: name, value, the forms
   it is counted in, a predicate (the text of a Python expression over the
   Reading's features, returning how many times it counts) and the fans it
   excludes (不计).
3. The set-combination fans (一般高, 喜相逢, 连六, 老少副, the three- and
   four-set fans, 双同刻, 双箭刻 ...) are first resolved by the counting
   principles 不拆移, 不得相同 and 套算一次 (:func:`chow_combinations`,
   :func:`pung_combinations`); their predicates read that result.
4. Exclusions are applied in table order (higher fans first): a fan that is
   itself excluded excludes nothing (不重复).  Nothing left: 无番和.
5. The best reading counts (就高不就低).  Flowers are added last and do not
   count toward the 8-fan minimum.

Two engines do this.  The compiled one (``mahjong_core._mcr``, the default)
finds the readings, computes their features in one pass and runs the table,
its predicates compiled once into a small bytecode, without Python objects.
The readable one (``engine="python"``, :meth:`Guobiao.score_reference`) uses
the core's decompositions, builds a :class:`Reading` per decomposition and
calls each predicate as a Python function.  The fan table is the one source
of both; the tests compare the two engines sheet by sheet and reading by
reading.

The counting conventions are those of the reference calculator (PyMahjongGB
1.4.0, the one Botzone uses): a test runs both on tens of thousands of random
winning hands and asks for the same total and the same fans.  Where the rules
can be read two ways the choice is an option (:class:`GuobiaoOptions`)
whose default is PyMahjongGB's: 明暗杠 (``mixed_kongs``), the 组合龙 waits
(``knitted_wait``), the 不计 lists (``exclusions``: the union of the seed and
reference lists, or the 1998 text's alone) and 门前清 with 七对
(``seven_pairs_concealed_hand``).  Both engines build their fan table from
the options.
"""

from __future__ import annotations

import ast
import enum
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar, Final, Literal

from mahjong_core import _mcr
from mahjong_core.analysis import Counts, Form, HandRules, decompositions, waits
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.paper import build_context
from mahjong_core.rules import Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import Meld, MeldKind, counts_of, format_tiles, parse_tile, parse_tiles, parse_wind

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "EXTRAS",
    "Exclusions",
    "FANS",
    "Fan",
    "Guobiao",
    "GuobiaoOptions",
    "KnittedWait",
    "LITERAL_EXCLUDES",
    "MixedKongs",
    "PredicateError",
    "Reading",
    "chow_combinations",
    "compile_predicate",
    "false_win_penalty",
    "fan_names",
    "pung_combinations",
    "score",
]

# ---------------------------------------------------------------------------
# Tiles
# ---------------------------------------------------------------------------

EAST: Final = 27
WHITE, GREEN, RED = 31, 32, 33


def _bits(kinds: Iterable[int]) -> int:
    m = 0
    for k in kinds:
        m |= 1 << k
    return m


HONOURS: Final = _bits(range(27, 34))
WINDS: Final = _bits(range(27, 31))
DRAGONS: Final = _bits(range(31, 34))
TERMINALS: Final = _bits((0, 8, 9, 17, 18, 26))
TERMINALS_HONOURS: Final = TERMINALS | HONOURS
GREEN_TILES: Final = _bits((19, 20, 21, 23, 25, GREEN))
"""绿一色: 2 3 4 6 8 条 and 发."""
REVERSIBLE: Final = _bits((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE))
"""推不倒: 1234589 筒, 245689 条, 白板."""
SUIT_MASKS: Final = (_bits(range(0, 9)), _bits(range(9, 18)), _bits(range(18, 27)))

# The reference calculator orders suits 万 条 饼 and the dragons 中 发 白;
# the order only decides between readings of equal value (see _Best).
_REF_ORDER: Final = tuple(
    k if k < 9 else k + 9 if k < 18 else k - 9 if k < 27 else k if k < 31 else 64 - k for k in range(34)
)

KNITTED_ARRANGEMENTS: Final = tuple(
    frozenset(s * 9 + r for s, start in zip(perm, (0, 1, 2)) for r in (start, start + 3, start + 6))
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
"""The six 组合龙 tile sets, in the order of the core's arrangement codes:
arrangement ``a`` puts 147 in suit ``perm[0]``, 258 in ``perm[1]``, 369 in
``perm[2]`` (``docs/analysis.md``)."""

RULES: Final = HandRules(
    forms=frozenset(
        {
            Form.STANDARD,
            Form.SEVEN_PAIRS,
            Form.THIRTEEN_ORPHANS,
            Form.KNITTED,
            Form.GREATER_KNITTED,
            Form.KNITTED_STRAIGHT,
        }
    )
)
"""The winning shapes of MCR."""
_STD_RULES: Final = HandRules(forms=frozenset({Form.STANDARD}))
_FEW_KINDS_RULES: Final = HandRules(forms=frozenset({Form.STANDARD, Form.SEVEN_PAIRS}))
"""Enough for a hand of at most 8 different kinds: 十三幺, 全不靠, 七星不靠
and 组合龙 (nine different knitted tiles) all need 9 or more."""
_STD_PAIRS_RULES: Final = HandRules(forms=frozenset({Form.STANDARD, Form.SEVEN_PAIRS}))

# ---------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------


class MixedKongs(enum.Enum):
    """An exposed and a concealed kong in one hand."""

    REFERENCE = "reference"
    """明暗杠 5 fan (the reference calculator; not among the 81)."""
    LITERAL_1998 = "1998"
    """明杠 1 + 暗杠 2 = 3 fan (the literal 1998 list)."""


class KnittedWait(enum.Enum):
    """Whether a 组合龙 hand (knitted straight + a set + a pair) scores
    边张 / 坎张 / 单钓将."""

    PYMAHJONGGB = "pymahjonggb"
    """As PyMahjongGB 1.4.0: concealed, the wait fans are read from the set
    and the pair alone (the winning tile may be one of the nine knitted
    tiles); with a declared set, 单钓将 when the winning tile was already held."""
    OUTSIDE_ONLY = "outside"
    """Only when the winning tile is not one of the nine knitted tiles (the
    later reference reading); with a declared set that is always 单钓将."""


class Exclusions(enum.Enum):
    """Which 不计 lists the fan table uses (spec §6 D1)."""

    UNION = "union"
    """The seed lists together with the reference calculator's (spec §5, the
    default): what PyMahjongGB counts."""
    LITERAL_1998 = "1998-literal"
    """The lists of the 1998 text only (spec §5 column "Seed 不计 [001]",
    :data:`LITERAL_EXCLUDES`), for purists; see :class:`GuobiaoOptions`."""


EXTRAS: Final = frozenset({"四方大发", "天和", "地和", "人和", "混杠", "天听"})
"""The non-MCR hands of seed [004] (spec §7), switched on by ``extras``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GuobiaoOptions:
    """House rules of 国标麻将 (see :class:`Guobiao`)."""

    min_fan: int = 8
    """起和: fans needed to win, flowers not counted."""
    mixed_kongs: MixedKongs = MixedKongs.REFERENCE
    """One exposed and one concealed kong: 明暗杠 5 (default) or 明杠 + 暗杠."""
    knitted_wait: KnittedWait = KnittedWait.PYMAHJONGGB
    """Wait fans of a 组合龙 hand (the spec leaves it open)."""
    extras: frozenset[str] = frozenset()
    """Non-MCR hands of seed [004] to score: any of :data:`EXTRAS`."""
    false_win_penalty: int = 10
    """诈和: the offender pays this to each other seat (spec proposal)."""
    exclusions: Exclusions = Exclusions.UNION
    """The 不计 lists (spec §6 D1): ``"union"`` (default, PyMahjongGB) or
    ``"1998-literal"``, the lists of the 1998 text only.

    With ``"1998-literal"`` each fan excludes exactly what its [001] entry
    names (:data:`LITERAL_EXCLUDES`; 同刻 is 双同刻, 单钓 is 单钓将), and the
    counting rules that only stood for reference list entries go too:

    - 幺九刻 counts every pung or kong of 1s, 9s and honours, dragon and
      wind pungs included (箭刻, 圈风刻, 门风刻, 三风刻, 双箭刻, 大四喜,
      小三元 ... name no 幺九刻 in 1998); 九莲宝灯 no longer takes one off;
    - 双箭刻 is counted beside 小三元 (which excludes only 箭刻);
    - 单钓将 is counted with 四杠 (a four-kong hand always waits on the pair);
    - the hands without four sets count what their 1998 lists leave:
      门前清 on a discard for 十三幺, 全不靠, 七星不靠 and 连七对 (七对:
      ``seven_pairs_concealed_hand``), 混幺九 and 全带幺 for 十三幺, 全不靠
      for 七星不靠, 七对 and 无字 for 连七对.

    What stays, because it is a counting principle or a definition rather
    than a list (spec §4): the set-combination step (不拆移, 不得相同,
    套算一次: 大三元 never also 双箭刻, 一色四同顺 never also 一色三同顺,
    at most three pair fans among four chows); an excluded fan excludes
    nothing (不重复, in table order); fans defined by a number mean exactly
    that number (三杠 is not counted with 四杠, 双暗刻 not with 三暗刻, 明杠
    not with 双明杠); 门前清 needs a discard and 不求人 a self-draw, so they
    never meet; 无番和 only when nothing else counts; the wait fans need a
    single wait (独听) and at most one of them counts; 缺一门 means exactly
    one suit missing; a pung completed by a discard is not concealed; the
    fans of the ``extras`` and 明暗杠 (``mixed_kongs``) keep their lists, the
    1998 text having none for them."""
    seven_pairs_concealed_hand: bool | None = None
    """门前清 with a 七对 won on a discard (spec §6 D8): ``None`` (default)
    follows ``exclusions`` -- not counted with the union lists (as
    PyMahjongGB; [004-Z] and [004-J] exclude it), counted with the
    1998-literal lists (七对's 1998 list names only 不求人 and 单钓, and the
    1998 门前清 is any hand with nothing claimed won on a discard).
    ``True`` or ``False`` decides it whatever the lists.  Only 七对 proper:
    连七对 follows its list."""

    @property
    def seven_pairs_count_concealed_hand(self) -> bool:
        """``seven_pairs_concealed_hand`` resolved: does a 七对 on a discard count 门前清?"""
        if self.seven_pairs_concealed_hand is None:
            return self.exclusions is Exclusions.LITERAL_1998
        return self.seven_pairs_concealed_hand

    def __post_init__(self) -> None:
        for name in ("min_fan", "false_win_penalty"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise MahjongError(f"guobiao: option {name} must be an int >= 0, got {value!r}")
        if not isinstance(self.seven_pairs_concealed_hand, (bool, type(None))):
            raise MahjongError(
                f"guobiao: option seven_pairs_concealed_hand {self.seven_pairs_concealed_hand!r}"
                " is not one of None, True, False"
            )
        for name, kind in (
            ("mixed_kongs", MixedKongs), ("knitted_wait", KnittedWait), ("exclusions", Exclusions),
        ):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, kind(value))
            except ValueError:
                known = ", ".join(repr(v.value) for v in kind)
                raise MahjongError(f"guobiao: option {name} {value!r} is not one of {known}") from None
        if isinstance(self.extras, str):
            raise MahjongError(f"guobiao: option extras must be a set of names, got {self.extras!r}")
        extras = frozenset(self.extras)
        unknown = sorted(extras - EXTRAS)
        if unknown:
            raise MahjongError(f"guobiao: unknown extras {unknown!r}; known: {sorted(EXTRAS)!r}")
        object.__setattr__(self, "extras", extras)


# ---------------------------------------------------------------------------
# Readings
# ---------------------------------------------------------------------------

# Which readings a fan is counted in (the reference counts e.g. the suit
# fans for 七对 but not for 十三幺).
STD, PAIRS, SHIFTED, ORPHANS, LESSER, GREATER, KSTRAIGHT = 1, 2, 4, 8, 16, 32, 64
ANY: Final = 127
_FORM_KIND: Final = {
    Form.STANDARD: STD,
    Form.SEVEN_PAIRS: PAIRS,
    Form.THIRTEEN_ORPHANS: ORPHANS,
    Form.KNITTED: LESSER,
    Form.GREATER_KNITTED: GREATER,
    Form.KNITTED_STRAIGHT: KSTRAIGHT,
}

EDGE, CLOSED, SINGLE = 1, 2, 3


@dataclass(slots=True)
class Reading:
    """One reading of a winning hand, as the integers the fan predicates test.

    Sets are kinds: a chow by its lowest kind, a pung or kong by its kind.
    Declared melds are included.  The *features* a predicate may name are
    the fields and properties listed in ``_mcr.FEATURES`` (the compiled
    kernel computes the same record) and ``combos[name]``.
    """

    kind: int
    """STD, PAIRS (七对), SHIFTED (连七对), ORPHANS, LESSER (全不靠), GREATER
    (七星不靠) or KSTRAIGHT (组合龙 + a set + a pair)."""
    mask: int
    """Bit k set when kind k is in the hand (melds included)."""
    suits: int
    """Bit s set when suit s (0 万, 1 筒, 2 条) is in the hand."""
    ranks: int
    """Bit r set when a suit tile of rank r (1..9) is in the hand."""
    chows: tuple[int, ...] = ()
    pungs: tuple[int, ...] = ()
    """Pungs and kongs."""
    pair: int = -1
    concealed_pungs: int = 0
    """Concealed pungs and concealed kongs (a pung completed on a discard is exposed)."""
    melded_kongs: int = 0
    concealed_kongs: int = 0
    open_melds: int = 0
    """Chows, pungs and kongs claimed from others (a concealed kong is not one)."""
    self_drawn: bool = False
    last_tile: bool = False
    kong: bool = False
    """Won on a kong replacement (self-drawn) or by robbing a kong (discard)."""
    fourth_tile: bool = False
    wait: int = 0
    """EDGE, CLOSED or SINGLE when the hand waited on one tile kind only."""
    combos: Mapping[str, int] = field(default_factory=dict)
    """Set-combination fans after 不拆移 / 不得相同 / 套算一次."""
    hog: int = 0
    """Kinds whose four tiles are all used, not as a kong (四归一)."""
    seat_wind: int = EAST
    round_wind: int = EAST
    nine_gates: bool = False
    knitted: int = 0
    """The nine 组合龙 tiles as a kind mask (0: none)."""
    first_turn: bool = False
    first_go_around: bool = False
    dealer: bool = False
    ready_on_deal: bool = False
    instant: str | None = None
    order: tuple[tuple[int, int], ...] = ()
    """The concealed sets in the reference calculator's order (ties only)."""
    kongs: int = 0
    nsuits: int = 0
    """How many of the three suits are present."""
    outside: bool = False
    """Every set and the pair holds a 1, a 9 or an honour (全带幺)."""
    fives: bool = False
    """Every set and the pair holds a 5 (全带五)."""
    even: bool = False
    """Only pungs and a pair, all of 2 4 6 8 (全双刻)."""

    @property
    def packs(self) -> tuple[tuple[int, bool], ...]:
        """The four sets and the pair as (kind, is_chow)."""
        return tuple((c, True) for c in self.chows) + tuple((p, False) for p in self.pungs) + ((self.pair, False),)

    @property
    def pung_kinds(self) -> int:
        """The kinds of the pungs and kongs, as a mask."""
        return _bits(self.pungs)

    @property
    def npungs(self) -> int:
        return len(self.pungs)

    @property
    def nchows(self) -> int:
        return len(self.chows)

    @property
    def pure_terminal_chows(self) -> bool:
        """123 123 789 789 of one suit and a pair of its 5 (一色双龙会)."""
        return _terminal_chows(self, False)

    @property
    def mixed_terminal_chows(self) -> bool:
        """123 and 789 in two suits and a pair of 5 in the third (三色双龙会)."""
        return _terminal_chows(self, True)

    @property
    def wild_kong(self) -> bool:
        """The engine granted the win as 混杠 (a kong of four wild tiles)."""
        return self.instant == "混杠"


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _pack_traits(chows: Sequence[int], pungs: Sequence[int], pair: int) -> tuple[bool, bool, bool]:
    """(全带幺, 全带五, 全双刻) of four sets and a pair, in one pass."""
    outside = fives = True
    even = not chows
    for c in chows:
        r = c % 9
        outside = outside and r in (0, 6)
        fives = fives and 2 <= r <= 4
    for k in (*pungs, pair):
        honour = k >= 27
        r = k % 9
        outside = outside and (honour or r in (0, 8))
        fives = fives and not honour and r == 4
        even = even and not honour and r in (1, 3, 5, 7)
    return outside, fives, even


def _terminal_chows(r: Reading, pair_suit_differs: bool) -> bool:
    """一色双龙会 (same suit) / 三色双龙会 (two other suits): 123+789 twice, a pair of 5s."""
    p = r.pair
    if len(r.chows) != 4 or p >= 27 or p % 9 != 4:
        return False
    ps = p // 9
    lows = sorted(c % 9 for c in r.chows)
    if lows != [0, 0, 6, 6]:
        return False
    suits = [c // 9 for c in r.chows]
    if not pair_suit_differs:
        return all(s == ps for s in suits)
    others = sorted({0, 1, 2} - {ps})
    return sorted(c // 9 for c in r.chows if c % 9 == 0) == others and sorted(
        c // 9 for c in r.chows if c % 9 == 6
    ) == others


# ---------------------------------------------------------------------------
# Predicates: Python expressions over a reading's features
# ---------------------------------------------------------------------------
#
# A fan's predicate is the text of one Python expression: the feature names
# (``_mcr.FEATURES``: mask, pung_kinds, pair, kongs, self_drawn ...),
# ``combos["清龙"]`` for a set-combination count, the constants of
# PREDICATE_CONSTANTS, ``popcount(x)``, ``bit(k)``, ``bool(x)``, integer
# literals, ``and or not``, ``& | ^ ~ + -``, comparisons (chained too),
# ``x in (1, 2)`` and ``a if c else b``.  Its value is how many times the fan
# counts (False: 0, True: 1).  Each predicate is compiled twice, once:
#
# - into a Python function of a Reading (the readable reference path,
#   ``engine="python"``), with Python's own semantics;
# - into the bytecode of the compiled kernel (``_mcr``), which evaluates it
#   on the kernel's feature record with the same semantics (64-bit masks).

_R123, _R1234, _R789, _R6789, _R456 = (_bits(rs) for rs in ((1, 2, 3), (1, 2, 3, 4), (7, 8, 9), (6, 7, 8, 9), (4, 5, 6)))

PREDICATE_CONSTANTS: Final[Mapping[str, int]] = {
    "HONOURS": HONOURS, "WINDS": WINDS, "DRAGONS": DRAGONS, "TERMINALS": TERMINALS,
    "TERMINALS_HONOURS": TERMINALS_HONOURS, "GREEN_TILES": GREEN_TILES, "REVERSIBLE": REVERSIBLE,
    "GREEN": GREEN,
    "R123": _R123, "R1234": _R1234, "R456": _R456, "R6789": _R6789, "R789": _R789, "R4": 1 << 4, "R6": 1 << 6,
    "STD": STD, "PAIRS": PAIRS, "SHIFTED": SHIFTED, "ORPHANS": ORPHANS, "LESSER": LESSER,
    "GREATER": GREATER, "KSTRAIGHT": KSTRAIGHT,
    "EDGE": EDGE, "CLOSED": CLOSED, "SINGLE": SINGLE,
}
"""Names a predicate may use besides the features (rank masks: bit r = rank r)."""

_WORD: Final = (1 << 64) - 1


def popcount(x: int) -> int:
    """Bits set in ``x`` taken as a 64-bit word (as the kernel counts them)."""
    return (x & _WORD).bit_count()


def bit(k: int) -> int:
    """``1 << k`` for 0 <= k < 63, else 0 (so ``bit(pair) & WINDS`` is 0 without a pair)."""
    return 1 << k if 0 <= k < 63 else 0


_FUNCTIONS: Final[Mapping[str, Callable[[int], int]]] = {"popcount": popcount, "bit": bit, "bool": bool}
_FEATURE_INDEX: Final = {name: i for i, name in enumerate(_mcr.FEATURES)}
_COMBO_INDEX: Final = {name: len(_mcr.FEATURES) + i for i, name in enumerate(_mcr.COMBOS)}
_OP: Final = _mcr.OPS
_CMP: Final[Mapping[type, int]] = {ast.Eq: 0, ast.NotEq: 1, ast.Lt: 2, ast.LtE: 3, ast.Gt: 4, ast.GtE: 5}
_MIRROR: Final = (0, 1, 4, 5, 2, 3)
_BINARY: Final[Mapping[type, str]] = {
    ast.BitAnd: "AND", ast.BitOr: "OR", ast.BitXor: "XOR", ast.Add: "ADD", ast.Sub: "SUB",
}
_INT64: Final = range(-(1 << 63), 1 << 63)


class PredicateError(MahjongError):
    """A fan predicate the compiler does not accept (unknown name, syntax)."""


def _feature_of(node: ast.AST) -> int | None:
    """The record index of a feature name or ``combos["..."]``, else None."""
    if isinstance(node, ast.Name) and node.id in _FEATURE_INDEX:
        return _FEATURE_INDEX[node.id]
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and node.value.id == "combos"
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, str)
    ):
        return _COMBO_INDEX.get(node.slice.value)
    return None


def _check_predicate(src: str, tree: ast.Expression) -> None:
    """Accept only the predicate language (see the section comment)."""
    allowed = (
        ast.Expression, ast.BoolOp, ast.And, ast.Or, ast.BinOp, ast.UnaryOp, ast.Not, ast.Invert,
        ast.USub, ast.UAdd, ast.Compare, ast.In, ast.NotIn, ast.IfExp, ast.Call, ast.Name, ast.Load,
        ast.Constant, ast.Subscript, ast.Tuple, *_CMP, *_BINARY,
    )
    for node in ast.walk(tree):
        if not isinstance(node, allowed):
            raise PredicateError(f"predicate {src!r}: {type(node).__name__} is not allowed")
        if isinstance(node, ast.Constant) and not isinstance(node.value, (int, str)):
            raise PredicateError(f"predicate {src!r}: constant {node.value!r} is not an integer")
        if isinstance(node, ast.Subscript) and _feature_of(node) is None:
            raise PredicateError(f"predicate {src!r}: {ast.unparse(node)} is not combos[<a set-combination fan>]")
        if isinstance(node, ast.Call) and not (
            isinstance(node.func, ast.Name) and node.func.id in _FUNCTIONS and len(node.args) == 1
            and not node.keywords
        ):
            raise PredicateError(f"predicate {src!r}: only popcount(x), bit(k) and bool(x) may be called")
        if isinstance(node, ast.Compare):
            for op, right in zip(node.ops, node.comparators):
                if isinstance(op, (ast.In, ast.NotIn)) != isinstance(right, ast.Tuple):
                    raise PredicateError(f"predicate {src!r}: `in` takes a tuple of constants")
        if isinstance(node, ast.Tuple) and not all(isinstance(e, ast.Constant) for e in node.elts):
            raise PredicateError(f"predicate {src!r}: `in` takes a tuple of constants")
        if isinstance(node, ast.Name) and not (
            node.id in _FEATURE_INDEX or node.id in PREDICATE_CONSTANTS or node.id in _FUNCTIONS
            or node.id == "combos"
        ):
            raise PredicateError(f"predicate {src!r}: unknown name {node.id!r}")


class _ToPython(ast.NodeTransformer):
    """Features become attributes of the reading ``r``."""

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id in _FEATURE_INDEX:
            return ast.copy_location(ast.Attribute(ast.Name("r", ast.Load()), node.id, ast.Load()), node)
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        assert isinstance(node.slice, ast.Constant)
        get = ast.Attribute(ast.Attribute(ast.Name("r", ast.Load()), "combos", ast.Load()), "get", ast.Load())
        return ast.copy_location(ast.Call(get, [node.slice, ast.Constant(0)], []), node)


_Test = tuple[int, int, int, int]
"""(comparison, feature, mask, constant): ``(feature & mask) CMP constant``."""


class _Bytecode:
    """Compile a checked predicate into the kernel's bytecode."""

    def __init__(self, src: str) -> None:
        self.src = src
        self.code: list[int] = []
        self._folded: dict[int, tuple[ast.expr, int | None]] = {}

    def _const(self, node: ast.expr) -> int | None:
        """The value of a subexpression without features (folded here)."""
        if isinstance(node, ast.Name):
            return PREDICATE_CONSTANTS.get(node.id)
        got = self._folded.get(id(node))
        if got is None:
            got = self._folded[id(node)] = (node, self._fold(node))  # (the node kept: its id stays its own)
        return got[1]

    def _fold(self, node: ast.expr) -> int | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            value = int(node.value)
            if value not in _INT64:
                raise PredicateError(f"predicate {self.src!r}: constant {value} does not fit 64 bits")
            return value
        for sub in ast.walk(node):
            if _feature_of(sub) is not None or (isinstance(sub, ast.Name) and sub.id == "combos"):
                return None
        try:
            code = compile(ast.Expression(node), "<predicate>", "eval")
            value = int(eval(code, {**_FUNCTIONS, **PREDICATE_CONSTANTS}))
        except Exception as e:
            raise PredicateError(f"predicate {self.src!r}: {ast.unparse(node)}: {e}") from None
        if value not in _INT64:
            raise PredicateError(f"predicate {self.src!r}: constant {value} does not fit 64 bits")
        return value

    def _atom(self, node: ast.expr) -> tuple[int, int] | None:
        """``feature`` or ``feature & constant``: (feature index, mask)."""
        f = _feature_of(node)
        if f is not None:
            return f, -1
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitAnd):
            for a, b in ((node.left, node.right), (node.right, node.left)):
                f = _feature_of(a)
                m = self._const(b)
                if f is not None and m is not None:
                    return f, m
        return None

    def _test(self, node: ast.expr) -> tuple[int, int, int, int] | None:
        """A comparison the kernel does in one instruction: (cmp, feature,
        mask, constant) for ``(feature & mask) CMP constant``, ``not atom``,
        ``bool(atom)`` and, where only truth matters, ``atom``."""
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _CMP:
            cmp = _CMP[type(node.ops[0])]
            left, right = node.left, node.comparators[0]
            atom, k = self._atom(left), self._const(right)
            if atom is None or k is None:
                atom, k, cmp = self._atom(right), self._const(left), _MIRROR[cmp]
            if atom is not None and k is not None:
                return cmp, atom[0], atom[1], k
            return None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            atom = self._atom(node.operand)
            return (0, atom[0], atom[1], 0) if atom else None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "bool":
            atom = self._atom(node.args[0])
            return (1, atom[0], atom[1], 0) if atom else None
        return None

    def _emit(self, *words: int) -> int:
        self.code.extend(words)
        return len(self.code) - 1

    def value(self, node: ast.expr, depth: int = 0) -> None:
        """Code that pushes the node's value (Python's value semantics)."""
        if depth >= _mcr.STACK:
            raise PredicateError(f"predicate {self.src!r} is too deep")
        k = self._const(node)
        if k is not None:
            self._emit(_OP["CONST"], k)
            return
        f = _feature_of(node)
        if f is not None:
            self._emit(_OP["FEAT"], f)
            return
        test = self._test(node)
        if test is not None:
            cmp, f, m, k = test
            self._emit(_OP["ATOM"] + cmp, f, m, k)
            return
        if isinstance(node, ast.BoolOp):
            jump = _OP["JFALSE_KEEP"] if isinstance(node.op, ast.And) else _OP["JTRUE_KEEP"]
            holes = []
            for v in node.values[:-1]:
                self.value(v, depth)
                holes.append(self._emit(jump, -1))
            self.value(node.values[-1], depth)
            for h in holes:
                self.code[h] = len(self.code)
        elif isinstance(node, ast.Compare):
            if len(node.ops) > 1 or isinstance(node.ops[0], (ast.In, ast.NotIn)):
                self.value(self._expand(node), depth)
                return
            self.value(node.left, depth)
            self.value(node.comparators[0], depth + 1)
            self._emit(_OP["CMP"] + _CMP[type(node.ops[0])])
        elif isinstance(node, ast.UnaryOp):
            self.value(node.operand, depth)
            if not isinstance(node.op, ast.UAdd):
                self._emit(_OP[{ast.Not: "NOT", ast.Invert: "INV", ast.USub: "NEG"}[type(node.op)]])
        elif isinstance(node, ast.BinOp):
            self.value(node.left, depth)
            self.value(node.right, depth + 1)
            self._emit(_OP[_BINARY[type(node.op)]])
        elif isinstance(node, ast.IfExp):
            self.value(node.test, depth)
            other = self._emit(_OP["JFALSE_POP"], -1)
            self.value(node.body, depth)
            end = self._emit(_OP["JUMP"], -1)
            self.code[other] = len(self.code)
            self.value(node.orelse, depth)
            self.code[end] = len(self.code)
        elif isinstance(node, ast.Call):
            assert isinstance(node.func, ast.Name)
            self.value(node.args[0], depth)
            self._emit(_OP[{"popcount": "POPCOUNT", "bit": "BIT", "bool": "BOOL"}[node.func.id]])
        else:  # pragma: no cover - _check_predicate let something new through
            raise PredicateError(f"predicate {self.src!r}: cannot compile {ast.unparse(node)}")

    @staticmethod
    def _expand(node: ast.Compare) -> ast.expr:
        """``a < b < c`` -> ``a < b and b < c``; ``x in (1, 2)`` -> ``x == 1 or x == 2``."""
        parts: list[ast.expr] = []
        left = node.left
        for op, right in zip(node.ops, node.comparators):
            if isinstance(op, (ast.In, ast.NotIn)):
                assert isinstance(right, ast.Tuple)
                alts: list[ast.expr] = [ast.Compare(left, [ast.Eq()], [e]) for e in right.elts]
                part: ast.expr = ast.BoolOp(ast.Or(), alts) if len(alts) > 1 else (
                    alts[0] if alts else ast.Constant(False)
                )
                if isinstance(op, ast.NotIn):
                    part = ast.UnaryOp(ast.Not(), part)
                parts.append(part)
            else:
                parts.append(ast.Compare(left, [op], [right]))
            left = right
        return ast.BoolOp(ast.And(), parts) if len(parts) > 1 else parts[0]

    def guard(self, node: ast.expr) -> None:
        """Code that makes the predicate 0 when ``node`` is falsy."""
        if isinstance(node, ast.Compare) and (len(node.ops) > 1 or isinstance(node.ops[0], (ast.In, ast.NotIn))):
            node = self._expand(node)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
            for v in node.values:
                self.guard(v)
            return
        test = self._test(node)
        if test is None:
            atom = self._atom(node)
            if atom is not None:
                test = (1, atom[0], atom[1], 0)
        if test is not None:
            cmp, f, m, k = test
            self._emit(_OP["GUARD_ATOM"] + cmp, f, m, k)
            return
        self.value(node)
        self._emit(_OP["GUARD"])

    def _operands(self, node: ast.expr) -> list[ast.expr]:
        """The operands of a top-level ``and``, nested ones and chained
        comparisons flattened (``a and (b and c)`` is ``a and b and c``)."""
        if isinstance(node, ast.Compare) and len(node.ops) > 1:
            node = self._expand(node)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
            return [x for v in node.values for x in self._operands(v)]
        return [node]

    def _necessary(self, node: ast.expr) -> list[_Test]:
        """Tests that hold whenever ``node`` is truthy, derived from its form
        (possibly none): the kernel checks them before anything else."""
        test = self._test(node)
        if test is not None:
            return [test]
        atom = self._atom(node)
        if atom is not None:
            return [(1, atom[0], atom[1], 0)]
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
            return [t for v in node.values for t in self._necessary(v)]
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            op, left, right = node.ops[0], node.left, node.comparators[0]
            if isinstance(op, (ast.In, ast.NotIn)):
                f = _feature_of(left)
                members = self._members(right)
                if isinstance(op, ast.In) and f is not None and members:
                    return [(5, f, -1, min(members)), (3, f, -1, max(members))]  # min <= f <= max
                return []
            for a, b in ((left, right), (right, left)):
                if isinstance(op, ast.NotEq) and self._const(b) == 0:
                    return self._necessary(a)  # x != 0: x is truthy
                f = _feature_of(a)
                values = self._values(b)
                if isinstance(op, ast.Eq) and f is not None and values:
                    return [(5, f, -1, min(values)), (3, f, -1, max(values))]
            return []
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitAnd):
            return self._necessary(node.left) + self._necessary(node.right)  # x & y: both nonzero
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("popcount", "bool"):
            return self._necessary(node.args[0])
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and all(
            self._nonnegative(x) for x in (node.left, node.right)
        ):
            return self._either(self._necessary(node.left), self._necessary(node.right))
        if isinstance(node, ast.IfExp):
            if self._const(node.body) == 0:
                return self._necessary(node.orelse)
            if self._const(node.orelse) == 0:
                return self._necessary(node.body)
            return self._either(self._necessary(node.body), self._necessary(node.orelse))
        return []

    def _exact_range(self, node: ast.expr) -> bool:
        """``feature in (k, k + 1, ...)``: the range tests of _necessary say
        all there is to say."""
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In)):
            return False
        members = self._members(node.comparators[0])
        return (
            _feature_of(node.left) is not None and bool(members)
            and sorted(set(members)) == list(range(min(members), max(members) + 1))
        )

    def _members(self, node: ast.expr) -> list[int]:
        """The constants of the tuple after ``in`` (empty when not all are)."""
        assert isinstance(node, ast.Tuple)
        out = [self._const(e) for e in node.elts]
        return [k for k in out if k is not None] if None not in out else []

    @staticmethod
    def _either(a: list[_Test], b: list[_Test]) -> list[_Test]:
        """What holds when ``a`` holds or ``b`` holds: ``f & m1 != 0`` or
        ``f & m2 != 0`` is ``f & (m1 | m2) != 0``; otherwise nothing."""
        if len(a) == len(b) == 1 and a[0][0] == b[0][0] == 1 and a[0][1] == b[0][1] and a[0][3] == b[0][3] == 0:
            return [(1, a[0][1], a[0][2] | b[0][2], 0)]
        return []

    def _nonnegative(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return node.func.id in ("popcount", "bool")
        if isinstance(node, (ast.Compare, ast.UnaryOp)) and (
            not isinstance(node, ast.UnaryOp) or isinstance(node.op, ast.Not)
        ):
            return True
        if isinstance(node, ast.IfExp):
            return self._nonnegative(node.body) and self._nonnegative(node.orelse)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self._nonnegative(node.left) and self._nonnegative(node.right)
        k = self._const(node)
        return k is not None and k >= 0

    def _values(self, node: ast.expr) -> set[int] | None:
        """The values a constant or a conditional of constants can take."""
        k = self._const(node)
        if k is not None:
            return {k}
        if isinstance(node, ast.IfExp):
            a, b = self._values(node.body), self._values(node.orelse)
            return a | b if a is not None and b is not None else None
        return None

    def top(self, node: ast.expr) -> list[int]:
        """``a and b and c``: guards for a and b (a falsy operand is the
        value, and a falsy integer is 0), then c's value.  The guards that
        are single tests come first, with the tests the other operands
        imply; the order of guards does not matter (no operand has effects)."""
        values = self._operands(node)
        last = values[-1]
        tests: list[_Test] = []
        generic: list[ast.expr] = []
        for v in values[:-1]:
            test = self._test(v)
            atom = self._atom(v)
            if test is None and atom is not None:
                test = (1, atom[0], atom[1], 0)
            if test is not None:
                tests.append(test)
            else:
                tests.extend(self._necessary(v))
                if not self._exact_range(v):
                    generic.append(v)
        if self._test(last) is None and _feature_of(last) is None:
            tests.extend(self._necessary(last))
        for cmp, f, m, k in dict.fromkeys(tests):
            self._emit(_OP["GUARD_ATOM"] + cmp, f, m, k)
        for v in generic:
            self.guard(v)
        self.value(last)
        self._emit(_OP["END"])
        return self.code


@functools.lru_cache(maxsize=None)
def compile_predicate(src: str) -> tuple[Callable[[Reading], int], tuple[int, ...]]:
    """A predicate as (Python function of a Reading, kernel bytecode).

    The function is compiled on its first call (only the readable path
    calls it; a fan table for the kernel needs the bytecode alone).

    >>> fn, code = compile_predicate("kongs == 4")
    >>> fn(Reading(kind=STD, mask=0, suits=0, ranks=0, kongs=4)), len(code)
    (True, 5)

    :raises PredicateError: for anything outside the predicate language.
    """
    try:
        tree = ast.parse(src.strip(), mode="eval")
    except SyntaxError as e:
        raise PredicateError(f"predicate {src!r}: {e.msg}") from None
    _check_predicate(src, tree)
    return _LazyPredicate(src), tuple(_Bytecode(src).top(tree.body))


class _LazyPredicate:
    """A checked predicate's Python function, compiled when first called."""

    __slots__ = ("src", "fn")

    def __init__(self, src: str) -> None:
        self.src = src
        self.fn: Callable[[Reading], int] | None = None

    def __call__(self, r: Reading) -> int:
        fn = self.fn
        if fn is None:
            fn = self.fn = _python_predicate(self.src)
        return fn(r)


def _python_predicate(src: str) -> Callable[[Reading], int]:
    """The Python function of a checked predicate: features read from ``r``."""
    body = _ToPython().visit(ast.parse(src.strip(), mode="eval")).body
    lam = ast.Expression(ast.Lambda(
        ast.arguments(posonlyargs=[], args=[ast.arg("r")], kwonlyargs=[], kw_defaults=[], defaults=[]), body
    ))
    ast.fix_missing_locations(lam)
    fn: Callable[[Reading], int] = eval(
        compile(lam, f"<predicate {src}>", "eval"), {**_FUNCTIONS, **PREDICATE_CONSTANTS}
    )
    return fn


# ---------------------------------------------------------------------------
# The fan table
# ---------------------------------------------------------------------------

Predicate = str
"""A fan predicate: the text of an expression over a Reading's features whose
value is how many times the fan counts (0: not), see the section above."""


@dataclass(frozen=True, slots=True)
class Fan:
    """One fan of the table."""

    zh: str
    """The official Chinese name (spec §5)."""
    en: str
    value: int
    test: Predicate | None
    """None for 无番和 and 花牌, which the scorer adds itself."""
    excludes: tuple[str, ...] = ()
    """不计: fans not counted when this one is."""
    scope: int = STD
    """The readings it is counted in (bits STD, PAIRS ...)."""
    why: str = ""
    reduces: tuple[tuple[str, int], ...] = ()
    """Fans counted fewer times when this one counts (九莲宝灯: one 幺九刻)."""
    ref_zh: str = ""
    """PyMahjongGB's spelling when it differs (its 独听・边张 ...)."""

    def item(self, count: int = 1) -> ScoreItem:
        if count == 1:
            return _ONE.setdefault(self.zh, ScoreItem(self.zh, self.en, self.value, 1, self.why))
        return ScoreItem(self.zh, self.en, self.value, count, self.why)


_ONE: dict[str, ScoreItem] = {}


_SUITS = STD | PAIRS | KSTRAIGHT
_TRAITS = STD | PAIRS | SHIFTED
_RANGE = STD | PAIRS
_SETS = STD | KSTRAIGHT


def _c(name: str) -> Predicate:
    """A fan decided by the set-combination step."""
    return f'combos["{name}"]'


_NO_HONOURS = "not mask & HONOURS"
_YAOJIU = (
    "popcount(pung_kinds & TERMINALS) + (0 if popcount(pung_kinds & WINDS) >= 3"
    " else popcount(pung_kinds & WINDS & ~(bit(seat_wind) | bit(round_wind))))"
)
"""幺九刻: pungs of 1s and 9s, and wind pungs not already counted as 圈风刻 /
门风刻 / 三风刻 (a dragon pung is always 箭刻)."""

FANS: Final[tuple[Fan, ...]] = (
    # 88
    Fan("大四喜", "Big Four Winds", 88, _c("大四喜"),
        ("圈风刻", "门风刻", "三风刻", "碰碰和", "幺九刻", "小四喜"), why="four wind pungs"),
    Fan("大三元", "Big Three Dragons", 88, _c("大三元"), ("箭刻", "双箭刻", "小三元"),
        why="pungs of 中 发 白"),
    Fan("绿一色", "All Green", 88, "not mask & ~GREEN_TILES", ("混一色", "缺一门"), _TRAITS,
        why="only 23468 条 and 发"),
    Fan("九莲宝灯", "Nine Gates", 88, "nine_gates",
        ("清一色", "门前清", "不求人", "无字", "缺一门"), why="1112345678999 of one suit + any tile of it",
        reduces=(("幺九刻", 1),)),
    Fan("四杠", "Four Kongs", 88, "kongs == 4",
        ("三杠", "双明杠", "明杠", "双暗杠", "暗杠", "明暗杠", "碰碰和", "单钓将"), why="four kongs"),
    Fan("连七对", "Seven Shifted Pairs", 88, "True",
        ("清一色", "七对", "不求人", "门前清", "无字", "单钓将", "缺一门"), SHIFTED,
        why="seven consecutive pairs of one suit"),
    Fan("十三幺", "Thirteen Orphans", 88, "True",
        ("五门齐", "不求人", "门前清", "单钓将", "混幺九", "全带幺"), ORPHANS,
        why="1 and 9 of each suit, the seven honours, one of them paired"),
    # 64
    Fan("清幺九", "All Terminals", 64, "not mask & ~TERMINALS",
        ("碰碰和", "混幺九", "全带幺", "双同刻", "幺九刻", "无字"), _TRAITS, why="only 1s and 9s"),
    Fan("小四喜", "Little Four Winds", 64, 'combos["三风刻"] and bit(pair) & WINDS != 0',
        ("三风刻", "幺九刻"), why="three wind pungs and a pair of the fourth wind"),
    Fan("小三元", "Little Three Dragons", 64, 'combos["双箭刻"] and bit(pair) & DRAGONS != 0',
        ("箭刻", "双箭刻"), why="two dragon pungs and a pair of the third"),
    Fan("字一色", "All Honours", 64, "not mask & ~HONOURS",
        ("碰碰和", "混幺九", "全带幺", "幺九刻", "缺一门"), _TRAITS, why="only honour tiles"),
    Fan("四暗刻", "Four Concealed Pungs", 64, "concealed_pungs == 4",
        ("门前清", "碰碰和", "三暗刻", "双暗刻", "不求人"), why="four concealed pungs or kongs"),
    Fan("一色双龙会", "Pure Terminal Chows", 64, "pure_terminal_chows",
        ("平和", "七对", "清一色", "一般高", "老少副", "无字", "缺一门"),
        why="123 123 789 789 of one suit, a pair of its 5"),
    # 48
    Fan("一色四同顺", "Quadruple Chow", 48, _c("一色四同顺"), ("一色三同顺", "一色三节高", "一般高", "四归一"),
        why="four identical chows"),
    Fan("一色四节高", "Four Pure Shifted Pungs", 48, _c("一色四节高"), ("一色三同顺", "一色三节高", "碰碰和"),
        why="four pungs of one suit, each one higher"),
    # 32
    Fan("一色四步高", "Four Pure Shifted Chows", 32, _c("一色四步高"), ("一色三步高", "连六", "老少副"),
        why="four chows of one suit shifted by 1 or by 2"),
    Fan("三杠", "Three Kongs", 32, "kongs == 3", ("双明杠", "双暗杠", "明暗杠", "明杠", "暗杠"),
        why="three kongs"),
    Fan("混幺九", "All Terminals and Honours", 32,
        "not mask & ~TERMINALS_HONOURS and mask & HONOURS != 0 and mask & TERMINALS != 0",
        ("碰碰和", "全带幺", "幺九刻"), _TRAITS, why="only 1s, 9s and honours"),
    # 24
    Fan("七对", "Seven Pairs", 24, "True", ("不求人", "门前清", "单钓将"), PAIRS, why="seven pairs"),
    Fan("七星不靠", "Greater Honours and Knitted Tiles", 24, "True",
        ("五门齐", "不求人", "门前清", "单钓将", "全不靠"), GREATER,
        why="the seven honours and seven knitted tiles, all single"),
    Fan("全双刻", "All Even Pungs", 24, "even", ("碰碰和", "断幺", "无字"),
        why="pungs and pair of 2 4 6 8"),
    Fan("清一色", "Full Flush", 24, f"nsuits == 1 and {_NO_HONOURS}", ("无字", "缺一门"),
        _SUITS, why="one suit, no honours"),
    Fan("一色三同顺", "Pure Triple Chow", 24, _c("一色三同顺"), ("一色三节高", "一般高"),
        why="three identical chows"),
    Fan("一色三节高", "Pure Shifted Pungs", 24, _c("一色三节高"), ("一色三同顺",),
        why="three pungs of one suit, each one higher"),
    Fan("全大", "Upper Tiles", 24, f"{_NO_HONOURS} and not ranks & ~R789", ("大于五", "无字"), _RANGE,
        why="only 7 8 9"),
    Fan("全中", "Middle Tiles", 24,
        f"{_NO_HONOURS} and not ranks & ~R456 and ranks & ~R1234 != 0 and ranks & ~R6789 != 0",
        ("断幺", "无字"), _RANGE, why="only 4 5 6"),
    Fan("全小", "Lower Tiles", 24, f"{_NO_HONOURS} and not ranks & ~R123", ("小于五", "无字"), _RANGE,
        why="only 1 2 3"),
    # 16
    Fan("清龙", "Pure Straight", 16, _c("清龙"), ("连六", "老少副"), why="123 456 789 of one suit"),
    Fan("三色双龙会", "Three-Suited Terminal Chows", 16, "mixed_terminal_chows",
        ("喜相逢", "老少副", "无字", "平和"), why="123+789 in two suits, a pair of 5 in the third"),
    Fan("一色三步高", "Pure Shifted Chows", 16, _c("一色三步高"), why="three chows of one suit shifted by 1 or 2"),
    Fan("全带五", "All Fives", 16, "fives", ("断幺", "无字"), why="every set and the pair holds a 5"),
    Fan("三同刻", "Triple Pung", 16, _c("三同刻"), ("双同刻",), why="pungs of one number in three suits"),
    Fan("三暗刻", "Three Concealed Pungs", 16, "concealed_pungs == 3", ("双暗刻",),
        why="three concealed pungs or kongs"),
    # 12
    Fan("全不靠", "Lesser Honours and Knitted Tiles", 12, "True",
        ("五门齐", "不求人", "门前清", "单钓将"), LESSER, why="14 single knitted tiles and honours"),
    Fan("组合龙", "Knitted Straight", 12, "knitted != 0", scope=LESSER | KSTRAIGHT,
        why="147 258 369 in three suits"),
    Fan("大于五", "Upper Four", 12, f"{_NO_HONOURS} and not ranks & ~R6789 and ranks & R6 != 0", ("无字",),
        _RANGE, why="only 6 7 8 9"),
    Fan("小于五", "Lower Four", 12, f"{_NO_HONOURS} and not ranks & ~R1234 and ranks & R4 != 0", ("无字",),
        _RANGE, why="only 1 2 3 4"),
    Fan("三风刻", "Big Three Winds", 12, 'combos["三风刻"] and not bit(pair) & WINDS',
        why="three wind pungs"),
    # 8
    Fan("花龙", "Mixed Straight", 8, _c("花龙"), why="123 456 789 in three suits"),
    Fan("推不倒", "Reversible Tiles", 8, "not mask & ~REVERSIBLE", ("缺一门",), _TRAITS,
        why="only 1234589 筒, 245689 条 and 白"),
    Fan("三色三同顺", "Mixed Triple Chow", 8, _c("三色三同顺"), ("喜相逢",), why="one chow in all three suits"),
    Fan("三色三节高", "Mixed Shifted Pungs", 8, _c("三色三节高"), why="pungs n, n+1, n+2 in three suits"),
    Fan("无番和", "Chicken Hand", 8, None, why="no other fan"),
    Fan("妙手回春", "Last Tile Draw", 8, "last_tile and self_drawn", ("自摸",), ANY,
        why="self-drawn the last tile of the wall"),
    Fan("海底捞月", "Last Tile Claim", 8, "last_tile and not self_drawn", scope=ANY,
        why="won on the last discard"),
    Fan("杠上开花", "Out with Replacement Tile", 8, "kong and self_drawn", ("自摸",), ANY,
        why="won on a kong replacement tile"),
    Fan("抢杠和", "Robbing the Kong", 8, "kong and not self_drawn", ("和绝张",), ANY,
        why="won on a tile added to a kong"),
    # 6
    Fan("碰碰和", "All Pungs", 6, "npungs == 4", why="four pungs or kongs"),
    Fan("混一色", "Half Flush", 6, "nsuits == 1 and mask & HONOURS != 0", ("缺一门",), _SUITS,
        why="one suit and honours"),
    Fan("三色三步高", "Mixed Shifted Chows", 6, _c("三色三步高"), why="chows n, n+1, n+2 in three suits"),
    Fan("五门齐", "All Types", 6, "suits == 7 and mask & WINDS != 0 and mask & DRAGONS != 0", scope=_SUITS,
        why="万 筒 条, a wind and a dragon"),
    Fan("全求人", "Melded Hand", 6, "open_melds == 4 and not self_drawn", ("单钓将",), _SETS,
        why="four claimed sets, a single wait won on a discard"),
    Fan("双暗杠", "Two Concealed Kongs", 6, "kongs == 2 and concealed_kongs == 2",
        ("暗杠", "双暗刻"), why="two concealed kongs"),
    Fan("双箭刻", "Two Dragon Pungs", 6, 'combos["双箭刻"] and not bit(pair) & DRAGONS', ("箭刻",),
        why="two dragon pungs"),
    Fan("明暗杠", "Concealed Kong and Melded Kong", 5, "kongs == 2 and concealed_kongs == 1",
        ("明杠", "暗杠"), why="one exposed and one concealed kong (reference; not among the 81)"),
    # 4
    Fan("全带幺", "Outside Hand", 4, "outside", why="every set and the pair holds a 1, a 9 or an honour"),
    Fan("不求人", "Fully Concealed Hand", 4, "open_melds == 0 and self_drawn", ("门前清", "自摸"),
        _SETS, why="nothing claimed, self-drawn"),
    Fan("双明杠", "Two Melded Kongs", 4, "kongs == 2 and melded_kongs == 2", ("明杠",),
        why="two exposed kongs"),
    Fan("和绝张", "Last Tile", 4, "fourth_tile", scope=ANY,
        why="the other three copies of the winning tile were visible"),
    # 2
    Fan("箭刻", "Dragon Pung", 2, "popcount(pung_kinds & DRAGONS)", scope=_SETS, why="a pung of 中, 发 or 白"),
    Fan("圈风刻", "Prevalent Wind", 2, "bit(round_wind) & pung_kinds != 0", scope=_SETS,
        why="a pung of the prevalent wind"),
    Fan("门风刻", "Seat Wind", 2, "bit(seat_wind) & pung_kinds != 0", scope=_SETS,
        why="a pung of the seat wind"),
    Fan("门前清", "Concealed Hand", 2, "open_melds == 0 and not self_drawn", scope=_SETS,
        why="nothing claimed, won on a discard"),
    Fan("平和", "All Chows", 2, "nchows == (4 if kind == STD else 1) and 0 <= pair < 27", ("无字",), _SETS,
        why="four chows and a suit pair"),
    Fan("四归一", "Tile Hog", 2, "hog", scope=STD | PAIRS | KSTRAIGHT,
        why="all four copies of a tile used, not as a kong"),
    Fan("双同刻", "Double Pung", 2, _c("双同刻"), why="pungs of one number in two suits"),
    Fan("双暗刻", "Two Concealed Pungs", 2, "concealed_pungs == 2", why="two concealed pungs"),
    Fan("暗杠", "Concealed Kong", 2,
        "concealed_kongs == 1 and kongs in (1, 2) and not (kongs == 2 and melded_kongs == 0)",
        scope=_SETS, why="a concealed kong"),
    Fan("断幺", "All Simples", 2, "not mask & TERMINALS_HONOURS", ("无字",), _TRAITS,
        why="no 1, 9 or honour"),
    # 1
    Fan("一般高", "Pure Double Chow", 1, _c("一般高"), why="two identical chows"),
    Fan("喜相逢", "Mixed Double Chow", 1, _c("喜相逢"), why="one chow in two suits"),
    Fan("连六", "Short Straight", 1, _c("连六"), why="two chows making six in a row"),
    Fan("老少副", "Two Terminal Chows", 1, _c("老少副"), why="123 and 789 of one suit"),
    Fan("幺九刻", "Pung of Terminals or Honours", 1, _YAOJIU, scope=_SETS, why="a pung of 1s, 9s or winds"),
    Fan("明杠", "Melded Kong", 1,
        "melded_kongs == 1 and kongs in (1, 2) and not (kongs == 2 and concealed_kongs == 0)",
        scope=_SETS, why="an exposed kong"),
    Fan("缺一门", "One Voided Suit", 1, "nsuits == 2", scope=_SUITS, why="one suit missing"),
    Fan("无字", "No Honours", 1, _NO_HONOURS, scope=_SUITS, why="no honour tiles"),
    Fan("边张", "Edge Wait", 1, "wait == EDGE", scope=_SETS, why="won on 3 of 12 or 7 of 89",
        ref_zh="独听・边张"),
    Fan("坎张", "Closed Wait", 1, "wait == CLOSED", scope=_SETS, why="won on the middle of a chow",
        ref_zh="独听・嵌张"),
    Fan("单钓将", "Single Wait", 1, "wait == SINGLE", scope=_SETS, why="won on the pair, one wait",
        ref_zh="独听・单钓"),
    Fan("自摸", "Self-Drawn", 1, "self_drawn", scope=ANY, why="won on one's own draw"),
    Fan("花牌", "Flower Tiles", 1, None, why="one per flower; not toward the minimum"),
)
"""The 81 fans of MCR (spec §5) and the reference's 明暗杠, highest first."""

EXTRA_FANS: Final[tuple[Fan, ...]] = (
    Fan("四方大发", "Four Winds and Green Pair", 168, 'combos["大四喜"] and pair == GREEN',
        ("大四喜", "碰碰和", "圈风刻", "门风刻", "三风刻", "幺九刻"), why="four wind pungs and a pair of 发"),
    Fan("天和", "Heavenly Hand", 168, "first_turn and dealer and self_drawn",
        ("不求人", "自摸", "边张", "坎张", "单钓将"), ANY, why="the dealer wins on the deal"),
    Fan("地和", "Earthly Hand", 158, "first_turn and self_drawn and not dealer", scope=ANY,
        why="a non-dealer wins on the first draw, no call made"),
    Fan("人和", "Human Hand", 108, "first_go_around and not self_drawn", scope=ANY,
        why="won on a discard before one's first draw, no call made"),
    Fan("混杠", "Wild Kong", 88, "wild_kong", scope=ANY,
        why="a kong of four wild tiles (never in MCR, which has no wilds)"),
    Fan("天听", "Ready on the Deal", 32, "ready_on_deal", scope=ANY,
        why="ready on the deal, declared at the first discard"),
)
"""Seed [004]'s non-MCR hands (spec §7), for ``extras``; values from the
Lianzhong site, exclusions per the spec's proposal."""

_BY_NAME: Final = {f.zh: f for f in FANS + EXTRA_FANS}
for _f in FANS + EXTRA_FANS:
    for _x in (*_f.excludes, *(n for n, _ in _f.reduces)):
        assert _x in _BY_NAME, f"{_f.zh} excludes unknown fan {_x}"
# The predicates are compiled when a fan table is first needed, not here: a
# Botzone bot, started afresh every turn, rarely scores (~30 ms saved).
# tests/variants/test_guobiao_kernel.py compiles every one of them.


# The 不计 lists of the 1998 text: spec §5 column "Seed 不计 [001]" ([004-L]
# word for word for fans 1-27), read against seed 001.  Aliases mapped to
# the table's names (spec §6 D6): 单钓 = 单钓将, 同刻 = 双同刻.  A fan not
# listed has no list in 1998 ("—": 四杠, 一色四步高, 三杠, 清龙, 一色三步高,
# 三同刻, 三暗刻, 组合龙, 三风刻, the 8-fan hands but 推不倒 妙手回春 杠上开花
# 抢杠和, and every fan of 6 and less but 全求人).  #14 and #15 look crossed
# but are the 1998 text (spec ⚠ under 48 fan); 和绝张's "(抢杠和不计和绝张)"
# is 抢杠和's list.
LITERAL_EXCLUDES: Final[Mapping[str, tuple[str, ...]]] = {
    "大四喜": ("圈风刻", "门风刻", "三风刻", "碰碰和"),
    "大三元": ("箭刻",),
    "绿一色": ("混一色",),
    "九莲宝灯": ("清一色",),
    "连七对": ("清一色", "不求人", "单钓将"),
    "十三幺": ("五门齐", "不求人", "单钓将"),
    "清幺九": ("碰碰和", "双同刻", "无字"),
    "小四喜": ("三风刻",),
    "小三元": ("箭刻",),
    "字一色": ("碰碰和",),
    "四暗刻": ("门前清", "碰碰和"),
    "一色双龙会": ("平和", "七对", "清一色"),
    "一色四同顺": ("一色三节高", "一般高", "四归一"),
    "一色四节高": ("一色三同顺", "碰碰和"),
    "混幺九": ("碰碰和",),
    "七对": ("不求人", "单钓将"),
    "七星不靠": ("五门齐", "不求人", "单钓将"),
    "全双刻": ("碰碰和", "断幺"),
    "清一色": ("无字",),
    "一色三同顺": ("一色三节高",),
    "一色三节高": ("一色三同顺",),
    "全大": ("无字",),
    "全中": ("断幺",),
    "全小": ("无字",),
    "三色双龙会": ("喜相逢", "老少副", "无字", "平和"),
    "全带五": ("断幺",),
    "全不靠": ("五门齐", "不求人", "单钓将"),
    "大于五": ("无字",),
    "小于五": ("无字",),
    "推不倒": ("缺一门",),
    "妙手回春": ("自摸",),
    "杠上开花": ("自摸",),
    "抢杠和": ("和绝张",),
    "全求人": ("单钓将",),
}
"""The 不计 lists of the 1998 text (``exclusions="1998-literal"``); the other
fans of the 81 have none."""

for _zh, _xs in LITERAL_EXCLUDES.items():
    assert _zh in _BY_NAME and all(x in _BY_NAME for x in _xs), _zh

_LITERAL_TESTS: Final[Mapping[str, Predicate]] = {
    "幺九刻": "popcount(pung_kinds & TERMINALS_HONOURS)",
    "双箭刻": 'combos["双箭刻"]',
    "单钓将": "wait == SINGLE or kongs == 4",
    "全带幺": "outside or kind == ORPHANS",
}
"""1998-literal: predicates whose union form also expressed reference list
entries (dragon and wind pungs not 幺九刻; 小三元 without 双箭刻; 四杠
without 单钓将; the sets of 十三幺 are not 全带幺)."""

_LITERAL_SCOPES: Final[Mapping[str, int]] = {
    "门前清": SHIFTED | ORPHANS | LESSER | GREATER,
    "混幺九": ORPHANS,
    "全带幺": ORPHANS,
    "全不靠": GREATER,
    "七对": SHIFTED,
    "无字": SHIFTED,
}
"""1998-literal: readings a fan is also counted in, where only a reference
list kept it out (十三幺, 全不靠, 七星不靠 and 连七对 do not exclude it in 1998)."""


def _with_options(fans: tuple[Fan, ...], options: GuobiaoOptions) -> tuple[Fan, ...]:
    """The table's fans under the options' exclusion lists and 七对 reading."""
    literal = options.exclusions is Exclusions.LITERAL_1998
    seven_pairs = options.seven_pairs_count_concealed_hand
    out = []
    for f in fans:
        if literal and f.zh != "明暗杠":
            f = replace(
                f,
                test=_LITERAL_TESTS.get(f.zh, f.test),
                excludes=LITERAL_EXCLUDES.get(f.zh, ()),
                scope=f.scope | _LITERAL_SCOPES.get(f.zh, 0),
                reduces=(),
            )
        if f.zh == "门前清":
            f = replace(f, scope=f.scope | PAIRS if seven_pairs else f.scope & ~PAIRS)
        elif f.zh == "七对" and seven_pairs:
            f = replace(f, excludes=tuple(x for x in f.excludes if x != "门前清"))
        elif f.zh == "七对" and "门前清" not in f.excludes:
            f = replace(f, excludes=(*f.excludes, "门前清"))
        out.append(f)
    return tuple(out)


def fan_names() -> list[str]:
    """The Chinese names of the table, highest first (the 81 and 明暗杠).

    >>> len(fan_names()), fan_names()[0], fan_names()[-1]
    (82, '大四喜', '花牌')
    """
    return [f.zh for f in FANS]


# ---------------------------------------------------------------------------
# Set combinations: 不拆移, 不得相同, 套算一次
# ---------------------------------------------------------------------------


def _ref_sorted(kinds: Iterable[int]) -> list[int]:
    return sorted(kinds, key=lambda k: _REF_ORDER[k])


def _two_chows(a: int, b: int) -> str | None:
    """The fan two chows (lowest kinds) make together, if any."""
    if a // 9 != b // 9:
        return "喜相逢" if a % 9 == b % 9 else None
    if abs(a - b) == 3:
        return "连六"
    if {a % 9, b % 9} == {0, 6}:
        return "老少副"
    return "一般高" if a == b else None


def _three_chows(a: int, b: int, c: int) -> str | None:
    ra, rb, rc = sorted((a % 9, b % 9, c % 9))
    if len({a // 9, b // 9, c // 9}) == 3:
        if ra + 1 == rb and rb + 1 == rc:
            return "三色三步高"
        if ra == rc:
            return "三色三同顺"
        if (ra, rb, rc) == (0, 3, 6):
            return "花龙"
        return None
    if a // 9 != b // 9 or b // 9 != c // 9:
        return None
    if (ra, rb, rc) == (0, 3, 6):
        return "清龙"
    if (ra + 1 == rb and rb + 1 == rc) or (ra + 2 == rb and rb + 2 == rc):
        return "一色三步高"
    return "一色三同顺" if ra == rc else None


def _four_chows(cs: Sequence[int]) -> str | None:
    if len({c // 9 for c in cs}) != 1:
        return None
    r = sorted(c % 9 for c in cs)
    if all(r[i] + 1 == r[i + 1] for i in range(3)) or all(r[i] + 2 == r[i + 1] for i in range(3)):
        return "一色四步高"
    return "一色四同顺" if r[0] == r[3] else None


_PAIR_FAN_ORDER: Final = ("一般高", "喜相逢", "连六", "老少副")


def _limit_pairs(fans: Sequence[str | None], limit: int) -> dict[str, int]:
    """套算一次 / 不得相同 for chow pairs: at most ``limit`` pair fans; the
    surplus goes from repeats first, 老少副 before 连六 before 喜相逢 before
    一般高, then whole kinds in that order (the reference's reading)."""
    table = {name: 0 for name in _PAIR_FAN_ORDER}
    for f in fans:
        if f is not None:
            table[f] += 1
    cnt = sum(table.values())
    for keep in (1, 0):
        for name in reversed(_PAIR_FAN_ORDER):
            while table[name] > keep and cnt > limit:
                table[name] -= 1
                cnt -= 1
    return {k: v for k, v in table.items() if v}


def chow_combinations(chows: Sequence[int]) -> dict[str, int]:
    """The chow-combination fans of a reading's chows (lowest kinds).

    A four-chow fan takes all four chows; else a three-chow fan takes three
    and the fourth may pair with one of them once (套算一次); else pairs of
    chows, at most three fans among four chows and each chow used in a fan
    with the same partner once (不得相同).

    >>> chow_combinations([0, 6, 9, 24])   # 123m 789m 123p 789s (spec example 23)
    {'喜相逢': 2, '老少副': 1}
    >>> chow_combinations([0, 3, 6, 0])
    {'清龙': 1, '一般高': 1}
    """
    cs = _ref_sorted(chows)
    n = len(cs)
    if n < 2:
        return {}
    if n == 2:
        f = _two_chows(cs[0], cs[1])
        return {f: 1} if f else {}
    if n == 4:
        f = _four_chows(cs)
        if f:
            return {f: 1}
        for a, b, c, free in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            f = _three_chows(cs[a], cs[b], cs[c])
            if f:
                extra = {_two_chows(cs[i], cs[free]) for i in (a, b, c)}
                for name in _PAIR_FAN_ORDER:
                    if name in extra:
                        return {f: 1, name: 1}
                return {f: 1}
        pairs = [_two_chows(cs[i], cs[j]) for i in range(4) for j in range(i + 1, 4)]
        index = [(i, j) for i in range(4) for j in range(i + 1, 4)]
        isolated = sum(
            1 for k in range(4) if all(f is None for f, ij in zip(pairs, index) if k in ij)
        )
        limit = 3 - isolated
        return _limit_pairs(pairs, limit) if limit > 0 else {}
    f = _three_chows(cs[0], cs[1], cs[2])
    if f:
        return {f: 1}
    return _limit_pairs([_two_chows(cs[0], cs[1]), _two_chows(cs[0], cs[2]), _two_chows(cs[1], cs[2])], 2)


_COMBOS: dict[tuple[tuple[int, ...], tuple[int, ...]], Mapping[str, int]] = {}


def _combos(chows: tuple[int, ...], pungs: tuple[int, ...]) -> Mapping[str, int]:
    """Both combination steps, memoized by the sorted sets (a few thousand
    signatures occur; the result is read only)."""
    key = (chows, pungs)
    got = _COMBOS.get(key)
    if got is None:
        out = chow_combinations(chows)
        out.update(pung_combinations(pungs))
        if len(_COMBOS) >= 1 << 16:
            _COMBOS.clear()
        got = _COMBOS[key] = out
    return got


def _two_pungs(a: int, b: int) -> str | None:
    if a < 27 and b < 27:
        return "双同刻" if a % 9 == b % 9 else None
    if (DRAGONS >> a) & 1 and (DRAGONS >> b) & 1:
        return "双箭刻"
    return None


def _three_pungs(a: int, b: int, c: int) -> str | None:
    ks = (a, b, c)
    if all(k < 27 for k in ks):
        ra, rb, rc = sorted(k % 9 for k in ks)
        if len({k // 9 for k in ks}) == 3:
            if ra + 1 == rb and rb + 1 == rc:
                return "三色三节高"
            return "三同刻" if ra == rc else None
        if len({k // 9 for k in ks}) == 1 and ra + 1 == rb and rb + 1 == rc:
            return "一色三节高"
        return None
    if all((WINDS >> k) & 1 for k in ks) and len(set(ks)) == 3:
        return "三风刻"
    if set(ks) == {WHITE, GREEN, RED}:
        return "大三元"
    return None


def pung_combinations(pungs: Sequence[int]) -> dict[str, int]:
    """The pung-combination fans of a reading's pungs and kongs (kinds).

    >>> pung_combinations([1, 10, 2, 3])   # 222m 222p 333m 444m
    {'一色三节高': 1, '双同刻': 1}
    """
    ps = _ref_sorted(pungs)
    n = len(ps)
    if n < 2:
        return {}
    if n == 2:
        f = _two_pungs(ps[0], ps[1])
        return {f: 1} if f else {}
    out: dict[str, int] = {}
    if n == 4:
        if all(p < 27 for p in ps) and len({p // 9 for p in ps}) == 1 and all(
            ps[i] + 1 == ps[i + 1] for i in range(3)
        ):
            return {"一色四节高": 1}
        if set(ps) == {27, 28, 29, 30}:
            return {"大四喜": 1}
        for a, b, c, free in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            f = _three_pungs(ps[a], ps[b], ps[c])
            if f:
                out[f] = 1
                for i in (a, b, c):
                    g = _two_pungs(ps[i], ps[free])
                    if g:
                        out[g] = out.get(g, 0) + 1
                        break
                return out
    elif n == 3:
        f = _three_pungs(ps[0], ps[1], ps[2])
        if f:
            return {f: 1}
    for i in range(n):
        for j in range(i + 1, n):
            g = _two_pungs(ps[i], ps[j])
            if g:
                out[g] = out.get(g, 0) + 1
    return out


# ---------------------------------------------------------------------------
# One hand: shared facts, waits, readings
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Win:
    """A winning hand, validated: what every reading shares."""

    counts: list[int]
    """Concealed tiles including the winning tile."""
    win: int
    melds: tuple[Meld, ...]
    self_drawn: bool
    kong: bool
    last_tile: bool
    fourth_tile: bool
    seat_wind: int
    round_wind: int
    flowers: int
    first_turn: bool = False
    first_go_around: bool = False
    dealer: bool = False
    ready_on_deal: bool = False
    instant: str | None = None
    _waits: tuple[int, ...] | None = None

    def standing(self) -> list[int]:
        """Concealed tiles before the winning tile, as kinds."""
        c = list(self.counts)
        c[self.win] -= 1
        return [k for k in range(34) for _ in range(c[k])]

    def waits(self) -> tuple[int, ...]:
        """Tile kinds the hand waited on, by shape (standard form, and seven
        pairs when nothing is declared), a kind already held four times
        included (as the reference counts it)."""
        if self._waits is None:
            tiles = self.standing()
            rules = _STD_RULES if self.melds else _STD_PAIRS_RULES
            out = set(waits(tiles, rules=rules))
            held = counts_of(tiles)
            for k in range(34):
                if held[k] == 4 and _fifth_copy_wins(held, k):
                    out.add(k)
            self._waits = tuple(sorted(out))
        return self._waits


def _fifth_copy_wins(held: list[int], k: int) -> bool:
    """Would a fifth ``k`` complete these 3n+1 tiles (four ``k`` held)?"""
    c = list(held)
    c[k] += 1
    return _sets_and_pair(c, True)


def _sets_and_pair(c: list[int], pair: bool) -> bool:
    """Plain recursive check that counts (any size per kind) split into sets
    and, when ``pair``, one pair.  Only for the rare fifth-copy case."""
    k = next((t for t in range(34) if c[t]), -1)
    if k < 0:
        return not pair
    if c[k] >= 3:
        c[k] -= 3
        ok = _sets_and_pair(c, pair)
        c[k] += 3
        if ok:
            return True
    if pair and c[k] >= 2:
        c[k] -= 2
        ok = _sets_and_pair(c, False)
        c[k] += 2
        if ok:
            return True
    if k < 27 and k % 9 < 7 and c[k + 1] and c[k + 2]:
        for t in (k, k + 1, k + 2):
            c[t] -= 1
        ok = _sets_and_pair(c, pair)
        for t in (k, k + 1, k + 2):
            c[t] += 1
        return ok
    return False


def _hand_facts(counts: Sequence[int], melds: Sequence[Meld]) -> tuple[int, int, int, int]:
    """(kind mask, suit bits, rank bits, 四归一 count) of the whole hand."""
    total = list(counts)
    kongs = 0
    for m in melds:
        for t in m.tiles:
            total[t] += 1
        kongs += m.is_kong
    mask = suits = ranks = 0
    fours = -kongs
    for k, n in enumerate(total):
        if n:
            mask |= 1 << k
            if k < 27:
                suits |= 1 << (k // 9)
                ranks |= 2 << (k % 9)
            if n == 4:
                fours += 1
    return mask, suits, ranks, fours


def _seven_shifted(counts: Sequence[int]) -> bool:
    ks = [k for k in range(34) if counts[k]]
    return (
        len(ks) == 7
        and all(counts[k] == 2 for k in ks)
        and ks[0] < 27
        and ks[0] // 9 == ks[6] // 9
        and ks[6] - ks[0] == 6
    )


def _nine_gates(w: _Win) -> bool:
    if w.melds or w.win < 0:
        return False
    c = list(w.counts)
    c[w.win] -= 1
    for s in range(3):
        if c[9 * s : 9 * s + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
            return True
    return False


def _base_reading(w: _Win, kind: int, facts: tuple[int, int, int, int]) -> Reading:
    mask, suits, ranks, hog = facts
    mk = ck = opened = 0
    for m in w.melds:
        if m.kind is MeldKind.ANKAN:
            ck += 1
        else:
            opened += 1
            mk += m.kind is not MeldKind.PON and m.kind is not MeldKind.CHI
    return Reading(
        kind=kind, mask=mask, suits=suits, ranks=ranks, hog=hog, kongs=mk + ck, nsuits=_popcount(suits),
        open_melds=opened, melded_kongs=mk, concealed_kongs=ck,
        self_drawn=w.self_drawn, last_tile=w.last_tile, kong=w.kong, fourth_tile=w.fourth_tile,
        seat_wind=EAST + w.seat_wind, round_wind=EAST + w.round_wind,
        first_turn=w.first_turn, first_go_around=w.first_go_around, dealer=w.dealer,
        ready_on_deal=w.ready_on_deal, instant=w.instant,
    )


def _wait_position(w: _Win, chows: Iterable[int], pair: int) -> int:
    """Where the winning tile sits in the concealed sets: EDGE, CLOSED or
    SINGLE (the first that applies), or 0."""
    t = w.win
    pos = 0
    for c in chows:
        if c + 1 == t:
            pos |= 2
        elif c == t or c + 2 == t:
            pos |= 1
    if pair == t:
        pos |= 4
    if pos & 1:
        return EDGE
    if pos & 2:
        return CLOSED
    return SINGLE if pos & 4 else 0


def _standard_reading(w: _Win, units: Sequence[tuple[int, int, int]], facts: tuple[int, int, int, int]) -> Reading:
    r = _base_reading(w, STD, facts)
    c_chows = [k for s, k, _ in units if s == 2]
    c_pungs = [k for s, k, _ in units if s == 1]
    pair = next(k for s, k, _ in units if s == 0)
    chows = c_chows + [m.kind_of for m in w.melds if m.kind is MeldKind.CHI]
    pungs = c_pungs + [m.kind_of for m in w.melds if m.kind is not MeldKind.CHI]
    concealed = len(c_pungs) + r.concealed_kongs
    t = w.win
    if not w.self_drawn and t in c_pungs and not any(c <= t <= c + 2 for c in c_chows):
        concealed -= 1  # the pung was completed by the discard
    r.chows = tuple(chows)
    r.pungs = tuple(pungs)
    r.pair = pair
    r.concealed_pungs = concealed
    r.outside, r.fives, r.even = _pack_traits(chows, pungs, pair)
    r.combos = _combos(tuple(sorted(chows)), tuple(sorted(pungs)))
    r.nine_gates = _nine_gates(w)
    r.order = tuple(sorted([(_REF_ORDER[k], 0) for k in c_pungs] + [(_REF_ORDER[k], 1) for k in c_chows]))
    if not (r.open_melds == 4 and not w.self_drawn) and r.kongs != 4:
        pos = _wait_position(w, c_chows, pair)
        if pos and len(w.waits()) == 1:  # (pos is 0 without a winning tile)
            r.wait = pos
    return r


def _knitted_reading(
    w: _Win, units: Sequence[tuple[int, int, int]], facts: tuple[int, int, int, int], knitted_wait: KnittedWait
) -> Reading:
    r = _base_reading(w, KSTRAIGHT, facts)
    arrangement = next(k for s, k, _ in units if s == 4)
    tiles = KNITTED_ARRANGEMENTS[arrangement]
    r.knitted = _bits(tiles)
    pair = next(k for s, k, _ in units if s == 0)
    c_chows = [k for s, k, _ in units if s == 2]
    c_pungs = [k for s, k, _ in units if s == 1]
    r.chows = tuple(c_chows + [m.kind_of for m in w.melds if m.kind is MeldKind.CHI])
    r.pungs = tuple(c_pungs + [m.kind_of for m in w.melds if m.kind is not MeldKind.CHI])
    r.pair = pair
    t = w.win
    if t < 0:
        return r
    in_knitted = t in tiles
    if w.melds:
        held = w.counts[t]
        if knitted_wait is KnittedWait.PYMAHJONGGB:
            r.wait = SINGLE if held > 1 else 0
        else:
            r.wait = 0 if in_knitted else SINGLE
        return r
    if in_knitted and (knitted_wait is KnittedWait.OUTSIDE_ONLY or w.counts[t] == 1):
        return r
    rest = [pair, pair] + [k + i for k in c_chows for i in range(3)] + [k for k in c_pungs for _ in range(3)]
    rest.remove(t)
    pos = _wait_position(w, c_chows, pair)
    if pos and len(waits(rest, rules=_STD_RULES)) == 1:
        r.wait = pos
    return r


def _readings(w: _Win, options: GuobiaoOptions) -> list[Reading]:
    facts = _hand_facts(w.counts, w.melds)
    out: list[Reading] = []
    distinct = sum(1 for c in w.counts if c)
    decomps = decompositions(Counts(w.counts), 0, (RULES if distinct >= 9 else _FEW_KINDS_RULES)._kernel)
    if not decomps:
        raise IllegalWinError(
            f"guobiao: not a winning hand: {format_tiles(_tiles(w.counts))!r}"
            f" + {[str(m) for m in w.melds]!r}"
        )
    for form, units in decomps:
        if form == Form.STANDARD:
            out.append(_standard_reading(w, units, facts))
        elif form == Form.KNITTED_STRAIGHT:
            out.append(_knitted_reading(w, units, facts, options.knitted_wait))
        elif form == Form.SEVEN_PAIRS:
            out.append(_base_reading(w, SHIFTED if _seven_shifted(w.counts) else PAIRS, facts))
        elif form == Form.KNITTED:
            r = _base_reading(w, LESSER, facts)
            suited = [k for k in range(27) if w.counts[k]]
            if len(suited) == 9:
                r.knitted = _bits(suited)
            out.append(r)
        else:
            out.append(_base_reading(w, _FORM_KIND[Form(form)], facts))
    return out


def _tiles(counts: Sequence[int]) -> list[int]:
    return [k for k in range(34) for _ in range(counts[k])]


# ---------------------------------------------------------------------------
# Counting
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Table:
    """The fan table compiled for one set of options: for the Python path
    and, as ``kernel``, for the compiled one."""

    fans: tuple[Fan, ...]
    index: Mapping[str, int]
    excludes: tuple[tuple[int, ...], ...]
    reduces: tuple[tuple[tuple[int, int], ...], ...]
    by_scope: Mapping[int, tuple[int, ...]]
    """Fan indices to test for each reading kind."""
    chicken: int
    flowers: int
    tests: tuple[Callable[[Reading], int] | None, ...]
    """Each fan's predicate as a Python function."""
    kernel: _mcr.Table


_MAX_PREPARED = 8
"""Score items made in advance: counts 1..8 of 花牌, 1..4 of the other fans
(a fan counts more than four times rarely if ever; the kernel makes those
items when needed)."""

_TABLES: dict[GuobiaoOptions, _Table] = {}


def _compile(options: GuobiaoOptions) -> _Table:
    table = _TABLES.get(options)
    if table is not None:
        return table
    fans = tuple(f for f in EXTRA_FANS if f.zh in options.extras) + _with_options(FANS, options)
    if options.mixed_kongs is MixedKongs.LITERAL_1998:
        fans = tuple(_literal_kongs(f) for f in fans if f.zh != "明暗杠")
    index = {f.zh: i for i, f in enumerate(fans)}
    excludes = tuple(tuple(index[x] for x in f.excludes if x in index) for f in fans)
    reduces = tuple(tuple((index[x], n) for x, n in f.reduces if x in index) for f in fans)
    by_scope = {
        kind: tuple(i for i, f in enumerate(fans) if f.test is not None and f.scope & kind)
        for kind in (STD, PAIRS, SHIFTED, ORPHANS, LESSER, GREATER, KSTRAIGHT)
    }
    compiled = [compile_predicate(f.test) if f.test is not None else None for f in fans]
    kernel = _mcr.Table(
        [c[1] if c is not None else None for c in compiled],
        [f.value for f in fans],
        [f.scope for f in fans],
        excludes,
        reduces,
        index["无番和"],
        index["花牌"],
        (index["一色三同顺"], index["三同刻"]),
        options.knitted_wait is KnittedWait.OUTSIDE_ONLY,
        [(None, *(f.item(n) for n in range(1, (_MAX_PREPARED if f.zh == "花牌" else 4) + 1))) for f in fans],
        lambda i, n: fans[i].item(n),
        (MeldKind.CHI, MeldKind.PON, MeldKind.KAN, MeldKind.KAKAN, MeldKind.ANKAN),
        ScoreSheet,
        "fan",
        8,
        _FLOWERS_NOTE,
        bound_values=tuple(fans[index[n]].value if n in index else 0 for n in _mcr.BOUND_FANS),
    )
    table = _Table(
        fans, index, excludes, reduces, by_scope, index["无番和"], index["花牌"],
        tuple(c[0] if c is not None else None for c in compiled), kernel,
    )
    _TABLES[options] = table
    return table


def _literal_kongs(f: Fan) -> Fan:
    """明杠 and 暗杠 both count when the two kongs differ (the 1998 list)."""
    if f.zh == "明杠":
        return Fan(f.zh, f.en, f.value, "melded_kongs == 1 and kongs in (1, 2)", (), f.scope, f.why)
    if f.zh == "暗杠":
        return Fan(f.zh, f.en, f.value, "concealed_kongs == 1 and kongs in (1, 2)", (), f.scope, f.why)
    return f


def _count(table: _Table, r: Reading) -> dict[int, int]:
    """The fans of one reading (index -> count), exclusions applied."""
    tests = table.tests
    found: dict[int, int] = {}
    for i in table.by_scope[r.kind]:
        n = tests[i](r)  # type: ignore[misc]
        if n:
            found[i] = int(n)
    for i in sorted(found):
        if i in found:
            for j in table.excludes[i]:
                found.pop(j, None)
            for j, n in table.reduces[i]:
                if j in found:
                    left = found[j] - n
                    if left > 0:
                        found[j] = left
                    else:
                        del found[j]
    if not found and r.kind == STD:
        found[table.chicken] = 1
    return found


def _sorted_readings(readings: Sequence[Reading]) -> list[Reading]:
    """The order readings are counted in: the special forms first (as the
    core returns them), then the standard readings by their concealed sets
    in the reference's order."""
    return sorted(readings, key=lambda r: (r.kind == STD, r.order))


def _best(table: _Table, readings: Sequence[Reading]) -> tuple[dict[int, int], int]:
    """就高不就低: the reading with the most fan.

    Between readings of equal value (the total is the same; only the names
    differ) the choice follows the reference calculator, so that the names
    match it too: the special forms are read first, then the standard
    readings in the order of their concealed sets (万 条 饼, then honours);
    a later standard reading of equal value replaces the choice when it
    counts 一色三同顺 or 三同刻, or when the hand also reads as 七对.
    """
    fans = table.fans
    prefer = tuple(table.index[n] for n in ("一色三同顺", "三同刻"))
    pairs = any(r.kind == PAIRS for r in readings)
    best: dict[int, int] = {}
    best_total = -1
    for r in _sorted_readings(readings):
        found = _count(table, r)
        total = sum(fans[i].value * n for i, n in found.items())
        if total > best_total or (
            total == best_total and r.kind == STD and (pairs or any(i in found for i in prefer))
        ):
            best, best_total = found, total
    return best, best_total


_FLOWERS_NOTE: Final = "{} fan without flowers"


def _sheet(items: tuple[ScoreItem, ...], total: int, flowers: int) -> ScoreSheet:
    """The score sheet: ``total`` with the flowers, 8 + total to pay."""
    notes = (_FLOWERS_NOTE.format(total - flowers),) if flowers else ()
    return ScoreSheet(items, total, "fan", 8 + total, notes)


# ---------------------------------------------------------------------------
# The rule set
# ---------------------------------------------------------------------------


class Guobiao(Ruleset):
    """国标麻将 (MCR): 144 tiles with 8 flowers, 81 fans, 8 fans to win.

    **Play** (spec §1).  Chow only from 上家; pung and kong from anyone; an
    added kong may be robbed (抢杠和), a concealed one may not.  One discard
    has one winner: the first seat in turn order after the discarder (截和).
    No 漏和 ban (the spec's MCR rules have none).  The dealer passes every
    hand: four rounds of winds, 16 hands.  Flowers are exposed and replaced.

    **Scoring.**  The fan table :data:`FANS`, the best reading, flowers last
    (see the module doc).  A win needs ``min_fan`` (8) fans without flowers
    (:meth:`win_problem`).

    **Payments** (spec §3, :meth:`settle`).  F = the fan total with flowers.
    Self-draw: each other seat pays 8 + F.  Discard (or robbed kong): the
    discarder pays 8 + F, the other two 8 each.  诈和: :func:`false_win_penalty`.

    **Options** (:class:`GuobiaoOptions`): ``min_fan=8``,
    ``mixed_kongs=MixedKongs.REFERENCE`` (明暗杠 5),
    ``knitted_wait=KnittedWait.PYMAHJONGGB``, ``extras=frozenset()`` (seed
    [004]'s 四方大发 天和 地和 人和 混杠 天听), ``false_win_penalty=10``,
    ``exclusions=Exclusions.UNION`` (``"1998-literal"``: the 1998 不计 lists
    only) and ``seven_pairs_concealed_hand=None`` (门前清 with 七对 on a
    discard: as the lists say; ``True``/``False`` force it).  The defaults
    are PyMahjongGB's readings.
    """

    name = "guobiao"
    version = 1
    zh = "国标麻将"
    summary = "Chinese Official (MCR): 144 tiles with flowers, 81 fans, 8 fans to win, 16 hands a match"
    aliases: ClassVar[tuple[str, ...]] = ("mcr", "国标", "国标麻将", "中国麻将", "竞技麻将", "chinese-official", "gb")
    Options = GuobiaoOptions
    options: GuobiaoOptions

    flower_tiles = tuple(range(34, 42))
    multiple_winners = False
    rob_kong = True
    missed_win_ban = False
    hand_rules = RULES

    @property
    def _table(self) -> _Table:
        """The fan table of these options, compiled on first use (not at
        import: a Botzone bot started afresh every turn rarely scores)."""
        table: _Table | None = self.__dict__.get("_fan_table")
        if table is None:
            table = self.__dict__["_fan_table"] = _compile(self.options)
        return table

    def prepare(self) -> None:
        """Compile the fan table now (see :attr:`_table`)."""
        self._table

    @property
    def _kernel(self) -> _mcr.Table:
        return self._table.kernel

    def __getstate__(self) -> dict[str, object]:
        """Pickled and copied without the compiled table (rebuilt from the options)."""
        return {k: v for k, v in self.__dict__.items() if k not in ("_fan_table", "_refuse")}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)

    # --- scoring -----------------------------------------------------------
    def score(self, ctx: WinContext) -> ScoreSheet:
        """Score a win (the best reading; flowers included in ``total``).

        ``points`` is 8 + total, what the discarder (or, on a self-draw, each
        other seat) pays.  The compiled kernel counts; :meth:`score_reference`
        gives the same sheet the readable pure-Python way.
        """
        if ctx.wilds:
            raise InvalidHandError(f"guobiao: MCR has no wild tiles, got {ctx.wilds!r}")
        got: ScoreSheet | None = _mcr.score(
            self._kernel, ctx.concealed, ctx.win_tile, ctx.melds, ctx.self_drawn,
            ctx.kong_replacement or ctx.robbed_kong, ctx.last_tile, ctx.fourth_tile, ctx.seat_wind,
            ctx.round_wind, len(ctx.flowers), ctx.first_turn, ctx.first_go_around, ctx.dealer,
            ctx.ready_on_deal, ctx.instant == "混杠",
        )
        if got is None:  # not a winning hand, or inconsistent: the Python path says why
            return self.score_reference(ctx)
        return got

    def score_reference(self, ctx: WinContext) -> ScoreSheet:
        """:meth:`score` the readable way: the core's decompositions, a
        :class:`Reading` per decomposition and the fan predicates as Python
        functions.  Slower; the same sheet (the tests compare them)."""
        if ctx.wilds:
            raise InvalidHandError(f"guobiao: MCR has no wild tiles, got {ctx.wilds!r}")
        return self._compute(
            _Win(
                counts=counts_of(ctx.concealed),
                win=ctx.win_tile,
                melds=tuple(ctx.melds),
                self_drawn=ctx.self_drawn,
                kong=ctx.kong_replacement or ctx.robbed_kong,
                last_tile=ctx.last_tile,
                fourth_tile=ctx.fourth_tile,
                seat_wind=ctx.seat_wind,
                round_wind=ctx.round_wind,
                flowers=len(ctx.flowers),
                first_turn=ctx.first_turn,
                first_go_around=ctx.first_go_around,
                dealer=ctx.dealer,
                ready_on_deal=bool(getattr(ctx, "ready_on_deal", False)),
                instant=ctx.instant,
            )
        )

    def _compute(self, w: _Win) -> ScoreSheet:
        """The Python path."""
        _check(w)
        table = self._table
        found, total = _best(table, _readings(w, self.options))
        items = [table.fans[i].item(n) for i, n in sorted(found.items())]
        if w.flowers:
            items.append(table.fans[table.flowers].item(w.flowers))
        return _sheet(tuple(items), total + w.flowers, w.flowers)

    def fans_without_flowers(self, sheet: ScoreSheet) -> int:
        """The sheet's total less 花牌."""
        total = sheet.total
        for it in sheet.items:
            if it.zh == "花牌":
                total -= it.total
        return total

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        """起和 8 番: the fans without flowers must reach ``min_fan``."""
        fans = self.fans_without_flowers(sheet)
        if fans < self.options.min_fan:
            return f"起和 {self.options.min_fan} 番: the hand has {fans} fan(s) without flowers"
        return None

    def can_win(self, ctx: WinContext, sheet: ScoreSheet) -> bool:
        """No :meth:`win_problem` (the count alone, without its words)."""
        return self.fans_without_flowers(sheet) >= self.options.min_fan

    def refuses_win(self, ctx: WinContext) -> bool:
        """起和 before the sheet: True exactly when the win scores fewer
        than ``min_fan`` fans without flowers (what :meth:`win_problem`
        refuses), False when it reaches them or cannot be scored (the
        scorer then says why).  The kernel first adds up every fan the
        hand could count without reading it (``_mcr.fans_bound``: suits,
        honours, the sets each suit could make, pungs, melds, flags) and
        refuses when even that falls short; else it counts the best
        reading as :meth:`score` does, without making the sheet."""
        got = self.__dict__.get("_refuse")
        if got is None:
            got = self.__dict__["_refuse"] = (self._kernel, self.options.min_fan)
        return _mcr.below_minimum(got[0], ctx, got[1])

    # --- payments ----------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """Self-draw: each other seat pays 8 + F; discard or robbed kong: the
        discarder pays 8 + F, each other seat 8 (F: fans with flowers)."""
        out: list[Payment] = []
        for ctx, sheet in wins:
            f = sheet.total
            others = [s for s in range(self.num_players) if s != ctx.seat]
            if ctx.self_drawn:
                out.extend(Payment(s, ctx.seat, 8 + f, "自摸: 8 + fan") for s in others)
                continue
            if ctx.discarder is None or ctx.discarder == ctx.seat:
                raise MahjongError(f"guobiao: discard win of seat {ctx.seat!r} without a discarder")
            for s in others:
                if s == ctx.discarder:
                    why = "抢杠和: 8 + fan" if ctx.robbed_kong else "点和: 8 + fan"
                    out.append(Payment(s, ctx.seat, 8 + f, why))
                else:
                    out.append(Payment(s, ctx.seat, 8, "base 8"))
        return Settlement(tuple(out))

    def dealer_stays(self, table: Table) -> bool:
        """The deal passes after every hand (no 连庄 in MCR)."""
        return False

    def seating(self, round_index: int) -> tuple[int, ...]:
        """Seats of the four players in each round of winds (spec §1: "seating
        per the published rules"; PROPOSAL from the published practice,
        "东南走之字，西北转圈圈"): before the South round East and South swap,
        and West and North; before the West round the East and South players
        cross to the seats opposite, West moves to South and North to East;
        before the North round East and South swap again, and West and North.
        Every player sits at every wind once in the four rounds."""
        return _SEATING[round_index % 4]


_SEATING: tuple[tuple[int, ...], ...] = ((0, 1, 2, 3), (1, 0, 3, 2), (3, 2, 0, 1), (2, 3, 1, 0))
"""Seat of players 0..3 in the East, South, West and North rounds (player p
starts at seat p; seat 0 deals first)."""


def false_win_penalty(seat: int, *, num_players: int = 4, points: int = 10) -> Settlement:
    """诈和 (spec §1 proposal): ``seat`` pays ``points`` to each other seat.

    >>> false_win_penalty(2).deltas(4)
    [10, 10, -30, 10]
    """
    if not 0 <= seat < num_players:
        raise MahjongError(f"guobiao: false win by seat {seat!r}, not 0..{num_players - 1}")
    return Settlement(tuple(Payment(seat, s, points, "诈和") for s in range(num_players) if s != seat))


def _check(w: _Win) -> None:
    """Consistency of the flags with the tiles (the reference's corrections
    are errors here, except the forced 和绝张)."""
    size = sum(w.counts) + 3 * len(w.melds)
    if size != 14:
        raise InvalidHandError(
            f"guobiao: a winning hand has 14 tiles (a kong counts 3), got {size}: "
            f"{format_tiles(_tiles(w.counts))!r} + {[str(m) for m in w.melds]!r}"
        )
    if len(w.melds) > 4:
        raise InvalidHandError(f"guobiao: at most four melds, got {len(w.melds)}")
    if not (w.win == -1 and w.self_drawn) and (not 0 <= w.win < 34 or not w.counts[w.win]):
        raise InvalidHandError(f"guobiao: the winning tile {w.win!r} is not among the concealed tiles")
    total = list(w.counts)
    for m in w.melds:
        for t in m.tiles:
            total[t] += 1
    for k in range(34):
        if total[k] > 4:
            raise InvalidHandError(f"guobiao: five copies of {format_tiles([k])!r} (hand and melds)")
    if not (0 <= w.seat_wind < 4 and 0 <= w.round_wind < 4):
        raise InvalidHandError(f"guobiao: winds must be 0..3, got seat {w.seat_wind!r}, round {w.round_wind!r}")
    if not 0 <= w.flowers <= 8:
        raise InvalidHandError(f"guobiao: flowers must be 0..8, got {w.flowers!r}")
    if w.win == -1:
        w.fourth_tile = w.kong = False  # the dealer's dealt hand (天和): no winning tile
        return
    in_melds = total[w.win] - w.counts[w.win]
    if in_melds == 3:
        w.fourth_tile = True  # three copies in one's own melds: the fourth by definition
    elif w.fourth_tile and w.counts[w.win] > 1:
        raise InvalidHandError(
            f"guobiao: fourth_tile (和绝张), but another {format_tiles([w.win])!r} is in the hand"
        )
    if w.kong and w.self_drawn and not any(m.is_kong for m in w.melds):
        raise InvalidHandError("guobiao: kong replacement (杠上开花) without a kong among the melds")
    if w.kong and not w.self_drawn and (w.counts[w.win] > 1 or in_melds):
        raise InvalidHandError(
            f"guobiao: robbing a kong (抢杠和) of {format_tiles([w.win])!r}, but the winner holds that tile"
        )


# ---------------------------------------------------------------------------
# Convenience: score from notation
# ---------------------------------------------------------------------------

_DEFAULT = Guobiao()


def score(
    hand: str,
    melds: Sequence[str | Meld] = (),
    *,
    win_tile: str,
    self_drawn: bool = False,
    seat_wind: str | int = "E",
    round_wind: str | int = "E",
    flowers: int = 0,
    last_tile: bool = False,
    kong: bool = False,
    fourth_tile: bool = False,
    first_turn: bool = False,
    first_go_around: bool = False,
    ready_on_deal: bool = False,
    rules: Guobiao | None = None,
    engine: Literal["compiled", "python"] = "compiled",
) -> ScoreSheet:
    """Score an MCR win written in notation.

    ``hand`` holds the concealed tiles *before* the winning tile; ``melds``
    the declared sets (``"chi 123m"``, ``"pon 111m"``, ``"kan 9999p"``,
    ``"ankan 1111z"`` ...); ``win_tile`` the winning tile.  ``kong`` means
    杠上开花 when ``self_drawn`` and 抢杠和 otherwise; ``last_tile``
    妙手回春 / 海底捞月; ``fourth_tile`` 和绝张.  ``flowers`` counts the
    flowers (1 fan each, in ``total``).  ``rules`` carries options (default
    ``Guobiao()``).  ``first_turn``, ``first_go_around`` and ``ready_on_deal``
    only matter for the ``extras`` 天和 / 地和, 人和 and 天听.  ``engine``:
    ``"compiled"`` (the kernel) or ``"python"`` (the readable reference
    path); both give the same sheet.

    >>> s = score("234m55678p11s", ["pon 111m"], win_tile="1s")
    >>> s.total, [(it.zh, it.value, it.count) for it in s.items]
    (5, [('双同刻', 2, 1), ('幺九刻', 1, 2), ('无字', 1, 1)])
    >>> score("234m55678p11s", ["pon 111m"], win_tile="1s", engine="python") == s
    True

    :raises InvalidNotationError: for unreadable tiles or melds.
    :raises InvalidHandError: for a hand of the wrong size, a fifth copy,
        inconsistent flags, or tiles that do not win.
    """
    rs = rules if rules is not None else _DEFAULT
    if not isinstance(flowers, int) or isinstance(flowers, bool) or not 0 <= flowers <= len(rs.flower_tiles):
        raise InvalidHandError(f"guobiao: flowers must be an int 0..8, got {flowers!r}")
    if engine not in ("compiled", "python"):
        raise MahjongError(f"guobiao: engine {engine!r} is not 'compiled' or 'python'")
    seat = parse_wind(seat_wind, "seat_wind")
    ctx = build_context(
        rs, hand, win_tile=win_tile, melds=melds, winner=seat, dealer=0,
        discarder=None if self_drawn else (seat + 3) % 4, flowers=rs.flower_tiles[:flowers],
        context={
            "seat_wind": seat, "round_wind": parse_wind(round_wind, "round_wind"), "last_tile": last_tile,
            "fourth_tile": fourth_tile, "kong_replacement": kong and self_drawn, "robbed_kong": kong and not self_drawn,
            "first_turn": first_turn, "first_go_around": first_go_around, "ready_on_deal": ready_on_deal,
        },
    )
    return rs.score(ctx) if engine == "compiled" else rs.score_reference(ctx)
