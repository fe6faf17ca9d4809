"""陕西 (西安) 麻将 games through the engine: 1,000 seeded greedy-bot hands
with the engine's invariants (fully on every eighth hand, at the end of the
others), every payment re-derived from the sheets, and records that replay."""

from __future__ import annotations

from collections import Counter

from mahjong_core.engine import Table
from mahjong_core.variants.shaanxi import Shaanxi
from reference.engine_invariants import check_invariants, check_replay, play_checked

RULES = Shaanxi()


def play(rs: Shaanxi, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    return play_checked(t, seed, {0} if seed % 5 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    for seed in range(1000):
        t = play(RULES, seed, check_every_step=seed % 8 == 0)
        d = t.deltas()
        assert sum(d) == 0
        if not t.winners:
            assert d == [0, 0, 0, 0]  # 荒庄荒杠
        else:
            want = t.kong_settlement.deltas(4)
            for s in t.winners:
                ctx, sheet = t.contexts[s], t.scores[s]
                names.update(sheet.names())
                payers = [p for p in range(4) if p != s] if ctx.self_drawn else [ctx.discarder]
                for p in payers:
                    assert p is not None
                    want[p] -= sheet.points
                    want[s] += sheet.points
            assert d == want
        ends[len(t.winners)] += 1
    assert ends[0] < 100 and ends[2] > 0
    assert names["平胡"] > 500 and names["自摸"] > 100 and names["七小对"] > 10


def test_records_replay() -> None:
    for seed in range(20):
        t = play(RULES, seed, check_every_step=False)
        check_replay(t)
