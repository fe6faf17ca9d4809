"""洛书麻将 (Luoshu, the ancient game): sets are three tiles of one suit
summing to 15, the pair (将头) only of the flower tiles, the winds and 红中,
and three or four 将头 tiles also a set; the stake named at 叫听 is won or
lost.

Source: seed 001 (古代麻将玩法, 洛书麻将) as quoted in ``variants-more.md``
§11.15: "洛书打法是古代麻将的原始打法，将三张花色一样的序号牌相加，只要得到的数值为
15 就可以算作一副。而将头牌只能由花牌财神、聚宝盆、猫与老鼠和四风红中来做，序数牌不能
做将牌。假设凑齐三张或四张将头牌也可以算作一副。叫听时押上多少筹码，就赢多少筹码，相应
的也就会输多少筹码。"  Score a hand written on paper (seats 0..3 = E S W N
when seat 0 deals; ``5z`` is a flower tile, see below):

>>> ls = Luoshu()
>>> r = ls.score_hand("159m267p348s555m1z", win_tile="2z", winner=1, discarder=2, context={"declared_ready": True})
>>> r.sheet.names(), r.settlement.deltas(4)
(['和'], [0, 1, -1, 0])
>>> ls.score_hand("159m267p348s555m5p", win_tile="5p", winner=1, discarder=2, context={"declared_ready": True})
Traceback (most recent call last):
...
mahjong_core.errors.IllegalWinError: luoshu-v1: not a 洛书 hand: sets are three tiles of one suit summing to 15 (将三张花色一样的序号牌相加…为15) or three 将头 tiles, and the pair two 将头 tiles (序数牌不能做将牌)

What the rule set decides (each seed sentence, then each gap):

* "将三张花色一样的序号牌相加，只要得到的数值为 15 就可以算作一副": a set is
  three tiles of one suit whose numbers sum to 15 (159, 168, 177, 249, 258,
  267, 339, 348, 357, 366, 447, 456, 555 — repeats allowed), in any
  order; chows and pungs are no sets (but 555 is one).
* "将头牌只能由花牌财神、聚宝盆、猫与老鼠和四风红中来做，序数牌不能做将牌": the
  将头 tiles are the four flower tiles 财神 聚宝盆 猫 老鼠 and 东南西北 and
  红中; the pair is two 将头 tiles, never number tiles.
* "假设凑齐三张或四张将头牌也可以算作一副": three 将头 tiles in hand are a
  set; four are a set declared as a concealed kong (the engine's
  ``kong_kinds``: of one kind, with a replacement draw); no other kind is
  ever konged (four of a number are no set).  PROPOSAL (the seed's
  "凑齐" gathers 将头 tiles, not one tile): 将头 tiles mix — any two are the
  pair, any three a set (option ``jiang_mixed=False``: one kind each).
* "叫听时押上多少筹码，就赢多少筹码，相应的也就会输多少筹码": a win needs a
  declared ready hand (叫听, the engine's ``ready_rule`` REQUIRED: the
  hand is then locked); the stake is ``stake`` chips (PROPOSAL: the engine
  has no bets, every declaration stakes the same).  The winner wins its
  stake from the discarder (the robbed seat), on a self-draw from each
  other seat (PROPOSAL, option ``self_draw_all_pay``); every other seat
  that had declared loses its stake to the winner ("相应的也就会输").
* Tiles and hand (PROPOSAL, "the tile set and hand size" are gaps): 万筒条
  1..9 ×4, 东南西北 ×4, 红中 ×4 and the four flower tiles 财神 聚宝盆 猫 老鼠
  (132 tiles, no 白板 or 发财).  The four flower tiles are interchangeable
  in every rule, so they are written as ``5z`` (the kind of 白板, which the
  set does not hold otherwise) ×4; they are hand tiles, not flowers.  13
  tiles, the dealer 14; a win is four sets and a pair (14 tiles, a kong
  counting three).  No chow and no pung (no call makes a 洛书 set);
  a discard may be won on; one winner per discard, the nearest (截胡).
  The dealer stays when it wins or the hand is drawn.

The decomposition is Python over the core's 34 counts (the kernel's shapes
cannot say "sums to 15"): :func:`is_luoshu_win`, :func:`luoshu_shanten`
(for the bots, through ``aim_discard_costs``: the core reads the suits by
their 15-sum sets as a table, :class:`mahjong_core._native.SuitSets`), the engine's
``shape_free_win`` / ``shape_free_waits`` / ``shape_free_ready``
(:func:`luoshu_ready_discard`: no discard is asked for a ready
declaration when none leaves waits).

Context keys (``Ruleset.context_keys``): ``ready_seats`` (the other seats
that had declared ready, who lose their stake).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import _native
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.rules import Payment, ReadyRule, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import MeldKind

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "JIANG", "Luoshu", "LuoshuOptions", "TRIPLES", "is_luoshu_win", "luoshu_discard_costs", "luoshu_discard_shanten", "luoshu_ready_discard",
    "luoshu_shanten", "luoshu_waits",
]

TRIPLES: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, 15 - a - b) for a in range(1, 10) for b in range(a, 10) if b <= 15 - a - b <= 9
)
"""The numbers (1..9, ascending) of the sets of one suit summing to 15."""
JIANG = frozenset({27, 28, 29, 30, 31, 33})
"""将头 kinds: 东南西北, the flower tiles (written 5z) and 红中."""
FLOWER_KIND = 31
"""The kind the four flower tiles 财神 聚宝盆 猫 老鼠 are written as (5z)."""
KINDS = frozenset(range(27)) | JIANG
"""Every kind of the 洛书 tile set."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LuoshuOptions:
    """House rules of 洛书麻将 (see :class:`Luoshu`)."""

    stake: int = 1
    """Chips staked at 叫听 (every declaration the same)."""
    jiang_mixed: bool = True
    """Any two 将头 tiles are the pair and any three a set (PROPOSAL); False:
    one kind each."""
    self_draw_all_pay: bool = True
    """A self-drawn win is paid the stake by each other seat; False: by
    nobody but the seats that had declared (their stakes)."""

    def __post_init__(self) -> None:
        if isinstance(self.stake, bool) or not isinstance(self.stake, int) or self.stake < 1:
            raise MahjongError(f"luoshu: option stake must be an int >= 1, got {self.stake!r}")
        for name in ("jiang_mixed", "self_draw_all_pay"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"luoshu: option {name} must be True or False, got {getattr(self, name)!r}")


