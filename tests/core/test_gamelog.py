"""The readable game log (``play``, ``replay``): one line per kong, one
vocabulary, one way to name seats, flowers set aside at the deal, the
winning hand with the reading that scored, judge transcripts, ``--step``."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from mahjong_core.analysis import Shape, decompositions
from mahjong_core.bots import GreedyBot, play_hand
from mahjong_core.botzone_judge import Judge, program_from_spec
from mahjong_core.cli import main
from mahjong_core.gamelog import GameLog, scoring_reading
from mahjong_core.registry import find_variant
from mahjong_core.tiles import parse_tiles


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def log_of(variant: str, seed: int, lang: str = "en", dealer: int = 0) -> tuple[list[dict[str, object]], str]:
    rs = find_variant(variant)()
    t = play_hand(rs, [GreedyBot() for _ in range(rs.num_players)], seed=seed, dealer=dealer)
    log = GameLog(lang)
    lines = [log.describe(e, t) for e in t.events]
    return t.events, "\n".join(x for x in lines if x)


JAPANESE = re.compile(r"\b(chi|pon|kan|ankan|kakan|riichi|tsumo|ron)\b", re.I)


def test_one_line_per_kong() -> None:
    """Each kong (exposed, concealed, added) is one line; seed 1 of
    guangdong has an added kong that used to print twice (once as 'kakan')."""
    kinds = {"kong": 0, "concealed": 0, "added": 0}
    for seed in range(1, 41):
        events, text = log_of("guangdong", seed)
        kong_events = sum(1 for e in events if e["type"] == "kong" or (e["type"] == "call" and e["action"] == "kong"))
        kong_lines = [ln for ln in text.splitlines() if re.search(r"\bkongs\b|\bkong \d|added kong|concealed kong", ln)
                      and "winning hand" not in ln and "reading" not in ln]
        assert len(kong_lines) == kong_events, (seed, kong_lines)
        for ln in kong_lines:
            kinds["added" if "added kong" in ln else "concealed" if "concealed kong" in ln else "kong"] += 1
    assert all(kinds.values()), kinds  # every kind of kong was seen
    _, text = log_of("guangdong", 1)
    assert "seat 1 adds 3z to a pung: added kong 3333z" in text and "3333z" not in text.replace("added kong 3333z", "")


@pytest.mark.parametrize("variant", ["guangdong", "guobiao", "sichuan", "taiwan", "ningbo"])
def test_one_vocabulary(variant: str) -> None:
    """English: chow / pung / kong, never a Japanese term; --lang zh: 吃 碰 杠."""
    for seed in range(1, 9):
        _, en = log_of(variant, seed)
        assert not JAPANESE.search(en), JAPANESE.search(en)
        _, zh = log_of(variant, seed, "zh")
        assert not re.search(r"\b(chow|pung|kong|discards|draws|seat)\b", zh), zh
        assert not JAPANESE.search(zh)
    _, en = log_of(variant, 3)
    _, zh = log_of(variant, 3, "zh")
    assert " discards " in en and " 打出 " in zh


def test_one_way_to_name_seats() -> None:
    """Seats are 'seat N' everywhere (the winds are said once, in the header),
    also when another seat deals."""
    _, text = log_of("guangdong", 2, dealer=2)
    assert text.splitlines()[0].startswith("guangdong-v1  seed 2  dealer seat 2  round wind East")
    assert "seat winds: seat 0 West, seat 1 North, seat 2 East, seat 3 South" in text
    body = "\n".join(text.splitlines()[2:])
    assert not re.search(r"\b(East|South|West|North)\b", body), body
    subjects = {ln.split(" ")[0] + " " + ln.split(" ")[1] for ln in body.splitlines() if not ln.startswith((" ", "deal", "payments"))}
    assert subjects <= {f"seat {s}" for s in range(4)}, subjects


def test_flowers_set_aside_at_the_deal() -> None:
    events, text = log_of("taiwan", 1)
    first_play = next(i for i, e in enumerate(events) if e["type"] in ("action", "draw"))
    at_deal = [e for e in events[:first_play] if e["type"] == "flower"]
    later = [e for e in events[first_play:] if e["type"] == "flower"]
    assert at_deal and later
    for e in at_deal:
        assert f"seat {e['seat']} sets aside flower {e['tile']} at the deal, replaced from the wall" in text
    deal_lines = [ln for ln in text.splitlines() if "at the deal" in ln]
    assert len(deal_lines) == len(at_deal)
    assert len([ln for ln in text.splitlines() if "sets aside flower" in ln]) == len(at_deal) + len(later)


def test_the_reading_that_scored() -> None:
    """111222333m555p + 77s reads as four pungs (碰碰和) or three chows and a
    pung (鸡和): the log shows the reading the rule set scored, whichever
    order the readings come in."""
    rs = find_variant("guangdong")()
    r = rs.score_hand(parse_tiles("111222333m555p7s"), win_tile=parse_tiles("7s")[0])
    ds = tuple(decompositions(r.context.concealed))
    chows_first = tuple(sorted(ds, key=lambda d: -sum(u[0] == Shape.CHOW for u in d.units)))
    ctx = replace(r.context, decompositions=chows_first)
    sheet = rs.score(ctx)
    assert "碰碰和" in sheet.names()
    got = scoring_reading(rs, ctx, sheet)
    assert got is not None and all(u[0] != Shape.CHOW for u in got.units)


def test_the_winning_hand_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--seed", "5")
    assert code == 0
    win = out[out.index("WINS"):]
    assert re.search(r"winning hand: \S+ \[pung 444z\] \[chow 123p\] \[kong 7777z\] \(← 7m\)", win), win
    assert "reading: 789m chow · 44p pair · pung 444z · chow 123p · kong 7777z" in win
    assert "score: 鸡和 Chicken hand 0, 三元牌 Dragon pung 1 = 1 番" in win
    code, zh, _ = run(capsys, "play", "--seed", "5", "--lang", "zh")
    assert "牌型: 789m 吃 · 44p 将 · 碰 444z · 吃 123p · 杠 7777z" in zh and "2号位 打出" in zh


def _transcript(tmp_path: Path, hands: int = 2) -> Path:
    path = tmp_path / "judge.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        Judge([program_from_spec("builtin:greedy") for _ in range(4)], transcript=f).run(hands, seed=3)
    return path


def test_replay_reads_a_judge_transcript(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _transcript(tmp_path)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert out.count("replay OK") == 2 and "== hand 0 ==" in out and "== hand 1 ==" in out
    assert out.count("botzone-mcr-v1  seed") == 2 and ("WINS" in out or "exhaustive draw" in out)
    # a changed line of a record inside the transcript is found, with its hand
    lines = path.read_text(encoding="utf-8").splitlines()
    i = next(i for i, ln in enumerate(lines) if json.loads(ln)["type"] == "record")
    rec = json.loads(lines[i])
    rec["events"][1]["hands"][0] = "1111m"
    lines[i] = json.dumps(rec, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "hand 0" in err and "line 2" in err and "Traceback" not in err
    other = tmp_path / "other.jsonl"
    other.write_text('{"type": "turn"}\n', encoding="utf-8")
    code, _, err = run(capsys, "replay", str(other))
    assert code == 2 and "neither a record" in err


def test_replay_steps_on_request(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "hand.jsonl"
    assert main(["play", "--seed", "3", "--log", str(log)]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("\n\nq\n"))
    code, out, err = run(capsys, "replay", str(log), "--step")
    assert code == 0
    assert out.splitlines()[-1] == "replay stopped"
    shown = [ln for ln in out.splitlines() if not ln.startswith(("seat winds", "replay"))]
    assert len(shown) == 3 and err.count("[Enter: next, q: quit]") == 3
    # without --step nothing is asked; when the input ends, the rest is shown
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
    code, out, err = run(capsys, "replay", str(log), "--step")
    assert code == 0 and "replay OK" in out and err.count("[Enter") == 2
    code, out, err = run(capsys, "replay", str(log))
    assert code == 0 and err == "" and "replay OK" in out


def test_docstring_examples() -> None:
    import doctest

    from mahjong_core import gamelog

    result = doctest.testmod(gamelog)
    assert result.attempted >= 3 and result.failed == 0
