"""Tests for mahjong_core.variants.guangdong (广东鸡平和, spec §5.2, seed [001]).

Seats: 0 East (dealer), 1 South, 2 West, 3 North.  ``score`` takes the
concealed tiles *before* the winning tile.
"""

from __future__ import annotations

import dataclasses
import doctest
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import mahjong_core as mc
from mahjong_core.analysis import Decomposition, Form, Shape
from mahjong_core.errors import InvalidHandError, MahjongError
from mahjong_core.rules import ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import Meld, parse_tile, parse_tiles
from mahjong_core.variants import guangdong
from mahjong_core.variants.guangdong import (
    DiscardPayment,
    GuangdongChicken,
    GuangdongOptions,
    HeavenValues,
    score,
)

RULES = GuangdongChicken()


def win(
    hand: str,
    melds: Sequence[str] = (),
    *,
    win_tile: str,
    seat: int = 1,
    sources: Sequence[int | None] | None = None,
    round_wind: int = 0,
    **kw: Any,
) -> WinContext:
    """A WinContext from notation; ``hand`` is before the winning tile."""
    ms = tuple(Meld.parse(m) for m in melds)
    w = parse_tile(win_tile)
    return WinContext(
        seat=seat,
        concealed=tuple(sorted(parse_tiles(hand) + [w])),
        win_tile=w,
        melds=ms,
        meld_sources=tuple(sources) if sources is not None else (None,) * len(ms),
        dealer=seat == 0,
        seat_wind=seat,
        round_wind=round_wind,
        **kw,
    )


def settle(*wins: WinContext, rules: GuangdongChicken = RULES) -> tuple[list[ScoreSheet], list[int]]:
    """Score and settle the wins of one hand; check the zero sum."""
    sheets = [rules.score(c) for c in wins]
    s = rules.settle(None, list(zip(wins, sheets)))  # type: ignore[arg-type]
    assert isinstance(s, Settlement)
    deltas = s.deltas(4)
    assert sum(deltas) == 0
    assert all(p.amount > 0 and p.payer != p.payee for p in s.payments)
    return sheets, deltas


# ---------------------------------------------------------------------------
# Metadata
# ---------------------------------------------------------------------------


def test_metadata() -> None:
    assert GuangdongChicken.name == "guangdong"
    assert RULES.id == "guangdong-v1"
    assert GuangdongChicken.zh == "广东鸡平和"
    assert GuangdongChicken.aliases[:2] == ("jipinghu", "chicken") and {"广东", "鸡平和", "鸡平胡"} <= set(GuangdongChicken.aliases)
    assert GuangdongChicken.summary and "\n" not in GuangdongChicken.summary
    assert len(RULES.wall_tiles()) == 136
    assert GuangdongChicken.flower_tiles == ()
    assert GuangdongChicken.hand_size == 13
    assert GuangdongChicken.multiple_winners is True
    assert GuangdongChicken.rob_kong is True
    assert GuangdongChicken.missed_win_ban is True
    assert GuangdongChicken.allow_chow is True
    assert GuangdongChicken.hand_rules.forms == {Form.STANDARD, Form.THIRTEEN_ORPHANS}
    assert GuangdongChicken.describe()["options"] == [
        "cap", "floor_special", "heaven_values", "discard_payment", "triple_win_pays_three"
    ]


def test_doctests() -> None:
    result = doctest.testmod(guangdong)
    assert result.attempted >= 5 and result.failed == 0


def test_seven_pairs_is_not_a_win() -> None:
    assert mc.is_win("1122m3344p5566s77z")
    assert not mc.is_win("1122m3344p5566s77z", rules=GuangdongChicken.hand_rules)
    with pytest.raises(InvalidHandError, match="not a winning hand"):
        score("1122m3344p5566s7z", win_tile="7z")


def test_can_win_with_zero_fan() -> None:
    ctx = win("123m456p789s111p5s", win_tile="5s", discarder=3)
    sheet = RULES.score(ctx)
    assert sheet.total == 0 and sheet.points == 1
    assert RULES.can_win(ctx, sheet)


# ---------------------------------------------------------------------------
# Worked examples of §5.2
# ---------------------------------------------------------------------------


