"""A match: hands in sequence with dealer rotation, streaks and winds.

>>> from mahjong_core.bots import GreedyBot
>>> from mahjong_core.registry import find_variant
>>> m = Match(find_variant("guangdong")(), [GreedyBot() for _ in range(4)], seed=1, hands=6)
>>> results = m.play()
>>> len(results), sum(m.totals)
(6, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot
from .engine import Table, _check_table_arguments, _whole_number, play_out
from .errors import InvalidArgumentError, MahjongError
from .rules import Ruleset

__all__ = ["HandResult", "Match"]


@dataclass(frozen=True, slots=True)
class HandResult:
    """What one hand of a match did."""

    number: int
    dealer: int
    round_wind: int
    streak: int
    """Hands the dealer had already dealt in a row before this one (连庄)."""
    winners: tuple[int, ...]
    """Seats that won."""
    deltas: tuple[int, ...]
    """Points won or lost by each player (by player index)."""
    seed: int
    seats: tuple[int, ...] = ()
    """The seat of each player in this hand (see :meth:`Ruleset.seating`)."""
    carry: dict[str, Any] = field(default_factory=dict)
    """What the hand received from the previous one (:meth:`Ruleset.carry`)."""


@dataclass
class Match:
    """Plays hands until ``hands`` hands or ``rounds`` full rounds of winds
    are done (whichever is given; a round ends when the deal has passed every
    seat once under one prevailing wind: ``num_players`` changes of dealer).
    The next dealer is :meth:`~mahjong_core.rules.Ruleset.next_dealer`'s (by
    default the dealer stays when :meth:`~mahjong_core.rules.Ruleset.dealer_stays`
    says so, else the deal passes to the next seat).

    ``bots`` and ``totals`` are by player; :meth:`Ruleset.seating` places the
    players at the table for each round of winds, and :meth:`Ruleset.carry`
    hands state from one hand to the next (``carry``)."""

    ruleset: Ruleset
    bots: Sequence[Bot]
    seed: int = 0
    hands: int | None = None
    rounds: int | None = None
    dealer: int = -1
    """The first dealer's seat; -1 (default): the rule set's
    :meth:`~mahjong_core.rules.Ruleset.first_dealer` for ``seed`` (seat 0,
    or a seat drawn from the seed with ``random_first_dealer``: 宁波).
    Kept in :attr:`first_dealer` and in each hand's result and record."""
    round_wind: int = 0
    streak: int = 0
    passes: int = 0
    """How many times the deal has moved on in this prevailing wind."""
    totals: list[int] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    keep_tables: bool = False
    carry: dict[str, Any] = field(default_factory=dict)
    """State for the next hand, from :meth:`Ruleset.carry`."""
    first_dealer: int = field(default=-1, init=False)
    """The seat that dealt the first hand (set when the match is made)."""
    placement: tuple[int, ...] = ()
    """Where the players drew their places (:meth:`Ruleset.reseat`): player
    ``p`` sits where :meth:`Ruleset.seating` puts player ``placement[p]``
    (empty: where it puts ``p``)."""

    def __post_init__(self) -> None:
        # (-1: the rule set's first dealer, checked once it is known)
        _check_table_arguments(
            self.ruleset, self.seed, 0 if self.dealer == -1 else self.dealer, self.round_wind, 0, self.streak, "Match"
        )
        n = self.ruleset.num_players
        if len(self.bots) != n:
            raise InvalidArgumentError(f"Match: {self.ruleset.id} needs {n} bots, got {len(self.bots)}")
        for name in ("hands", "rounds"):
            value = getattr(self, name)
            if value is not None and _whole_number(name, value, "Match") < 0:
                raise InvalidArgumentError(f"Match: {name} must be 0 or more, got {value!r}")
        if self.hands is None and self.rounds is None:
            self.hands = 1
        self.totals = [0] * n
        self._rounds_done = 0
        if self.dealer == -1:
            self.dealer = self.ruleset.first_dealer(self.seed)
        if not 0 <= self.dealer < n:
            raise MahjongError(f"{self.ruleset.id}: the first dealer must be a seat 0..{n - 1}, got {self.dealer!r}")
        self.first_dealer = self.dealer

    @property
    def over(self) -> bool:
        if self.hands is not None and len(self.results) >= self.hands:
            return True
        return self.rounds is not None and self._rounds_done >= self.rounds

    def play_hand(self) -> HandResult:
        """Play the next hand and move the deal."""
        number = len(self.results)
        seed = (self.seed * 1_000_003 + number * 7_919) % (2**63)
        n = self.ruleset.num_players
        seats = tuple(self.ruleset.seating(self._rounds_done))
        if self.placement:
            seats = tuple(seats[q] for q in self.placement)
        if sorted(seats) != list(range(n)):
            raise MahjongError(f"{self.ruleset.id}: seating {seats!r} is not a permutation of {n} seats")
        by_seat: list[Bot] = [self.bots[0]] * n
        for player, seat in enumerate(seats):
            by_seat[seat] = self.bots[player]
        carried = self.carry
        table = Table(
            self.ruleset, seed=seed, dealer=self.dealer, round_wind=self.round_wind,
            hand_number=number, streak=self.streak, carry=carried,
        )
        play_out(table, by_seat)
        by_seat_deltas = table.deltas()
        deltas = [by_seat_deltas[seats[p]] for p in range(n)]
        self.totals = [a + b for a, b in zip(self.totals, deltas)]
        result = HandResult(number, self.dealer, self.round_wind, self.streak,
                            tuple(table.winners), tuple(deltas), seed, seats, dict(carried))
        self.results.append(result)
        if self.keep_tables:
            self.tables.append(table)
        self.carry = self.ruleset.carry(table)
        nxt = self.ruleset.next_dealer(table)
        if not 0 <= nxt < n:
            raise MahjongError(f"{self.ruleset.id}: next_dealer gave seat {nxt!r}")
        reseat = self.ruleset.reseat(table)
        if reseat:  # the players draw their places again; the streak ends
            order = list(range(n))
            random.Random(seed ^ 0x5EA7).shuffle(order)
            self.placement = tuple(order)
        if nxt == self.dealer:
            self.streak = 0 if reseat else self.streak + 1
        else:
            self.streak = 0
            self.dealer = nxt
            self.passes += 1
            if self.passes == n:
                self.passes = 0
                self.round_wind = (self.round_wind + 1) % 4
                self._rounds_done += 1
        return result

    def play(self) -> list[HandResult]:
        """Play until the stop condition; returns every hand's result."""
        while not self.over:
            self.play_hand()
        return self.results
