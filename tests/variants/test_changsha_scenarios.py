"""长沙麻将's situational rules on stacked walls (mahjong_core.scenario):
扎鸟 on the winner and on the discarder, 海底漫游 and 海底炮, opening wins
(ending the hand, or paid while play goes on), 漏胡 for the missed tile
only, the dice kong (杠上开花, the forced discard and 杠上炮), the plain 补张
win, and the dealer rules of §2.3 (CS-E6)."""

from __future__ import annotations

from collections import Counter

import pytest
from mahjong_core.errors import MahjongError
from mahjong_core.engine import ActionKind, Phase
from mahjong_core.records import dumps, replay
from mahjong_core.scenario import Scenario
from mahjong_core.tiles import KIND_NAMES, parse_tiles
from mahjong_core.variants.changsha import Changsha
from reference.engine_invariants import check_invariants

CS = Changsha()

# S waits on 2s/5s (a 2-5-8 pair either way); E holds two 5s, N the last one.
S_WAITS_2S_5S = [
    "1379m1379p1379s55s",  # E (dealer, 14)
    "123m456m789p234s5s",  # S
    "2468m2468p2468s1m",  # W
    "3579m3579p3579s1p",  # N
]


def play_to_last_tile(sc: Scenario) -> None:
    """Discard what is drawn (the dealer: its lowest tile) and pass every
    claim until the last tile is offered (海底漫游)."""
    t = sc.table
    while t.phase is not Phase.LAST:
        assert not t.is_over
        seat = t.to_act[0]
        legal = t.legal_actions(seat)
        if t.phase is Phase.TURN:
            discards = [a for a in legal if a.kind is ActionKind.DISCARD]
            drawn = [a for a in discards if a.tile == t.drawn]
            sc.play(drawn[0] if drawn else discards[0])
        else:
            sc.play(next(a for a in legal if a.kind is ActionKind.PASS))
        check_invariants(t)


# ---------------------------------------------------------------- 扎鸟


@pytest.mark.parametrize("bird,east_pays", [("2m", 140), ("1m", 140), ("3m", 70), ("4m", 70)])
def test_bird_on_a_discard_win(bird: str, east_pays: int) -> None:
    # S wins on the dealer's first discard (地胡, 60 + 10).  The bird is the
    # next tile of the wall: 2 -> S (the winner), 1 -> E (the discarder): the
    # discarder pays double; 3 -> W, 4 -> N: no change
    sc = Scenario(CS, S_WAITS_2S_5S, draws=bird)
    sc.play("E discard 5s")
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.winners == ["S"] and sc.items("S") == ["地胡"]
    assert sc.deltas() == {"E": -east_pays, "S": east_pays, "W": 0, "N": 0}
    assert [KIND_NAMES[b] for b in sc.table.contexts[1].extra["birds"]] == [bird]


@pytest.mark.parametrize("bird,expected", [
    ("6p", {"E": -40, "S": 80, "W": -20, "N": -20}),  # 6 -> S, the winner: everyone doubles
    ("7p", {"E": -20, "S": 50, "W": -20, "N": -10}),  # 7 -> W: only W doubles
    ("9p", {"E": -40, "S": 60, "W": -10, "N": -10}),  # 9 -> E: only E doubles
])
def test_bird_on_a_self_draw(bird: str, expected: dict[str, int]) -> None:
    sc = Scenario(CS, S_WAITS_2S_5S, draws="2s" + bird)
    sc.play("E discard 9m")
    assert sc.drawn == "2s" and "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["小胡"] and sc.deltas() == expected


def test_two_birds_on_the_winner_and_the_discarder() -> None:
    sc = Scenario(Changsha(birds=2), S_WAITS_2S_5S, draws="2m1m")
    sc.play("E discard 5s", "S win")
    assert sc.deltas() == {"E": -210, "S": 210, "W": 0, "N": 0}  # 地胡 70 × (1 + 2 hits)


# ---------------------------------------------------------------- 海底


