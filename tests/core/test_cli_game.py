"""The game commands: play, simulate, variants, replay."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from mahjong_core.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_variants_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "--json")
    rows = json.loads(out)
    assert code == 0
    names = {r["name"]: r for r in rows}
    assert names["guangdong"]["zh"] == "广东鸡平和" and names["guangdong"]["id"] == "guangdong-v1"
    assert all({"name", "zh"} <= set(r) for r in rows)


def test_simulate_json_and_workers_agree(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--hands", "120", "--seed", "4", "--json")
    one = json.loads(out)
    assert code == 0
    for key in ("hands", "errors", "zero_sum", "hands_per_s", "wins", "draws"):
        assert key in one
    assert one["hands"] == 120 and one["errors"] == 0 and one["zero_sum"] is True
    assert sum(one["wins"]) + one["draws"] <= 120 + 3 * 120  # multiple winners possible
    code, out, _ = run(capsys, "simulate", "--hands", "120", "--seed", "4", "--workers", "2", "--json")
    two = json.loads(out)
    for key in ("hands", "errors", "wins", "draws", "payments", "tiles_drawn"):
        assert two[key] == one[key], key


def test_simulate_prepares_one_rule_set_per_process_and_plays_the_same_hands(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The chunks of a run share one rule set, prepared (Ruleset.prepare:
    国标's fan table) before the clock starts, and play what a fresh,
    unprepared rule set plays."""
    from mahjong_core import cli_game
    from mahjong_core.bots import make_bot, play_hand
    from mahjong_core.registry import find_variant

    monkeypatch.setattr(cli_game, "_PREPARED", {})
    made: list[object] = []
    real = cli_game._ruleset

    def counting(name: str, options: object = ()) -> object:
        made.append(name)
        return real(name, options)  # type: ignore[arg-type]

    monkeypatch.setattr(cli_game, "_ruleset", counting)
    code, out, _ = run(capsys, "simulate", "--variant", "guobiao", "--hands", "450", "--json")
    total = json.loads(out)
    assert code == 0 and total["hands"] == 450 and total["errors"] == 0
    assert made == ["guobiao"]  # (three chunks of 200 or fewer, one rule set)
    (rs,) = cli_game._PREPARED.values()
    assert "_fan_table" in rs.__dict__  # (prepared)
    fresh = find_variant("guobiao")()
    assert "_fan_table" not in fresh.__dict__
    for i in range(3):
        seed = cli_game._hand_seed(0, i)
        got = [play_hand(r, [make_bot("greedy", seed + s) for s in range(4)], seed=seed, dealer=i % 4).events
               for r in (rs, fresh)]
        assert got[0] == got[1]


def test_simulate_random_bots_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--hands", "50", "--bots", "random", "--variant", "base")
    assert code == 0 and "hands/s" in out and "zero-sum True" in out


def test_play_log_and_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "hand.jsonl"
    code, out, _ = run(capsys, "play", "--seed", "3", "--log", str(log))
    assert code == 0
    assert out.startswith("guangdong-v1  seed 3") and "payments:" in out
    lines = log.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["type"] == "header"
    code, out2, _ = run(capsys, "replay", str(log))
    assert code == 0 and "replay OK" in out2
    # a corrupted record fails with the line number, exit 2
    bad = list(lines)
    bad[5] = '{"type": "draw", "seat": 0, "tile": "9z"}'
    log.write_text("\n".join(bad) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(log))
    assert code == 2 and "line 6" in err
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "cannot read" in err


def test_play_json_is_the_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--seed", "8", "--json")
    events = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and events[0]["type"] == "header" and events[-1]["type"] == "payments"
    assert sum(events[-1]["deltas"]) == 0


def test_play_human_seat(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # the human always picks the first legal move; junk lines are refused
    monkeypatch.setattr("sys.stdin", io.StringIO("junk\n" + "0\n" * 400))
    code, out, _ = run(capsys, "play", "--seed", "2", "--human", "1")
    assert code == 0
    assert "your hand:" in out and "refused 'junk': unknown input" in out and "payments:" in out


def test_play_human_input_ends(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, err = run(capsys, "play", "--seed", "2", "--human", "0")
    assert code == 0 and "input ended: you left the table" in out and err == ""


def test_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--variant", "nowhere")
    assert code == 2 and "unsupported variant: 'nowhere'" in err and "guangdong" in err


def test_simulate_and_play_take_options(capsys: pytest.CaptureFixture[str]) -> None:
    """``--option`` reaches the rule set: a three-player 四川 game has three
    seats in its totals, and a bad value is a one-line error (exit 2)."""
    code, out, _ = run(capsys, "simulate", "--variant", "sichuan", "--option", "players=3", "--hands", "20",
                       "--bots", "random", "--json")
    res = json.loads(out)
    assert code == 0 and res["errors"] == 0 and res["zero_sum"] is True
    assert res["options"]["players"] == 3 and len(res["wins"]) == 3 and len(res["payments"]) == 3
    code, out, _ = run(capsys, "play", "--variant", "changsha", "--option", "birds=2", "--json")
    header = json.loads(out.splitlines()[0])
    assert code == 0 and header["options"]["birds"] == 2
    code, _, err = run(capsys, "simulate", "--variant", "sichuan", "--option", "players=9", "--hands", "5")
    assert code == 2 and "players" in err and "Traceback" not in err


def test_dice_kong_draws_are_described() -> None:
    from mahjong_core.cli_game import describe_event

    base = {"type": "draw", "seat": 0, "tile": "6m", "replacement": True}
    assert describe_event(base) == "seat 0 draws 6m (replacement)"
    assert describe_event({**base, "dice": [6, 5]}) == "seat 0 draws 6m (dice 6+5)"
    assert describe_event({**base, "dice": [6, 5], "turned": ["6m", "9p"]}) == "seat 0 draws 6m (dice 6+5, turned up 6m 9p)"
    assert describe_event({**base, "tile": "9p", "dice": [6, 5], "turned": True}) == (
        "seat 0 draws 9p (dice 6+5, the second dice tile)"
    )


def test_imagined_choices_are_described() -> None:
    from mahjong_core.cli_game import describe_event

    assert describe_event({"type": "action", "seat": 1, "action": "imagine", "tile": "5m"}) is None
    assert describe_event({"type": "imagined", "kinds": ["1m", "2z", None, "9s"]}) == (
        "imagined (心皇): seat 0 1m, seat 1 2z, seat 2 any, seat 3 9s"
    )


def test_play_without_dealer_takes_the_rule_sets_first_dealer(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_core.variants.ningbo import Ningbo

    for seed in range(6):
        _, out, _ = run(capsys, "play", "--variant", "ningbo", "--seed", str(seed), "--json")
        assert json.loads(out.splitlines()[0])["dealer"] == Ningbo().first_dealer(seed)
    _, out, _ = run(capsys, "play", "--variant", "ningbo", "--seed", "1", "--dealer", "2", "--json")
    assert json.loads(out.splitlines()[0])["dealer"] == 2
    _, out, _ = run(capsys, "play", "--seed", "1", "--json")  # guangdong: seat 0, as before
    assert json.loads(out.splitlines()[0])["dealer"] == 0
