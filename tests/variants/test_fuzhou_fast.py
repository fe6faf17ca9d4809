"""福州's reserve (和局: tiles kept back for kongs and sets of four flowers)
at speed against the obvious count, on every ask of seeded games of 福州
and 罗源 (the melds are read only once a kong was made this hand)."""

from __future__ import annotations

from typing import Any

import pytest

import hooks_reference as ref
from mahjong_core.bots import make_bot, play_hand
from mahjong_core.variants.fuzhou import Fuzhou
from mahjong_core.variants.luoyuan import Luoyuan


@pytest.mark.parametrize("cls", [Fuzhou, Luoyuan])
def test_the_reserve_is_the_plain_count_in_seeded_games(cls: type[Fuzhou]) -> None:
    seen: list[tuple[int, int]] = []

    class Checked(cls):  # type: ignore[valid-type,misc]
        def reserve_extra(self, table: Any) -> int:
            got = super().reserve_extra(table)
            assert got == ref.fz_reserve_extra(self, table)
            seen.append((table.kongs_made, got))
            return got

    rs = Checked()
    for bots, n in (("random", 120), ("greedy", 30)):
        for i in range(n):
            play_hand(rs, [make_bot(bots, i * 7 + s) for s in range(4)], seed=i, dealer=i % 4)
    assert any(k and got for k, got in seen)  # kongs kept tiles back
    assert any(not k and got for k, got in seen) or cls is Luoyuan  # and sets of four flowers
