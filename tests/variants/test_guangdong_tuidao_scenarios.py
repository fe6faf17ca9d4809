"""广东推倒胡 / 广东大胡 in play, on stacked walls: self-drawn wins only
(大胡: discard wins from 4 番), 买码 from the end of the wall, kong money
paid when the kong is made, 杠爆一家到底, 抢杠, 杠上杠再开花, and the
drawn hand when only the 码 are left.

Amounts are worked by hand from the seed's money rule (20 × 番 × (1 + 码
hits) per payer; 明杠 10 each, 点杠 30, 暗杠 20 each), not from the code.
"""

from __future__ import annotations

import pytest

from mahjong_core.engine import Phase
from mahjong_core.scenario import Scenario
from mahjong_core.variants.guangdong_tuidao import GuangdongDahu, GuangdongTuidao

TD = GuangdongTuidao()
DH = GuangdongDahu()


def finish_idle(sc: Scenario) -> None:
    """Play to the end: discard what is drawn, pass every claim."""
    sc.idle()
    t = sc.table
    while not t.is_over:
        seat = sc.name(t.to_act[0])
        if t.phase is Phase.TURN:
            sc.play(f"{seat} discard {sc.drawn or sc.hand(seat)[:2]}")
        else:
            sc.play(f"{seat} pass")


# S waits on 3s (123m 456p 789s 12s 11z); E discards 3s, S draws the other.
WAIT_HANDS = ["3s147m258p69s12345z", "123m456p789s12s11z", "369m369p147s6677z", "258m147p258s3455z"]


@pytest.mark.parametrize("rs", [TD, DH], ids=["tuidaohu", "dahu"])
def test_a_chicken_hand_is_won_only_by_self_draw(rs: GuangdongTuidao) -> None:
    sc = Scenario(rs, WAIT_HANDS, draws="3s", tail="1m5p3s4s")
    assert sc.table.win_context(sc.seat("S"), 20) is None  # 3s on a discard: no win
    sc.play("E discard 3s")
    # no claim phase: S was not offered the discard, and draws the next 3s at once
    assert sc.to_act == ["S"] and sc.drawn == "3s" and "win" in sc.offers("S")
    sc.play("S win")
    # 鸡胡 1 番; 码 1m 5p 3s 4s: 1m and 5p hit the winner, so each pays 20 × 3
    ctx = sc.table.contexts[sc.seat("S")]
    assert ctx.extra["horses"] == [0, 13, 20, 21]
    assert sc.items("S") == ["鸡胡"] and sc.deltas() == {"E": -60, "S": 180, "W": -60, "N": -60}


# S waits with 1112345678999p (清一色, any p); N with 111m 999m 222s 55p 66z (对对碰).
FLUSH_HANDS = ["5p147m258s369s1234z", "1112345678999p", "258m36p147s55777z", "111m999m222s55p66z"]


def test_dahu_a_full_flush_may_win_on_a_discard_a_two_fan_hand_may_not() -> None:
    sc = Scenario(DH, FLUSH_HANDS, tail="9s2m3m4m")
    sc.play("E discard 5p")
    assert sc.offers("S") == ["win", "pass"]
    assert sc.offers("N") == ["pung", "pass"]  # 对对碰 is 2 番: no 吃胡
    sc.play("N pass", "S win")
    # S's 1112345678999p + 5p is 九莲宝灯 (6 番, PROPOSAL past 混碰) on a discard:
    # E alone pays 120 × (1 + 1 hit: 9s)
    assert sc.winners == ["S"] and sc.items("S") == ["九莲宝灯"]
    assert sc.deltas() == {"E": -240, "S": 240, "W": 0, "N": 0}
    # the seed's table alone: 清一色 4 番, 80 × (1 + 1)
    sc = Scenario(GuangdongDahu(beyond_hunpeng=False), FLUSH_HANDS, tail="9s2m3m4m")
    sc.play("E discard 5p", "N pass", "S win")
    assert sc.winners == ["S"] and sc.items("S") == ["清一色"]
    assert sc.deltas() == {"E": -160, "S": 160, "W": 0, "N": 0}


