"""The Botzone commands of ``mahjong-core``: ``botzone-bot`` and ``botzone-judge``.

.. code-block:: console

    $ mahjong-core botzone-bot --bot greedy                 # one JSON run
    $ mahjong-core botzone-bot --simple --keep-running      # simple IO, stays alive
    $ mahjong-core botzone-judge --bots builtin:greedy "keep:mahjong-core botzone-bot --keep-running" \\
          "simple:python3 sample.py" ./random_bot --hands 8 --seed 3 --transcript game.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any, TextIO

from .botzone import (
    KEEP_RUNNING,
    BotInput,
    BotzoneMCR,
    BotzoneMCRFlowers,
    BotzoneSeat,
    Response,
    format_json_output,
    make_seat,
    parse_json_input,
    parse_simple_input,
)
from .cli_common import add_option_argument, open_output, ruleset_with_options, writable_file
from .errors import MahjongError, ProtocolError

__all__ = ["add_botzone_commands", "run_bot"]


# ---------------------------------------------------------------- the bot
def _read_simple(stdin: TextIO) -> BotInput | None:
    """One simple-IO input, reading only the lines it needs (the stream may
    stay open)."""
    head = stdin.readline()
    while head and not head.strip():
        head = stdin.readline()
    if not head:
        return None
    n_text = head.strip()
    if not (n_text.isascii() and n_text.isdigit()) or int(n_text) < 1:
        raise ProtocolError(f"simple input starts with the turn number, got {n_text!r}", text=n_text, token=n_text)
    lines = [head.rstrip("\n")]
    for _ in range(2 * int(n_text) - 1):
        line = stdin.readline()
        if not line:
            break
        lines.append(line.rstrip("\r\n"))
    return parse_simple_input("\n".join(lines))


def run_bot(
    stdin: TextIO,
    stdout: TextIO,
    *,
    bot: str = "greedy",
    simple: bool = False,
    keep_running: bool = False,
    flowers: bool | None = None,
    seed: int | None = None,
) -> int:
    """Answer Botzone input from ``stdin`` on ``stdout``: one run (JSON or
    simple IO), or, with ``keep_running``, one request per line after the
    first run until the input ends."""

    def emit(response: Response) -> None:
        stdout.write((str(response) if simple else format_json_output(response)) + "\n")
        if keep_running:
            stdout.write(KEEP_RUNNING + "\n")
        stdout.flush()

    def fresh(inp: BotInput) -> tuple[BotzoneSeat, Response]:
        seat = make_seat(bot, seed=seed, flowers=flowers)
        seat.replay(inp.requests[:-1], inp.responses)
        return seat, seat.respond(inp.requests[-1])

    if simple:
        first = _read_simple(stdin)
        if first is None:
            raise ProtocolError("no input")
    else:
        line = stdin.readline()
        while line and not line.strip():
            line = stdin.readline()
        if not line:
            raise ProtocolError("no input")
        first = parse_json_input(line)
    seat, response = fresh(first)
    emit(response)
    if not keep_running:
        return 0
    while True:
        line = stdin.readline()
        if not line:
            return 0
        text = line.strip()
        if not text:
            continue
        request: str = text
        if not simple:
            try:
                obj: Any = json.loads(text)
            except json.JSONDecodeError:
                obj = text  # a bare request line
            if isinstance(obj, dict):  # a whole input again: a new game
                seat, response = fresh(parse_json_input(text))
                emit(response)
                continue
            if not isinstance(obj, str):
                raise ProtocolError(f"expected a request (a JSON string), got {text[:60]!r}", turn=seat.turns + 1)
            request = obj
        emit(seat.respond(request))


def cmd_botzone_bot(args: argparse.Namespace) -> int:
    return run_bot(
        sys.stdin,
        sys.stdout,
        bot=args.bot,
        simple=args.simple,
        keep_running=args.keep_running,
        flowers=args.flowers,
        seed=args.seed,
    )


# ---------------------------------------------------------------- the judge
def cmd_botzone_judge(args: argparse.Namespace) -> int:
    if args.hands < 1:
        raise MahjongError(f"--hands must be at least 1, got {args.hands}")
    if args.timeout <= 0:
        raise MahjongError(f"--timeout must be positive, got {args.timeout}")
    # imported here: a bot's run (once per turn on Botzone) needs neither
    from rich.console import Console
    from rich.table import Table as RichTable

    from .botzone_judge import Judge, program_from_spec

    ruleset = ruleset_with_options(BotzoneMCRFlowers if args.flowers else BotzoneMCR, args.option or ())
    assert isinstance(ruleset, BotzoneMCR)
    programs = [program_from_spec(spec, timeout=args.timeout, flowers=args.flowers or None) for spec in args.bots]
    out: IO[str] | None = open_output(args.transcript) if args.transcript else None
    try:
        judge = Judge(programs, flowers=args.flowers, transcript=out, ruleset=ruleset)
        summary = judge.run(args.hands, seed=args.seed, rotate=args.rotate)
    finally:
        if out is not None:
            out.close()
    if args.json:
        data = summary.to_json()
        data["ruleset"] = judge.ruleset.id
        data["seed"] = args.seed
        print(json.dumps(data, ensure_ascii=False))
        return 0
    table = RichTable(title=f"Botzone judge: {args.hands} hands of {judge.ruleset.id}, seed {args.seed}")
    for col in ("bot", "score", "wins", "self-drawn", "dealt in", "errors", "fan of wins"):
        table.add_column(col)
    for i, row in enumerate(summary.totals()):
        fans = row["fan"]
        table.add_row(
            f"{i}: {row['bot']}", str(row["score"]), str(row["wins"]), str(row["self_drawn"]),
            str(row["dealt_in"]), str(row["errors"]), " ".join(map(str, fans)) if fans else "-",
        )
    console = Console()
    console.print(table)
    draws = sum(1 for h in summary.hands if h.winner is None and h.error is None)
    console.print(f"hands: {len(summary.hands)}, drawn: {draws}")
    for h in summary.hands:
        if h.error is not None:
            e = h.error
            console.print(
                f"hand {h.hand}: seat {e.seat} ({summary.labels[h.seating[e.seat]]}) {e.kind} at turn {e.turn}: "
                f"{e.detail}", markup=False, highlight=False,
            )
    return 0


def add_botzone_commands(sub: Any) -> None:
    p = sub.add_parser("botzone-bot", help="a Botzone Chinese Standard Mahjong bot (stdin/stdout)")
    p.add_argument("--bot", choices=("greedy", "random"), default="greedy", help="which bot answers (default: greedy)")
    p.add_argument("--simple", action="store_true", help="simple IO instead of JSON")
    p.add_argument("--keep-running", action="store_true",
                   help=f"stay alive after answering (print {KEEP_RUNNING}), one request per line")
    p.add_argument("--flowers", action=argparse.BooleanOptionalAction, default=None,
                   help="the game has flowers (walls of 36); default: decided from what is seen")
    p.add_argument("--seed", type=int, default=None, help="seed of the random bot (default: none, a fresh one)")
    p.set_defaults(func=cmd_botzone_bot)

    p = sub.add_parser("botzone-judge", help="run four Botzone bots against each other under our engine")
    p.add_argument("--bots", nargs=4, required=True, metavar="CMD",
                   help="four bot commands (JSON IO, run afresh every turn); prefixes 'simple:' for simple IO "
                        "and 'keep:' for a bot in keep-running mode ('keep:simple:CMD'); "
                        "'builtin:greedy' / 'builtin:random[:SEED]' for our bots in process")
    p.add_argument("--hands", type=int, default=1, help="hands to play (default: 1)")
    p.add_argument("--seed", type=int, default=1, help="wall seed (default: 1)")
    p.add_argument("--flowers", action="store_true", help="144 tiles with flowers (BUHUA); default 136")
    p.add_argument("--rotate", action="store_true",
                   help="duplicate play: each wall four times, the bots moving one seat on each time")
    p.add_argument("--timeout", type=float, default=6.0, metavar="SECONDS",
                   help="time per turn and bot, doubled on a bot's first turn")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--transcript", metavar="FILE", type=writable_file,
                   help="write every turn's requests and responses (JSON lines; checked before the first hand)")
    add_option_argument(p)
    p.set_defaults(func=cmd_botzone_judge)
