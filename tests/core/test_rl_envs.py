"""The RL environments of mahjong_core.envs: PettingZoo's api_test and
seed_test for every registered rule set, Gymnasium's check_env for the
single-agent env, observations written in place, VectorTables equal to
tables stepped alone."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from mahjong_core import IllegalActionError, MahjongError
from mahjong_core.engine import NUM_ACTIONS, OBS_SIZE, Table, action_of
from mahjong_core.envs import (
    PLANES,
    SingleAgentEnv,
    VectorTables,
    env,
    fill_mask,
    hand_seed,
    observation_high,
    raw_env,
)
from mahjong_core.registry import registry
from mahjong_core.rules import Ruleset

# every registered rule set, plus the 3- and 2-player games of 成都
CASES: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in sorted(registry)] + [
    ("sichuan", {"players": 3}),
    ("sichuan", {"players": 2}),
]
IDS = [name + "".join(f"-{k}{v}" for k, v in opts.items()) for name, opts in CASES]

# api_test warns about what every PettingZoo classic env does (a Dict
# observation with "observation" and "action_mask"): it whitelists those
# envs by name only.  Any other warning fails the test.
KNOWN_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


def _random_action(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def test_planes_tile_the_observation() -> None:
    stops = [0]
    for _name, lo, hi in PLANES:
        assert lo == stops[-1] and hi > lo
        stops.append(hi)
    assert stops[-1] == OBS_SIZE
    assert len({name for name, _, _ in PLANES}) == len(PLANES)


@pytest.mark.parametrize(("variant", "options"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed(variant: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(variant=variant, options=options), num_cycles=100)
        seed_test(lambda: env(variant=variant, options=options), num_cycles=100)
    unexpected = {str(w.message) for w in caught} - KNOWN_WARNINGS
    assert not unexpected


@pytest.mark.parametrize(("variant", "options", "n"), [("guangdong", {}, 4), ("two_player", {}, 2),
                                                        ("sichuan", {"players": 3}, 3), ("sichuan", {"players": 2}, 2)])
def test_agents_match_the_seats(variant: str, options: dict[str, Any], n: int) -> None:
    e = raw_env(variant, options)
    e.reset(seed=5)
    assert e.possible_agents == [f"player_{i}" for i in range(n)] == e.agents
    assert e.table is not None and e.table.n == n


def _play_aec(e: Any, seed: int, check: Callable[[Any, str, dict[str, np.ndarray]], None] | None = None) -> int:
    """Play one hand with random legal actions; returns the steps taken."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    steps = 0
    for agent in e.agent_iter():
        obs, _reward, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        if check is not None:
            check(e, agent, obs)
        e.step(_random_action(obs["action_mask"], rng))
        steps += 1
    return steps


def _expected(t: Table, seat: int) -> np.ndarray:
    """The observation docs/rl.md describes, built plane by plane from the
    table's state (by name, through PLANES)."""
    from mahjong_core.engine import Phase

    v = np.zeros(OBS_SIZE, dtype=np.float32)
    at = {name: lo for name, lo, _hi in PLANES}
    n = t.n
    for k in range(34):
        v[at["hand"] + k] = t.hands[seat][k]
    if t.phase is Phase.TURN and t.turn == seat and t.drawn is not None and t.drawn < 34:
        v[at["drawn"] + t.drawn] = 1
    for r in range(n):
        s = (seat + r) % n
        for m in t.melds[s]:
            if s == seat or not m.is_concealed:
                for k in m.tiles:
                    v[at[f"melds_{r}"] + k] += 1
        for k in t.discards[s]:
            if k < 34:
                v[at[f"discards_{r}"] + k] += 1
        v[at[f"flowers_{r}"]] = len(t.flowers[s])
    if t.last_discard is not None:
        s, k = t.last_discard
        if k < 34:
            v[at["last_discard"] + k] = 1
        v[at["last_discarder"] + (s - seat) % n] = 1
    v[at["seat_wind"] + (seat - t.dealer) % n] = 1
    v[at["round_wind"] + t.round_wind % 4] = 1
    v[at["dealer"] + (t.dealer - seat) % n] = 1
    v[at["live_tiles"]] = t.live_tiles / 144
    if not t.is_over:
        v[at["phase"] + {Phase.CLAIMS: 1, Phase.ROB: 2}.get(t.phase, 0)] = 1
    wild = set(t.wild_kinds)
    shown = t.indicator_for(seat)
    hidden = type(t.ruleset).indicator_visible is not Ruleset.indicator_visible and t.ruleset.wild_indicator
    if shown is not None and hidden:  # a face-down 宝, to a seat that may see it
        wild |= set(t.ruleset.wilds_for_indicator(shown))
    for k in wild:
        if k < 34:
            v[at["wild_kinds"] + k] = 1
    v[at["wild_flowers"]] = len(t.wild_flowers[seat])
    return v


