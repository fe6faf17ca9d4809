"""哈尔滨麻将 on paper: the worked examples of §10.11, every rule sentence of
the seed (pp.36-39) that a hand on paper can show, the scoring PROPOSAL
(HR-1) with its options, and bad input."""

from __future__ import annotations

from typing import Any

import pytest
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.variants.harbin import Harbin, HarbinValues, closed_wait

import hooks_reference as ref
from mahjong_core.tiles import parse_tiles

READY = {"declared_ready": True}
BAO = {"declared_ready": True, "wild_win_tile": True}


def score(hand: str, win: str, melds: tuple[str, ...] = (), *, winner: int = 1, discarder: int | None = 2,
          dealer: int = 0, context: dict[str, Any] | None = None, rs: Harbin | None = None) -> Any:
    rs = rs or Harbin()
    return rs.score_hand(hand, win_tile=win, melds=list(melds), winner=winner, dealer=dealer,
                         discarder=discarder, context=READY if context is None else context)


# --- names, tiles ------------------------------------------------------------


@pytest.mark.parametrize("name", ["harbin", "harbin-v1", "哈尔滨", "哈尔滨麻将", "黑龙江", "黑龙江哈尔滨麻将", "宝牌"])
def test_names(name: str) -> None:
    assert find_variant(name) is Harbin


def test_tiles_112_with_red_dragons() -> None:
    """"万、饼、条各36张，再加4个红中，一共112张牌"."""
    tiles = Harbin().wall_tiles()
    assert len(tiles) == 112 and tiles.count(33) == 4
    assert set(tiles) == set(range(27)) | {33}
    with pytest.raises(InvalidHandError, match="not in this rule set"):
        score("123m456p789s11z99m", "9m", ("pon 555p",))


# --- worked examples (§10.11) -------------------------------------------------


def test_hr_e1_legal_ready_hand_and_mo_bao() -> None:
    """S: [pong 555p] 123m 456s 99m 78s waits 3s/6s/9s; the 宝 4m drawn wins (摸宝)."""
    for w in ("3s", "6s", "9s"):
        r = score("123m456s99m78s", w, ("pon 555p",))
        assert r.sheet.names() == ["平胡"] and r.settlement.deltas(4) == [0, 1, -1, 0]
    r = score("123m456s99m78s", "4m", ("pon 555p",), discarder=None, context=BAO)
    assert r.sheet.names() == ["摸宝"] and r.sheet.points == 2
    assert r.settlement.deltas(4) == [-4, 8, -2, -2]  # the dealer pays × 2
    # W's discarded 4m is not wild: no win on it
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        score("123m456s99m78s", "4m", ("pon 555p",))


def test_hr_e2_closed_wait_and_bao_in_bao() -> None:
    """S: [pong 555p] 123m 99m 456s 79s (only 8s): 卡当; the 宝 8s drawn: 宝中宝."""
    r = score("123m99m456s79s", "8s", ("pon 555p",))
    assert r.sheet.names() == ["平胡", "卡当"] and r.sheet.points == 2
    r = score("123m99m456s79s", "8s", ("pon 555p",), discarder=None)
    assert r.sheet.names() == ["自摸", "卡当"] and r.sheet.points == 4
    r = score("123m99m456s79s", "8s", ("pon 555p",), discarder=None, context=BAO)
    assert r.sheet.names() == ["宝中宝"] and r.sheet.points == 4
    assert r.settlement.deltas(4) == [-8, 16, -4, -4]
    # another 宝 (3m) drawn on the 卡当 wait: 摸宝 and 卡当, not 宝中宝
    r = score("123m99m456s79s", "3m", ("pon 555p",), discarder=None, context=BAO)
    assert r.sheet.names() == ["摸宝", "卡当"] and r.sheet.points == 4


@pytest.mark.parametrize(("hand", "win", "melds", "rule"), [
    ("123m456m789m1m", "1m", ("pon 555m",), "清一色不能听"),                      # (a) one suit
    ("123m456p789s111s9m", "9m", (), "必需开门"),                                  # (b) concealed
    ("67s88m", "5s", ("chi 234m", "pon 555p", "pon 444s"), "必须带幺或九"),       # (c) no 1, 9 or 中
    ("67s88m", "8s", ("chi 234m", "pon 555p", "pon 444s"), "必须带幺或九"),
])
def test_hr_e3_cannot_be_ready(hand: str, win: str, melds: tuple[str, ...], rule: str) -> None:
    with pytest.raises(IllegalWinError, match=rule):
        score(hand, win, melds)


