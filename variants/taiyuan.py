"""太原立四麻将 (Taiyuan "stand four"): 136 tiles, the four standing tiles
(立四), no chow, 报听 needed to win, one winner per discard, a reserve of 7
stacks that grows with kongs, and small additive points doubled on
self-draw.

Source: seed 001 (太原麻将, the 太原立四麻将 text) as specified in
``variants-more.md`` §8.  Score a hand from notation (seats 0..3 = E S W N
when seat 0 deals); the spec's example 1 (South wins on West's discard,
West not ready):

>>> ty = Taiyuan()
>>> r = ty.score_hand("123p46p234s55s", win_tile="5p", melds=["kan 1111z"], winner=1, discarder=2,
...                   context={"declared_ready": True})
>>> r.sheet.names(), r.sheet.total, r.settlement.deltas(4)
(['基本分', '缺门', '嵌张', '放铳', '明杠'], 5, [0, 5, -5, 0])

What the rule set decides (seed wording first, then each gap of the spec):

* Tiles: 136 (万筒条 and the seven honours ×4), no flowers, no wild tiles;
  13 tiles, the dealer ("门风东者为庄家") 14 and discards first.
* 立四: "第一手抓的四张牌放在前面立着": the first four tiles dealt to each
  seat (its first grab) stand apart (engine flag ``standing_tiles``,
  ``table.standing``): "这四张牌只有听牌时，才可以打出一张，而且听牌时
  必需打出这四张中的一张才能听": they are never discarded, except that
  declaring ready discards one of them (and must); "任意 3 张可以和后面九张
  牌凑在一起组成顺子、刻子、杠，一对将等，固然也可以用四张牌里的来碰或杠":
  they count in the hand's sets and may be used for a pung or kong (a meld
  takes the other copies of its kind first).
* Calls: "不可以吃牌,只能碰杠牌": pung and kong (exposed, added, concealed);
  "开杠后从牌城尾部补牌".  "不能弃先碰后": a seat that passes a pung may not
  pung the same kind before its next draw (engine flag ``missed_pung_ban``).
  The seed names no 抢杠: an added kong cannot be robbed.
* 报听: "必需报听才可以和牌" (engine ``ready_rule`` REQUIRED); after it "就
  不允许再换牌了，也不允许再杠了": the hand is locked and makes no kong;
  "听牌后假设有人放铳不和,则此局无论自摸或者放铳均不行再和": a declared
  seat that passes a win may not win again this hand
  (``ready_missed_win_forfeits``).
* Win shape: four sets (pungs, chows, kongs) and a pair only: "不存在十三幺,
  全不靠,七对等和法".
* One winner: "一盘只能有一位和牌者 … 从打牌者按逆时针方向，挨次在前者":
  the first claimant counter-clockwise from the discarder (截胡).
* The wall: "牌墙需保存最终 7 墩，假设有人杠，1杠留 7 墩,2 杠留 8 墩依次类推,
  杠完后留的单数海底牌不算一墩": 14 tiles are kept, 2 more for each kong
  after the first (the spec's PROPOSAL reading of "7, 7, 8 …"), and a lone
  tile left at the tail after an odd number of replacements is kept too
  (engine flags ``dead_wall``, ``dead_wall_per_kong``,
  ``dead_wall_free_kongs``, ``dead_wall_odd_tail``).  荒庄: "在拿完能拿的牌
  的最终一个玩家打出一张牌还无人和牌": the last discard may be won on,
  not punged.
* Points (§8, seed 七): 和牌基本分 1; 缺门 +1 (exactly one of 万筒条 absent:
  "混一色或清一色不算缺门"); 嵌张 +1 (closed wait); 镶边 +1 (12 waiting 3,
  89 waiting 7); 明杠 +1 and 暗杠 +2 for each of the winner's kongs ("和家
  有杠才算分"; an added kong is a 明杠); 庄家 +1 when the winner or the
  payer is the dealer (PROPOSAL: on payments between the dealer and the
  winner); 放铳 +1 when the discarder had not declared ready ("当玩家未听牌
  时放铳，放铳者给和家 +1 分"); 青龙 +20 (123 456 789 of one suit).
  "自摸所得分加倍，杠所得的分不加倍": on a self-draw every point but the
  kong points is doubled, 庄家 included (PROPOSAL, option
  ``dealer_point_doubled``).  嵌张 and 镶边 need a unique wait (PROPOSAL,
  as MCR; option ``unique_wait``); the reading of most points counts.
* Payments (PROPOSAL): a discard win is paid by the discarder alone; a
  self-draw by each of the three (the dealer with its 庄家 point).  No
  payment for kongs beyond the winner's kong points.
* Dealer: "庄家胡牌，则庄家连续做庄。闲家胡牌，则庄家的下一家坐庄。荒庄时，
  假设 4 人均无杠，则庄家连续坐庄；有杠则下家做庄".
"""

