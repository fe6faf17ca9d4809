"""Reinforcement-learning environments over the engine (extra ``rl``).

* :func:`env` / :class:`raw_env`: a PettingZoo AEC environment for any
  registered rule set (``env(variant="sichuan", options={"players": 3})``),
  agents ``player_0`` .. ``player_{n-1}``.
* :class:`SingleAgentEnv`: a Gymnasium environment for one seat, the other
  seats played by our bots (``opponents="greedy"`` or ``"random"``).
* :class:`VectorTables`: N tables stepped in lock-step, observations and
  masks of the whole batch in ``(N, OBS_SIZE)`` / ``(N, NUM_ACTIONS)``
  arrays filled in place (numpy only: no PettingZoo or Gymnasium needed).

Observations are :meth:`Table.observe_tensor` vectors (their planes:
:data:`PLANES`, and docs/rl.md); the action space is the engine's fixed one
(``NUM_ACTIONS`` ids, see :mod:`mahjong_core.engine`); rewards are the
settlement's deltas at the end of the hand.

>>> from mahjong_core.envs import VectorTables
>>> vt = VectorTables("guangdong", 4, seed=1)
>>> obs, masks = vt.reset()
>>> obs.shape, masks.shape, bool(masks.any(axis=1).all())
((4, 433), (4, 284), True)
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .bots import GreedyBot, RandomBot
from .engine import NUM_ACTIONS, OBS_SIZE, Table, action_of
from .errors import IllegalActionError, MahjongError
from .registry import find_variant
from .rules import Ruleset

if TYPE_CHECKING:
    from ._rl_envs import SingleAgentEnv, env, raw_env

__all__ = [
    "GYM_ID",
    "NUM_ACTIONS",
    "OBS_SIZE",
    "PLANES",
    "SingleAgentEnv",
    "VectorTables",
    "env",
    "fill_mask",
    "hand_seed",
    "make_ruleset",
    "observation_high",
    "raw_env",
]

PLANES: tuple[tuple[str, int, int], ...] = (
    ("hand", 0, 34),
    ("drawn", 34, 68),
    *(
        item
        for r in range(4)
        for item in (
            (f"melds_{r}", 68 + 69 * r, 68 + 69 * r + 34),
            (f"discards_{r}", 68 + 69 * r + 34, 68 + 69 * r + 68),
            (f"flowers_{r}", 68 + 69 * r + 68, 68 + 69 * r + 69),
        )
    ),
    ("last_discard", 344, 378),
    ("last_discarder", 378, 382),
    ("seat_wind", 382, 386),
    ("round_wind", 386, 390),
    ("dealer", 390, 394),
    ("live_tiles", 394, 395),
    ("phase", 395, 398),
    ("wild_kinds", 398, 432),
    ("wild_flowers", 432, 433),
)
"""The planes of an observation vector: (name, start, stop), in order,
covering ``0..OBS_SIZE``.  ``_r`` is the seat relative to the observer (0:
the observer, 1: the next seat in turn order ...; the blocks of seats a
rule set does not have stay zero).  See docs/rl.md for what each holds."""

_COUNT_PLANES = ("hand", "melds_", "discards_")
_FLOWER_PLANES = ("flowers_", "wild_flowers")


def make_ruleset(variant: str | Ruleset, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The rule set called ``variant`` (any name ``find_variant`` knows) made
    with ``options`` (its ``Options`` fields), or ``variant`` itself when it
    is already a rule set (then ``options`` must be empty)."""
    if isinstance(variant, Ruleset):
        if options:
            raise MahjongError(f"options {dict(options)!r} given with a ready-made rule set {variant.id}")
        return variant
    return find_variant(variant)(**dict(options or {}))


def observation_high(ruleset: Ruleset) -> npt.NDArray[np.float32]:
    """Upper bounds of every observation entry under ``ruleset`` (lower
    bounds are 0): tile counts up to the copies of a kind, flower counts up
    to the flowers in its wall (every tile of the wall when
    the rule set turns kinds into flowers in play), one-hot planes 1, live tiles up to
    ``len(wall) / 144``."""
    high = np.ones(OBS_SIZE, dtype=np.float32)
    wall = ruleset.wall_tiles()
    copies = max(wall.count(k) for k in set(wall) if k < 34)
    flower_ids = set(ruleset.flower_tiles)
    flowers = max(1, sum(1 for t in wall if t in flower_ids or t >= 34))
    cls = type(ruleset)
    if cls.flower_kinds is not Ruleset.flower_kinds or cls.single_kong_kinds is not Ruleset.single_kong_kinds:
        flowers = len(wall)  # kinds become flowers during the hand (安庆 杠牌, single tiles laid out)
    for name, lo, hi in PLANES:
        if name.startswith(_COUNT_PLANES):
            high[lo:hi] = copies
        elif name.startswith(_FLOWER_PLANES):
            high[lo:hi] = flowers
        elif name == "live_tiles":
            high[lo:hi] = max(1.0, len(wall) / 144.0)
    return high


