"""One table of live operations: ``oldtricks.live.OPERATIONS`` in Python, mirrored by the table of the
Pyodide worker (``worker.js``), which answers the engine's operations through ``oldtricks.live.call`` and
refuses any other; the widget asks for none that is not in it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from oldtricks import live

STATIC = Path(__file__).resolve().parent.parent / "site" / "oldtricks_sphinx" / "static" / "oldtricks"
WORKER_OWN = {"engine_files"}  # the worker answers these itself: they look at the worker, not the engine
STARTS = {"init", "make_snapshot"}  # the worker's start, answered before any table (its message listener)


def worker_table() -> dict[str, str]:
    """The rows of worker.js's ``OPERATIONS``: each operation's name and what answers it."""
    text = (STATIC / "worker.js").read_text(encoding="utf-8")
    body = re.search(r"\nconst OPERATIONS = \{\n(.*?)\n\};\n", text, re.S)
    assert body, "worker.js has no table of operations"
    rows = re.findall(r"^  (\w+): (\w+|\(\) =>)", body.group(1), re.M)
    return dict(rows)


def test_the_worker_table_names_the_engine_operations_and_its_own() -> None:
    table = worker_table()
    assert {op for op, answer in table.items() if answer == "engine"} == set(live.OPERATIONS)
    assert {op for op, answer in table.items() if answer != "engine"} == WORKER_OWN


def test_the_widget_asks_only_for_operations_of_the_table() -> None:
    """Every operation named by the widget's modules (``engine.call("op", …)``, ``send("op", …)``)."""
    asked: set[str] = set()
    for path in STATIC.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        asked |= set(re.findall(r"""(?:\.call|\bsend)\(\s*["'](\w+)["']""", text))
        asked |= set(re.findall(r"""\bop: ["'](\w+)["']""", text))
    assert {"open_table", "play", "analyse", "advance", "levels"} <= asked  # the patterns find them
    assert asked - STARTS - {"keep"} <= set(worker_table())  # "keep": a message to the service worker


@pytest.mark.parametrize("op", sorted(live.OPERATIONS))
def test_every_operation_answers_json_through_call(op: str) -> None:
    answer = json.loads(live.call(op, "{}"))
    assert isinstance(answer, dict) and isinstance(answer["ok"], bool)
    assert "unknown operation" not in str(answer.get("error"))


def test_open_table_and_play_answer_through_call_as_when_called_directly() -> None:
    spec = {"title": "t", "game": "bettelmann", "deal": {"seed": 5}}
    opened = json.loads(live.call("open_table", json.dumps({"key": "ops", "spec": spec})))
    assert opened == json.loads(live.open_table("ops-direct", json.dumps(spec)))
    move = opened["frames"][0]["legal"][0]
    # each table once: a move played again at the same step is the line's own next move (it follows the line)
    played = json.loads(live.call("play", json.dumps({"key": "ops", "step": 0, "move": move, "bots": [1]})))
    assert played["ok"] and played["frames"] and played == json.loads(live.play("ops-direct", 0, move, "[1]"))
    refused = json.loads(live.call("play", json.dumps({"key": "ops", "step": "0", "move": "UA"})))
    assert refused == {"ok": False, "error": "step must be a whole number, not '0'", "rule": None}
    assert json.loads(live.call("no_such_op"))["error"] == "unknown operation 'no_such_op'"
