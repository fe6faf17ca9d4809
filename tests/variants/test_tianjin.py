"""天津麻将 on paper: the nine composite hands of seed 000 p.26 (TJ-E1..E5)
and every sentence of seed 001 through ``score_hand``, the illegal wins,
bad input, the options and the registry.

Expected values are worked by hand from the seeds: 龙 4, 捉伍儿 3 (捉5龙 =
7), ×2 for 混儿吊 / 双混吊 / 没混儿 / 杠开 / 本混儿龙, a plain win 1; each
of the three others pays the 番 (PROPOSALs TJ-V, TJ-P of the module doc).
"""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import pytest
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.tiles import parse_tile, parse_tiles
from mahjong_core.variants import tianjin
from mahjong_core.variants.tianjin import Tianjin, ZhuoWu

TJ = Tianjin()
ROOT = Path(__file__).resolve().parents[2]


def score(hand: str, win: str, *, melds: tuple[str, ...] = (), indicator: str | None = None,
          rs: Tianjin = TJ, winner: int = 1, dealer: int = 0, discarder: int | None = None,
          **context: Any) -> Any:
    ctx = dict(context)
    if indicator is not None:
        ctx["indicator"] = indicator
    return rs.score_hand(hand, win_tile=win, melds=list(melds), winner=winner, dealer=dealer,
                         discarder=discarder, context=ctx)


def each_pays(n: int, winner: int = 1) -> list[int]:
    return [3 * n if s == winner else -n for s in range(4)]


# --- seed 000 p.26: the nine composite hands ------------------------------------------
# 混儿 2m 3m (indicator 2m) lie inside a 万 龙; 混儿 2s 3s (indicator 2s) lie outside it.

COMPOSITES = [
    # name, formula (seed 000), hand, win, melds, indicator, kong replacement, 番
    ("杠开混吊龙", "提溜龙+混吊+杠开", "123456789m3s", "6p", ("kan 5555p",), "2s", True, 16),
    ("本混龙", "提溜龙+本混", "123456789m555p7z", "7z", (), "2m", False, 8),
    ("杠开本混龙", "提溜龙+本混+杠开", "123456789m7z", "7z", ("kan 5555p",), "2m", True, 16),
    ("混吊本混龙", "提溜龙+本混+混吊", "123456789m555p3m", "7z", (), "2m", False, 16),
    ("杠开混吊本混龙", "提溜龙+本混+混吊+杠开", "123456789m3m", "7z", ("ankan 5555p",), "2m", True, 32),
    ("本混捉5龙", "捉5龙+本混", "12346789m555p77z", "5m", (), "2m", False, 14),
    ("杠开本混捉5龙", "捉5龙+本混+杠开", "12346789m77z", "5m", ("kan 5555p",), "2m", True, 28),
    ("双混吊捉5龙", "捉5龙+双混吊", "12346789m555p23s", "5m", (), "2s", False, 14),
    ("双混吊本混捉5龙", "捉5龙+本混+双混吊", "12346789m555p23m", "5m", (), "2m", False, 28),
]


@pytest.mark.parametrize(("name", "formula", "hand", "win", "melds", "indicator", "bloom", "fan"), COMPOSITES,
                         ids=[c[0] for c in COMPOSITES])
def test_seed_000_composite_hands(name: str, formula: str, hand: str, win: str, melds: tuple[str, ...],
                                  indicator: str, bloom: bool, fan: int) -> None:
    extra = {"kong_replacement": True, "meld_sources": ["0" if m.startswith("kan") else "-" for m in melds]} if bloom else {}
    r = score(hand, win, melds=melds, indicator=indicator, **extra)
    assert r.sheet.total == fan and r.sheet.points == fan
    label, rest = r.sheet.notes[0].split(": ")
    assert label == name
    assert rest.startswith(formula.split("+")[0])
    assert set(rest.split(" = ")[0].split("+")) == set(formula.split("+"))
    assert r.sheet.notes[0].endswith(f"= {fan}番")
    assert r.settlement.deltas(4) == each_pays(fan)
    names = set(r.sheet.names())
    assert ("杠开" in names) == bloom
    assert ("本混儿龙" in names) == ("本混" in name)
    assert ("捉伍儿" in names) == ("捉5" in name)
    assert "龙" in names
    if bloom:
        assert "杠分另算" in r.sheet.notes[1]  # the kong is paid on its own: 明杠 adds no factor


