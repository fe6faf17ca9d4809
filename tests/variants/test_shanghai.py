"""上海麻将 on paper: every worked example of variants-regional §1.12 through
``score_hand`` (sheet and payments; SH-5 and SH-6 need a table and are in
test_shanghai_scenarios.py, SH-6 also here through ``next_dealer``), the
seven hand types of §1.7 and the illegal wins, the 花 of §1.9.1, the caps,
the multipliers, 承包, and every option of §1.11's gaps."""

from __future__ import annotations

import doctest
from typing import Any

import pytest
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.paper import build_context
from mahjong_core.registry import find_variant
from mahjong_core.rules import HandScore
from mahjong_core.variants import shanghai
from mahjong_core.variants.shanghai import (
    ChengbaoCount,
    KaiBao,
    KongWinValue,
    Shanghai,
    chengbao_seats,
    flower_count,
    kaibao,
    wall_break,
)

E, S, W, N = 0, 1, 2, 3
SH = Shanghai()
L = SH.options.lezi  # points of 1 勒子


def deltas(r: HandScore) -> list[int]:
    return r.settlement.deltas(4)


# --- names and metadata ----------------------------------------------------


@pytest.mark.parametrize("name", ["shanghai", "上海", "上海麻将", "SHANGHAI", "shanghai-v1", "上海敲麻"])
def test_find_variant(name: str) -> None:
    assert find_variant(name) is Shanghai


def test_tiles_and_metadata() -> None:
    wall = SH.wall_tiles()
    assert len(wall) == 144  # 36 × 3 + 28 + 8
    assert sorted(set(wall)) == list(range(42))
    assert all(wall.count(f) == 1 for f in range(34, 42)) and all(wall.count(k) == 4 for k in range(34))
    assert SH.hand_size == 13 and SH.num_players == 4 and SH.wild_tiles == ""
    assert SH.allow_chow and SH.allow_pung and SH.allow_kong and SH.multiple_winners and SH.rob_kong
    assert SH.missed_win_ban and SH.missed_win_same_tile_only and SH.dead_wall == 0


def test_module_doctests() -> None:
    assert doctest.testmod(shanghai, raise_on_error=False).failed == 0


# --- worked examples §1.12 -------------------------------------------------


def test_sh1_full_flush_on_ron() -> None:
    r = SH.score_hand("123m234m456m789m9m", win_tile="9m", winner=S, discarder=W)
    assert r.sheet.names() == ["清一色"] and r.sheet.points == L
    assert deltas(r) == [0, L, -L, 0]  # W pays 1 勒子, E and N nothing
    kb = SH.score_hand("123m234m456m789m9m", win_tile="9m", winner=S, discarder=W, context={"dice": "3,3"})
    assert "开宝" in kb.sheet.names() and deltas(kb) == [0, 2 * L, -2 * L, 0]


def test_sh2_all_honour_pungs_with_huangfan() -> None:
    r = SH.score_hand("111z222z555z777z3z", win_tile="3z", winner=N, context={"huangfan": 1})
    assert r.sheet.names() == ["风碰", "荒番"] and r.sheet.points == 8 * L
    assert deltas(r) == [-8 * L, -8 * L, -8 * L, 24 * L]
    # the flowers of the hand (东 1 + 南 1 + 白 2 + 中 2) do not count in a fixed hand
    assert any("花 6" in n for n in r.sheet.notes)


def test_sh3_full_flush_pungs_with_kaibao() -> None:
    r = SH.score_hand("111p333p555p777p9p", win_tile="9p", winner=S, discarder=E, context={"dice": "41"})
    assert r.sheet.names() == ["清碰", "开宝"] and r.sheet.points == 4 * L
    assert deltas(r) == [-4 * L, 4 * L, 0, 0]


def test_sh4_robbing_an_added_kong_with_chengbao() -> None:
    r = SH.score_hand("123p456p111p22p78p", win_tile="9p", winner=W, discarder=N, context={"robbed_kong": True})
    assert r.sheet.names() == ["清一色"]
    assert deltas(r) == [0, 0, 3 * L, -3 * L]  # the konger pays the 3 shares of a self-draw
    r = SH.score_hand("123p456p111p22p78p", win_tile="9p", winner=W, discarder=N,
                      context={"robbed_kong": True, "chengbao": "0"})
    assert deltas(r) == [-3 * L, 0, 6 * L, -3 * L]  # E, in 承包 with W, also pays 3 shares


