"""Tests for mahjong_core.variants.sichuan (四川麻将 / 成都 血战到底).

Spec: variants-regional.md §3 (seed [000]) and variants-more.md §4 (seed
[004]).  Seats: 0 East (dealer), 1 South, 2 West, 3 North.  ``score_hand``
takes the concealed tiles *before* the winning tile.
"""

from __future__ import annotations

import doctest
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from mahjong_core.bots import GreedyBot, RandomBot
from mahjong_core.engine import ActionKind, Table
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.records import dumps, replay
from mahjong_core.registry import find_variant
from mahjong_core.rules import HandScore, Settlement
from mahjong_core.tiles import Meld
from mahjong_core.variants import sichuan
from mahjong_core.variants.sichuan import DirectKongPayment, Mode, SelfDrawBonus, Sichuan
from reference.engine_invariants import check_invariants

RULES = Sichuan()


def hand(h: str, win: str, **kw: Any) -> HandScore:
    return RULES.score_hand(h, win_tile=win, **kw)


def deltas(r: HandScore) -> list[int]:
    d = r.settlement.deltas(4)
    assert sum(d) == 0
    return d


def kong_pay(rs: Sichuan, seat: int, meld: str, source: int | None, out: set[int] | None = None) -> Settlement:
    table: Any = SimpleNamespace(out=set(out or ()))
    return rs.kong_payments(table, seat, Meld.parse(meld), source)


# ---------------------------------------------------------------------------
# Names, tiles, options
# ---------------------------------------------------------------------------


def test_names_and_metadata() -> None:
    for name in ("sichuan", "sichuan-v1", "四川", "成都", "血战到底", "xuezhan", "chengdu", "四川麻将"):
        assert find_variant(name) is Sichuan
    assert Sichuan.zh == "四川麻将" and RULES.id == "sichuan-v1"
    tiles = RULES.wall_tiles()
    assert len(tiles) == 108 and max(tiles) == 26  # 万 筒 条 only
    assert not Sichuan.allow_chow and Sichuan.allow_pung and Sichuan.allow_kong
    assert Sichuan.multiple_winners and Sichuan.rob_kong and Sichuan.hand_size == 13
    d = Sichuan.describe()
    assert d["players"] == 4 and "mode" in d["options"] and "fan_cap" in d["options"]


def test_doctests() -> None:
    res = doctest.testmod(sichuan)
    assert res.attempted >= 2 and res.failed == 0
    page = Path(__file__).resolve().parents[2] / "docs" / "variants" / "sichuan.md"
    res = doctest.testfile(str(page), module_relative=False)
    assert res.attempted >= 2 and res.failed == 0


def test_option_defaults_follow_the_seeds_and_proposals() -> None:
    o = RULES.options
    assert o.mode is Mode.XUEZHAN and o.dingque and o.call_transfer
    assert o.direct_kong_payment is DirectKongPayment.CHENGBAO and o.direct_kong_times == 2
    assert o.self_draw is SelfDrawBonus.ADD_BASE and o.fan_cap == 5 and o.base == 1 and not o.last_tile_fan
    assert RULES.missing_suit and RULES.play_after_win and RULES.must_win_last_tiles == 0
    plain = Sichuan(mode="normal", dingque=False)
    assert not plain.missing_suit and not plain.play_after_win and plain.must_win_last_tiles == 4
    assert Sichuan.from_options_json(plain.options_json()).options == plain.options


@pytest.mark.parametrize(
    "options, word",
    [
        ({"mode": "bloody"}, "mode"),
        ({"fan_cap": 7}, "fan_cap"),
        ({"fan_cap": 0}, "fan_cap"),
        ({"base": 0}, "base"),
        ({"direct_kong_times": 3}, "direct_kong_times"),
        ({"direct_kong_payment": "everyone"}, "direct_kong_payment"),
        ({"self_draw": "double"}, "self_draw"),
        ({"dingque": "yes"}, "dingque"),
        ({"exchange_three": 3}, "exchange_three"),
        ({"colour": 1}, "unknown option"),
    ],
)
def test_bad_options_raise(options: dict[str, Any], word: str) -> None:
    with pytest.raises(MahjongError, match=word):
        Sichuan(**options)


