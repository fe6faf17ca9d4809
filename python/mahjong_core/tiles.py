"""Tile ids, tile notation and melds.

A tile is a plain ``int``:

====================  ==========  ===========================================
ids                   compact     tiles
====================  ==========  ===========================================
0..8                  ``1m..9m``  characters (万)
9..17                 ``1p..9p``  dots (筒, 饼)
18..26                ``1s..9s``  bamboo (条, 索)
27..33                ``1z..7z``  East South West North, White Green Red
34..41                ``1f..8f``  flowers 春 夏 秋 冬 梅 兰 竹 菊
====================  ==========  ===========================================

The first 34 ids are the *kinds* the analysis works on; flowers never take
part in a hand's shape.

>>> parse_tiles("123m 55z")
[0, 1, 2, 31, 31]
>>> format_tiles([31, 0, 2, 1, 31])
'123m55z'
>>> str(Meld.parse("pon 555p"))
'pon 555p'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from operator import index as _index
from typing import ClassVar

from .errors import InvalidHandError, InvalidNotationError

__all__ = [
    "FLOWERS",
    "KIND_NAMES",
    "NUM_KINDS",
    "NUM_TILES",
    "Meld",
    "MeldKind",
    "counts_of",
    "format_tiles",
    "parse_melds",
    "parse_tile",
    "parse_wind",
    "parse_tiles",
    "tile_name",
]

NUM_KINDS = 34
"""Number of tile kinds that make up hands (suits and honours, no flowers)."""

NUM_TILES = 42
"""Number of tile ids, flowers included (ids ``0..41``)."""

FLOWERS = range(34, 42)
"""Ids of the eight flowers ``1f..8f`` (春 夏 秋 冬 梅 兰 竹 菊)."""

_SUITS = "mpszf"
_SUIT_SIZES = (9, 9, 9, 7, 8)

KIND_NAMES: tuple[str, ...] = tuple(
    f"{digit}{suit}"
    for suit, size in zip(_SUITS, _SUIT_SIZES)
    for digit in range(1, size + 1)
)
"""Compact name of every tile id: ``KIND_NAMES[0] == '1m'``, ``KIND_NAMES[41] == '8f'``."""

# Per id: suit letter and digit, for formatting.
_SUIT_OF: tuple[str, ...] = tuple(name[1] for name in KIND_NAMES)
_DIGIT_OF: tuple[str, ...] = tuple(name[0] for name in KIND_NAMES)

# ---------------------------------------------------------------------------
# Names and glyphs
# ---------------------------------------------------------------------------

_CN_DIGITS = "一二三四五六七八九"
_EN_HONOURS = ("East", "South", "West", "North", "White", "Green", "Red")
_EN_FLOWERS = ("Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Bamboo", "Chrysanthemum")
_ZH_HONOURS = "东南西北白发中"
_ZH_FLOWERS = "春夏秋冬梅兰竹菊"

_EN_NAMES: tuple[str, ...] = KIND_NAMES[:27] + _EN_HONOURS + _EN_FLOWERS
_ZH_NAMES: tuple[str, ...] = (
    tuple(f"{d}万" for d in _CN_DIGITS)
    + tuple(f"{d}筒" for d in _CN_DIGITS)
    + tuple(f"{d}条" for d in _CN_DIGITS)
    + tuple(_ZH_HONOURS)
    + tuple(_ZH_FLOWERS)
)

# Unicode Mahjong Tiles block (U+1F000..U+1F02B).  The block orders suits
# m s p and honours E S W N Red Green White; flowers come plum, orchid,
# bamboo, chrysanthemum, then the seasons.
_GLYPHS: tuple[str, ...] = (
    tuple(chr(0x1F007 + d) for d in range(9))  # 1m..9m
    + tuple(chr(0x1F019 + d) for d in range(9))  # 1p..9p
    + tuple(chr(0x1F010 + d) for d in range(9))  # 1s..9s
    + tuple(chr(c) for c in (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004))
    + tuple(chr(c) for c in (0x1F026, 0x1F027, 0x1F028, 0x1F029, 0x1F022, 0x1F023, 0x1F024, 0x1F025))
)

# ---------------------------------------------------------------------------
# Parser tables
# ---------------------------------------------------------------------------

# Characters that end a digit run: suit -> (first id, largest digit).
_SUIT_CHARS: dict[str, tuple[int, int]] = {}
for _base, (_letter, _size) in zip((0, 9, 18, 27, 34), zip(_SUITS, _SUIT_SIZES)):
    _SUIT_CHARS[_letter] = _SUIT_CHARS[_letter.upper()] = (_base, _size)
for _chars, _base in (("万萬", 0), ("筒饼餅", 9), ("条條索", 18)):
    for _ch in _chars:
        _SUIT_CHARS[_ch] = (_base, 9)

# Chinese numerals, each followed by one Chinese suit character: 一万, 九索.
_CN_NUMERALS: dict[str, int] = {ch: d for d, ch in enumerate(_CN_DIGITS)}
_CN_SUIT_BASE: dict[str, int] = {
    ch: base for ch, (base, _) in _SUIT_CHARS.items() if not ch.isascii()
}

# Single characters that are a whole tile, and what may follow them.
_SINGLE: dict[str, int] = {}
for _i, _ch in enumerate("东南西北白发中"):
    _SINGLE[_ch] = 27 + _i
for _ch, _tile in (("東", 27), ("發", 32)):
    _SINGLE[_ch] = _tile
for _i, _ch in enumerate(_ZH_FLOWERS):
    _SINGLE[_ch] = 34 + _i
_SINGLE["蘭"] = 39
for _i, _glyph in enumerate(_GLYPHS):
    _SINGLE[_glyph] = _i

_OPTIONAL_NEXT: dict[str, str] = {
    "东": "风風", "東": "风風", "南": "风風", "西": "风風", "北": "风風",
    "白": "板", "发": "财財", "發": "财財",
    _GLYPHS[33]: "\ufe0f",  # emoji presentation selector after the red dragon
}
# Characters that only start a name: 红中.
_REQUIRED_NEXT: dict[str, tuple[str, int]] = {"红": ("中", 33), "紅": ("中", 33)}

del _base, _letter, _size, _chars, _ch, _i, _tile, _glyph


def _notation_error(text: str, position: int | None, detail: str, what: str) -> InvalidNotationError:
    return InvalidNotationError(f"invalid {what} {text!r}: {detail}", text, position)


def _parse_span(text: str, lo: int, hi: int, what: str = "tile notation") -> list[int]:
    """Parse ``text[lo:hi]``; errors quote all of ``text`` with absolute positions."""
    tiles: list[int] = []
    append = tiles.append
    run = -1  # start of the pending digit run, or -1
    i = lo
    while i < hi:
        c = text[i]
        if "1" <= c <= "9":
            if run < 0:
                run = i
            i += 1
            continue
        suit = _SUIT_CHARS.get(c)
        if suit is not None:
            if run < 0:
                raise _notation_error(text, i, f"suit {c!r} at position {i} has no digits before it", what)
            base, size = suit
            for j in range(run, i):
                digit = ord(text[j]) - 49  # '1' -> 0
                if digit >= size:
                    raise _notation_error(
                        text, j, f"{text[j]!r} at position {j} is not a tile of suit {c!r} (1-{size})", what
                    )
                append(base + digit)
            run = -1
            i += 1
            continue
        if c == "0":
            raise _notation_error(
                text, i, f"'0' at position {i} is not a tile digit (red fives are not used)", what
            )
        if run >= 0:
            detail = f"unexpected {c!r} at position {i}"
            if c.isspace() or c in _SINGLE or c in _CN_NUMERALS or c in _REQUIRED_NEXT:
                detail += f" (digits {text[run:i]!r} need a suit letter)"
            raise _notation_error(text, i, detail, what)
        if c.isspace():
            i += 1
            continue
        tile = _SINGLE.get(c)
        if tile is not None:
            append(tile)
            i += 1
            if i < hi and text[i] in _OPTIONAL_NEXT.get(c, ""):
                i += 1
            continue
        number = _CN_NUMERALS.get(c)
        if number is not None:
            nxt = text[i + 1] if i + 1 < hi else ""
            base_id = _CN_SUIT_BASE.get(nxt)
            if base_id is None:
                if not nxt:
                    raise _notation_error(text, i, f"{c!r} at position {i} has no suit after it", what)
                detail = f"unexpected {nxt!r} at position {i + 1} after {c!r}"
                raise _notation_error(text, i + 1, detail, what)
            append(base_id + number)
            i += 2
            continue
        need = _REQUIRED_NEXT.get(c)
        if need is not None:
            nxt = text[i + 1] if i + 1 < hi else ""
            if nxt != need[0]:
                if not nxt:
                    detail = f"{c!r} at position {i} must be followed by {need[0]!r}"
                    raise _notation_error(text, i, detail, what)
                detail = f"unexpected {nxt!r} at position {i + 1} after {c!r}"
                raise _notation_error(text, i + 1, detail, what)
            append(need[1])
            i += 2
            continue
        raise _notation_error(text, i, f"unexpected {c!r} at position {i}", what)
    if run >= 0:
        raise _notation_error(
            text, run, f"digits {text[run:hi]!r} at position {run} have no suit letter", what
        )
    return tiles


def parse_tiles(text: str) -> list[int]:
    """Parse tile notation into a list of tile ids, in the order written.

    Compact groups (``123m456p789s1234567z``, flowers ``1f..8f``, suit letters
    in either case) may be separated by whitespace and mixed with Chinese
    names: 一万 / 5万 / 一萬, 一筒 / 一饼, 一条 / 一索, 东 (東, 东风), 南, 西, 北,
    白 (白板), 发 (發, 发财), 中 (红中), 春 夏 秋 冬 梅 兰 (蘭) 竹 菊.  Unicode
    tile glyphs (U+1F000 block) are accepted too.

    >>> parse_tiles("19m19p19s1234567z")
    [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    >>> parse_tiles("一万 九筒 东 中 春")
    [0, 17, 27, 33, 34]
    >>> parse_tiles("5万55P")
    [4, 13, 13]
    >>> parse_tiles("12x3m")
    Traceback (most recent call last):
    ...
    mahjong_core.errors.InvalidNotationError: invalid tile notation '12x3m': unexpected 'x' at position 2

    :raises InvalidNotationError: on an unknown character, a digit run with
        no suit, a suit with no digits, or a digit the suit does not have
        (``0``, ``8z``, ``9f``); ``position`` is the offending index.
    """
    return _parse_span(text, 0, len(text))


_WIND_NAMES = {"e": 0, "s": 1, "w": 2, "n": 3, "east": 0, "south": 1, "west": 2, "north": 3}


def parse_wind(value: str | int, what: str = "wind") -> int:
    """A wind as 0..3 (East South West North) from ``E``/``east``, a tile
    (``1z``, 东, 東) or an int 0..3; ``what`` names the argument in errors.

    >>> parse_wind("S"), parse_wind("西"), parse_wind("4z"), parse_wind(0)
    (1, 2, 3, 0)
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < 4:
            return value
        raise InvalidHandError(f"{what} {value!r} is not 0..3 (East South West North)")
    if not isinstance(value, str):
        raise InvalidHandError(f"{what} {value!r} is not a wind")
    w = _WIND_NAMES.get(value.strip().lower())
    if w is not None:
        return w
    kind = parse_tile(value)
    if not 27 <= kind < 31:
        raise InvalidHandError(f"{what} {value!r} is not a wind (E S W N, 东 南 西 北, 1z..4z)")
    return kind - 27


def parse_tile(text: str) -> int:
    """Parse exactly one tile.

    >>> parse_tile("7z"), parse_tile("發"), parse_tile(" 3s ")
    (33, 32, 20)

    :raises InvalidNotationError: if ``text`` is not exactly one tile.
    """
    tiles = _parse_span(text, 0, len(text))
    if len(tiles) != 1:
        raise _notation_error(text, None, f"expected exactly one tile, got {len(tiles)}", "tile notation")
    return tiles[0]


def _tile_ids(tiles: Iterable[int]) -> list[int]:
    """Tile ids as a list of ``int``, each checked to lie in ``0..41``."""
    ids: list[int] = []
    for tile in tiles:
        try:
            value = _index(tile)
        except TypeError:
            raise InvalidHandError(f"not a tile id: {tile!r}") from None
        if not 0 <= value < NUM_TILES:
            raise InvalidHandError(f"invalid tile id {value!r}: ids run from 0 to {NUM_TILES - 1}")
        ids.append(value)
    return ids


def format_tiles(tiles: Iterable[int], *, glyphs: bool = False, sort: bool = True) -> str:
    """Write tiles in compact notation (or as Unicode glyphs).

    With ``sort=True`` suits come in the order m p s z f, digits ascending.
    With ``sort=False`` the order is kept; neighbouring tiles of one suit still
    share their suit letter.

    >>> format_tiles([27, 0, 1])
    '12m1z'
    >>> format_tiles(parse_tiles("1m2m1p1m"), sort=False)
    '12m1p1m'
    >>> format_tiles([33, 0, 34], glyphs=True) == "\\U0001F007\\U0001F004\\U0001F026"
    True

    :raises InvalidHandError: for an id outside ``0..41``.
    """
    ids = _tile_ids(tiles)
    if sort:
        ids.sort()
    if glyphs:
        return "".join([_GLYPHS[t] for t in ids])
    parts: list[str] = []
    suit = ""
    for t in ids:
        s = _SUIT_OF[t]
        if s != suit:
            if suit:
                parts.append(suit)
            suit = s
        parts.append(_DIGIT_OF[t])
    if suit:
        parts.append(suit)
    return "".join(parts)


def tile_name(tile: int, lang: str = "en") -> str:
    """Name of one tile, in English (``"en"``) or Chinese (``"zh"``).

    Suited tiles are named in compact form in English.

    >>> tile_name(0), tile_name(27), tile_name(33), tile_name(34)
    ('1m', 'East', 'Red', 'Spring')
    >>> tile_name(0, "zh"), tile_name(27, "zh"), tile_name(13, "zh"), tile_name(34, "zh")
    ('一万', '东', '五筒', '春')

    :raises InvalidHandError: for an id outside ``0..41``.
    :raises ValueError: for a language other than ``"en"`` or ``"zh"``.
    """
    if lang == "en":
        names = _EN_NAMES
    elif lang == "zh":
        names = _ZH_NAMES
    else:
        raise ValueError(f"unknown language {lang!r}: expected 'en' or 'zh'")
    return names[_tile_ids((tile,))[0]]


def counts_of(tiles: Iterable[int]) -> list[int]:
    """Count tiles per kind: a list of 34 counts, each 0..4.

    >>> counts_of(parse_tiles("112m7z"))[:3], counts_of([33])[33]
    ([2, 1, 0], 1)

    :raises InvalidHandError: for a flower (analysis never counts flowers),
        an id outside ``0..41``, or a fifth copy of a kind.
    """
    counts = [0] * NUM_KINDS
    for tile in tiles:
        try:
            t = _index(tile)
        except TypeError:
            raise InvalidHandError(f"not a tile id: {tile!r}") from None
        if not 0 <= t < NUM_KINDS:
            if NUM_KINDS <= t < NUM_TILES:
                raise InvalidHandError(
                    f"flower {KIND_NAMES[t]!r} cannot be counted: hands hold suit and honour tiles only"
                )
            raise InvalidHandError(f"invalid tile id {t!r}: ids run from 0 to {NUM_TILES - 1}")
        counts[t] += 1
        if counts[t] > 4:
            raise InvalidHandError(f"five copies of {KIND_NAMES[t]!r}: there are only four of each tile")
    return counts


# ---------------------------------------------------------------------------
# Melds
# ---------------------------------------------------------------------------


class MeldKind(enum.Enum):
    """Kind of a called or declared set."""

    CHI = "chi"
    """A chow: three consecutive tiles of one suit."""
    PON = "pon"
    """A pung: three identical tiles."""
    KAN = "kan"
    """An exposed kong, called on a discard (明杠)."""
    ANKAN = "ankan"
    """A concealed kong (暗杠)."""
    KAKAN = "kakan"
    """A kong made by adding the fourth tile to an exposed pung (加杠, 补杠)."""
    SPECIAL = "special"
    """A special kong of mixed kinds laid from one's own hand, which a rule
    set allows (长春 旋风杠 东南西北, 喜杠 中发白, 幺九蛋 1m1p1s): three or more
    tiles, counted as one set (see ``Ruleset.special_melds``)."""


_MELD_WORDS: dict[str, MeldKind] = {
    "chi": MeldKind.CHI, "chow": MeldKind.CHI,
    "pon": MeldKind.PON, "pung": MeldKind.PON,
    "kan": MeldKind.KAN, "kong": MeldKind.KAN,
    "ankan": MeldKind.ANKAN,
    "kakan": MeldKind.KAKAN,
    "special": MeldKind.SPECIAL,
    "特杠": MeldKind.SPECIAL,
    "吃": MeldKind.CHI,
    "碰": MeldKind.PON,
    "杠": MeldKind.KAN, "槓": MeldKind.KAN, "明杠": MeldKind.KAN, "明槓": MeldKind.KAN,
    "暗杠": MeldKind.ANKAN, "暗槓": MeldKind.ANKAN,
    "加杠": MeldKind.KAKAN, "加槓": MeldKind.KAKAN, "补杠": MeldKind.KAKAN, "補槓": MeldKind.KAKAN,
}
_MELD_SEPARATORS = frozenset(",;，；")


@dataclass(frozen=True, slots=True)
class Meld:
    """A called or declared set: a chow, a pung or a kong.

    ``tiles`` is stored sorted, whatever order it is given in.

    >>> m = Meld(MeldKind.CHI, (2, 0, 1))
    >>> m.tiles, str(m), m.kind_of
    ((0, 1, 2), 'chi 123m', 0)
    >>> Meld.parse("[暗杠 2222m]")
    Meld(kind=<MeldKind.ANKAN: 'ankan'>, tiles=(1, 1, 1, 1))
    >>> Meld.parse("chi 124m")
    Traceback (most recent call last):
    ...
    mahjong_core.errors.InvalidHandError: invalid chi '124m': a chi is three consecutive tiles of one suit

    :raises InvalidHandError: if the tiles do not form a meld of that kind.
    """

    kind: MeldKind
    tiles: tuple[int, ...]

    _SIZES: ClassVar[dict[MeldKind, int]] = {
        MeldKind.CHI: 3, MeldKind.PON: 3, MeldKind.KAN: 4, MeldKind.ANKAN: 4, MeldKind.KAKAN: 4,
    }
    SPECIAL_MAX: ClassVar[int] = 8
    """The most tiles a special kong may hold."""

    def __post_init__(self) -> None:
        kind = MeldKind(self.kind)
        ids = _tile_ids(self.tiles)
        ids.sort()
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tuple(ids))
        name = kind.value
        if kind is MeldKind.SPECIAL:
            if not 3 <= len(ids) <= self.SPECIAL_MAX:
                why = f"a special kong has 3 to {self.SPECIAL_MAX} tiles, not {len(ids)}"
            elif ids[-1] >= NUM_KINDS:
                why = "a meld cannot hold flowers"
            else:
                return
            raise InvalidHandError(f"invalid {name} {format_tiles(ids)!r}: {why}")
        size = self._SIZES[kind]
        if len(ids) != size:
            why = f"a {name} has {size} tiles, not {len(ids)}"
        elif ids[-1] >= NUM_KINDS:
            why = "a meld cannot hold flowers"
        elif kind is MeldKind.CHI:
            first = ids[0]
            if first >= 27:
                why = "a chi cannot use honour tiles"
            elif first % 9 > 6 or ids[1] != first + 1 or ids[2] != first + 2:
                why = "a chi is three consecutive tiles of one suit"
            else:
                return
        elif ids[-1] != ids[0]:
            why = f"a {name} is {size} identical tiles"
        else:
            return
        raise InvalidHandError(f"invalid {name} {format_tiles(ids)!r}: {why}")

    @property
    def kind_of(self) -> int:
        """The tile kind of a pung or kong, or the lowest tile of a chow."""
        return self.tiles[0]

    @property
    def is_concealed(self) -> bool:
        """True for a concealed kong (``ankan``) only."""
        return self.kind is MeldKind.ANKAN

    @property
    def is_kong(self) -> bool:
        """True for every kind of kong (``kan``, ``ankan``, ``kakan``)."""
        return self.kind in (MeldKind.KAN, MeldKind.ANKAN, MeldKind.KAKAN)

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Parse ``"<kind> <tiles>"``, optionally in brackets.

        Kinds: ``chi pon kan ankan kakan`` (any case; also ``chow pung
        kong``) or 吃 碰 杠 明杠 暗杠 加杠 补杠.  Tiles use :func:`parse_tiles`
        notation, in any order.

        >>> Meld.parse("chi 312m"), Meld.parse("[碰 5p5p5p]").kind
        (Meld(kind=<MeldKind.CHI: 'chi'>, tiles=(0, 1, 2)), <MeldKind.PON: 'pon'>)

        :raises InvalidNotationError: if the text cannot be read.
        :raises InvalidHandError: if the tiles do not form that kind of meld.
        """
        return _parse_meld(text, 0, len(text))

    from_str = parse

    def to_str(self) -> str:
        """Compact form, ``"chi 123m"``; :meth:`parse` reads it back.

        >>> Meld(MeldKind.KAKAN, (13, 13, 13, 13)).to_str()
        'kakan 5555p'
        """
        return f"{self.kind.value} {format_tiles(self.tiles)}"

    def __str__(self) -> str:
        return self.to_str()


def _parse_meld(text: str, lo: int, hi: int) -> Meld:
    what = "meld notation"
    while lo < hi and text[lo].isspace():
        lo += 1
    while hi > lo and text[hi - 1].isspace():
        hi -= 1
    if lo == hi:
        raise _notation_error(text, None, "empty meld", what)
    if text[lo] == "[":
        if text[hi - 1] != "]":
            raise _notation_error(text, lo, f"'[' at position {lo} is not closed", what)
        lo += 1
        hi -= 1
        while lo < hi and text[lo].isspace():
            lo += 1
        if lo == hi:
            raise _notation_error(text, None, "empty meld", what)
    start = lo
    kind: MeldKind | None = None
    if lo < hi and text[lo].isascii() and text[lo].isalpha():
        while lo < hi and text[lo].isascii() and text[lo].isalpha():
            lo += 1
        kind = _MELD_WORDS.get(text[start:lo].lower())
        if kind is None:
            raise _notation_error(
                text, start,
                f"unknown meld kind {text[start:lo]!r} at position {start}"
                " (expected chi, pon, kan, ankan, kakan or special)",
                what,
            )
    else:
        for width in (2, 1):
            kind = _MELD_WORDS.get(text[lo:min(lo + width, hi)])
            if kind is not None:
                lo += width
                break
        else:
            found = text[start] if start < hi else "]"
            raise _notation_error(
                text, start,
                f"unexpected {found!r} at position {start}: a meld starts with chi, pon, kan, ankan or kakan",
                what,
            )
    tiles = _parse_span(text, lo, hi, what)
    if not tiles:
        raise _notation_error(text, None, f"meld {text[start:lo]!r} has no tiles", what)
    return Meld(kind, tuple(tiles))


def parse_melds(text: str) -> list[Meld]:
    """Parse melds separated by ``,`` or ``;`` (also ``，`` ``；``).

    Blank items are skipped, so an empty string gives ``[]``.

    >>> [str(m) for m in parse_melds("chi 123m, [pon 555p]; 暗杠 7777z")]
    ['chi 123m', 'pon 555p', 'ankan 7777z']
    """
    melds: list[Meld] = []
    lo = 0
    n = len(text)
    for i in range(n + 1):
        if i == n or text[i] in _MELD_SEPARATORS:
            if text[lo:i].strip():
                melds.append(_parse_meld(text, lo, i))
            lo = i + 1
    return melds
