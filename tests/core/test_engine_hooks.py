"""Rule-set hooks of the engine: 替身 substitutes, opening wins (长沙 起手小胡),
最后四张自动胡, 查花猪/查大叫 at the draw, and state carried by a match."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from mahjong_core import analysis
from mahjong_core.bots import GreedyBot, RandomBot, play_hand
from mahjong_core.engine import Action, ActionKind, Phase, Table, play_out
from mahjong_core.match import Match
from mahjong_core.records import dumps, replay
from mahjong_core.rules import Payment, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext

from reference.engine_invariants import check_invariants
from test_engine import IndicatorRules

WHITE = 31


class SubstituteRules(IndicatorRules):
    """活动百搭 with a 替身: 白板 plays as the wild's own kind."""

    name = "test-substitute"

    def substitutes(self, table: Table) -> dict[int, int]:
        (wild,) = table.wild_kinds
        return {} if wild == WHITE else {WHITE: wild}


def test_substitutes_play_as_the_wild_kind() -> None:
    used = 0
    for seed in range(300):
        t = Table(SubstituteRules(), seed=seed)
        (wild,) = t.wild_kinds
        assert t.substitutes == ({} if wild == WHITE else {WHITE: wild})
        greedy = GreedyBot()
        while not t.is_over:
            seat = t.to_act[0]
            t.apply(greedy.choose(t, seat, t.legal_actions(seat)))
            check_invariants(t)
            for s in range(4):
                hand = t.hands[s]
                if sum(hand) % 3 == 1 and t.phase is not Phase.OVER:
                    # the waits are those of the hand with 白板 read as the wild's kind
                    counts = list(hand)
                    w = counts[wild]
                    counts[wild] = 0
                    if t.substitutes:
                        counts[wild] += counts[WHITE]
                        counts[WHITE] = 0
                    assert t.waits(s) == list(analysis.waits(analysis.Counts(counts), wilds=w))
        for s in t.winners:
            ctx = t.contexts[s]
            if t.substitutes:
                assert WHITE not in ctx.concealed  # it played as the wild's kind
                used += t.hands[s][WHITE] > 0
        assert replay(dumps(t.events), ruleset=SubstituteRules()).events == t.events
    assert used > 0


class OpeningRules(Ruleset):
    """长沙-style opening small hands: 四喜 (four of a kind) or 缺一色 (a suit
    missing) right after the deal.  Suits only."""

    name = "test-opening"
    honors = False

    def instant_win(self, table: Table, seat: int) -> str | None:
        if table.phase is not Phase.OPENING:
            return None
        hand = table.hands[seat]
        if any(hand[k] == 4 for k in range(27)):
            return "四喜"
        if any(not any(hand[s * 9 : s * 9 + 9]) for s in range(3)):
            return "缺一色"
        return None

    def score(self, ctx: WinContext) -> ScoreSheet:
        if ctx.instant:
            return ScoreSheet(items=(ScoreItem(ctx.instant, "opening hand", 2),), total=2, points=2)
        return super().score(ctx)


class OpeningGoesOnRules(OpeningRules):
    name = "test-opening-goes-on"
    opening_wins_continue = True


class AlwaysWin:
    def choose(self, table: Table, seat: int, legal: Sequence[Action]) -> Action:
        wins = [a for a in legal if a.kind == ActionKind.WIN]
        return wins[0] if wins else GreedyBot().choose(table, seat, legal)


