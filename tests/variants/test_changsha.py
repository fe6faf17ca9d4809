"""长沙麻将 on paper: every worked example of variants-regional §2.13
(CS-E1..E5; CS-E6 needs a table and is in test_changsha_scenarios.py) and the
rules of §2.7 and §2.10 through ``score_hand`` (sheet and payments)."""

from __future__ import annotations

import doctest

import pytest
from mahjong_core.variants import changsha
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.variants.changsha import (
    BirdHits,
    Changsha,
    HandSum,
    Scoring,
    bird_seat,
    opening_hands,
    tier,
)
from mahjong_core.tiles import counts_of, parse_tile, parse_tiles

E, S, W, N = 0, 1, 2, 3
CS = Changsha()


def deltas(r: object) -> list[int]:
    return r.settlement.deltas(4)  # type: ignore[attr-defined,no-any-return]


# --- names -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["changsha", "长沙", "长沙麻将", "CHANGSHA", "changsha-v1"])
def test_find_variant(name: str) -> None:
    assert find_variant(name) is Changsha


def test_metadata() -> None:
    assert sorted(set(CS.wall_tiles())) == list(range(27)) and len(CS.wall_tiles()) == 108
    assert CS.hand_size == 13 and not CS.honors and CS.wild_tiles == ""
    assert CS.allow_chow and CS.allow_pung and CS.allow_kong and CS.multiple_winners


# --- worked examples §2.13 ---------------------------------------------------


def test_cs_e1_small_self_draw_bird_on_third_player() -> None:
    r = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, dealer=E, context={"birds": "7p"})
    assert r.sheet.names() == ["小胡"]
    # E 20, W 10 doubled by the bird (7 -> W) = 20, N 10: S collects 50
    assert deltas(r) == [-20, 50, -20, -10]


def test_cs_e2_dealer_deals_in_bird_on_winner() -> None:
    r = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, dealer=E, discarder=E, context={"birds": "2s"})
    assert r.sheet.names() == ["小胡"]
    assert deltas(r) == [-40, 40, 0, 0]
    r = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, dealer=E, discarder=E, context={"birds": "3s"})
    assert deltas(r) == [-20, 20, 0, 0]  # 3 -> W, not involved


@pytest.mark.parametrize("bird,n_pays", [("", 70), ("8p", 140), ("3m", 70), ("1s", 140)])
def test_cs_e3_big_ron_dealer_wins(bird: str, n_pays: int) -> None:
    r = CS.score_hand("111s234s567s789s9s", win_tile="9s", winner=E, dealer=E, discarder=N, context={"birds": bird})
    assert r.sheet.names() == ["清一色"]
    assert deltas(r) == [n_pays, 0, 0, -n_pays]


def test_cs_e4_two_big_hands_dealer_self_draw() -> None:
    r = CS.score_hand("111p333p555p777p9p", win_tile="9p", winner=E, dealer=E, context={"birds": ""})
    assert sorted(r.sheet.names()) == sorted(["碰碰胡", "清一色"])
    assert deltas(r) == [210, -70, -70, -70]
    alt = Changsha(hand_sum=HandSum.TABLE)
    r = alt.score_hand("111p333p555p777p9p", win_tile="9p", winner=E, dealer=E, context={"birds": ""})
    assert deltas(r) == [240, -80, -80, -80]


def test_cs_e5_opening_small_hands() -> None:
    # W holds no 2, 5 or 8 at all: 板板胡 = 小胡自摸
    r = CS.score_hand("134679m134679p", win_tile="1s", winner=W, dealer=E, context={"instant": "板板胡", "birds": ""})
    assert r.sheet.names() == ["板板胡"]
    assert deltas(r) == [-20, -10, 40, -10]
    # S: 四喜 (1111m) + 六六顺 (333p, 666s); a 5 and all suits: no 板板胡, no 缺一色
    r = CS.score_hand("1111m333p666s5m4s", win_tile="7s", winner=S, dealer=E, context={"instant": "四喜", "birds": ""})
    assert sorted(r.sheet.names()) == sorted(["四喜", "六六顺"])
    assert deltas(r) == [-30, 70, -20, -20]
    alt = Changsha(hand_sum=HandSum.TABLE)
    r = alt.score_hand("1111m333p666s5m4s", win_tile="7s", winner=S, dealer=E, context={"instant": "四喜", "birds": ""})
    assert deltas(r) == [-40, 80, -20, -20]


