"""福州 and 罗源 situational rules on stacked walls (mahjong_core.scenario):
补花 in rounds with honours as flowers, 开金 after 补花 (a flower turned up
goes to the dealer; 罗源: by a second roll), the opening wins and their
precedence (天胡 > 闲家抢金 > 庄家抢金, the dealer's 下家 first), 三金倒,
discarding 金, no kong right after a chow or pung, 截胡 and the 金雀 / 金龙
precedence, 闲金, the reserve growing with kongs and four identical
flowers, the last four tiles, and the dealer's streak in a match."""

from __future__ import annotations

import random

import pytest
from mahjong_core.bots import GreedyBot
from mahjong_core.engine import ActionKind, Phase, Table
from mahjong_core.errors import IllegalWinError
from mahjong_core.match import Match
from mahjong_core.records import dumps, replay
from mahjong_core.scenario import Scenario
from mahjong_core.tiles import KIND_NAMES, parse_tiles
from mahjong_core.variants.fuzhou import Fuzhou
from mahjong_core.variants.luoyuan import Luoyuan
from reference.engine_invariants import check_invariants, check_paper_path

FZ = Fuzhou()

READY_W = "123s456s789s123p456p7s"  # five sets and a lone 7s: 抢金 with the 金
HEAVEN_E = "123m456m789m123p456p11s"  # complete on the deal (天胡)
_SPREAD = [0, 3, 6, 10, 13, 16, 20, 23, 26, 1, 4, 7, 11, 14, 17, 19, 22, 25, 2, 5, 8, 9, 12, 15, 18, 21, 24]


def fill(hands: list[str | None], gold: str = "9p", *, keep: str = "") -> list[str]:
    """``hands`` (dealer first) with each None replaced by a hand of distinct
    kinds, far from ready even with a 金, from the tiles left (none of the
    金's kind, none of ``keep``: the draws and tail of the scenario); a hand
    ``"+9p"`` is such a hand holding these tiles too."""
    pool = [k for k in range(27) for _ in range(4)]
    for h in [*(x.lstrip("+") for x in hands if x), keep]:
        for k in parse_tiles(h):
            if k < 27:
                pool.remove(k)
    g = parse_tiles(gold)[0]
    out: list[str] = []
    for i, h in enumerate(hands):
        if h is not None and not h.startswith("+"):
            out.append(h)
            continue
        fixed = parse_tiles(h[1:]) if h else []
        size = (17 if i == 0 else 16) - len(fixed)
        order = _SPREAD[3 * i:] + _SPREAD[:3 * i]
        picked: list[int] = list(fixed)
        size += len(fixed)
        for k in order:
            if len(picked) < size and k != g and k in pool:
                pool.remove(k)
                picked.append(k)
        assert len(picked) == size
        out.append("".join(KIND_NAMES[k] for k in sorted(picked)))
    assert sizes(*out) == [17, 16, 16, 16], out
    return out


def sizes(*hands: str) -> list[int]:
    return [len(parse_tiles(h)) for h in hands]


def pass_opening(sc: Scenario) -> None:
    """Every seat offered an opening win (天胡, 抢金) passes it."""
    while sc.table.phase is Phase.OPENING:
        sc.play(f"{sc.to_act[0]} pass")


def discard(sc: Scenario, who: str, tile: str, *, answer: dict[str, str] | None = None) -> None:
    """``who`` discards ``tile``; every claim is passed except the answers given."""
    sc.play(f"{who} discard {tile}")
    answer = dict(answer or {})
    while sc.table.phase is Phase.CLAIMS:
        seat = sc.to_act[0]
        sc.play(f"{seat} {answer.pop(seat, 'pass')}")


def idle_turn(sc: Scenario) -> None:
    """The seat on turn discards its drawn tile (or its first tile), every claim is passed."""
    t = sc.table
    seat = t.to_act[0]
    legal = t.legal_actions(seat)
    if t.phase is Phase.TURN:
        discards = [a for a in legal if a.kind is ActionKind.DISCARD and a.tile not in t.wild_kinds]
        drawn = [a for a in discards if a.tile == t.drawn]
        sc.play(drawn[0] if drawn else discards[0])
    else:
        sc.play(next(a for a in legal if a.kind is ActionKind.PASS))


