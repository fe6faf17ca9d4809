"""四川麻将's situational rules, each on a stacked wall (mahjong_core.scenario):
定缺, 刮风下雨 under both direct-kong options, a robbed added kong, 呼叫转移,
一炮多响 with 血战到底 going on, 查花猪 / 查大叫 / the refund at the draw,
and 最后四张自动胡 with its 定缺 exception.

Seats are named by their wind (E deals).  b = 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from collections import Counter as C

from mahjong_core.engine import Phase
from mahjong_core.tiles import parse_tiles
from mahjong_core.scenario import Scenario
from mahjong_core.variants.sichuan import Sichuan
from reference.engine_invariants import check_invariants


def declare(sc: Scenario, **chosen: str) -> None:
    """Answer the 定缺 phase: ``chosen`` suits by wind, else the first offer."""
    while sc.table.phase is Phase.DECLARE:
        who = sc.to_act[0]
        sc.play(f"{who} missing suit {chosen.get(who, sc.offers(who)[0].split()[-1])}")


def kong_payments(sc: Scenario) -> list[tuple[str, str, int, str]]:
    return [p for p in sc.payments() if p[3].split()[0] in ("直杠", "面下杠", "暗杠")]


# ------------------------------------------------------------------ 定缺


@pytest.mark.parametrize("first", ["1s", "9s"])
def test_dingque_automatic_choice_order_and_no_pung(first: str) -> None:
    """SC-E5 / §3.7: a hand of two suits has the third declared for it, a hand
    of one suit chooses between the two others; the declared suit is
    discarded first and never punged."""
    sc = Scenario(Sichuan(), [
        "123m456m789p12s55p9s",  # E: three suits
        "1122m3344p5566m7p",  # S: m and p only
        "1223344556799s",  # W: s only
        "147m258p369s11s4p7m",  # N: three suits, 11s
    ], draws="9m")
    assert sc.offers("S") == ["missing suit s"]
    assert sc.offers("W") == ["missing suit m", "missing suit p"]
    assert sc.offers("E") == ["missing suit m", "missing suit p", "missing suit s"]
    declare(sc, E="s", N="s", W="m")
    assert [sc.table.missing[sc.seat(w)] for w in "ESWN"] == [2, 2, 0, 2]
    assert sc.offers("E") == ["discard 1s", "discard 2s", "discard 9s"]  # 定缺 first
    sc.play(f"E discard {first}")
    if first == "1s":
        # N holds 11s but declared s: no pung of its missing suit
        assert sc.to_act == ["S"] and sc.drawn == "9m"
    else:
        # W holds 99s and declared m: the pung is offered
        assert sc.to_act == ["W"] and sc.offers("W") == ["pung", "pass"]
    check_invariants(sc.table)


# ------------------------------------------------------------- 刮风下雨


DIRECT_KONG = [
    "777s123m456m99m159p",  # E: 777s
    "7s258m369m147p258p",  # S: one 7s
    "258m369m147p258p3s",  # W
    "147m147m369p369p4s",  # N
]


@pytest.mark.parametrize(
    ("payment", "times", "expected"),
    [
        ("chengbao", 2, [("S", "E", 2, "直杠 7s")]),
        ("jiajiayou", 2, [("S", "E", 2, "直杠 7s"), ("W", "E", 1, "直杠 7s"), ("N", "E", 1, "直杠 7s")]),
        ("chengbao", 1, [("S", "E", 1, "直杠 7s")]),
    ],
)
def test_sc_e1_direct_kong_is_paid_at_once(payment: str, times: int, expected: list[Any]) -> None:
    """SC-E1: S discards 7s, E kongs it: 承包制 S pays 2b; 家家有 S 2b, W and N 1b."""
    rs = Sichuan(mode="normal", dingque=False, direct_kong_payment=payment, direct_kong_times=times)
    sc = Scenario(rs, DIRECT_KONG, draws="1s", tail="9s")
    sc.play("E discard 1p", "S discard 7s")
    assert sc.offers("E") == ["pung", "kong", "pass"]
    sc.play("E kong")
    assert kong_payments(sc) == expected
    assert sc.drawn == "9s" and sc.to_act == ["E"]  # the replacement
    assert sc.events("kong_payments")[0]["payments"] == [[sc.seat(a), sc.seat(b), n, r] for a, b, n, r in expected]
    check_invariants(sc.table)


ROB = [
    "3p1m9m2m6p7p8p9p1p45678s",  # E: one 3p
    "2459p12567s1369m",  # S
    "33p147m258m12369s",  # W: 33p
    "345m345m678m12p99m",  # N: waits on 3p
]


@pytest.mark.parametrize("robbed", [True, False])
def test_sc_e2_a_robbed_added_kong_pays_nothing(robbed: bool) -> None:
    """SC-E2: W punged 3p and adds the fourth; N robs it with 345m 345m 678m
    12p 99m: the 刮风 is never paid and W pays N (平胡 + 抢杠).  Without the
    rob, E, S and N pay 1b each."""
    rs = Sichuan(mode="normal", dingque=False)
    sc = Scenario(rs, ROB, draws="9s9s9s3p", tail="6s")
    sc.play("E discard 3p")
    assert sc.offers("N") == ["win", "pass"] and sc.offers("W") == ["pung", "pass"]
    sc.play("N pass", "W pung", "W discard 1s", "N discard 9s", "E discard 9s", "S discard 9s")
    assert sc.drawn == "3p" and "added kong 3p" in sc.offers("W")
    sc.play("W added kong 3p")
    assert sc.offers("N") == ["win", "pass"]
    if robbed:
        sc.play("N win")
        assert sc.winners == ["N"] and sc.items("N") == ["平胡", "抢杠"]
        assert sc.payments() == [("W", "N", 2, "抢杠")]
        assert not sc.events("kong_payments")
    else:
        sc.play("N pass")
        assert kong_payments(sc) == [("E", "W", 1, "面下杠 3p"), ("S", "W", 1, "面下杠 3p"), ("N", "W", 1, "面下杠 3p")]
    check_invariants(sc.table)


# ------------------------------------------------- 呼叫转移, 一炮多响, 血战到底

RAIN = [
    "4444m123m789m11p6p9p",  # E: concealed kong of 4m; lacks s
    "222m555m888m33p77p",  # S: waits on 3p / 7p; lacks s
    "123s456s789s45p99p",  # W: waits on 3p / 6p; lacks m
    "111s789s333s45p88p",  # N: waits on 3p / 6p; lacks m
]


def test_sc_e3_rain_then_call_transfer_and_bloody_play_on() -> None:
    """SC-E3 and 一炮多响 in 血战: E's concealed kong (S, W, N pay 2b), E
    discards 6p after the replacement and W and N both win on it: each
    takes half of E's 6b (呼叫转移, SC-6) and 平胡 + 杠上炮 from E.  The hand
    goes on for E and S: E draws next, and S's self-draw is paid by E alone."""
    sc = Scenario(Sichuan(), RAIN, draws="9m7p", tail="1m")
    declare(sc)
    assert [sc.table.missing[sc.seat(w)] for w in "ESWN"] == [2, 2, 0, 0]  # all automatic
    sc.play("E concealed kong 4m")
    assert kong_payments(sc) == [("S", "E", 2, "暗杠 4m"), ("W", "E", 2, "暗杠 4m"), ("N", "E", 2, "暗杠 4m")]
    sc.play("E discard 6p")
    assert sc.offers("W") == ["win", "pass"] and sc.offers("N") == ["win", "pass"]
    sc.play("W win", "N win")
    assert sc.items("W") == ["平胡", "杠上炮"] and sc.items("N") == ["平胡", "杠上炮"]
    assert sc.payments()[3:] == [
        ("E", "W", 2, "点炮"), ("E", "W", 3, "呼叫转移 暗杠 4m"),
        ("E", "N", 2, "点炮"), ("E", "N", 3, "呼叫转移 暗杠 4m"),
    ]
    assert not sc.table.is_over and sc.to_act == ["E"] and sc.drawn == "9m"  # 血战: E and S play on
    sc.play("E discard 9m")
    assert sc.drawn == "7p" and sc.offers("S")[-1] == "win"
    sc.play("S win")
    assert sc.table.is_over and sc.winners == ["W", "N", "S"]
    assert sc.items("S") == ["对对胡"]
    assert sc.payments()[-2:] == [("E", "S", 2, "自摸"), ("E", "S", 1, "自摸加底")]
    assert sc.deltas() == {"E": -7, "S": 1, "W": 3, "N": 3}
    check_invariants(sc.table)


