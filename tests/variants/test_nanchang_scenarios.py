"""南昌麻将's situational rules on stacked walls: the 精 turned up at the
end of the wall, 天和 on a 十三烂 deal, a discarded 精 never claimed nor won
on, honour chows won on but not called, 精分 counting a discarded 精 with
霸王精, 杠上开花, one winner per discard (and 一炮多响 as an option)."""

from __future__ import annotations

from mahjong_core.engine import Phase
from mahjong_core.scenario import Scenario
from mahjong_core.tiles import parse_tile
from mahjong_core.variants.nanchang import Nanchang
from reference.engine_invariants import check_invariants, check_paper_path, check_replay

NC = Nanchang()
# indicator 9p: 正精 1p, 副精 2p; the fillers hold neither
FILL_S = "2356m3456p3467s7z"
FILL_W = "2368m4578p1369s7z"
FILL_N = "235689m45678p7s7z"


def finish(sc: Scenario) -> None:
    t = sc.table
    check_invariants(t)
    if t.is_over:
        check_paper_path(t)
        check_replay(t)


def test_the_indicator_and_a_heavenly_shisanlan() -> None:
    # "使得天和、地和的出现频度大幅增加": the dealer's dealt 十三烂 wins at once
    sc = Scenario(NC, ["147m369p258s12345z", FILL_S, FILL_W, FILL_N], indicator="9p")
    t = sc.table
    assert t.indicator == parse_tile("9p") and t.wild_kinds == {parse_tile("1p"), parse_tile("2p")}
    assert len(t.wall) == 135 and sc.events("indicator")[0]["wilds"] == ["1p", "2p"]
    assert "win" in sc.offers("E")
    sc.play("E win")
    assert sc.items("E") == ["十三烂", "德国", "天和"] and sc.score("E").total == 16
    assert sc.deltas() == {"E": 96, "S": -32, "W": -32, "N": -32}  # no 精分: nobody holds a 精
    check_invariants(sc.table)  # (no winning tile: no paper path)
    check_replay(sc.table)


def test_a_discarded_jing_is_never_claimed_nor_won_on() -> None:
    # E discards 2p (副精): S holds 34p (a chow), N waits on 2p/5p: no offers
    sc = Scenario(NC, ["2p1478m369p258s123z", "34p123m789m11s567z", FILL_W, "34p456m789m55s666z"],
                  indicator="9p")
    sc.play("E discard 2p")
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"]
    finish(sc)
    # the same discard with the option: N may win on it
    sc = Scenario(Nanchang(win_on_discarded_jing=True),
                  ["2p1478m369p258s123z", "34p123m789m11s567z", FILL_W, "34p456m789m55s666z"], indicator="9p")
    sc.play("E discard 2p")
    assert sc.offers("N") == ["win", "pass"] and "chow" not in " ".join(sc.offers("S"))
    sc.play("S pass", "N win")
    assert sc.winners == ["N"]
    finish(sc)


def test_an_honour_chow_is_won_on_but_not_called() -> None:
    # S's 12z takes 3z (or 4z) as 东南西 only to win; no chow of 3z is offered
    sc = Scenario(NC, ["3z1478m369p258s124z", "123m456p789s12z55z", FILL_W, FILL_N], indicator="9p")
    sc.play("E discard 3z")
    assert sc.offers("S") == ["win", "pass"]
    sc.play("S win")
    assert sc.items("S") == ["平胡", "德国"]
    assert sc.deltas() == {"E": -4, "S": 8, "W": -2, "N": -2}  # the discarder 2 × 2, the others 2
    finish(sc)


def test_jing_points_count_a_discarded_jing_and_bawang() -> None:
    # E discards its 1p (正精, 2 精分): the only 精 of the hand; S self-draws 3z
    # on its first draw (地和)
    sc = Scenario(NC, ["1p1478m369p258s123z", "123m456p789s12z55z", FILL_W, FILL_N], draws="3z",
                  indicator="9p")
    sc.play("E discard 1p")
    assert sc.drawn == "3z"
    sc.play("S win")
    assert sc.items("S") == ["平胡", "德国", "地和"]
    # S: 2 × 8 from each; E: 精分 2, 霸王精 ×2 = 4 from each
    assert sc.deltas() == {"E": -16 + 12, "S": 48 - 4, "W": -20, "N": -20}
    assert ("S", "E", 4, "精分 霸王精") in sc.payments()
    finish(sc)
    # counting only the 精 in hand, E has none: no 精分
    sc = Scenario(Nanchang(jing_counted="hand"), ["1p1478m369p258s123z", "123m456p789s12z55z", FILL_W, FILL_N],
                  draws="3z", indicator="9p")
    sc.play("E discard 1p", "S win")
    assert sc.deltas() == {"E": -16, "S": 48, "W": -16, "N": -16}


def test_win_on_a_kong_replacement() -> None:
    sc = Scenario(NC, ["1478m369p258s1234z", "123m789m11s35s666z", FILL_W.replace("7z", "5z"),
                       FILL_N.replace("7z", "5z")], draws="6z", tail="4s", indicator="9p")
    sc.play("E discard 3z")
    assert sc.drawn == "6z" and sc.can("S", "kong 6z")
    sc.play("S kong 6z")
    assert sc.drawn == "4s" and "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["平胡", "德国", "杠上开花"]
    assert sc.deltas() == {"E": -8, "S": 24, "W": -8, "N": -8}
    finish(sc)


def test_one_winner_per_discard_unless_the_option() -> None:
    hands = ["3z1478m369p258s124z", "123m456p789s12z55z", FILL_W, "456m456p789s12z66s"]
    sc = Scenario(NC, hands, indicator="9p")
    sc.play("E discard 3z")
    assert "win" in sc.offers("S") and "win" in sc.offers("N")
    sc.play("N win", "S win")
    assert sc.winners == ["S"]  # the nearest after the discarder
    finish(sc)
    sc = Scenario(Nanchang(multiple_winners=True), hands, indicator="9p")
    sc.play("E discard 3z", "N win", "S win")
    assert sorted(sc.winners) == ["N", "S"]
    assert sc.deltas() == {"E": -8, "S": 8 - 2, "W": -4, "N": 8 - 2}
    finish(sc)
