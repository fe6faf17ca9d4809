"""The two-player 71-tile game (二人麻将, both copies in seed [004]): 136
tiles, 71 of them chosen at random for the hand, chow/pung/kong from the
only opponent, 报听, 海底捞月 at exhaustion, the MCR fan list capped at 13.

Source: seed [004] (the two copies of the 二人 rules: "每局游戏从136张牌中随机
抽取71张作为牌墙 … 上限封顶即役满牌型，为13番 … 报听 … 海底捞月"), as summarised
in the spec (``variants-more.md`` §3, SKETCH ONLY).  The seed gives no fan
list, value or payment: the spec's PROPOSAL (the MCR fan list with a
13-番 cap, 1 point per 番, the loser pays the winner) is the default.

>>> r = TwoPlayer().score_hand("123m456m789m123p5p", win_tile="5p", winner=1, dealer=0, discarder=0)
>>> r.sheet.total, r.sheet.points, r.settlement.deltas(2)
(23, 13, [-13, 13])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import MahjongError
from mahjong_core.rules import Payment, ReadyRule, Ruleset, ScoreSheet, Settlement, WinContext
from mahjong_core.registry import find_variant

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["TwoPlayer", "TwoPlayerOptions", "ready_order"]

WALL = 71
"""Tiles chosen for a hand (seed "随机抽取71张")."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TwoPlayerOptions:
    """House rules of the two-player game (see :class:`TwoPlayer`)."""

    cap: int = 13
    """封顶: the most a loser pays, in 番 (seed: "上限封顶即役满牌型，为13番")."""
    min_fan: int = 0
    """起和: the fans (MCR list) a win needs (PROPOSAL 0: the seed names no minimum)."""
    last_draw: bool = True
    """海底捞月 at exhaustion (seed): a ready seat draws one more tile from the
    tiles not chosen for the wall and wins if it completes its hand."""

    def __post_init__(self) -> None:
        for name in ("cap", "min_fan"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MahjongError(f"two_player: option {name} must be an int >= 0, got {value!r}")
        if self.cap == 0:
            raise MahjongError("two_player: option cap 0 would make every win worthless")
        if not isinstance(self.last_draw, bool):
            raise MahjongError(f"two_player: option last_draw must be True or False, got {self.last_draw!r}")


def ready_order(table: Table) -> list[int]:
    """The seats that are ready at the end of the wall, the first to become
    ready first: seats that declared 报听 in the order they declared, then
    (PROPOSAL) seats holding a wait without declaring, the dealer first."""
    out: list[int] = []
    for e in table.events:
        if e["type"] == "ready" and e["seat"] not in out:
            out.append(int(e["seat"]))
    n = table.ruleset.num_players
    for i in range(n):
        s = (table.dealer + i) % n
        if s not in out and sum(table.hands[s]) % 3 == 1 and table.waits(s):
            out.append(s)
    return out


class TwoPlayer(Ruleset):
    """二人麻将 with a 71-tile wall (seed [004], spec §3).

    **Tiles and deal** (seed): the 136 tiles (筒 万 条 and the 28 honours, no
    flowers); each hand 71 of them, chosen at random, make the wall (the
    shuffled wall's last 65 tiles are never drawn: ``dead_wall``).  The
    dealer takes 14, the other 13; the dealer discards first.  Kong
    replacements come from the tail and count among the 71 tiles drawn.

    **Calls** (seed): chow, pung and kong of the opponent's discard; a
    concealed kong keeps the hand concealed (门清).  抢杠 only on an added kong
    (蓄杠): the robbed seat pays, as on a self-draw ("算自摸"; in two-player
    play the one opponent pays either way); the MCR 抢杠和 fan counts.

    **报听** (seed, ``ReadyRule.OPTIONAL``): any time; afterwards the hand is
    locked (it discards what it draws) and it may decline a win and stay
    declared.

    **End of the wall** (seed, option ``last_draw``): no seat ready: a draw;
    one ready: it draws one more tile (海底捞月) from the tiles not chosen;
    both ready: the one that became ready first (:func:`ready_order`:
    declared seats in the order of declaring, then — PROPOSAL — seats
    holding a wait, the dealer first).  A tile that completes the hand is a
    self-drawn win on the last tile (妙手回春), scored and paid in
    :meth:`settle_draw` (the hand is still recorded as drawn: ``winners``
    stays empty).

    **Scoring** (spec PROPOSAL): the MCR fan list
    (:class:`~mahjong_core.variants.guobiao.Guobiao` with ``min_fan``, no
    flowers), 1 point per 番, the loser pays the winner at most ``cap`` (13).
    A win needs ``min_fan`` (0).

    **Dealer** (seed): the winner deals next; after a draw the dealer deals
    again.

    Not implemented: the face-up wall tiles counted as flowers ("亮明了的麻
    将牌 … 可以多算番": the seed gives no count), and the tile exchanges
    (开始时换牌, 游戏中换牌: the seed gives no rule for the tiles taken).
    """

    name = "two_player"
    version = 1
    zh = "二人麻将"
    summary = "Two players, a 71-tile wall from 136, chow/pung/kong, 报听, 海底捞月, MCR fans capped at 13"
    aliases = ("二人麻将", "两人麻将", "二人", "71张", "two-player", "twoplayer", "2p")
    Options = TwoPlayerOptions
    options: TwoPlayerOptions

    num_players = 2
    dead_wall = 136 - WALL
    allow_chow = True
    multiple_winners = False
    rob_kong = True
    missed_win_ban = False
    ready_rule = ReadyRule.OPTIONAL

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._mcr: Ruleset = find_variant("guobiao")(min_fan=self.options.min_fan)
        self.hand_rules = self._mcr.hand_rules  # type: ignore[misc]

    def score(self, ctx: WinContext) -> ScoreSheet:
        """The MCR sheet; ``points`` is what the loser pays: the total, at most ``cap``."""
        sheet = self._mcr.score(ctx)
        cap = self.options.cap
        notes = sheet.notes
        if sheet.total > cap:
            notes = (*notes, f"封顶: {sheet.total} 番 paid as {cap}")
        return replace(sheet, unit="番", points=min(sheet.total, cap), notes=notes)

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        if sheet.total < self.options.min_fan:
            return f"起和 {self.options.min_fan} 番: the hand has {sheet.total}"
        return None

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """The loser (the discarder, the robbed seat, or on a self-draw the
        opponent) pays the capped 番."""
        out: list[Payment] = []
        for ctx, sheet in wins:
            loser = 1 - ctx.seat
            why = "自摸" if ctx.self_drawn else ("抢杠" if ctx.robbed_kong else "点炮")
            if ctx.last_tile and ctx.self_drawn and not ctx.kong_replacement:
                why = "海底捞月"
            out.append(Payment(loser, ctx.seat, sheet.points, why))
        return Settlement(tuple(out))

    def last_draw_win(self, table: Table) -> tuple[WinContext, ScoreSheet] | None:
        """海底捞月 at exhaustion: the first ready seat draws the next tile
        not chosen for the wall; its win, or None."""
        if not self.options.last_draw or table.winners:
            return None
        order = ready_order(table)
        if not order or table.head >= len(table.wall):
            return None
        seat, tile = order[0], table.wall[table.head]
        ctx = table.win_context(seat, tile)
        if ctx is None:
            return None
        ctx = replace(ctx, self_drawn=True, discarder=None, last_tile=True, first_go_around=False)
        sheet = self.score(ctx)
        if self.win_problem(ctx, sheet) is not None:
            return None
        return ctx, sheet

    def settle_draw(self, table: Table) -> Settlement:
        """The 海底捞月 draw (see the class doc), else nothing."""
        won = self.last_draw_win(table)
        return self.settle(table, [won]) if won is not None else Settlement()

    def next_dealer(self, table: Table) -> int:
        """The winner deals; after a draw the dealer again (a 海底捞月 winner deals)."""
        if table.winners:
            return table.winners[0]
        won = self.last_draw_win(table)
        return won[0].seat if won is not None else table.dealer
