"""陕西麻将 (西安 推倒胡): 136 tiles, pung and kong only, any complete hand
wins, doubling hands, kong payments.

Source: the seeds name 陕西麻将 only (seed 000's table of contents, p.44;
``variants-regional.md`` §12: "The extraction contains no text at all").
Every rule here is a PROPOSAL from the common real-world 西安 rules, each
one an option where a choice exists (see :class:`Shaanxi`).

>>> r = Shaanxi().score_hand("1112223334445m", win_tile="5m", winner=1, dealer=0)
>>> r.sheet.names(), r.sheet.total, r.settlement.deltas(4)
(['碰碰胡', '清一色', '自摸'], 8, [-8, 24, -8, -8])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import Meld, MeldKind, format_tiles

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["DOUBLERS", "SHAPES", "Shaanxi", "ShaanxiOptions"]


def _quads(r: Reading) -> bool:
    return v.seven_pairs_quads(r) > 0


SHAPES: tuple[Fan, ...] = (
    Fan("平胡", "Basic win", 1, v.any_win, why="推倒胡: any complete hand"),
    Fan("碰碰胡", "All pungs", 2, v.all_pungs, why="four pungs or kongs and a pair"),
    Fan("七小对", "Seven pairs", 2, v.seven_pairs, why="seven pairs"),
    Fan("豪华七小对", "Seven pairs with four of a kind", 4, _quads, why="seven pairs holding four identical tiles"),
    Fan("十三幺", "Thirteen orphans", 8, v.thirteen_orphans, why="1 and 9 of each suit and the seven honours"),
)
"""The hand's shape: the highest one counts (PROPOSAL)."""