def test_call_transfer_off_and_normal_mode() -> None:
    sc = Scenario(Sichuan(mode="normal", call_transfer=False), RAIN, draws="9m7p", tail="1m")
    declare(sc)
    sc.play("E concealed kong 4m", "E discard 6p", "W win", "N pass")
    assert sc.table.is_over and sc.winners == ["W"]
    assert sc.deltas() == {"E": 6 - 2, "S": -2, "W": -2 + 2, "N": -2}
    sc = Scenario(Sichuan(mode="normal"), RAIN, draws="9m7p", tail="1m")
    declare(sc)
    sc.play("E concealed kong 4m", "E discard 6p", "W win", "N pass")
    assert sc.deltas() == {"E": 6 - 2 - 6, "S": -2, "W": -2 + 2 + 6, "N": -2}
    assert Sichuan(mode="normal").next_dealer(sc.table) == sc.seat("E")  # the 点炮者 deals


# ------------------------------------------------- 查花猪, 查大叫, refunds

DRAW_AUDIT = [
    "123m456m789m12p55p9m",  # E: ready on 3p (平胡 1番 = 1)
    "1113335557779s",  # S: ready on 8s (清一色 3番 = 4) and 9s (清对 4番 = 8)
    "3333p6666p8888s9s",  # W: two suits, not ready; will kong 6p
    "147m258m369m78p99s",  # N: three suits (花猪)
]


