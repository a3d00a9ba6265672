"""The rules ledger's one reader: ``ledger.toml``, the one file where each rule's id, status, statement and
sources are written, read line by line into its tables.

Two readings rest on it, and take the same rows (:class:`LedgerRow`): the engine's rule tables take each
rule's row from :func:`rows` (in the browser too), and :func:`oldtricks.core.ledgercheck.load` checks every
field of the tables, at build and test time, before it takes their rows (:func:`rows_of`). The engine's
wheel carries the file as ``oldtricks/ledger.toml``; in a source tree it is the file at the top of the
repository. The browser's trimmed standard library has no TOML parser, and the ledger needs none: it is
written in a narrow part of TOML (``[works.KEY]`` and ``[[rule]]`` tables of ``key = "text"`` lines, whole
numbers, and one-line arrays of ``{ key = "text" }`` tables), which this module reads;
``tests/test_ledger.py`` holds its reading of the ledger equal to :mod:`tomllib`'s.

>>> rows = read_rows('[works.w]\\ncite = "W 1900"\\n\\n[[rule]]\\nid = "g.a"\\nstatus = "assumed"\\n'
...                  'statement = "A \\\\"rule\\\\""\\nsources = [{ work = "w", pages = "p. 2" }]\\n')
>>> rows[0].id, rows[0].status, rows[0].statement, rows[0].cites, rows[0].line
('g.a', 'assumed', 'A "rule"', ('W 1900, p. 2',), 5)
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

__all__ = [
    "Citation",
    "LedgerError",
    "LedgerRow",
    "Tables",
    "Value",
    "Work",
    "ledger_path",
    "read_rows",
    "read_tables",
    "rows",
    "rows_of",
    "works_of",
]

_HERE = Path(__file__).resolve().parent
_KEY = re.compile(r"([a-z_]+) = (.+)")
_STRING = r'"(?:[^"\\]|\\.)*"'
_TOKEN = re.compile(rf"\s*(?:(\{{)|(\}})|([a-z_]+)\s*=\s*({_STRING})|([,\[\]]))")

Value = str | int | list[dict[str, str]]
"""A value the ledger writes: a string, a whole number, or an array of sources."""


class LedgerError(ValueError):
    """The ledger file is malformed: the message names the file, the line and the rule."""


@dataclass(frozen=True)
class Work:
    """A work the ledger cites: a historical account, a modern digest, an outside source, or ours."""

    key: str
    cite: str
    author: str
    title: str
    kind: str
    year: int | None = None
    weight: str | None = None


@dataclass(frozen=True)
class Citation:
    """One work cited for a rule, with the pages where known and what exactly it supports."""

    work: Work
    pages: str | None = None
    note: str | None = None

    @property
    def cite(self) -> str:
        """Short form: ``Pierer 1841, pp. 579–580``."""
        return f"{self.work.cite}, {self.pages}" if self.pages else self.work.cite


@dataclass(frozen=True)
class LedgerRow:
    """One ``[[rule]]`` of the ledger, and the line of its ``id`` (of its header when it has none)."""

    id: str
    status: str
    statement: str
    sources: tuple[Citation, ...]
    gap: str | None = None
    line: int = 0

    @property
    def game(self) -> str:
        """The game the rule belongs to: its id's first part."""
        return self.id.split(".", 1)[0]

    @property
    def cites(self) -> tuple[str, ...]:
        """Each source as ``Work year, pages``."""
        return tuple(source.cite for source in self.sources)


@dataclass
class Tables:
    """The ledger's tables as written: each ``[works.KEY]`` by its key, each ``[[rule]]`` in file order,
    and the line of each work's header and of each rule's ``id`` (its header's when it has none)."""

    works: dict[str, dict[str, Value]] = field(default_factory=dict)
    rules: list[dict[str, Value]] = field(default_factory=list)
    work_lines: dict[str, int] = field(default_factory=dict)
    rule_lines: list[int] = field(default_factory=list)


def ledger_path() -> Path:
    """The ledger: inside the installed package, or at the top of the source tree."""
    packaged = _HERE.parent / "ledger.toml"
    return packaged if packaged.is_file() else _HERE.parents[2] / "ledger.toml"