@pytest.mark.parametrize(("variant", "options"), CASES, ids=IDS)
def test_whole_hand_observations(variant: str, options: dict[str, Any]) -> None:
    """A whole hand: the agent selected is the first seat to act and the only
    one whose turn it is; its mask is its legal actions; every observation is
    inside the space, and every seat's observation is the one docs/rl.md
    describes, plane by plane; the rewards at the end are the deltas."""
    e = raw_env(variant, options)
    got: dict[str, float] = {}

    def check(e: Any, agent: str, obs: dict[str, np.ndarray]) -> None:
        t = e.table
        seat = int(agent.split("_")[1])
        assert t.to_act[0] == seat
        assert np.array_equal(obs["action_mask"], t.action_mask(seat)) and obs["action_mask"].any()
        assert e.observation_space(agent).contains(obs)
        v = obs["observation"]
        for r in range(t.n):
            lo = 68 + 69 * r + 34
            assert v[lo : lo + 34].sum() == sum(1 for k in t.discards[(seat + r) % t.n] if k < 34)
        for s in range(t.n):  # every seat's view, as docs/rl.md describes it
            want = _expected(t, s)
            got = obs["observation"] if s == seat else t.observe_tensor(s)
            assert np.array_equal(got, want), [p for p in PLANES if not np.array_equal(got[p[1]:p[2]], want[p[1]:p[2]])]
        for other in range(t.n):
            if other not in t.to_act:
                assert not t.legal_actions(other)

    steps = _play_aec(e, 11, check)
    assert steps > 0
    t = e.table
    assert t.is_over
    # the agents were removed one by one after the end; the rewards they saw:
    e2 = raw_env(variant, options)
    e2.reset(seed=11)
    rng = np.random.default_rng(11)
    for agent in e2.agent_iter():
        obs, reward, term, _trunc, _info = e2.last()
        if term:
            got[agent] = reward
            e2.step(None)
        else:
            e2.step(_random_action(obs["action_mask"], rng))
    assert got == {f"player_{s}": float(d) for s, d in enumerate(t.deltas())}
    assert sum(got.values()) == 0


def test_reset_seed_deals_that_hand() -> None:
    e = raw_env("guangdong")
    e.reset(seed=123)
    assert e.table is not None and e.table.seed == 123
    wall = list(e.table.wall)
    e.reset()
    assert e.table.wall != wall
    e.reset(seed=123)
    assert e.table.wall == wall == Table(e.ruleset, seed=123).wall


def test_illegal_action_raises_and_changes_nothing() -> None:
    e = raw_env("guangdong")
    e.reset(seed=3)
    seat = int(e.agent_selection.split("_")[1])
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    steps = e.table.steps
    with pytest.raises(IllegalActionError):
        e.step(bad)
    with pytest.raises(IllegalActionError, match="not in 0..283"):
        e.step(NUM_ACTIONS)
    assert e.table.steps == steps and e.table.to_act[0] == seat


def test_bad_arguments_are_typed_errors() -> None:
    with pytest.raises(MahjongError, match="unsupported variant"):
        raw_env("nowhere")
    with pytest.raises(MahjongError, match="render_mode"):
        raw_env("guangdong", render_mode="pixels")
    with pytest.raises(MahjongError, match="obs_out must be a float32 array of shape"):
        raw_env("guangdong", obs_out=np.zeros((4, 5), dtype=np.float32))
    with pytest.raises(MahjongError, match="opponents"):
        SingleAgentEnv("guangdong", opponents="clever")
    with pytest.raises(MahjongError, match="mask_out"):
        VectorTables("guangdong", 2, mask_out=np.zeros((2, NUM_ACTIONS), dtype=np.float32))  # type: ignore[arg-type]


