"""Throughput of :mod:`mahjong_core.batch` (hands per second).

Each benchmark analyses an ``(N, 34)`` uint8 array of N = 100,000 rows (two
1000-hand corpora repeated 50 times), after checking every distinct row
against the scalar functions.  ``extra_info["hands_per_s"]`` is N divided by
the median time.  "2 threads" splits the rows in two halves analysed by two
threads at once (the kernels run without the GIL).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import corpus
import numpy as np
import pytest

import mahjong_core as mc
from mahjong_core import _batch, _native, batch

pytestmark = pytest.mark.usefixtures("known_answers")

REPEAT = 50
NO_ROWS = np.zeros(0, dtype=np.int32)
"""Empty per-row wilds: ``_batch`` kernels then use their ``wild`` argument."""

SETS = {
    "WIN14+RAND14": ("WIN14", "RAND14"),
    "RAND13+TENPAI13": ("RAND13", "TENPAI13"),
    "WIN10W4+RAND10W4": ("WIN10W4", "RAND10W4"),
}


def _rows(name: str) -> tuple[np.ndarray, int, list[list[int]]]:
    a, b = SETS[name]
    (ha, wa), (hb, wb) = corpus.CORPORA[a], corpus.CORPORA[b]
    assert wa == wb
    distinct = ha + hb
    arr = np.ascontiguousarray(np.tile(np.array(distinct, dtype=np.uint8), (REPEAT, 1)))
    return arr, wa, distinct


def _scalar(op: str, h: list[int], w: int) -> Any:
    c = mc.Counts(h)
    if op == "is_win":
        return _native.is_win(c, w, None)
    if op == "shanten":
        return _native.shanten(c, w, None)
    return _native.waits(c, w, None)


def _check(op: str, got: np.ndarray, distinct: list[list[int]], w: int) -> None:
    n = len(distinct)
    for i, h in enumerate(distinct):
        want = _scalar(op, h, w)
        for rep in (0, REPEAT - 1):
            row = got[rep * n + i]
            have = tuple(np.flatnonzero(row).tolist()) if op == "waits" else row.item()
            assert have == want, f"batch.{op}: {mc.Counts(h).notation()} + {w}: {have!r} != {want!r}"


def _record(benchmark: Any, n: int) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        median = stats.stats.median
        benchmark.extra_info["hands_per_s"] = n / median
        benchmark.extra_info["ns_per_hand"] = median / n * 1e9


CASES = [
    ("is_win", "WIN14+RAND14"),
    ("is_win", "WIN10W4+RAND10W4"),
    ("shanten", "RAND13+TENPAI13"),
    ("waits", "RAND13+TENPAI13"),
]


@pytest.mark.parametrize(("op", "corpus"), CASES)
def test_batch(benchmark: Any, op: str, corpus: str) -> None:
    arr, w, distinct = _rows(corpus)
    fn: Callable[..., np.ndarray] = getattr(batch, op)
    _check(op, fn(arr, w), distinct, w)
    benchmark.group = "batch"
    benchmark.extra_info.update(op=op, corpus=corpus, rows=len(arr), threads=1)
    benchmark(fn, arr, w)
    _record(benchmark, len(arr))


@pytest.mark.parametrize(("op", "corpus"), CASES[:1])
def test_batch_2_threads(benchmark: Any, op: str, corpus: str) -> None:
    arr, w, distinct = _rows(corpus)
    fn: Callable[..., np.ndarray] = getattr(batch, op)
    half = len(arr) // 2
    parts = (arr[:half], arr[half:])
    with ThreadPoolExecutor(2) as pool:

        def run() -> list[np.ndarray]:
            return list(pool.map(lambda p: fn(p, w), parts))

        _check(op, np.concatenate(run()), distinct, w)
        benchmark.group = "batch"
        benchmark.extra_info.update(op=op, corpus=corpus, rows=len(arr), threads=2)
        benchmark(run)
    _record(benchmark, len(arr))


@pytest.mark.parametrize("corpus", ["WIN14+RAND14"])
def test_batch_kernel_only(benchmark: Any, corpus: str) -> None:
    """``_batch.is_win`` called directly: the C loop (with its per-row
    check), without the Python wrapper of ``batch.is_win``."""
    arr, w, distinct = _rows(corpus)
    out = np.empty(len(arr), dtype=np.uint8)
    kernel = mc.HandRules()._kernel
    assert _batch.is_win(arr, NO_ROWS, w, kernel, out) == -1
    _check("is_win", out.astype(bool), distinct, w)
    benchmark.group = "batch"
    benchmark.extra_info.update(op="is_win (kernel only)", corpus=corpus, rows=len(arr), threads=1)
    benchmark(_batch.is_win, arr, NO_ROWS, w, kernel, out)
    _record(benchmark, len(arr))


@pytest.mark.parametrize("corpus", ["WIN14+RAND14"])
def test_batch_kernel_only_2_threads(benchmark: Any, corpus: str) -> None:
    """``_batch.is_win`` on two halves in two threads, without the wrapper."""
    arr, w, distinct = _rows(corpus)
    out = np.empty(len(arr), dtype=np.uint8)
    kernel = mc.HandRules()._kernel
    half = len(arr) // 2
    parts = ((arr[:half], out[:half]), (arr[half:], out[half:]))
    with ThreadPoolExecutor(2) as pool:

        def run() -> list[int]:
            return list(pool.map(lambda p: _batch.is_win(p[0], NO_ROWS, w, kernel, p[1]), parts))

        assert run() == [-1, -1]
        _check("is_win", out.astype(bool), distinct, w)
        benchmark.group = "batch"
        benchmark.extra_info.update(op="is_win (kernel only)", corpus=corpus, rows=len(arr), threads=2)
        benchmark(run)
    _record(benchmark, len(arr))
