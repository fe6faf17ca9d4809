"""杭州麻将 on paper: the seed's five shapes and 乱将, no other form, the
财神 (白板) as any tile, 爆头 / 财飘 / 杠开 (the spec's PROPOSALs) and their
payments, the discard-win rules and the dealer rule (seed 001, 杭州麻将;
variants-more §11.14) through ``score_hand``."""

from __future__ import annotations

import doctest
from types import SimpleNamespace
from typing import Any

import pytest
from mahjong_core import patterns as v
from mahjong_core.analysis import Form
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.variants import hangzhou
from mahjong_core.variants.hangzhou import CAISHEN, DiscardWin, Hangzhou, bao_tou

E, S, W, N = 0, 1, 2, 3
HZ = Hangzhou()


def score(hand: str, win: str, rs: Hangzhou = HZ, **kw: Any) -> Any:
    return rs.score_hand(hand, win_tile=win, **kw)


def deltas(r: Any) -> list[int]:
    return r.settlement.deltas(4)  # type: ignore[no-any-return]


def illegal(hand: str, win: str, match: str, rs: Hangzhou = HZ, **kw: Any) -> None:
    with pytest.raises(IllegalWinError, match=match):
        score(hand, win, rs, **kw)


# --- names, tiles, calls ----------------------------------------------------------


@pytest.mark.parametrize("name", ["hangzhou", "HANGZHOU", "hangzhou-v1", "杭州", "杭州麻将", "杭州财神", "浙江杭州",
                                  "浙江杭州麻将"])
def test_find_variant(name: str) -> None:
    assert find_variant(name) is Hangzhou


def test_tiles_and_calls() -> None:
    tiles = HZ.wall_tiles()
    # "共一百三十六张：筒、索、万、东、南、西、北风、中、发、白"
    assert len(tiles) == 136 and sorted(set(tiles)) == list(range(34)) and HZ.flower_tiles == ()
    assert HZ.hand_size == 13 and not HZ.dealer_draws_first  # "只有庄家可得到十四张牌，其余的人十三张"
    assert HZ.allow_chow and HZ.allow_pung and HZ.allow_kong and HZ.allow_exposed_kong
    assert not HZ.multiple_winners and HZ.rob_kong and not HZ.missed_win_ban  # PROPOSALs
    assert set(HZ.hand_rules.forms) == {Form.STANDARD}


# --- "胡牌者的牌型必需具备以下牌型之一：乱将即可" -----------------------------------


@pytest.mark.parametrize("hand,win,melds", [
    ("11m123p456p123s78s", "9s", ()),  # (1) 11 123 123 123 123
    ("11m123p456p123s77z", "7z", ()),  # (2) 11 123 123 123 111
    ("11m123p45p", "6p", ("pon 777z", "chi 789s")),
    ("11m123p111s77z", "7z", ("kan 9999p",)),  # (3) 11 123 123 111 111 (1111)
    ("11m12p", "3p", ("pon 111s", "ankan 9999p", "pon 777z")),  # (4) 11 123 111 111 111
    ("11m111p999s11z", "1z", ("kakan 2222z",)),  # (5) 11 111 111 111 111
    ("11m111p999s111z22z", "2z", ()),
])
def test_the_five_shapes(hand: str, win: str, melds: tuple[str, ...]) -> None:
    r = score(hand, win, winner=S, discarder=E, melds=melds)
    assert r.sheet.names() == ["胡牌"] and r.sheet.total == 1 and r.sheet.points == 1
    assert deltas(r) == [-1, 1, 0, 0]


@pytest.mark.parametrize("hand,pair", [("123m456p789s111z1m", "1m"), ("123m456p789s111z5p", "5p"),
                                       ("123m456p789s111z9s", "9s"), ("123m456p789s222z1z", "1z"),
                                       ("123m456p789s111z4z", "4z"), ("123m456p789s111z6z", "6z"),
                                       ("123m456p789s111z7z", "7z"), ("123m456p789s111z2s", "2s")])
def test_any_pair_luan_jiang(hand: str, pair: str) -> None:
    # "乱将即可": a pair of any kind, 2-5-8 or not, honours too
    r = score(hand, pair, winner=S, discarder=E)
    assert r.sheet.names() == ["胡牌"] and r.context.concealed.count(r.context.win_tile) >= 2


@pytest.mark.parametrize("hand,win", [
    ("1122m3344p5566s7z", "7z"),  # 七对
    ("19m19p19s1234567z", "1m"),  # 十三幺
    ("147m258p369s1234z", "5z"),  # 全不靠 (with a 财神)
    ("123m456p789s1234z", "6z"),  # no pair
])
def test_only_the_seed_shapes(hand: str, win: str) -> None:
    # "只保存几种牌型": no 七对, 十三幺 or other forms
    illegal(hand, win, "胡牌者的牌型必需具备以下牌型之一", winner=S, discarder=E)


# --- 财神 (白板) ------------------------------------------------------------------


