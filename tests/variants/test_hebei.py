"""河北麻将: the worked examples of variants-regional §7.10 through
``score_hand`` and scripted scenarios, the illegal wins, the options.

Expected amounts are worked by hand from the table in the module docstring
(HB-1 PROPOSAL: 平胡 1, 碰碰胡 2, 七对 2, 十三幺 10 番; 自摸 × 2 per payer;
kongs 1 / 2 from each other seat; × 底分), not read from the code.
"""

from __future__ import annotations

import pytest
from mahjong_core.engine import Phase, Table
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.rules import Settlement
from mahjong_core.scenario import Scenario
from mahjong_core.tiles import Meld, parse_melds
from mahjong_core.variants.hebei import Hebei, HebeiValues

HB = Hebei()


# --- HB-E1, HB-E2, HB-E6 and the table on paper ---------------------------------


def test_e1_thirteen_orphans_self_drawn() -> None:
    r = HB.score_hand("1m9m1p9p1s9s1234567z", win_tile="9s", winner=2)
    assert r.sheet.names() == ["十三幺", "自摸"]
    # 10 番 × 自摸 2 × 底分 1 = 20 from each of the three others (the
    # doubling shows as the 10 番 it adds)
    assert [it.value for it in r.sheet.items] == [10, 10] and r.sheet.total == 20
    assert r.sheet.points == 20
    assert r.settlement.deltas(4) == [-20, -20, 60, -20]


def test_e2_seven_pairs_is_a_legal_shape() -> None:
    r = HB.score_hand("1122m5566p99s117z", win_tile="7z", winner=1, discarder=0)
    assert r.sheet.names() == ["七对"]
    assert r.settlement.deltas(4) == [-2, 2, 0, 0]


def test_e6_ron_only_the_discarder_pays_its_own_share() -> None:
    # W (seat 2) deals into N (seat 3): only W pays, and only the 1 番 of a
    # single payer (不包分: not the three shares of a self-draw)
    r = HB.score_hand("123m456p789s1122z", win_tile="2z", winner=3, discarder=2)
    assert r.sheet.names() == ["平胡"]
    assert r.settlement.deltas(4) == [0, 0, -1, 1]


def test_all_pungs_and_the_base_points() -> None:
    r = HB.score_hand("111m999p555s7z", win_tile="7z", melds=["pon 222z"], winner=1, discarder=0)
    assert r.sheet.names() == ["碰碰胡"] and r.settlement.deltas(4) == [-2, 2, 0, 0]
    # 基点为 1、2、3: the 底分 multiplies every amount
    r3 = Hebei(base=3).score_hand("111m999p555s7z", win_tile="7z", melds=["pon 222z"], winner=1)
    assert r3.settlement.deltas(4) == [-12, 36, -12, -12]  # 2 番 × 自摸 2 × 3


def test_highest_reading_counts() -> None:
    # 111222333m: three pungs or three chows; all pungs is the higher
    r = HB.score_hand("111222333m7z", win_tile="7z", melds=["pon 555p"], winner=0, discarder=1)
    assert r.sheet.names() == ["碰碰胡"] and r.settlement.deltas(4) == [2, -2, 0, 0]


def test_values_are_options() -> None:
    hb = Hebei(values=HebeiValues(thirteen_orphans=13, self_draw=1))
    r = hb.score_hand("1m9m1p9p1s9s1234567z", win_tile="9s", winner=2)
    assert r.settlement.deltas(4) == [-13, -13, 39, -13]
    assert Hebei.from_options_json(hb.options_json()).options == hb.options


# --- illegal wins ---------------------------------------------------------------


def test_a_hand_that_is_no_shape_raises() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        HB.score_hand("123m456p789s1357z", win_tile="2z", discarder=1)


def test_a_chow_cannot_win_unless_the_option_allows_it() -> None:
    with pytest.raises(IllegalWinError, match="不能吃牌"):
        HB.score_hand("456p789s1122z", win_tile="2z", melds=["chi 123m"], discarder=1)
    r = Hebei(chow=True).score_hand("456p789s1122z", win_tile="2z", melds=["chi 123m"], discarder=1)
    assert r.sheet.names() == ["平胡"]


@pytest.mark.parametrize(
    ("options", "word"),
    [({"base": 4}, "base"), ({"chow": "yes"}, "chow"), ({"single_ron": 1}, "single_ron"),
     ({"values": {"plain": 0}}, "values.plain"), ({"values": {"seven": 2}}, "values"), ({"nope": 1}, "unknown")],
)
def test_bad_options_raise_naming_the_value(options: dict[str, object], word: str) -> None:
    with pytest.raises(MahjongError, match=word):
        Hebei(**options)


def test_registered_under_its_names() -> None:
    for name in ("hebei", "河北", "河北麻将", "HEBEI-v1"):
        assert find_variant(name) is Hebei


# --- HB-E3, HB-E4: calls ---------------------------------------------------------

