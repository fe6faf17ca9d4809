"""合肥麻将 (Hefei, 安徽): 84 tiles (2-8 of three suits), no chow and no
pung, concealed kongs only, a suit of eight tiles (八支) to win, 报听 rooms,
the 海捞区 (the last four tiles) and additive points.

Sources: seed 000 (全国各地麻将玩法总汇, 安徽合肥麻将, pp.17-20) as
specified in ``variants-regional.md`` §5, and seed 001's 合肥 text
(``variants-more.md`` §10.1).  Score a hand from notation (seats 0..3 =
E S W N when seat 0 deals); HF-E2 of the spec, a 不报听 room:

>>> hf = Hefei(room="no-declare")
>>> r = hf.score_hand("23423457888m55p", win_tile="6m", winner=1)
>>> r.sheet.names(), r.sheet.total
(['基本分', '支', '支', '支', '支', '缺一门', '坎', '卡', '双铺子'], 19)
>>> r.settlement.deltas(4)
[-21, 59, -19, -19]

What the rule set decides (seed wording first, then each gap of the spec):

* Tiles: "2万-8万、2饼-8饼、2条-8条 共84张" ×4, no 1 or 9, no honours, no
  flowers, no wild tiles; 13 tiles, the dealer 14 and discards first.
  Seed 001's "断幺九：整付牌没有一九万、一九筒、一九条，以及东西南北风和
  各色花牌" is read as the same tile set (整付牌 = the whole set of tiles),
  so it agrees with seed 000 and is no fan (the spec's PROPOSAL of a fan
  has no value in any seed).  The dice only choose where the deal starts
  (seed 000: the sum; seed 001: the sum picks the wall, the smaller die the
  stack): the engine's shuffled wall stands for either.
* Calls: "不能吃、碰、杠别人的牌，可以杠自己的牌（不限次数）": no chow,
  no pung, no exposed kong (engine flag ``allow_exposed_kong``); a
  concealed kong of four held tiles, replaced from the end of the wall; no
  kong once four tiles are left ("当牌桌上只剩余4张牌未抓了，则不能再杠牌").
  On a discard the only call is a win; several seats may win on one
  discard (一炮二响 / 三响).  The seed names no 漏胡: a passed win bans
  nothing.
* Winning shapes: four sets and a pair (sets may be concealed kongs), or
  七对 (two pairs may be one kind held four times); and "三门(万、饼、条)
  中必须有一门达到或超过8张" (八支), kongs counting four tiles
  (:meth:`win_problem` names the rule).
* Rooms (option ``room``): ``Room.DECLARE`` (报听房间, the default, base
  12): "必须报听后才能进行点炮胡，在没有报听情况下，只能自摸胡" (the
  engine's ``ready_rule`` REQUIRED_FOR_DISCARD_WIN); ``Room.NO_DECLARE``
  (不报听房间, base 10): no declaration.  After declaring, the hand is
  locked (HF-8 PROPOSAL): the drawn tile is discarded unless it wins or
  makes a concealed kong that leaves the hand ready, whatever its waits
  become (the seed: "听牌后仍可杠牌，前提是杠完后还可听";
  ``ready_kong_any_waits``); a win may be declined ("听牌后遇到胡，玩家可以自行选择").
* 海捞区: "最后四张牌为海捞区，四家各抓一张牌但不出牌，四家中先自摸胡牌的
  为赢家": the last four tiles are drawn one each in turn from the seat to
  draw (HF-9 PROPOSAL); the drawer wins by self-draw (+10 海捞胡牌) or lays
  the tile aside, which nobody may claim (engine flag ``self_draw_zone``);
  when the fourth is laid aside the hand is drawn (荒庄).
* Points, all added (§5.8): 基本分 12 (报听房间) / 10; 支 +1 for each tile
  over 8 in a suit (HF-3 PROPOSAL: in each suit of 8 or more); 双八支 +50
  (two suits of 8); 缺一门 +1 (a suit absent; +1 also when two are);
  同 +(n - 4) for each number held n >= 5 times over the three suits;
  坎 +1 for each pung held in hand and read as a set (not one a discard
  completed, HF-6 PROPOSAL); 杠 +2 for each concealed kong; 活 +4 for each
  kind held four times and read as a pung plus one tile of a chow (those
  four tiles are one 活, not also a 坎); 卡 +1 when the winning tile can be
  read as completing a one-tile wait ("只要能做成胡1张都算"): a closed
  wait, a single-tile pair wait, or an edge, which in this tile set is 23
  waiting 4 and 78 waiting 6 (1 and 9 do not exist: "只胡一张牌的牌型所胡
  的牌称为卡"); 双铺子 +2 for each repeat of a chow (555666777 = 567 three
  times = 2 双铺子, +4); 七对 +5, with only 基本分, 支, 双八支, 缺一门, 同,
  海捞胡牌 and 庄分 beside it (HF-4 PROPOSAL: "七对子和双铺子等不能共存");
  海捞胡牌 +10; 天胡 +100 (the dealer wins on the dealt hand) and 地胡 +80
  (a non-dealer self-draws on its first draw, no kong made by anyone:
  HF-10 PROPOSAL) with only 基本分 and 庄分 beside them ("其他番都不算了，
  庄分要算"), 八支 still required.  The reading of highest total counts
  (HF-5 PROPOSAL).
* 庄分: "点炮胡 +1分 * 连庄数，自摸胡 +2分 * 连庄数。只对庄家有效": the
  dealer's win adds 1 × 连庄数 (ron) or 2 × 连庄数 (self-draw) to its sheet.
  HF-2 PROPOSAL (option ``dealer_points``, default
  ``DealerPoints.BOTH_WAYS``): the same amount is added to the dealer's
  payment when a non-dealer wins (地胡 "庄分要算" is a non-dealer win);
  ``DealerPoints.DEALER_WINS`` counts it only when the dealer wins.
  连庄数 starts at 1 and is the engine's ``table.streak + 1`` (context key
  ``streak`` on paper).
* Payments (HF-1 PROPOSAL): ron, the discarder pays the total (each
  discarder-winner pair on 一炮多响); self-draw, each of the three pays it.
  Kong points (HF-7 PROPOSAL, option ``kong_payment``, default 0): each
  other seat pays that many at once for a concealed kong; "荒庄 … 本局所有
  杠分无效": a drawn hand refunds them.
* Dealer and 连庄数 (§5.2, seed 000, option ``dealer_rule`` default
  ``DealerRule.NEXT_SEAT``): the dealer wins (alone or with others) or the
  hand is drawn: the dealer deals again, 连庄数 +1; a non-dealer wins: the
  dealer's 下家 deals, 连庄数 1.  Seed 001 ("首局后，通炮者坐庄，其次和家
  坐庄", ``DealerRule.FEEDER``): the seat that discarded into the win deals,
  else (self-draw) the winner; a drawn hand keeps the dealer (PROPOSAL).
  The seeds' "a player leaves / an admin disbands" resets are outside the
  engine (a new Match starts at 1).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules, Shape
from mahjong_core.errors import MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import Payment, ReadyRule, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import Meld, MeldKind

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "DealerPoints",
    "DealerRule",
    "HAND_FANS",
    "Hefei",
    "HefeiOptions",
    "Room",
    "SET_FANS",
    "suit_counts",
]

KINDS = tuple(s * 9 + r for s in range(3) for r in range(1, 8))
"""The 21 kinds of the 合肥 set: 2-8 of 万, 饼 and 条."""
_SUIT_NAMES = "万饼条"
_NO_COSTS: tuple[int, ...] = (0,) * 34
_TARGET_COSTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 if k < 27 and k // 9 == s else 0 for k in range(34)) for s in range(3))
"""Discard costs that keep suit s (GreedyBot)."""


class Room(enum.Enum):
    """The two kinds of room (游戏听牌分为2种房间)."""

    DECLARE = "declare"
    """报听房间: a discard win needs a declared ready; base 12 (default)."""
    NO_DECLARE = "no-declare"
    """不报听房间: no declaration; base 10."""


class DealerRule(enum.Enum):
    """Who deals the next hand."""

    NEXT_SEAT = "next-seat"
    """Seed 000: the dealer stays when it wins or the hand is drawn, else
    the dealer's 下家 deals (default)."""
    FEEDER = "feeder"
    """Seed 001: the discarder of the win deals, else (self-draw) the winner."""