def test_example_1_chicken_self_drawn_with_red_pung() -> None:
    ctx = win("123m456p78s11s777z", win_tile="9s", self_drawn=True)
    (sheet,), deltas = settle(ctx)
    assert sheet.names() == ["鸡和", "自摸", "三元牌"]
    assert (sheet.total, sheet.points, sheet.unit) == (2, 4, "番")
    assert deltas == [-4, 12, -4, -4]


def test_example_2_all_chows_east_seat() -> None:
    tsumo = win("123m456m789p23s55s", win_tile="4s", seat=0, self_drawn=True)
    (sheet,), deltas = settle(tsumo)
    assert sheet.names() == ["平和", "自摸"]
    assert (sheet.total, sheet.points) == (2, 4)
    assert deltas == [12, -4, -4, -4]
    ron = win("123m456m789p23s55s", win_tile="4s", seat=0, discarder=2)
    (sheet,), deltas = settle(ron)
    assert sheet.names() == ["平和"]
    assert (sheet.total, sheet.points) == (1, 2)
    assert deltas == [2, 0, -2, 0]


def test_example_3_all_pungs_with_wind_pungs_capped() -> None:
    ctx = win("222z555m999p3s", ["pon 111z"], win_tile="3s", self_drawn=True, sources=[0])
    (sheet,), deltas = settle(ctx)
    assert [it.zh for it in sheet.items] == ["碰碰和", "自摸", "门风", "圈风"]
    assert sum(it.total for it in sheet.items) == 5
    assert (sheet.total, sheet.points) == (3, 8)
    assert sheet.notes == ("爆和: 5 番 capped at 3 番",)
    assert deltas == [-8, 24, -8, -8]


def test_example_4_mixed_pungs_takes_no_additions() -> None:
    # 222m 555m 88m + South pung (seat wind) + 中 pung, self-drawn: still 4.
    ctx = win("222m555m222z8m", ["pon 777z"], win_tile="8m", self_drawn=True, sources=[3])
    (sheet,), deltas = settle(ctx)
    assert sheet.names() == ["混碰"]
    assert (sheet.total, sheet.points) == (4, 16)
    assert deltas == [-16, 48, -16, -16]


def test_example_5_chicken_on_fed_kong_replacement() -> None:
    ctx = win(
        "123m456m2278s", ["kan 5555p"], win_tile="9s", sources=[3],
        self_drawn=True, kong_replacement=True, kong_fed_by=3,
    )
    (sheet,), deltas = settle(ctx)
    assert sheet.names() == ["鸡和", "自摸"]
    assert (sheet.total, sheet.points) == (3, 8)
    assert sheet.notes == ("杠上开花包杠: 1 番 raised to 3 番",)
    assert deltas == [0, 24, 0, -24]


# ---------------------------------------------------------------------------
# Hands within the cap, and the additions
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "win_tile", "names", "total"),
    [
        ("123m456p789s111p5s", "5s", ["鸡和"], 0),
        ("123m456p789s234s5m", "5m", ["平和"], 1),
        ("111m333p555s777s2m", "2m", ["碰碰和"], 2),
        ("123m456m789m234m5z", "5z", ["混一色"], 2),  # also 平和: the highest base counts
        ("123m456m789m11z22z", "2z", ["混一色"], 2),  # South pung: neither seat (W) nor round (E)
    ],
)
def test_within_cap_hands(hand: str, win_tile: str, names: list[str], total: int) -> None:
    sheet = score(hand, win_tile=win_tile, seat_wind="W")
    assert sheet.names() == names
    assert sheet.total == total and sheet.points == 2**total
    assert sheet.notes == ()


@pytest.mark.parametrize(
    ("hand", "seat", "round_", "self_drawn", "names", "total"),
    [
        ("222z123m456p789s5s", "S", "E", False, ["鸡和", "门风"], 1),
        ("222z123m456p789s5s", "W", "S", False, ["鸡和", "圈风"], 1),
        ("111z123m456p789s5s", "E", "E", False, ["鸡和", "门风", "圈风"], 2),
        ("555z666z123m456p7s", "S", "E", False, ["鸡和", "三元牌", "三元牌"], 2),
        ("123m456p789s234s5m", "S", "E", True, ["平和", "自摸"], 2),
        ("555z123m456p789s7s", "N", "N", True, ["鸡和", "自摸", "三元牌"], 2),
    ],
)
def test_additions(hand: str, seat: str, round_: str, self_drawn: bool, names: list[str], total: int) -> None:
    last = parse_tiles(hand)[-1]
    sheet = score(hand, win_tile=mc.format_tiles([last]), seat_wind=seat, round_wind=round_,
                  self_drawn=self_drawn)
    assert sheet.names() == names
    assert sheet.total == total


