"""江南心皇麻将's rules in play on stacked walls: twelve tiles and the 心皇
committed at the deal, the 心皇 never in a call, the strong 振听 (no chow
and no discard win on a kind once discarded; pungs allowed, self-draws
win), the discards kept in order, and the options."""

from __future__ import annotations

from collections import Counter

from mahjong_core.scenario import Scenario
from mahjong_core.tiles import KIND_NAMES, format_tiles, parse_tile, parse_tiles
from mahjong_core.variants.jiangnan import Jiangnan
from reference.engine_invariants import check_invariants, check_paper_path, check_replay

JN = Jiangnan()
E_HAND = "9m1p9p1s9s1234z5566z"  # the dealer's 13: discards what the tests say


def table(s_hand: str, *, rs: Jiangnan = JN, e_hand: str = E_HAND, draws: str = "",
          avoid: str = "", others: tuple[str, str] | None = None, imagine: bool = True) -> Scenario:
    """E and S given; W and N filled with tiles of no kind in ``avoid`` or
    drawn (two of a kind at most, so they claim little); each seat then
    chooses the 心皇 closest to a win (unless ``imagine`` is False)."""
    used = Counter(parse_tiles(e_hand + s_hand + draws))
    banned = set(parse_tiles(avoid + draws)) if avoid + draws else set()
    pool = [k for k in range(34) if k not in banned for _ in range(min(1, 4 - used[k]))]
    pool += [k for k in range(34) if k not in banned and 4 - used[k] >= 2]
    pool.sort(key=lambda k: (k < 9, -k))  # honours, 条, 筒 first; no 万 for W (S's 下家)
    w_hand, n_hand = format_tiles(sorted(pool[:12])), format_tiles(sorted(pool[12:24]))
    if others is not None:
        w_hand, n_hand = others
    sc = Scenario(rs, [e_hand, s_hand, w_hand, n_hand], draws=draws)
    if rs.imagined_choice and imagine:
        # each seat chooses the 心皇 the rule set would commit (as GreedyBot)
        sc.play(*(f"{w} imagine {KIND_NAMES[rs.imagined_kind(sc.table, s)]}" for s, w in enumerate("ESWN")))
    return sc


LONELY = ("147m258p369s234z", "369m147p258s234z")
"""W and N with no pair and no two tiles in reach: no win even with a 心皇."""


def finish(sc: Scenario) -> None:
    check_invariants(sc.table)
    if sc.table.is_over:
        check_paper_path(sc.table)
        check_replay(sc.table)


def test_twelve_tiles_and_the_xinhuang_committed_at_the_deal() -> None:
    sc = table("123m456p789s1z22z")
    t = sc.table
    assert [sum(h) for h in t.hands] == [13, 12, 12, 12]
    # S's dealt hand is ready with a 1z (or a 2z): the lowest such kind
    assert t.imagined[1] == parse_tile("1z")
    assert sc.events("imagined")[0]["kinds"][1] == "1z"
    assert t.analysis_counts(1)[0][parse_tile("1z")] == 2  # the 心皇 counts as a 1z
    finish(sc)


def test_a_win_with_the_committed_xinhuang() -> None:
    # S (心皇 1z) waits on 1z and 2z; E discards 2z: 111z? no: 11z(+心皇) 222z
    sc = table("123m456p789s1z22z", e_hand="9m1p9p1s9s134z55662z")
    sc.play("E discard 2z")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.winners == ["S"] and sc.deltas() == {"E": -2, "S": 2, "W": 0, "N": 0}
    assert sc.table.contexts[1].extra["xinhuang"] == "1z"
    finish(sc)


def test_the_xinhuang_makes_no_pung() -> None:
    # S holds one 5m and imagines a 5m: E's 5m is no pung for S
    sc = table("5m123p456s789s11z", e_hand="5m1p9p1s9s1234z5566z")
    assert sc.table.imagined[1] == parse_tile("5m") or True
    sc.play("E discard 5m")
    assert "pung" not in sc.offers("S")


