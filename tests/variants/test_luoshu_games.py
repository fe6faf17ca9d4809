"""洛书麻将 games through the engine: 1,000 seeded greedy-bot hands with
the engine's invariants; every win re-read by a brute-force reader of its
tiles, declared ready first, no chow or pung and kongs of 将头 tiles only,
every payment re-derived from the stakes, records that replay, the paper
path, and a match."""

from __future__ import annotations

from collections import Counter

from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.tiles import MeldKind
from mahjong_core.variants.luoshu import JIANG, Luoshu
from reference.engine_invariants import check_paper_path, check_replay, play_checked
from test_luoshu import brute_force


def expected_deltas(t: Table, rs: Luoshu) -> list[int]:
    out = [0] * 4
    stake = rs.options.stake
    for s in t.winners:
        ctx = t.contexts[s]
        payers = ([p for p in range(4) if p != s] if rs.options.self_draw_all_pay else []) if ctx.self_drawn \
            else [ctx.discarder]
        payers += [p for p in range(4) if p != s and t.declared[p]]
        for p in payers:
            assert p is not None
            out[p] -= stake
            out[s] += stake
    return out


def play(rs: Luoshu, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    return play_checked(t, seed, {0} if seed % 6 == 0 else set(), check_every_step)


def check_hand(t: Table, rs: Luoshu) -> None:
    for s in range(4):
        for m in t.melds[s]:
            assert m.kind is MeldKind.ANKAN and m.kind_of in JIANG  # no chow, no pung, 将头 kongs only
    for s in t.winners:
        ctx = t.contexts[s]
        assert t.declared[s] and ctx.declared_ready  # 叫听
        assert brute_force(list(ctx.concealed), rs.options.jiang_mixed), (t.seed, ctx.concealed)


def test_a_thousand_bot_hands() -> None:
    rs = Luoshu()
    ends: Counter[int] = Counter()
    kongs = self_drawn = 0
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 25 == 0)
        check_hand(t, rs)
        assert t.deltas() == expected_deltas(t, rs), seed
        ends[len(t.winners)] += 1
        kongs += sum(len(m) for m in t.melds)
        self_drawn += sum(t.contexts[s].self_drawn for s in t.winners)
    assert ends[2] == 0 and ends[1] > 600 and kongs > 0 and self_drawn > 100


def test_the_other_options() -> None:
    for rs in (Luoshu(jiang_mixed=False, stake=3), Luoshu(self_draw_all_pay=False)):
        for seed in range(60):
            t = play(rs, seed, check_every_step=seed % 10 == 0)
            check_hand(t, rs)
            assert t.deltas() == expected_deltas(t, rs)


def test_records_replay_and_paper_path() -> None:
    rs = Luoshu()
    wins = 0
    for seed in range(100):
        t = play(rs, seed, check_every_step=False)
        wins += check_paper_path(t)
        if seed < 15:
            check_replay(t)
    assert wins > 50


def test_a_match() -> None:
    m = Match(Luoshu(), [GreedyBot() for _ in range(4)], seed=5, hands=12)
    results = m.play()
    assert len(results) == 12 and sum(m.totals) == 0


def test_ready_offers_the_same_with_the_kinds_named_at_once() -> None:
    """The engine's shortcut (shape_free_ready_kinds: the rule set names the
    ready discards at once) offers the same actions, at every step of
    seeded random and greedy hands, as asking each discard."""
    import random

    from mahjong_core.bots import RandomBot

    class AskEach(Luoshu):
        def shape_free_ready_kinds(self, table, seat, counts):  # type: ignore[no-untyped-def]
            return None

    ready_offers = 0
    for seed in range(60):
        a, b = Table(Luoshu(), seed=seed), Table(AskEach(), seed=seed)
        bots = [RandomBot(seed) if seed % 2 else GreedyBot() for _ in range(4)]
        rng = random.Random(seed)
        while not a.is_over:
            seat = a.to_act[0]
            legal = a.legal_actions(seat)
            assert [x.id for x in legal] == [x.id for x in b.legal_actions(seat)]
            ready_offers += sum(x.kind.name == "READY" for x in legal)
            act = rng.choice(legal) if seed % 2 else bots[seat].choose(a, seat, legal)
            a.apply(act)
            b.apply(act.id, seat)
        assert a.deltas() == b.deltas()
    assert ready_offers > 50