# ---------------------------------------------------------------------------
# Win conditions
# ---------------------------------------------------------------------------


def test_sc_e5_two_suits_win_three_suits_do_not() -> None:
    """SC-E5: 123m 456m 789m 234p 55p wins; 123m 456m 789p 234s 55s does not."""
    r = hand("123m456m789m234p5p", "5p", winner=1, discarder=0)
    assert r.sheet.names() == ["平胡"]
    with pytest.raises(IllegalWinError, match="缺门"):
        hand("123m456m789p234s5s", "5s", winner=1, discarder=0)


def test_three_suits_through_a_meld_is_no_win() -> None:
    with pytest.raises(IllegalWinError, match="缺门"):
        hand("123m456m789m5p", "5p", melds=["pon 222s"], discarder=1)


def test_declared_missing_suit_is_no_win() -> None:
    assert hand("123m456m789m234p5p", "5p", discarder=2, context={"missing": "s"}).sheet.total == 1
    with pytest.raises(IllegalWinError, match="定缺"):
        hand("123m456m789m234p5p", "5p", discarder=2, context={"missing": "p"})


def test_a_seat_that_won_cannot_win_again_in_xuezhan() -> None:
    with pytest.raises(IllegalWinError, match="already won"):
        hand("123m456m789m234p5p", "5p", winner=1, discarder=2, context={"won": [1]})


def test_a_seat_that_won_does_not_discard_in_xuezhan() -> None:
    with pytest.raises(IllegalWinError, match="no longer discards"):
        hand("123m456m789m234p5p", "5p", winner=1, discarder=2, context={"won": "2"})


@pytest.mark.parametrize(
    "options", [{}, {"mode": "normal", "dingque": False}, {"mode": "xueliu"}, {"exchange_three": True}]
)
def test_records_replay(options: dict[str, Any]) -> None:
    rs = Sichuan(**options)
    for seed in range(6):
        t = Table(rs, seed=seed)
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), GreedyBot()]
        while not t.is_over:
            seat = t.to_act[0]
            t.apply(bots[seat].choose(t, seat, t.legal_actions(seat)))
        again = replay(dumps(t.events), find=lambda name: find_variant(name)())  # options from the header
        assert again.events == t.events and again.deltas() == t.deltas()


def test_no_chow_meld_and_no_honours() -> None:
    with pytest.raises(IllegalWinError, match="chow"):
        hand("456m789m234p5p", "5p", melds=["chi 123m"], discarder=2)
    with pytest.raises(InvalidHandError, match="not in this rule set"):
        hand("123m456m789m11z5p", "5p", discarder=2)


def test_wrong_shape_and_unknown_context_key() -> None:
    with pytest.raises(IllegalWinError):
        hand("123m456m789m234p6p", "5p", discarder=2)
    with pytest.raises(MahjongError, match="unknown context key 'bird'.*kong_income"):
        hand("123m456m789m234p5p", "5p", discarder=2, context={"bird": 1})
    with pytest.raises(MahjongError, match="missing"):
        hand("123m456m789m234p5p", "5p", discarder=2, context={"missing": "z"})


