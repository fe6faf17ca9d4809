"""Scripted scenarios: a hand on a stacked wall, a script of moves, and what
was offered and what happened, for testing a rule on its own.

A :class:`Scenario` deals the hands written in notation (dealer first, that
is East, South, West, North), lets the seats draw the tiles listed in
``draws`` in that order, and takes kong and flower replacements from
``tail``.  Moves are short strings, ``"E discard 1z"``, ``"S pung"``,
``"W chow 345m"``, ``"N pass"``; seats are named by their wind this hand
(``E`` is the dealer).  What a seat may do is :meth:`Scenario.offers`, in
the same words.

>>> from mahjong_core.rules import Ruleset
>>> sc = Scenario(Ruleset(), hands=[
...     "147m258p369s12345z", "123m456p789s1122z", "258m369p147s5566z", "369m147p258s3377z"])
>>> sc.play("E discard 1z")
>>> sc.offers("S")
['pung', 'win', 'pass']
>>> sc.play("S win")
>>> sc.winners, sc.deltas()
(['S'], {'E': -1, 'S': 1, 'W': 0, 'N': 0})

The wall is: the dealt hands, then ``draws``, then every tile not named
(ascending, so the rest of the hand is still deterministic), then ``tail``
reversed (the first tile of ``tail`` is the first replacement), with the
``indicator`` where the rule set turns it up (the last tile, or
:meth:`~mahjong_core.rules.Ruleset.indicator_offset` tiles before it).  A move that is not legal raises
:class:`ScenarioError` naming the step, the reason and what was offered; the
table is left as it was before that move.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .engine import Action, ActionKind, Phase, Table, roll_dice
from .errors import IllegalActionError, InvalidNotationError, MahjongError
from .rules import Payment, Ruleset, ScoreSheet
from .tiles import KIND_NAMES, format_tiles, parse_tiles

__all__ = ["Move", "Scenario", "ScenarioError", "stack_wall"]

Move = str | tuple[str | int, str] | Action
"""A move: ``"S pung"``, ``("S", "pung")`` or an :class:`Action`."""

_WINDS = "ESWN"


class ScenarioError(MahjongError):
    """A scenario that cannot be set up or played: a bad wall, an unknown
    word, an illegal move.  ``step`` is the 1-based number of the move (None
    while setting up)."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(f"step {step}: {message}" if step is not None else message)
        self.step = step


def _tiles(text: str | Sequence[int], what: str, step: int | None = None) -> list[int]:
    if not isinstance(text, str):
        return [int(t) for t in text]
    try:
        return parse_tiles(text)
    except InvalidNotationError as e:
        raise ScenarioError(f"{what}: {e}", step) from None


def stack_wall(
    ruleset: Ruleset,
    hands: Sequence[str | Sequence[int]],
    draws: str | Sequence[int] = "",
    tail: str | Sequence[int] = "",
    *,
    indicator: str | None = None,
    indicator_offset: int = 0,
) -> list[int]:
    """A wall (tile ids, for ``Table(wall=...)``) that deals ``hands``
    (dealer first), then gives ``draws`` in order from the front and ``tail``
    in order from the back (skipping ``indicator``, which lies
    ``indicator_offset`` tiles before the end: 0 the last tile, see
    :meth:`Ruleset.indicator_offset`).  The other tiles of the set fill the
    middle in ascending order.

    >>> from mahjong_core.rules import Ruleset
    >>> w = stack_wall(Ruleset(), ["11122233344455m", "1112223334445p", "1112223334445s", "1111222333444z"],
    ...                draws="9m", tail="5z6z")
    >>> KIND_NAMES[w[53]], KIND_NAMES[w[-1]], KIND_NAMES[w[-2]], len(w)
    ('9m', '5z', '6z', 136)
    """
    rs = ruleset
    if rs.per_seat_walls:
        raise ScenarioError(f"{rs.id}: per-seat walls are not stacked by hands; give Table a wall directly")
    n = rs.num_players
    if len(hands) != n:
        raise ScenarioError(f"{rs.id}: {n} hands (dealer first), got {len(hands)}")
    dealt: list[int] = []
    for i, h in enumerate(hands):
        who = _WINDS[i] if n <= 4 else str(i)
        tiles = _tiles(h, f"hand of {who}")
        size = rs.hand_size + (1 if i == 0 and not rs.dealer_draws_first else 0)
        if len(tiles) != size:
            raise ScenarioError(f"{rs.id}: the hand of {who} ({'dealer, ' if i == 0 else ''}{h!r}) "
                                f"has {len(tiles)} tiles, wants {size}")
        dealt += tiles
    front = dealt + _tiles(draws, "draws")
    back = _tiles(tail, "tail")
    last = _tiles(indicator, "indicator") if indicator else []
    if len(last) > 1:
        raise ScenarioError(f"indicator is one tile, got {indicator!r}")
    if last and not rs.wild_indicator:
        raise ScenarioError(f"{rs.id} flips no indicator")
    every = Counter(rs.wall_tiles())
    named = Counter(front + back + last)
    extra = sorted(t for t in named if named[t] > every[t])
    if extra:
        worst = ", ".join(
            f"{KIND_NAMES[t] if 0 <= t < len(KIND_NAMES) else repr(t)} {named[t]} times (the set has {every[t]})"
            for t in extra
        )
        raise ScenarioError(f"{rs.id}: the scenario names more tiles than the set holds: {worst}")
    rest = sorted((every - named).elements())
    wall = front + rest + back[::-1]
    if last:
        at = len(wall) - max(0, indicator_offset)
        if at < len(front):
            raise ScenarioError(f"{rs.id}: the indicator {indicator_offset} tiles from the end falls among the dealt "
                                "tiles and draws")
        wall.insert(at, last[0])
    return wall


