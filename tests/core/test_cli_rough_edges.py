"""Issue 13, parts 2-4: the command line without rough edges.

``--option KEY=VALUE`` for every command that takes a rule set, help that
shows every default, one line and exit status 2 for any bad input (a
property test over every sub-command, in process and through a real
process), typed errors from the public constructors, and the right answers
of ``score --variant base`` and ``analyze``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import mahjong_core as mc
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from mahjong_core.cli import build_parser, main
from mahjong_core.cli_common import CUT, one_line, parse_options, writable_file
from mahjong_core.engine import Table
from mahjong_core.errors import InvalidArgumentError, InvalidArgumentTypeError, MahjongError
from mahjong_core.registry import find_variant

BOTS4 = ["--bots", "builtin:greedy", "builtin:random:1", "builtin:greedy", "builtin:random:2"]


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """``main(argv)`` in this process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(argv))
            except SystemExit as e:  # main() must never let one escape
                raise AssertionError(f"SystemExit({e.code!r}) escaped main() for {argv!r}") from None
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def assert_one_line_error(code: int, err: str, argv: object) -> str:
    assert code == 2, (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), (argv, err)
    assert lines[0].startswith("mahjong-core") and ": error: " in lines[0], (argv, err)
    return lines[0]


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    out: dict[str, argparse.ArgumentParser] = {}
    for name, sub in action.choices.items():
        if sub not in out.values():  # aliases (analyse) name the same parser
            out[name] = sub
    return out


SUBCOMMANDS = subcommands()


def test_every_subcommand_is_walked() -> None:
    assert set(SUBCOMMANDS) == {
        "analyze", "play", "simulate", "variants", "replay", "botzone-bot", "botzone-judge", "score",
    }


# ---------------------------------------------------------------------------
# Part 2: --option KEY=VALUE for play, simulate, score and botzone-judge
# ---------------------------------------------------------------------------


def test_option_reaches_the_rule_set_of_every_command() -> None:
    code, out, _ = run("play", "--variant", "guangdong", "--option", "cap=5", "--json")
    assert code == 0 and json.loads(out.splitlines()[0])["options"]["cap"] == 5
    code, out, _ = run("simulate", "--variant", "guangdong", "--hands", "2", "--option", "cap=5",
                       "--option", "heaven_values.human=7", "--json")
    res = json.loads(out)
    assert code == 0 and res["options"]["cap"] == 5 and res["options"]["heaven_values"]["human"] == 7
    base = ["score", "--variant", "guangdong", "--hand", "123m456p78s11s777z", "--win", "9s", "--self-drawn", "--json"]
    assert json.loads(run(*base)[1])["total"] > 1
    assert json.loads(run(*base, "--option", "cap=1")[1])["total"] == 1
    code, out, _ = run("botzone-judge", *BOTS4, "--option", "min_fan=1", "--json")
    assert code == 0 and json.loads(out)["hands"] == 1


def test_botzone_judge_plays_with_the_option() -> None:
    """min_fan reaches the judge's rule set: with 64 fans needed nobody wins
    (a bot that still calls HU on 8 fans is judged a false win)."""
    code, out, _ = run("botzone-judge", *BOTS4, "--hands", "2", "--json")
    assert code == 0 and any(r["winner"] is not None for r in json.loads(out)["results"])
    code, out, _ = run("botzone-judge", *BOTS4, "--hands", "2", "--option", "min_fan=64", "--json")
    data = json.loads(out)
    assert code == 0 and all(r["winner"] is None for r in data["results"])
    assert data["draws"] + len(data["errors"]) == 2


GUANGDONG_COMMANDS = [
    ["play", "--variant", "guangdong"],
    ["simulate", "--variant", "guangdong", "--hands", "1"],
    ["score", "--variant", "guangdong", "--hand", "123m456p789s1122z", "--win", "2z"],
]
GUANGDONG_BAD = [
    ("nope=1", ["'nope'", "unknown option", "cap (int)", "discard_payment (discarder|full)"]),
    ("cap=lots", ["cap", "'lots'", "whole number", "int"]),
    ("cap", ["KEY=VALUE"]),
    ("=3", ["KEY=VALUE"]),
    ("heaven_values.sky=1", ["'sky'", "heaven, earth, human"]),
    ("cap.x=1", ["'x'", "not a nested option"]),
    ("discard_payment=all", ["discard_payment", "discarder, full"]),
    ("triple_win_pays_three=maybe", ["triple_win_pays_three", "yes/no"]),
    ("heaven_values=[1", ["heaven_values", "JSON object", "heaven_values.FIELD=VALUE"]),
]
MCR_BAD = [
    ("nope=1", ["'nope'", "unknown option", "min_fan (int)", "mixed_kongs (reference|1998)"]),
    ("min_fan=lots", ["min_fan", "'lots'", "whole number"]),
    ("mixed_kongs=all", ["mixed_kongs", "reference, 1998"]),
    ("min_fan", ["KEY=VALUE"]),
]