def test_dragon_addition_counts_two_pungs_once_each() -> None:
    sheet = score("555z666z123m456p7s", win_tile="7s")
    (dragons,) = [it for it in sheet.items if it.zh == "三元牌"]
    assert (dragons.value, dragons.count, dragons.total) == (1, 2, 2)
    assert "白" in dragons.why and "发" in dragons.why


def test_kongs_count_as_pungs() -> None:
    sheet = score("111m333p7s", ["ankan 2222z", "kan 9999s"], win_tile="7s", seat_wind="S")
    assert sheet.names() == ["碰碰和", "门风"]
    assert sheet.total == 3


def test_melded_chows_keep_all_chows() -> None:
    sheet = score("456p789s5m", ["chi 123m", "chi 234s"], win_tile="5m", seat_wind="S")
    assert sheet.names() == ["平和"]


# ---------------------------------------------------------------------------
# Special hands beyond the cap
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "hand", "melds", "win_tile", "value"),
    [
        ("清一色", "1234567892345m", (), "5m", 4),
        ("混碰", "222m555m888m777z1z", (), "1z", 4),
        ("清碰", "111m333m555m777m9m", (), "9m", 5),
        ("混幺九", "111m999p111s777z1z", (), "1z", 5),
        ("小三元", "555z666z7z123m456p", (), "7z", 5),
        ("小四喜", "111z222z333z4z123m", (), "4z", 5),
        ("字一色", "111z222z333z666z7z", (), "7z", 6),
        ("清幺九", "111m999m111p999p1s", (), "1s", 6),
        ("大三元", "555z666z777z123m4p", (), "4p", 6),
        ("大四喜", "111z222z333z444z5m", (), "5m", 6),
        ("九莲宝灯", "1112345678999m", (), "5m", 6),
        ("十三幺", "19m19p19s1234567z", (), "1m", 6),
        ("大三元", "123m4p", ("pon 555z", "kan 6666z", "pon 777z"), "4p", 6),
        ("清一色", "2344p", ("chi 123p", "chi 567p", "chi 789p"), "4p", 4),
    ],
)
def test_special_hands(name: str, hand: str, melds: tuple[str, ...], win_tile: str, value: int) -> None:
    # Self-drawn by East in the East round: additions would apply, but do not.
    sheet = score(hand, list(melds), win_tile=win_tile, self_drawn=True, seat_wind="E", round_wind="E")
    assert sheet.names() == [name]
    assert sheet.total == value and sheet.points == 2**value
    assert sheet.notes[0].startswith(f"{name} is a special hand")


def test_special_hands_do_not_stack() -> None:
    sheet = score("111z222z333z444z5z", win_tile="5z")  # 字一色 and 大四喜
    assert sheet.total == 6 and len(sheet.items) == 1
    assert sheet.notes[1] == "not added: 大四喜 6"
    sheet = score("555z666z7z111z222z", win_tile="7z")  # 小三元 5 inside 字一色 6
    assert sheet.names() == ["字一色"]


def test_nine_gates_needs_the_pure_wait() -> None:
    # 1112345678999m waiting, any tile of the suit completes it.
    for tile in "123456789":
        assert score("1112345678999m", win_tile=tile + "m").names() == ["九莲宝灯"]
    # The same 14 tiles with 1m won last: 1123455678999m was not the pure wait.
    sheet = score("1123455678999m", win_tile="1m")
    assert sheet.names() == ["清一色"] and sheet.total == 4
    # With a meld it is no longer 九莲宝灯.
    sheet = score("2345678999m", ["pon 111m"], win_tile="8m")
    assert sheet.names() == ["清一色"]


# ---------------------------------------------------------------------------
# Readings: 就高不就低
# ---------------------------------------------------------------------------


