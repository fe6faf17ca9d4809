"""Random legal MCR winning situations, and PyMahjongGB's answer for them.

Shared by the differential test (``test_guobiao_vs_pymahjonggb.py``) and the
benchmark.  PyMahjongGB is a test oracle only.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from mahjong_core.tiles import Meld, MeldKind

_SUIT_LETTER = "WBT"  # PyMahjongGB: W 万, B 饼 (our p), T 条 (our s)
_HONOUR = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")  # 东南西北 白 发 中 (J1 = 中)


def gb_tile(k: int) -> str:
    """PyMahjongGB's name of tile kind ``k``."""
    return f"{_SUIT_LETTER[k // 9]}{k % 9 + 1}" if k < 27 else _HONOUR[k - 27]


@dataclass(frozen=True)
class Situation:
    """One winning situation: ``hand`` before the winning tile (kinds)."""

    hand: tuple[int, ...]
    melds: tuple[Meld, ...]
    offers: tuple[int, ...]
    """PyMahjongGB's ``offer`` per meld (0 only for a concealed kong)."""
    win: int
    self_drawn: bool
    fourth: bool
    kong: bool
    last: bool
    seat: int
    round: int
    flowers: int

    def gb_args(self) -> dict[str, object]:
        packs = []
        for m, offer in zip(self.melds, self.offers):
            if m.kind is MeldKind.CHI:
                packs.append(("CHI", gb_tile(m.tiles[1]), offer))
            elif m.kind is MeldKind.PON:
                packs.append(("PENG", gb_tile(m.tiles[0]), offer))
            else:
                packs.append(("GANG", gb_tile(m.tiles[0]), offer))
        return dict(
            pack=tuple(packs),
            hand=tuple(gb_tile(k) for k in self.hand),
            winTile=gb_tile(self.win),
            flowerCount=self.flowers,
            isSelfDrawn=self.self_drawn,
            is4thTile=self.fourth,
            isAboutKong=self.kong,
            isWallLast=self.last,
            seatWind=self.seat,
            prevalentWind=self.round,
        )

    def score_args(self) -> dict[str, object]:
        from mahjong_core.tiles import format_tiles

        return dict(
            hand=format_tiles(self.hand),
            melds=list(self.melds),
            win_tile=format_tiles([self.win]),
            self_drawn=self.self_drawn,
            seat_wind=self.seat,
            round_wind=self.round,
            flowers=self.flowers,
            last_tile=self.last,
            kong=self.kong,
            fourth_tile=self.fourth,
        )


def _sets(rng: random.Random) -> tuple[str, int]:
    """A random set: ("chow", lowest kind) or ("pung", kind)."""
    if rng.random() < 0.5:
        s = rng.randrange(3)
        return "chow", s * 9 + rng.randrange(7)
    return "pung", rng.randrange(34)


_KNITTED = [
    [s * 9 + r for s, start in zip(perm, (0, 1, 2)) for r in (start, start + 3, start + 6)]
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
]


def _biased_suit_sets(rng: random.Random) -> list[tuple[str, int]]:
    """Four sets drawn from few suits and nearby numbers, so combination fans
    (一般高, 连六, 三同刻 ...) and flushes turn up often."""
    suits = rng.sample(range(3), rng.choice((1, 1, 2, 3)))
    honours = rng.random() < 0.3
    out = []
    for _ in range(4):
        if honours and rng.random() < 0.3:
            out.append(("pung", rng.randrange(27, 34)))
            continue
        s = rng.choice(suits)
        if rng.random() < 0.6:
            out.append(("chow", s * 9 + rng.choice((0, 0, 1, 2, 3, 3, 4, 5, 6, 6))))
        else:
            out.append(("pung", s * 9 + rng.randrange(9)))
    return out


def _all_sets() -> list[tuple[str, int]]:
    return [("chow", s * 9 + i) for s in range(3) for i in range(7)] + [("pung", k) for k in range(34)]


def _set_tiles(shape: str, k: int) -> list[int]:
    return [k, k + 1, k + 2] if shape == "chow" else [k] * 3


