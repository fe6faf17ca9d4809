"""The README's examples and the docstring examples run as written."""

from __future__ import annotations

import doctest
import re
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


# --- every example of README.md and docs/**/*.md -----------------------------------
# A ```python block with ">>>" lines runs as a doctest (the whole file through
# doctest.testfile, which also finds ``pycon`` blocks); a ```python block without
# any runs as a script, the blocks of one file in order in one namespace.

_FENCE = re.compile(r"^```python[^\n]*\n(.*?)^```", re.S | re.M)
DOC_FILES = [ROOT / "README.md"] + sorted(
    p for p in (ROOT / "docs").rglob("*.md") if "hooks" not in p.relative_to(ROOT / "docs").parts
)


def python_blocks(text: str) -> list[str]:
    """The bodies of the ```python fenced blocks of a Markdown text."""
    return [m.group(1) for m in _FENCE.finditer(text)]


def test_python_blocks_are_found() -> None:
    text = "a\n```python\n>>> 1 + 1\n2\n\n```\nb\n```sh\nls\n```\n```python\nx = 1\n```\n"
    assert python_blocks(text) == [">>> 1 + 1\n2\n\n", "x = 1\n"]


def test_every_docs_page_is_checked() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in DOC_FILES}
    assert {"README.md", "docs/notation.md", "docs/records.md", "docs/bots.md", "docs/rl.md",
            "docs/botzone.md", "docs/getting-started.md", "docs/index.md", "docs/engine.md"} <= names
    assert len([n for n in names if n.startswith("docs/variants/")]) >= 30


@pytest.mark.parametrize("path", DOC_FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_markdown_examples_run(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    blocks = python_blocks(text)
    ran = 0
    if ">>>" in text:
        result = doctest.testfile(str(path), module_relative=False, encoding="utf-8")
        assert result.failed == 0, f"{path.name}: {result.failed} of {result.attempted} examples failed"
        ran += result.attempted
    scripts = [b for b in blocks if ">>>" not in b]
    namespace: dict[str, object] = {"__name__": f"docs_{path.stem}"}
    for i, code in enumerate(scripts):
        exec(compile(code, f"{path.name} (python block {i + 1})", "exec"), namespace)
        ran += 1
    if blocks:
        assert ran >= len(blocks), f"{path.name}: {len(blocks)} python blocks, {ran} examples run"
