"""Per-call speed of hand analysis: mahjong_core against its peers.

Every benchmark times one plain loop over a whole 1000-hand corpus (one call
per hand, the library's own native input prepared beforehand), after checking
that the library agrees with mahjong_core on that corpus (``peers.gate``).
``extra_info["us_per_call"]`` is the median loop time divided by the number
of hands.  Run (see bench/README.md)::

    python -m pytest bench --benchmark-only --benchmark-group-by=group,param:corpus
"""

from __future__ import annotations

import time
from typing import Any

import corpus
import peers
import pytest

pytestmark = pytest.mark.usefixtures("known_answers")

SLOW_LOOP_S = 0.25
"""A loop slower than this is timed over 3 rounds instead of auto-calibrated."""

_CASES = {(c.group, c.corpus, c.lib): c for c in peers.CASES}


def run_case(benchmark: Any, case: peers.Case) -> None:
    hands, wilds = corpus.CORPORA[case.corpus]
    inputs = case.prepare(hands)
    compared, bad = peers.gate(case, hands, inputs, wilds)
    assert not bad, f"{len(bad)} disagreement(s):\n" + "\n".join(bad[:20])
    assert compared >= len(hands) // 2, f"{case.id}: only {compared} hands compared"

    benchmark.group = case.group
    benchmark.extra_info.update(
        corpus=case.corpus, lib=case.lib, calls=len(hands), compared=compared, note=case.note
    )
    t0 = time.perf_counter()
    case.loop(inputs)  # warm-up, and a measure of how long one round takes
    if time.perf_counter() - t0 > SLOW_LOOP_S:
        benchmark.pedantic(case.loop, args=(inputs,), rounds=3, iterations=1)
    else:
        benchmark(case.loop, inputs)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:  # None under --benchmark-disable
        median = stats.stats.median
        benchmark.extra_info["us_per_call"] = median / len(hands) * 1e6
        benchmark.extra_info["calls_per_s"] = len(hands) / median


@pytest.mark.parametrize(("op", "corpus", "lib"), list(_CASES))
def test_analysis(benchmark: Any, op: str, corpus: str, lib: str) -> None:
    run_case(benchmark, _CASES[op, corpus, lib])
