"""福州麻将 on paper (score_hand): the worked examples of spec §1.12 in both
payment formulas, every scoring rule of the seed (花, 金, 连庄, the
specials and their combination), the win conditions (five sets and a pair,
闲金, discarded 金, the event wins) and typed errors for bad input.  罗源's
own tile sets are checked here too."""

from __future__ import annotations

from typing import Any

import pytest
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.variants.fuzhou import Fuzhou, GoldDiscard, Scoring, escape_penalty, flower_points
from mahjong_core.variants.luoyuan import FlowerSet, Luoyuan
from mahjong_core.tiles import parse_tiles

FZ = Fuzhou()
FZA = Fuzhou(scoring="A")
GOLD = {"gold": "9p"}


def score(rs: Fuzhou = FZ, *, hand: str, win: str, melds: tuple[str, ...] = (), winner: int = 1,
          dealer: int = 0, discarder: int | None = None, flowers: str = "", **context: Any) -> Any:
    return rs.score_hand(hand, win_tile=win, melds=list(melds), winner=winner, dealer=dealer,
                         discarder=discarder, flowers=flowers, context={**GOLD, **context})


# ---------------------------------------------------------------- §1.12 worked examples


def test_example_1_ordinary_discard_win() -> None:
    # South wins on West's discard: 3 flowers + one 明杠 (花 4), one 金, L 0: B = 10
    kw: dict[str, Any] = dict(hand="123m456m789m23p9p6s", win="6s", melds=("kan 7777s",), discarder=2,
                              flowers="1z2z3z")
    r = score(**kw)
    assert r.sheet.total == 10 and r.sheet.names().count("花") == 4 and r.sheet.names().count("金") == 1
    assert r.settlement.deltas(4) == [0, 20, -20, 0]  # FZ-B: 2*10
    assert score(FZA, **kw).settlement.deltas(4) == [0, 10, -10, 0]  # FZ-A: 10


def test_example_2_dealer_self_draw_on_a_streak() -> None:
    # the dealer's third hand in a row (L 2), self-drawn, 2 flowers: B = 9, 18 from each
    for rs in (FZ, FZA):
        r = score(rs, hand="123m456m789m234p567p6s", win="6s", winner=0, flowers="1f5f", streak=2)
        assert r.sheet.total == 9 and r.settlement.deltas(4) == [54, -18, -18, -18]


def test_example_3_no_flower_no_kong_self_drawn_by_a_non_dealer() -> None:
    kw: dict[str, Any] = dict(hand="123m456m789m234p567p9p", win="6s", streak=1)
    r = score(**kw)
    assert r.sheet.names()[-1] == "平胡"
    # the dealer pays 2*(0+1+1+5)+30 = 44, the others 2*(0+1+0+5)+30 = 42
    assert r.settlement.deltas(4) == [-44, 128, -42, -42]
    assert score(Fuzhou(streak_all_payers=True), **kw).settlement.deltas(4) == [-44, 132, -44, -44]


def test_example_4_robbing_the_gold() -> None:
    # 春夏秋冬 (6), after taking the displayed 金 two 金: B = 13; 2*13+30 = 56 from each
    r = score(hand="123m456m789m234p5p9p11s", win="9p", flowers="1f2f3f4f", instant="抢金")
    assert r.sheet.names()[-1] == "抢金" and r.sheet.total == 13
    assert r.settlement.deltas(4) == [-56, 168, -56, -56]


def test_example_5_three_golds_down() -> None:
    # 2 flowers + one 暗杠 (花 4), G 3: B = 12; 2*12+40 = 64 each; the shape is irrelevant
    r = score(hand="1457m258p369s19p9p", win="9p", melds=("ankan 1111s",), flowers="1z5f", instant="三金倒")
    assert r.sheet.names()[-1] == "三金倒" and r.sheet.total == 12
    assert r.settlement.deltas(4) == [-64, 192, -64, -64]


def test_example_6_golden_sparrow_on_a_discard() -> None:
    # one flower (平胡 一张花 15 also applies), pair of two 金: S = max(60, 15) = 60
    kw: dict[str, Any] = dict(hand="123m456m789m234p56p9p9p", win="7p", discarder=3, flowers="1z")
    r = score(**kw)
    assert r.sheet.names()[-1] == "金雀" and any("平胡(一张花)" in n for n in r.sheet.notes)
    assert r.settlement.deltas(4) == [0, 76, 0, -76]  # 2*(1+2+0+5) + 60
    assert score(FZA, **kw).settlement.deltas(4) == [0, 68, 0, -68]  # 8 + 60