def test_sh6_next_dealer_after_multiple_ron() -> None:
    class T:  # the two fields next_dealer reads
        def __init__(self, winners: list[int], dealer: int = 0) -> None:
            self.winners, self.dealer = winners, dealer

    assert SH.next_dealer(T([W, N])) == N  # type: ignore[arg-type]  # S discarded: W nearest, its 下家 N deals
    assert SH.next_dealer(T([E])) == E  # type: ignore[arg-type]
    assert SH.next_dealer(T([S], dealer=W)) == S  # type: ignore[arg-type]  # the winner deals: no rotation
    assert SH.next_dealer(T([], dealer=W)) == W  # type: ignore[arg-type]  # a draw keeps the dealer


def test_sh7_flower_count() -> None:
    melds = ["ankan 5555m", "kan 1111z", "pon 777z"]
    ctx = build_context(SH, "444z9p", win_tile="9p", flowers="1f5f", melds=melds, discarder=W)
    from mahjong_core import patterns as v

    n, parts = flower_count(ctx, v.readings(ctx)[0])
    assert n == 9 and len(parts) == 5  # 2 flowers + 暗杠 2 + 东 明杠 2 + 中 碰 2 + 北 刻 1
    r = SH.score_hand("444z9p", win_tile="9p", flowers="1f5f", melds=melds, discarder=W)
    assert r.sheet.names().count("花") == 9 and "碰碰胡" in r.sheet.names()
    # (2 底花 + 9) × 2 = 22 > 1 勒子: capped
    assert r.sheet.points == L and deltas(r) == [L, 0, -L, 0]
    assert flower_count(ctx, v.readings(ctx)[0], concealed_pungs=False)[0] == 8


# --- the flower table §1.9.1 -------------------------------------------------


@pytest.mark.parametrize("meld,flowers", [
    ("pon 555m", 0), ("kan 5555m", 1), ("kakan 5555m", 1), ("ankan 5555m", 2),
    ("pon 222z", 1), ("kan 2222z", 2), ("ankan 2222z", 3),
    ("pon 666z", 2), ("kan 6666z", 3), ("ankan 6666z", 4),
])
def test_flowers_of_each_meld(meld: str, flowers: int) -> None:
    # a 碰碰胡 of mixed suits: (2 + 花) × 2, the other sets giving no 花
    r = SH.score_hand("111p999s333m4s", win_tile="4s", melds=[meld], discarder=W)
    assert r.sheet.names().count("花") == flowers
    assert r.sheet.points == min((2 + flowers) * 2, L)


def test_flower_tiles_count_one_each() -> None:
    r = SH.score_hand("111p999s333m555m4s", win_tile="4s", flowers="1f2f3f", discarder=W)
    assert r.sheet.names().count("花") == 3 and r.sheet.points == (2 + 3) * 2


# --- the seven types §1.7 and illegal wins -----------------------------------


@pytest.mark.parametrize("hand,win,melds,name,lezi", [
    ("111z222z555z777z3z", "3z", [], "风碰", 4),
    ("1234567z123456z", "7z", [], "风一色", 2),  # 乱风向: any fourteen honours
    ("111s333s555s777s9s", "9s", [], "清碰", 2),
    ("123s345s567s789s9s", "9s", [], "清一色", 1),
    ("111s333s555s2z", "2z", ["pon 777s"], "混碰", 1),
])
def test_fixed_hands(hand: str, win: str, melds: list[str], name: str, lezi: int) -> None:
    r = SH.score_hand(hand, win_tile=win, melds=melds, discarder=W)
    assert r.sheet.names()[0] == name and r.sheet.points == lezi * L
    assert r.sheet.items[0].value == lezi  # the hand's 勒子, not only its cap


@pytest.mark.parametrize("hand,win,name", [
    ("123m456m789m111m4z", "4z", "混一色"),
    ("111m222p333s99s44z", "4z", "碰碰胡"),
])
def test_doubling_hands(hand: str, win: str, name: str) -> None:
    r = SH.score_hand(hand, win_tile=win, discarder=W)
    assert name in r.sheet.names() and "底花" in r.sheet.names()
    assert r.sheet.points < L


