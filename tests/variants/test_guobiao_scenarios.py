"""国标麻将 in play, by scripted scenarios: 8 fans to win, no 漏胡 ban, and
who pays (the discarder 8 + fans, each other seat 8)."""

from __future__ import annotations

from mahjong_core.rules import Ruleset
from mahjong_core.scenario import Scenario
from mahjong_core.variants.guobiao import Guobiao

RULES = Guobiao()

HANDS = [
    "19p369m158s134567z",  # E
    "234m567p23789s22z",  # S: waits on 1s / 4s, a few fans only
    "123456789m23p11z",  # W: 清龙, waits on 1p / 4p
    "18m48p469s335577z",  # N
]


class AnyWinRules(Ruleset):
    """The same tiles (flowers in the wall), and any complete hand wins."""

    name = "test-any-win-144"
    flower_tiles = tuple(range(34, 42))


def test_a_hand_under_eight_fans_is_not_offered_the_win() -> None:
    sc = Scenario(RULES, HANDS)
    sc.play("E discard 1s")
    assert sc.offers("S") == ["chow 123s", "pass"]
    sc = Scenario(AnyWinRules(), HANDS)
    sc.play("E discard 1s")
    assert sc.offers("S") == ["chow 123s", "win", "pass"]


def test_a_discard_win_the_discarder_pays_eight_and_the_fans() -> None:
    sc = Scenario(RULES, HANDS)
    sc.play("E discard 1p")
    assert sc.offers("W") == ["win", "pass"]
    sc.play("W win")
    # 123456789m 123p 11z: 清龙 16, 门前清 2, 喜相逢 (123m 123p) 1, 缺一门 1 = 20
    assert sorted(sc.items("W")) == sorted(["清龙", "门前清", "喜相逢", "缺一门"]) and sc.score("W").total == 20
    assert sc.deltas() == {"E": -28, "S": -8, "W": 44, "N": -8}


def test_no_missed_win_ban() -> None:
    sc = Scenario(RULES, HANDS, draws="4p")
    sc.play("E discard 1p", "W pass", "S discard 4p")
    assert sc.offers("W") == ["chow 234p", "win", "pass"]  # 国标 has no 漏胡: the next discard may be won on
