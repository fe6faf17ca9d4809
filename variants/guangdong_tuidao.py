"""广东推倒胡 and 广东大胡 (Guangdong 自摸麻将): 136 tiles, self-drawn wins,
money per 番 and 买码 (horses).

Source: seed 004, "广东麻将的大胡番数与算钱" (the only passage on these
games: seed 000 lists 广东推倒胡麻将 in its contents only), as specified in
``variants-more.md`` §5.3; seed 001's 广东 common procedure (§5.1) fills
what it leaves open.  The seed: "广东自摸麻将一般都有东南西北中发白，分为推倒胡
（鸡胡）与大胡两种" — one game, two ways of scoring it.  They are two rule
sets of this module: :class:`GuangdongTuidao` (``tuidaohu``: no 番, every
win pays the same) and :class:`GuangdongDahu` (``dahu``: the 大胡 番 table;
"在大胡大法中，也可以鸡胡").  Score a hand from notation (seats 0..3):

>>> r = GuangdongDahu().score_hand("111m999p222s3s", win_tile="3s", melds=["pon 555z"],
...                                context={"horse_hits": 2})
>>> r.sheet.names(), r.sheet.total, r.settlement.deltas(4)
(['对对碰'], 2, [360, -120, -120, -120])

What the rule sets decide (seed wording first, then each gap):

* Tiles: 万筒索 and 东南西北中发白, four of each (136), no flowers, no wild
  tiles ("一般都有东南西北中发白"; the 推倒胡 variants with 鬼牌 are not in
  the seed); 13 tiles, the dealer 14 and discards first.
* Calls: pung and kong by anyone ("有明杠，暗杠，抢杠"); **no chow**
  (PROPOSAL: the seed names no chow, and 推倒胡 is commonly played 碰/杠
  only; its own 金钩钓, "all four sets called", is listed as an all-pungs
  hand).  Win > kong/pung.  漏胡 (§5.1 漏和): a seat that passes a win may
  not win on that same kind until it draws or calls.
* Win shapes: four sets and a pair, and seven pairs (the 大胡 table lists
  七小对; 推倒胡 plays the same tiles); 大胡 also 十三幺 (PROPOSAL, below).
* 推倒胡: "不算番 … 只能自摸才能胡牌": every win is 鸡胡, one unit, and
  only self-drawn wins count.  抢杠 is a win ("有明杠，暗杠，抢杠") and
  counts as a self-draw (PROPOSAL).
* 大胡 (:data:`DAHU_HANDS`): 鸡胡 1 (when nothing else applies), 对对碰 /
  大对子 2, 金钩钓 2 (all four sets declared, won on the pair), 混一色 2,
  七小对 3, 杠上开花 2, 杠上杠再开花 4 (won on the replacement of the second
  of two kongs in a row), 清一色 4, 混碰 4.  The hands of one win add up
  (PROPOSAL: the seed's own 混碰 = 混一色 2 + 对对碰 2 = 4; option
  ``combine=Combine.MAX`` keeps only the highest); so 清一色 + 对对碰 is 6.
  "在大于等于4番时就可以吃胡，2，3番不能吃胡": a win on a discard needs
  ``discard_min_fan`` = 4 番 (PROPOSAL: the clause "可以吃别人点炮" that
  follows contradicts it and is not followed); 抢杠 counts as a self-draw
  and needs no minimum (PROPOSAL).
* Past 混碰 the seed is cut off ("混碰，就是混一色加对对碰，4番；吃胡的话，点炮的出
  80元，中一个码多80" and no more).  PROPOSAL (:data:`BEYOND_HUNPENG`, option
  ``beyond_hunpeng``): the rest of seed 001's 广东 鸡平和 table, whose
  values agree with every hand the two tables share: 混幺九, 小三元, 小四喜
  5; 字一色, 清幺九, 大三元, 大四喜, 九莲宝灯, 十三幺 6 番; the highest of
  them alone ("这些特别牌型不再叠加其他番种"), with 杠上开花 / 杠上杠再开花
  beside it.  All are 4 番 or more: they may be won on a discard.
* Money (``stake`` 20 per 番, linear: "1番"=20 … 4番=80): on a self-draw
  each of the three others pays ``stake`` × 番 × (1 + 码 hits); on a
  discard the discarder alone pays it ("点炮的出80元，中一个码多80元").
  抢杠: the robbed seat pays for all three (PROPOSAL, as 鸡平和's 抢杠 in
  the same province).  杠爆: "可以算一家到底，也可以讲规矩不包到底" — by
  default (``kong_bloom_liable=True``) the seat whose discard made the kong
  (点杠) pays for all three when the win is on its replacement; ``False``:
  everyone pays his own share.  Several winners on one discard (大胡, ≥ 4
  番) all win (一炮多响, §5.1); each is paid by the discarder.
* Kong money, paid when the kong is made (``kong_stake`` 10): 明杠 (a
  pung made a kong with one's own draw) ``kong_stake`` from each of the
  three others, 点杠 (a kong on a discard) 3 × ``kong_stake`` from the
  discarder, 暗杠 2 × ``kong_stake`` from each ("明杠每家10元，点杠30元，暗杠
  三家各20元").  They are not multiplied by 码 and are kept when the hand is
  drawn (PROPOSAL).  A robbed kong is never completed and pays nothing.  A
  hand scored on paper (``score_hand``) settles the winner's declared kongs
  with the win, as the seed's example does: 3 × (20 + 20 × 2 + 20 + 10) =
  270.
* 买码 (``horses`` = 4: "附带买三，四个码", PROPOSAL of the count): the last
  ``horses`` tiles of the wall are set aside (never drawn; the hand is
  drawn when only they are left) and turned after a win.  A tile's number
  is its rank (suits) or 东1 南2 西3 北4 中1 发2 白3; counted
  counter-clockwise from the winner as 1, it hits when it lands on the
  winner: 1, 5, 9, 东, 中 (PROPOSAL of §5.3; the seed does not say which
  tiles hit).  Each hit adds the whole amount once more (每中一个码每家多
  出 …).
* Dealer (§5.1): the dealer deals again when it wins (also among several
  winners) or nobody wins; else the next seat deals.  Nothing is carried
  from hand to hand.

Context keys (``score_hand(..., context=...)``; filled by the engine in
play): ``horses`` (the 码 tiles turned), ``horse_hits`` (or just their
number), ``kongs_in_a_row`` (1 杠上开花, 2 杠上杠再开花).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import KIND_NAMES, Meld, MeldKind, parse_tiles

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "CHICKEN",
    "BEYOND_HUNPENG",
    "DAHU_HANDS",
    "Combine",
    "DahuOptions",
    "GuangdongDahu",
    "GuangdongTuidao",
    "TuidaoOptions",
    "PLAIN_DISCARD_MAX",
    "horse_hits",
    "horse_number",
    "plain_discard",
]


# ---------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------


class Combine(enum.Enum):
    """How the 大胡 hands of one win combine."""

    ADD = "add"
    """Their 番 add up (PROPOSAL, the default: 混碰 = 混一色 2 + 对对碰 2)."""
    MAX = "max"
    """Only the highest counts."""


def _check_int(owner: str, name: str, value: Any, low: int, high: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f">= {low}"
        raise MahjongError(f"{owner}: option {name} must be an int {span}, got {value!r}")


@dataclass(frozen=True, slots=True, kw_only=True)
class TuidaoOptions:
    """House rules of 广东推倒胡 (see the module doc)."""

    stake: int = 20
    """Money per 番 from each payer ("1番"=20; 推倒胡's one win is 1 番)."""
    kong_stake: int = 10
    """明杠 1 ×, 暗杠 2 × from each of the three others; 点杠 3 × from the discarder."""
    horses: int = 4
    """码 bought, 0..8 (PROPOSAL 4: "附带买三，四个码"); 0: no 码."""
    kong_bloom_liable: bool = True
    """杠爆一家到底: the discarder who fed the kong pays for all three on a
    win on its replacement; ``False``: 不包到底."""

    def __post_init__(self) -> None:
        owner = "guangdong-tuidao"
        _check_int(owner, "stake", self.stake, 1)
        _check_int(owner, "kong_stake", self.kong_stake, 0)
        _check_int(owner, "horses", self.horses, 0, 8)
        if not isinstance(self.kong_bloom_liable, bool):
            raise MahjongError(f"{owner}: option kong_bloom_liable must be True or False, got {self.kong_bloom_liable!r}")


@dataclass(frozen=True, slots=True, kw_only=True)
class DahuOptions(TuidaoOptions):
    """House rules of 广东大胡: those of 推倒胡, and the 番 rules."""

    discard_min_fan: int = 4
    """A win on a discard needs this many 番 (PROPOSAL 4, "大于等于4番时就可以吃胡")."""
    combine: Combine = Combine.ADD
    """How the hands of one win combine (PROPOSAL: they add up)."""
    beyond_hunpeng: bool = True
    """The hands past 混碰 (:data:`BEYOND_HUNPENG`, PROPOSAL), 十三幺 among
    the winning shapes; False: the seed's table only."""

    def __post_init__(self) -> None:
        TuidaoOptions.__post_init__(self)
        if not isinstance(self.beyond_hunpeng, bool):
            raise MahjongError(f"guangdong-dahu: option beyond_hunpeng must be True or False, "
                               f"got {self.beyond_hunpeng!r}")
        _check_int("guangdong-dahu", "discard_min_fan", self.discard_min_fan, 1)
        try:
            object.__setattr__(self, "combine", Combine(self.combine))
        except ValueError:
            known = ", ".join(repr(c.value) for c in Combine)
            raise MahjongError(f"guangdong-dahu: option combine {self.combine!r} is not one of {known}") from None


# ---------------------------------------------------------------------------
# 码 (horses)
# ---------------------------------------------------------------------------

_HONOUR_NUMBERS = {27: 1, 28: 2, 29: 3, 30: 4, 31: 3, 32: 2, 33: 1}
"""东1 南2 西3 北4, 白3 发2 中1."""


def horse_number(tile: int) -> int:
    """The number a 码 tile counts: its rank, or 东1 南2 西3 北4 中1 发2 白3.

    >>> [horse_number(t) for t in parse_tiles("1m5p9s1z4z5z6z7z")]
    [1, 5, 9, 1, 4, 3, 2, 1]
    """
    if 0 <= tile < 27:
        return tile % 9 + 1
    if tile in _HONOUR_NUMBERS:
        return _HONOUR_NUMBERS[tile]
    raise MahjongError(f"a 码 is a tile kind 0..33, got {tile!r}")


def horse_hits(tiles: Sequence[int]) -> int:
    """How many 码 land on the winner, counting the winner as 1 (1, 5, 9 …).

    >>> horse_hits(parse_tiles("1m5p2s7z"))
    3
    """
    return sum(1 for t in tiles if (horse_number(t) - 1) % 4 == 0)


# ---------------------------------------------------------------------------
# The 大胡 table (data over the shared vocabulary)
# ---------------------------------------------------------------------------


def _kongs_in_a_row(ctx: WinContext) -> int:
    """1 for a win on a kong's replacement, 2+ after kongs in a row (the
    ``kongs_in_a_row`` context key), 0 otherwise."""
    if not ctx.kong_replacement:
        return 0
    raw = ctx.extra.get("kongs_in_a_row", 1)
    try:
        n = int(raw)
    except (TypeError, ValueError):
        raise MahjongError(f"context kongs_in_a_row: {raw!r} is not a whole number") from None
    if n < 1:
        raise MahjongError(f"context kongs_in_a_row: a win on a kong's replacement follows at least 1 kong, got {n}")
    return n


def _half_flush_pungs(r: Reading) -> bool:
    return v.half_flush(r) and v.all_pungs(r)


CHICKEN = Fan("鸡胡", "Chicken hand", 1, v.any_win, why="a winning hand with no other hand (小胡)")
"""What every win is worth in 推倒胡, and a 大胡 win with no hand of the table."""

DAHU_HANDS: tuple[Fan, ...] = (
    Fan("对对碰", "All pungs", 2, v.all_pungs, why="four pungs or kongs and a pair (大对子)"),
    Fan("金钩钓", "Golden hook", 2, lambda r: v.all_sets_declared(r) and v.all_pungs(r), excludes=("对对碰",),
        why="all four sets declared, won on the pair"),
    Fan("混一色", "Half flush", 2, v.half_flush, why="one suit and honours"),
    Fan("七小对", "Seven pairs", 3, v.seven_pairs, why="seven pairs"),
    Fan("杠上开花", "Kong bloom", 2, lambda r: _kongs_in_a_row(r.ctx) == 1, why="won on a kong's replacement (杠爆)"),
    Fan("杠上杠再开花", "Double kong bloom", 4, lambda r: _kongs_in_a_row(r.ctx) >= 2, excludes=("杠上开花",),
        why="won on the replacement of the second of kongs in a row"),
    Fan("清一色", "Full flush", 4, v.full_flush, why="one suit only"),
    Fan("混碰", "Half-flush all pungs", 4, _half_flush_pungs, excludes=("混一色", "对对碰", "金钩钓"),
        why="混一色 + 对对碰"),
)
"""The seed's 大胡 hands (values in 番; the table is cut off after 混碰)."""

BEYOND_HUNPENG: tuple[Fan, ...] = (
    Fan("混幺九", "Terminals and honours", 5, v.terminals_and_honours, why="1s, 9s and honours only"),
    Fan("小三元", "Little three dragons", 5, v.little_three_dragons, why="two dragon pungs and a dragon pair"),
    Fan("小四喜", "Little four winds", 5, v.little_four_winds, why="three wind pungs and a wind pair"),
    Fan("字一色", "All honours", 6, v.all_honours, why="honours only"),
    Fan("清幺九", "All terminals", 6, v.all_terminals, why="1s and 9s only"),
    Fan("大三元", "Big three dragons", 6, v.big_three_dragons, why="three dragon pungs"),
    Fan("大四喜", "Big four winds", 6, v.big_four_winds, why="four wind pungs"),
    Fan("九莲宝灯", "Nine gates", 6, v.nine_gates, why="1112345678999 of one suit and one more, concealed"),
    Fan("十三幺", "Thirteen orphans", 6, v.thirteen_orphans, why="the thirteen 1s, 9s and honours and a pair"),
)
"""PROPOSAL: the 大胡 hands past 混碰, where the seed is cut off.  Every hand
the surviving 大胡 table shares with seed 001's 广东 鸡平和 table has the
same value there (碰碰 2, 混一色 2, 清一色 4, 混碰 4), so the rest is read
from that table (its 特别牌型): 混幺九, 小三元, 小四喜 5; 字一色, 清幺九,
大三元, 大四喜, 九莲宝灯, 十三幺 6.  As there ("这些特别牌型不再叠加其他番种")
the highest of them counts alone, with only 杠上开花 / 杠上杠再开花 beside
it.  Option ``beyond_hunpeng=False``: the seed's table only."""

_SITUATIONAL = frozenset({"杠上开花", "杠上杠再开花"})

PLAIN_DISCARD_MAX = 3
"""The most 番 a :func:`plain_discard` win scores: without a flush and a
kong's replacement, :data:`DAHU_HANDS` gives 对对碰 or 金钩钓 2, or 七小对 3
(the two forms never meet), added or not (``combine``)."""

_SUIT_BIT = (1,) * 9 + (2,) * 9 + (4,) * 9 + (0,) * 7
_DRAGON = (0,) * 31 + (1,) * 3
_WIND = (0,) * 27 + (1,) * 4 + (0,) * 3
_MIDDLE = tuple(int(k < 27 and k % 9 not in (0, 8)) for k in range(34))


def plain_discard(ctx: WinContext) -> bool:
    """True when no reading of ``ctx`` can score more than
    :data:`PLAIN_DISCARD_MAX` 番 in :class:`GuangdongDahu`: the win is not on
    a kong's replacement, its tiles hold two suits or more (no 混一色, 清一色,
    混碰, 九莲宝灯 nor 字一色), a suit tile from 2 to 8 (no 混幺九, 清幺九 nor
    十三幺), fewer than six dragons (no 小三元 nor 大三元) and fewer than nine
    winds (no 小四喜 nor 大四喜).  Counted on the tiles alone, so it holds for
    every reading (a context with wild tiles, which 大胡 has not: False)."""
    if ctx.kong_replacement or ctx.wilds:
        return False
    bits = dragons = winds = middle = 0
    for k in ctx.all_kinds:
        bits |= _SUIT_BIT[k]
        dragons += _DRAGON[k]
        winds += _WIND[k]
        middle |= _MIDDLE[k]
    return bits not in (0, 1, 2, 4) and middle == 1 and dragons < 6 and winds < 9


# ---------------------------------------------------------------------------
# 推倒胡
# ---------------------------------------------------------------------------


class GuangdongTuidao(Ruleset):
    """广东推倒胡: no 番, self-drawn wins only, 码 and kong money (see the
    module doc for every decision)."""

    name = "tuidaohu"
    version = 1
    zh = "广东推倒胡"
    summary = "广东推倒胡: 136 tiles, pung/kong only, self-drawn wins only, 20 a win, 买码, kong money"
    aliases: ClassVar[tuple[str, ...]] = ("广东推倒胡麻将", "广东推倒和", "tuidao", "guangdong-tuidaohu")
    Options = TuidaoOptions
    options: TuidaoOptions

    allow_chow = False
    multiple_winners = True
    rob_kong = True
    missed_win_ban = True
    missed_win_same_tile_only = True
    hand_rules = HandRules(forms=frozenset({Form.STANDARD, Form.SEVEN_PAIRS}))

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "horses": "the 码 tiles turned after the win, in notation (\"1m5p9s7z\"; \"\" = none): "
                  "1, 5, 9, 东 and 中 hit the winner",
        "horse_hits": "how many 码 hit the winner (instead of horses)",
        "kongs_in_a_row": "kongs the winner made in a row before winning on the replacement "
                          "(1 杠上开花, 2 杠上杠再开花; default 1)",
    })

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.dead_wall = self.options.horses  # the 码 are set aside at the end of the wall

    # --- scoring -------------------------------------------------------------
    def readings(self, ctx: WinContext) -> tuple[Reading, ...]:
        """Every reading of the winning hand (four sets and a pair, or seven
        pairs), the melds included."""
        self.check_win_context(ctx)  # no wilds, 14 tiles, no chow
        try:
            return v.readings(ctx, self.hand_rules, by_win_unit=False)
        except IllegalWinError as e:
            forms = "four sets and a pair, seven pairs or 十三幺" if Form.THIRTEEN_ORPHANS in self.hand_rules.forms \
                else "four sets and a pair, or seven pairs"
            raise IllegalWinError(f"{self.id}: {e} ({forms})") from None

    def _hits(self, ctx: WinContext) -> tuple[int, str]:
        """The 码 that hit the winner, and the tiles in words."""
        extra = ctx.extra
        if "horse_hits" in extra:
            if "horses" in extra:
                raise MahjongError(f"{self.id}: give the context key horses or horse_hits, not both")
            raw = extra["horse_hits"]
            try:
                n = int(raw)
            except (TypeError, ValueError):
                raise MahjongError(f"context horse_hits: {raw!r} is not a whole number") from None
            if not 0 <= n <= 8:
                raise MahjongError(f"context horse_hits: {n} is not 0..8")
            return n, f"{n} hit(s)"
        raw_tiles = extra.get("horses", ())
        if isinstance(raw_tiles, str):
            try:
                tiles = parse_tiles(raw_tiles) if raw_tiles.strip() else []
            except MahjongError as e:
                raise type(e)(f"context horses: {e}") from None
        else:
            tiles = [int(t) for t in raw_tiles]
        if len(tiles) > 8:
            raise MahjongError(f"context horses: at most 8 码, got {len(tiles)}")
        n = horse_hits(tiles)
        return n, (f"{''.join(KIND_NAMES[t] for t in tiles)}: {n} hit(s)" if tiles else "none")

    def _sheet(self, ctx: WinContext, items: list[ScoreItem], total: int, notes: list[str]) -> ScoreSheet:
        hits, words = self._hits(ctx)
        points = self.options.stake * total
        if hits:
            notes.append(f"码 {words}: each payer pays {points} × {1 + hits}")
        elif words != "none":
            notes.append(f"码 {words}")
        return ScoreSheet(items=tuple(items), total=total, unit="番", points=points, notes=tuple(notes))

    def score(self, ctx: WinContext) -> ScoreSheet:
        """推倒胡: every win is 鸡胡, 1 番 (不算番)."""
        top = self.readings(ctx)[0]
        notes = []
        if ctx.robbed_kong:
            notes.append("抢杠 counts as self-drawn: the robbed seat pays for all three")
        return self._sheet(ctx, [CHICKEN.item(top)], 1, notes)

    def refuses_win(self, ctx: WinContext) -> bool:
        """推倒胡: a win on a discard is never legal (:meth:`win_problem`);
        the engine then does not score it."""
        return not (ctx.self_drawn or ctx.robbed_kong)

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        """推倒胡 wins on a self-draw (or a robbed kong) only."""
        if ctx.self_drawn or ctx.robbed_kong:
            return None
        return "推倒胡: only self-drawn wins (只能自摸才能胡牌); a discard may not be won on"

    # --- payments ----------------------------------------------------------
    def _kong_money(self, seat: int, meld: Meld, source: int | None) -> list[Payment]:
        k = self.options.kong_stake
        others = [s for s in range(self.num_players) if s != seat]
        if not k:
            return []
        if meld.kind is MeldKind.KAN:
            if source is None or source == seat:
                raise MahjongError(
                    f"{self.id}: the 点杠 {str(meld)!r} of seat {seat} needs the seat that fed it (meld_sources)"
                )
            return [Payment(source, seat, 3 * k, "点杠")]
        if meld.kind is MeldKind.KAKAN:
            return [Payment(s, seat, k, "明杠") for s in others]
        if meld.kind is MeldKind.ANKAN:
            return [Payment(s, seat, 2 * k, "暗杠") for s in others]
        return []

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        """明杠 10 from each, 点杠 30 from the discarder, 暗杠 20 from each, at once."""
        return Settlement(tuple(self._kong_money(seat, meld, source)))

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """Each payer pays ``points`` × (1 + 码 hits); see the module doc for
        who pays.  On paper (``table`` None) the winner's declared kongs
        are settled too."""
        out: list[Payment] = []
        n = self.num_players
        for ctx, sheet in wins:
            hits, _ = self._hits(ctx)
            each = sheet.points * (1 + hits)
            tag = f" 中码×{1 + hits}" if hits else ""
            others = [s for s in range(n) if s != ctx.seat]
            if ctx.robbed_kong:
                if ctx.discarder is None:
                    raise MahjongError(f"{self.id}: 抢杠 win of seat {ctx.seat!r} without the robbed seat")
                out.append(Payment(ctx.discarder, ctx.seat, len(others) * each, "抢杠包三家" + tag))
            elif ctx.self_drawn:
                feeder = ctx.kong_fed_by if ctx.kong_replacement and self.options.kong_bloom_liable else None
                if feeder is not None and feeder != ctx.seat:
                    out.append(Payment(feeder, ctx.seat, len(others) * each, "杠爆一家到底" + tag))
                else:
                    out.extend(Payment(s, ctx.seat, each, "自摸" + tag) for s in others)
            else:
                if ctx.discarder is None:
                    raise MahjongError(f"{self.id}: discard win of seat {ctx.seat!r} without a discarder")
                out.append(Payment(ctx.discarder, ctx.seat, each, "点炮" + tag))
            if table is None:
                sources = tuple(ctx.meld_sources) + (None,) * (len(ctx.melds) - len(ctx.meld_sources))
                for m, src in zip(ctx.melds, sources):
                    out.extend(self._kong_money(ctx.seat, m, src))
        return Settlement(tuple(out))

    # --- play ----------------------------------------------------------------
    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        """The 码 (the last ``horses`` tiles of the wall, end first) and the
        kongs made in a row before a win on a replacement."""
        n = self.options.horses
        tail = table.tail
        horses = [table.wall[tail - 1 - i] for i in range(n)]
        chain = _kong_chain(table) if table.after_kong and seat == table.turn else 0
        return {"horses": horses, "kongs_in_a_row": chain} if chain else {"horses": horses}


