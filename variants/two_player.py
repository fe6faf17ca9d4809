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

import random
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core.errors import MahjongError
from mahjong_core.rules import Payment, ReadyRule, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from mahjong_core.registry import find_variant
from mahjong_core.tiles import format_tiles, parse_tiles

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["TwoPlayer", "TwoPlayerOptions", "ready_order", "shown_tiles"]

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
    shown_tiles: int = 2
    """花牌: tiles of the wall shown face up (seed: "城墙上亮明了的麻将牌，胡牌时
    花牌可以多算番"; PROPOSAL 2, 0..8); each tile of the winning hand of a
    shown kind adds 1 番 (PROPOSAL)."""
    opening_swap: bool = True
    """开始时换牌 (seed): a seat may give back any tiles before its first
    discard, each for a tile of the reserve."""
    pung_offer_chance: float = 0.1
    """游戏中换牌 (seed: "有一定概率"): the chance, after each draw, that a pung
    of the reserve is offered (PROPOSAL 0.1; 0: never)."""

    def __post_init__(self) -> None:
        for name in ("cap", "min_fan"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MahjongError(f"two_player: option {name} must be an int >= 0, got {value!r}")
        if self.cap == 0:
            raise MahjongError("two_player: option cap 0 would make every win worthless")
        for name in ("last_draw", "opening_swap"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"two_player: option {name} must be True or False, got {getattr(self, name)!r}")
        n = self.shown_tiles
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 8:
            raise MahjongError(f"two_player: option shown_tiles must be an int 0..8, got {n!r}")
        p = self.pung_offer_chance
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
            raise MahjongError(f"two_player: option pung_offer_chance must be a number 0..1, got {p!r}")


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


def shown_tiles(table: Table) -> list[int]:
    """花牌: the face-up tiles of the wall (``shown_tiles`` of them): the
    tiles right after the reserve of the exchanges, in the middle of the
    tiles not chosen for the hand (never dealt, drawn or exchanged)."""
    rs = table.ruleset
    n = rs.options.shown_tiles if isinstance(rs, TwoPlayer) else 0
    start = len(table.wall) - rs.dead_wall // 2
    return table.wall[start : start + n]


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

    **花牌** (seed: "每开始游戏后，显示在游戏UI上的城墙上亮明了的麻将牌，胡牌时花牌
    可以多算番"; the count and the value are PROPOSALs): ``shown_tiles`` (2)
    tiles of the wall are face up from the start (:func:`shown_tiles`, out
    of play); each tile of the winning hand (melds included) of a shown kind
    adds 1 番 (``花牌``), not counted for ``min_fan`` (as MCR's flowers),
    capped with the rest.  Context key ``shown`` on paper.

    **Exchanges** (seed; where the tiles come from is a PROPOSAL): the
    reserve is part of the 65 tiles not chosen (the engine's
    ``Table.reserve()``).  开始时换牌 ("庄家发完14张牌、闲家发完13张牌后，系统
    允许玩家选择需要换掉的麻将牌，不限张数"): before its first discard (the
    dealer on its 14 dealt tiles, the other after its first draw) and with
    no call made, a seat may give back any number of tiles, one at a time
    (SWAP), each for the next tile of the reserve (engine flag
    ``swap_on_first_turn``; option ``opening_swap``).  游戏中换牌 ("轮到玩家
    自己摸到牌后选择出牌时(有一定概率)，系统将在所有没打出与没配到玩家手上的牌
    中选择一个刻子给予玩家换牌"): after a draw, with probability
    ``pung_offer_chance`` (0.1, seeded by the hand's seed and step), a kind
    the reserve holds three of, chosen at random, is offered (TAKE_PUNG,
    the hook ``pung_offer``); taking it, the seat gives three tiles of its
    choice back to the reserve, then plays on.  The greedy bots take
    neither.
    """

    name = "two_player"
    version = 2
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
    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "shown": "花牌: the face-up wall tiles (notation); each tile of the hand of such a kind adds 1 番",
    })

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._mcr: Ruleset = find_variant("guobiao")(min_fan=self.options.min_fan)
        self.hand_rules = self._mcr.hand_rules  # type: ignore[misc]
        setattr(self, "swap_on_first_turn", self.options.opening_swap)

    def prepare(self) -> None:
        """Compile the MCR fan table its scoring reads (``Guobiao.prepare``)."""
        self._mcr.prepare()

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        shown = shown_tiles(table)
        return {"shown": format_tiles(shown)} if shown else {}

    def pung_offer(self, table: Table, seat: int) -> int | None:
        """游戏中换牌: with ``pung_offer_chance``, a random kind the reserve
        holds three of (seeded by the hand's seed, its step and the seat)."""
        chance = self.options.pung_offer_chance
        if not chance:
            return None
        # the chance from a hash of (seed, step, seat): as seeded as a
        # Random of its own, at a tenth of the cost of seeding one per draw
        key = f"{table.seed}:{table.steps}:{seat}".encode()
        if zlib.crc32(key) / 4294967296.0 >= chance:
            return None
        rng = random.Random(key)
        held = [0] * 34
        for p in table.reserve():
            held[table.wall[p]] += 1
        kinds = [k for k in range(34) if held[k] >= 3]
        return rng.choice(kinds) if kinds else None

    @staticmethod
    def _shown(ctx: WinContext) -> list[int]:
        raw = ctx.extra.get("shown", "")
        try:
            return parse_tiles(raw) if isinstance(raw, str) else [int(k) for k in raw]
        except (MahjongError, TypeError, ValueError) as e:
            raise MahjongError(f"two_player: context shown {raw!r} is not tile notation: {e}") from None

    def score(self, ctx: WinContext) -> ScoreSheet:
        """The MCR sheet; ``points`` is what the loser pays: the total, at most ``cap``."""
        sheet = self._mcr.score(ctx)
        shown = self._shown(ctx)
        hua = sum(1 for k in ctx.all_kinds for s in shown if k == s)
        if hua:
            item = ScoreItem("花牌", "Shown tiles", 1, hua, why="tiles of the face-up wall tiles' kinds")
            sheet = replace(sheet, items=(*sheet.items, item), total=sheet.total + hua)
        cap = self.options.cap
        notes = sheet.notes
        if sheet.total > cap:
            notes = (*notes, f"封顶: {sheet.total} 番 paid as {cap}")
        return replace(sheet, unit="番", points=min(sheet.total, cap), notes=notes)

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        fans = sheet.total - sum(it.total for it in sheet.items if it.zh == "花牌")
        if fans < self.options.min_fan:
            return f"起和 {self.options.min_fan} 番: the hand has {fans} (花牌 not counted)"
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