def test_last_tile_roams_in_turn_and_the_taker_wins() -> None:
    sc = Scenario(CS, S_WAITS_2S_5S, tail="2s")
    play_to_last_tile(sc)
    t = sc.table
    assert t.live_tiles == 1 and t.wall[t.head] == parse_tiles("2s")[0]
    first = sc.to_act[0]
    order = [first]
    while sc.to_act[0] != "S":
        assert sc.offers(sc.to_act[0]) == ["pass", "take"]
        sc.play(f"{sc.to_act[0]} pass")
        order.append(sc.to_act[0])
    # offered in seat order from the seat to draw
    winds = "ESWN"
    assert order == [winds[(winds.index(first) + i) % 4] for i in range(len(order))]
    assert [sc.name(s) for s in t.last_tile_offers] == order
    sc.play("S take")
    assert sc.offers("S") == ["discard 2s", "win"]
    sc.play("S win")
    assert sc.items("S") == ["海底捞月"]
    # the bird is the 海底 tile itself: 2 -> S, the winner: every payer doubles
    assert sc.deltas() == {"E": -80, "S": 200, "W": -60, "N": -60}
    assert CS.next_dealer(t) == sc.seat("S")  # rule B


def test_last_tile_taken_without_a_win_is_discarded_and_won_on() -> None:
    sc = Scenario(CS, S_WAITS_2S_5S, tail="2s")
    play_to_last_tile(sc)
    taker = sc.to_act[0]
    assert taker != "S"
    sc.play(f"{taker} take")
    assert sc.offers(taker) == ["discard 2s"]  # cannot keep it
    sc.play(f"{taker} discard 2s")
    assert sc.offers("S") == ["win", "pass"]  # no calls on the last tile, only wins
    sc.play("S win")
    assert sc.items("S") == ["海底炮"]
    got = sc.deltas()
    # the taker pays as the discarder (CS-5): 60 (+10 when the dealer), doubled by the bird 2s -> S
    pay = (70 if taker == "E" else 60) * 2
    assert got[taker] == -pay and got["S"] == pay and sum(got.values()) == 0


def test_last_tile_taken_nobody_wins_taker_deals_next() -> None:
    sc = Scenario(CS, S_WAITS_2S_5S, tail="9s")
    play_to_last_tile(sc)
    taker = sc.to_act[0]
    sc.play(f"{taker} take", f"{taker} discard 9s")
    assert sc.table.is_over and sc.winners == [] and all(d == 0 for d in sc.deltas().values())
    assert CS.next_dealer(sc.table) == sc.seat(taker)  # rule C


def test_last_tile_declined_by_all_first_offered_deals_next() -> None:
    sc = Scenario(CS, S_WAITS_2S_5S, tail="9s")
    play_to_last_tile(sc)
    first = sc.to_act[0]
    for _ in range(4):
        sc.play(f"{sc.to_act[0]} pass")
    assert sc.table.is_over and sc.winners == []
    assert len(sc.table.last_tile_offers) == 4
    assert CS.next_dealer(sc.table) == sc.seat(first)  # rule D


# ---------------------------------------------------------------- opening wins

# W holds no 2, 5 or 8 (板板胡); S waits on 2s/5s.
W_NO_258 = [
    "1379m1379p1379s55s",  # E
    "123m456m789p234s5s",  # S
    "134679m134679p1s",  # W: 板板胡
    "2468m2468p2468s8s",  # N
]


def test_opening_win_ends_the_hand_by_default() -> None:
    sc = Scenario(CS, W_NO_258, draws="9m")
    t = sc.table
    assert t.phase is Phase.OPENING and sc.to_act == ["W"] and sc.offers("W") == ["win", "pass"]
    sc.play("W win")
    assert t.is_over and sc.winners == ["W"] and sc.items("W") == ["板板胡"]
    # 小胡自摸: E 20, S 10, N 10; the bird 9m -> E doubles E
    assert sc.deltas() == {"E": -40, "S": -10, "W": 60, "N": -10}
    assert CS.next_dealer(t) == sc.seat("W")  # one winner: rule B