@pytest.mark.parametrize("rs", [OpeningRules(), OpeningGoesOnRules()], ids=lambda r: r.name)
def test_opening_wins(rs: Ruleset) -> None:
    openings = passed = 0
    for seed in range(400):
        t = Table(rs, seed=seed, dealer=seed % 4)
        if t.phase is not Phase.OPENING:
            assert t.phase is Phase.TURN and t.turn == t.dealer
            continue
        holders = sorted(t.claimants)
        for s in holders:
            assert [a.kind for a in t.legal_actions(s)] == [ActionKind.WIN, ActionKind.PASS]
        if seed % 5 == 0:  # everybody passes: plain play from the dealer
            for s in holders:
                t.apply(Action(ActionKind.PASS, s))
            assert t.phase is Phase.TURN and t.turn == t.dealer and not t.opening_wins
            passed += 1
            continue
        openings += 1
        order = [(t.dealer + i) % 4 for i in range(4)]
        play_out(t, [AlwaysWin() for _ in range(4)])
        check_invariants(t)
        assert sum(t.deltas()) == 0
        if not rs.opening_wins_continue:
            assert t.winners == [s for s in order if s in holders]
            assert all(t.contexts[s].instant and t.contexts[s].self_drawn for s in t.winners)
            assert all(t.scores[s].total == 2 for s in t.winners)
        else:
            assert [c.seat for c, _ in t.opening_wins] == [s for s in order if s in holders]
            # each opening win is paid 2 by every other seat, on top of the hand's own result
            opening = [0] * 4
            for c, _ in t.opening_wins:
                for s in range(4):
                    opening[s] += 6 if s == c.seat else -2
            assert t.win_settlement.deltas(4) == opening
            # the opening payments stay in the hand's settlement, whatever came after
            assert not Counter(t.win_settlement.payments) - Counter(t.settlement.payments)
            assert len(t.events) > 10  # the hand went on
        assert replay(dumps(t.events), ruleset=rs).events == t.events
    assert openings > 10 and passed > 3


class LastFourRules(Ruleset):
    """最后四张自动胡: on the last four tiles a win cannot be declined."""

    name = "test-last-four"
    must_win_last_tiles = 4