def test_example_7_pure_one_suit() -> None:
    r = score(hand="123m123m456m789m999m5m", win="5m", flowers="1z2z")
    assert r.sheet.names()[-1] == "清一色"
    assert r.settlement.deltas(4) == [-254, 762, -254, -254]  # 2*(2+0+0+5) + 240 each


# ---------------------------------------------------------------- 花, 金, 连庄


@pytest.mark.parametrize("flowers,points", [
    ("", 0), ("1z", 1), ("1z2z", 2), ("1z1z1z", 3), ("1z1z1z1z", 6), ("1f2f3f4f", 6), ("5f6f7f8f", 6),
    ("1f2f3f5f", 4), ("1z1z1z1z1f2f3f4f", 12), ("1z2z3z4z", 4), ("5z5z5z5z5f6f7f8f", 12),
])
def test_flower_points(flowers: str, points: int) -> None:
    # "每抓一朵花就计1个花番；抓齐４个一样的花（如４个“东”或者“春夏秋冬”一套），按６朵花计"
    assert flower_points(parse_tiles(flowers)) == points


@pytest.mark.parametrize("meld,hua", [("kan 7777s", 1), ("kakan 7777s", 1), ("ankan 7777s", 2), ("pon 777s", 0)])
def test_kongs_of_the_winner_count_as_flowers(meld: str, hua: int) -> None:
    # "一个明杠算一朵花，一个暗杠算两朵花"
    r = score(hand="123m456m789m234p6s", win="6s", melds=(meld,), discarder=2, flowers="1z")
    assert r.sheet.total == 1 + hua + 5


def test_each_gold_counts_like_a_flower_dead_gold_too() -> None:
    # "有几个金和牌时便多算几张花的番数": two 金, one of them used as itself (9p)
    r = score(hand="123m456m789m234p78p9p1s", win="9p", flowers="1z")  # self-drawn 9p: 789p and 1s+金
    assert r.sheet.names().count("金") == 2 and r.sheet.total == 1 + 2 + 5


def test_streak_is_paid_by_the_dealer_when_a_non_dealer_wins() -> None:
    # "庄家连续坐庄而被闲家顶下，庄家应多付赢牌的闲家连庄的底番"
    r = score(hand="123m456m789m234p567p6s", win="6s", winner=2, dealer=0, discarder=1, flowers="1z2z", streak=3)
    assert r.settlement.deltas(4) == [0, -14, 14, 0]  # the discarder is no dealer: no L
    r = score(hand="123m456m789m234p567p6s", win="6s", winner=2, dealer=0, discarder=0, flowers="1z2z", streak=3)
    assert r.settlement.deltas(4) == [-20, 0, 20, 0]  # 2*(2+0+3+5)


def test_base_multiplies_everything() -> None:
    r = score(Fuzhou(base=5), hand="123m456m789m23p9p6s", win="6s", melds=("kan 7777s",), discarder=2,
              flowers="1z2z3z")
    assert r.settlement.deltas(4) == [0, 100, -100, 0]


# ---------------------------------------------------------------- specials


def test_golden_dragon() -> None:
    # three 金 as a pung of their own kind: 120
    r = score(hand="123m456m789m234p9p9p9p5s", win="5s", flowers="1z2z")
    assert r.sheet.names()[-1] == "金龙" and r.sheet.points == 2 * (2 + 3 + 5) + 120


def test_three_golds_as_a_chow_part_is_no_dragon() -> None:
    # 金 standing for other tiles: the best reading decides (就高不就低); here
    # the three 金 can only fill 7m8m / 45p / the pair: no 金龙, no 金雀
    r = score(hand="123m456m9m234p4p5p9p9p11s", win="9p", flowers="1z2z")
    assert not {"金龙", "金雀"} & set(r.sheet.names())