def test_opening_win_passed_plays_on() -> None:
    sc = Scenario(CS, W_NO_258)
    sc.play("W pass")
    assert sc.table.phase is Phase.TURN and sc.to_act == ["E"]
    sc.play("E discard 5s", "S win")
    assert sc.winners == ["S"]


def test_opening_win_paid_while_play_goes_on() -> None:
    rs = Changsha(opening_wins_continue=True)
    sc = Scenario(rs, W_NO_258, draws="9m")
    sc.play("W win")
    t = sc.table
    assert not t.is_over and sc.to_act == ["E"] and t.winners == []
    assert [c.seat for c, _ in t.opening_wins] == [sc.seat("W")]
    # paid at once; the bird (the next tile, 9m -> E) is looked at and left in the wall
    assert sc.payments() == [("E", "W", 40, "小胡自摸 中鸟×2"), ("S", "W", 10, "小胡自摸"), ("N", "W", 10, "小胡自摸")]
    assert KIND_NAMES[t.wall[t.head]] == "9m"
    sc.play("E discard 5s", "S win")
    assert sc.winners == ["S"] and sc.items("S") == ["地胡"]
    # the opening payments stay; S's 地胡 on the dealer's first discard: 70, the bird 9m -> E doubles it
    assert sc.deltas() == {"E": -40 - 140, "S": 140 - 10, "W": 60, "N": -10}
    check_invariants(t)


def test_two_opening_winners_the_bird_names_the_next_dealer() -> None:
    hands = [
        "2588m25788p2589s9s",  # E
        "1111m333p666s5m47s",  # S: 四喜 + 六六顺 (CS-E5)
        "34679m134679p13s",  # W: 板板胡
        "2479m2479p24579s",  # N
    ]
    sc = Scenario(CS, hands, draws="7m")
    assert sorted(sc.to_act) == ["S", "W"]
    sc.play("S win", "W win")
    t = sc.table
    assert sorted(sc.winners) == ["S", "W"]
    assert sorted(sc.items("S")) == sorted(["四喜", "六六顺"])
    assert CS.next_dealer(t) == sc.seat("W")  # rule G: the bird 7m -> W
    # S's 四喜 + 六六顺: E 30, W 20, N 20 (CS-E5), the bird on W (a payer) doubles W's 20;
    # W's 板板胡: E 20, S 10, N 10, the bird on the winner doubles every payer
    assert sc.deltas() == {"E": -30 - 40, "S": (30 + 40 + 20) - 20, "W": -40 + 80, "N": -20 - 20}


# ---------------------------------------------------------------- 漏胡

# S waits on 2s/5s; W and N each hold a 2s, E a 5s.
MISSED = [
    "2469m2469p1579s88m",  # E
    "123m456m789p234s5s",  # S
    "1357m1357p1379s2s",  # W
    "2468m2468p468s29s",  # N
]


def test_missed_win_bans_only_that_tile_until_the_next_draw() -> None:
    sc = Scenario(CS, MISSED, draws="1p9p1m7m3m")
    sc.play("E discard 9m", "S discard 1p", "W discard 2s")
    assert "win" in sc.offers("S")
    sc.play("S pass", "N discard 2s")
    assert "S" not in sc.to_act and sc.table.phase is Phase.TURN  # 2s is banned for S
    sc.play("E discard 5s")
    assert "win" in sc.offers("S")  # another tile: allowed
    sc.play("S win")
    assert sc.items("S") == ["小胡"] and sc.deltas() == {"E": -20, "S": 20, "W": 0, "N": 0}  # bird 3m -> W


# ---------------------------------------------------------------- the dice kong

# S holds 111m and draws the fourth; after the kong it waits on 6p/9p.
# W waits on 2p.  The tail holds S's winners where most dice totals point.
KONG = [
    "3579m135799s1379p",  # E
    "111m55m234s567s78p",  # S
    "234m456m789m13p55s",  # W
    "2468m2468s148p37s",  # N
]


