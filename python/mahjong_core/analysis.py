"""Hand analysis: the one façade over the compiled kernels.

Every function takes ``tiles`` as compact notation (``"123m456p11z"``), a
sequence of tile kinds (``0..33``) or a :class:`Counts` (the fast path: build
it once with :func:`counts` and reuse it), plus ``wilds`` (wild tiles held
besides ``tiles``) and ``rules`` (a :class:`HandRules`).  Exact definitions:
``docs/analysis.md``.

>>> is_win("123m456p789s11122z")
True
>>> waits("123m456p789s1112z")
(28,)
>>> shanten("1111m234p567p789s")
1
>>> is_win("19m19p19s123456z", wilds=2)
True
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Union

from . import _native
from ._native import Counts, KernelRules
from .errors import InvalidArgumentTypeError, InvalidHandError
from .tiles import counts_of, parse_tiles

__all__ = [
    "Counts",
    "Decomposition",
    "DiscardOption",
    "Form",
    "HandRules",
    "Shape",
    "Tiles",
    "counts",
    "decompositions",
    "discard_options",
    "is_win",
    "shanten",
    "shanten_by_form",
    "waits",
    "wild_completes",
]

Tiles = Union[str, Sequence[int], Counts]
"""What the analysis functions accept as a hand."""


class Form(enum.IntEnum):
    """Winning forms (the codes of ``docs/analysis.md``)."""

    STANDARD = 0
    """n sets and a pair."""
    SEVEN_PAIRS = 1
    """七对."""
    THIRTEEN_ORPHANS = 2
    """十三幺."""
    KNITTED = 3
    """全不靠 (十三不靠)."""
    GREATER_KNITTED = 4
    """七星不靠."""
    KNITTED_STRAIGHT = 5
    """组合龙 with one more set and a pair."""
    SHISANLAN = 6
    """十三烂 (南昌)."""


class Shape(enum.IntEnum):
    """Shapes of the units of a decomposition."""

    PAIR = 0
    PUNG = 1
    CHOW = 2
    HONOR_CHOW = 3
    KNITTED = 4
    SINGLE = 5
    WILD_PAIR = 6
    WILD_SET = 7
    SPECIAL = 8
    """A declared special kong of mixed kinds (``MeldKind.SPECIAL``); never
    in a kernel decomposition."""


Unit = tuple[Shape, int, int]
"""``(shape, kind, wilds)``; see the table in ``docs/analysis.md``."""


class Decomposition(NamedTuple):
    """One reading of a complete hand: its form and its units, sorted."""

    form: Form
    units: tuple[Unit, ...]


_ALL_KINDS = frozenset(range(34))
_PAIR_258 = frozenset(s * 9 + i for s in range(3) for i in (1, 4, 7))
_DEFAULT_FORMS = frozenset({Form.STANDARD, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS})


def _mask(kinds: Iterable[int], what: str) -> int:
    m = 0
    for k in kinds:
        if not 0 <= k < 34:
            raise InvalidHandError(f"HandRules.{what}: kind {k!r} is not in 0..33")
        m |= 1 << k
    return m


@dataclass(frozen=True)
class HandRules:
    """Which hands count as complete (frozen; tweak with ``dataclasses.replace``).

    >>> HandRules().forms == {Form.STANDARD, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS}
    True
    >>> is_win("22m345p678s123z567z", rules=HandRules(honor_chows=True))
    True
    """

    forms: Collection[Form] = _DEFAULT_FORMS
    """Allowed winning forms."""
    seven_pairs_distinct: bool = False
    """Seven pairs must be seven different kinds (else four of a kind is two pairs)."""
    honor_chows: bool = False
    """Three different winds, or 中发白, also make a set."""
    pair_kinds: Collection[int] = _ALL_KINDS
    """Kinds allowed as the pair of the standard form (and of 组合龙)."""
    wild_kinds: Collection[int] = _ALL_KINDS
    """Kinds a wild tile may stand for."""
    _kernel: KernelRules = field(init=False, repr=False, compare=False)

    PAIR_258 = _PAIR_258
    """The 2, 5 and 8 of each suit, for rule sets that require a 2-5-8 pair."""

    def __post_init__(self) -> None:
        forms = frozenset(Form(f) for f in self.forms)
        object.__setattr__(self, "forms", forms)
        object.__setattr__(self, "pair_kinds", frozenset(self.pair_kinds))
        object.__setattr__(self, "wild_kinds", frozenset(self.wild_kinds))
        fmask = 0
        for f in forms:
            fmask |= 1 << int(f)
        kernel = KernelRules(
            fmask,
            _mask(self.wild_kinds, "wild_kinds"),
            _mask(self.pair_kinds, "pair_kinds"),
            bool(self.honor_chows),
            bool(self.seven_pairs_distinct),
        )
        object.__setattr__(self, "_kernel", kernel)

    @property
    def fast(self) -> bool:
        """True when every answer comes from the tables.  Wild or pair kinds
        that cover only part of a suit use an exact but slower path."""
        return bool(self._kernel.fast)


def counts(tiles: Tiles) -> Counts:
    """The 34-entry count buffer of a hand (validated: 0..4 copies, no flowers).

    >>> counts("112m").tolist()[:3]
    [2, 1, 0]
    """
    if type(tiles) is Counts:
        return tiles
    if isinstance(tiles, str):
        ids = parse_tiles(tiles)
    elif isinstance(tiles, (bytes, bytearray)) or not isinstance(tiles, Iterable):
        raise InvalidArgumentTypeError(
            f"tiles must be notation (a str such as '123m'), tile ids or Counts, "
            f"got {type(tiles).__name__} {_short_repr(tiles)}"
        )
    else:
        ids = list(tiles)
    return Counts(counts_of(ids))


def _short_repr(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


_native._set_converter(counts)
_native._set_value_types(tuple(Form), tuple(Shape), Decomposition)


# The analysis functions are the compiled ones themselves (no Python frame in
# between: a call costs what the kernel costs).  Their signatures are
# ``f(tiles, wilds=0, rules=None)``; see ``_native.pyi``.
is_win = _native.is_win
waits = _native.waits
shanten = _native.shanten
shanten_by_form = _native.shanten_by_form
decompositions = _native.decompositions


def wild_completes(tiles: Tiles, *, wilds: int = 0, rules: HandRules | None = None) -> bool:
    """True when drawing one more wild would complete this 3n+1 hand."""
    return bool(_native.is_win(tiles, wilds + 1, rules))


class DiscardOption(NamedTuple):
    """What discarding one kind leaves."""

    discard: int
    """The kind discarded."""
    shanten: int
    """Shanten of the hand after the discard."""
    improving: tuple[int, ...]
    """Kinds whose draw would lower that shanten."""
    unseen: int
    """Copies of the improving kinds not in the hand nor in ``visible``,
    nor the tile just discarded (seen by everyone)."""


def discard_options(
    tiles: Tiles,
    *,
    wilds: int = 0,
    rules: HandRules | None = None,
    visible: Iterable[int] | Counts | None = None,
) -> tuple[DiscardOption, ...]:
    """For a 3n+2 hand: each distinct discard, best first (lowest shanten, then
    most unseen improving tiles, then kind).

    ``visible`` holds tiles seen elsewhere (discards, melds): kinds or counts.

    >>> best = discard_options("123m456p789s11z234z")[0]
    >>> best.shanten, best.discard in (28, 29, 30)
    (1, True)
    """
    c = counts(tiles)
    seen: Sequence[int] = _NOTHING_SEEN
    if visible is not None:
        if isinstance(visible, Counts):
            seen = visible.tolist()
        else:
            counted = [0] * 34
            for k in visible:
                if not 0 <= k < 34:
                    raise InvalidHandError(f"visible: kind {k!r} is not in 0..33")
                counted[k] += 1
            seen = counted
    # (the kernel counts the tile just discarded as seen: when its own kind
    # would improve the hand, that copy is not among the unseen ones)
    # (the kernel checks the tile count and makes each row a DiscardOption
    # itself: a Python call per row would be a quarter of a fast call's time)
    return _native.discard_table(c, wilds, rules, seen, DiscardOption)


_NOTHING_SEEN = (0,) * 34
