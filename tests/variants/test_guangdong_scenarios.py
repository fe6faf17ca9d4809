"""广东鸡平和 in play, by scripted scenarios: who pays (包, 杠上开花包杠,
抢杠, 一炮三响) and the floors that situations raise a hand to (海底捞月 ...).

The expected payments are worked by hand from the rule text (分 = 2 ** 番;
the one seat that pays for all pays 3 × 分), not taken from the code.
"""

from __future__ import annotations

import pytest
from mahjong_core.scenario import Scenario
from mahjong_core.variants.guangdong import GuangdongChicken, HeavenValues

RULES = GuangdongChicken()
LATER = GuangdongChicken(heaven_values=HeavenValues(heaven=0, earth=0, human=0))
"""For wins in the first go-around that should be scored as they would be later
(天和 / 地和 / 人和 switched off)."""

# W holds pairs of the three dragons, E feeds 5z and 7z, S the third dragon 6z.
DRAGON_HANDS = [
    "57z258m258p258s123z",  # E
    "369m369p369s1446z",  # S
    "123m9s147p556677z",  # W: 123m, 9s single wait, 147p to let go
    "147m8p147s112233z",  # N
]
DRAGON_MOVES = [
    "E discard 5z", "W pung", "W discard 1p", "N discard 9m",
    "E discard 7z", "W pung", "W discard 4p", "N discard 5m", "E discard 5p",
    "S discard 6z", "W pung", "W discard 7p",
]


def test_big_three_dragons_self_drawn_the_feeder_of_the_third_pays_for_all() -> None:
    sc = Scenario(RULES, DRAGON_HANDS, draws="9m9p5m5p4s5s6m8m9s")
    sc.play(*DRAGON_MOVES)
    assert [str(m) for m in sc.table.melds[sc.seat("W")]] == ["pon 555z", "pon 777z", "pon 666z"]
    sc.play("N discard 5s", "E discard 6m", "S discard 8m")
    assert sc.drawn == "9s" and sc.offers("W")[-1] == "win"
    sc.play("W win")
    # 大三元 is a special hand of 6 番 (no additions): 分 = 2**6 = 64; 包: S pays 3 × 64
    assert sc.items("W") == ["大三元"] and sc.score("W").total == 6
    assert sc.table.contexts[sc.seat("W")].liable == sc.seat("S")
    assert sc.deltas() == {"E": 0, "S": -192, "W": 192, "N": 0}


def test_big_three_dragons_on_a_discard_the_discarder_pays_alone() -> None:
    sc = Scenario(RULES, DRAGON_HANDS, draws="9m9p5m5p4s9s")
    sc.play(*DRAGON_MOVES, "N discard 9s")
    assert sc.offers("W") == ["win", "pass"]
    sc.play("W win")
    # 包 is for self-drawn wins only: N, the discarder, pays 分 = 64
    ctx = sc.table.contexts[sc.seat("W")]
    assert sc.items("W") == ["大三元"] and ctx.liable is None
    assert RULES.liable_seat(sc.table, ctx) is None  # (the hook's own answer, too)
    assert sc.deltas() == {"E": 0, "S": 0, "W": 64, "N": -64}


KONG_HANDS = ["19m7p147258s12345z", "777p123m456m99s56s", "5678m12345p6677z", "9m68p89s11223344z"]


def test_flower_on_a_fed_kong_the_feeder_pays_for_all() -> None:
    sc = Scenario(RULES, KONG_HANDS, tail="4s")
    sc.play("E discard 7p", "S kong")
    assert sc.drawn == "4s" and sc.offers("S")[-1] == "win"
    sc.play("S win")
    # 鸡和 0 + 自摸 1 = 1 番, raised to 3 by 杠上开花: 分 = 8; 杠上开花包杠: E pays 3 × 8
    assert sc.items("S") == ["鸡和", "自摸"] and sc.score("S").total == 3
    assert sc.deltas() == {"E": -24, "S": 24, "W": 0, "N": 0}


