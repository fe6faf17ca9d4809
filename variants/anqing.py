"""安庆麻将 (Anqing): 136 tiles, a 钻 (wild) turned up by the dealer's roll,
红中 standing for the 钻's own kind, 发 and 白 as 杠牌 exposed like flowers,
pung and kong only, the deal passing on after any win.

Source: seed 001 (各地麻将玩法, 安庆麻将 "行牌规章", "特别牌", "钻牌特点",
"确定钻牌", "杠牌"), as specified in ``variants-more.md`` §9.  The seed is
the authority; it gives play and wilds but no scoring, so the scoring is
PROPOSAL throughout (each choice an option).  Score a hand from notation
(seats 0..3 = E S W N when seat 0 deals; ``indicator`` names the turned-up
tile, so 2m makes 3m the 钻 and 红中 a plain 3m):

>>> aq = Anqing()
>>> r = aq.score_hand("3m456p789s46s11z77z", win_tile="5s", winner=1, discarder=2,
...                   flowers="66z", context={"indicator": "2m"})
>>> r.sheet.names(), r.sheet.total, r.sheet.points, r.settlement.deltas(4)
(['胡', '发', '发'], 2, 4, [0, 4, -4, 0])

What the rule set decides (seed wording first):

* Dealer: "东风位的玩家为首局庄家" (seat 0 of a match deals first);
  "次局有胡牌者则轮庄，由上局庄家的下家坐庄": after ANY win, the dealer
  included, the old dealer's 下家 deals; "无胡牌者由上局庄家连续做庄": after a
  draw the dealer stays; "荒庄 … 庄底子加4，闲底子不变": each draw in a row
  raises the dealer's stake by ``draw_bonus`` (4) until someone wins
  (PROPOSAL: then it falls back; carried by the match, context key
  ``draws`` on paper).
* Deal: "庄家抓14张，其余三家 … 13张" (the engine deals the dealer one more
  tile).  The cutting rolls ("切牌") only choose where the deal starts in
  a physical wall; a shuffled wall needs no cut.
* Calls: "所出牌闲家可碰杠": pung and kong of a discard; the seed names no
  chow, so none (PROPOSAL, option ``chow``).  "杠牌后的补牌由牌栋的尾端开头
  向前补起": replacements come from the tail (the engine's).
* 荒庄: "可以自己规定是抓到亮钻牌的地方或者全部牌抓完即为荒庄": option
  ``exhaust``: ``Exhaust.INDICATOR`` (default: the front draws stop where
  the indicator lay; the tiles behind it serve only as replacements, the
  engine's ``wall_ends_at_indicator``) or ``Exhaust.ALL_TILES``.
* 钻: "由庄家再掷骰一次 … 数至与掷骰数值对应的那张牌翻开只数上层牌": the top
  tile of the N-th stack from the end of the wall, N the hand's dice total
  (PROPOSAL: the seed's "+1 循环" read as the roll itself; option
  ``indicator_plus_one`` counts one stack more).  It leaves the wall.
  "同花色的数字加1 … 翻的为9筒，则钻牌为1筒": n → n+1, 9 → 1; "依据东南西北的
  挨次 … 翻的为北，则东为钻牌"; "翻的是红中，则钻牌为发财。翻发财钻牌是白板、
  翻白板钻牌为红中" (中 → 发 → 白 → 中, the reverse of the usual order).
  "它可以作为任何一张牌去和其他牌进展组合": the four tiles of the 钻's kind are
  wild.  "钻不行以碰由于没人打它": a 钻 is never claimed, and it is not
  discarded (``wild_discard`` off: only a hand holding nothing else may).
* 红中: "可以代替钻牌本身的那张牌 … 比方7万为钻牌，红中在这一盘就可以当7万用，
  可以碰。也可以打出去": when the 钻 is no dragon, 红中 is a 替身 of the
  钻's kind (the engine's ``substitutes``): it plays as that kind in hands,
  is discarded and punged as 红中.  When the 钻 is a dragon there is no 替身
  (§9 PROPOSAL).
* 杠牌: "假设不是中发白的钻牌时候，发财和白板是杠牌，只能用来杠，手上有，就不能
  胡牌"; "假设是中发白的钻牌。则其余两个就成了杠牌".  "发：必需亮出了，且从牌尾
  补牌，当发为钻时，红中充当发牌，也必需亮出了，且从牌尾补牌": the 杠牌 are
  exposed like flowers, dealt ones at the deal and drawn ones at once,
  and replaced from the tail (the engine's ``flower_kinds``; 杠 read as
  the exposure, as 宁波 says 杠花).  So no hand ever holds one; a hand on
  paper that does may not win (:meth:`win_problem`).  "当打缺时发可以不必亮出
  来，算风牌，但不算钱": option ``da_que`` (打缺) keeps the 发 (the tile in
  the 发's role) in the hand as a plain honour that scores nothing.
* Winning: four sets and a pair, 钻 standing for anything (the seed names
  no other shape; option ``seven_pairs`` adds 七对, PROPOSAL).  One winner
  per discard, the nearest after the discarder (PROPOSAL); an added kong
  may be robbed (PROPOSAL), the robbed seat paying as the discarder.
* Scoring (none in the seed; §9 PROPOSAL): "几个发算几个翻的钱": each exposed
  发 (or 红中 in the 发's role) is one 翻 (``fa_money``: ``FaMoney.DOUBLE``,
  default: the stake doubles per 翻; ``FaMoney.ADD``: one more stake per
  翻); option ``count_all_gang_tiles`` counts the other 杠牌 too (the
  spec's reading).  ``points`` = 2 ** 翻 (or 1 + 翻) stakes.  The stake
  of a payment is 庄底子 (``dealer_base`` 2, + ``draw_bonus`` per draw in
  a row) when the dealer pays or wins, else 闲底子 (``base`` 1).  A
  self-draw is paid by the three others; a discard by the discarder
  (``discard_pays``: ``DiscardPays.ALL`` makes the three pay as for a
  self-draw).

Context keys (``Ruleset.context_keys``): ``indicator`` (the turned-up tile,
notation or id: the 钻 is the tile after it, and it decides the 杠牌 and
the 替身), ``draws`` (draws in a row before this hand: 庄底子 + 4 each).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core.analysis import Form, HandRules, decompositions
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.rules import (
    ContextWinConditions, Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext, option_enum
)
from mahjong_core.tiles import KIND_NAMES, format_tiles, parse_tile

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["Anqing", "AnqingOptions", "DiscardPays", "Exhaust", "FaMoney", "gang_tiles", "next_zuan", "stand_in"]

WHITE, GREEN, RED = 31, 32, 33
"""白 发 中 (5z 6z 7z)."""
DRAGONS = frozenset({WHITE, GREEN, RED})


class Exhaust(enum.Enum):
    """Where the wall ends (荒庄): "抓到亮钻牌的地方或者全部牌抓完"."""

    INDICATOR = "indicator"
    """The front draws stop where the indicator lay (default)."""
    ALL_TILES = "all"
    """Every tile is drawn."""


class FaMoney(enum.Enum):
    """What one 翻 of 发 does to the stake ("几个发算几个翻的钱")."""

    DOUBLE = "double"
    """Each 翻 doubles it: 2 ** 翻 stakes (default, §9 PROPOSAL)."""
    ADD = "add"
    """Each 翻 adds one stake: 1 + 翻 stakes."""


class DiscardPays(enum.Enum):
    """Who pays a win on a discard."""

    DISCARDER = "discarder"
    """The discarder alone, its own stake (default)."""
    ALL = "all"
    """The three others, as for a self-draw."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AnqingOptions:
    """House rules of 安庆麻将 (see :class:`Anqing`)."""

    exhaust: Exhaust = Exhaust.INDICATOR
    """Where the wall ends (seed: either, "可以自己规定")."""
    indicator_plus_one: bool = False
    """Count one stack more for the indicator ("+1 循环"; default the roll itself)."""
    da_que: bool = False
    """打缺: the 发 stays in the hand as a plain honour worth nothing."""
    chow: bool = False
    """Chow from the 上家 (the seed names none: default no)."""
    seven_pairs: bool = False
    """七对 wins too (the seed names no shape but four sets and a pair)."""
    fa_money: FaMoney = FaMoney.DOUBLE
    """What one 翻 of 发 does to the stake."""
    count_all_gang_tiles: bool = False
    """Every exposed 杠牌 is a 翻, not only the 发 (§9's reading)."""
    dealer_base: int = 2
    """庄底子: the stake when the dealer pays or wins."""
    base: int = 1
    """闲底子: the stake between two non-dealers."""
    draw_bonus: int = 4
    """"荒庄 … 庄底子加4": added to 庄底子 per draw in a row."""
    discard_pays: DiscardPays = DiscardPays.DISCARDER
    """Who pays a win on a discard."""

    def __post_init__(self) -> None:
        for name in ("dealer_base", "base", "draw_bonus"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MahjongError(f"anqing: option {name} must be a whole number >= 0, got {value!r}")
        for name in ("indicator_plus_one", "da_que", "chow", "seven_pairs", "count_all_gang_tiles"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"anqing: option {name} must be True or False, got {getattr(self, name)!r}")
        for name, kind in (("exhaust", Exhaust), ("fa_money", FaMoney), ("discard_pays", DiscardPays)):
            object.__setattr__(self, name, option_enum("anqing", name, getattr(self, name), kind))


def next_zuan(indicator: int) -> int:
    """The 钻 an indicator names: n → n+1 in its suit (9 → 1), 东南西北 → 东,
    中 → 发 → 白 → 中 ("翻的是红中，则钻牌为发财。翻发财钻牌是白板、翻白板钻牌为红中").

    >>> [KIND_NAMES[next_zuan(parse_tile(t))] for t in ("2p", "9p", "4z", "7z", "6z", "5z")]
    ['3p', '1p', '1z', '6z', '5z', '7z']
    """
    if not 0 <= indicator < 34:
        raise MahjongError(f"anqing: indicator {indicator!r} is not a tile kind 0..33")
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return {RED: GREEN, GREEN: WHITE, WHITE: RED}[indicator]


def gang_tiles(zuan: int | None) -> tuple[frozenset[int], int]:
    """The 杠牌 for the 钻 ``zuan`` (None: no 钻), and the one in the 发's role
    (the 发, or 红中 when the 发 is the 钻).

    >>> [(sorted(KIND_NAMES[k] for k in g), KIND_NAMES[f]) for g, f in map(gang_tiles, (6, 32, 31))]
    [(['5z', '6z'], '6z'), (['5z', '7z'], '7z'), (['6z', '7z'], '6z')]
    """
    if zuan is None or zuan not in DRAGONS:
        return frozenset({WHITE, GREEN}), GREEN
    return DRAGONS - {zuan}, (RED if zuan == GREEN else GREEN)


def stand_in(zuan: int | None) -> dict[int, int]:
    """替身: 红中 plays as the 钻's kind when the 钻 is no dragon."""
    if zuan is None or zuan in DRAGONS:
        return {}
    return {RED: zuan}


class Anqing(ContextWinConditions, Ruleset):
    """安庆麻将: see the module docstring for every decision."""

    name = "anqing"
    version = 1
    zh = "安庆"
    summary = "安庆: a 钻 after the dealer's roll, 红中 as its 替身, 发/白 as 杠牌, pung and kong only"
    aliases = ("安庆麻将", "安庆钻牌", "钻牌", "安徽安庆")
    Options = AnqingOptions

    allow_chow = False
    wild_indicator = True
    wild_discard = False
    multiple_winners = False
    rob_kong = True
    wild_tiles = "the kind after the turned-up tile (钻; 中→发→白→中); 红中 plays as it"
    hand_rules = HandRules(forms=(Form.STANDARD,))

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "indicator": "the turned-up tile (notation or id): the 钻 is the tile after it",
        "draws": "draws (荒庄) in a row before this hand: 庄底子 + draw_bonus each",
    })

    options: AnqingOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        self.wall_ends_at_indicator = o.exhaust is Exhaust.INDICATOR
        if o.chow:
            setattr(self, "allow_chow", True)
        forms = (Form.STANDARD, Form.SEVEN_PAIRS) if o.seven_pairs else (Form.STANDARD,)
        setattr(self, "hand_rules", HandRules(forms=forms))

    # --- the 钻, its 替身 and the 杠牌 --------------------------------------------
    def indicator_offset(self, dice: Sequence[int]) -> int:
        """The top tile of the N-th stack from the end, N the dice total."""
        n = sum(dice) + (1 if self.options.indicator_plus_one else 0)
        return max(0, 2 * n - 1)

    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        return frozenset({next_zuan(indicator)})

    @staticmethod
    def _zuan(wild_kinds: frozenset[int]) -> int | None:
        return next(iter(wild_kinds)) if wild_kinds else None

    def _flower_kinds(self, zuan: int | None) -> frozenset[int]:
        kinds, fa = gang_tiles(zuan)
        return kinds - {fa} if self.options.da_que else kinds

    def flower_kinds(self, table: Table) -> frozenset[int]:
        return self._flower_kinds(self._zuan(table.wild_kinds))

    def substitutes(self, table: Table) -> dict[int, int]:
        return stand_in(self._zuan(table.wild_kinds))

    def paper_wild_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        tile = self.paper_indicator(extra)
        return frozenset() if tile is None else frozenset({next_zuan(tile)})

    def paper_flower_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        return self._flower_kinds(self._zuan(self.paper_wild_kinds(extra)))

    # --- scoring ---------------------------------------------------------------
    def _fan_tiles(self, ctx: WinContext) -> list[int]:
        """The exposed tiles that are 翻: the 发 (its role), or every 杠牌."""
        kinds, fa = gang_tiles(self._zuan(ctx.wild_kinds))
        if self.options.da_que:
            kinds = kinds - {fa}
        counted = kinds if self.options.count_all_gang_tiles else kinds & {fa}
        return [f for f in ctx.flowers if f in counted]

    def score(self, ctx: WinContext) -> ScoreSheet:
        """One win (胡) and one 翻 per exposed 发; ``points`` the stakes each
        payer pays (2 ** 翻, or 1 + 翻).

        :raises IllegalWinError: when the tiles are no winning hand.
        """
        zuan = self._zuan(ctx.wild_kinds)
        subs = stand_in(zuan)
        if not ctx.decompositions:
            concealed = [subs.get(k, k) for k in ctx.concealed]
            try:
                found = decompositions(concealed, wilds=ctx.wilds, rules=self.hand_rules)
            except ValueError as e:
                raise IllegalWinError(f"not a winning hand: {e}") from None
            if not found:
                what = format_tiles(ctx.concealed) + (f" + {ctx.wilds} 钻" if ctx.wilds else "")
                raise IllegalWinError(f"not a winning hand: {what!r} is no four sets and a pair")
        fan = self._fan_tiles(ctx)
        items = [ScoreItem("胡", "Win", 0, 1, "four sets and a pair" + (f" (钻 {KIND_NAMES[zuan]})" if zuan is not None else ""))]
        if fan:
            items.append(ScoreItem("发", "Exposed 发", 1, len(fan), "几个发算几个翻的钱: " + format_tiles(fan)))
        n = len(fan)
        points = 2**n if self.options.fa_money is FaMoney.DOUBLE else 1 + n
        return ScoreSheet(items=tuple(items), total=n, unit="翻", points=points,
                          notes=(f"{n} 翻: {points} stake(s) per payer",))

    def context_problem(self, ctx: WinContext) -> str | None:
        """No win while a 杠牌 is in the hand (只能用来杠，手上有，就不能胡牌): it belongs in ``flowers``, exposed."""
        kinds = self._flower_kinds(self._zuan(ctx.wild_kinds))
        held = sorted(k for k in ctx.concealed if k in kinds)
        if held:
            return (f"杠牌 {KIND_NAMES[held[0]]!r} in the hand: 只能用来杠，手上有，就不能胡牌 "
                    "(it goes in 'flowers', exposed)")
        return None

    # --- settlement --------------------------------------------------------------
    def _draws(self, extra: Mapping[str, Any]) -> int:
        value = extra.get("draws", 0)
        try:
            n = int(value)
        except (TypeError, ValueError):
            raise MahjongError(f"anqing: context draws {value!r} is not a whole number") from None
        if n < 0:
            raise MahjongError(f"anqing: context draws {value!r} is below 0")
        return n

    def stake(self, payer: int, payee: int, dealer: int, draws: int) -> int:
        """庄底子 (with ``draw_bonus`` per draw in a row) when the dealer pays
        or wins, else 闲底子."""
        o = self.options
        return o.dealer_base + o.draw_bonus * draws if dealer in (payer, payee) else o.base

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        n = self.num_players
        for ctx, sheet in wins:
            dealer = table.dealer if table is not None else (ctx.seat - ctx.seat_wind) % n
            draws = self._draws(ctx.extra)
            if ctx.self_drawn or self.options.discard_pays is DiscardPays.ALL:
                payers = [s for s in range(n) if s != ctx.seat]
                why = "自摸" if ctx.self_drawn else "点炮 (all pay)"
            elif ctx.discarder is not None:
                payers = [ctx.discarder]
                why = "抢杠" if ctx.robbed_kong else "点炮"
            else:
                payers = []
                why = ""
            for p in payers:
                out.append(Payment(p, ctx.seat, self.stake(p, ctx.seat, dealer, draws) * sheet.points, why))
        return Settlement(tuple(out))

    # --- play --------------------------------------------------------------------
    def dealer_stays(self, table: Table) -> bool:
        """"有胡牌者则轮庄，由上局庄家的下家坐庄。无胡牌者由上局庄家连续做庄"."""
        return not table.winners

    def carry(self, table: Table) -> dict[str, Any]:
        """Draws in a row (庄底子 + 4 each), cleared by a win."""
        if table.winners:
            return {}
        return {"draws": int(table.carry.get("draws", 0)) + 1}

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        return {"indicator": table.indicator, "draws": int(table.carry.get("draws", 0))}