# ---------------------------------------------------------------------------
# The decomposition over the core's counts
# ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _suit_sets(suit: tuple[int, ...]) -> int:
    """The number of 15-sum sets the nine counts of a suit split into
    exactly, or -1 when they do not."""
    i = next((k for k in range(9) if suit[k]), -1)
    if i < 0:
        return 0
    n = i + 1
    c = list(suit)
    for a, b, d in TRIPLES:
        if a != n:
            continue
        c[a - 1] -= 1
        c[b - 1] -= 1
        c[d - 1] -= 1
        if min(c) >= 0:
            rest = _suit_sets(tuple(c))
            if rest >= 0:
                return rest + 1
        c[a - 1] += 1
        c[b - 1] += 1
        c[d - 1] += 1
    return -1


def _jiang_ok(counts: Sequence[int], mixed: bool) -> bool:
    """The 将头 tiles make the pair and sets of three."""
    if mixed:
        j = sum(counts[k] for k in JIANG)
        return j >= 2 and j % 3 == 2
    pairs = 0
    for k in JIANG:
        c = counts[k]
        if c == 2:
            pairs += 1
        elif c not in (0, 3):
            return False
    return pairs == 1


def is_luoshu_win(counts: Sequence[int], mixed: bool = True) -> bool:
    """Whether 34 ``counts`` (the concealed tiles; declared kongs aside)
    are 洛书 sets and one 将头 pair.

    >>> from mahjong_core.tiles import counts_of, parse_tiles
    >>> is_luoshu_win(counts_of(parse_tiles("159m267p348s555m12z")))
    True
    >>> is_luoshu_win(counts_of(parse_tiles("123m267p348s555m12z")))
    False
    """
    if any(counts[k] for k in range(34) if k not in KINDS):
        return False
    for s in range(3):
        if _suit_sets(tuple(counts[s * 9 : s * 9 + 9])) < 0:
            return False
    return _jiang_ok(counts, mixed)


@functools.lru_cache(maxsize=None)
def _suit_waits(suit: tuple[int, ...]) -> int:
    """The numbers (bit i for i+1) whose tile makes a suit's counts split
    into 15-sum sets."""
    out = 0
    c = list(suit)
    for i in range(9):
        if c[i] < 4:
            c[i] += 1
            if _suit_sets(tuple(c)) >= 0:
                out |= 1 << i
            c[i] -= 1
    return out