def test_hr_e4_two_pair_exception() -> None:
    """[chi 123m] 456p 789s 11m 99p: no pung, two pairs: 对倒 on 1m or 9p."""
    for w in ("1m", "9p"):
        r = score("456p789s11m99p", w, ("chi 123m",))
        assert r.sheet.names() == ["平胡"]


# --- 胡牌的条件 (each rule, legal and illegal) --------------------------------


def test_ready_first() -> None:
    """四、只有在听牌状态下才可胡牌."""
    with pytest.raises(IllegalWinError, match="只有在听牌状态下才可胡牌"):
        score("123m456s99m78s", "9s", ("pon 555p",), context={})


def test_opened_by_a_call_not_a_concealed_kong() -> None:
    """五、必需开门 … 暗杠不算开门."""
    with pytest.raises(IllegalWinError, match="必需开门"):
        score("123m456s99m78s", "9s", ("ankan 5555p",))
    assert score("123m456s99m78s", "9s", ("kan 5555p",)).sheet.names() == ["平胡"]
    assert score("111m456s99m78s", "9s", ("chi 345p",)).sheet.names() == ["平胡"]


def test_two_suits_red_dragon_is_no_suit() -> None:
    """一、清一色不能听，必须有两种色以上（注：红中不算色）."""
    with pytest.raises(IllegalWinError, match="清一色不能听"):
        score("123m456m77z99m", "9m", ("pon 777m",))
    with pytest.raises(IllegalWinError, match="清一色不能听"):
        score("123m456m789m9m", "9m", ("chi 123m",))
    assert score("123m456m77z99m", "9m", ("pon 777p",)).sheet.names() == ["平胡"]


def test_terminal_or_red_dragon() -> None:
    """二、牌中必须带至少一个幺或九，若有红中，红中就可代替."""
    with pytest.raises(IllegalWinError, match="幺或九"):
        score("234m456s55m67s", "8s", ("pon 444p",))
    assert score("234m456s77z67s", "8s", ("pon 444p",)).sheet.names() == ["平胡"]  # a 红中 pair
    assert score("234m456s55m67s", "5s", ("pon 999p",)).sheet.names() == ["平胡"]
    # the 9 must be there when declaring: a win on the only 9 does not count
    with pytest.raises(IllegalWinError, match="幺或九"):
        score("234m456s55m78s", "9s", ("pon 444p",))


def test_pung_and_chow() -> None:
    """三、听牌时必须带至少一组刻牌与一组顺牌 … 3个以上的红中也可以满足刻牌的条件."""
    # no pung, one pair: the winning hand has only chows
    with pytest.raises(IllegalWinError, match="刻牌"):
        score("456p789s11m23m", "4m", ("chi 123m",))
    # no chow: four pungs (碰碰胡 is none of the seed's shapes)
    with pytest.raises(IllegalWinError, match="刻牌"):
        score("111m999p55s7z7z", "7z", ("pon 222s",))
    # the chow must be made when declaring, not by the winning tile
    with pytest.raises(IllegalWinError, match="刻牌"):
        score("999m45m11p", "3m", ("pon 555p", "pon 222s"))
    assert score("999m45m11p123s", "3m", ("pon 555p",)).sheet.names() == ["平胡"]
    # 中中中 is the pung; 中中中中 (a kong) too
    assert score("456p11m777z78s", "9s", ("chi 123m",)).sheet.names() == ["平胡"]
    assert score("456p11m78s", "9s", ("chi 123m", "kan 7777z")).sheet.names() == ["平胡"]
    # a 红中 pair: shape (3)
    assert score("456p789s7z7z99m", "9m", ("chi 123m",)).sheet.names() == ["平胡"]


def test_two_pairs_need_the_other_conditions_too() -> None:
    """HR-6: the two-pair exception still needs a 1/9/中, two suits and an opened hand."""
    with pytest.raises(IllegalWinError, match="幺或九"):
        score("456p678s22m55p", "2m", ("chi 234m",))
    with pytest.raises(IllegalWinError, match="必需开门"):
        score("123m456p789s11m99p", "9p", ())


def test_no_single_tile_wait() -> None:
    """六、不能上听单调一张牌 (at least 4 tiles in hand: no fourth meld)."""
    with pytest.raises(IllegalWinError, match="单调"):
        score("9m", "9m", ("chi 123m", "pon 555p", "chi 789s", "pon 111s"))


def test_only_the_seed_shapes() -> None:
    """胡牌组合只考虑只上几种，其他特殊组合均不考虑: no 七对, no 十三幺."""
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        score("1199m1199p1199s7z", "7z", (), context=READY)
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        score("1357m2468p13579s", "9s", ())


