"""宁波麻将's situational rules on stacked walls (mahjong_core.scenario):
the 百搭 turned up where the dice say and skipped by every draw, wild
flowers held in hand, 截胡 and 地胡 (NB-E6), 不能吃张打张, no call of a
discarded 百搭 and no 百搭 in a chow, no kong in the turn of a pong, 杠上开花
on a kong's and on a flower's replacement, the 4-台 minimum in play
(NB-E3), 财神单吊 self-draw only, the dead discarded 百搭, 天胡, kong points
cancelled at a draw and the dealer rules."""

from __future__ import annotations

import pytest
from mahjong_core.engine import ActionKind, Phase
from mahjong_core.scenario import Scenario
from mahjong_core.tiles import KIND_NAMES, parse_tile
from mahjong_core.variants.ningbo import SEASONS, Ningbo
from reference.engine_invariants import check_invariants, check_paper_path, check_replay

NB = Ningbo()
FILL_W = "258m368p147s2345z"  # a W that claims nothing in these hands
FILL_N = "9999m1122z5566z7z"
N_9S = "9999s1122z5566z7z"  # when S holds a 9m


def finish(sc: Scenario) -> None:
    t = sc.table
    check_invariants(t)
    if t.is_over:
        check_paper_path(t)
        check_replay(t)


def until_turn(sc: Scenario, who: str, drawn: str | None = None) -> None:
    """Pass every claim and discard (the drawn tile, else the lowest) until
    ``who`` is on turn (having drawn ``drawn`` when given)."""
    t = sc.table
    seat = sc.seat(who)
    for _ in range(200):
        if t.phase is Phase.TURN and t.turn == seat and (drawn is None or t.drawn == parse_tile(drawn)):
            return
        s = t.to_act[0]
        legal = t.legal_actions(s)
        if t.phase is Phase.TURN:
            own = [a for a in legal if a.kind is ActionKind.DISCARD and a.tile == t.drawn]
            sc.play(own[0] if own else next(a for a in legal if a.kind is ActionKind.DISCARD))
        else:
            sc.play(next(a for a in legal if a.kind is ActionKind.PASS))
    raise AssertionError(f"{who} never came on turn")


# --- the 百搭 ----------------------------------------------------------------------


@pytest.mark.parametrize("seed,offset", [(0, 7), (1, 3), (2, 1)])
def test_the_indicator_is_the_stack_the_small_die_counts(seed: int, offset: int) -> None:
    # seed 0 rolls 4 4, seed 1 rolls 2 5, seed 2 rolls 1 1: the top tile of
    # stack 4, 2, 1 counted back from the end of the wall
    sc = Scenario(NB, ["1m258p367p147s1234z", "1234m258s369s567z", FILL_W, FILL_N],
                  tail="3z4z7s7s", indicator="9p", seed=seed)
    t = sc.table
    assert 2 * min(t.dice) - 1 == offset == NB.indicator_offset(t.dice)
    assert sc.wall[len(sc.wall) - 1 - offset] == parse_tile("9p")
    assert t.indicator == parse_tile("9p") and t.wild_kinds == {parse_tile("9p")}
    assert len(t.wall) == 143 and t.wall.count(parse_tile("9p")) == 3  # "剩余共有3张百搭牌"
    # every draw skips it: the replacements still come from the tail in order
    assert [KIND_NAMES[t.wall[t.tail - i]] for i in (1, 2, 3, 4)] == ["3z", "4z", "7s", "7s"]
    assert sc.events("indicator")[0]["tile"] == "9p"
    finish(sc)


def test_wild_flowers_stay_in_hand() -> None:
    # 秋 turned up: 春夏秋冬 are 百搭; S's 春 and 冬 stay in hand, unreplaced
    sc = Scenario(NB, ["1m258p367p147s1234z", "1234m258s6s567z1f4f", FILL_W, FILL_N], indicator="3f")
    t = sc.table
    s = sc.seat("S")
    assert t.wild_kinds == SEASONS and sorted(t.wild_flowers[s]) == [34, 37] and t.flowers[s] == []
    assert t.analysis_counts(s)[1] == 2
    sc.play("E discard 1m", "S pass")  # (S could chow 1m with 23m)
    assert sc.to_act == ["S"] and "discard 1f" in sc.offers("S")
    sc.play("S discard 1f")  # a discarded 百搭 flower: nobody may claim it
    assert sc.to_act == ["W"] and t.phase is Phase.TURN
    finish(sc)


# --- NB-E6: 截胡, 地胡, 吃张打张, no chow of a 百搭 ------------------------------------


