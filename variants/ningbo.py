"""宁波麻将 (Ningbo): 144 tiles with a 百搭 (财神) turned up by the dice,
four sets and a pair worth at least 4 台, 截胡.

Source: seed 000 (全国各地麻将玩法总汇, 浙江宁波麻将, pp.12-16), as specified
in ``variants-regional.md`` §4.  The seed is the authority; the spec's
gaps NB-1 .. NB-10 are PROPOSALs here, each an option where it is a
choice.  Score a hand from notation (seats 0..3 = E S W N when seat 0
deals; ``indicator`` names the turned-up tile):

>>> nb = Ningbo()
>>> r = nb.score_hand("123m789m456p11s35s", win_tile="4s", winner=2, context={"indicator": "9p"})
>>> r.sheet.names(), r.sheet.total, r.sheet.points, r.settlement.deltas(4)
(['自摸', '平糊', '夹', '硬糊'], 4, 5, [-5, -5, 15, -5])

What the rule set decides (seed wording first):

* Tiles: 万饼条 ×4, 东南西北中发白 ×4 and the eight flowers 春夏秋冬梅兰竹菊
  (144, "每人摆18叠"); 13 tiles, the dealer 14 and discards first.
* 百搭 (财神): "小点确定百搭 … 从牌墙最后往前数小点的墩数，翻开上面一张牌作为
  百搭牌。翻开的牌不抓，剩余共有3张百搭牌": the top tile of the stack the
  smaller die counts back from the end of the wall is turned up (the
  engine's ``indicator_offset``); its kind is wild and the tile leaves the
  wall, so every draw, from the front or as a replacement from the back,
  skips it ("遇到翻开的百搭都跳过不抓 … 总共只有143张").  A turned-up season
  makes 春夏秋冬 wild, a plant 梅兰竹菊 ("则春夏秋冬四张都作为百搭牌"); a
  wild flower is no flower ("不能进行杠花，也不算台数，只能作为百搭牌使用"):
  it stays in hand as a wild tile and is not replaced ("做百搭的花牌不能补花").
  "胡牌时手中的百搭牌可以替代任何牌": at a win a 百搭 stands for any kind.
* Calls: chow (from the 上家), pong, kongs of every kind, unlimited
  ("可以杠自己的牌（不限次数）").  "不能吃别人打出的百搭 … 不能用百搭牌吃 … 不能碰
  别人打出的百搭": a discarded 百搭 is never chowed, ponged or konged and no
  chow holds one.  PROPOSAL (§4.2): 百搭 act only at a win, so no pong or
  kong is made with them.  "不能吃张打张" (engine ``chow_discard_ban``):
  after a chow, no discard that makes a sequence with the two tiles used.
  "碰牌后本轮内都不能进行任何杠操作" (engine ``kong_after_pung_ban``): no kong
  in the turn of a pong.  "没有听牌": no ready declaration.  Win > kong/pong
  > chow (PROPOSAL).  No 漏胡 rule (the seed gives none).
* Flowers: replaced at the deal in rounds, and when drawn ("杠花", the
  engine exposes them and draws from the back); "杠花后补牌自摸糊牌，算杠上
  开花糊": a win on that replacement is 杠上开花 (``flower_replacement``).
* Winning: "11、123 … 111(1111)" only (no 七对, no 十三幺), "必须达到4台或更
  高台数" (option ``min_tai``; the 1-point 胡牌基本分 is no 台: NB-3
  PROPOSAL, option ``min_counts_base``), "财神单吊时，不能捉冲，只能自摸":
  a hand that is four sets and a lone 百搭 waiting for its mate (NB-7) wins
  only by self-draw (option ``wild_single``).  :meth:`win_problem` names
  the broken rule.  PROPOSAL: a discarded 百搭 is dead, like its chow and
  pong, and may not be won on (option ``win_on_discarded_wild``).
* "截胡 … 只算与点炮玩家逆时针最近的玩家糊牌": one winner per discard (and per
  robbed kong), the nearest after the discarder.
* The 台 table (牌型番数), every item adding up ("累加"), only the winner
  counting ("以上台数都是只算糊牌玩家的"): 自摸 1, 排糊 0 (a 4+1 hand with
  none of 平糊 边 夹 单吊 对倒), 平糊 1 (four chows, the pair no 台-scoring
  honour: NB-4, option ``pinghu_pair``), 边 1, 夹 1, 单吊 1, 对倒 1, 大吊 1
  (all sets declared, a single wait: 单吊 counts too), 碰碰糊 2, 杠上开花 1,
  硬糊 1 ("手中没百搭": no 百搭 in hand, NB-6; option ``hard_win``),
  三财神 3 (three 百搭 in hand, "3张财神必须自摸": all drawn by the winner;
  option ``three_wilds``), 抢杠 1, 海捞糊牌 1 (self-drawn last tile), 天胡
  8, 地胡 6 (a non-dealer wins on the dealer's first discard), 清一色 4,
  混一色 2, 字一色 8, 杠花 (the winner's seat flowers: East 春/梅, South
  夏/兰, West 秋/竹, North 冬/菊, 1 each — NB-5 PROPOSAL, option
  ``seat_flowers``; 春夏秋冬 or 梅兰竹菊 all four 2, replacing that set's
  seat flower; all eight 8, replacing everything), 中发白 pung or kong 1
  each, 位风 pung or kong 1, 圈风 pung or kong 1 (2 with the seat wind).
  The wait items and the hand shapes are read on every reading of the hand
  with every 百搭 assignment, the highest total kept (NB-8).
* Payments (NB-2 PROPOSAL): base = 1 (胡牌基本分) + Σ台; on a discard the
  discarder pays base (the robbed seat for 抢杠), on a self-draw each of
  the three others ("三家都要输分"); no dealer extra.  Kong and flower points
  (杠分 花分, NB-1): none by default (``kong_points``: each other seat pays
  at the kong; ``flower_points``: at a win each seat is paid per flower it
  exposed); "荒庄 … 本局所有杠分花分无效": refunded at a draw.
* First dealer: "第一把系统随机选一个人做庄(按东南西北轮流做庄)": a match
  (``Match`` without a dealer) draws the first dealer at random from its
  seed (the generic ``random_first_dealer`` / ``first_dealer`` hook), so
  the same seed deals the same way and each hand's record names its
  dealer; option ``first_dealer`` (0..3) fixes it.
* Dealer: the dealer stays after its own win and after a draw ("荒庄，则庄家
  继续坐庄"), else the 下家 deals; the round wind moves on when the deal
  returns to the first dealer (the match's rotation); seat winds follow the
  dealer (the dealer is East).

Context keys (``Ruleset.context_keys``): ``indicator`` (the turned-up tile,
notation or id: the 百搭 of the hand on paper), ``flower_replacement`` (won
on the tile drawn for a flower: 杠上开花).
"""

