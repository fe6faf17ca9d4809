"""Rule-set hooks of the engine: 替身 substitutes, opening wins (长沙 起手小胡),
最后四张自动胡, 查花猪/查大叫 at the draw, and state carried by a match."""

from __future__ import annotations

import dataclasses
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
from mahjong_core.errors import IllegalActionError, MahjongError
from mahjong_core.rules import Payment, ReadyRule, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext

from mahjong_core.tiles import KIND_NAMES as KIND_NAMES_
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
                # the context holds 白板 as itself; its readings play it as the wild's kind
                assert ctx.concealed.count(WHITE) == t.hands[s][WHITE] + (ctx.win_tile == WHITE and not ctx.self_drawn)
                assert all(u[1] != WHITE for d in ctx.decompositions for u in d.units)
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


class ReseatRules(Ruleset):
    """温州-style: after a hand the dealer dealt with a streak of 2 or more,
    the players draw their seats again."""

    name = "test-reseat"

    def reseat(self, table: Table) -> bool:
        return table.streak >= 2


def test_reseat_hook() -> None:
    m = Match(ReseatRules(), [GreedyBot() for _ in range(4)], seed=2, hands=80, keep_tables=True)
    m.play()
    reseats = moved = 0
    for (prev, t), nxt in zip(zip(m.results, m.tables), m.results[1:]):
        assert list(prev.deltas) == [t.deltas()[prev.seats[p]] for p in range(4)]
        stays = not prev.winners or prev.dealer in prev.winners
        assert nxt.dealer == (prev.dealer if stays else (prev.dealer + 1) % 4)  # next_dealer as before
        if prev.streak >= 2:
            reseats += 1
            assert nxt.streak == 0  # the streak ends
            assert sorted(nxt.seats) == [0, 1, 2, 3]
            moved += nxt.seats != prev.seats
        else:
            assert nxt.seats == prev.seats  # nobody moves
            assert nxt.streak == (prev.streak + 1 if stays else 0)
    assert reseats > 3 and moved > 2
    assert sum(m.totals) == 0 and [sum(r.deltas[p] for r in m.results) for p in range(4)] == m.totals
    again = Match(ReseatRules(), [GreedyBot() for _ in range(4)], seed=2, hands=80)
    again.play()
    assert [r.seats for r in again.results] == [r.seats for r in m.results]  # seeded
    # the default never reseats
    plain = Match(Ruleset(), [GreedyBot() for _ in range(4)], seed=2, hands=30)
    plain.play()
    assert {r.seats for r in plain.results} == {(0, 1, 2, 3)} and plain.placement == ()


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


class DiceIndicatorRules(NingboRules):
    """The indicator is the top tile of the stack the smaller die counts
    back from the end (宁波), and the kind turned up is itself wild."""

    name = "test-dice-indicator"

    def indicator_offset(self, dice: Sequence[int]) -> int:
        return 2 * min(dice) - 1


def test_indicator_offset_places_the_indicator_by_the_dice() -> None:
    from mahjong_core.engine import roll_dice, shuffle

    offsets = set()
    for seed in range(40):
        tiles = DiceIndicatorRules().wall_tiles()
        rng = random.Random(seed)
        shuffle(tiles, rng)
        dice = roll_dice(rng, 2)
        t = Table(DiceIndicatorRules(), seed=seed)
        offset = 2 * min(dice) - 1
        offsets.add(offset)
        assert t.dice == dice and t.indicator == tiles[len(tiles) - 1 - offset]
        assert len(t.wall) == len(tiles) - 1  # out of the wall: no draw takes it
        # the default stays the last tile (the first non-flower from there back)
        plain = Table(IndicatorRules(), seed=seed)
        base = IndicatorRules().wall_tiles()
        shuffle(base, random.Random(seed))
        assert plain.indicator == [k for k in base if k < 34][-1]
        play_out(t, [GreedyBot() for _ in range(4)])
        check_invariants(t)
    assert len(offsets) >= 5


class FlowerBloomRules(Ruleset):
    """A win on the tile drawn for a flower scores 杠上开花 (宁波 杠花),
    read from ``Table.after_flower``."""

    name = "test-flower-bloom"
    flower_tiles = tuple(range(34, 42))
    context_keys = {"flower_replacement": "won on a flower's replacement"}

    def context_extra(self, table: Table, seat: int) -> dict[str, Any]:
        return {"flower_replacement": table.after_flower and table.phase is Phase.TURN and table.turn == seat}


def test_after_flower_marks_a_flower_replacement() -> None:
    seen = blooms = 0
    for seed in range(150):
        t = Table(FlowerBloomRules(), seed=seed)
        greedy = GreedyBot()
        while not t.is_over:
            seat = t.to_act[0]
            if t.phase is Phase.TURN and t.drawn is not None:
                events = [e for e in t.events if e["type"] in ("draw", "flower", "action", "call", "kong")]
                last = events[-1]
                replaced_flower = last["type"] == "draw" and last.get("replacement") and events[-2]["type"] == "flower" \
                    and not any(e["type"] == "kong" for e in events[-4:-2])
                assert t.after_flower == bool(replaced_flower) or t.after_kong
                seen += t.after_flower
            t.apply(greedy.choose(t, seat, t.legal_actions(seat)))
        for s in t.winners:
            blooms += bool(t.contexts[s].extra["flower_replacement"])
            if t.contexts[s].extra["flower_replacement"]:
                assert t.contexts[s].self_drawn
    assert seen > 50 and blooms > 0


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
    # two special kongs with room: a tile of either may be added
    sc = Scenario(rs, ["112345567z478m25p", *hands[1:]], tail="9s8s7s")
    sc.play("E special kong 1234z", "E special kong 567z")
    adds = [w for w in sc.offers("E") if w.startswith("special add")]
    assert adds == ["special add 1z", "special add 5z"]
    # without the metadata nothing is offered; a bad set list is refused
    assert not any(w.startswith("special") for w in Scenario(Ruleset(), hands).offers("E"))

    class Bad(Ruleset):
        name = "test-bad-special"
        special_melds = ((27, 28),)

    with pytest.raises(Exception, match="special_melds"):
        Table(Bad(), seed=1)
    with pytest.raises(Exception, match="special_melds"):  # (a refusal is not remembered as an answer)
        Table(Bad(), seed=2)