def kong_tail() -> str:
    """Tail tiles (the first is the last tile of the wall): the plain
    replacement 6p, S's winners 6p/9p at the N-th stacks for N = 4..9, W's
    2p at N = 2, 3, 10, 11, other tiles elsewhere."""
    slots: dict[int, str] = {0: "6p"}
    for n, tile in zip(range(4, 10), ["6p", "9p", "6p", "9p", "6p", "9p"]):
        slots[2 * n - 1] = tile
    for n in (2, 3, 10, 11):
        slots[2 * n - 1] = "2p"
    used = Counter(parse_tiles("".join(KONG) + "1m" + "".join(slots.values())))
    free = [t for t in range(27) for _ in range(4 - used[t]) if KIND_NAMES[t] not in ("6p", "9p", "2p")]
    out = []
    for i in range(24):
        out.append(slots[i] if i in slots else KIND_NAMES[free.pop()])
    return "".join(out)


def kong_to_choice(seed: int, rs: Changsha = CS) -> Scenario:
    sc = Scenario(rs, KONG, draws="1m", tail=kong_tail(), seed=seed)
    sc.play("E discard 9s")
    assert sc.drawn == "1m" and "concealed kong 1m" in sc.offers("S")
    sc.play("S concealed kong 1m")
    assert sc.table.phase is Phase.REPLACE and sc.offers("S") == ["pass", "take"]
    return sc


def test_plain_replacement_win_is_a_self_draw_not_kong_bloom() -> None:
    sc = kong_to_choice(0)
    sc.play("S pass")
    assert sc.drawn == "6p" and sc.table.kong_dice == []
    assert "win" in sc.offers("S")
    sc.play("S win")
    assert sc.items("S") == ["小胡"]
    assert sc.table.contexts[sc.seat("S")].kong_replacement


def dice_tile(sc: Scenario) -> str:
    """Roll, and check the tile came from the N-th stack from the end."""
    t = sc.table
    before, tail = list(t.wall), t.tail
    sc.play("S take")
    n = sum(t.kong_dice)
    assert len(t.kong_dice) == 2 and all(1 <= d <= 6 for d in t.kong_dice)
    assert t.locked[sc.seat("S")]
    i = tail - 2 * n if tail - 2 * n >= t.head else tail - 1
    assert sc.drawn == KIND_NAMES[before[i]]
    return KIND_NAMES[before[i]]


def test_dice_kong_bloom_and_forced_discard_and_kong_discard_win() -> None:
    bloom = pao = False
    for seed in range(60):
        sc = kong_to_choice(seed)
        tile = dice_tile(sc)
        if tile in ("6p", "9p") and not bloom:
            assert "win" in sc.offers("S")
            sc.play("S win")
            assert sc.items("S") == ["杠上开花"]
            d = sc.deltas()
            assert d["S"] > 0 and d["E"] <= -40 and sum(d.values()) == 0
            bloom = True
        elif tile == "2p" and not pao:
            assert sc.offers("S") == ["discard 2p"]  # the dice tile must be discarded
            sc.play("S discard 2p")
            assert "win" in sc.offers("W")
            sc.play("W win")
            assert sc.items("W") == ["杠上炮"]
            d = sc.deltas()
            assert d["S"] <= -60 and d["W"] == -d["S"]
            # the record (with the dice) replays
            assert replay(dumps(sc.table.events), ruleset=CS).events == sc.table.events
            pao = True
        elif tile not in ("6p", "9p", "2p") and "win" not in sc.offers("S"):
            # not a winner: only its discard is offered, and later draws are locked too
            assert sc.offers("S") == [f"discard {tile}"]
        if bloom and pao:
            break
    assert bloom and pao


def test_dice_kong_not_offered_when_not_ready() -> None:
    hands = list(KONG)
    hands[1] = "111m55m234s567s19p"  # not ready after the kong
    hands[0] = "3579m135799s3778p"
    sc = Scenario(CS, hands, draws="1m")
    sc.play("E discard 9s", "S concealed kong 1m")
    assert sc.table.phase is Phase.TURN and sc.table.kong_dice == []  # plain replacement at once


