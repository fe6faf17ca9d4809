"""温州麻将 games through the engine: 1,000+ seeded bot hands of 17 tiles
with the engine's invariants, every win re-checked (five sets and a pair,
the dead 财神, 截胡, 底数 from the streak) and scored again on paper, every
payment, records that replay, and matches with 连庄, the deal passing
counter-clockwise and the players re-drawing their seats after four 连庄."""

from __future__ import annotations

from collections import Counter

from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.rules import next_kind
from mahjong_core.variants.wenzhou import Wenzhou
from reference.engine_invariants import check_paper_path, check_replay, plain_win_deltas, play_checked


def play(rs: Wenzhou, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4, round_wind=seed // 4 % 4, streak=seed % 7)
    return play_checked(t, seed, {1, 3} if seed % 3 == 0 else set(), check_every_step)


def check_win(rs: Wenzhou, t: Table, seat: int) -> None:
    o = rs.options
    ctx, sheet = t.contexts[seat], t.scores[seat]
    names = sheet.names()
    assert len(ctx.concealed) + ctx.wilds + 3 * len(ctx.melds) == 17  # "每人手里抓17张牌"
    assert ctx.extra["streak"] == t.streak
    di = o.base + o.streak_step * t.streak  # "底数增加"
    assert sheet.items[0].zh == "底数" and sheet.items[0].value == di and sheet.points == di * sheet.total
    if not ctx.self_drawn:
        assert ctx.win_tile not in ctx.wild_kinds or o.win_on_discarded_wild
    if o.doubles:
        assert ("硬胡" in names) == (ctx.wilds == 0)
        assert ("杠开" in names) == ctx.kong_replacement
    else:
        assert names == ["底数", "平胡"]


def test_a_thousand_bot_hands() -> None:
    rs = Wenzhou()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    paper = 0
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 10 == 0)
        assert t.indicator is not None and t.wild_kinds == {next_kind(t.indicator)}
        assert t.deltas() == plain_win_deltas(t)
        assert len(t.winners) <= 1  # 截胡
        for s in t.winners:
            check_win(rs, t, s)
            names.update(t.scores[s].names())
        if t.winners and all(t.contexts[s].win_tile >= 0 for s in t.winners):
            paper += check_paper_path(t)
        ends[len(t.winners)] += 1
        stays = not t.winners or t.dealer in t.winners
        assert rs.next_dealer(t) == (t.dealer if stays else (t.dealer + 1) % 4)
        assert rs.reseat(t) == (t.streak >= 4)
    assert ends[1] > 900 and paper > 900, ends
    for item in ("底数", "平胡", "硬胡", "杠开", "混一色"):
        assert names[item] > 0, item


def test_bot_hands_with_the_other_options() -> None:
    for rs in (Wenzhou(base=2, streak_step=3, wild="indicator", win_on_discarded_wild=True),
               Wenzhou(doubles=False, draw_keeps_dealer=False)):
        for seed in range(100):
            t = play(rs, seed, check_every_step=seed % 10 == 0)
            assert t.deltas() == plain_win_deltas(t)
            if rs.options.wild.value == "indicator":
                assert t.indicator is not None and t.wild_kinds == {t.indicator}
            for s in t.winners:
                check_win(rs, t, s)
            if t.winners and all(t.contexts[s].win_tile >= 0 for s in t.winners):
                check_paper_path(t)
            if not t.winners:
                assert rs.next_dealer(t) == (t.dealer if rs.options.draw_keeps_dealer else (t.dealer + 1) % 4)


def test_records_replay() -> None:
    rs = Wenzhou()
    for seed in range(0, 300, 10):
        check_replay(play(rs, seed, check_every_step=False))


def test_matches_streaks_and_reseating() -> None:
    # "余下的按逆时针的方始终轮庄 … 庄家连庄则还是此位玩家产庄，底数增加 … 庄家连庄四把之后，
    # 四位玩家重排定位置" (reseat_after=2 here to see it often; the default 4 below)
    for rs, hands in ((Wenzhou(reseat_after=2), 120), (Wenzhou(), 300)):
        m = Match(rs, [GreedyBot() for _ in range(4)], seed=11, hands=hands, keep_tables=True)
        results = m.play()
        assert sum(m.totals) == 0 and results[0].dealer == 0  # "第一盘门风东者为庄家"
        reseats = moved = 0
        for (before, t), after in zip(zip(results, m.tables), results[1:]):
            assert t.streak == before.streak
            for s in t.winners:
                assert t.scores[s].items[0].value == 1 + before.streak  # 底数增加
            stays = not before.winners or before.dealer in before.winners
            assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)
            if before.streak >= rs.options.reseat_after:
                reseats += 1
                assert after.streak == 0
                moved += after.seats != before.seats
            else:
                assert after.seats == before.seats
                assert after.streak == (before.streak + 1 if stays else 0)
        assert max(r.streak for r in results) <= rs.options.reseat_after
        assert reseats >= 1 and moved >= 1, (reseats, moved)