# ------------------------------------------------------------ deal, 补花, 开金


def test_hands_are_16_and_the_dealer_17_with_144_tiles() -> None:
    t = Table(FZ, seed=1)
    assert len(FZ.wall_tiles()) == 144 and FZ.hand_size == 16
    sizes_ = [sum(t.hands[s]) + 3 * len(t.melds[s]) for s in range(4)]
    assert sizes_[t.dealer] == 17 and sorted(sizes_) == [16, 16, 16, 17]
    # every honour and flower dealt is out of the hand (花牌只用作记分)
    for s in range(4):
        assert not any(t.hands[s][27:34]) and all(f >= 27 for f in t.flowers[s])


def test_flower_rounds_dealer_first_then_gold_from_the_tail() -> None:
    # E holds 东 and 南, S 春, N another 东 (four copies of each honour are
    # flowers); E's first replacement is 西, a flower: it waits for round two,
    # where only E replaces.  Then 开金: the next tail tile is 夏, a flower:
    # the dealer's, with no replacement; the next one, 9p, is the 金.
    hands = ["1z2z123m456m789m123p456p", "1f123s456s789s1234p55p", "11m22m33m44m55m66m77m88m",
             "1z99m99p99s11s22s33s44s5s"]
    assert sizes(*hands) == [17, 16, 16, 16]
    sc = Scenario(FZ, hands, tail="3z5m6m7m8m2f9p")
    t = sc.table
    flowers = [(e["seat"], e["tile"]) for e in sc.events("flower")]
    assert flowers == [(0, "1z"), (0, "2z"), (1, "1f"), (3, "1z"), (0, "3z"), (0, "2f")]
    assert [e.get("indicator", False) for e in sc.events("flower")] == [False] * 5 + [True]
    assert t.indicator == parse_tiles("9p")[0] and t.wild_kinds == {parse_tiles("9p")[0]}
    assert sc.events("indicator")[0]["tile"] == "9p"
    # replacements: E 东 -> 西 (flower), E 南 -> 5m, S 春 -> 6m, N 东 -> 7m; round 2: E 西 -> 8m
    assert "5" in sc.hand("E") and sc.hand("S").startswith("6m")
    assert sorted(t.flowers[0]) == sorted(parse_tiles("1z2z3z2f"))
    assert sum(t.hands[0]) == 17 and all(sum(t.hands[s]) == 16 for s in (1, 2, 3))
    # 144 - 65 dealt - 5 replacements - the flower turned up - the 金 = 72 left, 18 kept back
    assert len(t.remaining_wall()) == 72 and t.live_tiles == 54
    check_invariants(t)


def test_gold_stands_for_any_suit_tile_and_its_own() -> None:
    # the 金 is the turned tile's own kind; the three other copies are wild
    t = Table(FZ, seed=3)
    assert t.indicator is not None and t.indicator < 27
    assert t.wild_kinds == {t.indicator}
    assert all(k < 27 for k in FZ.hand_rules.wild_kinds) and len(FZ.hand_rules.wild_kinds) == 27


def test_luoyuan_gold_by_a_second_roll() -> None:
    # the dealer rolls again after 补花: the top of the N-th stack from the
    # tail is the 金; a flower there is the dealer's and stack N+1 is turned
    ly = Luoyuan()
    tail = "123456789m123456789p12345678s"  # suit tiles at the tail: the 金 is no flower
    probe = Scenario(ly, fill([None, None, None, None], "1z", keep=tail), tail=tail)
    n = sum(probe.table.indicator_dice)
    assert 2 <= n <= 12 and probe.events("indicator")[0]["dice"] == probe.table.indicator_dice
    wall = list(probe.wall)
    top = len(wall) - 2 * n
    assert probe.table.indicator == wall[top]
    # put a flower (中) on stack N: it goes to the dealer, the top of stack N+1 is the 金
    j = wall.index(parse_tiles("7z")[0])
    wall[top], wall[j] = wall[j], wall[top]
    t = Table(ly, wall=wall, seed=0)
    assert t.indicator_dice == probe.table.indicator_dice
    assert t.indicator == wall[top - 2] and t.flowers[t.dealer][-1] == parse_tiles("7z")[0]
    assert sum(t.hands[t.dealer]) == 17  # no replacement for the flower turned up
    check_invariants(t)


