"""济南麻将: every sentence of the seed note (variants-more §11.13) through
``score_hand`` and scripted scenarios (报听 明摸 and 明打, 花砸), the
illegal wins, the options.

Amounts are worked by hand from the seed: 1 番 per payer for a plain win
(the discarder, or everyone on a self-draw), +1 番 per kong and per flower,
明摸 4 (the dealer 8), 明打 8 (the dealer 16); 1 番 = 1 point.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.scenario import Scenario
from mahjong_core.variants import jinan
from mahjong_core.variants.jinan import Jinan, ReadyMode

JN = Jinan()
HAND = "123m456p789s2m345s"  # waits on 2m for a 2-5-8 pair


# --- 1. 必需以二五八做将 ------------------------------------------------------------


def test_the_pair_must_be_2_5_or_8() -> None:
    with pytest.raises(IllegalWinError, match="二五八"):
        JN.score_hand("123m456p789s1m345s", win_tile="1m", winner=1, discarder=2)
    assert JN.score_hand("123m456p789s5p345s", win_tile="5p", winner=1, discarder=2).sheet.total == 1


def test_seven_pairs_only_with_the_option_and_a_258_pair() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        JN.score_hand("1133m5599p1177s2z", win_tile="2z", winner=1, discarder=2)
    rs = Jinan(seven_pairs=True)
    with pytest.raises(IllegalWinError, match="二五八"):
        rs.score_hand("1133m7799p1177s2z", win_tile="2z", winner=1, discarder=2)
    assert rs.score_hand("1133m5599p1177s2z", win_tile="2z", winner=1, discarder=2).sheet.total == 1


# --- 2. 推倒胡，放炮即 1 全部人 1 番 ---------------------------------------------------


def test_discard_win_the_discarder_pays_one() -> None:
    r = JN.score_hand(HAND, win_tile="2m", winner=1, discarder=2)
    assert r.sheet.names() == ["推倒胡"] and r.settlement.deltas(4) == [0, 1, -1, 0]


def test_self_draw_everyone_pays_one() -> None:
    r = JN.score_hand(HAND, win_tile="2m", winner=1)
    assert r.settlement.deltas(4) == [-1, 3, -1, -1]


def test_the_other_reading_everyone_pays_on_a_discard_too() -> None:
    r = Jinan(discard_all_pay=True).score_hand(HAND, win_tile="2m", winner=1, discarder=2)
    assert r.settlement.deltas(4) == [-1, 3, -1, -1]


# --- 3. 杠算 1 番, 6. 花子只算加番 ---------------------------------------------------


def test_kongs_and_flowers_add_a_fan_each() -> None:
    r = JN.score_hand("456p789s2m345s", win_tile="2m", melds=["kan 1111m"], winner=1, discarder=2, flowers="1f3f")
    assert r.sheet.names() == ["推倒胡", "杠", "花", "花"]
    assert r.sheet.total == 1 + 1 + 2 and r.settlement.deltas(4) == [0, 4, -4, 0]


def test_a_win_on_a_flower_replacement_is_huaza_and_scores_nothing_more() -> None:
    r = JN.score_hand(HAND, win_tile="2m", winner=1, flowers="2f", context={"flower_replacement": True})
    assert r.sheet.names() == ["推倒胡", "花", "花砸"] and r.sheet.total == 2


# --- 4. 报听明摸, 5. 明打 ---------------------------------------------------------------


def test_mingmo_self_drawn_pays_4_and_the_dealer_8() -> None:
    r = JN.score_hand(HAND, win_tile="2m", winner=1, context={"declared_ready": True})
    assert r.sheet.names() == ["明摸"] and r.settlement.deltas(4) == [-8, 16, -4, -4]
    r = JN.score_hand(HAND, win_tile="2m", winner=0, context={"declared_ready": True})
    assert r.settlement.deltas(4) == [24, -8, -8, -8]


def test_mingmo_may_not_win_on_a_discard() -> None:
    with pytest.raises(IllegalWinError, match="明摸"):
        JN.score_hand(HAND, win_tile="2m", winner=1, discarder=2, context={"declared_ready": True})


def test_mingda_pays_8_and_the_dealer_16() -> None:
    rs = Jinan(ready_mode="mingda")
    r = rs.score_hand(HAND, win_tile="2m", winner=1, discarder=2, context={"declared_ready": True})
    assert r.sheet.names() == ["明打"] and r.settlement.deltas(4) == [0, 8, -8, 0]
    r = rs.score_hand(HAND, win_tile="2m", winner=1, discarder=0, context={"declared_ready": True})
    assert r.settlement.deltas(4) == [-16, 16, 0, 0]


HANDS = [
    "147m258p369s12345z",  # E
    HAND,  # S: waits on 2m; declares with 9m
    "369m147p258s6677z",  # W
    "58m369p147s45667z",  # N
]


def test_scenario_mingmo_waits_for_its_own_draw() -> None:
    sc = Scenario(JN, HANDS, draws="9m1p4s2m2m")
    sc.play("E discard 5z")
    assert "ready 9m" in sc.offers("S")
    sc.play("S ready 9m", "W discard 1p", "N discard 4s", "E discard 2m")
    # 明摸: 放炮不能和牌 — S is not even asked about E's 2m
    assert sc.to_act == ["S"] and sc.drawn == "2m"
    assert not [e for e in sc.events("action") if e.get("action") == "pass"]
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["明摸"] and sc.deltas() == {"E": -8, "S": 16, "W": -4, "N": -4}


def test_scenario_mingda_wins_on_the_discard() -> None:
    sc = Scenario(Jinan(ready_mode=ReadyMode.MINGDA), HANDS, draws="9m1p4s2m")
    sc.play("E discard 5z", "S ready 9m", "W discard 1p", "N discard 4s", "E discard 2m")
    assert sc.offers("S") == ["win", "pass"]
    sc.play("S win")
    assert sc.items("S") == ["明打"] and sc.deltas() == {"E": -16, "S": 16, "W": 0, "N": 0}


def test_scenario_huaza() -> None:
    sc = Scenario(JN, HANDS, draws="1f", tail="2m")
    sc.play("E discard 5z")
    assert sc.drawn == "2m" and "win" in sc.offers("S")
    sc.play("S win")
    # 推倒胡 1 + 花 1 (花砸 adds nothing): 2 from each
    assert sc.items("S") == ["推倒胡", "花", "花砸"] and sc.deltas() == {"E": -2, "S": 6, "W": -2, "N": -2}


# --- options, names, docs ---------------------------------------------------------------


@pytest.mark.parametrize(("options", "word"), [
    ({"base": 0}, "base"), ({"ready_mode": "open"}, "ready_mode"), ({"seven_pairs": 1}, "seven_pairs"),
])
def test_bad_options_raise(options: dict[str, object], word: str) -> None:
    with pytest.raises(MahjongError, match=word):
        Jinan(**options)


def test_names_and_docs() -> None:
    for name in ("jinan", "济南", "济南麻将"):
        assert find_variant(name) is Jinan
    root = Path(__file__).resolve().parents[2]
    page = doctest.testfile(str(root / "docs" / "variants" / "jinan.md"), module_relative=False)
    mod = doctest.testmod(jinan)
    assert page.failed == 0 and page.attempted >= 2
    assert mod.failed == 0 and mod.attempted >= 5


def test_options_round_trip_through_json() -> None:
    rs = Jinan(ready_mode="mingda", discard_all_pay=True, base=2)
    assert Jinan.from_options_json(rs.options_json()).options == rs.options
