"""合肥麻将 situational rules on stacked walls: 八支 in play, the two rooms
(报听), the 海捞区 (last four tiles: self-draw or laid aside, no kong, 荒庄
refunds kong points), no pung or exposed kong, 一炮多响 with 庄分, 天胡
with a streak, and the two dealer rules."""

from __future__ import annotations

from mahjong_core.analysis import is_win
from mahjong_core.engine import Table
from mahjong_core.scenario import Scenario, stack_wall
from mahjong_core.tiles import parse_tile
from mahjong_core.variants.hefei import Hefei

OPEN = Hefei(room="no-declare")

# S waits on 6m with 11 万 (八支 met); see test_hefei.py HF-E2
S_READY = "23423457888m55p"
W_PLAIN = "2468m223456788s"
N_PLAIN = "3456m3567p23456s"


def test_baizhi_in_play_a_complete_shape_without_eight_is_not_offered() -> None:
    sc = Scenario(OPEN, hands=[
        "22335566778s357p",      # E
        "234m567m345p678p8s",    # S: complete on 8s, but m 6 p 6 s 2
        "23456788m234p55p",      # W: waits 8m / 5p with 8 万
        "2468m2468p24678s",      # N
    ], draws="4s4s8p")
    assert is_win("234m567m345p678p88s")  # the shape S would complete
    sc.play("E discard 8s")
    # no claim phase: S was not offered the win and has drawn
    assert sc.to_act == ["S"] and sc.events()[-1] == {"seat": 1, "tile": "4s", "type": "draw"}
    assert "win" not in sc.offers("S")
    sc.play("S discard 4s", "W discard 4s", "N discard 8p")
    sc.play("E discard 5p")
    assert sc.offers("W") == ["win", "pass"]
    sc.play("W win")
    # 8 万 exactly: base 10 + 缺一门; the 555p the discard completed is no 坎, 对倒 is no 卡
    assert sc.winners == ["W"] and sc.score("W").total == 10 + 1
    assert sc.deltas() == {"E": -12, "S": 0, "W": 12, "N": 0}  # 庄分 1 on the dealer's payment


def test_no_pung_no_exposed_kong_on_a_discard() -> None:
    # W holds 222s and 45s, N 88s: E's 2s could be punged or konged, 3s chowed, elsewhere
    sc = Scenario(OPEN, hands=["2224466788p2357s", S_READY, "246m2223456788s", "3456m3567p33456s"])
    sc.play("E discard 2s")
    assert sc.to_act == ["S"] and sc.table.phase.value == "turn"  # no claim was offered to anyone
    assert not any(e["type"] == "call" for e in sc.events())


def test_declare_room_discard_win_needs_a_declaration() -> None:
    hands = ["6m2224466788p357s", S_READY, W_PLAIN, N_PLAIN]
    sc = Scenario(Hefei(), hands=hands, draws="2s3s4s6m")
    sc.play("E discard 6m")
    assert sc.to_act == ["S"]  # S waits on 6m but has not declared: no claim
    assert "ready 2s" in sc.offers("S")
    sc.play("S ready 2s")
    assert sc.table.declared[1]
    sc.play("W discard 3s", "N discard 4s", "E discard 6m")
    assert sc.offers("S") == ["win", "pass"]
    sc.play("S win")
    sheet = sc.score("S")
    assert sheet.items[0].zh == "基本分" and sheet.items[0].value == 12
    assert sheet.total == 12 + 4 + 1 + 1 + 1 + 2
    assert sc.deltas() == {"E": -22, "S": 22, "W": 0, "N": 0}


def test_declared_hand_is_locked() -> None:
    hands = ["6m2224466788p357s", S_READY, W_PLAIN, N_PLAIN]
    sc = Scenario(Hefei(), hands=hands, draws="2s3s4s3p7p")
    sc.play("E discard 6m", "S ready 2s", "W discard 3s", "N discard 4s", "E discard 3p")
    assert sc.to_act == ["S"] and sc.offers("S") == ["discard 7p"]