def test_luoyuan_tile_sets() -> None:
    twenty, thirty_six = Luoyuan(), Luoyuan(flower_set="36")
    assert len(twenty.wall_tiles()) == 128 and len(thirty_six.wall_tiles()) == 144
    assert sorted(set(twenty.flower_tiles)) == parse_tiles("12347z")
    t = Table(twenty, seed=2)
    assert all(not any(t.hands[s][27:34]) for s in range(4))
    check_invariants(t)


# ------------------------------------------------------------ opening wins


def test_heavenly_hand_beats_a_non_dealer_robbing_the_gold() -> None:
    sc = Scenario(FZ, fill([HEAVEN_E, None, READY_W, None]), indicator="9p")
    assert sc.table.phase is Phase.OPENING and sc.to_act == ["E", "W"]
    sc.play("W win", "E win")
    assert sc.winners == ["E"] and "天胡" in sc.items("E")
    # 天胡 is a self-drawn win: (0+0+0+5)*2 + 30 from each
    assert sc.deltas() == {"E": 120, "S": -40, "W": -40, "N": -40}
    check_paper_path(sc.table)


def test_non_dealer_robs_the_gold_before_the_dealer() -> None:
    # E can 抢金 too (lay 7m aside, take the 金): 闲家抢金 comes first
    sc = Scenario(FZ, fill(["123m456m789m123p45p11s7m", None, READY_W, None]), indicator="9p")
    assert FZ.instant_win(sc.table, 0) == "抢金" and FZ.instant_win(sc.table, 2) == "抢金"
    sc.play("E win", "W win")
    assert sc.winners == ["W"] and sc.items("W")[-1] == "抢金"
    ctx = sc.table.contexts[2]
    assert ctx.self_drawn and ctx.wilds == 1 and ctx.win_tile == parse_tiles("9p")[0]
    # B = 0 + 1 (the 金 taken) + 0 + 5 = 6: 2*6 + 30 = 42 from each of the three
    assert sc.deltas() == {"E": -42, "S": -42, "W": 126, "N": -42}
    check_paper_path(sc.table)


def test_the_dealers_next_seat_robs_first() -> None:
    sc = Scenario(FZ, fill([None, READY_W, None, "123p456p789p123m456m7m"], "9s"), indicator="9s")
    assert sc.to_act == ["S", "N"]
    sc.play("N win", "S win")
    assert sc.winners == ["S"]


def test_dealer_robs_the_gold_alone_and_lays_a_tile_aside() -> None:
    sc = Scenario(FZ, fill(["123m456m789m123p45p11s7m", None, None, None]), indicator="9p")
    assert sc.to_act == ["E"]
    sc.play("E win")
    ctx = sc.table.contexts[0]
    assert sc.items("E")[-1] == "抢金" and ctx.wilds == 1
    assert len(ctx.concealed) == 16 and ctx.win_tile == parse_tiles("9p")[0]  # a tile laid aside, the 金 taken
    check_paper_path(sc.table)


def test_a_passed_opening_win_is_gone_for_a_non_dealer() -> None:
    hands = fill([None, None, READY_W, None], keep="5m5p")
    sc = Scenario(FZ, hands, draws="5m5p", indicator="9p")
    assert sc.to_act == ["W"]
    sc.play("W pass")
    assert sc.table.phase is Phase.TURN and sc.to_act == ["E"]
    discard(sc, "E", KIND_NAMES[parse_tiles(hands[0])[0]])
    discard(sc, "S", "5m")
    # W draws 5p at its first turn: no 抢金 any more (valid only at the first tile)
    assert sc.to_act == ["W"] and FZ.instant_win(sc.table, 2) is None


