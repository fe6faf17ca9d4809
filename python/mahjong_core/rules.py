"""Rule sets: the one base class every regional variant subclasses.

A rule set is declarative first (python-chess style): typed class metadata
that the engine reads, plus hook methods with neutral defaults for what cannot
be data.  House-rule choices are a frozen, keyword-only ``Options`` dataclass
per variant; unknown options raise.  The engine never tests which variant it
runs.

Scoring produces a :class:`ScoreSheet`; settlement turns the sheets of a hand
into :class:`Payment` values between seats that always sum to zero.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .analysis import Decomposition, HandRules, decompositions
from .errors import IllegalWinError, InvalidHandError, MahjongError
from .paper import build_context as _build_context
from .tiles import Meld, MeldKind, format_tiles, parse_tile

if TYPE_CHECKING:
    from .engine import Table

__all__ = [
    "HandScore",
    "NoOptions",
    "next_kind",
    "ReadyRule",
    "Payment",
    "Ruleset",
    "ContextWinConditions",
    "ScoreItem",
    "ScoreSheet",
    "Settlement",
    "WinContext",
    "doubling_payments",
    "kong_stakes",
]


def next_kind(kind: int) -> int:
    """The kind after ``kind``, wrapping: 1m..9m → 1m, 东南西北 → 东,
    白发中 → 白 (the usual "next tile" of an indicator).

    >>> [next_kind(k) for k in (0, 8, 30, 33)]
    [1, 0, 27, 31]
    """
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    if kind < 34:
        return 31 + (kind - 31 + 1) % 3
    raise MahjongError(f"next_kind: {kind!r} is not a tile kind 0..33")


class ReadyRule(enum.Enum):
    """Declaring ready (报听)."""

    NONE = "none"
    """No declaration exists."""
    OPTIONAL = "optional"
    """A seat may declare; it changes scoring only."""
    REQUIRED_FOR_DISCARD_WIN = "discard-win"
    """Only a declared seat may win on a discard (合肥 报听 room)."""
    REQUIRED = "required"
    """Only a declared seat may win at all."""


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a score sheet: a named pattern or bonus."""

    zh: str
    """Chinese name, as the rule text writes it (e.g. 平和)."""
    en: str
    """English name."""
    value: int
    """Value of one occurrence, in the rule set's unit (番, fan, 台, points)."""
    count: int = 1
    """How many times it counts."""
    why: str = ""
    """A short reason (which tiles or which rule)."""

    def __init__(self, zh: str, en: str, value: int, count: int = 1, why: str = "") -> None:
        # (each field set by its slot: the frozen dataclass's own __init__
        # goes through object.__setattr__ per field, 0.60 µs an item
        # against 0.35 µs; every rule set's score makes several)
        _SET_ZH(self, zh)
        _SET_EN(self, en)
        _SET_VALUE(self, value)
        _SET_COUNT(self, count)
        _SET_WHY(self, why)

    @property
    def total(self) -> int:
        return self.value * self.count

    @property
    def fan(self) -> int:
        """``value`` under the name fan-counting rule sets use (国标: 番 of one)."""
        return self.value


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The score of one winning hand."""

    items: tuple[ScoreItem, ...]
    total: int
    """The hand's value after caps, floors and multipliers (the unit of ``unit``)."""
    unit: str = "fan"
    points: int = 0
    """What one payer pays for this hand before settlement rules (e.g. 2**番)."""
    notes: tuple[str, ...] = ()
    """Caps, floors and other adjustments applied, in words."""
    problem: str | None = None
    """The rule the hand breaks, in words, when it was scored anyway (the
    best reading fails a condition of the rule set); the default
    :meth:`Ruleset.win_problem` answers it."""

    def __init__(self, items: tuple[ScoreItem, ...], total: int, unit: str = "fan", points: int = 0,
                 notes: tuple[str, ...] = (), problem: str | None = None) -> None:
        # (each field set by its slot, as ScoreItem's)
        _SET_ITEMS(self, items)
        _SET_TOTAL(self, total)
        _SET_UNIT(self, unit)
        _SET_POINTS(self, points)
        _SET_NOTES(self, notes)
        _SET_PROBLEM(self, problem)

    def names(self) -> list[str]:
        """Chinese names of the items, one per count."""
        return [it.zh for it in self.items for _ in range(it.count)]


_SET_ZH, _SET_EN, _SET_VALUE, _SET_COUNT, _SET_WHY = (
    ScoreItem.__dict__[f].__set__ for f in ("zh", "en", "value", "count", "why"))
_SET_ITEMS, _SET_TOTAL, _SET_UNIT, _SET_POINTS, _SET_NOTES, _SET_PROBLEM = (
    ScoreSheet.__dict__[f].__set__ for f in ("items", "total", "unit", "points", "notes", "problem"))


@dataclass(frozen=True, slots=True)
class Payment:
    """``amount`` moves from ``payer`` to ``payee``."""

    payer: int
    payee: int
    amount: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Settlement:
    """All payments of a hand.  Every payment moves points from one seat to
    another, so the deltas always sum to zero."""

    payments: tuple[Payment, ...] = ()

    def deltas(self, num_players: int) -> list[int]:
        out = [0] * num_players
        for p in self.payments:
            out[p.payer] -= p.amount
            out[p.payee] += p.amount
        return out

    def __add__(self, other: Settlement) -> Settlement:
        return Settlement(self.payments + other.payments)


