"""天津麻将's rules of play on stacked walls (mahjong_core.scenario): the
turned-up indicator and its seven 混儿, no chow, no discard win (没有炮和),
pung and kong, 混儿 never claimed, 混儿吊 and 杠开 in play, kong points
paid when made and cancelled by a drawn hand, 抢杠 only with the option,
and the dealer rule."""

from __future__ import annotations

from collections import Counter

import pytest
from mahjong_core.engine import Phase
from mahjong_core.records import dumps, replay
from mahjong_core.scenario import Scenario
from mahjong_core.tiles import parse_tiles
from mahjong_core.variants.tianjin import Tianjin
from reference.engine_invariants import check_invariants

TJ = Tianjin()

# The 混儿 are 8s and 9s (indicator 8s); nobody holds one.  S waits on 1m/4m
# (23m), W holds a pair of 5z, N a pair of 6z.
HANDS = [
    "179m1379p137s2455z",  # E (dealer, 14)
    "23m456p789p111z66z",  # S
    "456m123456s5577z",  # W
    "2468m2468p246s33z",  # N
]


def test_the_indicator_names_seven_hun() -> None:
    """混儿中下滚，7 张: the turned-up tile's kind and the next are wild."""
    sc = Scenario(TJ, HANDS, indicator="8s")
    t = sc.table
    assert t.wild_kinds == frozenset(parse_tiles("8s9s"))
    assert sc.events("indicator") == [{"type": "indicator", "tile": "8s", "wilds": ["8s", "9s"]}]
    in_play = Counter(t.remaining_wall())
    for s in range(4):
        in_play.update({k: n for k, n in enumerate(t.hands[s]) if n})
    assert sum(in_play[k] for k in t.wild_kinds) == 7  # 3 × 8s + 4 × 9s
    check_invariants(t)


@pytest.mark.parametrize(("indicator", "wilds"), [("9m", "19m"), ("4z", "14z"), ("7z", "57z"), ("6z", "67z")])
def test_the_next_kind_wraps(indicator: str, wilds: str) -> None:
    sc = Scenario(TJ, HANDS, indicator=indicator)
    assert sc.table.wild_kinds == frozenset(parse_tiles(wilds))


def test_no_chow_and_no_discard_win() -> None:
    """不许吃, 没有炮和: S (the discarder's 下家) waits on 1m with 23m; E's 1m
    offers S nothing: no chow, no win.  S then wins on its own 4m."""
    sc = Scenario(TJ, HANDS, draws="4m", indicator="8s")
    sc.play("E discard 1m")
    assert sc.to_act == ["S"] and sc.table.phase is Phase.TURN and sc.drawn == "4m"
    assert not sc.events("call")
    assert "win" in sc.offers("S")
    sc.play("S win")
    # (its first draw, no call made: 地胡 ×2, PROPOSAL TJ-T)
    assert sc.winners == ["S"] and sc.items("S") == ["平胡", "没混儿", "地胡"]
    assert sc.deltas() == {"E": -4, "S": 12, "W": -4, "N": -4}
    assert TJ.next_dealer(sc.table) == sc.seat("S")  # the dealer did not win: the next seat deals
    check_invariants(sc.table)


def test_pung_is_offered() -> None:
    # W holds 55z: the dealer's 5z may be punged (no chow, no win offered)
    sc = Scenario(TJ, HANDS, indicator="8s")
    sc.play("E discard 5z")
    assert sc.offers("W") == ["pung", "pass"]
    sc.play("W pung")
    assert sc.to_act == ["W"] and sc.table.melds[sc.seat("W")][0].tiles == tuple(parse_tiles("555z"))


def test_hun_are_never_claimed() -> None:
    # 混儿 3m 4m (indicator 3m): W holds two 4m and S holds 23m, the dealer
    # discards a 4m: neither a pung nor a chow (nor a win) is offered
    hands = ["1479m1379p137s245z", "23m456p789p111z66z", "44m123567s55z777z", "2568m2468p246s33z"]
    sc = Scenario(TJ, hands, draws="1z", indicator="3m")
    assert "discard 4m" in sc.offers("E")
    sc.play("E discard 4m")
    assert not sc.events("call") and sc.to_act == ["S"] and sc.table.phase is Phase.TURN


def test_hun_discard_option() -> None:
    hands = ["1479m1379p137s245z", "23m456p789p111z66z", "44m123567s55z777z", "2568m2468p246s33z"]
    sc = Scenario(Tianjin(hun_discard=False), hands, indicator="3m")
    assert "discard 4m" not in sc.offers("E") and "discard 1m" in sc.offers("E")


