"""武汉 红中赖子杠's situational rules on stacked walls (mahjong_core.scenario):
红中杠 and 赖子杠 laid out and replaced from the tail (杠开 on them), 开口
before a win, 红中 in the hand, the two-赖子 limit on 屁胡, 抢杠 paid by the
robbed seat, 海底捞 on the last four tiles, the 赖子 kept, and the option
that lays 红中 out at once."""

from __future__ import annotations

from mahjong_core.engine import ActionKind, Phase
from mahjong_core.scenario import Scenario
from mahjong_core.tiles import parse_tile
from mahjong_core.variants.wuhan import Wuhan
from reference.engine_invariants import check_invariants, check_paper_path, check_replay

WH = Wuhan()
# 4s turned up: 5s is the 赖子
E13 = "1m4m7m1p4p7p1s4s7s1z2z3z8m"
E = E13 + "9m"
S = "2m5m8m2p5p8p2s8s9s1z2z3z4z"
W = "1m4m7m1p4p7p1s4s7s1z2z4z9s"
N = "2m5m8m2p5p8p2s8s9s2z3z4z9m"


def finish(sc: Scenario) -> None:
    t = sc.table
    check_invariants(t)
    if t.is_over:
        if t.winners:
            check_paper_path(t)
        check_replay(t)


def until_turn(sc: Scenario, who: str) -> None:
    """Pass every claim and discard the drawn tile until ``who`` is on turn."""
    t = sc.table
    seat = sc.seat(who)
    for _ in range(40):
        if t.phase is Phase.TURN and t.turn == seat:
            return
        s = t.to_act[0]
        legal = t.legal_actions(s)
        if t.phase is Phase.TURN:
            sc.play(next(a for a in legal if a.kind is ActionKind.DISCARD and a.tile == t.drawn))
        else:
            sc.play(next(a for a in legal if a.kind is ActionKind.PASS))
    raise AssertionError(f"{who} never came on turn")


def test_red_kong_is_laid_out_alone_and_replaced_from_the_tail() -> None:
    s = "2m5m8m2p5p8p2s8s9s1z2z3z7z"
    sc = Scenario(WH, [E, s, W, N], draws="9p", tail="6p", indicator="4s")
    sc.play("E discard 9m")
    t = sc.table
    assert t.turn == 1 and t.drawn == parse_tile("9p")
    assert "concealed kong 7z" in sc.offers("S")
    sc.play("S concealed kong 7z")
    assert t.flowers[1] == [parse_tile("7z")] and not t.melds[1] and t.drawn == parse_tile("6p") and t.after_kong
    assert [e for e in t.events if e["type"] == "kong"][-1] == {"seat": 1, "tile": "7z", "single": True, "type": "kong"}
    finish(sc)


def test_a_pung_opens_the_hand_and_the_red_kong_replacement_wins() -> None:
    # S pungs 3s (开口), later draws 1m, lays out 红中 and draws 6p: 杠开
    s = "23m456m45p1z1z7z9s3s3s"
    sc = Scenario(WH, [E13 + "3s", s, W, N], draws="9p9p9p1m", tail="6p", indicator="4s")
    sc.play("E discard 3s", "S pung", "S discard 9s")
    until_turn(sc, "S")
    assert not sc.can("S", "win")  # 123m456m45p11z7z: 红中 still in the hand
    sc.play("S concealed kong 7z")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.winners == ["S"] and sc.items("S") == ["杠开"]
    # 10 points, doubled for the self-draw; the payers laid nothing out
    assert sc.deltas() == {"E": -20, "S": 60, "W": -20, "N": -20}
    finish(sc)


def test_no_win_before_an_opening() -> None:
    # "不开口不能胡": S's concealed hand waits on 6p; E discards it: no win offered
    s = "123m456m45p11z333s"
    sc = Scenario(WH, [E13 + "6p", s, W, N], indicator="4s")
    sc.play("E discard 6p")
    assert not sc.can("S", "win")
    finish(sc)


def test_red_in_the_hand_blocks_the_win() -> None:
    # "红中留在手上不能胡": S opened (pung of 3s) with 红中 as its pair; W discards 6p: no win
    s = "123m456m45p7z7z9s3s3s"
    sc = Scenario(WH, [E13 + "3s", s, W, N], draws="6p", indicator="4s")
    sc.play("E discard 3s", "S pung", "S discard 9s", "W discard 6p")
    assert not sc.can("S", "win")
    finish(sc)
    # the same hand with 东 as its pair wins
    s = "123m456m45p1z1z9s3s3s"
    sc = Scenario(WH, [E13 + "3s", s, W, N], draws="6p", indicator="4s")
    sc.play("E discard 3s", "S pung", "S discard 9s", "W discard 6p", "S win")
    assert sc.items("S") == ["屁胡"] and sc.deltas() == {"E": 0, "S": 1, "W": -1, "N": 0}
    finish(sc)


