"""The obvious versions of the rule-set hooks that the engine asks most
often (福州 / 罗源, 福建百搭, 武汉, 哈尔滨 / 长春, 营口), as they were before
their fast paths: each recounts its answer from the table, with no table,
cache or early exit.  ``test_fast_hooks.py`` plays many seeded hands with
each rule set's hooks answering both ways and asserts that they agree.

Each reference takes the rule set as its first argument (``rs``), then the
hook's own arguments."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from mahjong_core._native import Counts
from mahjong_core.analysis import is_win
from mahjong_core.errors import MahjongError
from mahjong_core.tiles import MeldKind
from mahjong_core.variants import fuzhou as fz

# --- 福州 / 罗源 ---------------------------------------------------------------


def fz_kan_tiles(gold: int) -> tuple[int, int]:
    suit, rank = divmod(gold, 9)
    return suit * 9 + (rank - 1) % 9, suit * 9 + (rank + 1) % 9


def fz_gold_kan_rest(counts: Sequence[int], gold: int) -> list[int] | None:
    if counts[gold]:
        return None
    a, b = fz_kan_tiles(gold)
    if not counts[a] or not counts[b]:
        return None
    rest = list(counts[:34])
    rest[a] -= 1
    rest[b] -= 1
    return rest if is_win(Counts(rest), 0, fz._RULES) else None


def fz_gold(table: Any) -> int:
    return table.indicator if table.indicator is not None and table.indicator < 27 else -1


def fz_wrapped(gold: int) -> bool:
    return gold >= 0 and gold % 9 in (0, 8)


def fz_reserve_extra(rs: Any, table: Any) -> int:
    extra = 0
    for s in range(table.n):
        for m in table.melds[s]:
            if m.kind is MeldKind.ANKAN:
                extra += 2
            elif m.is_kong:
                extra += 1
        fl = table.flowers[s]
        if len(fl) >= 4:
            held = Counter(fl)
            extra += 2 * sum(1 for k in fz.HONOURS if held[k] >= 4)
    return extra


def fz_may_declare_ready(rs: Any, table: Any, seat: int) -> bool:
    gold = fz_gold(table)
    if gold < 0 or not rs.options.gold_kan_declare:
        return False
    hand = table.hands[seat]
    a, b = fz_kan_tiles(gold)
    return hand[gold] <= 1 and hand[a] > 0 and hand[b] > 0


def fz_shape_free_win(rs: Any, table: Any, seat: int, counts: Sequence[int]) -> bool:
    gold = fz_gold(table)
    if not fz_wrapped(gold) or not table.declared[seat] or counts[gold] != 1:
        return False
    before = list(counts)
    before[gold] = 0
    return fz_gold_kan_rest(before, gold) is not None


def fz_shape_free_waits(rs: Any, table: Any, seat: int, counts: Sequence[int]) -> int:
    gold = fz_gold(table)
    if not fz_wrapped(gold) or fz_gold_kan_rest(counts, gold) is None:
        return 0
    return 1 << gold


def fz_shape_free_ready(rs: Any, table: Any, seat: int, counts: Sequence[int]) -> bool:
    gold = fz_gold(table)
    if not fz_wrapped(gold) or counts[gold] > 1:
        return False
    a, b = fz_kan_tiles(gold)
    return counts[a] > 0 and counts[b] > 0


def fz_shape_free_ready_kinds(rs: Any, table: Any, seat: int, counts: Sequence[int]) -> int:
    """The discards after which :func:`fz_shape_free_waits` is not 0."""
    mask = 0
    for k in range(34):
        if counts[k]:
            after = list(counts)
            after[k] -= 1
            if fz_shape_free_waits(rs, table, seat, after):
                mask |= 1 << k
    return mask


def _fz_dealer_first_turn(table: Any, seat: int) -> bool:
    return (
        seat == table.dealer and table.draws_made[seat] == 0 and not any(table.discards)
        and not any(table.melds)
    )


def _fz_can_take_gold(table: Any, seat: int) -> bool:
    c, w = table.analysis_counts(seat)
    if seat != table.dealer:
        return bool(is_win(Counts(list(c)), w + 1, fz._RULES))
    for k in fz.SUIT_KINDS:
        if c[k]:
            c2 = list(c)
            c2[k] -= 1
            if is_win(Counts(c2), w + 1, fz._RULES):
                return True
    return False


def fz_instant_win(rs: Any, table: Any, seat: int) -> str | None:
    gold = fz_gold(table)
    if gold < 0:
        return None
    hand = table.hands[seat]
    opening = table.phase.value == "opening"
    if opening or _fz_dealer_first_turn(table, seat):
        if seat == table.dealer:
            c, w = table.analysis_counts(seat)
            if is_win(Counts(list(c)), w, fz._RULES):
                return fz.TIANHU
            if hand[gold] >= 3:
                return fz.SANJINDAO
            if _fz_can_take_gold(table, seat):
                return fz.QIANGJIN
            return None
        if opening and _fz_can_take_gold(table, seat):
            return fz.QIANGJIN
        return None
    if hand[gold] >= 3 and sum(hand) + 3 * len(table.melds[seat]) == rs.hand_size + 1:
        return fz.SANJINDAO
    return None


def fz_flower_points(flowers: Sequence[int]) -> int:
    held = Counter(flowers)
    total = len(flowers)
    total += 2 * sum(1 for k in fz.HONOURS if held[k] >= 4)
    for group in (fz.SEASONS, fz.PLANTS):
        if all(held[f] for f in group):
            total += 2
    return total


def fz_specials(rs: Any, ctx: Any, readings: Sequence[Any]) -> tuple[list[Any], list[str]]:
    """Every special of a 福州 win, each reading's specials matched."""
    from mahjong_core.rules import ScoreItem

    items: list[Any] = []
    event = ctx.instant
    if event == fz.SANJINDAO:
        items.append(ScoreItem(fz.SANJINDAO, "Three golds down", 40, why="three 金 held"))
    elif event == fz.QIANGJIN:
        items.append(ScoreItem(fz.QIANGJIN, "Robbing the gold", 30, why="the displayed 金 taken at the first turn"))
    if event == fz.TIANHU or (event is None and ctx.first_turn and ctx.dealer and ctx.self_drawn):
        items.append(ScoreItem(fz.TIANHU, "Heavenly hand", 30, why="the dealer complete after 开金"))
    items += rs._shape_specials(readings)
    if rs._kan(ctx):
        items.append(ScoreItem("金坎", "Gold closed wait", rs.options.gold_kan, why="declared 金坎, won on a self-drawn 金"))
    return items, []