def test_tuidaohu_not_even_a_full_flush_wins_on_a_discard() -> None:
    sc = Scenario(TD, FLUSH_HANDS, draws="9p", tail="2m3m4m6m")
    sc.play("E discard 5p")
    assert sc.offers("S") == [] and sc.offers("N") == ["pung", "pass"]
    sc.play("N pass")
    assert sc.to_act == ["S"] and sc.drawn == "9p"
    sc.play("S win")
    assert sc.items("S") == ["鸡胡"] and sc.deltas()["S"] == 60  # 码 2m 3m 4m 6m: no hit


# S holds 777p; E discards the fourth: S makes the kong (点杠) and wins on its replacement 9s.
BLOOM_HANDS = ["7p14m258p369s12345z", "777p123m456m78s77z", "369m369p147s5566z", "258m148p258s3344z"]


@pytest.mark.parametrize(("rs", "want"), [
    (DH, {"E": -270, "S": 270, "W": 0, "N": 0}),  # 杠上开花 2 番: 3 × 40 × (1 + 1) + 30
    (TD, {"E": -150, "S": 150, "W": 0, "N": 0}),  # 鸡胡: 3 × 20 × 2 + 30
    (GuangdongDahu(kong_bloom_liable=False), {"E": -110, "S": 270, "W": -80, "N": -80}),
], ids=["dahu", "tuidaohu", "not-liable"])
def test_kong_bloom_on_a_fed_kong(rs: GuangdongTuidao, want: dict[str, int]) -> None:
    sc = Scenario(rs, BLOOM_HANDS, tail="9s5m2m3m4m")
    sc.play("E discard 7p")
    assert sc.offers("S") == ["pung", "kong", "pass"]
    sc.play("S kong")
    # 点杠: the discarder pays 30 at once
    assert sc.payments() == [("E", "S", 30, "点杠")]
    assert sc.drawn == "9s" and sc.offers("S")[-1] == "win"
    sc.play("S win")
    # the 码 are the last four tiles after the replacement: 5m 2m 3m 4m, one hit (5m)
    assert sc.table.contexts[sc.seat("S")].extra["horses"] == [4, 1, 2, 3]
    assert sc.items("S") == (["杠上开花"] if isinstance(rs, GuangdongDahu) else ["鸡胡"])
    assert sc.deltas() == want


# E holds 1111m and 2222m: two concealed kongs in a row, then 8s on the second replacement.
DOUBLE_HANDS = ["1111m2222m345p67s7z", "3456789m9p9s1234z", "3456789p1s2s5566z", "3456789s9m9p3457z"]


def test_dahu_double_kong_bloom() -> None:
    sc = Scenario(DH, DOUBLE_HANDS, tail="7z8s2p3p4p6p")
    sc.play("E kong 1m")
    assert sc.payments() == [("S", "E", 20, "暗杠"), ("W", "E", 20, "暗杠"), ("N", "E", 20, "暗杠")]
    assert sc.drawn == "7z" and "win" not in sc.offers("E")
    sc.play("E kong 2m")
    assert sc.drawn == "8s" and sc.offers("E")[-1] == "win"
    sc.play("E win")
    # 杠上杠再开花 4 番 = 80 from each, no 码 hit; 暗杠 20 + 20 from each, paid before
    assert sc.items("E") == ["杠上杠再开花"]
    assert sc.table.contexts[sc.seat("E")].extra["kongs_in_a_row"] == 2
    assert sc.deltas() == {"E": 360, "S": -120, "W": -120, "N": -120}


