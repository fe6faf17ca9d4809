"""The engine's situational rules, each proven by a scripted scenario on a
stacked wall (mahjong_core.scenario): what is offered, and what happens.

Seats are named by their wind (E deals).  Every scenario asserts the offers
at the step where the rule bites and the outcome of the hand.
"""

from __future__ import annotations

import pytest
from mahjong_core.engine import Phase, Table
from mahjong_core.errors import MahjongError
from mahjong_core.records import RecordError, dumps, replay
from mahjong_core.rules import Ruleset
from mahjong_core.scenario import Scenario, ScenarioError, stack_wall
from mahjong_core.tiles import KIND_NAMES, parse_tiles
from reference.engine_invariants import check_invariants

BASE = Ruleset()


class NoBanRules(Ruleset):
    """The base rules without the 漏胡 ban."""

    name = "test-no-missed-win-ban"
    missed_win_ban = False


# ---------------------------------------------------------------- the harness

# West waits on 1z/2z; East holds one 1z, South one 2z.
WEST_WAITS_1Z_2Z = [
    "147m258p369s13455z",  # E (dealer, 14 tiles)
    "258m369p147s2366z",  # S
    "123m456p789s1122z",  # W
    "369m147p258s4677z",  # N
]


def test_the_stacked_wall_deals_the_hands_and_draws_in_order() -> None:
    sc = Scenario(BASE, WEST_WAITS_1Z_2Z, draws="9p9m1s", tail="8s")
    t = sc.table
    for wind, hand in zip("ESWN", WEST_WAITS_1Z_2Z):
        assert sorted(t.concealed_tiles(sc.seat(wind))) == sorted(parse_tiles(hand))
    assert sorted(t.wall) == sorted(BASE.wall_tiles())
    assert KIND_NAMES[t.wall[t.head]] == "9p" and KIND_NAMES[t.wall[-1]] == "8s"
    sc.play("E discard 1z", "W pass")
    assert sc.to_act == ["S"] and sc.drawn == "9p"
    sc.play("S discard 9p")
    assert sc.to_act == ["W"] and sc.drawn == "9m"
    check_invariants(t)


def test_a_dealer_other_than_seat_0_names_seats_by_wind() -> None:
    sc = Scenario(BASE, WEST_WAITS_1Z_2Z, dealer=2)
    assert sc.seat("E") == 2 and sc.seat("W") == 0 and sc.name(2) == "E"
    assert sorted(sc.table.concealed_tiles(0)) == sorted(parse_tiles(WEST_WAITS_1Z_2Z[2]))
    sc.play("E discard 1z")
    assert sc.to_act == ["W"] and sc.table.to_act == [0]


def test_a_stacked_hand_replays_from_its_record() -> None:
    sc = Scenario(BASE, WEST_WAITS_1Z_2Z, draws="9p9m1s1z")
    sc.play("E discard 1z", "W pass", "S discard 2z", "W pass", "W discard 9m", "N discard 1s", "E discard 1z",
            "W win")
    head = sc.events("header")[0]
    assert head["wall"] == [KIND_NAMES[k] for k in sc.wall]
    again = replay(dumps(sc.table.events), ruleset=BASE)
    assert again.events == sc.table.events and again.winners == sc.table.winners
    # a header whose wall is not the set's tiles is a bad record
    bad = dumps(sc.table.events).replace('"wall": ["1m"', '"wall": ["2m"', 1)
    with pytest.raises(RecordError, match="line 1"):
        replay(bad, ruleset=BASE)


def test_a_wall_must_be_the_sets_tiles() -> None:
    tiles = BASE.wall_tiles()
    with pytest.raises(MahjongError, match="2m 5 times .wants 4."):
        Table(BASE, wall=tiles[:-1] + [1])
    with pytest.raises(MahjongError, match="got 135 tiles"):
        Table(BASE, wall=tiles[:-1])
    with pytest.raises(MahjongError, match="not a tile id"):
        Table(BASE, wall=tiles[:-1] + [99])
    t = Table(BASE, wall=tiles)  # sorted: a legal (if dull) wall
    assert t.wall[t.head] == tiles[53] and t.stacked


