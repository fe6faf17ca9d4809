"""The ``mahjong-core`` command.

One sub-command per function (``cmd_<name>``), each registered on the
argument parser by ``_add_<name>``; :func:`main` parses, dispatches and turns
every :class:`~mahjong_core.errors.MahjongError` into a one-line message on
stderr and exit code 2.

.. code-block:: console

    $ mahjong-core analyze "123m456p789s1112z"
    $ mahjong-core analyze 一万 二万 三万 ... --json
    $ mahjong-core analyze "19m19p19s123456z" --wilds 2 --forms standard,thirteen-orphans
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from . import __version__
from .analysis import (
    Counts,
    Decomposition,
    DiscardOption,
    Form,
    HandRules,
    Shape,
    counts,
    decompositions,
    discard_options,
    is_win,
    shanten,
    shanten_by_form,
    waits,
    wild_completes,
)
from .errors import InvalidHandError, MahjongError
from .tiles import KIND_NAMES, NUM_KINDS, format_tiles, parse_tiles, tile_name

if TYPE_CHECKING:  # rich is imported on use: botzone-bot, run once per turn, never needs it
    from rich.text import Text

__all__ = [
    "FORM_NAMES",
    "SAMPLE_HAND",
    "SHAPE_NAMES",
    "analyze_hand",
    "build_parser",
    "cmd_analyze",
    "main",
    "parse_forms",
    "print_analysis",
    "render_decomposition",
    "render_slots",
    "unit_slots",
]

PROG = "mahjong-core"

SAMPLE_HAND = "111122223333m55p"
"""Analysed by ``mahjong-core analyze`` without a hand: 14 tiles that read as
four chows, as three pungs and a chow, and as seven pairs."""

MAX_TILES = 17
"""Largest hand the analysis accepts (wilds included)."""

# ---------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------

FORM_NAMES: dict[Form, str] = {
    Form.STANDARD: "standard",
    Form.SEVEN_PAIRS: "seven-pairs",
    Form.THIRTEEN_ORPHANS: "thirteen-orphans",
    Form.KNITTED: "knitted",
    Form.GREATER_KNITTED: "greater-knitted",
    Form.KNITTED_STRAIGHT: "knitted-straight",
    Form.SHISANLAN: "shisanlan",
}
"""The name of each form on the command line and in JSON output."""

_FORM_LABELS: dict[Form, str] = {
    Form.STANDARD: "standard",
    Form.SEVEN_PAIRS: "seven pairs 七对",
    Form.THIRTEEN_ORPHANS: "thirteen orphans 十三幺",
    Form.KNITTED: "knitted 全不靠",
    Form.GREATER_KNITTED: "greater knitted 七星不靠",
    Form.KNITTED_STRAIGHT: "knitted straight 组合龙",
    Form.SHISANLAN: "shisanlan 十三烂",
}

_FORM_BY_NAME: dict[str, Form] = {name: form for form, name in FORM_NAMES.items()}

SHAPE_NAMES: dict[Shape, str] = {
    Shape.PAIR: "pair",
    Shape.PUNG: "pung",
    Shape.CHOW: "chow",
    Shape.HONOR_CHOW: "honor-chow",
    Shape.KNITTED: "knitted",
    Shape.SINGLE: "single",
    Shape.WILD_PAIR: "wild-pair",
    Shape.WILD_SET: "wild-set",
}
"""The name of each unit shape in JSON output."""

_SHAPE_LABELS: dict[Shape, str] = {
    Shape.PAIR: "pair",
    Shape.PUNG: "pung",
    Shape.CHOW: "chow",
    Shape.HONOR_CHOW: "honour chow",
    Shape.KNITTED: "knitted straight",
    Shape.SINGLE: "single",
    Shape.WILD_PAIR: "pair of any kind",
    Shape.WILD_SET: "set of any kind",
}

_ARRANGEMENTS: tuple[tuple[int, ...], ...] = tuple(itertools.permutations((0, 1, 2)))
_ALL_NOTATION = format_tiles(range(NUM_KINDS))
_PAIR_258_NOTATION = format_tiles(sorted(HandRules.PAIR_258))
_JOKER_GLYPH = "\U0001f02a"  # MAHJONG TILE JOKER, for a wild of unnamed kind

# ---------------------------------------------------------------------------
# Units
# ---------------------------------------------------------------------------

Slot = tuple[int | None, bool]
"""One tile of a unit: its kind (``None`` for a wild of any kind) and whether
a wild plays it."""


def unit_slots(shape: Shape, kind: int, wilds: int) -> list[Slot]:
    """The tiles of one decomposition unit, in reading order.

    >>> unit_slots(Shape.CHOW, 0, 0b100)
    [(0, False), (1, False), (2, True)]
    >>> unit_slots(Shape.PUNG, 31, 1)
    [(31, False), (31, False), (31, True)]
    """
    shape = Shape(shape)
    if shape in (Shape.PAIR, Shape.PUNG):
        size = 2 if shape is Shape.PAIR else 3
        return [(kind, i >= size - wilds) for i in range(size)]
    if shape is Shape.CHOW:
        return [(kind + i, bool(wilds >> i & 1)) for i in range(3)]
    if shape is Shape.HONOR_CHOW:
        kinds = [27 + j for j in range(7) if kind >> j & 1]
        return [(k, bool(wilds >> i & 1)) for i, k in enumerate(kinds)]
    if shape is Shape.KNITTED:
        x, y, z = _ARRANGEMENTS[kind]
        kinds = (
            [x * 9 + d for d in (0, 3, 6)] + [y * 9 + d for d in (1, 4, 7)] + [z * 9 + d for d in (2, 5, 8)]
        )
        return [(k, bool(wilds >> i & 1)) for i, k in enumerate(kinds)]
    if shape is Shape.SINGLE:
        return [(kind, wilds == 1)]
    if shape is Shape.WILD_PAIR:
        return [(None, True)] * 2
    return [(None, True)] * 3  # WILD_SET


def render_slots(slots: Sequence[Slot], *, glyphs: bool = False) -> str:
    """Compact notation for the tiles of a unit, with the tiles that wilds
    play in brackets: ``1[2]3m``, ``5[55]z``; a wild of any kind is ``W``.

    >>> render_slots(unit_slots(Shape.CHOW, 0, 0b010))
    '1[2]3m'
    >>> render_slots(unit_slots(Shape.WILD_SET, -1, 3))
    '[WWW]'
    """
    out: list[str] = []
    suit = ""  # suit letter owed after the pending digits
    open_bracket = False

    def close_suit() -> None:
        nonlocal suit
        if suit:
            out.append(suit)
            suit = ""

    for kind, wild in slots:
        if glyphs:
            text = _JOKER_GLYPH if kind is None else format_tiles([kind], glyphs=True)
            tile_suit = ""
        elif kind is None:
            text, tile_suit = "W", ""
        else:
            text, tile_suit = KIND_NAMES[kind][0], KIND_NAMES[kind][1]
        if tile_suit != suit:
            if open_bracket:
                out.append("]")
                open_bracket = False
            close_suit()
            suit = tile_suit
        if wild and not open_bracket:
            out.append("[")
            open_bracket = True
        elif not wild and open_bracket:
            out.append("]")
            open_bracket = False
        out.append(text)
    if open_bracket:
        out.append("]")
    close_suit()
    return "".join(out)


def _display_units(d: Decomposition) -> list[tuple[Shape, int, int]]:
    """Units in reading order: sets by their lowest tile, then the pair(s)."""

    def key(unit: tuple[Shape, int, int]) -> tuple[bool, int, int]:
        kinds = [k for k, _ in unit_slots(*unit) if k is not None]
        return (unit[0] in (Shape.PAIR, Shape.WILD_PAIR), min(kinds, default=NUM_KINDS), int(unit[0]))

    return sorted(d.units, key=key)


def render_decomposition(d: Decomposition, *, glyphs: bool = False) -> str:
    """One reading on one line: ``123m chow · 4[5]6p chow · 55z pair``.

    Runs of single tiles (全不靠, 十三烂, 十三幺) are shown together.
    """
    parts: list[str] = []
    singles: list[Slot] = []
    for shape, kind, w in _display_units(d):
        if shape is Shape.SINGLE:
            singles.extend(unit_slots(shape, kind, w))
            continue
        parts.append(f"{render_slots(unit_slots(shape, kind, w), glyphs=glyphs)} {_SHAPE_LABELS[shape]}")
    if singles:
        label = "single" if len(singles) == 1 else "singles"
        parts.append(f"{render_slots(singles, glyphs=glyphs)} {label}")
    return " · ".join(parts)


def _unit_json(shape: Shape, kind: int, w: int) -> dict[str, Any]:
    slots = unit_slots(shape, kind, w)
    named = shape not in (Shape.HONOR_CHOW, Shape.KNITTED) and kind >= 0
    return {
        "shape": SHAPE_NAMES[Shape(shape)],
        "kind": kind,
        "tile": KIND_NAMES[kind] if named else None,
        "wilds": w,
        "tiles": [None if k is None else KIND_NAMES[k] for k, _ in slots],
        "wild_tiles": [None if k is None else KIND_NAMES[k] for k, wild in slots if wild],
        "text": render_slots(slots),
    }


def _decomposition_json(d: Decomposition) -> dict[str, Any]:
    return {
        "form": FORM_NAMES[d.form],
        "units": [_unit_json(shape, kind, w) for shape, kind, w in d.units],
        "text": render_decomposition(d),
    }


# ---------------------------------------------------------------------------
# Option parsing helpers
# ---------------------------------------------------------------------------


def parse_forms(text: str) -> frozenset[Form]:
    """``"standard,seven-pairs"`` -> the forms; ``"all"`` is every form.

    >>> sorted(parse_forms("Seven_Pairs, standard"))
    [<Form.STANDARD: 0>, <Form.SEVEN_PAIRS: 1>]
    """
    forms: set[Form] = set()
    for raw in text.split(","):
        name = raw.strip().lower().replace("_", "-").replace(" ", "-")
        if not name:
            continue
        if name == "all":
            forms.update(Form)
            continue
        form = _FORM_BY_NAME.get(name)
        if form is None:
            choices = ", ".join(FORM_NAMES.values())
            raise InvalidHandError(
                f"--forms: unknown form {raw.strip()!r} (expected all or some of: {choices})"
            )
        forms.add(form)
    if not forms:
        raise InvalidHandError(f"--forms: no form given in {text!r}")
    return frozenset(forms)


def _kinds(text: str, option: str) -> list[int]:
    """Parse notation for an option; flowers are refused."""
    ids = parse_tiles(text)
    for t in ids:
        if t >= NUM_KINDS:
            raise InvalidHandError(f"{option}: flower {KIND_NAMES[t]!r} is not a hand tile kind")
    return ids


def _rules_from_args(args: argparse.Namespace) -> HandRules:
    default = HandRules()
    forms = parse_forms(args.forms) if args.forms is not None else default.forms
    wild_kinds = (
        frozenset(_kinds(args.wild_kinds, "--wild-kinds"))
        if args.wild_kinds is not None
        else default.wild_kinds
    )
    if not wild_kinds:
        raise InvalidHandError("--wild-kinds: no tile kinds given")
    return HandRules(
        forms=forms,
        seven_pairs_distinct=args.seven_pairs_distinct,
        honor_chows=args.honor_chows,
        pair_kinds=HandRules.PAIR_258 if args.pair_258 else default.pair_kinds,
        wild_kinds=wild_kinds,
    )


# ---------------------------------------------------------------------------
# analyze
# ---------------------------------------------------------------------------


def analyze_hand(
    hand: str,
    *,
    wilds: int = 0,
    rules: HandRules | None = None,
    visible: str = "",
    glyphs: bool = False,
) -> dict[str, Any]:
    """Everything ``mahjong-core analyze`` reports, as a JSON-ready dict.

    With ``glyphs`` each decomposition also gets a ``glyph_text``.

    :raises MahjongError: for bad notation, an impossible hand, or a hand size
        that is neither 3n+1 nor 3n+2 (wilds included).
    """
    rules = rules if rules is not None else HandRules()
    if wilds < 0:
        raise InvalidHandError(f"--wilds must be 0 or more, got {wilds}")
    ids = parse_tiles(hand)
    seen_ids = _kinds(visible, "--visible") if visible.strip() else []
    c: Counts = counts(ids)
    held = c.tolist()
    total = c.total + wilds
    shown = f"{format_tiles(ids) or 'no tiles'} + {wilds} wild(s) is {total}"
    if total % 3 == 0:
        raise InvalidHandError(
            f"a hand needs 3n+1 tiles (to wait) or 3n+2 tiles (to win or discard), wilds included; {shown}"
        )
    if total > MAX_TILES:
        raise InvalidHandError(f"a hand has at most {MAX_TILES} tiles, wilds included; {shown}")

    seen = [0] * NUM_KINDS
    for k in seen_ids:
        seen[k] += 1
    for k in dict.fromkeys(seen_ids):  # every copy given is counted before the check
        if held[k] + seen[k] > 4:
            raise InvalidHandError(
                f"--visible: {seen[k]} visible {KIND_NAMES[k]!r} and {held[k]} in the hand"
                " make more than four"
            )

    by_form = shanten_by_form(c, wilds=wilds, rules=rules)
    if not by_form:
        allowed = ", ".join(FORM_NAMES[f] for f in sorted(rules.forms))
        raise InvalidHandError(f"none of the allowed forms ({allowed}) applies to a hand of {total} tiles")

    result: dict[str, Any] = {
        "hand": format_tiles(ids),
        "wilds": wilds,
        "tiles": total,
        "visible": format_tiles(seen_ids),
        "rules": {
            "forms": [FORM_NAMES[f] for f in sorted(rules.forms)],
            "seven_pairs_distinct": rules.seven_pairs_distinct,
            "honor_chows": rules.honor_chows,
            "pair_kinds": format_tiles(sorted(rules.pair_kinds)),
            "wild_kinds": format_tiles(sorted(rules.wild_kinds)),
        },
        "shanten": shanten(c, wilds=wilds, rules=rules),
        "shanten_by_form": {FORM_NAMES[f]: v for f, v in sorted(by_form.items())},
        "not_applicable": [FORM_NAMES[f] for f in sorted(rules.forms) if f not in by_form],
    }

    if total % 3 == 1:
        wait_kinds = waits(c, wilds=wilds, rules=rules)
        unseen = [max(0, 4 - held[k] - seen[k]) for k in wait_kinds]
        result["win"] = False
        result["waits"] = [
            {"tile": KIND_NAMES[k], "kind": k, "unseen": u} for k, u in zip(wait_kinds, unseen)
        ]
        result["unseen"] = sum(unseen)
        result["wild_completes"] = wild_completes(c, wilds=wilds, rules=rules)
        result["decompositions"] = []
    else:
        win = is_win(c, wilds=wilds, rules=rules)
        result["win"] = win
        found = decompositions(c, wilds=wilds, rules=rules) if win else ()
        result["decompositions"] = [_decomposition_json(d) for d in found]
        if glyphs:
            for entry, d in zip(result["decompositions"], found):
                entry["glyph_text"] = render_decomposition(d, glyphs=True)
        options: tuple[DiscardOption, ...] = discard_options(c, wilds=wilds, rules=rules, visible=seen_ids)
        result["discards"] = [
            {
                "discard": KIND_NAMES[o.discard],
                "kind": o.discard,
                "shanten": o.shanten,
                "improving": [KIND_NAMES[k] for k in o.improving],
                "unseen": o.unseen,
            }
            for o in options
        ]
    return result


def _shanten_words(value: int) -> str:
    if value < 0:
        return "complete"
    if value == 0:
        return "ready"
    return f"{value} from ready"


def _tile_cell(name: str, glyphs: bool) -> Text:
    from rich.text import Text

    kind = KIND_NAMES.index(name)
    if glyphs:
        return Text(format_tiles([kind], glyphs=True))
    text = Text(name)
    text.append(f" {tile_name(kind, 'zh')}", style="dim")
    return text


def _tiles_text(names: Iterable[str], glyphs: bool) -> str:
    kinds = [KIND_NAMES.index(n) for n in names]
    return format_tiles(kinds, glyphs=glyphs)


def print_analysis(result: dict[str, Any], out: TextIO, *, glyphs: bool = False, limit: int = 30) -> None:
    """The terminal report of :func:`analyze_hand`'s result (rich tables)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(file=out, highlight=False, soft_wrap=False)
    ids = parse_tiles(result["hand"])
    hand_text = format_tiles(ids, glyphs=glyphs) if ids else "(no tiles)"
    header = Text("Hand: ", style="bold")
    header.append(hand_text)
    if result["wilds"]:
        header.append(f" + {result['wilds']} wild{'s' if result['wilds'] != 1 else ''}")
    header.append(f"  ({result['tiles']} tiles)", style="dim")
    if result.get("sample"):
        header.append("  (sample hand)", style="italic")
    console.print(header)
    if result["visible"]:
        seen = Text("Visible: ", style="bold")
        seen.append(_tiles_text_from_notation(result["visible"], glyphs))
        console.print(seen)
    rules = result["rules"]
    console.print(_heading("Forms", ", ".join(rules["forms"])))
    extras = [
        label
        for flag, label in (
            (rules["seven_pairs_distinct"], "seven distinct pairs"),
            (rules["honor_chows"], "honour chows"),
            (
                rules["pair_kinds"] != _ALL_NOTATION,
                "2-5-8 pair"
                if rules["pair_kinds"] == _PAIR_258_NOTATION
                else f"pair from {rules['pair_kinds']}",
            ),
            (
                result["wilds"] and rules["wild_kinds"] != _ALL_NOTATION,
                f"wilds stand for {rules['wild_kinds']}",
            ),
        )
        if flag
    ]
    if extras:
        console.print(_heading("Rules", ", ".join(extras)))

    complete = result["tiles"] % 3 == 2
    if complete:
        win = Text("Win: ", style="bold")
        win.append("yes" if result["win"] else "no", style="bold green" if result["win"] else "red")
        console.print(win)

    sh = result["shanten"]
    console.print(_heading("Shanten", f"{sh} ({_shanten_words(sh)})"))
    table = Table()
    table.add_column("Form")
    table.add_column("Shanten", justify="right")
    table.add_column("")
    best_forms = {name for name, v in result["shanten_by_form"].items() if v == sh}
    for name, v in result["shanten_by_form"].items():
        style = "bold" if name in best_forms else ""
        table.add_row(_FORM_LABELS[_FORM_BY_NAME[name]], str(v), _shanten_words(v), style=style)
    for name in result["not_applicable"]:
        table.add_row(_FORM_LABELS[_FORM_BY_NAME[name]], "-", f"not for {result['tiles']} tiles", style="dim")
    console.print(table)

    if not complete:
        wait_list: list[dict[str, Any]] = result["waits"]
        if wait_list:
            console.print(_heading("Waits", f"{_plural(len(wait_list), 'kind')}, {result['unseen']} unseen"))
            wt = Table()
            wt.add_column("Tile")
            wt.add_column("Unseen", justify="right")
            for w in wait_list:
                wt.add_row(_tile_cell(w["tile"], glyphs), str(w["unseen"]))
            console.print(wt)
        else:
            console.print(_heading("Waits", "none (not ready)"))
        console.print(_heading("A drawn wild completes it", "yes" if result["wild_completes"] else "no"))
        return

    decomps: list[dict[str, Any]] = result["decompositions"]
    if decomps:
        console.print(
            _heading("Decompositions", f"{len(decomps)}  ([ ] = played by a wild, W = a wild of any kind)")
        )
        dt = Table()
        dt.add_column("#", justify="right")
        dt.add_column("Form")
        dt.add_column("Units")
        shown = decomps if limit <= 0 else decomps[:limit]
        for i, d in enumerate(shown, 1):
            text = d["glyph_text"] if glyphs else d["text"]
            dt.add_row(str(i), _FORM_LABELS[_FORM_BY_NAME[d["form"]]], Text(text))
        if len(shown) < len(decomps):
            dt.add_row(
                "",
                "",
                Text(f"... {len(decomps) - len(shown)} more (--limit 0 or --json shows all)", style="dim"),
            )
        console.print(dt)

    discards: list[dict[str, Any]] = result["discards"]
    if discards:
        console.print(_heading("Discard advice", "best first"))
        tt = Table()
        tt.add_column("Discard")
        tt.add_column("Shanten after", justify="right")
        tt.add_column("Improving tiles", overflow="fold")
        tt.add_column("Kinds", justify="right")
        tt.add_column("Unseen", justify="right")
        top = (discards[0]["shanten"], discards[0]["unseen"])
        for o in discards:
            style = "bold green" if (o["shanten"], o["unseen"]) == top else ""
            tt.add_row(
                _tile_cell(o["discard"], glyphs),
                str(o["shanten"]),
                Text(_tiles_text(o["improving"], glyphs) or "-"),
                str(len(o["improving"])),
                str(o["unseen"]),
                style=style,
            )
        console.print(tt)
    else:
        console.print(_heading("Discard advice", "none (no real tile to discard)"))


