"""武汉麻将 红中赖子杠 (Wuhan): a 赖子 (wild) after a turned-up tile, 红中 and
赖子 laid out as kongs, a call (开口) before any win, 屁胡 and the seed's
eight 大胡.

Source: seed 001 (各地麻将玩法, 武汉麻将: "武汉的红中赖子杠讲究开口即碰，吃，杠 …"),
as specified in ``variants-more.md`` §11.11.  The seed is the authority;
it gives the win conditions and the big hands, not how the 赖子 is chosen
nor any scoring: those are PROPOSALs (the common real-world rule, each
choice an option).  Score a hand from notation (seats 0..3 = E S W N when
seat 0 deals; ``indicator`` names the turned-up tile, so 4s makes 5s the
赖子):

>>> wh = Wuhan()
>>> r = wh.score_hand("5s222m888m55p9p", win_tile="5p", melds=["pon 777s"], winner=1, discarder=3,
...                   context={"indicator": "4s"})
>>> r.sheet.names(), r.sheet.points, r.settlement.deltas(4)
(['碰碰胡'], 10, [0, 10, 0, -10])

What the rule set decides (seed wording first):

* Tiles: 万筒条 ×4 and 东南西北中发白 ×4 (136: the seed's 风一色 needs the
  winds; PROPOSAL); 13 tiles, the dealer 14.  Chow from the 上家, pung,
  kongs (开口 "即碰，吃，杠").
* 赖子 (PROPOSAL, §11.11): after the deal the last tile of the wall is
  turned up; the 赖子 is the next kind, 9 → 1 in a suit, 东南西北 → 东, and
  among the dragons 红中 is skipped (中 → 发, 发 → 白, 白 → 发).  The four
  赖子 are wild; they are never claimed and never discarded: a 赖子 leaves
  the hand only as a 赖子杠.
* 红中杠 and 赖子杠: "杠开 … 红中、癞子、四张杠上开花就行": a 红中 or a 赖子
  may be laid out alone as a kong on the seat's turn, replaced from the
  tail (the engine's ``single_kong_kinds``; they sit with the seat's
  flowers).  "红中留在手上不能胡": a hand holding a 红中 may not win
  (:meth:`win_problem`).  PROPOSAL: otherwise 红中 is an ordinary honour
  (discarded, punged); option ``red_at_once`` lays every 红中 out as soon
  as it is dealt or drawn (the engine's ``flower_kinds``: no hand ever
  keeps one).
* "不开口不能胡": a win needs a chow, pung or exposed kong (a claimed meld;
  an added kong's pung already is one).  PROPOSAL: a concealed kong, a 红中杠
  or a 赖子杠 does not open the hand (option ``concealed_kong_opens``).
* "两个癞子胡屁胡不能胡": a 屁胡 (no big hand) may not be won holding two or
  more 赖子 (option ``pihu_max_laizi``, default 1); a 赖子 laid out as 赖子杠
  is no longer held.
* 大胡 ("碰碰胡、将一色、清一色、风一色、全求人、杠开、海底捞、抢杠都算大胡。其他就都是
  屁胡"):
  碰碰胡 "手上的牌都是3个一样的，最终剩一个对子" (pungs and a pair);
  将一色 "凑足全部牌是将就OK" (every tile a 2, 5 or 8, whatever the shape:
  the engine's ``shape_free_win``; 将 read as 2-5-8, §11.11 PROPOSAL);
  清一色 "将手上的全部牌都凑成任意其中一种纯花色，可以吃碰，可以留对子、坎子，将是乱将"
  (one suit, any pair); 风一色 "凑足全部牌是风就OK" (every tile an honour,
  whatever the shape; PROPOSAL: 风 = 东南西北中发白); 全求人 "全部牌吃碰倒地，
  最终一张将也是别个冲的" (every set claimed, won on a discard on the pair);
  杠开 (won on the replacement of a 红中杠, 赖子杠 or four-tile kong);
  海底捞 "只剩最终四张牌，起到胡牌的张子" (self-drawn one of the last four
  tiles); 抢杠 "别人碰的一句，之后拿最终一张来补杠时，你正好就胡这一张 … 他就要
  包了" (robbing an added kong: the robbed seat pays for everyone).
  A 赖子 stands for whatever makes the best hand (就高不就低).
* Scoring (none in the seed; PROPOSAL, options): 屁胡 1 (``pihu``), each
  big hand 10 (``big_hand``; several add up).  Payments: each payer pays
  the hand's value, doubled per 红中杠 and 赖子杠 that payer laid out ("红中杠
  and 赖子杠 double the discarder's liability", §11.11; ``doubling``:
  ``Doubling.PAYER`` default, ``Doubling.BOTH`` also the winner's),
  doubled again on a self-draw (``self_draw_double``), capped at ``cap``
  (0: none).  A self-draw is paid by the three others; a discard by the
  discarder (``discard_pays``: ``DiscardPays.ALL`` makes the three pay);
  抢杠: the robbed seat pays the three shares.
* One winner per discard, the nearest (PROPOSAL).  Dealer (PROPOSAL, option
  ``dealer_rule``): the winner deals next, the dealer stays after a draw
  (``DealerRule.NEXT``: the dealer stays after its own win, else its 下家).

Context keys (``Ruleset.context_keys``): ``indicator`` (the turned-up tile:
the 赖子 is the kind after it), ``last_four`` (self-drawn one of the last
four tiles: 海底捞), ``laid_out`` (each seat's 红中杠 and 赖子杠, four numbers:
the doubling of what each pays; by default the winner's from its flowers,
the others' 0), ``red_replacement`` (won on the tile drawn for a 红中 laid
out at once under ``red_at_once``: 杠开).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext, option_enum
from mahjong_core.tiles import KIND_NAMES, Meld, MeldKind, parse_tile

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["BIG_HANDS", "DealerRule", "DiscardPays", "Doubling", "Wuhan", "WuhanOptions", "next_laizi"]

RED = 33
"""红中 (7z)."""
HONOURS = frozenset(range(27, 34))
RANKS_258 = v.RANKS_258


class Doubling(enum.Enum):
    """Whose 红中杠 and 赖子杠 double a payment."""

    PAYER = "payer"
    """The payer's ("double the discarder's liability") (default)."""
    BOTH = "both"
    """The payer's and the winner's (口口翻)."""


