"""Game records: one JSON object per line, and replay.

A record is the event list of a :class:`~mahjong_core.engine.Table`: a
``header`` line (rule set id and options, seed, dealer, round wind), then
``deal``, ``draw``, ``flower``, ``action``, ``call``, ``kong``, ``win``,
``draw_game`` and ``payments`` lines.  The seed fixes the wall, so the
``action`` lines are enough to rebuild the hand; :func:`replay` does that and
checks every other line against what the engine produces.

>>> from mahjong_core.bots import RandomBot, play_hand
>>> from mahjong_core.rules import Ruleset
>>> t = play_hand(Ruleset(), [RandomBot(s) for s in range(4)], seed=3)
>>> again = replay(dumps(t.events), ruleset=Ruleset())
>>> again.events == t.events
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from .engine import Action, ActionKind, Table
from .errors import MahjongError
from .rules import Ruleset
from .tiles import KIND_NAMES

__all__ = ["RecordError", "dumps", "loads", "replay", "write"]

_KIND_OF = {name: i for i, name in enumerate(KIND_NAMES)}


class RecordError(MahjongError):
    """A malformed or inconsistent record line; ``line`` is 1-based."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


def dumps(events: Iterable[dict[str, Any]]) -> str:
    """JSON lines, one event per line."""
    return "".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in events)


def write(path: str, events: Iterable[dict[str, Any]]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(dumps(events))


def loads(text: str) -> list[dict[str, Any]]:
    """Parse JSON lines; a bad line raises :class:`RecordError` with its number."""
    out: list[dict[str, Any]] = []
    for i, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise RecordError(f"not JSON ({e.msg} at column {e.colno}): {line[:60]!r}", i) from None
        if not isinstance(obj, dict) or "type" not in obj:
            raise RecordError(f"an event is an object with a 'type': {line[:60]!r}", i)
        out.append(obj)
    return out


def _action_of(event: dict[str, Any], line: int) -> Action:
    try:
        kind = ActionKind[str(event["action"]).upper()]
        seat = int(event["seat"])
        if kind == ActionKind.MISSING_SUIT:
            tile = "mps".index(str(event["suit"]))
        elif kind == ActionKind.SPECIAL_KONG:
            tile = int(event["special"])
        else:
            tile = _KIND_OF[event["tile"]] if "tile" in event else -1
    except (KeyError, ValueError, TypeError) as e:
        raise RecordError(f"bad action {event!r}: {e}", line) from None
    return Action(kind, seat, tile)


def replay(
    record: str | Iterable[dict[str, Any]],
    *,
    ruleset: Ruleset | None = None,
    find: Callable[[str], Ruleset] | None = None,
    on_step: Callable[[Table, dict[str, Any]], None] | None = None,
) -> Table:
    """Rebuild a hand from its record and check it.

    ``ruleset`` (or ``find(header_ruleset_id)``) gives the rule set; the
    header's id must match.  Every non-action line must equal what the engine
    produces, else :class:`RecordError` names the first line that differs.
    ``on_step`` is called after each line with the table (for step-by-step
    display).
    """
    events = loads(record) if isinstance(record, str) else list(record)
    if not events or events[0].get("type") != "header":
        raise RecordError("a record starts with a header line", 1)
    head = events[0]
    if ruleset is None:
        if find is None:
            raise RecordError("no rule set given to replay the record with", 1)
        try:
            ruleset = find(str(head.get("ruleset_id", head.get("ruleset"))))
            ruleset = type(ruleset).from_options_json(dict(head.get("options", {})))
        except MahjongError as e:
            raise RecordError(str(e), 1) from None
    if head.get("ruleset_id") != ruleset.id:
        raise RecordError(f"record is for {head.get('ruleset_id')!r}, not {ruleset.id!r}", 1)
    try:
        table = Table(
            ruleset,
            seed=int(head["seed"]),
            dealer=int(head.get("dealer", 0)),
            round_wind=int(head.get("round_wind", 0)),
            hand_number=int(head.get("hand", 0)),
            streak=int(head.get("streak", 0)),
            carry=dict(head.get("carry", {})),
            wall=[_KIND_OF[t] for t in head["wall"]] if "wall" in head else None,
        )
    except (KeyError, ValueError, TypeError) as e:
        raise RecordError(f"bad header: {e}", 1) from None
    produced = 0

    def check_upto(n: int) -> None:
        nonlocal produced
        while produced < min(n, len(table.events)):
            want = events[produced] if produced < len(events) else None
            got = table.events[produced]
            if want != got:
                raise RecordError(f"expected {got!r}, record has {want!r}", produced + 1)
            produced += 1

    for i, ev in enumerate(events):
        if ev.get("type") == "action":
            check_upto(i)
            if produced != i:
                raise RecordError("action before the engine expected one", i + 1)
            try:
                table.apply(_action_of(ev, i + 1))
            except MahjongError as e:
                raise RecordError(f"illegal action: {e}", i + 1) from None
        if on_step is not None:
            on_step(table, ev)
    check_upto(len(table.events))
    if len(table.events) != len(events):
        raise RecordError(
            f"record has {len(events)} lines, the engine produced {len(table.events)}",
            min(len(events), len(table.events)) + 1,
        )
    return table
