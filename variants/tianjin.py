"""天津麻将 (Tianjin): 混儿 wild tiles named by a flipped indicator, pung and
kong only, self-drawn wins only, and values that multiply (龙 4, 捉5龙 7,
× 2 for 混儿吊, 没混儿, 杠开, 本混 …).

Sources: seed 001 (the 天津麻将 note of the regional survey, quoted in
``variants-more.md`` §11.10) and seed 000 p.26 (nine composite-hand formulas,
the end of the 天津 chapter whose pp.21-25 are missing: ``variants-regional.md``
§6).  The seeds are the authority; every gap is a PROPOSAL (the common
天津 practice) and an option.  Score a hand written on paper (seats 0..3 =
E S W N when seat 0 deals; ``indicator`` is the flipped tile):

>>> tj = Tianjin()
>>> r = tj.score_hand("123456789m111z3s", win_tile="6p", winner=1, context={"indicator": "2s"})
>>> r.sheet.names(), r.sheet.total, r.settlement.deltas(4)
(['龙', '混儿吊'], 8, [-8, 24, -8, -8])
>>> r.sheet.notes[0]
'混吊龙: 提溜龙+混吊 = 4*2 = 8番'

The seed sentences and what each becomes:

* Seed 001 "天津麻将有混儿中下滚，7 张，相当于限制性听用或财神": after the
  deal the last tile of the wall is flipped (the engine's
  ``wild_indicator``; it is out of play) and the 混儿 are its kind (中, three
  copies left) and the next kind (下, four copies): seven wild tiles.  The
  next kind wraps: 9 → 1 in a suit, 东南西北 → 东, 白发中 → 白
  (:func:`~mahjong_core.rules.next_kind`).  A 混儿 stands for any tile in the
  concealed hand.  "限制性" (PROPOSAL TJ-W): a 混儿 is never chowed, punged
  or konged and a discarded 混儿 is never claimed (the engine's wild
  rules); whether one may be discarded at all is the option
  ``hun_discard`` (default True).
* Seed 001 "不许吃": no chow (``allow_chow = False``); a hand written with a
  chow meld raises ``IllegalWinError`` naming the rule.  Pung and kong
  (exposed, added, concealed) are allowed (PROPOSAL TJ-C, the seed names
  "杠开" and seed 000 "明杠").
* Seed 001 "没有炮和": a win is self-drawn only; a win on a discard raises
  ``IllegalWinError`` ("没有炮和").  A robbed kong is a win on another
  seat's tile, so there is no 抢杠 (PROPOSAL TJ-R; option ``rob_kong``:
  the robbed seat then pays for all three).
* Seed 001 "没有七对、十三幺等": four sets and a pair only (``hand_rules``:
  the standard form); a seven-pairs or thirteen-orphans hand raises
  ``IllegalWinError`` naming the rule.
* Seed 001 "有'混儿吊'(2)，'没混儿'(2)，'捉伍儿'(3)，'龙'(4)，'杠开'(2)，
  '本混儿龙'(×2)几个番种并由这些叠加而来" and seed 000's formulas
  ("提溜龙+本混+混吊+杠开 = 4*2*2*2 = 32番", "捉5龙+本混 = 7*2 = 14番",
  "捉5龙+双混吊+本混 = 7*2*2 = 28番" …) give the table:

  - 龙 (4): 123 456 789 of one suit ("提溜龙" in seed 000); 混儿 may stand
    in it.
  - 捉伍儿 (3): the winning tile is a 5 that completes 4-5-6 as its middle
    tile (坎张); a 混儿 may stand for the 4 or the 6 (就高不就低).  Seed 000's
    捉5龙 = 7 is 捉伍儿 + 龙: these two base values ADD.  Which 5 (TJ-5
    PROPOSAL): option ``zhuo_wu``, default ``ZhuoWu.ANY_SUIT`` (a 5 of any
    suit, as the spec reads it); ``ZhuoWu.CHARACTERS``: 五万 only.
  - 混儿吊 (×2): the winning tile is a natural tile paired with a 混儿
    (4 sets + a lone 混儿 waits on everything); "混吊" in seed 000.
  - 双混吊 (×2, seed 000 "捉5龙+双混吊 = 7*2"): the pair is two 混儿
    (TJ-3: ×2, the seed's only example; option ``double_hun_diao``).
  - 没混儿 (×2): no 混儿 in the winning hand.
  - 杠开 (×2): won on a kong's replacement tile (any kong; seed 000's
    "+明杠" adds no factor: "杠分另算", the kong is paid on its own).
  - 本混儿龙 (×2, "本混" in seed 000): a 龙 that holds at least one 混儿 and
    uses every 混儿 in it as itself (the 混儿 kind in its own place), read
    with the wild tiles actually held (``WinContext.wild_tiles``).

  The table is data (:func:`tables`: ``Fan`` entries over
  :mod:`mahjong_core.patterns` and the predicates at the end of this
  module).  Combination (PROPOSAL TJ-V, the only one that gives all nine seed
  values): the base is 捉伍儿 + 龙 (3, 4 or 7), or ``plain_win`` (1, 平胡)
  when neither applies; each ×2 item doubles it.  The best reading counts
  (就高不就低).  The sheet lists each item at its seed value, ``total`` is
  the 番, and ``notes[0]`` writes the composite as seed 000 does.

Gaps (each a PROPOSAL and an option):

* Tiles and deal (TJ-1, not an option: the standard set, which "7 张"
  presumes): 136 tiles (万筒条 and the seven honours, no flowers), 13
  tiles, the dealer 14 and discards first, no tiles kept back.
* Payment (TJ-P): each of the three others pays 番 × ``base`` (default 1);
  ``dealer_factor`` (default 1: no dealer bonus; 2: the dealer wins and
  pays double).
* Kong points, "杠分另算" (TJ-K): paid when the kong is made by each of the
  three others, exposed or added kong ``exposed_kong`` (1) × base, concealed
  ``concealed_kong`` (2) × base; cancelled when the hand is drawn
  (``kong_refund_on_draw``, default True, as "本局所有杠分无效" of the same
  book's 河北 and 合肥 chapters).  On paper the win's settlement is the
  hand alone (the kongs are "另算").
* Dealer (TJ-D): the dealer deals again when it wins or the hand is drawn
  (``dealer_stays_on_draw``, default True; False: a drawn hand passes the
  deal on), else the next seat.
* 天胡 and 地胡 (TJ-T; the surviving seed names neither, PROPOSAL: the
  common 天津 rule): 天胡, the dealer wins on its dealt 14 tiles before its
  first discard, multiplies the 番 by ``tianhu`` (default ×4); 地胡, a
  non-dealer wins (self-drawn: there is no discard win) on its first draw
  with no call made by anyone before, by ``dihu`` (default ×2).  They join
  the doubling items (``patterns.heavenly`` / ``patterns.earthly``); 1
  turns either off.
* 连庄 (TJ-L, PROPOSAL: the common 天津 rule): the dealer who deals again
  (TJ-D) counts its streak L, the hands it has already dealt in a row
  (the match's ``streak``; context key ``streak`` on paper).  Every payment
  the dealer receives (its win) or makes (a 闲's win) grows by L ×
  ``streak_points`` × base (default 1 per hand; 0: none); payments between
  two 闲 do not change.

``context_keys``: ``indicator`` — the flipped indicator tile (notation, e.g.
``"2s"``); the 混儿 are its kind and the next.  ``streak`` — 连庄 L, the
hands the dealer has already dealt in a row (default 0).  On paper ``wild_kinds`` may
be given instead; with neither, the hand has no 混儿.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules, Shape, is_win
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext, next_kind
from mahjong_core.tiles import KIND_NAMES, Meld, MeldKind, format_tiles, parse_tile

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "Tianjin", "TianjinOptions", "ZhuoWu", "ben_hun_straight", "double_hun_diao", "hun_diao", "no_hun", "tables",
    "zhuo_wu", "zhuo_wu_characters",
]


class ZhuoWu(enum.Enum):
    """Which 5 makes 捉伍儿 (TJ-5 PROPOSAL)."""

    ANY_SUIT = "any"
    """A 5 of any suit won as the middle of 4-5-6."""
    CHARACTERS = "characters"
    """五万 only (4万 6万 捉 5万)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TianjinOptions:
    """House rules of 天津麻将 (every one a PROPOSAL of the module doc)."""

    base: int = 1
    """Points per 番 that each payer pays (TJ-P)."""
    plain_win: int = 1
    """The base of a win with neither 龙 nor 捉伍儿 (平胡, TJ-V)."""
    double_hun_diao: int = 2
    """The factor of 双混吊 (TJ-3: ×2, seed 000's only example)."""
    zhuo_wu: ZhuoWu = ZhuoWu.ANY_SUIT
    """Which 5 makes 捉伍儿 (TJ-5)."""
    dealer_factor: int = 1
    """What the dealer wins and pays is multiplied by this (TJ-P)."""
    exposed_kong: int = 1
    """An exposed or added kong: each other seat pays this × base (TJ-K)."""
    concealed_kong: int = 2
    """A concealed kong: each other seat pays this × base (TJ-K)."""
    kong_refund_on_draw: bool = True
    """A drawn hand cancels its kong payments (TJ-K)."""
    rob_kong: bool = False
    """An added kong may be robbed (TJ-R); the robbed seat pays for all three."""
    hun_discard: bool = True
    """A 混儿 may be discarded (never claimed) (TJ-W)."""
    dealer_stays_on_draw: bool = True
    """The dealer deals again after a drawn hand (TJ-D)."""
    tianhu: int = 4
    """天胡 (TJ-T): the dealer wins on its dealt 14 tiles, before its first
    discard: the 番 × this (1: no 天胡)."""
    dihu: int = 2
    """地胡 (TJ-T): a non-dealer wins on its first draw, no call made
    before: the 番 × this (1: no 地胡)."""
    streak_points: int = 1
    """连庄 (TJ-L): per hand the dealer has already dealt in a row, each
    payment the dealer makes or receives grows by this × base (0: none)."""

    def __post_init__(self) -> None:
        for name, low in (("base", 1), ("plain_win", 1), ("double_hun_diao", 1), ("dealer_factor", 1),
                          ("exposed_kong", 0), ("concealed_kong", 0), ("tianhu", 1), ("dihu", 1),
                          ("streak_points", 0)):
            x = getattr(self, name)
            if isinstance(x, bool) or not isinstance(x, int) or x < low:
                raise MahjongError(f"tianjin: option {name} must be an int >= {low}, got {x!r}")
        for name in ("kong_refund_on_draw", "rob_kong", "hun_discard", "dealer_stays_on_draw"):
            x = getattr(self, name)
            if not isinstance(x, bool):
                raise MahjongError(f"tianjin: option {name} must be True or False, got {x!r}")
        if isinstance(self.zhuo_wu, str):
            try:
                object.__setattr__(self, "zhuo_wu", ZhuoWu(self.zhuo_wu))
            except ValueError:
                raise MahjongError(
                    f"tianjin: option zhuo_wu must be one of {[z.value for z in ZhuoWu]}, got {self.zhuo_wu!r}"
                ) from None
        if not isinstance(self.zhuo_wu, ZhuoWu):
            raise MahjongError(f"tianjin: option zhuo_wu must be a ZhuoWu, got {self.zhuo_wu!r}")


