"""四川麻将 (成都, 血战到底): 108 tiles, no chow, 缺门 to win, 刮风下雨, 成都计番;
成都's two- and three-player games are options (``players``, ``suit_count``).

Sources: seed [000] pp.10-11 (四川麻将) and seed [004] (四川地方麻将 and its
fan table), as the specs quote them (``variants-regional.md`` §3,
``variants-more.md`` §4).  Score a hand written on paper:

>>> rs = Sichuan()
>>> r = rs.score_hand("1133355577799s", win_tile="9s", winner=1)
>>> r.sheet.names(), r.sheet.total, r.sheet.points, r.settlement.deltas(4)
(['清对'], 4, 8, [-9, 27, -9, -9])
>>> Sichuan(players=3).score_hand("1133355577799s", win_tile="9s", winner=1).settlement.deltas(3)
[-9, 18, -9]
>>> rs.score_hand("123m456m789p234s5s", win_tile="5s", discarder=2)
Traceback (most recent call last):
...
mahjong_core.errors.IllegalWinError: sichuan-v1: 缺门: the hand holds all three suits (m, p, s); a win must lack one
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import MahjongError
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import (
    ContextWinConditions, Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext, option_enum
)
from mahjong_core.tiles import KIND_NAMES, Meld, MeldKind

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "BONUSES",
    "PATTERNS",
    "DirectKongPayment",
    "Mode",
    "SelfDrawBonus",
    "Sichuan",
    "SichuanOptions",
    "flower_pig",
]

SUIT_NAMES = "mps"
TWO_SUITS = (1, 2)
"""The suits of 两房 (PROPOSAL): 筒 and 条; the 万 are taken out."""


# ---------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------


class Mode(enum.Enum):
    """How a hand goes on after a win."""

    NORMAL = "normal"
    """普通场: the first win (with every winner of the same discard) ends the hand."""
    XUEZHAN = "xuezhan"
    """血战到底: a winner leaves; the others play on until three seats have
    won or the wall runs out (all but one: with 成都 三人 two, 两人 one).  Each win is settled as it happens."""
    XUELIU = "xueliu"
    """血流成河 (PROPOSAL, not in the seeds): every win is settled as it
    happens and every seat plays on to the end of the wall; a winner's hand
    is locked (it discards what it draws) and may win again."""


class DirectKongPayment(enum.Enum):
    """Who pays for a direct kong (直杠, 刮风) besides the feeder."""

    CHENGBAO = "chengbao"
    """承包制: only the feeder (引杠者) pays (the rule text of both seeds)."""
    JIAJIAYOU = "jiajiayou"
    """家家有: the feeder pays, and every other seat that has not won pays 1 base."""


class SelfDrawBonus(enum.Enum):
    """What a self-drawn win adds (seed [000] 自摸加底, "也称自摸加番")."""

    ADD_BASE = "jiadi"
    """自摸加底: each payer also pays 1 base (the seed's definition; default)."""
    ADD_FAN = "jiafan"
    """自摸加番: +1 番 (before the cap)."""
    NONE = "none"
    """Nothing extra."""


_CAPS = (3, 4, 5, 6, None)


@dataclass(frozen=True, slots=True, kw_only=True)
class SichuanOptions:
    """House rules of 四川麻将 (see :class:`Sichuan`)."""

    mode: Mode = Mode.XUEZHAN
    """``xuezhan`` (血战到底, default), ``normal`` (the first win ends the
    hand) or ``xueliu`` (血流成河, PROPOSAL)."""
    dingque: bool = True
    """定缺: each seat declares a missing suit after the deal (seed [000]
    "加入了定缺"); its tiles go first, are never punged or konged, and a hand
    holding one cannot win.  With 定缺 the last four tiles may be declined
    ("定缺规则中最后四张可以不胡"); without it 最后四张自动胡 applies."""
    direct_kong_payment: DirectKongPayment = DirectKongPayment.CHENGBAO
    """直杠: ``chengbao`` (承包制, the feeder only) or ``jiajiayou`` (家家有)."""
    direct_kong_times: int = 2
    """直杠: the feeder pays this many base: 2 (seed [000], default) or 1 (seed [004])."""
    self_draw: SelfDrawBonus = SelfDrawBonus.ADD_BASE
    """自摸加底 (+1 base from each payer, default), 自摸加番 (+1 番) or none."""
    call_transfer: bool = True
    """呼叫转移 (PROPOSAL, on): a konger whose next discard is won on hands that
    kong's income to the winner(s), split equally (a remainder stays)."""
    fan_cap: int | None = 5
    """封顶: the most 番 a hand counts (PROPOSAL 5, i.e. ×16); None: no cap."""
    base: int = 1
    """The base point b (底分) every amount is a multiple of."""
    last_tile_fan: bool = False
    """海底 (a win on the last tile) +1 番: not in the seeds (PROPOSAL: off)."""
    exchange_three: bool = False
    """换三张 (PROPOSAL, not in the seeds, off): before 定缺 every seat passes
    three tiles of one suit on, in the direction of the dice
    (:meth:`~mahjong_core.rules.Ruleset.exchange_offset`)."""
    players: int = 4
    """Seats at the table: 4 (default), or 成都's 三人 (3) and 两人 (2) games
    (seed: "分别有两人麻将、三人、四人至七人以上麻将"; the play rules stay those
    of 四川)."""
    suit_count: int | None = None
    """Suits in play: 3 (万 筒 条, 108 tiles) or 2 (筒 条 only, 72 tiles: 两房,
    PROPOSAL).  None (default) means 3 with four players and 2 (三人两房,
    两人两房) with three or two.  With two suits every hand lacks 万, so 缺门
    holds by itself and 定缺 does not apply."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "mode", option_enum("sichuan", "mode", self.mode, Mode))
        object.__setattr__(
            self, "direct_kong_payment", option_enum("sichuan", "direct_kong_payment", self.direct_kong_payment, DirectKongPayment)
        )
        object.__setattr__(self, "self_draw", option_enum("sichuan", "self_draw", self.self_draw, SelfDrawBonus))
        for name in ("dingque", "call_transfer", "last_tile_fan", "exchange_three"):
            if not isinstance(getattr(self, name), bool):
                raise MahjongError(f"sichuan: option {name} must be true or false, got {getattr(self, name)!r}")
        if self.direct_kong_times not in (1, 2) or isinstance(self.direct_kong_times, bool):
            raise MahjongError(
                f"sichuan: option direct_kong_times must be 2 (seed 000) or 1 (seed 004), got {self.direct_kong_times!r}"
            )
        if self.fan_cap not in _CAPS or isinstance(self.fan_cap, bool):
            raise MahjongError(f"sichuan: option fan_cap must be one of 3, 4, 5, 6 or None, got {self.fan_cap!r}")
        if not isinstance(self.base, int) or isinstance(self.base, bool) or self.base < 1:
            raise MahjongError(f"sichuan: option base must be a whole number >= 1, got {self.base!r}")
        if isinstance(self.players, bool) or self.players not in (2, 3, 4):
            raise MahjongError(f"sichuan: option players must be 2, 3 or 4, got {self.players!r}")
        suits = self.suit_count
        if suits is None:
            object.__setattr__(self, "suit_count", 3 if self.players == 4 else 2)
        elif isinstance(suits, bool) or suits not in (2, 3):
            raise MahjongError(f"sichuan: option suit_count must be 3 (万 筒 条) or 2 (筒 条), got {suits!r}")
        elif suits == 2 and self.players == 4:
            raise MahjongError("sichuan: option suit_count 2 (两房) is for the 三人 and 两人 games; four players use 3")


# ---------------------------------------------------------------------------
# The fan table (seed [004] 基本番, completed by the spec's PROPOSAL rows)
# ---------------------------------------------------------------------------


def _quads_7(r: Reading) -> bool:
    return v.seven_pairs_quads(r) > 0


def _heaven(r: Reading) -> bool:
    c = r.ctx
    return c.first_turn and c.self_drawn and c.dealer


def _earth(r: Reading) -> bool:
    c = r.ctx
    return c.first_turn and c.self_drawn and not c.dealer


PATTERNS: tuple[Fan, ...] = (
    Fan("平胡", "Basic win", 1, lambda r: r.form is Form.STANDARD, why="四坎牌加一对将"),
    Fan("对对胡", "All pungs", 2, v.all_pungs, why="大对子: four pungs or kongs and a pair"),
    Fan("清一色", "Full flush", 3, v.full_flush, why="one suit only"),
    Fan("带幺九", "Terminals in every set", 3, v.terminals_in_each, why="every set and the pair hold a 1 or a 9"),
    Fan("七对", "Seven pairs", 3, v.seven_pairs, why="seven pairs, no pung or kong made"),
    Fan("清对", "Full-flush all pungs", 4, lambda r: v.full_flush(r) and v.all_pungs(r), why="清一色 + 对对胡"),
    Fan("将对", "All-2-5-8 pungs", 4, lambda r: v.all_pungs(r) and v.all_258(r),
        why="对对胡 of 2s, 5s and 8s only"),
    Fan("龙七对", "Seven pairs with four of a kind", 5, _quads_7, why="七对 holding four identical tiles (减1根)"),
    Fan("清七对", "Full-flush seven pairs", 5, lambda r: v.full_flush(r) and v.seven_pairs(r),
        why="PROPOSAL: 清一色 + 七对"),
    Fan("清幺九", "Full-flush terminals", 5, lambda r: v.full_flush(r) and v.terminals_in_each(r),
        why="PROPOSAL: 清一色 + 带幺九"),
    Fan("清龙七对", "Full-flush dragon seven pairs", 6, lambda r: v.full_flush(r) and _quads_7(r),
        why="PROPOSAL: 清一色 + 龙七对 (减1根)"),
    Fan("天胡", "Heavenly hand", 6, _heaven, why="PROPOSAL: the dealer wins on the deal"),
    Fan("地胡", "Earthly hand", 6, _earth, why="PROPOSAL: a non-dealer wins on its first draw"),
)
"""The patterns of which only the single highest counts ("以下番型均不重复计算，只按最大番算")."""

ROOT_USED = frozenset({"龙七对", "清龙七对"})
"""Patterns that already use one 根 (the four identical tiles): "同时减1根"."""

BONUSES: tuple[tuple[str, str, str], ...] = (
    ("根", "Root", "each kind held four times (a kong, or four in hand)"),
    ("杠上花", "Win on a kong replacement", "won on the tile drawn after a kong"),
    ("杠上炮", "Win on a discard after a kong", "won on the discard made right after a kong"),
    ("抢杠", "Robbing a kong", "won on the tile added to a pung"),
    ("海底", "Last tile", "won on the last tile (option last_tile_fan)"),
    ("自摸加番", "Self-draw fan", "self-drawn (option self_draw=jiafan)"),
)
"""The +1 番 items that add to the single best pattern (PROPOSAL, variants-more §4.2)."""
_PATTERN_ITEMS = {f.zh: ScoreItem(f.zh, f.en, f.value, why=f.why) for f in PATTERNS}
"""Each pattern's line of a sheet (items are values: made once)."""
_EVENT_ITEMS = tuple(ScoreItem(zh, en, 1) for zh, en, _ in BONUSES[1:])
"""The +1 番 events' lines, in :data:`BONUSES`' order (杠上花 杠上炮 抢杠 海底 自摸加番)."""


def flower_pig(kinds: Sequence[int]) -> bool:
    """花猪: the tiles (hand and melds) hold all three suits."""
    return len({k // 9 for k in kinds if k < 27}) == 3


def _suit_text(suits: Sequence[int]) -> str:
    return ", ".join(SUIT_NAMES[s] for s in sorted(suits))


def _seats(value: Any, key: str, n: int) -> frozenset[int]:
    if type(value) is tuple:  # the engine's context (a tuple of seats): checked in one pass
        for p in value:
            if type(p) is not int or not 0 <= p < n:
                break
        else:
            return frozenset(value)
    if value is None or value == "":
        return frozenset()
    if isinstance(value, str):
        parts = [p for p in value.replace(" ", ",").split(",") if p]
    elif isinstance(value, int) and not isinstance(value, bool):
        parts = [value]  # type: ignore[list-item]
    else:
        parts = list(value)
    out = set()
    for p in parts:
        try:
            seat = int(p)
        except (TypeError, ValueError):
            raise MahjongError(f"sichuan: context {key}: {p!r} is not a seat 0..{n - 1}") from None
        if not 0 <= seat < n:
            raise MahjongError(f"sichuan: context {key}: {p!r} is not a seat 0..{n - 1}")
        out.add(seat)
    return frozenset(out)


def _suit(value: Any) -> int | None:
    if value is None or value == "" or value == "none":
        return None
    if isinstance(value, str) and value.strip().lower() in ("m", "p", "s"):
        return SUIT_NAMES.index(value.strip().lower())
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1, 2):
        return value
    if isinstance(value, str) and value.strip() in ("0", "1", "2"):
        return int(value)
    raise MahjongError(f"sichuan: context missing: {value!r} is not a suit (m, p, s or 0, 1, 2)")


def _amount(value: Any, key: str) -> int:
    try:
        out = int(value or 0)
    except (TypeError, ValueError):
        raise MahjongError(f"sichuan: context {key}: {value!r} is not a whole number") from None
    if out < 0:
        raise MahjongError(f"sichuan: context {key}: {value!r} is negative")
    return out


def _kong_label(meld: Meld) -> str:
    name = {MeldKind.KAN: "直杠", MeldKind.KAKAN: "面下杠", MeldKind.ANKAN: "暗杠"}.get(meld.kind, "杠")
    return f"{name} {KIND_NAMES[meld.kind_of]}"


def _kong_chain(table: Table, seat: int) -> list[list[Any]]:
    """The ``kong_payments`` of the kongs ``seat`` made in the turn that
    ended with its last discard (a chain of kongs, newest first)."""
    events = table.events
    j = len(events) - 1
    while j >= 0:
        e = events[j]
        if e["type"] == "action" and e.get("seat") == seat and e.get("action") == "discard":
            break
        j -= 1
    out: list[list[Any]] = []
    for e in reversed(events[:j]):
        kind = e["type"]
        if kind == "kong_payments":
            out.append(e["payments"])
        elif kind == "draw" and not e.get("replacement"):
            break
        elif kind == "action" and e.get("action") == "discard":
            break
        elif kind == "call" and e.get("action") != "kong":
            break
    return out


# ---------------------------------------------------------------------------
# The rule set
# ---------------------------------------------------------------------------


class Sichuan(ContextWinConditions, Ruleset):
    """四川麻将 (成都 血战到底): 108 tiles (万 筒 条, no honours, no flowers),
    13 tiles (the dealer 14), pung and kong only, 一炮多响, 抢杠 on an added kong.

    **Winning.**  Four sets and a pair, or seven pairs (SC-4 PROPOSAL, as the
    fan table lists 七对).  A win must lack a suit (缺门: never all three of
    m, p, s, melds included); with 定缺 a hand still holding its declared
    suit cannot win either.  Any win is at least 平胡 (no minimum).

    **定缺** (option ``dingque``, on): after the deal each seat declares a
    suit; a dealt hand lacking exactly one suit has that suit declared for
    it, a hand of one suit picks one of the two others.  The declared suit is
    discarded first and never punged or konged.

    **Scoring** (seed [004] 基本番: "以下番型均不重复计算，只按最大番算"):
    only the single highest of :data:`PATTERNS` counts (平胡 1, 对对胡 2,
    清一色 3, 带幺九 3, 七对 3, 清对 4, 将对 4, 龙七对 5, and the PROPOSAL
    rows 清七对 5, 清幺九 5, 清龙七对 6, 天胡 6, 地胡 6); then +1 番 each
    (PROPOSAL, :data:`BONUSES`): 根 (each kind held four times, kongs
    included; 龙七对 and 清龙七对 "减1根"), 杠上花, 杠上炮, 抢杠, 海底 only
    with ``last_tile_fan``, 自摸加番 only with ``self_draw=jiafan``.  The
    total is capped at ``fan_cap`` (PROPOSAL 5).  A hand of F 番 is worth
    ``base × 2**(F-1)`` from each payer.  Of several readings the highest
    counts (就高不就低).

    **Payments.**  A discard win (and 抢杠): the discarder pays; on
    一炮多响 to each winner.  A self-draw: each seat that has not won pays,
    plus 1 base each with 自摸加底 (default).  刮风下雨 (:meth:`kong_payments`)
    are paid at once: 直杠 the feeder 2 base (``direct_kong_times``; seed
    [004]: 1) and with 家家有 each other seat that has not won 1 base;
    面下杠 each other seat that has not won 1 base; 暗杠 2 base each.  A robbed
    added kong pays nothing.  呼叫转移 (PROPOSAL on): when the discard a
    konger makes right after its kong(s) is won on, that income goes to
    the winner(s), split equally (SC-6; an indivisible remainder stays with
    the konger).

    **Draw** (:meth:`settle_draw`, seed "流局查花猪查大叫"), for the seats
    still playing: 查花猪: a seat holding all three suits pays 16 base to
    every seat that is not 花猪 (also seats that already won, SC-7
    PROPOSAL); 查大叫: each seat that is neither ready nor 花猪 pays each
    ready seat that seat's best possible hand (on a discard, its highest
    番); every seat that is not ready (花猪 included, SC-7) hands back its
    刮风下雨 income (kongs whose income was transferred excepted).

    **Modes** (``mode``): 血战到底 (default: the seed's 血战场 is the game
    its name is known by) ends when three seats have won or the wall runs
    out; a winner no longer pays or collects for later kongs and self-draws.
    ``normal``: the first win ends the hand.  ``xueliu`` (血流成河, PROPOSAL,
    not in the seeds): every seat plays on to the end of the wall, a winner
    with its hand locked (it may win again, and pays and collects as
    before); the draw checks then concern the seats that never won.

    **换三张** (option ``exchange_three``, PROPOSAL, off): after the deal,
    before 定缺, each seat picks three tiles of one suit and passes them on:
    to the opposite seat when the dice sum is divisible by 3, to the next
    seat in turn order when it leaves 1, to the previous seat when it
    leaves 2.

    **最后四张自动胡**: without 定缺, a win offered with fewer than four tiles
    left to draw cannot be declined; with 定缺 it may ("定缺规则中最后四张可以不胡").

    **Dealer** (:meth:`next_dealer`): ``normal``: a drawn hand keeps the
    dealer; the discarder who fed the win (点炮者, also of 一炮多响 and of a
    robbed kong) deals; after a self-draw the winner deals (SC-5 PROPOSAL).
    血战: dice each hand, modelled as the dealer plus the sum of this hand's
    (seeded) dice, minus one, counted in turn order.

    **成都 with two and three players** (options ``players`` and
    ``suit_count``; seed [000]/[001] only name them: "分别有两人麻将、三人、
    四人至七人以上麻将", variants-more §11.16).  The play rules stay those of
    四川 among the seats present: 刮风下雨 and self-draws are paid by every
    other seat still playing, 血战到底 goes on until all but one have won
    (with two players the first win ends the hand), 查花猪 / 查大叫 at the
    draw concern the seats present, and the 血战 dealer is counted round the
    seats present.  PROPOSAL ``suit_count``: with three and two players the
    common real-world 两房 game is the default (三人两房, 两人两房: the 万 are
    taken out, 筒 and 条 stay, 72 tiles, 13 each, the dealer 14); as every
    hand lacks 万, 缺门 holds by itself and there is no 定缺 and no 花猪 (so
    最后四张自动胡 applies, as without 定缺).  Why 两房: it is the form the
    common 成都 three- and two-player tables play, it keeps a wall of 45
    (three players: 32) tiles to draw, and 清一色 stays a real achievement;
    the one-suit 两人一房 (36 tiles, every win 清一色) is not offered.
    ``suit_count=3`` plays the three suits (108 tiles) with 定缺 and 查花猪
    as with four players.  Four players always play three suits.

    **Decisions where the seeds are silent:** 漏胡 (passing a win) carries no
    ban (the seeds name none); the draw checks concern the seats that have
    not won; 自摸加番 and 海底 add before the cap; 根 in a
    pattern that uses it is deducted once; the 天胡 / 地胡 rows are patterns
    (they replace, not add to, the hand's pattern) and need a self-draw.

    **Context keys** (``score_hand(context=...)``; the engine fills them):
    ``won`` (seats that already won this hand: they do not pay), ``missing``
    (the winner's declared 定缺 suit), ``kong_income`` (呼叫转移: what the
    discarder collected for the kong(s) it made just before this discard).
    """

    name = "sichuan"
    version = 1
    zh = "四川麻将"
    summary = "Sichuan / Chengdu 血战到底: 108 tiles, no chow, must lack a suit, kong money at once, capped doubling 番"
    aliases = ("四川", "成都", "血战到底", "血战", "四川麻将", "成都麻将", "xuezhan", "chengdu")
    Options = SichuanOptions
    options: SichuanOptions

    honors = False
    suits: tuple[int, ...] = (0, 1, 2)
    flower_tiles = ()
    allow_chow = False
    multiple_winners = True
    rob_kong = True
    missed_win_ban = False
    win_lacks_a_suit = True
    hand_rules = HandRules(forms=frozenset({Form.STANDARD, Form.SEVEN_PAIRS}))
    context_keys = MappingProxyType({
        "won": "seats that have already won this hand (血战到底): they pay nothing more",
        "missing": "the winner's declared missing suit (定缺: m, p or s); a hand holding it cannot win",
        "kong_income": "呼叫转移: what the discarder collected for the kong(s) made just before this discard",
    })

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        self.num_players = o.players
        self.suits = (0, 1, 2) if o.suit_count == 3 else TWO_SUITS
        self.missing_suit = o.dingque and o.suit_count == 3
        self.must_win_last_tiles = 0 if self.missing_suit else 4
        self.play_after_win = o.mode is Mode.XUEZHAN
        self.winners_play_on = o.mode is Mode.XUELIU
        self.exchange_tiles = 3 if o.exchange_three else 0
        self._last_tile_fan = o.last_tile_fan
        self._self_draw_fan = o.self_draw is SelfDrawBonus.ADD_FAN

    # --- scoring -----------------------------------------------------------
    def _reading_value(self, r: Reading) -> tuple[int, list[ScoreItem], list[str]]:
        """番 before the cap, the items and the notes of one reading."""
        hits = [f for f in PATTERNS if f.test(r)]  # (Fan.count inlined)
        roots = v.roots(r)
        best: tuple[tuple[int, int, int], Fan] | None = None
        for i, f in enumerate(hits):
            # the highest total; on a tie the higher pattern (清龙七对 over 清七对 + 根)
            own = max(0, roots - 1) if f.zh in ROOT_USED else roots
            key = (f.value + own, f.value, -i)
            if best is None or key > best[0]:
                best = (key, f)
        if best is None:
            raise MahjongError(f"sichuan: no pattern fits the reading {r.units!r}")
        pattern = best[1]
        items = [_PATTERN_ITEMS[pattern.zh]]
        notes = [f"not counted (only the highest pattern): {', '.join(f.zh for f in hits if f is not pattern)}"] \
            if len(hits) > 1 else []
        own_roots = max(0, roots - 1) if pattern.zh in ROOT_USED else roots
        if own_roots:
            kinds = [KIND_NAMES[k] for k, n in enumerate(r.counts) if n == 4]
            items.append(ScoreItem("根", "Root", 1, own_roots, "four of " + " ".join(kinds)))
        if pattern.zh in ROOT_USED and roots:
            notes.append(f"{pattern.zh}: its four identical tiles are not counted again as 根 (减1根)")
        c = r.ctx
        # (the +1 番 events, in this order; items are values, made once)
        if c.kong_replacement:
            items.append(_EVENT_ITEMS[0])
        if c.kong_discard:
            items.append(_EVENT_ITEMS[1])
        if c.robbed_kong:
            items.append(_EVENT_ITEMS[2])
        if c.last_tile and self._last_tile_fan:
            items.append(_EVENT_ITEMS[3])
        if c.self_drawn and self._self_draw_fan:
            items.append(_EVENT_ITEMS[4])
        return sum(it.total for it in items), items, notes

    def score(self, ctx: WinContext) -> ScoreSheet:
        """The best reading's 番 (the single highest pattern, plus 根 and the
        +1 番 events), capped; ``points`` = base × 2**(番-1).

        The sheet depends only on the tiles and on the win's circumstances
        below, so it is remembered (the engine asks for the same win when it
        offers it, when it is taken and at 查大叫)."""
        key = (ctx.concealed, tuple(m.tiles for m in ctx.melds), ctx.self_drawn, ctx.dealer, ctx.first_turn,
               ctx.kong_replacement, ctx.kong_discard, ctx.robbed_kong, ctx.last_tile)
        cache: dict[Any, ScoreSheet] = self.__dict__.setdefault("_sheets", {})
        sheet = cache.get(key)
        if sheet is None:
            if len(cache) > 100_000:
                cache.clear()
            sheet = cache[key] = self._score(ctx)
        return sheet

    def _score(self, ctx: WinContext) -> ScoreSheet:
        best: tuple[int, list[ScoreItem], list[str]] | None = None
        for r in v.readings(ctx, self.hand_rules):
            value = self._reading_value(r)
            if best is None or value[0] > best[0]:
                best = value
        assert best is not None
        raw, items, notes = best
        cap = self.options.fan_cap
        total = raw
        if cap is not None and raw > cap:
            total = cap
            notes = [*notes, f"封顶: {raw} 番 capped at {cap} 番"]
        return ScoreSheet(
            items=tuple(items), total=total, unit="番", points=self.options.base * 2 ** (total - 1), notes=tuple(notes)
        )

    def context_problem(self, ctx: WinContext) -> str | None:
        """No chow meld, 缺门 (never all three suits), 定缺 (no tile of the
        declared suit), and, on paper, a seat that has already won."""
        if any(m.kind is MeldKind.CHI for m in ctx.melds):
            return "不可以吃: 四川麻将 has no chow, so no chow meld may be part of a win"
        kinds = ctx.all_kinds
        held = {k // 9 for k in kinds if k < 27}
        if len(held) == 3:
            return "缺门: the hand holds all three suits (m, p, s); a win must lack one"
        missing = _suit(ctx.extra.get("missing"))
        if missing is not None and missing in held:
            return f"定缺: the hand still holds tiles of its declared missing suit {SUIT_NAMES[missing]!r}"
        won = _seats(ctx.extra.get("won"), "won", self.num_players)
        if ctx.seat in won:
            return f"血战到底: seat {ctx.seat} has already won this hand"
        if ctx.discarder is not None and ctx.discarder in won:
            return f"血战到底: seat {ctx.discarder} has already won and no longer discards"
        return None

    def context_extra(self, table: Table, seat: int) -> Mapping[str, Any]:
        """``won``, ``missing`` and ``kong_income`` for a win of ``seat`` now."""
        income = 0
        if table.discard_after_kong and table.last_discard is not None:
            feeder = table.last_discard[0]
            income = sum(p[2] for chain in _kong_chain(table, feeder) for p in chain if p[1] == feeder)
        miss = table.missing[seat]
        return {
            "won": tuple(sorted(table.out)),
            "missing": SUIT_NAMES[miss] if miss is not None else None,
            "kong_income": income,
        }

    # --- payments ----------------------------------------------------------
    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """Payments of the wins of one discard (or one self-draw): see the class doc."""
        o = self.options
        out: list[Payment] = []
        for ctx, sheet in wins:
            won = _seats(ctx.extra.get("won"), "won", self.num_players)
            if ctx.self_drawn:
                for s in range(self.num_players):
                    if s == ctx.seat or s in won:
                        continue
                    out.append(Payment(s, ctx.seat, sheet.points, "自摸"))
                    if o.self_draw is SelfDrawBonus.ADD_BASE:
                        out.append(Payment(s, ctx.seat, o.base, "自摸加底"))
                continue
            if ctx.discarder is None:
                raise MahjongError(f"sichuan: discard win of seat {ctx.seat!r} without a discarder")
            reason = "抢杠" if ctx.robbed_kong else "点炮"
            out.append(Payment(ctx.discarder, ctx.seat, sheet.points, reason))
            income = _amount(ctx.extra.get("kong_income"), "kong_income")
            if o.call_transfer and ctx.kong_discard and income:
                share = income // max(1, ctx.multiple_winners)
                if share:
                    label = ""
                    if table is not None:
                        labels = [p[3] for chain in _kong_chain(table, ctx.discarder) for p in chain[:1]]
                        label = " " + "+".join(labels)
                    out.append(Payment(ctx.discarder, ctx.seat, share, "呼叫转移" + label))
        return Settlement(tuple(out))

    def kong_payments(self, table: Table, seat: int, meld: Meld, source: int | None) -> Settlement:
        """刮风下雨, paid at once by the seats still playing (see the class doc)."""
        o = self.options
        b = o.base
        label = _kong_label(meld)
        others = [s for s in range(self.num_players) if s != seat and s not in table.out]
        out: list[Payment] = []
        if meld.kind is MeldKind.KAN and source is not None:
            out.append(Payment(source, seat, o.direct_kong_times * b, label))
            if o.direct_kong_payment is DirectKongPayment.JIAJIAYOU:
                out += [Payment(s, seat, b, label) for s in others if s != source]
        elif meld.kind is MeldKind.ANKAN:
            out += [Payment(s, seat, 2 * b, label) for s in others]
        else:
            out += [Payment(s, seat, b, label) for s in others]
        return Settlement(tuple(out))

    def best_hand(self, table: Table, seat: int) -> ScoreSheet | None:
        """大叫: the highest-scoring win ``seat`` is waiting for (on a discard),
        or None when it is not ready."""
        best: ScoreSheet | None = None
        for k in table.waits(seat):
            ctx = table.win_context(seat, k)
            if ctx is None:
                continue
            sheet = self.score(ctx)
            if best is None or sheet.points > best.points:
                best = sheet
        return best

    def settle_draw(self, table: Table) -> Settlement:
        """查花猪, then 查大叫 and the refunds of kong income (class doc)."""
        b = self.options.base
        playing = [s for s in range(self.num_players) if s not in table.winners]
        pigs = [s for s in playing if flower_pig(table.concealed_tiles(s) + [m.kind_of for m in table.melds[s]])]
        out: list[Payment] = []
        for pig in pigs:
            out += [Payment(pig, s, 16 * b, "查花猪") for s in range(self.num_players) if s not in pigs]
        best = {s: self.best_hand(table, s) for s in playing if s not in pigs}
        ready = [s for s, sheet in best.items() if sheet is not None]
        not_ready = [s for s in playing if s not in ready]
        for s in not_ready:
            if s in pigs:
                continue
            for r in ready:
                sheet = best[r]
                assert sheet is not None
                out.append(Payment(s, r, sheet.points, f"查大叫 {sheet.total}番"))
        transferred: set[tuple[int, str]] = set()
        for p in table.win_settlement.payments:
            if p.reason.startswith("呼叫转移 "):
                transferred.update((p.payer, label) for label in p.reason[len("呼叫转移 "):].split("+"))
        for p in table.kong_settlement.payments:
            if p.payee in not_ready and (p.payee, p.reason) not in transferred:
                out.append(Payment(p.payee, p.payer, p.amount, f"退回 {p.reason}"))
        return Settlement(tuple(out))

    # --- dealer ----------------------------------------------------------------
    def next_dealer(self, table: Table) -> int:
        """Normal: a draw keeps the dealer, the 点炮者 deals, a self-drawing
        winner deals (SC-5).  血战: the dice (this hand's seeded dice)."""
        n = self.num_players
        if self.options.mode is not Mode.NORMAL:
            return (table.dealer + sum(table.dice) - 1) % n
        if not table.winners:
            return table.dealer
        ctx = table.contexts[table.winners[0]]
        if ctx.self_drawn or ctx.discarder is None:
            return ctx.seat
        return ctx.discarder

    def dealer_stays(self, table: Table) -> bool:
        return self.next_dealer(table) == table.dealer
