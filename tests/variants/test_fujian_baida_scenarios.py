"""福建百搭's situational rules on stacked walls: the tile turned up at the
kong tail names the 百搭 (活动: its kind; 带弟: the next, 北 → 中), the 白板
替身 winning on a discard and on its own draw, a discarded 百搭 never
claimed, a discarded 白板 punged as 白板, and one winner per discard."""

from __future__ import annotations

from mahjong_core.engine import Phase
from mahjong_core.scenario import Scenario
from mahjong_core.tiles import KIND_NAMES, parse_tile
from mahjong_core.variants.fujian_baida import FujianBaida
from reference.engine_invariants import check_invariants, check_paper_path, check_replay

HD = FujianBaida()
DD = FujianBaida(mode="daidi")
E_HAND = "2z1478m369p258s134z"  # no win, no 7s, discards 2z first
FILL_W = "2368m4578p1369s6z"
FILL_N = "235689m45678p7s6z"


def finish(sc: Scenario) -> None:
    t = sc.table
    check_invariants(t)
    if t.is_over:
        check_paper_path(t)
        check_replay(t)


def test_the_kong_tail_tile_names_the_wild() -> None:
    # "开牌时将杠尾的一张牌翻开，该牌就是百搭": the last tile of the wall
    sc = Scenario(HD, [E_HAND, "123m456p5z89s11z22z", FILL_W, FILL_N], tail="3s4s", indicator="7s")
    t = sc.table
    assert sc.wall[-1] == parse_tile("7s")
    assert t.indicator == parse_tile("7s") and t.wild_kinds == {parse_tile("7s")} and len(t.wall) == 135
    # the replacements come from the tail, the turned-up tile set aside
    assert [KIND_NAMES[t.wall[t.tail - i]] for i in (1, 2)] == ["3s", "4s"]
    finish(sc)


def test_a_white_stands_in_for_the_wild_kind_on_a_discard() -> None:
    # "其中一张白板可以用作代替该张翻开的牌": S's 5z plays as 7s in 789s
    sc = Scenario(HD, [E_HAND, "123m456p5z89s11z22z", FILL_W, FILL_N], indicator="7s")
    sc.play("E discard 2z")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["无百搭"]
    assert sc.deltas() == {"E": -2, "S": 2, "W": 0, "N": 0}
    finish(sc)


def test_a_drawn_white_completes_the_hand() -> None:
    sc = Scenario(HD, [E_HAND, "123m456p89s11z222z", FILL_W, FILL_N], draws="5z", indicator="7s")
    sc.play("E discard 2z")
    if "pass" in sc.offers("S"):
        sc.play("S pass")
    assert sc.drawn == "5z" and "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["自摸", "无百搭", "地胡"]  # S's first draw
    finish(sc)


def test_without_stand_ins_the_white_is_only_white() -> None:
    sc = Scenario(FujianBaida(stand_ins=0), [E_HAND, "123m456p5z89s11z22z", FILL_W, FILL_N], indicator="7s")
    sc.play("E discard 2z")
    assert "win" not in sc.offers("S")
    finish(sc)


def test_a_discarded_wild_is_never_claimed() -> None:
    # E discards 7s (百搭): S's 89s would chow it, W's 55z... nobody may claim it
    sc = Scenario(HD, ["7s1478m369p258s134z", "123m456p89s11z222z", FILL_W, FILL_N], indicator="7s")
    sc.play("E discard 7s")
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"]
    finish(sc)


def test_a_discarded_white_is_punged_as_white() -> None:
    sc = Scenario(HD, ["5z1478m369p258s134z", "123m456p89s11z234z", "2368m4578p136s55z", FILL_N], indicator="7s")
    sc.play("E discard 5z")
    assert "pung" in sc.offers("W")
    sc.play("W pung")
    assert sc.table.melds[sc.seat("W")][0].tiles == (31, 31, 31)
    finish(sc)


def test_daidi_north_makes_red_the_wild() -> None:
    # "开北则以红中为百搭": S's 7z stands for 3s in 123s; the 北 is an ordinary tile
    sc = Scenario(DD, [E_HAND, "123m456p12s7z11z66z", FILL_W, FILL_N], indicator="4z")
    assert sc.table.wild_kinds == {parse_tile("7z")}
    sc.play("E discard 1z")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == [] and sc.deltas() == {"E": -1, "S": 1, "W": 0, "N": 0}
    finish(sc)
    # in 活动 mode the same 北 makes 北 the 百搭 and 7z an ordinary tile: no win
    sc = Scenario(HD, [E_HAND, "123m456p12s7z11z66z", FILL_W, FILL_N], indicator="4z")
    sc.play("E discard 1z")
    assert "win" not in sc.offers("S")


def test_one_winner_per_discard() -> None:
    hands = [E_HAND, "123m456p5z89s11z22z", FILL_W, "456m456p789s111s2z"]
    sc = Scenario(HD, hands, indicator="7s")
    sc.play("E discard 2z")
    assert "win" in sc.offers("S") and "win" in sc.offers("N")
    sc.play("N win", "S win")
    assert sc.winners == ["S"]
    finish(sc)
    sc = Scenario(FujianBaida(multiple_winners=True), hands, indicator="7s")
    sc.play("E discard 2z", "N win", "S win")
    assert sorted(sc.winners) == ["N", "S"]
    finish(sc)