from __future__ import annotations


from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import _native
from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.engine import Action, ActionKind
from mahjong_core.errors import MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import Payment, ReadyRule, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import MeldKind

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["POINTS", "Taiyuan", "TaiyuanOptions"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TaiyuanOptions:
    """House rules of 太原立四麻将 (see :class:`Taiyuan`)."""

    unique_wait: bool = True
    """嵌张 and 镶边 count only when the hand waited on that one tile
    (PROPOSAL, as MCR); False: whenever the winning tile can be read so."""
    dealer_point_doubled: bool = True
    """The 庄家 point is doubled on a self-draw like every non-kong point
    (PROPOSAL); False: it is added after the doubling."""

    def __post_init__(self) -> None:
        for name in ("unique_wait", "dealer_point_doubled"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise MahjongError(f"taiyuan: option {name} must be True or False, got {value!r}")


def _closed(r: Reading) -> bool:
    return v.wait(r) is v.Wait.CLOSED and (not r.ctx.extra.get("unique_wait", True) or _unique(r))


def _edge(r: Reading) -> bool:
    return v.wait(r) is v.Wait.EDGE and (not r.ctx.extra.get("unique_wait", True) or _unique(r))


POINTS: tuple[Fan, ...] = (
    Fan("缺门", "One suit missing", 1, lambda r: len(v.suits(r)) == 2,
        why="one of 万筒条 absent (混一色 / 清一色 do not count)"),
    Fan("嵌张", "Closed wait", 1, _closed, why="won on the middle tile of a chow"),
    Fan("镶边", "Edge wait", 1, _edge, why="won on 3 of 12 or 7 of 89"),
    Fan("青龙", "Pure straight", 20, v.pure_straight, why="123 456 789 of one suit"),
)
"""The points of the hand's shape (doubled on a self-draw)."""

_RULES = HandRules(forms=(Form.STANDARD,))


class Taiyuan(Ruleset):
    """太原立四麻将: see the module docstring for every decision."""

    name = "taiyuan"
    version = 1
    zh = "太原立四麻将"
    summary = "太原立四: 136 tiles, four standing tiles, no chow, 报听 to win, one winner, 7-stack reserve, 自摸 ×2"
    aliases = ("太原", "立四", "太原麻将", "立四麻将", "山西太原麻将", "山西", "lisi", "shanxi")
    Options = TaiyuanOptions

    allow_chow = False
    multiple_winners = False
    rob_kong = False
    missed_win_ban = False
    missed_pung_ban = True
    ready_rule = ReadyRule.REQUIRED
    ready_allows_kong = False
    ready_missed_win_forfeits = True
    standing_tiles = 4
    dead_wall = 14
    dead_wall_per_kong = 2
    dead_wall_free_kongs = 1
    dead_wall_odd_tail = True
    calls_on_last_discard = False
    hand_rules = _RULES

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "discarder_ready": "the discarder had declared ready (no 放铳 point)",
    })

    options: TaiyuanOptions

    # --- scoring -------------------------------------------------------------
    def _shape_points(self, r: Reading) -> list[tuple[Fan, int]]:
        return v.matching(POINTS, r)

    def score(self, ctx: WinContext) -> ScoreSheet:
        if not self.options.unique_wait:
            ctx = _with_extra(ctx, unique_wait=False)
        found = v.readings(ctx, self.hand_rules)
        hits = self._shape_points(found[0])
        top, top_v = found[0], sum(f.value * n for f, n in hits)
        for r in found[1:]:  # (best: the first reading of the most points, its hits kept)
            r_hits = self._shape_points(r)
            r_v = sum(f.value * n for f, n in r_hits)
            if r_v > top_v:
                top, top_v, hits = r, r_v, r_hits
        items = [ScoreItem("基本分", "Base", 1, why="和牌根本分")]
        items += [f.item(top, n) for f, n in hits]
        dealer_seat = (ctx.seat - ctx.seat_wind) % self.num_players
        if ctx.dealer or (not ctx.self_drawn and ctx.discarder == dealer_seat):
            items.append(ScoreItem("庄家", "Dealer", 1, why="the dealer wins" if ctx.dealer else "the dealer pays"))
        if not ctx.self_drawn and not _flag(ctx.extra.get("discarder_ready", False)):
            items.append(ScoreItem("放铳", "Deal-in while not ready", 1, why="the discarder had not declared ready"))
        doubled = sum(it.total for it in items)
        if ctx.dealer and ctx.self_drawn and not self.options.dealer_point_doubled:
            doubled -= 1
        if ctx.self_drawn:
            items.append(ScoreItem("自摸", "Self-draw (doubles all but kongs)", doubled, why="自摸所得分加倍"))
        n_open = sum(1 for m in ctx.melds if m.kind in (MeldKind.KAN, MeldKind.KAKAN))
        n_closed = sum(1 for m in ctx.melds if m.kind is MeldKind.ANKAN)
        if n_open:
            items.append(ScoreItem("明杠", "Exposed kong", 1, n_open, why="the winner's kong, not doubled"))
        if n_closed:
            items.append(ScoreItem("暗杠", "Concealed kong", 2, n_closed, why="the winner's kong, not doubled"))
        total = sum(it.total for it in items)
        notes: tuple[str, ...] = ()
        if ctx.self_drawn and not ctx.dealer:
            extra = 2 if self.options.dealer_point_doubled else 1
            notes = (f"the dealer pays {extra} more (庄家{' ×2' if extra == 2 else ''})",)
        return ScoreSheet(items=tuple(items), total=total, unit="分", points=total, notes=notes)

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        for m in ctx.melds:
            if m.kind is MeldKind.CHI:
                return f"不可以吃牌: no chow ({m})"
        if not ctx.declared_ready:
            return "必需报听才可以和牌 (a win needs a declared ready)"
        return None

    # --- settlement ------------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        for ctx, sheet in wins:
            if not ctx.self_drawn:
                assert ctx.discarder is not None
                out.append(Payment(ctx.discarder, ctx.seat, sheet.points, "放铳和"))
                continue
            dealer_seat = (ctx.seat - ctx.seat_wind) % self.num_players
            for p in range(self.num_players):
                if p == ctx.seat:
                    continue
                amount = sheet.points
                reason = "自摸"
                if p == dealer_seat and not ctx.dealer:
                    more = 2 if self.options.dealer_point_doubled else 1
                    amount += more
                    reason += f" +庄家 {more}"
                out.append(Payment(p, ctx.seat, amount, reason))
        return Settlement(tuple(out))

    # --- play ------------------------------------------------------------------
    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        last = table.last_discard
        return {"discarder_ready": bool(last is not None and table.declared[last[0]])}

    def aim_discard_costs(self, table: Any, seat: int) -> Sequence[int]:
        """A bot discards a standing tile only to declare ready: a kind
        whose every copy stands costs much unless declaring with it is legal."""
        standing = getattr(table, "standing", None)
        if standing is None:
            return _NO_COSTS
        st = standing[seat]
        hand = table.hands[seat]
        # the kinds that stand (four at most, looked up by the counts' bytes)
        # as bits, then the legal declarations only when a kind has every
        # copy standing; the answer is one tuple per set of costly kinds
        costly = 0
        for k in _standing_kinds(st):
            if hand[k] <= st[k]:
                costly |= 1 << k
        if not costly:
            return _NO_COSTS
        # (the legal list ascends by id: the declarations, 127..160, are
        # read from its end, past the ids above them, down to the first
        # below them)
        for a in reversed(table.legal_actions(seat)):
            i = a.id
            if i < _READY_FIRST:
                break
            if i <= _READY_LAST:
                costly &= ~(1 << a.tile)
        got = _COSTS.get(costly)
        if got is None:
            if len(_COSTS) >= 4096:
                _COSTS.clear()
            costs = bytearray(34)
            m = costly
            while m:
                low = m & -m
                costs[low.bit_length() - 1] = 9
                m ^= low
            got = _COSTS[costly] = bytes(costs)
        return got

    def next_dealer(self, table: Table) -> int:
        if table.winners:
            return table.dealer if table.dealer in table.winners else (table.dealer + 1) % self.num_players
        # 荒庄: the dealer stays unless someone made a kong
        return table.dealer if table.kongs_made == 0 else (table.dealer + 1) % self.num_players


