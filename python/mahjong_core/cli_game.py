"""The game commands of ``mahjong-core``: play, simulate, variants, replay."""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from typing import Any, TextIO

from rich.console import Console
from rich.progress import Progress
from rich.table import Table as RichTable

from . import _native
from .bots import Bot, GreedyBot, make_bot, play_hand
from .cli_common import add_option_argument, option_help, ruleset_with_options, writable_file
from .cli_table import HumanSeat, InputEnded, play_live, render_table
from .engine import Action, Table, play_out
from .gamelog import LANGS, GameLog
from .errors import MahjongError
from .records import RecordError, dumps, loads, replay
from .registry import available, find_variant
from .rules import Ruleset
from .simulation import BACKENDS, PlotData, RowWriter, check_backend, check_out, check_plot, draw_plot, hand_row
from .tiles import format_tiles

__all__ = ["add_game_commands"]

SEAT_NAMES = ("East", "South", "West", "North")

MAX_WORKERS = 64
"""Most processes ``simulate --workers`` starts."""


def _ruleset(name: str, options: Sequence[str] = ()) -> Ruleset:
    """The rule set ``name`` with ``--option key=value`` house rules (typed
    as for ``score``)."""
    return ruleset_with_options(name, options)


_PREPARED: dict[tuple[str, tuple[str, ...]], Ruleset] = {}
"""The rule sets ``_run_chunk`` plays in this process, prepared once
(``Ruleset.prepare``), by name and options."""


def _prepared(name: str, options: Sequence[str] = ()) -> Ruleset:
    """``_ruleset(name, options)``, prepared, one per process: every chunk
    of a run plays the same rule set (rule sets keep no state of a hand)."""
    key = (name, tuple(options))
    rs = _PREPARED.get(key)
    if rs is None:
        rs = _PREPARED[key] = _ruleset(name, options)
        rs.prepare()
    return rs


_BOTS_SEED = 0x5EED_B075
"""Random bots draw from ``random.Random(hand seed ^ _BOTS_SEED)``: not the
wall's stream (``random.Random(hand seed)``)."""


def _hand_seed(seed: int, i: int) -> int:
    """The seed of hand ``i`` of a run: independent of how hands are split
    among workers."""
    return (seed * 1_000_003 + i * 7_919) % (2**63)


# ---------------------------------------------------------------- variants
def cmd_variants(args: argparse.Namespace) -> int:
    """``mahjong-core variants``: every rule set with its names, players,
    tiles, hand size, wild tiles and options (with defaults)."""
    rows = [cls.describe() for cls in available()]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    table = RichTable(
        title="Rule sets",
        caption="tiles in the wall: every tile of the set, flowers included; hand size: tiles dealt to a "
        "player, the dealer one more; options below, as --option KEY=VALUE",
    )
    for col, right in (("id", False), ("中文", False), ("players", True), ("tiles in the wall", True),
                       ("hand size", True), ("wild tiles", False)):
        table.add_column(col, justify="right" if right else "left")
    for r in rows:
        table.add_row(
            r["id"], r["zh"], str(r["players"]),
            f"{r['wall_tiles']}" + (f" (with {r['flowers']} flowers)" if r["flowers"] else ""),
            str(r["hand_size"]), r["wild_tiles"],
        )
    con = Console(highlight=False)
    con.print(table)
    for cls, r in zip(available(), rows):
        defaults = cls.Options()
        con.print(f"{r['name']} ({r['zh']}): {r['summary']}", markup=False)
        con.print(f"  names: {', '.join(dict.fromkeys([r['name'], r['zh'], *r['aliases']]))}", markup=False)
        if not r["defaults"]:
            con.print("  options: none", markup=False)
            continue
        con.print("  options (KEY=default, then the type --option KEY=VALUE takes):", markup=False)
        for f in dataclasses.fields(defaults):
            default = json.dumps(r["defaults"][f.name], ensure_ascii=False)
            con.print(f"    {f.name}={default}  ({option_help(getattr(defaults, f.name), f.type)})", markup=False)
    return 0


