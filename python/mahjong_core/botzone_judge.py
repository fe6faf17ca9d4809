"""A Botzone judge for Chinese Standard Mahjong: four bot programs, our engine.

:class:`Judge` plays hands of :class:`~mahjong_core.botzone.BotzoneMCR` on an
engine :class:`~mahjong_core.engine.Table` and talks to the four bots the way
Botzone does: every turn each bot is given a request (with the whole history
when it starts afresh) and must answer with one response line.  Engine events
become requests; responses become engine actions.  The flow of one hand:

1. ``0 seat quan`` and ``1 ...`` (the deal): every bot answers ``PASS``.
2. The seat to play draws: it gets ``2 tile``, the others ``3 p DRAW``
   (each flower drawn first goes to everybody as ``3 p BUHUA f``).  It
   answers ``PLAY``, ``GANG t``, ``BUGANG t`` or ``HU``; the others ``PASS``.
3. After a discard every seat gets ``3 p PLAY t`` (or ``3 p PENG t`` /
   ``3 p CHI m t`` when the discard followed a claim) and answers ``PASS``,
   ``HU``, ``GANG``, ``PENG t`` or ``CHI m t``.  The engine resolves the claims
   (HU > PENG/GANG > CHI, the first winner after the discarder); a pung or
   chow is followed at once by the discard its response named.
4. After a kong every seat gets ``3 p GANG`` (answer ``PASS``), then the seat
   draws again; after an added kong, ``3 p BUGANG t``, which the others may
   rob with ``HU``.

Scores: a win pays as :meth:`BotzoneMCR.settle` says; a bot that answers
something illegal or unreadable, claims a win it does not have, crashes or
runs out of time loses 30 and every other seat gains 10, and the hand ends
(several offenders in one turn: the first in seat order).

Bot programs are :class:`CommandProgram` (a command line, run afresh every turn
unless it asks to keep running) or :class:`SeatProgram` (one of this
package's bots, in process).
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from .botzone import (
    KEEP_RUNNING,
    BotzoneMCR,
    BotzoneMCRFlowers,
    BotzoneSeat,
    DealRequest,
    DrawRequest,
    Op,
    PlayerEvent,
    Response,
    ResponseKind,
    SeatRequest,
    parse_response,
)
from .bots import make_bot
from .engine import Action, ActionKind, Phase, Table
from .errors import MahjongError, ProtocolError
from .tiles import KIND_NAMES

__all__ = [
    "PENALTY",
    "REWARD",
    "BotFailure",
    "BotProgram",
    "CommandProgram",
    "HandResult",
    "Judge",
    "JudgeSummary",
    "SeatError",
    "SeatProgram",
    "hand_seed",
    "program_from_spec",
]

PENALTY = 30
"""What a seat loses for an illegal response, a false win, a crash or a timeout."""
REWARD = 10
"""What each other seat gains then."""

_KIND_OF = {name: i for i, name in enumerate(KIND_NAMES)}


def hand_seed(seed: int, i: int) -> int:
    """The wall seed of hand ``i`` of a run."""
    return (seed * 1_000_003 + i * 7_919) % (2**63)


# ---------------------------------------------------------------------------
# Bot programs
# ---------------------------------------------------------------------------


class BotFailure(Exception):
    """A bot program did not produce a response: ``kind`` is ``timeout``,
    ``crash`` or ``malformed`` (output that is not a response envelope)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class BotProgram(Protocol):
    """One bot as the judge runs it."""

    label: str

    def begin(self) -> None:
        """A new game (hand) starts."""
        ...

    def ask(self, requests: Sequence[str], responses: Sequence[str]) -> str:
        """The response line to ``requests[-1]``, given the whole history
        (``responses`` holds the bot's earlier answers); raises
        :class:`BotFailure`."""
        ...

    def end(self) -> None:
        """The game is over (stop any process kept running)."""
        ...