def test_best_reading_pungs_over_chows() -> None:
    # 111 222 333m 999p 55p (碰碰和 2) or 123 123 123m 999p 55p (鸡和 0).
    assert len(mc.decompositions("111222333m999p55p", rules=GuangdongChicken.hand_rules)) == 2
    assert score("111222333m999p5p", win_tile="5p").names() == ["碰碰和"]


def test_best_reading_chows_over_pungs() -> None:
    # 123 123 123m 456p 55p (平和 1) or 111 222 333m 456p 55p (鸡和 0).
    assert score("111222333m456p5p", win_tile="5p").names() == ["平和"]


def test_best_reading_special_over_ordinary() -> None:
    # 111 222 333m 777z 55z: 混碰 4, or 混一色 2 + 三元牌 1.
    assert score("111222333m777z5z", win_tile="5z").names() == ["混碰"]


def test_given_decompositions_are_used() -> None:
    ctx = win("111222333m999p5p", win_tile="5p", discarder=0)
    chows_only = tuple(d for d in mc.decompositions(ctx.concealed, rules=RULES.hand_rules)
                       if any(u[0] == Shape.CHOW for u in d.units))
    assert len(chows_only) == 1
    sheet = RULES.score(dataclasses.replace(ctx, decompositions=chows_only))
    assert sheet.names() == ["鸡和"]
    # Plain tuples work as well as the kernel's values.
    plain = tuple(
        Decomposition(Form(int(d.form)), tuple((int(s), k, w) for s, k, w in d.units))  # type: ignore[misc]
        for d in chows_only
    )
    assert RULES.score(dataclasses.replace(ctx, decompositions=plain)).names() == ["鸡和"]


# ---------------------------------------------------------------------------
# Cap
# ---------------------------------------------------------------------------


def test_cap_option() -> None:
    args = ("222z555m999p3s", ["pon 111z"])
    kw: dict[str, Any] = {"win_tile": "3s", "self_drawn": True, "seat_wind": "S"}
    assert score(*args, **kw).total == 3
    sheet = score(*args, **kw, rules=GuangdongChicken(cap=5))
    assert (sheet.total, sheet.points, sheet.notes) == (5, 32, ())
    sheet = score(*args, **kw, rules=GuangdongChicken(cap=4))
    assert (sheet.total, sheet.notes) == (4, ("爆和: 5 番 capped at 4 番",))
    # The cap never touches special hands.
    assert score("1112345678999m", win_tile="5m", rules=GuangdongChicken(cap=1)).total == 6


def test_additions_stop_at_the_cap() -> None:
    # 混一色 2 + 自摸 + 门风 + 圈风 + 三元牌 = 6, counted as 3.
    sheet = score("123m456m111z777z5m", win_tile="5m", self_drawn=True, seat_wind="E")
    assert sheet.names() == ["混一色", "自摸", "门风", "圈风", "三元牌"]
    assert sheet.total == 3


# ---------------------------------------------------------------------------
# Floors
# ---------------------------------------------------------------------------


def test_kong_replacement_floor_without_feeder_everyone_pays() -> None:
    ctx = win("123m456m2278s", ["ankan 5555p"], win_tile="9s",
              self_drawn=True, kong_replacement=True)
    (sheet,), deltas = settle(ctx)
    assert sheet.total == 3
    assert sheet.notes == ("杠上开花: 1 番 raised to 3 番",)
    assert deltas == [-8, 24, -8, -8]


def test_last_tile_floor_self_drawn_only() -> None:
    sheet = score("123m456p789s111p5s", win_tile="5s", self_drawn=True, last_tile=True, seat_wind="S")
    assert sheet.total == 3 and sheet.notes == ("海底捞月: 1 番 raised to 3 番",)
    sheet = score("123m456p789s111p5s", win_tile="5s", last_tile=True, seat_wind="S")
    assert sheet.total == 0 and sheet.notes == ()


def test_floor_keeps_higher_hands() -> None:
    sheet = score("1234567892345m", win_tile="5m", kong=True)
    assert sheet.total == 4 and len(sheet.notes) == 1


def test_floor_option() -> None:
    rules = GuangdongChicken(floor_special=2)
    assert score("123m456p789s111p5s", win_tile="5s", robbed_kong=True, rules=rules).total == 2
    rules = GuangdongChicken(floor_special=5, cap=3)
    assert score("123m456p789s111p5s", win_tile="5s", kong=True, rules=rules).total == 5