def test_nb_e6_head_bump_and_earthly_hand() -> None:
    # E discards 4m: S (23m, a full flush) and N (44m/5z 对倒 with two dragon
    # pungs) could both win: only S, the nearest after E, does
    sc = Scenario(NB, ["4m147p258s369s1234z", "11m23m567m789m999m", FILL_W, "44m55z666z777z123p"], indicator="9p")
    sc.play("E discard 4m")
    assert "win" in sc.offers("S") and "win" in sc.offers("N")
    sc.play("N win", "S win")
    assert sc.winners == ["S"]
    assert sc.items("S") == ["排糊", "硬糊", "地胡", "清一色"]  # on the dealer's first discard: 地胡 6
    assert sc.deltas() == {"E": -12, "S": 12, "W": 0, "N": 0}
    assert NB.next_dealer(sc.table) == sc.seat("S")  # a non-dealer won: the dealer's 下家 deals
    finish(sc)


@pytest.mark.parametrize("s_hand,claimed,banned,allowed", [
    ("1234m258s369s567z", "1m", {"1m", "4m"}, set()),  # the seed's example: 23m chow 1m
    ("12334m258s369s56z", "2m", {"2m"}, {"3m", "4m"}),  # own 13m: only 2m
    ("1234m258s369s567z", "3m", {"3m"}, {"4m"}),  # own 12m: only 3m
])
def test_no_chow_and_swap(s_hand: str, claimed: str, banned: set[str], allowed: set[str]) -> None:
    sc = Scenario(NB, [claimed + "258p367p147s1234z", s_hand, FILL_W, FILL_N], indicator="9p")
    sc.play(f"E discard {claimed}", "S chow 123m")
    offers = sc.offers("S")
    assert not {f"discard {k}" for k in banned} & set(offers)
    assert {f"discard {k}" for k in allowed} <= set(offers)
    finish(sc)


def test_no_call_of_a_discarded_wild_and_no_wild_in_a_chow() -> None:
    # S holds 78p (a chow of E's 9p), W two 9p (a pong of it): nobody may claim it
    hands = ["9p7p11m258s369s1234z", "78p234m258s567z55p", "9p9p258m36p147s245z", FILL_N]
    sc = Scenario(NB, hands, indicator="9p")
    sc.play("E discard 9p")
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"]
    finish(sc)
    # S holds 8p and a 百搭 9p: E's 7p makes no chow 789p ("顺子中不能有百搭")
    hands = ["7p4p11m258s369s1234z", "8p9p234m258s567z55p", "9p9p258m36p147s245z", FILL_N]
    sc = Scenario(NB, hands, indicator="9p")
    sc.play("E discard 7p")
    assert not sc.can("S", "chow 789p") and sc.to_act == ["S"]


# --- pongs and kongs --------------------------------------------------------------------


def test_no_kong_in_the_turn_of_a_pong_but_the_next() -> None:
    # S holds 111m and 2222s; E discards 1m; S pongs: no added kong of 1m and
    # no concealed kong of 2s this turn ("碰牌后本轮内都不能进行任何杠操作")
    sc = Scenario(NB, ["1m258p367p147s1234z", "111m67m2222s3567z", FILL_W, "9999m1122z66z448p"],
                  draws="8m8m8m9s", indicator="9p")
    sc.play("E discard 1m")
    assert "kong" in sc.offers("S") and "pung" in sc.offers("S")
    sc.play("S pung")
    assert not [o for o in sc.offers("S") if "kong" in o]
    sc.play("S discard 3z")
    until_turn(sc, "S", drawn="9s")  # "到了下一轮就不限制"
    assert sc.can("S", "kong 1m") and sc.can("S", "kong 2s")
    sc.play("S kong 1m")
    finish(sc)


def test_win_on_a_kong_replacement() -> None:
    sc = Scenario(NB, ["1m258p367p147s1234z", "123m789m11s35s666z", FILL_W, "9999s1122z4455z7z"],
                  draws="6z", tail="4s", indicator="9p")
    sc.play("E discard 3z")
    assert sc.drawn == "6z" and sc.can("S", "kong 6z")
    sc.play("S kong 6z")
    assert sc.drawn == "4s" and "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["自摸", "夹", "杠上开花", "硬糊", "中发白"]
    finish(sc)


def test_win_on_a_flower_replacement_is_kong_bloom() -> None:
    # "杠花后补牌自摸糊牌，算杠上开花糊": S draws 春, exposes it and wins on the replacement
    sc = Scenario(NB, ["1m258p367p147s1234z", "123m789m456p11s35s", FILL_W, N_9S],
                  draws="1f", tail="4s", indicator="9p")
    sc.play("E discard 3z")
    assert sc.to_act == ["S"] and sc.table.flowers[sc.seat("S")] == [34]
    assert sc.drawn == "4s" and "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["自摸", "平糊", "夹", "杠上开花", "硬糊"]  # 春 is East's flower: no 杠花
    assert sc.deltas() == {"E": -6, "S": 18, "W": -6, "N": -6}
    finish(sc)


# --- winning conditions in play --------------------------------------------------------------