# ---------------------------------------------------------------------------
# The fan table (variants-more §4.2)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "tiles, win, melds, names, fan",
    [
        ("23445677p34578s", "9s", (), ["平胡"], 1),  # the seed's 平胡 example
        ("111222444m3339p", "9p", (), ["对对胡"], 2),  # seed: 111222444万 333 99筒
        ("2223334445678m", "8m", (), ["清一色"], 3),
        # the seed's 清一色 example 111222333789 99m also reads 123 123 123 789 99:
        # 清一色 + 带幺九 = 清幺九 (PROPOSAL row), and the higher reading counts
        ("1112223337899m", "9m", (), ["清幺九"], 5),
        ("123m789m123p789p9m", "9m", (), ["带幺九"], 3),
        ("1122m4477p8899m5p", "5p", (), ["七对"], 3),
        ("1113335557779s", "9s", (), ["清对"], 4),
        ("222555888s888m5m", "5m", (), ["将对"], 4),  # seed: 222555888条 888 55万
        ("112222m44m5577p9p", "9p", (), ["龙七对"], 5),  # seed: 11 2222 44万 55 77 99筒
        ("9988775522116p", "6p", (), ["清七对"], 5),  # the seed's garbled 清对 example
        ("1112377788899s", "9s", (), ["清幺九"], 5),  # 123 789 789 789 11
        ("1122223344556p", "6p", (), ["清龙七对"], 6),
        ("123m123m9p", "9p", ("pon 999m", "pon 111p"), ["带幺九"], 3),
        ("1p", "1p", ("pon 222m", "pon 555m", "pon 888m", "pon 333m"), ["对对胡"], 2),
        ("111333m444666p5p", "5p", (), ["对对胡"], 2),  # a 2-5-8 pair alone is no 将对
    ],
)
def test_patterns(tiles: str, win: str, melds: tuple[str, ...], names: list[str], fan: int) -> None:
    r = hand(tiles, win, melds=list(melds), winner=3, discarder=2, context={})
    assert r.sheet.names() == names
    counted = min(fan, 5)  # the default cap
    assert r.sheet.total == counted and r.sheet.points == 2 ** (counted - 1)
    assert deltas(r) == [0, 0, -(2 ** (counted - 1)), 2 ** (counted - 1)]
    assert Sichuan(fan_cap=None).score_hand(tiles, win_tile=win, melds=list(melds), discarder=2).sheet.total == fan


def test_only_the_highest_pattern_counts() -> None:
    # 清一色 and 对对胡 both hold: only 清对 (4) counts, never 3 + 2
    r = hand("1112223339997m", "7m", discarder=2)
    assert r.sheet.names() == ["清对"] and r.sheet.total == 4
    assert any("not counted" in n for n in r.sheet.notes)


def test_roots_add_one_each() -> None:
    # four 1m held as 111m + 123m: one 根
    r = hand("1111m23m456m789p5p", "5p", discarder=2)
    assert r.sheet.names() == ["平胡", "根"] and r.sheet.total == 2
    # a melded kong is a 根 too; two of them
    r = hand("456m789m5p", "5p", melds=["kan 1111m", "ankan 2222m"], discarder=2)
    assert r.sheet.names() == ["平胡", "根", "根"] and r.sheet.total == 3


def test_dragon_seven_pairs_deducts_one_root() -> None:
    # 龙七对 with two sets of four: 5 + (2 - 1) = 6, capped at 5
    r = hand("11222244m5555p9p", "9p", discarder=2)
    assert r.sheet.names() == ["龙七对", "根"] and r.sheet.total == 5 and r.sheet.points == 16
    assert any("封顶" in n for n in r.sheet.notes)
    r = Sichuan(fan_cap=None).score_hand("11222244m5555p9p", win_tile="9p", discarder=2)
    assert r.sheet.total == 6 and r.sheet.points == 32


def test_events_add_one_fan_each() -> None:
    base = "123m456m789m234p5p"
    r = hand("123m456m234p5p", "5p", melds=["ankan 7777m"], context={"kong_replacement": True})
    assert r.sheet.names() == ["平胡", "根", "杠上花"] and r.sheet.total == 3
    r = hand(base, "5p", discarder=1, context={"kong_discard": True})
    assert r.sheet.names() == ["平胡", "杠上炮"] and r.sheet.total == 2
    r = hand(base, "5p", discarder=1, context={"robbed_kong": True})
    assert r.sheet.names() == ["平胡", "抢杠"] and r.sheet.total == 2
    # 海底 counts only with the option (PROPOSAL: not in the seed)
    assert hand(base, "5p", discarder=1, context={"last_tile": True}).sheet.total == 1
    r = Sichuan(last_tile_fan=True).score_hand(base, win_tile="5p", discarder=1, context={"last_tile": True})
    assert r.sheet.names() == ["平胡", "海底"] and r.sheet.total == 2


