"""Regional rule sets: scoring from notation and whole hands per second, side
by side in one run.

- ``score from notation``: ``Ruleset.score_hand(...)`` of each regional
  rule set on the winning hands its own bots made (notation strings: parsing,
  the context, the readings, the table and the settlement), next to
  ``guobiao.score(...)`` from notation on 国标's random situations (the
  compiled kernel).  The target: a regional ``score_hand`` within 3× of
  ``guobiao.score`` per call.
- ``simulate``: ``mahjong-core simulate --variant NAME --bots random|greedy``
  (the same function, one worker), hands per second.  Targets on one core:
  2,000 hands/s with random bots, 500 with greedy bots.

``extra_info`` holds ``us_per_call`` or ``hands_per_s``.  A rule set joins
every table by one line in :data:`REGIONAL`.  Run::

    python -m pytest bench/test_bench_regional.py --benchmark-only --benchmark-group-by=group
"""

from __future__ import annotations

import random
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.bots import GreedyBot, RandomBot, play_hand
from mahjong_core.cli_game import simulate
from mahjong_core.paper import context_fields
from mahjong_core.registry import find_variant
from mahjong_core.rules import Ruleset, ScoreSheet
from mahjong_core.tiles import format_tiles
from mahjong_core.variants import guobiao

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "variants"))
import gb_random  # noqa: E402

REGIONAL: list[str] = [
    "guangdong",
    "sichuan",
    "changsha",
    "shanghai",
    "taiwan",
    "guizhou",
    "two_player",
    "shaanxi",
    "tuidaohu",
    "dahu",
    "qingyuan",
    "hainan",
    "hebei",
    "changchun",
    "jinan",
    "neimeng",
    "hefei",
    "taiyuan",
    "ningbo",
    "fuzhou",
    "luoyuan",
    "tianjin",
    "harbin",
    "nanchang",
    "fujian_baida",
    "hangzhou",
    "wenzhou",
    "anqing",
    "wuhan",
    "yingkou",
    "jiangnan",
    "luoshu",
]
"""The rule sets measured (one line each)."""

SCORE_HANDS = 300
"""Bot hands played (seeded) to collect each rule set's winning hands."""
SIM_HANDS = {"random": 1000, "greedy": 300}
GB_N = 2000


Call = tuple[dict[str, Any], ScoreSheet]


@cache
def corpus(name: str) -> tuple[Ruleset, list[Call]]:
    """``score_hand`` arguments (notation) of the wins of seeded bot hands
    of rule set ``name``, each with the sheet the engine gave."""
    rs = find_variant(name)()
    defaults = context_fields()
    out: list[Call] = []
    for seed in range(SCORE_HANDS):
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), GreedyBot()]
        t = play_hand(rs, bots, seed=seed, dealer=seed % rs.num_players)
        for seat in t.winners:
            ctx = t.contexts[seat]
            if ctx.win_tile < 0:
                continue
            hand = list(ctx.concealed)
            wilds = ctx.wilds
            if ctx.win_tile in hand:
                hand.remove(ctx.win_tile)
            elif wilds and ctx.win_tile in ctx.wild_kinds:
                wilds -= 1  # won on a wild tile (福州: a drawn 金)
            else:
                continue
            context = {k: getattr(ctx, k) for k, d in defaults.items()
                       if k not in ("wild_kinds", "meld_sources") and getattr(ctx, k) != d}
            context.update(ctx.extra)
            if any(s is not None for s in ctx.meld_sources):
                context["meld_sources"] = tuple(ctx.meld_sources)
            kinds = sorted(ctx.wild_kinds)
            wild = format_tiles(kinds[:1]) if len(kinds) == 1 and kinds[0] < 34 else "7z"
            args = dict(
                hand=format_tiles(hand) + wild * wilds if wilds else format_tiles(hand),
                win_tile=format_tiles([ctx.win_tile]), melds=[str(m) for m in ctx.melds], winner=seat,
                dealer=t.dealer, discarder=None if ctx.self_drawn else ctx.discarder,
                flowers=format_tiles(ctx.flowers) if ctx.flowers else "", context=context,
            )
            out.append((args, t.scores[seat]))
    return rs, out