class DiscardPays(enum.Enum):
    """Who pays a win on a discard."""

    DISCARDER = "discarder"
    """The discarder alone (default)."""
    ALL = "all"
    """The three others, each its own share."""


class DealerRule(enum.Enum):
    """Who deals the next hand."""

    WINNER = "winner"
    """The winner; after a draw the dealer stays (default)."""
    NEXT = "next"
    """The dealer stays after its own win or a draw, else its 下家."""


@dataclass(frozen=True, slots=True, kw_only=True)
class WuhanOptions:
    """House rules of 武汉 红中赖子杠 (see :class:`Wuhan`)."""

    red_at_once: bool = False
    """Every 红中 is laid out as soon as dealt or drawn (no hand keeps one)."""
    concealed_kong_opens: bool = False
    """A concealed kong counts as 开口."""
    pihu_max_laizi: int = 1
    """The most 赖子 a 屁胡 may be won holding ("两个癞子胡屁胡不能胡")."""
    pihu: int = 1
    """The value of a 屁胡."""
    big_hand: int = 10
    """The value of each 大胡 (several add up)."""
    doubling: Doubling = Doubling.PAYER
    """Whose 红中杠 and 赖子杠 double a payment."""
    self_draw_double: bool = True
    """A self-draw doubles every payment."""
    cap: int = 0
    """The most one payer pays for a win (0: no cap)."""
    discard_pays: DiscardPays = DiscardPays.DISCARDER
    """Who pays a win on a discard."""
    dealer_rule: DealerRule = DealerRule.WINNER
    """Who deals the next hand."""

    def __post_init__(self) -> None:
        for name in ("pihu_max_laizi", "pihu", "big_hand", "cap"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MahjongError(f"wuhan: option {name} must be a whole number >= 0, got {value!r}")
        for name in ("red_at_once", "concealed_kong_opens", "self_draw_double"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"wuhan: option {name} must be True or False, got {getattr(self, name)!r}")
        for name, kind in (("doubling", Doubling), ("discard_pays", DiscardPays), ("dealer_rule", DealerRule)):
            object.__setattr__(self, name, option_enum("wuhan", name, getattr(self, name), kind))


def next_laizi(indicator: int) -> int:
    """The 赖子 an indicator names: the next kind, 9 → 1, 北 → 东, and among
    the dragons 红中 skipped (中 → 发, 发 → 白, 白 → 发).

    >>> [KIND_NAMES[next_laizi(parse_tile(t))] for t in ("2p", "9s", "4z", "7z", "6z", "5z")]
    ['3p', '1s', '1z', '6z', '5z', '6z']
    """
    if not 0 <= indicator < 34:
        raise MahjongError(f"wuhan: indicator {indicator!r} is not a tile kind 0..33")
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 32 if indicator in (31, 33) else 31


def _all_of(allowed: frozenset[int]) -> Any:
    """Every tile of the hand is of ``allowed`` (a 赖子 standing for one)."""
    def test(r: Reading) -> bool:
        return r.kinds <= allowed  # (the kinds with a count: every one allowed)
    return test


def _last_four(r: Reading) -> bool:
    return r.ctx.self_drawn and _flag(r.ctx.extra, "last_four")


def _gangkai(ctx: WinContext) -> bool:
    """杠开: won on a kong's replacement (红中杠, 赖子杠 or four tiles), also
    the replacement of a 红中 laid out at once (``red_at_once``)."""
    return ctx.kong_replacement or (ctx.self_drawn and _flag(ctx.extra, "red_replacement"))


BIG_HANDS: tuple[Fan, ...] = (
    Fan("碰碰胡", "All pungs", 1, v.all_pungs, why="手上的牌都是3个一样的，最终剩一个对子"),
    Fan("将一色", "All 2-5-8", 1, _all_of(RANKS_258), why="凑足全部牌是将 (2, 5, 8)"),
    Fan("清一色", "Full flush", 1, v.full_flush, why="one suit, any pair (将是乱将)"),
    Fan("风一色", "All honours", 1, _all_of(HONOURS), why="凑足全部牌是风"),
    Fan("全求人", "All from others", 1, v.fully_melded, why="全部牌吃碰倒地，最终一张将也是别个冲的"),
    Fan("杠开", "Win on a kong's replacement", 1, lambda r: _gangkai(r.ctx), why="红中、癞子、四张杠上开花"),
    Fan("海底捞", "One of the last four", 1, _last_four, why="只剩最终四张牌，起到胡牌的张子"),
    Fan("抢杠", "Robbing a kong", 1, v.robbed_kong, why="won on the tile added to a pung"),
)
"""The seed's 大胡, each worth ``big_hand`` (the value here counts them)."""

_SHAPE_FREE = {"将一色": RANKS_258, "风一色": HONOURS}


def _opened(ctx: WinContext, concealed_kong_opens: bool) -> bool:
    """开口: a chow, pung or exposed kong (or a concealed kong, with
    ``concealed_kong_opens``)."""
    return any((not m.is_concealed) or (concealed_kong_opens and m.kind.name == "ANKAN") for m in ctx.melds)


def may_be_big(ctx: WinContext) -> bool:
    """Whether some reading of ``ctx`` may hold a big hand of
    :data:`BIG_HANDS`, from the context and the natural tiles alone (the
    赖子 may add kinds, never remove them): 杠开, 海底捞 or 抢杠; no chow
    declared (碰碰胡); four sets declared on a discard win (全求人); every
    natural tile of one suit (清一色; with a chow declared, 将一色 and 风一色
    cannot be)."""
    if ctx.robbed_kong or _gangkai(ctx) or (ctx.self_drawn and _flag(ctx.extra, "last_four")):
        return True
    kinds = set(ctx.concealed)
    chows = 0
    for m in ctx.melds:
        kinds.update(m.tiles)
        if m.kind is MeldKind.CHI:
            chows += 1
    if not chows or (len(ctx.melds) >= 4 and not ctx.self_drawn):
        return True
    # (a declared chow holds a tile that is no 2-5-8 and no honour: no
    # 将一色, no 风一色; and its suit is in ``kinds``)
    return len({k // 9 for k in kinds}) == 1 and max(kinds) < 27
"""The big hands that need no shape ("凑足全部牌是 … 就OK")."""


class Wuhan(Ruleset):
    """武汉 红中赖子杠: see the module docstring for every decision."""

    name = "wuhan"
    version = 1
    zh = "武汉"
    summary = "武汉 红中赖子杠: a 赖子 after a turned-up tile, 红中/赖子 kongs, 开口 to win, 屁胡 and 大胡"
    aliases = ("武汉麻将", "红中赖子杠", "武汉红中赖子杠", "湖北武汉")
    Options = WuhanOptions

    wild_indicator = True
    wild_discard = False
    multiple_winners = False
    rob_kong = True
    win_needs_meld = True  # 不开口不能胡 (win_problem): the engine keeps no waits before a meld
    wild_tiles = "the kind after the turned-up tile (赖子; 红中 never): 4 tiles"
    hand_rules = HandRules(forms=(Form.STANDARD,))

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "indicator": "the turned-up tile (notation or id): the 赖子 is the kind after it",
        "last_four": "self-drawn one of the last four tiles (海底捞)",
        "laid_out": "each seat's 红中杠 and 赖子杠 (four numbers): what doubles its payment",
        "red_replacement": "won on the tile drawn for a 红中 laid out at once (red_at_once): 杠开",
    })

    options: WuhanOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._singles: dict[frozenset[int], frozenset[int]] = {}
        """:meth:`single_kong_kinds` by 赖子 kinds."""
        self._last_wild: frozenset[int] | None = None
        self._last_single: frozenset[int] = _NO_WILDS
        """The 赖子 kinds of the last :meth:`single_kong_kinds` (the very
        object) and its answer."""

    # --- the 赖子, 红中 and the single kongs -------------------------------------
    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        return frozenset({next_laizi(indicator)})

    def flower_kinds(self, table: Table) -> frozenset[int]:
        return frozenset({RED}) if self.options.red_at_once and RED not in table.wild_kinds else frozenset()

    def single_kong_kinds(self, table: Any, seat: int) -> frozenset[int]:
        wild: frozenset[int] = getattr(table, "wild_kinds", _NO_WILDS)
        if wild is self._last_wild:
            return self._last_single  # (the same 赖子 kinds as the last call: one hand)
        got = self._singles.get(wild)
        if got is None:
            if len(self._singles) > 64:
                self._singles.clear()
            got = self._singles[wild] = wild if self.options.red_at_once else wild | {RED}
        self._last_wild, self._last_single = wild, got
        return got

    def paper_wild_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        tile = self.paper_indicator(extra)
        return frozenset() if tile is None else frozenset({next_laizi(tile)})

    def paper_flower_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        return self.paper_wild_kinds(extra) | {RED}

    def aim_kinds(self, table: Any, seat: int) -> frozenset[int] | None:
        """Bots give 红中 up (laid out at once: it may not stay in a winning hand)."""
        return _NOT_RED

    # --- winning shapes without a shape (将一色, 风一色) ----------------------------
    def _shape_free(self, table: Table, seat: int, counts: Sequence[int]) -> frozenset[int] | None:
        """The first of the shape-free hands (将一色, 风一色) every tile of
        the seat fits (the 赖子 aside), or None.  ``fit`` keeps one bit per
        hand that every kind seen so far belongs to (most hands fail on
        their first kinds)."""
        wild = table.wild_kinds
        misfits = _MISFITS.get(wild)
        if misfits is None:
            misfits = _MISFITS[wild] = int.from_bytes(
                bytes(255 if not _FITS[k] and k not in wild else 0 for k in range(34)), "little"
            )
        if int.from_bytes(counts, "little") & misfits:
            return None  # (a kind no shape-free hand allows: most hands, in one test)
        fit = _ALL_FIT
        for k in range(34):
            if counts[k] and k not in wild:
                fit &= _FITS[k]
                if not fit:
                    return None
        for m in table.melds[seat]:
            for k in m.tiles:
                fit &= _FITS[k]
            if not fit:
                return None
        return _SHAPE_FREE_SETS[(fit & -fit).bit_length() - 1]

    def shape_free_kinds(self, table: Table) -> frozenset[int] | None:
        """将一色 and 风一色 hold only 2, 5, 8 and honours (the 赖子 aside)."""
        return _SHAPE_FREE_KINDS

    def shape_free_win(self, table: Table, seat: int, counts: Sequence[int]) -> bool:
        misfits = _MISFITS.get(table.wild_kinds)
        if misfits is not None and int.from_bytes(counts, "little") & misfits:
            return False  # (the first test of _shape_free, without its call)
        return self._shape_free(table, seat, counts) is not None

    def shape_free_waits(self, table: Table, seat: int, counts: Sequence[int]) -> int:
        misfits = _MISFITS.get(table.wild_kinds)
        if misfits is not None and int.from_bytes(counts, "little") & misfits:
            return 0  # (the first test of _shape_free, without its call)
        allowed = self._shape_free(table, seat, counts)
        if allowed is None:
            return 0
        return sum(1 << k for k in allowed if counts[k] < 4 and k != RED)

    # --- scoring -----------------------------------------------------------------
    def _readings(self, ctx: WinContext) -> tuple[Reading, ...]:
        try:
            return v.readings(ctx, self.hand_rules, by_win_unit=True)
        except IllegalWinError:
            return ()

    def _shape_free_hand(self, ctx: WinContext) -> list[str]:
        """The shape-free big hands of ``ctx`` (every tile allowed, 赖子 aside)."""
        kinds = set(ctx.concealed)
        for m in ctx.melds:
            kinds.update(m.tiles)
        return [zh for zh, allowed in _SHAPE_FREE.items() if kinds <= allowed]

    def score(self, ctx: WinContext) -> ScoreSheet:
        """屁胡 (``pihu``) or the big hands (``big_hand`` each, adding up) of
        the best reading; ``points`` is the hand's value before the payer's
        doubling.

        :raises IllegalWinError: when the tiles are no winning hand.
        """
        o = self.options
        best: list[tuple[Fan, int]] = []
        top = -1
        for r in self._readings(ctx):
            hits = v.matching(BIG_HANDS, r)
            if len(hits) > top:
                best, top = hits, len(hits)
        free = self._shape_free_hand(ctx)
        if top < 0:  # no standard shape: only 将一色 / 风一色 win
            if not free or len(ctx.concealed) + ctx.wilds + 3 * len(ctx.melds) != self.hand_size + 1:
                raise IllegalWinError("not a winning hand: no four sets and a pair, and not all 2-5-8 or all honours")
            best = [(f, 1) for f in BIG_HANDS if f.zh in free or _SITUATIONAL.get(f.zh, _never)(ctx)]
        else:
            names = {f.zh for f, _ in best}
            best += [(f, 1) for f in BIG_HANDS if f.zh in free and f.zh not in names]
            best.sort(key=lambda fn: BIG_HANDS.index(fn[0]))
        if best:
            items = tuple(ScoreItem(f.zh, f.en, o.big_hand, 1, f.why) for f, _ in best)
            total = o.big_hand * len(best)
            return ScoreSheet(items=items, total=total, unit="point", points=total,
                              notes=(f"{len(best)} 大胡 × {o.big_hand}",))
        return ScoreSheet(items=(ScoreItem("屁胡", "Small hand", o.pihu, 1, "no big hand"),), total=o.pihu,
                          unit="point", points=o.pihu)

    def refuses_win(self, ctx: WinContext) -> bool:
        """The engine's early refusal (before :meth:`score`): a 红中 held, a
        hand not opened, or a 屁胡 for sure (no big hand possible:
        :func:`may_be_big`) with more 赖子 than ``pihu_max_laizi``."""
        o = self.options
        if RED in ctx.concealed and RED not in ctx.wild_kinds:
            return True
        if not _opened(ctx, o.concealed_kong_opens):
            return True
        return ctx.wilds > o.pihu_max_laizi and not may_be_big(ctx)

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        o = self.options
        if RED in ctx.concealed and RED not in ctx.wild_kinds:
            return "红中留在手上不能胡: a 红中 is in the hand (lay it out as a 红中杠)"
        if not _opened(ctx, o.concealed_kong_opens):
            return "不开口不能胡: a win needs a chow, pung or exposed kong (开口)"
        if sheet.items and sheet.items[0].zh == "屁胡" and ctx.wilds > o.pihu_max_laizi:
            return (f"两个癞子胡屁胡不能胡: a 屁胡 holding {ctx.wilds} 赖子 "
                    f"(at most {o.pihu_max_laizi}; lay one out as a 赖子杠)")
        return None

    # --- settlement --------------------------------------------------------------
    def _laid_out(self, table: Table | None, ctx: WinContext) -> list[int]:
        n = self.num_players
        if table is not None:
            return [len(table.flowers[s]) for s in range(n)]
        value = ctx.extra.get("laid_out")
        if value is None:
            out = [0] * n
            out[ctx.seat] = len(ctx.flowers)
            return out
        try:
            got = [int(x) for x in value]
        except (TypeError, ValueError):
            raise MahjongError(f"wuhan: context laid_out {value!r} is not {n} whole numbers") from None
        if len(got) != n or min(got) < 0:
            raise MahjongError(f"wuhan: context laid_out {value!r} is not {n} whole numbers >= 0")
        return got

    def share(self, points: int, winner_laid: int, payer_laid: int, self_drawn: bool) -> int:
        """What one payer pays: ``points`` doubled per 红中杠/赖子杠 of the
        payer (and of the winner with ``Doubling.BOTH``) and on a self-draw,
        capped."""
        o = self.options
        times = payer_laid + (winner_laid if o.doubling is Doubling.BOTH else 0) + (1 if self_drawn and o.self_draw_double else 0)
        amount: int = points << times
        return min(amount, o.cap) if o.cap else amount

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        n = self.num_players
        for ctx, sheet in wins:
            laid = self._laid_out(table, ctx)
            w = ctx.seat
            others = [s for s in range(n) if s != w]
            if ctx.self_drawn:
                for p in others:
                    out.append(Payment(p, w, self.share(sheet.points, laid[w], laid[p], True), "自摸"))
            elif ctx.robbed_kong and ctx.discarder is not None:
                total = sum(self.share(sheet.points, laid[w], laid[p], False) for p in others)
                out.append(Payment(ctx.discarder, w, total, "抢杠 (包)"))
            elif ctx.discarder is not None:
                payers = others if self.options.discard_pays is DiscardPays.ALL else [ctx.discarder]
                for p in payers:
                    out.append(Payment(p, w, self.share(sheet.points, laid[w], laid[p], False), "点炮"))
        return Settlement(tuple(out))

    # --- play --------------------------------------------------------------------
    def next_dealer(self, table: Table) -> int:
        if table.winners and self.options.dealer_rule is DealerRule.WINNER:
            return table.winners[0]
        return super().next_dealer(table)

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        drawn = table.phase is _turn_phase() and table.turn == seat
        return {
            "indicator": table.indicator,
            "last_four": drawn and table.live_tiles < 4,
            "laid_out": [len(table.flowers[s]) for s in range(self.num_players)],
            "red_replacement": drawn and table.after_flower,
        }


_NOT_RED = frozenset(range(33))

_PHASES: list[Any] = []


def _turn_phase() -> Any:
    """``Phase.TURN`` of the engine (imported at the first win asked about)."""
    if not _PHASES:
        from mahjong_core.engine import Phase

        _PHASES.append(Phase.TURN)
    return _PHASES[0]


_SHAPE_FREE_KINDS = RANKS_258 | HONOURS
_SHAPE_FREE_SETS = tuple(_SHAPE_FREE.values())
"""The shape-free hands' kinds, in :data:`_SHAPE_FREE`'s order."""
_ALL_FIT = (1 << len(_SHAPE_FREE_SETS)) - 1
_FITS = tuple(sum(1 << i for i, allowed in enumerate(_SHAPE_FREE_SETS) if k in allowed) for k in range(42))
"""For each kind, one bit per shape-free hand that allows it."""
_MISFITS: dict[frozenset[int], int] = {}
"""By 赖子 kinds: a 34-byte mask (as an int) of the kinds, 赖子 aside, that
no shape-free hand allows."""
_NO_WILDS: frozenset[int] = frozenset()


def _never(ctx: WinContext) -> bool:
    return False


_SITUATIONAL: dict[str, Callable[[WinContext], bool]] = {
    "杠开": _gangkai,
    "海底捞": lambda ctx: ctx.self_drawn and _flag(ctx.extra, "last_four"),
    "抢杠": lambda ctx: ctx.robbed_kong,
}
"""The big hands a win without a shape may also have (they read only the context)."""


_TRUE = frozenset({"1", "true", "yes", "on", "y"})


def _flag(extra: Mapping[str, Any], key: str) -> bool:
    """A yes/no context key (a bool in play, also text on paper)."""
    value = extra.get(key, False)
    if isinstance(value, str):
        return value.strip().lower() in _TRUE
    return bool(value)
