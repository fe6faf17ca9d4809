"""``Ruleset.score_hand``: one entry point that scores a win written on paper.

Bad input raises a typed error that says what is wrong; a hand that may not
win raises :class:`IllegalWinError` naming the rule; the paper path and the
engine path build the same context and give the same sheet.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import pytest

from mahjong_core.bots import GreedyBot, RandomBot, play_hand
from mahjong_core.errors import IllegalWinError, InvalidHandError, InvalidNotationError, MahjongError
from mahjong_core.paper import context_fields, score_hand_arguments
from mahjong_core.registry import find_variant
from mahjong_core.rules import HandScore, Ruleset, ScoreSheet, WinContext
from mahjong_core.tiles import format_tiles
from mahjong_core.variants.guangdong import GuangdongChicken
from mahjong_core.variants.guobiao import Guobiao

from reference.engine_invariants import check_invariants

GD = GuangdongChicken()
GB = Guobiao()
BASE = Ruleset()


class NoHonours(Ruleset):
    """108 tiles, no honours; one context key of its own."""

    name = "test-no-honours"
    honors = False
    context_keys: ClassVar[Mapping[str, str]] = MappingProxyType({"bird": "the bird tile (a test key)"})


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


def test_unknown_context_key_lists_the_known_ones() -> None:
    with pytest.raises(MahjongError, match="unknown context key 'birds'") as e:
        NoHonours().score_hand("123m456p789s1122s", win_tile="2s", context={"birds": 1})
    message = str(e.value)
    for known in ("bird", "kong_replacement", "robbed_kong", "last_tile", "seat_wind", "round_wind"):
        assert known in message
    with pytest.raises(MahjongError, match="known: .*kong_replacement"):
        GD.score_hand("123m456p789s1122z", win_tile="2z", context={"bird": 1})


@pytest.mark.parametrize(("kw", "match"), [
    ({"winner": 4}, "winner 4 is not a seat 0..3"),
    ({"winner": -1}, "winner -1"),
    ({"winner": True}, "winner True"),
    ({"dealer": 7}, "dealer 7"),
    ({"discarder": 4}, "discarder 4"),
    ({"winner": 2, "discarder": 2}, "discarder 2 is the winner"),
])
def test_bad_seats(kw: dict[str, Any], match: str) -> None:
    with pytest.raises(MahjongError, match=match):
        GD.score_hand("123m456p789s1122z", win_tile="2z", **kw)


@pytest.mark.parametrize(("hand", "win", "melds", "error", "match"), [
    ("123m456p789s112z", "2z", (), InvalidHandError, "14 tiles .*got 13"),
    ("123m456p789s11222z", "2z", (), InvalidHandError, "14 tiles .*got 15"),
    ("123m456p789s1z", "1z", ("pon 111z",), InvalidHandError, "five|copies"),
    ("1111m456p789s22z", "1m", (), InvalidHandError, "five|copies"),
    ("123m456p789s12x", "2z", (), InvalidNotationError, "x"),
    ("123m456p789s1122z", "2q", (), InvalidNotationError, "q"),
    ("123m456p789s11z", "2z", ("pon 12z",), InvalidHandError, "pon"),
])
def test_bad_hands(hand: str, win: str, melds: tuple[str, ...], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        GD.score_hand(hand, win_tile=win, melds=melds, discarder=1)


def test_a_tile_outside_the_rule_set() -> None:
    with pytest.raises(InvalidHandError, match="'1z' is not in this rule set's tiles"):
        NoHonours().score_hand("123m456p789s1122s", win_tile="1z", discarder=1)
    with pytest.raises(InvalidHandError, match="is a flower"):
        GB.score_hand("123456789m234p5s", win_tile="1f", discarder=1)
    with pytest.raises(InvalidHandError, match="not a flower of guangdong"):
        GD.score_hand("123456789m234p5s", win_tile="5s", discarder=1, flowers="1f")


@pytest.mark.parametrize(("kw", "match"), [
    ({"discarder": 1, "context": {"kong_replacement": True}}, "kong_replacement"),
    ({"context": {"robbed_kong": True}}, "robbed_kong"),
    ({"context": {"kong_discard": "yes"}}, "kong_discard"),
    ({"discarder": 1, "context": {"last_tile": "maybe"}}, "last_tile: 'maybe' is not a yes/no value"),
    ({"discarder": 1, "context": {"multiple_winners": "two"}}, "multiple_winners"),
    ({"discarder": 1, "context": {"seat_wind": "X"}}, "X"),
    ({"discarder": 1, "context": {"meld_sources": "1,2"}}, "meld_sources: 2 source"),
])
def test_inconsistent_context(kw: dict[str, Any], match: str) -> None:
    with pytest.raises(MahjongError, match=match):
        GD.score_hand("123m456p789s1122z", win_tile="2z", **kw)


@pytest.mark.parametrize("rs", [BASE, GD, GB], ids=lambda r: r.name)
def test_a_shape_that_does_not_win_is_an_illegal_win(rs: Ruleset) -> None:
    with pytest.raises(IllegalWinError, match="not a winning hand"):
        rs.score_hand("123m456p789s1357s", win_tile="9s", discarder=1)


def test_illegal_win_names_the_rule() -> None:
    """国标 example 9: 7 fans, below 起和 8 番; 鸡平和 has no minimum."""
    with pytest.raises(IllegalWinError, match="起和 8 番: the hand has 7 fan") as e:
        GB.score_hand("123m234m34599p11z", win_tile="1z", discarder=3)
    assert isinstance(e.value, InvalidHandError) and isinstance(e.value, MahjongError)
    assert Guobiao(min_fan=7).score_hand("123m234m34599p11z", win_tile="1z", discarder=3).sheet.total == 7
    assert GD.score_hand("123m456p789s111p5s", win_tile="5s", discarder=3).sheet.total == 0
    with pytest.raises(IllegalWinError, match="seven pairs|not a winning hand"):
        GD.score_hand("1122m3344p5566s7z", win_tile="7z", discarder=3)  # 七对 is no win in 鸡平和


# ---------------------------------------------------------------------------
# What score_hand answers
# ---------------------------------------------------------------------------


def test_hand_score_fields() -> None:
    r = GD.score_hand("123m456p78s11s777z", win_tile="9s", winner=1, dealer=0, context={"round_wind": "S"})
    assert isinstance(r, HandScore)
    ctx = r.context
    assert (ctx.seat, ctx.self_drawn, ctx.discarder, ctx.dealer, ctx.seat_wind, ctx.round_wind) == (1, True, None,
                                                                                                   False, 1, 1)
    assert format_tiles(ctx.concealed) == "123m456p11789s777z" and ctx.win_tile == 26
    assert r.sheet.names() == ["鸡和", "自摸", "三元牌"] and r.sheet.total == 2 and r.sheet.points == 4
    assert r.settlement.deltas(4) == [-4, 12, -4, -4]
    assert all(p.payee == 1 and p.amount == 4 for p in r.settlement.payments)


def test_discard_win_payments_sum_to_zero() -> None:
    for rs, hand, win in ((GD, "123m456p78s11s777z", "9s"), (GB, "123456789m234p5s", "5s"),
                          (BASE, "123m456p789s1122z", "2z")):
        for winner in range(4):
            for discarder in [None] + [s for s in range(4) if s != winner]:
                r = rs.score_hand(hand, win_tile=win, winner=winner, dealer=2, discarder=discarder)
                d = r.settlement.deltas(4)
                assert sum(d) == 0 and d[winner] > 0
                assert r.context.dealer == (winner == 2)
                assert r.context.seat_wind == (winner - 2) % 4
                if discarder is not None:
                    assert all(p.payee == winner for p in r.settlement.payments)
                    assert d[discarder] == min(d)


def test_context_values_are_typed() -> None:
    r = GD.score_hand("123m456p789s1122z", win_tile="2z", discarder=3,
                      context={"round_wind": "南", "last_tile": "true", "multiple_winners": "3",
                               "meld_sources": ""})
    assert r.context.round_wind == 1 and r.context.last_tile is True and r.context.multiple_winners == 3
    assert r.sheet.total == 3  # 一炮三响 raises 鸡和 to 3 番
    r = GD.score_hand("123m456p789s2z", win_tile="2z", melds=["pon 111z"], discarder=3,
                      context={"meld_sources": "2"})
    assert r.context.meld_sources == (2,)
    extra = NoHonours().score_hand("123m456p789s1122s", win_tile="2s", discarder=1, context={"bird": "5m"})
    assert extra.context.extra == {"bird": "5m"}


def test_flowers_and_kong_flags() -> None:
    r = GB.score_hand("123456789m234p5s", win_tile="5s", discarder=1, flowers="1f2f")
    assert r.context.flowers == (34, 35) and r.sheet.total == 21 + 2
    r = GB.score_hand("78m99s", win_tile="9m", melds=["ankan 1111z", "ankan 5555z", "kan 9999p"],
                      context={"kong_replacement": True, "round_wind": "S"})
    assert r.sheet.total == 57 and "杠上开花" in r.sheet.names()


def test_context_fields_are_the_win_context_fields() -> None:
    fields = context_fields()
    names = {f.name for f in dataclasses.fields(WinContext)}
    assert set(fields) <= names
    assert {"kong_replacement", "robbed_kong", "last_tile", "first_turn", "declared_ready", "seat_wind",
            "round_wind", "wild_kinds", "kong_discard", "meld_sources"} <= set(fields)
    assert not {"seat", "concealed", "win_tile", "melds", "extra"} & set(fields)


def test_every_registered_rule_set_scores_on_paper() -> None:
    for name in ("base", "guangdong", "guobiao", "鸡平和", "国标"):
        rs = find_variant(name)()
        r = rs.score_hand("123456789m234p5s", win_tile="5s", discarder=1)
        assert sum(r.settlement.deltas(rs.num_players)) == 0 and r.sheet.items


# ---------------------------------------------------------------------------
# The paper path and the engine path agree
# ---------------------------------------------------------------------------


def _rescore(rs: Ruleset, dealer: int, ctx: WinContext, extra: Mapping[str, Any]) -> HandScore:
    """Score the engine's win again from notation through score_hand (the
    rule set's own context keys as the engine filled them)."""
    args = score_hand_arguments(ctx, dealer, rs.imagined_tiles)
    args["context"].update(extra)
    return rs.score_hand(**args)


