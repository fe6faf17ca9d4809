"""The fast GreedyBot against the obvious one (tests/reference/greedy_reference.py):
the same move at every decision of seeded games, under every registered rule
set and with wild tiles; and the one-call discard advice kernel against the
per-discard questions it replaces."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core import _native
from mahjong_core.analysis import Form, HandRules
from mahjong_core.bots import GreedyBot, RandomBot
from mahjong_core.engine import Action, Table
from mahjong_core.errors import InvalidHandError
from mahjong_core.registry import available
from mahjong_core.rules import Ruleset

from reference.greedy_reference import ReferenceGreedyBot


class _Both:
    """Asks both bots; plays the fast one's move after checking they agree."""

    def __init__(self, log: list[tuple[int, int, int]]) -> None:
        self.fast = GreedyBot()
        self.slow = ReferenceGreedyBot()
        self.log = log

    def choose(self, table: Any, seat: int, legal: Sequence[Action]) -> Action:
        a = self.fast.choose(table, seat, legal)
        b = self.slow.choose(table, seat, legal)
        assert a == b, f"step {table.steps}, seat {seat}: fast {a} != reference {b} of {list(legal)}"
        # a copy of the list is not the engine's own (whose tail alone the
        # fast bot reads, and whose discard it finds by bisection): it is
        # read whole, to the same move
        assert self.fast.choose(table, seat, list(legal)) is a
        self.log.append((table.steps, seat, a.id))
        return a


def _play(rs: Ruleset, seed: int, randoms: int = 0) -> list[tuple[int, int, int]]:
    log: list[tuple[int, int, int]] = []
    t = Table(rs, seed=seed, dealer=seed % rs.num_players)
    bots: list[Any] = [_Both(log) for _ in range(rs.num_players)]
    for s in range(randoms):  # random seats make odd situations for the others
        bots[s] = RandomBot(seed + s)
    while not t.is_over:
        seat = t.to_act[0]
        t.apply(bots[seat].choose(t, seat, t.legal_actions(seat)))
    return log


@pytest.mark.parametrize("cls", available(), ids=lambda c: c.name)
def test_fast_greedy_bot_makes_the_reference_moves(cls: type[Ruleset]) -> None:
    rs = cls()
    decisions = 0
    for seed in range(12):
        decisions += len(_play(rs, seed, randoms=seed % 2))
    assert decisions > 200


class _LacksASuit(Ruleset):
    """The base game won only without one suit (缺门), no suit declared."""

    name = "test-lacks-a-suit-bot"
    win_lacks_a_suit = True


def test_fast_greedy_bot_gives_up_a_suit_as_the_reference_does() -> None:
    """缺门 without a declared suit: the suit held least goes first, and no
    call is made in it, move for move as the reference bot."""
    rs = _LacksASuit()
    decisions = 0
    for seed in range(12):
        decisions += len(_play(rs, seed, randoms=seed % 2))
    assert decisions > 200


class _Wild(Ruleset):
    """The base game with a wild indicator: the next kind is wild."""

    name = "test-wild-bot"
    wild_indicator = True


def test_fast_greedy_bot_with_wild_tiles() -> None:
    rs = _Wild()
    wild_turns = 0
    for seed in range(25):
        t = Table(rs, seed=seed)
        assert t.wild_kinds
        log = _play(rs, seed, randoms=seed % 2)
        wild_turns += len(log)
    assert wild_turns > 500


_FORMS = [
    HandRules(),
    HandRules(forms=frozenset({Form.STANDARD})),
    HandRules(forms=frozenset({Form.STANDARD, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS}), honor_chows=True),
    HandRules(forms=frozenset(Form)),
]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_discard_choice_equals_the_per_discard_questions(data: st.DataObject) -> None:
    _check_discard_choice(data, _FORMS, 2)


_WILD_FORMS = [
    HandRules(),
    HandRules(forms=frozenset(Form) - {Form.SHISANLAN}),  # 国标's forms
    HandRules(forms=frozenset({Form.STANDARD}), wild_kinds=range(27)),  # 营口, 福州: suit tiles only
    HandRules(forms=frozenset({Form.STANDARD, Form.SEVEN_PAIRS}), wild_kinds=range(27, 34)),
    HandRules(forms=frozenset({Form.STANDARD}), wild_kinds=[k for k in range(27) if k % 9 not in (0, 8)]),
    HandRules(forms=frozenset({Form.STANDARD, Form.KNITTED_STRAIGHT}), wild_kinds=range(9, 34)),
    HandRules(pair_kinds=HandRules.PAIR_258, wild_kinds=range(1, 30)),
]
"""Rules with wilds that stand for every kind, whole parts or parts of parts."""


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_discard_choice_with_wilds_and_partial_masks(data: st.DataObject) -> None:
    """The discard kernel with 0-4 wilds, every form, and wild masks that
    cover every kind, whole suits or honours only, or part of a suit."""
    _check_discard_choice(data, _WILD_FORMS, 4)


