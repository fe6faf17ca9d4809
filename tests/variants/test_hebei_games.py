"""河北麻将 games through the engine: 1,000+ seeded greedy-bot hands with
the engine's invariants, every win's shape and every payment re-derived
from the tiles and the rule text (not from the module's table), the wall
reserve, records that replay, and a match with the dealer rules."""

from __future__ import annotations

from collections import Counter


from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.rules import WinContext
from mahjong_core.tiles import MeldKind
from mahjong_core.variants.hebei import Hebei
from reference.engine_invariants import check_invariants, check_paper_path, check_replay, play_checked

ORPHANS = frozenset({0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33})


def hand_fan(ctx: WinContext) -> int:
    """The 番 of a win from its tiles: 十三幺 10, 七对 or 碰碰胡 2, else 1."""
    c = Counter(ctx.concealed)
    if not ctx.melds and set(c) == ORPHANS:
        return 10
    if not ctx.melds and all(n in (2, 4) for n in c.values()):  # a quad is two pairs
        return 2
    if sorted(c.values()).count(2) == 1 and all(n in (2, 3) for n in c.values()):
        if all(m.kind is not MeldKind.CHI for m in ctx.melds):
            return 2
    return 1


def expected_deltas(t: Table) -> list[int]:
    out = [0] * 4
    if not t.winners:
        return out  # 荒庄: kong points cancelled
    for s in range(4):
        for m in t.melds[s]:
            if m.kind in (MeldKind.KAN, MeldKind.KAKAN, MeldKind.ANKAN):
                amount = 2 if m.kind is MeldKind.ANKAN else 1
                for p in range(4):
                    if p != s:
                        out[p] -= amount
                        out[s] += amount
    for s in t.winners:
        ctx = t.contexts[s]
        fan = hand_fan(ctx)
        if ctx.self_drawn:
            for p in range(4):
                if p != s:
                    out[p] -= 2 * fan
                    out[s] += 2 * fan
        else:
            assert ctx.discarder is not None
            out[ctx.discarder] -= fan
            out[s] += fan
    return out


def play(rs: Hebei, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    return play_checked(t, seed, {1} if seed % 7 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    rs = Hebei()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    for seed in range(1050):
        t = play(rs, seed, check_every_step=seed % 10 == 0)
        assert sum(t.deltas()) == 0
        assert t.deltas() == expected_deltas(t), seed
        for s in t.winners:
            names.update(t.scores[s].names())
            assert all(m.kind is not MeldKind.CHI for m in t.melds[s])
        if not t.winners:
            assert len(t.remaining_wall()) == 12 + (136 - t.tail) % 2  # HB-3
        # the dealer rules of §7.2
        nd = rs.next_dealer(t)
        assert nd == (t.dealer if not t.winners or t.dealer in t.winners else (t.dealer + 1) % 4)
        ends[len(t.winners)] += 1
    assert ends[0] < 400 and ends[2] + ends[3] > 0  # most hands are won; 一炮多响 happens
    assert names["平胡"] > 300 and names["自摸"] > 100 and names["碰碰胡"] + names["七对"] > 5


def test_bot_hands_with_the_other_options() -> None:
    for rs in (Hebei(chow=True, single_ron=True), Hebei(base=2, rob_kong=False, missed_win_ban=False)):
        for seed in range(100):
            t = play(rs, seed, check_every_step=seed % 5 == 0)
            assert sum(t.deltas()) == 0
            if rs.options.single_ron:
                assert len(t.winners) <= 1


def test_records_replay() -> None:
    rs = Hebei()
    for seed in range(20):
        t = play(rs, seed, check_every_step=False)
        check_replay(t)


def test_a_match_follows_the_dealer_rules() -> None:
    m = Match(Hebei(), [GreedyBot() for _ in range(4)], seed=5, hands=16)
    results = m.play()
    assert len(results) == 16 and sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        stays = not before.winners or before.dealer in before.winners
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)


def test_paper_and_engine_give_the_same_sheet() -> None:
    """Every win of 150 bot hands, scored again from notation through
    ``score_hand``, gives the engine's sheet and context."""
    rs = Hebei()
    wins = 0
    for seed in range(150):
        t = play(rs, seed, check_every_step=False)
        wins += check_paper_path(t)
    assert wins > 100
