"""济南麻将 (Jinan): 推倒胡 with a 2-5-8 pair, kongs and flowers that add 番,
and the declared-ready games 明摸 and 明打.

Source: seed 001 (the 济南麻将 note) as quoted in ``variants-more.md``
§11.13: "1 必需以二五八做将 2 推倒胡，放炮即 1 全部人 1 番 3 杠算 1 番 4 报听
明摸放炮不能和牌，必需自摸，明摸 1 人 4 番，庄上 8 番 5 明打 1 人 8 番，庄上 16 番
6 其余规章与群众麻将一样，花子只算加番，不能替牌，补来的牌和牌算花砸但不算番".
Score a hand written on paper (seats 0..3 = E S W N when seat 0 deals):

>>> jn = Jinan()
>>> r = jn.score_hand("123m456p789s2m345s", win_tile="2m", winner=1, discarder=2)
>>> r.sheet.names(), r.settlement.deltas(4)
(['推倒胡'], [0, 1, -1, 0])
>>> r = jn.score_hand("123m456p789s2m345s", win_tile="2m", winner=1, context={"declared_ready": True})
>>> r.sheet.names(), r.settlement.deltas(4)
(['明摸'], [-8, 16, -4, -4])

What the rule set decides (each seed sentence, then each gap):

1. "必需以二五八做将": the pair of a win is a 2, 5 or 8 of a suit;
   :meth:`win_problem` names the rule otherwise.  七对 (PROPOSAL, option
   ``seven_pairs``, default off: a seven-pairs hand has no 将) then needs a
   2-5-8 pair among its seven.
2. "推倒胡，放炮即 1 全部人 1 番": any four sets and a 2-5-8 pair win (推倒胡,
   no minimum); a discard win (放炮) is 1 番 paid by the discarder (the
   spec's PROPOSAL), a self-draw 1 番 paid by everyone (全部人).  The
   other reading — everyone pays 1 番 on a discard win too — is option
   ``discard_all_pay``.
3. "杠算 1 番": each kong of the winner's hand adds 1 番.
4. "报听明摸放炮不能和牌，必需自摸": a seat may declare ready (报听, the
   engine's optional ready); a declared (明摸) hand may not win on a discard
   (:meth:`win_problem`), only by self-draw, and is then paid 4 番 by each
   player, 8 番 by (or to) the dealer ("明摸 1 人 4 番，庄上 8 番").  The
   declared hand is locked (discards what it draws).
5. "明打 1 人 8 番，庄上 16 番": PROPOSAL (the seed names 明打 without its
   rule): 明打 is the other declared game, where the declared hand may win
   on a discard (its waits are open, so the discarder fed it knowingly) and
   such a win is paid 8 番 by the discarder (16 when the dealer is involved);
   option ``ready_mode=ReadyMode.MINGDA`` plays it (declared self-draws are
   then paid as 明摸).  Default ``ReadyMode.MINGMO``.
6. "其余规章与群众麻将一样": the rest follows the common national game
   (PROPOSAL): 144 tiles with the eight flowers, 13 tiles (the dealer 14),
   chow from the 上家, pung and kong, win > pung/kong > chow, several
   winners on one discard (一炮多响, option ``multiple_ron``), 抢杠 (paid by
   the robbed seat as a discard), 漏胡 until the next draw, the dealer stays
   when it wins or the hand is drawn.  "花子只算加番，不能替牌": each flower
   of the winner adds 1 番 and stands for no tile.  "补来的牌和牌算花砸但不算
   番": a win on a flower's replacement tile is named 花砸 on the sheet and
   adds no 番.
* 番 → points (gap): one 番 is ``base`` points (default 1) paid by each
  payer; kongs and flowers add to what every payer pays.  Kongs are paid
  only through the winner's 番 (no kong payments during the hand); a
  drawn hand pays nothing.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import MahjongError
from mahjong_core.rules import Payment, ReadyRule, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["Jinan", "JinanOptions", "ReadyMode"]



class ReadyMode(enum.Enum):
    """What a declared-ready (报听) hand may do (seed items 4 and 5)."""

    MINGMO = "mingmo"
    """明摸: self-draw only; 4 番 from each player, 8 from or to the dealer (default)."""
    MINGDA = "mingda"
    """明打 (PROPOSAL): a discard win too, paid 8 番 by the discarder (16 with the dealer)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class JinanOptions:
    """House rules of 济南麻将 (see :class:`Jinan`)."""

    base: int = 1
    """Points per 番."""
    ready_mode: ReadyMode = ReadyMode.MINGMO
    discard_all_pay: bool = False
    """"放炮即 1 全部人 1 番" read as: everyone pays 1 番 on a discard win too."""
    seven_pairs: bool = False
    """七对 wins (with a 2-5-8 pair among them); PROPOSAL default off."""
    multiple_ron: bool = True
    """一炮多响 (大众麻将); False: the nearest winner alone."""

    def __post_init__(self) -> None:
        if isinstance(self.base, bool) or not isinstance(self.base, int) or self.base < 1:
            raise MahjongError(f"jinan: option base must be an int >= 1, got {self.base!r}")
        for name in ("discard_all_pay", "seven_pairs", "multiple_ron"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"jinan: option {name} must be True or False, got {getattr(self, name)!r}")
        try:
            object.__setattr__(self, "ready_mode", ReadyMode(self.ready_mode))
        except ValueError:
            known = ", ".join(repr(x.value) for x in ReadyMode)
            raise MahjongError(f"jinan: option ready_mode {self.ready_mode!r} is not one of {known}") from None


