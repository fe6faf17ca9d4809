"""武汉 红中赖子杠 on paper (``score_hand``): the 赖子 after the indicator,
开口, 红中 in the hand, the two-赖子 limit on 屁胡, the eight 大胡 of the
seed, payments (doubling per 红中杠/赖子杠, self-draw, 抢杠 包), options
and bad input."""

from __future__ import annotations

import doctest
from typing import Any
from pathlib import Path

import pytest
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.tiles import KIND_NAMES, parse_tile
from mahjong_core.variants.wuhan import DealerRule, DiscardPays, Doubling, Wuhan, next_laizi

WH = Wuhan()
IND = {"indicator": "4s"}  # 5s is the 赖子
PON = ["pon 777s"]


def score(hand: str, win: str, *, melds: list[str] | None = None, discarder: int | None = 3, winner: int = 1,
          flowers: str = "", rs: Wuhan = WH, **context: object):
    return rs.score_hand(hand, win_tile=win, melds=PON if melds is None else melds, winner=winner,
                         discarder=discarder, flowers=flowers, context={**IND, **context})


@pytest.mark.parametrize("indicator,laizi", [
    ("2p", "3p"), ("9m", "1m"), ("9s", "1s"), ("1z", "2z"), ("4z", "1z"),
    ("7z", "6z"), ("6z", "5z"), ("5z", "6z"),  # 红中 is never the 赖子
])
def test_the_laizi_is_the_next_tile_and_never_red(indicator: str, laizi: str) -> None:
    assert KIND_NAMES[next_laizi(parse_tile(indicator))] == laizi
    assert all(next_laizi(k) != 33 for k in range(34))


def test_pihu_needs_an_opening() -> None:
    # "不开口不能胡"
    r = score("123m456m78p11z", "9p")
    assert r.sheet.names() == ["屁胡"] and r.sheet.points == 1 and r.settlement.deltas(4) == [0, 1, 0, -1]
    with pytest.raises(IllegalWinError, match="不开口不能胡"):
        score("123m456m78p11z777s", "9p", melds=[])
    # a concealed kong does not open the hand, unless the option says so
    with pytest.raises(IllegalWinError, match="不开口不能胡"):
        score("123m456m78p11z", "9p", melds=["ankan 7777s"])
    assert Wuhan(concealed_kong_opens=True).score_hand(
        "123m456m78p11z", win_tile="9p", melds=["ankan 7777s"], winner=1, discarder=3, context=IND
    ).sheet.names() == ["屁胡"]
    # a chow opens it too ("开口即碰，吃，杠")
    assert score("123m456m78p11z", "9p", melds=["chi 789s"]).sheet.names() == ["屁胡"]
    assert score("123m456m78p11z", "9p", melds=["kan 7777s"]).sheet.names() == ["屁胡"]


def test_no_win_with_red_in_the_hand() -> None:
    # "红中留在手上不能胡"
    with pytest.raises(IllegalWinError, match="红中留在手上不能胡"):
        score("123m456m78p7z7z", "9p")
    # laid out (a 红中杠, with the flowers) it is fine
    assert score("123m456m78p11z", "9p", flowers="7z").sheet.names() == ["屁胡"]


def test_two_laizi_no_pihu() -> None:
    # "两个癞子胡屁胡不能胡": 5s 5s held, a 屁胡
    assert score("5s23m456m78p11z", "9p").context.wilds == 1
    with pytest.raises(IllegalWinError, match="两个癞子胡屁胡不能胡"):
        score("5s5s3m456m78p11z", "9p")
    # the winning tile counts: a self-drawn second 赖子
    with pytest.raises(IllegalWinError, match="两个癞子胡屁胡不能胡"):
        score("5s3m456m78p9p11z", "5s", discarder=None)
    # a big hand may hold them: 清一色 with two 赖子
    r = score("5s5s3m456m789m1m", "2m", melds=["pon 999m"])
    assert r.sheet.names() == ["清一色"]
    assert Wuhan(pihu_max_laizi=2).score_hand("5s5s3m456m78p11z", win_tile="9p", melds=PON, winner=1,
                                              discarder=3, context=IND).sheet.names() == ["屁胡"]