_THEMES: list[tuple[set[int], str]] = [
    ({0, 8, 9, 17, 18, 26}, "any"),                               # 清幺九
    ({0, 8, 9, 17, 18, 26, *range(27, 34)}, "any"),                # 混幺九
    (set(range(27, 34)), "any"),                                   # 字一色, winds, dragons
    ({19, 20, 21, 23, 25, 32}, "any"),                             # 绿一色
    ({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31}, "any"),  # 推不倒
    ({s * 9 + r for s in range(3) for r in (0, 1, 2)}, "any"),     # 全小
    ({s * 9 + r for s in range(3) for r in (0, 1, 2, 3)}, "any"),  # 小于五
    ({s * 9 + r for s in range(3) for r in (3, 4, 5)}, "any"),     # 全中
    ({s * 9 + r for s in range(3) for r in (5, 6, 7, 8)}, "any"),  # 大于五
    ({s * 9 + r for s in range(3) for r in (6, 7, 8)}, "any"),     # 全大
    ({s * 9 + r for s in range(3) for r in (1, 3, 5, 7)}, "pung"),  # 全双刻
    ({s * 9 + r for s in range(3) for r in range(2, 7)} | {4, 13, 22}, "five"),  # 全带五
    ({0, 1, 2, 6, 7, 8, 9, 10, 11, 15, 16, 17, 18, 19, 20, 24, 25, 26, 4, 13, 22}, "terminal"),  # 双龙会
    (set(range(27, 34)) | {0, 8, 9, 17, 18, 26} | set(range(34)), "outside"),  # 全带幺
]


