"""合肥麻将 games through the engine: 1,000+ seeded greedy-bot hands with
the engine's invariants (fully on every fourth hand, at the end of the
others), every win re-checked against §5.6 (八支, concealed kongs only, the
报听 room) and every payment against HF-1/HF-2; records replay; a match
follows §5.2's dealer and 连庄数 table (HF-E6)."""

from __future__ import annotations

from collections import Counter

from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.tiles import MeldKind
from mahjong_core.variants.hefei import Hefei, suit_counts
from reference.engine_invariants import check_invariants, check_replay, play_checked


def expected_deltas(t: Table) -> list[int]:
    """HF-1: each payer pays the sheet; HF-2: 庄分 (1 or 2 × 连庄数) more
    on the dealer's payment to a non-dealer."""
    out = [0] * 4
    streak = t.streak + 1
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        payers = [p for p in range(4) if p != s] if ctx.self_drawn else [ctx.discarder]
        for p in payers:
            assert p is not None
            amount = sheet.total
            if p == t.dealer:
                amount += (2 if ctx.self_drawn else 1) * streak
            out[p] -= amount
            out[s] += amount
    return out


def play(rs: Hefei, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4, streak=seed % 3)
    return play_checked(t, seed, {2} if seed % 5 == 0 else set(), check_every_step)


def check_hand(rs: Hefei, t: Table) -> Counter[str]:
    names: Counter[str] = Counter()
    assert sum(t.deltas()) == 0
    assert t.deltas() == expected_deltas(t)
    for s in range(4):
        assert all(m.kind is MeldKind.ANKAN for m in t.melds[s])  # no chow, pung or exposed kong
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        assert max(suit_counts(ctx.all_kinds)) >= 8  # 八支
        if not ctx.self_drawn:
            assert ctx.declared_ready or rs.options.room.value == "no-declare"
            assert not ctx.extra["haolao"]
        base = sheet.items[0]
        assert base.zh == "基本分" and base.value == (12 if rs.options.room.value == "declare" else 10)
        if "海捞胡牌" in sheet.names():
            assert ctx.self_drawn and t.live_tiles < 4
        names.update(sheet.names())
    return names


def test_a_thousand_bot_hands_declare_room() -> None:
    rs = Hefei()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 4 == 0)
        names += check_hand(rs, t)
        ends[len(t.winners)] += 1
    # the bots play the game: most hands are won, by declared rons and self-draws.
    # They aim at 八支 through aim_discard_costs (keep the longest suit):
    # 553 of these 1,000 hands are won (447 drawn); without the aim 402
    # (598 drawn); all-greedy tables win 57.8% (43.3% without the aim).
    assert ends[0] < 500 and ends[1] > 450
    for item in ("支", "缺一门", "坎", "卡", "双铺子", "同"):
        assert names[item] > 20, item
    assert names["七对"] + names["杠"] + names["活"] > 0


def test_the_bots_aim_at_eight_of_a_suit() -> None:
    """aim_discard_costs: a discard from the longest suit costs one shanten
    while that suit holds 8 tiles or fewer; none once it holds more."""
    from mahjong_core.scenario import Scenario

    others = ["2345678p234s567m", "2345678s234m567p", "2233445566778p"]
    rs = Hefei()
    sc = Scenario(rs, ["2345678m234p5678s", *others])  # E: 7 万, 3 饼, 4 条
    costs = rs.aim_discard_costs(sc.table, 0)
    assert [costs[k] for k in range(27)] == [1] * 9 + [0] * 18 and not any(costs[27:])
    sc = Scenario(rs, ["234567788m234p56s", *others])  # E: 9 万: 八支 is safe, no cost
    assert not any(rs.aim_discard_costs(sc.table, 0))


def test_bot_hands_no_declare_room_and_options() -> None:
    for rs in (Hefei(room="no-declare"), Hefei(room="no-declare", dealer_rule="feeder", kong_payment=3)):
        for seed in range(150):
            t = play(rs, seed, check_every_step=seed % 5 == 0)
            if rs.options.kong_payment:
                assert sum(t.deltas()) == 0
                if not t.winners:
                    assert t.deltas() == [0, 0, 0, 0]  # 荒庄: kong points void
            else:
                check_hand(rs, t)


def test_records_replay() -> None:
    rs = Hefei()
    for seed in range(30):
        t = play(rs, seed, check_every_step=False)
        check_replay(t)


def test_a_match_follows_the_dealer_table() -> None:
    # HF-E6: the dealer wins or the hand is drawn → same dealer, 连庄数 +1;
    # a non-dealer wins → the dealer's 下家 deals, 连庄数 back to 1
    m = Match(Hefei(), [GreedyBot() for _ in range(4)], seed=3, hands=40)
    results = m.play()
    assert sum(m.totals) == 0
    kinds = Counter()
    for before, after in zip(results, results[1:]):
        if not before.winners or before.dealer in before.winners:
            assert (after.dealer, after.streak) == (before.dealer, before.streak + 1)
            kinds["stay"] += 1
        else:
            assert (after.dealer, after.streak) == ((before.dealer + 1) % 4, 0)
            kinds["pass"] += 1
    assert kinds["stay"] and kinds["pass"]


def test_a_match_with_seed_001_dealer_rule() -> None:
    m = Match(Hefei(dealer_rule="feeder"), [GreedyBot() for _ in range(4)], seed=4, hands=30, keep_tables=True)
    m.play()
    for t, nxt in zip(m.tables, m.results[1:]):
        if t.winners:
            ctx = t.contexts[t.winners[0]]
            assert nxt.dealer == (t.winners[0] if ctx.self_drawn else ctx.discarder)
        else:
            assert nxt.dealer == t.dealer
