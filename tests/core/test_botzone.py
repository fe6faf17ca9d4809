"""The Botzone Chinese Standard Mahjong protocol: codes, lines, the bot side,
the judge (in process and with real subprocesses), transcripts against the
engine record, and broken bots."""

from __future__ import annotations

import io
import json
import sys
import textwrap
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from mahjong_core.botzone import (
    KEEP_RUNNING,
    BotzoneMCR,
    BotzoneMCRFlowers,
    BotzoneSeat,
    DealRequest,
    DrawRequest,
    Op,
    PlayerEvent,
    Response,
    ResponseKind,
    SeatRequest,
    answer,
    format_json_output,
    parse_json_input,
    parse_request,
    parse_response,
    parse_simple_input,
    tile_from_code,
    tile_to_code,
)
from mahjong_core.botzone_judge import (
    PENALTY,
    REWARD,
    BotFailure,
    CommandProgram,
    HandResult,
    Judge,
    SeatProgram,
    hand_seed,
    program_from_spec,
)
from mahjong_core.bots import GreedyBot, RandomBot
from mahjong_core.cli import main
from mahjong_core.cli_botzone import run_bot
from mahjong_core.engine import Phase, Table
from mahjong_core.errors import MahjongError, ProtocolError
from mahjong_core.records import dumps, replay
from mahjong_core.tiles import parse_tile, parse_tiles

PY = sys.executable
BOT_CMD = [PY, "-m", "mahjong_core.cli", "botzone-bot"]


def test_docstring_examples() -> None:
    import doctest

    from mahjong_core import botzone

    result = doctest.testmod(botzone)
    assert result.attempted > 10 and result.failed == 0


# ---------------------------------------------------------------------------
# Tile codes
# ---------------------------------------------------------------------------


def test_tile_codes_round_trip() -> None:
    codes = [tile_to_code(t) for t in range(42)]
    assert len(set(codes)) == 42
    assert all(tile_from_code(c) == t for t, c in enumerate(codes))
    expected = (
        [f"W{i}" for i in range(1, 10)] + [f"B{i}" for i in range(1, 10)] + [f"T{i}" for i in range(1, 10)]
        + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"] + [f"H{i}" for i in range(1, 9)]
    )
    assert codes == expected


@pytest.mark.parametrize(
    ("code", "ours"),
    [("W1", "1m"), ("W9", "9m"), ("B6", "6p"), ("T8", "8s"), ("F1", "1z"), ("F4", "4z"),
     ("J1", "7z"), ("J2", "6z"), ("J3", "5z"), ("H1", "1f"), ("H8", "8f")],
)
def test_tile_codes_named(code: str, ours: str) -> None:
    """J1 is 中 (our 7z), J3 is 白 (our 5z): the reverse of our honour order."""
    assert tile_from_code(code) == parse_tile(ours)
    assert tile_to_code(parse_tile(ours)) == code


@pytest.mark.parametrize("code", ["W0", "W10", "B", "J4", "F5", "H9", "X1", "w1", "", "T٣"])
def test_bad_tile_codes(code: str) -> None:
    with pytest.raises(ProtocolError, match="unknown tile code") as info:
        tile_from_code(code, turn=9, text=f"2 {code}")
    assert info.value.token == code and info.value.turn == 9
    assert str(info.value).startswith("turn 9: ")


@pytest.mark.parametrize("bad", [-1, 42, True, 3.0])
def test_bad_tile_ids(bad: Any) -> None:
    with pytest.raises(ProtocolError, match="no Botzone code"):
        tile_to_code(bad)


# ---------------------------------------------------------------------------
# Requests and responses
# ---------------------------------------------------------------------------

REQUESTS = [
    ("0 1 2", SeatRequest(1, 2)),
    ("1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J3", DealRequest(
        (0, 0, 0, 0), tuple(parse_tiles("123m456p789s11z7z5z")[:13]), ())),
    ("2 T6", DrawRequest(parse_tile("6s"))),
    ("3 2 BUHUA H7", PlayerEvent(2, Op.BUHUA, parse_tile("7f"))),
    ("3 2 DRAW", PlayerEvent(2, Op.DRAW)),
    ("3 2 PLAY T1", PlayerEvent(2, Op.PLAY, parse_tile("1s"))),
    ("3 0 PENG J2", PlayerEvent(0, Op.PENG, None, parse_tile("6z"))),
    ("3 2 CHI T2 W3", PlayerEvent(2, Op.CHI, parse_tile("2s"), parse_tile("3m"))),
    ("3 3 GANG", PlayerEvent(3, Op.GANG)),
    ("3 2 BUGANG W3", PlayerEvent(2, Op.BUGANG, parse_tile("3m"))),
]


@pytest.mark.parametrize(("line", "value"), REQUESTS)
def test_requests_round_trip(line: str, value: Any) -> None:
    assert parse_request(line) == value
    assert str(value) == line
    assert parse_request("  " + line.replace(" ", "  ") + " \n") == value  # spacing is not significant


def test_deal_with_flowers() -> None:
    line = "1 1 0 2 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4 H2 H5 H8"
    req = parse_request(line)
    assert isinstance(req, DealRequest)
    assert req.flower_counts == (1, 0, 2, 0)
    assert req.flowers_of(0) == (parse_tile("2f"),) and req.flowers_of(1) == ()
    assert req.flowers_of(2) == (parse_tile("5f"), parse_tile("8f"))
    assert str(req) == line


