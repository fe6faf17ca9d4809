"""宁波麻将 on paper: every worked example of variants-regional §4.11
(NB-E1..E7; NB-E6 needs a table and is in test_ningbo_scenarios.py), every
item of the 台 table, the 4-台 minimum, 财神单吊 and the other rules of seed
000 (浙江宁波麻将) through ``score_hand`` (sheet and payments)."""

from __future__ import annotations

import doctest
import random
from typing import Any

import pytest
from mahjong_core.engine import Table, roll_dice, shuffle
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.tiles import parse_tile
from mahjong_core.variants import ningbo
from mahjong_core.variants.ningbo import (
    PLANTS,
    SEASONS,
    HardWin,
    Ningbo,
    PinghuPair,
    SeatFlowers,
    ThreeWilds,
    WildSingle,
    seat_flower_items,
)

E, S, W, N = 0, 1, 2, 3
NB = Ningbo()
ANY = Ningbo(min_tai=0)
"""Item tests: every 台 shown, whatever the total."""
P9 = {"indicator": "9p"}  # the wild of the worked examples: 9p, in no hand


def score(hand: str, win: str, rs: Ningbo = NB, **kw: Any) -> Any:
    kw.setdefault("context", P9)
    return rs.score_hand(hand, win_tile=win, **kw)


def names(hand: str, win: str, rs: Ningbo = ANY, **kw: Any) -> list[str]:
    return score(hand, win, rs, **kw).sheet.names()  # type: ignore[no-any-return]


def deltas(r: Any) -> list[int]:
    return r.settlement.deltas(4)  # type: ignore[no-any-return]


def illegal(hand: str, win: str, match: str, rs: Ningbo = NB, **kw: Any) -> None:
    with pytest.raises(IllegalWinError, match=match):
        score(hand, win, rs, **kw)


# --- names and metadata --------------------------------------------------------


@pytest.mark.parametrize("name", ["ningbo", "NINGBO", "ningbo-v1", "宁波", "宁波麻将", "宁波百搭", "浙江宁波",
                                  "浙江宁波麻将"])
def test_find_variant(name: str) -> None:
    assert find_variant(name) is Ningbo


def test_metadata() -> None:
    tiles = NB.wall_tiles()
    assert len(tiles) == 144 and sorted(set(tiles)) == list(range(42))  # "共144张牌"
    assert NB.hand_size == 13 and NB.flower_tiles == tuple(range(34, 42))
    assert NB.wild_indicator and NB.indicator_may_be_flower
    assert NB.allow_chow and NB.allow_pung and NB.allow_kong and NB.rob_kong
    assert not NB.multiple_winners  # 截胡
    assert NB.chow_discard_ban and NB.kong_after_pung_ban  # 不能吃张打张; 碰后不能立即杠
    assert not NB.missed_win_ban and NB.ready_rule.value == "none"  # 没有听牌


# --- NB-E1: dice and the 百搭 --------------------------------------------------


def test_nb_e1_dice_and_wild() -> None:
    # the smaller die counts stacks back from the end: the top tile of stack 2
    assert NB.indicator_offset([5, 2]) == 3 and NB.indicator_offset([2, 5]) == 3
    assert NB.indicator_offset([1, 1]) == 1 and NB.indicator_offset([6, 6]) == 11
    assert NB.wilds_for_indicator(parse_tile("9p")) == {parse_tile("9p")}
    assert NB.wilds_for_indicator(parse_tile("6f")) == PLANTS == {38, 39, 40, 41}  # 兰: 梅兰竹菊
    assert NB.wilds_for_indicator(parse_tile("3f")) == SEASONS  # 秋: 春夏秋冬


