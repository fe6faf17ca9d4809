"""福州麻将 (Fuzhou): 144 tiles, the 28 honours and the 8 seasons and plants
all flowers, 16-tile hands (the dealer 17), the 金 (gold) wild turned up
after 补花, 抢金, 三金倒, 金雀, 金龙, and the 底/花/金/连庄 formula.

Source: seed [004] (two rule texts for 福州: FZ-A "番数计算 / 具体算法" and
FZ-B "1.概述 … 3.积分计算"), seed [000] p.40 (福建麻将, the introduction),
as specified in ``variants-more.md`` §1 and ``variants-regional.md`` §11.
Seats are 0..3 in turn order; amounts are points with 底番 ``base`` = 1:

>>> fz = Fuzhou()
>>> r = fz.score_hand("123m456m789m23p9p6s", win_tile="6s", melds=["kan 7777s"], winner=1, dealer=0,
...                   discarder=2, flowers="1z2z3z", context={"gold": "9p"})
>>> r.sheet.names(), r.sheet.points, r.settlement.deltas(4)
(['花', '花', '花', '花', '金', '底'], 20, [0, 20, -20, 0])
>>> fz.score_hand("123m456m789m234p567p9p", win_tile="6s", winner=1, discarder=3, context={"gold": "9p"})
Traceback (most recent call last):
...
mahjong_core.errors.IllegalWinError: fuzhou-v1: 闲金时不能点炮和: a hand that wins on any tile may not win on a discard (unless 金雀 or 金龙)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core._native import Counts, is_win_buf
from mahjong_core.analysis import Form, HandRules, Shape, is_win, waits
from mahjong_core.errors import IllegalWinError, InvalidNotationError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import (
    ContextWinConditions, Payment, ReadyRule, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
)
from mahjong_core.tiles import KIND_NAMES, MeldKind, parse_tile

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "EVENT_WINS",
    "Fuzhou",
    "FuzhouOptions",
    "GoldDiscard",
    "SPECIALS",
    "Scoring",
    "escape_penalty",
    "flower_points",
]

HONOURS = tuple(range(27, 34))
"""东南西北白发中: flowers in 福州, never held."""
SEASONS = (34, 35, 36, 37)
"""春夏秋冬."""
PLANTS = (38, 39, 40, 41)
"""梅兰竹菊."""
SUIT_KINDS = tuple(range(27))

TIANHU, QIANGJIN, SANJINDAO = "天胡", "抢金", "三金倒"
EVENT_WINS = (TIANHU, QIANGJIN, SANJINDAO)
"""The "event" wins (FZ-A: specials add up in them with ``event_specials_add``)."""


class Scoring(enum.Enum):
    """Which payment formula of the seed (spec §1.10)."""

    B = "B"
    """FZ-B "计分公式" (default): 放胡 = (花+金+连庄+5)×2 + S paid by the
    discarder; 自摸: each of the three pays the same."""
    A = "A"
    """FZ-A "具体算法": 点炮和 = 花+金+连庄+5 + S; 自摸 = (…)×2 + S from each."""


class GoldDiscard(enum.Enum):
    """Discarding a 金 (spec §1.6, the two texts disagree)."""

    HAND = "hand"
    """FZ-B (default): 金 may be discarded, nobody may claim or win on it, and
    the discarder may only win by self-draw for the rest of the hand."""
    ROUND = "round"
    """FZ-A's rule: the discarder may only win by self-draw until its next turn (本圈内)."""
    FORBIDDEN = "forbidden"
    """FZ-A's system setting: "本系统设置为金牌不允许打出"."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FuzhouOptions:
    """House rules of 福州麻将 (see :class:`Fuzhou`)."""

    scoring: Scoring = Scoring.B
    """The payment formula: FZ-B (default, as the spec states) or FZ-A."""
    base: int = 1
    """底番 (a room setting; the seed's room: 1).  Every amount is a multiple of it."""
    gold_discard: GoldDiscard = GoldDiscard.HAND
    """Discarding 金: FZ-B (default), FZ-A's go-around ban, or forbidden."""
    streak_all_payers: bool = False
    """连庄 L in every payment, as the literal formulas write it; default
    (PROPOSAL): when a 闲 wins, only the dealer pays L ("被顶庄庄家也要付
    赢牌者相应的连庄点数"); when the dealer wins, every payer does."""
    event_specials_add: bool = False
    """FZ-A: in 三金倒 / 抢金 / 天胡 wins several specials add up (三金倒
    never with 抢金, 金雀, 金龙); default FZ-B: only the highest counts."""
    gold_kan: int = 60
    """金坎 (FZ-A only, a declared wait): 60 in FZ-A's list and "与金将一样大"
    (default, PROPOSAL); FZ-A item G writes 120."""
    gold_kan_declare: bool = True
    """金坎 may be declared in play (the seed's FZ-A text; off: no
    declaration, 金坎 only on paper with the context key ``gold_kan``)."""
    flushes: bool = True
    """混一色 120 / 清一色 240 (FZ-A only; on by default as the spec's §1.12)."""
    rob_kong: bool = True
    """抢杠 on an added kong (PROPOSAL: the seed is silent; the common rule),
    paid by the robbed seat as a discard."""
    missed_win_ban: bool = True
    """过胡 (PROPOSAL: the seed is silent): a seat that passes a win may not
    win on a discard before its own next draw."""
    first_dealer: int = -1
    """The first dealer of a match: -1 (default) drawn at random from the
    match's seed ("新开第一局系统随机选择一个庄家"); 0..3: that seat."""

    def __post_init__(self) -> None:
        if isinstance(self.base, bool) or not isinstance(self.base, int) or self.base < 1:
            raise MahjongError(f"fuzhou: base must be a whole number >= 1, got {self.base!r}")
        if isinstance(self.gold_kan, bool) or not isinstance(self.gold_kan, int) or self.gold_kan < 0:
            raise MahjongError(f"fuzhou: gold_kan must be a whole number >= 0, got {self.gold_kan!r}")
        if not isinstance(self.gold_kan_declare, bool):
            raise MahjongError(f"fuzhou: gold_kan_declare must be True or False, got {self.gold_kan_declare!r}")
        for name, kind in (("scoring", Scoring), ("gold_discard", GoldDiscard)):
            value = getattr(self, name)
            if not isinstance(value, kind):
                try:
                    text = str(value)
                    object.__setattr__(self, name, kind(text.upper() if kind is Scoring else text.lower()))
                except ValueError:
                    known = ", ".join(repr(k.value) for k in kind)
                    raise MahjongError(f"fuzhou: {name} must be one of {known}, got {value!r}") from None


def flower_points(flowers: Sequence[int]) -> int:
    """花 of the flower tiles: 1 each; a complete set of four (4 of one
    honour, 春夏秋冬 or 梅兰竹菊) counts 6 instead of 4 (seed: "抓齐４个
    一样的花（如４个'东'或者'春夏秋冬'一套），按６朵花计")."""
    total = len(flowers) + 2 * honour_quads(flowers)
    if total >= 4:
        held = set(flowers)
        for group in _FLOWER_SETS:
            if held.issuperset(group):
                total += 2
    return total


_FLOWER_SETS = (frozenset(SEASONS), frozenset(PLANTS))


def _kong_points(ctx: WinContext) -> int:
    """The winner's kongs as 花: 明杠 1, 暗杠 2 ("一个明杠算一朵花，一个暗杠算两朵花")."""
    return sum(2 if m.kind is MeldKind.ANKAN else 1 for m in ctx.melds if m.is_kong)


def _gold_pair(r: Reading) -> bool:
    """金雀: the pair is two 金 ("用两只金来做对子")."""
    return any(u.shape is Shape.PAIR and len(u.wilds) == 2 for u in r.units)


def _gold_dragon(r: Reading) -> bool:
    """金龙: three 金 used as a pung of their own kind ("3张金牌只能当作自己本身的刻子来使用")."""
    own = r.ctx.wild_kinds
    return any(
        u.shape is Shape.PUNG and u.meld is None and len(u.wilds) == 3 and u.kind in own for u in r.units
    )


def _mixed_flush(r: Reading) -> bool:
    """混一色 (福州): one suit as read, with a 金 that is not 死金."""
    return v.full_flush(r) and not r.is_natural


def _pure_flush(r: Reading) -> bool:
    """清一色 (福州): one suit, no 金 or every 金 used as itself (死金)."""
    return v.full_flush(r) and r.is_natural


def _no_flower_no_kong(r: Reading) -> bool:
    return not r.ctx.flowers and not v.kongs(r)


def _one_flower(r: Reading) -> bool:
    return len(r.ctx.flowers) == 1 and not v.kongs(r)


SPECIALS = (
    Fan("金龙", "Golden dragon", 120, _gold_dragon, why="three 金 as a pung of their own kind"),
    Fan("清一色", "Pure one suit", 240, _pure_flush, why="one suit, no 金 or only 死金"),
    Fan("混一色", "Mixed one suit", 120, _mixed_flush, why="one suit with a 金 standing for another tile"),
    Fan("金雀", "Golden sparrow", 60, _gold_pair, why="the pair is two 金"),
    Fan("平胡", "No flower, no kong", 30, _no_flower_no_kong, why="无花无杠"),
    Fan("平胡(一张花)", "One flower", 15, _one_flower, why="exactly one flower, no kong"),
)
"""The specials a winning shape may have (spec §1.8), as data over the vocabulary."""
_FLUSHES = ("清一色", "混一色")
_NOT_WITH_THREE_GOLDS = (QIANGJIN, "金雀", "金龙")
"""FZ-A: "三金倒和抢金，金雀，金龙不可以同时出现"."""


def _no_shape_special(ctx: WinContext) -> bool:
    """No reading of ``ctx`` has a special of :data:`SPECIALS`: two flowers
    or more (no 平胡), fewer than two 金 (no 金雀 or 金龙) and its tiles as
    they are in two suits or more, or a suit and an honour (no flush: a
    reading holds them, and maybe more)."""
    if len(ctx.flowers) < 2 or ctx.wilds >= 2:
        return False
    kinds = set(ctx.concealed)
    for m in ctx.melds:
        kinds.update(m.tiles)
    return len({k // 9 if k < 27 else 3 for k in kinds}) >= 2


_RULES = HandRules(forms=frozenset({Form.STANDARD}), wild_kinds=SUIT_KINDS)
"""Five sets and a pair only ("其他特殊组合均不考虑"); a 金 stands for any suit tile."""


def kan_tiles(gold: int) -> tuple[int, int]:
    """金坎: the two tiles a 金坎 is declared with, around the 金's kind
    ("开2万金，只能用1、3万开听"), wrapping in the suit ("1万的金坎用2、9万听，
    9万的金坎用8、1万听")."""
    if not 0 <= gold < 27:
        raise MahjongError(f"fuzhou: the 金 is a suit tile (万饼条), got {gold!r}")
    return _KAN_TILES[gold]


def _kan_pair(gold: int) -> tuple[int, int]:
    suit, rank = divmod(gold, 9)
    return suit * 9 + (rank - 1) % 9, suit * 9 + (rank + 1) % 9


_KAN_TILES = tuple(_kan_pair(g) for g in SUIT_KINDS)
""":func:`kan_tiles` of each 金 kind 0..26, worked out once."""
_WRAPPED = frozenset(g for g in SUIT_KINDS if g % 9 in (0, 8))
"""The 金 kinds whose 金坎 wraps in its suit (a 1 or a 9)."""
_ANKAN, _KAN, _KAKAN = MeldKind.ANKAN, MeldKind.KAN, MeldKind.KAKAN
_WALL = tuple([k for k in SUIT_KINDS for _ in range(4)] + [k for k in HONOURS for _ in range(4)] + list(SEASONS + PLANTS))
"""福州's 144 tiles (asked once per hand)."""
_QUADS: dict[tuple[int, ...], int] = {}
"""Flowers of a seat (as shown, in order) -> its sets of four of one honour."""


def honour_quads(flowers: Sequence[int]) -> int:
    """The honours of which ``flowers`` holds four (a set of four flowers,
    "4个一样的花"), remembered by the flowers shown."""
    key = tuple(flowers)
    got = _QUADS.get(key)
    if got is None:
        got = 0
        n = len(key)
        if n >= 4:
            # (a seat's flowers grow one at a time: the answer for all but
            # the last is most often remembered, and the last adds a set
            # exactly when it is an honour's fourth)
            before = _QUADS.get(key[:-1])
            last = key[-1]
            if before is not None:
                got = before + (27 <= last < 34 and key.count(last) == 4)
            else:
                for k in HONOURS:
                    if key.count(k) >= 4:
                        got += 1
        if len(_QUADS) >= 8192:
            _QUADS.clear()
        _QUADS[key] = got
    return got


def gold_kan_rest(counts: Sequence[int], gold: int) -> list[int] | None:
    """The tiles of a 3n+1 hand ``counts`` (34 counts) besides its two 金坎
    tiles, when it is a 金坎 hand: no 金 among them ("暗牌里不能有金"), both
    tiles around the 金 held, and the rest in sets and a pair (the 坎 waits
    on the 金 alone); else None."""
    if counts[gold]:
        return None
    a, b = kan_tiles(gold)
    if not counts[a] or not counts[b]:
        return None
    rest = list(counts[:34])
    rest[a] -= 1
    rest[b] -= 1
    return rest if is_win(Counts(rest), 0, _RULES) else None


def escape_penalty(table_flowers: Mapping[int, int], golds: Mapping[int, int], streak: int, *, base: int = 1) -> int:
    """逃跑扣分 (FZ-B): what a seat that leaves pays, 4 × [Σ over the three
    others of (花番 + 金 + 5) + the dealer's 连庄数] (``table_flowers`` and
    ``golds``: the others' 花 and 金 by seat).  PROPOSAL: split equally
    among the three others by the caller."""
    if set(table_flowers) != set(golds) or len(golds) != 3:
        raise MahjongError(f"fuzhou: escape_penalty needs the 花 and 金 of the three other seats, got {sorted(golds)!r}")
    return base * 4 * (sum(table_flowers[s] + golds[s] + 5 for s in golds) + streak)


class Fuzhou(ContextWinConditions, Ruleset):
    """福州麻将 (seed [004], FZ-A and FZ-B; spec ``variants-more.md`` §1).

    **Tiles and deal (seed).** 144 tiles: 万饼条 ×4 and 36 flowers, the
    seven honours ×4 and 春夏秋冬梅兰竹菊 ("花牌只用作记分"); four players,
    two dice, 18 stacks each.  The dealer takes 17 (坎门), the others 16.
    补花: every honour and flower is exposed and replaced from the tail, in
    rounds, the dealer first; a seat that drew a flower in a round replaces
    it in the next round, seats that drew none are skipped (the engine's
    rounds).  开金: after 补花 the first tail tile is turned up (the
    engine's ``indicator_after_flowers``); a flower turned up goes to the
    dealer and the next tile is turned; all copies of its kind are 金,
    standing for any suit tile; the turned one is displayed (倒数第9墩,
    inside the reserve) and only 抢金 takes it.

    **Play (seed).** Chow from 上家, pung and kong from anyone; win > 碰/杠 >
    吃; after a chow or pung no kong in that turn (FZ-A, the engine's
    ``kong_after_pung_ban`` and ``kong_after_chow_ban``).  金 is never
    claimed; discarding it follows ``gold_discard`` (FZ-B by default:
    nobody may win on it and its discarder may only self-draw for the rest
    of the hand).  截胡: one winner on a discard, the nearest in turn order,
    except that a 金雀 or 金龙 win comes first (金龙 before 金雀: PROPOSAL).
    The reserve (和局): 18 tiles, +1 per 明杠, +2 per 暗杠 and per four
    identical flowers (:meth:`reserve_extra`); the last 4 drawable tiles
    are drawn one each in turn, a winning draw is taken automatically
    (自摸), others are laid aside (the engine's ``self_draw_zone`` and
    ``must_win_last_tiles``).  The first dealer of a match is drawn at
    random from its seed ("新开第一局系统随机选择一个庄家"; the generic
    ``random_first_dealer``; option ``first_dealer`` fixes it).  The dealer
    stays on its win or a drawn hand (连庄), else the 下家 deals.

    **Wins (seed).** Five sets and a pair only.  天胡: the dealer complete
    after 开金.  抢金 at each seat's first turn: a 闲 whose 16 tiles are
    ready takes the displayed 金 in; the dealer lays a tile aside and
    takes it; precedence 天胡 > 闲家抢金 (the dealer's 下家 first) > 庄家
    抢金 (:meth:`win_precedence` in the opening phase).  三金倒: a seat
    holding three 金 wins whatever its shape.  闲金 (a hand that wins on any
    tile) may not win on a discard unless the win is a 金雀 or 金龙.
    天胡, 抢金 and 三金倒 are self-drawn wins.

    **Scoring (seed).** B = 花 + 金 + 连庄 + 5: 花 = one per flower (a set
    of four: 6) + 1 per 明杠 + 2 per 暗杠 of the winner; 金 = the winner's 金
    tiles (PROPOSAL: 死金 and the taken 金 count); 连庄 L = the dealer's
    consecutive hands - 1 (context ``streak``).  S = the highest special
    (:data:`SPECIALS` and the event wins: 天胡 30, 抢金 30, 三金倒 40, 金雀 60,
    金龙 120, 混一色 120, 清一色 240, 平胡 无花无杠 30, 平胡 一张花 15 (no
    kong: PROPOSAL), 金坎 ``gold_kan``).  Payments: ``scoring`` (FZ-B by
    default: 2B + S from the discarder, or from each of the three on a
    self-draw; FZ-A: B + S from a discarder).  ``streak_all_payers``: see
    the option.  A drawn hand pays nothing.

    **PROPOSALs** (the seed is silent or contradicts itself; each is the
    default and, where it is a choice, an option): 金 stands for the 27 suit
    kinds only; the turned-up 金 leaves the wall (displayed) and only 抢金
    takes it; 金 counts 死金 and the 金 taken by 抢金; 平胡 (一张花) needs no
    kong; 金坎 = 60 (``gold_kan``); 金龙 before 金雀 on one discard; 连庄 paid
    by the dealer only when a 闲 wins (``streak_all_payers``); a 闲 dealt
    three 金 declares 三金倒 at its first turn; passing 抢金 is final; a
    flower drawn among the last four tiles is dead; 抢杠 (``rob_kong``) and
    过胡 (``missed_win_ban``) as commonly played.  Defaults where the two
    texts disagree: FZ-B payments (``scoring``), FZ-B 金 discards
    (``gold_discard``), the highest special only (``event_specials_add``);
    FZ-A's 混一色 / 清一色 are on (``flushes``).  Not in play: 逃跑
    (:func:`escape_penalty`).

    **金坎 (seed, FZ-A).** "金坎：例如开2万金，只能用1、3万开听，听牌时必须亮出
    1、3万，暗牌里不能有金，听牌后不能换牌：除了可以开杠和摸金自摸外，摸啥打啥。
    1万的金坎用2、9万听，9万的金坎用8、1万听。…金坎只能自摸，与金将一样大。"
    In play it is the only declaration of ready (the engine's ``READY``
    action, ``ready_rule`` OPTIONAL, "E ready 5p" in a scenario): on its
    turn a seat may declare with a discard that leaves the two tiles around
    the 金's kind (:func:`kan_tiles`, wrapping 9-1-2 and 8-9-1), no 金 among
    its concealed tiles and every other tile in sets and a pair, so that it
    waits on the 金 alone (:meth:`ready_allowed`).  The two tiles are laid
    face up (:meth:`ready_shown`: ``table.ready_shown``, the ``ready``
    event's ``shown``).  The hand is then locked (the engine's 报听 lock):
    it discards what it draws, may kong when its wait stays the same, and
    wins only on a self-drawn 金 (``win_problem``: "金坎只能自摸"; its other
    waits and every discard are refused).  The win is the 金坎 special
    (``gold_kan``, 60: as big as 金雀), the 金 standing as itself in the
    坎 (死金); a wrapped 坎 (9-1-2, 8-9-1) is no chow of the kernel, so it
    is won through the engine's ``shape_free_win`` and read, for 混一色 /
    清一色, as the natural 坎 of its suit around the 金 (1-2-3, 7-8-9).  On
    paper the context key ``gold_kan`` says the seat had declared.  Not in
    play: "听牌后可以看其它3家的牌，如果其它3家允许" (the others may show
    their hands to the declarer: a table's courtesy, no rule of play).
    ``gold_kan_declare`` (default True) turns the declaration off.

    Context keys (:attr:`context_keys`): ``gold`` (the 金's kind, notation),
    ``streak`` (L), ``gold_discarded`` (the winner discarded a 金 under the
    ``gold_discard`` rule's reach), ``gold_kan`` (a declared 金坎).
    """

    name = "fuzhou"
    version = 1
    zh = "福州"
    summary = "Fuzhou 16-tile: honours as flowers, 金 wild after 补花, 抢金/三金倒/金雀/金龙, 底+花+金+连庄 formula"
    aliases: ClassVar[tuple[str, ...]] = ("福州麻将", "福建麻将", "福州金", "fuzhou-gold", "foochow")
    Options = FuzhouOptions
    random_first_dealer = True  # "新开第一局系统随机选择一个庄家" (option first_dealer fixes the seat)
    options: FuzhouOptions

    hand_size = 16
    honors = False
    flower_tiles: tuple[int, ...] = HONOURS + SEASONS + PLANTS
    wild_indicator = True
    indicator_after_flowers = True
    wild_tiles = "金: every copy of the kind turned up after 补花 (any suit tile)"
    multiple_winners = False
    kong_after_pung_ban = True
    kong_after_chow_ban = True
    dead_wall = 18
    self_draw_zone = 4
    self_draw_zone_flowers_dead = True
    must_win_last_tiles = 4
    hand_rules = _RULES
    ready_rule = ReadyRule.OPTIONAL
    """金坎 is the one declaration of ready (:meth:`may_declare_ready`, :meth:`ready_allowed`)."""
    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "gold": "the 金's kind (the tile turned up at 开金), in notation",
        "streak": "连庄 L: the dealer's consecutive hands before this one (0 = 站顶)",
        "gold_discarded": "the winner discarded a 金 (this hand, or this go-around under gold_discard=round)",
        "gold_kan": "the winner had declared 金坎 (in play: its ready declaration; a self-drawn 金 wins it)",
    })

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        self.wild_discard = o.gold_discard is not GoldDiscard.FORBIDDEN
        self.rob_kong = o.rob_kong
        self.missed_win_ban = o.missed_win_ban

    # --- tiles ---------------------------------------------------------------
    def wall_tiles(self) -> list[int]:
        """万饼条 ×4, the honours ×4 and the eight flowers: 144 tiles."""
        return list(_WALL)

    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        """开金: the kind turned up is itself the 金."""
        return frozenset({indicator})

    def paper_wild_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        gold = extra.get("gold")
        if gold is None:
            return frozenset()
        return frozenset({self._gold_kind(gold)})

    def _gold_kind(self, gold: Any) -> int:
        try:
            kind = parse_tile(gold) if isinstance(gold, str) else int(gold)
        except (InvalidNotationError, TypeError, ValueError):
            raise MahjongError(f"{self.id}: context gold {gold!r} is not a tile") from None
        if not 0 <= kind < 27:
            raise MahjongError(f"{self.id}: context gold {gold!r}: the 金 is a suit tile (万饼条)")
        return kind

    def reserve_extra(self, table: Table) -> int:
        """和局: +1 per 明杠 and +2 per 暗杠 of anyone, +2 per four identical
        flowers ("4个一样的花也算暗杠多留两张")."""
        extra = 0
        if table.kongs_made:  # (every kong meld made this hand counts there)
            for ms in table.melds:
                for m in ms:
                    kind = m.kind
                    if kind is _ANKAN:
                        extra += 2
                    elif kind is _KAN or kind is _KAKAN:
                        extra += 1
        quads = _QUADS.get
        for fl in table.flowers:
            if len(fl) >= 4:  # (a set of four of one honour needs four flowers)
                got = quads(tuple(fl))
                extra += 2 * (honour_quads(fl) if got is None else got)
        return extra

    # --- 金坎: the declaration ---------------------------------------------------
    def may_declare_ready(self, table: Table, seat: int) -> bool:
        """金坎 may be declared by a seat holding both tiles around the 金
        and at most one 金 (discarded with the declaration)."""
        gold = table.indicator
        if gold is None or gold >= 27 or not self.options.gold_kan_declare:
            return False
        hand = table.hands[seat]
        a, b = _KAN_TILES[gold]
        return hand[gold] <= 1 and hand[a] > 0 and hand[b] > 0

    def ready_allowed(self, table: Table, seat: int, discard: int, counts: Sequence[int]) -> bool:
        """Only a 金坎: the hand left waits on the 金 with its two tiles, no
        金 among them and the rest in sets and a pair."""
        return gold_kan_rest(counts, self._gold(table)) is not None

    def ready_shown(self, table: Table, seat: int, discard: int) -> tuple[int, ...]:
        """"听牌时必须亮出1、3万": the two tiles around the 金."""
        return tuple(sorted(kan_tiles(self._gold(table))))

    def _wrapped(self, gold: int) -> bool:
        return gold in _WRAPPED

    def shape_free_win(self, table: Table, seat: int, counts: Sequence[int]) -> bool:
        """A declared 金坎 of a 1 or 9 金 wins on the 金 with its wrapped
        坎 (9-1-2, 8-9-1), which the kernel reads as no set."""
        gold = table.indicator
        if gold not in _WRAPPED or not table.declared[seat] or counts[gold] != 1:
            return False
        before = list(counts)
        before[gold] = 0
        return gold_kan_rest(before, gold) is not None

    def shape_free_waits(self, table: Table, seat: int, counts: Sequence[int]) -> int:
        """The 金 completes a wrapped 金坎 hand."""
        gold = table.indicator
        if gold not in _WRAPPED or counts[gold]:
            return 0  # (no wrapped 金坎, or a 金 held: gold_kan_rest says no)
        a, b = _KAN_TILES[gold]
        if not counts[a] or not counts[b] or gold_kan_rest(counts, gold) is None:
            return 0
        return 1 << gold

    def shape_free_ready(self, table: Table, seat: int, counts: Sequence[int]) -> bool:
        gold = table.indicator
        if gold not in _WRAPPED or counts[gold] > 1:
            return False
        a, b = _KAN_TILES[gold]
        return counts[a] > 0 and counts[b] > 0

    def shape_free_ready_kinds(self, table: Table, seat: int, counts: Sequence[int]) -> int:
        """The discards that leave a wrapped 金坎 (:meth:`shape_free_waits`):
        the rest of the hand, less the two tiles around the 金 and the
        discard, in sets and a pair with no 金 (the one 金 held goes first).
        The engine then asks the kernel once whether any discard leaves a
        hand ready by shape, instead of once per discard."""
        gold = table.indicator
        if gold not in _WRAPPED:
            return 0
        held = counts[gold]
        a, b = _KAN_TILES[gold]
        if held > 1 or not counts[a] or not counts[b]:
            return 0
        rest = bytearray(counts)
        rest[a] -= 1
        rest[b] -= 1
        if held:  # (no 金 may stay: the 金 is the discard)
            rest[gold] = 0
            return (1 << gold) if is_win_buf(rest, 0, _RULES) else 0
        mask = 0
        for k in range(34):
            if rest[k]:
                rest[k] -= 1
                if is_win_buf(rest, 0, _RULES):
                    mask |= 1 << k
                rest[k] += 1
        return mask

    # --- winning ---------------------------------------------------------------
    def _gold(self, table: Table) -> int:
        gold = table.indicator
        return gold if gold is not None and gold < 27 else -1

    def _dealer_first_turn(self, table: Table, seat: int) -> bool:
        return (
            seat == table.dealer and table.draws_made[seat] == 0 and not any(table.discards)
            and not any(table.melds)
        )

    def _can_take_gold(self, table: Table, seat: int) -> bool:
        """抢金: the seat's tiles (the dealer's after laying one aside) and the displayed 金 win."""
        c, w = table.analysis_counts(seat)
        if seat != table.dealer:
            return bool(is_win_buf(c, w + 1, _RULES))
        c = bytearray(c)  # (a copy: the dealer's tiles, one laid aside in turn)
        for k in SUIT_KINDS:
            if c[k]:
                c[k] -= 1
                won = is_win_buf(c, w + 1, _RULES)
                c[k] += 1
                if won:
                    return True
        return False

    def instant_win(self, table: Table, seat: int) -> str | None:
        """天胡 and 抢金 at the opening (and the dealer's first turn), 三金倒
        whenever the seat holds three 金."""
        gold = table.indicator
        if gold is None or gold >= 27:
            return None
        hand = table.hands[seat]
        opening = table.phase._value_ == "opening"
        if not opening and (seat != table.dealer or table.draws_made[seat]):
            # (play, not the dealer's first turn: only 三金倒)
            if hand[gold] >= 3 and sum(hand) + 3 * len(table.melds[seat]) == self.hand_size + 1:
                return SANJINDAO
            return None
        if opening or self._dealer_first_turn(table, seat):
            if seat == table.dealer:
                c, w = table.analysis_counts(seat)
                if is_win_buf(c, w, _RULES):
                    return TIANHU
                if hand[gold] >= 3:
                    return SANJINDAO
                if self._can_take_gold(table, seat):
                    return QIANGJIN
                return None
            if opening and self._can_take_gold(table, seat):
                return QIANGJIN
            return None
        if hand[gold] >= 3 and sum(hand) + 3 * len(table.melds[seat]) == self.hand_size + 1:
            return SANJINDAO
        return None

    def instant_context(self, table: Table, seat: int, ctx: WinContext) -> WinContext:
        """抢金: the displayed 金 joins the hand (the winning tile; the dealer
        lays aside the tile that scores best); 天胡 / 三金倒 on the deal: a
        winning tile is named from the hand (a 金 for 三金倒)."""
        gold = self._gold(table)
        if ctx.instant == QIANGJIN:
            taken = replace(
                ctx, wilds=ctx.wilds + 1, win_tile=gold, wild_tiles=tuple(sorted((*ctx.wild_tiles, gold)))
            )
            if seat != table.dealer:
                return taken
            best: WinContext | None = None
            top = -1
            for k in sorted(set(ctx.concealed)):
                rest = list(ctx.concealed)
                rest.remove(k)
                cand = replace(taken, concealed=tuple(rest))
                if not is_win(Counts([rest.count(i) for i in range(34)]), cand.wilds, _RULES):
                    continue
                pts = self.score(cand).points
                if pts > top:
                    best, top = cand, pts
            assert best is not None
            return best
        if ctx.win_tile < 0:
            if ctx.instant == SANJINDAO or not ctx.concealed:
                return replace(ctx, win_tile=gold)
            return replace(ctx, win_tile=max(ctx.concealed))
        return ctx

    def win_precedence(self, table: Table, ctx: WinContext) -> int:
        """Opening: 天胡 (and the dealer's 三金倒) > 闲家抢金 > 庄家抢金.
        Discards: 金龙 > 金雀 > the others (截胡 by seat order)."""
        if ctx.instant is not None:
            if ctx.instant == QIANGJIN:
                return 1 if ctx.dealer else 2
            return 3
        if not ctx.wilds:
            return 0
        rs = self._readings(ctx)
        if any(_gold_dragon(r) for r in rs):
            return 2
        return 1 if any(_gold_pair(r) for r in rs) else 0

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        gold = self._gold(table)
        discarded = False
        if gold >= 0:
            river = table.discards[seat]
            if self.options.gold_discard is GoldDiscard.ROUND:
                discarded = bool(river) and river[-1] == gold
            else:
                discarded = gold in river
        out: dict[str, Any] = {"streak": table.streak, "gold_discarded": discarded,
                               "gold_kan": bool(table.declared[seat])}
        if gold >= 0:
            out["gold"] = KIND_NAMES[gold]
        return out

    # --- scoring -----------------------------------------------------------------
    def _streak(self, ctx: WinContext) -> int:
        value = ctx.extra.get("streak", 0)
        try:
            n = int(value)
        except (TypeError, ValueError):
            raise MahjongError(f"{self.id}: context streak {value!r} is not a whole number >= 0") from None
        if isinstance(value, bool) or n < 0:
            raise MahjongError(f"{self.id}: context streak {value!r} is not a whole number >= 0")
        return n

    def _flag(self, ctx: WinContext, key: str) -> bool:
        value = ctx.extra.get(key, False)
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("1", "true", "yes", "on", "y"):
            return True
        if text in ("0", "false", "no", "off", "n", ""):
            return False
        raise MahjongError(f"{self.id}: context {key} {value!r} is not a yes/no value")

    def _readings(self, ctx: WinContext) -> tuple[Reading, ...]:
        return v.readings(ctx, _RULES, by_win_unit=False)

    def _shape_specials(self, readings: Sequence[Reading]) -> list[ScoreItem]:
        """The specials of the best reading (highest special, then the most)."""
        best: list[ScoreItem] = []
        key = (-1, -1)
        for r in readings:
            hits = [f.item(r, 1) for f, _ in v.matching(SPECIALS, r)
                    if self.options.flushes or f.zh not in _FLUSHES]
            k = (max((it.value for it in hits), default=0), sum(it.value for it in hits))
            if k > key:
                key, best = k, hits
        return best

    def _specials(self, ctx: WinContext, readings: Sequence[Reading]) -> tuple[list[ScoreItem], list[str]]:
        """Every special that applies (event, shape, 金坎) and notes."""
        o = self.options
        items: list[ScoreItem] = []
        notes: list[str] = []
        event = ctx.instant
        if event is not None and event not in EVENT_WINS:
            raise IllegalWinError(f"{self.id}: unknown instant win {event!r} (天胡, 抢金 or 三金倒)")
        if event == SANJINDAO:
            if ctx.wilds < 3:
                raise IllegalWinError(f"{self.id}: 三金倒 needs three 金 in the hand, got {ctx.wilds}")
            items.append(ScoreItem(SANJINDAO, "Three golds down", 40, why="three 金 held"))
        elif event == QIANGJIN:
            items.append(ScoreItem(QIANGJIN, "Robbing the gold", 30, why="the displayed 金 taken at the first turn"))
        if event == TIANHU or (event is None and ctx.first_turn and ctx.dealer and ctx.self_drawn):
            items.append(ScoreItem(TIANHU, "Heavenly hand", 30, why="the dealer complete after 开金"))
        if readings and not _no_shape_special(readings[0].ctx):
            items += self._shape_specials(readings)
        if self._kan(ctx):
            items.append(ScoreItem("金坎", "Gold closed wait", o.gold_kan, why="declared 金坎, won on a self-drawn 金"))
        return items, notes

    def _combine(self, ctx: WinContext, items: list[ScoreItem]) -> tuple[list[ScoreItem], list[str]]:
        """S: the highest special, or (FZ-A, event wins) the sum."""
        if not items:
            return [], []
        if self.options.event_specials_add and ctx.instant is not None:
            with3 = [it for it in items if it.zh not in _NOT_WITH_THREE_GOLDS]
            without3 = [it for it in items if it.zh != SANJINDAO]
            pick = max((with3, without3), key=lambda xs: sum(it.value for it in xs))
            dropped = [it.zh for it in items if it not in pick]
            return pick, ([f"not counted with {SANJINDAO}: {', '.join(dropped)}"] if dropped else [])
        top = max(items, key=lambda it: it.value)
        others = [it.zh for it in items if it is not top]
        return [top], ([f"only the highest special counts; also: {', '.join(others)}"] if others else [])

    def score(self, ctx: WinContext) -> ScoreSheet:
        """B = 花 + 金 + 连庄 + 5 and the special S; ``points`` is what the
        dealer (or, on the dealer's win, every payer) pays (see :meth:`settle`)."""
        if ctx.wilds and not ctx.wild_kinds:
            raise MahjongError(f"{self.id}: wild tiles without a 金 kind (give the context key 'gold')")
        readings: tuple[Reading, ...] = ()
        if ctx.instant == SANJINDAO:
            if self._shaped(ctx):
                readings = self._readings(ctx)  # its shape may hold more (金龙 …)
        elif ctx.instant is None or self._shaped(ctx):
            try:
                readings = self._readings(self._as_natural_kan(ctx))
            except IllegalWinError as e:
                raise IllegalWinError(f"{self.id}: {e}") from None
        else:
            raise IllegalWinError(f"{self.id}: {ctx.instant} needs a winning hand (five sets and a pair)")
        self._flag(ctx, "gold_discarded")  # (checked by win_problem; a bad value is an error here)
        specials, notes = self._specials(ctx, readings)
        counted, more = self._combine(ctx, specials)
        hua = flower_points(ctx.flowers) + _kong_points(ctx)
        streak = self._streak(ctx)
        items = [ScoreItem("花", "Flowers", 1, hua, why="flowers (a set of four: 6), 明杠 1, 暗杠 2")] if hua else []
        if ctx.wilds:
            items.append(ScoreItem("金", "Golds", 1, ctx.wilds, why="金 tiles held"))
        if streak:
            items.append(ScoreItem("连庄", "Dealer streak", 1, streak,
                                   why="paid by every payer" if ctx.dealer else "paid by the dealer"))
        items.append(ScoreItem("底", "Base", 5, why="constant 5"))
        b = hua + ctx.wilds + streak + 5
        s = sum(it.value for it in counted)
        self_drawn_formula = ctx.self_drawn or self.options.scoring is Scoring.B
        points = self.options.base * ((2 * b if self_drawn_formula else b) + s)
        notes = notes + more
        if not self_drawn_formula:
            notes.append("FZ-A 点炮和: (花+金+连庄+5) + S")
        return ScoreSheet(items=tuple(items + counted), total=b, unit="番", points=points,
                          notes=tuple(notes + [f"B = {b}, S = {s}"]))

    def _kan(self, ctx: WinContext) -> bool:
        """The winner had declared 金坎 (in play, or the context key)."""
        return ctx.declared_ready or self._flag(ctx, "gold_kan")

    def _kan_hand(self, ctx: WinContext) -> list[int] | None:
        """A 金坎 win's hand before its 金 (34 counts), or None when the
        tiles are no 金坎 (the 金 drawn, the two tiles, the rest complete)."""
        if not ctx.wild_kinds or len(ctx.wild_kinds) != 1 or ctx.wilds != 1:
            return None
        (gold,) = ctx.wild_kinds
        if gold >= 27:
            return None
        counts = [ctx.concealed.count(i) for i in range(34)]
        return counts if gold_kan_rest(counts, gold) is not None else None

    def _as_natural_kan(self, ctx: WinContext) -> WinContext:
        """A wrapped 金坎 win (9-1-2, 8-9-1) read as the natural 坎 of its
        suit around the 金 (1-2-3, 7-8-9), the 金 as itself, for the
        specials (the kernel has no wrapped set; its other readings, with
        the 金 standing for another tile, are not the declared 坎); every
        other win as it is."""
        if not (ctx.wilds == 1 and len(ctx.wild_kinds) == 1 and self._kan(ctx)):
            return ctx
        (gold,) = ctx.wild_kinds
        if gold >= 27 or gold % 9 not in (0, 8) or self._kan_hand(ctx) is None:
            return ctx
        far = gold + 8 if gold % 9 == 0 else gold - 8
        near = gold + 2 if gold % 9 == 0 else gold - 2
        tiles = list(ctx.concealed)
        tiles.remove(far)
        tiles.append(near)
        if tiles.count(near) > 4:
            return ctx  # (no natural reading: the specials read nothing)
        return replace(ctx, concealed=tuple(sorted(tiles)), decompositions=())

    def context_problem(self, ctx: WinContext) -> str | None:
        """The event wins (抢金, 三金倒 …) are self-drawn; a declared 金坎 wins
        only on a self-drawn 金, with its shape; nobody wins on a discarded
        金; a seat that discarded a 金 wins only by self-draw; 闲金 wins on
        no discard (unless 金雀 or 金龙)."""
        if ctx.instant in EVENT_WINS and not ctx.self_drawn:
            return f"{ctx.instant} is a self-drawn win"
        if self._kan(ctx):
            if not (ctx.self_drawn and ctx.win_tile in ctx.wild_kinds):
                return "金坎只能自摸: a declared 金坎 wins only on a self-drawn 金"
            if self._kan_hand(ctx) is None:
                return ("金坎: the hand must hold the two tiles around the 金, no other 金 "
                        "(暗牌里不能有金), and the rest in sets and a pair")
        if ctx.self_drawn:
            return None
        if ctx.win_tile in ctx.wild_kinds:
            return "金牌打出时，听牌玩家不能和该金牌: nobody wins on a discarded 金"
        if self._flag(ctx, "gold_discarded"):
            return "打金牌的人只能自摸: the winner discarded a 金 and may only win by self-draw"
        if ctx.wilds and self._xianjin(ctx) and not self._any_gold_special(ctx):
            return "闲金时不能点炮和: a hand that wins on any tile may not win on a discard (unless 金雀 or 金龙)"
        return None

    def _shaped(self, ctx: WinContext) -> bool:
        """The concealed tiles (wilds included) make sets and a pair."""
        if (len(ctx.concealed) + ctx.wilds) % 3 != 2:
            return False
        return bool(is_win(Counts([ctx.concealed.count(i) for i in range(34)]), ctx.wilds, _RULES))

    def _any_gold_special(self, ctx: WinContext) -> bool:
        return any(_gold_pair(r) or _gold_dragon(r) for r in self._readings(ctx))

    def _xianjin(self, ctx: WinContext) -> bool:
        """闲金: the hand before the winning tile wins on any suit tile."""
        before = list(ctx.concealed)
        if ctx.win_tile in before:
            before.remove(ctx.win_tile)
        counts = [before.count(i) for i in range(34)]
        got = waits(Counts(counts), ctx.wilds, _RULES)
        return len(set(got) & set(SUIT_KINDS)) == len(SUIT_KINDS)

    # --- payments --------------------------------------------------------------
    def amount(self, ctx: WinContext, sheet: ScoreSheet, payer: int) -> int:
        """What ``payer`` pays for this win: ``sheet.points`` less 连庄 when
        neither the winner nor the payer deals (unless ``streak_all_payers``)."""
        dealer = (ctx.seat - ctx.seat_wind) % self.num_players
        streak = self._streak(ctx)
        if streak and not ctx.dealer and payer != dealer and not self.options.streak_all_payers:
            doubled = ctx.self_drawn or self.options.scoring is Scoring.B
            return sheet.points - self.options.base * streak * (2 if doubled else 1)
        return sheet.points

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """自摸 (天胡, 抢金, 三金倒 too): each other seat pays; 放胡: the discarder."""
        out: list[Payment] = []
        for ctx, sheet in wins:
            if ctx.self_drawn:
                for p in range(self.num_players):
                    if p != ctx.seat:
                        out.append(Payment(p, ctx.seat, self.amount(ctx, sheet, p), ctx.instant or "自摸"))
            else:
                if ctx.discarder is None:
                    raise MahjongError(f"{self.id}: discard win of seat {ctx.seat!r} without a discarder")
                why = "抢杠" if ctx.robbed_kong else "放胡"
                out.append(Payment(ctx.discarder, ctx.seat, self.amount(ctx, sheet, ctx.discarder), why))
        return Settlement(tuple(out))
