"""Differential test: our MCR fan calculator against PyMahjongGB (the
reference calculator Botzone uses; a test dependency only).

Random legal winning situations (``gb_random``): sets and pairs from the
whole tile set and from few suits, exposed chows, pungs, kongs, added kongs
and concealed kongs, seven pairs (also with four of a kind), seven shifted
pairs, thirteen orphans, 全不靠, 七星不靠, 组合龙 with a concealed or a
declared set, nine gates; random seat and prevalent winds, self-draw,
last-tile, kong and fourth-tile flags (only where consistent), and flowers.
Every situation PyMahjongGB accepts must give the same total and the same
multiset of fan names (its 独听・边张 / 独听・嵌张 / 独听・单钓 are our
边张 / 坎张 / 单钓将).

``GUOBIAO_DIFF_N`` sets the number of situations (default 20,000);
``GUOBIAO_DIFF_SEED`` the seed.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import gb_random
import pytest

from mahjong_core.variants import guobiao
from mahjong_core.variants.guobiao import Guobiao, KnittedWait, MixedKongs

N = int(os.environ.get("GUOBIAO_DIFF_N", "20000"))
SEED = int(os.environ.get("GUOBIAO_DIFF_SEED", "20240601"))
REF_NAME = {f.zh: f.ref_zh or f.zh for f in guobiao.FANS}


def ours(situation: gb_random.Situation, rules: Guobiao) -> tuple[int, Counter[str]]:
    sheet = guobiao.score(**situation.score_args(), rules=rules)  # type: ignore[arg-type]
    names: Counter[str] = Counter()
    for it in sheet.items:
        names[REF_NAME[it.zh]] += it.count
    return sheet.total, names


def run(n: int, seed: int, rules: Guobiao) -> tuple[int, Counter[str], list[str], Counter[str]]:
    """Compare ``n`` accepted situations; returns (compared, dropped by reason,
    disagreements, fans seen)."""
    rng = random.Random(seed)
    dropped: Counter[str] = Counter()
    bad: list[str] = []
    seen: Counter[str] = Counter()
    compared = 0
    while compared < n:
        s = gb_random.random_situation(rng)
        if s is None:
            dropped["generator: a fifth copy, drawn again"] += 1
            continue
        try:
            ref = gb_random.gb_fans(s)
        except TypeError as e:
            dropped[f"PyMahjongGB: {e}"] += 1
            continue
        compared += 1
        mine = ours(s, rules)
        seen.update(mine[1].keys())
        if mine != ref:
            bad.append(f"{s.score_args()}: PyMahjongGB {ref[0]} {dict(ref[1])}, ours {mine[0]} {dict(mine[1])}")
    return compared, dropped, bad, seen


def test_agrees_with_pymahjonggb() -> None:
    compared, dropped, bad, seen = run(N, SEED, Guobiao())
    print(f"\ncompared {compared}, agreed {compared - len(bad)}, dropped {dict(dropped)}")
    assert not bad, f"{len(bad)} of {compared} disagree; first:\n" + "\n".join(bad[:10])
    # PyMahjongGB accepts every legal situation the generator makes
    assert set(dropped) <= {"generator: a fifth copy, drawn again"}
    # the sample reaches every fan of the table (the seed is fixed)
    if N >= 20000:
        assert not set(REF_NAME.values()) - set(seen), sorted(set(REF_NAME.values()) - set(seen))


@pytest.mark.parametrize("option", ["mixed_kongs", "knitted_wait", "exclusions", "seven_pairs_concealed_hand"])
def test_pymahjonggb_values_are_the_defaults(option: str) -> None:
    """The options whose readings differ from PyMahjongGB default to its value
    (test_agrees_with_pymahjonggb runs the defaults): 明暗杠, its 组合龙 waits,
    the union 不计 lists, no 门前清 with 七对."""
    defaults = guobiao.GuobiaoOptions()
    pymahjonggb = {
        "mixed_kongs": MixedKongs.REFERENCE,
        "knitted_wait": KnittedWait.PYMAHJONGGB,
        "exclusions": guobiao.Exclusions.UNION,
        "seven_pairs_concealed_hand": None,  # follows the union lists: not counted
    }
    assert getattr(defaults, option) is pymahjonggb[option]
    assert not defaults.seven_pairs_count_concealed_hand