@pytest.mark.parametrize(
    ("line", "token", "what"),
    [
        ("3 4 PLAY T6", "4", "seat must be 0..3"),
        ("2 Z1", "Z1", "unknown tile code"),
        ("2 H1", "H1", "cannot be a flower"),
        ("3 1 FLY W1", "FLY", "unknown action"),
        ("3 1 CHI W1 W2", "W1", "middle tile of a chow"),
        ("3 1 CHI F2 W2", "F2", "middle tile of a chow"),
        ("3 1 BUHUA W1", "W1", "needs a flower"),
        ("9 1", "9", "unknown request type"),
        ("0 1 2 3", "3", "too many words"),
        ("3 1 PLAY", None, "too few words"),
        ("0 1 7", "7", "round wind must be 0..3"),
        ("1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3", None, "13 tiles"),
        ("1 1 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4 W5", "W5", "expected a flower"),
        ("1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 H4", "H4", "cannot be a flower"),
        ("1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4 B5", "B5", "too many words"),
        ("", None, "empty request"),
    ],
)
def test_bad_requests(line: str, token: str | None, what: str) -> None:
    with pytest.raises(ProtocolError, match=what) as info:
        parse_request(line, turn=12)
    err = info.value
    assert err.turn == 12 and str(err).startswith("turn 12: ")
    assert err.token == token
    if token is not None:
        assert repr(token) in str(err)


RESPONSES = [
    ("PASS", Response(ResponseKind.PASS)),
    ("PLAY T6", Response(ResponseKind.PLAY, parse_tile("6s"))),
    ("GANG T6", Response(ResponseKind.GANG, parse_tile("6s"))),
    ("GANG", Response(ResponseKind.GANG)),
    ("BUGANG J1", Response(ResponseKind.BUGANG, parse_tile("7z"))),
    ("HU", Response(ResponseKind.HU)),
    ("PENG F3", Response(ResponseKind.PENG, None, parse_tile("3z"))),
    ("CHI T2 T5", Response(ResponseKind.CHI, parse_tile("2s"), parse_tile("5s"))),
]


@pytest.mark.parametrize(("line", "value"), RESPONSES)
def test_responses_round_trip(line: str, value: Response) -> None:
    assert parse_response(line) == value
    assert str(value) == line


@pytest.mark.parametrize(
    ("line", "token", "what"),
    [
        ("pass", "pass", "unknown response"),
        ("PLAY", None, "too few words"),
        ("PLAY W1 W2", "W2", "too many words"),
        ("HU W1", "W1", "too many words"),
        ("CHI W1 W2", "W1", "middle tile"),
        ("CHI W2", None, "too few words"),
        ("PENG H1", "H1", "cannot be a flower"),
        ("PLAY Q7", "Q7", "unknown tile code"),
        ("   ", None, "empty response"),
    ],
)
def test_bad_responses(line: str, token: str | None, what: str) -> None:
    with pytest.raises(ProtocolError, match=what) as info:
        parse_response(line, turn=5)
    assert info.value.turn == 5 and info.value.token == token


def test_json_and_simple_input() -> None:
    inp = parse_json_input(json.dumps({"requests": ["0 1 0", "1 0 0 0 0" + " W1" * 13], "responses": ["PASS"],
                                       "data": "", "globaldata": {"x": 1}}))
    assert inp.requests == ("0 1 0", "1 0 0 0 0" + " W1" * 13) and inp.responses == ("PASS",)
    assert json.loads(inp.globaldata) == {"x": 1}
    simple = parse_simple_input("2\n0 1 0\nPASS\n1 0 0 0 0 W1\nsaved\nglobal one\nglobal two\n")
    assert simple.requests == ("0 1 0", "1 0 0 0 0 W1") and simple.responses == ("PASS",)
    assert simple.data == "saved" and simple.globaldata == "global one\nglobal two"
    assert json.loads(format_json_output(Response(ResponseKind.HU), debug="d")) == {"response": "HU", "debug": "d"}
    for bad, what in [
        ("not json", "not JSON"),
        ('{"responses": []}', "list 'requests'"),
        ('{"requests": ["0 1 0"], "responses": ["PASS"]}', "one request more"),
        ('{"requests": [1], "responses": []}', "request 1 is not a string"),
    ]:
        with pytest.raises(ProtocolError, match=what):
            parse_json_input(bad)
    for bad, what in [("x\n", "turn number"), ("3\n0 1 0\nPASS\n", "needs 5 lines"), ("0\n", "turn number")]:
        with pytest.raises(ProtocolError, match=what):
            parse_simple_input(bad)


# ---------------------------------------------------------------------------
# The bot side
# ---------------------------------------------------------------------------

HAND13 = "1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 F1"


