"""哈尔滨麻将 situational rules on stacked walls (:mod:`mahjong_core.scenario`):
the hidden 宝 and who sees it, 摸宝 / 宝中宝, a discarded or early 宝,
换宝, 吃听, the opened hand, 截胡, the last four tiles, no 天胡."""

from __future__ import annotations

import pytest
from mahjong_core.engine import OBS_SIZE, Phase
from mahjong_core.paper import score_hand_arguments
from mahjong_core.scenario import Scenario, ScenarioError
from mahjong_core.tiles import parse_tile
from mahjong_core.variants.harbin import Harbin

from reference.engine_invariants import check_invariants, check_replay

# S pungs E's 5p and declares with 7z: [pong 555p] 123m 99m 456s 79s waits 8s only (HR-E2)
HANDS = ["1478m3569p125689s", "123m99m456s79s55p7z", "2568m1248p347s9p7z", "3669m27p1347s889p"]


def opened_and_ready(draws: str, indicator: str, rs: Harbin | None = None, tail: str = "") -> Scenario:
    sc = Scenario(rs or Harbin(), HANDS, draws=draws, indicator=indicator, tail=tail)
    sc.play("E discard 5p", "S pung", "S ready 7z")
    return sc


def wild_block(sc: Scenario, who: str) -> set[int]:
    v = sc.table.observe_tensor(sc.seat(who))
    base = OBS_SIZE - 35
    return {k for k in range(34) if v[base + k]}


def test_the_bao_is_hidden_until_ready() -> None:
    """"玩家听牌前不可以看宝牌的。只有听牌后，才可以看到宝牌是哪张牌"."""
    sc = Scenario(Harbin(), HANDS, draws="3m2m4m8s", indicator="8s")
    t = sc.table
    assert t.indicator == parse_tile("8s") and t.live_tiles == 112 - 53 - 1
    for s in range(4):
        assert t.observe(s)["indicator"] is None and wild_block(sc, "ESWN"[s]) == set()
    sc.play("E discard 5p", "S pung")
    assert "ready 7z" in sc.offers("S") and t.observe(1)["indicator"] is None
    sc.play("S ready 7z")
    assert t.observe(1)["indicator"] == parse_tile("8s") and wild_block(sc, "S") == {parse_tile("8s")}
    for who in "EWN":
        assert t.observe(sc.seat(who))["indicator"] is None and wild_block(sc, who) == set()


def test_bao_in_bao() -> None:
    """HR-E2: the 宝 is 8s, S waits on 8s only (卡当) and draws it: 宝中宝."""
    sc = opened_and_ready("3m2m4m8s", "8s")
    sc.play("W discard 3m", "N discard 2m", "E discard 4m")
    assert sc.drawn == "8s" and sc.offers("S") == ["discard 8s", "win"]
    sc.play("S win")
    assert sc.items("S") == ["宝中宝"] and sc.deltas() == {"E": -8, "S": 16, "W": -4, "N": -4}
    t = sc.table
    ctx = t.contexts[1]
    assert ctx.wild_win_tile and ctx.declared_ready and ctx.self_drawn
    assert t.ruleset.score_hand(**score_hand_arguments(ctx, t.dealer)).sheet == t.scores[1]
    check_invariants(t)
    check_replay(t)


def test_mo_bao_and_a_discarded_bao_is_not_wild() -> None:
    """"宝牌只有在听牌后自摸摸到，才可替代任何牌和牌。别人打出的宝牌，不算宝牌"."""
    sc = opened_and_ready("3p2m4m3p", "3p")
    sc.play("W discard 3p")  # the 宝, discarded: S (waiting 8s) has no claim on it
    assert sc.table.phase is Phase.TURN and sc.to_act == ["N"]
    sc.play("N discard 2m", "E discard 4m")
    assert sc.drawn == "3p" and sc.offers("S") == ["discard 3p", "win"]  # the 宝 drawn: wild
    sc.play("S win")
    assert sc.items("S") == ["摸宝", "卡当"] and sc.deltas() == {"E": -8, "S": 16, "W": -4, "N": -4}


def test_a_bao_drawn_before_ready_is_an_ordinary_tile() -> None:
    """"听牌前摸到的宝牌不能算宝牌，以普通牌标识"."""
    sc = Scenario(Harbin(), HANDS, draws="3p", indicator="3p")
    sc.play("E discard 5p", "S pass")
    assert sc.drawn == "3p" and "win" not in sc.offers("S") and "discard 3p" in sc.offers("S")
    assert not any(o.startswith("ready") for o in sc.offers("S"))  # not opened: 门清 may not declare


