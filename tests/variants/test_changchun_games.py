"""长春麻将 games through the engine: 1,000+ seeded greedy-bot hands with
the engine's invariants, every win checked against the PROPOSAL conditions
from its tiles, every payment re-derived from the rule text, records that
replay, and a match with the dealer rules."""

from __future__ import annotations

from collections import Counter


from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.tiles import MeldKind, parse_tiles
from mahjong_core.variants.changchun import Changchun
from reference.engine_invariants import check_invariants, check_paper_path, check_replay, play_checked

ENDS = frozenset({0, 8, 9, 17, 18, 26}) | frozenset(range(27, 34))


def expected_deltas(t: Table) -> list[int]:
    out = [0] * 4

    def pay(p: int, q: int, x: int) -> None:
        out[p] -= x
        out[q] += x

    for s in range(4):  # kongs stand, win or draw
        for m in t.melds[s]:
            if m.kind in (MeldKind.KAN, MeldKind.KAKAN, MeldKind.ANKAN):
                for p in range(4):
                    if p != s:
                        pay(p, s, 2 if m.kind is MeldKind.ANKAN else 1)
    deal = next(e for e in t.events if e["type"] == "deal")
    for s, text in enumerate(deal["hands"]):  # 旋风杠, 喜杠
        kinds = set(parse_tiles(text))
        for group in ({27, 28, 29, 30}, {31, 32, 33}):
            if group <= kinds:
                for p in range(4):
                    if p != s:
                        pay(p, s, 2)
    for s in t.winners:
        ctx = t.contexts[s]
        fan = t.scores[s].total
        for p in range(4):
            if p == s:
                continue
            f = fan + (1 if t.dealer in (p, s) else 0) + (1 if p == ctx.discarder else 0)
            pay(p, s, 2**f)
    return out


def play(rs: Changchun, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    return play_checked(t, seed, {2} if seed % 7 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    rs = Changchun()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    for seed in range(1020):
        t = play(rs, seed, check_every_step=seed % 10 == 0)
        assert sum(t.deltas()) == 0
        assert t.deltas() == expected_deltas(t), seed
        assert len(t.winners) <= 1  # 截胡
        for s in t.winners:
            kinds = Counter(t.contexts[s].all_kinds)
            assert {k // 9 for k in kinds if k < 27} == {0, 1, 2}  # 三色全
            assert set(kinds) & ENDS  # 有幺九
            assert max(kinds.values()) >= 3  # 有刻 (a pung needs three of a kind)
            names.update(t.scores[s].names())
        nd = rs.next_dealer(t)
        assert nd == (t.dealer if not t.winners or t.dealer in t.winners else (t.dealer + 1) % 4)
        ends[len(t.winners)] += 1
    assert ends[0] < 300
    assert names["自摸"] > 100 and names["夹胡"] > 50 and names["立胡"] + names["飘胡"] > 5


def test_bot_hands_with_the_other_options() -> None:
    rs = Changchun(multiple_ron=True, seven_pairs=True, discard_payment="discarder", special_kongs=False)
    for seed in range(100):
        t = play(rs, seed, check_every_step=seed % 5 == 0)
        assert sum(t.deltas()) == 0


def test_records_replay() -> None:
    rs = Changchun()
    for seed in range(20):
        t = play(rs, seed, check_every_step=False)
        check_replay(t)


def test_a_match_follows_the_dealer_rules() -> None:
    m = Match(Changchun(), [GreedyBot() for _ in range(4)], seed=5, hands=16)
    results = m.play()
    assert len(results) == 16 and sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        stays = not before.winners or before.dealer in before.winners
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)


def test_paper_and_engine_give_the_same_sheet() -> None:
    """Every win of 150 bot hands, scored again from notation through
    ``score_hand``, gives the engine's sheet and context."""
    rs = Changchun()
    wins = 0
    for seed in range(150):
        t = play(rs, seed, check_every_step=False)
        wins += check_paper_path(t)
    assert wins > 100
