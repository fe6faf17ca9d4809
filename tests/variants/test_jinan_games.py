"""济南麻将 games through the engine: 1,000+ seeded greedy-bot hands (on
half of them the bots declare ready whenever they can, so 明摸 and 明打 are
played) with the engine's invariants, every win re-checked against the seed
(a 2-5-8 pair, 明摸 self-drawn only) and every payment re-derived from the
seed's numbers, records that replay, and a match."""

from __future__ import annotations

import random
from collections import Counter


from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Action, ActionKind, Table
from mahjong_core.match import Match
from mahjong_core.tiles import MeldKind
from mahjong_core.patterns import RANKS_258
from mahjong_core.variants.jinan import Jinan, ReadyMode
from reference.engine_invariants import check_invariants, check_paper_path, check_replay


def expected_deltas(rs: Jinan, t: Table) -> list[int]:
    out = [0] * 4
    for s in t.winners:
        ctx = t.contexts[s]
        if ctx.declared_ready:
            head = 4 if ctx.self_drawn else 8
        else:
            head = 1
        fan = head + sum(1 for m in ctx.melds if m.kind in (MeldKind.KAN, MeldKind.KAKAN, MeldKind.ANKAN))
        fan += len(ctx.flowers)
        if ctx.self_drawn:
            payers = [p for p in range(4) if p != s]
        else:
            assert ctx.discarder is not None
            payers = [ctx.discarder]
        for p in payers:
            amount = fan + (head if ctx.declared_ready and t.dealer in (p, s) else 0)
            out[p] -= amount
            out[s] += amount
    return out


class Declarer(GreedyBot):
    """Greedy, but declares ready whenever its discard allows it."""

    def choose(self, table: Table, seat: int, legal: list[Action]) -> Action:  # type: ignore[override]
        a = super().choose(table, seat, legal)
        if a.kind is ActionKind.DISCARD:
            for b in legal:
                if b.kind is ActionKind.READY and b.tile == a.tile:
                    return b
        return a


def play(rs: Jinan, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    bot = Declarer() if seed % 2 else GreedyBot()
    while not t.is_over:
        if check_every_step:
            check_invariants(t)
        seat = t.to_act[0]
        t.apply(bot.choose(t, seat, t.legal_actions(seat)))
    check_invariants(t)
    return t


def test_a_thousand_bot_hands() -> None:
    rs = Jinan()
    names: Counter[str] = Counter()
    for seed in range(1020):
        t = play(rs, seed, check_every_step=seed % 10 == 0)
        assert sum(t.deltas()) == 0
        assert t.deltas() == expected_deltas(rs, t), seed
        for s in t.winners:
            ctx = t.contexts[s]
            assert any(n >= 2 and k in RANKS_258 for k, n in Counter(ctx.concealed).items())  # a 2-5-8 pair
            if ctx.declared_ready:
                assert ctx.self_drawn  # 明摸: 放炮不能和牌
            names.update(t.scores[s].names())
    assert names["推倒胡"] > 300 and names["明摸"] > 30 and names["花"] > 100 and names["杠"] > 5
    assert names["花砸"] > 0 and "明打" not in names


def test_mingda_and_the_other_options() -> None:
    rs = Jinan(ready_mode=ReadyMode.MINGDA, discard_all_pay=True, seven_pairs=True, multiple_ron=False)
    seen: Counter[str] = Counter()
    for seed in range(1, 200, 2):
        t = play(rs, seed, check_every_step=seed % 5 == 1)
        assert sum(t.deltas()) == 0 and len(t.winners) <= 1
        for s in t.winners:
            seen.update(t.scores[s].names())
    assert seen["明打"] > 0 and seen["明摸"] > 0


def test_records_replay() -> None:
    rs = Jinan()
    for seed in range(20):
        t = play(rs, seed, check_every_step=False)
        check_replay(t)


def test_a_match() -> None:
    m = Match(Jinan(), [GreedyBot() for _ in range(4)], seed=5, hands=12)
    results = m.play()
    assert len(results) == 12 and sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        stays = not before.winners or before.dealer in before.winners
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)


def test_paper_and_engine_give_the_same_sheet() -> None:
    """Every win of 150 bot hands, scored again from notation through
    ``score_hand``, gives the engine's sheet and context."""
    rs = Jinan()
    wins = 0
    for seed in range(150):
        t = play(rs, seed, check_every_step=False)
        wins += check_paper_path(t)
    assert wins > 100
