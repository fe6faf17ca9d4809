"""营口's bots' discard costs at speed (looked up by a key read off the
counts as one integer) against the costs counted the plain way, on any
counts (hypothesis) and on every turn of seeded greedy games."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hooks_reference as ref
from mahjong_core.bots import make_bot, play_hand
from mahjong_core.variants.yingkou import Yingkou, _plain_costs

OPTIONS: list[dict[str, Any]] = [
    {},
    {"must_open": True, "hui": "next"},
    {"hui_as_itself": False, "shape": "one-pung-three-chows"},
    {"shape": "any", "multiple_ron": True},
]


class _Counts:
    """A stand-in table answering ``analysis_counts`` with fixed counts."""

    def __init__(self, counts: list[int]) -> None:
        self.counts = bytearray(counts)

    def analysis_counts(self, seat: int) -> tuple[bytearray, int]:
        return self.counts, 0


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_the_costs_are_the_plain_costs_on_any_counts(counts: list[int]) -> None:
    rs = Yingkou()
    got = rs.aim_discard_costs(_Counts(counts), 0)
    assert got == _plain_costs(counts) == ref.yk_aim_discard_costs(rs, _Counts(counts), 0)
    got[0] += 7  # (a fresh list each time: the table kept is not changed)
    assert rs.aim_discard_costs(_Counts(counts), 0) == _plain_costs(counts)


@pytest.mark.parametrize("counts", [
    [0] * 34,
    [1] + [0] * 33,  # one 1m: the suit once, the one 幺九 held once
    [0] * 8 + [2] + [0] * 25,  # two 9m: no 幺九 cost
    [0] * 9 + [1] * 9 + [0] * 9 + [0] * 6 + [1],  # 123456789p and 中: two 幺九 kinds held
    [0] * 33 + [1],  # 中 alone
])
def test_the_costs_on_the_edges_of_the_key(counts: list[int]) -> None:
    assert Yingkou().aim_discard_costs(_Counts(counts), 0) == _plain_costs(counts)


class Checked(Yingkou):
    """营口 whose costs are checked against the plain ones."""

    asked = 0

    def aim_discard_costs(self, table: Any, seat: int) -> Any:
        got = super().aim_discard_costs(table, seat)
        assert got == ref.yk_aim_discard_costs(self, table, seat)
        type(self).asked += 1
        return got


@pytest.mark.parametrize("options", OPTIONS)
def test_the_costs_agree_with_the_plain_ones_in_seeded_games(options: dict[str, Any]) -> None:
    Checked.asked = 0
    rs = Checked(**options)
    for i in range(30):
        play_hand(rs, [make_bot("greedy", i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
    assert Checked.asked > 500
