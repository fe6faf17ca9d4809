"""太原立四麻将 situational rules on stacked walls: the four standing tiles
(立四: never discarded, the declaration must discard one, usable in a
pung), 报听 needed to win (locked, no kong, a passed win forfeits), one
winner per discard, 不能弃先碰后, the reserve growing with kongs, and the
dealer after a drawn hand.  A hand's first four tiles (as written) are the
first four dealt, so they are its standing tiles."""

from __future__ import annotations

from mahjong_core.scenario import Scenario
from mahjong_core.tiles import parse_tile
from mahjong_core.variants.taiyuan import Taiyuan

TY = Taiyuan()
E_HAND = "5z5z6z6z123m456m789m7z"        # stands 5z5z6z6z
S_HAND = "7s3z1p2p3p4p5p6p7p8p9p5s5s"     # stands 7s 3z 1p 2p; with a 5s: ready on 3z
W_HAND = "1234s689s1126m9m3z"           # stands 1s2s3s4s
N_HAND = "4z2s5m7m8m3s6s1z2z5z4p4p7z"


def test_standing_tiles_are_dealt_and_only_leave_with_the_declaration() -> None:
    sc = Scenario(TY, hands=[E_HAND, S_HAND, W_HAND, N_HAND], draws="5s9s")
    t = sc.table
    assert t.standing[0][parse_tile("5z")] == 2 and t.standing[0][parse_tile("6z")] == 2 and sum(t.standing[0]) == 4
    assert sum(t.standing[1]) == 4 and t.standing[1][parse_tile("7s")] == 1
    offers = sc.offers("E")
    # E is ready by discarding 7z (55z 66z), but 7z does not stand: no declaration;
    # the standing 5z 6z are not discarded
    assert "discard 5z" not in offers and "discard 6z" not in offers and "discard 7z" in offers
    assert not any(o.startswith("ready") for o in offers) and "win" not in offers
    sc.play("E discard 7z")
    offers = sc.offers("S")  # S drew 5s: ready by giving up 7s or 3z, both standing
    assert [o for o in offers if o.startswith("ready")] == ["ready 7s", "ready 3z"]
    assert "discard 7s" not in offers and "discard 1p" not in offers and "discard 3p" in offers
    sc.play("S ready 7s")
    assert t.declared[1] and sum(t.standing[1]) == 3
    sc.play("W discard 3z")
    assert sc.offers("S") == ["win", "pass"]
    sc.play("S win")
    # 123..9p 555s 33z: 缺门 (no 万), 青龙, 放铳 (West not ready); single wait
    assert sc.items("S") == ["基本分", "缺门", "青龙", "放铳"]
    assert sc.deltas() == {"E": 0, "S": 23, "W": -23, "N": 0}


def test_undeclared_complete_hand_cannot_win() -> None:
    sc = Scenario(TY, hands=["5z5z5z6z6z123m456m789m", S_HAND, W_HAND, N_HAND.replace("5z", "9s")])
    assert "win" not in sc.offers("E")  # a complete dealt hand, but no declaration


def test_locked_after_declaring_no_kong_and_a_passed_win_forfeits() -> None:
    sc = Scenario(TY, hands=[E_HAND, S_HAND, W_HAND, N_HAND], draws="5s9s9m8p5s2p1s6p3z")
    sc.play("E discard 7z", "S ready 7s", "W discard 3z")
    assert sc.offers("S") == ["win", "pass"]
    sc.play("S pass")  # 听牌后 … 放铳不和: no more wins this hand
    sc.play("N discard 9m", "E discard 8p")
    assert sc.drawn == "5s" and sc.offers("S") == ["discard 5s"]  # four 5s, but no kong after 报听
    sc.play("S discard 5s", "W discard 2p", "N discard 1s", "E discard 6p")
    assert sc.drawn == "3z" and sc.offers("S") == ["discard 3z"]  # its winning tile, forfeited


