"""mahjong-core: a rules engine for Chinese mahjong in all its regional forms.

The analysis layer is re-exported here:

>>> import mahjong_core as mc
>>> mc.shanten("123m456p789s1112z")
0
>>> mc.waits("123m456p789s1112z")
(28,)
"""

from __future__ import annotations

from . import tiles
from ._native import __build_info__
from .analysis import (
    Counts,
    Decomposition,
    DiscardOption,
    Form,
    HandRules,
    Shape,
    Tiles,
    counts,
    decompositions,
    discard_options,
    is_win,
    shanten,
    shanten_by_form,
    waits,
    wild_completes,
)
from .errors import IllegalActionError, IllegalWinError, InvalidHandError, InvalidNotationError, MahjongError
from .tiles import Meld, MeldKind, format_tiles, parse_tiles

__version__ = "0.1.0"

__all__ = [
    "Counts",
    "Decomposition",
    "DiscardOption",
    "Form",
    "HandRules",
    "IllegalActionError",
    "IllegalWinError",
    "InvalidHandError",
    "InvalidNotationError",
    "MahjongError",
    "Meld",
    "MeldKind",
    "Shape",
    "Tiles",
    "__build_info__",
    "__version__",
    "counts",
    "decompositions",
    "discard_options",
    "format_tiles",
    "is_win",
    "parse_tiles",
    "shanten",
    "shanten_by_form",
    "tiles",
    "waits",
    "wild_completes",
]
