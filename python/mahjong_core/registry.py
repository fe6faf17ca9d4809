"""The registry of rule sets: names to classes, imported lazily.

Built-in rule sets are listed as ``"module:Class"`` strings; third-party
packages add theirs through the ``mahjong_core.variants`` entry-point group.
Names match case-insensitively, with or without the version suffix
(``guangdong``, ``guangdong-v1``) and by alias.

>>> find_variant("guangdong").name
'guangdong'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from importlib.metadata import entry_points
from types import MappingProxyType

from .errors import MahjongError
from .rules import Ruleset

__all__ = ["available", "find_variant", "names_of", "register", "registry"]

_BUILTIN: dict[str, str] = {
    "anqing": "mahjong_core.variants.anqing:Anqing",
    "base": "mahjong_core.rules:Ruleset",
    "changchun": "mahjong_core.variants.changchun:Changchun",
    "changsha": "mahjong_core.variants.changsha:Changsha",
    "dahu": "mahjong_core.variants.guangdong_tuidao:GuangdongDahu",
    "fujian_baida": "mahjong_core.variants.fujian_baida:FujianBaida",
    "fuzhou": "mahjong_core.variants.fuzhou:Fuzhou",
    "guangdong": "mahjong_core.variants.guangdong:GuangdongChicken",
    "guizhou": "mahjong_core.variants.guizhou:Guizhou",
    "guobiao": "mahjong_core.variants.guobiao:Guobiao",
    "hainan": "mahjong_core.variants.hainan:Hainan",
    "hangzhou": "mahjong_core.variants.hangzhou:Hangzhou",
    "harbin": "mahjong_core.variants.harbin:Harbin",
    "hebei": "mahjong_core.variants.hebei:Hebei",
    "hefei": "mahjong_core.variants.hefei:Hefei",
    "jiangnan": "mahjong_core.variants.jiangnan:Jiangnan",
    "jinan": "mahjong_core.variants.jinan:Jinan",
    "luoyuan": "mahjong_core.variants.luoyuan:Luoyuan",
    "nanchang": "mahjong_core.variants.nanchang:Nanchang",
    "luoshu": "mahjong_core.variants.luoshu:Luoshu",
    "neimeng": "mahjong_core.variants.neimeng:Neimeng",
    "ningbo": "mahjong_core.variants.ningbo:Ningbo",
    "qingyuan": "mahjong_core.variants.qingyuan:Qingyuan",
    "shaanxi": "mahjong_core.variants.shaanxi:Shaanxi",
    "shanghai": "mahjong_core.variants.shanghai:Shanghai",
    "sichuan": "mahjong_core.variants.sichuan:Sichuan",
    "taiwan": "mahjong_core.variants.taiwan:Taiwan",
    "taiyuan": "mahjong_core.variants.taiyuan:Taiyuan",
    "tianjin": "mahjong_core.variants.tianjin:Tianjin",
    "tuidaohu": "mahjong_core.variants.guangdong_tuidao:GuangdongTuidao",
    "two_player": "mahjong_core.variants.two_player:TwoPlayer",
    "wenzhou": "mahjong_core.variants.wenzhou:Wenzhou",
    "wuhan": "mahjong_core.variants.wuhan:Wuhan",
    "yingkou": "mahjong_core.variants.yingkou:Yingkou",
}
_known: dict[str, str | type[Ruleset]] = dict(_BUILTIN)
_plugins_loaded = False

registry: Mapping[str, str | type[Ruleset]] = MappingProxyType(_known)
"""Read-only view: name -> class or "module:Class"."""


def register(name: str, cls: str | type[Ruleset], *, clobber: bool = False) -> None:
    """Add a rule set under ``name`` (a class or a "module:Class" string)."""
    key = name.lower()
    if key in _known and not clobber:
        raise MahjongError(f"variant {name!r} is already registered")
    _known[key] = cls


def _load_plugins() -> None:
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for ep in entry_points(group="mahjong_core.variants"):
        _known.setdefault(ep.name.lower(), ep.value)


def _resolve(key: str) -> type[Ruleset]:
    ref = _known[key]
    if isinstance(ref, str):
        module, _, attr = ref.partition(":")
        cls = getattr(importlib.import_module(module), attr)
        _known[key] = cls
        return cls  # type: ignore[no-any-return]
    return ref


def available() -> list[type[Ruleset]]:
    """Every registered rule set class, by name."""
    _load_plugins()
    return [_resolve(k) for k in sorted(_known)]


def names_of(cls: type[Ruleset]) -> list[str]:
    """Every name ``find_variant`` knows ``cls`` by: the ASCII name, the
    versioned id, the Chinese name and the aliases."""
    out = [cls.name, f"{cls.name}-v{cls.version}", cls.zh, *cls.aliases]
    return list(dict.fromkeys(n for n in out if n))


def find_variant(name: str) -> type[Ruleset]:
    """The rule set class called ``name``: its ASCII name, versioned id,
    Chinese name (``zh``) or an alias, case-insensitively.

    >>> find_variant("鸡平和").name, find_variant("MCR").name, find_variant("国标麻将").name
    ('guangdong', 'guobiao', 'guobiao')

    :raises MahjongError: for an unknown name (the message lists the known ones).
    """
    if not isinstance(name, str):
        raise MahjongError(f"variant name must be a string, got {name!r}")
    _load_plugins()
    want = name.strip().casefold()
    base, _, ver = want.rpartition("-v")
    for key in sorted(_known):
        cls = _resolve(key)
        names = {n.casefold() for n in names_of(cls)}
        if want in names or (ver.isdigit() and base == cls.name.casefold() and int(ver) == cls.version):
            return cls
    known = ", ".join(sorted(f"{_resolve(k).name} ({_resolve(k).zh})" for k in _known))
    raise MahjongError(f"unsupported variant: {name!r}; known: {known}")