def test_no_declare_room_discard_win_without_declaring() -> None:
    sc = Scenario(OPEN, hands=["6m2224466788p357s", S_READY, W_PLAIN, N_PLAIN])
    assert not any("ready" in o for o in sc.offers("E"))
    sc.play("E discard 6m")
    assert sc.offers("S") == ["win", "pass"]
    sc.play("S win")
    assert sc.score("S").total == 19 and sc.deltas()["E"] == -20


def test_multiple_winners_and_dealer_points_each() -> None:
    sc = Scenario(OPEN, hands=[
        "6m667788p2233445s",     # E
        S_READY,                 # S waits 6m
        "222333444p55p78m",      # W waits 6m: 78 of this set waits only on 6 (卡)
        "2345m678p266778s",      # N
    ])
    sc.play("E discard 6m")
    assert sc.offers("S") == ["win", "pass"] and sc.offers("W") == ["win", "pass"]
    sc.play("S win", "W win")
    assert sorted(sc.winners) == ["S", "W"]
    # W: 234p ×3 read as 2 双铺子 (+4, better than 3 坎), 卡 on 6m, 支 3, 缺一门
    assert sc.score("W").total == 10 + 3 + 1 + 4 + 1
    assert "双铺子" in sc.items("W") and "坎" not in sc.items("W")
    assert sc.deltas() == {"E": -40, "S": 20, "W": 20, "N": 0}
    t = sc.table
    assert OPEN.next_dealer(t) == 1  # a non-dealer won: the dealer's 下家
    assert Hefei(room="no-declare", dealer_rule="feeder").next_dealer(t) == 0  # seed 001: the discarder


def _zone_hands(e: str) -> list[str]:
    return [e, S_READY, W_PLAIN, N_PLAIN]


def test_haolao_zone_no_discard_no_kong_self_draw_wins() -> None:
    # the last four tiles, in drawing order E S W N: 2p 6m 3p 7p (tail is taken from the back)
    sc = Scenario(OPEN, hands=_zone_hands("2224466788p3357s"), tail="7p3p6m2p")
    sc.play("E discard 7s")
    sc.idle(until_live=3)
    t = sc.table
    assert t.in_self_draw_zone and sc.to_act == ["E"] and sc.drawn == "2p"
    assert t.hands[0][parse_tile("2p")] == 4
    assert sc.offers("E") == ["discard 2p"]  # four 2p but no kong in the 海捞区, no win
    sc.play("E discard 2p")
    assert sc.to_act == ["S"] and sc.drawn == "6m"  # nobody may claim the laid-aside tile
    assert sc.offers("S") == ["discard 6m", "win"]
    sc.play("S win")
    assert "海捞胡牌" in sc.items("S") and sc.score("S").total == 19 + 10
    assert sc.deltas() == {"E": -31, "S": 89, "W": -29, "N": -29}


def test_haolao_zone_laid_aside_tile_cannot_be_won_on() -> None:
    # E draws S's winning 6m in the 海捞区 and lays it aside: S may not win on it
    sc = Scenario(OPEN, hands=_zone_hands("2224466788p3357s"), tail="7p3p2p6m")
    sc.play("E discard 7s")
    sc.idle(until_live=3)
    assert sc.drawn == "6m" and sc.offers("E") == ["discard 6m"]
    sc.play("E discard 6m")
    assert sc.to_act == ["S"] and sc.drawn == "2p" and sc.offers("S") == ["discard 2p"]


