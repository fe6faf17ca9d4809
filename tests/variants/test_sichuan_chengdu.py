"""成都 with two and three players (variants-more §11.16: "两人麻将、三人、四人
至七人以上"), as options of the 四川 rule set: ``players`` (2, 3, 4) and
``suit_count`` (两房: 筒 and 条 only, the PROPOSAL default for 2 and 3
players; or all three suits).  Worked hands on paper with the payments
among the players present, scenarios on a stacked wall (a 3-player 血战
hand to the end, 刮风下雨 with 2 and 3 players, 查花猪 / 查大叫 with 3
players) and 1,100 seeded greedy-bot hands split across 2 and 3 players.

Seats are named by their wind (E deals).  b = 1.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from mahjong_core.bots import GreedyBot
from mahjong_core.cli import main
from mahjong_core.engine import OBS_SIZE, Phase, Table
from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.match import Match
from mahjong_core.records import dumps, replay
from mahjong_core.registry import find_variant
from mahjong_core.scenario import Scenario
from mahjong_core.variants.sichuan import Mode, Sichuan, SichuanOptions
from reference.engine_invariants import check_invariants

# ------------------------------------------------------------------ options


def test_players_and_suit_count_options() -> None:
    assert SichuanOptions().players == 4 and SichuanOptions().suit_count == 3
    assert SichuanOptions(players=3).suit_count == 2  # 三人两房 (PROPOSAL)
    assert SichuanOptions(players=2).suit_count == 2  # 两人两房 (PROPOSAL)
    for players, suits, tiles, dingque in ((4, 3, 108, True), (3, 2, 72, False), (2, 2, 72, False),
                                           (3, 3, 108, True), (2, 3, 108, True)):
        rs = Sichuan(players=players, suit_count=suits)
        assert rs.num_players == players and len(rs.wall_tiles()) == tiles
        assert rs.missing_suit is dingque  # 定缺 only with three suits
        assert rs.must_win_last_tiles == (0 if dingque else 4)  # 最后四张自动胡 without 定缺
        assert Sichuan.from_options_json(rs.options_json()).options == rs.options
    assert Sichuan(players=3).suits == (1, 2)  # 两房: 筒 and 条, no 万
    assert find_variant("成都")(players=3).num_players == 3
    assert Sichuan(players=3).describe()["players"] == 4  # the listing shows the defaults


@pytest.mark.parametrize(
    ("options", "word"),
    [
        ({"players": 5}, "players must be 2, 3 or 4"),
        ({"players": True}, "players must be 2, 3 or 4"),
        ({"players": "3"}, "players must be 2, 3 or 4"),
        ({"suit_count": 1}, "suit_count must be 3"),
        ({"suit_count": 2}, "four players use 3"),
        ({"players": 3, "suit_count": True}, "suit_count must be 3"),
    ],
)
def test_bad_options_are_named(options: dict[str, Any], word: str) -> None:
    with pytest.raises(MahjongError, match=word):
        Sichuan(**options)


# ------------------------------------------------------------ on paper


@pytest.mark.parametrize(
    ("players", "context", "deltas"),
    [
        (3, {}, [-9, 18, -9]),  # 清对 4番 = 8, + 自摸加底 1, from each of the two others
        (3, {"won": "2"}, [-9, 9, 0]),  # 血战: seat 2 has won and pays nothing
        (2, {}, [-9, 9]),  # the only opponent pays
    ],
)
def test_self_draw_is_paid_by_the_players_present(players: int, context: dict[str, Any], deltas: list[int]) -> None:
    r = Sichuan(players=players).score_hand("1133355577799s", win_tile="9s", winner=1, context=context)
    assert r.sheet.names() == ["清对"] and r.sheet.total == 4 and r.sheet.points == 8
    assert r.settlement.deltas(players) == deltas


@pytest.mark.parametrize(
    ("players", "hand", "win", "names", "points", "deltas"),
    [
        (3, "123p456p789p234s5s", "5s", ["平胡"], 1, [1, -1, 0]),
        (3, "1122p3344p5566s7s", "7s", ["七对"], 4, [4, -4, 0]),
        (2, "1111p2233p4455s6s", "6s", ["龙七对"], 16, [16, -16]),  # 5番, its 根 not counted again
        (2, "111p222p333p444p9p", "9p", ["清对"], 8, [8, -8]),
    ],
)
def test_discard_wins_are_paid_by_the_discarder(
    players: int, hand: str, win: str, names: list[str], points: int, deltas: list[int]
) -> None:
    r = Sichuan(players=players).score_hand(hand, win_tile=win, winner=0, discarder=1)
    assert r.sheet.names() == names and r.sheet.points == points
    assert r.settlement.deltas(players) == deltas


def test_illegal_wins_and_bad_seats_in_a_smaller_game() -> None:
    three = Sichuan(players=3)
    with pytest.raises(InvalidHandError, match="1m"):  # 两房: no 万 in the set
        three.score_hand("123m456p789p234s5s", win_tile="5s", discarder=2)
    with pytest.raises(IllegalWinError, match="缺门"):  # three suits in play: a win lacks one
        Sichuan(players=3, suit_count=3).score_hand("123m456p789p234s5s", win_tile="5s", discarder=2)
    with pytest.raises(IllegalWinError, match="定缺"):
        Sichuan(players=2, suit_count=3).score_hand("123p456p789p234s5s", win_tile="5s", discarder=1,
                                                    context={"missing": "s"})
    with pytest.raises(IllegalWinError, match="血战到底: seat 2 has already won"):
        three.score_hand("123p456p789p234s5s", win_tile="5s", winner=2, discarder=0, context={"won": [2]})
    with pytest.raises(MahjongError, match="not a seat 0..2"):
        three.score_hand("123p456p789p234s5s", win_tile="5s", discarder=2, context={"won": "3"})
    with pytest.raises(MahjongError, match="winner"):
        three.score_hand("123p456p789p234s5s", win_tile="5s", winner=3)
    with pytest.raises(MahjongError, match="discarder"):
        Sichuan(players=2).score_hand("123p456p789p234s5s", win_tile="5s", discarder=2)


def test_score_command_with_the_players_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "--variant", "成都", "--hand", "1133355577799s", "--win", "9s", "--winner", "1",
            "--self-drawn", "--option", "players=3", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["points"] == 8 and out["net"] == [-9, 18, -9]


# ------------------------------------------------------------ the engine


@pytest.mark.parametrize(("players", "suits"), [(3, None), (2, None), (3, 3), (2, 3)])
def test_a_table_of_two_or_three(players: int, suits: int | None) -> None:
    rs = Sichuan(players=players, suit_count=suits)
    t = Table(rs, seed=3, dealer=players - 1)
    assert t.n == players and len(t.wall) == len(rs.wall_tiles())
    assert sorted(t.seat_wind(s) for s in range(players)) == list(range(players))
    # 定缺 only with three suits; with 两房 the dealer's first turn comes at once
    assert t.phase is (Phase.DECLARE if rs.missing_suit else Phase.TURN)
    assert t.observe_tensor(0).shape == (OBS_SIZE,)
    g = GreedyBot()
    while not t.is_over:
        s = t.to_act[0]
        t.apply(g.choose(t, s, t.legal_actions(s)))
    check_invariants(t)
    assert len(t.deltas()) == players and sum(t.deltas()) == 0
    assert replay(dumps(t.events), ruleset=rs).events == t.events


# ------------------------------------------------------------ scenarios

BLOOD_3 = [
    "147258369p13579s",  # E: discards 7s
    "234p567p123s456s7s",  # S: waits on 7s
    "111p888p999p78s99s",  # W: waits on 6s (the 9s are all out)
]


def test_three_player_xuezhan_to_the_end() -> None:
    """三人两房 血战到底: S wins on E's 7s (平胡, E pays 1) and leaves; W draws
    next (S is out), then E, then W self-draws 6s: only E, still playing,
    pays (平胡 1 + 自摸加底 1).  Two of three have won: the hand is over."""
    rs = Sichuan(players=3)
    sc = Scenario(rs, BLOOD_3, draws="2s3p6s")
    assert sc.table.phase is Phase.TURN  # no 定缺 with two suits
    sc.play("E discard 7s")
    assert sc.offers("S") == ["win", "pass"]
    sc.play("S win")
    assert sc.items("S") == ["平胡"] and sc.payments() == [("E", "S", 1, "点炮")]
    assert not sc.table.is_over and sc.to_act == ["W"] and sc.drawn == "2s"
    sc.play("W discard 2s", "E discard 3p")  # S has left: W, E, W ...
    assert sc.to_act == ["W"] and sc.drawn == "6s"
    assert sc.offers("W")[-1] == "win"
    sc.play("W win")
    t = sc.table
    assert t.is_over and sc.winners == ["S", "W"] and not sc.events("draw_game")
    assert sc.payments()[1:] == [("E", "W", 1, "自摸"), ("E", "W", 1, "自摸加底")]
    assert sc.deltas() == {"E": -3, "S": 1, "W": 2}
    assert 0 <= rs.next_dealer(t) < 3
    check_invariants(t)


KONGS = [
    "4444p123s56s99s11p9p",  # E: concealed kong of 4p, then discards 9p
    "999p234s567s12p88s",  # S: konges E's 9p
    "35678p123456s78s",  # W (three players only)
]


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("payment", ["chengbao", "jiajiayou"])
def test_wind_and_rain_among_the_players_present(players: int, payment: str) -> None:
    """刮风下雨 with 2 and 3 players: E's 暗杠 costs every other seat 2b; S's
    直杠 of E's 9p costs E 2b (承包) and, with 家家有, W 1b."""
    rs = Sichuan(players=players, direct_kong_payment=payment)
    sc = Scenario(rs, KONGS[:players], tail="7s5p")
    sc.play("E concealed kong 4p")
    rain = [("S", "E", 2, "暗杠 4p"), ("W", "E", 2, "暗杠 4p")][: players - 1]
    assert sc.payments() == rain
    assert sc.drawn == "7s"
    sc.play("E discard 9p")
    assert sc.offers("S") == ["pung", "kong", "pass"]
    sc.play("S kong")
    wind = [("E", "S", 2, "直杠 9p")]
    if payment == "jiajiayou" and players == 3:
        wind.append(("W", "S", 1, "直杠 9p"))
    assert sc.payments() == rain + wind
    assert sc.drawn == "5p" and sc.to_act == ["S"]
    check_invariants(sc.table)


