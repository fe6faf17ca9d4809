"""安庆麻将 on paper (``score_hand``): the 钻 after the indicator (9 → 1,
北 → 东, 中 → 发 → 白 → 中), 红中 as the 钻's 替身, the 杠牌 (发/白, or the
two dragons beside a dragon 钻) and the 发's 翻, stakes (庄底子 2 + 4 per
draw, 闲底子 1), who pays, the options, and bad input."""

from __future__ import annotations

import pytest
from mahjong_core.registry import find_variant
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.tiles import KIND_NAMES, parse_tile
from mahjong_core.variants.anqing import Anqing, DiscardPays, Exhaust, FaMoney, gang_tiles, next_zuan, stand_in

AQ = Anqing()


def t(name: str) -> int:
    return parse_tile(name)


# --- the 钻 ------------------------------------------------------------------------


@pytest.mark.parametrize("indicator,zuan", [
    ("2p", "3p"),  # "如翻的为筒2，则钻牌为筒3"
    ("9p", "1p"),  # "假设翻的为9筒，则钻牌为1筒"
    ("9m", "1m"), ("9s", "1s"), ("5s", "6s"),  # "万条同理"
    ("1z", "2z"), ("3z", "4z"),
    ("4z", "1z"),  # "如翻的为北，则东为钻牌"
    ("7z", "6z"),  # "假设翻的是红中，则钻牌为发财"
    ("6z", "5z"),  # "翻发财钻牌是白板"
    ("5z", "7z"),  # "翻白板钻牌为红中"
])
def test_the_zuan_is_the_tile_after_the_indicator(indicator: str, zuan: str) -> None:
    assert KIND_NAMES[next_zuan(t(indicator))] == zuan
    assert AQ.wilds_for_indicator(t(indicator)) == frozenset({t(zuan)})


def test_every_kind_names_one_zuan_and_the_map_is_a_cycle_per_group() -> None:
    # each group (a suit, the winds, the dragons) is one cycle: every kind is the 钻 of exactly one indicator
    targets = sorted(next_zuan(k) for k in range(34))
    assert targets == list(range(34))
    for k in range(34):
        group = range(k - k % 9, k - k % 9 + 9) if k < 27 else (range(27, 31) if k < 31 else range(31, 34))
        assert next_zuan(k) in group and next_zuan(k) != k


def test_a_zuan_stands_for_any_tile() -> None:
    # "钻牌又称“全能牌”，它可以作为任何一张牌去和其他牌进展组合": 3p is the 钻 (2p turned up)
    r = AQ.score_hand("3p3p3p123m456m789s1z", win_tile="1z", discarder=1, context={"indicator": "2p"})
    assert r.context.wilds == 3 and r.sheet.names() == ["胡"]
    with pytest.raises(IllegalWinError, match="no four sets and a pair"):
        AQ.score_hand("1p5p9p147m258m369s1z", win_tile="2z", discarder=1, context={"indicator": "2p"})


def test_without_the_indicator_nothing_is_wild() -> None:
    with pytest.raises(IllegalWinError, match="no four sets and a pair"):
        AQ.score_hand("3p3p3p123m456m789s1z", win_tile="2z", discarder=1)


# --- 红中 --------------------------------------------------------------------------


def test_red_plays_as_the_zuans_own_kind() -> None:
    # "比方7万为钻牌，红中在这一盘就可以当7万用": 6m turned up, 7m is the 钻
    assert stand_in(t("7m")) == {t("7z"): t("7m")}
    r = AQ.score_hand("7z8m9m123p456p789s1z", win_tile="1z", discarder=2, context={"indicator": "6m"})
    assert r.sheet.names() == ["胡"] and r.context.wilds == 0  # 7z-8m-9m: a chow with 红中 as 7m
    # 红中 is no wild: it cannot stand for 5m
    with pytest.raises(IllegalWinError):
        AQ.score_hand("7z4m6m123p456p789s1z", win_tile="1z", discarder=2, context={"indicator": "6m"})