# ---------------------------------------------------------------- dealer rules (CS-E6)

TONGPAO = [
    "2468m2468p6789s9m9p",  # E
    "123m456m789p234s5s",  # S waits 2s/5s
    "1357m1357p1379s5s",  # W
    "123p456p789m234s5s",  # N waits 2s/5s
]


def test_cs_e6_multiple_ron_the_discarder_deals_next() -> None:
    sc = Scenario(CS, TONGPAO, draws="9s1m4m")
    sc.play("E discard 9m", "S discard 9s", "W discard 5s")
    assert sorted(sc.to_act) == ["N", "S"]
    sc.play("S win", "N win")
    assert sorted(sc.winners) == ["N", "S"]
    assert CS.next_dealer(sc.table) == sc.seat("W")  # rule E
    # each winner-discarder pair separately, one bird (4m -> N, a winner): W pays S 10, N 20
    assert sc.deltas() == {"E": 0, "S": 10, "W": -30, "N": 20}


def test_dice_kong_not_offered_when_the_waits_cannot_win() -> None:
    hands = list(KONG)
    hands[1] = "111m234m567p23s11s"  # after the kong: waits 1s/4s, but only with an 11s pair (no 2-5-8)
    sc = Scenario(CS, hands, draws="1m")
    sc.play("E discard 9s", "S concealed kong 1m")
    assert sc.table.phase is Phase.TURN and sc.table.kong_dice == []


def test_last_tile_drawn_as_a_replacement_no_haidi_and_the_drawer_deals_next() -> None:
    # W holds 888m; the fourth 8m is the second-to-last tile, the last (海底) is 9s
    hands = list(S_WAITS_2S_5S)
    hands[2] = "888m2468p2468s46m"
    used = Counter(parse_tiles("".join(hands) + "8m9s"))
    rest = "".join(KIND_NAMES[t] for t in range(27) for _ in range(4 - used[t]))
    sc = Scenario(CS, hands, draws=rest + "8m", tail="9s")
    t = sc.table
    while not (t.phase is Phase.TURN and t.live_tiles == 1):
        seat = t.to_act[0]
        legal = t.legal_actions(seat)
        if t.phase is Phase.TURN:
            discards = [a for a in legal if a.kind is ActionKind.DISCARD]
            drawn = [a for a in discards if a.tile == t.drawn]
            sc.play(drawn[0] if drawn else discards[0])
        else:
            sc.play(next(a for a in legal if a.kind is ActionKind.PASS))
    assert sc.to_act == ["W"] and sc.drawn == "8m"
    sc.play("W concealed kong 8m")
    assert sc.drawn == "9s" and t.live_tiles == 0 and t.last_tile_offers == []
    assert CS.context_extra(t, sc.seat("W"))["haidi_replaced"]
    sc.play("W discard 9s")
    assert t.is_over and sc.winners == []
    assert CS.next_dealer(t) == sc.seat("W")  # rule F


def test_all_258_wins_without_a_shape_in_play() -> None:
    hands = list(S_WAITS_2S_5S)
    hands[3] = "25588m22588p258s"  # N: thirteen 2s, 5s and 8s, no sets
    sc = Scenario(CS, hands, draws="1s3p6s")
    sc.play("E discard 9m", "S discard 1s", "W discard 8s")
    assert "win" in sc.offers("N")
    sc.play("N win")
    assert sc.items("N") == ["将将胡"]
    assert sc.deltas() == {"E": 0, "S": 0, "W": -60, "N": 60}  # 大胡捉炮; the bird 6s -> S


HEAVEN = [
    "123m456m789p234s55s",  # E: complete on the deal, a 5s pair (天胡)
    "1111p235m46s79m8p9s",  # S: 四喜
    "2468m2468p2468s1m",  # W
    "3579m3579p3579s1s",  # N
]