@pytest.mark.parametrize("command", GUANGDONG_COMMANDS)
@pytest.mark.parametrize(("option", "words"), GUANGDONG_BAD)
def test_bad_option_is_one_line_naming_the_key(command: list[str], option: str, words: list[str]) -> None:
    code, out, err = run(*command, "--option", option)
    line = assert_one_line_error(code, err, option)
    for w in words:
        assert w in line, (line, w)
    assert out == ""


@pytest.mark.parametrize(("option", "words"), MCR_BAD)
def test_bad_judge_option_is_one_line_naming_the_key(option: str, words: list[str]) -> None:
    code, out, err = run("botzone-judge", *BOTS4, "--option", option)
    line = assert_one_line_error(code, err, option)
    for w in words:
        assert w in line, (line, w)
    assert out == ""


def test_parse_options_nested_and_typed() -> None:
    cls = find_variant("guangdong")
    assert parse_options(cls, ["cap=4", "triple_win_pays_three=no", "heaven_values.human=5"]) == {
        "cap": 4, "triple_win_pays_three": False, "heaven_values": {"human": 5},
    }
    assert parse_options(cls, ['heaven_values={"heaven": 0}']) == {"heaven_values": {"heaven": 0}}
    assert parse_options(cls, ['heaven_values={"heaven": 0}', "heaven_values.human=1"]) == {
        "heaven_values": {"heaven": 0, "human": 1}}
    with pytest.raises(MahjongError, match="already set as a whole"):
        parse_options(find_variant("guobiao"), ["extras=天和", "extras.x=1"])


def test_variants_lists_options_with_default_and_type() -> None:
    code, out, _ = run("variants")
    assert code == 0
    for header in ("players", "tiles in the wall", "hand size", "wild tiles"):
        assert header in out
    assert "hand size: tiles dealt to a player" in " ".join(out.split())
    section = out[out.index("guangdong (广东鸡平和)"):]
    section = section[: section.index("guizhou")]
    for line in ("cap=3  (int)", "discard_payment=\"discarder\"  (discarder|full)",
                 "triple_win_pays_three=true  (yes/no)"):
        assert line in section, section
    # every option of every rule set is listed with its default
    for r in json.loads(run("variants", "--json")[1]):
        body = " ".join(out[out.index(f"{r['name']} ({r['zh']}): "):].split())
        for key, default in r["defaults"].items():
            shown = " ".join(f"{key}={json.dumps(default, ensure_ascii=False)}".split())
            assert shown in body, (r["name"], key)