def test_e1_kong_points_are_separate() -> None:
    """TJ-E1 "16番（杠分另算）": the win's settlement is the hand alone."""
    r = score("123456789m3s", "6p", melds=("kan 5555p",), indicator="2s", kong_replacement=True)
    assert r.settlement.deltas(4) == [-16, 48, -16, -16]


# --- seed 001: the values, one at a time -----------------------------------------------


def test_plain_win_is_one() -> None:
    # a 混儿 (9s, indicator 8s) stands for 6m: no item of the table applies
    r = score("12345m789p111z3z9s", "3z", indicator="8s", winner=2, dealer=0)
    assert r.sheet.names() == ["平胡"] and r.sheet.total == 1
    assert r.settlement.deltas(4) == [-1, -1, 3, -1]


def test_hun_diao_is_2() -> None:
    # 4 sets + a lone 混儿 (9s): any tile wins; the 3z pairs with the 混儿
    r = score("123m456m789p111z9s", "3z", indicator="8s")
    assert r.sheet.names() == ["平胡", "混儿吊"] and r.sheet.total == 2


def test_no_hun_is_2() -> None:
    r = score("123m456m789p111z3z", "3z", indicator="8s")
    assert r.sheet.names() == ["平胡", "没混儿"] and r.sheet.total == 2
    # without any indicator there are no 混儿 at all: the same
    assert score("123m456m789p111z3z", "3z").sheet.total == 2


def test_zhuo_wu_is_3() -> None:
    # 4-6 waiting 5 (捉伍儿); the 混儿 (9s) makes the pair with the 7z
    r = score("46m123p789p111z7z9s", "5m", indicator="8s")
    assert r.sheet.names() == ["捉伍儿"] and r.sheet.total == 3
    # with no 混儿: 3 × 没混儿 2
    r = score("46m123p789p111z77z", "5m")
    assert r.sheet.names() == ["捉伍儿", "没混儿"] and r.sheet.total == 6


def test_long_is_4() -> None:
    # the 混儿 (9p) stands for a 1z of the pung: a plain 龙
    r = score("123456789s11z7z9p", "7z", indicator="8p")
    assert r.sheet.names() == ["龙"] and r.sheet.total == 4
    assert score("123456789s111z7z", "7z").sheet.total == 8  # 没混儿龙


def test_gang_kai_is_2() -> None:
    # the 混儿 (9s) completes 78p
    r = score("123m456m78p9s7z", "7z", melds=("ankan 1111z",), indicator="8s", kong_replacement=True)
    assert r.sheet.names() == ["平胡", "杠开"] and r.sheet.total == 2
    # an exposed kong (明杠) gives the same factor
    r = score("123m456m78p9s7z", "7z", melds=("kan 1111z",), indicator="8s", kong_replacement=True,
              meld_sources="3")
    assert r.sheet.total == 2


def test_ben_hun_long_doubles_the_long() -> None:
    r = score("123456789m555p7z", "7z", indicator="2m")
    assert r.sheet.names() == ["龙", "本混儿龙"] and r.sheet.total == 8


# --- the readings behind the names ------------------------------------------------------


def test_ben_hun_needs_the_hun_held_as_itself() -> None:
    # 混儿 1m 2m (indicator 1m): two 1m in the 龙, no 2m: one 1m stands for
    # the 2m, so the 混儿 are not all themselves (a plain 龙)
    r = score("113456789m555p7z", "7z", indicator="1m")
    assert r.sheet.names() == ["龙"] and r.sheet.total == 4
    r = score("123456789m555p7z", "7z", indicator="1m")
    assert r.sheet.names() == ["龙", "本混儿龙"] and r.sheet.total == 8


def test_a_long_with_a_hun_standing_for_another_kind_is_no_ben_hun() -> None:
    # 混儿 5p 6p: the 6p stands for the 5m of the 龙 (混儿龙, 4)
    r = score("12346789m6p555s7z", "7z", indicator="5p")
    assert r.sheet.names() == ["龙"] and r.sheet.total == 4


def test_ben_hun_only_with_a_long() -> None:
    # the 混儿 2m 3m used as themselves in a 123m chow, no 龙: no 本混
    r = score("123m456p789s111z7z", "7z", indicator="2m")
    assert r.sheet.names() == ["平胡"] and r.sheet.total == 1


