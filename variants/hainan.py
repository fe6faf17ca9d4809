"""海南麻将 (Hainan): 144 tiles with flowers, 有番才能胡 (a win on a discard
needs a 番), 截胡 (one winner per discard), 包牌, 抢杠 and paid kongs.

Source: seed 001, "海南麻将规章" (read whole: the rules (1)-(6), the 番 list
of 胡牌 A, B 自摸, C 截胡, 包牌, "明杠暗杠都要钱" and the second 番 list "番的
定义"), as specified in ``variants-more.md`` §11.12 (SKETCH: no amounts).
Score a hand from notation (seats 0..3):

>>> r = Hainan().score_hand("123m456p789s23s55s", win_tile="4s", discarder=3)
>>> r.sheet.names(), r.settlement.deltas(4)
(['只吃不碰', '门清', '二五八将'], [1, 0, 0, -1])

What the rule set decides (seed wording first, then each gap):

* Tiles: "每人面前 18 墩牌": 144, the 136 and the eight flowers 春夏秋冬
  梅兰菊竹, exposed and replaced from the end of the wall (those dealt are
  replaced after the deal).  13 tiles, the dealer 14 and discards first.
* Calls: chow from 上家 only; "杠、碰比吃优先".  A concealed kong stays
  hidden ("暗杠不需翻开牌").
* 番 ("番是指胡牌的前提，而不是倍数": a condition of winning, never a
  multiplier; each is listed on the sheet, and the sheet's total is how
  many): 只吃不碰 (four chows and a pair that would not score as a pung:
  not a dragon, the seat wind or the 令 wind), 门清 (no chow, pung or
  exposed kong: a concealed kong is not shown, so it keeps 门清 —
  PROPOSAL), 碰碰胡, 清一色, 混一色 ("混一色算有番，可以存在风牌"), a 2-5-8
  pair (二五八将), 抢杠, each dragon pung or kong (箭刻), each of one's own
  seat flowers (dealer 春/梅, 下家 夏/兰, 对家 秋/菊, 上家 冬/竹 — the seed
  pairs 秋 with 菊 and 冬 with 竹), a pung or kong of the seat wind (门风)
  or of the 令 wind ("每人轮番做庄 1 次为 1 个令": the prevailing wind of the
  round), 十三幺 (fourteen single tiles, "每张牌都不成对、顺、刻，且 2 张牌之间
  至少隔 2 个数字": the kernel's 十三烂 form), 七对, 自摸 ("无番靠自摸").
* Wins: four sets and a pair, 七对, or 十三幺 (十三烂).  "有番才能胡": a
  win on a discard needs one 番 (:meth:`win_problem` names the rule); a
  self-drawn win needs none ("无论有番或者无番 … 就算自摸").  截胡: when
  several seats could win on one discard (or robbed kong), only the first
  in turn order from the discarder wins.
* Money (PROPOSAL; the seed gives no amounts): one ``stake`` (1) per
  payer, whatever the 番: a discard win, the discarder pays it; a
  self-draw, each of the three others ("最伤人的就是自摸了").
* 包牌: "吃上家三道牌，或碰任意一家三道牌，最终点炮给对方胡，需付三家的分数。反之 …
  由对方一人付三家的分数": when one of the two seats took three chows, or
  three pungs (claimed kongs counted), from the other, a win on a discard
  between them (either way) costs the discarder three stakes.  A mix of
  chows and pungs does not count (PROPOSAL: the seed's words).
* 抢杠: an added kong may be robbed; the robbed seat is the discarder
  ("杠牌者点炮").  "有番抢杠算一般放炮胡，无番抢杠算包杠的人": when the
  robbing hand has a 番 besides 抢杠 it is an ordinary discard win; when it
  has none, the kong maker pays three stakes.
* Kongs ("明杠暗杠都要钱", amounts PROPOSAL): when made, an exposed kong
  (on a discard or added) ``exposed_kong`` (1) from each of the three
  others, a concealed kong ``concealed_kong`` (2) from each; kept when the
  hand is drawn.  On paper (``score_hand``) the winner's declared kongs are
  settled with the win.
* End of the wall: "还剩下七墩半牌时照旧无人胡牌即黄庄": the last 15 tiles are
  not drawn (``dead_wall`` 15; replacements come from the end).
* Dealer: the dealer wins, it deals again; another seat wins, the dealer's
  下家 deals; 黄庄, the dealer deals again.  Nothing is carried between
  hands.
* 漏胡 (not in the seed): a seat that passes a win may not win on a
  discard until its next draw (the engine's common rule, PROPOSAL).

Context keys: ``bao`` (the discarder pays for all: 包牌; computed in play,
and on paper from the winner's ``meld_sources`` when not given).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import Payment, Ruleset, ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import Meld, MeldKind, format_tiles

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["FANS", "SEAT_FLOWERS", "Hainan", "HainanOptions", "took_three", "unrelated"]

SEAT_FLOWERS: tuple[frozenset[int], ...] = (
    frozenset({34, 38}),  # the dealer: 春 梅
    frozenset({35, 39}),  # 下家: 夏 兰
    frozenset({36, 41}),  # 对家: 秋 菊
    frozenset({37, 40}),  # 上家: 冬 竹
)
"""Each seat's own flowers, by seat wind (the seed's pairing: 秋/菊, 冬/竹)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HainanOptions:
    """House rules of 海南麻将 (PROPOSAL amounts; see the module doc)."""

    stake: int = 1
    """What one payer pays for a win (番 do not multiply it)."""
    exposed_kong: int = 1
    """Each of the three others pays this for an exposed kong (明杠)."""
    concealed_kong: int = 2
    """Each of the three others pays this for a concealed kong (暗杠)."""

    def __post_init__(self) -> None:
        for name, low in (("stake", 1), ("exposed_kong", 0), ("concealed_kong", 0)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise MahjongError(f"hainan: option {name} must be an int >= {low}, got {value!r}")


# ---------------------------------------------------------------------------
# The 番 (each a condition of winning; the sheet lists them)
# ---------------------------------------------------------------------------


def _scoring_pair(r: Reading) -> bool:
    """The pair would score as a pung: a dragon, the seat wind, the 令 wind."""
    p = r.pair
    return p in v.DRAGONS or p == 27 + r.ctx.seat_wind or p == 27 + r.ctx.round_wind


def _own_flowers(r: Reading) -> int:
    own = SEAT_FLOWERS[r.ctx.seat_wind % 4]
    return sum(1 for f in r.ctx.flowers if f in own)


FANS: tuple[Fan, ...] = (
    Fan("只吃不碰", "All chows", 1, lambda r: v.all_chows(r) and not _scoring_pair(r),
        why="four chows and a pair that would score nothing as a pung"),
    Fan("门清", "Concealed hand", 1, v.concealed_hand, why="no chow, pung or exposed kong"),
    Fan("碰碰胡", "All pungs", 1, v.all_pungs, why="four pungs or kongs and a pair"),
    Fan("清一色", "Full flush", 1, v.full_flush, why="one suit only"),
    Fan("混一色", "Half flush", 1, v.half_flush, why="one suit and honours"),
    Fan("二五八将", "2-5-8 pair", 1, v.pair_258, why="the pair is a 2, 5 or 8"),
    Fan("抢杠", "Robbing a kong", 1, v.robbed_kong, why="won on a tile added to a pung"),
    Fan("箭刻", "Dragon pung", 1, v.dragon_pungs, why="a pung or kong of 中, 发 or 白"),
    Fan("花", "Own flower", 1, _own_flowers, why="a flower of one's own seat"),
    Fan("门风", "Seat-wind pung", 1, v.seat_wind_pung, why="a pung or kong of the seat wind"),
    Fan("令风", "令-wind pung", 1, v.round_wind_pung, why="a pung or kong of the 令 (prevailing) wind"),
    Fan("十三幺", "Thirteen unrelated", 1, lambda r: r.form is Form.SHISANLAN,
        why="fourteen singles, no two of a suit closer than 3"),
    Fan("七对", "Seven pairs", 1, v.seven_pairs, why="seven pairs"),
    Fan("自摸", "Self-drawn", 1, v.self_drawn, why="无番靠自摸"),
)
"""The seed's 番 types (both of its lists), one each (counters count each)."""


def took_three(melds: Sequence[Meld], sources: Sequence[int | None], giver: int) -> bool:
    """包牌: three chows, or three pungs (claimed kongs counted), claimed
    from ``giver``'s discards."""
    chows = pungs = 0
    for m, src in zip(melds, sources):
        if src != giver:
            continue
        if m.kind is MeldKind.CHI:
            chows += 1
        elif m.kind is not MeldKind.ANKAN:
            pungs += 1
    return chows >= 3 or pungs >= 3


def unrelated(counts: Sequence[int], size: int) -> bool:
    """``size`` single tiles (34 ``counts``), no two of a suit closer than 3
    (十三烂 with 14; its waiting hand with 13).

    >>> from mahjong_core.tiles import counts_of, parse_tiles
    >>> unrelated(counts_of(parse_tiles("147m258p369s12345z")), 14), unrelated(counts_of(parse_tiles("146m")), 3)
    (True, False)
    """
    if type(counts) is bytearray and len(counts) == 34 and (2 in counts or 3 in counts or 4 in counts):
        return False  # (a kind held twice or more, found at C speed: the engine's hands)
    total = 0
    for s in range(3):
        last = -9
        for i in range(9):
            c = counts[s * 9 + i]
            if c:
                if c > 1 or i - last < 3:
                    return False
                last = i
                total += 1
    for k in range(27, 34):
        c = counts[k]
        if c > 1:
            return False
        total += c
    return total == size


# ---------------------------------------------------------------------------
# The rule set
# ---------------------------------------------------------------------------


class Hainan(Ruleset):
    """海南麻将: see the module doc for every decision."""

    name = "hainan"
    version = 1
    zh = "海南麻将"
    summary = "海南: 144 tiles, 有番才能胡 (a discard win needs a 番), 截胡, 包牌, 抢杠, paid kongs"
    aliases: ClassVar[tuple[str, ...]] = ("海南", "海口麻将")
    Options = HainanOptions
    options: HainanOptions

    flower_tiles = tuple(range(34, 42))
    multiple_winners = False
    rob_kong = True
    missed_win_ban = True
    dead_wall = 15
    hand_rules = HandRules(forms=frozenset({Form.STANDARD, Form.SEVEN_PAIRS}))
    """Sets and a pair, or seven pairs; 十三幺 (十三烂) is the shape-free win
    of :meth:`shape_free_win` (the kernel's 十三烂 waits are slow on
    scattered hands, asked at every discard)."""
    SCORE_RULES = HandRules(forms=frozenset({Form.STANDARD, Form.SEVEN_PAIRS, Form.SHISANLAN}))
    """What may win, for reading a hand: with 十三烂."""

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "bao": "包牌: the discarder pays three stakes (one of the two took three chows, or three pungs, "
               "from the other); default: from the winner's meld_sources",
    })

    # --- scoring -------------------------------------------------------------
    def score(self, ctx: WinContext) -> ScoreSheet:
        """Every 番 of the reading that has most (the count is informative:
        番 are a condition, not a multiplier)."""
        if ctx.wilds:
            raise InvalidHandError(f"{self.id}: no wild tiles in this game, got {ctx.wilds!r}")
        size = len(ctx.concealed) + 3 * len(ctx.melds)
        if size != self.hand_size + 1:
            raise InvalidHandError(
                f"{self.id}: a winning hand has {self.hand_size + 1} tiles (a kong counts 3), got {size}: "
                f"{format_tiles(ctx.concealed)!r} + {[str(m) for m in ctx.melds]!r}"
            )
        try:
            found = v.readings(ctx, self.SCORE_RULES, by_win_unit=False)
        except IllegalWinError as e:
            raise IllegalWinError(
                f"{self.id}: {e} (four sets and a pair, seven pairs, or 十三幺: fourteen unrelated singles)"
            ) from None
        best: list[tuple[Fan, int]] = []
        top = found[0]
        total = -1
        for r in found:
            hits = v.matching(FANS, r)
            n = sum(c for _, c in hits)
            if n > total:
                best, top, total = hits, r, n
        items = tuple(f.item(top, c) for f, c in best)
        return ScoreSheet(items=items, total=total, unit="番", points=self.options.stake,
                          notes=("番 are a condition of winning (有番才能胡), not a multiplier",))

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        """有番才能胡: a win on a discard needs a 番."""
        if ctx.self_drawn or sheet.total > 0:
            return None
        return "有番才能胡: a win on a discard needs at least one 番 (a self-draw needs none)"

    # --- payments ----------------------------------------------------------
    def _bao(self, ctx: WinContext) -> bool:
        raw = ctx.extra.get("bao")
        if raw is None:
            if ctx.discarder is None:
                return False
            return took_three(ctx.melds, ctx.meld_sources, ctx.discarder)
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("1", "true", "yes", "y", "on"):
            return True
        if text in ("0", "false", "no", "n", "off", ""):
            return False
        raise MahjongError(f"context bao: {raw!r} is not a yes/no value")

    def _kong_money(self, seat: int, meld: Meld) -> list[Payment]:
        others = [s for s in range(self.num_players) if s != seat]
        if meld.kind is MeldKind.ANKAN:
            each, why = self.options.concealed_kong, "暗杠"
        elif meld.kind in (MeldKind.KAN, MeldKind.KAKAN):
            each, why = self.options.exposed_kong, "明杠"
        else:
            return []
        return [Payment(s, seat, each, why) for s in others] if each else []

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        """明杠暗杠都要钱: each of the three others pays, when the kong is made."""
        return Settlement(tuple(self._kong_money(seat, meld)))

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """A self-draw: each of the three others pays ``stake``; a discard
        win: the discarder pays ``stake``, or three stakes for 包牌 and for
        无番抢杠.  On paper (``table`` None) the winner's kongs are settled too."""
        out: list[Payment] = []
        stake = self.options.stake
        for ctx, sheet in wins:
            if ctx.self_drawn:
                out.extend(Payment(s, ctx.seat, stake, "自摸") for s in range(self.num_players) if s != ctx.seat)
            else:
                if ctx.discarder is None:
                    raise MahjongError(f"{self.id}: discard win of seat {ctx.seat!r} without a discarder")
                if self._bao(ctx):
                    out.append(Payment(ctx.discarder, ctx.seat, 3 * stake, "包牌: the discarder pays for all three"))
                elif ctx.robbed_kong and sheet.total <= 1:
                    out.append(Payment(ctx.discarder, ctx.seat, 3 * stake, "无番抢杠: the kong maker pays for all"))
                else:
                    out.append(Payment(ctx.discarder, ctx.seat, stake, "抢杠 (放炮)" if ctx.robbed_kong else "放炮"))
            if table is None:
                for m in ctx.melds:
                    out.extend(self._kong_money(ctx.seat, m))
        return Settlement(tuple(out))

    # --- play ----------------------------------------------------------------
    def shape_free_win(self, table: Table, seat: int, counts: Sequence[int]) -> bool:
        """十三幺 (十三烂): fourteen single tiles, no two of a suit closer than 3."""
        return not table.melds[seat] and unrelated(counts, 14)

    def shape_free_waits(self, table: Table, seat: int, counts: Sequence[int]) -> int:
        """The kinds that make thirteen unrelated singles a 十三烂."""
        if table.melds[seat] or not unrelated(counts, 13):
            return 0
        mask = 0
        for k in range(34):
            if counts[k]:
                continue
            if k < 27:
                lo = k - k % 9
                if any(counts[j] for j in range(max(lo, k - 2), min(lo + 8, k + 2) + 1)):
                    continue
            mask |= 1 << k
        return mask

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        """包牌 between the winner and the discarder (or robbed seat)."""
        if table.turn == seat:
            return {}  # a self-draw
        giver = table.pending_kong[0] if table.pending_kong is not None else (
            table.last_discard[0] if table.last_discard is not None else None)
        if giver is None or giver == seat:
            return {}
        bao = took_three(table.melds[seat], table.meld_sources[seat], giver) or took_three(
            table.melds[giver], table.meld_sources[giver], seat)
        return {"bao": bao}