FUZHOU = {
    "_specials": fz_specials,
    "reserve_extra": fz_reserve_extra,
    "may_declare_ready": fz_may_declare_ready,
    "shape_free_win": fz_shape_free_win,
    "shape_free_waits": fz_shape_free_waits,
    "shape_free_ready": fz_shape_free_ready,
    "shape_free_ready_kinds": fz_shape_free_ready_kinds,
    "instant_win": fz_instant_win,
}
"""福州's hooks (罗源 inherits them) and their obvious versions."""


# --- 福建百搭 ------------------------------------------------------------------


def fj_shape_free_waits(rs: Any, table: Any, seat: int, counts: Sequence[int]) -> int:
    """The kinds whose draw :meth:`FujianBaida.shape_free_win` accepts
    (``test_fujian_baida.py`` checks that this is so), every 百搭 kind
    split out and each step taken in full."""
    from mahjong_core import _native
    from mahjong_core.variants.fujian_baida import WHITE

    target = rs.stand_in_target(table.wild_kinds)
    if target is None:
        return 0
    c = bytearray(counts)
    w = 0
    for k in table.wild_kinds:
        w += c[k]
        c[k] = 0
    rules = table.hand_rules(seat)
    stand_ins = rs.options.stand_ins
    mask = 0
    for j in range(min(stand_ins, c[WHITE]) + 1):  # j 白板 held play as the 百搭's kind
        if j:
            c[WHITE] -= 1
            c[target] += 1
        waits = _native.waits_mask_buf(c, w, rules)
        if j:
            mask |= waits  # a tile drawn, j 白板 standing in
            if any(counts[k] < 4 for k in table.wild_kinds) and _native.is_win_buf(c, w + 1, rules):
                for k in table.wild_kinds:
                    mask |= 1 << k  # a 百搭 drawn
        if j < stand_ins and (waits >> target) & 1:
            mask |= 1 << WHITE  # the 白板 drawn stands in too
    return sum(1 << k for k in range(34) if (mask >> k) & 1 and counts[k] < 4)


FUJIAN_BAIDA = {"shape_free_waits": fj_shape_free_waits}


# --- 武汉 ----------------------------------------------------------------------


def _wh_shape_free(table: Any, seat: int, counts: Sequence[int]) -> frozenset[int] | None:
    """The first shape-free hand (将一色, 风一色) whose kinds hold every
    kind of the seat's tiles (the 赖子 aside, the melds' tiles too)."""
    from mahjong_core.variants import wuhan

    kinds = {k for k in range(34) if counts[k] and k not in table.wild_kinds}
    for m in table.melds[seat]:
        kinds.update(m.tiles)
    for allowed in wuhan._SHAPE_FREE.values():
        if kinds <= allowed:
            return allowed
    return None