def test_three_golds_down_on_a_draw() -> None:
    # S holds two 金 (9p) and draws the third: it wins whatever its shape
    hands = fill([None, "11m55m99m22p66p33s77s99p", None, None], keep="9p")
    sc = Scenario(FZ, hands, draws="9p", indicator="9p")
    discard(sc, "E", KIND_NAMES[parse_tiles(hands[0])[0]])
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S")[-1] == "三金倒" and sc.table.contexts[1].instant == "三金倒"
    # B = 0 + 3 + 0 + 5 = 8: 2*8 + 40 = 56 from each
    assert sc.deltas() == {"E": -56, "S": 168, "W": -56, "N": -56}
    check_paper_path(sc.table)


def test_the_dealer_dealt_three_golds_wins_at_the_opening() -> None:
    # the dealer's 17 tiles hold the three 金 (the fourth is turned up): 三金倒 at once
    sc = Scenario(FZ, fill(["+9p9p9p", None, None, None]), indicator="9p")
    assert sc.table.phase is Phase.OPENING and sc.to_act == ["E"]
    sc.play("E win")
    assert sc.table.contexts[0].instant == "三金倒" and sc.items("E")[-1] == "三金倒"
    # B = 0 + 3 + 0 + 5: 2*8 + 40 = 56 from each
    assert sc.deltas() == {"E": 168, "S": -56, "W": -56, "N": -56}
    check_paper_path(sc.table)


# ------------------------------------------------------------ discarding 金


@pytest.mark.parametrize("rule", ["hand", "round", "forbidden"])
def test_discarding_gold(rule: str) -> None:
    rs = Fuzhou(gold_discard=rule)
    # S could pung 9p with a plain pair if 9p were not the 金 … it is never claimed
    hands = fill(["+9p", "123s456s789s123p45p6s7s", None, None])
    sc = Scenario(rs, hands, indicator="9p")
    if rule == "forbidden":
        assert "discard 9p" not in sc.offers("E")  # 本系统设置为金牌不允许打出
        return
    assert "discard 9p" in sc.offers("E")
    sc.play("E discard 9p")
    # nobody may chow, pung, kong or win on a 金
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"]


@pytest.mark.parametrize("rule,again", [("hand", False), ("round", True)])
def test_the_gold_discarder_may_only_self_draw(rule: str, again: bool) -> None:
    # E discards its 金 and waits on 6s; S discards 6s: no win for E.  After
    # E's next turn (FZ-A's 本圈) it may win on a discard again; FZ-B: never.
    hands = fill(["123s456s789s123p444p6s9p", None, None, None], keep="6s2m5m1p6s")
    sc = Scenario(Fuzhou(gold_discard=rule), hands, draws="6s2m5m1p6s", indicator="9p")
    pass_opening(sc)  # (E is complete: 天胡 passed)
    discard(sc, "E", "9p")  # E waits on 6s (a pair)
    sc.play("S discard 6s")
    assert not sc.can("E", "win")  # 打金牌的人只能自摸
    discard(sc, "S", "6s") if False else None
    while sc.table.phase is Phase.CLAIMS:
        sc.play(f"{sc.to_act[0]} pass")
    discard(sc, "W", "2m")
    discard(sc, "N", "5m")
    assert sc.to_act == ["E"]
    discard(sc, "E", "1p")  # E's next turn: FZ-A's go-around is over
    sc.play("S discard 6s")
    assert sc.can("E", "win") == again


# ------------------------------------------------------------ calls


@pytest.mark.parametrize("call", ["chow", "pung"])
def test_no_kong_in_the_turn_of_a_chow_or_pung(call: str) -> None:
    # S holds 5555s; it chows E's 8m (with 67m) or pungs E's 7p (with 77p)
    # and may not kong 5s in that turn ("只能在下一次抓进牌后才能开杠")
    tile, held, move = ("8m", "67m", "chow 678m") if call == "chow" else ("7p", "77p", "pung")
    hands = fill([f"+{tile}", f"+5555s{held}", None, None])
    sc = Scenario(FZ, hands, indicator="9p")
    discard(sc, "E", tile, answer={"S": move})
    assert sc.to_act == ["S"] and not any("kong" in o for o in sc.offers("S"))
    for _ in range(12):
        idle_turn(sc)
        if sc.table.phase is Phase.TURN and sc.table.turn == 1:
            break
    assert sc.table.turn == 1 and "concealed kong 5s" in sc.offers("S")