@pytest.mark.parametrize(
    ("hands", "draws", "match"),
    [
        (WEST_WAITS_1Z_2Z[:3], "", "4 hands"),
        (["147m258p369s1345z", *WEST_WAITS_1Z_2Z[1:]], "", "hand of E .dealer.*13 tiles, wants 14"),
        (WEST_WAITS_1Z_2Z, "1z1z", "1z 5 times"),
        (WEST_WAITS_1Z_2Z, "1x", "draws"),
    ],
)
def test_bad_scenarios_are_typed_errors(hands: list[str], draws: str, match: str) -> None:
    with pytest.raises(ScenarioError, match=match):
        Scenario(BASE, hands, draws=draws)


def test_bad_moves_name_the_step_and_change_nothing() -> None:
    sc = Scenario(BASE, WEST_WAITS_1Z_2Z)
    sc.play("E discard 1z")
    before = (dumps(sc.table.events), [bytes(h) for h in sc.table.hands], sc.table.phase)
    for move, match in [
        ("W fly", "step 2: unknown move 'fly'"),
        ("W chow 123m", "step 2: 'W chow 123m' is not legal.*offered to W: \\['pung', 'win', 'pass'\\]"),
        ("S pass", "step 2: .*not to act"),
        ("X pass", "step 2: .*unknown seat 'X'"),
        (("W", "discard 9q"), "step 2: .*discard 9q"),
    ]:
        with pytest.raises(ScenarioError, match=match) as e:
            sc.play(move)
        assert e.value.step == 2
        assert (dumps(sc.table.events), [bytes(h) for h in sc.table.hands], sc.table.phase) == before
    sc.play(("W", "win"))
    assert sc.winners == ["W"]


def test_stack_wall_puts_the_tail_at_the_back() -> None:
    w = stack_wall(BASE, WEST_WAITS_1Z_2Z, draws="9p", tail="8s7s")
    assert [KIND_NAMES[k] for k in (w[53], w[-1], w[-2])] == ["9p", "8s", "7s"]
    with pytest.raises(ScenarioError, match="flips no indicator"):
        stack_wall(BASE, WEST_WAITS_1Z_2Z, indicator="5m")


# ---------------------------------------------------------------------- 漏胡


def test_missed_win_ban_is_set_by_a_passed_win_and_lifted_by_the_own_draw() -> None:
    sc = Scenario(BASE, WEST_WAITS_1Z_2Z, draws="9p9m1s1z")
    sc.play("E discard 1z")
    assert sc.offers("W") == ["pung", "win", "pass"]
    sc.play("W pass")  # W declines a win: 漏胡
    sc.play("S discard 2z")
    assert sc.offers("W") == ["pung", "pass"]  # the ban: W may not win on a discard
    sc.play("W pass")
    assert sc.drawn == "9m" and sc.to_act == ["W"]  # W's own draw lifts the ban
    sc.play("W discard 9m", "N discard 1s", "E discard 1z")
    assert sc.offers("W") == ["pung", "win", "pass"]
    sc.play("W win")
    assert sc.winners == ["W"] and sc.deltas() == {"E": -1, "S": 0, "W": 1, "N": 0}
    assert sc.events("win")[0]["discarder"] == sc.seat("E")


def test_without_the_ban_a_passed_win_may_be_taken_on_the_next_discard() -> None:
    sc = Scenario(NoBanRules(), WEST_WAITS_1Z_2Z, draws="9p9m1s1z")
    sc.play("E discard 1z", "W pass", "S discard 2z")
    assert sc.offers("W") == ["pung", "win", "pass"]
    sc.play("W win")
    assert sc.winners == ["W"] and sc.deltas() == {"E": 0, "S": -1, "W": 1, "N": 0}


def test_missed_win_ban_is_lifted_by_the_own_call() -> None:
    sc = Scenario(BASE, WEST_WAITS_1Z_2Z, draws="9p6s")
    sc.play("E discard 1z", "W pass", "S discard 2z")
    assert sc.offers("W") == ["pung", "pass"]
    sc.play("W pung", "W discard 9s")  # W waits on 6s / 9s now, without a draw since its pass
    assert sc.to_act == ["N"] and sc.drawn == "6s"
    sc.play("N discard 6s")
    assert sc.offers("W") == ["win", "pass"]  # the call lifted the ban
    sc.play("W win")
    assert sc.winners == ["W"] and sc.deltas() == {"E": 0, "S": 0, "W": 1, "N": -1}