from __future__ import annotations

import enum
from dataclasses import replace
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules, decompositions
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.patterns import Fan, Reading, Wait
from mahjong_core.rules import Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext, option_enum
from mahjong_core.tiles import KIND_NAMES, Meld, MeldKind, format_tiles

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "HAND_TAI",
    "HardWin",
    "Ningbo",
    "NingboOptions",
    "PinghuPair",
    "SeatFlowers",
    "ThreeWilds",
    "WildSingle",
    "seat_flower_items",
    "wild_single_wait",
]

SEASONS = frozenset(range(34, 38))
"""春夏秋冬 (1f..4f)."""
PLANTS = frozenset(range(38, 42))
"""梅兰竹菊 (5f..8f)."""


class HardWin(enum.Enum):
    """What 硬糊 needs (NB-6)."""

    NO_WILD = "no-wild"
    """"手中没百搭": no 百搭 in hand at all (default)."""
    NATURAL = "natural"
    """No 百搭 standing for a kind other than its own (a 百搭 used as itself
    keeps 硬糊)."""


class WildSingle(enum.Enum):
    """When 财神单吊 bars a win on a discard (NB-7)."""

    ANY_READING = "any"
    """The hand before the win is four sets and a lone 百搭 (some reading of
    the win pairs the winning tile with a 百搭): self-draw only (default)."""
    EVERY_READING = "every"
    """Only when every reading of the win is that pair: a hand that also
    reads as another wait may win on a discard."""


class ThreeWilds(enum.Enum):
    """When 三财神 counts ("3张财神必须自摸")."""

    HELD = "held"
    """Three 百搭 in hand, all drawn by the winner (not a discarded one won
    on) (default)."""
    SELF_DRAWN_WIN = "self-drawn"
    """Also the win itself must be self-drawn."""


class SeatFlowers(enum.Enum):
    """Seat flowers (杠花) below a complete set (NB-5)."""

    EACH = "each"
    """Each own-seat flower 1 台 (春 and 梅 for East: 2) (default)."""
    ONE = "one"
    """The seat's 春-or-梅 pair scores 1 台 once ("杠到春或梅…即可算1台")."""


class PinghuPair(enum.Enum):
    """Which pairs 平糊 refuses ("将头不可以是含台数的风牌", NB-4)."""

    SCORING_HONOURS = "scoring-honours"
    """Dragons, the seat wind and the round wind (default)."""
    SCORING_WINDS = "scoring-winds"
    """Only the seat wind and the round wind (风牌 read as winds)."""
    ANY_HONOUR = "any-honour"
    """Every honour."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NingboOptions:
    """House rules of 宁波麻将 (see :class:`Ningbo`)."""

    min_tai: int = 4
    """The fewest 台 a win needs ("必须达到4台或更高台数")."""
    min_counts_base: bool = False
    """The 1-point 胡牌基本分 counts toward ``min_tai`` (NB-3; default no)."""
    hard_win: HardWin = HardWin.NO_WILD
    """What 硬糊 needs (NB-6)."""
    wild_single: WildSingle = WildSingle.ANY_READING
    """When 财神单吊 bars a win on a discard (NB-7)."""
    win_on_discarded_wild: bool = False
    """A discarded 百搭 may be won on (then it is a 百搭 of the hand);
    default no (PROPOSAL: it is dead, like its chow and pong)."""
    three_wilds: ThreeWilds = ThreeWilds.HELD
    """When 三财神 counts."""
    seat_flowers: SeatFlowers = SeatFlowers.EACH
    """Seat flowers below a complete set (NB-5)."""
    pinghu_pair: PinghuPair = PinghuPair.SCORING_HONOURS
    """The pairs 平糊 refuses (NB-4)."""
    kong_points: int = 0
    """杠分 (NB-1): each other seat pays this at every kong; refunded at a draw."""
    flower_points: int = 0
    """花分 (NB-1): at a win, each seat is paid this per flower it exposed by
    every other seat; nothing at a draw."""
    first_dealer: int = -1
    """The first dealer of a match: -1 (default) drawn at random from the
    match's seed, as the seed says ("第一把系统随机选一个人做庄"); 0..3: that
    seat deals first."""

    def __post_init__(self) -> None:
        for name in ("min_tai", "kong_points", "flower_points"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MahjongError(f"ningbo: option {name} must be a whole number >= 0, got {value!r}")
        for name in ("min_counts_base", "win_on_discarded_wild"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"ningbo: option {name} must be True or False, got {getattr(self, name)!r}")
        for name, kind in (("hard_win", HardWin), ("wild_single", WildSingle), ("three_wilds", ThreeWilds),
                           ("seat_flowers", SeatFlowers), ("pinghu_pair", PinghuPair)):
            object.__setattr__(self, name, option_enum("ningbo", name, getattr(self, name), kind))


# ---------------------------------------------------------------------------
# The 台 of a reading
# ---------------------------------------------------------------------------


def _dealer_seat(ctx: WinContext) -> int:
    return (ctx.seat - ctx.seat_wind) % 4


def _scoring_honours(ctx: WinContext, mode: PinghuPair) -> frozenset[int]:
    """The honours a 平糊 pair may not be (NB-4), for the winner of ``ctx``."""
    return _PAIR_BANS[mode][ctx.seat_wind % 4][ctx.round_wind % 4]


def _bans(mode: PinghuPair, seat: int, rnd: int) -> frozenset[int]:
    if mode is PinghuPair.ANY_HONOUR:
        return v.HONOURS
    winds = frozenset({27 + seat, 27 + rnd})
    return winds if mode is PinghuPair.SCORING_WINDS else winds | v.DRAGONS


_PAIR_BANS = {m: [[_bans(m, s, w) for w in range(4)] for s in range(4)] for m in PinghuPair}
"""NB-4's refused pairs by option, seat wind and round wind (built once)."""