class SeatProgram:
    """One of this package's bots, in process, through :class:`BotzoneSeat`
    (it keeps its state between turns, as a keep-running bot does)."""

    def __init__(self, bot: str = "greedy", *, seed: int | None = None, flowers: bool | None = None) -> None:
        make_bot(bot, seed)  # an unknown name fails here
        self.bot = bot
        self.seed = seed
        self.flowers = flowers
        self.label = f"builtin:{bot}"
        self.seat = BotzoneSeat(make_bot(bot, seed), flowers=flowers)
        self._seen = 0

    def begin(self) -> None:
        """A fresh seat (and bot: a seeded random bot starts from its seed
        again, like a bot process started for the game)."""
        self.seat = BotzoneSeat(make_bot(self.bot, self.seed), flowers=self.flowers)
        self._seen = 0

    def ask(self, requests: Sequence[str], responses: Sequence[str]) -> str:
        try:
            for i in range(self._seen, len(requests) - 1):
                self.seat.observe(requests[i])
                self.seat.record(responses[i])
            self._seen = len(requests)
            return str(self.seat.respond(requests[-1]))
        except ProtocolError as e:
            raise BotFailure("crash", f"{type(e).__name__}: {e}") from None

    def end(self) -> None:
        pass


class _Reader:
    """Lines of a pipe, read by a thread into a queue (portable waiting with
    a timeout); ``None`` marks the end of the stream."""

    def __init__(self, stream: IO[bytes], keep: int | None = None) -> None:
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.tail: deque[bytes] = deque(maxlen=keep or 10**9)
        self._keep = keep
        self._thread = threading.Thread(target=self._run, args=(stream,), daemon=True)
        self._thread.start()

    def _run(self, stream: IO[bytes]) -> None:
        try:
            for line in iter(stream.readline, b""):
                if self._keep is not None:
                    self.tail.append(line)
                else:
                    self.lines.put(line)
        except (OSError, ValueError):
            pass
        finally:
            self.lines.put(None)


