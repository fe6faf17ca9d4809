"""Issue 13, part 7: the package metadata the index shows, read back from
the installed distribution (``importlib.metadata``), not from pyproject.toml."""

from __future__ import annotations

from importlib.metadata import metadata

import pytest
from trove_classifiers import classifiers as known_classifiers

FORGE = "https://github.com/mahjong-core/mahjong-core"


@pytest.fixture(scope="module")
def meta() -> dict[str, list[str]]:
    m = metadata("mahjong-core")
    return {key: m.get_all(key) or [] for key in set(m.keys())}


def test_project_urls(meta: dict[str, list[str]]) -> None:
    urls = dict(entry.split(", ", 1) for entry in meta["Project-URL"])
    assert set(urls) >= {"Homepage", "Documentation", "Source", "Issues"}
    assert urls["Homepage"] == FORGE and urls["Source"] == FORGE
    assert urls["Issues"] == f"{FORGE}/issues"
    assert urls["Documentation"].startswith(FORGE) and "docs" in urls["Documentation"]


def test_licence(meta: dict[str, list[str]]) -> None:
    assert meta["License-Expression"] == ["MIT"]
    assert meta["License-File"] == ["LICENSE"]


def test_classifiers(meta: dict[str, list[str]]) -> None:
    found = meta["Classifier"]
    unknown = [c for c in found if c not in known_classifiers]
    assert not unknown, unknown
    for prefix in ("Development Status :: ", "Intended Audience :: ", "Operating System :: ", "Topic :: ",
                   "Natural Language :: Chinese", "Programming Language :: Python :: 3.1", "Typing :: Typed"):
        assert any(c.startswith(prefix) for c in found), prefix
    # the licence is the License-Expression field: PEP 639 (setuptools >= 77)
    # refuses "License ::" classifiers beside it
    assert not any(c.startswith("License :: ") for c in found)


def test_short_description(meta: dict[str, list[str]]) -> None:
    (summary,) = meta["Summary"]
    assert 40 <= len(summary) <= 200 and "\n" not in summary
    assert "mahjong" in summary.lower()
    assert meta["Description-Content-Type"] == ["text/markdown"]
    assert meta["Name"] == ["mahjong-core"] and meta["Requires-Python"] == [">=3.10"]
