"""The live engine's operations for the teachers' tools: a table as a link, a spec and a file; notes on
any step; bots playing on; the deal as hands; a game's seats under some options."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import SCENARIOS
from oldtricks.live import api as live
from oldtricks.scenarios.links import decode
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import Scenario, from_spec, load, loads

HOSTILE = '<img src=x onerror="alert(1)"> """ \\ ü\n\nsecond paragraph'


def call(op: str, **args: Any) -> Any:
    return json.loads(live.call(op, json.dumps(args)))


def opened(
    key: str, name: str = "bettelmann/last-three.toml", options: dict[str, Any] | None = None
) -> tuple[Scenario, list[Any]]:
    sc = load(SCENARIOS / name, SCENARIOS)
    out = json.loads(live.open_table(key, json.dumps(sc.spec()), json.dumps(options or {})))
    assert out["ok"]
    return sc, out["frames"]


def table_frames(key: str) -> Any:
    return call("frames", key=key)["frames"]


def test_link_of_a_live_branch_holds_the_whole_line() -> None:
    sc, book = opened("branch")
    played = json.loads(live.play("branch", 27, "TL", "[1]"))
    assert played["ok"]
    note = call("table_note", key="branch", step=28, text=HOSTILE)
    assert note["ok"] and note["frame"]["note"] == HOSTILE
    out = call("link_of_table", key="branch", step=28, viewer=1)
    assert out["ok"] and out["link"].startswith("v1;g=bettelmann;")
    spec = decode(out["link"])
    assert (spec["at"], spec["viewer"], spec["title"]) == (28, 1, sc.title)
    frames = replay(from_spec(spec)).frames()
    assert frames == table_frames("branch")  # same moves (the bot's too), notes, rule ids
    assert frames[28]["note"] == HOSTILE
    assert frames[:27] == book[:27]
    assert frames[27] == {**book[27], "ask": None}  # the lesson's question is answered by the branch


def test_link_of_a_table_under_another_rule_keeps_the_option_and_the_scenario_notes() -> None:
    opened("other", "bettelmann/tie-pierer.toml", {"tie": "first-player"})
    out = call("link_of_table", key="other", step=2, viewer=None)
    assert "o=tie:first-player" in out["link"] and "v=" not in out["link"]
    spec = decode(out["link"])
    assert spec["options"]["tie"] == "first-player" and spec["at"] == 2
    assert replay(from_spec(spec)).frames() == table_frames("other")
    assert any(f["note"] for f in table_frames("other"))


def test_table_spec_groups_moves_and_keeps_notes_on_their_steps() -> None:
    opened("spec")
    call("table_note", key="spec", step=3, text="three")
    out = call("table_spec", key="spec", step=5)
    spec = out["spec"]
    assert spec["at"] == 5 and "id" not in spec and "expect" not in spec
    rp = replay(from_spec(spec))
    assert rp.frames()[3]["note"] == "three"
    assert rp.frames() == table_frames("spec")
    assert sum(len(s.get("moves", [])) for s in spec["steps"]) == len(rp.frames()) - 1


def test_note_removed_and_bad_notes_refused() -> None:
    opened("notes")
    assert call("table_note", key="notes", step=2, text="x")["frame"]["note"] == "x"
    assert call("table_note", key="notes", step=2, text="  ")["frame"]["note"] == ""
    assert "at most" in call("table_note", key="notes", step=2, text="x" * 5001)["error"]
    assert "does not exist" in call("table_note", key="notes", step=999, text="x")["error"]
    assert "open it first" in call("table_note", key="missing", step=0, text="x")["error"]


def test_advance_lets_the_bots_play_their_seats_from_any_step() -> None:
    _, book = opened("bots", "bettelmann/basics.toml")
    out = call("advance", key="bots", step=0, bots=[0, 1], limit=6)
    assert out["ok"] and [f["step"] for f in out["frames"]] == [1, 2, 3, 4, 5, 6]
    assert table_frames("bots")[:1] == book[:1] and len(table_frames("bots")) == 7
    again = call("advance", key="bots", step=0, bots=[0, 1], limit=6)
    assert again["frames"] == out["frames"]  # reproducible: the bots' seed is the deal's and the step's
    human = call("advance", key="bots", step=2, bots=[])
    assert human["ok"] and human["frames"] == [] and len(table_frames("bots")) == 3


def test_deal_hands_give_back_the_same_deal() -> None:
    spec = {"game": "druzbart", "title": "t", "options": {}, "deal": {"dealer": 2, "seed": 77}, "steps": []}
    seeded = json.loads(live.open_table("deal", json.dumps(spec), "{}"))
    hands = call("deal_hands", key="deal")["hands"]
    assert len(hands) == 4 and all(len(h.split()) == 9 for h in hands)
    by_hand = {**spec, "deal": {"dealer": 2, "hands": hands}}
    out = json.loads(live.open_table("deal2", json.dumps(by_hand), "{}"))
    assert out["frames"][0]["seats"] == seeded["frames"][0]["seats"]


def test_bad_hands_come_back_as_the_engines_message_without_a_path() -> None:
    spec = {"game": "bettelmann", "title": "t", "deal": {"dealer": 0, "hands": ["UA UA", "7B"]}, "steps": []}
    out = json.loads(live.open_table("bad", json.dumps(spec), "{}"))
    assert not out["ok"] and out["error"].startswith("bad deal:") and "<" not in out["error"]


def test_game_info_follows_the_options() -> None:
    info = call("game_info", game="bettelmann", options={"players": 4, "pack": "french"})
    assert (info["seats"], info["seat_names"], info["pattern"]) == (4, ["South", "West", "North", "East"], "french")
    assert {o["key"]: o["value"] for o in info["options"]}["players"] == 4
    assert "unknown game" in call("game_info", game="poker")["error"]
    assert "cannot be" in call("game_info", game="bettelmann", options={"tie": "coin"})["error"]


def test_scenario_toml_of_a_table_is_a_passing_test_and_of_a_spec_as_given() -> None:
    opened("file", "bettelmann/basics.toml")
    call("advance", key="file", step=4, bots=[0, 1], limit=20)
    out = call("scenario_toml", key="file")
    sc = loads(out["toml"], out["name"], "file")
    assert sc.expect["steps"] == 24 and "winners" in sc.expect
    assert replay(sc).frames() == table_frames("file")
    given = load(SCENARIOS / "bettelmann" / "basics.toml", SCENARIOS).spec()
    plain = call("scenario_toml", spec=given)
    assert loads(plain["toml"], "x", given["id"]).spec() == given
    assert not call("scenario_toml", spec={"game": "bettelmann"})["ok"]


@pytest.mark.parametrize("args", ["[1, 2]", "nonsense", '{"key": 3}'])
def test_malformed_requests_are_messages(args: str) -> None:
    for op in ("table_spec", "link_of_table", "table_note", "advance", "deal_hands", "scenario_toml"):
        out = json.loads(live.call(op, args))
        assert out["ok"] is False and out["error"]
