"""福州 and 罗源 through the engine: 1,000+ seeded bot hands with the
engine's invariants, every win re-scored on paper, every payment against
the seed's formula recomputed here from the contexts, records that replay,
and matches with 连庄."""

from __future__ import annotations

from collections import Counter

from collections.abc import Sequence

from mahjong_core.bots import GreedyBot, TableView
from mahjong_core.engine import Action, ActionKind, Table
from mahjong_core.match import Match
from mahjong_core.rules import WinContext
from mahjong_core.tiles import MeldKind
from mahjong_core.variants.fuzhou import Fuzhou, Scoring
from mahjong_core.variants.luoyuan import Luoyuan
from mahjong_core.variants.fuzhou import kan_tiles
from reference.engine_invariants import check_invariants, check_paper_path, check_replay, play_checked

SPECIAL_VALUES = {"天胡": 30, "抢金": 30, "平胡": 30, "平胡(一张花)": 15, "三金倒": 40, "金雀": 60,
                  "金龙": 120, "混一色": 120, "清一色": 240, "金坎": 60}


def hua(ctx: WinContext) -> int:
    """花 from the seed's words, independently: 1 a flower, 6 for a set of
    four (4 of one honour, 春夏秋冬, 梅兰竹菊), 明杠 1, 暗杠 2."""
    fl = list(ctx.flowers)
    n = len(fl)
    for k in set(fl):
        if k < 34 and fl.count(k) == 4:
            n += 2
    for group in ((34, 35, 36, 37), (38, 39, 40, 41)):
        if all(f in fl for f in group):
            n += 2
    for m in ctx.melds:
        if m.kind is MeldKind.ANKAN:
            n += 2
        elif m.kind in (MeldKind.KAN, MeldKind.KAKAN):
            n += 1
    return n


def expected_deltas(rs: Fuzhou, t: Table) -> list[int]:
    out = [0] * 4
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        specials = [it.value for it in sheet.items if it.zh in SPECIAL_VALUES]
        assert all(SPECIAL_VALUES[it.zh] == it.value for it in sheet.items if it.zh in SPECIAL_VALUES)
        assert len(specials) <= 1  # only the highest special counts (default)
        big_s = max(specials, default=0)
        streak = t.streak
        payers = [p for p in range(4) if p != s] if ctx.self_drawn else [ctx.discarder]
        for p in payers:
            assert p is not None
            lz = streak if (s == t.dealer or p == t.dealer) else 0
            b = hua(ctx) + ctx.wilds + lz + 5
            amount = (2 * b if ctx.self_drawn or rs.options.scoring is Scoring.B else b) + big_s
            out[p] -= amount
            out[s] += amount
    return out


def check_win(rs: Fuzhou, t: Table, s: int) -> None:
    ctx = t.contexts[s]
    names = t.scores[s].names()
    gold = t.indicator
    assert gold is not None and ctx.wild_kinds == {gold}
    if ctx.instant is not None:
        assert ctx.self_drawn  # 天胡, 抢金 and 三金倒 are self-drawn
        if ctx.instant == "三金倒":
            assert ctx.wilds >= 3
        if ctx.instant == "天胡":
            assert s == t.dealer
    else:
        assert "三金倒" not in names
    if not ctx.self_drawn:
        assert ctx.win_tile != gold  # nobody wins on a discarded 金
        assert ctx.discarder is not None and gold not in t.discards[s]  # FZ-B: a 金 discarder only self-draws
    assert all(k < 27 for k in ctx.concealed) and all(f >= 27 for f in ctx.flowers)


def play(rs: Fuzhou, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4, streak=seed % 3)
    return play_checked(t, seed, {1, 3} if seed % 3 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    rs = Fuzhou()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    checked = 0
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 10 == 0)
        assert t.deltas() == expected_deltas(rs, t), seed
        for s in t.winners:
            check_win(rs, t, s)
            names.update(t.scores[s].names())
            names[f"instant:{t.contexts[s].instant}"] += 1
            names["self-drawn" if t.contexts[s].self_drawn else "discard"] += 1
        if seed % 5 == 0:
            checked += check_paper_path(t)
        ends[len(t.winners)] += 1
    assert checked > 150
    # the bots play the game: most hands are won, by self-draw and on discards
    assert ends[0] < 150 and ends[1] > 850
    assert names["self-drawn"] > 200 and names["discard"] > 200
    assert names["instant:抢金"] > 5 and names["instant:三金倒"] > 0
    assert names["金"] > 100 and names["花"] > 1000


