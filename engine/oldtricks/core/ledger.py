"""The rules ledger as the engine reads it: each rule's id, status, statement and sources, from the one
file where they are written, ``ledger.toml``.

The engine's wheel carries the file as ``oldtricks/ledger.toml``; in a source tree it is the file at the
top of the repository. The browser's trimmed standard library has no TOML parser, and the ledger needs
none: it is written in a narrow part of TOML (``[works.KEY]`` and ``[[rule]]`` tables of ``key = "text"``
lines, whole numbers, and one-line arrays of ``{ key = "text" }`` tables), which this module reads line
by line. :func:`oldtricks.core.ledgercheck.load` reads the same file with :mod:`tomllib` at build and test time and
checks every field; ``tests/test_ledger.py`` holds the two readings equal, row by row.

>>> rows = read_rows('[works.w]\\ncite = "W 1900"\\n\\n[[rule]]\\nid = "g.a"\\nstatus = "assumed"\\n'
...                  'statement = "A \\\\"rule\\\\""\\nsources = [{ work = "w", pages = "p. 2" }]\\n')
>>> rows[0].id, rows[0].status, rows[0].statement, rows[0].cites
('g.a', 'assumed', 'A "rule"', ('W 1900, p. 2',))
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = ["LedgerRow", "ledger_path", "read_rows", "rows"]

_HERE = Path(__file__).resolve().parent
_KEY = re.compile(r"([a-z_]+) = (.+)")
_STRING = r'"(?:[^"\\]|\\.)*"'
_TOKEN = re.compile(rf"\s*(?:(\{{)|(\}})|([a-z_]+)\s*=\s*({_STRING})|([,\[\]]))")


@dataclass(frozen=True)
class LedgerRow:
    """One ``[[rule]]`` of the ledger; ``cites``: each source as ``Work year, pages`` (the work's cite)."""

    id: str
    status: str
    statement: str
    cites: tuple[str, ...]
    gap: str | None = None


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
            raise ValueError(f"{where}: cannot read {value[at : at + 30]!r} in an array of sources")
        if m.group(1):
            tables.append({})
        elif m.group(3):
            if not tables:
                raise ValueError(f"{where}: a key outside a table in an array of sources")
            tables[-1][m.group(3)] = json.loads(m.group(4))
        at = m.end()
    return tables


def read_rows(text: str, name: str = "ledger.toml") -> tuple[LedgerRow, ...]:
    """The rules of a ledger text, in file order; a line this reader cannot take names its number."""
    cites: dict[str, str] = {}
    rules: list[dict[str, object]] = []
    section: dict[str, object] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{name}:{number}"
        if line == "[[rule]]":
            section = {}
            rules.append(section)
            continue
        if line.startswith("[works.") and line.endswith("]"):
            section = {"work": line[len("[works.") : -1]}
            continue
        m = _KEY.fullmatch(line)
        if m is None:
            raise ValueError(f"{where}: not a line the engine's ledger reader knows: {line[:40]!r}")
        key, value = m.groups()
        if value.startswith('"'):
            section[key] = json.loads(value)
        elif value.startswith("["):
            section[key] = _tables(value, where)
        elif value.isdigit():
            section[key] = int(value)
        else:
            raise ValueError(f"{where}: {key} has a value the engine's ledger reader does not know")
        if key == "cite" and "work" in section:
            cites[str(section["work"])] = str(section["cite"])
    out = []
    for rule in rules:
        sources = rule.get("sources", [])
        assert isinstance(sources, list)
        shown = tuple(
            f"{cites.get(s['work'], s['work'])}, {s['pages']}" if "pages" in s else cites.get(s["work"], s["work"])
            for s in sources
        )
        gap = rule.get("gap")
        out.append(
            LedgerRow(
                str(rule["id"]), str(rule["status"]), str(rule["statement"]), shown, None if gap is None else str(gap)
            )
        )
    return tuple(out)


@lru_cache(maxsize=1)
def rows() -> tuple[LedgerRow, ...]:
    """The ledger's rules, read once per process."""
    path = ledger_path()
    return read_rows(path.read_text(encoding="utf-8"), path.name)
