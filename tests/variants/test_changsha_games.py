"""长沙麻将 games through the engine: 1,000+ seeded bot hands with the
engine's invariants checked after every action, every win re-checked
against the rules of §2.7 and every payment against §2.10, records that
replay, and a match with the dealer rules."""

from __future__ import annotations

from collections import Counter

from mahjong_core import patterns as v
from mahjong_core.bots import GreedyBot, RandomBot
from mahjong_core.engine import Phase, Table
from mahjong_core.match import Match
from mahjong_core.rules import WinContext
from mahjong_core.variants.changsha import RANKS_258, Changsha, bird_seat
from reference.engine_invariants import check_invariants, check_paper_path, check_replay, play_checked

BIG = 30, 60  # non-dealer base of 大胡 self-draw / ron


def expected_deltas(rs: Changsha, t: Table) -> list[int]:
    """§2.10 with the CS-1 PROPOSAL, one bird, from the contexts and sheets."""
    out = [0] * 4
    wins = [(c, t.scores[c.seat]) for c in (t.contexts[s] for s in t.winners)]
    wins += list(t.opening_wins)
    for ctx, sheet in wins:
        big = sheet.unit == "大胡"
        n = sheet.total
        payers = [s for s in range(4) if s != ctx.seat] if ctx.self_drawn else [ctx.discarder]
        birds = [bird_seat(b, t.dealer) for b in ctx.extra["birds"]]
        for p in payers:
            assert p is not None
            base = (BIG[0] if ctx.self_drawn else BIG[1]) if big else 10
            amount = n * base + (10 if t.dealer in (p, ctx.seat) else 0)
            amount *= 1 + birds.count(p) + birds.count(ctx.seat)
            out[p] -= amount
            out[ctx.seat] += amount
    return out


def check_win(rs: Changsha, ctx: WinContext, names: list[str]) -> None:
    if ctx.instant is not None and names != ["天胡"] and "天胡" not in names:
        return  # opening small wins: checked by their own tests
    if "将将胡" in names and not ctx.decompositions:
        assert all(k in RANKS_258 for k in ctx.all_kinds)
        return
    rs_ = v.readings(ctx, rs.hand_rules)
    if names == ["小胡"]:
        assert any(v.pair_258(r) for r in rs_), "小胡 needs a 2-5-8 pair"
    else:
        assert names and all(n in {f for f in (
            "天胡", "地胡", "碰碰胡", "将将胡", "清一色", "海底捞月", "海底炮", "七小对", "杠上开花", "抢杠胡", "杠上炮")}
            for n in names)
    if "杠上开花" in names:
        assert ctx.kong_replacement and ctx.extra["dice_kong"]
    if "杠上炮" in names:
        assert ctx.kong_discard and ctx.extra["dice_kong"]


def play(rs: Changsha, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    return play_checked(t, seed, {1, 3} if seed % 3 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    rs = Changsha()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    for seed in range(1100):
        t = play(rs, seed, check_every_step=seed % 4 == 0)
        assert sum(t.deltas()) == 0
        assert t.deltas() == expected_deltas(rs, t)
        for s in t.winners:
            items = t.scores[s].names()
            check_win(rs, t.contexts[s], items)
            names.update(items)
        ends[len(t.winners)] += 1
        assert 0 <= rs.next_dealer(t) < 4
    # the bots play the game: most hands are won, with small and big hands
    assert ends[0] < 100 and names["小胡"] > 500
    assert names["七小对"] > 10 and names["杠上开花"] + names["杠上炮"] > 0
    assert sum(names[n] for n in ("四喜", "板板胡", "缺一色", "六六顺")) > 50


def test_bot_hands_with_the_other_options() -> None:
    for rs in (Changsha(opening_wins_continue=True), Changsha(birds=2), Changsha(scoring="tiers", hand_sum="table")):
        for seed in range(120):
            t = play(rs, seed, check_every_step=seed % 3 == 0)
            assert sum(t.deltas()) == 0
            if rs.options.birds == 2:
                for s in t.winners:
                    assert len(t.contexts[s].extra["birds"]) <= 2


def test_greedy_bots_keep_a_258_pair() -> None:
    rs = Changsha()
    illegal_waits = 0
    for seed in range(60):
        t = Table(rs, seed=seed)
        g = GreedyBot()
        while not t.is_over:
            seat = t.to_act[0]
            t.apply(g.choose(t, seat, t.legal_actions(seat)))
        # at the end, a ready greedy seat waits on a 2-5-8-pair hand, not only on wins it may not take
        for s in range(4):
            if s in t.winners or sum(t.hands[s]) % 3 != 1:
                continue
            ws = t.waits(s)
            if ws and not any(t.win_context(s, k) is not None for k in ws):
                illegal_waits += 1
    assert illegal_waits < 10


def test_records_replay() -> None:
    rs = Changsha()
    for seed in range(40):
        t = play(rs, seed, check_every_step=False)
        check_replay(t)


def test_a_match_follows_the_dealer_rules() -> None:
    m = Match(Changsha(), [GreedyBot() for _ in range(4)], seed=5, hands=24)
    results = m.play()
    assert len(results) == 24 and sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        if len(before.winners) == 1:
            assert after.dealer == before.winners[0]  # rule B


def test_opening_phase_is_asked_before_the_first_discard() -> None:
    rs = Changsha()
    seen = 0
    for seed in range(300):
        t = Table(rs, seed=seed)
        if t.phase is Phase.OPENING:
            seen += 1
            for s in t.to_act:
                assert rs.instant_win(t, s) is not None
    assert seen > 20


def test_a_thousand_bot_hands_with_the_two_tile_dice_kong() -> None:
    """CS-4 option ``dice_kong_tiles=2``: both tiles of the dice's stack
    are turned up; the konger wins on one or discards both, and the other
    seats only win on them (no call)."""
    rs = Changsha(dice_kong_tiles=2)
    seen: Counter[str] = Counter()
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 5 == 0)
        assert t.deltas() == expected_deltas(rs, t)
        for s in t.winners:
            check_win(rs, t.contexts[s], t.scores[s].names())
        ev = t.events
        rolled = False
        for i, e in enumerate(ev):
            if e["type"] != "draw" or "turned" not in e:
                continue
            rolled = True
            seat = e["seat"]
            nxt = ev[i + 1]
            if isinstance(e["turned"], list):  # the roll: the better tile drawn, the other face up
                seen["rolled"] += 1
                assert len(e["turned"]) == 2 and e["tile"] == e["turned"][0]
                if nxt["type"] == "action" and nxt["action"] == "win":
                    seen["bloom"] += 1
                    assert "杠上开花" in t.scores[seat].names()
                    continue
            else:
                seen["second"] += 1
            # no win: the drawn tile is discarded, and nobody calls it
            assert nxt["type"] == "action" and nxt["seat"] == seat and nxt["action"] in ("discard", "win")
            if nxt["action"] == "discard":
                assert nxt["tile"] == e["tile"]
                later = [x for x in ev[i + 2 :] if x["type"] in ("call", "draw", "win")][:1]
                assert not later or later[0]["type"] != "call"
                if later and later[0]["type"] == "win":
                    seen["pao"] += 1
                    assert "杠上炮" in t.scores[later[0]["seat"]].names()
        if rolled:
            check_replay(t)
            check_paper_path(t)
    # the bots roll and every branch is reached
    assert seen["rolled"] > 30 and seen["second"] > 20 and seen["bloom"] > 0 and seen["pao"] > 0, seen