def test_nb_e3_in_play() -> None:
    # W waits on 4s only: 3 台 on S's discard (no win offered), 4 self-drawn
    # (on E's first discard it would be 地胡)
    sc = Scenario(NB, ["5s147p258m369s1234z", "1234m258p369s567z", "123m789m456p11s35s", "2222s1122z5566z7z"],
                  draws="4s4s", indicator="9p")
    sc.play("E discard 5s", "S discard 4s")
    assert sc.offers("W") == ["chow 345s", "pass"]  # no win
    sc.play("W pass")
    assert sc.drawn == "4s"
    assert "win" in sc.offers("W")
    sc.play("W win")
    assert sc.items("W") == ["自摸", "平糊", "夹", "硬糊"]
    assert sc.deltas() == {"E": -5, "S": -5, "W": 15, "N": -5}
    finish(sc)


def test_the_minimum_counts_earthly_hand_and_robbing_a_kong() -> None:
    # W's 3-台 hand of test_nb_e3_in_play (平糊 夹 硬糊), won on a discard:
    # on the dealer's first discard it is 地胡 (6 more), on a robbed kong
    # 抢杠 (1 more): both reach 4 台, and neither is refused before the
    # context is built (Ningbo.refuses_tiles)
    w = "123m789m456p11s35s"
    n = "2222s1122z5566z7z"
    sc = Scenario(NB, ["4s147p258m369s1234z", "1234m258p369s567z", w, n], indicator="9p")
    sc.play("E discard 4s")
    assert "win" in sc.offers("W")
    sc.play("W win")
    assert sc.items("W") == ["平糊", "夹", "硬糊", "地胡"]
    finish(sc)
    sc = Scenario(NB, ["4s147p258m369s1234z", "44s1234m258p67s57z", w, n], draws="9p8s3z4s",
                  indicator="9p")
    sc.play("E discard 4s", "W pass", "S pung", "S discard 7z")
    until_turn(sc, "S", drawn="4s")
    sc.play("S kong 4s")
    assert "win" in sc.offers("W")
    sc.play("W win")
    assert sc.items("W") == ["平糊", "夹", "硬糊", "抢杠"]
    finish(sc)


def test_wild_single_wait_only_self_drawn() -> None:
    # S: three dragon pungs, 111m and a lone 百搭: 4z on a discard would be
    # 4 台, but "财神单吊时，不能捉冲，只能自摸"
    sc = Scenario(NB, ["4z1m258p367p147s123z", "555z666z777z111m9p", FILL_W, "9999m1122s4455s3s"],
                  draws="4z", indicator="9p")
    sc.play("E discard 4z")
    assert sc.table.phase is Phase.TURN and sc.drawn == "4z"  # no claim, no win was offered to S
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["自摸", "单吊", "碰碰糊", "混一色", "中发白", "中发白", "中发白"]
    finish(sc)


def test_a_discarded_wild_is_not_won_on() -> None:
    # S waits on 6p/9p with a full flush: E's 9p (the 百搭) is dead, W's 6p wins
    sc = Scenario(NB, ["9p11m258s369s1234z2m", "123p456p111p33p78p", "6p258m147s2345z77m", FILL_N],
                  draws="7z", indicator="9p")
    sc.play("E discard 9p")
    assert sc.to_act == ["S"] and sc.table.phase is Phase.TURN
    sc.play("S discard 7z")
    until_turn(sc, "W")
    sc.play("W discard 6p")
    assert "win" in sc.offers("S")
    sc.play(*[f"{w} pass" for w in sc.to_act if w != "S"], "S win")
    assert sc.items("S") == ["排糊", "硬糊", "清一色"] and sc.deltas()["W"] == -6
    finish(sc)


def test_heavenly_hand_and_the_dealer_stays() -> None:
    sc = Scenario(NB, ["111m234m567m888m99m", "1234p258s369s567z", FILL_W, "2468p1122z5566z7z"], indicator="3z")
    assert "win" in sc.offers("E")
    sc.play("E win")
    # no winning tile: no wait is read (排糊)
    assert sc.items("E") == ["自摸", "排糊", "硬糊", "天胡", "清一色"]
    assert sc.deltas() == {"E": 45, "S": -15, "W": -15, "N": -15}
    assert NB.next_dealer(sc.table) == sc.table.dealer  # the dealer won: it deals again
    check_invariants(sc.table)
    check_replay(sc.table)


# --- a draw ------------------------------------------------------------------------------------


def test_kong_points_are_cancelled_at_a_draw() -> None:
    rs = Ningbo(kong_points=1)
    sc = Scenario(rs, ["1111m258p367p147s1z", "1234p258s369s567z", FILL_W, "2468p1122z5566z7z"],
                  tail="2z", indicator="9s")
    sc.play("E kong 1m")
    assert sc.events("kong_payments")[0]["payments"] == [[1, 0, 1, "杠分"], [2, 0, 1, "杠分"], [3, 0, 1, "杠分"]]
    sc.idle()
    t = sc.table
    assert t.is_over and not t.winners
    assert sc.deltas() == {"E": 0, "S": 0, "W": 0, "N": 0}  # "本局所有杠分花分无效"
    assert rs.next_dealer(t) == t.dealer  # "荒庄，则庄家继续坐庄"
    check_invariants(t)
    check_replay(t)