def test_the_caishen_stands_for_any_tile() -> None:
    assert CAISHEN == 31
    r = score("13m5z456p789s111z2z", "2z", winner=S, discarder=E)  # 5z as 2m
    assert r.sheet.names() == ["胡牌"] and r.context.wilds == 1 and r.context.wild_kinds == {CAISHEN}
    r = score("1m5z5z456p789s111z2z", "2z", winner=S, discarder=E)  # two 财神 in a chow
    assert r.sheet.names() == ["胡牌"] and r.context.wilds == 2
    r = score("5z5z7z456p789s111z2z", "2z", winner=S, discarder=E)  # two 财神 and 7z: a pung
    assert r.sheet.names() == ["胡牌"]
    # three 财神 and a single: two of them and the single are a set, the third waits on anything (爆头)
    r = score("5z5z5z456p789s111z2z", "2z", winner=S)
    assert r.sheet.names() == ["胡牌", "爆头"]


def test_bao_tou_self_drawn() -> None:
    # four sets and a lone 财神: any tile wins by pairing with it
    for win in ("7z", "1m", "9s", "3p"):
        r = score("123m456p789s111z5z", win, winner=S)
        assert r.sheet.names() == ["胡牌", "爆头"] and r.sheet.total == 2 and r.sheet.points == 2
        assert deltas(r) == [-2, 6, -2, -2]
    # a drawn 财神 pairs with the lone one
    r = score("123m456p789s111z5z", "5z", winner=S)
    assert r.sheet.names() == ["胡牌", "爆头"] and r.context.wilds == 2


def test_bao_tou_only_self_drawn() -> None:
    illegal("123m456p789s111z5z", "7z", "爆头 wins only by self-draw", winner=S, discarder=E)
    r = score("123m456p789s111z5z", "7z", Hangzhou(bao_tou_on_discard=True), winner=S, discarder=E)
    assert r.sheet.names() == ["胡牌", "爆头"] and deltas(r) == [-2, 2, 0, 0]


def test_a_caishen_pair_partner_is_not_bao_tou_when_the_win_made_a_set() -> None:
    # 45m + 财神 + 7z: the 6m completes the chow; the 7z pairs with the 财神 (no 爆头)
    r = score("45m5z456p789s111z7z", "6m", winner=S)
    assert r.sheet.names() == ["胡牌"]
    r = score("45m5z456p789s111z7z", "6m", winner=S, discarder=E)  # and it may be won on a discard
    assert deltas(r) == [-1, 1, 0, 0]


def test_a_hand_that_reads_as_bao_tou_takes_it() -> None:
    # 111z + 财神 + a fourth 1z: 111z and the 1z-财神 pair (爆头), or 11z and 1z-1z-财神
    r = score("123m456p789s111z5z", "1z", winner=S)
    assert r.sheet.names() == ["胡牌", "爆头"]
    # ... so it is no win on a discard, unless 爆头 may be won on a discard
    illegal("123m456p789s111z5z", "1z", "爆头", winner=S, discarder=E)


@pytest.mark.parametrize("piao,name,mult", [(1, "财飘", 4), (2, "双飘", 8), (3, "三飘", 16)])
def test_cai_piao(piao: int, name: str, mult: int) -> None:
    r = score("123m456p789s111z5z", "7z", winner=N, context={"piao": piao})
    assert r.sheet.names() == ["胡牌", name] and r.sheet.total == mult
    assert deltas(r) == [-mult, -mult, -mult, 3 * mult]


def test_piao_without_bao_tou_is_nothing() -> None:
    r = score("45m5z456p789s111z7z", "6m", winner=S, context={"piao": 1})
    assert r.sheet.names() == ["胡牌"] and r.sheet.total == 1


def test_gang_kai() -> None:
    r = score("123m456p789s7z", "7z", winner=W, melds=("ankan 1111z",), context={"kong_replacement": True})
    assert r.sheet.names() == ["胡牌", "杠开"] and r.sheet.total == 2 and deltas(r) == [-2, -2, 6, -2]
    # 杠开 and 爆头 multiply (杠爆 ×4); with a 财飘 ×8
    r = score("123m456p789s5z", "7z", winner=W, melds=("ankan 1111z",), context={"kong_replacement": True})
    assert r.sheet.names() == ["胡牌", "爆头", "杠开"] and r.sheet.total == 4 and r.sheet.points == 4
    r = score("123m456p789s5z", "7z", winner=W, melds=("ankan 1111z",),
              context={"kong_replacement": True, "piao": 1})
    assert r.sheet.names() == ["胡牌", "财飘", "杠开"] and r.sheet.total == 8


def test_values_are_options() -> None:
    rs = Hangzhou(base=5, bao_tou=3, piao=3, gang_kai=4)
    r = score("123m456p789s5z", "7z", rs, winner=W, melds=("ankan 1111z",),
              context={"kong_replacement": True, "piao": 2})
    assert r.sheet.total == 3 * 9 * 4 and r.sheet.points == 5 * 108
    assert deltas(r) == [-540, -540, 1620, -540]


