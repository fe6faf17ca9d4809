"""上海麻将 (Shanghai): 144 tiles with flowers, only 碰碰胡 and flush hands
win, a flower score (花) under a per-loser cap (勒子), 开宝 and 荒番 doubling.

Source: seed 000 (全国各地麻将玩法总汇, 上海麻将, pp.2-5) as specified in
``variants-regional.md`` §1.  Score a hand from notation (seats 0..3 = E S W
N when seat 0 deals; amounts are 花 points, 1 勒子 = ``lezi`` = 20 by default):

>>> sh = Shanghai()
>>> r = sh.score_hand("123m234m456m789m9m", win_tile="9m", winner=1, discarder=2)
>>> r.sheet.names(), r.sheet.points, r.settlement.deltas(4)
(['清一色'], 20, [0, 20, -20, 0])
>>> sh.score_hand("123m456p789s111z2z", win_tile="2z", discarder=3)
Traceback (most recent call last):
...
mahjong_core.errors.IllegalWinError: shanghai-v1: 胡牌只能胡碰碰胡、清一色、清碰、混一色、混碰、风一色、风碰: the hand is none of them

What the rule set decides (seed wording first, then each gap of §1.11):

* Tiles: 万筒条 ×4, the seven honours ×4 ("风字28张") and the eight flowers
  春夏秋冬梅兰竹菊 once each: 144.  13 tiles, the dealer 14 and discards
  first.  Flowers are exposed when dealt or drawn and replaced from the
  tail of the wall, dealt ones before the dealer's first discard (G8
  PROPOSAL: the engine's flower replacement).
* Dice (摇骰子): two dice, rolled by the dealer (G10 PROPOSAL); the sum S
  counted from the roller in turn order names the wall that is broken
  and S stacks are moved (:func:`wall_break`; the shuffled wall makes the
  break position immaterial, the header records the dice).  The same roll
  decides 开宝 (:func:`kaibao`).
* Dealer (§1.4): the winner deals the next hand ("谁胡牌下盘当庄家");
  after a draw the dealer stays; on 一炮多响 the next seat after the winner
  nearest the discarder deals.  The first dealer is the match's choice.
* Calls (§1.6): chow from the discarder's 下家 only, pung and kong by
  anyone (the seed gives the 下家 "吃或碰" and the other two "碰或杠"; read
  with "可以任意吃碰杠牌", the contrast is the chow, so the 下家 may also
  kong a discard); win > pung/kong > chow (PROPOSAL); several seats may win on one
  discard (一炮多响), each settled separately.  Kong replacements come from
  the tail.  漏胡: a seat that passes a win may not win on that same kind
  until it draws, chows, pungs or kongs ("漏胡只针对1张牌"; the engine's
  ``missed_win_same_tile_only``).  Only an added kong (蓄杠) may be robbed.
* Winning (§1.7): four sets and a pair, and the hand must be one of the
  seven types "碰碰胡、清一色、清碰、混一色、混碰、风一色、风碰"
  (:meth:`win_problem` names the rule otherwise); no 七对, no 十三幺.
  风一色 is any fourteen honours ("可以是乱风向的牌", PROPOSAL, option
  ``luan_feng``; the engine's ``shape_free_win``).  风向牌 are all seven
  honours (G6 PROPOSAL, option ``honours_are_wind_tiles``).  八花齐: a seat
  holding all eight flowers may win at once (on its turn, or right after
  the deal), 2 勒子; when its tiles also make a winning hand, the higher of
  the two counts ("其他胡法照算").  杠开 and 大吊车 do not qualify a hand on
  their own (G9 PROPOSAL, option ``gangkai_dadiaoche_qualify``).
* Scoring (§1.9, the G1 PROPOSAL): fixed hands in 勒子 (清一色 1, 混碰 1,
  清碰 2, 风一色 2, 风碰 4, 八花齐 2); the others (碰碰胡, 混一色) are worth
  ``(base_flowers + 花) × 2`` per type that applies.  花: each flower tile
  1; 万筒条 exposed kong 1, concealed 2; wind pung 1, exposed kong 2,
  concealed kong 3; dragon pung 2, exposed kong 3, concealed kong 4; a
  concealed triplet counts as a pung (PROPOSAL, option
  ``concealed_pung_flowers``).  The cap (勒子) is 1 勒子, 2 for 清碰, 风一色
  and 八花齐, 4 for 风碰.  杠开 and 大吊车 raise a hand below 1 勒子 to 1
  勒子; at or above it the hand keeps its own value (G4 PROPOSAL, option
  ``kong_win_value``).  开宝 (both dice equal, or 1 and 4: G2 PROPOSAL,
  option ``kaibao``) and 荒番 (counter ≥ 1: ×2, not ×2^n, G3 PROPOSAL, option
  ``huangfan_power``) each double the value and the cap; together ×4 (G7
  PROPOSAL, option ``stack_multipliers``).  One share = min(value, cap) ×
  multipliers.
* Payments (§1.9.5): ron, the discarder alone pays one share ("点炮者输分，
  和其他人无关"); self-draw, each other seat pays one share; 抢杠, scored as
  a self-draw, the konger pays all three shares.  承包 (G5 PROPOSAL): X and
  Y are in a relation when the chows, pungs and kongs X made on Y's
  discards plus those Y made on X's are 3 or more ("超过3次（包括3次）",
  "包含反承包在内"); when X wins, Y pays on top of the normal payments 1
  share on a ron and 3 shares on a self-draw or 抢杠 ("承包者也付3份").
  Every relation of the winner pays ("重复计算"); option ``chengbao_count``
  ``each-way`` counts each direction with 3 claims as its own relation.
  No dealer bonus, no kong payments (kongs only add 花).
* 荒番 (carried by the match, :meth:`carry`): a drawn hand adds 1 to the
  counter; a hand that is won takes 1 off it (also with several winners:
  PROPOSAL, option ``huangfan_per_winner``); a win while the counter is at least 1 is doubled.  No seat
  leaves a game of this engine, so the seed's "一旦…有任意1人离开，则荒番失效"
  never applies.
* Exhaustive draw (§1.10): every tile may be drawn (PROPOSAL, option
  ``dead_wall``); the dealer stays and the next hand is a 荒番 hand.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules, Shape
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext, option_enum
from mahjong_core.tiles import KIND_NAMES, MeldKind

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "BAHUA",
    "CAPS",
    "DOUBLERS",
    "FIXED_HANDS",
    "ChengbaoCount",
    "KaiBao",
    "KongWinValue",
    "Shanghai",
    "ShanghaiOptions",
    "chengbao_seats",
    "flower_count",
    "kaibao",
    "wall_break",
]

BAHUA = "八花齐"
"""The name of the all-eight-flowers win (``WinContext.instant``)."""
FLOWERS = tuple(range(34, 42))
_RULE = "胡牌只能胡碰碰胡、清一色、清碰、混一色、混碰、风一色、风碰"


# ---------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------


class KaiBao(enum.Enum):
    """Which opening dice are 开宝 ("2个骰子点数一样、点数为1、4为开宝", G2)."""

    DOUBLES_OR_1_4 = "doubles-or-1-4"
    """Both dice equal (any value), or one 1 and one 4 (PROPOSAL, default)."""
    DOUBLE_1_OR_4 = "double-1-or-4"
    """Only double 1 or double 4."""


class KongWinValue(enum.Enum):
    """杠开 / 大吊车 on a hand at or above 1 勒子 (G4)."""

    OWN = "own"
    """勒子 rule 5: "达到或超过勒子按照原牌型计算", the hand keeps its own
    value (PROPOSAL, default); below 1 勒子 it is raised to 1 勒子."""
    ONE_LEZI = "lezi"
    """The hand-type list: "达到勒子或超过勒子则也按照勒子算", always 1 勒子."""


class ChengbaoCount(enum.Enum):
    """How claims make a 承包 relation (G5)."""

    SUM = "sum"
    """X on Y plus Y on X, 3 or more: one relation (PROPOSAL, default)."""
    EACH_WAY = "each-way"
    """Each direction with 3 or more claims is a relation of its own; both
    are counted when both directions reach 3 ("重复计算")."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ShanghaiOptions:
    """House rules of 上海麻将 (see :mod:`mahjong_core.variants.shanghai`)."""
    first_dealer: int = -1
    """The first dealer of a match: -1 (default) a seat drawn from the
    match's seed, as the seed says ("第一局系统随机选择庄家": ``random_first_dealer``); 0..3:
    that seat deals first."""

    lezi: int = 20
    """The points of 1 勒子 (G1 PROPOSAL: a table setting; the seed gives none)."""
    base_flowers: int = 2
    """底花: flowers every hand has before counting (G1 PROPOSAL)."""
    kaibao: KaiBao = KaiBao.DOUBLES_OR_1_4
    """Which opening dice are 开宝 (G2)."""
    huangfan_power: bool = False
    """荒番(n) doubles n times (×2^n); default ×2 whenever n ≥ 1 (G3 PROPOSAL)."""
    stack_multipliers: bool = True
    """开宝 and 荒番 together: ×4 (G7 PROPOSAL); ``False``: ×2 once."""
    kong_win_value: KongWinValue = KongWinValue.OWN
    """杠开 / 大吊车 on a hand of 1 勒子 or more (G4)."""
    gangkai_dadiaoche_qualify: bool = False
    """杠开 and 大吊车 win on their own, whatever the hand (G9); default: the
    hand must also be one of the seven types (the literal reading)."""
    chengbao: bool = True
    """承包 payments (seed: on)."""
    chengbao_count: ChengbaoCount = ChengbaoCount.SUM
    """How claims make a 承包 relation (G5)."""
    honours_are_wind_tiles: bool = True
    """风向牌 are all seven honours (G6 PROPOSAL); ``False``: 东南西北 only
    (dragons then never fit 混一色, 风一色 or 风碰)."""
    luan_feng: bool = True
    """风一色 is any fourteen 风向牌 ("乱风向", PROPOSAL); ``False``: four sets
    and a pair (so always 风碰)."""
    concealed_pung_flowers: bool = True
    """A concealed triplet gives 花 like a claimed pung (PROPOSAL: "每有一刻
    （3个一样的算一刻）")."""
    dead_wall: int = 0
    """Tiles never drawn at the end of the wall (§1.10 PROPOSAL: 0)."""
    huangfan_per_winner: bool = False
    """A hand won by several seats (一炮多响) takes one off the 荒番 counter
    per winner ("每有人胡1次则荒番减1" read per win); default: one per hand
    won (PROPOSAL)."""

    def __post_init__(self) -> None:
        for name, low in (("lezi", 1), ("base_flowers", 0), ("dead_wall", 0)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise MahjongError(f"shanghai: option {name} must be a whole number >= {low}, got {value!r}")
        if self.dead_wall > 40:
            raise MahjongError(f"shanghai: option dead_wall must be at most 40, got {self.dead_wall!r}")
        object.__setattr__(self, "kaibao", option_enum("shanghai", "kaibao", self.kaibao, KaiBao))
        object.__setattr__(self, "kong_win_value", option_enum("shanghai", "kong_win_value", self.kong_win_value, KongWinValue))
        object.__setattr__(self, "chengbao_count", option_enum("shanghai", "chengbao_count", self.chengbao_count, ChengbaoCount))
        for name in ("huangfan_power", "huangfan_per_winner", "stack_multipliers", "gangkai_dadiaoche_qualify", "chengbao",
                     "honours_are_wind_tiles", "luan_feng", "concealed_pung_flowers"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"shanghai: option {name} must be true or false, got {getattr(self, name)!r}")


# ---------------------------------------------------------------------------
# Dice, flowers, 承包
# ---------------------------------------------------------------------------


def wall_break(dice: Sequence[int], roller: int = 0, n: int = 4) -> tuple[int, int]:
    """摇骰子: (the seat whose wall is broken, the stacks moved away).  The
    sum S is counted in turn order from the roller as 1; along that wall S
    stacks are moved before drawing starts.

    >>> wall_break((2, 5), roller=0)   # the source's example: the 对家, 7 stacks
    (2, 7)
    """
    s = sum(dice)
    return (roller + s - 1) % n, s


def kaibao(dice: Sequence[int], rule: KaiBao = KaiBao.DOUBLES_OR_1_4) -> bool:
    """开宝: whether the opening dice double this hand's wins.

    >>> kaibao((3, 3)), kaibao((4, 1)), kaibao((2, 5)), kaibao((3, 3), KaiBao.DOUBLE_1_OR_4)
    (True, True, False, False)
    """
    if len(dice) != 2:
        return False
    a, b = sorted(dice)
    if rule is KaiBao.DOUBLE_1_OR_4:
        return a == b and a in (1, 4)
    return a == b or (a, b) == (1, 4)


_FLOWER_VALUES = {"suit": (0, 1, 2), "wind": (1, 2, 3), "dragon": (2, 3, 4)}
"""花 of a pung, an exposed kong and a concealed kong, by the group of its kind."""


def _group(kind: int) -> str:
    return "suit" if kind < 27 else ("wind" if kind < 31 else "dragon")


def flower_count(ctx: WinContext, reading: Reading | None = None, *,
                 concealed_pungs: bool = True) -> tuple[int, list[str]]:
    """花 of a winning hand (§1.9.1): each flower tile 1, and the pungs and
    kongs of ``reading`` (the declared melds only when ``reading`` is None);
    with the parts in words.

    >>> from mahjong_core.paper import build_context
    >>> ctx = build_context(Shanghai(), "444z9m", win_tile="9m", flowers="1f5f",
    ...                     melds=["ankan 5555m", "kan 1111z", "pon 777z"])
    >>> flower_count(ctx)[0], flower_count(ctx, v.readings(ctx)[0])[0]
    (8, 9)
    """
    parts: list[str] = []
    n = len(ctx.flowers)
    if ctx.flowers:
        parts.append("".join(KIND_NAMES[f] for f in sorted(ctx.flowers)) + f" {n}")
    units: Iterable[tuple[int, MeldKind | None]]
    if reading is None:
        units = ((m.kind_of, m.kind) for m in ctx.melds if m.kind is not MeldKind.CHI)
    else:
        units = ((u.kind, u.meld.kind if u.meld is not None else None) for u in reading.units
                 if u.shape is Shape.PUNG)
    for kind, mk in units:
        if mk is None and not concealed_pungs:
            continue
        pung, kong, ankan = _FLOWER_VALUES[_group(kind)]
        if mk is MeldKind.ANKAN:
            got, what = ankan, "暗杠"
        elif mk in (MeldKind.KAN, MeldKind.KAKAN):
            got, what = kong, "明杠"
        else:
            got, what = pung, "刻" if mk is None else "碰"
        if got:
            n += got
            parts.append(f"{what}{KIND_NAMES[kind]} {got}")
    return n, parts


def chengbao_seats(history: Iterable[tuple[int, int]], winner: int, n: int = 4,
                   count: ChengbaoCount = ChengbaoCount.SUM) -> tuple[int, ...]:
    """The seats in a 承包 relation with ``winner``, from the (claiming seat,
    discarder) pairs of every chow, pung and kong claimed this hand; a seat
    appears twice when both directions count on their own (``EACH_WAY``).

    >>> chengbao_seats([(1, 0), (1, 0), (0, 1), (2, 3)], winner=1)
    (0,)
    >>> chengbao_seats([(1, 0), (1, 0), (0, 1)], winner=1, count=ChengbaoCount.EACH_WAY)
    ()
    """
    c = Counter(history)
    out: list[int] = []
    for y in range(n):
        if y == winner:
            continue
        a, b = c[(winner, y)], c[(y, winner)]
        if count is ChengbaoCount.SUM:
            if a + b >= 3:
                out.append(y)
        else:
            out.extend([y] * ((a >= 3) + (b >= 3)))
    return tuple(out)


# ---------------------------------------------------------------------------
# The hand types (data over the shared vocabulary)
# ---------------------------------------------------------------------------


def hand_types(feng: frozenset[int]) -> tuple[tuple[Fan, ...], tuple[Fan, ...]]:
    """The fixed hands (value in 勒子, highest first: the first that applies
    counts alone) and the doubling hands (×2 each) when ``feng`` are the
    风向牌."""

    def feng_only(r: Reading) -> bool:
        return r.kinds <= feng

    def full(r: Reading) -> bool:
        return v.full_flush(r)

    def half(r: Reading) -> bool:
        if len(v.suits(r)) != 1:
            return False
        hon = r.kinds & v.HONOURS
        return bool(hon) and hon <= feng

    fixed = (
        Fan("风碰", "All-honour pungs", 4, lambda r: feng_only(r) and v.all_pungs(r),
            excludes=("风一色", "碰碰胡"), why="风向牌 only, every set a pung (4 勒子)"),
        Fan("风一色", "All honours", 2, feng_only, excludes=("碰碰胡",), why="风向牌 only (2 勒子)"),
        Fan("清碰", "Full-flush pungs", 2, lambda r: full(r) and v.all_pungs(r),
            excludes=("清一色", "碰碰胡"), why="清一色 + 碰碰胡 (2 勒子)"),
        Fan("清一色", "Full flush", 1, full, why="one suit only (1 勒子)"),
        Fan("混碰", "Half-flush pungs", 1, lambda r: half(r) and v.all_pungs(r),
            excludes=("混一色", "碰碰胡"), why="混一色 + 碰碰胡 (1 勒子)"),
    )
    doublers = (
        Fan("碰碰胡", "All pungs", 2, v.all_pungs, why="every set a pung or kong: ×2"),
        Fan("混一色", "Half flush", 2, half, why="one suit and 风向牌: ×2"),
    )
    return fixed, doublers


FIXED_HANDS, DOUBLERS = hand_types(v.HONOURS)
"""The seven types of §1.7 with the default 风向牌 (all seven honours)."""
CAPS: Mapping[str, int] = MappingProxyType({"风碰": 4, "风一色": 2, "清碰": 2, BAHUA: 2})
"""The 勒子 cap of a hand (1 勒子 for every other hand)."""


class _Value(NamedTuple):
    share: int
    items: tuple[ScoreItem, ...]
    notes: tuple[str, ...]


class _Facts(NamedTuple):
    kaibao: bool
    dice: tuple[int, ...]
    huangfan: int
    chengbao: tuple[int, ...]


# ---------------------------------------------------------------------------
# The rule set
# ---------------------------------------------------------------------------


class Shanghai(Ruleset):
    """上海麻将: see the module docstring for every decision."""

    name = "shanghai"
    version = 1
    zh = "上海麻将"
    summary = "上海: 144 tiles with flowers, 碰碰胡 or flush hands only, 花 under a 勒子 cap, 开宝 and 荒番 doubling, 承包"
    aliases = ("上海", "shanghai-mahjong", "沪麻", "上海敲麻")
    Options = ShanghaiOptions
    random_first_dealer = True  # "第一局系统随机选择庄家" (option first_dealer fixes the seat)
    options: ShanghaiOptions

    flower_tiles = FLOWERS
    allow_chow = True
    multiple_winners = True
    rob_kong = True
    missed_win_ban = True
    missed_win_same_tile_only = True
    hand_rules = HandRules(forms=(Form.STANDARD,))

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "dice": "the opening dice (\"3,3\" or \"14\"): 开宝 when they say so",
        "kaibao": "开宝 this hand (overrides what the dice say)",
        "huangfan": "the 荒番 counter of this hand (0: none)",
        "chengbao": "the seats in a 承包 relation with the winner (\"0,2\"; a seat twice counts twice)",
    })

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        self.dead_wall = o.dead_wall
        self.feng: frozenset[int] = v.HONOURS if o.honours_are_wind_tiles else v.WINDS
        """风向牌 under the options."""
        self.fixed, self.doublers = (FIXED_HANDS, DOUBLERS) if o.honours_are_wind_tiles else hand_types(self.feng)
        self._aims = tuple(frozenset(range(s * 9, s * 9 + 9)) | self.feng for s in range(3))

    # --- facts of a win ------------------------------------------------------
    def _facts(self, ctx: WinContext) -> _Facts:
        extra = ctx.extra
        dice = _dice(extra.get("dice", ()))
        kb = extra.get("kaibao")
        if kb is None or kb == "":
            is_kb = kaibao(dice, self.options.kaibao)
        else:
            is_kb = _bool(kb, "kaibao")
        hf = _count(extra.get("huangfan", 0), "huangfan")
        if "chengbao" in extra:
            cb = _seat_list(extra["chengbao"], ctx.seat)
        else:
            cb = (ctx.liable,) if ctx.liable is not None and ctx.liable != ctx.seat else ()
        return _Facts(is_kb, dice, hf, cb if self.options.chengbao else ())

    def _multiplier(self, facts: _Facts) -> tuple[int, list[ScoreItem]]:
        items: list[ScoreItem] = []
        kb = 2 if facts.kaibao else 1
        if facts.kaibao:
            dice = "+".join(map(str, facts.dice)) if facts.dice else "given"
            items.append(ScoreItem("开宝", "Kai-bao", 2, why=f"dice {dice}: ×2, the 勒子 too"))
        hf = 1
        if facts.huangfan >= 1:
            hf = 2**facts.huangfan if self.options.huangfan_power else 2
            items.append(ScoreItem("荒番", "Huang-fan", hf, why=f"荒番({facts.huangfan}): ×{hf}, the 勒子 too"))
        mult = kb * hf if self.options.stack_multipliers else max(kb, hf)
        return mult, items

    # --- scoring -------------------------------------------------------------
    def score(self, ctx: WinContext) -> ScoreSheet:
        """The best value of the win over its readings (就高不就低); a hand
        none of the seven types gets a sheet of 0 whose note names the rule
        (:meth:`win_problem`)."""
        facts = self._facts(ctx)
        mult, mult_items = self._multiplier(facts)
        candidates: list[_Value] = []
        try:
            rs = v.readings(ctx, self.hand_rules, by_win_unit=False)
        except IllegalWinError:
            rs = ()
        for r in rs:
            got = self._value(ctx, r)
            if got is not None:
                candidates.append(got)
        if not candidates and self.options.luan_feng and self._feng_free(ctx):
            candidates.append(self._fixed_value(ctx, "风一色", "All honours", 2,
                                                "any fourteen 风向牌 (乱风向)", None))
        if ctx.instant == BAHUA and len(set(ctx.flowers) & set(FLOWERS)) == 8:
            candidates.append(self._fixed_value(ctx, BAHUA, "All eight flowers", 2,
                                                "春夏秋冬梅兰竹菊 all held: win at once", None))
        if not candidates:
            if ctx.instant == BAHUA:
                why = f"{BAHUA} needs all eight flowers, the winner holds {len(set(ctx.flowers))}"
            elif not rs:
                raise IllegalWinError(f"{self.id}: not a winning hand (four sets and a pair, or fourteen 风向牌)")
            else:
                why = f"{_RULE}: the hand is none of them"
            return ScoreSheet(items=(), total=0, unit="花", points=0, notes=(why,))
        top = max(candidates, key=lambda c: c.share)
        share = top.share * mult
        notes = list(top.notes)
        if mult > 1:
            notes.append(f"× {mult}: {top.share} → {share} 花 ({_in_lezi(share, self.options.lezi)})")
        return ScoreSheet(items=top.items + tuple(mult_items), total=share, unit="花", points=share,
                          notes=tuple(notes))

    def _feng_free(self, ctx: WinContext) -> bool:
        if len(ctx.concealed) + 3 * len(ctx.melds) != self.hand_size + 1 or ctx.wilds:
            return False
        feng = self.feng
        return all(k in feng for k in ctx.concealed) and all(m.kind_of in feng for m in ctx.melds)

    def _raise(self, ctx: WinContext, r: Reading | None, raw: int, cap_l: int,
               items: list[ScoreItem], notes: list[str]) -> int:
        """杠开 / 大吊车 (勒子 rule 5, G4), then the cap."""
        lezi = self.options.lezi
        mods = []
        if ctx.kong_replacement:
            mods.append(ScoreItem("杠开", "Win on a kong replacement", 1, why="杠上花: below 1 勒子 counts 1 勒子"))
        if r is not None and v.all_sets_declared(r):
            mods.append(ScoreItem("大吊车", "Big single wait", 1,
                                  why="every other set declared, a single wait on the pair: below 1 勒子 counts 1 勒子"))
        if mods:
            items.extend(mods)
            names = "/".join(m.zh for m in mods)
            if raw < lezi:
                notes.append(f"{names}: {raw} 花 raised to 1 勒子 = {lezi} 花")
                raw = lezi
            elif self.options.kong_win_value is KongWinValue.ONE_LEZI and raw != lezi:
                notes.append(f"{names}: {raw} 花 counts as 1 勒子 = {lezi} 花 (kong_win_value=lezi)")
                raw = lezi
        cap = cap_l * lezi
        if raw > cap:
            notes.append(f"勒子: {raw} 花 capped at {cap_l} 勒子 = {cap} 花")
            raw = cap
        return raw

    def _fixed_value(self, ctx: WinContext, zh: str, en: str, lezi_count: int, why: str,
                     r: Reading | None) -> _Value:
        lezi = self.options.lezi
        items = [ScoreItem(zh, en, lezi_count, why=why)]
        notes = [f"{zh}: {lezi_count} 勒子 = {lezi_count * lezi} 花 (cap {CAPS.get(zh, 1)} 勒子)"]
        n, parts = flower_count(ctx, r, concealed_pungs=self.options.concealed_pung_flowers)
        if n:
            notes.append(f"花 {n} ({', '.join(parts)}): not counted in a fixed-value hand")
        raw = self._raise(ctx, r, lezi_count * lezi, CAPS.get(zh, 1), items, notes)
        return _Value(raw, tuple(items), tuple(notes))

    def _value(self, ctx: WinContext, r: Reading) -> _Value | None:
        """The value of one reading before the multipliers (None: not one of
        the seven types, and 杠开 / 大吊车 do not qualify it)."""
        for fixed in self.fixed:  # the first fixed-value type that applies
            if fixed.test(r):
                return self._fixed_value(ctx, fixed.zh, fixed.en, fixed.value, fixed.why, r)
        doubling = [f for f in self.doublers if f.test(r)]
        if not doubling and not (self.options.gangkai_dadiaoche_qualify
                                 and (ctx.kong_replacement or v.all_sets_declared(r))):
            return None
        o = self.options
        n, parts = flower_count(ctx, r, concealed_pungs=o.concealed_pung_flowers)
        items = [ScoreItem("底花", "Base flowers", o.base_flowers, why="every hand")]
        if n:
            items.append(ScoreItem("花", "Flowers", 1, n, why=", ".join(parts)))
        items += [f.item(r) for f in doubling]
        raw = (o.base_flowers + n) * 2 ** len(doubling)
        notes = [f"({o.base_flowers} 底花 + {n} 花)" + " × 2" * len(doubling) + f" = {raw} 花"]
        raw = self._raise(ctx, r, raw, 1, items, notes)
        return _Value(raw, tuple(items), tuple(notes))

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        if sheet.total > 0:
            return None
        return sheet.notes[0] if sheet.notes else _RULE

    # --- opening and special wins ----------------------------------------------
    def instant_win(self, table: Table, seat: int) -> str | None:
        """八花齐: all eight flowers held ("如果这8个花抓起即可胡牌")."""
        return BAHUA if len(table.flowers[seat]) == 8 else None

    def shape_free_win(self, table: Table, seat: int, counts: Sequence[int]) -> bool:
        """风一色 (乱风向): fourteen 风向牌 in any arrangement."""
        if not self.options.luan_feng or any(counts[:27]):
            return False
        if self.feng is not v.HONOURS and any(counts[31:34]):
            return False  # 风向牌 = 东南西北 only
        feng = self.feng
        return all(m.kind_of in feng for m in table.melds[seat])

    def shape_free_kinds(self, table: Table) -> frozenset[int] | None:
        """风一色 holds only 风向牌 (none at all without ``luan_feng``): the
        engine asks no other hand (a speed promise)."""
        return self.feng if self.options.luan_feng else frozenset()

    def shape_free_waits(self, table: Table, seat: int, counts: Sequence[int]) -> int:
        if type(counts) is bytearray and counts.count(0, 0, 27) != 27:
            return 0  # (a suit tile, found at C speed without a slice: no 风一色)
        if not self.shape_free_win(table, seat, counts):
            return 0
        return sum(1 << k for k in self.feng if counts[k] < 4)

    def aim_kinds(self, table: Any, seat: int) -> frozenset[int] | None:
        """A flush: the suit held most (or the one of the melds) and the
        风向牌; every hand of those kinds is one of the seven types.  None
        when the melds already hold two suits (only 碰碰胡 is left)."""
        melds = table.melds[seat]
        if melds:
            suit = -1
            for m in melds:
                k = m.tiles[0]
                if k < 27:
                    if suit >= 0 and k // 9 != suit:
                        return None
                    suit = k // 9
            if suit >= 0:
                return self._aims[suit]
        hand = table.hands[seat]
        a, b, c = sum(hand[0:9]), sum(hand[9:18]), sum(hand[18:27])
        return self._aims[0 if a >= b and a >= c else (1 if b >= c else 2)]

    # --- payments ------------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """Ron: the discarder pays one share; self-draw: each other seat one
        share; 抢杠: the konger three shares; 承包: each related seat 1 share
        (ron) or 3 shares (self-draw, 抢杠) on top."""
        out: list[Payment] = []
        n = self.num_players
        for ctx, sheet in wins:
            share = sheet.points
            x = ctx.seat
            if ctx.robbed_kong:
                if ctx.discarder is None:
                    raise MahjongError(f"shanghai: 抢杠 win of seat {x!r} without the robbed seat")
                out.append(Payment(ctx.discarder, x, 3 * share, "抢杠: the konger pays 3 shares"))
                shares = 3
            elif ctx.self_drawn:
                out.extend(Payment(s, x, share, "自摸") for s in range(n) if s != x)
                shares = 3
            else:
                if ctx.discarder is None:
                    raise MahjongError(f"shanghai: discard win of seat {x!r} without a discarder")
                out.append(Payment(ctx.discarder, x, share, "点炮"))
                shares = 1
            for y in self._facts(ctx).chengbao:
                out.append(Payment(y, x, shares * share, f"承包: {shares} share{'s' if shares > 1 else ''}"))
        return Settlement(tuple(out))

    def liable_seat(self, table: Table | None, ctx: WinContext) -> int | None:
        """The first seat in a 承包 relation with a self-drawn winner (the
        settlement reads every relation from the ``chengbao`` context key)."""
        if table is None or not self.options.chengbao:
            return None
        seats = chengbao_seats(table.claim_history, ctx.seat, self.num_players, self.options.chengbao_count)
        return seats[0] if seats else None

    # --- play ------------------------------------------------------------------
    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        return {
            "dice": tuple(table.dice),
            "huangfan": int(table.carry.get("huangfan", 0)),
            "chengbao": chengbao_seats(table.claim_history, seat, self.num_players, self.options.chengbao_count),
        }

    def next_dealer(self, table: Table) -> int:
        """The winner deals; nobody won: the dealer again; several winners
        of one discard: the seat after the winner nearest the discarder."""
        winners = table.winners
        if not winners:
            return table.dealer
        if len(winners) >= 2:
            return (winners[0] + 1) % self.num_players  # winners are in turn order from the discarder
        return winners[0]

    def carry(self, table: Table) -> dict[str, Any]:
        """荒番: +1 after a drawn hand, -1 after a won one (-1 per winner
        with ``huangfan_per_winner``)."""
        n = int(table.carry.get("huangfan", 0))
        won = len(table.winners) if self.options.huangfan_per_winner else min(1, len(table.winners))
        n = n + 1 if not won else max(0, n - won)
        return {"huangfan": n} if n else {}


def _in_lezi(points: int, lezi: int) -> str:
    q, r = divmod(points, lezi)
    return f"{q} 勒子" if not r else f"{points / lezi:g} 勒子"


def _bool(value: Any, key: str) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on", "y"):
        return True
    if text in ("0", "false", "no", "off", "n", ""):
        return False
    raise MahjongError(f"shanghai: context {key}: {value!r} is not a yes/no value")


def _count(value: Any, key: str) -> int:
    try:
        out = int(value or 0)
    except (TypeError, ValueError):
        raise MahjongError(f"shanghai: context {key}: {value!r} is not a whole number") from None
    if out < 0:
        raise MahjongError(f"shanghai: context {key}: {value!r} is negative")
    return out


def _dice(value: Any) -> tuple[int, ...]:
    if type(value) is tuple and len(value) == 2 and type(value[0]) is int and type(value[1]) is int \
            and 1 <= value[0] <= 6 and 1 <= value[1] <= 6:
        return value  # the engine's dice, as they are
    if value is None or value == "" or value == ():
        return ()
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)  # 41 from the command line
    if isinstance(value, str):
        digits = [c for c in value if not c.isspace() and c not in ",+"]
        if not all(c in "123456" for c in digits):
            raise MahjongError(f"shanghai: context dice: {value!r} is not two dice 1..6 (\"3,3\", \"14\")")
        dice = tuple(int(c) for c in digits)
    else:
        try:
            dice = tuple(int(d) for d in value)
        except (TypeError, ValueError):
            raise MahjongError(f"shanghai: context dice: {value!r} is not two dice 1..6") from None
    if len(dice) != 2 or not all(1 <= d <= 6 for d in dice):
        raise MahjongError(f"shanghai: context dice: {value!r} is not two dice 1..6")
    return dice


def _seat_list(value: Any, winner: int) -> tuple[int, ...]:
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        parts: list[Any] = [p for p in value.replace(" ", ",").split(",") if p]
    elif isinstance(value, int) and not isinstance(value, bool):
        parts = [value]
    else:
        parts = list(value)
    out = []
    for p in parts:
        try:
            seat = int(p)
        except (TypeError, ValueError):
            raise MahjongError(f"shanghai: context chengbao: {p!r} is not a seat 0..3") from None
        if not 0 <= seat < 4 or seat == winner:
            raise MahjongError(f"shanghai: context chengbao: {p!r} is not a seat 0..3 other than the winner")
        out.append(seat)
    return tuple(out)
