"""A deal's double-dummy table, as bridge readers know it: every hand known, best play by all, a number
for each row (a leader of the first trick, a trump suit) and column (a side, a player, a maker).

The core's value, so that the core and the tools read every game's table alike; each game works its
numbers out in its own solver (Drogue: card points for each trump and maker;
Drużbart and Clock Druzbart: tricks for each leader) and words them here, in the reader's language;
the terminal prints :meth:`DealTable.render` and the viewer shows :meth:`DealTable.as_json` as written.

>>> t = DealTable("tricks each side takes", "Leader", ("A leads", "B leads (as dealt)"), ("A", "B"),
...               ((5, 3), (2, 5)), ("0", "1"), ("0", "1"), marked=1)
>>> print("\\n".join(t.render()))
tricks each side takes.
Leader              A  B
A leads             5  3
B leads (as dealt)  2  5
>>> t.as_json()["cells"], t.cell("1", "0")
([[5, 3], [2, 5]], 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["DealTable"]


@dataclass(frozen=True, slots=True)
class DealTable:
    """The numbers (``cells[row][column]``) with the words that say what they are: ``measure`` (one
    sentence: what a number is and under what play), ``corner`` (what a row is), the heads of the rows
    and columns, and a ``note`` on how to read them where one is needed. ``row_keys`` and
    ``column_keys`` name rows and columns for programs (a seat number, a suit letter); ``marked``: the
    row of the deal as it is played (its actual leader, the game's row head saying so), None where every
    row is played alike; ``numbers``: the game's own form of the numbers, for programs (JSON)."""

    measure: str
    corner: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    cells: tuple[tuple[int, ...], ...]
    row_keys: tuple[str, ...]
    column_keys: tuple[str, ...]
    note: str = ""
    marked: int | None = None
    numbers: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.cells) != len(self.rows) or any(len(row) != len(self.columns) for row in self.cells):
            raise ValueError("a double-dummy table needs one number for each row and column")

    def cell(self, row: str, column: str) -> int:
        """The number at the row and column of these keys."""
        return self.cells[self.row_keys.index(row)][self.column_keys.index(column)]

    def render(self) -> list[str]:
        """The table as lines of text: the measure, a line of column heads, a line per row, then the note."""
        heads = self.rows
        first = max(len(h) for h in (self.corner, *heads))
        widths = [max(len(c), *(len(str(row[k])) for row in self.cells)) for k, c in enumerate(self.columns)]
        out = [self.measure.rstrip(".") + "."]
        out.append(
            f"{self.corner:<{first}}  " + "  ".join(f"{c:>{w}}" for c, w in zip(self.columns, widths, strict=True))
        )
        for head, row in zip(heads, self.cells, strict=True):
            out.append(f"{head:<{first}}  " + "  ".join(f"{v:>{w}}" for v, w in zip(row, widths, strict=True)))
        return [*out, self.note] if self.note else out

    def as_json(self) -> dict[str, Any]:
        return {
            "measure": self.measure,
            "corner": self.corner,
            "rows": list(self.rows),
            "columns": list(self.columns),
            "cells": [list(row) for row in self.cells],
            "row_keys": list(self.row_keys),
            "column_keys": list(self.column_keys),
            "note": self.note,
            "marked": self.marked,
        }
