"""宁波's early refusal at speed against the obvious one: the fixed 台
counted without items (hypothesis), the bound of the reading 台 (at least
every reading's, on the contexts of seeded games) and ``refuses_win``
(what ``score`` and ``win_problem`` say, no bound) on every context the
engine asked in those games, where ``refuses_tiles`` (the same bound before
any context) refused none of the wins; games played with the plain
refusal (and no refusal from the tiles) are the same games move for move."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.bots import make_bot, play_hand
from mahjong_core.errors import IllegalWinError
from mahjong_core.rules import WinContext
from mahjong_core.tiles import Meld, MeldKind
from mahjong_core.variants.ningbo import (
    _PAIR_BANS, HardWin, Ningbo, PinghuPair, SeatFlowers, ThreeWilds, WildSingle, _class_kinds, _flag, _tai_bound,
    _wait_tai,
    reading_tai_bound,
)

OPTIONS: list[dict[str, Any]] = [
    {},
    {"hard_win": HardWin.NATURAL, "wild_single": WildSingle.EVERY_READING, "min_counts_base": True, "min_tai": 5},
    {"pinghu_pair": PinghuPair.ANY_HONOUR, "seat_flowers": SeatFlowers.ONE, "three_wilds": ThreeWilds.SELF_DRAWN_WIN,
     "win_on_discarded_wild": True, "min_tai": 6},
]


def plain_refuses(rs: Ningbo, ctx: WinContext) -> bool:
    """The refusal read off the sheet: score, then win_problem (no bound,
    no fixed 台 without items)."""
    if not ctx.self_drawn and (ctx.win_tile >= 34 or ctx.win_tile in ctx.wild_kinds) \
            and not rs.options.win_on_discarded_wild:
        return True
    if any(f in ctx.wild_kinds for f in ctx.flowers) or (not ctx.self_drawn and _flag(ctx.extra, "flower_replacement")):
        return False
    try:
        sheet = rs.score(ctx)
    except IllegalWinError:
        return False
    return rs.win_problem(ctx, sheet) is not None


class PlainNingbo(Ningbo):
    def refuses_discard_wins(self, *args: Any) -> bool:
        return False

    def refuses_tiles(self, *args: Any) -> bool:
        return False

    def refuses_win(self, ctx: WinContext) -> bool:
        return plain_refuses(self, ctx)


class Recording(Ningbo):
    """宁波 keeping every context the engine asks it to refuse, with the
    answer ``refuses_tiles`` gave just before on the same tiles and, for a
    win on a discard, the answer ``refuses_discard_wins`` gave when the
    seat's waits were last worked out (it refuses nothing here, so that
    every context is built)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.asked: list[WinContext] = []
        self.by_tiles: list[bool] = []
        self.by_window: list[bool] = []
        self._tiles: bool | None = None
        self._window: dict[int, bool] = {}

    def refuses_discard_wins(self, table: Any, seat: int, counts: Any, wilds: int) -> bool:
        self._window[seat] = super().refuses_discard_wins(table, seat, counts, wilds)
        return False

    def refuses_tiles(self, *args: Any) -> bool:
        self._tiles = super().refuses_tiles(*args)
        return False

    def refuses_win(self, ctx: WinContext) -> bool:
        assert self._tiles is not None  # (the engine asks refuses_tiles first, of the same win)
        self.asked.append(ctx)
        self.by_tiles.append(self._tiles)
        on_discard = not ctx.self_drawn and not ctx.robbed_kong
        self.by_window.append(on_discard and self._window.get(ctx.seat, False))
        self._tiles = None
        return super().refuses_win(ctx)


@st.composite
def contexts(draw: Any) -> WinContext:
    """Win contexts with every fact the fixed 台 read (the tiles do not matter to them)."""
    self_drawn = draw(st.booleans())
    wild = draw(st.sampled_from([frozenset({5}), frozenset({30}), frozenset(range(34, 38)), frozenset(range(38, 42))]))
    seat_wind = draw(st.integers(0, 3))
    seat = draw(st.integers(0, 3))
    return WinContext(
        seat=seat, concealed=(0, 0), win_tile=draw(st.sampled_from([0, 5, 30, 33, 35, 39])),
        self_drawn=self_drawn, discarder=None if self_drawn else draw(st.integers(0, 3)),
        dealer=seat_wind == 0, seat_wind=seat_wind, round_wind=draw(st.integers(0, 3)),
        flowers=tuple(draw(st.lists(st.sampled_from([f for f in range(34, 42) if f not in wild]), unique=True))),
        wilds=draw(st.integers(0, 4)), wild_kinds=wild,
        kong_replacement=draw(st.booleans()), robbed_kong=draw(st.booleans()), last_tile=draw(st.booleans()),
        first_turn=draw(st.booleans()), first_go_around=draw(st.booleans()),
        extra={"flower_replacement": draw(st.sampled_from([False, True, "yes", "no"]))},
    )


