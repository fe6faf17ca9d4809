"""``mahjong-core simulate`` on Ray, its rows (``--out``) and its figure
(``--plot``): the same totals and rows whatever plays the hands, rows that
polars reads back and that add up to the summary, a real PNG, and bad flags
refused before any hand is played."""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from mahjong_core import cli_game, simulation
from mahjong_core.bots import make_bot, play_hand
from mahjong_core.cli import main
from mahjong_core.registry import find_variant

# Ray publishes no musllinux wheels (nor an sdist): on musl Linux pip cannot
# install it, and there only, its tests are skipped. Everywhere else a missing
# ray fails them.
NO_RAY_HERE = pytest.mark.skipif(
    sys.platform == "linux" and platform.libc_ver()[0] != "glibc" and importlib.util.find_spec("ray") is None,
    reason="ray has no wheels for musl Linux",
)
SAME = ("hands", "errors", "zero_sum", "wins", "draws", "payments", "tiles_drawn", "error_examples")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else {}), err


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@NO_RAY_HERE
def test_ray_backend_starts_and_stops_its_own_instance(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --address and without a Ray instance in the process, simulate
    starts a local one and shuts it down again; the totals are one
    process's. (Runs before the module's shared instance is started.)"""
    import ray

    assert not ray.is_initialized()
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    code, on_ray, _ = run(capsys, "simulate", "--hands", "24", "--seed", "5", "--json", "--backend", "ray")
    assert code == 0 and on_ray["backend"] == "ray" and not ray.is_initialized()
    code, local, _ = run(capsys, "simulate", "--hands", "24", "--seed", "5", "--json")
    for key in SAME:
        assert on_ray[key] == local[key], key


@NO_RAY_HERE
def test_ray_cluster_at_an_address(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A Ray cluster started on its own (``ray start --head``: 2 CPUs, on the
    loopback address) and joined with ``--address``: the totals and rows of
    one process, and the cluster lives on after the run. Both run as
    subprocesses, with Ray's token authentication off for this throwaway
    cluster (Ray keeps that setting for the life of a process)."""
    from ray._private.utils import get_ray_address_file

    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env["RAY_AUTH_MODE"] = "disabled"
    # `ray start --head` leaves its address for ray.init() (Ray's "auto") in a
    # file that outlives the cluster: put back what was there before
    address_file = Path(get_ray_address_file(None))
    address_before = address_file.read_bytes() if address_file.exists() else None
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    log = (tmp_path / "head.log").open("w")
    head = subprocess.Popen(
        [sys.executable, "-m", "ray.scripts.scripts", "start", "--head", f"--port={port}",
         "--node-ip-address=127.0.0.1", "--num-cpus=2", "--include-dashboard=false", "--block"],
        stdout=log, stderr=subprocess.STDOUT, env=env,
    )
    try:
        deadline = time.monotonic() + 120
        while True:  # until the cluster's GCS accepts connections
            assert head.poll() is None, (tmp_path / "head.log").read_text()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "ray start --head did not come up in 120 s"
                time.sleep(0.5)
        args = ("simulate", "--variant", "changsha", "--hands", "40", "--seed", "8", "--json")
        done = subprocess.run(
            [sys.executable, "-m", "mahjong_core.cli", *args, "--backend", "ray", "--address", f"127.0.0.1:{port}",
             "--out", str(tmp_path / "ray.jsonl")],
            env=env, capture_output=True, text=True, timeout=300,
        )
        assert done.returncode == 0, done.stderr
        on_ray = json.loads(done.stdout)
        assert on_ray["backend"] == "ray" and on_ray["workers"] == 2 and head.poll() is None
        code, local, _ = run(capsys, *args, "--out", str(tmp_path / "one.jsonl"))
        for key in SAME:
            assert on_ray[key] == local[key], key
        assert read_jsonl(tmp_path / "ray.jsonl") == read_jsonl(tmp_path / "one.jsonl")
    finally:
        head.terminate()  # ray start --block stops the cluster's processes on SIGTERM
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait()
        log.close()
        if address_before is None:
            address_file.unlink(missing_ok=True)
        else:
            address_file.write_bytes(address_before)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray instance of 2 CPUs for the module's tests."""
    import ray

    # "local": a new instance, whatever cluster a `ray start` left its address for
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@NO_RAY_HERE
def test_ray_local_and_workers_give_the_same_totals_and_rows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, local_ray: None
) -> None:
    """Hand i depends only on (seed, i): one process, two processes and Ray
    (chunks finishing in any order) agree on every total and every row."""
    args = ("simulate", "--variant", "sichuan", "--hands", "60", "--seed", "11", "--json")
    code, one, _ = run(capsys, *args, "--out", str(tmp_path / "one.jsonl"))
    assert code == 0 and one["hands"] == 60 and one["backend"] == "local"
    code, two, _ = run(capsys, *args, "--workers", "2", "--out", str(tmp_path / "two.parquet"))
    assert code == 0
    code, on_ray, _ = run(capsys, *args, "--backend", "ray", "--out", str(tmp_path / "ray.parquet"))
    assert code == 0 and on_ray["backend"] == "ray" and on_ray["workers"] == 2
    for key in SAME:
        assert two[key] == one[key] == on_ray[key], key
    rows = read_jsonl(tmp_path / "one.jsonl")
    assert [r["hand"] for r in rows] == list(range(60))
    assert pl.read_parquet(tmp_path / "two.parquet").to_dicts() == rows
    assert pl.read_parquet(tmp_path / "ray.parquet").to_dicts() == rows


