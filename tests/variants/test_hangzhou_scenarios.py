"""杭州麻将's situational rules on stacked walls (mahjong_core.scenario):
the deal and the dealer's first discard, who may chow, pung and kong a
discard and 碰 > 吃, the dead discarded 财神, 爆头 by self-draw only, 财飘
in play, 杠开, 截胡 and the winner as the next dealer."""

from __future__ import annotations

from mahjong_core.engine import ActionKind, Phase
from mahjong_core.scenario import Scenario
from mahjong_core.tiles import parse_tile
from mahjong_core.variants.hangzhou import Hangzhou
from reference.engine_invariants import check_invariants, check_paper_path, check_replay

HZ = Hangzhou()
BAO = "123m456p789s111z5z"  # four sets and a lone 财神: 爆头 on anything
FILL_W = "258m369p147s2346z"
FILL_N = "369m147p258s2346z"


def finish(sc: Scenario) -> None:
    t = sc.table
    check_invariants(t)
    if t.is_over:
        check_paper_path(t)
        check_replay(t)


def until_turn(sc: Scenario, who: str, drawn: str | None = None) -> None:
    """Pass every claim and discard the drawn tile until ``who`` is on turn
    (having drawn ``drawn`` when given)."""
    t = sc.table
    seat = sc.seat(who) if who != "Z" else -1  # "Z": to the end of the hand
    for _ in range(500):
        if t.is_over and seat < 0:
            return
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


def test_the_deal_and_the_first_discard() -> None:
    # "只有庄家可得到十四张牌，其余的人十三张。庄家从牌中选出一张最无用的牌丢出"
    sc = Scenario(HZ, ["39m258p369p147s124z", "1258m147p258s367z", FILL_W, FILL_N], dealer=0)
    t = sc.table
    assert [sum(t.hands[s]) for s in range(4)] == [14, 13, 13, 13]
    assert t.live_tiles + 53 == 136 and t.indicator is None and t.wild_kinds == {parse_tile("5z")}
    assert sc.to_act == ["E"] and t.phase is Phase.TURN and t.drawn is None
    finish(sc)


def test_only_the_next_seat_chows_and_pung_beats_chow() -> None:
    # "庄家的下家…有权力吃或碰那张牌，其它两家则只可碰或杠那张牌。“碰”比“吃”优先"
    hands = ["3m9m258p369p147s124z", "1258m147p258s367z", "333m69m369s14567z", "45m78m258p258s123z"]
    sc = Scenario(HZ, hands)
    sc.play("E discard 3m")
    assert sc.offers("S") == ["chow 123m", "pass"]
    assert sc.offers("W") == ["pung", "kong", "pass"]  # 对家: pung or kong, no chow
    assert "N" not in sc.to_act  # 上家 holds 45m: no chow for it
    sc.play("S chow 123m", "W pung")
    assert sc.to_act == ["W"] and [str(m) for m in sc.table.melds[sc.seat("W")]] == ["pon 333m"]
    assert sc.table.melds[sc.seat("S")] == []
    finish(sc)


def test_a_discarded_caishen_is_never_claimed_nor_won_on() -> None:
    # S waits on anything (爆头), W holds two 财神: nobody may take E's 财神
    hands = ["5z9m258p369p147s124z", BAO, "5z5z3m69m8p369s2467z", FILL_N]
    sc = Scenario(HZ, hands)
    sc.play("E discard 5z")
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"]
    finish(sc)


def test_bao_tou_only_self_drawn_in_play() -> None:
    sc = Scenario(HZ, ["7z9m258p369p147s124z", BAO, FILL_W, FILL_N], draws="9m")
    sc.play("E discard 7z")  # S waits on 7z too, but 爆头 on a discard is no win
    assert sc.to_act == ["S"] and sc.table.drawn == parse_tile("9m")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["胡牌", "爆头"]
    assert sc.deltas() == {"E": -2, "S": 6, "W": -2, "N": -2}
    assert HZ.next_dealer(sc.table) == sc.seat("S")  # "闲家谁胡牌谁当庄家"
    finish(sc)


