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
from mahjong_core.rules import Payment, ReadyRule, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext

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