@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything a scorer may ask about a win, filled in by the engine (or
    by hand, for a score calculator)."""

    seat: int
    concealed: tuple[int, ...]
    """Concealed tiles (kinds) including the winning tile; wild tiles
    excluded; a 替身 (:meth:`Ruleset.substitutes`) as itself (the
    ``decompositions`` read it as the kind it plays as)."""
    win_tile: int
    """The tile won on (a kind, a wild flower id 34..41, or -1 for the dealer's
    dealt hand and opening wins)."""
    melds: tuple[Meld, ...] = ()
    meld_sources: tuple[int | None, ...] = ()
    """For each meld, the seat whose discard it claimed (None: concealed, or
    made from one's own tiles)."""
    self_drawn: bool = False
    discarder: int | None = None
    """The seat that discarded the winning tile (or whose added kong was robbed)."""
    dealer: bool = False
    seat_wind: int = 0
    """0..3 = East South West North."""
    round_wind: int = 0
    flowers: tuple[int, ...] = ()
    wilds: int = 0
    """Wild tiles among the concealed tiles (not in ``concealed``)."""
    wild_kinds: frozenset[int] = frozenset()
    wild_tiles: tuple[int, ...] = ()
    """The physical tiles (ids, sorted) of the ``wilds`` wild tiles, the
    winning tile included: which kinds were held when several kinds are wild
    (天津 混儿: the indicator's kind and the next; 南昌 正精 and 副精), for a
    wild used as itself.
    The engine and :meth:`Ruleset.score_hand` fill it; () when not told."""
    kong_replacement: bool = False
    """Won on the replacement tile after a kong (杠上开花)."""
    kong_fed_by: int | None = None
    """The discarder whose tile made the exposed kong before a 杠上开花."""
    kong_discard: bool = False
    """Won on the discard its discarder made right after a kong's
    replacement draw (杠上炮)."""
    robbed_kong: bool = False
    """Won on a tile added to a pung (抢杠)."""
    last_tile: bool = False
    """Won on the last drawable tile, or its discard (海底)."""
    first_turn: bool = False
    """Won on the seat's first draw (or the dealer's deal) with no call made yet."""
    first_go_around: bool = False
    """Won on a discard before the winner's first draw, with no call made yet."""
    fourth_tile: bool = False
    """The winning tile's other three copies are all visible (和绝张)."""
    declared_ready: bool = False
    """The winner had declared ready (报听)."""
    ready_on_deal: bool = False
    """The winner declared ready with its first discard, before any call (天听)."""
    instant: str | None = None
    """The name of a special win granted whatever the shape (三金倒, 八花 ...)."""
    multiple_winners: int = 1
    """How many seats win on this discard (一炮多响)."""
    wild_win_tile: bool = False
    """The winning tile was wild for the winner although other tiles of its
    kind are not (a drawn tile made wild by :meth:`Ruleset.drawn_tile_wild`,
    哈尔滨 摸宝): it is counted in ``wilds``, not in ``concealed``."""
    liable: int | None = None
    """A seat that must pay for everyone (包), decided by the engine's rules."""
    decompositions: tuple[Decomposition, ...] = ()
    """Every reading of the winning hand (filled by the engine)."""
    extra: Mapping[str, Any] = field(default_factory=lambda: _NO_EXTRA, hash=False)
    """Rule-set facts beyond the fields above (bird tiles, the declared
    missing suit, the seats that already won ...): the keys a rule set lists
    in :attr:`Ruleset.context_keys`, filled by :meth:`Ruleset.context_extra`
    during play and by :meth:`Ruleset.score_hand` on paper."""

    @property
    def all_kinds(self) -> list[int]:
        """Concealed kinds plus the kinds of every meld (kongs count four)."""
        out = list(self.concealed)
        for m in self.melds:
            out.extend(m.tiles)
        return out

    @property
    def concealed_hand(self) -> bool:
        """No claimed meld (concealed kongs and special kongs, made of one's
        own tiles, do not open a hand)."""
        return all(m.is_concealed or m.kind is MeldKind.SPECIAL for m in self.melds)


_NO_EXTRA: Mapping[str, Any] = MappingProxyType({})

_WALLS: dict[tuple[tuple[int, ...], bool, int, tuple[int, ...]], tuple[int, ...]] = {}
"""The tiles of :meth:`Ruleset.wall_tiles` per (suits, honors, copies, flower tiles)."""
_NO_COSTS: tuple[int, ...] = (0,) * 34


@dataclass(frozen=True, slots=True)
class HandScore:
    """What :meth:`Ruleset.score_hand` answers: the score sheet, the payments
    of this win, and the context it built."""

    sheet: ScoreSheet
    settlement: Settlement
    context: WinContext


@dataclass(frozen=True, slots=True, kw_only=True)
class NoOptions:
    """A rule set without house-rule options."""


class Ruleset:
    """Base class of every rule set.

    Subclasses set the class metadata below and override hooks.  Instances
    carry the options: ``GuangdongChicken(cap=3)``; an unknown option raises
    :class:`~mahjong_core.MahjongError`.
    """

    # --- identity -----------------------------------------------------------
    name: ClassVar[str] = "base"
    """ASCII id, unversioned (``guangdong``)."""
    version: ClassVar[int] = 1
    """Bumped whenever legality or scoring changes."""
    zh: ClassVar[str] = "基本规则"
    summary: ClassVar[str] = "Plain rules: any complete hand wins one point (tests, and the base of variants)"
    aliases: ClassVar[tuple[str, ...]] = ()
    Options: ClassVar[type[Any]] = NoOptions

    # --- tiles, seats, hands ------------------------------------------------
    num_players: int = 4
    """Seats at the table.  (An instance attribute may follow an option:
    the engine, bots, matches and records read it from the rule set.)"""
    hand_size: ClassVar[int] = 13
    honors: ClassVar[bool] = True
    suits: tuple[int, ...] = (0, 1, 2)
    """Suits in play (0 m, 1 p, 2 s).  (An instance attribute may follow an
    option.)"""
    flower_tiles: tuple[int, ...] = ()
    """Tile ids that are flowers: exposed at once and replaced (34..41, and
    honours 27..33 where the rule set makes them flowers: 福州).  (The
    engine reads this tuple, not :meth:`is_flower`; an instance attribute
    may follow an option: 罗源 20花 / 36花.)"""
    copies: ClassVar[int] = 4
    dice: ClassVar[int] = 2
    dealer_draws_first: ClassVar[bool] = False
    """The dealer is dealt ``hand_size`` tiles like everyone and starts with
    a draw (so its first tile is a drawn tile, as on Botzone); ``False``: the
    dealer is dealt one more tile and starts by discarding."""
    dead_wall: int = 0
    """Tiles kept back at the end of the wall (never drawn).  (An instance
    attribute may follow an option, e.g. the number of 码 set aside.)"""
    dead_wall_per_kong: ClassVar[int] = 0
    """More tiles kept back for each kong made (福州, 河北)."""
    dead_wall_free_kongs: ClassVar[int] = 0
    """Kongs that do not grow the reserve (太原 "1杠留7墩,2杠留8墩": the
    first); ``dead_wall_per_kong`` counts from the next one."""
    dead_wall_odd_tail: ClassVar[bool] = False
    """The tiles kept back are counted in stacks of two: when an odd number
    of tiles has been taken from the tail (kong and flower replacements),
    the lone tile left there is no stack and is kept back too (河北, 太原:
    "杠完后留的单数海底牌不算一墩")."""
    standing_tiles: ClassVar[int] = 0
    """立四 (太原): the first N tiles dealt to each seat stand apart
    (``table.standing``, 34 counts): they may be discarded only with the
    declaration of ready, which must discard one of them; they may be used
    in sets, pungs and kongs (a meld takes the other copies of its kind
    first)."""
    per_seat_walls: ClassVar[bool] = False
    """Duplicate-style walls (复式, as on Botzone): the shuffled wall is cut
    into ``num_players`` equal parts; each seat is dealt from, draws from and
    replaces kongs and flowers from its own part, front to back.  The hand is
    drawn when a seat must draw from an empty part, and the last tile (海底)
    is the one after which the next seat's part is empty."""

    # --- calls --------------------------------------------------------------
    allow_chow: ClassVar[bool] = True
    allow_pung: ClassVar[bool] = True
    allow_kong: ClassVar[bool] = True
    allow_exposed_kong: ClassVar[bool] = True
    """With ``allow_kong``: a discard may be konged (明杠 / 直杠); ``False``:
    kongs are made only from one's own tiles (合肥: concealed kongs only)."""
    chow_from_any_seat: bool = False
    """With ``allow_chow``: every other seat may chow a discard (长春 "其他三家
    都有权力吃、碰、杠那张牌"); the nearest seat in turn order wins a tie of
    chows.  Default: only the discarder's 下家.  (An instance attribute may
    follow an option.)"""
    special_melds: tuple[tuple[int, ...], ...] = ()
    """Special kongs: sets of mixed kinds (at most 8 sets of 3 to 8 kinds)
    that a seat on turn holding them may lay down from its hand as one
    declared set (``MeldKind.SPECIAL``, action ``SPECIAL_KONG`` with the
    set's index): 长春 旋风杠 东南西北, 喜杠 中发白, 幺九蛋.  A set of k tiles
    takes k - 3 replacement draws from the tail (a four-tile one: one, as a
    kong; a three-tile one: none, the seat discards); the rule set's
    :meth:`kong_payments` is asked for it.  :meth:`special_meld_allowed`
    says when.  (An instance attribute may follow an option.)"""
    swap_on_first_turn: bool = False
    """开始时换牌 (二人麻将): on its first turn, before its first discard and
    with no call made, a seat may give back any number of tiles one at a
    time (action SWAP), each changing places with the next tile of the
    reserve (``Table.reserve()``, part of the dead wall, which must hold 4
    tiles or more).  (An instance attribute may follow an option.)"""
    special_meld_additions: bool = False
    """With ``special_melds``: a seat on turn may add a tile of a kind its
    special kong already holds (action ``SPECIAL_ADD``), with one
    replacement draw, like an added kong (not robbed)."""
    multiple_winners: bool = True
    """One discard may have several winners (一炮多响); else only the nearest
    (截胡).  An instance attribute may follow an option (南昌)."""
    rob_kong: bool = True
    """A tile added to a pung may be won on (抢杠).  (An instance attribute
    may follow an option.)"""
    missed_win_ban: bool = True
    """漏胡: a seat that passes an offered win (or answers it with a chow or
    pung that another claim then beats) may not win on a discard until its
    own next draw (or call, see ``missed_win_lifted_by_call``)."""
    missed_win_lifted_by_call: ClassVar[bool] = True
    """With ``missed_win_ban``: the seat's own chow, pung or kong also lifts
    the ban; ``False``: only its next draw does."""
    missed_pung_ban: ClassVar[bool] = False
    """不能弃先碰后 (太原): a seat that passes a pung of a kind may not pung
    that kind again until its next draw."""
    missed_win_same_tile_only: ClassVar[bool] = False
    """With ``missed_win_ban``: the ban covers only the kind that was passed
    (长沙 "只对该玩家漏胡的那张牌有效"), until the seat's next draw."""
    own_discard_chow_ban: bool = False
    """A seat may not chow a kind it has discarded earlier in the hand,
    claimed or not (江南 "曾放过的牌既不能上").  (An instance attribute may
    follow an option.)"""
    own_discard_pung_ban: bool = False
    """The same for pungs and kongs of a discard.  (An instance attribute
    may follow an option.)"""
    kong_kinds: ClassVar[frozenset[int] | None] = None
    """The kinds a concealed kong may be made of (洛书: four 将头 tiles are a
    set, four of a number are not); None: every kind."""
    chow_discard_ban: ClassVar[bool] = False
    """May not discard, right after a chow, a tile that completes the same chow (吃张打张)."""
    kong_after_pung_ban: ClassVar[bool] = False
    """May not make a kong in the turn of the pung."""
    kong_after_chow_ban: ClassVar[bool] = False
    """May not make a kong in the turn of a chow (福州 "吃碰牌时，手中有杠牌，
    不能开杠。只能在下一次抓进牌后才能开杠", with ``kong_after_pung_ban``)."""
    must_win_last_tiles: int = 0
    """With fewer than this many tiles left to draw, a win offered must be
    taken (四川 最后四张自动胡: 4); 0: a win may always be declined.  (An
    instance attribute may follow an option.)"""
    opening_wins_continue: bool = False
    """Opening wins (:meth:`instant_win` in the OPENING phase, e.g. 长沙
    起手小胡) are paid at once and the hand goes on; ``False``: they end the
    hand like any win.  (An instance attribute may follow an option.)"""
    flower_rob: ClassVar[bool] = False
    """With :meth:`instant_win`: when a seat exposes a flower it drew in play
    (a draw or a replacement draw), every other seat whose
    :meth:`instant_win` then names a win (台湾 七抢一: seven flowers, the
    eighth just drawn) answers WIN or PASS (``Phase.FLOWER``) before the
    drawer plays on.  Such a win is scored as one on the drawer's tile:
    ``discarder`` is the drawer, ``win_tile`` -1.  Default: off."""
    last_tile_offer: ClassVar[bool] = False
    """海底漫游 (长沙): when one tile is left, it is offered in turn from the
    seat to draw (TAKE or PASS); the taker wins on it or discards it, and
    others may only win on that discard; when every seat passes, the hand
    is drawn.  ``table.last_tile_offers`` / ``last_tile_taker`` tell who."""
    dice_kong: ClassVar[bool] = False
    """开杠掷骰子 (长沙): after a kong, a seat whose hand is ready (one of its
    waits is a legal win, :meth:`win_problem` included) answers
    TAKE (roll the dice: the replacement is the top tile of the N-th stack
    of two counted back from the end of the wall, N the dice total; the last
    stack when N is larger) or PASS (the plain replacement).  A seat that
    rolled is locked: it discards every tile it draws unless it wins, and
    claims only wins.  ``table.kong_dice`` holds the dice of the last
    kong's replacement ([] when plain), for 杠上开花 / 杠上炮."""
    dice_kong_tiles: int = 1
    """With ``dice_kong``: how many tiles the dice turn up, 1 or 2.  With 2
    both tiles of the N-th stack (top, then bottom; the last stack when N
    is larger; the one tile left when only one is) are turned up: the
    konger wins on either (on the better one when both win: its drawn tile
    is that one), else it discards the first and, when no seat wins on it,
    the second (``table.dice_pending`` holds it meanwhile).  The other seats
    may only win on these discards (no chow, pung or kong, also when one
    tile was turned up); both count as discards after a kong
    (``kong_discard``).  1: one tile, as above,
    and its discard may be claimed like any other.  (An instance attribute
    may follow an option.)"""
    self_draw_zone: ClassVar[int] = 0
    """海捞区 (合肥): the last N drawable tiles are drawn one at a time in
    turn and may only be won on by the seat that draws them (self-drawn):
    the drawer wins or lays the tile aside (its only "discard", which
    nobody may claim or win on), and the next seat draws; no kong is made
    once N or fewer tiles are left to draw.  ``Table.in_self_draw_zone``
    tells whether the seat on turn drew one of them.  0: no such zone."""
    self_draw_zone_flowers_dead: ClassVar[bool] = False
    """With ``self_draw_zone``: a flower drawn among the last N tiles is
    exposed and not replaced, and the next seat draws (福州 "最后一组牌不再
    补花和出牌")."""
    calls_on_last_discard: ClassVar[bool] = True
    """A discard made when nothing is left to draw may be chowed or punged;
    ``False``: it may only be won on (海底炮 only, as on Botzone)."""
    play_after_win: bool = False
    """血战到底: a winner leaves and the others play on, until one seat is
    left or the wall runs out; each win is settled when it happens
    (``settle`` is called once per win, or once for a discard's winners).
    When the wall runs out with two or more seats still playing, the hand
    ends as a draw for them: :meth:`settle_draw` is called (also when the
    last tile was won on).  (An instance attribute may follow an option.)"""
    exchange_tiles: int = 0
    """换三张: after the deal (and opening wins), before 定缺, every seat
    picks this many tiles of one suit (``Phase.EXCHANGE``: one DISCARD
    action per tile, from a suit it holds that many of) and passes them to
    the seat :meth:`exchange_offset` names; 0: no exchange.  (An instance
    attribute may follow an option.)"""
    winners_play_on: bool = False
    """血流成河: a seat that wins stays in play and may win again.  Each win
    is settled when it happens; a self-drawn winning tile is set aside face
    up in the winner's river (``discards``, never claimed), a discard stays
    in its discarder's; the winner's hand is then locked as after 报听
    (``declared``: it discards what it draws, claims only wins, and makes
    only kongs that keep its waits).  The hand ends when the wall runs out
    (:meth:`settle_draw`).  (An instance attribute may follow an option.)"""
    missing_suit: bool = False
    """定缺: before the first discard every seat declares a suit it will not
    keep; its tiles are discarded first, never punged or konged, and a hand
    holding any of them cannot win.  (An instance attribute may follow an
    option.)"""
    win_lacks_a_suit: ClassVar[bool] = False
    """缺门: a winning hand never holds all three suits (the rule set's
    :meth:`win_problem` enforces it).  Bots read it: a hand holding three
    suits and no declared missing suit gives up the suit it holds least."""
    ready_rule: ClassVar[ReadyRule] = ReadyRule.NONE
    """Declaring ready (报听): the action ``READY`` (declare and discard a
    tile that leaves the hand ready).  A declared hand is locked: it discards
    what it draws and claims only wins."""
    win_needs_meld: bool = False
    """开口: a seat holding no meld (no chow, pung or kong of any sort) never
    wins, whatever its tiles (the rule set's :meth:`refuses_win` or
    :meth:`win_problem` says so too; instant wins aside).  A speed flag:
    the engine then keeps no waits for such a seat and refuses its wins
    before building their contexts.  Default False.  (An instance attribute
    may follow an option.)"""
    ready_allows_kong: ClassVar[bool] = True
    """After declaring, a kong of the drawn tile that keeps the same waits."""
    ready_kong_any_waits: ClassVar[bool] = False
    """With ``ready_allows_kong``: the concealed kong needs only to leave the
    hand ready, with any waits (河北 "听牌后仍可杠牌，前提是杠完后还可听"),
    instead of the same waits."""
    ready_missed_win_forfeits: ClassVar[bool] = False
    """After declaring, passing a win forbids every win for the rest of the hand."""
    ready_needs_legal_wait: ClassVar[bool] = False
    """A declaration of ready needs a wait the seat may legally win on
    (:meth:`score` and :meth:`win_problem` asked as if declared), not only a
    waiting shape (哈尔滨: two suits, a 1/9/中, a pung and a chow)."""
    chow_ready: bool = False
    """吃听: a seat may chow a discard when the chow leaves it able to declare
    ready at once; it answers ``READY`` with the chow's lowest kind (ids
    127.., in the claims phase), ranks above a pung (win > kong > 吃听 >
    pung > chow), and must then declare ready with its discard.  (An
    instance attribute may follow an option.)"""
    chow_ready_any_seat: bool = False
    """With ``chow_ready``: any seat may 吃听, not only the discarder's 下家;
    the nearest in turn order first.  (An instance attribute may follow an
    option.)"""
    max_melds: ClassVar[int] = 0
    """A seat holding this many declared melds (kongs included) makes no
    more chow, pung or kong (哈尔滨: a ready hand keeps at least 4 tiles);
    0: no limit."""
    zone_kong_claims: ClassVar[bool] = False
    """With ``self_draw_zone``: a discard made before the zone may still be
    konged while a tile is left to draw; the replacement comes from the
    zone, and the konger then plays a normal turn (its discard may be
    claimed) (哈尔滨 "剩下的牌变成了3张")."""

    # --- wild tiles ----------------------------------------------------------
    wild_indicator: ClassVar[bool] = False
    """After the deal, flip the last tile of the wall (not a flower) as the
    indicator; the wilds are :meth:`wilds_for_indicator` of its kind."""
    indicator_may_be_flower: ClassVar[bool] = False
    """The indicator is the last tile of the wall even when it is a flower
    (宁波: a season names the four seasons wild); :meth:`wilds_for_indicator`
    then receives a flower id.  Wild flowers stay in hand as wild tiles."""
    indicator_after_flowers: ClassVar[bool] = False
    """With ``wild_indicator``: the indicator is flipped once every flower
    of the deal has been replaced (福州 开金), from the tail of the wall; a
    flower flipped goes to the dealer (exposed, with no replacement tile)
    and the next tile is flipped, until a tile that is no flower."""
    indicator_dice: ClassVar[bool] = False
    """With ``indicator_after_flowers``: the dealer rolls the dice again
    (``table.indicator_dice``, N their total) and the indicator is the top
    tile of the N-th stack of two counted back from the tail; after a
    flower, the top of stack N+1, and so on (罗源 开金)."""
    wall_ends_at_indicator: bool = False
    """With ``wild_indicator``: the tiles between the indicator and the end
    of the wall are kept back, so drawing from the front stops where the
    indicator lay (安庆 "抓到亮钻牌的地方 … 即为荒庄"); replacements from the
    tail use those tiles first.  (An instance attribute may follow an
    option.)"""
    wild_discard: bool = True
    """Wild tiles may be discarded (they can never be claimed).  (An
    instance attribute may follow an option.)"""

    imagined_tiles: ClassVar[int] = 0
    """心皇 (江南): each seat holds this many imagined tiles besides the
    tiles it is dealt (deal ``hand_size`` = the usual size minus them): the
    hand analysis counts them as wild tiles standing for the kinds
    :meth:`rules_for` allows (``wild_kinds``); they are never drawn,
    discarded or called, so they act only in a win.  ``WinContext.wilds``
    counts them."""
    imagined_choice: bool = False
    """With ``imagined_tiles``: each seat chooses the kind its imagined
    tiles stand for, in ``Phase.IMAGINE`` right after the deal (one
    IMAGINE action per seat, ids 250..283; any kind of the wall it holds
    fewer than ``copies`` of), instead of :meth:`imagined_kind` committing
    it.  ``GreedyBot`` chooses what :meth:`imagined_kind` would commit.
    (An instance attribute may follow an option.)"""
    wild_tiles: ClassVar[str] = ""
    """What is wild, in words, for listings ("" = no wild tiles)."""

    # --- winning ------------------------------------------------------------
    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """Rule-set facts a win may carry in ``WinContext.extra``: key -> what it
    means.  :meth:`score_hand` accepts these keys in ``context`` besides the
    :class:`WinContext` field names; :meth:`context_extra` fills them in play."""
    hand_rules: ClassVar[HandRules] = HandRules()
    dynamic_hand_rules: ClassVar[bool] = False
    """Set when :meth:`rules_for` answers differently during a hand (e.g. a
    wild that only counts after declaring ready); the engine then re-checks
    every hand instead of trusting the waits it cached."""
    shape_free_reach: ClassVar[int] = -1
    """A speed promise about :meth:`shape_free_waits`: it answers 0 for every
    3n+1 hand with no waits by the kernel's shapes (wild tiles taken out, as
    :meth:`Table.analysis_counts`) whose shanten is above this; the engine
    then asks the kernel's shanten instead of calling it.  -1: no promise
    (asked after every discard).  (An instance attribute may follow an option.)"""
    refuses_win_exact: ClassVar[bool] = False
    """A speed promise about :meth:`refuses_win`: it refuses exactly the
    contexts :meth:`can_win` refuses, whatever their sheets (the rule set's
    conditions of a win read the context alone, not the score).  The engine
    then offers a win that :meth:`refuses_win` lets through without scoring
    it, and scores it only when it is taken: most wins offered to a random
    player are passed.  False: every offered win is scored and asked of
    :meth:`can_win`.  :class:`ContextWinConditions` sets it with both
    hooks for a rule set whose conditions of a win read the context alone.
    (An instance attribute may follow an option.)"""

    def __init__(self, **options: Any) -> None:
        try:
            self.options = self.Options(**options)
        except TypeError as e:
            known = ", ".join(f.name for f in dataclasses.fields(self.Options))
            raise MahjongError(
                f"{self.id}: unknown option in {sorted(options)!r}; known: {known or 'none'}"
            ) from e
        fd = getattr(self.options, "first_dealer", -1)
        if isinstance(fd, bool) or not isinstance(fd, int) or not -1 <= fd < self.num_players:
            raise MahjongError(
                f"{self.id}: option first_dealer must be -1 (random) or a seat 0..{self.num_players - 1}, got {fd!r}"
            )
        if fd >= 0:
            self.random_first_dealer = False  # (the option names the seat)

    def options_json(self) -> dict[str, Any]:
        """The options as plain JSON values (enums by value, nested dataclasses
        as objects); :meth:`from_options_json` reads them back."""
        cached: tuple[dict[str, Any], bool] | None = self.__dict__.get("_options_json")
        if cached is None:  # options are frozen: computed once per rule set
            values = {f.name: _to_json(getattr(self.options, f.name)) for f in dataclasses.fields(self.options)}
            flat = not any(isinstance(x, (dict, list)) for x in values.values())
            cached = self.__dict__["_options_json"] = (values, flat)
        # (a copy: every table's record holds one; scalars need no copy of their own)
        out: dict[str, Any] = dict(cached[0]) if cached[1] else _copy_json(cached[0])
        return out

    @classmethod
    def from_options_json(cls, data: dict[str, Any]) -> Ruleset:
        """The rule set with options read from :meth:`options_json` output."""
        defaults = cls.Options()
        kwargs: dict[str, Any] = {}
        for name, value in data.items():
            default = getattr(defaults, name, None)
            kwargs[name] = _from_json(default, value)
        return cls(**kwargs)

    @property
    def id(self) -> str:
        """Versioned id, e.g. ``guangdong-v1``."""
        return f"{self.name}-v{self.version}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"

    # --- hooks (neutral defaults) ------------------------------------------
    def wall_tiles(self) -> list[int]:
        """Every physical tile of the set, as tile ids (0..41)."""
        key = (tuple(self.suits), bool(self.honors), self.copies, tuple(self.flower_tiles))
        wall = _WALLS.get(key)
        if wall is None:  # (made once per kind of set: a new list for every hand)
            kinds = [s * 9 + i for s in self.suits for i in range(9)]
            if self.honors:
                kinds += list(range(27, 34))
            wall = _WALLS[key] = tuple(k for k in kinds for _ in range(self.copies)) + tuple(self.flower_tiles)
        return list(wall)

    def is_flower(self, tile: int) -> bool:
        return tile in self.flower_tiles

    def rules_for(self, table: Table, seat: int) -> HandRules:
        """The hand rules for this seat now (wilds of the hand set them)."""
        return self.hand_rules

    def wild_tile_kinds(self, table: Table) -> frozenset[int]:
        """Kinds of the physical tiles that are wild in this hand: from the
        indicator when ``wild_indicator`` is set, else none."""
        if self.wild_indicator and table.indicator is not None:
            return self.wilds_for_indicator(table.indicator)
        return frozenset()

    def indicator_offset(self, dice: Sequence[int]) -> int:
        """With ``wild_indicator``: how many tiles before the end of the wall
        the indicator lies, from this hand's ``dice`` (0: the last tile).
        宁波 turns up the top tile of the stack the smaller die counts back
        from the end ("从牌墙最后往前数小点的墩数，翻开上面一张牌").  The tile
        leaves the wall, so every draw, from the front or the back, skips it.
        Default: 0."""
        return 0

    def imagined_kind(self, table: Table, seat: int) -> int:
        """With ``imagined_tiles``: the kind ``seat``'s imagined tiles stand
        for, committed once right after the deal (``table.imagined``);
        -1 leaves it open (they are wild tiles, fixed only at a win).
        With ``imagined_choice`` the seats choose instead and this is what
        ``GreedyBot`` chooses (-1: the lowest kind it may choose).
        Default: -1."""
        return -1

    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        """The wild kinds an indicator names.  Default: the next kind,
        wrapping (9 → 1 in a suit, 北 → 东, 中 → 白)."""
        return frozenset({next_kind(indicator)})

    def score(self, ctx: WinContext) -> ScoreSheet:
        """Score a win.  Default: one point for any winning shape under
        :attr:`hand_rules`.

        :raises IllegalWinError: when the tiles are no winning hand.
        """
        if not ctx.decompositions and ctx.win_tile >= 0 and ctx.instant is None:
            try:
                found = decompositions(ctx.concealed, wilds=ctx.wilds, rules=self.hand_rules)
            except MahjongError as e:
                raise IllegalWinError(f"not a winning hand: {e}") from None
            if not found:
                raise IllegalWinError(f"not a winning hand: {format_tiles(ctx.concealed)!r} + {ctx.wilds} wild(s)")
        return ScoreSheet(items=(ScoreItem("和", "Win", 1),), total=1, unit="point", points=1)

    def check_win_context(self, ctx: WinContext) -> None:
        """The checks a win starts with, from the rule set's metadata: no
        wild tiles in a game without them (``wild_tiles`` empty), a hand of
        ``hand_size`` + 1 tiles (a kong counts 3), and no chow where
        ``allow_chow`` is off.  Rule sets call it first in :meth:`score`
        (a context built by hand may break them; ``score_hand`` and the
        engine never do).

        :raises InvalidHandError: naming what is wrong.
        """
        if ctx.wilds and not self.wild_tiles:
            raise InvalidHandError(f"{self.id}: no wild tiles in this game, got {ctx.wilds!r}")
        size = len(ctx.concealed) + 3 * len(ctx.melds)
        if size != self.hand_size + 1:
            raise InvalidHandError(
                f"{self.id}: a winning hand has {self.hand_size + 1} tiles (a kong counts 3), got {size}: "
                f"{format_tiles(ctx.concealed)!r} + {[str(m) for m in ctx.melds]!r}"
            )
        if not self.allow_chow:
            for m in ctx.melds:
                if m.kind is MeldKind.CHI:
                    raise InvalidHandError(f"{self.id}: no chow in this game, got {str(m)!r}")

    def liable_seat(self, table: Table | None, ctx: WinContext) -> int | None:
        """A seat that must pay for everyone on this self-drawn win (包), or
        None.  The engine stores the answer in ``ctx.liable``."""
        return None

    def instant_win(self, table: Table, seat: int) -> str | None:
        """The name of a win ``seat`` may declare whatever its shape (三金倒:
        three wild tiles; 八花: all eight flowers; 长沙 四喜/板板胡/缺一色/六六顺
        right after the deal), or None.  Asked for every seat right after
        the deal (``table.phase is Phase.OPENING``: the seats answer WIN or
        PASS together) and for the seat on turn.  :meth:`score` receives a
        context whose ``instant`` is that name.  Default: none."""
        return None

    def instant_context(self, table: Table, seat: int, ctx: WinContext) -> WinContext:
        """The context of an instant win (``ctx.instant`` names it) as the
        rule set reads it: e.g. 抢金, where the winner takes the displayed
        wild into its hand (and the dealer first lays a tile aside), or a
        win on the deal given a winning tile.  Called by the engine for
        every instant win it offers or makes.  Default: ``ctx``."""
        return ctx

    def win_precedence(self, table: Table, ctx: WinContext) -> int:
        """Without ``multiple_winners``: when several seats win together (on
        one discard, a robbed kong, or in the opening phase), the highest
        precedence wins, then the nearest seat in turn order (from the
        discarder; from the dealer in the opening).  The engine asks only
        rule sets that override it (福州: 金雀 and 金龙 before other
        discard wins; 天胡 > 闲家抢金 > 庄家抢金).  Default: 0 for all."""
        return 0

    def reserve_extra(self, table: Table) -> int:
        """Tiles kept back at the end of the wall now beyond ``dead_wall``
        and ``dead_wall_per_kong`` (福州: +1 per exposed kong, +2 per
        concealed kong and per four identical flowers).  The engine asks
        only rule sets that override it, and again only after a kong is
        made or a flower shown (what it may depend on).  Default: 0."""
        return 0

    def shape_free_win(self, table: Table, seat: int, counts: Sequence[int]) -> bool:
        """Whether ``seat``'s complete hand (34 ``counts`` of its concealed
        tiles, 3n+2 with its melds) wins whatever its shape although the
        kernel finds no sets in it (长沙 将将胡: fourteen 2s, 5s and 8s).
        The engine asks only rule sets that override it; the win is then
        scored with no decompositions.  Default: False."""
        return False

    def shape_free_waits(self, table: Table, seat: int, counts: Sequence[int]) -> int:
        """The kinds (a bit mask) that would complete ``seat``'s 3n+1 hand
        ``counts`` into a :meth:`shape_free_win`; the engine adds them to
        the waits it checks claims and draws against.  Default: 0."""
        return 0

    def shape_free_kinds(self, table: Table) -> frozenset[int] | None:
        """A speed promise about :meth:`shape_free_win` and
        :meth:`shape_free_waits`: the kinds a hand may hold (the wild kinds
        aside) when they answer True or nonzero; the engine calls neither
        for a hand holding another kind.  Asked again when the table's wild
        kinds change.  Default: None (any kind)."""
        return None

    def shape_free_ready(self, table: Table, seat: int, counts: Sequence[int]) -> bool:
        """Whether some discard from ``seat``'s 3n+2 hand ``counts`` may
        leave :meth:`shape_free_waits`: False lets the engine skip asking
        them discard by discard for the ready declarations (洛书 answers
        from cached suit readings).  It must be True whenever such a
        discard exists.  Asked only of rule sets with a
        :meth:`shape_free_win`.  Default: True."""
        return True

    def shape_free_ready_kinds(self, table: Table, seat: int, counts: Sequence[int]) -> int | None:
        """The kinds (bit mask) whose discard from ``seat``'s 3n+2 hand
        ``counts`` leaves :meth:`shape_free_waits`, when the rule set can
        tell them at once; the engine then asks the kernel's shapes once
        for the whole hand and :meth:`shape_free_waits` only after those
        discards (and only with ``ready_needs_legal_wait``).  Asked after
        :meth:`shape_free_ready` answered True.  Default: None (the engine
        asks after each discard)."""
        return None

    def pung_offer(self, table: Table, seat: int) -> int | None:
        """游戏中换牌 (二人麻将): asked after each draw of ``seat`` (only when
        a rule set overrides it): a kind the reserve holds three of, offered
        as a pung (action TAKE_PUNG) until the seat discards; taking it, the
        seat gives three tiles back (SWAP) before it plays on.  Default:
        None (no offer)."""
        return None

    def special_meld_allowed(self, table: Table, seat: int, index: int) -> bool:
        """Whether ``seat`` (on turn, holding the tiles) may lay down
        ``special_melds[index]`` now.  Default: always."""
        return True

    def aim_rules(self, table: Any, seat: int) -> HandRules:
        """The hand rules a bot should aim for (``table`` may be a one-seat
        view): narrower than what may win when most winning hands need more
        than the shape (长沙: a 2-5-8 pair).  Default: ``table.hand_rules(seat)``."""
        rules: HandRules = table.hand_rules(seat)
        return rules

    def aim_kinds(self, table: Any, seat: int) -> frozenset[int] | None:
        """The kinds a bot should keep (``table`` may be a one-seat view):
        :class:`~mahjong_core.bots.GreedyBot` discards the others first,
        claims none of them and makes no kong of them.  For rule sets whose
        wins need more than a shape that :meth:`aim_rules` can say (a flush,
        上海's seven types).  Default: None (every kind)."""
        return None

    def aim_discard_costs(self, table: Any, seat: int) -> Sequence[int]:
        """What discarding each kind (34 values) costs a bot's plan, in
        shanten (``table`` may be a one-seat view):
        :class:`~mahjong_core.bots.GreedyBot` ranks a discard by shanten +
        its cost, so a rule set can steer it toward what most wins need
        beyond the shape (合肥 八支: keep the long suit).  Asked once per
        turn, only when a rule set overrides it; 34 values (costs kept as
        ``bytes`` are read by the kernel in place: the cheapest).  Default:
        all 0."""
        return _NO_COSTS

    def substitutes(self, table: Table) -> dict[int, int]:
        """替身 for this hand: physical kind -> the kind it plays as in hand
        analysis (白板 for the wild's own kind; 红中 for the 钻's natural
        kind), asked once after the wild kinds are known.  A substitute is
        discarded and punged as itself; waits and wins see the kind it plays
        as (a win's ``ctx.concealed`` holds it as itself, its
        ``decompositions`` as the kind it plays as).  Default: none."""
        return {}

    def flower_kinds(self, table: Table) -> frozenset[int]:
        """Kinds (0..33, not wild) that are flowers this hand, asked once
        after the indicator and the wild kinds are known (安庆 杠牌: 发 and 白
        unless the 钻 is a dragon): dealt ones are exposed and replaced in
        the deal's flower rounds, drawn ones at once, from the tail; they
        never stay in a hand and are never discarded (``table.flowers``,
        ``ctx.flowers``).  Default: none."""
        return frozenset()

    def single_kong_kinds(self, table: Any, seat: int) -> frozenset[int]:
        """Kinds of which ``seat`` may lay out a single tile as a kong on its
        turn (武汉 红中杠, 赖子杠; ``table`` may be a one-seat view): the
        concealed kong action of that kind (id 34 + kind, even with four
        held) puts one tile with the seat's flowers (exposed, in
        ``ctx.flowers``) and draws the replacement from the tail, so a win
        on it is 杠上开花 (``kong_replacement``).  It adds no meld and does
        not count in ``kongs_made``.  The answer must be a function of the
        table's ``wild_kinds`` alone: the engine asks again only when they
        change.  Default: none."""
        return frozenset()

    def paper_flower_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        """Kinds (0..33) a hand on paper may list in ``flowers``, from its
        context keys (the :meth:`flower_kinds` and :meth:`single_kong_kinds`
        of that hand).  Default: none."""
        return frozenset()

    def may_declare_ready(self, table: Table, seat: int) -> bool:
        """Whether ``seat`` may declare ready now (when ``ready_rule`` is not
        NONE).  Default: any time before declaring."""
        return True

    def ready_allowed(self, table: Table, seat: int, discard: int, counts: Sequence[int]) -> bool:
        """Whether ``seat`` may declare ready with the discard of kind
        ``discard``, which leaves the 3n+1 hand ``counts`` (34 counts, wild
        tiles among them; read only) waiting: asked for each such discard,
        only of rule sets that override it (福州 金坎: the two tiles around
        the 金's kind, no 金 left and every other tile in sets and a pair).
        Default: True."""
        return True

    def ready_shown(self, table: Table, seat: int, discard: int) -> tuple[int, ...]:
        """The tiles ``seat`` lays face up when it declares ready with the
        discard of kind ``discard`` (福州 金坎 "听牌时必须亮出1、3万"): kept in
        ``table.ready_shown[seat]``, seen by every seat (``observe``) and
        written in the ``ready`` event (``shown``); they stay in the hand.
        Asked only of rule sets that override it.  Default: none."""
        return ()

    def refuses_win(self, ctx: WinContext) -> bool:
        """A speed hook: True when ``ctx`` can never be a legal win, whatever
        its score sheet (a rule of the context alone, or a bound on the
        score below the minimum the rule set needs); the engine then skips
        :meth:`score` and :meth:`can_win` for it.  It must never refuse a
        context ``can_win`` would accept.  The engine asks only rule sets
        that override it.  Default: False."""
        return False

    def prepare(self) -> None:
        """Build now what the rule set would build on its first win (国标's
        compiled fan table): the start-up of a long run, which ``simulate``
        and ``bench/rates.py`` keep out of the engine's rate.  Play is the
        same either way.  Default: nothing to build."""

    def refuses_tiles(self, table: Table, seat: int, counts: Sequence[int], wilds: int, tile: int | None,
                      robbed: bool) -> bool:
        """A speed hook asked before any context is built: True when no win
        of ``seat`` on these tiles can be legal now, whatever the rest of
        its context (a bound from the tiles and the table alone, e.g. on the
        points a minimum needs).  ``counts`` are the 34 concealed counts the
        kernels read (a bytearray: the winning tile among them, the wild
        tiles apart as ``wilds``; read only), ``tile`` the tile won on (None when
        self-drawn) and ``robbed`` whether it is a kong's added tile.  It
        must never refuse a win :meth:`refuses_win` and :meth:`can_win`
        would accept.  The engine asks only rule sets that override it (and
        not when it tests a ready declaration).  Default: False."""
        return False

    def refuses_discard_wins(self, table: Table, seat: int, counts: Sequence[int], wilds: int) -> bool:
        """A speed hook asked once a discard, when the engine works out the
        waits of ``seat`` (its 3n+1 concealed ``counts`` as the kernels read
        them, the wild tiles apart as ``wilds``; read only): True when no win
        of ``seat`` on a tile another seat discards can be legal until it
        acts again, whichever tile it is and whatever the table does
        meanwhile (its own tiles, melds and flowers do not change until
        then).  The engine then offers it no win on a discard until its next
        waits; robbing a kong is still asked in full.  It must never refuse
        a win :meth:`refuses_tiles`, :meth:`refuses_win` and :meth:`can_win`
        would accept.  Asked only of rule sets that override it.  Default:
        False."""
        return False

    def can_win(self, ctx: WinContext, sheet: ScoreSheet) -> bool:
        """Conditions beyond the shape; the engine asks this.  Default: no
        :meth:`win_problem`."""
        return self.win_problem(ctx, sheet) is None

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        """The rule a scored hand breaks (缺门, a 2-5-8 pair, a minimum fan,
        an undeclared ready ...), in words, or None when it may win.
        Default: the sheet's ``problem`` (None unless :meth:`score` set it)."""
        return sheet.problem

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        """The :attr:`context_keys` facts of a win by ``seat`` now, for
        ``WinContext.extra`` (called by the engine only when a rule set
        overrides it).  Default: none."""
        return _NO_EXTRA

    def drawn_tile_wild(self, table: Table, seat: int, tile: int) -> bool:
        """Whether the tile ``seat`` has just drawn (``table.drawn``, kind
        ``tile``) is wild for it, while other tiles of that kind are not
        (哈尔滨 摸宝: the 宝 drawn by a declared seat).  A win then counts the
        drawn tile as a wild (``WinContext.wild_win_tile``); the tile is
        never konged.  The engine asks only rule sets that override it.
        Default: False."""
        return False

    def indicator_visible(self, table: Table, seat: int) -> bool:
        """Whether ``seat`` may see the indicator (``table.indicator``): a
        face-down 宝 is seen only after declaring ready.  ``observe`` and
        ``observe_tensor`` show it (and the kinds it names) only then.
        Default: True."""
        return True

    def indicator_redraw(self, table: Table) -> bool:
        """Whether the indicator must be replaced now (换宝: three copies of
        the 宝 are visible).  Asked before every draw and replacement draw and
        after every chow and pung (only for rule sets that override it); while
        it answers True and a tile is left to draw, the old indicator goes
        to the dealer's discards (never claimed) and the last tile of the wall
        becomes the new one (an ``indicator`` event with ``redraw``).
        Default: False."""
        return False

    def paper_wild_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        """The wild kinds of a hand scored on paper, from its context keys
        (an indicator ...), when ``context`` gives no ``wild_kinds``.
        Default: none."""
        return frozenset()

    def paper_indicator(self, extra: Mapping[str, Any], *, flowers: bool = False) -> int | None:
        """The context key ``indicator`` of a hand scored on paper (notation
        or id) as a tile id, for :meth:`paper_wild_kinds`; None when it is
        absent or empty.  A flower (ids 34..41) only with ``flowers``.

        :raises MahjongError: naming the key when it is no tile (of the set).
        """
        ind = extra.get("indicator")
        if ind is None or ind == "":
            return None
        try:
            tile = parse_tile(ind) if isinstance(ind, str) else int(ind)
        except (MahjongError, TypeError, ValueError):
            raise MahjongError(f"{self.name}: context indicator {ind!r} is not a tile") from None
        if not 0 <= tile < (42 if flowers else 34):
            raise MahjongError(f"{self.name}: context indicator {ind!r} is not a tile"
                               + ("" if flowers else f" kind (no flowers in {self.zh})"))
        return tile

    def score_hand(
        self,
        hand: str | Sequence[int],
        *,
        win_tile: str | int,
        melds: Sequence[str | Meld] = (),
        winner: int = 0,
        dealer: int = 0,
        discarder: int | None = None,
        flowers: str | Sequence[int] = (),
        context: Mapping[str, Any] | None = None,
    ) -> HandScore:
        """Score a win written on paper: the sheet, this win's payments and
        the :class:`WinContext` built for it.

        ``hand`` holds the concealed tiles before the winning tile (wild
        tiles included), ``melds`` the declared sets (``"pon 111m"``,
        ``"kan 5555p"``, ``"ankan 2222s"``, ``"chi 345m"``), ``discarder``
        None for a self-drawn win.  Seats are 0..3 in turn order.
        ``context`` holds :class:`WinContext` field names (``kong_replacement``,
        ``robbed_kong``, ``last_tile``, ``first_turn``, ``seat_wind``,
        ``round_wind``, ``wild_kinds`` ...) and the rule set's
        :attr:`context_keys`.

        >>> r = Ruleset().score_hand("123m456p789s1122z", win_tile="2z", discarder=2)
        >>> r.sheet.total, r.settlement.deltas(4)
        (1, [1, 0, -1, 0])

        :raises IllegalWinError: when the hand may not win here (the message
            names the rule).
        :raises MahjongError: for bad input (notation, sizes, seats, an
            unknown context key).
        """
        ctx = _build_context(self, hand, win_tile=win_tile, melds=melds, winner=winner, dealer=dealer,
                            discarder=discarder, flowers=flowers, context=context)
        sheet = self.score(ctx)
        problem = self.win_problem(ctx, sheet)
        if problem is None and type(self).can_win is not Ruleset.can_win and not self.can_win(ctx, sheet):
            problem = "the rule set's win conditions are not met (can_win)"
        if problem is not None:
            raise IllegalWinError(f"{self.id}: {problem}")
        return HandScore(sheet, self.settle(None, [(ctx, sheet)]), ctx)

    win_payment_reasons: ClassVar[tuple[str, str, str]] = ("self-draw", "discard", "discard")
    """The reasons the default :meth:`settle` gives its payments: for a
    self-draw, a win on a discard and a win robbing a kong (自摸, 点炮, 抢杠)."""

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """Payments for the wins of a hand (``table`` is None for a hand
        scored on paper: read ``ctx.extra`` then).  Default: self-draw, every
        other seat pays ``points``; discard win, the discarder pays ``points``
        (the reasons: :attr:`win_payment_reasons`)."""
        self_draw, discard, robbed = self.win_payment_reasons
        out: list[Payment] = []
        for ctx, sheet in wins:
            if ctx.self_drawn:
                for s in range(self.num_players):
                    if s != ctx.seat:
                        out.append(Payment(s, ctx.seat, sheet.points, self_draw))
            elif ctx.discarder is not None:
                out.append(Payment(ctx.discarder, ctx.seat, sheet.points, robbed if ctx.robbed_kong else discard))
        return Settlement(tuple(out))

    def settle_draw(self, table: Table) -> Settlement:
        """Payments when the wall runs out (none).  ``table.kong_settlement``
        holds what was paid for kongs during the hand, for rule sets that
        refund it (reverse those payments here)."""
        return Settlement()

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        """Payments made at once when ``seat`` completes a kong (刮风下雨 ...);
        ``source`` is the discarder of an exposed kong.  Default: none."""
        return Settlement()

    def carry(self, table: Table) -> dict[str, Any]:
        """State carried from this finished hand into the next one of a match
        (plain JSON values; the next table's ``carry``): 荒番 counters, pots.
        ``table.carry`` holds what this hand received.  Default: nothing."""
        return {}

    def seating(self, round_index: int) -> tuple[int, ...]:
        """The seat of each player (by player index) in round ``round_index``
        of a match (0 = the first round of winds); seat 0 deals first.
        Default: players keep their seats."""
        return tuple(range(self.num_players))

    def reseat(self, table: Table) -> bool:
        """After this finished hand of a match: whether the players draw
        their seats again (温州: after the dealer's fourth 连庄).  The
        :class:`~mahjong_core.match.Match` then places them at random (seeded
        by the match), on top of :meth:`seating`, and the dealer's streak
        ends (the next hand has ``streak`` 0); the next dealer's seat is
        still :meth:`next_dealer`'s.  Default: False."""
        return False

    def exchange_offset(self, table: Table) -> int:
        """换三张: the tiles go from seat ``s`` to ``(s + offset) % n``.
        Default, by the hand's dice: a sum divisible by 3 passes to the
        opposite seat (2), one more to the next seat in turn order (1, 下家),
        two more to the previous seat (3, 上家)."""
        return (2, 1, 3)[sum(table.dice) % 3] % self.num_players or 1

    random_first_dealer: bool = False
    """The first dealer of a match is drawn at random (宁波 "第一把系统随机选一
    个人做庄"): :meth:`first_dealer` draws it from the match's seed, so the
    same seed gives the same dealer (and each hand's record names it).  An
    instance attribute may follow an option.  Default: seat 0 deals first."""

    def first_dealer(self, seed: int) -> int:
        """The seat that deals the first hand of a :class:`~mahjong_core.match.Match`
        played with ``seed`` when the match is not given a dealer.  Default:
        0, or with :attr:`random_first_dealer` a seat drawn from ``seed``
        (``random.Random(seed ^ 0xDEA1E5).randrange(num_players)``); an
        option ``first_dealer`` of the rule set (a seat; -1: as above) wins."""
        fixed = getattr(self.options, "first_dealer", -1)
        if fixed >= 0:
            return int(fixed)
        if not self.random_first_dealer:
            return 0
        return random.Random(seed ^ 0xDEA1E5).randrange(self.num_players)

    def next_dealer(self, table: Table) -> int:
        """The seat that deals the next hand of a match.  Default: the dealer
        again when :meth:`dealer_stays`, else the next seat.  Override for
        "the winner deals" (长沙) or "the discarder who fed the win deals"."""
        return table.dealer if self.dealer_stays(table) else (table.dealer + 1) % self.num_players

    def dealer_stays(self, table: Table) -> bool:
        """After a hand: the dealer deals again (连庄) when the dealer won or
        nobody did."""
        winners = table.winners
        return not winners or table.dealer in winners

    # Fields are inspected by the registry and the CLI.
    _registry_fields: ClassVar[tuple[str, ...]] = ("name", "version", "zh", "summary")

    @classmethod
    def describe(cls) -> dict[str, Any]:
        """What ``mahjong-core variants`` lists: names, players, tiles in the
        wall, hand size, wild tiles and every option with its default (plain
        JSON values; read from a rule set built with the default options)."""
        rs = cls()
        defaults = rs.options_json()
        return {
            "name": cls.name,
            "id": f"{cls.name}-v{cls.version}",
            "zh": cls.zh,
            "summary": cls.summary,
            "aliases": list(cls.aliases),
            "players": rs.num_players,
            "wall_tiles": len(rs.wall_tiles()),
            "hand_size": cls.hand_size,
            "flowers": sum(1 for t in rs.wall_tiles() if t in rs.flower_tiles),
            "wild_tiles": cls.wild_tiles or "none",
            "options": [f.name for f in dataclasses.fields(cls.Options)],
            "defaults": {f.name: defaults[f.name] for f in dataclasses.fields(cls.Options)},
            "option_types": {f.name: _type_name(f.type) for f in dataclasses.fields(cls.Options)},
        }


class ContextWinConditions:
    """For a rule set whose conditions of a win read the context alone, never
    the score sheet (a discarded wild is dead, self-drawn wins only, 缺门 …):
    it writes them once as :meth:`context_problem`; :meth:`Ruleset.win_problem`
    answers with it and :meth:`Ruleset.refuses_win` refuses exactly those
    wins, so the engine scores a win only when it is taken
    (``refuses_win_exact``).  Put it before :class:`Ruleset` among the bases:
    ``class Nanchang(ContextWinConditions, Ruleset)``."""

    refuses_win_exact: ClassVar[bool] = True

    def context_problem(self, ctx: WinContext) -> str | None:
        """The rule a win of this context breaks, in words, or None: the
        rule set's conditions of a win."""
        raise NotImplementedError

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        return self.context_problem(ctx)

    def refuses_win(self, ctx: WinContext) -> bool:
        return self.context_problem(ctx) is not None


def _type_name(t: Any) -> str:
    """A dataclass field's annotation as a short word (``int``, ``bool``, an enum's name)."""
    name = t if isinstance(t, str) else getattr(t, "__name__", repr(t))
    return str(name).rsplit(".", 1)[-1]


E = TypeVar("E", bound=enum.Enum)


def option_enum(owner: str, name: str, value: Any, kind: type[E]) -> E:
    """An option given as an enum member or its value (JSON, ``--option``),
    as a member of ``kind``; any other value raises :class:`MahjongError`
    naming the rule set, the option and the values it takes."""
    try:
        return kind(value)
    except ValueError:
        known = ", ".join(repr(x.value) for x in kind)
        raise MahjongError(f"{owner}: option {name} {value!r} is not one of {known}") from None


def _copy_json(v: Any) -> Any:
    """A copy of plain JSON data (dicts, lists, scalars)."""
    if isinstance(v, dict):
        return {k: _copy_json(x) if isinstance(x, (dict, list)) else x for k, x in v.items()}
    if isinstance(v, list):
        return [_copy_json(x) if isinstance(x, (dict, list)) else x for x in v]
    return v


def _to_json(v: Any) -> Any:
    import enum

    if isinstance(v, enum.Enum):
        return v.value
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _to_json(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, (tuple, list, frozenset, set)):
        return [_to_json(x) for x in v]
    return v


def _from_json(default: Any, value: Any) -> Any:
    import enum

    try:
        if isinstance(default, enum.Enum):
            return type(default)(value)
        if dataclasses.is_dataclass(default) and not isinstance(default, type) and isinstance(value, dict):
            return type(default)(**{k: _from_json(getattr(default, k, None), v) for k, v in value.items()})
        if isinstance(default, (tuple, frozenset)) and isinstance(value, list):
            return type(default)(value)
    except (TypeError, ValueError) as e:
        raise MahjongError(f"bad option value {value!r}: {e}") from None
    return value


# --- doubling 番 (东北: 长春, 内蒙) -------------------------------------------


def doubling_payments(
    ctx: WinContext,
    sheet: ScoreSheet,
    *,
    base: int,
    num_players: int,
    discarder_extra: int = 0,
    others_pay_on_discard: bool = False,
) -> list[Payment]:
    """Payments of a win whose 番 double: a payer pays ``base`` × 2 **
    (the sheet's 番, + 1 when the dealer wins or pays that payment).  A
    self-draw: each other seat pays; a discard: the discarder pays with
    ``discarder_extra`` 番 more (点炮双倍: 1), and with
    ``others_pay_on_discard`` the other seats pay the plain amount too
    (三家付).  Reasons: 自摸 / 点炮 (点炮双倍) / 三家付, + 庄家翻倍."""
    out: list[Payment] = []
    dealer = (ctx.seat - ctx.seat_wind) % num_players
    for p in range(num_players):
        if p == ctx.seat:
            continue
        fan = sheet.total
        if ctx.self_drawn:
            why = "自摸"
        elif p == ctx.discarder:
            fan += discarder_extra
            why = "点炮双倍" if discarder_extra else "点炮"
        elif others_pay_on_discard:
            why = "三家付"
        else:
            continue
        if dealer in (p, ctx.seat):
            fan += 1
            why += " 庄家翻倍"
        out.append(Payment(p, ctx.seat, base * 2**fan, why))
    return out


def kong_stakes(seat: int, meld: Meld, *, base: int, num_players: int) -> Settlement:
    """Kong money paid at once by each other seat: a concealed kong (暗杠)
    2 × ``base``, an exposed (直杠) or added (补杠) one ``base``."""
    amount = (2 if meld.kind is MeldKind.ANKAN else 1) * base
    why = {MeldKind.ANKAN: "暗杠", MeldKind.KAN: "直杠"}.get(meld.kind, "补杠")
    return Settlement(tuple(Payment(s, seat, amount, why) for s in range(num_players) if s != seat))
