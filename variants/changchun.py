"""吉林长春麻将 (Changchun): 136 tiles, chow (not honours) by any seat,
推倒胡 with the local conditions and doublings, 旋风杠, 喜杠 and 幺九蛋 as
special kongs.

Sources: seed 000 (全国各地麻将玩法总汇, 吉林长春麻将, p.30: the only half
page the extraction keeps) as specified in ``variants-regional.md`` §8.
Everything after "明杠： 有两种明杠方式" is lost (CC-1): the rest is the
common real-world 长春 game, every choice marked PROPOSAL below and exposed
as an option.  Score a hand written on paper (seats 0..3 = E S W N when seat
0 deals):

>>> cc = Changchun()
>>> r = cc.score_hand("123m789s1177z", win_tile="1z", melds=["pon 555p"], winner=1, discarder=2)
>>> r.sheet.names(), r.settlement.deltas(4)
(['平胡'], [-2, 5, -2, -1])

What the rule set decides (the seed's wording first, then each gap):

* Tiles: 条饼万 and 东南西北中发白, 136 tiles ("每人摆17叠"), no flowers, no
  wild tiles; two dice; 13 tiles, the dealer 14 and discards first ("庄家
  拥有当局第一轮出牌权").  The two dice rolls of the deal choose where the
  shuffled wall is cut, which changes nothing for a shuffled wall (the
  engine deals from the head); :func:`deal_start` gives the seat and the
  stack the two rolls name, for front ends (CC-E1, CC-5 PROPOSAL: that
  many stacks are skipped from the right, then dealing starts).
* Dealer: the dealer wins or the hand is drawn → the dealer deals again
  ("荒庄，则庄家继续坐庄"); a non-dealer wins → the dealer's 下家.
* Calls: "其他三家都有权力吃、碰、杠那张牌" — the seed lets every other seat
  chow, pong or kong a discard (the engine's ``chow_from_any_seat``; among
  chows the nearest seat in turn order); the spec's CC-3 PROPOSAL (chow by
  the discarder's 下家 only) is the option ``chow_from="next"``.  Honours
  are never chowed ("字牌、风牌不允许吃"); win > pong ("如果他人有胡牌时，胡牌
  优先") > chow.  Play passes counter-clockwise ("依时针顺序" read as 依逆时针,
  CC-2 PROPOSAL).  Kong replacements from the tail ("开杠后从牌城尾部补牌").
* One winner per discard, the nearest counter-clockwise from the discarder
  (截胡, PROPOSAL as in 哈尔滨 of the same source; option ``multiple_ron``).
  抢杠 allowed (PROPOSAL, option ``rob_kong``); 漏胡 until the next draw
  (PROPOSAL, option ``missed_win_ban``).
* Winning (CC-1 PROPOSAL, the common 长春 conditions, each an option of
  ``requirements``): four sets and a pair (推倒胡; no 七对, option
  ``seven_pairs``) that holds all three suits (三色全, "缺门不能胡"), a 1, a 9
  or an honour (有幺九), and a pung or kong (有刻; a 七对 of the option is
  exempt, it can hold none).  :meth:`win_problem` names
  the condition a hand breaks.
* 立胡 (CC-4: "not recoverable"; PROPOSAL: the usual 长春 meaning) is a win
  with a concealed hand (门清, "立着胡"): +1 番.
* Scoring (PROPOSAL): 番 double: one payer pays ``base`` × 2 ** 番.  番: 自摸
  1, 立胡 1, 夹胡 1 (the winning tile completed a 坎张 or 边张 wait, "边夹"),
  飘胡 (all pungs) 2, 杠上开花 1, 海底捞月 1.  庄家: when the dealer wins or
  pays, +1 番 for that payment.  A discard win: the discarder pays +1 番 and
  the two others pay the plain amount (点炮双倍, 三家付, the 东北 practice;
  option ``discard_payment``: ``discarder`` = the discarder alone pays).  A
  self-draw: each of the three.
* Kongs (PROPOSAL): paid at once by each other seat, 明杠 (直杠, 补杠) 1 ×
  base, 暗杠 2 × base; not refunded at a draw.
* Special kongs (the seed names 旋风杠、喜杠、幺九蛋 and says nothing more;
  CC-4 PROPOSAL, low confidence), the engine's ``special_melds``: on its
  turn a seat holding one each of 东南西北 (旋风杠), of 中发白 (喜杠), or of
  1m 1p 1s or 9m 9p 9s (幺九蛋) may lay them down as one declared set
  (``"special 1234z"``), which counts as one of the four sets and is no
  claimed meld (立胡 stays).  旋风杠 (four tiles) takes one replacement
  draw from the tail, as a kong; the three-tile ones take none (the seat
  discards).  A tile of a kind the special kong holds may be added later
  (another 1 to a 幺九蛋, another wind to a 旋风杠 …), with one
  replacement draw (``special_additions``).  Paid at once by each other
  seat: laying one down as a concealed kong (2 × base), each added tile
  as an added kong (1 × base); they stand at a draw.  A special kong
  counts for 有刻 and, by its tiles, for 有幺九 and 三色全.  A 杠上开花 on
  a special kong's replacement counts.  Option ``special_kongs=False``:
  none of them.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules, Shape
from mahjong_core.errors import MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import (
    Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext, doubling_payments, kong_stakes,
)
from mahjong_core.tiles import Meld, MeldKind, parse_tiles

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "FANS", "SPECIAL_KONGS", "Changchun", "ChangchunOptions", "ChowFrom", "DiscardPayment", "Requirements",
    "deal_start", "special_kong_name", "special_kongs",
]

WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)


class ChowFrom(enum.Enum):
    """Who may chow a discard."""

    ANY = "any"
    """Every other seat (the seed: "其他三家都有权力吃、碰、杠那张牌"), the default."""
    NEXT = "next"
    """The discarder's 下家 only (spec CC-3 PROPOSAL)."""