def _tables(value: str, where: str) -> list[dict[str, str]]:
    """A one-line array of inline tables of strings: ``[{ work = "a" }, { work = "b", pages = "p. 1" }]``."""
    tables: list[dict[str, str]] = []
    at = 0
    while at < len(value):
        m = _TOKEN.match(value, at)
        if m is None or m.end() == at:
            raise LedgerError(f"{where}: cannot read {value[at : at + 30]!r} in an array of sources")
        if m.group(1):
            tables.append({})
        elif m.group(3):
            if not tables:
                raise LedgerError(f"{where}: a key outside a table in an array of sources")
            tables[-1][m.group(3)] = json.loads(m.group(4))
        at = m.end()
    return tables


def _value(key: str, value: str, where: str) -> Value:
    if value.startswith('"'):
        text: str = json.loads(value)
        return text
    if value.startswith("["):
        return _tables(value, where)
    if value.isdigit():
        return int(value)
    raise LedgerError(f"{where}: {key} has a value the engine's ledger reader does not know")


def read_tables(text: str, name: str = "ledger.toml") -> Tables:
    """The tables of a ledger text; a line this reader cannot take, or a work written twice, names its
    line (``name:line``)."""
    out = Tables()
    section: dict[str, Value] = {}  # keys before the first table belong to none
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{name}:{number}"
        if line == "[[rule]]":
            section = {}
            out.rules.append(section)
            out.rule_lines.append(number)
            continue
        if line.startswith("[works.") and line.endswith("]"):
            key = line[len("[works.") : -1]
            if key in out.works:
                raise LedgerError(f"{where}: work {key!r} is written twice (line {out.work_lines[key]})")
            section = out.works[key] = {}
            out.work_lines[key] = number
            continue
        m = _KEY.fullmatch(line)
        if m is None:
            raise LedgerError(f"{where}: not a line the engine's ledger reader knows: {line[:40]!r}")
        key, value = m.groups()
        section[key] = _value(key, value, where)
        if key == "id" and out.rules and section is out.rules[-1]:
            out.rule_lines[-1] = number
    return out


def read_rows(text: str, name: str = "ledger.toml") -> tuple[LedgerRow, ...]:
    """The rules of a ledger text, in file order; a line this reader cannot take names its number."""
    return rows_of(read_tables(text, name))


def works_of(tables: Tables) -> dict[str, Work]:
    """The works of a ledger's tables by key."""
    return {key: _work(key, table) for key, table in tables.works.items()}


def rows_of(tables: Tables, works: Mapping[str, Work] | None = None) -> tuple[LedgerRow, ...]:
    """The rules of a ledger's tables, in file order, each citing its works (a work not written: its key);
    ``works``: the tables' works as :func:`works_of` made them already."""
    works = works_of(tables) if works is None else works
    out = []
    for rule, line in zip(tables.rules, tables.rule_lines, strict=True):
        sources = rule.get("sources", [])
        assert isinstance(sources, list)
        cited = tuple(
            Citation(works.get(s["work"]) or _work(s["work"], {}), s.get("pages"), s.get("note")) for s in sources
        )
        statement, gap = str(rule["statement"]), _text(rule.get("gap"))
        out.append(LedgerRow(str(rule["id"]), str(rule["status"]), statement, cited, gap, line))
    return tuple(out)


def _work(key: str, table: dict[str, Value]) -> Work:
    """A work as written; a field it leaves out is empty (``cite``: its key; ``year``, ``weight``: none)."""
    year = table.get("year")
    return Work(
        key,
        cite=str(table.get("cite", key)),
        author=str(table.get("author", "")),
        title=str(table.get("title", "")),
        kind=str(table.get("kind", "")),
        year=year if isinstance(year, int) else None,
        weight=_text(table.get("weight")),
    )


def _text(value: Value | None) -> str | None:
    return None if value is None else str(value)


@lru_cache(maxsize=1)
def rows() -> tuple[LedgerRow, ...]:
    """The ledger's rules, read once per process."""
    path = ledger_path()
    return read_rows(path.read_text(encoding="utf-8"), path.name)
