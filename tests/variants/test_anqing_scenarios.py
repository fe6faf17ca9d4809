"""安庆麻将's situational rules on stacked walls (mahjong_core.scenario):
the 钻 turned up where the dice say, the 杠牌 exposed at the deal and when
drawn and replaced from the tail, 红中 punged and discarded as itself and
won on as the 钻's kind, no chow, pung and kong by the others, the 钻 kept
(never discarded, never claimed), one winner per discard, the dealer rule."""

from __future__ import annotations

from mahjong_core.engine import Phase
from mahjong_core.scenario import Scenario
from mahjong_core.tiles import parse_tile, parse_tiles
from mahjong_core.variants.anqing import Anqing
from reference.engine_invariants import check_invariants, check_paper_path, check_replay

AQ = Anqing()
# 2m turned up: 3m is the 钻, 红中 plays as 3m, 发 and 白 are 杠牌
E13 = "1m4m7m1p4p7p1s4s7s1z2z8m9m"
E = E13 + "9p"
S = "2m5m8m2p5p8p2s5s8s1z2z4z8p"
W = "1m4m7m1p4p7p1s4s7s1z2z4z9s"
N = "2m5m8m2p5p8p2s5s8s2z4z9m9s"


def finish(sc: Scenario) -> None:
    t = sc.table
    check_invariants(t)
    if t.is_over:
        if t.winners and t.contexts[t.winners[0]].win_tile >= 0:
            check_paper_path(t)
        check_replay(t)


def test_the_indicator_lies_where_the_roll_counts() -> None:
    for seed in range(6):
        sc = Scenario(AQ, [E, S, W, N], indicator="2m", seed=seed)
        t = sc.table
        # the top tile of the N-th stack from the end of the wall, N the dice total
        assert t.indicator == parse_tile("2m") and t.wild_kinds == frozenset({parse_tile("3m")})
        assert AQ.indicator_offset(t.dice) == 2 * sum(t.dice) - 1
        assert t.substitutes == {parse_tile("7z"): parse_tile("3m")}
        # 荒庄 at the indicator: the front draws stop there
        assert t.live_tiles == len(t.wall) - t.head - (2 * sum(t.dice) - 1)


def test_gang_tiles_dealt_are_exposed_and_replaced_from_the_tail() -> None:
    # "发：必需亮出了，且从牌尾补牌"; 白 too (杠牌)
    e = "1m4m7m1p4p7p1s4s7s1z2z6z5z"
    sc = Scenario(AQ, [e + "9m", S, W, N], tail="9p8p", indicator="2m")
    t = sc.table
    assert t.flowers[0] == parse_tiles("5z6z")
    assert t.hands[0][parse_tile("9p")] == 1 and t.hands[0][parse_tile("8p")] == 1
    assert [e["tile"] for e in t.events if e["type"] == "flower"] == ["5z", "6z"]
    assert "discard 6z" not in sc.offers("E") and "discard 5z" not in sc.offers("E")
    finish(sc)


def test_when_fa_is_the_zuan_red_and_white_are_exposed() -> None:
    # "当发为钻时，红中充当发牌，也必需亮出了，且从牌尾补牌"; "比方发财的钻牌。红中和白板就可以用来杠牌"
    e = "1m4m7m1p4p7p1s4s7s1z2z7z5z6z"
    sc = Scenario(AQ, [e, S, W, N], tail="9p8p", indicator="7z")
    t = sc.table
    assert t.wild_kinds == frozenset({parse_tile("6z")}) and t.substitutes == {}
    assert sorted(t.flowers[0]) == parse_tiles("5z7z") and t.hands[0][parse_tile("6z")] == 1  # 发 is the 钻, kept
    # the dealer holds 14, the others 13 ("庄家抓14张，其余三家 … 13张")
    assert [sum(h) for h in t.hands] == [14, 13, 13, 13]
    finish(sc)


def test_a_drawn_gang_tile_is_exposed_at_once() -> None:
    sc = Scenario(AQ, [E, S, W, N], draws="6z", tail="3p", indicator="2m")
    sc.play("E discard 8m")
    t = sc.table
    assert t.phase is Phase.TURN and t.turn == 1
    assert t.flowers[1] == [parse_tile("6z")] and t.drawn == parse_tile("3p")
    finish(sc)


