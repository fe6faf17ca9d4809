"""What ``mahjong-core simulate`` adds to its totals: a Ray backend, one row
per hand (``--out FILE.parquet`` or ``.jsonl``) and a figure (``--plot``).

Each needs an optional library, imported only when it is asked for:

- ``ray`` (extra ``ray``) spreads the chunks of hands over a Ray cluster,
- ``pyarrow`` (extra ``data``) writes Parquet; JSON lines need nothing,
- ``matplotlib`` (extra ``plot``) draws the figure, off screen (Agg).

A hand's result depends only on the run's seed and the hand's index (see
``cli_game._hand_seed``), so every backend gives the same totals and the
same rows; chunks are added up, and rows written, in the order of the hands
whatever order the workers finish in.

The row of a hand (one per hand, errors included; the same keys in both
formats, ``delta_0`` ... ``delta_{n-1}`` one per seat)::

    hand          index of the hand in the run (0 ...)
    seed          the hand's own seed (shuffle, dice, random bots)
    variant       rule set id, e.g. "guangdong-v1"
    dealer        dealer seat
    draw          True when nobody won (an exhaustive draw)
    winners       winning seats, in the order they won
    wins          one record per win: seat, self_drawn, discarder (None when
                  self-drawn), total, unit, fans (English names), fans_zh
    delta_S       what seat S won (+) or paid (-) in the hand
    actions       moves the players made (discards, calls, passes, wins ...)
    draws         tiles the players drew after the deal (replacements included)
    tiles_drawn   tiles taken from the wall, the deal included (their sum is
                  the summary's ``tiles_drawn``)
    error         None, or "Type: message" when the hand raised (then the
                  deltas are 0 and the hand is not in the totals)
"""

from __future__ import annotations

import json
import logging
import math
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TextIO

from .errors import MahjongError

__all__ = [
    "OUT_FORMATS",
    "PLOT_FORMATS",
    "PlotData",
    "RowWriter",
    "check_backend",
    "check_out",
    "check_plot",
    "draw_plot",
    "hand_row",
    "ray_map",
    "ray_session",
]

OUT_FORMATS = {".parquet": "parquet", ".jsonl": "jsonl"}
PLOT_FORMATS = (".png", ".svg", ".pdf")
BACKENDS = ("local", "ray")


# ------------------------------------------------------------------ rows
def hand_row(
    variant: str, n: int, index: int, seed: int, dealer: int, table: Any | None, error: str | None = None
) -> dict[str, Any]:
    """The row of hand ``index`` (see the module docstring): from the finished
    ``table`` (an :class:`mahjong_core.engine.Table`), or an error row when
    the hand raised ``error``."""
    row: dict[str, Any] = {
        "hand": index, "seed": seed, "variant": variant, "dealer": dealer,
        "draw": False, "winners": [], "wins": [],
    }
    if table is None:
        row.update({f"delta_{s}": 0 for s in range(n)})
        row.update(actions=0, draws=0, tiles_drawn=0, error=error)
        return row
    actions = draws = 0
    for e in table.events:
        kind = e["type"]
        if kind == "action":
            actions += 1
        elif kind == "draw":
            draws += 1
        elif kind == "win":
            row["wins"].append({
                "seat": e["seat"], "self_drawn": bool(e["self_drawn"]),
                "discarder": None if e["self_drawn"] else e["discarder"],
                "total": e["total"], "unit": e["unit"],
                "fans": [it[1] for it in e["items"]], "fans_zh": [it[0] for it in e["items"]],
            })
    row["winners"] = list(table.winners)
    row["draw"] = not table.winners
    row.update({f"delta_{s}": d for s, d in enumerate(table.deltas())})
    row.update(actions=actions, draws=draws, tiles_drawn=table.head + (len(table.wall) - table.tail), error=None)
    return row


def _schema(n: int) -> Any:
    import pyarrow as pa

    win = pa.struct([
        ("seat", pa.int64()), ("self_drawn", pa.bool_()), ("discarder", pa.int64()),
        ("total", pa.int64()), ("unit", pa.string()),
        ("fans", pa.list_(pa.string())), ("fans_zh", pa.list_(pa.string())),
    ])
    return pa.schema(
        [("hand", pa.int64()), ("seed", pa.int64()), ("variant", pa.string()), ("dealer", pa.int64()),
         ("draw", pa.bool_()), ("winners", pa.list_(pa.int64())), ("wins", pa.list_(win))]
        + [(f"delta_{s}", pa.int64()) for s in range(n)]
        + [("actions", pa.int64()), ("draws", pa.int64()), ("tiles_drawn", pa.int64()), ("error", pa.string())]
    )