_SUIT = ("万", "筒", "条")


def tables(o: TianjinOptions) -> tuple[tuple[Fan, ...], tuple[Fan, ...]]:
    """The table as data, for options ``o``: the base items (their values
    add; a hand with none is 平胡 ``plain_win``) and the doubling items (each
    multiplies by its value)."""
    zhuo = zhuo_wu_characters if o.zhuo_wu is ZhuoWu.CHARACTERS else zhuo_wu
    base = (
        Fan("龙", "Dragon (1-9 straight)", 4, v.pure_straight, explain=_why_long),
        Fan("捉伍儿", "Catching the five", 3, zhuo, explain=_why_zhuo),
    )
    doubles = (
        Fan("本混儿龙", "Dragon with its 混儿 as themselves", 2, ben_hun_straight, explain=_why_ben_hun),
        Fan("混儿吊", "Wild single wait", 2, hun_diao, explain=lambda r: f"{KIND_NAMES[r.ctx.win_tile]} paired with a 混儿 (×2)"),
        Fan("双混吊", "Two-wild pair", o.double_hun_diao, double_hun_diao, why=f"the pair is two 混儿 (×{o.double_hun_diao})"),
        Fan("没混儿", "No wild", 2, no_hun, why="no 混儿 in the hand (×2)"),
        Fan("杠开", "Win on a kong's replacement", 2, v.kong_replacement,
            why="won on the tile drawn after a kong (×2; 杠分另算)"),
        Fan("天胡", "Heavenly hand", o.tianhu, v.heavenly,
            why=f"the dealer wins on its dealt tiles, before its first discard (×{o.tianhu}; PROPOSAL TJ-T)"),
        Fan("地胡", "Earthly hand", o.dihu, v.earthly,
            why=f"a non-dealer wins on its first draw, no call made (×{o.dihu}; PROPOSAL TJ-T)"),
    )
    return base, tuple(f for f in doubles if f.value > 1)


