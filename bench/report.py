"""Turn pytest-benchmark JSON runs into the tables of bench/README.md.

    python bench/report.py .benchmarks/run1.json .benchmarks/run2.json ...

For every benchmark it takes the median over the runs of the per-run median,
per call (analysis) or per hand (batch).
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import defaultdict

LIBS = [
    "mahjong_core",
    "mahjong_core.raw",
    "riichienv",
    "riichienv+new",
    "xiangting",
    "mahjong",
    "mahjong_core[gb-forms]",
    "PyMahjongGB",
    "naive",
]
ROWS = [
    ("win", "WIN14"),
    ("win", "RAND14"),
    ("shanten", "RAND13"),
    ("shanten", "TENPAI13"),
    ("shanten", "RAND14"),
    ("waits", "TENPAI13"),
    ("waits", "RAND13"),
    ("decompositions", "WIN14"),
    ("win4wilds", "WIN10W4"),
    ("win4wilds", "RAND10W4"),
]


def _fmt(us: float) -> str:
    if us >= 1000:
        return f"{us / 1000:.1f} ms"
    if us >= 10:
        return f"{us:.0f}"
    if us >= 1:
        return f"{us:.2f}"
    return f"{us:.3f}"


def _ratio(r: float) -> str:
    return f"{r:.2f}×" if r >= 0.1 else f"1/{1 / r:.0f}"


def main(paths: list[str]) -> None:
    per_call: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    batch: dict[str, list[float]] = defaultdict(list)
    machine = None
    for p in paths:
        with open(p, encoding="utf-8") as f:
            data = json.load(f)
        machine = machine or data.get("machine_info")
        for b in data["benchmarks"]:
            x = b["extra_info"]
            if "us_per_call" in x:
                per_call[b["group"], x["corpus"], x["lib"]].append(x["us_per_call"])
            elif "hands_per_s" in x and "threads" in x:  # test_bench_batch.py
                key = f"{x['op']} {x['corpus']} ({x['threads']} thread{'s' if x['threads'] > 1 else ''})"
                batch[key].append(x["hands_per_s"])
    med = {k: statistics.median(v) for k, v in per_call.items()}
    libs = [lib for lib in LIBS if any(k[2] == lib for k in med)]

    print(f"Median µs per call over {len(paths)} run(s).\n")
    print("| operation | corpus | " + " | ".join(libs) + " |")
    print("|---|---|" + "---:|" * len(libs))
    for g, c in ROWS:
        cells = [_fmt(med[g, c, lib]) if (g, c, lib) in med else "" for lib in libs]
        print(f"| {g} | {c} | " + " | ".join(cells) + " |")

    print("\nSpeed relative to riichienv (riichienv time / library time; > 1 is faster).\n")
    rel = [lib for lib in libs if not lib.startswith("riichienv")]
    print("| operation | corpus | " + " | ".join(rel) + " |")
    print("|---|---|" + "---:|" * len(rel))
    for g, c in ROWS:
        base = med.get((g, c, "riichienv"))
        if base is None:
            continue
        cells = [_ratio(base / med[g, c, lib]) if (g, c, lib) in med else "" for lib in rel]
        print(f"| {g} | {c} | " + " | ".join(cells) + " |")

    if batch:
        print("\n| batch | million hands/s | ns per hand |")
        print("|---|---:|---:|")
        for key, v in batch.items():
            m = statistics.median(v)
            print(f"| {key} | {m / 1e6:.1f} | {1e9 / m:.0f} |")
    if machine:
        print(f"\nMachine: {machine.get('cpu_model')}, nproc {machine.get('nproc')}, "
              f"Python {machine.get('python_version')}, build {machine.get('mahjong_core_build')}, "
              f"versions {machine.get('versions')}")


if __name__ == "__main__":
    main(sys.argv[1:])
