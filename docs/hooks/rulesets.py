"""MkDocs hook: one page per registered rule set, generated at build time.

Every page is written from the rule set itself, never copied by hand: the
class metadata (names, tiles, hand size, calls, winning forms), its
``Options`` dataclass (fields, defaults and the docstring under each field),
the fan / pattern tables of its module (module-level tuples of entries with
``zh``, ``en`` and ``value``), and its module and class docstrings (the rules
text, the sources and the PROPOSAL choices).  A hand-written page under
``docs/variants/`` that names the rule set's id is linked from its page.

``mkdocs.yml`` names this file under ``hooks:``; the nav entry
``rulesets/index.md`` is replaced by the index and the pages, in the order of
:func:`mahjong_core.registry.available`.  The tests import this module to
check the pages (``tests/core/test_docsite.py``).
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import json
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from mahjong_core.analysis import Form, HandRules
from mahjong_core.registry import available, names_of
from mahjong_core.rules import ContextWinConditions, ReadyRule, Ruleset, _to_json

OUT_DIR = "rulesets"
"""Where the generated pages go, inside the site (nothing is written to ``docs/``)."""

_SUIT_NAMES = ("万 m", "筒 p", "条 s")
_FORM_NAMES = {
    Form.STANDARD: "four sets and a pair (n sets and a pair)",
    Form.SEVEN_PAIRS: "七对 seven pairs",
    Form.THIRTEEN_ORPHANS: "十三幺 thirteen orphans",
    Form.KNITTED: "全不靠 (十三不靠)",
    Form.GREATER_KNITTED: "七星不靠",
    Form.KNITTED_STRAIGHT: "组合龙 with a set and a pair",
    Form.SHISANLAN: "十三烂",
}
_KIND_NAMES = [f"{i}{s}" for s in "mps" for i in range(1, 10)] + [f"{i}z" for i in range(1, 8)]


# --------------------------------------------------------------- docstrings
_ROLE = re.compile(r":(?:py:)?[a-z]+:`~?([^`<]*?)(?:\s*<([^>`]+)>)?`")


def rst_to_md(text: str) -> str:
    """A docstring's reST, as Markdown: roles become code (``:class:`~a.B``` ->
    `` `B` ``), doctest runs become ``pycon`` code blocks."""

    def role(m: re.Match[str]) -> str:
        label = m.group(1).strip()
        if m.group(2) is None and m.group(0).count("~"):
            label = label.rsplit(".", 1)[-1]
        return f"``{label}``"

    lines = _ROLE.sub(role, text).splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if _BORDER.match(line):
            end, table = _simple_table(lines, i)
            if table:
                if out and out[-1].strip():
                    out.append("")
                out += table
                i = end
                continue
        if line.lstrip().startswith(">>>"):
            if out and out[-1].strip():
                out.append("")
            out.append("```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append("```")
            if i < len(lines) and lines[i].strip():
                out.append("")
            continue
        out.append(line)
        i += 1
    return "\n".join(out).strip() + "\n"


_BORDER = re.compile(r"^\s*=+(?:\s+=+)+\s*$")


def _simple_table(lines: list[str], start: int) -> tuple[int, list[str]]:
    """A reST simple table starting at ``lines[start]`` (a border of ``=``
    runs), as Markdown table lines, and the index after it.  A border inside
    the table closes the header; rows whose first column is blank continue
    the row above.  ``(start, [])`` when it is not such a table."""
    spans = [(m.start(), m.end()) for m in re.finditer(r"=+", lines[start])]
    segments: list[list[list[str]]] = [[]]
    i = start + 1
    while True:
        if i >= len(lines):
            return start, []  # no closing border
        line = lines[i]
        i += 1
        if _BORDER.match(line):
            if i >= len(lines) or not lines[i].strip():
                break  # the last border
            segments.append([])
            continue
        if not line.strip():
            return start, []
        cells = [
            line[a:spans[j + 1][0]].strip() if j + 1 < len(spans) else line[a:].strip()
            for j, (a, _b) in enumerate(spans)
        ]
        rows = segments[-1]
        if rows and not cells[0]:
            rows[-1] = [f"{x} {y}".strip() for x, y in zip(rows[-1], cells)]
        else:
            rows.append(cells)
    if len(segments) > 2:
        return start, []
    head = [" ".join(c for c in col if c) for col in zip(*segments[0])] if len(segments) == 2 else [""] * len(spans)
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(spans)]
    out += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in segments[-1]]
    return i, out


def blocks(text: str) -> Iterator[str]:
    """The paragraphs and list items of a docstring (doctest runs left out)."""
    for para in re.split(r"\n\s*\n", text):
        if para.lstrip().startswith(">>>"):
            continue
        items = re.split(r"\n(?=\s*(?:[*-]|\d+\.) )", para)
        for item in items:
            item = re.sub(r"^(?:[*-]|\d+\.) ", "", " ".join(item.split()))
            if item:
                yield item


def _attribute_docs(tree: ast.Module | ast.ClassDef) -> dict[str, str]:
    """``name -> docstring`` of the assignments in ``tree``'s body that are
    followed by a string (the attribute docstrings Sphinx and griffe read)."""
    out: dict[str, str] = {}
    body = tree.body
    for a, b in zip(body, body[1:]):
        if not (isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant) and isinstance(b.value.value, str)):
            continue
        if isinstance(a, ast.AnnAssign) and isinstance(a.target, ast.Name):
            out[a.target.id] = inspect.cleandoc(b.value.value)
        elif isinstance(a, ast.Assign) and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name):
            out[a.targets[0].id] = inspect.cleandoc(b.value.value)
    return out


def _module_tree(module: Any) -> ast.Module:
    source = inspect.getsource(module)
    return ast.parse(source)


def field_docs(cls: type) -> dict[str, str]:
    """The docstrings written under the fields of dataclass ``cls`` (and of
    its dataclass bases)."""
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if klass is object or not dataclasses.is_dataclass(klass):
            continue
        tree = _module_tree(sys.modules[klass.__module__])
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.name == klass.__name__:
                out.update(_attribute_docs(node))
    return out


# --------------------------------------------------------------- markdown
def _cell(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return " ".join(text.split()).replace("|", "\\|")


def _code(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def _table(head: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return lines + [""]


def _yes(flag: Any) -> str:
    return "yes" if flag else "no"


def _kinds(kinds: Iterable[int]) -> str:
    ks = sorted(kinds)
    if len(ks) == 34:
        return "any kind"
    return " ".join(_KIND_NAMES[k] if k < 34 else str(k) for k in ks)


# --------------------------------------------------------------- one page
@dataclasses.dataclass(frozen=True)
class ScoringTable:
    """A module-level table of a rule set's module: its name, docstring and rows."""

    name: str
    doc: str
    head: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]


