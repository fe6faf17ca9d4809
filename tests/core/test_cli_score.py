"""Tests for ``mahjong-core score`` (mahjong_core.cli_score)."""

from __future__ import annotations

import json

import pytest

from mahjong_core.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_json_pure_straight(capsys: pytest.CaptureFixture[str]) -> None:
    """Spec mcr.md §9 example 1: 清龙 16 + 门前清 2 + 平和 2 + 单钓将 1 = 21."""
    code, out, _ = run(["score", "--variant", "guobiao", "--hand", "123456789m234p5s", "--win", "5s", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["total"] == 21 and data["can_win"] is True and data["variant"] == "guobiao-v1"
    assert {(it["zh"], it["value"], it["count"]) for it in data["items"]} == {
        ("清龙", 16, 1), ("门前清", 2, 1), ("平和", 2, 1), ("单钓将", 1, 1)
    }
    assert data["points"] == 29


def test_json_melds_winds_flags(capsys: pytest.CaptureFixture[str]) -> None:
    """Example 17: three kongs, out on a replacement tile, seat East, round South."""
    argv = ["score", "--variant", "mcr", "--hand", "78m99s", "--melds", "ankan 1111z, ankan 5555z",
            "--melds", "kan 9999p", "--win", "9m", "--self-drawn", "--kong", "--seat", "E", "--round", "S",
            "--json"]
    code, out, _ = run(argv, capsys)
    assert code == 0
    data = json.loads(out)
    assert data["total"] == 57
    assert data["melds"] == ["ankan 1111z", "ankan 5555z", "kan 9999p"]
    assert {it["zh"] for it in data["items"]} >= {"三杠", "杠上开花", "门风刻", "双暗刻"}


def test_flowers_last_tile_fourth_tile(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["score", "--hand", "123m456p789s23p77p", "--win", "1p", "--json"]
    assert json.loads(run(base, capsys)[1])["total"] == 13
    data = json.loads(run(base + ["--fourth-tile", "--flowers", "2"], capsys)[1])
    assert data["total"] == 17 + 2  # example 14 with two flowers
    data = json.loads(run(base + ["--last-tile"], capsys)[1])
    assert any(it["zh"] == "海底捞月" for it in data["items"])


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", "--hand", "123m234m34599p11z", "--win", "1z"], capsys)
    assert code == 0
    for word in ("圈风刻", "门风刻", "Concealed Hand", "合计", "not a legal win", "122334m34599p11z"):
        assert word in out
    assert " 7" in out  # example 9: 7 fan, below the minimum


def test_table_shows_melds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", "--hand", "2223344m", "--melds", "pon 111z, pon 333z", "--win", "4m",
                        "--seat", "W"], capsys)
    assert code == 0 and "[pon 111z] [pon 333z]" in out and "碰碰和" in out


def test_other_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", "--variant", "guangdong", "--hand", "123m456p78s11s777z", "--win", "9s",
                        "--self-drawn", "--seat", "S", "--json"], capsys)
    assert code == 0 and json.loads(out)["total"] == 2


@pytest.mark.parametrize(("argv", "message"), [
    (["--hand", "123m456p789s12q", "--win", "5s"], "q"),
    (["--hand", "123m456p789s258s", "--win", "9s"], "14 tiles"),
    (["--hand", "123456789m234p5s", "--win", "5s", "--seat", "X"], "--seat"),
    (["--hand", "123456789m234p5s", "--win", "5s", "--variant", "nope"], "unsupported variant"),
    (["--hand", "123456789m234p5s", "--win", "5s", "--flowers", "9"], "flowers"),
])
def test_bad_input(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["score", *argv], capsys)
    assert code == 2 and message in err and not out


# --- every rule set through Ruleset.score_hand: seats, context, options, payments ---