def test_special_melds_follow_the_rule_set() -> None:
    """The sorted special kongs a table works out once per rule set follow
    a tuple assigned to the instance later (and a list, kept as it is)."""
    from mahjong_core.scenario import Scenario

    rs = SpecialRules()
    hands = ["12345z147m258p369s", "567z258m147p258s1z", "369m369p147s2233z", "147m258p369s4466z"]
    assert "special kong 0" in Scenario(rs, hands).offers("E")
    assert Table(rs, seed=1)._specials == ((27, 28, 29, 30), (31, 32, 33))
    rs.special_melds = ((31, 32, 33),)
    assert not any(w.startswith("special") for w in Scenario(rs, hands).offers("E"))
    assert Table(rs, seed=1)._special_req == ((bytes([31, 32, 33]), bytes([1, 1, 1])),)
    listed = [[30, 29, 28, 27]]
    rs.special_melds = listed  # type: ignore[assignment]
    assert Table(rs, seed=1)._specials == ((27, 28, 29, 30),)
    listed[0] = [33, 33, 33]
    assert Table(rs, seed=1)._special_req == ((bytes([33]), bytes([3])),)


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


# ---------------------------------------------------------------------------
# Honours as flowers, 开金 after 补花 (and by dice), the reserve hook, win
# precedence, instant contexts, no kong after a chow, dead flowers in the
# self-draw zone (福州-style rule sets, in miniature)

HONOURS = tuple(range(27, 34))


class HonourFlowerRules(Ruleset):
    """Every honour is a flower (four copies each), with the eight flowers;
    the wild is turned up after 补花."""

    name = "test-honour-flowers"
    honors = False
    flower_tiles = HONOURS + tuple(range(34, 42))
    wild_indicator = True
    indicator_after_flowers = True

    def wall_tiles(self) -> list[int]:
        return [k for k in range(27) for _ in range(4)] + [k for k in HONOURS for _ in range(4)] + list(range(34, 42))

    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        return frozenset({indicator})


class IndicatorDiceRules(HonourFlowerRules):
    name = "test-indicator-dice"
    indicator_dice = True


def test_honours_as_flowers_and_the_indicator_after_them() -> None:
    dealer_flowers = 0
    for seed in range(200):
        t = Table(HonourFlowerRules(), seed=seed, dealer=seed % 4)
        events = [e["type"] for e in t.events]
        assert events.index("indicator") > max(i for i, e in enumerate(events) if e == "flower")
        for s in range(4):
            assert not any(t.hands[s][27:34])  # every honour dealt or drawn was exposed and replaced
        shown = [(e["seat"], e["tile"]) for e in t.events if e["type"] == "flower"]
        assert sorted(shown) == sorted((s, f) for s in range(4) for f in [KIND_NAMES_[x] for x in t.flowers[s]])
        assert t.indicator is not None and t.indicator < 27 and t.wild_kinds == {t.indicator}
        turned = [e for e in t.events if e["type"] == "flower" and e.get("indicator")]
        assert all(e["seat"] == t.dealer for e in turned)  # a flower turned up is the dealer's
        dealer_flowers += len(turned)
        assert sum(t.hands[t.dealer]) == 14
        check_invariants(t)
        if seed % 20 == 0:
            t2 = play_hand(HonourFlowerRules(), [GreedyBot()] * 4, seed=seed)
            assert replay(dumps(t2.events), ruleset=HonourFlowerRules()).events == t2.events
    assert dealer_flowers > 10


def test_indicator_by_dice() -> None:
    from mahjong_core.scenario import stack_wall

    rs = IndicatorDiceRules()
    suits = "44m88m99m111p222p333p666p777p555s666s"  # suit tiles at the tail
    hands = ["111m222m333m444p55p", "123m456m789p123s4s", "567m789m123p456p7s", "789m456m78s999s99p"]
    wall = stack_wall(rs, ["".join(h) for h in hands], tail=suits)
    for seed in range(12):
        t = Table(rs, wall=wall, seed=seed)
        n = sum(t.indicator_dice)
        assert len(t.indicator_dice) == 2 and 2 <= n <= 12
        assert t.indicator == wall[len(wall) - 2 * n]  # the top of the N-th stack from the tail
        assert [e for e in t.events if e["type"] == "indicator"][0]["dice"] == t.indicator_dice
        # a flower on that stack: the dealer's, and the top of stack N+1 is turned
        w2 = list(wall)
        j = w2.index(27)
        w2[len(w2) - 2 * n], w2[j] = w2[j], w2[len(w2) - 2 * n]
        t2 = Table(rs, wall=w2, seed=seed)
        assert t2.indicator == w2[len(w2) - 2 * n - 2] and 27 in t2.flowers[t2.dealer]
        check_invariants(t2)


class ReserveRules(Ruleset):
    """Two more tiles kept back per kong of anyone, none per kong otherwise."""

    name = "test-reserve"
    dead_wall = 10

    def reserve_extra(self, table: Table) -> int:
        return 2 * table.kongs_made


def test_reserve_extra() -> None:
    grew = 0
    for seed in range(60):
        t = Table(ReserveRules(), seed=seed)
        g = GreedyBot()
        while not t.is_over:
            assert t.live_tiles == max(0, len(t.remaining_wall()) - 10 - 2 * t.kongs_made)
            seat = t.to_act[0]
            t.apply(g.choose(t, seat, t.legal_actions(seat)))
        grew += t.kongs_made
    assert grew > 5


class PrecedenceRules(Ruleset):
    """One winner per discard; a win holding a pung of 9s comes first."""

    name = "test-precedence"
    honors = False
    multiple_winners = False

    def win_precedence(self, table: Table, ctx: WinContext) -> int:
        return 1 if ctx.all_kinds.count(26) >= 3 else 0


def test_win_precedence_beats_the_nearest_seat() -> None:
    from mahjong_core.scenario import Scenario

    # E discards 4s: S (the nearest) and N (a pung of 9s) both win on it
    hands = ["147m258p369s147p24s", "123m456m789m123p4s", "2468m1357s2468s9m", "456p789p999s567s4s"]
    for rs, winner in ((PrecedenceRules(), "N"), (NonPrecedenceRules(), "S")):
        sc = Scenario(rs, hands)
        sc.play("E discard 4s")
        assert sc.can("S", "win") and sc.can("N", "win")
        sc.play("S win", "N win")
        assert sc.winners == [winner]


class NonPrecedenceRules(Ruleset):
    name = "test-no-precedence"
    honors = False
    multiple_winners = False


class InstantContextRules(Ruleset):
    """Any seat holding four 1m at the deal wins at once; the rule set names
    1m the winning tile."""

    name = "test-instant-context"

    def instant_win(self, table: Table, seat: int) -> str | None:
        return "四一" if table.hands[seat][0] == 4 and table.phase is Phase.OPENING else None

    def instant_context(self, table: Table, seat: int, ctx: WinContext) -> WinContext:
        return dataclasses.replace(ctx, win_tile=0)

    def score(self, ctx: WinContext) -> ScoreSheet:
        return ScoreSheet(items=(ScoreItem("四一", "Four ones", 1),), total=1, points=1)