def wh_shape_free_win(rs: Any, table: Any, seat: int, counts: Sequence[int]) -> bool:
    return _wh_shape_free(table, seat, counts) is not None


def wh_shape_free_waits(rs: Any, table: Any, seat: int, counts: Sequence[int]) -> int:
    from mahjong_core.variants.wuhan import RED

    allowed = _wh_shape_free(table, seat, counts)
    if allowed is None:
        return 0
    return sum(1 << k for k in allowed if counts[k] < 4 and k != RED)


def wh_single_kong_kinds(rs: Any, table: Any, seat: int) -> frozenset[int]:
    from mahjong_core.variants.wuhan import RED

    wild: frozenset[int] = getattr(table, "wild_kinds", frozenset())
    return wild if rs.options.red_at_once else wild | {RED}


WUHAN = {
    "shape_free_win": wh_shape_free_win,
    "shape_free_waits": wh_shape_free_waits,
    "single_kong_kinds": wh_single_kong_kinds,
}


# --- 哈尔滨 --------------------------------------------------------------------


def hb_indicator_redraw(rs: Any, table: Any) -> bool:
    kind = table.indicator
    if kind is None:
        return False
    n = table.shown[kind]
    if rs.options.concealed_kongs_visible:
        for melds in table.melds:
            for m in melds:
                if m.kind is MeldKind.ANKAN and m.tiles[0] == kind:
                    n += 4
    return n >= 3