@pytest.mark.parametrize("hand,win,melds,context,names", [
    # 碰碰胡 "手上的牌都是3个一样的，最终剩一个对子"
    ("222m888m55p9p9p", "5p", None, {}, ["碰碰胡"]),
    # 将一色 "凑足全部牌是将就OK": every tile 2, 5 or 8, no shape needed
    ("2m5m8m2p5p8p2s8s2s8s", "5p", ["pon 222p"], {}, ["将一色"]),
    # 清一色 "可以吃碰，可以留对子、坎子，将是乱将": any pair
    ("123m456m789m1m", "1m", ["chi 234m"], {}, ["清一色"]),
    # 风一色 "凑足全部牌是风就OK": any honours, no shape
    ("1z2z3z4z5z6z2z3z4z5z", "6z", ["pon 111z"], {}, ["风一色"]),
    # 全求人 "全部牌吃碰倒地，最终一张将也是别个冲的"
    ("9p", "9p", ["pon 777s", "chi 123m", "pon 444p", "chi 789m"], {}, ["全求人"]),
    # 海底捞 "只剩最终四张牌，起到胡牌的张子"
    ("123m456m78p11z", "9p", None, {"last_four": True}, ["海底捞"]),
    # 杠开 "红中、癞子、四张杠上开花"
    ("123m456m78p11z", "9p", None, {"kong_replacement": True}, ["杠开"]),
    # 杠开 on the replacement of a 红中 laid out at once (red_at_once)
    ("123m456m78p11z", "9p", None, {"red_replacement": True}, ["杠开"]),
    # 抢杠
    ("123m456m78p11z", "9p", None, {"robbed_kong": True}, ["抢杠"]),
    # big hands add up: 碰碰胡 + 清一色
    ("222m888m55m9m9m", "5m", ["pon 777m"], {}, ["碰碰胡", "清一色"]),
])
def test_the_big_hands(hand: str, win: str, melds: list[str] | None, context: dict[str, object],
                       names: list[str]) -> None:
    discarder = None if context.get("last_four") or context.get("kong_replacement") or context.get("red_replacement") else 3
    r = score(hand, win, melds=melds, discarder=discarder, **context)
    assert r.sheet.names() == names
    assert r.sheet.points == 10 * len(names)


def test_last_four_is_self_drawn_only() -> None:
    assert score("123m456m78p11z", "9p", last_four=True).sheet.names() == ["屁胡"]


def test_not_a_win() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        score("123m456m78p12z", "9p")
    # a shape-free hand needs the full count of tiles (it is checked on paper too)
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        score("1z2z3z4z5z6z2z3z4z5z", "7s", melds=["pon 111z"])


# --- payments -----------------------------------------------------------------------


def test_payments_double_per_laid_out_red_and_laizi() -> None:
    # a discard: the discarder pays; its two 红中杠 and one 赖子杠 double it three times
    r = score("123m456m78p11z", "9p", laid_out=[0, 1, 0, 3])
    assert r.settlement.deltas(4) == [0, 8, 0, -8]
    # the winner's own do not (Doubling.PAYER), unless Doubling.BOTH
    both = Wuhan(doubling=Doubling.BOTH)
    assert score("123m456m78p11z", "9p", rs=both, laid_out=[0, 1, 0, 3]).settlement.deltas(4) == [0, 16, 0, -16]
    # a self-draw: the three pay, each doubled for the self-draw and its own kongs
    r = score("123m456m78p11z", "9p", discarder=None, laid_out=[1, 0, 0, 2])
    assert r.settlement.deltas(4) == [-4, 14, -2, -8]
    # without laid_out the winner's flowers count for the winner, the others' 0
    r = score("123m456m78p11z", "9p", flowers="7z5s", discarder=None)
    assert r.settlement.deltas(4) == [-2, 6, -2, -2]
    assert score("123m456m78p11z", "9p", discarder=None, rs=Wuhan(self_draw_double=False)).settlement.deltas(4) == \
        [-1, 3, -1, -1]