@pytest.mark.parametrize("seed", range(12))
def test_the_indicator_lies_where_the_dice_say_and_is_never_drawn(seed: int) -> None:
    tiles = NB.wall_tiles()
    rng = random.Random(seed)
    shuffle(tiles, rng)
    dice = roll_dice(rng, 2)
    t = Table(NB, seed=seed)
    assert t.dice == dice
    assert t.indicator == tiles[len(tiles) - 1 - (2 * min(dice) - 1)]
    assert len(t.wall) == 143  # "游戏发牌和抓牌总共只有143张"
    live_wilds = sum(t.wall.count(k) for k in t.wild_kinds)
    assert live_wilds == 3  # "剩余共有3张百搭牌"


# --- NB-E2 .. NB-E5, NB-E7 -----------------------------------------------------


def test_nb_e2_below_four_tai() -> None:
    # 自摸 1 + 平糊 1 + 硬糊 1 = 3 < 4; on a discard 2
    illegal("123m456m789m23p55p", "1p", "at least 4 台.*has 3 台", winner=S)
    illegal("123m456m789m23p55p", "1p", "at least 4 台.*has 2 台", winner=S, discarder=E)


def test_nb_e3_closed_wait_self_draw_only() -> None:
    illegal("123m789m456p11s35s", "4s", "has 3 台", winner=W, discarder=S)
    r = score("123m789m456p11s35s", "4s", winner=W)
    assert r.sheet.names() == ["自摸", "平糊", "夹", "硬糊"]
    assert r.sheet.total == 4 and r.sheet.points == 5 and r.sheet.unit == "台"
    assert deltas(r) == [-5, -5, 15, -5]


def test_nb_e4_half_flush_all_pungs_double_pair_seat_wind() -> None:
    r = score("222m555m88m222z66z", "8m", winner=S)
    assert r.sheet.names() == ["自摸", "对倒", "碰碰糊", "硬糊", "混一色", "位风"]
    assert r.sheet.total == 8 and r.sheet.points == 9
    assert deltas(r) == [-9, 27, -9, -9]
    # the 发 pair scores nothing: only dragon pungs do


def test_nb_e5_full_flush_on_a_discard() -> None:
    r = score("111s234s678s99s46s", "5s", winner=N, discarder=E)
    assert r.sheet.names() == ["夹", "硬糊", "清一色"]  # no 平糊: there is a pung
    assert r.sheet.total == 6 and deltas(r) == [-7, 0, 0, 7]


def test_nb_e7_pai_hu() -> None:
    # the seed's own 排糊 example is all 万, so the seed's 清一色 (4 台) counts
    # too: 排糊 0 + 硬糊 1 + 清一色 4 = 5 on a discard (the spec's "1 台,
    # illegal" forgets 清一色)
    r = score("123m456m777m88m23m", "4m", winner=S, discarder=E)
    assert r.sheet.names() == ["排糊", "硬糊", "清一色"] and r.sheet.total == 5 and deltas(r) == [-6, 6, 0, 0]
    assert [it.value for it in r.sheet.items if it.zh == "排糊"] == [0]
    # the same shape over three suits: 排糊 0 + 硬糊 1 = 1 (2 self-drawn): illegal
    illegal("123m456p777s88m23m", "4m", "has 1 台", winner=S, discarder=E)
    illegal("123m456p777s88m23m", "4m", "has 2 台", winner=S)


# --- the 台 table, item by item ------------------------------------------------


def test_pinghu_needs_four_chows() -> None:
    assert "平糊" in names("123m456m678p23s55p", "4s", winner=S)
    assert "平糊" not in names("123m456m888p23s55p", "4s", winner=S)


@pytest.mark.parametrize("pair,winner,round_wind,ok", [
    ("5z", S, "E", False),  # a dragon
    ("7z", S, "E", False),
    ("2z", S, "E", False),  # South's seat wind
    ("1z", S, "E", False),  # the round wind
    ("3z", S, "E", True),  # West: no 台 for South in an East round
    ("4z", N, "S", False),  # North's seat wind
    ("1z", N, "S", True),
])
def test_pinghu_pair_no_scoring_honour(pair: str, winner: int, round_wind: str, ok: bool) -> None:
    got = names(f"123m456m678p23s{pair}{pair}", "4s", winner=winner,
                context={**P9, "round_wind": round_wind})
    assert ("平糊" in got) == ok


