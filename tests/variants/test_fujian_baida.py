"""福建百搭 (seed 001, variants-more §11.5) on paper: every seed sentence
(活动百搭, the 白板 替身 "其中一张白板", 带弟百搭 with its wraps 9 → 1 and
东南西北中发白) and every PROPOSAL 番 through ``score_hand`` (sheet and
payments), illegal wins naming the rule, options and bad input."""

from __future__ import annotations

import doctest
from typing import Any

import pytest
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.tiles import parse_tile
from mahjong_core.variants import fujian_baida
from mahjong_core.variants.fujian_baida import FujianBaida, Mode, daidi_wild

HD = FujianBaida()
DD = FujianBaida(mode="daidi")
I7S = {"indicator": "7s"}


def score(hand: str, win: str, rs: FujianBaida = HD, **kw: Any) -> Any:
    kw.setdefault("context", I7S)
    return rs.score_hand(hand, win_tile=win, **kw)


def names(hand: str, win: str, rs: FujianBaida = HD, **kw: Any) -> list[str]:
    return score(hand, win, rs, **kw).sheet.names()  # type: ignore[no-any-return]


def test_doctests() -> None:
    assert doctest.testmod(fujian_baida).failed == 0


@pytest.mark.parametrize("name", ["fujian_baida", "FUJIAN_BAIDA", "fujian_baida-v1", "福建百搭", "活动百搭", "带弟百搭"])
def test_find_variant(name: str) -> None:
    assert find_variant(name) is FujianBaida


def test_metadata() -> None:
    assert HD.zh == "福建百搭" and len(HD.wall_tiles()) == 136 and HD.options.mode is Mode.HUODONG


# --- 活动百搭: "开牌时将杠尾的一张牌翻开，该牌就是百搭" ---------------------------------


@pytest.mark.parametrize("ind", ["3m", "9m", "4z", "5z", "7z"])
def test_huodong_wild_is_the_turned_up_kind(ind: str) -> None:
    assert HD.paper_wild_kinds({"indicator": ind}) == {parse_tile(ind)}


def test_a_wild_stands_for_any_kind() -> None:
    # two 7s (百搭): one stands for 3s (123s), the drawn one pairs 4z
    r = score("123m456p456s12s7s4z", "7s")
    assert r.sheet.names() == ["自摸"] and r.context.wilds == 2
    assert r.sheet.points == 2 and r.settlement.deltas(4) == [6, -2, -2, -2]


def test_a_wild_used_as_itself_keeps_wu_baida() -> None:
    assert names("123m456p789s567s1z", "1z", discarder=3) == ["无百搭"]


def test_a_discarded_wild_is_dead() -> None:
    with pytest.raises(IllegalWinError, match="discarded 百搭 is dead"):
        score("123m456p789s12s11z", "7s", discarder=3)
    assert names("123m456p789s12s11z", "7s", FujianBaida(win_on_discarded_wild=True), discarder=3) == []


# --- the 替身: "其中一张白板可以用作代替该张翻开的牌" ----------------------------------------


def test_one_white_plays_as_the_turned_up_kind() -> None:
    r = score("123m456p5z89s11z22z", "2z", discarder=3)
    assert r.sheet.names() == ["无百搭"] and r.settlement.deltas(4) == [2, 0, 0, -2]
    # the win tile may be the 白板 itself
    assert names("123m456p89s11z222z", "5z", discarder=3) == ["无百搭"]


def test_only_one_white_by_the_letter() -> None:
    # 789s twice needs both 白板 as 7s
    hand, win = "123m456p55z8899s1z", "1z"
    with pytest.raises(IllegalWinError, match="白板 may stand in"):
        score(hand, win, discarder=3)
    assert names(hand, win, FujianBaida(stand_ins=2), discarder=3) == ["无百搭"]
    # but a 白板 pair as itself is always fine
    assert names("123m456p789s111z5z", "5z", discarder=3) == ["无百搭"]


def test_no_stand_in_when_white_is_the_wild_or_the_option_is_off() -> None:
    with pytest.raises(IllegalWinError):
        score("123m456p5z89s11z22z", "2z", FujianBaida(stand_ins=0), discarder=3)
    # 白板 turned up: it is the 百搭, no 替身 (here a 白板 is a wild for 7s: no 无百搭)
    assert names("123m456p5z89s11z22z", "2z", discarder=3, context={"indicator": "5z"}) == []


