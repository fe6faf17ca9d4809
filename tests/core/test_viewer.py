"""The replay viewer: ``mahjong-core replay FILE --html OUT``.

The page is checked twice: as text (self-contained, every step embedded, the
states the engine gives) and in headless Chromium driven by selenium (what it
shows at the start, after a call, at the end; stepping back; a screenshot).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mahjong_core.bots import GreedyBot, play_hand
from mahjong_core.cli import main
from mahjong_core.cli_game import describe_event
from mahjong_core.records import dumps, loads
from mahjong_core.registry import available, find_variant
from mahjong_core.tiles import KIND_NAMES, parse_tiles
from mahjong_core.viewer import caption, render_html, replay_steps
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement

INSTALL = "apt-get install chromium chromium-driver"


def embedded(page: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" id="record-data">(.*?)</script>', page, re.S)
    assert m is not None
    data: dict[str, Any] = json.loads(m.group(1))
    return data


@pytest.fixture(scope="module")
def hand(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A real seeded hand (guangdong, seed 1: calls, a kong and a win on a
    discard), recorded by ``play --log`` and written by ``replay --html``."""
    folder = tmp_path_factory.mktemp("viewer")
    record, page = folder / "hand.jsonl", folder / "hand.html"
    assert main(["play", "--seed", "1", "--log", str(record)]) == 0
    assert main(["replay", str(record), "--html", str(page)]) == 0
    return record, page


# ------------------------------------------------------------ the page as text
def test_page_is_self_contained_and_embeds_every_step(hand: tuple[Path, Path]) -> None:
    record, path = hand
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"https?://", page, re.I)  # no network: no address at all
    assert not re.search(r"<(link|img|iframe)\b|\bsrc=|@import|url\(", page, re.I)
    data = embedded(page)
    events = loads(record.read_text(encoding="utf-8"))
    assert data["record"] == events
    shown = [describe_event(e) for e in events]
    captions = [c for c in shown if c is not None]
    assert [s["caption"] for s in data["steps"]] == captions
    assert len(captions) == 100  # (one line per kong)
    kinds = [s["kind"] for s in data["steps"]]
    assert {"call", "kong", "win", "payments"} <= set(kinds) and kinds[-1] == "payments"