def test_instant_context() -> None:
    from mahjong_core.scenario import Scenario

    sc = Scenario(InstantContextRules(), ["1111m258p369s147p5s", "234m567m234p567p4s", "1357p2468s1357s9p",
                                           "123p456p789p999s4s"])
    assert sc.to_act == ["E"]
    sc.play("E win")
    assert sc.table.contexts[0].win_tile == 0 and sc.table.contexts[0].instant == "四一"


class ChowKongRules(Ruleset):
    name = "test-chow-kong"
    kong_after_chow_ban = True


def test_no_kong_in_the_turn_of_a_chow() -> None:
    from mahjong_core.scenario import Scenario

    for rs, offered in ((ChowKongRules(), False), (Ruleset(), True)):
        sc2 = Scenario(rs, ["147m258p369s8m1234z", "5555s67m147p258p1z", "2369m147p248s567z", "1469m36p147s1567z"])
        sc2.play("E discard 8m", "S chow 678m")
        assert sc2.can("S", "kong 5s") == offered


class ZoneFlowerRules(Ruleset):
    name = "test-zone-flowers"
    flower_tiles = tuple(range(34, 42))
    self_draw_zone = 8
    self_draw_zone_flowers_dead = True
    dead_wall = 0


def test_flowers_drawn_in_the_zone_are_dead() -> None:
    dead = 0
    for seed in range(80):
        t = Table(ZoneFlowerRules(), seed=seed)
        g = GreedyBot()
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            before_tail, before_flowers = t.tail, sum(map(len, t.flowers))
            t.apply(g.choose(t, seat, [a for a in legal if a.kind is not ActionKind.WIN] or legal))
            if t.live_tiles < 8 and sum(map(len, t.flowers)) > before_flowers and t.tail == before_tail:
                dead += 1
            check_invariants(t)
    assert dead > 3

# --- a hidden, conditional wild (哈尔滨 宝), 吃听, max_melds, zone kongs -------------


class HiddenBaoRules(Ruleset):
    """A face-down indicator (the 宝) seen only after declaring ready; only
    the 宝 a declared seat draws is wild; three visible copies replace it."""

    name = "test-hidden-bao"
    wild_indicator = True
    ready_rule = ReadyRule.REQUIRED
    missed_win_ban = False

    def wild_tile_kinds(self, table: Table) -> frozenset[int]:
        return frozenset()

    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        return frozenset({indicator})

    def drawn_tile_wild(self, table: Table, seat: int, tile: int) -> bool:
        return bool(table.declared[seat]) and tile == table.indicator

    def indicator_visible(self, table: Table, seat: int) -> bool:
        return bool(table.declared[seat])

    def indicator_redraw(self, table: Table) -> bool:
        k = table.indicator
        seen = sum(d.count(k) for d in table.discards) + sum(m.tiles.count(k) for ms in table.melds for m in ms)
        return seen >= 3


BAO_HANDS = [
    "147m258p369s34567z",  # E (dealer): discards 7z first
    "123m456p789s1122z",   # S: declares ready on its first draw, waits 1z / 2z
    "369m147p258s3467z",   # W
    "258m369p147s3467z",   # N
]


def _obs_bao(t: Table, seat: int) -> set[int]:
    """The kinds the wild block of ``seat``'s observation tensor shows."""
    from mahjong_core.engine import OBS_SIZE

    v = t.observe_tensor(seat)
    base = OBS_SIZE - 35
    return {k for k in range(34) if v[base + k]}


def test_hidden_wild_is_seen_after_ready_and_wild_only_when_drawn_by_the_declared_seat() -> None:
    from mahjong_core.paper import score_hand_arguments
    from mahjong_core.scenario import Scenario

    rs = HiddenBaoRules()
    sc = Scenario(rs, BAO_HANDS, draws="9m1m4m9p5z", indicator="5z")
    t = sc.table
    S = sc.seat("S")
    assert t.indicator == 31 and all(t.observe(s)["indicator"] is None for s in range(4))
    assert all(_obs_bao(t, s) == set() for s in range(4))
    sc.play("E discard 7z")
    assert "ready 9m" in sc.offers("S")
    sc.play("S ready 9m")
    assert t.observe(S)["indicator"] == 31 and _obs_bao(t, S) == {31}
    assert [t.observe(s)["indicator"] for s in range(4) if s != S] == [None, None, None]
    assert all(_obs_bao(t, s) == set() for s in range(4) if s != S)
    sc.play("W discard 1m", "N discard 4m", "E discard 9p")
    assert sc.drawn == "5z" and sc.offers("S") == ["discard 5z", "win"]  # the 宝, drawn: wild
    sc.play("S win")
    ctx = t.contexts[S]
    assert ctx.wild_win_tile and ctx.wilds == 1 and 31 not in ctx.concealed and ctx.self_drawn
    paper = rs.score_hand(**score_hand_arguments(ctx, t.dealer))
    assert paper.sheet == t.scores[S] and paper.context.wild_win_tile
    # only the drawn tile is wild: on paper the other 5z of the hand stay natural
    held = rs.score_hand("123m456p789s1155z", win_tile="5z", winner=1, context={"wild_win_tile": True})
    assert held.context.wilds == 1 and held.context.concealed.count(31) == 2
    with pytest.raises(MahjongError, match="wild_win_tile"):
        rs.score_hand("123m456p789s1122z", win_tile="5z", winner=1, discarder=0, context={"wild_win_tile": True})


def test_hidden_wild_is_ordinary_before_ready_and_on_a_discard() -> None:
    from mahjong_core.scenario import Scenario

    rs = HiddenBaoRules()
    # S draws the 宝 before declaring: an ordinary tile (no win), and so is a 宝 discarded to it
    sc = Scenario(rs, BAO_HANDS, draws="5z", indicator="5z")
    sc.play("E discard 7z")
    assert sc.drawn == "5z" and "win" not in sc.offers("S")
    sc = Scenario(rs, BAO_HANDS, draws="9m1m4m", indicator="5z")
    sc.play("E discard 7z", "S ready 9m", "W discard 1m", "N discard 4m", "E discard 5z")
    # a discarded 宝 is not wild: S (declared, waiting 1z / 2z) has no claim on it
    assert sc.table.phase is Phase.TURN and sc.to_act == ["S"]