@settings(max_examples=500, deadline=None)
@given(contexts(), st.sampled_from(OPTIONS))
def test_the_fixed_tai_are_the_items_total(ctx: WinContext, options: dict[str, Any]) -> None:
    rs = Ningbo(**options)
    assert rs._fixed_tai(ctx) == sum(it.total for it in rs._fixed_items(ctx))


@pytest.mark.parametrize("options", OPTIONS)
def test_the_refusal_is_the_sheets_on_every_context_of_seeded_games(options: dict[str, Any]) -> None:
    """Every context the engine asked in seeded random and greedy games:
    the bound is at least every reading's 台 and the refusal is the plain
    one; the bound alone refuses most of them (no reading made)."""
    rs = Recording(**options)
    for bots, n in (("random", 200), ("greedy", 60)):
        for i in range(n):
            play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
    plain = Ningbo(**options)
    by_bound = by_tiles = by_window = 0
    for ctx, tiles_refuse, window_refuses in zip(rs.asked, rs.by_tiles, rs.by_window):
        fresh = Ningbo(**options)
        refuses = plain_refuses(plain, ctx)
        assert fresh.refuses_win(ctx) == refuses, ctx
        assert refuses or not tiles_refuse, ctx  # (refuses_tiles never refuses a win)
        assert refuses or not window_refuses, ctx  # (nor refuses_discard_wins)
        by_tiles += tiles_refuse
        by_window += window_refuses
        if any(f in ctx.wild_kinds for f in ctx.flowers) or (not ctx.self_drawn and ctx.win_tile in ctx.wild_kinds):
            continue
        top = max(fresh._reading_tai(r) for r in fresh._readings(ctx))
        bound = reading_tai_bound(ctx) + (1 if fresh.options.hard_win is HardWin.NATURAL else 0)
        assert bound >= top, ctx
        by_bound += fresh._fixed_tai(ctx) + bound + fresh.options.min_counts_base < fresh.options.min_tai
    assert len(rs.asked) > 150 and by_bound > len(rs.asked) // 10
    assert by_tiles > by_bound // 2  # (most of the bound's refusals need no context)
    if not options.get("win_on_discarded_wild"):
        assert by_window > len(rs.asked) // 20  # (and many wins on a discard need no check at all)


@pytest.mark.parametrize("options", OPTIONS[:2])
def test_games_with_the_plain_refusal_are_the_same_games(options: dict[str, Any]) -> None:
    fast, plain = Ningbo(**options), PlainNingbo(**options)
    for bots, n in (("random", 40), ("greedy", 30)):
        for i in range(n):
            got = [play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(4)], seed=i, dealer=i % 4).events
                   for rs in (fast, plain)]
            assert got[0] == got[1], (options, bots, i)


def table_tai(rs: Ningbo, r: Any) -> int:
    """The 台 of a reading added up from the table (every item asked)."""
    from mahjong_core import patterns as v

    natural = 1 if rs.options.hard_win is HardWin.NATURAL and r.is_natural else 0
    return sum(f.value * n for f, n in v.matching(rs._hand_fans, r)) + natural


@pytest.mark.parametrize("options", OPTIONS + [{"pinghu_pair": PinghuPair.SCORING_WINDS}])
def test_the_reading_tai_in_one_pass_are_the_tables(options: dict[str, Any]) -> None:
    """_reading_tai (each item asked once, in one pass) equals the table's
    sum on every reading of every context of seeded games."""
    rs = Recording(**options)
    for bots, n in (("random", 120), ("greedy", 40)):
        for i in range(n):
            play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
    fresh = Ningbo(**options)
    values = set()
    for ctx in rs.asked:
        try:
            readings = fresh._readings(ctx)
        except IllegalWinError:
            continue
        for r in readings:
            got = fresh._reading_tai(r)
            assert got == table_tai(fresh, r), (ctx, r)
            values.add(got)
    assert len(values) >= 5  # (readings of many 台 values were met)


def test_an_equal_context_is_answered_from_the_memo_and_another_is_not() -> None:
    """The last context's readings and best reading serve an equal context
    (the engine's second ask of one win), never a different one."""
    from dataclasses import replace

    rs = Ningbo()
    base = WinContext(seat=2, concealed=(0, 1, 2, 6, 7, 8, 12, 13, 14, 18, 18, 20, 21, 22), win_tile=21,
                      self_drawn=True, seat_wind=2, round_wind=0, wild_kinds=frozenset({17}))
    first = rs._best(base)
    again = rs._best(replace(base))  # equal, not the same object
    assert again == first
    other = replace(base, concealed=(0, 1, 2, 6, 7, 8, 12, 13, 14, 18, 18, 19, 20, 21), win_tile=19)
    top, tai = rs._best(other)
    assert top.ctx == other and tai == Ningbo()._best(other)[1]


