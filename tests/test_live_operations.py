"""One table of live operations: ``oldtricks.live.api.OPERATIONS`` in Python, which ``call`` answers through,
mirrored by the table of the Pyodide worker (``worker.js``), built from the names of ``operations.js``
(written from the engine's table); the worker answers the engine's operations through
``oldtricks.live.api.call`` and refuses any other; the widget asks for none that is not in it."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from oldtricks.live import api as live

REPO = Path(__file__).resolve().parent.parent
STATIC = REPO / "site" / "oldtricks_sphinx" / "static" / "oldtricks"
WORKER_OWN = {"engine_files"}  # the worker answers these itself: they look at the worker, not the engine
STARTS = {"init", "make_snapshot"}  # the worker's start, answered before any table (its message listener)
sys.path.insert(0, str(REPO / "site"))
from oldtricks_runtime import operations  # noqa: E402 (after the site's folder is on the path)


def engine_names() -> list[str]:
    """The names of ``ENGINE_OPERATIONS`` in operations.js, in their order."""
    text = (STATIC / operations.WORKER_TABLE).read_text(encoding="utf-8")
    body = re.search(r"\nexport const ENGINE_OPERATIONS = \{\n(.*?)\n\};\n", text, re.S)
    assert body, "operations.js has no ENGINE_OPERATIONS"
    return re.findall(r"^  (\w+): ", body.group(1), re.M)


def worker_table() -> dict[str, str]:
    """The rows of worker.js's ``OPERATIONS``: each operation's name and what answers it, the engine's
    (``engine``) spread from ``ENGINE_OPERATIONS``."""
    text = (STATIC / "worker.js").read_text(encoding="utf-8")
    assert 'import { ENGINE_OPERATIONS } from "./operations.js";' in text
    body = re.search(r"\nconst OPERATIONS = \{\n(.*?)\n\};\n", text, re.S)
    assert body, "worker.js has no table of operations"
    spread = "  ...Object.fromEntries(Object.keys(ENGINE_OPERATIONS).map((op) => [op, engine])),"
    assert body.group(1).startswith(spread + "\n"), "worker.js answers the engine's operations some other way"
    rows = dict(re.findall(r"^  (\w+): (\w+|\(\) =>)", body.group(1), re.M))
    return {**dict.fromkeys(engine_names(), "engine"), **rows}


def test_operations_js_is_the_engine_table() -> None:
    assert operations.stale(STATIC) is None
    assert engine_names() == list(live.OPERATIONS)


def test_operations_js_out_of_date_is_found(tmp_path: Path) -> None:
    """An operation in one table and not the other: the file is stale, and says how to write it again."""
    fewer = {name: row for name, row in live.OPERATIONS.items() if name != "advance"}
    (tmp_path / operations.WORKER_TABLE).write_text(operations.worker_table(fewer), encoding="utf-8")
    said = operations.stale(tmp_path)
    assert said is not None and "python site/oldtricks_runtime operations" in said
    assert operations.stale(tmp_path, fewer) is None
    assert "is missing" in str(operations.stale(tmp_path / "nowhere"))


def test_the_worker_table_names_the_engine_operations_and_its_own() -> None:
    table = worker_table()
    assert {op for op, answer in table.items() if answer == "engine"} == set(live.OPERATIONS)
    assert {op for op, answer in table.items() if answer != "engine"} == WORKER_OWN


def test_every_operation_says_what_it_takes_and_gives() -> None:
    for name, row in live.OPERATIONS.items():
        assert row.takes.startswith("{") and row.gives.startswith("{"), name


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


def _call(op: str, args: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(live.call(op, json.dumps(args)))
    assert answer["ok"], answer
    return answer


def test_a_study_goes_through_the_live_operations_and_back() -> None:
    spec = {"game": "bettelmann", "title": "A deal", "deal": {"seed": 42}, "steps": [{"moves": ["9A"], "ask": True}]}
    made = _call("study_encode", {"study": {"title": "Mine", "chapters": [{"spec": spec}]}})
    assert made["link"].startswith("s1;") and made["study"]["chapters"][0]["questions"][0]["answers"] == ["9A"]
    read = _call("study_read", {"link": made["link"]})
    assert read["problems"] == [] and read["study"] == made["study"]
    filed = _call("study_file", {"study": read["study"]})
    assert filed["name"] == "mine.toml"
    opened = _call("study_open_file", {"text": filed["toml"], "name": filed["name"]})
    assert opened["study"] == made["study"]
    damaged = _call("study_read", {"link": made["link"] + "/g=bettelmann;r=x"})
    assert damaged["study"] == made["study"] and damaged["problems"][0].startswith("chapter 2 cannot be read")
    refused = json.loads(live.call("study_encode", json.dumps({"study": {"title": "", "chapters": []}})))
    assert not refused["ok"] and "title is 1 to 200" in refused["error"]


def test_the_engine_proposes_refusals_and_costs_for_a_question() -> None:
    from oldtricks.scenarios.replay import replay
    from oldtricks.scenarios.scenario import load

    scenario = load(Path(__file__).resolve().parent.parent / "scenarios" / "druzbart" / "cap.toml")
    spec, step = scenario.spec(), 7
    line = replay(scenario).line
    legal = [str(m) for m in line.game.legal_moves(line.states[step])]
    said = _call("study_propose", {"spec": spec, "step": step, "answers": legal[:2]})
    assert {t["move"] for t in said["tries"]} == set(legal[2:]) and all(t["text"] for t in said["tries"])
    assert said["refusals"] and all(r["move"] not in legal and r["text"] for r in said["refusals"])
    bad = json.loads(live.call("study_propose", json.dumps({"spec": spec, "step": step, "answers": ["6L"]})))
    assert not bad["ok"] and "'6L' is not a legal move at step 7" in bad["error"]


def test_a_teacher_edits_a_chapter_and_the_student_reads_it() -> None:
    spec = {"game": "bettelmann", "title": "A deal", "deal": {"seed": 42}, "steps": [{"auto": 2}]}
    study = _call("study_encode", {"study": {"title": "Mine", "chapters": [{"spec": spec}]}})["study"]
    study = _call("study_edit", {"study": study, "chapter": 0, "title": "Renamed", "step": 1, "note": "<b>see</b>"})[
        "study"
    ]
    chapter = study["chapters"][0]
    assert chapter["title"] == "Renamed" and chapter["spec"]["steps"][0]["note"] == "<b>see</b>"
    line_move = chapter["spec"]["steps"][1]["moves"][0]
    asked = _call(
        "study_edit",
        {"study": study, "chapter": 0, "step": 1, "ask": {"answers": [line_move], "hint": "h", "wrong": "w"}},
    )
    assert asked["study"]["chapters"][0]["questions"] == [
        {"step": 1, "answers": [line_move], "hint": "h", "wrong": "w"}
    ]
    student = _call("study_chapter", {"link": asked["study"]["chapters"][0]["link"]})
    assert student["frames"][1]["ask"]["answers"] == [line_move] and student["frames"][1]["note"] == "<b>see</b>"
    removed = _call("study_edit", {"study": asked["study"], "chapter": 0, "step": 1, "ask": None})
    assert removed["study"]["chapters"][0]["questions"] == []
    bad = json.loads(live.call("study_edit", json.dumps({"study": study, "chapter": 3, "title": "x"})))
    assert not bad["ok"] and "no chapter 3" in bad["error"]


def test_a_question_off_the_line_cuts_it_and_goes_on_with_the_right_move() -> None:
    from oldtricks.scenarios.replay import replay
    from oldtricks.scenarios.scenario import load

    scenario = load(Path(__file__).resolve().parent.parent / "scenarios" / "druzbart" / "cap.toml")
    study = _call("study_encode", {"study": {"title": "x", "chapters": [{"spec": scenario.spec()}]}})["study"]
    line = replay(scenario).line
    legal = sorted(str(m) for m in line.game.legal_moves(line.states[7]))
    others = [m for m in legal if m != line.asks[7]["answer"]]
    said = _call("study_edit", {"study": study, "chapter": 0, "step": 7, "ask": {"answers": others[:2]}})
    assert f"goes on with {others[0]}: the 25 moves after this step are dropped" in said["said"]
    (question,) = said["study"]["chapters"][0]["questions"][-1:]
    assert question["answers"] == others[:2] and question["step"] == 7
    assert len(said["study"]["chapters"][0]["spec"]["steps"]) <= 9
    student = _call("study_chapter", {"link": said["study"]["chapters"][0]["link"], "also": {"7": others[1:2]}})
    assert student["frames"][7]["ask"]["answers"] == others[:2]


def test_a_study_handout_through_call() -> None:
    spec = {"game": "bettelmann", "title": "A deal", "deal": {"seed": 42}, "steps": [{"note": "<i>x</i>"}]}
    said = _call("study_handout", {"study": {"title": "Mine", "chapters": [{"spec": spec}]}})
    assert said["text"].startswith("Mine\n\n1. A deal (Bettelmann)\n") and "Step 0. <i>x</i>" in said["text"]
