"""广东推倒胡 / 广东大胡 games through the engine: 1,000+ seeded bot hands
of each, the engine's invariants (fully on a fraction of the hands, at the
end of every hand), every payment re-computed from the record and the
contexts (码 counted here on their own), the 码 always the last tiles of
the wall, records that replay, and a match with the dealer rules."""

from __future__ import annotations

from collections import Counter


import pytest

from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.tiles import Meld
from mahjong_core.variants.guangdong_tuidao import BEYOND_HUNPENG, DAHU_HANDS, GuangdongDahu, GuangdongTuidao
from reference.engine_invariants import check_invariants, check_replay, paper_score, play_checked

HIT = {0, 4, 8, 9, 13, 17, 18, 22, 26, 27, 33}
"""The 码 that land on the winner: 1, 5, 9 of each suit, 东 and 中."""
VALUES = {f.zh: f.value for f in (*DAHU_HANDS, *BEYOND_HUNPENG)} | {"鸡胡": 1}


def expected_deltas(rs: GuangdongTuidao, t: Table) -> list[int]:
    """The seed's money rule, from the record's kongs and the win contexts."""
    out = [0] * 4

    def pay(payer: int, payee: int, amount: int) -> None:
        out[payer] -= amount
        out[payee] += amount

    for e in t.events:
        if e["type"] == "kong":
            kind = Meld.parse(e["meld"]).kind.value
            for s in range(4):
                if s != e["seat"]:
                    pay(s, e["seat"], 20 if kind == "ankan" else 10)
        elif e["type"] == "call" and e["action"] == "kong":
            pay(e["discarder"], e["seat"], 30)
    for seat in t.winners:
        ctx, sheet = t.contexts[seat], t.scores[seat]
        hits = sum(1 for k in ctx.extra["horses"] if k in HIT)
        each = 20 * sheet.total * (1 + hits)
        if ctx.robbed_kong:
            assert ctx.discarder is not None
            pay(ctx.discarder, seat, 3 * each)
        elif ctx.self_drawn and ctx.kong_replacement and ctx.kong_fed_by is not None:
            pay(ctx.kong_fed_by, seat, 3 * each)
        elif ctx.self_drawn:
            for s in range(4):
                if s != seat:
                    pay(s, seat, each)
        else:
            assert ctx.discarder is not None
            pay(ctx.discarder, seat, each)
    return out


def play(rs: GuangdongTuidao, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    return play_checked(t, seed, {seed % 4} if seed % 5 == 0 else set(), check_every_step)


@pytest.mark.parametrize("rs", [GuangdongTuidao(), GuangdongDahu()], ids=["tuidaohu", "dahu"])
def test_a_thousand_bot_hands(rs: GuangdongTuidao) -> None:
    dahu = isinstance(rs, GuangdongDahu)
    names: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 8 == 0)
        assert t.deltas() == expected_deltas(rs, t), seed
        wall_end = [t.wall[t.tail - 1 - i] for i in range(4)]
        assert len(t.remaining_wall()) >= 4  # the 码 are never drawn
        if not t.winners:
            ends["drawn"] += 1
            assert len(t.remaining_wall()) == 4
        for s in t.winners:
            ctx, sheet = t.contexts[s], t.scores[s]
            if seed < 300:
                assert paper_score(t, s).sheet == sheet, (seed, s)  # the paper path agrees
            assert ctx.extra["horses"] == wall_end
            items = sheet.names()
            names.update(items)
            if dahu:
                assert items and all(n in VALUES for n in items)
                assert sheet.total == sum(VALUES[n] for n in items)
                assert ctx.self_drawn or ctx.robbed_kong or sheet.total >= 4
            else:
                assert items == ["鸡胡"] and (ctx.self_drawn or ctx.robbed_kong)
            ends["robbed" if ctx.robbed_kong else "self" if ctx.self_drawn else "discard"] += 1
            if ctx.kong_replacement:
                ends["bloom"] += 1
        assert 0 <= rs.next_dealer(t) < 4
    # the bots play the game: most hands are won, by self-draw, some on a kong's replacement
    assert ends["self"] > 700 and ends["drawn"] < 250 and ends["bloom"] > 5
    if dahu:
        assert names["七小对"] + names["对对碰"] + names["混一色"] + names["杠上开花"] > 20


def test_records_replay() -> None:
    for rs in (GuangdongTuidao(), GuangdongDahu(horses=3, combine="max")):
        for seed in range(20):
            t = play(rs, seed, check_every_step=False)
            check_replay(t)


def test_a_match_follows_the_dealer_rules() -> None:
    m = Match(GuangdongDahu(), [GreedyBot() for _ in range(4)], seed=3, hands=24)
    results = m.play()
    assert len(results) == 24 and sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        stays = not before.winners or before.dealer in before.winners
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)
