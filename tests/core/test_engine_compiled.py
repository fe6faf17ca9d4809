"""The compiled engine (engine.py built by Cython, typed by engine.pxd) and
the same file run as plain Python must play identical hands."""

from __future__ import annotations

import importlib.util
import os
import pathlib
import sys
from types import ModuleType

import mahjong_core.engine as engine
import pytest
from mahjong_core.bots import GreedyBot, RandomBot
from mahjong_core.registry import find_variant
from mahjong_core.rules import Ruleset

from test_engine import DuplicateWallRules, FlowerRules, IndicatorRules, ReadyRules


def _plain_engine() -> ModuleType:
    path = pathlib.Path(engine.__file__).with_name("engine.py")
    spec = importlib.util.spec_from_file_location("mahjong_core._engine_plain", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_engine_is_compiled() -> None:
    """A normal build compiles the engine (MAHJONG_CORE_PURE_ENGINE=1 opts out)."""
    compiled = not engine.__file__.endswith(".py")
    assert compiled == (os.environ.get("MAHJONG_CORE_PURE_ENGINE", "") in ("", "0"))


@pytest.mark.parametrize("name", ["bots", "patterns"])
def test_bots_and_patterns_are_compiled(name: str) -> None:
    """The bots (bots.py) and the scoring vocabulary (patterns.py) are
    compiled with the engine: the greedy bot's Python turn was a third of a
    greedy hand's time interpreted, the readings a quarter of 四川's."""
    import importlib

    module = importlib.import_module(f"mahjong_core.{name}")
    compiled = not module.__file__.endswith(".py")
    assert compiled == (os.environ.get("MAHJONG_CORE_PURE_ENGINE", "") in ("", "0"))


@pytest.mark.parametrize(
    "rs",
    [Ruleset(), FlowerRules(), DuplicateWallRules(), IndicatorRules(), ReadyRules(), find_variant("guangdong")()],
    ids=lambda r: r.name,
)
def test_compiled_and_plain_engines_agree(rs: Ruleset) -> None:
    plain = _plain_engine()
    assert plain.Table is not engine.Table
    for seed in range(60):
        logs = []
        for module in (engine, plain):
            bots = [GreedyBot(), RandomBot(seed), GreedyBot(), RandomBot(seed + 1)]
            table = module.play_out(module.Table(rs, seed=seed, dealer=seed % 4), bots)
            logs.append((table.events, table.deltas(), table.winners))
        assert logs[0] == logs[1]
