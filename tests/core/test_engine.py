"""The engine: invariants after every event, determinism, replay, illegal actions."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Sequence

import mahjong_core as mc
import numpy as np
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from mahjong_core.bots import GreedyBot, RandomBot, play_hand
from mahjong_core.engine import NUM_ACTIONS, Action, ActionKind, Phase, Table
from mahjong_core.records import RecordError, dumps, replay
from mahjong_core.rules import Payment, ReadyRule, Ruleset, ScoreItem, ScoreSheet, Settlement, WinContext
from reference.engine_invariants import check_invariants


class FlowerRules(Ruleset):
    """The base rules with the eight flowers, a dead wall and one winner per discard."""

    name = "test-flowers"
    flower_tiles = tuple(range(34, 42))
    dead_wall = 14
    multiple_winners = False


RULESETS = [Ruleset(), FlowerRules()]


@pytest.mark.parametrize("rs", RULESETS, ids=lambda r: r.name)
def test_random_hands_keep_invariants(rs: Ruleset) -> None:
    for seed in range(60):
        t = Table(rs, seed=seed)
        rng = random.Random(seed)
        check_invariants(t)
        while not t.is_over:
            s = t.to_act[rng.randrange(len(t.to_act))]
            t.apply(rng.choice(t.legal_actions(s)))
            check_invariants(t)


@pytest.mark.parametrize("rs", RULESETS, ids=lambda r: r.name)
def test_many_bot_hands(rs: Ruleset) -> None:
    """Each hand ends once, by wins or by a drawn game, as its record says;
    the counts come from the records, not from ``winners``."""
    wins = draws = 0
    for seed in range(1000):
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), RandomBot(seed + 1)]
        t = play_hand(rs, bots, seed=seed, dealer=seed % 4)
        assert t.is_over and sum(t.deltas()) == 0
        kinds = [e["type"] for e in t.events]
        won = [e for e in t.events if e["type"] == "win"]
        assert kinds.count("payments") == 1 and kinds[-1] == "payments"
        assert t.events[-1]["deltas"] == t.deltas()
        if won:
            assert "draw_game" not in kinds and [e["seat"] for e in won] == t.winners
            assert len(won) == 1 or rs.multiple_winners
            assert len({e["discarder"] for e in won}) == 1  # several winners: one discard
            for e in won:  # the base rules: 1 point from the discarder, or from each other seat
                gain = 3 if e["self_drawn"] else 1
                assert t.deltas()[e["seat"]] == gain
        else:
            assert kinds.count("draw_game") == 1 and t.winners == [] and t.deltas() == [0] * 4
        wins += bool(won)
        draws += kinds.count("draw_game")
    assert wins > 200  # greedy bots do win
    assert draws > 0  # and some hands run out
    assert wins + draws == 1000


def test_same_seed_same_log_and_replay() -> None:
    for seed in (1, 2, 3):
        a = play_hand(FlowerRules(), [RandomBot(seed) for _ in range(4)], seed=seed)
        b = play_hand(FlowerRules(), [RandomBot(seed) for _ in range(4)], seed=seed)
        assert a.events == b.events
        again = replay(dumps(a.events), ruleset=FlowerRules())
        assert again.events == a.events
        assert again.deltas() == a.deltas()
        assert again.winners == a.winners


def test_replay_names_the_bad_line() -> None:
    t = play_hand(Ruleset(), [GreedyBot() for _ in range(4)], seed=5)
    lines = dumps(t.events).splitlines()
    bad = list(lines)
    bad[3] = "{not json"
    with pytest.raises(RecordError) as e:
        replay("\n".join(bad), ruleset=Ruleset())
    assert e.value.line == 4
    # an action that is not legal there
    i = next(i for i, l in enumerate(lines) if '"action": "discard"' in l)
    bad = list(lines)
    bad[i] = bad[i].replace('"seat": ', '"seat": 9, "x": ', 1)
    with pytest.raises(RecordError) as e:
        replay("\n".join(bad), ruleset=Ruleset())
    assert e.value.line == i + 1
    with pytest.raises(RecordError, match="line 1"):
        replay('{"type": "deal"}\n', ruleset=Ruleset())
    with pytest.raises(RecordError, match="not .*base-v1"):
        replay(dumps(play_hand(FlowerRules(), [RandomBot(1)] * 4, seed=1).events), ruleset=Ruleset())


def _snapshot(t: Table) -> tuple[object, ...]:
    return (
        [bytes(h) for h in t.hands], copy.deepcopy(t.melds), copy.deepcopy(t.discards),
        t.head, t.tail, t.phase, t.turn, dict(t.answers), len(t.events),
    )


def test_illegal_actions_are_rejected_and_change_nothing() -> None:
    t = Table(Ruleset(), seed=11)
    seat = t.to_act[0]
    before = _snapshot(t)
    missing = next(k for k in range(34) if t.hands[seat][k] == 0)
    attempts = [
        Action(ActionKind.DISCARD, seat, missing),  # tile not in hand
        Action(ActionKind.DISCARD, (seat + 1) % 4, 0),  # not this seat's turn
        Action(ActionKind.PUNG, seat),  # no discard to claim
        Action(ActionKind.CHOW, seat, 0),
        Action(ActionKind.CONCEALED_KONG, seat, missing),
        Action(ActionKind.WIN, seat),  # not a winning hand (seed 11)
        Action(ActionKind.PASS, seat),
    ]
    for a in attempts:
        with pytest.raises(mc.IllegalActionError):
            t.apply(a)
        assert _snapshot(t) == before
    with pytest.raises(mc.IllegalActionError, match="not in 0..283"):
        t.apply(500, seat=seat)
    assert _snapshot(t) == before
    # claims: a non-claimant may not answer; a claimant may not discard
    rng = random.Random(0)
    while t.phase != Phase.CLAIMS and not t.is_over:
        t.apply(rng.choice(t.legal_actions(t.to_act[0])))
    if t.phase == Phase.CLAIMS:
        claimant = t.to_act[0]
        before = _snapshot(t)
        with pytest.raises(mc.IllegalActionError, match="only claims or pass|not legal|not in hand"):
            t.apply(Action(ActionKind.DISCARD, claimant, next(k for k in range(34) if t.hands[claimant][k])))
        outsider = next(s for s in range(4) if s not in t.claimants)
        with pytest.raises(mc.IllegalActionError, match="not to act"):
            t.apply(Action(ActionKind.PASS, outsider))
        assert _snapshot(t) == before
    over = play_hand(Ruleset(), [RandomBot(1)] * 4, seed=1)
    with pytest.raises(mc.IllegalActionError, match="over"):
        over.apply(Action(ActionKind.PASS, 0))


def test_action_ids_round_trip() -> None:
    for i in range(NUM_ACTIONS):
        a = Action.from_id(2, i)
        assert a.id == i and a.seat == 2


def test_observation_hides_other_hands() -> None:
    t = Table(Ruleset(), seed=3)
    obs = t.observe(1)
    assert obs["hand"] == t.concealed_tiles(1)
    text = repr(obs)
    assert "hands" not in obs and obs["hand_sizes"] == [sum(h) for h in t.hands]
    assert str(t.concealed_tiles(2)) not in text or t.concealed_tiles(2) == t.concealed_tiles(1)


class EngineMachine(RuleBasedStateMachine):
    """Random legal actions; the invariants hold after every event."""

    @initialize(seed=st.integers(0, 2**32), flowers=st.booleans())
    def start(self, seed: int, flowers: bool) -> None:
        self.table = Table(FlowerRules() if flowers else Ruleset(), seed=seed, dealer=seed % 4)

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        t = self.table
        if t.is_over:
            return
        seat = data.draw(st.sampled_from(t.to_act))
        t.apply(data.draw(st.sampled_from(t.legal_actions(seat))))

    @invariant()
    def holds(self) -> None:
        if hasattr(self, "table"):
            check_invariants(self.table)


TestEngineMachine = EngineMachine.TestCase
TestEngineMachine.settings = settings(max_examples=40, stateful_step_count=120, deadline=None)


class BanRules(Ruleset):
    """Base rules with 吃张打张 and no kong in the turn of a pung."""

    name = "test-bans"
    chow_discard_ban = True
    kong_after_pung_ban = True


def test_chow_swap_and_pung_kong_bans() -> None:
    chows = pungs = 0
    for seed in range(400):
        t = Table(BanRules(), seed=seed)
        rng = random.Random(seed)
        while not t.is_over:
            s = t.to_act[rng.randrange(len(t.to_act))]
            legal = t.legal_actions(s)
            a = next((x for x in legal if x.kind in (ActionKind.CHOW, ActionKind.PUNG)), None)
            if a is None or t.phase != Phase.CLAIMS or len(t.to_act) > 1:
                t.apply(rng.choice(legal))
                continue
            assert t.last_discard is not None
            tile = t.last_discard[1]
            t.apply(a)
            if t.phase != Phase.TURN or t.turn != a.seat:
                continue
            after = t.legal_actions(a.seat)
            kinds = {x.kind for x in after}
            assert ActionKind.CONCEALED_KONG not in kinds or a.kind != ActionKind.PUNG
            assert ActionKind.ADDED_KONG not in kinds or a.kind != ActionKind.PUNG
            if a.kind == ActionKind.PUNG:
                pungs += 1
            else:
                chows += 1
                own = [k for k in range(a.tile, a.tile + 3) if k != tile]
                for x in after:
                    if x.kind == ActionKind.DISCARD:
                        trio = sorted([x.tile, *own])
                        forms = trio[1] == trio[0] + 1 and trio[2] == trio[1] + 1 and trio[0] // 9 == trio[2] // 9
                        assert not forms or all(
                            y.kind != ActionKind.DISCARD or sorted([y.tile, *own]) == trio for y in after
                        ), (x, own)
    assert chows > 20 and pungs > 20


def test_match_dealer_rotation_and_winds() -> None:
    from mahjong_core.match import Match

    m = Match(Ruleset(), [GreedyBot() for _ in range(4)], seed=2, rounds=1)
    results = m.play()
    assert sum(m.totals) == 0
    assert results[0].dealer == 0 and results[0].round_wind == 0
    for prev, cur in zip(results, results[1:]):
        stays = not prev.winners or prev.dealer in prev.winners
        if stays:
            assert cur.dealer == prev.dealer and cur.streak == prev.streak + 1
        else:
            assert cur.dealer == (prev.dealer + 1) % 4 and cur.streak == 0
    # one full round: the deal passed all four seats, and the wind moved on
    assert m.round_wind == 1 and m.dealer == 0
    assert sum(1 for a, b in zip(results, results[1:]) if a.dealer != b.dealer) == 3
    m2 = Match(Ruleset(), [RandomBot(i) for i in range(4)], seed=2, hands=7)
    assert len(m2.play()) == 7 and sum(m2.totals) == 0
    with pytest.raises(ValueError):
        Match(Ruleset(), [GreedyBot()], seed=1)


class KongPayRules(Ruleset):
    """Kongs paid at once (concealed: 2 from each other seat; exposed: 3 from
    the discarder; added: 1 from each other seat) and refunded on a draw."""

    name = "test-kong-pay"

    def kong_payments(self, table: Table, seat: int, meld: mc.Meld, source: int | None) -> Settlement:
        if meld.kind == mc.MeldKind.ANKAN:
            return Settlement(tuple(Payment(s, seat, 2, "ankan") for s in range(4) if s != seat))
        if source is not None:
            return Settlement((Payment(source, seat, 3, "kan"),))
        return Settlement(tuple(Payment(s, seat, 1, "kakan") for s in range(4) if s != seat))

    def settle_draw(self, table: Table) -> Settlement:
        return Settlement(tuple(Payment(p.payee, p.payer, p.amount, "refund") for p in table.kong_settlement.payments))


def test_kong_payments_during_the_hand() -> None:
    kongs = refunded = 0
    for seed in range(800):
        # greedy bots win (payments on top of kong money); random bots mostly
        # reach the draw (kong money refunded)
        bots = [GreedyBot() for _ in range(4)] if seed % 2 else [RandomBot(seed + i) for i in range(4)]
        t = play_hand(KongPayRules(), bots, seed=seed)
        expected = [0] * 4
        for e in t.events:
            if e["type"] == "kong_payments":
                for payer, payee, amount, _ in e["payments"]:
                    expected[payer] -= amount
                    expected[payee] += amount
        made = [e for e in t.events if e["type"] == "kong"]
        assert len(t.kong_settlement.payments) >= len(made)
        assert t.kong_settlement.deltas(4) == expected
        assert sum(t.deltas()) == 0
        if made:
            kongs += 1
            if not t.winners:
                refunded += 1
                assert t.deltas() == [0, 0, 0, 0]  # paid during the hand, refunded at the draw
            else:
                win = Ruleset().settle(t, [(t.contexts[s], t.scores[s]) for s in t.winners]).deltas(4)
                assert t.deltas() == [a + b for a, b in zip(expected, win)]
    assert kongs > 20 and refunded > 5


def test_observation_tensor() -> None:
    from mahjong_core.engine import OBS_SIZE

    t = Table(FlowerRules(), seed=21)
    rng = random.Random(0)
    buf = np.zeros(OBS_SIZE, dtype=np.float32)
    steps = 0
    while not t.is_over and steps < 80:
        seat = t.to_act[0]
        for s in range(4):
            v = t.observe_tensor(s)
            assert v.shape == (OBS_SIZE,) and v.dtype == np.float32
            assert v[:34].sum() == sum(t.hands[s])  # own concealed tiles
            assert t.observe_tensor(s, out=buf) is buf and np.array_equal(buf, v)
            # other seats' concealed tiles never show: scramble them
            saved = [bytearray(h) for h in t.hands]
            for o in range(4):
                if o != s:
                    t.hands[o][:] = bytes(reversed(t.hands[o]))
            assert np.array_equal(t.observe_tensor(s), v)
            for o in range(4):
                t.hands[o][:] = saved[o]
        t.apply(rng.choice(t.legal_actions(seat)))
        steps += 1
    with pytest.raises(mc.MahjongError, match="shape"):
        t.observe_tensor(0, out=np.zeros(5, dtype=np.float32))


class ReadyRules(Ruleset):
    """Winning needs a declaration (报听); passing a win after it forfeits."""

    name = "test-ready"
    ready_rule = ReadyRule.REQUIRED
    ready_missed_win_forfeits = True


class ReadyRoomRules(Ruleset):
    """合肥-style 报听 room: only declared seats win on a discard."""

    name = "test-ready-room"
    ready_rule = ReadyRule.REQUIRED_FOR_DISCARD_WIN


def test_ready_on_deal() -> None:
    """天听: declaring with the first discard, before any call."""
    found = 0
    for seed in range(2000):
        t = Table(ReadyRules(), seed=seed)
        greedy = GreedyBot()
        for _ in range(8):
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            ready = [a for a in legal if a.kind == ActionKind.READY]
            first = not t.discards[seat] and not any(t.melds)
            t.apply(ready[0] if ready else greedy.choose(t, seat, legal))
            if ready:
                assert (seat in t.ready_on_deal) == first
            if t.is_over:
                break
        found += len(t.ready_on_deal)
    assert found > 3


@pytest.mark.parametrize("rs", [ReadyRules(), ReadyRoomRules()], ids=lambda r: r.name)
def test_declaring_ready(rs: Ruleset) -> None:
    declared_wins = undeclared_self_draws = forfeits = on_deal = 0
    for seed in range(300):
        t = Table(rs, seed=seed)
        rng = random.Random(seed)
        greedy = GreedyBot()
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            for a in legal:
                if a.kind == ActionKind.READY:
                    # declaring leaves the hand ready
                    h = bytearray(t.hands[seat])
                    h[a.tile] -= 1
                    assert mc.waits(mc.Counts(list(h)), rules=rs.hand_rules)
            if t.declared[seat]:
                kinds = {a.kind for a in legal}
                assert kinds <= {ActionKind.DISCARD, ActionKind.WIN, ActionKind.PASS,
                                 ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG}
                if t.phase == Phase.TURN and t.drawn is not None:
                    assert [a.tile for a in legal if a.kind == ActionKind.DISCARD] == [t.drawn]
            if seed % 2 == 0:
                a = rng.choice(legal)
            elif seat % 2:
                # these seats never declare: in a 报听 room they can still self-draw
                a = greedy.choose(t, seat, [x for x in legal if x.kind != ActionKind.READY])
            else:
                a = greedy.choose(t, seat, legal)
            if a.kind == ActionKind.PASS and any(x.kind == ActionKind.WIN for x in legal) and t.declared[seat]:
                forfeits += 1
            t.apply(a)
            check_invariants(t)
        ready_events = [i for i, e in enumerate(t.events) if e["type"] == "ready"]
        for i in ready_events:
            s = t.events[i]["seat"]
            assert t.events[i - 1]["action"] == "ready"  # the seat's READY action
            before = t.events[: i - 1]
            on_deal += s in t.ready_on_deal
            # 天听: declared with the seat's first discard, before any call
            first = not any(e["type"] == "action" and e["seat"] == s and e["action"] in ("discard", "ready") for e in before)
            no_call = not any(e["type"] in ("call", "kong") for e in before)
            assert (s in t.ready_on_deal) == (first and no_call)
        for s in t.winners:
            ctx = t.contexts[s]
            assert ctx.ready_on_deal == (s in t.ready_on_deal)
            if ctx.declared_ready:
                declared_wins += 1
            else:
                assert isinstance(rs, ReadyRoomRules) and ctx.self_drawn
                undeclared_self_draws += 1
            if isinstance(rs, ReadyRules):
                assert s not in t.ready_forfeit
    assert declared_wins > 30
    if isinstance(rs, ReadyRoomRules):
        assert undeclared_self_draws > 0


def test_ready_action_ids() -> None:
    a = Action(ActionKind.READY, 1, 5)
    assert a.id == 132 and Action.from_id(1, 132) == a and NUM_ACTIONS == 284
    m = Action(ActionKind.MISSING_SUIT, 2, 1)
    assert m.id == 162 and Action.from_id(2, 162) == m and m.to_json() == {"seat": 2, "action": "missing_suit", "suit": "p"}


class MissingSuitRules(Ruleset):
    """定缺 with pungs and kongs, no chows (四川-like play)."""

    name = "test-missing-suit"
    missing_suit = True
    allow_chow = False


def test_missing_suit_declaration() -> None:
    wins = 0
    for seed in range(300):
        t = Table(MissingSuitRules(), seed=seed)
        assert t.phase == Phase.DECLARE and sorted(t.to_act) == [0, 1, 2, 3]
        for s in range(4):
            choices = [a.tile for a in t.legal_actions(s)]
            held = [x for x in range(3) if any(t.hands[s][x * 9 : x * 9 + 9])]
            if len(held) == 2:
                assert choices == [x for x in range(3) if x not in held]
            else:
                assert choices == ([x for x in range(3) if x not in held] or [0, 1, 2])
        rng = random.Random(seed)
        greedy = GreedyBot()
        # everybody declares the suit it holds least of
        for s in list(t.to_act):
            legal = t.legal_actions(s)
            t.apply(min(legal, key=lambda a: sum(t.hands[s][a.tile * 9 : a.tile * 9 + 9])))
            check_invariants(t)
        assert t.phase == Phase.TURN and t.turn == t.dealer
        assert all(m is not None for m in t.missing)
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            miss = t.missing[seat]
            assert miss is not None
            held_missing = any(t.hands[seat][miss * 9 : miss * 9 + 9])
            discards = [a.tile for a in legal if a.kind == ActionKind.DISCARD]
            if held_missing and discards:
                assert all(k // 9 == miss and k < 27 for k in discards)  # missing suit first
            if t.phase == Phase.CLAIMS and t.last_discard and t.last_discard[1] // 9 == miss:
                assert all(a.kind in (ActionKind.WIN, ActionKind.PASS) for a in legal)
            t.apply(greedy.choose(t, seat, legal) if seed % 2 else rng.choice(legal))
            check_invariants(t)
        for s in t.winners:
            wins += 1
            ctx = t.contexts[s]
            miss = t.missing[s]
            assert all(k // 9 != miss or k >= 27 for k in ctx.all_kinds)
        again = replay(dumps(t.events), ruleset=MissingSuitRules())
        assert again.events == t.events
    assert wins > 50


class BloodRules(Ruleset):
    """血战到底: winners leave, the others play on; 定缺; no chows."""

    name = "test-blood"
    play_after_win = True
    missing_suit = True
    allow_chow = False


def test_play_after_win() -> None:
    multi = 0
    for seed in range(300):
        t = Table(BloodRules(), seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        greedy = GreedyBot()
        per_win = Settlement()
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            assert seat not in t.out
            t.apply(greedy.choose(t, seat, legal) if seed % 3 else rng.choice(legal))
            check_invariants(t)
        assert len(t.winners) == len(set(t.winners)) <= 3
        multi += len(t.winners) >= 2
        for e in t.events:
            if e["type"] == "win_payments":
                per_win = per_win + Settlement(tuple(Payment(a, b, n, r) for a, b, n, r in e["payments"]))
        assert (per_win + t.kong_settlement).deltas(4) == t.deltas()
        assert sum(t.deltas()) == 0
        # no seat acts after it has won
        gone: set[int] = set()
        for e in t.events:
            if e["type"] == "action":
                assert e["seat"] not in gone or e["action"] == "win"
            if e["type"] == "win":
                gone.add(e["seat"])
        again = replay(dumps(t.events), ruleset=BloodRules())
        assert again.events == t.events
    assert multi > 50


class SixteenTileRules(Ruleset):
    """16-tile hands (福州 / 台湾 style sizes), with flowers."""

    name = "test-sixteen"
    hand_size = 16
    flower_tiles = tuple(range(34, 42))
    dead_wall = 16


class TwoPlayerRules(Ruleset):
    """Two players, characters and honours only (a 71-tile-style short game)."""

    name = "test-two"
    num_players = 2
    suits = (0,)


@pytest.mark.parametrize("rs", [SixteenTileRules(), TwoPlayerRules()], ids=lambda r: r.name)
def test_other_table_shapes(rs: Ruleset) -> None:
    wins = 0
    for seed in range(200):
        t = Table(rs, seed=seed, dealer=seed % rs.num_players)
        rng = random.Random(seed)
        greedy = GreedyBot()
        assert sum(sum(h) + len(f) for h, f in zip(t.hands, t.flowers)) == rs.num_players * rs.hand_size + 1 + sum(
            len(f) for f in t.flowers
        )
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            t.apply(greedy.choose(t, seat, legal) if seed % 2 else rng.choice(legal))
            check_invariants(t)
        for s in t.winners:
            wins += 1
            ctx = t.contexts[s]
            assert len(ctx.all_kinds) - sum(1 for m in ctx.melds if m.is_kong) == rs.hand_size + 1
        assert sum(t.deltas()) == 0
    assert wins > 40


class IndicatorRules(Ruleset):
    """A flipped indicator names the wild kind (the next tile); wilds are kept."""

    name = "test-indicator"
    wild_indicator = True
    wild_discard = False
    flower_tiles = tuple(range(34, 42))


def test_wild_indicator() -> None:
    from mahjong_core.rules import next_kind

    wild_wins = 0
    for seed in range(300):
        t = Table(IndicatorRules(), seed=seed)
        assert t.indicator is not None and t.indicator < 34
        assert t.wild_kinds == {next_kind(t.indicator)}
        (wild,) = t.wild_kinds
        rng = random.Random(seed)
        greedy = GreedyBot()
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            hand = t.hands[seat]
            discards = [a.tile for a in legal if a.kind == ActionKind.DISCARD]
            if discards and any(hand[k] and k != wild for k in range(34)):
                assert wild not in discards  # wilds are kept
            for a in legal:
                assert not (a.kind in (ActionKind.PUNG, ActionKind.KONG, ActionKind.CHOW) and t.last_discard
                            and t.last_discard[1] == wild)
            t.apply(greedy.choose(t, seat, legal) if seed % 2 else rng.choice(legal))
            check_invariants(t)
        for s in t.winners:
            wild_wins += t.contexts[s].wilds > 0
        assert replay(dumps(t.events), ruleset=IndicatorRules()).events == t.events
    assert wild_wins > 20


class ThreeWildsRules(IndicatorRules):
    """三金倒-style: holding three wild tiles is a win whatever the shape."""

    name = "test-three-wilds"

    def instant_win(self, table: Table, seat: int) -> str | None:
        wild = next(iter(table.wild_kinds), None)
        if wild is not None and table.hands[seat][wild] >= 3:
            return "三金倒"
        return None

    def score(self, ctx: WinContext) -> ScoreSheet:
        if ctx.instant:
            return ScoreSheet(items=(ScoreItem(ctx.instant, "three wilds", 5),), total=5, points=5)
        return super().score(ctx)


def test_instant_wins() -> None:
    instant = 0
    for seed in range(1500):
        t = Table(ThreeWildsRules(), seed=seed)
        (wild,) = t.wild_kinds
        greedy = GreedyBot()
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            if t.phase == Phase.TURN and t.hands[seat][wild] >= 3:
                assert any(a.kind == ActionKind.WIN for a in legal)
            t.apply(greedy.choose(t, seat, legal))
            check_invariants(t)
        for s in t.winners:
            ctx = t.contexts[s]
            if ctx.instant:
                instant += 1
                assert ctx.instant == "三金倒" and t.scores[s].total == 5 and ctx.self_drawn
                assert t.hands[s][wild] >= 3
        assert replay(dumps(t.events), ruleset=ThreeWildsRules()).events == t.events
    assert instant > 3


class DuplicateWallRules(FlowerRules):
    """Duplicate-style walls (复式, Botzone): each seat draws from its own quarter."""

    name = "test-duplicate"
    dead_wall = 0
    per_seat_walls = True


def test_per_seat_walls() -> None:
    from mahjong_core.tiles import parse_tile

    exhausted = last = 0
    for seed in range(300):
        rs = DuplicateWallRules()
        t = Table(rs, seed=seed, dealer=seed % 4)
        quarter = len(t.wall) // 4
        parts = [t.wall[s * quarter : (s + 1) * quarter] for s in range(4)]
        taken = [0] * 4  # tiles each seat has taken from its own part
        for s in range(4):
            taken[s] = rs.hand_size + (s == t.dealer)
            # the deal comes from the seat's own part
            dealt = Counter(k for k in parts[s][: taken[s]])
            own = Counter({k: v for k, v in enumerate(t.hands[s]) if v}) + Counter(t.flowers[s])
            replaced = own - dealt
            taken[s] += sum(replaced.values())  # flower replacements, from the same part
            assert Counter(parts[s][: taken[s]]) == own
        rng = random.Random(seed)
        for s in range(4):
            assert quarter - t._left(s) == taken[s]
        seen = len(t.events)
        while not t.is_over:
            seat = t.to_act[0]
            before = [quarter - t._left(s) for s in range(4)]
            legal = t.legal_actions(seat)
            t.apply(GreedyBot().choose(t, seat, legal) if seed % 2 else rng.choice(legal))
            check_invariants(t)
            taken = [quarter - t._left(s) for s in range(4)]
            moved = set()
            for e in t.events[seen:]:
                if e["type"] in ("draw", "flower"):
                    moved.add(e["seat"])
                if e["type"] == "draw":
                    s = e["seat"]
                    i = taken[s] - 1 if e.get("replacement") else before[s]
                    assert parse_tile(e["tile"]) == parts[s][i], "draws follow the seat's own part"
            assert all(taken[s] == before[s] for s in range(4) if s not in moved)
            seen = len(t.events)
        for s in range(4):
            assert t._left(s) == quarter - taken[s]
        if not t.winners:
            exhausted += 1
            # the hand ends when the seat to draw has an empty part
            assert t._left(t._next_seat(t.turn)) == 0 or any(t._left(s) == 0 for s in range(4))
        for s in t.winners:
            ctx = t.contexts[s]
            ref = s if ctx.self_drawn else ctx.discarder
            assert ref is not None
            assert ctx.last_tile == (t._left(t._next_seat(ref)) == 0 and not ctx.robbed_kong)
            assert t.is_last_tile(ref) == (t._left(t._next_seat(ref)) == 0)
            last += ctx.last_tile
        assert replay(dumps(t.events), ruleset=DuplicateWallRules()).events == t.events
    assert exhausted > 100


class LastTileBot:
    """Greedy, but takes a win only on the last tile (to reach 海底 often)."""

    def __init__(self) -> None:
        self.greedy = GreedyBot()

    def choose(self, table: Table, seat: int, legal: Sequence[Action]) -> Action:
        wins = [a for a in legal if a.kind == ActionKind.WIN]
        if wins and table.live_tiles == 0:
            return wins[0]
        rest = [a for a in legal if a.kind != ActionKind.WIN]
        return self.greedy.choose(table, seat, rest)


class BotzoneWallRules(DuplicateWallRules):
    """Per-seat walls, and the last discard may only be won on (Botzone)."""

    name = "test-botzone-walls"
    calls_on_last_discard = False


@pytest.mark.parametrize("rs", [DuplicateWallRules(), BotzoneWallRules()], ids=lambda r: r.name)
def test_per_seat_walls_last_tile(rs: Ruleset) -> None:
    last = last_calls = 0
    for seed in range(200):
        t = Table(rs, seed=seed, dealer=seed % 4)
        bot = LastTileBot()
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            if t.phase == Phase.CLAIMS and t.live_tiles == 0:
                calls = [a for a in legal if a.kind in (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG)]
                last_calls += bool(calls)
                if not rs.calls_on_last_discard:
                    assert not calls
            t.apply(bot.choose(t, seat, legal))
        for s in t.winners:
            ctx = t.contexts[s]
            assert ctx.last_tile  # the bots win on nothing else
            ref = s if ctx.self_drawn else ctx.discarder
            assert ref is not None and t._left(t._next_seat(ref)) == 0
            last += 1
    assert last > 10
    assert last_calls > 0 if rs.calls_on_last_discard else last_calls == 0
