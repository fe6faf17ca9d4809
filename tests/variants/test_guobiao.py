"""Tests for mahjong_core.variants.guobiao (国标麻将 / MCR, spec ``mcr.md``).

Every worked example of spec §9 is a test; the expected fans and totals are
the spec's.  Seats: 0 East (dealer), 1 South, 2 West, 3 North.  ``score``
takes the concealed tiles *before* the winning tile.
"""

from __future__ import annotations

import dataclasses
import doctest
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from mahjong_core.errors import InvalidHandError, InvalidNotationError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.rules import ScoreSheet, Settlement, WinContext
from mahjong_core.tiles import Meld, parse_tile, parse_tiles
from mahjong_core.variants import guobiao
from mahjong_core.variants.guobiao import (
    FANS,
    Guobiao,
    GuobiaoOptions,
    KnittedWait,
    MixedKongs,
    chow_combinations,
    false_win_penalty,
    pung_combinations,
    score,
)

RULES = Guobiao()


def fans(sheet: ScoreSheet) -> Counter[str]:
    return Counter({it.zh: it.count for it in sheet.items})


# ---------------------------------------------------------------------------
# Spec §9: the worked examples
# ---------------------------------------------------------------------------

# (id, hand, melds, win, keyword arguments of score(), expected fans, total, legal)
EXAMPLES: list[tuple[str, str, list[str], str, dict[str, Any], dict[str, int], int, bool]] = [
    ("1 pure straight", "123456789m234p5s", [], "5s", {},
     {"清龙": 1, "门前清": 1, "平和": 1, "单钓将": 1}, 21, True),
    ("2 half flush all pungs", "2223344m", ["pon 111z", "pon 333z"], "4m", {"seat_wind": "W", "round_wind": "E"},
     {"碰碰和": 1, "混一色": 1, "圈风刻": 1, "门风刻": 1}, 16, True),
    ("3 seven-pairs trap", "1122335577889p", [], "9p", {},
     {"一色双龙会": 1, "门前清": 1}, 66, True),
    ("4 seven-pairs trap self-drawn", "1122335577889p", [], "9p", {"self_drawn": True},
     {"一色双龙会": 1, "不求人": 1}, 68, True),
    ("5 lesser knitted with knitted straight", "147m258p369s1236z", [], "4z", {},
     {"全不靠": 1, "组合龙": 1}, 24, True),
    ("6 greater knitted", "14m25p36s1234567z", [], "8p", {},
     {"七星不靠": 1}, 24, True),
    ("6 greater knitted self-drawn", "14m25p36s1234567z", [], "8p", {"self_drawn": True},
     {"七星不靠": 1, "自摸": 1}, 25, True),
    ("7 knitted straight as a unit", "147m258p369s234m5z", [], "5z", {},
     {"组合龙": 1, "门前清": 1, "单钓将": 1}, 15, True),
    ("8 mixed triple chow", "123m123p123s789m5p", [], "5p", {},
     {"三色三同顺": 1, "门前清": 1, "平和": 1, "老少副": 1, "单钓将": 1}, 14, True),
    ("9 below the minimum", "123m234m34599p11z", [], "1z", {"seat_wind": "E", "round_wind": "E"},
     {"圈风刻": 1, "门风刻": 1, "门前清": 1, "缺一门": 1}, 7, False),
    ("10 chicken hand", "78s22z", ["chi 234m", "chi 567p", "chi 345s"], "9s", {"seat_wind": "E", "round_wind": "E"},
     {"无番和": 1}, 8, True),
    ("11 out on replacement", "123m456p5567s", ["ankan 9999s"], "8s", {"self_drawn": True, "kong": True},
     {"杠上开花": 1, "不求人": 1, "暗杠": 1, "幺九刻": 1, "无字": 1}, 16, True),
    ("12a last tile draw", "123m456p789s7899p", [], "9p", {"self_drawn": True, "last_tile": True},
     {"花龙": 1, "妙手回春": 1, "不求人": 1, "平和": 1, "喜相逢": 1}, 23, True),
    ("12b last tile claim", "123m456p789s7899p", [], "9p", {"last_tile": True},
     {"花龙": 1, "海底捞月": 1, "门前清": 1, "平和": 1, "喜相逢": 1}, 21, True),
    ("13 robbing the kong", "123m789p789s4588p", [], "6p", {"kong": True},
     {"花龙": 1, "抢杠和": 1, "门前清": 1, "平和": 1, "喜相逢": 1}, 21, True),
    ("14 last tile", "123m456p789s23p77p", [], "1p", {"fourth_tile": True},
     {"花龙": 1, "和绝张": 1, "门前清": 1, "平和": 1, "喜相逢": 1}, 17, True),
    ("14 without the visibility condition", "123m456p789s23p77p", [], "1p", {},
     {"花龙": 1, "门前清": 1, "平和": 1, "喜相逢": 1}, 13, True),
    ("15 little three dragons", "555z666z77z123m99s", [], "9s", {},
     {"小三元": 1, "全带幺": 1, "门前清": 1, "双暗刻": 1, "幺九刻": 1, "缺一门": 1}, 74, True),
    ("16 four concealed pungs self-drawn", "111m333p555s77z99p", [], "9p", {"self_drawn": True},
     {"四暗刻": 1, "幺九刻": 2, "自摸": 1}, 67, True),
    ("16b same on a discard", "111m333p555s77z99p", [], "9p", {},
     {"三暗刻": 1, "碰碰和": 1, "门前清": 1, "幺九刻": 2}, 26, True),
    ("17 three kongs on replacement", "78m99s", ["ankan 1111z", "ankan 5555z", "kan 9999p"], "9m",
     {"self_drawn": True, "kong": True, "seat_wind": "E", "round_wind": "S"},
     {"三杠": 1, "杠上开花": 1, "五门齐": 1, "全带幺": 1, "箭刻": 1, "门风刻": 1, "双暗刻": 1, "幺九刻": 1}, 57, True),
    ("18 flowers", "123m234p345s6799s", [], "8s", {"flowers": 3},
     {"三色三步高": 1, "门前清": 1, "平和": 1, "连六": 1, "花牌": 3}, 14, True),
    ("19 exactly 8, no single wait", "111m456m789m5556s", [], "6s", {},
     {"门前清": 1, "双暗刻": 1, "连六": 1, "幺九刻": 1, "缺一门": 1, "无字": 1}, 8, True),
    ("20 melded hand", "2z", ["chi 123m", "pon 999p", "chi 789s", "pon 777z"], "2z",
     {"seat_wind": "S", "round_wind": "E"},
     {"五门齐": 1, "全求人": 1, "全带幺": 1, "箭刻": 1, "幺九刻": 1}, 19, True),
    ("21 seven pairs self-drawn", "1199m3377p55s11z4z", [], "4z", {"self_drawn": True},
     {"七对": 1, "自摸": 1}, 25, True),
    ("21 seven pairs on a discard", "1199m3377p55s11z4z", [], "4z", {},
     {"七对": 1}, 24, True),
    ("22 seven shifted pairs", "1122334455667m", [], "7m", {"self_drawn": True},
     {"连七对": 1, "自摸": 1}, 89, True),
    ("23 combine once", "123m789m123p789s9s", [], "9s", {},
     {"全带幺": 1, "门前清": 1, "平和": 1, "喜相逢": 2, "老少副": 1}, 11, True),
    ("24 triple pung", "2224m", ["pon 222p", "pon 222s", "kan 3333m"], "4m", {},
     {"三同刻": 1, "小于五": 1, "碰碰和": 1, "断幺": 1, "明杠": 1}, 37, True),
    ("25 four pure shifted pungs", "1112223334445m", [], "5m", {"self_drawn": True},
     {"四暗刻": 1, "一色四节高": 1, "清一色": 1, "幺九刻": 1, "自摸": 1}, 138, True),
    ("26 thirteen orphans self-drawn", "19m19p19s1234567z", [], "1m", {"self_drawn": True},
     {"十三幺": 1, "自摸": 1}, 89, True),
    ("26 thirteen orphans on a discard", "19m19p19s1234567z", [], "1m", {},
     {"十三幺": 1}, 88, True),
    ("27 nine gates", "1112345678999m", [], "5m", {},
     {"九莲宝灯": 1, "双暗刻": 1, "幺九刻": 1}, 91, True),
    ("28 big four winds", "111z222z333z44z99m", [], "4z", {},
     {"大四喜": 1, "混幺九": 1, "三暗刻": 1, "混一色": 1, "门前清": 1}, 144, True),
    ("28 big four winds self-drawn", "111z222z333z44z99m", [], "4z", {"self_drawn": True},
     {"大四喜": 1, "四暗刻": 1, "混幺九": 1, "混一色": 1, "自摸": 1}, 191, True),
    ("29 open hand below the minimum", "2345677p888s", ["chi 234p"], "7p", {},
     {"断幺": 1, "一般高": 1, "连六": 1, "缺一门": 1}, 5, False),
]