def test_heaven_and_earth() -> None:
    r = hand("1122m4477p8899m5p", "5p", winner=0, dealer=0, context={"first_turn": True})
    assert r.sheet.names() == ["天胡"] and r.sheet.total == 5 and r.sheet.points == 16  # 6, capped at 5
    r = Sichuan(fan_cap=None).score_hand("123m456m789m234p5p", win_tile="5p", winner=2, context={"first_turn": True})
    assert r.sheet.names() == ["地胡"] and r.sheet.total == 6


def test_cap_option() -> None:
    tiles, win = "1122223344556p", "6p"  # 清龙七对 6
    assert Sichuan(fan_cap=None).score_hand(tiles, win_tile=win, discarder=1).sheet.total == 6
    for cap in (3, 4, 5, 6):
        r = Sichuan(fan_cap=cap).score_hand(tiles, win_tile=win, discarder=1)
        assert r.sheet.total == min(cap, 6) and deltas(r)[1] == -(2 ** (min(cap, 6) - 1))


def test_best_reading_is_taken() -> None:
    # 111222333789m 99m: pungs + 789 is 清一色 (3); 123 123 123 789 + 99 is 清幺九 (5)
    r = hand("1112223337899m", "9m", discarder=1)
    assert r.sheet.names() == ["清幺九"] and r.sheet.total == 5
    # 112233m 445566p 77p: 七对 (3) beats 123 123 456 456 + 77 平胡 (1)
    r = hand("112233m445566p7p", "7p", discarder=1)
    assert r.sheet.names() == ["七对"]


# ---------------------------------------------------------------------------
# Payments
# ---------------------------------------------------------------------------


def test_discard_win_the_discarder_pays() -> None:
    r = hand("123m456m789m234p5p", "5p", winner=1, discarder=3)
    assert deltas(r) == [0, 1, 0, -1]


def test_sc_e6_self_draw_bonus() -> None:
    """SC-E6: S self-draws X per payer: E, W and N pay X + 1b."""
    r = hand("2223334445678m", "8m", winner=1)  # 清一色 3 番: X = 4
    assert deltas(r) == [-5, 15, -5, -5]
    r = Sichuan(base=2).score_hand("2223334445678m", win_tile="8m", winner=1)
    assert deltas(r) == [-10, 30, -10, -10]  # X = 2 × 4, + 1 base of 2
    r = Sichuan(self_draw="jiafan").score_hand("2223334445678m", win_tile="8m", winner=1)
    assert r.sheet.names() == ["清一色", "自摸加番"] and deltas(r) == [-8, 24, -8, -8]
    r = Sichuan(self_draw="none").score_hand("2223334445678m", win_tile="8m", winner=1)
    assert deltas(r) == [-4, 12, -4, -4]


def test_self_draw_in_xuezhan_skips_seats_that_won() -> None:
    r = hand("2223334445678m", "8m", winner=1, context={"won": "0,3"})
    assert deltas(r) == [0, 5, -5, 0]


def test_one_discard_many_winners() -> None:
    a = hand("123m456m789m234p5p", "5p", winner=1, discarder=0, context={"multiple_winners": 2})
    b = hand("1112223334445p", "5p", winner=2, discarder=0, context={"multiple_winners": 2})
    assert deltas(a) == [-1, 1, 0, 0]
    assert b.sheet.total == 4 and deltas(b) == [-8, 0, 8, 0]  # 清对


