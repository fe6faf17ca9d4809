"""哈尔滨麻将 (Harbin, 黑龙江): 112 tiles with 红中, the hidden 宝 that only a
declared seat's own draw makes wild, 吃听, an opened hand with a 1/9/中, a
pung and a chow, 卡当 and 宝中宝, the last four tiles dealt in turn.

Sources: seed 000 (全国各地麻将玩法总汇, 黑龙江哈尔滨麻将, pp.36-39) as
specified in ``variants-regional.md`` §10.  Score a hand written on paper
(seats 0..3 = E S W N when seat 0 deals; a win needs ``declared_ready``):

>>> hb = Harbin()
>>> r = hb.score_hand("123m99m456s79s", win_tile="8s", melds=["pon 555p"], winner=1, discarder=2,
...                   context={"declared_ready": True})
>>> r.sheet.names(), r.sheet.points, r.settlement.deltas(4)
(['平胡', '卡当'], 2, [0, 2, -2, 0])
>>> r = hb.score_hand("123m99m456s79s", win_tile="8s", melds=["pon 555p"], winner=1,
...                   context={"declared_ready": True, "wild_win_tile": True})
>>> r.sheet.names(), r.settlement.deltas(4)
(['宝中宝'], [-8, 16, -4, -4])

What the rule set decides (the seed's wording first, then each gap of §10.10):

* Tiles (§10.1): 万饼条 ×4 and four 红中 ("万、饼、条各36张，再加4个红中，
  一共112张牌"), no other honours, no flowers; 13 tiles, the dealer 14 and
  discards first; two dice.
* Dealer and deal (§10.2, §10.3): "新开第一局系统随机选择一个庄家" — the first
  dealer of a match is drawn from its seed (``random_first_dealer``; option
  ``first_dealer`` fixes the seat); "庄家摇两次筛子，第一次逆时针数点找到先拿牌
  的人，先拿牌的人再从自己面前的牌堆右向左按根据第二次摇筛子的两个筛子点数之和的
  点数开始拿牌" — as 长春: the two rolls choose where the shuffled wall is
  broken, which changes nothing for a shuffled wall (the engine deals from
  the head and the 宝 is its last tile); :func:`deal_start` (长春's) gives
  the seat and the stack the two rolls name, for front ends.
* 宝 (§10.4): after the deal the last tile of the wall is the 宝, face down
  ("牌墙中的最后一张牌为"宝"牌 … 背面朝上"): the engine's ``wild_indicator``
  with no wild kinds (:meth:`wild_tile_kinds` is empty).  Only a seat that
  declared ready sees it ("只有听牌后，才可以看到宝牌": the hook
  :meth:`indicator_visible`; ``observe`` and ``observe_tensor`` hide it
  from the others).  Only the 宝 a declared seat draws itself is wild
  ("宝牌只有在听牌后自摸摸到，才可替代任何牌和牌"; a discarded 宝 and a 宝
  drawn before declaring are ordinary tiles): the hook
  :meth:`drawn_tile_wild`; the win is 摸宝, and it always wins for a
  declared seat (HR-5 PROPOSAL: the wild stands for one of the waits).
* 换宝 (§10.4): when three tiles of the 宝's kind are visible (discards,
  the old 宝s laid in the dealer's river, chows, pongs and exposed kongs:
  "包括打出的牌和各玩家吃碰杠的牌") the old 宝 goes to the dealer's discards
  and the last tile of the wall is the new 宝, again until the new one is
  not three times visible or no tile is left ("直到没有牌换为止"): the hook
  :meth:`indicator_redraw`, asked before every draw and after every call.
  Concealed kongs are face down and do not count (PROPOSAL; option
  ``concealed_kongs_visible``); only tiles of the new 宝's kind count
  (HR-4 PROPOSAL).
* Calls (§10.5): chow from the 上家 only, pong and kong by anyone, exposed
  kongs from three in hand + a discard or a pong + a drawn fourth, concealed
  kongs of four held; the replacement from the end of the wall.  No chow,
  pong or kong with 4 tiles in hand ("剩4个牌后，不可以吃碰杠操作": the
  engine's ``max_melds`` = 3).
* Ready (§10.5, §10.6): a win needs a declaration ("只有在听牌状态下才可胡牌":
  ``ready_rule`` REQUIRED); the declaration needs an opened hand (a chow,
  pong or exposed kong; "暗杠不算开门") and a wait the seat may legally win
  on (the engine's ``ready_needs_legal_wait``): the tiles before the
  winning one hold two suits ("清一色不能听"; 红中 is no suit), a 1, a 9 or a
  红中 ("牌中必须带至少一个幺或九 … 红中就可代替"), a chow that is already
  made ("一组顺牌", not the one the winning tile completes) and a pung (中中中
  counts), or, with no pung, two pairs, so that the winning tile makes the
  pung (对倒: "无刻牌，但有两个对子，也可听牌").  Only the shapes of the seed:
  four sets and a pair with at least one pung and one chow (no 七对, no
  十三幺: "其他特殊组合均不考虑").  A declared hand discards what it draws and
  claims only wins; it may kong when the hand stays ready ("如果不影响听牌
  牌型，则让玩家自主选择是否杠牌": ``ready_kong_any_waits``).  The dealer's
  dealt 14 tiles never win (no 天胡: the hand is neither opened nor declared).
* 吃听 (§10.5): a seat may chow a discard that makes it ready at once and
  declare with its discard: the engine's ``chow_ready`` (the answer READY
  with the chow's lowest tile, "ready 345m" in a scenario); priority
  win > kong > 吃听 > pong > chow ("胡牌>杠牌>吃听牌>碰牌>吃牌"); the 上家's
  next seat may choose a plain chow or 吃听.  Any seat may 吃听, the nearest
  to the discarder first (HR-2 PROPOSAL, "如果同时有多个人可以吃听";
  option ``chow_ready_any_seat=False``: the 下家 only).
* One winner per discard, the nearest counter-clockwise ("没有一炮双响",
  截胡).  Robbing an added kong (抢杠) is allowed (PROPOSAL, option
  ``rob_kong``); no 漏胡 ban (PROPOSAL: the seed has none; option
  ``missed_win_ban``).
* The last four tiles (§10.8): the last 4 tiles (the 宝 not counted) are
  drawn one by one in turn; the drawer wins on it (自摸, 摸宝) or it is laid
  aside, and nobody may win on it ("打出的牌别的玩家不能胡"): the engine's
  ``self_draw_zone`` = 4.  A discard before them may still be konged; the
  replacement comes from them and the konger plays a normal turn ("剩下的牌
  变成了3张"; ``zone_kong_claims``); a 换宝 first takes the last tile.
  No tile left and no winner: a draw, the dealer deals again.
* Dealer (§10.2): the dealer wins or the hand is drawn → the dealer again
  (连庄); otherwise the winner deals.
* Scoring (HR-1 PROPOSAL: the seed has none, only the names 平胡, 自摸, 摸宝,
  卡当胡, 宝中宝; every value is an option in ``values``): a multiplier
  table, base 1: 平胡 ×1 (a discard win), 自摸 ×2, 摸宝 ×2 (a 自摸),
  卡当 ×2, 宝中宝 ×4 in place of 卡当 × 摸宝, 庄家 ×2 when the dealer wins
  or pays.  A discard win is paid by the discarder (a robbed kong by the
  robbed seat), a self-draw by each of the three others.
* 卡当 ("要胡的牌是顺子中间的夹牌 … 必须只能胡一个牌"): the hand before the
  winning tile waits on one kind only (by shape) and that kind is the
  middle of a chow of the winning hand ("67789 胡8万不算", "7889算",
  "78889不算", "8不算").  宝中宝: a 卡当 wait whose one tile is the 宝,
  drawn by the declared seat (摸宝).

``context_keys``: ``bao``, the 宝 (a tile, e.g. ``"8s"``) as the winner
sees it once declared; a self-drawn winning tile of that kind by a declared
seat is the wild 摸宝.  On paper the WinContext field ``wild_win_tile`` says
the same without naming the 宝.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from mahjong_core import _native
from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules, Shape, decompositions
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.patterns import Reading
from mahjong_core.rules import Payment, ReadyRule, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from .changchun import deal_start
from mahjong_core.tiles import KIND_NAMES, MeldKind, parse_tile

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["Harbin", "HarbinOptions", "HarbinValues", "closed_wait", "deal_start", "may_hold_ready"]

RED = 33
"""红中, the only honour of the set."""
KINDS = tuple(range(27)) + (RED,)
"""The kinds in play."""
ENDS = frozenset(k for k in range(27) if k % 9 in (0, 8)) | {RED}
"""幺九 and 红中: one of them must be in a ready hand."""
_NO_SHAPE = "not a winning hand: four sets and a pair only (其他特殊组合均不考虑)"
RULES = HandRules(forms={Form.STANDARD})
"""Four sets and a pair only (the one 宝 can only stand for a kind in play: it needs natural partners)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HarbinValues:
    """The multipliers of the 哈尔滨 table (HR-1 PROPOSAL); each may be changed."""

    base: int = 1
    """底分: what one payer pays for a plain discard win."""
    self_draw: int = 2
    """自摸 (摸宝 too): × this."""
    mo_bao: int = 1
    """摸宝: × this on top of 自摸 (1: 摸宝 counts as a 自摸 only)."""
    closed_wait: int = 2
    """卡当: × this."""
    bao_in_bao: int = 4
    """宝中宝: × this in place of 卡当 × 摸宝."""
    dealer: int = 2
    """庄家: × this when the dealer wins (every payer) or pays."""

    def __post_init__(self) -> None:
        for f in ("base", "self_draw", "mo_bao", "closed_wait", "bao_in_bao", "dealer"):
            x = getattr(self, f)
            if isinstance(x, bool) or not isinstance(x, int) or x < 1:
                raise MahjongError(f"harbin: option values.{f} must be an int >= 1, got {x!r}")


