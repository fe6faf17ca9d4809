"""海南麻将 in play, on stacked walls: 截胡 (only the first seat in turn
order wins a discard), 有番才能胡 against a seat without 番, 包牌 after three
chows from 上家, 抢杠 (有番: an ordinary discard win), kong money at once
and 黄庄 with 15 tiles left.

Amounts follow the module's PROPOSAL (one stake per payer; 包牌 three),
worked by hand.
"""

from __future__ import annotations

from mahjong_core.engine import Phase
from mahjong_core.scenario import Scenario
from mahjong_core.variants.hainan import Hainan

HN = Hainan()

# E discards 5s; S (123m 456p 789s 46s 99s: 只吃不碰, 门清) and N (234m 678m 345p
# 777z + 5s: 箭刻, 门清, 二五八将) both win on it.
TWO_WAIT = ["5s147m258p369s1234z", "123m456p789s46s99s", "2356m1368p1278s5z", "234m678m345p5s777z"]


def test_jiehu_only_the_first_in_turn_order_wins() -> None:
    sc = Scenario(HN, TWO_WAIT)
    sc.play("E discard 5s")
    assert sc.offers("S") == ["chow 456s", "chow 567s", "win", "pass"] and sc.offers("N") == ["win", "pass"]
    sc.play("N win", "S win")
    assert sc.winners == ["S"]  # 截胡: S comes first after E
    assert sc.deltas() == {"E": -1, "S": 1, "W": 0, "N": 0}


def test_jiehu_the_next_winner_when_the_first_passes() -> None:
    sc = Scenario(HN, TWO_WAIT)
    sc.play("E discard 5s", "S pass", "N win")
    assert sc.winners == ["N"] and sc.items("N") == ["门清", "二五八将", "箭刻"]
    assert sc.deltas() == {"E": -1, "S": 0, "W": 0, "N": 1}


def test_no_fan_no_discard_win_but_a_self_draw() -> None:
    # S's 白 pair (55z) and its chow leave it without a 番: N's 4s is no win for it
    hands = ["1m147p258s369s1234z", "23m456p789s23s55z7z", "2356m1368p1278s5z", "4s258m369p147s167z"]
    sc = Scenario(HN, hands, draws="9m1z8p4s")
    sc.play("E discard 1m", "S chow 123m", "S discard 7z", "W discard 9m", "N discard 4s")
    assert sc.offers("S") == [] and sc.to_act == ["E"]  # S was not asked (E may chow)
    sc.play("E pass", "E discard 8p")
    assert sc.drawn == "4s" and "win" in sc.offers("S")  # 无番靠自摸
    sc.play("S win")
    assert sc.items("S") == ["自摸"] and sc.deltas() == {"E": -1, "S": 3, "W": -1, "N": -1}


# S chows 1m, 4m and 9p from E (its 上家), then wins on E's 4s: E pays for all three.
BAO_HANDS = ["147m259p469s12357z", "23m56m78p123s55s46z", "35689m1368p278s3z", "26m247p3579s1267z"]
BAO_MOVES = [
    "E discard 1m", "S chow 123m", "S discard 4z", "W discard 5z", "N discard 3z",
    "E discard 4m", "S chow 456m", "S discard 6z", "W discard 4z", "N discard 1z",
    "E discard 9p", "S chow 789p", "S discard 1s", "W discard 2z", "N discard 6z",
]


def test_bao_three_chows_from_the_discarder() -> None:
    sc = Scenario(HN, BAO_HANDS, draws="5z3z9m4z1z1p2z6z3p")
    sc.play(*BAO_MOVES[:13])
    # "反之": after S's third chow, a win of E on S's own discard would be 包 too; not N's
    assert HN.context_extra(sc.table, sc.seat("E")) == {"bao": True}
    assert HN.context_extra(sc.table, sc.seat("N")) == {"bao": False}
    sc.play(*BAO_MOVES[13:])
    assert [m.kind.value for m in sc.table.melds[sc.seat("S")]] == ["chi", "chi", "chi"]
    sc.play("E discard 4s")
    assert sc.offers("S")[-2:] == ["win", "pass"]
    sc.play("S win")
    ctx = sc.table.contexts[sc.seat("S")]
    assert ctx.extra["bao"] and sc.items("S") == ["只吃不碰", "二五八将"]
    assert sc.payments() == [("E", "S", 3, "包牌: the discarder pays for all three")]