class Decliner:
    """Declines every win it may decline."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, table: Table, seat: int, legal: Sequence[Action]) -> Action:
        rest = [a for a in legal if a.kind != ActionKind.WIN]
        if not rest:
            return legal[0]
        return GreedyBot().choose(table, seat, rest) if seat % 2 else self.rng.choice(rest)


def test_last_four_tiles_force_the_win() -> None:
    forced = 0
    for seed in range(300):
        t = Table(LastFourRules(), seed=seed)
        bots = [Decliner(seed + i) for i in range(4)]
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            if any(a.kind == ActionKind.WIN for a in legal):
                if t.live_tiles < 4:
                    assert [a.kind for a in legal] == [ActionKind.WIN]
                    forced += 1
                else:
                    assert len(legal) > 1  # earlier, a win may be declined
            t.apply(bots[seat].choose(t, seat, legal))
        for s in t.winners:
            assert t.live_tiles < 4  # the decliners only win when forced
    assert forced > 10


class DrawCheckRules(Ruleset):
    """四川-style end-of-hand checks: at the draw, 查花猪 (a seat holding three
    suits pays 16 to each seat that does not) and 查大叫 (a seat that is not
    ready pays each ready seat that seat's best possible win, and hands back
    its kong income)."""

    name = "test-draw-checks"
    honors = False
    allow_chow = False
    play_after_win = True

    def kong_payments(self, table: Table, seat: int, meld: Any, source: int | None) -> Settlement:
        return Settlement(tuple(Payment(s, seat, 1, "kong") for s in range(4) if s != seat and s not in table.out))

    def score(self, ctx: WinContext) -> ScoreSheet:
        suits = {k // 9 for k in ctx.all_kinds}
        points = 4 if len(suits) == 1 else 1
        return ScoreSheet(items=(ScoreItem("和", "win", points),), total=points, points=points)

    def settle_draw(self, table: Table) -> Settlement:
        playing = [s for s in range(4) if s not in table.out]
        pigs = [s for s in playing if len(_suits(table, s)) == 3]
        out = [Payment(p, s, 16, "查花猪") for p in pigs for s in playing if s not in pigs]
        best = {s: _best_win(table, s) for s in playing if s not in pigs}
        ready = [s for s, v in best.items() if v]
        for s in playing:
            if s in pigs or s in ready:
                continue
            out += [Payment(s, r, best[r], "查大叫") for r in ready]
            out += [Payment(p.payee, p.payer, p.amount, "refund") for p in table.kong_settlement.payments if p.payee == s]
        return Settlement(tuple(out))


class DrawCheckMissingRules(DrawCheckRules):
    """The same checks with 定缺 (few seats are 花猪 then)."""

    name = "test-draw-checks-missing"
    missing_suit = True


def _suits(table: Table, seat: int) -> set[int]:
    kinds = [k for k in range(27) if table.hands[seat][k]] + [m.tiles[0] for m in table.melds[seat]]
    return {k // 9 for k in kinds}


def _best_win(table: Table, seat: int) -> int:
    best = 0
    for k in table.waits(seat):
        ctx = table.win_context(seat, k)
        if ctx is not None:
            best = max(best, table.ruleset.score(ctx).points)
    return best


def test_draw_checks_pig_and_ready() -> None:
    pigs = calls = refunds = 0
    for seed in range(600):
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), RandomBot(seed + 1)]
        t = play_hand(DrawCheckMissingRules() if seed % 2 else DrawCheckRules(), bots, seed=seed)
        assert sum(t.deltas()) == 0
        reasons = [p.reason for p in t.settlement.payments]
        if t.live_tiles:
            assert "查花猪" not in reasons and "查大叫" not in reasons  # no draw, no checks
            continue
        playing = [s for s in range(4) if s not in t.out]
        pig = [s for s in playing if len(_suits(t, s)) == 3]
        for p in t.settlement.payments:
            if p.reason == "查花猪":
                assert p.payer in pig and p.payee not in pig and p.amount == 16
                pigs += 1
            if p.reason == "查大叫":
                assert t.waits(p.payee) and not t.waits(p.payer) and p.payer not in pig
                assert p.amount == _best_win(t, p.payee) > 0
                calls += 1
            refunds += p.reason == "refund"
    assert pigs > 10 and calls > 10 and refunds > 0


class DrawCounterRules(Ruleset):
    """荒番: each drawn hand doubles the next win; a win resets the counter."""

    name = "test-carry"

    def carry(self, table: Table) -> dict[str, Any]:
        return {"draws": 0 if table.winners else table.carry.get("draws", 0) + 1}

    def settle(self, table: Table, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        base = super().settle(table, wins)
        factor = 2 ** table.carry.get("draws", 0)
        return Settlement(tuple(Payment(p.payer, p.payee, p.amount * factor, p.reason) for p in base.payments))

    def seating(self, round_index: int) -> tuple[int, ...]:
        return ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1))[round_index % 4]


def test_match_carries_state_and_reseats() -> None:
    class Tagged(GreedyBot):
        def __init__(self, player: int) -> None:
            self.player = player
            self.seen: set[tuple[int, int]] = set()

        def choose(self, table: Table, seat: int, legal: Sequence[Action]) -> Action:
            self.seen.add((table.hand_number, seat))
            return super().choose(table, seat, legal)

    bots = [Tagged(p) for p in range(4)]
    m = Match(DrawCounterRules(), bots, seed=4, rounds=2, keep_tables=True)
    m.play()
    doubled = 0
    rounds_seen = set()
    for r, t in zip(m.results, m.tables):
        seats = DrawCounterRules().seating(0 if r.round_wind == 0 else 1)
        rounds_seen.add(r.round_wind)
        assert r.seats == seats
        for p, b in enumerate(bots):
            assert all(seat == seats[p] for hand, seat in b.seen if hand == r.number)
        assert list(r.deltas) == [t.deltas()[seats[p]] for p in range(4)]
        assert r.carry == t.carry
        if r.number:
            prev = m.tables[r.number - 1]
            assert t.carry == {"draws": 0 if prev.winners else m.tables[r.number - 1].carry.get("draws", 0) + 1}
        if t.carry.get("draws") and t.winners:
            doubled += 1
            assert all(p.amount % 2 == 0 for p in t.settlement.payments)
    assert sum(m.totals) == 0 and rounds_seen == {0, 1}
    assert [sum(r.deltas[p] for r in m.results) for p in range(4)] == m.totals


class RoamingRules(Ruleset):
    """长沙 海底漫游: the last tile is offered around the table."""

    name = "test-roaming"
    honors = False
    last_tile_offer = True


def test_last_tile_roams() -> None:
    taken = declined_by_all = won_on_it = 0
    for seed in range(300):
        t = Table(RoamingRules(), seed=seed)
        rng = random.Random(seed)
        greedy = GreedyBot()
        offered: list[int] = []
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            if t.phase is Phase.LAST:
                assert t.live_tiles == 1 and t.to_act == [seat]
                assert [a.kind for a in legal] == [ActionKind.PASS, ActionKind.TAKE]
                expected = t._next_seat(offered[-1]) if offered else seat
                assert seat == expected  # in turn order
                offered.append(seat)
                a = legal[rng.randrange(2)]
            elif t.phase is Phase.TURN and t.last_tile_taker == seat:
                kinds = [a.kind for a in legal]
                assert kinds[0] == ActionKind.DISCARD and legal[0].tile == t.drawn
                assert set(kinds[1:]) <= {ActionKind.WIN}
                a = legal[-1]
            elif t.phase is Phase.CLAIMS and t.live_tiles == 0:
                assert {a.kind for a in legal} <= {ActionKind.WIN, ActionKind.PASS}
                a = legal[0]
            else:
                a = greedy.choose(t, seat, legal) if seed % 2 else rng.choice(legal)
            t.apply(a)
            check_invariants(t)
        assert t.last_tile_offers == offered
        if t.last_tile_taker is not None:
            taken += 1
            assert t.last_tile_taker == offered[-1]
            won_on_it += bool(t.winners)
        elif offered:
            assert not t.winners and len(offered) == 4
            declined_by_all += 1
        assert replay(dumps(t.events), ruleset=RoamingRules()).events == t.events
    assert taken > 20 and declined_by_all > 3 and won_on_it > 0


class WinnerDealsRules(Ruleset):
    """长沙 rule B: whoever won deals the next hand; after a draw the dealer stays."""

    name = "test-winner-deals"

    def next_dealer(self, table: Table) -> int:
        return table.winners[0] if table.winners else table.dealer


def test_next_dealer_hook() -> None:
    m = Match(WinnerDealsRules(), [GreedyBot() for _ in range(4)], seed=9, hands=40, keep_tables=True)
    m.play()
    moved = 0
    for prev, nxt in zip(m.results, m.results[1:]):
        want = prev.winners[0] if prev.winners else prev.dealer
        assert nxt.dealer == want
        assert nxt.streak == (prev.streak + 1 if want == prev.dealer else 0)
        moved += want != prev.dealer
    assert moved > 5


SEASONS = frozenset(range(34, 38))
PLANTS = frozenset(range(38, 42))


class NingboRules(Ruleset):
    """宁波 百搭: the turned-up tile's kind is wild (three copies left); a
    turned-up season makes the four seasons wild, a plant the four plants.
    Wild flowers stay in hand, count as wild tiles and may be discarded."""

    name = "test-ningbo"
    flower_tiles = tuple(range(34, 42))
    wild_indicator = True
    indicator_may_be_flower = True

    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        if indicator in SEASONS:
            return SEASONS
        if indicator in PLANTS:
            return PLANTS
        return frozenset({indicator})


def test_wild_flowers() -> None:
    flower_games = flower_wins = flower_discards = 0
    for seed in range(600):
        t = Table(NingboRules(), seed=seed)
        assert t.indicator is not None
        wild_flowers = t.wild_kinds & SEASONS | t.wild_kinds & PLANTS
        if not wild_flowers:
            assert t.wild_kinds == {t.indicator} and not any(t.wild_flowers)
            if seed % 4:
                continue  # most plain-wild hands are covered elsewhere
        else:
            flower_games += 1
            assert t.wild_kinds in (SEASONS, PLANTS)
            for s in range(4):
                assert not set(t.flowers[s]) & wild_flowers  # never exposed
                assert set(t.wild_flowers[s]) <= wild_flowers
        rng = random.Random(seed)
        greedy = GreedyBot()
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            if t.phase is Phase.TURN:
                discards = {a.tile for a in legal if a.kind == ActionKind.DISCARD and a.tile >= 34}
                if not t.declared[seat]:
                    assert discards == set(t.wild_flowers[seat])
                c, w = t.analysis_counts(seat)
                assert w == len(t.wild_flowers[seat]) + sum(t.hands[seat][k] for k in t.wild_kinds if k < 34)
            a = greedy.choose(t, seat, legal) if seed % 2 else rng.choice(legal)
            flower_discards += a.kind == ActionKind.DISCARD and a.tile >= 34
            t.apply(a)
            check_invariants(t)
            if t.phase is Phase.CLAIMS and t.last_discard is not None:
                assert t.last_discard[1] < 34  # a discarded wild flower is never claimed
        for s in t.winners:
            flower_wins += bool(t.wild_flowers[s])
        assert replay(dumps(t.events), ruleset=NingboRules()).events == t.events
    assert flower_games > 20 and flower_wins > 0 and flower_discards > 0


def test_no_win_right_after_a_chow_or_pung() -> None:
    calls = 0
    for seed in range(200):
        t = Table(Ruleset(), seed=seed)
        rng = random.Random(seed)
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            a = rng.choice(legal)
            t.apply(a)
            if a.kind in (ActionKind.CHOW, ActionKind.PUNG) and t.phase is Phase.TURN and t.turn == a.seat:
                calls += 1
                assert all(x.kind != ActionKind.WIN for x in t.legal_actions(a.seat))
    assert calls > 100


class DealerDrawsRules(Ruleset):
    """The dealer is dealt 13 and starts with a draw (Botzone's flow)."""

    name = "test-dealer-draws"
    flower_tiles = tuple(range(34, 42))
    dealer_draws_first = True


class DealerDrawsMissingRules(DealerDrawsRules):
    name = "test-dealer-draws-missing"
    missing_suit = True
    allow_chow = False


@pytest.mark.parametrize("rs", [DealerDrawsRules(), DealerDrawsMissingRules()], ids=lambda r: r.name)
def test_dealer_draws_first(rs: Ruleset) -> None:
    for seed in range(200):
        t = Table(rs, seed=seed, dealer=seed % 4)
        check_invariants(t)
        if rs.missing_suit:
            assert t.phase is Phase.DECLARE and sum(t.hands[t.dealer]) == 13
            for s in list(t.claimants):
                t.apply(t.legal_actions(s)[0])
        assert t.phase is Phase.TURN and t.turn == t.dealer
        assert t.drawn is not None and t.draws_made[t.dealer] == 1
        draws = [e for e in t.events if e["type"] == "draw"]
        assert draws and draws[-1]["seat"] == t.dealer  # its first tile is a draw
        greedy = GreedyBot()
        while not t.is_over:
            seat = t.to_act[0]
            t.apply(greedy.choose(t, seat, t.legal_actions(seat)))
            check_invariants(t)
        for s in t.winners:
            ctx = t.contexts[s]
            assert ctx.win_tile >= 0  # never the "dealt 14th tile" of a dealer
            if ctx.first_turn:
                assert ctx.self_drawn and t.draws_made[s] == 1
        assert replay(dumps(t.events), ruleset=rs).events == t.events


class FlowerRobRules(Ruleset):
    """``flower_rob``: a seat holding three flowers wins at once when another
    seat exposes a flower it drew in play (a tiny 七抢一)."""

    name = "test-flower-rob"
    flower_tiles = (34, 35, 36, 37, 38, 39, 40, 41)
    flower_rob = True

    def instant_win(self, table: Table, seat: int) -> str | None:
        if table.phase is Phase.FLOWER and len(table.flowers[seat]) == 3:
            return "抢花"
        return None

    def score(self, ctx: WinContext) -> ScoreSheet:
        if ctx.instant:
            return ScoreSheet(items=(ScoreItem(ctx.instant, "flower rob", 3),), total=3, points=3)
        return super().score(ctx)


class FlowerNoRobRules(FlowerRobRules):
    name = "test-flower-no-rob"
    flower_rob = False


def _flower_wall(rs: Ruleset) -> list[int]:
    """E holds 1f2f3f after the deal; S's first draw is 4f, replaced by 9m."""
    from mahjong_core.scenario import stack_wall

    hands = ["1f2f3f123m4569p789s1z", "147m258p369s1234z", "147p258s369m1234z", "147s258m369p5677z"]
    return stack_wall(rs, hands, draws="4f", tail="1239m")


def test_flower_rob() -> None:
    rs = FlowerRobRules()
    t = Table(rs, wall=_flower_wall(rs))
    t.apply(Action(ActionKind.DISCARD, 0, 27))  # E discards 1z; nobody claims; S draws 4f, then 9m
    assert t.phase is Phase.FLOWER and t.to_act == [0] and t.flowers[1] == [37]
    assert [a.kind for a in t.legal_actions(0)] == [ActionKind.WIN, ActionKind.PASS]
    t.apply(Action(ActionKind.WIN, 0))
    ctx = t.contexts[0]
    assert t.winners == [0] and ctx.instant == "抢花" and ctx.discarder == 1 and not ctx.self_drawn
    assert ctx.win_tile == -1 and t.deltas() == [3, -3, 0, 0]  # the drawer pays, as a discarder
    assert replay(dumps(t.events), ruleset=rs).events == t.events
    # passed: the drawer plays on with its replacement tile
    t = Table(rs, wall=_flower_wall(rs))
    t.apply(Action(ActionKind.DISCARD, 0, 27))
    t.apply(Action(ActionKind.PASS, 0))
    assert t.phase is Phase.TURN and t.turn == 1 and t.drawn == 8 and not t.winners
    # without the flag (and by default) nothing is offered
    norob = FlowerNoRobRules()
    t = Table(norob, wall=_flower_wall(norob))
    t.apply(Action(ActionKind.DISCARD, 0, 27))
    assert t.phase is Phase.TURN and t.turn == 1 and t.drawn == 8
    assert Ruleset.flower_rob is False


class AnyChowRules(Ruleset):
    """``chow_from_any_seat``: every other seat may chow."""

    name = "test-any-chow"
    chow_from_any_seat = True


def test_chow_from_any_seat() -> None:
    from mahjong_core.scenario import Scenario

    hands = ["4s147m258p1234567z", "56s369m369p189s11z", "23s258m147p7s2233z", "147m258p9s445567z"]
    for rs, w_offered in ((AnyChowRules(), True), (Ruleset(), False)):
        sc = Scenario(rs, hands)
        sc.play("E discard 4s")
        assert "chow 456s" in sc.offers("S")
        assert ("chow 234s" in sc.offers("W")) is w_offered
    # both chow: the nearest seat in turn order (S) takes it
    sc = Scenario(AnyChowRules(), hands)
    sc.play("E discard 4s", "W chow 234s", "S chow 456s")
    assert [str(m) for m in sc.table.melds[1]] == ["chi 456s"] and not sc.table.melds[2]
    # S passes: W (the opposite seat) chows and plays on
    sc = Scenario(AnyChowRules(), hands)
    sc.play("E discard 4s", "S pass", "W chow 234s")
    assert [str(m) for m in sc.table.melds[2]] == ["chi 234s"] and sc.to_act == ["W"]
    assert Ruleset.chow_from_any_seat is False


class SpecialRules(Ruleset):
    """``special_melds``: 东南西北 (four tiles: one replacement) and 中发白
    (three: none) laid from the hand; more of their kinds may be added."""

    name = "test-special"
    special_melds = ((27, 28, 29, 30), (31, 32, 33))
    special_meld_additions = True

    def kong_payments(self, table: Table, seat: int, meld: Any, source: int | None) -> Settlement:
        return Settlement(tuple(Payment(p, seat, len(meld.tiles), "special") for p in range(4) if p != seat))


def test_special_melds() -> None:
    from mahjong_core.scenario import Scenario
    from mahjong_core.tiles import Meld, MeldKind

    rs = SpecialRules()
    hands = ["12345z147m258p369s", "567z258m147p258s1z", "369m369p147s2233z", "147m258p369s4466z"]
    sc = Scenario(rs, hands, draws="9m", tail="9s")
    assert "special kong 0" in sc.offers("E") and "special kong 1" not in sc.offers("E")
    sc.play("E special kong 1234z")
    t = sc.table
    assert t.melds[0] == [Meld(MeldKind.SPECIAL, (27, 28, 29, 30))] and sc.drawn == "9s"  # one replacement
    assert t.kong_settlement.deltas(4) == [12, -4, -4, -4] and sum(t.hands[0]) == 11
    sc.play("E discard 5z", "S special kong 567z")  # S draws 9m first
    assert sc.drawn is None and sum(t.hands[1]) == 11 and all(w.startswith("discard") for w in sc.offers("S"))
    assert t.melds[1] == [Meld(MeldKind.SPECIAL, (31, 32, 33))]
    check_invariants(t)
    assert replay(dumps(t.events), ruleset=rs).events == t.events
    # an added tile of a kind the special kong holds: one replacement
    sc = Scenario(rs, ["11234z47m258p369s5z", *hands[1:]], tail="9s8s")
    sc.play("E special kong 1234z")
    assert "special add 1z" in sc.offers("E")
    sc.play("E special add 1z")
    assert [str(m) for m in sc.table.melds[0]] == ["special 11234z"] and sc.drawn == "8s"
    # without the metadata nothing is offered; a bad set list is refused
    assert not any(w.startswith("special") for w in Scenario(Ruleset(), hands).offers("E"))

    class Bad(Ruleset):
        name = "test-bad-special"
        special_melds = ((27, 28),)

    with pytest.raises(Exception, match="special_melds"):
        Table(Bad(), seed=1)


class SwapRules(Ruleset):
    """``swap_on_first_turn`` and ``pung_offer``: a reserve of 40 tiles kept
    back; 白 offered as a pung after every draw while the reserve holds three."""

    name = "test-swap"
    dead_wall = 40
    swap_on_first_turn = True

    def pung_offer(self, table: Table, seat: int) -> int | None:
        return WHITE if sum(1 for p in table.reserve() if table.wall[p] == WHITE) >= 3 else None


def test_swaps_with_the_reserve() -> None:
    rs = SwapRules()
    t = Table(rs, seed=1)
    assert t.reserve() == range(136 - 40 + 1, 136 - 20)
    dealer = t.turn
    swaps = [a for a in t.legal_actions(dealer) if a.kind is ActionKind.SWAP]
    assert swaps and not any(a.kind is ActionKind.TAKE_PUNG for a in t.legal_actions(dealer))
    give = swaps[0].tile
    got = t.wall[t.reserve()[0]]
    t.apply(swaps[0])
    assert t.wall[t.reserve()[0]] == give and t.drawn == got and t.turn == dealer
    check_invariants(t)
    t.apply(next(a for a in t.legal_actions(dealer) if a.kind is ActionKind.DISCARD))
    assert not any(a.kind is ActionKind.SWAP for a in t.legal_actions(dealer))
    greedy = GreedyBot()
    while not t.is_over and t.pung_offers[t.turn] is None:
        s = t.to_act[0]
        t.apply(greedy.choose(t, s, [a for a in t.legal_actions(s) if a.kind is not ActionKind.SWAP]))
    if not t.is_over:
        seat = t.turn
        held = t.hands[seat][WHITE]
        t.apply(Action(ActionKind.TAKE_PUNG, seat))
        for _ in range(3):
            legal = t.legal_actions(seat)
            assert {a.kind for a in legal} == {ActionKind.SWAP}
            t.apply(next(a for a in legal if a.tile != WHITE))
            check_invariants(t)
        assert t.hands[seat][WHITE] == held + 3
    assert replay(dumps(t.events), ruleset=rs).events == t.events

    class NoReserve(Ruleset):
        name = "test-no-reserve"
        swap_on_first_turn = True

    with pytest.raises(Exception, match="reserve"):
        Table(NoReserve(), seed=1)


def test_check_win_context() -> None:
    """Ruleset.check_win_context: the checks 广东, 推倒胡, 清远 and 台湾 share."""
    from mahjong_core.errors import InvalidHandError
    from mahjong_core.tiles import Meld, MeldKind, parse_tiles

    class NoChow(Ruleset):
        name = "test-no-chow"
        allow_chow = False

    rs = NoChow()

    def ctx(tiles: str, melds: tuple[Meld, ...] = (), wilds: int = 0) -> WinContext:
        return WinContext(seat=0, concealed=tuple(sorted(parse_tiles(tiles))), win_tile=0, melds=melds, wilds=wilds)

    rs.check_win_context(ctx("123m456p789s11z", (Meld(MeldKind.PON, (33, 33, 33)),)))
    with pytest.raises(InvalidHandError, match="no chow in this game"):
        rs.check_win_context(ctx("456p789s123s11z", (Meld(MeldKind.CHI, (0, 1, 2)),)))
    with pytest.raises(InvalidHandError, match="a winning hand has 14 tiles .* got 13"):
        rs.check_win_context(ctx("123m456p789s1z", (Meld(MeldKind.PON, (33, 33, 33)),)))
    with pytest.raises(InvalidHandError, match="no wild tiles in this game, got 1"):
        rs.check_win_context(ctx("123m456p789s1z777z", wilds=1))
    Ruleset().check_win_context(ctx("456p789s123s11z", (Meld(MeldKind.CHI, (0, 1, 2)),)))  # chow allowed
