"""营口麻将 (Yingkou): a 会 (wild) turned up from the end of the wall that
stands for anything but 幺九, no 2 or 8 pair, all three suits, a 1, 9 or
honour, and a pung in every win.

Source: seed 001 (the 营口麻将 note) as quoted in ``variants-more.md``
§11.2: "每家抓 13 张牌，胡牌时二，八不能做将，就是一对那个不行以是二，八。胡牌时
万，饼，条，都要有，还不能断幺九，最终一张牌是会万能牌可替代除了幺久的任何牌。胡牌
型：aaaabc abc abc aa".  Score a hand written on paper (seats 0..3 = E S W N
when seat 0 deals; ``indicator`` names the turned-up tile):

>>> yk = Yingkou()
>>> r = yk.score_hand("111m345p567s789s5m", win_tile="5m", winner=1, discarder=2, context={"indicator": "9p"})
>>> r.sheet.names(), r.sheet.points, r.settlement.deltas(4)
(['门清', '单钓', '素胡'], 8, [0, 8, -8, 0])
>>> yk.score_hand("111m345p567s789s2m", win_tile="2m", winner=1, discarder=2, context={"indicator": "9p"})
Traceback (most recent call last):
...
mahjong_core.errors.IllegalWinError: yingkou-v1: 二，八不能做将: the pair may not be a 2 or an 8

What the rule set decides (each seed sentence, then each gap):

* "每家抓 13 张牌": 13 tiles, the dealer 14 and discards first.  Tiles
  (PROPOSAL, the common 辽宁 set): 万饼条 and the seven honours ×4 (136),
  no flowers.
* "最终一张牌是会万能牌": the last tile of the wall is turned up after the
  deal (PROPOSAL on the procedure, spec §11.2); its kind is the 会 and the
  tile leaves the wall, so three 会 are in play (option ``hui``: the next
  kind instead, 9 → 1, 北 → 东, 中 → 白).  "可替代除了幺久的任何牌": a 会
  stands for any 2..8 of a suit, never a 1, a 9 or an honour (幺九 read
  with the honours, as 断幺九 reads it); PROPOSAL: a 会 may also be used as
  its own kind (还原, option ``hui_as_itself``).  A 会 is never chowed,
  punged or konged and makes no call (the engine's wild rules); it may be
  discarded.
* "二，八不能做将": the pair is never a 2 or an 8 (a 会 in the pair cannot
  make one either).
* "万，饼，条，都要有": a win holds 万, 饼 and 条 (as read, 会 included).
* "不能断幺九": a win holds a 1, a 9 or an honour.
* "胡牌型：aaaabc abc abc aa": garbled in the seed; PROPOSAL (spec §11.2)
  read as "aaa abc abc abc aa": four sets and a pair with at least one
  pung or kong (option ``shape``: ``one-pung-three-chows`` exactly that
  shape; ``any`` four sets and a pair).  No 七对 or 十三幺.
  :meth:`win_problem` names the rule a hand breaks; every reading of the
  会 is tried and the one that is a legal win and scores most is kept.
* Play (PROPOSAL, the common 东北 game): chow from the 上家, pung, kongs;
  win > pung/kong > chow; one winner per discard, the nearest in turn order
  (截胡, option ``multiple_ron``); 抢杠 (the robbed seat pays as the
  discarder); 漏胡 until the seat's next draw.  The dealer stays when it
  wins or the hand is drawn, else the next seat deals.  No 开门 rule (the
  seed lists the win conditions without it; option ``must_open``: a win
  needs a claimed meld, as much of 辽宁 plays).
* Scoring (PROPOSAL, the seed gives no values): 番 double, a payer pays
  ``base`` × 2 ** 番; 番: 自摸 1, 门清 1 (no claimed meld), 夹胡 1 (a 坎张 or
  边张 wait), 单钓 1, 飘胡 2 (all pungs), 素胡 1 (no 会 standing for another
  kind), 杠上开花 1, 海底捞月 1; 庄家: +1 番 for a payment the dealer makes
  or receives.  A discard win is paid by the discarder alone, a self-draw
  by each of the three.  No kong payments.

Context keys (``Ruleset.context_keys``): ``indicator`` (the turned-up tile,
notation or id: the 会 of the hand on paper).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules, Shape
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.patterns import Fan, Reading, Wait
from mahjong_core.rules import Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext, next_kind
from mahjong_core.tiles import Meld, MeldKind

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["FANS", "Hui", "SIMPLES", "Shape258", "hand_rules_for", "hui_kinds", "Yingkou", "YingkouOptions", "reading_problem"]

SIMPLES = frozenset(s * 9 + r for s in range(3) for r in range(1, 8))
"""2..8 of each suit: what a 会 may stand for ("可替代除了幺久的任何牌")."""
YAOJIU = v.TERMINALS | v.HONOURS


class Hui(enum.Enum):
    """Which kind the turned-up tile makes the 会."""

    FLIPPED = "flipped"
    """The turned-up tile's own kind ("最终一张牌是会", default)."""
    NEXT = "next"
    """The next kind (9 → 1, 北 → 东, 中 → 白)."""