def check_out(path: str) -> str:
    """The format of ``--out path`` ("parquet" or "jsonl"), after checking
    that the file can be written and its library imported; else a
    :class:`MahjongError` (before any hand is played)."""
    ext = os.path.splitext(path)[1].lower()
    fmt = OUT_FORMATS.get(ext)
    if fmt is None:
        raise MahjongError(f"--out {path!r}: unknown extension {ext or '(none)'!r}; use .parquet or .jsonl")
    if fmt == "parquet":
        _need("pyarrow", "data", "--out FILE.parquet")
    _check_writable("--out", path)
    return fmt


def check_plot(path: str) -> None:
    """Check ``--plot path`` (extension, matplotlib, writable) before any hand
    is played; a :class:`MahjongError` when it will not work."""
    ext = os.path.splitext(path)[1].lower()
    if ext not in PLOT_FORMATS:
        raise MahjongError(f"--plot {path!r}: unknown extension {ext or '(none)'!r}; use {', '.join(PLOT_FORMATS)}")
    _need("matplotlib", "plot", "--plot")
    _check_writable("--plot", path)


def check_backend(backend: str, address: str | None, timeout: float = 5.0) -> None:
    """``--backend`` and ``--address`` fit together, ray is importable and
    something answers at ``address`` (a TCP connection within ``timeout``
    seconds: Ray itself would retry for minutes)."""
    if backend not in BACKENDS:
        raise MahjongError(f"--backend {backend!r}: use one of {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise MahjongError(f"--address {address!r} needs --backend ray")
    if backend == "ray":
        _need("ray", "ray", "--backend ray")
        target = ray_address(address)
        if target != "local":
            _probe(target, timeout, "--address" if address else "RAY_ADDRESS")


def ray_address(address: str | None) -> str:
    """The Ray address to use: ``--address``, else Ray's own ``RAY_ADDRESS``
    variable, else ``local`` (a new local instance, never the cluster a
    ``ray start`` on this machine left its address for: ``auto`` asks for
    that one)."""
    return address or os.environ.get("RAY_ADDRESS") or "local"


def _probe(address: str, timeout: float, flag: str) -> None:
    """``auto`` is Ray's word for the cluster started on this machine;
    ``[ray://]HOST:PORT`` must accept a TCP connection."""
    import socket

    if address in ("auto", "local"):
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise MahjongError(f"{flag} {address!r}: use auto, HOST:PORT or ray://HOST:PORT")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as e:
        raise MahjongError(f"{flag} {address!r}: no Ray cluster answers there ({e.strerror or e})") from None


def _need(module: str, extra: str, flag: str) -> None:
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise MahjongError(f"{flag} needs {module}: pip install \"mahjong-core[{extra}]\"")


def _check_writable(flag: str, path: str) -> None:
    """Open ``path`` for appending (so nothing is lost) and close it; a file
    that did not exist is removed again."""
    existed = os.path.exists(path)
    if os.path.isdir(path):
        raise MahjongError(f"{flag} {path!r}: is a directory")
    try:
        with open(path, "ab"):
            pass
    except OSError as e:
        raise MahjongError(f"{flag} {path!r}: cannot write: {e.strerror}") from None
    if not existed:
        os.remove(path)


class RowWriter:
    """Writes rows to a ``.jsonl`` or ``.parquet`` file as they come, in
    groups (Parquet row groups of ``group`` rows), so a long run does not
    hold its rows in memory. Use as a context manager; ``metadata`` (JSON
    text per key) goes into the Parquet footer."""

    def __init__(self, path: str, fmt: str, n: int, group: int = 50_000) -> None:
        self.path, self.fmt, self.n, self.group = path, fmt, n, group
        self.rows_written = 0
        self.metadata: dict[str, str] = {}
        self._buffer: list[dict[str, Any]] = []
        self._text: TextIO | None = None
        self._parquet: Any = None

    def __enter__(self) -> RowWriter:
        return self

    def write(self, rows: Iterable[dict[str, Any]]) -> None:
        if self.fmt == "jsonl":
            if self._text is None:  # opened with the first rows: a run that fails first leaves the file be
                self._text = open(self.path, "w", encoding="utf-8")
            for r in rows:
                self._text.write(json.dumps(r, ensure_ascii=False) + "\n")
                self.rows_written += 1
            return
        self._buffer.extend(rows)
        if len(self._buffer) >= self.group:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        schema = _schema(self.n)
        if self._parquet is None:
            self._parquet = pq.ParquetWriter(self.path, schema)
        if self._buffer:
            self._parquet.write_table(pa.Table.from_pylist(self._buffer, schema=schema))
            self.rows_written += len(self._buffer)
            self._buffer = []

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if self._text is not None:
            self._text.close()
        if kind is not None:  # the run failed: close what was written, start nothing
            if self._parquet is not None:
                self._parquet.close()
            return
        if self.fmt == "jsonl":
            if self._text is None:  # a run of 0 hands: an empty file
                open(self.path, "w", encoding="utf-8").close()
            return
        self._flush()  # also makes the file of a run of 0 hands
        if self.metadata:
            self._parquet.add_key_value_metadata(self.metadata)
        self._parquet.close()


# ------------------------------------------------------------------ plot
@dataclass
class PlotData:
    """What the figure needs, added up chunk by chunk (a few numbers per hand,
    not the rows)."""

    n: int
    deltas: list[list[int]] = field(default_factory=list)  # per seat, one per hand
    lengths: list[int] = field(default_factory=list)  # draws after the deal, per hand
    drawn: list[bool] = field(default_factory=list)  # per hand: nobody won
    fans: Counter[str] = field(default_factory=Counter)  # wins a fan was part of
    fans_zh: dict[str, str] = field(default_factory=dict)
    wins: int = 0
    self_drawn: list[int] = field(default_factory=list)
    on_discard: list[int] = field(default_factory=list)
    dealt_in: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.deltas = [[] for _ in range(self.n)]
        self.self_drawn, self.on_discard, self.dealt_in = [0] * self.n, [0] * self.n, [0] * self.n

    def add(self, rows: Iterable[dict[str, Any]]) -> None:
        for r in rows:
            if r["error"] is not None:
                continue
            for s in range(self.n):
                self.deltas[s].append(r[f"delta_{s}"])
            self.lengths.append(r["draws"])
            self.drawn.append(r["draw"])
            for w in r["wins"]:
                self.wins += 1
                if w["self_drawn"]:
                    self.self_drawn[w["seat"]] += 1
                else:
                    self.on_discard[w["seat"]] += 1
                    if w["discarder"] is not None and 0 <= w["discarder"] < self.n:
                        self.dealt_in[w["discarder"]] += 1
                for en, zh in dict(zip(w["fans"], w["fans_zh"])).items():
                    self.fans[en] += 1
                    self.fans_zh.setdefault(en, zh)


SEAT_LABELS = ("East", "South", "West", "North")
_CJK_FAMILIES = (
    "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "WenQuanYi Zen Hei",
    "Microsoft YaHei", "SimHei", "PingFang SC", "Heiti SC", "Arial Unicode MS", "Droid Sans Fallback",
)


def _cjk_family() -> str | None:
    """A font on this machine that has Chinese glyphs, or None."""
    from matplotlib import font_manager

    have = {f.name for f in font_manager.fontManager.ttflist}
    return next((name for name in _CJK_FAMILIES if name in have), None)


def _fan_label(en: str, zh: str, cjk: bool) -> str:
    """``Full flush 清一色`` with a Chinese font; else the English name with
    any Chinese in it left out (``No 财神`` -> ``No [wild]``: the glyphs
    would be empty boxes)."""
    if cjk:
        return f"{en}  {zh}" if zh and zh != en else en
    if en.isascii():
        return en
    words = ["[wild]" if not w.isascii() else w for w in en.split()]
    return " ".join(dict.fromkeys(words)) if words else zh.encode("ascii", "replace").decode()


def draw_plot(data: PlotData, path: str, title: str, top: int = 20) -> None:
    """One figure of a run: each seat's score per hand (distribution, mean
    marked), hand lengths (won and drawn hands), how wins were won per seat,
    and the ``top`` fans by the share of wins they were part of."""
    import matplotlib

    matplotlib.use("Agg")
    cjk = _cjk_family()
    rc: Any = {"font.size": 10, "axes.titlesize": 11, "axes.titleweight": "bold", "axes.spines.top": False,
          "axes.spines.right": False}
    if cjk:
        rc["font.family"] = ["DejaVu Sans", cjk]
    fonts = logging.getLogger("matplotlib.font_manager")
    level = fonts.level
    fonts.setLevel(logging.ERROR)  # "no bold weight for <the Chinese font>, using 400": fine
    try:
        _draw(data, path, title, top, rc, cjk)
    finally:
        fonts.setLevel(level)


def _draw(data: PlotData, path: str, title: str, top: int, rc: Any, cjk: str | None) -> None:
    import warnings

    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.ticker import MaxNLocator, ScalarFormatter

    seats = [SEAT_LABELS[s] if s < 4 else f"Seat {s}" for s in range(data.n)]
    colors = ["#3b6fb6", "#d9822b", "#4b9e5a", "#b8463f", "#8a63b8", "#6b6b6b"]
    hands = len(data.lengths)
    with plt.rc_context(rc), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph .* missing from", category=UserWarning)
        fig = plt.figure(figsize=(15, 9.5), layout="constrained")
        grid = fig.add_gridspec(2, 3, width_ratios=[1.15, 1.0, 1.25])
        ax_score = fig.add_subplot(grid[0, 0])
        ax_len = fig.add_subplot(grid[1, 0])
        ax_out = fig.add_subplot(grid[0, 1])
        ax_cum = fig.add_subplot(grid[1, 1])
        ax_fan = fig.add_subplot(grid[:, 2])
        fig.suptitle(title, fontsize=14, fontweight="bold")

        # each seat's score per hand: a box per seat (whiskers 5%-95%) with
        # the mean as a diamond; most hands are 0 for most seats
        if hands:
            box = ax_score.boxplot(
                data.deltas, whis=(5, 95), showfliers=True, patch_artist=True, widths=0.55,
                medianprops={"color": "black"}, flierprops={"marker": ".", "markersize": 3, "alpha": 0.35},
            )
            box_labels = seats
            ax_score.set_xticks(range(1, data.n + 1), box_labels)
            for patch, c in zip(box["boxes"], colors):
                patch.set_facecolor(c)
                patch.set_alpha(0.55)
            means = [float(np.mean(d)) for d in data.deltas]
            ax_score.scatter(range(1, data.n + 1), means, marker="D", color="black", zorder=3, s=22)
            for x, m in enumerate(means, start=1):
                ax_score.annotate(f"mean {m:+.2f}", (x, m), textcoords="offset points", xytext=(0, -14),
                                  ha="center", fontsize=8, bbox={"boxstyle": "round,pad=0.15", "fc": "white",
                                                                 "ec": "none", "alpha": 0.8})
            ax_score.axhline(0, color="#999999", linewidth=0.8, zorder=0)
            lo = min(min(d) for d in data.deltas)
            hi = max(max(d) for d in data.deltas)
            if hi - lo > 60:
                ax_score.set_yscale("symlog", linthresh=10)
                ax_score.yaxis.set_major_formatter(ScalarFormatter())
        ax_score.set_title("Score per hand, by seat")
        ax_score.set_xlabel("box: the middle half of the hands · whiskers: 5–95% · ◆ mean", fontsize=8)
        ax_score.set_ylabel("points won (+) or paid (−) in a hand")

        # hand lengths: tiles drawn from the wall, won and drawn hands stacked
        if hands:
            lengths = np.asarray(data.lengths)
            drawn = np.asarray(data.drawn, dtype=bool)
            lo, hi = int(lengths.min()), int(lengths.max())
            step = max(1, math.ceil((hi - lo + 1) / 40))
            bins = np.arange(lo, hi + step + 1, step) - 0.5
            ax_len.hist([lengths[~drawn], lengths[drawn]], bins=bins.tolist(), stacked=True,
                        color=["#3b6fb6", "#bbbbbb"], label=[f"won ({int((~drawn).sum())})",
                                                             f"drawn ({int(drawn.sum())})"])
            ax_len.axvline(float(lengths.mean()), color="black", linestyle="--", linewidth=1)
            ax_len.annotate(f"mean {lengths.mean():.1f}", (float(lengths.mean()), 1), xycoords=("data", "axes fraction"),
                            xytext=(4, -12), textcoords="offset points", fontsize=8)
            ax_len.legend(frameon=False, fontsize=8, loc="upper left")
        ax_len.set_title("Hand length")
        ax_len.set_xlabel("tiles drawn after the deal")
        ax_len.set_ylabel("hands")
        ax_len.yaxis.set_major_locator(MaxNLocator(integer=True))

        # how each seat won, and how often it paid a winner by discarding
        at = np.arange(data.n)
        ax_out.bar(at - 0.2, data.self_drawn, 0.4, color="#4b9e5a", label="self-drawn win")
        ax_out.bar(at - 0.2, data.on_discard, 0.4, bottom=data.self_drawn, color="#3b6fb6", label="win on a discard")
        ax_out.bar(at + 0.2, data.dealt_in, 0.4, color="#b8463f", label="dealt in")
        ax_out.set_xticks(at, seats)
        ax_out.set_ylabel("hands")
        ax_out.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax_out.set_title("Wins and deal-ins, by seat")
        highest = max([a + b for a, b in zip(data.self_drawn, data.on_discard)] + data.dealt_in + [1])
        ax_out.set_ylim(0, highest * 1.3)  # room for the legend above the bars
        ax_out.legend(frameon=False, fontsize=8, loc="upper left", ncols=2, handlelength=1.2)

        # running total per seat over the run
        if hands:
            for s in range(data.n):
                ax_cum.plot(np.cumsum(data.deltas[s]), color=colors[s % len(colors)], label=seats[s], linewidth=1.3)
            ax_cum.axhline(0, color="#999999", linewidth=0.8, zorder=0)
            ax_cum.legend(frameon=False, fontsize=8, loc="upper left", ncols=2)
        ax_cum.set_title("Running total, by seat")
        ax_cum.set_xlabel("hand")
        ax_cum.set_ylabel("points")

        # fans: share of wins that scored each (top ``top``)
        common = data.fans.most_common(top)
        if common:
            names = [_fan_label(en, data.fans_zh.get(en, ""), cjk is not None) for en, _ in common][::-1]
            shares = [100.0 * c / data.wins for _, c in common][::-1]
            bars = ax_fan.barh(range(len(common)), shares, color="#d9822b", alpha=0.85)
            ax_fan.set_yticks(range(len(common)), names)
            ax_fan.bar_label(bars, labels=[f"{v:.1f}%" for v in shares], padding=3, fontsize=8)
            ax_fan.set_xlim(0, max(shares) * 1.18)
            slots = max(len(common), 14)  # a few fans: thin bars at the top, not fat ones
            ax_fan.set_ylim(len(common) - slots - 0.5, len(common) - 0.5)
        else:
            ax_fan.text(0.5, 0.5, "no wins", ha="center", va="center", transform=ax_fan.transAxes)
            ax_fan.set_yticks([])
        more = f" (top {top} of {len(data.fans)})" if len(data.fans) > top else ""
        ax_fan.set_title(f"Fans and patterns{more}")
        ax_fan.set_xlabel(f"share of the {data.wins} wins that scored it (%)")
        fig.savefig(path, dpi=110)
        plt.close(fig)


# ------------------------------------------------------------------- ray
@contextmanager
def ray_session(address: str | None) -> Iterator[int]:
    """Connect to the Ray cluster at ``address`` (``auto``, ``HOST:PORT``,
    ``ray://HOST:PORT`` ...; see :func:`ray_address` when None) or start a
    local Ray instance; yields the cluster's CPU count and disconnects (and
    stops what it started) at the end. A Ray instance this process already
    started (``ray.init()`` before) is used as it is and left running."""
    import ray

    started = False
    if not ray.is_initialized():
        address = ray_address(address)
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False,
                     logging_level=logging.WARNING, configure_logging=True)
        except Exception as e:  # ConnectionError, ValueError, RuntimeError ... as ray raises them
            where = "a new local instance" if address == "local" else repr(address)
            raise MahjongError(f"--backend ray: cannot start or reach Ray at {where}: {type(e).__name__}: {e}") from None
        started = True
    try:
        yield max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
    finally:
        if started:
            ray.shutdown()


def ray_map(
    func: Callable[[Any], dict[str, Any]], jobs: Sequence[Any], on_part: Callable[[int, dict[str, Any]], None]
) -> None:
    """Run ``func(job)`` for every job as Ray tasks (inside
    :func:`ray_session`) and give each result to ``on_part(i, part)`` in job
    order: a part that finishes early waits for the ones before it."""
    import ray

    remote = ray.remote(func)
    refs = [remote.remote(job) for job in jobs]
    index = {ref: i for i, ref in enumerate(refs)}
    ready: dict[int, dict[str, Any]] = {}
    pending = list(refs)
    nxt = 0
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            ready[index[ref]] = ray.get(ref)
        while nxt in ready:
            on_part(nxt, ready.pop(nxt))
            nxt += 1