def test_indicator_redraw_moves_the_old_one_to_the_dealers_river() -> None:
    from mahjong_core.scenario import Scenario

    rs = HiddenBaoRules()
    hands = ["147m258p369s34567z", "123m456p789s1126z", "369m147p258s3457z", "258m369p147s3457z"]
    sc = Scenario(rs, hands, draws="9m1m2m3m", tail="8p", indicator="5z")
    t = sc.table
    sc.play("E discard 5z", "S discard 9m", "W discard 5z")
    assert t.indicator == 31 and t.indicator_changes == 0  # two visible: no change yet
    sc.play("N discard 5z")  # the third visible: replaced before the next draw
    assert t.indicator == 16 and t.indicator_changes == 1 and t.discards[0][-1] == 31
    assert sc.events("indicator")[-1] == {"type": "indicator", "tile": "8p", "old": "5z", "redraw": True}
    check_invariants(t)
    assert t.live_tiles == 136 - 53 - 1 - 4 - 1  # the new 宝 left the wall


def test_hidden_wild_games_keep_the_invariants() -> None:
    from mahjong_core.paper import score_hand_arguments

    rs = HiddenBaoRules()
    greedy = GreedyBot()
    wild_wins = changes = 0
    for seed in range(60):
        t = Table(rs, seed=seed)
        while not t.is_over:
            seat = t.to_act[0]
            t.apply(greedy.choose(t, seat, t.legal_actions(seat)))
            check_invariants(t)
            for s in range(4):
                assert (t.observe(s)["indicator"] is not None) == (t.declared[s] and t.indicator is not None)
        changes += t.indicator_changes
        for s in t.winners:
            ctx = t.contexts[s]
            wild_wins += ctx.wild_win_tile
            assert rs.score_hand(**score_hand_arguments(ctx, t.dealer)).sheet == t.scores[s]
        assert replay(dumps(t.events), ruleset=rs).events == t.events
    assert wild_wins and changes


class ChowReadyRules(Ruleset):
    """吃听 by any seat; a ready hand keeps four tiles (max_melds)."""

    name = "test-chow-ready"
    ready_rule = ReadyRule.REQUIRED
    chow_ready = True
    chow_ready_any_seat = True
    max_melds = 3
    missed_win_ban = False


def test_chow_ready_outranks_a_pung_and_binds_the_declaration() -> None:
    from mahjong_core.scenario import Scenario

    rs = ChowReadyRules()
    hands = [
        "147m258p369s34567z",  # E discards 5p
        "19m19p19s1234567z",   # S (the 下家): nothing to claim
        "46p123m789s11z55z7z",  # W: 吃听 456p (not the 下家), then declares with 7z, waiting 1z / 5z
        "129m55p19s123467z",   # N: may pung 5p
    ]
    sc = Scenario(rs, hands)
    sc.play("E discard 5p")
    assert "ready 456p" in sc.offers("W") and "chow 456p" not in sc.offers("W")  # not the 下家: 吃听 only
    assert "pung" in sc.offers("N")
    sc.play("N pung", "W ready 456p")
    t = sc.table
    assert sc.events("call")[-1]["seat"] == t.dealer + 2 and sc.events("call")[-1]["action"] == "ready"
    assert t.must_declare and all(o.startswith("ready ") for o in sc.offers("W"))
    sc.play("W ready 7z")
    assert t.declared[sc.seat("W")] and not t.must_declare


class MaxMeldsRules(Ruleset):
    """No fourth meld: a hand keeps four tiles."""

    name = "test-max-melds"
    max_melds = 3


class LegalWaitRules(Ruleset):
    """A declaration needs a legal wait; no win holds an honour."""

    name = "test-legal-wait"
    ready_rule = ReadyRule.REQUIRED
    ready_needs_legal_wait = True

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        return "no honours" if any(k >= 27 for k in ctx.concealed) else None


def test_ready_needs_a_legal_wait() -> None:
    from mahjong_core.scenario import Scenario

    class ShapeOnly(LegalWaitRules):
        name = "test-shape-wait"
        ready_needs_legal_wait = False

    for rs, offered in ((LegalWaitRules(), False), (ShapeOnly(), True)):
        sc = Scenario(rs, BAO_HANDS, draws="9m")
        sc.play("E discard 7z")
        assert ("ready 9m" in sc.offers("S")) == offered  # S waits on 1z / 2z only


def test_max_melds_blocks_the_fourth_call() -> None:
    rs = MaxMeldsRules()
    full = 0
    for seed in range(40):
        t = Table(rs, seed=seed)
        greedy = GreedyBot()
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            for a in legal:
                if a.kind in (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG, ActionKind.CONCEALED_KONG,
                              ActionKind.ADDED_KONG) or (a.kind is ActionKind.READY and t.phase is Phase.CLAIMS):
                    assert len(t.melds[seat]) < 3
            full += len(t.melds[seat]) == 3
            t.apply(greedy.choose(t, seat, legal))
        assert all(len(m) <= 3 for m in t.melds)
    assert full > 20  # seats with three melds were asked and offered no call


class ZoneKongRules(Ruleset):
    """The last four tiles drawn in turn (海捞区); a discard before them may still be konged."""

    name = "test-zone-kong"
    self_draw_zone = 4
    zone_kong_claims = True
    missed_win_ban = False


def test_zone_kong_claims_take_the_replacement_from_the_zone() -> None:
    from mahjong_core.scenario import Scenario

    hands = ["258m258p369s13467z", "369m147p147s1234z", "111m369p258s2567z", "479m147p258s1245z"]
    for rs, konged in ((ZoneKongRules(), True), (LastFourZone(), False)):
        # the fifth tile from the end (1m) is drawn by N with four left
        sc = Scenario(rs, hands, tail="9p9p9p9s1m")
        sc.idle(until_live=4)
        t = sc.table
        assert t.live_tiles == 4 and sc.to_act == ["N"] and sc.drawn == "1m"
        sc.play("N discard 1m")
        assert ("kong" in sc.offers("W")) == konged and "pung" in sc.offers("W")
        if not konged:
            continue
        sc.play("W kong")
        assert sc.drawn == "9p" and t.live_tiles == 3 and t.in_self_draw_zone
        assert len(sc.offers("W")) > 2  # the konger plays a normal turn: any discard
        sc.play("W discard 2s")
        assert "N" in sc.to_act or t.turn == sc.seat("N")  # its discard may be claimed (or N draws)
        for who in list(sc.to_act):
            if t.phase is Phase.CLAIMS:
                sc.play(f"{who} pass")
        assert sc.to_act == ["N"] and t.in_self_draw_zone and sc.offers("N") == [f"discard {sc.drawn}"]


