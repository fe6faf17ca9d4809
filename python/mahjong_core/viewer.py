"""A replay viewer: one self-contained HTML page that steps through a record.

The page needs no network: its CSS and script are inline and the record is
embedded as JSON, together with the table as it stands after every step.
The states are computed here, by replaying the record through the engine
(:func:`mahjong_core.records.replay`), so the page's script only draws them.

A step is one record line that the text replay shows (``mahjong-core
replay FILE`` prints the same captions, and raw JSON where :func:`caption`
has words): the start, each draw, discard, flower, call, kong and win, and
the payments at the end.  The engine makes all the lines of one action at
once (a discard and the next seat's draw); a line before such a draw shows
the drawing seat and the wall as they were before it (see ``_unfold``).

>>> from mahjong_core.bots import GreedyBot, play_hand
>>> from mahjong_core.records import dumps
>>> from mahjong_core.registry import find_variant
>>> rs = find_variant("guangdong")()
>>> t = play_hand(rs, [GreedyBot() for _ in range(4)], seed=1)
>>> steps = replay_steps(dumps(t.events))
>>> steps[0]["caption"].startswith("guangdong-v1")
True
>>> [len(s["hand"]) + (s["drawn"] is not None) for s in steps[0]["seats"]]
[14, 13, 13, 13]
>>> steps[-1]["kind"], steps[-1]["deltas"]
('payments', [0, 0, -2, 2])
>>> page = render_html(dumps(t.events))
>>> page.startswith("<!DOCTYPE html>") and "http://" not in page
True
"""

from __future__ import annotations

import html
import json
from typing import Any

from .cli_game import SEAT_NAMES, describe_event
from .engine import Phase, Table
from .errors import MahjongError
from .records import RecordError, loads, replay
from .registry import find_variant
from .tiles import KIND_NAMES

__all__ = ["caption", "replay_steps", "render_html", "write_html"]

_WINDS = "ESWN"


def _who(seat: Any) -> str:
    return SEAT_NAMES[seat] if isinstance(seat, int) and 0 <= seat < len(SEAT_NAMES) else f"seat {seat}"


def caption(e: dict[str, Any]) -> str | None:
    """The line a step shows: the text replay's (``describe_event``), and
    words for the lines it prints as raw JSON."""
    kind = e.get("type")
    if kind == "win_payments":
        return "win payments: " + (", ".join(
            f"{_who(a)} → {_who(b)} {n}" + (f" ({why})" if why else "") for a, b, n, why in e["payments"]
        ) or "none")
    if kind == "standing":
        return "standing tiles (立四): " + " | ".join(f"{_who(i)} {t}" for i, t in enumerate(e["tiles"]))
    if kind == "wild_flowers":
        return "wild flowers held: " + ", ".join(
            f"{_who(i)} {' '.join(fs)}" for i, fs in enumerate(e["held"]) if fs
        )
    if kind == "substitutes":
        return "substitutes (替身): " + ", ".join(f"{a} plays as {b}" for a, b in e["tiles"].items())
    if kind == "exchange":
        return f"exchange (换三张, passed {e['offset']} seat(s) on): " + ", ".join(
            f"{_who(i)} gives {' '.join(t)}" for i, t in enumerate(e["tiles"])
        )
    if kind == "swap":
        if "offered" in e:
            return f"{_who(e['seat'])} offers {e['offered']} to swap"
        return f"{_who(e['seat'])} swaps {e['gave']} for {e.get('took', e.get('got'))}"
    return describe_event(e)


def _names(tiles: list[int]) -> list[str]:
    return [KIND_NAMES[t] for t in tiles]


class _Rivers:
    """Each seat's discards in the order made, claimed ones kept and marked.

    The engine takes a claimed tile off its discarder's pile; the viewer
    keeps it there, marked with the seat that took it."""

    def __init__(self, n: int) -> None:
        self.rows: list[list[list[Any]]] = [[] for _ in range(n)]
        self.claims = 0

    def update(self, table: Table) -> None:
        takers = {d: seat for seat, d in table.claim_history[self.claims :]}
        self.claims = len(table.claim_history)
        for s, pile in enumerate(table.discards):
            row = self.rows[s]
            kept = [entry for entry in row if entry[1] is None]
            if len(pile) > len(kept):
                row.extend([KIND_NAMES[t], None] for t in pile[len(kept) :])
            elif len(pile) < len(kept):
                gone = len(kept) - len(pile)
                for entry in reversed(row):
                    if gone == 0:
                        break
                    if entry[1] is None:
                        entry[1] = takers.get(s, -1)  # -1: taken back, not claimed
                        gone -= 1

    def mark_win(self, ev: dict[str, Any]) -> None:
        """A win on a discard: its tile, still in the discarder's pile, is
        marked with the winner (a third field: the winning seats)."""
        d = ev.get("discarder")
        if ev.get("self_drawn") or not isinstance(d, int) or not 0 <= d < len(self.rows):
            return
        row = self.rows[d]
        if row and row[-1][0] == ev.get("tile") and row[-1][1] is None:
            if len(row[-1]) == 2:
                row[-1].append([])
            row[-1][2].append(int(ev["seat"]))

    def view(self, s: int) -> list[list[Any]]:
        return [[e[0], e[1], list(e[2])] if len(e) > 2 else list(e) for e in self.rows[s]]