_NO_COSTS = bytes(34)
_COSTS: dict[int, bytes] = {0: _NO_COSTS}
"""The costs of :meth:`Taiyuan.aim_discard_costs` (34 bytes) by the bits of
the costly kinds (at most four kinds stand)."""
_READY_FIRST = Action(ActionKind.READY, 0, 0).id
_READY_LAST = Action(ActionKind.READY, 0, 33).id
"""The ids of the READY actions (报听 with a discard of each kind, ascending)."""
_KINDS_OF: dict[bytes, tuple[int, ...]] = {}
"""The kinds above 0 of 34 standing counts, by their bytes (a seat's
standing tiles change a few times a hand: one look-up, not a scan)."""


def _standing_kinds(st: Any) -> Iterable[int]:
    """The kinds of 34 counts above 0, in order."""
    try:
        key = bytes(st)
    except (TypeError, ValueError):  # counts beyond bytes: the plain loop
        return [k for k in range(34) if st[k]]
    try:
        return _KINDS_OF[key]
    except KeyError:
        if len(_KINDS_OF) >= 4096:
            _KINDS_OF.clear()
        got = _KINDS_OF[key] = tuple(k for k in range(34) if key[k])
        return got


def _flag(value: Any) -> bool:
    """A context flag given as a bool or as text ("true", "1", "yes")."""
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "y", "on")
    return bool(value)


def _with_extra(ctx: WinContext, **more: Any) -> WinContext:
    from dataclasses import replace

    return replace(ctx, extra={**ctx.extra, **more})


# --- vocabulary candidates ---


def _unique(r: Reading) -> bool:
    """The concealed hand before the winning tile waited on one kind only
    (MCR's 边张/坎张 condition).  Candidate: ``unique_wait(r)`` in the
    vocabulary, under the reading's rules."""
    got: bool | None = r.memo.get("taiyuan_unique")
    if got is None:
        c = bytearray(34)
        for k in r.ctx.concealed:
            c[k] += 1
        t = r.ctx.win_tile
        if 0 <= t < 34 and c[t]:
            c[t] -= 1
        mask = _native.waits_mask_buf(c, 0, _RULES)
        got = mask != 0 and mask & (mask - 1) == 0
        r.memo["taiyuan_unique"] = got
    return got