def test_dahu_a_claimed_kong_then_a_concealed_kong_is_also_two_in_a_row() -> None:
    hands = ["7p24m258p369s12345z", "777p1111m456m78s7z", "369m369p147s5566z", "258m148p258s3344z"]
    sc = Scenario(DH, hands, tail="7z9s2s3s4s6s")
    sc.play("E discard 7p", "S kong")
    assert sc.drawn == "7z" and "win" not in sc.offers("S")
    sc.play("S kong 1m")
    assert sc.drawn == "9s"
    sc.play("S win")
    # 456m 789s 77z + 7777p + 1111m: 杠上杠再开花 4 番 = 80 from each (the last kong was
    # concealed: nobody pays for all); 点杠 30 from E and 暗杠 20 from each, paid before
    assert sc.items("S") == ["杠上杠再开花"]
    assert sc.deltas() == {"E": -130, "S": 330, "W": -100, "N": -100}


# W punged 4s from E and adds the fourth; N (123m 789m 456p 23s 11z) robs it.
ROB_HANDS = ["4s147m258p369s1235z", "369m147p258s6677z", "44s258m369p17s55z6z", "123m789m456p23s11z"]


@pytest.mark.parametrize("rs", [TD, DH], ids=["tuidaohu", "dahu"])
def test_robbing_a_kong_the_robbed_pays_for_all(rs: GuangdongTuidao) -> None:
    sc = Scenario(rs, ROB_HANDS, draws="8p9p3p4s", tail="9m2p2s2z")
    sc.play("E discard 4s")
    assert sc.offers("N") == [] and sc.offers("W") == ["pung", "pass"]  # N's 鸡胡 may not 吃胡
    sc.play("W pung", "W discard 1s", "N discard 8p", "E discard 9p", "S discard 3p")
    assert sc.drawn == "4s"
    sc.play("W kong 4s")
    assert sc.offers("N") == ["win", "pass"]
    sc.play("N win")
    # 鸡胡 on a robbed kong counts as self-drawn: W pays 3 × 20 × (1 + 1 hit: 9m); no kong money
    assert sc.items("N") == ["鸡胡"] and sc.table.contexts[sc.seat("N")].robbed_kong
    assert sc.payments() == [("W", "N", 120, "抢杠包三家 中码×2")]
    assert sc.deltas() == {"E": 0, "S": 0, "W": -120, "N": 120}


# E: 1111m (暗杠); S punges E's 9p and adds the fourth later (明杠); nobody wins.
KONG_HANDS = ["1111m9p258p369s123z", "99p47m36p147s5566z", "258m147p258s4477z", "369m368p369s6677z"]


@pytest.mark.parametrize("horses", [4, 3])
def test_kong_money_is_paid_at_once_and_kept_when_only_the_horses_are_left(horses: int) -> None:
    rs = GuangdongTuidao(horses=horses)
    sc = Scenario(rs, KONG_HANDS, draws="1s2m3m9p", tail="4m")
    sc.play("E kong 1m", "E discard 9p", "S pung", "S discard 4m", "W discard 1s", "N discard 2m", "E discard 3m")
    assert sc.drawn == "9p"
    sc.play("S kong 9p")
    assert sc.payments() == [
        ("S", "E", 20, "暗杠"), ("W", "E", 20, "暗杠"), ("N", "E", 20, "暗杠"),
        ("E", "S", 10, "明杠"), ("W", "S", 10, "明杠"), ("N", "S", 10, "明杠"),
    ]
    finish_idle(sc)
    assert sc.winners == [] and sc.events("draw_game")
    assert len(sc.table.remaining_wall()) == horses  # the 码 are never drawn
    assert sc.deltas() == {"E": 50, "S": 10, "W": -30, "N": -30}


def test_the_next_dealer() -> None:
    sc = Scenario(TD, WAIT_HANDS, draws="3s")
    sc.play("E discard 3s", "S win")
    assert TD.next_dealer(sc.table) == sc.seat("S")  # a non-dealer won: the next seat deals
    sc = Scenario(TD, KONG_HANDS)
    finish_idle(sc)
    assert sc.winners == [] and TD.next_dealer(sc.table) == sc.seat("E")  # drawn: the dealer stays