S_SPARROW = "123m456m789m123p56p9p9p"  # two 金 as the pair, waits 4p/7p (金雀)
N_PLAIN = "123s456s789s123s5p6p44s"  # waits 4p/7p, no 金


@pytest.mark.parametrize("sparrow", [True, False])
def test_nearest_seat_wins_a_discard_except_a_golden_sparrow(sparrow: bool) -> None:
    # W discards 4p: N (its next seat) and S both win on it; S's win is a
    # 金雀, which comes first ("不论位置先后，金雀优先胡"); without the 金
    # pair S is plain and the nearest seat, N, wins (截胡)
    s_hand = S_SPARROW if sparrow else "123m456m789m123p56p1s1s"
    hands = fill([None, s_hand, "+4p", N_PLAIN], keep="9m2s8s7m9s")
    sc = Scenario(FZ, hands, draws="9m2s8s7m9s", indicator="9p")
    pass_opening(sc)  # (S and N could 抢金; passing it bars their discard wins until they draw)
    discard(sc, "E", KIND_NAMES[parse_tiles(hands[0])[0]])
    for who, tile in (("S", "9m"), ("W", "2s"), ("N", "8s"), ("E", "7m"), ("S", "9s")):
        discard(sc, who, tile)
    assert sc.to_act == ["W"]
    sc.play("W discard 4p")
    assert "win" in sc.offers("S") and "win" in sc.offers("N")
    sc.play("N win", "S win")
    winner = "S" if sparrow else "N"
    assert sc.winners == [winner]
    if sparrow:
        assert sc.items("S")[-1] == "金雀"
        # B = 0 + 2 + 0 + 5 = 7; FZ-B: 2*7 + 60 from the discarder
        assert sc.deltas() == {"E": 0, "S": 74, "W": -74, "N": 0}
    check_paper_path(sc.table)


def test_any_tile_hand_wins_only_by_self_draw() -> None:
    # 闲金: five sets and a lone 金 win on any tile: not on E's discard, on S's own draw
    hands = fill([None, "123m456m789m123p456p9p", None, None], keep="5s")
    sc = Scenario(FZ, hands, draws="5s", indicator="9p")
    pass_opening(sc)
    e_tile = KIND_NAMES[parse_tiles(hands[0])[0]]
    sc.play(f"E discard {e_tile}")
    assert not sc.can("S", "win")
    while sc.table.phase is Phase.CLAIMS:
        sc.play(f"{sc.to_act[0]} pass")
    assert sc.to_act == ["S"] and "win" in sc.offers("S")
    sc.play("S win")
    assert sc.table.contexts[1].self_drawn


# ------------------------------------------------------------ the reserve and the last four tiles


def test_the_reserve_grows_with_kongs_and_four_identical_flowers() -> None:
    # N is dealt four 东: +2 kept back ("4个一样的花也算暗杠多留两张")
    hands = fill([None, None, None, "+1z1z1z1z"], keep="1s2s3s4s")
    sc = Scenario(FZ, hands, tail="1s2s3s4s9p")  # N's four replacements, then the 金
    t = sc.table
    assert FZ.reserve_extra(t) == 2 and t.live_tiles == len(t.remaining_wall()) - 20
    assert FZ.score_hand("123m456m789m123p456p5s", win_tile="5s", flowers="1z1z1z1z",
                         context={"gold": "9p"}).sheet.items[0].count == 6


@pytest.mark.parametrize("kong,kept", [("exposed", 19), ("concealed", 20)])
def test_the_reserve_grows_with_kongs(kong: str, kept: int) -> None:
    # 明杠 +1, 暗杠 +2 ("每当有人有一个明杠则多留1张，有一个暗杠则多留2张")
    if kong == "exposed":
        hands = fill(["+5s", "+555s", None, None], keep="1s")
        sc = Scenario(FZ, hands, tail="1s", indicator="9p")
        discard(sc, "E", "5s", answer={"S": "kong"})
    else:
        hands = fill([None, "+555s", None, None], keep="5s1s")
        sc = Scenario(FZ, hands, draws="5s", tail="1s", indicator="9p")
        discard(sc, "E", KIND_NAMES[parse_tiles(hands[0])[0]])
        sc.play("S kong 5s")
    t = sc.table
    assert t.kongs_made == 1 and t.live_tiles == len(t.remaining_wall()) - kept
    check_invariants(t)