AUDIT_3 = [
    "123m456m789m12p55p9m",  # E: ready on 3p (平胡 1番 = 1); the four 3p are W's
    "1113335557779s",  # S: ready on 8s (清一色 3番 = 4) and 9s (清对 4番 = 8); W holds the rest
]


@pytest.mark.parametrize(
    ("west", "expected"),
    [
        # W holds m, p and s: 花猪, pays 16b to each seat that is not
        ("3333p8888s999s15m", [("W", "E", 16, "查花猪"), ("W", "S", 16, "查花猪")]),
        # W void of m but not ready: pays each ready seat its best hand
        ("3333p8888s999s16p", [("W", "E", 1, "查大叫 1番"), ("W", "S", 8, "查大叫 4番")]),
    ],
)
def test_flower_pig_and_ready_check_with_three_players(west: str, expected: list[Any]) -> None:
    """查花猪 / 查大叫 at the draw in a three-player game with the three
    suits (``suit_count=3``, normal mode, no 定缺): nobody can win on the
    way (every copy of E's and S's waits is held by W)."""
    rs = Sichuan(players=3, suit_count=3, mode="normal", dingque=False)
    sc = Scenario(rs, [*AUDIT_3, west])
    sc.play("E discard 9m")
    sc.idle(until_live=-1)
    t = sc.table
    assert t.is_over and not t.winners and sc.events("draw_game")
    assert sc.payments() == expected
    assert sum(t.deltas()) == 0 and rs.next_dealer(t) == t.dealer
    check_invariants(t)


