"""温州麻将 on paper: 17-tile hands (five sets and a pair), the 财神 as any
tile, 底数 raised by 连庄, the PROPOSAL doubles and payments, the dealer
and reseating rules (seed 001, 温州麻将; variants-more §11.9) through
``score_hand``."""

from __future__ import annotations

import doctest
from types import SimpleNamespace
from typing import Any

import pytest
from mahjong_core.analysis import Form
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.tiles import parse_tile
from mahjong_core.variants import wenzhou
from mahjong_core.variants.wenzhou import WildChoice, Wenzhou

E, S, W, N = 0, 1, 2, 3
WZ = Wenzhou()
Z1 = {"indicator": "1z"}  # the 财神 is 2z (南)


def score(hand: str, win: str, rs: Wenzhou = WZ, context: dict[str, Any] | None = None, **kw: Any) -> Any:
    return rs.score_hand(hand, win_tile=win, context={**Z1, **(context or {})}, **kw)


def deltas(r: Any) -> list[int]:
    return r.settlement.deltas(4)  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", ["wenzhou", "WENZHOU", "wenzhou-v1", "温州", "温州麻将", "温州财神", "浙江温州",
                                  "浙江温州麻将"])
def test_find_variant(name: str) -> None:
    assert find_variant(name) is Wenzhou


def test_metadata() -> None:
    tiles = WZ.wall_tiles()
    assert len(tiles) == 136 and WZ.flower_tiles == ()
    assert WZ.hand_size == 16 and not WZ.dealer_draws_first  # "每人手里抓17张牌": 16 + the 17th
    assert WZ.num_players == 4  # "参赛选手为4人，分别为东、南、西、北"
    assert WZ.allow_chow and WZ.allow_pung and WZ.allow_kong  # "通过吃牌、碰牌、杠牌等方式"
    assert WZ.wild_indicator and set(WZ.hand_rules.forms) == {Form.STANDARD}
    assert not WZ.multiple_winners and WZ.rob_kong and not WZ.missed_win_ban


# --- five sets and a pair -------------------------------------------------------------


@pytest.mark.parametrize("hand,win,melds", [
    ("123m456m789p11s234s55z", "5z", ()),
    ("123m456m789p11s23s", "4s", ("pon 666z",)),
    ("123m789p11s23s", "4s", ("chi 456m", "kan 7777z")),
    ("1m", "1m", ("pon 222m", "ankan 3333p", "pon 444s", "pon 555z", "kakan 6666z")),
])
def test_five_sets_and_a_pair(hand: str, win: str, melds: tuple[str, ...]) -> None:
    r = score(hand, win, winner=S, discarder=E, melds=melds)
    assert r.sheet.names()[:2] == ["底数", "平胡"] and "硬胡" in r.sheet.names()
    assert r.context.wilds == 0 and len(r.context.concealed) + 3 * len(melds) == 17


@pytest.mark.parametrize("hand,win", [
    ("123m456m789p11s234s57z", "7z"),  # no pair / a lone 7z
    ("1122m3344p5566s9s77z1z", "1z"),  # pairs are no form here
])
def test_not_five_sets_and_a_pair(hand: str, win: str) -> None:
    with pytest.raises(IllegalWinError, match="five sets and a pair"):
        score(hand, win, winner=S, discarder=E)


def test_thirteen_or_fourteen_tiles_are_no_wenzhou_hand() -> None:
    with pytest.raises(InvalidHandError, match="17 tiles"):
        score("123m456p789s11z5z", "5z", winner=S, discarder=E)


# --- 财神 -----------------------------------------------------------------------------


def test_the_caishen_stands_for_any_tile() -> None:
    # indicator 1z: 2z is the 财神 ("财神可当任何牌"), here as 3m, 7z and 9s
    r = score("12m2z456m789p11s234s77z", "7z", winner=S, discarder=E)
    assert r.context.wild_kinds == {parse_tile("2z")} and r.context.wilds == 1
    assert "硬胡" not in r.sheet.names() and r.sheet.points == 1
    r = score("123m456m789p111s78s2z2z", "7z", winner=S)  # two 财神: 9s and 7z
    assert r.context.wilds == 2 and r.sheet.points == 1 and deltas(r) == [-1, 3, -1, -1]