_SINGLE, _EDGE, _CLOSED, _PUNG_WAIT = Wait.SINGLE, Wait.EDGE, Wait.CLOSED, Wait.PUNG
"""The wait members read once (each ``Wait.X`` read in a function is a
class attribute lookup through the enum type: about 10 times a global's cost)."""


def _wait(r: Reading) -> Wait:
    """The reading's wait, computed once (several items ask it)."""
    got: Wait | None = r.memo.get("wait")
    if got is None:
        got = r.memo["wait"] = v.wait(r)
    return got


def _pinghu(mode: PinghuPair) -> Any:
    def test(r: Reading) -> bool:
        return v.all_chows(r) and r.pair not in _scoring_honours(r.ctx, mode)
    return test


def _waits(*kinds: Wait) -> Any:
    def test(r: Reading) -> bool:
        return _wait(r) in kinds
    return test


def _big_single(r: Reading) -> bool:
    """大吊: every set declared, the win on the pair (a single wait)."""
    return _wait(r) is _SINGLE and v.all_sets_declared(r)


def _hand_fans(pinghu: PinghuPair) -> tuple[Fan, ...]:
    """The reading's 台 table with ``pinghu``'s 平糊 pair rule."""
    pinghu_test = _pinghu(pinghu)  # (made once: 排糊 asks it of every reading)
    return (
        Fan("排糊", "Plain 4+1 hand", 0,
            lambda r: _wait(r) not in (_EDGE, _CLOSED, _SINGLE, _PUNG_WAIT) and not pinghu_test(r),
            why="four sets and a pair, none of 平糊 边 夹 单吊 对倒"),
        Fan("平糊", "All chows", 1, pinghu_test, why="four chows, the pair no 台-scoring honour"),
        Fan("边", "Edge wait", 1, _waits(Wait.EDGE), why="won on the 3 of 12 or the 7 of 89"),
        Fan("夹", "Closed wait", 1, _waits(Wait.CLOSED), why="won on the middle tile of a chow"),
        Fan("单吊", "Single wait", 1, _waits(Wait.SINGLE), why="won on the pair"),
        Fan("对倒", "Double-pair wait", 1, _waits(Wait.PUNG), why="two pairs, won on either"),
        Fan("大吊", "Big single wait", 1, _big_single, why="every set declared, one tile left"),
        Fan("碰碰糊", "All pungs", 2, v.all_pungs, why="four pungs or kongs and a pair"),
        Fan("清一色", "Full flush", 4, v.full_flush, why="one suit"),
        Fan("混一色", "Half flush", 2, v.half_flush, why="one suit and honours"),
        Fan("字一色", "All honours", 8, v.all_honours, why="honours only"),
        Fan("中发白", "Dragon pung", 1, v.dragon_pungs, why="a pung or kong of 中, 发 or 白"),
        Fan("位风", "Seat wind pung", 1, v.seat_wind_pung, why="a pung or kong of the seat wind"),
        Fan("圈风", "Round wind pung", 1, v.round_wind_pung, why="a pung or kong of the round wind"),
    )


HAND_TAI: tuple[Fan, ...] = _hand_fans(PinghuPair.SCORING_HONOURS)
"""The 台 that depend on the reading (the default 平糊 pair rule)."""


wild_single_wait = v.wild_pair_wait
"""财神单吊 in a reading: the winning tile completed the pair, whose other
tile is a 百搭 (the hand before the win was four sets and a lone 百搭); the
shared vocabulary's :func:`~mahjong_core.patterns.wild_pair_wait`."""


def seat_flower_items(flowers: Sequence[int], seat_wind: int, mode: SeatFlowers = SeatFlowers.EACH) -> list[ScoreItem]:
    """杠花 of the winner's exposed ``flowers`` (ids 34..41, wild flowers
    never among them) at ``seat_wind`` (0 East .. 3 North).

    >>> [(i.zh, i.total) for i in seat_flower_items([34, 38, 35], 0)]
    [('杠花', 2)]
    >>> [(i.zh, i.total) for i in seat_flower_items([34, 35, 36, 37, 38], 0)]
    [('四季', 2), ('杠花', 1)]
    """
    have = frozenset(flowers)
    if SEASONS | PLANTS <= have:
        return [ScoreItem("八花", "All eight flowers", 8, 1, "春夏秋冬梅兰竹菊")]
    out: list[ScoreItem] = []
    own: list[int] = []
    for group, zh, en in ((SEASONS, "四季", "Four seasons"), (PLANTS, "四君子", "Four plants")):
        if group <= have:
            out.append(ScoreItem(zh, en, 2, 1, "all four of " + "".join(_FLOWER_ZH[f] for f in sorted(group))))
        else:
            own += [f for f in sorted(group) if f in have and (f - 34) % 4 == seat_wind]
    if own:
        n = len(own) if mode is SeatFlowers.EACH else 1
        out.append(ScoreItem("杠花", "Seat flower", 1, n, "own-seat flower " + "".join(_FLOWER_ZH[f] for f in own)))
    return out