def test_haolao_zone_all_pass_is_a_draw_and_kong_points_are_void() -> None:
    rs = Hefei(room="no-declare", kong_payment=2)
    sc = Scenario(rs, hands=_zone_hands("2222p4466788p357s"), tail="3s7p3p8s7m")
    sc.play("E kong 2p")
    assert sc.drawn == "3s"
    assert sc.table.kong_settlement.deltas(4) == [6, -2, -2, -2]
    sc.play("E discard 3s")
    sc.idle(until_live=3)
    order = []
    for _ in range(4):
        (seat,) = sc.to_act
        order.append(seat)
        assert sc.offers(seat) == [f"discard {sc.drawn}"]
        sc.play(f"{seat} discard {sc.drawn}")
    assert order == ["N", "E", "S", "W"]  # after one kong the 4th-last tile falls to N
    t = sc.table
    assert t.is_over and not t.winners and sc.events("draw_game")
    assert sc.deltas() == {"E": 0, "S": 0, "W": 0, "N": 0}  # 荒庄: 本局所有杠分无效
    assert rs.next_dealer(t) == 0  # the dealer deals again


def test_kong_allowed_until_four_are_left() -> None:
    hands = ["2224466788p3357s", S_READY, "2468m334567888s", "3456m3567p22256s"]
    # N draws the 5th-last tile (2s, its fourth): four are left, so no kong
    sc = Scenario(OPEN, hands=hands, tail="7p3p6m8s2s")
    sc.play("E discard 7s")
    sc.idle(until_live=4)
    assert sc.to_act == ["N"] and sc.drawn == "2s" and sc.table.live_tiles == 4
    assert not any("kong" in o for o in sc.offers("N"))
    # the same tile as the 9th-last: the kong is offered
    sc = Scenario(OPEN, hands=hands, tail="7p3p6m8s3p5p6p7p2s")
    sc.play("E discard 7s")
    sc.idle(until_live=8)
    assert sc.to_act == ["N"] and sc.drawn == "2s" and "concealed kong 2s" in sc.offers("N")


def test_heavenly_hand_in_play_with_a_streak() -> None:
    hands = ["22233444555666m", "234567p2345678s", "234567p2345678s", "7788m2345678p88s"]
    wall = stack_wall(OPEN, hands)
    t = Table(OPEN, wall=wall, streak=2, dealer=0)
    assert [a.kind.name for a in t.legal_actions(0)][-1] == "WIN"
    t.apply(next(a for a in t.legal_actions(0) if a.kind.name == "WIN"))
    assert t.scores[0].names() == ["基本分", "天胡", "庄分", "庄分", "庄分"]
    assert t.deltas() == [348, -116, -116, -116]
    assert OPEN.next_dealer(t) == 0


def test_declare_with_seven_of_a_suit_waiting_in_it() -> None:
    # S: 2345678m waits 2m/5m/8m (each makes 8 万) + 234567p; it draws 8p
    sc = Scenario(Hefei(), hands=["6m2224466788p357s", "2345678m234567p", W_PLAIN, N_PLAIN], draws="8p")
    sc.play("E discard 6m")
    assert "ready 8p" in sc.offers("S")


def test_a_declared_hand_may_kong_when_it_stays_ready_whatever_its_waits() -> None:
    """"听牌后仍可杠牌，前提是杠完后还可听": S declares on 222m 344m 566m 78m 55p
    (waits 2m 5m 5p) and draws the fourth 2m; after the kong it waits on 2m 5m
    only, still ready, so the kong is offered (a same-waits rule would refuse it)."""
    hands = ["3345678p2345678s", "22234456678m55p", "3345677p345667s", "333445m2222p448s"]
    sc = Scenario(Hefei(), hands, draws="8s3s6s7p2m", tail="7s")
    sc.play("E discard 3p", "S ready 8s", "W discard 3s", "N discard 6s", "E discard 7p")
    assert sc.drawn == "2m" and "concealed kong 2m" in sc.offers("S")
    sc.play("S kong 2m")
    assert sc.drawn == "7s" and sc.offers("S") == ["discard 7s"]  # locked: it discards what it draws
    sc.play("S discard 7s")
    assert sc.table.waits(sc.seat("S")) == [1, 4]  # 2m, 5m

