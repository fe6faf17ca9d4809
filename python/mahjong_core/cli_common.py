"""What every ``mahjong-core`` sub-command shares: the parser class (one-line
usage errors), the help formatter (every flag with its default), the typed
``--option KEY=VALUE`` house rules, output paths checked before any work, and
messages cut to one readable line.

>>> cut("x" * 100)[-3:]
'xx…'
>>> from mahjong_core.variants.guangdong import GuangdongChicken
>>> parse_options(GuangdongChicken, ["cap=4", "discard_payment=full", "heaven_values.human=5"])
{'cap': 4, 'discard_payment': 'full', 'heaven_values': {'human': 5}}
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import json
import os
import re
import sys
from collections.abc import Sequence
from typing import IO, Any, NoReturn

from .errors import MahjongError
from .rules import Ruleset, _type_name

__all__ = [
    "CUT",
    "CliParser",
    "DefaultsFormatter",
    "add_option_argument",
    "cut",
    "one_line",
    "option_help",
    "open_output",
    "parse_options",
    "ruleset_with_options",
    "use_defaults_formatter",
    "writable_file",
]

CUT = 60
"""Characters of a long input kept in a message (then "…")."""

_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}


# ---------------------------------------------------------------------------
# Messages
# ---------------------------------------------------------------------------


def cut(text: str, limit: int = CUT) -> str:
    """``text`` with at most ``limit`` characters, then "…" when longer."""
    return text if len(text) <= limit else text[:limit] + "…"


_LONG = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|\S{%d,}" % (CUT + 2))
"""A quoted input (a repr) or a long word, found in one pass."""


def _cut_match(m: re.Match[str]) -> str:
    text = m.group(0)
    if len(text) <= CUT + 2:
        return text
    if text[0] in "'\"" and text[-1] == text[0]:
        return text[: CUT - 1] + "…" + text[0]
    return cut(text)
_MAX_MESSAGE = 1000


def one_line(message: str) -> str:
    """A message as one printable line: white space collapsed, quoted inputs
    and words longer than :data:`CUT` characters cut, characters the terminal
    cannot encode (lone surrogates from undecodable argv) escaped.

    >>> line = one_line("bad value " + repr("a" * 1000) + "\\n here")
    >>> line == "bad value '" + "a" * (CUT - 2) + "…' here"
    True
    """
    text = " ".join(message.split())
    text = _LONG.sub(_cut_match, text)
    text = cut(text, _MAX_MESSAGE)
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


# ---------------------------------------------------------------------------
# Parser and help
# ---------------------------------------------------------------------------


class CliParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr (the
    command, the problem with long inputs cut, where to find help) and exit
    status 2; sub-command parsers are of the same class."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {one_line(message)} (see '{self.prog} --help')", file=sys.stderr)
        raise SystemExit(2)


class DefaultsFormatter(argparse.HelpFormatter):
    """Help that ends each flag's text with its default, unless the text
    already says it ("default"), the flag takes no value that could have
    one, or the flag is required."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if "default" in text.lower() or action.default is argparse.SUPPRESS or action.required:
            return text
        if isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
            return text
        if not action.option_strings and action.nargs not in (argparse.OPTIONAL, argparse.ZERO_OR_MORE):
            return text
        if action.nargs == 0 and isinstance(action.default, bool):  # store_true / store_false
            return f"{text} (default: {'on' if action.default else 'off'})"
        if action.default is None:
            return f"{text} (default: none)"
        if isinstance(action.default, list) and not action.default:
            return f"{text} (default: none)"
        return f"{text} (default: %(default)s)"


