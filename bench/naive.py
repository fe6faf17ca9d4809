"""A naive pure-Python baseline: the obvious recursive code a user would write.

Input: a list of 34 counts (kind order of ``docs/analysis.md``).  Rules: the
defaults of mahjong_core (standard form, seven pairs where four of a kind is
two pairs, thirteen orphans).

- ``is_win`` (with or without wilds), ``waits`` and ``decompositions`` (no
  wilds) follow ``docs/analysis.md`` exactly; ``decompositions`` returns the
  readings as ``(form, units)`` with mahjong_core's unit codes.
- ``shanten`` (no wilds) is the classic count of sets, partial sets and a
  pair.  It does not know that a kind has only four copies, so it can be one
  lower than the exact value when the hand holds all four copies of a kind
  (``1111m234p567p789s``: classic 0, exact 1).

Used only as a speed baseline in ``bench/`` and checked there against
mahjong_core before it is timed.
"""

from __future__ import annotations

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_NON_ORPHANS = tuple(k for k in range(34) if k not in ORPHANS)

# unit codes of mahjong_core (docs/analysis.md)
PAIR, PUNG, CHOW, SINGLE = 0, 1, 2, 5
STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS = 0, 1, 2


def _chows_with(i: int) -> list[int]:
    """Lowest kinds of the chows that contain kind ``i``."""
    if i >= 27:
        return []
    base = i - i % 9
    return [s for s in (i - 2, i - 1, i) if base <= s <= base + 6]


def _std_win(c: list[int], w: int, need_pair: bool) -> bool:
    """Can ``c`` plus ``w`` wilds be split into sets and (if need_pair) a pair?"""
    i = 0
    while i < 34 and c[i] == 0:
        i += 1
    if i == 34:  # only wilds left: they make sets (and the pair) by themselves
        return (w - 2) % 3 == 0 and w >= 2 if need_pair else w % 3 == 0
    # the lowest real tile i belongs to some unit: try each, wilds filling gaps
    units = [[i, i, i]]
    if need_pair:
        units.append([i, i])
    units += [[s, s + 1, s + 2] for s in _chows_with(i)]
    tried = set()
    for unit in units:
        n = len(unit)
        for mask in range(1 << n):  # which places of the unit are wilds
            real = [unit[j] for j in range(n) if not mask >> j & 1]
            wild = n - len(real)
            if i not in real or wild > w or (n, *real) in tried:
                continue
            tried.add((n, *real))
            if any(real.count(k) > c[k] for k in set(real)):
                continue
            for k in real:
                c[k] -= 1
            ok = _std_win(c, w - wild, need_pair and n != 2)
            for k in real:
                c[k] += 1
            if ok:
                return True
    return False


def is_win(counts: list[int], wilds: int = 0) -> bool:
    """True when the 3n+2 tiles (wilds included) form a complete hand."""
    total = sum(counts) + wilds
    if total % 3 != 2:
        return False
    if total == 14:
        if sum(x % 2 for x in counts) <= wilds:  # seven pairs
            return True
        if (  # thirteen orphans
            all(counts[k] == 0 for k in _NON_ORPHANS)
            and all(counts[k] <= 2 for k in ORPHANS)
            and sum(counts[k] == 2 for k in ORPHANS) <= 1
        ):
            return True
    return _std_win(list(counts), wilds, True)


def waits(counts: list[int], wilds: int = 0) -> tuple[int, ...]:
    """Kinds (held fewer than 4 times) that complete a 3n+1 hand."""
    c = list(counts)
    out = []
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            if is_win(c, wilds):
                out.append(k)
            c[k] -= 1
    return tuple(out)


def _std_readings(c: list[int], i: int, units: list[tuple[int, int, int]],
                  have_pair: bool, out: set) -> None:
    while i < 34 and c[i] == 0:
        i += 1
    if i == 34:
        if have_pair:
            out.add((STANDARD, tuple(sorted(units))))
        return
    if c[i] >= 3:
        c[i] -= 3
        units.append((PUNG, i, 0))
        _std_readings(c, i, units, have_pair, out)
        units.pop()
        c[i] += 3
    if c[i] >= 2 and not have_pair:
        c[i] -= 2
        units.append((PAIR, i, 0))
        _std_readings(c, i, units, True, out)
        units.pop()
        c[i] += 2
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        units.append((CHOW, i, 0))
        _std_readings(c, i, units, have_pair, out)
        units.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1


def decompositions(counts: list[int]) -> set[tuple[int, tuple[tuple[int, int, int], ...]]]:
    """Every reading of a complete hand (no wilds), as ``(form, units)``."""
    out: set = set()
    if sum(counts) % 3 != 2:
        return out
    _std_readings(list(counts), 0, [], False, out)
    if sum(counts) == 14:
        if all(x % 2 == 0 for x in counts):
            pairs = [(PAIR, k, 0) for k in range(34) for _ in range(counts[k] // 2)]
            out.add((SEVEN_PAIRS, tuple(pairs)))
        if is_win(counts) and all(counts[k] == 0 for k in _NON_ORPHANS) and all(
            counts[k] >= 1 for k in ORPHANS
        ):
            units = [(PAIR if counts[k] == 2 else SINGLE, k, 0) for k in ORPHANS]
            out.add((THIRTEEN_ORPHANS, tuple(sorted(units))))
    return out


def _std_shanten(c: list[int], n_sets: int) -> int:
    best = [2 * n_sets]

    def rec(i: int, sets: int, partial: int, pair: int) -> None:
        while i < 34 and c[i] == 0:
            i += 1
        if i == 34:
            s = 2 * n_sets - 2 * sets - min(partial, n_sets - sets) - pair
            best[0] = min(best[0], s)
            return
        if c[i] >= 3:  # pung
            c[i] -= 3
            rec(i, sets + 1, partial, pair)
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:  # chow
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            rec(i, sets + 1, partial, pair)
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
        if c[i] >= 2:  # the pair, or a partial pung
            c[i] -= 2
            if not pair:
                rec(i, sets, partial, 1)
            rec(i, sets, partial + 1, pair)
            c[i] += 2
        if i < 27 and i % 9 <= 7 and c[i + 1]:  # two in a row
            c[i] -= 1
            c[i + 1] -= 1
            rec(i, sets, partial + 1, pair)
            c[i] += 1
            c[i + 1] += 1
        if i < 27 and i % 9 <= 6 and c[i + 2]:  # gap
            c[i] -= 1
            c[i + 2] -= 1
            rec(i, sets, partial + 1, pair)
            c[i] += 1
            c[i + 2] += 1
        c[i] -= 1  # leave this tile out
        rec(i, sets, partial, pair)
        c[i] += 1

    rec(0, 0, 0, 0)
    return best[0]


def shanten(counts: list[int]) -> int:
    """Classic (not 4-copy aware) shanten of a 3n+1 or 3n+2 hand, no wilds."""
    total = sum(counts)
    n_sets = total // 3
    best = _std_shanten(list(counts), n_sets)
    if total in (13, 14):
        best = min(best, 6 - sum(x // 2 for x in counts))
        kinds = sum(1 for k in ORPHANS if counts[k])
        has_pair = any(counts[k] >= 2 for k in ORPHANS)
        best = min(best, 13 - kinds - has_pair)
    return best
