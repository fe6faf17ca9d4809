"""MCR fan calculation: mahjong_core's 国标 scorer against PyMahjongGB.

The same 2000 random winning situations (``tests/variants/gb_random.py``,
seed fixed: every rule form, melds, flags, flowers) for both libraries, each
with its own input prepared beforehand:

- ``pymahjonggb``: ``MahjongFanCalculator(**kwargs)`` with its tile strings;
- ``ours-cold``: ``Guobiao.score(ctx)`` on a prepared ``WinContext``, the
  per-situation cache cleared before every call (every hand computed);
- ``ours-cached``: the same calls with the cache warm (a repeated situation,
  as in an engine asking about the same hand again);
- ``ours-notation``: ``guobiao.score(...)`` from notation strings, cold.

Before timing, both libraries' totals are checked equal on every situation.
``extra_info["us_per_call"]`` is the median loop time per situation.  Run::

    python -m pytest bench/test_bench_guobiao.py --benchmark-only --benchmark-group-by=group
"""

from __future__ import annotations

import random
import sys
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


def loop_pymahjonggb(args: list[dict[str, Any]]) -> None:
    for a in args:
        MahjongFanCalculator(**a)


def loop_cold(rules: guobiao.Guobiao) -> None:
    cache = rules._cache
    for ctx in CONTEXTS:
        cache.clear()
        rules.score(ctx)


def loop_cached(rules: guobiao.Guobiao) -> None:
    for ctx in CONTEXTS:
        rules.score(ctx)


def loop_notation(rules: guobiao.Guobiao) -> None:
    cache = rules._cache
    for kw in NOTATION:
        cache.clear()
        guobiao.score(**kw, rules=rules)  # type: ignore[arg-type]


def test_gate() -> None:
    """No wrong answer is timed: totals equal on every situation."""
    rules = guobiao.Guobiao()
    bad = [
        s for s, ctx in zip(SITUATIONS, CONTEXTS) if rules.score(ctx).total != gb_random.gb_fans(s)[0]
    ]
    assert not bad, bad[:5]


@pytest.mark.parametrize("lib", ["pymahjonggb", "ours-cold", "ours-cached", "ours-notation"])
def test_fan_calculation(benchmark: Any, lib: str) -> None:
    rules = guobiao.Guobiao()
    if lib == "pymahjonggb":
        fn, arg = loop_pymahjonggb, GB_ARGS
    elif lib == "ours-cold":
        fn, arg = loop_cold, rules
    elif lib == "ours-cached":
        loop_cached(rules)  # warm the cache
        fn, arg = loop_cached, rules
    else:
        fn, arg = loop_notation, rules
    benchmark.group = "guobiao fan calculation"
    benchmark.extra_info.update(lib=lib, calls=N)
    benchmark.pedantic(fn, args=(arg,), rounds=5, iterations=1, warmup_rounds=1)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["us_per_call"] = stats.stats.median / N * 1e6
