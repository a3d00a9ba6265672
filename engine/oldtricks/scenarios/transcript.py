"""Transcripts: a replay written out step by step as text, for golden files a reviewer can read.

A transcript holds the replay's result (options, trick record, outcome), then one block per frame.
Each block shows the move, its events, the note, the ledger ids, whose turn it is, the legal moves,
the outcome and the lesson question in full, then only those parts of the view (hands, table,
panels, ...) that changed since the previous step. Every value is one ``path = JSON`` line, so a
change in the engine shows as a short diff, and :func:`parse` reads the frames back exactly:
the transcript holds every frame's whole content, nothing less.

>>> frames = [{"step": 0, "move": None, "hand": ["9H", "UL"]}, {"step": 1, "move": "9H", "hand": ["UL"]}]
>>> text = render({"steps": 1}, frames)
>>> print(text, end="")
result.steps = 1
<BLANKLINE>
== step 0 ==
move = null
hand = ["9H", "UL"]
<BLANKLINE>
== step 1 ==
move = "9H"
hand = ["UL"]
>>> parse(text) == ({"steps": 1}, frames)
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

# The frame's own fields, written in full at every step; the rest of a frame is its view, written
# where it changed. (Fields a game's view does not have are simply not written.)
ALWAYS = ("move", "mover", "events", "note", "ids", "turn", "legal", "viewer", "outcome", "ask")
# Lists of sentences: one line each, so that a reworded sentence is a one-line diff.
ONE_A_LINE = frozenset({"events"})
HEADER = re.compile(r"== step (\d+) ==")
KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
GONE = "- "  # a line ``- path``: the path the previous step had and this one has not


class TranscriptError(ValueError):
    """A transcript that cannot be read back, or a frame that cannot be written as one."""


def render(result: Mapping[str, Any], frames: Sequence[Mapping[str, Any]]) -> str:
    """The transcript of a replay: its ``result`` record, then every frame (see the module's doc)."""
    lines = [f"{path} = {value}" for path, value in _flatten(result, "result")]
    previous: dict[str, str] = {}
    for frame in frames:
        flat = dict(_fields({k: v for k, v in frame.items() if k != "step"}))
        lines += ["", f"== step {frame['step']} =="]
        for path, value in flat.items():
            if _root(path) in ALWAYS or previous.get(path) != value:
                lines.append(f"{path} = {value}")
        lines += [f"{GONE}{path}" for path in previous if path not in flat and _root(path) not in ALWAYS]
        previous = flat
    return "\n".join(lines) + "\n"


def parse(text: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The result record and the frames of a transcript made by :func:`render` (``#`` lines are comments)."""
    result: dict[str, str] = {}
    blocks: list[tuple[int, dict[str, str], list[str]]] = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line or line.startswith("#"):
            continue
        if header := HEADER.fullmatch(line):
            blocks.append((int(header[1]), {}, []))
        elif line.startswith(GONE):
            if not blocks:
                raise TranscriptError(f"line {number}: a removal before the first step")
            blocks[-1][2].append(line[len(GONE) :])
        elif " = " in line:
            path, value = line.split(" = ", 1)
            (blocks[-1][1] if blocks else result)[path] = value
        else:
            raise TranscriptError(f"line {number}: neither a step header nor 'path = value': {line!r}")
    frames: list[dict[str, Any]] = []
    flat: dict[str, str] = {}
    read = _Reader()  # a path, and a scalar's text, read once for every step that carries it
    for step, changed, gone in blocks:
        # the frame's own fields are written whole at each step: only the view carries over
        flat = {path: value for path, value in flat.items() if path not in gone and _root(path) not in ALWAYS}
        flat.update(changed)
        frames.append({"step": step, **_unflatten(flat, read)})
    record = _unflatten(result, read).get("result", {})
    return record, frames


ROOT_END = re.compile(r"[.\[]")


def _root(path: str) -> str:
    return ROOT_END.split(path, maxsplit=1)[0]


def _leaf(value: Any, key: str) -> bool:
    """Scalars, empty containers and lists of scalars are written whole on one line."""
    if isinstance(value, dict):
        return not value
    if isinstance(value, list | tuple):
        if key in ONE_A_LINE:
            return not value
        return all(not isinstance(v, dict | list | tuple) for v in value)
    return True


def _fields(frame: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """A frame's ``path = JSON`` pairs, its fields' names at the head of the paths."""
    for key, value in frame.items():
        yield from _flatten({key: value}, "")


# json.dumps(value, ensure_ascii=False, separators=(", ", ": ")), its encoder made once (dumps makes one a call)
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode


def _flatten(value: Any, path: str, key: str = "") -> Iterator[tuple[str, str]]:
    if path and _leaf(value, key):
        yield path, _ENCODE(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str) or not KEY.fullmatch(k):
                raise TranscriptError(f"{path or 'frame'}: key {k!r} cannot be written in a transcript path")
            yield from _flatten(v, f"{path}.{k}" if path else k, k)
    else:
        for i, v in enumerate(value):
            yield from _flatten(v, f"{path}[{i}]", "")


PART = re.compile(r"\.?([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]")


class _Reader:
    """A transcript path's parts and a value's JSON, each read once: a step repeats the view's paths and
    values of the step before. A container is read afresh each time, so that no two frames share one."""

    def __init__(self) -> None:
        self.parts: dict[str, list[str | int]] = {}
        self.scalars: dict[str, Any] = {}

    def path(self, path: str) -> list[str | int]:
        parts = self.parts.get(path)
        if parts is None:
            parts = [name if name else int(index) for name, index in PART.findall(path)]
            if not parts or "".join(m.group(0) for m in PART.finditer(path)) != path:
                raise TranscriptError(f"{path!r} is not a transcript path")
            self.parts[path] = parts
        return parts

    def value(self, path: str, text: str) -> Any:
        if text in self.scalars:
            return self.scalars[text]
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise TranscriptError(f"{path}: not JSON: {text!r} ({exc.msg})") from None
        if not isinstance(value, list | dict):
            self.scalars[text] = value
        return value


def _unflatten(flat: Mapping[str, str], read: _Reader | None = None) -> dict[str, Any]:
    """Rebuild nested values from ``path = JSON`` pairs; lists are kept as index maps until the end."""
    read = read or _Reader()
    root: dict[Any, Any] = {}
    for path, text in flat.items():
        parts = read.path(path)
        value = read.value(path, text)
        node = root
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    return dict(_lists(root))


def _lists(node: Any) -> Any:
    """Index maps (integer keys) become lists, in index order."""
    if not isinstance(node, dict) or not node:
        return node
    if all(isinstance(k, int) for k in node):
        if sorted(node) != list(range(len(node))):
            raise TranscriptError(f"list indexes {sorted(node)} are not 0..{len(node) - 1}")
        return [_lists(node[i]) for i in range(len(node))]
    return {k: _lists(v) for k, v in node.items()}
