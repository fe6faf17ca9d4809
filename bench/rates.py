"""Hands per second of every registered rule set, random and greedy bots,
in one process on one core: the survey behind the speed tables of
bench/README.md (``test_bench_regional.py`` times the same play through
pytest-benchmark, a few rule sets at a time).

Each figure is the median of ``--repeat`` runs; ``cpu`` counts the process's
CPU seconds (steadier on a shared machine), ``wall`` the elapsed ones.  The
kernel tables are built before any timing (process start-up, not play)::

    python bench/rates.py                      # every rule set
    python bench/rates.py sichuan changsha --random 2000 --greedy 500 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from mahjong_core import _native
from mahjong_core.bots import make_bot, play_hand
from mahjong_core.registry import available, find_variant


def rate(name: str, bots: str, hands: int, first: int = 0) -> tuple[float, float]:
    """(hands per CPU second, hands per wall second) of ``hands`` seeded
    hands, seeds ``first`` on (each run of a figure plays other hands: a
    rule set's caches must not meet the same hands again)."""
    rs = find_variant(name)()
    rs.prepare()  # (a rule set's start-up, as in ``simulate``: 国标's fan table)
    c0, w0 = time.process_time(), time.perf_counter()
    for i in range(first, first + hands):
        players = [make_bot(bots, i * 7 + s) for s in range(rs.num_players)]
        play_hand(rs, players, seed=i, dealer=i % rs.num_players)
    c1, w1 = time.process_time(), time.perf_counter()
    return hands / max(c1 - c0, 1e-9), hands / max(w1 - w0, 1e-9)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="rule sets (default: every registered one)")
    ap.add_argument("--random", type=int, default=600, help="hands with random bots (default 600)")
    ap.add_argument("--greedy", type=int, default=200, help="hands with greedy bots (default 200)")
    ap.add_argument("--repeat", type=int, default=1, help="runs per figure, the median is kept (default 1)")
    ap.add_argument("--json", action="store_true", help="one JSON object per rule set")
    args = ap.parse_args()
    _native._build_tables()
    names = args.names or [cls.name for cls in available()]
    for name in names:
        row: dict[str, object] = {"variant": name}
        for bots, hands in (("random", args.random), ("greedy", args.greedy)):
            runs = [rate(name, bots, hands, r * hands) for r in range(args.repeat)]
            row[f"{bots}_cpu"] = round(statistics.median(r[0] for r in runs))
            row[f"{bots}_wall"] = round(statistics.median(r[1] for r in runs))
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print(f"{name:14s} random {row['random_cpu']:>6} cpu {row['random_wall']:>6} wall   "
                  f"greedy {row['greedy_cpu']:>6} cpu {row['greedy_wall']:>6} wall", flush=True)


if __name__ == "__main__":
    main()
