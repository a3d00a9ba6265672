"""The rules ledger checked whole (``ledger.toml`` at the top of the repository): every rule id, its status,
its statement in our words, the works it rests on, and what the sources leave out.

The ledger is the historian's record and the one place a rule is written. Its one reader is
:mod:`oldtricks.core.ledger`, whose rows the engine's rule tables take (in the browser too); this module
checks every field of that reader's tables, at build and test time, and then takes the same rows:

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

from .ledger import Citation, LedgerError, LedgerRow, Value, Work, read_tables, rows_of, works_of
from .options import STATUSES

__all__ = ["Ledger", "implementation_sites", "load"]

KINDS = ("historical", "digest", "outside", "ours")
_ID = re.compile(r"[a-z]+(\.[a-z0-9\-]+)+")


@dataclass(frozen=True)
class Ledger:
    """The rows by id, in file order, and the works they cite."""

    path: Path
    entries: Mapping[str, LedgerRow]
    works: Mapping[str, Work]

    def __iter__(self) -> Iterator[LedgerRow]:
        return iter(self.entries.values())

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.entries

    def __len__(self) -> int:
        return len(self.entries)

    def rule(self, rule_id: str) -> LedgerRow:
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
    """Read and check the ledger file; raise :class:`LedgerError` naming the file and line. The rows are
    the reader's (:func:`oldtricks.core.ledger.rows_of`), taken once every field is checked."""
    tables = read_tables(path.read_text(encoding="utf-8"), str(path))
    for key, table in tables.works.items():
        _check_work(table, f"{path}:{tables.work_lines[key]}: work {key!r}")
    lines: dict[str, int] = {}  # the line of each id so far
    for rule, line in zip(tables.rules, tables.rule_lines, strict=True):
        rule_id = rule.get("id")
        where = f"{path}:{line}: rule {rule_id!r}"
        if not isinstance(rule_id, str) or not _ID.fullmatch(rule_id):
            raise LedgerError(f"{where}: an id is game.topic[.detail], in lower case")
        if rule_id in lines:
            raise LedgerError(f"{where}: the id is already used at line {lines[rule_id]}")
        lines[rule_id] = line
        _check_rule(rule, tables.works, where)
    works = works_of(tables)  # one Work a key: the rows cite the works the ledger lists
    return Ledger(path, {row.id: row for row in rows_of(tables, works)}, works)


def _check_rule(rule: Mapping[str, Value], works: Mapping[str, Mapping[str, Value]], where: str) -> None:
    status = rule.get("status")
    if status not in STATUSES:
        raise LedgerError(f"{where}: status {status!r} is not one of {', '.join(STATUSES)}")
    sources = _sources(rule, where)
    for cite in sources:
        if cite.get("work", "") not in works:
            raise LedgerError(f"{where}: cites {cite.get('work')!r}, which is not in [works]")
        _str(cite, "pages", where, optional=True)
        _str(cite, "note", where, optional=True)
    if not sources:
        raise LedgerError(f"{where}: a rule needs at least one source (the work 'ours' for our own decisions)")
    _str(rule, "statement", where)
    _str(rule, "gap", where, optional=True)


def _check_work(table: Mapping[str, Value], where: str) -> None:
    kind = _str(table, "kind", where)
    if kind not in KINDS:
        raise LedgerError(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}")
    year = table.get("year")
    if year is not None and not isinstance(year, int):
        raise LedgerError(f"{where}: 'year' must be a whole number")
    for key in ("cite", "author", "title"):
        _str(table, key, where)
    _str(table, "weight", where, optional=True)


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