def _help_of(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    formatter = parser._get_formatter()
    return formatter._expand_help(action) if action.help else ""


@pytest.mark.parametrize("name", sorted(SUBCOMMANDS))
def test_help_describes_every_flag_with_its_default(name: str) -> None:
    parser = SUBCOMMANDS[name]
    text = parser.format_help()
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help, f"{name}: {action.dest} has no help text"
        shown = _help_of(parser, action)
        assert shown in " ".join(text.split()) or shown.split()[0] in text
        required = action.required or (not action.option_strings and action.nargs is None)
        if not required:
            assert "default" in shown.lower(), f"{name} {action.option_strings or action.dest}: {shown!r}"
            if action.default not in (None, False, argparse.SUPPRESS) and not isinstance(action.default, list):
                assert str(action.default) in shown, (name, action.dest, shown)


def test_help_exits_zero_in_one_piece() -> None:
    for name in SUBCOMMANDS:
        code, out, err = run(name, "--help")
        assert code == 0 and err == "" and ("(default: " in out or name == "replay")


# ---------------------------------------------------------------------------
# Part 3: no traceback, ever
# ---------------------------------------------------------------------------

HUGE = "x" * 5000
SURROGATES = "1m\udcff\udcfe"  # what Python makes of argv bytes that are not UTF-8


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A working directory for the property test (relative paths land here)
    holding a valid record and a file that is not one."""
    path = tmp_path_factory.mktemp("argv")
    code, out, _ = run("play", "--json")
    assert code == 0
    (path / "record.jsonl").write_text(out, encoding="utf-8")
    (path / "junk.jsonl").write_text("{not json\n", encoding="utf-8")
    old = os.getcwd()
    os.chdir(path)
    try:
        yield path
    finally:
        os.chdir(old)


VALUES = [
    "9", "-1", "0", "1", "2", "-5", "3", "99999999999999999999999999", "1e3", "0x10", "", " ", "=", "x",
    HUGE, SURROGATES, "中", "东", "E", "Q", "--", "-",
    "cap=4", "cap=lots", "nope=1", "heaven_values.human=2", "min_fan=1", "a.b.c=1", "players=3", "players=9",
    "123m456p789s1122z", "1m", "2z", "19m19p19s1234567z", "pon 111z", "chi 135m", "1f3f",
    "guangdong", "guobiao", "sichuan", "base", "no-such-rule-set",
    "greedy", "random", "builtin:greedy", "builtin:nope", "builtin:random:x",
    "record.jsonl", "junk.jsonl", "/nonexistent-dir/out.jsonl", "/", ".", "out.jsonl", "a\x00b",
    "round_wind=S", "nope=", "standard,seven-pairs", "bogus-form",
]
HOSTILE_FLAGS = ["--bogus", "-x", "--hands=-3", "--dealer=9", "--option", "--log", "--help", "-h", "--json"]


def argv_for(name: str) -> st.SearchStrategy[list[str]]:
    """Mostly well-formed flags (a flag, then a value when it takes one) with
    hostile values, sometimes junk: most examples get past the parser."""
    parser = SUBCOMMANDS[name]
    switches: list[str] = []
    valued: list[str] = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        for flag in action.option_strings:
            (switches if action.nargs == 0 else valued).append(flag)
    value = st.one_of(st.sampled_from(VALUES), st.text(max_size=12))
    pieces = [
        st.sampled_from(valued).flatmap(lambda f: value.map(lambda v: [f, v])) if valued else st.just([]),
        st.sampled_from(valued).flatmap(lambda f: value.map(lambda v: [f, v])) if valued else st.just([]),
        st.sampled_from(switches).map(lambda f: [f]) if switches else st.just([]),
        value.map(lambda v: [v]),  # a positional (analyze's hand, replay's file) or junk
        st.sampled_from(HOSTILE_FLAGS).map(lambda f: [f]),
    ]
    return st.lists(st.one_of(*pieces), max_size=5).map(lambda parts: [t for part in parts for t in part])


def cheap(name: str, argv: list[str]) -> list[str]:
    """Few hands, one worker and bots in process, whatever was drawn after."""
    if name == "simulate":
        return ["--hands", "2", *argv, "--workers", "1"]
    if name == "botzone-judge":
        return [*BOTS4, *argv, *BOTS4, "--timeout", "5"]
    return argv


STDINS = ["", "0\n" * 400, "garbage\n", '{"requests": ["0 0 0"], "responses": []}\n', "1\n0 0 0\n"]


@pytest.mark.parametrize("name", sorted(SUBCOMMANDS))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_argv_never_traceback(name: str, data: st.DataObject, sandbox: Path) -> None:
    argv = cheap(name, data.draw(argv_for(name), label="argv"))
    stdin = data.draw(st.sampled_from(STDINS), label="stdin")
    if name in ("simulate",) and any(a.startswith("--workers") for a in argv[2:-2]):
        argv = [a for a in argv if not a.startswith("--workers=")]
    code, _, err = run(name, *argv, stdin=stdin)
    event(f"exit status {code}")
    assert "Traceback" not in err and "internal error" not in err, (argv, err)
    if code == 0:
        return
    assert_one_line_error(code, err, argv)
    assert len(err) < 1200, err


@pytest.mark.parametrize("argv", [
    ["play", "--dealer", "9"], ["play", "--dealer", "-1"], ["play", "--human", "7"],
    ["play", "--seed", "x"], ["play", "--variant", "no-such"], ["play", "--variant", HUGE],
    ["play", "--variant", SURROGATES], ["play", "--log", "/nonexistent-dir/x.jsonl"], ["play", "--log", "/"],
    ["play", "--log", "a\x00b"], ["play", "--log", "x" * 300 + "/y"], ["play", "--log", ""],
    ["simulate", "--hands", "-1"], ["simulate", "--workers", "0"], ["simulate", "--workers", "1000"],
    ["simulate", "--option", "players=9", "--variant", "sichuan", "--hands", "1"],
    ["botzone-judge", *BOTS4, "--hands", "-2"], ["botzone-judge", *BOTS4, "--timeout", "-1"],
    ["botzone-judge", *BOTS4, "--transcript", "/nonexistent-dir/t.jsonl"],
    ["botzone-judge", "--bots", "builtin:nope", "builtin:greedy", "builtin:greedy", "builtin:greedy"],
    ["score", "--hand", SURROGATES, "--win", "1m"], ["score", "--hand", HUGE, "--win", "1m"],
    ["score", "--hand", "123m", "--win", "1m", "--winner", "9"], ["analyze", "1m", "--wilds", "-3"],
    ["analyze", HUGE], ["analyze", "--forms", HUGE], ["replay", "/"], ["replay", "/nonexistent-dir/r.jsonl"],
    ["variants", "--bogus", HUGE], ["no-such-command"], ["botzone-bot", "--bot", "nope"], ["botzone-bot"],
])
def test_hostile_argv_one_line(argv: list[str]) -> None:
    code, out, err = run(*argv)
    line = assert_one_line_error(code, err, argv)
    assert len(line) < 1100 and HUGE[: CUT + 5] not in line
    assert "\udcff" not in line  # escaped, printable on any terminal
    assert out == ""  # nothing played or printed before the error


def test_bad_log_is_refused_before_the_hand(tmp_path: Path) -> None:
    """The hand is not played when its record cannot be written: nothing on
    stdout, and a fresh path that is writable is not left behind."""
    code, out, err = run("play", "--log", str(tmp_path / "missing" / "x.jsonl"))
    assert_one_line_error(code, err, "log")
    assert out == "" and "--log" in err and "No such file or directory" in err
    good = tmp_path / "ok.jsonl"
    assert writable_file(str(good)) == str(good) and not good.exists()
    code, out, _ = run("play", "--log", str(good))
    assert code == 0 and good.read_text(encoding="utf-8").startswith("{")


def test_long_inputs_are_cut() -> None:
    line = one_line(f"unsupported variant: {HUGE!r}; known: a, b")
    assert f"'{'x' * (CUT - 2)}…'" in line and line.endswith("known: a, b")
    assert one_line("word " + "y" * 500) == "word " + "y" * CUT + "…"
    assert one_line("two\nlines") == "two lines"
    assert one_line("bad \udcff") == "bad \\udcff"


@pytest.mark.parametrize("argv", [
    ["play", "--dealer", "9"],
    ["play", "--log", "/nonexistent-dir/x.jsonl"],
    ["analyze", "1m\udcff"],
    ["score", "--hand", "x" * 3000, "--win", "1m"],
    ["simulate", "--hands", "-1"],
    ["botzone-judge", *BOTS4, "--option", "nope=1"],
])
def test_real_process_one_line(argv: list[str]) -> None:
    """The installed command, as a shell runs it: non-UTF-8 argv bytes
    included, a terminal that cannot take surrogates."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "mahjong_core.cli", *argv], capture_output=True, env=env, timeout=120,
        stdin=subprocess.DEVNULL,
    )
    err = proc.stderr.decode("utf-8")
    assert_one_line_error(proc.returncode, err, argv)
    assert proc.stdout == b""