class DiscardPayment(enum.Enum):
    """Who pays a discard win."""

    ALL = "all"
    """点炮双倍: the discarder pays +1 番, the two others the plain amount (default)."""
    DISCARDER = "discarder"
    """The discarder alone pays (+1 番)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Requirements:
    """The conditions a 长春 win must meet (CC-1 PROPOSAL); each may be switched off."""

    three_suits: bool = True
    """三色全: 万, 饼 and 条 all in the hand."""
    terminal: bool = True
    """有幺九: a 1, a 9 or an honour in the hand."""
    pung: bool = True
    """有刻: a pung or kong (concealed or not)."""

    def __post_init__(self) -> None:
        for name in ("three_suits", "terminal", "pung"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"changchun: option requirements.{name} must be True or False, "
                                   f"got {getattr(self, name)!r}")


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangchunOptions:
    """House rules of 长春麻将 (see :class:`Changchun`)."""
    first_dealer: int = -1
    """The first dealer of a match: -1 (default) a seat drawn from the
    match's seed, as the seed says ("第一把系统随机选一个人做庄": ``random_first_dealer``); 0..3:
    that seat deals first."""

    base: int = 1
    """The base point (底分), 1 or more."""
    requirements: Requirements = field(default_factory=Requirements)
    seven_pairs: bool = False
    """七对 wins too (PROPOSAL default: no)."""
    multiple_ron: bool = False
    """一炮多响; default: the nearest winner alone (截胡)."""
    rob_kong: bool = True
    missed_win_ban: bool = True
    discard_payment: DiscardPayment = DiscardPayment.ALL
    special_kongs: bool = True
    """旋风杠, 喜杠 and 幺九蛋 may be laid down as special kongs."""
    special_additions: bool = True
    """A tile of a kind a special kong holds may be added to it (PROPOSAL)."""
    chow_from: ChowFrom = ChowFrom.ANY
    """Who may chow: ``any`` other seat (seed) or the ``next`` seat (CC-3)."""

    def __post_init__(self) -> None:
        if isinstance(self.base, bool) or not isinstance(self.base, int) or self.base < 1:
            raise MahjongError(f"changchun: option base must be an int >= 1, got {self.base!r}")
        for name in ("seven_pairs", "multiple_ron", "rob_kong", "missed_win_ban", "special_kongs",
                     "special_additions"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"changchun: option {name} must be True or False, got {getattr(self, name)!r}")
        try:
            object.__setattr__(self, "chow_from", ChowFrom(self.chow_from))
        except ValueError:
            known = ", ".join(repr(x.value) for x in ChowFrom)
            raise MahjongError(f"changchun: option chow_from {self.chow_from!r} is not one of {known}") from None
        try:
            object.__setattr__(self, "discard_payment", DiscardPayment(self.discard_payment))
        except ValueError:
            known = ", ".join(repr(x.value) for x in DiscardPayment)
            raise MahjongError(f"changchun: option discard_payment {self.discard_payment!r} is not one of {known}") from None
        if isinstance(self.requirements, dict):
            try:
                object.__setattr__(self, "requirements", Requirements(**self.requirements))
            except TypeError as e:
                raise MahjongError(f"changchun: option requirements: {e}") from None
        if not isinstance(self.requirements, Requirements):
            raise MahjongError(f"changchun: option requirements must be Requirements, got {self.requirements!r}")


FANS: tuple[Fan, ...] = (
    Fan("自摸", "Self-drawn", 1, v.self_drawn, why="won on one's own draw"),
    Fan("立胡", "Concealed hand", 1, v.concealed_hand, why="门清: no chow, pong or exposed kong (立着胡)"),
    Fan("夹胡", "Closed or edge wait", 1, v.closed_or_edge_wait,
        why="the winning tile was a 坎张 or 边张 (边夹)"),
    Fan("飘胡", "All pungs", 2, v.all_pungs, why="four pungs or kongs and a pair"),
    Fan("杠上开花", "Kong replacement", 1, v.kong_replacement, why="won on a kong's replacement tile"),
    Fan("海底捞月", "Last tile", 1, v.last_tile_drawn, why="won on the last tile of the wall"),
)
"""The 番 of a 长春 win (PROPOSAL); each doubles."""

PLAIN = ScoreItem("平胡", "Plain win", 0, why="four sets and a pair")
"""The sheet's item when no 番 applies."""