def test_sc_e3_call_transfer_on_paper() -> None:
    """SC-E3: E made a concealed kong (+6b), then W wins on E's next discard:
    the 6b go to W, and E pays W's hand (平胡 + 杠上炮 = 2 番)."""
    r = hand("123m456m789m45p99p", "6p", winner=2, discarder=0, context={"kong_discard": True, "kong_income": 6})
    assert r.sheet.names() == ["平胡", "杠上炮"]
    assert sorted((p.payer, p.payee, p.amount, p.reason) for p in r.settlement.payments) == [
        (0, 2, 2, "点炮"), (0, 2, 6, "呼叫转移")]
    r = Sichuan(call_transfer=False).score_hand(
        "123m456m789m45p99p", win_tile="6p", winner=2, discarder=0, context={"kong_discard": True, "kong_income": 6})
    assert deltas(r) == [-2, 0, 2, 0]
    # on 一炮多响 the income is split equally (SC-6); a remainder stays with the konger
    r = hand("123m456m789m45p99p", "6p", winner=2, discarder=0,
             context={"kong_discard": True, "kong_income": 6, "multiple_winners": 2})
    assert deltas(r) == [-5, 0, 5, 0]
    r = hand("123m456m789m45p99p", "6p", winner=2, discarder=0,
             context={"kong_discard": True, "kong_income": 2, "multiple_winners": 3})
    assert deltas(r) == [-2, 0, 2, 0]


def test_sc_e1_direct_kong_payments() -> None:
    """SC-E1: E konges S's 7s: 家家有 S 2b, W 1b, N 1b (+4); 承包制 S 2b (+2)."""
    s = kong_pay(Sichuan(direct_kong_payment="jiajiayou"), 0, "kan 7777s", 1)
    assert s.deltas(4) == [4, -2, -1, -1]
    s = kong_pay(Sichuan(direct_kong_payment="chengbao"), 0, "kan 7777s", 1)
    assert s.deltas(4) == [2, -2, 0, 0]
    s = kong_pay(Sichuan(direct_kong_times=1), 0, "kan 7777s", 1)  # seed [004]: 1 base
    assert s.deltas(4) == [1, -1, 0, 0]
    s = kong_pay(Sichuan(direct_kong_payment="jiajiayou"), 0, "kan 7777s", 1, out={2})  # W has won
    assert s.deltas(4) == [3, -2, 0, -1]


def test_added_and_concealed_kong_payments() -> None:
    assert kong_pay(RULES, 2, "kakan 3333p", None).deltas(4) == [-1, -1, 3, -1]  # SC-E2 without the rob
    assert kong_pay(RULES, 0, "ankan 4444m", None).deltas(4) == [6, -2, -2, -2]  # SC-E3
    assert kong_pay(RULES, 0, "ankan 4444m", None, out={1, 3}).deltas(4) == [2, 0, -2, 0]
    assert kong_pay(Sichuan(base=3), 2, "kakan 3333p", None).deltas(4) == [-3, -3, 9, -3]


def test_sc_e2_robbing_the_added_kong() -> None:
    """SC-E2: N robs W's added 3p with 345m 345m 678m 12p 99m: W pays N's
    hand (平胡 + 抢杠 = 2 番); the kong's 刮风 is never paid (the engine only
    asks kong_payments for a kong that was not robbed, see the scenarios)."""
    r = hand("345m345m678m12p99m", "3p", winner=3, discarder=2, context={"robbed_kong": True})
    assert r.sheet.names() == ["平胡", "抢杠"]
    assert [(p.payer, p.payee, p.amount, p.reason) for p in r.settlement.payments] == [(2, 3, 2, "抢杠")]


