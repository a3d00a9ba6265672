"""Two readings of one deal (oldtricks.readings): where they part, in words, and the search for a deal
where they do; and the live operations that answer them."""

from __future__ import annotations

import json

from conftest import SCENARIOS
from oldtricks import live
from oldtricks.readings import compare, find_parting_deal, parting
from oldtricks.replay import replay
from oldtricks.scenario import from_spec, load


def scenario(name):
    return load(SCENARIOS / f"{name}.toml", SCENARIOS)


def test_the_first_step_where_the_board_differs():
    sc = scenario("bettelmann/tie-pierer")
    said = compare(sc, {"tie": "first-player"})
    book, other = said["book"], said["frames"]
    assert book == replay(sc).frames()
    step = said["diverge"]
    assert step == 2
    assert all(book[i]["seats"] == other[i]["seats"] and book[i]["trick"] == other[i]["trick"] for i in range(step))
    assert book[step]["trick"]["winner"] != other[step]["trick"]["winner"]
    # in words: the step, what differs, both readings' own events, the option and the rule by title
    text = said["text"]
    assert text.startswith("The readings part at step 2: ")
    assert "who takes the trick" in text
    assert " ".join(book[2]["events"]) in text and " ".join(other[2]["events"]) in text
    assert "“Equal ranks: " in text
    assert said["rule"] == "bettelmann.tie.first-player"
    assert said["because"] == f"The rule that makes the difference: {said['rule_title']} ({said['status']})."
    assert said["rule_lead"] and said["because"].startswith(said["rule_lead"])
    assert said["changed"] == ["tie"]


def test_a_deal_that_plays_the_same_is_said_so():
    sc = scenario("bettelmann/basics")
    said = compare(sc, {"tie": "first-player"})
    assert said["diverge"] is None
    assert said["text"].startswith("This deal plays the same under both readings")
    assert f"all {len(said['book'])} steps" in said["text"]


def test_a_move_refused_under_the_other_reading_is_where_they_part():
    sc = scenario("drogue/penalty-lenient")
    said = compare(sc, {"table": "strict"})
    step = said["diverge"]
    assert len(said["frames"]) == step < len(said["book"])
    assert said["text"].startswith(f"The readings part at step {step}. Under “Infractions at the table: ")
    assert "may not play the Seven of Spades" in said["text"]
    assert said["rule"] and said["rule"].startswith("drogue.")


def test_a_fan_sorted_otherwise_is_the_same_hand():
    # the matadors rank the cards otherwise, so each fan is sorted otherwise: the same cards, the same deal
    sc = scenario("clock/deal")
    said = compare(sc, {"matadors": "acorns"})
    assert said["book"][0]["seats"] != said["frames"][0]["seats"]
    assert said["diverge"] != 0


def test_parting_of_frames():
    f = {"step": 0, "seats": [], "info": [["Equal ranks", "a"]], "note": "x"}
    g = dict(f, info=[["Equal ranks", "b"]], note="y")
    assert parting([f], [g]) is None  # the option's own line in the info and the notes are not the game
    assert parting([f, dict(f, step=1, turn=0)], [g, dict(g, step=1, turn=1)]) == 1
    pile = {"step": 0, "seats": [{"hand": {"layout": "pile", "cards": ["7A", "8A"]}}]}
    flipped = {"step": 0, "seats": [{"hand": {"layout": "pile", "cards": ["8A", "7A"]}}]}
    assert parting([pile], [flipped]) == 0  # a pile's order is the game's


def test_find_a_deal_where_the_readings_part():
    sc = scenario("bettelmann/basics")
    found = find_parting_deal(sc, {"tie": "first-player"}, tries=20)
    assert found is not None
    seed = found["seed"]
    # the first such seed: none of those before it parts within three tricks
    assert find_parting_deal(sc, {"tie": "first-player"}, tries=seed - 1) is None or seed == 1
    spec = found["spec"]
    assert spec["deal"]["seed"] == seed and spec["options"] == dict(sc.options)
    again = compare(from_spec(spec), {"tie": "first-player"})
    assert again["diverge"] == found["diverge"] is not None
    assert found["frames"] == again["frames"] and found["book"] == again["book"]
    tricks = {f["trick"]["number"] for f in found["frames"][: found["diverge"] + 1] if f["trick"]}
    assert max(tricks) <= 3


def test_no_deal_found_is_none():
    # looking at the last three cards only matters at a game's end: never within three tricks
    assert find_parting_deal(scenario("bettelmann/basics"), {"last_three": "off"}, tries=3) is None


def test_live_compare_and_find():
    sc = scenario("bettelmann/basics")
    live.open_table("r", json.dumps(sc.spec()), json.dumps({"tie": "first-player"}))
    said = json.loads(live.call("compare", json.dumps({"key": "r"})))
    assert said["ok"] and said["diverge"] is None and "frames" not in said
    found = json.loads(live.call("find_parting", json.dumps({"key": "r", "tries": 20})))
    assert found["ok"] and found["diverge"] is not None
    # the table is now that deal under the chosen rule: its frames are the found reading's
    assert json.loads(live.call("frames", json.dumps({"key": "r"})))["frames"] == found["frames"]
    again = json.loads(live.call("compare", json.dumps({"key": "r"})))
    assert again["diverge"] == found["diverge"]
    bad = json.loads(live.call("find_parting", json.dumps({"key": "r", "tries": 0})))
    assert not bad["ok"] and "tries must be a whole number from 1 to 1000" in bad["error"]
    live.open_table("r", json.dumps(sc.spec()), json.dumps({"last_three": "off"}))
    none = json.loads(live.call("find_parting", json.dumps({"key": "r", "tries": 2})))
    assert not none["ok"] and "none of the 2 deals tried" in none["error"]