def test_pinghu_pair_options() -> None:
    kw: dict[str, Any] = {"winner": S, "context": P9}
    winds = Ningbo(pinghu_pair="scoring-winds", min_tai=0)
    assert "平糊" in names("123m456m678p23s55z", "4s", winds, **kw)
    assert "平糊" not in names("123m456m678p23s22z", "4s", winds, **kw)
    assert "平糊" not in names("123m456m678p23s33z", "4s", Ningbo(pinghu_pair=PinghuPair.ANY_HONOUR, min_tai=0), **kw)
    assert "平糊" in names("123m456m678p23s33z", "4s", **kw)


@pytest.mark.parametrize("hand,win,item", [
    ("123m456m678p12s55p", "3s", "边"),  # the 3 of 12
    ("123m456m678p89s55p", "7s", "边"),  # the 7 of 89
    ("123m456m678p13s55p", "2s", "夹"),
    ("123m456m678p123s5p", "5p", "单吊"),
    ("123m456m678p55s55p", "5p", "对倒"),
])
def test_wait_items(hand: str, win: str, item: str) -> None:
    got = names(hand, win, winner=S)
    assert item in got and "排糊" not in got


def test_two_sided_wait_scores_no_wait_item() -> None:
    got = names("123m456m678p23s55p", "4s", winner=S)
    assert not {"边", "夹", "单吊", "对倒"} & set(got)


def test_big_single_wait_counts_single_wait_too() -> None:
    melds = ["chi 123m", "pon 555p", "chi 789s", "pon 777z"]
    r = score("3z", "3z", winner=S, discarder=E, melds=melds)
    assert r.sheet.names() == ["单吊", "大吊", "硬糊", "中发白"] and r.sheet.total == 4 and deltas(r) == [-5, 5, 0, 0]
    # a concealed kong is a declared set too
    got = names("3z", "3z", winner=S, discarder=E, melds=["ankan 1111m", "pon 555p", "chi 789s", "pon 777z"])
    assert "大吊" in got
    # one set still concealed: a plain 单吊
    got = names("789s3z", "3z", winner=S, discarder=E, melds=["chi 123m", "pon 555p", "pon 777z"])
    assert "单吊" in got and "大吊" not in got


def test_all_pungs_with_melds_and_kongs() -> None:
    r = score("222m55p11s", "1s", winner=S, melds=["pon 777s", "kan 3333m"])
    assert r.sheet.names() == ["自摸", "对倒", "碰碰糊", "硬糊"] and r.sheet.total == 5


def test_kong_and_flower_replacement_wins() -> None:
    assert "杠上开花" in names("123m456m678p23s55p", "4s", winner=S, melds=[], context={**P9, "kong_replacement": True})
    assert "杠上开花" in names("123m456m678p23s55p", "4s", winner=S, context={**P9, "flower_replacement": "true"})
    assert "杠上开花" not in names("123m456m678p23s55p", "4s", winner=S, context={**P9, "flower_replacement": "no"})
    with pytest.raises(MahjongError, match="flower_replacement"):
        score("123m456m678p23s55p", "4s", winner=S, discarder=E, context={**P9, "flower_replacement": True})


def test_hard_win_means_no_wild_in_hand() -> None:
    # a 9p (the 百搭) used as itself still voids 硬糊 ("手中没百搭", NB-6) ...
    assert "硬糊" not in names("123m456m789s789p7p", "7p", winner=S)
    assert "硬糊" in names("123m456m789s789p7p", "7p", winner=S, context={"indicator": "1z"})
    # ... unless hard_win="natural": a 百搭 standing for its own kind keeps it
    assert "硬糊" in names("123m456m789s789p7p", "7p", Ningbo(hard_win=HardWin.NATURAL), winner=S)
    assert "硬糊" in names("123m456m789s78p7p9p", "7p", Ningbo(hard_win="natural"), winner=S)
    assert "硬糊" not in names("123m456m789s78p7p9p", "6p", Ningbo(hard_win="natural", min_tai=0), winner=S)