# ---------------------------------------------------------------- simulate
def _run_chunk(job: tuple[str, int, list[int], str, tuple[str, ...], bool]) -> dict[str, Any]:
    name, seed, indices, bots, options, keep_rows = job
    rs = _prepared(name, options)
    out: dict[str, Any] = {
        "hands": 0, "errors": 0, "zero_sum": True, "wins": [0] * rs.num_players, "draws": 0,
        "payments": [0] * rs.num_players, "tiles_drawn": 0, "error_examples": [], "rows": [],
    }
    for i in indices:
        hs = _hand_seed(seed, i)
        # (random bots: one generator a hand, from the hand's seed, shared by its seats)
        rng = random.Random(hs ^ _BOTS_SEED) if bots == "random" else None
        players: list[Bot] = [make_bot(bots, rng=rng) for _ in range(rs.num_players)]
        try:
            t = play_hand(rs, players, seed=hs, dealer=i % rs.num_players)
        except Exception as e:  # counted and reported, never hidden
            out["errors"] += 1
            if len(out["error_examples"]) < 3:
                out["error_examples"].append(f"hand {i} (seed {hs}): {type(e).__name__}: {e}")
            if keep_rows:
                out["rows"].append(hand_row(rs.id, rs.num_players, i, hs, i % rs.num_players, None,
                                            f"{type(e).__name__}: {e}"))
            continue
        if keep_rows:
            out["rows"].append(hand_row(rs.id, rs.num_players, i, hs, i % rs.num_players, t))
        out["hands"] += 1
        d = t.deltas()
        if sum(d) != 0:
            out["zero_sum"] = False
        for s in t.winners:
            out["wins"][s] += 1
        if not t.winners:
            out["draws"] += 1
        out["payments"] = [a + b for a, b in zip(out["payments"], d)]
        out["tiles_drawn"] += t.head + (len(t.wall) - t.tail)
    return out


