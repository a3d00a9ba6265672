"""Shared fixtures: the repository's folders and its scenario files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


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
