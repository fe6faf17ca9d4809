"""台湾麻将 (Taiwan 16-tile mahjong): 144 tiles with flowers, five sets and a
pair, 台 that add up, 连庄 and 拉庄, 一炮三响.

Source: seed [001] (台湾麻将: "十六张牌：开牌时每家取十六张牌 … 连庄，即是连续
做一次庄。每连庄一次便加上一番。闲家可以向庄家提出“拉庄”，即是暂不清还输给
庄家的总数，留三分一作下一盘的博注。一炮三响：一家“出重”而三家齐吃和"), as
summarised in the spec (``variants-more.md`` §11.6).  The seed gives no 台
table: the table here is the common Taiwan 16-张 table, every value a
PROPOSAL (see :class:`Taiwan`).

>>> r = Taiwan().score_hand("123m56m789p234s567s88s", win_tile="4m", winner=1, dealer=0, discarder=3)
>>> r.sheet.names(), r.sheet.total, r.settlement.deltas(4)
(['门清', '平胡'], 3, [0, 8, 0, -8])
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules, Shape, waits
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.patterns import Fan, Reading, Wait
from mahjong_core.rules import Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["FLOWER_SETS", "TABLE", "Taiwan", "TaiwanOptions", "StreakTai", "seat_flowers"]

EAST = 27
SEASONS = (34, 35, 36, 37)
"""春夏秋冬 (1f..4f)."""
PLANTS = (38, 39, 40, 41)
"""梅兰竹菊 (5f..8f)."""
FLOWER_SETS = (SEASONS, PLANTS)


def seat_flowers(seat_wind: int) -> tuple[int, int]:
    """The two 正花 of a seat wind: 东 春梅, 南 夏兰, 西 秋竹, 北 冬菊."""
    return SEASONS[seat_wind], PLANTS[seat_wind]


class StreakTai(enum.Enum):
    """What a dealer's streak (连庄) is worth."""

    SEED = "seed"
    """Each consecutive dealership adds 1 台 (the seed: "每连庄一次便加上一番"), the default."""
    LIAN_LA = "lian-la"
    """连N拉N: 2 台 per consecutive dealership (common Taiwan house rule)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TaiwanOptions:
    """House rules of 台湾麻将 (see :class:`Taiwan`)."""

    base: int = 5
    """底: paid on every win besides the 台 (PROPOSAL 5)."""
    per_tai: int = 1
    """台价: the price of one 台 (PROPOSAL 1)."""
    streak_tai: StreakTai = StreakTai.SEED
    """连庄: 1 台 per consecutive dealership (seed) or 2 (连N拉N)."""
    la_zhuang: bool = False
    """拉庄 (seed: a non-dealer *may* ask): every non-dealer that pays a
    dealer who keeps the deal pays two thirds now and leaves one third as
    the next hand's stake (see :meth:`Taiwan.settle`).  Off by default."""
    dead_wall: int = 16
    """Tiles never drawn at the end of the wall (PROPOSAL: 8 stacks, 16 tiles)."""
    heaven: int = 24
    """天胡 台 (PROPOSAL 24)."""
    earth: int = 16
    """地胡 台 (PROPOSAL 16)."""
    human: int = 8
    """人胡 台 (PROPOSAL 8)."""
    eight_flowers: int = 8
    """八仙过海 台: all eight flowers win at once (PROPOSAL 8)."""
    seven_rob_one: int = 8
    """七抢一 台: a seat holding seven flowers wins at once when another
    seat holds the eighth (at the deal, or as it draws it); that seat pays
    alone, as a discarder (PROPOSAL 8; 0: no 七抢一)."""
    ligu: int = 8
    """嚦咕嚦咕 (八对半) 台: a concealed hand of seven pairs and a pung
    (PROPOSAL 8; 0: no 嚦咕嚦咕, the standard form only)."""
    ligu_quad_pairs: bool = True
    """In 嚦咕嚦咕, four tiles of a kind count as two pairs (PROPOSAL)."""

    def __post_init__(self) -> None:
        for name in ("base", "per_tai", "dead_wall", "heaven", "earth", "human", "eight_flowers",
                     "seven_rob_one", "ligu"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MahjongError(f"taiwan: option {name} must be an int >= 0, got {value!r}")
        if self.per_tai == 0 and self.base == 0:
            raise MahjongError("taiwan: options base and per_tai are both 0: no win would pay")
        if self.dead_wall > 60:
            raise MahjongError(f"taiwan: option dead_wall {self.dead_wall!r} leaves too few tiles to play")
        for name in ("la_zhuang", "ligu_quad_pairs"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"taiwan: option {name} must be True or False, got {getattr(self, name)!r}")
        try:
            streak = StreakTai(self.streak_tai)
        except ValueError:
            known = ", ".join(repr(s.value) for s in StreakTai)
            raise MahjongError(f"taiwan: option streak_tai {self.streak_tai!r} is not one of {known}") from None
        object.__setattr__(self, "streak_tai", streak)


# ---------------------------------------------------------------------------
# The 台 table (data over the shared vocabulary; every value a PROPOSAL)
# ---------------------------------------------------------------------------


def _discard_win(r: Reading) -> bool:
    return not r.ctx.self_drawn


def _menqing(r: Reading) -> bool:
    return v.concealed_hand(r) and not r.ctx.self_drawn


def _menqing_zimo(r: Reading) -> bool:
    return v.concealed_hand(r) and r.ctx.self_drawn


def _pinghu(r: Reading) -> bool:
    """平胡: five chows, a suit pair, no flowers, won on a discard on a two-sided wait."""
    return (
        v.all_chows(r)
        and r.pair < 27
        and not r.ctx.flowers
        and not r.ctx.self_drawn
        and r.wait is Wait.TWO_SIDED
    )


def _all_claimed(r: Reading) -> bool:
    sets = [u for u in r.units if u.shape is not Shape.PAIR]
    return bool(sets) and all(u.claimed for u in sets)


def _quanqiuren(r: Reading) -> bool:
    """全求人: every set claimed, the pair won on a discard."""
    return v.fully_melded(r)


def _banqiuren(r: Reading) -> bool:
    """半求人: every set claimed, the pair self-drawn."""
    return _all_claimed(r) and r.ctx.self_drawn and r.wait is Wait.SINGLE


def _only_wait(r: Reading) -> bool:
    """The hand before the winning tile waited on this one kind only (独听)."""
    got: bool | None = r.memo.get("only_wait")
    if got is None:
        ctx = r.ctx
        before = list(ctx.concealed)
        if 0 <= ctx.win_tile < 34 and ctx.win_tile in before:
            before.remove(ctx.win_tile)
            got = waits(before, rules=Taiwan.hand_rules) == (ctx.win_tile,)
        else:
            got = False
        r.memo["only_wait"] = got
    return got


def _wait_is(w: Wait) -> Any:
    return lambda r: r.wait is w and _only_wait(r)


def _sanyuan_pungs(r: Reading) -> int:
    return v.dragon_pungs(r)


def _zheng_hua(r: Reading) -> int:
    """正花: the seat's own flowers (not counted inside a 花杠)."""
    own = seat_flowers(r.ctx.seat_wind)
    held = set(r.ctx.flowers)
    n = 0
    for group, mine in zip(FLOWER_SETS, own):
        if mine in held and not set(group) <= held:
            n += 1
    return n


def _hua_gang(r: Reading) -> int:
    """花杠: a full set of 春夏秋冬 or 梅兰竹菊."""
    held = set(r.ctx.flowers)
    return sum(1 for g in FLOWER_SETS if set(g) <= held)


def _dark(n: int) -> Any:
    return lambda r: v.concealed_pungs(r) == n


def _half_flush(r: Reading) -> bool:
    return v.half_flush(r)


TABLE: tuple[Fan, ...] = (
    Fan("门清自摸", "Concealed self-draw", 3, _menqing_zimo, excludes=("自摸", "门清"),
        why="no claimed meld, self-drawn"),
    Fan("门清", "Concealed hand", 1, _menqing, why="no claimed meld, won on a discard"),
    Fan("自摸", "Self-drawn", 1, v.self_drawn, why="won on own draw"),
    Fan("门风", "Seat-wind pung", 1, v.seat_wind_pung, why="pung of the seat wind"),
    Fan("圈风", "Round-wind pung", 1, v.round_wind_pung, why="pung of the round wind"),
    Fan("三元牌", "Dragon pung", 1, _sanyuan_pungs, why="a pung of 中, 发 or 白"),
    Fan("正花", "Own flower", 1, _zheng_hua, why="the seat's own season or plant"),
    Fan("花杠", "Flower set", 2, _hua_gang, why="春夏秋冬 or 梅兰竹菊 complete"),
    Fan("平胡", "All chows", 2, _pinghu, why="five chows, suit pair, no flower, discard, two-sided wait"),
    Fan("全求人", "All melded", 2, _quanqiuren, excludes=("单吊",), why="every set claimed, pair on a discard"),
    Fan("半求人", "All melded, self-drawn", 1, _banqiuren, excludes=("自摸", "单吊"),
        why="every set claimed, pair self-drawn"),
    Fan("边张", "Edge wait", 1, _wait_is(Wait.EDGE), why="12 waiting 3 or 89 waiting 7, the only wait"),
    Fan("嵌张", "Closed wait", 1, _wait_is(Wait.CLOSED), why="the middle of a chow, the only wait"),
    Fan("单吊", "Single wait", 1, _wait_is(Wait.SINGLE), why="the pair, the only wait"),
    Fan("抢杠", "Robbing a kong", 1, v.robbed_kong, why="won on a tile added to a pung"),
    Fan("杠上开花", "Kong replacement win", 1, v.kong_replacement, why="won on a kong's replacement tile"),
    Fan("海底捞月", "Last tile", 1, v.last_tile_drawn, why="self-drawn on the last tile"),
    Fan("河底捞鱼", "Last discard", 1, v.last_tile_discard, why="won on the last discard"),
    Fan("五暗刻", "Five concealed pungs", 8, _dark(5), excludes=("碰碰胡",), why="five concealed pungs"),
    Fan("四暗刻", "Four concealed pungs", 5, _dark(4), why="four concealed pungs"),
    Fan("三暗刻", "Three concealed pungs", 2, _dark(3), why="three concealed pungs"),
    Fan("碰碰胡", "All pungs", 4, v.all_pungs, why="five pungs or kongs and a pair"),
    Fan("字一色", "All honours", 16, v.all_honours, excludes=("混一色", "碰碰胡"), why="honours only"),
    Fan("清一色", "Full flush", 8, v.full_flush, why="one suit only"),
    Fan("混一色", "Half flush", 4, _half_flush, why="one suit and honours"),
    Fan("大四喜", "Big four winds", 16, v.big_four_winds, excludes=("小四喜", "门风", "圈风", "碰碰胡"),
        why="four wind pungs"),
    Fan("小四喜", "Little four winds", 8, v.little_four_winds, excludes=("门风", "圈风"),
        why="three wind pungs and a wind pair"),
    Fan("大三元", "Big three dragons", 8, v.big_three_dragons, excludes=("小三元", "三元牌"),
        why="three dragon pungs"),
    Fan("小三元", "Little three dragons", 4, v.little_three_dragons, excludes=("三元牌",),
        why="two dragon pungs and a dragon pair"),
)
"""The 台 of a hand (PROPOSAL values; they add up, ``excludes`` = 不计)."""

_FIRST_TURN = ("门清自摸", "门清", "自摸", "边张", "嵌张", "单吊")
"""Not counted with 天胡 / 地胡 / 人胡."""

INSTANT_EIGHT = "八仙过海"
INSTANT_SEVEN = "七抢一"
LIGU = "嚦咕嚦咕"

LIGU_ALSO = ("自摸", "正花", "花杠", "抢杠", "海底捞月", "河底捞鱼", "字一色", "清一色", "混一色")
"""The entries of :data:`TABLE` that count with 嚦咕嚦咕 (PROPOSAL: not
门清 / 门清自摸, which the hand is by nature, nor the waits)."""
_LIGU_TABLE = tuple(f for f in TABLE if f.zh in LIGU_ALSO)


class Taiwan(Ruleset):
    """台湾麻将, 16 tiles: five sets and a pair, 144 tiles with eight flowers.

    **Seed** ([001], spec §11.6): every seat takes 16 tiles (the dealer 17);
    连庄 adds one 台 per consecutive dealership (``streak_tai``); 拉庄: a
    non-dealer may defer settling with the dealer, leaving one third as the
    next hand's stake (option ``la_zhuang``); 一炮三响: one discard may have
    three winners (``multiple_winners``).

    **Play** (PROPOSAL, common Taiwan rules): chow from 上家, pung and kong
    from anyone, pung before chow, win before both; 抢杠 on an added kong;
    flowers are exposed and replaced from the tail; the last ``dead_wall``
    tiles (8 stacks) are never drawn; 过水 (漏胡): a seat that passes a win
    may not win on a discard before its next draw.  Winning form: the
    standard one (five sets and a pair), and 嚦咕嚦咕 (八对半): seven pairs
    and a pung, no meld (``ligu`` 台, 8; a kind held four times is two
    pairs, ``ligu_quad_pairs``); no seven pairs, no thirteen orphans.
    八仙过海: a seat holding all eight flowers wins at once
    (``eight_flowers`` 台, 8).  七抢一: a seat holding seven flowers wins
    at once when another seat holds the eighth, at the deal or as that
    seat draws it (the engine's ``flower_rob``); the seat holding the
    eighth pays alone, as a discarder (``seven_rob_one`` 台, 8; 0: off).
    Any winning shape wins (no minimum 台).  The dealer stays after its own win or a drawn
    hand; else the next seat deals; the streak counts 连庄.

    **台** (:data:`TABLE`, PROPOSAL): 门清 1, 自摸 1 (门清自摸 3 instead),
    门风 / 圈风 / 三元牌 pung 1 each, 正花 1 each, 花杠 2, 平胡 2, 全求人 2,
    半求人 1, 边张 / 嵌张 / 单吊 1 (only when it was the one wait: 独听),
    抢杠 / 杠上开花 / 海底捞月 / 河底捞鱼 1, 三暗刻 2, 四暗刻 5, 五暗刻 8,
    碰碰胡 4, 混一色 4, 清一色 8, 字一色 16, 小三元 4, 大三元 8, 小四喜 8,
    大四喜 16; 天胡 24 / 地胡 16 / 人胡 8 (options; they replace 门清,
    自摸 and the wait).  嚦咕嚦咕 8 with only 自摸, 正花, 花杠, 抢杠,
    海底捞月, 河底捞鱼 and the flushes (:data:`LIGU_ALSO`).  The best
    reading counts (就高不就低), 嚦咕嚦咕 against the standard form.

    **Payments** (PROPOSAL): a payer pays ``base + per_tai × 台``.  庄家
    1 台 and 连庄 (``streak`` × 1, or × 2 with 连N拉N) are added to every
    payment between the dealer and another seat: on the sheet when the
    dealer wins; in the dealer's own payment when it loses.  Self-draw:
    each other seat pays; discard: the discarder pays each winner (一炮三响:
    three winners, each paid); 抢杠: the robbed seat pays as a discarder;
    七抢一: the holder of the eighth flower pays as a discarder.
    A drawn hand pays nothing.
    """

    name = "taiwan"
    version = 2
    zh = "台湾麻将"
    summary = "Taiwan 16-tile: five sets and a pair, flowers, additive 台, 连庄/拉庄, 一炮三响"
    aliases = ("台湾", "台灣麻將", "台湾十六张", "十六张麻将", "taiwanese", "taiwan16")
    Options = TaiwanOptions
    options: TaiwanOptions

    hand_size = 16
    flower_tiles = SEASONS + PLANTS
    multiple_winners = True
    rob_kong = True
    flower_rob = True
    missed_win_ban = True
    hand_rules = HandRules(forms=frozenset({Form.STANDARD}))
    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "streak": "the dealer's consecutive dealerships before this hand (连庄, 0 = first)",
        "flower_from": "七抢一: the seat holding the eighth flower (it pays)",
    })

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.dead_wall = self.options.dead_wall

    # --- winning -----------------------------------------------------------
    def instant_win(self, table: Table, seat: int) -> str | None:
        """八仙过海: all eight flowers; 七抢一: seven, and another seat holds
        the eighth (asked at the deal and as a flower is drawn: the
        ``opening`` and ``flower`` phases)."""
        held = len(table.flowers[seat])
        if held == 8 and self.options.eight_flowers:
            return INSTANT_EIGHT
        if (held == 7 and self.options.seven_rob_one and table.phase.value in ("opening", "flower")
                and self._flower_from(table, seat) is not None):
            return INSTANT_SEVEN
        return None

    @staticmethod
    def _flower_from(table: Table, seat: int) -> int | None:
        """The other seat that holds a flower (the eighth), or None."""
        for s in range(table.n):
            if s != seat and table.flowers[s]:
                return s
        return None

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        if len(table.flowers[seat]) == 7:
            holder = self._flower_from(table, seat)
            if holder is not None:
                return {"streak": table.streak, "flower_from": holder}
        return {"streak": table.streak}

    # --- 嚦咕嚦咕 (八对半) ----------------------------------------------------
    def _ligu_counts(self, counts: Sequence[int]) -> bool:
        return self.options.ligu > 0 and seven_pairs_and_a_pung(counts, self.options.ligu_quad_pairs)

    def shape_free_win(self, table: Table, seat: int, counts: Sequence[int]) -> bool:
        """嚦咕嚦咕: seventeen concealed tiles, seven pairs and a pung."""
        return not table.melds[seat] and self._ligu_counts(counts)

    def shape_free_waits(self, table: Table, seat: int, counts: Sequence[int]) -> int:
        """The kinds that make sixteen concealed tiles a 嚦咕嚦咕."""
        if table.melds[seat] or not self.options.ligu:
            return 0
        return ligu_waits(counts, self.options.ligu_quad_pairs)

    def _streak(self, ctx: WinContext) -> int:
        value = ctx.extra.get("streak", 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            try:
                value = int(value)
            except (TypeError, ValueError):
                raise MahjongError(f"taiwan: context streak {value!r} is not a whole number >= 0") from None
            if value < 0:
                raise MahjongError(f"taiwan: context streak {value!r} is not a whole number >= 0")
        return int(value)

    def dealer_tai(self, ctx: WinContext) -> list[ScoreItem]:
        """庄家 and 连庄: on every payment between the dealer and another seat."""
        streak = self._streak(ctx)
        per = 2 if self.options.streak_tai is StreakTai.LIAN_LA else 1
        out = [ScoreItem("庄家", "Dealer", 1, why="the dealer wins or pays")]
        if streak:
            out.append(ScoreItem("连庄", "Dealer streak", per, streak, why=f"连{streak}"))
        return out

    def _readings(self, ctx: WinContext) -> tuple[Reading, ...]:
        try:
            return v.readings(ctx, self.hand_rules)
        except IllegalWinError as e:
            raise IllegalWinError(f"taiwan: {e}") from None

    def _first(self, ctx: WinContext) -> tuple[str, str, int] | None:
        o = self.options
        if ctx.first_turn and ctx.dealer and o.heaven:
            return "天胡", "Heavenly hand", o.heaven
        if ctx.first_turn and not ctx.dealer and o.earth:
            return "地胡", "Earthly hand", o.earth
        if ctx.first_go_around and not ctx.self_drawn and o.human:
            return "人胡", "Human hand", o.human
        return None

    def score(self, ctx: WinContext) -> ScoreSheet:
        """The 台 of the best reading (dealer 台 included when the dealer wins)."""
        dealer_items = self.dealer_tai(ctx) if ctx.dealer else []
        if ctx.instant == INSTANT_EIGHT:
            value = self.options.eight_flowers
            items = [ScoreItem(INSTANT_EIGHT, "All eight flowers", value, why="all eight flowers"), *dealer_items]
            return self._sheet(items, [])
        if ctx.instant == INSTANT_SEVEN:
            value = self.options.seven_rob_one
            items = [ScoreItem(INSTANT_SEVEN, "Seven flowers rob the eighth", value,
                               why="seven flowers, another seat holds the eighth"), *dealer_items]
            return self._sheet(items, [])
        if ctx.instant is not None:
            raise IllegalWinError(f"taiwan: no instant win {ctx.instant!r} (only {INSTANT_EIGHT}, {INSTANT_SEVEN})")
        self.check_win_context(ctx)  # no wilds, 17 tiles
        first = self._first(ctx)
        top_items: list[ScoreItem] = []
        top = -1
        ligu = self._ligu_reading(ctx)
        try:
            found = self._readings(ctx)
        except IllegalWinError:
            if ligu is None:
                raise
            found = ()
        if ligu is not None:
            hits = v.matching(_LIGU_TABLE, ligu)
            if first is not None:
                hits = [(f, n) for f, n in hits if f.zh not in _FIRST_TURN]
            top_items = [ScoreItem(LIGU, "Seven pairs and a pung", self.options.ligu,
                                   why="seven pairs and a pung, concealed (八对半)"),
                         *(f.item(ligu, n) for f, n in hits)]
            top = sum(it.total for it in top_items)
        for r in found:
            hits = v.matching(TABLE, r)
            if first is not None:
                hits = [(f, n) for f, n in hits if f.zh not in _FIRST_TURN]
            total = 0
            for f, n in hits:  # (the items' total: each ScoreItem counts value × count)
                total += f.value * n
            if total > top:  # the sheet's items: of a new best reading only
                top, top_items = total, [f.item(r, n) for f, n in hits]
        notes: list[str] = []
        if first is not None:
            top_items.insert(0, ScoreItem(first[0], first[1], first[2], why="first-turn win"))
            notes.append(f"{first[0]}: 门清, 自摸 and the wait are not counted")
        return self._sheet([*top_items, *dealer_items], notes)

    def _ligu_reading(self, ctx: WinContext) -> Reading | None:
        """The 嚦咕嚦咕 reading of ``ctx`` (seven pairs and a pung), or None."""
        if ctx.melds or not self.options.ligu or len(ctx.concealed) != self.hand_size + 1:
            return None
        counts = [0] * 34
        for k in ctx.concealed:
            counts[k] += 1
        if not seven_pairs_and_a_pung(counts, self.options.ligu_quad_pairs):
            return None
        units: list[v.Unit] = []
        for k in range(34):
            c = counts[k]
            if c % 2:
                units.append(v.Unit(Shape.PUNG, k, (k,) * 3))
                c -= 3
            units.extend(v.Unit(Shape.PAIR, k, (k, k)) for _ in range(c // 2))
        win = None
        for i, u in enumerate(units):
            if u.kind == ctx.win_tile:
                win = i
                break
        return Reading(Form.SEVEN_PAIRS, tuple(units), ctx, win, tuple(counts))

    def _sheet(self, items: list[ScoreItem], notes: list[str]) -> ScoreSheet:
        total = 0
        for it in items:
            total += it.total
        return ScoreSheet(items=tuple(items), total=total, unit="台",
                          points=self.options.base + self.options.per_tai * total, notes=tuple(notes))

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        """Any winning shape wins (no minimum 台)."""
        return None

    # --- payments ----------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """``base + per_tai × 台`` from each payer; the dealer's 庄家 and 连庄
        台 are added when the dealer pays a non-dealer; with ``la_zhuang``
        the stakes left by the previous hand are settled and new ones left
        (see the class doc)."""
        out: list[Payment] = []
        stakes = self._stakes(table)
        winners = {ctx.seat for ctx, _ in wins}
        dealer_seat: int | None = None
        for ctx, sheet in wins:
            dealer = (ctx.seat - ctx.seat_wind) % self.num_players
            dealer_seat = dealer
            extra_tai = sum(it.total for it in self.dealer_tai(ctx))
            if ctx.instant == INSTANT_SEVEN:
                payers = [self._seven_payer(ctx)]
                why = INSTANT_SEVEN
            elif ctx.self_drawn:
                payers = [s for s in range(self.num_players) if s != ctx.seat]
                why = "自摸"
            else:
                if ctx.discarder is None:
                    raise MahjongError(f"taiwan: discard win of seat {ctx.seat!r} without a discarder")
                payers = [ctx.discarder]
                why = "抢杠" if ctx.robbed_kong else ("一炮三响" if ctx.multiple_winners >= 3 else "放枪")
            for p in payers:
                amount = sheet.points
                reason = why
                if p == dealer and not ctx.dealer:
                    amount += self.options.per_tai * extra_tai
                    reason += f" +庄家{extra_tai}台"
                if self.options.la_zhuang and ctx.dealer and table is not None:
                    kept = amount // 3
                    if kept:
                        amount -= kept
                        reason += f" 拉庄 (留{kept})"
                out.append(Payment(p, ctx.seat, amount, reason))
        out.extend(self._settle_stakes(stakes, dealer_seat, winners))
        return Settlement(tuple(out))

    def _seven_payer(self, ctx: WinContext) -> int:
        """七抢一: the seat holding the eighth flower (the drawer it was
        robbed from, else the context key ``flower_from``)."""
        payer = ctx.discarder if ctx.discarder is not None else ctx.extra.get("flower_from")
        try:
            seat = int(payer)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise MahjongError(
                f"taiwan: {INSTANT_SEVEN} of seat {ctx.seat!r} needs the seat holding the eighth flower "
                f"(the discarder, or context flower_from), got {payer!r}"
            ) from None
        if not 0 <= seat < self.num_players or seat == ctx.seat:
            raise MahjongError(f"taiwan: {INSTANT_SEVEN}: the eighth flower's holder {payer!r} is not another seat")
        return seat

    def settle_draw(self, table: Table) -> Settlement:
        """A drawn hand pays nothing, except the 拉庄 stakes of the hand before."""
        return Settlement(tuple(self._settle_stakes(self._stakes(table), None, set())))

    def _stakes(self, table: Table | None) -> dict[int, tuple[int, int]]:
        """拉庄 stakes left by the previous hand: seat -> (dealer, amount)."""
        if table is None or not self.options.la_zhuang:
            return {}
        raw = table.carry.get("la_zhuang", {})
        return {int(s): (int(d), int(a)) for s, (d, a) in raw.items()}

    def _settle_stakes(self, stakes: dict[int, tuple[int, int]], dealer: int | None,
                       winners: set[int]) -> list[Payment]:
        """A stake goes to the dealer, unless the seat that left it won this
        hand (then it is cancelled)."""
        out: list[Payment] = []
        for seat, (d, amount) in sorted(stakes.items()):
            if seat in winners:
                continue
            out.append(Payment(seat, d, amount, "拉庄 stake"))
        return out

    def carry(self, table: Table) -> dict[str, Any]:
        """拉庄: the thirds left this hand, by seat (with the dealer they are owed to)."""
        if not self.options.la_zhuang:
            return {}
        left: dict[str, list[int]] = {}
        for ctx in table.contexts.values():
            if not ctx.dealer or ctx.seat not in table.winners:
                continue
            for p in table.settlement.payments:
                if p.payee == ctx.seat and "拉庄" in p.reason and "(留" in p.reason:
                    kept = int(p.reason.rsplit("留", 1)[1].rstrip(")"))
                    prev = left.get(str(p.payer), [ctx.seat, 0])
                    left[str(p.payer)] = [ctx.seat, prev[1] + kept]
        return {"la_zhuang": left} if left else {}


# --- vocabulary candidates ---


def seven_pairs_and_a_pung(counts: Sequence[int], quad_pairs: bool = True) -> bool:
    """嚦咕嚦咕 / 八对半: 34 ``counts`` of seventeen tiles that are seven
    pairs and one pung (four of a kind: two pairs when ``quad_pairs``)."""
    if sum(counts) != 17:
        return False
    pungs = 0
    for c in counts:
        if c == 1 or (c == 4 and not quad_pairs):
            return False
        if c == 3:
            pungs += 1
    return pungs == 1


def ligu_waits(counts: Sequence[int], quad_pairs: bool = True) -> int:
    """The kinds (a bit mask) that make sixteen ``counts`` a
    :func:`seven_pairs_and_a_pung`."""
    if sum(counts) != 16:
        return 0
    try:  # a quick count of the kinds held an odd number of times (C speed)
        if bytes(counts).translate(_ODD).count(1) > 2:
            return 0
    except (TypeError, ValueError):
        pass  # counts beyond bytes: the plain count below
    odd = [k for k in range(34) if counts[k] % 2]
    if len(odd) > 2:
        return 0
    mask = 0
    trial = list(counts)
    for k in (odd or [k for k in range(34) if counts[k]]):
        if counts[k] >= 4:
            continue
        trial[k] += 1
        if seven_pairs_and_a_pung(trial, quad_pairs):
            mask |= 1 << k
        trial[k] -= 1
    return mask


_ODD = bytes(n & 1 for n in range(256))
"""A ``bytes.translate`` table: 1 for an odd count, else 0."""
