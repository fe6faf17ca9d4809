"""Bots: anything that picks one of the legal actions.

A bot is any object with ``choose(table, seat, legal) -> Action`` (the
:class:`Bot` protocol), so third parties can plug in their own.  A bot may
read ``table.observe(seat)`` (what the seat can see); it must not read other
seats' concealed tiles.

>>> from mahjong_core.bots import GreedyBot, play_hand
>>> from mahjong_core.rules import Ruleset
>>> table = play_hand(Ruleset(), [GreedyBot() for _ in range(4)], seed=1)
>>> table.is_over, sum(table.deltas())
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from . import _native
from .engine import Action, ActionKind, Phase, Table, play_out
from .errors import InvalidArgumentError
from .tiles import Meld
from .analysis import HandRules
from .rules import ReadyRule, Ruleset

__all__ = ["Bot", "GreedyBot", "RandomBot", "TableView", "ViewBot", "make_bot", "play_hand"]


class TableView(Protocol):
    """What a bot may read of the table: :class:`~mahjong_core.engine.Table`
    has all of it, and so does a one-seat view such as the Botzone seat's
    (:class:`mahjong_core.botzone.SeatView`).  Other seats' concealed tiles
    are not for bots to read (a seat view holds zeros there)."""

    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def n(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def hands(self) -> list[bytearray]: ...
    @property
    def melds(self) -> list[list[Meld]]: ...
    @property
    def discards(self) -> list[list[int]]: ...
    @property
    def last_discard(self) -> tuple[int, int] | None: ...
    @property
    def plays_as(self) -> list[int]: ...

    def analysis_counts(self, seat: int) -> tuple[bytearray, int]:
        """The seat's concealed counts as the kernels see them, and its wilds."""
        ...

    def hand_rules(self, seat: int) -> HandRules:
        """The hand rules for ``seat`` now."""
        ...

    def observe(self, seat: int) -> dict[str, Any]: ...


