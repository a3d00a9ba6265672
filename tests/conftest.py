"""Shared fixtures: the repository's folders and its scenario files."""

from __future__ import annotations

from pathlib import Path

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
