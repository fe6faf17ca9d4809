"""温州麻将's situational rules on stacked walls (mahjong_core.scenario):
17 tiles for the dealer and 16 + the 17th drawn for the others, the 财神
turned up after the deal, chows only from the 上家, the dead discarded
财神, 截胡 and the deal passing counter-clockwise."""

from __future__ import annotations

from mahjong_core.engine import Phase
from mahjong_core.scenario import Scenario
from mahjong_core.tiles import parse_tile
from mahjong_core.variants.wenzhou import Wenzhou
from reference.engine_invariants import check_invariants, check_paper_path, check_replay

WZ = Wenzhou()
DEALER = "39m258p369p1478s34567z"  # 17 tiles, no sets
S16 = "1258m1479p2589s3466z"
FILL_W = "2588m3699p1467s345z7z"  # 16, claims nothing here
FILL_N = "1369m1478p2589s3457z"
WAIT = "123m456m789p11s23s999s"  # waits on 1s / 4s


def finish(sc: Scenario) -> None:
    t = sc.table
    check_invariants(t)
    if t.is_over:
        if all(t.contexts[s].win_tile >= 0 for s in t.winners):  # (天胡: no winning tile to write)
            check_paper_path(t)
        check_replay(t)


def test_the_deal_and_the_caishen() -> None:
    # "每人手里抓17张牌": the dealer 17, the others 16 and the 17th drawn
    sc = Scenario(WZ, [DEALER, S16, FILL_W, FILL_N], indicator="1z")
    t = sc.table
    assert [sum(t.hands[s]) for s in range(4)] == [17, 16, 16, 16]
    assert t.indicator == parse_tile("1z") and t.wild_kinds == {parse_tile("2z")}  # the kind after 东
    assert t.live_tiles == 136 - 65 - 1  # the turned-up tile leaves the wall
    assert sc.to_act == ["E"] and t.phase is Phase.TURN and t.drawn is None
    finish(sc)


def test_the_seventeenth_tile_wins() -> None:
    sc = Scenario(WZ, [DEALER, WAIT, FILL_W, FILL_N], draws="4s", indicator="1z")
    sc.play("E discard 3m", "S pass")  # (S could chow 3m)
    assert sc.table.drawn == parse_tile("4s") and "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["底数", "平胡", "硬胡"] and sc.score("S").points == 2
    assert sc.deltas() == {"E": -2, "S": 6, "W": -2, "N": -2}
    assert WZ.next_dealer(sc.table) == sc.seat("S")  # "余下的按逆时针的方始终轮庄"
    finish(sc)


def test_only_the_next_seat_chows() -> None:
    hands = [DEALER, S16, FILL_W, "45m69m1478p2589s3457z"]
    sc = Scenario(WZ, hands, indicator="1z")
    sc.play("E discard 3m")
    assert sc.offers("S") == ["chow 123m", "pass"] and "N" not in sc.to_act
    sc.play("S chow 123m")
    assert [str(m) for m in sc.table.melds[sc.seat("S")]] == ["chi 123m"] and sc.to_act == ["S"]
    finish(sc)


def test_a_discarded_caishen_is_never_claimed() -> None:
    # W holds two 财神 and S waits on anything a 财神 could be: nobody may take E's 2z
    hands = ["2z39m258p369p1478s3467z", WAIT, "2z2z258m3699p1467s345z", FILL_N]
    sc = Scenario(WZ, hands, indicator="1z")
    sc.play("E discard 2z")
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"]
    finish(sc)


def test_one_winner_the_nearest() -> None:
    hands = ["4s39m258p369p178s34567z", WAIT, FILL_W, "123p456p789m22s23s666z"]
    sc = Scenario(WZ, hands, indicator="1z")
    sc.play("E discard 4s")
    assert "win" in sc.offers("S") and "win" in sc.offers("N")
    sc.play("N win", "S win")
    assert sc.winners == ["S"] and sc.deltas() == {"E": -2, "S": 2, "W": 0, "N": 0}
    finish(sc)


def test_the_dealer_keeps_the_deal_with_its_win() -> None:
    sc = Scenario(WZ, ["123m456m789p11s234s777m", S16, FILL_W, FILL_N], indicator="1z")
    assert "win" in sc.offers("E")
    sc.play("E win")
    assert WZ.next_dealer(sc.table) == sc.seat("E") and WZ.dealer_stays(sc.table)
    finish(sc)
