"""南昌麻将 (seed 001, variants-more §11.1) on paper: every seed sentence
(honour chows of one class, 十三烂, 正精 and 副精, 天和 地和, 霸王精 and
冲关) and every PROPOSAL item through ``score_hand`` (sheet and payments),
illegal wins naming the rule, options and bad input."""

from __future__ import annotations

import doctest
from typing import Any

import pytest
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.tiles import parse_tile
from mahjong_core.variants import nanchang
from mahjong_core.variants.nanchang import Nanchang, NanchangOptions, jing_bonus, jing_for_indicator

NC = Nanchang()
I3M = {"indicator": "3m"}  # 正精 4m, 副精 5m
I9P = {"indicator": "9p"}  # 正精 1p, 副精 2p (wraps 9 → 1)


def score(hand: str, win: str, rs: Nanchang = NC, **kw: Any) -> Any:
    kw.setdefault("context", I9P)
    return rs.score_hand(hand, win_tile=win, **kw)


def names(hand: str, win: str, rs: Nanchang = NC, **kw: Any) -> list[str]:
    return score(hand, win, rs, **kw).sheet.names()  # type: ignore[no-any-return]


def deltas(r: Any) -> list[int]:
    return r.settlement.deltas(4)  # type: ignore[no-any-return]


def test_doctests() -> None:
    assert doctest.testmod(nanchang).failed == 0


@pytest.mark.parametrize("name", ["nanchang", "NANCHANG", "nanchang-v1", "南昌", "南昌麻将", "南昌精"])
def test_find_variant(name: str) -> None:
    assert find_variant(name) is Nanchang


def test_metadata() -> None:
    assert NC.zh == "南昌麻将" and NC.name == "nanchang" and NC.flower_tiles == ()
    assert len(NC.wall_tiles()) == 136 and NC.hand_rules.honor_chows


# --- 正精 and 副精 ----------------------------------------------------------------


@pytest.mark.parametrize(("ind", "zheng", "fu"), [
    ("3m", "4m", "5m"), ("8m", "9m", "1m"), ("9s", "1s", "2s"),
    ("1z", "2z", "3z"), ("3z", "4z", "1z"), ("4z", "1z", "2z"),   # 东南西北 wrap
    ("7z", "6z", "5z"), ("6z", "5z", "7z"), ("5z", "7z", "6z"),   # 中 → 发 → 白 → 中
])
def test_zheng_and_fu_jing(ind: str, zheng: str, fu: str) -> None:
    assert jing_for_indicator(parse_tile(ind)) == (parse_tile(zheng), parse_tile(fu))
    assert NC.paper_wild_kinds({"indicator": ind}) == {parse_tile(zheng), parse_tile(fu)}
    assert Nanchang(fu_jing=False).paper_wild_kinds({"indicator": ind}) == {parse_tile(zheng)}


def test_jing_stand_for_any_kind() -> None:
    # 1p (正精) and 2p (副精) complete 78s9s and the pair
    r = score("123m456m789m78s1p2p", "9s", discarder=3)
    assert r.sheet.names() == ["平胡"] and r.context.wilds == 2


def test_a_discarded_jing_is_dead() -> None:
    with pytest.raises(IllegalWinError, match="discarded 精 is dead"):
        score("123m456m789m78s9s1s", "1p", discarder=3)
    # self-drawn it wins; with the option it wins on a discard too
    assert names("123m456m789m78s9s1s", "1p") == ["平胡"]
    assert names("123m456m789m78s9s1s", "1p", Nanchang(win_on_discarded_jing=True), discarder=3) == ["平胡"]


# --- honour chows ("三张不重复的同类的字牌可以组成一副顺子") ------------------------