def test_more_example_1_plain_win_with_a_fed_kong() -> None:
    """variants-more §4.3 example 1 (seed [004] 直杠 1× base): [kan 5555p]
    234p 789p 678s 11s won on West's discard: 平胡 + 根 = 2 番; West paid 1
    for the kong and pays 2: 3 in all."""
    rs = Sichuan(direct_kong_times=1)
    kong = kong_pay(rs, 0, "kan 5555p", 2)
    r = rs.score_hand("234p789p678s1s", win_tile="1s", melds=["kan 5555p"], winner=0, discarder=2)
    assert r.sheet.names() == ["平胡", "根"] and r.sheet.total == 2 and r.sheet.points == 2
    total = (kong + r.settlement).deltas(4)
    assert total == [3, 0, -3, 0]


def test_more_example_2_full_flush_pungs_self_drawn() -> None:
    r = hand("1113335557779s", "9s", winner=1)
    assert r.sheet.names() == ["清对"] and r.sheet.points == 8
    assert deltas(r) == [-9, 27, -9, -9]


def test_more_example_3_dragon_seven_pairs() -> None:
    r = hand("112222m44m5577p9p", "9p", winner=1, discarder=3)
    assert r.sheet.names() == ["龙七对"] and r.sheet.points == 16 and deltas(r) == [0, 16, 0, -16]
    r = hand("112222m44m5555p9p", "9p", winner=1, discarder=3)
    assert r.sheet.names() == ["龙七对", "根"] and r.sheet.points == 16
    r = Sichuan(fan_cap=None).score_hand("112222m44m5555p9p", win_tile="9p", winner=1, discarder=3)
    assert r.sheet.points == 32


# ---------------------------------------------------------------------------
# Games with bots: the engine's invariants, the rules in play
# ---------------------------------------------------------------------------


