"""Engine speed: complete, scored hands per second on one core, side by side
with RLCard's mahjong environment (random agents) in the same run.

    python -m pytest bench/test_bench_engine.py --benchmark-only --benchmark-group-by=group
"""

from __future__ import annotations

import pytest
from mahjong_core.bots import GreedyBot, RandomBot, play_hand
from mahjong_core.registry import find_variant

HANDS = 200


def _ours(bots: str, variant: str = "guangdong") -> int:
    rs = find_variant(variant)()
    # the players are made once per run, as RLCard's agents are below
    players = [RandomBot(i) for i in range(4)] if bots == "random" else [GreedyBot() for _ in range(4)]
    done = 0
    for seed in range(HANDS):
        t = play_hand(rs, players, seed=seed)
        assert t.is_over and sum(t.deltas()) == 0
        done += 1
    return done


@pytest.mark.benchmark(group="hands")
@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_mahjong_core_hands(benchmark: pytest.FixtureRequest, bots: str) -> None:
    done = benchmark.pedantic(_ours, args=(bots,), rounds=3, iterations=1)
    assert done == HANDS
    benchmark.extra_info["hands_per_s"] = HANDS / benchmark.stats.stats.median  # type: ignore[attr-defined]


@pytest.mark.benchmark(group="hands")
def test_rlcard_mahjong_random(benchmark: pytest.FixtureRequest) -> None:
    import rlcard  # the bench extra: pip install ".[bench]"
    from rlcard.agents import RandomAgent

    env = rlcard.make("mahjong", config={"seed": 1})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    games = 20

    def run() -> int:
        for _ in range(games):
            env.run(is_training=False)
        return games

    assert benchmark.pedantic(run, rounds=3, iterations=1) == games
    benchmark.extra_info["hands_per_s"] = games / benchmark.stats.stats.median  # type: ignore[attr-defined]