def test_all_listed_shapes_win() -> None:
    """(1) 11 111 123 123 123 … (5) 11 123 111 111 中中中中."""
    assert score("11m222p123s45s", "6s", ("chi 789m",)).sheet.names() == ["平胡"]           # (1)
    assert score("11m45s", "6s", ("chi 789m", "pon 222p", "kan 3333s")).sheet.names() == ["平胡"]  # (2)
    assert score("7z7z222p123s45s", "6s", ("chi 789m",)).sheet.names() == ["平胡"]          # (3)
    assert score("1m123s7z7z7z", "1m", ("pon 999p", "pon 222p")).sheet.names() == ["平胡"]  # (4)
    assert score("1m123s", "1m", ("pon 999p", "pon 222p", "kan 7777z")).sheet.names() == ["平胡"]  # (5)


# --- 卡当 and 宝中宝 ------------------------------------------------------------


def _kinds(text: str) -> list[int]:
    return parse_tiles(text)


@pytest.mark.parametrize(("tiles", "want"), [
    ("67789m11p", None),   # "67789 胡8万不算，因为可胡5、8万"
    ("7889m", "8m"),       # "7889算"
    ("78889m11p", None),   # "78889不算，可胡8万和另一个对子的牌"
    ("8m", None),          # "8不算，单调不是卡当"
    ("12m11p", None),      # 边张 is no 卡当
    ("79s11m", "8s"),
    ("46p11m", "5p"),
])
def test_closed_wait_examples(tiles: str, want: str | None) -> None:
    got = closed_wait(_kinds(tiles))
    assert got == (None if want is None else _kinds(want)[0])


def test_closed_wait_in_a_hand() -> None:
    r = score("123p7889m", "8m", ("pon 555s", "chi 789s"), context=READY)
    assert r.sheet.names() == ["平胡", "卡当"]
    r = score("123p67789m11s", "8m", ("pon 555s",), context=READY)
    assert "卡当" not in r.sheet.names()
    with pytest.raises(IllegalWinError, match="刻牌"):  # 12m waits 3m: the only chow is the winning tile's
        score("999p12m11s", "3m", ("pon 555s", "pon 222p"))


# --- scoring and payments (HR-1 PROPOSAL) -------------------------------------


def test_dealer_doubles_every_payment_it_is_in() -> None:
    # the dealer wins by discard
    r = score("123m456s99m78s", "9s", ("pon 555p",), winner=0, discarder=2)
    assert r.sheet.names() == ["平胡", "庄家"] and r.settlement.deltas(4) == [2, 0, -2, 0]
    # the dealer deals in
    r = score("123m456s99m78s", "9s", ("pon 555p",), winner=1, discarder=0)
    assert r.settlement.deltas(4) == [-2, 2, 0, 0]
    # the dealer self-draws: 2 × 2 from each
    r = score("123m456s99m78s", "9s", ("pon 555p",), winner=0, discarder=None)
    assert r.sheet.names() == ["自摸", "庄家"] and r.settlement.deltas(4) == [12, -4, -4, -4]
    # robbing a kong: the robbed seat pays as a discarder
    r = score("123m456s99m78s", "9s", ("pon 555p",), winner=1, discarder=3, context={**READY, "robbed_kong": True})
    assert r.settlement.payments[0].reason == "抢杠" and r.settlement.deltas(4) == [0, 1, 0, -1]


def test_values_are_options() -> None:
    rs = Harbin(values=HarbinValues(base=5, self_draw=3, closed_wait=4, bao_in_bao=10, dealer=1, mo_bao=2))
    r = score("123m99m456s79s", "8s", ("pon 555p",), discarder=None, rs=rs)
    assert r.sheet.points == 5 * 3 * 4 and r.settlement.deltas(4) == [-60, 180, -60, -60]
    r = score("123m99m456s79s", "8s", ("pon 555p",), discarder=None, context=BAO, rs=rs)
    assert r.sheet.names() == ["宝中宝"] and r.sheet.points == 50
    r = score("123m99m456s79s", "3m", ("pon 555p",), discarder=None, context=BAO, rs=rs)
    assert r.sheet.names() == ["摸宝", "卡当"] and r.sheet.points == 5 * 6 * 4
    assert Harbin.from_options_json(rs.options_json()).options == rs.options
    assert Harbin(values={"base": 2}).options.values.base == 2


@pytest.mark.parametrize("bad", [
    {"values": {"base": 0}},
    {"values": {"nope": 1}},
    {"values": 3},
    {"rob_kong": "yes"},
    {"chow_ready_any_seat": 1},
    {"nonsense": True},
])
def test_bad_options(bad: dict[str, Any]) -> None:
    with pytest.raises(MahjongError):
        Harbin(**bad)


