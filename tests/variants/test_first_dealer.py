"""The first dealer of a match, for every rule set whose seed draws it at
random ("第一局系统随机选择庄家" and its wordings): a seat drawn from the
match's seed, the same for the same seed, on the record; the option
``first_dealer`` fixes it; other rule sets deal from seat 0."""

from __future__ import annotations

from typing import Any

import pytest

from mahjong_core.bots import GreedyBot
from mahjong_core.errors import MahjongError
from mahjong_core.match import Match
from mahjong_core.registry import available, find_variant

RANDOM = ("changchun", "changsha", "fuzhou", "harbin", "hebei", "hefei", "luoyuan", "ningbo", "shanghai")
"""The seed says "第一局系统随机选择庄家" (or 第一把/第一盘/新开第一局 …) for these."""


@pytest.mark.parametrize("name", RANDOM)
def test_the_first_dealer_is_drawn_from_the_match_seed(name: str) -> None:
    rs = find_variant(name)()
    assert rs.random_first_dealer
    bots = [GreedyBot() for _ in range(rs.num_players)]
    firsts = [Match(rs, bots, seed=s, hands=1).first_dealer for s in range(40)]
    assert set(firsts) == set(range(rs.num_players))
    assert firsts == [rs.first_dealer(s) for s in range(40)]  # the same seed, the same seat
    match = Match(rs, bots, seed=5, hands=1)
    (result,) = match.play()
    assert result.dealer == firsts[5]


@pytest.mark.parametrize("name", RANDOM)
@pytest.mark.parametrize("seat", [0, 3])
def test_the_option_fixes_the_first_dealer(name: str, seat: int) -> None:
    rs = find_variant(name)(first_dealer=seat)
    assert not rs.random_first_dealer
    assert {rs.first_dealer(s) for s in range(20)} == {seat}


@pytest.mark.parametrize("name", RANDOM)
@pytest.mark.parametrize("bad", [-2, 4, "1", True, 1.0])
def test_a_bad_first_dealer_is_refused(name: str, bad: Any) -> None:
    with pytest.raises(MahjongError, match="first_dealer must be -1 \\(random\\) or a seat 0..3"):
        find_variant(name)(first_dealer=bad)


def test_other_rule_sets_deal_first_from_seat_0() -> None:
    others = [cls for cls in available() if cls.name not in RANDOM]
    assert len(others) > 20
    for cls in others:
        assert {cls().first_dealer(s) for s in range(10)} == {0}, cls.name