# --- win conditions §2.7 ---------------------------------------------------------


def test_small_hand_needs_258_pair() -> None:
    with pytest.raises(IllegalWinError, match="2-5-8"):
        CS.score_hand("123m456m789p234s1s", win_tile="1s", winner=S, discarder=E)
    with pytest.raises(IllegalWinError, match="2-5-8"):
        CS.score_hand("123m456m789p234s1s", win_tile="1s", winner=S)


def test_not_a_winning_hand() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        CS.score_hand("123m456m789p234s1s", win_tile="9s", winner=S)


def test_all_pungs_any_pair() -> None:
    r = CS.score_hand("111m333p777s999m1s", win_tile="1s", winner=S, discarder=W, context={"birds": "1m"})
    assert r.sheet.names() == ["碰碰胡"]
    assert deltas(r) == [0, 60, -60, 0]  # bird on E: not involved


def test_all_pungs_with_melds_and_kong() -> None:
    r = CS.score_hand("999m1s", win_tile="1s", melds=["pon 111m", "kan 3333p", "pon 777s"], winner=W,
                      discarder=S, context={"birds": ""})
    assert r.sheet.names() == ["碰碰胡"]
    assert deltas(r) == [0, -60, 60, 0]


def test_seven_pairs_any_pairs_and_quads() -> None:
    r = CS.score_hand("1133m3377p99s114s", win_tile="4s", winner=N, discarder=E, context={"birds": ""})
    assert r.sheet.names() == ["七小对"]
    assert deltas(r) == [-70, 0, 0, 70]  # dealer discards: 60 + 10


def test_all_258_without_shape() -> None:
    r = CS.score_hand("258m258p258s22m55p", win_tile="8s", winner=S, discarder=W, context={"birds": ""})
    assert r.sheet.names() == ["将将胡"]
    assert deltas(r) == [0, 60, -60, 0]
    # with a pung melded it is still 将将胡 (可碰)
    r = CS.score_hand("258m258p58s22m", win_tile="5p", melds=["pon 222s"], winner=S, discarder=W,
                      context={"birds": ""})
    assert "将将胡" in r.sheet.names()


def test_full_flush_small_pair_counts_as_big_only() -> None:
    r = CS.score_hand("123m456m789m234m5m", win_tile="5m", winner=W, discarder=S, context={"birds": ""})
    assert r.sheet.names() == ["清一色"] and r.sheet.unit == "大胡"
    assert deltas(r) == [0, -60, 60, 0]


def test_small_ron_dealer_surcharge() -> None:
    r = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=E, dealer=E, discarder=W, context={"birds": ""})
    assert deltas(r) == [20, 0, -20, 0]
    r = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, dealer=E, discarder=W, context={"birds": ""})
    assert deltas(r) == [0, 10, -10, 0]


def test_big_self_draw_non_dealer() -> None:
    r = CS.score_hand("123m456m789m234m5m", win_tile="5m", winner=N, dealer=E, context={"birds": ""})
    assert deltas(r) == [-40, -30, -30, 100]


def test_heavenly_and_seven_pairs_add_up() -> None:
    r = CS.score_hand("1133m3377p99s114s", win_tile="4s", winner=E, dealer=E,
                      context={"first_turn": True, "birds": ""})
    assert sorted(r.sheet.names()) == sorted(["天胡", "七小对"])
    assert deltas(r) == [3 * 70, -70, -70, -70]  # 2 × 30 + 10


def test_earthly_hand_on_dealers_first_discard() -> None:
    r = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, dealer=E, discarder=E,
                      context={"first_go_around": True, "birds": ""})
    assert r.sheet.names() == ["地胡"]
    assert deltas(r) == [-70, 70, 0, 0]
    # not on another seat's discard
    r = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=W, dealer=E, discarder=S,
                      context={"first_go_around": True, "birds": ""})
    assert r.sheet.names() == ["小胡"]