def _kong_chain(table: Table) -> int:
    """Kongs the seat on turn made in a row, read back from the record to
    its last plain draw (or the claim that made its first kong)."""
    count = 0
    for e in reversed(table.events):
        kind = e["type"]
        if kind == "kong":
            count += 1
        elif kind == "call":
            if e.get("action") == "kong":
                count += 1
            break
        elif kind == "draw":
            if not e.get("replacement"):
                break
        elif kind == "action" and e.get("action") == "discard":
            break
    return count


# ---------------------------------------------------------------------------
# 大胡
# ---------------------------------------------------------------------------


class GuangdongDahu(GuangdongTuidao):
    """广东大胡: the same game scored by the 大胡 番 table; a win on a
    discard needs 4 番 (see the module doc for every decision)."""

    name = "dahu"
    version = 2
    zh = "广东大胡"
    summary = "广东大胡: 136 tiles, pung/kong only, 番 20 each (linear), discard wins from 4 番, 买码, kong money"
    aliases: ClassVar[tuple[str, ...]] = ("广东大胡麻将", "广东自摸麻将", "guangdong-dahu")
    Options = DahuOptions

    options: DahuOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options.beyond_hunpeng:
            self.hand_rules = HandRules(  # type: ignore[misc]
                forms=frozenset({Form.STANDARD, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS}))

    def _fan(self, r: Reading) -> tuple[int, list[tuple[Fan, int]]]:
        base = self._seed_fan(r)
        if self.options.beyond_hunpeng:
            big = v.matching(BEYOND_HUNPENG, r)
            if big:  # the highest alone, with the kong blooms beside it
                top = max(big, key=lambda h: h[0].value)  # the first in table order on a tie
                hits = [top, *((f, n) for f, n in v.matching(DAHU_HANDS, r) if f.zh in _SITUATIONAL)]
                if self.options.combine is Combine.MAX:
                    hits = [max(hits, key=lambda h: h[0].value)]
                total = sum(f.value * n for f, n in hits)
                if total > base[0]:  # 就高不就低
                    return total, hits
        return base

    def _seed_fan(self, r: Reading) -> tuple[int, list[tuple[Fan, int]]]:
        """The 番 of the seed's own table (to 混碰)."""
        hits = v.matching(DAHU_HANDS, r)
        if not hits:
            return CHICKEN.value, [(CHICKEN, 1)]
        if self.options.combine is Combine.MAX:
            top = max(hits, key=lambda h: h[0].value)  # the first in table order on a tie
            return top[0].value, [top]
        return sum(f.value * n for f, n in hits), hits

    def score(self, ctx: WinContext) -> ScoreSheet:
        """The reading of most 番 (就高不就低); its hands add up (or the highest, ``combine``)."""
        best: tuple[int, list[tuple[Fan, int]]] | None = None
        top: Reading | None = None
        for r in self.readings(ctx):
            got = self._fan(r)
            if best is None or got[0] > best[0]:
                best, top = got, r
        assert best is not None and top is not None
        total, hits = best
        notes = []
        if len(hits) > 1:
            notes.append(" + ".join(f"{f.zh} {f.value}" for f, _ in hits) + f" = {total} 番")
        if ctx.robbed_kong:
            notes.append("抢杠 counts as self-drawn: the robbed seat pays for all three")
        return self._sheet(ctx, [f.item(top, n) for f, n in hits], total, notes)

    def refuses_win(self, ctx: WinContext) -> bool:
        """A bound before scoring: a win on a discard whose tiles hold two
        suits or more, without the tiles of a hand past 混碰, scores at most
        :data:`PLAIN_DISCARD_MAX` 番 (:func:`plain_discard`); it is refused
        when ``discard_min_fan`` is higher (:meth:`win_problem` would name
        it).  Self-drawn and robbed wins are never refused here."""
        return (self.options.discard_min_fan > PLAIN_DISCARD_MAX and not ctx.self_drawn and not ctx.robbed_kong
                and plain_discard(ctx))

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        """A win on a discard needs ``discard_min_fan`` 番."""
        need = self.options.discard_min_fan
        if ctx.self_drawn or ctx.robbed_kong or sheet.total >= need:
            return None
        return (f"大胡: a win on a discard (吃胡) needs at least {need} 番 (大于等于4番时就可以吃胡), "
                f"this hand has {sheet.total}")