def test_flower_on_a_concealed_kong_everyone_pays() -> None:
    hands = list(KONG_HANDS)
    hands[0] = "19m9p147258s12345z"
    hands[1] = "7777p123m456m99s5s"
    sc = Scenario(RULES, hands, draws="6s", tail="4s")
    sc.play("E discard 5z", "S concealed kong 7p", "S win")
    # the same 3 番 (杠上开花), no feeder: each of the three pays 分 = 8
    assert sc.score("S").total == 3 and sc.deltas() == {"E": -8, "S": 24, "W": -8, "N": -8}


def test_a_plain_self_draw_of_the_same_hand_is_not_raised() -> None:
    sc = Scenario(LATER, KONG_HANDS, draws="4s")
    sc.play("E discard 5z", "S win")
    # 123m 456m 456s 777p 99s: 鸡和 0 + 自摸 1 = 1 番, 分 = 2, each pays 2
    assert sc.items("S") == ["鸡和", "自摸"] and sc.deltas() == {"E": -2, "S": 6, "W": -2, "N": -2}
    # on its first draw with no call made, it is 地和 (6 番 replaces 1): each pays 64
    sc = Scenario(RULES, KONG_HANDS, draws="4s")
    sc.play("E discard 5z", "S win")
    assert sc.items("S") == ["地和"] and sc.deltas() == {"E": -64, "S": 192, "W": -64, "N": -64}


# N and E wait on 4s; W punged 4s and adds the fourth (as in tests/core/test_scenarios.py).
ROB_HANDS = ["456m123p789p5s3367z", "4s367m258p79s2244z", "44s159m369p159s67z", "123m789m456p2s115z"]
ROB_MOVES = ["E discard 7z", "S discard 4s", "W pung", "W discard 7z", "N discard 5z", "E discard 6z", "S discard 8p"]


def test_robbing_a_kong_the_robbed_player_pays_for_all() -> None:
    sc = Scenario(RULES, ROB_HANDS, draws="1p3s6s8p4s")
    sc.play(*ROB_MOVES, "W added kong 4s")
    assert sc.offers("N") == sc.offers("E") == ["win", "pass"]
    sc.play("N win", "E win")
    # N: 123m 789m 456p 234s 11z and E: 456m 123p 789p 456s 33z, four chows each:
    # 平和 1 + 自摸 (抢杠 counts as self-drawn) 1 = 2, raised to 3 by 抢杠.  分 = 8; W pays 3 × 8 to each
    assert sc.items("N") == sc.items("E") == ["平和", "自摸"]
    assert sc.score("N").total == sc.score("E").total == 3
    assert sc.deltas() == {"E": 24, "S": 0, "W": -48, "N": 24}


# E discards 5s: S (46s), W (55s / 77z) and N (5s single) all win on it.
TRIPLE_HANDS = ["5s369m147p19s13456z", "123m456p789p46s11z", "456m789m123s55s77z", "789m234p678s5s222z"]


@pytest.mark.parametrize("pays_three", [True, False])
def test_three_winners_on_one_discard(pays_three: bool) -> None:
    off = HeavenValues(heaven=0, earth=0, human=0)  # (else each is 人和, 3 番 too)
    sc = Scenario(GuangdongChicken(triple_win_pays_three=pays_three, heaven_values=off), TRIPLE_HANDS)
    sc.play("E discard 5s")
    assert sc.offers("S") == ["chow 456s", "win", "pass"]
    assert sc.offers("W") == ["pung", "win", "pass"] and sc.offers("N") == ["win", "pass"]
    sc.play("S win", "W win", "N win")
    assert sc.winners == ["S", "W", "N"]
    # S 平和 1, W 鸡和 0, N 鸡和 0: each raised to 3 番 by 一炮三响, 分 = 8
    assert [sc.score(w).total for w in "SWN"] == [3, 3, 3]
    each = 24 if pays_three else 8
    assert sc.deltas() == {"E": -3 * each, "S": each, "W": each, "N": each}