def test_the_best_reading_counts() -> None:
    # 111222333m + 444m 5m: chows (清一色 1 勒子) or pungs (清碰 2 勒子): 清碰
    r = SH.score_hand("1112223334445m", win_tile="5m", discarder=W)
    assert r.sheet.names() == ["清碰"] and r.sheet.points == 2 * L


@pytest.mark.parametrize("hand,win,melds", [
    ("123m456p789s111z2z", "2z", []),  # a plain hand of three suits
    ("123m456m789m111p2p", "2p", []),  # two suits with a chow
    ("2344m", "4m", ["chi 123p", "pon 555p", "pon 777s"]),
])
def test_a_hand_of_none_of_the_seven_types_may_not_win(hand: str, win: str, melds: list[str]) -> None:
    with pytest.raises(IllegalWinError, match="胡牌只能胡碰碰胡"):
        SH.score_hand(hand, win_tile=win, melds=melds, discarder=W)


def test_seven_pairs_and_thirteen_orphans_are_no_win() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        SH.score_hand("1133557799m11s2s", win_tile="2s", discarder=W)
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        SH.score_hand("19m19p19s1234567z", win_tile="1m", discarder=W)


def test_seven_pairs_of_honours_is_a_jumble_win() -> None:
    r = SH.score_hand("1122334455667z", win_tile="7z", discarder=W)
    assert r.sheet.names() == ["风一色"]


def test_bad_input_is_a_typed_error() -> None:
    with pytest.raises(InvalidHandError):
        SH.score_hand("123m", win_tile="4m")
    with pytest.raises(MahjongError, match="dice"):
        SH.score_hand("123m234m456m789m9m", win_tile="9m", discarder=W, context={"dice": "7,1"})
    with pytest.raises(MahjongError, match="chengbao"):
        SH.score_hand("123m234m456m789m9m", win_tile="9m", winner=S, discarder=W, context={"chengbao": "1"})
    with pytest.raises(MahjongError, match="unknown context key"):
        SH.score_hand("123m234m456m789m9m", win_tile="9m", discarder=W, context={"birds": "1m"})


# --- 八花齐 -----------------------------------------------------------------


def test_all_eight_flowers() -> None:
    r = SH.score_hand("123m456p789s111z2z", win_tile="3z", winner=S, flowers="1f2f3f4f5f6f7f8f",
                      context={"instant": "八花齐"})
    assert r.sheet.names() == ["八花齐"] and r.sheet.points == 2 * L
    assert deltas(r) == [-2 * L, 6 * L, -2 * L, -2 * L]
    with pytest.raises(IllegalWinError, match="all eight flowers"):
        SH.score_hand("123m456p789s111z2z", win_tile="3z", winner=S, flowers="1f2f3f4f5f6f7f",
                      context={"instant": "八花齐"})


def test_all_eight_flowers_with_a_better_hand_scores_the_hand() -> None:
    # "其他胡法照算": a 风碰 held with the eight flowers counts 4 勒子
    r = SH.score_hand("111z222z555z777z3z", win_tile="3z", winner=S, flowers="1f2f3f4f5f6f7f8f",
                      context={"instant": "八花齐"})
    assert r.sheet.names() == ["风碰"] and r.sheet.points == 4 * L


# --- caps and floors §1.9.2 ---------------------------------------------------


def test_gangkai_raises_a_hand_below_one_lezi() -> None:
    r = SH.score_hand("123m456m789m111m4z", win_tile="4z", context={"kong_replacement": True})
    assert "杠开" in r.sheet.names() and r.sheet.points == L
    assert deltas(r) == [3 * L, -L, -L, -L]
    plain = SH.score_hand("123m456m789m111m4z", win_tile="4z")
    assert plain.sheet.points == (2 + 0) * 2  # the 44z pair gives no 花


def test_gangkai_keeps_a_higher_hand() -> None:
    r = SH.score_hand("111s333s555s777s9s", win_tile="9s", context={"kong_replacement": True})
    assert r.sheet.points == 2 * L  # 清碰 stays 2 勒子 (rule 5, G4)
    flat = Shanghai(kong_win_value=KongWinValue.ONE_LEZI)
    r = flat.score_hand("111s333s555s777s9s", win_tile="9s", context={"kong_replacement": True})
    assert r.sheet.points == L