@pytest.mark.parametrize(
    ("hand", "melds", "win", "kw", "expected", "total", "legal"),
    [pytest.param(*e[1:], id=e[0]) for e in EXAMPLES],
)
def test_worked_example(
    hand: str, melds: list[str], win: str, kw: dict[str, Any], expected: dict[str, int], total: int, legal: bool
) -> None:
    sheet = score(hand, melds, win_tile=win, **kw)
    assert fans(sheet) == Counter(expected)
    assert sheet.total == total
    assert sum(it.value * it.count for it in sheet.items) == total
    ctx = _ctx(hand, melds, win, **kw)
    assert RULES.can_win(ctx, sheet) is legal


def _ctx(
    hand: str,
    melds: Sequence[str] = (),
    win: str = "",
    *,
    seat: int = 0,
    discarder: int | None = None,
    self_drawn: bool = False,
    flowers: int = 0,
    kong: bool = False,
    last_tile: bool = False,
    fourth_tile: bool = False,
    seat_wind: str = "E",
    round_wind: str = "E",
) -> WinContext:
    """The WinContext the engine would fill for this win."""
    w = parse_tile(win)
    ms = tuple(Meld.parse(m) for m in melds)
    winds = "ESWN"
    if discarder is None and not self_drawn:
        discarder = (seat + 1) % 4
    return WinContext(
        seat=seat,
        concealed=tuple(sorted(parse_tiles(hand) + [w])),
        win_tile=w,
        melds=ms,
        meld_sources=(None,) * len(ms),
        self_drawn=self_drawn,
        discarder=discarder,
        dealer=seat == 0,
        seat_wind=winds.index(seat_wind),
        round_wind=winds.index(round_wind),
        flowers=tuple(range(34, 34 + flowers)),
        kong_replacement=kong and self_drawn,
        robbed_kong=kong and not self_drawn,
        last_tile=last_tile,
        fourth_tile=fourth_tile,
    )


