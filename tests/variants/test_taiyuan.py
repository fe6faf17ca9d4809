"""太原立四麻将 on paper: the three worked examples of variants-more §8
through ``score_hand`` (sheet and payments), each point item, the illegal
wins (named rule), options and names.  Seats: 0 = E deals unless said."""

from __future__ import annotations

import pytest

from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.variants.taiyuan import Taiyuan

TY = Taiyuan()
READY = {"declared_ready": True}


def items(r: object) -> dict[str, int]:
    return {it.zh: it.total for it in r.sheet.items}  # type: ignore[attr-defined]


def test_example_1_south_wins_on_wests_discard() -> None:
    # no 万 (缺门), closed wait on 5p, one exposed kong, West not ready
    r = TY.score_hand("123p46p234s55s", win_tile="5p", melds=["kan 1111z"], winner=1, discarder=2, context=READY)
    assert items(r) == {"基本分": 1, "缺门": 1, "嵌张": 1, "放铳": 1, "明杠": 1}
    assert r.sheet.total == 5 and r.settlement.deltas(4) == [0, 5, -5, 0]


def test_example_2_dealer_self_draws_pure_straight_and_concealed_kong() -> None:
    # 123 456 789m + 2222p + 55s: all three suits, 78m two-sided on 9m
    r = TY.score_hand("123m456m78m55s", win_tile="9m", melds=["ankan 2222p"], winner=0, context=READY)
    assert items(r) == {"基本分": 1, "青龙": 20, "庄家": 1, "自摸": 22, "暗杠": 2}
    assert r.sheet.total == 46 and r.settlement.deltas(4) == [138, -46, -46, -46]


def test_example_3_south_self_draws() -> None:
    r = TY.score_hand("123p46p234s55s", win_tile="5p", melds=["kan 1111z"], winner=1, context=READY)
    assert items(r) == {"基本分": 1, "缺门": 1, "嵌张": 1, "自摸": 3, "明杠": 1}
    assert r.sheet.total == 7 and r.settlement.deltas(4) == [-9, 23, -7, -7]
    # the 庄家 point not doubled (the spec's other reading): the dealer pays 8
    r = Taiyuan(dealer_point_doubled=False).score_hand("123p46p234s55s", win_tile="5p", melds=["kan 1111z"],
                                                     winner=1, context=READY)
    assert r.settlement.deltas(4) == [-8, 22, -7, -7]


def test_quemen_not_for_half_or_full_flush() -> None:
    # one suit + honours (混一色): two suits absent, no 缺门
    r = TY.score_hand("123456789p1122z", win_tile="2z", winner=1, discarder=2, context=READY)
    assert "缺门" not in items(r)
    r = TY.score_hand("1112345678999p", win_tile="5p", winner=1, discarder=2, context=READY)
    assert "缺门" not in items(r)
    # two suits: 缺门
    r = TY.score_hand("123456p789s1122z", win_tile="2z", winner=1, discarder=2, context=READY)
    assert items(r)["缺门"] == 1


def test_edge_wait_and_unique_wait() -> None:
    r = TY.score_hand("12m456m789p234s55z", win_tile="3m", winner=1, discarder=2, context=READY)
    assert items(r)["镶边"] == 1 and "缺门" not in items(r)
    # 4666p waits on 4p and 5p: the closed 5p is not a unique wait
    r = TY.score_hand("123m456m789s4666p", win_tile="5p", winner=1, discarder=2, context=READY)
    assert "嵌张" not in items(r)
    r = Taiyuan(unique_wait=False).score_hand("123m456m789s4666p", win_tile="5p", winner=1, discarder=2,
                                             context=READY)
    assert items(r)["嵌张"] == 1


def test_no_deal_in_point_when_the_discarder_was_ready() -> None:
    r = TY.score_hand("123p46p234s55s", win_tile="5p", melds=["kan 1111z"], winner=1, discarder=2,
                      context={"declared_ready": True, "discarder_ready": True})
    assert "放铳" not in items(r) and r.sheet.total == 4


def test_dealer_point_on_the_dealers_discard() -> None:
    r = TY.score_hand("123p46p234s55s", win_tile="5p", melds=["kan 1111z"], winner=1, discarder=0, context=READY)
    assert items(r)["庄家"] == 1 and r.settlement.deltas(4) == [-6, 6, 0, 0]


def test_kong_points_are_the_winners_only_and_not_doubled() -> None:
    r = TY.score_hand("123m456m78m55s", win_tile="9m", melds=["kakan 2222p"], winner=1, context=READY)
    got = items(r)
    assert got["明杠"] == 1 and got["自摸"] == 21  # 1 + 20 doubled, the kong once
    assert r.sheet.total == 1 + 20 + 21 + 1


def test_a_win_needs_a_declaration() -> None:
    with pytest.raises(IllegalWinError, match="报听"):
        TY.score_hand("123p46p234s55s", win_tile="5p", melds=["kan 1111z"], winner=1, discarder=2)
    with pytest.raises(IllegalWinError, match="报听"):
        TY.score_hand("123p46p234s55s", win_tile="5p", melds=["kan 1111z"], winner=1)


def test_seven_pairs_and_chows_are_no_win() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        TY.score_hand("1133m5577p22s33z4z", win_tile="4z", winner=1, discarder=2, context=READY)
    with pytest.raises(IllegalWinError, match="吃"):
        TY.score_hand("456m789p234s5z", win_tile="5z", melds=["chi 123m"], winner=1, discarder=2, context=READY)


def test_options_and_names() -> None:
    with pytest.raises(MahjongError, match="unique_wait"):
        Taiyuan(unique_wait="yes")
    with pytest.raises(MahjongError, match="unknown option"):
        Taiyuan(cap=3)
    for name in ("taiyuan", "太原", "立四", "太原立四麻将", "taiyuan-v1"):
        assert find_variant(name) is Taiyuan
    assert len(TY.wall_tiles()) == 136
