"""``Ruleset.refuses_win_exact``: a rule set that promises its
``refuses_win`` refuses exactly what ``can_win`` refuses (its conditions of a
win read the context alone) gets its offered wins unscored, scored only when
taken.  Every registered rule set that makes the promise is held to it on
the contexts of seeded games, and the engine is shown to score no win it
only offers."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from mahjong_core.bots import make_bot, play_hand
from mahjong_core.errors import IllegalWinError, InvalidHandError
from mahjong_core.registry import available
from mahjong_core.rules import Ruleset, ScoreSheet, WinContext

EXACT = [cls for cls in available() if cls.refuses_win_exact]


def test_some_rule_sets_promise_exact_refusals() -> None:
    names = {cls.name for cls in EXACT}
    assert {"nanchang", "sichuan", "harbin", "fujian_baida", "tianjin", "fuzhou", "luoyuan"} <= names
    assert "guobiao" not in names and "ningbo" not in names  # (a minimum on the sheet)


def _games(rs: Ruleset, random_hands: int, greedy_hands: int) -> int:
    """Play seeded hands (seeds as in ``bench/rates.py``); the wins made."""
    wins = 0
    for bots, n in (("random", random_hands), ("greedy", greedy_hands)):
        for i in range(n):
            players = [make_bot(bots, i * 7 + s) for s in range(rs.num_players)]
            wins += len(play_hand(rs, players, seed=i, dealer=i % rs.num_players).winners)
    return wins


@pytest.mark.parametrize("cls", EXACT, ids=lambda c: c.name)
def test_refuses_win_refuses_exactly_what_can_win_refuses(cls: type[Ruleset]) -> None:
    """Each context the engine asks ``refuses_win`` about, scored after the
    game: let through, it scores and ``can_win`` takes it; refused, it
    cannot be scored or ``can_win`` refuses it."""
    asked: list[tuple[WinContext, bool]] = []

    class Spy(cls):  # type: ignore[valid-type,misc]
        def refuses_win(self, ctx: WinContext) -> bool:
            got = super().refuses_win(ctx)
            asked.append((ctx, got))
            return got

    rs = Spy()
    _games(rs, 200, 50)
    plain = cls()
    seen: Counter[bool] = Counter()
    for ctx, refused in asked:
        try:
            sheet = plain.score(ctx)
        except (IllegalWinError, InvalidHandError):
            assert refused, (cls.name, ctx)  # (a win let through is scored when taken)
            seen[refused] += 1
            continue
        assert plain.can_win(ctx, sheet) is not refused, (cls.name, refused, ctx)
        seen[refused] += 1
    assert seen[False] >= 20, (cls.name, seen)  # (wins let through, and asked of can_win)


def test_offered_wins_are_scored_only_when_taken() -> None:
    """南昌 with random players: many wins offered and passed, each one
    refused or let through by ``refuses_win`` alone; ``score`` is asked once
    per win made.  A rule set without the promise scores every win it
    offers."""
    from mahjong_core.variants.nanchang import Nanchang

    counts: Counter[str] = Counter()

    class Counted(Nanchang):
        def refuses_win(self, ctx: WinContext) -> bool:
            counts["asked"] += 1
            return super().refuses_win(ctx)

        def score(self, ctx: WinContext) -> ScoreSheet:
            counts["scored"] += 1
            return super().score(ctx)

    rs = Counted()
    wins = _games(rs, 150, 0)
    assert wins >= 20 and counts["asked"] > 2 * wins
    assert counts["scored"] == wins

    class Unpromised(Counted):
        refuses_win_exact = False

    counts.clear()
    wins = _games(Unpromised(), 150, 0)
    assert counts["scored"] > 2 * wins  # (every win let through is scored to ask can_win)


def test_a_promise_needs_a_refuses_win_of_its_own() -> None:
    """The flag alone (no ``refuses_win`` override, 济南's sheet deciding)
    changes nothing: every offered win is still scored and asked of
    ``can_win``."""
    from mahjong_core.variants.jinan import Jinan

    scored: list[Any] = []

    class Flagged(Jinan):
        refuses_win_exact = True

        def score(self, ctx: WinContext) -> ScoreSheet:
            scored.append(ctx)
            return super().score(ctx)

    wins = _games(Flagged(), 150, 0)
    assert len(scored) > 2 * wins + 10
