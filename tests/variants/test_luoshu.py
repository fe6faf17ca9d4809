"""洛书麻将: the decomposition (sets of one suit summing to 15, the 将头
pair and sets) against a brute-force reader, every seed sentence through
score_hand (legal and illegal), the 叫听 stakes, options and bad input."""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter

import pytest

from mahjong_core.errors import IllegalWinError, InvalidHandError, MahjongError
from mahjong_core.registry import find_variant
from mahjong_core.tiles import counts_of, parse_tiles
from mahjong_core.variants.luoshu import (
    JIANG, KINDS, TRIPLES, Luoshu, is_luoshu_win, luoshu_discard_shanten, luoshu_ready_discard, luoshu_ready_kinds, luoshu_shanten,
    luoshu_waits,
)

LS = Luoshu()
READY = {"declared_ready": True}


def score(hand: str, win: str, *, rs: Luoshu = LS, winner: int = 1, discarder: int | None = 2,
          melds: tuple[str, ...] = (), **ctx: object):
    return rs.score_hand(hand, win_tile=win, winner=winner, discarder=discarder, melds=melds,
                         context={**READY, **ctx})


# --- a brute-force reader, straight from the seed's words -----------------------------


def brute_force(tiles: list[int], mixed: bool) -> bool:
    """Try every way to cut the tiles into groups of three and one pair:
    a group is three tiles of one suit summing to 15 or three 将头 tiles
    (one kind when not ``mixed``); the pair two 将头 tiles (one kind when
    not ``mixed``)."""
    if len(tiles) % 3 != 2:
        return False

    def is_set(g: tuple[int, ...]) -> bool:
        if all(k in JIANG for k in g):
            return mixed or len(set(g)) == 1
        return all(k < 27 for k in g) and len({k // 9 for k in g}) == 1 and sum(k % 9 + 1 for k in g) == 15

    def rec(rest: tuple[int, ...], pair: bool) -> bool:
        if not rest:
            return pair
        first, others = rest[0], rest[1:]
        if not pair:
            for j in range(len(others)):
                p = (first, others[j])
                if all(k in JIANG for k in p) and (mixed or p[0] == p[1]):
                    if rec(others[:j] + others[j + 1:], True):
                        return True
        for a, b in itertools.combinations(range(len(others)), 2):
            if is_set((first, others[a], others[b])):
                left = tuple(x for i, x in enumerate(others) if i not in (a, b))
                if rec(left, pair):
                    return True
        return False

    return rec(tuple(sorted(tiles)), False)


def random_near_wins(rng: random.Random, n: int, mixed: bool = True) -> list[list[int]]:
    """Hands of 14 made of random 洛书 sets and a pair, some tiles then
    swapped for random ones (wins and near misses)."""
    pool = [k for k in sorted(KINDS) for _ in range(4)]
    jiang = sorted(JIANG)
    out = []
    for _ in range(n):
        for _attempt in range(20):
            tiles: list[int] = []
            for _ in range(4):
                if rng.random() < 0.2:
                    tiles += [rng.choice(jiang) for _ in range(3)] if mixed else [rng.choice(jiang)] * 3
                else:
                    s = rng.randrange(3)
                    tiles += [s * 9 + x - 1 for x in rng.choice(TRIPLES)]
            tiles += [rng.choice(jiang), rng.choice(jiang)] if mixed else [rng.choice(jiang)] * 2
            for _ in range(rng.choice((0, 0, 1, 2))):
                tiles[rng.randrange(14)] = rng.choice(pool)
            if max(Counter(tiles).values()) <= 4:
                out.append(tiles)
                break
    return out


@pytest.mark.parametrize("mixed", [True, False])
def test_the_decomposition_against_brute_force(mixed: bool) -> None:
    rng = random.Random(7 + mixed)
    wins = 0
    for tiles in random_near_wins(rng, 400, mixed):
        c = counts_of(tiles)
        expect = brute_force(tiles, mixed)
        assert is_luoshu_win(c, mixed) == expect, tiles
        assert (luoshu_shanten(c, 4, mixed) == -1) == expect, tiles
        wins += expect
        # the waits of each 13-tile hand left by taking one tile out
        k = tiles[rng.randrange(14)]
        c[k] -= 1
        thirteen = [t for t in tiles]
        thirteen.remove(k)
        waits = luoshu_waits(c, mixed)
        slow = 0
        for x in sorted(KINDS):
            if c[x] < 4 and brute_force(thirteen + [x], mixed):
                slow |= 1 << x
        assert waits == slow, thirteen
        assert luoshu_shanten(c, 4, mixed) == 0 or not waits, thirteen  # (0 may also need a fifth copy)
        assert luoshu_shanten(c, 4, mixed) >= 0
        assert waits >> k & 1 or not expect  # the tile taken out is a wait of a win
    assert wins > 100


def direct_shanten(counts: list[int], sets: int, mixed: bool) -> int:
    """The 洛书 shanten read the plain way (no caches): every combination of
    the 将头 readings and each suit's (sets, partial sets) readings."""
    from mahjong_core.variants.luoshu import _jiang_options

    combos = _jiang_options(counts, mixed)
    for s in range(3):
        opts = reference_suit_options(tuple(counts[s * 9 : s * 9 + 9]))
        combos = {(t + x, p + y, q) for t, p, q in combos for x, y in opts}
    best = 99
    for t, p, q in combos:
        t = min(t, sets)
        p = min(p, sets - t)
        best = min(best, 2 * sets - 2 * t - p - q)
    return best


@pytest.mark.parametrize("mixed", [True, False])
def test_the_cached_shanten_and_waits_equal_the_direct_ones(mixed: bool) -> None:
    """luoshu_shanten (per-suit, 将头 and total caches) equals the direct
    reading, and luoshu_waits (per-suit and 将头 caches) equals
    is_luoshu_win asked of every kind with fewer than four copies, on
    seeded hands of every size a seat holds (near wins, scattered hands,
    fours, fewer sets after kongs)."""
    rng = random.Random(1015 + mixed)
    pool = [k for k in sorted(KINDS) for _ in range(4)]
    hands = [t[: rng.choice((13, 14))] for t in random_near_wins(rng, 300, mixed)]
    hands += [rng.sample(pool, rng.choice((13, 14))) for _ in range(500)]
    hands += [rng.sample(pool, rng.choice((1, 2, 4, 5, 7, 8, 10, 11))) for _ in range(300)]
    hands += [[k] * 4 + rng.sample(pool, 9) for k in rng.sample(sorted(KINDS), 20)]
    hands = [t for t in hands if max(Counter(t).values()) <= 4]
    seen_waits = seen_sh = 0
    for tiles in hands:
        c = counts_of(tiles)
        sets = min(4, len(tiles) // 3)  # (3n+1 or 3n+2 tiles: n sets)
        sh = luoshu_shanten(c, sets, mixed)
        assert sh == direct_shanten(list(c), sets, mixed), (tiles, sets)
        assert luoshu_shanten(bytearray(c), sets, mixed) == sh
        seen_sh |= 1 << (sh + 1)
        if len(tiles) % 3 == 1:
            slow = 0
            for x in range(34):
                if c[x] < 4:
                    c[x] += 1
                    if is_luoshu_win(c, mixed):
                        slow |= 1 << x
                    c[x] -= 1
            assert luoshu_waits(c, mixed) == slow, tiles
            assert luoshu_waits(bytearray(c), mixed) == slow
            seen_waits += slow != 0
    assert seen_waits > 50 and seen_sh.bit_count() >= 5


@pytest.mark.parametrize("mixed", [True, False])
def test_a_ready_discard_exists_exactly_when_one_leaves_waits(mixed: bool) -> None:
    """luoshu_ready_discard (the engine's shape_free_ready: when False, no
    discard is asked for a ready declaration) equals asking luoshu_waits
    after each discard, on seeded near wins and scattered hands of every
    3n+2 size, with fours."""
    rng = random.Random(2026 + mixed)
    pool = [k for k in sorted(KINDS) for _ in range(4)]
    hands = random_near_wins(rng, 500, mixed)
    hands += [rng.sample(pool, rng.choice((2, 5, 8, 11, 14))) for _ in range(500)]
    hands += [[k] * 4 + rng.sample(pool, 10) for k in rng.sample(sorted(KINDS), 20)]
    hands = [t for t in hands if max(Counter(t).values()) <= 4]
    ready = 0
    for tiles in hands:
        c = counts_of(tiles)
        slow = False
        for k in range(34):
            if c[k]:
                c[k] -= 1
                slow = slow or luoshu_waits(c, mixed) != 0
                c[k] += 1
        assert luoshu_ready_discard(c, mixed) == slow, tiles
        assert Luoshu(jiang_mixed=mixed).shape_free_ready(None, 0, bytearray(c)) == slow  # type: ignore[arg-type]
        ready += slow
        # the kinds themselves (the engine's shape_free_ready_kinds)
        kinds = 0
        for k in range(34):
            if c[k]:
                c[k] -= 1
                kinds |= (luoshu_waits(c, mixed) != 0) << k
                c[k] += 1
        assert luoshu_ready_kinds(c, mixed) == kinds, tiles
        assert Luoshu(jiang_mixed=mixed).shape_free_ready_kinds(None, 0, bytearray(c)) == kinds  # type: ignore[arg-type]
    assert 100 < ready < len(hands) - 100
    c = counts_of(parse_tiles("159m267p348s55m12z9s"))
    c[32] = 1  # a kind outside the set: each discard is asked
    assert luoshu_ready_discard(c, mixed)
    assert luoshu_ready_kinds(c, mixed) == 0  # (the 发 stays whatever else goes)
    c[32], c[26] = 1, 0  # 159m267p348s55m12z + 发: only the 发's discard may leave waits
    rest = bytearray(c)
    rest[32] = 0
    assert luoshu_ready_kinds(c, mixed) == (1 << 32 if luoshu_waits(rest, mixed) else 0)
    assert not mixed or luoshu_ready_kinds(c, mixed) == 1 << 32


@functools.lru_cache(maxsize=None)
def reference_suit_options(suit: tuple[int, ...]) -> frozenset[tuple[int, int]]:
    """(sets, partial sets) of a suit the plain way: every reading of the
    lowest tile (single, in a 15-sum set, in a partial set), then the
    readings no other reading beats in both."""
    i = next((k for k in range(9) if suit[k]), -1)
    if i < 0:
        return frozenset({(0, 0)})
    out: set[tuple[int, int]] = set()
    c = list(suit)
    c[i] -= 1
    out |= reference_suit_options(tuple(c))
    for a, b, d in TRIPLES:
        if a == i + 1:
            e = list(c)
            e[b - 1] -= 1
            e[d - 1] -= 1
            if min(e) >= 0:
                out |= {(t + 1, p) for t, p in reference_suit_options(tuple(e))}
    for b in range(1, 10):
        if 1 <= 15 - (i + 1) - b <= 9 and b >= i + 1:
            e = list(c)
            e[b - 1] -= 1
            if min(e) >= 0:
                out |= {(t, p + 1) for t, p in reference_suit_options(tuple(e))}
    return frozenset(o for o in out if not any(x != o and x[0] >= o[0] and x[1] >= o[1] for x in out))


def test_the_suit_tables_equal_the_search_on_every_suit() -> None:
    """The tables of whole suits (up to four 15-sum sets) and their waits
    answer as the recursive search does, on every suit of at most 12 tiles
    (each count at most 4)."""
    from mahjong_core.variants.luoshu import _SUITS, _suit_info, _suit_sets, _suit_summary, _suit_waits, _values

    def state(t: tuple[int, ...]) -> tuple[bool, bool]:
        return _suit_sets(t) >= 0, _suit_waits(t) != 0

    n = 0
    for c in itertools.product(range(5), repeat=9):
        if sum(c) <= 12:
            t = tuple(c)
            assert _suit_info(bytes(c)) == (_suit_sets(t) >= 0, _suit_waits(t)), c
            if n % 5 == 0:  # the ready check's summary: now and less one tile
                less = {state(t[:i] + (t[i] - 1,) + t[i + 1 :]) for i in range(9) if t[i]}
                assert _suit_summary(bytes(c)) == (state(t), less), c
            if n % 13 == 1:  # the bots' shanten readings (the core's block values)
                assert _SUITS.values(bytes(c)) == _values((a, b, 0) for a, b in reference_suit_options(t)), c
            n += 1
    assert n == 192950


@pytest.mark.parametrize("mixed", [True, False])
def test_the_shanten_after_each_discard_is_luoshu_shanten(mixed: bool) -> None:
    """luoshu_discard_shanten (the bots' costs: each group's readings less
    one tile looked up once) equals luoshu_shanten asked after each discard,
    on seeded near wins and scattered 3n+2 hands, for every number of sets."""
    rng = random.Random(77 + mixed)
    pool = [k for k in sorted(KINDS) for _ in range(4)]
    hands = random_near_wins(rng, 300, mixed)
    hands += [rng.sample(pool, rng.choice((2, 5, 8, 11, 14))) for _ in range(400)]
    hands += [[k] * 4 + rng.sample(pool, 10) for k in rng.sample(sorted(KINDS), 20)]
    hands = [t for t in hands if max(Counter(t).values()) <= 4]
    for tiles in hands:
        c = counts_of(tiles)
        for sets in {len(tiles) // 3, 4}:
            got = luoshu_discard_shanten(bytearray(c), sets, mixed)
            for k in range(34):
                if c[k]:
                    c[k] -= 1
                    assert got[k] == luoshu_shanten(c, sets, mixed), (tiles, sets, k)
                    c[k] += 1
                else:
                    assert got[k] is None
    c = counts_of(parse_tiles("159m267p348s55m12z9s"))
    c[32] = 1  # a kind outside the set (never in play) is asked the long way
    assert luoshu_discard_shanten(c, 4, mixed)[32] == luoshu_shanten(counts_of(parse_tiles("159m267p348s55m12z9s")), 4, mixed)


def test_the_jiang_answers_on_every_jiang_hand() -> None:
    """The cached 将头 answers (pair and sets; the kinds one more tile of
    makes so) equal the rule read off the counts, on every count of the six
    将头 kinds, mixed or one kind each."""
    from mahjong_core.variants.luoshu import _jiang_info, _jiang_ok

    kinds = sorted(JIANG)
    for mixed in (True, False):
        for c6 in itertools.product(range(5), repeat=6):
            c = [0] * 34
            for k, n in zip(kinds, c6):
                c[k] = n
            waits = 0
            for k in kinds:
                if c[k] < 4:
                    c[k] += 1
                    waits |= _jiang_ok(c, mixed) << k
                    c[k] -= 1
            assert _jiang_info(bytes(c[27:34]), mixed) == (_jiang_ok(c, mixed), waits), (c6, mixed)


def test_the_fifteen_triples() -> None:
    assert len(TRIPLES) == 13 and (5, 5, 5) in TRIPLES and (1, 5, 9) in TRIPLES and (3, 3, 9) in TRIPLES
    assert all(a + b + c == 15 for a, b, c in TRIPLES)


def test_registry_and_the_tile_set() -> None:
    assert find_variant("洛书") is Luoshu and Luoshu.zh == "洛书"
    wall = Counter(LS.wall_tiles())
    assert len(LS.wall_tiles()) == 132 and wall[31] == 4 and 32 not in wall  # 5z: the four flower tiles; no 发


# --- "三张花色一样的序号牌相加…为 15 就可以算作一副" ------------------------------------------------


def test_sets_summing_to_fifteen() -> None:
    r = score("159m267p348s555m1z", "2z")
    assert r.sheet.names() == ["和"] and r.settlement.deltas(4) == [0, 1, -1, 0]
    assert score("339m447p366s456m1z", "7z").sheet.total == 1


@pytest.mark.parametrize("hand,win", [
    ("123m267p348s555m1z", "2z"),  # a chow is no set
    ("111m267p348s555m1z", "2z"),  # nor a pung of 1s
    ("159m267p348s5m5p5s1z", "2z"),  # three suits do not sum together
    ("159m267p348s555m1z", "2m"),  # ... and the pair no number tile
])
def test_not_a_set(hand: str, win: str) -> None:
    with pytest.raises(IllegalWinError, match="not a 洛书 hand"):
        score(hand, win)


# --- "将头牌只能由花牌…和四风红中来做，序数牌不能做将牌" -----------------------------------------


@pytest.mark.parametrize("pair", ["1z2z", "5z7z", "4z4z", "5z5z", "7z3z"])
def test_the_pair_of_jiang_tiles(pair: str) -> None:
    assert score("159m267p348s555m" + pair[:2], pair[2:]).sheet.total == 1


def test_no_number_pair() -> None:
    with pytest.raises(IllegalWinError, match="序数牌不能做将牌"):
        score("159m267p348s555m5p", "5p")


def test_no_green_or_white_dragon_tile() -> None:
    with pytest.raises(InvalidHandError):
        score("159m267p348s555m6z", "6z")


# --- "凑齐三张或四张将头牌也可以算作一副" ------------------------------------------------------


def test_three_jiang_tiles_are_a_set() -> None:
    assert score("159m267p348s123z5z", "7z").sheet.total == 1  # 东南西 a set, 5z 7z the pair
    assert score("159m267p348s111z5z", "4z").sheet.total == 1


def test_four_jiang_tiles_are_a_kong() -> None:
    assert score("159m267p348s1z", "2z", melds=("ankan 7777z",)).sheet.total == 1
    with pytest.raises(IllegalWinError, match="no 洛书 set"):
        score("159m267p348s1z", "2z", melds=("ankan 9999p",))


def test_jiang_of_one_kind_option() -> None:
    one = Luoshu(jiang_mixed=False)
    assert score("159m267p348s555m1z", "1z", rs=one).sheet.total == 1
    with pytest.raises(IllegalWinError):
        score("159m267p348s555m1z", "2z", rs=one)
    with pytest.raises(IllegalWinError):
        score("159m267p348s123z5z", "7z", rs=one)


# --- "叫听时押上多少筹码，就赢多少筹码，相应的也就会输多少筹码" ------------------------------------


def test_a_win_needs_a_declared_ready_hand() -> None:
    with pytest.raises(IllegalWinError, match="叫听"):
        LS.score_hand("159m267p348s555m1z", win_tile="2z", winner=1, discarder=2)


def test_stakes() -> None:
    rs = Luoshu(stake=5)
    # discard win: the discarder pays the stake; seat 3 had declared too and loses its stake
    r = score("159m267p348s555m1z", "2z", rs=rs, ready_seats=[3])
    assert r.settlement.deltas(4) == [0, 10, -5, -5]
    # self-draw: each other seat pays; a declared seat pays its stake on top
    r = score("159m267p348s555m1z", "2z", rs=rs, discarder=None, ready_seats=[0])
    assert r.settlement.deltas(4) == [-10, 20, -5, -5]
    r = score("159m267p348s555m1z", "2z", rs=Luoshu(self_draw_all_pay=False), discarder=None, ready_seats=[0])
    assert r.settlement.deltas(4) == [-1, 1, 0, 0]


# --- options and bad input ---------------------------------------------------------


@pytest.mark.parametrize("bad", [{"stake": 0}, {"stake": "1"}, {"jiang_mixed": 1}, {"pot": 1}])
def test_bad_options(bad: dict[str, object]) -> None:
    with pytest.raises(MahjongError):
        Luoshu(**bad)


@pytest.mark.parametrize("seats", [[1], [7], "x", [None]])
def test_bad_ready_seats(seats: object) -> None:
    with pytest.raises(MahjongError):
        score("159m267p348s555m1z", "2z", ready_seats=seats)


def test_hand_size() -> None:
    with pytest.raises(InvalidHandError):
        score("159m267p348s555m", "2z")
    assert parse_tiles("5z") == [31]