DOUBLERS: tuple[Fan, ...] = (
    Fan("清一色", "Full flush", 2, v.full_flush, why="one suit only: ×2"),
    Fan("自摸", "Self-drawn", 2, v.self_drawn, why="self-drawn: ×2"),
    Fan("杠上开花", "Kong replacement win", 2, v.kong_replacement, why="won on a kong's replacement: ×2"),
    Fan("抢杠胡", "Robbing a kong", 2, v.robbed_kong, why="won on an added kong: ×2"),
)
"""Multipliers on the shape (PROPOSAL); they multiply each other."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ShaanxiOptions:
    """House rules of 陕西 (西安) 麻将 (every one a PROPOSAL, see :class:`Shaanxi`)."""

    base: int = 1
    """底: the value of 平胡."""
    pair_258: bool = False
    """硬将: the standard form needs a 2, 5 or 8 pair (some 西安 tables); off."""
    multiple_winners: bool = True
    """一炮多响: every seat that wins on a discard wins; ``False``: the nearest (截胡)."""
    discarder_pays_all: bool = False
    """点炮包三家: the discarder pays what all three would pay on a self-draw
    (without the 自摸 ×2); off: the discarder pays the hand once."""
    pao: int = 0
    """下炮子: each payer of a win adds this many points (0 = none)."""
    draw_cancels_kongs: bool = True
    """荒庄荒杠: a drawn hand refunds the kong payments."""

    def __post_init__(self) -> None:
        for name in ("base", "pao"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MahjongError(f"shaanxi: option {name} must be an int >= 0, got {value!r}")
        if self.base == 0:
            raise MahjongError("shaanxi: option base must be at least 1")
        for name in ("pair_258", "multiple_winners", "discarder_pays_all", "draw_cancels_kongs"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"shaanxi: option {name} must be True or False, got {getattr(self, name)!r}")


_FORMS = frozenset({Form.STANDARD, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS})


class Shaanxi(Ruleset):
    """陕西麻将 (西安 推倒胡); the seeds name it only, so **every rule is a
    PROPOSAL** from the common real-world 西安 rules:

    - **Tiles**: 136 (万 筒 条 and the honours), no flowers; 13 tiles, the
      dealer 14 and discards first.
    - **Calls**: pung and kong from anyone, **no chow**; win > kong/pung.
      一炮多响 (option ``multiple_winners``); 抢杠 on an added kong; 漏胡: a
      seat that passes a win may not win on a discard before its next draw.
    - **Winning** (推倒胡): any complete hand: four sets and a pair, seven
      pairs, or thirteen orphans; no minimum.  Option ``pair_258`` (硬将):
      the standard form needs a 2-5-8 pair.
    - **Value**: ``base`` × the highest shape (平胡 1, 碰碰胡 2, 七小对 2,
      豪华七小对 4, 十三幺 8) × 2 for each of 清一色, 自摸, 杠上开花, 抢杠胡.
    - **Payments**: self-draw: each other seat pays the value; discard (and
      抢杠): the discarder pays it (``discarder_pays_all``: three times);
      each payer adds ``pao`` (下炮子).
    - **Kongs**, paid at once: a kong on a discard, the feeder pays 3 (点杠包
      三家); an added kong, each other seat 1; a concealed kong, each other
      seat 2; refunded at a drawn hand (荒庄荒杠, option ``draw_cancels_kongs``);
      a robbed added kong pays nothing.
    - **Dealer**: stays after its own win or a drawn hand (连庄), else the
      next seat deals.
    """

    name = "shaanxi"
    version = 1
    zh = "陕西麻将"
    summary = "Shaanxi (Xi'an) push-down: 136 tiles, pung/kong only, any hand wins, doubling, kong payments (PROPOSAL)"
    aliases = ("陕西", "西安", "西安麻将", "陕西推倒胡", "xian", "shanxi-xian")
    Options = ShaanxiOptions
    options: ShaanxiOptions

    allow_chow = False
    multiple_winners = True
    rob_kong = True
    missed_win_ban = True
    hand_rules = HandRules(forms=_FORMS)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.multiple_winners = self.options.multiple_winners
        if self.options.pair_258:
            self.hand_rules = HandRules(forms=_FORMS, pair_kinds=HandRules.PAIR_258)  # type: ignore[misc]

    def score(self, ctx: WinContext) -> ScoreSheet:
        size = len(ctx.concealed) + 3 * len(ctx.melds)
        if size != self.hand_size + 1 or ctx.wilds:
            raise InvalidHandError(
                f"shaanxi: a winning hand has {self.hand_size + 1} tiles (a kong counts 3), no wilds, got {size}: "
                f"{format_tiles(ctx.concealed)!r} + {[str(m) for m in ctx.melds]!r}"
            )
        try:
            found = v.readings(ctx, self.hand_rules, by_win_unit=False)
        except IllegalWinError as e:
            raise IllegalWinError(f"shaanxi: {e}") from None
        best_items: list[ScoreItem] = []
        best = 0
        for r in found:
            shape = max((f for f in SHAPES if f.count(r)), key=lambda f: f.value)
            items = [shape.item(r)] if shape.value > 1 or shape.zh == "平胡" else []
            mult = shape.value
            for f, _ in v.matching(DOUBLERS, r):
                items.append(f.item(r))
                mult *= f.value
            if mult > best:
                best, best_items = mult, items
        if best_items and best_items[0].zh == "平胡" and len(best_items) > 1:
            best_items = best_items[1:]  # 平胡 is the base only when nothing else counts
        total = best * self.options.base
        return ScoreSheet(items=tuple(best_items), total=total, unit="分", points=total,
                          notes=(f"底 {self.options.base} × {best}",))

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        o = self.options
        for ctx, sheet in wins:
            if ctx.self_drawn:
                for s in range(self.num_players):
                    if s != ctx.seat:
                        out.append(Payment(s, ctx.seat, sheet.points + o.pao, "自摸"))
                continue
            if ctx.discarder is None:
                raise MahjongError(f"shaanxi: discard win of seat {ctx.seat!r} without a discarder")
            amount = sheet.points * (self.num_players - 1 if o.discarder_pays_all else 1) + o.pao
            out.append(Payment(ctx.discarder, ctx.seat, amount, "抢杠" if ctx.robbed_kong else "点炮"))
        return Settlement(tuple(out))

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        others = [s for s in range(self.num_players) if s != seat]
        if meld.kind is MeldKind.KAN and source is not None:
            return Settlement((Payment(source, seat, 3, "点杠"),))
        if meld.kind is MeldKind.ANKAN:
            return Settlement(tuple(Payment(s, seat, 2, "暗杠") for s in others))
        return Settlement(tuple(Payment(s, seat, 1, "补杠") for s in others))

    def settle_draw(self, table: Table) -> Settlement:
        """荒庄荒杠: the kong payments of the hand are refunded."""
        if not self.options.draw_cancels_kongs:
            return Settlement()
        return Settlement(tuple(Payment(p.payee, p.payer, p.amount, "荒庄荒杠")
                                for p in table.kong_settlement.payments))