def test_robbed_kong_pays_for_everyone() -> None:
    # "他就要包了": the robbed seat pays the three shares
    r = score("123m456m78p11z", "9p", robbed_kong=True, laid_out=[1, 0, 0, 0])
    assert r.sheet.names() == ["抢杠"]
    assert r.settlement.deltas(4) == [0, 40, 0, -40]  # 20 (E's 红中杠) + 10 + 10


def test_cap_and_discard_pays_all() -> None:
    r = score("222m888m55m9m9m", "5m", melds=["pon 777m"], rs=Wuhan(cap=30), laid_out=[0, 0, 0, 2])
    assert r.sheet.points == 20 and r.settlement.deltas(4) == [0, 30, 0, -30]
    r = score("123m456m78p11z", "9p", rs=Wuhan(discard_pays=DiscardPays.ALL, pihu=2))
    assert r.settlement.deltas(4) == [-2, 6, -2, -2]


# --- the rule set ---------------------------------------------------------------------


def test_identity_and_options() -> None:
    assert find_variant("wuhan") is Wuhan and find_variant("武汉") is Wuhan and find_variant("红中赖子杠") is Wuhan
    assert WH.id == "wuhan-v1" and WH.zh == "武汉" and WH.allow_chow and len(WH.wall_tiles()) == 136
    assert Wuhan(dealer_rule="next").options.dealer_rule is DealerRule.NEXT
    assert Wuhan.from_options_json(Wuhan(red_at_once=True, doubling="both").options_json()).options == \
        Wuhan(red_at_once=True, doubling=Doubling.BOTH).options