def test_rows_read_back_with_polars_and_add_up_to_the_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "hands.parquet"
    code, res, _ = run(capsys, "simulate", "--variant", "guangdong", "--hands", "80", "--seed", "3", "--json",
                       "--out", str(out))
    assert code == 0 and res["rows_written"] == 80 and res["out"] == str(out)
    df = pl.read_parquet(out)
    assert df.height == 80 and df["hand"].to_list() == list(range(80))
    assert set(df["variant"].to_list()) == {"guangdong-v1"}
    assert df["dealer"].to_list() == [i % 4 for i in range(80)]
    assert df["seed"].to_list() == [cli_game._hand_seed(3, i) for i in range(80)]
    # the rows add up to the summary
    assert [int(df[f"delta_{s}"].sum()) for s in range(4)] == res["payments"]
    assert int(df["tiles_drawn"].sum()) == res["tiles_drawn"]
    assert int(df["draw"].sum()) == res["draws"]
    assert df["error"].null_count() == 80 and res["errors"] == 0
    winners = df["winners"].explode().drop_nulls().to_list()
    assert [winners.count(s) for s in range(4)] == res["wins"]
    for row in df.iter_rows(named=True):
        assert sum(row[f"delta_{s}"] for s in range(4)) == 0
        assert [w["seat"] for w in row["wins"]] == row["winners"]
        assert row["draw"] == (not row["winners"])
    # the Parquet footer carries the summary
    import pyarrow.parquet as pq

    meta = pq.read_metadata(out).metadata[b"mahjong_core.simulate"]
    assert json.loads(meta)["payments"] == res["payments"]
    # a row says what the hand was: replay hand 7 by its seed
    row = df.row(7, named=True)
    rs = find_variant("guangdong")()
    t = play_hand(rs, [make_bot("greedy", row["seed"] + s) for s in range(4)], seed=row["seed"], dealer=7 % 4)
    assert row["winners"] == t.winners and [row[f"delta_{s}"] for s in range(4)] == t.deltas()
    fans = [[it[1] for it in e["items"]] for e in t.events if e["type"] == "win"]
    assert [w["fans"] for w in row["wins"]] == fans and fans and all(fans)
    assert row["actions"] == sum(e["type"] == "action" for e in t.events) > 0
    assert row["draws"] == sum(e["type"] == "draw" for e in t.events) > 0
    # the same rows as JSON lines
    jl = tmp_path / "hands.jsonl"
    code, _, _ = run(capsys, "simulate", "--variant", "guangdong", "--hands", "80", "--seed", "3", "--json",
                     "--out", str(jl))
    assert code == 0 and read_jsonl(jl) == df.to_dicts()
    assert pl.read_ndjson(jl).height == 80


def test_a_run_of_no_hands_writes_empty_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name in ("none.parquet", "none.jsonl"):
        code, res, _ = run(capsys, "simulate", "--hands", "0", "--json", "--out", str(tmp_path / name))
        assert code == 0 and res["rows_written"] == 0
    assert pl.read_parquet(tmp_path / "none.parquet").height == 0
    assert (tmp_path / "none.jsonl").read_text() == ""


def test_error_row() -> None:
    row = simulation.hand_row("base-v1", 4, 9, 123, 1, None, "MahjongError: boom")
    assert row["error"] == "MahjongError: boom" and row["winners"] == [] and row["draw"] is False
    assert [row[f"delta_{s}"] for s in range(4)] == [0, 0, 0, 0] and row["hand"] == 9


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("chinese_font", [True, False], ids=["with-chinese-font", "without"])
def test_plot_is_a_real_png(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chinese_font: bool
) -> None:
    """A PNG of a sensible size that is not blank; without a Chinese font on
    the machine the fan names stay English (no empty boxes)."""
    if not chinese_font:
        monkeypatch.setattr(simulation, "_cjk_family", lambda: None)
    png = tmp_path / "run.png"
    code, res, _ = run(capsys, "simulate", "--variant", "wenzhou", "--hands", "60", "--json", "--plot", str(png))
    assert code == 0 and res["plot"] == str(png)
    data = png.read_bytes()
    width, height = png_size(data)
    assert 1200 <= width <= 2500 and 800 <= height <= 1600 and width > height
    assert 40_000 < len(data) < 2_000_000
    from matplotlib.image import imread

    pixels = imread(str(png))
    dark = (pixels[:, :, :3].mean(axis=2) < 0.5).mean()
    coloured = (pixels[:, :, :3].std(axis=2) > 0.15).mean()
    assert 0.005 < dark < 0.3 and coloured > 0.03  # text and axes, and coloured bars


