"""内蒙麻将: the seed's three win conditions (variants-more §11.7) through
``score_hand`` — each broken and each met in every way the seed allows —,
the PROPOSAL table and payments, 截胡 on a scripted wall, the options.

Amounts are worked by hand from the module docstring (one payer pays base
× 2 ** 番; +1 番 when the dealer pays or wins), not read from the code.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.scenario import Scenario
from mahjong_core.variants import neimeng
from mahjong_core.variants.neimeng import Neimeng

NM = Neimeng()


def test_136_tiles() -> None:
    assert len(NM.wall_tiles()) == 136


# --- 一是必需有碰或杠才可以，也可以自己手里有暗刻 ---------------------------------------


def test_a_win_needs_a_pung_or_kong() -> None:
    with pytest.raises(IllegalWinError, match="必需有碰或杠"):
        NM.score_hand("456p789s23s99m", win_tile="4s", melds=["chi 123m"], winner=1, discarder=2)


def test_a_concealed_pung_counts() -> None:
    r = NM.score_hand("456p999s23s77z", win_tile="4s", melds=["chi 123m"], winner=1, discarder=2)
    assert r.sheet.names() == ["平胡"]
    # the pung the winning tile completes counts too
    r = NM.score_hand("456p99s234s77z", win_tile="9s", melds=["chi 123m"], winner=1, discarder=2)
    assert r.settlement.deltas(4) == [0, 1, -1, 0]


# --- 二是必需要开门，就是要吃上家的牌或者碰别人的牌 ---------------------------------------


def test_a_win_needs_an_opened_hand() -> None:
    with pytest.raises(IllegalWinError, match="必需要开门"):
        NM.score_hand("123m456p999s23s77z", win_tile="4s", winner=1, discarder=2)
    # a concealed kong does not open the hand
    with pytest.raises(IllegalWinError, match="必需要开门"):
        NM.score_hand("456p999s23s77z", win_tile="4s", melds=["ankan 5555m"], winner=1, discarder=2)


@pytest.mark.parametrize("meld", ["chi 123m", "pon 555m", "kan 5555m", "kakan 5555m"])
def test_a_chow_a_pung_or_an_exposed_kong_opens(meld: str) -> None:
    r = NM.score_hand("456p999s23s77z", win_tile="4s", melds=[meld], winner=1, discarder=2)
    assert r.settlement.deltas(4) == [0, 1, -1, 0]


# --- 三是必需有幺九或箭刻 -------------------------------------------------------------


def test_a_win_needs_a_terminal_or_a_dragon_pung() -> None:
    with pytest.raises(IllegalWinError, match="幺九或箭刻"):
        NM.score_hand("456p888s23s55m", win_tile="4s", melds=["chi 234m"], winner=1, discarder=2)
    # winds are no 幺九 (else "或箭刻" would say nothing)
    with pytest.raises(IllegalWinError, match="幺九或箭刻"):
        NM.score_hand("456p888s23s11z", win_tile="4s", melds=["chi 234m"], winner=1, discarder=2)
    # a dragon pung is enough, a 9 is enough
    assert NM.score_hand("456p888s23s55m", win_tile="4s", melds=["pon 777z"], winner=1, discarder=2).sheet
    assert NM.score_hand("456p888s23s99m", win_tile="4s", melds=["chi 234m"], winner=1, discarder=2).sheet


# --- the table (PROPOSAL) -------------------------------------------------------------


def test_doublings_and_the_dealer() -> None:
    # 自摸 1 + 夹胡 1 (4_6p) = 2 番: 4 from each, 8 from the dealer
    r = NM.score_hand("46p999s234s77z", win_tile="5p", melds=["chi 123m"], winner=1)
    assert r.sheet.names() == ["自摸", "夹胡"] and r.settlement.deltas(4) == [-8, 16, -4, -4]
    # the dealer wins on a discard: 单钓 1 + 庄家 1 → 4
    r = NM.score_hand("456p999s234s7z", win_tile="7z", melds=["chi 123m"], winner=0, discarder=3)
    assert r.sheet.names() == ["单钓"] and r.settlement.deltas(4) == [4, 0, 0, -4]


def test_all_pungs_full_flush_and_the_base() -> None:
    r = Neimeng(base=3).score_hand("111222m999m5m", win_tile="5m", melds=["pon 777m"], winner=2, discarder=3)
    # 单钓 1 + 飘胡 2 + 清一色 2 = 5 番: 3 × 2 ** 5 = 96
    assert r.sheet.names() == ["单钓", "飘胡", "清一色"] and r.settlement.deltas(4) == [0, 0, 96, -96]


def test_kong_payments() -> None:
    from mahjong_core.tiles import parse_melds

    assert NM.kong_payments(None, 2, parse_melds("ankan 7777z")[0], None).deltas(4) == [-2, -2, 6, -2]  # type: ignore[arg-type]
    assert NM.kong_payments(None, 2, parse_melds("kan 7777z")[0], 1).deltas(4) == [-1, -1, 3, -1]  # type: ignore[arg-type]


# --- 截胡 and 一炮多响 ---------------------------------------------------------------------

HANDS = [
    "7z5p147m28p369s2345z",  # E: feeds 7z, later 5p
    "123m46p999s35577z",  # S: pongs 7z (opened), then waits on 4_6p
    "369m147p258s1667z",  # W: feeds 1z
    "789m46p111s11z66z4z",  # N: pongs 1z (opened), then waits on 4_6p
]
MOVES = ["E discard 7z", "S pung", "S discard 3z", "W discard 1z", "N pung", "N discard 4z", "E discard 5p"]


def test_before_opening_no_win_on_the_same_tile() -> None:
    sc = Scenario(NM, HANDS, draws="9p8p")
    sc.play("E discard 5p")  # S and N hold 4_6p, but neither hand is opened yet
    # S may chow it (it is E's 下家) but not win; N is not even asked
    assert sc.to_act == ["S"] and sc.offers("S") == ["chow 456p", "pass"]


def test_nearest_winner_alone_by_default() -> None:
    sc = Scenario(NM, HANDS, draws="9p8p")
    sc.play(*MOVES)
    assert "win" in sc.offers("S")
    for seat in [s for s in ("S", "N") if s in sc.to_act]:
        sc.play(f"{seat} win")
    assert sc.winners == ["S"]
    # 夹胡 1 番 + 庄家 1 (E, the dealer, discarded): 4
    assert sc.items("S") == ["夹胡"] and sc.deltas() == {"E": -4, "S": 4, "W": 0, "N": 0}


def test_multiple_ron_option() -> None:
    sc = Scenario(Neimeng(multiple_ron=True), HANDS, draws="9p8p")
    sc.play(*MOVES, "S win", "N win")
    assert sorted(sc.winners) == ["N", "S"]
    assert sc.deltas() == {"E": -8, "S": 4, "W": 0, "N": 4}


def test_names_options_docs() -> None:
    for name in ("neimeng", "内蒙", "内蒙麻将", "内蒙古麻将"):
        assert find_variant(name) is Neimeng
    for bad, word in (({"base": 0}, "base"), ({"multiple_ron": "x"}, "multiple_ron")):
        with pytest.raises(MahjongError, match=word):
            Neimeng(**bad)
    root = Path(__file__).resolve().parents[2]
    page = doctest.testfile(str(root / "docs" / "variants" / "neimeng.md"), module_relative=False)
    mod = doctest.testmod(neimeng)
    assert page.failed == 0 and page.attempted >= 2
    assert mod.failed == 0 and mod.attempted >= 4


def test_options_round_trip_through_json() -> None:
    rs = Neimeng(base=2, multiple_ron=True)
    assert Neimeng.from_options_json(rs.options_json()).options == rs.options
