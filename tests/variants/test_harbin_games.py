"""哈尔滨麻将 games through the engine: 1,000+ seeded bot hands with the
engine's invariants, every win re-checked against §10.6 by an independent
check, every payment against the HR-1 multipliers, the 宝 hidden from the
seats that have not declared, 换宝 whenever three are visible, records that
replay, and a match where the winner deals."""

from __future__ import annotations

import itertools
from collections import Counter

from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Phase, Table
from mahjong_core.match import Match
from mahjong_core.rules import WinContext
from mahjong_core.variants.harbin import Harbin

from reference.engine_invariants import check_invariants, check_paper_path, check_replay, play_checked

ENDS = {0, 8, 9, 17, 18, 26, 33}


def brute_force_sets(tiles: list[int]) -> list[list[tuple[str, int]]]:
    """Every split of ``tiles`` (sorted kinds) into sets (pung / chow)."""
    if not tiles:
        return [[]]
    out = []
    k = tiles[0]
    if tiles.count(k) >= 3:
        rest = list(tiles)
        for _ in range(3):
            rest.remove(k)
        out += [[("pung", k)] + s for s in brute_force_sets(rest)]
    if k < 27 and k % 9 <= 6 and k + 1 in tiles and k + 2 in tiles:
        rest = list(tiles)
        for x in (k, k + 1, k + 2):
            rest.remove(x)
        out += [[("chow", k)] + s for s in brute_force_sets(rest)]
    return out


def legal_by_the_seed(ctx: WinContext) -> bool:
    """§10.6 written again, by brute force over the completed hand: the
    ready hand (before the winning tile) is opened, holds two suits and a
    1/9/中; the completed hand is four sets and a pair with a pung (the
    winning tile may make it: 对倒) and a chow the winning tile is not in."""
    if not ctx.declared_ready or all(m.is_concealed for m in ctx.melds) or len(ctx.melds) > 3:
        return False
    concealed = list(ctx.concealed)
    before = list(concealed)
    if not ctx.wild_win_tile:
        before.remove(ctx.win_tile)
    meld_tiles = [k for m in ctx.melds for k in m.tiles]
    if len({k // 9 for k in before + meld_tiles if k < 27}) < 2 or not ENDS & set(before + meld_tiles):
        return False
    meld_sets = [("chow" if m.kind.name == "CHI" else "pung", m.tiles[0]) for m in ctx.melds]
    fills: list[int | None] = [*range(27), 33] if ctx.wild_win_tile else [None]
    for fill in fills:
        hand = sorted(concealed + ([fill] if fill is not None else []))
        win = fill if fill is not None else ctx.win_tile
        for pair in set(hand):
            if hand.count(pair) < 2:
                continue
            rest = list(hand)
            rest.remove(pair)
            rest.remove(pair)
            for sets in brute_force_sets(rest):
                if not any(kind == "pung" for kind, _ in sets + meld_sets):
                    continue
                units = [("pair", pair), *sets]
                for i, (kind, k) in enumerate(units):
                    holds = k == win if kind in ("pair", "pung") else k <= win <= k + 2
                    if not holds:
                        continue
                    others = [u for j, u in enumerate(units) if j != i] + meld_sets
                    if any(kind2 == "chow" for kind2, _ in others):
                        return True
    return False


def expected_deltas(rs: Harbin, t: Table) -> list[int]:
    """HR-1: base × (自摸/摸宝 2) × (卡当 2) or 宝中宝 4 × (庄家 2 when the dealer wins or pays)."""
    out = [0] * 4
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        names = sheet.names()
        mult = 1
        mult *= 4 if "宝中宝" in names else 1
        mult *= 2 if ("自摸" in names or "摸宝" in names) else 1
        mult *= 2 if "卡当" in names else 1
        assert ("自摸" in names or "摸宝" in names or "宝中宝" in names) == ctx.self_drawn
        assert ("摸宝" in names or "宝中宝" in names) == ctx.wild_win_tile
        payers = [p for p in range(4) if p != s] if ctx.self_drawn else [ctx.discarder]
        for p in payers:
            assert p is not None
            amount = mult * (2 if t.dealer in (p, s) else 1)
            out[p] -= amount
            out[s] += amount
    return out


def test_a_thousand_bot_hands() -> None:
    rs = Harbin()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    changes = declared = 0
    for seed in range(1000):
        t = Table(rs, seed=seed, dealer=seed % 4)
        play_checked(t, seed, {seed % 4} if seed % 3 == 0 else set(), check_every_step=seed % 10 == 0)
        assert t.deltas() == expected_deltas(rs, t)
        for s in t.winners:
            ctx = t.contexts[s]
            assert legal_by_the_seed(ctx), (seed, s, ctx)
            assert not (ctx.wild_win_tile and not ctx.self_drawn)
            names.update(t.scores[s].names())
        assert len(t.winners) <= 1  # no 一炮多响
        if seed % 20 == 0:
            check_paper_path(t)
            check_replay(t)
        ends[len(t.winners)] += 1
        changes += t.indicator_changes
        declared += sum(t.declared)
        assert all(len(m) <= 3 for m in t.melds)  # a ready hand keeps four tiles
    assert ends[1] > 800 and names["摸宝"] + names["宝中宝"] > 50 and names["卡当"] > 100
    assert changes > 50 and declared > 1000


def test_the_bao_stays_hidden_and_changes_on_three_visible() -> None:
    rs = Harbin()
    greedy = GreedyBot()
    for seed in range(60):
        t = Table(rs, seed=seed)
        while not t.is_over:
            seat = t.to_act[0]
            t.apply(greedy.choose(t, seat, t.legal_actions(seat)))
            for s in range(4):
                obs = t.observe(s)["indicator"]
                assert obs == (t.indicator if t.declared[s] else None)
            if t.phase is Phase.TURN and t.drawn is not None and t.live_tiles > 0 and t.indicator is not None:
                assert rs.visible_copies(t, t.indicator) < 3  # changed before the draw
        check_invariants(t)


def test_paper_path_and_replay() -> None:
    rs = Harbin()
    wins = 0
    for seed in range(1000, 1150):
        t = Table(rs, seed=seed, dealer=seed % 4)
        play_checked(t, seed, set(), check_every_step=False)
        wins += check_paper_path(t)
        check_replay(t)
    assert wins > 100


def test_match_winner_deals() -> None:
    """§10.2: the dealer wins or the hand is drawn → the dealer again; else the winner deals."""
    rs = Harbin()
    m = Match(rs, [GreedyBot() for _ in range(4)], seed=5, hands=40)
    results = m.play()
    for a, b in itertools.pairwise(results):
        want = a.dealer if (not a.winners or a.dealer in a.winners) else a.winners[0]
        assert b.dealer == want
    assert sum(m.totals) == 0 and any(r.dealer != results[0].dealer for r in results)
