"""内蒙麻将 (Inner Mongolia, the eastern game): 136 tiles and three
conditions on every win — a pung, an opened hand, a 幺九 or a 箭刻.

Source: seed 001 (the 内蒙麻将 note) as quoted in ``variants-more.md``
§11.7: "内蒙麻将有 136 张牌。其规章包括以下几点：一是必需有碰或杠才可以，也可以
自己手里有暗刻；二是必需要开门，就是要吃上家的牌或者碰别人的牌；三是必需有幺九或
箭刻；这种打法在内蒙东部比较流行".  Score a hand written on paper (seats 0..3
= E S W N when seat 0 deals):

>>> nm = Neimeng()
>>> r = nm.score_hand("123m456p999s23s77z", win_tile="4s", winner=1, discarder=2)
Traceback (most recent call last):
...
mahjong_core.errors.IllegalWinError: neimeng-v1: 必需要开门: a win needs a chow from the 上家 or a pung (the hand is concealed)
>>> r = nm.score_hand("456p999s23s77z", win_tile="4s", melds=["chi 123m"], winner=1, discarder=2)
>>> r.sheet.names(), r.settlement.deltas(4)
(['平胡'], [0, 1, -1, 0])

What the rule set decides (each seed sentence, then each gap):

* "136 张牌": 万筒条 and the seven honours ×4, no flowers, no wild tiles;
  13 tiles, the dealer 14 and discards first (PROPOSAL, the common game).
* "必需有碰或杠才可以，也可以自己手里有暗刻": a win holds a pung or a kong —
  claimed, concealed, or a pung inside the concealed hand (暗刻; the pung
  the winning tile completes counts too).
* "必需要开门，就是要吃上家的牌或者碰别人的牌": a win needs an opened hand: a
  chow of the 上家's discard or a pung of anyone's (an exposed kong of a
  discard opens too, PROPOSAL; a concealed kong does not).
* "必需有幺九或箭刻": a win holds a 1 or a 9 of a suit, or a pung / kong of
  a dragon (箭刻).  Winds are no 幺九 (else "或箭刻" would say nothing).
  :meth:`win_problem` names the condition a hand breaks.
* The rest (gaps: "no scoring"; PROPOSAL, the common eastern Inner Mongolia
  (赤峰) game): chow from the 上家, pung, kong; win > pung/kong > chow; one
  winner per discard, the nearest counter-clockwise (截胡, option
  ``multiple_ron``); 抢杠 (the robbed seat pays as the discarder); 漏胡
  until the next draw; four sets and a pair only (七对 cannot hold a pung
  or be opened).  The dealer stays when it wins or the hand is drawn.
* Scoring (PROPOSAL): 番 double; one payer pays ``base`` × 2 ** 番.  番: 自摸
  1, 夹胡 1 (a 坎张 or 边张 wait), 单钓 1, 飘胡 (all pungs) 2, 清一色 2,
  杠上开花 1, 海底捞月 1; 庄家: +1 番 for a payment the dealer makes or
  receives.  A discard win is paid by the discarder alone, a self-draw by
  each of the three.  Kongs are paid at once by each other seat (明杠 1,
  暗杠 2, × base) and stand at a draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import MahjongError
from mahjong_core.patterns import Fan, Reading, Wait
from mahjong_core.rules import (
    Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext, doubling_payments, kong_stakes,
)
from mahjong_core.tiles import Meld, MeldKind

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["FANS", "Neimeng", "NeimengOptions", "breaks_a_condition", "terminal_or_dragon_pung"]

SUIT_TERMINALS = frozenset({0, 8, 9, 17, 18, 26})


@dataclass(frozen=True, slots=True, kw_only=True)
class NeimengOptions:
    """House rules of 内蒙麻将 (see :class:`Neimeng`)."""

    base: int = 1
    """Points per payer before the 番 double it."""
    multiple_ron: bool = False
    """一炮多响; default: the nearest winner alone (截胡)."""
    rob_kong: bool = True
    missed_win_ban: bool = True

    def __post_init__(self) -> None:
        if isinstance(self.base, bool) or not isinstance(self.base, int) or self.base < 1:
            raise MahjongError(f"neimeng: option base must be an int >= 1, got {self.base!r}")
        for name in ("multiple_ron", "rob_kong", "missed_win_ban"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"neimeng: option {name} must be True or False, got {getattr(self, name)!r}")


FANS: tuple[Fan, ...] = (
    Fan("自摸", "Self-drawn", 1, v.self_drawn, why="won on one's own draw"),
    Fan("夹胡", "Closed or edge wait", 1, v.closed_or_edge_wait,
        why="the winning tile was a 坎张 or 边张"),
    Fan("单钓", "Single wait", 1, lambda r: v.wait(r) is Wait.SINGLE, why="the winning tile completed the pair"),
    Fan("飘胡", "All pungs", 2, v.all_pungs, why="four pungs or kongs and a pair"),
    Fan("清一色", "Full flush", 2, v.full_flush, why="one suit, no honours"),
    Fan("杠上开花", "Kong replacement", 1, v.kong_replacement, why="won on a kong's replacement tile"),
    Fan("海底捞月", "Last tile", 1, v.last_tile_drawn, why="won on the last tile of the wall"),
)
"""The 番 of a 内蒙 win (PROPOSAL); each doubles."""

PLAIN = ScoreItem("平胡", "Plain win", 0, why="no doubling")
"""The sheet's item when no 番 applies."""


