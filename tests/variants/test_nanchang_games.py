"""南昌麻将 games through the engine: 1,000 seeded bot hands with the
engine's invariants, every win checked against the rules (no win on a
discarded 精, the 倍 of the sheet, 截胡) and scored again on paper, every
payment re-computed (the hand, then 精分 with 霸王精 and 冲关), records that
replay, a match with the dealer rule, and the other options."""

from __future__ import annotations

from collections import Counter

from mahjong_core import patterns as v
from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.variants.nanchang import Nanchang, jing_bonus, jing_for_indicator
from reference.engine_invariants import check_paper_path, check_replay, play_checked


def play(rs: Nanchang, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4, round_wind=seed // 4 % 4)
    return play_checked(t, seed, {1, 3} if seed % 3 == 0 else set(), check_every_step)


def jing_now(t: Table, rs: Nanchang) -> list[int]:
    """Each seat's 精分 from the finished table, counted independently."""
    assert t.indicator is not None
    zheng, fu = jing_for_indicator(t.indicator)
    o = rs.options
    out = []
    for s in range(4):
        tiles = [k for k in range(34) for _ in range(t.hands[s][k])]
        if o.jing_counted.value == "hand-and-discards":
            tiles += t.discards[s]
        out.append(sum(o.zheng_value for k in tiles if k == zheng)
                   + sum(o.fu_value for k in tiles if k == fu and o.fu_jing))
    return out


def expected_deltas(t: Table, rs: Nanchang) -> list[int]:
    out = [0] * 4
    o = rs.options
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        assert sheet.points == o.base * sheet.total
        if ctx.self_drawn:
            pay = {p: 2 * sheet.points for p in range(4) if p != s}
        else:
            assert ctx.discarder is not None
            pay = {ctx.discarder: 2 * sheet.points}
            if o.discard_payment.value == "all":
                pay.update({p: sheet.points for p in range(4) if p not in (s, ctx.discarder)})
        for p, amount in pay.items():
            out[p] -= amount
            out[s] += amount
    if t.winners or o.jing_on_draw:
        for p in jing_bonus(jing_now(t, rs), o):
            out[p.payer] -= p.amount
            out[p.payee] += p.amount
    return out


def check_win(rs: Nanchang, t: Table, seat: int) -> None:
    ctx, sheet = t.contexts[seat], t.scores[seat]
    names = sheet.names()
    if not ctx.self_drawn and not rs.options.win_on_discarded_jing:
        assert ctx.win_tile not in ctx.wild_kinds, "no win on a discarded 精"
    assert ("杠上开花" in names) == ctx.kong_replacement
    assert ("抢杠" in names) == ctx.robbed_kong
    assert ("天和" in names) == (ctx.first_turn and ctx.dealer)
    assert ("地和" in names) == (ctx.first_turn and not ctx.dealer)
    assert len(ctx.wild_tiles) == ctx.wilds and set(ctx.wild_tiles) <= ctx.wild_kinds
    product = 1
    for it in sheet.items:
        product *= it.value ** it.count
    assert sheet.total == product
    # 德国 on the sheet exactly when some reading uses every 精 as itself
    natural = any(v.wilds_as_other(r) == 0 for r in v.readings(ctx, rs.hand_rules))
    assert ("德国" in names) == natural, (t.seed, names)


def test_a_thousand_bot_hands() -> None:
    rs = Nanchang()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    paper = bonus = 0
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 10 == 0)
        assert t.indicator is not None and len(t.wall) == 135
        zheng, fu = jing_for_indicator(t.indicator)
        assert t.wild_kinds == {zheng, fu}
        assert t.deltas() == expected_deltas(t, rs), seed
        assert len(t.winners) <= 1  # one winner per discard
        for s in t.winners:
            check_win(rs, t, s)
            names.update(t.scores[s].names())
            assert t.contexts[s].extra["jing"] == ",".join(map(str, jing_now(t, rs)))
            bonus += any(jing_now(t, rs))
        if t.winners and seed % 2 == 0:
            paper += check_paper_path(t)
        ends[len(t.winners)] += 1
        nxt = rs.next_dealer(t)
        assert nxt == (t.dealer if not t.winners or t.winners == [t.dealer] else (t.dealer + 1) % 4)
    assert ends[1] > 800 and paper > 400 and bonus > 700
    for item in ("平胡", "七对", "十三烂", "七星十三烂", "德国", "地和"):
        assert names[item] > 0, item


def test_bot_hands_with_the_other_options() -> None:
    for rs in (Nanchang(discard_payment="discarder", jing_counted="hand", jing_on_draw=True, base=2,
                        multiple_winners=True),
               Nanchang(fu_jing=False, win_on_discarded_jing=True, chongguan_min=3, bawang_factor=3)):
        for seed in range(60):
            t = play(rs, seed, check_every_step=seed % 6 == 0)
            assert len(t.wild_kinds) == (2 if rs.options.fu_jing else 1)
            if not rs.options.win_on_discarded_jing:
                assert t.deltas() == expected_deltas(t, rs)
            for s in t.winners:
                check_win(rs, t, s)
                check_paper_path(t)


def test_random_bots() -> None:
    rs = Nanchang()
    for seed in range(100):
        t = Table(rs, seed=seed)
        play_checked(t, seed, {0, 1, 2, 3}, check_every_step=False)
        assert t.deltas() == expected_deltas(t, rs)


def test_records_replay() -> None:
    rs = Nanchang()
    for seed in range(0, 300, 10):
        check_replay(play(rs, seed, check_every_step=False))


def test_a_match_follows_the_dealer_rule() -> None:
    m = Match(Nanchang(), [GreedyBot() for _ in range(4)], seed=3, hands=24)
    results = m.play()
    assert sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        stays = not before.winners or before.dealer in before.winners
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)