_FLOWER_ZH = dict(zip(range(34, 42), "春夏秋冬梅兰竹菊"))


# ---------------------------------------------------------------------------
# The rule set
# ---------------------------------------------------------------------------


class Ningbo(Ruleset):
    """宁波麻将: see the module docstring for every decision."""

    name = "ningbo"
    version = 1
    zh = "宁波麻将"
    summary = "宁波: 144 tiles, a 百搭 turned up by the dice, at least 4 台, no 吃张打张, 截胡"
    aliases = ("宁波", "宁波麻将", "宁波百搭", "浙江宁波", "浙江宁波麻将")
    Options = NingboOptions
    random_first_dealer = True  # "第一把系统随机选一个人做庄" (option first_dealer fixes the seat)

    flower_tiles = tuple(range(34, 42))
    wild_indicator = True
    indicator_may_be_flower = True
    wild_discard = True
    multiple_winners = False
    rob_kong = True
    missed_win_ban = False
    chow_discard_ban = True
    kong_after_pung_ban = True
    wild_tiles = "the turned-up tile's kind (3 left); a season or plant: those four flowers"
    hand_rules = HandRules(forms=(Form.STANDARD,))

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "indicator": "the turned-up tile (notation or id): its kind is the 百搭, or the four seasons / plants",
        "flower_replacement": "won on the tile drawn for a flower (杠花): 杠上开花",
    })

    options: NingboOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._hand_fans = _hand_fans(self.options.pinghu_pair)
        self._pinghu_pair = self.options.pinghu_pair
        self._natural_tai = self.options.hard_win is HardWin.NATURAL
        o = self.options
        # (refuses_tiles' terms that only the options set)
        self._base_tai = (1 if o.min_counts_base else 0) + (1 if self._natural_tai else 0)
        self._no_wild_tai = 1 if o.hard_win is HardWin.NO_WILD else 0
        self._three_held = o.three_wilds is ThreeWilds.HELD
        self._every_reading = o.wild_single is WildSingle.EVERY_READING
        self._bans = _PAIR_BANS[self._pinghu_pair]
        self._flower_memo: dict[tuple[tuple[int, ...], int], tuple[tuple[ScoreItem, ...], int]] = {}
        """The items of :func:`seat_flower_items` and their 台 by (flowers,
        seat wind), worked out once each (the option is the rule set's)."""
        self._memo: tuple[WinContext, tuple[Reading, ...]] | None = None
        self._best_memo: tuple[WinContext, Reading, int] | None = None
        """The last context scored and its readings (the engine asks
        :meth:`win_problem` of the context it has just scored)."""

    # --- wilds ---------------------------------------------------------------
    def indicator_offset(self, dice: Sequence[int]) -> int:
        """The top tile of the stack the smaller die counts back from the
        end (stacks of two, the top one first from the end)."""
        return 2 * min(dice) - 1 if dice else 0

    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        if indicator in SEASONS:
            return SEASONS
        if indicator in PLANTS:
            return PLANTS
        return frozenset({indicator})

    def paper_wild_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        tile = self.paper_indicator(extra, flowers=True)
        return frozenset() if tile is None else self.wilds_for_indicator(tile)

    # --- scoring ---------------------------------------------------------------
    def _fixed_items(self, ctx: WinContext) -> list[ScoreItem]:
        """The 台 that do not depend on the reading."""
        out: list[ScoreItem] = []
        if ctx.self_drawn:
            out.append(ScoreItem("自摸", "Self-drawn", 1, 1, "won on one's own draw"))
        if ctx.kong_replacement or (ctx.self_drawn and _flag(ctx.extra, "flower_replacement")):
            out.append(ScoreItem("杠上开花", "Win on a replacement", 1, 1, "won on the tile drawn for a kong or flower"))
        if ctx.robbed_kong:
            out.append(ScoreItem("抢杠", "Robbing a kong", 1, 1, "won on the tile added to a kong"))
        if ctx.last_tile and ctx.self_drawn:
            out.append(ScoreItem("海捞糊牌", "Last tile", 1, 1, "self-drawn the last tile of the wall"))
        if ctx.first_turn and ctx.dealer:
            out.append(ScoreItem("天胡", "Heavenly hand", 8, 1, "the dealer wins before the first discard"))
        if (not ctx.dealer and ctx.first_go_around and not ctx.self_drawn
                and ctx.discarder == _dealer_seat(ctx)):
            out.append(ScoreItem("地胡", "Earthly hand", 6, 1, "won on the dealer's first discard"))
        if self._no_wild_tai and ctx.wilds == 0:
            out.append(ScoreItem("硬糊", "No 百搭", 1, 1, "no 百搭 in hand"))
        won_wild = not ctx.self_drawn and (ctx.win_tile >= 34 or ctx.win_tile in ctx.wild_kinds)
        drawn_wilds = ctx.wilds - (1 if won_wild else 0)
        if drawn_wilds >= 3 and (self._three_held or ctx.self_drawn):
            out.append(ScoreItem("三财神", "Three 百搭", 3, 1, "all three 百搭 in hand, self-drawn"))
        if ctx.flowers:
            out += self._flowers(ctx.flowers, ctx.seat_wind)[0]
        return out

    def _fixed_tai(self, ctx: WinContext) -> int:
        """The total of :meth:`_fixed_items` without building them (the
        engine's early refusal asks it of every win it checks)."""
        sd = ctx.self_drawn
        tai = 0
        if sd:
            tai += 1
            if ctx.last_tile:
                tai += 1
        if ctx.kong_replacement or (sd and _flag(ctx.extra, "flower_replacement")):
            tai += 1
        if ctx.robbed_kong:
            tai += 1
        if ctx.dealer:
            if ctx.first_turn:
                tai += 8
        elif ctx.first_go_around and not sd and ctx.discarder == _dealer_seat(ctx):
            tai += 6
        wilds = ctx.wilds
        if wilds == 0:
            tai += self._no_wild_tai
        elif wilds >= 3:
            won_wild = not sd and (ctx.win_tile >= 34 or ctx.win_tile in ctx.wild_kinds)
            if wilds - won_wild >= 3 and (self._three_held or sd):
                tai += 3
        if ctx.flowers:
            tai += self._flower_tai(ctx.flowers, ctx.seat_wind)
        return tai

    def _flowers(self, flowers: Sequence[int], seat_wind: int) -> tuple[tuple[ScoreItem, ...], int]:
        """The items of :func:`seat_flower_items` and their 台 (kept by key:
        items are immutable values)."""
        key = (tuple(flowers), seat_wind)
        got = self._flower_memo.get(key)
        if got is None:
            items = tuple(seat_flower_items(flowers, seat_wind, self.options.seat_flowers))
            got = self._flower_memo[key] = (items, sum(it.total for it in items))
        return got

    def _flower_tai(self, flowers: Sequence[int], seat_wind: int) -> int:
        """The 台 of :func:`seat_flower_items` (:meth:`_flowers`)."""
        return self._flowers(flowers, seat_wind)[1]

    def _reading_items(self, r: Reading) -> list[ScoreItem]:
        items = [f.item(r, n) for f, n in v.matching(self._hand_fans, r)]
        if self._natural_tai and r.is_natural:
            items.append(ScoreItem("硬糊", "No 百搭", 1, 1, "no 百搭 standing for another kind"))
        return items

    def _reading_tai(self, r: Reading) -> int:
        """The 台 of ``r``'s items (what :meth:`_reading_items` adds up,
        without building them: the table has no 不计 and 排糊 is worth 0),
        each item of :func:`_hand_fans` asked once in one pass: the one wait
        item (大吊 on top of 单吊), 平糊, 碰碰糊, the flush of the suits read,
        and the scoring honours among the pungs."""
        w = _wait(r)
        tai = 0
        if w is _SINGLE:
            tai = 2 if v.all_sets_declared(r) else 1
        elif w is _EDGE or w is _CLOSED or w is _PUNG_WAIT:
            tai = 1
        ctx = r.ctx
        if v.all_chows(r) and r.pair not in self._bans[ctx.seat_wind & 3][ctx.round_wind & 3]:
            tai += 1
        if v.all_pungs(r):
            tai += 2
        suits = len(v.suits(r))
        if suits == 1:
            tai += 2 if any(r.counts[27:34]) else 4
        elif not suits:
            tai += 8
        pungs = r.pungs
        if pungs:
            for k in pungs:
                if k >= 31:
                    tai += 1
            if 27 + ctx.seat_wind in pungs:
                tai += 1
            if 27 + ctx.round_wind in pungs:
                tai += 1
        if self._natural_tai and r.is_natural:
            tai += 1
        return tai

    def score(self, ctx: WinContext) -> ScoreSheet:
        """The 台 of the best reading (就高不就低); ``points`` = 1 + 台 (what
        each payer pays).

        :raises IllegalWinError: when the tiles are no four sets and a pair.
        """
        wild_flowers = [f for f in ctx.flowers if f in ctx.wild_kinds]
        if wild_flowers:
            raise InvalidHandError(f"{self.id}: {KIND_NAMES[wild_flowers[0]]!r} is a 百搭 this hand, no flower "
                                   "(花牌做百搭牌后不再具有花牌性质): put it in the hand")
        if not ctx.self_drawn and _flag(ctx.extra, "flower_replacement"):
            raise MahjongError("context flower_replacement: a win on a flower's replacement tile is self-drawn "
                               "(discarder=None)")
        fixed = self._fixed_items(ctx)
        top = self._best(ctx)[0]
        # the sheet in the seed's order of the table
        sheet = tuple(sorted(fixed + self._reading_items(top), key=lambda it: _ORDER.get(it.zh, 99)))
        tai = sum(it.total for it in sheet)
        return ScoreSheet(items=sheet, total=tai, unit="台", points=1 + tai,
                          notes=(f"base = 1 + {tai} 台 = {1 + tai}",))

    def _best(self, ctx: WinContext) -> tuple[Reading, int]:
        """The first reading of the most 台 and its 台 (of the last context
        asked again, or one equal to it, like :meth:`_readings`)."""
        memo = self._best_memo
        if memo is not None and (memo[0] is ctx or memo[0] == ctx):
            return memo[1], memo[2]
        top: Reading | None = None
        top_v = -1
        for r in self._readings(ctx):
            val = self._reading_tai(r)
            if val > top_v:
                top, top_v = r, val
        assert top is not None  # (readings raises when there is none)
        self._best_memo = (ctx, top, top_v)
        return top, top_v

    def _readings(self, ctx: WinContext) -> tuple[Reading, ...]:
        """The readings of the context, those of the last context asked
        again (the engine asks :meth:`refuses_win`, :meth:`score` and
        :meth:`win_problem` of one context, and often the same win again
        in an equal context: to offer it, then to take it)."""
        memo = self._memo
        if memo is not None and (memo[0] is ctx or memo[0] == ctx):
            return memo[1]
        got = self._new_readings(ctx)
        self._memo = (ctx, got)
        return got

    def _new_readings(self, ctx: WinContext) -> tuple[Reading, ...]:
        """The readings worth scoring.  A set or pair made only of 百搭 is
        read as one kind of each class that scores alike (speed: about 19
        kinds, not 55): per suit one kind and one chow, every honour, the
        百搭's own kinds; the kernel's decompositions use every kind."""
        if ctx.wilds < 2:
            return v.readings(ctx, self.hand_rules)
        decomps = ctx.decompositions
        if not decomps:
            try:
                decomps = tuple(decompositions(ctx.concealed, wilds=ctx.wilds, rules=self.hand_rules))
            except ValueError as e:
                raise IllegalWinError(f"not a winning hand: {e}") from None
            if not decomps:
                raise IllegalWinError(f"not a winning hand: {format_tiles(ctx.concealed)!r} + {ctx.wilds} 百搭")
            ctx = replace(ctx, decompositions=decomps)
        used = [0] * 34
        for k in ctx.all_kinds:
            used[k] += 1
        key = _class_kinds(used, ctx.wild_kinds)
        rules = _SCORING_RULES.get(key)
        if rules is None:
            rules = _SCORING_RULES[key] = HandRules(forms=(Form.STANDARD,), wild_kinds=key)
        return v.readings(ctx, rules)

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        o = self.options
        if not ctx.self_drawn and (ctx.win_tile >= 34 or ctx.win_tile in ctx.wild_kinds) and not o.win_on_discarded_wild:
            return "a discarded 百搭 is dead: no win on it (PROPOSAL, option win_on_discarded_wild)"
        if not ctx.self_drawn and ctx.wilds and self._wild_single(ctx):
            return "财神单吊 wins only by self-draw (财神单吊时，不能捉冲，只能自摸)"
        tai = sheet.total + (1 if o.min_counts_base else 0)
        if tai < o.min_tai:
            what = "台 with the base point" if o.min_counts_base else "台"
            return f"a win needs at least {o.min_tai} 台 (必须达到{o.min_tai}台或更高台数): the hand has {tai} {what}"
        return None

    def refuses_win(self, ctx: WinContext) -> bool:
        """The engine's early refusal: a discarded 百搭, 财神单吊 on a
        discard, or fewer 台 than ``min_tai`` on the best reading (the
        sheet's total, without the sheet).  Exactly the contexts
        :meth:`win_problem` refuses after scoring.  (The bound of the
        reading 台, :func:`reading_tai_bound`, is not asked here: the
        engine asks :meth:`refuses_tiles`, the same bound, before it builds
        a context.)"""
        o = self.options
        if not ctx.self_drawn and (ctx.win_tile >= 34 or ctx.win_tile in ctx.wild_kinds) and not o.win_on_discarded_wild:
            return True
        if (ctx.flowers and not ctx.wild_kinds.isdisjoint(ctx.flowers)) or (
            not ctx.self_drawn and _flag(ctx.extra, "flower_replacement")
        ):
            return False  # (score names the error)
        fixed = self._fixed_tai(ctx) + (1 if o.min_counts_base else 0)
        try:
            if not ctx.self_drawn and ctx.wilds and self._wild_single(ctx):
                return True
            # the sheet's 台: the fixed ones and those of the best reading
            return fixed + self._best(ctx)[1] < o.min_tai
        except IllegalWinError:
            return False  # (score names it)

    def refuses_tiles(self, table: Table, seat: int, counts: Sequence[int], wilds: int, tile: int | None,
                      robbed: bool) -> bool:
        """The 起胡 bound of :meth:`refuses_win` asked before any context
        is built (most wins the engine checks are refused by it): a
        discarded 百搭, or fewer 台 than ``min_tai`` even with the fixed
        台 at their most (自摸, 海捞糊牌 and 杠上开花 when self-drawn,
        抢杠 when robbed, 三财神 whenever three 百搭 are held) and every
        reading item the tiles could make (:func:`reading_tai_bound`, no 平糊
        on a pair NB-4 refuses).
        The first go-around (天胡, 地胡) is left to :meth:`refuses_win`."""
        o = self.options
        sd = tile is None
        wild_kinds = table.wild_kinds
        if not sd and not o.win_on_discarded_wild and (tile >= 34 or tile in wild_kinds):  # type: ignore[operator]
            return True
        flowers = table.flowers[seat]
        if (flowers and not wild_kinds.isdisjoint(flowers)) or (not sd and table.after_flower):
            return False  # (score names the error; refuses_win reads the flower replacement)
        if table.draws_made[seat] <= 1 and not any(table.melds):
            return False  # (天胡 and 地胡)
        tai = self._base_tai  # (the base point, 硬糊 of a natural reading)
        if sd:
            tai += 1  # (自摸)
            if table.after_kong or table.after_flower:
                tai += 1  # (杠上开花)
            if table.is_last_tile(seat):
                tai += 1  # (海捞糊牌)
        elif robbed:
            tai += 1
        if wilds == 0:
            tai += self._no_wild_tai
        elif wilds >= 3 and (sd or self._three_held):
            tai += 3
        seat_wind = table.seat_wind(seat)
        if flowers:
            tai += self._flower_tai(flowers, seat_wind)
        rw = table.round_wind
        c = counts if type(counts) is bytearray or type(counts) is bytes else bytes(counts)  # (the engine's: a bytearray)
        win = table.drawn if sd else tile  # (the winning tile: the context's win_tile)
        if win is None or win >= 34 or win in wild_kinds:
            win = -1  # (a 百搭: any reading's wait)
        return tai + _tai_bound(c, table.melds[seat], wilds, seat_wind, rw, self._bans[seat_wind & 3][rw & 3],
                                win) < o.min_tai

    def refuses_discard_wins(self, table: Table, seat: int, counts: Sequence[int], wilds: int) -> bool:
        """The bound of :meth:`refuses_tiles` for every discard at once,
        asked when the seat's waits are worked out after its discard: the
        tile won on read as one more 百搭 (at least the bound of each
        natural tile: :func:`_tai_bound` never falls when a held tile
        becomes a 百搭, and its wait item is then granted); a discarded
        百搭 is dead (unless ``win_on_discarded_wild``: never refused
        here).  天胡 and 地胡 are left to :meth:`refuses_win`, as there: no
        seat that has drawn at most once before any meld is refused."""
        o = self.options
        if o.win_on_discarded_wild:
            return False
        flowers = table.flowers[seat]
        if flowers and not table.wild_kinds.isdisjoint(flowers):
            return False  # (score names the error)
        if table.draws_made[seat] <= 1 and not any(table.melds):
            return False  # (天胡 and 地胡)
        tai = self._base_tai
        if wilds == 0:
            tai += self._no_wild_tai
        elif wilds >= 3 and self._three_held:
            tai += 3
        seat_wind = table.seat_wind(seat)
        if flowers:
            tai += self._flower_tai(flowers, seat_wind)
        rw = table.round_wind
        c = counts if type(counts) is bytearray or type(counts) is bytes else bytes(counts)
        return tai + _tai_bound(c, table.melds[seat], wilds + 1, seat_wind, rw, self._bans[seat_wind & 3][rw & 3],
                                -1) < o.min_tai

    def _wild_single(self, ctx: WinContext) -> bool:
        rs = self._readings(ctx)
        if self._every_reading:
            return all(wild_single_wait(r) for r in rs)
        return any(wild_single_wait(r) for r in rs)

    # --- settlement ------------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        n = self.num_players
        for ctx, sheet in wins:
            if ctx.self_drawn:
                for s in range(n):
                    if s != ctx.seat:
                        out.append(Payment(s, ctx.seat, sheet.points, "自摸"))
            elif ctx.discarder is not None:
                out.append(Payment(ctx.discarder, ctx.seat, sheet.points, "抢杠" if ctx.robbed_kong else "点炮"))
        fp = self.options.flower_points
        if fp and table is not None and wins:
            for s in range(n):
                for _ in table.flowers[s]:
                    out += [Payment(p, s, fp, "花分") for p in range(n) if p != s]
        return Settlement(tuple(out))

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        kp = self.options.kong_points
        if not kp:
            return Settlement()
        return Settlement(tuple(Payment(p, seat, kp, "杠分") for p in range(self.num_players) if p != seat))

    def settle_draw(self, table: Table) -> Settlement:
        """"荒庄 … 本局所有杠分花分无效": the kong points are paid back."""
        return Settlement(tuple(Payment(p.payee, p.payer, p.amount, "杠分无效") for p in table.kong_settlement.payments))

    # --- play --------------------------------------------------------------------
    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        flower = False
        if table.after_flower:  # (the import only then: asked at every win check)
            from mahjong_core.engine import Phase

            flower = table.phase is Phase.TURN and table.turn == seat
        return {"indicator": table.indicator, "flower_replacement": flower}


