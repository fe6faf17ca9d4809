"""合肥麻将 on paper: every worked example of variants-regional §5.10 through
``score_hand`` (sheet and payments), each point item of §5.8, the illegal
wins (named rule), options and names.  Seats: 0 = E deals unless said."""

from __future__ import annotations

import pytest

from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.variants.hefei import DealerPoints, Hefei, Room

OPEN = Hefei(room="no-declare")  # 不报听房间: base 10
ROOM = Hefei()  # 报听房间 (default): base 12


def items(r: object) -> dict[str, int]:
    """zh -> points of that item (value × count)."""
    sheet = r.sheet  # type: ignore[attr-defined]
    return {it.zh: it.total for it in sheet.items}


# --- §5.10 worked examples ----------------------------------------------------


def test_hf_e1_no_suit_of_eight_cannot_win() -> None:
    # 234m 567m 345p 678p 88s: m 6, p 6, s 2, the shape is complete
    for rs in (OPEN, ROOM):
        with pytest.raises(IllegalWinError, match="八支"):
            rs.score_hand("234m567m345p678p8s", win_tile="8s", winner=1)


def test_seven_tiles_in_a_suit_are_not_enough() -> None:
    # a kong + a chow of 万 = 7, 饼 5, 条 3
    with pytest.raises(IllegalWinError, match="八支"):
        OPEN.score_hand("345m3456p678s", win_tile="6p", melds=["ankan 2222m"], winner=1)


def test_hf_e2_full_scoring_non_dealer_self_draw() -> None:
    r = OPEN.score_hand("23423457888m55p", win_tile="6m", winner=1, dealer=0)
    assert items(r) == {"基本分": 10, "支": 4, "缺一门": 1, "坎": 1, "卡": 1, "双铺子": 2}
    assert r.sheet.total == 19
    # W and N pay 19, the dealer E (streak 1) 19 + 2 × 1
    assert r.settlement.deltas(4) == [-21, 59, -19, -19]


def test_hf_e3_tong_source_example() -> None:
    # three 4m + two 4s + three 4p = eight 4s: +4; m 9 (支 1); S self-draws 4s
    r = OPEN.score_hand("444567678m444p4s", win_tile="4s", winner=1)
    got = items(r)
    assert got["同"] == 4 and got["支"] == 1
    assert got == {"基本分": 10, "支": 1, "同": 4, "坎": 2, "卡": 1}
    assert r.settlement.deltas(4) == [-20, 56, -18, -18]


def test_hf_e4_seven_pairs_declare_room_on_a_discard() -> None:
    r = ROOM.score_hand("2233445566m778p", win_tile="8p", winner=1, discarder=2,
                        context={"declared_ready": True})
    assert items(r) == {"基本分": 12, "支": 2, "缺一门": 1, "七对": 5}  # no 卡 (HF-4)
    assert r.sheet.total == 20
    assert r.settlement.deltas(4) == [0, 20, -20, 0]
    # the dealer as discarder adds 庄分 1 × 连庄数
    r = ROOM.score_hand("2233445566m778p", win_tile="8p", winner=1, discarder=0,
                        context={"declared_ready": True, "streak": 2})
    assert r.settlement.deltas(4) == [-22, 22, 0, 0]


def test_hf_e5_heavenly_hand_with_a_streak() -> None:
    r = OPEN.score_hand("2223344455566m", win_tile="6m", winner=0, dealer=0,
                        context={"first_turn": True, "streak": 3})
    assert items(r) == {"基本分": 10, "天胡": 100, "庄分": 6}
    assert r.sheet.total == 116
    assert r.settlement.deltas(4) == [348, -116, -116, -116]


def test_hf_e7_two_concealed_kongs() -> None:
    r = OPEN.score_hand("4556678p", win_tile="8p", melds=["ankan 2222m", "ankan 3333m"], winner=1)
    assert items(r) == {"基本分": 10, "双八支": 50, "缺一门": 1, "杠": 4, "卡": 1}
    assert r.sheet.total == 66
    assert r.settlement.deltas(4)[1:] == [66 * 2 + 66 + 2, -66, -66]


# --- §5.8 point items ------------------------------------------------------------


def test_huo_four_alike_split_pung_and_chow() -> None:
    # 5555m read as 555 + 567: 活 +4 and no 坎; 同 5 (four 5m + 5p) +1
    r = OPEN.score_hand("234555567m345p8p", win_tile="8p", winner=1)
    assert items(r) == {"基本分": 10, "支": 1, "缺一门": 1, "同": 1, "活": 4, "卡": 1}


def test_twin_chows_555666777_counts_two() -> None:
    # the source: 555666777 = two 双铺子 (+4), better than three 坎 (HF-5)
    r = OPEN.score_hand("555666777m2345p", win_tile="5p", winner=1)
    got = items(r)
    assert got["双铺子"] == 4 and "坎" not in got
    assert r.sheet.total == 10 + 1 + 1 + 1 + 1 + 4  # 支, 缺一门, 同 (five 5s), 卡 (single 5p)


def test_pung_completed_on_a_discard_is_no_kan() -> None:
    # 双碰 88m / 555p ... wait on 8m: the pung the discard completes is not 坎 (HF-6)
    r = OPEN.score_hand("23456788m555p33p", win_tile="8m", winner=1, discarder=2)
    assert items(r) == {"基本分": 10, "支": 1, "缺一门": 1, "坎": 1}
    self_drawn = OPEN.score_hand("23456788m555p33p", win_tile="8m", winner=1)
    assert items(self_drawn)["坎"] == 2