_ALL, _SUITS = (1 << 34) - 1, (1 << 27) - 1
_HONOURS = _ALL & ~_SUITS


def _check_discard_choice(data: st.DataObject, forms: list[HandRules], max_wilds: int) -> None:
    rules = data.draw(st.sampled_from(forms))
    wilds = data.draw(st.integers(0, max_wilds))
    n = data.draw(st.sampled_from([2, 5, 8, 11, 14])) - wilds
    n = max(n, 2 - wilds) if wilds < 2 else n
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    pool = [k for k in range(34) for _ in range(4)]
    rng.shuffle(pool)
    counts = bytearray(34)
    for k in pool[: max(0, n)]:
        counts[k] += 1
    if not any(counts):
        counts[pool[0]] += 2
        wilds = max(0, wilds - 2) if (sum(counts) + wilds) % 3 != 2 else wilds
    if (sum(counts) + wilds) % 3 != 2:
        return
    seen = bytearray(rng.randint(counts[k], 4) for k in range(34))
    keep = rng.getrandbits(34) if data.draw(st.booleans()) else 0
    costs = [rng.choice([0, 0, 0, 1, 2]) for _ in range(34)] if data.draw(st.booleans()) else None
    # (costs as a rule set gives them: a list, or bytes, which the kernel reads in place)
    given_costs = bytes(costs) if costs is not None and data.draw(st.booleans()) else costs
    try:
        got = _native.discard_choice_buf(counts, wilds, rules, seen, keep, given_costs)
    except Exception as e:  # the same refusal as the per-discard questions
        with pytest.raises(type(e)):
            _native.discard_options(_native.Counts(list(counts)), wilds, rules, True)
        return
    # the obvious answer: one shanten per discard, one per discard and draw
    held = [k for k in range(34) if counts[k]]
    sh = {}
    for k in held:
        counts[k] -= 1
        sh[k] = _native.shanten_buf(counts, wilds, rules)
        counts[k] += 1
    best = min(sh.values())
    cand = [k for k in held if not (keep >> k) & 1] or held
    cost = costs or [0] * 34
    low = min(sh[k] + cost[k] for k in cand)
    keys = []
    for k in cand:
        if sh[k] + cost[k] != low:
            continue
        unseen = 0
        if sh[k] == best:
            counts[k] -= 1
            for j in range(34):
                if counts[j] < 4:
                    counts[j] += 1
                    if _native.shanten_buf(counts, wilds, rules) < sh[k]:
                        unseen += max(0, 4 - seen[j])
                    counts[j] -= 1
            counts[k] += 1
        keys.append((low, -unseen, k))
    assert got == min(keys)[2]


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_memo_gives_the_same_choices(data: st.DataObject) -> None:
    """One ImprovingMemo asked about one hand under five rules of
    ``_WILD_FORMS``, with 3 wilds and without, twice each: every choice is the
    one made without a memo (the memo knows a question by its rules and
    wilds too), answered from the memo or not."""
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    pool = [k for k in range(34) for _ in range(4)]
    rng.shuffle(pool)
    n = data.draw(st.sampled_from([5, 8, 11, 14]))
    counts = bytearray(34)
    for k in pool[:n - 3]:
        counts[k] += 1
    seen = bytearray(rng.randint(counts[k], 4) for k in range(34))
    memo = _native.ImprovingMemo()
    # (not the wild masks of parts of suits: with 3 wilds in 14 tiles the
    # kernel takes its slow path there, up to 0.3 s a call)
    forms = [r for r in _WILD_FORMS if r._kernel.wild_mask in (_ALL, _SUITS, _HONOURS, _ALL & ~0x1FF)]
    assert len(forms) == 5
    for _ in range(2):
        for rules in forms:
            for wilds in (0, 3):  # (the same tiles with 3 wilds and without)
                plain = _native.discard_choice_buf(counts, wilds, rules, seen)
                assert _native.discard_choice_buf(counts, wilds, rules, seen, 0, None, memo) == plain, (rules, wilds)


