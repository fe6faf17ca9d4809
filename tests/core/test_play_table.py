"""``mahjong-core play --human SEAT``: a live table, driven through a
pseudo-terminal (pexpect) as a person would, and through a pipe."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pexpect
import pytest
from mahjong_core.cli import main
from mahjong_core.cli_table import parse_move
from mahjong_core.engine import Action, ActionKind
from mahjong_core.registry import available
from mahjong_core.tiles import parse_tile, tile_name


PROMPT = r"your move \(number"
CMD = [sys.executable, "-m", "mahjong_core.cli", "play"]


def spawn(*argv: str) -> "pexpect.spawn":
    env = dict(os.environ, COLUMNS="200")
    return pexpect.spawn(CMD[0], CMD[1:] + list(argv), encoding="utf-8", timeout=20, env=env,
                         dimensions=(60, 250))


pty_only = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals (pexpect.spawn) are POSIX only")


@pty_only
def test_a_whole_hand_through_a_terminal() -> None:
    """Seat 1 plays guangdong seed 45 to its end: discards typed by tile
    name (the first hint), a Chinese name once, calls passed, the
    self-drawn win taken after its score was shown."""
    child = spawn("--seed", "45", "--human", "1", "--hints")
    child.expect(PROMPT)
    first = child.before
    # the table view, and the dealer's move before our first turn
    assert "== guangdong-v1 · round East · dealer seat 0 · wall" in first
    assert re.search(r"seat 0 discards \w\w", first), first
    assert "your hand:" in first and "discards:" in first and "seat 1 (you) South" in first
    assert "deal: seat 1 (you) " in first and "seat 0 " not in first.split("deal:")[1].splitlines()[0]
    turns = calls = 0
    win_screen = ""
    chinese_done = refused_done = False
    screen = first
    everything = first
    while True:
        if "WIN OFFERED:" in screen:
            win_screen = screen
            child.sendline("win")
        elif "hints (after each discard):" in screen:
            best = re.findall(r"hints \(after each discard\):\s+discard (\w\w):", screen)[-1]
            drawn = re.findall(r"your hand: [^\n]*", screen)[-1]
            assert "shanten" in screen or "ready, waits" in screen
            if not refused_done:
                child.sendline("xyz")
                child.expect(r"refused 'xyz': unknown input")
                child.expect(PROMPT)
                child.sendline("kong 9z")
                child.expect(r"refused 'kong 9z': invalid tile notation")
                child.expect(PROMPT)
                refused_done = True
            if not chinese_done and best[1] in "mps":
                child.sendline(tile_name(parse_tile(best), "zh"))  # e.g. 五万
                chinese_done = True
            else:
                child.sendline(best)
            child.expect(rf"seat 1 \(you\) discards {best}")
            turns += 1
            assert drawn
        else:
            assert re.search(r"\[\d\] (pung|chow|kong)", screen), screen
            child.sendline("pass")
            calls += 1
        if child.expect([PROMPT, pexpect.EOF]) == 1:
            break
        screen = child.before
        everything += screen
    end = child.before
    everything += end
    # the other seats' draws are shown without their tiles; ours with them
    assert re.search(r"seat [023] draws\r?\n", everything) and not re.search(r"seat [023] draws \d", everything)
    assert re.search(r"seat 1 \(you\) draws \d[mpsz]", everything)
    assert "all hands: seat 0 " in end
    child.close()
    assert child.exitstatus == 0
    assert turns >= 5 and calls >= 1 and chinese_done and refused_done
    # the win offer showed its fan before the choice
    assert re.search(r"WIN OFFERED: .+ = \d+ 番", win_screen), win_screen
    assert "seat 1 (you) WINS self-drawn" in end
    assert "winning hand:" in end and "reading:" in end
    assert re.search(r"final scores: seat 0 -\d+, seat 1 \+\d+", end), end


@pty_only
def test_ctrl_c_leaves_cleanly() -> None:
    child = spawn("--seed", "3", "--human", "0")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("interrupted: you left the table")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 and "Traceback" not in child.before


@pty_only
def test_end_of_input_leaves_cleanly() -> None:
    child = spawn("--seed", "3", "--human", "2")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("input ended: you left the table")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in child.before


def test_a_whole_hand_through_a_pipe() -> None:
    """Plain line mode: answers from a pipe, first move each time."""
    env = dict(os.environ)
    done = subprocess.run(CMD + ["--seed", "7", "--human", "3", "--lang", "zh"], input="0\n" * 300,
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "final scores:" in done.stdout and "Traceback" not in done.stderr
    assert "3号位 (你)" in done.stdout
    empty = subprocess.run(CMD + ["--seed", "7", "--human", "3"], input="", capture_output=True, text=True,
                           env=env, timeout=60)
    assert empty.returncode == 0 and "input ended: you left the table" in empty.stdout
    assert empty.stderr == ""


@pytest.mark.parametrize("variant", [cls.name for cls in available()])
def test_every_rule_set_can_be_played(variant: str, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A human seat at every rule set: the hand ends, the table and the
    final scores are shown."""
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n" * 600))
    code = main(["play", "--variant", variant, "--seed", "2", "--human", "1", "--hints"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "== " in out and "your hand:" in out and "final scores: " in out
    assert "input ended" not in out


def _acts(*acts: tuple[ActionKind, int]) -> list[Action]:
    return [Action(k, 0, t) for k, t in acts]


def test_moves_by_name_refused_when_unknown_or_ambiguous() -> None:
    legal = _acts((ActionKind.DISCARD, 4), (ActionKind.DISCARD, 31), (ActionKind.CONCEALED_KONG, 4),
                  (ActionKind.READY, 31))
    assert parse_move("5m", legal) == legal[0]  # a tile alone: its discard
    assert parse_move("五万", legal) == legal[0]
    assert parse_move("白", legal) == legal[1]
    assert parse_move("kong 5m", legal) == legal[2]
    assert parse_move("ready 5z", legal) == legal[3]
    assert parse_move("3", legal) == legal[3]
    assert "no move number 9" in str(parse_move("9", legal))
    assert "not a legal move now" in str(parse_move("6m", legal))
    assert "unknown input" in str(parse_move("hello", legal))
    assert "invalid tile notation" in str(parse_move("discard 0m", legal))
    assert "unknown input" in str(parse_move("9z", legal))
    assert "empty input" in str(parse_move("   ", legal))
    long = parse_move("x" * 5000, legal)
    assert isinstance(long, str) and len(long) < 300
    claims = _acts((ActionKind.CHOW, 2), (ActionKind.CHOW, 3), (ActionKind.PUNG, -1), (ActionKind.PASS, -1))
    ambiguous = parse_move("chow", claims)
    assert isinstance(ambiguous, str) and "ambiguous" in ambiguous and "[0] chow 345m" in ambiguous
    assert parse_move("chow 456m", claims) == claims[1]
    assert parse_move("chi 3m", claims) == claims[0]
    assert parse_move("碰", claims) == claims[2] and parse_move("pass", claims) == claims[3]