class CommandProgram:
    """A bot program run as a command line (split like a shell would, no
    shell features; use ``sh -c '...'`` for those).

    Every turn starts the program afresh with the whole history, in JSON
    (one line; the output is a JSON object with ``response``, possibly
    spread over several lines) or, with ``simple``, in simple IO (the turn
    number, the alternating request/response lines, a data line and a
    globaldata line; the output's first line is the response); its stdin is
    then closed, so it may read to the end.  ``keep_running`` marks a
    program that uses Botzone's keep-running mode (a setting of the bot on
    Botzone too): its stdin stays open, and once it prints the keep-running
    line after a response it stays alive and gets one request line per turn
    (JSON mode: the request as a JSON string) until the game ends.
    ``timeout`` is per turn, doubled for the first turn of a game, as on
    Botzone."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        simple: bool = False,
        keep_running: bool = False,
        timeout: float = 6.0,
        label: str | None = None,
        cwd: str | None = None,
    ) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise MahjongError("empty bot command")
        self.argv = argv
        self.simple = simple
        self.keep_running = keep_running
        self.timeout = timeout
        self.cwd = cwd
        prefix = ("keep:" if keep_running else "") + ("simple:" if simple else "")
        self.label = label or prefix + " ".join(argv)
        self.data = ""
        self.globaldata = ""
        self.turns = 0
        self.starts = 0
        """Processes started (a keep-running bot starts one per game)."""
        self._proc: subprocess.Popen[bytes] | None = None
        self._out: _Reader | None = None
        self._err: _Reader | None = None

    # -------------------------------------------------------------- process
    def _spawn(self) -> None:
        self.starts += 1
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=self.cwd,
                start_new_session=os.name == "posix",
            )
        except OSError as e:
            self._proc = None
            raise BotFailure("crash", f"cannot start {self.argv!r}: {e}") from None
        assert self._proc.stdout is not None and self._proc.stderr is not None
        self._out = _Reader(self._proc.stdout)
        self._err = _Reader(self._proc.stderr, keep=20)

    def _kill(self) -> None:
        proc = self._proc
        self._proc = None
        if proc is None:
            return
        if proc.poll() is None:
            try:
                if os.name == "posix":
                    os.killpg(proc.pid, signal.SIGKILL)
                else:  # pragma: no cover
                    proc.kill()
            except (ProcessLookupError, PermissionError):
                pass
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover
            pass

    def _stderr_tail(self) -> str:
        if self._err is None:
            return ""
        text = b"".join(self._err.tail).decode("utf-8", "replace").strip()
        return f"; stderr: {text[-300:]!r}" if text else ""

    # -------------------------------------------------------------- turns
    def begin(self) -> None:
        self._kill()
        self.data = ""
        self.turns = 0

    def end(self) -> None:
        self._kill()

    def _input(self, requests: Sequence[str], responses: Sequence[str]) -> str:
        if self.simple:
            lines = [str(len(requests))]
            for i, req in enumerate(requests):
                lines.append(req)
                if i < len(responses):
                    lines.append(responses[i])
            lines += [self.data, self.globaldata]
            return "\n".join(lines) + "\n"
        obj = {
            "requests": list(requests),
            "responses": list(responses),
            "data": self.data,
            "globaldata": self.globaldata,
            "time_limit": self.timeout,
            "memory_limit": 256,
        }
        return json.dumps(obj, ensure_ascii=False) + "\n"

    def ask(self, requests: Sequence[str], responses: Sequence[str]) -> str:
        self.turns += 1
        limit = self.timeout * (2 if self.turns == 1 else 1)
        if self._proc is not None and self._proc.poll() is None and self.keep_running:
            text = (requests[-1] if self.simple else json.dumps(requests[-1], ensure_ascii=False)) + "\n"
            fresh = False
        else:
            self._kill()
            self._spawn()
            text = self._input(requests, responses)
            fresh = True
        proc = self._proc
        assert proc is not None and proc.stdin is not None and self._out is not None
        try:
            proc.stdin.write(text.encode("utf-8"))
            proc.stdin.flush()
            if not self.keep_running:
                proc.stdin.close()
        except OSError:
            pass  # it may have exited already; its output (or none) decides
        deadline = time.monotonic() + limit
        got: list[bytes] = []
        keep = False
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self._kill()
                raise BotFailure("timeout", f"no response within {limit:g} s{self._stderr_tail()}")
            try:
                line = self._out.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                break
            if line.strip() == KEEP_RUNNING.encode():
                keep = True
                break
            got.append(line)
        if not keep:
            try:
                code = proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                self._kill()
                raise BotFailure("timeout", f"did not exit within {limit:g} s{self._stderr_tail()}") from None
            tail = self._stderr_tail()
            self._kill()
            if code != 0:
                raise BotFailure("crash", f"exit status {code}{tail}")
        if keep and not self.keep_running:
            self._kill()  # its input is closed: it cannot go on
        out = b"".join(got).decode("utf-8", "replace")
        return self._response_of(out, fresh and not keep)

    def _response_of(self, out: str, save: bool) -> str:
        if self.simple:
            lines = out.split("\n")
            if not out.strip():
                raise BotFailure("malformed", "no output")
            if save:
                self.data = lines[2].rstrip("\r") if len(lines) > 2 else ""
                rest = "\n".join(lines[3:]).strip("\n")
                if rest:
                    self.globaldata = rest
            return lines[0].rstrip("\r")
        obj: Any = None
        for candidate in (out.strip(), *(ln.strip() for ln in out.split("\n") if ln.strip())):
            try:
                obj = json.loads(candidate)
                break
            except json.JSONDecodeError:
                continue
        if not isinstance(obj, dict) or not isinstance(obj.get("response"), str):
            raise BotFailure("malformed", f"expected a JSON object with a string 'response', got {out[:80]!r}")
        if save:
            data = obj.get("data", "")
            self.data = data if isinstance(data, str) else json.dumps(data)
            if "globaldata" in obj:
                g = obj["globaldata"]
                self.globaldata = g if isinstance(g, str) else json.dumps(g)
        return str(obj["response"])


def program_from_spec(spec: str, *, timeout: float = 6.0, flowers: bool | None = None) -> BotProgram:
    """A bot program from its command-line spelling: ``builtin:greedy`` or
    ``builtin:random[:SEED]`` (in process), else a command run in JSON IO,
    with the prefixes ``simple:`` (simple IO) and ``keep:`` (the bot uses
    keep-running mode) in any order: ``keep:simple:./bot``."""
    if spec.startswith("builtin:"):
        name, _, seed = spec[len("builtin:") :].partition(":")
        if seed and not seed.isdigit():
            raise MahjongError(f"bad seed in bot spec {spec!r}")
        try:
            return SeatProgram(name, seed=int(seed) if seed else None, flowers=flowers)
        except ValueError as e:
            raise MahjongError(f"bot spec {spec!r}: {e}") from None
    flags = {"simple": False, "keep": False}
    while True:
        head, sep, rest = spec.partition(":")
        if not sep or head not in flags:
            break
        flags[head] = True
        spec = rest
    return CommandProgram(spec, simple=flags["simple"], keep_running=flags["keep"], timeout=timeout)


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatError:
    """Why a hand ended with a penalty: ``kind`` is ``timeout``, ``crash``,
    ``malformed`` (unreadable output or response line), ``illegal`` (a
    response the rules do not allow now) or ``false-hu``."""

    seat: int
    turn: int
    kind: str
    detail: str
    response: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "turn": self.turn, "kind": self.kind, "detail": self.detail,
                "response": self.response}


@dataclass
class HandResult:
    """One hand: per-seat score changes and how it ended."""

    hand: int
    seed: int
    quan: int
    seating: tuple[int, ...]
    """The program index at each seat."""
    deltas: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    winner: int | None = None
    self_drawn: bool = False
    discarder: int | None = None
    fan: int = 0
    fans: list[str] = field(default_factory=list)
    error: SeatError | None = None
    turns: list[tuple[list[str], list[str]]] = field(default_factory=list)
    """Every turn: the four requests and the responses received."""
    events: list[dict[str, Any]] = field(default_factory=list)
    """The engine's record of the hand (up to an error)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "seed": self.seed,
            "quan": self.quan,
            "seating": list(self.seating),
            "deltas": self.deltas,
            "winner": self.winner,
            "self_drawn": self.self_drawn,
            "discarder": self.discarder,
            "fan": self.fan,
            "fans": self.fans,
            "error": self.error.to_json() if self.error else None,
            "turns": len(self.turns),
        }