def test_robbing_a_kong() -> None:
    ctx = win("123m456p789s111p5s", win_tile="5s", discarder=2, robbed_kong=True)
    (sheet,), deltas = settle(ctx)
    assert sheet.names() == ["鸡和", "自摸"]  # 抢杠 当自摸
    assert sheet.total == 3 and sheet.notes == ("抢杠: 1 番 raised to 3 番",)
    assert deltas == [0, 24, -24, 0]


def test_three_winners_on_one_discard() -> None:
    wins = (
        win("123m456p789s111p5s", win_tile="5s", seat=1, discarder=0, multiple_winners=3),
        win("123m456p789s234s5s", win_tile="5s", seat=2, discarder=0, multiple_winners=3),
        win("1234567892345s", win_tile="5s", seat=3, discarder=0, multiple_winners=3),
    )
    sheets, deltas = settle(*wins)
    assert [s.total for s in sheets] == [3, 3, 4]  # 0 → 3, 1 → 3, 清一色 4 stays
    assert sheets[0].notes == ("一炮三响: 0 番 raised to 3 番",)
    assert deltas == [-(24 + 24 + 48), 24, 24, 48]
    _, deltas = settle(*wins, rules=GuangdongChicken(triple_win_pays_three=False))
    assert deltas == [-(8 + 8 + 16), 8, 8, 16]


def test_two_winners_on_one_discard_no_floor() -> None:
    wins = (
        win("123m456p789s111p5s", win_tile="5s", seat=1, discarder=0, multiple_winners=2),
        win("123m456p789s234s5s", win_tile="5s", seat=2, discarder=0, multiple_winners=2),
    )
    sheets, deltas = settle(*wins)
    assert [s.total for s in sheets] == [0, 1]
    assert deltas == [-3, 1, 2, 0]


# ---------------------------------------------------------------------------
# 天和 / 地和 / 人和
# ---------------------------------------------------------------------------


def test_heavenly_hand() -> None:
    ctx = win("123m456p789s111p5s", win_tile="5s", seat=0, self_drawn=True, first_turn=True)
    (sheet,), deltas = settle(ctx)
    assert sheet.names() == ["天和"] and (sheet.total, sheet.points) == (6, 64)
    assert sheet.notes == ("天和 6 番 replaces the hand's 1 番",)
    assert deltas == [192, -64, -64, -64]


def test_earthly_hand() -> None:
    ctx = win("123m456p789s111p5s", win_tile="5s", seat=2, self_drawn=True, first_turn=True)
    (sheet,), deltas = settle(ctx)
    assert sheet.names() == ["地和"] and sheet.total == 6
    assert deltas == [-64, -64, 192, -64]


def test_human_hand() -> None:
    ctx = win("123m456p789s111p5s", win_tile="5s", seat=3, discarder=0, first_go_around=True)
    (sheet,), deltas = settle(ctx)
    assert sheet.names() == ["人和"] and sheet.total == 3
    assert deltas == [-8, 0, 0, 8]


def test_first_turn_values_never_lower_a_hand() -> None:
    sheet = score("1234567892345m", win_tile="5m", seat_wind="N", first_go_around=True)
    assert sheet.names() == ["清一色"] and sheet.total == 4
    assert sheet.notes[-1] == "人和 (3 番) does not exceed the hand's 4 番"
    sheet = score("19m19p19s1234567z", win_tile="1m", seat_wind="E", self_drawn=True, first_turn=True)
    assert sheet.names() == ["十三幺"] and sheet.total == 6


def test_heaven_values_option() -> None:
    rules = GuangdongChicken(heaven_values=HeavenValues(heaven=5, earth=0, human=2))
    hand = "123m456p789s111p5s"
    assert score(hand, win_tile="5s", seat_wind="E", self_drawn=True, first_turn=True, rules=rules).total == 5
    sheet = score(hand, win_tile="5s", seat_wind="S", self_drawn=True, first_turn=True, rules=rules)
    assert sheet.names() == ["鸡和", "自摸"] and sheet.total == 1
    assert score(hand, win_tile="5s", seat_wind="S", first_go_around=True, rules=rules).total == 2


