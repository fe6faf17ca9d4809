"""A brute-force 天津 scorer written from the seed sentences, knowing nothing
of the kernel, of ``patterns`` or of ``variants/tianjin.py``.

Every physical tile of the winning hand is a token; each 混儿 token is
tried as every kind (of the suits in the hand, the honours in it and one
spare honour), every split of the tokens into sets and a pair is made with
the tokens placed slot by slot (so a 混儿 in a 龙 is "itself" only when its
own kind sits in its own slot), and the winning token marks the unit it
completed.  The value is the best over all of them:

(捉伍儿 3 + 龙 4, or 平胡 1) × 2 per 混儿吊 / 双混吊 / 没混儿 / 杠开 / 本混儿龙.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from mahjong_core.tiles import Meld, MeldKind

Token = tuple[int, bool, int, bool]
"""(the kind it is read as, a 混儿?, its physical kind, the winning tile?)"""


def _split(counts: dict[int, int], sets: int, pair: bool) -> Iterator[list[tuple[int, ...]]]:
    """Every split of the kind counts into ``sets`` sets and (``pair``) a pair."""
    k = min((k for k, n in counts.items() if n), default=None)
    if k is None:
        if sets == 0 and not pair:
            yield []
        return
    shapes: list[tuple[int, ...]] = []
    if pair and counts[k] >= 2:
        shapes.append((k, k))
    if sets and counts[k] >= 3:
        shapes.append((k, k, k))
    if sets and k < 27 and k % 9 <= 6 and counts.get(k + 1, 0) and counts.get(k + 2, 0):
        shapes.append((k, k + 1, k + 2))
    for shape in shapes:
        for t in shape:
            counts[t] -= 1
        for rest in _split(counts, sets - (len(shape) == 3), pair and len(shape) != 2):
            yield [shape, *rest]
        for t in shape:
            counts[t] += 1


def _placements(units: list[tuple[int, ...]], tokens: list[Token]) -> Iterator[list[list[Token]]]:
    """Every distinct way to put the tokens into the units' slots (a token
    goes to a slot of the kind it is read as)."""
    slots = [(i, k) for i, u in enumerate(units) for k in u]
    by_kind: dict[int, list[Token]] = {}
    for t in tokens:
        by_kind.setdefault(t[0], []).append(t)
    kinds = sorted(by_kind)
    per_kind = []
    for k in kinds:
        where = [i for i, (_, kk) in enumerate(slots) if kk == k]
        options = sorted(set(itertools.permutations(by_kind[k])))
        per_kind.append((where, options))
    seen: set[tuple[tuple[Token, ...], ...]] = set()
    for choice in itertools.product(*(opts for _, opts in per_kind)):
        filled: list[Token | None] = [None] * len(slots)
        for (where, _), perm in zip(per_kind, choice):
            for pos, tok in zip(where, perm):
                filled[pos] = tok
        out: list[list[Token]] = [[] for _ in units]
        for (i, _), tok in zip(slots, filled):
            assert tok is not None
            out[i].append(tok)
        key = tuple(tuple(sorted(u)) for u in out)
        if key not in seen:
            seen.add(key)
            yield out


def value(concealed: Sequence[int], wild_tiles: Sequence[int], win_tile: int, melds: Sequence[Meld],
          *, kong_replacement: bool, zhuo_wu_characters: bool = False, plain: int = 1,
          double_hun_diao: int = 2) -> int:
    """The best value of the hand (``concealed`` natural tiles and the
    physical ``wild_tiles``, the winning tile among them); -1 when it is no
    four sets and a pair."""
    naturals: list[Token] = []
    win_done = False
    for k in sorted(concealed):
        is_win = not win_done and k == win_tile
        win_done |= is_win
        naturals.append((k, False, k, is_win))
    wild_phys = sorted(wild_tiles)
    win_wild = not win_done
    suits = {k // 9 for k in list(concealed) + list(wild_phys) if k < 27}
    suits |= {m.tiles[0] // 9 for m in melds if m.tiles[0] < 27}
    honours = {k for k in concealed if k >= 27} | {k for k in wild_phys if k >= 27}
    spare = next(k for k in range(27, 34) if k not in honours)
    kinds = sorted({s * 9 + i for s in suits for i in range(9)} | honours | {spare})
    meld_units = [list(m.tiles) for m in melds]
    chows_in_melds = [m.tiles[0] for m in melds if m.kind is MeldKind.CHI]
    assert not chows_in_melds
    best = -1
    for stand in itertools.product(kinds, repeat=len(wild_phys)):
        tokens = list(naturals)
        for j, (phys, k) in enumerate(zip(wild_phys, stand)):
            tokens.append((k, True, phys, win_wild and j == wild_phys.index(win_tile)))
        counts: dict[int, int] = {}
        for t in tokens:
            counts[t[0]] = counts.get(t[0], 0) + 1
        for units in _split(counts, 4 - len(melds), True):
            for placed in _placements(units, tokens):
                best = max(best, _score(placed, meld_units, wild_phys, kong_replacement, zhuo_wu_characters,
                                        plain, double_hun_diao))
    return best


def _score(placed: list[list[Token]], meld_units: list[list[int]], wild_phys: Sequence[int], bloom: bool,
           characters: bool, plain: int, double: int) -> int:
    chows: dict[int, list[list[Token]]] = {}
    for u in placed:
        ks = sorted(t[0] for t in u)
        if len(u) == 3 and ks[0] != ks[1]:
            chows.setdefault(ks[0], []).append(u)
    long_suits = [s for s in (0, 9, 18) if s in chows and s + 3 in chows and s + 6 in chows]
    win_unit = next(u for u in placed if any(t[3] for t in u))
    win_tok = next(t for t in win_unit if t[3])
    ks = sorted(t[0] for t in win_unit)
    zhuo = (len(win_unit) == 3 and ks[0] != ks[1] and ks[0] < 27 and ks[0] % 9 == 3 and win_tok[0] == ks[0] + 1
            and win_tok[2] == win_tok[0] and (not characters or ks[0] < 9))
    pair = next(u for u in placed if len(u) == 2)
    n_wild_pair = sum(t[1] for t in pair)
    diao = 0
    if n_wild_pair == 2:
        diao = 2
    elif n_wild_pair == 1 and win_unit is pair and not win_tok[1]:
        diao = 1
    ben = False
    for s in long_suits:
        for combo in itertools.product(chows[s], chows[s + 3], chows[s + 6]):
            toks = [t for u in combo for t in u]
            wild = [t for t in toks if t[1]]
            if wild and all(t[0] == t[2] for t in wild):
                ben = True
    base = (4 if long_suits else 0) + (3 if zhuo else 0) or plain
    mult = 1
    if ben:
        mult *= 2
    if diao == 1:
        mult *= 2
    elif diao == 2:
        mult *= double
    if not wild_phys:
        mult *= 2
    if bloom:
        mult *= 2
    return base * mult
