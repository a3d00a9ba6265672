"""Drogue's golden scenarios: they replay, meet their expectations, cover every id, and pass the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from oldtricks.coverage import compute
from oldtricks.games.drogue import RULES
from oldtricks.registry import family_of
from oldtricks.replay import check, replay
from oldtricks.scenario import load

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
FILES = sorted((SCENARIOS / "drogue").glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path) -> None:
    scenario = load(path, SCENARIOS)
    assert check(scenario) == []
    result = replay(scenario).result()
    assert len(result["tricks"]) == 8  # every scenario is one whole deal
    assert sum(t["points"] for t in result["tricks"]) == 120


def test_every_drogue_id_and_option_value_is_demonstrated() -> None:
    coverage = compute(load(p, SCENARIOS) for p in FILES)
    ours = {r.id for r in RULES}
    assert not [r for r in coverage.missing_rules if r in ours]
    assert not [o for o in coverage.missing_options if "drogue" in o]
    assert {family_of(r) for r in ours} == {"Drogue"}


def test_the_example_reproduces_the_source() -> None:
    result = replay(load(SCENARIOS / "drogue" / "example.toml", SCENARIOS)).result()
    first = result["tricks"][0]
    assert first["cards"] == [[0, "KS"], [3, "AS"], [2, "7H"], [1, "JD"]]  # Anna, Ben, Carla, Dan
    assert first["winner"] == 1
    assert first["points"] == 17


PAIRS = [("order-bezique", "order-natural"), ("overtrump-must", "overtrump-free"), ("packets-four", "packets-two")]


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_option_pairs_play_the_same_deal_differently(a: str, b: str) -> None:
    first, second = (load(SCENARIOS / "drogue" / f"{name}.toml", SCENARIOS) for name in (a, b))
    assert (first.hands, first.seed, first.dealer) == (second.hands, second.seed, second.dealer)
    assert replay(first).result()["tricks"] != replay(second).result()["tricks"]


def test_cli_check_and_coverage() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "engine"), os.environ.get("PYTHONPATH", "")]))

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "oldtricks", *args], capture_output=True, text=True, env=env)

    run = cli("check", str(SCENARIOS / "drogue"))
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"{len(FILES)} passed, 0 failed" in run.stdout
    run = cli("coverage", str(SCENARIOS / "drogue"))
    drogue_lines = [line for line in run.stdout.splitlines() if "drogue" in line]
    assert drogue_lines
    assert not [line for line in drogue_lines if line.startswith("--")]
