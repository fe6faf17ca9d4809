"""The fast paths of the hooks the engine asks most often (福州 / 罗源,
福建百搭, 武汉, 哈尔滨 / 长春, 营口) against their obvious versions
(``hooks_reference.py``): many seeded hands with random and greedy bots in
which every answer of a hook is also worked out the obvious way and must be
the same, plus property tests of the small precomputed facts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hooks_reference as ref
from mahjong_core.bots import make_bot, play_hand
from mahjong_core.engine import Table
from mahjong_core.rules import Ruleset, WinContext
from mahjong_core.variants import fuzhou as fz
from mahjong_core.variants.fujian_baida import FujianBaida
from mahjong_core.variants.fuzhou import Fuzhou
from mahjong_core.variants.harbin import Harbin
from mahjong_core.variants.luoyuan import Luoyuan
from mahjong_core.variants import wuhan as wh
from mahjong_core.variants.wuhan import Wuhan
from mahjong_core.variants import yingkou as yk
from mahjong_core.variants.yingkou import Yingkou


def outcome(f: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    """What ``f(*args)`` gives: its value, or the type of error it raises."""
    try:
        return "value", f(*args)
    except Exception as e:  # (the same error both ways)
        return "error", type(e)


def checked(cls: type[Ruleset], refs: Mapping[str, Callable[..., Any]]) -> tuple[type[Ruleset], dict[str, Counter[Any]]]:
    """A subclass of ``cls`` whose hooks in ``refs`` answer as ``cls`` does,
    after asserting that the obvious version agrees; and the answers seen,
    by hook (to show that the hands reached each kind of answer)."""
    seen: dict[str, Counter[Any]] = {name: Counter() for name in refs}

    def make(name: str, obvious: Callable[..., Any]) -> Callable[..., Any]:
        fast = getattr(cls, name)

        def hook(self: Ruleset, *args: Any) -> Any:
            want = obvious(self, *args)
            got = fast(self, *args)
            same = list(got) if type(got) is bytes else got  # (costs may be bytes)
            assert same == want, (cls.name, name, args[1:], got, want)
            if isinstance(same, (list, tuple)):
                seen[name][any(same)] += 1  # (costs: some nonzero)
            else:
                seen[name][got if isinstance(got, (bool, str, type(None))) else bool(got)] += 1
            return got

        return hook

    body = {name: make(name, obvious) for name, obvious in refs.items()}
    return type(f"Checked{cls.__name__}", (cls,), body), seen


def play(cls: type[Ruleset], refs: Mapping[str, Callable[..., Any]], hands: int,
         options: Mapping[str, Any] | None = None) -> dict[str, Counter[Any]]:
    """``hands`` seeded hands with random bots and a quarter as many with
    greedy ones (seeds as in ``bench/rates.py``), every hook checked."""
    sub, seen = checked(cls, refs)
    rs = sub(**(options or {}))
    for bots, n in (("random", hands), ("greedy", hands // 4)):
        for i in range(n):
            play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(rs.num_players)], seed=i, dealer=i % rs.num_players)
    return seen


def scored_contexts(cls: type[Ruleset], hands: int) -> list[WinContext]:
    """Every context ``cls.score`` is asked for in :func:`play`'s seeded
    hands (no hook checked)."""
    got: list[WinContext] = []
    score = cls.score

    class Spy(cls):  # type: ignore[valid-type,misc]
        def score(self, ctx: WinContext) -> Any:
            got.append(ctx)
            return score(self, ctx)

    play(Spy, {}, hands)
    return got


# --- 福州 / 罗源 ---------------------------------------------------------------


@pytest.mark.parametrize("cls", [Fuzhou, Luoyuan])
def test_fuzhou_hooks_agree_with_the_obvious_ones(cls: type[Ruleset]) -> None:
    seen = play(cls, ref.FUZHOU, 400)
    assert len(seen["reserve_extra"]) == 2  # some hands keep tiles back, some not
    assert seen["may_declare_ready"][True] and seen["shape_free_ready"][True]
    assert {fz.QIANGJIN, fz.SANJINDAO} <= set(seen["instant_win"])
    assert sum(seen["shape_free_ready_kinds"].values()) > 50  # (asked: a wrapped 金, both tiles held)
    assert seen["_specials"][True] and seen["_specials"][False]  # wins with specials, and without


def test_fuzhou_hooks_agree_under_other_options() -> None:
    seen = play(Fuzhou, ref.FUZHOU, 200, {"gold_discard": "forbidden", "gold_kan_declare": False})
    assert seen["may_declare_ready"] == Counter({False: seen["may_declare_ready"][False]})


@given(st.lists(st.sampled_from(fz.HONOURS + fz.SEASONS + fz.PLANTS), max_size=24))
def test_honour_quads_counts_the_sets_of_four(flowers: list[int]) -> None:
    held = Counter(flowers)
    assert fz.honour_quads(flowers) == sum(1 for k in fz.HONOURS if held[k] >= 4)
    assert fz.honour_quads(flowers) == sum(1 for k in fz.HONOURS if held[k] >= 4)  # (remembered)
    for n in range(len(flowers) + 1):  # shown one at a time: each from the one before
        assert fz.honour_quads(flowers[:n]) == sum(1 for k in fz.HONOURS if flowers[:n].count(k) >= 4)


@given(st.lists(st.sampled_from(fz.HONOURS + fz.SEASONS + fz.PLANTS), max_size=24))
def test_flower_points(flowers: list[int]) -> None:
    assert fz.flower_points(flowers) == ref.fz_flower_points(flowers)


def test_kan_tiles_table() -> None:
    assert [fz.kan_tiles(g) for g in range(27)] == [ref.fz_kan_tiles(g) for g in range(27)]
    assert fz.kan_tiles(0) == (8, 1) and fz.kan_tiles(26) == (25, 18)


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34), st.integers(0, 26))
def test_gold_kan_rest(counts: list[int], gold: int) -> None:
    assert outcome(fz.gold_kan_rest, counts, gold) == outcome(ref.fz_gold_kan_rest, counts, gold)


@st.composite
def kan_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """34 counts near a 金坎: four sets and a pair, often the two tiles
    around the 金, sometimes a 金 or one more tile; and the 金."""
    gold = draw(st.integers(0, 26))
    c = [0] * 34
    for _ in range(4):
        k = draw(st.integers(0, 26))
        if draw(st.booleans()) and k % 9 < 7:
            for j in (k, k + 1, k + 2):
                c[j] += 1
        else:
            c[k] += 3
    c[draw(st.integers(0, 26))] += 2
    if draw(st.integers(0, 3)):
        for j in fz.kan_tiles(gold):
            c[j] += 1
    for k in draw(st.lists(st.integers(0, 26), max_size=2)):
        c[k] += 1
    if not draw(st.integers(0, 2)):
        c[gold] += 1
    return [min(n, 4) for n in c], gold


@given(kan_hands(), st.booleans())
def test_fuzhou_kan_hooks_on_near_kan_hands(hand: tuple[list[int], int], declared: bool) -> None:
    counts, gold = hand
    rs = Fuzhou()
    table = SimpleNamespace(indicator=gold, declared=[declared], hands=[counts])
    for name in ("shape_free_waits", "shape_free_ready", "shape_free_win", "shape_free_ready_kinds"):
        assert outcome(getattr(rs, name), table, 0, counts) == outcome(ref.FUZHOU[name], rs, table, 0, counts), name
    assert rs.may_declare_ready(table, 0) == ref.fz_may_declare_ready(rs, table, 0)  # type: ignore[arg-type]


# --- 福建百搭 ------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"stand_ins": 2}, {"stand_ins": 4}, {"mode": "daidi"}])
def test_fujian_baida_stand_in_waits_agree_with_the_obvious_ones(options: dict[str, Any]) -> None:
    seen = play(FujianBaida, ref.FUJIAN_BAIDA, 300, options)
    assert seen["shape_free_waits"][True] and seen["shape_free_waits"][False]


@pytest.mark.parametrize("options", [{}, {"stand_ins": 2}, {"stand_ins": 0}, {"mode": "daidi"}])
def test_fujian_baida_stand_in_waits_need_a_near_hand(options: dict[str, Any]) -> None:
    """What an engine may skip shape_free_waits on (a proposed
    ``Ruleset.shape_free_reach`` = ``stand_ins``): a hand with no waits by
    the kernel's shapes (the 百搭 taken out) and a shanten above
    ``stand_ins`` has no 替身 waits."""
    from mahjong_core import _native

    seen: Counter[Any] = Counter()
    fast = FujianBaida.shape_free_waits

    class Watched(FujianBaida):
        def __init__(self, **opts: Any) -> None:
            super().__init__(**opts)
            setattr(self, "shape_free_reach", -1)  # (asked after every discard, whatever an engine may skip)

        def shape_free_waits(self, table: Any, seat: int, counts: Any) -> int:
            got = fast(self, table, seat, counts)
            assert bytes(counts) == bytes(table.hands[seat])
            c, w = table.analysis_counts(seat)
            rules = table.hand_rules(seat)
            if not _native.waits_mask_buf(c, w, rules) and _native.shanten_buf(c, w, rules) > self.options.stand_ins:
                assert got == 0, (seat, bytes(counts))
                seen["far"] += 1
            else:
                seen["near", bool(got)] += 1
            return got

    rs = Watched(**options)
    for bots, n in (("random", 300), ("greedy", 75)):
        for i in range(n):
            play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
    assert seen["far"] > 1000 and seen["near", False] > 100
    assert seen["near", True] > 10 or not options.get("stand_ins", 1)


# --- 武汉 ----------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"red_at_once": True}])
def test_wuhan_hooks_agree_with_the_obvious_ones(options: dict[str, Any]) -> None:
    """(将一色 and 风一色 are rare in play: the property test below reaches them.)"""
    seen = play(Wuhan, ref.WUHAN, 300, options)
    # (the engine asks shape_free_waits only for hands of 2, 5, 8 and honours:
    # Wuhan.shape_free_kinds; about 130-200 calls in these hands)
    assert sum(seen["shape_free_waits"].values()) > 100 and seen["single_kong_kinds"][True]


_WUHAN_KINDS = sorted(wh.RANKS_258 | wh.HONOURS) + [0, 5, 12]
"""Kinds of the shape-free hands, and three others."""


@given(st.lists(st.sampled_from(_WUHAN_KINDS), max_size=14), st.sampled_from(_WUHAN_KINDS),
       st.lists(st.sampled_from(["pon 222m", "pon 555p", "pon 111z", "chi 234s", "kan 7777z"]), max_size=2))
def test_wuhan_shape_free_on_near_shape_free_hands(tiles: list[int], laizi: int, melds: list[str]) -> None:
    from mahjong_core.tiles import Meld

    table = SimpleNamespace(wild_kinds=frozenset({laizi}), melds=[[Meld.parse(m) for m in melds]])
    c = bytearray(min(tiles.count(k), 4) for k in range(34))
    for rs in (Wuhan(), _WUHAN):  # (a new rule set, and one that remembers the last 赖子 kinds asked)
        assert rs.shape_free_waits(table, 0, c) == ref.wh_shape_free_waits(rs, table, 0, c)  # type: ignore[arg-type]
        assert rs.shape_free_win(table, 0, c) == ref.wh_shape_free_win(rs, table, 0, c)  # type: ignore[arg-type]
        assert rs.single_kong_kinds(table, 0) == ref.wh_single_kong_kinds(rs, table, 0)


_WUHAN = Wuhan()
"""One rule set asked across the examples (its answers by the last 赖子 kinds)."""


# --- 哈尔滨 --------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"concealed_kongs_visible": True}])
def test_harbin_hooks_agree_with_the_obvious_ones(options: dict[str, Any]) -> None:
    seen = play(Harbin, ref.HARBIN, 300, options)
    assert None in seen["_check_new"] and len(seen["_check_new"]) >= 3  # wins, and rules broken
    assert seen["indicator_redraw"][True] and seen["indicator_redraw"][False]
    assert seen["may_declare_ready"][True] and seen["may_declare_ready"][False]
    assert seen["aim_discard_costs"][True] and seen["aim_discard_costs"][False]


# --- 营口 ----------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"shape": "one-pung-three-chows", "hui_as_itself": False, "must_open": True},
                                     {"hui": "next", "shape": "any"}])
def test_yingkou_hooks_agree_with_the_obvious_ones(options: dict[str, Any]) -> None:
    seen = play(Yingkou, ref.YINGKOU, 300, options)
    assert seen["aim_discard_costs"][True] and seen["aim_discard_costs"][False]
    assert seen["refuses_win"][True] > 100 and seen["refuses_win"][False] > 50  # (refused: no score made)
    assert sum(seen["score"].values()) > 50


@pytest.mark.parametrize("as_itself", [True, False])
def test_yingkou_hui_kinds_remembered(as_itself: bool) -> None:
    for k in range(34):
        wild = frozenset({k})
        want = yk.SIMPLES | (wild if as_itself else frozenset())
        assert yk.hui_kinds(wild, as_itself) == want
        assert yk.hui_kinds(frozenset({k}), as_itself) == want  # (the remembered one)


_HB_MELDS = ["chi 123m", "chi 678p", "pon 999p", "pon 777z", "ankan 5555s", "kan 1111s", "pon 444m"]


@st.composite
def harbin_wins(draw: st.DrawFn) -> tuple[list[int], int, list[str]]:
    """Concealed tiles of four sets and a pair (less the melds), the winning
    tile among them, and the melds: shapes that break each rule of a win."""
    melds = draw(st.lists(st.sampled_from(_HB_MELDS), max_size=3, unique=True))
    kinds = st.sampled_from(list(range(27)) + [33])
    tiles: list[int] = []
    for _ in range(4 - min(len(melds), 4)):
        k = draw(kinds)
        tiles += [k, k + 1, k + 2] if k < 27 and k % 9 < 7 and draw(st.booleans()) else [k] * 3
    tiles += [draw(kinds)] * 2
    return sorted(tiles), draw(st.sampled_from(tiles)), melds


@given(harbin_wins(), st.booleans(), st.booleans())
def test_harbin_rules_of_a_win(win: tuple[list[int], int, list[str]], self_drawn: bool, with_shape: bool) -> None:
    from dataclasses import replace

    from mahjong_core.analysis import decompositions
    from mahjong_core.variants import harbin as hb

    tiles, tile, melds = win
    rs = Harbin()
    hand = list(tiles)
    hand.remove(tile)
    ctx = ref.paper_context(rs, hand, tile, melds=melds, discarder=None if self_drawn else 1)
    if with_shape:  # (the engine's contexts carry the kernel's decompositions: the fast path)
        ctx = replace(ctx, decompositions=tuple(decompositions(tiles, 0, hb.RULES)))
    assert outcome(rs._check_new, ctx) == outcome(ref.hb_check_new, rs, ctx)


def test_fuzhou_ready_kinds_with_a_gold_held() -> None:
    """With one 金 held the 金 is the only discard that may leave a 金坎,
    even when another discard leaves the rest complete with the 金 as itself."""
    from mahjong_core.tiles import parse_tiles

    rs = Fuzhou()
    table = SimpleNamespace(indicator=0, declared=[False], hands=[[]])  # 金 1m: its 坎 is 9m 2m
    for hand, want in (("92m123m123456789p55s9s", 0), ("92m1m123456789p123s55s", 1 << 0),
                       ("92m123456789p123s55s9s", 1 << 26)):
        counts = [0] * 34
        for k in parse_tiles(hand):
            counts[k] += 1
        assert rs.shape_free_ready_kinds(table, 0, counts) == want  # type: ignore[arg-type]
        assert ref.fz_shape_free_ready_kinds(rs, table, 0, counts) == want


def test_walls_are_fresh_lists_of_the_set() -> None:
    """The remembered walls of 福州 and 哈尔滨: the set's tiles, a new list each time."""
    from mahjong_core.variants import harbin as hb

    fuzhou = Fuzhou().wall_tiles()
    assert fuzhou == [k for k in fz.SUIT_KINDS for _ in range(4)] + [k for k in fz.HONOURS for _ in range(4)] + list(
        fz.SEASONS + fz.PLANTS)
    harbin = Harbin().wall_tiles()
    assert harbin == [k for k in hb.KINDS for _ in range(4)] and len(harbin) == 112
    fuzhou.clear()
    harbin.clear()
    assert len(Fuzhou().wall_tiles()) == 144 and len(Harbin().wall_tiles()) == 112