def test_two_laizi_block_a_pihu_until_one_is_laid_out() -> None:
    # "两个癞子胡屁胡不能胡": S holds two 赖子 (5s) in a complete 屁胡; after a 赖子杠 it wins 杠开
    s = "123m456m4p5s5s1z9s3s3s"
    sc = Scenario(WH, [E13 + "3s", s, W, N], draws="9p9p9p1z", tail="6p", indicator="4s")
    sc.play("E discard 3s", "S pung", "S discard 9s")
    until_turn(sc, "S")
    # 123m 456m 4p-5s-5s 11z: complete with the two 赖子, a 屁胡: no win
    assert not sc.can("S", "win")
    assert "discard 5s" not in sc.offers("S")  # a 赖子 is not discarded
    sc.play("S concealed kong 5s")  # one 赖子 laid out, 6p drawn: 4p 5s 6p
    sc.play("S win")
    assert sc.items("S") == ["杠开"]
    assert sc.deltas() == {"E": -20, "S": 60, "W": -20, "N": -20}  # S's own 赖子杠 doubles only what S pays
    finish(sc)


def test_robbed_kong_is_paid_by_the_robbed_seat() -> None:
    # "抢杠 … 他就要包了": N pungs 9p, later adds the fourth; S (opened) waits on 6p/9p and robs it
    e = "1m4m7m1p4p7p1s4s7s1z2z8m9p3s"
    s = "123m456m78p1z1z3s3s9s"
    n = "2m5m8m2p5p8p2s8s2z4z9m9p9p"
    sc = Scenario(WH, [e, s, W, n], draws="5z6z9p", indicator="4s")
    sc.play("E discard 9p")
    assert not sc.can("S", "win")  # not opened yet
    sc.play("S pass", "N pung", "N discard 4z", "E discard 3s", "S pung", "S discard 9s", "W discard 6z")
    sc.play("N kong 9p")
    assert sc.offers("S") == ["win", "pass"]
    sc.play("S win")
    assert sc.items("S") == ["抢杠"]
    # the three shares (10 each) paid by N alone
    assert sc.deltas() == {"E": 0, "S": 30, "W": 0, "N": -30}
    finish(sc)


def test_last_four_tiles_make_haidilao() -> None:
    # "只剩最终四张牌，起到胡牌的张子": the context key is set on a draw with fewer than four tiles left
    sc = Scenario(WH, [E, S, W, N], indicator="4s")
    sc.idle(until_live=4)
    t = sc.table
    assert t.live_tiles == 4 and not WH.context_extra(t, t.turn)["last_four"]
    sc.idle(until_live=3)
    assert t.live_tiles == 3 and WH.context_extra(t, t.turn)["last_four"]
    assert not WH.context_extra(t, (t.turn + 1) % 4)["last_four"]  # not the seat's own draw
    finish(sc)


def test_red_at_once_lays_every_red_out_at_the_deal() -> None:
    rs = Wuhan(red_at_once=True)
    sc = Scenario(rs, [E13 + "7z", S, W, N], tail="6p", indicator="4s")
    t = sc.table
    assert t.flowers[0] == [parse_tile("7z")] and t.hands[0][parse_tile("6p")] == 1
    assert "concealed kong 7z" not in sc.offers("E")
    finish(sc)


def test_jiangyise_wins_on_a_discard_without_a_shape() -> None:
    # "将一色，凑足全部牌是将就OK": S pungs 2s (开口) and holds only 2s, 5s and 8s that make no sets;
    # E's 8m completes the fourteen: a win without a shape (the engine's shape_free_waits)
    s = "2m5m8m2p5p2s2s8m8s8s2p5p9s"
    sc = Scenario(WH, [E13 + "2s", s, W, N], draws="6z", indicator="1z")
    sc.play("E discard 2s", "S pung", "S discard 9s")
    until_turn(sc, "E")
    sc.play("E discard 8m")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["将一色"] and sc.deltas() == {"E": -10, "S": 10, "W": 0, "N": 0}
    finish(sc)
