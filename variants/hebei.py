"""河北麻将 (Hebei): 136 tiles, no chow, win > pong, a reserve of 6 stacks,
multiple ron, and a 推倒胡 table where the seed has none.

Sources: seed 000 (全国各地麻将玩法总汇, 河北麻将, pp.27-29) as specified in
``variants-regional.md`` §7, and seed 001 (the 河北麻将 note: "可吃碰牌 …
两摞牌，十四张起胡，可以吃、碰数次的最一般玩法，无补花，基点为 1、2、3") as
quoted in ``variants-more.md`` §11.8.  Score a hand written on paper (seats
0..3 = E S W N when seat 0 deals):

>>> hb = Hebei()
>>> r = hb.score_hand("1m9m1p9p1s9s1234567z", win_tile="9s", winner=2)
>>> r.sheet.names(), r.sheet.points, r.settlement.deltas(4)
(['十三幺', '自摸'], 20, [-20, -20, 60, -20])
>>> hb.score_hand("123m456p789s1122z", win_tile="2z", winner=3, discarder=2).settlement.deltas(4)
[0, 0, -1, 1]

What the rule set decides (the seed's wording first, then each gap):

* Tiles (§7.1): 万筒条 and the seven honours, 136 tiles, no flowers ("无补花"),
  no wild tiles; 13 tiles, the dealer 14 and discards first ("庄家拥有当局
  第一轮出牌权"); two dice.
* Calls (§7.4): no chow ("不能吃牌", "不允许吃"); any other seat may pong or
  kong a discard; exposed kongs from three in hand + a discard and from a
  pong + a drawn fourth tile; concealed kongs of four held; the replacement
  from the end of the wall ("开杠后从牌城尾部补牌").  Priority win > pong
  (kong) ("胡牌>碰牌（杠牌）").  Seed 001 says "可吃碰牌" (chow and pong
  allowed): the seeds disagree, so option ``chow`` (default ``False``, seed
  000) lets the discarder's 下家 chow.
* Ready (听牌): declaring is allowed and changes nothing in scoring ("不听也能
  胡牌，听牌不加番"); a declared hand discards what it draws; it may still
  kong the drawn tile when it stays ready after the kong, whatever its waits
  then ("听牌后仍可杠牌，前提是杠完后还可听": the engine's
  ``ready_kong_any_waits``; the added kong of a drawn tile always leaves it
  ready); it may take or decline a win ("听牌后遇到胡，玩家可以自行选择").
  A declared hand claims only wins (no kong of a discard).
* Winning (§7.5): any 4 sets + a pair (the basic shapes need a chow, special
  shape (1) is four pungs: together every standard hand), 七对 (a kind held
  four times counts as two pairs, PROPOSAL: the common practice) and 十三幺
  (HB PROPOSAL: one each of the 13 terminals and honours plus a duplicate);
  no minimum value ("必须符和规则规定的牌型").  Several seats may win on one
  discard ("可以一炮多响", HB-2 PROPOSAL); option ``single_ron=True`` keeps
  only the nearest seat counter-clockwise from the discarder (截胡).
* Payers (§7.5): a discard win is paid by the discarder alone, and only its
  own share ("只有放炮家输分，且放炮家不包分"); a self-draw by all three.
* Exhaustive draw (§7.7): the last 6 stacks (12 tiles) are never drawn; the
  lone tile an odd number of replacements leaves at the tail is no stack and
  is kept back too ("杠完后留的单数海底牌不算一墩", HB-3 PROPOSAL: the engine's
  ``dead_wall_odd_tail``): 71 draws after the deal with no kong, 70 with one.
  At a draw every kong payment of the hand is cancelled ("本局所有杠分无效")
  and the dealer deals again.
* Dealer (§7.2): the dealer wins (alone or among the winners of one discard)
  or the hand is drawn → the dealer deals again; otherwise the dealer's 下家.
* Scoring (HB-1 PROPOSAL: the seed has none; the common 河北推倒胡 table, every
  value an option in ``values``): the hand is the highest of 平胡 1, 碰碰胡 2,
  七对 2, 十三幺 10 (番); a self-draw doubles what each payer pays (自摸 ×2);
  one payer pays 番 × 自摸 × ``base``.  ``base`` is the 底分 1, 2 or 3 of
  seed 001 ("基点为 1、2、3"; default 1).
* Kong points (HB-1 PROPOSAL, "杠分" of the seed): paid at once by each of the
  three other seats, exposed kong (直杠, 补杠) 1 × base, concealed kong 2 ×
  base; refunded at an exhaustive draw.
* 抢杠 (PROPOSAL, not in the seed): an added kong may be robbed (option
  ``rob_kong``); the robbed seat pays as a discarder.
* 漏胡 (PROPOSAL, not in the seed): a seat that passes a win may not win on a
  discard until its next draw (option ``missed_win_ban``).
* The auto-win of a seat on autoplay ("系统也会代替玩家自动胡牌") is the bots'
  business: every bot of this package takes a win it is offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mahjong_core import patterns as v
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import Payment, ReadyRule, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import Meld, MeldKind

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["Hebei", "HebeiOptions", "HebeiValues", "hand_table"]


@dataclass(frozen=True, slots=True, kw_only=True)
class HebeiValues:
    """The values of the 河北 table (HB-1 PROPOSAL); each may be changed."""

    plain: int = 1
    """平胡: any other winning hand (番)."""
    all_pungs: int = 2
    """碰碰胡: four pungs or kongs and a pair (番)."""
    seven_pairs: int = 2
    """七对 (番)."""
    thirteen_orphans: int = 10
    """十三幺 (番)."""
    self_draw: int = 2
    """自摸: what each payer pays is multiplied by this."""
    exposed_kong: int = 1
    """直杠 / 补杠: paid by each other seat, × base."""
    concealed_kong: int = 2
    """暗杠: paid by each other seat, × base."""

    def __post_init__(self) -> None:
        for f in ("plain", "all_pungs", "seven_pairs", "thirteen_orphans", "self_draw"):
            x = getattr(self, f)
            if isinstance(x, bool) or not isinstance(x, int) or x < 1:
                raise MahjongError(f"hebei: option values.{f} must be an int >= 1, got {x!r}")
        for f in ("exposed_kong", "concealed_kong"):
            x = getattr(self, f)
            if isinstance(x, bool) or not isinstance(x, int) or x < 0:
                raise MahjongError(f"hebei: option values.{f} must be an int >= 0, got {x!r}")


@dataclass(frozen=True, slots=True, kw_only=True)
class HebeiOptions:
    """House rules of 河北麻将 (see :class:`Hebei`)."""
    first_dealer: int = -1
    """The first dealer of a match: -1 (default) a seat drawn from the
    match's seed, as the seed says ("第一把系统随机选一个人做庄": ``random_first_dealer``); 0..3:
    that seat deals first."""

    base: int = 1
    """底分: 1, 2 or 3 (seed 001 "基点为 1、2、3")."""
    chow: bool = False
    """Seed 001 "可吃碰牌": the discarder's 下家 may chow; default: no chow (seed 000)."""
    single_ron: bool = False
    """Only the nearest winner counter-clockwise from the discarder (HB-2); default: 一炮多响."""
    rob_kong: bool = True
    """An added kong may be robbed (抢杠, PROPOSAL)."""
    missed_win_ban: bool = True
    """漏胡 (PROPOSAL): after passing a win, no discard win until the seat's next draw."""
    values: HebeiValues = field(default_factory=HebeiValues)
    """The table's values (HB-1 PROPOSAL)."""

    def __post_init__(self) -> None:
        if isinstance(self.base, bool) or self.base not in (1, 2, 3):
            raise MahjongError(f"hebei: option base must be 1, 2 or 3 (基点为 1、2、3), got {self.base!r}")
        for name in ("chow", "single_ron", "rob_kong", "missed_win_ban"):
            x = getattr(self, name)
            if not isinstance(x, bool):
                raise MahjongError(f"hebei: option {name} must be True or False, got {x!r}")
        if isinstance(self.values, dict):
            try:
                object.__setattr__(self, "values", HebeiValues(**self.values))
            except TypeError as e:
                raise MahjongError(f"hebei: option values: {e}") from None
        if not isinstance(self.values, HebeiValues):
            raise MahjongError(f"hebei: option values must be HebeiValues, got {self.values!r}")