@st.composite
def yingkou_wins(draw: st.DrawFn) -> tuple[list[int], int, int]:
    """Four sets and a pair of any kinds (幺九 and 2/8 pairs often), the
    winning tile among them, and the turned-up tile (often a kind held)."""
    tiles: list[int] = []
    for _ in range(4):
        k = draw(st.integers(0, 33))
        tiles += [k, k + 1, k + 2] if k < 27 and k % 9 < 7 and draw(st.booleans()) else [k] * 3
    tiles += [draw(st.integers(0, 33))] * 2
    indicator = draw(st.one_of(st.sampled_from(tiles), st.integers(0, 33)))
    return sorted(tiles), draw(st.sampled_from(tiles)), indicator


@pytest.mark.parametrize("options", [{}, {"hui_as_itself": False}, {"shape": "any", "must_open": True}])
@given(win=yingkou_wins(), self_drawn=st.booleans())
def test_yingkou_score_on_paper(options: dict[str, Any], win: tuple[list[int], int, int], self_drawn: bool) -> None:

    tiles, tile, indicator = win
    rs = Yingkou(**options)
    hand = list(tiles)
    hand.remove(tile)
    ctx = ref.paper_context(rs, hand, tile, discarder=None if self_drawn else 1, context={"indicator": indicator})
    assert outcome(rs.score, ctx) == outcome(ref.yk_score, rs, ctx)