def test_ka_edge_of_the_set_23_waits_4() -> None:
    # 23m waits only 4m (there is no 1m): 卡
    r = OPEN.score_hand("23567678m555p88p", win_tile="4m", winner=1)
    assert items(r) == {"基本分": 10, "支": 1, "缺一门": 1, "坎": 1, "卡": 1}
    # a two-sided wait is no 卡: 45m waiting 3m/6m, won on 3m
    r = OPEN.score_hand("45567678m555p88p", win_tile="3m", winner=1)
    assert "卡" not in items(r)


def test_ka_any_reading_as_a_single_wait() -> None:
    # 3456 won on 6: read 345 + 66 (单调) counts 卡 ("只要能做成胡1张都算")
    r = OPEN.score_hand("3456222777m444p", win_tile="6m", winner=1)
    assert items(r)["卡"] == 1


def test_two_suits_zhi_and_double_eight() -> None:
    # three kongs: m 9, p 8 → 支 1 + 双八支 50 (HF-3)
    r = OPEN.score_hand("5678m", win_tile="8m", melds=["ankan 2222m", "ankan 3333p", "ankan 4444p"], winner=1)
    assert items(r) == {"基本分": 10, "支": 1, "双八支": 50, "缺一门": 1, "杠": 6, "卡": 1}
    assert r.settlement.deltas(4) == [-71, 209, -69, -69]


def test_earthly_hand_only_base_and_dealer_points() -> None:
    r = OPEN.score_hand("2223456667778m", win_tile="8m", winner=1, context={"first_turn": True, "streak": 2})
    assert items(r) == {"基本分": 10, "地胡": 80}
    assert r.settlement.deltas(4) == [-94, 274, -90, -90]  # 庄分 2 × 2 on the dealer's payment


def test_haolao_zone_self_draw() -> None:
    r = OPEN.score_hand("23423457888m55p", win_tile="6m", winner=1, context={"haolao": "true"})
    assert items(r)["海捞胡牌"] == 10 and r.sheet.total == 29


def test_dealer_wins_on_a_discard_streak() -> None:
    r = OPEN.score_hand("23423457888m55p", win_tile="6m", winner=0, discarder=1, context={"streak": 2})
    assert items(r)["庄分"] == 2 and r.sheet.total == 21
    assert r.settlement.deltas(4) == [21, -21, 0, 0]


def test_full_flush_misses_one_suit_point_once() -> None:
    r = OPEN.score_hand("2223334445556m", win_tile="6m", winner=1)
    assert items(r)["缺一门"] == 1


def test_dealer_points_option() -> None:
    rs = Hefei(room="no-declare", dealer_points="dealer-wins")
    r = rs.score_hand("23423457888m55p", win_tile="6m", winner=1)
    assert r.settlement.deltas(4) == [-19, 57, -19, -19]
    assert rs.options.dealer_points is DealerPoints.DEALER_WINS


# --- illegal wins name the rule ------------------------------------------------------


def test_declare_room_needs_a_declaration_for_a_discard_win() -> None:
    with pytest.raises(IllegalWinError, match="报听"):
        ROOM.score_hand("23423457888m55p", win_tile="6m", winner=1, discarder=2)
    # self-draw needs none; the base is 12
    r = ROOM.score_hand("23423457888m55p", win_tile="6m", winner=1)
    assert items(r)["基本分"] == 12


def test_no_pung_no_exposed_kong() -> None:
    for meld in ("pon 888m", "kan 8888m"):
        with pytest.raises(IllegalWinError, match="碰"):
            OPEN.score_hand("23423457m55p", win_tile="6m", melds=[meld], winner=1)


def test_haolao_is_self_draw_only() -> None:
    with pytest.raises(IllegalWinError, match="海捞"):
        OPEN.score_hand("23423457888m55p", win_tile="6m", winner=1, discarder=2, context={"haolao": True})


def test_not_a_winning_shape() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        OPEN.score_hand("23423457888m56p", win_tile="6m", winner=1)


@pytest.mark.parametrize(("hand", "win"), [("23456788m234p55p", "1m"), ("2345678m234p55p1z", "8m"),
                                          ("2345678m234p55p9s", "8m")])
def test_tiles_outside_the_set(hand: str, win: str) -> None:
    with pytest.raises(InvalidHandError, match="not in this rule set's tiles"):
        OPEN.score_hand(hand, win_tile=win, winner=1)


def test_bad_options_and_context() -> None:
    with pytest.raises(MahjongError, match="room"):
        Hefei(room="open")
    with pytest.raises(MahjongError, match="kong_payment"):
        Hefei(kong_payment=-1)
    with pytest.raises(MahjongError, match="unknown option"):
        Hefei(rooms="declare")
    with pytest.raises(MahjongError, match="streak"):
        OPEN.score_hand("23423457888m55p", win_tile="6m", winner=0, context={"streak": 0})


def test_names_tiles_and_rooms() -> None:
    for name in ("hefei", "合肥", "合肥麻将", "安徽", "hefei-v1"):
        assert find_variant(name) is Hefei
    assert len(Hefei().wall_tiles()) == 84
    assert Hefei().options.room is Room.DECLARE
    assert Hefei().ready_rule.value == "discard-win" and OPEN.ready_rule.value == "none"
