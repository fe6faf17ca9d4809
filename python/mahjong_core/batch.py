"""Batch analysis over many hands at once, for research users.

Hands are rows of an ``(N, 34)`` ``uint8`` count array; ``wilds`` is one
number for all rows or one per row.  The loops run in C without the GIL, so
threads can share the work.

>>> import numpy as np
>>> from mahjong_core import batch, counts
>>> hands = np.array([counts("123m456p789s11122z").tolist(),
...                   counts("123m456p789s11123z").tolist()], dtype=np.uint8)
>>> batch.is_win(hands).tolist()
[True, False]
>>> batch.shanten(hands).tolist()
[-1, 0]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _batch
from ._native import KernelRules
from .analysis import HandRules
from .errors import InvalidHandError

__all__ = ["is_win", "shanten", "waits"]

_DEFAULT = KernelRules()


_NO_ROWS = np.zeros(0, dtype=np.int32)


def _prepare(
    counts: npt.ArrayLike, wilds: int | npt.ArrayLike, what: str
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32], int]:
    src = np.asarray(counts)
    arr = np.ascontiguousarray(src, dtype=np.uint8)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise InvalidHandError(f"{what}: counts must have shape (N, 34), got {arr.shape}")
    if arr is not src and src.size and (src.min() < 0 or src.max() > 4):
        # converted from another dtype: out-of-range values would wrap
        bad = int(np.argwhere((src < 0) | (src > 4))[0][0])
        raise InvalidHandError(f"{what}: row {bad} has a count outside 0..4: {src[bad].tolist()!r}")
    if np.ndim(wilds) == 0:
        return arr, _NO_ROWS, int(wilds)  # type: ignore[arg-type]
    w = np.ascontiguousarray(wilds, dtype=np.int32)
    if w.shape != (arr.shape[0],):
        raise InvalidHandError(f"{what}: wilds must be one number or one per row, got shape {w.shape}")
    return arr, w, 0


def _row_error(arr: npt.NDArray[np.uint8], w: npt.NDArray[np.int32], wild: int, row: int, what: str, need: str) -> InvalidHandError:
    wilds = int(w[row]) if w.size else wild
    total = int(arr[row].sum()) + wilds
    return InvalidHandError(
        f"{what}: row {row} is not a valid hand: counts {arr[row].tolist()!r}, {wilds} wild(s), "
        f"{total} tiles; needs counts 0..4, wilds >= 0 and {need} tiles, at most 17"
    )


def _kernel(rules: HandRules | None) -> KernelRules:
    return _DEFAULT if rules is None else rules._kernel


def _run(
    kernel: Callable[..., int], counts: npt.ArrayLike, wilds: int | npt.ArrayLike,
    rules: HandRules | None, what: str, need: str, out_of: Callable[[int], npt.NDArray[Any]],
) -> npt.NDArray[Any]:
    arr, w, wild = _prepare(counts, wilds, what)
    out = out_of(arr.shape[0])
    bad = kernel(arr, w, wild, _kernel(rules), out)
    if bad >= 0:
        raise _row_error(arr, w, wild, bad, what, need)
    return out


def is_win(
    counts: npt.ArrayLike, wilds: int | npt.ArrayLike = 0, rules: HandRules | None = None
) -> npt.NDArray[np.bool_]:
    """Row-wise :func:`mahjong_core.is_win`."""
    out = _run(_batch.is_win, counts, wilds, rules, "batch.is_win", "3n+2",
               lambda n: np.empty(n, dtype=np.uint8))
    return out.view(np.bool_)


def shanten(
    counts: npt.ArrayLike, wilds: int | npt.ArrayLike = 0, rules: HandRules | None = None
) -> npt.NDArray[np.int8]:
    """Row-wise :func:`mahjong_core.shanten`."""
    return _run(_batch.shanten, counts, wilds, rules, "batch.shanten", "3n+1 or 3n+2",
                lambda n: np.empty(n, dtype=np.int8))


def waits(
    counts: npt.ArrayLike, wilds: int | npt.ArrayLike = 0, rules: HandRules | None = None
) -> npt.NDArray[np.bool_]:
    """Row-wise :func:`mahjong_core.waits` as an ``(N, 34)`` boolean array."""
    out = _run(_batch.waits, counts, wilds, rules, "batch.waits", "3n+1",
               lambda n: np.zeros((n, 34), dtype=np.uint8))
    return out.view(np.bool_)