def test_cli_prints_the_step_count(hand: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
                                   tmp_path: Path) -> None:
    record, _ = hand
    out = tmp_path / "again.html"
    assert main(["replay", str(record), "--html", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}: 100 steps\n"


def test_states_are_the_engines(hand: tuple[Path, Path]) -> None:
    record, _ = hand
    events = loads(record.read_text(encoding="utf-8"))
    steps = replay_steps(record.read_text(encoding="utf-8"))
    # the start: the dealt hands (the dealer's 14 tiles), nothing called or discarded
    dealt = events[1]["hands"]
    for s, seat in enumerate(steps[0]["seats"]):
        tiles = sorted(seat["hand"] + ([seat["drawn"]] if seat["drawn"] else []), key=KIND_NAMES.index)
        assert tiles == [KIND_NAMES[t] for t in parse_tiles(dealt[s])]
        assert seat["melds"] == [] and seat["river"] == []
    assert steps[0]["wall"] == 136 - 53
    # a discard nobody can claim: the next seat's draw is the next step, not this one
    i = next(i for i, s in enumerate(steps) if s["caption"] == "seat 1 discards 5z")
    assert steps[i]["seats"][2]["drawn"] is None and len(steps[i]["seats"][2]["hand"]) == 13
    assert steps[i + 1]["caption"] == "seat 2 draws 6z" and steps[i + 1]["seats"][2]["drawn"] == "6z"
    assert steps[i + 1]["wall"] == steps[i]["wall"] - 1
    # a kong's replacement draw shows at its own step, not at the kong's
    k = next(i for i, s in enumerate(steps) if s["caption"] == "seat 2 kongs 8p from seat 3")
    assert steps[k]["seats"][2]["drawn"] is None and steps[k]["seats"][2]["melds"][-1]["tiles"] == ["8p"] * 4
    assert steps[k + 1]["caption"] == "seat 2 draws 5m (replacement)" and steps[k + 1]["seats"][2]["drawn"] == "5m"
    assert steps[k + 1]["seats"][2]["hand"] == steps[k]["seats"][2]["hand"]
    # the first call: South pungs 3z from East; East's 3z stays in its discards, marked
    c = next(i for i, s in enumerate(steps) if s["kind"] == "call")
    assert steps[c]["caption"] == "seat 1 pungs 3z from seat 0"
    assert steps[c]["seats"][1]["melds"] == [{"kind": "pon", "tiles": ["3z"] * 3, "from": 0}]
    assert steps[c]["seats"][0]["river"][-1] == ["3z", 1]
    assert steps[c - 1]["seats"][0]["river"][-1] == ["3z", None]
    # the end: North wins on West's 4s, 平和 1 番, West pays 2
    end = steps[-1]
    assert end["deltas"] == [0, 0, -2, 2] and end["payments"] == [[2, 3, 2, "点炮"]]
    (win,) = end["wins"]
    assert (win["seat"], win["tile"], win["self_drawn"], win["discarder"], win["total"]) == (3, "4s", False, 2, 1)
    assert [(it["zh"], it["value"]) for it in win["items"]] == [("平和", 1)] and win["items"][0]["why"]
    assert end["seats"][2]["river"][-1] == ["4s", None, [3]]  # West's 4s, won on by North


def rule_sets() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = [(cls.name, {}) for cls in available()]
    return out + [("sichuan", {"players": 3})]


@pytest.mark.parametrize(("name", "options"), rule_sets(), ids=lambda v: str(v) if v else "")
def test_every_rule_set(name: str, options: dict[str, Any]) -> None:
    cls = find_variant(name)
    rs = cls.from_options_json(options) if options else cls()
    table = play_hand(rs, [GreedyBot() for _ in range(rs.num_players)], seed=2)
    page = render_html(dumps(table.events))
    assert not re.search(r"https?://", page, re.I)
    steps = embedded(page)["steps"]
    lines = [caption(e) for e in table.events]
    assert [s["caption"] for s in steps] == [c for c in lines if c is not None]
    assert not [c for c in lines if c and c.startswith("{")]  # words for every line, no raw JSON
    walls = [s["wall"] for s in steps]
    assert walls == sorted(walls, reverse=True)  # the wall only shrinks
    for st in steps:
        assert len(st["seats"]) == rs.num_players
        for seat in st["seats"]:
            held = len(seat["hand"]) + (seat["drawn"] is not None) + 3 * len(seat["melds"])
            assert held in (rs.hand_size, rs.hand_size + 1), st["caption"]
    last = steps[-1]
    assert last["kind"] == "payments" and last["deltas"] == table.deltas()
    for s in range(rs.num_players):
        seat = last["seats"][s]
        assert sorted(seat["hand"] + ([seat["drawn"]] if seat["drawn"] else [])) == sorted(
            KIND_NAMES[k] for k in table.concealed_tiles(s)
        )
        assert seat["flowers"] == [KIND_NAMES[f] for f in table.flowers[s]]
        assert [m["tiles"] for m in seat["melds"]] == [[KIND_NAMES[k] for k in m.tiles] for m in table.melds[s]]
    assert last["wilds"] == [KIND_NAMES[k] for k in sorted(table.wild_kinds)]


def test_flowers_and_wilds_are_shown() -> None:
    """guobiao deals flowers; hangzhou's 白板 is wild; fuzhou has both."""
    seen = {}
    for name in ("guobiao", "hangzhou", "fuzhou"):
        rs = find_variant(name)()
        table = play_hand(rs, [GreedyBot() for _ in range(rs.num_players)], seed=1)
        steps = replay_steps(dumps(table.events))
        seen[name] = (
            any(seat["flowers"] for st in steps for seat in st["seats"]),
            any(st["wilds"] for st in steps),
        )
    assert seen == {"guobiao": (True, False), "hangzhou": (False, True), "fuzhou": (True, True)}
    assert replay_steps(dumps(table.events))[-1]["wilds"]  # fuzhou's 金 at the end


@pytest.mark.parametrize(
    ("setup", "needle"),
    [
        ("missing", "cannot read"),
        ("not_json", "line 1: not JSON"),
        ("not_record", "line 1: a record starts with a header line"),
        ("tampered", "line 49: expected"),
        ("out_dir", "cannot write"),
        ("out_missing_dir", "cannot write"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    setup: str, needle: str, hand: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = hand
    src, out = tmp_path / "in.jsonl", tmp_path / "out.html"
    text = record.read_text(encoding="utf-8")
    if setup == "not_json":
        src.write_text("hello\n", encoding="utf-8")
    elif setup == "not_record":
        src.write_text('{"type": "draw", "seat": 0, "tile": "1m"}\n', encoding="utf-8")
    elif setup == "tampered":
        src.write_text(text.replace('"tile": "4s"', '"tile": "5s"', 1), encoding="utf-8")
    elif setup != "missing":
        src.write_text(text, encoding="utf-8")
        out = tmp_path if setup == "out_dir" else tmp_path / "no" / "out.html"
    code = main(["replay", str(src), "--html", str(out)])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("mahjong-core: error: ") and needle in err
    if setup in ("missing", "not_json", "not_record", "tampered"):
        assert not out.exists()


# ------------------------------------------------------- the page in Chromium
@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if chromium is None or driver_path is None:
        why = f"headless Chromium and chromedriver are needed: {INSTALL} (.ci/run installs them)"
        if os.environ.get("CI") and not os.environ.get("MAHJONG_CORE_BROWSER_OPTIONAL"):
            pytest.fail(why)  # (cibuildwheel's test step sets MAHJONG_CORE_BROWSER_OPTIONAL)
        pytest.skip(why)
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1100"):
        opts.add_argument(arg)
    try:
        driver = webdriver.Chrome(options=opts, service=Service(driver_path))
    except WebDriverException as e:
        pytest.fail(f"chromedriver did not start Chromium: {e.msg}")
    yield driver
    driver.quit()


def tiles(root: WebElement, css: str) -> list[str]:
    return [t.get_attribute("data-tile") or "" for t in root.find_elements(By.CSS_SELECTOR, css)]


def counter(d: WebDriver) -> str:
    return d.find_element(By.ID, "step-counter").text


def test_page_in_chromium(browser: WebDriver, hand: tuple[Path, Path], tmp_path: Path) -> None:
    record, page = hand
    events = loads(record.read_text(encoding="utf-8"))
    d = browser
    d.get(page.as_uri())
    assert d.get_log("browser") == []  # no script error
    body = d.find_element(By.TAG_NAME, "body")

    # the start: the header line, the dealt hands, the full wall
    assert counter(d) == "Step 1 / 100"
    assert d.find_element(By.ID, "caption").text == "guangdong-v1 seed 1 dealer seat 0 round wind East dice [2, 5]"
    assert d.find_element(By.ID, "wall-count").text == "83"
    seats = d.find_elements(By.CSS_SELECTOR, "#seats .seat")
    assert len(seats) == 4
    for s, seat in enumerate(seats):
        shown = tiles(seat, ".hand .tile")
        assert sorted(shown, key=KIND_NAMES.index) == [KIND_NAMES[t] for t in parse_tiles(events[1]["hands"][s])]
    assert "dealer" in seats[0].text and len(tiles(seats[0], ".hand .tile")) == 14
    assert not d.find_element(By.ID, "scoresheet").is_displayed()
    assert not d.find_element(By.ID, "btn-prev").is_enabled()

    # forward with the arrow key to the first call: South pungs East's 3z
    for _ in range(11):
        body.send_keys(Keys.ARROW_RIGHT)
    assert counter(d) == "Step 12 / 100"
    assert d.find_element(By.ID, "caption").text == "seat 1 pungs 3z from seat 0"
    assert "k-call" in (d.find_element(By.ID, "caption").get_attribute("class") or "")
    south = d.find_element(By.ID, "seat-1")
    assert "hl-call" in (south.get_attribute("class") or "")
    assert tiles(south, ".meld.pon.fresh .tile") == ["3z", "3z", "3z"]
    east_river = d.find_element(By.ID, "seat-0").find_elements(By.CSS_SELECTOR, ".river .tile")
    assert east_river[-1].get_attribute("data-tile") == "3z"
    assert "claimed" in (east_river[-1].get_attribute("class") or "")

    # one step back (the button): before the call, no meld, 3z not yet taken
    d.find_element(By.ID, "btn-prev").click()
    assert counter(d) == "Step 11 / 100"
    assert d.find_element(By.ID, "caption").text == "seat 0 discards 3z"
    assert tiles(d.find_element(By.ID, "seat-1"), ".meld .tile") == []
    last = d.find_element(By.ID, "seat-0").find_elements(By.CSS_SELECTOR, ".river .tile")[-1]
    assert "claimed" not in (last.get_attribute("class") or "") and "last" in (last.get_attribute("class") or "")
    d.find_element(By.ID, "btn-next").click()
    assert counter(d) == "Step 12 / 100"

    # the end: North's win on West's 4s, the score sheet and the payments
    body.send_keys(Keys.END)
    assert counter(d) == "Step 100 / 100"
    sheet = d.find_element(By.ID, "scoresheet")
    assert sheet.is_displayed()
    assert "North wins on West's discard" in sheet.text
    rows = [r.text for r in sheet.find_elements(By.CSS_SELECTOR, "table.sheet tr.item")]
    assert len(rows) == 1 and rows[0].startswith("平和 All chows 1")
    assert "1 番" in sheet.find_element(By.CSS_SELECTOR, "table.sheet tr.total").text
    pays = [r.text for r in sheet.find_elements(By.CSS_SELECTOR, "#payments tr.payment")]
    assert pays == ["West North 2 点炮"]
    assert [c.text for c in sheet.find_elements(By.CSS_SELECTOR, "#deltas td")] == ["0", "0", "-2", "+2"]
    north = d.find_element(By.ID, "seat-3")
    assert tiles(north, ".hand .tile.winning") == ["4s"] and "won 1 番" in north.text
    assert tiles(d.find_element(By.ID, "seat-2"), ".river .tile.won-on") == ["4s"]
    assert not d.find_element(By.ID, "btn-next").is_enabled()
    shot = tmp_path / "viewer-end.png"
    assert d.save_screenshot(str(shot))
    assert shot.stat().st_size > 20_000

    # back from the end: the sheet goes away; Home goes to the start
    body.send_keys(Keys.ARROW_LEFT)
    assert counter(d) == "Step 99 / 100"
    assert "WINS" in d.find_element(By.ID, "caption").text
    body.send_keys(Keys.ARROW_LEFT)
    assert counter(d) == "Step 98 / 100" and not d.find_element(By.ID, "scoresheet").is_displayed()
    body.send_keys(Keys.HOME)
    assert counter(d) == "Step 1 / 100"
    # the log jumps; L switches the tile faces to compact notation
    d.find_elements(By.CSS_SELECTOR, "#log-list li")[19].click()
    assert counter(d) == "Step 20 / 100" and d.find_element(By.ID, "caption").text == "seat 2 pungs 6z from seat 0"
    body.send_keys("l")
    code = d.find_element(By.CSS_SELECTOR, "#seat-0 .hand .tile .code")
    assert code.is_displayed() and code.text == code.find_element(By.XPATH, "..").get_attribute("data-tile")
    d.save_screenshot(str(tmp_path / "viewer-call.png"))


def test_three_players_in_chromium(browser: WebDriver, tmp_path: Path) -> None:
    rs = find_variant("sichuan").from_options_json({"players": 3})
    table = play_hand(rs, [GreedyBot() for _ in range(3)], seed=1)
    page = tmp_path / "three.html"
    page.write_text(render_html(dumps(table.events)), encoding="utf-8")
    d = browser
    d.get(page.as_uri())
    assert len(d.find_elements(By.CSS_SELECTOR, "#seats .seat")) == 3
    assert "3 players" in d.find_element(By.ID, "title").text
    d.find_element(By.ID, "btn-last").click()
    cells = [c.text for c in d.find_elements(By.CSS_SELECTOR, "#deltas td")]
    assert cells == [f"{x:+d}" if x else "0" for x in table.deltas()]
    assert d.find_element(By.ID, "scoresheet").is_displayed()
    d.save_screenshot(str(tmp_path / "three.png"))


def test_docstring_examples() -> None:
    import doctest

    from mahjong_core import viewer

    result = doctest.testmod(viewer)
    assert result.attempted > 0 and result.failed == 0
