"""The two-player 71-tile game through the engine: 1,000 seeded greedy-bot
hands with the engine's invariants (fully on every eighth hand, at the end
of the others), every payment re-derived (the loser pays the capped 番),
and records that replay."""

from __future__ import annotations

from collections import Counter

from mahjong_core.engine import Table
from mahjong_core.variants.two_player import TwoPlayer
from reference.engine_invariants import check_invariants, check_replay, play_checked

RULES = TwoPlayer()


def play(seed: int, check_every_step: bool) -> Table:
    t = Table(RULES, seed=seed, dealer=seed % 2)
    return play_checked(t, seed, {1} if seed % 5 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    ends: Counter[str] = Counter()
    for seed in range(1000):
        t = play(seed, check_every_step=seed % 8 == 0)
        d = t.deltas()
        assert sum(d) == 0
        assert t.head + (136 - t.tail) <= 71  # never more than the 71 chosen tiles
        if t.winners:
            (s,) = t.winners
            sheet = t.scores[s]
            assert sheet.points == min(sheet.total, 13)
            assert d[s] == sheet.points and d[1 - s] == -sheet.points
            ends["win"] += 1
        else:
            won = RULES.last_draw_win(t)
            if won is None:
                assert d == [0, 0]
                ends["draw"] += 1
            else:
                ctx, sheet = won
                assert ctx.last_tile and ctx.self_drawn and d[ctx.seat] == sheet.points
                ends["haidi"] += 1
    assert ends["win"] > 700 and ends["haidi"] > 0


def test_records_replay() -> None:
    for seed in range(20):
        t = play(seed, check_every_step=False)
        check_replay(t)
