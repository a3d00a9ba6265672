"""Shared fixtures: the repository's folders and its scenario files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from hypothesis import HealthCheck, settings

from oldtricks.scenarios.frames import schema

# Every property test runs on a shared, busy 2-core machine (CI's too): a check on how long one example
# or its generation takes fails on load, not on a bug. Tests may still set their own limits.
settings.register_profile("oldtricks", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("oldtricks")

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"

# The frame schema (engine/oldtricks/schema/frame.schema.json), compiled once for the whole run. jsonschema-rs
# checks a frame some 300 times faster than the jsonschema package (about 10 µs against 3 ms: the suite
# validates thousands); tests/test_scenarios.py shows that the two agree, on the scenarios' frames and on
# frames broken on purpose.
VALIDATOR = jsonschema_rs.Draft202012Validator(schema())


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def scenario_root() -> Path:
    return SCENARIOS


def scenario_files() -> list[Path]:
    return sorted(SCENARIOS.rglob("*.toml"))


def play(game: Any, state: Any, moves: str) -> tuple[Any, list[Any]]:
    """Apply moves given in notation, separated by spaces: the state after them, and their events."""
    events: list[Any] = []
    for token in moves.split():
        state, evs = game.apply(state, game.parse_move(state, token))
        events.extend(evs)
    return state, events


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """After the tests of the sweep record (tests/test_fuzz_ends.py), say for each game whether today's
    code is the code that tests/fuzz-ends.json holds the sweep of every option combination for."""
    reports = (r for outcome in terminalreporter.stats.values() for r in outcome if hasattr(r, "nodeid"))
    if not any(r.nodeid.startswith("tests/test_fuzz_ends.py") for r in reports):
        return
    import fuzz  # here: only a run of those tests pays for the harness's imports

    terminalreporter.section("tests/fuzz-ends.json: the code of each game's sweep")
    for line in fuzz.record_summary():
        terminalreporter.write_line(line)
