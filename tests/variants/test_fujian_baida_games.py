"""福建百搭 games through the engine: 1,000 seeded bot hands in both modes
with the engine's invariants, every win checked (the 百搭 named by the tile
turned up at the kong tail, no win on a discarded 百搭, the 白板 替身 used
only as far as the option allows) and scored again on paper, every payment
re-computed, records that replay and a match with the dealer rule."""

from __future__ import annotations

from collections import Counter

from mahjong_core.analysis import is_win
from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.variants.fujian_baida import WHITE, FujianBaida, daidi_wild
from reference.engine_invariants import check_paper_path, check_replay, plain_win_deltas, play_checked


def play(rs: FujianBaida, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4, round_wind=seed // 4 % 4)
    return play_checked(t, seed, {1, 3} if seed % 3 == 0 else set(), check_every_step)


def stand_ins_needed(rs: FujianBaida, t: Table, seat: int) -> int:
    """The fewest 白板 that must play as the 百搭's kind for the win (brute
    force over the kernel's is_win)."""
    ctx = t.contexts[seat]
    tiles = list(ctx.concealed)
    target = next(iter(ctx.wild_kinds))
    for n in range(tiles.count(WHITE) + 1):
        if is_win(sorted(tiles), wilds=ctx.wilds, rules=rs.hand_rules):
            return n
        tiles.remove(WHITE)
        tiles.append(target)
    raise AssertionError("no reading wins")


def check_hand(rs: FujianBaida, t: Table) -> tuple[int, Counter[str]]:
    names: Counter[str] = Counter()
    used = 0
    assert t.indicator is not None and len(t.wall) == 135
    want = daidi_wild(t.indicator) if rs.options.mode.value == "daidi" else t.indicator
    assert t.wild_kinds == {want}
    assert t.deltas() == plain_win_deltas(t)
    assert len(t.winners) <= 1
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        if not ctx.self_drawn:
            assert ctx.win_tile not in ctx.wild_kinds, "no win on a discarded 百搭"
        assert sheet.points == rs.options.base * 2 ** min(sheet.total, rs.options.cap)
        assert sheet.total == sum(it.total for it in sheet.items)
        assert ("自摸" in sheet.names()) == ctx.self_drawn
        n = stand_ins_needed(rs, t, s)
        assert n <= (rs.options.stand_ins if rs.stand_in_target(t.wild_kinds) is not None else 0)
        assert (n > 0) == (not ctx.decompositions)  # a 替身 win is the engine's shape-free win
        used += n > 0
        names.update(sheet.names())
    return used, names


def test_a_thousand_bot_hands() -> None:
    total: Counter[str] = Counter()
    used = paper = 0
    for mode in ("huodong", "daidi"):
        rs = FujianBaida(mode=mode)
        for seed in range(500):
            t = play(rs, seed, check_every_step=seed % 10 == 0)
            u, names = check_hand(rs, t)
            used += u
            total.update(names)
            if t.winners and seed % 2 == 0 and t.contexts[t.winners[0]].win_tile >= 0:
                paper += check_paper_path(t)
            nxt = rs.next_dealer(t)
            assert nxt == (t.dealer if not t.winners or t.winners == [t.dealer] else (t.dealer + 1) % 4)
    assert used > 20 and paper > 400
    for item in ("自摸", "无百搭", "七对", "混一色", "杠上开花"):
        assert total[item] > 0, item


def test_bot_hands_with_the_other_options() -> None:
    for rs in (FujianBaida(stand_ins=4, multiple_winners=True, base=2, cap=3),
               FujianBaida(mode="daidi", daidi_stand_in=False, win_on_discarded_wild=True),
               FujianBaida(stand_ins=0)):
        for seed in range(60):
            t = play(rs, seed, check_every_step=seed % 6 == 0)
            if rs.options.win_on_discarded_wild:
                assert t.deltas() == plain_win_deltas(t)
            else:
                check_hand(rs, t)
            if t.winners and t.contexts[t.winners[0]].win_tile >= 0:
                check_paper_path(t)


def test_random_bots() -> None:
    rs = FujianBaida()
    for seed in range(100):
        t = Table(rs, seed=seed)
        play_checked(t, seed, {0, 1, 2, 3}, check_every_step=False)
        check_hand(rs, t)


def test_records_replay() -> None:
    for rs in (FujianBaida(), FujianBaida(mode="daidi")):
        for seed in range(0, 200, 10):
            check_replay(play(rs, seed, check_every_step=False))


def test_a_match_follows_the_dealer_rule() -> None:
    m = Match(FujianBaida(mode="daidi"), [GreedyBot() for _ in range(4)], seed=5, hands=24)
    results = m.play()
    assert sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        stays = not before.winners or before.dealer in before.winners
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)