@pytest.mark.parametrize("hand,win", [
    ("123m456p789s12z55z", "3z"),  # 东南西
    ("123m456p789s24z55z", "1z"),  # 东西北
    ("123m456p789s14z11s", "2z"),  # 东南北
    ("123m456p789s34z11s", "2z"),  # 南西北
    ("123m456p789s56z11s", "7z"),  # 白发中
])
def test_three_different_honours_of_one_class_are_a_set(hand: str, win: str) -> None:
    assert names(hand, win, discarder=3) == ["平胡", "德国"]


@pytest.mark.parametrize("hand,win", [
    ("123m456p789s15z11s", "2z"),  # 东白 + 南: winds and dragons do not mix
    ("123m456p789s17z11s", "6z"),  # 东中 + 发
    ("123m456p789s11z11s", "2z"),  # 东东南: not three different
])
def test_honour_chows_need_three_different_of_one_class(hand: str, win: str) -> None:
    with pytest.raises(IllegalWinError, match="three different winds or 中发白"):
        score(hand, win, discarder=3)


# --- the forms and the 倍 ----------------------------------------------------------


def test_shisanlan() -> None:
    # 147m 258p 369s and five honours: fourteen singles, no two of a suit within 2
    r = score("147m258p369s1234z", "5z", discarder=3)
    assert r.sheet.names() == ["十三烂", "德国"] and r.sheet.total == 4
    assert names("159m369p147s1235z", "6z", discarder=3) == ["十三烂", "德国"]
    # all seven honours: 七星十三烂 ×4 (不计 十三烂)
    assert names("14m25p369s123456z", "7z", discarder=3) == ["七星十三烂", "德国"]
    # a 精 fills the gap: 1p (正精) stands for 7z
    assert names("14m25p369s123456z", "1p") == ["七星十三烂"]


@pytest.mark.parametrize("hand,win", [("146m258p369s1234z", "5z"), ("147m258p369s1233z", "5z")])
def test_shisanlan_needs_singles_three_apart(hand: str, win: str) -> None:
    with pytest.raises(IllegalWinError, match="十三烂"):
        score(hand, win, discarder=3)


@pytest.mark.parametrize(("hand", "win", "kw", "want", "total"), [
    ("111m444p777s333z9s", "9s", {"discarder": 3}, ["碰碰胡", "德国"], 4),
    ("11m44m66p88p33s55s7z", "7z", {"discarder": 3}, ["七对", "德国"], 4),
    ("123m456m789m78s99s", "6s", {"context": {"indicator": "9p", "kong_replacement": True}},
     ["平胡", "德国", "杠上开花"], 4),
    ("123m456m789m78s99s", "6s", {"discarder": 2, "context": {"indicator": "9p", "robbed_kong": True}},
     ["平胡", "德国", "抢杠"], 4),
    ("123m456m789m78s99s", "6s", {"context": {"indicator": "9p", "first_turn": True}}, ["平胡", "德国", "天和"], 8),
    ("123m456m789m78s99s", "6s", {"winner": 1, "context": {"indicator": "9p", "first_turn": True}},
     ["平胡", "德国", "地和"], 8),
])
def test_every_multiplier(hand: str, win: str, kw: dict[str, Any], want: list[str], total: int) -> None:
    r = score(hand, win, **kw)
    assert r.sheet.names() == want and r.sheet.total == total and r.sheet.points == total


def test_deguo_only_when_no_jing_stands_for_another_kind() -> None:
    # a 正精 1p used as itself (123p) keeps 德国; as 9s it does not
    assert names("123m456m789m23p99s", "1p") == ["平胡", "德国"]
    assert names("123m456m789m78s9s1p", "9s", discarder=3) == ["平胡"]
    # three 1p read as their own pung: 碰碰胡 and 德国 (the best reading)
    assert names("111m444p777s1p1p9s9s", "1p") == ["碰碰胡", "德国"]


def test_best_reading() -> None:
    # 2p 2p (副精) read as their own pair: 七对 and 德国
    r = score("11m44m66p88p33s55s2p", "2p")
    assert r.sheet.names() == ["七对", "德国"] and r.sheet.total == 4