def test_sc_e4_draw_audit_pig_ready_and_refund() -> None:
    """SC-E4 (normal mode): at the draw N (花猪) pays 16b to E, S and W; W
    (not ready) pays E its best hand (1) and S its best hand (8, not 4), and
    hands back its 暗杠 income.  Every copy of the ready seats' waits is
    dealt, so nobody can win on the way."""
    sc = Scenario(Sichuan(mode="normal", dingque=False), DRAW_AUDIT, tail="2s")
    sc.play("E discard 9m")
    sc.play(f"S discard {sc.drawn}")
    assert sc.drawn == "1m"
    sc.play("W concealed kong 6p")
    assert kong_payments(sc) == [("E", "W", 2, "暗杠 6p"), ("S", "W", 2, "暗杠 6p"), ("N", "W", 2, "暗杠 6p")]
    assert sc.drawn == "2s"
    sc.play("W discard 1m")  # W keeps p and s: 3333p 8888s 2s 9s, not ready
    sc.idle(until_live=-1)
    t = sc.table
    assert t.is_over and not t.winners and sc.events("draw_game")
    end = [p for p in sc.payments() if p[3].split()[0] in ("查花猪", "查大叫", "退回")]
    assert end == [
        ("N", "E", 16, "查花猪"), ("N", "S", 16, "查花猪"), ("N", "W", 16, "查花猪"),
        ("W", "E", 1, "查大叫 1番"), ("W", "S", 8, "查大叫 4番"),
        ("W", "E", 2, "退回 暗杠 6p"), ("W", "S", 2, "退回 暗杠 6p"), ("W", "N", 2, "退回 暗杠 6p"),
    ]
    assert sc.deltas() == {"E": 17, "S": 24, "W": 7, "N": -48}
    assert Sichuan(mode="normal").next_dealer(t) == t.dealer  # a draw keeps the dealer
    check_invariants(t)


# ------------------------------------------------------ 最后四张自动胡

LAST_FOUR = [
    "123m456m789m12p55p9m",  # E: ready on 3p; every 3p is at the end of the wall
    "124578s147m2468p",  # S
    "125689s258m6789p",  # W
    "369m45679p33679s",  # N
]


