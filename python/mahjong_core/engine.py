"""The game engine: one hand of mahjong as a deterministic state machine.

A :class:`Table` deals a hand for a :class:`~mahjong_core.rules.Ruleset` from a
seed, then advances one action at a time:

>>> from mahjong_core.engine import Table
>>> from mahjong_core.rules import Ruleset
>>> t = Table(Ruleset(), seed=7)
>>> t.to_act, len(t.legal_actions(t.to_act[0])) > 0
([0], True)

* ``to_act`` lists the seats that must act now: the seat on turn, or every
  seat that may claim the last discard (their answers are collected and then
  resolved by priority, so the order of answering does not matter).
* ``legal_actions(seat)`` lists :class:`Action` values in ascending id order;
  ``action_mask(seat)`` is the same as a fixed-length ``int8`` vector over
  ``NUM_ACTIONS`` ids (for RL frameworks).
* ``apply(action)`` performs one action.  An illegal action raises
  :class:`~mahjong_core.IllegalActionError` naming the rule it breaks and
  leaves the state unchanged.
* Every event goes to ``events`` (the JSON-lines record; see
  :mod:`mahjong_core.records`).

Draws and flower replacements happen inside ``apply``; the only randomness
is the seeded shuffle and dice at the start.
"""

from __future__ import annotations

import enum
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, SupportsInt, TypeGuard

from . import _native
from .analysis import Counts, HandRules, decompositions
from .errors import IllegalActionError, InvalidArgumentError, InvalidArgumentTypeError, InvalidHandError, MahjongError
from .rules import _NO_EXTRA, ReadyRule, Ruleset, ScoreSheet, Settlement, WinContext
from .tiles import KIND_NAMES, Meld, MeldKind

# the kernel calls of the turn loop, bound once (a module attribute lookup
# per call otherwise)
_waits_mask_buf = _native.waits_mask_buf
_shanten_buf = _native.shanten_buf
_held_kinds = _native.held_kinds
_is_win_buf = _native.is_win_buf

if TYPE_CHECKING:  # numpy is imported on use (the RL arrays): a bot started afresh every turn never needs it
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "NUM_ACTIONS",
    "OBS_SIZE",
    "Action",
    "ActionKind",
    "Phase",
    "Table",
    "observation",
    "play_out",
    "shuffle",
]


class ActionKind(enum.IntEnum):
    """What a seat can do."""

    DISCARD = 0
    CONCEALED_KONG = 1
    ADDED_KONG = 2
    CHOW = 3
    PUNG = 4
    KONG = 5
    WIN = 6
    PASS = 7
    READY = 8
    """Declare ready (报听) and discard ``tile``."""
    MISSING_SUIT = 9
    """定缺: declare suit ``tile`` (0 m, 1 p, 2 s) the one this seat will not keep."""
    TAKE = 10
    """海底漫游: take the last tile of the wall when it is offered."""
    SPECIAL_KONG = 11
    """Lay down special kong number ``tile`` of ``Ruleset.special_melds``
    (an index 0..7, not a kind)."""
    SPECIAL_ADD = 12
    """Add a tile of kind ``tile`` to one's special kong that holds that kind."""
    SWAP = 13
    """Give back a tile of kind ``tile`` to the reserve (开始时换牌: for
    another tile of it; after TAKE_PUNG: one of the three owed)."""
    TAKE_PUNG = 14
    """Take the pung the rule set offers from the reserve (游戏中换牌);
    three tiles are then given back (SWAP)."""
    IMAGINE = 15
    """Choose kind ``tile`` for one's imagined tiles (心皇,
    ``Ruleset.imagined_choice``), in ``Phase.IMAGINE`` right after the deal."""


# Fixed action ids: discard k (0..33), concealed kong k (34..67), added kong k
# (68..101), chow with lowest kind s*9+i (102 + s*7 + i, 21 ids), pung 123,
# kong on a discard 124, win 125, pass 126; ready + discard k (127..160),
# missing suit (161..163), take the last tile (164), discard wild flower
# 1f..8f (165..172), special kong i (173..180), add kind k to a special kong
# (181..214), swap kind k with the reserve (215..248), take the offered pung
# (249), choose kind k for one's imagined tiles (250..283).
_BASE = {
    ActionKind.DISCARD: 0, ActionKind.CONCEALED_KONG: 34, ActionKind.ADDED_KONG: 68, ActionKind.READY: 127,
    ActionKind.SWAP: 215, ActionKind.IMAGINE: 250,
}
_CHOW_BASE = 102
_SINGLE = {
    ActionKind.PUNG: 123, ActionKind.KONG: 124, ActionKind.WIN: 125, ActionKind.PASS: 126, ActionKind.TAKE: 164,
    ActionKind.TAKE_PUNG: 249,
}
_SINGLE_KINDS = {v: k for k, v in _SINGLE.items()}
_KIND_JSON = {k: k.name.lower() for k in ActionKind}
"""Each kind's name in JSON (``Enum.name`` is a Python-level property)."""
_FLOWER_DISCARD_BASE = 165
_SPECIAL_BASE = 173
_SPECIAL_ADD_BASE = 181
_SWAP_BASE = 215
_TAKE_PUNG = 249
_IMAGINE_BASE = 250
NUM_ACTIONS = 284
"""Size of the action space (the same for every rule set of this engine version)."""
OBS_SIZE = 34 + 34 + 4 * 69 + 38 + 12 + 4 + 34 + 1
"""Length of :meth:`Table.observe_tensor` vectors."""