@pytest.mark.parametrize(("name", "hands"), [("guangdong", 300), ("guobiao", 300), ("changsha", 200), ("sichuan", 150)])
def test_paper_and_engine_give_the_same_sheet(name: str, hands: int) -> None:
    rs = find_variant(name)()
    wins = 0
    for seed in range(hands):
        bots = [GreedyBot(), RandomBot(seed), GreedyBot(), GreedyBot()] if seed % 3 == 0 else [
            GreedyBot() for _ in range(4)
        ]
        t = play_hand(rs, bots, seed=seed, dealer=seed % 4)
        check_invariants(t)
        assert sum(t.deltas()) == 0
        for seat in t.winners:
            ctx = t.contexts[seat]
            if ctx.win_tile < 0:
                continue
            wins += 1
            paper = _rescore(rs, t.dealer, ctx, ctx.extra)
            engine_sheet: ScoreSheet = t.scores[seat]
            assert paper.sheet == engine_sheet, (seed, seat, ctx)
            assert dataclasses.replace(paper.context, decompositions=ctx.decompositions, liable=ctx.liable) == ctx
            assert sum(paper.settlement.deltas(rs.num_players)) == 0
    assert wins >= {"guangdong": 150, "guobiao": 15, "changsha": 50, "sichuan": 100}[name]