@dataclass
class JudgeSummary:
    """Totals of a run, per program (in the order the programs were given)."""

    labels: list[str]
    hands: list[HandResult] = field(default_factory=list)

    def totals(self) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = [
            {"bot": label, "score": 0, "wins": 0, "self_drawn": 0, "dealt_in": 0, "errors": 0, "fan": []}
            for label in self.labels
        ]
        for h in self.hands:
            for seat, prog in enumerate(h.seating):
                rows[prog]["score"] += h.deltas[seat]
            if h.winner is not None:
                row = rows[h.seating[h.winner]]
                row["wins"] += 1
                row["self_drawn"] += int(h.self_drawn)
                row["fan"].append(h.fan)
                if h.discarder is not None:
                    rows[h.seating[h.discarder]]["dealt_in"] += 1
            if h.error is not None:
                rows[h.seating[h.error.seat]]["errors"] += 1
        return rows

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": len(self.hands),
            "draws": sum(1 for h in self.hands if h.winner is None and h.error is None),
            "errors": [dict(h.error.to_json(), hand=h.hand) for h in self.hands if h.error is not None],
            "bots": self.totals(),
            "results": [h.to_json() for h in self.hands],
        }


# ---------------------------------------------------------------------------
# The judge
# ---------------------------------------------------------------------------


class _HandOver(Exception):
    """A seat erred: the hand ends with its penalty."""

    def __init__(self, error: SeatError) -> None:
        super().__init__(error.detail)
        self.error = error


@dataclass
class _Claim:
    """A validated answer to a discard or an added kong."""

    action: Action
    discard: int | None = None


