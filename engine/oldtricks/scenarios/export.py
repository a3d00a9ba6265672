"""Scenario files written by the engine: a line of play as a spec, and a spec as TOML.

:func:`to_toml` is the inverse of :func:`oldtricks.scenarios.scenario.loads` for the structure of a scenario
(``scenarios/README.md``): ``loads(to_toml(spec)).spec()`` equals ``spec`` (less its ``id``, which a
file takes from its path). :func:`line_spec` turns a line played in the browser into such a spec,
and :func:`expectations` adds what happened, so a downloaded file is a test that ``check`` runs.

>>> print(to_toml({"game": "bettelmann", "title": 'Say "hi"', "deal": {"dealer": 0, "seed": 42},
...                "steps": [{"moves": ["9H"], "note": "one\\ntwo"}]}), end="")
title = "Say \\"hi\\""
game = "bettelmann"
<BLANKLINE>
[deal]
dealer = 0
seed = 42
<BLANKLINE>
[[step]]
move = "9H"
note = \"\"\"
one
two\"\"\"
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .replay import PARAGRAPH, Line

__all__ = ["expectations", "line_spec", "to_toml"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")  # the whole key (fullmatch: "$" also matches before a final newline)
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\f": "\\f", "\r": "\\r"}
TOP_ORDER = ("title", "game", "description", "demonstrates", "viewer", "names")
STEP_ORDER = ("moves", "auto", "note", "ids", "ask", "also", "wrong", "hint")
WINNERS_LIMIT = 100  # a long game's file lists the winners of its first tricks only (check reads a prefix)


def _escape(text: str, multiline: bool) -> str:
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif char == "\n":
            out.append("\n" if multiline else "\\n")
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        elif 0xD800 <= ord(char) <= 0xDFFF:
            raise ValueError("the text holds a lone surrogate, which no file can store")
        else:
            out.append(char)
    return "".join(out)


def _string(text: str) -> str:
    """A TOML basic string; text with line breaks as a multi-line string, one line per line.

    Every quote is escaped, so no run of three quotes can end the string early; the line break
    after the opening quotes is dropped by TOML readers, so the text comes back exactly.
    """
    if "\n" in text:
        return '"""\n' + _escape(text, multiline=True) + '"""'
    return '"' + _escape(text, multiline=False) + '"'


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else '"' + _escape(key, multiline=False) + '"'


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list | tuple):
        items = [_value(v) for v in value]
        if not any("\n" in item for item in items) and sum(len(i) + 2 for i in items) <= 80:
            return "[" + ", ".join(items) + "]"
        rows: list[list[str]] = []  # long arrays: several short items a row, a long one on its own
        for item in items:
            if rows and "\n" not in item and sum(len(i) + 2 for i in rows[-1]) + len(item) <= 96:
                rows[-1].append(item)
            else:
                rows.append([item])
        return "[\n" + "".join("  " + ", ".join(row) + ",\n" for row in rows) + "]"
    raise TypeError(f"a scenario file cannot hold {type(value).__name__} values ({value!r})")


def _pairs(table: Mapping[str, Any], order: Iterable[str] = ()) -> list[str]:
    """``key = value`` lines for the plain values of a table, ``order`` first; sub-tables are left out."""
    keys = [k for k in order if k in table] + [k for k in table if k not in order]
    return [f"{_key(k)} = {_value(table[k])}" for k in keys if table[k] is not None and not isinstance(table[k], dict)]


def _table(name: str, table: Mapping[str, Any]) -> list[str]:
    """A ``[name]`` table, then its sub-tables as ``[name.key]``."""
    out = ["", f"[{name}]", *_pairs(table)]
    for key, value in table.items():
        if isinstance(value, dict):
            out += _table(f"{name}.{_key(key)}", value)
    return out


def to_toml(spec: Mapping[str, Any], *, within: str = "", keys: Sequence[str] = TOP_ORDER) -> str:
    """A scenario file for ``spec`` (the JSON form of a scenario; ``id`` and ``at`` are not written).

    ``within`` puts its tables inside an array of tables (a study's chapter: ``"chapter"`` writes
    ``[chapter.deal]``, ``[[chapter.step]]``); ``keys`` are the top-level keys written, in order.
    Raises :class:`TypeError` for a value TOML cannot hold (a float, None in a list) and
    :class:`ValueError` for text that no file can store (a lone surrogate).
    """
    top = {k: v for k, v in spec.items() if k in keys and v is not None}
    lines = _pairs(top, keys)
    at = f"{within}." if within else ""
    if spec.get("options"):
        lines += _table(f"{at}options", spec["options"])
    if "deal" in spec:
        lines += ["", f"[{at}deal]", *_pairs(spec["deal"], ("dealer", "seed", "hands"))]
    for step in spec.get("steps", spec.get("step", [])):
        step = dict(step)
        moves = step.pop("moves", None) or step.pop("move", None)
        lines += ["", f"[[{at}step]]"]
        if isinstance(moves, str):
            lines.append(f"move = {_value(moves)}")
        elif moves is not None and len(moves) == 1:
            lines.append(f"move = {_value(moves[0])}")
        elif moves is not None:
            lines.append(f"moves = {_value(moves)}")
        lines += _pairs(step, STEP_ORDER)
    if spec.get("expect"):
        lines += _table(f"{at}expect", spec["expect"])
    return "\n".join(lines) + "\n"


def line_spec(base: Mapping[str, Any], line: Line) -> dict[str, Any]:
    """The spec of a line of play: the game, title, names and deal of ``base`` (a scenario spec), the
    line's options where they differ from the defaults or ``base`` sets them, and its moves as steps.

    Moves are grouped: each note, rule id or lesson question ends a step, so the file stays short
    and every annotation lands on the step it was written for.
    """
    game = line.game
    keep = set(base.get("options") or {})
    options = {k: v for k, v in game.options.items() if k in keep or v != game.spec(k).default}
    spec: dict[str, Any] = {"game": game.name, "title": base.get("title") or game.title}
    for key in ("description", "viewer", "names"):
        if base.get(key) not in (None, "", []):
            spec[key] = base[key]
    spec["options"] = options
    spec["deal"] = dict(base["deal"])

    def annotate(step: dict[str, Any], at: int) -> dict[str, Any]:
        if line.notes.get(at):
            step["note"] = PARAGRAPH.join(line.notes[at])
        if line.ids.get(at):
            step["ids"] = list(line.ids[at])
        return step

    steps: list[dict[str, Any]] = []
    if line.notes.get(0) or line.ids.get(0):
        steps.append(annotate({}, 0))
    pending: list[str] = []
    last = len(line.states) - 1
    for at in range(1, last + 1):
        move = str(line.moves[at])
        ask = line.asks.get(at - 1)
        if ask is not None:  # a lesson question is answered by exactly one move: its own step
            if pending:
                steps.append({"moves": pending})
                pending = []
            step: dict[str, Any] = {"moves": [move], "ask": True}
            for key in ("wrong", "hint"):
                if ask.get(key):
                    step[key] = ask[key]
            steps.append(annotate(step, at))
            continue
        pending.append(move)
        if at == last or line.notes.get(at) or line.ids.get(at):
            steps.append(annotate({"moves": pending}, at))
            pending = []
    spec["steps"] = steps
    return spec


def expectations(line: Line) -> dict[str, Any]:
    """What the line does, as a scenario's ``[expect]``: trick winners, tricks, steps, the outcome."""
    tricks = line.tricks()
    out: dict[str, Any] = {}
    if tricks:
        out["winners"] = ["tie" if t.get("winner") is None else t["winner"] for t in tricks[:WINNERS_LIMIT]]
    out["tricks"] = len(tricks)
    out["steps"] = len(line.states) - 1
    outcome = line.outcome
    if outcome is not None:
        data = outcome.as_json()
        out["outcome"] = {k: data[k] for k in ("kind", "winners", "losers", "cycle") if data.get(k) is not None}
    return out