class Shape258(enum.Enum):
    """How the seed's "aaaabc abc abc aa" is read."""

    PUNG = "pung"
    """Four sets and a pair with at least one pung or kong (default)."""
    ONE_PUNG_THREE_CHOWS = "one-pung-three-chows"
    """Exactly one pung or kong, three chows and a pair."""
    ANY = "any"
    """Four sets and a pair."""


@dataclass(frozen=True, slots=True, kw_only=True)
class YingkouOptions:
    """House rules of 营口麻将 (see :class:`Yingkou`)."""

    base: int = 1
    """Points per payer before the 番 double it."""
    hui: Hui = Hui.FLIPPED
    """Which kind the turned-up tile makes the 会."""
    hui_as_itself: bool = True
    """A 会 may be used as its own kind (PROPOSAL); else only as a 2..8."""
    shape: Shape258 = Shape258.PUNG
    """How "aaaabc abc abc aa" is read."""
    multiple_ron: bool = False
    """一炮多响; default: the nearest winner alone (截胡)."""
    must_open: bool = False
    """开门: a win needs a chow, pung or exposed kong (the wider 辽宁 rule;
    the seed does not ask it, so off by default)."""

    def __post_init__(self) -> None:
        if isinstance(self.base, bool) or not isinstance(self.base, int) or self.base < 1:
            raise MahjongError(f"yingkou: option base must be an int >= 1, got {self.base!r}")
        for name in ("hui_as_itself", "multiple_ron", "must_open"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"yingkou: option {name} must be True or False, got {getattr(self, name)!r}")
        for name, kind in (("hui", Hui), ("shape", Shape258)):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, kind(value))
            except ValueError:
                known = ", ".join(repr(x.value) for x in kind)
                raise MahjongError(f"yingkou: option {name} {value!r} is not one of {known}") from None


def _natural_hui(r: Reading) -> bool:
    """素胡: no 会 stands for a kind other than its own."""
    return r.is_natural


FANS: tuple[Fan, ...] = (
    Fan("自摸", "Self-drawn", 1, v.self_drawn, why="won on one's own draw"),
    Fan("门清", "Concealed hand", 1, v.concealed_hand, why="no chow, pung or exposed kong"),
    Fan("夹胡", "Closed or edge wait", 1, v.closed_or_edge_wait, why="the winning tile was a 坎张 or 边张"),
    Fan("单钓", "Single wait", 1, lambda r: v.wait(r) is Wait.SINGLE, why="the winning tile completed the pair"),
    Fan("飘胡", "All pungs", 2, v.all_pungs, why="four pungs or kongs and a pair"),
    Fan("素胡", "No 会 used", 1, _natural_hui, why="no 会 stands for another kind"),
    Fan("杠上开花", "Kong replacement", 1, v.kong_replacement, why="won on a kong's replacement tile"),
    Fan("海底捞月", "Last tile", 1, v.last_tile_drawn, why="won on the last tile of the wall"),
)
"""The 番 of a 营口 win (PROPOSAL); each doubles."""


def reading_problem(r: Reading, shape: Shape258 = Shape258.PUNG, hui: frozenset[int] = SIMPLES) -> str | None:
    """The seed rule a reading breaks, or None.  ``hui``: the kinds a 会
    may stand for (2..8, and its own kind with ``hui_as_itself``)."""
    for u in r.units:
        for k in u.wilds:
            if k not in hui:
                return "会可替代除了幺久的任何牌: a 会 may not stand for a 1, a 9 or an honour"
    if r.pair >= 0 and r.pair < 27 and r.pair % 9 in (1, 7):
        return "二，八不能做将: the pair may not be a 2 or an 8"
    if len(v.suits(r)) < 3:
        return "万，饼，条，都要有: a win holds 万, 饼 and 条"
    if r.kinds.isdisjoint(YAOJIU):
        return "不能断幺九: a win holds a 1, a 9 or an honour"
    pungs = len(r.pungs)
    if shape is Shape258.PUNG and pungs == 0:
        return "胡牌型 aaa abc abc abc aa: a win holds a pung or a kong"
    if shape is Shape258.ONE_PUNG_THREE_CHOWS and (pungs != 1 or len(r.chows) != 3):
        return "胡牌型 aaa abc abc abc aa: a win is one pung or kong, three chows and a pair"
    return None