def test_hun_diao_wins_on_any_drawn_tile() -> None:
    """混儿吊: four sets and a lone 混儿 (9s) win on whatever is drawn."""
    hands = ["179m1379p137s2455z", "123m456p789p111z9s", "456m123456s5577z", "2468m2468p246s33z"]
    sc = Scenario(TJ, hands, draws="3z", indicator="8s")
    sc.play("E discard 1m")
    assert sc.drawn == "3z" and "win" in sc.offers("S")
    sc.play("S win")
    # (S's first draw, no call made: 地胡 ×2 too)
    assert sc.items("S") == ["平胡", "混儿吊", "地胡"] and sc.score("S").total == 4
    assert sc.table.contexts[sc.seat("S")].wild_tiles == tuple(parse_tiles("9s"))


def test_gang_kai_and_concealed_kong_points() -> None:
    """杠开 ×2 (with 没混儿 ×2): the dealer konges 1z and wins on the
    replacement; the concealed kong is paid at once, 2 by each (杠分另算)."""
    hands = ["123m456m789p11117z", "23m456p789p222z66z", "456m123456s5566z", "2468m2468p246s33z"]
    sc = Scenario(TJ, hands, tail="7z", indicator="8s")
    sc.play("E kong 1z")
    assert sc.payments() == [("S", "E", 2, "暗杠"), ("W", "E", 2, "暗杠"), ("N", "E", 2, "暗杠")]
    assert sc.drawn == "7z" and "win" in sc.offers("E")
    sc.play("E win")
    assert sc.items("E") == ["平胡", "没混儿", "杠开"] and sc.score("E").total == 4
    # 4 from each for the hand + 2 from each for the kong
    assert sc.deltas() == {"E": 18, "S": -6, "W": -6, "N": -6}
    assert replay(dumps(sc.table.events), ruleset=TJ).events == sc.table.events


def test_exposed_kong_points_are_cancelled_by_a_drawn_hand() -> None:
    """A discard konged (明杠): 1 from each other seat at once; 荒庄 cancels it
    (kong_refund_on_draw)."""
    hands = ["179m1379p137s2345z", "23m456p789p111z66z", "456m12356s555z77z", "2468m2468p246s33z"]
    for rs, kept in ((TJ, 0), (Tianjin(kong_refund_on_draw=False), 3)):
        sc = Scenario(rs, hands, indicator="8s")
        sc.play("E discard 5z")
        assert "kong" in sc.offers("W")
        sc.play("W kong")
        assert sc.payments() == [("E", "W", 1, "明杠"), ("S", "W", 1, "明杠"), ("N", "W", 1, "明杠")]
        sc.idle()  # to the last tile, then its discard ends the hand
        sc.play(f"{sc.to_act[0]} discard {sc.drawn}")
        sc.idle()  # every claim on it passed
        assert sc.table.is_over and sc.winners == []
        assert sc.deltas()["W"] == kept and sum(sc.deltas().values()) == 0
        assert rs.next_dealer(sc.table) == sc.seat("E")  # a drawn hand: the dealer deals again
        assert Tianjin(dealer_stays_on_draw=False).next_dealer(sc.table) == sc.seat("S")
        check_invariants(sc.table)


@pytest.mark.parametrize("rob", [False, True])
def test_robbing_an_added_kong_only_with_the_option(rob: bool) -> None:
    """没有炮和 also rules out 抢杠 (TJ-R); with ``rob_kong`` S, four sets and
    a lone 混儿 (9s), robs W's added 5z and W pays for all three."""
    hands = ["179m1379p137s2345z", "123m456p789p111z9s", "456m12356s55z777z", "2468m2468p246s33z"]
    rs = Tianjin(rob_kong=rob)
    sc = Scenario(rs, hands, draws="1p2p4p5z", indicator="8s")
    sc.play("E discard 5z")
    assert sc.offers("W") == ["pung", "pass"] and "win" not in sc.offers("S")
    sc.play("W pung", "W discard 1s", "N discard 1p", "E discard 2p")
    assert sc.drawn == "4p" and "win" in sc.offers("S")  # 混儿吊: any tile
    sc.play("S discard 4p")
    assert sc.drawn == "5z"
    sc.play("W kong 5z")
    if not rob:
        assert sc.table.phase is Phase.TURN and sc.to_act == ["W"]
        assert sc.payments() == [("E", "W", 1, "补杠"), ("S", "W", 1, "补杠"), ("N", "W", 1, "补杠")]
        return
    assert sc.table.phase is Phase.ROB and sc.offers("S") == ["win", "pass"]
    sc.play("S win")
    assert sc.items("S") == ["平胡", "混儿吊"] and sc.table.contexts[sc.seat("S")].robbed_kong
    assert sc.deltas() == {"E": 0, "S": 6, "W": -6, "N": 0}
    check_invariants(sc.table)


def test_the_dealer_deals_again_after_its_own_win() -> None:
    hands = ["123m456m789p11117z", "23m456p789p222z66z", "456m123456s5566z", "2468m2468p246s33z"]
    sc = Scenario(TJ, hands, tail="7z", indicator="8s")
    sc.play("E kong 1z", "E win")
    assert TJ.next_dealer(sc.table) == sc.seat("E")