# N and E will wait on 4s (N: 23s, E: 56s); W punged 4s and draws the fourth.
ROB_HANDS = [
    "456m123p789p5s3367z",  # E: discards 7z, draws 6s, discards 6z: waits 4s/7s
    "4s367m258p79s2244z",  # S: feeds W's pung of 4s
    "44s159m369p159s67z",  # W: pungs 4s, draws the fourth
    "123m789m456p2s115z",  # N: draws 3s, discards 5z: waits 1s/4s
]
ROB_DRAWS = "1p3s6s8p4s"
ROB_MOVES = ["E discard 7z", "S discard 4s", "W pung", "W discard 7z", "N discard 5z", "E discard 6z", "S discard 8p"]


class NearestRules(Ruleset):
    """The base rules with one winner per discard or robbed kong: the nearest (截胡)."""

    name = "test-nearest"
    multiple_winners = False


class NoRobRules(Ruleset):
    name = "test-no-rob"
    rob_kong = False


def test_an_added_kong_may_be_robbed_by_every_seat_waiting_on_it() -> None:
    sc = Scenario(BASE, ROB_HANDS, draws=ROB_DRAWS)
    sc.play(*ROB_MOVES)
    assert "added kong 4s" in sc.offers("W")
    sc.play("W added kong 4s")
    assert sc.table.phase is Phase.ROB and sc.to_act == ["N", "E"]
    assert sc.offers("N") == sc.offers("E") == ["win", "pass"]
    assert sc.offers("S") == []
    sc.play("E win", "N win")
    assert sc.winners == ["N", "E"]  # in turn order from the kong's maker
    for w in "NE":
        ctx = sc.table.contexts[sc.seat(w)]
        assert ctx.robbed_kong and not ctx.self_drawn and ctx.discarder == sc.seat("W")
        assert ctx.multiple_winners == 2 and ctx.win_tile == parse_tiles("4s")[0]
    # the kong's maker pays as a discarder would; the kong never completed
    assert sc.deltas() == {"E": 1, "S": 0, "W": -2, "N": 1}
    assert not sc.events("kong") and [str(m) for m in sc.table.melds[sc.seat("W")]] == ["pon 444s"]
    check_invariants(sc.table)


def test_one_robber_only_with_nearest_seat_rules() -> None:
    sc = Scenario(NearestRules(), ROB_HANDS, draws=ROB_DRAWS)
    sc.play(*ROB_MOVES, "W added kong 4s")
    assert sc.offers("N") == sc.offers("E") == ["win", "pass"]
    sc.play("E win", "N win")
    assert sc.winners == ["N"] and sc.deltas() == {"E": 0, "S": 0, "W": -1, "N": 1}


def test_a_passed_rob_completes_the_kong_and_its_maker_draws_from_the_tail() -> None:
    sc = Scenario(BASE, ROB_HANDS, draws=ROB_DRAWS, tail="2p")
    sc.play(*ROB_MOVES, "W added kong 4s", "N pass", "E pass")
    assert sc.to_act == ["W"] and sc.drawn == "2p" and sc.table.after_kong
    assert [str(m) for m in sc.table.melds[sc.seat("W")]] == ["kakan 4444s"]
    assert sc.events("kong")[-1]["meld"] == "kakan 4444s"


def test_no_robbing_where_the_rules_forbid_it() -> None:
    sc = Scenario(NoRobRules(), ROB_HANDS, draws=ROB_DRAWS, tail="2p")
    sc.play(*ROB_MOVES, "W added kong 4s")
    assert sc.to_act == ["W"] and sc.drawn == "2p" and sc.table.phase is Phase.TURN