class DealerPoints(enum.Enum):
    """When 庄分 counts (HF-2)."""

    BOTH_WAYS = "both-ways"
    """When the dealer wins, and on the dealer's payment when it pays
    (PROPOSAL, default)."""
    DEALER_WINS = "dealer-wins"
    """Only when the dealer wins."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HefeiOptions:
    """House rules of 合肥麻将 (see :class:`Hefei`)."""
    first_dealer: int = -1
    """The first dealer of a match: -1 (default) a seat drawn from the
    match's seed, as the seed says ("第一盘游戏系统随机选取一名玩家为庄家": ``random_first_dealer``); 0..3:
    that seat deals first."""

    room: Room = Room.DECLARE
    """报听房间 (default) or 不报听房间."""
    dealer_rule: DealerRule = DealerRule.NEXT_SEAT
    """Seed 000's rotation (default) or seed 001's."""
    dealer_points: DealerPoints = DealerPoints.BOTH_WAYS
    """Whether 庄分 is added to the dealer's payment too (HF-2)."""
    kong_payment: int = 0
    """Points each other seat pays at once for a concealed kong (HF-7:
    0), refunded when the hand is drawn."""

    def __post_init__(self) -> None:
        for name, kind in (("room", Room), ("dealer_rule", DealerRule), ("dealer_points", DealerPoints)):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, kind(value))
            except ValueError:
                known = ", ".join(repr(x.value) for x in kind)
                raise MahjongError(f"hefei: option {name} {value!r} is not one of {known}") from None
        k = self.kong_payment
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= 1000:
            raise MahjongError(f"hefei: option kong_payment must be an int 0..1000, got {k!r}")