def test_declining_the_bao() -> None:
    """The declared seat discards what it draws; a 宝 it lets go is an ordinary discard."""
    sc = opened_and_ready("3m2m4m8s", "8s")
    sc.play("W discard 3m", "N discard 2m", "E discard 4m", "S discard 8s")
    assert sc.table.declared[1] and not sc.table.is_over


def test_a_declaration_needs_a_legal_wait() -> None:
    """"（如果没有"幺"或"九"或"红中"是不可以听牌的）": opened and waiting on 7s, but no 1, 9 or 中."""
    hands = list(HANDS)
    hands[1] = "55p234m456s77m68s3p"
    hands[3] = "3669m27p1347s889p"
    sc = Scenario(Harbin(), hands)
    sc.play("E discard 5p", "S pung")
    assert "discard 3p" in sc.offers("S") and not any(o.startswith("ready") for o in sc.offers("S"))


def test_no_heavenly_win() -> None:
    """"庄家上手14张牌是天胡牌型，也不允许胡牌"."""
    hands = ["123m456p789s111m99p", "2m5m8m1p3p6p2s4s6s8s7z7z9s", HANDS[2], "3669m27p1347s89p5p"]
    sc = Scenario(Harbin(), hands)
    assert "win" not in sc.offers("E") and not any(o.startswith("ready") for o in sc.offers("E"))


def test_change_the_bao_hr_e6() -> None:
    """HR-E6: the 宝 is 3s, N pongs 3s (three visible): the 宝 goes to E's discards and the last
    tile becomes the new 宝; the new 宝 5p already shows three copies: it changes again."""
    hands = ["1478m3569p12589s3s", "123m99m456s79s46p7z", "2568m1248p47s19p7z", "3669m27p33s147s89p"]
    hands[1] = "123m99m456s79s18p7z"
    sc = Scenario(Harbin(), hands, draws="5p5p6m", tail="5p8m", indicator="3s")
    t = sc.table
    sc.play("E discard 5p", "S discard 5p", "W discard 5p")
    assert t.indicator == parse_tile("3s") and t.indicator_changes == 0
    sc.play("N discard 6m", "E pass", "E discard 3s", "S pass", "N pung")
    assert t.indicator == parse_tile("8m") and t.indicator_changes == 2
    assert t.discards[0][-2:] == [parse_tile("3s"), parse_tile("5p")]  # the old 宝s in E's row
    assert [e.get("old") for e in sc.events("indicator")] == [None, "3s", "5p"]
    check_invariants(t)
    # the old 宝 in the dealer's row is never claimed: N discards, play goes on
    sc.play("N discard 9p")
    assert not t.is_over


def test_chow_ready_outranks_pung_any_seat_nearest_first() -> None:
    """吃听: "吃听的优先级高于碰和普通吃牌。如果同时有多个人可以吃听，从打出牌玩家的位置按顺序数最近的人优先"."""
    # W and N can both 吃听 E's 5p (neither is the 下家); N could also pong it
    hands = ["1478m3569p12589s5p", "456m479p258s137s7z", "46p999m123s11m78s7z", "46p55p999s123m78m7z"]
    sc = Scenario(Harbin(), hands)
    sc.play("E discard 5p")
    assert sc.offers("W") == ["pass", "ready 456p"]  # not the 下家: no plain chow
    assert sc.offers("N") == ["pung", "pass", "ready 456p"]
    sc.play("N ready 456p", "W ready 456p")
    t = sc.table
    call = sc.events("call")[-1]
    assert (call["seat"], call["action"]) == (2, "ready")  # W: nearest to E
    assert t.must_declare and sc.offers("W") == ["ready 7z"]  # the declaration comes with the discard
    sc.play("W ready 7z")
    assert t.declared[2] and t.observe(2)["indicator"] is not None


def test_chow_ready_beats_pung() -> None:
    hands = ["1478m3569p12589s5p", "456m479p258s137s7z", "46p999m123s11m78s7z", "55p2468m2468s19p7z"]
    sc = Scenario(Harbin(), hands)
    sc.play("E discard 5p", "N pung", "W ready 456p")
    assert sc.events("call")[-1]["action"] == "ready" and sc.table.turn == 2


