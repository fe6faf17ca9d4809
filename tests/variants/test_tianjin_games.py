"""天津麻将 games through the engine: 1,000 seeded bot hands with the
engine's invariants (fully on a fraction, at the end of every hand), every
payment re-computed from the record, every win self-drawn and scored as
the brute force of ``tianjin_brute`` scores it, the paper path, records
that replay, options in play, and a match with the dealer rules."""

from __future__ import annotations

import random
from collections import Counter

from mahjong_core.bots import GreedyBot
from mahjong_core.engine import Table
from mahjong_core.match import Match
from mahjong_core.rules import next_kind
from mahjong_core.tiles import Meld, MeldKind, format_tiles, KIND_NAMES
from mahjong_core.variants.tianjin import Tianjin
from reference.engine_invariants import check_paper_path, check_replay, play_checked

import tianjin_brute

ITEMS = {"平胡", "龙", "捉伍儿", "混儿吊", "双混吊", "没混儿", "杠开", "本混儿龙"}
OPENING = {"天胡", "地胡"}
"""The PROPOSAL TJ-T items (a win on the deal or on the first draw)."""


def expected_deltas(t: Table, rs: Tianjin) -> list[int]:
    """From the record: kongs (concealed 2, exposed or added 1, from each
    other seat, × base; cancelled by a drawn hand) and the win (each other
    seat pays the sheet's points, × dealer_factor when the dealer pays or wins)."""
    o = rs.options
    out = [0] * 4
    kongs = [0] * 4

    def pay(payer: int, payee: int, amount: int, into: list[int]) -> None:
        into[payer] -= amount
        into[payee] += amount

    for e in t.events:
        if e["type"] == "kong":
            each = o.concealed_kong if Meld.parse(e["meld"]).kind is MeldKind.ANKAN else o.exposed_kong
            for s in range(4):
                if s != e["seat"]:
                    pay(s, e["seat"], each * o.base, kongs)
        elif e["type"] == "call" and e["action"] == "kong":
            for s in range(4):
                if s != e["seat"]:
                    pay(s, e["seat"], o.exposed_kong * o.base, kongs)
    if t.winners or not o.kong_refund_on_draw:
        out = list(kongs)
    for seat in t.winners:
        for s in range(4):
            if s != seat:
                amount = t.scores[seat].points
                if t.dealer in (s, seat):  # dealer_factor, and 连庄 (TJ-L)
                    amount = amount * o.dealer_factor + t.streak * o.streak_points * o.base
                pay(s, seat, amount, out)
    return out


def play(rs: Tianjin, seed: int, check_every_step: bool, streak: int = 0) -> Table:
    t = Table(rs, seed=seed, dealer=seed % 4, streak=streak)
    return play_checked(t, seed, {seed % 4} if seed % 3 == 0 else set(), check_every_step)


def test_a_thousand_bot_hands() -> None:
    rs = Tianjin()
    names: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    brute = 0
    for seed in range(1000):
        t = play(rs, seed, check_every_step=seed % 10 == 0)
        assert t.indicator is not None and t.wild_kinds == {t.indicator, next_kind(t.indicator)}
        assert t.deltas() == expected_deltas(t, rs), seed
        assert len(t.winners) <= 1
        if seed < 200:
            assert check_paper_path(t) == len(t.winners)
        if not t.winners:
            ends["drawn"] += 1
            assert not t.remaining_wall()  # the whole wall is drawn (TJ-1)
        for s in t.winners:
            ctx, sheet = t.contexts[s], t.scores[s]
            assert ctx.self_drawn and not ctx.robbed_kong  # 没有炮和
            assert not any(m.kind is MeldKind.CHI for m in ctx.melds)  # 不许吃
            assert not any(m.kind_of in t.wild_kinds for m in ctx.melds)  # 混儿 never melded
            held = [k for k in sorted(t.wild_kinds) for _ in range(t.hands[s][k])]
            assert list(ctx.wild_tiles) == held and ctx.wilds == len(held)
            got = set(sheet.names())
            assert got <= ITEMS | OPENING and len(got) == len(sheet.names())
            assert ("天胡" in got) == (ctx.first_turn and ctx.dealer)
            assert ("地胡" in got) == (ctx.first_turn and not ctx.dealer)
            assert ("没混儿" in got) == (ctx.wilds == 0)
            assert ("杠开" in got) == ctx.kong_replacement
            assert ("平胡" in got) == (not {"龙", "捉伍儿"} & got)
            if "捉伍儿" in got:
                assert ctx.win_tile < 27 and ctx.win_tile % 9 == 4
            if "混儿吊" in got:
                assert ctx.wilds >= 1 and ctx.win_tile not in t.wild_kinds
            if "双混吊" in got:
                assert ctx.wilds >= 2
            if "本混儿龙" in got:
                assert "龙" in got and any(k < 27 for k in t.wild_kinds)
            if seed < 400 and ctx.wilds <= 2:
                want = tianjin_brute.value(ctx.concealed, ctx.wild_tiles, ctx.win_tile, ctx.melds,
                                           kong_replacement=ctx.kong_replacement)
                want *= rs.options.tianhu if "天胡" in got else rs.options.dihu if "地胡" in got else 1
                assert sheet.total == want, (seed, sheet.names())
                brute += 1
            names.update(got)
            ends["bloom" if ctx.kong_replacement else "self"] += 1
            ends["hun"] += ctx.wilds > 0
        assert 0 <= rs.next_dealer(t) < 4
    assert ends["self"] > 700 and ends["bloom"] > 10 and ends["hun"] > 600 and brute > 250
    assert names["平胡"] > 500 and names["混儿吊"] > 20 and names["没混儿"] > 20 and names["捉伍儿"] > 10
    assert names["龙"] > 3 and names["地胡"] >= 1