def test_seat_wins_on_discard_only_with_8_fan() -> None:
    seat = BotzoneSeat()
    for line in ("0 1 0", HAND13, "3 0 DRAW"):
        assert str(seat.respond(line)) == "PASS"
    # 一气化龙 (16 fan): HU on East
    assert str(seat.respond("3 0 PLAY F1")) == "HU"
    ctx = seat.win_context(parse_tile("1z"))
    assert ctx is not None and ctx.discarder == 0 and not ctx.self_drawn
    # a hand that is complete but far below 8 fan is never declared
    low = BotzoneSeat()
    for line in ("0 1 0", "1 0 0 0 0 W1 W2 W3 W5 W6 W7 B2 B3 B4 T6 T7 T8 F1", "3 0 DRAW"):
        low.respond(line)
    assert low.win_context(parse_tile("1z")) is None
    assert str(low.respond("3 0 PLAY F1")) == "PASS"


def test_seat_tracks_the_game() -> None:
    seat = BotzoneSeat(GreedyBot())
    lines = ["0 2 1", "1 0 0 0 0 W1 W1 W2 W3 B5 B5 B7 T1 T2 T3 F2 F2 J1", "3 0 DRAW", "3 0 PLAY B5"]
    for line in lines:
        seat.respond(line)
    assert seat.seat == 2 and seat.quan == 1
    # seat 2 may pung B5 (not chow: seat 0 is not its previous seat)
    kinds = {a.kind.name for a in seat.legal_actions()}
    assert kinds == {"PUNG", "PASS"}
    seat.record("PENG J1")
    seat.observe("3 2 PENG J1")
    assert seat.discards[0] == [] and seat.discards[2] == [parse_tile("7z")]
    assert [str(m) for m in seat.melds[2]] == ["pon 555p"]
    assert sum(seat.hand) == 13 - 3
    assert seat.taken == [14, 13, 13, 13]
    seat.record("PASS")
    with pytest.raises(ProtocolError, match="turn 6: .*the chow does not hold the discard J1"):
        seat.observe("3 3 CHI W2 F1")  # the last discard is J1, not in W1-W3


def test_seat_rejects_inconsistent_requests_and_keeps_state() -> None:
    seat = BotzoneSeat()
    for line, resp in [("0 1 0", "PASS"), (HAND13, "PASS"), ("3 0 DRAW", "PASS"), ("3 0 PLAY T9", "PASS"),
                       ("2 T8", "PLAY T8")]:
        seat.observe(line)
        seat.record(resp)
    before = (bytes(seat.hand), [list(d) for d in seat.discards], list(seat.taken), seat.turns)
    for bad, what in [
        ("3 1 PLAY T5", "holds 0 T5"),
        ("3 2 CHI T2 W1", "chow does not hold the discard T9"),
        ("3 2 BUGANG W1", "no pung of W1"),
        ("3 1 PLAY Z9", "unknown tile code 'Z9'"),
    ]:
        with pytest.raises(ProtocolError, match=what) as info:
            seat.observe(bad)
        assert info.value.turn == 6, bad
        assert (bytes(seat.hand), [list(d) for d in seat.discards], list(seat.taken), seat.turns) == before
    with pytest.raises(ProtocolError, match="turn 1: the first request gives the seat"):
        BotzoneSeat().observe("2 W1")
    with pytest.raises(ProtocolError, match=r"turn 3: .*this seat's own draws"):
        s = BotzoneSeat()
        s.observe("0 1 0")
        s.observe(HAND13)
        s.observe("3 1 DRAW")


def test_seat_view_has_what_bots_read() -> None:
    """Our bots read a few Table attributes; the seat's view must have each
    one (a new read in bots.py fails here, not in a judge run)."""
    import ast
    import pathlib

    from mahjong_core import bots

    # (the source file beside the module: bots.py is compiled in a normal build)
    tree = ast.parse(pathlib.Path(bots.__file__).with_name("bots.py").read_text(encoding="utf-8"))
    names: set[str] = set()
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name in ("GreedyBot", "RandomBot")):
        for node in ast.walk(cls):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "table":
                names.add(node.attr)
    assert {"hands", "ruleset", "phase", "last_discard"} <= names
    seat = BotzoneSeat()
    for line in ("0 1 0", HAND13, "3 0 DRAW", "3 0 PLAY T9"):
        seat.observe(line)
    view = seat.view(seat.legal_actions())
    missing = sorted(n for n in names if not hasattr(view, n))
    assert missing == []
    assert view.observe(1)["hand"] == seat.view().concealed_tiles(1) and view.observe(1)["legal"] == []


def test_answer_from_json_history() -> None:
    """One Botzone run: the whole history in, one legal response out."""
    requests = ["0 0 0", "1 0 0 0 0 W1 W1 W2 W3 B5 B5 B7 T1 T2 T3 F2 F2 J1", "2 J1"]
    resp = answer(parse_json_input(json.dumps({"requests": requests, "responses": ["PASS", "PASS"]})))
    assert resp.kind == ResponseKind.PLAY
    assert resp.tile in parse_tiles("1m2m3m5p7p1s2s3s2z7z")
    # the same answer as the greedy bot gives afresh to the same input in simple IO
    simple = "3\n" + "\n".join([requests[0], "PASS", requests[1], "PASS", requests[2]]) + "\n"
    assert answer(parse_simple_input(simple)) == resp


# ---------------------------------------------------------------------------
# The judge, in process
# ---------------------------------------------------------------------------


