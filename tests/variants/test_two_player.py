"""The two-player 71-tile game: hands through ``score_hand`` (the MCR sheet,
the 13-番 cap, the loser pays), illegal wins, options, and scenarios on a
stacked wall (the 71-tile wall, chow from the opponent, 海底捞月 at the end
of the wall, the dealer rule)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.errors import IllegalWinError, MahjongError
from mahjong_core.match import Match
from mahjong_core.registry import find_variant
from mahjong_core.scenario import Scenario
from mahjong_core.variants import two_player as mod
from mahjong_core.variants.two_player import TwoPlayer

RULES = TwoPlayer()


def test_names_tiles_and_the_71_tile_wall() -> None:
    for name in ("two_player", "二人麻将", "两人麻将", "two_player-v1"):
        assert find_variant(name) is TwoPlayer
    assert TwoPlayer.num_players == 2 and len(RULES.wall_tiles()) == 136
    t = Table(RULES, seed=4)
    # 14 + 13 dealt; 71 - 27 = 44 left to draw, the other 65 never drawn
    assert [sum(h) for h in t.hands] == [14, 13] and t.live_tiles == 44


def test_the_cap_limits_what_the_loser_pays() -> None:
    # 清龙 16 + 门前清 2 + 平和 2 + 喜相逢 1 + 缺一门 1 + 单钓将 1 = 23 番, paid as 13
    r = RULES.score_hand("123m456m789m123p5p", win_tile="5p", winner=1, dealer=0, discarder=0)
    assert r.sheet.total == 23 and r.sheet.points == 13
    assert r.settlement.deltas(2) == [-13, 13]
    r = TwoPlayer(cap=30).score_hand("123m456m789m123p5p", win_tile="5p", winner=1, dealer=0, discarder=0)
    assert r.settlement.deltas(2) == [-23, 23]


def test_a_small_hand_is_paid_its_fans() -> None:
    # four pungs (three claimed) and a pair: 碰碰和 among the fans, under the cap
    r = RULES.score_hand("222p9s", win_tile="9s", melds=["pon 222m", "pon 555s", "pon 888p"], winner=0,
                         dealer=0, discarder=1)
    assert r.sheet.total == sum(i.total for i in r.sheet.items) and "碰碰和" in r.sheet.names()
    assert r.sheet.total < 13 and r.settlement.deltas(2) == [r.sheet.total, -r.sheet.total]
    # a self-draw: the opponent pays
    r = RULES.score_hand("222p9s", win_tile="9s", melds=["pon 222m", "pon 555s", "pon 888p"], winner=1, dealer=0)
    assert r.settlement.deltas(2) == [-r.sheet.points, r.sheet.points] and "自摸" in r.sheet.names()


def test_illegal_wins_raise_with_the_rule() -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        RULES.score_hand("123m456m789m1357p", win_tile="9p", winner=1, discarder=0)
    with pytest.raises(IllegalWinError, match="起和 8 番"):
        TwoPlayer(min_fan=8).score_hand("222p9s", win_tile="9s", melds=["chi 123m", "pon 555s", "chi 678p"],
                                        winner=0, discarder=1)
    with pytest.raises(MahjongError, match="winner"):
        RULES.score_hand("123m456m789m123p5p", win_tile="5p", winner=2, discarder=0)


def test_options_are_validated() -> None:
    for bad in ({"cap": 0}, {"cap": -1}, {"min_fan": "8"}, {"last_draw": 1}):
        with pytest.raises(MahjongError, match="two_player: option"):
            TwoPlayer(**bad)




def test_chow_from_the_only_opponent() -> None:
    sc = Scenario(RULES, ["5m147m258p369s1234z", "46m123p456p789s11z"])
    sc.play("E discard 5m")
    assert sc.can("S", "chow 456m")


def _end_of_wall(rules: TwoPlayer, last: str) -> Scenario:
    # S waits on 5p only; the 44 tiles to draw hold no 5p; ``last`` is the
    # first tile not chosen for the wall
    filler = "1m2m3m4m6m7m8m9m" * 2 + "1s2s3s4s6s7s8s9s" * 2 + "6z7z6z7z6z7z1s2s3s7p6p8p"
    sc = Scenario(rules, ["2558m258p6699s115z", "123m456m789m123p5p"], draws=filler + last)
    sc.play("E discard 5z")
    sc.idle(until_live=0)
    seat = sc.to_act[0]
    sc.play(f"{seat} discard {sc.drawn}")
    while not sc.table.is_over:
        sc.play(f"{sc.to_act[0]} pass")
    return sc


def test_at_the_end_of_the_wall_the_ready_seat_draws_once_more() -> None:
    sc = _end_of_wall(RULES, "5p")
    assert sc.winners == []  # recorded as a drawn hand
    pay = sc.payments()
    assert pay == [("E", "S", 13, "海底捞月")] and sc.deltas() == {"E": -13, "S": 13}
    won = RULES.last_draw_win(sc.table)
    assert won is not None and "妙手回春" in won[1].names()
    assert RULES.next_dealer(sc.table) == sc.seat("S")  # the 海底捞月 winner deals


def test_the_last_draw_that_misses_and_the_option_off() -> None:
    sc = _end_of_wall(RULES, "9p")
    assert sc.deltas() == {"E": 0, "S": 0} and RULES.next_dealer(sc.table) == sc.seat("E")
    off = TwoPlayer(last_draw=False)
    sc = _end_of_wall(off, "5p")
    assert sc.deltas() == {"E": 0, "S": 0}


def test_the_winner_deals_next_and_a_draw_keeps_the_dealer() -> None:
    m = Match(RULES, [GreedyBot(), GreedyBot()], seed=2, hands=30, keep_tables=True)
    results = m.play()
    assert sum(m.totals) == 0
    for a, b, t in zip(results, results[1:], m.tables):
        if a.winners:
            assert b.dealer == a.winners[0]
        else:
            won = RULES.last_draw_win(t)
            assert b.dealer == (won[0].seat if won else a.dealer)


def test_the_doc_page_and_module_examples_run() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "variants" / "two_player.md"
    assert doctest.testfile(str(page), module_relative=False).failed == 0
    assert doctest.testmod(mod).failed == 0