class TwoWildKinds(Ruleset):
    """The indicator's kind and the next are wild (天津 混儿 style)."""

    name = "test-two-wild-kinds"
    wild_indicator = True

    def wilds_for_indicator(self, indicator: int) -> frozenset[int]:
        from mahjong_core.rules import next_kind

        return frozenset({indicator, next_kind(indicator)})


def test_wild_tiles_tell_which_wilds_were_held() -> None:
    rs = TwoWildKinds()
    r = rs.score_hand("123m456p789s11z34m", win_tile="3m", context={"wild_kinds": "3m4m"})
    assert r.context.wilds == 4 and r.context.wild_tiles == (2, 2, 2, 3)
    args = score_hand_arguments(r.context, 0)
    assert args["hand"] == "12334m456p789s11z" and args["win_tile"] == 2
    assert rs.score_hand(**args).context == r.context
    # without wild_tiles, several wild kinds cannot be written back
    with pytest.raises(MahjongError, match="wild tile"):
        score_hand_arguments(dataclasses.replace(r.context, wild_tiles=()), 0)


def test_paper_and_engine_agree_with_two_wild_kinds() -> None:
    rs = TwoWildKinds()
    wins = 0
    for seed in range(60):
        t = play_hand(rs, [GreedyBot() for _ in range(4)], seed=seed, dealer=seed % 4)
        for seat in t.winners:
            ctx = t.contexts[seat]
            held = [k for k in sorted(t.wild_kinds) for _ in range(t.hands[seat][k])]
            if not ctx.self_drawn and ctx.win_tile in t.wild_kinds:
                held = sorted(held + [ctx.win_tile])
            assert list(ctx.wild_tiles) == held and len(held) == ctx.wilds
            paper = _rescore(rs, t.dealer, ctx, ctx.extra)
            assert dataclasses.replace(paper.context, decompositions=ctx.decompositions, liable=ctx.liable) == ctx
            wins += ctx.wilds > 0 and len(set(ctx.wild_tiles)) > 1
    assert wins > 0


