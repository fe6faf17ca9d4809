"""The engine's fast paths (issue 14 part 2) build the same values as the
plain code they replace: a win check's WinContext, a legal list, the tiles
of a context, the wall, the record events of draws and calls."""

from __future__ import annotations

import dataclasses

import pytest

from mahjong_core.bots import make_bot, play_hand
from mahjong_core.engine import _ACTIONS, _make_context, _pick, _tiles_of
from mahjong_core.registry import available, find_variant
from mahjong_core.rules import WinContext
from mahjong_core.tiles import KIND_NAMES, Meld, MeldKind


def test_make_context_equals_the_dataclass() -> None:
    values = dict(
        seat=2, concealed=(0, 0, 1, 2, 3), win_tile=3, melds=(Meld(MeldKind.PON, (27, 27, 27)),),
        meld_sources=(1,), self_drawn=True, dealer=True, wilds=1, wild_kinds=frozenset({5}),
        decompositions=(), extra={"x": 1},
    )
    fast = _make_context(**values)
    slow = WinContext(**values)  # type: ignore[arg-type]
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    for f in dataclasses.fields(WinContext):  # the fields not given: their defaults
        assert getattr(fast, f.name) == getattr(slow, f.name)
    assert fast.instant is None and fast.multiple_winners == 1 and fast.liable is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.seat = 1  # type: ignore[misc]
    assert dataclasses.replace(fast, seat=0) == dataclasses.replace(slow, seat=0)


def test_make_context_rejects_unknown_and_missing_fields() -> None:
    with pytest.raises(TypeError, match="bogus"):
        _make_context(seat=0, concealed=(), win_tile=1, bogus=2)
    with pytest.raises(TypeError, match="concealed"):
        _make_context(seat=0, win_tile=1)


def test_tiles_of_and_pick() -> None:
    counts = bytearray(34)
    counts[0], counts[8], counts[33] = 2, 1, 4
    assert _tiles_of(counts) == (0, 0, 8, 33, 33, 33, 33)
    assert _tiles_of(bytearray(34)) == ()
    assert _pick(_ACTIONS[1], [0, 34, 125]) == [_ACTIONS[1][0], _ACTIONS[1][34], _ACTIONS[1][125]]


@pytest.mark.parametrize("cls", available(), ids=lambda c: c.name)
def test_wall_tiles_fresh_and_as_the_plain_formula(cls: type) -> None:
    rs = cls()
    a, b = rs.wall_tiles(), rs.wall_tiles()
    assert a == b and a is not b  # a new list each hand (the engine shuffles it in place)
    if type(rs).wall_tiles is find_variant("base").wall_tiles:
        kinds = [s * 9 + i for s in rs.suits for i in range(9)] + (list(range(27, 34)) if rs.honors else [])
        assert a == [k for k in kinds for _ in range(rs.copies)] + list(rs.flower_tiles)


def test_draw_and_call_events_as_built_by_hand() -> None:
    rs = find_variant("guangdong")()
    seen_call = False
    for i in range(6):
        t = play_hand(rs, [make_bot("random", i * 7 + s) for s in range(4)], seed=i)
        for e in t.events:
            if e["type"] == "draw" and len(e) == 3:
                assert list(e) == ["seat", "tile", "type"] and e["tile"] in KIND_NAMES
            if e["type"] == "call":
                seen_call = True
                assert list(e)[:2] == ["seat", "action"] and list(e)[-3:] == ["claimed", "discarder", "type"]
        for e in t.events:  # the events are copies: changing them changes no other hand's
            if e["type"] in ("draw", "call", "action"):
                e["probe"] = 1
    assert seen_call
    t2 = play_hand(rs, [make_bot("random", s) for s in range(4)], seed=0)
    assert all("probe" not in e for e in t2.events)