@pytest.mark.parametrize("example", [pytest.param(e, id=e[0]) for e in EXAMPLES])
def test_engine_context_scores_like_notation(example: tuple[Any, ...]) -> None:
    """Rules.score(WinContext), as the engine calls it, gives the same sheet."""
    _, hand, melds, win, kw, expected, total, _ = example
    sheet = RULES.score(_ctx(hand, melds, win, **kw))
    assert sheet.total == total and fans(sheet) == Counter(expected)


# ---------------------------------------------------------------------------
# Payments (spec §3)
# ---------------------------------------------------------------------------


def _settle(ctx: WinContext) -> list[int]:
    sheet = RULES.score(ctx)
    s = RULES.settle(None, [(ctx, sheet)])
    assert isinstance(s, Settlement)
    deltas = s.deltas(4)
    assert sum(deltas) == 0
    return deltas


def test_payment_self_draw_example_4() -> None:
    deltas = _settle(_ctx("1122335577889p", win="9p", seat=2, self_drawn=True))
    assert deltas == [-76, -76, 228, -76]


def test_payment_discard_example_1() -> None:
    deltas = _settle(_ctx("123456789m234p5s", win="5s", seat=1, discarder=3))
    assert deltas == [-8, 45, -8, -29]


def test_payment_chicken_hand_example_10() -> None:
    deltas = _settle(_ctx("78s22z", ["chi 234m", "chi 567p", "chi 345s"], "9s", seat=0, discarder=1))
    assert deltas == [32, -16, -8, -8]