@pytest.mark.parametrize(("hand", "win"), [
    ("34m123p789p111z77z", "5m"),  # 345: two-sided
    ("56m123p789p111z77z", "4m"),  # the 4 of 456: not a 5
    ("123p789p111z678m5m", "5m"),  # the 5 completes the pair (单钓)
    ("123p789p111z67m55s", "5m"),  # 567: two-sided
])
def test_zhuo_wu_is_only_the_middle_5(hand: str, win: str) -> None:
    r = score(hand, win)
    assert "捉伍儿" not in r.sheet.names()


def test_zhuo_wu_reads_the_best_wait() -> None:
    # 4556m + 5m: 456 + 55 (the 5 between 4 and 6) or 55 + 456: the 捉伍儿 reading counts
    assert score("4556m123p789p111z", "5m").sheet.total == 6
    # 4m 6m + 5m, the pair 55p: 捉伍儿 × 没混儿
    r = score("46m55p123s789s111z", "5m")
    assert r.sheet.names() == ["捉伍儿", "没混儿"] and r.sheet.total == 6
    # 4m + a 混儿 (9p) winning 5m: the 混儿 read as 6m (4_6, 捉伍儿 3) beats
    # the 混儿 read as 3m (345m two-sided, 平胡 1): 就高不就低
    r = score("4m9p55s123s789s111z", "5m", indicator="8p")
    assert r.sheet.names() == ["捉伍儿"] and r.sheet.total == 3


def test_zhuo_wu_option_characters_only() -> None:
    rs = Tianjin(zhuo_wu=ZhuoWu.CHARACTERS)
    assert "捉伍儿" not in score("46p55m123s789s111z", "5p", rs=rs).sheet.names()
    assert "捉伍儿" in score("46m55p123s789s111z", "5m", rs=rs).sheet.names()
    assert "捉伍儿" in score("46p55m123s789s111z", "5p").sheet.names()  # default: any suit
    assert Tianjin(zhuo_wu="characters").options.zhuo_wu is ZhuoWu.CHARACTERS


def test_drawing_a_hun_onto_a_single_is_no_hun_diao() -> None:
    # the hand waited on 3z alone (单钓); the drawn 混儿 (9s) pairs with it: a plain win
    r = score("123m456m789p111z3z", "9s", indicator="8s")
    assert r.sheet.names() == ["平胡"] and r.sheet.total == 1


def test_double_hun_diao_is_a_pair_of_two_hun() -> None:
    # 4 sets + a lone 混儿, drawing another 混儿: the pair is two 混儿
    r = score("123m456m789p111z9s", "8s", indicator="8s")
    assert r.sheet.names() == ["平胡", "双混吊"] and r.sheet.total == 2
    # TJ-3: the factor is an option (×4 doubles twice)
    r4 = score("12346789m555p23s", "5m", indicator="2s", rs=Tianjin(double_hun_diao=4))
    assert r4.sheet.total == 28 and r4.sheet.notes[0] == "双混吊捉5龙: 捉5龙+双混吊 = 7*4 = 28番"


def test_the_best_reading_counts() -> None:
    # 123456m 78m + a 混儿 (9s) + 555p + 7z, winning 7z: the 混儿 as 9m makes
    # a 龙 (4); as 6m (678m) a plain win (1): the higher reading counts
    r = score("12345678m555p7z9s", "7z", indicator="8s")
    assert r.sheet.names() == ["龙"] and r.sheet.total == 4
    # 混儿吊 and 龙 in one reading: 123456789m + 555p + a 混儿, winning 7z
    r = score("123456789m555p9s", "7z", indicator="8s")
    assert r.sheet.names() == ["龙", "混儿吊"] and r.sheet.total == 8


# --- the 混儿 ----------------------------------------------------------------------------


@pytest.mark.parametrize(("indicator", "wilds"), [
    ("3m", "34m"), ("9m", "19m"), ("9s", "19s"), ("1z", "12z"), ("4z", "14z"), ("5z", "56z"), ("7z", "57z"),
])
def test_hun_is_the_indicator_kind_and_the_next(indicator: str, wilds: str) -> None:
    """混儿中下滚: the indicator's kind (中) and the next (下), wrapping."""
    assert TJ.wilds_for_indicator(parse_tile(indicator)) == frozenset(parse_tiles(wilds))
    assert TJ.paper_wild_kinds({"indicator": indicator}) == frozenset(parse_tiles(wilds))