def test_render_text() -> None:
    e = raw_env("guobiao", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "guobiao" in text and "*player_0 dealer" in text


# ------------------------------------------------------------ in place


def test_aec_fills_caller_arrays_in_place() -> None:
    obs_out = np.zeros((4, OBS_SIZE), dtype=np.float32)
    mask_out = np.zeros((4, NUM_ACTIONS), dtype=np.int8)
    e = raw_env("guangdong", obs_out=obs_out, mask_out=mask_out)
    e.reset(seed=9)
    rng = np.random.default_rng(9)
    first = e.observe("player_0")
    seen_change = False
    for _ in range(40):
        agent = e.agent_selection
        seat = int(agent.split("_")[1])
        before = obs_out[seat].copy()
        obs = e.observe(agent)
        assert obs["observation"].base is obs_out and obs["action_mask"].base is mask_out
        assert np.shares_memory(obs["observation"], obs_out[seat])
        assert np.array_equal(obs_out[seat], e.table.observe_tensor(seat))
        assert np.array_equal(mask_out[seat], e.table.action_mask(seat))
        seen_change |= not np.array_equal(before, obs_out[seat])
        e.step(_random_action(obs["action_mask"], rng))
    assert e.observe("player_0") is first  # the same dict of row views every time
    assert seen_change


def test_single_agent_fills_caller_array_in_place() -> None:
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    g = SingleAgentEnv("guangdong", opponents="random", obs_out=out)
    obs, info = g.reset(seed=4)
    assert obs is out
    rng = np.random.default_rng(4)
    done = False
    while not done:
        before = out.copy()
        obs, _reward, done, _trunc, info = g.step(_random_action(info["action_mask"], rng))
        assert obs is out
        assert g.table is not None
        if not done:
            assert np.array_equal(out, g.table.observe_tensor(0)) and not np.array_equal(before, out)


def test_vector_tables_fill_in_place() -> None:
    obs_out = np.zeros((3, OBS_SIZE), dtype=np.float32)
    mask_out = np.zeros((3, NUM_ACTIONS), dtype=np.int8)
    vt = VectorTables("guangdong", 3, seed=2, obs_out=obs_out, mask_out=mask_out)
    obs, masks = vt.reset()
    assert obs is obs_out and masks is mask_out
    rng = np.random.default_rng(0)
    for _ in range(30):
        before = obs_out.copy()
        actions = np.array([_random_action(m, rng) for m in masks])
        o, m, _r, _d = vt.step(actions)
        assert o is obs_out and m is mask_out
        assert not np.array_equal(before, obs_out)


# ------------------------------------------------------------ Gymnasium


@pytest.mark.parametrize(
    ("variant", "options", "opponents"),
    [("guangdong", {}, "greedy"), ("sichuan", {"players": 3}, "random"), ("two_player", {}, "greedy"),
     ("ningbo", {}, "random")],
)
def test_gymnasium_check_env(variant: str, options: dict[str, Any], opponents: str) -> None:
    g = gymnasium.make(
        "mahjong_core.envs:mahjong_core/Mahjong-v0", variant=variant, options=options, opponents=opponents
    ).unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(g)
    assert g.observation_space.shape == (OBS_SIZE,)


@pytest.mark.parametrize("opponents", ["greedy", "random"])
def test_single_agent_plays_a_hand(opponents: str) -> None:
    g = SingleAgentEnv("guangdong", seat=2, opponents=opponents)
    obs, info = g.reset(seed=7)
    rng = np.random.default_rng(7)
    total, done, steps = 0.0, False, 0
    while not done:
        t = g.table
        assert t is not None and t.to_act[0] == 2
        assert np.array_equal(info["action_mask"], t.action_mask(2))
        obs, reward, done, _trunc, info = g.step(_random_action(info["action_mask"], rng))
        total += float(reward)
        steps += 1
    assert g.table is not None and g.table.is_over
    assert total == g.table.deltas()[2] and info["deltas"] == g.table.deltas()
    # reproducible: the same seed plays the same hand
    g2 = SingleAgentEnv("guangdong", seat=2, opponents=opponents)
    _, info2 = g2.reset(seed=7)
    rng = np.random.default_rng(7)
    done = False
    while not done:
        _, _, done, _, info2 = g2.step(_random_action(info2["action_mask"], rng))
    assert g2.table is not None and g2.table.events == g.table.events


def test_single_agent_illegal_action() -> None:
    g = SingleAgentEnv("guangdong")
    _, info = g.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = g.step(bad)
    assert done and reward == -1.0 and info["illegal_action"]
    with pytest.raises(MahjongError, match="reset"):
        g.step(0)
    strict = SingleAgentEnv("guangdong", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(bad)


# ------------------------------------------------------------ VectorTables


@pytest.mark.parametrize(("variant", "options", "opponents"),
                         [("guangdong", {}, None), ("sichuan", {"players": 3}, None), ("guangdong", {}, "greedy")])
def test_vector_tables_equal_tables_alone(variant: str, options: dict[str, Any], opponents: str | None) -> None:
    n_tables, seed = 4, 21
    vt = VectorTables(variant, n_tables, options=options, seed=seed, opponents=opponents)
    obs, masks = vt.reset()
    rng = np.random.default_rng(seed)
    taken: list[list[list[int]]] = [[[]] for _ in range(n_tables)]  # per table, per hand: action ids
    finished: list[list[list[int]]] = [[] for _ in range(n_tables)]
    for _ in range(400):
        # a batch policy: a random legal action per row, in one vector op
        actions = np.argmax(masks * rng.random(masks.shape), axis=1)
        for i in range(n_tables):
            taken[i][-1].append(int(actions[i]))
        obs, masks, rewards, dones = vt.step(actions)
        for i in np.flatnonzero(dones):
            finished[i].append([int(x) for x in rewards[i]])
            taken[i].append([])
        assert (rewards[~dones] == 0).all()
    assert sum(len(f) for f in finished) >= n_tables  # hands did end and were dealt again
    # every hand of every table has its own documented seed
    seeds = [t.seed for t in vt.tables]
    assert seeds == [hand_seed(seed, i, int(vt.hands_played[i])) for i in range(n_tables)]
    all_seeds = {hand_seed(seed, i, k) for i in range(n_tables) for k in range(len(taken[i]))}
    assert len(all_seeds) == sum(len(x) for x in taken)
    rs = vt.ruleset
    for i in range(n_tables):
        for k, ids in enumerate(taken[i]):
            t = Table(rs, seed=hand_seed(seed, i, k))
            from mahjong_core.envs import _bots

            bots = None if opponents is None else _bots(opponents, rs.num_players, hand_seed(seed, i, k))

            def advance() -> None:
                while bots is not None and not t.is_over and t.to_act[0] != 0:
                    s = t.to_act[0]
                    t.apply(bots[s].choose(t, s, t.legal_actions(s)))

            advance()
            for a in ids:
                s = t.to_act[0]
                t.apply(action_of(s, a))
                advance()
            if k < len(finished[i]):
                assert t.is_over and t.deltas() == finished[i][k]
            else:  # the hand still being played: the batch rows show it
                assert not t.is_over
                s = t.to_act[0]
                assert vt.seats[i] == s
                assert np.array_equal(obs[i], t.observe_tensor(s))
                assert np.array_equal(masks[i], t.action_mask(s))


def test_vector_tables_reject_illegal_actions_atomically() -> None:
    vt = VectorTables("guangdong", 3, seed=1)
    obs, masks = vt.reset()
    legal = np.array([int(np.flatnonzero(m)[0]) for m in masks])
    bad = legal.copy()
    bad[1] = int(np.flatnonzero(masks[1] == 0)[0])
    before = obs.copy()
    steps = [t.steps for t in vt.tables]
    with pytest.raises(IllegalActionError, match="table 1 seat 0"):
        vt.step(bad)
    with pytest.raises(IllegalActionError, match="shape"):
        vt.step(legal[:2])
    assert [t.steps for t in vt.tables] == steps and np.array_equal(before, obs)
    vt.step(legal)
    assert [t.steps for t in vt.tables] != steps


def test_observation_high_bounds() -> None:
    high = observation_high(raw_env("fuzhou").ruleset)
    assert high[0] == 4 and high[68 + 68] >= 28  # 福州: honours count as flowers
    t = Table(raw_env("guangdong").ruleset, seed=1)
    out = np.zeros(NUM_ACTIONS, dtype=np.int8)
    assert fill_mask(t, 0, out) is out and np.array_equal(out, t.action_mask(0))


def test_wild_flower_discard_stays_out_of_the_kind_planes() -> None:
    """A discarded wild flower (宁波 百搭 flowers, ids 34..41) has no kind
    plane: it must not be counted 34+ places further, in the next seat's
    melds or in the last discarder's plane."""
    t = Table(raw_env("ningbo").ruleset, seed=2)
    clean = t.observe_tensor(0)
    t.discards[1].append(36)
    t.last_discard = (1, 36)
    v = t.observe_tensor(0)
    changed = np.flatnonzero(v != clean)
    who = 378 + 1  # last discarder: relative seat 1
    assert list(changed) == [who] and v[who] == 1


def test_docs_and_docstring_examples() -> None:
    import doctest
    from pathlib import Path

    from mahjong_core import envs

    page = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.attempted >= 10 and result.failed == 0
    result = doctest.testmod(envs)
    assert result.attempted > 0 and result.failed == 0