def hand_table(values: HebeiValues) -> tuple[Fan, ...]:
    """The hands of the table with ``values``; the highest applying one counts."""
    return (
        Fan("十三幺", "Thirteen orphans", values.thirteen_orphans, v.thirteen_orphans,
            why="one each of the 13 terminals and honours, and a pair of one"),
        Fan("七对", "Seven pairs", values.seven_pairs, v.seven_pairs, why="seven pairs"),
        Fan("碰碰胡", "All pungs", values.all_pungs, v.all_pungs, why="four pungs or kongs and a pair"),
        Fan("平胡", "Plain win", values.plain, v.any_win, why="four sets and a pair"),
    )


class Hebei(Ruleset):
    """河北麻将: see the module docstring for every decision."""

    name = "hebei"
    version = 1
    zh = "河北麻将"
    summary = "河北: 136 tiles, no chow, win > pong, multiple ron, 6 stacks kept back, 推倒胡 table (PROPOSAL)"
    aliases = ("河北", "河北推倒胡", "hebei-tuidaohu")
    Options = HebeiOptions
    random_first_dealer = True  # "第一把系统随机选一个人做庄" (option first_dealer fixes the seat)

    allow_chow = False
    multiple_winners = True
    rob_kong = True
    missed_win_ban = True
    ready_rule = ReadyRule.OPTIONAL
    ready_allows_kong = True
    ready_kong_any_waits = True
    dead_wall = 12
    dead_wall_odd_tail = True

    options: HebeiOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        # the engine reads these from the rule set: options set them per instance
        setattr(self, "allow_chow", o.chow)
        setattr(self, "multiple_winners", not o.single_ron)
        setattr(self, "rob_kong", o.rob_kong)
        setattr(self, "missed_win_ban", o.missed_win_ban)
        self._table = hand_table(o.values)

    # --- scoring -------------------------------------------------------------
    def _value(self, r: Reading) -> tuple[int]:
        return (max(f.value for f, _ in v.matching(self._table, r)),)

    def score(self, ctx: WinContext) -> ScoreSheet:
        rs = v.readings(ctx, self.hand_rules, by_win_unit=False)
        top = v.best(rs, self._value)
        fan = max((f for f, _ in v.matching(self._table, top)), key=lambda f: f.value)
        vals = self.options.values
        items = [fan.item(top)]
        mult = vals.self_draw if ctx.self_drawn else 1
        if mult > 1:  # the doubling, as the 番 it adds: the sheet's items sum to its total
            items.append(ScoreItem("自摸", "Self-drawn", fan.value * (mult - 1), why=f"each payer pays × {mult}"))
        total = fan.value * mult
        notes = (f"{fan.value} 番 × {mult} × 底分 {self.options.base}",)
        return ScoreSheet(items=tuple(items), total=total, unit="番", points=total * self.options.base, notes=notes)

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        if any(m.kind is MeldKind.CHI for m in ctx.melds) and not self.options.chow:
            return "不能吃牌: a hand with a chow cannot win without the option chow"
        return None

    # --- settlement ----------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        for ctx, sheet in wins:
            if ctx.self_drawn:
                out += [Payment(s, ctx.seat, sheet.points, "自摸") for s in range(self.num_players) if s != ctx.seat]
            elif ctx.discarder is not None:
                why = "抢杠" if ctx.robbed_kong else "点炮 (不包分)"
                out.append(Payment(ctx.discarder, ctx.seat, sheet.points, why))
            else:  # pragma: no cover - a WinContext is self-drawn or has a discarder
                raise IllegalWinError("hebei: a discard win without a discarder")
        return Settlement(tuple(out))

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        vals = self.options.values
        if meld.kind is MeldKind.ANKAN:
            amount, why = vals.concealed_kong, "暗杠"
        else:
            amount, why = vals.exposed_kong, "直杠" if meld.kind is MeldKind.KAN else "补杠"
        amount *= self.options.base
        if not amount:
            return Settlement()
        return Settlement(tuple(Payment(s, seat, amount, why) for s in range(self.num_players) if s != seat))

    def settle_draw(self, table: Table) -> Settlement:
        """荒庄: "本局所有杠分无效": every kong payment of the hand is refunded."""
        back = tuple(Payment(p.payee, p.payer, p.amount, "荒庄: 杠分无效") for p in table.kong_settlement.payments)
        return Settlement(back)
