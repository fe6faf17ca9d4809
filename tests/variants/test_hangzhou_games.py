"""杭州麻将 games through the engine: 1,000+ seeded bot hands with the
engine's invariants, every win re-checked against the rules (four sets and
a pair, 爆头 and the dead 财神 never on a discard, 截胡, the multipliers)
and scored again on paper, every payment, records that replay, and a match
in which the winner deals."""

from __future__ import annotations

from collections import Counter

from collections.abc import Sequence

from mahjong_core import patterns as v
from mahjong_core.analysis import Form
from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Action, ActionKind, Phase, Table
from mahjong_core.match import Match
from mahjong_core.rules import WinContext
from mahjong_core.variants.hangzhou import CAISHEN, Hangzhou, bao_tou
from reference.engine_invariants import check_invariants, check_paper_path, check_replay, plain_win_deltas, play_checked


def bao_ready(hand: Sequence[int]) -> bool:
    """A 13-tile (3n+1) hand is complete sets and a lone 财神: it wins 爆头
    on any tile (a kind it does not hold pairs with the 财神)."""
    wilds = hand[CAISHEN]
    if not wilds:
        return False
    k0 = next(k for k in range(34) if k != CAISHEN and not hand[k])
    natural = [k for k in range(34) if k != CAISHEN for _ in range(hand[k])]
    ctx = WinContext(seat=0, concealed=tuple(sorted(natural + [k0])), win_tile=k0, wilds=wilds,
                     wild_kinds=frozenset({CAISHEN}), self_drawn=True)
    return bao_tou(ctx)


class BaoTouBot(GreedyBot):
    """A 杭州 player: gives up a plain self-drawn win to wait on anything
    (爆头), and 飘s a drawn 财神 while waiting so (once per hand)."""

    def choose(self, table: Table, seat: int, legal: Sequence[Action]) -> Action:  # type: ignore[override]
        hand = table.hands[seat]
        if table.phase is Phase.TURN and table.turn == seat and hand[CAISHEN] and table.live_tiles > 8:
            def ready_after(k: int) -> bool:
                h = bytearray(hand)
                h[k] -= 1
                return bao_ready(h)

            discards = {a.tile: a for a in legal if a.kind is ActionKind.DISCARD}
            win = next((a for a in legal if a.kind is ActionKind.WIN), None)
            piaoed = CAISHEN in table.discards[seat]
            if table.drawn == CAISHEN and hand[CAISHEN] >= 2 and not piaoed and CAISHEN in discards \
                    and ready_after(CAISHEN):
                return discards[CAISHEN]  # 飘
            if win is not None and table.drawn is not None and ready_after(table.drawn):
                return win  # 爆头
            for k, a in sorted(discards.items()):
                if k != CAISHEN and ready_after(k):
                    return a  # wait on anything
        return super().choose(table, seat, legal)


def play(rs: Hangzhou, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4)
    return play_checked(t, seed, {1, 3} if seed % 3 == 0 else set(), check_every_step)


def check_win(rs: Hangzhou, t: Table, seat: int) -> None:
    o = rs.options
    ctx, sheet = t.contexts[seat], t.scores[seat]
    names = sheet.names()
    assert all(r.form is Form.STANDARD for r in v.readings(ctx, rs.hand_rules, by_win_unit=False))
    assert len(ctx.concealed) + ctx.wilds + 3 * len(ctx.melds) == 14
    bt = bao_tou(ctx)
    if ctx.wilds and ctx.wilds <= 2:  # (the readings of three 财神 are many: checked on paper)
        assert bt == any(v.wild_pair_wait(r) for r in v.readings(ctx, rs.hand_rules))
    if not ctx.self_drawn:
        assert ctx.win_tile != CAISHEN or o.win_on_discarded_wild
        assert not bt or o.bao_tou_on_discard
    mult = 1
    if bt:
        mult *= o.bao_tou * o.piao ** ctx.extra["piao"]
    else:
        assert not {"爆头", "财飘", "双飘", "三飘"} & set(names)
    if ctx.kong_replacement:
        mult *= o.gang_kai
    assert ("杠开" in names) == ctx.kong_replacement
    assert sheet.total == mult and sheet.points == o.base * mult, (t.seed, names)


def test_a_thousand_bot_hands() -> None:
    rs = Hangzhou()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    paper = discard_wins = wild_wins = 0
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 10 == 0)
        assert t.wild_kinds == {CAISHEN} and t.indicator is None
        assert t.deltas() == plain_win_deltas(t)
        assert len(t.winners) <= 1  # 截胡
        for s in t.winners:
            check_win(rs, t, s)
            names.update(t.scores[s].names())
            discard_wins += not t.contexts[s].self_drawn
            wild_wins += t.contexts[s].wilds > 0
        if t.winners:
            paper += check_paper_path(t)
        ends[len(t.winners)] += 1
        # "庄家胡牌或流局则连续当庄家", "闲家谁胡牌谁当庄家"
        assert rs.next_dealer(t) == (t.winners[0] if t.winners else t.dealer)
    assert ends[1] > 800 and paper > 800 and discard_wins > 300 and wild_wins > 500
    assert names["胡牌"] == ends[1] and names["杠开"] > 0


def test_hangzhou_players_wait_bao_tou_and_piao() -> None:
    # bots that play for 爆头 and 飘: the multipliers in play, every win
    # checked (with discard_win=no-wild, a hand with a 财神 waits for its own
    # draw: more 爆头; the greedy bots of the default game seldom wait so)
    rs = Hangzhou(discard_win="no-wild")
    names: Counter[str] = Counter()
    bot = BaoTouBot()
    for seed in range(400):
        t = Table(rs, seed=seed, dealer=seed % 4)
        while not t.is_over:
            seat = t.to_act[0]
            t.apply(bot.choose(t, seat, t.legal_actions(seat)))
        check_invariants(t)
        assert t.deltas() == plain_win_deltas(t)
        for s in t.winners:
            check_win(rs, t, s)
            names.update(t.scores[s].names())
        if t.winners:
            check_paper_path(t)
        if seed % 20 == 0:
            check_replay(t)
    assert names["爆头"] > 30 and names["财飘"] > 0, names


def test_bot_hands_with_the_other_options() -> None:
    for rs in (Hangzhou(base=3, bao_tou=3, piao=3, gang_kai=5, bao_tou_on_discard=True, win_on_discarded_wild=True),
               Hangzhou(discard_win="no-wild"), Hangzhou(discard_win="self-drawn")):
        for seed in range(100):
            t = play(rs, seed, check_every_step=seed % 10 == 0)
            assert t.deltas() == plain_win_deltas(t)
            for s in t.winners:
                check_win(rs, t, s)
                ctx = t.contexts[s]
                if rs.options.discard_win.value == "self-drawn":
                    assert ctx.self_drawn
                if rs.options.discard_win.value == "no-wild" and not ctx.self_drawn:
                    assert ctx.wilds == 0
            if t.winners:
                check_paper_path(t)


def test_records_replay() -> None:
    rs = Hangzhou()
    for seed in range(0, 300, 10):
        check_replay(play(rs, seed, check_every_step=False))


def test_a_match_the_winner_deals() -> None:
    m = Match(Hangzhou(), [GreedyBot() for _ in range(4)], seed=5, hands=40)
    results = m.play()
    assert sum(m.totals) == 0
    moved = 0
    for before, after in zip(results, results[1:]):
        assert after.dealer == (before.winners[0] if before.winners else before.dealer)
        moved += after.dealer != before.dealer
    assert moved > 10