SPECIAL_KONGS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("旋风杠", WINDS),
    ("喜杠", DRAGONS),
    ("幺九蛋", (0, 9, 18)),
    ("幺九蛋", (8, 17, 26)),
)
"""The special kongs (CC-4 PROPOSAL): 旋风杠 东南西北, 喜杠 中发白, 幺九蛋
1m1p1s or 9m9p9s."""


_SUIT_BIT = tuple(1 << (k // 9) if k < 27 else 0 for k in range(42))
"""The suit of each kind as a bit (0 for an honour)."""
_ENDS = v.TERMINALS | v.HONOURS
"""有幺九: a 1, a 9 or an honour."""


def special_kong_name(meld: Meld) -> str:
    """The name of a special kong meld (by the kinds it holds)."""
    kinds = set(meld.tiles)
    for name, group in SPECIAL_KONGS:
        if kinds == set(group):
            return name
    raise MahjongError(f"changchun: {str(meld)!r} is not a special kong (旋风杠 1234z, 喜杠 567z, 幺九蛋 1m1p1s / 9m9p9s)")


def special_kongs(counts: Sequence[int]) -> list[str]:
    """The special kongs a hand (34 counts) could lay down.

    >>> from mahjong_core.tiles import counts_of
    >>> special_kongs(counts_of(parse_tiles("1234567z123m456p")))
    ['旋风杠', '喜杠']
    >>> special_kongs(counts_of(parse_tiles("1m1p1s9m9p9s")))
    ['幺九蛋', '幺九蛋']
    """
    return [name for name, group in SPECIAL_KONGS if all(counts[k] for k in group)]


def deal_start(first: int, second: int) -> tuple[int, int]:
    """Where the deal starts: "庄家摇两次筛子，第一次逆时针数点找到先拿牌的人，先拿牌
    的人再从自己面前的牌堆右向左按根据第二次摇筛子的两个筛子点数之和的点数开始拿牌".
    ``first`` and ``second`` are the two rolls' totals (2..12).  Answers the
    seat dealt from, counted counter-clockwise from the dealer (0 the dealer,
    1 the 下家 …: the dealer counts 1), and the stacks skipped on that seat's
    wall from the right (CC-5 PROPOSAL).

    >>> deal_start(7, 8)
    (2, 8)
    """
    for x in (first, second):
        if isinstance(x, bool) or not isinstance(x, int) or not 2 <= x <= 12:
            raise MahjongError(f"changchun: a roll of two dice totals 2..12, got {x!r}")
    return (first - 1) % 4, second


class Changchun(Ruleset):
    """长春麻将: see the module docstring for every decision."""

    name = "changchun"
    version = 2
    zh = "长春麻将"
    summary = "长春: 136 tiles, chow (no honours), 推倒胡 with 三色全/幺九/刻, 立胡 and 夹胡 double, 旋风杠/喜杠 (PROPOSAL)"
    aliases = ("长春", "吉林长春麻将", "吉林麻将", "jilin")
    Options = ChangchunOptions
    random_first_dealer = True  # "第一把系统随机选一个人做庄" (option first_dealer fixes the seat)

    allow_chow = True
    multiple_winners = False
    rob_kong = True
    missed_win_ban = True
    hand_rules = HandRules(forms=(Form.STANDARD,))
    SEVEN_PAIRS_RULES = HandRules(forms=(Form.STANDARD, Form.SEVEN_PAIRS))

    options: ChangchunOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        setattr(self, "multiple_winners", o.multiple_ron)
        setattr(self, "rob_kong", o.rob_kong)
        setattr(self, "missed_win_ban", o.missed_win_ban)
        setattr(self, "chow_from_any_seat", o.chow_from is ChowFrom.ANY)
        setattr(self, "special_melds", tuple(g for _, g in SPECIAL_KONGS) if o.special_kongs else ())
        setattr(self, "special_meld_additions", o.special_kongs and o.special_additions)
        if o.seven_pairs:
            setattr(self, "hand_rules", self.SEVEN_PAIRS_RULES)

    # --- scoring -------------------------------------------------------------
    def _problem(self, r: Reading) -> str | None:
        req = self.options.requirements
        if req.three_suits and v.missing_suits(r):
            return "三色全: a 长春 win holds 万, 饼 and 条 (缺门不能胡)"
        if req.terminal and not r.kinds & (v.TERMINALS | v.HONOURS):
            return "有幺九: a 长春 win holds a 1, a 9 or an honour"
        if req.pung and not r.pungs and r.form is Form.STANDARD and not any(
            u.shape is Shape.SPECIAL for u in r.units
        ):
            return "有刻: a 长春 win holds a pung or a kong"
        return None

    def score(self, ctx: WinContext) -> ScoreSheet:
        """番 that double (:func:`~mahjong_core.patterns.doubling_sheet`); the
        sheet's ``problem`` names a condition the hand breaks."""
        return v.doubling_sheet(v.readings(ctx, self.hand_rules), FANS, base=self.options.base,
                                problem=self._problem, plain=PLAIN)

    def refuses_win(self, ctx: WinContext) -> bool:
        """The engine's early refusal (before :meth:`score`): a condition
        every reading breaks.  With no wild held every reading holds the
        same kinds (三色全, 有幺九); 有刻 fails every reading when no meld
        is a pung, kong or special kong and no decomposition of the
        concealed tiles (the kernel's, in the context) is other than a
        standard form without a pung."""
        req = self.options.requirements
        if ctx.wilds:
            return False
        suits = 0
        ends = False
        pung = False
        for k in ctx.concealed:
            suits |= _SUIT_BIT[k]
            ends = ends or k in _ENDS
        for m in ctx.melds:
            if m.kind is not MeldKind.CHI:
                pung = True  # (a pung, a kong or a special kong: 有刻 or exempt)
            for k in m.tiles:
                suits |= _SUIT_BIT[k]
                ends = ends or k in _ENDS
        if req.three_suits and suits != 7:
            return True
        if req.terminal and not ends:
            return True
        if not req.pung or pung or not ctx.decompositions:
            return False
        for d in ctx.decompositions:
            if d.form != Form.STANDARD:
                return False
            for shape, _kind, _w in d.units:
                if shape != Shape.CHOW and shape != Shape.PAIR:
                    return False
        return True

    # --- settlement ----------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """Doubling payments (:func:`~mahjong_core.rules.doubling_payments`):
        the discarder +1 番 (点炮双倍), the two others the plain amount unless
        ``discard_payment="discarder"``; the dealer +1 番."""
        out: list[Payment] = []
        for ctx, sheet in wins:
            out += doubling_payments(ctx, sheet, base=self.options.base, num_players=self.num_players,
                                     discarder_extra=1,
                                     others_pay_on_discard=self.options.discard_payment is DiscardPayment.ALL)
        return Settlement(tuple(out))

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        """Kongs, paid at once by each other seat: 暗杠 2 × base, 明杠 1 × base;
        a special kong laid down 2 × base, each tile added to it 1 × base."""
        if meld.kind is not MeldKind.SPECIAL:
            return kong_stakes(seat, meld, base=self.options.base, num_players=self.num_players)
        name = special_kong_name(meld)
        added = len(set(meld.tiles)) < len(meld.tiles)
        amount = (1 if added else 2) * self.options.base
        why = f"{name} 加张" if added else name
        return Settlement(tuple(Payment(s, seat, amount, why) for s in range(self.num_players) if s != seat))