def test_the_last_four_tiles() -> None:
    # the last four drawable tiles are drawn one each: a winning draw is
    # taken at once (自摸), any other is laid aside (no claims), and a flower
    # drawn there is dead (not replaced: "最后一组牌不再补花和出牌")
    greedy = GreedyBot()
    seen_zone = dead = forced = 0
    for seed in range(40):
        t = Table(FZ, seed=seed)
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            if t.phase is Phase.TURN and t.in_self_draw_zone:
                seen_zone += 1
                kinds = {a.kind for a in legal}
                assert kinds <= {ActionKind.DISCARD, ActionKind.WIN}
                if ActionKind.WIN in kinds:
                    assert len(legal) == 1  # the server wins for the seat
                    forced += 1
                else:
                    assert [a.tile for a in legal] == [t.drawn]
                flowers, tail = sum(map(len, t.flowers)), t.tail
                t.apply(legal[0])
                if not t.is_over:
                    assert t.phase is Phase.TURN  # nobody may claim a tile laid aside
                    if sum(map(len, t.flowers)) > flowers:
                        assert t.tail == tail  # a dead flower: no replacement
                        dead += 1
                continue
            # before the zone nobody wins (the greedy bots get ready)
            options = [a for a in legal if a.kind is not ActionKind.WIN]
            t.apply(greedy.choose(t, seat, options))
        check_invariants(t)
    assert (seen_zone > 50, forced > 0, dead > 0) == (True, True, True), (seen_zone, forced, dead)


# ------------------------------------------------------------ dealer and streak


def test_the_dealer_stays_on_a_win_or_a_draw_and_the_streak_counts() -> None:
    m = Match(FZ, [GreedyBot() for _ in range(4)], seed=11, hands=40, keep_tables=True)
    results = m.play()
    assert sum(m.totals) == 0
    stays = 0
    for before, after, table in zip(results, results[1:], m.tables):
        if not before.winners or before.dealer in before.winners:
            assert after.dealer == before.dealer and after.streak == before.streak + 1
            stays += 1
        else:
            assert after.dealer == (before.dealer + 1) % 4 and after.streak == 0
        for s in table.winners:
            assert table.contexts[s].extra["streak"] == before.streak
    assert stays > 3


def test_records_of_stacked_hands_replay() -> None:
    sc = Scenario(FZ, fill([HEAVEN_E, None, READY_W, None]), indicator="9p")
    sc.play("W win", "E win")
    assert replay(dumps(sc.table.events), ruleset=FZ).events == sc.table.events


# ------------------------------------------------------------ 金坎 (declared in play)

KAN_S = "123m456m789m456p33p1p3p"
"""S: five sets and a pair with 1p 3p, around a 2p 金 (ready at the deal)."""
KAN_DRAWS = "9s5s7s8s1p6s7s9m2p"
"""S draws 9s (declares 金坎 with it), later 1p (a win of the shape, refused) and the 金 2p."""


def kan_scenario(rs: Fuzhou = FZ, gold: str = "2p", s_hand: str = KAN_S, draws: str = KAN_DRAWS) -> Scenario:
    sc = Scenario(rs, fill([None, s_hand, None, None], gold, keep=draws), draws=draws, indicator=gold)
    pass_opening(sc)  # (S could take the displayed 金: 抢金, passed)
    idle_turn(sc)  # E discards
    until_turn(sc, "S")
    return sc


def until_turn(sc: Scenario, who: str) -> None:
    """Every seat discards what it drew and passes every claim until ``who``'s turn."""
    while not (sc.to_act == [who] and sc.table.phase is Phase.TURN):
        idle_turn(sc)