def test_fan_labels_without_a_chinese_font() -> None:
    assert simulation._fan_label("Full flush", "清一色", cjk=True) == "Full flush  清一色"
    assert simulation._fan_label("Full flush", "清一色", cjk=False) == "Full flush"
    assert simulation._fan_label("No 财神", "硬胡", cjk=False) == "No [wild]"


def test_plot_other_formats(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name, magic in (("run.svg", b"<?xml"), ("run.pdf", b"%PDF")):
        code, _, _ = run(capsys, "simulate", "--hands", "10", "--json", "--plot", str(tmp_path / name))
        assert code == 0 and (tmp_path / name).read_bytes().startswith(magic)


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--address", "127.0.0.1:6379"], "--address '127.0.0.1:6379' needs --backend ray"),
        (["--backend", "ray", "--workers", "2"], "--workers is for --backend local"),
        (["--backend", "ray", "--address", "nonsense"], "use auto, HOST:PORT or ray://HOST:PORT"),
        (["--backend", "ray", "--address", "127.0.0.1:{closed}"], "no Ray cluster answers there"),
        (["--backend", "ray", "--address", "ray://127.0.0.1:{closed}"], "no Ray cluster answers there"),
        (["--out", "{tmp}/hands.csv"], "unknown extension '.csv'; use .parquet or .jsonl"),
        (["--out", "{tmp}/hands"], "unknown extension '(none)'"),
        (["--out", "{tmp}/no/such/dir/hands.jsonl"], "No such file or directory"),
        (["--out", "{tmp}/a_dir.jsonl"], "is a directory"),
        (["--plot", "{tmp}/run.gif"], "unknown extension '.gif'; use .png, .svg, .pdf"),
        (["--plot", "{tmp}/no/such/dir/run.png"], "cannot write"),
        (["--out", "{tmp}/keep.jsonl", "--plot", "{tmp}/run.bmp"], "--plot"),
    ],
)
def test_bad_flags_fail_before_any_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    flags: list[str], message: str,
) -> None:
    def no_play(*args: object, **kwargs: object) -> None:
        pytest.fail("hands were played before the flags were checked")

    monkeypatch.setattr(cli_game, "simulate", no_play)
    keep = tmp_path / "keep.jsonl"
    keep.write_text("earlier rows\n")
    (tmp_path / "a_dir.jsonl").mkdir()
    before = sorted(p.name for p in tmp_path.iterdir())
    with socket.socket() as sock:  # a port of this machine that nothing listens on
        sock.bind(("127.0.0.1", 0))
        closed = sock.getsockname()[1]
    started = time.monotonic()
    code, _, err = run(capsys, "simulate", "--hands", "5", *[f.format(tmp=tmp_path, closed=closed) for f in flags])
    assert time.monotonic() - started < 10
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing made, nothing lost
    assert keep.read_text() == "earlier rows\n"


def test_ray_address_from_the_environment_is_checked_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        closed = sock.getsockname()[1]
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{closed}")
    code, _, err = run(capsys, "simulate", "--hands", "5", "--backend", "ray")
    assert code == 2 and f"RAY_ADDRESS '127.0.0.1:{closed}': no Ray cluster answers there" in err
    assert simulation.ray_address(None) == f"127.0.0.1:{closed}" and simulation.ray_address("auto") == "auto"
    monkeypatch.delenv("RAY_ADDRESS")
    assert simulation.ray_address(None) == "local"


@pytest.mark.parametrize(
    ("flags", "module", "extra"),
    [(["--backend", "ray"], "ray", "ray"), (["--out", "x.parquet"], "pyarrow", "data"), (["--plot", "x.png"],
                                                                                        "matplotlib", "plot")],
)
def test_missing_library_names_the_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, flags: list[str], module: str, extra: str
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == module else real(name, *a))
    code, _, err = run(capsys, "simulate", "--hands", "5", *flags)
    assert code == 2 and f'needs {module}: pip install "mahjong-core[{extra}]"' in err


def test_table_output_names_the_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows, png = tmp_path / "rows.jsonl", tmp_path / "run.png"
    code = main(["simulate", "--hands", "12", "--out", str(rows), "--plot", str(png)])
    out = capsys.readouterr().out
    assert code == 0 and f"12 rows written to {rows}" in out and f"figure drawn to {png}" in out
    assert len(read_jsonl(rows)) == 12 and png.stat().st_size > 10_000