def test_the_seat_names_of_a_three_player_hand() -> None:
    sc = Scenario(Sichuan(players=3), BLOOD_3, draws="6s")
    assert [sc.seat(w) for w in "ESW"] == [0, 1, 2]
    with pytest.raises(MahjongError):
        sc.seat("N")


# ------------------------------------------------------------ bot games


def _play(rs: Sichuan, seed: int, every_step: bool) -> Table:
    t = Table(rs, seed=seed, dealer=seed % rs.num_players)
    g = GreedyBot()
    while not t.is_over:
        if every_step:
            check_invariants(t)
        s = t.to_act[0]
        t.apply(g.choose(t, s, t.legal_actions(s)))
    check_invariants(t)
    return t


RULESETS = [
    Sichuan(players=3), Sichuan(players=2), Sichuan(players=3, suit_count=3), Sichuan(players=2, suit_count=3),
    Sichuan(players=3, mode="normal", direct_kong_payment="jiajiayou"), Sichuan(players=3, exchange_three=True),
    Sichuan(players=2, mode="xueliu", self_draw="jiafan"), Sichuan(players=3, suit_count=3, mode="xueliu"),
]


def test_eleven_hundred_greedy_hands_with_two_and_three_players() -> None:
    ends: Counter[str] = Counter()
    names: Counter[str] = Counter()
    for seed in range(1100):
        rs = RULESETS[seed % len(RULESETS)]
        n = rs.num_players
        t = _play(rs, seed, every_step=seed % 8 < 1)
        d = t.deltas()
        assert len(d) == n and sum(d) == 0
        assert all(0 <= p.payer < n and 0 <= p.payee < n and p.payer != p.payee for p in t.settlement.payments)
        if rs.options.mode is Mode.XUEZHAN:
            assert len(t.winners) <= n - 1 and len(set(t.winners)) == len(t.winners)
            assert len(t.winners) == n - 1 or t.live_tiles == 0  # 血战: all but one, or the wall is out
        elif rs.options.mode is Mode.NORMAL:
            assert len({t.contexts[s].discarder for s in t.winners}) <= 1  # one discard (一炮多响) or self-draw
        for s in set(t.winners):
            names.update(t.scores[s].names())
            held = {k // 9 for k in t.contexts[s].all_kinds}
            assert len(held) <= 2 and (rs.options.suit_count == 3 or 0 not in held)  # 缺门; 两房 has no 万
        assert 0 <= rs.next_dealer(t) < n
        ends[f"{n}p {'won' if t.winners else 'drawn'}"] += 1
    # the bots play both games to wins, with more than the basic hand
    assert ends["3p won"] > 400 and ends["2p won"] > 400
    assert names["平胡"] > 500 and names["根"] > 50 and names["七对"] + names["清一色"] + names["对对胡"] > 30


@pytest.mark.parametrize("players", [2, 3])
def test_a_match_of_two_or_three(players: int) -> None:
    rs = Sichuan(players=players, mode="normal")
    m = Match(rs, [GreedyBot() for _ in range(players)], seed=11, hands=12)
    results = m.play()
    assert len(results) == 12 and len(m.totals) == players and sum(m.totals) == 0
    for before, after in zip(results, results[1:]):
        assert 0 <= after.dealer < players


def test_random_legal_moves_never_stall_a_small_table() -> None:
    for seed in range(40):
        rs = Sichuan(players=2 + seed % 2, suit_count=(2, 3)[seed // 2 % 2])
        t = Table(rs, seed=seed)
        rng = random.Random(seed)
        while not t.is_over:
            s = t.to_act[0]
            t.apply(rng.choice(t.legal_actions(s)))
        check_invariants(t)


def test_xueliu_heavenly_hand_sets_a_tile_aside_and_plays_on() -> None:
    """血流成河 with two players: the dealer wins on the deal (天胡 6番, capped
    at 5 = 16).  It has no drawn tile to set aside, so the highest kind (8s)
    goes to its river; it plays on locked with 13 tiles (an engine crash
    found by the bot games)."""
    sc = Scenario(Sichuan(players=2, mode="xueliu"), ["111222333p45688s", "456789p1235679s"], draws="4p")
    assert sc.offers("E")[-1] == "win"
    sc.play("E win")
    assert sc.items("E") == ["天胡"] and sc.payments() == [("S", "E", 16, "自摸"), ("S", "E", 1, "自摸加底")]
    t = sc.table
    assert not t.is_over and sc.hand("E") == "111222333p4568s" and t.discards[sc.seat("E")] == [25]
    assert sc.to_act == ["S"] and sc.drawn == "4p"
    check_invariants(t)