# ---------------------------------------------------------------------------
# Payments and 包
# ---------------------------------------------------------------------------


def test_liable_self_draw_pays_for_all() -> None:
    ctx = win("123m4p", ["pon 555z", "pon 666z", "pon 777z"], win_tile="4p", sources=[2, 3, 0],
              self_drawn=True)
    assert RULES.liable_seat(None, ctx) == 0
    (sheet,), deltas = settle(dataclasses.replace(ctx, liable=0))
    assert sheet.names() == ["大三元"]
    assert deltas == [-192, 192, 0, 0]


def test_liable_ignored_on_a_discard_win() -> None:
    ctx = win("123m4p", ["pon 555z", "pon 666z", "pon 777z"], win_tile="4p", sources=[2, 3, 0],
              discarder=3, liable=0)
    assert RULES.liable_seat(None, ctx) is None
    _, deltas = settle(ctx)
    assert deltas == [0, 64, 0, -64]


def test_full_discard_payment_option() -> None:
    rules = GuangdongChicken(discard_payment="full")
    assert rules.options.discard_payment is DiscardPayment.FULL
    ctx = win("123m456p789s234s5m", win_tile="5m", discarder=2)
    _, deltas = settle(ctx, rules=rules)
    assert deltas == [0, 6, -6, 0]


SETTLE_CASES = [
    # (context flags, expected payer or None for all three, multiple of 分 the winner gets)
    ({"self_drawn": True}, None, 3),
    ({"discarder": 2}, 2, 1),
    ({"self_drawn": True, "last_tile": True}, None, 3),
    ({"self_drawn": True, "kong_replacement": True}, None, 3),
    ({"self_drawn": True, "kong_replacement": True, "kong_fed_by": 3}, 3, 3),
    ({"discarder": 2, "robbed_kong": True}, 2, 3),
    ({"self_drawn": True, "liable": 0}, 0, 3),
    ({"self_drawn": True, "liable": 1}, None, 3),  # the winner is never liable to itself
    ({"discarder": 2, "liable": 0}, 2, 1),
    ({"discarder": 2, "multiple_winners": 2}, 2, 1),
    ({"discarder": 2, "multiple_winners": 3}, 2, 3),
    ({"discarder": 2, "first_go_around": True}, 2, 1),
    ({"self_drawn": True, "first_turn": True}, None, 3),
]


@pytest.mark.parametrize(("flags", "payer", "multiple"), SETTLE_CASES)
@pytest.mark.parametrize(
    "options",
    [{}, {"discard_payment": DiscardPayment.FULL}, {"triple_win_pays_three": False}, {"cap": 6}],
)
def test_every_settlement_sums_to_zero(
    flags: dict[str, Any], payer: int | None, multiple: int, options: dict[str, Any]
) -> None:
    rules = GuangdongChicken(**options)
    for hand, win_tile in (("123m456p789s111p5s", "5s"), ("555z666z777z123m4p", "4p")):
        ctx = win(hand, win_tile=win_tile, **flags)
        (sheet,), deltas = settle(ctx, rules=rules)
        assert deltas[1] == -sum(d for s, d in enumerate(deltas) if s != 1) > 0
        if options:
            continue
        assert deltas[1] == multiple * sheet.points
        if payer is None:
            assert deltas == [-sheet.points, 3 * sheet.points, -sheet.points, -sheet.points]
        else:
            assert deltas[payer] == -deltas[1]


@pytest.mark.parametrize(
    ("melds", "sources", "liable"),
    [
        # 大四喜: the fourth wind from seat 3 (a declared 暗杠 among the first three).
        (["ankan 1111z", "pon 222z", "pon 333z", "pon 444z"], [None, 2, 0, 3], 3),
        # 大四喜 completed by the winner's own concealed kong: nobody.
        (["pon 111z", "pon 222z", "pon 333z", "ankan 4444z"], [2, 2, 0, None], None),
        # 十二张落地: four claimed melds, the fourth from seat 0.
        (["chi 123m", "pon 555p", "pon 999s", "chi 456s"], [0, 2, 3, 0], 0),
        # A concealed kong among four melds: not twelve tiles 落地.
        (["ankan 1111m", "pon 555p", "pon 999s", "chi 456s"], [None, 2, 3, 0], None),
        # 十二张落地 by an exposed kong fed by seat 2.
        (["chi 123m", "pon 555p", "pon 999s", "kan 4444s"], [0, 0, 3, 2], 2),
        # 大三元 (third dragon at meld 3, from seat 2) comes before the twelfth tile (seat 3).
        (["pon 555z", "pon 666z", "pon 777z", "pon 111m"], [0, 3, 2, 3], 2),
    ],
)
def test_liable_seat(melds: list[str], sources: list[int | None], liable: int | None) -> None:
    ctx = win("9p", melds, win_tile="9p", sources=sources, self_drawn=True)
    assert RULES.liable_seat(None, ctx) == liable