def test_mixed_and_pure_one_suit() -> None:
    # 混一色: one suit with a 金 standing for another tile; 清一色: no 金, or only 死金
    mixed = score(hand="123m456m789m123m456m9p", win="5m", flowers="1z")  # 9p stands for a 5m
    assert mixed.sheet.names()[-1] == "混一色"
    dead = score(hand="123m456m789m123m456m5m", win="5m", flowers="1z", gold="9m")  # the 9m 金 as itself
    assert dead.sheet.names()[-1] == "清一色" and dead.sheet.names().count("金") == 1
    assert score(Fuzhou(flushes=False), hand="123m456m789m123m456m5m", win="5m", flowers="1z",
                 gold="9m").sheet.names()[-1] == "平胡(一张花)"


@pytest.mark.parametrize("flowers,melds,name", [
    ("", (), "平胡"), ("1z", (), "平胡(一张花)"), ("1z2z", (), None),
    ("", ("kan 7777s",), None), ("1z", ("ankan 7777s",), None),  # PROPOSAL: no kong for 一张花
])
def test_plain_hands(flowers: str, melds: tuple[str, ...], name: str | None) -> None:
    hand = "123m456m789m234p6s" if melds else "123m456m789m234p567p6s"
    r = score(hand=hand, win="6s", melds=melds, flowers=flowers)
    specials = [n for n in r.sheet.names() if n not in ("花", "金", "连庄", "底")]
    assert specials == ([name] if name else [])


def test_only_the_highest_special_counts() -> None:
    # "只计番数最高的特殊和法": 金雀 (60) and 平胡 (30) → 60
    r = score(hand="123m456m789m234p56p9p9p", win="7p")
    assert r.sheet.names()[-1] == "金雀" and r.sheet.points == 2 * (0 + 2 + 5) + 60


def test_event_specials_add_in_fz_a() -> None:
    # FZ-A: in 天胡 / 抢金 / 三金倒 wins the specials add up ("番数将累加")
    kw: dict[str, Any] = dict(hand="123m456m789m234p5p9p11s", win="9p", instant="抢金")
    assert score(**kw).sheet.points == 2 * (0 + 2 + 5) + 30
    heaven = dict(hand="123m456m789m234p56p9p9p", win="7p", winner=0, instant="天胡")
    assert score(**heaven).sheet.points == 2 * 7 + 60  # the highest: 金雀
    assert score(Fuzhou(event_specials_add=True), **heaven).sheet.points == 2 * 7 + 60 + 30 + 30  # + 天胡 + 平胡
    # 三金倒 never with 抢金 / 金雀 / 金龙: the larger side counts
    three = dict(hand="123m456m789m234p9p9p5s5s", win="9p", instant="三金倒")
    r = score(Fuzhou(event_specials_add=True), **three)
    assert "三金倒" not in r.sheet.names() and "金龙" in r.sheet.names()


def test_gold_kan_is_declared_and_self_drawn() -> None:
    kw: dict[str, Any] = dict(hand="123m456m789m345p1p3p66s", win="2p", gold="2p", gold_kan=True)
    assert score(**kw).sheet.names()[-1] == "金坎"
    assert score(Fuzhou(gold_kan=120), **kw).sheet.points == 2 * (0 + 1 + 5) + 120
    with pytest.raises(IllegalWinError, match="金坎只能自摸"):
        score(**{**kw, "discarder": 3})


# ---------------------------------------------------------------- win conditions


def test_only_five_sets_and_a_pair() -> None:
    # "其他特殊组合均不考虑": sets and a pair or nothing (eight pairs and a tile do not win)
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        score(hand="11m55m99m22p66p33s77s88s", win="4p", gold="9s")


def test_a_discarded_gold_is_never_won_on() -> None:
    with pytest.raises(IllegalWinError, match="不能和该金牌"):
        score(hand="123m456m789m234p567p6s", win="6s", gold="6s", discarder=2)


@pytest.mark.parametrize("rule", [GoldDiscard.HAND, GoldDiscard.ROUND])
def test_the_gold_discarder_may_only_self_draw(rule: GoldDiscard) -> None:
    kw: dict[str, Any] = dict(hand="123m456m789m234p567p6s", win="6s", gold_discarded=True)
    with pytest.raises(IllegalWinError, match="打金牌的人只能自摸"):
        score(Fuzhou(gold_discard=rule), **kw, discarder=2)
    assert score(Fuzhou(gold_discard=rule), **kw).settlement.deltas(4)[1] > 0