@st.composite
def fuzhou_wins(draw: st.DrawFn) -> tuple[list[int], int, int, list[int]]:
    """Five sets and a pair, often of one suit, with 金 among them; the
    winning tile, the 金 and the flowers."""
    one_suit = draw(st.booleans())
    suit = draw(st.integers(0, 2))
    ranks = st.integers(0, 8)
    tiles: list[int] = []
    for _ in range(5):
        s = suit if one_suit else draw(st.integers(0, 2))
        r = draw(ranks)
        tiles += [s * 9 + r + i for i in range(3)] if r < 7 and draw(st.booleans()) else [s * 9 + r] * 3
    s = suit if one_suit else draw(st.integers(0, 2))
    tiles += [s * 9 + draw(ranks)] * 2
    gold = draw(st.one_of(st.sampled_from(tiles), st.integers(0, 26)))
    flowers = draw(st.lists(st.sampled_from(fz.HONOURS + fz.SEASONS + fz.PLANTS), max_size=3))
    return sorted(tiles), draw(st.sampled_from(tiles)), gold, flowers


@given(fuzhou_wins(), st.booleans())
def test_fuzhou_specials_on_paper(win: tuple[list[int], int, int, list[int]], self_drawn: bool) -> None:
    from hypothesis import assume

    from mahjong_core.errors import MahjongError
    from mahjong_core.paper import build_context
    from mahjong_core.tiles import KIND_NAMES

    tiles, tile, gold, flowers = win
    rs = Fuzhou()
    hand = list(tiles)
    hand.remove(tile)
    try:
        ctx = build_context(rs, hand, win_tile=tile, discarder=None if self_drawn else 1, flowers=flowers,
                            context={"gold": KIND_NAMES[gold]})
        readings = rs._readings(ctx)
    except MahjongError:
        assume(False)  # (a fifth copy, or no winning shape)
        return
    assert rs._specials(ctx, readings) == ref.fz_specials(rs, ctx, readings)


