"""Fast start (issue 13 part 6): the kernel tables ship in ``_tables.bin``.

setup.py has the built ``_native`` write the file at build time; a process
maps it at first use instead of building the tables (~0.2 s).  These tests
check that the shipped file is exactly what the kernel builds, that a fresh
process uses it and answers as one that builds its own tables, and that a
Botzone bot run (once per turn) imports only what it needs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from mahjong_core import _native

TABLE_FILE = Path(_native.__file__).parent / _native.TABLE_FILE

# a fresh process answers every question on a fixed set of hands: with and
# without wilds, every form, honour chows and a partial wild mask (the slow path)
CHILD = """
import json, random, sys
import mahjong_core as mc
from mahjong_core import _native
from mahjong_core.analysis import Form, HandRules
rng = random.Random(13)
wall = [k for k in range(34) for _ in range(4)]
rules = [None, HandRules(forms=frozenset(Form)), HandRules(honor_chows=True),
         HandRules(wild_kinds=frozenset(range(9, 20)))]
out = []
for i in range(400):
    rng.shuffle(wall)
    w = i % 3
    r = rules[i % len(rules)]
    c13 = mc.counts(wall[:13 - w])
    c14 = mc.counts(wall[:14 - w])
    win = [rng.randrange(34)] * 2  # four sets and a pair, w of them turned into wilds
    for _ in range(4):
        s, k = rng.randrange(3), rng.randrange(7)
        win += [9 * s + k, 9 * s + k + 1, 9 * s + k + 2] if rng.random() < 0.6 else [rng.randrange(34)] * 3
    if max(win.count(k) for k in win) > 4:
        win = wall[:14]
    cw = mc.counts(sorted(win)[w:])
    out.append([mc.shanten(c13, wilds=w, rules=r), mc.shanten(c14, wilds=w, rules=r),
                list(mc.waits(c13, wilds=w, rules=r)), mc.is_win(c14, wilds=w, rules=r),
                mc.is_win(cw, wilds=w, rules=r), mc.shanten(cw, wilds=w, rules=r),
                len(mc.decompositions(cw, wilds=w, rules=r))])
print(json.dumps({"origin": _native._tables_origin(), "answers": out}))
"""


def run_child(code: str, *, build: bool, stdin: str | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "MAHJONG_CORE_BUILD_TABLES"}
    if build:
        env["MAHJONG_CORE_BUILD_TABLES"] = "1"
    done = subprocess.run([sys.executable, "-c", code], input=stdin, env=env, capture_output=True, text=True,
                          check=True)
    return done.stdout


def test_shipped_tables_equal_fresh_ones() -> None:
    """The installed table file, byte for byte, is what the kernel builds now."""
    assert TABLE_FILE.is_file(), f"no table file at {TABLE_FILE}: setup.py's build_ext did not write it"
    shipped = TABLE_FILE.read_bytes()
    fresh = _native._table_bytes()
    assert len(shipped) == len(fresh)
    assert shipped == fresh
    assert shipped.startswith(b"MJCORETB" + _native.TABLE_FORMAT.to_bytes(4, "little"))


def test_fresh_process_maps_the_file_and_answers_alike() -> None:
    mapped = json.loads(run_child(CHILD, build=False))
    built = json.loads(run_child(CHILD, build=True))
    assert (mapped["origin"], built["origin"]) == ("file", "built")
    assert mapped["answers"] == built["answers"]
    assert sum(a[4] for a in mapped["answers"]) > 300  # some hands win: the win tables were read


def test_tables_not_ready_before_first_call() -> None:
    code = ("import mahjong_core as mc; from mahjong_core import _native; a = _native._tables_origin(); "
            "mc.waits('123m456p789s1112z'); print(repr(a), _native._tables_origin())")
    assert run_child(code, build=False).split() == ["''", "file"]


def test_botzone_bot_run_imports_only_what_it_needs() -> None:
    """One Botzone turn (a fresh process per request): no numpy, rich, other
    commands' modules or the judge, and no fan table compiled for a discard."""
    request = json.dumps({"requests": ["0 0 0", "1 0 0 0 0 W1 W1 W2 W3 B5 B5 B7 T1 T2 T3 F2 F2 J1", "2 J1"],
                          "responses": ["PASS", "PASS"]})
    code = """
import sys
from mahjong_core.cli import main
code = main(["botzone-bot"])
from mahjong_core.variants import guobiao
heavy = sorted({m.split(".")[0] for m in sys.modules if m.split(".")[0] in ("numpy", "rich", "concurrent")}
               | {m for m in sys.modules if m in ("mahjong_core.cli_game", "mahjong_core.cli_score",
                                                  "mahjong_core.botzone_judge", "mahjong_core.registry")})
print(code, guobiao.compile_predicate.cache_info().misses, *heavy)
"""
    lines = run_child(code, build=False, stdin=request).splitlines()
    assert json.loads(lines[0]) == {"response": "PLAY W1"}
    assert lines[1] == "0 0"