@pytest.mark.parametrize("dingque", [False, True])
def test_last_four_tiles_force_the_win_except_with_dingque(dingque: bool) -> None:
    """最后四张自动胡: the four 3p are the last tiles of the wall; when the
    first of them appears E must win (only "win" is offered).  With 定缺,
    "最后四张可以不胡": the win may be declined."""
    rs = Sichuan(mode="normal", dingque=dingque)
    sc = Scenario(rs, LAST_FOUR, tail="3p3p3p3p")
    declare(sc, E="s")
    sc.play("E discard 9m")
    sc.idle(until_live=3)
    t = sc.table
    assert not t.is_over and t.live_tiles == 3
    if sc.to_act != ["E"]:  # another seat drew the 3p: it discards it
        sc.play(f"{sc.to_act[0]} discard 3p")
    offers = sc.offers("E")
    assert "win" in offers
    if dingque:
        assert len(offers) > 1  # a discard or pass may decline it
    else:
        assert offers == ["win"]
    check_invariants(t)


# ------------------------------------------------------------ 血流成河


def test_xueliu_a_winner_plays_on_locked_and_wins_again() -> None:
    """血流成河 (PROPOSAL option): S self-draws (E, W, N pay 2 + 1), sets its
    7p aside and plays on with a locked hand; S wins again on E's 3p while
    W and N pass it; then S may only discard what it draws."""
    sc = Scenario(Sichuan(mode="xueliu"), RAIN, draws="6s9s2s2p7p5s9m3p4s6m5m9m")
    declare(sc)
    sc.play("E discard 1p", "S discard 6s", "W discard 9s", "N discard 2s", "E discard 2p")
    assert sc.drawn == "7p" and sc.offers("S")[-1] == "win"
    sc.play("S win")
    assert sc.items("S") == ["对对胡"]
    assert sc.payments() == [
        ("E", "S", 2, "自摸"), ("E", "S", 1, "自摸加底"), ("W", "S", 2, "自摸"), ("W", "S", 1, "自摸加底"),
        ("N", "S", 2, "自摸"), ("N", "S", 1, "自摸加底"),
    ]
    t = sc.table
    s = sc.seat("S")
    assert not t.is_over and sc.hand("S") == "222555888m3377p" and t.discards[s] == [23, 15]  # 6s, then 7p set aside
    assert sc.to_act == ["W"] and sc.drawn == "5s"
    sc.play("W discard 5s", "N discard 9m", "E discard 3p")
    assert sc.offers("S") == ["win", "pass"]  # a locked hand only wins
    sc.play("W pass", "N pass", "S win")
    assert sc.winners == ["S", "S"] and sc.items("S") == ["对对胡"]
    assert sc.payments()[-1] == ("E", "S", 2, "点炮")
    sc.play("W discard 4s", "N discard 6m", "E discard 5m")
    assert sc.drawn == "9m" and sc.offers("S") == ["discard 9m"]
    sc.idle(until_live=-1)
    assert t.is_over and sum(t.deltas()) == 0 and t.live_tiles == 0
    assert not any(s in (p.payee, p.payer) for p in t.settlement.payments if p.reason.startswith("查大叫"))
    check_invariants(t)


# --------------------------------------- 血战: the draw with two seats left

BLOOD_DRAW = [
    "4444m123m789m11p6p9p",  # E (A): concealed kong of 4m, then 6p fed to W and N
    "1222445566777p",  # S (B): ready on 1p / 3p, best 清一色 (3番 = 4)
    "123s456s789s45p99p",  # W: wins on 6p
    "111s789s333s45p88p",  # N: wins on 6p
]


@pytest.mark.parametrize(
    ("replacement", "transfer", "expected"),
    [
        # A keeps the 5s of its replacement: 花猪, pays 16 to every other seat (SC-7), no 大叫
        ("5s", True, [("E", "S", 16, "查花猪"), ("E", "W", 16, "查花猪"), ("E", "N", 16, "查花猪")]),
        # A void but not ready: pays B its best hand (清一色 = 4); its kong income went to W and N
        ("3p", True, [("E", "S", 4, "查大叫 3番")]),
        # ... and without 呼叫转移 it hands its 6b of kong income back
        ("3p", False, [("E", "S", 4, "查大叫 3番"), ("E", "S", 2, "退回 暗杠 4m"), ("E", "W", 2, "退回 暗杠 4m"),
                       ("E", "N", 2, "退回 暗杠 4m")]),
    ],
)
def test_more_example_4_draw_in_xuezhan_with_two_seats_left(
    replacement: str, transfer: bool, expected: list[Any]
) -> None:
    """variants-more §4.3 example 4: W and N have won; at the end of the wall
    A (E) is 花猪 and pays 16 — or, void but not ready, pays B (S) its best
    possible hand and returns its kong money."""
    rs = Sichuan(dingque=False, call_transfer=transfer)
    sc = Scenario(rs, BLOOD_DRAW, tail=replacement + "9m8m2s6s")
    sc.play("E concealed kong 4m", "E discard 6p")
    assert sc.offers("S") == ["pung", "pass"]
    sc.play("W win", "N win", "S pass")
    assert sorted(sc.table.out) == sorted([sc.seat("W"), sc.seat("N")])
    sc.idle(until_live=-1)
    t = sc.table
    assert t.is_over and sc.events("draw_game") and sc.winners == ["W", "N"]
    end = [p for p in sc.payments() if p[3].split()[0] in ("查花猪", "查大叫", "退回")]
    assert end == expected
    check_invariants(t)


