"""清远麻雀 games through the engine: 1,000 seeded bot hands with the
engine's invariants (fully on a fraction, at the end of every hand), every
payment re-computed from the record, every win self-drawn and of one of
the six hands, records that replay, and a match with the dealer rules."""

from __future__ import annotations

from collections import Counter


from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.tiles import Meld
from mahjong_core.variants.qingyuan import Qingyuan
from reference.engine_invariants import check_invariants, check_replay, paper_score, play_checked

POINTS = {"鸡糊": 3, "对对糊": 6, "清一色": 9, "清一色全对": 12, "壹玖全对": 15, "全字全对": 18}
ENDS = {9, 17, 18, 26, *range(27, 34)}


def expected_deltas(t: Table) -> list[int]:
    out = [0] * 4

    def pay(payer: int, payee: int, amount: int) -> None:
        out[payer] -= amount
        out[payee] += amount

    for e in t.events:
        if e["type"] == "kong":
            each = 2 if Meld.parse(e["meld"]).kind.value == "ankan" else 1
            for s in range(4):
                if s != e["seat"]:
                    pay(s, e["seat"], each)
        elif e["type"] == "call" and e["action"] == "kong":
            pay(e["discarder"], e["seat"], 3)
    for seat in t.winners:
        for s in range(4):
            if s != seat:
                pay(s, seat, t.scores[seat].points)
    return out


def play(rs: Qingyuan, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    return play_checked(t, seed, {seed % 4} if seed % 5 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    rs = Qingyuan()
    names: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 8 == 0)
        assert t.deltas() == expected_deltas(t), seed
        assert len(t.winners) <= 1
        if not t.winners:
            ends["drawn"] += 1
            assert not t.remaining_wall()  # the wall is played to the end
        for s in t.winners:
            ctx, sheet = t.contexts[s], t.scores[s]
            if seed < 300:
                assert paper_score(t, s).sheet == sheet, (seed, s)  # the paper path agrees
            assert ctx.self_drawn and not ctx.robbed_kong
            (name,) = sheet.names()
            assert POINTS[name] == sheet.total == sheet.points
            kinds = set(ctx.all_kinds)
            assert all(k >= 9 for k in kinds)  # no 万
            if name.startswith("清一色"):
                assert len({k // 9 for k in kinds}) == 1 and max(kinds) < 27
            if name == "壹玖全对":
                assert kinds <= ENDS
            if name == "全字全对":
                assert min(kinds) >= 27
            names[name] += 1
            ends["bloom" if ctx.kong_replacement else "self"] += 1
        assert 0 <= rs.next_dealer(t) < 4
    assert ends["drawn"] < 300 and ends["self"] > 600 and ends["bloom"] > 5
    assert names["鸡糊"] > 500 and len(names) >= 2


def test_records_replay() -> None:
    rs = Qingyuan(added_kong=2)
    for seed in range(25):
        t = play(rs, seed, check_every_step=False)
        check_replay(t)


def test_a_match_follows_the_dealer_rules() -> None:
    m = Match(Qingyuan(), [GreedyBot() for _ in range(4)], seed=9, hands=24)
    results = m.play()
    assert len(results) == 24 and sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        stays = not before.winners or before.dealer in before.winners
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)
