"""Fixed, seeded hand corpora for the benchmarks, and perft-style known answers.

Every corpus is a list of 34-entry count lists (index = tile kind, see
``docs/analysis.md``), built from a seeded :class:`random.Random`, so the same
hands come out on every machine and every Python 3 version (only
``shuffle``/``randrange``/``choice`` are used; their output for an integer
seed has been stable since Python 3.2).  No numpy needed.

- ``WIN14``: 1000 winning 14-tile hands (standard form built from random sets
  plus a pair, some seven pairs with distinct kinds, some thirteen orphans),
  at most 4 copies of a kind.
- ``RAND14``: 1000 random 14-tile hands (the first 14 tiles of a shuffled
  136-tile wall), mostly not winning.
- ``RAND13``: 1000 random 13-tile hands, drawn the same way.
- ``TENPAI13``: 1000 ready 13-tile hands: a ``WIN14`` hand minus one random
  tile (so every one has at least one wait).
- ``WIN10W4``: 1000 winning hands of 10 real tiles + 4 wilds: a ``WIN14``
  hand with 4 random tiles turned into wilds.
- ``RAND10W4``: 1000 random hands of 10 real tiles + 4 wilds.

``KNOWN`` is the perft-style table: hand notation, wilds, expected shanten,
waits (13-tile hands), win and number of decompositions (14-tile hands), under
the default :class:`~mahjong_core.HandRules`.  ``CORPUS_CHECKSUMS`` holds the
same kind of answers summed over each corpus.  Both were computed once with
mahjong_core (``python bench/corpus.py --regen`` prints them), agreed with the
pure-Python oracle ``tests/reference/oracle.py`` when written, and are checked
on every bench run (``bench/conftest.py``) and by ``bench/test_smoke.py``.
A change here means the corpus generator or the engine changed: find out
which before regenerating.
"""

from __future__ import annotations

import hashlib
import random
import sys
from typing import NamedTuple

NUM_KINDS = 34
N_HANDS = 1000
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

Hand = list[int]


def _wall(rng: random.Random) -> list[int]:
    wall = [k for k in range(NUM_KINDS) for _ in range(4)]
    rng.shuffle(wall)
    return wall


def _counts(kinds: list[int]) -> Hand:
    c = [0] * NUM_KINDS
    for k in kinds:
        c[k] += 1
    return c


def random_hands(n_tiles: int, n: int = N_HANDS, seed: int = 0) -> list[Hand]:
    """``n`` hands of ``n_tiles`` tiles, each the head of a freshly shuffled wall."""
    rng = random.Random(seed)
    return [_counts(_wall(rng)[:n_tiles]) for _ in range(n)]


def _standard_win(rng: random.Random, n_sets: int = 4) -> Hand:
    while True:
        c = [0] * NUM_KINDS
        ok = True
        for _ in range(n_sets):
            for _attempt in range(50):
                if rng.randrange(4) == 0:  # pung
                    k = rng.randrange(NUM_KINDS)
                    if c[k] <= 1:
                        c[k] += 3
                        break
                else:  # chow
                    k = rng.randrange(3) * 9 + rng.randrange(7)
                    if c[k] < 4 and c[k + 1] < 4 and c[k + 2] < 4:
                        c[k] += 1
                        c[k + 1] += 1
                        c[k + 2] += 1
                        break
            else:
                ok = False
        pairs = [k for k in range(NUM_KINDS) if c[k] <= 2]
        if ok and pairs:
            c[rng.choice(pairs)] += 2
            return c


def _seven_pairs_win(rng: random.Random) -> Hand:
    kinds = list(range(NUM_KINDS))
    rng.shuffle(kinds)
    return _counts([k for k in kinds[:7] for _ in range(2)])


def _orphans_win(rng: random.Random) -> Hand:
    return _counts([*ORPHANS, rng.choice(ORPHANS)])