def test_three_wilds_self_drawn() -> None:
    r = score("123m456m789m11p9p9p", "9p", winner=S)
    assert "三财神" in r.sheet.names() and "硬糊" not in r.sheet.names()
    assert "三财神" not in names("123m456m789m11p9p5z", "9p", winner=S, context={**P9, "round_wind": "S"})


def test_three_wilds_on_a_discard() -> None:
    # three held, a natural tile won on a discard (read as 234p, not 财神单吊)
    rs = Ningbo(wild_single=WildSingle.EVERY_READING)
    assert "三财神" in names("123m456m789m2p9p9p9p", "3p", rs, winner=S, discarder=E)
    rs = Ningbo(wild_single="every", three_wilds=ThreeWilds.SELF_DRAWN_WIN, min_tai=0)
    assert "三财神" not in names("123m456m789m2p9p9p9p", "3p", rs, winner=S, discarder=E)
    # a discarded 百搭 won on is none of the three self-drawn ones
    rs = Ningbo(wild_single="every", win_on_discarded_wild=True, min_tai=0)
    assert "三财神" not in names("123m456m789m22p9p9p", "9p", rs, winner=S, discarder=E)
    assert "三财神" in names("123m456m789m22p9p9p", "9p", rs, winner=S)


def test_robbing_a_kong_and_last_tile() -> None:
    r = score("123m456m678p23s55p", "4s", ANY, winner=S, discarder=W, context={**P9, "robbed_kong": True})
    assert r.sheet.names() == ["平糊", "硬糊", "抢杠"] and r.sheet.total == 3
    r = score("123m456m678p13s55p", "2s", winner=S, discarder=W, context={**P9, "robbed_kong": True})
    assert r.sheet.total == 4 and deltas(r) == [0, 5, -5, 0] and r.settlement.payments[0].reason == "抢杠"
    got = names("123m456m678p23s55p", "4s", winner=S, context={**P9, "last_tile": True})
    assert "海捞糊牌" in got
    # the last tile's discard is no 海捞 ("抓到牌墙上最后一张牌糊牌")
    got = names("123m456m678p13s55p", "2s", winner=S, discarder=E, context={**P9, "last_tile": True})
    assert "海捞糊牌" not in got


def test_heavenly_and_earthly() -> None:
    r = score("123m456m678p23s55p", "4s", winner=E, dealer=E, context={**P9, "first_turn": True})
    assert "天胡" in r.sheet.names() and r.sheet.total == 11 and deltas(r) == [36, -12, -12, -12]
    r = score("123m456m678p23s55p", "4s", winner=W, dealer=E, discarder=E, context={**P9, "first_go_around": True})
    assert "地胡" in r.sheet.names() and r.sheet.total == 8
    # not the dealer's discard: no 地胡
    got = names("123m456m678p13s55p", "2s", winner=W, dealer=E, discarder=S, context={**P9, "first_go_around": True})
    assert "地胡" not in got


def test_flushes() -> None:
    assert "清一色" in names("123m456m789m23m55m", "4m", winner=S, discarder=E)
    got = names("123m456m789m23m55z", "4m", winner=S)
    assert "混一色" in got and "清一色" not in got
    r = score("111z222z333z55z66z", "5z", winner=S, discarder=E)
    assert r.sheet.names() == ["对倒", "碰碰糊", "硬糊", "字一色", "中发白", "位风", "圈风"]
    assert r.sheet.total == 15


