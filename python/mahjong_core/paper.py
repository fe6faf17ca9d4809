"""Hands written on paper: the one place that turns notation into a
:class:`~mahjong_core.rules.WinContext` (for :meth:`Ruleset.score_hand`,
the score helpers of the rule sets and ``mahjong-core score``).

Every problem with the input raises a :class:`~mahjong_core.MahjongError`
that says which argument is wrong and why.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .errors import InvalidHandError, MahjongError
from .tiles import KIND_NAMES, Meld, MeldKind, counts_of, format_tiles, parse_tile, parse_tiles, parse_wind

if TYPE_CHECKING:
    from .rules import Ruleset, WinContext

__all__ = ["build_context", "context_fields", "parse_value", "score_hand_arguments"]

_FROM_ARGUMENTS = frozenset({
    "seat", "concealed", "win_tile", "melds", "self_drawn", "discarder", "dealer", "flowers",
    "wilds", "wild_tiles", "decompositions", "extra",
})
"""WinContext fields set from score_hand's own arguments, not from ``context``."""


def context_fields() -> dict[str, Any]:
    """The WinContext fields ``context`` may set, with their defaults."""
    return dict(_context_fields())


@functools.lru_cache(maxsize=1)
def _context_fields() -> Mapping[str, Any]:
    from .rules import WinContext

    out: dict[str, Any] = {}
    for f in dataclasses.fields(WinContext):
        if f.name in _FROM_ARGUMENTS:
            continue
        out[f.name] = f.default if f.default is not dataclasses.MISSING else None
    return MappingProxyType(out)


def _physical(rs: Ruleset) -> frozenset[int]:
    """The tile ids of ``rs``'s wall (cached on the rule set: options are frozen)."""
    cached: frozenset[int] | None = rs.__dict__.get("_paper_tiles")
    if cached is None:
        cached = frozenset(rs.wall_tiles())
        rs.__dict__["_paper_tiles"] = cached
    return cached


_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n", ""}


def parse_value(key: str, value: Any, default: Any) -> Any:
    """``value`` for a field whose default is ``default``: booleans and ints
    also from their text (``"true"``, ``"2"``), winds as ``E``/``东``/0..3,
    kind sets from notation."""
    if key in ("seat_wind", "round_wind"):
        return parse_wind(value, key)
    if key == "wild_kinds":
        kinds = parse_tiles(value) if isinstance(value, str) else list(value)
        return frozenset(int(k) for k in kinds)
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise MahjongError(f"context {key}: {value!r} is not a yes/no value")
    if isinstance(default, int) or key in ("kong_fed_by", "liable"):
        if value is None:
            return None
        try:
            return int(value)
        except (TypeError, ValueError):
            raise MahjongError(f"context {key}: {value!r} is not a whole number") from None
    if key == "meld_sources":
        if isinstance(value, str):
            value = value.split(",") if value.strip() else []
        out: list[int | None] = []
        for v in value:
            if v is None or (isinstance(v, str) and v.strip().lower() in ("", "none", "-")):
                out.append(None)
                continue
            try:
                out.append(int(v))
            except (TypeError, ValueError):
                raise MahjongError(f"context meld_sources: {v!r} is not a seat (or '-')") from None
        return tuple(out)
    return value


def _tiles(value: str | Sequence[int] | int, what: str) -> list[int]:
    if isinstance(value, str):
        try:
            return parse_tiles(value)
        except MahjongError as e:
            raise type(e)(f"{what}: {e}") from None
    if isinstance(value, int):
        return [value]
    return [int(t) for t in value]