def test_bot_hands_with_the_other_options() -> None:
    for rs in (Fuzhou(scoring="A", streak_all_payers=False), Fuzhou(gold_discard="forbidden"),
               Fuzhou(gold_discard="round", rob_kong=False, missed_win_ban=False)):
        for seed in range(100):
            t = play(rs, seed, check_every_step=seed % 10 == 0)
            assert sum(t.deltas()) == 0
            if rs.options.scoring is Scoring.A:
                assert t.deltas() == expected_deltas(rs, t), seed
            if not rs.wild_discard:
                assert not any(t.indicator in d for d in t.discards)
            for s in t.winners:
                check_paper_path(t)


def test_luoyuan_bot_hands() -> None:
    for rs in (Luoyuan(), Luoyuan(flower_set="36")):
        wins = 0
        for seed in range(150):
            t = play(rs, seed, check_every_step=seed % 10 == 0)
            assert t.deltas() == expected_deltas(rs, t), seed
            assert len(t.indicator_dice) == 2 and t.indicator is not None and t.indicator < 27
            for s in t.winners:
                check_win(rs, t, s)
                assert all(f in rs.flower_tiles for f in t.contexts[s].flowers)
            if seed % 5 == 0:
                check_paper_path(t)
            wins += len(t.winners)
        assert wins > 120


def test_records_replay() -> None:
    for rs in (Fuzhou(), Luoyuan()):
        for seed in range(25):
            check_replay(play(rs, seed, check_every_step=False))


def test_a_match_with_dealer_streaks() -> None:
    m = Match(Fuzhou(), [GreedyBot() for _ in range(4)], seed=3, hands=30)
    results = m.play()
    assert len(results) == 30 and sum(m.totals) == 0
    assert max(r.streak for r in results) >= 1


class KanBot(GreedyBot):
    """A greedy bot that declares 金坎 whenever it may."""

    def choose(self, table: TableView, seat: int, legal: Sequence[Action]) -> Action:
        ready = [a for a in legal if a.kind is ActionKind.READY]
        return ready[0] if ready else super().choose(table, seat, legal)


def test_gold_kan_declarations_in_bot_hands() -> None:
    """Bots that declare 金坎 whenever offered: each declaration leaves the
    two tiles around the 金 shown, no 金 and the rest complete; a declared
    seat then discards what it draws and wins only 金坎, on a self-drawn 金."""
    check_kan_bot_hands(Fuzhou(), 1000, min_declared=30, min_wins=1)


def test_gold_kan_declarations_in_luoyuan_bot_hands() -> None:
    check_kan_bot_hands(Luoyuan(), 300, min_declared=5, min_wins=0)


def check_kan_bot_hands(rs: Fuzhou, hands: int, *, min_declared: int, min_wins: int) -> None:
    bot = KanBot()
    declared = wins = 0
    for seed in range(hands):
        t = Table(rs, seed=seed, dealer=seed % 4, streak=seed % 2)
        since: dict[int, int] = {}
        while not t.is_over:
            seat = t.to_act[0]
            action = bot.choose(t, seat, t.legal_actions(seat))
            was, drawn = t.declared[seat], t.drawn
            t.apply(action)
            if t.declared[seat] and not was:
                since[seat] = len(t.discards[seat])
                gold = t.indicator
                assert gold is not None and t.ready_shown[seat] == tuple(sorted(kan_tiles(gold)))
                assert t.hands[seat][gold] == 0 and all(t.hands[seat][k] for k in kan_tiles(gold))
                check_invariants(t)
            elif was and action.kind is ActionKind.DISCARD:
                assert action.tile == drawn  # 摸啥打啥
        declared += len(since)
        for s in t.winners:
            if t.declared[s]:
                ctx = t.contexts[s]
                assert ctx.self_drawn and ctx.win_tile == t.indicator and t.scores[s].names()[-1] == "金坎"
                assert ctx.extra["gold_kan"]
                wins += 1
        assert t.deltas() == expected_deltas(rs, t), seed
        if since and seed % 2 == 0:
            check_paper_path(t)
            check_replay(t)
    assert declared > min_declared and wins >= min_wins


def test_the_first_dealer_is_random_and_recorded() -> None:
    """福州 "新开第一局系统随机选择一个庄家", 罗源 "新开第一局随机选择一个庄家"."""
    bots = [GreedyBot() for _ in range(4)]
    for rs in (Fuzhou(), Luoyuan()):
        firsts = [Match(rs, bots, seed=s).first_dealer for s in range(30)]
        assert set(firsts) == {0, 1, 2, 3} and firsts == [Match(rs, bots, seed=s).first_dealer for s in range(30)]
    m = Match(Fuzhou(), bots, seed=7, hands=1, keep_tables=True)
    m.play()
    assert m.tables[0].events[0]["dealer"] == m.first_dealer == m.results[0].dealer
    assert {Match(Fuzhou(first_dealer=1), bots, seed=s).first_dealer for s in range(10)} == {1}
    assert {Match(Luoyuan(first_dealer=3), bots, seed=s).first_dealer for s in range(10)} == {3}