# ---------------------------------------------------------------------------
# The points, as data over the shared vocabulary
# ---------------------------------------------------------------------------


def suit_counts(kinds: Sequence[int]) -> tuple[int, int, int]:
    """Tiles of 万, 饼 and 条 in ``kinds`` (a kong's four tiles count four).

    >>> from mahjong_core.tiles import parse_tiles
    >>> suit_counts(parse_tiles("234m567m345p678p88s"))
    (6, 6, 2)
    """
    out = [0, 0, 0]
    for k in kinds:
        if k < 27:
            out[k // 9] += 1
    return out[0], out[1], out[2]


def _suits(r: Reading) -> tuple[int, int, int]:
    got: tuple[int, int, int] | None = r.memo.get("hefei_suits")
    if got is None:
        c = r.counts
        got = (sum(c[0:9]), sum(c[9:18]), sum(c[18:27]))
        r.memo["hefei_suits"] = got
    return got


def _zhi(r: Reading) -> int:
    """支: the tiles over 8 in each suit of 8 or more (HF-3)."""
    return sum(n - 8 for n in _suits(r) if n > 8)


def _double_eight(r: Reading) -> bool:
    """双八支: two suits of 8 tiles or more."""
    return sum(1 for n in _suits(r) if n >= 8) >= 2


def _tong(r: Reading) -> int:
    """同: n - 4 for each number held n >= 5 times over the three suits."""
    c = r.counts
    return sum(max(0, c[rank] + c[9 + rank] + c[18 + rank] - 4) for rank in range(9))


def _haolao(r: Reading) -> bool:
    """海捞胡牌: self-drawn on one of the last four tiles."""
    return r.ctx.self_drawn and _flag(r.ctx.extra.get("haolao", False))


def _hand_pungs(r: Reading) -> list[int]:
    """Kinds of the pungs of the concealed hand that count as held (a pung
    the winning discard completed does not: HF-6)."""
    out = []
    for i, u in enumerate(r.units):
        if u.meld is not None:
            break
        if u.shape is Shape.PUNG and not (i == r.win_unit and not r.ctx.self_drawn):
            out.append(u.kind)
    return out


def _kan(r: Reading) -> int:
    """坎: a pung held in hand, read as a set (not part of a 活)."""
    return sum(1 for k in _hand_pungs(r) if r.counts[k] != 4)


def _huo(r: Reading) -> int:
    """活: a kind held four times in hand, read as a pung and one tile of a chow."""
    return sum(1 for k in _hand_pungs(r) if r.counts[k] == 4)


def _ka(r: Reading) -> bool:
    """卡: the winning tile read as completing a one-tile wait: closed,
    single (the pair), or an edge of this set (23 waiting 4, 78 waiting 6;
    and the vocabulary's 12 / 89 edges)."""
    if r.form is not Form.STANDARD:
        return False
    w = v.wait(r)
    if w is v.Wait.CLOSED or w is v.Wait.SINGLE or w is v.Wait.EDGE:
        return True
    return _set_edge(r)


def _twin_chows(r: Reading) -> int:
    """双铺子: each repeat of a chow (two alike: 1; three alike: 2)."""
    return sum(n - 1 for n in Counter(r.chows).values() if n > 1)


HAND_FANS: tuple[Fan, ...] = (
    Fan("支", "Suit tile over eight", 1, _zhi, why="each tile over 8 in a suit"),
    Fan("双八支", "Two suits of eight", 50, _double_eight, why="two suits of 8 tiles or more"),
    Fan("缺一门", "A suit missing", 1, lambda r: v.missing_suits(r) >= 1, why="one of 万饼条 absent"),
    Fan("同", "Same number", 1, _tong, why="n - 4 for each number held 5 times or more"),
)
"""Points of the whole hand, for every shape."""

SET_FANS: tuple[Fan, ...] = (
    Fan("坎", "Concealed pung", 1, _kan, why="a pung held in hand"),
    Fan("杠", "Concealed kong", 2, v.kongs, why="a concealed kong"),
    Fan("活", "Live four", 4, _huo, why="four alike: a pung and one tile of a chow"),
    Fan("卡", "One-tile wait", 1, _ka, why="won on an edge, closed or single wait"),
    Fan("双铺子", "Twin chows", 2, _twin_chows, why="two identical chows"),
)
"""Points of four sets and a pair (not beside 七对: HF-4)."""

SEVEN_PAIRS = Fan("七对", "Seven pairs", 5, v.seven_pairs, why="seven pairs")
HAOLAO = Fan("海捞胡牌", "Sea-bottom zone", 10, _haolao, why="self-drawn in the 海捞区 (the last four tiles)")
HEAVENLY = Fan("天胡", "Heavenly hand", 100, v.heavenly, why="the dealer's dealt hand wins (only 庄分 beside it)")
EARTHLY = Fan("地胡", "Earthly hand", 80, lambda r: v.earthly(r) and r.ctx.self_drawn,
              why="a non-dealer self-draws on its first draw (only 庄分 beside it)")


# ---------------------------------------------------------------------------
# The rule set
# ---------------------------------------------------------------------------


class Hefei(Ruleset):
    """合肥麻将: see the module docstring for every decision."""

    name = "hefei"
    version = 1
    zh = "合肥麻将"
    summary = "合肥: 84 tiles (2-8), no chow or pung, concealed kongs, 八支, 报听 rooms, 海捞区, additive points"
    aliases = ("合肥", "安徽", "安徽合肥麻将", "安徽麻将", "anhui")
    Options = HefeiOptions
    random_first_dealer = True  # "第一盘游戏系统随机选取一名玩家为庄家" (option first_dealer fixes the seat)

    suits = (0, 1, 2)
    honors = False
    allow_chow = False
    allow_pung = False
    allow_kong = True
    allow_exposed_kong = False
    multiple_winners = True
    rob_kong = False
    missed_win_ban = False
    self_draw_zone = 4
    ready_rule = ReadyRule.REQUIRED_FOR_DISCARD_WIN
    ready_kong_any_waits = True
    """The 报听 room; the 不报听 room sets ``ReadyRule.NONE`` on the instance."""
    hand_rules = HandRules(forms=(Form.STANDARD, Form.SEVEN_PAIRS))

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "streak": "the dealer's 连庄数 (1 = the dealer's first hand in a row), for 庄分",
        "haolao": "won by self-draw on one of the last four tiles (海捞区)",
    })

    options: HefeiOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        declare = self.options.room is Room.DECLARE
        # the room decides the engine's ready rule (an instance attribute)
        setattr(self, "ready_rule", ReadyRule.REQUIRED_FOR_DISCARD_WIN if declare else ReadyRule.NONE)
        self._base = 12 if declare else 10

    def wall_tiles(self) -> list[int]:
        return [k for k in KINDS for _ in range(self.copies)]

    # --- scoring -------------------------------------------------------------
    def _reading_items(self, r: Reading) -> list[tuple[Fan, int]]:
        if HEAVENLY.count(r):
            return [(HEAVENLY, 1)]
        if EARTHLY.count(r):
            return [(EARTHLY, 1)]
        hits = v.matching(HAND_FANS, r)
        if r.form is Form.SEVEN_PAIRS:
            hits.append((SEVEN_PAIRS, 1))
        else:
            hits += v.matching(SET_FANS, r)
        if HAOLAO.count(r):
            hits.append((HAOLAO, 1))
        return hits

    def score(self, ctx: WinContext) -> ScoreSheet:
        suits = suit_counts(ctx.all_kinds)
        if max(suits) < 8:
            if not ctx.decompositions:
                v.readings(ctx, self.hand_rules, by_win_unit=False)  # no shape: IllegalWinError
            why = "、".join(f"{_SUIT_NAMES[s]} {n}" for s, n in enumerate(suits))
            return ScoreSheet(items=(), total=0, unit="分", points=0,
                              notes=(f"八支: 三门中必须有一门达到或超过8张 (the hand has {why})",))
        top_items: list[tuple[Fan, int]] = []
        top_key = -1
        top_r: Reading | None = None
        for r in v.readings(ctx, self.hand_rules):
            hits = self._reading_items(r)
            key = sum(f.value * n for f, n in hits)
            if key > top_key:
                top_key, top_items, top_r = key, hits, r
        assert top_r is not None
        items = [ScoreItem("基本分", "Base", self._base, why="报听房间" if self._base == 12 else "不报听房间")]
        items += [f.item(top_r, n) for f, n in top_items]
        if ctx.dealer:
            streak = self._streak(ctx)
            per = 2 if ctx.self_drawn else 1
            items.append(ScoreItem("庄分", "Dealer points", per, streak,
                                   why=f"{'自摸' if ctx.self_drawn else '点炮'}胡 {per} × 连庄数 {streak}"))
        total = sum(it.total for it in items)
        return ScoreSheet(items=tuple(items), total=total, unit="分", points=total)

    @staticmethod
    def _streak(ctx: WinContext) -> int:
        raw = ctx.extra.get("streak", 1)
        try:
            n = int(raw)
        except (TypeError, ValueError):
            raise MahjongError(f"hefei: context streak must be a whole number >= 1, got {raw!r}") from None
        if n < 1:
            raise MahjongError(f"hefei: context streak must be a whole number >= 1, got {raw!r}")
        return n

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        for m in ctx.melds:
            if m.kind is not MeldKind.ANKAN:
                return f"不能吃、碰、杠别人的牌: only concealed kongs are made ({m})"
        if sheet.total <= 0:
            return sheet.notes[0] if sheet.notes else "not a winning hand"
        if ctx.discarder is not None and self.options.room is Room.DECLARE and not ctx.declared_ready:
            return "报听房间: 必须报听后才能进行点炮胡 (a discard win needs a declared ready)"
        if ctx.discarder is not None and _flag(ctx.extra.get("haolao", False)):
            return "海捞区: the last four tiles are won on by self-draw only (四家各抓一张牌但不出牌)"
        return None

    # --- settlement ------------------------------------------------------------
    def dealer_points(self, ctx: WinContext, payer: int) -> int:
        """庄分 added to ``payer``'s payment for a non-dealer's win (HF-2):
        1 or 2 × 连庄数 when ``payer`` is the dealer, else 0."""
        if ctx.dealer or self.options.dealer_points is DealerPoints.DEALER_WINS:
            return 0
        if payer != (ctx.seat - ctx.seat_wind) % self.num_players:
            return 0
        return (2 if ctx.self_drawn else 1) * self._streak(ctx)

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        for ctx, sheet in wins:
            if ctx.self_drawn:
                payers = [s for s in range(self.num_players) if s != ctx.seat]
            else:
                assert ctx.discarder is not None
                payers = [ctx.discarder]
            what = "自摸" if ctx.self_drawn else "点炮"
            for p in payers:
                extra = self.dealer_points(ctx, p)
                out.append(Payment(p, ctx.seat, sheet.points + extra, what + (f" +庄分 {extra}" if extra else "")))
        return Settlement(tuple(out))

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        k = self.options.kong_payment
        if not k:
            return Settlement()
        return Settlement(tuple(Payment(s, seat, k, "杠分") for s in range(self.num_players) if s != seat))

    def settle_draw(self, table: Table) -> Settlement:
        """荒庄: "本局所有杠分无效": the kong points of the hand are refunded."""
        return Settlement(tuple(Payment(p.payee, p.payer, p.amount, "荒庄: 杠分无效")
                                for p in table.kong_settlement.payments))

    # --- play ------------------------------------------------------------------
    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        return {"streak": table.streak + 1, "haolao": table.in_self_draw_zone and seat == table.turn}

    def may_declare_ready(self, table: Table, seat: int) -> bool:
        """Only a hand that could still reach 八支 declares: a suit of 7 or
        more tiles among its 14 (a declared hand is locked: with at most 6
        in every suit, 13 tiles and a winning tile never make 8)."""
        hand = table.hands[seat]
        counts = [sum(hand[0:9]), sum(hand[9:18]), sum(hand[18:27])]
        for m in table.melds[seat]:
            counts[m.kind_of // 9] += 4
        return max(counts) >= 7

    def aim_discard_costs(self, table: Any, seat: int) -> Sequence[int]:
        """A bot keeps its longest suit until it holds 八支: a discard from
        it costs one shanten while that suit has 8 tiles or fewer."""
        hand = table.hands[seat]
        counts = [sum(hand[0:9]), sum(hand[9:18]), sum(hand[18:27])]
        for m in table.melds[seat]:
            counts[m.kind_of // 9] += 4
        target = max(range(3), key=counts.__getitem__)
        if counts[target] > 8:
            return _NO_COSTS
        return _TARGET_COSTS[target]

    def next_dealer(self, table: Table) -> int:
        winners = table.winners
        if self.options.dealer_rule is DealerRule.FEEDER and winners:
            ctx = table.contexts[winners[0]]
            if not ctx.self_drawn and ctx.discarder is not None:
                return ctx.discarder
            return winners[0]
        return super().next_dealer(table)


def _flag(value: Any) -> bool:
    """A context flag given as a bool or as text ("true", "1", "yes")."""
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "y", "on")
    return bool(value)


# --- vocabulary candidates ---


def _set_edge(r: Reading) -> bool:
    """边张 of a tile set without 1s and 9s (合肥 2-8): the winning tile
    completed 234 as its 4 (23 waits only on 4) or 678 as its 6 (78 waits
    only on 6).  Candidate: ``edge_wait(r, low, high)`` with the lowest and
    highest ranks of the set."""
    if r.win_unit is None:
        return False
    u = r.units[r.win_unit]
    if u.shape is not Shape.CHOW:
        return False
    t = r.ctx.win_tile
    rank = u.kind % 9
    return (rank == 1 and t == u.kind + 2) or (rank == 5 and t == u.kind)

