"""``mahjong-core score``: the score sheet and the payments of one winning hand.

.. code-block:: console

    $ mahjong-core score --variant guobiao --hand 123456789m234p5s --win 5s
    $ mahjong-core score --variant mcr --hand 2223344m --melds "pon 111z, pon 333z" --win 4m --seat W --json
    $ mahjong-core score --variant 鸡平和 --hand 123m456p78s11s777z --win 9s --winner 1 --dealer 0 \\
          --self-drawn --option cap=4 --context round_wind=S

The hand is the concealed tiles *before* the winning tile.  Every registered
rule set scores through :meth:`~mahjong_core.rules.Ruleset.score_hand` (one
parser, :func:`mahjong_core.paper.build_context`).  Seats are 0..3 in turn
order.  Without ``--self-drawn`` or ``--discarder`` the win is on a discard
of the winner's 上家 (the seat before it).  ``--seat W`` (the old way to
name the winner) makes the winner the seat of that wind when the dealer is
seat 0.  ``--context key=value`` sets a :class:`~mahjong_core.rules.WinContext`
field or one of the rule set's context keys; ``--option key=value`` a house
rule, typed from the option's default (``cap=4``, ``discard_payment=full``,
``heaven_values.human=4`` or ``heaven_values={"human": 4}``,
``extras=天和,地和``).
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from .cli_common import add_option_argument, key_value, parse_options, ruleset_with_options
from .errors import IllegalWinError, InvalidHandError, MahjongError
from .paper import build_context
from .rules import HandScore, Ruleset, ScoreSheet, Settlement, WinContext
from .tiles import format_tiles, parse_melds, parse_tiles, parse_wind

__all__ = ["add_score_command", "cmd_score", "parse_options", "result_json", "score_hand"]



# ---------------------------------------------------------------------------
# Typed options and context values from text
# ---------------------------------------------------------------------------


def _context_pairs(pairs: Sequence[str]) -> dict[str, Any]:
    """``--context`` texts as a dict; values stay text (``build_context``
    types the WinContext fields), except JSON numbers, booleans and lists
    for the rule set's own keys."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, text = key_value(pair, "--context")
        out[key] = text.strip()
    return out