def test_xuezhan_win_on_the_last_tile_still_checks_the_others() -> None:
    """血战: E wins on the very last tile (N's discard of it, a forced win
    without 定缺); S, W and N have not won, so the hand ends as a draw for
    them: each is 花猪 and pays 16b to E."""
    hands = ["123m456m789m12p55p9m", "124578s147m3468p", "125689s258m3789p", "369m34567p33679s"]
    sc = Scenario(Sichuan(dingque=False), hands, tail="3p")
    sc.play("E discard 9m")
    sc.idle(until_live=0)
    assert sc.to_act == ["N"] and sc.drawn == "3p" and sc.table.live_tiles == 0
    sc.play("N discard 3p")
    assert sc.offers("E") == ["win"]
    sc.play("E win")
    t = sc.table
    assert t.is_over and sc.winners == ["E"] and sc.events("draw_game")
    assert sc.payments() == [("N", "E", 1, "点炮"), ("S", "E", 16, "查花猪"), ("W", "E", 16, "查花猪"),
                             ("N", "E", 16, "查花猪")]
    check_invariants(t)


# ---------------------------------------------------------------- 换三张


@pytest.mark.parametrize("seed", [0, 1, 6])  # dice sums leaving 2, 1 and 0
def test_exchange_three_of_one_suit_in_the_direction_of_the_dice(seed: int) -> None:
    """换三张 (PROPOSAL option): before 定缺 every seat picks three tiles of
    one suit (a suit it holds three of) and passes them on: dice sum % 3 ==
    0 to the opposite seat, 1 to the next seat, 2 to the previous one."""
    hands = ["123m456m789p12s55p9m", "1122m3344p5566m7p", "1223344556799s", "147m258p369s11s4p7m"]
    sc = Scenario(Sichuan(exchange_three=True), hands, seed=seed)
    t = sc.table
    assert t.phase is Phase.EXCHANGE and sc.to_act == ["E", "S", "W", "N"]
    # E holds three or more of m and p, but only 12s of s: no s tile
    assert sc.offers("E") == [f"discard {x}" for x in ("1m", "2m", "3m", "4m", "5m", "6m", "9m", "5p", "7p", "8p", "9p")]
    assert sc.offers("W") == [f"discard {x}s" for x in "1234567" + "9"]
    sc.play("E discard 7p")
    assert sc.offers("E") == ["discard 5p", "discard 8p", "discard 9p"]  # the same suit
    picks = {"E": ["7p", "5p", "9p"], "S": ["1m", "2m", "6m"], "W": ["1s", "2s", "9s"], "N": ["1m", "4m", "7m"]}
    before = {w: sc.hand(w) for w in "ESWN"}
    sc.play("E discard 5p", "E discard 9p")
    for w in "SWN":
        for x in picks[w]:
            sc.play(f"{w} discard {x}")
    offset = (2, 1, 3)[sum(t.dice) % 3]
    assert sc.events("exchange")[0]["offset"] == offset
    for i, w in enumerate("ESWN"):
        giver = "ESWN"[(i - offset) % 4]
        expect = C(parse_tiles(before[w])) - C(parse_tiles("".join(picks[w]))) + C(parse_tiles("".join(picks[giver])))
        assert C(parse_tiles(sc.hand(w))) == expect
    assert t.phase is Phase.DECLARE  # then 定缺
    check_invariants(t)