def test_gold_kan_declared_in_play_and_won_on_a_self_drawn_gold() -> None:
    """"开2万金，只能用1、3万开听，听牌时必须亮出1、3万，暗牌里不能有金，听牌后不能换牌：
    除了可以开杠和摸金自摸外，摸啥打啥 … 金坎只能自摸，与金将一样大"."""
    sc = kan_scenario()
    assert sc.drawn == "9s" and "ready 9s" in sc.offers("S")
    assert [o for o in sc.offers("S") if o.startswith("ready")] == ["ready 9s"]  # only the 金坎 discard
    sc.play("S ready 9s")
    t = sc.table
    assert t.declared[1] and t.ready_shown[1] == tuple(parse_tiles("1p3p"))
    assert sc.events("ready") == [{"type": "ready", "seat": 1, "shown": ["1p", "3p"]}]
    assert t.observe(3)["ready_shown"][1] == parse_tiles("1p3p")  # every seat sees them
    until_turn(sc, "S")
    # 1p completes the tiles (11p 333p) but is no 金: 摸啥打啥
    assert sc.drawn == "1p" and sc.offers("S") == ["discard 1p"]
    sc.play("S discard 1p")
    until_turn(sc, "S")
    assert sc.drawn == "2p" and "win" in sc.offers("S")
    sc.play("S win")
    assert sc.winners == ["S"] and sc.items("S") == ["金", "底", "金坎"]
    assert t.contexts[1].declared_ready and t.contexts[1].extra["gold_kan"]
    # B = 0 + 1 + 0 + 5 = 6; S = 金坎 60 (平胡 30 also, the highest counts): 2*6 + 60 from each
    assert sc.deltas() == {"E": -72, "S": 216, "W": -72, "N": -72}
    assert check_paper_path(t) == 1
    again = replay(dumps(t.events), ruleset=FZ)
    assert again.deltas() == t.deltas() and again.ready_shown == t.ready_shown


def test_gold_kan_value_option_and_the_declaration_switched_off() -> None:
    sc = kan_scenario(Fuzhou(gold_kan=120))
    sc.play("S ready 9s")
    while not sc.table.is_over:
        if sc.to_act == ["S"] and sc.table.phase is Phase.TURN and sc.drawn == "2p":
            sc.play("S win")
        else:
            idle_turn(sc)
    assert sc.deltas()["S"] == 3 * (2 * 6 + 120)
    sc = kan_scenario(Fuzhou(gold_kan_declare=False))
    assert not [o for o in sc.offers("S") if o.startswith("ready")]


def test_gold_kan_is_refused_on_a_discard() -> None:
    # declared, S may not win on another seat's 1p although its tiles make a hand
    sc = kan_scenario(draws="9s5s1p")
    sc.play("S ready 9s")
    until_turn(sc, "N")
    assert sc.drawn == "1p"
    sc.play("N discard 1p")
    assert not sc.can("S", "win")  # 金坎只能自摸


@pytest.mark.parametrize("s_hand,gold,why", [
    ("123m456m789m456p3p1p3p2p", "2p", "a 金 held: 暗牌里不能有金"),
    ("123m456m789m234p55s1p3p", "2p", "a 金 held in a set (234p): 暗牌里不能有金"),
    ("123m456m789m456p33p1p3p", "5p", "1p 3p are not around a 5p 金"),
    ("123m456m789m45p33p1p3p6s", "2p", "the rest is not in sets and a pair"),
])
def test_gold_kan_is_not_offered_when_the_seed_conditions_fail(s_hand: str, gold: str, why: str) -> None:
    sc = kan_scenario(gold=gold, s_hand=s_hand, draws="9s5s7s8s")
    assert not [o for o in sc.offers("S") if o.startswith("ready")], why