def _typed_extra(rules: Ruleset, given: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in given.items():
        if key in rules.context_keys and isinstance(value, str):
            try:
                out[key] = json.loads(value)
                continue
            except json.JSONDecodeError:
                pass
        out[key] = value
    return out


# ---------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------


def _seat_arg(value: str | int | None, option: str, n: int) -> int | None:
    if value is None:
        return None
    try:
        seat = int(value)
    except (TypeError, ValueError):
        raise MahjongError(f"{option} {value!r} is not a seat 0..{n - 1}") from None
    if not 0 <= seat < n:
        raise MahjongError(f"{option} {value!r} is not a seat 0..{n - 1}")
    return seat


def _wind_arg(value: str | None, option: str) -> int | None:
    if value is None:
        return None
    try:
        return parse_wind(value, option)
    except MahjongError:
        raise InvalidHandError(f"{option} {value!r} is not a wind (E S W N, 东 南 西 北)") from None


def _flowers_arg(rules: Ruleset, value: str | int | None) -> tuple[int, ...]:
    """``--flowers``: a count (the rule set's first N flowers) or tiles (``1f3f``)."""
    if value is None or value == "":
        return ()
    text = str(value).strip()
    if text.isdigit():
        n = int(text)
        if n > len(rules.flower_tiles):
            raise InvalidHandError(f"--flowers must be 0..{len(rules.flower_tiles)} for {rules.id}, got {n!r}")
        return tuple(rules.flower_tiles[:n])
    try:
        return tuple(parse_tiles(text))
    except MahjongError as e:
        raise type(e)(f"--flowers: {e}") from None


def score_hand(
    rules: Ruleset,
    *,
    hand: str,
    melds: str = "",
    win: str,
    self_drawn: bool = False,
    seat: int | None = None,
    round_wind: int | None = None,
    flowers: str | int | None = None,
    last_tile: bool = False,
    kong: bool = False,
    fourth_tile: bool = False,
    winner: int | None = None,
    dealer: int | None = None,
    discarder: int | None = None,
    context: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Score one win through :meth:`Ruleset.score_hand`; the result as plain
    JSON values (:func:`result_json`).

    ``seat`` is the winner's seat wind (the winner is that seat when
    ``winner`` is not given); ``kong`` is 杠上开花 when self-drawn, else
    抢杠 (robbing a kong).  A hand that has the shape but breaks a rule of
    the rule set (国标's 8 fans ...) is still scored: ``can_win`` is false
    and ``problem`` names the rule.

    >>> from mahjong_core.registry import find_variant
    >>> r = score_hand(find_variant("guangdong")(), hand="123m456p78s11s777z", win="9s", self_drawn=True)
    >>> r["total"], r["unit"], [item["zh"] for item in r["items"]]
    (2, '番', ['鸡和', '自摸', '三元牌'])

    :raises MahjongError: for bad input, or tiles that are no winning hand.
    """
    n = rules.num_players
    ctx_in: dict[str, Any] = dict(context or {})
    w = _seat_arg(winner, "--winner", n)
    d = _seat_arg(dealer, "--dealer", n)
    if seat is not None:
        if w is None:
            w = seat if d is None else (d + seat) % n
        ctx_in.setdefault("seat_wind", seat)
    w = 0 if w is None else w
    d = 0 if d is None else d
    disc = _seat_arg(discarder, "--discarder", n)
    if self_drawn and disc is not None:
        raise MahjongError("--self-drawn and --discarder: a self-drawn win has no discarder")
    if not self_drawn and disc is None:
        disc = (w - 1) % n  # the winner's 上家
    if round_wind is not None:
        ctx_in.setdefault("round_wind", round_wind)
    if last_tile:
        ctx_in["last_tile"] = True
    if fourth_tile:
        ctx_in["fourth_tile"] = True
    if kong:
        ctx_in["kong_replacement" if self_drawn else "robbed_kong"] = True
    ctx_in = _typed_extra(rules, ctx_in)
    args: dict[str, Any] = dict(
        win_tile=win, melds=parse_melds(melds), winner=w, dealer=d, discarder=disc,
        flowers=_flowers_arg(rules, flowers), context=ctx_in,
    )
    problem: str | None = None
    try:
        result = rules.score_hand(hand, **args)
    except IllegalWinError as e:
        ctx = build_context(rules, hand, **args)
        try:
            sheet = rules.score(ctx)
        except MahjongError:
            raise e from None
        problem = str(e)
        result = HandScore(sheet, Settlement(), ctx)
    return result_json(rules, hand, result, problem, dealer=d)


def result_json(
    rules: Ruleset, hand: str, result: HandScore, problem: str | None = None, *, dealer: int | None = None
) -> dict[str, Any]:
    """A :class:`HandScore` as plain JSON values (``dealer``: the dealer's
    seat, when known; else the winner's when it deals)."""
    ctx: WinContext = result.context
    sheet: ScoreSheet = result.sheet
    n = rules.num_players
    flags = {
        f.name: getattr(ctx, f.name)
        for f in dataclasses.fields(ctx)
        if f.type in ("bool", bool) and getattr(ctx, f.name) and f.name not in ("self_drawn", "dealer")
    }
    return {
        "variant": rules.id,
        "hand": format_tiles(parse_tiles(hand)),
        "melds": [str(m) for m in ctx.melds],
        "win": format_tiles([ctx.win_tile]) if 0 <= ctx.win_tile < 42 else "",
        "winner": ctx.seat,
        "dealer": dealer if dealer is not None else (ctx.seat if ctx.dealer else None),
        "discarder": ctx.discarder,
        "self_drawn": ctx.self_drawn,
        "seat_wind": "ESWN"[ctx.seat_wind],
        "round_wind": "ESWN"[ctx.round_wind],
        "flowers": format_tiles(ctx.flowers) if ctx.flowers else "",
        "context": {**flags, **{k: _plain(v) for k, v in ctx.extra.items()}},
        "items": [
            {"zh": it.zh, "en": it.en, "value": it.value, "count": it.count, "total": it.total, "why": it.why}
            for it in sheet.items
        ],
        "total": sheet.total,
        "unit": sheet.unit,
        "points": sheet.points,
        "notes": list(sheet.notes),
        "can_win": problem is None,
        "problem": problem,
        "payments": [
            {"payer": p.payer, "payee": p.payee, "amount": p.amount, "reason": p.reason}
            for p in result.settlement.payments
        ],
        "net": result.settlement.deltas(n),
    }


def _plain(v: Any) -> Any:
    if isinstance(v, (frozenset, set, tuple)):
        return [_plain(x) for x in sorted(v) if isinstance(x, int)] if isinstance(v, (frozenset, set)) else [
            _plain(x) for x in v]
    if isinstance(v, enum.Enum):
        return v.value
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    if isinstance(v, Mapping):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return str(v)


def cmd_score(args: argparse.Namespace) -> int:
    """``mahjong-core score``: print the score sheet and the payments (table or JSON)."""
    rules = ruleset_with_options(args.variant, args.option or ())
    context = _context_pairs(args.context or ())
    result = score_hand(
        rules,
        hand=args.hand,
        melds=", ".join(args.melds or ()),
        win=args.win,
        self_drawn=args.self_drawn,
        seat=_wind_arg(args.seat, "--seat"),
        round_wind=_wind_arg(args.round, "--round"),
        flowers=args.flowers,
        last_tile=args.last_tile,
        kong=args.kong,
        fourth_tile=args.fourth_tile,
        winner=args.winner,
        dealer=args.dealer,
        discarder=args.discarder,
        context=context,
    )
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    _print_result(rules, result)
    return 0


def _print_result(rules: Ruleset, result: dict[str, Any]) -> None:
    console = Console(file=sys.stdout, highlight=False)
    melds = "  " + " ".join(f"[{m}]" for m in result["melds"]) if result["melds"] else ""
    how = "self-drawn" if result["self_drawn"] else f"on a discard of seat {result['discarder']}"
    console.print(
        f"{rules.zh} ({result['variant']}): {result['hand']}{melds}  win {result['win']} {how}; "
        f"winner seat {result['winner']} (seat wind {result['seat_wind']}), round {result['round_wind']}"
        + (f", dealer seat {result['dealer']}" if result["dealer"] is not None else ""),
        markup=False,
    )
    if result["flowers"] or result["context"]:
        extra = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in result["context"].items())
        console.print(f"flowers {result['flowers'] or '-'}; {extra}", markup=False)
    table = Table(show_header=True, header_style="bold")
    table.add_column("番种")
    table.add_column("name")
    table.add_column(result["unit"], justify="right")
    table.add_column("×", justify="right")
    table.add_column("total", justify="right")
    table.add_column("why")
    for it in result["items"]:
        table.add_row(it["zh"], it["en"], str(it["value"]), str(it["count"]), str(it["total"]), it["why"])
    table.add_section()
    table.add_row("合计", "Total", "", "", str(result["total"]), "", style="bold")
    console.print(table)
    for note in result["notes"]:
        console.print(note, markup=False)
    if result["problem"] is not None:
        console.print(f"not a legal win: {result['problem']}", markup=False)
        return
    console.print(f"a legal win; points {result['points']}")
    pay = Table(show_header=True, header_style="bold", title="payments")
    for col in ("payer", "", "payee", "amount", "reason"):
        pay.add_column(col, justify="right" if col == "amount" else "left")
    for p in result["payments"]:
        pay.add_row(str(p["payer"]), "→", str(p["payee"]), str(p["amount"]), p["reason"])
    pay.add_section()
    pay.add_row("net", "", "  ".join(f"{s}: {v:+d}" for s, v in enumerate(result["net"])), "", "")
    console.print(pay)


def add_score_command(sub: Any) -> None:
    """Register ``score`` on the sub-command parser."""
    p: argparse.ArgumentParser = sub.add_parser(
        "score",
        help="score one winning hand (score sheet, legality, payments)",
        description="Score one winning hand under a rule set: every item with its value and count, the total, "
        "whether it is a legal win, and the payments between the seats.",
        epilog="Tiles in compact notation (123m456p789s1122z, z = E S W N White Green Red). Seats 0..3 in turn "
        "order. Exit status: 0 on success, 2 on bad input or a hand that does not win.",
    )
    p.add_argument("--variant", default="guobiao", metavar="NAME",
                   help="rule set: name, Chinese name or alias (default: guobiao)")
    p.add_argument("--hand", required=True, metavar="TILES", help="concealed tiles before the winning tile")
    p.add_argument(
        "--melds", action="append", metavar="MELDS",
        help='declared sets, e.g. "chi 123m, pon 555p, kan 9999s, ankan 7777z" (may repeat)',
    )
    p.add_argument("--win", required=True, metavar="TILE", help="the winning tile")
    p.add_argument("--winner", metavar="S", help="the winner's seat 0..3 (default: 0, or the --seat wind)")
    p.add_argument("--dealer", metavar="S", help="the dealer's seat 0..3 (default: 0)")
    p.add_argument("--discarder", metavar="S", help="the discarder's seat (default: the winner's 上家)")
    p.add_argument("--self-drawn", action="store_true", help="won on one's own draw (else on a discard)")
    p.add_argument("--seat", default=None, metavar="WIND", help="the winner's seat wind E S W N")
    p.add_argument("--round", default=None, metavar="WIND", help="prevalent wind E S W N (default: E)")
    p.add_argument("--flowers", default=None, metavar="N|TILES", help="flowers held: a count or tiles (1f3f)")
    p.add_argument("--last-tile", action="store_true", help="won on the last tile (海底)")
    p.add_argument("--kong", action="store_true", help="杠上开花 when self-drawn, else 抢杠")
    p.add_argument("--fourth-tile", action="store_true", help="the other three copies were visible (和绝张)")
    p.add_argument("--context", action="append", metavar="KEY=VALUE",
                   help="a WinContext field or a context key of the rule set (may repeat)")
    add_option_argument(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_score)