def test_big_single_wait() -> None:
    melds = ["chi 123m", "pon 555m", "kan 6666m", "pon 111z"]
    r = SH.score_hand("4z", win_tile="4z", melds=melds, discarder=W)
    assert "大吊车" in r.sheet.names() and "混一色" in r.sheet.names() and r.sheet.points == L
    # a concealed kong is set down too ("吃碰杠下")
    r = SH.score_hand("4z", win_tile="4z", melds=["chi 123m", "pon 555m", "ankan 6666m", "pon 111z"], discarder=W)
    assert "大吊车" in r.sheet.names()
    # not a single wait: no 大吊车
    r = SH.score_hand("123m456m789m5z", win_tile="5z", melds=["pon 111z"], discarder=W)
    assert "大吊车" not in r.sheet.names()


def test_gangkai_and_dadiaoche_qualify_only_with_the_option() -> None:
    melds = ["chi 123m", "pon 555p", "kan 6666s", "pon 111z"]
    with pytest.raises(IllegalWinError, match="胡牌只能胡"):
        SH.score_hand("4z", win_tile="4z", melds=melds, discarder=W)
    loose = Shanghai(gangkai_dadiaoche_qualify=True)
    r = loose.score_hand("4z", win_tile="4z", melds=melds, discarder=W)
    assert "大吊车" in r.sheet.names() and r.sheet.points == L


@pytest.mark.parametrize("context,mult", [
    ({}, 1),
    ({"dice": "33"}, 2),
    ({"dice": "14"}, 2),
    ({"dice": "25"}, 1),
    ({"huangfan": 1}, 2),
    ({"huangfan": 3}, 2),  # G3: ×2 whatever the counter
    ({"huangfan": 2, "dice": "66"}, 4),  # G7: they stack
    ({"kaibao": True}, 2),
])
def test_multipliers(context: dict[str, Any], mult: int) -> None:
    r = SH.score_hand("111z222z555z777z3z", win_tile="3z", winner=N, discarder=E, context=context)
    assert r.sheet.points == 4 * L * mult  # the cap (4 勒子) doubles too
    p = SH.score_hand("111m222p333s99s44z", win_tile="4z", discarder=W, context=context)
    assert p.sheet.points == 6 * mult


def test_multiplier_options() -> None:
    power = Shanghai(huangfan_power=True)
    assert power.score_hand("123s345s567s789s9s", win_tile="9s", discarder=W,
                            context={"huangfan": 3}).sheet.points == 8 * L
    single = Shanghai(stack_multipliers=False)
    assert single.score_hand("123s345s567s789s9s", win_tile="9s", discarder=W,
                             context={"huangfan": 1, "dice": "11"}).sheet.points == 2 * L
    strict = Shanghai(kaibao=KaiBao.DOUBLE_1_OR_4)
    for dice, kb in (("33", False), ("14", False), ("11", True), ("44", True)):
        pts = strict.score_hand("123s345s567s789s9s", win_tile="9s", discarder=W, context={"dice": dice}).sheet.points
        assert pts == (2 * L if kb else L)


def test_kaibao_and_wall_break() -> None:
    assert [kaibao(d) for d in ((1, 1), (6, 6), (1, 4), (4, 1), (2, 5), (1, 3))] == [True, True, True, True, False, False]
    assert wall_break((2, 5)) == (W, 7)  # the source's example: the 对家's wall, 7 stacks
    assert wall_break((1, 1), roller=S) == (W, 2)
    assert wall_break((6, 6), roller=0) == (N, 12)


# --- 承包 §1.8 / G5 ---------------------------------------------------------------