def test_real_process_valid_input_exit_zero() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mahjong_core.cli", "simulate", "--hands", "2", "--json"],
        capture_output=True, timeout=120, stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0 and proc.stderr == b"" and json.loads(proc.stdout)["hands"] == 2


# --- typed errors from the public API -----------------------------------------


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"dealer": 9}, InvalidArgumentError, "dealer must be a seat 0..3"),
    ({"dealer": -1}, InvalidArgumentError, "dealer must be a seat 0..3"),
    ({"dealer": "0"}, InvalidArgumentTypeError, "dealer must be a whole number, got str"),
    ({"round_wind": 4}, InvalidArgumentError, "round_wind must be 0..3"),
    ({"round_wind": 1.0}, InvalidArgumentTypeError, "round_wind must be a whole number"),
    ({"seed": "abc"}, InvalidArgumentTypeError, "seed must be a whole number, got str"),
    ({"seed": 1.5}, InvalidArgumentTypeError, "seed must be a whole number, got float"),
    ({"hand_number": -1}, InvalidArgumentError, "hand_number must be 0 or more"),
    ({"streak": -2}, InvalidArgumentError, "streak must be 0 or more"),
])
def test_table_validates_its_arguments(kwargs: dict[str, object], error: type[Exception], words: str) -> None:
    rules = find_variant("guangdong")()
    with pytest.raises(error, match=words):
        Table(rules, **kwargs)  # type: ignore[arg-type]


