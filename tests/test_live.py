"""The live engine's JSON interface (what the Pyodide worker calls)."""

from __future__ import annotations

import json

from conftest import SCENARIOS
from oldtricks.live import api as live
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import Scenario, load


def spec(name: str) -> Scenario:
    return load(SCENARIOS / name, SCENARIOS)


def test_open_table_equals_the_build_frames() -> None:
    sc = spec("bettelmann/tie-pierer.toml")
    out = json.loads(live.open_table("t", json.dumps(sc.spec()), "{}"))
    assert out["ok"] and out["stopped"] is None
    assert out["frames"] == replay(sc).frames()


def test_option_override_replays_under_the_other_rule() -> None:
    sc = spec("bettelmann/tie-pierer.toml")
    out = json.loads(live.open_table("t", json.dumps(sc.spec()), json.dumps({"tie": "first-player"})))
    assert out["ok"] and out["options"]["tie"] == "first-player"
    assert "North wins on equal Nines" in out["frames"][2]["events"][-1]


def test_override_that_breaks_a_scripted_move_stops_with_a_reason() -> None:
    sc = spec("bettelmann/last-three.toml")
    out = json.loads(live.open_table("t", json.dumps(sc.spec()), json.dumps({"last_three": "off"})))
    assert out["ok"] and "may not play the Unter of Acorns" in out["stopped"]
    assert len(out["frames"]) == 28


def test_play_a_legal_move_then_bots_answer() -> None:
    sc = spec("bettelmann/last-three.toml")
    live.open_table("k", json.dumps(sc.spec()), "{}")
    out = json.loads(live.play("k", 27, "TL", json.dumps([1])))
    assert out["ok"]
    assert out["frames"][0]["step"] == 28 and out["frames"][0]["move"] == "TL"
    assert all(f["mover"] == 1 for f in out["frames"][1:])
    assert out["frames"][-1]["turn"] in (0, None)


def test_illegal_move_is_refused_with_its_rule() -> None:
    sc = spec("bettelmann/basics.toml")
    live.open_table("b", json.dumps(sc.spec()), "{}")
    out = json.loads(live.play("b", 0, "UL", "[]"))
    assert out == {
        "ok": False,
        "error": "North may not play the Unter of Leaves here: North does not hold the Unter of Leaves.",
        "rule": "bettelmann.deal",
        "rule_title": "Sixteen cards each, kept face down and unseen",
        "status": "documented",
    }
    out = json.loads(live.play("b", 1, "AH", "[]"))
    assert not out["ok"] and out["rule"] == "bettelmann.last-three" and "top card" in out["error"]


def test_bad_requests_are_errors_not_exceptions() -> None:
    assert not json.loads(live.open_table("x", "{not json", "{}"))["ok"]
    poker = {"game": "poker", "title": "t", "deal": {"seed": 1}}
    assert not json.loads(live.open_table("x", json.dumps(poker), "{}"))["ok"]
    assert "open it first" in json.loads(live.play("nope", 0, "UA", "[]"))["error"]
    sc = spec("bettelmann/basics.toml")
    live.open_table("c", json.dumps(sc.spec()), "{}")
    assert "does not exist" in json.loads(live.play("c", 99, "UA", "[]"))["error"]
    assert not json.loads(live.play("c", 0, "ZZ", "[]"))["ok"]
    assert json.loads(live.call("version"))["version"]
    assert not json.loads(live.call("nope"))["ok"]


def test_line_to_makes_the_table_a_side_line_from_the_deal() -> None:
    sc = spec("drogue/example.toml")
    book = replay(sc).frames()
    live.open_table("side", json.dumps(sc.spec()), "{}")
    moves = [f["move"] for f in book[1:9]]
    out = json.loads(live.call("line_to", json.dumps({"key": "side", "moves": moves})))
    assert out["ok"] and [f["move"] for f in out["frames"]] == [None, *moves]
    assert [f["seats"] for f in out["frames"]] == [f["seats"] for f in book[:9]]
    # the table is now that line: play goes on from its last step
    legal = out["frames"][-1]["legal"]
    played = json.loads(live.play("side", 8, legal[-1], "[]"))
    assert played["ok"] and played["frames"][0]["move"] == legal[-1]
    # a move that cannot be played is refused in words, with its rule
    hand = out["frames"][-1]["seats"][out["frames"][-1]["turn"]]["hand"]["cards"]
    bad = next(c for c in hand if c not in legal)
    refused = json.loads(live.call("line_to", json.dumps({"key": "side", "moves": [*moves, bad]})))
    assert not refused["ok"] and refused["error"].startswith("step 9: ") and " may not play the " in refused["error"]
    assert refused["rule"]
    assert not json.loads(live.call("line_to", json.dumps({"key": "side", "moves": "KS"})))["ok"]


def test_strong_bots_answer_and_a_bad_level_is_refused_in_words() -> None:
    sc = spec("druzbart/head.toml")
    live.open_table("s", json.dumps(sc.spec()), "{}")
    last = len(json.loads(live.call("frames", json.dumps({"key": "s"})))["frames"]) - 1
    ask = {"key": "s", "step": last, "bots": [0, 1, 2, 3], "limit": 12}
    out = json.loads(live.call("advance", json.dumps({**ask, "level": "strong"})))
    assert out["ok"] and len(out["frames"]) == 12  # the strong bots played on
    weak = json.loads(live.call("advance", json.dumps(ask)))
    assert weak["ok"] and [f["move"] for f in weak["frames"]] != [f["move"] for f in out["frames"]]
    refused = json.loads(live.call("advance", json.dumps({"key": "s", "step": last, "bots": [1], "level": "expert"})))
    assert refused == {"ok": False, "error": "no bot level 'expert': expected one of simple, strong", "rule": None}
    played = json.loads(live.play("s", 0, "pass", "[1]", "expert"))
    assert played["error"] == "no bot level 'expert': expected one of simple, strong"
    assert set(json.loads(live.call("levels"))["levels"]) == {"simple", "strong"}


def test_the_lines_own_next_move_follows_it_and_another_starts_a_side_line() -> None:
    sc = spec("drogue/example.toml")
    book = replay(sc).frames()
    live.open_table("same", json.dumps(sc.spec()), "{}")
    # the book's own move at its step: the line goes on (the viewer has its frames), the table is untouched
    for step in (0, 1, 8):
        out = json.loads(live.play("same", step, book[step + 1]["move"], json.dumps([1, 2, 3])))
        assert out == {"ok": True, "frames": [], "follows": True}, step
    assert json.loads(live.call("frames", json.dumps({"key": "same"})))["frames"] == book
    # any other legal move: a side line from there, the bots answering
    other = next(m for m in book[1]["legal"] if m != book[2]["move"])
    out = json.loads(live.play("same", 1, other, json.dumps([0, 2, 3])))
    assert out["ok"] and "follows" not in out and out["frames"][0]["move"] == other
    # the table is now that side line: its own next move follows it in turn
    if len(out["frames"]) > 1:
        out = json.loads(live.play("same", 2, out["frames"][1]["move"], "[]"))
        assert out.get("follows") is True
