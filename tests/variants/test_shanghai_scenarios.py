"""上海麻将's situational rules on stacked walls (mahjong_core.scenario) and
across the hands of a match: 漏胡 for one tile (SH-5), 抢杠 paid by the
konger (SH-4), 承包 after three chows, 杠开, 八花齐 on the deal, 风一色
without a shape, the next dealer after 一炮多响 (SH-6), and 开宝 / 荒番 carried
from one hand to the next (``Ruleset.carry`` through a ``Match``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Action, ActionKind, Phase, Table
from mahjong_core.match import Match
from mahjong_core.records import dumps, replay
from mahjong_core.scenario import Scenario
from mahjong_core.variants.shanghai import Shanghai, kaibao
from reference.engine_invariants import check_invariants

SH = Shanghai()
L = SH.options.lezi


def scenario(hands: Sequence[str], draws: str = "", tail: str = "", *, kb: bool = False) -> Scenario:
    """A scenario whose dice are (or are not) 开宝."""
    for seed in range(200):
        sc = Scenario(SH, hands, draws=draws, tail=tail, seed=seed)
        if kaibao(sc.table.dice) == kb:
            return sc
    raise AssertionError("no seed with those dice")


def pass_claims(sc: Scenario) -> None:
    """Every seat asked about the last discard passes."""
    while sc.table.phase in (Phase.CLAIMS, Phase.ROB):
        who = sc.to_act[0]
        sc.play(f"{who} pass")


def turn(sc: Scenario, who: str, tile: str | None = None) -> None:
    """``who`` discards ``tile`` (default: what it drew), then every claim is passed."""
    sc.play(f"{who} discard {tile or sc.drawn}")
    check_invariants(sc.table)
    pass_claims(sc)


# ------------------------------------------------------------------ 漏胡 (SH-5)

MISSED = [
    "3p147m258s1234z567z",  # E (dealer, 14)
    "6p258m369s1234z56z",  # S
    "45p111p789p22p999p",  # W: waits on 3p / 6p (清一色)
    "3p369m147s1234z57z",  # N
]


def test_sh5_missed_win_covers_only_that_tile() -> None:
    sc = scenario(MISSED, draws="1z2z3z4z5z")
    turn(sc, "E", "7z")
    turn(sc, "S")  # 1z
    turn(sc, "W")  # 2z
    sc.play("N discard 3p")  # N (W's 下家) discards a tile W waits on
    assert sc.offers("W") == ["win", "pass"]
    sc.play("W pass")
    pass_claims(sc)
    sc.play("E discard 3p")  # the same tile from W's 对家
    assert not sc.can("W", "win")  # 漏胡: not on 3p before W moves a tile
    pass_claims(sc)
    sc.play("S discard 6p")  # from W's 上家, a tile W did not pass
    assert sc.can("W", "win")  # the ban covers only 3p
    sc.play("W win")
    pass_claims(sc)
    assert sc.winners == ["W"] and sc.items("W") == ["清一色"]
    assert sc.deltas() == {"E": 0, "S": -L, "W": L, "N": 0}  # only the discarder pays


def test_missed_win_ends_with_the_next_draw() -> None:
    sc = scenario(MISSED, draws="1z2z3z4z5z6z7z8s")
    turn(sc, "E", "7z")
    turn(sc, "S")
    turn(sc, "W")
    sc.play("N discard 3p", "W pass")
    pass_claims(sc)
    turn(sc, "E", "4z")  # E keeps its 3p for later
    turn(sc, "S")  # 5z
    turn(sc, "W")  # W draws 6z: the ban is lifted
    turn(sc, "N")  # 7z
    sc.play("E discard 3p")
    assert sc.can("W", "win")


# ------------------------------------------------------------- 抢杠 (SH-4)


def test_sh4_robbing_an_added_kong_the_konger_pays_three_shares() -> None:
    hands = [
        "9p147m258s12345z67z",  # E discards 9p: N pungs it
        "369m147s1234z567z",  # S
        "123p456p111p22p78p",  # W: waits on 3p / 6p / 9p
        "99p258m369s12345z",  # N
    ]
    sc = scenario(hands, draws="1m2m3m9p")
    sc.play("E discard 9p")
    assert set(sc.offers("W")) == {"win", "pass"} and "pung" in sc.offers("N")
    sc.play("W pass", "N pung")  # W passes its win: 漏胡 on 9p until it draws
    pass_claims(sc)
    sc.play("N discard 5z")
    pass_claims(sc)
    turn(sc, "E")  # 1m
    turn(sc, "S")  # 2m
    turn(sc, "W")  # W draws 3m: its ban is lifted
    assert sc.drawn == "9p" and sc.to_act == ["N"]
    sc.play("N kong 9p")  # 蓄杠
    assert sc.table.phase is Phase.ROB and sc.offers("W") == ["win", "pass"]
    sc.play("W win")
    assert sc.winners == ["W"] and sc.items("W") == ["清一色"]
    ctx = sc.table.contexts[sc.seat("W")]
    assert ctx.robbed_kong and ctx.discarder == sc.seat("N")
    assert sc.deltas() == {"E": 0, "S": 0, "W": 3 * L, "N": -3 * L}
    check_invariants(sc.table)


# --------------------------------------------------------------------- 承包


def test_chengbao_after_three_chows_from_one_seat() -> None:
    hands = [
        "1m4m7m258s1357p135z6z",  # E (14) feeds S three chows
        "23m56m89m11m44z9s9p7z",  # S: 混一色 after 123m 456m 789m, 44z to make a pung
        "2468p369s2z4z6z7z1s5s",  # W
        "13679s1479p3z5z7z6z",  # N
    ]
    sc = scenario(hands, draws="8p8s2m" + "1p1s2s" + "4p4s5s" + "4z")
    sc.play("E discard 1m", "S chow 123m")
    pass_claims(sc)
    turn(sc, "S", "9s")
    turn(sc, "W")
    turn(sc, "N")
    sc.play("E discard 4m")
    sc.play("S chow 456m")
    pass_claims(sc)
    turn(sc, "S", "9p")
    turn(sc, "W")
    turn(sc, "N")
    sc.play("E discard 7m")
    sc.play("S chow 789m")
    pass_claims(sc)
    turn(sc, "S", "7z")
    turn(sc, "W")
    turn(sc, "N")
    turn(sc, "E")  # E discards its draw (5s)
    assert sc.drawn == "4z" and sc.can("S", "win")
    sc.play("S win")
    ctx = sc.table.contexts[sc.seat("S")]
    assert ctx.extra["chengbao"] == (sc.seat("E"),) and ctx.liable == sc.seat("E")
    share = sc.score("S").points
    assert "混一色" in sc.items("S") and share == (2 + 1) * 2  # 444z: a wind pung, 1 花
    # each pays a share; E, in 承包 with S, pays 3 shares more
    assert sc.deltas() == {"E": -4 * share, "S": 6 * share, "W": -share, "N": -share}


# ------------------------------------------------------------------ 杠开


def test_gangkai_raises_the_hand_to_one_lezi() -> None:
    hands = [
        "1111m222p333s555z7z",  # E: a concealed kong; the replacement 7z makes 碰碰胡
        "369m147s1234z66z8p",
        "258m369p147s1234z",
        "369m147p258s1234z",
    ]
    sc = scenario(hands, tail="7z")
    sc.play("E kong 1m")
    assert sc.drawn == "7z" and sc.can("E", "win")
    sc.play("E win")
    assert sc.items("E")[-1] == "杠开" and "碰碰胡" in sc.items("E")
    # (2 底花 + 暗杠 2 + 中 pung... here 白 pung 2) × 2 = 12 花, raised to 1 勒子
    assert sc.score("E").points == L
    assert sc.deltas() == {"E": 3 * L, "S": -L, "W": -L, "N": -L}


# ------------------------------------------------------------------ 八花齐


def test_all_eight_flowers_on_the_deal() -> None:
    hands = [
        "1f2f3f4f5f6f7f8f147m25s9p",  # E: all eight flowers dealt
        "369m147s1234z567z",
        "147p258p369s1235z",
        "258m369p147s4567z",
    ]
    sc = scenario(hands, tail="9m9p9s1s2s3s4s5s")
    assert sc.table.phase is Phase.OPENING and sc.offers("E") == ["win", "pass"]
    assert len(sc.table.flowers[0]) == 8
    sc.play("E win")
    assert sc.items("E") == ["八花齐"] and sc.score("E").points == 2 * L
    assert sc.deltas() == {"E": 6 * L, "S": -2 * L, "W": -2 * L, "N": -2 * L}


def test_all_eight_flowers_may_be_declined() -> None:
    hands = [
        "1f2f3f4f5f6f7f8f147m25s9p",
        "369m147s1234z567z",
        "147p258p369s1235z",
        "258m369p147s4567z",
    ]
    sc = scenario(hands, tail="9m9p9s1s2s3s4s5s")
    sc.play("E pass")
    assert sc.table.phase is Phase.TURN and sc.can("E", "win")  # offered again on its turn


# ----------------------------------------------------------- 风一色 (乱风向)


def test_jumbled_honours_win_without_a_shape() -> None:
    hands = [
        "7z147m258p369s1m4p7s2m",  # E discards 7z
        "1234567z123456z",  # S: thirteen honours, no shape
        "147p258p369s1m5m8m9m",
        "258m369p147s2s5s8s9s",
    ]
    sc = scenario(hands)
    sc.play("E discard 7z")
    assert "win" in sc.offers("S")
    sc.play("S win")
    pass_claims(sc)
    assert sc.items("S") == ["风一色"] and sc.deltas() == {"E": -2 * L, "S": 2 * L, "W": 0, "N": 0}


# ------------------------------------------------- 一炮多响 and the next dealer (SH-6)


def test_sh6_two_winners_and_the_next_dealer() -> None:
    hands = [
        "147m258s369p1234z7z",  # E (14)
        "5z147m258s369p123z",  # S discards 5z
        "123p456p789p111p5z",  # W: 混一色, waits on 5z
        "123s456s789s111s5z",  # N: 混一色, waits on 5z
    ]
    sc = scenario(hands, draws="4z")
    turn(sc, "E", "7z")
    sc.play("S discard 5z")
    sc.play("W win", "N win")
    pass_claims(sc)
    assert sorted(sc.winners) == ["N", "W"]
    assert sc.table.winners == [sc.seat("W"), sc.seat("N")]  # from the discarder in turn order
    assert SH.next_dealer(sc.table) == sc.seat("N")  # W is nearest: its 下家 N deals
    share = (2 + 0) * 2
    assert sc.deltas() == {"E": 0, "S": -2 * share, "W": share, "N": share}
    sc.table.carry = {"huangfan": 3}  # as if the match had carried 荒番(3) into this hand
    assert SH.carry(sc.table) == {"huangfan": 2}  # one hand won (PROPOSAL)
    assert Shanghai(huangfan_per_winner=True).carry(sc.table) == {"huangfan": 1}


def test_a_dead_wall_is_never_drawn() -> None:
    sc = Scenario(Shanghai(dead_wall=14), MISSED)
    sc.idle()
    if not sc.table.is_over:
        turn(sc, sc.to_act[0])  # the last discard: then nothing is left to draw
    assert sc.table.is_over and not sc.winners and len(sc.table.remaining_wall()) == 14
    sc = scenario(MISSED)
    sc.idle()
    if not sc.table.is_over:
        turn(sc, sc.to_act[0])
    assert sc.table.is_over and sc.table.remaining_wall() == []  # §1.10: every tile is drawn


def test_records_of_scenarios_replay() -> None:
    sc = scenario(MISSED, draws="1z2z3z4z5z")
    sc.idle()
    assert sc.table.is_over and not sc.winners
    assert replay(dumps(sc.table.events), ruleset=SH).events == sc.table.events


# ----------------------------------------------------- 荒番 and 开宝 across a match


class Idle:
    """Never wins or calls: discards what it drew (or its first tile)."""

    def choose(self, table: Table, seat: int, legal: Sequence[Action]) -> Action:
        for a in legal:
            if a.kind is ActionKind.PASS:
                return a
        drawn = [a for a in legal if a.kind is ActionKind.DISCARD and a.tile == table.drawn]
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        return drawn[0] if drawn else discards[0]


def test_huangfan_is_carried_to_the_next_hands() -> None:
    m = Match(SH, [Idle() for _ in range(4)], seed=3, hands=10, keep_tables=True)
    for _ in range(3):  # three drawn hands: 荒番 1, 2, 3
        m.play_hand()
    assert [r.winners for r in m.results] == [(), (), ()]
    assert [r.carry for r in m.results] == [{}, {"huangfan": 1}, {"huangfan": 2}]
    assert m.carry == {"huangfan": 3} and all(r.dealer == m.first_dealer for r in m.results)  # a draw keeps the dealer
    m.bots = [GreedyBot() for _ in range(4)]
    while not m.results[-1].winners:
        m.play_hand()
    won = m.results[-1]
    t = m.tables[-1]
    assert won.carry["huangfan"] >= 3
    w = t.winners[0]
    sheet, ctx = t.scores[w], t.contexts[w]
    assert "荒番" in sheet.names() and ctx.extra["huangfan"] == won.carry["huangfan"]
    plain = SH.score(replace(ctx, extra={**ctx.extra, "huangfan": 0}))
    assert sheet.points == 2 * plain.points  # ×2, not ×2^3 (G3)
    assert m.carry == {"huangfan": won.carry["huangfan"] - 1}  # one win takes one off
    assert m.dealer == (w if len(t.winners) == 1 else (t.winners[0] + 1) % 4)


def test_kaibao_doubles_a_hand_won_in_play() -> None:
    found = 0
    for seed in range(400):
        t = Table(SH, seed=seed)
        if not kaibao(t.dice):
            continue
        g = GreedyBot()
        while not t.is_over:
            s = t.to_act[0]
            t.apply(g.choose(t, s, t.legal_actions(s)))
        for w in t.winners:
            sheet, ctx = t.scores[w], t.contexts[w]
            assert "开宝" in sheet.names()
            plain = SH.score(replace(ctx, extra={**ctx.extra, "dice": (2, 5)}))
            assert sheet.points == 2 * plain.points
            found += 1
        if found >= 3:
            break
    assert found >= 3


def test_all_eight_flowers_when_the_eighth_is_drawn() -> None:
    hands = [
        "147m258p369s1234z7z",  # E (14) discards 7z
        "1f2f3f4f5f6f7f147m25s6z",  # S: seven flowers dealt
        "147p258p369s1235z",
        "258m369p147s4567z",
    ]
    sc = scenario(hands, draws="8f", tail="9m9p9s1s2s3s4s5s")
    assert sc.table.phase is Phase.TURN and len(sc.table.flowers[1]) == 7
    assert sc.offers("E")[-1] != "win"
    turn(sc, "E", "7z")
    assert len(sc.table.flowers[sc.seat("S")]) == 8 and sc.can("S", "win")  # the 8th flower, then its replacement
    sc.play("S win")
    assert sc.items("S") == ["八花齐"]
    assert sc.deltas() == {"E": -2 * L, "S": 6 * L, "W": -2 * L, "N": -2 * L}