def test_harbin_ready_speed_answer_hides_no_declaration() -> None:
    """may_declare_ready's False for an opened hand (may_hold_ready: the
    tiles lack what every legal ready hand holds) hides no declaration:
    the engine's own search over the discards finds none there."""
    from mahjong_core.variants import harbin as hb

    asked: Counter[bool] = Counter()
    tiles_short: Counter[bool] = Counter()  # (refused by may_hold_ready, or by the shanten alone)
    fast = Harbin.may_declare_ready

    class Watched(Harbin):
        def may_declare_ready(self, table: Any, seat: int) -> bool:
            got = fast(self, table, seat)
            melds = table.melds[seat]
            if not got and any(not m.is_concealed for m in melds):
                hand = table.hands[seat]
                assert table._ready_discards(seat, [k for k in range(34) if hand[k]]) == []
                asked[False] += 1
                chow = any(m.kind is hb.MeldKind.CHI for m in melds)
                pung = any(m.kind is not hb.MeldKind.CHI for m in melds)
                tiles_short[not hb.may_hold_ready(hand, melds, chow, pung)] += 1
            else:
                asked[got] += 1
            return got

    rs = Watched()
    for bots, n in (("random", 200), ("greedy", 60)):
        for i in range(n):
            play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
    assert asked[False] > 500 and asked[True] > 500 and tiles_short[True] > 100