def scoring_tables(cls: type[Ruleset]) -> list[ScoringTable]:
    """The fan / pattern tables of ``cls``'s module: public module-level tuples
    whose entries have ``zh``, ``en`` and ``value`` (``Fan`` rows), or are
    tuples starting with two strings (named items such as bonuses)."""
    module = sys.modules[cls.__module__]
    docs = _attribute_docs(_module_tree(module))
    out: list[ScoringTable] = []
    for name, value in vars(module).items():
        if name.startswith("_") or not isinstance(value, tuple) or not value:
            continue
        if all(hasattr(x, "zh") and hasattr(x, "en") and hasattr(x, "value") for x in value):
            rows = tuple(
                (x.zh, x.en, x.value, "、".join(getattr(x, "excludes", ()) or ()), getattr(x, "why", "") or "")
                for x in value
            )
            out.append(ScoringTable(name, docs.get(name, ""), ("名", "name", "value", "excludes (不计)", "why"), rows))
        elif all(isinstance(x, tuple) and len(x) >= 2 and isinstance(x[0], str) and isinstance(x[1], str) for x in value):
            width = min(sum(1 for _ in _leading_strings(x)) for x in value)
            head = ("名", "name", "what")[:width] if width <= 3 else tuple(f"column {i + 1}" for i in range(width))
            out.append(ScoringTable(name, docs.get(name, ""), head, tuple(tuple(x[:width]) for x in value)))
    return out


def _leading_strings(row: tuple[Any, ...]) -> Iterator[str]:
    for x in row:
        if not isinstance(x, str):
            return
        yield x