def test_table_dealer_counts_the_players() -> None:
    three = find_variant("sichuan")(players=3)
    with pytest.raises(InvalidArgumentError, match="0..2"):
        Table(three, dealer=3)
    Table(three, dealer=2, seed=5)
    with pytest.raises(InvalidArgumentTypeError, match="must be a Ruleset"):
        Table("guangdong")  # type: ignore[arg-type]


def test_match_and_play_hand_validate_seats() -> None:
    from mahjong_core.bots import GreedyBot, play_hand
    from mahjong_core.match import Match

    rules = find_variant("guangdong")()
    with pytest.raises(InvalidArgumentError, match="needs 4 bots, got 3"):
        Match(rules, [GreedyBot()] * 3)
    with pytest.raises(InvalidArgumentError, match="Match: dealer must be a seat 0..3"):
        Match(rules, [GreedyBot()] * 4, dealer=4)
    with pytest.raises(InvalidArgumentError, match="Match: hands must be 0 or more"):
        Match(rules, [GreedyBot()] * 4, hands=-1)
    with pytest.raises(InvalidArgumentTypeError, match="Match: seed must be a whole number"):
        Match(rules, [GreedyBot()] * 4, seed="1")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="4 seats, got 5 bots"):
        play_hand(rules, [GreedyBot()] * 5)


@pytest.mark.parametrize("func", [mc.is_win, mc.shanten, mc.waits, mc.decompositions, mc.shanten_by_form,
                                  mc.discard_options, mc.counts])
@pytest.mark.parametrize("bad", [None, 5, 2.5, b"123m", object()])
def test_wrong_tile_types_raise_a_typed_type_error(func: object, bad: object) -> None:
    with pytest.raises(InvalidArgumentTypeError, match="tiles must be notation") as info:
        func(bad)  # type: ignore[operator]
    assert isinstance(info.value, TypeError) and isinstance(info.value, MahjongError)
    assert type(bad).__name__ in str(info.value)


# ---------------------------------------------------------------------------
# Part 4: right answers only
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "win"), [
    ("1357m2468p1357s1z", "1z"),  # no shape at all
    ("123m456p789s1122z", "3z"),  # one tile off
    ("147m258p369s1234z", "5z"),  # 全不靠: not a form of the base rules
])
def test_score_base_checks_the_hand(hand: str, win: str) -> None:
    code, out, err = run("score", "--variant", "base", "--hand", hand, "--win", win)
    line = assert_one_line_error(code, err, hand)
    assert "not a winning hand" in line and "a legal win" not in out


def test_score_base_scores_a_real_win() -> None:
    code, out, _ = run("score", "--variant", "base", "--hand", "123m456p789s1122z", "--win", "2z", "--json")
    data = json.loads(out)
    assert code == 0 and data["can_win"] is True and data["total"] >= 1


def test_analyze_does_not_count_the_discarded_tile_as_unseen() -> None:
    """111122223333m55p: discarding a 1m leaves 111m; the fourth 1m would
    complete again, but it is the tile just discarded (on the table)."""
    code, out, _ = run("analyze", "111122223333m55p", "--json")
    options = {o["discard"]: o for o in json.loads(out)["discards"]}
    assert code == 0
    assert options["1m"]["improving"] == ["1m", "4m", "5p"] and options["1m"]["unseen"] == 0 + 4 + 2
    # the library agrees, and the order (shanten, then unseen) is kept
    lib = mc.discard_options("123m456p789s11z234z")
    one_z = next(o for o in lib if o.discard == 27)  # 1z: 2 held, 1 left after the discard
    assert 27 in one_z.improving
    others = [k for k in one_z.improving if k != 27]
    # 3 unseen of each other honour; East: 4 - 1 held - 1 just discarded
    assert one_z.unseen == 3 * len(others) + 2
    keys = [(o.shanten, -o.unseen, o.discard) for o in lib]
    assert keys == sorted(keys)


def test_visible_error_counts_every_copy_given() -> None:
    code, _, err = run("analyze", "123456789m1234p", "--visible", "4p4p4p4p4p4p")
    line = assert_one_line_error(code, err, "visible")
    assert "6 visible '4p' and 1 in the hand" in line
    code, _, err = run("analyze", "123456789m1234p", "--visible", "4p4p4p4p")
    assert "4 visible '4p' and 1 in the hand" in err