def test_robbing_a_kong_is_paid_by_the_robbed_seat() -> None:
    r = score("123m456p789s111z3z", "3z", winner=S, discarder=W, context={"robbed_kong": True})
    assert deltas(r) == [0, 1, -1, 0] and r.settlement.payments[0].reason == "抢杠"


def test_a_discarded_caishen_is_dead() -> None:
    illegal("123m456p789s111z7z", "5z", "discarded 财神 is dead", winner=S, discarder=E)
    r = score("123m456p789s111z7z", "5z", Hangzhou(win_on_discarded_wild=True), winner=S, discarder=E)
    assert deltas(r) == [-1, 1, 0, 0]
    # self-drawn, a 财神 completes anything
    assert score("123m456p789s111z7z", "5z", winner=S).sheet.names() == ["胡牌"]


def test_discard_win_options() -> None:
    only_self = Hangzhou(discard_win="self-drawn")
    assert only_self.options.discard_win is DiscardWin.SELF_DRAWN
    illegal("11m123p456p123s78s", "9s", "only self-drawn", only_self, winner=S, discarder=E)
    assert score("11m123p456p123s78s", "9s", only_self, winner=S).sheet.points == 1
    no_wild = Hangzhou(discard_win="no-wild")
    illegal("13m5z456p789s111z2z", "2z", "holding a 财神", no_wild, winner=S, discarder=E)
    assert deltas(score("11m123p456p123s78s", "9s", no_wild, winner=S, discarder=E)) == [-1, 1, 0, 0]


def test_bao_tou_matches_the_vocabulary() -> None:
    # the fast 爆头 over decompositions says what patterns.wild_pair_wait says
    cases = [("123m456p789s111z5z", "7z"), ("123m456p789s111z5z", "5z"), ("45m5z456p789s111z7z", "6m"),
             ("1m5z5z456p789s111z2z", "2z"), ("5z5z5z456p789s111z2z", "2z"), ("5z5z5z456p789s111z2z", "5z"),
             ("123m456p789s1z5z5z5z", "1z"), ("11m5z5z456p789s111z", "1m")]
    for hand, win in cases:
        for disc in (None, E):
            rs = Hangzhou(bao_tou_on_discard=True, win_on_discarded_wild=True)
            ctx = score(hand, win, rs, winner=S, discarder=disc).context
            want = any(v.wild_pair_wait(r) for r in v.readings(ctx, HZ.hand_rules))
            assert bao_tou(ctx) == want, (hand, win)


# --- the dealer ----------------------------------------------------------------------


@pytest.mark.parametrize("dealer,winners,nxt", [(0, [], 0), (0, [0], 0), (0, [2], 2), (1, [3], 3), (3, [0], 0),
                                                (2, [2], 2)])
def test_next_dealer(dealer: int, winners: list[int], nxt: int) -> None:
    # "庄家胡牌或流局则连续当庄家", "闲家谁胡牌谁当庄家"
    assert HZ.next_dealer(SimpleNamespace(dealer=dealer, winners=winners)) == nxt  # type: ignore[arg-type]


# --- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize("opts", [{"base": 0}, {"bao_tou": True}, {"piao": "2"}, {"gang_kai": -1},
                                  {"bao_tou_on_discard": 1}, {"discard_win": "never"},
                                  {"win_on_discarded_wild": "yes"}, {"wild": "white"}])
def test_bad_options(opts: dict[str, Any]) -> None:
    with pytest.raises(MahjongError):
        Hangzhou(**opts)


def test_options_roundtrip() -> None:
    rs = Hangzhou(base=2, bao_tou=3, piao=4, gang_kai=5, bao_tou_on_discard=True, discard_win="no-wild",
                  win_on_discarded_wild=True)
    again = Hangzhou.from_options_json(rs.options_json())
    assert again.options == rs.options and again.options.discard_win is DiscardWin.NO_WILD


def test_bad_context_and_hands() -> None:
    with pytest.raises(MahjongError, match="piao"):
        score("123m456p789s111z5z", "7z", winner=S, context={"piao": -1})
    with pytest.raises(MahjongError, match="piao"):
        score("123m456p789s111z5z", "7z", winner=S, context={"piao": "x"})
    with pytest.raises(MahjongError, match="piao"):
        score("123m456p789s1z5z5z5z", "7z", winner=S, context={"piao": 2})  # five 白板
    with pytest.raises(MahjongError, match="unknown context key"):
        score("123m456p789s111z5z", "7z", winner=S, context={"indicator": "1m"})
    with pytest.raises(InvalidHandError, match="14 tiles"):
        score("123m456p789s11z5z", "7z", winner=S)
    with pytest.raises(MahjongError):
        score("123m456p789s111z5z", "7z", winner=S, discarder=S)
    r = score("123m456p789s111z5z", "7z", winner=S, context={"piao": "1"})  # text from the command line
    assert r.sheet.names() == ["胡牌", "财飘"]


def test_docstring_examples() -> None:
    result = doctest.testmod(hangzhou)
    assert result.attempted >= 3 and result.failed == 0


def test_docs_page_example() -> None:
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "variants" / "hangzhou.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.attempted >= 3 and result.failed == 0