@dataclass(frozen=True, slots=True, kw_only=True)
class HarbinOptions:
    """House rules of 哈尔滨麻将 (see :class:`Harbin`)."""
    first_dealer: int = -1
    """The first dealer of a match: -1 (default) a seat drawn from the
    match's seed, as the seed says ("新开第一局系统随机选择一个庄家": ``random_first_dealer``); 0..3:
    that seat deals first."""

    chow_ready_any_seat: bool = True
    """吃听 by any seat, the nearest first (HR-2 PROPOSAL); False: the 下家 only."""
    rob_kong: bool = True
    """An added kong may be robbed (抢杠, PROPOSAL)."""
    missed_win_ban: bool = False
    """漏胡 (PROPOSAL: not in the seed): after passing a win, no discard win until the seat's next draw."""
    concealed_kongs_visible: bool = False
    """换宝 counts the tiles of concealed kongs as visible (PROPOSAL: they are face down)."""
    values: HarbinValues = field(default_factory=HarbinValues)
    """The multipliers (HR-1 PROPOSAL)."""

    def __post_init__(self) -> None:
        for name in ("chow_ready_any_seat", "rob_kong", "missed_win_ban", "concealed_kongs_visible"):
            x = getattr(self, name)
            if not isinstance(x, bool):
                raise MahjongError(f"harbin: option {name} must be True or False, got {x!r}")
        if isinstance(self.values, dict):
            try:
                object.__setattr__(self, "values", HarbinValues(**self.values))
            except TypeError as e:
                raise MahjongError(f"harbin: option values: {e}") from None
        if not isinstance(self.values, HarbinValues):
            raise MahjongError(f"harbin: option values must be HarbinValues, got {self.values!r}")