class LastFourZone(Ruleset):
    name = "test-zone"
    self_draw_zone = 4
    missed_win_ban = False

class TwoWildKindsRules(Ruleset):
    """Two wild kinds from one indicator (the next two kinds, as 南昌's 正精
    and 副精); 截胡 or 一炮多响 by an instance attribute."""

    name = "test-two-wilds"
    wild_indicator = True

    def __init__(self, multiple: bool = True) -> None:
        super().__init__()
        self.multiple_winners = multiple

    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        from mahjong_core.rules import next_kind

        return frozenset({next_kind(indicator), next_kind(next_kind(indicator))})


def test_wild_tiles_tell_which_wilds_were_held() -> None:
    """``WinContext.wild_tiles``: the engine records which wild tiles a win
    held, so that a win with two wild kinds is written on paper again."""
    from mahjong_core.paper import score_hand_arguments

    rs = TwoWildKindsRules()
    two = 0
    for seed in range(150):
        t = play_hand(rs, [GreedyBot() for _ in range(4)], seed=seed)
        for s in t.winners:
            ctx = t.contexts[s]
            assert len(ctx.wild_tiles) == ctx.wilds and set(ctx.wild_tiles) <= ctx.wild_kinds
            if ctx.win_tile < 0:
                continue
            two += len(set(ctx.wild_tiles)) == 2
            paper = rs.score_hand(**score_hand_arguments(ctx, t.dealer))
            assert paper.context.wild_tiles == ctx.wild_tiles and paper.sheet == t.scores[s]
    assert two > 5


def test_multiple_winners_may_be_an_instance_attribute() -> None:
    for multiple in (True, False):
        rs = TwoWildKindsRules(multiple)
        most = max(len(play_hand(rs, [GreedyBot() for _ in range(4)], seed=seed).winners) for seed in range(150))
        assert (most > 1) == multiple


class FlowerKindRules(IndicatorRules):
    """Kinds that are flowers this hand, decided after the indicator (安庆
    杠牌): the two dragons that are not wild."""

    name = "test-flower-kinds"

    def flower_kinds(self, table: Table) -> frozenset[int]:
        return frozenset({31, 32, 33}) - table.wild_kinds


def test_flower_kinds_are_exposed_like_flowers() -> None:
    exposed = 0
    for seed in range(120):
        t = Table(FlowerKindRules(), seed=seed)
        kinds = frozenset({31, 32, 33}) - t.wild_kinds
        dealt = [e for e in t.events if e["type"] == "flower"]
        # every copy dealt is exposed in the deal's rounds (four copies of a kind, not one per kind)
        assert len(dealt) == sum(len(f) for f in t.flowers)
        greedy = GreedyBot()
        while not t.is_over:
            for s in range(4):
                assert not any(t.hands[s][k] for k in kinds)  # never in a hand
            seat = t.to_act[0]
            t.apply(greedy.choose(t, seat, t.legal_actions(seat)))
            check_invariants(t)
        assert all(f in kinds or f >= 34 for fs in t.flowers for f in fs)
        exposed += sum(f < 34 for fs in t.flowers for f in fs)
        assert replay(dumps(t.events), ruleset=FlowerKindRules()).events == t.events
        # the default: no kind is a flower
        plain = Table(IndicatorRules(), seed=seed)
        assert all(f >= 34 for fs in plain.flowers for f in fs)
    assert exposed > 400


class SingleKongRules(IndicatorRules):
    """A single 红中 or wild tile may be laid out as a kong (武汉 红中杠, 赖子杠)."""

    name = "test-single-kong"

    def single_kong_kinds(self, table: Any, seat: int) -> frozenset[int]:
        return frozenset({33}) | table.wild_kinds


def test_single_tiles_laid_out_as_kongs() -> None:
    singles = blooms = 0
    rs = SingleKongRules()
    for seed in range(150):
        t = Table(rs, seed=seed)
        rng = random.Random(seed)
        greedy = GreedyBot()
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            if t.phase is Phase.TURN:
                hand = t.hands[seat]
                kinds = frozenset({33}) | t.wild_kinds
                offered = {a.tile for a in legal if a.kind is ActionKind.CONCEALED_KONG}
                assert {k for k in kinds if hand[k]} <= offered or t.live_tiles == 0
                lay = [a for a in legal if a.kind is ActionKind.CONCEALED_KONG and a.tile in kinds]
                if lay and rng.random() < 0.7:
                    k = lay[0].tile
                    before, melds, flowers = hand[k], len(t.melds[seat]), len(t.flowers[seat])
                    t.apply(lay[0])
                    singles += 1
                    assert t.hands[seat][k] == before - 1 + (t.drawn == k)
                    assert len(t.melds[seat]) == melds and t.flowers[seat][flowers] == k
                    assert t.is_over or (t.after_kong and t.turn == seat)
                    check_invariants(t)
                    continue
            t.apply(greedy.choose(t, seat, legal))
            check_invariants(t)
        for s in t.winners:
            blooms += t.contexts[s].kong_replacement
            assert t.contexts[s].flowers == tuple(t.flowers[s])
        assert replay(dumps(t.events), ruleset=rs).events == t.events
    assert singles > 200 and blooms > 0
    # the default: no single kongs
    for seed in range(20):
        t = Table(IndicatorRules(), seed=seed)
        hand = t.hands[t.turn]
        assert all(hand[a.tile] == 4 for a in t.legal_actions(t.turn) if a.kind is ActionKind.CONCEALED_KONG)


class IndicatorEndRules(IndicatorRules):
    """The draws stop where the indicator lay (安庆 荒庄 at the 钻)."""

    name = "test-indicator-end"
    wall_ends_at_indicator = True
    flower_tiles = ()

    def indicator_offset(self, dice: Sequence[int]) -> int:
        return 2 * sum(dice) - 1


def test_wall_ends_at_the_indicator() -> None:
    draws = 0
    for seed in range(60):
        t = Table(IndicatorEndRules(), seed=seed)
        behind = 2 * sum(t.dice) - 1
        assert t.live_tiles == len(t.wall) - t.head - behind
        play_out(t, [RandomBot(seed=seed + s) for s in range(4)])
        check_invariants(t)
        if not t.winners:
            draws += 1
            # the front stopped at the indicator: the tiles behind it (less the replacements) are left
            replaced = len(t.wall) - t.tail
            assert len(t.remaining_wall()) == max(0, behind - replaced)
        plain = Table(IndicatorRules(), seed=seed)
        assert plain.live_tiles == plain.tail - plain.head
    assert draws > 0