def test_situational_big_hands_need_the_pair_of_the_type() -> None:
    for ctx in ({"last_tile": True}, {"kong_replacement": True, "dice_kong": True}, {"first_turn": True}):
        with pytest.raises(IllegalWinError, match="2-5-8"):
            CS.score_hand("123m456m789p234s1s", win_tile="1s", winner=E, dealer=E, context=ctx)
    # 海底捞月 with a 2-5-8 pair; with an all-pungs shape any pair
    r = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, context={"last_tile": True, "birds": ""})
    assert r.sheet.names() == ["海底捞月"]
    r = CS.score_hand("111m333p777s999m1s", win_tile="1s", winner=S, context={"last_tile": True, "birds": ""})
    assert sorted(r.sheet.names()) == sorted(["碰碰胡", "海底捞月"])
    assert deltas(r) == [-70, 190, -60, -60]  # 2 × 30 (+10 from the dealer)


def test_last_tile_discard_and_replaced_last_tile() -> None:
    r = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, discarder=N, context={"last_tile": True, "birds": ""})
    assert r.sheet.names() == ["海底炮"]
    assert deltas(r) == [0, 60, 0, -60]
    r = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S,
                      context={"last_tile": True, "haidi_replaced": True, "birds": ""})
    assert r.sheet.names() == ["小胡"]


def test_kong_wins_need_the_dice() -> None:
    plain = CS.score_hand("123m456m789p5s", win_tile="5s", melds=["ankan 2222s"], winner=S,
                          context={"kong_replacement": True, "birds": ""})
    assert plain.sheet.names() == ["小胡"]  # 补张: a self-draw, not 杠上开花
    dice = CS.score_hand("123m456m789p5s", win_tile="5s", melds=["ankan 2222s"], winner=S,
                         context={"kong_replacement": True, "dice_kong": True, "birds": ""})
    assert dice.sheet.names() == ["杠上开花"]
    assert deltas(dice) == [-40, 100, -30, -30]
    pao = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, discarder=W,
                        context={"kong_discard": True, "dice_kong": True, "birds": ""})
    assert pao.sheet.names() == ["杠上炮"]
    assert CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, discarder=W,
                         context={"kong_discard": True, "birds": ""}).sheet.names() == ["小胡"]


def test_robbing_a_kong() -> None:
    r = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, discarder=N,
                      context={"robbed_kong": True, "birds": "4m"})
    assert r.sheet.names() == ["抢杠胡"]
    assert deltas(r) == [0, 120, 0, -120]  # bird 4 -> N, the konger: doubled


def test_opening_hands_predicates() -> None:
    assert [z for z, _ in opening_hands(counts_of(parse_tiles("123m456m789m1p13s")))] == []
    assert [z for z, _ in opening_hands(counts_of(parse_tiles("1111m2345m6789p1s")))] == ["四喜"]
    assert [z for z, _ in opening_hands(counts_of(parse_tiles("134679m134679m1p")))] == ["板板胡", "缺一色"]
    assert [z for z, _ in opening_hands(counts_of(parse_tiles("111m222p3456789s1p")))] == ["六六顺"]
    # a quad counts as a pung for 六六顺 (CS-3), each pattern once
    assert [z for z, _ in opening_hands(counts_of(parse_tiles("1111m333p3456789s")))] == ["四喜", "六六顺"]


def test_opening_hand_without_one_is_illegal() -> None:
    with pytest.raises(IllegalWinError):
        CS.score_hand("123m456m789p123s", win_tile="5s", winner=S, context={"instant": "四喜"})
    with pytest.raises(MahjongError, match="holds 13 tiles"):
        CS.score_hand("123m456m789p12s", win_tile="5s", winner=S, context={"instant": "四喜"})


def test_dealer_opening_with_complete_hand_is_heavenly() -> None:
    # the dealer's 14 dealt tiles are complete and hold 四喜: the small hand counts as the big one
    r = CS.score_hand("1111m23m555p678s5s", win_tile="5s", winner=E, dealer=E, context={"instant": "四喜", "birds": ""})
    assert r.sheet.names() == ["天胡"]
    assert deltas(r) == [120, -40, -40, -40]


