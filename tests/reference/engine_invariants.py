"""The engine invariants checked after every event by the engine tests (and
the rule-set game tests): every tile in exactly one place, hand sizes right
for whose turn it is, legal actions well formed, payments summing to zero.
Also the checks every rule set's game tests make of a finished hand: the
paper path (``score_hand``) agrees with the engine, and the record replays."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Collection

from mahjong_core import _native
from mahjong_core.bots import GreedyBot
from mahjong_core.engine import NUM_ACTIONS, Phase, Table
from mahjong_core.tiles import MeldKind
from mahjong_core.paper import score_hand_arguments
from mahjong_core.records import dumps, replay
from mahjong_core.rules import HandScore


def check_invariants(t: Table) -> None:
    rs = t.ruleset
    places: Counter[int] = Counter(t.remaining_wall())
    for s in range(t.n):
        places.update({k: v for k, v in enumerate(t.hands[s]) if v})
        places.update(t.flowers[s])
        places.update(t.wild_flowers[s])
        for m in t.melds[s]:
            places.update(m.tiles)
        places.update(t.discards[s])
    places.update(t.robbed)
    places.update(t.dice_pending)  # a two-tile dice kong's second tile, face up
    if t.indicator is not None:
        places[t.indicator] += 1
    if t.phase == Phase.ROB and t.pending_kong is not None:
        places[t.pending_kong[1]] += 1
    assert places == Counter(rs.wall_tiles()), "every tile is in exactly one place"
    face_up = [0] * 34  # Table.shown, counted afresh
    for s in range(t.n):
        for k in t.discards[s]:
            if k < 34:
                face_up[k] += 1
        for m in t.melds[s]:
            if m.kind is not MeldKind.ANKAN:
                for k in m.tiles:
                    face_up[k] += 1
    assert list(t.shown) == face_up, "Table.shown counts the discards and the exposed meld tiles"
    if t.phase != Phase.OVER:
        for s in range(t.n):
            if s in t.out:
                continue  # a seat that won and left (血战到底) keeps its tiles
            size = sum(t.hands[s]) + len(t.wild_flowers[s]) + 3 * len(t.melds[s])
            extra = 1 if (t.phase == Phase.TURN and s == t.turn) else 0
            if t.phase in (Phase.DECLARE, Phase.OPENING, Phase.EXCHANGE, Phase.IMAGINE) and s == t.dealer and not rs.dealer_draws_first:
                extra = 1  # the dealer's 14th tile, before its first discard
            if t.phase == Phase.ROB and t.pending_kong and t.pending_kong[0] == s:
                extra = 0  # the added tile sits on the table, waiting
            assert size == rs.hand_size + extra, (s, size, t.phase)
        if t.phase == Phase.CLAIMS:
            for s in range(t.n):  # 吃听's shortcut: a seat marked far is two or more tiles from ready
                if t._far[s]:
                    c, w = t.analysis_counts(s)
                    assert _native.shanten_buf(c, w, t.hand_rules(s)) >= 2, ("_far", s)
        for s in t.to_act:
            legal = t.legal_actions(s)
            assert legal, "a seat to act always has a legal action"
            ids = [a.id for a in legal]
            assert ids == sorted(set(ids)) and all(0 <= i < NUM_ACTIONS for i in ids)
            assert t.action_mask(s).sum() == len(ids)
    else:
        assert sum(t.deltas()) == 0


def paper_score(t: Table, seat: int) -> HandScore:
    """The win of ``seat`` in a finished hand, scored again from notation
    through ``score_hand``."""
    return t.ruleset.score_hand(**score_hand_arguments(t.contexts[seat], t.dealer, t.ruleset.imagined_tiles))


def check_paper_path(t: Table) -> int:
    """Every win of a finished hand, scored again on paper, gives the
    engine's sheet and context; the number of wins checked."""
    for s in t.winners:
        ctx = t.contexts[s]
        paper = paper_score(t, s)
        assert paper.sheet == t.scores[s], (t.seed, s)
        assert dataclasses.replace(paper.context, decompositions=ctx.decompositions, liable=ctx.liable) == ctx
    return len(t.winners)


def check_replay(t: Table) -> None:
    """The hand's record replays to the same events."""
    assert replay(dumps(t.events), ruleset=t.ruleset).events == t.events


def plain_win_deltas(t: Table) -> list[int]:
    """The deltas of the plain settlement (``Ruleset.settle``'s default),
    counted afresh: on a self-draw each other seat pays the winner its
    sheet's points, on a discard win the discarder pays them."""
    out = [0] * t.n
    for s in t.winners:
        ctx, sheet = t.contexts[s], t.scores[s]
        payers = [p for p in range(t.n) if p != s] if ctx.self_drawn else [ctx.discarder]
        for p in payers:
            assert p is not None
            out[p] -= sheet.points
            out[s] += sheet.points
    return out


def play_checked(t: Table, seed: int, randoms: Collection[int], check_every_step: bool) -> Table:
    """Play ``t`` to the end with greedy bots, the seats in ``randoms``
    moving at random (``random.Random(seed)``), the invariants checked after
    every step when ``check_every_step`` and at the end always."""
    rng = random.Random(seed)
    greedy = GreedyBot()
    while not t.is_over:
        if check_every_step:
            check_invariants(t)
        seat = t.to_act[0]
        legal = t.legal_actions(seat)
        t.apply(rng.choice(legal) if seat in randoms else greedy.choose(t, seat, legal))
    check_invariants(t)
    return t
