"""温州麻将 (Wenzhou 财神): 136 tiles, 17-tile hands (five sets and a pair),
a 财神 that stands for any tile, 连庄 raising the base, the players
re-drawing their seats after four 连庄.

Source: seed 001 (各地麻将玩法, 温州麻将), as summarised in the spec
(``variants-more.md`` §11.9).  The seed is the authority; it gives the
seats, the dealer rule, the 17 tiles and the 财神, but neither how the 财神
is chosen nor any value: those are PROPOSALs here, each an option.  Score a
hand from notation (seats 0..3 = E S W N when seat 0 deals; ``indicator``
names the turned-up tile, whose next kind is the 财神):

>>> wz = Wenzhou()
>>> r = wz.score_hand("123m456m789p11s234s55z", win_tile="5z", winner=1, discarder=0, context={"indicator": "1z"})
>>> r.sheet.names(), r.sheet.total, r.sheet.points, r.settlement.deltas(4)
(['底数', '平胡', '硬胡'], 2, 2, [-2, 2, 0, 0])

What the rule set decides (seed wording first):

* Seats and dealer: "参赛选手为 4 人，分别为东、南、西、北，第一盘门风东者为庄家，
  其余均为旁家": four players, the East seat deals the first hand (a match
  starts with seat 0 dealing).  "余下的按逆时针的方始终轮庄": the deal passes
  counter-clockwise, to the dealer's 下家.  "假设庄家连庄则还是此位玩家产庄，
  底数增加": a dealer who keeps the deal (连庄) deals again and the base
  rises: 底数 = ``base`` + ``streak_step`` × the dealer's 连庄 count (the
  hand's ``streak``), on every payment of the hand (PROPOSAL: +1 a 连庄).
  When the dealer keeps the deal: after its own win, and after a drawn hand
  (PROPOSAL, option ``draw_keeps_dealer``).  "假设庄家连庄四把之后，四位玩家重排
  定位置": after the hand a dealer deals on its fourth 连庄 (``streak`` 4,
  option ``reseat_after``), the four players draw their seats again
  (:meth:`Wenzhou.reseat`, the engine's ``Match`` places them at random)
  and the streak ends.
* Hands: "每人手里抓 17 张牌": a hand is 17 tiles when it wins, five sets and
  a pair (PROPOSAL reading: 16 in hand and the 17th drawn, the dealer
  dealt 17 and discarding first, as in every 16-张 game).  "通过吃牌、碰牌、
  杠牌等方式…和牌": chow (from the 上家), pung and kong.  PROPOSAL: no 七对 or
  other form; one winner per discard, the nearest after the discarder
  (截胡); no 漏胡 rule; 抢杠 allowed.
* 财神: "财神可当任何牌": a 财神 stands for any tile in a winning hand.
  PROPOSAL (the seed does not say how it is chosen): after the deal the
  last tile of the wall is turned up (it leaves the wall); its next kind
  (9 → 1 in a suit, 北 → 东, 白 → 发 → 中 → 白) is the 财神, four tiles
  (option ``wild``: ``indicator`` makes the turned-up kind itself the 财神,
  three tiles).  A 财神 is never claimed and never part of a call; it may
  be discarded, and a discarded 财神 is dead: no win on it (option
  ``win_on_discarded_wild``).
* Values (PROPOSAL, the seed has none): each payer pays 底数 × the product
  of the doubles the hand has: 硬胡 (no 财神 in hand) ×2, 杠开 (won on a
  kong's replacement) ×2, 对对胡 ×2, 混一色 ×2, 清一色 ×4, 字一色 ×8, read
  on the best reading of the 财神 (就高不就低); option ``doubles`` off: 底数
  only.  A discard win: the discarder pays (the robbed seat for 抢杠); a
  self-drawn win: each of the other three.

Context keys (``Ruleset.context_keys``): ``indicator`` (the turned-up tile,
notation or id: the 财神 of the hand on paper), ``streak`` (the dealer's
连庄 count before this hand, 0 = none).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import ContextWinConditions, Ruleset, ScoreItem, ScoreSheet, WinContext, next_kind

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["DOUBLES", "Wenzhou", "WenzhouOptions", "WildChoice"]


class WildChoice(enum.Enum):
    """Which kind the turned-up tile makes the 财神 (the seed does not say)."""

    NEXT = "next"
    """The next kind, wrapping (four 财神) (default)."""
    INDICATOR = "indicator"
    """The turned-up kind itself (three 财神 left in play)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class WenzhouOptions:
    """House rules of 温州麻将 (see :class:`Wenzhou`)."""

    base: int = 1
    """底数 of a hand with no 连庄 (PROPOSAL 1)."""
    streak_step: int = 1
    """What each 连庄 adds to the 底数 ("底数增加", PROPOSAL +1)."""
    reseat_after: int = 4
    """After the hand a dealer deals on this 连庄 the players draw their
    seats again ("庄家连庄四把之后，四位玩家重排定位置"); 0: never."""
    draw_keeps_dealer: bool = True
    """A drawn hand keeps the dealer (PROPOSAL; else the deal passes)."""
    wild: WildChoice = WildChoice.NEXT
    """Which kind the turned-up tile makes the 财神 (PROPOSAL)."""
    doubles: bool = True
    """The PROPOSAL doubles (硬胡 杠开 对对胡 混一色 清一色 字一色); off: 底数 only."""
    win_on_discarded_wild: bool = False
    """A discarded 财神 may be won on (PROPOSAL: no, it is dead)."""

    def __post_init__(self) -> None:
        for name, low in (("base", 1), ("streak_step", 0), ("reseat_after", 0)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise MahjongError(f"wenzhou: option {name} must be a whole number >= {low}, got {value!r}")
        for name in ("draw_keeps_dealer", "doubles", "win_on_discarded_wild"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"wenzhou: option {name} must be True or False, got {getattr(self, name)!r}")
        try:
            object.__setattr__(self, "wild", WildChoice(self.wild))
        except ValueError:
            known = ", ".join(repr(x.value) for x in WildChoice)
            raise MahjongError(f"wenzhou: option wild {self.wild!r} is not one of {known}") from None


DOUBLES: tuple[Fan, ...] = (
    Fan("对对胡", "All pungs", 2, v.all_pungs, why="five pungs or kongs and a pair"),
    Fan("混一色", "Half flush", 2, v.half_flush, why="one suit and honours"),
    Fan("清一色", "Full flush", 4, v.full_flush, why="one suit"),
    Fan("字一色", "All honours", 8, v.all_honours, why="honours only"),
)
"""The doubles that depend on the reading (PROPOSAL), multiplied."""

_RULES = HandRules(forms=(Form.STANDARD,))
"""Five sets and a pair (n sets from the tile count); no other form."""


def _product(r: Reading) -> int:
    out = 1
    for f, n in v.matching(DOUBLES, r):
        out *= f.value**n
    return out


class Wenzhou(ContextWinConditions, Ruleset):
    """温州麻将: see the module docstring for every decision."""

    name = "wenzhou"
    version = 1
    zh = "温州"
    summary = "温州 财神: 17-tile hands (five sets and a pair), a 财神 wild, 连庄 raises the base, reseat after four"
    aliases = ("温州麻将", "温州财神", "浙江温州", "浙江温州麻将")
    Options = WenzhouOptions
    win_payment_reasons = ("自摸", "点炮", "抢杠")

    hand_size = 16
    wild_indicator = True
    wild_discard = True
    multiple_winners = False
    rob_kong = True
    missed_win_ban = False
    wild_tiles = "the kind after the tile turned up at the end of the wall (the 财神): any tile"
    hand_rules = _RULES

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "indicator": "the turned-up tile (notation or id): the kind after it is the 财神 (option wild)",
        "streak": "the dealer's 连庄 count before this hand (0 = none): 底数 = base + streak_step × streak",
    })

    options: WenzhouOptions

    # --- the 财神 --------------------------------------------------------------
    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        if self.options.wild is WildChoice.INDICATOR:
            return frozenset({indicator})
        return frozenset({next_kind(indicator)})

    def paper_wild_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        tile = self.paper_indicator(extra)
        return frozenset() if tile is None else self.wilds_for_indicator(tile)

    # --- scoring -------------------------------------------------------------
    def _streak(self, ctx: WinContext) -> int:
        value = ctx.extra.get("streak", 0)
        try:
            n = int(value)
        except (TypeError, ValueError):
            n = -1
        if isinstance(value, bool) or n < 0:
            raise MahjongError(f"wenzhou: context streak {value!r} is not a whole number >= 0")
        return n

    def base_of(self, streak: int) -> int:
        """底数 of a hand whose dealer has ``streak`` 连庄 ("底数增加").

        >>> Wenzhou().base_of(0), Wenzhou().base_of(3), Wenzhou(base=2, streak_step=2).base_of(3)
        (1, 4, 8)
        """
        return self.options.base + self.options.streak_step * streak

    def score(self, ctx: WinContext) -> ScoreSheet:
        """``total``: the product of the doubles; ``points`` = 底数 × total
        (what each payer pays).

        :raises IllegalWinError: when the tiles are no five sets and a pair.
        """
        o = self.options
        streak = self._streak(ctx)
        di = self.base_of(streak)
        try:
            rs = v.readings(ctx, self.hand_rules, by_win_unit=False)
        except IllegalWinError:
            raise IllegalWinError(
                f"not a winning hand: no five sets and a pair (每人手里抓17张牌: {len(ctx.concealed) + ctx.wilds} "
                f"concealed tile(s) with {ctx.wilds} 财神, {len(ctx.melds)} meld(s))"
            ) from None
        why = f"{o.base} + {o.streak_step} × 连庄 {streak}" if streak else "no 连庄"
        items = [ScoreItem("底数", "Base", di, 1, why), ScoreItem("平胡", "Win", 1, 1, "five sets and a pair")]
        if o.doubles:
            top = v.best(rs, lambda r: (_product(r),))
            if ctx.wilds == 0:
                items.append(ScoreItem("硬胡", "No 财神", 2, 1, "no 财神 in hand"))
            if ctx.kong_replacement:
                items.append(ScoreItem("杠开", "Win on a kong replacement", 2, 1, "won on a kong's replacement"))
            items += [f.item(top, n) for f, n in v.matching(DOUBLES, top)]
        total = 1
        for it in items[1:]:
            total *= it.value**it.count
        return ScoreSheet(items=tuple(items), total=total, unit="倍", points=di * total,
                          notes=(f"底数 {di} × {total} = {di * total}",))

    def context_problem(self, ctx: WinContext) -> str | None:
        """A discarded 财神 is dead: no win on it (PROPOSAL, option ``win_on_discarded_wild``)."""
        if (not ctx.self_drawn and (ctx.win_tile in ctx.wild_kinds)
                and not self.options.win_on_discarded_wild):
            return "a discarded 财神 is dead: no win on it (PROPOSAL, option win_on_discarded_wild)"
        return None

    # --- settlement and the dealer -----------------------------------------------
    def dealer_stays(self, table: Table) -> bool:
        """连庄: the dealer won, or nobody did (``draw_keeps_dealer``)."""
        if not table.winners:
            return self.options.draw_keeps_dealer
        return table.dealer in table.winners

    def reseat(self, table: Table) -> bool:
        """"庄家连庄四把之后，四位玩家重排定位置": after the hand dealt on the
        dealer's ``reseat_after``-th 连庄."""
        n = self.options.reseat_after
        return bool(n) and table.streak >= n

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        return {"indicator": table.indicator, "streak": table.streak}