def protocol_deltas(h: HandResult) -> list[int]:
    """What the protocol's scoring rules give for a hand's outcome."""
    if h.error is not None:
        return [-PENALTY if s == h.error.seat else REWARD for s in range(4)]
    if h.winner is None:
        return [0, 0, 0, 0]
    f = h.fan
    if h.self_drawn:
        return [3 * (8 + f) if s == h.winner else -(8 + f) for s in range(4)]
    return [24 + f if s == h.winner else -(8 + f) if s == h.discarder else -8 for s in range(4)]


class LegalityCheck:
    """An in-process program that, every turn, compares its seat's legal
    actions with the engine's for that seat (the judge's observer gives the
    table), then answers with its bot."""

    def __init__(self, bot: str, state: dict[str, Any], *, flowers: bool) -> None:
        self.label = f"check:{bot}"
        self.bot = bot
        self.state = state
        self.flowers = flowers
        self.seat = BotzoneSeat(flowers=flowers)

    def begin(self) -> None:
        self.seat = BotzoneSeat(GreedyBot() if self.bot == "greedy" else RandomBot(len(self.state)), flowers=self.flowers)

    def ask(self, requests: Sequence[str], responses: Sequence[str]) -> str:
        if responses:
            self.seat.record(responses[-1])
        self.seat.observe(requests[-1])
        table: Table = self.state["table"]
        me = self.seat.seat
        req = parse_request(requests[-1])
        if isinstance(req, DrawRequest) or (
            isinstance(req, PlayerEvent)
            and ((req.op in (Op.PLAY, Op.PENG, Op.CHI) and table.phase == Phase.CLAIMS)
                 or (req.op == Op.BUGANG and table.phase == Phase.ROB))
        ):
            engine = table.legal_actions(me)
        else:
            engine = []
        mine = self.seat.legal_actions()
        assert mine == engine, (requests[-1], me, mine, engine)
        self.state["checks"] += 1
        for a in mine:
            self.state["kinds"][a.kind.name] += 1
        return str(self.seat.decide())

    def end(self) -> None:
        pass


@pytest.mark.parametrize("flowers", [False, True], ids=["136", "144"])
def test_seat_legality_matches_engine(flowers: bool) -> None:
    """Every turn of 60 hands (greedy and random bots, rotating seats), each
    seat's own legal set, rebuilt from the protocol alone, equals the
    engine's: HU exactly when the engine grants 8 fan, no calls on the last
    discard, no kong from an empty wall."""
    state: dict[str, Any] = {"table": None, "checks": 0, "kinds": Counter()}
    programs = [LegalityCheck(b, state, flowers=flowers) for b in ("greedy", "greedy", "random", "greedy")]
    judge = Judge(programs, flowers=flowers, observer=lambda t, r: state.__setitem__("table", t))
    summary = judge.run(60, seed=11, rotate=True)
    assert all(h.error is None for h in summary.hands)
    assert state["checks"] > 20_000
    kinds = state["kinds"]
    for k in ("DISCARD", "CHOW", "PUNG", "KONG", "WIN", "CONCEALED_KONG", "ADDED_KONG"):
        assert kinds[k] > 0, k
    assert sum(1 for h in summary.hands if h.winner is not None) > 20


def test_judge_plays_greedy_hands() -> None:
    judge = Judge([SeatProgram("greedy"), SeatProgram("greedy"), SeatProgram("random", seed=1), SeatProgram("greedy")])
    summary = judge.run(12, seed=5)
    assert len(summary.hands) == 12
    wins = 0
    for h in summary.hands:
        assert h.error is None
        assert sum(h.deltas) == 0
        assert h.deltas == protocol_deltas(h)
        if h.winner is not None:
            wins += 1
            assert h.fan >= 8 and h.seating == (0, 1, 2, 3)
            assert sum(1 for n in h.fans if n != "花牌") > 0
        # the engine record stands on its own
        assert replay(dumps(h.events), ruleset=BotzoneMCR()).events == h.events
    assert wins > 3
    totals = summary.totals()
    assert [r["score"] for r in totals] == [sum(h.deltas[s] for h in summary.hands) for s in range(4)]
    assert sum(r["wins"] for r in totals) == wins


def test_rotation_plays_each_wall_from_every_seat() -> None:
    judge = Judge([SeatProgram("greedy") for _ in range(4)])
    summary = judge.run(8, seed=3, rotate=True)
    walls = [h.seed for h in summary.hands]
    assert walls[:4] == [hand_seed(3, 0)] * 4 and walls[4:] == [hand_seed(3, 1)] * 4
    assert [h.seating for h in summary.hands[:4]] == [(0, 1, 2, 3), (3, 0, 1, 2), (2, 3, 0, 1), (1, 2, 3, 0)]
    assert [h.quan for h in summary.hands] == [0, 0, 0, 0, 1, 1, 1, 1]
    # four identical bots on one wall play the same game whatever the seating
    assert len({json.dumps(h.deltas) for h in summary.hands[:4]}) == 1


# ---------------------------------------------------------------------------
# Transcripts, line by line against the engine record
# ---------------------------------------------------------------------------


def code(name: str) -> str:
    return tile_to_code(parse_tile(name))