def test_one_winner_the_nearest_after_the_discarder() -> None:
    n_hand = "2z2s3s4s5s6s7s8m8m8m3z9s9s"   # stands 2z 2s 3s 4s; with a 9s: ready on 3z
    e_hand = "5z5z6z6z123m456m789m3z"
    sc = Scenario(TY, hands=[e_hand, S_HAND, "1z1z4z4z234m556789p", n_hand], draws="5s1m9s2p")
    sc.play("E discard 9m", "S ready 7s", "W discard 1m", "N ready 2z")
    sc.play("E discard 3z")
    assert sc.offers("S") == ["win", "pass"] and sc.offers("N") == ["win", "pass"]
    sc.play("S win", "N win")
    assert sc.winners == ["S"]  # 截胡: S is first counter-clockwise from E
    # 缺门, 青龙, 庄家 (the dealer pays), 放铳
    assert sc.deltas() == {"E": -24, "S": 24, "W": 0, "N": 0}


def test_no_skipping_a_pung_then_punging_later_and_pung_with_standing_tiles() -> None:
    w_hand = "1z1z4z4z7z7z234m5p6p7p8p"      # stands 1z1z4z4z
    s_hand = "7s3z1p2p3p4p5p6p7p9p5s5s7z"
    n_hand = "4z2s5m7m8m3s6s1z2z5z4p4p9m"
    sc = Scenario(TY, hands=[E_HAND, s_hand, w_hand, n_hand], draws="9s3s8s")
    sc.play("E discard 7z")
    assert sc.offers("W") == ["pung", "pass"]
    sc.play("W pass", "S discard 7z")
    assert sc.to_act == ["W"] and sc.table.phase.value == "turn"  # 不能弃先碰后: no pung offered
    sc.play("W discard 3s", "N discard 1z")
    assert sc.offers("W") == ["pung", "pass"]  # its two standing 1z may pung
    sc.play("W pung")
    t = sc.table
    assert t.standing[2][parse_tile("1z")] == 0 and t.standing[2][parse_tile("4z")] == 2
    assert "discard 4z" not in sc.offers("W") and "discard 7z" in sc.offers("W")


def test_the_reserve_grows_from_the_second_kong() -> None:
    e_hand = "5z5z6z6z1111m456m789m"
    s_hand = "7s3z1p2p2222m345p5s6s"
    sc = Scenario(TY, hands=[e_hand, s_hand, "1234s689s3366m9m3z", N_HAND], draws="2s", tail="7p8p")
    t = sc.table
    assert t.live_tiles == 136 - 53 - 14  # 7 stacks kept
    sc.play("E kong 1m")
    # one tile taken from the tail: 7 stacks + the lone tile are kept
    assert t.live_tiles == 136 - 53 - 1 - 15
    sc.play("E discard 7p")
    sc.play("S kong 2m")
    # two kongs: 8 stacks, no lone tile
    assert t.live_tiles == 136 - 54 - 2 - 16


def _play_out(sc: Scenario) -> None:
    """Nobody declares: every seat discards what it draws to the last tile."""
    sc.idle()
    (seat,) = sc.to_act
    sc.play(f"{seat} discard {sc.drawn}")


def test_drawn_hand_dealer_stays_without_a_kong_passes_with_one() -> None:
    sc = Scenario(TY, hands=[E_HAND, S_HAND, W_HAND, N_HAND])
    _play_out(sc)
    t = sc.table
    assert t.is_over and not t.winners and TY.next_dealer(t) == 0 and t.live_tiles == 0
    assert len(t.remaining_wall()) == 14  # 7 stacks never drawn
    sc = Scenario(TY, hands=["5z5z6z6z1111m456m789m", S_HAND, "1234s689s3366m9m3z", N_HAND])
    sc.play("E kong 1m")
    _play_out(sc)
    t = sc.table
    assert t.is_over and not t.winners and TY.next_dealer(t) == 1
    assert len(t.remaining_wall()) == 15
