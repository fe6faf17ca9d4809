"""宁波麻将 games through the engine: 1,000+ seeded bot hands with the
engine's invariants, every win re-checked against the seed's conditions
(4 台, 财神单吊 and the dead 百搭 on discards, 截胡) and scored again on
paper, every payment against NB-2, 吃张打张 and the pong-turn kong ban
checked on the record, records that replay, and a match with the dealer
and round-wind rules."""

from __future__ import annotations

from collections import Counter
from mahjong_core import patterns as v
from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table, _chow_swap_kinds
from mahjong_core.match import Match
from mahjong_core.tiles import KIND_NAMES
from mahjong_core.variants.ningbo import SEASONS, PLANTS, Ningbo, wild_single_wait
from reference.engine_invariants import check_paper_path, check_replay, play_checked

NAME = {n: k for k, n in enumerate(KIND_NAMES)}


def play(rs: Ningbo, seed: int, check_every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4, round_wind=seed // 4 % 4)
    return play_checked(t, seed, {1, 3} if seed % 3 == 0 else set(), check_every_step)


def expected_deltas(t: Table, rs: Ningbo) -> list[int]:
    """NB-2: the discarder pays 1 + 台, or each other seat on a self-draw;
    kong points paid at the kong, cancelled at a draw."""
    out = [0] * 4
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        assert sheet.points == 1 + sheet.total
        payers = [p for p in range(4) if p != s] if ctx.self_drawn else [ctx.discarder]
        for p in payers:
            assert p is not None
            out[p] -= sheet.points
            out[s] += sheet.points
    if t.winners and rs.options.kong_points:
        for e in t.events:
            if e["type"] == "kong" or (e["type"] == "call" and e["action"] == "kong"):
                for p in range(4):
                    if p != e["seat"]:
                        out[p] -= rs.options.kong_points
                        out[e["seat"]] += rs.options.kong_points
    if t.winners and rs.options.flower_points:
        for s in range(4):
            for p in range(4):
                if p != s:
                    out[p] -= rs.options.flower_points * len(t.flowers[s])
                    out[s] += rs.options.flower_points * len(t.flowers[s])
    return out


def check_win(rs: Ningbo, t: Table, seat: int) -> None:
    ctx, sheet = t.contexts[seat], t.scores[seat]
    names = sheet.names()
    assert sheet.total >= rs.options.min_tai, (t.seed, names)
    if not ctx.self_drawn:
        assert not (0 <= ctx.win_tile < 34 and ctx.win_tile in ctx.wild_kinds) and ctx.win_tile < 34
        if ctx.wilds:
            assert not any(wild_single_wait(r) for r in v.readings(ctx, rs.hand_rules)), "财神单吊 only self-drawn"
    assert ("自摸" in names) == ctx.self_drawn
    assert ("硬糊" in names) == (ctx.wilds == 0)
    assert ("杠上开花" in names) == (ctx.kong_replacement or bool(ctx.extra["flower_replacement"]))
    assert ("抢杠" in names) == ctx.robbed_kong
    assert ("海捞糊牌" in names) == (ctx.last_tile and ctx.self_drawn)
    assert not set(ctx.flowers) & ctx.wild_kinds  # a 百搭 flower is never exposed
    if ctx.wilds >= 2:
        # the 百搭 sets read as a few kinds score as when read as every kind
        full = max(rs._reading_tai(r) for r in v.readings(ctx, rs.hand_rules))
        assert sheet.total == full + sum(it.total for it in rs._fixed_items(ctx)), (t.seed, names)


def check_record(t: Table) -> None:
    """吃张打张 and the pong turn, from the record: after a chow the caller's
    discard makes no sequence with its two tiles; after a pong it discards
    (no kong of any kind)."""
    ev = t.events
    for i, e in enumerate(ev):
        if e["type"] != "call" or e["action"] not in ("chow", "pung"):
            continue
        nxt = next((x for x in ev[i + 1 :] if x["type"] == "action"), None)
        if nxt is None:
            continue  # (the hand ended: a wall run dry by a kong)
        assert nxt["seat"] == e["seat"], (t.seed, e, nxt)
        if e["action"] == "pung":
            assert nxt["action"] == "discard", (t.seed, e, nxt)  # no kong in the pong's turn
        elif nxt["action"] == "discard":  # (a chow may be followed by a kong)
            low = NAME[e["tile"]]
            banned = _chow_swap_kinds((low, low + 1, low + 2), NAME[e["claimed"]])
            assert NAME.get(nxt["tile"], -1) not in banned, (t.seed, e, nxt)


def test_a_thousand_bot_hands() -> None:
    rs = Ningbo()
    names: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    wild_flower_hands = paper = 0
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 5 == 0)
        assert t.deltas() == expected_deltas(t, rs)
        assert len(t.winners) <= 1  # 截胡: one winner per hand
        assert t.indicator is not None and len(t.wall) == 143
        wild_flower_hands += t.indicator >= 34
        if t.indicator >= 34:
            assert t.wild_kinds in (SEASONS, PLANTS)
        for s in t.winners:
            check_win(rs, t, s)
            names.update(t.scores[s].names())
        if t.winners and t.contexts[t.winners[0]].win_tile >= 0:
            paper += check_paper_path(t)
        if seed % 3 == 0:
            check_record(t)
        ends[len(t.winners)] += 1
        nxt = rs.next_dealer(t)
        assert nxt == (t.dealer if not t.winners or t.winners == [t.dealer] else (t.dealer + 1) % 4)
    # the bots play the game: most hands are won, with the table's items
    assert ends[1] > 600 and paper > 600 and wild_flower_hands > 30
    for item in ("自摸", "平糊", "边", "夹", "单吊", "对倒", "大吊", "碰碰糊", "杠上开花", "硬糊", "混一色",
                 "中发白", "位风", "圈风", "杠花", "排糊", "海捞糊牌", "三财神"):
        assert names[item] > 0, item


