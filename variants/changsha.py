"""长沙麻将 (Changsha): 108 tiles, a 2-5-8 pair for small hands, big hands
that add up, opening small wins and the bird (扎鸟).

Sources: seed 000 (全国各地麻将玩法总汇, 长沙麻将, pp.6-9) as specified in
``variants-regional.md`` §2, and seed 001 (the 小和/大和/超大和/最大和 list
printed under the 合肥 heading) as specified in ``variants-more.md`` §10.2.
Score a hand from notation (seats 0..3 = E S W N when seat 0 deals):

>>> cs = Changsha()
>>> r = cs.score_hand("123m456m789p234s5s", win_tile="5s", winner=1, context={"birds": "7p"})
>>> r.sheet.names(), r.settlement.deltas(4)
(['小胡'], [-20, 50, -20, -10])

What the rule set decides (seed wording first, then each gap of the spec):

* Tiles: 万筒索 ×4 (108), no honours, no flowers, no wild tiles; 13 tiles,
  the dealer 14 and discards first.
* Calls: chow from the discarder's 下家 only, pong and kong by anyone;
  win > kong/pong > chow (PROPOSAL of §2.6); several seats may win on one
  discard (通炮).  漏胡 bans a ron on the missed tile only, until the seat's
  next draw ("只对该玩家漏胡的那张牌有效": the engine flag
  ``missed_win_same_tile_only``).  Only an added kong can be robbed (CS-10).
* 小胡: four sets and a 2-5-8 pair (二五八做将); a hand without one is not
  a win (:meth:`win_problem` names the rule).  The hand shapes of the big
  hands 碰碰胡, 将将胡, 清一色 and 七小对 take any pair (乱将, CS-7); the
  situational big hands (天胡, 地胡, 海底, 杠上开花, 抢杠, 杠上炮) need the
  pair "of the kind the hand's type requires" (将的种类根据当前牌型决定):
  2-5-8 unless one of those shapes is there too.  将将胡 is any fourteen
  tiles that are all 2, 5 or 8, with no shape needed (CS-6 PROPOSAL;
  the engine's ``shape_free_win`` hook).
* Opening small wins, right after the deal: 四喜 (four of a kind), 板板胡
  (no 2, 5 or 8), 缺一色 (a suit missing), 六六顺 (two pungs; a quad counts
  as a pung, each pattern counts once: CS-3).  Each is paid as 小胡自摸 and
  they add up with each other.  The seed lists them beside 天胡 in dealer
  rule G ("起手后，出现 2 个或 2 个以上的玩家胡 … 则中鸟的玩家下局当庄家"),
  which only makes sense when such wins end the hand: so by default an
  opening win ends the hand (all seats that declare one win together, one
  bird is drawn: CS-2 PROPOSAL, which follows the source).  The option
  ``opening_wins_continue=True`` is the real-world "settle and play on"
  style: the opening wins are paid at once (the bird is the next tile of
  the wall, looked at and left there) and the hand goes on.
* Big hands (大胡, §2.7): 天胡, 地胡, 碰碰胡, 将将胡, 清一色, 海底捞月,
  海底炮, 七小对, 杠上开花, 抢杠胡, 杠上炮.  Big hands add up
  ("大胡之间可以累计计算（算加法）"); small hands add up with each other;
  a small hand beside a big one counts as the big one only.  杠上开花 and
  杠上炮 need the dice kong (§2.6 (2)); a win on the plain 补张 replacement
  is a self-draw scored as the hand stands.
* Payments (§2.10), per payer: 小胡自摸 20 from each (dealer wins) or dealer
  20 / others 10; 小胡捉炮 10 (+10 when the dealer is the discarder or the
  winner); 大胡自摸 40 each or dealer 40 / others 30; 大胡捉炮 60 (+10).
  Several hands (CS-1 PROPOSAL, option ``hand_sum``): n × the non-dealer
  base (10, 10, 30, 60) + 10 once when the dealer pays or wins;
  ``HandSum.TABLE``: n × the table value.  海底炮: the seat that took 海底
  pays as the discarder (CS-5 PROPOSAL).  The 70-point escape charge is
  not modelled (no seat leaves a game of this engine).
* 扎鸟: after a win the next tile of the wall is the bird; a win on 海底
  (海底捞月, 海底炮) takes the 海底 tile itself; no tile left, no bird
  (CS-9).  Its value v points at seat dealer + (v - 1) mod 4.  Ron: a bird
  on the winner or the discarder doubles what the discarder pays; self-draw:
  a bird on the winner doubles every payer, a bird on another seat doubles
  that seat.  Several winners on one discard: each winner-discarder pair
  separately, with the same bird (CS-8).  Option ``birds`` (default 1):
  more birds are the next tiles of the wall; a payer's hits are the birds
  on the winner plus the birds on that payer, and ``bird_hits`` says how
  they combine: ``BirdHits.ADD`` (default; "1 extra per bird hit",
  variants-more §10.2 PROPOSAL: × (1 + hits)) or ``BirdHits.DOUBLE``
  (× 2 ** hits).  With one bird both are the seed's doubling.
* 海底漫游: when one tile is left it is offered in turn from the seat to
  draw; the taker wins on it (海底捞月) or must discard it, and others may
  only win on that discard (海底炮, 通胡 allowed); when all four decline the
  hand is drawn.  If a kong replacement takes the 海底 tile, this hand has
  no 海底 (no 海底捞月, no 海底炮).
* The dice kong (开杠掷骰子, §2.6 (2)): after a kong, a seat whose hand is
  ready may roll instead of taking the plain replacement (the engine's
  ``dice_kong``: TAKE rolls, PASS takes the plain 补张).  The dice total N
  counts stacks back from the end of the wall (the N-th stack's top tile;
  the last stack when N is larger; 海底 when only 海底 is left).  A win on
  it is 杠上开花; otherwise it must be discarded, and a win on that discard
  is 杠上炮; from then on the roller discards every tile it draws unless it
  wins.  Two dice, one replacement tile (CS-4 PROPOSAL).
  Option ``dice_kong_tiles=2`` is the common real-world 长沙 rule the spec
  asks for as a flag ("Real-world Changsha often takes two tiles"): both
  tiles of the N-th stack (top, then bottom; the last stack when N is
  larger; only 海底 when one tile is left) are turned up (the engine's
  ``dice_kong_tiles``).  If either completes the konger's hand it may win
  on it: 杠上开花, once, scored on the better tile when both win
  (就高不就低; PROPOSAL: no double 杠上开花).  Otherwise it discards the
  first, and when nobody wins on it, the second (PROPOSAL: the top tile
  first; both lie in the konger's river).  The other seats may win on
  either (杠上炮, 通炮 as on any discard: each winner is paid by the konger)
  but may not chow, pung or kong them (PROPOSAL: the tiles are the kong's
  replacement, not a free discard).  Seed 000's "如果没胡则必须打出该补张的牌"
  and the roller's lock hold for each tile.
* Next dealer (§2.3): B the winner; C the seat that took 海底 when nobody
  won; D the first seat offered 海底 when all declined; E the discarder of
  通炮; F the seat that drew 海底 as a kong replacement; G the seat the
  bird hits when two or more seats win right after the deal.
* ``scoring=Scoring.TIERS``: the seed-001 system 小和 / 大和 / 超大和 /
  最大和 (variants-more §10.2) with its PROPOSAL values 1 (自摸 2) / 6 / 12
  / 18 units of 10 points per payer, no dealer surcharge; 全求人 counts
  toward the tiers.  The birds apply as above.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import _native
from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import HandScore, Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from mahjong_core.engine import Phase
from mahjong_core.tiles import Meld, MeldKind, parse_tile, parse_tiles

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "BIG_HANDS",
    "OPENING_HANDS",
    "BirdHits",
    "Changsha",
    "ChangshaOptions",
    "HandSum",
    "Scoring",
    "bird_seat",
    "opening_hands",
    "tier",
]

RANKS_258 = frozenset(s * 9 + r for s in range(3) for r in (1, 4, 7))
_NON_258 = tuple(k for k in range(27) if k not in RANKS_258)


class HandSum(enum.Enum):
    """How several hands of one win add up (CS-1)."""

    BASE_PLUS_DEALER = "base+dealer"
    """n × the non-dealer base (10 小胡, 30 大胡自摸, 60 大胡捉炮) + 10 once
    when the dealer pays or wins (PROPOSAL, the default)."""
    TABLE = "table"
    """n × the table value (the dealer's surcharge counted n times)."""


class BirdHits(enum.Enum):
    """How several birds on one payer combine (option ``birds`` > 1)."""

    ADD = "add"
    """× (1 + hits): each hit pays the amount once more (default)."""
    DOUBLE = "double"
    """× 2 ** hits: each hit doubles again."""


class Scoring(enum.Enum):
    """Which payment system."""

    TABLE = "table"
    """Seed 000 §2.10: 小胡 / 大胡, self-draw or ron, dealer +10 (default)."""
    TIERS = "tiers"
    """Seed 001: 小和 1 (自摸 2) / 大和 6 / 超大和 12 / 最大和 18 units of 10."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangshaOptions:
    """House rules of 长沙麻将 (see :class:`Changsha`)."""
    first_dealer: int = -1
    """The first dealer of a match: -1 (default) a seat drawn from the
    match's seed, as the seed says ("第一局由系统随机分配庄家": ``random_first_dealer``); 0..3:
    that seat deals first."""

    birds: int = 1
    """Birds drawn after a win (扎鸟), 0..4; 0 switches birds off."""
    bird_hits: BirdHits = BirdHits.ADD
    """How several birds hitting one payer combine."""
    hand_sum: HandSum = HandSum.BASE_PLUS_DEALER
    """How several hands of one win add up (CS-1)."""
    opening_wins_continue: bool = False
    """Opening small wins are paid at once and the hand goes on (the
    real-world style); default: they end the hand (seed rule G, CS-2)."""
    scoring: Scoring = Scoring.TABLE
    """Seed 000's payment table, or seed 001's 超大和 tiers."""
    dice_kong_tiles: int = 1
    """Tiles the dice kong turns up (CS-4): 1 (PROPOSAL of the spec, the
    default) or 2 (the common real-world 长沙 rule: both tiles of the
    stack, win on either, else both are discarded, win-only for the
    others)."""

    def __post_init__(self) -> None:
        if isinstance(self.birds, bool) or not isinstance(self.birds, int) or not 0 <= self.birds <= 4:
            raise MahjongError(f"changsha: option birds must be an int 0..4, got {self.birds!r}")
        if isinstance(self.dice_kong_tiles, bool) or self.dice_kong_tiles not in (1, 2):
            raise MahjongError(f"changsha: option dice_kong_tiles must be 1 or 2, got {self.dice_kong_tiles!r}")
        if not isinstance(self.opening_wins_continue, bool):
            raise MahjongError(
                f"changsha: option opening_wins_continue must be True or False, got {self.opening_wins_continue!r}"
            )
        for name, kind in (("bird_hits", BirdHits), ("hand_sum", HandSum), ("scoring", Scoring)):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, kind(value))
            except ValueError:
                known = ", ".join(repr(x.value) for x in kind)
                raise MahjongError(f"changsha: option {name} {value!r} is not one of {known}") from None


# ---------------------------------------------------------------------------
# The hands
# ---------------------------------------------------------------------------


def opening_hands(counts: Sequence[int]) -> list[tuple[str, str]]:
    """The opening small wins (起手小胡) of a dealt hand given as 34 counts:
    (zh, en) of each, once each (CS-3).

    >>> from mahjong_core.tiles import counts_of, parse_tiles
    >>> opening_hands(counts_of(parse_tiles("1111m333p666s5m47s")))
    [('四喜', 'Four of a kind'), ('六六顺', 'Two pungs')]
    """
    out = []
    if any(n == 4 for n in counts[:27]):
        out.append(("四喜", "Four of a kind"))
    if not any(counts[k] for k in RANKS_258):
        out.append(("板板胡", "No 2, 5 or 8"))
    if any(not any(counts[s * 9 : s * 9 + 9]) for s in range(3)):
        out.append(("缺一色", "A suit missing"))
    if sum(1 for n in counts[:27] if n >= 3) >= 2:
        out.append(("六六顺", "Two pungs"))
    return out


OPENING_HANDS = ("四喜", "板板胡", "缺一色", "六六顺")


def _extra(r: Reading, key: str) -> bool:
    return bool(r.ctx.extra.get(key, False))


def _dealer_seat(ctx: WinContext) -> int:
    return (ctx.seat - ctx.seat_wind) % 4


def _haidi(r: Reading) -> bool:
    return r.ctx.last_tile and not r.ctx.robbed_kong and not _extra(r, "haidi_replaced")


BIG_HANDS: tuple[Fan, ...] = (
    Fan("天胡", "Heavenly hand", 1, lambda r: r.ctx.dealer and r.ctx.self_drawn and r.ctx.first_turn,
        why="the dealer's dealt hand is complete"),
    Fan("地胡", "Earthly hand", 1,
        lambda r: not r.ctx.dealer and r.ctx.first_go_around and r.ctx.discarder == _dealer_seat(r.ctx),
        why="a non-dealer wins on the dealer's first discard"),
    Fan("碰碰胡", "All pungs", 1, v.all_pungs, why="four pungs or kongs, any pair"),
    Fan("将将胡", "All 2-5-8", 1, v.all_258, why="every tile a 2, 5 or 8, any shape"),
    Fan("清一色", "Full flush", 1, v.full_flush, why="one suit, any pair"),
    Fan("海底捞月", "Last tile self-drawn", 1, lambda r: r.ctx.self_drawn and _haidi(r),
        why="won on the roaming last tile (海底)"),
    Fan("海底炮", "Last tile discard", 1, lambda r: not r.ctx.self_drawn and _haidi(r),
        why="won on the 海底 tile its taker could not use"),
    Fan("七小对", "Seven pairs", 1, v.seven_pairs, why="any seven pairs"),
    Fan("杠上开花", "Dice kong replacement", 1, lambda r: r.ctx.kong_replacement and _extra(r, "dice_kong"),
        why="won on the tile the dice gave after a kong"),
    Fan("抢杠胡", "Robbing a kong", 1, lambda r: r.ctx.robbed_kong, why="won on the tile added to a kong"),
    Fan("杠上炮", "Dice kong discard", 1, lambda r: r.ctx.kong_discard and _extra(r, "dice_kong"),
        why="won on the tile a dice konger had to discard"),
)
"""The eleven big hands of §2.7, one unit each; they add up."""

SHAPE_HANDS = frozenset({"碰碰胡", "将将胡", "清一色", "七小对"})
"""Big hands whose shape takes any pair (乱将, CS-7)."""

_SUPER = (  # 超大和 (seed 001): a pair of hands, or 豪华七对 alone
    ("杠上开花", ("碰碰胡", "将将胡", "清一色", "全求人")),
    ("海底捞月", ("碰碰胡", "将将胡", "清一色", "全求人", "七小对", "豪华七对")),
    ("碰碰胡", ("将将胡", "全求人", "海底捞月", "杠上开花", "清一色")),
    ("全求人", ("将将胡", "海底捞月", "杠上开花", "清一色", "碰碰胡")),
)
_TIERS = {"小和": 1, "大和": 6, "超大和": 12, "最大和": 18}


def tier(names: set[str]) -> str:
    """The seed-001 tier of a hand holding the big hands ``names`` (plus
    全求人 and 豪华七对 when they apply)."""
    if {"豪华七对", "清一色", "海底捞月"} <= names or (
        {"碰碰胡", "将将胡", "全求人"} <= names and names & {"海底捞月", "杠上开花"}
    ):
        return "最大和"
    if "豪华七对" in names or any(a in names and names & set(bs) for a, bs in _SUPER):
        return "超大和"
    if names - {"全求人"}:
        return "大和"
    return "小和"


def bird_seat(tile: int, dealer: int, n: int = 4) -> int:
    """The seat a bird of ``tile`` lands on: count its face value from the
    dealer (1 the dealer, 2 the next seat ...).

    >>> [bird_seat(parse_tile(t), 0) for t in ("1m", "2s", "7p", "8p", "9s")]
    [0, 1, 2, 3, 0]
    """
    return (dealer + (tile % 9)) % n


# ---------------------------------------------------------------------------
# The rule set
# ---------------------------------------------------------------------------


class Changsha(Ruleset):
    """长沙麻将: see the module docstring for every decision."""

    name = "changsha"
    version = 1
    zh = "长沙麻将"
    summary = "长沙: 108 tiles, 2-5-8 pair for small hands, opening small wins, big hands add up, 扎鸟"
    aliases = ("长沙", "长沙麻将")
    Options = ChangshaOptions
    random_first_dealer = True  # "第一局由系统随机分配庄家" (option first_dealer fixes the seat)

    honors = False
    allow_chow = True
    multiple_winners = True
    rob_kong = True
    missed_win_ban = True
    missed_win_same_tile_only = True
    last_tile_offer = True
    calls_on_last_discard = False
    dice_kong = True
    hand_rules = HandRules(forms=(Form.STANDARD, Form.SEVEN_PAIRS))
    """What may win: any pair (the big shapes take any); 小胡's 2-5-8 pair
    is checked by :meth:`win_problem`."""
    AIM = HandRules(forms=(Form.STANDARD, Form.SEVEN_PAIRS), pair_kinds=HandRules.PAIR_258)
    """What a bot should aim for: a 2-5-8 pair (legal whatever the hand)."""

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "birds": "the bird tile(s) drawn after the win, in notation (\"7p\"; \"\" = none)",
        "dice_kong": "the kong before this win was a dice kong (开杠掷骰子): with kong_replacement "
                     "it is 杠上开花, with kong_discard 杠上炮",
        "haidi_replaced": "the 海底 tile was drawn as a kong replacement: this hand has no 海底",
    })

    options: ChangshaOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.opening_wins_continue = self.options.opening_wins_continue
        self.dice_kong_tiles = self.options.dice_kong_tiles

    # --- winning -----------------------------------------------------------
    def aim_rules(self, table: Any, seat: int) -> HandRules:
        return self.AIM

    def instant_win(self, table: Table, seat: int) -> str | None:
        if table.phase is not Phase.OPENING:
            return None
        hand = table.hands[seat]
        names = [zh for zh, _ in opening_hands(hand)]
        if seat == table.dealer and not self.opening_wins_continue and (
            _native.is_win_buf(hand, 0, self.hand_rules) or self._shape_free(hand, ())
        ):
            dealt = WinContext(seat=seat, concealed=tuple(k for k in range(27) for _ in range(hand[k])),
                               win_tile=-1, self_drawn=True, dealer=True, first_turn=True)
            if self.score(dealt).unit == "大胡":
                names.insert(0, "天胡")  # wins with the opening winners (rule G)
        return "+".join(names) if names else None

    @staticmethod
    def _shape_free(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
        """将将胡 without a shape: every tile held and melded is a 2, 5 or 8."""
        for k in _NON_258:  # (a plain loop: asked at every discard in play)
            if counts[k]:
                return False
        return all(m.kind_of in RANKS_258 and m.kind is not MeldKind.CHI for m in melds)

    def shape_free_kinds(self, table: Table) -> frozenset[int] | None:
        """将将胡 holds only 2, 5 and 8: the engine asks no other hand (a
        speed promise)."""
        return RANKS_258

    def shape_free_win(self, table: Table, seat: int, counts: Sequence[int]) -> bool:
        return self._shape_free(counts, table.melds[seat])

    def shape_free_waits(self, table: Table, seat: int, counts: Sequence[int]) -> int:
        if not self._shape_free(counts, table.melds[seat]):
            return 0
        return sum(1 << k for k in RANKS_258 if counts[k] < 4)

    def score(self, ctx: WinContext) -> ScoreSheet:
        opening = ctx.instant is not None
        big: list[tuple[Fan, int]] = []
        small_ok = False
        counts = [0] * 34
        for k in ctx.all_kinds:
            counts[k] += 1
        try:
            rs = v.readings(ctx, self.hand_rules)
        except IllegalWinError:
            rs = ()
        best_key: tuple[int, ...] = (-1,)
        best_reading: Reading | None = None
        for r in rs:
            hits = v.matching(BIG_HANDS, r)
            names = {f.zh for f, _ in hits}
            legal = bool(names & SHAPE_HANDS) or v.pair_258(r)
            key = (int(legal), len(hits) if legal else 0, self._extras(r))
            if key > best_key:
                best_key, best_reading, big, small_ok = key, r, hits if legal else [], legal
        full = len(ctx.concealed) + 3 * len(ctx.melds) == self.hand_size + 1
        if best_reading is None and full and self._shape_free(counts, ctx.melds):
            # 将将胡 with no shape (CS-6): read the situational hands only
            small_ok = True
            big = [(BIG_HANDS[3], 1)] + [
                (f, 1) for f in BIG_HANDS if f.zh not in SHAPE_HANDS and _situational(f, ctx)
            ]
        extra_names: list[str] = []
        if best_reading is not None and self.options.scoring is Scoring.TIERS:
            extra_names = self._tier_extras(best_reading)
        if big:
            items = tuple(ScoreItem(f.zh, f.en, 1, why=f.why) for f, _ in big)
            items += tuple(ScoreItem(zh, zh, 0, why="counts toward the 超大和 tiers") for zh in extra_names)
            return self._sheet(items, "大胡", ctx)
        if opening:
            hands = opening_hands(counts) if not ctx.melds else []
            if hands:
                return self._sheet(tuple(ScoreItem(zh, en, 1, why="right after the deal, paid as 小胡自摸")
                                         for zh, en in hands), "小胡", ctx)
        if small_ok:
            items = (ScoreItem("小胡", "Small hand", 1, why="a 2-5-8 pair, sets"),)
            items += tuple(ScoreItem(zh, zh, 0, why="counts toward the 超大和 tiers") for zh in extra_names)
            return self._sheet(items, "小胡", ctx)
        why = "小胡 needs a 2-5-8 pair (二五八做将)" if rs else "not a winning hand (4 sets and a pair, seven pairs, or all 2-5-8)"
        return ScoreSheet(items=(), total=0, unit="小胡", points=0, notes=(why,))

    @staticmethod
    def _extras(r: Reading) -> int:
        return int(v.fully_melded(r)) + v.seven_pairs_quads(r)

    @staticmethod
    def _tier_extras(r: Reading) -> list[str]:
        out = []
        if v.fully_melded(r):
            out.append("全求人")
        if v.seven_pairs_quads(r):
            out.append("豪华七对")
        return out

    def _sheet(self, items: tuple[ScoreItem, ...], unit: str, ctx: WinContext) -> ScoreSheet:
        n = sum(it.count for it in items if it.value)
        notes: tuple[str, ...] = ()
        if self.options.scoring is Scoring.TIERS:
            name = tier({it.zh for it in items}) if unit == "大胡" else "小和"
            units = _TIERS[name] * (2 if name == "小和" and ctx.self_drawn else 1)
            return ScoreSheet(items=items, total=units, unit=name, points=units * 10, notes=(f"{name}: {units} × 10",))
        base = 10 if unit == "小胡" else (30 if ctx.self_drawn else 60)
        if n > 1:
            notes = (f"{n} {unit} add up",)
        return ScoreSheet(items=items, total=n, unit=unit, points=n * base, notes=notes)

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        if sheet.total > 0:
            return None
        return sheet.notes[0] if sheet.notes else "not a winning hand"

    # --- settlement ----------------------------------------------------------
    def _amount(self, ctx: WinContext, sheet: ScoreSheet, payer: int, dealer: int) -> int:
        if self.options.scoring is Scoring.TIERS:
            return sheet.points
        n = sheet.total
        big = sheet.unit == "大胡"
        base = (30 if ctx.self_drawn else 60) if big else 10
        involved = dealer in (payer, ctx.seat)
        if self.options.hand_sum is HandSum.TABLE:
            return n * (base + (10 if involved else 0))
        return n * base + (10 if involved else 0)

    def _birds(self, ctx: WinContext) -> list[int]:
        raw = ctx.extra.get("birds", ())
        if isinstance(raw, str):
            try:
                tiles = parse_tiles(raw) if raw.strip() else []
            except MahjongError as e:
                raise MahjongError(f"changsha: context birds: {e}") from None
        else:
            tiles = [int(t) for t in raw]
        for t in tiles:
            if not 0 <= t < 27:
                raise MahjongError(f"changsha: context birds: {t!r} is not a suit tile")
        return tiles

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        n = self.num_players
        for ctx, sheet in wins:
            dealer = _dealer_seat(ctx)
            bird_seats = [bird_seat(t, dealer, n) for t in self._birds(ctx)]
            if ctx.self_drawn:
                payers = [s for s in range(n) if s != ctx.seat]
            else:
                assert ctx.discarder is not None
                payers = [ctx.discarder]
            what = ("小胡" if sheet.unit == "小胡" else "大胡") + ("自摸" if ctx.self_drawn else "捉炮")
            if self.options.scoring is Scoring.TIERS:
                what = sheet.unit + ("自摸" if ctx.self_drawn else "捉炮")
            for p in payers:
                amount = self._amount(ctx, sheet, p, dealer)
                hits = bird_seats.count(ctx.seat) + bird_seats.count(p)
                reason = what
                if hits:
                    mult = 1 + hits if self.options.bird_hits is BirdHits.ADD else 2**hits
                    amount *= mult
                    reason += f" 中鸟×{mult}"
                out.append(Payment(p, ctx.seat, amount, reason))
        return Settlement(tuple(out))

    # --- play ------------------------------------------------------------------
    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        live = table.live_tiles
        replaced = live == 0 and table.last_tile_taker is None
        if live == 0:
            birds = [table.wall[table.head - 1]] if table.last_tile_taker is not None else []
        else:
            birds = table.wall[table.head : table.head + min(self.options.birds, live)]
        if not self.options.birds:
            birds = []
        return {"birds": birds, "dice_kong": bool(table.kong_dice), "haidi_replaced": replaced}

    def next_dealer(self, table: Table) -> int:
        winners = table.winners
        if winners:
            ctxs = [table.contexts[s] for s in winners]
            if len(winners) >= 2 and all(c.instant is not None for c in ctxs):
                birds = self._birds(ctxs[0])  # rule G: the seat the bird hits
                return bird_seat(birds[0], table.dealer, self.num_players) if birds else table.dealer
            if len(winners) >= 2 and not ctxs[0].self_drawn and ctxs[0].discarder is not None:
                return ctxs[0].discarder  # rule E: 通炮
            return winners[0]  # rule B
        if table.last_tile_taker is not None:
            return table.last_tile_taker  # rule C
        if table.last_tile_offers:
            return table.last_tile_offers[0]  # rule D
        for e in reversed(table.events):  # rule F: who drew 海底 as a replacement
            if e["type"] == "draw":
                return int(e["seat"]) if e.get("replacement") else table.dealer
        return table.dealer

    # --- paper -------------------------------------------------------------------
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
        """As :meth:`Ruleset.score_hand`; an opening small win is written
        with ``context={"instant": ...}`` (any name: the hands are read from
        the tiles) and the dealt tiles as ``hand`` + ``win_tile`` (13, or 14
        for the dealer), self-drawn:

        >>> r = Changsha().score_hand("134679m134679p", win_tile="1s", winner=2,
        ...                           context={"instant": "板板胡", "birds": ""})
        >>> r.sheet.names(), r.settlement.deltas(4)
        (['板板胡'], [-20, -10, 40, -10])
        """
        ctx_in = dict(context or {})
        if not ctx_in.get("instant"):
            return super().score_hand(hand, win_tile=win_tile, melds=melds, winner=winner, dealer=dealer,
                                      discarder=discarder, flowers=flowers, context=context)
        from mahjong_core.paper import build_context

        if discarder is not None or melds:
            raise MahjongError("changsha: an opening win is self-drawn on the dealt hand (no discarder, no melds)")
        tiles = (parse_tiles(hand) if isinstance(hand, str) else list(hand))
        tiles.append(parse_tile(win_tile) if isinstance(win_tile, str) else int(win_tile))
        want = self.hand_size + (1 if winner == dealer else 0)
        if len(tiles) != want:
            raise MahjongError(f"changsha: an opening hand of seat {winner} holds {want} tiles, got {len(tiles)}")
        # the parser checks tiles, seats and keys on a 14-tile stand-in
        pad = tiles if len(tiles) == 14 else tiles + [next(k for k in range(27) if tiles.count(k) < 4)]
        base = build_context(self, pad[:-1], win_tile=pad[-1], winner=winner, dealer=dealer, context=ctx_in)
        from dataclasses import replace

        ctx = replace(base, concealed=tuple(sorted(tiles)), win_tile=-1, decompositions=(),
                      first_turn=winner == dealer)
        sheet = self.score(ctx)
        problem = self.win_problem(ctx, sheet)
        if problem is not None:
            raise IllegalWinError(f"{self.id}: {problem}")
        return HandScore(sheet, self.settle(None, [(ctx, sheet)]), ctx)


def _situational(f: Fan, ctx: WinContext) -> bool:
    """A big hand that depends only on how the hand was won (for a shape-free
    将将胡 that has no reading)."""
    probe = Reading(Form.STANDARD, (), ctx, None, tuple([0] * 34))
    return bool(f.test(probe))

