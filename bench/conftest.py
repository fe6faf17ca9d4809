"""Shared set-up of the benchmarks: known answers first, machine facts recorded."""

from __future__ import annotations

import os
import platform
from typing import Any

import corpus
import pytest


@pytest.fixture(scope="session")
def known_answers() -> None:
    """The perft-style check (STYLE.md item 23): every bench run first checks
    the known answers and the corpus checksums of ``bench/corpus.py``."""
    bad = corpus.check_known() + corpus.check_checksums()
    assert not bad, "known answers changed:\n" + "\n".join(bad)


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def pytest_benchmark_update_machine_info(config: Any, machine_info: dict[str, Any]) -> None:
    import peers

    import mahjong_core

    machine_info["cpu_model"] = _cpu_model()
    machine_info["nproc"] = os.cpu_count()
    machine_info["mahjong_core_build"] = dict(mahjong_core.__build_info__)
    machine_info["versions"] = peers.versions()


def pytest_benchmark_group_stats(config: Any, benchmarks: list[Any], group_by: str) -> Any:
    """With ``--benchmark-group-by=group`` (the default), split the analysis and
    batch groups by corpus, so each table compares libraries on the same hands."""
    if group_by != "group":
        return None  # pytest-benchmark's own grouping
    groups: dict[str, list[Any]] = {}
    for bench in benchmarks:
        corpus_name = bench["extra_info"].get("corpus")
        key = bench["group"] if corpus_name is None else f"{bench['group']} {corpus_name}"
        groups.setdefault(key, []).append(bench)
    return sorted(groups.items(), key=lambda kv: kv[0] or "")