def hb_tile_rules(hand: Sequence[int], melds: Sequence[Any]) -> bool:
    """The tiles (concealed and declared) hold two suits, a 1, 9 or 红中,
    a chow (declared, or three kinds in a row held) and a pung (declared,
    or three of a kind held, or two pairs)."""
    from mahjong_core.variants.harbin import ENDS

    kinds = {k for k in range(34) if hand[k]} | {k for m in melds for k in m.tiles}
    if len({k // 9 for k in kinds if k < 27}) < 2 or not kinds & ENDS:
        return False
    runs = any(k < 27 and k % 9 <= 6 and hand[k] and hand[k + 1] and hand[k + 2] for k in range(34))
    if not runs and not any(m.kind is MeldKind.CHI for m in melds):
        return False
    pungs = any(n >= 3 for n in hand) or sum(1 for n in hand if n >= 2) >= 2
    return pungs or any(m.kind is not MeldKind.CHI for m in melds)


def hb_may_declare_ready(rs: Any, table: Any, seat: int) -> bool:
    """开门, no more than one tile from complete (when the kernel has a
    shape for that many tiles) and :func:`hb_tile_rules`."""
    from mahjong_core import _native
    from mahjong_core.errors import InvalidHandError
    from mahjong_core.variants.harbin import RULES

    melds = table.melds[seat]
    if not any(not m.is_concealed for m in melds):
        return False
    hand = table.hands[seat]
    try:
        if _native.shanten(_native.Counts(list(hand)), 0, RULES) > 0:
            return False
    except InvalidHandError:
        pass
    return hb_tile_rules(hand, melds)


def hb_aim_discard_costs(rs: Any, table: Any, seat: int) -> list[int]:
    from mahjong_core.variants.harbin import ENDS

    hand = table.hands[seat]
    held = list(hand)
    for m in table.melds[seat]:
        for k in m.tiles:
            held[k] += 1
    suits = [sum(held[s * 9: s * 9 + 9]) for s in range(3)]
    ends = sum(held[k] for k in ENDS)
    costs = [0] * 34
    for k in range(34):
        if not hand[k]:
            continue
        if k < 27 and suits[k // 9] == 1 and sum(1 for n in suits if n) <= 2:
            costs[k] += 1
        if k in ENDS and ends == 1:
            costs[k] += 1
    return costs


def hb_check_new(rs: Any, ctx: Any) -> str | None:
    """哈尔滨's rules of a win, in their order (the first one broken)."""
    from mahjong_core import patterns as v
    from mahjong_core.errors import IllegalWinError
    from mahjong_core.variants import harbin as hb

    readings: tuple[Any, ...] = ()
    fast = bool(ctx.decompositions) and not ctx.wilds
    if not fast:
        try:
            readings = v.readings(ctx, hb.RULES)
        except IllegalWinError:
            return hb._NO_SHAPE
    if len(ctx.melds) > rs.max_melds:
        return "不能上听单调一张牌: a ready hand keeps at least 4 tiles (no fourth meld)"
    if ctx.concealed_hand:
        return "必需开门: the hand must be opened by a chow, pong or exposed kong (暗杠不算开门)"
    before = hb._ready_tiles(ctx)
    if len({k // 9 for k in before if k < 27}) < 2:
        return "清一色不能听: the hand needs two suits or more (红中 is no suit)"
    if not any(k in hb.ENDS for k in before):
        return "听牌时牌中必须带幺或九: the ready hand needs a 1, a 9 or a 红中"
    if fast:
        if hb.pung_and_chow_natural(ctx):
            return None
    elif any(hb._pung_and_chow(r) for r in readings):
        return None
    return ("听牌时必须带至少一组刻牌与一组顺牌: a pung (or two pairs for 对倒) and a chow "
            "made before the winning tile")


HARBIN = {
    "_check_new": hb_check_new,
    "indicator_redraw": hb_indicator_redraw,
    "may_declare_ready": hb_may_declare_ready,
    "aim_discard_costs": hb_aim_discard_costs,
}


# --- 营口 ----------------------------------------------------------------------


def yk_aim_discard_costs(rs: Any, table: Any, seat: int) -> list[int]:
    from mahjong_core.variants.yingkou import YAOJIU

    counts, _ = table.analysis_counts(seat)
    costs = [0] * 34
    for s in range(3):
        n = sum(counts[s * 9: s * 9 + 9])
        if n <= 2:
            for k in range(s * 9, s * 9 + 9):
                costs[k] = 2 if n == 1 else 1
    yj = [k for k in YAOJIU if counts[k]]
    if len(yj) == 1 and counts[yj[0]] == 1:
        costs[yj[0]] = max(costs[yj[0]], 2)
    return costs


def yk_score(rs: Any, ctx: Any) -> Any:
    """营口's score with :func:`patterns.best` over the readings (each
    reading's problem and 番 worked out again for the best one)."""
    from mahjong_core import patterns as v
    from mahjong_core.errors import IllegalWinError
    from mahjong_core.rules import ScoreItem, ScoreSheet
    from mahjong_core.variants import yingkou as yk

    o = rs.options
    hui = yk.SIMPLES | (ctx.wild_kinds & frozenset(range(34)) if o.hui_as_itself else frozenset())
    try:
        readings = v.readings(ctx, yk.hand_rules_for(ctx.wild_kinds, o.hui_as_itself))
    except IllegalWinError:
        if not ctx.wilds:
            raise
        readings = v.readings(ctx, yk._ANY_WILD)

    def fan_of(r: Any) -> int:
        return sum(f.value * n for f, n in v.matching(yk.FANS, r))

    top = v.best(readings, lambda r: (int(yk.reading_problem(r, o.shape, hui) is None), fan_of(r)))
    hits = v.matching(yk.FANS, top)
    fan = sum(f.value * n for f, n in hits)
    items = tuple(f.item(top, n) for f, n in hits) or (ScoreItem("平胡", "Plain win", 0, why="no doubling"),)
    problem = yk.reading_problem(top, o.shape, hui)
    if problem is None and o.must_open and v.claimed_melds(top) == 0:
        problem = "开门 (option must_open): a win needs a chow, pung or exposed kong"
    notes = (f"{o.base} × 2 ** {fan}",) + ((problem,) if problem else ())
    return ScoreSheet(items=items, total=fan, unit="番", points=o.base * 2**fan, notes=notes)


def yk_refuses_win(rs: Any, ctx: Any) -> bool:
    """营口's early refusal read off the obvious sheet: what win_problem
    names (a sheet that cannot be made is not refused: score names it)."""
    from mahjong_core.errors import IllegalWinError

    try:
        sheet = yk_score(rs, ctx)
    except IllegalWinError:
        return False
    return len(sheet.notes) > 1


YINGKOU = {"aim_discard_costs": yk_aim_discard_costs, "score": yk_score, "refuses_win": yk_refuses_win}


def outcome(call: Callable[[], Any]) -> Any:
    """What ``call()`` returns, or the type of the MahjongError it raises:
    a fast path and its obvious version must agree on both."""
    try:
        return call()
    except MahjongError as e:
        return type(e)


def paper_context(rs: Any, hand: Sequence[int], tile: int, **kwargs: Any) -> Any:
    """The paper context of a win on ``tile`` (``build_context``'s keywords),
    or a rejected hypothesis example when the hand is no legal paper hand
    (a fifth copy of a kind)."""
    from hypothesis import reject

    from mahjong_core.paper import build_context

    try:
        return build_context(rs, hand, win_tile=tile, **kwargs)
    except MahjongError:
        reject()
