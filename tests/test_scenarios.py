"""Every scenario file: it loads, replays, meets its expectations, and matches its golden record."""

from __future__ import annotations

import hashlib
import json
import os
import re

import jsonschema
import pytest

from conftest import ROOT, SCENARIOS, scenario_files
from oldtricks.frames import schema
from oldtricks.registry import all_rules
from oldtricks.replay import check, replay
from oldtricks.scenario import load, loads

GOLDEN = ROOT / "tests" / "golden"
UPDATE = os.environ.get("OLDTRICKS_UPDATE_GOLDEN") == "1"
VALIDATOR = jsonschema.Draft202012Validator(schema())
FILES = scenario_files()


def test_there_are_scenarios_for_every_game():
    games = {load(f, SCENARIOS).game for f in FILES}
    assert {"bettelmann", "todundleben"} <= games


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(SCENARIOS).as_posix())
def test_scenario_passes_its_expectations(path):
    sc = load(path, SCENARIOS)
    assert check(sc) == []
    assert sc.expect, "every scenario states what must happen, so that it is a regression test"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(SCENARIOS).as_posix())
def test_golden_replay(path):
    """The trick record and outcome, and a digest of every frame, are stored: any change shows here."""
    sc = load(path, SCENARIOS)
    rp = replay(sc)
    frames = rp.frames()
    for frame in frames:
        VALIDATOR.validate(frame)
    record = {
        "result": rp.result(),
        "frames": len(frames),
        "digest": hashlib.sha256(json.dumps(frames, sort_keys=True).encode()).hexdigest(),
    }
    golden = GOLDEN / (sc.id.replace("/", "__") + ".json")
    if UPDATE or not golden.exists():
        golden.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"wrote a new golden file {golden.name}: check it in")
    assert record == json.loads(golden.read_text(encoding="utf-8"))


def test_spec_round_trip_gives_the_same_frames():
    from oldtricks.scenario import from_spec

    for path in FILES:
        sc = load(path, SCENARIOS)
        assert replay(from_spec(json.loads(json.dumps(sc.spec())))).frames() == replay(sc).frames()


def test_ids_named_in_scenarios_are_ledger_ids():
    known = all_rules()
    for path in FILES:
        sc = load(path, SCENARIOS)
        for rule in [*sc.demonstrates, *(r for s in sc.steps for r in s.ids)]:
            assert rule in known, f"{path}: {rule}"


def test_the_readme_example_is_a_working_scenario():
    text = (SCENARIOS / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```toml\n(.*?)```", text, re.S).group(1)
    assert check(loads(example, "README.md")) == []


def test_lesson_question_is_asked_on_the_step_before_its_move():
    frames = replay(load(SCENARIOS / "bettelmann" / "last-three.toml", SCENARIOS)).frames()
    asked = [f for f in frames if f["ask"]]
    assert [f["step"] for f in asked] == [27]
    assert asked[0]["ask"]["answer"] == "UA" == frames[28]["move"]
    assert "Unter" in asked[0]["ask"]["wrong"] and asked[0]["ask"]["hint"]
    assert "UA" in asked[0]["legal"] and len(asked[0]["legal"]) == 3
