"""A slow, obvious greedy bot: the reference the fast
:class:`mahjong_core.bots.GreedyBot` is checked against (the same move at
every decision of seeded games, tests/core/test_bots.py).

It asks the kernel one question at a time (``discard_options`` with every
improving mask, one ``shanten`` per call) and makes every choice in plain
Python; the fast bot answers the same questions with one kernel call per
turn (``discard_choice_buf``)."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_core import _native
from mahjong_core.analysis import HandRules
from mahjong_core.bots import TableView
from mahjong_core.engine import Action, ActionKind, Phase
from mahjong_core.rules import ReadyRule, Ruleset

__all__ = ["ReferenceGreedyBot"]


class ReferenceGreedyBot:
    """The greedy bot as first written, one kernel call per question and the
    choice in Python: the obvious version the fast
    :class:`mahjong_core.bots.GreedyBot` must agree with, move for move."""

    def choose(self, table: TableView, seat: int, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if ActionKind.WIN in kinds:
            return next(a for a in legal if a.kind == ActionKind.WIN)
        if ActionKind.IMAGINE in kinds:
            # 心皇: what the rule set would commit (else the lowest kind offered)
            want = table.ruleset.imagined_kind(table, seat)  # type: ignore[arg-type]
            return next((a for a in legal if a.tile == want), legal[0])
        if table.phase is Phase.EXCHANGE:
            # 换三张: pass on tiles of the suit held least (of those offered)
            hand = table.hands[seat]
            return min(legal, key=lambda a: (sum(hand[a.tile - a.tile % 9 : a.tile - a.tile % 9 + 9]), a.tile))
        if ActionKind.MISSING_SUIT in kinds:
            # 定缺: give up the suit held least
            hand = table.hands[seat]
            return min(legal, key=lambda a: (sum(hand[a.tile * 9 : a.tile * 9 + 9]), a.tile))
        if ActionKind.TAKE in kinds:
            # take the roaming last tile (海底漫游) or roll for a kong: a chance
            return next(a for a in legal if a.kind == ActionKind.TAKE)
        rules = table.ruleset.aim_rules(table, seat)
        hand = table.hands[seat]
        c, w = table.analysis_counts(seat)
        if table.phase.value == "turn":
            return self._turn(table, seat, legal, c, w, rules)
        return self._claim(table, seat, legal, c, w, rules)

    def _visible(self, table: TableView, seat: int) -> list[int]:
        seen = list(table.hands[seat])
        for s in range(table.n):
            for k in table.discards[s]:
                if k < 34:
                    seen[k] += 1
            for m in table.melds[s]:
                for k in m.tiles:
                    seen[k] += 1
        return seen

    def _turn(self, table: TableView, seat: int, legal: Sequence[Action], c: bytearray, w: int, rules: HandRules) -> Action:
        now = _native.shanten_buf(c, w, rules)
        keep = table.ruleset.aim_kinds(table, seat)
        # a kong that does not raise shanten is free value
        for a in legal:
            k = table.plays_as[a.tile] if a.tile < 34 else -1
            if a.kind == ActionKind.CONCEALED_KONG and c[k] < 4:
                # a single tile laid out as a kong (Ruleset.single_kong_kinds):
                # free when the plan gives the kind up, else when shanten holds
                if keep is not None and a.tile not in keep:
                    return a
                after, aw = bytearray(c), w
                if c[k]:
                    after[k] -= 1
                else:
                    aw -= 1  # a wild laid out
                if _native.shanten_buf(after, aw, rules) <= now:
                    return a
                continue
            if a.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG) and (keep is None or a.tile in keep):
                after = bytearray(c)
                after[table.plays_as[a.tile]] -= 4 if a.kind == ActionKind.CONCEALED_KONG else 1
                if (sum(after) + w) % 3 == 1 and _native.shanten_buf(after, w, rules) <= now:
                    return a
        seen = self._visible(table, seat)
        void = _void_suit(table, seat)
        if void is not None:  # 缺门: the suit given up goes first
            first = [a for a in legal if a.kind == ActionKind.DISCARD and a.tile < 27 and a.tile // 9 == void]
            if first:
                return min(first, key=lambda a: (-table.hands[seat][a.tile], a.tile))
        options = _native.discard_options(_native.Counts(list(c)), w, rules, True)
        if keep is not None:  # aim_kinds: the kinds not kept go first
            outside = [o for o in options if o[0] not in keep]
            if outside:
                options = outside
        rs = table.ruleset
        if type(rs).aim_discard_costs is not Ruleset.aim_discard_costs:
            # the rule set's cost of a discard counts as shanten
            costs = rs.aim_discard_costs(table, seat)
            options = [(kind, sh + costs[kind], mask) for kind, sh, mask in options]
        if not options:  # nothing but wild tiles left in hand: one of them goes
            return next((a for a in legal if a.kind == ActionKind.DISCARD), legal[0])
        low = min(sh for _, sh, _ in options)
        best: tuple[int, int, int] | None = None
        choice = None
        for kind, sh, mask in options:
            if sh != low:
                continue  # only the lowest-shanten discards carry masks
            unseen = 0
            while mask:  # over the set bits only
                bit = mask & -mask
                k = bit.bit_length() - 1
                if seen[k] < 4:
                    unseen += 4 - seen[k]
                mask ^= bit
            key = (sh, -unseen, kind)
            if best is None or key < best:
                best, choice = key, kind
        # declare ready (报听) with the chosen discard when winning needs it
        if table.ruleset.ready_rule in (ReadyRule.REQUIRED, ReadyRule.REQUIRED_FOR_DISCARD_WIN):
            for a in legal:
                if a.kind == ActionKind.READY and table.plays_as[a.tile] == choice:
                    return a
        discards = [a for a in legal if a.kind == ActionKind.DISCARD]
        for a in discards:
            if table.plays_as[a.tile] == choice:
                return a
        return discards[0] if discards else legal[0]

    def _claim(self, table: TableView, seat: int, legal: Sequence[Action], c: bytearray, w: int, rules: HandRules) -> Action:
        passing = next(a for a in legal if a.kind == ActionKind.PASS)
        assert table.last_discard is not None
        plays = table.plays_as
        tile = plays[table.last_discard[1]]
        now = _native.shanten_buf(c, w, rules)
        best, best_sh = passing, now
        void = _void_suit(table, seat)
        keep = table.ruleset.aim_kinds(table, seat)
        for a in legal:
            if a.kind == ActionKind.PASS or (void is not None and tile < 27 and tile // 9 == void):
                continue
            chow = a.kind == ActionKind.CHOW or a.kind == ActionKind.READY  # (READY answering a discard: 吃听)
            if keep is not None and (tile not in keep or (chow and a.tile not in keep)):
                continue  # aim_kinds: no meld of a kind given up
            after = bytearray(c)
            if chow:
                for k in range(a.tile, a.tile + 3):
                    if plays[k] != tile:
                        after[plays[k]] -= 1
            elif a.kind == ActionKind.PUNG:
                after[tile] -= 2
            else:
                after[tile] -= 3
                after_sh = _native.shanten_buf(after, w, rules) if (sum(after) + w) % 3 else now
                if after_sh <= now:
                    return a
                continue
            # after a chow or pung the hand has 3n+2 tiles: its shanten is
            # the best it can reach by the coming discard
            sh = _native.shanten_buf(after, w, rules)
            if sh < best_sh or (sh == best_sh and a.kind == ActionKind.READY and best.kind == ActionKind.CHOW):
                best, best_sh = a, sh  # (吃听 before a plain chow of the same tiles)
        return best


def _void_suit(table: TableView, seat: int) -> int | None:
    """缺门 (``win_lacks_a_suit``) without a declared suit: the suit the
    hand gives up while it holds all three (the one held least, melds
    counting), else None."""
    if not table.ruleset.win_lacks_a_suit or table.ruleset.missing_suit:
        return None
    hand = table.hands[seat]
    count = [sum(hand[s * 9 : s * 9 + 9]) for s in range(3)]
    melded = {m.tiles[0] // 9 for m in table.melds[seat] if m.tiles[0] < 27}
    for s in melded:
        count[s] += 10
    if not all(count):
        return None
    return min(range(3), key=lambda s: (count[s], s))