def test_payment_robbed_kong_example_13() -> None:
    deltas = _settle(_ctx("123m789p789s4588p", win="6p", seat=3, discarder=1, kong=True))
    assert deltas == [-8, -29, -8, 45]


def test_payment_flowers_example_18() -> None:
    deltas = _settle(_ctx("123m234p345s6799s", win="8s", seat=0, discarder=2, flowers=3))
    assert deltas == [38, -8, -22, -8]


def test_discard_win_needs_a_discarder() -> None:
    ctx = dataclasses.replace(_ctx("123456789m234p5s", win="5s", seat=1), discarder=None)
    with pytest.raises(MahjongError, match="without a discarder"):
        RULES.settle(None, [(ctx, RULES.score(ctx))])


def test_false_win_penalty() -> None:
    s = false_win_penalty(1)
    assert s.deltas(4) == [10, -30, 10, 10]
    assert false_win_penalty(0, points=RULES.options.false_win_penalty).deltas(4) == [-30, 10, 10, 10]
    with pytest.raises(MahjongError):
        false_win_penalty(4)


def test_minimum_ignores_flowers() -> None:
    """Example 9 is 7 fan: eight flowers do not make it a win (花牌 not toward 8)."""
    ctx = _ctx("123m234m34599p11z", win="1z", flowers=8)
    sheet = RULES.score(ctx)
    assert sheet.total == 15 and fans(sheet)["花牌"] == 8
    assert not RULES.can_win(ctx, sheet)
    assert Guobiao(min_fan=7).can_win(ctx, sheet)


# ---------------------------------------------------------------------------
# The rule set
# ---------------------------------------------------------------------------


def test_metadata() -> None:
    assert Guobiao.name == "guobiao" and RULES.id == "guobiao-v1"
    assert Guobiao.zh == "国标麻将" and Guobiao.aliases[0] == "mcr" and {"国标", "国标麻将"} <= set(Guobiao.aliases)
    assert Guobiao.flower_tiles == tuple(range(34, 42))
    tiles = RULES.wall_tiles()
    assert len(tiles) == 144 and sorted(set(tiles) - set(range(34))) == list(range(34, 42))
    assert Guobiao.multiple_winners is False and Guobiao.rob_kong is True
    assert Guobiao.hand_rules.forms == guobiao.RULES.forms
    assert RULES.dealer_stays(None) is False  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["guobiao", "GUOBIAO", "mcr", "guobiao-v1"])
def test_registry(name: str) -> None:
    assert find_variant(name) is Guobiao


def test_fan_table() -> None:
    names = [f.zh for f in FANS]
    assert len(names) == 82 and len(set(names)) == 82  # the 81 and the reference's 明暗杠
    assert [f.value for f in FANS] == sorted((f.value for f in FANS), reverse=True)
    values = Counter(f.value for f in FANS if f.zh != "明暗杠")
    assert values == Counter({88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9, 6: 7, 4: 4, 2: 10, 1: 13})
    for f in FANS:
        assert f.en and f.why
        assert all(x in names for x in f.excludes)


def test_options() -> None:
    assert RULES.options == GuobiaoOptions()
    with pytest.raises(MahjongError, match="unknown option"):
        Guobiao(nonsense=1)
    with pytest.raises(MahjongError, match="mixed_kongs"):
        Guobiao(mixed_kongs="sometimes")
    with pytest.raises(MahjongError, match="unknown extras"):
        Guobiao(extras={"八仙过海"})
    with pytest.raises(MahjongError, match="min_fan"):
        Guobiao(min_fan=-1)
    r = Guobiao(mixed_kongs="1998", knitted_wait="outside")
    assert r.options.mixed_kongs is MixedKongs.LITERAL_1998
    assert r.options.knitted_wait is KnittedWait.OUTSIDE_ONLY
    assert Guobiao.from_options_json(r.options_json()).options == r.options