def luoshu_waits(counts: Sequence[int], mixed: bool = True) -> int:
    """The kinds (bit mask) that complete a 3n+1 hand ``counts`` (the same
    as :func:`is_luoshu_win` asked of every kind with fewer than four
    copies, a suit at a time: each suit's and the 将头 tiles' answers are
    cached by their counts).

    >>> from mahjong_core.tiles import counts_of, parse_tiles
    >>> w = luoshu_waits(counts_of(parse_tiles("159m267p348s55m12z")))
    >>> [k for k in range(34) if w >> k & 1]
    [4]
    """
    if counts[_FA]:  # (the one kind outside the set)
        return 0
    # (asked after every discard: each group's answer is one number, bit 0
    # whole, the waits above it; the 将头 tiles only asked when they count)
    b = bytes(counts)
    codes = _SUIT_CODES
    c0 = codes.get(b[0:9])
    if c0 is None:
        c0 = _suit_code(b[0:9])
    c1 = codes.get(b[9:18])
    if c1 is None:
        c1 = _suit_code(b[9:18])
    c2 = codes.get(b[18:27])
    if c2 is None:
        c2 = _suit_code(b[18:27])
    whole = (c0 & 1) + (c1 & 1) + (c2 & 1)
    if whole < 2:
        return 0  # (two suits or more neither whole nor completed by one tile)
    jcodes = _JIANG_CODES[mixed]
    j = jcodes.get(b[27:34])
    if j is None:
        j = _jiang_code(b[27:34], mixed)
    if whole == 3:  # the 将头 tiles' waits, and the suits' when they are whole
        return j >> 1 | (c0 >> 1 | c1 >> 1 << 9 | c2 >> 1 << 18 if j & 1 else 0)
    if not j & 1:
        return 0
    return c0 >> 1 if not c0 & 1 else c1 >> 1 << 9 if not c1 & 1 else c2 >> 1 << 18


_SUIT_CODES: dict[bytes, int] = {}
"""A suit's nine counts -> :func:`_suit_info` as one number (bit 0: whole;
the waits above it)."""
_JIANG_CODES: dict[bool, dict[bytes, int]] = {True: {}, False: {}}
"""By ``mixed``: the 将头 tiles' counts (kinds 27..33) -> :func:`_jiang_info`
as one number (bit 0: whole; the waits, a mask over the 34 kinds, above it)."""


def _suit_code(suit: bytes) -> int:
    ok, w = _suit_info(suit)
    got = _SUIT_CODES[suit] = w << 1 | ok
    return got


def _jiang_code(honours: bytes, mixed: bool) -> int:
    ok, w = _jiang_info(honours, mixed)
    got = _JIANG_CODES[mixed][honours] = w << 1 | ok
    return got


def luoshu_ready_discard(counts: Sequence[int], mixed: bool = True) -> bool:
    """Whether some discard from a 3n+2 hand ``counts`` leaves waits
    (:func:`luoshu_waits` nonzero), read from cached answers of each suit
    and of the 将头 tiles, with and without one tile taken out: a discard
    changes one of them only.  (True also whenever the hand holds a kind
    outside the set: then each discard is to be asked.)

    >>> from mahjong_core.tiles import counts_of, parse_tiles
    >>> luoshu_ready_discard(counts_of(parse_tiles("159m267p348s55m12z9s")))
    True
    >>> luoshu_ready_discard(counts_of(parse_tiles("123m267p348s55m12z9s")))
    False
    """
    if counts[_FA]:  # (the one kind outside the set)
        return True
    # (asked at every turn of every seat.  After a discard two suits at
    # least are whole when the hand waits, and a discard changes one group:
    # no suit whole now, no discard leaves waits.  Else each group's summary
    # is looked up as a small number, and the answer by the four numbers;
    # these dicts are the only caches of _suit_summary, _jiang_summary and
    # _ready_any)
    b = bytes(counts)
    g0, g1, g2 = b[0:9], b[9:18], b[18:27]
    codes = _SUIT_CODES
    c0 = codes.get(g0)
    if c0 is None:
        c0 = _suit_code(g0)
    c1 = codes.get(g1)
    if c1 is None:
        c1 = _suit_code(g1)
    c2 = codes.get(g2)
    if c2 is None:
        c2 = _suit_code(g2)
    if not (c0 | c1 | c2) & 1:
        return False
    ids = _SUIT_IDS
    i0 = ids.get(g0)
    if i0 is None:
        i0 = _summary_id(ids, g0, _suit_summary(g0))
    i1 = ids.get(g1)
    if i1 is None:
        i1 = _summary_id(ids, g1, _suit_summary(g1))
    i2 = ids.get(g2)
    if i2 is None:
        i2 = _summary_id(ids, g2, _suit_summary(g2))
    jids = _JIANG_IDS[mixed]
    j = jids.get(b[27:34])
    if j is None:
        j = _summary_id(jids, b[27:34], _jiang_summary(b[27:34], mixed))
    key = i0 | i1 << 8 | i2 << 16 | j << 24  # (at most 4 × 16 summaries: a byte each)
    ready = _READY_ANY_BY_ID.get(key)
    if ready is None:
        s = _SUMMARIES
        ready = _READY_ANY_BY_ID[key] = _ready_any(s[i0], s[i1], s[i2], s[j])
    return ready


