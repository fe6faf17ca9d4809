"""The engine's fast paths (issue 14 part 2) build the same values as the
plain code they replace: a win check's WinContext, a legal list, the tiles
of a context, the wall, the record events of draws and calls."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import pathlib
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core import _native
from mahjong_core import engine
from mahjong_core.bots import make_bot, play_hand
from mahjong_core.engine import _ACTIONS, Phase, Table, _context_of, _pick, _tiles_of, shuffle
from mahjong_core.registry import available, find_variant
from mahjong_core.rules import Ruleset, WinContext
from mahjong_core.tiles import KIND_NAMES, Meld, MeldKind


def test_context_of_equals_the_dataclass() -> None:
    values = dict(
        seat=2, concealed=(0, 0, 1, 2, 3), win_tile=3, melds=(Meld(MeldKind.PON, (27, 27, 27)),),
        meld_sources=(1,), self_drawn=True, dealer=True, wilds=1, wild_kinds=frozenset({5}),
        decompositions=(), extra={"x": 1},
    )
    slow = WinContext(**values)  # type: ignore[arg-type]
    fast = _context_of(*(getattr(slow, f.name) for f in dataclasses.fields(WinContext)))
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    for f in dataclasses.fields(WinContext):
        assert getattr(fast, f.name) == getattr(slow, f.name)
    assert fast.instant is None and fast.multiple_winners == 1 and fast.liable is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.seat = 1  # type: ignore[misc]
    assert dataclasses.replace(fast, seat=0) == dataclasses.replace(slow, seat=0)


def test_context_of_rejects_a_wrong_count_of_fields() -> None:
    n = len(dataclasses.fields(WinContext))
    with pytest.raises(TypeError, match=f"{n} fields, got {n - 1}"):
        _context_of(*range(n - 1))
    with pytest.raises(TypeError, match=f"{n} fields, got {n + 1}"):
        _context_of(*range(n + 1))


def test_tiles_of_and_pick() -> None:
    counts = bytearray(34)
    counts[0], counts[8], counts[33] = 2, 1, 4
    assert _tiles_of(counts) == (0, 0, 8, 33, 33, 33, 33)
    assert _tiles_of(bytearray(34)) == ()
    assert _pick(_ACTIONS[1], [0, 34, 125]) == [_ACTIONS[1][0], _ACTIONS[1][34], _ACTIONS[1][125]]


def test_kind_and_tile_by_id_are_the_actions_own() -> None:
    # the engine reads an action's kind and tile from tables by id: every
    # seat's action of an id has that kind and tile
    assert len(engine._KIND_OF) == len(engine._TILE_OF) == engine.NUM_ACTIONS
    for row in _ACTIONS:
        for a in row:
            assert engine._KIND_OF[a.id] is a.kind
            assert engine._TILE_OF[a.id] == a.tile


@pytest.mark.parametrize("cls", available(), ids=lambda c: c.name)
def test_wall_tiles_fresh_and_as_the_plain_formula(cls: type) -> None:
    rs = cls()
    a, b = rs.wall_tiles(), rs.wall_tiles()
    assert a == b and a is not b  # a new list each hand (the engine shuffles it in place)
    if type(rs).wall_tiles is find_variant("base").wall_tiles:
        kinds = [s * 9 + i for s in rs.suits for i in range(9)] + (list(range(27, 34)) if rs.honors else [])
        assert a == [k for k in kinds for _ in range(rs.copies)] + list(rs.flower_tiles)


def test_draw_and_call_events_as_built_by_hand() -> None:
    rs = find_variant("guangdong")()
    seen_call = False
    for i in range(6):
        t = play_hand(rs, [make_bot("random", i * 7 + s) for s in range(4)], seed=i)
        for e in t.events:
            if e["type"] == "draw" and len(e) == 3:
                assert list(e) == ["seat", "tile", "type"] and e["tile"] in KIND_NAMES
            if e["type"] == "call":
                seen_call = True
                assert list(e)[:2] == ["seat", "action"] and list(e)[-3:] == ["claimed", "discarder", "type"]
        for e in t.events:  # the events are copies: changing them changes no other hand's
            if e["type"] in ("draw", "call", "action"):
                e["probe"] = 1
    assert seen_call
    t2 = play_hand(rs, [make_bot("random", s) for s in range(4)], seed=0)
    assert all("probe" not in e for e in t2.events)


# Whole games as main played them before the fast paths of issue 14 part 2
# (commit e440647): per rule set, the sha256 (first 16 hex digits) of 80
# seeded hands with random bots, then with greedy bots: every choice (seat,
# action id, tile, number of legal actions), every record event and the
# deltas.  A change of play, of the legal lists or of the record shows here.
_GAME_HASHES: dict[str, tuple[str, str]] = {
    "anqing": ("4a2f976a7862583c", "acf43e391375868b"),
    "base": ("424826059ec9b633", "b9a2b617ca60f376"),
    "changchun": ("a751cf2bf449369e", "a3046cfb0701f139"),
    "changsha": ("43ea8dc46f351573", "64d88b88ec93b973"),
    "dahu": ("e4c8a88a14523217", "d1133e13425def7d"),
    "fujian_baida": ("85e3157b710152d5", "06c9226f06e31828"),
    "fuzhou": ("f7a97f39c383862a", "bdda7b252abe116b"),
    "guangdong": ("ec605b110cc30b2f", "e8814ca10f8eac65"),
    "guizhou": ("a4f72908248d694f", "00537181137a1ed6"),
    "guobiao": ("cc627b4b732c21cf", "b6aa807bb5603522"),
    "hainan": ("c43c561b7b9ec721", "2488bbbf86b253c9"),
    "hangzhou": ("7763ccb501547637", "cedfe4a2295e1df9"),
    "harbin": ("09fcf8abba864834", "5879794df0010f5d"),
    "hebei": ("b5523c67f464ed65", "0af07d0bd2949c97"),
    "hefei": ("33030bbae49e0a7d", "643be55c5acf6f50"),
    "jiangnan": ("8cb95dcfd5da551c", "72c12299146eef0f"),
    "jinan": ("6081a846e5531bcb", "cc3b6bf13acbf77d"),
    "luoshu": ("4ee2cd7774f5f1b6", "e2b4c9b0f5a54ed0"),
    "luoyuan": ("cd445d2fedef5dac", "bd21a583d315f428"),
    "nanchang": ("d835289bcd0cd761", "ca22baf7184533ce"),
    "neimeng": ("fc511f464367f827", "6be47ae1a61a82d8"),
    "ningbo": ("3bfa55ab078dbffd", "3cb24b7aacd882c6"),
    "qingyuan": ("d3c2edb34ac4cbf1", "02284eb9f2499e60"),
    "shaanxi": ("1e3c22d185294326", "0e82b33cd697404a"),
    "shanghai": ("b11e25ae50271fa0", "96b2b284418b3268"),
    "sichuan": ("7b4d7b5b6ade5a73", "076be39e6de4a7ee"),
    "taiwan": ("d6fed7fb4cc0e49a", "08105f4545415c82"),
    "taiyuan": ("3d18ffe6ce34391f", "395d780ed5db9814"),
    "tianjin": ("16ad8707d3520db1", "020023db75fe64f5"),
    "tuidaohu": ("caba4876c9e4e23c", "872c7443641ec45b"),
    "two_player": ("d1f9c0d4996eed6e", "0dbed3ce512fcefb"),
    "wenzhou": ("0914e087c7aa7835", "009cf9268083e95f"),
    "wuhan": ("99e9864e370b21c6", "03ebfd864e17d5c0"),
    "yingkou": ("0080ff1094f64a8c", "3980e9c6a0adb276"),
}


class _Recorder:
    """A bot that logs each choice of the bot it wraps."""

    def __init__(self, bot: Any, log: list[tuple[int, int, int, int]]) -> None:
        self.bot, self.log = bot, log

    def choose(self, table: Any, seat: int, legal: Any) -> Any:
        a = self.bot.choose(table, seat, legal)
        self.log.append((seat, a.id, a.tile, len(legal)))
        return a


def _game_hash(name: str, bots: str, hands: int = 80, rs: Any = None) -> str:
    """The hash of ``hands`` seeded hands of the rule set ``name`` (or of
    ``rs``, an instance standing for it)."""
    rs = find_variant(name)() if rs is None else rs
    h = hashlib.sha256()
    for i in range(hands):
        log: list[tuple[int, int, int, int]] = []
        players = [_Recorder(make_bot(bots, i * 7 + s), log) for s in range(rs.num_players)]
        t = play_hand(rs, players, seed=i, dealer=i % rs.num_players)
        h.update(json.dumps(log).encode())
        h.update(json.dumps(t.events, sort_keys=True, default=repr).encode())
        h.update(json.dumps(t.deltas()).encode())
    return h.hexdigest()[:16]


def test_game_hashes_name_every_registered_rule_set() -> None:
    assert sorted(_GAME_HASHES) == sorted(cls.name for cls in available())


@pytest.mark.parametrize("name", sorted(_GAME_HASHES))
def test_whole_games_as_recorded(name: str) -> None:
    assert (_game_hash(name, "random"), _game_hash(name, "greedy")) == _GAME_HASHES[name]


def test_waits_memo_answers_as_the_kernel() -> None:
    """_update_waits keeps each seat's last kernel answer: it is used again
    only for the same counts, wilds and rules (here: the same counts beside
    the wild tiles, with 0 then 3 wilds; then other rules)."""
    from mahjong_core import _native

    # (武汉 without its win_needs_meld flag: a meldless seat keeps waits)
    cls = find_variant("wuhan")
    t = Table(type(cls.__name__, (cls,), {"win_needs_meld": False})(), seed=1)
    (wild,) = t.wild_kinds
    seat = 1
    plain = bytearray(34)
    for k in (0, 1, 2, 10, 11, 12, 20, 21, 22, 30):  # 123m 234p 345s + 白: waits on 白 alone
        plain[k] += 1
    rules = t.hand_rules(seat)
    answers = []
    for wilds in (0, 3, 0):
        hand = bytearray(plain)
        hand[wild] = wilds
        t.hands[seat] = hand
        t._update_waits(seat)
        c, w = t._split_wilds(hand, seat)
        assert (bytes(c), w) == (bytes(plain), wilds)
        assert t._waits[seat] == _native.waits_mask_buf(c, w, rules)
        answers.append(t._waits[seat])
    assert answers[0] == 1 << 30 and answers[1] != answers[0] and answers[2] == answers[0]
    pairs = bytearray(34)  # six pairs and 9s: seven pairs wait on 9s under 国标's rules, not 武汉's
    for k in (0, 3, 6, 9, 12, 15):
        pairs[k] = 2
    pairs[26] = 1
    t.hands[seat] = pairs
    t._update_waits(seat)
    assert t._waits[seat] == 0
    t._rules = [find_variant("guobiao")().hand_rules] * t.n  # other rules, the same counts and wilds
    t._update_waits(seat)
    assert t._waits[seat] == 1 << 26


def test_the_wild_split_follows_a_new_set_of_wild_kinds() -> None:
    """_split_wilds keeps the wild kinds a hand holds of the set it last
    saw; a new set (哈尔滨's 宝 redrawn, or one assigned) is read afresh:
    the same hand splits by the kinds wild now, flowers never taken out."""
    t = Table(find_variant("wuhan")(), seed=1)
    (wild,) = t.wild_kinds
    other = (wild + 9) % 27
    hand = bytearray(34)
    hand[wild], hand[other], hand[30] = 2, 3, 1
    c, w = t._split_wilds(hand)
    assert w == 2 and c[wild] == 0 and c[other] == 3
    t.wild_kinds = frozenset({other, 34})  # (a flower kind: held apart, never in the counts)
    c, w = t._split_wilds(hand)
    assert w == 3 and c[wild] == 2 and c[other] == 0 and c[30] == 1
    t.wild_kinds = frozenset()
    c, w = t._split_wilds(hand)
    assert w == 0 and bytes(c) == bytes(hand)
    t.wild_kinds = frozenset({wild})
    assert t._split_wilds(hand)[1] == 2


@pytest.mark.parametrize("name", ["changchun", "guobiao", "harbin"])
def test_options_json_is_a_fresh_copy_each_time(name: str) -> None:
    """options_json (and so each record's header) copies the options'
    nested values too: changing one hand's header changes no other's."""
    rs = find_variant(name)()
    a = rs.options_json()
    nested = [k for k, v in a.items() if isinstance(v, (dict, list))]
    assert nested
    for k in nested:
        if isinstance(a[k], dict):
            a[k]["probe"] = 1
        else:
            a[k].append("probe")
    assert rs.options_json() != a
    assert "probe" not in repr(Table(rs, seed=1).events[0]["options"])


@pytest.mark.parametrize("name", ["ningbo", "sichuan"])
def test_options_json_of_plain_values_is_a_fresh_copy_each_time(name: str) -> None:
    """Options of plain values only (copied as one dict): changing one
    header's options changes neither the next header nor the next call."""
    rs = find_variant(name)()
    a = rs.options_json()
    assert not any(isinstance(v, (dict, list)) for v in a.values())
    key = next(iter(a))
    a[key] = "probe"
    a["extra"] = 1
    assert rs.options_json() != a and "probe" not in repr(rs.options_json())
    header = Table(rs, seed=1).events[0]["options"]
    header[key] = "probe"
    assert "probe" not in repr(Table(rs, seed=2).events[0]["options"]) and rs.options_json()[key] != "probe"


@pytest.mark.parametrize("name", ["guobiao", "taiwan", "taiyuan", "tianjin", "guangdong", "sichuan", "wuhan"])
def test_each_win_is_scored_once(name: str) -> None:
    """The engine asks for one win's sheet to offer it, take it and record
    it: the rule set scores each context once (Table._score keeps the last
    few), and every sheet recorded is the one scored afresh."""
    rs = find_variant(name)()
    calls: list[WinContext] = []
    score = rs.score

    def counting(ctx: WinContext) -> Any:
        calls.append(ctx)
        return score(ctx)

    rs.score = counting  # type: ignore[method-assign]
    won = 0
    for i in range(12):
        calls.clear()
        t = play_hand(rs, [make_bot("greedy", i * 7 + s) for s in range(rs.num_players)], seed=i)
        for seat, ctx in t.contexts.items():
            won += 1
            assert sum(c == ctx for c in calls) == 1, (name, i, seat)
            assert t.scores[seat] == score(ctx)
    assert won >= 6, name


@pytest.mark.parametrize("name", ["guobiao", "sichuan", "ningbo", "guangdong", "wuhan", "fuzhou"])
def test_a_taken_win_is_the_context_offered(name: str) -> None:
    """The engine builds a win's context to offer it (the turn's actions, a
    discard's claims) and takes that very context when the seat wins: one
    context per win, asked of the rule set once."""
    cls = find_variant(name)
    asked: list[WinContext] = []

    class Spy(cls):  # type: ignore[valid-type,misc]
        def refuses_win(self, ctx: WinContext) -> bool:
            asked.append(ctx)
            return bool(super().refuses_win(ctx))

    rs = Spy()
    won = by_discard = 0
    for i in range(30):
        asked.clear()
        t = play_hand(rs, [make_bot("greedy", i * 7 + s) for s in range(rs.num_players)], seed=i)
        for seat, ctx in t.contexts.items():
            won += 1
            by_discard += not ctx.self_drawn
            # (several winners on one discard: the count is set on the context taken)
            same = [c for c in asked if dataclasses.replace(c, multiple_winners=ctx.multiple_winners) == ctx]
            assert len(same) == 1, (name, i, seat)
            assert same[0] is ctx or ctx.multiple_winners > 1, (name, i, seat)
    assert won >= 8 and by_discard >= 2, (name, won, by_discard)


# ``Ruleset.win_needs_meld`` (开口): the engine keeps no waits for a seat
# without a meld and refuses its wins before building a context.  Set on a
# rule set whose wins all need a meld, it changes no move and no record.
@pytest.mark.parametrize("name", ["wuhan", "neimeng"])
def test_win_needs_meld_plays_as_recorded(name: str) -> None:
    cls = find_variant(name)
    # the flag turned the other way from the rule set's own setting
    flagged = type(cls.__name__, (cls,), {"win_needs_meld": not cls.win_needs_meld})
    assert (
        _game_hash(name, "random", rs=flagged()), _game_hash(name, "greedy", rs=flagged())
    ) == _GAME_HASHES[name]


def test_win_needs_meld_follows_an_option() -> None:
    """营口 sets the flag from its option must_open (开门): with the option
    on, the same games as with the flag turned off; with it off, no flag."""
    from mahjong_core.variants.yingkou import Yingkou

    assert Yingkou().win_needs_meld is False and Yingkou(must_open=True).win_needs_meld is True

    class Unflagged(Yingkou):
        def __init__(self) -> None:
            super().__init__(must_open=True)
            self.win_needs_meld = False

    for bots in ("random", "greedy"):
        assert _game_hash("yingkou", bots, 40, rs=Yingkou(must_open=True)) == _game_hash(
            "yingkou", bots, 40, rs=Unflagged()
        )


class _OpenedOnly(Ruleset):
    """Plain rules where a win needs a meld: refused by the hook alone."""

    def refuses_win(self, ctx: WinContext) -> bool:
        return not ctx.melds


class _OpenedOnlyFlagged(_OpenedOnly):
    win_needs_meld = True


def test_win_needs_meld_equals_the_refusal_it_stands_for() -> None:
    """The flag against the obvious version (the hook refusing each
    meldless context): the same games, and every win holds a meld."""
    wins = 0
    for bots in ("random", "greedy"):
        assert _game_hash("base", bots, 60, rs=_OpenedOnlyFlagged()) == _game_hash("base", bots, 60, rs=_OpenedOnly())
        for i in range(30):
            t = play_hand(_OpenedOnlyFlagged(), [make_bot(bots, i * 7 + s) for s in range(4)], seed=i)
            for ctx in t.contexts.values():
                assert ctx.melds
                wins += 1
            for s in range(4):  # no waits kept for a seat without a meld
                if not t.melds[s]:
                    assert t._waits[s] == 0
    assert wins >= 10


def test_required_ready_keeps_no_waits_before_the_declaration() -> None:
    """ReadyRule.REQUIRED: an undeclared seat can win nothing, so no waits
    are kept for it (the games are the recorded ones: harbin, luoshu,
    taiyuan in test_whole_games_as_recorded); a declared seat has its waits."""
    rs = find_variant("harbin")()
    declared = 0
    for i in range(20):
        t = Table(rs, seed=i)
        bots = [make_bot("greedy", s) for s in range(4)]
        while not t.is_over:
            seat = t.to_act[0]
            t.apply(bots[seat].choose(t, seat, t.legal_actions(seat)))
            for s in range(4):
                if t.phase is Phase.CLAIMS and not t.declared[s]:
                    assert t._waits[s] == 0
                if t.phase is Phase.CLAIMS and t.declared[s] and s not in t.out:
                    declared += 1
                    c, w = t.analysis_counts(s)
                    assert t._waits[s] == _native.waits_mask_buf(c, w, t.hand_rules(s))
    assert declared > 0


def _shuffle_one_call_at_a_time(tiles: list[int], rng: random.Random) -> None:
    """The obvious shuffle: one ``getrandbits(32)`` call per swap."""
    for i in range(len(tiles) - 1, 0, -1):
        j = (rng.getrandbits(32) * (i + 1)) >> 32
        tiles[i], tiles[j] = tiles[j], tiles[i]


@given(st.integers(0, 2**64), st.integers(0, 160))
@settings(max_examples=300, deadline=None)
def test_shuffle_equals_one_call_per_swap(seed: int, n: int) -> None:
    """``shuffle`` draws every swap's 32 bits in one call: the same wall,
    and the generator left as the single calls leave it (the dice after)."""
    fast, slow = list(range(n)), list(range(n))
    r1, r2 = random.Random(seed), random.Random(seed)
    shuffle(fast, r1)
    _shuffle_one_call_at_a_time(slow, r2)
    assert fast == slow
    assert r1.getrandbits(64) == r2.getrandbits(64)


@given(st.integers(0, 2**64), st.integers(0, 4))
@settings(max_examples=300, deadline=None)
def test_dice_equal_randint(seed: int, n: int) -> None:
    """``roll_dice`` works out ``randint(1, 6)`` from ``getrandbits``: the
    same dice as the method, and the generator left where it leaves it;
    a generator of another class is asked its own ``randint``."""
    from mahjong_core.engine import roll_dice

    r1, r2 = random.Random(seed), random.Random(seed)
    assert roll_dice(r1, n) == [r2.randint(1, 6) for _ in range(n)]
    assert r1.getrandbits(64) == r2.getrandbits(64)

    class Loaded(random.Random):
        def randint(self, a: int, b: int) -> int:
            return b

    assert roll_dice(Loaded(seed), n) == [6] * n


def test_win_contexts_list_every_field_in_order() -> None:
    """Table._context gives every WinContext field by position
    (engine._context_of, no keyword dict): the fields it lists, in the order
    it lists them, are the dataclass's.  A field added, removed or moved in
    WinContext fails here until _context follows."""
    import dataclasses

    from mahjong_core.rules import WinContext

    assert [f.name for f in dataclasses.fields(WinContext)] == [
        "seat", "concealed", "win_tile", "melds", "meld_sources", "self_drawn", "discarder", "dealer",
        "seat_wind", "round_wind", "flowers", "wilds", "wild_kinds", "wild_tiles", "kong_replacement",
        "kong_fed_by", "kong_discard", "robbed_kong", "last_tile", "first_turn", "first_go_around",
        "fourth_tile", "declared_ready", "ready_on_deal", "instant", "multiple_winners", "wild_win_tile",
        "liable", "decompositions", "extra",
    ]
    source = pathlib.Path(engine.__file__).with_name("engine.py").read_text(encoding="utf-8")
    body = source[source.index("        return _context_of(\n"):]
    body = body[: body.index("\n        )\n")]
    listed = re.findall(r"#\s*([a-z_]+)\s*$", body, flags=re.M)
    assert listed == [f.name for f in dataclasses.fields(WinContext)]
