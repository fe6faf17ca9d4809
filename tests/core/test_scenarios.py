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