def options_rows(cls: type[Ruleset]) -> list[tuple[str, str, Any, str]]:
    """``(name, type, default, docstring)`` of every option of ``cls``: the
    default as the ``Options`` field declares it (JSON), followed by what it
    resolves to with the other defaults when that differs (``None`` -> 3)."""
    info = cls.describe()
    docs = field_docs(cls.Options)
    declared = {}
    for f in dataclasses.fields(cls.Options):
        if f.default is not dataclasses.MISSING:
            declared[f.name] = _to_json(f.default)
        elif f.default_factory is not dataclasses.MISSING:
            declared[f.name] = _to_json(f.default_factory())
    rows = []
    for name in info["options"]:
        resolved = info["defaults"][name]
        default = _code(json.dumps(declared.get(name, resolved), ensure_ascii=False))
        if name in declared and declared[name] != resolved:
            default += f" (resolves to {_code(json.dumps(resolved, ensure_ascii=False))})"
        rows.append((name, info["option_types"][name], default, docs.get(name, "")))
    return rows


def proposals(cls: type[Ruleset]) -> list[str]:
    """Every choice the rule set marks PROPOSAL (made where the sources are
    silent): paragraphs and list items of its docstrings, option docs and
    table rows that say so."""
    out: list[str] = []
    module = sys.modules[cls.__module__]
    for doc in (inspect.getdoc(module) or "", inspect.getdoc(cls) or ""):
        out += [rst_to_md(b).strip() for b in blocks(doc) if "PROPOSAL" in b]
    for name, _type, default, doc in options_rows(cls):
        if "PROPOSAL" in doc:
            out.append(f"option `{name}` (default {default}): " + rst_to_md(" ".join(doc.split())).strip())
    for table in scoring_tables(cls):
        for row in table.rows:
            if any("PROPOSAL" in str(c) for c in row):
                out.append(f"`{table.name}`: {row[0]} — " + " ".join(str(c) for c in row[1:] if c != ""))
    return list(dict.fromkeys(out))


def sources(cls: type[Ruleset]) -> list[str]:
    """The paragraphs of the docstrings that name the rule set's sources
    (those that say "Source:" or "Sources:"), without the sentence that
    leads into an example."""
    module = sys.modules[cls.__module__]
    out: list[str] = []
    for doc in (inspect.getdoc(module) or "", inspect.getdoc(cls) or ""):
        for b in blocks(doc):
            if re.search(r"\bSources?(?: \([^)]*\))?:", b):
                b = re.sub(r"\s+Score a hand.*:$", "", b, flags=re.S)
                out.append(rst_to_md(b).strip())
    return list(dict.fromkeys(out))


def handwritten_page(cls: type[Ruleset], docs_dir: Path) -> str | None:
    """The page under ``docs/variants/`` that names ``cls``'s id, if any."""
    ident = f"{cls.name}-v{cls.version}"
    pattern = re.compile(rf"(?<![\w-]){re.escape(ident)}(?![\w])")
    for page in sorted((docs_dir / "variants").glob("*.md")):
        if pattern.search(page.read_text(encoding="utf-8")):
            return page.name
    return None


def _calls(rs: Ruleset) -> list[tuple[str, str]]:
    chow = "no"
    if rs.allow_chow:
        chow = "yes, from any other seat (the nearest first)" if rs.chow_from_any_seat else "yes, from the discarder's 下家 only"
    kong = "no"
    if rs.allow_kong:
        kong = "concealed, added and exposed" if rs.allow_exposed_kong else "concealed only (no kong of a discard)"
    rows = [
        ("chow 吃", chow),
        ("pung 碰", _yes(rs.allow_pung)),
        ("kong 杠", kong),
        ("robbing a kong 抢杠", _yes(rs.rob_kong)),
        ("several winners on one discard 一炮多响", "yes" if rs.multiple_winners else "no: the nearest seat wins (截胡)"),
        ("missed-win ban 漏胡", _yes(rs.missed_win_ban)),
        ("declaring ready 报听", f"{rs.ready_rule.value}: {_ready_doc(rs.ready_rule)}"),
    ]
    if rs.chow_ready:
        rows.append(("吃听 (chow to declare ready)", "yes, any seat" if rs.chow_ready_any_seat else "yes, the 下家"))
    if rs.special_melds:
        rows.append(("special kongs", "; ".join(_kinds(m) for m in rs.special_melds)))
    if rs.calls_on_last_discard is False:
        rows.append(("the last discard", "may only be won on (海底炮)"))
    return rows


