"""江南 心皇麻将 (Jiangnan "imagined tile"): twelve tiles and one imagined
tile that acts only in a win, and a strong 振听: a kind a seat has
discarded may be neither chowed nor won on.

Source: seed 001 (the 江南麻将 note) as quoted in ``variants-more.md``
§11.4: "心皇麻将：江南麻将其中一个玩法。每家少拿一张牌，心中想象一张牌。心皇牌不能
用来上牌或碰牌，只能用作和牌。排列出牌：每家出的牌依次序整齐放在自己门前。曾放过的牌
既不能上，更不能和。上牌、碰牌的摆放：上牌的那一张横放，或是在求搭的两张中间。…碰牌则
视乎由哪一家打出：由下家打出的，横放靠近下家的一张，上家打出，横放靠近上家的，对家则
横放中间那张。"  Score a hand written on paper (seats 0..3 = E S W N when
seat 0 deals; the hand has twelve tiles before the winning one, the
imagined tile is not written; ``xinhuang`` names it when it was committed):

>>> jn = Jiangnan()
>>> r = jn.score_hand("123m456p789s1z22z", win_tile="1z", winner=1, discarder=2)
>>> r.sheet.names(), r.settlement.deltas(4)
(['门清'], [0, 2, -2, 0])
>>> jn.score_hand("123m456p789s1z22z", win_tile="1z", winner=1, discarder=2, context={"discarded": "1z"})
Traceback (most recent call last):
...
mahjong_core.errors.IllegalWinError: jiangnan-v1: 曾放过的牌…更不能和: the winner discarded 1z earlier in the hand and may not win on it

What the rule set decides (each seed sentence, then each gap):

* "每家少拿一张牌，心中想象一张牌": every seat is dealt 12 tiles (the
  dealer 13) and holds one imagined tile, the 心皇 (the engine's
  ``imagined_tiles``): a hand wins when its 13 real tiles and the 心皇 make
  four sets and a pair.  Tiles (PROPOSAL): 万筒条 and the seven honours ×4
  (136), no flowers.
* When the 心皇 is fixed is not said (spec §11.4 gap).  PROPOSAL (the
  spec's): it is committed at the deal and the engine stores it
  (``table.imagined``, an ``imagined`` event in the record).  "心中想象"
  is the player's own thought, so each seat chooses its kind (the
  engine's ``imagined_choice``: ``Phase.IMAGINE`` right after the deal,
  one ``imagine X`` action per seat, any kind it holds fewer than four
  of; the choice is on the record, and ``observe`` shows a seat only its
  own).  ``GreedyBot`` chooses the kind that brings its dealt hand
  closest to a win (fewest tiles short, then the lowest kind:
  :meth:`Jiangnan.imagined_kind`).  Option ``choose=False``: no decision,
  the engine commits that kind for every seat.  Option
  ``commit="at_win"``: the 心皇 is any kind, named at the win (a wild
  usable only in a win).  On paper, context key ``xinhuang`` names the
  committed kind; without it the 心皇 may be any kind.
* "心皇牌不能用来上牌或碰牌，只能用作和牌": chows, pungs and kongs take real
  tiles only; the 心皇 counts only in the winning hand.
* "每家出的牌依次序整齐放在自己门前": each seat's discards are kept in order
  (``table.discards``), claimed ones included in ``table.discarded_kinds``.
* "曾放过的牌既不能上，更不能和" (strong 振听): a seat may not chow a kind it
  discarded earlier in the hand (the engine's ``own_discard_chow_ban``) and
  may not win on a discard (or robbed kong) of such a kind.  PROPOSAL: the
  ban is on claims only — a self-drawn tile of that kind wins (option
  ``furiten_self_draw``) — and pungs stay allowed (option
  ``furiten_pung``: also no pung or kong of such a kind).
* Meld display ("上牌的那一张横放 … 对家则横放中间那张"): :func:`sideways`
  gives the position of the sideways tile of a claimed meld: a chow's
  claimed tile (laid sideways, or put in the middle); a pung's at the side
  of the seat that discarded it (下家 right, 上家 left, 对家 middle).
* Play (PROPOSAL): chow from the 上家, pung, kongs; win > pung/kong >
  chow; one winner per discard, the nearest in turn order (截胡, option
  ``multiple_ron``); 抢杠 (the robbed seat pays); 漏胡 until the seat's next
  draw; four sets and a pair (option ``seven_pairs``: also 七对).  The
  dealer stays when it wins or the hand is drawn.
* Scoring (PROPOSAL, the seed gives none): 番 double, a payer pays
  ``base`` × 2 ** 番; 番: 自摸 1, 门清 1 (no claimed meld), 碰碰胡 1, 混一色
  1, 清一色 2, 七对 1, 杠上开花 1, 海底捞月 1.  A discard win is paid by the
  discarder, a self-draw by each of the three others.  No kong payments.

Context keys (``Ruleset.context_keys``): ``xinhuang`` (the committed 心皇,
notation or id; none: any kind), ``discarded`` (the kinds the winner
discarded earlier in the hand, notation).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong_core import patterns as v
from mahjong_core._native import shanten_buf
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import Ruleset, ScoreItem, ScoreSheet, WinContext
from mahjong_core.tiles import KIND_NAMES, Meld, MeldKind, parse_tile, parse_tiles

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = ["Commit", "FANS", "Jiangnan", "JiangnanOptions", "sideways"]


class Commit(enum.Enum):
    """When the 心皇 is fixed (the seed's gap)."""

    DEAL = "deal"
    """Committed at the deal, stored by the engine (default, spec PROPOSAL)."""
    AT_WIN = "at_win"
    """Any kind, named at the win: a wild usable only in a win."""


@dataclass(frozen=True, slots=True, kw_only=True)
class JiangnanOptions:
    """House rules of 江南心皇麻将 (see :class:`Jiangnan`)."""

    base: int = 1
    """Points per payer before the 番 double it."""
    commit: Commit = Commit.DEAL
    """When the 心皇 is fixed."""
    choose: bool = True
    """With ``commit="deal"``: each seat chooses its 心皇 right after the
    deal (a decision, ``Phase.IMAGINE``); False: the engine commits the
    kind closest to a win for it."""
    furiten_self_draw: bool = False
    """The 振听 ban also forbids a self-drawn win on a discarded kind."""
    furiten_pung: bool = False
    """The 振听 ban also forbids a pung or kong of a discarded kind."""
    seven_pairs: bool = False
    """七对 also wins."""
    multiple_ron: bool = False
    """一炮多响; default: the nearest winner alone (截胡)."""

    def __post_init__(self) -> None:
        if isinstance(self.base, bool) or not isinstance(self.base, int) or self.base < 1:
            raise MahjongError(f"jiangnan: option base must be an int >= 1, got {self.base!r}")
        for name in ("choose", "furiten_self_draw", "furiten_pung", "seven_pairs", "multiple_ron"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"jiangnan: option {name} must be True or False, got {getattr(self, name)!r}")
        try:
            object.__setattr__(self, "commit", Commit(self.commit))
        except ValueError:
            known = ", ".join(repr(x.value) for x in Commit)
            raise MahjongError(f"jiangnan: option commit {self.commit!r} is not one of {known}") from None


FANS: tuple[Fan, ...] = (
    Fan("自摸", "Self-drawn", 1, v.self_drawn, why="won on one's own draw"),
    Fan("门清", "Concealed hand", 1, v.concealed_hand, why="no chow, pung or exposed kong"),
    Fan("碰碰胡", "All pungs", 1, v.all_pungs, why="four pungs or kongs and a pair"),
    Fan("混一色", "Half flush", 1, v.half_flush, why="one suit and honours"),
    Fan("清一色", "Full flush", 2, v.full_flush, why="one suit"),
    Fan("七对", "Seven pairs", 1, v.seven_pairs, why="seven pairs"),
    Fan("杠上开花", "Kong replacement", 1, v.kong_replacement, why="won on a kong's replacement tile"),
    Fan("海底捞月", "Last tile", 1, v.last_tile_drawn, why="won on the last tile of the wall"),
)
"""The 番 of a 江南 win (PROPOSAL); each doubles."""


def sideways(meld: Meld, seat: int, source: int, claimed: int, n: int = 4) -> int:
    """Where the sideways tile of a claimed meld lies, as the seat sees its
    melds left to right (0 left, 1 middle, 2 right): a chow's claimed tile
    ("上牌的那一张横放，或是在求搭的两张中间": the middle here, e.g. 34m + 5m
    shown 3-5-4); a pung's at the side of the discarder ("由下家打出的，横放
    靠近下家的一张，上家打出，横放靠近上家的，对家则横放中间那张": the 下家
    sits on the right, the 上家 on the left).

    >>> from mahjong_core.tiles import Meld, MeldKind
    >>> pung = Meld(MeldKind.PON, (5, 5, 5))
    >>> [sideways(pung, 0, s, 5) for s in (1, 2, 3)]
    [2, 1, 0]
    """
    if meld.kind is MeldKind.CHI:
        if claimed not in meld.tiles:
            raise MahjongError(f"sideways: {KIND_NAMES[claimed]!r} is not in the chow {meld}")
        return 1
    rel = (source - seat) % n
    if rel == 0:
        raise MahjongError("sideways: a meld is claimed from another seat")
    return {1: 2, n - 1: 0}.get(rel, 1)


_RULES: dict[tuple[frozenset[int], bool], HandRules] = {}


def _rules(kinds: frozenset[int], seven_pairs: bool) -> HandRules:
    key = (kinds, seven_pairs)
    got = _RULES.get(key)
    if got is None:
        forms = (Form.STANDARD, Form.SEVEN_PAIRS) if seven_pairs else (Form.STANDARD,)
        got = _RULES[key] = HandRules(forms=forms, wild_kinds=kinds)
    return got


_ALL = frozenset(range(34))


def _tile(value: Any, key: str) -> int:
    try:
        k = parse_tile(value) if isinstance(value, str) else int(value)
    except (MahjongError, TypeError, ValueError):
        raise MahjongError(f"jiangnan: context {key} {value!r} is not a tile") from None
    if not 0 <= k < 34:
        raise MahjongError(f"jiangnan: context {key} {value!r} is not a tile of 江南 (no flowers)")
    return k


class Jiangnan(Ruleset):
    """江南心皇麻将: see the module docstring for every decision."""

    name = "jiangnan"
    version = 1
    zh = "江南心皇"
    summary = "江南 心皇: 12 tiles and an imagined one that acts only in a win; no chow or win on a kind once discarded"
    aliases = ("江南", "心皇", "心皇麻将", "江南麻将", "江南心皇麻将", "xinhuang")
    Options = JiangnanOptions
    win_payment_reasons = ("自摸", "点炮", "抢杠")

    hand_size = 12
    imagined_tiles = 1
    allow_chow = True
    multiple_winners = False
    rob_kong = True
    missed_win_ban = True
    own_discard_chow_ban = True
    hand_rules = HandRules(forms=(Form.STANDARD,))
    wild_tiles = "none; each seat's imagined 心皇 (chosen by the seat at the deal, or any kind at the win)"

    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({
        "xinhuang": "the committed 心皇 (notation or id); none or '': any kind",
        "discarded": "the kinds the winner discarded earlier in the hand (notation): no win on them (振听)",
    })

    options: JiangnanOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        setattr(self, "multiple_winners", o.multiple_ron)
        setattr(self, "own_discard_pung_ban", o.furiten_pung)
        setattr(self, "imagined_choice", o.choose and o.commit is Commit.DEAL)
        self._play_rules = _rules(_ALL, o.seven_pairs)

    # --- the 心皇 ------------------------------------------------------------
    def rules_for(self, table: Table, seat: int) -> HandRules:
        return self._play_rules

    def imagined_kind(self, table: Table, seat: int) -> int:
        """The 心皇 the engine commits with ``choose=False`` (and what
        ``GreedyBot`` chooses): the kind that brings the dealt hand closest
        to a win (fewest tiles short), the lowest such kind (PROPOSAL); -1
        with ``commit="at_win"``."""
        if self.options.commit is Commit.AT_WIN:
            return -1
        hand = bytearray(table.hands[seat])  # (34 counts: the kernel reads the buffer as it is)
        rules = self._play_rules
        # no kind does better than a wild tile standing for any kind (the
        # rules' wilds stand for every kind): the first kind that reaches
        # that bound is the lowest of the fewest tiles short
        bound = shanten_buf(hand, 1, rules)
        best, best_k = 99, 0
        for k in range(34):
            if hand[k] >= 4:
                continue
            hand[k] += 1
            sh = shanten_buf(hand, 0, rules)
            hand[k] -= 1
            if sh < best:
                best, best_k = sh, k
                if sh <= bound:
                    break
        return best_k

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        k = table.imagined[seat]
        return {
            "xinhuang": KIND_NAMES[k] if k >= 0 else "",
            "discarded": "".join(KIND_NAMES[i] for i in range(34) if table.discarded_kinds[seat] >> i & 1),
        }

    @staticmethod
    def _xinhuang(extra: Mapping[str, Any]) -> frozenset[int]:
        x = extra.get("xinhuang")
        if x is None or x == "" or x == -1:
            return _ALL
        return frozenset({_tile(x, "xinhuang")})

    @staticmethod
    def _discarded(extra: Mapping[str, Any]) -> frozenset[int]:
        d = extra.get("discarded")
        if not d:
            return frozenset()
        try:
            kinds = parse_tiles(d) if isinstance(d, str) else [int(k) for k in d]
        except (MahjongError, TypeError, ValueError):
            raise MahjongError(f"jiangnan: context discarded {d!r} is not a list of tiles") from None
        if any(not 0 <= k < 34 for k in kinds):
            raise MahjongError(f"jiangnan: context discarded {d!r} holds a tile that is not of 江南")
        return frozenset(kinds)

    # --- scoring -------------------------------------------------------------
    @staticmethod
    def _fan(r: Reading) -> int:
        return sum(f.value * n for f, n in v.matching(FANS, r))

    def score(self, ctx: WinContext) -> ScoreSheet:
        """The best reading of the 13 real tiles and the 心皇 (as the
        committed kind, or any kind)."""
        rules = _rules(self._xinhuang(ctx.extra), self.options.seven_pairs)
        if ctx.decompositions and rules is not self._play_rules:
            from dataclasses import replace

            ctx = replace(ctx, decompositions=())
        try:
            rs = v.readings(ctx, rules)
        except IllegalWinError as e:
            # (the engine asks about a 5th copy of the committed kind as a
            # wild: no reading may hold it otherwise)
            return ScoreSheet(items=(), total=0, unit="番", points=0, notes=(str(e),))
        top = v.best(rs, lambda r: (self._fan(r),))
        hits = v.matching(FANS, top)
        fan = sum(f.value * n for f, n in hits)
        items = tuple(f.item(top, n) for f, n in hits) or (ScoreItem("平胡", "Plain win", 0, why="no doubling"),)
        return ScoreSheet(items=items, total=fan, unit="番", points=self.options.base * 2**fan,
                          notes=(f"{self.options.base} × 2 ** {fan}",))

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        if not sheet.items:
            return sheet.notes[0] if sheet.notes else "not a winning hand"
        if ctx.self_drawn and not self.options.furiten_self_draw:
            return None
        if 0 <= ctx.win_tile < 34 and ctx.win_tile in self._discarded(ctx.extra):
            return (f"曾放过的牌…更不能和: the winner discarded {KIND_NAMES[ctx.win_tile]} earlier in the hand "
                    "and may not win on it")
        return None