def _breaks_a_rule(units: Sequence[tuple[int, int, int]], melds: Sequence[Meld], shape: Shape258,
                   hui: frozenset[int]) -> bool | None:
    """:func:`reading_problem` of the one reading of a standard-form
    decomposition's ``units`` (``(shape, kind, wilds)``, as the kernel
    gives them) with the declared ``melds``, without the reading: whether
    it breaks a rule; None when a unit is made of 会 alone (a WILD_PAIR or
    WILD_SET, read several ways: left to :func:`~mahjong_core.patterns.readings`)."""
    bits = 0  # (bits 0..2: the suits held; bit 3: a 幺九 kind)
    pungs = chows = 0
    for sh, k, w in units:
        if sh == _CHOW_SHAPE:
            if w and any(w >> i & 1 and k + i not in hui for i in range(3)):
                return True  # (a 会 read as 幺九)
            chows += 1
            bits |= _CHOW_BITS[k]
            continue
        if sh > _CHOW_SHAPE:
            return None
        if w and k not in hui:
            return True
        if sh == _PAIR_SHAPE:
            if k < 27 and k % 9 in (1, 7):
                return True  # (二，八不能做将)
        else:
            pungs += 1
        bits |= _KIND_BITS[k]
    for m in melds:
        if m.kind is _CHI:
            chows += 1
            bits |= _CHOW_BITS[m.tiles[0]]
        elif m.kind is _SPECIAL:
            return None
        else:
            pungs += 1
            bits |= _KIND_BITS[m.tiles[0]]
    if bits != 15:
        return True  # (万饼条 and a 幺九 kind)
    if shape is Shape258.PUNG:
        return pungs == 0
    if shape is Shape258.ONE_PUNG_THREE_CHOWS:
        return pungs != 1 or chows != 3
    return False


