"""营口麻将 through score_hand: every seed sentence of §11.2 (legal and
illegal cases), the 会 and what it may stand for, the 番 table and the
payments, options and bad input."""

from __future__ import annotations

import pytest

from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.variants.yingkou import Hui, Shape258, Yingkou

YK = Yingkou()
NO_HUI = {"indicator": "9p"}  # a 会 nobody holds in these hands


def score(hand: str, win: str, *, rs: Yingkou = YK, winner: int = 1, discarder: int | None = 2,
          melds: tuple[str, ...] = (), ind: str = "9p", dealer: int = 0, **ctx: object):
    return rs.score_hand(hand, win_tile=win, winner=winner, discarder=discarder, melds=melds, dealer=dealer,
                         context={"indicator": ind, **ctx})


def illegal(rule: str, *args: object, **kw: object) -> None:
    with pytest.raises(IllegalWinError, match=rule):
        score(*args, **kw)  # type: ignore[arg-type]


def test_registry_and_names() -> None:
    assert find_variant("营口") is Yingkou and find_variant("yingkou-v1") is Yingkou
    assert Yingkou.zh == "营口" and Yingkou.hand_size == 13
    d = Yingkou.describe()
    assert d["wall_tiles"] == 136 and d["flowers"] == 0


# --- "每家抓 13 张牌" + the shape -------------------------------------------------------


def test_a_plain_win_and_its_payment() -> None:
    # 111m pung, 345p 567s 789s chows, 55m pair: 门清 单钓 素胡 = 3 番
    r = score("111m345p567s789s5m", "5m")
    assert r.sheet.names() == ["门清", "单钓", "素胡"] and r.sheet.total == 3 and r.sheet.points == 8
    assert r.settlement.deltas(4) == [0, 8, -8, 0]


def test_a_hand_of_fourteen_tiles_only() -> None:
    with pytest.raises(InvalidHandError):
        YK.score_hand("111m345p567s789s", win_tile="5m", winner=1, discarder=2, context=NO_HUI)


# --- "二，八不能做将" ---------------------------------------------------------------


@pytest.mark.parametrize("pair", ["2m", "8m", "2p", "8s"])
def test_no_2_or_8_pair(pair: str) -> None:
    hand = {"2m": "111m345p567s789s2m", "8m": "111m345p567s789s8m",
            "2p": "111m345p567s789s2p", "8s": "111m345p567s789p8s"}[pair]
    illegal("二，八不能做将", hand, pair)


@pytest.mark.parametrize("pair", ["3m", "5p", "9s", "1z", "7z"])
def test_other_pairs_are_fine(pair: str) -> None:
    assert score("111m345p567s789s" + pair, pair).sheet.total >= 1


def test_a_2_8_pair_is_refused_but_another_reading_wins() -> None:
    # 22233m: 222m pung + 33m pair would be fine; 22m + 234m? holds no: 222 33
    r = score("22233m345p567s78s", "9s")
    assert "夹胡" not in r.sheet.names()
    # the 会 may not make a 2 or 8 pair either
    illegal("二，八不能做将", "111z345m789p567s4z", "2p", ind="4z")


# --- "万，饼，条，都要有" --------------------------------------------------------------


def test_all_three_suits() -> None:
    illegal("万，饼，条，都要有", "111m345m567s789s5m", "5m")  # no 饼
    illegal("万，饼，条，都要有", "111z345p567p789p5p", "5p")  # 饼 only
    assert score("111z345p567s789m5p", "5p").sheet.total >= 1


def test_a_hui_may_bring_the_missing_suit() -> None:
    # 东 is the 会: the lone 东 stands for 4p, making 345p
    r = score("111m35p1z567s789s5m", "5m", ind="1z")
    assert r.sheet.total >= 1 and "素胡" not in r.sheet.names()


# --- "不能断幺九" --------------------------------------------------------------------


def test_no_hand_without_yaojiu() -> None:
    illegal("不能断幺九", "222m345p567s678s5m", "5m")
    assert score("222m345p567s789s5m", "5m").sheet.total >= 1  # a 9
    assert score("222m345p567s678s7z", "7z").sheet.total >= 1  # an honour pair


# --- "最终一张牌是会万能牌可替代除了幺久的任何牌" ----------------------------------------


def test_the_hui_is_the_indicator_kind() -> None:
    assert YK.wilds_for_indicator(0) == {0}
    assert Yingkou(hui=Hui.NEXT).wilds_for_indicator(8) == {0}
    assert Yingkou(hui="next").wilds_for_indicator(30) == {27}


def test_the_hui_stands_for_a_simple() -> None:
    # 7z is the 会: 7z stands for 6s in 567s
    r = score("111m345p57s789s5m7z", "5m", ind="7z")
    assert r.context.wilds == 1 and r.sheet.total >= 1


