"""贵州捉鸡 games through the engine: 1,000 seeded greedy-bot hands with the
engine's invariants (fully on every eighth hand, at the end of the others),
every payment re-derived from the sheets and the 鸡 rules, and records
that replay."""

from __future__ import annotations

from collections import Counter

from mahjong_core.engine import Table
from mahjong_core.tiles import MeldKind
from mahjong_core.variants.guizhou import Guizhou
from reference.engine_invariants import check_invariants, check_replay, play_checked

RULES = Guizhou()


def play(rs: Guizhou, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    return play_checked(t, seed, {3} if seed % 5 == 0 else set(), check_every_step)


def expected_deltas(t: Table) -> list[int]:
    """Kongs (直杠 2 from the feeder, 补杠 1 / 暗杠 2 from each), the hand
    (discarder pays; 自摸: each pays +1), and each 鸡 tile in a pung or
    kong: 1 from each other seat."""
    out = t.kong_settlement.deltas(4)
    if not t.winners:
        return out
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        payers = [p for p in range(4) if p != s] if ctx.self_drawn else [ctx.discarder]
        for p in payers:
            assert p is not None
            amount = sheet.total + (1 if ctx.self_drawn else 0)
            out[p] -= amount
            out[s] += amount
    ctx = t.contexts[t.winners[0]]
    kinds = {18} | {k - k % 9 + (k % 9 + 1) % 9 for k in ctx.extra["fan_ji"] + ctx.extra["ming_ji"]}
    for s in range(4):
        n = sum(len(m.tiles) for m in t.melds[s] if m.kind is not MeldKind.CHI and m.kind_of in kinds)
        for p in range(4):
            if p != s:
                out[p] -= n
                out[s] += n
    return out


def test_a_thousand_bot_hands() -> None:
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    chickens_paid = 0
    for seed in range(1000):
        t = play(RULES, seed, check_every_step=seed % 8 == 0)
        assert sum(t.deltas()) == 0
        assert t.deltas() == expected_deltas(t)
        for s in t.winners:
            ctx = t.contexts[s]
            names.update(t.scores[s].names())
            assert len({k // 9 for k in ctx.all_kinds}) <= 2  # 缺门
            assert len(ctx.extra["ming_ji"]) == t.kongs_made + 1
        chickens_paid += any(p.reason.startswith("鸡") for p in t.settlement.payments)
        ends[len(t.winners)] += 1
    assert ends[0] < 100 and names["平胡"] > 500 and names["七对"] > 5
    assert chickens_paid > 50


def test_records_replay() -> None:
    for seed in range(20):
        t = play(RULES, seed, check_every_step=False)
        check_replay(t)
