"""国标 (MCR) games through the engine: thousands of bot hands with the
engine's invariants, 8-fan wins, the spec's payments, and a full match of
four rounds of winds with the published seating."""

from __future__ import annotations

import random

from mahjong_core.bots import GreedyBot, RandomBot, play_hand
from mahjong_core.engine import Phase, Table
from mahjong_core.match import Match
from mahjong_core.variants.guobiao import Guobiao
from reference.engine_invariants import check_invariants, check_replay

FLOWERS = frozenset(range(34, 42))


def _check_hand(t: Table) -> None:
    assert t.is_over and sum(t.deltas()) == 0
    expected = [0] * 4
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        flowers = sum(1 for f in ctx.flowers if f in FLOWERS)
        assert sheet.total - flowers >= 8, "起和 8 番, flowers not counted"
        f = sheet.total
        if ctx.self_drawn:
            for o in range(4):
                expected[o] += 3 * (8 + f) if o == s else -(8 + f)
        else:
            assert ctx.discarder is not None and ctx.discarder != s
            for o in range(4):
                if o == s:
                    expected[o] += 24 + f
                elif o == ctx.discarder:
                    expected[o] -= 8 + f
                else:
                    expected[o] -= 8
    assert len(t.winners) <= 1  # 截和: one winner per discard
    assert t.deltas() == expected


def test_thousands_of_bot_hands() -> None:
    rs = Guobiao()
    wins = 0
    for seed in range(1500):
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), GreedyBot()] if seed % 3 else [GreedyBot()] * 4
        t = play_hand(rs, bots, seed=seed, dealer=seed % 4, round_wind=(seed // 4) % 4)
        _check_hand(t)
        wins += bool(t.winners)
    assert wins > 150


def test_bot_hands_keep_the_engine_invariants() -> None:
    rs = Guobiao()
    for seed in range(80):
        t = Table(rs, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        greedy = GreedyBot()
        check_invariants(t)
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            t.apply(greedy.choose(t, seat, legal) if seed % 2 else rng.choice(legal))
            check_invariants(t)
        _check_hand(t)
        check_replay(t)


def test_a_match_is_four_rounds_of_sixteen_hands() -> None:
    m = Match(Guobiao(), [GreedyBot() for _ in range(4)], seed=3, rounds=4)
    results = m.play()
    assert len(results) == 16
    assert [r.round_wind for r in results] == [w for w in range(4) for _ in range(4)]
    assert [r.dealer for r in results] == [d for _ in range(4) for d in range(4)]
    seatings = [r.seats for r in results[::4]]
    # every player sits at every wind once over the four rounds
    for p in range(4):
        assert sorted(s[p] for s in seatings) == [0, 1, 2, 3]
    assert sum(m.totals) == 0


def test_published_seat_rotation() -> None:
    """东南走之字，西北转圈圈: the moves between the rounds of winds."""
    rs = Guobiao()
    at = [{seat: player for player, seat in enumerate(rs.seating(r))} for r in range(4)]
    e, s, w, n = 0, 1, 2, 3
    # before South: East and South swap, West and North swap
    assert (at[1][e], at[1][s], at[1][w], at[1][n]) == (at[0][s], at[0][e], at[0][n], at[0][w])
    # before West: East and South cross to the opposite seats, West goes South, North goes East
    assert (at[2][w], at[2][n], at[2][s], at[2][e]) == (at[1][e], at[1][s], at[1][w], at[1][n])
    # before North: East and South swap, West and North swap
    assert (at[3][e], at[3][s], at[3][w], at[3][n]) == (at[2][s], at[2][e], at[2][n], at[2][w])
    assert rs.seating(4) == rs.seating(0)