def test_bot_hands_with_the_other_options() -> None:
    for rs in (Ningbo(kong_points=2, flower_points=1, min_tai=6),
               Ningbo(hard_win="natural", wild_single="every", win_on_discarded_wild=True, min_tai=2,
                      three_wilds="self-drawn", seat_flowers="one", pinghu_pair="any-honour", min_counts_base=True)):
        for seed in range(100):
            t = play(rs, seed, check_every_step=seed % 4 == 0)
            if t.winners:
                assert t.deltas() == expected_deltas(t, rs)
            else:
                assert t.deltas() == [0, 0, 0, 0]  # 杠分 and 花分 cancelled at a draw
            for s in t.winners:
                assert t.scores[s].total + rs.options.min_counts_base >= rs.options.min_tai
                if t.contexts[s].win_tile >= 0:
                    check_paper_path(t)


def test_records_replay() -> None:
    rs = Ningbo()
    for seed in range(0, 400, 10):
        check_replay(play(rs, seed, check_every_step=False))


def test_a_match_follows_the_dealer_and_round_wind_rules() -> None:
    m = Match(Ningbo(), [GreedyBot() for _ in range(4)], seed=3, hands=40)
    results = m.play()
    assert sum(m.totals) == 0
    first = results[0].dealer
    for before, after in zip(results, results[1:]):
        stays = not before.winners or before.dealer in before.winners
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)
        # "4个玩家都坐过庄后换下一个圈风": the round wind moves when the deal returns to the first dealer
        moved = after.round_wind != before.round_wind
        assert moved == (not stays and after.dealer == first)




def test_random_bots_keep_the_call_rules() -> None:
    # random seats call and kong often: the record shows no kong in a pong's
    # turn and no 吃张打张 discard
    rs = Ningbo()
    for seed in range(150):
        t = Table(rs, seed=seed)
        play_checked(t, seed, {0, 1, 2, 3}, check_every_step=False)
        check_record(t)
