"""Drogue's golden scenarios: they replay, meet their expectations, cover every id, and pass the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from oldtricks.core.registry import family_of
from oldtricks.errors import ScenarioError
from oldtricks.games.drogue import RULES
from oldtricks.scenarios.checks import check
from oldtricks.scenarios.coverage import compute
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
FILES = sorted((SCENARIOS / "drogue").glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path) -> None:
    scenario = load(path, SCENARIOS)
    assert check(scenario) == []
    result = replay(scenario).result()
    deals: dict[int, list[int]] = {}
    for trick in result["tricks"]:
        deals.setdefault(trick.get("deal", 1), []).append(trick["points"])
    capped = result["outcome"] is not None and result["outcome"]["kind"] == "capped"
    assert deals or capped  # only the cap of dealings (drogue.cap) stops a game before a card is played
    for number, points in deals.items():
        if len(points) == 8:  # every whole deal has its 120 points
            assert sum(points) == 120, (number, points)
        else:  # only the last deal of a scenario may stop part-way
            assert number == max(deals)
    if scenario.options.get("deals", 1) == 1 and not capped:
        assert len(result["tricks"]) == 8  # the one-deal scenarios are whole deals


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


PAIRS = [
    ("order-bezique", "order-natural"),
    ("overtrump-must", "overtrump-free"),
    ("packets-four", "packets-two"),
    ("four-jacks-free", "four-jacks-no-run"),
    ("penalty-strict", "penalty-lenient"),
]


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_option_pairs_play_the_same_deal_differently(a: str, b: str) -> None:
    first, second = (load(SCENARIOS / "drogue" / f"{name}.toml", SCENARIOS) for name in (a, b))
    assert (first.hands, first.seed, first.dealer) == (second.hands, second.seed, second.dealer)
    assert replay(first).result()["tricks"] != replay(second).result()["tricks"]


# option pairs whose play is the same and whose clips differ
CLIP_PAIRS = [
    ("capot-one", "capot-two"),
    ("rengage-extra", "rengage-keep"),
    ("silent-floor", "silent-talk"),
    ("capot-one", "capot-also"),
    ("first-game-points", "first-game-vilenies"),
    ("evening", "release-one"),
]


@pytest.mark.parametrize(("a", "b"), CLIP_PAIRS)
def test_option_pairs_play_the_same_deals_and_clip_differently(a: str, b: str) -> None:
    first, second = (load(SCENARIOS / "drogue" / f"{name}.toml", SCENARIOS) for name in (a, b))
    assert (first.hands, first.seed, first.dealer, first.later) == (
        second.hands,
        second.seed,
        second.dealer,
        second.later,
    )
    one, two = replay(first), replay(second)
    assert one.result()["tricks"] == two.result()["tricks"]
    wear = [[(w.clips, w.buttonhole, w.penalty) for w in rp.line.states[-1].session.wear] for rp in (one, two)]
    assert wear[0] != wear[1]


# option pairs whose auctions differ and whose play is the same
AUCTION_PAIRS = [("bid-whole", "bid-under"), ("equal-once", "equal-again")]


@pytest.mark.parametrize(("a", "b"), AUCTION_PAIRS)
def test_option_pairs_bid_differently_on_the_same_deal(a: str, b: str) -> None:
    first, second = (load(SCENARIOS / "drogue" / f"{name}.toml", SCENARIOS) for name in (a, b))
    assert (first.hands, first.seed, first.dealer) == (second.hands, second.seed, second.dealer)
    one, two = replay(first), replay(second)
    assert one.result()["tricks"] == two.result()["tricks"]
    calls = [rp.line.states[-1].auction.calls for rp in (one, two)]
    assert calls[0] != calls[1]
    # each scenario's auction is refused under the other reading: the option is what lets it through
    with pytest.raises(ScenarioError):
        replay(second, dict(first.options))


def test_release_one_leaves_the_second_clip_on() -> None:
    """drogue.release.all against drogue.release.one: Dan shows J♣ while wearing two clips."""
    after = {}
    for name in ("evening", "release-one"):
        rp = replay(load(SCENARIOS / "drogue" / f"{name}.toml", SCENARIOS))
        step = next(i for i, m in enumerate(rp.line.moves) if m is not None and str(m) == "show JC")
        after[name] = rp.line.states[step].session.wear[1].clips
    assert after == {"evening": 0, "release-one": 1}


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