def test_bao_only_between_the_two_seats() -> None:
    # the same S wins on N's 4s instead: N took nothing from S, nor S from N: one stake
    hands = list(BAO_HANDS)
    hands[0] = "147m259p689s12357z"  # E holds 8s instead of 4s ...
    hands[3] = "26m247p34579s167z"  # ... and N the 4s
    sc = Scenario(HN, hands, draws="5z3z9m4z1z1p2z6z3p5z9s1p")
    sc.play(*BAO_MOVES, "E discard 8s", "S discard 5z", "W discard 9s", "N discard 4s")
    assert sc.offers("S")[-2:] == ["win", "pass"]
    sc.play("S win")
    assert sc.table.contexts[sc.seat("S")].extra["bao"] is False
    assert sc.deltas() == {"E": 0, "S": 1, "W": 0, "N": -1}


# W punged E's 4s and adds the fourth; N (123m 789m 456p 23s 11z, 门清) robs it.
ROB_HANDS = ["4s147m258p369s1235z", "369m147p258s6677z", "44s258m369p17s55z6z", "123m789m456p23s11z"]


def test_robbing_a_kong_with_fan_is_an_ordinary_discard_win() -> None:
    sc = Scenario(HN, ROB_HANDS, draws="8p9p3p4s")
    sc.play("E discard 4s")
    assert sc.offers("N") == ["win", "pass"]  # 门清: N may win on it, and passes
    sc.play("N pass", "W pung", "W discard 1s")
    assert sc.can("N", "win") is False  # 漏胡 until N draws (PROPOSAL)
    sc.play("N pass", "N discard 8p", "E discard 9p", "S discard 3p")
    assert sc.drawn == "4s"
    sc.play("W kong 4s")
    assert sc.offers("N") == ["win", "pass"]
    sc.play("N win")
    assert sc.items("N") == ["门清", "抢杠"]
    assert sc.payments() == [("W", "N", 1, "抢杠 (放炮)")]  # no kong money for a robbed kong


def test_kong_money_and_the_fifteen_tiles_left() -> None:
    hands = ["1111m9p258p369s123z", "99p47m36p147s5566z", "258m147p258s4477z", "369m368p369s6677z"]
    sc = Scenario(HN, hands, tail="4m")
    sc.play("E kong 1m")
    assert sc.payments() == [("S", "E", 2, "暗杠"), ("W", "E", 2, "暗杠"), ("N", "E", 2, "暗杠")]
    sc.idle()
    t = sc.table
    while not t.is_over:
        who = sc.name(t.to_act[0])
        sc.play(f"{who} discard {sc.drawn}" if t.phase is Phase.TURN else f"{who} pass")
    assert sc.winners == [] and len(t.remaining_wall()) == 15  # 七墩半: 黄庄
    assert sc.deltas() == {"E": 6, "S": -2, "W": -2, "N": -2}
    assert HN.next_dealer(t) == sc.seat("E")  # 黄庄: the dealer stays


# 十三幺 (十三烂): S holds 13 unrelated tiles; E discards the 14th.
SHISANLAN = ["6z1122m3344p5566s7z", "147m258p369s1234z", "35689m1679p2478s", "2389m1679p12478s"]


def test_thirteen_unrelated_wins_on_a_discard_and_on_the_deal() -> None:
    sc = Scenario(HN, SHISANLAN)
    sc.play("E discard 6z")
    assert sc.offers("S") == ["win", "pass"]
    sc.play("S win")
    assert sc.items("S") == ["门清", "十三幺"] and sc.deltas() == {"E": -1, "S": 1, "W": 0, "N": 0}
    hands = ["147m258p369s12345z", "6z1122m3344p5566s", "35689m1679p2478s", "2389m1679p12478s"]
    sc = Scenario(HN, hands)
    assert sc.offers("E")[-1] == "win"  # the dealer's dealt hand
    sc.play("E win")
    assert sc.items("E") == ["门清", "十三幺", "自摸"] and sc.deltas()["E"] == 3
