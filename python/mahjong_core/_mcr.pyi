"""Type stub of the MCR fan-counting kernel (src/mahjong_core/_mcr.pyx)."""

from collections.abc import Callable, Iterable, Sequence
from .rules import ScoreItem, ScoreSheet, WinContext
from .tiles import Meld, MeldKind

FEATURES: tuple[str, ...]
COMBOS: tuple[str, ...]
OPS: dict[str, int]
STACK: int
BOUND_FANS: tuple[str, ...]

class Table:
    def __init__(
        self,
        codes: Sequence[Sequence[int] | None],
        values: Sequence[int],
        scopes: Sequence[int],
        excludes: Sequence[Sequence[int]],
        reduces: Sequence[Sequence[tuple[int, int]]],
        chicken: int,
        flowers: int,
        prefer: tuple[int, int],
        outside_only: bool,
        items: Sequence[tuple[ScoreItem | None, ...]],
        make_item: Callable[[int, int], ScoreItem],
        meld_kinds: Iterable[MeldKind],
        sheet_type: type[ScoreSheet],
        unit: str,
        base_points: int,
        notes_format: str,
        bound_values: Sequence[int] | None = ...,
    ) -> None: ...
    @property
    def nfans(self) -> int: ...

def score(
    table: Table,
    tiles: Iterable[int],
    win: int,
    melds: Iterable[Meld],
    self_drawn: bool,
    kong: bool,
    last_tile: bool,
    fourth_tile: bool,
    seat_wind: int,
    round_wind: int,
    flowers: int,
    first_turn: bool = ...,
    first_go_around: bool = ...,
    dealer: bool = ...,
    ready_on_deal: bool = ...,
    wild_kong: bool = ...,
) -> ScoreSheet | None: ...
def below_minimum(table: Table, ctx: WinContext, min_fan: int) -> bool: ...
def fans_bound(
    table: Table,
    tiles: Iterable[int],
    win: int,
    melds: Iterable[Meld],
    self_drawn: bool,
    kong: bool,
    last_tile: bool,
    fourth_tile: bool,
    seat_wind: int,
    round_wind: int,
    first_turn: bool = ...,
    first_go_around: bool = ...,
    dealer: bool = ...,
    ready_on_deal: bool = ...,
    wild_kong: bool = ...,
) -> int | None: ...
def _py_readings(
    table: Table,
    tiles: Iterable[int],
    win: int,
    melds: Iterable[Meld],
    self_drawn: bool,
    kong: bool,
    last_tile: bool,
    fourth_tile: bool,
    seat_wind: int,
    round_wind: int,
    flowers: int,
    first_turn: bool = ...,
    first_go_around: bool = ...,
    dealer: bool = ...,
    ready_on_deal: bool = ...,
    wild_kong: bool = ...,
) -> list[tuple[int, ...]] | None: ...
def _py_waits(table: Table, standing: Iterable[int], seven_pairs: bool) -> tuple[int, int]: ...
def _py_combos(chows: Iterable[int], pungs: Iterable[int]) -> tuple[int, ...]: ...
def _py_run(code: Sequence[int], features: Sequence[int]) -> int: ...
def _verify(code: Sequence[int]) -> None: ...