def _ready_doc(rule: ReadyRule) -> str:
    return {
        ReadyRule.NONE: "no declaration",
        ReadyRule.OPTIONAL: "a seat may declare; it changes scoring only",
        ReadyRule.REQUIRED_FOR_DISCARD_WIN: "only a declared seat may win on a discard",
        ReadyRule.REQUIRED: "only a declared seat may win",
    }[rule]


def _own_doc(cls: type, name: str) -> str | None:
    """The docstring ``cls`` (or a rule set base between it and ``Ruleset``)
    wrote for hook ``name``; None when the hook or its docstring is inherited
    from ``Ruleset``."""
    for klass in cls.__mro__:
        if klass is Ruleset or klass is ContextWinConditions:  # (the shared defaults)
            return None
        if name in vars(klass):
            doc = getattr(vars(klass)[name], "__doc__", None)
            return inspect.cleandoc(doc) if doc else None
    return None


def _win_conditions(rs: Ruleset) -> list[tuple[str, str]]:
    hr: HandRules = rs.hand_rules
    forms = sorted(Form(f) for f in hr.forms)
    rows = [
        ("winning forms", "; ".join(_FORM_NAMES.get(f, f.name) for f in forms)),
        ("the pair (shape)", "any kind" if len(hr.pair_kinds) == 34 else f"only {_kinds(hr.pair_kinds)}"),
    ]
    for hook_name in ("context_problem", "win_problem", "refuses_win", "refuses_tiles", "refuses_discard_wins"):
        doc = _own_doc(type(rs), hook_name)
        if doc:
            rows.append((f"`{hook_name}`", rst_to_md(" ".join(doc.split())).strip()))
    if hr.honor_chows:
        rows.append(("honour chows", "three different winds, or 中发白, make a set"))
    if hr.seven_pairs_distinct and Form.SEVEN_PAIRS in forms:
        rows.append(("seven pairs", "seven different kinds"))
    if rs.dynamic_hand_rules:
        rows.append(("forms during play", "decided by the rule set at each seat and moment (`rules_for`)"))
    if rs.win_lacks_a_suit:
        rows.append(("缺门", "a winning hand never holds all three suits"))
    if rs.missing_suit:
        rows.append(("定缺", "each seat declares a suit it will not keep; a hand holding it cannot win"))
    if rs.ready_rule in (ReadyRule.REQUIRED, ReadyRule.REQUIRED_FOR_DISCARD_WIN):
        rows.append(("报听", _ready_doc(rs.ready_rule)))
    if rs.must_win_last_tiles:
        rows.append(("the last tiles", f"with fewer than {rs.must_win_last_tiles} tiles left, a win offered must be taken"))
    if rs.play_after_win:
        rows.append(("after a win", "血战到底: the winner leaves, the others play on"))
    if rs.winners_play_on:
        rows.append(("after a win", "血流成河: every seat plays on to the end of the wall"))
    return rows


def _overridden(cls: type) -> set[str]:
    """The hooks of ``Ruleset`` that ``cls`` overrides."""
    return {
        name for name, value in vars(Ruleset).items()
        if callable(value) and not name.startswith("_") and getattr(cls, name, None) is not value
    }


