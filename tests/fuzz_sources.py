"""What the fuzz session's record (tests/fuzz.py) knows a game's play code by: the source files playing the
game loads (found in a fresh interpreter), their hash (the code's fingerprint), each file's git blob id and
the files changed since a record; and the combinations played, written as index spans."""

from __future__ import annotations

import functools
import hashlib
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mutate import ROOT

# Run in a fresh interpreter: play a few combinations of a game as the sweep does, then list the source
# files loaded from the engine and from tests/ (the harness itself counts: it judges the games).
_TRACE = """
import sys
sys.path.insert(0, {tests!r})
from test_game_ends import assert_ends, combinations
combos = combinations({name!r})
for k in sorted({{0, len(combos) // 2, len(combos) - 1}}):
    for bots in (False, True):
        assert_ends({name!r}, combos[k], k, bots)
roots = ({engine!r}, {tests!r})
print("\\n".join(sorted({{m.__file__ for m in list(sys.modules.values())
    if getattr(m, "__file__", None) and m.__file__.startswith(roots)}})))
"""


@functools.cache
def played_sources(name: str) -> tuple[Path, ...]:
    """The source files that playing ``name`` loads, the engine's and the harness's, found by playing it
    in a fresh interpreter."""
    import oldtricks

    engine = str(Path(oldtricks.__file__).resolve().parent)
    tests = str(Path(__file__).resolve().parent)
    code = _TRACE.format(name=name, engine=engine, tests=tests)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return tuple(Path(line) for line in run.stdout.split())


def play_fingerprint(name: str) -> str:
    """SHA-256 of :func:`played_sources` (their paths from the repository's root, and contents): which
    code a logged combination was played by."""
    return _fingerprint(played_sources(name))


def _fingerprint(paths: Iterable[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.resolve().relative_to(ROOT).as_posix().encode())
        digest.update(b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def blob_id(path: Path) -> str:
    """Git's id of a file's contents (what ``git hash-object PATH`` prints): ``git log --find-object=ID``
    names the commits that hold that very file."""
    data = path.read_bytes()
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


def sources(name: str) -> dict[str, str]:
    """The code that plays ``name`` today, as the record names it: each of :func:`played_sources`, from
    the repository's root, with its :func:`blob_id`."""
    return {path.resolve().relative_to(ROOT).as_posix(): blob_id(path) for path in played_sources(name)}


def changed_since(entry: dict[str, Any]) -> list[str]:
    """The sources a record's entry names whose contents differ today (or that are gone): none, and
    today's code is the code that played the entry (a file the play code loads that the entry does not
    name could only be loaded through a named one, which would have changed)."""
    return [
        path for path, blob in entry["sources"].items() if not (ROOT / path).is_file() or blob_id(ROOT / path) != blob
    ]


def spans(indices: Iterable[int]) -> list[str]:
    """Indices as "START:STOP" spans (STOP not included), in order, as the record writes them.

    >>> spans([5, 0, 1, 2, 6, 9])
    ['0:3', '5:7', '9:10']
    """
    found: list[list[int]] = []
    for k in sorted(set(indices)):
        if found and found[-1][1] == k:
            found[-1][1] = k + 1
        else:
            found.append([k, k + 1])
    return [f"{start}:{stop}" for start, stop in found]


def spanned(written: Iterable[str]) -> set[int]:
    """The indices of "START:STOP" spans.

    >>> sorted(spanned(["0:3", "9:10"]))
    [0, 1, 2, 9]
    """
    return {k for span in written for k in range(*map(int, span.split(":")))}
