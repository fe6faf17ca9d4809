"""Tests for the ``mahjong-core`` command (mahjong_core.cli)."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest
from mahjong_core.cli import (
    FORM_NAMES,
    SAMPLE_HAND,
    SHAPE_NAMES,
    main,
    parse_forms,
    render_decomposition,
    render_slots,
    unit_slots,
)
from mahjong_core.errors import InvalidHandError
from mahjong_core.tiles import KIND_NAMES, format_tiles, parse_tiles

import mahjong_core as mc
from mahjong_core import Form, HandRules, Shape, cli

ALL_FORMS = HandRules(forms=list(Form))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "analyze", *argv, "--json")
    assert code == 0, err
    assert err == ""
    data = json.loads(out)  # exactly one JSON document, nothing else on stdout
    assert isinstance(data, dict)
    return data


def expected_units(d: mc.Decomposition) -> list[tuple[str, int, int]]:
    return [(SHAPE_NAMES[s], k, w) for s, k, w in d.units]


def json_units(entry: dict[str, Any]) -> list[tuple[str, int, int]]:
    return [(u["shape"], u["kind"], u["wilds"]) for u in entry["units"]]


def check_against_library(data: dict[str, Any], hand: str, wilds: int, rules: HandRules) -> None:
    """Every number in a JSON report equals what the library says."""
    total = len(parse_tiles(hand)) + wilds
    assert data["hand"] == format_tiles(parse_tiles(hand))
    assert data["wilds"] == wilds
    assert data["tiles"] == total
    assert data["shanten"] == mc.shanten(hand, wilds=wilds, rules=rules)
    by_form = mc.shanten_by_form(hand, wilds=wilds, rules=rules)
    assert data["shanten_by_form"] == {FORM_NAMES[f]: v for f, v in by_form.items()}
    assert sorted(data["rules"]["forms"]) == sorted(FORM_NAMES[f] for f in rules.forms)
    if total % 3 == 2:
        win = mc.is_win(hand, wilds=wilds, rules=rules)
        assert data["win"] is win
        assert "waits" not in data
        expected = mc.decompositions(hand, wilds=wilds, rules=rules) if win else ()
        assert [(e["form"], json_units(e)) for e in data["decompositions"]] == [
            (FORM_NAMES[d.form], expected_units(d)) for d in expected
        ]
        options = mc.discard_options(hand, wilds=wilds, rules=rules)
        assert [(o["discard"], o["shanten"], o["improving"], o["unseen"]) for o in data["discards"]] == [
            (KIND_NAMES[o.discard], o.shanten, [KIND_NAMES[k] for k in o.improving], o.unseen)
            for o in options
        ]
    else:
        assert data["win"] is False
        assert data["decompositions"] == []
        assert "discards" not in data
        held = mc.counts(hand).tolist()
        assert data["waits"] == [
            {"tile": KIND_NAMES[k], "kind": k, "unseen": 4 - held[k]}
            for k in mc.waits(hand, wilds=wilds, rules=rules)
        ]
        assert data["wild_completes"] is mc.wild_completes(hand, wilds=wilds, rules=rules)


# ---------------------------------------------------------------------------
# JSON output against the library
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "wilds"),
    [
        ("111122223333m55p", 0),  # three readings, two forms
        ("123m456p789s11122z", 0),  # plain win
        ("123m456p789s1112z", 0),  # ready, one wait
        ("1112345678999m", 0),  # nine gates: nine waits
        ("123m456p789s1234z", 0),  # 3n+2, not a win
        ("111m234p567s12z", 2),  # ready thanks to the wilds
        ("11m", 3),  # wild set and wild pair readings
        ("19m19p19s123456z", 2),  # thirteen orphans with wilds
        ("1234m", 0),  # a small hand (after exposed melds)
        ("", 2),  # two wilds are a complete pair
    ],
)
def test_json_matches_library(capsys: pytest.CaptureFixture[str], hand: str, wilds: int) -> None:
    # no HAND means the sample hand, so the empty hand is spelled " "
    data = run_json(capsys, hand or " ", "--wilds", str(wilds))
    check_against_library(data, hand, wilds, HandRules())
    assert data["sample"] is False


def test_winning_hand_details(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "111122223333m55p")
    assert data["win"] is True
    assert data["shanten"] == -1
    assert data["shanten_by_form"] == {"standard": -1, "seven-pairs": -1, "thirteen-orphans": 11}
    assert sorted(e["text"] for e in data["decompositions"]) == [
        "111m pung · 123m chow · 222m pung · 333m pung · 55p pair",
        "11m pair · 11m pair · 22m pair · 22m pair · 33m pair · 33m pair · 55p pair",
        "123m chow · 123m chow · 123m chow · 123m chow · 55p pair",
    ]
    pair = data["decompositions"][0]["units"][0]
    assert pair == {
        "shape": "pair",
        "kind": 13,
        "tile": "5p",
        "wilds": 0,
        "tiles": ["5p", "5p"],
        "wild_tiles": [],
        "text": "55p",
    }
    best = data["discards"][0]
    # drawing a 1m completes the hand again, but the only 1m left unseen is
    # the one just discarded, which everyone sees: 0 (1m) + 4 (4m) + 2 (5p)
    assert best == {
        "discard": "1m", "kind": 0, "shanten": 0, "improving": ["1m", "4m", "5p"], "unseen": 6
    }


def test_ready_hand_waits_and_visible(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "123m456p789s1112z")
    assert data["waits"] == [{"tile": "2z", "kind": 28, "unseen": 3}]
    assert data["unseen"] == 3
    assert data["wild_completes"] is True
    data = run_json(capsys, "123m456p789s1112z", "--visible", "2z 南")
    assert data["waits"] == [{"tile": "2z", "kind": 28, "unseen": 1}]
    assert data["visible"] == "22z"
    # nine gates: 1m and 9m are held three times, the rest once
    data = run_json(capsys, "1112345678999m", "--visible", "5m")
    assert [(w["tile"], w["unseen"]) for w in data["waits"]] == [
        ("1m", 1),
        ("2m", 3),
        ("3m", 3),
        ("4m", 3),
        ("5m", 2),
        ("6m", 3),
        ("7m", 3),
        ("8m", 3),
        ("9m", 1),
    ]


def test_visible_feeds_discard_unseen(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "111122223333m55p", "--visible", "4m4m5p")
    options = mc.discard_options("111122223333m55p", visible=parse_tiles("4m4m5p"))
    assert [(o["discard"], o["unseen"]) for o in data["discards"]] == [
        (KIND_NAMES[o.discard], o.unseen) for o in options
    ]
    assert data["discards"][0]["discard"] == "1m"
    # 1m: 4 - 3 held - 1 discarded; 4m: 4 - 2 seen; 5p: 4 - 2 held - 1 seen
    assert data["discards"][0]["unseen"] == 3


def test_wilds_decompositions(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "11m", "--wilds", "3")
    texts = sorted(e["text"] for e in data["decompositions"])
    assert texts == [
        "11[1]m pung · [WW] pair of any kind",
        "1[11]m pung · 1[1]m pair",
        "1[23]m chow · 1[1]m pair",
        "[WWW] set of any kind · 11m pair",
    ]
    wild_set = next(u for e in data["decompositions"] for u in e["units"] if u["shape"] == "wild-set")
    assert wild_set == {
        "shape": "wild-set",
        "kind": -1,
        "tile": None,
        "wilds": 3,
        "tiles": [None, None, None],
        "wild_tiles": [None, None, None],
        "text": "[WWW]",
    }
    chow = next(u for e in data["decompositions"] for u in e["units"] if u["shape"] == "chow")
    assert chow["tiles"] == ["1m", "2m", "3m"]
    assert chow["wild_tiles"] == ["2m", "3m"]
    assert chow["wilds"] == 0b110


def test_wild_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "123m456p789s1112z"
    assert run_json(capsys, hand, "--wilds", "1")["win"] is True
    data = run_json(capsys, hand, "--wilds", "1", "--wild-kinds", "5m")
    rules = HandRules(wild_kinds={4})
    check_against_library(data, hand, 1, rules)
    assert data["win"] is False
    assert data["rules"]["wild_kinds"] == "5m"
    data = run_json(capsys, hand, "--wilds", "1", "--wild-kinds", "1234567z")
    assert data["win"] is True
    assert all(t.endswith("z") for e in data["decompositions"] for u in e["units"] for t in u["wild_tiles"])


# ---------------------------------------------------------------------------
# Rule options
# ---------------------------------------------------------------------------


def test_forms_all_knitted_straight(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "147m258p369s11z"
    data = run_json(capsys, hand, "--wilds", "3", "--forms", "all")
    check_against_library(data, hand, 3, ALL_FORMS)
    assert set(data["shanten_by_form"]) == set(FORM_NAMES.values())
    assert data["shanten_by_form"]["knitted-straight"] == -1
    assert {e["form"] for e in data["decompositions"]} >= {"knitted-straight"}
    first = data["decompositions"][0]
    knitted = next(u for u in first["units"] if u["shape"] == "knitted")
    assert knitted["tile"] is None
    assert len(knitted["tiles"]) == 9 and len(knitted["wild_tiles"]) == 1
    # with the default forms it is not a win
    assert run_json(capsys, hand, "--wilds", "3")["win"] is False


def test_forms_subset(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "111122223333m55p"
    data = run_json(capsys, hand, "--forms", "seven-pairs")
    check_against_library(data, hand, 0, HandRules(forms={Form.SEVEN_PAIRS}))
    assert list(data["shanten_by_form"]) == ["seven-pairs"]
    assert [e["form"] for e in data["decompositions"]] == ["seven-pairs"]
    data = run_json(capsys, hand, "--forms", "standard, Thirteen_Orphans")
    assert list(data["shanten_by_form"]) == ["standard", "thirteen-orphans"]
    assert [e["form"] for e in data["decompositions"]] == ["standard", "standard"]
    # a 5-tile hand: the 14-tile forms are allowed but do not apply
    data = run_json(capsys, "11m", "--wilds", "3")
    assert data["not_applicable"] == ["seven-pairs", "thirteen-orphans"]


def test_knitted_form(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "147m258p369s12345z"
    data = run_json(capsys, hand, "--forms", "knitted,greater-knitted")
    rules = HandRules(forms={Form.KNITTED, Form.GREATER_KNITTED})
    check_against_library(data, hand, 0, rules)
    assert data["win"] is True
    [entry] = data["decompositions"]
    assert entry["form"] == "knitted"
    assert entry["text"] == "147m258p369s12345z singles"


def test_seven_pairs_distinct(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "1111m22p33p44s55s66z"
    assert run_json(capsys, hand)["win"] is True
    data = run_json(capsys, hand, "--seven-pairs-distinct")
    check_against_library(data, hand, 0, HandRules(seven_pairs_distinct=True))
    assert data["win"] is False
    assert data["rules"]["seven_pairs_distinct"] is True


def test_honor_chows(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "22m345p678s123z567z"
    assert run_json(capsys, hand)["win"] is False
    data = run_json(capsys, hand, "--honor-chows")
    check_against_library(data, hand, 0, HandRules(honor_chows=True))
    assert data["win"] is True
    texts = [e["text"] for e in data["decompositions"]]
    assert "345p chow · 678s chow · 123z honour chow · 567z honour chow · 22m pair" in texts
    unit = next(u for u in data["decompositions"][0]["units"] if u["shape"] == "honor-chow")
    assert unit["tiles"] in (["1z", "2z", "3z"], ["5z", "6z", "7z"])


def test_pair_258(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "123m456p789s11122z"
    assert run_json(capsys, hand)["win"] is True
    data = run_json(capsys, hand, "--pair-258")
    check_against_library(data, hand, 0, HandRules(pair_kinds=HandRules.PAIR_258))
    assert data["win"] is False
    assert data["rules"]["pair_kinds"] == "258m258p258s"


def test_chinese_notation(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["一万", "二万", "三万", "四筒", "五筒", "六筒", "七条", "八条", "九条", "东", "东", "东", "南"]
    data = run_json(capsys, *words)
    assert data["hand"] == "123m456p789s1112z"
    assert data["waits"] == [{"tile": "2z", "kind": 28, "unseen": 3}]


# ---------------------------------------------------------------------------
# Sample hand and terminal output
# ---------------------------------------------------------------------------


def test_sample_hand_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys)
    assert data["sample"] is True
    check_against_library(data, SAMPLE_HAND, 0, HandRules())
    assert data["tiles"] == 14
    assert data["win"] is True
    assert len(data["decompositions"]) >= 3


def test_sample_hand_terminal(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # one line per decomposition
    code, out, err = run(capsys, "analyze")
    assert code == 0 and err == ""
    assert "(sample hand)" in out
    assert format_tiles(parse_tiles(SAMPLE_HAND)) in out
    assert "Win: yes" in out
    assert f"Decompositions: {len(mc.decompositions(SAMPLE_HAND))}" in out
    assert "123m chow · 123m chow · 123m chow · 123m chow · 55p pair" in out
    assert "Discard advice" in out


def test_terminal_ready_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "analyze", "123m456p789s1112z", "--visible", "2z")
    assert code == 0 and err == ""
    assert "(sample hand)" not in out
    assert "Shanten: 0 (ready)" in out
    assert "Waits: 1 kind, 2 unseen" in out
    assert "2z 南" in out
    assert "A drawn wild completes it: yes" in out
    assert "Win:" not in out and "Discard advice" not in out


def test_terminal_not_ready(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "123m456p789s1357z")
    assert code == 0
    assert "Waits: none (not ready)" in out
    assert "A drawn wild completes it: no" in out


def test_terminal_wilds_and_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "147m258p369s11z", "--wilds", "3", "--forms", "all", "--limit", "2")
    assert code == 0
    total = len(mc.decompositions("147m258p369s11z", wilds=3, rules=ALL_FORMS))
    assert f"Decompositions: {total}" in out
    assert f"... {total - 2} more" in out
    assert "+ 3 wilds" in out
    assert "11[1]z pung" in out  # the bracket is printed, not taken as rich markup


def test_terminal_glyphs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "11m", "--wilds", "3", "--glyphs")
    assert code == 0
    one_m = format_tiles([0], glyphs=True)
    assert f"{one_m}{one_m} + 3 wilds" in out
    assert f"{one_m}[{one_m}{one_m}] pung" in out
    assert "\U0001f02a" in out  # the joker glyph for a wild of any kind


def test_terminal_rules_line(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "analyze", "123m456p789s11122z", "--pair-258", "--honor-chows")
    assert "Rules: honour chows, 2-5-8 pair" in out
    assert "Win: no" in out


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


def assert_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("mahjong-core: error: ")
    return lines[0]


def test_bad_notation(capsys: pytest.CaptureFixture[str]) -> None:
    line = assert_error(capsys, "analyze", "12x3m")
    assert "'12x3m'" in line and "position 2" in line
    line = assert_error(capsys, "analyze", "123m456p789s111", "--json")
    assert "position 12" in line
    line = assert_error(capsys, "analyze", "1234m", "--visible", "5q")
    assert "'5q'" in line and "position 1" in line


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["123m"], "is 3"),
        (["123m456p"], "is 6"),
        (["111122223333m55p", "--wilds", "4"], "is 18"),
        (["111122223333m55p", "--wilds", "6"], "at most 17"),
        ([" "], "is 0"),
    ],
)
def test_wrong_tile_count(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    line = assert_error(capsys, "analyze", *argv)
    assert "3n+1" in line or "at most" in line
    assert needle in line


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["11111m"], "five copies of '1m'"),
        (["123m456p789s1f2f"], "flower '1f'"),
        (["123m", "--wilds", "-1"], "--wilds"),
        (["1234m", "--forms", "standard,sevenpairs"], "unknown form 'sevenpairs'"),
        (["1234m", "--forms", ","], "no form"),
        (["1234m", "--forms", "seven-pairs"], "none of the allowed forms"),
        (["1234m", "--wild-kinds", "1f"], "--wild-kinds: flower '1f'"),
        (["1234m", "--wild-kinds", " "], "--wild-kinds: no tile kinds"),
        (["1112m", "--visible", "11m"], "--visible"),
    ],
)
def test_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    assert needle in assert_error(capsys, "analyze", *argv)


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "analyze", "1234m", "--wilds", "two")
    assert code == 2 and out == "" and "--wilds" in err
    code, _, err = run(capsys, "analyze", "1234m", "--no-such-option")
    assert code == 2 and "--no-such-option" in err
    code, _, err = run(capsys, "no-such-command")
    assert code == 2 and "no-such-command" in err


# ---------------------------------------------------------------------------
# Help and version
# ---------------------------------------------------------------------------


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "analyze" in out and "--version" in out


def test_analyze_help_lists_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "--help")
    assert code == 0
    for option in (
        "--wilds",
        "--forms",
        "--seven-pairs-distinct",
        "--honor-chows",
        "--pair-258",
        "--wild-kinds",
        "--visible",
        "--glyphs",
        "--json",
        "--limit",
    ):
        assert option in out
    for name in FORM_NAMES.values():
        assert name in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out.strip() == f"mahjong-core {mc.__version__}"


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0
    assert "analyze" in out


def test_default_argv_reads_sys_argv(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.argv", ["mahjong-core", "analyze", "123m456p789s1112z", "--json"])
    assert main() == 0
    assert json.loads(capsys.readouterr().out)["waits"][0]["tile"] == "2z"


# ---------------------------------------------------------------------------
# Rendering helpers
# ---------------------------------------------------------------------------


def test_unit_rendering() -> None:
    assert render_slots(unit_slots(Shape.CHOW, 0, 0b010)) == "1[2]3m"
    assert render_slots(unit_slots(Shape.CHOW, 24, 0b101)) == "[7]8[9]s"
    assert render_slots(unit_slots(Shape.PUNG, 31, 2)) == "5[55]z"
    assert render_slots(unit_slots(Shape.PAIR, 13, 0)) == "55p"
    assert render_slots(unit_slots(Shape.WILD_PAIR, -1, 2)) == "[WW]"
    # honour chow: bit j = kind 27 + j; wild mask over the three kinds ascending
    assert render_slots(unit_slots(Shape.HONOR_CHOW, 0b1110000, 0b001)) == "[5]67z"
    # arrangement 1 = (0, 2, 1): 147m 258s 369p, in that order; bit 4 = 5s
    assert render_slots(unit_slots(Shape.KNITTED, 1, 1 << 4)) == "147m2[5]8s369p"
    assert render_slots(unit_slots(Shape.SINGLE, 33, 1)) == "[7]z"


def test_render_decomposition_puts_pair_last() -> None:
    [d] = mc.decompositions("123m456p789s11122z")
    assert render_decomposition(d) == "123m chow · 456p chow · 789s chow · 111z pung · 22z pair"


def test_parse_forms() -> None:
    assert parse_forms("all") == frozenset(Form)
    assert parse_forms("Knitted-Straight,shisanlan") == {Form.KNITTED_STRAIGHT, Form.SHISANLAN}
    with pytest.raises(InvalidHandError, match="unknown form"):
        parse_forms("standard,riichi")


def test_module_doctests() -> None:
    result = doctest.testmod(cli)
    assert result.attempted >= 5
    assert result.failed == 0