@runtime_checkable
class Bot(Protocol):
    """The bot interface."""

    def choose(self, table: Table, seat: int, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` (never empty) for ``seat``."""
        ...


@runtime_checkable
class ViewBot(Protocol):
    """A bot that reads no more than a :class:`TableView`: it can play from
    a one-seat view too (the Botzone seat).  :class:`RandomBot` and
    :class:`GreedyBot` are both kinds of bot."""

    def choose(self, table: TableView, seat: int, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` (never empty) for ``seat``."""
        ...


class RandomBot:
    """Uniformly random legal actions (seeded), or drawn from ``rng``: one
    ``random.Random`` several bots share (seeding one costs about 25K
    instructions; the bots of a table then draw from one stream in the
    order they act, still the same for the same seed)."""

    _rng: random.Random
    _random: Callable[[], float]

    def __init__(self, seed: int | None = None, *, rng: random.Random | None = None) -> None:
        if rng is not None and seed is not None:
            raise InvalidArgumentError("RandomBot: give a seed or an rng, not both")
        self.rng = rng if rng is not None else random.Random(seed)

    @property
    def rng(self) -> random.Random:
        """The generator the bot draws from (assignable)."""
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._random = value.random  # (its bound method: no look-up a move)

    def choose(self, table: TableView, seat: int, legal: Sequence[Action]) -> Action:
        return legal[int(self._random() * len(legal))]


_TURN = Phase.TURN
_CLAIMS = Phase.CLAIMS
_EXCHANGE = Phase.EXCHANGE
_IMAGINE = Phase.IMAGINE
_REQUIRED, _REQUIRED_FOR_DISCARD_WIN = ReadyRule.REQUIRED, ReadyRule.REQUIRED_FOR_DISCARD_WIN
_DEFAULT_COSTS = Ruleset.aim_discard_costs
_DEFAULT_AIM_RULES = Ruleset.aim_rules
_DEFAULT_AIM_KINDS = Ruleset.aim_kinds

# Action ids (engine.py): discard 0..33, concealed kong 34..67, added kong
# 68..101, chow 102..122, pung 123, kong 124, win 125, pass 126, ready
# 127..160, missing suit 161..163, take 164, wild flower discards 165..172,
# imagine kind k 250..283.
_WIN, _PASS, _PUNG, _TAKE = 125, 126, 123, 164


class GreedyBot:
    """Always wins when allowed; discards to lower shanten and widen the
    waits (the analysis core's discard advice, counting only tiles this seat
    cannot see); calls a pung, chow or kong when that lowers its shanten.
    It aims at :meth:`Ruleset.aim_rules` (e.g. a 2-5-8 pair) and takes the
    last tile or the dice when offered (TAKE).

    A turn costs one kernel call (``_native.discard_choice_buf``): the same
    choice, move for move, as the obvious version in
    ``tests/reference/greedy_reference.py``."""

    _memo: _native.ImprovingMemo | None = None
    """The improving kinds of this player's last hands (made at its first
    turn: a subclass need not call ``__init__``)."""
    _plan: _Plan | None = None
    """What the bot asks of the rule set it last played (:func:`_plan_of`)."""

    def __init__(self) -> None:
        self._keep_masks: dict[frozenset[int], int] = {}

    def choose(self, table: TableView, seat: int, legal: Sequence[Action]) -> Action:
        take: Action | None = None
        missing = False
        kong = False
        # The engine's own turn list is in ascending id order, its discards
        # (ids below 34) first: read from its end, it is done at the first
        # discard.  Any other list is read whole.
        ordered = _engine_turn_list(table, legal)
        last = len(legal) - 1
        for j in range(last + 1):
            a = legal[last - j if ordered else j]
            i = a.id
            if i == _WIN:
                return a
            if i < 34:
                if ordered:
                    break
                continue
            if i < 102:
                kong = True
            elif i == _TAKE:
                if take is None:
                    take = a
            elif 161 <= i <= 163:
                missing = True
        phase = table.phase
        if phase is not _TURN and phase is not _CLAIMS:
            phase = Phase(phase.value)  # (also a Phase of another copy of the engine)
        if phase is _IMAGINE:
            return imagined_choice(table, seat, legal)
        if phase is _EXCHANGE:
            # 换三张: pass on tiles of the suit held least (of those offered)
            return _least_suit(legal, table.hands[seat], True)
        if missing:
            # 定缺: give up the suit held least
            return _least_suit(legal, table.hands[seat], False)
        if take is not None:
            # take the roaming last tile (海底漫游) or roll for a kong: a chance
            return take
        plan = self._plan
        rs = table.ruleset
        if plan is None or plan[0] is not rs:
            plan = self._plan = _plan_of(rs)
        # (the default hooks' answers without their calls)
        rules = table.hand_rules(seat) if plan[1] is None else plan[1](table, seat)
        c, w = table.analysis_counts(seat)
        if phase is _TURN:
            return self._turn(table, seat, legal, c, w, rules, kong, ordered, plan)
        return self._claim(table, seat, legal, c, w, rules, plan)

    def _keep_mask(self, keep: frozenset[int]) -> int:
        mask = self._keep_masks.get(keep)
        if mask is None:
            mask = 0
            for k in keep:
                if 0 <= k < 34:
                    mask |= 1 << k
            if len(self._keep_masks) > 64:
                self._keep_masks.clear()
            self._keep_masks[keep] = mask
        return mask

    def _turn(
        self, table: TableView, seat: int, legal: Sequence[Action], c: bytearray, w: int, rules: HandRules,
        kong: bool = True, ordered: bool = False, plan: _Plan | None = None,
    ) -> Action:
        """The turn's move (``kong``: ``legal`` holds a kong; ``ordered``:
        ``legal`` is the engine's turn list, in ascending id order; ``plan``:
        :func:`_plan_of` the table's rule set)."""
        if plan is None:
            plan = _plan_of(table.ruleset)
        keep = None if plan[2] is None else plan[2](table, seat)
        plays = table.plays_as
        now = -2
        # a kong that does not raise shanten is free value (``kong``: the
        # legal list holds one)
        for a in legal if kong else ():
            i = a.id
            if 34 <= i < 68 and c[plays[a.tile]] < 4:
                # a single tile laid out as a kong (Ruleset.single_kong_kinds):
                # free when the plan gives the kind up, else when shanten holds
                if keep is not None and a.tile not in keep:
                    return a
                if now == -2:
                    now = _shanten_buf(c, w, rules)
                after, aw = bytearray(c), w
                if c[plays[a.tile]]:
                    after[plays[a.tile]] -= 1
                else:
                    aw -= 1  # a wild laid out
                if _shanten_buf(after, aw, rules) <= now:
                    return a
                continue
            if 34 <= i < 102 and (keep is None or a.tile in keep):
                if now == -2:
                    now = _shanten_buf(c, w, rules)
                after = bytearray(c)
                after[plays[a.tile]] -= 4 if i < 68 else 1
                if (sum(after) + w) % 3 == 1 and _shanten_buf(after, w, rules) <= now:
                    return a
        void = _void_suit(table, seat) if plan[4] else None
        if void is not None:  # 缺门: the suit given up goes first
            first = _void_first(legal, table.hands[seat], void)
            if first is not None:
                return first
        seen = _seen(table, seat)
        costs = None if plan[3] is None else plan[3](table, seat)
        memo = self._memo
        if memo is None:
            memo = self._memo = _native.ImprovingMemo()
        choice = _discard_choice_buf(c, w, rules, seen, 0 if keep is None else self._keep_mask(keep), costs, memo)
        # declare ready (报听) with the chosen discard when winning needs it
        if plan[5]:
            for a in legal:
                if 127 <= a.id <= 160 and plays[a.tile] == choice:
                    return a
        if ordered and not table.substitutes:  # type: ignore[attr-defined]
            # (the discard of ``choice`` is the action of that id, found by
            # bisection: the first match of the loop below)
            lo, hi = 0, len(legal)
            while lo < hi:
                mid = (lo + hi) >> 1
                if legal[mid].id < choice:
                    lo = mid + 1
                else:
                    hi = mid
            if lo < len(legal) and legal[lo].id == choice:
                return legal[lo]
        first_discard: Action | None = None
        for a in legal:
            i = a.id
            if i < 34 or 165 <= i:
                if plays[a.tile] == choice:
                    return a
                if first_discard is None:
                    first_discard = a
        return first_discard if first_discard is not None else legal[0]

    def _claim(
        self, table: TableView, seat: int, legal: Sequence[Action], c: bytearray, w: int, rules: HandRules,
        plan: _Plan | None = None,
    ) -> Action:
        passing: Action | None = None
        for a in legal:
            if a.id == _PASS:
                passing = a
                break
        assert passing is not None and table.last_discard is not None
        plays = table.plays_as
        tile = plays[table.last_discard[1]]
        now = _shanten_buf(c, w, rules)
        best, best_sh = passing, now
        if plan is None:
            plan = _plan_of(table.ruleset)
        void = _void_suit(table, seat) if plan[4] else None
        keep = None if plan[2] is None else plan[2](table, seat)
        for a in legal:
            i = a.id
            if i == _PASS or (void is not None and tile < 27 and tile // 9 == void):
                continue
            chow = 102 <= i <= 122 or (127 <= i <= 160 and table.phase.value == "claims")  # (READY: 吃听)
            if keep is not None and (tile not in keep or (chow and a.tile not in keep)):
                continue  # aim_kinds: no meld of a kind given up
            after = c[:] if type(c) is bytearray else bytearray(c)  # (a slice: the cheaper copy)
            if chow:
                for k in range(a.tile, a.tile + 3):
                    if plays[k] != tile:
                        after[plays[k]] -= 1
            elif i == _PUNG:
                after[tile] -= 2
            else:
                after[tile] -= 3
                after_sh = _shanten_buf(after, w, rules) if (sum(after) + w) % 3 else now
                if after_sh <= now:
                    return a
                continue
            # after a chow or pung the hand has 3n+2 tiles: its shanten is
            # the best it can reach by the coming discard
            sh = _shanten_buf(after, w, rules)
            if sh < best_sh or (sh == best_sh and a.kind == ActionKind.READY and best.kind == ActionKind.CHOW):
                best, best_sh = a, sh
        return best



def _least_suit(legal: Sequence[Action], hand: bytearray, exchange: bool) -> Action:
    """The action of ``legal`` on the suit ``hand`` holds least, then the
    lowest tile: a tile to pass on (换三张, ``exchange``), else a missing
    suit (定缺, whose ``tile`` is the suit).  (A function of its own: the
    lambda's closure is made when it is asked, not at every turn.)"""
    if exchange:
        return min(legal, key=lambda a: (sum(hand[a.tile - a.tile % 9 : a.tile - a.tile % 9 + 9]), a.tile))
    return min(legal, key=lambda a: (sum(hand[a.tile * 9 : a.tile * 9 + 9]), a.tile))


def _void_first(legal: Sequence[Action], hand: bytearray, void: int) -> Action | None:
    """缺门: the discard of the suit given up that ``hand`` holds most of
    (then the lowest), or None when none is legal."""
    first = [a for a in legal if a.id < 27 and a.tile // 9 == void]
    if not first:
        return None
    return min(first, key=lambda a: (-hand[a.tile], a.tile))


_Plan = tuple[Any, Any, Any, Any, bool, bool]
_discard_choice_buf = _native.discard_choice_buf
_shanten_buf = _native.shanten_buf


def _plan_of(rs: Ruleset) -> _Plan:
    """What GreedyBot asks of the rule set ``rs`` at every turn, read once:
    ``rs`` itself, its ``aim_rules``, ``aim_kinds`` and
    ``aim_discard_costs`` (None where they are the defaults, whose answers
    the bot knows without a call), ``win_lacks_a_suit``, and whether its
    ``ready_rule`` has winners declare ready (a rule set's hooks and class
    settings do not change)."""
    t = type(rs)
    rr = rs.ready_rule
    return (
        rs,
        None if t.aim_rules is _DEFAULT_AIM_RULES else rs.aim_rules,
        None if t.aim_kinds is _DEFAULT_AIM_KINDS else rs.aim_kinds,
        None if t.aim_discard_costs is _DEFAULT_COSTS else rs.aim_discard_costs,
        bool(rs.win_lacks_a_suit),
        rr is _REQUIRED or rr is _REQUIRED_FOR_DISCARD_WIN,
    )


def _engine_turn_list(table: TableView, legal: Sequence[Action]) -> bool:
    """Whether ``legal`` is the turn list a :class:`Table` keeps (its
    ``legal_actions`` while the turn lasts): in ascending id order, the
    discards first.  (A seat view has no such list.)"""
    return type(table) is Table and legal is table._turn_cache


def _seen(table: TableView, seat: int) -> bytearray:
    """The tiles ``seat`` sees, per kind: its hand, every river (wild
    flowers apart) and every meld, concealed kongs too
    (:meth:`Table.seen_counts`, a typed loop when compiled; a seat view
    counts them here)."""
    if type(table) is Table:
        return table.seen_counts(seat)
    melds = table.melds
    seen = bytearray(table.hands[seat])
    discards = table.discards
    for s in range(table.n):
        for k in discards[s]:
            if k < 34:
                seen[k] += 1
        for m in melds[s]:
            for k in m.tiles:
                seen[k] += 1
    return seen


def _void_suit(table: TableView, seat: int) -> int | None:
    """缺门 (``win_lacks_a_suit``) without a declared suit: the suit the
    hand gives up while it holds all three (the one held least, melds
    counting), else None."""
    if not table.ruleset.win_lacks_a_suit or table.ruleset.missing_suit:
        return None
    hand = table.hands[seat]
    count = [sum(hand[s * 9 : s * 9 + 9]) for s in range(3)]
    melded = {m.tiles[0] // 9 for m in table.melds[seat] if m.tiles[0] < 27}
    for s in melded:
        count[s] += 10
    if not all(count):
        return None
    return min(range(3), key=lambda s: (count[s], s))


def make_bot(name: str, seed: int | None = None, *, rng: random.Random | None = None) -> RandomBot | GreedyBot:
    """``random`` (from ``seed``, or drawing from ``rng``) or ``greedy``."""
    if name == "random":
        return RandomBot(seed, rng=rng)
    if name == "greedy":
        return GreedyBot()
    raise ValueError(f"unknown bot {name!r}; known: random, greedy")


def play_hand(
    ruleset: Ruleset,
    bots: Sequence[Bot],
    *,
    seed: int | None = None,
    dealer: int = 0,
    round_wind: int = 0,
    hand_number: int = 0,
) -> Table:
    """Play one hand to its end with one bot per seat; returns the table."""
    table = Table(ruleset, seed=seed, dealer=dealer, round_wind=round_wind, hand_number=hand_number)
    if len(bots) != table.n:
        raise InvalidArgumentError(f"play_hand: {ruleset.id} has {table.n} seats, got {len(bots)} bots")
    return play_out(table, bots)


def imagined_choice(table: TableView, seat: int, legal: Sequence[Action]) -> Action:
    """心皇 (``Ruleset.imagined_choice``): the kind the rule set's
    ``imagined_kind`` would commit for this seat, when offered; else the
    lowest kind offered."""
    k = table.ruleset.imagined_kind(table, seat)  # type: ignore[arg-type]
    for a in legal:
        if a.tile == k:
            return a
    return legal[0]
