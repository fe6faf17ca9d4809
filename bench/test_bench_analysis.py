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


# --- discard advice (issue 14): one discard_options call per 14-tile hand ------

N_DISCARD = 300
"""Hands per discard corpus (one loop is about 10 ms)."""


def _ready_ish(seed: int, wilds: int) -> list[list[int]]:
    """Winning hands with one tile swapped for a random kind (so the best
    discard is ready or one from it), ``wilds`` random tiles then taken out."""
    import random

    rng = random.Random(seed)
    out = []
    for win in corpus.WIN14[:N_DISCARD]:
        tiles = [k for k in range(34) for _ in range(win[k])]
        rng.shuffle(tiles)
        while True:
            k = rng.randrange(34)
            if tiles.count(k) < 4 and k != tiles[0]:
                break
        tiles[0] = k
        hand = [0] * 34
        for t in tiles[wilds:]:
            hand[t] += 1
        out.append(hand)
    return out


DISCARD_CORPORA: dict[str, tuple[list[list[int]], int]] = {
    "RAND14": (corpus.random_hands(14, N_DISCARD, seed=1414), 0),
    "READY14": (_ready_ish(1415, 0), 0),
    "RAND12W2": (corpus.random_hands(12, N_DISCARD, seed=1416), 2),
    "READY12W2": (_ready_ish(1417, 2), 2),
}
"""name -> (hands, wilds held with each): random and ready-ish 14-tile hands,
without wilds and with two."""

DISCARD_RULES = {"default": peers.DEFAULT, "guobiao": peers.GB_FORMS}


def _discard_brute(hand: list[int], wilds: int, rules: Any) -> list[tuple[int, int, int]]:
    """One shanten call per discard and per draw (waits when ready)."""
    import mahjong_core as mc

    out = []
    for d in range(34):
        if not hand[d]:
            continue
        after = [c - (k == d) for k, c in enumerate(hand)]
        sh = mc.shanten(mc.Counts(after), wilds=wilds, rules=rules)
        if sh == 0:
            mask = sum(1 << k for k in mc.waits(mc.Counts(after), wilds=wilds, rules=rules))
        else:
            mask = 0
            for j in range(34):
                if after[j] < 4:
                    drawn = [c + (k == j) for k, c in enumerate(after)]
                    if mc.shanten(mc.Counts(drawn), wilds=wilds, rules=rules) < sh:
                        mask |= 1 << j
        out.append((d, sh, mask))
    return out


@pytest.mark.parametrize("corpus_name", list(DISCARD_CORPORA))
@pytest.mark.parametrize("rules_name", list(DISCARD_RULES))
def test_discard_options(benchmark: Any, rules_name: str, corpus_name: str) -> None:
    """``analysis.discard_options`` (the public call, options built as
    named tuples), gated on the first 20 hands against one shanten call per
    discard and per draw.  Targets of issue 14: 20 µs (default forms) and
    40 µs (国标's forms) per call."""
    import mahjong_core as mc

    hands, wilds = DISCARD_CORPORA[corpus_name]
    rules = DISCARD_RULES[rules_name]
    inputs = [mc.Counts(h) for h in hands]
    for hand, c in zip(hands[:20], inputs[:20]):
        got = [(o.discard, o.shanten, sum(1 << k for k in o.improving))
               for o in mc.discard_options(c, wilds=wilds, rules=rules)]
        assert sorted(got) == _discard_brute(hand, wilds, rules), hand

    def loop(inputs: list[Any]) -> None:
        for c in inputs:
            mc.discard_options(c, wilds=wilds, rules=rules)

    benchmark.group = "discard_options"
    benchmark.extra_info.update(corpus=corpus_name, lib=f"mahjong_core {rules_name}", calls=len(hands))
    benchmark(loop, inputs)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:  # None under --benchmark-disable
        benchmark.extra_info["us_per_call"] = stats.stats.median / len(hands) * 1e6