def test_red_is_no_stand_in_beside_a_dragon_zuan() -> None:
    assert stand_in(t("6z")) == {} and stand_in(t("5z")) == {} and stand_in(t("7z")) == {}
    # 白 turned up: 中 is the 钻 itself, wild
    r = AQ.score_hand("7z8m9m123p456p789s1z", win_tile="1z", discarder=2, context={"indicator": "5z"})
    assert r.context.wilds == 1


# --- 杠牌 --------------------------------------------------------------------------


def test_the_gang_tiles() -> None:
    # "假设不是中发白的钻牌时候，发财和白板是杠牌"; "假设是中发白的钻牌。则其余两个就成了杠牌"
    assert gang_tiles(t("3m")) == (frozenset({t("5z"), t("6z")}), t("6z"))
    assert gang_tiles(t("1z")) == (frozenset({t("5z"), t("6z")}), t("6z"))
    # "比方发财的钻牌。红中和白板就可以用来杠牌"; "当发为钻时，红中充当发牌"
    assert gang_tiles(t("6z")) == (frozenset({t("5z"), t("7z")}), t("7z"))
    assert gang_tiles(t("5z")) == (frozenset({t("6z"), t("7z")}), t("6z"))
    assert gang_tiles(t("7z")) == (frozenset({t("5z"), t("6z")}), t("6z"))


@pytest.mark.parametrize("hand,indicator,held", [
    ("5z5z5z123m456m789s1z", "2m", "5z"),   # 白 is a 杠牌
    ("6z6z6z123m456m789s1z", "2m", "6z"),   # 发 is a 杠牌
    ("7z7z7z123m456m789s1z", "7z", "7z"),   # 发 is the 钻: 红中 is a 杠牌 (as 发)
    ("5z5z5z123m456m789s1z", "7z", "5z"),   # 发 is the 钻: 白 is a 杠牌
    ("6z6z6z123m456m789s1z", "5z", "6z"),   # 中 is the 钻: 发 and 白 are 杠牌
])
def test_no_win_holding_a_gang_tile(hand: str, indicator: str, held: str) -> None:
    # "只能用来杠，手上有，就不能胡牌"
    with pytest.raises(IllegalWinError, match=f"杠牌 '{held}' in the hand: 只能用来杠，手上有，就不能胡牌"):
        AQ.score_hand(hand, win_tile="1z", discarder=1, context={"indicator": indicator})


def test_the_dragon_that_is_no_gang_tile_plays() -> None:
    # 白 turned up: 中 is the 钻 (发 and 白 are the 杠牌), three 中 are three 钻
    r = AQ.score_hand("7z7z7z123m456m789s1z", win_tile="1z", discarder=1, context={"indicator": "5z"})
    assert r.context.wilds == 3
    # 发 turned up: 白 is the 钻; 中 and 发 are 杠牌, so a 中 pung held blocks the win
    with pytest.raises(IllegalWinError, match="杠牌 '7z'"):
        AQ.score_hand("7z7z7z123m456m789s1z", win_tile="1z", discarder=1, context={"indicator": "6z"})


def test_each_exposed_fa_is_one_fan() -> None:
    # "几个发算几个翻的钱": 2 发 = 2 翻 = 4 stakes; 白 counts nothing
    r = AQ.score_hand("3m456p789s46s11z77z", win_tile="5s", winner=1, discarder=2, flowers="66z5z",
                      context={"indicator": "2m"})
    assert r.sheet.names() == ["胡", "发", "发"] and r.sheet.total == 2 and r.sheet.points == 4
    assert r.settlement.deltas(4) == [0, 4, -4, 0]
    # 发 is the 钻: 红中 plays the 发 ("红中充当发牌"), so it is the 翻
    r = AQ.score_hand("6z456p789s46s11z22z", win_tile="5s", winner=1, discarder=2, flowers="7z7z5z",
                      context={"indicator": "7z"})
    assert r.sheet.total == 2 and r.context.wilds == 1