_PAIR_SHAPE, _CHOW_SHAPE = int(Shape.PAIR), int(Shape.CHOW)
_CHI, _SPECIAL = MeldKind.CHI, MeldKind.SPECIAL
_KIND_BITS = tuple((1 << k // 9 if k < 27 else 0) | (8 if k in YAOJIU else 0) for k in range(34))
"""A pung or pair of each kind: its suit's bit, and bit 3 for 幺九."""
_CHOW_BITS = tuple((1 << k // 9 | (8 if k % 9 in (0, 6) else 0)) if k < 27 and k % 9 < 7 else 0 for k in range(34))
"""A chow from each kind: its suit's bit, and bit 3 when it holds a 1 or a 9."""


SUIT_KINDS = frozenset(range(27))
_ANY_WILD = HandRules(forms=(Form.STANDARD,))
_STANDARD_FORM = int(Form.STANDARD)
_RULES: dict[frozenset[int], HandRules] = {}


def hui_kinds(wild_kinds: frozenset[int], as_itself: bool = True) -> frozenset[int]:
    """What a 会 of ``wild_kinds`` may stand for: 2..8 of a suit, and (with
    ``as_itself``) its own kind."""
    key = (wild_kinds, as_itself)
    got = _HUI_KINDS.get(key)
    if got is None:
        if len(_HUI_KINDS) > 256:
            _HUI_KINDS.clear()
        got = _HUI_KINDS[key] = SIMPLES | (wild_kinds & _ALL_KINDS if as_itself else frozenset())
    return got


_ALL_KINDS = frozenset(range(34))
_ONES, _TWOS = [1] * 9, [2] * 9
_YAOJIU_KINDS = tuple(sorted(YAOJIU))
_HUI_KINDS: dict[tuple[frozenset[int], bool], frozenset[int]] = {}
""":func:`hui_kinds` by its arguments."""
_SUIT_BYTES = (1 << 72) - 1
_YAOJIU_BYTES = sum(0xFF << (8 * k) for k in YAOJIU)
_COSTS: dict[int, bytes] = {}
""":meth:`Yingkou.aim_discard_costs` by its key (at most 27 × 35 of them)."""


def _plain_costs(counts: Sequence[int]) -> list[int]:
    """The bots' costs of 34 ``counts`` (wilds out): 2 for each kind of a
    suit held once, 1 for a suit held twice (or not at all), 2 for the one
    幺九 kind held when it is held once."""
    costs = [0] * 34
    for s in range(0, 27, 9):
        n = sum(counts[s : s + 9])
        if n <= 2:
            costs[s : s + 9] = _TWOS if n == 1 else _ONES
    only = -1  # the one 幺九 kind held (-2: two or more)
    for k in _YAOJIU_KINDS:
        if counts[k]:
            if only != -1:
                only = -2
                break
            only = k
    if only >= 0 and counts[only] == 1:
        costs[only] = 2
    return costs


def hand_rules_for(wild_kinds: frozenset[int], as_itself: bool = True) -> HandRules:
    """The kernel's shapes for a 营口 hand with ``wild_kinds`` as the 会: four
    sets and a pair, the 会 standing for any suit tile (and its own honour
    group).  Wider than the seed (the kernel's fast tables take whole suits
    only); :func:`reading_problem` then refuses a 会 read as 幺九 and a 2 or
    8 pair, so the engine offers a win only when a reading keeps them."""
    mask = set(SUIT_KINDS)
    if as_itself:
        for k in wild_kinds:
            if 27 <= k < 31:
                mask |= set(range(27, 31))
            elif 31 <= k < 34:
                mask |= set(range(31, 34))
    key = frozenset(mask)
    got = _RULES.get(key)
    if got is None:
        got = _RULES[key] = HandRules(forms=(Form.STANDARD,), wild_kinds=key)
    return got


class Yingkou(Ruleset):
    """营口麻将: see the module docstring for every decision."""

    name = "yingkou"
    version = 1
    zh = "营口"
    summary = "营口: 136 tiles, the last tile's kind is the 会 (not for 幺九), no 2/8 pair, three suits, 幺九, a pung"
    aliases = ("营口麻将", "营口会", "辽宁营口", "辽宁营口麻将", "ying-kou")
    Options = YingkouOptions

    allow_chow = True
    multiple_winners = False
    rob_kong = True
    missed_win_ban = True
    wild_indicator = True
    wild_discard = True
    refuses_win_exact = True  # (refuses_win: exactly the contexts whose sheet notes a problem)
    wild_tiles = "the kind of the last tile of the wall (3 left): any 2..8, never 幺九"
    hand_rules = HandRules(forms=(Form.STANDARD,), wild_kinds=SUIT_KINDS)

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "indicator": "the turned-up last tile of the wall (notation or id): the 会 (its kind, or the next with hui='next')",
    })

    options: YingkouOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._memo: tuple[WinContext, tuple[Reading, ...], list[str | None]] | None = None
        setattr(self, "multiple_winners", self.options.multiple_ron)
        # 开门 (must_open): no win without a meld, so the engine keeps no
        # waits for a seat without one (Ruleset.win_needs_meld)
        setattr(self, "win_needs_meld", self.options.must_open)

    # --- the 会 --------------------------------------------------------------
    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        if self.options.hui is Hui.NEXT:
            return frozenset({next_kind(indicator)})
        return frozenset({indicator})

    def rules_for(self, table: Table, seat: int) -> HandRules:
        return hand_rules_for(table.wild_kinds, self.options.hui_as_itself)

    def aim_discard_costs(self, table: Any, seat: int) -> Sequence[int]:
        """Keep the last tile of a suit and the last 幺九 tile: a win needs
        all three suits and a 1, 9 or honour.  The costs depend on each
        suit's number of tiles (1, 0 or 2, more) and the one 幺九 kind held
        once (when it is the only one): read off the counts as one integer
        (a suit's tiles are its nine bytes' sum, modulo 255), and worked
        out once per such key (:func:`_plain_costs`)."""
        counts, _ = table.analysis_counts(seat)
        x = int.from_bytes(counts, "little")
        key = 0
        for shift in (0, 72, 144):
            n = (x >> shift & _SUIT_BYTES) % 255
            key = 3 * key + (0 if n > 2 else 2 if n == 1 else 1)
        y = x & _YAOJIU_BYTES  # (one 幺九 kind held once: a single bit, at a byte's start)
        if y and not y & (y - 1) and not (y.bit_length() - 1) & 7:
            key += 27 * (1 + ((y.bit_length() - 1) >> 3))
        got = _COSTS.get(key)
        if got is None:
            got = _COSTS[key] = bytes(_plain_costs(counts))
        return got  # (bytes: immutable, kept, and read by the kernel in place)

    def paper_wild_kinds(self, extra: Mapping[str, Any]) -> frozenset[int]:
        tile = self.paper_indicator(extra)
        return frozenset() if tile is None else self.wilds_for_indicator(tile)

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        return {"indicator": table.indicator}

    # --- scoring -------------------------------------------------------------
    @staticmethod
    def _fan(r: Reading) -> int:
        return sum(f.value * n for f, n in v.matching(FANS, r))

    def _read(self, ctx: WinContext) -> tuple[tuple[Reading, ...], list[str | None]]:
        """The readings of ``ctx`` and the rule each breaks (None: a legal
        win), those of the last context asked again (the engine asks
        :meth:`refuses_win`, then :meth:`score`, of one context)."""
        memo = self._memo
        if memo is not None and (memo[0] is ctx or memo[0] == ctx):
            return memo[1], memo[2]
        o = self.options
        shape, hui = o.shape, hui_kinds(ctx.wild_kinds, o.hui_as_itself)
        try:
            rs = v.readings(ctx, hand_rules_for(ctx.wild_kinds, o.hui_as_itself))
        except IllegalWinError:
            if not ctx.wilds:
                raise
            # (on paper only: a 会 that completes the hand only as an honour;
            # read it so, and the sheet names the rule it breaks)
            rs = v.readings(ctx, _ANY_WILD)
        problems = [reading_problem(r, shape, hui) for r in rs]
        self._memo = (ctx, rs, problems)
        return rs, problems

    def refuses_win(self, ctx: WinContext) -> bool:
        """The engine's early refusal: no reading is a legal win, or
        (``must_open``) no meld is claimed: exactly the contexts whose sheet
        notes a problem (:meth:`win_problem`), without the 番 or the sheet.
        Each of the kernel's decompositions that has one reading is read
        first from its units alone (:func:`_breaks_a_rule`): when each
        breaks a rule, no reading is made."""
        decomps = ctx.decompositions
        if decomps:
            o = self.options
            hui = hui_kinds(ctx.wild_kinds, o.hui_as_itself)
            for d in decomps:
                if d.form != _STANDARD_FORM or _breaks_a_rule(d.units, ctx.melds, o.shape, hui) is not True:
                    break
            else:
                return True
        try:
            rs, problems = self._read(ctx)
        except IllegalWinError:
            return False  # (score names it)
        if None not in problems:
            return True
        return self.options.must_open and v.claimed_melds(rs[problems.index(None)]) == 0

    def score(self, ctx: WinContext) -> ScoreSheet:
        """The best reading that is a legal win (就高不就低); a hand with no
        legal reading is scored on its best reading and its problem noted
        (:meth:`win_problem` reports it)."""
        o = self.options
        rs, problems = self._read(ctx)
        # the best reading (v.best's order: legal first, then 番; the first
        # on a tie): the 番 of the legal readings only, when there is one;
        # each reading's problem and 番 worked out once
        legal = None in problems
        top: Reading | None = None
        fan = -1
        hits: list[tuple[Fan, int]] = []
        problem: str | None = None
        for r, r_problem in zip(rs, problems):
            if legal and r_problem is not None:
                continue
            r_hits = v.matching(FANS, r)
            r_fan = sum(f.value * n for f, n in r_hits)
            if r_fan > fan:
                top, fan, hits, problem = r, r_fan, r_hits, r_problem
        assert top is not None
        items = tuple(f.item(top, n) for f, n in hits) or (ScoreItem("平胡", "Plain win", 0, why="no doubling"),)
        if problem is None and o.must_open and v.claimed_melds(top) == 0:
            problem = "开门 (option must_open): a win needs a chow, pung or exposed kong"
        notes = (f"{self.options.base} × 2 ** {fan}",) + ((problem,) if problem else ())
        return ScoreSheet(items=items, total=fan, unit="番", points=self.options.base * 2**fan, notes=notes)

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        return sheet.notes[1] if len(sheet.notes) > 1 else None

    # --- settlement ----------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        n = self.num_players
        for ctx, sheet in wins:
            dealer = (ctx.seat - ctx.seat_wind) % n
            if ctx.self_drawn:
                payers = [s for s in range(n) if s != ctx.seat]
            else:
                assert ctx.discarder is not None
                payers = [ctx.discarder]
            for p in payers:
                extra = 1 if dealer in (p, ctx.seat) else 0
                why = ("自摸" if ctx.self_drawn else ("抢杠" if ctx.robbed_kong else "点炮")) + (" 庄家翻倍" if extra else "")
                out.append(Payment(p, ctx.seat, self.options.base * 2 ** (sheet.total + extra), why))
        return Settlement(tuple(out))

