"""内蒙麻将 games through the engine: 1,000+ seeded greedy-bot hands with
the engine's invariants, every win re-checked against the seed's three
conditions from its tiles and melds, every payment re-derived from the rule
text, records that replay, and a match."""

from __future__ import annotations

from collections import Counter


from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.tiles import MeldKind
from mahjong_core.variants.neimeng import Neimeng
from reference.engine_invariants import check_invariants, check_paper_path, check_replay, play_checked

TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
CLAIMED = (MeldKind.CHI, MeldKind.PON, MeldKind.KAN, MeldKind.KAKAN)


def expected_deltas(t: Table) -> list[int]:
    out = [0] * 4
    for s in range(4):
        for m in t.melds[s]:
            if m.kind in (MeldKind.KAN, MeldKind.KAKAN, MeldKind.ANKAN):
                for p in range(4):
                    if p != s:
                        x = 2 if m.kind is MeldKind.ANKAN else 1
                        out[p] -= x
                        out[s] += x
    for s in t.winners:
        ctx = t.contexts[s]
        payers = [p for p in range(4) if p != s] if ctx.self_drawn else [ctx.discarder]
        for p in payers:
            assert p is not None
            x = 2 ** (t.scores[s].total + (1 if t.dealer in (p, s) else 0))
            out[p] -= x
            out[s] += x
    return out


def play(rs: Neimeng, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    return play_checked(t, seed, {3} if seed % 7 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    rs = Neimeng()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    for seed in range(1010):
        t = play(rs, seed, check_every_step=seed % 10 == 0)
        assert sum(t.deltas()) == 0
        assert t.deltas() == expected_deltas(t), seed
        for s in t.winners:
            ctx = t.contexts[s]
            kinds = Counter(ctx.all_kinds)
            assert max(kinds.values()) >= 3  # 有碰或杠 (or a concealed pung)
            assert any(m.kind in CLAIMED for m in ctx.melds)  # 开门
            dragon_pung = any(kinds[k] >= 3 for k in (31, 32, 33))
            assert set(kinds) & TERMINALS or dragon_pung  # 幺九或箭刻
            names.update(t.scores[s].names())
        nd = rs.next_dealer(t)
        assert nd == (t.dealer if not t.winners or t.dealer in t.winners else (t.dealer + 1) % 4)
        ends[len(t.winners)] += 1
    assert ends[0] < 300 and ends[2] == 0  # 截胡: one winner
    assert names["自摸"] > 100 and names["夹胡"] > 50 and names["飘胡"] + names["清一色"] + names["单钓"] > 5


def test_bot_hands_with_the_other_options() -> None:
    rs = Neimeng(multiple_ron=True, rob_kong=False, missed_win_ban=False, base=2)
    for seed in range(100):
        t = play(rs, seed, check_every_step=seed % 5 == 0)
        assert sum(t.deltas()) == 0


def test_records_replay() -> None:
    rs = Neimeng()
    for seed in range(20):
        t = play(rs, seed, check_every_step=False)
        check_replay(t)


def test_a_match() -> None:
    m = Match(Neimeng(), [GreedyBot() for _ in range(4)], seed=5, hands=12)
    results = m.play()
    assert len(results) == 12 and sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        stays = not before.winners or before.dealer in before.winners
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)


def test_paper_and_engine_give_the_same_sheet() -> None:
    """Every win of 150 bot hands, scored again from notation through
    ``score_hand``, gives the engine's sheet and context."""
    rs = Neimeng()
    wins = 0
    for seed in range(150):
        t = play(rs, seed, check_every_step=False)
        wins += check_paper_path(t)
    assert wins > 100