def test_flowers_must_be_gang_tiles_of_the_hand() -> None:
    with pytest.raises(InvalidHandError, match="flowers: '1z' is not a flower"):
        AQ.score_hand("3m456p789s46s11z77z", win_tile="5s", discarder=2, flowers="1z", context={"indicator": "2m"})
    # 白 turned up: 中 is the 钻, so a 中 is no flower
    with pytest.raises(InvalidHandError, match="flowers: '7z' is not a flower"):
        AQ.score_hand("3m456p789s46s11z33z", win_tile="5s", discarder=2, flowers="7z", context={"indicator": "5z"})
    # at most four of a kind, flowers counted
    with pytest.raises(MahjongError):
        AQ.score_hand("3m456p789s46s11z77z", win_tile="5s", discarder=2, flowers="6z6z6z6z6z",
                      context={"indicator": "2m"})


def test_da_que_keeps_the_fa_as_an_honour() -> None:
    # "当打缺时发可以不必亮出来，算风牌，但不算钱"
    dq = Anqing(da_que=True)
    r = dq.score_hand("6z6z123m456m789s11z", win_tile="6z", discarder=1, context={"indicator": "2m"})
    assert r.sheet.total == 0 and r.sheet.points == 1
    with pytest.raises(InvalidHandError, match="not a flower"):
        dq.score_hand("3m456p789s46s11z77z", win_tile="5s", discarder=2, flowers="6z", context={"indicator": "2m"})
    # 白 stays a 杠牌
    with pytest.raises(IllegalWinError, match="杠牌 '5z'"):
        dq.score_hand("5z5z123m456m789s11z", win_tile="5z", discarder=1, context={"indicator": "2m"})


# --- stakes and payments -----------------------------------------------------------


def test_stakes_dealer_and_others() -> None:
    hand = dict(hand="3m456p789s46s11z77z", win_tile="5s", context={"indicator": "2m"})
    # a non-dealer self-draws: the dealer pays 庄底子 2, the others 闲底子 1
    r = AQ.score_hand(**hand, winner=1)
    assert r.settlement.deltas(4) == [-2, 4, -1, -1]
    # the dealer self-draws: everyone pays 2
    r = AQ.score_hand(**hand, winner=0)
    assert r.settlement.deltas(4) == [6, -2, -2, -2]
    # a discard: the discarder alone (dealer discarding: 2)
    assert AQ.score_hand(**hand, winner=2, discarder=0).settlement.deltas(4) == [-2, 0, 2, 0]
    assert AQ.score_hand(**hand, winner=2, discarder=3).settlement.deltas(4) == [0, 0, 1, -1]
    # "荒庄 … 庄底子加4，闲底子不变": two draws in a row before this hand: 庄底子 10
    r = AQ.score_hand(**{**hand, "context": {"indicator": "2m", "draws": 2}}, winner=1, flowers="6z")
    assert r.sheet.points == 2 and r.settlement.deltas(4) == [-20, 24, -2, -2]


def test_robbed_kong_is_paid_by_the_robbed_seat() -> None:
    r = AQ.score_hand("3m456p789s46s11z77z", win_tile="5s", winner=1, discarder=3,
                      context={"indicator": "2m", "robbed_kong": True})
    assert r.settlement.deltas(4) == [0, 1, 0, -1] and r.settlement.payments[0].reason == "抢杠"


