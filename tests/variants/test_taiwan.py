"""台湾麻将 (16 tiles): hands scored through ``score_hand`` (sheet and
payments), illegal wins, options, and scripted scenarios on a stacked wall
(一炮三响, 八仙过海, 连庄 in a match, 拉庄).

Expected 台 and payments are worked by hand from the table in the module
doc (payer pays 底 5 + 台; the dealer adds 庄家 1 + 连庄 per streak).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Phase, Table
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.match import Match
from mahjong_core.registry import find_variant
from mahjong_core.scenario import Scenario
from mahjong_core.variants.taiwan import StreakTai, Taiwan

RULES = Taiwan()
LATER = Taiwan(heaven=0, earth=0, human=0)


def names_totals(r: object) -> list[tuple[str, int]]:
    return [(i.zh, i.total) for i in r.sheet.items]  # type: ignore[attr-defined]


def test_names_find_the_rule_set() -> None:
    for name in ("taiwan", "台湾", "台湾麻将", "taiwan-v2", "十六张麻将"):
        assert find_variant(name) is Taiwan
    assert Taiwan.hand_size == 16 and len(RULES.wall_tiles()) == 144


def test_dealer_full_flush_self_drawn_with_a_streak() -> None:
    # 111 234 456 678 999m + 55m: 清一色 8 + 门清自摸 3 (not 门清, not 自摸);
    # the dealer wins in its second straight dealership: 庄家 1 + 连庄 1 = 13 台
    r = RULES.score_hand("1112344556678999m", win_tile="5m", winner=0, dealer=0, context={"streak": 1})
    assert names_totals(r) == [("门清自摸", 3), ("清一色", 8), ("庄家", 1), ("连庄", 1)]
    assert r.sheet.total == 13 and r.sheet.unit == "台"
    assert r.settlement.deltas(4) == [54, -18, -18, -18]  # 5 + 13 from each


def test_non_dealer_self_draw_the_dealer_pays_its_dealer_tai() -> None:
    # West (seat 2): 自摸 1, 中 pung 1, 正花 秋 and 竹 2, 46m waiting 5m only: 嵌张 1 = 5 台
    r = RULES.score_hand("46m123p789p234s99s", win_tile="5m", melds=["pon 777z"], winner=2, dealer=0,
                         flowers="3f7f")
    assert names_totals(r) == [("自摸", 1), ("三元牌", 1), ("正花", 2), ("嵌张", 1)]
    assert r.settlement.deltas(4) == [-11, -10, 31, -10]  # the dealer adds 庄家 1 台


def test_streak_counts_on_the_dealer_s_payment_as_a_loser() -> None:
    r = RULES.score_hand("46m123p789p234s99s", win_tile="5m", melds=["pon 777z"], winner=2, dealer=0,
                         flowers="3f7f", context={"streak": 3})
    assert r.settlement.deltas(4) == [-14, -10, 34, -10]  # 10 + 庄家 1 + 连庄 3
    lian_la = Taiwan(streak_tai=StreakTai.LIAN_LA)
    r = lian_la.score_hand("46m123p789p234s99s", win_tile="5m", melds=["pon 777z"], winner=2, dealer=0,
                           flowers="3f7f", context={"streak": 3})
    assert r.settlement.deltas(4) == [-17, -10, 37, -10]  # 连3拉3: 6 台


def test_pinghu_needs_no_flower_and_a_two_sided_discard_win() -> None:
    hand = "123m56m789p234s567s88s"
    r = RULES.score_hand(hand, win_tile="4m", winner=1, dealer=0, discarder=3)
    assert names_totals(r) == [("门清", 1), ("平胡", 2)]
    assert r.settlement.deltas(4) == [0, 8, 0, -8]
    # South's own flower 夏 breaks 平胡 and scores 正花 instead
    r = RULES.score_hand(hand, win_tile="4m", winner=1, dealer=0, discarder=3, flowers="2f")
    assert names_totals(r) == [("门清", 1), ("正花", 1)]
    # a flower of another seat breaks 平胡 and scores nothing
    r = RULES.score_hand(hand, win_tile="4m", winner=1, dealer=0, discarder=3, flowers="1f")
    assert names_totals(r) == [("门清", 1)]
    # self-drawn: no 平胡
    r = RULES.score_hand(hand, win_tile="4m", winner=1, dealer=0)
    assert names_totals(r) == [("门清自摸", 3)]


def test_big_three_dragons_excludes_the_dragon_pungs() -> None:
    # 555 666 777z 123m 45m + 99s: discard win on 6m: 大三元 8 + 门清 1
    r = RULES.score_hand("555666777z123m45m99s", win_tile="6m", winner=3, dealer=0, discarder=0)
    assert names_totals(r) == [("门清", 1), ("三暗刻", 2), ("大三元", 8)]
    # the dealer discarded: 5 + 11 + 庄家 1
    assert r.settlement.deltas(4) == [-17, 0, 0, 17]


def test_little_three_dragons_and_half_flush() -> None:
    # 555 666z 77z + 123m 456m 789m, pung of 1m claimed: 小三元 4, 混一色 4
    # 555 666z 77z 45m + 6m, pung of 1m and chow 789m claimed: 混一色 4 + 小三元 4 (not 三元牌)
    r = RULES.score_hand("55566677z45m", win_tile="6m", melds=["pon 111m", "chi 789m"], winner=1,
                         dealer=0, discarder=2)
    assert names_totals(r) == [("混一色", 4), ("小三元", 4)]


def test_all_claimed_single_wait_is_quanqiuren() -> None:
    r = RULES.score_hand("5p", win_tile="5p", melds=["chi 123m", "pon 999s", "chi 456p", "pon 222z", "chi 789m"],
                         winner=1, dealer=0, discarder=0)
    assert names_totals(r) == [("门风", 1), ("全求人", 2)]  # 南 pung for South; 单吊 not counted
    r = RULES.score_hand("5p", win_tile="5p", melds=["chi 123m", "pon 999s", "chi 456p", "pon 222z", "chi 789m"],
                         winner=1, dealer=0)
    assert names_totals(r) == [("门风", 1), ("半求人", 1)]  # 南 is South's wind; 自摸 not counted


def test_single_wait_counts_only_when_it_is_the_one_wait() -> None:
    # 1234m: 1m and 4m both win: no 单吊
    r = RULES.score_hand("123m456p789p123s456s4m", win_tile="4m", winner=1, dealer=0, discarder=2)
    assert names_totals(r) == [("门清", 1)]
    r = RULES.score_hand("123m456p789p123s456s7z", win_tile="7z", winner=1, dealer=0, discarder=2)
    assert names_totals(r) == [("门清", 1), ("单吊", 1)]


def test_heavenly_hand_replaces_concealed_and_self_draw() -> None:
    r = RULES.score_hand("123m456p789p123s456s7z", win_tile="7z", winner=0, dealer=0,
                         context={"first_turn": True})
    assert names_totals(r) == [("天胡", 24), ("庄家", 1)]
    assert Taiwan(heaven=0).score_hand("123m456p789p123s456s7z", win_tile="7z", winner=0, dealer=0,
                                       context={"first_turn": True}).sheet.names()[0] == "门清自摸"


def test_illegal_wins_raise_with_the_rule() -> None:
    with pytest.raises(IllegalWinError, match="taiwan.*not a winning hand"):
        RULES.score_hand("1122334455667788m", win_tile="9m", winner=1, discarder=0)  # eight pairs: no
    with pytest.raises(InvalidHandError, match="17 tiles"):
        RULES.score_hand("123m456p789p1122s", win_tile="2s", winner=1, discarder=0)  # a 13-tile hand
    with pytest.raises(MahjongError, match="unknown context key"):
        RULES.score_hand("123m456p789p123s456s7z", win_tile="7z", winner=1, context={"birds": "1m"})


def test_options_are_validated() -> None:
    for bad in ({"base": -1}, {"per_tai": "2"}, {"streak_tai": "x"}, {"la_zhuang": 1}, {"dead_wall": 100},
                {"base": 0, "per_tai": 0}):
        with pytest.raises(MahjongError, match="taiwan: option"):
            Taiwan(**bad)
    with pytest.raises(MahjongError, match="unknown option"):
        Taiwan(cap=3)
    assert Taiwan(streak_tai="lian-la").options.streak_tai is StreakTai.LIAN_LA


# --- scenarios on a stacked wall ------------------------------------------------

THREE = [
    "5z11m99p99s66z77z33z44z8m8p",   # E: 17 tiles, lets 5z go
    "123m456m789m123p456p5z",        # S: waits on 5z (单吊)
    "123s456s789s789p111z5z",        # W: waits on 5z; 东 pung = 圈风
    "234m567p234s567s222z5z",        # N: waits on 5z
]


def test_one_discard_three_winners_each_paid_by_the_discarder() -> None:
    sc = Scenario(LATER, THREE)  # (人胡 off: this is the first go-around)
    sc.play("E discard 5z")
    for seat in "SWN":
        assert "win" in sc.offers(seat)
    sc.play("S win", "W win", "N win")
    assert sorted(sc.winners) == ["N", "S", "W"]
    assert sc.items("S") == ["门清", "单吊"] and sc.items("W") == ["门清", "圈风", "单吊"]
    assert sc.items("N") == ["门清", "单吊"]
    # 5 + 台 + 庄家 1 from E to each: 8, 9, 8
    assert sc.deltas() == {"E": -25, "S": 8, "W": 9, "N": 8}
    assert all(p.reason.startswith("一炮三响") for p in sc.table.settlement.payments)


def test_all_eight_flowers_win_at_once() -> None:
    hands = ["1f2f3f4f5f6f7f8f123m456p789s", "147m258p369s1234z5z66z", "147p258s369m1234z6z55z",
             "147s258m369p1234z7z57z"]
    sc = Scenario(RULES, hands, tail="11m22m33m44m55m66m77m88m")
    assert sc.table.phase is Phase.OPENING and len(sc.table.flowers[0]) == 8
    assert sc.offers("E") == ["win", "pass"]
    sc.play("E win")
    assert sc.items("E") == ["八仙过海", "庄家"]
    assert sc.deltas() == {"E": 42, "S": -14, "W": -14, "N": -14}  # 5 + 8 + 1 each


def test_streak_is_carried_by_the_match_and_scored() -> None:
    m = Match(RULES, [GreedyBot() for _ in range(4)], seed=3, hands=40, keep_tables=True)
    results = m.play()
    assert sum(m.totals) == 0
    streaked = 0
    for res, t in zip(results, m.tables):
        assert t.streak == res.streak
        if t.dealer in t.winners:
            names = t.scores[t.dealer].names()
            assert names.count("连庄") == t.streak and "庄家" in names
            streaked += t.streak > 0
    assert streaked > 0
    for a, b in zip(results, results[1:]):
        if a.dealer in a.winners or not a.winners:
            assert b.dealer == a.dealer and b.streak == a.streak + 1
        else:
            assert b.dealer == (a.dealer + 1) % 4 and b.streak == 0


def test_la_zhuang_leaves_a_third_as_the_next_stake() -> None:
    rs = Taiwan(la_zhuang=True)
    table = SimpleNamespace(carry={})
    r = RULES.score_hand("1112344556678999m", win_tile="5m", winner=0, dealer=0, context={"streak": 1})
    paid = rs.settle(table, [(r.context, r.sheet)])  # type: ignore[arg-type]
    # 18 owed by each: 12 paid now, 6 left as the stake
    assert [(p.payer, p.amount) for p in paid.payments] == [(1, 12), (2, 12), (3, 12)]
    # next hand: the stake goes to the dealer, unless the seat that left it wins
    table = SimpleNamespace(carry={"la_zhuang": {"1": [0, 6], "2": [0, 6]}})
    r = RULES.score_hand("46m123p789p234s99s", win_tile="5m", melds=["pon 777z"], winner=2, dealer=0,
                         flowers="3f7f")
    paid = rs.settle(table, [(r.context, r.sheet)])  # type: ignore[arg-type]
    assert paid.deltas(4) == [-11 + 6, -10 - 6, 31, -10]
    assert rs.settle_draw(table).deltas(4) == [12, -6, -6, 0]  # type: ignore[arg-type]


def test_la_zhuang_in_a_match_is_zero_sum_and_carries_stakes() -> None:
    rs = Taiwan(la_zhuang=True)
    m = Match(rs, [GreedyBot() for _ in range(4)], seed=11, hands=30)
    results = m.play()
    assert sum(m.totals) == 0
    assert any(res.carry.get("la_zhuang") for res in results)


def test_dead_wall_is_kept_back() -> None:
    t = Table(RULES, seed=1)
    assert t.ruleset.dead_wall == 16
    g = GreedyBot()
    while not t.is_over:
        s = t.to_act[0]
        t.apply(g.choose(t, s, t.legal_actions(s)))
    if not t.winners:
        assert len(t.remaining_wall()) >= 16


def test_the_doc_page_and_module_examples_run() -> None:
    import doctest
    from pathlib import Path

    import mahjong_core.variants.taiwan as mod

    page = Path(__file__).resolve().parents[2] / "docs" / "variants" / "taiwan.md"
    assert doctest.testfile(str(page), module_relative=False).failed == 0
    assert doctest.testmod(mod).failed == 0


def test_a_full_flower_set_is_a_hua_gang_without_its_own_flower() -> None:
    hand = "123m56m789p234s567s88s"
    # East holds 春夏秋冬 (花杠 2; 春 inside it is not 正花 again) and 梅 (正花 1)
    r = RULES.score_hand(hand, win_tile="4m", winner=0, dealer=0, discarder=3, flowers="1f2f3f4f5f")
    assert names_totals(r) == [("门清", 1), ("正花", 1), ("花杠", 2), ("庄家", 1)]
    assert r.settlement.deltas(4) == [10, 0, 0, -10]


# --- 嚦咕嚦咕 (八对半) and 七抢一 (PROPOSALs; options ligu, seven_rob_one) ---

LIGU_HAND = "1122m3344p5566s7z999s"
"""Seven pairs and a pung less one 7z."""


def test_ligu_seven_pairs_and_a_pung() -> None:
    r = RULES.score_hand(LIGU_HAND, win_tile="7z", winner=1, dealer=0, discarder=2)
    assert names_totals(r) == [("嚦咕嚦咕", 8)]  # not 门清, not 单吊
    assert r.settlement.deltas(4) == [0, 13, -13, 0]
    # self-drawn: 自摸 1 (not 门清自摸); the dealer pays its 庄家 台
    r = RULES.score_hand(LIGU_HAND, win_tile="7z", winner=1, dealer=0, flowers="2f")
    assert names_totals(r) == [("嚦咕嚦咕", 8), ("自摸", 1), ("正花", 1)]
    assert r.settlement.deltas(4) == [-16, 46, -15, -15]
    # the pung may be the winning tile's kind
    r = RULES.score_hand("1122m3344p5566s77z99s", win_tile="9s", winner=1, dealer=0, discarder=2)
    assert names_totals(r) == [("嚦咕嚦咕", 8)]


def test_ligu_against_the_standard_form_the_higher_counts() -> None:
    # 123 123m 456 456p 999s + 77z: 门清自摸 3 as five sets; 嚦咕嚦咕 8 + 自摸 1 as pairs
    r = RULES.score_hand("112233m445566p999s7z", win_tile="7z", winner=1, dealer=0)
    assert names_totals(r) == [("嚦咕嚦咕", 8), ("自摸", 1)]
    r = Taiwan(ligu=0).score_hand("112233m445566p999s7z", win_tile="7z", winner=1, dealer=0)
    assert names_totals(r) == [("门清自摸", 3), ("单吊", 1)]
    # a full flush of pairs: 清一色 counts with it
    r = RULES.score_hand("1111223344556m999m", win_tile="6m", winner=1, dealer=0, discarder=3)
    assert ("嚦咕嚦咕", 8) in names_totals(r) and ("清一色", 8) in names_totals(r)


def test_ligu_illegal_cases() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        Taiwan(ligu=0).score_hand(LIGU_HAND, win_tile="7z", winner=1, dealer=0, discarder=2)
    # a meld: no 嚦咕嚦咕 (concealed only)
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        RULES.score_hand("1122m3344p5566s7z", win_tile="7z", melds=["pon 999s"], winner=1, dealer=0, discarder=2)
    # four of a kind as two pairs: option ligu_quad_pairs
    quads = "1111m2233p4455s6667z"
    r = RULES.score_hand(quads, win_tile="7z", winner=1, dealer=0, discarder=2)
    assert names_totals(r)[0] == ("嚦咕嚦咕", 8)
    with pytest.raises(IllegalWinError):
        Taiwan(ligu_quad_pairs=False).score_hand(quads, win_tile="7z", winner=1, dealer=0, discarder=2)
    # three pungs and four pairs are no 嚦咕嚦咕
    with pytest.raises(IllegalWinError):
        RULES.score_hand("1122m3344p555999s77z", win_tile="7z", winner=1, dealer=0, discarder=2)
    with pytest.raises(MahjongError, match="ligu"):
        Taiwan(ligu=-1)
    with pytest.raises(MahjongError, match="ligu_quad_pairs"):
        Taiwan(ligu_quad_pairs=1)


def test_ligu_waits() -> None:
    from mahjong_core.tiles import parse_tiles
    from mahjong_core.variants.taiwan import ligu_waits

    def mask(text: str) -> list[int]:
        counts = [0] * 34
        for k in parse_tiles(text):
            counts[k] += 1
        got = ligu_waits(counts)
        return [k for k in range(34) if got >> k & 1]

    assert mask(LIGU_HAND) == [33]  # 7z
    assert mask("1122m3344p5566s7z99s") == []  # two singles
    # eight pairs: any of them becomes the pung
    assert mask("1122m3344p5566s6677z") == [0, 1, 11, 12, 22, 23, 32, 33]


def test_ligu_in_play_on_a_stacked_wall() -> None:
    hands = ["123m456p7889s123456z7z", LIGU_HAND, "147p258s369m12345z66z", "1478s258m369p1234z77z"]
    sc = Scenario(LATER, hands)
    sc.play("E discard 7z")
    assert "win" in sc.offers("S")
    sc.play("S win", "N pass")  # N could pung 7z: the win comes first
    assert sc.items("S") == ["嚦咕嚦咕"] and sc.deltas() == {"E": -14, "S": 14, "W": 0, "N": 0}


SEVEN = ["1f2f3f4f5f6f7f123m456p789s1z", "147m258p369s1234z5z66z", "147p258s369m1234z6z55z",
         "147s258m369p1234z7z57z"]


def test_seven_flowers_rob_the_eighth_as_it_is_drawn() -> None:
    sc = Scenario(RULES, SEVEN, draws="8f", tail="11m22m33m44m55m66m77m88m")
    sc.play("E discard 1z")  # S draws 8f: E may rob it before S plays on
    assert sc.table.phase is Phase.FLOWER and sc.to_act == ["E"] and sc.offers("E") == ["win", "pass"]
    sc.play("E win")
    assert sc.items("E") == ["七抢一", "庄家"]
    ctx = sc.table.contexts[0]
    assert ctx.discarder == 1 and not ctx.self_drawn and ctx.extra["flower_from"] == 1
    assert sc.deltas() == {"E": 14, "S": -14, "W": 0, "N": 0}  # S alone pays 5 + 8 + 1
    # passed: S plays on with its replacement; 七抢一 is not offered again
    sc = Scenario(RULES, SEVEN, draws="8f", tail="11m22m33m44m55m66m77m88m")
    sc.play("E discard 1z", "E pass")
    assert sc.to_act == ["S"] and sc.drawn == "4m"
    sc.play("S discard 4m")
    assert "win" not in sc.offers("E") if sc.to_act == ["E"] else True
    # option off: nothing offered
    sc = Scenario(Taiwan(seven_rob_one=0), SEVEN, draws="8f", tail="11m22m33m44m55m66m77m88m")
    sc.play("E discard 1z")
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"]


def test_seven_flowers_rob_the_eighth_at_the_deal() -> None:
    hands = ["1f2f3f4f5f6f7f123m456p789s1z", "8f147m258p369s1234z5z6z", "147p258s369m1234z6z55z",
             "147s258m369p1234z7z57z"]
    sc = Scenario(RULES, hands, tail="11m22m33m44m55m66m77m88m")
    assert sc.table.phase is Phase.OPENING and sc.offers("E") == ["win", "pass"] and sc.offers("S") == []
    sc.play("E win")
    assert sc.items("E") == ["七抢一", "庄家"] and sc.table.contexts[0].extra["flower_from"] == 1
    assert sc.deltas() == {"E": 14, "S": -14, "W": 0, "N": 0}


def test_seven_rob_one_on_paper() -> None:
    hand, flowers = "123m456p789s123456s7z", "1f2f3f4f5f6f7f"
    r = RULES.score_hand(hand, win_tile="7z", winner=1, dealer=0, discarder=2, flowers=flowers,
                         context={"instant": "七抢一"})
    assert names_totals(r) == [("七抢一", 8)] and r.settlement.deltas(4) == [0, 13, -13, 0]
    # the dealer holds the eighth flower: it adds its 庄家 台
    r = RULES.score_hand(hand, win_tile="7z", winner=1, dealer=0, flowers=flowers,
                         context={"instant": "七抢一", "flower_from": 0})
    assert r.settlement.deltas(4) == [-14, 14, 0, 0]
    with pytest.raises(MahjongError, match="eighth flower"):
        RULES.score_hand(hand, win_tile="7z", winner=1, dealer=0, flowers=flowers, context={"instant": "七抢一"})
    with pytest.raises(IllegalWinError, match="no instant win"):
        RULES.score_hand(hand, win_tile="7z", winner=1, dealer=0, context={"instant": "九仙"})
    r = Taiwan(eight_flowers=10).score_hand(hand, win_tile="7z", winner=0, dealer=0, flowers=flowers + "8f",
                                            context={"instant": "八仙过海"})
    assert names_totals(r) == [("八仙过海", 10), ("庄家", 1)]
