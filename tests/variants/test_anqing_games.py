"""安庆麻将 games through the engine: 1,000+ seeded bot hands with the
engine's invariants, every win checked against the seed (the 钻 after the
indicator, 红中 as its 替身, no 杠牌 in a hand, no chow, the 钻 never
claimed), scored again on paper, every payment against the stakes,
records that replay, the wall ending at the indicator, and a match with
the dealer rule and the 荒庄 bonus."""

from __future__ import annotations

from collections import Counter

from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.variants.anqing import Anqing, DiscardPays, gang_tiles, next_zuan, stand_in
from reference.engine_invariants import check_paper_path, check_replay, play_checked


def play(rs: Anqing, seed: int, check_every_step: bool, draws: int = 0) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4, round_wind=seed // 4 % 4, carry={"draws": draws} if draws else None)
    return play_checked(t, seed, {1, 3} if seed % 3 == 0 else set(), check_every_step)


def expected_deltas(t: Table, rs: Anqing, draws: int) -> list[int]:
    o = rs.options
    out = [0] * 4
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        payers = [p for p in range(4) if p != s] if ctx.self_drawn or o.discard_pays is DiscardPays.ALL \
            else [ctx.discarder]
        for p in payers:
            assert p is not None
            stake = o.dealer_base + o.draw_bonus * draws if t.dealer in (p, s) else o.base
            out[p] -= stake * sheet.points
            out[s] += stake * sheet.points
    return out


def check_hand(rs: Anqing, t: Table) -> None:
    assert t.indicator is not None and len(t.wall) == 135
    zuan = next_zuan(t.indicator)
    assert t.wild_kinds == frozenset({zuan})
    assert t.substitutes == stand_in(zuan)
    kinds, fa = gang_tiles(zuan)
    if rs.options.da_que:
        kinds = kinds - {fa}
    for s in range(4):
        assert not any(t.hands[s][k] for k in kinds), "a 杠牌 never stays in a hand"
        assert all(f in kinds for f in t.flowers[s])
        assert all(m.kind_of != zuan or m.kind.name == "ANKAN" for m in t.melds[s]), "the 钻 is never claimed"
        assert rs.options.chow or all(len(set(m.tiles)) == 1 for m in t.melds[s]), "no chow"
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        assert not set(ctx.concealed) & kinds
        if zuan < 31:  # 红中 is held as itself and read as the 钻's kind
            assert all(u[1] != 33 for d in ctx.decompositions for u in d.units)
        counted = kinds if rs.options.count_all_gang_tiles else kinds & {fa}
        n = sum(1 for f in ctx.flowers if f in counted)
        assert sheet.total == n and sheet.points == 2**n


def test_a_thousand_bot_hands() -> None:
    rs = Anqing()
    wins: Counter[int] = Counter()
    fan: Counter[int] = Counter()
    dragon_zuan = paper = 0
    for seed in range(1000):
        draws = seed % 7 == 0
        t = play(rs, seed, check_every_step=seed % 10 == 0, draws=draws)
        check_hand(rs, t)
        assert t.deltas() == expected_deltas(t, rs, draws)
        assert len(t.winners) <= 1
        dragon_zuan += next_zuan(t.indicator or 0) >= 31
        wins[len(t.winners)] += 1
        for s in t.winners:
            fan[t.scores[s].total] += 1
        if t.winners:
            paper += check_paper_path(t)
        else:
            # the front draws stopped at the indicator: what is left lay behind it
            assert t.live_tiles == 0 and len(t.remaining_wall()) <= 2 * (sum(t.dice)) - 1
        # "有胡牌者则轮庄，由上局庄家的下家坐庄。无胡牌者由上局庄家连续做庄"
        assert rs.next_dealer(t) == ((t.dealer + 1) % 4 if t.winners else t.dealer)
        assert rs.carry(t) == ({} if t.winners else {"draws": int(draws) + 1})
    assert wins[1] > 700 and paper > 700 and wins[0] > 0 and dragon_zuan > 50
    assert fan[0] and fan[1] and fan[2]


def test_bot_hands_with_the_other_options() -> None:
    for rs in (Anqing(exhaust="all", chow=True, seven_pairs=True, count_all_gang_tiles=True),
               Anqing(da_que=True, discard_pays="all", indicator_plus_one=True, base=2, dealer_base=3)):
        for seed in range(120):
            t = play(rs, seed, check_every_step=seed % 4 == 0)
            check_hand(rs, t)
            if not rs.options.count_all_gang_tiles:
                assert t.deltas() == expected_deltas(t, rs, 0)
            if t.winners:
                check_paper_path(t)
            elif rs.options.exhaust.value == "all":
                assert not t.remaining_wall()


def test_random_hands_end_at_the_indicator() -> None:
    # "抓到亮钻牌的地方 … 即为荒庄": random seats rarely win, so the wall runs out
    rs = Anqing()
    drawn = 0
    for seed in range(150):
        t = Table(rs, seed=seed)
        behind = 2 * sum(t.dice) - 1
        # (the deal's 杠牌 replacements take the tiles behind the indicator first)
        assert t.live_tiles == min(t.tail, len(t.wall) - behind) - t.head
        play_checked(t, seed, {0, 1, 2, 3}, check_every_step=seed % 10 == 0)
        check_hand(rs, t)
        if not t.winners:
            drawn += 1
            assert t.deltas() == [0, 0, 0, 0]
            replaced = len(t.wall) - t.tail
            assert len(t.remaining_wall()) == max(0, behind - replaced)
    assert drawn > 50


def test_records_replay() -> None:
    rs = Anqing()
    for seed in range(0, 300, 10):
        check_replay(play(rs, seed, check_every_step=False))


def test_a_match_follows_the_dealer_rule_and_carries_the_draws() -> None:
    m = Match(Anqing(), [GreedyBot() for _ in range(4)], seed=5, hands=40)
    results = m.play()
    assert sum(m.totals) == 0
    assert results[0].dealer == 0  # "东风位的玩家为首局庄家"
    for before, after in zip(results, results[1:]):
        assert after.dealer == (before.dealer if not before.winners else (before.dealer + 1) % 4)
