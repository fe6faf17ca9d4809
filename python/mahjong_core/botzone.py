"""The Botzone "Chinese Standard Mahjong" (国标麻将) protocol: the bot side.

Botzone runs every bot once per turn and hands it the whole history of the
game: the judge's requests and the bot's own earlier responses.  A request
is one line of words; a response is one line too.  This module reads and
writes those lines as typed values, and replays them into what one seat can
see (:class:`BotzoneSeat`), so that any bot of this package (the
:class:`~mahjong_core.bots.ViewBot` protocol) can answer.  The judge side is
:mod:`mahjong_core.botzone_judge`.

Tile codes: ``W1..W9`` 万 (our ``1m..9m``), ``B1..B9`` 饼/筒 (``1p..9p``),
``T1..T9`` 条 (``1s..9s``), ``F1..F4`` 东南西北 (``1z..4z``), ``J1 J2 J3``
中发白 -- the reverse of our ``5z 6z 7z`` = 白发中 -- and ``H1..H8`` the
flowers (``1f..8f``).

>>> from mahjong_core.tiles import parse_tile
>>> tile_to_code(parse_tile("7z")), tile_from_code("J3") == parse_tile("5z")
('J1', True)
>>> parse_request("3 2 CHI T2 W3")
PlayerEvent(seat=2, op=<Op.CHI: 'CHI'>, tile=19, discard=2)
>>> str(parse_response("PENG B6"))
'PENG B6'

Requests, in the order a game sends them:

===========================  ===================================================
``0 seat quan``              the bot's seat (0 = East = dealer) and the round wind
``1 h0 h1 h2 h3 c*13 f*``    flowers drawn at the deal per seat, the 13 tiles,
                             then every seat's flowers (seat 0's first)
``2 c``                      this bot drew ``c``
``3 p BUHUA f``              seat ``p`` drew flower ``f`` (and draws again)
``3 p DRAW``                 another seat drew
``3 p PLAY c``               seat ``p`` discarded ``c``
``3 p PENG c``               seat ``p`` punged the last discard and discarded ``c``
``3 p CHI m c``              seat ``p`` chowed the last discard into the chow
                             whose middle tile is ``m`` and discarded ``c``
``3 p GANG``                 seat ``p`` made a kong: concealed when ``p`` has just
                             drawn, else of the last discard
``3 p BUGANG c``             seat ``p`` added ``c`` to its pung
===========================  ===================================================

Responses: ``PASS``; after ``2 c``: ``PLAY c``, ``GANG c`` (concealed kong),
``BUGANG c``, ``HU``; after another seat's discard: ``PENG c`` / ``CHI m c``
(the claim and the discard that follows it), ``GANG`` (kong of the
discard), ``HU``; after another seat's ``BUGANG``: ``HU`` (robbing the kong).
Everything else is answered ``PASS``.  Claims are resolved HU > PENG/GANG >
CHI; only the first winner after the discarder in turn order wins.

The rule set is :class:`BotzoneMCR`: 国标 (MCR) with duplicate-style walls
(复式): 136 tiles, cut into four parts of 34; each seat is dealt from, draws
from and replaces kongs from its own part.  When the next seat's part is
empty, a discard may only be won on.  :class:`BotzoneMCRFlowers` adds the
eight flowers (144 tiles, parts of 36).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from .analysis import Counts, HandRules, decompositions, is_win
from .bots import GreedyBot, ViewBot, make_bot
from .engine import Action, ActionKind, Phase, observation
from .errors import ProtocolError
from .rules import Payment, Ruleset, ScoreSheet, Settlement, WinContext
from .tiles import Meld, MeldKind
from .variants.guobiao import Guobiao

if TYPE_CHECKING:
    from .engine import Table

__all__ = [
    "KEEP_RUNNING",
    "BotInput",
    "BotzoneMCR",
    "BotzoneMCRFlowers",
    "BotzoneSeat",
    "DealRequest",
    "DrawRequest",
    "Op",
    "PlayerEvent",
    "Request",
    "Response",
    "ResponseKind",
    "SeatRequest",
    "SeatView",
    "action_to_response",
    "answer",
    "format_json_output",
    "make_seat",
    "parse_json_input",
    "parse_request",
    "parse_response",
    "parse_simple_input",
    "tile_from_code",
    "tile_to_code",
]

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
"""The line a bot prints after its response to stay alive for the next turn
(keep-running mode); from then on it is sent one request per turn."""

NUM_SEATS = 4


# ---------------------------------------------------------------------------
# Rule sets
# ---------------------------------------------------------------------------


class BotzoneMCR(Guobiao):
    """国标 as the Botzone judge plays it, duplicate format (复式): 136 tiles,
    four walls of 34, one per seat (dealt from, drawn from and kong-replaced
    from the front); no calls on a discard after which the next seat's wall
    is empty; one winner per discard (the first after the discarder); no
    missed-win ban.  Settlement: self-draw, each other seat pays 8 + F;
    discard win, the discarder pays 8 + F and the other two 8 (F = the
    hand's fan, flowers included)."""

    name = "botzone-mcr"
    zh = "Botzone 国标麻将 (复式)"
    summary = "MCR under the Botzone protocol: per-seat walls of 34 tiles, no flowers"
    aliases = ("botzone",)
    flower_tiles: tuple[int, ...] = ()
    per_seat_walls = True
    calls_on_last_discard = False
    dealer_draws_first = True
    dead_wall = 0
    dead_wall_per_kong = 0
    multiple_winners = False
    rob_kong = True
    missed_win_ban = False
    chow_discard_ban = False
    kong_after_pung_ban = False

    BASE_POINTS = 8
    """底分: what every losing seat pays on top of the fan."""

    def settle(self, table: Table | None, wins: Sequence[tuple[WinContext, ScoreSheet]]) -> Settlement:
        out: list[Payment] = []
        base = self.BASE_POINTS
        for ctx, sheet in wins:
            fan = sheet.total
            for s in range(self.num_players):
                if s == ctx.seat:
                    continue
                if ctx.self_drawn:
                    out.append(Payment(s, ctx.seat, base + fan, "self-draw"))
                elif s == ctx.discarder:
                    out.append(Payment(s, ctx.seat, base + fan, "discard"))
                else:
                    out.append(Payment(s, ctx.seat, base, "base"))
        return Settlement(tuple(out))


class BotzoneMCRFlowers(BotzoneMCR):
    """:class:`BotzoneMCR` with the eight flowers: 144 tiles, walls of 36;
    a flower is shown (``BUHUA``) and replaced from the seat's own wall."""

    name = "botzone-mcr-flowers"
    zh = "Botzone 国标麻将 (复式, 带花)"
    summary = "MCR under the Botzone protocol: per-seat walls of 36 tiles, with flowers"
    flower_tiles = tuple(range(34, 42))


# ---------------------------------------------------------------------------
# Tile codes
# ---------------------------------------------------------------------------

_SUIT_CODES = "WBT"


def tile_to_code(tile: int) -> str:
    """The Botzone code of a tile id (0..41).

    >>> [tile_to_code(t) for t in (0, 9, 26, 27, 31, 33, 34)]
    ['W1', 'B1', 'T9', 'F1', 'J3', 'J1', 'H1']
    """
    if not isinstance(tile, int) or isinstance(tile, bool) or not 0 <= tile < 42:
        raise ProtocolError(f"no Botzone code for tile id {tile!r} (ids run 0..41)")
    if tile < 27:
        return f"{_SUIT_CODES[tile // 9]}{tile % 9 + 1}"
    if tile < 31:
        return f"F{tile - 26}"
    if tile < 34:
        return f"J{34 - tile}"
    return f"H{tile - 33}"


def tile_from_code(code: str, *, turn: int | None = None, text: str = "") -> int:
    """The tile id of a Botzone code; a bad code raises :class:`ProtocolError`
    naming it (and ``turn`` / ``text``, the line it came from).

    >>> tile_from_code("W5"), tile_from_code("F4"), tile_from_code("H8")
    (4, 30, 41)
    """
    size = {"W": 9, "B": 9, "T": 9, "F": 4, "J": 3, "H": 8}.get(code[:1])
    if size is None or len(code) != 2 or code[1] not in "123456789" or int(code[1]) > size:
        where = f" in {text!r}" if text else ""
        raise ProtocolError(f"unknown tile code {code!r}{where}", turn=turn, text=text, token=code)
    n = int(code[1])
    letter = code[0]
    if letter in _SUIT_CODES:
        return _SUIT_CODES.index(letter) * 9 + n - 1
    if letter == "F":
        return 26 + n
    if letter == "J":
        return 34 - n
    return 33 + n


# ---------------------------------------------------------------------------
# Requests and responses
# ---------------------------------------------------------------------------


class Op(enum.Enum):
    """What a ``3 p ...`` request announces."""

    BUHUA = "BUHUA"
    DRAW = "DRAW"
    PLAY = "PLAY"
    PENG = "PENG"
    CHI = "CHI"
    GANG = "GANG"
    BUGANG = "BUGANG"


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """``0 seat quan``: the bot's seat (门风; 0 is East, the dealer) and the
    round wind (圈风), both 0..3."""

    seat: int
    quan: int

    def __str__(self) -> str:
        return f"0 {self.seat} {self.quan}"


@dataclass(frozen=True, slots=True)
class DealRequest:
    """``1 h0 h1 h2 h3 c1..c13 f...``: flowers each seat drew at the deal,
    this seat's 13 tiles (no flowers), then every seat's flowers in seat order."""

    flower_counts: tuple[int, int, int, int]
    hand: tuple[int, ...]
    flowers: tuple[int, ...] = ()

    def flowers_of(self, seat: int) -> tuple[int, ...]:
        start = sum(self.flower_counts[:seat])
        return self.flowers[start : start + self.flower_counts[seat]]

    def __str__(self) -> str:
        words = ["1", *(str(n) for n in self.flower_counts)]
        words += [tile_to_code(t) for t in self.hand]
        words += [tile_to_code(t) for t in self.flowers]
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class DrawRequest:
    """``2 c``: this seat drew ``c`` (never a flower)."""

    tile: int

    def __str__(self) -> str:
        return f"2 {tile_to_code(self.tile)}"


@dataclass(frozen=True, slots=True)
class PlayerEvent:
    """``3 seat OP ...``: what a seat did, sent to every seat.

    ``tile``: the flower (BUHUA), the discard (PLAY), the middle tile of the
    chow (CHI) or the tile added (BUGANG); ``discard``: the tile discarded
    after PENG or CHI."""

    seat: int
    op: Op
    tile: int | None = None
    discard: int | None = None

    def __str__(self) -> str:
        words = ["3", str(self.seat), self.op.value]
        if self.tile is not None:
            words.append(tile_to_code(self.tile))
        if self.discard is not None:
            words.append(tile_to_code(self.discard))
        return " ".join(words)


Request = Union[SeatRequest, DealRequest, DrawRequest, PlayerEvent]
"""One request line, read."""


class ResponseKind(enum.Enum):
    PASS = "PASS"
    PLAY = "PLAY"
    GANG = "GANG"
    BUGANG = "BUGANG"
    HU = "HU"
    PENG = "PENG"
    CHI = "CHI"


@dataclass(frozen=True, slots=True)
class Response:
    """One response line.  ``tile``: the discard (PLAY), the kong (``GANG c``
    on one's own turn; ``None`` for ``GANG`` on a discard), the tile added
    (BUGANG) or the middle tile of the chow (CHI); ``discard``: the tile
    discarded after PENG or CHI."""

    kind: ResponseKind
    tile: int | None = None
    discard: int | None = None

    def __str__(self) -> str:
        words = [self.kind.value]
        if self.tile is not None:
            words.append(tile_to_code(self.tile))
        if self.discard is not None:
            words.append(tile_to_code(self.discard))
        return " ".join(words)


PASS = Response(ResponseKind.PASS)


def _int_token(word: str, lo: int, hi: int, what: str, *, turn: int | None, text: str) -> int:
    if not (word.isascii() and word.isdigit()) or not lo <= int(word) <= hi:
        raise ProtocolError(f"{what} must be {lo}..{hi}, got {word!r} in {text!r}", turn=turn, text=text, token=word)
    return int(word)


def _suit_or_honour(word: str, what: str, *, turn: int | None, text: str) -> int:
    tile = tile_from_code(word, turn=turn, text=text)
    if tile >= 34:
        raise ProtocolError(f"{what} cannot be a flower: {word!r} in {text!r}", turn=turn, text=text, token=word)
    return tile


def _chow_middle(word: str, *, turn: int | None, text: str) -> int:
    tile = _suit_or_honour(word, "the middle tile of a chow", turn=turn, text=text)
    if tile >= 27 or tile % 9 in (0, 8):
        raise ProtocolError(
            f"the middle tile of a chow is a suit tile 2..8, got {word!r} in {text!r}", turn=turn, text=text, token=word
        )
    return tile


def _count(text: str, words: list[str], n: int, *, turn: int | None) -> None:
    if len(words) > n:
        raise ProtocolError(
            f"too many words in {text!r}: expected {n}, got {len(words)} (from {words[n]!r} on)",
            turn=turn, text=text, token=words[n],
        )
    if len(words) < n:
        raise ProtocolError(f"too few words in {text!r}: expected {n}, got {len(words)}", turn=turn, text=text)


def parse_request(text: str, *, turn: int | None = None) -> Request:
    """Read one request line; a bad line raises :class:`ProtocolError` naming
    the turn (when given) and the word.

    >>> parse_request("2 T6")
    DrawRequest(tile=23)
    >>> parse_request("3 4 PLAY T6")
    Traceback (most recent call last):
    ...
    mahjong_core.errors.ProtocolError: seat must be 0..3, got '4' in '3 4 PLAY T6'
    """
    if not isinstance(text, str):
        raise ProtocolError(f"a request is a line of text, got {text!r}", turn=turn)
    line = text.strip()
    words = line.split()
    if not words:
        raise ProtocolError("empty request", turn=turn, text=text)
    head = words[0]
    if head == "0":
        _count(line, words, 3, turn=turn)
        seat = _int_token(words[1], 0, 3, "seat", turn=turn, text=line)
        quan = _int_token(words[2], 0, 3, "round wind", turn=turn, text=line)
        return SeatRequest(seat, quan)
    if head == "1":
        if len(words) < 18:
            raise ProtocolError(
                f"a deal has 4 flower counts and 13 tiles, got {len(words) - 1} words in {line!r}", turn=turn, text=line
            )
        nums = [_int_token(w, 0, 8, "flower count", turn=turn, text=line) for w in words[1:5]]
        if sum(nums) > 8:
            raise ProtocolError(f"flower counts add up to {sum(nums)} (there are 8 flowers) in {line!r}", turn=turn, text=line)
        _count(line, words, 18 + sum(nums), turn=turn)
        hand = tuple(_suit_or_honour(w, "a dealt tile", turn=turn, text=line) for w in words[5:18])
        flowers = []
        for w in words[18:]:
            f = tile_from_code(w, turn=turn, text=line)
            if f < 34:
                raise ProtocolError(f"expected a flower (H1..H8), got {w!r} in {line!r}", turn=turn, text=line, token=w)
            flowers.append(f)
        counts = (nums[0], nums[1], nums[2], nums[3])
        return DealRequest(counts, hand, tuple(flowers))
    if head == "2":
        _count(line, words, 2, turn=turn)
        return DrawRequest(_suit_or_honour(words[1], "a drawn tile", turn=turn, text=line))
    if head == "3":
        if len(words) < 3:
            raise ProtocolError(f"too few words in {line!r}", turn=turn, text=line)
        seat = _int_token(words[1], 0, 3, "seat", turn=turn, text=line)
        try:
            op = Op(words[2])
        except ValueError:
            raise ProtocolError(f"unknown action {words[2]!r} in {line!r}", turn=turn, text=line, token=words[2]) from None
        if op in (Op.DRAW, Op.GANG):
            _count(line, words, 3, turn=turn)
            return PlayerEvent(seat, op)
        if op == Op.BUHUA:
            _count(line, words, 4, turn=turn)
            f = tile_from_code(words[3], turn=turn, text=line)
            if f < 34:
                raise ProtocolError(f"BUHUA needs a flower, got {words[3]!r} in {line!r}", turn=turn, text=line, token=words[3])
            return PlayerEvent(seat, op, f)
        if op in (Op.PLAY, Op.BUGANG):
            _count(line, words, 4, turn=turn)
            return PlayerEvent(seat, op, _suit_or_honour(words[3], f"the tile of {op.value}", turn=turn, text=line))
        if op == Op.PENG:
            _count(line, words, 4, turn=turn)
            return PlayerEvent(seat, op, None, _suit_or_honour(words[3], "a discard", turn=turn, text=line))
        _count(line, words, 5, turn=turn)  # CHI
        mid = _chow_middle(words[3], turn=turn, text=line)
        return PlayerEvent(seat, op, mid, _suit_or_honour(words[4], "a discard", turn=turn, text=line))
    raise ProtocolError(f"unknown request type {head!r} in {line!r}", turn=turn, text=line, token=head)


def parse_response(text: str, *, turn: int | None = None) -> Response:
    """Read one response line (words in upper case, as the protocol writes
    them); a bad line raises :class:`ProtocolError`.

    >>> parse_response("CHI T2 T5")
    Response(kind=<ResponseKind.CHI: 'CHI'>, tile=19, discard=22)
    >>> parse_response("PLAY X1", turn=7)
    Traceback (most recent call last):
    ...
    mahjong_core.errors.ProtocolError: turn 7: unknown tile code 'X1' in 'PLAY X1'
    """
    if not isinstance(text, str):
        raise ProtocolError(f"a response is a line of text, got {text!r}", turn=turn)
    line = text.strip()
    words = line.split()
    if not words:
        raise ProtocolError("empty response", turn=turn, text=text)
    try:
        kind = ResponseKind(words[0])
    except ValueError:
        raise ProtocolError(f"unknown response {words[0]!r} in {line!r}", turn=turn, text=line, token=words[0]) from None
    if kind in (ResponseKind.PASS, ResponseKind.HU):
        _count(line, words, 1, turn=turn)
        return Response(kind)
    if kind == ResponseKind.GANG and len(words) == 1:
        return Response(kind)
    if kind in (ResponseKind.PLAY, ResponseKind.GANG, ResponseKind.BUGANG):
        _count(line, words, 2, turn=turn)
        return Response(kind, _suit_or_honour(words[1], f"the tile of {kind.value}", turn=turn, text=line))
    if kind == ResponseKind.PENG:
        _count(line, words, 2, turn=turn)
        return Response(kind, None, _suit_or_honour(words[1], "a discard", turn=turn, text=line))
    _count(line, words, 3, turn=turn)  # CHI
    mid = _chow_middle(words[1], turn=turn, text=line)
    return Response(kind, mid, _suit_or_honour(words[2], "a discard", turn=turn, text=line))


# ---------------------------------------------------------------------------
# Bot input and output (JSON and simple IO)
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BotInput:
    """What one run of a bot is given: the requests so far (the last one is
    the current turn's) and the bot's earlier responses (one fewer)."""

    requests: tuple[str, ...]
    responses: tuple[str, ...]
    data: str = ""
    globaldata: str = ""


def parse_json_input(line: str) -> BotInput:
    """Read the one-line JSON input of a bot run:
    ``{"requests": [...], "responses": [...], "data": ..., ...}``."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        raise ProtocolError(f"input is not JSON ({e.msg} at column {e.colno}): {line[:60]!r}") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("requests"), list):
        raise ProtocolError(f"input must be an object with a list 'requests': {line[:60]!r}")
    requests = obj["requests"]
    responses = obj.get("responses", [])
    if not isinstance(responses, list):
        raise ProtocolError(f"'responses' must be a list: {line[:60]!r}")
    if len(requests) != len(responses) + 1:
        raise ProtocolError(
            f"input has {len(requests)} requests and {len(responses)} responses (expected one request more)"
        )
    for i, r in enumerate(requests):
        if not isinstance(r, str):
            raise ProtocolError(f"request {i + 1} is not a string: {r!r}", turn=i + 1)
    for i, r in enumerate(responses):
        if not isinstance(r, str):
            raise ProtocolError(f"response {i + 1} is not a string: {r!r}", turn=i + 1)
    data = obj.get("data", "")
    gdata = obj.get("globaldata", "")
    return BotInput(
        tuple(requests),
        tuple(responses),
        data if isinstance(data, str) else json.dumps(data),
        gdata if isinstance(gdata, str) else json.dumps(gdata),
    )


def parse_simple_input(text: str) -> BotInput:
    """Read simple-IO input: the turn number ``n``, then ``2n - 1`` lines
    (requests and the bot's responses, alternating, ending with the current
    request), then a data line and globaldata lines."""
    lines = text.split("\n")
    head = lines[0].strip() if lines else ""
    if not (head.isascii() and head.isdigit()) or int(head) < 1:
        raise ProtocolError(f"simple input starts with the turn number (1, 2, ...), got {head!r}", text=head, token=head)
    n = int(head)
    body = lines[1 : 2 * n]
    if len(body) < 2 * n - 1:
        raise ProtocolError(f"turn {n} needs {2 * n - 1} lines after the turn number, got {len(body)}")
    rest = lines[2 * n :]
    return BotInput(
        tuple(body[0::2]),
        tuple(body[1::2]),
        rest[0] if rest else "",
        "\n".join(rest[1:]).strip("\n"),
    )


def format_json_output(response: Response | str, *, debug: str | None = None, data: str | None = None) -> str:
    """The one-line JSON output of a bot run."""
    out: dict[str, Any] = {"response": str(response)}
    if debug is not None:
        out["debug"] = debug
    if data is not None:
        out["data"] = data
    return json.dumps(out, ensure_ascii=False)


# ---------------------------------------------------------------------------
# What one seat sees
# ---------------------------------------------------------------------------


def action_to_response(action: Action, discard: int | None = None) -> Response:
    """The response for an engine action (``discard``: the tile discarded
    after a pung or chow)."""
    k = action.kind
    if k == ActionKind.DISCARD:
        return Response(ResponseKind.PLAY, action.tile)
    if k == ActionKind.CONCEALED_KONG:
        return Response(ResponseKind.GANG, action.tile)
    if k == ActionKind.ADDED_KONG:
        return Response(ResponseKind.BUGANG, action.tile)
    if k == ActionKind.WIN:
        return Response(ResponseKind.HU)
    if k == ActionKind.PASS:
        return PASS
    if k == ActionKind.KONG:
        return Response(ResponseKind.GANG)
    if k in (ActionKind.PUNG, ActionKind.CHOW):
        if discard is None:
            raise ProtocolError(f"{action}: a pung or chow response names the discard that follows it")
        if k == ActionKind.PUNG:
            return Response(ResponseKind.PENG, None, discard)
        return Response(ResponseKind.CHI, action.tile + 1, discard)
    raise ProtocolError(f"{action}: no Botzone response for it")


@dataclass
class SeatView:
    """A table as one seat sees it, shaped like :class:`~mahjong_core.engine.Table`
    for the attributes bots read: ``hands`` (other seats' are all zero),
    ``melds`` (other seats' concealed kongs are left out: their kind is
    unknown), ``discards``, ``flowers``, ``phase``, ``last_discard``,
    ``ruleset``, ``wild_kinds``, ``plays_as``, ``n`` and the views
    ``observe`` / ``legal_actions``.  (The bots take a ``Table``; this view
    is passed in its place, so it must keep up with what they read: a test
    checks every ``table.<name>`` of :mod:`mahjong_core.bots`.)"""

    seat: int
    ruleset: Ruleset
    hands: list[bytearray]
    melds: list[list[Meld]]
    meld_sources: list[list[int | None]]
    discards: list[list[int]]
    flowers: list[list[int]]
    phase: Phase
    turn: int
    last_discard: tuple[int, int] | None
    live_tiles: int
    legal: list[Action]
    round_wind: int = 0
    dealer: int = 0
    n: int = NUM_SEATS
    drawn: int | None = None
    wild_kinds: frozenset[int] = field(default_factory=frozenset)
    substitutes: dict[int, int] = field(default_factory=dict)
    plays_as: list[int] = field(default_factory=lambda: list(range(42)))
    wild_flowers: list[list[int]] = field(default_factory=lambda: [[] for _ in range(NUM_SEATS)])
    """Wild flowers held (none in MCR)."""
    """The kind each tile id plays as (MCR has no substitutes: itself)."""

    @property
    def is_over(self) -> bool:
        return False

    def seat_wind(self, seat: int) -> int:
        return (seat - self.dealer) % self.n

    def analysis_counts(self, seat: int) -> tuple[bytearray, int]:
        """As :meth:`Table.analysis_counts` (MCR: no wilds, no substitutes)."""
        return self.hands[seat], 0

    def hand_rules(self, seat: int) -> HandRules:
        """As :meth:`Table.hand_rules`: the rule set's static hand rules (the
        Botzone rule sets do not change them during a hand)."""
        return self.ruleset.hand_rules

    def concealed_tiles(self, seat: int) -> list[int]:
        return [k for k in range(34) for _ in range(self.hands[seat][k])]

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self.legal) if seat == self.seat else []

    def observe(self, seat: int) -> dict[str, Any]:
        """As :meth:`Table.observe` (other seats' hand sizes are 0)."""
        return observation(self, seat)


class _Ask(enum.Enum):
    """What the current request asks of this seat."""

    NOTHING = "pass"
    TURN = "turn"
    CLAIM = "claim"
    ROB = "rob"


class BotzoneSeat:
    """One seat's game, rebuilt from the protocol, and its answers.

    Feed it every request with :meth:`observe` (and this seat's response to
    it with :meth:`record`), or let :meth:`respond` do both for the newest
    request: it lists the legal responses under :class:`BotzoneMCR` and asks
    ``bot`` (any :class:`~mahjong_core.bots.ViewBot`) to choose, through a
    :class:`SeatView`.  A HU is offered only when the hand scores the 8 fan
    the rule set needs, counted exactly as the judge's engine counts it.

    ``flowers``: whether the game has flowers (walls of 36 instead of 34);
    ``None`` decides from what is seen (a flower in the deal or a BUHUA).

    >>> seat = BotzoneSeat()
    >>> for line in ("0 1 0", "1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 F1", "3 0 DRAW"):
    ...     str(seat.respond(line))
    'PASS'
    'PASS'
    'PASS'
    >>> str(seat.respond("3 0 PLAY F1"))
    'HU'
    """

    def __init__(self, bot: ViewBot | None = None, *, flowers: bool | None = None) -> None:
        self.bot: ViewBot = bot if bot is not None else GreedyBot()
        self.flowers_hint = flowers
        self.ruleset: BotzoneMCR = BotzoneMCR()
        self.turns = 0
        """Requests observed so far (the 1-based number of the latest)."""
        self.seat = -1
        self.quan = 0
        self.dealer = 0
        self.hand = bytearray(34)
        self.melds: list[list[Meld]] = [[] for _ in range(NUM_SEATS)]
        self.meld_sources: list[list[int | None]] = [[] for _ in range(NUM_SEATS)]
        self.hidden_kongs = [0] * NUM_SEATS
        """Concealed kongs of other seats (their kind is not shown)."""
        self.discards: list[list[int]] = [[] for _ in range(NUM_SEATS)]
        self.flowers: list[list[int]] = [[] for _ in range(NUM_SEATS)]
        self.taken = [0] * NUM_SEATS
        """Tiles each seat has taken from its own wall (flowers included)."""
        self.draws_made = [0] * NUM_SEATS
        """Draws after the deal, counted as the engine counts them."""
        self.flowers_seen = False
        self.last_discard: tuple[int, int] | None = None
        self.pending_kong: tuple[int, int] | None = None
        self.drawn: int | None = None
        self.after_kong = False
        self.kong_fed_by: int | None = None
        self.ask = _Ask.NOTHING
        self._dealer_drew = False
        self._next_draw_kong: list[tuple[bool, int | None]] = [(False, None)] * NUM_SEATS
        self._prev: Request | None = None
        self._last_response: Response | None = None

    # ------------------------------------------------------------ walls
    @property
    def wall_size(self) -> int:
        """Tiles in each seat's wall: 36 with flowers, else 34."""
        if self.flowers_hint is not None:
            return 36 if self.flowers_hint else 34
        return 36 if self.flowers_seen or max(self.taken) > 34 else 34

    def left(self, seat: int) -> int:
        """Tiles ``seat`` may still draw from its wall."""
        return max(0, self.wall_size - self.taken[seat])

    # ------------------------------------------------------------ replay
    def _fail(self, message: str, text: str) -> ProtocolError:
        return ProtocolError(message, turn=self.turns, text=text)

    _STATE = (
        "turns", "seat", "quan", "hand", "melds", "meld_sources", "hidden_kongs", "discards", "flowers",
        "taken", "draws_made", "flowers_seen", "last_discard", "pending_kong", "drawn", "after_kong",
        "kong_fed_by", "ask", "_dealer_drew", "_next_draw_kong", "_prev", "_last_response",
    )

    def _snapshot(self) -> dict[str, Any]:
        return {name: _copy(getattr(self, name)) for name in self._STATE}

    def observe(self, request: Request | str) -> None:
        """Take in the next request (text or value).  A request that cannot be
        read, or that does not fit the game so far, raises
        :class:`ProtocolError` naming the turn, and changes nothing."""
        saved = self._snapshot()
        try:
            self._observe(request)
        except ProtocolError:
            for name, value in saved.items():
                setattr(self, name, value)
            raise

    def _observe(self, request: Request | str) -> None:
        self.turns += 1
        text = request if isinstance(request, str) else str(request)
        req = parse_request(request, turn=self.turns) if isinstance(request, str) else request
        self._finish_kong()
        self.ask = _Ask.NOTHING
        if self.turns == 1 and not isinstance(req, SeatRequest):
            raise self._fail(f"the first request gives the seat ('0 seat quan'), got {text!r}", text)
        if self.turns == 2 and not isinstance(req, DealRequest):
            raise self._fail(f"the second request is the deal ('1 ...'), got {text!r}", text)
        if isinstance(req, SeatRequest):
            if self.turns != 1:
                raise self._fail(f"the seat is given in the first request only, got {text!r}", text)
            self.seat, self.quan = req.seat, req.quan
        elif isinstance(req, DealRequest):
            if self.turns != 2:
                raise self._fail(f"the deal comes in the second request only, got {text!r}", text)
            self._deal(req)
        elif isinstance(req, DrawRequest):
            self._draw(self.seat, req.tile)
            self.ask = _Ask.TURN
        else:
            self._event(req, text)
        self._prev = req

    def record(self, response: Response | str) -> None:
        """Take in this seat's response to the latest request."""
        self._last_response = parse_response(response, turn=self.turns) if isinstance(response, str) else response

    def _deal(self, req: DealRequest) -> None:
        for t in req.hand:
            if self.hand[t] >= 4:
                raise self._fail(f"five copies of {tile_to_code(t)} in the deal", str(req))
            self.hand[t] += 1
        for s in range(NUM_SEATS):
            self.flowers[s] = list(req.flowers_of(s))
            self.taken[s] = 13 + req.flower_counts[s]
        if req.flowers:
            self.flowers_seen = True

    def _draw(self, seat: int, tile: int | None) -> None:
        self.taken[seat] += 1
        # (a rule set that deals the dealer 14 sends its 14th as a first "draw")
        first = not self.ruleset.dealer_draws_first and seat == self.dealer and not self._dealer_drew
        if seat == self.dealer:
            self._dealer_drew = True
        if not first:
            self.draws_made[seat] += 1
        after_kong, fed_by = self._next_draw_kong[seat]
        self._next_draw_kong[seat] = (False, None)
        if seat == self.seat and tile is not None:
            if self.hand[tile] >= 4:
                raise self._fail(f"drew a fifth {tile_to_code(tile)}", f"2 {tile_to_code(tile)}")
            self.hand[tile] += 1
            self.drawn = None if first else tile  # the deal's 14th tile is no draw to the engine
            self.after_kong = after_kong
            self.kong_fed_by = fed_by

    def _take_from_hand(self, tile: int, n: int, text: str) -> None:
        if self.hand[tile] < n:
            raise self._fail(f"this seat holds {self.hand[tile]} {tile_to_code(tile)}, the request needs {n}", text)
        self.hand[tile] -= n

    def _claimed(self, text: str) -> tuple[int, int]:
        """Remove the last discard from its discarder's river (it was claimed)."""
        if self.last_discard is None:
            raise self._fail(f"{text!r} claims a discard, but none was made", text)
        q, t = self.last_discard
        if not self.discards[q] or self.discards[q][-1] != t:
            raise self._fail(f"{text!r}: the last discard is no longer in play", text)
        self.discards[q].pop()
        self.last_discard = None
        return q, t

    def _discard(self, seat: int, tile: int, text: str) -> None:
        if seat == self.seat:
            self._take_from_hand(tile, 1, text)
            self.after_kong = False
            self.kong_fed_by = None
            self.drawn = None
        self.discards[seat].append(tile)
        self.last_discard = (seat, tile)
        self.ask = _Ask.CLAIM if seat != self.seat else _Ask.NOTHING

    def _event(self, ev: PlayerEvent, text: str) -> None:
        p = ev.seat
        me = p == self.seat
        if ev.op == Op.DRAW:
            if me:
                raise self._fail(f"{text!r}: this seat's own draws come as '2 tile'", text)
            self._draw(p, None)
        elif ev.op == Op.BUHUA:
            assert ev.tile is not None
            self.flowers[p].append(ev.tile)
            self.taken[p] += 1
            self.flowers_seen = True
        elif ev.op == Op.PLAY:
            assert ev.tile is not None
            self._discard(p, ev.tile, text)
        elif ev.op == Op.PENG:
            assert ev.discard is not None
            q, t = self._claimed(text)
            if me:
                self._take_from_hand(t, 2, text)
            self.melds[p].append(Meld(MeldKind.PON, (t, t, t)))
            self.meld_sources[p].append(q)
            self._discard(p, ev.discard, text)
        elif ev.op == Op.CHI:
            assert ev.tile is not None and ev.discard is not None
            q, t = self._claimed(text)
            chow = (ev.tile - 1, ev.tile, ev.tile + 1)
            if t not in chow:
                raise self._fail(f"{text!r}: the chow does not hold the discard {tile_to_code(t)}", text)
            if me:
                used = list(chow)
                used.remove(t)
                for k in used:
                    self._take_from_hand(k, 1, text)
            self.melds[p].append(Meld(MeldKind.CHI, chow))
            self.meld_sources[p].append(q)
            self._discard(p, ev.discard, text)
        elif ev.op == Op.GANG:
            prev = self._prev
            concealed = (isinstance(prev, DrawRequest) and me) or (
                isinstance(prev, PlayerEvent) and prev.op == Op.DRAW and prev.seat == p
            )
            if concealed:
                if me:
                    r = self._last_response
                    if r is None or r.kind != ResponseKind.GANG or r.tile is None:
                        raise self._fail(f"{text!r}: this seat did not answer 'GANG tile' to its draw", text)
                    self._take_from_hand(r.tile, 4, text)
                    self.melds[p].append(Meld(MeldKind.ANKAN, (r.tile,) * 4))
                    self.meld_sources[p].append(None)
                else:
                    self.hidden_kongs[p] += 1
                self._next_draw_kong[p] = (True, None)
            else:
                q, t = self._claimed(text)
                if me:
                    self._take_from_hand(t, 3, text)
                self.melds[p].append(Meld(MeldKind.KAN, (t,) * 4))
                self.meld_sources[p].append(q)
                self._next_draw_kong[p] = (True, q)
        elif ev.op == Op.BUGANG:
            assert ev.tile is not None
            if not any(m.kind == MeldKind.PON and m.kind_of == ev.tile for m in self.melds[p]):
                raise self._fail(f"{text!r}: seat {p} has no pung of {tile_to_code(ev.tile)}", text)
            if me:
                self._take_from_hand(ev.tile, 1, text)
            self.pending_kong = (p, ev.tile)
            self.ask = _Ask.ROB if not me else _Ask.NOTHING

    def _finish_kong(self) -> None:
        """An added kong stands once the next request comes (nobody robbed it)."""
        if self.pending_kong is None:
            return
        p, t = self.pending_kong
        self.pending_kong = None
        for i, m in enumerate(self.melds[p]):
            if m.kind == MeldKind.PON and m.kind_of == t:
                self.melds[p][i] = Meld(MeldKind.KAKAN, (t,) * 4)
                break
        self._next_draw_kong[p] = (True, None)

    # ------------------------------------------------------------ legality
    def _visible(self) -> list[int]:
        out = [0] * 34
        for s in range(NUM_SEATS):
            for k in self.discards[s]:
                out[k] += 1
            for m in self.melds[s]:
                if not m.is_concealed:
                    for k in m.tiles:
                        out[k] += 1
        return out

    def win_context(self, tile: int | None, *, robbed: bool = False) -> WinContext | None:
        """The context of a win by this seat (self-drawn when ``tile`` is
        None), or None when the hand does not win with the fan the rule set
        needs.  Built as the engine builds it, so the judge agrees."""
        counts = bytearray(self.hand)
        if tile is not None:
            counts[tile] += 1
        rs = self.ruleset
        rules = self.view().hand_rules(self.seat)
        cc = Counts(list(counts))
        if not is_win(cc, 0, rules):
            return None
        self_drawn = tile is None
        win_tile = self.drawn if self_drawn and self.drawn is not None else (tile if tile is not None else -1)
        discarder: int | None = None
        if not self_drawn:
            if robbed:
                discarder = self.pending_kong[0] if self.pending_kong else None
            else:
                discarder = self.last_discard[0] if self.last_discard else None
        fourth = False
        if win_tile >= 0:
            fourth = self._visible()[win_tile] + (0 if self_drawn else -1) >= 3
        no_calls = not any(self.melds) and not any(self.hidden_kongs)
        seat = self.seat
        ref = seat if discarder is None else discarder
        ctx = WinContext(
            seat=seat,
            concealed=tuple(k for k in range(34) for _ in range(counts[k])),
            win_tile=win_tile,
            melds=tuple(self.melds[seat]),
            meld_sources=tuple(self.meld_sources[seat]),
            self_drawn=self_drawn,
            discarder=discarder,
            dealer=seat == self.dealer,
            seat_wind=(seat - self.dealer) % NUM_SEATS,
            round_wind=self.quan,
            flowers=tuple(self.flowers[seat]),
            wilds=0,
            wild_kinds=frozenset(),
            kong_replacement=self_drawn and self.after_kong,
            kong_fed_by=self.kong_fed_by if self_drawn and self.after_kong else None,
            robbed_kong=robbed,
            last_tile=self.left((ref + 1) % NUM_SEATS) == 0 and not robbed,
            first_turn=no_calls and self_drawn and self.draws_made[seat] == (
                0 if seat == self.dealer and not rs.dealer_draws_first else 1
            ),
            first_go_around=(not self_drawn) and no_calls and self.draws_made[seat] == 0,
            fourth_tile=fourth,
            declared_ready=False,
            decompositions=decompositions(cc, wilds=0, rules=rules),
        )
        sheet = rs.score(ctx)
        if not rs.can_win(ctx, sheet):
            return None
        return ctx

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions for the latest request, as engine
        actions in ascending id order (an empty list: only PASS is legal)."""
        s = self.seat
        hand = self.hand
        if self.ask == _Ask.TURN:
            out = [Action(ActionKind.DISCARD, s, k) for k in range(34) if hand[k]]
            if self.left(s) > 0:
                out += [Action(ActionKind.CONCEALED_KONG, s, k) for k in range(34) if hand[k] == 4]
                out += [
                    Action(ActionKind.ADDED_KONG, s, m.kind_of)
                    for m in self.melds[s] if m.kind == MeldKind.PON and hand[m.kind_of]
                ]
            if self.win_context(None) is not None:
                out.append(Action(ActionKind.WIN, s))
            return sorted(out, key=lambda a: a.id)
        if self.ask == _Ask.ROB:
            assert self.pending_kong is not None
            if self.win_context(self.pending_kong[1], robbed=True) is not None:
                return [Action(ActionKind.WIN, s), Action(ActionKind.PASS, s)]
            return []
        if self.ask != _Ask.CLAIM:
            return []
        assert self.last_discard is not None
        q, t = self.last_discard
        win = self.win_context(t) is not None
        if self.left((q + 1) % NUM_SEATS) == 0:  # the last discard: only a win
            return [Action(ActionKind.WIN, s), Action(ActionKind.PASS, s)] if win else []
        out = []
        if t < 27 and s == (q + 1) % NUM_SEATS:
            i = t % 9
            for low in range(max(0, i - 2), min(6, i) + 1):
                k0 = t - i + low
                if all(hand[k] for k in (k0, k0 + 1, k0 + 2) if k != t):
                    out.append(Action(ActionKind.CHOW, s, k0))
        if hand[t] >= 2:
            out.append(Action(ActionKind.PUNG, s))
            if hand[t] >= 3 and self.left(s) > 0:
                out.append(Action(ActionKind.KONG, s))
        if win:
            out.append(Action(ActionKind.WIN, s))
        if out:
            out.append(Action(ActionKind.PASS, s))
        return out

    def view(self, legal: Sequence[Action] = (), phase: Phase | None = None) -> SeatView:
        """A :class:`SeatView` of the current state."""
        hands = [bytearray(34) for _ in range(NUM_SEATS)]
        if self.seat >= 0:
            hands[self.seat] = self.hand
        if phase is None:
            phase = {_Ask.TURN: Phase.TURN, _Ask.ROB: Phase.ROB}.get(self.ask, Phase.CLAIMS)
        turn = self.seat if phase == Phase.TURN else (self.last_discard[0] if self.last_discard else 0)
        nxt = ((self.last_discard[0] if self.last_discard else self.seat) + 1) % NUM_SEATS
        return SeatView(
            seat=self.seat,
            ruleset=self.ruleset,
            hands=hands,
            melds=self.melds,
            meld_sources=self.meld_sources,
            discards=self.discards,
            flowers=self.flowers,
            phase=phase,
            turn=turn,
            last_discard=self.last_discard,
            live_tiles=self.left(nxt if phase != Phase.TURN else (self.seat + 1) % NUM_SEATS),
            legal=list(legal),
            round_wind=self.quan,
            dealer=self.dealer,
            drawn=self.drawn,
        )

    # ------------------------------------------------------------ answers
    def decide(self) -> Response:
        """The bot's response to the latest request (always a legal one)."""
        legal = self.legal_actions()
        if not legal:
            return PASS
        s = self.seat
        pick = self.bot.choose(self.view(legal), s, legal)
        if pick not in legal:
            raise ProtocolError(f"bot {type(self.bot).__name__} chose {pick}, which is not legal", turn=self.turns)
        if pick.kind not in (ActionKind.PUNG, ActionKind.CHOW):
            return action_to_response(pick)
        return action_to_response(pick, self._discard_after(pick))

    def _discard_after(self, claim: Action) -> int:
        """Ask the bot which tile to discard after ``claim`` (a pung or chow):
        the view shows the meld made."""
        assert self.last_discard is not None
        q, t = self.last_discard
        hand = self.hand
        if claim.kind == ActionKind.PUNG:
            used = [t, t]
            meld = Meld(MeldKind.PON, (t, t, t))
        else:
            chow = [claim.tile, claim.tile + 1, claim.tile + 2]
            chow.remove(t)
            used = chow
            meld = Meld(MeldKind.CHI, (claim.tile, claim.tile + 1, claim.tile + 2))
        for k in used:
            hand[k] -= 1
        self.melds[self.seat].append(meld)
        self.meld_sources[self.seat].append(q)
        river = self.discards[q].pop()
        try:
            legal = [Action(ActionKind.DISCARD, self.seat, k) for k in range(34) if hand[k]]
            view = self.view(legal, Phase.TURN)
            pick = self.bot.choose(view, self.seat, legal)
            if pick not in legal:
                raise ProtocolError(f"bot {type(self.bot).__name__} chose {pick} after {claim}, which is not legal",
                                    turn=self.turns)
            return pick.tile
        finally:
            self.discards[q].append(river)
            self.melds[self.seat].pop()
            self.meld_sources[self.seat].pop()
            for k in used:
                hand[k] += 1

    def respond(self, request: Request | str) -> Response:
        """Observe ``request``, decide, record and return the response."""
        self.observe(request)
        response = self.decide()
        self.record(response)
        return response

    def replay(self, requests: Sequence[str], responses: Sequence[str]) -> None:
        """Observe a history: ``requests[i]`` answered by ``responses[i]``
        (there may be one request more: the current one, not answered)."""
        if not len(responses) <= len(requests) <= len(responses) + 1:
            raise ProtocolError(f"{len(requests)} requests do not fit {len(responses)} responses")
        for i, req in enumerate(requests):
            self.observe(req)
            if i < len(responses):
                self.record(responses[i])


def _copy(value: Any) -> Any:
    """A copy deep enough for the seat's state (lists of lists, bytearrays)."""
    if isinstance(value, bytearray):
        return bytearray(value)
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def make_seat(bot: str = "greedy", *, seed: int | None = None, flowers: bool | None = None) -> BotzoneSeat:
    """A :class:`BotzoneSeat` answering with one of this package's bots by name."""
    return BotzoneSeat(make_bot(bot, seed), flowers=flowers)


def answer(inp: BotInput, bot: str = "greedy", *, seed: int | None = None, flowers: bool | None = None) -> Response:
    """The response of a fresh seat to a full bot input (one Botzone run)."""
    seat = make_seat(bot, seed=seed, flowers=flowers)
    seat.replay(inp.requests[:-1], inp.responses)
    return seat.respond(inp.requests[-1])
