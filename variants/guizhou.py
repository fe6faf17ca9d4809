"""贵州捉鸡麻将 (Guizhou "catch the chicken"): 108 tiles, 四川-style play,
and 鸡 tiles that pay whoever holds them in a pung or kong.

Source: seed [001] (贵州麻将 / 贵州鸡麻: "牌型：1-9 万 1-9 桶 1-9 条 贵州麻将类似
于四川麻将，在四川麻将的根底上添加抓鸡模式，即胡牌后翻开下一张未摸得牌，如翻开的是
2 万，即 3 万是鸡牌，假设有人碰杠了 3 万的话算钱，胡牌的人可能赔钱，被胡的人可能赢
钱 … 1. 自抠自摸后翻一张牌 … 2. 打明鸡 起牌后三墩翻起 … 而且有杠牌就要翻第四墩以此
类推。3. 英雄鸡一条每次都是鸡"), as summarised in the spec
(``variants-more.md`` §11.3).

>>> r = Guizhou().score_hand("11122233345p99s", win_tile="9s", melds=[], winner=1, discarder=2,
...                          context={"fan_ji": "9m"})
>>> r.sheet.names(), r.sheet.total
(['平胡'], 1)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import ContextWinConditions, Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import KIND_NAMES, Meld, MeldKind, format_tiles, parse_tiles

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["HANDS", "ChickenCount", "FlipAfter", "Guizhou", "GuizhouOptions", "chicken_of", "ming_ji_positions"]

YAOJI = 18
"""1条 (1s): 英雄鸡, always a 鸡."""


def chicken_of(flipped: int) -> int:
    """The 鸡 a flipped tile names: the next number of its suit, 9 → 1
    (seed: "翻开的是 2 万，即 3 万是鸡牌").

    >>> KIND_NAMES[chicken_of(1)], KIND_NAMES[chicken_of(26)]
    ('3m', '1s')
    """
    if not 0 <= flipped < 27:
        raise MahjongError(f"guizhou: {flipped!r} is not a suit tile (万 筒 条 only)")
    return flipped - flipped % 9 + (flipped % 9 + 1) % 9


def ming_ji_positions(deal_end: int, kongs: int) -> list[int]:
    """Wall indices of the 明鸡 tiles: the top of the third stack after the
    deal ("起牌后三墩翻起"), then one stack further for each kong ("有杠牌就要
    翻第四墩以此类推").  Stacks are counted from the first tile after the deal.

    >>> ming_ji_positions(53, 2)
    [57, 59, 61]
    """
    return [deal_end + 2 * (2 + k) for k in range(kongs + 1)]


class FlipAfter(enum.Enum):
    """When a tile is flipped for the 翻鸡 after the hand."""

    ANY_WIN = "any-win"
    """After any win (seed: "胡牌后翻开下一张未摸得牌"), the default."""
    SELF_DRAW = "self-draw"
    """Only after a self-draw (seed item 1, 自抠自摸: "自抠自摸后翻一张牌")."""
    NEVER = "never"
    """No 翻鸡."""


class ChickenCount(enum.Enum):
    """Which 鸡 tiles are paid."""

    MELDED = "melded"
    """Only in a pung or kong (seed: "有人碰杠了 3 万的话算钱"; spec PROPOSAL), the default."""
    HELD = "held"
    """Every 鸡 tile a seat holds, in hand or in melds (seed: "抓到一条就有钱")."""


HANDS: tuple[Fan, ...] = (
    Fan("平胡", "Basic win", 1, lambda r: r.form is Form.STANDARD, why="four sets and a pair"),
    Fan("大对子", "All pungs", 5, v.all_pungs, why="four pungs or kongs and a pair"),
    Fan("七对", "Seven pairs", 10, v.seven_pairs, why="seven pairs"),
    Fan("清一色", "Full flush", 10, v.full_flush, why="one suit only"),
    Fan("清大对", "Full-flush all pungs", 15, lambda r: v.full_flush(r) and v.all_pungs(r),
        why="清一色 + 大对子"),
    Fan("龙七对", "Seven pairs with four of a kind", 20, lambda r: v.seven_pairs_quads(r) > 0,
        why="七对 holding four identical tiles"),
    Fan("清七对", "Full-flush seven pairs", 20, lambda r: v.full_flush(r) and v.seven_pairs(r),
        why="清一色 + 七对"),
    Fan("清龙七对", "Full-flush dragon seven pairs", 30,
        lambda r: v.full_flush(r) and v.seven_pairs_quads(r) > 0, why="清一色 + 龙七对"),
)
"""The hand types (PROPOSAL, the common 贵阳捉鸡 values): only the highest counts."""

DOUBLERS: tuple[tuple[str, str, Any], ...] = (
    ("杠上开花", "Kong replacement win", lambda c: c.kong_replacement),
    ("抢杠胡", "Robbing a kong", lambda c: c.robbed_kong),
    ("杠上炮", "Discard after a kong", lambda c: c.kong_discard),
)
"""Situations that double the hand (PROPOSAL)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GuizhouOptions:
    """House rules of 贵州捉鸡 (see :class:`Guizhou`)."""

    flip_after: FlipAfter = FlipAfter.ANY_WIN
    """翻鸡: after any win (default), only after a self-draw (自抠自摸), or never."""
    ming_ji: bool = True
    """打明鸡: the third stack after the deal is turned, one stack more per kong."""
    hero_chicken: bool = True
    """英雄鸡: 1条 is always a 鸡."""
    chicken_count: ChickenCount = ChickenCount.MELDED
    """Which 鸡 tiles pay: in pungs and kongs only (default) or every one held."""
    chicken_value: int = 1
    """Paid by each other seat for each 鸡 tile (spec PROPOSAL: 1)."""
    dingque: bool = True
    """定缺 (as 四川): a missing suit declared after the deal."""
    self_draw_bonus: int = 1
    """自摸: each payer adds this (PROPOSAL 1)."""

    def __post_init__(self) -> None:
        for name, cls in (("flip_after", FlipAfter), ("chicken_count", ChickenCount)):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, cls(value))
            except ValueError:
                known = ", ".join(repr(m.value) for m in cls)
                raise MahjongError(f"guizhou: option {name} {value!r} is not one of {known}") from None
        for name in ("ming_ji", "hero_chicken", "dingque"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"guizhou: option {name} must be True or False, got {getattr(self, name)!r}")
        for name in ("chicken_value", "self_draw_bonus"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MahjongError(f"guizhou: option {name} must be an int >= 0, got {value!r}")


def _tiles_of(value: Any, key: str) -> list[int]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        try:
            tiles = parse_tiles(value)
        except MahjongError as e:
            raise MahjongError(f"guizhou: context {key}: {e}") from None
    elif isinstance(value, int):
        tiles = [value]
    else:
        tiles = [int(t) for t in value]
    for t in tiles:
        if not 0 <= t < 27:
            raise MahjongError(f"guizhou: context {key}: {t!r} is not a suit tile")
    return tiles


class Guizhou(ContextWinConditions, Ruleset):
    """贵州捉鸡: 108 tiles (万 筒 条), 13 tiles (the dealer 14), pung and kong
    only, 四川-style (seed "类似于四川麻将").

    **Play** (as 四川): no chow; 定缺 after the deal (option ``dingque``);
    a win must lack a suit (缺门); 一炮多响; 抢杠 on an added kong; 漏胡.
    PROPOSAL: the first win (with every winner of the same discard) ends the
    hand (the 鸡 are flipped "after the win"); the dealer stays after its
    own win or a drawn hand, else the next seat deals.

    **Hand** (PROPOSAL, common 贵阳捉鸡 values, only the highest counts):
    平胡 1, 大对子 5, 七对 10, 清一色 10, 清大对 15, 龙七对 20, 清七对 20,
    清龙七对 30; 杠上开花, 抢杠胡 and 杠上炮 double it.  Discard win: the
    discarder pays it (each winner); self-draw: each other seat pays it
    plus ``self_draw_bonus`` (1).

    **鸡** (seed): after a win the next undrawn tile is flipped and the
    next number of its suit (9 → 1) is the 鸡 (翻鸡; ``flip_after``: after
    any win, or only after a self-draw, 自抠自摸); 明鸡: right after the deal
    the top of the third stack is turned and names a 鸡, and each kong
    turns one stack further (:func:`ming_ji_positions`, stacks counted
    from the end of the deal: PROPOSAL); 英雄鸡: 1条 is always a 鸡.  The 鸡
    kinds are the union of these.  At the end of a hand with a win, **every
    seat** (winner or not: "胡牌的人可能赔钱，被胡的人可能赢钱") is paid
    ``chicken_value`` by each other seat for each 鸡 tile it holds in a pung
    or kong (spec PROPOSAL; a concealed kong counts, a tile in hand does
    not; ``chicken_count="held"`` counts every 鸡 tile held).  A drawn hand
    has no 鸡 (PROPOSAL).

    **Kongs** (四川 刮风下雨, paid at once): a kong on a discard, the
    feeder 2; an added kong, each other seat 1; a concealed kong, each
    other seat 2.  They stand at a drawn hand (PROPOSAL).

    On paper (:meth:`score_hand`) the 鸡 of the winner only are settled
    (the other seats' melds are not known): context keys ``fan_ji`` (the
    tile flipped after the win) and ``ming_ji`` (the 明鸡 tiles turned).
    """

    name = "guizhou"
    version = 1
    zh = "贵州捉鸡麻将"
    summary = "Guizhou catch-the-chicken: 108 tiles, Sichuan-like, 鸡 tiles in pungs and kongs are paid"
    aliases = ("贵州", "贵州麻将", "捉鸡", "贵州捉鸡", "贵阳捉鸡", "zhuoji", "guiyang")
    Options = GuizhouOptions
    options: GuizhouOptions

    honors = False
    allow_chow = False
    multiple_winners = True
    rob_kong = True
    missed_win_ban = True
    hand_rules = HandRules(forms=frozenset({Form.STANDARD, Form.SEVEN_PAIRS}))
    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "fan_ji": "the tile flipped after the win (翻鸡), in notation (\"\" = none)",
        "ming_ji": "the 明鸡 tiles turned after the deal and after each kong, in notation",
    })

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.missing_suit = self.options.dingque

    # --- 鸡 -----------------------------------------------------------------
    def next_tile(self, table: Table) -> list[int]:
        """The tile a 翻鸡 turns: the next undrawn one ([] when none is left
        or ``flip_after`` is never)."""
        if self.options.flip_after is FlipAfter.NEVER:
            return []
        return [table.wall[table.head]] if table.live_tiles > 0 else []

    def flipped(self, ctx: WinContext) -> list[int]:
        """The 翻鸡 tile of a win (none after a discard win with ``flip_after="self-draw"``)."""
        f = self.options.flip_after
        if f is FlipAfter.NEVER or (f is FlipAfter.SELF_DRAW and not ctx.self_drawn):
            return []
        return _tiles_of(ctx.extra.get("fan_ji", ""), "fan_ji")

    def ming_ji_tiles(self, table: Table) -> list[int]:
        """The 明鸡 tiles turned in this hand so far."""
        if not self.options.ming_ji:
            return []
        deal_end = self.num_players * self.hand_size + 1
        pos = ming_ji_positions(deal_end, table.kongs_made)
        return [table.wall[i] for i in pos if i < len(table.wall)]

    def chickens(self, flipped: Sequence[int], ming: Sequence[int]) -> frozenset[int]:
        """The 鸡 kinds named by the flipped tiles, 明鸡 and 英雄鸡."""
        out = {chicken_of(t) for t in (*flipped, *ming)}
        if self.options.hero_chicken:
            out.add(YAOJI)
        return frozenset(out)

    def chicken_tiles(self, chickens: frozenset[int], melds: Sequence[Meld], hand: Sequence[int]) -> int:
        """How many 鸡 tiles a seat is paid for: in its pungs and kongs, and
        with ``chicken_count="held"`` in its hand too (34 counts)."""
        n = sum(len(m.tiles) for m in melds if m.kind is not MeldKind.CHI and m.kind_of in chickens)
        if self.options.chicken_count is ChickenCount.HELD:
            n += sum(hand[k] for k in chickens)
        return n

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        return {"fan_ji": self.next_tile(table), "ming_ji": self.ming_ji_tiles(table)}

    # --- scoring ---------------------------------------------------------------
    def score(self, ctx: WinContext) -> ScoreSheet:
        size = len(ctx.concealed) + 3 * len(ctx.melds)
        if size != self.hand_size + 1 or ctx.wilds:
            raise InvalidHandError(
                f"guizhou: a winning hand has {self.hand_size + 1} tiles (a kong counts 3), no wilds, got {size}: "
                f"{format_tiles(ctx.concealed)!r} + {[str(m) for m in ctx.melds]!r}"
            )
        if any(k >= 27 for k in ctx.all_kinds):
            raise InvalidHandError("guizhou: 捉鸡 has no honour tiles")
        try:
            found = v.readings(ctx, self.hand_rules, by_win_unit=False)
        except IllegalWinError as e:
            raise IllegalWinError(f"guizhou: {e}") from None
        top = max(((f, r) for r in found for f in HANDS if f.count(r)), key=lambda fr: fr[0].value)
        fan, reading = top
        items = [fan.item(reading)]
        total = fan.value
        notes: list[str] = []
        for zh, en, applies in DOUBLERS:
            if applies(ctx):
                items.append(ScoreItem(zh, en, 2, why="doubles the hand"))
                notes.append(f"{zh}: ×2")
                total *= 2
                break
        return ScoreSheet(items=tuple(items), total=total, unit="分", points=total, notes=tuple(notes))

    def context_problem(self, ctx: WinContext) -> str | None:
        """缺门: a winning hand never holds all three suits."""
        suits = {k // 9 for k in ctx.all_kinds if k < 27}
        if len(suits) == 3:
            return "缺门: the hand holds all three suits (m, p, s); a win must lack one"
        return None

    # --- payments --------------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """The hand's payments, then the 鸡 (see the class doc)."""
        out: list[Payment] = []
        n = self.num_players
        for ctx, sheet in wins:
            if ctx.self_drawn:
                for s in range(n):
                    if s != ctx.seat:
                        out.append(Payment(s, ctx.seat, sheet.points + self.options.self_draw_bonus, "自摸"))
            else:
                if ctx.discarder is None:
                    raise MahjongError(f"guizhou: discard win of seat {ctx.seat!r} without a discarder")
                out.append(Payment(ctx.discarder, ctx.seat, sheet.points, "抢杠" if ctx.robbed_kong else "点炮"))
        if not wins:
            return Settlement(tuple(out))
        ctx0 = wins[0][0]
        flipped = self.flipped(ctx0)
        ming = _tiles_of(ctx0.extra.get("ming_ji", ""), "ming_ji")
        chickens = self.chickens(flipped, ming)
        names = "".join(KIND_NAMES[k] for k in sorted(chickens))
        holders: list[tuple[int, int]] = []
        if table is not None:
            for s in range(n):
                hand = [table.hands[s][k] for k in range(34)]
                holders.append((s, self.chicken_tiles(chickens, table.melds[s], hand)))
        else:
            hand = [0] * 34
            for k in ctx0.concealed:
                hand[k] += 1
            holders.append((ctx0.seat, self.chicken_tiles(chickens, ctx0.melds, hand)))
        value = self.options.chicken_value
        for s, count in holders:
            if count and value:
                for p in range(n):
                    if p != s:
                        out.append(Payment(p, s, count * value, f"鸡 {names} ×{count}"))
        return Settlement(tuple(out))

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        """刮风下雨, paid at once (as 四川)."""
        others = [s for s in range(self.num_players) if s != seat]
        if meld.kind is MeldKind.KAN and source is not None:
            return Settlement((Payment(source, seat, 2, "直杠"),))
        if meld.kind is MeldKind.ANKAN:
            return Settlement(tuple(Payment(s, seat, 2, "暗杠") for s in others))
        return Settlement(tuple(Payment(s, seat, 1, "补杠") for s in others))