def test_payments_and_seats_json(capsys: pytest.CaptureFixture[str]) -> None:
    """广东 self-draw by seat 1 (dealer 0): each other seat pays 分 = 2**2."""
    code, out, _ = run(["score", "--variant", "鸡平和", "--hand", "123m456p78s11s777z", "--win", "9s",
                        "--winner", "1", "--dealer", "0", "--self-drawn", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["variant"] == "guangdong-v1" and data["seat_wind"] == "S" and data["dealer"] == 0
    assert data["total"] == 2 and data["points"] == 4
    assert sorted((p["payer"], p["payee"], p["amount"]) for p in data["payments"]) == [(0, 1, 4), (2, 1, 4), (3, 1, 4)]
    assert data["net"] == [-4, 12, -4, -4]


def test_discarder_pays(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", "--variant", "guangdong", "--hand", "123m456p78s11s777z", "--win", "9s",
                        "--winner", "2", "--discarder", "3", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["discarder"] == 3 and data["net"] == [0, 0, 2, -2]


def test_options_are_typed(capsys: pytest.CaptureFixture[str]) -> None:
    """cap=1 caps 自摸 + 三元牌 at 1 番; discard_payment=full makes the discarder pay 3 × 分."""
    base = ["score", "--variant", "guangdong", "--hand", "123m456p78s11s777z", "--win", "9s", "--json"]
    assert json.loads(run(base + ["--self-drawn", "--option", "cap=1"], capsys)[1])["total"] == 1
    data = json.loads(run(base + ["--discarder", "3", "--option", "discard_payment=full"], capsys)[1])
    assert data["net"] == [6, 0, 0, -6]
    heaven = base + ["--self-drawn", "--context", "first_turn=true"]
    assert json.loads(run(heaven, capsys)[1])["total"] == 6
    data = json.loads(run(heaven + ["--option", "heaven_values.heaven=5"], capsys)[1])
    assert data["total"] == 5 and data["items"][0]["zh"] == "天和"
    data = json.loads(run(heaven + ["--option", 'heaven_values={"heaven": 0}'], capsys)[1])
    assert data["total"] == 2


def test_context_round_wind_and_flags(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "--variant", "guangdong", "--hand", "123m456p789s11s22z", "--win", "2z", "--json"]
    assert json.loads(run(argv, capsys)[1])["total"] == 0
    data = json.loads(run(argv + ["--context", "round_wind=S"], capsys)[1])
    assert [it["zh"] for it in data["items"]] == ["鸡和", "圈风"] and data["round_wind"] == "S"


@pytest.mark.parametrize(("argv", "message"), [
    (["--variant", "guangdong", "--option", "cap=lots"], "cap"),
    (["--variant", "guangdong", "--option", "nope=1"], "unknown option"),
    (["--variant", "guangdong", "--option", "discard_payment=all"], "discarder"),
    (["--variant", "guangdong", "--option", "heaven_values.sky=1"], "sky"),
    (["--variant", "guangdong", "--option", "cap"], "KEY=VALUE"),
    (["--variant", "guangdong", "--context", "bird=3"], "unknown context key 'bird'"),
    (["--variant", "guangdong", "--winner", "4"], "--winner"),
    (["--variant", "guangdong", "--winner", "1", "--discarder", "1"], "discarder"),
    (["--variant", "guangdong", "--self-drawn", "--discarder", "2"], "--discarder"),
    (["--variant", "guangdong", "--flowers", "1"], "flowers"),
])
def test_bad_options_and_seats(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["score", "--hand", "123m456p78s11s777z", "--win", "9s", *argv], capsys)
    assert code == 2 and message in err and not out and "Traceback" not in err


def test_not_a_winning_shape_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["score", "--variant", "guangdong", "--hand", "123m456p789s1357s", "--win", "7z"], capsys)
    assert code == 2 and "not a winning hand" in err and not out


def test_below_minimum_names_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", "--hand", "123m234m34599p11z", "--win", "1z", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["can_win"] is False and "8" in data["problem"] and data["payments"] == []


def test_table_shows_payments(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", "--hand", "123456789m234p5s", "--win", "5s", "--discarder", "2"], capsys)
    assert code == 0 and "payments" in out and "→" in out and "0: +45" in out and "2: -29" in out