def test_heavenly_hand_wins_with_the_opening_winners() -> None:
    sc = Scenario(CS, HEAVEN, draws="3m")
    assert sc.to_act == ["E", "S"] and sc.offers("E") == ["win", "pass"]
    sc.play("E win", "S win")
    assert sc.items("E") == ["天胡"] and sc.items("S") == ["四喜"]
    # 天胡: 40 from each, S's 四喜: E 20, W 10, N 10; the bird 3m -> W doubles W's payments
    assert sc.deltas() == {"E": 40 + 80 + 40 - 20, "S": 20 + 20 + 10 - 40, "W": -80 - 20, "N": -40 - 10}
    assert CS.next_dealer(sc.table) == sc.seat("W")  # rule G


def test_dealt_hand_complete_without_a_258_pair_is_no_win() -> None:
    hands = list(HEAVEN)
    hands[0] = "123m456m789p234s11s"  # complete, but a small hand with an 11s pair
    hands[3] = "3579m3579p3579s5s"
    hands[1] = "1112p235m46s79m8p9s"  # no opening hand either
    sc = Scenario(CS, hands)
    assert sc.table.phase is Phase.TURN and "win" not in sc.offers("E")


def test_last_tile_discard_several_winners_taker_pays_each_and_deals_next() -> None:
    hands = list(S_WAITS_2S_5S)
    hands[2] = "123p456p789m88s34s"  # W waits on 2s/5s too
    sc = Scenario(CS, hands, tail="2s")
    play_to_last_tile(sc)
    taker = sc.to_act[0]
    assert taker not in ("S", "W")
    sc.play(f"{taker} take", f"{taker} discard 2s")
    assert sorted(sc.to_act) == ["S", "W"]
    sc.play("S win", "W win")
    assert sorted(sc.winners) == ["S", "W"]  # 通胡
    assert sc.items("S") == ["海底炮"] and sc.items("W") == ["海底炮"]
    pay = 70 if taker == "E" else 60
    # the bird is the 海底 tile 2s -> S: the taker pays S double, W single
    assert sc.deltas()[taker] == -(2 * pay + pay) and sc.deltas()["S"] == 2 * pay and sc.deltas()["W"] == pay
    assert CS.next_dealer(sc.table) == sc.seat(taker)  # rule E: the discarder of 通炮


def test_no_birds_option() -> None:
    sc = Scenario(Changsha(birds=0), S_WAITS_2S_5S, draws="2m")
    sc.play("E discard 5s", "S win")
    assert sc.deltas() == {"E": -70, "S": 70, "W": 0, "N": 0}
    assert sc.table.contexts[sc.seat("S")].extra["birds"] == []


# ---------------------------------------------------------------- the two-tile dice kong (CS-4 option)

CS2 = Changsha(dice_kong_tiles=2)

# S: 111m 555p 888s 5556s (六六顺 at the deal, passed); it draws the fourth
# 1m and kongs; then it waits on 4s / 7s (55s pair + chow: 小胡 shape) and
# 6s (555s + 66s: 碰碰胡).  W and N both wait on 2p; N holds 88m.
TWO = [
    "23679m12469p1799s",  # E (dealer)
    "111m555p888s5556s",  # S
    "234m456m789m13p22s",  # W
    "456p789p345s88m13p",  # N
]
BIRD = "4m"  # the next tile of the wall after the dice: a bird on N
TOTAL = 7  # the dice total the scenarios are rolled to
_KEY = frozenset(parse_tiles("2p4s6s7s8m1m" + BIRD))


def two_tail(top: str, bottom: str, total: int = TOTAL) -> str:
    """A tail whose ``total``-th stack from the end holds ``top`` over
    ``bottom`` (the first tile of a tail is the wall's last tile), every
    other tile one nobody can use."""
    used = Counter(parse_tiles("".join(TWO) + "1m" + BIRD + top + bottom))
    free = [t for t in range(27) for _ in range(4 - used[t]) if t not in _KEY]
    slots = {2 * total - 1: top, 2 * total - 2: bottom}
    return "".join(slots[j] if j in slots else KIND_NAMES[free.pop()] for j in range(2 * total))


