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
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from . import _native
from .engine import Action, ActionKind, Phase, Table, play_out
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
    """Uniformly random legal actions (seeded)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, table: TableView, seat: int, legal: Sequence[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]


class GreedyBot:
    """Always wins when allowed; discards to lower shanten and widen the
    waits (the analysis core's discard advice, counting only tiles this seat
    cannot see); calls a pung, chow or kong when that lowers its shanten.
    It aims at :meth:`Ruleset.aim_rules` (e.g. a 2-5-8 pair) and takes the
    last tile or the dice when offered (TAKE)."""

    def choose(self, table: TableView, seat: int, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if ActionKind.WIN in kinds:
            return next(a for a in legal if a.kind == ActionKind.WIN)
        if table.phase is Phase.EXCHANGE:
            # 换三张: pass on tiles of the suit held least (of those offered)
            hand = table.hands[seat]
            return min(legal, key=lambda a: (sum(hand[a.tile - a.tile % 9 : a.tile - a.tile % 9 + 9]), a.tile))
        if ActionKind.MISSING_SUIT in kinds:
            # 定缺: give up the suit held least
            hand = table.hands[seat]
            return min(legal, key=lambda a: (sum(hand[a.tile * 9 : a.tile * 9 + 9]), a.tile))
        if ActionKind.TAKE in kinds:
            # take the roaming last tile (海底漫游) or roll for a kong: a chance
            return next(a for a in legal if a.kind == ActionKind.TAKE)
        rules = table.ruleset.aim_rules(table, seat)
        hand = table.hands[seat]
        c, w = table.analysis_counts(seat)
        if table.phase.value == "turn":
            return self._turn(table, seat, legal, c, w, rules)
        return self._claim(table, seat, legal, c, w, rules)

    def _visible(self, table: TableView, seat: int) -> list[int]:
        seen = list(table.hands[seat])
        for s in range(table.n):
            for k in table.discards[s]:
                if k < 34:
                    seen[k] += 1
            for m in table.melds[s]:
                for k in m.tiles:
                    seen[k] += 1
        return seen

    def _turn(self, table: TableView, seat: int, legal: Sequence[Action], c: bytearray, w: int, rules: HandRules) -> Action:
        now = _native.shanten_buf(c, w, rules)
        keep = table.ruleset.aim_kinds(table, seat)
        # a kong that does not raise shanten is free value
        for a in legal:
            if a.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG) and (keep is None or a.tile in keep):
                after = bytearray(c)
                after[table.plays_as[a.tile]] -= 4 if a.kind == ActionKind.CONCEALED_KONG else 1
                if (sum(after) + w) % 3 == 1 and _native.shanten_buf(after, w, rules) <= now:
                    return a
        seen = self._visible(table, seat)
        void = _void_suit(table, seat)
        if void is not None:  # 缺门: the suit given up goes first
            first = [a for a in legal if a.kind == ActionKind.DISCARD and a.tile < 27 and a.tile // 9 == void]
            if first:
                return min(first, key=lambda a: (-table.hands[seat][a.tile], a.tile))
        options = _native.discard_options(_native.Counts(list(c)), w, rules, True)
        if keep is not None:  # aim_kinds: the kinds not kept go first
            outside = [o for o in options if o[0] not in keep]
            if outside:
                options = outside
        rs = table.ruleset
        if type(rs).aim_discard_costs is not Ruleset.aim_discard_costs:
            # the rule set's cost of a discard counts as shanten
            costs = rs.aim_discard_costs(table, seat)
            options = [(kind, sh + costs[kind], mask) for kind, sh, mask in options]
        low = min(sh for _, sh, _ in options)
        best: tuple[int, int, int] | None = None
        choice = None
        for kind, sh, mask in options:
            if sh != low:
                continue  # only the lowest-shanten discards carry masks
            unseen = 0
            while mask:  # over the set bits only
                bit = mask & -mask
                k = bit.bit_length() - 1
                if seen[k] < 4:
                    unseen += 4 - seen[k]
                mask ^= bit
            key = (sh, -unseen, kind)
            if best is None or key < best:
                best, choice = key, kind
        # declare ready (报听) with the chosen discard when winning needs it
        if table.ruleset.ready_rule in (ReadyRule.REQUIRED, ReadyRule.REQUIRED_FOR_DISCARD_WIN):
            for a in legal:
                if a.kind == ActionKind.READY and table.plays_as[a.tile] == choice:
                    return a
        discards = [a for a in legal if a.kind == ActionKind.DISCARD]
        for a in discards:
            if table.plays_as[a.tile] == choice:
                return a
        return discards[0] if discards else legal[0]

    def _claim(self, table: TableView, seat: int, legal: Sequence[Action], c: bytearray, w: int, rules: HandRules) -> Action:
        passing = next(a for a in legal if a.kind == ActionKind.PASS)
        assert table.last_discard is not None
        plays = table.plays_as
        tile = plays[table.last_discard[1]]
        now = _native.shanten_buf(c, w, rules)
        best, best_sh = passing, now
        void = _void_suit(table, seat)
        keep = table.ruleset.aim_kinds(table, seat)
        for a in legal:
            if a.kind == ActionKind.PASS or (void is not None and tile < 27 and tile // 9 == void):
                continue
            chow = a.kind == ActionKind.CHOW or a.kind == ActionKind.READY  # (READY answering a discard: 吃听)
            if keep is not None and (tile not in keep or (chow and a.tile not in keep)):
                continue  # aim_kinds: no meld of a kind given up
            after = bytearray(c)
            if chow:
                for k in range(a.tile, a.tile + 3):
                    if plays[k] != tile:
                        after[plays[k]] -= 1
            elif a.kind == ActionKind.PUNG:
                after[tile] -= 2
            else:
                after[tile] -= 3
                after_sh = _native.shanten_buf(after, w, rules) if (sum(after) + w) % 3 else now
                if after_sh <= now:
                    return a
                continue
            # after a chow or pung the hand has 3n+2 tiles: its shanten is
            # the best it can reach by the coming discard
            sh = _native.shanten_buf(after, w, rules)
            if sh < best_sh or (sh == best_sh and a.kind == ActionKind.READY and best.kind == ActionKind.CHOW):
                best, best_sh = a, sh
        return best


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


def make_bot(name: str, seed: int | None = None) -> RandomBot | GreedyBot:
    """``random`` or ``greedy``."""
    if name == "random":
        return RandomBot(seed)
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
    return play_out(table, bots)