def test_the_wild_option() -> None:
    rs = Wenzhou(wild="indicator")
    assert rs.options.wild is WildChoice.INDICATOR and rs.wilds_for_indicator(parse_tile("1z")) == {parse_tile("1z")}
    r = score("12m1z456m789p11s234s77z", "7z", rs, winner=S, discarder=E)
    assert r.context.wild_kinds == {parse_tile("1z")} and r.context.wilds == 1
    # the next kind wraps: 9m -> 1m, 北 -> 东, 中 -> 白
    assert [WZ.wilds_for_indicator(parse_tile(t)) for t in ("9m", "4z", "7z", "5z")] == [
        {parse_tile("1m")}, {parse_tile("1z")}, {parse_tile("5z")}, {parse_tile("6z")}]


def test_a_discarded_caishen_is_dead() -> None:
    with pytest.raises(IllegalWinError, match="discarded 财神 is dead"):
        score("123m456m789p11s234s77z", "2z", winner=S, discarder=E)
    r = score("123m456m789p11s234s77z", "2z", Wenzhou(win_on_discarded_wild=True), winner=S, discarder=E)
    assert deltas(r) == [-1, 1, 0, 0]
    assert score("123m456m789p11s234s77z", "2z", winner=S).sheet.points == 1  # self-drawn: fine


def test_no_indicator_no_caishen() -> None:
    r = WZ.score_hand("123m456m789p11s234s55z", win_tile="5z", winner=S, discarder=E)
    assert r.context.wild_kinds == frozenset() and r.sheet.points == 2


# --- 底数 and 连庄 ---------------------------------------------------------------------


@pytest.mark.parametrize("streak,base", [(0, 1), (1, 2), (2, 3), (4, 5)])
def test_streak_raises_the_base(streak: int, base: int) -> None:
    # "假设庄家连庄则还是此位玩家产庄，底数增加": 底数 = 1 + 连庄
    r = score("12m2z456m789p11s234s77z", "7z", winner=S, discarder=E, context={"streak": streak})
    assert r.sheet.items[0].zh == "底数" and r.sheet.items[0].value == base
    assert r.sheet.points == base and deltas(r) == [-base, base, 0, 0]
    r = score("12m2z456m789p11s234s77z", "7z", winner=E, dealer=E, context={"streak": streak})  # the dealer, self-drawn
    assert deltas(r) == [3 * base, -base, -base, -base]


def test_streak_options() -> None:
    rs = Wenzhou(base=2, streak_step=3)
    r = score("12m2z456m789p11s234s77z", "7z", rs, winner=S, discarder=E, context={"streak": 2})
    assert r.sheet.points == 8
    flat = Wenzhou(streak_step=0)
    assert score("12m2z456m789p11s234s77z", "7z", flat, winner=S, discarder=E, context={"streak": 3}).sheet.points == 1


# --- the doubles (PROPOSAL) ------------------------------------------------------------


@pytest.mark.parametrize("hand,win,melds,names,total", [
    ("123m456m789p11s234s55z", "5z", (), ["硬胡"], 2),
    ("111m444m777p11s999s55z", "5z", (), ["硬胡", "对对胡"], 4),
    ("123m456m789m11m234m55z", "5z", (), ["硬胡", "混一色"], 4),
    ("123m456m789m11m234m55m", "5m", (), ["硬胡", "清一色"], 8),
    ("111z333z444z55z666z77z", "7z", (), ["硬胡", "对对胡", "字一色"], 32),
    ("12m2z456m789p11s234s77z", "7z", (), [], 1),
])
def test_doubles(hand: str, win: str, melds: tuple[str, ...], names: list[str], total: int) -> None:
    r = score(hand, win, winner=S, discarder=E, melds=melds)
    assert r.sheet.names() == ["底数", "平胡", *names] and r.sheet.total == total and r.sheet.points == total
    assert deltas(r) == [-total, total, 0, 0]


def test_gang_kai_and_the_best_reading() -> None:
    r = score("123m456m11s234s55z", "5z", winner=W, melds=("ankan 1111p",), context={"kong_replacement": True})
    assert r.sheet.names() == ["底数", "平胡", "硬胡", "杠开"] and r.sheet.total == 4
    assert deltas(r) == [-4, -4, 12, -4]
    # the 财神 read as 4m or 7m keeps the hand one suit: 清一色
    r = score("123m456m789m11m234m6m2z", "5m", winner=S, discarder=E)
    assert r.sheet.names() == ["底数", "平胡", "清一色"] and r.sheet.total == 4
    # 就高不就低: 1m + 财神 + 1m a pung and 2m + 财神 the pair (对对胡), not 12m + 财神 a chow
    r = score("12m444m777p999s555z2z2z", "1m", winner=S)
    assert r.sheet.names() == ["底数", "平胡", "对对胡"] and r.sheet.total == 2


