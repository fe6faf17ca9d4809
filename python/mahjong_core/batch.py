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

import numpy as np
import numpy.typing as npt

from . import _batch
from ._native import KernelRules
from .analysis import HandRules
from .errors import InvalidHandError

__all__ = ["is_win", "shanten", "waits"]

_DEFAULT = KernelRules()


def _prepare(
    counts: npt.ArrayLike, wilds: int | npt.ArrayLike, mods: tuple[int, ...], what: str
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
    arr = np.ascontiguousarray(counts, dtype=np.uint8)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise InvalidHandError(f"{what}: counts must have shape (N, 34), got {arr.shape}")
    src = np.asarray(counts)
    if src.dtype.kind in "iu" and src.size and (src.min() < 0 or src.max() > 4):
        bad = int(np.argwhere((src < 0) | (src > 4))[0][0])
        raise InvalidHandError(f"{what}: row {bad} has a count outside 0..4: {src[bad].tolist()!r}")
    if arr.size and arr.max() > 4:
        bad = int(np.argwhere(arr > 4)[0][0])
        raise InvalidHandError(f"{what}: row {bad} has a count outside 0..4: {arr[bad].tolist()!r}")
    w = np.ascontiguousarray(np.broadcast_to(np.asarray(wilds, dtype=np.int32), (arr.shape[0],)))
    if w.size and w.min() < 0:
        raise InvalidHandError(f"{what}: row {int(np.argmin(w))} has a negative wild count")
    totals = arr.sum(axis=1, dtype=np.int64) + w
    bad_rows = np.flatnonzero(~np.isin(totals % 3, mods) | (totals > 17))
    if bad_rows.size:
        i = int(bad_rows[0])
        raise InvalidHandError(
            f"{what}: row {i} has {int(totals[i])} tiles (wilds included); "
            f"needs 3n+{' or 3n+'.join(map(str, mods))}, at most 17"
        )
    return arr, w


def _kernel(rules: HandRules | None) -> KernelRules:
    return _DEFAULT if rules is None else rules._kernel


def is_win(
    counts: npt.ArrayLike, wilds: int | npt.ArrayLike = 0, rules: HandRules | None = None
) -> npt.NDArray[np.bool_]:
    """Row-wise :func:`mahjong_core.is_win`."""
    arr, w = _prepare(counts, wilds, (2,), "batch.is_win")
    out = np.empty(arr.shape[0], dtype=np.uint8)
    _batch.is_win(arr, w, _kernel(rules), out)
    return out.view(np.bool_)


def shanten(
    counts: npt.ArrayLike, wilds: int | npt.ArrayLike = 0, rules: HandRules | None = None
) -> npt.NDArray[np.int8]:
    """Row-wise :func:`mahjong_core.shanten`."""
    arr, w = _prepare(counts, wilds, (1, 2), "batch.shanten")
    out = np.empty(arr.shape[0], dtype=np.int8)
    _batch.shanten(arr, w, _kernel(rules), out)
    return out


def waits(
    counts: npt.ArrayLike, wilds: int | npt.ArrayLike = 0, rules: HandRules | None = None
) -> npt.NDArray[np.bool_]:
    """Row-wise :func:`mahjong_core.waits` as an ``(N, 34)`` boolean array."""
    arr, w = _prepare(counts, wilds, (1,), "batch.waits")
    out = np.zeros((arr.shape[0], 34), dtype=np.uint8)
    _batch.waits(arr, w, _kernel(rules), out)
    return out.view(np.bool_)
