"""Every scenario file: it loads, replays, meets its expectations, and matches its golden transcript."""

from __future__ import annotations

import copy
import itertools
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import golden
from conftest import ROOT, SCENARIOS, VALIDATOR, scenario_files
from oldtricks.core.registry import all_rules
from oldtricks.scenarios.checks import check
from oldtricks.scenarios.frames import schema
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load, loads
from oldtricks.scenarios.transcript import parse

GOLDEN = ROOT / "tests" / "golden"
DIFF_LINES = 60  # of a failing transcript's diff, in the test report
FILES = scenario_files()


def test_there_are_scenarios_for_every_game() -> None:
    games = {load(f, SCENARIOS).game for f in FILES}
    assert {"bettelmann", "todundleben"} <= games


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(SCENARIOS).as_posix())
def test_scenario_passes_its_expectations(path: Path) -> None:
    sc = load(path, SCENARIOS)
    assert check(sc) == []
    assert sc.expect, "every scenario states what must happen, so that it is a regression test"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(SCENARIOS).as_posix())
def test_replay_matches_its_transcript(path: Path) -> None:
    """Every frame of the replay, step by step, as tests/golden/ holds it: a change shows as a readable diff."""
    sc = load(path, SCENARIOS)
    rp = replay(sc)
    frames = rp.frames()
    for frame in frames:
        VALIDATOR.validate(frame)
    got = golden.transcript(rp)
    stored = golden.golden_path(sc.id)
    if not stored.exists():
        pytest.fail(f"{sc.id} has no transcript: read `nox -s golden -- {sc.id}`, then add --write", pytrace=False)
    want = stored.read_text(encoding="utf-8")
    if got != want:
        lines = golden.diff(sc.id, want, got).splitlines()
        shown = "\n".join(lines[:DIFF_LINES]) + (
            f"\n... {len(lines) - DIFF_LINES} more lines" if len(lines) > DIFF_LINES else ""
        )
        pytest.fail(
            f"{sc.id}: the replay differs from its transcript (`nox -s golden` shows it all):\n{shown}", pytrace=False
        )
    # the transcript is complete: every frame and the result read back from it exactly
    assert parse(want) == (json.loads(json.dumps(rp.result())), json.loads(json.dumps(frames)))