E3_HANDS = [
    "147m258p369s12345z",  # E: discards 5p
    "2589m55p147s6677z",  # S: 55p, wants to pong
    "34679p258s34667z",  # W
    "123456789m111z5p",  # N: waits on 5p
]


def test_e3_win_before_pong() -> None:
    sc = Scenario(HB, E3_HANDS)
    sc.play("E discard 5p")
    assert "pung" in sc.offers("S") and "win" in sc.offers("N")
    sc.play("S pung", "N win")
    assert sc.winners == ["N"] and sc.table.melds[sc.seat("S")] == []
    assert sc.deltas() == {"E": -1, "S": 0, "W": 0, "N": 1}


E4_HANDS = [
    "2m147p369s1234567z",  # E: discards 2m
    "34m258p147s1122z5z",  # S: 34m, could chow 234m
    "678m369p258s3344z",  # W
    "579m147p258s6677z",  # N
]


def test_e4_no_chow() -> None:
    sc = Scenario(HB, E4_HANDS, draws="9p")
    sc.play("E discard 2m")
    # nobody may claim 2m: S simply draws
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"] and sc.drawn == "9p"
    assert not any(w.startswith("chow") for w in sc.offers("S"))


def test_seed_001_chow_option() -> None:
    sc = Scenario(Hebei(chow=True), E4_HANDS, draws="9p")
    sc.play("E discard 2m")
    assert "chow 234m" in sc.offers("S")
    sc.play("S chow 234m")
    assert [str(m) for m in sc.table.melds[sc.seat("S")]] == ["chi 234m"]


# --- HB-2: multiple ron, and the single_ron option --------------------------------

DOUBLE_HANDS = [
    "147m258p369s12345z",  # E: discards 5p
    "123456789s222z5p",  # S: waits on 5p
    "34679p258s34667z",  # W
    "123456789m111z5p",  # N: waits on 5p
]


def test_multiple_ron_by_default() -> None:
    sc = Scenario(HB, DOUBLE_HANDS)
    sc.play("E discard 5p", "N win", "S win")
    # "按照逆时针顺序优先胡牌，可以一炮多响": both win, in counter-clockwise
    # order from the discarder (S before N, whoever answered first)
    assert sc.winners == ["S", "N"]
    assert [(p.payer, p.payee) for p in sc.table.settlement.payments] == [(0, 1), (0, 3)]
    assert sc.deltas() == {"E": -2, "S": 1, "W": 0, "N": 1}


def test_single_ron_the_nearest_counter_clockwise_wins() -> None:
    sc = Scenario(Hebei(single_ron=True), DOUBLE_HANDS)
    sc.play("E discard 5p")
    for seat in [s for s in ("S", "N") if s in sc.to_act]:
        sc.play(f"{seat} win")
    assert sc.winners == ["S"]
    assert sc.deltas() == {"E": -1, "S": 1, "W": 0, "N": 0}


# --- ready, 漏胡 --------------------------------------------------------------------


def test_ready_is_optional_and_a_declared_seat_may_decline_a_win() -> None:
    hands = ["147m258p369s12345z", "123456789s222z5p", "34679p258s34667z", "2589m147p12s6677z"]
    sc = Scenario(HB, hands, draws="9m1m1p")
    sc.play("E discard 1m")
    assert sc.drawn == "9m" and "ready 9m" in sc.offers("S")
    sc.play("S ready 9m")
    assert sc.table.declared[sc.seat("S")]
    sc.play("W discard 1m", "N discard 1p", "E discard 5p")
    assert sc.offers("S") == ["win", "pass"]
    sc.play("S pass")  # 听牌后遇到胡，玩家可以自行选择
    assert not sc.winners and not sc.table.is_over


def test_a_declared_hand_may_kong_when_it_stays_ready() -> None:
    # S declares on 111m 23m 456p 789s 55z (waits 1m 4m 5z); it draws the 4th
    # 1m: after the kong it waits on 1m 4m only, still ready, so the kong is
    # allowed ("听牌后仍可杠牌，前提是杠完后还可听")
    hands = ["258m258p369s12345z", "111m23m456p789s55z", "369m147p258s6677z", "47m369p147s44667z"]
    sc = Scenario(HB, hands, draws="9m1p2s8m1m", tail="3z")
    sc.play("E discard 1z", "S ready 9m", "W discard 1p", "N discard 2s", "E discard 8m")
    assert sc.drawn == "1m" and "concealed kong 1m" in sc.offers("S")
    sc.play("S kong 1m")
    assert sc.drawn == "3z" and sc.offers("S") == ["discard 3z"]
    sc.play("S discard 3z")
    assert sc.table.waits(sc.seat("S")) == [0, 3]  # 1m, 4m


def test_missed_win_bans_a_discard_win_until_the_next_draw() -> None:
    for ban in (True, False):
        sc = Scenario(Hebei(missed_win_ban=ban), E3_HANDS, draws="9p")
        sc.play("E discard 5p", "S pass", "N pass")
        sc.play("S discard 5p")
        assert ("win" in sc.offers("N")) is not ban