def fill_mask(table: Table, seat: int, out: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """Write ``seat``'s legal actions into ``out`` (``NUM_ACTIONS`` int8, 1 =
    legal) in place, and return it: :meth:`Table.action_mask` without the
    new array."""
    out[:] = 0
    for a in table.legal_actions(seat):
        out[a.id] = 1
    return out


def hand_seed(seed: int, table: int, hand: int) -> int:
    """The shuffle seed of hand number ``hand`` (0, 1, ...) of table
    ``table`` in a :class:`VectorTables` made with ``seed``: a hash, so
    tables and hands never share a wall by construction of the seeds."""
    digest = hashlib.blake2b(f"{seed}/{table}/{hand}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _bots(opponents: str, n: int, seed: int) -> list[RandomBot | GreedyBot]:
    if opponents == "random":
        return [RandomBot(hand_seed(seed, -1, s)) for s in range(n)]
    if opponents == "greedy":
        return [GreedyBot() for _ in range(n)]
    raise MahjongError(f"opponents must be 'random' or 'greedy', got {opponents!r}")


def _check_out(
    arr: npt.NDArray[Any] | None, shape: tuple[int, ...], dtype: type[np.generic], what: str
) -> npt.NDArray[Any]:
    if arr is None:
        return np.zeros(shape, dtype=dtype)
    if not isinstance(arr, np.ndarray) or arr.shape != shape or arr.dtype != dtype:
        got = f"{arr.shape} {arr.dtype}" if isinstance(arr, np.ndarray) else type(arr).__name__
        raise MahjongError(f"{what} must be a {np.dtype(dtype).name} array of shape {shape}, got {got}")
    if not arr.flags.c_contiguous or not arr.flags.writeable:
        raise MahjongError(f"{what} must be a writeable C-contiguous array")
    return arr


class VectorTables:
    """``num_tables`` hands of one rule set stepped in lock-step.

    Every table waits for one decision at a time: ``seats[i]`` is the seat to
    act at table ``i``, ``obs[i]`` its observation and ``masks[i]`` its legal
    actions (the arrays are filled in place on every call; pass ``obs_out``
    and ``mask_out`` to have them written into arrays you own).  A claim
    window is asked seat by seat in turn order, as in :class:`raw_env`.

    ``opponents=None``: the policy plays every seat (self-play).
    ``opponents="greedy"`` or ``"random"``: the policy plays ``seat`` only,
    our bots the others (their moves happen inside :meth:`step`).

    :meth:`step` takes one action id per table; a finished table is
    settled (its deltas in ``rewards[i]``, ``dones[i]`` True) and dealt
    again at once, with the seed ``hand_seed(seed, i, k)`` for its hand
    number ``k``; ``obs[i]`` then shows the new hand's first decision.
    """

    def __init__(
        self,
        variant: str | Ruleset = "guangdong",
        num_tables: int = 1,
        *,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        opponents: str | None = None,
        seat: int = 0,
        dealer: int = 0,
        obs_out: npt.NDArray[np.float32] | None = None,
        mask_out: npt.NDArray[np.int8] | None = None,
    ) -> None:
        if not isinstance(num_tables, int) or num_tables < 1:
            raise MahjongError(f"num_tables must be a positive int, got {num_tables!r}")
        self.ruleset = make_ruleset(variant, options)
        self.n = n = self.ruleset.num_players
        if not 0 <= seat < n or not 0 <= dealer < n:
            raise MahjongError(f"seat {seat} and dealer {dealer} must be in 0..{n - 1} ({self.ruleset.id})")
        self.num_tables = num_tables
        self.seed = seed
        self.learner = seat
        self.dealer = dealer
        self.opponents = opponents
        self._bots: list[list[RandomBot | GreedyBot]] | None = None
        if opponents is not None:
            _bots(opponents, n, 0)  # checks the name
        self.obs: npt.NDArray[np.float32] = _check_out(obs_out, (num_tables, OBS_SIZE), np.float32, "obs_out")
        self.masks: npt.NDArray[np.int8] = _check_out(mask_out, (num_tables, NUM_ACTIONS), np.int8, "mask_out")
        self.rewards: npt.NDArray[np.float32] = np.zeros((num_tables, n), dtype=np.float32)
        """Deltas of the tables whose hand ended in the last step (else 0)."""
        self.dones: npt.NDArray[np.bool_] = np.zeros(num_tables, dtype=np.bool_)
        self.seats: npt.NDArray[np.int64] = np.zeros(num_tables, dtype=np.int64)
        self.hands_played: npt.NDArray[np.int64] = np.zeros(num_tables, dtype=np.int64)
        self.tables: list[Table] = []
        self._obs_rows = list(self.obs)
        self._mask_rows = list(self.masks)
        self._rows = np.arange(num_tables)

    def _deal(self, i: int) -> Table:
        k = int(self.hands_played[i])
        t = Table(self.ruleset, seed=hand_seed(self.seed, i, k), dealer=self.dealer)
        if self._bots is not None and self.opponents is not None:
            self._bots[i] = _bots(self.opponents, self.n, hand_seed(self.seed, i, k))
        return t

    def _advance(self, i: int) -> None:
        """Let the bots move until the learner is to act or the hand ends;
        then fill row ``i``."""
        t = self.tables[i]
        if self._bots is not None:
            bots = self._bots[i]
            learner = self.learner
            while not t.is_over:
                s = t.to_act[0]
                if s == learner:
                    break
                t.apply(bots[s].choose(t, s, t.legal_actions(s)))
        if t.is_over:
            return
        s = t.to_act[0]
        self.seats[i] = s
        t.observe_tensor(s, out=self._obs_rows[i])
        fill_mask(t, s, self._mask_rows[i])

    def _settle_and_redeal(self, i: int) -> None:
        t = self.tables[i]
        while t.is_over:  # (a hand could end before anyone acts)
            self.rewards[i] = t.deltas()
            self.dones[i] = True
            self.hands_played[i] += 1
            t = self.tables[i] = self._deal(i)
            self._advance(i)

    def reset(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """Deal hand 0 at every table; returns ``(obs, masks)`` (the arrays
        the class fills in place)."""
        self.hands_played[:] = 0
        self.rewards[:] = 0
        self.dones[:] = False
        if self.opponents is not None:
            self._bots = [[] for _ in range(self.num_tables)]
        self.tables = []
        for i in range(self.num_tables):
            self.tables.append(self._deal(i))
            self._advance(i)
            self._settle_and_redeal(i)
        self.rewards[:] = 0
        self.dones[:] = False
        return self.obs, self.masks

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Apply ``actions[i]`` (an action id) for ``seats[i]`` at every table.

        Returns ``(obs, masks, rewards, dones)``, the arrays filled in place:
        ``rewards`` is ``(num_tables, num_players)``, each seat's delta for
        tables whose hand ended in this step (0 elsewhere).

        :raises IllegalActionError: naming the tables and actions when one is
            not legal; then no table has moved.  (The check reads ``masks``
            as this class filled them: read them, do not write into them.)
        """
        if not self.tables:
            raise MahjongError("VectorTables.step before reset()")
        acts = np.asarray(actions)
        if acts.shape != (self.num_tables,) or not np.issubdtype(acts.dtype, np.integer):
            raise IllegalActionError(
                f"actions must be an integer array of shape ({self.num_tables},), got {acts.shape} {acts.dtype}"
            )
        out_of_range = (acts < 0) | (acts >= NUM_ACTIONS)
        bad = out_of_range.copy()
        ok = ~out_of_range
        bad[ok] = self.masks[self._rows[ok], acts[ok]] == 0
        if bad.any():
            where = [
                f"table {i} seat {int(self.seats[i])} action {int(acts[i])}" for i in np.flatnonzero(bad)[:5]
            ]
            raise IllegalActionError(f"illegal actions ({int(bad.sum())}): " + "; ".join(where))
        self.rewards[:] = 0
        self.dones[:] = False
        seats = self.seats
        for i, t in enumerate(self.tables):
            s = int(seats[i])
            t.apply(action_of(s, int(acts[i])))
            self._advance(i)
            if t.is_over:
                self._settle_and_redeal(i)
        return self.obs, self.masks, self.rewards, self.dones


GYM_ID = "mahjong_core/Mahjong-v0"
"""The Gymnasium id of :class:`SingleAgentEnv`, registered when this module
is imported with Gymnasium installed: ``gymnasium.make("mahjong_core.envs:"
+ GYM_ID, variant=...)`` imports it first."""


def _register_gym() -> None:
    try:
        import gymnasium
    except ImportError:  # pragma: no cover - the rl extra is missing
        return
    if GYM_ID not in gymnasium.registry:
        gymnasium.register(GYM_ID, entry_point="mahjong_core._rl_envs:SingleAgentEnv")


_register_gym()


def __getattr__(name: str) -> Any:
    if name in ("raw_env", "env", "SingleAgentEnv"):
        try:
            from . import _rl_envs
        except ImportError as e:  # pragma: no cover - the rl extra is missing
            raise ImportError(
                f"mahjong_core.envs.{name} needs PettingZoo and Gymnasium: pip install 'mahjong-core[rl]' ({e})"
            ) from e
        return getattr(_rl_envs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
