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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from .analysis import Decomposition, HandRules, decompositions
from .errors import IllegalWinError, MahjongError
from .paper import build_context as _build_context
from .tiles import Meld, format_tiles

if TYPE_CHECKING:
    from .engine import Table

__all__ = [
    "HandScore",
    "NoOptions",
    "next_kind",
    "ReadyRule",
    "Payment",
    "Ruleset",
    "ScoreItem",
    "ScoreSheet",
    "Settlement",
    "WinContext",
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

    def names(self) -> list[str]:
        """Chinese names of the items, one per count."""
        return [it.zh for it in self.items for _ in range(it.count)]


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
    """Concealed tiles (kinds) including the winning tile; wild tiles excluded."""
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
        """No claimed meld (concealed kongs do not open a hand)."""
        return all(m.is_concealed for m in self.melds)


_NO_EXTRA: Mapping[str, Any] = MappingProxyType({})
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
    flower_tiles: ClassVar[tuple[int, ...]] = ()
    """Tile ids that are flowers: exposed at once and replaced (34..41).
    (The engine reads this tuple, not :meth:`is_flower`.)"""
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
    multiple_winners: ClassVar[bool] = True
    """One discard may have several winners (一炮多响); else only the nearest (截胡)."""
    rob_kong: ClassVar[bool] = True
    """A tile added to a pung may be won on (抢杠)."""
    missed_win_ban: ClassVar[bool] = True
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
    must_win_last_tiles: int = 0
    """With fewer than this many tiles left to draw, a win offered must be
    taken (四川 最后四张自动胡: 4); 0: a win may always be declined.  (An
    instance attribute may follow an option.)"""
    opening_wins_continue: bool = False
    """Opening wins (:meth:`instant_win` in the OPENING phase, e.g. 长沙
    起手小胡) are paid at once and the hand goes on; ``False``: they end the
    hand like any win.  (An instance attribute may follow an option.)"""
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
    self_draw_zone: ClassVar[int] = 0
    """海捞区 (合肥): the last N drawable tiles are drawn one at a time in
    turn and may only be won on by the seat that draws them (self-drawn):
    the drawer wins or lays the tile aside (its only "discard", which
    nobody may claim or win on), and the next seat draws; no kong is made
    once N or fewer tiles are left to draw.  ``Table.in_self_draw_zone``
    tells whether the seat on turn drew one of them.  0: no such zone."""
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
    ready_allows_kong: ClassVar[bool] = True
    """After declaring, a kong of the drawn tile that keeps the same waits."""
    ready_kong_any_waits: ClassVar[bool] = False
    """With ``ready_allows_kong``: the concealed kong needs only to leave the
    hand ready, with any waits (河北 "听牌后仍可杠牌，前提是杠完后还可听"),
    instead of the same waits."""
    ready_missed_win_forfeits: ClassVar[bool] = False
    """After declaring, passing a win forbids every win for the rest of the hand."""

    # --- wild tiles ----------------------------------------------------------
    wild_indicator: ClassVar[bool] = False
    """After the deal, flip the last tile of the wall (not a flower) as the
    indicator; the wilds are :meth:`wilds_for_indicator` of its kind."""
    indicator_may_be_flower: ClassVar[bool] = False
    """The indicator is the last tile of the wall even when it is a flower
    (宁波: a season names the four seasons wild); :meth:`wilds_for_indicator`
    then receives a flower id.  Wild flowers stay in hand as wild tiles."""
    wild_discard: ClassVar[bool] = True
    """Wild tiles may be discarded (they can never be claimed)."""

    imagined_tiles: ClassVar[int] = 0
    """心皇 (江南): each seat holds this many imagined tiles besides the
    tiles it is dealt (deal ``hand_size`` = the usual size minus them): the
    hand analysis counts them as wild tiles standing for the kinds
    :meth:`rules_for` allows (``wild_kinds``); they are never drawn,
    discarded or called, so they act only in a win.  ``WinContext.wilds``
    counts them."""
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

    def __init__(self, **options: Any) -> None:
        try:
            self.options = self.Options(**options)
        except TypeError as e:
            known = ", ".join(f.name for f in dataclasses.fields(self.Options))
            raise MahjongError(
                f"{self.id}: unknown option in {sorted(options)!r}; known: {known or 'none'}"
            ) from e

    def options_json(self) -> dict[str, Any]:
        """The options as plain JSON values (enums by value, nested dataclasses
        as objects); :meth:`from_options_json` reads them back."""
        cached: dict[str, Any] | None = self.__dict__.get("_options_json")
        if cached is None:  # options are frozen: computed once per rule set
            cached = {f.name: _to_json(getattr(self.options, f.name)) for f in dataclasses.fields(self.options)}
            self.__dict__["_options_json"] = cached
        out: dict[str, Any] = _copy_json(cached)
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
        kinds = [s * 9 + i for s in self.suits for i in range(9)]
        if self.honors:
            kinds += list(range(27, 34))
        return [k for k in kinds for _ in range(self.copies)] + list(self.flower_tiles)

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
        turn, only when a rule set overrides it.  Default: all 0."""
        return _NO_COSTS

    def substitutes(self, table: Table) -> dict[int, int]:
        """替身 for this hand: physical kind -> the kind it plays as in hand
        analysis (白板 for the wild's own kind; 红中 for the 钻's natural
        kind), asked once after the wild kinds are known.  A substitute is
        discarded and punged as itself; waits, wins and scoring see the kind
        it plays as.  Default: none."""
        return {}

    def may_declare_ready(self, table: Table, seat: int) -> bool:
        """Whether ``seat`` may declare ready now (when ``ready_rule`` is not
        NONE).  Default: any time before declaring."""
        return True

    def can_win(self, ctx: WinContext, sheet: ScoreSheet) -> bool:
        """Conditions beyond the shape; the engine asks this.  Default: no
        :meth:`win_problem`."""
        return self.win_problem(ctx, sheet) is None

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        """The rule a scored hand breaks (缺门, a 2-5-8 pair, a minimum fan,
        an undeclared ready ...), in words, or None when it may win.
        Default: None."""
        return None

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        """The :attr:`context_keys` facts of a win by ``seat`` now, for
        ``WinContext.extra`` (called by the engine only when a rule set
        overrides it).  Default: none."""
        return _NO_EXTRA

    def paper_wild_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        """The wild kinds of a hand scored on paper, from its context keys
        (an indicator ...), when ``context`` gives no ``wild_kinds``.
        Default: none."""
        return frozenset()

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

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """Payments for the wins of a hand (``table`` is None for a hand
        scored on paper: read ``ctx.extra`` then).  Default: self-draw, every
        other seat pays ``points``; discard win, the discarder pays ``points``."""
        out: list[Payment] = []
        for ctx, sheet in wins:
            if ctx.self_drawn:
                for s in range(self.num_players):
                    if s != ctx.seat:
                        out.append(Payment(s, ctx.seat, sheet.points, "self-draw"))
            elif ctx.discarder is not None:
                out.append(Payment(ctx.discarder, ctx.seat, sheet.points, "discard"))
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

    def exchange_offset(self, table: Table) -> int:
        """换三张: the tiles go from seat ``s`` to ``(s + offset) % n``.
        Default, by the hand's dice: a sum divisible by 3 passes to the
        opposite seat (2), one more to the next seat in turn order (1, 下家),
        two more to the previous seat (3, 上家)."""
        return (2, 1, 3)[sum(table.dice) % 3] % self.num_players or 1

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
            "flowers": len(cls.flower_tiles),
            "wild_tiles": cls.wild_tiles or "none",
            "options": [f.name for f in dataclasses.fields(cls.Options)],
            "defaults": {f.name: defaults[f.name] for f in dataclasses.fields(cls.Options)},
            "option_types": {f.name: _type_name(f.type) for f in dataclasses.fields(cls.Options)},
        }


def _type_name(t: Any) -> str:
    """A dataclass field's annotation as a short word (``int``, ``bool``, an enum's name)."""
    name = t if isinstance(t, str) else getattr(t, "__name__", repr(t))
    return str(name).rsplit(".", 1)[-1]


def _copy_json(v: Any) -> Any:
    """A copy of plain JSON data (dicts, lists, scalars)."""
    if isinstance(v, dict):
        return {k: _copy_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_copy_json(x) for x in v]
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
