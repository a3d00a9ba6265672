"""The live engine's ``analyse`` operation: the solver's values at a step of an open table, or after
the moves of the line the reader looks at, with the best line in the engine's own words."""

from __future__ import annotations

import json
from typing import Any

from conftest import SCENARIOS
from oldtricks.live import api as live
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load


def _open(key: str, name: str) -> list[dict[str, Any]]:
    sc = load(SCENARIOS / name, SCENARIOS)
    out = json.loads(live.open_table(key, json.dumps(sc.spec()), "{}"))
    assert out["ok"]
    frames: list[dict[str, Any]] = out["frames"]
    return frames


def test_analyse_a_step_lists_every_legal_move_and_tells_the_best_line() -> None:
    frames = _open("a", "clock/deal.toml")
    out = json.loads(live.call("analyse", json.dumps({"key": "a", "step": 27})))
    assert out["ok"], out
    rp = replay(load(SCENARIOS / "clock/deal.toml", SCENARIOS))
    assert out["analysis"] == rp.game.analyse(rp.line.states[27]).as_json(27)
    assert sorted(m["move"] for m in out["analysis"]["moves"]) == sorted(frames[27]["legal"])
    words = out["line_words"]
    assert words and all(isinstance(w, str) and w for w in words)
    # the words are the game's narration of the best move first, then of its line
    best = rp.game.pack.parse(out["analysis"]["moves"][0]["move"])
    assert best.name in words[0]
    assert len(words) >= live.LINE_WORDS


def test_analyse_the_line_of_given_moves() -> None:
    frames = _open("b", "clock/deal.toml")
    moves = [f["move"] for f in frames[1:28]]
    by_moves = json.loads(live.call("analyse", json.dumps({"key": "b", "moves": moves})))
    by_step = json.loads(live.call("analyse", json.dumps({"key": "b", "step": 27})))
    assert by_moves["ok"] and by_moves["analysis"] == by_step["analysis"]


def test_positions_without_a_solver_and_bad_moves_are_clear_errors() -> None:
    _open("c", "drogue/example.toml")
    out = json.loads(live.call("analyse", json.dumps({"key": "c", "step": 0})))
    assert not out["ok"] and "once trump is named" in out["error"]
    out = json.loads(live.call("analyse", json.dumps({"key": "c", "moves": ["ZZ"]})))
    assert not out["ok"] and out["error"].startswith("step 1:")
    out = json.loads(live.call("analyse", json.dumps({"key": "nope"})))
    assert not out["ok"] and "open it first" in out["error"]


def test_the_moves_as_good_as_the_best_are_marked_best() -> None:
    # Bettelmann, the last three cards: two cards win after three tricks, the Ace loses; then a position
    # where the soonest win (one trick) is the one best move, and the later wins are not
    cases = (("bettelmann/last-three-ace.toml", 22, {"7H", "9A"}), ("bettelmann/last-three-finish.toml", 31, {"OA"}))
    for name, step, best in cases:
        _open(name, name)
        out = json.loads(live.call("analyse", json.dumps({"key": name, "step": step})))
        assert out["ok"], out
        moves = out["analysis"]["moves"]
        assert {m["move"] for m in moves if m["best"]} == best, moves
        assert moves[0]["best"] and len(moves) > len(best)


def test_the_analysis_says_what_it_is_about_to_do() -> None:
    frames = _open("plan", "drogue/example.toml")
    moves = [f["move"] for f in frames[1:11]]
    said = json.loads(live.call("analysis_plan", json.dumps({"key": "plan", "moves": moves})))
    assert said["ok"], said
    assert said["text"].startswith("The solver is playing out each of Dan’s 6 legal moves"), said["text"]
    assert "29 cards are still to be played" in said["text"], said["text"]


def test_the_double_dummy_table_is_offered_where_a_deal_begins() -> None:
    """``double_dummy_table``: the deal's table in the engine's words at any step; with ``start``, only
    where the play of a deal begins (Drużbart: no card played; Drogue: trump named, no card played)."""
    frames = _open("dd", "clock/end-five.toml")
    rp = replay(load(SCENARIOS / "clock/end-five.toml", SCENARIOS))
    out = json.loads(live.call("double_dummy_table", json.dumps({"key": "dd", "step": 0, "start": True})))
    assert out["ok"], out
    assert out["table"] == rp.game.double_dummy_table(rp.line.states[0]).as_json()
    assert out["table"]["rows"][out["table"]["marked"]].endswith("leads (as dealt)")
    begins = [json.loads(live.call("analyse", json.dumps({"key": "dd", "step": s})))["deal_begins"] for s in (0, 1)]
    assert begins == [True, False]  # the analysis tells the viewer where to ask for the table
    later = json.loads(live.call("double_dummy_table", json.dumps({"key": "dd", "step": 2, "start": True})))
    assert later["ok"] and later["table"] is None  # two cards played: no longer the deal's start
    asked = json.loads(
        live.call("double_dummy_table", json.dumps({"key": "dd", "moves": [f["move"] for f in frames[1:3]]}))
    )
    assert asked["ok"] and asked["table"] == out["table"]  # asked outright: the deal as dealt
    _open("dd2", "drogue/auction.toml")
    drogue = [
        json.loads(live.call("double_dummy_table", json.dumps({"key": "dd2", "step": s, "start": True})))
        for s in (1, 7)
    ]
    assert drogue[0]["ok"] and drogue[0]["table"] is None  # the auction: trump not yet named (step 7: named)
    assert drogue[1]["table"]["corner"] == "Trump" and len(drogue[1]["table"]["rows"]) == 4
    _open("dd3", "bettelmann/basics.toml")
    none = json.loads(live.call("double_dummy_table", json.dumps({"key": "dd3", "step": 0})))
    assert not none["ok"] and none["error"] == "Bettelmann has no double-dummy table"