_SEEDS: dict[int, int] = {}


def seed_for(total: int) -> int:
    """A table seed whose first kong's dice (seat S) add up to ``total``."""
    if total not in _SEEDS:
        for seed in range(500):
            sc = to_dice(seed, "9m", "9m", total=12, roll=False)
            sc.play("S take")
            _SEEDS.setdefault(sum(sc.table.kong_dice), seed)
    return _SEEDS[total]


def to_dice(seed: int | None, top: str, bottom: str, *, total: int = TOTAL, roll: bool = True,
            rs: Changsha = CS2) -> Scenario:
    sc = Scenario(rs, TWO, draws="1m" + BIRD, tail=two_tail(top, bottom, total),
                  seed=seed_for(total) if seed is None else seed)
    sc.play("S pass", "E discard 9s")
    assert sc.drawn == "1m"
    sc.play("S concealed kong 1m")
    assert sc.table.phase is Phase.REPLACE and sc.offers("S") == ["pass", "take"]
    if roll:
        sc.play("S take")
        assert sum(sc.table.kong_dice) == total and sc.table.locked[sc.seat("S")]
        check_invariants(sc.table)
    return sc


def test_two_tile_dice_kong_option_is_checked() -> None:
    assert Changsha().dice_kong_tiles == 1 and CS2.dice_kong_tiles == 2
    for bad in (0, 3, True, "2"):
        with pytest.raises(MahjongError, match="dice_kong_tiles must be 1 or 2"):
            Changsha(dice_kong_tiles=bad)


def test_two_tile_dice_kong_win_on_the_first_tile() -> None:
    sc = to_dice(None, "4s", "3m")
    t = sc.table
    assert sc.drawn == "4s" and [KIND_NAMES[k] for k in t.dice_pending] == ["3m"]
    draw = sc.events("draw")[-1]
    assert draw["dice"] == t.kong_dice and draw["turned"] == ["4s", "3m"]
    assert sc.offers("S") == ["discard 4s", "win"]
    sc.play("S win")
    assert sc.items("S") == ["杠上开花"]
    # 大胡自摸 of a non-dealer: E 40, W 30, N 30 x2 (the bird 4m lands on N)
    assert sc.deltas() == {"E": -40, "S": 130, "W": -30, "N": -60}
    assert replay(dumps(t.events), ruleset=CS2).events == t.events
    check_invariants(t)


def test_two_tile_dice_kong_win_on_the_second_tile() -> None:
    sc = to_dice(None, "3m", "7s")
    assert sc.drawn == "7s" and sc.table.dice_pending == parse_tiles("3m")
    assert sc.events("draw")[-1]["turned"] == ["7s", "3m"]  # the winning tile is the one drawn
    sc.play("S win")
    assert sc.items("S") == ["杠上开花"]
    assert sc.table.contexts[sc.seat("S")].win_tile == parse_tiles("7s")[0]
    assert replay(dumps(sc.table.events), ruleset=CS2).events == sc.table.events


def test_two_tile_dice_kong_both_win_the_better_tile_is_taken() -> None:
    # 4s: 小胡 shape + 杠上开花 (one big hand); 6s: 碰碰胡 + 杠上开花 (two)
    for top, bottom in (("4s", "6s"), ("6s", "4s")):
        sc = to_dice(None, top, bottom)
        assert sc.drawn == "6s" and sc.table.dice_pending == parse_tiles("4s")
        sc.play("S win")
        assert sorted(sc.items("S")) == sorted(["碰碰胡", "杠上开花"])
        assert sc.deltas() == {"E": -70, "S": 250, "W": -60, "N": -120}