class ImaginedRules(Ruleset):
    """心皇: 12 tiles dealt and one imagined tile, a wild that acts only in
    a win (imagined_kind -1); a kind a seat discarded is never chowed."""

    name = "test-imagined"
    hand_size = 12
    imagined_tiles = 1
    own_discard_chow_ban = True


class CommittedRules(ImaginedRules):
    """The imagined tile committed at the deal: the lowest kind the seat holds."""

    name = "test-committed"

    def imagined_kind(self, table: Table, seat: int) -> int:
        return next(k for k in range(34) if table.hands[seat][k])


@pytest.mark.parametrize("rules", [ImaginedRules, CommittedRules])
def test_imagined_tiles_and_the_own_discard_chow_ban(rules: type[Ruleset]) -> None:
    rs = rules()
    wins = chows = 0
    for seed in range(150):
        t = Table(rs, seed=seed)
        committed = [k for k in t.imagined]
        if rules is ImaginedRules:
            assert committed == [-1] * 4
        else:
            assert all(t.hands[s][k] for s, k in enumerate(committed))  # (before any discard)
        rng = random.Random(seed)
        greedy = GreedyBot()
        discarded: list[set[int]] = [set() for _ in range(4)]
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            if t.phase is Phase.CLAIMS and t.last_discard is not None:
                tile = t.last_discard[1]
                for s in t.to_act:
                    if tile in discarded[s]:
                        assert not [a for a in t.legal_actions(s) if a.kind is ActionKind.CHOW]
            c, w = t.analysis_counts(seat)
            if rules is ImaginedRules:
                assert w == 1 and list(c) == list(t.hands[seat])
            else:
                k = committed[seat]
                assert c[k] == min(4, t.hands[seat][k] + 1) and w == (1 if t.hands[seat][k] == 4 else 0)
            a = greedy.choose(t, seat, legal) if seed % 2 else rng.choice(legal)
            if a.kind is ActionKind.DISCARD:
                discarded[seat].add(a.tile)
            chows += a.kind is ActionKind.CHOW
            t.apply(a)
            check_invariants(t)
        for s in t.winners:
            wins += 1
            ctx = t.contexts[s]
            assert ctx.wilds == 1 and len(ctx.concealed) + 3 * len(ctx.melds) == 13  # real tiles only
        assert replay(dumps(t.events), ruleset=rs).events == t.events
    assert wins > 50 and chows > 20


class ChosenRules(CommittedRules):
    """Each seat chooses its imagined kind right after the deal
    (``imagined_choice``); ``imagined_kind`` is what GreedyBot chooses."""

    name = "test-chosen"
    imagined_choice = True


def test_imagined_choice_is_a_phase_after_the_deal() -> None:
    rs = ChosenRules()
    t = Table(rs, seed=4)
    assert t.phase is Phase.IMAGINE and t.to_act == [0, 1, 2, 3] and t.imagined == [-1] * 4
    assert [e["type"] for e in t.events] == ["header", "deal"]
    for s in range(4):
        legal = t.legal_actions(s)
        assert [a.kind for a in legal] == [ActionKind.IMAGINE] * len(legal)
        assert [a.tile for a in legal] == [k for k in range(34) if t.hands[s][k] < 4]
        assert [a.id for a in legal] == [250 + a.tile for a in legal]
        assert Action.from_id(s, 250 + legal[0].tile) == legal[0]
    check_invariants(t)
    # an illegal choice (not in this phase's offers) changes nothing
    before = (t.phase, dict(t.answers), len(t.events), list(t.imagined))
    for bad in (Action(ActionKind.DISCARD, 0, next(k for k in range(34) if t.hands[0][k])), Action(ActionKind.PASS, 1)):
        with pytest.raises(IllegalActionError, match="imagined kind first"):
            t.apply(bad)
        assert (t.phase, dict(t.answers), len(t.events), list(t.imagined)) == before
    with pytest.raises(IllegalActionError, match="0..33"):
        Action(ActionKind.IMAGINE, 0, 34)
    t.apply(Action(ActionKind.IMAGINE, 2, 5))
    with pytest.raises(IllegalActionError, match="not to act"):
        t.apply(Action(ActionKind.IMAGINE, 2, 6))  # once only
    assert t.imagined == [-1] * 4 and t.to_act == [0, 1, 3]
    # private: nobody sees another seat's choice, before or after it is fixed
    tensors = [t.observe_tensor(s).copy() for s in range(4)]
    assert [t.observe(s)["imagined"] for s in range(4)] == [-1] * 4
    t.apply(Action(ActionKind.IMAGINE, 0, 7))
    t.apply(Action(ActionKind.IMAGINE, 1, 8))
    t.apply(Action(ActionKind.IMAGINE, 3, 33))
    assert t.imagined == [7, 8, 5, 33] and t.phase is Phase.TURN and t.turn == 0
    assert t.events[-1] == {"type": "imagined", "kinds": ["8m", "9m", "6m", "7z"]}
    assert [t.observe(s)["imagined"] for s in range(4)] == [7, 8, 5, 33]
    for s in (1, 2, 3):
        assert (t.observe_tensor(s) == tensors[s]).all()  # (the tensor holds no 心皇)
    with pytest.raises(IllegalActionError, match="only right after the deal"):
        t.apply(Action(ActionKind.IMAGINE, 0, 1))
    c, w = t.analysis_counts(1)
    assert c[8] == min(4, t.hands[1][8] + 1)
    play_out(t, [GreedyBot() for _ in range(4)])
    assert replay(dumps(t.events), ruleset=rs).events == t.events


def test_imagined_choice_games_replay_and_the_greedy_bot_chooses_imagined_kind() -> None:
    rs, auto = ChosenRules(), CommittedRules()
    for seed in range(40):
        t = Table(rs, seed=seed)
        rng = random.Random(seed)
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            t.apply(rng.choice(legal) if seed % 2 else GreedyBot().choose(t, seat, legal))
            check_invariants(t)
        assert replay(dumps(t.events), ruleset=rs).events == t.events
        assert [e["type"] == "action" and e["action"] == "imagine" for e in t.events[2:6]] == [True] * 4
        if seed % 2 == 0:  # greedy: the kinds and the result of the automatic commit
            a = play_hand(auto, [GreedyBot() for _ in range(4)], seed=seed)
            assert a.imagined == t.imagined and a.deltas() == t.deltas()
            assert [e for e in t.events if e.get("action") != "imagine"][1:] == a.events[1:]