def test_the_bao_as_a_context_key() -> None:
    """``bao``: a declared seat's self-drawn tile of the 宝's kind is the wild 摸宝; a discard of it is not."""
    ctx = {**READY, "bao": "8s"}
    r = score("123m99m456s79s", "8s", ("pon 555p",), discarder=None, context=ctx)
    assert r.sheet.names() == ["宝中宝"] and r.context.extra["bao"] == "8s"
    assert [p.reason for p in r.settlement.payments] == ["摸宝 (庄家)", "摸宝", "摸宝"]
    r = score("123m456s99m78s", "4m", ("pon 555p",), discarder=None, context={**READY, "bao": "4m"})
    assert r.sheet.names() == ["摸宝"] and r.sheet.points == 2
    r = score("123m456s99m78s", "9s", ("pon 555p",), discarder=None, context={**READY, "bao": "4m"})
    assert r.sheet.names() == ["自摸"]
    with pytest.raises(IllegalWinError, match="not a winning hand"):  # a discarded 宝 is not wild
        score("123m456s99m78s", "4m", ("pon 555p",), context={**READY, "bao": "4m"})
    with pytest.raises(IllegalWinError, match="not a winning hand"):  # nor one drawn before declaring
        score("123m456s99m78s", "4m", ("pon 555p",), discarder=None, context={"bao": "4m"})
    for bad in ("4z", "x", 40, True):
        with pytest.raises(MahjongError, match="bao"):
            score("123m456s99m78s", "9s", ("pon 555p",), discarder=None, context={**READY, "bao": bad})


def test_bad_input_gets_a_typed_error() -> None:
    with pytest.raises(InvalidHandError, match="tiles"):
        score("123m456s99m78s9s", "9s", ("pon 555p",))  # a tile too many
    with pytest.raises(MahjongError, match="unknown context key"):
        score("123m456s99m78s", "9s", ("pon 555p",), context={"宝": "3m"})
    with pytest.raises(MahjongError, match="wild_win_tile"):
        score("123m456s99m78s", "4m", ("pon 555p",), context=BAO)  # a wild tile on a discard
    with pytest.raises(MahjongError):
        score("123m456s99m78s", "9x", ("pon 555p",))


def test_describe() -> None:
    d = Harbin.describe()
    assert (d["players"], d["wall_tiles"], d["hand_size"], d["flowers"]) == (4, 112, 13, 0)
    assert "宝" in d["wild_tiles"] and d["defaults"]["chow_ready_any_seat"] is True


@pytest.mark.parametrize("every", [False, True])
def test_visible_copies_and_opening_match_the_plain_counts(every: bool) -> None:
    """visible_copies and may_declare_ready (written for speed) count as
    the plain definitions do, on random rivers and melds of every kind
    (``Table.shown``, which the engine keeps as the hand goes, is set here
    as the engine would; the games' invariants check the engine's)."""
    import random

    from mahjong_core.engine import Table
    from mahjong_core.tiles import Meld, MeldKind

    rs = Harbin(concealed_kongs_visible=every)
    rng = random.Random(7)
    t = Table(rs, seed=1)
    opened = hidden = 0
    for _ in range(300):
        for s in range(t.n):
            t.discards[s][:] = [rng.randrange(34) for _ in range(rng.randint(0, 12))]
            melds = []
            for _ in range(rng.randint(0, 3)):
                k = rng.randrange(27)
                kind = rng.choice(list(MeldKind)[:5])
                if kind is MeldKind.CHI:
                    k -= k % 9 // 7 * 2
                    melds.append(Meld(kind, (k, k + 1, k + 2)))
                else:
                    melds.append(Meld(kind, (k,) * (3 if kind is MeldKind.PON else 4)))
            t.melds[s][:] = melds
            want_open = any(not m.is_concealed for m in melds)
            # (opened, and the tiles may hold a legal ready hand: hooks_reference)
            assert rs.may_declare_ready(t, s) == ref.hb_may_declare_ready(rs, t, s)
            assert not rs.may_declare_ready(t, s) or want_open
            opened += want_open
            hidden += bool(melds) and not want_open
        t.shown[:] = bytes(
            sum(t.discards[s].count(k) for s in range(t.n))
            + sum(m.tiles.count(k) for s in range(t.n) for m in t.melds[s] if m.kind is not MeldKind.ANKAN)
            for k in range(34)
        )
        for kind in range(34):
            want = sum(t.discards[s].count(kind) for s in range(t.n)) + sum(
                m.tiles.count(kind) for s in range(t.n) for m in t.melds[s] if every or not m.is_concealed)
            assert rs.visible_copies(t, kind) == want
            t.indicator = kind
            assert rs.indicator_redraw(t) == (want >= 3)
    assert opened > 100 and hidden > 5


