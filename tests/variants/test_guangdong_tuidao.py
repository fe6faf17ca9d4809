"""广东推倒胡 / 广东大胡 on paper (seed 004, variants-more §5.3): every
worked example through ``score_hand`` (sheet and payments), the 大胡 hands
and how they add up, 买码, who pays, and the wins that are not allowed.

The amounts are worked by hand from the seed's money rule: each payer pays
20 × 番 × (1 + 码 hits); 明杠 10 each, 点杠 30, 暗杠 20 each.
"""

from __future__ import annotations

from typing import Any

import pytest

from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.tiles import parse_tiles
from mahjong_core.variants.guangdong_tuidao import (
    Combine,
    GuangdongDahu,
    GuangdongTuidao,
    horse_hits,
    horse_number,
)

TD = GuangdongTuidao()
DH = GuangdongDahu()
TWO_HITS = "1m5p3s4s"
"""Four 码: 1m and 5p land on the winner, 3s and 4s do not (中两个码)."""


def pays(r: Any) -> list[tuple[int, int, int, str]]:
    return sorted((p.payer, p.payee, p.amount, p.reason) for p in r.settlement.payments)


# ---------------------------------------------------------------------------
# The worked examples of §5.3
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("rs", [TD, DH], ids=["tuidaohu", "dahu"])
def test_example_1_chicken_self_drawn_two_horses_and_two_kongs(rs: GuangdongTuidao) -> None:
    # 3 × (20 + 20×2 + 20 + 10) = 270: the seed's own sum, 暗杠 20 and 明杠 10 from each
    r = rs.score_hand("123m45m77z", win_tile="6m", melds=["ankan 1111p", "kakan 9999s"],
                      context={"horses": TWO_HITS})
    assert r.sheet.names() == ["鸡胡"] and r.sheet.total == 1 and r.sheet.points == 20
    assert r.settlement.deltas(4) == [270, -90, -90, -90]
    for s in (1, 2, 3):
        assert sorted(a for p, _, a, _ in pays(r) if p == s) == [10, 20, 60]