# ---------------------------------------------------------------------------
# Options: the readings the rules leave open
# ---------------------------------------------------------------------------

MIXED = ("123m456p5z", ["kan 1111z", "ankan 7777z"], "5z")


def test_mixed_kongs_reference_default() -> None:
    """One exposed and one concealed kong: 明暗杠 5 (PyMahjongGB)."""
    sheet = score(MIXED[0], MIXED[1], win_tile=MIXED[2], seat_wind="S", round_wind="S")
    assert fans(sheet)["明暗杠"] == 1 and "明杠" not in fans(sheet) and "暗杠" not in fans(sheet)


def test_mixed_kongs_1998() -> None:
    rules = Guobiao(mixed_kongs=MixedKongs.LITERAL_1998)
    ref = score(MIXED[0], MIXED[1], win_tile=MIXED[2], seat_wind="S", round_wind="S")
    sheet = score(MIXED[0], MIXED[1], win_tile=MIXED[2], seat_wind="S", round_wind="S", rules=rules)
    assert fans(sheet)["明杠"] == 1 and fans(sheet)["暗杠"] == 1 and "明暗杠" not in fans(sheet)
    assert sheet.total == ref.total - 5 + 3


# (hand, melds, win): knitted straight hands whose wait fans depend on the option
KNITTED_CASES = [
    ("147m89m258p369s55z", [], "7m"),       # concealed, the winning 7m both knitted and in 789m: 边张
    ("1147m258p369s", ["chi 123p"], "1m"),  # declared set, the winning 1m already held: 单钓将
    ("147m258p369s234m5z", [], "5z"),       # winning tile outside the knitted tiles: 单钓将 either way
]


@pytest.mark.parametrize(("case", "pymahjonggb", "outside"), [
    (KNITTED_CASES[0], "边张", None),
    (KNITTED_CASES[1], "单钓将", None),
    (KNITTED_CASES[2], "单钓将", "单钓将"),
])
def test_knitted_wait_option(case: tuple[str, list[str], str], pymahjonggb: str, outside: str | None) -> None:
    hand, melds, win = case
    waits = {"边张", "坎张", "单钓将"}
    default = fans(score(hand, melds, win_tile=win))
    strict = fans(score(hand, melds, win_tile=win, rules=Guobiao(knitted_wait=KnittedWait.OUTSIDE_ONLY)))
    assert "组合龙" in default
    assert set(default) & waits == {pymahjonggb}
    assert set(strict) & waits == ({outside} if outside else set())


def test_extra_four_winds_and_green_pair() -> None:
    """四方大发 168 replaces 大四喜 (and what 大四喜 excludes)."""
    plain = score("111z222z333z444z6z", win_tile="6z")
    assert fans(plain) == Counter({"大四喜": 1, "字一色": 1, "四暗刻": 1, "单钓将": 1})
    sheet = score("111z222z333z444z6z", win_tile="6z", rules=Guobiao(extras={"四方大发"}))
    assert fans(sheet) == Counter({"四方大发": 1, "字一色": 1, "四暗刻": 1, "单钓将": 1})
    assert (plain.total, sheet.total) == (88 + 64 + 64 + 1, 168 + 64 + 64 + 1)


@pytest.mark.parametrize(("kw", "name"), [
    ({"self_drawn": True, "first_turn": True, "seat_wind": "E"}, "天和"),
    ({"self_drawn": True, "first_turn": True, "seat_wind": "S"}, "地和"),
    ({"first_go_around": True, "seat_wind": "W"}, "人和"),
    ({"ready_on_deal": True}, "天听"),
])
def test_extra_first_turn_hands(kw: dict[str, Any], name: str) -> None:
    hand, win = "123456789m234p5s", "5s"
    plain = score(hand, win_tile=win, **kw)
    sheet = score(hand, win_tile=win, rules=Guobiao(extras=guobiao.EXTRAS), **kw)
    assert name not in fans(plain) and fans(sheet)[name] == 1
    assert sheet.total > plain.total


