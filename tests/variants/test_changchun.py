"""长春麻将: the worked examples of variants-regional §8.3, the PROPOSAL
win conditions and table through ``score_hand``, scripted scenarios for the
calls, 截胡 and 旋风杠 / 喜杠, the options.

Amounts are worked by hand from the module docstring's rule text (one payer
pays base × 2 ** 番; the discarder +1 番; the dealer +1 番 when it pays or
wins), not read from the code.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from mahjong_core.engine import Phase, Table
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.scenario import Scenario
from mahjong_core.variants import changchun
from mahjong_core.variants.changchun import Changchun, Requirements, deal_start

CC = Changchun()


# --- CC-E1: the two dice rolls ---------------------------------------------------


def test_e1_dice_pick_the_wall_and_the_stack() -> None:
    # 3 + 4 = 7 counted from the dealer (= 1): E S W N E S W → W's wall; 2 + 6 = 8 stacks
    assert deal_start(7, 8) == (2, 8)
    assert deal_start(5, 2) == (0, 2) and deal_start(12, 12) == (3, 12)
    with pytest.raises(MahjongError, match="2..12"):
        deal_start(1, 8)


# --- CC-E2, CC-E3: chow --------------------------------------------------------------

E2_HANDS = [
    "3z147m258p369s1245z",  # E: discards 3z
    "258m147p258s1267z",  # S: holds 1z 2z
    "369m369p147s3467z",  # W
    "147m258p369s4567z",  # N
]


def test_e2_honours_cannot_be_chowed() -> None:
    sc = Scenario(CC, E2_HANDS, draws="9m")
    sc.play("E discard 3z")
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"] and sc.drawn == "9m"


E3_HANDS = [
    "4s147m258p1234567z",  # E: discards 4s
    "56s369m369p189s11z",  # S: holds 56s
    "258m147p237s2233z",  # W: holds 23s: the seed lets it chow too
    "147m258p9s445567z",  # N
]


def test_e3_chow_then_discard() -> None:
    sc = Scenario(CC, E3_HANDS)
    sc.play("E discard 4s")
    assert "chow 456s" in sc.offers("S")
    # "其他三家都有权力吃、碰、杠那张牌": the opposite seat may chow as well
    assert "chow 234s" in sc.offers("W")
    sc.play("W chow 234s", "S chow 456s")  # both chow: the nearest seat (S) takes it
    assert [str(m) for m in sc.table.melds[sc.seat("S")]] == ["chi 456s"]
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"] and sc.drawn is None
    # S discards (or lays the 幺九蛋 9m9p9s it holds)
    assert all(w.startswith("discard") for w in sc.offers("S")[:-1]) and sc.offers("S")[-1] == "special kong 3"


# --- the win conditions (CC-1 PROPOSAL) --------------------------------------------


@pytest.mark.parametrize(("hand", "win", "rule"), [
    ("123m456m789p1177z", "1z", "三色全"),
    ("234m345p456s222s8s", "8s", "有幺九"),
    ("123m456p789s23s99s", "4s", "有刻"),
])
def test_a_win_that_breaks_a_condition_raises_naming_it(hand: str, win: str, rule: str) -> None:
    with pytest.raises(IllegalWinError, match=rule):
        CC.score_hand(hand, win_tile=win, winner=1, discarder=2)


def test_conditions_are_options() -> None:
    rs = Changchun(requirements=Requirements(three_suits=False))
    assert rs.score_hand("123m456m789p1177z", win_tile="1z", winner=1, discarder=2).sheet.names() == ["立胡"]


def test_seven_pairs_only_with_the_option() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        CC.score_hand("1199m1199p1199s1z", win_tile="1z", winner=1, discarder=2)
    # a 七对 holds no pung: it is exempt from 有刻, not from 三色全 or 有幺九
    r = Changchun(seven_pairs=True).score_hand("1199m1199p1199s1z", win_tile="1z", winner=1, discarder=2)
    assert "立胡" in r.sheet.names()
    with pytest.raises(IllegalWinError, match="三色全"):
        Changchun(seven_pairs=True).score_hand("1199m1199p1177z1z", win_tile="1z", winner=1, discarder=2)


# --- the table and the payments -----------------------------------------------------


def test_discard_win_three_pay_the_discarder_double() -> None:
    r = CC.score_hand("123m789s1177z", win_tile="1z", melds=["pon 555p"], winner=1, discarder=2)
    # 0 番: W (discarder) 2, E (the dealer) 2, N 1
    assert r.sheet.names() == ["平胡"] and r.settlement.deltas(4) == [-2, 5, -2, -1]
    r = Changchun(discard_payment="discarder").score_hand(
        "123m789s1177z", win_tile="1z", melds=["pon 555p"], winner=1, discarder=2)
    assert r.settlement.deltas(4) == [0, 2, -2, 0]


def test_the_dealer_wins_every_payment_doubles() -> None:
    r = CC.score_hand("123m789s1177z", win_tile="1z", melds=["pon 555p"], winner=0, discarder=1)
    assert r.settlement.deltas(4) == [8, -4, -2, -2]


def test_concealed_self_drawn_closed_wait() -> None:
    # 自摸 1 + 立胡 1 + 夹胡 1 = 3 番: 8 from each, 16 from the dealer
    r = CC.score_hand("123m46p789s111z99s", win_tile="5p", winner=1)
    assert r.sheet.names() == ["自摸", "立胡", "夹胡"]
    assert r.settlement.deltas(4) == [-16, 32, -8, -8]


def test_all_pungs_and_the_base() -> None:
    r = Changchun(base=2).score_hand("111m999p555s7z", win_tile="7z", melds=["pon 222z"], winner=2, discarder=3)
    # 飘胡 2 番; N (discarder) 2 × 2 ** 3 = 16, E (dealer) 2 × 2 ** 3 = 16, S 2 × 2 ** 2 = 8
    assert r.sheet.names() == ["飘胡"] and r.settlement.deltas(4) == [-16, -8, 40, -16]


@pytest.mark.parametrize(("options", "word"), [
    ({"base": 0}, "base"), ({"discard_payment": "x"}, "discard_payment"),
    ({"requirements": {"pung": "no"}}, "requirements.pung"), ({"multiple_ron": None}, "multiple_ron"),
])
def test_bad_options_raise(options: dict[str, object], word: str) -> None:
    with pytest.raises(MahjongError, match=word):
        Changchun(**options)


def test_names() -> None:
    for name in ("changchun", "长春", "长春麻将", "吉林长春麻将"):
        assert find_variant(name) is Changchun


# --- 截胡 and 一炮多响 -------------------------------------------------------------------

RON_HANDS = [
    "59p369m147s344477z",  # E: discards 5p
    "123m456p789s111z5p",  # S: waits on 5p
    "258m369p258s3456z",  # W
    "123m789s222z46p99m",  # N: waits on 5p (夹)
]


def test_nearest_winner_alone_by_default() -> None:
    sc = Scenario(CC, RON_HANDS)
    sc.play("E discard 5p")
    for seat in [s for s in ("S", "N") if s in sc.to_act]:
        sc.play(f"{seat} win")
    assert sc.winners == ["S"]
    # 4p 5p 5p 6p: the 5p may complete 4_6p (坎张, 夹胡) or the pair; the
    # higher reading counts: 立胡 1 + 夹胡 1 = 2 番.  E (discarder, dealer)
    # 2 ** 4, W and N 2 ** 2
    assert sc.items("S") == ["立胡", "夹胡"]
    assert sc.deltas() == {"E": -16, "S": 24, "W": -4, "N": -4}


def test_multiple_ron_option() -> None:
    sc = Scenario(Changchun(multiple_ron=True), RON_HANDS)
    sc.play("E discard 5p", "S win", "N win")
    assert sorted(sc.winners) == ["N", "S"]
    # each 2 番 (立胡, 夹胡): E 16, W 4 and the other winner 4 to each
    assert sc.deltas() == {"E": -32, "S": 20, "W": -8, "N": 20}


def test_chow_by_any_seat_is_the_seed_and_next_only_an_option() -> None:
    sc = Scenario(CC, E3_HANDS)
    sc.play("E discard 4s", "S pass", "W chow 234s")
    assert [str(m) for m in sc.table.melds[sc.seat("W")]] == ["chi 234s"] and sc.to_act == ["W"]
    sc = Scenario(Changchun(chow_from="next"), E3_HANDS)
    sc.play("E discard 4s")
    assert "chow 456s" in sc.offers("S") and "W" not in sc.to_act
    # a pong beats a chow of a nearer seat
    hands = ["4s147m258p1234567z", "56s369m369p189s11z", "44s258m147p7s2233z", "147m258p9s445567z"]
    sc = Scenario(CC, hands)
    sc.play("E discard 4s", "S chow 456s", "W pung")
    assert [str(m) for m in sc.table.melds[sc.seat("W")]] == ["pon 444s"] and not sc.table.melds[sc.seat("S")]


# --- 旋风杠 and 喜杠 (CC-4 PROPOSAL) --------------------------------------------------


def _pass_to_the_end(t: Table) -> None:
    while not t.is_over:
        seat = t.to_act[0]
        legal = t.legal_actions(seat)
        if t.phase is Phase.TURN:
            d = [a for a in legal if a.kind.name == "DISCARD"]
            t.apply(next((a for a in d if a.tile == t.drawn), d[0]))
        else:
            t.apply(next(a for a in legal if a.kind.name == "PASS"))


SPECIAL_HANDS = ["1234z147m258p369s5z", "567z258m147p258s1z", "369m369p147s2233z", "147m258p369s4466z"]


def test_whirlwind_kong_is_laid_down_with_a_replacement_and_paid_at_once() -> None:
    sc = Scenario(CC, SPECIAL_HANDS, tail="9s")
    assert "special kong 0" in sc.offers("E")  # 旋风杠: 东南西北
    sc.play("E special kong 1234z")
    t = sc.table
    assert [str(m) for m in t.melds[0]] == ["special 1234z"] and sc.drawn == "9s"  # from the tail
    assert t.kong_settlement.deltas(4) == [6, -2, -2, -2]  # as a concealed kong: 2 from each
    assert [e["payments"][0][3] for e in sc.events("kong_payments")] == ["旋风杠"]
    sc.play("E discard 5z")
    # 喜杠 (中发白): three tiles, no replacement: S discards at once
    sc.play("S special kong 567z")
    assert sc.drawn is None and all(w.startswith("discard") for w in sc.offers("S"))
    assert t.kong_settlement.deltas(4) == [4, 4, -4, -4]
    _pass_to_the_end(t)
    assert not t.winners and t.deltas() == [4, 4, -4, -4]  # they stand at a draw


def test_yaojiu_egg_and_an_added_tile() -> None:
    hands = ["11m1p1s47m258p369s56z", "567z258m147p258s1z", "369m369p147s2233z", "147m258p369s4466z"]
    sc = Scenario(CC, hands, tail="9s8s")
    assert "special kong 2" in sc.offers("E")  # 幺九蛋 1m1p1s
    sc.play("E special kong 1m1p1s")
    assert sc.drawn is None  # three tiles: no replacement
    assert "special add 1m" in sc.offers("E")
    sc.play("E special add 1m")  # another 1m: one replacement, paid as an added kong
    t = sc.table
    assert [str(m) for m in t.melds[0]] == ["special 11m1p1s"] and sc.drawn == "9s"
    assert t.kong_settlement.deltas(4) == [9, -3, -3, -3]
    assert [p[3] for e in sc.events("kong_payments") for p in e["payments"]][-1] == "幺九蛋 加张"
    # the options switch additions, and every special kong, off
    sc = Scenario(Changchun(special_additions=False), hands)
    sc.play("E special kong 1m1p1s")
    assert not any(w.startswith("special") for w in sc.offers("E"))
    sc = Scenario(Changchun(special_kongs=False), hands)
    assert not any(w.startswith("special") for w in sc.offers("E"))


def test_a_special_kong_is_a_set_of_the_win() -> None:
    # 123m 456p 789s + 11s and 喜杠: the special kong is the fourth set and the 刻 (有刻);
    # it is no claimed meld: 立胡 stays; 89s waiting 7s: 夹胡
    r = CC.score_hand("123m456p89s11s", win_tile="7s", melds=["special 567z"], winner=1, discarder=2)
    assert r.sheet.names() == ["立胡", "夹胡"] and r.settlement.deltas(4) == [-8, 20, -8, -4]
    # the same hand with a chow instead has no 刻
    with pytest.raises(IllegalWinError, match="有刻"):
        CC.score_hand("123m456p78s11s", win_tile="9s", melds=["chi 123p"], winner=1, discarder=2)
    # a 幺九蛋 brings 三色全 and 有幺九 by its tiles
    r = CC.score_hand("234m234m567m5m", win_tile="5m", melds=["special 1m1p1s"], winner=1)
    assert r.sheet.names() == ["自摸", "立胡"]
    # a mixed set that is none of them, or an added tile without the option, is refused
    with pytest.raises(MahjongError, match="not a special kong"):
        CC.score_hand("123m456p78s11s", win_tile="9s", melds=["special 123z"], winner=1, discarder=2)
    with pytest.raises(MahjongError, match="not a special kong"):
        Changchun(special_additions=False).score_hand(
            "123m456p78s11s", win_tile="9s", melds=["special 5567z"], winner=1, discarder=2)
    with pytest.raises(MahjongError, match="special kong has 3 to 8 tiles"):
        CC.score_hand("123m456p78s11s", win_tile="9s", melds=["special 56z"], winner=1, discarder=2)


def test_a_win_on_a_whirlwind_kong_replacement() -> None:
    # E lays 旋风杠 and draws 7s from the tail: 123m 456p 789s 11s wins on it (杠上开花)
    hands = ["1234z123m456p89s11s", "567z258m147p258s1z", "369m369p147s2233z", "147m258p369s4466z"]
    sc = Scenario(CC, hands, tail="7s")
    sc.play("E special kong 1234z")
    assert "win" in sc.offers("E")
    sc.play("E win")
    assert sc.items("E") == ["自摸", "立胡", "夹胡", "杠上开花"]
    # 4 番 + 庄家 1 from each: 32 each; the 旋风杠 2 each
    assert sc.deltas() == {"E": 102, "S": -34, "W": -34, "N": -34}


def test_kong_points_are_paid_at_once_and_stand() -> None:
    rs = Changchun(special_kongs=False)
    hands = ["1111m47p258p369s12z", "258m147p258s3467z", "369m369p147s2233z", "4567m258p369s446z"]
    sc = Scenario(rs, hands)
    sc.play("E kong 1m")
    assert sc.table.kong_settlement.deltas(4) == [6, -2, -2, -2]
    _pass_to_the_end(sc.table)
    assert sc.table.deltas() == [6, -2, -2, -2]


def test_docs_run_as_written() -> None:
    root = Path(__file__).resolve().parents[2]
    page = doctest.testfile(str(root / "docs" / "variants" / "changchun.md"), module_relative=False)
    mod = doctest.testmod(changchun)
    assert page.failed == 0 and page.attempted >= 2
    assert mod.failed == 0 and mod.attempted >= 6


def test_an_edge_wait_is_jiahu_too() -> None:
    # 12m waiting 3m (边张, "边夹"): 夹胡; 23m waiting 1m or 4m is not
    r = CC.score_hand("12m456p789s111z99s", win_tile="3m", winner=1, discarder=2)
    assert r.sheet.names() == ["立胡", "夹胡"]
    r = CC.score_hand("23m456p789s111z99s", win_tile="4m", winner=1, discarder=2)
    assert r.sheet.names() == ["立胡"]


def test_options_round_trip_through_json() -> None:
    rs = Changchun(requirements=Requirements(pung=False), discard_payment="discarder", base=2)
    assert Changchun.from_options_json(rs.options_json()).options == rs.options