@pytest.mark.parametrize(("hand", "win", "name", "fan", "total"), [
    ("111m999p222s555z3s", "3s", "对对碰", 2, 360),  # 3 × (40 + 40×2)
    ("1133m5577p99s11z2z", "2z", "七小对", 3, 540),  # 3 × (60 + 60×2)
    ("11123456789m23m", "4m", "清一色", 4, 720),  # 3 × (80 + 80×2)
    ("111m999m222m555z6z", "6z", "混碰", 4, 720),
    ("123m456m789m111z2z", "2z", "混一色", 2, 360),
])
def test_examples_2_to_4_self_drawn_with_two_horses(hand: str, win: str, name: str, fan: int, total: int) -> None:
    r = DH.score_hand(hand, win_tile=win, winner=2, context={"horse_hits": 2})
    assert r.sheet.names() == [name] and r.sheet.total == fan and r.sheet.points == 20 * fan
    assert r.settlement.deltas(4) == [-total // 3, -total // 3, total, -total // 3]
    # in 推倒胡 the same hand is one 鸡胡: 3 × (20 + 20×2) = 180
    t = TD.score_hand(hand, win_tile=win, winner=2, context={"horse_hits": 2})
    assert t.sheet.names() == ["鸡胡"] and t.settlement.deltas(4) == [-60, -60, 180, -60]


def test_example_5_full_flush_on_a_discard_the_discarder_pays_alone() -> None:
    r = DH.score_hand("11123456789m23m", win_tile="4m", winner=0, discarder=3, context={"horses": TWO_HITS})
    assert r.sheet.names() == ["清一色"] and r.sheet.total == 4
    assert pays(r) == [(3, 0, 240, "点炮 中码×3")]  # 80 + 80×2
    assert r.settlement.deltas(4) == [240, 0, 0, -240]


def test_half_flush_pungs_on_a_discard_without_horses_is_80() -> None:
    # "点炮的出80元" for 混碰 (4 番)
    r = DH.score_hand("111m999m222m555z6z", win_tile="6z", winner=1, discarder=0)
    assert r.sheet.names() == ["混碰"] and pays(r) == [(0, 1, 80, "点炮")]


# ---------------------------------------------------------------------------
# The 大胡 table
# ---------------------------------------------------------------------------


def test_hands_add_up() -> None:
    # 清一色 4 + 对对碰 2 = 6 番 = 120 each (PROPOSAL: the hands add up, as 混碰 = 2 + 2)
    r = DH.score_hand("111m333m555m777m9m", win_tile="9m")
    assert r.sheet.names() == ["对对碰", "清一色"] and r.sheet.total == 6
    assert r.settlement.deltas(4) == [360, -120, -120, -120]
    # 清一色 + 七小对 = 7; 混一色 + 七小对 = 5
    assert DH.score_hand("1133557799m224m", win_tile="4m").sheet.total == 7
    assert DH.score_hand("1133557799m22z3z", win_tile="3z").sheet.total == 5
    # only the highest with combine=max
    mx = GuangdongDahu(combine=Combine.MAX)
    r = mx.score_hand("111m333m555m777m9m", win_tile="9m")
    assert r.sheet.names() == ["清一色"] and r.sheet.total == 4
    assert mx.score_hand("111m999m222m555z6z", win_tile="6z").sheet.total == 4  # 混碰 itself


def test_chicken_only_when_nothing_else() -> None:
    r = DH.score_hand("123m456p789s123s1z", win_tile="1z")
    assert r.sheet.names() == ["鸡胡"] and r.sheet.total == 1
    # 字一色 pungs are 对对碰 in the seed's table (it stops at 混碰) ...
    seed_only = GuangdongDahu(beyond_hunpeng=False)
    assert seed_only.score_hand("111222333z555z6z", win_tile="6z").sheet.names() == ["对对碰"]
    # ... and 字一色 6 with the PROPOSAL past 混碰
    assert DH.score_hand("111222333z555z6z", win_tile="6z").sheet.names() == ["字一色"]


# --- past 混碰: PROPOSAL from seed 001's 鸡平和 table (option beyond_hunpeng) ---------


@pytest.mark.parametrize(("hand", "win", "name", "fan"), [
    ("111999m111p99s11z", "1z", "混幺九", 5),
    ("555666z77z111m22m", "2m", "小三元", 5),
    ("111222333z4z123m", "4z", "小四喜", 5),
    ("1122334455667z", "7z", "字一色", 6),
    ("111999m111999p9s", "9s", "清幺九", 6),
    ("555666777z123m2m", "2m", "大三元", 6),
    ("111222333444z2m", "2m", "大四喜", 6),
    ("1112345678999m", "5m", "九莲宝灯", 6),
    ("19m19p19s1234567z", "1m", "十三幺", 6),
])
def test_hands_past_hunpeng(hand: str, win: str, name: str, fan: int) -> None:
    r = DH.score_hand(hand, win_tile=win, winner=1, dealer=0)
    assert r.sheet.names() == [name] and r.sheet.total == fan  # alone: not added to 对对碰, 混一色 …
    assert r.settlement.deltas(4) == [-20 * fan, 60 * fan, -20 * fan, -20 * fan]
    # every one of them is 4 番 or more: it may be won on a discard, the discarder alone pays
    r = DH.score_hand(hand, win_tile=win, winner=1, dealer=0, discarder=2)
    assert r.settlement.deltas(4) == [0, 20 * fan, -20 * fan, 0]


def test_past_hunpeng_the_kong_blooms_add_and_the_option_removes_them() -> None:
    r = DH.score_hand("555666z123m2m", win_tile="2m", melds=["ankan 7777z"], context={"kong_replacement": True})
    assert r.sheet.names() == ["大三元", "杠上开花"] and r.sheet.total == 8
    seed_only = GuangdongDahu(beyond_hunpeng=False)
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        seed_only.score_hand("19m19p19s1234567z", win_tile="1m")
    # without them 大三元 is what the seed's table gives: 鸡胡 here
    r = seed_only.score_hand("555666777z123m2m", win_tile="2m")
    assert r.sheet.names() == ["混一色"] and r.sheet.total == 2
    with pytest.raises(MahjongError, match="beyond_hunpeng"):
        GuangdongDahu(beyond_hunpeng="no")


def test_golden_hook_is_an_all_pungs_hand_of_four_declared_sets() -> None:
    melds = ["pon 111m", "pon 999p", "kan 2222s", "pon 555z"]
    r = DH.score_hand("3s", win_tile="3s", melds=melds, context={"meld_sources": "1,2,3,1"})
    assert r.sheet.names() == ["金钩钓"] and r.sheet.total == 2
    # on paper the 点杠 of 2222s (fed by seat 3) is settled too: 30
    assert r.settlement.deltas(4) == [150, -40, -40, -70]


def test_kong_bloom_and_double_kong_bloom() -> None:
    ctx = {"kong_replacement": True}
    r = DH.score_hand("123m45m77z", win_tile="6m", melds=["ankan 1111p", "kakan 9999s"], context=ctx)
    assert r.sheet.names() == ["杠上开花"] and r.sheet.total == 2  # 杠爆 2 番
    # 40 + 暗杠 20 + 明杠 10 from each
    assert r.settlement.deltas(4) == [210, -70, -70, -70]
    r = DH.score_hand("123m45m77z", win_tile="6m", melds=["ankan 1111p", "ankan 2222p"],
                      context={**ctx, "kongs_in_a_row": 2})
    assert r.sheet.names() == ["杠上杠再开花"] and r.sheet.total == 4  # 80 + 20 + 20 from each
    assert r.settlement.deltas(4) == [360, -120, -120, -120]
    # 推倒胡: no 番, one unit
    r = TD.score_hand("123m45m77z", win_tile="6m", melds=["ankan 1111p", "ankan 2222p"],
                      context={**ctx, "kongs_in_a_row": 2})
    assert r.sheet.names() == ["鸡胡"] and r.settlement.deltas(4) == [180, -60, -60, -60]


@pytest.mark.parametrize(("liable", "want"), [
    (True, [(2, 0, 30, "点杠"), (2, 0, 120, "杠爆一家到底")]),
    (False, [(1, 0, 40, "自摸"), (2, 0, 30, "点杠"), (2, 0, 40, "自摸"), (3, 0, 40, "自摸")]),
])
def test_kong_bloom_on_a_fed_kong_one_pays_all(liable: bool, want: list[tuple[int, int, int, str]]) -> None:
    rs = GuangdongDahu(kong_bloom_liable=liable)
    r = rs.score_hand("123m456m78s77z", win_tile="9s", melds=["kan 1111p"],
                      context={"kong_replacement": True, "kong_fed_by": 2, "meld_sources": "2"})
    assert r.sheet.names() == ["杠上开花"]
    assert pays(r) == want


@pytest.mark.parametrize("rs", [TD, DH], ids=["tuidaohu", "dahu"])
def test_robbing_a_kong_counts_as_self_drawn_the_robbed_pays_all(rs: GuangdongTuidao) -> None:
    r = rs.score_hand("123m456p789s12s11z", win_tile="3s", winner=3, discarder=1,
                      context={"robbed_kong": True, "horses": "9m2p2s2z"})
    assert r.sheet.names() == ["鸡胡"]
    assert pays(r) == [(1, 3, 120, "抢杠包三家 中码×2")]  # 3 × 20 × (1 + 1)


# ---------------------------------------------------------------------------
# Wins that are not allowed
# ---------------------------------------------------------------------------


def test_tuidaohu_wins_on_a_self_draw_only() -> None:
    with pytest.raises(IllegalWinError, match="推倒胡: only self-drawn wins"):
        TD.score_hand("11123456789m23m", win_tile="4m", discarder=3)


@pytest.mark.parametrize(("hand", "win", "fan"), [
    ("123m456p789s123s1z", "1z", 1),
    ("111m999p222s555z3s", "3s", 2),
    ("123m456m789m111z2z", "2z", 2),
    ("1133m5577p99s11z2z", "2z", 3),
])
def test_dahu_discard_wins_need_four_fan(hand: str, win: str, fan: int) -> None:
    with pytest.raises(IllegalWinError, match=f"needs at least 4 番 .*this hand has {fan}"):
        DH.score_hand(hand, win_tile=win, discarder=1)
    assert DH.score_hand(hand, win_tile=win).sheet.total == fan  # self-drawn: fine
    lower = GuangdongDahu(discard_min_fan=fan)
    assert lower.score_hand(hand, win_tile=win, discarder=1).settlement.deltas(4)[1] == -20 * fan


def test_shapes_and_melds_that_do_not_win() -> None:
    with pytest.raises(IllegalWinError, match="four sets and a pair, or seven pairs"):
        TD.score_hand("19m19p19s1234567z", win_tile="1z")  # 十三幺: only 大胡's PROPOSAL past 混碰
    with pytest.raises(IllegalWinError, match="four sets and a pair, or seven pairs"):
        GuangdongDahu(beyond_hunpeng=False).score_hand("19m19p19s1234567z", win_tile="1z")
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        TD.score_hand("123m456p789s1234z", win_tile="5z")
    with pytest.raises(InvalidHandError, match="no chow"):
        DH.score_hand("456p789s123s1z", win_tile="1z", melds=["chi 123m"])
    with pytest.raises(MahjongError, match="needs the seat that fed it"):
        DH.score_hand("123m456m78s77z", win_tile="9s", melds=["kan 1111p"])


# ---------------------------------------------------------------------------
# 买码
# ---------------------------------------------------------------------------


def test_horse_numbers() -> None:
    want = {**{k: k % 9 + 1 for k in range(27)}, 27: 1, 28: 2, 29: 3, 30: 4, 31: 3, 32: 2, 33: 1}
    assert {k: horse_number(k) for k in range(34)} == want  # 东1 南2 西3 北4 中1 发2 白3
    assert horse_hits(parse_tiles("1m5m9m1p5p9p1s5s9s1z7z")) == 11
    assert horse_hits(parse_tiles("2m3m4m6m7m8m2z3z4z5z6z")) == 0
    with pytest.raises(MahjongError, match="码"):
        horse_number(34)


def test_horses_on_paper() -> None:
    base = DH.score_hand("123m456p789s123s1z", win_tile="1z")
    assert base.settlement.deltas(4) == [60, -20, -20, -20]  # no 码 given: no hit
    r = DH.score_hand("123m456p789s123s1z", win_tile="1z", context={"horses": "1z7z9s5m"})
    assert r.settlement.deltas(4) == [300, -100, -100, -100]  # four hits: 20 × 5
    assert "码 1z7z9s5m: 4 hit(s)" in r.sheet.notes[0]
    with pytest.raises(MahjongError, match="horses or horse_hits, not both"):
        DH.score_hand("123m456p789s123s1z", win_tile="1z", context={"horses": "1m", "horse_hits": 1})
    with pytest.raises(MahjongError, match="context horses"):
        DH.score_hand("123m456p789s123s1z", win_tile="1z", context={"horses": "1x"})
    with pytest.raises(MahjongError, match="horse_hits"):
        DH.score_hand("123m456p789s123s1z", win_tile="1z", context={"horse_hits": "many"})


# ---------------------------------------------------------------------------
# Options and names
# ---------------------------------------------------------------------------


def test_options() -> None:
    assert (TD.options.stake, TD.options.kong_stake, TD.options.horses, TD.options.kong_bloom_liable) == (20, 10, 4, True)
    assert (DH.options.discard_min_fan, DH.options.combine) == (4, Combine.ADD)
    assert TD.dead_wall == 4 and GuangdongTuidao(horses=0).dead_wall == 0
    r = GuangdongDahu(stake=10, kong_stake=5).score_hand("123m45m789s77z", win_tile="6m", melds=["ankan 1111p"])
    assert r.settlement.deltas(4) == [60, -20, -20, -20]  # 10 + 暗杠 10 each
    assert GuangdongDahu(combine="max").options.combine is Combine.MAX
    for bad, match in [({"horses": 9}, "horses must be an int 0..8"), ({"stake": 0}, "stake"),
                       ({"kong_bloom_liable": 1}, "kong_bloom_liable"), ({"combine": "sum"}, "combine 'sum'"),
                       ({"discard_min_fan": 0}, "discard_min_fan"), ({"fan": 3}, "unknown option")]:
        with pytest.raises(MahjongError, match=match):
            GuangdongDahu(**bad)
    with pytest.raises(MahjongError, match="unknown option"):
        GuangdongTuidao(combine="max")  # a 大胡 option only


@pytest.mark.parametrize(("name", "cls"), [
    ("tuidaohu", GuangdongTuidao), ("广东推倒胡", GuangdongTuidao), ("广东推倒和", GuangdongTuidao),
    ("tuidaohu-v1", GuangdongTuidao), ("dahu", GuangdongDahu), ("广东大胡", GuangdongDahu),
    ("广东自摸麻将", GuangdongDahu),
])
def test_names(name: str, cls: type) -> None:
    assert find_variant(name) is cls


def test_describe() -> None:
    d = GuangdongDahu.describe()
    assert (d["players"], d["wall_tiles"], d["hand_size"], d["flowers"]) == (4, 136, 13, 0)
    assert d["defaults"] == {"stake": 20, "kong_stake": 10, "horses": 4, "kong_bloom_liable": True,
                             "discard_min_fan": 4, "combine": "add", "beyond_hunpeng": True}