def expected_turns(events: list[dict[str, Any]], quan: int) -> list[tuple[list[str | None], dict[int, str]]]:
    """The protocol turns a hand's engine record implies: the four requests
    (None where the record does not fix the text: the deal) and the
    responses of the seats that acted (others PASS).  The dealer is dealt 13
    and its first tile is a draw of the record (the rule set's
    ``dealer_draws_first``).  A response ending in '*' is a prefix (a claim
    that lost)."""
    first_draw = next(i for i, e in enumerate(events) if e["type"] == "draw")
    turns: list[tuple[list[str | None], dict[int, str]]] = [
        ([f"0 {s} {quan}" for s in range(4)], {}),
        ([None] * 4, {}),
    ]
    flowers: list[tuple[list[str | None], dict[int, str]]] = []
    call: dict[str, Any] | None = None

    def everyone(line: str) -> None:
        turns.append(([line] * 4, {}))

    for e in events[first_draw:]:
        t = e["type"]
        if t == "action":
            s, a = e["seat"], e["action"]
            now = turns[-1][1]
            if a == "discard":
                tile = code(e["tile"])
                if call is not None and call["seat"] == s:
                    if call["action"] == "pung":
                        line = f"3 {s} PENG {tile}"
                    else:
                        line = f"3 {s} CHI {code(call['middle'])} {tile}"
                    now[s] = line[len(f"3 {s} "):]
                    call = None
                else:
                    now[s] = f"PLAY {tile}"
                    line = f"3 {s} PLAY {tile}"
                everyone(line)
            elif a == "concealed_kong":
                now[s] = f"GANG {code(e['tile'])}"
                everyone(f"3 {s} GANG")
            elif a == "added_kong":
                now[s] = f"BUGANG {code(e['tile'])}"
                everyone(f"3 {s} BUGANG {code(e['tile'])}")
            elif a == "win":
                now[s] = "HU"
            elif a == "pass":
                now[s] = "PASS"
            elif a == "kong":
                now[s] = "GANG"
            elif a == "pung":
                now[s] = "PENG *"
            elif a == "chow":
                low = parse_tile(e["tile"])
                now[s] = f"CHI {tile_to_code(low + 1)} *"
        elif t == "call":
            if e["action"] == "kong":
                everyone(f"3 {e['seat']} GANG")
            else:
                call = dict(e)
                if e["action"] == "chow":
                    call["middle"] = _name(parse_tile(e["tile"]) + 1)
        elif t == "flower":
            flowers.append(([f"3 {e['seat']} BUHUA {code(e['tile'])}"] * 4, {}))
        elif t == "draw" and parse_tile(e["tile"]) < 34:
            turns.extend(flowers)
            flowers.clear()
            s = e["seat"]
            tile = code(e["tile"])
            turns.append(([f"2 {tile}" if x == s else f"3 {s} DRAW" for x in range(4)], {}))
    return turns


def _name(tile: int) -> str:
    from mahjong_core.tiles import KIND_NAMES

    return KIND_NAMES[tile]


def check_transcript(text: str) -> list[dict[str, Any]]:
    """Check every hand of a judge transcript against its engine record;
    returns the per-hand summaries."""
    hands: dict[int, dict[str, Any]] = {}
    for line in text.splitlines():
        obj = json.loads(line)
        h = hands.setdefault(obj["hand"], {"turns": []})
        if obj["type"] == "turn":
            assert obj["turn"] == len(h["turns"]) + 1
            h["turns"].append(obj)
        else:
            h[obj["type"]] = obj
    out = []
    for n, h in sorted(hands.items()):
        result, events = h["result"], h["record"]["events"]
        assert result["turns"] == len(h["turns"])
        if result["error"] is not None:
            out.append(result)
            continue
        want = expected_turns(events, h["hand"]["quan"])
        got = h["turns"]
        assert len(got) == len(want), (n, len(got), len(want))
        for i, ((reqs, acted), turn) in enumerate(zip(want, got), 1):
            for s in range(4):
                if reqs[s] is not None:
                    assert turn["requests"][s] == reqs[s], (n, i, s, turn, reqs)
                resp = turn["responses"][s]
                exp = acted.get(s, "PASS")
                if exp.endswith("*"):
                    assert resp.startswith(exp[:-1]), (n, i, s, resp, exp)
                else:
                    assert resp == exp, (n, i, s, resp, exp)
        # the deal: the 13 tiles are the engine's deal, in the order they came
        # from the seat's wall; flowers as the record shows them before the
        # dealer's first draw
        deal = next(e for e in events if e["type"] == "deal")
        first_draw = next(i for i, e in enumerate(events) if e["type"] == "draw")
        dealt_flowers = [[code(e["tile"]) for e in events[:first_draw] if e["type"] == "flower" and e["seat"] == s]
                         for s in range(4)]
        header = events[0]
        rs = BotzoneMCRFlowers() if header["ruleset_id"] == BotzoneMCRFlowers().id else BotzoneMCR()
        table = Table(rs, seed=header["seed"], dealer=0, round_wind=header["round_wind"])
        part = len(table.wall) // 4
        for s in range(4):
            words = got[1]["requests"][s].split()
            assert words[:5] == ["1", *(str(len(f)) for f in dealt_flowers)]
            tiles = words[5:18]
            held = Counter({k: n for k, n in enumerate(table.hands[s]) if n})  # after the flower replacements
            if s == table.dealer and table.drawn is not None:
                held[table.drawn] -= 1  # the dealer's first draw is not dealt
                held = +held
            assert Counter(tile_from_code(c) for c in tiles) == held
            if not any(dealt_flowers):
                assert held == Counter(parse_tiles(deal["hands"][s]))
            own = [tile_to_code(t) for t in table.wall[s * part:(s + 1) * part] if t < 34]
            assert tiles == own[: len(tiles)], "dealt in wall order"
            assert words[18:] == [f for fs in dealt_flowers for f in fs]
        assert result["deltas"] == events[-1]["deltas"]
        out.append(result)
    return out