def _class_kinds(used: list[int], wild_kinds: frozenset[int]) -> frozenset[int]:
    """The kinds a set or pair of 百搭 alone is read as (one of each class
    that scores alike), from the copies of each kind the hand ``used``:
    every honour and the 百搭's own kinds; per suit its first least-used
    kind (a pung or the pair) and the first chow whose most-used kind is
    least used (so that a fourth copy is the last to be read)."""
    kinds = set(range(27, 34)) | {k for k in wild_kinds if k < 34}
    for s in (0, 9, 18):
        u = used[s : s + 9]
        kinds.add(s + u.index(min(u)))
        tops = list(map(max, u[:7], u[1:8], u[2:]))
        low = s + tops.index(min(tops))
        kinds.update((low, low + 1, low + 2))
    return frozenset(kinds)


def reading_tai_bound(ctx: WinContext) -> int:
    """At least the 台 of :data:`HAND_TAI` (any 平糊 pair rule) of every
    reading of ``ctx``, from its tiles alone (no reading made): one wait
    item, unless no reading can have one (:func:`_wait_tai`); 大吊 with four
    declared sets; 碰碰糊 when no chow is declared and
    the concealed tiles are of no more kinds than the pungs and pair they
    still make, else 平糊 when no pung is declared and the concealed
    honours can be the pair (one kind, at most two tiles: no honour is in
    a chow); the flush the natural tiles allow (their suits and honours:
    the 百搭 may add kinds, never remove them); each scoring honour (a
    dragon, the seat and the round wind) of which a pung is declared or
    the hand holds three with the 百搭."""
    counts = bytearray(34)
    for k in ctx.concealed:
        counts[k] += 1
    t = ctx.win_tile
    natural = 0 <= t < 34 and t not in ctx.wild_kinds and not ctx.wild_win_tile
    return _tai_bound(counts, ctx.melds, ctx.wilds, ctx.seat_wind, ctx.round_wind, win=t if natural else -1)