def test_paper_indicator_reads_the_context_key() -> None:
    """Ruleset.paper_indicator (the rule sets' paper_wild_kinds read their
    indicator through it): absent or empty is None, notation and ids are
    read, anything else is a typed error naming the key."""
    import pytest

    from mahjong_core.errors import MahjongError
    from mahjong_core.registry import find_variant

    rs = find_variant("wuhan")()
    assert rs.paper_indicator({}) is None and rs.paper_indicator({"indicator": ""}) is None
    assert rs.paper_indicator({"indicator": "5p"}) == 13 and rs.paper_indicator({"indicator": 27}) == 27
    with pytest.raises(MahjongError, match="wuhan: context indicator 'x' is not a tile"):
        rs.paper_indicator({"indicator": "x"})
    with pytest.raises(MahjongError, match="no flowers in 武汉"):
        rs.paper_indicator({"indicator": 35})
    assert rs.paper_indicator({"indicator": 35}, flowers=True) == 35
    with pytest.raises(MahjongError, match="context indicator 42 is not a tile$"):
        rs.paper_indicator({"indicator": 42}, flowers=True)


@pytest.mark.parametrize(("name", "reasons"), [
    ("fujian_baida", ("自摸", "放炮", "抢杠")),
    ("hangzhou", ("自摸", "点炮", "抢杠")),
    ("wenzhou", ("自摸", "点炮", "抢杠")),
    ("jiangnan", ("自摸", "点炮", "抢杠")),
    ("base", ("self-draw", "discard", "discard")),
])
def test_default_settlement_pays_with_the_rule_sets_words(name: str, reasons: tuple[str, str, str]) -> None:
    """The default settle (every other seat pays a self-draw, the discarder a
    discard win) names each payment in the rule set's words."""
    from mahjong_core.registry import find_variant
    from mahjong_core.rules import ScoreSheet, WinContext

    rs = find_variant(name)()
    sheet = ScoreSheet(items=(), total=1, points=5)
    won = WinContext(seat=1, concealed=(), win_tile=0)
    drawn = rs.settle(None, [(dataclasses.replace(won, self_drawn=True), sheet)]).payments
    assert [(p.payer, p.payee, p.amount, p.reason) for p in drawn] == [
        (s, 1, 5, reasons[0]) for s in range(rs.num_players) if s != 1
    ]
    fed = rs.settle(None, [(dataclasses.replace(won, discarder=3), sheet)]).payments
    assert [(p.payer, p.payee, p.amount, p.reason) for p in fed] == [(3, 1, 5, reasons[1])]
    robbed = rs.settle(None, [(dataclasses.replace(won, discarder=3, robbed_kong=True), sheet)]).payments
    assert [(p.payer, p.reason) for p in robbed] == [(3, reasons[2])]


@pytest.mark.parametrize("cls", ["ScoreItem", "ScoreSheet"])
def test_the_sheet_values_set_every_field_as_a_dataclass_does(cls: str) -> None:
    """ScoreItem and ScoreSheet set their slots in their own ``__init__``
    (cheaper than the frozen dataclass's): its parameters are the fields,
    in order, with the fields' defaults, and each value lands in its field
    (a new field without a parameter, or a swapped one, fails here)."""
    import inspect

    from mahjong_core import rules

    kind = getattr(rules, cls)
    fields = dataclasses.fields(kind)
    params = list(inspect.signature(kind.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields]
    assert [p.default for p in params] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in fields]
    values = {f.name: object() for f in fields}  # (each field a distinct value)
    made = kind(**values)
    assert all(getattr(made, name) is value for name, value in values.items())
    assert dataclasses.replace(made) == made and hash(dataclasses.replace(made)) == hash(made)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, fields[0].name, 1)