def _seat_state(table: Table, s: int, rivers: _Rivers) -> dict[str, Any]:
    concealed = table.concealed_tiles(s)
    drawn = table.drawn
    shown_drawn: str | None = None
    if (
        table.phase is Phase.TURN and s == table.turn and drawn is not None
        and drawn < 34 and table.hands[s][drawn] > 0
    ):
        concealed.remove(drawn)
        shown_drawn = KIND_NAMES[drawn]
    melds = []
    for m, src in zip(table.melds[s], table.meld_sources[s]):
        melds.append({"kind": m.kind.value, "tiles": _names(list(m.tiles)), "from": src})
    missing = table.missing[s]
    return {
        "hand": _names(concealed),
        "drawn": shown_drawn,
        "melds": melds,
        "flowers": _names(table.flowers[s]),
        "wild_flowers": _names(table.wild_flowers[s]),
        "river": rivers.view(s),
        "wind": _WINDS[table.seat_wind(s) % 4],
        "ready": bool(table.declared[s]),
        "missing": "mps"[missing] if missing is not None and 0 <= missing < 3 else None,
        "imagined": KIND_NAMES[table.imagined[s]] if table.imagined[s] >= 0 else None,
        "out": s in table.out,
    }


def _sheet(table: Table, ev: dict[str, Any]) -> dict[str, Any]:
    """A win event as a score sheet, with the reasons the engine's sheet gives."""
    seat = int(ev["seat"])
    sheet = table.scores.get(seat)
    whys: list[str] = []
    notes: list[str] = []
    points = None
    if sheet is not None and sheet.total == ev["total"] and len(sheet.items) == len(ev["items"]):
        whys = [it.why for it in sheet.items]
        notes = list(sheet.notes)
        points = sheet.points
    items = [
        {"zh": zh, "en": en, "value": value, "count": count, "why": whys[i] if whys else ""}
        for i, (zh, en, value, count) in enumerate(ev["items"])
    ]
    return {
        "seat": seat,
        "tile": ev.get("tile"),
        "self_drawn": bool(ev.get("self_drawn")),
        "discarder": ev.get("discarder"),
        "total": ev["total"],
        "unit": ev["unit"],
        "points": points,
        "notes": notes,
        "items": items,
    }


def replay_steps(text: str) -> list[dict[str, Any]]:
    """Replay a record (JSON lines) through the engine; the table after
    every step the text replay shows, as plain JSON-ready values.

    :raises RecordError: if the text is not a record or does not replay.
    """
    events = loads(text)
    if not events or events[0].get("type") != "header":
        raise RecordError("a record starts with a header line", 1)
    rivers: list[_Rivers] = []
    wins: list[dict[str, Any]] = []
    lines: list[dict[str, Any]] = []

    def step(table: Table, ev: dict[str, Any]) -> None:
        if not rivers:
            rivers.append(_Rivers(table.n))
        kind = str(ev.get("type"))
        if kind == "action" and ev.get("action") == "added_kong":
            kind = "kong"  # (the log's one line for an added kong is its action's)
        rivers[0].update(table)
        if kind == "win":
            wins.append(_sheet(table, ev))
            rivers[0].mark_win(ev)
        state: dict[str, Any] = {
            "line": len(lines) + 1,
            "kind": kind,
            "caption": caption(ev),
            "actor": ev.get("seat") if isinstance(ev.get("seat"), int) else None,
            "tile": ev.get("tile") if kind in ("draw", "flower") else None,
            "turn": table.turn,
            "wall": table.live_tiles,
            "indicator": KIND_NAMES[table.indicator] if table.indicator is not None else None,
            "wilds": _names(sorted(table.wild_kinds)),
            "seats": [_seat_state(table, s, rivers[0]) for s in range(table.n)],
            "wins": [dict(w) for w in wins],
        }
        if kind == "call":
            state["claimed"] = ev.get("claimed")
            state["discarder"] = ev.get("discarder")
        if kind in ("payments", "kong_payments", "win_payments"):
            state["payments"] = [list(p) for p in ev.get("payments", [])]
        if kind == "payments":
            state["deltas"] = list(ev["deltas"])
        lines.append(state)

    def find(name: str) -> Any:
        return find_variant(name)()

    try:
        replay(events, find=find, on_step=step)
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError) as e:  # a line the captions cannot read
        raise RecordError(f"bad record line: {e}", len(lines) + 1) from None
    return _unfold(lines)