def _wait_tai(counts: bytes | bytearray, w: int, win: int) -> bool:
    """Whether a reading of the concealed ``counts`` and ``w`` 百搭 can score
    a wait item (单吊 对倒 边 夹) on the natural winning tile ``win`` (-1:
    unknown or a 百搭, any reading may): 单吊 needs a pair of it (two held,
    or one and a 百搭), 对倒 a pung of it (more still); without a 百搭 and
    with one held, 夹 needs both neighbours held, 边 the 1 and 2 of a won 3,
    or the 8 and 9 of a won 7.  A two-sided wait scores none."""
    if win < 0 or w or counts[win] >= 2:
        return True
    if win >= 27:
        return False
    i = win % 9
    if 1 <= i <= 7 and counts[win - 1] and counts[win + 1]:
        return True
    return (i == 2 and counts[win - 1] > 0 and counts[win - 2] > 0) or (
        i == 6 and counts[win + 1] > 0 and counts[win + 2] > 0)


def _tai_bound(counts: bytes | bytearray, melds: Sequence[Meld], w: int, seat_wind: int, round_wind: int,
               bans: frozenset[int] = frozenset(), win: int = -1) -> int:
    """:func:`reading_tai_bound` of the 34 concealed ``counts`` (bytes: the
    groups held read off one integer), the declared ``melds`` and ``w`` 百搭,
    won on the natural tile ``win`` (-1: unknown or a 百搭); no 平糊 when the
    one honour kind held, the pair of any 平糊, is in ``bans`` (NB-4's
    refused pairs)."""
    x = _from_bytes(counts, "little")
    h = x >> 216  # (the seven honour counts, a byte each: byte j is kind 27 + j)
    # (the suits held, bit 3 the honours; the melds' below)
    bits = (1 if x & _M0 else 0) | (2 if x & _M1 else 0) | (4 if x & _M2 else 0) | (8 if h else 0)
    chows = pungs = 0
    declared = 0  # (the honours of the declared pungs and kongs: bit 8j for kind 27 + j)
    if melds:
        for m in melds:
            first = m.tiles[0]
            if m.kind is _CHI:
                chows += 1
            else:
                pungs += 1
                if first >= 27:
                    declared |= 1 << 8 * (first - 27)
            bits |= _KIND_BIT[first]
    tai = (2 if len(melds) >= 4 else 1) if _wait_tai(counts, w, win) else 0
    # (x % 255: the sum of the counts, each byte 1 mod 255)
    if not chows and 34 - counts.count(0) <= (x % 255 + w + 1) // 3:
        tai += 2  # (碰碰糊: each kind held in a pung or the pair)
    elif not pungs:  # (平糊: the one honour kind held is the pair; no meld is of honours)
        if not h:
            tai += 1
        elif not h & (h - 1):  # (one honour kind, held once, twice or four times: one bit)
            b = h.bit_length() - 1
            if b & 7 < 2 and 27 + (b >> 3) not in bans:
                tai += 1
    suits = bits & 7
    if suits == 0:
        tai += 8
    elif suits & (suits - 1) == 0:
        tai += 2 if bits & 8 else 4
    # each scoring honour (中发白, the seat and round winds: twice when the
    # same) of which a pung is declared or three can be held with the 百搭
    once, twice = _SCORING_MASKS[seat_wind & 3][round_wind & 3]
    if w >= 3:
        return tai + once.bit_count() + twice.bit_count()
    if h or declared:
        # (bit 8j: 3 - w or more of kind 27 + j held; a count is 0..4)
        if w == 0:
            held = ((h >> 2) | (h & (h >> 1))) & _LOW_BITS
        elif w == 1:
            held = ((h >> 1) | (h >> 2)) & _LOW_BITS
        else:
            held = (h | (h >> 1) | (h >> 2)) & _LOW_BITS
        held |= declared
        tai += (held & once).bit_count() + (held & twice).bit_count()
    return tai


