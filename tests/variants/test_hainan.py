"""海南麻将 (seed 001, variants-more §11.12) on paper: every 番 of the seed's
lists through ``score_hand``, 有番才能胡 (a discard win needs a 番, a
self-draw none), 包牌 and 抢杠 payments, kong money, options and names.

Amounts follow the module's PROPOSAL (one stake per payer; 包牌 and
无番抢杠 three stakes), worked by hand.
"""

from __future__ import annotations

import pytest

from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.variants.hainan import Hainan, took_three, unrelated
from mahjong_core.tiles import Meld, counts_of, parse_tiles

HN = Hainan()
PUNG = ["pon 111m"]
"""A claimed pung: no 门清, no 只吃不碰."""


def names(hand: str, win: str, **kw: object) -> list[str]:
    kw.setdefault("discarder", 3)
    return HN.score_hand(hand, win_tile=win, **kw).sheet.names()  # type: ignore[arg-type]


@pytest.mark.parametrize(("hand", "win", "melds", "kw", "want"), [
    ("456p789s23s99s", "4s", ["chi 123m"], {}, ["只吃不碰"]),
    ("456p789s23s44z", "4s", ["chi 123m"], {}, ["只吃不碰"]),  # a 北 pair scores nothing for 东
    ("111m456p789s23s99s", "4s", [], {}, ["门清"]),
    ("999p111s9s", "9s", ["pon 111m", "pon 444z"], {}, ["碰碰胡"]),
    ("456m789m111m9m", "9m", ["chi 123m"], {}, ["清一色"]),
    ("456m789m444z9m", "9m", ["chi 123m"], {}, ["混一色"]),
    ("456p789s23s55s", "4s", PUNG, {}, ["二五八将"]),
    ("456p789s23s99s", "4s", ["pon 555z"], {}, ["箭刻"]),
    ("456p789s23s99s", "4s", PUNG, {"flowers": "1f"}, ["花"]),  # the dealer's 春
    ("456p789s23s99s", "4s", PUNG, {"flowers": "5f3f"}, ["花"]),  # the dealer's 梅 (秋 is not his)
    ("456p789s23s99s", "4s", PUNG, {"winner": 2, "discarder": 1, "flowers": "8f"}, ["花"]),  # 对家: 秋/菊
    ("456p789s23s99s", "4s", PUNG, {"winner": 3, "discarder": 1, "flowers": "7f4f"}, ["花", "花"]),  # 上家: 冬/竹
    ("456p789s23s99s", "4s", ["pon 222z"], {"winner": 1, "discarder": 0}, ["门风"]),
    ("456p789s23s99s", "4s", ["pon 222z"], {"context": {"round_wind": "S"}}, ["令风"]),
    ("147m258p369s1234z", "5z", [], {}, ["门清", "十三幺"]),
    ("1133m5577p99s11z2z", "2z", [], {}, ["门清", "七对"]),
    ("456p789s23s99s", "4s", PUNG, {"discarder": 2, "context": {"robbed_kong": True}}, ["抢杠"]),
    ("456p789s23s55z", "4s", ["chi 123m"], {"discarder": None}, ["自摸"]),
])
def test_each_fan(hand: str, win: str, melds: list[str], kw: dict[str, object], want: list[str]) -> None:
    assert names(hand, win, melds=melds, **kw) == want


@pytest.mark.parametrize(("hand", "win", "melds", "kw", "why"), [
    ("456p789s23s55z", "4s", ["chi 123m"], {}, "a 白 pair: it would score as a pung"),
    ("456p789s23s22z", "4s", ["chi 123m"], {"winner": 1, "discarder": 0}, "the seat wind's pair"),
    ("456p789s23s11z", "4s", ["chi 123m"], {"winner": 1, "discarder": 0}, "the 令 wind's pair"),
    ("456p789s23s99s", "4s", PUNG, {"flowers": "2f6f3f8f4f7f"}, "the other seats' flowers"),
    ("456p789s23s99s", "4s", ["pon 444z"], {}, "北 is neither the seat nor the 令 wind of 东"),
])
def test_no_fan_no_win_on_a_discard(hand: str, win: str, melds: list[str], kw: dict[str, object], why: str) -> None:
    with pytest.raises(IllegalWinError, match="有番才能胡: a win on a discard needs at least one 番"):
        names(hand, win, melds=melds, **kw)
    kw = {**kw, "discarder": None}
    assert names(hand, win, melds=melds, **kw) == ["自摸"], why  # 无番靠自摸


def test_the_number_of_fan_changes_nothing_paid() -> None:
    one = HN.score_hand("456p789s23s99s", win_tile="4s", melds=["pon 555z"], discarder=3)
    many = HN.score_hand("1133m5577p99s11z2z", win_tile="2z", discarder=3, flowers="1f5f")
    assert one.sheet.total == 1 and many.sheet.total == 4  # 门清 七对 花 花
    assert one.settlement.deltas(4) == many.settlement.deltas(4) == [1, 0, 0, -1]
    r = HN.score_hand("456p789s23s55z", win_tile="4s", melds=["chi 123m"], winner=2)
    assert r.settlement.deltas(4) == [-1, -1, 3, -1]  # a self-draw: each of three pays


