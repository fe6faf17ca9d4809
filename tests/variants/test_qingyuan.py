"""清远麻雀 (seed 001, variants-more §7): the worked examples through
``score_hand`` and in play on stacked walls, the six hands, self-drawn wins
only, kong points (on a discard 3 from the discarder, concealed 2 from
each, added 1 from each), no 抢杠, and the 100-tile wall.

Amounts are worked by hand from the seed's sentence ("开杠杠谁的就谁多输 3 点，
暗杠的话，三家每多家输 2 点") and its point table, not from the code.
"""

from __future__ import annotations

from collections import Counter

import pytest

from mahjong_core.engine import Phase, Table
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.scenario import Scenario
from mahjong_core.variants.qingyuan import Qingyuan

QY = Qingyuan()


# ---------------------------------------------------------------------------
# On paper
# ---------------------------------------------------------------------------


def test_example_1_chicken_self_drawn() -> None:
    r = QY.score_hand("123p456p789s123s1z", win_tile="1z")
    assert r.sheet.names() == ["鸡糊"] and r.sheet.total == 3 and r.sheet.unit == "点"
    assert r.settlement.deltas(4) == [9, -3, -3, -3]


def test_example_2_all_pungs_with_a_kong_fed_by_b() -> None:
    # B (seat 1) fed the kong: 3 for the kong + 6 for the win; the others 6
    r = QY.score_hand("111p999s222z3s", win_tile="3s", melds=["kan 5555p"], context={"meld_sources": "1"})
    assert r.sheet.names() == ["对对糊"] and r.sheet.total == 6
    assert r.settlement.deltas(4) == [21, -9, -6, -6]


def test_example_3_all_honour_pungs_with_a_concealed_kong() -> None:
    r = QY.score_hand("222z333z555z6z", win_tile="6z", melds=["ankan 1111z"])
    assert r.sheet.names() == ["全字全对"] and r.sheet.total == 18
    assert r.settlement.deltas(4) == [60, -20, -20, -20]  # 18 + 2 from each


@pytest.mark.parametrize(("hand", "win", "name", "points"), [
    ("123p456p789p11p23p", "4p", "清一色", 9),
    ("123s456s789s11s23s", "4s", "清一色", 9),
    ("123p456p789p11z23p", "4p", "鸡糊", 3),  # a suit with honours: no 混一色 in 清远
    ("111p333p555p777p9p", "9p", "清一色全对", 12),
    ("111p999p111s999s1z", "1z", "壹玖全对", 15),
    ("111p999s222z777z9p", "9p", "壹玖全对", 15),
    ("111p999p111s777z9s", "9s", "壹玖全对", 15),
    ("111z222z333z444z5z", "5z", "全字全对", 18),
    ("111p333s222z777z9p", "9p", "对对糊", 6),
])
def test_the_six_hands_the_highest_counts(hand: str, win: str, name: str, points: int) -> None:
    r = QY.score_hand(hand, win_tile=win, winner=2)
    assert r.sheet.names() == [name] and r.sheet.total == r.sheet.points == points
    assert r.settlement.deltas(4) == [-points, -points, 3 * points, -points]


def test_the_hands_do_not_add_up() -> None:
    r = QY.score_hand("111p333p555p777p9p", win_tile="9p")
    assert r.sheet.total == 12 and "not added: 对对糊, 清一色" in r.sheet.notes[0]


def test_wins_that_are_not_allowed() -> None:
    with pytest.raises(IllegalWinError, match=r"self-drawn wins only \(只允许自摸不允许吃糊\)"):
        QY.score_hand("123p456p789s123s1z", win_tile="1z", discarder=3)
    with pytest.raises(IllegalWinError, match="self-drawn wins only"):  # no 抢杠 either
        QY.score_hand("123p456p789s123s1z", win_tile="1z", discarder=2, context={"robbed_kong": True})
    with pytest.raises(IllegalWinError, match="four sets and a pair"):
        QY.score_hand("1133p5577s1122z3z", win_tile="3z")  # no seven pairs
    with pytest.raises(InvalidHandError, match="not in this rule set's tiles"):
        QY.score_hand("123m456p789s123s1z", win_tile="1z")  # no 万
    with pytest.raises(InvalidHandError, match="no chow"):
        QY.score_hand("456p789s123s1z", win_tile="1z", melds=["chi 123p"])
    with pytest.raises(MahjongError, match="needs the discarder"):
        QY.score_hand("111p999s222z3s", win_tile="3s", melds=["kan 5555p"])