@pytest.mark.parametrize("kwargs,match", [
    ({"nope": 1}, "unknown option"),
    ({"big_hand": -1}, "big_hand must be a whole number"),
    ({"red_at_once": 1}, "red_at_once must be True or False"),
    ({"doubling": "all"}, "doubling 'all' is not one of"),
])
def test_bad_options(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(MahjongError, match=match):
        Wuhan(**kwargs)


@pytest.mark.parametrize("context,match", [
    ({"indicator": "q"}, "context indicator 'q' is not a tile"),
    ({"indicator": "3f"}, "no flowers in 武汉"),
    ({"laid_out": [1, 2]}, "laid_out"),
    ({"laid_out": "abcd"}, "laid_out"),
    ({"dice": 1}, "unknown context key 'dice'"),
])
def test_bad_context(context: dict[str, object], match: str) -> None:
    with pytest.raises(MahjongError, match=match):
        score("123m456m78p11z", "9p", **context)


def test_flowers_are_laid_out_red_and_laizi_only() -> None:
    with pytest.raises(InvalidHandError, match="flowers: '1z' is not a flower"):
        score("123m456m78p11z", "9p", flowers="1z")


def test_the_docs_page_and_docstrings_run() -> None:
    import mahjong_core.variants.wuhan as module

    page = Path(__file__).resolve().parents[2] / "docs" / "variants" / "wuhan.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.attempted >= 2 and result.failed == 0
    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0


@pytest.mark.parametrize("red_at_once", [True, False])
def test_shape_free_fit_and_single_kongs_match_the_plain_definitions(red_at_once: bool) -> None:
    """_shape_free (one bit per shape-free hand, stopping at the first kind
    that fits none) and the cached single_kong_kinds answer as the plain
    set versions do, on random hands rich in 2-5-8s, honours and 赖子."""
    import random

    from mahjong_core.engine import Table
    from mahjong_core.tiles import Meld, MeldKind
    from mahjong_core.variants.wuhan import _SHAPE_FREE, RED

    rs = Wuhan(red_at_once=red_at_once)
    hits = 0
    for seed in range(40):
        t = Table(rs, seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            pool = sorted({1, 4, 7, 10, 13, 16, 19, 22, 25, *range(27, 34), *t.wild_kinds})
            if rng.random() < 0.3:
                pool = list(range(34))
            c = bytearray(34)
            for _ in range(rng.randint(1, 13)):
                k = rng.choice(pool)
                c[k] = min(4, c[k] + 1)
            t.melds[0] = [Meld(MeldKind.PON, (k, k, k)) for k in rng.sample(pool, rng.randint(0, 2))]
            kinds = {k for k in range(34) if c[k] and k not in t.wild_kinds}
            for m in t.melds[0]:
                kinds.update(m.tiles)
            want = next((allowed for allowed in _SHAPE_FREE.values() if kinds <= allowed), None)
            assert rs._shape_free(t, 0, c) == want
            hits += want is not None
        assert rs.single_kong_kinds(t, 0) == (t.wild_kinds if red_at_once else t.wild_kinds | {RED})
    assert hits > 50


def _wuhan_paper_contexts(n: int) -> list[object]:
    """Random winning hands on paper: one suit, 2-5-8s, honours or mixed,
    declared melds and 赖子 (the indicator 4p: 5p is the 赖子)."""
    import random

    from mahjong_core.paper import build_context

    rng = random.Random(11)
    out: list[object] = []
    while len(out) < n:
        suit = rng.choice([0, 9, 18])
        pool = rng.choice([list(range(33)), list(range(suit, suit + 9)), [1, 4, 7, 10, 13, 16, 19, 22, 25],
                           list(range(27, 33)), [*range(suit, suit + 9), 27, 28]])
        sets: list[list[int]] = []
        for _ in range(4):
            k = rng.choice(pool)
            sets.append([k] * 3 if k >= 27 or k % 9 > 6 or rng.random() < 0.5 else [k, k + 1, k + 2])
        pair = [rng.choice(pool)] * 2
        tiles = [k for s in sets for k in s] + pair
        if max(tiles.count(k) for k in set(tiles)) > 4:
            continue
        declared = rng.randint(0, 4)
        melds = [("pon " if s[0] == s[1] else "chi ") + "".join(KIND_NAMES[k] for k in s) for s in sets[:declared]]
        hand = [k for s in sets[declared:] for k in s] + pair
        for _ in range(rng.choice([0, 1, 2, 2, 3])):
            hand[rng.randrange(len(hand))] = 13  # 5p, the 赖子
        win = hand.pop(rng.randrange(len(hand)))
        context: dict[str, object] = {"indicator": "4p"}
        if rng.random() < 0.1:
            context["last_four"] = True
        try:
            out.append(build_context(Wuhan(), hand, win_tile=win, melds=melds, winner=1,
                                     discarder=None if rng.random() < 0.4 else 2, context=context))
        except MahjongError:
            continue
    return out


def test_refuses_win_refuses_only_what_win_problem_refuses() -> None:
    """refuses_win (asked by the engine before scoring) refuses only the
    contexts win_problem refuses after scoring (and never one score would
    reject), under several option sets, on game and paper contexts."""
    from mahjong_core.bots import GreedyBot, RandomBot, play_hand

    seen: list[object] = []

    class Recording(Wuhan):
        def refuses_win(self, ctx: Any) -> bool:
            seen.append(ctx)
            return False

    rec = Recording()
    for seed in range(40):
        bots = [GreedyBot() for _ in range(4)] if seed % 4 else [RandomBot(seed * 4 + s) for s in range(4)]
        play_hand(rec, bots, seed=seed, dealer=seed % 4)
    contexts = seen + _wuhan_paper_contexts(600)
    refused = by_bound = 0
    for opts in ({}, {"pihu_max_laizi": 0}, {"pihu_max_laizi": 2, "concealed_kong_opens": True},
                 {"red_at_once": False}):
        rs = Wuhan(**opts)  # type: ignore[arg-type]
        for ctx in contexts:
            try:
                sheet = rs.score(ctx)  # type: ignore[arg-type]
            except IllegalWinError:
                continue
            if rs.refuses_win(ctx):  # type: ignore[arg-type]
                refused += 1
                problem = rs.win_problem(ctx, sheet)  # type: ignore[arg-type]
                assert problem is not None, ctx
                by_bound += problem.startswith("两个癞子")
    assert len(seen) > 60 and refused > 300 and by_bound > 100
