"""贵州捉鸡: hands through ``score_hand`` (sheet and payments, 鸡 included),
illegal wins, options, and scenarios on a stacked wall (翻鸡, 明鸡, 英雄鸡,
kong payments).  Expected amounts are worked by hand from the module doc."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.scenario import Scenario
from mahjong_core.tiles import parse_tile
from mahjong_core.variants import guizhou as mod
from mahjong_core.variants.guizhou import ChickenCount, FlipAfter, Guizhou, chicken_of

RULES = Guizhou()


def test_names_tiles_and_the_chicken_of_a_flipped_tile() -> None:
    for name in ("guizhou", "贵州", "捉鸡", "贵州捉鸡麻将", "guizhou-v1"):
        assert find_variant(name) is Guizhou
    assert len(RULES.wall_tiles()) == 108 and not Guizhou.allow_chow
    assert chicken_of(parse_tile("2m")) == parse_tile("3m")  # seed: "翻开的是 2 万，即 3 万是鸡牌"
    assert chicken_of(parse_tile("2s")) == parse_tile("3s")  # seed: "如翻 2 条，3 条就是鸡"
    assert chicken_of(parse_tile("9p")) == parse_tile("1p")
    with pytest.raises(MahjongError, match="not a suit tile"):
        chicken_of(27)


def test_a_pung_of_the_flipped_chicken_is_paid_by_every_other_seat() -> None:
    # 456m 789m 234p 55p + pon 333m; 翻 2m: 3m is 鸡, the pung holds three
    r = RULES.score_hand("456m789m234p5p", win_tile="5p", melds=["pon 333m"], winner=1, discarder=2,
                         context={"fan_ji": "2m"})
    assert r.sheet.names() == ["平胡"] and r.sheet.total == 1
    # 平胡 1 from the discarder; 鸡 3 tiles × 1 from each of the three others
    assert r.settlement.deltas(4) == [-3, 10, -4, -3]


def test_without_the_flip_no_chicken_and_hero_chicken_1s() -> None:
    r = RULES.score_hand("456m789m234p5p", win_tile="5p", melds=["pon 333m"], winner=1, discarder=2)
    assert r.settlement.deltas(4) == [0, 1, -1, 0]
    # 英雄鸡: a pung of 1s is always paid
    r = RULES.score_hand("456m789m234s5s", win_tile="5s", melds=["pon 111s"], winner=1, discarder=2)
    assert r.settlement.deltas(4) == [-3, 10, -4, -3]
    r = Guizhou(hero_chicken=False).score_hand("456m789m234s5s", win_tile="5s", melds=["pon 111s"], winner=1,
                                               discarder=2)
    assert r.settlement.deltas(4) == [0, 1, -1, 0]


def test_a_chicken_in_hand_counts_only_with_chicken_count_held() -> None:
    hand = "123s456s789s2p"
    r = RULES.score_hand(hand, win_tile="2p", melds=["pon 777p"], winner=0, discarder=3)
    assert r.settlement.deltas(4) == [1, 0, 0, -1]  # the 1s in 123s is no pung
    held = Guizhou(chicken_count=ChickenCount.HELD)
    r = held.score_hand(hand, win_tile="2p", melds=["pon 777p"], winner=0, discarder=3)
    assert r.settlement.deltas(4) == [4, -1, -1, -2]


def test_self_drawn_full_flush_all_pungs() -> None:
    # 111 222 333p 44p + pon 999p: 清大对 15 (better than 清一色 10 as 123×3); 自摸 +1 each
    r = RULES.score_hand("111222333p4p", win_tile="4p", melds=["pon 999p"], winner=1)
    assert r.sheet.names() == ["清大对"] and r.sheet.total == 15
    assert r.settlement.deltas(4) == [-16, 48, -16, -16]


def test_self_draw_flip_only_with_zikou_zimo() -> None:
    zikou = Guizhou(flip_after=FlipAfter.SELF_DRAW)
    r = zikou.score_hand("456m789m234p5p", win_tile="5p", melds=["pon 333m"], winner=1, discarder=2,
                         context={"fan_ji": "2m"})
    assert r.settlement.deltas(4) == [0, 1, -1, 0]  # no flip after a discard win
    r = zikou.score_hand("456m789m234p5p", win_tile="5p", melds=["pon 333m"], winner=1,
                         context={"fan_ji": "2m"})
    assert r.settlement.deltas(4) == [-5, 15, -5, -5]  # 1 + 1 自摸, and 3 鸡 from each


def test_seven_pairs_and_doublers() -> None:
    r = RULES.score_hand("1122m3344p5566p7p", win_tile="7p", winner=2, discarder=0, context={"kong_discard": True})
    assert r.sheet.names() == ["七对", "杠上炮"] and r.sheet.total == 20
    r = RULES.score_hand("1111m3344p5566p7p", win_tile="7p", winner=2, discarder=0)
    assert r.sheet.names() == ["龙七对"] and r.sheet.total == 20
    r = RULES.score_hand("1111p3344p5566p7p", win_tile="7p", winner=2, discarder=0)
    assert r.sheet.names() == ["清龙七对"] and r.sheet.total == 30


def test_illegal_wins_raise_with_the_rule() -> None:
    with pytest.raises(IllegalWinError, match="缺门"):
        RULES.score_hand("123m456p789s1122s", win_tile="2s", winner=1, discarder=0)
    with pytest.raises(IllegalWinError, match="guizhou.*not a winning hand"):
        RULES.score_hand("123m456m789m1357p", win_tile="9p", winner=1, discarder=0)
    with pytest.raises(InvalidHandError, match="not in this rule set"):
        RULES.score_hand("123m456m789m11z", win_tile="1z", winner=1, discarder=0)
    with pytest.raises(MahjongError, match="fan_ji"):
        RULES.score_hand("456m789m234p5p", win_tile="5p", melds=["pon 333m"], winner=1, discarder=2,
                         context={"fan_ji": "xx"})


def test_options_are_validated() -> None:
    for bad in ({"flip_after": "sometimes"}, {"chicken_count": "all"}, {"ming_ji": "yes"}, {"chicken_value": -1},
                {"self_draw_bonus": 1.5}):
        with pytest.raises(MahjongError, match="guizhou: option"):
            Guizhou(**bad)
    assert Guizhou(flip_after="self-draw").options.flip_after is FlipAfter.SELF_DRAW


# --- scenarios on a stacked wall ------------------------------------------------

HANDS = [
    "31479m258369147p",  # E: lets 3m go
    "33555777999m24s",   # S: pungs 3m, then lets its declared suit go
    "345678999777s2s",   # W: waits on 2s
    "1122446688m357p",   # N
]
DECLARE = ["E missing suit s", "S missing suit p", "W missing suit m", "N missing suit s"]


def test_ming_ji_third_stack_and_the_flip_after_the_win() -> None:
    # the front of the live wall: 9s (flipped after the win: 1s), then the
    # third stack's top 2m (明鸡: 3m)
    sc = Scenario(RULES, HANDS, draws="9s8p6s4s2m")
    sc.play(*DECLARE, "E discard 3m", "S pung", "S discard 2s", "W win")
    assert sc.items("W") == ["清一色"]
    ctx = sc.table.contexts[sc.seat("W")]
    assert ctx.extra["fan_ji"] == [parse_tile("9s")] and ctx.extra["ming_ji"] == [parse_tile("2m")]
    # 清一色 10 from S; S's pung of 3m (明鸡) is paid 3 by each other seat
    assert sc.deltas() == {"E": -3, "S": -1, "W": 7, "N": -3}


def test_without_ming_ji_the_pung_is_not_paid() -> None:
    sc = Scenario(Guizhou(ming_ji=False), HANDS, draws="9s8p6s4s2m")
    sc.play(*DECLARE, "E discard 3m", "S pung", "S discard 2s", "W win")
    assert sc.deltas() == {"E": 0, "S": -10, "W": 10, "N": 0}


def test_a_kong_turns_the_next_stack_and_is_paid_at_once() -> None:
    hands = [
        "31479m258369147p",   # E
        "33355577799m24s",    # S: holds 333m, kongs E's 3m? no: E has the 4th 3m
        "345678999777s2s",    # W
        "1122446688m357p",    # N
    ]
    # wall front: S would draw 9s; the third stack's top is 2m (3m 鸡), the
    # fourth's top is 4p (5p 鸡) once a kong is made
    sc = Scenario(RULES, hands, draws="9s8p6s4s2m1s4p", tail="6s")
    sc.play(*DECLARE, "E discard 3m", "S kong")
    assert sc.payments() == [("E", "S", 2, "直杠")]  # paid at once: the feeder pays 2
    assert RULES.ming_ji_tiles(sc.table) == [parse_tile("2m"), parse_tile("4p")]
    sc.play("S discard 2s", "W win")
    # S discarded right after its kong's replacement: 杠上炮 doubles 清一色 to 20,
    # paid by S; S's kong of 3m: 4 鸡 tiles × 1 from each other seat
    assert sc.items("W") == ["清一色", "杠上炮"]
    assert sc.deltas() == {"E": -2 - 4, "S": 2 - 20 + 12, "W": 20 - 4, "N": -4}


def test_the_doc_page_and_module_examples_run() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "variants" / "guizhou.md"
    assert doctest.testfile(str(page), module_relative=False).failed == 0
    assert doctest.testmod(mod).failed == 0