def find_hand(judge: Judge, seed: int, want: Any, limit: int = 400) -> HandResult:
    """The first hand (walls of ``seed``) whose result satisfies ``want``."""
    for i in range(limit):
        h = judge.play_hand(hand_seed(seed, i), quan=i % 4, hand=i)
        if want(h):
            return h
    raise AssertionError("no such hand")


def robbed(h: HandResult) -> bool:
    return any(
        t[0][0].startswith("3 ") and t[0][0].split()[2] == "BUGANG" and "HU" in t[1] for t in h.turns
    ) and h.winner is not None


def test_transcript_with_flowers_robbed_kong_and_hu() -> None:
    """A hand with flowers (BUHUA), a robbed added kong and a HU: the
    transcript's requests and responses match the engine record turn by turn."""
    buf = io.StringIO()
    judge = Judge([SeatProgram("greedy") for _ in range(4)], flowers=True, transcript=buf)
    h = find_hand(judge, 50, lambda h: robbed(h) and any(t[0][0].split()[2:3] == ["BUHUA"] for t in h.turns[2:]))
    text = buf.getvalue()
    results = check_transcript(text)
    last = results[-1]
    assert last["winner"] is not None and not last["self_drawn"] and last["error"] is None
    assert last["deltas"] == protocol_deltas(h)
    rob_turn = h.turns[-1]
    assert rob_turn[0][0].split()[2] == "BUGANG"  # the hand ends on the robbed kong
    assert rob_turn[1][h.winner] == "HU"
    assert any(e["type"] == "win" and e["seat"] == h.winner for e in h.events)
    # the 144-tile deal shows the flowers of all seats, every seat the same list
    deal_words = [r.split() for r in h.turns[1][0]]
    assert len({tuple(w[:5]) for w in deal_words}) == 1 and len({tuple(w[18:]) for w in deal_words}) == 1


def test_transcripts_of_many_hands_match_the_engine() -> None:
    buf = io.StringIO()
    judge = Judge([SeatProgram("greedy"), SeatProgram("random", seed=2), SeatProgram("greedy"),
                   SeatProgram("random", seed=3)], transcript=buf)
    judge.run(16, seed=8)
    results = check_transcript(buf.getvalue())
    assert len(results) == 16
    assert any(r["winner"] is not None and r["self_drawn"] for r in results)
    assert any(r["winner"] is None for r in results) or any(not r["self_drawn"] for r in results)


# ---------------------------------------------------------------------------
# Broken bots
# ---------------------------------------------------------------------------


class Liar(SeatProgram):
    """Greedy, but at its first draw after ``after`` turns it answers ``text``
    (``PLAY ?``: a tile it does not hold)."""

    def __init__(self, text: str, after: int = 0) -> None:
        super().__init__("greedy")
        self.text = text
        self.after = after

    def ask(self, requests: Sequence[str], responses: Sequence[str]) -> str:
        out = super().ask(requests, responses)
        if requests[-1].startswith("2 ") and len(requests) > self.after:
            if self.text == "PLAY ?":
                return "PLAY " + tile_to_code(self.seat.hand.index(0))
            return self.text
        return out


def py_bot(tmp_path: Path, name: str, source: str) -> list[str]:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return [PY, str(path)]


def test_false_hu_and_illegal_play_cost_30() -> None:
    judge = Judge([SeatProgram("greedy"), Liar("HU"), SeatProgram("greedy"), SeatProgram("greedy")])
    h = judge.play_hand(hand_seed(1, 0))
    assert h.error is not None and h.error.seat == 1 and h.error.kind == "false-hu"
    assert h.deltas == [REWARD, -PENALTY, REWARD, REWARD]
    assert h.turns[-1][0][1].startswith("2 ") and h.turns[-1][1][1] == "HU"
    judge = Judge([Liar("PLAY ?", after=10), SeatProgram("greedy"), SeatProgram("greedy"), SeatProgram("greedy")])
    h = judge.play_hand(hand_seed(1, 0))
    assert h.error is not None and (h.error.seat, h.error.kind) == (0, "illegal")
    assert h.error.detail.endswith("the tile is not in hand") and h.error.turn > 10
    assert h.deltas == [-PENALTY, REWARD, REWARD, REWARD]
    judge = Judge([SeatProgram("greedy"), SeatProgram("greedy"), Liar("PENG W1", after=4), SeatProgram("greedy")])
    h = judge.play_hand(hand_seed(1, 0))
    assert h.error is not None and (h.error.seat, h.error.kind) == (2, "illegal")
    assert "does not answer a draw" in h.error.detail