class Scenario:
    """One hand of ``ruleset`` on a stacked wall (see :func:`stack_wall`),
    played move by move.

    ``dealer`` (a table seat), ``round_wind`` and ``streak`` (the hands
    the dealer has already dealt in a row, 连庄) are passed to the
    :class:`~mahjong_core.engine.Table`; seats are named by their wind this
    hand (``E`` deals), or given as table seat numbers.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        hands: Sequence[str | Sequence[int]],
        draws: str | Sequence[int] = "",
        tail: str | Sequence[int] = "",
        *,
        indicator: str | None = None,
        dealer: int = 0,
        round_wind: int = 0,
        seed: int = 0,
        streak: int = 0,
    ) -> None:
        self.ruleset = ruleset
        # the indicator lies where this hand's dice put it (a stacked table
        # rolls them first thing from its seed)
        offset = ruleset.indicator_offset(roll_dice(random.Random(seed), ruleset.dice)) if indicator else 0
        self.wall = stack_wall(ruleset, hands, draws, tail, indicator=indicator, indicator_offset=offset)
        self.table = Table(ruleset, seed=seed, dealer=dealer, round_wind=round_wind, wall=self.wall, streak=streak)
        self.moves = 0
        """Moves played so far (the number of the next one is ``moves + 1``)."""

    # ------------------------------------------------------------- seats
    def seat(self, who: str | int) -> int:
        """The table seat of ``who`` (a wind letter ``E S W N``, or a seat number)."""
        n = self.table.n
        if isinstance(who, int) and not isinstance(who, bool):
            if 0 <= who < n:
                return who
        elif isinstance(who, str) and len(who.strip()) == 1 and who.strip().upper() in _WINDS[:n]:
            return (self.table.dealer + _WINDS.index(who.strip().upper())) % n
        raise ScenarioError(f"unknown seat {who!r}: a wind of this hand ({' '.join(_WINDS[:n])}) or 0..{n - 1}")

    def name(self, seat: int) -> str:
        """The wind letter of table seat ``seat`` this hand."""
        return _WINDS[self.table.seat_wind(seat)]

    @property
    def to_act(self) -> list[str]:
        """The seats that must act now."""
        return [self.name(s) for s in self.table.to_act]

    # ------------------------------------------------------------ offers
    @staticmethod
    def words(action: Action) -> str:
        """An action in the words of a script: ``discard 3m``, ``pung``,
        ``chow 123m``, ``concealed kong 5z``, ``ready 7p``, ``missing suit s``,
        ``imagine 5m`` (心皇)."""
        return str(action).split(" ", 1)[1]

    def offers(self, who: str | int) -> list[str]:
        """What ``who`` may do now, as words (:meth:`words`), in action-id order
        (吃听, a READY answering a discard, as ``ready 345m``)."""
        out = []
        for a in self.table.legal_actions(self.seat(who)):
            if a.kind is ActionKind.READY and self.table.phase is Phase.CLAIMS:
                out.append("ready " + "".join(str(a.tile % 9 + i) for i in (1, 2, 3)) + "mps"[a.tile // 9])
            else:
                out.append(self.words(a))
        return out

    def can(self, who: str | int, move: str) -> bool:
        """Whether ``move`` (words, without the seat) is offered to ``who`` now."""
        seat = self.seat(who)
        legal = self.table.legal_actions(seat)
        return any(a in legal for a in self._actions(seat, move, self.moves + 1))

    # ------------------------------------------------------------- moves
    def _actions(self, seat: int, text: str, step: int) -> list[Action]:
        """The actions ``text`` may mean for ``seat`` (``kong 5m``: concealed
        or added, whichever is legal)."""
        words = " ".join(text.lower().replace("_", " ").split())
        m = re.fullmatch(
            r"(discard|ready|concealed kong|added kong|kong|chow|missing suit|missing|special kong|special add|swap|imagine) (\S+)",
            words,
        )
        if m:
            verb, arg = m.groups()
            if verb == "special kong":
                return [Action(ActionKind.SPECIAL_KONG, seat, self._special_index(arg, text, step))]
            if verb in ("missing suit", "missing"):
                if arg not in ("m", "p", "s"):
                    raise ScenarioError(f"{text!r}: the missing suit is m, p or s, not {arg!r}", step)
                return [Action(ActionKind.MISSING_SUIT, seat, "mps".index(arg))]
            tiles = _tiles(arg, f"{text!r}", step)
            if verb == "chow" or (verb == "ready" and len(tiles) == 3):
                if len(tiles) not in (1, 3):
                    raise ScenarioError(f"{text!r}: a chow is named by its three tiles or its lowest", step)
                # "ready 345m": 吃听, the chow of a discard with the declaration (READY, lowest kind)
                kind = ActionKind.CHOW if verb == "chow" else ActionKind.READY
                return [Action(kind, seat, min(tiles))]
            if len(tiles) != 1:
                raise ScenarioError(f"{text!r}: {verb} takes one tile", step)
            kinds = {
                "discard": [ActionKind.DISCARD],
                "ready": [ActionKind.READY],
                "concealed kong": [ActionKind.CONCEALED_KONG],
                "added kong": [ActionKind.ADDED_KONG],
                "special add": [ActionKind.SPECIAL_ADD],
                "swap": [ActionKind.SWAP],
                "imagine": [ActionKind.IMAGINE],
                "kong": [ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG],
            }[verb]
            try:
                return [Action(k, seat, tiles[0]) for k in kinds]
            except IllegalActionError as e:
                raise ScenarioError(f"{text!r}: {e}", step) from None
        single = {"pung": ActionKind.PUNG, "kong": ActionKind.KONG, "win": ActionKind.WIN,
                  "pass": ActionKind.PASS, "take": ActionKind.TAKE, "take pung": ActionKind.TAKE_PUNG}
        if words in single:
            return [Action(single[words], seat)]
        raise ScenarioError(
            f"unknown move {text!r}: discard X, chow XYZ, pung, kong [X], concealed kong X, added kong X, "
            "special kong TILES|N, special add X, swap X, take pung, win, pass, ready X, missing suit m|p|s, take, "
            "imagine X", step
        )

    def _special_index(self, arg: str, text: str, step: int) -> int:
        """A special kong named by its index or its tiles (``1234z``)."""
        specials = [tuple(sorted(x)) for x in self.ruleset.special_melds]
        if arg.isdigit():
            i = int(arg)
        else:
            tiles = tuple(sorted(_tiles(arg, f"{text!r}", step)))
            i = specials.index(tiles) if tiles in specials else -1
        if not 0 <= i < len(specials):
            raise ScenarioError(f"{text!r}: not one of the rule set's special kongs {specials!r}", step)
        return i

    def _parse(self, move: Move, step: int) -> Action:
        if isinstance(move, Action):
            return move
        if isinstance(move, tuple):
            if len(move) != 2:
                raise ScenarioError(f"a move is (seat, words), got {move!r}", step)
            who, text = move
        elif isinstance(move, str):
            head, _, text = move.strip().partition(" ")
            who = head.rstrip(":")
            if who.isdigit():
                return self._pick(int(who), text, step)
        else:
            raise ScenarioError(f"a move is a string, a (seat, words) pair or an Action, got {move!r}", step)
        try:
            seat = self.seat(who)
        except ScenarioError as e:
            raise ScenarioError(f"{move!r}: {e}", step) from None
        return self._pick(seat, text, step)

    def _pick(self, seat: int, text: str, step: int) -> Action:
        seat = self.seat(seat)
        options = self._actions(seat, text, step)
        legal = self.table.legal_actions(seat)
        for a in options:
            if a in legal:
                return a
        return options[0]

    def play(self, *moves: Move) -> None:
        """Play ``moves`` in order.  An illegal or unreadable move raises
        :class:`ScenarioError` (the moves before it stay played; the table is
        as it was before the failing one)."""
        for move in moves:
            step = self.moves + 1
            action = self._parse(move, step)
            try:
                self.table.apply(action)
            except IllegalActionError as e:
                who = self.name(action.seat)
                offered = self.offers(action.seat)
                raise ScenarioError(
                    f"{move!r} is not legal: {e}; offered to {who}: {offered}, seats to act: {self.to_act}", step
                ) from None
            self.moves = step

    def idle(self, *, until_live: int = 0, max_moves: int = 1000) -> None:
        """Play on without calls: the seat on turn discards the tile it drew
        (or its lowest discard), every claim is passed, until the seat on turn
        has drawn with no more than ``until_live`` tiles left to draw, or the
        hand is over.  For reaching the end of the wall (海底)."""
        t = self.table
        for _ in range(max_moves):
            if t.is_over or (t.phase is Phase.TURN and t.live_tiles <= until_live):
                return
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            if t.phase is Phase.TURN:
                discards = [a for a in legal if a.kind is ActionKind.DISCARD]
                drawn = [a for a in discards if a.tile == t.drawn]
                if not discards:
                    raise ScenarioError(f"idle: {self.name(seat)} has no discard: {self.offers(seat)}", self.moves + 1)
                self.play(drawn[0] if drawn else discards[0])
            else:
                passes = [a for a in legal if a.kind is ActionKind.PASS]
                if not passes:
                    raise ScenarioError(f"idle: {self.name(seat)} may not pass: {self.offers(seat)}", self.moves + 1)
                self.play(passes[0])
        raise ScenarioError(f"idle: still playing after {max_moves} moves", self.moves + 1)

    # ---------------------------------------------------------- outcomes
    @property
    def drawn(self) -> str | None:
        """The tile the seat on turn has just drawn, in notation (None after a call)."""
        t = self.table
        return KIND_NAMES[t.drawn] if t.drawn is not None and t.phase is Phase.TURN else None

    def hand(self, who: str | int) -> str:
        """The concealed tiles of ``who`` in notation."""
        return format_tiles(self.table.concealed_tiles(self.seat(who)))

    @property
    def winners(self) -> list[str]:
        return [self.name(s) for s in self.table.winners]

    def score(self, who: str | int) -> ScoreSheet:
        """The score sheet of a winner."""
        seat = self.seat(who)
        if seat not in self.table.scores:
            raise ScenarioError(f"{self.name(seat)} has not won (winners: {self.winners})")
        return self.table.scores[seat]

    def items(self, who: str | int) -> list[str]:
        """The Chinese names of a winner's score items, one per count."""
        return self.score(who).names()

    def deltas(self) -> dict[str, int]:
        """Each seat's gain (+) or loss (-) this hand, by wind."""
        return {self.name(s): d for s, d in sorted(enumerate(self.table.deltas()), key=lambda x: self.table.seat_wind(x[0]))}

    def payments(self) -> list[tuple[str, str, int, str]]:
        """Every payment of the hand so far: (payer, payee, amount, reason), by wind."""
        t = self.table
        settled = t.settlement if t.is_over else t.kong_settlement + t.win_settlement
        return [self._payment(p) for p in settled.payments]

    def _payment(self, p: Payment) -> tuple[str, str, int, str]:
        return (self.name(p.payer), self.name(p.payee), p.amount, p.reason)

    def events(self, *types: str) -> list[dict[str, Any]]:
        """The record's events (of these types, when given)."""
        return [e for e in self.table.events if not types or e["type"] in types]

    def __repr__(self) -> str:
        t = self.table
        return f"Scenario({self.ruleset.id}, phase {t.phase.value}, to act {self.to_act}, {t.live_tiles} live tiles)"