class Judge:
    """Runs hands between four bot programs (see the module docs).

    ``flowers``: play with the eight flowers (144 tiles, walls of 36, BUHUA
    requests); ``transcript``: a stream that receives the run as JSON lines
    (hand header, every turn's requests and responses, errors, results and
    the engine record of each hand); ``observer``: see below.
    """

    def __init__(
        self,
        programs: Sequence[BotProgram],
        *,
        flowers: bool = False,
        transcript: IO[str] | None = None,
        observer: Callable[[Table, Sequence[str]], None] | None = None,
        ruleset: BotzoneMCR | None = None,
    ) -> None:
        if len(programs) != 4:
            raise MahjongError(f"the judge needs 4 bot programs, got {len(programs)}")
        self.programs = list(programs)
        self.flowers = flowers
        if ruleset is not None and isinstance(ruleset, BotzoneMCRFlowers) != flowers:
            raise MahjongError(f"the judge's rule set {ruleset.id} does not match flowers={flowers}")
        self.ruleset: BotzoneMCR = ruleset if ruleset is not None else (
            BotzoneMCRFlowers() if flowers else BotzoneMCR())
        """The rule set (``ruleset``: one with house-rule options, of the
        class ``flowers`` asks for)."""
        self.transcript = transcript
        self.observer = observer
        self._table: Table | None = None
        """Called with the table and the four requests before every turn
        (for tests and tools that watch the engine beside the protocol)."""

    # ------------------------------------------------------------ output
    def _write(self, obj: dict[str, Any]) -> None:
        if self.transcript is not None:
            self.transcript.write(json.dumps(obj, ensure_ascii=False) + "\n")
            self.transcript.flush()

    # ------------------------------------------------------------ runs
    def run(self, hands: int = 1, *, seed: int = 1, rotate: bool = False) -> JudgeSummary:
        """Play ``hands`` hands.  With ``rotate``, hands come in groups of
        four on the same wall, the programs moving one seat on each time
        (duplicate play); else program ``k`` always sits at seat ``k``.  The
        round wind is East for hands 0-3, South for 4-7, and so on."""
        summary = JudgeSummary([p.label for p in self.programs])
        for i in range(hands):
            quan = (i // 4) % 4
            if rotate:
                r = i % 4
                wall = hand_seed(seed, i // 4)
                seating = tuple((s - r) % 4 for s in range(4))
            else:
                wall = hand_seed(seed, i)
                seating = (0, 1, 2, 3)
            summary.hands.append(self.play_hand(wall, quan=quan, seating=seating, hand=i))
        return summary

    def play_hand(
        self, seed: int, *, quan: int = 0, seating: Sequence[int] = (0, 1, 2, 3), hand: int = 0
    ) -> HandResult:
        """Play one hand on the wall of ``seed``; ``seating[s]`` is the index
        of the program at seat ``s`` (seat 0 deals)."""
        if sorted(seating) != [0, 1, 2, 3]:
            raise MahjongError(f"seating must place the 4 programs once each, got {list(seating)!r}")
        table = Table(self.ruleset, seed=seed, dealer=0, round_wind=quan, hand_number=hand)
        self._table = table
        result = HandResult(hand=hand, seed=seed, quan=quan, seating=tuple(seating))
        progs = [self.programs[k] for k in seating]
        self._write({
            "type": "hand", "hand": hand, "seed": seed, "quan": quan, "seating": list(seating),
            "bots": [p.label for p in progs], "ruleset": self.ruleset.id,
        })
        hist: list[tuple[list[str], list[str]]] = [([], []) for _ in range(4)]
        for p in progs:
            p.begin()
        try:
            self._play(table, progs, hist, result)
            result.deltas = table.deltas()
            for s in table.winners:
                ctx = table.contexts[s]
                sheet = table.scores[s]
                result.winner = s
                result.self_drawn = ctx.self_drawn
                result.discarder = ctx.discarder
                result.fan = sheet.total
                result.fans = sheet.names()
        except _HandOver as over:
            err = over.error
            result.error = err
            result.deltas = [REWARD] * 4
            result.deltas[err.seat] = -PENALTY
            self._write({"type": "error", "hand": hand, **err.to_json()})
        finally:
            for p in progs:
                p.end()
        result.events = list(table.events)
        self._write({"type": "result", **result.to_json()})
        self._write({"type": "record", "hand": hand, "events": result.events})
        return result

    # ------------------------------------------------------------ turns
    def _turn(
        self,
        progs: Sequence[BotProgram],
        hist: list[tuple[list[str], list[str]]],
        result: HandResult,
        requests: Sequence[str],
    ) -> list[Response]:
        """Send one request to each seat; the parsed responses.  A bot that
        fails ends the hand (the first failing seat in seat order)."""
        responses: list[str] = []
        parsed: list[Response] = []
        turn = len(hist[0][0]) + 1
        error: SeatError | None = None
        if self.observer is not None and self._table is not None:
            self.observer(self._table, requests)
        for s, prog in enumerate(progs):
            reqs, resps = hist[s]
            reqs.append(requests[s])
            try:
                text = prog.ask(reqs, resps)
            except BotFailure as e:
                error = SeatError(s, turn, e.kind, e.detail)
                break
            resps.append(text)
            responses.append(text)
            try:
                parsed.append(parse_response(text, turn=turn))
            except ProtocolError as e:
                error = SeatError(s, turn, "malformed", str(e), text)
                break
        result.turns.append((list(requests), responses))
        self._write({"type": "turn", "hand": result.hand, "turn": turn, "requests": list(requests),
                     "responses": responses})
        if error is not None:
            raise _HandOver(error)
        return parsed

    def _broadcast(
        self,
        progs: Sequence[BotProgram],
        hist: list[tuple[list[str], list[str]]],
        result: HandResult,
        request: str,
    ) -> None:
        """One request to all; every seat must PASS."""
        got = self._turn(progs, hist, result, [request] * 4)
        turn = len(result.turns)
        for s, r in enumerate(got):
            self._only_pass(s, r, turn)

    @staticmethod
    def _only_pass(seat: int, r: Response, turn: int) -> None:
        if r.kind == ResponseKind.PASS:
            return
        if r.kind == ResponseKind.HU:
            raise _HandOver(SeatError(seat, turn, "false-hu", "HU when this seat has no win", str(r)))
        raise _HandOver(SeatError(seat, turn, "illegal", f"{r} is not allowed now (only PASS)", str(r)))

    def _deal_requests(self, table: Table) -> tuple[list[str], int]:
        """The four ``1 ...`` requests, and the index of the first event after
        the deal (the dealer's first draw: the rule set deals 13 to every
        seat, ``dealer_draws_first``).  Tiles are listed in the order they
        came from the seat's wall; flowers are those of the deal."""
        n = 4
        part = len(table.wall) // n
        first_draw = next(i for i, e in enumerate(table.events) if e["type"] == "draw")
        deal_flowers: list[list[int]] = [[] for _ in range(n)]
        for e in table.events[:first_draw]:
            if e["type"] == "flower":
                deal_flowers[e["seat"]].append(_KIND_OF[e["tile"]])
        dealt: list[list[int]] = []
        for s in range(n):
            taken = 13 + len(deal_flowers[s])
            own = [t for t in table.wall[s * part : s * part + taken] if t < 34]
            counts = [0] * 34
            for t in own:
                counts[t] += 1
            held = list(table.hands[s])
            if s == table.dealer and table.drawn is not None and table.drawn < 34:
                held[table.drawn] -= 1  # its first draw is not part of the deal
            if counts != held:  # the wall layout is not the one documented
                own = [k for k in range(34) for _ in range(held[k])]
            dealt.append(own)
        counts4 = tuple(len(f) for f in deal_flowers)
        flowers = tuple(f for fs in deal_flowers for f in fs)
        reqs = [
            str(DealRequest((counts4[0], counts4[1], counts4[2], counts4[3]), tuple(dealt[s]), flowers))
            for s in range(n)
        ]
        return reqs, first_draw

    def _play(
        self,
        table: Table,
        progs: Sequence[BotProgram],
        hist: list[tuple[list[str], list[str]]],
        result: HandResult,
    ) -> None:
        quan = table.round_wind
        self._broadcast_each(progs, hist, result, [str(SeatRequest(s, quan)) for s in range(4)])
        deal, seen = self._deal_requests(table)
        self._broadcast_each(progs, hist, result, deal)
        drawn: int | None = None
        while not table.is_over:
            # the seat on turn has drawn: flowers first, then the draw
            p = table.turn
            for e in table.events[seen:]:
                if e["type"] == "flower":
                    self._broadcast(progs, hist, result, str(PlayerEvent(e["seat"], Op.BUHUA, _KIND_OF[e["tile"]])))
            seen = len(table.events)
            tile = drawn if drawn is not None else table.drawn
            drawn = None
            assert tile is not None and table.phase == Phase.TURN
            reqs = [str(DrawRequest(tile)) if s == p else str(PlayerEvent(p, Op.DRAW)) for s in range(4)]
            got = self._turn(progs, hist, result, reqs)
            turn = len(result.turns)
            action = self._turn_action(table, p, got, turn)
            table.apply(action)
            if action.kind == ActionKind.WIN:
                return
            if action.kind == ActionKind.CONCEALED_KONG:
                self._broadcast(progs, hist, result, str(PlayerEvent(p, Op.GANG)))
                continue
            if action.kind == ActionKind.ADDED_KONG:
                self._rob(table, progs, hist, result, p, action.tile)
                continue
            # a discard, perhaps followed by claims, chains of pung/chow + discard
            announce = PlayerEvent(p, Op.PLAY, action.tile)
            while True:
                call = self._claims(table, progs, hist, result, announce)
                if call is None:
                    break
                q, kind, claimed, discard = call
                if kind == ActionKind.KONG:
                    self._broadcast(progs, hist, result, str(PlayerEvent(q, Op.GANG)))
                    break
                table.apply(Action(ActionKind.DISCARD, q, discard))
                if kind == ActionKind.PUNG:
                    announce = PlayerEvent(q, Op.PENG, None, discard)
                else:
                    announce = PlayerEvent(q, Op.CHI, claimed + 1, discard)

    def _broadcast_each(
        self,
        progs: Sequence[BotProgram],
        hist: list[tuple[list[str], list[str]]],
        result: HandResult,
        requests: Sequence[str],
    ) -> None:
        got = self._turn(progs, hist, result, requests)
        turn = len(result.turns)
        for s, r in enumerate(got):
            self._only_pass(s, r, turn)

    def _turn_action(self, table: Table, p: int, got: Sequence[Response], turn: int) -> Action:
        """Check the responses to a draw turn; the drawing seat's action."""
        action: Action | None = None
        legal = table.legal_actions(p)
        for s, r in enumerate(got):
            if s != p:
                self._only_pass(s, r, turn)
                continue
            k = r.kind
            if k == ResponseKind.HU:
                action = Action(ActionKind.WIN, p)
                if action not in legal:
                    raise _HandOver(SeatError(p, turn, "false-hu", "HU on a hand that does not win with 8 fan", str(r)))
                continue
            if k == ResponseKind.PLAY:
                assert r.tile is not None
                action = Action(ActionKind.DISCARD, p, r.tile)
            elif k == ResponseKind.GANG and r.tile is not None:
                action = Action(ActionKind.CONCEALED_KONG, p, r.tile)
            elif k == ResponseKind.BUGANG:
                assert r.tile is not None
                action = Action(ActionKind.ADDED_KONG, p, r.tile)
            else:
                raise _HandOver(SeatError(p, turn, "illegal", f"{r} does not answer a draw", str(r)))
            if action not in legal:
                why = {
                    ActionKind.DISCARD: "the tile is not in hand",
                    ActionKind.CONCEALED_KONG: "not four of that tile in hand, or the wall is empty",
                    ActionKind.ADDED_KONG: "no pung of that tile with the fourth in hand, or the wall is empty",
                }[action.kind]
                raise _HandOver(SeatError(p, turn, "illegal", f"{r}: {why}", str(r)))
        assert action is not None
        return action

    def _claim_of(self, table: Table, s: int, r: Response, legal: Sequence[Action], tile: int, turn: int) -> _Claim:
        """Check one claimant's answer to a discard."""
        k = r.kind
        if k == ResponseKind.PASS:
            return _Claim(Action(ActionKind.PASS, s))
        if k == ResponseKind.HU:
            a = Action(ActionKind.WIN, s)
            if a not in legal:
                raise _HandOver(SeatError(s, turn, "false-hu", "HU on a hand that does not win with 8 fan", str(r)))
            return _Claim(a)
        if k == ResponseKind.GANG and r.tile is None:
            a = Action(ActionKind.KONG, s)
            claim = _Claim(a)
        elif k == ResponseKind.PENG:
            a = Action(ActionKind.PUNG, s)
            claim = _Claim(a, r.discard)
        elif k == ResponseKind.CHI:
            assert r.tile is not None
            a = Action(ActionKind.CHOW, s, r.tile - 1)
            claim = _Claim(a, r.discard)
        else:
            raise _HandOver(SeatError(s, turn, "illegal", f"{r} does not answer a discard", str(r)))
        if a not in legal:
            raise _HandOver(SeatError(s, turn, "illegal", f"{r}: not a legal claim of {KIND_NAMES[tile]} now", str(r)))
        if claim.discard is not None:
            hand = list(table.hands[s])
            used = [tile, tile] if a.kind == ActionKind.PUNG else [a.tile + j for j in range(3) if a.tile + j != tile]
            for t in used:
                hand[t] -= 1
            if hand[claim.discard] <= 0:
                raise _HandOver(SeatError(s, turn, "illegal", f"{r}: the discard is not in hand after the claim", str(r)))
        return claim

    def _claims(
        self,
        table: Table,
        progs: Sequence[BotProgram],
        hist: list[tuple[list[str], list[str]]],
        result: HandResult,
        announce: PlayerEvent,
    ) -> tuple[int, ActionKind, int, int] | None:
        """Announce a discard and settle the claims on it.  A pung, chow or
        kong made: (seat, kind, the chow's lowest kind or the tile, the
        discard named); else None (a win ended the hand, or play went on to
        the next draw)."""
        p = announce.seat
        tile = announce.tile if announce.op == Op.PLAY else announce.discard
        assert tile is not None
        open_claims = table.phase == Phase.CLAIMS and table.last_discard == (p, tile)
        legal = {s: table.legal_actions(s) for s in table.to_act} if open_claims else {}
        got = self._turn(progs, hist, result, [str(announce)] * 4)
        turn = len(result.turns)
        claims: dict[int, _Claim] = {}
        for s, r in enumerate(got):
            if s in legal:
                claims[s] = self._claim_of(table, s, r, legal[s], tile, turn)
            else:
                self._only_pass(s, r, turn)
        if not open_claims:
            return None
        before = len(table.events)
        for s in sorted(claims):
            table.apply(claims[s].action)
        for e in table.events[before:]:
            if e["type"] == "call":
                q = int(e["seat"])
                made = claims[q]
                if made.action.kind == ActionKind.KONG:
                    return q, ActionKind.KONG, tile, -1
                assert made.discard is not None
                low = made.action.tile if made.action.kind == ActionKind.CHOW else tile
                return q, made.action.kind, low, made.discard
        return None

    def _rob(
        self,
        table: Table,
        progs: Sequence[BotProgram],
        hist: list[tuple[list[str], list[str]]],
        result: HandResult,
        p: int,
        tile: int,
    ) -> None:
        """Announce an added kong; seats that can win on it may rob it."""
        legal = {s: table.legal_actions(s) for s in table.to_act} if table.phase == Phase.ROB else {}
        got = self._turn(progs, hist, result, [str(PlayerEvent(p, Op.BUGANG, tile))] * 4)
        turn = len(result.turns)
        answers: dict[int, Action] = {}
        for s, r in enumerate(got):
            if s not in legal:
                self._only_pass(s, r, turn)
            elif r.kind == ResponseKind.PASS:
                answers[s] = Action(ActionKind.PASS, s)
            elif r.kind == ResponseKind.HU:
                answers[s] = Action(ActionKind.WIN, s)
            else:
                raise _HandOver(SeatError(s, turn, "illegal", f"{r} does not answer an added kong", str(r)))
        for s in sorted(answers):
            table.apply(answers[s])
