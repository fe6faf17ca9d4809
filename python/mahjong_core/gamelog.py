"""A readable game log: one line per event of a record, in English or Chinese.

One vocabulary per language (chow / pung / kong, or 吃 / 碰 / 杠), seats
named one way (``seat 2``, or ``2号位``; the winds are said once, in the
header), one line per kong, the flowers set aside at the deal said as such,
and the winning hand shown with the reading that scored.

>>> log = GameLog()
>>> log.describe({"type": "action", "seat": 1, "action": "discard", "tile": "5m"})
'seat 1 discards 5m'
>>> GameLog(lang="zh").describe({"type": "call", "seat": 2, "action": "pung", "claimed": "3z", "discarder": 0})
'2号位 碰 0号位 的 3z'
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .analysis import Decomposition
from .errors import MahjongError
from .tiles import KIND_NAMES, Meld, MeldKind, format_tiles

if TYPE_CHECKING:
    from .engine import Table
    from .rules import Ruleset, ScoreSheet, WinContext

__all__ = ["GameLog", "LANGS", "WIND_NAMES", "describe_meld", "scoring_reading", "winning_hand"]

LANGS = ("en", "zh")
WIND_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("East", "South", "West", "North"),
    "zh": ("东", "南", "西", "北"),
}

# The words of each language; one word per thing.
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "seat": "seat {s}", "chow": "chow", "pung": "pung", "kong": "kong",
        "concealed_kong": "concealed kong", "added_kong": "added kong", "special_kong": "special kong",
        "discards": "{who} discards {t}", "draws": "{who} draws {t}", "draws_hidden": "{who} draws",
        "replacement": "replacement", "call": "{who} {verb}s {t} from {frm}", "ready_call": "{who} chows {t} from {frm} to declare ready (吃听)",
        "kong_line": "{who} {what} {tiles}", "adds": "{who} adds {t} to a pung: added kong {tiles}",
        "single_kong": "{who} lays out {t} as a kong",
        "flower": "{who} sets aside flower {t}, replaced from the wall",
        "deal_flowers": "{who} sets aside flower {t} at the deal, replaced from the wall",
        "deal": "deal", "you": "you", "header": "{rid}  seed {seed}  dealer {dealer}  round wind {rw}  dice {dice}",
        "winds": "seat winds: {winds}",
        "wins_self": "{who} WINS self-drawn {t}", "wins_on": "{who} WINS on {frm}'s {t}",
        "wins_open": "{who} WINS at the deal", "robbing": " (robbing the kong)",
        "hand": "  winning hand: {tiles}", "reading": "  reading: {reading}",
        "score": "  score: {items} = {total} {unit}",
        "draw_game": "exhaustive draw: nobody wins", "payments": "payments: {p}",
        "win_payments": "win payments: {p}", "kong_payments": "kong payments: {p}",
        "ready": "{who} declares ready (报听)", "missing": "missing suits (定缺): {p}",
        "imagined": "imagined (心皇): {p}", "any": "any", "indicator": "indicator {t}",
        "wilds": ", wild {w}", "redraw": "indicator changed: {old} -> {t} (the old one to the dealer's discards)",
        "take": "{who} takes the last tile", "swap": "{who} gives back {t}", "take_pung": "{who} takes the offered pung",
        "exchange": "{who} passes on {t}", "dice": " (dice {d}", "turned": ", turned up {t}",
        "second": ", the second dice tile", "pass": "{who} passes",
        "pair": "pair", "honour chow": "honour chow", "knitted": "knitted straight", "single": "single",
        "singles": "singles", "wild pair": "pair of any kind", "wild set": "set of any kind",
        "shape_free": "  (a win without a set shape)",
    },
    "zh": {
        "seat": "{s}号位", "chow": "吃", "pung": "碰", "kong": "杠",
        "concealed_kong": "暗杠", "added_kong": "加杠", "special_kong": "特杠",
        "discards": "{who} 打出 {t}", "draws": "{who} 摸 {t}", "draws_hidden": "{who} 摸牌",
        "replacement": "补牌", "call": "{who} {verb} {frm} 的 {t}", "ready_call": "{who} 吃 {frm} 的 {t} 听牌 (吃听)",
        "kong_line": "{who} {what} {tiles}", "adds": "{who} 加杠 {tiles}",
        "single_kong": "{who} 亮出 {t} 作杠",
        "flower": "{who} 补花 {t}", "deal_flowers": "{who} 起手补花 {t}",
        "deal": "发牌", "you": "你", "header": "{rid}  种子 {seed}  庄家 {dealer}  圈风 {rw}  骰子 {dice}",
        "winds": "门风: {winds}",
        "wins_self": "{who} 自摸 {t} 胡牌", "wins_on": "{who} 胡 {frm} 的 {t}",
        "wins_open": "{who} 起手胡牌", "robbing": " (抢杠)",
        "hand": "  胡牌: {tiles}", "reading": "  牌型: {reading}",
        "score": "  计分: {items} = {total} {unit}",
        "draw_game": "荒庄: 无人胡牌", "payments": "结算: {p}",
        "win_payments": "胡牌结算: {p}", "kong_payments": "杠钱: {p}",
        "ready": "{who} 报听", "missing": "定缺: {p}",
        "imagined": "心皇: {p}", "any": "任意", "indicator": "翻牌 {t}",
        "wilds": ", 百搭 {w}", "redraw": "换宝: {old} -> {t}",
        "take": "{who} 摸海底", "swap": "{who} 换回 {t}", "take_pung": "{who} 取碰",
        "exchange": "{who} 换出 {t}", "dice": " (骰子 {d}", "turned": ", 翻出 {t}",
        "second": ", 第二张", "pass": "{who} 过",
        "pair": "将", "honour chow": "字顺", "knitted": "组合龙", "single": "单张",
        "singles": "单张", "wild pair": "百搭将", "wild set": "百搭刻",
        "shape_free": "  (不成牌型的胡牌)",
    },
}

_SHAPE_WORD = ("pair", "pung", "chow", "honour chow", "knitted", "single", "wild pair", "wild set", "special_kong")
_MELD_WORD = {
    MeldKind.CHI: "chow", MeldKind.PON: "pung", MeldKind.KAN: "kong", MeldKind.ANKAN: "concealed_kong",
    MeldKind.KAKAN: "added_kong", MeldKind.SPECIAL: "special_kong",
}


def _words(lang: str) -> dict[str, str]:
    try:
        return _WORDS[lang]
    except KeyError:
        raise MahjongError(f"unknown log language {lang!r}: expected one of {', '.join(LANGS)}") from None


def describe_meld(meld: Meld | str, lang: str = "en") -> str:
    """A meld in the log's words: ``pung 333z``, ``concealed kong 5555s``, ``暗杠 5555s``.

    >>> describe_meld("kakan 3333z"), describe_meld("ankan 1111m", "zh")
    ('added kong 3333z', '暗杠 1111m')
    """
    m = Meld.parse(meld) if isinstance(meld, str) else meld
    return f"{_words(lang)[_MELD_WORD[m.kind]]} {format_tiles(m.tiles)}"


def scoring_reading(ruleset: Ruleset, ctx: WinContext, sheet: ScoreSheet) -> Decomposition | None:
    """The reading of the winning hand that gave ``sheet``: the first of
    ``ctx.decompositions`` that, scored alone by ``ruleset``, gives
    the same items and total (None for a win without a set shape)."""
    rs = ruleset
    want = (sheet.items, sheet.total)
    for d in ctx.decompositions:
        try:
            alone = rs.score(replace(ctx, decompositions=(d,)))
        except MahjongError:
            continue
        if (alone.items, alone.total) == want:
            return d
    return ctx.decompositions[0] if ctx.decompositions else None


def _render_reading(d: Decomposition, lang: str) -> str:
    from .cli import render_slots, unit_slots, _display_units

    w = _words(lang)
    parts: list[str] = []
    singles: list[tuple[int | None, bool]] = []
    for shape, kind, wild in _display_units(d):
        slots = unit_slots(shape, kind, wild)
        if _SHAPE_WORD[int(shape)] == "single":
            singles.extend(slots)
            continue
        parts.append(f"{render_slots(slots)} {w[_SHAPE_WORD[int(shape)]]}")
    if singles:
        parts.append(f"{render_slots(singles)} {w['singles' if len(singles) > 1 else 'single']}")
    return " · ".join(parts)


def winning_hand(table: Table, seat: int, lang: str = "en") -> list[str]:
    """The lines that show ``seat``'s win on ``table``: its tiles (concealed,
    then melds, then flowers) and the reading that scored."""
    ctx = table.contexts.get(seat)
    sheet = table.scores.get(seat)
    if ctx is None or sheet is None:
        return []
    w = _words(lang)
    tiles = format_tiles(ctx.concealed)
    if ctx.wilds:
        held = format_tiles(ctx.wild_tiles) if ctx.wild_tiles else f"{ctx.wilds}W"
        tiles += f" + wild {held}" if lang == "en" else f" + 百搭 {held}"
    for m in ctx.melds:
        tiles += f" [{describe_meld(m, lang)}]"
    if ctx.flowers:
        tiles += f" + {format_tiles(ctx.flowers)}"
    if 0 <= ctx.win_tile < 42:
        tiles += f" (← {KIND_NAMES[ctx.win_tile] if ctx.win_tile < 34 else format_tiles([ctx.win_tile])})"
    out = [w["hand"].format(tiles=tiles)]
    d = scoring_reading(table.ruleset, ctx, sheet)
    if d is not None:
        reading = _render_reading(d, lang)
        for m in ctx.melds:
            reading += f" · {describe_meld(m, lang)}"
        out.append(w["reading"].format(reading=reading))
    elif ctx.instant is None:
        out.append(w["shape_free"])
    return out


class GameLog:
    """Turns record events into readable lines.

    ``viewer``: the seat of a human player; other seats' concealed tiles
    (their dealt hands and draws) are then not shown.  ``you`` marks that seat.
    The log keeps a little state (whether play has begun: flowers before it
    were set aside at the deal), so use one per hand.
    """

    def __init__(self, lang: str = "en", *, viewer: int | None = None) -> None:
        self.lang = lang
        self.w = _words(lang)
        self.viewer = viewer
        self.started = False

    def seat(self, s: Any) -> str:
        """The one way seats are named."""
        name = self.w["seat"].format(s=s)
        if self.viewer is not None and s == self.viewer:
            name += f" ({self.w['you']})"
        return name

    def _payments(self, pays: list[Any]) -> str:
        return ", ".join(f"{self.seat(a)} → {self.seat(b)} {n}" for a, b, n, *_ in pays)

    def describe(self, e: dict[str, Any], table: Table | None = None) -> str | None:
        """One readable line (or a few, for a win) for a record event; None
        for lines not worth showing (an answer that another line shows)."""
        w, who, kind = self.w, self.seat, e.get("type")
        if kind == "header":
            n = len(e.get("hands", [])) or 4
            dealer = int(e.get("dealer", 0))
            rw = WIND_NAMES[self.lang][int(e.get("round_wind", 0)) % 4]
            line = w["header"].format(rid=e.get("ruleset_id"), seed=e.get("seed"), dealer=who(dealer), rw=rw,
                                      dice=e.get("dice"))
            if table is not None:
                n = table.n
                winds = ", ".join(f"{who(s)} {WIND_NAMES[self.lang][table.seat_wind(s) % 4]}" for s in range(n))
                line += "\n" + w["winds"].format(winds=winds)
            return line
        if kind == "deal":
            hands = list(e["hands"])
            parts = []
            for i, h in enumerate(hands):
                if self.viewer is not None and i != self.viewer:
                    continue
                parts.append(f"{who(i)} {h}")
            return f"{w['deal']}: " + " | ".join(parts)
        if kind == "draw":
            self.started = True
            hidden = self.viewer is not None and e["seat"] != self.viewer
            line = w["draws_hidden" if hidden else "draws"].format(who=who(e["seat"]), t=e["tile"])
            if e.get("dice"):
                turned = e.get("turned")
                line += w["dice"].format(d="+".join(str(d) for d in e["dice"]))
                if isinstance(turned, list):
                    line += w["turned"].format(t=" ".join(turned))
                elif turned:
                    line += w["second"]
                line += ")"
            elif e.get("replacement"):
                line += f" ({w['replacement']})"
            return line
        if kind == "flower":
            key = "flower" if self.started else "deal_flowers"
            return w[key].format(who=who(e["seat"]), t=e["tile"])
        if kind == "indicator":
            if e.get("redraw"):
                return w["redraw"].format(old=e["old"], t=e["tile"])
            return w["indicator"].format(t=e["tile"]) + (w["wilds"].format(w=" ".join(e["wilds"])) if e.get("wilds") else "")
        if kind == "action":
            self.started = True
            act, s, t = e["action"], e["seat"], e.get("tile", "")
            if act in ("pass", "win", "chow", "pung", "kong", "missing_suit", "imagine", "concealed_kong",
                       "special_kong", "special_add", "ready"):
                return None  # shown by the call, kong, win, ready, missing_suits or imagined line
            if act == "discard":
                return w["discards"].format(who=who(s), t=t)
            if act == "added_kong":
                tiles = f"{t[0] * 4}{t[1:]}" if t else ""
                return w["adds"].format(who=who(s), t=t, tiles=tiles)
            if act in ("take", "take_pung"):
                return w[act].format(who=who(s))
            if act == "swap":
                return w["swap"].format(who=who(s), t=t)
            return f"{who(s)} {act.replace('_', ' ')}" + (f" {t}" if t else "")
        if kind == "call":
            self.started = True
            args = {"who": who(e["seat"]), "t": e["claimed"], "frm": who(e["discarder"])}
            if e["action"] == "ready":
                return w["ready_call"].format(**args)
            return w["call"].format(verb=w.get(e["action"], e["action"]), **args)
        if kind == "kong":
            if e.get("single"):
                return w["single_kong"].format(who=who(e["seat"]), t=e["tile"])
            meld = str(e.get("meld", ""))
            if meld.startswith("kakan"):
                return None  # said by the added_kong line
            m = Meld.parse(meld)
            return w["kong_line"].format(who=who(e["seat"]), what=w[_MELD_WORD[m.kind]], tiles=format_tiles(m.tiles))
        if kind == "win":
            s = e["seat"]
            if e.get("opening") or not e.get("tile"):
                line = w["wins_open"].format(who=who(s))
            elif e["self_drawn"]:
                line = w["wins_self"].format(who=who(s), t=e["tile"])
            else:
                line = w["wins_on"].format(who=who(s), frm=who(e["discarder"]), t=e["tile"])
            if table is not None and table.contexts.get(s) is not None and table.contexts[s].robbed_kong:
                line += w["robbing"]
            lines = [line]
            if table is not None:
                lines += winning_hand(table, s, self.lang)
            items = ", ".join(
                f"{zh if self.lang == 'zh' else f'{zh} {en}'} {v}" + (f"×{n}" if n > 1 else "")
                for zh, en, v, n in e["items"]
            )
            lines.append(w["score"].format(items=items, total=e["total"], unit=e["unit"]))
            return "\n".join(lines)
        if kind == "missing_suits":
            return w["missing"].format(p=", ".join(f"{who(i)} {m}" for i, m in enumerate(e["suits"])))
        if kind == "imagined":
            return w["imagined"].format(p=", ".join(f"{who(i)} {k or w['any']}" for i, k in enumerate(e["kinds"])))
        if kind == "ready":
            return w["ready"].format(who=who(e["seat"]))
        if kind in ("kong_payments", "win_payments"):
            return w[kind].format(p=self._payments(e["payments"]))
        if kind == "draw_game":
            return w["draw_game"]
        if kind == "payments":
            return w["payments"].format(p=", ".join(f"{who(s)} {d:+d}" for s, d in enumerate(e["deltas"])))
        if kind == "exchange" and self.viewer is None:
            return json.dumps(e, ensure_ascii=False)
        if self.viewer is not None and kind in ("exchange", "standing", "swap"):
            return None  # may hold other seats' concealed tiles
        return json.dumps(e, ensure_ascii=False)