def test_doubles_off() -> None:
    r = score("123m456m789m11m234m55m", "5m", Wenzhou(doubles=False), winner=S, discarder=E, context={"streak": 1})
    assert r.sheet.names() == ["底数", "平胡"] and r.sheet.points == 2


def test_robbed_kong_paid_by_the_robbed_seat() -> None:
    r = score("123m456m11s23s555z", "4s", winner=S, discarder=N, context={"robbed_kong": True},
              melds=("pon 111p",))
    assert deltas(r) == [0, 2, 0, -2] and r.settlement.payments[0].reason == "抢杠"


# --- the dealer and the seats ------------------------------------------------------------


@pytest.mark.parametrize("dealer,winners,draw_keeps,nxt", [
    (0, [0], True, 0), (0, [], True, 0), (0, [], False, 1), (0, [2], True, 1), (3, [1], True, 0), (2, [2], False, 2),
])
def test_next_dealer(dealer: int, winners: list[int], draw_keeps: bool, nxt: int) -> None:
    # "余下的按逆时针的方始终轮庄，假设庄家连庄则还是此位玩家产庄"
    rs = Wenzhou(draw_keeps_dealer=draw_keeps)
    assert rs.next_dealer(SimpleNamespace(dealer=dealer, winners=winners)) == nxt  # type: ignore[arg-type]


@pytest.mark.parametrize("streak,after,reseat", [(0, 4, False), (3, 4, False), (4, 4, True), (5, 4, True),
                                                 (1, 1, True), (9, 0, False)])
def test_reseat_after_four_streaks(streak: int, after: int, reseat: bool) -> None:
    # "假设庄家连庄四把之后，四位玩家重排定位置"
    rs = Wenzhou(reseat_after=after)
    assert rs.reseat(SimpleNamespace(streak=streak)) is reseat  # type: ignore[arg-type]


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize("opts", [{"base": 0}, {"streak_step": -1}, {"reseat_after": True}, {"draw_keeps_dealer": 1},
                                  {"wild": "white"}, {"doubles": "yes"}, {"win_on_discarded_wild": None},
                                  {"players": 4}])
def test_bad_options(opts: dict[str, Any]) -> None:
    with pytest.raises(MahjongError):
        Wenzhou(**opts)


def test_options_roundtrip() -> None:
    rs = Wenzhou(base=2, streak_step=2, reseat_after=3, draw_keeps_dealer=False, wild="indicator", doubles=False,
                 win_on_discarded_wild=True)
    again = Wenzhou.from_options_json(rs.options_json())
    assert again.options == rs.options and again.options.wild is WildChoice.INDICATOR


def test_bad_context() -> None:
    with pytest.raises(MahjongError, match="indicator"):
        score("123m456m789p11s234s55z", "5z", winner=S, context={"indicator": "xx"})
    with pytest.raises(MahjongError, match="indicator"):
        score("123m456m789p11s234s55z", "5z", winner=S, context={"indicator": 35})
    with pytest.raises(MahjongError, match="streak"):
        score("123m456m789p11s234s55z", "5z", winner=S, context={"streak": -1})
    with pytest.raises(MahjongError, match="streak"):
        score("123m456m789p11s234s55z", "5z", winner=S, context={"streak": "x"})
    with pytest.raises(MahjongError, match="unknown context key"):
        score("123m456m789p11s234s55z", "5z", winner=S, context={"piao": 1})
    with pytest.raises(InvalidHandError):
        score("123m456m789p11s234s55z1f", "5z", winner=S)
    r = score("123m456m789p11s234s55z", "5z", winner=S, discarder=E, context={"streak": "2"})  # text
    assert r.sheet.points == 6


def test_docstring_examples() -> None:
    result = doctest.testmod(wenzhou)
    assert result.attempted >= 3 and result.failed == 0


def test_docs_page_example() -> None:
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "variants" / "wenzhou.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.attempted >= 3 and result.failed == 0
