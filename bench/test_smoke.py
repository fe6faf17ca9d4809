"""Benchmark smoke subset (CI): the known answers, and every library's
correctness gate on the first hands of each corpus.  No timing.

    python -m pytest bench/test_smoke.py -q
"""

from __future__ import annotations

import corpus
import peers
import pytest

N_SMOKE = 30


@pytest.mark.parametrize("known", corpus.KNOWN, ids=lambda k: f"{k.hand or '-'}+{k.wilds}w")
def test_known_answer(known: corpus.Known) -> None:
    import mahjong_core as mc

    c = mc.counts(known.hand)
    assert mc.shanten(c, wilds=known.wilds) == known.shanten
    if known.waits is not None:
        assert mc.waits(c, wilds=known.wilds) == known.waits
    else:
        assert mc.is_win(c, wilds=known.wilds) == known.win
        assert len(mc.decompositions(c, wilds=known.wilds)) == known.decompositions


def test_known_table_complete() -> None:
    assert [(k.hand, k.wilds) for k in corpus.KNOWN] == list(corpus.KNOWN_HANDS)


def test_corpus_checksums() -> None:
    assert corpus.check_checksums() == []


def test_corpora_shape() -> None:
    for name, (hands, wilds) in corpus.CORPORA.items():
        assert len(hands) == corpus.N_HANDS, name
        sizes = {sum(h) + wilds for h in hands}
        assert len(sizes) == 1 and sizes <= {13, 14}, name
        assert all(len(h) == 34 and max(h) <= 4 for h in hands), name


@pytest.mark.parametrize("case", peers.CASES, ids=lambda c: c.id)
def test_gate(case: peers.Case) -> None:
    hands, wilds = corpus.CORPORA[case.corpus]
    hands = hands[:N_SMOKE]
    inputs = case.prepare(hands)
    compared, bad = peers.gate(case, hands, inputs, wilds)
    assert not bad, "\n".join(bad)
    assert compared > 0
    case.loop(inputs)  # the timed loop itself runs