def test_a_memo_copied_or_pickled_is_empty() -> None:
    import copy
    import pickle

    memo = _native.ImprovingMemo()
    hand = bytearray(34)
    for k in (0, 1, 3, 4, 9, 10, 12, 13, 18, 19, 21, 22, 27, 28):
        hand[k] = 1
    seen = bytearray(hand)
    _native.discard_choice_buf(hand, 0, None, seen, 0, None, memo)
    assert memo.misses > 0 and memo.hits == 0
    _native.discard_choice_buf(hand, 0, None, seen, 0, None, memo)
    assert memo.hits == memo.misses
    for other in (copy.deepcopy(memo), pickle.loads(pickle.dumps(memo))):
        assert (other.hits, other.misses) == (0, 0)
    memo.clear()
    assert (memo.hits, memo.misses) == (0, 0)
    bot = GreedyBot()  # (a bot holds one from its first turn)
    t = Table(Ruleset(), seed=3)
    seat = t.turn
    t.apply(bot.choose(t, seat, t.legal_actions(seat)))
    assert bot._memo is not None and bot._memo.misses + bot._memo.hits > 0
    assert copy.deepcopy(bot)._memo.misses == 0  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("hand", "rules"),
    [
        # four 1z: the fourth can make no pair, so any kind drawn as a new pair helps
        ("1111z123m456m789m9s", HandRules()),
        # the pair must be 2, 5 or 8: a lone 5p helps though it joins nothing held
        ("123m456m789m111s9p1z", HandRules(pair_kinds=frozenset(k for k in range(27) if k % 9 in (1, 4, 7)))),
        ("19m19p19s1234567z5m", HandRules(forms=frozenset(Form))),
        ("1133557799m2468p", HandRules()),
    ],
)
def test_improving_tiles_far_from_the_hand(hand: str, rules: HandRules) -> None:
    """Tiles that join nothing held still lower the shanten when copies run
    out or the pair is restricted: the masks equal one shanten per draw."""
    from mahjong_core import counts

    c = counts(hand)
    for kind, sh, mask in _native.discard_options(c, 0, rules):
        b = bytearray(list(c))
        b[kind] -= 1
        want = 0
        for j in range(34):
            if b[j] < 4:
                b[j] += 1
                if _native.shanten_buf(b, 0, rules) < sh:
                    want |= 1 << j
                b[j] -= 1
        assert mask == want, (hand, kind)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_discard_options_order_and_unseen(data: st.DataObject) -> None:
    """analysis.discard_options: best first by (shanten, -unseen, kind), and
    unseen counts the improving copies outside the hand, ``visible`` and the
    tile just discarded."""
    import mahjong_core as mc

    rules = data.draw(st.sampled_from(_FORMS))
    kinds = data.draw(st.lists(st.integers(0, 33), min_size=14, max_size=14))
    counts = [kinds.count(k) for k in range(34)]
    if max(counts) > 4:
        return
    visible = data.draw(st.lists(st.integers(0, 33), max_size=20))
    options = mc.discard_options(mc.Counts(counts), rules=rules, visible=visible)
    keys = [(o.shanten, -o.unseen, o.discard) for o in options]
    assert keys == sorted(keys)
    for o in options:
        after = [c - (k == o.discard) for k, c in enumerate(counts)]
        assert o.unseen == sum(
            max(0, 4 - after[k] - visible.count(k) - (k == o.discard)) for k in o.improving
        )


@pytest.mark.parametrize("name", ["jinan", "hebei", "taiyuan", "two_player"])
def test_ready_declarations_are_the_discards_that_leave_a_ready_hand(name: str) -> None:
    """报听 offers: every discard after which the hand waits on something
    (per kind, the obvious way), whatever shortcut the engine takes."""
    from mahjong_core.engine import ActionKind
    from mahjong_core.registry import find_variant

    rs = find_variant(name)()
    offered = 0
    for seed in range(30):
        t = Table(rs, seed=seed)
        bots = [GreedyBot() if s % 2 else RandomBot(seed + s) for s in range(rs.num_players)]
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            if t.phase.value == "turn" and not t.declared[seat] and rs.may_declare_ready(t, seat):
                got = sorted(a.tile for a in legal if a.kind == ActionKind.READY)
                want = []
                hand = t.hands[seat]
                for k in [k for k in range(34) if hand[k]]:
                    hand[k] -= 1
                    c, w = t.analysis_counts(seat)
                    if _native.waits_mask_buf(c, w, t.hand_rules(seat)):
                        want.append(k)
                    hand[k] += 1
                assert set(got) <= set(want), (seed, t.steps)
                if not rs.standing_tiles:  # (立四: only a standing tile goes with it)
                    assert got == want, (seed, t.steps)
                offered += bool(got)
            t.apply(bots[seat].choose(t, seat, legal))
    assert offered > 20


