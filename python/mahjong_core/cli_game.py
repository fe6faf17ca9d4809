"""The game commands of ``mahjong-core``: play, simulate, variants, replay."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from rich.console import Console
from rich.progress import Progress
from rich.table import Table as RichTable

from . import _native
from .bots import Bot, GreedyBot, make_bot, play_hand
from .cli_common import add_option_argument, option_help, ruleset_with_options, writable_file
from .engine import Action, Table
from .errors import MahjongError
from .records import RecordError, dumps, replay
from .registry import available, find_variant
from .rules import Ruleset
from .tiles import KIND_NAMES, format_tiles

__all__ = ["add_game_commands"]

SEAT_NAMES = ("East", "South", "West", "North")

MAX_WORKERS = 64
"""Most processes ``simulate --workers`` starts."""


def _ruleset(name: str, options: Sequence[str] = ()) -> Ruleset:
    """The rule set ``name`` with ``--option key=value`` house rules (typed
    as for ``score``)."""
    return ruleset_with_options(name, options)


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
def _run_chunk(job: tuple[str, int, list[int], str, tuple[str, ...]]) -> dict[str, Any]:
    name, seed, indices, bots, options = job
    rs = _ruleset(name, options)
    out: dict[str, Any] = {
        "hands": 0, "errors": 0, "zero_sum": True, "wins": [0] * rs.num_players, "draws": 0,
        "payments": [0] * rs.num_players, "tiles_drawn": 0, "error_examples": [],
    }
    for i in indices:
        hs = _hand_seed(seed, i)
        players: list[Bot] = [make_bot(bots, hs + s) for s in range(rs.num_players)]
        try:
            t = play_hand(rs, players, seed=hs, dealer=i % rs.num_players)
        except Exception as e:  # counted and reported, never hidden
            out["errors"] += 1
            if len(out["error_examples"]) < 3:
                out["error_examples"].append(f"hand {i} (seed {hs}): {type(e).__name__}: {e}")
            continue
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
    name: str, hands: int, seed: int, bots: str, workers: int, progress: bool, options: Sequence[str] = ()
) -> dict[str, Any]:
    """Play ``hands`` hands of rule set ``name`` with ``options``
    (``key=value`` texts); the totals do not depend on ``workers``."""
    setup = time.perf_counter()
    rs = _ruleset(name, options)
    _native._build_tables()  # process start-up, not the engine's rate
    chunk = max(1, min(200, hands // max(1, workers * 4) or 1))
    opts = tuple(options)
    jobs = [(name, seed, list(range(i, min(hands, i + chunk))), bots, opts) for i in range(0, hands, chunk)]
    total: dict[str, Any] = {
        "variant": rs.id, "options": rs.options_json(), "bots": bots, "seed": seed, "workers": workers,
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

    with Progress(transient=True, disable=not progress, console=Console(stderr=True)) as bar:
        task = bar.add_task(f"{rs.id} {bots}", total=hands)
        if workers <= 1:
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
    res = simulate(
        args.variant, args.hands, args.seed, args.bots, args.workers, progress=not args.json, options=args.option or ()
    )
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
        f"({res['workers']} worker{'s' if res['workers'] > 1 else ''})"
    )
    for ex in res["error_examples"]:
        con.print(f"[red]error:[/red] {ex}")
    return 0 if res["errors"] == 0 else 1


# -------------------------------------------------------------------- play
def describe_event(e: dict[str, Any]) -> str | None:
    """One readable line for a record event (None for lines not worth showing)."""
    kind = e["type"]

    def who(s: int) -> str:
        return SEAT_NAMES[s] if 0 <= s < 4 else f"seat {s}"

    if kind == "header":
        return f"{e['ruleset_id']}  seed {e['seed']}  dealer {who(e['dealer'])}  dice {e['dice']}"
    if kind == "deal":
        return "deal: " + " | ".join(f"{who(i)} {h}" for i, h in enumerate(e["hands"]))
    if kind == "draw":
        how = ""
        if e.get("dice"):
            turned = e.get("turned")
            how = f" (dice {'+'.join(str(d) for d in e['dice'])}" + (
                f", turned up {' '.join(turned)}" if isinstance(turned, list)
                else ", the second dice tile" if turned else ""
            ) + ")"
        elif e.get("replacement"):
            how = " (replacement)"
        return f"{who(e['seat'])} draws {e['tile']}{how}"
    if kind == "flower":
        return f"{who(e['seat'])} flower {e['tile']}"
    if kind == "indicator":
        if e.get("redraw"):
            return f"indicator changed: {e['old']} -> {e['tile']} (the old one to the dealer's discards)"
        return f"indicator {e['tile']}" + (f", wild {' '.join(e['wilds'])}" if e.get("wilds") else "")
    if kind == "action":
        if e["action"] in ("pass", "win", "chow", "pung", "kong", "missing_suit", "imagine"):
            return None  # shown by the "call", "win", "missing_suits" or "imagined" line
        return f"{who(e['seat'])} {e['action'].replace('_', ' ')}" + (f" {e['tile']}" if "tile" in e else "")
    if kind == "call":
        verb = "chows (吃听)" if e["action"] == "ready" else f"{e['action']}s"
        return f"{who(e['seat'])} {verb} {e['claimed']} from {who(e['discarder'])}"
    if kind == "kong":
        if e.get("single"):  # one tile laid out as a kong (single_kong_kinds)
            return f"{who(e['seat'])} lays out {e['tile']} as a kong"
        return f"{who(e['seat'])} kong {e['meld']}"
    if kind == "win":
        items = ", ".join(f"{zh} {v}" + (f"×{n}" if n > 1 else "") for zh, _en, v, n in e["items"])
        how = "self-drawn" if e["self_drawn"] else f"on {who(e['discarder'])}'s tile"
        return f"{who(e['seat'])} WINS {how} {e['tile'] or ''}: {items} = {e['total']} {e['unit']}"
    if kind == "missing_suits":
        return "missing suits (定缺): " + ", ".join(f"{who(i)} {m}" for i, m in enumerate(e["suits"]))
    if kind == "imagined":
        return "imagined (心皇): " + ", ".join(f"{who(i)} {k or 'any'}" for i, k in enumerate(e["kinds"]))
    if kind == "ready":
        return f"{who(e['seat'])} declares ready (报听)"
    if kind == "kong_payments":
        return "kong payments: " + ", ".join(f"{who(a)} → {who(b)} {n}" for a, b, n, _ in e["payments"])
    if kind == "draw_game":
        return "exhaustive draw: nobody wins"
    if kind == "payments":
        return "payments: " + ", ".join(f"{who(s)} {d:+d}" for s, d in enumerate(e["deltas"]))
    return json.dumps(e, ensure_ascii=False)


class HumanBot:
    """Reads the human's moves from a text stream."""

    def __init__(self, inp: TextIO, out: TextIO, glyphs: bool) -> None:
        self.inp, self.out, self.glyphs = inp, out, glyphs

    def choose(self, table: Table, seat: int, legal: Sequence[Action]) -> Action:
        hand = format_tiles(table.concealed_tiles(seat), glyphs=self.glyphs)
        melds = " ".join(str(m) for m in table.melds[seat])
        self.out.write(f"\nYour hand: {hand}" + (f"   melds: {melds}" if melds else "") + "\n")
        if table.ruleset.imagined_tiles and table.imagined[seat] >= 0:
            self.out.write(f"your imagined tile (心皇): {KIND_NAMES[table.imagined[seat]]}\n")
        shown = table.indicator_for(seat)
        if shown is not None:  # (a hidden indicator, the 宝, only once this seat may see it)
            self.out.write(f"indicator: {KIND_NAMES[shown]}\n")
        if table.last_discard is not None and table.phase.value != "turn":
            s, k = table.last_discard
            self.out.write(f"{SEAT_NAMES[s]} discarded {KIND_NAMES[k]}\n")
        for i, a in enumerate(legal):
            self.out.write(f"  [{i}] {a}\n")
        while True:
            self.out.write("your move (number, or e.g. 'discard 5m'): ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                raise MahjongError("input ended before the hand did")
            text = line.strip().lower()
            if text.isdigit() and int(text) < len(legal):
                return legal[int(text)]
            for a in legal:
                if str(a).lower().endswith(text) and text:
                    return a
            self.out.write(f"not a legal move: {text!r}\n")


def cmd_play(args: argparse.Namespace) -> int:
    rs = _ruleset(args.variant, args.option or ())
    seed = args.seed
    players: list[Bot] = [GreedyBot() for _ in range(rs.num_players)]
    if args.human is not None:
        if not 0 <= args.human < rs.num_players:
            raise MahjongError(f"--human must be a seat 0..{rs.num_players - 1}, got {args.human}")
        players[args.human] = HumanBot(sys.stdin, sys.stdout, args.glyphs)
    table = play_hand(rs, players, seed=seed, dealer=args.dealer)
    if args.log:
        with open(args.log, "w", encoding="utf-8") as f:
            f.write(dumps(table.events))
    if args.json:
        sys.stdout.write(dumps(table.events))
        return 0
    for e in table.events:
        line = describe_event(e)
        if line:
            print(line)
    return 0


# ------------------------------------------------------------------ replay
def cmd_replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise MahjongError(f"cannot read {args.file!r}: {e.strerror}") from None
    shown: list[str] = []

    def step(_t: Table, e: dict[str, Any]) -> None:
        line = describe_event(e)
        if line:
            print(line)
            shown.append(line)

    try:
        table = replay(text, find=lambda name: find_variant(name)(), on_step=step)
    except RecordError as e:
        raise MahjongError(f"{args.file}: {e}") from None
    print(f"replay OK: {len(table.events)} events, deltas {table.deltas()}")
    return 0


def add_game_commands(sub: Any) -> None:
    p = sub.add_parser("play", help="play one hand in the terminal (bots, or a human seat)")
    p.add_argument("--variant", default="guangdong", help="rule set (see 'variants'; default: guangdong)")
    p.add_argument("--seed", type=int, default=1, help="shuffle and dice seed (default: 1)")
    p.add_argument("--dealer", type=int, default=0, help="dealer seat 0..players-1 (default: 0)")
    p.add_argument("--human", type=int, default=None, metavar="SEAT",
                   help="play this seat yourself (default: none, bots play every seat)")
    p.add_argument("--glyphs", action="store_true", help="show tiles as Unicode glyphs")
    p.add_argument("--log", metavar="FILE", type=writable_file,
                   help="also write the JSON-lines record to FILE (checked before the hand is played)")
    p.add_argument("--json", action="store_true", help="print the JSON-lines record instead of text")
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
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("variants", help="list the rule sets with their options and defaults")
    p.add_argument("--json", action="store_true", help="print one JSON list instead of tables")
    p.set_defaults(func=cmd_variants)

    p = sub.add_parser("replay", help="show a recorded hand step by step and check it")
    p.add_argument("file", metavar="FILE", help="a JSON-lines record (play --log, play --json)")
    p.set_defaults(func=cmd_replay)