_LABEL = {"本混儿龙": "本混", "混儿吊": "混吊", "双混吊": "双混吊", "没混儿": "没混儿", "杠开": "杠开",
          "天胡": "天胡", "地胡": "地胡"}
"""Seed 000's words for the doubling items, in its composite names and formulas."""


class Tianjin(Ruleset):
    """天津麻将: see the module doc for every decision."""

    name = "tianjin"
    version = 1
    zh = "天津麻将"
    summary = "天津: 混儿 (the indicator's kind and the next: 7 wild tiles), no chow, self-drawn wins only, ×2 values"
    aliases: ClassVar[tuple[str, ...]] = ("天津", "混儿", "天津混儿", "tianjin-huner")
    Options = TianjinOptions
    options: TianjinOptions

    allow_chow = False
    rob_kong = False
    missed_win_ban = False
    multiple_winners = False
    wild_indicator = True
    wild_discard = True
    wild_tiles = "混儿: the flipped indicator's kind (3 left) and the next kind (4): 7 tiles"
    hand_rules = HandRules(forms=frozenset({Form.STANDARD}))
    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "indicator": "the flipped indicator tile (notation); the 混儿 are its kind and the next",
        "streak": "连庄: hands the dealer has already dealt in a row before this one (0: none)",
    })
    refuses_win_exact = True

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        # the engine reads these from the rule set: options set them per instance
        setattr(self, "rob_kong", self.options.rob_kong)
        setattr(self, "wild_discard", self.options.hun_discard)
        self._base, self._doubles = tables(self.options)

    # --- 混儿 ------------------------------------------------------------------
    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        """混儿中下滚: the indicator's kind and the next one."""
        return frozenset({indicator, next_kind(indicator)})

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        out: dict[str, Any] = {"streak": table.streak}
        if table.indicator is not None:
            out["indicator"] = KIND_NAMES[table.indicator]
        return out

    def _streak(self, ctx: WinContext) -> int:
        value = ctx.extra.get("streak", 0)
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise MahjongError(f"{self.id}: context streak: {value!r} is not a whole number >= 0")
        return value

    def paper_wild_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        ind = self._indicator(extra)
        return frozenset() if ind is None else self.wilds_for_indicator(ind)

    def _indicator(self, extra: Mapping[str, Any]) -> int | None:
        value = extra.get("indicator")
        if value is None:
            return None
        try:
            kind = parse_tile(value) if isinstance(value, str) else int(value)
        except (MahjongError, TypeError, ValueError):
            raise MahjongError(f"{self.id}: context indicator: {value!r} is not a tile") from None
        if not 0 <= kind < 34:
            raise MahjongError(f"{self.id}: context indicator: {value!r} is not a suit or honour tile")
        return kind

    # --- scoring -------------------------------------------------------------
    def _check(self, ctx: WinContext) -> None:
        """Bad input and the seed's rules on melds and shapes."""
        for m in ctx.melds:
            if m.kind is MeldKind.CHI:
                raise IllegalWinError(f"{self.id}: 不许吃 (no chow): the meld {str(m)!r}")
            if m.kind_of in ctx.wild_kinds:
                raise InvalidHandError(f"{self.id}: 混儿 {KIND_NAMES[m.kind_of]!r} are never punged or konged: {str(m)!r}")
        ind = self._indicator(ctx.extra)
        if ind is not None:
            held = ctx.wild_tiles.count(ind) + ctx.concealed.count(ind) + sum(m.tiles.count(ind) for m in ctx.melds)
            if held > 3:
                raise InvalidHandError(
                    f"{self.id}: the indicator {KIND_NAMES[ind]!r} is out of play: at most 3 more of it, got {held}"
                )
        size = len(ctx.concealed) + ctx.wilds + 3 * len(ctx.melds)
        if size != self.hand_size + 1:
            raise InvalidHandError(
                f"{self.id}: a winning hand has {self.hand_size + 1} tiles (a kong counts 3), got {size}"
            )
        if not ctx.decompositions and not is_win(ctx.concealed, wilds=ctx.wilds, rules=self.hand_rules):
            what = f"{format_tiles(ctx.concealed)!r} + {ctx.wilds} 混儿"
            if is_win(ctx.concealed, wilds=ctx.wilds, rules=HandRules()):
                raise IllegalWinError(f"{self.id}: 没有七对、十三幺 (four sets and a pair only): {what}")
            raise IllegalWinError(f"{self.id}: not a winning hand (four sets and a pair): {what}")

    def _allowed(self, ctx: WinContext) -> bool:
        return ctx.self_drawn or (ctx.robbed_kong and self.options.rob_kong)

    def _hits(self, r: Reading) -> tuple[list[Fan], list[Fan]]:
        """The base entries and the doubling entries that apply to ``r``
        (remembered in the reading: :meth:`score` asks twice for the best)."""
        try:
            got: tuple[list[Fan], list[Fan]] = r.memo["tianjin_hits"]
        except KeyError:
            got = r.memo["tianjin_hits"] = ([f for f in self._base if f.test(r)],
                                            [f for f in self._doubles if f.test(r)])
        return got

    def _value(self, r: Reading) -> tuple[int]:
        base_hits, doubles = self._hits(r)
        base = sum(f.value for f in base_hits) or self.options.plain_win
        for f in doubles:
            base *= f.value
        return (base,)

    def refuses_win(self, ctx: WinContext) -> bool:
        """没有炮和: a win on a discard (or a robbed kong without ``rob_kong``)
        is never legal, whatever its sheet: exactly the refusals of
        :meth:`win_problem` (``refuses_win_exact``: the engine scores a win
        only when it is taken)."""
        return not self._allowed(ctx)

    def score(self, ctx: WinContext) -> ScoreSheet:
        """The best reading's 番: (捉伍儿 + 龙, or 平胡) × each doubling item."""
        self._check(ctx)
        if not self._allowed(ctx):
            # no reading is scored for a win the rule set refuses (win_problem names it)
            return ScoreSheet(items=(), total=0, unit="番", points=0, notes=("没有炮和: self-drawn wins only",))
        top = v.best(v.readings(ctx, self.hand_rules), self._value)
        total = self._value(top)[0]
        o = self.options
        base, doubles = self._hits(top)
        items = [f.item(top) for f in base]
        if not base:
            items.append(ScoreItem("平胡", "Plain win", o.plain_win, why="four sets and a pair"))
        items += [f.item(top) for f in doubles]
        names = {f.zh for f in base}
        head, first, value = (("捉5龙", "捉5龙", 7) if names == {"龙", "捉伍儿"} else
                              ("龙", "提溜龙", 4) if names == {"龙"} else
                              ("捉伍儿", "捉伍儿", 3) if names else ("", "平胡", o.plain_win))
        words = [_LABEL[f.zh] for f in doubles]
        order = ("天胡", "地胡", "杠开", "混吊", "双混吊", "没混儿", "本混")
        label = "".join(w for w in order if w in words) + head or "平胡"
        formula = "+".join([first, *words])
        factors = "*".join([str(value), *(str(f.value) for f in doubles)])
        notes = [f"{label}: {formula} = {factors} = {total}番" if doubles else f"{label} = {total}番"]
        if ctx.kong_replacement:
            notes.append("杠分另算: the kong is paid when made")
        if o.base != 1:
            notes.append(f"each payer pays {total}番 × base {o.base}")
        streak = self._streak(ctx)
        if streak and o.streak_points:
            who = "each payer pays" if ctx.dealer else "the dealer pays"
            notes.append(f"连庄 {streak}: {who} {streak * o.streak_points * o.base} more")
        return ScoreSheet(items=tuple(items), total=total, unit="番", points=total * o.base, notes=tuple(notes))

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        if self._allowed(ctx):
            return None
        if ctx.robbed_kong:
            return "没有炮和: self-drawn wins only, no 抢杠 (option rob_kong)"
        return "没有炮和: self-drawn wins only (no win on a discard)"

    # --- settlement ----------------------------------------------------------
    def _amount(self, ctx: WinContext, sheet: ScoreSheet, payer: int) -> int:
        """What ``payer`` owes for this win: 番 × base, × ``dealer_factor``
        and + 连庄 × ``streak_points`` × base when the dealer wins or pays."""
        dealer = (ctx.seat - ctx.seat_wind) % self.num_players
        if dealer not in (payer, ctx.seat):
            return sheet.points
        o = self.options
        return sheet.points * o.dealer_factor + self._streak(ctx) * o.streak_points * o.base

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """Each of the three others pays 番 × base (× ``dealer_factor`` and +
        连庄 when the dealer wins or pays); a robbed kong: the robbed seat
        pays for all."""
        out: list[Payment] = []
        for ctx, sheet in wins:
            others = [s for s in range(self.num_players) if s != ctx.seat]
            if ctx.self_drawn:
                out += [Payment(s, ctx.seat, self._amount(ctx, sheet, s), "自摸") for s in others]
            elif ctx.robbed_kong and ctx.discarder is not None:
                amount = sum(self._amount(ctx, sheet, s) for s in others)
                out.append(Payment(ctx.discarder, ctx.seat, amount, "抢杠 (pays for all three)"))
            else:
                raise IllegalWinError(f"{self.id}: 没有炮和: a win of seat {ctx.seat!r} on a discard")
        return Settlement(tuple(out))

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        """杠分另算: each of the three others pays at once."""
        o = self.options
        if meld.kind is MeldKind.ANKAN:
            amount, why = o.concealed_kong, "暗杠"
        else:
            amount, why = o.exposed_kong, "明杠" if meld.kind is MeldKind.KAN else "补杠"
        amount *= o.base
        if not amount:
            return Settlement()
        return Settlement(tuple(Payment(s, seat, amount, why) for s in range(self.num_players) if s != seat))

    def dealer_stays(self, table: Table) -> bool:
        """The dealer won, or nobody did and ``dealer_stays_on_draw``."""
        if table.winners:
            return table.dealer in table.winners
        return self.options.dealer_stays_on_draw

    def settle_draw(self, table: Table) -> Settlement:
        """荒庄: the kong payments of the hand are cancelled (``kong_refund_on_draw``)."""
        if not self.options.kong_refund_on_draw:
            return Settlement()
        return Settlement(tuple(Payment(p.payee, p.payer, p.amount, "荒庄: 杠分无效")
                                for p in table.kong_settlement.payments))