def test_any_tile_hand_may_not_win_on_a_discard_unless_sparrow_or_dragon() -> None:
    # 闲金: five sets and a lone 金 win on any tile
    with pytest.raises(IllegalWinError, match="闲金"):
        score(hand="123m456m789m234p567p9p", win="6s", discarder=3)
    assert score(hand="123m456m789m234p567p9p", win="6s").sheet.total == 6  # self-drawn
    # waiting for 金雀 (two 金 + 56p: any tile wins, 4p/7p make the 金 pair) or 金龙
    assert score(hand="123m456m789m234p56p9p9p", win="4p", discarder=3).sheet.names()[-1] == "金雀"
    assert score(hand="123m456m789m234p9p9p9p5s", win="5s", discarder=3).sheet.names()[-1] == "金龙"
    with pytest.raises(IllegalWinError, match="闲金"):
        score(hand="123m456m789m234p56p9p9p", win="1s", discarder=3)  # 1s: no 金 pair then


def test_event_wins_are_self_drawn() -> None:
    for name in ("抢金", "三金倒", "天胡"):
        with pytest.raises(IllegalWinError, match="self-drawn"):
            score(hand="123m456m789m234p5p9p9p1s", win="9p", winner=0 if name == "天胡" else 1,
                  discarder=2, instant=name)
    with pytest.raises(IllegalWinError, match="三金倒 needs three 金"):
        score(hand="1457m258p369s19p9p", win="4s", melds=("ankan 1111s",), instant="三金倒")
    with pytest.raises(IllegalWinError, match="抢金 needs a winning hand"):
        score(hand="1457m258p369s147p25s9p", win="9p", instant="抢金")
    with pytest.raises(IllegalWinError, match="unknown instant"):
        score(hand="123m456m789m234p567p6s", win="6s", instant="八花")


# ---------------------------------------------------------------- errors and options


def test_bad_input_is_a_typed_error() -> None:
    with pytest.raises(InvalidHandError, match="flower"):
        FZ.score_hand("123m456m789m234p567p1z", win_tile="6s", context=GOLD)  # 东 is a flower here
    with pytest.raises(InvalidHandError, match="17 tiles"):
        FZ.score_hand("123m456m789m234p6s", win_tile="6s", context=GOLD)
    with pytest.raises(MahjongError, match="unknown context key"):
        FZ.score_hand("123m456m789m234p567p6s", win_tile="6s", context={"bird": 1})
    with pytest.raises(MahjongError, match="the 金 is a suit tile"):
        FZ.score_hand("123m456m789m234p567p6s", win_tile="6s", context={"gold": "1z"})
    with pytest.raises(MahjongError, match="is not a tile"):
        FZ.score_hand("123m456m789m234p567p6s", win_tile="6s", context={"gold": "xx"})
    with pytest.raises(MahjongError, match="streak"):
        score(hand="123m456m789m234p567p6s", win="6s", streak=-1)
    with pytest.raises(MahjongError, match="yes/no"):
        score(hand="123m456m789m234p567p6s", win="6s", gold_discarded="maybe")
    with pytest.raises(MahjongError, match="unknown option"):
        Fuzhou(colour="red")
    with pytest.raises(MahjongError, match="scoring must be one of"):
        Fuzhou(scoring="C")
    with pytest.raises(MahjongError, match="base"):
        Fuzhou(base=0)
    with pytest.raises(MahjongError, match="flower_set"):
        Luoyuan(flower_set="24")


def test_options_round_trip_and_defaults() -> None:
    rs = Fuzhou(scoring="A", gold_discard="round")
    assert rs.options.scoring is Scoring.A and rs.options.gold_discard is GoldDiscard.ROUND
    assert type(rs).from_options_json(rs.options_json()).options == rs.options
    assert FZ.options.scoring is Scoring.B and FZ.options.gold_discard is GoldDiscard.HAND
    assert FZ.wild_discard and not Fuzhou(gold_discard="forbidden").wild_discard
    assert not Fuzhou(rob_kong=False).rob_kong and not Fuzhou(missed_win_ban=False).missed_win_ban
    ly = Luoyuan(flower_set="36", scoring="A")
    assert ly.options.flower_set is FlowerSet.THIRTY_SIX and Luoyuan.from_options_json(ly.options_json()).options == ly.options


def test_names() -> None:
    for name in ("fuzhou", "福州", "福州麻将", "福建麻将", "fuzhou-v1"):
        assert find_variant(name) is Fuzhou
    for name in ("luoyuan", "罗源", "罗源麻将"):
        assert find_variant(name) is Luoyuan