@dataclass(frozen=True, slots=True)
class Action:
    """One move.  ``tile`` is the kind discarded or konged, or the lowest kind
    of a chow; -1 when the kind needs no saying (pung, kong, win, pass)."""

    kind: ActionKind
    seat: int
    tile: int = -1
    id: int = field(init=False, compare=False, repr=False)
    """The action's integer id in ``0..NUM_ACTIONS-1``."""

    def __post_init__(self) -> None:
        if self.kind == ActionKind.DISCARD and 34 <= self.tile < 42:
            i = _FLOWER_DISCARD_BASE + self.tile - 34  # a wild flower held in hand
        elif self.kind in _BASE:
            if not 0 <= self.tile < 34:
                raise IllegalActionError(f"{self.kind.name.lower()} needs a tile kind 0..33, got {self.tile!r}")
            i = _BASE[self.kind] + self.tile
        elif self.kind == ActionKind.SPECIAL_KONG:
            if not 0 <= self.tile < 8:
                raise IllegalActionError(f"special kong needs an index 0..7 of the rule set's special sets, got {self.tile!r}")
            i = _SPECIAL_BASE + self.tile
        elif self.kind == ActionKind.SPECIAL_ADD:
            if not 0 <= self.tile < 34:
                raise IllegalActionError(f"special add needs a tile kind 0..33, got {self.tile!r}")
            i = _SPECIAL_ADD_BASE + self.tile
        elif self.kind == ActionKind.MISSING_SUIT:
            if self.tile not in (0, 1, 2):
                raise IllegalActionError(f"missing suit must be 0 (m), 1 (p) or 2 (s), got {self.tile!r}")
            i = 161 + self.tile
        elif self.kind == ActionKind.CHOW:
            if not (0 <= self.tile < 27 and self.tile % 9 <= 6):
                raise IllegalActionError(f"chow needs the lowest kind of a suit chow, got {self.tile!r}")
            i = _CHOW_BASE + (self.tile // 9) * 7 + self.tile % 9
        else:
            i = _SINGLE[self.kind]
        object.__setattr__(self, "id", i)

    @classmethod
    def from_id(cls, seat: int, action_id: int, tile: int = -1) -> Action:
        """The action of ``seat`` with this id (``tile`` is ignored except for
        ids that carry a kind)."""
        if not 0 <= action_id < NUM_ACTIONS:
            raise IllegalActionError(f"action id {action_id!r} is not in 0..{NUM_ACTIONS - 1}")
        if action_id < 102:
            kind = (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)[action_id // 34]
            return cls(kind, seat, action_id % 34)
        if action_id < 123:
            j = action_id - _CHOW_BASE
            return cls(ActionKind.CHOW, seat, (j // 7) * 9 + j % 7)
        if action_id == _TAKE_PUNG:
            return cls(ActionKind.TAKE_PUNG, seat)
        if action_id >= _IMAGINE_BASE:
            return cls(ActionKind.IMAGINE, seat, action_id - _IMAGINE_BASE)
        if action_id >= _SWAP_BASE:
            return cls(ActionKind.SWAP, seat, action_id - _SWAP_BASE)
        if action_id >= _SPECIAL_ADD_BASE:
            return cls(ActionKind.SPECIAL_ADD, seat, action_id - _SPECIAL_ADD_BASE)
        if action_id >= _SPECIAL_BASE:
            return cls(ActionKind.SPECIAL_KONG, seat, action_id - _SPECIAL_BASE)
        if action_id >= _FLOWER_DISCARD_BASE:
            return cls(ActionKind.DISCARD, seat, 34 + action_id - _FLOWER_DISCARD_BASE)
        if 161 <= action_id < 164:
            return cls(ActionKind.MISSING_SUIT, seat, action_id - 161)
        if 127 <= action_id < 161:
            return cls(ActionKind.READY, seat, action_id - 127)
        return cls(_SINGLE_KINDS[action_id], seat)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "action": _KIND_JSON[self.kind]}
        if self.kind == ActionKind.MISSING_SUIT:
            out["suit"] = "mps"[self.tile]
        elif self.kind == ActionKind.SPECIAL_KONG:
            out["special"] = self.tile
        elif self.tile >= 0:
            out["tile"] = KIND_NAMES[self.tile]
        return out

    def __str__(self) -> str:
        name = self.kind.name.lower().replace("_", " ")
        if self.kind == ActionKind.MISSING_SUIT:
            return f"S{self.seat} missing suit {'mps'[self.tile]}"
        if self.kind == ActionKind.SPECIAL_KONG:
            return f"S{self.seat} special kong {self.tile}"
        if self.kind == ActionKind.CHOW:
            return f"S{self.seat} chow {self.tile % 9 + 1}{self.tile % 9 + 2}{self.tile % 9 + 3}{'mps'[self.tile // 9]}"
        return f"S{self.seat} {name}" + (f" {KIND_NAMES[self.tile]}" if self.tile >= 0 else "")


_ACTIONS: list[list[Action]] = [[Action.from_id(s, i) for i in range(NUM_ACTIONS)] for s in range(8)]
_DRAW_EVENTS: list[list[dict[str, Any]]] = [
    [{"seat": s, "tile": KIND_NAMES[t], "type": "draw"} for t in range(len(KIND_NAMES))] for s in range(8)
]
"""The record event of each seat's draw of each tile id (copied into the log)."""
_REPLACEMENT_EVENTS: list[list[dict[str, Any]]] = [
    [{"seat": s, "tile": KIND_NAMES[t], "replacement": True, "type": "draw"} for t in range(len(KIND_NAMES))]
    for s in range(8)
]
"""The record event of each seat's replacement draw (for a flower or a
kong) of each tile id (copied into the log)."""
_FLOWER_EVENTS: list[list[dict[str, Any]]] = [
    [{"seat": s, "tile": KIND_NAMES[t], "type": "flower"} for t in range(len(KIND_NAMES))] for s in range(8)
]
"""The record event of each seat's flower shown, by tile id (copied into the log)."""
_ACTION_JSON: list[list[dict[str, Any]]] = [[a.to_json() for a in row] for row in _ACTIONS]
"""Each action's ``to_json()`` (copied before use)."""
_ACTION_EVENTS: list[list[dict[str, Any]]] = [[{**j, "type": "action"} for j in row] for row in _ACTION_JSON]
"""The record event of each action (copied into the log)."""


def _new_event(events: list[list[dict[str, Any]]], seat: int, i: int) -> dict[str, Any]:
    """A new record event: a copy of ``events[seat][i]`` (one of the
    template tables above; a typed dict copy when compiled, not a method
    call)."""
    template: dict[str, Any] = events[seat][i]
    return template.copy()


_KIND_OF: tuple[ActionKind, ...] = tuple(a.kind for a in _ACTIONS[0])
"""Each action id's kind (the same for every seat): the engine reads it by
id, an index, not as an attribute of the Action (a descriptor look-up)."""
_TILE_OF: tuple[int, ...] = tuple(a.tile for a in _ACTIONS[0])
"""Each action id's tile (the same for every seat), read as ``_KIND_OF``."""


def shuffle(tiles: list[int], rng: random.Random) -> None:
    """Shuffle ``tiles`` in place from ``rng`` (Fisher-Yates).

    Each swap index is ``(r * (i + 1)) >> 32`` for a 32-bit ``r`` from
    ``rng.getrandbits`` (one C call per tile; ``random.shuffle`` makes
    several Python calls per tile).  The bias is below (i + 1) / 2**32 per
    swap, far under anything a game can show.  The same seed gives the same
    wall in the compiled and in the plain-Python engine.

    The ``r`` of all the swaps come from one ``getrandbits(32 * swaps)``
    call: its 32-bit words, lowest first, are the values that many
    ``getrandbits(32)`` calls return in turn (the generator's words in
    order), and the generator is left in the same state.
    """
    swaps = len(tiles) - 1
    if swaps < 1:
        return
    data = bytearray(rng.getrandbits(32 * swaps).to_bytes(4 * swaps, "little"))
    t = 0
    for i in range(swaps, 0, -1):
        r = data[t + 3]
        r = (r << 8) | data[t + 2]
        r = (r << 8) | data[t + 1]
        r = (r << 8) | data[t]
        t += 4
        j = (r * (i + 1)) >> 32
        tiles[i], tiles[j] = tiles[j], tiles[i]


def roll_dice(rng: random.Random, n: int) -> list[int]:
    """``n`` dice from ``rng``: a table rolls them right after the shuffle
    (with a stacked wall, first thing from ``random.Random(seed)``).

    Each die is ``rng.randint(1, 6)``; from a plain ``random.Random`` it is
    worked out as that method does (1 plus the first of its 3-bit
    ``getrandbits`` below 6), without its three Python calls: the same
    dice from the same generator."""
    if type(rng) is not random.Random:
        return [rng.randint(1, 6) for _ in range(n)]
    out: list[int] = []
    for _ in range(n):
        r = rng.getrandbits(3)
        while r >= 6:
            r = rng.getrandbits(3)
        out.append(1 + r)
    return out


_MELDS: dict[MeldKind, dict[int, Meld]] = {
    MeldKind.CHI: {s * 9 + i: Meld(MeldKind.CHI, (s * 9 + i, s * 9 + i + 1, s * 9 + i + 2)) for s in range(3) for i in range(7)},
    **{kind: {k: Meld(kind, (k,) * size) for k in range(34)} for kind, size in (
        (MeldKind.PON, 3), (MeldKind.KAN, 4), (MeldKind.ANKAN, 4), (MeldKind.KAKAN, 4))},
}
"""Every meld the engine can make, by kind and (lowest) tile kind (melds are immutable)."""
_CHI_MELDS, _PON_MELDS, _KAN_MELDS = _MELDS[MeldKind.CHI], _MELDS[MeldKind.PON], _MELDS[MeldKind.KAN]


def _discard_id(tile: int) -> int:
    """The action id discarding tile id ``tile`` (a kind, or a wild flower)."""
    return tile if tile < 34 else _FLOWER_DISCARD_BASE + tile - 34


def observation(view: Any, seat: int) -> dict[str, Any]:
    """The observation dict of ``seat`` from a table, or from any view with
    the same attributes (the Botzone seat view): see :meth:`Table.observe`."""
    return {
        "seat": seat,
        "phase": view.phase.value,
        "turn": view.turn,
        "dealer": view.dealer,
        "round_wind": view.round_wind,
        "seat_wind": view.seat_wind(seat),
        "hand": view.concealed_tiles(seat),
        "wild_flowers": list(view.wild_flowers[seat]),
        "drawn": view.drawn if seat == view.turn else None,
        "melds": [[str(m) for m in ms] for ms in view.melds],
        "discards": [list(d) for d in view.discards],
        "flowers": [list(f) for f in view.flowers],
        "hand_sizes": [sum(h) for h in view.hands],
        "live_tiles": view.live_tiles,
        "last_discard": view.last_discard,
        "indicator": view.indicator_for(seat) if hasattr(view, "indicator_for") else None,
        "imagined": _own_imagined(view, seat),
        "ready_shown": [list(t) for t in getattr(view, "ready_shown", ())],
        "legal": [a.id for a in view.legal_actions(seat)],
    }


def _own_imagined(view: Any, seat: int) -> int:
    """心皇: the kind ``seat``'s own imagined tiles stand for (-1: none, or
    not yet fixed); never another seat's."""
    kinds = getattr(view, "imagined", None)
    return int(kinds[seat]) if kinds and getattr(view.ruleset, "imagined_tiles", 0) else -1


_NO_KINDS: frozenset[int] = frozenset()
"""The empty set of kinds (no discard banned), shared."""


def play_out(table: Table, bots: Sequence[Any]) -> Table:
    """Drive ``table`` to the end of the hand, asking ``bots[seat].choose``
    for every move (the loop of :func:`mahjong_core.bots.play_hand`)."""
    while table.phase is not _OVER:
        seat = table.turn if table.phase is _TURN else table.to_act[0]
        table.apply(bots[seat].choose(table, seat, table.legal_actions(seat)))
    return table


def action_of(seat: int, action_id: int) -> Action:
    """The (shared, immutable) Action value of ``seat`` with this id."""
    return _ACTIONS[seat][action_id]


def _pick(acts: list[Action], ids: list[int]) -> list[Action]:
    """``[acts[i] for i in ids]``: the actions of a legal list (a typed loop
    when compiled)."""
    out: list[Action] = [acts[0]] * len(ids)  # (made at its size, then filled: no appends)
    j = 0
    for i in ids:
        out[j] = acts[i]
        j += 1
    return out


_CTX_SETTERS: tuple[Any, ...] = tuple(getattr(WinContext, f.name).__set__ for f in fields(WinContext))
"""Each WinContext field's slot setter, in declaration order."""


def _context_of(*values: Any) -> WinContext:
    """``WinContext(*values)``, every field given in declaration order,
    without the frozen dataclass's ``__init__`` (one ``object.__setattr__``
    call per field, thirty of them): each slot is set through its
    descriptor.  No keyword dict is built and no field looked up by name:
    the same value, built for every win the engine checks."""
    if len(values) != len(_CTX_SETTERS):
        raise TypeError(f"WinContext has {len(_CTX_SETTERS)} fields, got {len(values)} values")
    ctx: WinContext = object.__new__(WinContext)
    for setter, value in zip(_CTX_SETTERS, values):
        setter(ctx, value)
    return ctx


def _tiles_of(counts: bytearray) -> tuple[int, ...]:
    """One kind per tile of a 34-count buffer, ascending (a context's
    ``concealed``)."""
    out: list[int] = []
    for k in range(34):
        n = counts[k]
        while n > 0:
            out.append(k)
            n -= 1
    return tuple(out)


class Phase(enum.Enum):
    TURN = "turn"
    """The seat on turn has drawn (or called) and must discard, kong or win."""
    CLAIMS = "claims"
    """Seats answer the last discard: win, kong, pung, chow or pass."""
    ROB = "rob"
    """Seats answer an added kong: win on it (抢杠) or pass."""
    DECLARE = "declare"
    """Before the first discard, every seat declares its missing suit (定缺)."""
    LAST = "last"
    """海底漫游: the seat offered the last tile takes it or passes."""
    EXCHANGE = "exchange"
    """换三张: before 定缺, every seat picks ``exchange_tiles`` tiles of one
    suit, one DISCARD action per tile, that it passes on (see
    :meth:`Ruleset.exchange_offset`)."""
    OPENING = "opening"
    """Right after the deal, seats holding an opening win (长沙 四喜, 三金倒 ...)
    answer win or pass (see :meth:`Ruleset.instant_win`)."""
    FLOWER = "flower"
    """A seat exposed a flower it drew in play (``Ruleset.flower_rob``):
    the seats with an instant win on it (七抢一) answer win or pass, then
    the drawer plays on."""
    IMAGINE = "imagine"
    """Right after the deal (``Ruleset.imagined_choice``), every seat
    chooses the kind its imagined tiles stand for (心皇): one IMAGINE
    action each."""
    REPLACE = "replace"
    """After a kong (``Ruleset.dice_kong``): the konger, ready, answers TAKE
    (roll the dice for the replacement) or PASS (the plain replacement)."""
    OVER = "over"


# Members as module constants: the hot paths compare with ``is`` and avoid
# the enum class attribute lookups.
_TURN, _CLAIMS, _ROB, _DECLARE, _OVER = Phase.TURN, Phase.CLAIMS, Phase.ROB, Phase.DECLARE, Phase.OVER
_OPENING = Phase.OPENING
_EXCHANGE = Phase.EXCHANGE
_LAST = Phase.LAST
_REPLACE = Phase.REPLACE
_FLOWER = Phase.FLOWER
_IMAGINE = Phase.IMAGINE
_K_DISCARD, _K_ANKAN, _K_KAKAN = ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG
_K_CHOW, _K_PUNG, _K_KONG = ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG
_K_WIN, _K_PASS, _K_READY = ActionKind.WIN, ActionKind.PASS, ActionKind.READY
_K_SPECIAL_KONG, _K_SPECIAL_ADD = ActionKind.SPECIAL_KONG, ActionKind.SPECIAL_ADD
_K_SWAP, _K_TAKE_PUNG = ActionKind.SWAP, ActionKind.TAKE_PUNG
_RR_REQUIRED, _RR_DISCARD_WIN = ReadyRule.REQUIRED, ReadyRule.REQUIRED_FOR_DISCARD_WIN
# (enum members read once here: on Python 3.11 each ``Enum.MEMBER`` read in a
# function goes through the enum type's __getattr__ hook)
_PON = MeldKind.PON
_ANKAN_KIND = MeldKind.ANKAN
_SPECIAL_MELD = MeldKind.SPECIAL
_SPECIAL_MAX = Meld.SPECIAL_MAX
_READY_NONE = ReadyRule.NONE

_NO_PAYMENTS = Settlement()
"""A settlement without payments (immutable: every table starts from this one)."""

_PRIORITY = {
    ActionKind.WIN: 5, ActionKind.KONG: 4, ActionKind.READY: 3, ActionKind.PUNG: 2, ActionKind.CHOW: 1, ActionKind.PASS: 0,
}
"""Claim priority: win > kong > 吃听 (READY answering a discard) > pung > chow.
(A kong and a pung of one discard never meet: they would need five copies.)"""


def _numpy_integer(value: object) -> TypeGuard[SupportsInt]:
    """``value`` is a numpy integer (numpy is not imported for this: without
    it loaded, no value can be one)."""
    np_mod = sys.modules.get("numpy")
    return np_mod is not None and isinstance(value, np_mod.integer)


def _whole_number(name: str, value: object, where: str = "Table") -> int:
    """``value`` as an int, or :class:`InvalidArgumentTypeError` naming ``name``."""
    if isinstance(value, bool) or not (isinstance(value, int) or _numpy_integer(value)):
        text = repr(value)
        text = text if len(text) <= 60 else text[:60] + "…"
        raise InvalidArgumentTypeError(f"{where}: {name} must be a whole number, got {type(value).__name__} {text}")
    return int(value)


def _check_table_arguments(
    ruleset: object, seed: object, dealer: object, round_wind: object, hand_number: object, streak: object,
    where: str = "Table",
) -> None:
    """What :class:`Table` checks before it deals: the rule set's type, the
    seed's type, the dealer at the table, the round wind 0..3 and counts
    that are not negative (typed errors naming the argument)."""
    if not isinstance(ruleset, Ruleset):
        raise InvalidArgumentTypeError(
            f"{where}: ruleset must be a Ruleset (e.g. find_variant('guobiao')()), got {type(ruleset).__name__}"
        )
    if seed is not None:
        _whole_number("seed", seed, where)
    n = ruleset.num_players
    if not 0 <= _whole_number("dealer", dealer, where) < n:
        raise InvalidArgumentError(f"{where}: dealer must be a seat 0..{n - 1} of {ruleset.id}, got {dealer!r}")
    if not 0 <= _whole_number("round_wind", round_wind, where) < 4:
        raise InvalidArgumentError(f"{where}: round_wind must be 0..3 (E S W N), got {round_wind!r}")
    for name, value in (("hand_number", hand_number), ("streak", streak)):
        if not 0 <= _whole_number(name, value, where) < 2**31:  # a C int in the compiled Table
            raise InvalidArgumentError(f"{where}: {name} must be 0 or more (and below 2**31), got {value!r}")


def _held_wild_kinds(kinds: frozenset[int]) -> tuple[int, ...]:
    """The wild ``kinds`` a hand holds (below 34: wild flowers are kept
    apart), ascending."""
    return tuple(sorted(k for k in kinds if k < 34))


_SpecialPlan = tuple[tuple[tuple[int, ...], ...], tuple[tuple[bytes, bytes], ...]]


def _special_plan(ruleset: Ruleset) -> _SpecialPlan:
    """``ruleset.special_melds`` each sorted, and each one's kinds and the
    copies of each it takes as two byte strings; or MahjongError when they
    are not at most 8 sets of 3 to 8 kinds 0..33.  Worked out once for a
    tuple of them (kept on the rule set with the tuple it was made from:
    a new tuple assigned is worked out again)."""
    melds = ruleset.special_melds
    if not melds:
        return (), ()
    cached: tuple[object, _SpecialPlan] | None = ruleset.__dict__.get("_special_plan")
    if cached is not None and cached[0] is melds:
        return cached[1]
    specials = tuple(tuple(sorted(x)) for x in melds)
    if len(specials) > 8 or any(
        not 3 <= len(x) <= Meld.SPECIAL_MAX or not all(0 <= k < 34 for k in x) for x in specials
    ):
        raise MahjongError(f"{ruleset.id}: special_melds are at most 8 sets of 3 to 8 kinds 0..33")
    req = tuple((bytes(sorted(set(x))), bytes(x.count(k) for k in sorted(set(x)))) for x in specials)
    if type(melds) is tuple and all(type(x) is tuple for x in melds):  # (kept only if immutable)
        ruleset.__dict__["_special_plan"] = (melds, (specials, req))
    return specials, req


class Table:
    """One hand of mahjong under a rule set.

    ``seed`` fixes the shuffle and the dice; ``dealer`` and ``round_wind``
    come from the match.  ``wall`` (tile ids, an order of
    ``ruleset.wall_tiles()``) is used instead of the shuffle: dealt from the
    front, dealer first, replacements from the back (see
    :mod:`mahjong_core.scenario`); the header then records it.  Seats are numbered in turn order (counter-clockwise),
    seat winds follow from the dealer (the dealer is East).
    """

    def __init__(
        self,
        ruleset: Ruleset,
        *,
        seed: int | None = None,
        dealer: int = 0,
        round_wind: int = 0,
        hand_number: int = 0,
        streak: int = 0,
        carry: dict[str, Any] | None = None,
        wall: Sequence[int] | None = None,
    ) -> None:
        _check_table_arguments(ruleset, seed, dealer, round_wind, hand_number, streak)
        self.ruleset = ruleset
        self.streak = streak
        """Hands the dealer has already dealt in a row (连庄), from the match."""
        self.carry: dict[str, Any] = dict(carry or {})
        """State the match carries into this hand (荒番 counters ...), made
        by :meth:`Ruleset.carry` after the previous hand; plain JSON values."""
        self.seed = seed if seed is not None else random.randrange(2**63)
        self.dealer = dealer
        self.round_wind = round_wind
        self.hand_number = hand_number
        n = ruleset.num_players
        self.n = n
        rng = random.Random(self.seed)
        self.stacked = wall is not None
        """The wall was given (a scenario, a replayed record), not shuffled."""
        if wall is None:
            tiles = ruleset.wall_tiles()
            shuffle(tiles, rng)
        else:
            tiles = _checked_wall(ruleset, wall)
        self.dice = roll_dice(rng, ruleset.dice)
        self.wall: list[int] = tiles
        self.head = 0
        self.tail = len(tiles)
        self._per_seat = ruleset.per_seat_walls
        self._segments: list[list[int]] = []
        """Per-seat walls: [next, end) of each seat's part of ``wall``."""
        if self._per_seat:
            if ruleset.wild_indicator or ruleset.dead_wall or ruleset.dead_wall_per_kong:
                raise MahjongError(f"{ruleset.id}: per-seat walls take no indicator and no dead wall")
            size = len(tiles) // n
            self._segments = [[s * size, (s + 1) * size] for s in range(n)]
        self._dead = ruleset.dead_wall
        self._dead_per_kong = ruleset.dead_wall_per_kong
        self._dead_free = ruleset.dead_wall_free_kongs
        self._dead_odd = ruleset.dead_wall_odd_tail
        self._ind_end = ruleset.wall_ends_at_indicator
        self._indicator_at = 0
        """With ``wall_ends_at_indicator``: where the indicator lay in ``wall``
        (the tiles from there to ``tail`` are kept back)."""
        self._standing_n = ruleset.standing_tiles
        self.standing: list[bytearray] = [bytearray(34) for _ in range(n)]
        """立四: each seat's standing tiles (34 counts, within its hand)."""
        self._missed_pung = ruleset.missed_pung_ban
        self._kong_kinds = ruleset.kong_kinds
        self._imagined = ruleset.imagined_tiles
        """心皇: tiles each seat holds besides its tiles (imagined)."""
        self.imagined: list[int] = [-1] * n
        """心皇: the kind each seat's imagined tiles stand for, committed
        after the deal (:meth:`Ruleset.imagined_kind`); -1: any kind the
        seat's hand rules allow a wild (fixed only at a win)."""
        self._furiten_chow = ruleset.own_discard_chow_ban
        self._furiten_pung = ruleset.own_discard_pung_ban
        self.discarded_kinds: list[int] = [0] * n
        """The kinds (bit mask) each seat has discarded this hand, claimed or
        not (江南 "曾放过的牌": ``own_discard_chow_ban`` / ``own_discard_pung_ban``)."""
        self._passed_pungs: list[int] = [0] * n
        """不能弃先碰后: the kinds (bit mask) each seat passed a pung of since its last draw."""
        self._allow_kong = ruleset.allow_kong
        self._allow_chow = ruleset.allow_chow
        self._allow_pung = ruleset.allow_pung
        self._allow_exposed_kong = ruleset.allow_exposed_kong
        self._zone = ruleset.self_draw_zone
        self._zone_dead_flowers = ruleset.self_draw_zone_flowers_dead and self._zone > 0
        self._wild_discard = ruleset.wild_discard
        self._calls_on_last = ruleset.calls_on_last_discard
        self._flower_ids = frozenset(ruleset.flower_tiles)
        self._dynamic_rules = ruleset.dynamic_hand_rules
        self._ready_rule = ruleset.ready_rule
        self._has_instant = type(ruleset).instant_win is not Ruleset.instant_win
        self._has_extra = type(ruleset).context_extra is not Ruleset.context_extra
        self._has_reserve = type(ruleset).reserve_extra is not Ruleset.reserve_extra
        self._reserve_key = -1
        self._reserve = 0
        self._has_precedence = type(ruleset).win_precedence is not Ruleset.win_precedence
        self._has_free = type(ruleset).shape_free_win is not Ruleset.shape_free_win
        self._has_free_kinds = type(ruleset).shape_free_ready_kinds is not Ruleset.shape_free_ready_kinds
        self._free_reach = ruleset.shape_free_reach
        """Shanten above which a hand with no kernel waits has no shape-free
        waits either (``Ruleset.shape_free_reach``; -1: none promised)."""
        self._has_refuse = type(ruleset).refuses_win is not Ruleset.refuses_win
        self._refuse_exact = self._has_refuse and bool(ruleset.refuses_win_exact)
        """``Ruleset.refuses_win_exact``: a win refuses_win lets through is
        offered unscored (scored when taken)."""
        self._has_refuse_tiles = type(ruleset).refuses_tiles is not Ruleset.refuses_tiles
        self._has_discard_refusal = type(ruleset).refuses_discard_wins is not Ruleset.refuses_discard_wins
        self._needs_meld = ruleset.win_needs_meld
        """A seat without a meld never wins (``win_needs_meld``)."""
        self._needs_ready = ruleset.ready_rule is ReadyRule.REQUIRED
        """A seat that has not declared ready never wins (``ReadyRule.REQUIRED``)."""
        self._has_ready_filter = type(ruleset).ready_allowed is not Ruleset.ready_allowed
        # (the default may_declare_ready answers True: not asked at every turn)
        self._has_ready_when = type(ruleset).may_declare_ready is not Ruleset.may_declare_ready
        self._has_ready_shown = type(ruleset).ready_shown is not Ruleset.ready_shown
        self._flower_rob = ruleset.flower_rob and self._has_instant
        self._chow_any = ruleset.chow_from_any_seat
        """Every other seat may chow a discard (``chow_from_any_seat``)."""
        self._specials, self._special_req = _special_plan(ruleset)
        """``Ruleset.special_melds``, each sorted; and each special kong's
        kinds and the copies of each it takes, as two byte strings
        (``_special_ids``: a typed loop when compiled)."""
        self._special_adds = bool(self._specials) and ruleset.special_meld_additions
        self._special_check = type(ruleset).special_meld_allowed is not Ruleset.special_meld_allowed
        """The rule set limits when a held special kong may be laid down."""
        self._swap_first = ruleset.swap_on_first_turn
        self._has_pung_offer = type(ruleset).pung_offer is not Ruleset.pung_offer
        if (self._swap_first or self._has_pung_offer) and (ruleset.dead_wall < 4 or self._per_seat):
            raise MahjongError(f"{ruleset.id}: tile exchanges need a dead wall of 4 tiles or more (the reserve)")
        self.swap_owed: list[list[int]] = [[] for _ in range(n)]
        """The reserve positions each seat still owes a tile to, after
        taking an offered pung (游戏中换牌)."""
        self.pung_offers: list[int | None] = [None] * n
        """The kind of the pung offered to each seat this turn (``Ruleset.pung_offer``)."""
        """A flower drawn in play may be robbed (``Ruleset.flower_rob``)."""
        """The rule set has wins without a shape (``shape_free_win``)."""
        self._has_wild_draw = type(ruleset).drawn_tile_wild is not Ruleset.drawn_tile_wild
        """The rule set makes some drawn tiles wild (``drawn_tile_wild``)."""
        self._has_redraw = type(ruleset).indicator_redraw is not Ruleset.indicator_redraw
        """The rule set replaces its indicator during the hand (``indicator_redraw``)."""
        self._hidden_indicator = type(ruleset).indicator_visible is not Ruleset.indicator_visible
        """The indicator may be hidden from some seats (``indicator_visible``)."""
        self._max_melds = ruleset.max_melds
        self._ready_legal = ruleset.ready_needs_legal_wait
        self._chow_ready = ruleset.chow_ready
        self._chow_ready_any = ruleset.chow_ready_any_seat
        self._zone_kongs = ruleset.zone_kong_claims
        self.must_declare = False
        """吃听: the seat on turn chowed to declare ready and must declare with its discard."""
        self.indicator_changes = 0
        """How many times the indicator was replaced this hand (换宝)."""
        self._same_tile_miss = ruleset.missed_win_ban and ruleset.missed_win_same_tile_only
        self._call_lifts_miss = ruleset.missed_win_lifted_by_call
        self._missed_tiles: list[int] = [0] * n
        """漏胡 for one kind only: the kinds (bit mask) each seat passed a win on."""
        self._dice_kong = ruleset.dice_kong
        if self._dice_kong and self._per_seat:
            raise MahjongError(f"{ruleset.id}: the dice kong takes from the end of one wall (no per-seat walls)")
        self.kong_dice: list[int] = []
        """The dice rolled for the last kong's replacement ([] when it was
        the plain replacement): 杠上开花 / 杠上炮 of ``dice_kong``."""
        self._dice_tiles: int = ruleset.dice_kong_tiles
        if self._dice_tiles not in (1, 2):
            raise MahjongError(f"{ruleset.id}: dice_kong_tiles must be 1 or 2, got {self._dice_tiles!r}")
        self.dice_pending: list[int] = []
        """The second tile a two-tile dice kong turned up (``dice_kong_tiles``
        2), face up, until its konger discards it after the first."""
        self._dice_seat = -1
        self._dice_fed_by: int | None = None
        self._dice_win_only = False
        self.locked: list[bool] = [False] * n
        """Seats that rolled for a kong (``dice_kong``): they discard what
        they draw unless they win, and claim only wins."""
        self.kongs_made = 0
        self.hands: list[bytearray] = [bytearray(34) for _ in range(n)]
        self.flowers: list[list[int]] = [[] for _ in range(n)]
        self.wild_flowers: list[list[int]] = [[] for _ in range(n)]
        """Flowers held in hand because they are wild this hand (宁波 百搭
        seasons or plants): counted as wild tiles, discarded like tiles."""
        self._wild_flower_ids: frozenset[int] = frozenset()
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.meld_sources: list[list[int | None]] = [[] for _ in range(n)]
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.shown = bytearray(34)
        """Tiles face up per kind: every seat's discards and the tiles of
        its melds other than concealed kongs (kept as the hand goes)."""
        self.out: set[int] = set()
        """Seats that have won and left play (血战到底)."""
        self._orders: list[list[int]] = []
        self._build_orders()
        self.win_settlement = _NO_PAYMENTS
        """Payments for wins already made while play goes on (血战到底)."""
        self.missing: list[int | None] = [None] * n
        """Each seat's declared missing suit (定缺), when the rule set uses one."""
        self.declared: list[bool] = [False] * n
        """Seats that declared ready (报听)."""
        self.ready_on_deal: set[int] = set()
        """Seats that declared ready with their first discard, before any
        call (天听)."""
        self.ready_forfeit: set[int] = set()
        self.ready_shown: list[tuple[int, ...]] = [() for _ in range(n)]
        """The tiles each declared seat laid face up (``Ruleset.ready_shown``)."""
        """Seats that passed a win after declaring ready, where the rule set
        then forbids every win (``ready_missed_win_forfeits``)."""
        self.claim_history: list[tuple[int, int]] = []
        """(claiming seat, discarder) of every claimed meld, in order."""
        self.events: list[dict[str, Any]] = []
        self.turn = dealer
        self.phase = _TURN
        self.drawn: int | None = None
        self.last_discard: tuple[int, int] | None = None
        self.pending_kong: tuple[int, int] | None = None
        self.claimants: dict[int, list[Action]] = {}
        self.answers: dict[int, Action] = {}
        self.missed_win: set[int] = set()
        self.after_kong = False
        self.after_flower = False
        """The tile the seat on turn drew replaced a flower it drew (杠花 in
        宁波: a win on it is 杠上开花 there; rule sets read it in
        :meth:`Ruleset.context_extra`)."""
        self.kong_fed_by: int | None = None
        self.discard_after_kong = False
        """The last discard was made right after a kong's replacement draw (杠上炮)."""
        self.draws_made = [0] * n
        self.winners: list[int] = []
        self.scores: dict[int, ScoreSheet] = {}
        self.contexts: dict[int, WinContext] = {}
        self.settlement = _NO_PAYMENTS
        self.kong_settlement = _NO_PAYMENTS
        """Payments made for kongs during the hand (part of ``settlement``)."""
        self.steps = 0
        self.indicator: int | None = None
        """The wild indicator tile, flipped after the deal (out of play)."""
        self.wild_kinds: frozenset[int] = frozenset()
        self._wild_src: frozenset[int] | None = None
        self._wild_held: tuple[int, ...] = ()
        """The wild kinds a hand holds (below 34), of :attr:`wild_kinds` as it
        was when :meth:`_split_wilds` last looked (``_wild_src``)."""
        self.substitutes: dict[int, int] = {}
        """替身: physical kind -> the kind it plays as this hand (from
        :meth:`Ruleset.substitutes`)."""
        self.plays_as: list[int] = list(range(42))
        """The kind each tile id plays as in hand analysis (itself, or the
        kind a substitute stands for)."""
        self.opening_wins: list[tuple[WinContext, ScoreSheet]] = []
        """Opening wins settled at once while the hand goes on
        (``opening_wins_continue``)."""
        self._must_win = ruleset.must_win_last_tiles
        self._dealer_draws = ruleset.dealer_draws_first
        self._last_offer = ruleset.last_tile_offer
        self.last_tile_offers: list[int] = []
        """海底漫游: the seats the last tile was offered to, in order."""
        self.last_tile_taker: int | None = None
        """海底漫游: the seat that took the last tile."""
        self._waits: list[int] = [0] * n
        self._claim_waits: list[int] = [0] * n if self._has_discard_refusal else self._waits
        """The waits a discard is won on: :attr:`_waits` (the same list) unless
        the rule set answers ``Ruleset.refuses_discard_wins``, then 0 for a
        seat it refuses every discard win of until its next waits."""
        self._claim_asked: list[bool] = [False] * n
        """Whether ``Ruleset.refuses_discard_wins`` was asked of each
        seat's waits (at the first discard they hold: :meth:`_discard_refused`)."""
        self._waits_memo: list[tuple[bytes | bytearray, int, HandRules, int] | None] = [None] * n
        """Each seat's last waits kernel call: its counts, wilds, rules and answer."""
        self._sheets: list[tuple[WinContext, ScoreSheet]] = []
        """The last few contexts scored and their sheets (:meth:`_score`)."""
        self._far: list[bool] = [False] * n
        """吃听 only: the seat's 3n+1 hand is two or more tiles from ready (a
        chow, which gains at most one tile, cannot make it ready)."""
        self._rules: list[HandRules | None] = [None] * n
        self._flowers_shown: list[int] = [0] * n
        """How many of each seat's flowers have been exposed (the others
        wait for the next round of the deal's replacement)."""
        self.indicator_dice: list[int] = []
        """The dice rolled for the indicator's position (``indicator_dice``)."""
        self._has_single = type(ruleset).single_kong_kinds is not Ruleset.single_kong_kinds
        """The rule set lays out single tiles as kongs (``single_kong_kinds``)."""
        self._free_wild: frozenset[int] | None = None
        self._free_misfits: list[int] = []
        """The wild kinds ``_free_possible`` last asked for, and the kinds no
        shape-free hand holds then."""
        self._single_wild: frozenset[int] | None = None
        self._single_cache: frozenset[int] = frozenset()
        """The wild kinds ``_single_kinds`` last asked for, and its answer."""
        self._turn_cache: list[Action] | None = None
        self._turn_win: WinContext | None = None
        """The self-drawn win the cached turn actions offer (:meth:`_offer_win`),
        taken as it is by :meth:`_apply_turn`: the table has not changed
        while ``_turn_cache`` holds."""
        self._claim_wins: dict[int, WinContext] = {}
        """The wins on the last discard the open claims offer, by seat
        (:meth:`_claims_for`), taken as they are when the claims resolve:
        only the answers change while claims are open."""
        self._banned_discards: frozenset[int] = frozenset()
        """Kinds that may not be discarded now (吃张打张)."""
        self._no_kong_this_turn = False
        """No kong in the turn of a pung (a rule-set option)."""
        self._called = False
        """The seat on turn got there by a chow or pung (no self-drawn win then)."""
        self.robbed: list[int] = []
        """A tile won on by robbing a kong (it left the kong maker's hand)."""
        self.exchange: list[list[int]] = [[] for _ in range(n)]
        """换三张: the kinds each seat picked to pass on (``exchange_tiles``)."""
        self._deal()

    # ------------------------------------------------------------------ deal
    def _event(self, kind: str, **data: Any) -> None:
        data["type"] = kind
        self.events.append(data)

    def _deal(self) -> None:
        rs = self.ruleset
        self._event(
            "header",
            ruleset=rs.name,
            ruleset_id=rs.id,
            version=rs.version,
            options=rs.options_json(),
            seed=self.seed,
            dealer=self.dealer,
            round_wind=self.round_wind,
            hand=self.hand_number,
            dice=list(self.dice),
            **({"streak": self.streak} if self.streak else {}),
            **({"carry": self.carry} if self.carry else {}),
            **({"wall": [KIND_NAMES[t] for t in self.wall]} if self.stacked else {}),
        )
        for i in range(self.n):
            seat = (self.dealer + i) % self.n
            for j in range(rs.hand_size + (1 if seat == self.dealer and not self._dealer_draws else 0)):
                tile = self._pop_front(seat)
                self._take(seat, tile)
                if j < self._standing_n and tile < 34:
                    self.standing[seat][tile] += 1  # 立四: the first tiles dealt stand apart
        self._event("deal", hands=[self._hand_text(s) for s in range(self.n)])
        if self._standing_n:
            self._event("standing", tiles=[_native.counts_notation(st) for st in self.standing])
        after_flowers = rs.wild_indicator and rs.indicator_after_flowers
        if rs.wild_indicator and not after_flowers:
            # flip the tile the rule set names (default the last one; the
            # first non-flower from there back); it leaves the wall
            self._flip_indicator(rs.indicator_offset(self.dice))
        if not after_flowers:
            self._set_wilds()
        # flower replacement rounds, dealer first, from the tail
        while True:
            moved = False
            for i in range(self.n):
                seat = (self.dealer + i) % self.n
                shown = self._flowers_shown[seat]
                pending = self.flowers[seat][shown:]
                self._flowers_shown[seat] = shown + len(pending)
                for f in pending:
                    self.events.append(_new_event(_FLOWER_EVENTS, seat, f))
                    moved = True
                    self._draw_replacement(seat, flower_round=True)
            if not moved:
                break
        if after_flowers:
            self._flip_after_flowers()
            self._set_wilds()
        if self._imagined:
            if rs.imagined_choice:
                # every seat chooses its imagined kind before anything else
                self.drawn = None
                self.phase = _IMAGINE
                kinds = sorted({t for t in rs.wall_tiles() if t < 34})  # (the set's kinds, once for every seat)
                self.claimants = {s: self._imagine_choices(s, kinds) for s in range(self.n)}
                self.answers = {}
                return
            self.imagined = [rs.imagined_kind(self, s) for s in range(self.n)]
            self._event("imagined", kinds=[KIND_NAMES[k] if k >= 0 else None for k in self.imagined])
        self._after_deal()

    def _imagine_choices(self, seat: int, kinds: list[int]) -> list[Action]:
        """心皇 choices (``imagined_choice``): every kind of the wall
        (``kinds``, ascending) the seat holds fewer than ``copies`` of (no
        fifth copy)."""
        hand = self.hands[seat]
        cap = self.ruleset.copies
        return [_ACTIONS[seat][_IMAGINE_BASE + k] for k in kinds if hand[k] < cap]

    def _after_deal(self) -> None:
        """After the deal (and the 心皇 choices): the waits, then opening
        wins or the first turn."""
        rs = self.ruleset
        for s in range(self.n):
            if s != self.dealer or self._dealer_draws:
                self._update_waits(s)
        self.drawn = None
        if self._has_instant:
            self.phase = _OPENING  # the hook sees the opening phase
            claim = {}
            for i in range(self.n):
                seat = (self.dealer + i) % self.n
                if rs.instant_win(self, seat) is not None:
                    claim[seat] = [_ACTIONS[seat][125], _ACTIONS[seat][126]]
            if claim:
                self.claimants = claim
                self.answers = {}
                return
            self.phase = _TURN
        self._after_opening()

    def _set_wilds(self) -> None:
        """The hand's wild kinds (from the indicator), wild flowers held and
        substitutes, once the indicator is known."""
        rs = self.ruleset
        self.wild_kinds = rs.wild_tile_kinds(self)
        self._wild_flower_ids = self.wild_kinds & self._flower_ids
        if self._wild_flower_ids:  # wild flowers dealt stay in hand, unexposed
            for seat in range(self.n):
                self.wild_flowers[seat] = [f for f in self.flowers[seat] if f in self._wild_flower_ids]
                self.flowers[seat] = [f for f in self.flowers[seat] if f not in self._wild_flower_ids]
            self._event("wild_flowers", held=[[KIND_NAMES[f] for f in fs] for fs in self.wild_flowers])
        more = frozenset(rs.flower_kinds(self))
        if more:  # kinds that are flowers this hand (安庆 杠牌): out of the hands
            bad = sorted(k for k in more if not 0 <= k < 34 or k in self.wild_kinds)
            if bad:
                raise MahjongError(f"{rs.id}: bad flower kinds {bad!r} (kinds 0..33, not wild)")
            self._flower_ids = self._flower_ids | more
            for seat in range(self.n):
                hand = self.hands[seat]
                for k in sorted(more):
                    while hand[k]:
                        hand[k] -= 1
                        self.flowers[seat].append(k)
        subs = dict(rs.substitutes(self))
        for src, dst in subs.items():
            if not (0 <= src < 34 and 0 <= dst < 34) or src in self.wild_kinds or src == dst:
                raise MahjongError(f"{rs.id}: bad substitute {src!r} -> {dst!r} (kinds 0..33, not wild, not itself)")
            self.plays_as[src] = dst
        self.substitutes = subs
        if subs:
            self._event("substitutes", tiles={KIND_NAMES[a]: KIND_NAMES[b] for a, b in sorted(subs.items())})
        if self.indicator is not None:
            if self.indicator_dice:
                self._event(
                    "indicator", tile=KIND_NAMES[self.indicator], wilds=[KIND_NAMES[k] for k in sorted(self.wild_kinds)],
                    dice=list(self.indicator_dice),
                )
            else:
                self._event(
                    "indicator", tile=KIND_NAMES[self.indicator], wilds=[KIND_NAMES[k] for k in sorted(self.wild_kinds)]
                )

    def _flip_after_flowers(self) -> None:
        """开金 after 补花 (``indicator_after_flowers``): flip from the tail
        (or, with ``indicator_dice``, the top of the N-th stack of two from
        the tail); a flower goes to the dealer and the next one is flipped."""
        rs = self.ruleset
        tail0 = self.tail
        if rs.indicator_dice:
            rng = random.Random(f"{self.seed}/indicator")
            self.indicator_dice = [rng.randint(1, 6) for _ in range(max(1, rs.dice))]
        step = sum(self.indicator_dice)
        while self.tail > self.head:
            if rs.indicator_dice:
                j = max(self.head, tail0 - 2 * step)
                step += 1
            else:
                j = self.tail - 1
            tile = self.wall.pop(j)
            self.tail -= 1
            if tile in self._flower_ids and not rs.indicator_may_be_flower:
                self.flowers[self.dealer].append(tile)
                self._flowers_shown[self.dealer] = len(self.flowers[self.dealer])
                self._event("flower", seat=self.dealer, tile=KIND_NAMES[tile], indicator=True)
                continue
            self.indicator = tile
            return

    def _flip_indicator(self, offset: int = 0) -> None:
        """Flip the indicator: the tile ``offset`` tiles before the end of the
        wall (the first non-flower from there back); it leaves the wall."""
        j = max(self.head, self.tail - 1 - offset)
        while j >= self.head and self.wall[j] in self._flower_ids and not self.ruleset.indicator_may_be_flower:
            j -= 1
        if j >= self.head:
            self.indicator = self.wall.pop(j)
            self.tail -= 1
            self._indicator_at = j

    def _redraw_indicator(self) -> None:
        """换宝 (``Ruleset.indicator_redraw``): while the rule set asks for it
        and a tile is left to draw, the old indicator goes to the dealer's
        discards and the last tile of the wall becomes the new one."""
        rs = self.ruleset
        changed = False
        while self.indicator is not None and self.live_tiles > 0 and rs.indicator_redraw(self):
            old = self.indicator
            self.discards[self.dealer].append(old)
            self.shown[old] += 1
            self.indicator = None
            self._flip_indicator()
            if self.indicator is None:  # (only flowers left at the tail)
                self.indicator = old
                self.discards[self.dealer].pop()
                self.shown[old] -= 1
                break
            changed = True
            self.indicator_changes += 1
            self._event("indicator", tile=KIND_NAMES[self.indicator], old=KIND_NAMES[old], redraw=True)
        if changed:
            kinds = rs.wild_tile_kinds(self)
            if kinds != self.wild_kinds:
                self.wild_kinds = kinds
                for s in range(self.n):
                    if s != self.turn or self.phase is not _TURN:
                        self._update_waits(s)
            self._turn_cache = None

    def indicator_for(self, seat: int) -> int | None:
        """The indicator as ``seat`` may see it: None when there is none or
        the rule set hides it from this seat (``Ruleset.indicator_visible``)."""
        if self.indicator is None or (self._hidden_indicator and not self.ruleset.indicator_visible(self, seat)):
            return None
        return self.indicator

    def _after_opening(self) -> None:
        """The exchange (换三张) and declarations (定缺) before the first
        discard, then the dealer's turn."""
        self.claimants = {}
        self.answers = {}
        self.phase = _TURN
        self.turn = self.dealer
        if self.ruleset.exchange_tiles:
            self.phase = _EXCHANGE
            self.claimants = {s: self._exchange_choices(s) for s in range(self.n)}
            return
        self._declare()

    def _exchange_choices(self, seat: int) -> list[Action]:
        """换三张: the kinds ``seat`` may pick next: of the suit of its first
        pick, else of any suit it holds enough tiles of."""
        need = self.ruleset.exchange_tiles
        picked = self.exchange[seat]
        left = bytearray(self.hands[seat])
        for k in picked:
            left[k] -= 1
        if picked:
            lo = picked[0] - picked[0] % 9
            kinds = [k for k in range(lo, lo + 9) if left[k]]
        else:
            kinds = [k for s in range(3) if sum(left[s * 9 : s * 9 + 9]) >= need for k in range(s * 9, s * 9 + 9) if left[k]]
        return [_ACTIONS[seat][k] for k in kinds]

    def _exchange_pick(self, action: Action) -> None:
        seat = action.seat
        self.exchange[seat].append(action.tile)
        if len(self.exchange[seat]) < self.ruleset.exchange_tiles:
            self.claimants[seat] = self._exchange_choices(seat)
            return
        self.answers[seat] = action
        if len(self.answers) < len(self.claimants):
            return
        offset = self.ruleset.exchange_offset(self) % self.n
        if offset == 0:
            raise MahjongError(f"{self.ruleset.id}: exchange_offset must not pass tiles to their own seat")
        for s in range(self.n):
            for k in self.exchange[s]:
                self.hands[s][k] -= 1
        for s in range(self.n):
            for k in self.exchange[s]:
                self.hands[(s + offset) % self.n][k] += 1
        self._event("exchange", offset=offset, tiles=[[KIND_NAMES[k] for k in p] for p in self.exchange])
        for s in range(self.n):
            if s != self.dealer or self._dealer_draws:
                self._update_waits(s)
        self.claimants = {}
        self.answers = {}
        self._declare()

    def _declare(self) -> None:
        """定缺 when the rule set has it, then the dealer's first turn."""
        self.phase = _TURN
        if self.ruleset.missing_suit:
            self.phase = _DECLARE
            self.claimants = {s: self._missing_suit_choices(s) for s in range(self.n)}
            return
        self._first_turn()

    def _first_turn(self) -> None:
        """The dealer's first turn: on its 14th tile, or on its first draw
        (``dealer_draws_first``)."""
        self.phase = _TURN
        self.turn = self.dealer
        if self._dealer_draws:
            self._next_draw(self.dealer)

    def _missing_suit_choices(self, seat: int) -> list[Action]:
        """定缺 choices: a suit the hand lacks is forced; with one suit held,
        either of the other two; else any of the three."""
        hand = self.hands[seat]
        held = [s for s in range(3) if any(hand[s * 9 : s * 9 + 9])]
        lacking = [s for s in range(3) if s not in held]
        choices = lacking if len(lacking) == 1 else (lacking or [0, 1, 2])
        return [_ACTIONS[seat][161 + s] for s in choices]

    def _take(self, seat: int, tile: int) -> None:
        if tile in self._flower_ids:
            self.flowers[seat].append(tile)
        else:
            hand = self.hands[seat]
            hand[tile] += 1

    def _draw_replacement(self, seat: int, flower_round: bool = False) -> int | None:
        """Draw from the tail for a flower or a kong; flowers drawn outside
        the deal are exposed and replaced at once."""
        while True:
            if self._left(seat) == 0:
                return None
            if self._per_seat:
                tile = self._pop_front(seat)
            else:
                self.tail -= 1
                tile = self.wall[self.tail]
            if tile in self._wild_flower_ids:
                self.wild_flowers[seat].append(tile)
                return tile
            if tile in self._flower_ids:
                self.flowers[seat].append(tile)
                if flower_round:
                    return None  # exposed in the next round
                self._flowers_shown[seat] = len(self.flowers[seat])
                self.events.append(_new_event(_FLOWER_EVENTS, seat, tile))
                continue
            self.hands[seat][tile] += 1
            return tile

    # ------------------------------------------------------------ properties
    @property
    def live_tiles(self) -> int:
        """Tiles that may still be drawn (with per-seat walls: by the seat
        that draws next)."""
        if self._per_seat:
            return self._left(self._next_seat(self.turn))
        return max(0, self.tail - self.head - self._kept())

    def _kept(self) -> int:
        """Tiles kept back at the end of the wall now (the dead wall)."""
        kept: int = self._dead + self._dead_per_kong * max(0, self.kongs_made - self._dead_free)
        if self._has_reserve:
            # asked again only when a kong is made or a flower shown
            key = self.kongs_made * 4096
            for f in self.flowers:  # (a typed loop when compiled: no list, no sum)
                key += len(f)
            if key != self._reserve_key:
                self._reserve_key = key
                self._reserve = self.ruleset.reserve_extra(self)
            kept += self._reserve
        if self._dead_odd:  # a lone tile left at the tail is no stack: kept too
            kept += (len(self.wall) - self.tail) & 1
        if self._ind_end and self.indicator is not None:  # the draws stop at the indicator
            kept += max(0, self.tail - self._indicator_at)
        return kept

    @property
    def in_self_draw_zone(self) -> bool:
        """The seat on turn drew one of the last ``self_draw_zone`` tiles
        (海捞区): it may only win on it or lay it aside."""
        return self._zone > 0 and self.live_tiles < self._zone

    def _win_forced(self) -> bool:
        """最后四张自动胡: so few tiles are left that an offered win must be taken."""
        return self._must_win > 0 and self.live_tiles < self._must_win

    def remaining_wall(self) -> list[int]:
        """The tiles not yet drawn, in drawing order (per-seat walls: seat 0's
        part first), including any dead wall."""
        if self._per_seat:
            return [t for head, end in self._segments for t in self.wall[head:end]]
        return self.wall[self.head : self.tail]

    def is_last_tile(self, seat: int) -> bool:
        """Whether the wall is spent after ``seat``'s draw or discard now:
        the next seat has no tile left to draw (a win on it is
        ``WinContext.last_tile``, unless on a robbed kong)."""
        return self._left(self._next_seat(seat)) == 0

    def _left(self, seat: int) -> int:
        """Tiles ``seat`` may still draw."""
        if self._per_seat:
            head, end = self._segments[seat]
            return end - head
        return max(0, self.tail - self.head - self._kept())

    def _pop_front(self, seat: int) -> int:
        """The next tile of the wall (of ``seat``'s own wall, with per-seat walls)."""
        if self._per_seat:
            seg = self._segments[seat]
            seg[0] += 1
            return self.wall[seg[0] - 1]
        self.head += 1
        return self.wall[self.head - 1]

    @property
    def to_act(self) -> list[int]:
        """Seats that must act now, in turn order."""
        if self.phase is _OVER:
            return []
        if self.phase is _TURN:
            return [self.turn]
        return [s for s in self.claimants if s not in self.answers]

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    def seat_wind(self, seat: int) -> int:
        return (seat - self.dealer) % self.n

    def concealed_tiles(self, seat: int) -> list[int]:
        return [k for k in range(34) for _ in range(self.hands[seat][k])]

    def _hand_text(self, seat: int) -> str:
        return _native.counts_notation(self.hands[seat])

    def _split_wilds(self, counts: bytearray, seat: int = -1) -> tuple[bytearray, int]:
        """The counts as the analysis sees them: wild tiles taken out (and
        counted, with ``seat``'s wild flowers), substitutes (替身) moved to
        the kind they play as."""
        if not self.wild_kinds and not self.substitutes:
            if not self._imagined or seat < 0:
                return counts, 0
            return self._add_imagined(counts, seat, 0)
        w = len(self.wild_flowers[seat]) if seat >= 0 else 0
        if self._wild_src is not self.wild_kinds:  # (a new set: its kinds held, once)
            self._wild_src = self.wild_kinds
            self._wild_held = _held_wild_kinds(self.wild_kinds)
        held = self._wild_held  # (wild flowers are held apart, in wild_flowers)
        if not self.substitutes:
            for k in held:
                if counts[k]:
                    break
            else:  # no wild tile held: the counts as they are (read only)
                if self._imagined and seat >= 0:
                    return self._add_imagined(counts, seat, w)
                return counts, w
        # (a slice copies a bytearray for a third of what bytearray() costs)
        c = counts[:] if type(counts) is bytearray else bytearray(counts)
        for k in held:
            w += c[k]
            c[k] = 0
        for src, dst in self.substitutes.items():
            if c[src]:
                c[dst] += c[src]
                c[src] = 0
        if self._imagined and seat >= 0:
            return self._add_imagined(c, seat, w)
        return c, w

    def _wild_tiles(self, counts: bytearray, seat: int) -> tuple[int, ...]:
        """The physical wild tiles among ``counts`` and ``seat``'s wild
        flowers, sorted (``WinContext.wild_tiles``)."""
        out = [k for k in sorted(self.wild_kinds) if k < 34 for _ in range(counts[k])]
        return tuple(sorted(out + self.wild_flowers[seat]))

    def _add_imagined(self, counts: bytearray, seat: int, w: int) -> tuple[bytearray, int]:
        """心皇: the seat's imagined tiles added for the analysis: as that
        many more tiles of the committed kind (beyond a fourth copy, as
        wild tiles: the rule set's scoring reads them), or as wild tiles
        when the kind is not fixed."""
        k = self.imagined[seat]
        if k < 0:
            return counts, w + self._imagined
        c = counts[:] if type(counts) is bytearray else bytearray(counts)
        room = min(self._imagined, 4 - c[k])
        c[k] += room
        return c, w + self._imagined - room

    def hand_rules(self, seat: int) -> HandRules:
        """The hand rules for ``seat`` now (:meth:`Ruleset.rules_for`)."""
        return self._rules_for(seat)

    def analysis_counts(self, seat: int) -> tuple[bytearray, int]:
        """``seat``'s concealed counts as the analysis kernels see them (wild
        tiles taken out, substitutes moved) and its number of wild tiles.
        Read only: when there is nothing to take out or move, the counts are
        the seat's hand itself."""
        return self._split_wilds(self.hands[seat], seat)

    def seen_counts(self, seat: int) -> bytearray:
        """The tiles ``seat`` has seen, per kind (34 counts, a new
        bytearray): its own hand, every face-up tile (``shown``: the rivers
        and the melds) and four of the kind of each concealed kong.  What
        the greedy bot counts as gone (wild flowers aside)."""
        out = self.hands[seat][:]  # (a copy: the engine's hands are bytearrays)
        shown = self.shown
        for k in range(34):
            out[k] += shown[k]
        if self.kongs_made:
            for ms in self.melds:
                for m in ms:
                    if m.kind is _ANKAN_KIND:
                        out[m.tiles[0]] += 4
        return out

    def waits(self, seat: int) -> list[int]:
        """The kinds that would complete ``seat``'s hand (waiting with 3n+1
        tiles; substitutes counted as the kind they play as).  Empty when
        the seat is not ready.  For end-of-hand checks such as 查大叫."""
        c, w = self._split_wilds(self.hands[seat], seat)
        mask = _waits_mask_buf(c, w, self._rules_for(seat))
        return [k for k in range(34) if (mask >> k) & 1]

    def win_context(self, seat: int, tile: int) -> WinContext | None:
        """What a win of ``seat`` on a discarded ``tile`` would be (its
        context, scored by :meth:`Ruleset.score` on demand), or None when it
        would not be a win.  For end-of-hand checks such as 查大叫."""
        if not 0 <= tile < 34:
            raise MahjongError(f"win_context: {tile!r} is not a tile kind 0..33")
        return self._win_on(seat, tile)

    def _rules_for(self, seat: int) -> HandRules:
        """The seat's hand rules: asked of the rule set once per hand (after
        the deal), or every time when ``dynamic_hand_rules`` is set."""
        if self._dynamic_rules:
            return self.ruleset.rules_for(self, seat)
        rules = self._rules[seat]
        if rules is None:
            rules = self._rules[seat] = self.ruleset.rules_for(self, seat)
        return rules

    def _update_waits(self, seat: int) -> None:
        """Cache the waits of a 3n+1 hand (claims are checked against them)."""
        hand = self.hands[seat]
        rules = self._rules_for(seat)
        if (self._needs_ready or self._needs_meld) and self._cannot_win(seat):
            # no win to look for until the seat declares ready or melds
            # (both followed by a discard, which comes here again)
            self._waits[seat] = 0
            if self._has_discard_refusal:
                self._claim_waits[seat] = 0
            if self._chow_ready and not self._has_free and not self._dynamic_rules:
                c, w = self._split_wilds(hand, seat)
                self._far[seat] = _shanten_buf(c, w, rules) >= 2
            return
        if self.wild_kinds or self.substitutes or self._imagined:
            c, w = self._split_wilds(hand, seat)
        else:
            c, w = hand, 0
        # a seat discarding the tile it drew holds the hand of its last
        # waits: the kernel's answer for the same counts, wilds and rules
        # is kept (counts, wilds, rules, mask) and used again
        last = self._waits_memo[seat]
        if last is not None and last[2] is rules and last[1] == w and last[0] == c:
            mask = last[3]
        else:
            mask = _waits_mask_buf(c, w, rules)
            self._waits_memo[seat] = (c[:] if type(c) is bytearray else bytes(c), w, rules, mask)  # (a copy)
        self._waits[seat] = mask
        if self._has_free:
            # (the rule set's promises, when it makes them: no shape-free
            # waits for a hand holding a kind no such hand holds, nor for
            # one without kernel waits farther than shape_free_reach)
            reach = self._free_reach
            if self._free_possible(hand) and (reach < 0 or mask or _shanten_buf(c, w, rules) <= reach):
                self._waits[seat] |= self.ruleset.shape_free_waits(self, seat, hand)
        elif self._chow_ready and not self._dynamic_rules:
            self._far[seat] = not mask and _shanten_buf(c, w, rules) >= 2
        if self._has_discard_refusal:
            # (the rule set is asked at the first discard that hits them:
            # _discard_refused)
            self._claim_waits[seat] = self._waits[seat]
            self._claim_asked[seat] = False

    def _discard_refused(self, seat: int) -> int:
        """The waits a discard may win ``seat`` now (:attr:`_claim_waits`):
        0 when the rule set refuses every win of it on a discard until its
        next waits (``Ruleset.refuses_discard_wins``, asked once per waits of
        the counts and wilds they were worked out on), else its waits."""
        self._claim_asked[seat] = True
        last = self._waits_memo[seat]
        assert last is not None  # (waits were worked out: there are some)
        if self.ruleset.refuses_discard_wins(self, seat, last[0], last[1]):
            self._claim_waits[seat] = 0
        return self._claim_waits[seat]

    def _cannot_win(self, seat: int) -> bool:
        """``seat`` can make no win now, whatever its tiles: it has not
        declared ready where winning needs it (``ReadyRule.REQUIRED``), or
        holds no meld where winning needs one (``win_needs_meld``)."""
        if self.declared[seat]:
            return False
        return self._needs_ready or (self._needs_meld and not self.melds[seat])

    # --------------------------------------------------------------- legality
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, in ascending id order."""
        if self.phase is _OVER:
            return []
        if self.phase is _TURN:
            if seat != self.turn:
                return []
            if self._turn_cache is None:
                self._turn_win = None
                self._turn_cache = self._turn_actions(seat)
            return self._turn_cache
        if seat in self.claimants and seat not in self.answers:
            return self.claimants[seat]
        return []

    def legal_action_ids(self, seat: int) -> list[int]:
        return [a.id for a in self.legal_actions(seat)]

    def action_mask(self, seat: int) -> npt.NDArray[np.int8]:
        import numpy as np

        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        for a in self.legal_actions(seat):
            mask[a.id] = 1
        return mask

    def _turn_actions(self, seat: int) -> list[Action]:
        rs = self.ruleset
        hand = self.hands[seat]
        if self._zone and self.drawn is not None and self._zone_turn():
            # 海捞区: win on the drawn tile or lay it aside
            ids = [_discard_id(self.drawn)]
            if (self._has_instant and self._instant_win(seat) is not None) or self._offer_win(seat) is not None:
                ids = [125] if self._win_forced() else ids + [125]
            return _pick(_ACTIONS[seat], ids)
        if self.declared[seat] or self.locked[seat]:
            return self._ready_turn_actions(seat)
        if self.last_tile_taker == seat and self.drawn is not None:
            # 海底漫游: the taker wins on the last tile or lets it go
            ids = [_discard_id(self.drawn)]
            if self._offer_win(seat) is not None:
                ids.append(125)
            return _pick(_ACTIONS[seat], ids)
        ids = _held_kinds(hand)
        if self.swap_owed[seat]:  # a taken pung: three tiles go back first
            return [_ACTIONS[seat][_SWAP_BASE + k] for k in ids]
        if self.must_declare:  # 吃听: the declaration comes with this discard
            ready = self._ready_discards(seat, ids)
            acts = _ACTIONS[seat]
            return [acts[127 + k] for k in ready] if ready else [acts[k] for k in ids]
        if self._ready_rule is not _READY_NONE and (not self._has_ready_when or rs.may_declare_ready(self, seat)):
            if self._standing_n:  # 立四: only a standing tile is discarded with the declaration
                st0 = self.standing[seat]
                ready = self._ready_discards(seat, [k for k in ids if st0[k]])
            else:
                ready = self._ready_discards(seat, ids)
        else:
            ready = []
        if self._banned_discards:
            allowed = [k for k in ids if k not in self._banned_discards]
            if allowed:  # 吃张打张 never leaves a seat without a discard
                ids = allowed
        if not self._wild_discard and self.wild_kinds and self._holds_any(hand, self.wild_kinds):
            allowed = [k for k in ids if k not in self.wild_kinds]
            if allowed:  # wilds are kept, unless the hand holds nothing else
                ids = allowed
                ready = [k for k in ready if k in allowed]
        miss = self.missing[seat]
        if miss is not None:
            first = [k for k in ids if k // 9 == miss and k < 27]
            if first:  # the missing suit goes first (定缺)
                ids = first
                ready = [k for k in ready if k in first]
        if (
            self._allow_kong and self._left(seat) > self._zone and not self._no_kong_this_turn
            and (not self._max_melds or len(self.melds[seat]) < self._max_melds)
        ):
            # (a count of 4 is looked for only when the hand holds one)
            kongs = [34 + k for k in ids if hand[k] == 4 and k not in self.wild_kinds] if 4 in hand else []
            if self._kong_kinds is not None and kongs:
                kongs = [i for i in kongs if i - 34 in self._kong_kinds]
            if self.melds[seat]:
                kongs += [68 + m.tiles[0] for m in self.melds[seat] if m.kind is _PON and hand[m.tiles[0]]]
            if self._has_single:  # single tiles laid out as kongs (武汉 红中杠, 赖子杠)
                single = [34 + k for k in self._single_kinds(seat) if hand[k]]
                if single:
                    kongs = sorted(set(kongs).union(single))
            if kongs:
                ids += kongs
                ids.sort()
        drawn = self.drawn
        if self._has_instant and self._instant_win(seat) is not None:
            ids.append(125)
        elif not self._called and (
            drawn is None or self.after_kong or self._dynamic_rules or drawn in self.wild_kinds
            or self._has_wild_draw or (self._waits[seat] >> self.plays_as[drawn]) & 1
        ) and self._offer_win(seat) is not None:
            # (a plain draw can only win if it is one of the waits cached at
            # the seat's last discard; no win right after a chow or pung)
            ids.append(125)
        if self._standing_n:  # 立四: standing tiles leave only with the declaration
            st = self.standing[seat]
            free = [i for i in ids if i >= 34 or hand[i] > st[i]]
            if free and free[0] < 34:  # (ids ascend: discards come first)
                ids = free
            ready = [k for k in ready if st[k]]
        if ready:
            ids += [127 + k for k in ready]
        flowers = self.wild_flowers[seat]
        if flowers and (self._wild_discard or not ids):
            ids += sorted({_FLOWER_DISCARD_BASE + f - 34 for f in flowers})
        # the ids above 172 come last, in ascending order
        if self._specials and self._left(seat) > self._zone:
            ids += self._special_ids(seat)
        if self._swap_first and not self.discards[seat] and not self.melds[seat] and not self._called:
            ids += [_SWAP_BASE + k for k in _held_kinds(hand)]  # 开始时换牌: before the first discard
        if self.pung_offers[seat] is not None:
            ids.append(_TAKE_PUNG)
        if self._must_win and self._win_forced() and 125 in ids:
            ids = [125]  # 最后四张自动胡: a win on the last tiles is not declined
        acts = _ACTIONS[seat]
        return _pick(acts, ids)

    def _free_possible(self, hand: bytearray) -> bool:
        """``hand`` holds no kind a shape-free hand never holds
        (``Ruleset.shape_free_kinds``, asked again when the wild kinds change)."""
        if self._free_wild is not self.wild_kinds:
            kinds = self.ruleset.shape_free_kinds(self)
            wild = self.wild_kinds
            self._free_misfits = [] if kinds is None else [k for k in range(34) if k not in kinds and k not in wild]
            self._free_wild = wild
        for k in self._free_misfits:
            if hand[k]:
                return False
        return True

    def _single_kinds(self, seat: int) -> frozenset[int]:
        """``Ruleset.single_kong_kinds``, asked again only when the wild
        kinds change (its answer is a function of them)."""
        if self._single_wild is not self.wild_kinds:
            self._single_cache = frozenset(self.ruleset.single_kong_kinds(self, seat))
            self._single_wild = self.wild_kinds
        return self._single_cache

    def _holds_any(self, hand: bytearray, kinds: frozenset[int]) -> bool:
        """Whether ``hand`` holds a tile of one of ``kinds`` (flowers aside)."""
        for k in kinds:
            if k < 34 and hand[k]:
                return True
        return False

    def _special_ids(self, seat: int) -> list[int]:
        """The special kongs ``seat`` may lay down or add to now (ids)."""
        hand = self.hands[seat]
        out: list[int] = []
        i = 0
        for req in self._special_req:
            kinds = req[0]
            counts = req[1]
            held = True
            for j in range(len(kinds)):
                if hand[kinds[j]] < counts[j]:
                    held = False
                    break
            if held and (not self._special_check or self.ruleset.special_meld_allowed(self, seat, i)):
                out.append(_SPECIAL_BASE + i)
            i += 1
        if self._special_adds and self.melds[seat]:
            kinds_held = None  # (the kinds of the special kongs with room: most seats have none)
            for m in self.melds[seat]:
                if m.kind is _SPECIAL_MELD and len(m.tiles) < _SPECIAL_MAX:
                    if kinds_held is None:
                        kinds_held = set(m.tiles)
                    else:
                        kinds_held.update(m.tiles)
            if kinds_held is not None:
                out += [_SPECIAL_ADD_BASE + k for k in sorted(kinds_held) if hand[k] and k not in self.wild_kinds]
        return out

    def reserve(self) -> range:
        """The reserve of tile exchanges (开始时换牌, 游戏中换牌): the
        positions of ``wall`` from just after the first tile of the dead
        wall to its middle, never dealt or drawn (kong replacements come
        from the far end)."""
        start = len(self.wall) - self._dead
        return range(start + 1, len(self.wall) - self._dead // 2)

    def _swap(self, seat: int, a: Action) -> None:
        """SWAP (give back a tile) or TAKE_PUNG (take the offered pung)."""
        hand = self.hands[seat]
        wall = self.wall
        if a.kind is ActionKind.TAKE_PUNG:
            kind = self.pung_offers[seat]
            assert kind is not None
            spots = [p for p in self.reserve() if wall[p] == kind][:3]
            if len(spots) < 3:
                raise MahjongError(f"{self.ruleset.id}: offered a pung of {KIND_NAMES[kind]} the reserve does not hold")
            self.pung_offers[seat] = None
            self.swap_owed[seat] = spots  # each of the three comes for a tile given back
            self._event("swap", seat=seat, offered=KIND_NAMES[kind])
            return
        tile = a.tile
        hand[tile] -= 1
        owed = self.swap_owed[seat]
        if owed:
            p = owed.pop()  # a tile of the pung, for the one given back
            got = wall[p]
            wall[p] = tile
            hand[got] += 1
            self._event("swap", seat=seat, gave=KIND_NAMES[tile], took=KIND_NAMES[got])
            if self.drawn is not None and not hand[self.drawn]:
                self.drawn = None
            if not owed:
                self._waits_without_drawn(seat)
            return
        swaps = sum(1 for e in self.events if e["type"] == "swap" and "got" in e)
        reserve = self.reserve()
        if swaps >= len(reserve):
            raise MahjongError(f"{self.ruleset.id}: the reserve of {len(reserve)} tiles is used up")
        p = reserve[swaps]  # the next tile of the reserve; the given one takes its place
        got = wall[p]
        wall[p] = tile
        hand[got] += 1
        self.drawn = got
        self._event("swap", seat=seat, gave=KIND_NAMES[tile], got=KIND_NAMES[got])
        self._waits_without_drawn(seat)
        offer = self.pung_offers[seat]
        if offer is not None and got == offer and sum(1 for q in reserve if wall[q] == offer) < 3:
            # the swap took a tile of the pung offered this turn: the
            # reserve no longer holds it, and the offer is withdrawn
            self.pung_offers[seat] = None

    def _waits_without_drawn(self, seat: int) -> None:
        """The waits cache after a changed hand on turn: the hand less its
        drawn tile (a self-drawn win is checked against it)."""
        if self.drawn is None:
            return  # no drawn tile: a win is checked in full
        hand = self.hands[seat]
        hand[self.drawn] -= 1
        self._update_waits(seat)
        hand[self.drawn] += 1

    def _lay_special(self, seat: int, a: Action) -> None:
        """Lay down a special kong (or add to one): the meld, its payments,
        then its replacement draws (k - 3 for a new one of k tiles, one for
        an added tile)."""
        hand = self.hands[seat]
        melds = self.melds[seat]
        if a.kind is ActionKind.SPECIAL_KONG:
            kinds = self._specials[a.tile]
            for k in kinds:
                hand[k] -= 1
            meld = Meld(MeldKind.SPECIAL, kinds)
            melds.append(meld)
            for k in kinds:
                self.shown[k] += 1
            self.meld_sources[seat].append(None)
            draws = len(kinds) - 3
        else:
            hand[a.tile] -= 1
            i = next(
                j for j, m in enumerate(melds)
                if m.kind is MeldKind.SPECIAL and a.tile in m.tiles and len(m.tiles) < Meld.SPECIAL_MAX
            )
            meld = melds[i] = Meld(MeldKind.SPECIAL, melds[i].tiles + (a.tile,))
            self.shown[a.tile] += 1
            draws = 1
        self._clamp_standing(seat)
        self._event("kong", seat=seat, meld=str(meld))
        self._kong_paid(seat, meld, None)
        if draws == 0:  # a three-tile set: the seat discards, as after a pung
            self.drawn = None
            self._called = True
            self.phase = _TURN
            self.turn = seat
            return
        for _ in range(draws - 1):
            extra = self._draw_replacement(seat)
            if extra is None:
                self._exhausted()
                return
            self._event("draw", seat=seat, tile=KIND_NAMES[extra], replacement=True)
        self._replacement(seat, fed_by=None)

    def _ready_discards(self, seat: int, held: list[int], first_only: bool = False) -> list[int]:
        """The discards after which the hand is ready (报听 candidates; with
        ``first_only``, the first one found: enough to know there is one)."""
        rules = self._rules_for(seat)
        hand = self.hands[seat]
        out: list[int] = []
        # shape-free waits count unless the rule set says no discard leaves any
        free = self._has_free and self.ruleset.shape_free_ready(self, seat, hand)
        only = -1  # the kinds worth asking (all of them)
        if not free or self._has_free_kinds:
            c, w = self._split_wilds(hand, seat)
            try:
                far = _shanten_buf(c, w, rules) > 0
            except InvalidHandError:
                far = False  # (no form applies to the whole hand: ask each discard)
            if far:
                # no discard leaves a hand ready that is two or more tiles
                # from complete (one kernel call, not one per kind) ...
                if not free:
                    return out
                # ... but the rule set's own shapes may: it names the discards
                kinds = self.ruleset.shape_free_ready_kinds(self, seat, hand)
                if kinds is not None:
                    if not self._ready_legal and not self._has_ready_filter:
                        for k in held:
                            if (kinds >> k) & 1 and k not in self._banned_discards:
                                out.append(k)
                                if first_only:
                                    break
                        return out
                    only = kinds
        for k in held:
            if k in self._banned_discards or not (only >> k) & 1:
                continue
            hand[k] -= 1
            c, w = self._split_wilds(hand, seat)
            mask = _waits_mask_buf(c, w, rules)
            if free:
                mask |= self.ruleset.shape_free_waits(self, seat, hand)
            ready = bool(mask) and (not self._ready_legal or self._legal_wait(seat, mask))
            if ready and self._has_ready_filter:
                ready = self.ruleset.ready_allowed(self, seat, k, hand)
            hand[k] += 1
            if ready:
                out.append(k)
                if first_only:
                    break
        return out

    def _legal_wait(self, seat: int, mask: int) -> bool:
        """Whether one of the kinds in ``mask`` completes ``seat``'s 3n+1
        hand into a win it may legally make once declared
        (``ready_needs_legal_wait``)."""
        while mask:
            bit = mask & -mask
            if self._win_on(seat, bit.bit_length() - 1, as_declared=True) is not None:
                return True
            mask ^= bit
        return False

    def _zone_turn(self) -> bool:
        """The seat on turn drew one of the last ``self_draw_zone`` tiles in
        turn (not a kong's replacement, with ``zone_kong_claims``)."""
        return self.in_self_draw_zone and not (self._zone_kongs and self.after_kong)

    def _drawn_wild(self, seat: int) -> bool:
        """The tile ``seat`` has just drawn is wild for it (``drawn_tile_wild``)."""
        drawn = self.drawn
        return (
            self._has_wild_draw and seat == self.turn and self.phase is _TURN and drawn is not None
            and 0 <= drawn < 34 and drawn not in self.wild_kinds and self.hands[seat][drawn] > 0
            and self.ruleset.drawn_tile_wild(self, seat, drawn)
        )

    def _win_counts(self, seat: int, counts: bytearray, tile: int | None) -> tuple[bytearray, int, bool]:
        """The counts and wilds a win of ``seat`` is checked on, and whether
        its drawn winning tile counts as a wild (``drawn_tile_wild``)."""
        c, w = self._split_wilds(counts, seat)
        if tile is None and self._has_wild_draw and self._drawn_wild(seat):
            assert self.drawn is not None
            c = bytearray(c)
            c[self.plays_as[self.drawn]] -= 1
            return c, w + 1, True
        return c, w, False

    def _ready_turn_actions(self, seat: int) -> list[Action]:
        """After 报听: the drawn tile is discarded (the hand is locked), a win
        is taken or not, and a kong only when the rule set allows it and the
        waits stay the same."""
        rs = self.ruleset
        hand = self.hands[seat]
        ids: list[int] = []
        drawn = self.drawn
        if drawn is not None:
            ids.append(_discard_id(drawn))
        else:  # after a call (should not happen when locked): any discard
            ids = _held_kinds(hand)
        if (
            rs.ready_allows_kong and self._allow_kong and self._left(seat) > self._zone and drawn is not None
            and not self.locked[seat] and not self._drawn_wild(seat)
            and (not self._max_melds or len(self.melds[seat]) < self._max_melds)
        ):
            before = self._waits[seat]
            rules = self._rules_for(seat)
            if hand[drawn] == 4 and drawn not in self.wild_kinds:
                hand[drawn] -= 4
                c, w = self._split_wilds(hand, seat)
                after = _waits_mask_buf(c, w, rules)
                if self._has_free:
                    after |= rs.shape_free_waits(self, seat, hand)
                keeps = after != 0 if rs.ready_kong_any_waits else after == before
                hand[drawn] += 4
                if keeps:
                    ids.append(34 + drawn)
            for m in self.melds[seat]:
                if m.kind is _PON and m.kind_of == drawn:
                    ids.append(68 + drawn)
        if self._offer_win(seat) is not None:
            ids.append(125)
            if self._win_forced():
                ids = [125]
        ids.sort()
        acts = _ACTIONS[seat]
        return _pick(acts, ids)

    def _instant_win(self, seat: int) -> WinContext | None:
        """A special win the rule set grants on the seat's turn whatever the
        shape (三金倒, 八花 ...), through :meth:`Ruleset.instant_win`."""
        if not self._has_instant:
            return None
        name = self.ruleset.instant_win(self, seat)
        if name is None:
            return None
        counts = self.hands[seat]
        ctx = self._context(seat, counts, None, robbed=False, decomps=())
        return self.ruleset.instant_context(self, seat, replace(ctx, instant=name))

    def _offer_win(self, seat: int) -> WinContext | None:
        """The self-drawn win of the seat on turn as its turn actions offer
        it (kept for :meth:`_apply_turn`)."""
        ctx = self._turn_win = self._win_on(seat, None)
        return ctx

    def _offer_claim_win(self, seat: int, tile: int) -> WinContext | None:
        """The win of ``seat`` on the discarded ``tile`` as its claims offer
        it (kept for :meth:`_resolve`)."""
        ctx = self._win_on(seat, tile)
        if ctx is not None:
            self._claim_wins[seat] = ctx
        return ctx

    def _claim_win(self, seat: int, tile: int) -> WinContext | None:
        """The win of ``seat`` on the discarded ``tile``: the one its open
        claims offer (:attr:`_claim_wins`), else worked out again."""
        ctx = self._claim_wins.get(seat)
        if ctx is not None and ctx.win_tile == tile:
            return ctx
        return self._win_on(seat, tile)

    def _win_on(
        self, seat: int, tile: int | None, *, robbed: bool = False, as_declared: bool = False
    ) -> WinContext | None:
        """The context of a win by ``seat`` (on its own tiles, or on ``tile``),
        or None when it is not a legal win (``as_declared``: as if the seat
        had declared ready, to test a declaration)."""
        rs = self.ruleset
        if seat in self.ready_forfeit:
            return None
        if self._needs_meld and not self.melds[seat]:
            return None  # (win_needs_meld: refused before any context is built)
        rr = self._ready_rule
        if not as_declared and not self.declared[seat] and (
            rr is _RR_REQUIRED or (rr is _RR_DISCARD_WIN and tile is not None)
        ):
            return None
        counts = self.hands[seat]
        if tile is not None:
            counts = counts[:]  # (a copy: the engine's hands are bytearrays)
            counts[tile] += 1
        miss = self.missing[seat]
        if miss is not None and (
            any(counts[miss * 9 : miss * 9 + 9])
            or any(m.kind_of // 9 == miss and m.kind_of < 27 for m in self.melds[seat])
        ):
            return None  # 定缺: no tile of the missing suit at a win
        c, w, _ = self._win_counts(seat, counts, tile)
        rules = self._rules_for(seat)
        shaped = _is_win_buf(c, w, rules)
        if not shaped and not (self._has_free and rs.shape_free_win(self, seat, counts)):
            return None
        if self._has_refuse_tiles and not as_declared and rs.refuses_tiles(self, seat, c, w, tile, robbed):
            return None  # (refused from the tiles: Ruleset.refuses_tiles)
        # (a win without a shape has no decompositions)
        decomps = decompositions(_native.Counts(c), wilds=w, rules=rules) if shaped else ()
        ctx = self._context(seat, counts, tile, robbed=robbed, decomps=decomps, as_declared=as_declared)
        if self._has_refuse and rs.refuses_win(ctx):
            return None  # (refused before scoring: Ruleset.refuses_win)
        if self._refuse_exact:
            return ctx  # (can_win answers as refuses_win: scored when taken)
        sheet = self._score(ctx)
        if not rs.can_win(ctx, sheet):
            return None
        return ctx

    def _score(self, ctx: WinContext) -> ScoreSheet:
        """The rule set's sheet of ``ctx``.  One win is asked for up to three
        times with equal contexts (to offer it, to take it, to record it), so
        the last few sheets are kept and answered again: a rule set's
        ``score`` is a function of the context and the rule set alone."""
        sheets = self._sheets
        for seen, sheet in sheets:
            # (two fields first: the dataclass's == builds a tuple of all thirty)
            if seen.win_tile == ctx.win_tile and seen.seat == ctx.seat and seen == ctx:
                return sheet
        sheet = self.ruleset.score(ctx)
        if len(sheets) >= 4:
            del sheets[0]
        sheets.append((ctx, sheet))
        return sheet

    def _context(
        self, seat: int, counts: bytearray, tile: int | None, *, robbed: bool, decomps: tuple[Any, ...],
        as_declared: bool = False,
    ) -> WinContext:
        self_drawn = tile is None
        win_tile = self.drawn if self_drawn and self.drawn is not None else (tile if tile is not None else -1)
        c, w, wild_win = self._win_counts(seat, counts, tile)
        if self._imagined and self.imagined[seat] >= 0:
            # 心皇 of a committed kind: the context holds the real tiles and
            # counts the imagined ones as wilds (the rule set reads them as
            # the committed kind, ``imagined`` in its context keys)
            c, w = self._split_wilds(counts, -1)
            w += self._imagined + len(self.wild_flowers[seat])
            decomps = ()
        discarder = None
        if not self_drawn:
            discarder = self.pending_kong[0] if robbed and self.pending_kong else (
                self.last_discard[0] if self.last_discard else None
            )
        visible = self.shown
        fourth = False
        if 0 <= win_tile < 34:
            seen = visible[win_tile] + (0 if self_drawn else -1)
            fourth = seen >= 3
        if self.substitutes:  # the context holds the physical tiles: a 替身 as itself
            c = bytearray(c)
            for src, dst in self.substitutes.items():
                c[dst] -= counts[src]
                c[src] += counts[src]
        no_calls = not any(self.melds)  # every claim or kong leaves a meld
        first = no_calls and self_drawn and self.draws_made[seat] == (
            0 if seat == self.dealer and not self._dealer_draws else 1
        )
        # (every WinContext field, in its order: _context_of)
        return _context_of(
            seat,  # seat
            _tiles_of(c),  # concealed
            win_tile,  # win_tile
            tuple(self.melds[seat]),  # melds
            tuple(self.meld_sources[seat]),  # meld_sources
            self_drawn,  # self_drawn
            discarder,  # discarder
            seat == self.dealer,  # dealer
            self.seat_wind(seat),  # seat_wind
            self.round_wind,  # round_wind
            tuple(self.flowers[seat]),  # flowers
            w,  # wilds
            self.wild_kinds,  # wild_kinds
            (  # wild_tiles
                tuple(sorted((*self._wild_tiles(counts, seat), win_tile)))
                if wild_win and win_tile not in self.wild_kinds else self._wild_tiles(counts, seat)
            ) if w else (),
            self_drawn and self.after_kong,  # kong_replacement
            self.kong_fed_by if self_drawn and self.after_kong else None,  # kong_fed_by
            not self_drawn and not robbed and self.discard_after_kong,  # kong_discard
            robbed,  # robbed_kong
            self.is_last_tile(seat if discarder is None else discarder) and not robbed,  # last_tile
            first,  # first_turn
            (not self_drawn) and no_calls and self.draws_made[seat] == 0,  # first_go_around
            fourth,  # fourth_tile
            bool(self.declared[seat]) or as_declared,  # declared_ready
            seat in self.ready_on_deal,  # ready_on_deal
            None,  # instant
            1,  # multiple_winners
            wild_win,  # wild_win_tile
            None,  # liable
            decomps,  # decompositions
            self.ruleset.context_extra(self, seat) if self._has_extra else _NO_EXTRA,  # extra
        )

    def _missed(self, seat: int, tile: int) -> bool:
        """漏胡: ``seat`` passed a win and may not win on ``tile`` now (any
        tile, or only that kind with ``missed_win_same_tile_only``)."""
        if seat in self.missed_win:
            return True
        return bool((self._missed_tiles[seat] >> self.plays_as[tile]) & 1)

    def _claims_for(self, seat: int, tile: int, discarder: int) -> list[Action]:
        rs = self.ruleset
        hand = self.hands[seat]
        wild = self.wild_kinds
        plays = self.plays_as[tile]  # (the kind the tile plays as: its bit in the waits)
        ids: list[int] = []
        if self.declared[seat] or self.locked[seat] or self._dice_win_only or (
            (not self._calls_on_last or self._last_offer) and self.live_tiles == 0
        ):
            # a locked hand only wins; so does any hand on the last discard
            # where the rule set allows no calls on it, and on the tiles of
            # a two-tile dice kong
            waits = self._claim_waits[seat]
            if (waits >> plays) & 1 and not self._missed(seat, tile) and self._offer_claim_win(seat, tile):
                if self._win_forced():
                    return [_ACTIONS[seat][125]]
                return [_ACTIONS[seat][125], _ACTIONS[seat][126]]
            return []
        calls_ok = not self._max_melds or len(self.melds[seat]) < self._max_melds
        is_next = seat == self._next_seat(discarder)
        plain_chow = self._allow_chow and (is_next or self._chow_any)
        ready_chow = self._chow_ready and (is_next or self._chow_ready_any)
        ready_ids: list[int] = []
        bits = self.discarded_kinds[seat]
        own = (bits >> tile) & 1
        if (
            calls_ok and (plain_chow or ready_chow) and tile < 27 and (not wild or tile not in wild)
            and not (own and self._furiten_chow)
        ):
            s, i = divmod(tile, 9)
            for low in range(max(0, i - 2), min(6, i) + 1):
                k0 = s * 9 + low
                # the two other tiles are held, and none of the three is wild
                if (
                    (k0 == tile or hand[k0]) and (k0 + 1 == tile or hand[k0 + 1]) and (k0 + 2 == tile or hand[k0 + 2])
                    and not (wild and (k0 in wild or k0 + 1 in wild or k0 + 2 in wild))
                ):
                    if plain_chow:
                        ids.append(_CHOW_BASE + s * 7 + low)
                    if ready_chow and self._chow_makes_ready(seat, k0, tile, discarder):
                        ready_ids.append(127 + k0)
        cnt = hand[tile] if calls_ok else 0
        miss = self.missing[seat]
        if miss is not None and tile < 27 and tile // 9 == miss:
            cnt = 0  # no pung or kong of the missing suit
            ids = []
        if cnt >= 2 and (not wild or tile not in wild):
            bits = self._passed_pungs[seat]
            if self._allow_pung and not (bits >> tile) & 1 and not (own and self._furiten_pung):
                ids.append(123)
            if (
                cnt >= 3 and self._allow_kong and self._allow_exposed_kong
                and self._left(seat) > (0 if self._zone_kongs else self._zone)
                and not (own and self._furiten_pung)
            ):
                ids.append(124)
        waits = self._claim_waits[seat]
        if (waits >> plays) & 1 and not self._missed(seat, tile):
            if self._offer_claim_win(seat, tile) is not None:
                if self._win_forced():
                    return [_ACTIONS[seat][125]]  # 最后四张自动胡: no choice
                ids.append(125)
        if not ids and not ready_ids:
            return []
        ids.append(126)
        ids += ready_ids  # 吃听 (ids 127..: after pass, ascending)
        acts = _ACTIONS[seat]
        return _pick(acts, ids)

    def _chow_makes_ready(self, seat: int, low: int, tile: int, discarder: int) -> bool:
        """吃听: whether chowing ``tile`` into the chow from ``low`` lets
        ``seat`` declare ready with its next discard."""
        if self.declared[seat] or self._far[seat]:
            return False
        hand = self.hands[seat]
        used = [k for k in (low, low + 1, low + 2) if k != tile]
        for k in used:
            hand[k] -= 1
        self.melds[seat].append(_MELDS[MeldKind.CHI][low])
        self.meld_sources[seat].append(discarder)
        shown = self.shown
        for k in used:
            shown[k] += 1
        try:
            c, w = self._split_wilds(hand, seat)
            rules = self._rules_for(seat)
            if _shanten_buf(c, w, rules) > 0:
                return False  # no discard leaves it waiting
            return (not self._has_ready_when or self.ruleset.may_declare_ready(self, seat)) and bool(
                self._ready_discards(seat, _held_kinds(hand), first_only=True)
            )
        finally:
            self.melds[seat].pop()
            self.meld_sources[seat].pop()
            for k in used:
                hand[k] += 1
                shown[k] -= 1

    # ---------------------------------------------------------------- apply
    def apply(self, action: Action | int, seat: int | None = None) -> None:
        """Perform one action (an :class:`Action`, or an id with ``seat``)."""
        if isinstance(action, int):
            if seat is None:
                if len(self.to_act) != 1:
                    raise IllegalActionError(
                        f"action id {action} needs a seat: seats to act are {self.to_act}"
                    )
                seat = self.to_act[0]
            action = Action.from_id(seat, action)
        actor = action.seat
        legal = self.legal_actions(actor)
        # (bots return an Action of the legal list itself: looked for by
        # identity first, a pointer compare per entry, then by id)
        for a in legal:
            if a is action:
                break
        else:
            aid = action.id
            for a in legal:
                if a.id == aid:
                    action = a
                    break
            else:
                raise IllegalActionError(self._why_illegal(action))
        aid = action.id
        self._turn_cache = None
        self.steps += 1
        self.events.append(_new_event(_ACTION_EVENTS, actor, aid))
        if self.phase is _TURN:
            self._apply_turn(action, aid)
        elif self.phase is _EXCHANGE:
            self._exchange_pick(action)
        else:
            self.answers[actor] = action
            kind = _KIND_OF[aid]
            if self._missed_pung and kind is not _K_PUNG and self.phase is _CLAIMS and self.last_discard:
                for offered in self.claimants[actor]:
                    if offered.kind is _K_PUNG:  # 不能弃先碰后
                        self._passed_pungs[actor] |= 1 << self.last_discard[1]
            if kind is not _K_WIN:
                for a in self.claimants[actor]:
                    if a.kind is _K_WIN:  # passing a win, or answering with a chow or pung instead
                        if self._same_tile_miss:
                            passed = self.pending_kong if self.phase is _ROB else self.last_discard
                            if passed is not None:
                                self._missed_tiles[actor] |= 1 << self.plays_as[passed[1]]
                        elif self.ruleset.missed_win_ban:
                            self.missed_win.add(actor)
                        if self.declared[actor] and self.ruleset.ready_missed_win_forfeits:
                            self.ready_forfeit.add(actor)
            if len(self.answers) == len(self.claimants):
                self._resolve()

    def _why_illegal(self, action: Action) -> str:
        if self.phase is _OVER:
            return f"{action}: the hand is over"
        if action.seat not in self.to_act:
            return f"{action}: seat {action.seat} is not to act (seats to act: {self.to_act}, phase {self.phase.value})"
        if action.kind == ActionKind.IMAGINE:
            if self.phase is not _IMAGINE:
                return f"{action}: imagined tiles are chosen only right after the deal (phase {self.phase.value})"
            return f"{action}: not a kind of the wall, or the seat holds every copy of it (no fifth copy to imagine)"
        if self.phase is _IMAGINE:
            return f"{action}: right after the deal every seat chooses its imagined kind first (imagine X)"
        if action.kind == ActionKind.DISCARD:
            return f"{action}: tile not in hand"
        if action.kind == ActionKind.WIN:
            return f"{action}: not a winning hand under {self.ruleset.id}"
        if self.phase is not _TURN and action.kind in (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
            return f"{action}: only claims or pass may answer a discard"
        if action.kind == ActionKind.CHOW:
            return f"{action}: chow only from the previous seat, with the two other tiles in hand"
        if action.kind in (ActionKind.PUNG, ActionKind.KONG):
            return f"{action}: not enough copies in hand (or no tiles left for a kong)"
        return f"{action}: not legal now (phase {self.phase.value})"

    def _apply_turn(self, a: Action, aid: int) -> None:
        """Apply ``a`` (action id ``aid``) of the seat on turn."""
        seat = self.turn
        hand = self.hands[seat]
        kind = _KIND_OF[aid]  # (by id: no attribute look-ups on the Action)
        tile = _TILE_OF[aid]
        if kind is _K_WIN:
            # (the win the cached turn actions offered: apply found the
            # action in them, so the table is as it was then)
            ctx = self._instant_win(seat) or self._turn_win or self._win_on(seat, None)
            assert ctx is not None
            self._finish([ctx])
            return
        if kind is _K_READY:
            self.declared[seat] = True
            self.must_declare = False
            if self._standing_n and self.standing[seat][tile]:
                self.standing[seat][tile] -= 1  # 立四: the declaration discards a standing tile
            if not self.discards[seat] and not any(self.melds):
                self.ready_on_deal.add(seat)  # 天听: with the first discard
            if self._has_ready_shown:
                shown = tuple(self.ruleset.ready_shown(self, seat, tile))
                self.ready_shown[seat] = shown
                self._event("ready", seat=seat, shown=[KIND_NAMES[k] for k in shown])
            else:
                self._event("ready", seat=seat)
            kind = _K_DISCARD  # then the discard itself (of the same tile)
        if kind is _K_DISCARD:
            self.pung_offers[seat] = None
            self.must_declare = False
            self._banned_discards = _NO_KINDS
            self._no_kong_this_turn = False
            self._called = False
            aside = tile >= 34 or (self._zone and self._zone_turn())
            if tile >= 34:
                self.wild_flowers[seat].remove(tile)
            else:
                hand[tile] -= 1
            self.discards[seat].append(tile)
            if tile < 34:
                bit = 1
                bit <<= tile  # (a 64-bit C shift when compiled)
                self.discarded_kinds[seat] |= bit
                self.shown[tile] += 1
            self.last_discard = (seat, tile)
            self.discard_after_kong = self.after_kong
            self._dice_win_only = (
                self._dice_tiles == 2 and self.after_kong and seat == self._dice_seat and bool(self.kong_dice)
            )
            self.after_kong = False
            self.after_flower = False
            self.kong_fed_by = None
            self.drawn = None
            self._update_waits(seat)
            if aside:
                # a wild flower, or a tile laid aside in the 海捞区: nobody may claim it
                self._next_draw(self._next_seat(seat))
            else:
                self._open_claims(seat, tile)
            return
        if kind is _K_SPECIAL_KONG or kind is _K_SPECIAL_ADD:
            self._lay_special(seat, a)
            return
        if kind is _K_SWAP or kind is _K_TAKE_PUNG:
            self._swap(seat, a)
            return
        if kind is _K_ANKAN:
            if self._has_single and tile in self._single_kinds(seat):
                # one tile laid out as a kong: exposed with the flowers, replaced from the tail
                hand[tile] -= 1
                self.flowers[seat].append(tile)
                self._event("kong", seat=seat, tile=KIND_NAMES[tile], single=True)
                self._replacement(seat, fed_by=None)
                return
            hand[tile] -= 4
            self._clamp_standing(seat)
            self.melds[seat].append(_MELDS[MeldKind.ANKAN][tile])
            self.meld_sources[seat].append(None)
            self.kongs_made += 1
            self._event("kong", seat=seat, meld=str(self.melds[seat][-1]))
            self._kong_paid(seat, self.melds[seat][-1], None)
            self._replacement(seat, fed_by=None)
            return
        if kind is _K_KAKAN:
            # others may rob it first
            hand[tile] -= 1
            self._clamp_standing(seat)
            self.pending_kong = (seat, tile)
            claim: dict[int, list[Action]] = {}
            if self.ruleset.rob_kong:
                for s in self._order_from(seat):
                    if (self._waits[s] >> self.plays_as[tile]) & 1 and not self._missed(s, tile):
                        if self._win_on(s, tile, robbed=True) is not None:
                            forced = self._win_forced()
                            claim[s] = [action_of(s, 125)] if forced else [action_of(s, 125), action_of(s, 126)]
            if claim:
                self.phase = _ROB
                self.claimants = claim
                self.answers = {}
                return
            self._complete_added_kong()

    def _clamp_standing(self, seat: int) -> None:
        """立四: a meld takes the other copies of its kind first; standing
        tiles go only when no other copy is left."""
        if self._standing_n:
            st = self.standing[seat]
            hand = self.hands[seat]
            for k in range(34):
                if st[k] > hand[k]:
                    st[k] = hand[k]

    def _complete_added_kong(self) -> None:
        assert self.pending_kong is not None
        seat, tile = self.pending_kong
        self.pending_kong = None
        for i, m in enumerate(self.melds[seat]):
            if m.kind == MeldKind.PON and m.kind_of == tile:
                self.melds[seat][i] = _MELDS[MeldKind.KAKAN][tile]
                self.shown[tile] += 1
                break
        self.kongs_made += 1
        self._event("kong", seat=seat, meld=f"kakan {KIND_NAMES[tile][0] * 4}{KIND_NAMES[tile][1]}")
        self._kong_paid(seat, _MELDS[MeldKind.KAKAN][tile], None)
        self.phase = _TURN
        self.turn = seat
        self._replacement(seat, fed_by=None)

    def _kong_paid(self, seat: int, meld: Meld, source: int | None) -> None:
        paid = self.ruleset.kong_payments(self, seat, meld, source)
        if paid.payments:
            self.kong_settlement = self.kong_settlement + paid
            self._event(
                "kong_payments", payments=[[p.payer, p.payee, p.amount, p.reason] for p in paid.payments]
            )

    def _replacement(self, seat: int, fed_by: int | None, roll: bool | None = None) -> None:
        """The kong's replacement draw; with ``dice_kong`` a ready seat first
        chooses (``roll`` None: ask; True: by the dice; False: plain)."""
        if self._has_redraw and roll is None:
            self._redraw_indicator()
        if roll is None and self._dice_kong and self._left(seat) > 0 and self._ready(seat):
                self.kong_fed_by = fed_by
                self.phase = _REPLACE
                self.turn = seat
                self.drawn = None
                self.claimants = {seat: [_ACTIONS[seat][126], _ACTIONS[seat][164]]}
                self.answers = {}
                return
        had_flowers = len(self.flowers[seat])
        if roll:
            tile = self._dice_replacement(seat)
        else:
            self.kong_dice = []
            tile = self._draw_replacement(seat)
        if tile is None:
            self._exhausted()
            return
        self.drawn = tile
        self.after_kong = True
        self.after_flower = False
        self.kong_fed_by = fed_by
        self.draws_made[seat] += 1
        if self.missed_win:  # (mostly empty: no method call then)
            self.missed_win.discard(seat)
        self._missed_tiles[seat] = 0
        self._passed_pungs[seat] = 0
        self.phase = _TURN
        self.turn = seat
        if roll and self.dice_pending:
            self._dice_fed_by = fed_by
            tile = self._best_dice_tile_first(seat)
            self._event("draw", seat=seat, tile=KIND_NAMES[tile], replacement=True, dice=list(self.kong_dice),
                        turned=[KIND_NAMES[tile], KIND_NAMES[self.dice_pending[0]]])
        elif roll:
            self._event("draw", seat=seat, tile=KIND_NAMES[tile], replacement=True, dice=list(self.kong_dice))
        else:
            self.events.append(_new_event(_REPLACEMENT_EVENTS, seat, tile))
        if self._flower_rob and len(self.flowers[seat]) > had_flowers:
            self._offer_flower_rob(seat)

    def _best_dice_tile_first(self, seat: int) -> int:
        """Two dice tiles: the one the konger wins on (the higher-scoring
        one when both win) is its drawn tile; the other waits in
        ``dice_pending``."""
        a = self.drawn
        assert a is not None
        b = self.dice_pending[0]
        hand = self.hands[seat]
        win_a = self._win_on(seat, None)
        hand[a] -= 1
        hand[b] += 1
        self.drawn = b
        win_b = self._win_on(seat, None)
        if win_b is not None:
            if win_a is None:
                self.dice_pending[0] = a
                return b
            sa, sb = self._score(win_a), self._score(win_b)
            if (sb.points, sb.total) > (sa.points, sa.total):
                self.dice_pending[0] = a
                return b
        hand[b] -= 1
        hand[a] += 1
        self.drawn = a
        return a

    def _play_dice_pending(self) -> None:
        """Nobody won on the konger's first dice tile: it now discards the
        second (two-tile dice kong)."""
        seat = self._dice_seat
        tile = self.dice_pending.pop()
        self.claimants = {}
        self.answers = {}
        self.hands[seat][tile] += 1
        self.drawn = tile
        self.after_kong = True
        self.after_flower = False
        self.kong_fed_by = self._dice_fed_by
        self.turn = seat
        self.phase = _TURN
        self._event("draw", seat=seat, tile=KIND_NAMES[tile], replacement=True, dice=list(self.kong_dice),
                    turned=True)

    def _ready(self, seat: int) -> bool:
        """Whether ``seat``'s 3n+1 hand has a wait it may legally win on
        (the rule set's conditions included)."""
        self._update_waits(seat)
        mask = self._waits[seat]
        while mask:
            bit = mask & -mask
            if self._win_on(seat, bit.bit_length() - 1) is not None:
                return True
            mask ^= bit
        return False

    def _dice_replacement(self, seat: int) -> int | None:
        """开杠掷骰子: roll, and take the top tile of the N-th stack of two
        counted back from the end of the wall (N the total; the last stack
        when N is larger; 海底 when it is the only tile left).  The seat is
        locked from now on."""
        rng = random.Random(f"{self.seed}/kong/{self.kongs_made}/{seat}")
        self.kong_dice = [rng.randint(1, 6) for _ in range(max(1, self.ruleset.dice))]
        self.locked[seat] = True
        self._turn_cache = None
        left = self._left(seat)
        if left == 0:
            return None
        self._dice_seat = seat
        two = self._dice_tiles == 2 and left >= 2
        total = sum(self.kong_dice)
        i = self.tail - 2 * total
        if i < self.head:
            i = self.tail - (2 if two else 1)
        tile: int = self.wall.pop(i)
        self.tail -= 1
        if two:  # the bottom tile of the same stack, turned up beside it
            second: int = self.wall.pop(i)
            self.tail -= 1
            if second in self._flower_ids:  # a flower: exposed, and one tile is turned up
                self.flowers[seat].append(second)
                self._flowers_shown[seat] = len(self.flowers[seat])
                self.events.append(_new_event(_FLOWER_EVENTS, seat, second))
            else:
                self.dice_pending.append(second)
        if tile in self._flower_ids:  # a flower: exposed, then the plain replacement
            self.flowers[seat].append(tile)
            self._flowers_shown[seat] = len(self.flowers[seat])
            self.events.append(_new_event(_FLOWER_EVENTS, seat, tile))
            return self._draw_replacement(seat)
        self.hands[seat][tile] += 1
        return tile

    def _open_claims(self, discarder: int, tile: int) -> None:
        claim: dict[int, list[Action]] = {}
        if self._claim_wins:
            self._claim_wins = {}
        n = self.n
        plays = self.plays_as[tile]
        bit = 1
        bit <<= plays  # (a 64-bit C shift when compiled)
        nxt = self._next_seat(discarder)
        suit_lo = tile - tile % 9 if tile < 27 else -1
        for s in self._order_from(discarder):
            hand = self.hands[s]
            waits = self._claim_waits[s]
            if waits & bit and self._has_discard_refusal and not self._claim_asked[s]:
                waits = self._discard_refused(s)
            # cheap necessary conditions before the full check
            if not (waits & bit or hand[tile] >= 2):
                if suit_lo < 0 or not (
                    (s == nxt and (self._allow_chow or self._chow_ready)) or (self._chow_ready and self._chow_ready_any)
                    or (self._chow_any and self._allow_chow)
                ):
                    continue
                near = 0  # kinds held within two of the tile: a chow needs two
                for k in range(max(suit_lo, tile - 2), min(suit_lo + 8, tile + 2) + 1):
                    if hand[k]:
                        near += 1
                if near < 2:
                    continue
            acts = self._claims_for(s, tile, discarder)
            if acts:
                claim[s] = acts
        if claim:
            self.phase = _CLAIMS
            self.claimants = claim
            self.answers = {}
        else:
            self._next_draw(self._next_seat(discarder))

    def _next_draw(self, seat: int) -> None:
        if self.dice_pending:
            self._play_dice_pending()
            return
        if self.claimants:  # (an empty one is kept: no new dict per draw)
            self.claimants = {}
        if self.answers:
            self.answers = {}
        if self._has_redraw:
            self._redraw_indicator()
        if self._last_offer and self.last_tile_taker is None and self._left(seat) == 1:
            self._offer_last(seat)
            return
        replaced = False
        while True:
            if self._left(seat) == 0:
                self._exhausted()
                return
            tile = self._pop_front(seat)
            if not self._flower_ids or tile not in self._flower_ids:  # (most draws: one test)
                hand = self.hands[seat]
                hand[tile] += 1
                self.events.append(_new_event(_DRAW_EVENTS, seat, tile))
            elif tile in self._wild_flower_ids:  # (wild flowers are flowers too)
                self.wild_flowers[seat].append(tile)
                self.events.append(_new_event(_DRAW_EVENTS, seat, tile))
            else:
                self.flowers[seat].append(tile)
                self._flowers_shown[seat] = len(self.flowers[seat])
                self.events.append(_new_event(_DRAW_EVENTS, seat, tile))
                self.events.append(_new_event(_FLOWER_EVENTS, seat, tile))
                if self._zone_dead_flowers and self._left(seat) < self._zone:
                    # 海捞区 without 补花: the flower is dead, the next seat draws
                    self.draws_made[seat] += 1
                    seat = self._next_seat(seat)
                    continue
                rep = self._draw_replacement(seat)
                if rep is None:
                    self._exhausted()
                    return
                tile = rep
                replaced = True
                self.events.append(_new_event(_REPLACEMENT_EVENTS, seat, tile))
            break
        self.drawn = tile
        self.draws_made[seat] += 1
        if self.missed_win:  # (mostly empty: no method call then)
            self.missed_win.discard(seat)
        self._missed_tiles[seat] = 0
        self._passed_pungs[seat] = 0
        self.after_kong = False
        self.after_flower = replaced
        self.turn = seat
        self.phase = _TURN
        if self._has_pung_offer:
            self.pung_offers[seat] = self.ruleset.pung_offer(self, seat)
        if replaced and self._flower_rob:
            self._offer_flower_rob(seat)

    def _offer_flower_rob(self, seat: int) -> None:
        """``flower_rob``: the other seats with an instant win now (七抢一)
        answer WIN or PASS before ``seat``, which drew a flower, plays on."""
        self.phase = _FLOWER  # the hook sees the flower phase
        claim = {}
        for s in self._order_from(seat):
            if self.ruleset.instant_win(self, s) is not None:
                claim[s] = [_ACTIONS[s][125], _ACTIONS[s][126]]
        if claim:
            self.claimants = claim
            self.answers = {}
        else:
            self.phase = _TURN

    def _offer_last(self, seat: int) -> None:
        """海底漫游: offer the last tile to ``seat``; after every playing seat
        has passed, the hand is drawn."""
        if seat in self.last_tile_offers:
            self._exhausted()
            return
        self.last_tile_offers.append(seat)
        self.phase = _LAST
        self.turn = seat
        self.claimants = {seat: [_ACTIONS[seat][126], _ACTIONS[seat][164]]}
        self.answers = {}

    def _resolve(self) -> None:
        assert self.claimants
        answers = self.answers
        if self.phase is _REPLACE:
            ((seat, answer),) = answers.items()
            self.claimants = {}
            self.answers = {}
            self._replacement(seat, self.kong_fed_by, roll=answer.kind is ActionKind.TAKE)
            return
        if self.phase is _LAST:
            ((seat, answer),) = answers.items()
            if answer.kind is _K_PASS:
                self._offer_last(self._next_seat(seat))
                return
            self.last_tile_taker = seat
            self._next_draw(seat)
            return
        if self.phase is _OPENING:
            order = [(self.dealer + i) % self.n for i in range(self.n)]
            wins = [s for s in order if s in answers and answers[s].kind is _K_WIN]
            ctxs = []
            for s in wins:
                ctx = self._instant_win(s)
                if ctx is not None:
                    ctxs.append(ctx)
            if ctxs and self._has_precedence and not self.ruleset.multiple_winners:
                ctxs = self._first_by_precedence(ctxs)
            if ctxs:
                ctxs = [self._with_count(c, len(ctxs)) for c in ctxs]
                if not self.ruleset.opening_wins_continue:
                    self._finish(ctxs)
                    return
                # paid at once; the winners play on (长沙 起手小胡)
                wins_scored = self._score_wins(ctxs, opening=True)
                self.opening_wins.extend(wins_scored)
                settled = self.ruleset.settle(self, wins_scored)
                self.win_settlement = self.win_settlement + settled
                self._event(
                    "win_payments", payments=[[p.payer, p.payee, p.amount, p.reason] for p in settled.payments]
                )
            self._after_opening()
            return
        if self.phase is _FLOWER:
            drawer = self.turn
            wins = [s for s in self._order_from(drawer) if s in answers and answers[s].kind is _K_WIN]
            if not self.ruleset.multiple_winners:
                wins = wins[:1]
            ctxs = []
            for s in wins:
                ctx = self._instant_win(s)
                if ctx is not None:  # won on the drawer's flower
                    ctxs.append(replace(ctx, self_drawn=False, discarder=drawer, win_tile=-1))
            if ctxs:
                self._finish([self._with_count(c, len(ctxs)) for c in ctxs])
                return
            self.claimants = {}
            self.answers = {}
            self.phase = _TURN  # the drawer plays on
            return
        if self.phase is _IMAGINE:
            for s, pick in answers.items():
                self.imagined[s] = pick.tile
            self._event("imagined", kinds=[KIND_NAMES[k] if k >= 0 else None for k in self.imagined])
            self.claimants = {}
            self.answers = {}
            self.phase = _TURN
            self._after_deal()
            return
        if self.phase is _DECLARE:
            for s, decl in answers.items():
                self.missing[s] = decl.tile
            self._event("missing_suits", suits=["mps"[m] if m is not None else None for m in self.missing])
            self.claimants = {}
            self.answers = {}
            self._first_turn()
            return
        if self.phase is _ROB:
            assert self.pending_kong is not None
            robber, tile = self.pending_kong
            wins = [s for s in self._order_from(robber) if answers.get(s, None) is not None and answers[s].kind is _K_WIN]
            if wins:
                if self._has_precedence and not self.ruleset.multiple_winners:
                    wins = [c.seat for c in self._first_by_precedence([self._win_on(s, tile, robbed=True) for s in wins])]
                elif not self.ruleset.multiple_winners:
                    wins = wins[:1]
                ctxs = [self._with_count(self._win_on(s, tile, robbed=True), len(wins)) for s in wins]
                self.robbed.append(tile)
                self._finish(ctxs)
                return
            self._complete_added_kong()
            return
        assert self.last_discard is not None
        discarder, tile = self.last_discard
        order = self._order_from(discarder)
        wins = [s for s in order if s in answers and answers[s].kind is _K_WIN]
        if wins:
            if self._has_precedence and not self.ruleset.multiple_winners:
                wins = [c.seat for c in self._first_by_precedence([self._claim_win(s, tile) for s in wins])]
            elif not self.ruleset.multiple_winners:
                wins = wins[:1]
            ctxs = [self._with_count(self._claim_win(s, tile), len(wins)) for s in wins]
            self._finish(ctxs)
            return
        best: Action | None = None
        for s in order:
            a = answers.get(s)
            if a is not None and a.kind is not _K_PASS:
                if best is None or _PRIORITY[a.kind] > _PRIORITY[best.kind]:
                    best = a
        if best is None:
            self._next_draw(self._next_seat(discarder))
            return
        # (the event of ``{**best.to_json(), claimed=..., discarder=...}``,
        # from the action's JSON built once at import)
        ev = _new_event(_ACTION_JSON, best.seat, best.id)
        ev["claimed"] = KIND_NAMES[tile]
        ev["discarder"] = discarder
        ev["type"] = "call"
        self.events.append(ev)
        self._make_meld(best, discarder, tile)

    def _first_by_precedence(self, ctxs: Sequence[WinContext | None]) -> list[WinContext]:
        """The one win of highest :meth:`Ruleset.win_precedence` (the first
        of ``ctxs``, in turn order, on a tie)."""
        best: WinContext | None = None
        top = 0
        for ctx in ctxs:
            if ctx is None:
                continue
            p = self.ruleset.win_precedence(self, ctx)
            if best is None or p > top:
                best, top = ctx, p
        return [best] if best is not None else []

    def _with_count(self, ctx: WinContext | None, n: int) -> WinContext:
        assert ctx is not None
        if n == 1:
            return ctx
        return replace(ctx, multiple_winners=n)

    def _order_from(self, seat: int) -> list[int]:
        """The other seats still playing, in turn order after ``seat``
        (cached; rebuilt when a seat leaves)."""
        return self._orders[seat]

    def _next_seat(self, seat: int) -> int:
        """The next seat after ``seat`` that is still playing."""
        order = self._orders[seat]
        return order[0] if order else seat

    def _build_orders(self) -> None:
        n = self.n
        self._orders = [
            [(seat + i) % n for i in range(1, n) if (seat + i) % n not in self.out] for seat in range(n)
        ]

    def _make_meld(self, a: Action, discarder: int, tile: int) -> None:
        seat = a.seat
        kind = a.kind  # (each read once: attributes of a Python object)
        low = a.tile
        hand = self.hands[seat]
        self.discards[discarder].pop()
        self.claimants = {}
        self.answers = {}
        if kind is _K_CHOW or kind is _K_READY:  # (READY: 吃听)
            ks = (low, low + 1, low + 2)
            for k in ks:
                if k != tile:
                    hand[k] -= 1
            meld = _CHI_MELDS[low]
            self._no_kong_this_turn = self.ruleset.kong_after_chow_ban
            if self.ruleset.chow_discard_ban:
                self._banned_discards = _chow_swap_kinds(ks, tile)
        elif kind is _K_PUNG:
            hand[tile] -= 2
            meld = _PON_MELDS[tile]
            self._no_kong_this_turn = self.ruleset.kong_after_pung_ban
        else:
            hand[tile] -= 3
            meld = _KAN_MELDS[tile]
        self._clamp_standing(seat)
        self.melds[seat].append(meld)
        self.meld_sources[seat].append(discarder)
        self.claim_history.append((seat, discarder))
        shown = self.shown
        for k in meld.tiles:
            shown[k] += 1
        shown[tile] -= 1  # (the claimed tile left the river for the meld)
        if self._call_lifts_miss:
            self.missed_win.discard(seat)
            self._missed_tiles[seat] = 0
        self._passed_pungs[seat] = 0
        self.turn = seat
        self.phase = _TURN
        self.drawn = None
        self.after_kong = False
        self.after_flower = False
        self._called = kind is not _K_KONG
        self.must_declare = kind is _K_READY
        if self._has_redraw and kind is not _K_KONG:
            self._redraw_indicator()
        if kind is _K_KONG:
            self.kongs_made += 1
            self._kong_paid(seat, meld, discarder)
            self._replacement(seat, fed_by=discarder)

    # ------------------------------------------------------------------ end
    def _score_wins(self, ctxs: Sequence[WinContext], *, opening: bool = False) -> list[tuple[WinContext, ScoreSheet]]:
        """Score each win (with the 包 seat of a self-drawn win) and log it."""
        rs = self.ruleset
        wins = []
        for ctx in ctxs:
            if ctx.self_drawn:
                liable = rs.liable_seat(self, ctx)
                if liable is not None:
                    ctx = replace(ctx, liable=liable)
            sheet = self._score(ctx)
            wins.append((ctx, sheet))
            event: dict[str, Any] = {
                "seat": ctx.seat,
                "tile": KIND_NAMES[ctx.win_tile] if ctx.win_tile >= 0 else None,
                "self_drawn": ctx.self_drawn,
                "discarder": ctx.discarder,
                "total": sheet.total,
                "unit": sheet.unit,
                "items": [[it.zh, it.en, it.value, it.count] for it in sheet.items],
            }
            if opening:
                event["opening"] = True
            self._event("win", **event)
        return wins

    def _finish(self, ctxs: Sequence[WinContext]) -> None:
        rs = self.ruleset
        if self.dice_pending and (rs.play_after_win or rs.winners_play_on) and any(
            c.seat == self._dice_seat for c in ctxs
        ):
            # the konger won on its first dice tile and the hand goes on: the
            # second goes back to the wall's end (else it stays face up)
            self.wall.insert(self.tail, self.dice_pending.pop())
            self.tail += 1
        wins = self._score_wins(ctxs)
        for ctx, sheet in wins:
            self.scores[ctx.seat] = sheet
            self.contexts[ctx.seat] = ctx
            self.winners.append(ctx.seat)
        settled = rs.settle(self, wins)
        play_on = rs.winners_play_on
        if not rs.play_after_win and not play_on:
            self.settlement = self.kong_settlement + self.win_settlement + settled
            self._close()
            return
        # 血战到底: the winners leave, the others play on; 血流成河: everyone plays on
        self.win_settlement = self.win_settlement + settled
        self._event(
            "win_payments", payments=[[p.payer, p.payee, p.amount, p.reason] for p in settled.payments]
        )
        last = ctxs[-1]
        if play_on:
            for ctx in ctxs:
                seat = ctx.seat
                aside = ctx.win_tile
                if ctx.self_drawn and aside < 0:
                    # a win on the deal (天胡) has no drawn tile: the highest kind is set aside
                    for k in range(34):
                        if self.hands[seat][k]:
                            aside = k
                if ctx.self_drawn and aside >= 0:
                    # the drawn winning tile is set aside face up in the river
                    if aside >= 34:
                        self.wild_flowers[seat].remove(aside)
                    else:
                        self.hands[seat][aside] -= 1
                    self.discards[seat].append(aside)
                    if aside < 34:
                        self.shown[aside] += 1
                self.declared[seat] = True  # locked, as after 报听
                self._update_waits(seat)
        else:
            self.out.update(c.seat for c in ctxs)
            self._build_orders()
        if last.robbed_kong and last.discarder is not None:
            self._update_waits(last.discarder)  # its added tile was won on
        if len(self.out) >= self.n - 1:
            self.settlement = self.kong_settlement + self.win_settlement
            self._close()
            return
        if self.live_tiles == 0:
            # the last tile was won on: the seats still playing reach the draw
            self._exhausted()
            return
        self.claimants = {}
        self.answers = {}
        self.pending_kong = None
        self.after_kong = False
        self.drawn = None
        self._turn_cache = None
        self._next_draw(self._next_seat(last.seat))

    def _exhausted(self) -> None:
        self._event("draw_game")
        self.settlement = self.kong_settlement + self.win_settlement + self.ruleset.settle_draw(self)
        self._close()

    def _close(self) -> None:
        deltas = self.settlement.deltas(self.n)
        if sum(deltas) != 0:
            raise MahjongError(f"settlement does not sum to zero: {deltas}")
        self._event(
            "payments",
            payments=[[p.payer, p.payee, p.amount, p.reason] for p in self.settlement.payments],
            deltas=deltas,
        )
        self.phase = _OVER
        self.claimants = {}
        self.answers = {}

    # ----------------------------------------------------------- views
    def observe(self, seat: int) -> dict[str, Any]:
        """What ``seat`` can see: its own tiles, everyone's melds, discards and
        flowers, the wall count; never another seat's concealed tiles."""
        return observation(self, seat)

    def observe_tensor(
        self, seat: int, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """What ``seat`` can see as a flat ``float32`` vector of ``OBS_SIZE``
        (written into ``out`` when given, for RL loops).  Seats are relative:
        block 0 is the observer, then the next seats in turn order.

        Layout: own concealed counts (34); the tile just drawn (34);
        per relative seat: meld counts (34), discard counts (34), flowers (1);
        last discard (34) and who made it (4); seat wind, round wind, dealer
        (4 each); live tiles / 144 (1); phase turn/claims/rob (3); wild kinds (34:
        with a hidden indicator, the kinds it names only for a seat that may
        see it); wild flowers held (1).  Tiles that are no kind (wild flowers
        drawn or discarded) show in no kind plane.  Names and slices of the
        planes: ``mahjong_core.envs.PLANES`` (docs/rl.md).
        """
        import numpy as np

        if out is None:
            out = np.empty(OBS_SIZE, dtype=np.float32)
        elif out.shape != (OBS_SIZE,):
            raise MahjongError(f"observe_tensor: out must have shape ({OBS_SIZE},), got {out.shape}")
        # every plane but the live tiles is a small count: gathered in bytes,
        # then written into ``out`` in one call (not element by element)
        v = bytearray(OBS_SIZE)
        v[0:34] = self.hands[seat]
        drawn = self.drawn
        if drawn is not None and drawn < 34 and seat == self.turn and self.phase is _TURN:
            v[34 + drawn] = 1
        n = self.n
        for r in range(n):
            base = 68 + 69 * r
            s = (seat + r) % n
            for m in self.melds[s]:
                if m.is_concealed and s != seat:
                    continue  # others' concealed kongs show only as a kong
                for k in m.tiles:
                    if k < 34:
                        v[base + k] += 1
            base += 34
            for k in self.discards[s]:
                if k < 34:  # (a discarded wild flower is no kind: it would spill into the next plane)
                    v[base + k] += 1
            v[base + 34] = len(self.flowers[s])
        base = 68 + 4 * 69
        if self.last_discard is not None:
            s, k = self.last_discard
            if k < 34:
                v[base + k] = 1
            v[base + 34 + (s - seat) % n] = 1
        base += 38
        v[base + self.seat_wind(seat)] = 1
        v[base + 4 + self.round_wind % 4] = 1
        v[base + 8 + (self.dealer - seat) % n] = 1
        base += 12
        phase = self.phase
        if phase is not _OVER:
            v[base + (2 if phase is _CLAIMS else 3 if phase is _ROB else 1)] = 1
        base += 4
        for k in self.wild_kinds:
            if k < 34:
                v[base + k] = 1
        shown = self.indicator_for(seat) if self._hidden_indicator and self.ruleset.wild_indicator else None
        if shown is not None:
            for k in self.ruleset.wilds_for_indicator(shown):  # a hidden 宝, to a seat that sees it
                if k < 34:
                    v[base + k] = 1
        v[base + 34] = len(self.wild_flowers[seat])
        out[:] = np.frombuffer(v, dtype=np.uint8)
        out[base - 4] = self.live_tiles / 144.0
        return out

    def deltas(self) -> list[int]:
        return self.settlement.deltas(self.n)


def _checked_wall(ruleset: Ruleset, wall: Sequence[int]) -> list[int]:
    """``wall`` as a list, when it is an order of ``ruleset.wall_tiles()``;
    else a :class:`MahjongError` naming the tiles that differ."""
    try:
        tiles = [int(t) for t in wall]
    except (TypeError, ValueError):
        raise MahjongError(f"{ruleset.id}: a wall is a sequence of tile ids, got {wall!r}") from None
    want = sorted(ruleset.wall_tiles())
    if sorted(tiles) != want:
        bad = [t for t in tiles if not 0 <= t < len(KIND_NAMES)]
        if bad:
            raise MahjongError(f"{ruleset.id}: wall holds {bad[0]!r}, not a tile id 0..{len(KIND_NAMES) - 1}")
        have = [0] * len(KIND_NAMES)
        need = [0] * len(KIND_NAMES)
        for t in tiles:
            have[t] += 1
        for t in want:
            need[t] += 1
        diff = [
            f"{KIND_NAMES[k]} {have[k]} times (wants {need[k]})" for k in range(len(KIND_NAMES)) if have[k] != need[k]
        ]
        raise MahjongError(
            f"{ruleset.id}: a wall must hold every tile of the set once ({len(want)} tiles), "
            f"got {len(tiles)} tiles: " + ", ".join(diff[:6]) + (" ..." if len(diff) > 6 else "")
        )
    return tiles


def _chow_swap_kinds(chow: tuple[int, ...], claimed: int) -> frozenset[int]:
    """吃张打张: the kinds that would make a sequence with the two tiles the
    seat used for its chow (claiming 1m for 123m bans 1m and 4m); kept by
    chow and claimed kind (63 answers at most)."""
    key = (chow, claimed)
    got = _CHOW_SWAPS.get(key)
    if got is None:
        got = _CHOW_SWAPS[key] = _chow_swap_kinds_of(chow, claimed)
    return got


_CHOW_SWAPS: dict[tuple[tuple[int, ...], int], frozenset[int]] = {}


def _chow_swap_kinds_of(chow: tuple[int, ...], claimed: int) -> frozenset[int]:
    own = sorted(k for k in chow if k != claimed) if chow.count(claimed) == 1 else list(chow[:2])
    suit = own[0] // 9
    out = set()
    for x in range(suit * 9, suit * 9 + 9):
        trio = sorted([x, *own])
        if trio[1] == trio[0] + 1 and trio[2] == trio[1] + 1:
            out.add(x)
    return frozenset(out)