def test_imagined_tiles_on_paper() -> None:
    r = ImaginedRules().score_hand("123m456p789s1z22z", win_tile="1z", discarder=2)
    assert r.context.wilds == 1 and r.sheet.total == 1
    with pytest.raises(Exception, match="1 imagined"):
        ImaginedRules().score_hand("123m456p789s11z22z", win_tile="1z", discarder=2)


class KongKindsRules(Ruleset):
    """Concealed kongs of 东 only (洛书: four 将头 tiles are a set)."""

    name = "test-kong-kinds"
    allow_chow = False
    allow_pung = False
    allow_exposed_kong = False
    kong_kinds = frozenset({27})


def test_kong_kinds_limit_concealed_kongs() -> None:
    four_others = 0
    for seed in range(300):
        t = Table(KongKindsRules(), seed=seed)
        rng = random.Random(seed)
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            kongs = {a.tile for a in legal if a.kind is ActionKind.CONCEALED_KONG}
            held4 = {k for k in range(34) if t.hands[seat][k] == 4}
            assert kongs == held4 & {27} or t.live_tiles == 0
            four_others += bool(held4 - {27})
            t.apply(rng.choice(legal))
    assert four_others > 10


class EastsRules(Ruleset):
    """A win the kernel cannot see (all four 东, whatever the rest), which
    needs a declared ready hand: the ready discards count its waits."""

    name = "test-easts"
    hand_rules = analysis.HandRules(forms=(analysis.Form.THIRTEEN_ORPHANS,))
    ready_rule = ReadyRule.REQUIRED
    ready_allows_kong = False
    allow_kong = False

    def shape_free_win(self, table: Any, seat: int, counts: Sequence[int]) -> bool:
        return counts[27] == 4

    def shape_free_waits(self, table: Any, seat: int, counts: Sequence[int]) -> int:
        return 1 << 27 if counts[27] == 3 else 0

    def score(self, ctx: WinContext) -> ScoreSheet:
        return ScoreSheet(items=(ScoreItem("东", "Easts", 1),), total=1, points=1)


def test_ready_discards_count_shape_free_waits() -> None:
    from mahjong_core.scenario import Scenario

    sc = Scenario(EastsRules(), ["123m456p789s111z23z", "258m369p147s2344z", "258m369p147s5566z", "147m258p369s5677z"],
                  draws="9m9p9s1z")
    assert "ready 2z" in sc.offers("E") and "ready 1m" in sc.offers("E")
    sc.play("E ready 2z", "S discard 9m", "W discard 9p", "N discard 9s")
    assert sc.offers("E") == ["discard 1z", "win"]


class DiceTwoRules(Ruleset):
    """开杠掷骰子 turning up two tiles (``dice_kong_tiles``), with flowers in
    the wall so a flower may be among them."""

    name = "test-dice-two"
    dice_kong = True
    dice_kong_tiles = 2
    flower_tiles = tuple(range(34, 42))


class DiceTwoPlayOnRules(DiceTwoRules):
    """The same, the others playing on after a win (血战): a konger that
    won on its first dice tile puts the second back on the wall."""

    name = "test-dice-two-play-on"
    play_after_win = True


class DiceOneRules(Ruleset):
    name = "test-dice-one"
    dice_kong = True


@pytest.mark.parametrize("rs", [DiceTwoRules(), DiceTwoPlayOnRules(), DiceOneRules()], ids=["two", "play-on", "one"])
def test_dice_kong_tiles(rs: Ruleset) -> None:
    two = rs.dice_kong_tiles == 2
    rolls = seconds = claimed = 0
    for seed in range(250):
        t = Table(rs, seed=seed)
        rng = random.Random(seed)
        greedy = GreedyBot()
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            if t.phase is Phase.REPLACE:
                a = next(x for x in legal if x.kind is ActionKind.TAKE)  # always roll
                t.apply(a)
                check_invariants(t)
                rolls += 1
                if t.is_over:
                    continue
                assert len(t.dice_pending) <= (1 if two else 0)
                continue
            dice_discard = (
                t.phase is Phase.CLAIMS and t.discard_after_kong and bool(t.kong_dice)
                and t.last_discard is not None and t.locked[t.last_discard[0]]
            )
            if dice_discard:
                kinds = {x.kind for x in legal}
                if two:
                    assert kinds <= {ActionKind.WIN, ActionKind.PASS}
                else:
                    claimed += bool(kinds - {ActionKind.WIN, ActionKind.PASS})
            if t.phase is Phase.TURN and t.dice_pending == [] and t.after_kong and t.locked[seat]:
                seconds += any(e.get("turned") is True for e in t.events[-1:])
            t.apply(rng.choice(legal) if seed % 3 == 0 else greedy.choose(t, seat, legal))
            check_invariants(t)
        assert replay(dumps(t.events), ruleset=rs).events == t.events
    assert rolls > 5
    if two:
        assert seconds > 2
    else:
        assert claimed > 0 and seconds == 0  # one tile: its discard may be called as before


def test_dice_kong_tiles_must_be_one_or_two() -> None:
    rs = DiceOneRules()
    rs.dice_kong_tiles = 3
    with pytest.raises(MahjongError, match="dice_kong_tiles must be 1 or 2"):
        Table(rs, seed=0)


class EastsReadyRules(EastsRules):
    """EastsRules telling the engine when some discard may leave the
    shape-free waits (three 东 kept): the ready offers are the same."""

    name = "test-easts-ready"

    def __init__(self, answer: bool | None = None) -> None:
        super().__init__()
        self.answer = answer
        self.asked: list[int] = []

    def shape_free_ready(self, table: Any, seat: int, counts: Sequence[int]) -> bool:
        self.asked.append(sum(counts))
        return counts[27] >= 3 if self.answer is None else self.answer


def test_shape_free_ready_spares_asking_each_discard() -> None:
    from mahjong_core.scenario import Scenario

    hands = ["123m456p789s111z23z", "258m369p147s2344z", "258m369p147s5566z", "147m258p369s5677z"]
    plain = Scenario(EastsRules(), hands, draws="9m9p9s1z")
    rs = EastsReadyRules()
    sc = Scenario(rs, hands, draws="9m9p9s1z")
    assert sc.offers("E") == plain.offers("E")
    assert "ready 2z" in sc.offers("E") and rs.asked and set(rs.asked) == {14}
    sc.play("E ready 2z", "S discard 9m", "W discard 9p", "N discard 9s")
    assert sc.offers("E") == ["discard 1z", "win"]
    # the engine trusts a False: no discard is asked, no ready offer
    never = Scenario(EastsReadyRules(answer=False), hands, draws="9m9p9s1z")
    assert not any(o.startswith("ready") for o in never.offers("E"))
    # the default (True) asks each discard, as before the hook
    assert Ruleset().shape_free_ready(None, 0, [0] * 34) is True  # type: ignore[arg-type]


