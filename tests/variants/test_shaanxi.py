"""陕西 (西安) 麻将 (every rule a PROPOSAL: the seeds name it only): hands
through ``score_hand`` (sheet and payments), illegal wins, options, and
scenarios on a stacked wall (no chow, 一炮多响 / 截胡, kong payments and
荒庄荒杠).  Expected amounts are worked by hand from the module doc."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.scenario import Scenario
from mahjong_core.variants import shaanxi as mod
from mahjong_core.variants.shaanxi import Shaanxi

RULES = Shaanxi()


def test_names_and_tiles() -> None:
    for name in ("shaanxi", "陕西", "西安", "陕西麻将", "shaanxi-v1"):
        assert find_variant(name) is Shaanxi
    assert len(RULES.wall_tiles()) == 136 and not Shaanxi.allow_chow and not Shaanxi.flower_tiles


@pytest.mark.parametrize(("hand", "win", "discarder", "names", "total", "deltas"), [
    # 推倒胡: a plain hand is 平胡, the base; the discarder pays it
    ("123m456p789s111z5z", "5z", 2, ["平胡"], 1, [0, 1, -1, 0]),
    # 碰碰胡 2 × 清一色 2 × 自摸 2 = 8 from each
    ("1112223334445m", "5m", None, ["碰碰胡", "清一色", "自摸"], 8, [-8, 24, -8, -8]),
    # 七小对 2 × 自摸 2
    ("1122m3344p5566s7z", "7z", None, ["七小对", "自摸"], 4, [-4, 12, -4, -4]),
    # 豪华七小对 4 × 清一色 2, on a discard
    ("1111223344556m", "6m", 3, ["豪华七小对", "清一色"], 8, [0, 8, 0, -8]),
    ("19m19p19s1234567z", "1m", 0, ["十三幺"], 8, [-8, 8, 0, 0]),
])
def test_hands_and_payments(hand: str, win: str, discarder: int | None, names: list[str], total: int,
                            deltas: list[int]) -> None:
    r = RULES.score_hand(hand, win_tile=win, winner=1, dealer=0, discarder=discarder)
    assert r.sheet.names() == names and r.sheet.total == total
    assert r.settlement.deltas(4) == deltas


def test_situations_double() -> None:
    r = RULES.score_hand("123m456p789s111z5z", win_tile="5z", winner=1, context={"kong_replacement": True})
    assert r.sheet.names() == ["自摸", "杠上开花"] and r.sheet.total == 4
    r = RULES.score_hand("123m456p789s111z5z", win_tile="5z", winner=1, discarder=0, context={"robbed_kong": True})
    assert r.sheet.names() == ["抢杠胡"] and r.settlement.deltas(4) == [-2, 2, 0, 0]


def test_payment_options() -> None:
    hand = "123m456p789s111z5z"
    assert Shaanxi(pao=1).score_hand(hand, win_tile="5z", winner=1, discarder=2).settlement.deltas(4) == [0, 2, -2, 0]
    assert Shaanxi(pao=1).score_hand(hand, win_tile="5z", winner=1).settlement.deltas(4) == [-3, 9, -3, -3]
    assert Shaanxi(discarder_pays_all=True).score_hand(hand, win_tile="5z", winner=1, discarder=2) \
        .settlement.deltas(4) == [0, 3, -3, 0]
    assert Shaanxi(base=5).score_hand(hand, win_tile="5z", winner=1, discarder=2).settlement.deltas(4) == [0, 5, -5, 0]


def test_illegal_wins_raise_with_the_rule() -> None:
    with pytest.raises(IllegalWinError, match="shaanxi.*not a winning hand"):
        RULES.score_hand("123m456p789s1357z", win_tile="5z", winner=1, discarder=0)
    hard = Shaanxi(pair_258=True)
    with pytest.raises(IllegalWinError, match="shaanxi.*not a winning hand"):
        hard.score_hand("123m456p789s111z5z", win_tile="5z", winner=1, discarder=0)  # 5z: no 2-5-8 pair
    assert hard.score_hand("123m456p789s111z2m", win_tile="2m", winner=1, discarder=0).sheet.total == 1
    with pytest.raises(InvalidHandError):
        RULES.score_hand("123m456p789s11z", win_tile="1z", winner=1, discarder=0)


def test_options_are_validated() -> None:
    for bad in ({"base": 0}, {"pao": -1}, {"pair_258": "yes"}, {"multiple_winners": 0}):
        with pytest.raises(MahjongError, match="shaanxi: option"):
            Shaanxi(**bad)


# --- scenarios on a stacked wall ------------------------------------------------

TWO = [
    "5z258m369p147s6677z",   # E: lets 5z go
    "123m456m789m123p5z",    # S: waits on 5z
    "123s456s789s789p5z",    # W: waits on 5z
    "147m258p369s1234z",     # N
]


def test_one_discard_several_winners_or_the_nearest() -> None:
    sc = Scenario(RULES, TWO)
    sc.play("E discard 5z", "S win", "W win")
    assert sorted(sc.winners) == ["S", "W"] and sc.deltas() == {"E": -2, "S": 1, "W": 1, "N": 0}
    sc = Scenario(Shaanxi(multiple_winners=False), TWO)
    sc.play("E discard 5z")
    for seat in list(sc.to_act):
        sc.play((seat, "win"))
    assert sc.winners == ["S"] and sc.deltas() == {"E": -1, "S": 1, "W": 0, "N": 0}


def test_no_chow() -> None:
    hands = ["2m58m369p147s66775z", "13m456m789m1239p5z", "123s456s789s789p5z", "147m258p369s1234z"]
    sc = Scenario(RULES, hands)
    sc.play("E discard 2m")
    # S holds 13m but may not chow: nobody is asked, S draws
    assert sc.to_act == ["S"] and sc.drawn is not None
    from mahjong_core.rules import Ruleset
    base = Scenario(Ruleset(), hands)
    base.play("E discard 2m")
    assert base.can("S", "chow 123m")  # (the same hands where chow is allowed)


KONG = [
    "5m28m369p147s66775z",   # E: lets 5m go
    "555m13m789m123p5p6z",   # S: kongs it
    "123s456s789s789p1s",    # W
    "147m258p369s1234z",     # N
]


def test_kong_on_a_discard_the_feeder_pays_three_refunded_at_a_draw() -> None:
    sc = Scenario(RULES, KONG)
    sc.play("E discard 5m", "S kong")
    assert sc.payments() == [("E", "S", 3, "点杠")]
    sc.idle(until_live=0)
    while not sc.table.is_over:
        seat = sc.to_act[0]
        sc.play(f"{seat} discard {sc.drawn}" if sc.table.phase.name == "TURN" else f"{seat} pass")
    assert sc.winners == [] and sc.deltas() == {"E": 0, "S": 0, "W": 0, "N": 0}  # 荒庄荒杠
    sc = Scenario(Shaanxi(draw_cancels_kongs=False), KONG)
    sc.play("E discard 5m", "S kong")
    sc.idle(until_live=0)
    while not sc.table.is_over:
        seat = sc.to_act[0]
        sc.play(f"{seat} discard {sc.drawn}" if sc.table.phase.name == "TURN" else f"{seat} pass")
    assert sc.deltas() == {"E": -3, "S": 3, "W": 0, "N": 0}


def test_the_doc_page_and_module_examples_run() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "variants" / "shaanxi.md"
    assert doctest.testfile(str(page), module_relative=False).failed == 0
    assert doctest.testmod(mod).failed == 0