def test_dragon_and_wind_pungs() -> None:
    got = names("555z666z777z23m44p", "4m", winner=S, discarder=E)
    assert got.count("中发白") == 3
    # the seat wind and the round wind: 2 when they are the same wind
    got = names("333z123m456p23s55p", "4s", winner=W, discarder=E, context={**P9, "round_wind": "W"})
    assert got.count("位风") == 1 and got.count("圈风") == 1
    got = names("333z123m456p23s55p", "4s", winner=W, context={**P9, "round_wind": "E"})
    assert "位风" in got and "圈风" not in got
    got = names("111z123m456p23s55p", "4s", winner=W, context={**P9, "round_wind": "E"})
    assert "圈风" in got and "位风" not in got
    # a wind pung that is neither: nothing
    got = names("444z123m456p23s55p", "4s", winner=W, context={**P9, "round_wind": "E"})
    assert "圈风" not in got and "位风" not in got


# --- 杠花 (seat flowers) -----------------------------------------------------------


@pytest.mark.parametrize("seat,own", [(E, "1f5f"), (S, "2f6f"), (W, "3f7f"), (N, "4f8f")])
def test_seat_flowers(seat: int, own: str) -> None:
    base = ANY.score_hand("123m456m678p23s55p", win_tile="4s", winner=seat, context=P9).sheet.total
    one = score("123m456m678p23s55p", "4s", winner=seat, flowers=own[:2]).sheet
    assert one.total == base + 1 and "杠花" in one.names()
    two = score("123m456m678p23s55p", "4s", winner=seat, flowers=own).sheet
    assert two.total == base + 2  # NB-5: each own flower
    only_one = score("123m456m678p23s55p", "4s", Ningbo(seat_flowers=SeatFlowers.ONE), winner=seat, flowers=own)
    assert only_one.sheet.total == base + 1
    others = "".join(f"{i}f" for i in range(1, 9) if f"{i}f" not in own)[:6]
    assert score("123m456m678p23s55p", "4s", ANY, winner=seat, flowers=others).sheet.total == base


def test_flower_sets() -> None:
    assert [(i.zh, i.total) for i in seat_flower_items([34, 35, 36, 37], 0)] == [("四季", 2)]
    assert [(i.zh, i.total) for i in seat_flower_items([38, 39, 40, 41, 35], 1)] == [("四君子", 2), ("杠花", 1)]
    assert [(i.zh, i.total) for i in seat_flower_items(list(range(34, 42)), 2)] == [("八花", 8)]
    assert seat_flower_items([35, 36], 0) == []
    r = score("123m456m678p13s55p", "2s", winner=S, discarder=E, flowers="1f2f3f4f")
    assert "四季" in r.sheet.names() and r.sheet.total == 5


def test_a_wild_flower_is_no_flower() -> None:
    with pytest.raises(InvalidHandError, match="百搭"):
        score("123m456m678p23s55p", "4s", winner=S, flowers="2f", context={"indicator": "4f"})
    # in hand it is a 百搭 (春夏秋冬 wild after 冬 is turned up)
    r = score("123m456m678p23s5p1f", "4s", ANY, winner=S, context={"indicator": "4f"})
    assert r.context.wilds == 1 and "硬糊" not in r.sheet.names()


# --- winning conditions ------------------------------------------------------------


def test_no_seven_pairs_or_thirteen_orphans() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        score("1122m3344p5566s7z", "7z", winner=S)
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        score("19m19p19s1234567z", "1m", winner=S)


def test_min_tai_options() -> None:
    illegal("123m456m789m23p55p", "1p", "has 3 台", winner=S)
    assert Ningbo(min_tai=3).score_hand("123m456m789m23p55p", win_tile="1p", winner=S, context=P9).sheet.total == 3
    r = Ningbo(min_counts_base=True).score_hand("123m456m789m23p55p", win_tile="1p", winner=S, context=P9)
    assert r.sheet.points == 4 and deltas(r) == [-4, 12, -4, -4]
    illegal("123m456m789m23p55p", "1p", "has 3 台 with the base", Ningbo(min_counts_base=True), winner=S, discarder=E)


