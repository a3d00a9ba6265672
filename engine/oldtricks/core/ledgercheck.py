"""The rules ledger checked whole (``ledger.toml`` at the top of the repository): every rule id, its status,
its statement in our words, the works it rests on, and what the sources leave out.

The ledger is the historian's record and the one place a rule is written. Its one reader is
:mod:`oldtricks.core.ledger`, whose rows the engine's rule tables take (in the browser too); this module
takes that reader's tables whole and checks every field, at build and test time:

>>> from pathlib import Path
>>> ledger = load(Path(__file__).resolve().parents[3] / "ledger.toml")
>>> ledger.rule("bettelmann.tie.pierer").status
'disputed'
>>> [c.cite for c in ledger.citations("todundleben.colours")][:2]
['Gööck 1967, p. 26', 'Müller 1994, p. 33']
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from .ledger import LedgerError, Value, read_tables
from .options import STATUSES, Status

__all__ = ["Citation", "Entry", "Ledger", "Work", "implementation_sites", "load"]

KINDS = ("historical", "digest", "outside", "ours")
_ID = re.compile(r"[a-z]+(\.[a-z0-9\-]+)+")


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
class Entry:
    """One row of the ledger."""

    id: str
    status: Status
    statement: str
    sources: tuple[Citation, ...]
    gap: str | None = None
    line: int = 0

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]


@dataclass(frozen=True)
class Ledger:
    """The rows by id, in file order, and the works they cite."""

    path: Path
    entries: Mapping[str, Entry]
    works: Mapping[str, Work]

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries.values())

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.entries

    def __len__(self) -> int:
        return len(self.entries)

    def rule(self, rule_id: str) -> Entry:
        try:
            return self.entries[rule_id]
        except KeyError:
            raise LedgerError(f"{self.path}: no ledger row for {rule_id!r}") from None

    def citations(self, rule_id: str) -> tuple[Citation, ...]:
        return self.rule(rule_id).sources


def _str(table: Mapping[str, Value], key: str, where: str, *, optional: bool = False) -> str | None:
    value = table.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value.strip():
        raise LedgerError(f"{where}: {key!r} must be a non-empty string")
    return value


def load(path: Path) -> Ledger:
    """Read and check the ledger file; raise :class:`LedgerError` naming the file and line."""
    tables = read_tables(path.read_text(encoding="utf-8"), str(path))
    works = {
        key: _work(key, table, f"{path}:{tables.work_lines[key]}: work {key!r}") for key, table in tables.works.items()
    }
    entries: dict[str, Entry] = {}
    for row, line in zip(tables.rules, tables.rule_lines, strict=True):
        rule_id = row.get("id")
        where = f"{path}:{line}: rule {rule_id!r}"
        if not isinstance(rule_id, str) or not _ID.fullmatch(rule_id):
            raise LedgerError(f"{where}: an id is game.topic[.detail], in lower case")
        if rule_id in entries:
            raise LedgerError(f"{where}: the id is already used at line {entries[rule_id].line}")
        status = row.get("status")
        if status not in STATUSES:
            raise LedgerError(f"{where}: status {status!r} is not one of {', '.join(STATUSES)}")
        cites = []
        for cite in _sources(row, where):
            work = works.get(cite.get("work", ""))
            if work is None:
                raise LedgerError(f"{where}: cites {cite.get('work')!r}, which is not in [works]")
            cites.append(
                Citation(work, _str(cite, "pages", where, optional=True), _str(cite, "note", where, optional=True))
            )
        if not cites:
            raise LedgerError(f"{where}: a rule needs at least one source (the work 'ours' for our own decisions)")
        entries[rule_id] = Entry(
            rule_id,
            status,
            str(_str(row, "statement", where)),
            tuple(cites),
            _str(row, "gap", where, optional=True),
            line,
        )
    return Ledger(path, entries, works)


def _work(key: str, table: Mapping[str, Value], where: str) -> Work:
    kind = _str(table, "kind", where)
    if kind not in KINDS:
        raise LedgerError(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}")
    year = table.get("year")
    if year is not None and not isinstance(year, int):
        raise LedgerError(f"{where}: 'year' must be a whole number")
    return Work(
        key,
        str(_str(table, "cite", where)),
        str(_str(table, "author", where)),
        str(_str(table, "title", where)),
        kind,
        year,
        _str(table, "weight", where, optional=True),
    )


def _sources(row: Mapping[str, Value], where: str) -> list[dict[str, str]]:
    sources = row.get("sources", [])
    if not isinstance(sources, list):
        raise LedgerError(f"{where}: 'sources' must be an array of {{ work = ... }} tables")
    return sources


def implementation_sites(package: Path) -> dict[str, list[str]]:
    """Where each rule id is cited in a comment of the engine's code: ``{id: ["games/x/y.py:12", ...]}``.

    A comment citing an id (``# drogue.play.overtrump``) marks the code that decides that rule.
    """
    found: dict[str, list[str]] = {}
    for source in sorted(package.rglob("*.py")):
        rel = source.relative_to(package).as_posix()
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
            _code, hash_, comment = line.partition("#")
            if not hash_:
                continue
            for match in _ID.finditer(comment):
                found.setdefault(match.group(0).rstrip(".-"), []).append(f"{rel}:{number}")
    return found
