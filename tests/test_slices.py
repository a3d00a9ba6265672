"""A deal's double-dummy table worked out a slice at a time (:mod:`oldtricks.analysis.slices`): the same
numbers as the table worked out at once, in every game that has a table, over as many slices as the
nodes allowed each ask for; a slice never runs past its nodes in any search; and the live engine's
``double_dummy_table`` with ``nodes`` goes on from slice to slice for the same position only."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import SCENARIOS
from oldtricks import make_game
from oldtricks.analysis.slices import Slices
from oldtricks.live import analysis as live_analysis
from oldtricks.live import api as live
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load


def _deal_start(name: str) -> tuple[Any, Any]:
    """The game and the first step of scenario ``name`` where the play of a deal begins."""
    line = replay(load(SCENARIOS / name, SCENARIOS)).line
    state = next(s for s in line.states if line.game.deal_begins(s))
    return line.game, state


def _sliced(game: Any, state: Any, nodes: int) -> tuple[Any, Slices, list[int]]:
    """The table worked out in slices of ``nodes``, the slices, and the nodes each slice searched."""
    slices, got, spent = Slices(), None, []
    while got is None:
        before = slices.nodes
        got = slices.run(lambda: game.double_dummy_table(state, slices), nodes)
        spent.append(slices.nodes - before)
        assert len(spent) < 10_000, "the slices never finish"
    return got, slices, spent


@pytest.mark.parametrize(
    ("name", "nodes"),
    [("druzbart/head.toml", 3_000), ("clock/end-five.toml", 500), ("drogue/auction.toml", 20_000)],
)
def test_a_table_in_slices_is_the_table_at_once(name: str, nodes: int) -> None:
    game, state = _deal_start(name)
    whole = game.double_dummy_table(state).as_json()
    got, slices, spent = _sliced(game, state, nodes)
    assert got.as_json() == whole
    assert slices.done and slices.slices == len(spent) > 2  # cut up: the test would pass trivially otherwise
    searches = len(slices._searches)
    assert max(spent) <= nodes * searches  # each search stops where its slice's nodes run out


def test_a_slice_needs_nodes() -> None:
    with pytest.raises(ValueError, match="at least one node"):
        Slices().run(lambda: 1, 0)


def test_a_kept_search_is_the_same_for_the_same_model_and_side() -> None:
    from oldtricks.games.druzbart.solver import model_of, searcher

    model = model_of(make_game("druzbart", {"pack": 32}))
    slices = Slices()
    assert searcher(model, 0, slices) is searcher(model, 2, slices)  # partners: one side
    assert searcher(model, 0, slices) is not searcher(model, 1, slices)


def _ask(key: str, **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(live.call("double_dummy_table", json.dumps({"key": key, **more})))
    assert out["ok"], out
    return out


def test_the_live_table_goes_on_from_slice_to_slice() -> None:
    sc = load(SCENARIOS / "druzbart/head.toml", SCENARIOS)
    assert json.loads(live.open_table("slices", json.dumps(sc.spec()), "{}"))["ok"]
    whole = _ask("slices", step=0)
    assert whole["done"] and whole["table"]
    first = _ask("slices", step=0, start=True, nodes=2_000)
    assert not first["done"] and first["table"] is None
    kept = next(iter(live_analysis.SLICED.values()))[2]
    answers = [first]
    while not answers[-1]["done"]:
        answers.append(_ask("slices", step=0, start=True, nodes=2_000))
        assert len(answers) < 5_000
    assert answers[-1]["table"] == whole["table"] and kept.slices == len(answers) > 2
    assert not live_analysis.SLICED  # done: the searches are dropped
    # another position drops the table half worked out; coming back starts it again
    _ask("slices", step=0, start=True, nodes=2_000)
    _ask("slices", moves=[], start=True, nodes=2_000)
    (kept_now,) = [s for _, _, s in live_analysis.SLICED.values()]
    assert kept_now.slices == 1
    with_bad = json.loads(live.call("double_dummy_table", json.dumps({"key": "slices", "nodes": 0})))
    assert not with_bad["ok"] and "nodes must be a whole number" in with_bad["error"]
