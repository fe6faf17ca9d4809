"""太原立四麻将 games through the engine: 1,000+ seeded bot hands with the
engine's invariants (fully on every fourth hand, at the end of the others),
the standing tiles kept, every win re-checked against §8 (declared, one
winner, no chow) and every payment re-derived; records replay; a match
follows the dealer rules."""

from __future__ import annotations

import random
from collections import Counter

from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.tiles import MeldKind
from mahjong_core.variants.taiyuan import Taiyuan
from reference.engine_invariants import check_invariants, check_replay


def expected_deltas(t: Table) -> list[int]:
    """Ron: the discarder pays the sheet; self-draw: each of the three, the
    dealer 2 more (its doubled 庄家 point) when it is not the winner."""
    out = [0] * 4
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        payers = [p for p in range(4) if p != s] if ctx.self_drawn else [ctx.discarder]
        for p in payers:
            assert p is not None
            amount = sheet.total + (2 if ctx.self_drawn and p == t.dealer else 0)
            out[p] -= amount
            out[s] += amount
    return out


def check_standing(t: Table) -> None:
    for s in range(4):
        st, hand = t.standing[s], t.hands[s]
        assert all(st[k] <= hand[k] for k in range(34)) and sum(st) <= 4
        if not t.declared[s] and not t.melds[s]:
            assert sum(st) == 4  # never discarded without the declaration


def play(rs: Taiyuan, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    greedy = GreedyBot()
    randoms = {1} if seed % 5 == 0 else set()
    while not t.is_over:
        if check_every_step:
            check_invariants(t)
            check_standing(t)
        seat = t.to_act[0]
        legal = t.legal_actions(seat)
        t.apply(rng.choice(legal) if seat in randoms else greedy.choose(t, seat, legal))
    check_invariants(t)
    check_standing(t)
    return t


def test_a_thousand_bot_hands() -> None:
    rs = Taiyuan()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 4 == 0)
        assert sum(t.deltas()) == 0 and t.deltas() == expected_deltas(t)
        assert len(t.winners) <= 1
        for s in range(4):
            assert all(m.kind is not MeldKind.CHI for m in t.melds[s])
        for s in t.winners:
            ctx = t.contexts[s]
            assert ctx.declared_ready and t.declared[s]
            names.update(t.scores[s].names())
        if not t.winners:
            assert len(t.remaining_wall()) >= 14
        ends[len(t.winners)] += 1
    assert ends[1] > 500
    for item in ("缺门", "嵌张", "镶边", "放铳", "自摸", "庄家"):
        assert names[item] > 10, item
    assert names["明杠"] + names["暗杠"] > 0


def test_records_replay() -> None:
    rs = Taiyuan()
    for seed in range(25):
        t = play(rs, seed, check_every_step=False)
        check_replay(t)


def test_a_match_follows_the_dealer_rules() -> None:
    m = Match(Taiyuan(), [GreedyBot() for _ in range(4)], seed=2, hands=30, keep_tables=True)
    m.play()
    assert sum(m.totals) == 0
    for t, nxt in zip(m.tables, m.results[1:]):
        if t.winners:
            want = t.dealer if t.dealer in t.winners else (t.dealer + 1) % 4
        else:
            want = t.dealer if t.kongs_made == 0 else (t.dealer + 1) % 4
        assert nxt.dealer == want