def test_the_next_seat_chooses_chow_or_chow_ready() -> None:
    """"如果上家打出一张可吃也可吃听的牌，则玩家可以选择是吃牌还是吃听牌"."""
    hands = ["1478m3569p12589s5p", "46p999m123s11m78s7z", "456m479p258s137s7z", "2468m2468s19p19s7z"]
    sc = Scenario(Harbin(), hands)
    sc.play("E discard 5p")
    assert sc.offers("S") == ["chow 456p", "pass", "ready 456p"]
    sc.play("S chow 456p")
    assert not sc.table.must_declare and "discard 7z" in sc.offers("S") and "ready 7z" in sc.offers("S")


def test_chow_ready_from_the_next_seat_only_as_an_option() -> None:
    """HR-2: option chow_ready_any_seat=False."""
    hands = ["1478m3569p12589s5p", "456m479p258s137s7z", "46p999m123s11m78s7z", "2468m2468s19p19s7z"]
    sc = Scenario(Harbin(chow_ready_any_seat=False), hands)
    sc.play("E discard 5p")
    assert "W" not in sc.to_act


def test_head_bump_hr_e5() -> None:
    """HR-E5: E discards 6s, S and N can both win: only S ("没有一炮双响", 截胡)."""
    hands = ["1478m3569p125689s", "123m99m456s78s55p7z", "2568m1248p347s9p2m", "7z7z111p789m45s99s3m"]
    hands[2] = "2568m1248p347s9p2p"
    sc = Scenario(Harbin(), hands, draws="6s")
    sc.play("E discard 5p", "S pung", "S ready 7z", "N pung", "N ready 3m", "E discard 6s")
    assert sorted(sc.to_act) == ["N", "S"] and sc.offers("S") == ["win", "pass"]
    sc.play("N win", "S win")
    assert sc.winners == ["S"] and sc.deltas()["N"] == 0


def test_last_four_tiles_hr_e7() -> None:
    """"荒庄前最后四张牌（宝牌不算在内），系统按顺序轮流发给玩家看是否能自摸，如不能自摸则自动打出，
    打出的牌别的玩家不能胡"."""
    sc = opened_and_ready("", "3p", tail="9m9p8s8s")  # drawn last: 8s (E), 8s (S), 9p (W), 9m (N)
    t = sc.table
    sc.idle(until_live=3)
    assert t.live_tiles == 3 and t.in_self_draw_zone and sc.to_act == ["E"] and sc.drawn == "8s"
    assert sc.offers("E") == ["discard 8s"]  # no call, no kong: lay it aside (or win)
    sc.play("E discard 8s")  # S waits on 8s: no win on it, S draws
    assert t.phase is Phase.TURN and sc.to_act == ["S"]
    assert sc.drawn == "8s" and sc.offers("S") == ["discard 8s", "win"]
    sc.play("S win")
    assert sc.items("S") == ["自摸", "卡当"] and t.live_tiles == 2


def test_the_wall_runs_out_dealer_stays() -> None:
    """荒庄: "重新开局，庄家不变"."""
    sc = opened_and_ready("", "3p", tail="9m1s")
    sc.idle()
    t = sc.table
    assert t.live_tiles == 0 and sc.offers(sc.to_act[0]) == [f"discard {sc.drawn}"]
    sc.play(f"{sc.to_act[0]} discard {sc.drawn}")
    assert t.is_over and not t.winners and t.deltas() == [0, 0, 0, 0]
    assert t.ruleset.next_dealer(t) == t.dealer and sc.events("draw_game")


def test_bad_scenario_moves_name_the_rule() -> None:
    sc = Scenario(Harbin(), HANDS)
    with pytest.raises(ScenarioError, match="not legal"):
        sc.play("E ready 5p")  # 门清: no declaration


def test_kong_after_ready_only_while_ready() -> None:
    """"听牌后可以杠牌的，系统判断杠牌后的牌型是否无法上听 … 如果判断杠牌后无法成听牌牌型，则不允许杠牌"."""
    hands = ["2478m3569p125689s", "55p111m99m456s79s7z", HANDS[2], HANDS[3]]
    sc = Scenario(Harbin(), hands, draws="3m2m4m1m", tail="9p", indicator="3p")
    sc.play("E discard 5p", "S pung", "S ready 7z", "W discard 3m", "N discard 2m", "E discard 4m")
    assert sc.drawn == "1m" and sc.offers("S") == ["discard 1m", "concealed kong 1m"]  # still waits on 8s after it
    sc.play("S kong 1m")
    assert sc.drawn == "9p" and sc.offers("S") == ["discard 9p"] and sc.table.declared[1]