def test_red_is_punged_and_discarded_as_itself() -> None:
    # "红中 … 可以碰。也可以打出去"
    s = "2m5m8m2p5p8p2s5s8s1z2z7z7z"
    sc = Scenario(AQ, [E13 + "7z", s, W, N], indicator="2m")
    assert "discard 7z" in sc.offers("E")
    sc.play("E discard 7z")
    assert sc.offers("S") == ["pung", "pass"]  # no kong: the fourth 红中 is not there; no chow either
    sc.play("S pung")
    assert [str(m) for m in sc.table.melds[1]] == ["pon 777z"]
    finish(sc)


def test_red_wins_as_the_zuans_kind() -> None:
    # "比方7万为钻牌，红中在这一盘就可以当7万用": W waits on 3m/6m; E's 红中 is a 3m for W
    w = "4m5m123p456p789p11s"
    sc = Scenario(AQ, [E13 + "7z", S, w, N], indicator="2m")
    sc.play("E discard 7z")
    assert "win" in sc.offers("W")
    sc.play("W win")
    assert sc.winners == ["W"] and sc.items("W") == ["胡"]
    assert sc.deltas() == {"E": -2, "S": 0, "W": 2, "N": 0}  # 庄底子 2: the dealer discarded
    finish(sc)


def test_no_chow_but_pung_and_kong_by_the_others() -> None:
    # "所出牌闲家可碰杠": S (the 下家) holds 4p5p, N three 3p
    s = "2m5m8m4p5p8p2s5s8s1z2z4z8p"
    n = "2m5m8m3p3p3p2s5s8s2z4z9m9s"
    sc = Scenario(AQ, [E13 + "3p", s, W, n], tail="9p", indicator="2m")
    sc.play("E discard 3p")
    assert not sc.table.claimants.get(1)  # no chow for the 下家
    assert sc.offers("N") == ["pung", "kong", "pass"]
    sc.play("N kong")
    assert [str(m) for m in sc.table.melds[3]] == ["kan 3333p"]
    # "杠牌后的补牌由牌栋的尾端开头向前补起"
    assert sc.table.drawn == parse_tile("9p") and sc.table.turn == 3
    finish(sc)


def test_the_zuan_is_kept() -> None:
    # "钻不行以碰由于没人打它": the 钻 is not discarded (so never punged)
    sc = Scenario(AQ, [E13 + "3m", S, W, N], indicator="2m")
    assert "discard 3m" not in sc.offers("E") and "discard 9m" in sc.offers("E")
    finish(sc)


def test_one_winner_per_discard_the_nearest() -> None:
    # S and N both wait on 3z; E discards it: only S (the nearest after E) wins
    s = "123m456p789s8s8s8s3z"
    n = "456m123p789p6s6s6s3z"
    sc = Scenario(AQ, [E13 + "3z", s, W, n], indicator="2m")
    sc.play("E discard 3z")
    assert "win" in sc.offers("S") and "win" in sc.offers("N")
    sc.play("S win", "N win")
    assert sc.winners == ["S"] and sc.deltas() == {"E": -2, "S": 2, "W": 0, "N": 0}
    finish(sc)


def test_the_deal_passes_after_the_dealers_own_win_and_stays_after_a_draw() -> None:
    # "次局有胡牌者则轮庄，由上局庄家的下家坐庄": the dealer wins on its deal, South deals next
    sc = Scenario(AQ, ["123m456p789s11z6p6p6p", S, W, N], indicator="2m")
    sc.play("E win")
    t = sc.table
    assert sc.winners == ["E"] and AQ.next_dealer(t) == 1 and AQ.carry(t) == {}
    assert sc.deltas() == {"E": 6, "S": -2, "W": -2, "N": -2}
    finish(sc)
    # "无胡牌者由上局庄家连续做庄；荒庄庄连庄，庄底子加4"
    sc = Scenario(AQ, [E, S, W, N], indicator="2m", dealer=2)
    sc.idle(until_live=-1)
    t = sc.table
    assert t.is_over and not t.winners and AQ.next_dealer(t) == 2 and AQ.carry(t) == {"draws": 1}
    finish(sc)
