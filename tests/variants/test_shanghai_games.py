"""上海麻将 games through the engine: 1,000+ seeded bot hands with the
engine's invariants (fully after every action on a quarter of the hands, at
the end of every hand for the rest), every win re-checked against §1.7 and
every payment re-derived from §1.9.5, records that replay, and a match with
the dealer rules and 荒番 carried."""

from __future__ import annotations

from collections import Counter

from mahjong_core import patterns as v
from mahjong_core.bots import GreedyBot, RandomBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.variants.shanghai import BAHUA, Shanghai, chengbao_seats, kaibao
from reference.engine_invariants import check_invariants, check_replay, play_checked

SH = Shanghai()
TYPES = {"风碰", "风一色", "清碰", "清一色", "混碰", "碰碰胡", "混一色", BAHUA}


def expected_deltas(t: Table) -> list[int]:
    """§1.9.5 with the G5 PROPOSAL, from each win's context and sheet."""
    out = [0] * 4
    for w in t.winners:
        ctx, share = t.contexts[w], t.scores[w].points

        def pay(p: int, amount: int) -> None:
            out[p] -= amount
            out[w] += amount

        if ctx.robbed_kong:
            assert ctx.discarder is not None
            pay(ctx.discarder, 3 * share)
        elif ctx.self_drawn:
            for p in range(4):
                if p != w:
                    pay(p, share)
        else:
            assert ctx.discarder is not None
            pay(ctx.discarder, share)
        for y in chengbao_seats(t.claim_history, w):
            pay(y, (1 if not ctx.self_drawn and not ctx.robbed_kong else 3) * share)
    return out


def check_win(t: Table, seat: int) -> None:
    ctx, sheet = t.contexts[seat], t.scores[seat]
    names = set(sheet.names())
    assert names & TYPES, names  # one of the seven types (or 八花齐)
    if ctx.instant == BAHUA and "八花齐" in names:
        assert len(ctx.flowers) == 8
        return
    kinds = set(ctx.all_kinds)
    suits = {k // 9 for k in kinds if k < 27}
    assert len(suits) <= 1 or "碰碰胡" in names
    if "碰碰胡" in names or "清碰" in names or "混碰" in names or "风碰" in names:
        assert any(v.all_pungs(r) for r in v.readings(ctx, SH.hand_rules))
    lezi = SH.options.lezi
    mult = (2 if kaibao(t.dice) else 1) * (2 if t.carry.get("huangfan", 0) else 1)
    assert 0 < sheet.points <= 4 * lezi * mult and sheet.points % mult == 0
    assert ("开宝" in names) == kaibao(t.dice)


def play(seed: int, check_every_step: bool, carry: dict[str, int] | None = None) -> Table:
    t = Table(SH, seed=seed, dealer=seed % 4, carry=carry)
    return play_checked(t, seed, {1, 3} if seed % 5 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    for seed in range(1050):
        t = play(seed, check_every_step=seed % 4 == 0, carry={"huangfan": 1} if seed % 7 == 0 else None)
        assert sum(t.deltas()) == 0
        assert t.deltas() == expected_deltas(t)
        for s in t.winners:
            check_win(t, s)
            names.update(set(t.scores[s].names()))
        ends[len(t.winners)] += 1
        assert 0 <= SH.next_dealer(t) < 4
        assert SH.carry(t).get("huangfan", 0) == (t.carry.get("huangfan", 0) + 1 if not t.winners
                                                   else max(0, t.carry.get("huangfan", 0) - 1))
    # the greedy bots play the game: most hands are won, with every kind of hand
    assert ends[0] < 250
    for name in ("清一色", "混一色", "混碰", "清碰", "开宝", "荒番", "杠开"):
        assert names[name] > 0, name


def test_random_bots_never_break_the_engine() -> None:
    for seed in range(60):
        t = Table(SH, seed=seed)
        bots = [RandomBot(seed * 4 + i) for i in range(4)]
        while not t.is_over:
            s = t.to_act[0]
            t.apply(bots[s].choose(t, s, t.legal_actions(s)))
        check_invariants(t)
        assert sum(t.deltas()) == 0


def test_records_replay() -> None:
    for seed in range(30):
        t = play(seed, check_every_step=False)
        check_replay(t)


def test_a_match_follows_the_dealer_rules() -> None:
    m = Match(SH, [GreedyBot() for _ in range(4)], seed=5, hands=30)
    results = m.play()
    assert len(results) == 30 and sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        if len(before.winners) == 1:
            assert after.dealer == before.winners[0]  # the winner deals
        elif not before.winners:
            assert after.dealer == before.dealer and after.carry["huangfan"] >= 1
        else:
            assert after.dealer == (before.winners[0] + 1) % 4


def test_wins_in_play_score_the_same_on_paper() -> None:
    """The engine's sheet of every win equals ``score_hand`` of the same
    hand written on paper, and so do the payments."""
    checked = 0
    for seed in range(200):
        t = play(seed, check_every_step=False, carry={"huangfan": 2} if seed % 3 == 0 else None)
        for w in t.winners:
            ctx = t.contexts[w]
            if ctx.instant is not None or ctx.win_tile < 0:
                continue
            hand = list(ctx.concealed)
            hand.remove(ctx.win_tile)
            r = SH.score_hand(hand, win_tile=ctx.win_tile, melds=ctx.melds, winner=w, dealer=t.dealer,
                              discarder=ctx.discarder, flowers=ctx.flowers[::-1],
                              context={"kong_replacement": ctx.kong_replacement, "robbed_kong": ctx.robbed_kong,
                                       "dice": "".join(map(str, t.dice)), "huangfan": t.carry.get("huangfan", 0),
                                       "chengbao": ",".join(map(str, ctx.extra["chengbao"]))})
            assert r.sheet == t.scores[w]
            if len(t.winners) == 1:
                assert r.settlement.deltas(4) == t.deltas()
            checked += 1
    assert checked > 150
