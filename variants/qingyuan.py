"""清远麻雀 (Qingyuan, 广东): 100 tiles without 万, pung only, self-drawn
wins only, six hands of fixed points, kong points.

Source: seed 001, "清远麻雀(广东)" (read whole: it is one paragraph), as
specified in ``variants-more.md`` §7; seed 001's 广东 common procedure
(§5.1) for what it leaves open.  Score a hand from notation (seats 0..3):

>>> r = Qingyuan().score_hand("111p999s222z777z9p", win_tile="9p", winner=1)
>>> r.sheet.names(), r.sheet.total, r.settlement.deltas(4)
(['壹玖全对'], 15, [-15, 45, -15, -15])

What the rule set decides (seed wording first, then each gap):

* Tiles: "共计 100 只，原来 136 只的根底上减去'万子'": 筒 and 条 1–9 and
  东南西北中发白, four of each; no flowers, no wild tiles.  13 tiles, the
  dealer 14 and discards first.
* Calls: "只允许'碰'不允许'上'": pung and kong, no chow.
* Wins: "只允许自摸不允许吃糊": self-drawn wins only (a win on a discard
  raises ``IllegalWinError`` naming the rule).  A robbed kong is a win on
  another seat's tile, so there is no 抢杠 (PROPOSAL, from the same
  sentence).  Shapes: four sets and a pair (§5.1's 广东 defaults: no seven
  pairs; 十三幺 needs 万).  A win on a kong's replacement is a plain
  self-draw.
* Hands (points; the highest one counts, they do not add up: PROPOSAL of
  §7): 鸡糊 3 (any win), 对对糊 6 (all pungs), 清一色 9 (筒 only or 条
  only, no honours: a suit with honours is 鸡糊, there is no 混一色), 清一色
  全对 12, 壹玖全对 15 (all pungs of 1s, 9s and honours: the PROPOSAL of
  §7, and the only reading that can happen: 筒 and 条 have four terminal
  kinds, too few for four pungs and a pair), 全字全对 18 (all honour
  pungs; the higher of the two when both apply).
* Payments: every win is self-drawn, so each of the three others pays the
  hand's points (PROPOSAL of §7).
* Kongs, paid when made: "开杠杠谁的就谁多输 3 点" — a kong on a discard,
  the discarder pays 3; "暗杠的话，三家每多家输 2 点" — a concealed kong, each
  of the three others pays 2; an added kong (碰 + the fourth drawn) is not
  in the seed: ``added_kong`` = 1 from each of the three (PROPOSAL).  They
  are kept when the hand is drawn (PROPOSAL).  On paper (``score_hand``)
  the winner's declared kongs are settled with the win, as §7's worked
  examples count them.
* Dealer and the end of the wall (§5.1): the dealer deals again when it
  wins or nobody does, else the next seat; the hand is drawn when the wall
  is empty (no tiles kept back).  Nothing is carried between hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import ContextWinConditions, Payment, Ruleset, ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import Meld, MeldKind

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["HANDS", "Qingyuan", "QingyuanOptions"]


@dataclass(frozen=True, slots=True, kw_only=True)
class QingyuanOptions:
    """House rules of 清远麻雀 (see the module doc)."""

    added_kong: int = 1
    """Points each of the three others pays for an added kong (PROPOSAL 1)."""

    def __post_init__(self) -> None:
        if isinstance(self.added_kong, bool) or not isinstance(self.added_kong, int) or self.added_kong < 0:
            raise MahjongError(f"qingyuan: option added_kong must be an int >= 0, got {self.added_kong!r}")


_ENDS = v.TERMINALS | v.HONOURS


def _terminal_pungs(r: Reading) -> bool:
    """壹玖全对: all pungs, every tile a 1, a 9 or an honour."""
    return v.all_pungs(r) and r.kinds <= _ENDS


HANDS: tuple[Fan, ...] = (
    Fan("鸡糊", "Chicken hand", 3, v.any_win, why="any winning hand"),
    Fan("对对糊", "All pungs", 6, v.all_pungs, why="four pungs or kongs and a pair"),
    Fan("清一色", "Full flush", 9, v.full_flush, why="筒 only or 条 only, no honours"),
    Fan("清一色全对", "Full-flush all pungs", 12, lambda r: v.full_flush(r) and v.all_pungs(r),
        why="清一色 + 对对糊"),
    Fan("壹玖全对", "Terminal pungs", 15, _terminal_pungs, why="pungs of 1s, 9s and honours"),
    Fan("全字全对", "All-honour pungs", 18, lambda r: v.all_honours(r) and v.all_pungs(r), why="honour pungs only"),
)
"""The seed's six hands, in points; the highest that applies counts."""