def plain_tai_bound(counts: bytes, melds: list[Meld], w: int, seat_wind: int, round_wind: int,
                    bans: frozenset[int], win: int) -> int:
    """The bound of the reading 台 written out kind by kind (what
    ``_tai_bound`` reads off one integer): the wait item, 碰碰糊 or 平糊,
    the flush, each scoring honour."""
    held = [k for k in range(34) if counts[k]]
    suits = {k // 9 for k in held if k < 27} | {m.tiles[0] // 9 for m in melds if m.tiles[0] < 27}
    honours = [k for k in held if k >= 27] + [m.tiles[0] for m in melds if m.tiles[0] >= 27]
    chows = [m for m in melds if m.kind is MeldKind.CHI]
    pungs = [m for m in melds if m.kind is not MeldKind.CHI]
    tai = (2 if len(melds) >= 4 else 1) if _wait_tai(counts, w, win) else 0
    if not chows and len(held) <= (sum(counts) + w + 1) // 3:
        tai += 2
    elif not pungs:
        held_honours = [k for k in held if k >= 27]
        if not held_honours or (len(held_honours) == 1 and counts[held_honours[0]] <= 2
                                and held_honours[0] not in bans):
            tai += 1
    if not suits:
        tai += 8
    elif len(suits) == 1:
        tai += 2 if honours else 4
    declared = {m.tiles[0] for m in pungs}
    for k in (31, 32, 33, 27 + seat_wind, 27 + round_wind):
        if k in declared or counts[k] + w >= 3:
            tai += 1
    return tai


@st.composite
def bound_arguments(draw: Any) -> tuple[Any, ...]:
    """Concealed counts heavy in honours (a kind up to four times), up to
    four melds, 0..4 百搭, any winds, refused pairs and winning tile."""
    counts = bytearray(34)
    for k in draw(st.lists(st.one_of(st.integers(0, 33), st.integers(27, 33)), max_size=14)):
        if counts[k] < 4:
            counts[k] += 1
    melds = []
    for k, chow in draw(st.lists(st.tuples(st.integers(0, 33), st.booleans()), max_size=4)):
        if chow and k < 27 and k % 9 < 7:
            melds.append(Meld(MeldKind.CHI, (k, k + 1, k + 2)))
        else:
            kind = draw(st.sampled_from([MeldKind.PON, MeldKind.KAN, MeldKind.ANKAN]))
            melds.append(Meld(kind, (k,) * (3 if kind is MeldKind.PON else 4)))
    bans = _PAIR_BANS[draw(st.sampled_from(list(PinghuPair)))][draw(st.integers(0, 3))][draw(st.integers(0, 3))]
    return (bytes(counts), melds, draw(st.integers(0, 4)), draw(st.integers(0, 3)), draw(st.integers(0, 3)), bans,
            draw(st.sampled_from([-1, draw(st.integers(0, 33))])))


@settings(max_examples=3000, deadline=None)
@given(bound_arguments())
def test_the_tai_bound_read_off_one_integer_is_the_plain_one(args: tuple[Any, ...]) -> None:
    assert _tai_bound(*args) == plain_tai_bound(*args)


@settings(max_examples=2000, deadline=None)
@given(bound_arguments())
def test_a_discard_read_as_one_more_wild_bounds_every_natural_discard(args: tuple[Any, ...]) -> None:
    """refuses_discard_wins' bound: the tiles without the discard and one
    more 百搭 (any wait) are bounded at least as high as the tiles with
    any natural discard won on."""
    counts, melds, w, seat_wind, round_wind, bans, _ = args
    once = _tai_bound(counts, melds, w + 1, seat_wind, round_wind, bans, -1)
    for k in range(34):
        if counts[k] < 4:
            c = bytearray(counts)
            c[k] += 1
            assert once >= _tai_bound(bytes(c), melds, w, seat_wind, round_wind, bans, k), k


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=34, max_size=34), st.sampled_from([frozenset({5}), frozenset({30}),
                                                                                 frozenset(range(34, 38))]))
def test_the_wild_sets_class_kinds_are_the_least_used(used: list[int], wild: frozenset[int]) -> None:
    """Per suit, the kind read for a 百搭 pung or pair is the first of the
    least-used kinds, and the chow the first of those whose most-used kind
    is least used; every honour and the 百搭's own kinds besides."""
    want = set(range(27, 34)) | {k for k in wild if k < 34}
    for s in (0, 9, 18):
        want.add(min(range(s, s + 9), key=lambda k: used[k]))
        low = min(range(s, s + 7), key=lambda k: max(used[k : k + 3]))
        want.update((low, low + 1, low + 2))
    assert _class_kinds(used, wild) == want