@cache
def _gb_notation() -> list[dict[str, Any]]:
    """国标's random winning situations as ``guobiao.score`` arguments (the
    corpus of ``test_bench_guobiao.py``: same seed, same filter)."""
    rng = random.Random(4242)
    out: list[dict[str, Any]] = []
    while len(out) < GB_N:
        s = gb_random.random_situation(rng)
        if s is None:
            continue
        try:
            gb_random.gb_fans(s)
        except TypeError:
            continue
        out.append(s.score_args())
    return out


@pytest.mark.parametrize("name", REGIONAL)
def test_gate(name: str) -> None:
    """No wrong answer is timed: ``score_hand`` from notation gives the
    sheet the engine gave, and zero-sum payments, on every win."""
    rs, calls = corpus(name)
    assert len(calls) >= 50, f"{name}: too few wins to measure ({len(calls)})"
    for args, sheet in calls:
        got = rs.score_hand(args["hand"], **{k: a for k, a in args.items() if k != "hand"})
        assert got.sheet == sheet, args
        assert sum(got.settlement.deltas(rs.num_players)) == 0


def _loop_score_hand(rs: Ruleset, calls: list[Call]) -> None:
    score_hand = rs.score_hand
    for args, _ in calls:
        score_hand(args["hand"], win_tile=args["win_tile"], melds=args["melds"], winner=args["winner"],
                   dealer=args["dealer"], discarder=args["discarder"], flowers=args["flowers"],
                   context=args["context"])


@pytest.mark.parametrize("name", REGIONAL)
def test_score_hand_from_notation(benchmark: Any, name: str) -> None:
    rs, calls = corpus(name)
    benchmark.group = "score from notation"
    benchmark.extra_info.update(lib=f"{name}.score_hand", calls=len(calls))
    def setup() -> tuple[tuple[Ruleset, list[Call]], dict[str, Any]]:
        # a fresh rule set each round: a sheet a rule set keeps (四川's) is
        # not the figure
        return (type(rs)(), calls), {}

    benchmark.pedantic(_loop_score_hand, setup=setup, rounds=5, iterations=1, warmup_rounds=1)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["us_per_call"] = stats.stats.median / len(calls) * 1e6


def test_guobiao_score_from_notation(benchmark: Any) -> None:
    rules = guobiao.Guobiao()
    notation = _gb_notation()
    benchmark.group = "score from notation"
    benchmark.extra_info.update(lib="guobiao.score", calls=len(notation))

    def loop() -> None:
        for kw in notation:
            guobiao.score(**kw, rules=rules)

    benchmark.pedantic(loop, rounds=5, iterations=1, warmup_rounds=1)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["us_per_call"] = stats.stats.median / len(notation) * 1e6


@pytest.mark.parametrize("bots", ["random", "greedy"])
@pytest.mark.parametrize("name", REGIONAL)
def test_simulate(benchmark: Any, name: str, bots: str) -> None:
    hands = SIM_HANDS[bots]
    benchmark.group = f"simulate {bots}"
    benchmark.extra_info.update(variant=name, bots=bots, hands=hands)

    seeds = iter(range(1, 100))

    def setup() -> tuple[tuple[int], dict[str, Any]]:
        return (next(seeds),), {}  # (each round plays other hands: no cache meets the same hands again)

    def run(seed: int) -> dict[str, Any]:
        return simulate(name, hands, seed, bots, 1, progress=False)

    res = benchmark.pedantic(run, setup=setup, rounds=3, iterations=1)
    assert res["hands"] == hands and res["errors"] == 0 and res["zero_sum"], res["error_examples"]
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["hands_per_s"] = hands / stats.stats.median