class Qingyuan(ContextWinConditions, Ruleset):
    """清远麻雀: see the module doc for every decision."""

    name = "qingyuan"
    version = 1
    zh = "清远麻雀"
    summary = "清远: 100 tiles (no 万), pung only, self-drawn wins only, 3-18 points, kong points"
    aliases: ClassVar[tuple[str, ...]] = ("清远", "清远麻将", "qingyuan-maque")
    Options = QingyuanOptions
    options: QingyuanOptions

    suits = (1, 2)
    allow_chow = False
    rob_kong = False
    missed_win_ban = False
    hand_rules = HandRules(forms=frozenset({Form.STANDARD}))

    # --- scoring -------------------------------------------------------------
    def score(self, ctx: WinContext) -> ScoreSheet:
        """The highest of the six hands (就高不就低 over the readings)."""
        self.check_win_context(ctx)  # no wilds, 14 tiles, no chow ("不允许'上'")
        try:
            found = v.readings(ctx, self.hand_rules, by_win_unit=False)
        except IllegalWinError as e:
            raise IllegalWinError(f"{self.id}: {e} (four sets and a pair)") from None
        table = HANDS
        top: Fan = HANDS[0]
        top_reading = found[0]
        for r in found:
            for f in table:
                if f.value > top.value and f.count(r):
                    top, top_reading = f, r
        others = [f.zh for f in table[1:] if f is not top and f.count(top_reading)]
        notes = (f"not added: {', '.join(others)} (the highest hand counts alone)",) if others else ()
        return ScoreSheet(items=(top.item(top_reading),), total=top.value, unit="点", points=top.value, notes=notes)

    def context_problem(self, ctx: WinContext) -> str | None:
        """Self-drawn wins only."""
        if ctx.self_drawn:
            return None
        return "清远: self-drawn wins only (只允许自摸不允许吃糊)"

    # --- payments ----------------------------------------------------------
    def _kong_points(self, seat: int, meld: Meld, source: int | None) -> list[Payment]:
        others = [s for s in range(self.num_players) if s != seat]
        if meld.kind is MeldKind.KAN:
            if source is None or source == seat:
                raise MahjongError(
                    f"{self.id}: the kong {str(meld)!r} of seat {seat} on a discard needs the discarder (meld_sources)"
                )
            return [Payment(source, seat, 3, "杠 (discarder)")]
        if meld.kind is MeldKind.ANKAN:
            return [Payment(s, seat, 2, "暗杠") for s in others]
        if meld.kind is MeldKind.KAKAN and self.options.added_kong:
            return [Payment(s, seat, self.options.added_kong, "加杠") for s in others]
        return []

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        """A kong on a discard: the discarder pays 3; a concealed kong: each
        of the three others pays 2; an added kong: each pays ``added_kong``."""
        return Settlement(tuple(self._kong_points(seat, meld, source)))

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """Each of the three others pays the hand's points.  On paper
        (``table`` None) the winner's declared kongs are settled too."""
        out: list[Payment] = []
        for ctx, sheet in wins:
            if not ctx.self_drawn:
                raise MahjongError(f"{self.id}: a win of seat {ctx.seat!r} that is not self-drawn")
            out.extend(Payment(s, ctx.seat, sheet.points, "自摸")
                       for s in range(self.num_players) if s != ctx.seat)
            if table is None:
                sources = tuple(ctx.meld_sources) + (None,) * (len(ctx.melds) - len(ctx.meld_sources))
                for m, src in zip(ctx.melds, sources):
                    out.extend(self._kong_points(ctx.seat, m, src))
        return Settlement(tuple(out))
