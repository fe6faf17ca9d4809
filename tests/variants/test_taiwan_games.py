"""台湾麻将 games through the engine: 1,000 seeded greedy-bot hands with the
engine's invariants (fully on every eighth hand, at the end of the others),
every payment re-derived from the sheets, and records that replay."""

from __future__ import annotations

from collections import Counter

from mahjong_core.engine import Table
from mahjong_core.variants.taiwan import Taiwan
from reference.engine_invariants import check_invariants, check_replay, play_checked

RULES = Taiwan()


def play(rs: Taiwan, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4, streak=seed % 3)
    return play_checked(t, seed, {2} if seed % 5 == 0 else set(), check_every_step)


def expected_deltas(t: Table) -> list[int]:
    """底 5 + 台 from each payer; the dealer adds 1 + streak when it pays."""
    out = [0] * 4
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        assert sheet.total == sum(i.total for i in sheet.items)
        if ctx.instant == "七抢一":  # the holder of the eighth flower pays alone
            payers = [ctx.extra["flower_from"]]
        else:
            payers = [p for p in range(4) if p != s] if ctx.self_drawn else [ctx.discarder]
        for p in payers:
            assert p is not None
            amount = 5 + sheet.total + (1 + t.streak if p == t.dealer else 0)
            out[p] -= amount
            out[s] += amount
    return out


def test_a_thousand_bot_hands() -> None:
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    for seed in range(1000):
        t = play(RULES, seed, check_every_step=seed % 8 == 0)
        assert sum(t.deltas()) == 0
        assert t.deltas() == expected_deltas(t)
        for s in t.winners:
            ctx = t.contexts[s]
            items = t.scores[s].names()
            names.update(items)
            assert ("庄家" in items) == (s == t.dealer)
            assert items.count("连庄") == (t.streak if s == t.dealer else 0)
            if ctx.instant is None:
                assert len(ctx.concealed) + 3 * len(ctx.melds) == 17
        ends[len(t.winners)] += 1
        if not t.winners:
            assert len(t.remaining_wall()) == 16
    assert ends[0] < 100 and ends[1] > 700
    assert names["自摸"] + names["门清自摸"] > 100 and names["正花"] > 100 and names["嵌张"] > 50


def test_records_replay() -> None:
    for seed in range(20):
        t = play(RULES, seed, check_every_step=False)
        check_replay(t)