class SelfDrawOnlyRules(Ruleset):
    """Wins by self-draw only, refused by win_problem after scoring."""

    name = "test-self-draw-only"
    honors = False

    def win_problem(self, ctx: WinContext, sheet: ScoreSheet) -> str | None:
        return None if ctx.self_drawn else "self-draw only"


class RefusingRules(SelfDrawOnlyRules):
    """The same rule, refused before scoring (refuses_win); score counts
    what it is asked."""

    name = "test-refusing"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.asked = Counter[str]()

    def refuses_win(self, ctx: WinContext) -> bool:
        self.asked["refuses_win"] += 1
        return not ctx.self_drawn

    def score(self, ctx: WinContext) -> ScoreSheet:
        assert ctx.self_drawn, "a refused context is never scored"
        self.asked["score"] += 1
        return super().score(ctx)


def test_refuses_win_skips_the_scoring_and_changes_nothing() -> None:
    """A refused context is never scored, and a refusal that agrees with
    can_win plays the same games as without it."""
    plain, refusing = SelfDrawOnlyRules(), RefusingRules()
    wins = 0
    for seed in range(40):
        bots = lambda: [GreedyBot() if s % 2 else RandomBot(seed * 4 + s) for s in range(4)]  # noqa: E731
        a = play_hand(plain, bots(), seed=seed, dealer=seed % 4)
        b = play_hand(refusing, bots(), seed=seed, dealer=seed % 4)
        assert [(e["type"], e.get("seat"), e.get("tile")) for e in a.events] == [
            (e["type"], e.get("seat"), e.get("tile")) for e in b.events]
        assert a.deltas() == b.deltas()
        wins += bool(b.winners)
    assert wins > 5 and refusing.asked["refuses_win"] > refusing.asked["score"] > 0
    # a rule set that does not override it is never asked (the default answers False)
    assert not Ruleset().refuses_win(None)  # type: ignore[arg-type]


class RandomDealerRules(Ruleset):
    """The first dealer of a match drawn from the match's seed."""

    name = "test-random-dealer"
    random_first_dealer = True


def test_first_dealer_is_drawn_from_the_match_seed_and_recorded() -> None:
    bots = [RandomBot(seed=s) for s in range(4)]
    firsts = []
    for seed in range(40):
        m = Match(RandomDealerRules(), bots, seed=seed, hands=1, keep_tables=True)
        assert m.first_dealer == m.dealer == RandomDealerRules().first_dealer(seed)
        m.play()
        assert m.results[0].dealer == m.first_dealer == m.tables[0].dealer
        assert m.tables[0].events[0]["dealer"] == m.first_dealer  # the record names it
        firsts.append(m.first_dealer)
    assert set(firsts) == {0, 1, 2, 3}  # every seat deals first for some seed
    again = [Match(RandomDealerRules(), bots, seed=seed).first_dealer for seed in range(40)]
    assert again == firsts  # the same seed, the same dealer
    # a dealer given to the match wins over the draw; the default rule set deals from seat 0
    assert Match(RandomDealerRules(), bots, seed=3, dealer=2).first_dealer == 2
    assert {Match(Ruleset(), bots, seed=s).first_dealer for s in range(20)} == {0}
    with pytest.raises(MahjongError, match="dealer must be a seat 0..3"):
        Match(RandomDealerRules(), bots, seed=3, dealer=4)


class OptionalReadyRules(Ruleset):
    name = "test-optional-ready"
    ready_rule = ReadyRule.OPTIONAL


class ShownReadyRules(OptionalReadyRules):
    """A declaration only with an honour discard; it shows the pairs left."""

    name = "test-shown-ready"

    def ready_allowed(self, table: Table, seat: int, discard: int, counts: Sequence[int]) -> bool:
        assert sum(counts) % 3 == 1 and counts[discard] == table.hands[seat][discard]  # (after the discard)
        return discard >= 27

    def ready_shown(self, table: Table, seat: int, discard: int) -> tuple[int, ...]:
        return tuple(k for k in range(34) if table.hands[seat][k] - (k == discard) == 2)


def test_ready_allowed_filters_the_declarations_and_ready_shown_lays_tiles_open() -> None:
    from mahjong_core.scenario import Scenario

    others = ["147m258p369s1234z", "258m369p147s5677z", "369m147p258s1234z"]
    honour = ["123m456p789s11z22z3z", *others]
    suit = ["123m456p789s11z22z5m", *others]
    assert Scenario(OptionalReadyRules(), suit).offers("E")[-1] == "ready 5m"
    assert not [o for o in Scenario(ShownReadyRules(), suit).offers("E") if o.startswith("ready")]
    plain = Scenario(OptionalReadyRules(), honour)
    sc = Scenario(ShownReadyRules(), honour)
    assert [o for o in sc.offers("E") if o.startswith("ready")] == ["ready 3z"]
    plain.play("E ready 3z")
    assert plain.events("ready") == [{"type": "ready", "seat": 0}] and plain.table.ready_shown[0] == ()
    sc.play("E ready 3z")
    assert sc.events("ready") == [{"type": "ready", "seat": 0, "shown": ["1z", "2z"]}]
    assert sc.table.ready_shown == [(27, 28), (), (), ()] and sc.table.declared[0]
    assert all(sc.table.observe(s)["ready_shown"][0] == [27, 28] for s in range(4))
    assert sc.hand("E") == "123m456p789s1122z"  # the shown tiles stay in the hand
    check_invariants(sc.table)
    again = replay(dumps(sc.table.events), ruleset=ShownReadyRules())
    assert again.ready_shown == sc.table.ready_shown


class EastsKongRules(EastsRules):
    """EastsRules where a declared hand may kong when its waits stay."""

    name = "test-easts-kong"
    ready_allows_kong = True
    allow_kong = True


def test_a_declared_kong_keeps_shape_free_waits() -> None:
    """After 报听 a concealed kong is offered when the waits stay the same,
    the shape-free ones counted too (福州's wrapped 金坎)."""
    from mahjong_core.scenario import Scenario

    hands = ["999m456p789s111z23z", "258m369p147s2344z", "258m369p147s5566z", "147m258p369s5677z"]
    sc = Scenario(EastsKongRules(), hands, draws="9p9s1p9m")
    sc.play("E ready 2z", "S discard 9p", "W discard 9s", "N discard 1p")
    assert sc.drawn == "9m" and sc.offers("E") == ["discard 9m", "concealed kong 9m"]
    sc.play("E kong 9m")
    check_invariants(sc.table)