def test_liable_first_fed_only() -> None:
    """包先不包后: seat 3 fed seat 0's fourth meld first, then seat 2's; it is
    liable for seat 0's self-draw but not for seat 2's."""
    from types import SimpleNamespace

    history = [(0, 1), (2, 3), (0, 2), (2, 1), (0, 1), (2, 0), (0, 3), (2, 3)]
    table = SimpleNamespace(claim_history=history)
    melds = ["chi 123m", "chi 456m", "chi 789m", "pon 999s"]
    first = win("1p", melds, win_tile="1p", sources=[1, 2, 1, 3], self_drawn=True)
    first = dataclasses.replace(first, seat=0)
    later = dataclasses.replace(first, seat=2, meld_sources=(3, 1, 0, 3))
    assert RULES.liable_seat(table, first) == 3  # type: ignore[arg-type]
    assert RULES.liable_seat(table, later) is None  # type: ignore[arg-type]
    assert RULES.liable_seat(None, later) == 3  # without history: the plain rule


def test_liable_dragon_without_twelve_tiles() -> None:
    ctx = win("123m456p4p", ["pon 555z", "pon 666z", "kan 7777z"], win_tile="4p",
              sources=[2, 3, 3], self_drawn=True)
    assert RULES.liable_seat(None, ctx) == 3
    ctx = win("123m456p4p", ["pon 555z", "pon 666z", "ankan 7777z"], win_tile="4p",
              sources=[2, 3, None], self_drawn=True)
    assert RULES.liable_seat(None, ctx) is None


# ---------------------------------------------------------------------------
# Options and input errors
# ---------------------------------------------------------------------------


def test_unknown_option_raises() -> None:
    with pytest.raises(MahjongError, match="unknown option.*'fan_cap'"):
        GuangdongChicken(fan_cap=5)


@pytest.mark.parametrize(
    "options",
    [
        {"cap": -1},
        {"floor_special": "3"},
        {"heaven_values": (6, 6, 3)},
        {"discard_payment": "everyone"},
    ],
)
def test_bad_option_values_raise(options: dict[str, Any]) -> None:
    with pytest.raises(MahjongError, match="guangdong"):
        GuangdongChicken(**options)


def test_bad_heaven_value_raises() -> None:
    with pytest.raises(MahjongError, match="heaven_values.human"):
        HeavenValues(human=-1)


