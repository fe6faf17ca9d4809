"""Tests for mahjong_core.tiles: notation, names, glyphs, counts and melds."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_core import tiles
from mahjong_core.errors import InvalidHandError, InvalidNotationError, MahjongError
from mahjong_core.tiles import (
    FLOWERS,
    KIND_NAMES,
    NUM_KINDS,
    NUM_TILES,
    Meld,
    MeldKind,
    counts_of,
    format_tiles,
    parse_melds,
    parse_tile,
    parse_tiles,
    tile_name,
)

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------


def test_constants() -> None:
    assert NUM_KINDS == 34
    assert NUM_TILES == 42
    assert FLOWERS == range(34, 42)
    assert len(KIND_NAMES) == NUM_TILES
    assert KIND_NAMES[:9] == tuple(f"{d}m" for d in range(1, 10))
    assert KIND_NAMES[9] == "1p" and KIND_NAMES[18] == "1s"
    assert KIND_NAMES[27:34] == tuple(f"{d}z" for d in range(1, 8))
    assert KIND_NAMES[34:] == tuple(f"{d}f" for d in range(1, 9))


def test_all_names_exist() -> None:
    for name in tiles.__all__:
        assert hasattr(tiles, name), name


@pytest.mark.parametrize("tile", range(NUM_TILES))
def test_kind_names_parse_back(tile: int) -> None:
    assert parse_tiles(KIND_NAMES[tile]) == [tile]
    assert parse_tile(KIND_NAMES[tile].upper()) == tile
    assert format_tiles([tile]) == KIND_NAMES[tile]


def test_module_doctests() -> None:
    result = doctest.testmod(tiles, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


# ---------------------------------------------------------------------------
# Parsing: compact, upper case, Chinese, glyphs
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", []),
        ("   ", []),
        ("1m", [0]),
        ("9m", [8]),
        ("1p", [9]),
        ("9p", [17]),
        ("1s", [18]),
        ("9s", [26]),
        ("1z", [27]),
        ("7z", [33]),
        ("1f", [34]),
        ("8f", [41]),
        ("123m456p789s1234567z", [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33]),
        ("19m19p19s1234567z", [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]),
        ("321m", [2, 1, 0]),
        ("1m2m1p1m", [0, 1, 9, 0]),
        ("11z 22z\t33z\n", [27, 27, 28, 28, 29, 29]),
        ("12345678f", list(range(34, 42))),
        ("5m 5m", [4, 4]),
        ("1111m", [0, 0, 0, 0]),
        ("11111m", [0, 0, 0, 0, 0]),  # notation does not count copies
    ],
)
def test_parse_compact(text: str, expected: list[int]) -> None:
    assert parse_tiles(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("123M", [0, 1, 2]),
        ("456P", [12, 13, 14]),
        ("789S", [24, 25, 26]),
        ("1234567Z", list(range(27, 34))),
        ("18F", [34, 41]),
        ("1M2p3S4z5F", [0, 10, 20, 30, 38]),
    ],
)
def test_parse_upper_case(text: str, expected: list[int]) -> None:
    assert parse_tiles(text) == expected


_CN_DIGITS = "一二三四五六七八九"

_CHINESE: list[tuple[str, int]] = (
    [(f"{d}{suit}", i) for suit in "万萬" for i, d in enumerate(_CN_DIGITS)]
    + [(f"{d}{suit}", 9 + i) for suit in "筒饼餅" for i, d in enumerate(_CN_DIGITS)]
    + [(f"{d}{suit}", 18 + i) for suit in "条條索" for i, d in enumerate(_CN_DIGITS)]
    + [
        (f"{i + 1}{suit}", base + i)
        for suit, base in [("万", 0), ("筒", 9), ("饼", 9), ("条", 18), ("索", 18)]
        for i in range(9)
    ]
    + [
        ("东", 27), ("東", 27), ("东风", 27), ("東風", 27),
        ("南", 28), ("南风", 28), ("西", 29), ("西风", 29), ("北", 30), ("北風", 30),
        ("白", 31), ("白板", 31),
        ("发", 32), ("發", 32), ("發財", 32), ("发财", 32),
        ("中", 33), ("红中", 33), ("紅中", 33),
        ("春", 34), ("夏", 35), ("秋", 36), ("冬", 37),
        ("梅", 38), ("兰", 39), ("蘭", 39), ("竹", 40), ("菊", 41),
    ]
)


@pytest.mark.parametrize(("text", "tile"), _CHINESE)
def test_parse_chinese_name(text: str, tile: int) -> None:
    assert parse_tiles(text) == [tile]
    assert parse_tile(text) == tile
    # Names mix with compact notation and each other, in order.
    assert parse_tiles(f"1m{text}9s") == [0, tile, 26]
    assert parse_tiles(f"{text} {text}") == [tile, tile]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("一万二万三万", [0, 1, 2]),
        ("123万", [0, 1, 2]),
        ("东南西北白发中", list(range(27, 34))),
        ("中发白", [33, 32, 31]),
        ("白板發財紅中", [31, 32, 33]),
        ("春夏秋冬梅兰竹菊", list(range(34, 42))),
        ("12m三筒 4s东", [0, 1, 11, 21, 27]),
        ("五饼5p五筒", [13, 13, 13]),
        ("东东东", [27, 27, 27]),
    ],
)
def test_parse_chinese_mixed(text: str, expected: list[int]) -> None:
    assert parse_tiles(text) == expected


_GLYPH_CODES: list[tuple[int, int]] = (
    [(i, 0x1F007 + i) for i in range(9)]
    + [(9 + i, 0x1F019 + i) for i in range(9)]
    + [(18 + i, 0x1F010 + i) for i in range(9)]
    + [(27, 0x1F000), (28, 0x1F001), (29, 0x1F002), (30, 0x1F003),
       (31, 0x1F006), (32, 0x1F005), (33, 0x1F004)]
    + [(34, 0x1F026), (35, 0x1F027), (36, 0x1F028), (37, 0x1F029),
       (38, 0x1F022), (39, 0x1F023), (40, 0x1F024), (41, 0x1F025)]
)


@pytest.mark.parametrize(("tile", "code"), _GLYPH_CODES)
def test_glyphs(tile: int, code: int) -> None:
    assert format_tiles([tile], glyphs=True) == chr(code)
    assert parse_tiles(chr(code)) == [tile]


def test_glyph_examples() -> None:
    assert len({code for _, code in _GLYPH_CODES}) == NUM_TILES
    assert format_tiles([33, 0, 27], glyphs=True) == "\U0001F007\U0001F000\U0001F004"
    assert format_tiles([33, 0, 27], glyphs=True, sort=False) == "\U0001F004\U0001F007\U0001F000"
    assert format_tiles([], glyphs=True) == ""
    # The emoji presentation of the red dragon carries a variation selector.
    assert parse_tiles("\U0001F004\ufe0f\U0001F007") == [33, 0]


# ---------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ids", "sort", "expected"),
    [
        ([], True, ""),
        ([], False, ""),
        ([27, 0, 1], True, "12m1z"),
        ([27, 0, 1], False, "1z12m"),
        ([0, 1, 9, 0], False, "12m1p1m"),
        ([0, 1, 9, 0], True, "112m1p"),
        ([41, 33, 26, 17, 8], True, "9m9p9s7z8f"),
        ([41, 33, 26, 17, 8], False, "8f7z9s9p9m"),
        ([2, 1, 0], False, "321m"),
        ([4, 4, 4, 4], True, "5555m"),
    ],
)
def test_format_tiles(ids: list[int], sort: bool, expected: str) -> None:
    assert format_tiles(ids, sort=sort) == expected


def test_format_accepts_any_iterable() -> None:
    assert format_tiles(iter([1, 0])) == "12m"
    assert format_tiles(t for t in (9, 0)) == "1m1p"
    assert format_tiles(range(34, 42)) == "12345678f"


@pytest.mark.parametrize("bad", [[-1], [42], [0, 100], ["1m"], [1.0], [None]])
def test_format_rejects_bad_ids(bad: list[object]) -> None:
    with pytest.raises(InvalidHandError):
        format_tiles(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError):
        format_tiles(bad, glyphs=True)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Parse errors
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "position", "bad"),
    [
        ("12x3m", 2, "x"),
        ("x", 0, "x"),
        ("123m!", 4, "!"),
        ("123m45", 4, "45"),  # digits without a suit letter: the run is named
        ("1", 0, "1"),
        ("12 3m", 2, " "),  # whitespace inside a digit run
        ("12东", 2, "东"),
        ("105m", 1, "0"),  # no red fives
        ("0m", 0, "0"),
        ("18z", 1, "8"),
        ("9z", 0, "9"),
        ("9f", 0, "9"),
        ("m", 0, "m"),
        ("123mm", 4, "m"),
        ("1m P", 3, "P"),
        ("万", 0, "万"),
        ("一", 0, "一"),
        ("一东", 1, "东"),
        ("一m", 1, "m"),
        ("红", 0, "红"),
        ("红白", 1, "白"),
        ("1m 风", 3, "风"),
        ("板", 0, "板"),
        ("1m\U0001F02B", 2, "\U0001F02B"),  # tile back is not a tile
        ("１m", 0, "１"),  # full-width digit
    ],
)
def test_parse_errors(text: str, position: int, bad: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_tiles(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, MahjongError)
    assert error.text == text
    assert error.position == position
    assert text[position:].startswith(bad)
    message = str(error)
    assert repr(text) in message
    assert repr(bad) in message
    assert f"position {position}" in message


def test_parse_error_message_format() -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_tiles("12x3m")
    assert str(info.value) == "invalid tile notation '12x3m': unexpected 'x' at position 2"


@pytest.mark.parametrize("text", ["", "12m", "东南", "   "])
def test_parse_tile_needs_exactly_one(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_tile(text)
    assert repr(text) in str(info.value)


# ---------------------------------------------------------------------------
# Round trips and fuzzing
# ---------------------------------------------------------------------------

tile_lists = st.lists(st.integers(min_value=0, max_value=NUM_TILES - 1), max_size=30)


@given(tile_lists)
def test_round_trip_unsorted(ids: list[int]) -> None:
    assert parse_tiles(format_tiles(ids, sort=False)) == ids


@given(tile_lists)
def test_round_trip_sorted(ids: list[int]) -> None:
    text = format_tiles(ids)
    assert parse_tiles(text) == sorted(ids)
    assert format_tiles(parse_tiles(text)) == text
    assert format_tiles(ids, sort=False) == format_tiles(ids, sort=False).strip()


@given(tile_lists)
def test_round_trip_glyphs(ids: list[int]) -> None:
    assert parse_tiles(format_tiles(ids, glyphs=True, sort=False)) == ids
    assert parse_tiles(format_tiles(ids, glyphs=True)) == sorted(ids)


@given(tile_lists)
def test_round_trip_chinese_names(ids: list[int]) -> None:
    assert parse_tiles(" ".join(tile_name(t, "zh") for t in ids)) == ids
    assert parse_tiles("".join(tile_name(t, "zh") for t in ids)) == ids


# Characters that matter to the parser, so the fuzzer reaches deep states.
_NOTATION_ALPHABET = st.sampled_from(
    list("0123456789mpszfMPSZF xX[],;\t")
    + list("一二三四五六七八九万萬筒饼餅条條索")
    + list("东東南西北风風白板发發财財中红紅春夏秋冬梅兰蘭竹菊")
    + [chr(c) for c in range(0x1F000, 0x1F02C)]
    + ["\ufe0f", "１"]
)


def _check_parse_tiles(text: str) -> None:
    try:
        result = parse_tiles(text)
    except InvalidNotationError as error:
        assert error.text == text
        assert error.position is not None
        assert 0 <= error.position < len(text)
        assert repr(text) in str(error)
    else:
        assert all(0 <= t < NUM_TILES for t in result)
        # Whatever parses formats back to something that parses the same.
        assert parse_tiles(format_tiles(result, sort=False)) == result


@given(st.text())
def test_fuzz_parse_tiles_any_text(text: str) -> None:
    _check_parse_tiles(text)


@given(st.text(_NOTATION_ALPHABET))
def test_fuzz_parse_tiles_notation_text(text: str) -> None:
    _check_parse_tiles(text)


_MELD_WORDS = st.sampled_from(["chi ", "pon ", "kan ", "ankan ", "kakan ", "吃", "碰", "暗杠"])


@given(st.lists(_NOTATION_ALPHABET | _MELD_WORDS).map("".join))
def test_fuzz_melds(text: str) -> None:
    try:
        melds = parse_melds(text)
    except (InvalidNotationError, InvalidHandError):
        return
    assert parse_melds(", ".join(str(m) for m in melds)) == melds


# ---------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tile", "en", "zh"),
    [
        (0, "1m", "一万"),
        (8, "9m", "九万"),
        (13, "5p", "五筒"),
        (22, "5s", "五条"),
        (27, "East", "东"),
        (28, "South", "南"),
        (29, "West", "西"),
        (30, "North", "北"),
        (31, "White", "白"),
        (32, "Green", "发"),
        (33, "Red", "中"),
        (34, "Spring", "春"),
        (35, "Summer", "夏"),
        (36, "Autumn", "秋"),
        (37, "Winter", "冬"),
        (38, "Plum", "梅"),
        (39, "Orchid", "兰"),
        (40, "Bamboo", "竹"),
        (41, "Chrysanthemum", "菊"),
    ],
)
def test_tile_name(tile: int, en: str, zh: str) -> None:
    assert tile_name(tile) == en
    assert tile_name(tile, "en") == en
    assert tile_name(tile, "zh") == zh


@pytest.mark.parametrize("tile", range(NUM_TILES))
def test_zh_names_parse_back(tile: int) -> None:
    assert parse_tile(tile_name(tile, "zh")) == tile


def test_tile_name_errors() -> None:
    with pytest.raises(InvalidHandError):
        tile_name(42)
    with pytest.raises(InvalidHandError):
        tile_name(-1)
    with pytest.raises(ValueError, match="'fr'"):
        tile_name(0, "fr")


# ---------------------------------------------------------------------------
# Counts
# ---------------------------------------------------------------------------


def test_counts_of() -> None:
    counts = counts_of(parse_tiles("1112345678999m"))
    assert counts[:9] == [3, 1, 1, 1, 1, 1, 1, 1, 3]
    assert sum(counts) == 13
    assert len(counts) == NUM_KINDS
    assert counts_of([]) == [0] * NUM_KINDS
    assert counts_of(parse_tiles("7777z"))[33] == 4


@given(st.lists(st.integers(min_value=0, max_value=NUM_KINDS - 1), max_size=20))
def test_counts_of_matches_list_count(ids: list[int]) -> None:
    if any(ids.count(t) > 4 for t in ids):
        with pytest.raises(InvalidHandError, match="five copies"):
            counts_of(ids)
    else:
        assert counts_of(ids) == [ids.count(t) for t in range(NUM_KINDS)]


def test_counts_of_rejects_fifth_copy() -> None:
    with pytest.raises(InvalidHandError, match="five copies of '1m'"):
        counts_of(parse_tiles("11111m"))
    with pytest.raises(InvalidHandError, match="five copies of '7z'"):
        counts_of(parse_tiles("中中中中中"))


@pytest.mark.parametrize("tile", list(FLOWERS))
def test_counts_of_rejects_flowers(tile: int) -> None:
    with pytest.raises(InvalidHandError, match=repr(KIND_NAMES[tile])):
        counts_of([0, tile])


@pytest.mark.parametrize("bad", [-1, 42, 1000])
def test_counts_of_rejects_bad_ids(bad: int) -> None:
    with pytest.raises(InvalidHandError):
        counts_of([bad])


# ---------------------------------------------------------------------------
# Melds
# ---------------------------------------------------------------------------


def _all_valid_melds() -> list[Meld]:
    melds = [
        Meld(MeldKind.CHI, (suit + d, suit + d + 1, suit + d + 2))
        for suit in (0, 9, 18)
        for d in range(7)
    ]
    melds += [Meld(MeldKind.PON, (t, t, t)) for t in range(NUM_KINDS)]
    for kind in (MeldKind.KAN, MeldKind.ANKAN, MeldKind.KAKAN):
        melds += [Meld(kind, (t, t, t, t)) for t in range(NUM_KINDS)]
    return melds


_VALID_MELDS = _all_valid_melds()
_ZH_KEYWORDS = {
    MeldKind.CHI: "吃",
    MeldKind.PON: "碰",
    MeldKind.KAN: "明杠",
    MeldKind.ANKAN: "暗杠",
    MeldKind.KAKAN: "加杠",
}


def test_number_of_valid_melds() -> None:
    assert len(_VALID_MELDS) == 21 + 34 * 4
    assert len(set(_VALID_MELDS)) == len(_VALID_MELDS)  # hashable and distinct


@pytest.mark.parametrize("meld", _VALID_MELDS, ids=str)
def test_meld_round_trip(meld: Meld) -> None:
    text = str(meld)
    assert text == meld.to_str()
    assert text == f"{meld.kind.value} {format_tiles(meld.tiles)}"
    assert Meld.parse(text) == meld
    assert Meld.from_str(text) == meld
    assert Meld.parse(f"[{text}]") == meld
    assert Meld.parse(text.upper()) == meld
    zh_tiles = "".join(tile_name(t, "zh") for t in meld.tiles)
    assert Meld.parse(f"{_ZH_KEYWORDS[meld.kind]} {zh_tiles}") == meld
    assert Meld.parse(f"{_ZH_KEYWORDS[meld.kind]}{format_tiles(meld.tiles)}") == meld


@pytest.mark.parametrize(
    ("text", "kind", "ids"),
    [
        ("chi 123m", MeldKind.CHI, (0, 1, 2)),
        ("chi 312m", MeldKind.CHI, (0, 1, 2)),
        ("chi123m", MeldKind.CHI, (0, 1, 2)),
        ("[chi 234m]", MeldKind.CHI, (1, 2, 3)),
        ("  [ chi 789s ]  ", MeldKind.CHI, (24, 25, 26)),
        ("pon 555p", MeldKind.PON, (13, 13, 13)),
        ("kan 7777z", MeldKind.KAN, (33, 33, 33, 33)),
        ("ankan 2222m", MeldKind.ANKAN, (1, 1, 1, 1)),
        ("kakan 5555p", MeldKind.KAKAN, (13, 13, 13, 13)),
        ("CHI 123M", MeldKind.CHI, (0, 1, 2)),
        ("吃 一万二万三万", MeldKind.CHI, (0, 1, 2)),
        ("吃123m", MeldKind.CHI, (0, 1, 2)),
        ("碰 中中中", MeldKind.PON, (33, 33, 33)),
        ("杠 东东东东", MeldKind.KAN, (27, 27, 27, 27)),
        ("明杠 1111s", MeldKind.KAN, (18, 18, 18, 18)),
        ("暗杠 9999p", MeldKind.ANKAN, (17, 17, 17, 17)),
        ("加杠 5555m", MeldKind.KAKAN, (4, 4, 4, 4)),
        ("补杠 白白白白", MeldKind.KAKAN, (31, 31, 31, 31)),
        ("[碰 5p5p5p]", MeldKind.PON, (13, 13, 13)),
    ],
)
def test_meld_parse_examples(text: str, kind: MeldKind, ids: tuple[int, ...]) -> None:
    meld = Meld.parse(text)
    assert meld.kind is kind
    assert meld.tiles == ids


def test_meld_properties() -> None:
    chi = Meld.parse("chi 345s")
    assert chi.kind_of == 20 and not chi.is_kong and not chi.is_concealed
    pon = Meld.parse("pon 111z")
    assert pon.kind_of == 27 and not pon.is_kong and not pon.is_concealed
    kan = Meld.parse("kan 9999m")
    assert kan.kind_of == 8 and kan.is_kong and not kan.is_concealed
    ankan = Meld.parse("ankan 9999m")
    assert ankan.is_kong and ankan.is_concealed
    kakan = Meld.parse("kakan 9999m")
    assert kakan.is_kong and not kakan.is_concealed


def test_meld_is_immutable_value() -> None:
    meld = Meld(MeldKind.CHI, (3, 1, 2))
    assert meld.tiles == (1, 2, 3)
    assert meld == Meld(MeldKind.CHI, (1, 2, 3))
    assert hash(meld) == hash(Meld(MeldKind.CHI, (2, 3, 1)))
    with pytest.raises(AttributeError):
        meld.kind = MeldKind.PON  # type: ignore[misc]


@pytest.mark.parametrize(
    "text",
    [
        "chi 124m",
        "chi 135p",
        "chi 789m9p",  # not one suit (9m 1p 2p would be consecutive ids)
        "chi 891m",
        "chi 9m1p2p",
        "chi 9p1s2s",
        "chi 111m",
        "chi 1234m",
        "chi 12m",
        "chi 123z",  # honours
        "chi 567z",
        "chi 123f",
        "pon 556p",
        "pon 55p",
        "pon 5555p",
        "pon 111f",
        "kan 777z",
        "kan 77777z",
        "kan 7776z",
        "ankan 222m",
        "kakan 5556p",
        "kan 1111f",
        "ankan 春春春春",
    ],
)
def test_invalid_melds_shape(text: str) -> None:
    with pytest.raises(InvalidHandError) as info:
        Meld.parse(text)
    assert "invalid" in str(info.value)


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("chi 789z", 5),  # 8z does not exist
        ("foo 123m", 0),
        ("123m", 0),
        ("chi 1x3m", 5),
        ("[chi 123m", 0),
        ("chi", None),
        ("", None),
        ("[]", None),
        ("碰", None),
        ("pon 555", 4),
    ],
)
def test_invalid_melds_notation(text: str, position: int | None) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Meld.parse(text)
    assert info.value.position == position
    assert repr(text) in str(info.value)


def test_meld_constructor_rejects_bad_tiles() -> None:
    with pytest.raises(InvalidHandError):
        Meld(MeldKind.PON, (42, 42, 42))
    with pytest.raises(InvalidHandError):
        Meld(MeldKind.PON, (-1, -1, -1))
    with pytest.raises(InvalidHandError):
        Meld(MeldKind.KAN, (34, 34, 34, 34))


def test_parse_melds() -> None:
    assert parse_melds("") == []
    assert parse_melds("  ") == []
    melds = parse_melds("chi 123m, [pon 555p]; 暗杠 7777z，碰 东东东")
    assert [str(m) for m in melds] == ["chi 123m", "pon 555p", "ankan 7777z", "pon 111z"]
    assert parse_melds("chi 123m,") == parse_melds("chi 123m")


def test_parse_melds_error_positions_are_absolute() -> None:
    text = "chi 123m, pon 5x5p"
    with pytest.raises(InvalidNotationError) as info:
        parse_melds(text)
    assert info.value.position == text.index("x")
    assert info.value.text == text
    with pytest.raises(InvalidHandError, match="556p"):
        parse_melds("chi 123m; pon 556p")


@given(st.lists(st.sampled_from(_VALID_MELDS), max_size=5), st.sampled_from([", ", ";", " , ", "，"]))
def test_parse_melds_round_trip(melds: list[Meld], separator: str) -> None:
    assert parse_melds(separator.join(str(m) for m in melds)) == melds


@given(st.lists(st.integers(0, 6), min_size=34, max_size=34))
def test_counts_notation(values: list[int]) -> None:
    """The engine's record notation of a count buffer (counts above 4 too)
    is the sorted notation of its tiles, the Counts' own where it is one."""
    from mahjong_core import _native

    expected = format_tiles([k for k in range(34) for _ in range(values[k])])
    assert _native.counts_notation(bytearray(values)) == expected
    assert _native.counts_notation(bytes(values)) == expected
    if max(values) <= 4:
        assert _native.Counts(values).notation() == expected


@given(st.lists(st.integers(0, 6), min_size=34, max_size=34))
def test_held_kinds(values: list[int]) -> None:
    """The engine's discard list: the kinds a count buffer holds, ascending."""
    from mahjong_core import _native

    expected = [k for k in range(34) if values[k]]
    assert _native.held_kinds(bytearray(values)) == expected
    assert _native.held_kinds(memoryview(bytes(values))) == expected


def test_counts_notation_needs_34_counts() -> None:
    from mahjong_core import _native

    with pytest.raises(InvalidHandError, match="34 entries, got 33"):
        _native.counts_notation(bytearray(33))