def test_refuses_win_refuses_only_what_win_problem_refuses() -> None:
    """refuses_win (asked by the engine before scoring) refuses only the
    contexts win_problem refuses after scoring, on the contexts of greedy
    and random games."""
    from mahjong_core.bots import GreedyBot, RandomBot, play_hand

    seen: list[Any] = []

    class Recording(Harbin):
        def refuses_win(self, ctx: Any) -> bool:
            seen.append(ctx)
            return False

        def may_declare_ready(self, table: Any, seat: int) -> bool:
            # (opened is enough: every declaration is tried, the ones the
            # speed answer of may_hold_ready skips too)
            return any(not m.is_concealed for m in table.melds[seat])

    rec = Recording()
    for seed in range(24):
        bots = [GreedyBot() for _ in range(4)] if seed % 2 else [RandomBot(seed * 4 + s) for s in range(4)]
        play_hand(rec, bots, seed=seed, dealer=seed % 4)
    refused = accepted = 0
    for opts in ({}, {"concealed_kongs_visible": True}):
        rs = Harbin(**opts)
        for ctx in seen:
            if rs.refuses_win(ctx):
                refused += 1
                assert rs.win_problem(ctx, rs.score(ctx)) is not None  # (and a shape: score does not raise)
            else:
                accepted += rs.win_problem(ctx, rs.score(ctx)) is None
    assert refused > 100 and accepted > 20


def test_pung_and_chow_from_the_decompositions_is_the_readings_rule() -> None:
    """pung_and_chow_natural (read off the kernel's decompositions) answers
    as _pung_and_chow over every reading, on random winning hands with and
    without declared melds (the winning tile often in two units) and on the
    contexts of games."""
    import random
    from dataclasses import replace

    from mahjong_core import patterns
    from mahjong_core.analysis import decompositions
    from mahjong_core.bots import GreedyBot, RandomBot, play_hand
    from mahjong_core.paper import build_context
    from mahjong_core.tiles import KIND_NAMES
    from mahjong_core.variants.harbin import RULES, _pung_and_chow, pung_and_chow_natural

    contexts: list[Any] = []

    class Recording(Harbin):
        def refuses_win(self, ctx: Any) -> bool:
            if ctx.decompositions and not ctx.wilds:
                contexts.append(ctx)
            return super().refuses_win(ctx)

        def may_declare_ready(self, table: Any, seat: int) -> bool:
            return any(not m.is_concealed for m in table.melds[seat])  # (every declaration tried)

    rec = Recording()
    for seed in range(12):
        bots = [GreedyBot() for _ in range(4)] if seed % 2 else [RandomBot(seed * 4 + s) for s in range(4)]
        play_hand(rec, bots, seed=seed, dealer=seed % 4)
    rng = random.Random(3)
    rs = Harbin()
    while len(contexts) < 1500:
        base = rng.choice([0, 9, 18])
        sets = []
        for _ in range(4):
            k = base + rng.randrange(9) if rng.random() < 0.6 else rng.choice([*range(27), 33])
            sets.append([k] * 3 if k >= 27 or k % 9 > 6 or rng.random() < 0.4 else [k, k + 1, k + 2])
        tiles = [k for s in sets for k in s] + [rng.choice([*range(base, base + 9), 33])] * 2
        if max(tiles.count(k) for k in set(tiles)) > 4:
            continue
        declared = rng.randint(0, 3)
        melds = [("pon " if s[0] == s[1] else "chi ") + "".join(KIND_NAMES[k] for k in s) for s in sets[:declared]]
        hand = [k for s in sets[declared:] for k in s] + tiles[-2:]
        win = hand.pop(rng.randrange(len(hand)))
        ctx = build_context(rs, hand, win_tile=win, melds=melds, winner=1,
                            discarder=None if rng.random() < 0.5 else 2, context={})
        found = tuple(decompositions(ctx.concealed, wilds=0, rules=RULES))
        contexts.append(replace(ctx, decompositions=found, wild_kinds=frozenset({rng.choice([win, 5])})))
    yes = 0
    for ctx in contexts:
        want = any(_pung_and_chow(r) for r in patterns.readings(ctx, RULES))
        assert pung_and_chow_natural(ctx) == want, ctx
        yes += want
    assert 200 < yes < len(contexts) - 200
