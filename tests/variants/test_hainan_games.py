"""海南麻将 games through the engine: 1,000 seeded bot hands with the
engine's invariants (fully on a fraction, at the end of every hand), one
winner at most (截胡), every discard win with a 番, every payment
re-computed from the record (包牌 counted here on its own), 黄庄 with 15
tiles left, records that replay, and a match with the dealer rules."""

from __future__ import annotations

from collections import Counter


from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.tiles import Meld
from mahjong_core.variants.hainan import Hainan
from reference.engine_invariants import check_invariants, check_replay, paper_score, play_checked


def claimed(t: Table, taker: int, giver: int) -> tuple[int, int]:
    """(chows, pungs and kongs) ``taker`` claimed from ``giver``."""
    chows = pungs = 0
    for m, src in zip(t.melds[taker], t.meld_sources[taker]):
        if src == giver:
            if m.kind.value == "chi":
                chows += 1
            elif m.kind.value != "ankan":
                pungs += 1
    return chows, pungs


def expected_deltas(t: Table) -> list[int]:
    out = [0] * 4

    def pay(payer: int, payee: int, amount: int) -> None:
        out[payer] -= amount
        out[payee] += amount

    for e in t.events:
        if e["type"] == "kong" or (e["type"] == "call" and e["action"] == "kong"):
            each = 2 if e["type"] == "kong" and Meld.parse(e["meld"]).kind.value == "ankan" else 1
            for s in range(4):
                if s != e["seat"]:
                    pay(s, e["seat"], each)
    for seat in t.winners:
        ctx, sheet = t.contexts[seat], t.scores[seat]
        if ctx.self_drawn:
            for s in range(4):
                if s != seat:
                    pay(s, seat, 1)
            continue
        d = ctx.discarder
        assert d is not None
        bao = max(*claimed(t, seat, d), *claimed(t, d, seat)) >= 3
        no_fan_rob = ctx.robbed_kong and sheet.names() == ["抢杠"]
        pay(d, seat, 3 if bao or no_fan_rob else 1)
    return out


def play(rs: Hainan, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4, round_wind=seed // 250)
    return play_checked(t, seed, {seed % 4} if seed % 5 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    rs = Hainan()
    names: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 8 == 0)
        assert t.deltas() == expected_deltas(t), seed
        assert len(t.winners) <= 1  # 截胡
        if not t.winners:
            ends["drawn"] += 1
            assert len(t.remaining_wall()) == 15
        for s in t.winners:
            ctx, sheet = t.contexts[s], t.scores[s]
            if seed < 300:
                assert paper_score(t, s).sheet == sheet, (seed, s)  # the paper path agrees
            items = sheet.names()
            assert sheet.total == len(items)
            if not ctx.self_drawn:
                assert items and "自摸" not in items  # 有番才能胡
                ends["bao" if ctx.extra.get("bao") else "discard"] += 1
            else:
                assert "自摸" in items
                ends["self"] += 1
            names.update(items)
        assert 0 <= rs.next_dealer(t) < 4
    assert ends["discard"] > 300 and ends["self"] > 150 and ends["drawn"] < 100
    assert names["只吃不碰"] > 50 and names["花"] > 50 and names["门清"] > 50


def test_records_replay() -> None:
    rs = Hainan(stake=2)
    for seed in range(25):
        t = play(rs, seed, check_every_step=False)
        check_replay(t)


def test_a_match_follows_the_dealer_rules() -> None:
    m = Match(Hainan(), [GreedyBot() for _ in range(4)], seed=2, hands=24)
    results = m.play()
    assert len(results) == 24 and sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        stays = not before.winners or before.dealer in before.winners
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)