def test_cai_piao_in_play() -> None:
    # S draws a second 财神 and discards it (飘) instead of winning, then wins 爆头: 财飘 ×4
    sc = Scenario(HZ, ["9m8m258p369p147s124z", BAO, FILL_W, FILL_N], draws="5z1p1p1p6m")
    sc.play("E discard 9m")
    assert "win" in sc.offers("S")  # the two 财神 already make the pair
    sc.play("S discard 5z")
    until_turn(sc, "S", drawn="6m")
    sc.play("S win")
    assert sc.table.contexts[sc.seat("S")].extra["piao"] == 1
    assert sc.items("S") == ["胡牌", "财飘"] and sc.score("S").total == 4
    assert sc.deltas() == {"E": -4, "S": 12, "W": -4, "N": -4}
    finish(sc)


def test_shuang_piao_in_play() -> None:
    sc = Scenario(HZ, ["9m8m258p369p147s124z", "123m456p789s111z5z", FILL_W, FILL_N],
                  draws="5z1p1p1p5z2p2p2p7z")
    sc.play("E discard 9m", "S discard 5z")  # 飘 once
    until_turn(sc, "S", drawn="5z")
    sc.play("S discard 5z")  # 飘 twice in a row
    until_turn(sc, "S", drawn="7z")
    sc.play("S win")
    assert sc.table.contexts[sc.seat("S")].extra["piao"] == 2
    assert sc.items("S") == ["胡牌", "双飘"] and sc.score("S").total == 8
    finish(sc)


def test_gang_kai_in_play() -> None:
    sc = Scenario(HZ, ["9m8m258p369p147s234z", "123m456p78s1111z7z", FILL_W, FILL_N], draws="9s", tail="7z")
    sc.play("E discard 9m", "S kong 1z")
    assert sc.table.drawn == parse_tile("7z") and "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["胡牌", "杠开"] and sc.score("S").total == 2
    assert sc.deltas() == {"E": -2, "S": 6, "W": -2, "N": -2}
    finish(sc)


def test_one_winner_the_nearest() -> None:
    # E discards 9s: S and N both win on it; S, the nearest after E, takes it (截胡)
    sc = Scenario(HZ, ["9s9m258p369p147s124z", "11m123p456p123s78s", FILL_W, "22m123p456p456s78s"])
    sc.play("E discard 9s")
    assert "win" in sc.offers("S") and "win" in sc.offers("N")
    sc.play("N win", "S win")
    assert sc.winners == ["S"] and sc.items("S") == ["胡牌"]
    assert sc.deltas() == {"E": -1, "S": 1, "W": 0, "N": 0}
    finish(sc)


def test_the_dealer_stays_after_its_win_and_a_draw() -> None:
    sc = Scenario(HZ, ["11m123p456p123s789s", "1258m147p258s367z", FILL_W, FILL_N])
    assert "win" in sc.offers("E")  # 天胡 shape on the deal: the dealer wins
    sc.play("E win")
    assert HZ.next_dealer(sc.table) == sc.seat("E")
    sc = Scenario(HZ, ["39m258p369p147s124z", "1258m147p258s367z", FILL_W, FILL_N])
    until_turn(sc, "Z")
    assert sc.table.is_over and not sc.winners and HZ.next_dealer(sc.table) == sc.seat("E")
    finish(sc)


def test_a_piao_broken_by_another_discard_counts_nothing() -> None:
    # S 飘s a 财神, then discards a plain tile: its later 爆头 is no 财飘
    sc = Scenario(HZ, ["9m8m258p369p147s124z", "123m456p789s111z5z", FILL_W, FILL_N],
                  draws="5z1p1p1p9p2p2p2p7z")
    sc.play("E discard 9m", "S discard 5z")
    until_turn(sc, "S", drawn="9p")
    sc.play("S discard 9p")
    until_turn(sc, "S", drawn="7z")
    sc.play("S win")
    assert sc.table.contexts[sc.seat("S")].extra["piao"] == 0
    assert sc.items("S") == ["胡牌", "爆头"]
    finish(sc)
