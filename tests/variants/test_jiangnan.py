"""江南心皇麻将 through score_hand: twelve tiles and the 心皇 (committed or
any kind), the strong 振听 on wins, the meld display rule, the 番 table and
payments, options and bad input."""

from __future__ import annotations

import pytest

from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.tiles import Meld, MeldKind
from mahjong_core.variants.jiangnan import Commit, Jiangnan, sideways

JN = Jiangnan()


def score(hand: str, win: str, *, rs: Jiangnan = JN, winner: int = 1, discarder: int | None = 2,
          melds: tuple[str, ...] = (), **ctx: object):
    return rs.score_hand(hand, win_tile=win, winner=winner, discarder=discarder, melds=melds, context=ctx)


def test_registry_and_names() -> None:
    assert find_variant("江南心皇") is Jiangnan and find_variant("心皇") is Jiangnan
    assert Jiangnan.zh == "江南心皇" and Jiangnan.hand_size == 12 and Jiangnan.imagined_tiles == 1
    assert Jiangnan.describe()["wall_tiles"] == 136


# --- "每家少拿一张牌，心中想象一张牌" ----------------------------------------------------


def test_twelve_tiles_and_the_winning_one_with_the_xinhuang() -> None:
    # 123m 456p 789s 1z + 22z: the 心皇 makes 11z or 222z
    r = score("123m456p789s1z22z", "1z")
    assert r.context.wilds == 1 and len(r.context.concealed) == 13
    assert r.sheet.names() == ["门清"] and r.settlement.deltas(4) == [0, 2, -2, 0]


def test_a_full_fourteen_tile_hand_is_too_many() -> None:
    with pytest.raises(InvalidHandError, match="13 tiles"):
        score("123m456p789s11z22z", "2z")


def test_the_committed_xinhuang_must_fit() -> None:
    # 123m 456p 789s 1z 22z + 1z: the 心皇 must be 2z (or 1z... no: 11z pair + 22z needs a 2z)
    assert score("123m456p789s1z22z", "1z", xinhuang="2z").sheet.total == 1
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        score("123m456p789s1z22z", "1z", xinhuang="5m")


def test_without_xinhuang_the_imagined_tile_is_any_kind() -> None:
    # 1m 2m waiting: 12m + the 心皇 as 3m
    r = score("12m456p789s111z9s", "9s", discarder=None)
    assert r.sheet.total >= 1
    assert score("12m456p789s111z9s", "9s", discarder=None, xinhuang="3m").sheet.total >= 1
    with pytest.raises(IllegalWinError):
        score("12m456p789s111z9s", "9s", discarder=None, xinhuang="4m")


def test_the_xinhuang_is_only_for_the_win_not_for_melds() -> None:
    # melds take real tiles only: a pung written with the 心皇 is not a meld
    with pytest.raises(InvalidHandError):
        score("456p789s111z9s", "9s", melds=("pon 55m",))


# --- "曾放过的牌既不能上，更不能和" ------------------------------------------------------


def test_no_win_on_a_kind_discarded_before() -> None:
    with pytest.raises(IllegalWinError, match="曾放过的牌"):
        score("123m456p789s1z22z", "1z", discarded="1z9m")
    with pytest.raises(IllegalWinError, match="曾放过的牌"):
        score("123m456p789s1z22z", "1z", discarded="1z", robbed_kong=True)
    assert score("123m456p789s1z22z", "1z", discarded="9m3p").sheet.total == 1


def test_the_self_drawn_tile_of_a_discarded_kind_wins_by_default() -> None:
    assert score("123m456p789s1z22z", "1z", discarder=None, discarded="1z").sheet.names() == ["自摸", "门清"]
    with pytest.raises(IllegalWinError, match="曾放过的牌"):
        score("123m456p789s1z22z", "1z", discarder=None, discarded="1z", rs=Jiangnan(furiten_self_draw=True))


# --- meld display ---------------------------------------------------------------


def test_sideways_tiles() -> None:
    chow = Meld(MeldKind.CHI, (2, 3, 4))
    assert sideways(chow, 1, 0, 4) == 1  # 34m + 5m: 5m laid in the middle
    pung = Meld(MeldKind.PON, (9, 9, 9))
    assert [sideways(pung, 2, s, 9) for s in (3, 0, 1)] == [2, 1, 0]  # 下家 right, 对家 middle, 上家 left
    with pytest.raises(MahjongError):
        sideways(chow, 1, 0, 8)
    with pytest.raises(MahjongError):
        sideways(pung, 2, 2, 9)


# --- the 番 table (PROPOSAL) ------------------------------------------------------------


def test_fan_items_and_payments() -> None:
    r = score("112233m45m999m1z", "1z", discarder=None)  # 混一色, 门清, 自摸: 8 each
    assert r.sheet.names() == ["自摸", "门清", "混一色"] and r.settlement.deltas(4) == [-8, 24, -8, -8]
    # 111 222 333 55 77m + the 心皇 as 7m: 门清 碰碰胡 清一色 (the best reading, not 123m ×3): 3 × 16
    r = score("1112223335m77m", "5m", rs=Jiangnan(base=3))
    assert r.sheet.names() == ["门清", "碰碰胡", "清一色"] and r.settlement.deltas(4) == [0, 48, -48, 0]
    r = score("11z9s", "9s", melds=("pon 555m", "pon 777p", "pon 222s"))  # 11z + 心皇 1z
    assert r.sheet.names() == ["碰碰胡"]
    r = score("11m22p33s44z55z66z", "7z", rs=Jiangnan(seven_pairs=True))
    assert "七对" in r.sheet.names()
    with pytest.raises(IllegalWinError):
        score("11m22p33s44z55z66z", "7z")


def test_kong_replacement_and_last_tile() -> None:
    r = score("123m456p1z22z", "1z", melds=("ankan 9999s",), discarder=None, kong_replacement=True)
    assert "杠上开花" in r.sheet.names() and "门清" in r.sheet.names()
    r = score("123m456p789s1z22z", "1z", discarder=None, last_tile=True)
    assert "海底捞月" in r.sheet.names()


# --- options and bad input ---------------------------------------------------------


@pytest.mark.parametrize("bad", [{"base": 0}, {"commit": "later"}, {"seven_pairs": 1}, {"furiten_pung": None},
                                 {"colour": 1}])
def test_bad_options(bad: dict[str, object]) -> None:
    with pytest.raises(MahjongError):
        Jiangnan(**bad)


@pytest.mark.parametrize("ctx", [{"xinhuang": "9x"}, {"xinhuang": "1f"}, {"discarded": "1q"}, {"discarded": [40]}])
def test_bad_context(ctx: dict[str, object]) -> None:
    with pytest.raises(MahjongError):
        score("123m456p789s1z22z", "1z", **ctx)


def test_options_round_trip() -> None:
    rs = Jiangnan(commit=Commit.AT_WIN, furiten_pung=True)
    assert Jiangnan.from_options_json(rs.options_json()).options == rs.options
    assert rs.own_discard_pung_ban and not Jiangnan().own_discard_pung_ban and Jiangnan.own_discard_chow_ban