def _a_suit_whole(counts: Sequence[int]) -> bool:
    """Some suit of the hand splits into 15-sum sets (or none is held: it
    is whole too).  (A hand holding 发 waits only once 发 goes: its other
    tiles wait, so two suits at least are whole.)  The core's table reads
    the three suits in one call (:meth:`~mahjong_core._native.SuitSets.whole_suits`)."""
    b = counts if type(counts) is bytearray or type(counts) is bytes else bytes(counts)
    return _SUITS.whole_suits(b) != 0


_SUMMARIES: list[tuple[tuple[bool, bool], frozenset[tuple[bool, bool]]]] = []
"""Every group summary met so far, by its number (:func:`_summary_id`)."""
_SUMMARY_NUMBERS: dict[tuple[tuple[bool, bool], frozenset[tuple[bool, bool]]], int] = {}
_SUIT_IDS: dict[bytes, int] = {}
"""A suit's nine counts -> the number of its summary."""
_JIANG_IDS: dict[bool, dict[bytes, int]] = {True: {}, False: {}}
"""By ``mixed``: the 将头 tiles' counts -> the number of their summary."""
_READY_ANY_BY_ID: dict[int, bool] = {}
""":func:`_ready_any` by the four groups' summary numbers (a byte each)."""


def _summary_id(ids: dict[bytes, int], group: bytes, summary: tuple[tuple[bool, bool], frozenset[tuple[bool, bool]]]) -> int:
    """Number ``summary`` (once per distinct summary) and remember it for ``group``."""
    n = _SUMMARY_NUMBERS.get(summary)
    if n is None:
        n = _SUMMARY_NUMBERS[summary] = len(_SUMMARIES)
        _SUMMARIES.append(summary)
    ids[group] = n
    return n


def luoshu_ready_kinds(counts: Sequence[int], mixed: bool = True) -> int:
    """The kinds (bit mask) whose discard from a 3n+2 hand ``counts``
    leaves waits (:func:`luoshu_waits` nonzero), from each suit's and the
    将头 tiles' cached states less one tile of each held kind: a discard
    changes one of them only.

    >>> from mahjong_core.tiles import counts_of, parse_tiles
    >>> m = luoshu_ready_kinds(counts_of(parse_tiles("159m267p348s55m12z9s")))
    >>> [k for k in range(34) if m >> k & 1]  # the 9s only (then waiting on 5m)
    [26]
    """
    held_outside = [k for k in _OUTSIDE if counts[k]]
    if held_outside:  # (no 洛书 tile: only its discard may leave waits)
        if len(held_outside) > 1 or counts[held_outside[0]] > 1:
            return 0
        c = bytearray(counts)
        c[held_outside[0]] -= 1
        return 1 << held_outside[0] if luoshu_waits(c, mixed) else 0
    b = bytes(counts)
    suits = (b[0:9], b[9:18], b[18:27])
    s0, s1, s2 = (_suit_state(suits[0]), _suit_state(suits[1]), _suit_state(suits[2]))
    jiang_ok, jiang_w = _jiang_info(b[27:34], mixed)
    jiang = (jiang_ok, jiang_w != 0)
    out = 0
    for state, numbers in _suit_after(suits[0]):
        if _READY[state, s1, s2, jiang]:
            out |= numbers
    for state, numbers in _suit_after(suits[1]):
        if _READY[s0, state, s2, jiang]:
            out |= numbers << 9
    for state, numbers in _suit_after(suits[2]):
        if _READY[s0, s1, state, jiang]:
            out |= numbers << 18
    for state, kinds in _jiang_after(b[27:34], mixed):
        if _READY[s0, s1, s2, state]:
            out |= kinds
    return out


@functools.lru_cache(maxsize=1 << 16)
def _suit_after(suit: bytes) -> tuple[tuple[tuple[bool, bool], int], ...]:
    """The suit's states less one tile of a held number, each with the
    numbers (bit i for i+1) that leave it."""
    c = bytearray(suit)
    out: dict[tuple[bool, bool], int] = {}
    for i in range(9):
        if c[i]:
            c[i] -= 1
            state = _suit_state(bytes(c))
            out[state] = out.get(state, 0) | 1 << i
            c[i] += 1
    return tuple(out.items())


@functools.lru_cache(maxsize=None)
def _jiang_after(honours: bytes, mixed: bool) -> tuple[tuple[tuple[bool, bool], int], ...]:
    """The 将头 tiles' states less one tile of a held 将头 kind, each with
    the kinds (bit mask over the 34) that leave it."""
    c = bytearray(honours)
    out: dict[tuple[bool, bool], int] = {}
    for k in sorted(JIANG):
        if c[k - 27]:
            c[k - 27] -= 1
            ok, w = _jiang_info(bytes(c), mixed)
            out[ok, w != 0] = out.get((ok, w != 0), 0) | 1 << k
            c[k - 27] += 1
    return tuple(out.items())