# --- 带弟百搭 ------------------------------------------------------------------------


@pytest.mark.parametrize(("ind", "wild"), [
    ("3m", "4m"),  # "假设杠尾的张牌翻开是三万，则四万是百搭"
    ("9m", "1m"),  # "开九万则以一万为百搭"
    ("9p", "1p"), ("8s", "9s"),
    ("1z", "2z"), ("2z", "3z"), ("3z", "4z"),
    ("4z", "7z"),  # "开北则以红中为百搭"
    ("7z", "6z"), ("6z", "5z"),
    ("5z", "1z"),  # 白 → 东 ("首尾相连")
])
def test_daidi_wild_is_the_next_kind(ind: str, wild: str) -> None:
    assert daidi_wild(parse_tile(ind)) == parse_tile(wild)
    assert DD.paper_wild_kinds({"indicator": ind}) == {parse_tile(wild)}


def test_daidi_hands_and_its_stand_in() -> None:
    # 6s turned up: 7s is the 百搭; a 白板 plays as 7s (PROPOSAL), not as 6s
    ctx = {"indicator": "6s"}
    assert names("123m456p5z89s11z22z", "2z", DD, discarder=3, context=ctx) == ["无百搭"]
    with pytest.raises(IllegalWinError):
        score("123m456p5z89s11z22z", "2z", FujianBaida(mode="daidi", daidi_stand_in=False), discarder=3, context=ctx)
    # the turned-up 6s itself is an ordinary tile
    assert names("123m456p678s11z22z", "2z", DD, discarder=3, context=ctx) == ["无百搭"]


# --- the 番 -------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "win", "kw", "want", "fan"), [
    ("111m444p999s333z2z", "2z", {"discarder": 3}, ["无百搭", "碰碰胡"], 3),
    ("11m44m66p88p33s55s2z", "2z", {"discarder": 3}, ["无百搭", "七对"], 3),
    ("111m234m567m88m22z", "2z", {"discarder": 3}, ["无百搭", "混一色"], 3),
    ("111m234m567m888m9m", "9m", {"discarder": 3}, ["无百搭", "清一色"], 5),
    ("111z222z333z444z6z", "6z", {"discarder": 3}, ["无百搭", "字一色"], 7),
    ("123m456p789s12s33z", "3s", {"context": {"indicator": "7s", "kong_replacement": True}},
     ["自摸", "无百搭", "杠上开花"], 3),
    ("123m456p789s12s33z", "3s", {"discarder": 1, "context": {"indicator": "7s", "robbed_kong": True}},
     ["无百搭", "抢杠"], 2),
    ("123m456p789s12s33z", "3s", {"context": {"indicator": "7s", "last_tile": True}}, ["自摸", "无百搭", "海底捞月"], 3),
    # 海底捞月 is the self-drawn last tile: a win on the last discard has none
    ("123m456p789s12s33z", "3s", {"discarder": 1, "context": {"indicator": "7s", "last_tile": True}}, ["无百搭"], 1),
    ("123m456p789s12s33z", "3s", {"context": {"indicator": "7s", "first_turn": True}}, ["自摸", "无百搭", "天胡"], 8),
    ("123m456p789s12s33z", "3s", {"winner": 2, "context": {"indicator": "7s", "first_turn": True}},
     ["自摸", "无百搭", "地胡"], 8),
])
def test_every_fan(hand: str, win: str, kw: dict[str, Any], want: list[str], fan: int) -> None:
    r = score(hand, win, **kw)
    assert r.sheet.names() == want and r.sheet.total == fan
    assert r.sheet.points == 2 ** min(fan, 5)


def test_payments_and_cap() -> None:
    r = score("111z222z333z444z6z", "6z", FujianBaida(base=3, cap=4), discarder=2)
    assert r.sheet.total == 7 and r.sheet.points == 48 and r.settlement.deltas(4) == [48, 0, -48, 0]
    assert "capped" in r.sheet.notes[0]
    r = score("111m234m567m888m9m", "9m")  # 6 番, capped at 5
    assert r.sheet.total == 6 and r.sheet.points == 32 and r.settlement.deltas(4) == [96, -32, -32, -32]