def test_bao_three_sets_from_one_seat_either_way() -> None:
    pungs = ["pon 111m", "pon 999p", "pon 777z"]
    # three pungs from seat 2, seat 2 deals in: it pays for all three
    r = HN.score_hand("23s55s", win_tile="4s", melds=pungs, winner=0, discarder=2,
                      context={"meld_sources": "2,2,2"})
    assert r.settlement.deltas(4) == [3, 0, -3, 0]
    # another seat deals in: one stake
    r = HN.score_hand("23s55s", win_tile="4s", melds=pungs, winner=0, discarder=3,
                      context={"meld_sources": "2,2,2"})
    assert r.settlement.deltas(4) == [1, 0, 0, -1]
    # three chows from 上家 (seat 0 for seat 1), seat 0 deals in
    r = HN.score_hand("55s23s", win_tile="4s", melds=["chi 123m", "chi 456m", "chi 789p"], winner=1, discarder=0,
                      context={"meld_sources": "0,0,0"})
    assert r.settlement.deltas(4) == [-3, 3, 0, 0]
    # two pungs and a chow from one seat: not 包 (the seed's words)
    r = HN.score_hand("23s55s", win_tile="4s", melds=["pon 111m", "pon 777z", "chi 789p"], winner=1,
                      discarder=0, context={"meld_sources": "0,0,0"})
    assert r.settlement.deltas(4) == [-1, 1, 0, 0]
    # "反之": the discarder took three sets from the winner (given as the context key)
    r = HN.score_hand("123m456p789s23s55s", win_tile="4s", winner=0, discarder=1, context={"bao": "yes"})
    assert r.settlement.deltas(4) == [3, -3, 0, 0]


def test_robbing_a_kong_with_and_without_fan() -> None:
    # 无番抢杠: only 抢杠 itself, the kong maker (seat 2) pays for all
    r = HN.score_hand("456p789s23s99s", win_tile="4s", melds=PUNG, discarder=2, context={"robbed_kong": True})
    assert r.sheet.names() == ["抢杠"] and r.settlement.deltas(4) == [3, 0, -3, 0]
    # 有番抢杠 (二五八将 too): an ordinary discard win, one stake
    r = HN.score_hand("456p789s23s55s", win_tile="4s", melds=PUNG, discarder=2, context={"robbed_kong": True})
    assert r.sheet.names() == ["二五八将", "抢杠"] and r.settlement.deltas(4) == [1, 0, -1, 0]


def test_kong_money_on_paper() -> None:
    r = HN.score_hand("456p789s23s99s", win_tile="4s", melds=["ankan 5555z"], discarder=3)
    assert r.sheet.names() == ["门清", "箭刻"]
    assert r.settlement.deltas(4) == [7, -2, -2, -3]  # 暗杠 2 from each, the win 1 from seat 3
    r = HN.score_hand("456p789s23s99s", win_tile="4s", melds=["kakan 5555z"], discarder=3)
    assert r.settlement.deltas(4) == [4, -1, -1, -2]  # 明杠 1 from each


def test_shapes() -> None:
    with pytest.raises(IllegalWinError, match="十三幺: fourteen unrelated singles"):
        HN.score_hand("146m258p369s1234z", win_tile="5z", discarder=3)  # 4m and 6m are too close
    with pytest.raises(InvalidHandError, match="14 tiles"):
        HN.score_hand("146m258p369s123z", win_tile="5z", discarder=3)
    assert unrelated(counts_of(parse_tiles("159m147p258s12347z")), 14)
    assert not unrelated(counts_of(parse_tiles("159m147p258s11347z")), 14)
    assert took_three([Meld.parse("chi 123m")] * 3, [0, 0, 0], 0)
    assert not took_three([Meld.parse("ankan 1111m")] * 3, [0, 0, 0], 0)


def test_options_and_names() -> None:
    r = Hainan(stake=5, concealed_kong=3).score_hand("456p789s23s99s", win_tile="4s", melds=["ankan 5555z"],
                                                     discarder=3)
    assert r.settlement.deltas(4) == [14, -3, -3, -8]
    for bad in ({"stake": 0}, {"exposed_kong": -1}, {"concealed_kong": "2"}):
        with pytest.raises(MahjongError, match="hainan: option"):
            Hainan(**bad)  # type: ignore[arg-type]
    with pytest.raises(MahjongError, match="context bao"):
        HN.score_hand("123m456p789s23s55s", win_tile="4s", discarder=1, context={"bao": "maybe"})
    for name in ("hainan", "海南麻将", "海南", "hainan-v1"):
        assert find_variant(name) is Hainan
    d = Hainan.describe()
    assert (d["wall_tiles"], d["flowers"], d["defaults"]) == (144, 8, {"stake": 1, "exposed_kong": 1,
                                                                        "concealed_kong": 2})
