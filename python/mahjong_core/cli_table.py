"""A table to play at in the terminal: ``mahjong-core play --human SEAT``.

Plain line mode (works through pipes as well as in a terminal): the other
seats' moves are printed as they happen, and before each of your choices the
table is shown — every seat's wind, melds, flowers, discards in order and
running score, the tiles left in the wall, whose turn it is, your hand
sorted with the drawn tile apart — then the moves you may make, numbered.
A win on offer shows its score first; ``--hints`` adds, for each discard,
the shanten it leaves and the tiles that would improve the hand (the waits
once ready).

Answer with the move's number, a tile (``5m``, ``五万``: discard it), or a
word with an optional tile (``pass``, ``win``/``hu``, ``pung``, ``kong 5m``,
``chow 345m``, ``ready 5m``).  Input that names no legal move, or more than
one, is refused with the reason and asked again; nothing is guessed.

End of input leaves the table with a one-line message and exit status 0;
Ctrl-C leaves with a one-line message and exit status 130.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from . import _native
from .analysis import discard_options
from .engine import Action, ActionKind, Phase, Table
from .errors import MahjongError
from .gamelog import WIND_NAMES, GameLog, describe_meld
from .rules import ScoreSheet, Settlement
from .tiles import KIND_NAMES, format_tiles, parse_tiles

__all__ = ["HumanSeat", "InputEnded", "play_live", "render_table", "win_preview"]


class InputEnded(Exception):
    """The human's input ended before the hand did (not an error: the player left)."""


_VERBS: dict[str, tuple[ActionKind, ...]] = {
    "discard": (ActionKind.DISCARD,), "d": (ActionKind.DISCARD,), "打": (ActionKind.DISCARD,),
    "pass": (ActionKind.PASS,), "p": (ActionKind.PASS,), "过": (ActionKind.PASS,),
    "win": (ActionKind.WIN,), "hu": (ActionKind.WIN,), "胡": (ActionKind.WIN,), "和": (ActionKind.WIN,),
    "pung": (ActionKind.PUNG,), "peng": (ActionKind.PUNG,), "碰": (ActionKind.PUNG,),
    "chow": (ActionKind.CHOW,), "chi": (ActionKind.CHOW,), "吃": (ActionKind.CHOW,),
    "kong": (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG),
    "gang": (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG),
    "杠": (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG),
    "ready": (ActionKind.READY,), "听": (ActionKind.READY,),
    "take": (ActionKind.TAKE, ActionKind.TAKE_PUNG), "swap": (ActionKind.SWAP,),
    "missing": (ActionKind.MISSING_SUIT,), "imagine": (ActionKind.IMAGINE,),
}


def describe_action(a: Action, phase: Phase | None = None) -> str:
    """A move in the log's words (English), without the seat (``phase``:
    the table's, for a tile passed on in the exchange)."""
    k = a.kind
    if k is ActionKind.DISCARD:
        verb = "pass on" if phase is Phase.EXCHANGE else "discard"
        return f"{verb} {format_tiles([a.tile])}"
    if k is ActionKind.CHOW:
        return f"chow {format_tiles([a.tile, a.tile + 1, a.tile + 2])}"
    if k is ActionKind.MISSING_SUIT:
        return f"missing suit {'mps'[a.tile]}"
    if k is ActionKind.SPECIAL_KONG:
        return f"special kong {a.tile}"
    name = {ActionKind.READY: "ready + discard", ActionKind.TAKE_PUNG: "take the offered pung"}.get(
        k, k.name.lower().replace("_", " ")
    )
    return name + (f" {KIND_NAMES[a.tile]}" if a.tile >= 0 else "")


def running_scores(table: Table) -> list[int]:
    """Each seat's payments so far this hand (kong payments, wins settled
    while play goes on), or the hand's final deltas once it is over."""
    if table.is_over:
        return table.deltas()
    paid: Settlement = table.kong_settlement + table.win_settlement
    return paid.deltas(table.n)


def win_preview(table: Table, seat: int) -> ScoreSheet | None:
    """The score sheet of the win ``seat`` is offered now (None when it
    cannot be told beforehand).  Asks the engine for the win's context as
    it would build it when the win is taken; changes nothing."""
    try:
        ph = table.phase
        if ph is Phase.TURN or ph is Phase.OPENING:
            ctx = table._instant_win(seat) or table._win_on(seat, None)
        elif ph is Phase.ROB and table.pending_kong is not None:
            ctx = table._win_on(seat, table.pending_kong[1], robbed=True)
        elif table.last_discard is not None:
            ctx = table._win_on(seat, table.last_discard[1])
        else:
            return None
        return table.ruleset.score(ctx) if ctx is not None else None
    except (MahjongError, AssertionError):
        return None


