"""杭州麻将 (Hangzhou 财神): 136 tiles, 白板 as the 财神 (wild), four sets
and any pair (乱将), 爆头 财飘 杠开, the winner deals.

Source: seed 001 (各地麻将玩法, 杭州麻将), as summarised in the spec
(``variants-more.md`` §11.14).  The seed is the authority; it names 爆头,
财飘 and 杠开 without defining them and gives no values: the definitions and
values are the spec's PROPOSALs (common 杭州 practice), each an option.
Score a hand from notation (seats 0..3 = E S W N when seat 0 deals; 5z,
白板, is the 财神):

>>> hz = Hangzhou()
>>> r = hz.score_hand("123m456p789s111z5z", win_tile="7z", winner=1)
>>> r.sheet.names(), r.sheet.total, r.sheet.points, r.settlement.deltas(4)
(['胡牌', '爆头'], 2, 2, [-2, 6, -2, -2])

What the rule set decides (seed wording first):

* Tiles: "共一百三十六张：筒、索、万、东、南、西、北风、中、发、白" (no
  flowers); "只有庄家可得到十四张牌，其余的人十三张。庄家从牌中选出一张最无用的
  牌丢出": the dealer holds 14 and discards first.
* Calls: "庄家的下家…有权力吃或碰那张牌，其它两家则只可碰或杠那张牌。“碰”比“吃”
  优先": only the 下家 chows; pungs and kongs of a discard by anyone (the
  sentence contrasts the chow, as in 上海); a pung beats a chow.  Win >
  kong/pung > chow; one winner per discard, the nearest after the
  discarder (截胡, PROPOSAL); no 漏胡 rule (the seed gives none); 抢杠
  allowed (PROPOSAL, the robbed seat pays like a discarder).
* Dealer: "第一局系统随机选择庄家" (the front end seats the players at
  random; :class:`~mahjong_core.match.Match` takes the first ``dealer``),
  "庄家胡牌或流局则连续当庄家", "闲家谁胡牌谁当庄家": the non-dealer who wins
  deals next (:meth:`Hangzhou.next_dealer`).
* Shapes: "胡牌者的牌型必需具备以下牌型之一：乱将即可 (1) 11 123 123 123 123 …
  (5) 11 111 111 111 111" (111 or 1111): four sets (chows, pungs, kongs)
  and a pair of any kind; "只保存几种牌型": no 七对, no 十三幺, no other form.
* 财神 (PROPOSAL, spec §11.14): the four 白板 are wild ("财神可当任何牌"); a
  财神 is never claimed, chowed, punged or konged with; it may be
  discarded.  A discarded 财神 is dead: no win on it (PROPOSAL, option
  ``win_on_discarded_wild``).
* 爆头 (PROPOSAL): the winning tile makes the pair with a 财神 (the hand
  before the win was complete sets and a lone 财神, waiting on anything;
  a drawn 财神 pairs with it too): ×``bao_tou`` (2).  It wins only by
  self-draw (option ``bao_tou_on_discard``).
* 财飘 (PROPOSAL): the winner discarded a 财神 ("飘") just before the 爆头
  (its last discards, in a row, were 财神): 财飘 ×4, 双飘 (two) ×8, 三飘
  (three) ×16 in place of 爆头's ×2 (``bao_tou`` × ``piao`` per 飘).  A 飘
  without a 爆头 win is worth nothing.
* 杠开 (PROPOSAL): a win on a kong's replacement tile, ×``gang_kai`` (2).
* Values (PROPOSAL): the win is ``base`` (1) × the multipliers above;
  a discard win is paid by the discarder, a self-drawn win by each of the
  other three.  Option ``discard_win``: ``any`` (default: the seed forbids
  no discard win), ``no-wild`` (a hand holding a 财神 wins only by
  self-draw, a common 杭州 house rule) or ``self-drawn`` (only self-drawn
  wins).  No kong payments (the seed gives none).

Context keys (``Ruleset.context_keys``): ``piao`` (how many 财神 the winner
discarded in a row just before this win: 1 财飘, 2 双飘, 3 三飘).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core.analysis import Form, HandRules, Shape, decompositions
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.rules import Ruleset, ScoreItem, ScoreSheet, WinContext
from mahjong_core.tiles import format_tiles

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["CAISHEN", "DiscardWin", "Hangzhou", "HangzhouOptions", "PIAO_NAMES", "bao_tou"]

CAISHEN = 31
"""白板 (5z): the 财神."""

PIAO_NAMES = {1: "财飘", 2: "双飘", 3: "三飘"}
"""The name of a 爆头 after one, two or three 财神 discarded (飘) in a row."""


class DiscardWin(enum.Enum):
    """Which wins may be on a discard (the seed says nothing)."""

    ANY = "any"
    """Every win but 爆头 (see ``bao_tou_on_discard``) (default)."""
    NO_WILD = "no-wild"
    """A hand holding a 财神 wins only by self-draw."""
    SELF_DRAWN = "self-drawn"
    """Only self-drawn wins."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HangzhouOptions:
    """House rules of 杭州麻将 (see :class:`Hangzhou`)."""

    base: int = 1
    """What a plain win is worth to each payer (PROPOSAL 1)."""
    bao_tou: int = 2
    """爆头's multiplier (PROPOSAL ×2)."""
    piao: int = 2
    """Each 飘 before a 爆头 multiplies it again (PROPOSAL ×2: 财飘 ×4,
    双飘 ×8, 三飘 ×16)."""
    gang_kai: int = 2
    """杠开's multiplier (PROPOSAL ×2)."""
    bao_tou_on_discard: bool = False
    """爆头 may be won on a discard (PROPOSAL: no, self-draw only)."""
    discard_win: DiscardWin = DiscardWin.ANY
    """Which wins may be on a discard."""
    win_on_discarded_wild: bool = False
    """A discarded 财神 may be won on (PROPOSAL: no, it is dead)."""

    def __post_init__(self) -> None:
        for name in ("base", "bao_tou", "piao", "gang_kai"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise MahjongError(f"hangzhou: option {name} must be a whole number >= 1, got {value!r}")
        for name in ("bao_tou_on_discard", "win_on_discarded_wild"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"hangzhou: option {name} must be True or False, got {getattr(self, name)!r}")
        try:
            object.__setattr__(self, "discard_win", DiscardWin(self.discard_win))
        except ValueError:
            known = ", ".join(repr(x.value) for x in DiscardWin)
            raise MahjongError(f"hangzhou: option discard_win {self.discard_win!r} is not one of {known}") from None


_RULES = HandRules(forms=(Form.STANDARD,))
"""Four sets and any pair (乱将); no other form ("只保存几种牌型")."""


def _decomps(ctx: WinContext) -> Sequence[Any]:
    if ctx.decompositions:
        return ctx.decompositions
    try:
        return decompositions(ctx.concealed, wilds=ctx.wilds, rules=_RULES)
    except MahjongError as e:
        raise IllegalWinError(f"not a winning hand: {e}") from None


def bao_tou(ctx: WinContext) -> bool:
    """爆头: some reading pairs the winning tile with a 财神 (a drawn 财神:
    a pair of two).  The same as ``any(patterns.wild_pair_wait(r) for r in
    patterns.readings(ctx, ...))``, read straight off the kernel's
    decompositions (no readings built).

    >>> from mahjong_core.tiles import parse_tiles
    >>> bao_tou(WinContext(seat=0, concealed=tuple(parse_tiles("123m456p789s1117z")), win_tile=33,
    ...                    wilds=1, wild_kinds=frozenset({CAISHEN})))
    True
    """
    if not ctx.wilds:
        return False
    t = ctx.win_tile
    as_wild = t >= 34 or t in ctx.wild_kinds
    for d in _decomps(ctx):
        for shape, kind, w in d.units:
            if as_wild:
                if shape == Shape.WILD_PAIR:
                    return True
            elif shape == Shape.PAIR and kind == t and w == 1:
                return True
    return False


class Hangzhou(Ruleset):
    """杭州麻将: see the module docstring for every decision."""

    name = "hangzhou"
    version = 1
    zh = "杭州"
    summary = "杭州 财神: 136 tiles, 白板 wild, four sets and any pair, 爆头 财飘 杠开, the winner deals"
    aliases = ("杭州麻将", "杭州财神", "浙江杭州", "浙江杭州麻将")
    Options = HangzhouOptions
    win_payment_reasons = ("自摸", "点炮", "抢杠")

    multiple_winners = False
    rob_kong = True
    missed_win_ban = False
    wild_discard = True
    wild_tiles = "白板 (财神): stands for any tile"
    hand_rules = _RULES

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "piao": "how many 财神 the winner discarded in a row just before this win (1 财飘, 2 双飘, 3 三飘)",
    })

    options: HangzhouOptions

    # --- wilds ---------------------------------------------------------------
    def wild_tile_kinds(self, table: Table) -> frozenset[int]:
        return _WILD

    def paper_wild_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        return _WILD

    # --- scoring -------------------------------------------------------------
    def _piao(self, ctx: WinContext) -> int:
        value = ctx.extra.get("piao", 0)
        try:
            n = int(value)
        except (TypeError, ValueError):
            n = -1
        if isinstance(value, bool) or n < 0 or n + ctx.wilds > 4:
            raise MahjongError(
                f"hangzhou: context piao {value!r} must be a whole number >= 0, and with the "
                f"{ctx.wilds} 财神 in hand at most 4 (four 白板 in all)"
            )
        return n

    def score(self, ctx: WinContext) -> ScoreSheet:
        """``total``: the product of the multipliers (爆头 or 财飘 …, 杠开);
        ``points`` = ``base`` × total (what each payer pays).

        :raises IllegalWinError: when the tiles are no four sets and a pair.
        """
        o = self.options
        if not _decomps(ctx):
            raise IllegalWinError(
                f"not a winning hand: {format_tiles(ctx.concealed)!r} + {ctx.wilds} 财神 is no four sets and a "
                "pair (胡牌者的牌型必需具备以下牌型之一: 11 + 123/111 ×4, 乱将即可)"
            )
        piao = self._piao(ctx)
        items = [ScoreItem("胡牌", "Win", 1, 1, "four sets and a pair (乱将)")]
        if bao_tou(ctx):
            if piao:
                name = PIAO_NAMES.get(piao, f"{piao}飘")
                items.append(ScoreItem(name, f"爆头 after {piao} discarded 财神", o.bao_tou * o.piao**piao, 1,
                                       f"爆头 after discarding {piao} 财神 in a row: ×{o.bao_tou}×{o.piao}^{piao}"))
            else:
                items.append(ScoreItem("爆头", "Wild pair wait", o.bao_tou, 1, "the winning tile pairs with a 财神"))
        if ctx.kong_replacement:
            items.append(ScoreItem("杠开", "Win on a kong replacement", o.gang_kai, 1, "won on a kong's replacement"))
        total = 1
        for it in items:
            total *= it.value
        factors = " × ".join(str(it.value) for it in items[1:]) or "1"
        return ScoreSheet(items=tuple(items), total=total, unit="倍", points=o.base * total,
                          notes=(f"{o.base} × {factors} = {o.base * total}",))

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        o = self.options
        if ctx.self_drawn:
            return None
        if (ctx.win_tile >= 34 or ctx.win_tile in ctx.wild_kinds) and not o.win_on_discarded_wild:
            return "a discarded 财神 is dead: no win on it (PROPOSAL, option win_on_discarded_wild)"
        if o.discard_win is DiscardWin.SELF_DRAWN:
            return "only self-drawn wins (option discard_win=self-drawn)"
        if o.discard_win is DiscardWin.NO_WILD and ctx.wilds:
            return "a hand holding a 财神 wins only by self-draw (option discard_win=no-wild)"
        if not o.bao_tou_on_discard and any(it.zh == "爆头" or it.zh in _PIAO for it in sheet.items):
            return "爆头 wins only by self-draw (PROPOSAL, option bao_tou_on_discard)"
        return None

    # --- settlement ------------------------------------------------------------
    def next_dealer(self, table: Table) -> int:
        """"庄家胡牌或流局则连续当庄家", "闲家谁胡牌谁当庄家"."""
        return table.winners[0] if table.winners else table.dealer

    # --- play --------------------------------------------------------------------
    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        """``piao``: the seat's own discards, back from the last, while they
        are 财神 (from the record: a claimed discard leaves the river)."""
        n = 0
        for e in reversed(table.events):
            if e.get("type") == "action" and e.get("seat") == seat and e.get("action") in ("discard", "ready"):
                if e.get("tile") != _CAISHEN_NAME:
                    break
                n += 1
        return {"piao": n}


_WILD = frozenset({CAISHEN})
_PIAO = frozenset(PIAO_NAMES.values())
_CAISHEN_NAME = "5z"
