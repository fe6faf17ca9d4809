"""洛书麻将's rules in play on stacked walls: no win before 叫听, the ready
declaration keeping a 洛书 wait, no chow and no pung, kongs of 将头 tiles
only, and the stake paid."""

from __future__ import annotations

from mahjong_core.engine import Phase
from mahjong_core.scenario import Scenario
from mahjong_core.variants.luoshu import Luoshu
from reference.engine_invariants import check_invariants, check_paper_path, check_replay

LS = Luoshu()
E_HAND = "123m456p789s2z3z4z7z7z"
W_HAND = "1122m3344p6677s4z"
N_HAND = "3344m6677p1122s5z"


def finish(sc: Scenario) -> None:
    check_invariants(sc.table)
    if sc.table.is_over:
        check_paper_path(sc.table)
        check_replay(sc.table)


def test_no_win_before_jiaoting_then_a_win_and_its_stake() -> None:
    sc = Scenario(LS, [E_HAND, "159m267p348s555m1z", W_HAND, N_HAND], draws="9s9p9p9p")
    sc.play("E discard 2z")  # S's hand would win on it, but has not declared
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"]
    assert "ready 9s" in sc.offers("S") and "win" not in sc.offers("S")
    sc.play("S ready 9s")
    assert sc.table.declared[1]
    sc.play("W discard 9p", "N discard 9p", "E discard 3z")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.winners == ["S"] and sc.items("S") == ["和"]
    assert sc.deltas() == {"E": -1, "S": 1, "W": 0, "N": 0}
    finish(sc)


def test_no_ready_declaration_without_a_luoshu_wait() -> None:
    # S: 123m is no set; no discard leaves a 洛书 wait
    sc = Scenario(LS, [E_HAND, "123m267p348s555m1z", W_HAND, N_HAND], draws="9s9p9p9p")
    sc.play("E discard 2z")
    assert not [o for o in sc.offers("S") if o.startswith("ready")]


def test_no_chow_and_no_pung() -> None:
    sc = Scenario(LS, ["5m23m456p789s2z3z4z7z7z", "46m55m159m267p123z", W_HAND, N_HAND], draws="9s")
    sc.play("E discard 5m")  # S holds 46m and 55m: neither a chow nor a pung is offered
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"]
    finish(sc)


def test_kongs_of_jiang_tiles_only() -> None:
    sc = Scenario(LS, [E_HAND, "1111z5555m267p34s", W_HAND, N_HAND], draws="9s")
    sc.play("E discard 2z")
    offers = sc.offers("S")
    assert "concealed kong 1z" in offers and "concealed kong 5m" not in offers
    sc.play("S kong 1z")
    assert sc.table.melds[1][0].kind_of == 27
    finish(sc)