def test_heavenly_hand_excludes_waits_and_self_draw() -> None:
    sheet = score("123456789m234p5s", win_tile="5s", self_drawn=True, first_turn=True,
                  rules=Guobiao(extras={"天和"}))
    assert set(fans(sheet)) == {"天和", "清龙", "平和"}


# ---------------------------------------------------------------------------
# Counting principles and the reference's conventions
# ---------------------------------------------------------------------------


def test_no_splitting_four_shifted_pungs() -> None:
    """不拆移: 111222333444 is not also 123 123 123 (example 25 has no 一色三同顺)."""
    got = fans(score("1112223334445m", win_tile="5m", self_drawn=True))
    assert "一色三同顺" not in got and "一色三节高" not in got


def test_no_identical_reuse() -> None:
    """不得相同: 三色三同顺 counts, not 喜相逢 twice on top."""
    got = fans(score("123m123p123s789m5p", win_tile="5p"))
    assert got["三色三同顺"] == 1 and "喜相逢" not in got


def test_combine_once_limits() -> None:
    # 234567s 234567p: 喜相逢 ×2 and 连六 ×1 (not 2 + 2)
    assert chow_combinations([19, 22, 10, 13]) == {"喜相逢": 2, "连六": 1}
    # 234s 223344p 567p: 一般高, 喜相逢, 连六 (the reference's reading)
    assert chow_combinations([19, 10, 10, 13]) == {"一般高": 1, "喜相逢": 1, "连六": 1}
    assert chow_combinations([0, 0, 0, 0]) == {"一色四同顺": 1}
    assert chow_combinations([0, 1, 2]) == {"一色三步高": 1}
    assert pung_combinations([27, 28, 29]) == {"三风刻": 1}
    assert pung_combinations([31, 32, 0, 9]) == {"双箭刻": 1, "双同刻": 1}


def test_equal_readings_prefer_pure_triple_chow() -> None:
    """111 23 555 666 777 s: 一色三同顺 (567 ×3) and 一色三节高 (555 666 777)
    give the same total; like the reference, 一色三同顺 is named."""
    sheet = score("1112355566677s", win_tile="7s", flowers=2)
    got = fans(sheet)
    assert sheet.total == 54 and got["一色三同顺"] == 1 and "一色三节高" not in got


@pytest.mark.parametrize(("pung", "seat", "expected"), [
    ("pon 222z", "S", {"门风刻": 1}),
    ("pon 111z", "E", {"圈风刻": 1, "门风刻": 1}),
    ("pon 444z", "E", {"幺九刻": 1}),
])
def test_wind_pung_is_not_also_terminal_pung(pung: str, seat: str, expected: dict[str, int]) -> None:
    got = fans(score("123m456p789s5z", [pung], win_tile="5z", seat_wind=seat, round_wind="E"))
    assert {k: v for k, v in got.items() if k in ("圈风刻", "门风刻", "幺九刻")} == expected


def test_concealed_pung_completed_by_discard() -> None:
    on_discard = fans(score("111m333p555s77z99p", win_tile="9p"))
    assert on_discard["三暗刻"] == 1
    assert fans(score("111m333p555s77z99p", win_tile="9p", self_drawn=True))["四暗刻"] == 1


def test_fourth_tile_forced_by_own_melds() -> None:
    """Three copies in one's own melds: the winning tile is the fourth (和绝张)."""
    got = fans(score("34m55z", ["pon 222m", "chi 123p", "pon 999s"], win_tile="2m"))
    assert got["和绝张"] == 1


# ---------------------------------------------------------------------------
# API and errors
# ---------------------------------------------------------------------------


def test_score_items_carry_names_values_counts() -> None:
    sheet = score("234m55678p11s", ["pon 111m"], win_tile="1s", flowers=2)
    items = {it.zh: it for it in sheet.items}
    assert items["幺九刻"].count == 2 and items["幺九刻"].value == 1 and items["幺九刻"].en
    assert items["花牌"].count == 2
    assert sheet.total == 5 + 2 and sheet.points == 8 + 7
    assert sheet.unit == "fan"


