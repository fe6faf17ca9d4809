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
    for name in ("two_player", "二人麻将", "两人麻将", "two_player-v2"):
        assert find_variant(name) is TwoPlayer
    assert TwoPlayer.num_players == 2 and len(RULES.wall_tiles()) == 136
    t = Table(RULES, seed=4)
    # 14 + 13 dealt; 71 - 27 = 44 left to draw, the other 65 never drawn
    assert [sum(h) for h in t.hands] == [14, 13] and t.live_tiles == 44


def test_prepare_compiles_the_mcr_fan_table() -> None:
    """``prepare`` builds what the first win would (simulate keeps it out of
    the engine's rate): the MCR fan table the scoring reads."""
    rs = TwoPlayer()
    assert "_fan_table" not in vars(rs._mcr)
    rs.prepare()
    assert "_fan_table" in vars(rs._mcr)


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
    for bad in ({"cap": 0}, {"cap": -1}, {"min_fan": "8"}, {"last_draw": 1}, {"shown_tiles": 9},
                {"shown_tiles": -1}, {"opening_swap": "yes"}, {"pung_offer_chance": 1.5},
                {"pung_offer_chance": True}):
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


# --- 花牌 (face-up wall tiles), 开始时换牌 and 游戏中换牌 (seed; details PROPOSAL) ---


def test_shown_tiles_add_a_fan_for_each_tile_of_their_kinds() -> None:
    hand = "123m456m789m123p5p"  # 23 番 without them
    wide = TwoPlayer(cap=40)
    r = wide.score_hand(hand, win_tile="5p", winner=1, dealer=0, discarder=0, context={"shown": "5p1m"})
    assert ("花牌", 3) in [(i.zh, i.total) for i in r.sheet.items]  # 5p twice, 1m once
    assert r.sheet.total == 26 and r.settlement.deltas(2) == [-26, 26]
    # a shown kind twice counts each tile twice
    r = wide.score_hand(hand, win_tile="5p", winner=1, dealer=0, discarder=0, context={"shown": "5p5p"})
    assert r.sheet.total == 27
    # capped with the rest; not counted for 起和
    r = RULES.score_hand(hand, win_tile="5p", winner=1, dealer=0, discarder=0, context={"shown": "5p"})
    assert r.sheet.points == 13
    low = "222p9s"
    melds = ["chi 123m", "pon 555s", "chi 678p"]
    plain = RULES.score_hand(low, win_tile="9s", melds=melds, winner=0, discarder=1).sheet.total
    with pytest.raises(IllegalWinError, match="花牌 not counted"):
        TwoPlayer(min_fan=plain + 1).score_hand(low, win_tile="9s", melds=melds, winner=0, discarder=1,
                                                context={"shown": "2p5s"})
    with pytest.raises(MahjongError, match="context shown"):
        RULES.score_hand(hand, win_tile="5p", winner=1, discarder=0, context={"shown": "5x"})


def test_shown_tiles_in_play_are_out_of_play() -> None:
    t = Table(RULES, seed=11)
    shown = mod.shown_tiles(t)
    assert len(shown) == 2 and shown == t.wall[104:106]
    assert all(p < 104 for p in t.reserve()) and t.reserve()[0] == 72
    assert mod.shown_tiles(Table(TwoPlayer(shown_tiles=0), seed=11)) == []
    # every win of the engine carries them, and scores them
    wins = 0
    for seed in range(40):
        t = Table(RULES, seed=seed)
        greedy = GreedyBot()
        while not t.is_over:
            s = t.to_act[0]
            t.apply(greedy.choose(t, s, t.legal_actions(s)))
        for s in t.winners:
            ctx = t.contexts[s]
            shown = mod.shown_tiles(t)
            assert ctx.extra["shown"] == mod.format_tiles(shown)
            n = sum(1 for k in ctx.all_kinds for x in shown if k == x)
            assert dict((i.zh, i.total) for i in t.scores[s].items).get("花牌", 0) == n
            wins += n > 0
    assert wins > 0


HANDS = ["5m147m258p369s1234z", "46m123p456p789s11z"]