def test_the_hui_may_not_stand_for_a_terminal_or_honour() -> None:
    # 7z (the 会) would pair the 1z: refused
    illegal("会可替代除了幺久的任何牌", "111m345p567s789s7z", "1z", ind="7z")
    # or pair a 9s
    illegal("会可替代除了幺久的任何牌", "111m345p5555s67s7z", "9s", ind="7z", discarder=None)


def test_the_hui_as_itself_is_a_proposal_option() -> None:
    # 1m is the 会: 111m is three 会 used as themselves (the 幺九 of the hand)
    r = score("111m345p567s678s5m", "5m", ind="1m")
    assert "素胡" in r.sheet.names()
    illegal("会可替代除了幺久的任何牌|不能断幺九", "111m345p567s678s5m", "5m", ind="1m",
            rs=Yingkou(hui_as_itself=False))


# --- "胡牌型：aaaabc abc abc aa" (PROPOSAL: at least one pung) ------------------------


def test_a_win_holds_a_pung() -> None:
    illegal("胡牌型", "123m345p567s789s5m", "5m")
    assert score("123m345p567s789s5m", "5m", rs=Yingkou(shape=Shape258.ANY)).sheet.total >= 1


def test_a_claimed_pung_or_a_kong_counts() -> None:
    assert score("345p567s789s5m", "5m", melds=("pon 111m",)).sheet.total >= 0
    assert score("345p567s789s5m", "5m", melds=("kan 1111m",)).sheet.total >= 0


def test_the_exact_shape_option() -> None:
    exact = Yingkou(shape="one-pung-three-chows")
    assert score("111m345p567s789s5m", "5m", rs=exact).sheet.total >= 1
    illegal("one pung or kong, three chows", "111m333p567s789s5m", "5m", rs=exact)
    assert score("111m333p567s789s5m", "5m").sheet.total >= 1  # the default takes it


def test_no_seven_pairs() -> None:
    with pytest.raises(IllegalWinError):
        score("1133m5577p99s11z3z", "3z")
    with pytest.raises(IllegalWinError):
        score("11m55p99s1144z66z7z", "7z")


# --- the 番 table and payments (PROPOSAL) ------------------------------------------


def test_self_draw_dealer_and_every_payer() -> None:
    # S self-draws, E deals: 自摸 门清 夹胡 素胡 = 4 番; E pays 2 ** 5, the others 2 ** 4
    r = score("111m345p57s789s55m", "6s", discarder=None)
    assert r.sheet.names() == ["自摸", "门清", "夹胡", "素胡"]
    assert r.settlement.deltas(4) == [-32, 64, -16, -16]


def test_dealer_wins_on_a_discard() -> None:
    r = score("111m345p567s789s5m", "5m", winner=0, discarder=3)
    assert r.settlement.deltas(4) == [16, 0, 0, -16]


def test_all_pungs_and_the_kong_replacement_and_last_tile() -> None:
    r = score("777p9s", "9s", melds=("pon 111m", "pon 333s", "kan 4444p"), discarder=None,
              kong_replacement=True)
    assert r.sheet.names() == ["自摸", "单钓", "飘胡", "素胡", "杠上开花"]
    r = score("111m345p567s789s5m", "5m", discarder=None, last_tile=True)
    assert "海底捞月" in r.sheet.names()


def test_the_must_open_option() -> None:
    with pytest.raises(IllegalWinError, match="开门"):
        score("111m345p567s789s5m", "5m", rs=Yingkou(must_open=True))
    assert score("345p567s789s5m", "5m", melds=("pon 111m",), rs=Yingkou(must_open=True)).sheet.total >= 0


def test_the_base_option() -> None:
    r = score("111m345p567s789s5m", "5m", rs=Yingkou(base=3))
    assert r.settlement.deltas(4) == [0, 24, -24, 0]


def test_a_hui_used_as_another_kind_loses_su_hu_and_the_best_reading_is_kept() -> None:
    # 5z is the 会 and also could be kept natural: 55z held is the pair
    r = score("111m345p567s789s5z", "5z", ind="5z")
    assert "素胡" in r.sheet.names()


# --- options and bad input ---------------------------------------------------------


@pytest.mark.parametrize("bad", [{"base": 0}, {"base": True}, {"hui": "third"}, {"shape": "x"},
                                 {"hui_as_itself": 1}, {"multiple_ron": "no"}, {"must_open": 0}, {"colour": 1}])
def test_bad_options(bad: dict[str, object]) -> None:
    with pytest.raises(MahjongError):
        Yingkou(**bad)


def test_bad_indicator() -> None:
    with pytest.raises(MahjongError, match="indicator"):
        score("111m345p567s789s5m", "5m", ind="1f")
    with pytest.raises(MahjongError, match="indicator"):
        score("111m345p567s789s5m", "5m", ind="xx")


def test_options_round_trip() -> None:
    rs = Yingkou(hui="next", shape="any", base=2)
    assert Yingkou.from_options_json(rs.options_json()).options == rs.options
