"""The two-player 71-tile game through the engine: 1,000 seeded greedy-bot
hands with the engine's invariants (fully on every eighth hand, at the end
of the others), every payment re-derived (the loser pays the capped 番),
and records that replay."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Action, ActionKind, Table
from mahjong_core.variants.two_player import TwoPlayer
from reference.engine_invariants import check_invariants, check_replay, play_checked

RULES = TwoPlayer()


def play(seed: int, check_every_step: bool) -> Table:
    t = Table(RULES, seed=seed, dealer=seed % 2)
    return play_checked(t, seed, {1} if seed % 5 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    ends: Counter[str] = Counter()
    for seed in range(1000):
        t = play(seed, check_every_step=seed % 8 == 0)
        d = t.deltas()
        assert sum(d) == 0
        assert t.head + (136 - t.tail) <= 71  # never more than the 71 chosen tiles
        if t.winners:
            (s,) = t.winners
            sheet = t.scores[s]
            assert sheet.points == min(sheet.total, 13)
            assert d[s] == sheet.points and d[1 - s] == -sheet.points
            ends["win"] += 1
        else:
            won = RULES.last_draw_win(t)
            if won is None:
                assert d == [0, 0]
                ends["draw"] += 1
            else:
                ctx, sheet = won
                assert ctx.last_tile and ctx.self_drawn and d[ctx.seat] == sheet.points
                ends["haidi"] += 1
    assert ends["win"] > 700 and ends["haidi"] > 0


def test_records_replay() -> None:
    for seed in range(20):
        t = play(seed, check_every_step=False)
        check_replay(t)


class ExchangeBot(GreedyBot):
    """Greedy, but it gives back its honours on its first turn, and takes
    every pung offered (giving back what the greedy discard would)."""

    def choose(self, table: Any, seat: int, legal: Sequence[Action]) -> Action:
        for a in legal:
            if a.kind is ActionKind.TAKE_PUNG:
                return a
        swaps = [a for a in legal if a.kind is ActionKind.SWAP]
        if swaps and len(swaps) == len(legal):  # owed for a pung: give back the greedy discard
            discards = [Action(ActionKind.DISCARD, seat, a.tile) for a in swaps]
            pick = super().choose(table, seat, discards)
            return next(a for a in swaps if a.tile == pick.tile)
        honours = [a for a in swaps if a.tile >= 27 and table.hands[seat][a.tile] == 1]
        if honours:
            return honours[0]
        return super().choose(table, seat, [a for a in legal if a.kind is not ActionKind.SWAP])


def test_bot_hands_with_exchanges() -> None:
    rs = TwoPlayer(pung_offer_chance=0.3)
    bot = ExchangeBot()
    seen: Counter[str] = Counter()
    for seed in range(200):
        t = Table(rs, seed=seed, dealer=seed % 2)
        while not t.is_over:
            if seed % 4 == 0:
                check_invariants(t)
            s = t.to_act[0]
            t.apply(bot.choose(t, s, t.legal_actions(s)))
        check_invariants(t)
        assert sum(t.deltas()) == 0
        for e in t.events:
            if e["type"] == "swap":
                seen["offered" if "offered" in e else ("pung tile" if "took" in e else "opening")] += 1
        if seed < 10:
            check_replay(t)
    assert seen["opening"] > 100 and seen["offered"] > 20 and seen["pung tile"] == 3 * seen["offered"]