_State = tuple[bool, bool]
"""A suit's or the 将头 tiles' (split into sets / pair and sets, has waits)."""
_Summary = tuple[_State, frozenset[_State]]
"""A group's state now and the states it can have less one tile."""
_NOTHING = frozenset({(False, False)})
"""The states of a suit of 3k+1 tiles (neither whole nor waiting)."""


def _ready_any(s0: _Summary, s1: _Summary, s2: _Summary, jiang: _Summary) -> bool:
    """Whether a discard from one group (the others as they are) leaves a
    3n+1 hand with waits."""
    now = [s0[0], s1[0], s2[0]]
    for s, summary in enumerate((s0, s1, s2)):
        for after in summary[1]:
            if _ready(now[:s] + [after] + now[s + 1 :], jiang[0]):
                return True
    return any(_ready(now, j) for j in jiang[1])


def _ready(suits: list[_State], jiang: _State) -> bool:
    """Whether a 3n+1 hand has waits, from each suit's and the 将头 tiles'
    state: the cases of :func:`luoshu_waits`."""
    bad = [w for ok, w in suits if not ok]
    if not bad and jiang[1]:
        return True
    if len(bad) > 1 or not jiang[0]:
        return False
    return bad[0] if bad else any(w for _, w in suits)


_STATES = ((False, False), (False, True), (True, False), (True, True))
_READY: dict[tuple[_State, _State, _State, _State], bool] = {
    (a, b, c, j): bool(_ready([a, b, c], j)) for a in _STATES for b in _STATES for c in _STATES for j in _STATES
}
""":func:`_ready` of every three suits' and the 将头 tiles' states."""


def _suit_state(suit: bytes) -> _State:
    ok, w = _suit_info(suit)
    return ok, w != 0


def _suit_summary(suit: bytes) -> _Summary:
    """A suit's state and the states of its counts less one tile, each held
    number taken out in turn."""
    n = sum(suit)
    if n <= 12 and max(suit) <= 4 and len(suit) == 9:
        # from the tables: whole suits have 3k tiles, waiting ones 3k+2
        now = (suit in _WHOLE_SUITS, suit in _SUIT_WAITS)
        if not n:
            return now, frozenset()
        if n % 3 == 2:
            return now, _NOTHING
        d = bytearray(suit)
        seen = set()
        table = _WHOLE_SUITS if n % 3 == 1 else _SUIT_WAITS
        for i in range(9):
            if d[i]:
                d[i] -= 1
                seen.add(bytes(d) in table)
                d[i] += 1
        return now, frozenset((x, False) if n % 3 == 1 else (False, x) for x in seen)
    c = bytearray(suit)
    out = set()
    for i in range(9):
        if c[i]:
            c[i] -= 1
            out.add(_suit_state(bytes(c)))
            c[i] += 1
    return _suit_state(suit), frozenset(out)


def _jiang_summary(honours: bytes, mixed: bool) -> _Summary:
    """The 将头 tiles' state (counts of kinds 27..33) and their states less
    one tile, each held 将头 kind taken out in turn."""
    c = bytearray(honours)
    out = set()
    for k in JIANG:
        if c[k - 27]:
            c[k - 27] -= 1
            ok, w = _jiang_info(bytes(c), mixed)
            out.add((ok, w != 0))
            c[k - 27] += 1
    ok, w = _jiang_info(honours, mixed)
    return (ok, w != 0), frozenset(out)


_OUTSIDE = tuple(k for k in range(34) if k not in KINDS)
"""The kinds no 洛书 tile is (发财)."""
_WALL = tuple(k for k in sorted(KINDS) for _ in range(4))
"""The wall's tiles in order (:meth:`Luoshu.wall_tiles` copies them for each hand)."""
_FA = 32
assert _OUTSIDE == (_FA,)


@functools.lru_cache(maxsize=1 << 16)
def _suit_info(suit: bytes) -> tuple[bool, int]:
    """A suit's nine counts split into 15-sum sets, and the numbers (bit i
    for i+1) whose tile makes them split (looked up in the tables of up to
    four sets; the search for larger or odd counts)."""
    if len(suit) == 9 and sum(suit) <= 12 and max(suit) <= 4:
        return suit in _WHOLE_SUITS, _SUIT_WAITS.get(suit, 0)
    t = tuple(suit)
    return _suit_sets(t) >= 0, _suit_waits(t)


def _whole_suits() -> tuple[frozenset[bytes], dict[bytes, int]]:
    """Every suit's counts (each at most 4) that are up to four 15-sum sets,
    and the waits of the counts one tile short of one."""
    whole = {bytes(9)}
    layer = {bytes(9)}
    for _ in range(4):
        grown = set()
        for v in layer:
            for t in TRIPLES:
                c = bytearray(v)
                for x in t:
                    c[x - 1] += 1
                if max(c) <= 4:
                    grown.add(bytes(c))
        whole |= grown
        layer = grown
    waits: dict[bytes, int] = {}
    for v in whole:
        c = bytearray(v)
        for i in range(9):
            if c[i]:
                c[i] -= 1
                key = bytes(c)
                waits[key] = waits.get(key, 0) | 1 << i
                c[i] += 1
    return frozenset(whole), waits