# --- birds §2.10 -----------------------------------------------------------------


def test_bird_seats() -> None:
    got = {t: bird_seat(parse_tile(t), 0) for t in ("1m", "5p", "9s", "2m", "6s", "3p", "7m", "4s", "8p")}
    assert got == {"1m": E, "5p": E, "9s": E, "2m": S, "6s": S, "3p": W, "7m": W, "4s": N, "8p": N}
    assert bird_seat(parse_tile("1m"), 2) == 2 and bird_seat(parse_tile("4m"), 2) == 1


def test_self_draw_bird_on_winner_doubles_everyone() -> None:
    r = CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, dealer=E, context={"birds": "6m"})
    assert deltas(r) == [-40, 80, -20, -20]


def test_several_birds_combine() -> None:
    add = Changsha(birds=2)
    r = add.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, context={"birds": "1m5m"})
    assert deltas(r) == [-60, 80, -10, -10]  # two birds on E: × (1 + 2)
    dbl = Changsha(birds=2, bird_hits=BirdHits.DOUBLE)
    r = dbl.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, context={"birds": "1m5m"})
    assert deltas(r) == [-80, 100, -10, -10]  # × 2 ** 2
    r = add.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, discarder=W, context={"birds": "2m3m"})
    assert deltas(r) == [0, 30, -30, 0]  # one on the winner, one on the discarder: × 3


def test_bad_bird_tile() -> None:
    with pytest.raises(MahjongError, match="birds"):
        CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, context={"birds": "x"})


# --- options and input ---------------------------------------------------------


@pytest.mark.parametrize("opts", [{"birds": -1}, {"birds": 5}, {"birds": True}, {"hand_sum": "x"},
                                  {"bird_hits": "triple"}, {"scoring": 3}, {"opening_wins_continue": "yes"},
                                  {"wild": 1}])
def test_bad_options(opts: dict[str, object]) -> None:
    with pytest.raises(MahjongError):
        Changsha(**opts)


def test_options_roundtrip() -> None:
    rs = Changsha(birds=2, hand_sum="table", scoring=Scoring.TIERS, opening_wins_continue=True)
    again = Changsha.from_options_json(rs.options_json())
    assert again.options == rs.options and again.opening_wins_continue


def test_unknown_context_key() -> None:
    with pytest.raises(MahjongError, match="birds"):
        CS.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, context={"bird": "1m"})


def test_no_honours() -> None:
    with pytest.raises(MahjongError, match="not in this rule set"):
        CS.score_hand("123m456m789p234s1z", win_tile="1z", winner=S)


# --- seed 001 tiers (variants-more §10.2) -------------------------------------------


def test_tiers() -> None:
    assert tier(set()) == "小和" and tier({"清一色"}) == "大和"
    assert tier({"碰碰胡", "清一色"}) == "超大和" and tier({"豪华七对"}) == "超大和"
    assert tier({"豪华七对", "清一色", "海底捞月"}) == "最大和"
    assert tier({"碰碰胡", "将将胡", "全求人", "杠上开花"}) == "最大和"
    assert tier({"全求人"}) == "小和"
    rs = Changsha(scoring=Scoring.TIERS)
    r = rs.score_hand("111p333p555p777p9p", win_tile="9p", winner=E, dealer=E, context={"birds": ""})
    assert r.sheet.unit == "超大和" and deltas(r) == [360, -120, -120, -120]
    r = rs.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, context={"birds": ""})
    assert r.sheet.unit == "小和" and deltas(r) == [-20, 60, -20, -20]
    r = rs.score_hand("123m456m789p234s5s", win_tile="5s", winner=S, discarder=E, context={"birds": ""})
    assert deltas(r) == [-10, 10, 0, 0]
    # 豪华七对: seven pairs holding four of a kind
    r = rs.score_hand("1111m3377p99s445s", win_tile="5s", winner=S, discarder=W, context={"birds": ""})
    assert r.sheet.unit == "超大和" and "豪华七对" in r.sheet.names()


def test_docstring_examples() -> None:
    result = doctest.testmod(changsha)
    assert result.attempted >= 6 and result.failed == 0
