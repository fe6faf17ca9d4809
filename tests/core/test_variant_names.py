"""Names users can find: every rule set by its ASCII name, versioned id,
Chinese name and aliases; ``describe()`` and ``mahjong-core variants``."""

from __future__ import annotations

import json

import pytest

from mahjong_core.cli import main
from mahjong_core.errors import MahjongError
from mahjong_core.registry import available, find_variant, names_of


@pytest.mark.parametrize(("name", "want"), [
    ("guangdong", "guangdong"), ("GUANGDONG", "guangdong"), ("guangdong-v1", "guangdong"),
    ("广东鸡平和", "guangdong"), ("广东", "guangdong"), ("鸡平和", "guangdong"), ("鸡平胡", "guangdong"),
    (" Jipinghu ", "guangdong"),
    ("guobiao", "guobiao"), ("MCR", "guobiao"), ("国标", "guobiao"), ("国标麻将", "guobiao"),
    ("Guobiao-V1", "guobiao"),
])
def test_find_variant_by_every_name(name: str, want: str) -> None:
    assert find_variant(name).name == want


def test_unknown_names_list_the_known_ones() -> None:
    with pytest.raises(MahjongError, match=r"unsupported variant: '火星麻将'.*guangdong \(广东鸡平和\)"):
        find_variant("火星麻将")
    with pytest.raises(MahjongError, match="guobiao-v2"):
        find_variant("guobiao-v2")
    with pytest.raises(MahjongError, match="string"):
        find_variant(3)  # type: ignore[arg-type]


def test_names_do_not_collide() -> None:
    seen: dict[str, str] = {}
    for cls in available():
        for n in names_of(cls):
            assert seen.setdefault(n.casefold(), cls.name) == cls.name, n
            assert find_variant(n) is cls


def test_describe_lists_what_users_compare() -> None:
    for cls in available():
        d = cls.describe()
        assert {"name", "id", "zh", "aliases", "players", "wall_tiles", "hand_size", "wild_tiles", "options",
                "defaults"} <= set(d)
        assert d["options"] == list(d["defaults"])
        assert cls.from_options_json(d["defaults"]).options == cls().options
    gd = find_variant("guangdong").describe()
    assert (gd["players"], gd["wall_tiles"], gd["hand_size"], gd["wild_tiles"]) == (4, 136, 13, "none")
    assert gd["defaults"]["cap"] == 3 and gd["defaults"]["discard_payment"] == "discarder"
    assert gd["defaults"]["heaven_values"] == {"heaven": 6, "earth": 6, "human": 3}
    gb = find_variant("guobiao").describe()
    assert (gb["wall_tiles"], gb["flowers"], gb["defaults"]["min_fan"]) == (144, 8, 8)


def test_variants_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "--json"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["guobiao"]["defaults"]["min_fan"] == 8 and "国标" in rows["guobiao"]["aliases"]
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    for word in ("广东鸡平和", "国标麻将", "136", "144", "cap=3", "min_fan=8", "wild tiles"):
        assert word in out, word