def closed_wait(before: Sequence[int]) -> int | None:
    """卡当: the one kind the 3n+1 tiles ``before`` wait on, when it is the
    only one and the middle of a chow of the completed tiles; else None.

    >>> [closed_wait(t) for t in ([24, 25, 25, 26], [5, 6, 6, 7, 8, 0, 0], [6, 7, 7, 7, 8, 0, 0], [7])]
    [25, None, None, None]
    """
    key = tuple(before)
    try:
        return _CLOSED[key]
    except KeyError:
        pass
    c = bytearray(34)
    for k in key:
        c[k] += 1
    got: int | None = None
    mask = _native.waits_mask_buf(c, 0, RULES)
    if mask and not mask & (mask - 1):  # (one kind only)
        t = mask.bit_length() - 1
        if t < 27 and t % 9 not in (0, 8):
            c[t] += 1
            for d in decompositions(_native.Counts(c), 0, RULES):
                if any(shape == _CHOW and kind == t - 1 for shape, kind, _w in d.units):
                    got = t
                    break
    if len(_CLOSED) >= 256:
        _CLOSED.clear()
    _CLOSED[key] = got
    return got


_CLOSED: dict[tuple[int, ...], int | None] = {}
""":func:`closed_wait` by its tiles: a declared hand is locked, so every
win it is offered asks about the same tiles."""