def sheet_text(sheet: ScoreSheet) -> str:
    """``平和 All chows 1, 自摸 Self-drawn 1 = 2 番 (4 points)``."""
    items = ", ".join(
        f"{it.zh} {it.en} {it.value}" + (f"×{it.count}" if it.count > 1 else "") for it in sheet.items
    )
    text = f"{items or 'no items'} = {sheet.total} {sheet.unit}"
    if sheet.points and sheet.points != sheet.total:
        text += f" ({sheet.points} points)"
    return text


def _visible(table: Table) -> list[int]:
    seen = [0] * 34
    for ds in table.discards:
        for k in ds:
            if k < 34:
                seen[k] += 1
    for ms in table.melds:
        for m in ms:
            for k in m.tiles:
                seen[k] += 1
    return seen


def hint_lines(table: Table, seat: int) -> list[str]:
    """For a seat that must discard: each discard with the shanten it leaves
    and the tiles that improve the hand (its waits when ready), best first."""
    c, w = table.analysis_counts(seat)
    if (sum(c) + w) % 3 != 2:
        return []
    try:
        opts = discard_options(_native.Counts(list(c)), wilds=w, rules=table.hand_rules(seat), visible=_native.Counts(_visible(table)))
    except MahjongError:
        return []
    out = []
    for o in opts:
        tiles = format_tiles(o.improving) or "-"
        if o.shanten == 0:
            what = f"ready, waits {tiles} ({o.unseen} unseen)"
        elif o.shanten < 0:
            what = "complete"
        else:
            what = f"shanten {o.shanten}, improved by {tiles} ({o.unseen} unseen)"
        out.append(f"  discard {KIND_NAMES[o.discard]}: {what}")
    return out


def render_table(table: Table, me: int, *, lang: str = "en", glyphs: bool = False) -> str:
    """The table as ``me`` sees it, as lines of text."""
    log = GameLog(lang, viewer=me)
    winds = WIND_NAMES[lang]

    def tiles(ts: Sequence[int], sort: bool = True) -> str:
        return format_tiles(ts, glyphs=glyphs, sort=sort) if ts else "-"

    scores = running_scores(table)
    turn = table.turn if table.phase is Phase.TURN else None
    head = (
        f"== {table.ruleset.id} · round {winds[table.round_wind % 4]} · dealer {log.seat(table.dealer)}"
        f" · wall {table.live_tiles} left · "
        + (f"turn: {log.seat(turn)}" if turn is not None else "hand over" if table.is_over
           else f"{table.phase.value}: {', '.join(log.seat(s) for s in table.to_act)}")
        + " =="
    )
    lines = [head]
    for s in range(table.n):
        mark = "*" if s == turn else " "
        info = f"{mark}{log.seat(s)} {winds[table.seat_wind(s) % 4]}" + (" dealer" if s == table.dealer else "")
        info += f"  score {scores[s]:+d}  tiles {sum(table.hands[s]) + len(table.wild_flowers[s])}"
        if table.melds[s]:
            info += "  melds: " + ", ".join(describe_meld(m, lang) for m in table.melds[s])
        if table.flowers[s]:
            info += f"  flowers: {tiles(table.flowers[s])}"
        if table.declared[s]:
            info += "  (ready)"
        lines.append(info)
        river = " ".join(format_tiles([k], glyphs=glyphs) for k in table.discards[s])
        lines.append(f"     discards: {river or '-'}")
    shown = table.indicator_for(me)
    if shown is not None:
        lines.append(f"indicator: {KIND_NAMES[shown]}")
    hand = table.concealed_tiles(me) + list(table.wild_flowers[me])
    drawn = table.drawn if turn == me and table.drawn is not None else None
    if drawn is not None and drawn in hand:
        hand.remove(drawn)
        lines.append(f"your hand: {tiles(hand)}  drawn: {tiles([drawn])}")
    else:
        lines.append(f"your hand: {tiles(hand)}")
    if table.phase is not Phase.TURN and table.last_discard is not None:
        s, k = table.last_discard
        lines.append(f"{log.seat(s)} discarded {KIND_NAMES[k]}")
    return "\n".join(lines)


