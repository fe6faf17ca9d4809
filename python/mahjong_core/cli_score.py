"""``mahjong-core score``: the score sheet of one winning hand.

.. code-block:: console

    $ mahjong-core score --variant guobiao --hand 123456789m234p5s --win 5s
    $ mahjong-core score --variant mcr --hand 2223344m --melds "pon 111z, pon 333z" --win 4m --seat W --json

The hand is the concealed tiles *before* the winning tile.  Any registered
rule set can score; the win is described the way the engine would describe
it (a :class:`~mahjong_core.rules.WinContext`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.console import Console
from rich.table import Table

from .errors import InvalidHandError
from .registry import find_variant
from .rules import Ruleset, ScoreSheet, WinContext
from .tiles import Meld, format_tiles, parse_melds, parse_tile, parse_tiles

__all__ = ["add_score_command", "cmd_score", "score_hand"]

_WINDS = {"e": 0, "s": 1, "w": 2, "n": 3, "east": 0, "south": 1, "west": 2, "north": 3,
          "东": 0, "南": 1, "西": 2, "北": 3, "0": 0, "1": 1, "2": 2, "3": 3}


def _wind(text: str, option: str) -> int:
    w = _WINDS.get(text.strip().lower())
    if w is None:
        raise InvalidHandError(f"{option} {text!r} is not a wind (E S W N)")
    return w


def score_hand(
    rules: Ruleset,
    *,
    hand: str,
    melds: str = "",
    win: str,
    self_drawn: bool = False,
    seat: int = 0,
    round_wind: int = 0,
    flowers: int = 0,
    last_tile: bool = False,
    kong: bool = False,
    fourth_tile: bool = False,
) -> dict[str, Any]:
    """Score one win; the result as plain JSON values.

    ``kong`` is 杠上开花 when ``self_drawn``, else 抢杠 (robbing a kong).
    """
    concealed = parse_tiles(hand)
    tile = parse_tile(win)
    meld_list: list[Meld] = parse_melds(melds)
    if not 0 <= flowers <= 8:
        raise InvalidHandError(f"--flowers must be 0..8, got {flowers!r}")
    ctx = WinContext(
        seat=seat,
        concealed=tuple(sorted(concealed + [tile])),
        win_tile=tile,
        melds=tuple(meld_list),
        meld_sources=(None,) * len(meld_list),
        self_drawn=self_drawn,
        discarder=None if self_drawn else (seat + 1) % rules.num_players,
        dealer=seat == 0,
        seat_wind=seat,
        round_wind=round_wind,
        flowers=tuple(range(34, 34 + flowers)),
        kong_replacement=kong and self_drawn,
        robbed_kong=kong and not self_drawn,
        last_tile=last_tile,
        fourth_tile=fourth_tile,
    )
    sheet: ScoreSheet = rules.score(ctx)
    return {
        "variant": rules.id,
        "hand": format_tiles(concealed),
        "melds": [str(m) for m in meld_list],
        "win": format_tiles([tile]),
        "self_drawn": self_drawn,
        "seat_wind": "ESWN"[seat],
        "round_wind": "ESWN"[round_wind],
        "items": [
            {"zh": it.zh, "en": it.en, "value": it.value, "count": it.count, "total": it.total, "why": it.why}
            for it in sheet.items
        ],
        "total": sheet.total,
        "unit": sheet.unit,
        "points": sheet.points,
        "can_win": rules.can_win(ctx, sheet),
        "notes": list(sheet.notes),
    }


def cmd_score(args: argparse.Namespace) -> int:
    """``mahjong-core score``: print the score sheet (table or JSON)."""
    rules = find_variant(args.variant)()
    result = score_hand(
        rules,
        hand=args.hand,
        melds=", ".join(args.melds or ()),
        win=args.win,
        self_drawn=args.self_drawn,
        seat=_wind(args.seat, "--seat"),
        round_wind=_wind(args.round, "--round"),
        flowers=args.flowers,
        last_tile=args.last_tile,
        kong=args.kong,
        fourth_tile=args.fourth_tile,
    )
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    console = Console(file=sys.stdout, highlight=False)
    melds = "  " + " ".join(f"[{m}]" for m in result["melds"]) if result["melds"] else ""
    how = "self-drawn" if result["self_drawn"] else "on a discard"
    console.print(
        f"{rules.zh} ({result['variant']}): {result['hand']}{melds}  win {result['win']} {how}, "
        f"seat {result['seat_wind']}, round {result['round_wind']}",
        markup=False,
    )
    table = Table(show_header=True, header_style="bold")
    table.add_column("番种")
    table.add_column("name")
    table.add_column(result["unit"], justify="right")
    table.add_column("×", justify="right")
    table.add_column("total", justify="right")
    for it in result["items"]:
        table.add_row(it["zh"], it["en"], str(it["value"]), str(it["count"]), str(it["total"]))
    table.add_section()
    table.add_row("合计", "Total", "", "", str(result["total"]), style="bold")
    console.print(table)
    for note in result["notes"]:
        console.print(note)
    verdict = "a legal win" if result["can_win"] else "not a legal win (below the minimum)"
    console.print(f"{verdict}; points {result['points']}")
    return 0


def add_score_command(sub: Any) -> None:
    """Register ``score`` on the sub-command parser."""
    p: argparse.ArgumentParser = sub.add_parser(
        "score",
        help="score one winning hand (fan table, total, legality)",
        description="Score one winning hand under a rule set: every fan with its value and count, the total, "
        "and whether it is a legal win.",
        epilog="Tiles in compact notation (123m456p789s1122z, z = E S W N White Green Red). "
        "Exit status: 0 on success, 2 on bad input.",
    )
    p.add_argument("--variant", default="guobiao", metavar="NAME", help="rule set (default: guobiao)")
    p.add_argument("--hand", required=True, metavar="TILES", help="concealed tiles before the winning tile")
    p.add_argument(
        "--melds", action="append", metavar="MELDS",
        help='declared sets, e.g. "chi 123m, pon 555p, ankan 7777z" (may repeat)',
    )
    p.add_argument("--win", required=True, metavar="TILE", help="the winning tile")
    p.add_argument("--self-drawn", action="store_true", help="won on one's own draw (else on a discard)")
    p.add_argument("--seat", default="E", metavar="WIND", help="seat wind E S W N (default: E)")
    p.add_argument("--round", default="E", metavar="WIND", help="prevalent wind E S W N (default: E)")
    p.add_argument("--flowers", type=int, default=0, metavar="N", help="flowers held (default: 0)")
    p.add_argument("--last-tile", action="store_true", help="won on the last tile (妙手回春 / 海底捞月)")
    p.add_argument("--kong", action="store_true", help="杠上开花 when self-drawn, else 抢杠和")
    p.add_argument("--fourth-tile", action="store_true", help="the other three copies were visible (和绝张)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_score)