def test_gold_kan_wraps_around_a_one_and_is_a_pure_flush() -> None:
    """"1万的金坎用2、9万听": with a 1m 金 the 坎 is 9m-1m-2m; all 万 with the
    金 as itself (死金): 清一色 240 beats 金坎 60."""
    s_hand = "345m456m567m777m88m2m9m"
    sc = kan_scenario(gold="1m", s_hand=s_hand, draws="9s5s7s8s1p6s7s9p1m")
    assert "ready 9s" in sc.offers("S")
    sc.play("S ready 9s")
    assert sc.table.ready_shown[1] == tuple(parse_tiles("2m9m"))
    while not sc.table.is_over:
        if sc.to_act == ["S"] and sc.table.phase is Phase.TURN and sc.drawn == "1m":
            assert "win" in sc.offers("S")
            sc.play("S win")
        else:
            idle_turn(sc)
    assert sc.winners == ["S"] and sc.items("S")[-1] == "清一色"
    assert sc.deltas()["S"] == 3 * (2 * 6 + 240)
    assert check_paper_path(sc.table) == 1


def test_gold_kan_wraps_around_a_nine() -> None:
    s_hand = "123p456p789s123s55s8m1m"
    sc = kan_scenario(gold="9m", s_hand=s_hand, draws="9s5s7s8s1p6s7s9p9m")
    sc.play("S ready 9s")
    assert sc.table.ready_shown[1] == tuple(parse_tiles("1m8m"))
    while not sc.table.is_over:
        if sc.to_act == ["S"] and sc.table.phase is Phase.TURN and sc.drawn == "9m":
            sc.play("S win")
        else:
            idle_turn(sc)
    assert sc.winners == ["S"] and sc.items("S")[-1] == "金坎"
    assert check_paper_path(sc.table) == 1  # (the wrapped 坎: no set for the kernel, read as 7-8-9)
    r = FZ.score_hand("123p456p789s123s55s8m1m", win_tile="9m", winner=1, context={"gold": "9m", "gold_kan": True})
    assert r.sheet.names()[-1] == "金坎" and r.settlement.deltas(4) == [-72, 216, -72, -72]
    with pytest.raises(IllegalWinError, match="not a winning hand"):  # undeclared, no set
        FZ.score_hand("123p456p789s123s55s8m1m", win_tile="9m", winner=1, context={"gold": "9m"})


def test_luoyuan_declares_gold_kan_as_fuzhou() -> None:
    """罗源 plays 福州's 金坎 (PROPOSAL: the seed breaks off after the calls)."""
    ly = Luoyuan()
    r = ly.score_hand("123m456m789m456p33p1p3p", win_tile="2p", winner=1, context={"gold": "2p", "gold_kan": True})
    assert r.sheet.names()[-1] == "金坎" and r.settlement.deltas(4) == [-72, 216, -72, -72]
    assert ly.ready_rule is FZ.ready_rule and type(ly).ready_allowed is Fuzhou.ready_allowed


@pytest.mark.parametrize("gold,s_hand", [("2p", "111s456m789m456p33p1p3p"), ("9m", "111p456p789s123s55s1m8m")])
def test_gold_kan_may_kong_when_the_wait_stays(gold: str, s_hand: str) -> None:
    """"除了可以开杠和摸金自摸外，摸啥打啥": a declared 金坎 konges the fourth
    tile of a pung in its rest (the wait on the 金 stays), also a wrapped one."""
    pung = s_hand[:4][-1]
    fourth = s_hand[0] + pung
    draws = "9s5s7s8s" + fourth + "6s7s9p" + gold
    sc = Scenario(FZ, fill([None, s_hand, None, None], gold, keep=draws + "6p"), draws=draws, tail="6p",
                  indicator=gold)
    pass_opening(sc)
    idle_turn(sc)
    until_turn(sc, "S")
    sc.play("S ready 9s")
    until_turn(sc, "S")
    assert sc.drawn == fourth and sc.offers("S") == [f"discard {fourth}", f"concealed kong {fourth}"]
    sc.play(f"S kong {fourth}")
    assert sc.drawn == "6p" and sc.offers("S") == ["discard 6p"]
    sc.play("S discard 6p")
    while not sc.table.is_over:
        if sc.to_act == ["S"] and sc.table.phase is Phase.TURN and sc.drawn == gold:
            sc.play("S win")
        else:
            idle_turn(sc)
    assert sc.winners == ["S"] and sc.items("S")[-1] == "金坎" and "花" in sc.items("S")  # (暗杠 = 2 花)
    assert check_paper_path(sc.table) == 1