def test_wild_kinds_may_be_given_instead_of_the_indicator() -> None:
    a = score("123456789m555p3m", "7z", indicator="2m")
    b = score("123456789m555p3m", "7z", wild_kinds="2m3m")
    assert a.sheet == b.sheet


# --- illegal wins: each names the rule --------------------------------------------------


def test_no_discard_win() -> None:
    """没有炮和."""
    with pytest.raises(IllegalWinError, match="没有炮和"):
        score("123456789m555p3m", "7z", indicator="2m", discarder=0)


def test_no_robbed_kong_unless_the_option() -> None:
    with pytest.raises(IllegalWinError, match="抢杠"):
        score("123m456m789p111z3z", "3z", discarder=2, robbed_kong=True)
    r = score("123m456m789p111z3z", "3z", discarder=2, robbed_kong=True, rs=Tianjin(rob_kong=True))
    assert r.sheet.total == 2  # 平胡 × 没混儿
    assert r.settlement.deltas(4) == [0, 6, -6, 0]  # the robbed seat pays for all three


def test_no_chow() -> None:
    """不许吃."""
    with pytest.raises(IllegalWinError, match="不许吃"):
        score("456m789p111z3z", "3z", melds=("chi 123m",), meld_sources="0")


@pytest.mark.parametrize(("hand", "win", "rule"), [
    ("1122m3344p5566s7z", "7z", "七对"),
    ("19m19p19s1234567z", "1z", "十三幺"),
])
def test_no_seven_pairs_no_thirteen_orphans(hand: str, win: str, rule: str) -> None:
    """没有七对、十三幺等."""
    with pytest.raises(IllegalWinError, match=rule):
        score(hand, win)


def test_not_a_winning_hand() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        score("123m456m789p1357z", "2z")


# --- bad input ------------------------------------------------------------------------


def test_hun_are_never_melded() -> None:
    with pytest.raises(InvalidHandError, match="never punged or konged"):
        score("123m456m789p3z", "3z", melds=("pon 222m",), indicator="2m", meld_sources="0")


def test_the_indicator_is_out_of_play() -> None:
    # four 2m with the 2m turned up: only three are left in play
    with pytest.raises(InvalidHandError, match="out of play"):
        score("2222m456m789p111z", "3z", indicator="2m")


@pytest.mark.parametrize("value", ["xx", "1f", 99])
def test_a_bad_indicator(value: Any) -> None:
    with pytest.raises(MahjongError, match="indicator"):
        score("123m456m789p111z3z", "3z", indicator=value)


def test_a_wrong_size_and_an_unknown_key() -> None:
    with pytest.raises(InvalidHandError, match="14 tiles"):
        score("123m456m789p111z", "3z")
    with pytest.raises(MahjongError, match="unknown context key"):
        score("123m456m789p111z3z", "3z", birds="1m")


@pytest.mark.parametrize(("kw", "match"), [
    ({"base": 0}, "base"), ({"base": True}, "base"), ({"double_hun_diao": "2"}, "double_hun_diao"),
    ({"dealer_factor": 0}, "dealer_factor"), ({"exposed_kong": -1}, "exposed_kong"),
    ({"rob_kong": 1}, "rob_kong"), ({"dealer_stays_on_draw": "no"}, "dealer_stays_on_draw"),
    ({"zhuo_wu": "bamboo"}, "zhuo_wu"), ({"nope": 1}, "unknown option"),
])
def test_bad_options(kw: dict[str, Any], match: str) -> None:
    with pytest.raises(MahjongError, match=match):
        Tianjin(**kw)


# --- options, payments ----------------------------------------------------------------


def test_base_and_dealer_factor() -> None:
    r = score("123456789m555p3m", "7z", indicator="2m", rs=Tianjin(base=2))
    assert r.sheet.points == 32 and r.settlement.deltas(4) == each_pays(32)
    # the dealer (seat 0) pays double to a non-dealer winner
    r = score("123456789m555p3m", "7z", indicator="2m", rs=Tianjin(dealer_factor=2))
    assert r.settlement.deltas(4) == [-32, 64, -16, -16]
    # the dealer wins double from each
    r = score("123456789m555p3m", "7z", indicator="2m", rs=Tianjin(dealer_factor=2), winner=0)
    assert r.settlement.deltas(4) == [96, -32, -32, -32]