def render_ruleset(cls: type[Ruleset], docs_dir: Path) -> str:
    """The Markdown page of rule set ``cls``."""
    rs = cls()
    info = cls.describe()
    module = sys.modules[cls.__module__]
    ident = info["id"]
    wall = rs.wall_tiles()
    title = f"{cls.zh} — {cls.name}" if cls.zh else cls.name
    md: list[str] = [f"# {title}", ""]
    md += [f"_{cls.summary}_", ""] if cls.summary else []
    page = handwritten_page(cls, docs_dir)
    md.append(
        f"Generated from `{cls.__module__}.{cls.__qualname__}` (id `{ident}`): its metadata, its "
        "options dataclass and its docstrings."
        + (f" The full rules, in prose: [{page}](../variants/{page})." if page else "")
    )
    md.append("")

    md += ["## At a glance", ""]
    suits = ", ".join(_SUIT_NAMES[s] for s in rs.suits)
    md += _table(
        ("what", "this rule set"),
        [
            ("id", f"`{ident}`"),
            ("names (`find_variant`)", ", ".join(names_of(cls))),
            ("players", str(rs.num_players)),
            ("tiles in the wall", f"{len(wall)}: suits {suits}; honours {_yes(rs.honors)}; flowers {info['flowers']}"
             + (f"; {rs.copies} copies of each kind" if rs.copies != 4 else "")),
            ("hand size", f"{cls.hand_size}" + (" (the dealer draws first)" if rs.dealer_draws_first
                                               else f" (the dealer is dealt {cls.hand_size + 1} and discards first)")),
            ("wild tiles", info["wild_tiles"]),
            ("tiles kept back", str(rs.dead_wall) + (f" (+{rs.dead_wall_per_kong} per kong)" if rs.dead_wall_per_kong else "")),
        ],
    )
    md += ["## Calls", ""] + _table(("call", "allowed"), _calls(rs))
    md += ["## Win conditions", ""] + _table(("condition", "rule"), _win_conditions(rs))
    md += [
        "The shapes above are what the analysis kernels accept; the conditions a rule set "
        "checks on a scored hand (a minimum 番, a 2-5-8 pair, 缺门, a declared ready ...) are in "
        f"its `win_problem` hook{' (overridden here)' if 'win_problem' in _overridden(type(rs)) else ''} "
        "and its rules text below.",
        "",
    ]

    md += ["## Scoring table", ""]
    tables = scoring_tables(cls)
    if not tables:
        md += [
            f"`{module.__name__}` keeps no table as data: its scoring is written out in the "
            "rules text below (and in the hand-written page when there is one).",
            "",
        ]
    for t in tables:
        md += [f"### `{t.name}`", ""]
        if t.doc:
            md += [rst_to_md(t.doc), ""]
        md += _table(t.head, t.rows)

    md += ["## Options", ""]
    rows = options_rows(cls)
    if rows:
        md += [
            f"Keyword arguments of `{cls.__qualname__}(...)`, fields of `{cls.Options.__qualname__}`; "
            f"on the command line `--option KEY=VALUE`. Defaults as JSON.",
            "",
        ]
        md += _table(("option", "type", "default", "meaning"),
                     [(f"`{n}`", t, d, rst_to_md(" ".join(doc.split())).strip()) for n, t, d, doc in rows])
    else:
        md += ["None: this rule set takes no house-rule options.", ""]

    md += ["## PROPOSAL choices", ""]
    props = proposals(cls)
    if props:
        md += ["Where the sources are silent or disagree, the rule set chose (each marked PROPOSAL in its code):", ""]
        md += [f"- {p}" for p in props] + [""]
    else:
        md += ["None marked in the docstrings.", ""]

    md += ["## Sources", ""]
    srcs = sources(cls)
    md += ([f"- {s}" for s in srcs] if srcs else ["None named in the docstrings."]) + [""]

    md += ["## Rules text", "", "The module docstring of "
           f"`{module.__name__}`:", "", rst_to_md(_demote(inspect.getdoc(module) or ""))]
    class_doc = inspect.getdoc(cls) or ""
    if class_doc:
        md += [f"The docstring of `{cls.__qualname__}`:", "", rst_to_md(_demote(class_doc))]
    return "\n".join(md)


def _demote(doc: str) -> str:
    """Keep a docstring's own Markdown headings below the page's."""
    return re.sub(r"^(#+) ", r"###\1 ", doc, flags=re.M)


def render_index(classes: Sequence[type[Ruleset]]) -> str:
    md = [
        "# Rule sets",
        "",
        f"All {len(classes)} registered rule sets (`mahjong_core.registry.available()`), each with a page "
        "generated at build time from its metadata, options and docstrings. "
        "`mahjong-core variants` lists the same from the command line.",
        "",
    ]
    rows = []
    for cls in classes:
        info = cls.describe()
        rows.append((f"[{cls.name}]({cls.name}.md)", cls.zh, info["id"], str(info["players"]),
                     str(info["wall_tiles"]), str(info["hand_size"]), cls.summary))
    md += _table(("name", "中文", "id", "players", "wall", "hand", "summary"), rows)
    return "\n".join(md)