@given(st.one_of(st.lists(st.sampled_from([0, 0, 0, 0, 0, 0, 0, 1, 1, 2]), min_size=34, max_size=34),
                 st.lists(st.sampled_from([0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 4]), min_size=34, max_size=34)),
       st.lists(st.sampled_from(_HB_MELDS), max_size=3, unique=True))
def test_harbin_may_hold_ready(counts: list[int], melds: list[str]) -> None:
    """may_hold_ready on any counts against the same rules written out."""
    from mahjong_core.tiles import Meld

    ms = [Meld.parse(m) for m in melds]
    opened = [m for m in ms if not m.is_concealed] or [Meld.parse("chi 123m")]
    for hand in (counts, [n if k < 27 or k == 33 else 0 for k, n in enumerate(counts)]):
        table = SimpleNamespace(melds=[ms + opened], hands=[bytearray(hand)])
        assert Harbin().may_declare_ready(table, 0) == ref.hb_may_declare_ready(None, table, 0)  # type: ignore[arg-type]
        table = SimpleNamespace(melds=[ms], hands=[bytearray(hand)])
        assert Harbin().may_declare_ready(table, 0) == ref.hb_may_declare_ready(None, table, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize(("hand", "melds", "want"), [
    ("234m345p678s22m44p6s", ["chi 678p"], False),  # no 1, 9 or 红中
    ("234m345p678s22m44p6s", ["pon 777z"], True),   # (红中 declared)
    ("123m456m789m1m22m44m", ["chi 234m"], False),  # one suit
    ("123m456m789m1m22m77z", ["pon 444m"], False),  # one suit (红中 is none)
    ("159m159p159s99s55m77z", ["pon 444m"], False),  # no three kinds in a row, no chow declared
    ("159m159p159s99s55m77z", ["chi 678p"], True),   # (a chow declared)
    ("123m456p789s1m45s", ["chi 678p"], False),     # no pung, no two pairs
    ("123m456p789s99m45s", ["chi 678p"], False),    # one pair only
    ("123m456p789s99m44s", ["chi 678p"], True),     # two pairs (对倒)
    ("123m456p789s1m45s", ["pon 444m"], True),      # (a pung declared)
    ("123m456p789s1m45s", ["ankan 5555s"], False),  # not opened
])
def test_harbin_may_hold_ready_rule_by_rule(hand: str, melds: list[str], want: bool) -> None:
    from mahjong_core.tiles import Meld, parse_tiles

    from mahjong_core.variants import harbin as hb

    tiles = parse_tiles(hand)
    counts = bytearray(tiles.count(k) for k in range(34))
    ms = [Meld.parse(m) for m in melds]
    chow = any(m.kind is hb.MeldKind.CHI for m in ms)
    pung = any(m.kind is not hb.MeldKind.CHI for m in ms)
    opened = any(not m.is_concealed for m in ms)
    assert (opened and hb.may_hold_ready(counts, ms, chow, pung)) == (opened and ref.hb_tile_rules(counts, ms)) == want


# --- every shape_free_kinds promise --------------------------------------------


def _promising() -> list[type[Ruleset]]:
    from mahjong_core.registry import available

    return [c for c in available() if c.shape_free_kinds is not Ruleset.shape_free_kinds]


@pytest.mark.parametrize("cls", _promising(), ids=lambda c: c.name)
def test_shape_free_kinds_promises_hold(cls: type[Ruleset]) -> None:
    """``shape_free_kinds`` lets the engine skip ``shape_free_waits`` and
    ``shape_free_win`` for a hand holding another kind (the wild kinds
    aside): asked for every hand here (the promise withdrawn), each such
    hand answers 0 and False."""
    promised = cls.shape_free_kinds
    seen: Counter[str] = Counter()

    def misfit(rs: Ruleset, table: Any, counts: Any) -> bool:
        kinds = promised(rs, table)
        return kinds is not None and any(
            counts[k] for k in range(34) if k not in kinds and k not in table.wild_kinds
        )

    class Asked(cls):  # type: ignore[valid-type,misc]
        def shape_free_kinds(self, table: Any) -> frozenset[int] | None:
            return None

        def shape_free_waits(self, table: Any, seat: int, counts: Any) -> int:
            got = super().shape_free_waits(table, seat, counts)
            if misfit(self, table, counts):
                assert got == 0, (seat, bytes(counts))
                seen["waits"] += 1
            return got

        def shape_free_win(self, table: Any, seat: int, counts: Any) -> bool:
            got = super().shape_free_win(table, seat, counts)
            if misfit(self, table, counts):
                assert not got, (seat, bytes(counts))
                seen["win"] += 1
            return got

    rs = Asked()
    for bots, n in (("random", 120), ("greedy", 30)):
        for i in range(n):
            play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(rs.num_players)], seed=i, dealer=i % rs.num_players)
    assert seen["waits"] > 1000, seen
    # hands of the promised kinds and two other kinds of the wall, most of
    # them shape-free or one tile from it (seeded tables: their wild kinds
    # and melds)
    rng = random.Random(cls.name)
    wall_kinds = sorted({t for t in rs.wall_tiles() if t < 34})
    near = 0
    for i in range(3000):
        table = Table(rs, seed=i % 50)
        kinds = promised(rs, table) or frozenset()
        pool = sorted(kinds) * 4 + rng.sample(wall_kinds, 2)
        counts = bytearray(34)
        for k in rng.sample(pool, min(len(pool), 13)):
            counts[k] = min(4, counts[k] + 1)
        got = rs.shape_free_waits(table, 0, counts)
        near += got != 0
        counts[rng.choice([k for k in wall_kinds if counts[k] < 4])] += 1
        rs.shape_free_win(table, 0, counts)
    assert near > 0, near  # (shape-free waits were reached)