def test_two_winners_on_one_discard_are_not_raised() -> None:
    sc = Scenario(LATER, TRIPLE_HANDS)
    sc.play("E discard 5s", "S win", "W pass", "N win")
    # S 平和 1 番 (分 2), N 鸡和 0 番 (分 1): no floor for two winners; E pays each its 分
    assert sc.score("S").total == 1 and sc.score("N").total == 0
    assert sc.deltas() == {"E": -3, "S": 2, "W": 0, "N": 1}
    # in the first go-around each is 人和 (3 番 replaces the hand's): 分 = 8 each
    sc = Scenario(RULES, TRIPLE_HANDS)
    sc.play("E discard 5s", "S win", "W pass", "N win")
    assert sc.items("S") == sc.items("N") == ["人和"]
    assert sc.deltas() == {"E": -16, "S": 8, "W": 0, "N": 8}


# N waits on 1z / 2z; the last tile of the wall is a 1z.
LAST_HANDS = ["147m258p369s13455z", "258m369p147s2366z", "369m147p258s4677z", "123m456p789s1122z"]


def test_the_last_tile_self_drawn_is_raised_to_three() -> None:
    sc = Scenario(RULES, LAST_HANDS, tail="1z")
    sc.play("E discard 3z")
    sc.idle(until_live=0)
    assert sc.to_act == ["N"] and sc.drawn == "1z" and sc.table.live_tiles == 0
    assert "win" in sc.offers("N")
    sc.play("N win")
    # 鸡和 0 + 自摸 1 + 圈风 (East round, pung of 1z) 1 = 2 番, raised to 3 by 海底捞月: each pays 8
    assert sc.items("N") == ["鸡和", "自摸", "圈风"] and sc.score("N").total == 3
    assert sc.table.contexts[sc.seat("N")].last_tile
    assert sc.deltas() == {"E": -8, "S": -8, "W": -8, "N": 24}


def test_the_same_self_draw_before_the_last_tile_is_not_raised() -> None:
    sc = Scenario(LATER, LAST_HANDS, draws="9p9m1z")
    sc.play("E discard 3z", "S discard 9p", "W discard 9m")
    assert sc.drawn == "1z" and sc.table.live_tiles > 0
    sc.play("N win")
    # 鸡和 0 + 自摸 1 + 圈风 1 = 2 番, 分 = 4 from each
    assert sc.items("N") == ["鸡和", "自摸", "圈风"] and sc.score("N").total == 2
    assert sc.deltas() == {"E": -4, "S": -4, "W": -4, "N": 12}


def test_twelve_tiles_down_the_feeder_of_the_fourth_meld_pays_for_all() -> None:
    # 十二张落地: W pungs 2m and 4p from E, 6s from S, then 8m from N, and self-draws 9s
    hands = ["1259m3469p147s123z", "258m258p69s23467z", "22m88m44p66s9s17p3s5z", "3689m8p1s1245677z"]
    sc = Scenario(RULES, hands, draws="7m1m5s5p4s7s7m9m5s9s")
    sc.play("E discard 2m", "W pung", "W discard 1p", "N discard 7m", "E discard 4p", "W pung", "W discard 7p",
            "N discard 5s", "E discard 5p", "S discard 6s", "W pung", "W discard 3s")
    sc.play("N discard 8m")
    assert sc.offers("W") == ["pung", "pass"]
    sc.play("W pung", "W discard 5z", "N discard 7m", "E discard 9m", "S discard 5s")
    assert sc.drawn == "9s" and sc.offers("W") == ["discard 9s", "win"]
    sc.play("W win")
    # 碰碰和 2 + 自摸 1 = 3 番, 分 = 8; N fed the fourth meld: N pays 3 × 8
    assert sc.items("W") == ["碰碰和", "自摸"] and sc.table.contexts[sc.seat("W")].liable == sc.seat("N")
    assert sc.deltas() == {"E": 0, "S": 0, "W": 24, "N": -24}