class Harbin(Ruleset):
    """哈尔滨麻将: see the module docstring for every decision."""

    name = "harbin"
    version = 1
    zh = "哈尔滨麻将"
    summary = "哈尔滨: 112 tiles with 红中, hidden 宝 wild only for a ready seat's draw, 吃听, open + 1/9/中 + pung + chow"
    aliases = ("哈尔滨", "黑龙江", "黑龙江麻将", "黑龙江哈尔滨麻将", "宝牌", "哈尔滨宝牌", "haerbin", "heilongjiang")
    Options = HarbinOptions
    random_first_dealer = True  # "新开第一局系统随机选择一个庄家" (option first_dealer fixes the seat)

    honors = False
    hand_rules = RULES
    allow_chow = True
    multiple_winners = False
    rob_kong = True
    missed_win_ban = False
    ready_rule = ReadyRule.REQUIRED
    ready_allows_kong = True
    ready_kong_any_waits = True
    ready_needs_legal_wait = True
    chow_ready = True
    chow_ready_any_seat = True
    max_melds = 3
    self_draw_zone = 4
    zone_kong_claims = True
    wild_indicator = True
    wild_tiles = "宝: the last tile of the wall, hidden; wild only when a declared seat draws it (换宝 on three visible)"

    options: HarbinOptions
    context_keys = MappingProxyType({
        "bao": "the 宝 (a tile, notation or kind) the declared winner sees: a self-drawn winning tile of "
               "its kind is the wild 摸宝",
    })
    refuses_win_exact = True

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        # the engine reads these from the rule set: options set them per instance
        setattr(self, "chow_ready_any_seat", o.chow_ready_any_seat)
        setattr(self, "rob_kong", o.rob_kong)
        setattr(self, "missed_win_ban", o.missed_win_ban)
        self._memo: tuple[WinContext, str | None, WinContext] | None = None

    # --- tiles and the 宝 ----------------------------------------------------
    def wall_tiles(self) -> list[int]:
        if self.copies == 4:
            return list(_WALL)
        return [k for k in KINDS for _ in range(self.copies)]

    def wild_tile_kinds(self, table: Table) -> frozenset[int]:
        """No kind is wild for everyone: only the drawn 宝 of a declared seat."""
        return frozenset()

    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        """The 宝 names itself."""
        return frozenset({indicator})

    def drawn_tile_wild(self, table: Table, seat: int, tile: int) -> bool:
        """摸宝: the 宝 drawn by a seat that declared ready."""
        return bool(table.declared[seat]) and table.indicator == tile

    def indicator_visible(self, table: Table, seat: int) -> bool:
        """"只有听牌后，才可以看到宝牌"."""
        return bool(table.declared[seat])

    def visible_copies(self, table: Table, kind: int) -> int:
        """Tiles of ``kind`` face up on the table: discards (the old 宝s in
        the dealer's river too) and the tiles of chows, pongs and exposed
        kongs (``Table.shown``); concealed kongs too with
        ``concealed_kongs_visible``."""
        n = table.shown[kind]
        if self.options.concealed_kongs_visible:
            for melds in table.melds:
                for m in melds:
                    if m.kind is MeldKind.ANKAN and m.tiles[0] == kind:
                        n += 4
        return n

    def indicator_redraw(self, table: Table) -> bool:
        """换宝: three tiles of the 宝's kind are visible (asked before every
        draw)."""
        kind = table.indicator
        if kind is None:
            return False
        if table.shown[kind] >= 3:
            return True  # (concealed kongs only add to what is face up)
        return self.options.concealed_kongs_visible and self.visible_copies(table, kind) >= 3

    def may_declare_ready(self, table: Table, seat: int) -> bool:
        """开门: a chow, pong or exposed kong first ("暗杠不算开门").  Also
        False (a speed answer: the engine then asks no discard) when no
        discard can leave a ready hand that :meth:`win_problem` would let
        win: the hand is two or more tiles from complete (the kernel's
        shanten, as the engine would find), or it lacks what the rules that
        read only the tiles before the winning one need
        (:func:`may_hold_ready`)."""
        melds = table.melds[seat]
        opened = chow = pung = False
        for m in melds:
            kind = m.kind
            if kind is not _ANKAN:  # (not m.is_concealed)
                opened = True
            if kind is _CHI:
                chow = True
            else:
                pung = True
        if not opened:
            return False
        hand = table.hands[seat]
        try:
            if _shanten_buf(hand, 0, RULES) > 0:
                return False  # (no discard leaves it waiting)
        except InvalidHandError:
            pass  # (no shape for this many tiles: the engine asks each discard)
        return may_hold_ready(hand, melds, chow, pung)

    # --- scoring -------------------------------------------------------------
    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        """``bao``: the 宝, for a seat that has declared (it sees it)."""
        if table.declared[seat] and table.indicator is not None:
            return {"bao": KIND_NAMES[table.indicator]}
        return _NO_EXTRA

    def _check(self, ctx: WinContext) -> str | None:
        """The rule every reading breaks, or None (some reading may win)."""
        memo = self._memo
        if memo is not None and memo[0] is ctx:
            return memo[1]
        mo = _as_mo_bao(ctx)
        problem = self._check_new(mo)
        self._memo = (ctx, problem, mo)
        return problem

    def _check_new(self, ctx: WinContext) -> str | None:
        rs: tuple[Reading, ...] = ()
        fast = bool(ctx.decompositions) and not ctx.wilds
        if not fast:  # (else the kernel found a shape: the cheap rules come first)
            try:
                rs = v.readings(ctx, RULES)
            except IllegalWinError:
                return _NO_SHAPE
        if len(ctx.melds) > self.max_melds:
            return "不能上听单调一张牌: a ready hand keeps at least 4 tiles (no fourth meld)"
        for m in ctx.melds:  # (ctx.concealed_hand, without its generator)
            kind = m.kind
            if kind is not _ANKAN and kind is not _SPECIAL:
                break
        else:
            return "必需开门: the hand must be opened by a chow, pong or exposed kong (暗杠不算开门)"
        before = _ready_tiles(ctx)
        suits = set(map(_SUIT_OF.__getitem__, before))
        suits.discard(3)
        if len(suits) < 2:
            return "清一色不能听: the hand needs two suits or more (红中 is no suit)"
        if ENDS.isdisjoint(before):
            return "听牌时牌中必须带幺或九: the ready hand needs a 1, a 9 or a 红中"
        if fast:
            if pung_and_chow_natural(ctx):
                return None
        elif any(_pung_and_chow(r) for r in rs):
            return None
        return ("听牌时必须带至少一组刻牌与一组顺牌: a pung (or two pairs for 对倒) and a chow "
                "made before the winning tile")

    def score(self, ctx: WinContext) -> ScoreSheet:
        problem = self._check(ctx)
        if problem is _NO_SHAPE:
            raise IllegalWinError(f"{self.id}: {problem}")
        assert self._memo is not None
        ctx = self._memo[2]  # (_as_mo_bao(ctx), made by _check)
        vals = self.options.values
        items: list[ScoreItem] = []
        before = [k for k in ctx.concealed]
        if not ctx.wild_win_tile:
            before.remove(ctx.win_tile)
        kadang = closed_wait(before)
        bao = ctx.wild_win_tile and ctx.self_drawn
        mult = 1
        if bao and kadang is not None and kadang == ctx.win_tile:
            items.append(ScoreItem("宝中宝", "Treasure in treasure", vals.bao_in_bao,
                                   why=f"卡当 on {_name(kadang)}, and the 宝 drawn is that tile"))
            mult *= vals.bao_in_bao
        else:
            if bao:
                m = vals.self_draw * vals.mo_bao
                items.append(ScoreItem("摸宝", "Drew the treasure", m, why="the 宝 drawn after declaring (a 自摸)"))
                mult *= m
            elif ctx.self_drawn:
                items.append(ScoreItem("自摸", "Self-drawn", vals.self_draw, why="each of the three pays"))
                mult *= vals.self_draw
            else:
                items.append(ScoreItem("平胡", "Win on a discard", 1, why="the discarder pays"))
            if kadang is not None:
                items.append(ScoreItem("卡当", "Closed wait", vals.closed_wait,
                                       why=f"the only wait is {_name(kadang)}, the middle of a chow"))
                mult *= vals.closed_wait
        if ctx.dealer:
            items.append(ScoreItem("庄家", "Dealer wins", vals.dealer, why="every payer pays more"))
            mult *= vals.dealer
        notes = (f"{' × '.join(str(it.value) for it in items)} × 底分 {vals.base}"
                 + (f"; × {vals.dealer} more from the dealer as payer" if not ctx.dealer else ""),)
        return ScoreSheet(items=tuple(items), total=mult, unit="倍", points=mult * vals.base, notes=notes)

    def refuses_win(self, ctx: WinContext) -> bool:
        """The engine's early refusal (before :meth:`score`): no declared
        ready, or a rule of :meth:`win_problem` the hand breaks; exactly its
        refusals (``refuses_win_exact``: the engine scores a win only when it
        is taken), but a hand of no shape, which :meth:`score` names."""
        if not ctx.declared_ready:
            return True
        problem = self._check(ctx)
        return problem is not None and problem is not _NO_SHAPE  # (score names a missing shape)

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        if not ctx.declared_ready:
            return "只有在听牌状态下才可胡牌: a win needs a declared ready (听牌)"
        return self._check(ctx)

    # --- settlement ----------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        vals = self.options.values
        out: list[Payment] = []
        for ctx, sheet in wins:
            dealer = ctx.seat if ctx.dealer else _dealer_seat(table, ctx)
            if ctx.self_drawn:
                payers = [s for s in range(self.num_players) if s != ctx.seat]
                why = "摸宝" if _as_mo_bao(ctx).wild_win_tile else "自摸"
            elif ctx.discarder is not None:
                payers = [ctx.discarder]
                why = "抢杠" if ctx.robbed_kong else "点炮"
            else:  # pragma: no cover - a WinContext is self-drawn or has a discarder
                raise IllegalWinError("harbin: a discard win without a discarder")
            for s in payers:
                extra = vals.dealer if (not ctx.dealer and s == dealer) else 1
                out.append(Payment(s, ctx.seat, sheet.points * extra, why + (" (庄家)" if extra > 1 else "")))
        return Settlement(tuple(out))

    def next_dealer(self, table: Table) -> int:
        """连庄 when the dealer wins or the hand is drawn; else the winner deals."""
        if self.dealer_stays(table):
            return table.dealer
        return table.winners[0]

    # --- bots ------------------------------------------------------------------
    def aim_discard_costs(self, table: Any, seat: int) -> Sequence[int]:
        """Keep two suits and a 1/9/中: a discard that would leave the hand
        with one suit, or with no 1/9/中, costs one shanten."""
        hand = table.hands[seat]
        m, p, s = sum(hand[0:9]), sum(hand[9:18]), sum(hand[18:27])
        ends = hand[0] + hand[8] + hand[9] + hand[17] + hand[18] + hand[26] + hand[33]
        for meld in table.melds[seat]:
            tiles = meld.tiles
            suit = _SUIT_OF[tiles[0]]  # (a meld is of one suit)
            if suit == 0:
                m += len(tiles)
            elif suit == 1:
                p += len(tiles)
            elif suit == 2:
                s += len(tiles)
            for k in tiles:
                ends += _IS_END[k]
        one_suit = (m == 1 or p == 1 or s == 1) and (not m or not p or not s)
        if not one_suit and ends != 1:
            return _NO_COSTS  # (most turns: bytes, read by the kernel in place)
        costs = bytearray(34)
        if one_suit:
            # (a suit of one tile, in a hand of two suits or fewer: that
            # tile is in the hand, a meld holds three)
            for n, first in ((m, 0), (p, 9), (s, 18)):
                if n == 1:
                    for k in range(first, first + 9):
                        if hand[k]:
                            costs[k] += 1
        if ends == 1:
            for k in _END_KINDS:
                if hand[k]:
                    costs[k] += 1
        return bytes(costs)