class Neimeng(Ruleset):
    """内蒙麻将: see the module docstring for every decision."""

    name = "neimeng"
    version = 1
    zh = "内蒙麻将"
    summary = "内蒙 (东部): 136 tiles, a win needs a pung, an opened hand and a 幺九 or 箭刻; doubling 番 (PROPOSAL)"
    aliases = ("内蒙", "内蒙古麻将", "内蒙古", "nei-menggu", "inner-mongolia")
    Options = NeimengOptions

    allow_chow = True
    multiple_winners = False
    rob_kong = True
    missed_win_ban = True
    win_needs_meld = True  # 必需要开门 (problem): the engine keeps no waits before a meld
    hand_rules = HandRules(forms=(Form.STANDARD,))

    options: NeimengOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        setattr(self, "multiple_winners", o.multiple_ron)
        setattr(self, "rob_kong", o.rob_kong)
        setattr(self, "missed_win_ban", o.missed_win_ban)

    # --- scoring -------------------------------------------------------------
    @staticmethod
    def problem(r: Reading) -> str | None:
        """The seed condition a reading breaks, or None."""
        if not r.pungs:  # (the kinds of the units of shape PUNG)
            return "必需有碰或杠: a win needs a pung or a kong (a concealed pung counts)"
        if v.claimed_melds(r) == 0:
            return "必需要开门: a win needs a chow from the 上家 or a pung (the hand is concealed)"
        if not terminal_or_dragon_pung(r):
            return "必需有幺九或箭刻: a win needs a 1 or 9 of a suit, or a dragon pung"
        return None

    def refuses_win(self, ctx: WinContext) -> bool:
        """A bound before scoring: True when every reading breaks a seed
        condition (:meth:`problem`), read off the tiles alone
        (:func:`breaks_a_condition`); :meth:`score` would name it."""
        return breaks_a_condition(ctx)

    def score(self, ctx: WinContext) -> ScoreSheet:
        """番 that double (:func:`~mahjong_core.patterns.doubling_sheet`); the
        sheet's ``problem`` names a seed condition the hand breaks."""
        return v.doubling_sheet(v.readings(ctx, self.hand_rules), FANS, base=self.options.base,
                                problem=self.problem, plain=PLAIN)

    # --- settlement ----------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """Doubling payments (:func:`~mahjong_core.rules.doubling_payments`):
        the discarder alone, or each other seat on a self-draw; the dealer +1 番."""
        out: list[Payment] = []
        for ctx, sheet in wins:
            out += doubling_payments(ctx, sheet, base=self.options.base, num_players=self.num_players)
        return Settlement(tuple(out))

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        return kong_stakes(seat, meld, base=self.options.base, num_players=self.num_players)


# --- 内蒙's own tests of a hand ---


def breaks_a_condition(ctx: WinContext) -> bool:
    """True when every reading of ``ctx`` breaks a condition of
    :meth:`Neimeng.problem`, seen on the tiles alone: no claimed meld (必需要
    开门), or no meld of three or four alike and no kind held three times
    (必需有碰或杠), or no 1 or 9 of a suit and no dragon held three times
    (必需有幺九或箭刻).  False for a context with wild tiles (内蒙 has none)."""
    if ctx.wilds:
        return False
    opened = pung = False
    for m in ctx.melds:
        kind = m.kind
        if kind is not MeldKind.ANKAN and kind is not MeldKind.SPECIAL:
            opened = True
        if kind is not MeldKind.CHI and kind is not MeldKind.SPECIAL:
            pung = True
    if not opened:
        return True
    counts = [0] * 34
    for k in ctx.concealed:
        counts[k] += 1
    if not pung and max(counts) < 3:
        return True
    for m in ctx.melds:
        for k in m.tiles:
            counts[k] += 1
    return not (counts[0] or counts[8] or counts[9] or counts[17] or counts[18] or counts[26]
                or counts[31] >= 3 or counts[32] >= 3 or counts[33] >= 3)


def terminal_or_dragon_pung(r: Reading) -> bool:
    """幺九或箭刻: a 1 or 9 of a suit anywhere, or a dragon pung or kong."""
    return not r.kinds.isdisjoint(SUIT_TERMINALS) or v.dragon_pungs(r) > 0
