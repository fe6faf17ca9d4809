"""长春麻将 games through the engine: 1,000+ seeded greedy-bot hands with
the engine's invariants, every win checked against the PROPOSAL conditions
from its tiles, every payment re-derived from the rule text, records that
replay, and a match with the dealer rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any


from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Action, ActionKind, Table
from mahjong_core.match import Match
from mahjong_core.tiles import MeldKind
from mahjong_core.variants.changchun import Changchun
from reference.engine_invariants import check_invariants, check_paper_path, check_replay, play_checked

SPECIAL_SETS = [{27, 28, 29, 30}, {31, 32, 33}, {0, 9, 18}, {8, 17, 26}]
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
            elif m.kind is MeldKind.SPECIAL:  # laid down: 2; each added tile: 1
                assert set(m.tiles) in SPECIAL_SETS
                for p in range(4):
                    if p != s:
                        pay(p, s, 2 + len(m.tiles) - len(set(m.tiles)))
    for s in t.winners:
        ctx = t.contexts[s]
        fan = t.scores[s].total
        for p in range(4):
            if p == s:
                continue
            f = fan + (1 if t.dealer in (p, s) else 0) + (1 if p == ctx.discarder else 0)
            pay(p, s, 2**f)
    return out


class SpecialKongBot(GreedyBot):
    """Greedy, and lays down (or adds to) a special kong whenever offered."""

    def choose(self, table: Any, seat: int, legal: Sequence[Action]) -> Action:
        for a in legal:
            if a.kind in (ActionKind.SPECIAL_KONG, ActionKind.SPECIAL_ADD):
                return a
        return super().choose(table, seat, legal)


def play(rs: Changchun, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    if seed % 3 == 1:  # every third hand: bots that lay special kongs
        bot = SpecialKongBot()
        while not t.is_over:
            if check_every_step:
                check_invariants(t)
            seat = t.to_act[0]
            t.apply(bot.choose(t, seat, t.legal_actions(seat)))
        check_invariants(t)
        return t
    return play_checked(t, seed, {2} if seed % 7 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    rs = Changchun()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    special_wins = laid = 0
    for seed in range(1020):
        t = play(rs, seed, check_every_step=seed % 10 == 0)
        assert sum(t.deltas()) == 0
        assert t.deltas() == expected_deltas(t), seed
        assert len(t.winners) <= 1  # 截胡
        for s in t.winners:
            kinds = Counter(t.contexts[s].all_kinds)
            assert {k // 9 for k in kinds if k < 27} == {0, 1, 2}  # 三色全
            assert set(kinds) & ENDS  # 有幺九
            specials = [m for m in t.contexts[s].melds if m.kind is MeldKind.SPECIAL]
            assert max(kinds.values()) >= 3 or specials  # 有刻 (a pung needs three of a kind)
            special_wins += bool(specials)
            names.update(t.scores[s].names())
        laid += sum(m.kind is MeldKind.SPECIAL for ms in t.melds for m in ms)
        nd = rs.next_dealer(t)
        assert nd == (t.dealer if not t.winners or t.dealer in t.winners else (t.dealer + 1) % 4)
        ends[len(t.winners)] += 1
    assert ends[0] < 300
    assert names["自摸"] > 100 and names["夹胡"] > 50 and names["立胡"] + names["飘胡"] > 5
    assert laid > 100 and special_wins > 10


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
