"""南昌麻将 (Nanchang): 136 tiles, two wild kinds 正精 and 副精, honour chows,
十三烂, and the 精分 bonuses 霸王精 and 冲关.

Source: seed 001 (各地麻将玩法, 南昌麻将), as specified in
``variants-more.md`` §11.1 (SKETCH ONLY).  The seed gives four sentences;
each is implemented to the letter, every gap is the common 南昌 rule, marked
PROPOSAL here and exposed as an option.  Score a hand from notation
(``indicator`` names the turned-up tile; 3m turned up: 正精 4m, 副精 5m):

>>> nc = Nanchang()
>>> r = nc.score_hand("123m567p789s12z55z", win_tile="3z", discarder=1, context={"indicator": "3m"})
>>> r.sheet.names(), r.sheet.total, r.sheet.points, r.settlement.deltas(4)
(['平胡', '德国'], 2, 2, [8, -4, -2, -2])

Seed sentences and what they are here:

* "三张不重复的同类的字牌可以组成一副顺子": three different honours of one
  class make a set like a chow: any three of 东南西北, or 中发白 (the
  kernel's ``honor_chows``), in the concealed hand.  PROPOSAL: such a set is
  not called (the engine's chow takes suit tiles from the 上家 only).
* "比全不靠更简单和的'十三烂'的牌型": 十三烂 is a winning form: fourteen
  different kinds, no two of one suit closer than three (1-4-7, 1-5-9 …),
  honours free (the kernel's ``Form.SHISANLAN``; PROPOSAL for the exact
  definition: the seed only names it).  十三烂 holding all seven honours is
  七星十三烂 (PROPOSAL).
* "使用了较多的混牌'正精'和'副精'": two wild kinds.  PROPOSAL (how they are
  chosen): after the deal the last tile of the wall is turned up (it leaves
  the wall); the next kind is 正精, the one after it 副精, wrapping 9 → 1,
  东南西北 → 东, 中发白 → 中 (option ``fu_jing``: False makes only the 正精
  wild).  A 精 stands for any kind at a win (also for its own).  PROPOSAL:
  精 are discarded freely but never chowed, punged or konged (the engine's
  rule for wilds), and a discarded 精 is dead: no win on it (option
  ``win_on_discarded_jing``).
* "使得天和、地和的出现频度大幅增加": 天和 (the dealer wins on the deal) and
  地和 (another seat wins on its first draw, no call made) are hands of the
  table (PROPOSAL values below).
* "霸王精、冲关等奖励分，使'一局翻盘'成为了可能": bonus points besides the
  hand.  PROPOSAL (精分): at the end of a won hand each seat counts its 精:
  each 正精 2, each 副精 1 (option ``jing_counted``: the 精 in hand, and by
  default also the ones it discarded).  Each other seat pays a seat its
  精分; 冲关 (``chongguan_min`` = 5 精分 or more) doubles it
  (``chongguan_factor``); 霸王精 (the only seat with 精分) doubles it
  (``bawang_factor``); both multiply.  Not at a draw (``jing_on_draw``).

Everything else is PROPOSAL (common 南昌 practice):

* Winning forms: four sets (chows, pungs, kongs, honour chows) and a pair;
  七对 (seven pairs); 十三烂.  No minimum.
* The hand's 倍 (all that apply multiply; the sheet's ``total``):
  平胡 1 (a winning hand none of the next four), 碰碰胡 ×2, 七对 ×2, 十三烂 ×2, 七星十三烂 ×4
  (不计 十三烂), 德国 ×2 (no 精 standing for another kind: 精 used as
  themselves or none), 杠上开花 ×2, 抢杠 ×2, 天和 ×4, 地和 ×4.  The best
  reading of the hand is kept (就高不就低).  ``points`` = ``base`` × 倍.
* Payments: a self-draw, each of the three others pays 2 × points; a
  discard win, the discarder pays 2 × points and the two others points each
  (option ``discard_payment``: ``"discarder"`` makes the discarder alone
  pay 2 × points).  Then the 精分 above.
* Calls: chow (from the 上家), pung, kongs; 抢杠; one winner per discard
  (the nearest after the discarder, option ``multiple_winners``).
* Dealer: stays after its own win or a draw, else the next seat deals.

Context keys (``Ruleset.context_keys``): ``indicator`` (the turned-up tile,
notation or id: names the 精 of the hand on paper), ``jing`` (the 精分 of
the four seats, seat 0 first, as ``"2,0,1,0"``; on paper, when not given,
the winner's from the 精 in its hand and 0 for the others).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules, decompositions
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import ContextWinConditions, Payment, Ruleset, ScoreSheet, Settlement, WinContext, option_enum
from mahjong_core.tiles import format_tiles, parse_tile

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "DiscardPayment",
    "HAND_FANS",
    "JingCounted",
    "Nanchang",
    "NanchangOptions",
    "jing_bonus",
    "jing_for_indicator",
]

_HONOUR_CYCLES = ((27, 28, 29, 30), (33, 32, 31))
"""东南西北 and 中发白 (white 31, green 32, red 33): the order of the 精."""


def _next(kind: int) -> int:
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    for cyc in _HONOUR_CYCLES:
        if kind in cyc:
            return cyc[(cyc.index(kind) + 1) % len(cyc)]
    raise MahjongError(f"nanchang: {kind!r} is no tile kind 0..33")


def jing_for_indicator(indicator: int) -> tuple[int, int]:
    """(正精, 副精) for a turned-up ``indicator``: the next kind and the one
    after, wrapping 9 → 1, 北 → 东, 白 → 中.

    >>> from mahjong_core.tiles import KIND_NAMES
    >>> [tuple(KIND_NAMES[k] for k in jing_for_indicator(parse_tile(t))) for t in ("3m", "8p", "3z", "6z")]
    [('4m', '5m'), ('9p', '1p'), ('4z', '1z'), ('5z', '7z')]
    """
    z = _next(indicator)
    return z, _next(z)


class DiscardPayment(enum.Enum):
    """Who pays a win on a discard."""

    ALL = "all"
    """The discarder 2 × points, the two others points each (default)."""
    DISCARDER = "discarder"
    """The discarder alone, 2 × points."""


class JingCounted(enum.Enum):
    """Which 精 count toward a seat's 精分."""

    HAND_AND_DISCARDS = "hand-and-discards"
    """The 精 in hand at the end and the ones the seat discarded (default)."""
    HAND = "hand"
    """Only the 精 in hand at the end."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NanchangOptions:
    """House rules of 南昌麻将 (every one a PROPOSAL; see :class:`Nanchang`)."""

    base: int = 1
    """What 1 倍 is worth (a hand's ``points`` = base × 倍)."""
    fu_jing: bool = True
    """The 副精 is wild too (the seed's "正精和副精"); False: only the 正精."""
    discard_payment: DiscardPayment = DiscardPayment.ALL
    """Who pays a win on a discard."""
    jing_counted: JingCounted = JingCounted.HAND_AND_DISCARDS
    """Which 精 count toward 精分."""
    zheng_value: int = 2
    """精分 of each 正精."""
    fu_value: int = 1
    """精分 of each 副精."""
    chongguan_min: int = 5
    """冲关: the fewest 精分 that double a seat's 精分."""
    chongguan_factor: int = 2
    """冲关's factor."""
    bawang_factor: int = 2
    """霸王精 (the only seat with 精分)'s factor."""
    jing_on_draw: bool = False
    """精分 are paid also when nobody wins."""
    win_on_discarded_jing: bool = False
    """A discarded 精 may be won on (then it is a 精 of the hand)."""
    multiple_winners: bool = False
    """一炮多响: every seat that may win on a discard does (else the nearest)."""

    def __post_init__(self) -> None:
        for name in ("base", "zheng_value", "fu_value", "chongguan_min", "chongguan_factor", "bawang_factor"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MahjongError(f"nanchang: option {name} must be a whole number >= 0, got {value!r}")
        for name in ("fu_jing", "jing_on_draw", "win_on_discarded_jing", "multiple_winners"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"nanchang: option {name} must be True or False, got {getattr(self, name)!r}")
        object.__setattr__(self, "discard_payment", option_enum("nanchang", "discard_payment", self.discard_payment, DiscardPayment))
        object.__setattr__(self, "jing_counted", option_enum("nanchang", "jing_counted", self.jing_counted, JingCounted))


# ---------------------------------------------------------------------------
# The 倍 of a reading
# ---------------------------------------------------------------------------


def _shisanlan(r: Reading) -> bool:
    return r.form is Form.SHISANLAN


def _seven_star(r: Reading) -> bool:
    """七星十三烂: 十三烂 with all seven honours."""
    return r.form is Form.SHISANLAN and all(r.counts[k] for k in range(27, 34))


HAND_FANS: tuple[Fan, ...] = (
    Fan("平胡", "Any win", 1, v.any_win, why="a winning hand"),
    Fan("碰碰胡", "All pungs", 2, v.all_pungs, excludes=("平胡",), why="four pungs or kongs and a pair"),
    Fan("七对", "Seven pairs", 2, v.seven_pairs, excludes=("平胡",), why="seven pairs"),
    Fan("七星十三烂", "Thirteen unrelated with seven honours", 4, _seven_star, excludes=("十三烂", "平胡"),
        why="十三烂 holding all seven honours"),
    Fan("十三烂", "Thirteen unrelated", 2, _shisanlan, excludes=("平胡",),
        why="fourteen singles, no two of a suit closer than 3"),
    Fan("德国", "No 精 as another kind", 2, lambda r: r.is_natural, why="no 精 standing for another kind"),
)
"""The 倍 that depend on the reading (each multiplies)."""

WIN_FANS: tuple[Fan, ...] = (
    Fan("杠上开花", "Win on a kong's replacement", 2, v.kong_replacement, why="won on the tile drawn for a kong"),
    Fan("抢杠", "Robbing a kong", 2, v.robbed_kong, why="won on the tile added to a pung"),
    Fan("天和", "Heavenly hand", 4, v.heavenly, why="the dealer wins on the deal"),
    Fan("地和", "Earthly hand", 4, v.earthly, why="won on the first draw, no call made"),
)
"""The 倍 of the win itself, whatever the reading (each multiplies)."""

_ORDER = {zh: i for i, zh in enumerate(
    ("平胡", "碰碰胡", "七对", "七星十三烂", "十三烂", "德国", "杠上开花", "抢杠", "天和", "地和"))}


def _shape_value(r: Reading) -> int:
    """The product of the :data:`HAND_FANS` of ``r`` but 德国: one entry
    by form (碰碰胡 is a standard form and excludes 平胡, 七星十三烂
    excludes 十三烂)."""
    form = r.form
    if form is Form.STANDARD:
        return _VALUE["碰碰胡"] if v.all_pungs(r) else _VALUE["平胡"]
    if form is Form.SEVEN_PAIRS:
        return _VALUE["七对"]
    if form is Form.SHISANLAN:
        return _VALUE["七星十三烂"] if _seven_star(r) else _VALUE["十三烂"]
    val = 1  # (no other form is read: the table itself)
    for f, n in v.matching(HAND_FANS, r):
        if f.zh != "德国":
            val *= f.value ** n
    return val


_VALUE = {f.zh: f.value for f in HAND_FANS}
_DEGUO = _VALUE["德国"]


def jing_bonus(points: Sequence[int], options: NanchangOptions | None = None) -> list[Payment]:
    """The 精分 payments for the four seats' ``points``: each other seat pays
    a seat its 精分, doubled by 冲关 and by 霸王精.

    >>> [(p.payer, p.payee, p.amount, p.reason) for p in jing_bonus([5, 0, 0, 0])]
    [(1, 0, 20, '精分 冲关 霸王精'), (2, 0, 20, '精分 冲关 霸王精'), (3, 0, 20, '精分 冲关 霸王精')]
    """
    o = options or NanchangOptions()
    out: list[Payment] = []
    n = len(points)
    holders = [s for s in range(n) if points[s] > 0]
    for s in holders:
        amount, why = points[s], ["精分"]
        if points[s] >= o.chongguan_min:
            amount *= o.chongguan_factor
            why.append("冲关")
        if len(holders) == 1:
            amount *= o.bawang_factor
            why.append("霸王精")
        if amount:
            out += [Payment(p, s, amount, " ".join(why)) for p in range(n) if p != s]
    return out


# ---------------------------------------------------------------------------
# The rule set
# ---------------------------------------------------------------------------


class Nanchang(ContextWinConditions, Ruleset):
    """南昌麻将: see the module docstring for every decision."""

    name = "nanchang"
    version = 1
    zh = "南昌麻将"
    summary = "南昌: 136 tiles, 正精 and 副精 wild, honour chows, 十三烂, 精分 with 霸王精 and 冲关"
    aliases = ("南昌", "南昌麻将", "南昌精", "江西南昌", "江西南昌麻将")
    Options = NanchangOptions

    wild_indicator = True
    wild_discard = True
    multiple_winners = False
    rob_kong = True
    wild_tiles = "正精 (the kind after the turned-up tile) and 副精 (the one after it)"
    hand_rules = HandRules(forms=(Form.STANDARD, Form.SEVEN_PAIRS, Form.SHISANLAN), honor_chows=True)

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "indicator": "the turned-up tile (notation or id): the next kind is 正精, the one after 副精",
        "jing": "the 精分 of the four seats, seat 0 first (\"2,0,1,0\"); default on paper: the winner's "
                "from its hand, 0 for the others",
    })

    options: NanchangOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.multiple_winners = self.options.multiple_winners

    # --- the 精 ----------------------------------------------------------------
    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        zheng, fu = jing_for_indicator(indicator)
        return frozenset({zheng, fu}) if self.options.fu_jing else frozenset({zheng})

    def paper_wild_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        tile = self.paper_indicator(extra)
        return frozenset() if tile is None else self.wilds_for_indicator(tile)

    def jing_value(self, kind: int, indicator: int) -> int:
        """精分 of one tile of ``kind`` when ``indicator`` was turned up."""
        zheng, fu = jing_for_indicator(indicator)
        if kind == zheng:
            return self.options.zheng_value
        if kind == fu and self.options.fu_jing:
            return self.options.fu_value
        return 0

    def table_jing(self, table: Table) -> list[int]:
        """Each seat's 精分 now (hand, and discards unless ``jing_counted`` is
        ``"hand"``)."""
        out = [0] * self.num_players
        if table.indicator is None:
            return out
        zheng, fu = jing_for_indicator(table.indicator)
        o = self.options
        zv, fv = o.zheng_value, (o.fu_value if o.fu_jing else 0)  # (jing_value of each: 正精 and 副精 differ)
        disc = o.jing_counted is JingCounted.HAND_AND_DISCARDS
        for s in range(self.num_players):
            hand = table.hands[s]
            a, b = hand[zheng], hand[fu]
            if disc:
                d = table.discards[s]
                a += d.count(zheng)
                b += d.count(fu)
            out[s] = a * zv + b * fv
        return out

    # --- scoring -----------------------------------------------------------------
    def _readings(self, ctx: WinContext) -> tuple[Reading, ...]:
        """The readings worth scoring: the kernel's decompositions under
        every wild kind, and a set or pair made only of 精 read as a 精 kind
        (德国) or one other kind (the table cannot tell other kinds apart)."""
        if ctx.wilds < 2:
            return v.readings(ctx, self.hand_rules, by_win_unit=False)
        if not ctx.decompositions:
            try:
                found = tuple(decompositions(ctx.concealed, wilds=ctx.wilds, rules=self.hand_rules))
            except ValueError as e:
                raise IllegalWinError(f"{self.id}: not a winning hand: {e}") from None
            if not found:
                raise IllegalWinError(self._shape_error(ctx))
            ctx = replace(ctx, decompositions=found)
        other = next(k for k in range(34) if k not in ctx.wild_kinds)
        key = ctx.wild_kinds | {other}
        rules = _SCORING_RULES.get(key)
        if rules is None:
            rules = _SCORING_RULES[key] = replace(self.hand_rules, wild_kinds=key)
        return v.readings(ctx, rules, by_win_unit=False)

    def _shape_error(self, ctx: WinContext) -> str:
        return (f"{self.id}: not a winning hand: {format_tiles(ctx.concealed)!r} + {ctx.wilds} 精 "
                "(four sets — chows, pungs, three different winds or 中发白 — and a pair; 七对; 十三烂)")

    def score(self, ctx: WinContext) -> ScoreSheet:
        """The 倍 of the best reading (就高不就低), multiplied; ``points`` =
        ``base`` × 倍.

        :raises IllegalWinError: when the tiles are no winning hand.
        """
        try:
            found = self._readings(ctx)
        except IllegalWinError as e:
            if "精" in str(e):
                raise
            raise IllegalWinError(self._shape_error(ctx)) from None
        top: tuple[int, Reading] | None = None
        for r in found:
            shape = _shape_value(r)
            if top is not None and shape * _DEGUO <= top[0]:
                continue  # (not above the best even with 德国: the first best stays)
            val = shape * _DEGUO if v.wilds_as_other(r) == 0 else shape  # (德国: r.is_natural)
            if top is None or val > top[0]:
                top = (val, r)
        assert top is not None
        items = [f.item(top[1], n) for f, n in v.matching(HAND_FANS + WIN_FANS, top[1])]
        items.sort(key=lambda it: _ORDER.get(it.zh, 99))
        total = 1
        for it in items:
            total *= it.value ** it.count
        return ScoreSheet(items=tuple(items), total=total, unit="倍", points=self.options.base * total,
                          notes=(f"{' × '.join(str(it.value) for it in items)} = {total} 倍; "
                                 f"points = {self.options.base} × {total}",))

    def context_problem(self, ctx: WinContext) -> str | None:
        """A discarded 精 is dead: no win on it (PROPOSAL, option ``win_on_discarded_jing``)."""
        if (not ctx.self_drawn and not self.options.win_on_discarded_jing
                and 0 <= ctx.win_tile < 34 and ctx.win_tile in ctx.wild_kinds):
            return "a discarded 精 is dead: no win on it (PROPOSAL, option win_on_discarded_jing)"
        return None

    # --- settlement ----------------------------------------------------------------
    def _jing_points(self, ctx: WinContext) -> list[int]:
        raw = ctx.extra.get("jing")
        n = self.num_players
        if raw is None or raw == "":
            out = [0] * n
            tile = self.paper_indicator(ctx.extra)
            if tile is not None:
                out[ctx.seat] = sum(self.jing_value(k, tile) for k in ctx.wild_tiles)
            return out
        parts = raw.split(",") if isinstance(raw, str) else list(raw)
        try:
            vals = [int(x) for x in parts]
        except (TypeError, ValueError):
            raise MahjongError(f"nanchang: context jing {raw!r}: {n} whole numbers, seat 0 first") from None
        if len(vals) != n or min(vals) < 0:
            raise MahjongError(f"nanchang: context jing {raw!r}: {n} whole numbers >= 0, seat 0 first")
        return vals

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        n = self.num_players
        for ctx, sheet in wins:
            pts = sheet.points
            if ctx.self_drawn:
                out += [Payment(s, ctx.seat, 2 * pts, "自摸") for s in range(n) if s != ctx.seat]
            elif ctx.discarder is not None:
                why = "抢杠" if ctx.robbed_kong else "放炮"
                out.append(Payment(ctx.discarder, ctx.seat, 2 * pts, why))
                if self.options.discard_payment is DiscardPayment.ALL:
                    out += [Payment(s, ctx.seat, pts, "胡") for s in range(n) if s not in (ctx.seat, ctx.discarder)]
        if wins:
            out += jing_bonus(self._jing_points(wins[0][0]), self.options)
        return Settlement(tuple(out))

    def settle_draw(self, table: Table) -> Settlement:
        if not self.options.jing_on_draw:
            return Settlement()
        return Settlement(tuple(jing_bonus(self.table_jing(table), self.options)))

    # --- play ----------------------------------------------------------------------
    def aim_rules(self, table: Any, seat: int) -> HandRules:
        """What the bots aim for: 十三烂 only with a scattered concealed hand
        (ten different kinds or more, no melds); else sets, honour chows and
        七对 (the discard analysis with 十三烂 costs five times as much)."""
        counts, _ = table.analysis_counts(seat)
        if table.melds[seat] or len(counts) - counts.count(0) < 10:  # (the kinds held)
            return _AIM_RULES
        return self.hand_rules

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        return {"indicator": table.indicator, "jing": ",".join(map(str, self.table_jing(table)))}


_AIM_RULES = HandRules(forms=(Form.STANDARD, Form.SEVEN_PAIRS), honor_chows=True)
"""What the bots aim for without a scattered hand."""

_SCORING_RULES: dict[frozenset[int], HandRules] = {}
"""The hand rules of :meth:`Nanchang._readings` by their 精 kinds."""