# --- HB-E5 and HB-3: the reserve, kong points cancelled at a draw -----------------


def _pass_to_the_end(t: Table, kongs: bool = False) -> int:
    """Play on with every seat discarding what it drew and passing every
    claim (konging 1m and 2m when ``kongs``); answer the draws made after
    the deal."""
    while not t.is_over:
        seat = t.to_act[0]
        legal = t.legal_actions(seat)
        if t.phase is Phase.TURN:
            k = [a for a in legal if kongs and a.kind.name == "CONCEALED_KONG" and a.tile in (0, 1)]
            d = [a for a in legal if a.kind.name == "DISCARD"]
            t.apply(k[0] if k else next((a for a in d if a.tile == t.drawn), d[0]))
        else:
            t.apply(next(a for a in legal if a.kind.name == "PASS"))
    return sum(1 for e in t.events if e["type"] == "draw")


def test_e5_seventy_one_draws_without_a_kong() -> None:
    t = Table(HB, seed=3)
    assert _pass_to_the_end(t) == 136 - 53 - 12 == 71
    assert not t.winners and t.deltas() == [0, 0, 0, 0]
    assert len(t.remaining_wall()) == 12  # the last 6 stacks are never drawn


@pytest.mark.parametrize(("hand", "kongs", "draws"), [
    ("1111m147p369s1234z", 1, 70),  # one kong: a lone tile at the tail, 13 kept
    ("1111m2222m369s123z", 2, 71),  # two kongs: an even tail again, 12 kept
])
def test_e5_the_reserve_after_kongs(hand: str, kongs: int, draws: int) -> None:
    others = ["3456789m258p258s", "3456789p147s567z", "3456789s2589p67z"]
    sc = Scenario(HB, [hand, *others])
    t = sc.table
    assert _pass_to_the_end(t, kongs=True) == draws
    assert t.kongs_made == kongs
    assert len(t.remaining_wall()) == 12 + kongs % 2
    # 荒庄: 本局所有杠分无效 — the kong points (2 from each other seat per
    # concealed kong) were paid and are refunded
    assert t.kong_settlement.deltas(4) == [6 * kongs, -2 * kongs, -2 * kongs, -2 * kongs]
    assert t.deltas() == [0, 0, 0, 0]


def test_kong_points_stand_when_someone_wins() -> None:
    # E konges 1m at once (2 from each), then S wins on E's 5p
    hands = ["1111m258p369s1234z", "123456789s222z5p", "34679p258s34667z", "2589m147p12s6677z"]
    sc = Scenario(HB, hands, tail="7z")
    sc.play("E kong 1m")
    assert sc.drawn == "7z"
    sc.play("E discard 5p", "S win")
    assert sc.deltas() == {"E": 6 - 1, "S": -2 + 1, "W": -2, "N": -2}


def test_kong_payments_exposed_and_added() -> None:
    rs = Hebei(base=2)
    assert rs.kong_payments(None, 1, _meld("kan 5555p"), 0).deltas(4) == [-2, 6, -2, -2]  # type: ignore[arg-type]
    assert rs.kong_payments(None, 1, _meld("kakan 5555p"), None).deltas(4) == [-2, 6, -2, -2]  # type: ignore[arg-type]
    assert rs.kong_payments(None, 1, _meld("ankan 5555p"), None).deltas(4) == [-4, 12, -4, -4]  # type: ignore[arg-type]
    assert Hebei(values=HebeiValues(exposed_kong=0)).kong_payments(
        None, 1, _meld("kan 5555p"), 0) == Settlement()  # type: ignore[arg-type]


def _meld(text: str) -> Meld:
    return parse_melds(text)[0]


# --- the dealer (§7.2) --------------------------------------------------------------


def test_dealer_rotation() -> None:
    sc = Scenario(HB, E3_HANDS)
    sc.play("E discard 5p", "S pass", "N win")  # a non-dealer wins: the dealer's 下家 deals
    assert HB.next_dealer(sc.table) == 1
    sc2 = Scenario(HB, E3_HANDS, dealer=3)  # the same hands, dealt by seat 3
    sc2.play("E discard 5p", "S pass", "N win")  # N is seat 2 now
    assert HB.next_dealer(sc2.table) == 0
    t = Table(HB, seed=3, dealer=2)
    _pass_to_the_end(t)
    assert HB.next_dealer(t) == 2  # 荒庄: the dealer deals again


def test_docs_run_as_written() -> None:
    import doctest
    from pathlib import Path

    from mahjong_core.variants import hebei

    root = Path(__file__).resolve().parents[2]
    page = doctest.testfile(str(root / "docs" / "variants" / "hebei.md"), module_relative=False)
    mod = doctest.testmod(hebei)
    assert page.failed == 0 and page.attempted >= 3
    assert mod.failed == 0 and mod.attempted >= 4
