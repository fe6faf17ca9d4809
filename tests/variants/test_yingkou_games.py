"""营口麻将 games through the engine: 1,000+ seeded greedy-bot hands with
the engine's invariants; every win re-checked against the seed's rules by
a brute-force reader of its tiles (the 会 tried as every 2..8 and as
itself), every payment re-derived from the rule text, records that
replay, the paper path, and a match."""

from __future__ import annotations

import functools
import itertools
from collections import Counter

from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.variants.yingkou import Yingkou
from reference.engine_invariants import check_paper_path, check_replay, play_checked

SIMPLES = [s * 9 + r for s in range(3) for r in range(1, 8)]
YAOJIU = frozenset({0, 8, 9, 17, 18, 26, *range(27, 34)})


@functools.lru_cache(maxsize=None)
def _sets(counts: tuple[int, ...], need_pair: bool) -> frozenset[tuple[int, int, bool, bool]]:
    """(pair kind or -1, pungs, has a chow, ...) of every way to read
    ``counts`` as sets and (``need_pair``) one pair: returned as tuples
    (pair, pungs, chows, 0)."""
    i = next((k for k in range(34) if counts[k]), -1)
    if i < 0:
        return frozenset({(-1, 0, False, False)}) if not need_pair else frozenset()
    out: set[tuple[int, int, bool, bool]] = set()
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        out |= {(p, n + 1, ch, x) for p, n, ch, x in _sets(tuple(c), need_pair)}
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1
        out |= {(p, n, True, x) for p, n, ch, x in _sets(tuple(c), need_pair)}
        c[i] += 1; c[i + 1] += 1; c[i + 2] += 1
    if need_pair and c[i] >= 2:
        c[i] -= 2
        out |= {(i, n, ch, x) for p, n, ch, x in _sets(tuple(c), False)}
    return frozenset(out)


def legal_by_brute_force(t: Table, seat: int) -> bool:
    """The seed's rules read straight from the tiles: some choice of kinds
    for the 会 (2..8, or itself) gives four sets and a pair that is no 2 or
    8, with 万饼条, a 1/9/honour and a pung."""
    ctx = t.contexts[seat]
    hui = sorted(set(SIMPLES) | set(ctx.wild_kinds))
    melded = [k for m in ctx.melds for k in m.tiles]
    meld_pungs = sum(1 for m in ctx.melds if len(set(m.tiles)) == 1)
    for extra in itertools.combinations_with_replacement(hui, ctx.wilds):
        counts = [0] * 34
        for k in list(ctx.concealed) + list(extra):
            counts[k] += 1
        if max(counts) > 4 + len(extra):
            continue
        kinds = {k for k in range(34) if counts[k]} | set(melded)
        if {k // 9 for k in kinds if k < 27} != {0, 1, 2} or not kinds & YAOJIU:
            continue
        for pair, pungs, _, _ in _sets(tuple(counts), True):
            if pair < 27 and pair % 9 in (1, 7):
                continue
            if pungs + meld_pungs >= 1:
                return True
    return False


def expected_deltas(t: Table) -> list[int]:
    out = [0] * 4
    for s in t.winners:
        ctx = t.contexts[s]
        payers = [p for p in range(4) if p != s] if ctx.self_drawn else [ctx.discarder]
        for p in payers:
            assert p is not None
            x = 2 ** (t.scores[s].total + (1 if t.dealer in (p, s) else 0))
            out[p] -= x
            out[s] += x
    return out


def play(rs: Yingkou, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    return play_checked(t, seed, {2} if seed % 5 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    rs = Yingkou()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    wild_wins = 0
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 20 == 0)
        assert t.indicator is not None and t.wild_kinds == {t.indicator}  # the last tile's kind
        assert t.deltas() == expected_deltas(t), seed
        for s in t.winners:
            assert legal_by_brute_force(t, s), (seed, s)
            names.update(t.scores[s].names())
            wild_wins += t.contexts[s].wilds > 0
        ends[len(t.winners)] += 1
    assert ends[0] < 200 and ends[2] == 0  # 截胡: one winner
    assert wild_wins > 100 and names["自摸"] > 100 and names["夹胡"] > 50 and names["飘胡"] > 0


def test_bot_hands_with_the_other_options() -> None:
    for rs in (Yingkou(hui="next", shape="one-pung-three-chows", multiple_ron=True, base=2),
               Yingkou(hui_as_itself=False, shape="any", must_open=True)):
        for seed in range(60):
            t = play(rs, seed, check_every_step=seed % 10 == 0)
            assert sum(t.deltas()) == 0
            for s in t.winners:
                assert t.scores[s].names()
                if rs.options.must_open:
                    assert any(not m.is_concealed for m in t.melds[s])


def test_records_replay_and_paper_path() -> None:
    rs = Yingkou()
    wins = 0
    for seed in range(120):
        t = play(rs, seed, check_every_step=False)
        wins += check_paper_path(t)
        if seed < 20:
            check_replay(t)
    assert wins > 80


def test_a_match() -> None:
    m = Match(Yingkou(), [GreedyBot() for _ in range(4)], seed=5, hands=12)
    results = m.play()
    assert len(results) == 12 and sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        stays = not before.winners or before.dealer in before.winners
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)
