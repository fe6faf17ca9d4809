"""广东鸡平和 (Guangdong "chicken hand"): 136 tiles, 番 that double, a 3-番 cap.

Source: seed [001] (广东麻将 / 鸡平和), as summarised in the spec
(``variants-more.md`` §5).  Score a hand from notation:

>>> sheet = score("123m456p78s11s777z", win_tile="9s", self_drawn=True, seat_wind="S")
>>> sheet.names(), sheet.total, sheet.points
(['鸡和', '自摸', '三元牌'], 2, 4)
>>> score("1112345678999m", win_tile="5m").names()
['九莲宝灯']

The tables (:data:`BASE_HANDS`, :data:`ADDITIONS`, :data:`SPECIAL_HANDS`)
are :class:`~mahjong_core.patterns.Fan` data over the shared vocabulary
(:mod:`mahjong_core.patterns`); :meth:`GuangdongChicken.score` reads every
reading of the hand and keeps the one of highest 番.  Through the one entry
point of every rule set:

>>> r = GuangdongChicken().score_hand("123m456p78s11s777z", win_tile="9s", winner=1, dealer=0)
>>> r.sheet.total, r.settlement.deltas(4)
(2, [-4, 12, -4, -4])
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mahjong_core import patterns as v
from mahjong_core.analysis import Form, HandRules
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.paper import build_context
from mahjong_core.patterns import Fan, Reading
from mahjong_core.rules import ContextWinConditions, Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import Meld, MeldKind, format_tiles, parse_wind, tile_name

if TYPE_CHECKING:
    from mahjong_core.engine import Table

__all__ = [
    "ADDITIONS",
    "BASE_HANDS",
    "FLOORS",
    "HEAVEN",
    "SPECIAL_HANDS",
    "DiscardPayment",
    "GuangdongChicken",
    "GuangdongOptions",
    "HeavenValues",
    "Pattern",
    "Reading",
    "score",
]

EAST = 27
WINDS = v.WINDS
DRAGONS = v.DRAGONS


# ---------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class HeavenValues:
    """番 of the first-turn wins (PROPOSAL: the seed names them, gives no value).
    A value of 0 switches that hand off."""

    heaven: int = 6
    """天和: the dealer wins on the deal."""
    earth: int = 6
    """地和: a non-dealer wins on the first draw."""
    human: int = 3
    """人和: a win on a discard in the first go-around."""

    def __post_init__(self) -> None:
        for name in ("heaven", "earth", "human"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise MahjongError(f"guangdong: heaven_values.{name} must be an int >= 0, got {value!r}")


class DiscardPayment(enum.Enum):
    """Who pays for an ordinary win on a discard."""

    DISCARDER = "discarder"
    """The discarder alone pays 分 (PROPOSAL, the default)."""
    FULL = "full"
    """全铳: the discarder pays for all three, 3 × 分."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GuangdongOptions:
    """House rules of 鸡平和 (see :class:`GuangdongChicken`)."""

    cap: int = 3
    """爆和: ordinary hands (with their additions) are capped at this many 番."""
    floor_special: int = 3
    """杠上开花, 海底捞月, 一炮三响 and 抢杠 raise a hand below this to it."""
    heaven_values: HeavenValues = field(default_factory=HeavenValues)
    """天和 / 地和 / 人和 (PROPOSAL 6 / 6 / 3 番)."""
    discard_payment: DiscardPayment = DiscardPayment.DISCARDER
    """Payment for a discard win (PROPOSAL: the discarder pays 分)."""
    triple_win_pays_three: bool = True
    """一炮三响 包三家: the discarder pays each of the three winners 3 × 分
    (PROPOSAL); ``False``: 分 to each winner."""

    def __post_init__(self) -> None:
        for name in ("cap", "floor_special"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise MahjongError(f"guangdong: option {name} must be an int >= 0, got {value!r}")
        if not isinstance(self.heaven_values, HeavenValues):
            raise MahjongError(
                f"guangdong: option heaven_values must be a HeavenValues, got {self.heaven_values!r}"
            )
        try:
            payment = DiscardPayment(self.discard_payment)
        except ValueError:
            known = ", ".join(repr(p.value) for p in DiscardPayment)
            raise MahjongError(
                f"guangdong: option discard_payment {self.discard_payment!r} is not one of {known}"
            ) from None
        object.__setattr__(self, "discard_payment", payment)


# ---------------------------------------------------------------------------
# The pattern tables (data over the shared vocabulary, mahjong_core.patterns)
# ---------------------------------------------------------------------------

Pattern = Fan
"""The entries of 鸡平和's tables are :class:`~mahjong_core.patterns.Fan` values."""


def _standard(r: Reading) -> bool:
    return r.form is Form.STANDARD


def _half_flush(r: Reading) -> bool:
    return r.form is Form.STANDARD and v.half_flush(r)


def _full_flush(r: Reading) -> bool:
    return r.form is Form.STANDARD and v.full_flush(r)


BASE_HANDS: tuple[Fan, ...] = (
    Fan("鸡和", "Chicken hand", 0, v.any_win, why="any winning hand"),
    Fan("平和", "All chows", 1, v.all_chows, why="four chows, no pung"),
    Fan("碰碰和", "All pungs", 2, v.all_pungs, why="four pungs or kongs, no chow"),
    Fan("混一色", "Half flush", 2, _half_flush, why="one suit and honours"),
)
"""Hands within the cap: the highest one that applies is the base."""

SPECIAL_HANDS: tuple[Fan, ...] = (
    Fan("清一色", "Full flush", 4, _full_flush, why="one suit only"),
    Fan("混碰", "Half-flush all pungs", 4, lambda r: _half_flush(r) and v.all_pungs(r), why="混一色 + 碰碰和"),
    Fan("清碰", "Full-flush all pungs", 5, lambda r: _full_flush(r) and v.all_pungs(r), why="清一色 + 碰碰和"),
    Fan("混幺九", "Terminals and honours", 5, lambda r: _standard(r) and v.terminals_and_honours(r),
        why="only 1s, 9s and honours"),
    Fan("小三元", "Little three dragons", 5, v.little_three_dragons, why="two dragon pungs and a pair of the third"),
    Fan("小四喜", "Little four winds", 5, v.little_four_winds, why="three wind pungs and a pair of the fourth"),
    Fan("字一色", "All honours", 6, lambda r: _standard(r) and v.all_honours(r), why="honour pungs and pair"),
    Fan("清幺九", "All terminals", 6, lambda r: _standard(r) and v.all_terminals(r), why="pungs of 1s and 9s only"),
    Fan("大三元", "Big three dragons", 6, v.big_three_dragons, why="three dragon pungs"),
    Fan("大四喜", "Big four winds", 6, v.big_four_winds, why="four wind pungs"),
    Fan("九莲宝灯", "Nine gates", 6, v.pure_nine_gates, why="1112345678999 of one suit + any tile of it"),
    Fan("十三幺", "Thirteen orphans", 6, v.thirteen_orphans,
        why="1 and 9 of each suit, the seven honours, one of them paired"),
)
"""Hands beyond the cap: fixed value, no additions; the highest one counts alone."""


def _may_be_special(r: Reading) -> bool:
    """A condition every entry of :data:`SPECIAL_HANDS` implies (one suit at
    most, two dragon or three wind pungs, only 1s, 9s and honours, or
    十三幺): most hands fail it, and the table is not looked at."""
    return (
        len(v.suits(r)) <= 1
        or v.dragon_pungs(r) >= 2
        or v.wind_pungs(r) >= 3
        or r.kinds <= _ENDS
        or r.form is Form.THIRTEEN_ORPHANS
    )


_ENDS = v.TERMINALS | v.HONOURS


def _tiles_zh(kinds: Sequence[int]) -> str:
    return "".join(tile_name(k, "zh") for k in kinds)


ADDITIONS: tuple[Fan, ...] = (
    Fan("自摸", "Self-drawn", 1, lambda r: r.ctx.self_drawn or r.ctx.robbed_kong,
        explain=lambda r: "抢杠 counts as self-drawn" if r.ctx.robbed_kong else "won on own draw"),
    Fan("门风", "Seat-wind pung", 1, v.seat_wind_pung,
        explain=lambda r: f"pung of {_tiles_zh([EAST + r.ctx.seat_wind])}"),
    Fan("圈风", "Prevalent-wind pung", 1, v.round_wind_pung,
        explain=lambda r: f"pung of {_tiles_zh([EAST + r.ctx.round_wind])}"),
    Fan("三元牌", "Dragon pung", 1, v.dragon_pungs,
        explain=lambda r: "pung of " + _tiles_zh([k for k in r.pungs if k in DRAGONS])),
)
"""附加 (+1 番 each; 三元牌 once per dragon pung), for hands within the cap only."""

FLOORS: tuple[tuple[str, Callable[[WinContext], bool]], ...] = (
    ("杠上开花", lambda c: c.kong_replacement),
    ("海底捞月", lambda c: c.last_tile and c.self_drawn),
    ("一炮三响", lambda c: c.multiple_winners >= 3),
    ("抢杠", lambda c: c.robbed_kong),
)
"""Wins raised to ``floor_special`` 番 when below it."""

HEAVEN: tuple[tuple[str, str, str, Callable[[WinContext], bool]], ...] = (
    ("天和", "Heavenly hand", "heaven", lambda c: c.first_turn and c.dealer),
    ("地和", "Earthly hand", "earth", lambda c: c.first_turn and not c.dealer),
    ("人和", "Human hand", "human", lambda c: c.first_go_around and not c.self_drawn),
)
"""First-turn wins: (zh, en, field of :class:`HeavenValues`, test)."""


# ---------------------------------------------------------------------------
# The rule set
# ---------------------------------------------------------------------------


class GuangdongChicken(ContextWinConditions, Ruleset):
    """广东鸡平和: 136 tiles, no flowers, 13-tile hands; 番 double (分 = 2**番).

    **Play.**  Chow only from 上家, pung before chow; 一炮多响 allowed; an added
    kong may be robbed (抢杠), a concealed one may not; 漏和 (missed win) ban.
    The dealer stays after a win of the dealer (also among several winners)
    or a drawn hand.  Winning forms: the standard form and 十三幺.  七对 is
    *not* listed in 鸡平和, so seven pairs is no win.  Any winning shape wins
    (鸡和 is worth 0 番).

    **Scoring.**  The base is the highest of 鸡和 0, 平和 1, 碰碰和 2, 混一色 2;
    additions: 自摸, 门风 pung, 圈风 pung, each dragon pung, +1 番 each.  The
    total is capped at ``cap`` (爆和).  Special hands (清一色 4 … 十三幺 6,
    :data:`SPECIAL_HANDS`) have fixed values above the cap and take no
    additions.  杠上开花, 海底捞月, 一炮三响 and 抢杠 raise a hand below
    ``floor_special`` to it.  Of all the readings of a hand, the highest counts
    (就高不就低).

    **Options** (:class:`GuangdongOptions`): ``cap=3``, ``floor_special=3``,
    ``heaven_values`` (PROPOSAL: 天和 6, 地和 6, 人和 3 番),
    ``discard_payment`` (PROPOSAL: ``DiscardPayment.DISCARDER``) and
    ``triple_win_pays_three`` (PROPOSAL: ``True``).

    **Payments** (PROPOSAL, :meth:`settle`): on a self-draw each of the three
    others pays 分; on a discard the discarder pays 分.  The one seat that
    pays 3 × 分 for all three: the robbed player (抢杠); the player who fed
    the kong before a 杠上开花 (杠上开花包杠); ``ctx.liable`` on a self-draw
    (包自摸, see :meth:`liable_seat`); the discarder of an 一炮三响, to each
    winner.

    **Readings the seed leaves open** (decided here):

    - 平和 is four chows, claimed ones included, with any pair; 混一色 needs
      honours (without them it is 清一色).
    - Only the highest special hand counts; they do not add up with each
      other (字一色 + 大四喜 = 6 番).
    - 九莲宝灯: no melds, and the 13 tiles before the winning tile are
      1112345678999 of one suit (else the hand is 清一色 or 清碰).
    - A wind that is both seat and prevalent wind scores both (+2).
    - 抢杠 "当自摸": it takes the 自摸 addition, as 杠上开花 does.
    - 海底捞月 is a self-drawn last tile only; winning on the last discard is
      an ordinary win.  The floors apply after additions and cap.
    - 天和 / 地和 / 人和 replace the hand's value when higher, never add to it.
    - 包 applies to self-drawn wins only (包自摸): ``ctx.liable`` is ignored
      on a discard win, which the discarder pays.  When several apply, 抢杠
      comes first, then 杠上开花包杠, then ``ctx.liable``.
    - 大四喜 / 大三元 包 count a declared 暗杠 among the earlier wind or
      dragon sets; 十二张落地 needs four claimed melds (no 暗杠).  When both
      apply, the earlier meld decides (:meth:`liable_seat`).
    """

    name = "guangdong"
    version = 1
    zh = "广东鸡平和"
    summary = "Guangdong chicken hand: 136 tiles, doubling 番 capped at 3, special hands above the cap"
    aliases = ("jipinghu", "chicken", "广东", "广东麻将", "鸡平和", "鸡平胡", "广东鸡平胡")
    Options = GuangdongOptions
    options: GuangdongOptions

    flower_tiles = ()
    multiple_winners = True
    rob_kong = True
    missed_win_ban = True
    hand_rules = HandRules(forms=frozenset({Form.STANDARD, Form.THIRTEEN_ORPHANS}))

    # --- scoring -----------------------------------------------------------
    def readings(self, ctx: WinContext) -> list[Reading]:
        """Every reading of the winning hand (:func:`mahjong_core.patterns.readings`;
        ``ctx.decompositions`` when the engine filled them, else computed),
        the melds included."""
        self.check_win_context(ctx)  # no wilds, 14 tiles
        forms = self.hand_rules.forms
        try:
            found = v.readings(ctx, self.hand_rules, by_win_unit=False)
        except IllegalWinError as e:
            raise IllegalWinError(f"guangdong: {e}") from None
        out = [r for r in found if r.form in forms]
        if not out:
            raise IllegalWinError(
                f"guangdong: not a winning hand: {format_tiles(ctx.concealed)!r}"
                f" + {[str(m) for m in ctx.melds]!r}"
            )
        return out

    def _count(self, r: Reading) -> tuple[int, list[Fan], list[tuple[Fan, int]]]:
        """The 番 of one reading (after the cap, before floors and first-turn
        wins), the special hands that apply (the counted one first, then the
        others in table order) and the
        base hand with its additions (when no special hand applies)."""
        special = [f for f in SPECIAL_HANDS if f.count(r)] if _may_be_special(r) else []
        if special:
            top = max(special, key=lambda f: f.value)  # the first in table order on a tie
            return top.value, [top, *(f for f in special if f is not top)], []
        base = max((f for f in BASE_HANDS if f.count(r)), key=lambda f: f.value)
        hits = [(base, 1), *v.matching(ADDITIONS, r)]
        return min(sum(f.value * n for f, n in hits), self.options.cap), [], hits

    def _sheet_of(self, r: Reading, counted: tuple[int, list[Fan], list[tuple[Fan, int]]]) -> tuple[
            list[ScoreItem], int, list[str]]:
        """Items, 番 and notes of the reading chosen."""
        total, special, hits = counted
        if special:
            top = special[0]
            notes = [f"{top.zh} is a special hand: {top.value} 番 beyond the cap, no additions"]
            if len(special) > 1:
                notes.append("not added: " + ", ".join(f"{f.zh} {f.value}" for f in special[1:]))
            return [top.item(r)], total, notes
        items = [f.item(r, n) for f, n in hits]
        raw = sum(it.total for it in items)
        if raw > total:
            return items, total, [f"爆和: {raw} 番 capped at {total} 番"]
        return items, total, []

    def score(self, ctx: WinContext) -> ScoreSheet:
        """Score a win: the best reading, then the floors, then 天和/地和/人和."""
        top: Reading | None = None
        counted: tuple[int, list[Fan], list[tuple[Fan, int]]] = (-1, [], [])
        for r in self.readings(ctx):
            c = self._count(r)
            if c[0] > counted[0]:
                top, counted = r, c
        assert top is not None
        items, total, notes = self._sheet_of(top, counted)
        floor = self.options.floor_special
        if total < floor:
            events = [zh for zh, applies in FLOORS if applies(ctx)]
            if events:
                if ctx.kong_replacement and ctx.kong_fed_by is not None:
                    events[events.index("杠上开花")] = "杠上开花包杠"
                notes.append(f"{'/'.join(events)}: {total} 番 raised to {floor} 番")
                total = floor
        if ctx.first_turn or ctx.first_go_around:
            for zh, en, attr, applies in HEAVEN:
                value = getattr(self.options.heaven_values, attr)
                if value and applies(ctx):
                    if value > total:
                        notes.append(f"{zh} {value} 番 replaces the hand's {total} 番")
                        items, total = [ScoreItem(zh, en, value, why="first-turn win")], value
                    else:
                        notes.append(f"{zh} ({value} 番) does not exceed the hand's {total} 番")
        return ScoreSheet(items=tuple(items), total=total, unit="番", points=2**total, notes=tuple(notes))

    def context_problem(self, ctx: WinContext) -> str | None:
        """Any winning shape wins: 鸡和 (0 番) is a win (no minimum)."""
        return None

    # --- payments ----------------------------------------------------------
    def _pays_for_all(self, ctx: WinContext) -> tuple[int | None, str]:
        """The seat that pays 3 × 分 for this win, and why (or None)."""
        if ctx.robbed_kong:
            if ctx.discarder is None:
                raise MahjongError(f"guangdong: 抢杠 win of seat {ctx.seat!r} without the robbed seat")
            return ctx.discarder, "抢杠: the robbed player pays for all"
        if ctx.self_drawn:
            if ctx.kong_replacement and ctx.kong_fed_by is not None and ctx.kong_fed_by != ctx.seat:
                return ctx.kong_fed_by, "杠上开花包杠: the kong feeder pays for all"
            if ctx.liable is not None and ctx.liable != ctx.seat:
                return ctx.liable, "包自摸: the liable seat pays for all"
            return None, ""
        if ctx.discarder is None:
            raise MahjongError(f"guangdong: discard win of seat {ctx.seat!r} without a discarder")
        if ctx.multiple_winners >= 3 and self.options.triple_win_pays_three:
            return ctx.discarder, "一炮三响: the discarder pays for all"
        if self.options.discard_payment is DiscardPayment.FULL:
            return ctx.discarder, "全铳: the discarder pays for all"
        return None, ""

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        """Payments of the hand's wins (PROPOSAL model, see the class doc).

        Every payment moves 分 from one seat to another, so the settlement
        sums to zero.  ``table`` is not consulted.
        """
        out: list[Payment] = []
        for ctx, sheet in wins:
            others = [s for s in range(self.num_players) if s != ctx.seat]
            payer, why = self._pays_for_all(ctx)
            if payer is not None:
                out.append(Payment(payer, ctx.seat, len(others) * sheet.points, why))
            elif ctx.self_drawn:
                out.extend(Payment(s, ctx.seat, sheet.points, "自摸") for s in others)
            else:
                assert ctx.discarder is not None
                out.append(Payment(ctx.discarder, ctx.seat, sheet.points, "点炮"))
        return Settlement(tuple(out))

    def liable_seat(self, table: Table | None, ctx: WinContext) -> int | None:
        """The seat liable for a self-drawn win (包自摸), or None.

        The engine calls this for a self-drawn win and stores the answer in
        ``ctx.liable``; :meth:`settle` then makes that seat pay for all three.
        It is read from ``ctx.melds`` (in the order they were made; an added
        kong keeps its pung's place) and ``ctx.meld_sources``:

        - 大四喜 包: three wind melds on the table (a declared 暗杠 counts:
          everyone sees it), and the fourth wind pung or kong claimed from
          seat X's discard: X is liable.  大三元 likewise with the third
          dragon meld.
        - 十二张落地: four claimed melds (chow, pung, exposed or added kong;
          the seed lists 碰/吃/明杠, so not a concealed kong), the fourth
          claimed from X: X is liable.

        When several apply, the earliest meld decides.  "包先不包后" (A who fed
        B to twelve tiles is not liable again when A later feeds C) needs the
        order of feeds across players, which a WinContext does not hold: the
        engine, which keeps that history, passes only the first such feeder in
        ``ctx.liable`` and drops this answer for a later one.
        """
        if not ctx.self_drawn or ctx.robbed_kong:
            return None
        melds = ctx.melds
        sources = tuple(ctx.meld_sources) + (None,) * (len(melds) - len(ctx.meld_sources))

        def exposed(i: int) -> bool:
            return melds[i].kind is not MeldKind.ANKAN

        def claimed_from(i: int) -> int | None:
            src = sources[i]
            return src if exposed(i) and src is not None and src != ctx.seat else None

        events: list[tuple[int, int]] = []
        for group, need in ((WINDS, 4), (DRAGONS, 3)):
            idx = [i for i, m in enumerate(melds) if m.kind is not MeldKind.CHI and m.kind_of in group]
            if len(idx) == need:
                src = claimed_from(idx[-1])
                if src is not None:
                    events.append((idx[-1], src))
        if len(melds) == 4 and all(exposed(i) for i in range(4)):
            src = claimed_from(3)
            if src is not None and _first_twelve_fed_by(table, src) in (None, ctx.seat):
                events.append((3, src))
        return min(events)[1] if events else None


def _first_twelve_fed_by(table: Table | None, feeder: int) -> int | None:
    """包先不包后: the first seat whose fourth claimed meld came from
    ``feeder`` (None when the table keeps no history)."""
    history = getattr(table, "claim_history", None)
    if history is None:
        return None
    claimed: dict[int, int] = {}
    for seat, source in history:
        claimed[seat] = claimed.get(seat, 0) + 1
        if claimed[seat] == 4 and source == feeder:
            return seat  # type: ignore[no-any-return]
    return None


# ---------------------------------------------------------------------------
# Convenience: score from notation
# ---------------------------------------------------------------------------


_DEFAULT = GuangdongChicken()


def score(
    hand: str,
    melds: Sequence[str | Meld] = (),
    *,
    win_tile: str,
    self_drawn: bool = False,
    seat_wind: str | int = "E",
    round_wind: str | int = "E",
    kong: bool = False,
    last_tile: bool = False,
    robbed_kong: bool = False,
    first_turn: bool = False,
    first_go_around: bool = False,
    multiple_winners: int = 1,
    rules: GuangdongChicken | None = None,
) -> ScoreSheet:
    """Score a 鸡平和 win written in notation.

    ``hand`` holds the concealed tiles *before* the winning tile, ``melds``
    the declared sets (``"pon 777z"``, ``"ankan 1111m"`` …), ``win_tile`` the
    winning tile.  ``kong``: won on a kong replacement (杠上开花);
    ``last_tile``: won on the last tile (海底).  The seat with the East wind is
    the dealer.  ``rules`` carries options (default: ``GuangdongChicken()``).

    >>> score("222z555m999p3s", ["pon 111z"], win_tile="3s", self_drawn=True, seat_wind="S").total
    3
    >>> score("19m19p19s1234567z", win_tile="7z").names()
    ['十三幺']

    :raises InvalidHandError: for a hand of the wrong size, a fifth copy, or
        tiles that do not win.
    """
    rs = rules if rules is not None else _DEFAULT
    seat = parse_wind(seat_wind)
    ctx = build_context(
        rs, hand, win_tile=win_tile, melds=melds, winner=seat, dealer=0,
        discarder=None if self_drawn or kong else (seat + 3) % 4,
        context={
            "seat_wind": seat, "round_wind": parse_wind(round_wind), "kong_replacement": kong,
            "robbed_kong": robbed_kong, "last_tile": last_tile, "first_turn": first_turn,
            "first_go_around": first_go_around, "multiple_winners": multiple_winners,
        },
    )
    return rs.score(ctx)