_WHOLE_SUITS, _SUIT_WAITS = _whole_suits()


@functools.lru_cache(maxsize=None)
def _jiang_info(honours: bytes, mixed: bool) -> tuple[bool, int]:
    """The counts of 东..中 (kinds 27..33): the 将头 tiles make the pair and
    sets, and the 将头 kinds (bit mask over the 34 kinds) whose tile, one
    more, makes them so."""
    if mixed:  # only the number of 将头 tiles counts (the kinds for the waits)
        j = sum(honours[k - 27] for k in JIANG)
        w = 0
        if j % 3 == 1:  # one more makes 3k+2 (at least 2)
            for k in JIANG:
                if honours[k - 27] < 4:
                    w |= 1 << k
        return j >= 2 and j % 3 == 2, w
    c = [0] * 27 + list(honours)
    out = 0
    for k in JIANG:
        if c[k] < 4:
            c[k] += 1
            if _jiang_ok(c, mixed):
                out |= 1 << k
            c[k] -= 1
    return _jiang_ok(c, mixed), out


def _jiang_options(counts: Sequence[int], mixed: bool) -> set[tuple[int, int, int]]:
    """(sets, partial sets, pair) the 将头 tiles can be read as."""
    groups = [sum(counts[k] for k in JIANG)] if mixed else [counts[k] for k in JIANG]
    acc = {(0, 0, 0)}
    for j in groups:
        opts = {(0, 0, 0)}
        for q in (0, 1):
            if 2 * q > j:
                continue
            for t in range((j - 2 * q) // 3 + 1):
                p = (j - 2 * q - 3 * t) // 2 if mixed or t == 0 else 0
                opts.add((t, p, q))
                opts.add((t, 0, q))
        acc = {(a + x, b + y, min(1, c + z)) for a, b, c in acc for x, y, z in opts}
    return acc


def luoshu_shanten(counts: Sequence[int], sets: int = 4, mixed: bool = True) -> int:
    """Tiles short of a 洛书 win (-1: complete) for a hand needing ``sets``
    sets and a 将头 pair: 2·sets − 2·(sets held) − (partial sets) − (pair),
    partial sets counted up to the sets still missing.  (Each suit and the
    将头 tiles are read once per counts, as block values; the core joins
    them: :class:`mahjong_core._native.SuitSets`.)

    >>> from mahjong_core.tiles import counts_of, parse_tiles
    >>> luoshu_shanten(counts_of(parse_tiles("159m267p348s555m12z")))
    -1
    >>> luoshu_shanten(counts_of(parse_tiles("159m267p348s55m12z")))
    0
    """
    b = bytes(counts)
    return _SUITS.shanten(b, _honours(b, mixed), sets)


def luoshu_discard_shanten(counts: Sequence[int], sets: int = 4, mixed: bool = True) -> list[int | None]:
    """:func:`luoshu_shanten` after discarding each kind (None for a kind
    not held), from :func:`luoshu_discard_costs`'s tables.

    >>> from mahjong_core.tiles import counts_of, parse_tiles
    >>> sh = luoshu_discard_shanten(counts_of(parse_tiles("159m267p348s55m12z9s")))
    >>> sh[26], sh[4], sh[0]
    (0, 1, 1)
    """
    return [None if v == _NOT_HELD else v - 1 for v in _discard_needs(counts, sets, mixed)]


COST_WEIGHT = 28
"""What one 洛书 shanten costs a bot (:func:`luoshu_discard_costs`): more
than the kernel's standard-form shanten the bot adds can differ by (at
most 8), so the 洛书 shanten decides and the standard one breaks ties;
and 28 × 9 fits a byte."""


def luoshu_discard_costs(counts: Sequence[int], sets: int = 4, mixed: bool = True) -> bytes:
    """The bots' costs (``aim_discard_costs``) of a hand, 34 bytes:
    :data:`COST_WEIGHT` · (shanten + 1) after each discard of
    :func:`luoshu_discard_shanten`, 0 for a kind not held.

    The core reads the suits by their 15-sum sets
    (:class:`mahjong_core._native.SuitSets`, each suit's counts worked out
    once) and the 将头 tiles by their row here (:func:`_jiang_row`, cached
    by their counts), and joins the four groups for every discard at once.

    >>> from mahjong_core.tiles import counts_of, parse_tiles
    >>> c = luoshu_discard_costs(counts_of(parse_tiles("159m267p348s55m12z9s")))
    >>> c[26], c[4], c[0], c[1]
    (28, 56, 56, 0)
    """
    return _discard_needs(counts, sets, mixed).translate(_COSTS)


def _discard_needs(counts: Sequence[int], sets: int, mixed: bool) -> bytes:
    """:meth:`mahjong_core._native.SuitSets.discard_needs` of the hand (the
    last hand's answer is kept: the engine's ready test and the bot's
    costs ask of the same hand in a turn)."""
    b = bytes(counts)
    last = _LAST_NEEDS
    if b == last[0] and sets == last[1] and mixed is last[2]:
        needs: bytes = last[3]
        return needs
    needs = _SUITS.discard_needs(b, _honours(b, mixed), sets)
    last[0], last[1], last[2], last[3] = b, sets, mixed, needs
    return needs


_LAST_NEEDS: list[Any] = [None, -1, None, b""]
"""The counts (bytes), sets and ``mixed`` :func:`_discard_needs` was last
asked of, and its answer."""
_NOT_HELD = 255
"""The cores' needs byte for a kind not held."""
_COSTS = bytes(0 if v == _NOT_HELD else min(255, COST_WEIGHT * v) for v in range(256))
"""Tiles needed (shanten + 1) -> cost, a byte each (``bytes.translate``)."""


# Block values (``_native.SuitSets``): ten bytes per group,
# v[q·5 + u] the most points (2 a set, 1 a partial set, 1 the pair) its
# tiles make in at most u blocks (sets and partial sets), holding the
# pair (q 1) or not (q 0), 255 where no reading holds it.

_NO_PAIR = b"\xff" * 5
_ABSENT = b"\xff" * 10
"""The values of a kind not held (no discard of it)."""


def _values(readings: Iterable[tuple[int, int, int]]) -> bytes:
    """The block values of a group's readings (sets, partial sets, pair)."""
    v = [0] * 5
    vq = [-1] * 5
    for t, p, q in readings:
        for u in range(5):
            x = 2 * min(t, u) + min(p, u - min(t, u))
            if x > v[u]:
                v[u] = x
            if q and x + 1 > vq[u]:
                vq[u] = x + 1
    return bytes(v) + (bytes(vq) if vq[0] >= 0 else _NO_PAIR)


_SUITS = _native.SuitSets(TRIPLES)
"""The 15-sum sets of a suit, and each suit's block values under them (the
core's table, each suit's counts worked out once, when first met)."""


def _jiang_row(honours: bytes, mixed: bool) -> bytes:
    """The 将头 tiles' block values as held, then less one tile of each
    kind 27..33 (发, kind 32, never in play, is read as no tile at all)."""
    c = [0] * 27 + list(honours)
    out = [_jiang_values(c, mixed)]
    for k in range(27, 34):
        if c[k]:
            c[k] -= 1
            out.append(_jiang_values(c, mixed))
            c[k] += 1
        else:
            out.append(_ABSENT)
    got = _JIANG_ROWS[mixed][honours] = b"".join(out)
    return got


def _jiang_values(counts: list[int], mixed: bool) -> bytes:
    """:func:`_values` of the 将头 readings: by their number when
    ``mixed``, else by the counts of their kinds (the order does not matter)."""
    key = (sum(counts[k] for k in JIANG),) if mixed else tuple(sorted(counts[k] for k in JIANG))
    got = _JIANG_VALUES.get(key)
    if got is None:
        got = _JIANG_VALUES[key] = _values(_jiang_options(counts, mixed))
    return got


_JIANG_ROWS: dict[bool, dict[bytes, bytes]] = {True: {}, False: {}}
"""By ``mixed``: the counts of kinds 27..33 -> :func:`_jiang_row` (a few
thousand at most)."""
_JIANG_VALUES: dict[tuple[int, ...], bytes] = {}


def _honours(b: bytes, mixed: bool) -> bytes:
    """:func:`_jiang_row` of a hand's counts."""
    hb = b[27:34]
    row = _JIANG_ROWS[mixed].get(hb)
    if row is None:
        row = _jiang_row(hb, mixed)
    return row


# ---------------------------------------------------------------------------
# The rule set
# ---------------------------------------------------------------------------


class Luoshu(Ruleset):
    """洛书麻将: see the module docstring for every decision."""

    name = "luoshu"
    version = 1
    zh = "洛书"
    summary = "洛书 (ancient): sets of one suit summing to 15, a 将头 pair of flowers, winds or 红中; 叫听 stakes"
    aliases = ("洛书麻将", "洛书打法", "古代麻将", "luo-shu")
    Options = LuoshuOptions

    allow_chow = False
    allow_pung = False
    allow_exposed_kong = False
    kong_kinds = JIANG
    multiple_winners = False
    rob_kong = False
    missed_win_ban = True
    ready_rule = ReadyRule.REQUIRED
    ready_allows_kong = False
    # the kernel's shapes never win here (十三幺 needs 发, not in the set):
    # every win is the rule set's own (shape_free_win)
    hand_rules = HandRules(forms=(Form.THIRTEEN_ORPHANS,))

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "ready_seats": "the other seats that had declared ready (叫听) and lose their stake (list of seats)",
    })

    options: LuoshuOptions

    def wall_tiles(self) -> list[int]:
        """万筒条 ×4, 东南西北 ×4, 红中 ×4 and the four flower tiles (as 5z)."""
        return list(_WALL)

    def _sets_needed(self, table: Table, seat: int) -> int:
        return 4 - len(table.melds[seat])

    # --- the decomposition in play -------------------------------------------
    def shape_free_win(self, table: Table, seat: int, counts: Sequence[int]) -> bool:
        return is_luoshu_win(counts, self.options.jiang_mixed)

    def shape_free_waits(self, table: Table, seat: int, counts: Sequence[int]) -> int:
        return luoshu_waits(counts, self.options.jiang_mixed)

    def shape_free_ready(self, table: Table, seat: int, counts: Sequence[int]) -> bool:
        # (no suit whole: no discard leaves waits, see luoshu_ready_discard.
        # A discard that leaves waits leaves shanten 0: none does, no ready
        # discard; the bot's costs then ask of this same hand.  A 3n+2 hand
        # needs n sets)
        if not _a_suit_whole(counts):
            return False
        mixed = self.options.jiang_mixed
        needs = _discard_needs(counts, sum(counts) // 3, mixed)
        if 1 not in needs and 0 not in needs:  # (no discard leaves shanten 0 or less: min(needs) > 1)
            return False
        return luoshu_ready_discard(counts, mixed)

    def shape_free_ready_kinds(self, table: Table, seat: int, counts: Sequence[int]) -> int:
        return luoshu_ready_kinds(counts, self.options.jiang_mixed)

    def aim_rules(self, table: Any, seat: int) -> HandRules:
        """The standard form for the bot's kernel calls (they apply to any
        hand size; the 洛书 shanten comes in through the costs)."""
        return _AIM

    def aim_discard_costs(self, table: Any, seat: int) -> Sequence[int]:
        """The 洛书 shanten after each discard, weighted far above the
        kernel's standard-form shanten the bot also counts."""
        return luoshu_discard_costs(table.hands[seat], 4 - len(table.melds[seat]), self.options.jiang_mixed)

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        return {"ready_seats": tuple(s for s in range(table.n) if s != seat and table.declared[s])}

    # --- scoring -------------------------------------------------------------
    def score(self, ctx: WinContext) -> ScoreSheet:
        counts = [0] * 34
        for k in ctx.concealed:
            counts[k] += 1
        for m in ctx.melds:
            if m.kind is not MeldKind.ANKAN or m.kind_of not in JIANG:
                raise IllegalWinError(f"{self.id}: {m} is no 洛书 set (only four 将头 tiles are konged)")
        if not is_luoshu_win(counts, self.options.jiang_mixed):
            raise IllegalWinError(
                f"{self.id}: not a 洛书 hand: sets are three tiles of one suit summing to 15 "
                "(将三张花色一样的序号牌相加…为15) or three 将头 tiles, and the pair two 将头 tiles (序数牌不能做将牌)"
            )
        stake = self.options.stake
        return ScoreSheet(items=(ScoreItem("和", "Win", stake, 1, "the stake named at 叫听"),), total=stake,
                          unit="筹码", points=stake, notes=(f"stake {stake}",))

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        if not ctx.declared_ready:
            return "叫听: a win needs a declared ready hand (context declared_ready)"
        return None

    # --- settlement ----------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        n = self.num_players
        stake = self.options.stake
        for ctx, sheet in wins:
            ready = _seats(ctx.extra.get("ready_seats", ()), ctx.seat, n)
            if ctx.self_drawn:
                if self.options.self_draw_all_pay:
                    out += [Payment(s, ctx.seat, sheet.points, "自摸") for s in range(n) if s != ctx.seat]
            elif ctx.discarder is not None:
                out.append(Payment(ctx.discarder, ctx.seat, sheet.points, "点炮"))
            out += [Payment(s, ctx.seat, stake, "叫听输筹码") for s in ready]
        return Settlement(tuple(out))


_AIM = HandRules(forms=(Form.STANDARD,))


def _seats(value: Any, winner: int, n: int) -> list[int]:
    try:
        seats = sorted({int(s) for s in value})
    except (TypeError, ValueError):
        raise MahjongError(f"luoshu: context ready_seats {value!r} is not a list of seats") from None
    if any(not 0 <= s < n or s == winner for s in seats):
        raise MahjongError(f"luoshu: context ready_seats {value!r}: seats 0..{n - 1}, not the winner")
    return seats
