"""The README's examples and the docstring examples run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import mahjong_core
import pytest
from mahjong_core import (
    _native,
    analysis,
    batch,
    bots,
    cli_common,
    cli_score,
    engine,
    match,
    patterns,
    records,
    registry,
    rules,
    scenario,
    tiles,
)

ROOT = Path(__file__).resolve().parents[2]


def test_readme_examples() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert result.attempted > 10
    assert result.failed == 0


@pytest.mark.parametrize(
    "module",
    [mahjong_core, analysis, batch, tiles, _native, rules, engine, bots, records, match, registry, patterns, cli_score, scenario,
     cli_common],
)
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0
    assert result.failed == 0


def test_scoring_page_examples() -> None:
    """docs/scoring.md: score_hand, its errors, the vocabulary and a table."""
    result = doctest.testfile(str(ROOT / "docs" / "scoring.md"), module_relative=False)
    assert result.attempted >= 10
    assert result.failed == 0