def test_options_in_play() -> None:
    rs = Tianjin(base=2, dealer_factor=2, exposed_kong=2, concealed_kong=3, kong_refund_on_draw=False,
                 hun_discard=False, zhuo_wu="characters", streak_points=3, tianhu=1, dihu=5)
    for seed in range(120):
        t = play(rs, seed, check_every_step=seed % 20 == 0, streak=seed % 3)
        assert t.deltas() == expected_deltas(t, rs), seed
        for s in t.winners:
            assert t.scores[s].points == 2 * t.scores[s].total
            if "捉伍儿" in t.scores[s].names():
                assert t.contexts[s].win_tile == 4  # 五万 only
            assert "天胡" not in t.scores[s].names()  # tianhu=1: no 天胡


def test_hun_are_kept_without_hun_discard() -> None:
    rs = Tianjin(hun_discard=False)
    for seed in range(60):
        t = play(rs, seed, check_every_step=False)
        wild = set(t.wild_kinds)
        discarded = Counter(k for s in range(4) for k in t.discards[s])
        assert not any(discarded[k] for k in wild), seed


def test_records_replay() -> None:
    rs = Tianjin(rob_kong=True, double_hun_diao=4)
    for seed in range(25):
        t = play(rs, seed, check_every_step=False)
        check_replay(t)


def test_random_hands_against_the_brute_force() -> None:
    """Hands built to reach the rarer items (龙, 4_6 + 5, 混儿 in the 龙's
    suit, kongs and 杠开), scored on paper and by the brute force."""
    rng = random.Random(11)
    tj = Tianjin()
    seen: Counter[str] = Counter()
    n = 0
    while n < 150:
        ind = rng.randrange(34)
        wild = {ind, next_kind(ind)}
        units: list[tuple[str, int]] = []
        if rng.random() < 0.5:
            s = rng.randrange(3) * 9
            units += [("chow", s), ("chow", s + 3), ("chow", s + 6)]
        while len(units) < 4:
            units.append(("chow", rng.randrange(3) * 9 + rng.randrange(7)) if rng.random() < 0.5
                         else ("pung", rng.randrange(34)))
        pair = rng.randrange(34)
        tiles = [pair, pair]
        for shape, k in units:
            tiles += [k, k + 1, k + 2] if shape == "chow" else [k] * 3
        fives = [k + 1 for shape, k in units if shape == "chow" and k % 9 == 3]
        win = rng.choice(fives) if fives and rng.random() < 0.6 else rng.choice(tiles)
        win_at = tiles.index(win)
        for i in rng.sample(range(14), rng.choice([0, 1, 1, 2, 2])):
            if i != win_at:
                tiles[i] = rng.choice(sorted(wild))  # a 混儿 in the place of a tile
        cnt = Counter(tiles)
        if max(cnt.values()) > 4 or cnt[ind] > 3 or sum(cnt[k] for k in wild) > 2:
            continue
        concealed = list(tiles)
        melds: list[Meld] = []
        context: dict[str, object] = {"indicator": KIND_NAMES[ind]}
        pungs = [k for shape, k in units if shape == "pung" and cnt[k] == 3 and k not in wild and k != win]
        if pungs and rng.random() < 0.4:
            for _ in range(3):
                concealed.remove(pungs[0])
            kind = rng.choice([MeldKind.KAN, MeldKind.ANKAN])
            melds.append(Meld(kind, (pungs[0],) * 4))
            context["meld_sources"] = "1" if kind is MeldKind.KAN else "-"
            if rng.random() < 0.5:
                context["kong_replacement"] = True
        concealed.remove(win)
        r = tj.score_hand(format_tiles(concealed), win_tile=win, melds=melds, winner=0, context=context)
        ctx = r.context
        want = tianjin_brute.value(ctx.concealed, ctx.wild_tiles, ctx.win_tile, ctx.melds,
                                   kong_replacement=ctx.kong_replacement)
        assert r.sheet.total == want, (format_tiles(concealed), KIND_NAMES[win], melds, KIND_NAMES[ind])
        seen.update(r.sheet.names())
        n += 1
    assert all(seen[k] > 3 for k in ITEMS), seen


def test_a_match_follows_the_dealer_rules() -> None:
    m = Match(Tianjin(), [GreedyBot() for _ in range(4)], seed=5, hands=24)
    results = m.play()
    assert len(results) == 24 and sum(m.totals) == 0
    streaks = 0
    for before, after in zip(results, results[1:]):
        stays = not before.winners or before.dealer in before.winners
        assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)
        assert after.streak == (before.streak + 1 if stays else 0)  # 连庄 counts on
        streaks += after.streak > 0
    assert streaks
