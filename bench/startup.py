"""Start-up bench: what a fresh process pays before its first answer.

Each run is a new ``python`` process (started from an empty directory, so the
installed package is measured, not a source tree).  It times, inside the
child, ``import mahjong_core`` plus one first call (``is_win``, ``shanten``,
``waits`` or ``decompositions``), and, from outside, the whole process.  The
``botzone-bot`` row is one Botzone turn run afresh, as Botzone runs a bot by
default: ``python -m mahjong_core.cli botzone-bot`` given a real request
(from tests/core/test_botzone.py), timed from start to exit.

Modes, each in the same run:

* ``file``: as installed (the kernel tables are mapped from ``_tables.bin``);
* ``built``: ``MAHJONG_CORE_BUILD_TABLES=1``, the tables built at first use,
  as every process did before the table file shipped;
* ``old``: with ``--old DIR``, a copy of an older installed ``mahjong_core``
  package in DIR/mahjong_core (put first on ``PYTHONPATH``).

    python bench/startup.py --runs 15           # medians, in ms
    python bench/startup.py --runs 5 --json     # the same as JSON

Measure a compiled, non-editable install (README: benchmarks).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

# the first call of each kind, on a hand that needs the tables
CALLS = {
    "is_win": "mc.is_win('123m456p789s11z222z')",
    "shanten": "mc.shanten('147m258p369s1234z')",
    "waits": "mc.waits('123m456p789s1112z')",
    "decompositions": "mc.decompositions('11122233344455m')",
}

CHILD = """
import json, time
t0 = time.perf_counter()
import mahjong_core as mc
t1 = time.perf_counter()
{call}
t2 = time.perf_counter()
from mahjong_core import _native
print(json.dumps({{"import": t1 - t0, "call": t2 - t1, "origin": getattr(_native, "_tables_origin", lambda: "built")()}}))
"""

# one Botzone turn: the whole history in, one response out
BOTZONE_REQUEST = json.dumps({
    "requests": ["0 0 0", "1 0 0 0 0 W1 W1 W2 W3 B5 B5 B7 T1 T2 T3 F2 F2 J1", "2 J1"],
    "responses": ["PASS", "PASS"],
})

BUDGET_MS = {"first call": 30.0, "botzone-bot": 150.0}


def _env(mode: str, old: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("MAHJONG_CORE_BUILD_TABLES", "PYTHONPATH")}
    if mode == "built":
        env["MAHJONG_CORE_BUILD_TABLES"] = "1"
    if mode == "old":
        assert old is not None
        env["PYTHONPATH"] = old
    return env


def first_call(call: str, mode: str, old: str | None, cwd: str) -> dict[str, float | str]:
    """One fresh process: import + first call (in the child) and the process wall time."""
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", CHILD.format(call=CALLS[call])], cwd=cwd, env=_env(mode, old),
                         capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    got: dict[str, float | str] = json.loads(out.stdout)
    got["wall"] = wall
    return got


def botzone_turn(mode: str, old: str | None, cwd: str) -> float:
    """One fresh ``botzone-bot`` process answering one request: its wall time."""
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "mahjong_core.cli", "botzone-bot"], input=BOTZONE_REQUEST,
                         cwd=cwd, env=_env(mode, old), capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    if not json.loads(out.stdout)["response"].startswith("PLAY "):
        raise RuntimeError(f"botzone-bot answered {out.stdout!r}")
    return wall


def bare_python(cwd: str) -> float:
    """The wall time of ``python -c pass``: what any process pays on this machine."""
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], cwd=cwd, check=True)
    return time.perf_counter() - t0


def measure(runs: int, modes: Sequence[str], old: str | None = None) -> dict[str, dict[str, dict[str, float]]]:
    """Medians in ms: result[mode][row] = {"import+call", "call", "process"} (botzone: "process");
    result["python"]["-c pass"] = {"process"}, the interpreter alone."""
    result: dict[str, dict[str, dict[str, float]]] = {}
    with tempfile.TemporaryDirectory() as cwd:
        result["python"] = {"-c pass": {"process": 1e3 * statistics.median(bare_python(cwd) for _ in range(runs))}}
        for mode in modes:
            rows: dict[str, dict[str, float]] = {}
            for call in CALLS:
                got = [first_call(call, mode, old, cwd) for _ in range(runs)]
                origins = {g["origin"] for g in got}
                want = {"built"} if mode == "built" else {"file", "built"} if mode == "old" else {"file"}
                if not origins <= want and mode != "old":
                    raise RuntimeError(f"{mode}: the tables came from {origins}, not {want}")
                rows[call] = {
                    "import+call": 1e3 * statistics.median(float(g["import"]) + float(g["call"]) for g in got),
                    "call": 1e3 * statistics.median(float(g["call"]) for g in got),
                    "process": 1e3 * statistics.median(float(g["wall"]) for g in got),
                }
            rows["botzone-bot"] = {"process": 1e3 * statistics.median(botzone_turn(mode, old, cwd)
                                                                      for _ in range(runs))}
            result[mode] = rows
    return result


def report(result: dict[str, dict[str, dict[str, float]]], runs: int) -> str:
    lines = [f"medians of {runs} fresh processes, ms (budget: import + first call "
             f"< {BUDGET_MS['first call']:.0f}, botzone-bot turn < {BUDGET_MS['botzone-bot']:.0f})",
             f"{'mode':<6} {'first call':<16} {'import+call':>11} {'call':>8} {'process':>8}"]
    for mode, rows in result.items():
        for row, v in rows.items():
            lines.append(f"{mode:<6} {row:<16} {v.get('import+call', float('nan')):>11.1f} "
                         f"{v.get('call', float('nan')):>8.1f} {v['process']:>8.1f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--runs", type=int, default=11, help="fresh processes per row (default 11)")
    ap.add_argument("--modes", default="file,built", help="comma-separated: file, built, old (default file,built)")
    ap.add_argument("--old", help="a directory holding an older mahjong_core package (adds the mode old)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error(f"--runs must be at least 1, got {args.runs}")
    modes = [m for m in args.modes.split(",") if m]
    if args.old:
        modes.append("old")
    bad = sorted(set(modes) - {"file", "built", "old"})
    if bad or ("old" in modes and not args.old):
        ap.error(f"unknown or incomplete modes: {bad or ['old (needs --old DIR)']}")
    result = measure(args.runs, modes, args.old)
    print(json.dumps(result, indent=1) if args.json else report(result, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