def test_wild_single_wait_self_draw_only() -> None:
    # 4 sets + a lone 百搭: any tile completes the pair ("财神单吊")
    hand = "111m456m789m111p9p"
    illegal(hand, "5z", "财神单吊", winner=S, discarder=E)
    r = score(hand, "5z", ANY, winner=S)
    assert r.sheet.names()[:2] == ["自摸", "单吊"]
    # also when the discard could be read otherwise (2p: 11p + 12p3p with the 百搭)
    illegal("123m456m789m111p9p", "2p", "财神单吊", winner=S, discarder=E)
    # wild_single="every": only a win with no other reading is barred
    rs = Ningbo(wild_single=WildSingle.EVERY_READING, min_tai=0)
    assert rs.score_hand("123m456m789m111p9p", win_tile="2p", winner=S, discarder=E, context=P9).sheet.total >= 1
    illegal("111m456m789m111p9p", "5z", "财神单吊", rs, winner=S, discarder=E)
    # a natural single wait is no 财神单吊
    assert score("111m456m789m111p5z", "5z", winner=S, discarder=E, flowers="2f6f").sheet.total >= 4


def test_a_discarded_wild_is_dead() -> None:
    illegal("123m456m678p23s5p5p", "9p", "discarded 百搭", winner=S, discarder=E)
    rs = Ningbo(win_on_discarded_wild=True, min_tai=0)
    r = rs.score_hand("123m456m678p13s55p", win_tile="9p", winner=S, discarder=E, context=P9)
    assert "硬糊" not in r.sheet.names() and r.context.wilds == 1


def test_best_reading_with_wilds() -> None:
    # 555m666m777m 888p 8m+百搭: all pungs (碰碰糊 2 + 对倒 1) beats 567m ×3 (对倒 1)
    r = score("555m666m777m8m88p9p", "8p", ANY, winner=S)
    assert r.sheet.names() == ["自摸", "对倒", "碰碰糊"] and r.sheet.total == 4
    assert NB.score_hand("555m666m777m8m88p9p", win_tile="8p", winner=S, context=P9).sheet.total == 4
    # 3p + 百搭 winning 2p: read as 1p(百搭) 2p 3p the 2p is a 夹 (NB-8: every
    # assignment, the highest kept), not the two-sided 234p
    got = names("123m456m789s11z3p9p", "2p", winner=S, context={**P9, "round_wind": "W"})
    assert got == ["自摸", "平糊", "夹"]


# --- payments, options, input ---------------------------------------------------------


def test_payments_have_no_dealer_extra() -> None:
    r = score("123m789m456p11s35s", "4s", winner=E, dealer=E)
    assert deltas(r) == [15, -5, -5, -5]
    r = score("111s234s678s99s46s", "5s", winner=E, dealer=E, discarder=N)
    assert deltas(r) == [7, 0, 0, -7] and r.settlement.payments[0].reason == "点炮"


@pytest.mark.parametrize("opts", [{"min_tai": -1}, {"min_tai": True}, {"hard_win": "soft"}, {"wild_single": 1},
                                  {"three_wilds": "x"}, {"seat_flowers": "all"}, {"pinghu_pair": "none"},
                                  {"kong_points": -2}, {"flower_points": "1"}, {"win_on_discarded_wild": "yes"},
                                  {"min_counts_base": 1}, {"wild": True}])
def test_bad_options(opts: dict[str, Any]) -> None:
    with pytest.raises(MahjongError):
        Ningbo(**opts)


def test_options_roundtrip() -> None:
    rs = Ningbo(min_tai=3, hard_win="natural", wild_single="every", three_wilds="self-drawn",
                seat_flowers="one", pinghu_pair="any-honour", kong_points=2, flower_points=1,
                win_on_discarded_wild=True, min_counts_base=True)
    again = Ningbo.from_options_json(rs.options_json())
    assert again.options == rs.options
    assert again.options.hard_win is HardWin.NATURAL