def use_defaults_formatter(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` and every sub-command parser the :class:`DefaultsFormatter`."""
    parser.formatter_class = DefaultsFormatter
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                use_defaults_formatter(sub)


# ---------------------------------------------------------------------------
# Paths
# ---------------------------------------------------------------------------


def writable_file(text: str) -> str:
    """An argparse ``type``: a file path we can write, checked at once (so
    a bad ``--log`` fails before the hand is played, not after).  The file
    is opened to append and closed, and removed again when it did not exist:
    nothing is truncated or left behind."""
    shown = repr(cut(text))
    if not text:
        raise argparse.ArgumentTypeError("an empty path is no file")
    try:
        existed = os.path.lexists(text)
        if os.path.isdir(text):
            raise argparse.ArgumentTypeError(f"{shown} is a directory")
        with open(text, "a", encoding="utf-8"):
            pass
        if not existed:
            os.remove(text)
    except (OSError, ValueError) as e:  # ValueError: a NUL byte in the path
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise argparse.ArgumentTypeError(f"cannot write {shown}: {reason}") from None
    return text


def open_output(path: str) -> IO[str]:
    """``path`` opened for writing (a :class:`MahjongError` on failure)."""
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as e:
        raise MahjongError(f"cannot write {cut(path)!r}: {e.strerror}") from None


# ---------------------------------------------------------------------------
# --option KEY=VALUE
# ---------------------------------------------------------------------------


def option_help(default: Any, annotation: Any) -> str:
    """How an option is typed on the command line: ``int``, ``yes/no``, an
    enum's values, ``JSON`` ..."""
    if isinstance(default, bool):
        return "yes/no"
    if isinstance(default, enum.Enum):
        return "|".join(str(m.value) for m in type(default))
    if isinstance(default, int):
        return "int"
    if isinstance(default, float):
        return "number"
    if dataclasses.is_dataclass(default):
        return "JSON object or FIELD=VALUE"
    if isinstance(default, (tuple, list, frozenset, set)):
        return "comma list or JSON list"
    return _type_name(annotation)


def _option_value(path: str, text: str, default: Any) -> Any:
    """The JSON value of option ``path`` from ``text``, typed by ``default``."""
    stripped = text.strip()
    shown = repr(cut(text))
    if isinstance(default, bool):
        low = stripped.lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise MahjongError(f"--option {path}: {shown} is not a yes/no value (yes, no, true, false, 1, 0)")
    if isinstance(default, enum.Enum):
        for member in type(default):
            if stripped in (str(member.value), member.name) or stripped.lower() == member.name.lower():
                return member.value
        known = ", ".join(str(m.value) for m in type(default))
        raise MahjongError(f"--option {path}: {shown} is not one of {known}")
    if isinstance(default, int):
        try:
            return int(stripped)
        except ValueError:
            raise MahjongError(f"--option {path}: {shown} is not a whole number (int)") from None
    if isinstance(default, float):
        try:
            return float(stripped)
        except ValueError:
            raise MahjongError(f"--option {path}: {shown} is not a number") from None
    if dataclasses.is_dataclass(default) or isinstance(default, (tuple, list, frozenset, set)) or default is None:
        try:
            return json.loads(stripped)
        except (json.JSONDecodeError, RecursionError):
            if dataclasses.is_dataclass(default):
                raise MahjongError(
                    f"--option {path}: {shown} is not a JSON object (or set one field: {path}.FIELD=VALUE)"
                ) from None
            if default is None:
                return stripped
            items = [x.strip() for x in stripped.replace("，", ",").split(",") if x.strip()]
            return [int(x) if x.lstrip("-").isdigit() else x for x in items]
    return stripped


def key_value(pair: str, flag: str) -> tuple[str, str]:
    """``KEY=VALUE`` given to ``flag`` as (the key stripped, the value as
    written).

    :raises MahjongError: when there is no ``=`` or no key.
    """
    key, sep, text = pair.partition("=")
    key = key.strip()
    if not sep or not key:
        raise MahjongError(f"{flag} {cut(pair)!r}: write KEY=VALUE")
    return key, text


def parse_options(cls: type[Ruleset], pairs: Sequence[str]) -> dict[str, Any]:
    """Options as the JSON values :meth:`Ruleset.from_options_json` reads,
    from ``key=value`` texts; a dotted key sets one field of a nested option.

    :raises MahjongError: for a malformed pair, an unknown option (the
        message lists the known ones with their types) or a value of the
        wrong type (the message names the option and the type).
    """
    defaults = cls.Options()
    fields = dataclasses.fields(defaults)
    known = [f.name for f in fields]
    out: dict[str, Any] = {}
    for pair in pairs:
        key, text = key_value(pair, "--option")
        path = key.split(".")
        if path[0] not in known:
            listed = ", ".join(f"{f.name} ({option_help(getattr(defaults, f.name), f.type)})" for f in fields)
            raise MahjongError(f"--option {cut(key)!r}: unknown option of {cls.name}; known: {listed or 'none'}")
        default: Any = defaults
        target = out
        for i, part in enumerate(path):
            if not dataclasses.is_dataclass(default) or part not in {f.name for f in dataclasses.fields(default)}:
                where = ".".join(path[:i]) or cls.name
                fields_here = (
                    ", ".join(f.name for f in dataclasses.fields(default)) if dataclasses.is_dataclass(default)
                    else "none (not a nested option)"
                )
                raise MahjongError(f"--option {cut(key)!r}: {where} has no field {cut(part)!r}; fields: {fields_here}")
            default = getattr(default, part)
            if i < len(path) - 1:
                nested = target.setdefault(part, {})
                if not isinstance(nested, dict):
                    raise MahjongError(f"--option {cut(key)!r}: {part} is already set as a whole")
                target = nested
        target[path[-1]] = _option_value(key, text, default)
    return out


def ruleset_with_options(name: str | type[Ruleset], pairs: Sequence[str] = ()) -> Ruleset:
    """The rule set ``name`` (or class) with ``--option`` house rules; every
    failure is a :class:`MahjongError` naming the option."""
    from .registry import find_variant  # here: importlib.metadata costs a Botzone bot's run ~10 ms

    cls = find_variant(name) if isinstance(name, str) else name
    values = parse_options(cls, pairs)
    if not values:
        return cls()
    try:
        return cls.from_options_json(values)
    except MahjongError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as e:
        raise MahjongError(f"--option: {cls.name} does not take {cut(json.dumps(values, ensure_ascii=False))}: {e}") from None


def add_option_argument(p: argparse.ArgumentParser) -> None:
    """The ``--option KEY=VALUE`` flag, spelt the same for every command."""
    p.add_argument(
        "--option", action="append", metavar="KEY=VALUE", default=None,
        help="a house rule of the rule set, typed from its default: cap=4, discard_payment=full, "
        "KEY.FIELD=VALUE for a nested one (repeatable; 'mahjong-core variants' lists them; default: none, "
        "the rule set's defaults)",
    )