# --- 天胡, 地胡 and 连庄 (PROPOSALs TJ-T and TJ-L) ------------------------------

HEAVEN = ["123m456m789m234p55z", "23m456p789p111z66z", "456m123456s5577z", "2468m2468p246s33z"]
"""E (the dealer) is complete on the deal: 龙 and no 混儿 (8s 9s)."""


def test_tianhu_the_dealer_wins_on_the_deal() -> None:
    sc = Scenario(TJ, HEAVEN, indicator="8s")
    assert sc.to_act == ["E"] and "win" in sc.offers("E")
    sc.play("E win")
    # 龙 4 × 没混儿 2 × 天胡 4
    assert sc.winners == ["E"] and sc.items("E") == ["龙", "没混儿", "天胡"] and sc.score("E").total == 32
    assert sc.score("E").notes[0] == "天胡没混儿龙: 提溜龙+没混儿+天胡 = 4*2*4 = 32番"
    assert sc.deltas() == {"E": 96, "S": -32, "W": -32, "N": -32}
    check_invariants(sc.table)


def test_tianhu_option_off_and_after_a_discard() -> None:
    sc = Scenario(Tianjin(tianhu=1), HEAVEN, indicator="8s")
    sc.play("E win")
    assert sc.items("E") == ["龙", "没混儿"] and sc.score("E").total == 8
    # the dealer who discards first is no longer on its dealt hand: no 天胡
    hands = ["123m456m789m234p57z", "23m456p789p111z66z", "456m123456s5566z", "2468m2468p246s33z"]
    sc = Scenario(TJ, hands, draws="1p2p3p5z", indicator="8s")
    assert "win" not in sc.offers("E")
    sc.play("E discard 7z", "S discard 1p", "W discard 2p", "N discard 3p")
    assert sc.drawn == "5z" and "win" in sc.offers("E")
    sc.play("E win")
    assert sc.items("E") == ["龙", "没混儿"]


DIHU = ["179m1379p137s2345z", "23m456p789p111z66z", "456m123456s5577z", "2468m2468p246s33z"]
"""S waits on 1m / 4m with 23m; N holds 33z."""


def test_dihu_a_non_dealer_wins_on_its_first_draw() -> None:
    sc = Scenario(TJ, DIHU, draws="4m", indicator="8s")
    sc.play("E discard 3z", "N pass")
    assert sc.drawn == "4m" and "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["平胡", "没混儿", "地胡"] and sc.score("S").total == 4
    assert sc.deltas() == {"E": -4, "S": 12, "W": -4, "N": -4}


def test_dihu_refused_after_a_call_and_with_the_option_off() -> None:
    # N pungs the dealer's 3z before S has drawn: S's first draw wins, but not 地胡
    sc = Scenario(TJ, DIHU, draws="8p4m", indicator="8s")
    sc.play("E discard 3z", "N pung", "N discard 2m", "E discard 8p")
    assert sc.drawn == "4m"
    sc.play("S win")
    assert sc.items("S") == ["平胡", "没混儿"] and sc.score("S").total == 2
    sc = Scenario(Tianjin(dihu=1), DIHU, draws="4m", indicator="8s")
    sc.play("E discard 3z", "N pass", "S win")
    assert sc.items("S") == ["平胡", "没混儿"]


def test_lianzhuang_the_dealers_streak_is_paid() -> None:
    """连庄 (TJ-L): on its third hand in a row (streak 2) the dealer's 天胡
    brings it 2 more from each; a 闲's win costs the dealer 2 more."""
    sc = Scenario(TJ, HEAVEN, indicator="8s", streak=2)
    sc.play("E win")
    assert sc.deltas() == {"E": 102, "S": -34, "W": -34, "N": -34}
    assert sc.table.contexts[0].extra["streak"] == 2
    assert "连庄 2: each payer pays 2 more" in sc.score("E").notes
    check_replay_of(sc)
    sc = Scenario(TJ, DIHU, draws="4m", indicator="8s", streak=2)
    sc.play("E discard 3z", "N pass", "S win")
    assert sc.deltas() == {"E": -6, "S": 14, "W": -4, "N": -4}  # 4 each, the dealer 4 + 2
    sc = Scenario(Tianjin(streak_points=0), DIHU, draws="4m", indicator="8s", streak=2)
    sc.play("E discard 3z", "N pass", "S win")
    assert sc.deltas() == {"E": -4, "S": 12, "W": -4, "N": -4}
    assert TJ.next_dealer(sc.table) == sc.seat("S")  # the streak ends with the deal


def check_replay_of(sc: Scenario) -> None:
    t = replay(dumps(sc.table.events), ruleset=sc.ruleset)
    assert t.streak == sc.table.streak and t.deltas() == sc.table.deltas()
