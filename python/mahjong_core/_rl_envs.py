"""The PettingZoo and Gymnasium environments of :mod:`mahjong_core.envs`
(imported from there; this module needs the ``rl`` extra)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .engine import NUM_ACTIONS, OBS_SIZE, Table, action_of
from .envs import _bots, _check_out, fill_mask, make_ruleset, observation_high
from .errors import IllegalActionError, MahjongError
from .rules import Ruleset
from .tiles import format_tiles

__all__ = ["SingleAgentEnv", "env", "raw_env", "render_table"]

_RENDER_MODES = ["human", "ansi"]


def render_table(table: Table) -> str:
    """A plain-text picture of ``table`` (every hand shown: for people
    watching, not for agents)."""
    rs = table.ruleset
    lines = [
        f"{rs.id}  seed {table.seed}  phase {table.phase.value}  live tiles {table.live_tiles}"
        f"  to act {table.to_act}"
    ]
    if table.wild_kinds:
        lines.append(f"wilds {format_tiles(sorted(table.wild_kinds))}")
    for s in range(table.n):
        hand = format_tiles(table.concealed_tiles(s) + list(table.wild_flowers[s])) or "-"
        melds = " ".join(str(m) for m in table.melds[s])
        flowers = format_tiles(table.flowers[s])
        mark = "*" if s in table.to_act else " "
        dealer = " dealer" if s == table.dealer else ""
        lines.append(
            f"{mark}player_{s}{dealer}: {hand}"
            + (f" | {melds}" if melds else "")
            + (f" | flowers {flowers}" if flowers else "")
        )
        lines.append(f"   discards {format_tiles(table.discards[s], sort=False) or '-'}")
    if table.last_discard is not None:
        s, k = table.last_discard
        lines.append(f"last discard {format_tiles([k])} by player_{s}")
    if table.is_over:
        lines.append(f"over: winners {table.winners}  deltas {table.deltas()}")
    return "\n".join(lines) + "\n"


def _check_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in _RENDER_MODES:
        raise MahjongError(f"render_mode must be one of {_RENDER_MODES} or None, got {render_mode!r}")
    return render_mode


def _action_id(action: Any) -> int:
    try:
        a = int(action)
    except (TypeError, ValueError):
        raise IllegalActionError(f"action must be an action id 0..{NUM_ACTIONS - 1}, got {action!r}") from None
    if not 0 <= a < NUM_ACTIONS:
        raise IllegalActionError(f"action id {a} is not in 0..{NUM_ACTIONS - 1}")
    return a


class raw_env(AECEnv):  # type: ignore[misc]  # (PettingZoo ships no type information)
    """PettingZoo AEC environment: one hand of ``variant`` per episode.

    * Agents ``player_0`` .. ``player_{n-1}`` are the seats (``n`` the rule
      set's player count: 4, or 3 / 2 where the rule set says so); seat 0
      deals unless ``dealer`` says otherwise.
    * Only a seat with a decision acts: ``agent_selection`` is always the
      first seat of :attr:`Table.to_act`.  After a discard the engine opens
      one claim window for every seat that may claim; the AEC loop asks
      those seats one by one in turn order, and the engine resolves the
      window by priority once the last has answered, so answering in turn
      leaks nothing (no seat sees another's answer) and changes nothing.
    * Observation: ``{"observation": float32[OBS_SIZE], "action_mask":
      int8[NUM_ACTIONS]}`` (planes: :data:`mahjong_core.envs.PLANES`).
      With ``obs_out`` (``(n, OBS_SIZE)`` float32) and ``mask_out``
      (``(n, NUM_ACTIONS)`` int8) the observation of seat ``s`` is written
      into row ``s`` of those arrays, and the same dict of row views is
      returned every time (no allocation per step; copy what you keep).
      Without them every observation is a fresh array.
    * Rewards: every seat's settlement delta when the hand ends (0 before);
      then every agent is terminated.
    * ``reset(seed=s)`` deals the hand ``Table(ruleset, seed=s)``; later
      resets without a seed continue a stream seeded by ``s``.
    * An illegal action raises :class:`~mahjong_core.IllegalActionError`
      and changes nothing.
    """

    metadata = {"render_modes": _RENDER_MODES, "name": "mahjong_core_v0", "is_parallelizable": False, "render_fps": 4}

    def __init__(
        self,
        variant: str | Ruleset = "guangdong",
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        *,
        dealer: int = 0,
        obs_out: npt.NDArray[np.float32] | None = None,
        mask_out: npt.NDArray[np.int8] | None = None,
    ) -> None:
        super().__init__()
        self.ruleset = make_ruleset(variant, options)
        n = self.ruleset.num_players
        if not 0 <= dealer < n:
            raise MahjongError(f"dealer must be in 0..{n - 1} ({self.ruleset.id}), got {dealer!r}")
        self.dealer = dealer
        self.render_mode = _check_mode(render_mode)
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        high = observation_high(self.ruleset)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, (OBS_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._in_place = obs_out is not None or mask_out is not None
        self._obs: npt.NDArray[np.float32] | None = None
        self._views: list[dict[str, npt.NDArray[Any]]] = []
        if self._in_place:
            self._obs = _check_out(obs_out, (n, OBS_SIZE), np.float32, "obs_out")
            self._masks = _check_out(mask_out, (n, NUM_ACTIONS), np.int8, "mask_out")
            self._views = [{"observation": self._obs[s], "action_mask": self._masks[s]} for s in range(n)]
        self._rng = random.Random()
        self.table: Table | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand.  ``options`` is accepted for the AEC API and
        ignored: rule-set options go to the constructor."""
        if seed is not None:
            self._rng = random.Random(seed)
            hand = seed
        else:
            hand = self._rng.randrange(2**63)
        self.table = Table(self.ruleset, seed=hand, dealer=self.dealer)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]  # (kept only if the hand ended on the deal)
        self._after_move()

    def _after_move(self) -> None:
        t = self.table
        assert t is not None
        if t.is_over:
            for a, d in zip(self.agents, t.deltas()):
                self.rewards[a] = float(d)
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[t.to_act[0]]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        t = self.table
        if t is None:
            raise MahjongError("observe before reset()")
        seat = self._seat_of[agent]
        if self._in_place:
            view = self._views[seat]
            t.observe_tensor(seat, out=view["observation"])
            fill_mask(t, seat, view["action_mask"])
            return view
        return {
            "observation": t.observe_tensor(seat),
            "action_mask": fill_mask(t, seat, np.zeros(NUM_ACTIONS, dtype=np.int8)),
        }

    def step(self, action: Any) -> None:
        t = self.table
        if t is None:
            raise MahjongError("step before reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        a = action_of(seat, _action_id(action))
        t.apply(a)  # raises IllegalActionError (state unchanged) when illegal
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (give render_mode='ansi' or 'human')")
            return None
        if self.table is None:
            text = "(no hand dealt: reset() first)\n"
        else:
            text = render_table(self.table)
        if self.render_mode == "ansi":
            return text
        print(text, end="")
        return None

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> Any:
    """:class:`raw_env` inside PettingZoo's order-enforcing wrapper (the
    usual ``env()`` of a PettingZoo environment); ``kwargs`` go to
    :class:`raw_env`."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class SingleAgentEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """Gymnasium environment: the agent plays ``seat`` of one hand of
    ``variant``; our bots (``opponents="greedy"`` or ``"random"``) play the
    other seats between the agent's decisions.

    * Observation: ``float32[OBS_SIZE]`` (:data:`mahjong_core.envs.PLANES`);
      ``info["action_mask"]`` is the int8 legal-action mask.  With
      ``obs_out`` (``float32[OBS_SIZE]``) the observation is written into
      that array and it is returned every time (no allocation per step; the
      Gymnasium checker's "data not reused" check then does not hold, by
      the caller's choice).
    * Reward: the seat's settlement delta at the end of the hand (0 before).
    * An illegal action: ``illegal_action="terminate"`` (the default) ends
      the episode with ``illegal_reward`` and ``info["illegal_action"]``;
      ``"raise"`` raises :class:`~mahjong_core.IllegalActionError`.
    """

    metadata = {"render_modes": _RENDER_MODES, "render_fps": 4}

    def __init__(
        self,
        variant: str | Ruleset = "guangdong",
        options: Mapping[str, Any] | None = None,
        *,
        seat: int = 0,
        opponents: str = "greedy",
        dealer: int = 0,
        render_mode: str | None = None,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        obs_out: npt.NDArray[np.float32] | None = None,
    ) -> None:
        self.ruleset = make_ruleset(variant, options)
        n = self.ruleset.num_players
        if not 0 <= seat < n or not 0 <= dealer < n:
            raise MahjongError(f"seat {seat} and dealer {dealer} must be in 0..{n - 1} ({self.ruleset.id})")
        if illegal_action not in ("terminate", "raise"):
            raise MahjongError(f"illegal_action must be 'terminate' or 'raise', got {illegal_action!r}")
        _bots(opponents, n, 0)  # checks the name
        self.seat = seat
        self.opponents = opponents
        self.dealer = dealer
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = _check_mode(render_mode)
        self.observation_space = spaces.Box(0.0, observation_high(self.ruleset), (OBS_SIZE,), np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._out = None if obs_out is None else _check_out(obs_out, (OBS_SIZE,), np.float32, "obs_out")
        self._mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        self.table: Table | None = None
        self._ended = True
        self._players: list[Any] = []

    def _advance(self) -> None:
        t = self.table
        assert t is not None
        players, me = self._players, self.seat
        while not t.is_over:
            s = t.to_act[0]
            if s == me:
                break
            t.apply(players[s].choose(t, s, t.legal_actions(s)))

    def _observation(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        t = self.table
        assert t is not None
        obs = t.observe_tensor(self.seat, out=self._out)
        fill_mask(t, self.seat, self._mask)
        return obs, {"action_mask": self._mask.copy()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        hand = int(self.np_random.integers(2**63))
        self._players = _bots(self.opponents, self.ruleset.num_players, hand)
        self.table = Table(self.ruleset, seed=hand, dealer=self.dealer)
        self._advance()
        self._ended = t_over = self.table.is_over
        obs, info = self._observation()
        if t_over:
            info["deltas"] = self.table.deltas()
        if self.render_mode == "human":
            self.render()
        return obs, info

    def step(
        self, action: Any
    ) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        t = self.table
        if t is None:
            raise MahjongError("step before reset()")
        if self._ended:
            raise MahjongError("step after the episode ended: reset() first")
        a = _action_id(action)
        fill_mask(t, self.seat, self._mask)
        if not self._mask[a]:
            if self.illegal_action == "raise":
                t.apply(action_of(self.seat, a))  # raises, naming the rule
            obs, info = self._observation()
            info["illegal_action"] = True
            self._ended = True
            return obs, self.illegal_reward, True, False, info
        t.apply(action_of(self.seat, a))
        self._advance()
        obs, info = self._observation()
        reward = 0.0
        if t.is_over:
            self._ended = True
            deltas = t.deltas()
            reward = float(deltas[self.seat])
            info["deltas"] = deltas
        if self.render_mode == "human":
            self.render()
        return obs, reward, t.is_over, False, info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = "(no hand dealt: reset() first)\n" if self.table is None else render_table(self.table)
        if self.render_mode == "ansi":
            return text
        print(text, end="")
        return None