_from_bytes = int.from_bytes
"""``int.from_bytes`` read once (a class attribute lookup on ``int`` per call otherwise)."""
_M0, _M1, _M2 = (sum(0xFF << (8 * k) for k in range(9 * s, 9 * s + 9)) for s in range(3))
"""The bytes of each suit's nine counts in the counts read as one
little-endian integer (the seven honours' are the bytes from 27 on)."""
_CHI = MeldKind.CHI
_SCORING_MASKS = tuple(
    tuple(
        (sum(1 << 8 * (k - 27) for k in {31, 32, 33, 27 + sw, 27 + rw}), (1 << 8 * sw) if sw == rw else 0)
        for rw in range(4)
    )
    for sw in range(4)
)
"""The scoring honours (中发白, the seat wind, the round wind) by seat and
round wind, as two masks of the honour bytes (bit 8j: kind 27 + j): each
once, and the wind that is both seat and round wind (it counts twice)."""
_LOW_BITS = sum(1 << 8 * j for j in range(7))
"""Bit 0 of each of the seven honour bytes."""
_KIND_BIT = tuple(1 << (k // 9) if k < 27 else 8 for k in range(34))



_SCORING_RULES: dict[frozenset[int], HandRules] = {}
"""The hand rules of :meth:`Ningbo._readings` by their 百搭 kinds (built once each)."""

_ORDER = {zh: i for i, zh in enumerate((
    "自摸", "排糊", "平糊", "边", "夹", "单吊", "对倒", "大吊", "碰碰糊", "杠上开花", "硬糊", "三财神", "抢杠",
    "海捞糊牌", "天胡", "地胡", "清一色", "混一色", "字一色", "杠花", "四季", "四君子", "八花", "中发白", "位风", "圈风",
))}
"""The seed's order of the 台 table (the order of a score sheet)."""


_TRUE = frozenset({"1", "true", "yes", "on", "y"})


def _flag(extra: Mapping[str, Any], key: str) -> bool:
    """A yes/no context key (a bool in play, also text on paper)."""
    value = extra.get(key, False)
    if isinstance(value, str):
        return value.strip().lower() in _TRUE
    return bool(value)