class HumanSeat:
    """A seat played by a person: shows the table and reads one move per line."""

    def __init__(
        self, inp: TextIO, out: TextIO, *, lang: str = "en", hints: bool = False, glyphs: bool = False
    ) -> None:
        self.inp, self.out, self.lang, self.hints, self.glyphs = inp, out, lang, hints, glyphs

    def _say(self, text: str) -> None:
        self.out.write(text + "\n")

    def choose(self, table: Table, seat: int, legal: Sequence[Action]) -> Action:
        self._say("")
        self._say(render_table(table, seat, lang=self.lang, glyphs=self.glyphs))
        if any(a.kind is ActionKind.WIN for a in legal):
            sheet = win_preview(table, seat)
            self._say("WIN OFFERED: " + (sheet_text(sheet) if sheet is not None else "(score shown once taken)"))
        if self.hints and table.phase is Phase.TURN and any(a.kind is ActionKind.DISCARD for a in legal):
            lines = hint_lines(table, seat)
            if lines:
                self._say("hints (after each discard):")
                for line in lines:
                    self._say(line)
        if len(legal) == 1:
            self._say(f"your only move: {describe_action(legal[0], table.phase)}")
            return legal[0]
        self._say("your moves: " + "  ".join(f"[{i}] {describe_action(a, table.phase)}" for i, a in enumerate(legal)))
        while True:
            self.out.write("your move (number, tile such as 5m or 五万, or a word: pass, win, pung, kong, chow): ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                raise InputEnded("input ended")
            if not _is_tty(self.inp):  # no echo through a pipe: end the prompt's line
                self.out.write("\n")
            got = parse_move(line, legal)
            if isinstance(got, Action):
                return got
            self._say(got)


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def parse_move(line: str, legal: Sequence[Action]) -> Action | str:
    """The legal move ``line`` names, or the reason it names none (or several)."""
    text = " ".join(line.split())
    shown = text if len(text) <= 40 else text[:40] + "..."
    if not text:
        return "empty input: type a move's number, a tile, or a word"
    if text.isdigit():
        i = int(text)
        if i < len(legal):
            return legal[i]
        return f"refused {shown!r}: no move number {i} (0..{len(legal) - 1})"
    words = text.split(" ", 1)
    verb = words[0].lower()
    kinds = _VERBS.get(verb)
    rest = words[1] if kinds is not None and len(words) > 1 else ("" if kinds is not None else text)
    tile: int | None = None
    if kinds == (ActionKind.MISSING_SUIT,) and rest.lower() in ("m", "p", "s"):
        tile, rest = "mps".index(rest.lower()), ""
    if rest:
        try:
            ids = parse_tiles(rest)
        except MahjongError as e:
            if kinds is None:
                return (f"refused {shown!r}: unknown input (a number 0..{len(legal) - 1}, a tile such as 5m"
                        " or 五万, or a word: pass, win, pung, kong, chow, ready)")
            return f"refused {shown!r}: {' '.join(str(e).split())[:120]}"
        if not ids:
            return f"refused {shown!r}: no tile named"
        if len(ids) == 3 and kinds == (ActionKind.CHOW,):
            tile = min(ids)
        elif len(set(ids)) != 1:
            return f"refused {shown!r}: name one tile (or a chow's three)"
        else:
            tile = ids[0]
    if kinds is None and tile is None:
        return f"refused {shown!r}: unknown input (a number 0..{len(legal) - 1}, a tile such as 5m, or a word)"
    cands = [
        a for a in legal
        if (kinds is None or a.kind in kinds) and (tile is None or a.tile == tile)
    ]
    if kinds is None:  # a bare tile: discard it, or the one move that uses it
        discards = [a for a in cands if a.kind is ActionKind.DISCARD]
        cands = discards or cands
    if len(cands) == 1:
        return cands[0]
    if not cands:
        return f"refused {shown!r}: not a legal move now"
    options = ", ".join(f"[{legal.index(a)}] {describe_action(a)}" for a in cands)
    return f"refused {shown!r}: ambiguous, it could be {options}; type the number"


def play_live(table: Table, players: Sequence[Any], out: TextIO, log: GameLog) -> Table:
    """Play ``table`` to its end, printing each event's line as it happens."""
    shown = 0

    def flush() -> None:
        nonlocal shown
        while shown < len(table.events):
            line = log.describe(table.events[shown], table)
            shown += 1
            if line:
                out.write(line + "\n")
        out.flush()

    flush()
    while not table.is_over:
        seat = table.to_act[0]
        table.apply(players[seat].choose(table, seat, table.legal_actions(seat)))
        flush()
    return table