def test_broken_subprocess_bots(tmp_path: Path) -> None:
    garbage = py_bot(tmp_path, "garbage", "print('garbage')\n")
    sleeper = py_bot(tmp_path, "sleeper", "import time\ntime.sleep(30)\n")
    crasher = py_bot(tmp_path, "crasher", "import sys\ninput()\nsys.exit(3)\n")
    passer = py_bot(tmp_path, "passer", """
        import json
        json.loads(input())
        print(json.dumps({"response": "PASS"}))
    """)
    cases = [
        (CommandProgram(garbage, timeout=5), "malformed", 1),
        (CommandProgram(sleeper, timeout=0.3), "timeout", 1),
        (CommandProgram(crasher, timeout=5), "crash", 1),
        (CommandProgram(passer, timeout=5), "illegal", 3),  # PASS to its own draw (seat 0 deals)
    ]
    for prog, kind, turn in cases:
        buf = io.StringIO()
        judge = Judge([prog, SeatProgram("greedy"), SeatProgram("greedy"), SeatProgram("greedy")], transcript=buf)
        summary = judge.run(2, seed=4)  # the judge keeps running after the error
        assert len(summary.hands) == 2
        for h in summary.hands:
            assert h.error is not None and (h.error.seat, h.error.kind, h.error.turn) == (0, kind, turn), h.error
            assert h.deltas == [-PENALTY, REWARD, REWARD, REWARD]
        assert summary.totals()[0]["score"] == -2 * PENALTY and summary.totals()[0]["errors"] == 2
        lines = [json.loads(x) for x in buf.getvalue().splitlines()]
        assert [x["kind"] for x in lines if x["type"] == "error"] == [kind, kind]


def test_first_offender_in_seat_order(tmp_path: Path) -> None:
    garbage = py_bot(tmp_path, "garbage", "print('garbage')\n")
    judge = Judge([SeatProgram("greedy"), CommandProgram(garbage), CommandProgram(garbage), SeatProgram("greedy")])
    h = judge.play_hand(hand_seed(2, 0))
    assert h.error is not None and h.error.seat == 1 and h.error.turn == 1
    assert h.deltas == [REWARD, -PENALTY, REWARD, REWARD]


# ---------------------------------------------------------------------------
# Real subprocesses: our bot under our judge
# ---------------------------------------------------------------------------


def test_subprocess_keep_running_game() -> None:
    """Four real bot processes (JSON and simple IO), each kept running for
    the whole hand, play two full hands."""
    progs = [
        CommandProgram([*BOT_CMD, "--keep-running"], keep_running=True, timeout=20),
        CommandProgram([*BOT_CMD, "--keep-running", "--simple"], simple=True, keep_running=True, timeout=20),
        CommandProgram([*BOT_CMD, "--keep-running", "--bot", "random", "--seed", "1"], keep_running=True, timeout=20),
        CommandProgram([*BOT_CMD, "--keep-running", "--simple"], simple=True, keep_running=True, timeout=20),
    ]
    buf = io.StringIO()
    summary = Judge(progs, transcript=buf).run(2, seed=7)
    for h in summary.hands:
        assert h.error is None
        assert len(h.turns) > 10
        assert h.deltas == protocol_deltas(h)
    assert [p.starts for p in progs] == [2, 2, 2, 2]  # one process per game
    assert len(check_transcript(buf.getvalue())) == 2
    # the in-process bots play the same hands move for move
    same = Judge([SeatProgram("greedy"), SeatProgram("greedy"), SeatProgram("random", seed=1),
                  SeatProgram("greedy")]).run(2, seed=7)
    assert [h.turns for h in same.hands] == [h.turns for h in summary.hands]


def test_subprocess_fresh_runs(tmp_path: Path) -> None:
    """Bots started afresh every turn with the whole history (JSON and simple
    IO) answer like the in-process ones, until a false HU ends the hand."""
    after = 6
    progs = [
        CommandProgram(BOT_CMD, timeout=20),
        CommandProgram([*BOT_CMD, "--simple"], simple=True, timeout=20),
        SeatProgram("greedy"),
        Liar("HU", after=after),
    ]
    h = Judge(progs).play_hand(hand_seed(9, 0))
    assert h.error is not None and h.error.seat == 3 and h.error.kind == "false-hu"
    fresh = [p for p in progs if isinstance(p, CommandProgram)]
    assert [p.starts for p in fresh] == [len(h.turns), len(h.turns)]
    assert len(h.turns) > after
    ref = Judge([SeatProgram("greedy"), SeatProgram("greedy"), SeatProgram("greedy"), Liar("HU", after=after)])
    assert ref.play_hand(hand_seed(9, 0)).turns == h.turns


SAMPLE_LIKE = """
    # A bot in the style of the Botzone random sample: reads its whole input
    # (to the end of stdin), keeps its hand from its draws and discards,
    # never claims, discards at random, prints indented JSON.
    import json, random, sys
    inp = json.loads(sys.stdin.read())
    reqs, resps = inp["requests"], inp["responses"]
    out = "PASS"
    if len(reqs) > 2:
        hand = reqs[1].split()[5:18]
        for req, resp in zip(reqs[2:], resps[2:]):
            if req.startswith("2 "):
                hand.append(req.split()[1])
                hand.remove(resp.split()[1])
        if reqs[-1].startswith("2 "):
            hand.append(reqs[-1].split()[1])
            out = "PLAY " + random.Random(len(reqs)).choice(hand)
    print(json.dumps({"response": out, "debug": len(reqs)}, indent=1))
"""