def test_bad_context() -> None:
    with pytest.raises(MahjongError, match="indicator"):
        score("123m789m456p11s35s", "4s", winner=W, context={"indicator": "xx"})
    with pytest.raises(MahjongError, match="unknown context key"):
        score("123m789m456p11s35s", "4s", winner=W, context={"wild": "9p"})
    with pytest.raises(InvalidHandError, match="tiles"):
        score("123m789m456p11s3s", "4s", winner=W)
    with pytest.raises(MahjongError):
        score("123m789m456p11s35s", "4s", winner=5)


def test_no_indicator_no_wild() -> None:
    r = NB.score_hand("123m789m456p11s35s", win_tile="4s", winner=W)
    assert r.context.wild_kinds == frozenset() and r.sheet.total == 4


def test_docstring_examples() -> None:
    result = doctest.testmod(ningbo)
    assert result.attempted >= 4 and result.failed == 0


def test_docs_page_example() -> None:
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "variants" / "ningbo.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.attempted >= 3 and result.failed == 0


def test_win_problem_reuses_the_readings_of_the_context_just_scored_only() -> None:
    """score keeps the readings of the context it scored for win_problem
    (the engine asks both of one context): the answers are those of a
    fresh look, also when win_problem is asked of another context."""
    from mahjong_core.bots import GreedyBot, play_hand

    seen: list[tuple[Any, Any, str | None]] = []

    class Recording(Ningbo):
        def refuses_discard_wins(self, *args: Any) -> bool:
            return False

        def refuses_tiles(self, *args: Any) -> bool:
            return False

        def refuses_win(self, ctx: Any) -> bool:
            return False  # (every context scored and asked)

        def win_problem(self, ctx: Any, sheet: Any) -> str | None:
            got = super().win_problem(ctx, sheet)
            self._memo = None
            assert super().win_problem(ctx, sheet) == got
            seen.append((ctx, sheet, got))
            return got

    rs = Recording()
    for seed in range(12):
        play_hand(rs, [GreedyBot() for _ in range(4)], seed=seed, dealer=seed % 4)
    assert len(seen) > 100 and any(p and "财神单吊" in p for _, _, p in seen)
    plain = Ningbo()
    order = list(range(len(seen)))
    random.Random(1).shuffle(order)
    for i in order:  # score one context, ask of another: never the wrong readings
        plain.score(seen[order[i - 1]][0])
        ctx, sheet, want = seen[i]
        assert Ningbo.win_problem(plain, ctx, sheet) == want


_REFUSAL_OPTIONS: list[dict[str, Any]] = [
    {}, {"min_tai": 2}, {"min_tai": 6}, {"min_tai": 0}, {"min_counts_base": True, "min_tai": 5},
    {"hard_win": "natural"}, {"win_on_discarded_wild": True}, {"wild_single": "every"},
    {"pinghu_pair": "any-honour", "seat_flowers": "one", "three_wilds": "self-drawn"},
]


def _paper_contexts(n: int) -> list[Any]:
    """Random winning hands on paper, rich in honours, one-suit hands,
    declared melds and 百搭 (the turned-up tile 5p, or a season)."""
    from mahjong_core.paper import build_context
    from mahjong_core.tiles import KIND_NAMES

    rng = random.Random(5)
    out: list[Any] = []
    while len(out) < n:
        suit = rng.choice([0, 9, 18])
        pool = rng.choice([list(range(34)), [*range(suit, suit + 9), *range(27, 34)], list(range(27, 34)),
                           list(range(suit, suit + 9))])
        indicator = rng.choice(["5p", "1f", "7z"])
        wild = {"5p": 13, "1f": 34, "7z": 33}[indicator]
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
        for _ in range(rng.choice([0, 0, 1, 2, 3])):  # some tiles become 百搭
            hand[rng.randrange(len(hand))] = wild
        win = hand.pop(rng.randrange(len(hand)))
        discarder = None if rng.random() < 0.4 else rng.choice([0, 2, 3])
        try:
            out.append(build_context(Ningbo(), [k for k in hand], win_tile=win, melds=melds, winner=1,
                                     dealer=rng.randrange(4), discarder=discarder,
                                     context={"indicator": indicator, "round_wind": rng.randrange(4)}))
        except MahjongError:
            continue
    return out


