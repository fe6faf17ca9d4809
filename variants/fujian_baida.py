"""福建百搭 (Fujian wild): 136 tiles, a 百搭 named by the tile turned up at
the kong tail, in two forms: 活动百搭 (that kind is wild) and 带弟百搭 (the
kind after it is wild); a 白板 may stand in for the 百搭's kind.

Source: seed 001 (各地麻将玩法, 福建麻将), as specified in
``variants-more.md`` §11.5 (SKETCH ONLY: the seed gives the wild and nothing
else).  Each seed sentence is implemented to the letter; every gap is a
PROPOSAL here (the common 百搭 game of the region), the default, and an
option where it is a choice.  Score a hand from notation (``indicator``
names the turned-up tile):

>>> fj = FujianBaida()
>>> r = fj.score_hand("123m456p5z89s11z22z", win_tile="2z", discarder=3, context={"indicator": "7s"})
>>> r.sheet.names(), r.sheet.total, r.sheet.points, r.settlement.deltas(4)
(['无百搭'], 1, 2, [2, 0, 0, -2])

(活动百搭 with 7s turned up: 7s is the 百搭, and the 白板 plays as 7s in 789s.)

Seed sentences and what they are here:

* "活动百搭：开牌时将杠尾的一张牌翻开，该牌就是百搭": after the deal the last
  tile of the wall (the kong tail, where replacements are drawn) is turned
  up; the tiles of its kind are 百搭 (wild: at a win each stands for any
  kind).  PROPOSAL: the turned-up tile itself is set aside (3 百搭 in play)
  and no draw takes it.
* "其中一张白板可以用作代替该张翻开的牌": a 白板 may play as the turned-up
  kind (替身: it is that kind, not a wild).  To the letter one 白板
  (option ``stand_ins``: how many of the 白板 held may; 4 = every one).
  When 白板 is itself the 百搭 there is no 替身.
* "带弟百搭：假设杠尾的张牌翻开是三万，则四万是百搭": option ``mode="daidi"``:
  the 百搭 is the kind after the turned-up one.  "序数牌九一相连而番子牌以
  东南西北中发白首尾相连，故开九万则以一万为百搭，开北则以红中为百搭": suits wrap
  9 → 1; honours go 东 → 南 → 西 → 北 → 中 → 发 → 白 → 东.  PROPOSAL
  (spec §11.5): a 白板 stands in for the 百搭's kind here too (option
  ``daidi_stand_in``).

PROPOSALs for the rest of the game:

* 13 tiles, the dealer 14; chow (from the 上家), pung, kongs; 百搭 may be
  discarded but a discarded 百搭 is never chowed, punged or konged (the
  engine's rule for wilds) and is dead: no win on it (option
  ``win_on_discarded_wild``).  A 白板 is discarded, chowed and punged as
  白板.  抢杠 allowed; one winner per discard, the nearest (option
  ``multiple_winners``).  The dealer stays after its own win or a draw.
* Winning forms: four sets and a pair, or seven pairs.
* 番 (added up): 自摸 1, 无百搭 1 (no 百搭 standing for another kind),
  碰碰胡 2, 七对 2, 混一色 2, 清一色 4, 字一色 6 (不计 混一色 碰碰胡),
  杠上开花 1, 抢杠 1, 海底捞月 1 (self-drawn last tile), 天胡 6, 地胡 6;
  ``points`` = ``base`` × 2 ** min(番, ``cap``) (cap 5).  The best reading
  of the hand (every 百搭 assignment, every number of 白板 used as 替身) is
  kept.
* Payments: a self-draw, each of the three others pays points; a discard
  win, the discarder pays points (the robbed seat for 抢杠).

Context keys (``Ruleset.context_keys``): ``indicator`` (the turned-up tile,
notation or id: names the 百搭 of a hand on paper).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import _native
from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules, decompositions
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import ContextWinConditions, Ruleset, ScoreSheet, WinContext
from mahjong_core.tiles import format_tiles, parse_tile

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["FAN_TABLE", "FujianBaida", "FujianBaidaOptions", "Mode", "daidi_wild"]

WHITE = 31
"""白板 (5z)."""

_WHITE_BIT = 1 << WHITE
_is_win_buf = _native.is_win_buf
_shanten_buf = _native.shanten_buf
_waits_mask_buf = _native.waits_mask_buf

_DAIDI_HONOURS = (27, 28, 29, 30, 33, 32, 31)
"""东 南 西 北 中 发 白: the order of 带弟百搭 ("东南西北中发白首尾相连")."""


def daidi_wild(indicator: int) -> int:
    """带弟百搭: the kind after ``indicator`` (9 → 1; 东南西北中发白, 白 → 东).

    >>> from mahjong_core.tiles import KIND_NAMES
    >>> [KIND_NAMES[daidi_wild(parse_tile(t))] for t in ("3m", "9m", "4z", "5z", "7z", "6z")]
    ['4m', '1m', '7z', '1z', '6z', '5z']
    """
    if not 0 <= indicator < 34:
        raise MahjongError(f"fujian_baida: {indicator!r} is no tile kind 0..33")
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    i = _DAIDI_HONOURS.index(indicator)
    return _DAIDI_HONOURS[(i + 1) % 7]


class Mode(enum.Enum):
    """Which 百搭 the turned-up tile names."""

    HUODONG = "huodong"
    """活动百搭: its own kind (default)."""
    DAIDI = "daidi"
    """带弟百搭: the kind after it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FujianBaidaOptions:
    """House rules of 福建百搭 (see :class:`FujianBaida`)."""

    mode: Mode = Mode.HUODONG
    """活动百搭 or 带弟百搭 (the seed gives both)."""
    stand_ins: int = 1
    """How many 白板 in a hand may play as the 百搭's kind ("其中一张白板"; 0 none, 4 every one)."""
    daidi_stand_in: bool = True
    """带弟百搭 has the 白板 替身 too (PROPOSAL)."""
    base: int = 1
    """What a hand of 0 番 is worth."""
    cap: int = 5
    """The most 番 counted."""
    win_on_discarded_wild: bool = False
    """A discarded 百搭 may be won on (PROPOSAL default: it is dead)."""
    multiple_winners: bool = False
    """一炮多响 instead of the nearest winner."""

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "mode", Mode(self.mode))
        except ValueError:
            raise MahjongError(f"fujian_baida: option mode {self.mode!r} is not one of 'huodong', 'daidi'") from None
        for name, top in (("stand_ins", 4), ("base", None), ("cap", None)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0 or (top is not None and value > top):
                limit = f"0..{top}" if top is not None else ">= 0"
                raise MahjongError(f"fujian_baida: option {name} must be a whole number {limit}, got {value!r}")
        for name in ("daidi_stand_in", "win_on_discarded_wild", "multiple_winners"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"fujian_baida: option {name} must be True or False, got {getattr(self, name)!r}")


FAN_TABLE: tuple[Fan, ...] = (
    Fan("无百搭", "No 百搭 as another kind", 1, lambda r: r.is_natural, why="no 百搭 standing for another kind"),
    Fan("字一色", "All honours", 6, v.all_honours, excludes=("混一色", "碰碰胡"), why="honours only"),
    Fan("碰碰胡", "All pungs", 2, v.all_pungs, why="four pungs or kongs and a pair"),
    Fan("七对", "Seven pairs", 2, v.seven_pairs, why="seven pairs"),
    Fan("清一色", "Full flush", 4, v.full_flush, why="one suit"),
    Fan("混一色", "Half flush", 2, v.half_flush, why="one suit and honours"),
)
"""The 番 of a reading (PROPOSAL values)."""

WIN_FANS: tuple[Fan, ...] = (
    Fan("自摸", "Self-drawn", 1, v.self_drawn, why="won on one's own draw"),
    Fan("杠上开花", "Win on a kong's replacement", 1, v.kong_replacement, why="won on the tile drawn for a kong"),
    Fan("抢杠", "Robbing a kong", 1, v.robbed_kong, why="won on the tile added to a pung"),
    Fan("海底捞月", "Last tile", 1, v.last_tile_drawn, why="self-drawn the last tile of the wall"),
    Fan("天胡", "Heavenly hand", 6, v.heavenly, why="the dealer wins on the deal"),
    Fan("地胡", "Earthly hand", 6, v.earthly, why="won on the first draw, no call made"),
)
"""The 番 of the win itself, whatever the reading (PROPOSAL values)."""

_VALUE = {f.zh: f.value for f in FAN_TABLE}
_NATURAL = _VALUE["无百搭"]


def _shape_fan(r: Reading) -> int:
    """The 番 of :data:`FAN_TABLE` for ``r`` but 无百搭: 字一色 (no suit)
    excludes 混一色 and 碰碰胡 and leaves no flush; else the entries add up."""
    fan = _VALUE["七对"] if r.form is Form.SEVEN_PAIRS else 0
    if v.all_honours(r):
        return fan + _VALUE["字一色"]
    if v.all_pungs(r):
        fan += _VALUE["碰碰胡"]
    if v.full_flush(r):
        fan += _VALUE["清一色"]
    elif v.half_flush(r):
        fan += _VALUE["混一色"]
    return fan


_ORDER = {zh: i for i, zh in enumerate(
    ("自摸", "无百搭", "字一色", "碰碰胡", "七对", "清一色", "混一色", "杠上开花", "抢杠", "海底捞月", "天胡", "地胡"))}


class FujianBaida(ContextWinConditions, Ruleset):
    """福建百搭: see the module docstring for every decision."""

    name = "fujian_baida"
    version = 1
    zh = "福建百搭"
    summary = "福建百搭: the kong tail's tile names the 百搭 (活动: its kind; 带弟: the next), a 白板 stands in for it"
    aliases = ("福建百搭", "福建百搭麻将", "活动百搭", "带弟百搭", "fujian")
    Options = FujianBaidaOptions
    win_payment_reasons = ("自摸", "放炮", "抢杠")

    wild_indicator = True
    wild_discard = True
    multiple_winners = False
    rob_kong = True
    wild_tiles = "活动百搭: the kind of the tile turned up at the kong tail; 带弟百搭: the kind after it"
    hand_rules = HandRules(forms=(Form.STANDARD, Form.SEVEN_PAIRS))

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "indicator": "the tile turned up at the kong tail (notation or id): names the 百搭",
    })

    options: FujianBaidaOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.multiple_winners = self.options.multiple_winners
        self._targets: dict[frozenset[int], int | None] = {}
        """:meth:`stand_in_target` by 百搭 kinds (asked at every waits update)."""
        self._last_wild: frozenset[int] | None = None
        self._last_target: int | None = None
        """The 百搭 kinds of the last :meth:`shape_free_waits` (the very
        object: one hand's) and their :meth:`stand_in_target`."""
        self._stand_ins = self.options.stand_ins
        setattr(self, "shape_free_reach", self._stand_ins)  # (each 白板 standing in lowers shanten by one at most)
        self._rules_fixed = type(self).rules_for is Ruleset.rules_for
        """The table's hand rules are :attr:`hand_rules` for every seat
        (:meth:`Ruleset.rules_for` not overridden)."""

    # --- the 百搭 and its 替身 -----------------------------------------------------
    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        if self.options.mode is Mode.DAIDI:
            return frozenset({daidi_wild(indicator)})
        return frozenset({indicator})

    def paper_wild_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        tile = self.paper_indicator(extra)
        return frozenset() if tile is None else self.wilds_for_indicator(tile)

    def stand_in_target(self, wild_kinds: frozenset[int]) -> int | None:
        """The kind a 白板 may play as (the 百搭's kind), or None (no 替身:
        白板 is the 百搭, ``stand_ins`` is 0, or 带弟 without it)."""
        try:
            return self._targets[wild_kinds]
        except KeyError:
            pass
        o = self.options
        target: int | None = next(iter(wild_kinds)) if len(wild_kinds) == 1 else None
        if not o.stand_ins or target is None or target == WHITE or (o.mode is Mode.DAIDI and not o.daidi_stand_in):
            target = None
        if len(self._targets) > 64:
            self._targets.clear()
        self._targets[wild_kinds] = target
        return target

    def _relabellings(self, concealed: Sequence[int], wild_kinds: frozenset[int]) -> list[tuple[int, ...]]:
        """The concealed kinds with 0, 1 … ``stand_ins`` of the 白板 played
        as the 百搭's kind."""
        out = [tuple(concealed)]
        target = self.stand_in_target(wild_kinds)
        if target is None:
            return out
        tiles = list(concealed)
        for _ in range(min(self.options.stand_ins, tiles.count(WHITE))):
            tiles.remove(WHITE)
            tiles.append(target)
            out.append(tuple(sorted(tiles)))
        return out

    def shape_free_win(self, table: Table, seat: int, counts: Sequence[int]) -> bool:
        """A win with 白板 playing as the 百搭's kind (替身)."""
        target = self.stand_in_target(table.wild_kinds)
        if target is None or not counts[WHITE]:
            return False
        c = bytearray(counts)
        w = 0
        for k in table.wild_kinds:
            w += c[k]
            c[k] = 0
        rules = table.hand_rules(seat)
        for _ in range(min(self.options.stand_ins, counts[WHITE])):
            c[WHITE] -= 1
            c[target] += 1
            if _native.is_win_buf(c, w, rules):
                return True
        return False

    def shape_free_waits(self, table: Table, seat: int, counts: Sequence[int]) -> int:
        """The kinds that make a 替身 win (a 白板 held or drawn): the kinds
        :meth:`shape_free_win` accepts, found with one waits call per number
        of 白板 played as the 百搭's kind."""
        wild_kinds = table.wild_kinds
        if wild_kinds is self._last_wild:
            target = self._last_target  # (the same 百搭 kinds as the last call: one hand)
        else:
            target = self.stand_in_target(wild_kinds)
            self._last_wild, self._last_target = wild_kinds, target
        if target is None:
            return 0
        # (a target is the one 百搭 kind: its tiles are the wilds)
        rules = self.hand_rules if self._rules_fixed else table.hand_rules(seat)
        whites = counts[WHITE]
        if not whites:
            # (the loop below with no 白板 held: only a 白板 drawn may stand
            # in, when the target itself would win)
            w = counts[target]
            if type(counts) is bytearray:
                # (the engine's own counts: the target's count is set to one
                # for the kernel and put back, no copy made)
                counts[target] = 1
                try:
                    return _WHITE_BIT if _is_win_buf(counts, w, rules) else 0
                finally:
                    counts[target] = w
            c = bytearray(counts)
            c[target] = 1
            return _WHITE_BIT if _is_win_buf(c, w, rules) else 0
        c = bytearray(counts)
        w = c[target]
        c[target] = 0
        stand_ins = self._stand_ins
        most = whites if whites < stand_ins else stand_ins
        if _shanten_buf(c, w, rules) > most:
            # (each 白板 standing in swaps one tile, which lowers shanten by
            # one at most: no number of them leaves the hand ready, and a
            # win below needs a ready hand)
            return 0
        mask = 0
        for j in range(most + 1):  # j 白板 held play as the 百搭's kind
            if j:
                c[WHITE] -= 1
                c[target] += 1
                waits = _waits_mask_buf(c, w, rules)
                mask |= waits  # a tile drawn, j 白板 standing in
                if w < 4 and _is_win_buf(c, w + 1, rules):
                    mask |= 1 << target  # a 百搭 drawn
                wins_on_target = (waits >> target) & 1
            else:
                # none standing in: only the target's bit of the waits is
                # wanted (the target, a wild kind, counts 0 here: below 4)
                c[target] += 1
                wins_on_target = _is_win_buf(c, w, rules)
                c[target] -= 1
            if j < stand_ins and wins_on_target:
                mask |= 1 << WHITE  # the 白板 drawn stands in too
        if not mask:
            return 0
        # (only kinds of which a copy is left: the set bits of the mask)
        left, bits = mask, mask
        while bits:
            low = bits & -bits
            if counts[low.bit_length() - 1] >= 4:
                left ^= low
            bits ^= low
        return left

    # --- scoring ---------------------------------------------------------------------
    def _readings(self, ctx: WinContext) -> list[Reading]:
        out: list[Reading] = []
        for tiles in self._relabellings(ctx.concealed, ctx.wild_kinds):
            try:
                found = tuple(decompositions(tiles, wilds=ctx.wilds, rules=self.hand_rules))
            except ValueError as e:
                raise IllegalWinError(f"{self.id}: not a winning hand: {e}") from None
            if found:
                sub = replace(ctx, concealed=tiles, decompositions=found)
                out += v.readings(sub, self._scoring_rules(ctx.wild_kinds), by_win_unit=False)
        if not out:
            raise IllegalWinError(
                f"{self.id}: not a winning hand: {format_tiles(ctx.concealed)!r} + {ctx.wilds} 百搭 (four sets and a "
                f"pair, or seven pairs; a 白板 may stand in for the 百搭's kind)")
        return out

    def _scoring_rules(self, wild_kinds: frozenset[int]) -> HandRules:
        """A set or pair made only of 百搭 read as the 百搭's own kind, a
        kind of each suit and an honour (the table cannot tell the others
        apart)."""
        key = wild_kinds | {0, 9, 18, 27}
        rules = _SCORING_RULES.get(key)
        if rules is None:
            rules = _SCORING_RULES[key] = replace(self.hand_rules, wild_kinds=key)
        return rules

    def score(self, ctx: WinContext) -> ScoreSheet:
        """The 番 of the best reading plus the win's own; ``points`` =
        ``base`` × 2 ** min(番, cap).

        :raises IllegalWinError: when the tiles are no winning hand, with the
            白板 替身 or without.
        """
        best: tuple[int, Reading] | None = None
        for r in self._readings(ctx):
            fan = _shape_fan(r)
            if best is not None and fan + _NATURAL <= best[0]:
                continue  # (not above the best even with 无百搭: the first best stays)
            if v.wilds_as_other(r) == 0:  # (无百搭: r.is_natural)
                fan += _NATURAL
            if best is None or fan > best[0]:
                best = (fan, r)
        assert best is not None
        items = [f.item(best[1], n) for f, n in v.matching(FAN_TABLE + WIN_FANS, best[1])]
        items.sort(key=lambda it: _ORDER.get(it.zh, 99))
        fan = sum(it.total for it in items)
        o = self.options
        counted = min(fan, o.cap)
        notes = [f"{o.base} × 2^{counted} = {o.base * 2 ** counted}"]
        if counted < fan:
            notes.insert(0, f"{fan} 番 capped at {o.cap}")
        return ScoreSheet(items=tuple(items), total=fan, unit="番", points=o.base * 2 ** counted, notes=tuple(notes))

    def context_problem(self, ctx: WinContext) -> str | None:
        """A discarded 百搭 is dead: no win on it (PROPOSAL, option ``win_on_discarded_wild``)."""
        if (not ctx.self_drawn and not self.options.win_on_discarded_wild
                and 0 <= ctx.win_tile < 34 and ctx.win_tile in ctx.wild_kinds):
            return "a discarded 百搭 is dead: no win on it (PROPOSAL, option win_on_discarded_wild)"
        return None

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        return {"indicator": table.indicator}


_SCORING_RULES: dict[frozenset[int], HandRules] = {}
"""The hand rules of :meth:`FujianBaida._scoring_rules` by their 百搭 kinds."""