def _unfold(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The shown steps, each with the table as it stood at its line.

    The engine makes every line of a burst (an action and what follows it
    at once: the next seat's draw, its flowers and replacement) in one go,
    so each line's snapshot is the table after the whole burst.  For a line
    before a draw of its burst, a seat that only draws (or shows flowers)
    later in the burst is shown as it was before the burst, the wall count
    with those draws not yet made, and the turn as it was; a seat that acts
    in the burst and then draws (a kong's replacement) is shown without the
    tiles it draws and the flowers it shows later."""
    steps: list[dict[str, Any]] = []
    before: dict[str, Any] | None = None  # the table at the end of the last burst
    start = 0
    while start < len(lines):
        end = start + 1
        while end < len(lines) and lines[end]["kind"] != "action":
            end += 1
        burst = lines[start:end]
        for i, st in enumerate(burst):
            if st["caption"] is None:
                continue
            later = burst[i + 1 :]
            touched = {x["actor"] for x in burst[: i + 1]}
            reverted = {
                x["actor"] for x in later if x["kind"] in ("draw", "flower") and x["actor"] not in touched
            } if before is not None else set()
            view = dict(st)
            if before is not None and not any(x["kind"] in ("draw", "flower", "kong") for x in burst[: i + 1]):
                view["wall"] = before["wall"]  # nothing taken from the wall yet
            else:
                view["wall"] = st["wall"] + sum(1 for x in later if x["kind"] == "draw")
            for s in {x["actor"] for x in later if x["kind"] in ("draw", "flower")} & touched:
                view["seats"] = list(view["seats"])
                view["seats"][s] = _peel(view["seats"][s], [x for x in later if x["actor"] == s])
            if reverted and before is not None:
                view["seats"] = [before["seats"][s] if s in reverted else seat for s, seat in enumerate(st["seats"])]
                for s in reverted:  # (its discards are the burst's own: claims may mark them)
                    view["seats"][s] = dict(view["seats"][s], river=st["seats"][s]["river"])
                if st["turn"] in reverted:
                    view["turn"] = before["turn"]
            steps.append(view)
        before = burst[-1]
        start = end
    return steps


def _peel(seat: dict[str, Any], later: list[dict[str, Any]]) -> dict[str, Any]:
    """``seat`` without what its ``later`` draw and flower lines brought:
    flowers shown come off the end of its flowers, a drawn tile off the
    drawn place (or its hand)."""
    out = dict(seat, hand=list(seat["hand"]), flowers=list(seat["flowers"]))
    shown = [x["tile"] for x in later if x["kind"] == "flower"]
    for t in shown:
        if t in out["flowers"]:
            del out["flowers"][len(out["flowers"]) - 1 - out["flowers"][::-1].index(t)]
    for x in later:
        t = x["tile"]
        if x["kind"] != "draw" or t in shown:
            continue
        if out["drawn"] == t:
            out["drawn"] = None
        elif t in out["hand"]:
            out["hand"].remove(t)
    return out


def _header(text: str) -> dict[str, Any]:
    head = loads(text)[0]
    options = dict(head.get("options", {}))
    rs = find_variant(str(head.get("ruleset_id", head.get("ruleset")))).from_options_json(options)
    return {
        "ruleset_id": head.get("ruleset_id"),
        "name": rs.name,
        "zh": rs.zh,
        "players": rs.num_players,
        "seed": head.get("seed"),
        "hand": head.get("hand", 0),
        "dealer": head.get("dealer", 0),
        "round_wind": _WINDS[int(head.get("round_wind", 0)) % 4],
        "dice": head.get("dice", []),
        "options": options,
        "seat_names": list(SEAT_NAMES),
    }


def _embed(value: Any) -> str:
    """JSON safe inside a ``<script>`` element: every ``/`` and ``<``
    escaped (so no ``</script>``, no ``<!--`` and no address can appear),
    non-ASCII kept."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("/", "\\/").replace("<", "\\u003c")


def render_html(text: str, *, title: str | None = None) -> str:
    """The viewer page for a record (JSON lines), as one HTML document.

    :raises RecordError: if the text is not a record or does not replay.
    """
    return _page(text, title)[0]


def _page(text: str, title: str | None) -> tuple[str, int]:
    steps = replay_steps(text)
    meta = _header(text)
    data = {"meta": meta, "record": loads(text), "steps": steps}
    name = title or f"{meta['ruleset_id']} seed {meta['seed']}"
    page = (
        _PAGE.replace("__TITLE__", html.escape(f"mahjong-core replay: {name}"))
        .replace("__CSS__", _CSS)
        .replace("__JS__", _JS)
        .replace("__DATA__", _embed(data))
    )
    return page, len(steps)


def write_html(record_path: str, out_path: str) -> int:
    """Read a record file and write its viewer page; returns the number of
    steps.  A file that cannot be read or written is a :class:`MahjongError`."""
    try:
        with open(record_path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        why = e.strerror if isinstance(e, OSError) else "not UTF-8 text"
        raise MahjongError(f"cannot read {record_path!r}: {why}") from None
    try:
        page, steps = _page(text, None)
    except RecordError as e:
        raise MahjongError(f"{record_path}: {e}") from None
    try:
        with open(out_path, "w", encoding="utf-8") as f:
            f.write(page)
    except OSError as e:
        raise MahjongError(f"cannot write {out_path!r}: {e.strerror}") from None
    return steps


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>__CSS__</style>
</head>
<body>
<header id="top">
  <div id="title"></div>
  <div id="controls">
    <button id="btn-first" title="first step (Home)">&#x23EE;</button>
    <button id="btn-prev" title="step back (&#x2190;)">&#x25C0;</button>
    <span id="step-counter">Step 1 / 1</span>
    <button id="btn-next" title="step forward (&#x2192;)">&#x25B6;</button>
    <button id="btn-last" title="last step (End)">&#x23ED;</button>
    <input id="slider" type="range" min="1" max="1" value="1" aria-label="step">
    <button id="btn-labels" title="tile faces: Chinese or compact notation (L)">5m</button>
  </div>
</header>
<main>
  <section id="board">
    <div id="status"></div>
    <div id="caption"></div>
    <div id="scoresheet" hidden></div>
    <div id="seats"></div>
  </section>
  <aside id="log"><h2>Events</h2><ol id="log-list"></ol></aside>
</main>
<footer>&#x2190; &#x2192; step &#xB7; Home / End: first / last &#xB7; L: tile labels &#xB7; click an event to jump</footer>
<script type="application/json" id="record-data">__DATA__</script>
<script>__JS__</script>
</body>
</html>
"""

_CSS = """
:root { --felt: #1f5f45; --felt-dark: #174a36; --ink: #222; --gold: #f2c14e; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", "Noto Sans", "Segoe UI", sans-serif; background: var(--felt-dark);
  color: #eee; font-size: 14px; }
header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px;
  padding: 8px 14px; background: #10392a; border-bottom: 1px solid #0b2a1f; }
#title { font-weight: bold; font-size: 16px; }
#title .sub { font-weight: normal; color: #bcd; margin-left: 10px; font-size: 13px; }
#controls { display: flex; align-items: center; gap: 6px; }
#controls button { font-size: 15px; min-width: 36px; height: 30px; border-radius: 6px; border: 1px solid #0b2a1f;
  background: #e8e2cf; color: #222; cursor: pointer; }
#controls button:hover { background: #fff; }
#controls button:disabled { opacity: .4; cursor: default; }
#step-counter { min-width: 110px; text-align: center; font-variant-numeric: tabular-nums; }
#slider { width: 160px; }
main { display: flex; gap: 10px; padding: 10px; align-items: flex-start; }
#board { flex: 1; min-width: 0; }
#status { display: flex; flex-wrap: wrap; gap: 14px; align-items: center; padding: 6px 10px; background: var(--felt);
  border-radius: 8px; margin-bottom: 8px; }
#status .item b { color: var(--gold); }
#status .tile { vertical-align: middle; }
#caption { padding: 8px 12px; border-radius: 8px; background: #e8e2cf; color: var(--ink); font-size: 16px;
  margin-bottom: 8px; border-left: 8px solid #999; min-height: 38px; }
#caption.k-call, #caption.k-kong { border-left-color: #e07b00; background: #ffe7c2; }
#caption.k-win { border-left-color: #c00; background: #ffd6d6; font-weight: bold; }
#caption.k-flower { border-left-color: #8a3fb8; }
#caption.k-payments, #caption.k-draw_game { border-left-color: #225; background: #dde3ff; }
.seat { background: var(--felt); border-radius: 10px; padding: 6px 10px 8px; margin-bottom: 8px;
  border: 3px solid transparent; }
.seat.on-turn { border-color: #9fd3b8; }
.seat.hl-call { border-color: #ff9d2e; box-shadow: 0 0 10px #ff9d2e; }
.seat.hl-win { border-color: #ff4040; box-shadow: 0 0 14px #ff4040; }
.seat-head { display: flex; gap: 10px; align-items: baseline; margin-bottom: 4px; flex-wrap: wrap; }
.seat-name { font-weight: bold; font-size: 15px; }
.badge { font-size: 12px; padding: 1px 6px; border-radius: 9px; background: #0e3626; color: #dfe; }
.badge.dealer { background: #b22; color: #fff; }
.badge.ready { background: #d98a00; color: #fff; }
.badge.won { background: var(--gold); color: #222; }
.badge.delta-plus { background: #2a7; color: #fff; }
.badge.delta-minus { background: #a33; color: #fff; }
.row { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 12px; }
.group { display: inline-flex; gap: 2px; align-items: flex-end; }
.group.meld { padding: 2px; border-radius: 4px; background: rgba(0,0,0,.18); }
.group.meld.fresh { background: #ff9d2e; }
.label { font-size: 11px; color: #bcd; margin-right: 4px; align-self: center; }
.river { margin-top: 6px; display: flex; flex-wrap: wrap; gap: 2px; min-height: 30px; }
.tile { position: relative; display: inline-flex; flex-direction: column; align-items: center; justify-content: center;
  width: 30px; height: 42px; border-radius: 5px; background: linear-gradient(#fffdf5, #efe9d6);
  border: 1px solid #8a8470; box-shadow: 0 2px 0 #b9b08f; color: var(--ink); line-height: 1;
  font-family: "WenQuanYi Micro Hei", "Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", "DejaVu Sans", sans-serif; }
.tile .n { font-size: 17px; font-weight: bold; }
.tile .s { font-size: 12px; margin-top: 2px; }
.tile .code { display: none; font-size: 14px; font-weight: bold; font-family: "DejaVu Sans Mono", monospace; }
body.codes .tile .n, body.codes .tile .s { display: none; }
body.codes .tile .code { display: block; }
.tile.m .s { color: #c21; } .tile.p .s { color: #1552b5; } .tile.s .s { color: #17813c; }
.tile.z .n { font-size: 20px; } .tile.z.red .n { color: #c21; } .tile.z.green .n { color: #17813c; }
.tile.z.white .n { width: 16px; height: 22px; border: 2px solid #1552b5; border-radius: 2px; }
.tile.f .n { color: #8a3fb8; font-size: 18px; } .tile.f .s { color: #8a3fb8; font-size: 10px; }
.tile.small { width: 24px; height: 33px; }
.tile.small .n { font-size: 14px; } .tile.small.z .n { font-size: 16px; } .tile.small .s { font-size: 10px; }
.tile.small .code { font-size: 11px; }
.tile.small.z.white .n { width: 12px; height: 17px; }
.tile.drawn { margin-left: 10px; }
.tile.wild { background: linear-gradient(#fff3c4, #f6d77a); border-color: #b8860b; }
.tile.wild::after { content: "\\2605"; position: absolute; top: -1px; right: 1px; font-size: 9px; color: #b8860b; }
.tile.claimed { background: #c9c3b0; box-shadow: none; }
.tile.claimed > span { opacity: .45; }
.tile.claimed::before, .tile.won-on::before { content: attr(data-taken); position: absolute; bottom: 1px;
  left: 50%; transform: translateX(-50%); font-size: 9px; font-weight: bold; padding: 0 2px; border-radius: 3px;
  background: #d9730d; color: #fff; font-family: "DejaVu Sans", sans-serif; white-space: nowrap; }
.tile.won-on { outline: 3px solid #ff4040; outline-offset: 1px; }
.tile.won-on::before { background: #c21; }
.tile.last { outline: 3px solid #ff9d2e; outline-offset: 1px; }
.tile.winning { outline: 3px solid #ff4040; outline-offset: 1px; }
.tile.down { background: linear-gradient(#2f7d5c, #1f5f45); border-color: #0e3626; box-shadow: 0 2px 0 #0e3626; }
.tile.down > * { visibility: hidden; }
#scoresheet { background: #f8f5ea; color: var(--ink); border-radius: 10px; padding: 10px 14px; }
#scoresheet h2 { margin: 4px 0 8px; font-size: 18px; }
#scoresheet h3 { margin: 10px 0 4px; font-size: 15px; }
#scoresheet table { border-collapse: collapse; margin-bottom: 6px; }
#scoresheet td, #scoresheet th { padding: 3px 10px; border-bottom: 1px solid #ddd6c0; text-align: left; }
#scoresheet td.num { text-align: right; font-variant-numeric: tabular-nums; }
#scoresheet .total td { font-weight: bold; border-top: 2px solid #888; }
#scoresheet .plus { color: #17813c; font-weight: bold; } #scoresheet .minus { color: #c21; font-weight: bold; }
#log { width: 300px; flex: none; background: var(--felt); border-radius: 10px; padding: 6px 8px;
  max-height: calc(100vh - 90px); overflow-y: auto; }
#log h2 { font-size: 14px; margin: 2px 4px 6px; }
#log ol { margin: 0; padding-left: 34px; font-size: 12px; }
#log li { padding: 1px 4px; cursor: pointer; border-radius: 4px; }
#log li:hover { background: rgba(255,255,255,.12); }
#log li.current { background: #e8e2cf; color: #222; }
#log li.k-call, #log li.k-kong { color: #ffc27a; } #log li.k-win { color: #ff9b9b; font-weight: bold; }
#log li.current.k-call, #log li.current.k-kong, #log li.current.k-win { color: #a40; }
footer { padding: 4px 14px 10px; color: #9bb; font-size: 12px; }
@media (max-width: 900px) { main { flex-direction: column; } #log { width: 100%; max-height: 200px; } }
"""

_JS = r"""
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("record-data").textContent);
  const META = DATA.meta, STEPS = DATA.steps;
  const ZH_DIGITS = "一二三四五六七八九";
  const SUIT_ZH = { m: "万", p: "筒", s: "条" };
  const HONOURS = ["東", "南", "西", "北", "", "發", "中"];
  const HONOUR_EN = ["East", "South", "West", "North", "White", "Green", "Red"];
  const FLOWERS = "春夏秋冬梅兰竹菊";
  const FLOWER_EN = ["Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Bamboo", "Chrysanthemum"];
  const WIND_ZH = { E: "東", S: "南", W: "西", N: "北" };
  const MELD_NAMES = { chi: "chow", pon: "pung", kan: "kong", ankan: "concealed kong", kakan: "added kong",
    special: "special kong" };
  let current = 0;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function glyph(code) {  // the Unicode Mahjong Tiles block, for the tooltip
    const d = parseInt(code[0], 10), s = code[1];
    let cp;
    if (s === "m") cp = 0x1F007 + d - 1;
    else if (s === "p") cp = 0x1F019 + d - 1;
    else if (s === "s") cp = 0x1F010 + d - 1;
    else if (s === "z") cp = [0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004][d - 1];
    else cp = [0x1F026, 0x1F027, 0x1F028, 0x1F029, 0x1F022, 0x1F023, 0x1F024, 0x1F025][d - 1];
    return String.fromCodePoint(cp);
  }
  function tile(code, opts) {
    opts = opts || {};
    const d = parseInt(code[0], 10), s = code[1];
    const t = el("span", "tile " + s);
    t.dataset.tile = code;
    let name;
    if (s === "z") {
      t.classList.add(["", "", "", "", "white", "green", "red"][d - 1] || "wind");
      t.appendChild(el("span", "n", HONOURS[d - 1]));
      name = HONOUR_EN[d - 1];
    } else if (s === "f") {
      t.appendChild(el("span", "n", FLOWERS[d - 1]));
      t.appendChild(el("span", "s", String(d)));
      name = FLOWER_EN[d - 1];
    } else {
      t.appendChild(el("span", "n", String(d)));
      t.appendChild(el("span", "s", SUIT_ZH[s]));
      name = ZH_DIGITS[d - 1] + SUIT_ZH[s];
    }
    t.appendChild(el("span", "code", code));
    t.title = code + " " + name + " " + glyph(code);
    if (opts.small) t.classList.add("small");
    if (opts.wild) t.classList.add("wild");
    if (opts.cls) opts.cls.split(" ").forEach(function (c) { if (c) t.classList.add(c); });
    return t;
  }
  function seatName(s) { return META.seat_names[s] || ("seat " + s); }

  function renderStatus(st) {
    const box = document.getElementById("status");
    box.textContent = "";
    function item(label, value, id) {
      const it = el("span", "item");
      it.appendChild(document.createTextNode(label + " "));
      const b = el("b", null, value);
      if (id) b.id = id;
      it.appendChild(b);
      box.appendChild(it);
      return it;
    }
    item("Round wind", META.round_wind + " " + WIND_ZH[META.round_wind]);
    item("Dealer", seatName(META.dealer));
    item("Wall", String(st.wall), "wall-count");
    item("On turn", seatName(st.turn));
    if (st.indicator) {
      const it = item("Indicator", "");
      it.id = "indicator";
      it.appendChild(tile(st.indicator, { small: true }));
    }
    if (st.wilds.length) {
      const it = item("Wild", "");
      it.id = "wilds";
      st.wilds.forEach(function (w) { it.appendChild(tile(w, { small: true, wild: true })); });
    }
  }

  function renderSeat(st, s, isLast) {
    const seat = st.seats[s];
    const wilds = new Set(st.wilds);
    const box = el("div", "seat");
    box.dataset.seat = String(s);
    box.id = "seat-" + s;
    if (st.turn === s && !isLast) box.classList.add("on-turn");
    if (st.kind === "call" && st.actor === s) box.classList.add("hl-call");
    if (st.kind === "kong" && st.actor === s) box.classList.add("hl-call");
    const won = st.wins.filter(function (w) { return w.seat === s; });
    if (st.kind === "win" && st.actor === s) box.classList.add("hl-win");
    const head = el("div", "seat-head");
    head.appendChild(el("span", "seat-name", seatName(s)));
    head.appendChild(el("span", "badge wind", "wind " + seat.wind + " " + WIND_ZH[seat.wind]));
    if (META.dealer === s) head.appendChild(el("span", "badge dealer", "dealer"));
    if (seat.ready) head.appendChild(el("span", "badge ready", "ready 报听"));
    if (seat.missing) head.appendChild(el("span", "badge", "missing suit " + seat.missing));
    if (seat.imagined) head.appendChild(el("span", "badge", "imagined " + seat.imagined));
    if (won.length) head.appendChild(el("span", "badge won", "won " + won.map(function (w) {
      return w.total + " " + w.unit; }).join(", ")));
    if (seat.out) head.appendChild(el("span", "badge", "out"));
    if (st.deltas) {
      const d = st.deltas[s];
      head.appendChild(el("span", "badge delta " + (d > 0 ? "delta-plus" : d < 0 ? "delta-minus" : ""),
        (d > 0 ? "+" : "") + d));
    }
    box.appendChild(head);

    const row = el("div", "row");
    const hand = el("span", "group hand");
    const held = seat.hand.slice();
    let drawn = seat.drawn;
    won.forEach(function (w) {  // a self-drawn winning tile no longer shown as drawn: set apart again
      if (w.self_drawn && w.tile && drawn === null && held.indexOf(w.tile) >= 0) {
        held.splice(held.lastIndexOf(w.tile), 1);
        drawn = w.tile;
      }
    });
    held.forEach(function (c) { hand.appendChild(tile(c, { wild: wilds.has(c) })); });
    const selfWin = won.some(function (w) { return w.self_drawn && w.tile === drawn; });
    if (drawn) hand.appendChild(tile(drawn, { wild: wilds.has(drawn), cls: "drawn" + (selfWin ? " winning" : "") }));
    won.forEach(function (w) {  // a tile won on another seat's discard or kong joins the hand
      if (!w.self_drawn && w.tile) hand.appendChild(tile(w.tile, { wild: wilds.has(w.tile), cls: "drawn winning" }));
    });
    row.appendChild(hand);
    if (seat.melds.length) {
      const ms = el("span", "group melds");
      seat.melds.forEach(function (m, i) {
        const g = el("span", "group meld " + m.kind);
        g.title = (MELD_NAMES[m.kind] || m.kind) + (m.from !== null && m.from !== undefined ?
          " from " + seatName(m.from) : "");
        if ((st.kind === "call" || st.kind === "kong") && st.actor === s && i === seat.melds.length - 1)
          g.classList.add("fresh");
        m.tiles.forEach(function (c, j) {
          const down = m.kind === "ankan" && (j === 0 || j === m.tiles.length - 1);
          g.appendChild(tile(c, { wild: wilds.has(c), cls: down ? "down" : "" }));
        });
        ms.appendChild(g);
      });
      row.appendChild(ms);
    }
    if (seat.flowers.length || seat.wild_flowers.length) {
      const fl = el("span", "group flowers");
      fl.appendChild(el("span", "label", "flowers"));
      seat.flowers.forEach(function (c) { fl.appendChild(tile(c, { small: true })); });
      seat.wild_flowers.forEach(function (c) { fl.appendChild(tile(c, { small: true, wild: true })); });
      row.appendChild(fl);
    }
    box.appendChild(row);

    const river = el("div", "river");
    river.appendChild(el("span", "label", "discards"));
    seat.river.forEach(function (e, i) {
      let cls = "";
      if (e[1] !== null) cls += " claimed";
      if (i === seat.river.length - 1 && st.kind === "action" && st.actor === s) cls += " last";
      if (st.kind === "call" && st.discarder === s && i === seat.river.length - 1) cls += " last";
      if (e.length > 2) cls += " won-on";
      const t = tile(e[0], { small: true, wild: wilds.has(e[0]), cls: cls });
      if (e[1] !== null) {
        t.dataset.taken = e[1] >= 0 ? "→" + seatName(e[1])[0] : "×";
        t.title += e[1] >= 0 ? " · taken by " + seatName(e[1]) : " · taken back";
      }
      if (e.length > 2) {
        t.dataset.taken = "→" + e[2].map(function (w) { return seatName(w)[0]; }).join("");
        t.title += " · won on by " + e[2].map(seatName).join(", ");
      }
      river.appendChild(t);
    });
    box.appendChild(river);
    return box;
  }

  function renderSheet(st) {
    const box = document.getElementById("scoresheet");
    box.textContent = "";
    const end = st.kind === "payments" || st.kind === "draw_game";
    if (!end && st.kind !== "win" && st.kind !== "win_payments") { box.hidden = true; return; }
    box.hidden = false;
    box.appendChild(el("h2", null, end ? "Score sheet" : "Win"));
    if (!st.wins.length) box.appendChild(el("p", null, "No one won: the hand is a draw."));
    st.wins.forEach(function (w) {
      const how = w.self_drawn ? "self-drawn" : "on " + seatName(w.discarder) + "'s discard";
      const h = el("h3", "win-head", seatName(w.seat) + " wins " + how + " ");
      if (w.tile) h.appendChild(tile(w.tile, { small: true, cls: "winning" }));
      box.appendChild(h);
      const t = el("table", "sheet");
      t.dataset.seat = String(w.seat);
      const hr = el("tr");
      ["pattern", "", "value", "×", "why"].forEach(function (c) { hr.appendChild(el("th", null, c)); });
      t.appendChild(hr);
      w.items.forEach(function (it) {
        const r = el("tr", "item");
        r.appendChild(el("td", "zh", it.zh));
        r.appendChild(el("td", "en", it.en));
        r.appendChild(el("td", "num", String(it.value)));
        r.appendChild(el("td", "num", it.count > 1 ? "×" + it.count : ""));
        r.appendChild(el("td", "why", it.why || ""));
        t.appendChild(r);
      });
      const tr = el("tr", "total");
      tr.appendChild(el("td", null, "total"));
      tr.appendChild(el("td", null, ""));
      tr.appendChild(el("td", "num", w.total + " " + w.unit));
      tr.appendChild(el("td", null, ""));
      tr.appendChild(el("td", null, (w.points !== null ? w.points + " points per payer" : "") +
        (w.notes.length ? " · " + w.notes.join("; ") : "")));
      t.appendChild(tr);
      box.appendChild(t);
    });
    if (st.payments) {
      box.appendChild(el("h3", null, "Payments"));
      const t = el("table", "payments");
      t.id = "payments";
      const hr = el("tr");
      ["from", "to", "amount", "reason"].forEach(function (c) { hr.appendChild(el("th", null, c)); });
      t.appendChild(hr);
      if (!st.payments.length) {
        const r = el("tr"); const c = el("td", null, "none"); c.colSpan = 4; r.appendChild(c); t.appendChild(r);
      }
      st.payments.forEach(function (p) {
        const r = el("tr", "payment");
        r.appendChild(el("td", null, seatName(p[0])));
        r.appendChild(el("td", null, seatName(p[1])));
        r.appendChild(el("td", "num", String(p[2])));
        r.appendChild(el("td", null, p[3] || ""));
        t.appendChild(r);
      });
      box.appendChild(t);
    }
    if (st.deltas) {
      box.appendChild(el("h3", null, "Result"));
      const t = el("table", "deltas");
      t.id = "deltas";
      const names = el("tr"), vals = el("tr");
      st.deltas.forEach(function (d, s) {
        names.appendChild(el("th", null, seatName(s)));
        const c = el("td", "num " + (d > 0 ? "plus" : d < 0 ? "minus" : ""), (d > 0 ? "+" : "") + d);
        c.dataset.seat = String(s);
        vals.appendChild(c);
      });
      t.appendChild(names); t.appendChild(vals);
      box.appendChild(t);
    }
  }

  function show(i) {
    current = Math.max(0, Math.min(STEPS.length - 1, i));
    const st = STEPS[current];
    const isLast = current === STEPS.length - 1;
    document.body.dataset.step = String(current + 1);
    document.body.dataset.kind = st.kind;
    document.getElementById("step-counter").textContent = "Step " + (current + 1) + " / " + STEPS.length;
    document.getElementById("slider").value = String(current + 1);
    document.getElementById("btn-first").disabled = document.getElementById("btn-prev").disabled = current === 0;
    document.getElementById("btn-last").disabled = document.getElementById("btn-next").disabled = isLast;
    const cap = document.getElementById("caption");
    cap.className = "k-" + st.kind;
    cap.textContent = st.caption;
    renderStatus(st);
    const seats = document.getElementById("seats");
    seats.textContent = "";
    st.seats.forEach(function (_, s) { seats.appendChild(renderSeat(st, s, isLast)); });
    renderSheet(st);
    const items = document.getElementById("log-list").children;
    for (let k = 0; k < items.length; k++) items[k].classList.toggle("current", k === current);
    if (items[current]) {
      const log = document.getElementById("log"), li = items[current];
      if (li.offsetTop < log.scrollTop || li.offsetTop > log.scrollTop + log.clientHeight - 30)
        log.scrollTop = li.offsetTop - log.clientHeight / 2;
    }
  }

  function init() {
    const title = document.getElementById("title");
    title.appendChild(document.createTextNode(META.name + " " + META.zh));
    title.appendChild(el("span", "sub", META.ruleset_id + " · seed " + META.seed + " · hand " + META.hand +
      " · " + META.players + " players · dice " + META.dice.join("+")));
    const list = document.getElementById("log-list");
    STEPS.forEach(function (st, k) {
      const li = el("li", "k-" + st.kind, st.caption);
      li.addEventListener("click", function () { show(k); });
      list.appendChild(li);
    });
    const slider = document.getElementById("slider");
    slider.max = String(STEPS.length);
    slider.addEventListener("input", function () { show(parseInt(slider.value, 10) - 1); });
    document.getElementById("btn-first").addEventListener("click", function () { show(0); });
    document.getElementById("btn-prev").addEventListener("click", function () { show(current - 1); });
    document.getElementById("btn-next").addEventListener("click", function () { show(current + 1); });
    document.getElementById("btn-last").addEventListener("click", function () { show(STEPS.length - 1); });
    document.getElementById("btn-labels").addEventListener("click", toggleLabels);
    document.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "ArrowRight") show(current + 1);
      else if (e.key === "ArrowLeft") show(current - 1);
      else if (e.key === "Home") show(0);
      else if (e.key === "End") show(STEPS.length - 1);
      else if (e.key === "l" || e.key === "L") toggleLabels();
      else return;
      e.preventDefault();
    });
    show(0);
  }
  function toggleLabels() {
    document.body.classList.toggle("codes");
    document.getElementById("btn-labels").textContent = document.body.classList.contains("codes") ? "五万" : "5m";
  }
  init();
})();
"""