_ANKAN, _SPECIAL, _CHI = MeldKind.ANKAN, MeldKind.SPECIAL, MeldKind.CHI
_NO_COSTS = bytes(34)
"""No discard costs anything (:meth:`Harbin.aim_discard_costs`)."""
_shanten_buf = _native.shanten_buf
_WALL = tuple(k for k in KINDS for _ in range(4))
"""The 112 tiles (asked once per hand)."""
_SUIT_OF = tuple(min(k // 9, 3) for k in range(42))
"""Each kind's suit: 0..2, 3 for an honour (红中, no suit)."""
_END_KINDS = tuple(sorted(ENDS))
_IS_END = tuple(1 if k in ENDS else 0 for k in range(42))
"""1 for a 1, a 9 or 红中, by kind."""


_HELD = bytes([0] + [1] * 255)
"""A ``bytes.translate`` table: 1 for a kind held, 0 for none."""
_TWO_UP = bytes([0, 0] + [1] * 254)
"""1 for a kind held twice or more."""


def _byte_mask(kinds: Any) -> int:
    """One bit per kind, 8 apart (the low bit of each byte of a 34-count
    buffer read as a little-endian int)."""
    return sum(1 << (8 * k) for k in kinds)


_SUIT_BYTES = tuple(_byte_mask(range(s * 9, s * 9 + 9)) for s in range(3))
_END_BYTES = _byte_mask(ENDS)
_RUN_BYTES = _byte_mask(k for k in range(27) if k % 9 <= 6)
"""The lowest kinds of a run (k, k + 1, k + 2 in one suit)."""


def may_hold_ready(hand: Any, melds: Sequence[Any], chow: bool, pung: bool) -> bool:
    """Whether the concealed counts ``hand`` (a discard still to come) and
    ``melds`` hold what every ready hand of a legal 哈尔滨 win holds before
    the winning tile (:meth:`Harbin.win_problem`): two suits, a 1, 9 or
    红中, a chow (``chow``: declared; else three kinds in a row held) and a
    pung (``pung``: a pung or kong declared; else three of a kind held, or
    two pairs for 对倒).  A discard only takes tiles away, so False means
    no discard leaves such a hand.

    >>> from mahjong_core.tiles import parse_tiles
    >>> def held(text): return bytearray(parse_tiles(text).count(k) for k in range(34))
    >>> may_hold_ready(held("123m456m789m11p45p9s"), [], False, False)  # (no pung, one pair)
    False
    >>> may_hold_ready(held("123m456m789m11p44p9s"), [], False, False)
    True
    """
    buf = bytes(hand)
    h = int.from_bytes(buf.translate(_HELD), "little")  # (one bit per kind held)
    if not chow and not h & (h >> 8) & (h >> 16) & _RUN_BYTES:
        return False
    if not pung and max(buf) < 3 and buf.translate(_TWO_UP).count(1) < 2:
        return False
    x = h
    for m in melds:
        for k in m.tiles:
            x |= 1 << (8 * k)
    if not x & _END_BYTES:
        return False
    return (x & _SUIT_BYTES[0] != 0) + (x & _SUIT_BYTES[1] != 0) + (x & _SUIT_BYTES[2] != 0) >= 2


def _name(kind: int) -> str:
    return KIND_NAMES[kind]


_NO_EXTRA: Mapping[str, Any] = MappingProxyType({})


def _bao_kind(value: Any) -> int:
    """The ``bao`` context key as a kind (notation or a kind 0..33)."""
    if type(value) is str:
        got = _BAO_KINDS.get(value)
        if got is not None:
            return got  # (the engine's key: one of 28 names, parsed once)
    kind = value
    if isinstance(value, str):
        try:
            kind = parse_tile(value)
        except MahjongError as e:
            raise MahjongError(f"harbin: context bao: {e}") from None
    if isinstance(kind, int) and not isinstance(kind, bool) and kind in KINDS:
        if type(value) is str and len(_BAO_KINDS) < 256:
            _BAO_KINDS[value] = kind
        return kind
    raise MahjongError(f"harbin: context bao must be a tile of the set (e.g. '8s'), got {value!r}")


_BAO_KINDS: dict[str, int] = {}
""":func:`_bao_kind` of the texts seen (the engine names the 宝 in every
context of a declared seat)."""


def _as_mo_bao(ctx: WinContext) -> WinContext:
    """With ``bao`` given: a declared seat's self-drawn winning tile of the
    宝's kind is the wild 摸宝 (``wild_win_tile``)."""
    value = ctx.extra.get("bao")
    if value is None or ctx.wild_win_tile:
        return ctx
    bao = _bao_kind(value)
    if not (ctx.self_drawn and ctx.declared_ready and ctx.win_tile == bao and bao in ctx.concealed):
        return ctx
    concealed = list(ctx.concealed)
    concealed.remove(bao)
    return replace(ctx, concealed=tuple(concealed), wilds=ctx.wilds + 1, wild_win_tile=True, decompositions=())


def _ready_tiles(ctx: WinContext) -> list[int]:
    """The natural tiles of the ready hand: the concealed tiles before the
    winning one (a wild 宝 is none of them) and every meld's tiles."""
    before = list(ctx.concealed)
    if not ctx.wild_win_tile and ctx.win_tile in before:
        before.remove(ctx.win_tile)
    for m in ctx.melds:
        before.extend(m.tiles)
    return before


def _pung_and_chow(r: Reading) -> bool:
    """A pung (the winning tile may make it, from one of two pairs: 对倒) and
    a chow the winning tile did not complete (made when declaring)."""
    if not r.pungs:
        return False
    return any(u.shape is Shape.CHOW and i != r.win_unit for i, u in enumerate(r.units))


_PUNG, _CHOW = int(Shape.PUNG), int(Shape.CHOW)


def pung_and_chow_natural(ctx: WinContext) -> bool:
    """:func:`_pung_and_chow` of some reading of ``ctx``, read off the
    kernel's decompositions (``ctx.decompositions``, no wild tile: then
    every reading is a decomposition with one unit the winning tile
    completed).  A decomposition with a pung (declared or not) passes with
    two chows, or with one that lacks the winning tile (a declared one
    does) or is not the only unit holding it."""
    tile = ctx.win_tile
    no_tile = tile < 0 or tile >= 34 or tile in ctx.wild_kinds or ctx.wild_win_tile
    meld_pung = meld_chows = 0
    for m in ctx.melds:
        if m.kind is MeldKind.CHI:
            meld_chows += 1
        else:
            meld_pung = 1
    for d in ctx.decompositions:
        pung, chows = meld_pung, meld_chows
        chow_hit = other_hit = False
        for shape, kind, _w in d.units:
            if shape == _CHOW:
                chows += 1
                if kind <= tile <= kind + 2:
                    chow_hit = True
            else:
                if shape == _PUNG:
                    pung = 1
                if kind == tile:
                    other_hit = True
        if pung and (chows >= 2 or (chows == 1 and (no_tile or not chow_hit or other_hit))):
            return True
    return False


def _dealer_seat(table: Table | None, ctx: WinContext) -> int | None:
    """The dealer's seat: from the table, or on paper from the seat wind."""
    if table is not None:
        return table.dealer
    return (ctx.seat - ctx.seat_wind) % 4