def winning_hands(n: int = N_HANDS, seed: int = 1) -> list[Hand]:
    """Winning 14-tile hands: about 90% standard, 8% seven pairs, 2% orphans."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        r = rng.randrange(100)
        if r < 2:
            out.append(_orphans_win(rng))
        elif r < 10:
            out.append(_seven_pairs_win(rng))
        else:
            out.append(_standard_win(rng))
    return out


def _remove_random(rng: random.Random, hand: Hand, k: int) -> Hand:
    tiles = [t for t in range(NUM_KINDS) for _ in range(hand[t])]
    rng.shuffle(tiles)
    return _counts(tiles[k:])


def tenpai_hands(win14: list[Hand], seed: int = 2) -> list[Hand]:
    """Each winning hand minus one random tile."""
    rng = random.Random(seed)
    return [_remove_random(rng, h, 1) for h in win14]


def wild_wins(win14: list[Hand], wilds: int = 4, seed: int = 3) -> list[Hand]:
    """Each winning hand with ``wilds`` random tiles taken out (they become wilds)."""
    rng = random.Random(seed)
    return [_remove_random(rng, h, wilds) for h in win14]


WIN14: list[Hand] = winning_hands()
RAND14: list[Hand] = random_hands(14, seed=14)
RAND13: list[Hand] = random_hands(13, seed=13)
TENPAI13: list[Hand] = tenpai_hands(WIN14)
WIN10W4: list[Hand] = wild_wins(WIN14)
RAND10W4: list[Hand] = random_hands(10, seed=10)
WILDS4 = 4
"""Wilds held with ``WIN10W4`` and ``RAND10W4``."""

CORPORA: dict[str, tuple[list[Hand], int]] = {
    "WIN14": (WIN14, 0),
    "RAND14": (RAND14, 0),
    "RAND13": (RAND13, 0),
    "TENPAI13": (TENPAI13, 0),
    "WIN10W4": (WIN10W4, WILDS4),
    "RAND10W4": (RAND10W4, WILDS4),
}
"""name -> (hands, wilds held with each hand)."""


def digest(hands: list[Hand]) -> str:
    """A short fingerprint of a corpus (catches a changed generator)."""
    h = hashlib.sha256()
    for c in hands:
        h.update(bytes(c))
    return h.hexdigest()[:16]


class Known(NamedTuple):
    """One perft-style known answer (default HandRules)."""

    hand: str
    """Compact notation of the real tiles."""
    wilds: int
    shanten: int
    waits: tuple[int, ...] | None
    """For 3n+1 hands; None otherwise."""
    win: bool | None
    """For 3n+2 hands; None otherwise."""
    decompositions: int | None
    """Number of readings, for 3n+2 hands; None otherwise."""


# --- generated by `python bench/corpus.py --regen`; do not edit by hand ----
KNOWN: tuple[Known, ...] = (
    Known(hand='123m456p789s11122z', wilds=0, shanten=-1, waits=None, win=True, decompositions=1),
    Known(hand='111222333m11p', wilds=0, shanten=-1, waits=None, win=True, decompositions=2),
    Known(hand='11122233388899m', wilds=0, shanten=-1, waits=None, win=True, decompositions=2),
    Known(hand='11223344556677m', wilds=0, shanten=-1, waits=None, win=True, decompositions=4),
    Known(hand='11112222333344m', wilds=0, shanten=-1, waits=None, win=True, decompositions=4),
    Known(hand='1112345678999m5m', wilds=0, shanten=-1, waits=None, win=True, decompositions=1),
    Known(hand='19m19p19s1234567z1z', wilds=0, shanten=-1, waits=None, win=True, decompositions=1),
    Known(hand='22334455667788p', wilds=0, shanten=-1, waits=None, win=True, decompositions=4),
    Known(hand='1122m3344p5566s77z', wilds=0, shanten=-1, waits=None, win=True, decompositions=1),
    Known(hand='11m22m33m44p44p55s55s', wilds=0, shanten=-1, waits=None, win=True, decompositions=1),
    Known(hand='123456789m12345p', wilds=0, shanten=0, waits=None, win=False, decompositions=0),
    Known(hand='147m258p369s12345z', wilds=0, shanten=6, waits=None, win=False, decompositions=0),
    Known(hand='19m19p19s12345677z', wilds=0, shanten=-1, waits=None, win=True, decompositions=1),
    Known(hand='1234567891234m5z', wilds=0, shanten=0, waits=None, win=False, decompositions=0),
    Known(hand='11122233344455m', wilds=0, shanten=-1, waits=None, win=True, decompositions=4),
    Known(hand='123m456p789s1112z', wilds=0, shanten=0, waits=(28,), win=None, decompositions=None),
    Known(hand='1112345678999m', wilds=0, shanten=0, waits=(0, 1, 2, 3, 4, 5, 6, 7, 8), win=None, decompositions=None),
    Known(hand='1111m234p567p789s', wilds=0, shanten=1, waits=(), win=None, decompositions=None),
    Known(hand='19m19p19s1234567z', wilds=0, shanten=0, waits=(0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33), win=None, decompositions=None),
    Known(hand='1122m3344p5566s7z', wilds=0, shanten=0, waits=(33,), win=None, decompositions=None),
    Known(hand='2345678m2345678p', wilds=0, shanten=0, waits=None, win=False, decompositions=0),
    Known(hand='147m258p369s1234z', wilds=0, shanten=6, waits=(), win=None, decompositions=None),
    Known(hand='1357m2468p1357s9s', wilds=0, shanten=4, waits=(), win=None, decompositions=None),
    Known(hand='1111m2222p3333s4z', wilds=0, shanten=0, waits=(30,), win=None, decompositions=None),
    Known(hand='1234567891234m', wilds=0, shanten=0, waits=(0, 3, 6), win=None, decompositions=None),
    Known(hand='1111222233334m', wilds=0, shanten=0, waits=(3, 4), win=None, decompositions=None),
    Known(hand='159m159p159s1357z', wilds=0, shanten=3, waits=(), win=None, decompositions=None),
    Known(hand='123m456p789s11z', wilds=3, shanten=-1, waits=None, win=True, decompositions=58),
    Known(hand='19m19p19s123456z', wilds=2, shanten=-1, waits=None, win=True, decompositions=13),
    Known(hand='1234m', wilds=4, shanten=-1, waits=None, win=True, decompositions=54),
    Known(hand='11m', wilds=0, shanten=-1, waits=None, win=True, decompositions=1),
    Known(hand='', wilds=2, shanten=-1, waits=None, win=True, decompositions=1),
    Known(hand='1m', wilds=1, shanten=-1, waits=None, win=True, decompositions=1),
    Known(hand='123m456p789s1z', wilds=1, shanten=-1, waits=None, win=True, decompositions=1),
    Known(hand='123m456p789s1z', wilds=3, shanten=0, waits=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33), win=None, decompositions=None),
    Known(hand='1m5p9s', wilds=4, shanten=0, waits=(0, 1, 2, 11, 12, 13, 14, 15, 24, 25, 26), win=None, decompositions=None),
    Known(hand='147m258p369s', wilds=4, shanten=2, waits=(), win=None, decompositions=None),
    Known(hand='1112345678999m', wilds=1, shanten=-1, waits=None, win=True, decompositions=15),
    Known(hand='12m', wilds=2, shanten=0, waits=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33), win=None, decompositions=None),
    Known(hand='1379m', wilds=3, shanten=0, waits=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33), win=None, decompositions=None),
    Known(hand='11m22p33s44z', wilds=5, shanten=0, waits=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33), win=None, decompositions=None),
)
CORPUS_CHECKSUMS: dict[str, dict[str, object]] = {
    'WIN14': {'digest': 'ec5742680f5434dd', 'shanten_sum': -1000, 'wins': 1000, 'decompositions': 1014},
    'RAND14': {'digest': 'bad33b7a74c63281', 'shanten_sum': 3189, 'wins': 0, 'decompositions': 0},
    'RAND13': {'digest': '6955502cd8984b8d', 'shanten_sum': 3599, 'waits': 0},
    'TENPAI13': {'digest': '2cef241607f277f9', 'shanten_sum': 0, 'waits': 1780},
    'WIN10W4': {'digest': '9f050c6d3b954726', 'shanten_sum': -1000, 'wins': 1000, 'decompositions': 53431},
    'RAND10W4': {'digest': '76af2009cc390fa6', 'shanten_sum': 717, 'wins': 61, 'decompositions': 489},
}
# --- end of generated part --------------------------------------------------

KNOWN_HANDS: tuple[tuple[str, int], ...] = (
    # 14 tiles, no wilds
    ("123m456p789s11122z", 0),
    ("111222333m11p", 0),
    ("11122233388899m", 0),
    ("11223344556677m", 0),
    ("11112222333344m", 0),
    ("1112345678999m5m", 0),
    ("19m19p19s1234567z1z", 0),
    ("22334455667788p", 0),
    ("1122m3344p5566s77z", 0),
    ("11m22m33m44p44p55s55s", 0),
    ("123456789m12345p", 0),
    ("147m258p369s12345z", 0),
    ("19m19p19s12345677z", 0),
    ("1234567891234m5z", 0),
    ("11122233344455m", 0),
    # 13 tiles, no wilds
    ("123m456p789s1112z", 0),
    ("1112345678999m", 0),
    ("1111m234p567p789s", 0),
    ("19m19p19s1234567z", 0),
    ("1122m3344p5566s7z", 0),
    ("2345678m2345678p", 0),
    ("147m258p369s1234z", 0),
    ("1357m2468p1357s9s", 0),
    ("1111m2222p3333s4z", 0),
    ("1234567891234m", 0),
    ("1111222233334m", 0),
    ("159m159p159s1357z", 0),
    # wilds
    ("123m456p789s11z", 3),
    ("19m19p19s123456z", 2),
    ("1234m", 4),
    ("11m", 0),
    ("", 2),
    ("1m", 1),
    ("123m456p789s1z", 1),
    ("123m456p789s1z", 3),
    ("1m5p9s", 4),
    ("147m258p369s", 4),
    ("1112345678999m", 1),
    ("12m", 2),
    ("1379m", 3),
    ("11m22p33s44z", 5),
)


def compute_known() -> tuple[Known, ...]:
    """The answers of mahjong_core for ``KNOWN_HANDS`` (for regeneration)."""
    import mahjong_core as mc

    out = []
    for hand, w in KNOWN_HANDS:
        c = mc.counts(hand)
        t = c.total + w
        sh = mc.shanten(c, wilds=w)
        if t % 3 == 1:
            out.append(Known(hand, w, sh, mc.waits(c, wilds=w), None, None))
        else:
            win = mc.is_win(c, wilds=w)
            out.append(Known(hand, w, sh, None, win, len(mc.decompositions(c, wilds=w))))
    return tuple(out)


def compute_checksums() -> dict[str, dict[str, object]]:
    """Per corpus: fingerprint, and the answers of mahjong_core summed over it."""
    import mahjong_core as mc

    out: dict[str, dict[str, object]] = {}
    for name, (hands, w) in CORPORA.items():
        cs = [mc.Counts(h) for h in hands]
        t = sum(hands[0]) + w
        row: dict[str, object] = {"digest": digest(hands)}
        row["shanten_sum"] = sum(mc.shanten(c, wilds=w) for c in cs)
        if t % 3 == 2:
            row["wins"] = sum(mc.is_win(c, wilds=w) for c in cs)
            row["decompositions"] = sum(
                len(mc.decompositions(c, wilds=w)) for c in cs if mc.is_win(c, wilds=w)
            )
        else:
            row["waits"] = sum(len(mc.waits(c, wilds=w)) for c in cs)
        out[name] = row
    return out


def check_known() -> list[str]:
    """Disagreements between ``KNOWN`` and mahjong_core (empty when all agree)."""
    got = compute_known()
    if len(got) != len(KNOWN):
        return [f"KNOWN has {len(KNOWN)} rows, KNOWN_HANDS {len(got)}: regenerate"]
    return [f"{want!r}: mahjong_core now gives {g!r}" for want, g in zip(KNOWN, got) if g != want]


def check_checksums() -> list[str]:
    """Disagreements between ``CORPUS_CHECKSUMS`` and mahjong_core on the corpora."""
    got = compute_checksums()
    return [
        f"{name}: expected {CORPUS_CHECKSUMS.get(name)!r}, got {row!r}"
        for name, row in got.items()
        if CORPUS_CHECKSUMS.get(name) != row
    ]


def _regen() -> str:
    lines = ["KNOWN: tuple[Known, ...] = ("]
    for k in compute_known():
        lines.append(f"    {k!r},")
    lines.append(")")
    lines.append("CORPUS_CHECKSUMS: dict[str, dict[str, object]] = {")
    for name, row in compute_checksums().items():
        lines.append(f"    {name!r}: {row!r},")
    lines.append("}")
    return "\n".join(lines)


if __name__ == "__main__":
    if sys.argv[1:] == ["--regen"]:
        print(_regen())
    else:
        for name, (hands, w) in CORPORA.items():
            print(name, len(hands), "hands,", sum(hands[0]), "tiles +", w, "wilds", digest(hands))