def pages(docs_dir: Path) -> dict[str, str]:
    """``path inside the site -> Markdown`` of every generated page."""
    classes = available()
    out = {f"{OUT_DIR}/index.md": render_index(classes)}
    for cls in classes:
        out[f"{OUT_DIR}/{cls.name}.md"] = render_ruleset(cls, docs_dir)
    return out


# --------------------------------------------------------------- API reference
try:
    import griffe as _griffe
except ImportError:  # the hook alone needs no griffe; mkdocstrings brings it
    _Extension: type = object
else:
    _Extension = _griffe.Extension


class ReSTDocstrings(_Extension):  # type: ignore[misc]
    """Griffe extension (``mkdocs.yml``: mkdocstrings ``extensions``): the
    package's docstrings are reST with doctests; before they are rendered as
    Markdown, their roles become code and their doctest runs ``pycon`` blocks
    (else ``[2, 1, 0]`` after ``x[:3]`` reads as a Markdown link)."""

    def on_object(self, *, obj: Any, **kwargs: Any) -> None:
        doc = getattr(obj, "docstring", None)
        if doc is not None and doc.value:
            text = doc.value
            if text.startswith(f"{obj.name}(") and "\n\n" in text:
                text = text.split("\n\n", 1)[1]  # Cython's embedded signature: shown already
            doc.value = rst_to_md(text).rstrip("\n")


# --------------------------------------------------------------- mkdocs hooks
_NAV_KEY = f"{OUT_DIR}/index.md"


def _expand_nav(nav: list[Any]) -> bool:
    for i, item in enumerate(nav):
        if isinstance(item, dict):
            for title, value in item.items():
                if value == _NAV_KEY:
                    entries: list[Any] = [{"All rule sets": _NAV_KEY}]
                    entries += [{f"{c.name} {c.zh}": f"{OUT_DIR}/{c.name}.md"} for c in available()]
                    nav[i] = {title: entries}
                    return True
                if isinstance(value, list) and _expand_nav(value):
                    return True
    return False


ENVS_MODULE = "mahjong_core.envs"
"""The RL environments' module: while it does not exist the RL page describes
the engine surface; once it does, its API reference page is generated and
the RL page links it (between its ``<!-- envs:start -->`` / ``end`` marks)."""
_ENVS_PAGE = "api/envs.md"
_ENVS_MARKS = re.compile(r"<!-- envs:start -->.*?<!-- envs:end -->", re.S)


def envs_available() -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(ENVS_MODULE) is not None
    except ImportError:
        return False


def _add_envs_nav(nav: list[Any]) -> bool:
    for item in nav:
        if isinstance(item, dict):
            for title, value in item.items():
                if title == "API reference" and isinstance(value, list):
                    value.append({"envs": _ENVS_PAGE})
                    return True
    return False


def on_config(config: Any) -> Any:
    if config.nav is not None:
        if not _expand_nav(config.nav):
            raise ValueError(f"mkdocs.yml: the nav has no entry {_NAV_KEY!r} for the generated rule set pages")
        if envs_available() and not _add_envs_nav(config.nav):
            raise ValueError("mkdocs.yml: the nav has no 'API reference' section for the envs page")
    return config


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    for path, text in pages(Path(config.docs_dir)).items():
        files.append(File.generated(config, path, content=text))
    if envs_available():
        text = f"# `{ENVS_MODULE}`\n\n::: {ENVS_MODULE}\n    options:\n      show_root_heading: false\n"
        files.append(File.generated(config, _ENVS_PAGE, content=text))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if page.file.src_uri == "rl.md" and envs_available():
        link = (
            f"The environments are in `{ENVS_MODULE}` (extra `rl`): "
            f"[their API reference](api/envs.md). Below, the engine surface they wrap."
        )
        return _ENVS_MARKS.sub(link, markdown)
    return markdown


__all__ = [
    "field_docs",
    "handwritten_page",
    "on_config",
    "envs_available",
    "on_files",
    "on_page_markdown",
    "options_rows",
    "pages",
    "proposals",
    "render_index",
    "render_ruleset",
    "rst_to_md",
    "scoring_tables",
    "sources",
]