def test_options_and_names() -> None:
    assert QY.options.added_kong == 1
    with pytest.raises(MahjongError, match="added_kong must be an int >= 0"):
        Qingyuan(added_kong=-1)
    with pytest.raises(MahjongError, match="unknown option"):
        Qingyuan(seven_pairs=True)
    for name in ("qingyuan", "清远麻雀", "清远", "清远麻将", "qingyuan-v1"):
        assert find_variant(name) is Qingyuan
    d = Qingyuan.describe()
    assert (d["wall_tiles"], d["hand_size"], d["flowers"], d["defaults"]) == (100, 13, 0, {"added_kong": 1})


def test_the_wall_has_no_characters() -> None:
    t = Table(QY, seed=11)
    wall = Counter(t.wall)
    assert len(t.wall) == 100 and sorted(wall) == list(range(9, 34)) and set(wall.values()) == {4}


# ---------------------------------------------------------------------------
# In play (stacked walls)
# ---------------------------------------------------------------------------


def test_a_discard_is_never_won_on_the_self_draw_is() -> None:
    hands = ["3s147p258p69s12345z", "123p456p789s12s11z", "369p369s147s6677z", "2588s3699p34455z"]
    sc = Scenario(QY, hands, draws="3s")
    sc.play("E discard 3s")
    assert sc.to_act == ["S"] and sc.drawn == "3s"  # S (waiting on 3s) was not asked
    sc.play("S win")
    assert sc.items("S") == ["鸡糊"] and sc.deltas() == {"E": -3, "S": 9, "W": -3, "N": -3}


def test_example_2_in_play_the_kong_feeder_pays_3_at_once() -> None:
    hands = ["5p147p28p369s12345z", "555p111p999s222z3s", "1248s3469p66677z", "13577s2368p3445z"]
    sc = Scenario(QY, hands, tail="3s")
    sc.play("E discard 5p")
    assert sc.offers("S") == ["pung", "kong", "pass"]
    sc.play("S kong")
    assert sc.payments() == [("E", "S", 3, "杠 (discarder)")]
    assert sc.drawn == "3s" and sc.offers("S")[-1] == "win"
    sc.play("S win")  # on the replacement: a plain self-draw
    assert sc.items("S") == ["对对糊"] and sc.deltas() == {"E": -9, "S": 21, "W": -6, "N": -6}


def test_example_3_in_play_a_concealed_kong_pays_2_from_each() -> None:
    hands = ["1111z222z333z555z6z", "123456789p1234s", "123456789s5678p", "444777z119p1199s"]
    sc = Scenario(QY, hands, tail="6z")
    sc.play("E kong 1z")
    assert sc.payments() == [("S", "E", 2, "暗杠"), ("W", "E", 2, "暗杠"), ("N", "E", 2, "暗杠")]
    sc.play("E win")
    assert sc.items("E") == ["全字全对"] and sc.deltas() == {"E": 60, "S": -20, "W": -20, "N": -20}


def test_added_kong_pays_1_from_each_cannot_be_robbed_and_points_stay_at_a_draw() -> None:
    hands = ["2s5p1478p369s12345z", "5552368p89s6677z", "22s469s479p44557z", "123p678p789s13s11z"]
    sc = Scenario(QY, hands, draws="3p5s6p7s8s2p2s", tail="9p")
    sc.play("E discard 5p", "S kong", "S discard 9p", "W discard 3p", "N discard 5s", "E discard 2s")
    assert sc.offers("N") == [] and sc.offers("W") == ["pung", "pass"]  # N waits on 2s: no 吃糊
    sc.play("W pung", "W discard 4p", "N discard 7s", "E discard 8s", "S discard 2p")
    assert sc.drawn == "2s" and sc.table.waits(sc.seat("N")) == [19]  # N waits on 2s
    sc.play("W kong 2s")
    # no 抢杠: N, waiting on 2s, is not asked; the kong is made and paid at once
    assert sc.table.phase is Phase.TURN and sc.to_act == ["W"]
    assert sc.payments() == [
        ("E", "S", 3, "杠 (discarder)"), ("E", "W", 1, "加杠"), ("S", "W", 1, "加杠"), ("N", "W", 1, "加杠"),
    ]
    sc.idle()
    t = sc.table
    while not t.is_over:  # the last discard, and any claims on it, passed
        who = sc.name(t.to_act[0])
        sc.play(f"{who} discard {sc.drawn}" if t.phase is Phase.TURN else f"{who} pass")
    assert sc.winners == [] and len(t.remaining_wall()) == 0
    assert sc.deltas() == {"E": -4, "S": 2, "W": 3, "N": -1}
    assert QY.next_dealer(t) == sc.seat("E")  # a drawn hand: the dealer stays