# --- payments and 精分 ----------------------------------------------------------


def test_discard_win_payments() -> None:
    r = score("123m456m789m78s99s", "6s", discarder=2)
    assert r.sheet.points == 2  # 德国
    assert deltas(r) == [8, -2, -4, -2]  # the discarder pays 2 × 2, the others 2 each
    r = score("123m456m789m78s99s", "6s", Nanchang(discard_payment="discarder"), discarder=2)
    assert deltas(r) == [4, 0, -4, 0]


def test_self_draw_payments() -> None:
    r = score("123m456m789m78s99s", "6s", Nanchang(base=3))
    assert r.sheet.points == 6 and deltas(r) == [36, -12, -12, -12]


def test_jing_points_of_the_winner() -> None:
    # 1p 1p (正精 2 each) and 2p (副精 1) in hand: 5 精分, 冲关 and 霸王精: 5 × 2 × 2 from each
    r = score("123m456m789m8s1p1p2p", "9s", discarder=3)
    assert r.sheet.names() == ["平胡"]
    assert deltas(r) == [2 + 1 + 1 + 60, -20 - 1, -20 - 1, -20 - 2]


@pytest.mark.parametrize(("jing", "want"), [
    ("2,0,0,0", [6 * 2, -2 * 2, -2 * 2, -2 * 2]),          # 霸王精 only
    ("2,1,0,0", [6 - 1, 3 - 2, -3, -3]),                    # two holders: no 霸王精
    ("5,1,0,0", [30 - 1, 3 - 10, -11, -11]),                # 冲关 only
    ("0,0,6,0", [-24, -24, 72, -24]),                       # a loser's 冲关 + 霸王精: "一局翻盘"
    ("0,0,0,0", [0, 0, 0, 0]),
])
def test_bawang_and_chongguan(jing: str, want: list[int]) -> None:
    r = score("123m456m789m78s99s", "6s", Nanchang(discard_payment="discarder"), discarder=3,
              context={"indicator": "9p", "jing": jing})
    win = [4, 0, 0, -4]
    assert deltas(r) == [a + b for a, b in zip(win, want)]


def test_jing_bonus_options() -> None:
    o = NanchangOptions(chongguan_min=3, chongguan_factor=3, bawang_factor=1)
    assert [p.amount for p in jing_bonus([3, 0, 0, 0], o)] == [9, 9, 9]
    assert jing_bonus([0, 0, 0, 0]) == []


# --- bad input ----------------------------------------------------------------------


def test_bad_input() -> None:
    with pytest.raises(MahjongError, match="indicator"):
        score("123m456m789m78s99s", "6s", context={"indicator": "x"})
    with pytest.raises(MahjongError, match="no flowers"):
        score("123m456m789m78s99s", "6s", context={"indicator": "1f"})
    with pytest.raises(MahjongError, match="context jing"):
        score("123m456m789m78s99s", "6s", context={"indicator": "9p", "jing": "1,2"})
    with pytest.raises(MahjongError, match="context jing"):
        score("123m456m789m78s99s", "6s", context={"indicator": "9p", "jing": "a,b,c,d"})
    with pytest.raises(InvalidHandError):
        score("123m456m789m78s9s", "6s")
    with pytest.raises(InvalidHandError, match="not in this rule set"):
        score("123m456m789m78s9s1f", "6s")
    with pytest.raises(MahjongError, match="unknown context key"):
        score("123m456m789m78s99s", "6s", context={"bird": 1})


@pytest.mark.parametrize("opts", [{"base": -1}, {"fu_jing": 1}, {"discard_payment": "x"}, {"jing_counted": 2},
                                  {"chongguan_min": True}, {"nope": 1}])
def test_bad_options(opts: dict[str, Any]) -> None:
    with pytest.raises(MahjongError):
        Nanchang(**opts)