def test_payment_options() -> None:
    hand = dict(hand="3m456p789s46s11z77z", win_tile="5s", winner=1, flowers="6z6z6z",
                context={"indicator": "2m"})
    assert Anqing().score_hand(**hand, discarder=2).sheet.points == 8
    assert Anqing(fa_money=FaMoney.ADD).score_hand(**hand, discarder=2).sheet.points == 4
    all_pay = Anqing(discard_pays=DiscardPays.ALL, base=3, dealer_base=5)
    assert all_pay.score_hand(**hand, discarder=2).settlement.deltas(4) == [-40, 88, -24, -24]
    # count_all_gang_tiles: 白 is a 翻 too
    both = Anqing(count_all_gang_tiles=True)
    assert both.score_hand(**{**hand, "flowers": "6z5z5z"}, discarder=2).sheet.total == 3
    assert Anqing().score_hand(**{**hand, "flowers": "6z5z5z"}, discarder=2).sheet.total == 1


def test_seven_pairs_only_with_the_option() -> None:
    hand = dict(hand="11m22m33p44p55s66s1z", win_tile="1z", discarder=1)
    with pytest.raises(IllegalWinError):
        AQ.score_hand(**hand)
    assert Anqing(seven_pairs=True).score_hand(**hand).sheet.names() == ["胡"]


# --- the rule set --------------------------------------------------------------------


def test_identity_and_options() -> None:
    assert find_variant("anqing") is Anqing and find_variant("安庆") is Anqing and find_variant("安庆麻将") is Anqing
    assert AQ.id == "anqing-v1" and AQ.zh == "安庆"
    assert not AQ.allow_chow and Anqing(chow=True).allow_chow and not Anqing.allow_chow
    assert AQ.wall_ends_at_indicator and not Anqing(exhaust=Exhaust.ALL_TILES).wall_ends_at_indicator
    assert Anqing(exhaust="all").options.exhaust is Exhaust.ALL_TILES
    assert len(AQ.wall_tiles()) == 136 and not AQ.flower_tiles
    assert AQ.indicator_offset([3, 4]) == 13 and Anqing(indicator_plus_one=True).indicator_offset([3, 4]) == 15
    assert Anqing.from_options_json(Anqing(da_que=True, fa_money="add").options_json()).options == \
        Anqing(da_que=True, fa_money=FaMoney.ADD).options


@pytest.mark.parametrize("kwargs,match", [
    ({"nope": 1}, "unknown option"),
    ({"base": -1}, "base must be a whole number"),
    ({"draw_bonus": True}, "draw_bonus must be a whole number"),
    ({"da_que": "yes"}, "da_que must be True or False"),
    ({"exhaust": "never"}, "exhaust 'never' is not one of"),
    ({"fa_money": 2}, "fa_money 2 is not one of"),
])
def test_bad_options(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(MahjongError, match=match):
        Anqing(**kwargs)


@pytest.mark.parametrize("context,match", [
    ({"indicator": "xx"}, "context indicator 'xx' is not a tile"),
    ({"indicator": "1f"}, "no flowers in 安庆"),
    ({"indicator": "2m", "draws": "many"}, "context draws 'many' is not a whole number"),
    ({"indicator": "2m", "draws": -1}, "below 0"),
    ({"bird": 1}, "unknown context key 'bird'"),
])
def test_bad_context(context: dict[str, object], match: str) -> None:
    with pytest.raises(MahjongError, match=match):
        AQ.score_hand("3m456p789s46s11z77z", win_tile="5s", winner=1, discarder=2, context=context)


def test_a_flower_tile_is_not_in_this_set() -> None:
    with pytest.raises(InvalidHandError, match="not in this rule set's tiles"):
        AQ.score_hand("1f456p789s46s11z77z", win_tile="5s", winner=1, discarder=2, context={"indicator": "2m"})


def test_the_docs_page_and_docstrings_run() -> None:
    import doctest
    from pathlib import Path

    import mahjong_core.variants.anqing as module

    page = Path(__file__).resolve().parents[2] / "docs" / "variants" / "anqing.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.attempted >= 2 and result.failed == 0
    result = doctest.testmod(module)
    assert result.attempted >= 3 and result.failed == 0