def test_opening_swap_before_the_first_discard() -> None:
    sc = Scenario(RULES, HANDS, draws="9m")
    t = sc.table
    assert "swap 1z" in sc.offers("E") and "swap 5m" in sc.offers("E")
    first = t.wall[t.reserve()[0]]
    sc.play("E swap 1z")
    assert t.hands[0][27] == 0 and t.wall[t.reserve()[0]] == 27 and sc.drawn == mod.format_tiles([first])
    assert [e for e in sc.events("swap")] == [
        {"seat": 0, "gave": "1z", "got": mod.format_tiles([first]), "type": "swap"}]
    second = t.wall[t.reserve()[1]]
    sc.play("E swap 2z")  # any number, one at a time, each for the next reserve tile
    assert sum(t.hands[0]) == 14 and t.hands[0][second] >= 1
    sc.play("E discard 3z")
    assert not any(w.startswith("swap") for w in sc.offers("E") if sc.to_act == ["E"])
    sc.play(*[f"S {w}" for w in sc.offers("S") if w == "pass"][:1])
    assert sc.to_act == ["S"] and "swap 1z" in sc.offers("S")  # S swaps on its first turn, after its draw
    sc.play("S discard 1z")
    sc.play(*[f"E {w}" for w in sc.offers("E") if w == "pass"][:1])
    assert sc.to_act == ["E"] and not any(w.startswith("swap") for w in sc.offers("E"))
    assert not any(w.startswith("swap") for w in Scenario(TwoPlayer(opening_swap=False), HANDS).offers("E"))
    from reference.engine_invariants import check_invariants

    check_invariants(t)


def test_a_pung_offered_in_play_is_taken_for_three_tiles_given_back() -> None:
    rs = TwoPlayer(pung_offer_chance=1.0, opening_swap=False)
    sc = Scenario(rs, HANDS, draws="9m")
    sc.play("E discard 1z")
    if sc.to_act == ["S"] and "pass" in sc.offers("S"):
        sc.play("S pass")
    t = sc.table
    kind = t.pung_offers[1]
    assert kind is not None and sc.offers("S")[-1] == "take pung"
    in_reserve = sum(1 for p in t.reserve() if t.wall[p] == kind)
    assert in_reserve >= 3
    before = t.hands[1][kind]
    sc.play("S take pung")
    assert all(w.startswith("swap") for w in sc.offers("S"))  # three tiles go back first
    for w in ("swap 1z", "swap 1z", "swap 4m"):
        from reference.engine_invariants import check_invariants

        check_invariants(t)
        sc.play(f"S {w}")
    assert t.hands[1][kind] == before + 3 and sum(t.hands[1]) == 14
    assert sum(1 for p in t.reserve() if t.wall[p] == kind) == in_reserve - 3
    assert not any(w.startswith("swap") for w in sc.offers("S")) and "take pung" not in sc.offers("S")
    check_invariants(t)
    # never offered with the chance 0
    sc = Scenario(TwoPlayer(pung_offer_chance=0), HANDS, draws="9m")
    sc.play("E discard 1z")
    assert all(x is None for x in sc.table.pung_offers)


def test_a_pung_offer_stands_only_while_the_reserve_holds_it() -> None:
    """An offer made at a draw is withdrawn when an opening swap of the
    same turn takes one of its three tiles from the reserve (seeded random
    hands, an offer at every draw): TAKE_PUNG is legal only while the
    reserve holds the pung, and every hand plays to its end."""
    from mahjong_core.bots import RandomBot
    from mahjong_core.engine import ActionKind

    rs = TwoPlayer(pung_offer_chance=1.0)
    offered = withdrawn = 0
    for seed in range(60):
        t = Table(rs, seed=seed, dealer=seed % 2)
        bots = [RandomBot(seed * 7 + s) for s in range(2)]
        while not t.is_over:
            s = t.to_act[0]
            legal = t.legal_actions(s)
            kind = t.pung_offers[s]
            if any(a.kind is ActionKind.TAKE_PUNG for a in legal):
                offered += 1
                assert kind is not None and sum(1 for p in t.reserve() if t.wall[p] == kind) >= 3
            a = bots[s].choose(t, s, legal)
            t.apply(a)
            withdrawn += kind is not None and a.kind is ActionKind.SWAP and t.pung_offers[s] is None
        assert sum(t.deltas()) == 0
    assert offered > 100 and withdrawn > 0