def simulate(
    name: str, hands: int, seed: int, bots: str, workers: int, progress: bool, options: Sequence[str] = (),
    *, backend: str = "local", address: str | None = None,
    on_rows: Callable[[list[dict[str, Any]]], None] | None = None,
) -> dict[str, Any]:
    """Play ``hands`` hands of rule set ``name`` with ``options``
    (``key=value`` texts); the totals do not depend on ``workers`` nor on
    ``backend`` ("local": this process or ``workers`` processes; "ray": the
    Ray cluster at ``address``, or a local one). ``on_rows`` is given the
    rows of the hands (``simulation.hand_row``) in the order of the hands."""
    setup = time.perf_counter()
    rs = _prepared(name, options)  # (its start-up too, not the engine's rate)
    _native._build_tables()  # process start-up, not the engine's rate
    stack = ExitStack()
    if backend == "ray":
        from .simulation import ray_session

        workers = stack.enter_context(ray_session(address))  # the cluster's CPUs
    chunk = max(1, min(200, hands // max(1, workers * 4) or 1))
    opts = tuple(options)
    jobs = [(name, seed, list(range(i, min(hands, i + chunk))), bots, opts, on_rows is not None)
            for i in range(0, hands, chunk)]
    total: dict[str, Any] = {
        "variant": rs.id, "options": rs.options_json(), "bots": bots, "seed": seed, "workers": workers,
        "backend": backend,
        "hands": 0, "errors": 0,
        "zero_sum": True, "wins": [0] * rs.num_players, "draws": 0, "payments": [0] * rs.num_players,
        "tiles_drawn": 0, "error_examples": [],
    }
    start = time.perf_counter()

    def add(part: dict[str, Any]) -> None:
        for k in ("hands", "errors", "draws", "tiles_drawn"):
            total[k] += part[k]
        total["zero_sum"] = total["zero_sum"] and part["zero_sum"]
        total["wins"] = [a + b for a, b in zip(total["wins"], part["wins"])]
        total["payments"] = [a + b for a, b in zip(total["payments"], part["payments"])]
        total["error_examples"] += part["error_examples"][: 3 - len(total["error_examples"])]
        if on_rows is not None:
            on_rows(part["rows"])

    with stack, Progress(transient=True, disable=not progress, console=Console(stderr=True)) as bar:
        task = bar.add_task(f"{rs.id} {bots}", total=hands)
        if backend == "ray":
            from .simulation import ray_map

            def ray_part(i: int, part: dict[str, Any]) -> None:
                add(part)
                bar.advance(task, len(jobs[i][2]))

            ray_map(_run_chunk, jobs, ray_part)
        elif workers <= 1:
            for job in jobs:
                add(_run_chunk(job))
                bar.advance(task, len(job[2]))
        else:
            with ProcessPoolExecutor(max_workers=workers, initializer=_native._build_tables) as pool:
                for job, part in zip(jobs, pool.map(_run_chunk, jobs)):
                    add(part)
                    bar.advance(task, len(job[2]))
    elapsed = time.perf_counter() - start
    played = max(1, total["hands"])
    total["seconds"] = round(elapsed, 3)
    total["startup_seconds"] = round(start - setup, 3)
    total["hands_per_s"] = round(total["hands"] / elapsed, 1) if elapsed > 0 else None
    total["draw_rate"] = round(total["draws"] / played, 4)
    total["avg_payments"] = [round(p / played, 3) for p in total["payments"]]
    total["tiles_drawn_per_hand"] = round(total["tiles_drawn"] / played, 2)
    return total


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.hands < 0:
        raise MahjongError(f"--hands must be 0 or more, got {args.hands}")
    if not 1 <= args.workers <= MAX_WORKERS:
        raise MahjongError(f"--workers must be 1..{MAX_WORKERS}, got {args.workers}")
    # every flag is checked before a hand is played
    check_backend(args.backend, args.address)
    if args.backend == "ray" and args.workers != 1:
        raise MahjongError("--workers is for --backend local; with ray every CPU of the cluster plays")
    fmt = check_out(args.out) if args.out else None
    if args.plot:
        check_plot(args.plot)
    options = args.option or ()
    rs = _prepared(args.variant, options)
    sinks: list[Callable[[list[dict[str, Any]]], None]] = []

    def to_sinks(rows: list[dict[str, Any]]) -> None:
        for sink in sinks:
            sink(rows)

    with ExitStack() as stack:
        writer = None
        if args.out and fmt:
            writer = stack.enter_context(RowWriter(args.out, fmt, rs.num_players))
            sinks.append(writer.write)
        plot = PlotData(rs.num_players) if args.plot else None
        if plot is not None:
            sinks.append(plot.add)
        res = simulate(
            args.variant, args.hands, args.seed, args.bots, args.workers, progress=not args.json, options=options,
            backend=args.backend, address=args.address,
            on_rows=to_sinks if sinks else None,
        )
        if writer is not None:
            writer.metadata["mahjong_core.simulate"] = json.dumps(res, ensure_ascii=False)
    if writer is not None:
        res["out"], res["rows_written"] = args.out, writer.rows_written
    if plot is not None:
        draw_plot(plot, args.plot, f"{res['variant']}: {res['hands']} hands, {res['bots']} bots, seed {res['seed']}")
        res["plot"] = args.plot
    if args.json:
        print(json.dumps(res, ensure_ascii=False))
        return 0 if res["errors"] == 0 else 1
    t = RichTable(title=f"{res['variant']}: {res['hands']} hands, {res['bots']} bots, seed {res['seed']}")
    t.add_column("seat")
    t.add_column("wins", justify="right")
    t.add_column("avg payment", justify="right")
    for s, (w, p) in enumerate(zip(res["wins"], res["avg_payments"])):
        t.add_row(SEAT_NAMES[s] if s < 4 else str(s), str(w), str(p))
    con = Console()
    con.print(t)
    con.print(
        f"draws {res['draws']} ({res['draw_rate']:.1%}) · errors {res['errors']} · zero-sum {res['zero_sum']} · "
        f"tiles drawn per hand {res['tiles_drawn_per_hand']} · {res['hands_per_s']} hands/s "
        f"({res['workers']} worker{'s' if res['workers'] > 1 else ''}{' on Ray' if res['backend'] == 'ray' else ''})"
    )
    if "out" in res:
        con.print(f"{res['rows_written']} rows written to {res['out']}", markup=False, soft_wrap=True)
    if "plot" in res:
        con.print(f"figure drawn to {res['plot']}", markup=False, soft_wrap=True)
    for ex in res["error_examples"]:
        con.print(f"[red]error:[/red] {ex}")
    return 0 if res["errors"] == 0 else 1


# -------------------------------------------------------------------- play
def describe_event(e: dict[str, Any], table: Table | None = None, lang: str = "en") -> str | None:
    """One readable line for a record event (None for lines not worth
    showing): :class:`mahjong_core.gamelog.GameLog` for one event."""
    return GameLog(lang).describe(e, table)


def cmd_play(args: argparse.Namespace) -> int:
    """``mahjong-core play``: bots only (the log at the end), or a human
    seat at a live table (see :mod:`mahjong_core.cli_table`).  A human who
    ends the input leaves with exit status 0, Ctrl-C with 130."""
    rs = _ruleset(args.variant, args.option or ())
    lang = getattr(args, "lang", "en")
    players: list[Any] = [GreedyBot() for _ in range(rs.num_players)]
    dealer = rs.first_dealer(args.seed) if args.dealer is None else args.dealer
    table = Table(rs, seed=args.seed, dealer=dealer)
    if args.human is not None:
        if not 0 <= args.human < rs.num_players:
            raise MahjongError(f"--human must be a seat 0..{rs.num_players - 1}, got {args.human}")
        players[args.human] = HumanSeat(
            sys.stdin, sys.stdout, lang=lang, hints=getattr(args, "hints", False), glyphs=args.glyphs
        )
        try:
            play_live(table, players, sys.stdout, GameLog(lang, viewer=args.human))
        except InputEnded:
            print("\ninput ended: you left the table (the hand is not finished)")
            return 0
        except KeyboardInterrupt:
            print("\ninterrupted: you left the table (the hand is not finished)")
            return 130
        print(render_table(table, args.human, lang=lang, glyphs=args.glyphs))
        print("all hands: " + " | ".join(
            f"seat {s} {format_tiles(table.concealed_tiles(s)) or '-'}" for s in range(rs.num_players)
        ))
        print("final scores: " + ", ".join(f"seat {s} {d:+d}" for s, d in enumerate(table.deltas())))
    else:
        if getattr(args, "hints", False):
            raise MahjongError("--hints needs --human SEAT (hints are for the seat you play)")
        play_out(table, players)
    if args.log:
        with open(args.log, "w", encoding="utf-8") as f:
            f.write(dumps(table.events))
    if args.human is not None:
        return 0
    if args.json:
        sys.stdout.write(dumps(table.events))
        return 0
    log = GameLog(lang)
    for e in table.events:
        line = log.describe(e, table)
        if line:
            print(line)
    return 0


# ------------------------------------------------------------------ replay
def _replay_ruleset(name: str) -> Ruleset:
    """The rule set a record's header names: a registered one, or the
    Botzone judge's (whose records a transcript holds)."""
    from .botzone import BotzoneMCR, BotzoneMCRFlowers

    for cls in (BotzoneMCR, BotzoneMCRFlowers):
        if name in (cls.name, cls().id):
            return cls()
    return find_variant(name)()


def records_in(text: str, where: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """The hand records in a file: one record (JSON lines starting with a
    header), or every ``record`` line of a judge's transcript
    (``botzone-judge --transcript``), each with a title."""
    events = loads(text)
    if events and events[0].get("type") == "header":
        return [("", events)]
    out = [
        (f"hand {e.get('hand', i)}", list(e["events"]))
        for i, e in enumerate(events) if e.get("type") == "record" and isinstance(e.get("events"), list)
    ]
    if not out:
        raise MahjongError(
            f"{where}: neither a record (its first line is a header) nor a judge transcript (no 'record' lines)"
        )
    return out


def cmd_replay(args: argparse.Namespace) -> int:
    """``mahjong-core replay FILE``: show and check a record, or every hand
    of a judge transcript; ``--step`` waits for Enter after each line
    (``q`` stops)."""
    if args.html:
        from .viewer import write_html

        steps = write_html(args.file, args.html)
        print(f"wrote {args.html}: {steps} steps")
        return 0
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise MahjongError(f"cannot read {args.file!r}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise MahjongError(f"cannot read {args.file!r}: not UTF-8 text") from None
    stepping = bool(getattr(args, "step", False))

    class _Stop(Exception):
        pass

    try:
        records = records_in(text, args.file)
    except RecordError as e:
        raise MahjongError(f"{args.file}: {e}") from None
    for title, events in records:
        log = GameLog(getattr(args, "lang", "en"))
        if title:
            print(f"== {title} ==")

        def step(t: Table, e: dict[str, Any]) -> None:
            nonlocal stepping
            line = log.describe(e, t)
            if not line:
                return
            print(line, flush=True)
            if stepping:
                sys.stderr.write("[Enter: next, q: quit] ")
                sys.stderr.flush()
                answer = sys.stdin.readline()
                if not answer:
                    stepping = False  # input ended: show the rest
                elif answer.strip().lower() in ("q", "quit"):
                    raise _Stop

        try:
            table = replay(events, find=_replay_ruleset, on_step=step)
        except RecordError as e:
            raise MahjongError(f"{args.file}{' ' + title if title else ''}: {e}") from None
        except _Stop:
            print("replay stopped")
            return 0
        except KeyboardInterrupt:
            print("\nreplay interrupted")
            return 130
        print(f"replay OK: {len(table.events)} events, deltas {table.deltas()}"
              + ("" if table.is_over else " (the record stops before the end of the hand)"))
    return 0


def add_game_commands(sub: Any) -> None:
    p = sub.add_parser("play", help="play one hand in the terminal (bots, or a human seat)")
    p.add_argument("--variant", default="guangdong", help="rule set (see 'variants'; default: guangdong)")
    p.add_argument("--seed", type=int, default=1, help="shuffle and dice seed (default: 1)")
    p.add_argument("--dealer", type=int, default=None,
                   help="dealer seat (default: the rule set's first dealer for the seed: 0, or drawn at random)")
    p.add_argument("--human", type=int, default=None, metavar="SEAT",
                   help="play this seat yourself (default: none, bots play every seat)")
    p.add_argument("--glyphs", action="store_true", help="show tiles as Unicode glyphs")
    p.add_argument("--log", metavar="FILE", type=writable_file,
                   help="also write the JSON-lines record to FILE (checked before the hand is played)")
    p.add_argument("--json", action="store_true", help="print the JSON-lines record instead of text")
    p.add_argument("--lang", choices=LANGS, default="en", help="words of the log: en (chow/pung/kong) or zh (吃/碰/杠); default: en")
    p.add_argument("--hints", action="store_true",
                   help="with --human: the shanten and waits after each possible discard (default: off)")
    add_option_argument(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", help="play many hands with bots; summary and speed")
    p.add_argument("--variant", default="guangdong", help="rule set (see 'variants')")
    p.add_argument("--hands", type=int, default=1000, help="hands to play")
    p.add_argument("--seed", type=int, default=1, help="seed of the run (each hand's seed derives from it)")
    p.add_argument("--bots", choices=("random", "greedy"), default="greedy", help="the bot at every seat")
    p.add_argument("--workers", type=int, default=1, help=f"processes 1..{MAX_WORKERS} (same results as one)")
    p.add_argument("--json", action="store_true",
                   help="one JSON object on stdout (hands_per_s: the play alone; startup_seconds: "
                        "resolving the rule set and building the kernel tables, before the clock starts)")
    add_option_argument(p)
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local: this process or --workers processes; ray: a Ray cluster (extra 'ray'; "
                        "same totals and rows; default: local)")
    p.add_argument("--address", metavar="ADDR",
                   help="with --backend ray: the cluster to join (auto, HOST:PORT, ray://HOST:PORT; "
                        "default: RAY_ADDRESS, else a new local Ray instance)")
    p.add_argument("--out", metavar="FILE", type=writable_file,
                   help="write one row per hand to FILE.parquet (extra 'data') or FILE.jsonl (default: none)")
    p.add_argument("--plot", metavar="FILE", type=writable_file,
                   help="draw the run to FILE.png (or .svg, .pdf): scores per seat, hand lengths, "
                        "wins and fans (extra 'plot'; default: none)")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("variants", help="list the rule sets with their options and defaults")
    p.add_argument("--json", action="store_true", help="print one JSON list instead of tables")
    p.set_defaults(func=cmd_variants)

    p = sub.add_parser("replay", help="show a recorded hand step by step and check it")
    p.add_argument("file", metavar="FILE", help="a record (play --log) or a judge transcript (botzone-judge --transcript)")
    p.add_argument("--step", action="store_true", help="wait for Enter after each line (q quits; default: off)")
    p.add_argument("--lang", choices=LANGS, default="en", help="words of the log: en (chow/pung/kong) or zh (吃/碰/杠); default: en")
    p.add_argument("--html", metavar="OUT",
                   help="write a self-contained HTML page that steps through the hand (no text replay)")
    p.set_defaults(func=cmd_replay)
