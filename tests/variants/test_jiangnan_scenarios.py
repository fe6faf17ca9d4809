"""江南心皇麻将's rules in play on stacked walls: twelve tiles and the 心皇
committed at the deal, the 心皇 never in a call, the strong 振听 (no chow
and no discard win on a kind once discarded; pungs allowed, self-draws
win), the discards kept in order, and the options."""

from __future__ import annotations

from collections import Counter

import pytest
from mahjong_core.engine import Action, ActionKind, Phase
from mahjong_core.errors import IllegalActionError
from mahjong_core.records import RecordError, dumps, replay
from mahjong_core.scenario import Scenario, ScenarioError
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


# --- the 心皇 is each seat's own decision (Phase.IMAGINE) --------------------

def test_each_seat_chooses_its_xinhuang_right_after_the_deal() -> None:
    sc = table("123m456p789s1z22z", imagine=False)
    t = sc.table
    assert t.phase is Phase.IMAGINE and sc.to_act == ["E", "S", "W", "N"] and t.imagined == [-1] * 4
    assert len(sc.offers("S")) == 34 and sc.offers("S")[:2] == ["imagine 1m", "imagine 2m"]
    assert sc.can("S", "imagine 2z") and not sc.can("S", "discard 1z")
    sc.play("S imagine 2z", "E imagine 5z", "N imagine 1m", "W imagine 9s")
    assert t.phase is Phase.TURN and sc.to_act == ["E"]
    assert sc.events("imagined") == [{"type": "imagined", "kinds": ["5z", "2z", "9s", "1m"]}]
    assert [t.observe(s)["imagined"] for s in range(4)] == parse_tiles("5z2z9s1m")
    assert t.analysis_counts(1)[0][parse_tile("2z")] == 3  # 22z and the 心皇
    finish(sc)


def _chosen(s_kind: str, e_hand: str = "9m1p9p1s9s134z55662z") -> Scenario:
    sc = table("123m456p789s1z22z", e_hand=e_hand, imagine=False)
    sc.play("E imagine 5z", f"S imagine {s_kind}", "W imagine 1m", "N imagine 1m")
    return sc


def test_a_seat_wins_with_the_kind_it_chose() -> None:
    # S chose 2z (not the 1z the bots take): 222z with the 心皇, waits on 1z alone
    sc = _chosen("2z", e_hand="9m1p9p1s9s234z55661z")
    sc.play("E discard 1z")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.winners == ["S"] and sc.deltas() == {"E": -2, "S": 2, "W": 0, "N": 0}
    assert sc.table.contexts[1].extra["xinhuang"] == "2z" and sc.items("S") == ["门清"]
    finish(sc)


def test_the_chosen_kind_decides_the_waits() -> None:
    # with 1z chosen S wins on 2z (11z pair, 222z); with 2z chosen it does not
    sc = _chosen("1z")
    sc.play("E discard 2z")
    assert "win" in sc.offers("S")
    sc = _chosen("2z")
    sc.play("E discard 2z")
    assert "win" not in sc.offers("S") and "pung" in sc.offers("S")  # the 心皇 makes no pung
    assert sc.table.waits(1) == [parse_tile("1z")]


def test_an_illegal_choice_raises_and_changes_nothing() -> None:
    sc = table("1111m456p789s1z2z", imagine=False)
    t = sc.table
    assert not sc.can("S", "imagine 1m")  # no fifth 1m to imagine
    before = (t.phase, dict(t.answers), len(t.events), list(t.imagined), t.to_act)
    for bad in (Action(ActionKind.IMAGINE, 1, 0), Action(ActionKind.DISCARD, 0, parse_tile("9m")),
                Action(ActionKind.WIN, 1)):
        with pytest.raises(IllegalActionError):
            t.apply(bad)
        assert (t.phase, dict(t.answers), len(t.events), list(t.imagined), t.to_act) == before
    with pytest.raises(IllegalActionError, match="fifth copy"):
        t.apply(Action(ActionKind.IMAGINE, 1, 0))
    with pytest.raises(ScenarioError, match="imagine 1m"):
        sc.play("S imagine 1m")
    sc.play("S imagine 1z")
    with pytest.raises(ScenarioError):
        sc.play("S imagine 2z")  # once only
    assert t.answers[1].tile == parse_tile("1z") and t.imagined == [-1] * 4


def test_the_choices_replay_and_stay_private() -> None:
    sc = _chosen("2z", e_hand="9m1p9p1s9s234z55661z")
    t = sc.table
    assert [t.observe(s)["imagined"] for s in range(4)] == parse_tiles("5z2z1m1m")
    other = _chosen("1z", e_hand="9m1p9p1s9s234z55661z").table
    for s in (0, 2, 3):  # what E, W and N see does not change with S's choice
        assert (t.observe_tensor(s) == other.observe_tensor(s)).all()
        assert {k: v for k, v in t.observe(s).items()} == other.observe(s)
    sc.play("E discard 1z", "S win")
    records = dumps(t.events)
    assert '"action": "imagine", "seat": 1, "tile": "2z"' in records
    again = replay(records, ruleset=JN)
    assert again.imagined == t.imagined and again.deltas() == t.deltas()
    with pytest.raises(RecordError):  # another choice than the record's 'imagined' line
        replay(records.replace('"seat": 1, "tile": "2z"', '"seat": 1, "tile": "3z"'), ruleset=JN)


def test_the_engine_commits_with_choose_false() -> None:
    rs = Jiangnan(choose=False)
    assert not rs.imagined_choice and JN.imagined_choice and not Jiangnan(commit="at_win").imagined_choice
    sc = table("123m456p789s1z22z", rs=rs)
    assert sc.table.phase is Phase.TURN and sc.table.imagined[1] == parse_tile("1z")
    assert not [e for e in sc.table.events if e.get("action") == "imagine"]
