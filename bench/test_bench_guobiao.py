"""MCR fan calculation: mahjong_core's 国标 scorer against PyMahjongGB.

The same 2000 random winning situations (``tests/variants/gb_random.py``,
seed fixed: every rule form, melds, flags, flowers) for both libraries, each
with its own input prepared beforehand, side by side in one run:

- ``pymahjonggb``: ``MahjongFanCalculator(**kwargs)`` with its tile strings;
- ``ours-cold``: ``Guobiao.score(ctx)`` on a prepared ``WinContext`` (the
  compiled kernel; nothing is cached between calls, every hand is counted);
- ``ours-notation``: ``guobiao.score(...)`` from notation strings (parsing
  included);
- ``ours-python``: ``Guobiao.score_reference(ctx)``, the readable
  pure-Python path (the same sheets, for scale).

Before timing, both libraries' totals and fan names are checked equal on
every situation, and our two paths' sheets equal.  ``extra_info["us_per_call"]``
is the median loop time per situation.  Run::

    python -m pytest bench/test_bench_guobiao.py --benchmark-only --benchmark-group-by=group
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from MahjongGB import MahjongFanCalculator

from mahjong_core.rules import WinContext
from mahjong_core.variants import guobiao

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "variants"))
import gb_random  # noqa: E402

N = 2000
SEED = 4242
REF_NAME = {f.zh: f.ref_zh or f.zh for f in guobiao.FANS}


def _situations() -> list[gb_random.Situation]:
    rng = random.Random(SEED)
    out: list[gb_random.Situation] = []
    while len(out) < N:
        s = gb_random.random_situation(rng)
        if s is None:
            continue
        try:
            gb_random.gb_fans(s)
        except TypeError:
            continue
        out.append(s)
    return out


def _context(s: gb_random.Situation) -> WinContext:
    return WinContext(
        seat=0,
        concealed=tuple(sorted(s.hand + (s.win,))),
        win_tile=s.win,
        melds=s.melds,
        self_drawn=s.self_drawn,
        discarder=None if s.self_drawn else 1,
        seat_wind=s.seat,
        round_wind=s.round,
        flowers=tuple(range(34, 34 + s.flowers)),
        kong_replacement=s.kong and s.self_drawn,
        robbed_kong=s.kong and not s.self_drawn,
        last_tile=s.last,
        fourth_tile=s.fourth,
    )


SITUATIONS = _situations()
GB_ARGS = [s.gb_args() for s in SITUATIONS]
CONTEXTS = [_context(s) for s in SITUATIONS]
NOTATION = [s.score_args() for s in SITUATIONS]


def loop_pymahjonggb(rules: guobiao.Guobiao) -> None:
    for a in GB_ARGS:
        MahjongFanCalculator(**a)


def loop_cold(rules: guobiao.Guobiao) -> None:
    score = rules.score
    for ctx in CONTEXTS:
        score(ctx)


def loop_notation(rules: guobiao.Guobiao) -> None:
    for kw in NOTATION:
        guobiao.score(**kw, rules=rules)  # type: ignore[arg-type]


def loop_python(rules: guobiao.Guobiao) -> None:
    score = rules.score_reference
    for ctx in CONTEXTS:
        score(ctx)


LOOPS: dict[str, Callable[[guobiao.Guobiao], None]] = {
    "pymahjonggb": loop_pymahjonggb,
    "ours-cold": loop_cold,
    "ours-notation": loop_notation,
    "ours-python": loop_python,
}


def test_gate() -> None:
    """No wrong answer is timed: totals and fan names equal on every
    situation, and both our paths give the same sheet."""
    rules = guobiao.Guobiao()
    bad = []
    for s, ctx in zip(SITUATIONS, CONTEXTS):
        sheet = rules.score(ctx)
        names: Counter[str] = Counter()
        for it in sheet.items:
            names[REF_NAME[it.zh]] += it.count
        if (sheet.total, names) != gb_random.gb_fans(s) or sheet != rules.score_reference(ctx):
            bad.append(s)
    assert not bad, bad[:5]


@pytest.mark.parametrize("lib", list(LOOPS))
def test_fan_calculation(benchmark: Any, lib: str) -> None:
    rules = guobiao.Guobiao()
    benchmark.group = "guobiao fan calculation"
    benchmark.extra_info.update(lib=lib, calls=N)
    rounds = 2 if lib == "ours-python" else 5
    benchmark.pedantic(LOOPS[lib], args=(rules,), rounds=rounds, iterations=1, warmup_rounds=1)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["us_per_call"] = stats.stats.median / N * 1e6