# --- vocabulary candidates ---------------------------------------------------
# Tests of a reading that only this table needs so far (docs/scoring.md: they
# move to mahjong_core.patterns when a second table needs them).


def no_hun(r: Reading) -> bool:
    """没混儿: no wild tile in the winning hand."""
    return r.ctx.wilds == 0


def hun_diao(r: Reading) -> bool:
    """混儿吊: the winning tile, a natural one, completed the pair with a wild
    tile (four sets and a lone wild wait on every tile)."""
    u = r.units[r.win_unit] if r.win_unit is not None else None
    t = r.ctx.win_tile
    return (u is not None and u.shape is Shape.PAIR and len(u.wilds) == 1
            and 0 <= t < 34 and t not in r.ctx.wild_kinds)


def double_hun_diao(r: Reading) -> bool:
    """双混吊: the pair of the standard form is two wild tiles."""
    if r.form is not Form.STANDARD:
        return False
    for u in r.units:
        if u.shape is Shape.PAIR and len(u.wilds) == 2:
            return True
    return False


def zhuo_wu(r: Reading) -> bool:
    """捉伍儿: the winning tile is a 5 that completed 4-5-6 as its middle tile
    (坎张), itself (a natural 5, or a wild 5 standing for its own kind)."""
    if r.win_unit is None:
        return False
    u = r.units[r.win_unit]
    t = r.ctx.win_tile
    return (u.shape is Shape.CHOW and u.kind < 27 and u.kind % 9 == 3 and t == u.kind + 1
            and (t not in r.ctx.wild_kinds or t in u.wilds))


