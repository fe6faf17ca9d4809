"""武汉 红中赖子杠 games through the engine: 1,000+ seeded bot hands with the
engine's invariants, every win checked against the seed (开口, no 红中 in
the hand, at most one 赖子 in a 屁胡, the 赖子 never claimed), scored again
on paper, every payment against the doubling rule, records that replay,
and a match with the dealer rule."""

from __future__ import annotations

from collections import Counter

from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.variants.wuhan import DealerRule, DiscardPays, Doubling, Wuhan, next_laizi
from reference.engine_invariants import check_paper_path, check_replay, play_checked

RED = 33


def play(rs: Wuhan, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4, round_wind=seed // 4 % 4)
    return play_checked(t, seed, {1, 3} if seed % 3 == 0 else set(), check_every_step)


def expected_deltas(t: Table, rs: Wuhan) -> list[int]:
    o = rs.options
    laid = [len(f) for f in t.flowers]
    out = [0] * 4
    for w in t.winners:
        ctx, sheet = t.contexts[w], t.scores[w]

        def share(p: int) -> int:
            times = laid[p] + (laid[w] if o.doubling is Doubling.BOTH else 0) + (ctx.self_drawn and o.self_draw_double)
            amount = sheet.points * 2**times
            return min(amount, o.cap) if o.cap else amount

        others = [p for p in range(4) if p != w]
        if ctx.self_drawn:
            pays = {p: share(p) for p in others}
        elif ctx.robbed_kong:
            assert ctx.discarder is not None
            pays = {ctx.discarder: sum(share(p) for p in others)}
        elif o.discard_pays is DiscardPays.ALL:
            pays = {p: share(p) for p in others}
        else:
            assert ctx.discarder is not None
            pays = {ctx.discarder: share(ctx.discarder)}
        for p, amount in pays.items():
            out[p] -= amount
            out[w] += amount
    return out


def check_hand(rs: Wuhan, t: Table) -> None:
    assert t.indicator is not None and len(t.wall) == 135
    laizi = next_laizi(t.indicator)
    assert t.wild_kinds == frozenset({laizi}) and laizi != RED
    for s in range(4):
        assert all(f in (RED, laizi) for f in t.flowers[s])  # only 红中 and 赖子 are laid out
        assert all(laizi not in m.tiles for m in t.melds[s] if not m.is_concealed), "a 赖子 is never claimed"
        if rs.options.red_at_once:
            assert not t.hands[s][RED]
    for w in t.winners:
        ctx, sheet = t.contexts[w], t.scores[w]
        names = sheet.names()
        assert RED not in ctx.concealed, "红中留在手上不能胡"
        assert any(not m.is_concealed or rs.options.concealed_kong_opens for m in ctx.melds), "不开口不能胡"
        if names == ["屁胡"]:
            assert ctx.wilds <= rs.options.pihu_max_laizi, "两个癞子胡屁胡不能胡"
            assert sheet.points == rs.options.pihu
        else:
            assert sheet.points == rs.options.big_hand * len(names)
        assert ("杠开" in names) == (ctx.kong_replacement or (ctx.self_drawn and bool(ctx.extra["red_replacement"])))
        assert ("抢杠" in names) == ctx.robbed_kong
        assert ("海底捞" in names) == (ctx.self_drawn and bool(ctx.extra["last_four"]))
        if ctx.extra["last_four"]:
            assert ctx.self_drawn


def test_a_thousand_bot_hands() -> None:
    rs = Wuhan()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    paper = laid = 0
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 10 == 0)
        check_hand(rs, t)
        assert t.deltas() == expected_deltas(t, rs)
        assert len(t.winners) <= 1
        laid += sum(len(f) for f in t.flowers)
        for s in t.winners:
            names.update(t.scores[s].names())
        if t.winners:
            paper += check_paper_path(t)
        ends[len(t.winners)] += 1
        # PROPOSAL: the winner deals next; after a draw the dealer stays
        assert rs.next_dealer(t) == (t.winners[0] if t.winners else t.dealer)
    assert ends[1] > 700 and paper > 700 and laid > 1000
    for item in ("屁胡", "碰碰胡", "清一色", "杠开", "海底捞"):
        assert names[item] > 0, item


def test_bot_hands_with_the_other_options() -> None:
    gangkai = 0
    for rs in (Wuhan(red_at_once=True, doubling="both", cap=40, discard_pays="all", dealer_rule="next"),
               Wuhan(concealed_kong_opens=True, pihu_max_laizi=2, self_draw_double=False, big_hand=5, pihu=2)):
        for seed in range(120):
            t = play(rs, seed, check_every_step=seed % 4 == 0)
            check_hand(rs, t)
            assert t.deltas() == expected_deltas(t, rs)
            if t.winners:
                check_paper_path(t)
                w = t.winners[0]
                gangkai += rs.options.red_at_once and bool(t.contexts[w].extra["red_replacement"])
            if rs.options.dealer_rule is DealerRule.NEXT:
                assert rs.next_dealer(t) == (t.dealer if not t.winners or t.dealer in t.winners else (t.dealer + 1) % 4)
    assert gangkai > 0  # 杠开 on the replacement of a 红中 laid out at once


def test_random_hands_keep_the_rules() -> None:
    # random seats lay out 红中 and 赖子 and call at random: the rules hold on every win
    rs = Wuhan()
    singles = 0
    for seed in range(200):
        t = Table(rs, seed=seed)
        play_checked(t, seed, {0, 1, 2, 3} if seed % 2 else {0, 2}, check_every_step=seed % 10 == 0)
        check_hand(rs, t)
        assert t.deltas() == expected_deltas(t, rs)
        singles += sum(1 for e in t.events if e["type"] == "kong" and e.get("single"))
    assert singles > 200


def test_records_replay() -> None:
    rs = Wuhan()
    for seed in range(0, 300, 10):
        check_replay(play(rs, seed, check_every_step=False))


def test_a_match_follows_the_dealer_rule() -> None:
    m = Match(Wuhan(), [GreedyBot() for _ in range(4)], seed=7, hands=40)
    results = m.play()
    assert sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        assert after.dealer == (before.winners[0] if before.winners else before.dealer)