def test_sample_like_bot_reading_to_eof(tmp_path: Path) -> None:
    """A bot that reads its input to the end and prints multi-line JSON
    (as the Botzone C++ sample does) plays a full hand, started afresh every
    turn; the transcript matches the engine."""
    sample = CommandProgram(py_bot(tmp_path, "sample", SAMPLE_LIKE), timeout=20)
    buf = io.StringIO()
    h = Judge([sample, SeatProgram("greedy"), SeatProgram("greedy"), SeatProgram("greedy")],
              transcript=buf).play_hand(hand_seed(6, 0))
    assert h.error is None and len(h.turns) > 20
    assert sample.starts == len(h.turns)
    assert h.deltas == protocol_deltas(h) and (h.winner is None or h.winner != 0)
    assert len(check_transcript(buf.getvalue())) == 1


def test_program_specs() -> None:
    assert isinstance(program_from_spec("builtin:greedy"), SeatProgram)
    r = program_from_spec("builtin:random:5")
    assert isinstance(r, SeatProgram) and r.seed == 5
    s = program_from_spec("simple:./bot --x 'a b'", timeout=2)
    assert isinstance(s, CommandProgram) and s.simple and s.argv == ["./bot", "--x", "a b"] and s.timeout == 2
    assert not s.keep_running
    k = program_from_spec("keep:simple:python3 bot.py")
    assert isinstance(k, CommandProgram) and k.keep_running and k.simple and k.argv == ["python3", "bot.py"]
    j = program_from_spec("./a:b")
    assert isinstance(j, CommandProgram) and not j.simple and j.argv == ["./a:b"]
    with pytest.raises(MahjongError, match="builtin:nope"):
        program_from_spec("builtin:nope")
    with pytest.raises(MahjongError, match="4 bot programs"):
        Judge([SeatProgram("greedy")])
    missing = CommandProgram(["/nonexistent/bot"])
    missing.begin()
    with pytest.raises(BotFailure, match="cannot start"):
        missing.ask(["0 0 0"], [])


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def test_botzone_bot_json_simple_and_keep_running() -> None:
    first = ["0 3 0", "1 0 0 0 0 W1 W1 W2 W3 B5 B5 B7 T1 T2 T3 F2 F2 J1"]
    out = io.StringIO()
    run_bot(io.StringIO(json.dumps({"requests": first[:1], "responses": []}) + "\n"), out)
    assert json.loads(out.getvalue()) == {"response": "PASS"}
    out = io.StringIO()
    run_bot(io.StringIO("2\n0 3 0\nPASS\n" + first[1] + "\n\n\n"), out, simple=True)
    assert out.getvalue() == "PASS\n"
    # keep running: JSON requests after the first run, then the end of input
    lines = [json.dumps({"requests": first[:1], "responses": []})] + [json.dumps(r) for r in
                                                                       (first[1], "3 0 DRAW", "3 0 PLAY J1")]
    out = io.StringIO()
    run_bot(io.StringIO("\n".join(lines) + "\n"), out, keep_running=True)
    got = out.getvalue().splitlines()
    assert got[1::2] == [KEEP_RUNNING] * 4
    assert [json.loads(x)["response"] for x in got[0::2]] == ["PASS", "PASS", "PASS", "PASS"]
    # simple IO, kept running
    out = io.StringIO()
    run_bot(io.StringIO("1\n0 3 0\n\n\n" + first[1] + "\n3 0 DRAW\n3 0 PLAY F2\n"), out, simple=True,
            keep_running=True)
    got = out.getvalue().splitlines()
    assert got[0::2][:3] == ["PASS", "PASS", "PASS"] and got[6].startswith("PENG ")
    assert got[1::2] == [KEEP_RUNNING] * 4
    with pytest.raises(ProtocolError, match="turn 2: unknown request type '7'"):
        run_bot(io.StringIO(json.dumps({"requests": ["0 3 0", "7"], "responses": ["PASS"]}) + "\n"), io.StringIO())


def test_botzone_judge_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    transcript = tmp_path / "t.jsonl"
    code = main(["botzone-judge", "--bots", "builtin:greedy", "builtin:greedy", "builtin:random:1", "builtin:greedy",
                 "--hands", "3", "--seed", "2", "--json", "--transcript", str(transcript), "--flowers"])
    out, _ = capsys.readouterr()
    assert code == 0
    data = json.loads(out)
    assert data["hands"] == 3 and data["ruleset"] == BotzoneMCRFlowers().id and data["errors"] == []
    assert sum(b["score"] for b in data["bots"]) == 0
    assert len(check_transcript(transcript.read_text(encoding="utf-8"))) == 3
    code = main(["botzone-judge", "--bots", "builtin:greedy", "builtin:greedy", "builtin:greedy", "builtin:greedy",
                 "--hands", "2"])
    out, _ = capsys.readouterr()
    assert code == 0 and "builtin:greedy" in out and "hands: 2" in out
    code = main(["botzone-judge", "--bots", "builtin:greedy", "builtin:x", "builtin:greedy", "builtin:greedy"])
    _, err = capsys.readouterr()
    assert code == 2 and "builtin:x" in err