def zhuo_wu_characters(r: Reading) -> bool:
    """捉伍儿 of 五万 only."""
    return r.ctx.win_tile == 4 and zhuo_wu(r)


def ben_hun_straight(r: Reading) -> bool:
    """本混儿龙: a 一条龙 holding at least one wild tile, every wild tile in it
    standing for its own kind (read with the wild tiles held)."""
    if not r.ctx.wilds or not v.pure_straight(r):
        return False
    for s in (0, 9, 18):
        parts = [[u for u in r.units if u.shape is Shape.CHOW and u.kind == s + d] for d in (0, 3, 6)]
        for combo in itertools.product(*parts):
            n = sum(len(u.wilds) for u in combo)
            if n and v.wilds_as_themselves(r, combo) == n:
                return True
    return False


def _long_suit(r: Reading) -> int:
    ch = set(r.chows)
    return next(s for s in (0, 9, 18) if {s, s + 3, s + 6} <= ch)


def _why_long(r: Reading) -> str:
    return f"123 456 789 of {_SUIT[_long_suit(r) // 9]} (提溜龙)"


def _why_zhuo(r: Reading) -> str:
    t = r.ctx.win_tile
    return f"{KIND_NAMES[t]} won between {KIND_NAMES[t - 1]} and {KIND_NAMES[t + 1]}"


def _why_ben_hun(r: Reading) -> str:
    s = next(s for s in (0, 9, 18) if {s, s + 3, s + 6} <= set(r.chows)
             and any(k // 9 == s // 9 for k in r.ctx.wild_kinds if k < 27))
    own = sorted(k for k in r.ctx.wild_kinds if s <= k < s + 9)
    return f"the 龙's 混儿 ({format_tiles(own)}) stand for themselves (×2)"