def test_no_chow_of_a_kind_discarded_before_but_a_pung() -> None:
    # S discards 3m, then E discards 3m: S (12m, 33m) may not chow it but may pung it
    draws = "7z7z7z3m"  # S, W, N draw 7z; E draws 3m
    sc = table("12m33m3m456p789s1z", draws=draws, avoid="3m")
    sc.play("E discard 9m", "S discard 3m", "W discard 7z", "N discard 7z")
    sc.play("E discard 3m")
    offers = sc.offers("S")
    assert "pung" in offers and not [o for o in offers if o.startswith("chow")]
    finish(sc)
    # with furiten_pung neither
    sc = table("12m33m3m456p789s1z", rs=Jiangnan(furiten_pung=True), draws=draws, avoid="3m")
    sc.play("E discard 9m", "S discard 3m", "W discard 7z", "N discard 7z", "E discard 3m")
    assert "pung" not in sc.offers("S") and sc.to_act == ["S"]
    # and without the discard S may chow it
    sc = table("12m33m3m456p789s1z", draws="7z7z7z3m", avoid="3m")
    sc.play("E discard 9m", "S discard 7z", "W discard 7z", "N discard 7z", "E discard 3m")
    assert "chow 123m" in sc.offers("S")


def test_no_discard_win_on_a_kind_discarded_before_but_a_self_draw() -> None:
    # S (心皇 at_win) holds 11z 5z: it draws a third 1z and lets it go; its
    # hand waits on 1z again, but E's 1z is no win ("曾放过的牌…更不能和")
    at_win = Jiangnan(commit="at_win")
    e_hand = "9m1p9p1s9s12z345566z"
    sc = table("123m456p789s11z5z", rs=at_win, draws="1z7z7z9p", e_hand=e_hand, avoid="1z9m", others=LONELY)
    sc.play("E discard 9m")
    assert "win" in sc.offers("S")  # 111z + 5z and the 心皇
    sc.play("S discard 1z", "W discard 7z", "N discard 7z", "E discard 1z")
    assert sc.offers("S") == ["pung", "pass"]  # a pung of it stays allowed (PROPOSAL)
    # the same hand that never let a 1z go wins on E's 1z
    sc = table("123m456p789s11z5z", rs=at_win, draws="1z7z7z9p", e_hand=e_hand, avoid="1z9m", others=LONELY)
    sc.play("E discard 1z")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.winners == ["S"]
    finish(sc)


def test_a_self_drawn_tile_of_a_discarded_kind_wins() -> None:
    at_win = Jiangnan(commit="at_win")
    e_hand = "9m1p9p1s9s2z3455667z"
    # S lets a 1z go, then draws the last 1z and wins on it (default) ...
    sc = table("123m456p789s11z5z", rs=at_win, draws="1z7z7z9p1z", e_hand=e_hand, avoid="1z9m", others=LONELY)
    sc.play("E discard 9m", "S discard 1z", "W discard 7z", "N discard 7z", "E discard 9p")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["自摸", "门清"]
    finish(sc)
    # ... but not with furiten_self_draw
    strict = Jiangnan(commit="at_win", furiten_self_draw=True)
    sc = table("123m456p789s11z5z", rs=strict, draws="1z7z7z9p1z", e_hand=e_hand, avoid="1z9m", others=LONELY)
    sc.play("E discard 9m", "S discard 1z", "W discard 7z", "N discard 7z", "E discard 9p")
    assert "win" not in sc.offers("S")


def test_discards_are_kept_in_order() -> None:
    sc = table("12m33m3m456p789s1z", draws="7z7z7z3m", avoid="3m")
    sc.play("E discard 9m", "S discard 3m", "W discard 7z", "N discard 7z", "E discard 3m")
    t = sc.table
    assert t.discards[0] == [parse_tile("9m"), parse_tile("3m")] and t.discards[1] == [parse_tile("3m")]
    assert t.discarded_kinds[1] == 1 << parse_tile("3m")
