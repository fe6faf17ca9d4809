"""哈尔滨's fast paths against their obvious versions: 卡当 (closed_wait,
remembered by its tiles), the bots' discard costs and the 宝 read from the
context key (parsed once per text)."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hooks_reference as ref
from mahjong_core.analysis import Shape, decompositions, waits
from mahjong_core.bots import make_bot, play_hand
from mahjong_core.errors import MahjongError
from mahjong_core.tiles import Meld
from mahjong_core.variants import harbin as hb
from mahjong_core.variants.harbin import Harbin


def obvious_closed_wait(before: Sequence[int]) -> int | None:
    """卡当 as first written: the waits of the tiles, then the chows of the
    completed hand."""
    ws = waits(list(before), 0, hb.RULES)
    if len(ws) != 1:
        return None
    t = ws[0]
    if t >= 27 or t % 9 in (0, 8):
        return None
    for d in decompositions(sorted([*before, t]), 0, hb.RULES):
        for shape, kind, _w in d.units:
            if Shape(shape) is Shape.CHOW and kind == t - 1:
                return t
    return None


_KINDS = st.sampled_from(hb.KINDS)


@st.composite
def near_ready(draw: st.DrawFn) -> list[int]:
    """3n+1 tiles of sets and one or two loose tiles (often a 坎张 wait)."""
    tiles: list[int] = []
    for _ in range(draw(st.integers(0, 4))):
        k = draw(st.integers(0, 26))
        tiles += [k, k + 1, k + 2] if k % 9 < 7 and draw(st.booleans()) else [k] * 3
    shape = draw(st.sampled_from(["kan", "pair+kan", "single", "any"]))
    k = draw(st.integers(0, 26))
    if shape == "kan" and k % 9 < 7:
        tiles += [k, k + 2]
        tiles = tiles[:-2] + [k, k + 2] if len(tiles) % 3 != 2 else tiles
    elif shape == "pair+kan" and k % 9 < 7:
        tiles += [k, k + 2, draw(_KINDS), ]
    elif shape == "single":
        tiles += [k]
    else:
        tiles += draw(st.lists(_KINDS, min_size=1, max_size=4))
    while len(tiles) % 3 != 1:
        tiles.append(draw(_KINDS))
    return sorted(tiles)


@settings(max_examples=400, deadline=None)
@given(near_ready())
def test_closed_wait_is_the_obvious_one(before: list[int]) -> None:
    if any(before.count(k) > 4 for k in before):
        with pytest.raises(MahjongError):
            obvious_closed_wait(before)
        with pytest.raises(MahjongError):
            hb.closed_wait(before)
        return
    want = obvious_closed_wait(before)
    assert hb.closed_wait(before) == want
    assert hb.closed_wait(tuple(before)) == want  # (the remembered answer)


def test_closed_wait_of_the_seeds_examples() -> None:
    # "67789 胡8万不算", "7889算", "78889不算", "8不算", and a plain 坎张
    for before, want in (([5, 6, 6, 7, 8, 0, 0], None), ([6, 7, 7, 8], 7), ([6, 7, 7, 7, 8, 0, 0], None),
                         ([7], None), ([24, 25, 25, 26], 25), ([0, 0, 3, 5], 4), ([0, 0, 2, 3], None)):
        assert hb.closed_wait(before) == obvious_closed_wait(before) == want, before


def test_closed_wait_of_every_ready_hand_in_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hand the score of a win in seeded games asks closed_wait
    about, answered both ways (each time afresh, and remembered)."""
    seen: list[tuple[int, ...]] = []
    fast = hb.closed_wait

    def spy(before: Sequence[int]) -> int | None:
        seen.append(tuple(before))
        return fast(before)

    monkeypatch.setattr(hb, "closed_wait", spy)

    class EveryOfferScored(Harbin):
        refuses_win_exact = False  # (each win offered is scored, taken or not: more hands asked)

    rs = EveryOfferScored()
    for bots, n in (("random", 120), ("greedy", 60)):
        for i in range(n):
            play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
    assert len(seen) > 200
    answers = set()
    for before in seen:
        want = obvious_closed_wait(before)
        hb._CLOSED.clear()
        assert fast(before) == want == fast(before), before
        answers.add(want is None)
    assert answers == {True, False}


_MELDS = ["chi 123m", "chi 789p", "pon 999p", "pon 777z", "ankan 5555s", "kan 1111s", "pon 444m", "chi 456s"]


@settings(max_examples=400, deadline=None)
@given(st.lists(_KINDS, max_size=13), st.lists(st.sampled_from(_MELDS), max_size=3, unique=True))
def test_discard_costs_are_the_obvious_ones(tiles: list[int], melds: list[str]) -> None:
    hand = bytearray(min(tiles.count(k), 4) for k in range(34))
    table = SimpleNamespace(hands=[hand], melds=[[Meld.parse(m) for m in melds]])
    rs = Harbin()
    assert list(rs.aim_discard_costs(table, 0)) == ref.hb_aim_discard_costs(rs, table, 0)


def test_bao_read_once_per_text() -> None:
    hb._BAO_KINDS.clear()
    for text, kind in (("8s", 25), ("7z", 33), ("1m", 0), ("8s", 25)):
        assert hb._bao_kind(text) == kind == hb._bao_kind(text)
    assert hb._BAO_KINDS == {"8s": 25, "7z": 33, "1m": 0}
    assert hb._bao_kind(5) == 5
    for bad in ("1z", "xx", 27, True, None):  # (not a tile of the set: errors, never remembered)
        with pytest.raises(MahjongError, match="harbin: context bao"):
            hb._bao_kind(bad)
        with pytest.raises(MahjongError, match="harbin: context bao"):
            hb._bao_kind(bad)
    assert "1z" not in hb._BAO_KINDS and "xx" not in hb._BAO_KINDS