def _themed(rng: random.Random) -> list[int]:
    pool, kind = rng.choice(_THEMES)
    sets = [(sh, k) for sh, k in _all_sets() if set(_set_tiles(sh, k)) <= pool]
    if kind == "pung":
        sets = [x for x in sets if x[0] == "pung"]
    elif kind == "five":
        sets = [x for x in sets if any(t < 27 and t % 9 == 4 for t in _set_tiles(*x))]
        pool = {4, 13, 22}
    elif kind == "terminal":
        sets = [x for x in sets if x[0] == "chow" and x[1] % 9 in (0, 6)]
        pool = {4, 13, 22}
    elif kind == "outside":
        sets = [x for x in sets if any(t >= 27 or t % 9 in (0, 8) for t in _set_tiles(*x))]
        pool = {0, 8, 9, 17, 18, 26, *range(27, 34)}
    if kind == "terminal" and rng.random() < 0.7:  # 一色 / 三色双龙会
        a, b = rng.sample(range(3), 2)
        chows = [a * 9, a * 9, a * 9 + 6, a * 9 + 6] if rng.random() < 0.5 else [a * 9, a * 9 + 6, b * 9, b * 9 + 6]
        rest = [t for c in chows for t in (c, c + 1, c + 2)]
        third = ({0, 1, 2} - {c // 9 for c in chows}).pop() if len({c // 9 for c in chows}) == 2 else a
        p = third * 9 + 4
        return rest + [p, p]
    out: list[int] = []
    for _ in range(4):
        out += _set_tiles(*rng.choice(sets))
    p = rng.choice(sorted(pool))
    return out + [p, p]


def random_situation(rng: random.Random) -> Situation | None:
    """A random legal winning situation, or None when the draw was illegal
    (a fifth copy ...).  Covers the standard form with any melds, seven pairs,
    thirteen orphans, the knitted forms, and nine gates."""
    roll = rng.random()
    counts: Counter[int] = Counter()
    melds: list[Meld] = []
    offers: list[int] = []
    concealed: list[int] = []
    if roll < 0.10:  # seven pairs (四归一 allowed)
        kinds = [rng.randrange(34) for _ in range(7)]
        if rng.random() < 0.3:
            base = rng.randrange(3) * 9 + rng.randrange(3)
            kinds = [base + i for i in range(7)]
        concealed = [k for k in kinds for _ in range(2)]
    elif roll < 0.13:  # thirteen orphans
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        concealed = orphans + [rng.choice(orphans)]
    elif roll < 0.18:  # 全不靠 / 七星不靠
        knit = rng.choice(_KNITTED)
        pool = knit + list(range(27, 34))
        if rng.random() < 0.4:
            concealed = rng.sample(knit, 7) + list(range(27, 34))
        else:
            concealed = rng.sample(pool, 14)
    elif roll < 0.25:  # 组合龙 + a set + a pair (the set may be declared)
        concealed = list(rng.choice(_KNITTED))
        shape, k = _sets(rng)
        if rng.random() < 0.3:
            melds, offers = _declare(rng, shape, k)
        else:
            concealed += [k, k + 1, k + 2] if shape == "chow" else [k] * 3
        p = rng.randrange(34)
        concealed += [p, p]
    elif roll < 0.27:  # nine gates
        s = rng.randrange(3) * 9
        concealed = [s] * 3 + [s + i for i in range(1, 8)] + [s + 8] * 3 + [s + rng.randrange(9)]
    elif roll < 0.40:  # themed: 清幺九, 绿一色, 全带五, 双龙会 ..., some sets declared
        tiles = _themed(rng)
        n_melds = rng.choice((0, 0, 1, 2))
        for i in range(n_melds):
            a, b, c = tiles[3 * i : 3 * i + 3]
            if a == b:
                ms, os_ = _declare(rng, "pung", a)
            else:
                ms, os_ = _declare(rng, "chow", a)
            melds += ms
            offers += os_
        concealed = tiles[3 * n_melds :]
    else:
        sets = _biased_suit_sets(rng) if rng.random() < 0.5 else [_sets(rng) for _ in range(4)]
        n_melds = rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4))
        for i, (shape, k) in enumerate(sets):
            if i < n_melds:
                ms, os_ = _declare(rng, shape, k)
                melds += ms
                offers += os_
            else:
                concealed += [k, k + 1, k + 2] if shape == "chow" else [k] * 3
        p = rng.randrange(34)
        concealed += [p, p]
    for k in concealed:
        counts[k] += 1
    for m in melds:
        for t in m.tiles:
            counts[t] += 1
    if max(counts.values()) > 4:
        return None
    win = rng.choice(concealed)
    hand = list(concealed)
    hand.remove(win)
    rng.shuffle(hand)
    self_drawn = rng.random() < 0.4
    in_melds = sum(t == win for m in melds for t in m.tiles)
    fourth = hand.count(win) == 0 and (in_melds == 3 or rng.random() < 0.15)
    kong = False
    if rng.random() < 0.12:
        if self_drawn:
            kong = any(m.is_kong for m in melds)
        else:
            kong = hand.count(win) == 0 and in_melds == 0
    last = rng.random() < 0.08
    return Situation(
        hand=tuple(sorted(hand)),
        melds=tuple(melds),
        offers=tuple(offers),
        win=win,
        self_drawn=self_drawn,
        fourth=fourth,
        kong=kong,
        last=last,
        seat=rng.randrange(4),
        round=rng.randrange(4),
        flowers=rng.choice((0, 0, 0, 1, 2, 3, 8)),
    )


def _declare(rng: random.Random, shape: str, k: int) -> tuple[list[Meld], list[int]]:
    if shape == "chow":
        return [Meld(MeldKind.CHI, (k, k + 1, k + 2))], [rng.randrange(1, 4)]
    r = rng.random()
    if r < 0.55:
        return [Meld(MeldKind.PON, (k, k, k))], [rng.randrange(1, 4)]
    if r < 0.75:
        return [Meld(MeldKind.KAN, (k,) * 4)], [rng.randrange(1, 4)]
    if r < 0.85:
        return [Meld(MeldKind.KAKAN, (k,) * 4)], [rng.randrange(1, 4)]
    return [Meld(MeldKind.ANKAN, (k,) * 4)], [0]


def gb_fans(situation: Situation) -> tuple[int, Counter[str]]:
    """PyMahjongGB's total and fan names (with counts) for a situation.

    :raises TypeError: when PyMahjongGB rejects the input (e.g. not a win).
    """
    from MahjongGB import MahjongFanCalculator

    out = MahjongFanCalculator(**situation.gb_args(), verbose=True)
    names: Counter[str] = Counter()
    total = 0
    for value, count, zh, _en in out:
        names[zh] += count
        total += value * count
    return total, names
