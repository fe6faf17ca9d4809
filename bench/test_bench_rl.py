"""RL environment speed: environment steps per second of our PettingZoo AEC
env, our Gymnasium single-agent env and VectorTables (N = 1 and N = 256),
side by side with RLCard's mahjong environment in the same run.  Every
policy is a uniformly random legal action.

    python -m pytest bench/test_bench_rl.py --benchmark-only --benchmark-group-by=group

One step is one decision of one seat (for the single-agent env: one decision
of the agent, the bots' moves in between included; for VectorTables: one
decision at each of the N tables, counted as N steps).
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from mahjong_core.envs import SingleAgentEnv, VectorTables, env

STEPS = 2000
VARIANT = "guangdong"


def _aec() -> int:
    e = env(variant=VARIANT)
    rng = random.Random(1)
    e.reset(seed=1)
    steps = 0
    while steps < STEPS:
        for _agent in e.agent_iter():
            obs, _r, term, trunc, _i = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            steps += 1
        e.reset()
    return steps


def _single(opponents: str) -> int:
    g = SingleAgentEnv(VARIANT, opponents=opponents)
    rng = random.Random(1)
    _, info = g.reset(seed=1)
    steps = 0
    while steps < STEPS:
        _, _, done, _, info = g.step(rng.choice(np.flatnonzero(info["action_mask"])))
        steps += 1
        if done:
            _, info = g.reset()
    return steps


def _vector(n: int) -> int:
    vt = VectorTables(VARIANT, n, seed=1)
    _, masks = vt.reset()
    rng = np.random.default_rng(1)
    noise = np.empty(masks.shape)
    batches = max(1, STEPS // n) if n < 256 else 40
    for _ in range(batches):
        rng.random(out=noise)
        _, masks, _, _ = vt.step(np.argmax(masks * noise, axis=1))  # the batch policy: one vector op
    return batches * n


def _rlcard() -> int:
    import rlcard  # the bench extra: pip install ".[bench]"

    e = rlcard.make("mahjong", config={"seed": 1})
    rng = random.Random(1)
    state, _ = e.reset()
    steps = 0
    while steps < STEPS:
        state, _ = e.step(rng.choice(list(state["legal_actions"])))
        steps += 1
        if e.is_over():
            state, _ = e.reset()
    return steps


CASES = {
    "aec": _aec,
    "single_random": lambda: _single("random"),
    "single_greedy": lambda: _single("greedy"),
    "vector_1": lambda: _vector(1),
    "vector_256": lambda: _vector(256),
    "rlcard": _rlcard,
}


@pytest.mark.benchmark(group="rl env steps")
@pytest.mark.parametrize("case", list(CASES))
def test_env_steps(benchmark: pytest.FixtureRequest, case: str) -> None:
    steps = benchmark.pedantic(CASES[case], rounds=3, iterations=1)  # type: ignore[attr-defined]
    assert steps >= STEPS or case == "vector_256"
    benchmark.extra_info["steps_per_s"] = steps / benchmark.stats.stats.median  # type: ignore[attr-defined]
