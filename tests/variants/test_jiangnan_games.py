"""江南心皇麻将 games through the engine: 1,000+ seeded greedy-bot hands
with the engine's invariants; every win re-checked from its tiles (the 13
real tiles and the committed 心皇 make four sets and a pair; no win on a
kind the winner discarded; no chow of such a kind on the record), every
payment re-derived, records that replay, the paper path, and a match."""

from __future__ import annotations

import functools
from collections import Counter

from mahjong_core.bots import GreedyBot, play_hand
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.tiles import MeldKind, parse_tile
from mahjong_core.variants.jiangnan import Jiangnan
from reference.engine_invariants import check_paper_path, check_replay, play_checked


@functools.lru_cache(maxsize=None)
def complete(counts: tuple[int, ...], pair: bool = True) -> bool:
    """Sets (and one pair when ``pair``) use every tile of ``counts``."""
    i = next((k for k in range(34) if counts[k]), -1)
    if i < 0:
        return not pair
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        if complete(tuple(c), pair):
            return True
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1
        if complete(tuple(c), pair):
            return True
        c[i] += 1; c[i + 1] += 1; c[i + 2] += 1
    if pair and c[i] >= 2:
        c[i] -= 2
        if complete(tuple(c), False):
            return True
    return False


def expected_deltas(t: Table) -> list[int]:
    out = [0] * 4
    for s in t.winners:
        ctx = t.contexts[s]
        payers = [p for p in range(4) if p != s] if ctx.self_drawn else [ctx.discarder]
        for p in payers:
            assert p is not None
            out[p] -= t.scores[s].points
            out[s] += t.scores[s].points
    return out


def check_win(t: Table, s: int, committed: bool, seven_pairs: bool = False) -> None:
    ctx = t.contexts[s]
    assert ctx.wilds == 1 and len(ctx.concealed) + 3 * len(ctx.melds) == 13  # 13 real tiles + 心皇
    options = [t.imagined[s]] if committed else range(34)
    ok = False
    for k in options:
        counts = [0] * 34
        for x in ctx.concealed:
            counts[x] += 1
        counts[k] += 1
        if complete(tuple(counts)) or (seven_pairs and not ctx.melds and sorted(counts)[-7:] == [2] * 7):
            ok = True
            break
    assert ok, (t.seed, s)
    if not ctx.self_drawn:  # 曾放过的牌…更不能和
        own = {e["tile"] for e in t.events if e["type"] == "action" and e.get("seat") == s
               and e.get("action") == "discard"}
        assert ctx.win_tile not in {parse_tile(x) for x in own}


def check_no_chow_of_own_discards(t: Table) -> None:
    """曾放过的牌既不能上: no chow of a kind the claimer had discarded before."""
    discarded: list[set[int]] = [set() for _ in range(4)]
    for e in t.events:
        if e["type"] == "action" and e.get("action") == "discard":
            discarded[e["seat"]].add(parse_tile(e["tile"]))
        if e["type"] == "call" and e.get("action") == "chow":
            assert parse_tile(e["claimed"]) not in discarded[e["seat"]], (t.seed, e)


def play(rs: Jiangnan, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    return play_checked(t, seed, {1, 3} if seed % 4 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    rs = Jiangnan()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    chows = 0
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 20 == 0)
        assert all(0 <= k < 34 for k in t.imagined) and t.events[2]["action"] == "imagine"
        assert [e for e in t.events if e["type"] == "imagined"]
        assert t.deltas() == expected_deltas(t), seed
        check_no_chow_of_own_discards(t)
        chows += sum(1 for m in sum(t.melds, []) if m.kind is MeldKind.CHI)
        for s in t.winners:
            check_win(t, s, committed=True)
            names.update(t.scores[s].names())
        ends[len(t.winners)] += 1
    assert ends[2] == 0 and ends[1] > 700
    assert chows > 300 and names["自摸"] > 100 and names["门清"] > 100


def test_at_win_and_the_other_options() -> None:
    for rs in (Jiangnan(commit="at_win", seven_pairs=True, multiple_ron=True),
               Jiangnan(furiten_pung=True, furiten_self_draw=True, base=2)):
        for seed in range(100):
            t = play(rs, seed, check_every_step=seed % 10 == 0)
            assert t.deltas() == expected_deltas(t)
            check_no_chow_of_own_discards(t)
            for s in t.winners:
                check_win(t, s, rs.options.commit.value == "deal", rs.options.seven_pairs)


def test_records_replay_and_paper_path() -> None:
    wins = 0
    for rs in (Jiangnan(), Jiangnan(commit="at_win")):
        for seed in range(80):
            t = play(rs, seed, check_every_step=False)
            wins += check_paper_path(t)
            if seed < 10:
                check_replay(t)
    assert wins > 100


def test_a_match() -> None:
    m = Match(Jiangnan(), [GreedyBot() for _ in range(4)], seed=5, hands=12)
    results = m.play()
    assert len(results) == 12 and sum(m.totals) == 0


def test_seats_choose_the_xinhuang_and_greedy_bots_choose_as_the_engine_did() -> None:
    """Each seat's 心皇 is an IMAGINE action on the record; GreedyBot chooses
    what ``imagined_kind`` commits, so greedy games give the results of
    ``choose=False`` (the engine's commit), hand for hand."""
    chosen, auto = Jiangnan(), Jiangnan(choose=False)
    for seed in range(100):
        a = play_hand(chosen, [GreedyBot() for _ in range(4)], seed=seed, dealer=seed % 4)
        b = play_hand(auto, [GreedyBot() for _ in range(4)], seed=seed, dealer=seed % 4)
        picks = [e for e in a.events if e.get("action") == "imagine"]
        assert sorted(e["seat"] for e in picks) == [0, 1, 2, 3] and not any(e.get("action") == "imagine" for e in b.events)
        assert a.imagined == b.imagined and a.deltas() == b.deltas() and a.winners == b.winners, seed


def test_the_committed_xinhuang_is_the_lowest_kind_of_the_fewest_tiles_short() -> None:
    """``imagined_kind`` (the search stops at the first kind that reaches
    the bound of a wild tile standing for any kind) against the obvious
    search, one shanten call per kind, on every seat of 300 seeded deals
    (12 real tiles each) and on a hand holding three kinds four times."""
    from mahjong_core._native import shanten_buf

    rs = Jiangnan(choose=False)

    def obvious(hand: bytearray) -> int:
        best, best_k = 99, 0
        for k in range(34):
            if hand[k] < 4:
                hand[k] += 1
                sh = shanten_buf(hand, 0, rs._play_rules)
                hand[k] -= 1
                if sh < best:
                    best, best_k = sh, k
        return best_k

    seen = Counter()
    for seed in range(300):
        table = Table(rs, seed=seed, dealer=seed % 4)
        for s in range(4):
            hand = bytearray(table.hands[s])
            got = rs.imagined_kind(table, s)
            assert got == obvious(hand) == table.imagined[s], (seed, s)
            seen[got] += 1
    assert len(seen) > 10  # (many kinds committed)
    table = Table(rs, seed=0)
    table.hands[0][:] = bytes([4, 4, 4] + [0] * 31)  # (1111m2222m3333m: 1m-3m cannot be drawn)
    assert rs.imagined_kind(table, 0) == obvious(bytearray(table.hands[0]))