def _seat(value: Any, what: str, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise MahjongError(f"{what} {value!r} is not a seat 0..{n - 1}")
    return value


@functools.lru_cache(maxsize=4096)
def _parse_meld(text: str) -> Meld:
    """:meth:`Meld.parse`, remembered (melds are immutable values and a game
    names a few hundred different ones)."""
    return Meld.parse(text)


def build_context(
    rs: Ruleset,
    hand: str | Sequence[int],
    *,
    win_tile: str | int,
    melds: Iterable[str | Meld] = (),
    winner: int = 0,
    dealer: int = 0,
    discarder: int | None = None,
    flowers: str | Sequence[int] = (),
    context: Mapping[str, Any] | None = None,
) -> WinContext:
    """The :class:`WinContext` of a win on paper under rule set ``rs`` (see
    :meth:`Ruleset.score_hand` for the arguments)."""
    from .rules import WinContext

    n = rs.num_players
    winner = _seat(winner, "winner", n)
    dealer = _seat(dealer, "dealer", n)
    if discarder is not None:
        discarder = _seat(discarder, "discarder", n)
        if discarder == winner:
            raise MahjongError(f"discarder {discarder!r} is the winner: a self-drawn win has discarder=None")
    fields = _context_fields()
    given = dict(context or {})
    values: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in given.items():
        if key in fields:
            default = fields[key]
            if value is default or (type(value) is bool and value == default):
                continue  # the default: nothing to parse
            values[key] = parse_value(key, value, default)
        elif key in rs.context_keys:
            extra[key] = value
        else:
            known = sorted(fields) + sorted(rs.context_keys)
            raise MahjongError(f"{rs.id}: unknown context key {key!r}; known: {', '.join(known)}")
    if values.get("robbed_kong") and discarder is None:
        raise MahjongError("context robbed_kong: a robbed kong needs the discarder (the seat whose kong was robbed)")
    if values.get("kong_replacement") and discarder is not None:
        raise MahjongError("context kong_replacement: a win on a kong's replacement tile is self-drawn (discarder=None)")
    if values.get("kong_discard") and discarder is None:
        raise MahjongError("context kong_discard: 杠上炮 is a win on a discard (give the discarder)")

    held = _tiles(hand, "hand")
    win = parse_tile(win_tile) if isinstance(win_tile, str) else int(win_tile)
    meld_list = [m if isinstance(m, Meld) else _parse_meld(m) for m in melds]
    for m in meld_list:
        if m.kind is MeldKind.SPECIAL:
            _check_special(rs, m)
    flower_ids = _tiles(flowers, "flowers") if flowers else []
    wild = values.get("wild_kinds")
    if wild is None:
        wild = frozenset(rs.paper_wild_kinds(extra))
        values["wild_kinds"] = wild
    physical = _physical(rs)
    everything = held + [win] + [k for m in meld_list for k in m.tiles]
    flower_set = frozenset(rs.flower_tiles)
    for t in everything:
        if t >= 34 or t not in physical or t in flower_set:
            if t not in physical:
                raise InvalidHandError(f"{rs.id}: tile {KIND_NAMES[t]!r} is not in this rule set's tiles")
            if t not in wild:
                raise InvalidHandError(
                    f"{rs.id}: {KIND_NAMES[t]!r} is a flower: flowers go in 'flowers', not in the hand, win or melds"
                )
    kind_flowers = rs.paper_flower_kinds(extra) if any(f < 34 for f in flower_ids) else frozenset()
    for f in flower_ids:
        if f not in rs.flower_tiles and f not in kind_flowers:
            raise InvalidHandError(f"flowers: {KIND_NAMES[f]!r} is not a flower of {rs.id}")
    counts_of([t for t in everything + flower_ids if t < 34])  # at most four of a kind
    size = len(held) + 1 + 3 * len(meld_list)
    if size != rs.hand_size + 1:
        raise InvalidHandError(
            f"{rs.id}: a winning hand has {rs.hand_size + 1} tiles (a kong counts 3), got {size}: "
            f"hand {len(held)} + the winning tile + {len(meld_list)} meld(s)"
            + (f" (and {rs.imagined_tiles} imagined, not written)" if rs.imagined_tiles else "")
        )
    concealed = sorted(t for t in held + [win] if t not in wild)
    wild_tiles = sorted(t for t in held + [win] if t in wild)
    if values.get("wild_win_tile"):
        if discarder is not None:
            raise MahjongError("context wild_win_tile: a wild winning tile is a drawn one (discarder=None)")
        if win not in wild:  # only the winning tile is wild, not the other tiles of its kind
            concealed.remove(win)
            wild_tiles = sorted(wild_tiles + [win])
    sources = values.pop("meld_sources", None)
    if sources is not None and len(sources) != len(meld_list):
        raise MahjongError(f"context meld_sources: {len(sources)} source(s) for {len(meld_list)} meld(s)")
    values.setdefault("seat_wind", (winner - dealer) % n)
    return WinContext(
        seat=winner,
        concealed=tuple(concealed),
        win_tile=win,
        melds=tuple(meld_list),
        meld_sources=tuple(sources) if sources is not None else (None,) * len(meld_list),
        self_drawn=discarder is None,
        discarder=discarder,
        dealer=winner == dealer,
        flowers=tuple(flower_ids),
        wilds=len(wild_tiles) + rs.imagined_tiles,  # (心皇: imagined tiles are wild too)
        wild_tiles=tuple(wild_tiles),
        extra=extra,
        **values,
    )


def _check_special(rs: Ruleset, meld: Meld) -> None:
    """A special kong on paper holds the kinds of one of the rule set's
    ``special_melds`` (each once; more copies of them only with
    ``special_meld_additions``)."""
    kinds = sorted(set(meld.tiles))
    for group in rs.special_melds:
        if sorted(group) == kinds and (len(meld.tiles) == len(group) or rs.special_meld_additions):
            return
    known = ", ".join(format_tiles(sorted(g)) for g in rs.special_melds) or "none"
    raise InvalidHandError(f"{rs.id}: {str(meld)!r} is not a special kong of this rule set (special kongs: {known})")


def score_hand_arguments(ctx: WinContext, dealer: int, imagined: int = 0) -> dict[str, Any]:
    """The keyword arguments of :meth:`Ruleset.score_hand` that write the win
    of ``ctx`` (one the engine made, or a recorded one) on paper again:
    ``rs.score_hand(**score_hand_arguments(ctx, table.dealer))`` scores it
    as the engine did.  ``dealer`` is the dealer's seat (a context says only
    whether the winner deals); ``imagined``: the rule set's
    ``imagined_tiles`` (wild tiles never in the hand: 心皇).

    :raises MahjongError: for a win without a winning tile (an opening win),
        or wild tiles of more than one kind other than flowers when
        ``ctx.wild_tiles`` does not tell which ones were held (wild flowers
        are interchangeable).
    """
    held = list(ctx.concealed)
    wilds = ctx.wilds - imagined  # (心皇: imagined tiles are not in the hand)
    if wilds and len(ctx.wild_tiles) == wilds:
        held += ctx.wild_tiles
        wilds = 0
    elif ctx.wild_win_tile and ctx.win_tile not in ctx.wild_kinds:
        held.append(ctx.win_tile)  # the drawn tile that was wild (the context says so)
        wilds -= 1
    if wilds:
        if len(ctx.wild_kinds) == 1:
            held += [next(iter(ctx.wild_kinds))] * wilds
        elif ctx.wild_kinds and min(ctx.wild_kinds) >= 34 and wilds <= len(ctx.wild_kinds):
            # wild flowers (one tile each, never read as themselves): any
            # wilds of them, the winning tile first when it is one
            first = [ctx.win_tile] if ctx.win_tile in ctx.wild_kinds else []
            held += first + sorted(ctx.wild_kinds - set(first))[: wilds - len(first)]
        else:
            raise MahjongError(f"score_hand_arguments: {wilds} wild tile(s) of the kinds {sorted(ctx.wild_kinds)!r}")
    if ctx.win_tile not in held:
        raise MahjongError(f"score_hand_arguments: the winning tile {ctx.win_tile!r} is not in the hand")
    held.remove(ctx.win_tile)
    context: dict[str, Any] = dict(ctx.extra)
    for name, default in _context_fields().items():
        value = getattr(ctx, name)
        if name == "meld_sources":
            if any(x is not None for x in value):
                context[name] = tuple(value)
        elif value != default:
            context[name] = value
    return {
        "hand": format_tiles(held), "win_tile": ctx.win_tile, "melds": list(ctx.melds), "winner": ctx.seat,
        "dealer": dealer, "discarder": None if ctx.self_drawn else ctx.discarder, "flowers": ctx.flowers,
        "context": context,
    }