def test_a_concealed_kong_is_not_robbed() -> None:
    hands = [
        "456m123p789p56s337z",  # E: discards 7z, waits 4s/7s
        "1367m258p79s2244z",  # S
        "444s159m369p159s6z",  # W: draws the fourth 4s
        "123m789m456p23s11z",  # N: waits 1s/4s
    ]
    sc = Scenario(BASE, hands, draws="8p4s", tail="2p")
    sc.play("E discard 7z", "S discard 8p")
    assert sc.drawn == "4s" and "concealed kong 4s" in sc.offers("W")
    sc.play("W concealed kong 4s")
    assert sc.table.phase is Phase.TURN and sc.to_act == ["W"] and sc.drawn == "2p"
    assert sc.events("kong")[-1]["meld"] == "ankan 4444s"


def test_a_missed_win_ban_covers_robbing_a_kong() -> None:
    # N passes a win on E's 1s, then W adds a kong of 4s (N's other wait) before N draws
    hands = [
        "369m147p158s12344z",  # E
        "4s147m258p79s2377z",  # S
        "444s258m369p5566z",  # W
        "123789m456p23s11z",  # N: waits 1s/4s
    ]
    for rs, robbed in ((BASE, False), (NoBanRules(), True)):
        sc = Scenario(rs, hands, draws="9p", tail="2p")
        sc.play("E discard 1s")
        assert sc.offers("N") == ["win", "pass"]
        sc.play("N pass", "S discard 4s")
        assert sc.offers("W") == ["pung", "kong", "pass"] and ("N" in sc.to_act) == robbed
        if robbed:
            assert sc.offers("N") == ["win", "pass"]
            sc.play("N pass")
        sc.play("W pung", "W added kong 4s")
        if robbed:
            assert sc.table.phase is Phase.ROB and sc.offers("N") == ["win", "pass"]
            sc.play("N win")
            assert sc.winners == ["N"] and sc.table.contexts[sc.seat("N")].robbed_kong
        else:
            assert sc.table.phase is Phase.TURN and sc.drawn == "2p" and sc.offers("N") == []


# ------------------------------------------------------- 一炮多响 and 截胡

# E discards 5s: S may chow 456s or win (46s), W may pung (55s), N may win (5s single).
FIVE_S_HANDS = [
    "369m147p159s13467z",  # E
    "123m456p789p46s11z",  # S
    "55s147m258p369s34z",  # W
    "789m234p678s5s222z",  # N
]


def test_one_discard_many_winners() -> None:
    sc = Scenario(BASE, FIVE_S_HANDS)
    sc.play("E discard 5s")
    assert sc.to_act == ["S", "W", "N"]
    assert sc.offers("S") == ["chow 456s", "win", "pass"]
    assert sc.offers("W") == ["pung", "pass"]
    assert sc.offers("N") == ["win", "pass"]
    sc.play("N win", "W pung", "S win")
    assert sc.winners == ["S", "N"] and sc.deltas() == {"E": -2, "S": 1, "W": 0, "N": 1}
    assert all(c.multiple_winners == 2 for c in sc.table.contexts.values())


def test_nearest_seat_takes_the_win_whatever_the_order_of_answers() -> None:
    sc = Scenario(NearestRules(), FIVE_S_HANDS)
    sc.play("E discard 5s", "N win", "W pung", "S win")
    assert sc.winners == ["S"] and sc.deltas() == {"E": -1, "S": 1, "W": 0, "N": 0}
    assert sc.table.contexts[sc.seat("S")].multiple_winners == 1
    # with the nearer seat passing, the farther one wins
    sc = Scenario(NearestRules(), FIVE_S_HANDS)
    sc.play("E discard 5s", "S pass", "W pung", "N win")
    assert sc.winners == ["N"]


def test_claim_priority_win_then_pung_then_chow() -> None:
    sc = Scenario(BASE, FIVE_S_HANDS)
    sc.play("E discard 5s", "S chow 456s", "W pung", "N pass")
    assert sc.to_act == ["W"] and sc.events("call")[-1]["action"] == "pung"
    assert [str(m) for m in sc.table.melds[sc.seat("W")]] == ["pon 555s"]
    sc = Scenario(BASE, FIVE_S_HANDS)
    sc.play("E discard 5s", "S chow 456s", "W pass", "N pass")
    assert sc.to_act == ["S"] and [str(m) for m in sc.table.melds[sc.seat("S")]] == ["chi 456s"]