def test_plain_win_option() -> None:
    assert score("123m456m789p111z8p", "3z", indicator="8p", rs=Tianjin(plain_win=2)).sheet.total == 4


def test_options_round_trip_and_describe() -> None:
    rs = Tianjin(zhuo_wu=ZhuoWu.CHARACTERS, rob_kong=True, hun_discard=False, base=3)
    assert Tianjin.from_options_json(rs.options_json()).options == rs.options
    assert rs.rob_kong is True and rs.wild_discard is False
    assert TJ.rob_kong is False and TJ.wild_discard is True
    d = Tianjin.describe()
    assert d["wall_tiles"] == 136 and d["hand_size"] == 13 and "混儿" in d["wild_tiles"]


@pytest.mark.parametrize("name", ["tianjin", "tianjin-v1", "天津", "天津麻将", "混儿", "TIANJIN"])
def test_registry_names(name: str) -> None:
    assert find_variant(name) is Tianjin


def test_rules_metadata() -> None:
    assert TJ.allow_chow is False and TJ.allow_pung and TJ.allow_kong and TJ.wild_indicator
    assert TJ.flower_tiles == () and len(TJ.wall_tiles()) == 136


def test_docstring_and_page_examples() -> None:
    assert doctest.testmod(tianjin).failed == 0
    page = doctest.testfile(str(ROOT / "docs" / "variants" / "tianjin.md"), module_relative=False)
    assert page.failed == 0 and page.attempted >= 2


# --- 天胡, 地胡, 连庄 on paper (PROPOSALs TJ-T, TJ-L) ------------------------------


def test_tianhu_and_dihu_on_paper() -> None:
    # the dealer's dealt hand: 龙 × 没混儿 × 天胡 = 4 × 2 × 4
    r = TJ.score_hand("123m456m789m234p5z", win_tile="5z", winner=0, dealer=0, context={"first_turn": True})
    assert r.sheet.names() == ["龙", "没混儿", "天胡"] and r.sheet.total == 32
    assert r.settlement.deltas(4) == [96, -32, -32, -32]
    # a non-dealer's first draw: 地胡 × 2
    r = TJ.score_hand("123m456m789m234p5z", win_tile="5z", winner=1, dealer=0, context={"first_turn": True})
    assert r.sheet.names() == ["龙", "没混儿", "地胡"] and r.sheet.total == 16
    # options: other factors, or none
    r = Tianjin(tianhu=8, dihu=1).score_hand("123m456m789m234p5z", win_tile="5z", winner=0, context={"first_turn": True})
    assert r.sheet.total == 64
    r = Tianjin(tianhu=8, dihu=1).score_hand("123m456m789m234p5z", win_tile="5z", winner=2, context={"first_turn": True})
    assert r.sheet.names() == ["龙", "没混儿"] and r.sheet.total == 8


def test_lianzhuang_on_paper() -> None:
    # the dealer wins on its 3rd hand in a row: each pays 8 + 2
    r = TJ.score_hand("123m456m789m234p5z", win_tile="5z", winner=0, context={"streak": 2})
    assert r.settlement.deltas(4) == [30, -10, -10, -10]
    # a 闲 wins: only the dealer pays the streak
    r = TJ.score_hand("123m456m789m234p5z", win_tile="5z", winner=2, context={"streak": 2})
    assert r.settlement.deltas(4) == [-10, -8, 26, -8]
    r = Tianjin(streak_points=2, base=3).score_hand("123m456m789m234p5z", win_tile="5z", winner=2,
                                                   context={"streak": "2"})
    assert r.settlement.deltas(4) == [-36, -24, 84, -24]  # 8 × 3, the dealer + 2 × 2 × 3


@pytest.mark.parametrize("bad", [-1, "x", 1.5, True])
def test_bad_streak_and_options(bad: Any) -> None:
    with pytest.raises(MahjongError, match="context streak"):
        TJ.score_hand("123m456m789m234p5z", win_tile="5z", winner=0, context={"streak": bad})


@pytest.mark.parametrize(("name", "value"), [("tianhu", 0), ("dihu", "2"), ("streak_points", -1)])
def test_bad_opening_options(name: str, value: Any) -> None:
    with pytest.raises(MahjongError, match=f"option {name}"):
        Tianjin(**{name: value})
