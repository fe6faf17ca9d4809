"""Type stub of the batch kernels (src/mahjong_core/_batch.pyx)."""

import numpy as np
import numpy.typing as npt

from ._native import KernelRules

def is_win(
    counts: npt.NDArray[np.uint8], wilds: npt.NDArray[np.int32], wild: int, rules: KernelRules,
    out: npt.NDArray[np.uint8],
) -> int: ...
def shanten(
    counts: npt.NDArray[np.uint8], wilds: npt.NDArray[np.int32], wild: int, rules: KernelRules,
    out: npt.NDArray[np.int8],
) -> int: ...
def waits(
    counts: npt.NDArray[np.uint8], wilds: npt.NDArray[np.int32], wild: int, rules: KernelRules,
    out: npt.NDArray[np.uint8],
) -> int: ...
