"""Exception types of mahjong-core.

Every error the library raises on bad input is a :class:`MahjongError`, which is
a :class:`ValueError`, so callers may catch either.  Messages quote the
offending input with ``!r`` and say where the problem is.
"""

from __future__ import annotations

__all__ = [
    "MahjongError",
    "InvalidNotationError",
    "InvalidHandError",
    "IllegalActionError",
    "IllegalWinError",
    "ProtocolError",
    "InvalidArgumentError",
    "InvalidArgumentTypeError",
]


class MahjongError(ValueError):
    """Base class of every error raised by mahjong-core."""


class InvalidNotationError(MahjongError):
    """Tile or meld notation that cannot be parsed.

    ``text`` is the whole input and ``position`` the index of the offending
    character (or ``None`` when the problem is not at one character).
    """

    def __init__(self, message: str, text: str = "", position: int | None = None) -> None:
        super().__init__(message)
        self.text = text
        self.position = position


class InvalidHandError(MahjongError):
    """A hand that cannot exist: a fifth copy, a wrong tile count for the call,
    a flower where only suit and honour tiles are allowed."""


class IllegalWinError(InvalidHandError):
    """A hand scored on paper that the rule set does not let win: the wrong
    shape, or a condition missing (缺门, a 2-5-8 pair, a minimum fan, an
    undeclared ready ...).  The message names the rule that failed."""


class IllegalActionError(MahjongError):
    """An action that the rules do not allow in the current state."""


class ProtocolError(MahjongError):
    """A Botzone protocol line that cannot be read, or that does not fit the
    game so far.

    ``turn`` is the 1-based turn of the line (``None`` when unknown), ``text``
    the whole line and ``token`` the offending word (or ``None``).
    """

    def __init__(self, message: str, *, turn: int | None = None, text: str = "", token: str | None = None) -> None:
        super().__init__(f"turn {turn}: {message}" if turn is not None else message)
        self.turn = turn
        self.text = text
        self.token = token


class InvalidArgumentError(MahjongError):
    """An argument of a public function or constructor outside what it takes:
    a dealer seat that is not at the table, a round wind that is not 0..3, a
    negative count.  The message names the argument and what it takes."""


class InvalidArgumentTypeError(InvalidArgumentError, TypeError):
    """An argument of the wrong type (``is_win(None)``, a seed that is not a
    whole number): a :class:`TypeError` as well, so code that catches the
    built-in error keeps working."""