def test_best_reading_with_wilds() -> None:
    # three 7s 百搭: as 7m and a 万 pair they make 清一色
    assert names("111m234m567m89m7s7s", "7s") == ["自摸", "清一色"]


# --- bad input ---------------------------------------------------------------------


def test_bad_input() -> None:
    with pytest.raises(MahjongError, match="indicator"):
        score("123m456p789s12s33z", "3s", context={"indicator": "zz"})
    with pytest.raises(MahjongError, match="no flowers"):
        score("123m456p789s12s33z", "3s", context={"indicator": "1f"})
    with pytest.raises(InvalidHandError):
        score("123m456p789s12s3z", "3s")
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        score("123m456p789s12s34z", "5s", discarder=3)
    with pytest.raises(MahjongError):
        daidi_wild(40)


@pytest.mark.parametrize("opts", [{"mode": "x"}, {"stand_ins": 5}, {"stand_ins": True}, {"cap": -1},
                                  {"daidi_stand_in": 1}, {"nope": 2}])
def test_bad_options(opts: dict[str, Any]) -> None:
    with pytest.raises(MahjongError):
        FujianBaida(**opts)


@pytest.mark.parametrize("opts", [{}, {"stand_ins": 2}, {"stand_ins": 4}, {"mode": "daidi"}])
def test_stand_in_waits_are_the_kinds_a_stand_in_win_accepts(opts: dict[str, object]) -> None:
    """shape_free_waits (one waits call per number of 白板 standing in) gives
    exactly the kinds whose draw shape_free_win accepts, on random hands
    rich in 白板 and 百搭."""
    import random

    from mahjong_core.engine import Table
    from mahjong_core.variants.fujian_baida import WHITE, FujianBaida

    rs = FujianBaida.from_options_json(opts) if opts else FujianBaida()
    nonzero = 0
    for seed in range(60):
        t = Table(rs, seed=seed)
        rng = random.Random(seed)
        for _ in range(25):
            if rng.random() < 0.5:  # random tiles
                pool = [k for k in range(34) for _ in range(4)]
                rng.shuffle(pool)
                hand = pool[:13]
            else:  # a complete hand less one tile: ready, often on the 百搭's kind
                hand = []
                for _ in range(4):
                    k = rng.randrange(34)
                    hand += [k, k, k] if k >= 27 or k % 9 > 6 or rng.random() < 0.4 else [k, k + 1, k + 2]
                hand += [rng.randrange(34)] * 2
                hand.remove(rng.choice(hand))
            for _ in range(rng.randint(0, 4)):
                hand[rng.randrange(13)] = WHITE
            for _ in range(rng.randint(0, 2)):
                hand[rng.randrange(13)] = min(t.wild_kinds)
            c = bytearray(34)
            for k in hand:
                c[k] = min(4, c[k] + 1)
            if sum(c) != 13:
                continue
            want = 0
            for k in range(34):
                if c[k] < 4 and (c[WHITE] or k == WHITE):
                    c[k] += 1
                    want |= rs.shape_free_win(t, 0, c) << k
                    c[k] -= 1
            assert rs.shape_free_waits(t, 0, c) == want
            nonzero += want != 0
    assert nonzero > 5


def test_payment_reasons() -> None:
    """Who pays and why: the discarder (放炮), a robbed kong's adder (抢杠), or
    the three others on a self-draw (自摸)."""
    r = score("111z222z333z444z6z", "6z", discarder=2)
    assert [(p.payer, p.payee, p.reason) for p in r.settlement.payments] == [(2, 0, "放炮")]
    r = score("123m456p789s12s33z", "3s", discarder=1, context={"indicator": "7s", "robbed_kong": True})
    assert [(p.payer, p.payee, p.reason) for p in r.settlement.payments] == [(1, 0, "抢杠")]
    r = score("123m456p789s12s33z", "3s", context={"indicator": "7s"})
    assert [(p.payer, p.reason) for p in r.settlement.payments] == [(1, "自摸"), (2, "自摸"), (3, "自摸")]
