"""What the engine's solver finds at build time, kept so that the other editions read it instead of solving again.

Each edition of the site replays the same scenarios, and the double-dummy search behind a Drogue deal's
table (:mod:`.ddtable`) or a question's best lines (:func:`oldtricks.analysis.gamebook.played_on`) finds numbers
that do not depend on the language: only the words said of them do. So the numbers are kept as JSON in
``oldtricks_solver_cache`` (``build/cache/solved/``; '' for none), each under the SHA-256 of the engine's
source files, the kind of result and the scenario as its spec says it (which the replay follows and nothing
else): a changed engine or scenario is a new name, and an old entry is never read for it. The English build
fills the folder, the German and Polish builds, which start once it is done, read it.

A value always goes through JSON, whether it was just found or read, so a build gives the same pages with
the folder full or empty. An entry is written under a name of this process's own and then renamed (the
editions build side by side); one that cannot be read is found again and written anew.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> kept(folder, "demo", {"deal": 1}, lambda: (3, 4)), kept(folder, "demo", {"deal": 1}, lambda: "not asked")
([3, 4], [3, 4])
>>> kept(None, "demo", {"deal": 1}, lambda: {"a": (1,)})
{'a': [1]}
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

from oldtricks.analysis.movevalues import SOLVED

from .project import add_cache_folder

__all__ = ["engine_digest", "kept", "setup_solved", "solver_cache", "solving"]

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "oldtricks"


@cache
def engine_digest(engine: Path = ENGINE) -> str:
    """The SHA-256 of every file of the engine (path and bytes), computed once per process."""
    digest = hashlib.sha256()
    for path in sorted(engine.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(engine).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _entry(folder: Path | None, kind: str, key: Any) -> Path | None:
    name = json.dumps([engine_digest(), kind, key], sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return folder / f"{kind}-{hashlib.sha256(name.encode()).hexdigest()}.json" if folder is not None else None


def _read(entry: Path | None) -> Any:
    """The entry's value, or None where there is none (or it was cut short: then it is written anew)."""
    if entry is None or not entry.is_file():
        return None
    try:
        return json.loads(entry.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _write(entry: Path | None, text: str) -> None:
    if entry is not None:
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = entry.with_name(f"{entry.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(entry)


def kept(folder: Path | None, kind: str, key: Any, find: Callable[[], Any]) -> Any:
    """``find()`` as JSON reads it back, from ``folder`` where it holds it under ``kind`` and ``key`` (any
    JSON value naming the inputs), else found and kept there (``folder`` None: found, kept nowhere)."""
    entry = _entry(folder, kind, key)
    found = _read(entry)
    if found is not None:
        return found
    text = json.dumps(find(), ensure_ascii=False)  # its keys in their order: a table's rows follow them
    _write(entry, text)
    return json.loads(text)


@contextmanager
def solving(folder: Path | None, kind: str, key: Any) -> Iterator[None]:
    """Within it, the engine's :func:`oldtricks.analysis.movevalues.rank_moves` reads the values and lines kept under
    ``kind`` and ``key`` and keeps the ones it finds (written when it ends), while the words are said anew."""
    entry = _entry(folder, kind, key)
    memo: dict[str, Any] = _read(entry) or {}
    known = len(memo)
    token = SOLVED.set(memo)
    try:
        yield
    finally:
        SOLVED.reset(token)
    if len(memo) > known:
        _write(entry, json.dumps(memo, ensure_ascii=False))


def solver_cache(config: Config) -> Path | None:
    """The folder of kept results for this build, or None when the configuration keeps none."""
    folder = str(config.oldtricks_solver_cache)
    return Path(folder) if folder else None


def setup_solved(app: Sphinx) -> None:
    add_cache_folder(
        app, "oldtricks_solver_cache", "solved", "folder keeping the solver's results for the other editions"
    )