def test_chengbao_on_ron_and_self_draw() -> None:
    ron = SH.score_hand("123s345s567s789s9s", win_tile="9s", winner=S, discarder=W, context={"chengbao": "0"})
    assert deltas(ron) == [-L, 2 * L, -L, 0]  # E pays 1 share on top
    both = SH.score_hand("123s345s567s789s9s", win_tile="9s", winner=S, discarder=W, context={"chengbao": "2"})
    assert deltas(both) == [0, 2 * L, -2 * L, 0]  # the discarder in 承包: 2 shares
    tsumo = SH.score_hand("123s345s567s789s9s", win_tile="9s", winner=S, context={"chengbao": "0"})
    assert deltas(tsumo) == [-4 * L, 6 * L, -L, -L]
    twice = SH.score_hand("123s345s567s789s9s", win_tile="9s", winner=S, context={"chengbao": "0,0,3"})
    assert deltas(twice) == [-7 * L, 12 * L, -L, -4 * L]  # 重复计算
    off = Shanghai(chengbao=False)
    assert deltas(off.score_hand("123s345s567s789s9s", win_tile="9s", winner=S,
                                 context={"chengbao": "0"})) == [-L, 3 * L, -L, -L]


def test_chengbao_relations_from_the_claims() -> None:
    assert chengbao_seats([(1, 0)] * 2, winner=1) == ()
    assert chengbao_seats([(1, 0)] * 3, winner=1) == (0,)
    assert chengbao_seats([(1, 0), (0, 1), (0, 1)], winner=1) == (0,)  # 反承包 counts
    assert chengbao_seats([(1, 0), (0, 1), (0, 1)], winner=0) == (1,)
    assert chengbao_seats([(1, 0)] * 3 + [(2, 1)] * 3, winner=1) == (0, 2)
    each = ChengbaoCount.EACH_WAY
    assert chengbao_seats([(1, 0)] * 3 + [(0, 1)] * 3, winner=1, count=each) == (0, 0)
    assert chengbao_seats([(1, 0)] * 2 + [(0, 1)] * 2, winner=1, count=each) == ()


# --- options ---------------------------------------------------------------------


def test_lezi_and_base_flowers() -> None:
    r = Shanghai(lezi=50, base_flowers=4).score_hand("111m222p333s99s44z", win_tile="4z", discarder=W)
    assert r.sheet.points == (4 + 1) * 2
    r = Shanghai(lezi=50).score_hand("123s345s567s789s9s", win_tile="9s", discarder=W)
    assert r.sheet.points == 50


def test_wind_tiles_only_option() -> None:
    winds = Shanghai(honours_are_wind_tiles=False)
    # one suit with a dragon pair is no 混一色 when only 东南西北 are 风向牌
    with pytest.raises(IllegalWinError, match="胡牌只能胡"):
        winds.score_hand("123m456m789m111m5z", win_tile="5z", discarder=W)
    assert winds.score_hand("123m456m789m111m4z", win_tile="4z", discarder=W).sheet.names()[-1] == "混一色"
    assert SH.score_hand("123m456m789m111m5z", win_tile="5z", discarder=W).sheet.names()[-1] == "混一色"


def test_jumble_option() -> None:
    strict = Shanghai(luan_feng=False)
    with pytest.raises(IllegalWinError):
        strict.score_hand("1234567z123456z", win_tile="7z", discarder=W)
    assert strict.score_hand("111z222z555z777z3z", win_tile="3z", discarder=W).sheet.names() == ["风碰"]


@pytest.mark.parametrize("options,match", [
    ({"lezi": 0}, "lezi"),
    ({"base_flowers": -1}, "base_flowers"),
    ({"kaibao": "sometimes"}, "kaibao"),
    ({"kong_win_value": "max"}, "kong_win_value"),
    ({"chengbao_count": 3}, "chengbao_count"),
    ({"luan_feng": "yes"}, "luan_feng"),
    ({"dead_wall": 99}, "dead_wall"),
    ({"birds": 1}, "unknown option"),
])
def test_bad_options_raise(options: dict[str, Any], match: str) -> None:
    with pytest.raises(MahjongError, match=match):
        Shanghai(**options)


def test_options_round_trip() -> None:
    rs = Shanghai(kaibao="double-1-or-4", dead_wall=14, chengbao_count="each-way")
    back = Shanghai.from_options_json(rs.options_json())
    assert back.options == rs.options and back.dead_wall == 14
    assert Shanghai.describe()["defaults"]["lezi"] == 20


def test_the_documentation_page_runs() -> None:
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "variants" / "shanghai.md"
    assert doctest.testfile(str(page), module_relative=False).failed == 0


def test_dice_from_the_command_line_as_a_number() -> None:
    r = SH.score_hand("123s345s567s789s9s", win_tile="9s", discarder=W, context={"dice": 41})
    assert r.sheet.points == 2 * L
