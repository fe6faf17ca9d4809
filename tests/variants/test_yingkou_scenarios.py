"""营口麻将's rules in play on stacked walls: the 会 turned up from the end
of the wall, no call of a 会, wins offered only when the seed's rules hold
(no 2/8 pair, three suits, 幺九, a pung, a 会 never as 幺九), 截胡 and the
dealer's payments."""

from __future__ import annotations

from mahjong_core.engine import Phase
from mahjong_core.scenario import Scenario
from collections import Counter

from mahjong_core.tiles import format_tiles, parse_tile, parse_tiles
from mahjong_core.variants.yingkou import Yingkou
from reference.engine_invariants import check_invariants, check_paper_path, check_replay

YK = Yingkou()
E_HAND = "2m5m8m47p258s134567z"  # the dealer: discards 2m, 5m or 1z


def table(s_hand: str, *, e_hand: str = E_HAND, n_hand: str | None = None, ind: str = "6z") -> Scenario:
    """A scenario with E and S (and N) given; W and N filled with tiles of
    kinds E never discards here, two of each at most, so they claim nothing."""
    used = Counter(parse_tiles(e_hand + s_hand + (n_hand or "") + ind))
    avoid = {parse_tile(k) for k in ("1m", "2m", "5m", "9p", "1z")}
    pool = [k for k in range(34) if k not in avoid for _ in range(min(2, 4 - used[k]))]
    pool.sort(key=lambda k: (k < 27, k))  # honours first
    w_hand, pool = pool[:13], pool[13:]
    n = n_hand if n_hand is not None else format_tiles(pool[:13])
    return Scenario(YK, [e_hand, s_hand, format_tiles(w_hand), n], indicator=ind)


def finish(sc: Scenario) -> None:
    check_invariants(sc.table)
    if sc.table.is_over:
        check_paper_path(sc.table)
        check_replay(sc.table)


def test_the_last_tile_of_the_wall_is_the_hui() -> None:
    sc = table("1234m258s369s567z", e_hand="1m258p367p147s1234z")
    t = sc.table
    assert t.indicator == parse_tile("6z") and t.wild_kinds == {parse_tile("6z")}
    assert sc.wall[-1] == parse_tile("6z")
    assert sc.events("indicator")[0]["tile"] == "6z"
    finish(sc)


def test_no_call_of_a_discarded_hui() -> None:
    # E discards the 会 9p: S (78p) may not chow it, W (9p9p) may not pung it
    sc = Scenario(YK, ["9p7p11m258s369s1234z", "78p234m258s567z55p", "9p9p258m36p147s245z", "369m147p258s6677z"],
                  indicator="9p")
    sc.play("E discard 9p")
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"]
    finish(sc)


def test_a_2_pair_wait_is_not_offered_but_a_5_pair_is() -> None:
    # S waits on 2m alone (111m345p567s789s + 2m): E's 2m is no win
    sc = table("111m345p567s789s2m")
    sc.play("E discard 2m")
    assert "win" not in sc.offers("S")
    finish(sc)
    sc = table("111m345p567s789s5m")
    sc.play("E discard 5m")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.winners == ["S"] and sc.items("S") == ["门清", "单钓", "素胡"]
    assert sc.deltas() == {"E": -16, "S": 16, "W": 0, "N": 0}  # the dealer pays one more double
    finish(sc)


def test_no_win_without_three_suits_or_yaojiu_or_a_pung() -> None:
    # S: 111m345m567s789s + 5m: no 饼
    sc = table("111m345m567s789s5m")
    sc.play("E discard 5m")
    assert "win" not in sc.offers("S")
    # S: 222m345p567s678s + 5m: no 幺九
    sc = table("222m345p567s678s5m")
    sc.play("E discard 5m")
    assert "win" not in sc.offers("S")
    # S: 123m345p567s789s + 5m: no pung
    sc = table("123m345p567s789s5m")
    sc.play("E discard 5m")
    assert "win" not in sc.offers("S")
    finish(sc)


def test_a_hui_completes_a_simple_but_not_a_terminal() -> None:
    # S holds the 会 6z: 111m345p57s789s + 6z + 5m wins (6z as 6s)
    sc = table("111m345p57s789s6z5m")
    sc.play("E discard 5m")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert "素胡" not in sc.items("S")
    finish(sc)
    # S: 111m345p567s789s + 6z waits on a lone pair: 1z would need the 会 as 1z
    sc = table("111m345p567s789s6z")
    sc.play("E discard 1z")
    assert "win" not in sc.offers("S")


def test_head_bump_one_winner() -> None:
    # E discards 5m: S and N could both win; only S, the nearest, does
    sc = table("111m345p567s789s5m", n_hand="999m345p567s789s5m")
    sc.play("E discard 5m")
    assert "win" in sc.offers("S") and "win" in sc.offers("N")
    sc.play("N win", "S win")
    assert sc.winners == ["S"]
    finish(sc)
