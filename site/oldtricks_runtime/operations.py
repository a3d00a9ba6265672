"""The live engine's operations as the Pyodide worker knows them: ``static/oldtricks/operations.js``.

``oldtricks.live.api.OPERATIONS`` is the one table of the live engine's operations. The worker (``worker.js``)
answers each of them through ``oldtricks.live.api.call`` and refuses any other; it builds its table from the
names in ``operations.js``, which :func:`write` writes from the engine's table (with what each takes and
gives, as comments for the reader of the JavaScript)::

    python site/oldtricks_runtime operations     # after an operation is added, renamed or removed

The site's build refuses to start while the file is not what :func:`worker_table` writes (:func:`stale`),
and so does a test (tests/test_live_operations.py).

This module imports nothing from Sphinx.

>>> from typing import NamedTuple
>>> class Op(NamedTuple):
...     takes: str
...     gives: str
>>> print(worker_table({"frames": Op("{key}", "{frames}")}).splitlines()[-2])
  frames: "{key} -> {frames}",
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

__all__ = ["WORKER_TABLE", "stale", "worker_table", "write"]

WORKER_TABLE = "operations.js"  # in static/oldtricks/, beside worker.js
HEADER = """\
// The live engine's operations, by name: what each takes -> what it gives besides "ok" (?: may be left out).
// Written from oldtricks.live.api.OPERATIONS by `python site/oldtricks_runtime operations`: do not edit.
// worker.js answers these through oldtricks.live.api.call, and no other besides its own.
"""


class Row(Protocol):
    """A row of ``oldtricks.live.api.OPERATIONS``, as far as the worker's table reads it."""

    @property
    def takes(self) -> str: ...

    @property
    def gives(self) -> str: ...


def worker_table(operations: Mapping[str, Row]) -> str:
    """The text of ``operations.js`` for the table ``operations``."""
    rows = "".join(f"  {name}: {json.dumps(f'{row.takes} -> {row.gives}')},\n" for name, row in operations.items())
    return f"{HEADER}export const ENGINE_OPERATIONS = {{\n{rows}}};\n"


def _engine_table() -> Mapping[str, Row]:
    from oldtricks.live.api import OPERATIONS

    return OPERATIONS


def stale(static: Path, operations: Mapping[str, Row] | None = None) -> str | None:
    """Why ``static/operations.js`` is not the worker's table of ``operations`` (default: the engine's), or None."""
    path = static / WORKER_TABLE
    want = worker_table(_engine_table() if operations is None else operations)
    if not path.is_file():
        return f"{path} is missing: write it with `python site/oldtricks_runtime operations`"
    if path.read_text(encoding="utf-8") != want:
        return (
            f"{path} is not the table of oldtricks.live.api.OPERATIONS (an operation added, renamed or removed?): "
            "write it again with `python site/oldtricks_runtime operations`"
        )
    return None


def write(static: Path) -> Path:
    """Write ``static/operations.js`` from the engine's table; its path."""
    path = static / WORKER_TABLE
    path.write_text(worker_table(_engine_table()), encoding="utf-8")
    return path