def test_escape_penalty() -> None:
    # "扣分=4×[剩下三个玩家的(花番+金+5)总和+庄家连庄数]"
    assert escape_penalty({1: 2, 2: 0, 3: 1}, {1: 1, 2: 0, 3: 0}, 2) == 4 * ((2 + 1 + 5) + (0 + 0 + 5) + (1 + 0 + 5) + 2)
    with pytest.raises(MahjongError):
        escape_penalty({1: 0}, {1: 0}, 0)


# ---------------------------------------------------------------- 罗源


def test_luoyuan_twenty_flowers() -> None:
    ly = Luoyuan()
    # 东南西北中 only: 白 and 发 are not in the 128-tile set
    with pytest.raises(InvalidHandError):
        ly.score_hand("123m456m789m234p567p6s", win_tile="6s", flowers="5z", context=GOLD)
    r = ly.score_hand("123m456m789m234p567p6s", win_tile="6s", flowers="7z7z7z7z", context=GOLD)
    assert r.sheet.total == 6 + 5  # four 中: a set of four, 6
    assert Luoyuan(flower_set="36").score_hand("123m456m789m234p567p6s", win_tile="6s", flowers="1f2f3f4f",
                                                 context=GOLD).sheet.total == 11


def test_docs_and_docstring_examples_run() -> None:
    import doctest
    from pathlib import Path

    from mahjong_core.variants import fuzhou, luoyuan

    root = Path(__file__).resolve().parents[2]
    for page in ("fuzhou.md", "luoyuan.md"):
        result = doctest.testfile(str(root / "docs" / "variants" / page), module_relative=False)
        assert result.attempted >= 2 and result.failed == 0
    for module in (fuzhou, luoyuan):
        result = doctest.testmod(module)
        assert result.attempted >= 2 and result.failed == 0


def test_listing() -> None:
    d = Fuzhou.describe()
    assert (d["wall_tiles"], d["flowers"], d["hand_size"], d["players"]) == (144, 36, 16, 4)
    d = Luoyuan.describe()
    assert (d["wall_tiles"], d["flowers"], d["defaults"]["flower_set"]) == (128, 20, "20")


def test_gold_kan_needs_the_seed_shape() -> None:
    """"只能用1、3万开听 … 暗牌里不能有金": a declared 金坎 is the two tiles
    around the 金 and the rest in sets and a pair, won on the 金 alone."""
    ok: dict[str, Any] = dict(hand="123m456m789m345p1p3p66s", win="2p", gold="2p", gold_kan=True)
    assert score(**ok).sheet.names()[-1] == "金坎"
    # the 金 pairs with a 6s: a win, but no 金坎
    with pytest.raises(IllegalWinError, match="金坎: the hand must hold the two tiles around the 金"):
        score(hand="123m456m789m345p456p6s", win="2p", gold="2p", gold_kan=True)
    # a second 金 held among the concealed tiles
    with pytest.raises(IllegalWinError, match="暗牌里不能有金"):
        score(hand="123m456m789m345p1p3p6s2p", win="2p", gold="2p", gold_kan=True)
    # won on a natural tile that completes the shape, not on the 金
    with pytest.raises(IllegalWinError, match="金坎只能自摸"):
        score(hand="123m456m789m456p33p1p3p", win="1p", gold="2p", gold_kan=True)


@pytest.mark.parametrize(("gold", "tiles"), [("2m", "1m3m"), ("1m", "9m2m"), ("9s", "8s1s"), ("5p", "4p6p")])
def test_gold_kan_tiles_wrap_in_the_suit(gold: str, tiles: str) -> None:
    from mahjong_core.variants.fuzhou import kan_tiles

    assert list(kan_tiles(parse_tiles(gold)[0])) == parse_tiles(tiles)


def test_gold_kan_declare_option_is_checked() -> None:
    with pytest.raises(MahjongError, match="gold_kan_declare must be True or False"):
        Fuzhou(gold_kan_declare="yes")


@pytest.mark.parametrize("bad", [4, -2, True])
def test_first_dealer_option_is_checked(bad: Any) -> None:
    with pytest.raises(MahjongError, match="first_dealer must be -1 \\(random\\) or a seat 0..3"):
        Fuzhou(first_dealer=bad)