def test_refuses_win_never_refuses_a_win_and_the_bound_holds() -> None:
    """refuses_win (the engine's early refusal) refuses exactly the contexts
    win_problem refuses after scoring, and reading_tai_bound is at least
    the 台 of every reading, under every option set, on the contexts of
    greedy and random games and on random hands on paper."""
    from mahjong_core.bots import GreedyBot, RandomBot, play_hand

    games: list[Any] = []

    class Recording(Ningbo):
        def refuses_discard_wins(self, *args: Any) -> bool:
            return False

        def refuses_tiles(self, *args: Any) -> bool:
            return False

        def refuses_win(self, ctx: Any) -> bool:
            games.append(ctx)
            return False

    rec = Recording()
    for seed in range(16):
        bots = [GreedyBot() for _ in range(4)] if seed % 2 else [RandomBot(seed * 4 + s) for s in range(4)]
        play_hand(rec, bots, seed=seed, dealer=seed % 4)
    contexts = games + _paper_contexts(400)
    refused = 0
    for opts in _REFUSAL_OPTIONS:
        rs = Ningbo(**opts)
        for ctx in contexts:
            try:
                sheet = rs.score(ctx)
            except IllegalWinError:
                continue
            tops = [rs._reading_tai(r) for r in rs._new_readings(ctx)]
            assert ningbo.reading_tai_bound(ctx) + (opts.get("hard_win") == "natural") >= max(tops)
            fresh = Ningbo(**opts)  # (no context asked before)
            refuses = fresh.refuses_win(ctx)
            assert refuses == (fresh.win_problem(ctx, fresh.score(ctx)) is not None), ctx
            assert fresh.score(ctx) == sheet
            refused += refuses
    assert len(games) > 150 and refused > 1000


# --- the first dealer: "第一把系统随机选一个人做庄" -------------------------------


def test_first_dealer_is_random_by_the_match_seed_and_replays() -> None:
    from mahjong_core.bots import GreedyBot
    from mahjong_core.match import Match
    from mahjong_core.records import dumps, replay

    rs = Ningbo()
    assert rs.random_first_dealer
    bots = [GreedyBot() for _ in range(4)]
    firsts = [Match(rs, bots, seed=s).first_dealer for s in range(30)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [Match(rs, bots, seed=s).first_dealer for s in range(30)]
    seed = next(s for s in range(30) if firsts[s] != 0)
    m = Match(rs, bots, seed=seed, hands=1, keep_tables=True)
    m.play()
    t = m.tables[0]
    assert t.dealer == m.results[0].dealer == firsts[seed] != 0
    assert t.events[0]["dealer"] == firsts[seed]
    assert replay(dumps(t.events), ruleset=rs).dealer == firsts[seed]


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_first_dealer_option_fixes_the_seat(seat: int) -> None:
    from mahjong_core.bots import GreedyBot
    from mahjong_core.match import Match

    rs = Ningbo(first_dealer=seat)
    assert not rs.random_first_dealer
    assert {Match(rs, [GreedyBot() for _ in range(4)], seed=s).first_dealer for s in range(20)} == {seat}


@pytest.mark.parametrize("bad", [4, -2, True, "east"])
def test_first_dealer_option_rejects_bad_values(bad: Any) -> None:
    with pytest.raises(MahjongError, match="first_dealer must be -1 \\(random\\) or a seat 0..3"):
        Ningbo(first_dealer=bad)
