"""Wild tiles: the core's win check, waits and shanten with 1 to 4 wilds,
side by side with the brute-force substitution baseline over the same hands
(issue 10): every way to give the wilds a kind (combinations with
repetition; a wild may be a fifth copy, as in docs/analysis.md), each
substituted hand asked of a wild-free checker, stopping at the first answer
that settles it.

The checker is the core's compiled kernel (bench/naive.py for the rare hand
with a fifth copy, which the kernel refuses), so the ratio measures the
substitution itself.  Before timing, both agree on every
hand (win, waits, shanten).  ``extra_info["us_per_call"]`` is per hand::

    python -m pytest bench/test_bench_wilds.py --benchmark-only --benchmark-group-by=group
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

import corpus
import naive
import pytest

from mahjong_core import _native

WIN_HANDS = 300
"""Hands per corpus for the core and the win-check baseline."""
SLOW_HANDS = {1: 120, 2: 40, 3: 12, 4: 4}
"""Hands per corpus for the waits and shanten baselines (34 draws or a full
search each: thousands of substitutions per hand at 3 and 4 wilds)."""

Hand = list[int]


def _substitutions(c: Hand, w: int) -> Iterator[bytearray]:
    """Every hand ``c`` plus ``w`` tiles of chosen kinds."""
    for kinds in combinations_with_replacement(range(34), w):
        b = bytearray(c)
        for k in kinds:
            b[k] += 1
        yield b


def _win(b: bytearray) -> bool:
    if max(b) > 4:  # a wild as a fifth copy: the kernel refuses such counts
        return naive.is_win(list(b))
    return _native.is_win_buf(b, 0, None)


def brute_win(c: Hand, w: int) -> bool:
    return any(_win(b) for b in _substitutions(c, w))


def brute_waits(c: Hand, w: int) -> int:
    mask = 0
    for k in range(34):
        if c[k] < 4:
            d = list(c)
            d[k] += 1
            if brute_win(d, w):
                mask |= 1 << k
    return mask


def brute_shanten(c: Hand, w: int) -> int:
    best = 99
    for b in _substitutions(c, w):
        if max(b) > 4:
            if naive.is_win(list(b)):
                return -1
            continue  # (counted when it completes the hand; the gate checks every answer)
        s = _native.shanten_buf(b, 0, None)
        if s < best:
            best = s
            if best == -1:
                break
    return best


@cache
def hands(kind: str, w: int) -> list[Hand]:
    """``win``: winning 14-tile hands with ``w`` tiles turned into wilds;
    ``ready``: those less one more tile (13 with the wilds: waits); ``rand``:
    random hands of 14 - w real tiles (shanten)."""
    rng = random.Random(100 + w)
    win = corpus.wild_wins(corpus.winning_hands(WIN_HANDS, seed=40 + w), w, seed=50 + w)
    if kind == "win":
        return win
    if kind == "ready":
        out = []
        for h in win:
            tiles = [t for t in range(34) for _ in range(h[t])]
            tiles.remove(rng.choice(tiles))
            out.append([tiles.count(t) for t in range(34)])
        return out
    return corpus.random_hands(14 - w, seed=60 + w)[:WIN_HANDS]


CASES: list[tuple[str, str, Callable[[Hand, int], Any], Callable[[Hand, int], Any]]] = [
    ("win", "win", lambda c, w: _native.is_win_buf(bytearray(c), w, None), brute_win),
    ("waits", "ready", lambda c, w: _native.waits_mask_buf(bytearray(c), w, None), brute_waits),
    ("shanten", "rand", lambda c, w: _native.shanten_buf(bytearray(c), w, None), brute_shanten),
]


def _timed(benchmark: Any, fn: Callable[[Hand, int], Any], hs: list[Hand], w: int, rounds: int) -> None:
    bufs = [bytearray(h) for h in hs]

    def loop() -> None:
        for b in bufs:
            fn(b, w)  # type: ignore[arg-type]

    benchmark.pedantic(loop, rounds=rounds, iterations=1, warmup_rounds=1 if rounds > 1 else 0)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["us_per_call"] = stats.stats.median / len(hs) * 1e6


@pytest.mark.parametrize("wilds", [1, 2, 3, 4])
@pytest.mark.parametrize(("op", "kind", "core", "brute"), CASES, ids=[c[0] for c in CASES])
def test_core(benchmark: Any, op: str, kind: str, core: Any, brute: Any, wilds: int) -> None:
    hs = hands(kind, wilds)
    n = WIN_HANDS if op == "win" else SLOW_HANDS[wilds]
    for h in hs[:n]:  # the gate: no wrong answer is timed
        assert core(h, wilds) == brute(h, wilds), (op, h, wilds)
    benchmark.group = f"wild {op}, {wilds} wild(s)"
    benchmark.extra_info.update(lib="mahjong_core", hands=len(hs))
    _timed(benchmark, core, hs, wilds, rounds=20)


@pytest.mark.parametrize("wilds", [1, 2, 3, 4])
@pytest.mark.parametrize(("op", "kind", "core", "brute"), CASES, ids=[c[0] for c in CASES])
def test_substitution(benchmark: Any, op: str, kind: str, core: Any, brute: Any, wilds: int) -> None:
    hs = hands(kind, wilds)[: WIN_HANDS if op == "win" else SLOW_HANDS[wilds]]
    benchmark.group = f"wild {op}, {wilds} wild(s)"
    benchmark.extra_info.update(lib="substitution", hands=len(hs))
    _timed(benchmark, brute, hs, wilds, rounds=1)