def test_two_tile_dice_kong_second_tile_won_by_another_seat() -> None:
    sc = to_dice(None, "3m", "2p")
    t = sc.table
    assert sc.drawn == "3m" and sc.offers("S") == ["discard 3m"]  # no win: must discard it
    sc.play("S discard 3m")
    assert t.phase is Phase.TURN and sc.to_act == ["S"] and sc.drawn == "2p" and t.dice_pending == []
    assert sc.offers("S") == ["discard 2p"]
    check_invariants(t)
    sc.play("S discard 2p")
    assert sorted(sc.to_act) == ["N", "W"] and sc.offers("W") == ["win", "pass"]
    sc.play("W win", "N pass")
    assert sc.items("W") == ["杠上炮"]
    assert t.contexts[sc.seat("W")].kong_discard
    # 大胡捉炮: the konger pays 60; the bird (N) hits neither winner nor discarder
    assert sc.deltas() == {"E": 0, "S": -60, "W": 60, "N": 0}
    assert t.discards[sc.seat("S")][-2:] == parse_tiles("3m2p")
    assert replay(dumps(t.events), ruleset=CS2).events == t.events


def test_two_tile_dice_kong_first_tile_two_winners() -> None:
    sc = to_dice(None, "2p", "3m")
    sc.play("S discard 2p")
    assert sorted(sc.to_act) == ["N", "W"]
    sc.play("W win", "N win")
    assert sc.items("W") == ["杠上炮"] and sc.items("N") == ["杠上炮"]
    # 通炮: the konger pays each winner 60; the bird on N doubles N's
    assert sc.deltas() == {"E": 0, "S": -180, "W": 60, "N": 120}
    assert CS2.next_dealer(sc.table) == sc.seat("S")  # rule E: the discarder
    check_invariants(sc.table)
    assert replay(dumps(sc.table.events), ruleset=CS2).events == sc.table.events


def test_two_tile_dice_kong_nobody_wins_play_goes_on() -> None:
    # N holds 88m: the dice tiles may be won on, never punged
    sc = to_dice(None, "8m", "3m")
    t = sc.table
    assert t.dice_pending == parse_tiles("3m")
    sc.play("S discard 8m")
    assert sc.to_act == ["S"] and sc.drawn == "3m"  # N is offered no pung
    sc.play("S discard 3m")
    # play goes on: W draws the next tile of the wall; S stays locked
    assert t.phase is Phase.TURN and sc.to_act == ["W"] and sc.drawn == BIRD
    assert t.locked[sc.seat("S")] and not t.is_over and t.dice_pending == []
    assert t.discards[sc.seat("S")][-2:] == parse_tiles("8m3m")
    check_invariants(t)
    sc.play(f"W discard {BIRD}")
    assert replay(dumps(t.events), ruleset=CS2).events == t.events


def test_one_tile_dice_kong_unchanged_its_discard_may_be_punged() -> None:
    sc = to_dice(seed_for(TOTAL), "8m", "3m", rs=CS, roll=False)
    sc.play("S take")
    assert sc.drawn == "8m" and sc.table.dice_pending == []  # one tile: the top one
    sc.play("S discard 8m")
    assert sc.offers("N") == ["pung", "pass"]


@pytest.mark.parametrize("left", [1, 2, 3])
def test_two_tile_dice_kong_near_the_end_of_the_wall(left: int) -> None:
    # (the wall is cut short by hand: only ``left`` tiles stay live)
    sc = to_dice(None, "3m", "3m", roll=False)
    t = sc.table
    t.head = t.tail - left
    last = [KIND_NAMES[k] for k in t.wall[t.tail - 2 : t.tail]]
    sc.play("S take")
    if left == 1:  # only 海底 is left: it is the one tile, and this hand has no 海底
        assert sc.drawn == last[-1] and t.dice_pending == [] and t.live_tiles == 0
        assert CS2.context_extra(t, sc.seat("S"))["haidi_replaced"]
    else:  # N is past the stacks left: the last stack, top then bottom
        assert sc.drawn is not None
        assert sorted([sc.drawn, KIND_NAMES[t.dice_pending[0]]]) == sorted(last)
        assert t.live_tiles == left - 2