def test_meld_objects_and_strings_agree() -> None:
    a = score("2223344m", ["pon 111z", "[碰 333z]"], win_tile="4m", seat_wind="W")
    b = score("2223344m", [Meld.parse("pon 111z"), Meld.parse("pon 333z")], win_tile="4m", seat_wind=2)
    assert a == b


@pytest.mark.parametrize(("kw", "error", "match"), [
    ({"hand": "123m456p789s12x", "win_tile": "5s"}, InvalidNotationError, "x"),
    ({"hand": "123m456p789s1s", "win_tile": "5s"}, InvalidHandError, "14 tiles"),
    ({"hand": "1111m456p789s5s", "win_tile": "1m"}, InvalidHandError, "five copies"),
    ({"hand": "123m456p789s2588s", "win_tile": "9s"}, InvalidHandError, "not a winning hand"),
    ({"hand": "123m456p789s1155p", "win_tile": "5p", "fourth_tile": True}, InvalidHandError, "fourth_tile"),
    ({"hand": "123456789m234p5s", "win_tile": "5s", "kong": True, "self_drawn": True}, InvalidHandError, "杠上开花"),
    ({"hand": "123456789m234p5s", "win_tile": "5s", "kong": True}, InvalidHandError, "抢杠和"),
    ({"hand": "123456789m234p5s", "win_tile": "5s", "seat_wind": "X"}, MahjongError, "X"),
    ({"hand": "123456789m234p5s", "win_tile": "5s", "seat_wind": 4}, InvalidHandError, "0..3"),
    ({"hand": "123456789m234p5s", "win_tile": "5s", "flowers": 9}, InvalidHandError, "flowers"),
    ({"hand": "123456789m234p5s", "win_tile": "1f"}, InvalidHandError, "flower"),
])
def test_bad_input(kw: dict[str, Any], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        score(**kw)


def test_bad_meld() -> None:
    with pytest.raises(InvalidHandError):
        score("78s22z", ["chi 235m", "chi 567p", "chi 345s"], win_tile="9s")
    with pytest.raises(InvalidNotationError):
        score("78s22z", ["peng 234m", "chi 567p", "chi 345s"], win_tile="9s")


def test_same_situation_same_sheet() -> None:
    """Nothing is cached per situation: every call computes, equal sheets."""
    rules = Guobiao()
    a = score("123456789m234p5s", win_tile="5s", rules=rules)
    b = score("123456789m234p5s", win_tile="5s", rules=rules)
    assert a == b and a is not b and hash(a) == hash(b)
    assert score("123456789m234p5s", win_tile="5s", rules=rules, self_drawn=True) != a
    assert not hasattr(rules, "_cache")


def test_doctests() -> None:
    result = doctest.testmod(guobiao)
    assert result.attempted >= 8 and result.failed == 0


# ---------------------------------------------------------------------------
# Through the engine
# ---------------------------------------------------------------------------


def test_engine_hands_and_match() -> None:
    """Greedy bots play MCR hands: every win has 8 fans without flowers,
    payments sum to zero, and a match is four rounds of winds, 16 hands,
    the deal passing every hand."""
    from mahjong_core.bots import GreedyBot, play_hand
    from mahjong_core.match import Match

    wins = 0
    for seed in range(40):
        table = play_hand(RULES, [GreedyBot() for _ in range(4)], seed=seed)
        assert sum(table.deltas()) == 0
        for seat in table.winners:
            assert RULES.fans_without_flowers(table.scores[seat]) >= 8
            wins += 1
    assert wins > 0
    match = Match(Guobiao(), [GreedyBot() for _ in range(4)], seed=3, rounds=4)
    results = match.play()
    assert [(h.dealer, h.round_wind) for h in results] == [(d, r) for r in range(4) for d in range(4)]
    assert sum(match.totals) == 0