def _suits(t: Table, seat: int) -> set[int]:
    return {k // 9 for k in t.concealed_tiles(seat)} | {m.kind_of // 9 for m in t.melds[seat]}


@pytest.mark.parametrize(
    "options, seeds",
    [
        ({}, range(0, 400)),
        ({"mode": "normal"}, range(400, 650)),
        ({"dingque": False}, range(650, 850)),
        ({"mode": "normal", "dingque": False, "direct_kong_payment": "jiajiayou", "self_draw": "jiafan"},
         range(850, 1050)),
    ],
)
def test_bot_games(options: dict[str, Any], seeds: range) -> None:
    rs = Sichuan(**options)
    seen: Counter[str] = Counter()
    for seed in seeds:
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), GreedyBot()] if seed % 4 == 0 else [GreedyBot()] * 4
        t = Table(rs, seed=seed, dealer=seed % 4)
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            assert not any(a.kind is ActionKind.CHOW for a in legal)
            if rs.missing_suit and t.phase.value == "declare":
                assert all(a.kind is ActionKind.MISSING_SUIT for a in legal)
            t.apply(bots[seat].choose(t, seat, legal))
            if seed % 25 == 0:
                check_invariants(t)
        check_invariants(t)
        assert sum(t.deltas()) == 0
        assert len(set(t.winners)) == len(t.winners) <= 3
        if not rs.play_after_win:
            assert len({t.contexts[w].discarder for w in t.winners}) <= 1
        for w in t.winners:
            ctx = t.contexts[w]
            assert len({k // 9 for k in ctx.all_kinds}) <= 2  # 缺门
            if rs.missing_suit:
                assert t.missing[w] not in {k // 9 for k in ctx.all_kinds}
            assert t.scores[w].points == 2 ** (t.scores[w].total - 1) and 1 <= t.scores[w].total <= 5
        for p in t.settlement.payments:
            head = p.reason.split()[0]
            seen[head] += 1
            if head == "查花猪":
                assert p.amount == 16 and len(_suits(t, p.payer)) == 3 and p.payer not in t.winners
        if t.live_tiles and not rs.play_after_win:
            assert t.winners  # a hand that ended early was won
        seen["hands"] += 1
        seen["wins"] += len(t.winners)
    assert seen["hands"] == len(seeds)
    assert seen["wins"] > len(seeds) // 2 and seen["自摸"] and seen["点炮"]
    assert seen["面下杠"] + seen["暗杠"] + seen["直杠"] > 0


def test_bots_declare_the_suit_they_hold_least() -> None:
    for seed in range(40):
        t = Table(RULES, seed=seed)
        counts = [[sum(t.hands[s][k * 9 : k * 9 + 9]) for k in range(3)] for s in range(4)]
        bot = GreedyBot()
        while t.phase.value == "declare":
            seat = t.to_act[0]
            t.apply(bot.choose(t, seat, t.legal_actions(seat)))
        for s in range(4):
            assert counts[s][t.missing[s]] == min(counts[s])


def test_next_dealer_rules() -> None:
    normal = Sichuan(mode="normal")
    kinds: Counter[str] = Counter()
    for seed in range(120):
        t = Table(normal, seed=seed, dealer=seed % 4)
        bots = [GreedyBot()] * 4
        while not t.is_over:
            seat = t.to_act[0]
            t.apply(bots[seat].choose(t, seat, t.legal_actions(seat)))
        nxt = normal.next_dealer(t)
        if not t.winners:
            assert nxt == t.dealer
            kinds["draw"] += 1
        else:
            ctx = t.contexts[t.winners[0]]
            if ctx.self_drawn:
                assert nxt == ctx.seat
                kinds["self"] += 1
            else:
                assert nxt == ctx.discarder
                kinds["ron"] += 1
    assert kinds["self"] and kinds["ron"]
    t = Table(RULES, seed=5, dealer=2)
    assert RULES.next_dealer(t) == (2 + sum(t.dice) - 1) % 4


def test_xueliu_bot_games() -> None:
    """血流成河: every seat plays to the end of the wall, winners win again."""
    rs = Sichuan(mode="xueliu")
    assert rs.winners_play_on and not rs.play_after_win
    repeats = 0
    for seed in range(1100, 1250):
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), GreedyBot()]
        t = Table(rs, seed=seed)
        while not t.is_over:
            seat = t.to_act[0]
            t.apply(bots[seat].choose(t, seat, t.legal_actions(seat)))
            if seed % 25 == 0:
                check_invariants(t)
        check_invariants(t)
        assert t.live_tiles == 0 and not t.out  # only the end of the wall ends it
        assert sum(t.deltas()) == 0
        repeats += len(t.winners) - len(set(t.winners))
        for w in set(t.winners):
            assert t.declared[w]  # locked after its win
    assert repeats > 50


def test_exchange_three_bot_games() -> None:
    """换三张 with bots: every seat passes three tiles of one suit, in the
    direction of the dice, then plays on (the invariants are checked during
    the exchange too, on a fraction of the hands)."""
    rs = Sichuan(exchange_three=True)
    offsets: Counter[int] = Counter()
    for seed in range(1300, 1400):
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), RandomBot(seed + 1)]
        t = Table(rs, seed=seed)
        before = [bytes(h) for h in t.hands]
        while t.phase.value == "exchange":
            seat = t.to_act[0]
            t.apply(bots[seat].choose(t, seat, t.legal_actions(seat)))
            if seed % 20 == 0:
                check_invariants(t)
        (event,) = [e for e in t.events if e["type"] == "exchange"]
        offsets[event["offset"]] += 1
        assert event["offset"] == (2, 1, 3)[sum(t.dice) % 3]
        for s in range(4):
            picks = t.exchange[s]
            assert len(picks) == 3 and len({k // 9 for k in picks}) == 1
            got = t.exchange[(s - event["offset"]) % 4]
            for k in range(34):
                assert t.hands[s][k] - before[s][k] == got.count(k) - picks.count(k)
        while not t.is_over:
            seat = t.to_act[0]
            t.apply(bots[seat].choose(t, seat, t.legal_actions(seat)))
            if seed % 20 == 0:
                check_invariants(t)
        check_invariants(t)
        assert sum(t.deltas()) == 0
    assert set(offsets) == {1, 2, 3}