def test_options_are_frozen_keyword_only() -> None:
    opts = GuangdongChicken(cap=4).options
    assert opts == GuangdongOptions(cap=4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        opts.cap = 5  # type: ignore[misc]
    assert dataclasses.replace(opts, cap=6).cap == 6
    with pytest.raises(TypeError):
        GuangdongOptions(4)  # type: ignore[call-arg]
    assert not hasattr(opts, "__dict__")


@pytest.mark.parametrize(
    ("hand", "melds", "win_tile", "match"),
    [
        ("123m456p789s11s", (), "1s", "14 tiles"),
        ("1111m456p789s11s5p", (), "1m", "five copies"),
        ("123m456p789s1357s", (), "7z", "not a winning hand"),
    ],
)
def test_bad_hands_raise(hand: str, melds: tuple[str, ...], win_tile: str, match: str) -> None:
    with pytest.raises(InvalidHandError, match=match):
        score(hand, list(melds), win_tile=win_tile)


def test_wind_notation() -> None:
    for seat in ("S", "south", "南", "2z", 1):
        assert score("222z123m456p789s5s", win_tile="5s", seat_wind=seat).names() == ["鸡和", "门风"]
    with pytest.raises(InvalidHandError, match="not a wind"):
        score("222z123m456p789s5s", win_tile="5s", seat_wind="5z")


def test_discard_win_needs_a_discarder() -> None:
    ctx = win("123m456p789s111p5s", win_tile="5s")
    with pytest.raises(MahjongError, match="without a discarder"):
        RULES.settle(None, [(ctx, RULES.score(ctx))])  # type: ignore[arg-type]


def test_thousands_of_bot_hands() -> None:
    """Greedy and random bots through the engine: no error, zero-sum
    settlements, every win scored and at least 鸡和."""
    from mahjong_core.bots import GreedyBot, RandomBot, play_hand

    rs = GuangdongChicken()
    wins = 0
    payers = Counter[str]()
    for seed in range(1500):
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), GreedyBot()] if seed % 2 else [
            GreedyBot() for _ in range(4)
        ]
        t = play_hand(rs, bots, seed=seed, dealer=seed % 4)
        assert sum(t.deltas()) == 0
        for s in t.winners:
            wins += 1
            assert t.scores[s].total == _fan_by_the_rules(t.contexts[s], t.scores[s])
        assert t.deltas() == _deltas_by_the_rules(t, payers)
    assert wins > 1000
    assert payers["discarder"] and payers["each"] and payers["one for all"]


_HEAVEN_FAN = {"天和": 6, "地和": 6, "人和": 3}
"""The first-turn wins at the default options (PROPOSAL 6 / 6 / 3 番)."""
_SPECIAL_FAN = {"清一色": 4, "混碰": 4, "清碰": 5, "混幺九": 5, "小三元": 5, "小四喜": 5,
                "字一色": 6, "清幺九": 6, "大三元": 6, "大四喜": 6, "九莲宝灯": 6, "十三幺": 6}
"""鸡平和's hands above the cap (seed [001]), their 番."""


def _fan_by_the_rules(ctx: WinContext, sheet: ScoreSheet) -> int:
    """The 番 of a win from its sheet's items, by the rules written out
    (cap 3, floor 3 for 杠上开花 / 海底捞月 / 一炮三响 / 抢杠, specials and
    first-turn hands at their own value)."""
    names = [it.zh for it in sheet.items]
    if len(names) == 1 and names[0] in _HEAVEN_FAN:
        return _HEAVEN_FAN[names[0]]
    if len(names) == 1 and names[0] in _SPECIAL_FAN:
        return _SPECIAL_FAN[names[0]]
    raw = sum(it.value * it.count for it in sheet.items)
    fan = min(raw, 3)
    if ctx.kong_replacement or (ctx.last_tile and ctx.self_drawn) or ctx.multiple_winners >= 3 or ctx.robbed_kong:
        fan = max(fan, 3)
    return fan


def _deltas_by_the_rules(t: Any, payers: Counter[str]) -> list[int]:
    """Each seat's gain, from the rule text: 分 = 2 ** 番; a self-draw is
    paid 分 by each other seat, a discard win 分 by the discarder; one seat
    pays 3 × 分 for all: the robbed seat (抢杠), the kong's feeder (杠上开花包杠),
    the liable seat of a self-draw (包), the discarder of 一炮三响."""
    out = [0, 0, 0, 0]
    for s in t.winners:
        ctx = t.contexts[s]
        fen = 2 ** _fan_by_the_rules(ctx, t.scores[s])
        if ctx.robbed_kong:
            one = ctx.discarder
        elif ctx.self_drawn and ctx.kong_replacement and ctx.kong_fed_by not in (None, s):
            one = ctx.kong_fed_by
        elif ctx.self_drawn and ctx.liable not in (None, s):
            one = ctx.liable
        elif not ctx.self_drawn and len(t.winners) >= 3:
            one = ctx.discarder
        else:
            one = None
        if one is not None:
            out[one] -= 3 * fen
            out[s] += 3 * fen
            payers["one for all"] += 1
        elif ctx.self_drawn:
            for o in range(4):
                out[o] += 3 * fen if o == s else -fen
            payers["each"] += 1
        else:
            out[ctx.discarder] -= fen
            out[s] += fen
            payers["discarder"] += 1
    return out