def test_discard_choice_costs_of_another_length() -> None:
    """Costs not of 34 kinds are refused, as bytes and as a list, with the
    length in the message (release builds read a list without bounds
    checks: the length is checked first)."""
    from mahjong_core import counts

    c = bytearray(list(counts("123m456p789s1122z3z")))
    seen = bytearray(c)
    for bad in ([0] * 33, bytes(33), (0,) * 35, bytes(35)):
        with pytest.raises(InvalidHandError, match=f"got {len(bad)}"):
            _native.discard_choice_buf(c, 0, None, seen, 0, bad)


def test_discard_choice_with_large_costs() -> None:
    """Costs far above any shanten (a rule set's own shanten weighted up,
    洛书) still rank the discards; equal costs change nothing."""
    from mahjong_core import counts

    c = bytearray(list(counts("23m5m7m3p5p77p2s55s123z")))
    seen = bytearray(c)
    plain = _native.discard_choice_buf(c, 0, None, seen)
    assert plain >= 0
    assert _native.discard_choice_buf(c, 0, None, seen, 0, [10_000] * 34) == plain
    costs = [10_000] * 34
    costs[plain] = 20_000
    assert _native.discard_choice_buf(c, 0, None, seen, 0, costs) != plain


@pytest.mark.parametrize("name", ["sichuan", "guangdong", "shanghai"])
def test_seen_counts_are_the_hand_the_face_up_tiles_and_the_concealed_kongs(name: str) -> None:
    """Table.seen_counts, at every decision of seeded greedy hands (kongs
    among them), is the obvious sum: the seat's hand, each face-up tile of
    the rivers and melds (``shown``) and four of each concealed kong's kind."""
    from mahjong_core.engine import play_out
    from mahjong_core.registry import find_variant
    from mahjong_core.tiles import MeldKind

    checked = kongs = 0

    class Checking(GreedyBot):
        def choose(self, table: Any, seat: int, legal: Sequence[Action]) -> Action:
            nonlocal checked, kongs
            want = [table.hands[seat][k] + table.shown[k] for k in range(34)]
            for ms in table.melds:
                for m in ms:
                    if m.kind is MeldKind.ANKAN:
                        want[m.tiles[0]] += 4
                        kongs += 1
            assert list(table.seen_counts(seat)) == want
            checked += 1
            return super().choose(table, seat, legal)

    rs = find_variant(name)()
    for seed in range(30):
        play_out(Table(rs, seed=seed), [Checking() for _ in range(rs.num_players)])
    assert checked > 1000 and kongs > 0


def test_a_win_listed_first_is_taken() -> None:
    """A legal list in another order than the engine's (a win before the
    discards) is read whole: the win is taken."""
    rs = Ruleset()
    wins = 0
    for seed in range(40):
        t = Table(rs, seed=seed)
        bots = [GreedyBot() for _ in range(4)]
        while not t.is_over:
            seat = t.to_act[0]
            legal = t.legal_actions(seat)
            win = next((a for a in legal if a.id == 125), None)
            if win is not None and t.phase.value == "turn":
                first = [win] + [a for a in legal if a is not win]
                assert GreedyBot().choose(t, seat, first) is win
                wins += 1
            t.apply(bots[seat].choose(t, seat, legal))
    assert wins > 5


def test_random_bots_sharing_one_generator() -> None:
    """RandomBot(rng=...) draws from the generator it is given: the bots of
    a table share one stream (one seeding a hand), the same game for the
    same seed, and the stream is the one the bots consume."""
    from mahjong_core.bots import make_bot, play_hand
    from mahjong_core.errors import InvalidArgumentError

    def game(seed: int) -> tuple[list[dict[str, Any]], random.Random]:
        rng = random.Random(seed)
        bots = [make_bot("random", rng=rng) for _ in range(4)]
        assert all(b.rng is rng for b in bots)  # type: ignore[union-attr]
        return play_hand(Ruleset(), bots, seed=11).events, rng

    (a, ra), (b, rb) = game(5), game(5)
    assert a == b and ra.getstate() == rb.getstate()
    assert ra.getstate() != random.Random(5).getstate()  # the bots drew from it
    assert game(6)[0] != a  # another stream, another game (same wall)
    with pytest.raises(InvalidArgumentError, match="seed or an rng"):
        RandomBot(3, rng=random.Random(3))
    # a generator assigned later is the one drawn from; a bot pickles
    import pickle

    bot = RandomBot(1)
    bot.rng = random.Random(5)
    legal = list(range(100))
    picks = [bot.choose(None, 0, legal) for _ in range(20)]  # type: ignore[arg-type]
    again = random.Random(5)
    assert picks == [legal[int(again.random() * 100)] for _ in range(20)]
    copy = pickle.loads(pickle.dumps(bot))
    assert [copy.choose(None, 0, legal) for _ in range(5)] == [bot.choose(None, 0, legal) for _ in range(5)]  # type: ignore[arg-type]