class Jinan(Ruleset):
    """济南麻将: see the module docstring for every decision."""

    name = "jinan"
    version = 1
    zh = "济南麻将"
    summary = "济南: 推倒胡, a 2-5-8 pair, 杠 and 花 add 番, 报听 明摸 (self-draw only, 4/8 番) and 明打 (8/16 番)"
    aliases = ("济南", "山东济南麻将")
    Options = JinanOptions

    flower_tiles = tuple(range(34, 42))
    allow_chow = True
    multiple_winners = True
    rob_kong = True
    missed_win_ban = True
    ready_rule = ReadyRule.OPTIONAL
    hand_rules = HandRules(forms=(Form.STANDARD,))
    AIM = HandRules(forms=(Form.STANDARD,), pair_kinds=HandRules.PAIR_258)
    SEVEN_PAIRS_RULES = HandRules(forms=(Form.STANDARD, Form.SEVEN_PAIRS))

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "flower_replacement": "won on the tile drawn to replace a flower (花砸: named, no 番)",
    })

    options: JinanOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        setattr(self, "multiple_winners", self.options.multiple_ron)
        if self.options.seven_pairs:
            setattr(self, "hand_rules", self.SEVEN_PAIRS_RULES)

    def aim_rules(self, table: Any, seat: int) -> HandRules:
        return self.AIM

    # --- scoring -------------------------------------------------------------
    def score(self, ctx: WinContext) -> ScoreSheet:
        rs = v.readings(ctx, self.hand_rules, by_win_unit=False)
        top = v.best(rs, lambda r: (int(v.pair_258_any_form(r)), v.kongs(r)))
        items: list[ScoreItem] = []
        mode = self.options.ready_mode
        if ctx.declared_ready and ctx.self_drawn:
            items.append(ScoreItem("明摸", "Declared, self-drawn", 4, why="报听 明摸: 1 人 4 番，庄上 8 番"))
        elif ctx.declared_ready and mode is ReadyMode.MINGDA:
            items.append(ScoreItem("明打", "Declared, on a discard", 8, why="明打: 1 人 8 番，庄上 16 番"))
        else:
            why = "自摸: 全部人 1 番" if ctx.self_drawn else "放炮即 1"
            items.append(ScoreItem("推倒胡", "Win", 1, why=why))
        n_kongs = v.kongs(top)
        if n_kongs:
            items.append(ScoreItem("杠", "Kong", 1, n_kongs, why="杠算 1 番"))
        if ctx.flowers:
            items.append(ScoreItem("花", "Flower", 1, len(ctx.flowers), why="花子只算加番"))
        if ctx.extra.get("flower_replacement"):
            items.append(ScoreItem("花砸", "Win on a flower replacement", 0, why="补来的牌和牌算花砸但不算番"))
        total = sum(it.value * it.count for it in items)
        notes: tuple[str, ...] = ()
        if not v.pair_258_any_form(top):
            notes = ("必需以二五八做将: the pair must be a 2, 5 or 8",)
        return ScoreSheet(items=tuple(items), total=total, unit="番", points=total * self.options.base, notes=notes)

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        if sheet.notes:
            return sheet.notes[0]
        if ctx.declared_ready and not ctx.self_drawn and self.options.ready_mode is ReadyMode.MINGMO:
            return "报听明摸放炮不能和牌，必需自摸: a declared hand wins by self-draw only"
        return None

    # --- settlement ----------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        n = self.num_players
        base = self.options.base
        for ctx, sheet in wins:
            dealer = (ctx.seat - ctx.seat_wind) % n
            declared = sheet.items[0].zh in ("明摸", "明打")
            if ctx.self_drawn or self.options.discard_all_pay and not declared:
                payers = [s for s in range(n) if s != ctx.seat]
            else:
                assert ctx.discarder is not None
                payers = [ctx.discarder]
            for p in payers:
                amount = sheet.total * base
                why = sheet.items[0].zh
                if declared and dealer in (p, ctx.seat):
                    amount += sheet.items[0].value * base  # 庄上 8 / 16 番
                    why += " 庄上"
                out.append(Payment(p, ctx.seat, amount, why))
        return Settlement(tuple(out))

    # --- play ------------------------------------------------------------------
    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        for e in reversed(table.events):
            if e["type"] == "action" and e.get("action") == "win":
                continue
            if e["type"] == "draw":
                if e.get("seat") != seat or not e.get("replacement"):
                    return {"flower_replacement": False}
                continue
            if e["type"] == "flower":
                return {"flower_replacement": e.get("seat") == seat}
            if e["type"] in ("kong", "action", "call"):
                return {"flower_replacement": False}
        return {"flower_replacement": False}