def _nodes(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """The path of every value inside a frame, the frame's own () first."""
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        yield from _nodes(inner, (*path, key))


# a value of another JSON type in place of each type's value
OTHER_TYPE = {str: 0, int: "0", float: "0.5", bool: None, type(None): "", list: {}, dict: []}


def _broken(frame: dict[str, Any], path: tuple[str | int, ...], how: str) -> dict[str, Any]:
    """The frame with the value at ``path`` (not the frame's own) dropped from its object, of another type,
    or given a key the schema does not name."""
    frame = copy.deepcopy(frame)
    *outer, last = path
    parent: Any = frame
    for key in outer:
        parent = parent[key]
    if how == "drop" and isinstance(parent, dict):
        del parent[last]
    elif how == "extra" and isinstance(parent[last], dict):
        parent[last]["unknown"] = 1
    else:
        parent[last] = OTHER_TYPE[type(parent[last])]
    return frame


def test_the_fast_validator_agrees_with_the_jsonschema_package() -> None:
    """VALIDATOR (jsonschema-rs, conftest.py) passes and fails frames as the jsonschema package, the
    specification's reference implementation in Python, does: on the first, a middle and the last frame of
    every scenario, and on 600 of those frames broken at a node drawn at random (a key dropped, a value
    of another type, a key the schema does not name)."""
    reference = jsonschema.Draft202012Validator(schema())
    frames = []
    for path in FILES:
        shown = replay(load(path, SCENARIOS)).frames()
        frames += [shown[0], shown[len(shown) // 2], shown[-1]]
    assert all(reference.is_valid(f) and VALIDATOR.is_valid(f) for f in frames)
    rng = random.Random(7)
    verdicts = []
    for _ in range(600):
        frame = rng.choice(frames)
        broken = _broken(frame, rng.choice(list(_nodes(frame))[1:]), rng.choice(["drop", "retype", "extra"]))
        verdicts.append(reference.is_valid(broken))
        assert VALIDATOR.is_valid(broken) == verdicts[-1], broken
    assert verdicts.count(False) > 300  # most breaks break the frame: the two agree on failures too


def test_the_golden_command_shows_the_diff_and_writes_only_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(golden, "GOLDEN", tmp_path)
    assert golden.main(["bettelmann/basics"]) == 1
    out = capsys.readouterr().out
    assert "+== step 8 ==" in out and "not written" in out
    assert list(tmp_path.iterdir()) == []
    assert golden.main(["bettelmann/basics", "--write"]) == 0
    stored = tmp_path / "bettelmann__basics.txt"
    assert stored.read_text(encoding="utf-8") == (GOLDEN / "bettelmann__basics.txt").read_text(encoding="utf-8")
    capsys.readouterr()
    stored.write_text(
        stored.read_text(encoding="utf-8").replace('seats[1].hand.cards = ["9H"', 'seats[1].hand.cards = ["9A"'),
        encoding="utf-8",
    )
    assert golden.main(["bettelmann/basics"]) == 1
    out = capsys.readouterr().out
    assert '-seats[1].hand.cards = ["9A", ' in out and '+seats[1].hand.cards = ["9H", ' in out
    (tmp_path / "gone__away.txt").write_text("", encoding="utf-8")
    monkeypatch.setattr(golden, "scenario_files", lambda: [SCENARIOS / "bettelmann" / "basics.toml"])
    assert golden.main([]) == 1
    assert "gone__away.txt: no scenario has this transcript" in capsys.readouterr().out
    assert (tmp_path / "gone__away.txt").exists()


def test_spec_round_trip_gives_the_same_frames() -> None:
    from oldtricks.scenarios.scenario import from_spec

    for path in FILES:
        sc = load(path, SCENARIOS)
        assert replay(from_spec(json.loads(json.dumps(sc.spec())))).frames() == replay(sc).frames()


# one scenario of each game, and of a table of three, whose tricks go all the way round
ROUND_THE_TABLE = ["druzbart/basics", "clock/win", "bettelmann/many-players", "todundleben/french", "drogue/example"]


@pytest.mark.parametrize("ident", ROUND_THE_TABLE)
def test_the_frames_play_order_is_the_order_the_seats_play_a_trick_in(ident: str) -> None:
    """Each frame's play_order (the order the viewer seats the hands in) is the order the engine
    plays: in every trick, each card comes from the seat after the one before it in play_order."""
    rp = replay(load(SCENARIOS / f"{ident}.toml", SCENARIOS))
    frames = rp.frames()
    order = frames[0]["play_order"]
    assert sorted(order) == list(range(len(frames[0]["seats"]))) and order[0] == 0
    assert all(f["play_order"] == order for f in frames)
    pairs = 0
    for trick in rp.result()["tricks"]:
        seats = [seat for seat, _card in trick["cards"]]
        for a, b in itertools.pairwise(seats):
            assert order.index(b) == (order.index(a) + 1) % len(order), (trick, order)
            pairs += 1
    assert pairs >= len(order), f"{ident}: too few cards played to tell the order"


def test_ids_named_in_scenarios_are_ledger_ids() -> None:
    known = all_rules()
    for path in FILES:
        sc = load(path, SCENARIOS)
        for rule in [*sc.demonstrates, *(r for s in sc.steps for r in s.ids)]:
            assert rule in known, f"{path}: {rule}"


def test_the_readme_example_is_a_working_scenario() -> None:
    text = (SCENARIOS / "README.md").read_text(encoding="utf-8")
    found = re.search(r"```toml\n(.*?)```", text, re.S)
    assert found is not None
    example = found.group(1)
    assert check(loads(example, "README.md")) == []


def test_lesson_question_is_asked_on_the_step_before_its_move() -> None:
    frames = replay(load(SCENARIOS / "bettelmann" / "last-three.toml", SCENARIOS)).frames()
    asked = [f for f in frames if f["ask"]]
    assert [f["step"] for f in asked] == [27]
    assert asked[0]["ask"]["answer"] == "UA" == frames[28]["move"]
    assert "Unter" in asked[0]["ask"]["wrong"] and asked[0]["ask"]["hint"]
    assert "UA" in asked[0]["legal"] and len(asked[0]["legal"]) == 3