def _heading(label: str, value: str) -> Text:
    from rich.text import Text

    text = Text(f"{label}: ", style="bold")
    text.append(value)
    return text


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _tiles_text_from_notation(text: str, glyphs: bool) -> str:
    return format_tiles(parse_tiles(text), glyphs=glyphs)


def cmd_analyze(args: argparse.Namespace) -> int:
    """``mahjong-core analyze``: win, shanten, waits, decompositions, discards."""
    words: list[str] = args.hand
    sample = not words
    hand = SAMPLE_HAND if sample else " ".join(words)
    rules = _rules_from_args(args)
    result = analyze_hand(hand, wilds=args.wilds, rules=rules, visible=args.visible or "", glyphs=args.glyphs)
    result["sample"] = sample
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    print_analysis(result, sys.stdout, glyphs=args.glyphs, limit=args.limit)
    return 0


def _add_analyze(sub: Any) -> None:
    forms = ", ".join(FORM_NAMES.values())
    defaults = ",".join(FORM_NAMES[f] for f in sorted(HandRules().forms))
    p: argparse.ArgumentParser = sub.add_parser(
        "analyze",
        aliases=["analyse"],
        help="win, shanten, waits, decompositions and discard advice for one hand",
        description=(
            "Analyse one hand of 3n+1 tiles (shanten per form, waits with unseen counts, whether a "
            "drawn wild completes it) or 3n+2 tiles (win, shanten per form, every decomposition, "
            "discard advice). Wilds are counted on top of HAND."
        ),
        epilog=(
            "HAND is tile notation: compact groups such as 123m456p789s1122z "
            "(m characters, p dots, s bamboo, z = East South West North White Green Red) "
            "or Chinese names such as 一万 九筒 东 中; several words are joined. "
            f"Without HAND a sample hand ({SAMPLE_HAND}) is analysed. "
            "Exit status: 0 on success, 2 on bad input."
        ),
    )
    p.add_argument(
        "hand", nargs="*", metavar="HAND", help="the hand, in tile notation (default: a sample hand)"
    )
    p.add_argument(
        "-w", "--wilds", type=int, default=0, metavar="N", help="wild tiles held besides HAND (default: 0)"
    )
    p.add_argument(
        "--forms",
        metavar="LIST",
        default=None,
        help=f"comma-separated winning forms to allow, or 'all': {forms} (default: {defaults})",
    )
    p.add_argument(
        "--seven-pairs-distinct",
        action="store_true",
        help="seven pairs must be seven different kinds (four of a kind is not two pairs)",
    )
    p.add_argument("--honor-chows", action="store_true", help="three different winds, or 中发白, make a set")
    p.add_argument("--pair-258", action="store_true", help="the standard pair must be a 2, 5 or 8")
    p.add_argument(
        "--wild-kinds",
        metavar="NOTATION",
        default=None,
        help="the kinds a wild may stand for (default: all 34)",
    )
    p.add_argument(
        "--visible",
        metavar="NOTATION",
        default=None,
        help="tiles seen elsewhere (discards, melds), left out of the unseen counts",
    )
    p.add_argument("--glyphs", action="store_true", help="show tiles as Unicode mahjong glyphs")
    p.add_argument(
        "--limit",
        type=int,
        default=30,
        metavar="N",
        help="show at most N decompositions in the terminal (default: 30; 0: all; --json lists all)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    p.set_defaults(func=cmd_analyze)


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------

def _add_game(sub: Any) -> None:
    from .cli_game import add_game_commands

    add_game_commands(sub)


def _add_botzone(sub: Any) -> None:
    from .cli_botzone import add_botzone_commands

    add_botzone_commands(sub)


_SUBCOMMANDS: tuple[Callable[[Any], None], ...] = (_add_analyze, _add_game, _add_botzone)


def _add_score(sub: Any) -> None:
    from .cli_score import add_score_command

    add_score_command(sub)


_SUBCOMMANDS += (_add_score,)


# Commands that a process is started for again and again (Botzone runs a bot
# afresh every turn): their parser holds only their own group, so a run does
# not import the modules of every other command (bench/startup.py).
_ALONE: dict[str, Callable[[Any], None]] = {"botzone-bot": _add_botzone}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``mahjong-core`` argument parser with every sub-command (only the
    group of ``command`` when that is one of ``_ALONE``)."""
    from .cli_common import CliParser

    parser = CliParser(
        prog=PROG,
        description="mahjong-core: a rules engine for Chinese mahjong: hand analysis, play, simulation.",
        epilog=f"Run '{PROG} COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for add in (_ALONE[command],) if command in _ALONE else _SUBCOMMANDS:
        add(sub)
    _finish_parser(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``mahjong-core``; returns the exit status (0 ok, 2 bad input)."""
    args_list = sys.argv[1:] if argv is None else argv
    parser = build_parser(args_list[0] if args_list else None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, usage errors
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 2)
    func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 0
    try:
        return func(args)
    except BrokenPipeError:  # output piped into head, less ...
        sys.stderr.close()
        return 0
    except (MahjongError, ValueError) as exc:
        _print_error(str(exc))
        return 2
    except OSError as exc:  # a file that cannot be read or written
        where = f" {exc.filename!r}" if exc.filename is not None else ""
        _print_error(f"{exc.strerror or exc}{where}")
        return 2
    except KeyboardInterrupt:
        _print_error("interrupted")
        return 130
    except RecursionError:
        _print_error("input nested too deeply")
        return 2
    except Exception as exc:  # a bug: still one line, with a way to see more
        if os.environ.get("MAHJONG_CORE_DEBUG"):
            raise
        _print_error(f"internal error ({type(exc).__name__}: {exc}); please report it "
                     "(MAHJONG_CORE_DEBUG=1 shows the traceback)")
        return 1


# --- one-line errors and help with defaults (issue 13) -----------------------


def _print_error(message: str) -> None:
    """``mahjong-core: error: MESSAGE`` on one line of stderr (long inputs cut)."""
    from .cli_common import one_line

    print(f"{PROG}: error: {one_line(message)}", file=sys.stderr)


def _finish_parser(parser: argparse.ArgumentParser) -> None:
    """Every sub-command's help shows each flag's default."""
    from .cli_common import use_defaults_formatter

    use_defaults_formatter(parser)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
