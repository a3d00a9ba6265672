"""One way to refuse a move (oldtricks.core.refusal): cards in words, the rule with its title and status,
the same from a live table, a lesson's frame and a replay under another rule."""

from __future__ import annotations

import json
import re

import pytest

from conftest import SCENARIOS
from oldtricks.core.refusal import card_words, refusal
from oldtricks.core.registry import make_game
from oldtricks.errors import IllegalMoveError, InvalidNotationError
from oldtricks.live import api as live
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load

CODE = re.compile(r"(?<![0-9A-Za-z])(?:[6-9TUOKAJQ]|10)[ALHBCDS♠♥♦♣](?![0-9A-Za-z])")


def spec(name: str) -> str:
    return json.dumps(load(SCENARIOS / name, SCENARIOS).spec())


@pytest.mark.parametrize(
    ("game", "text", "words"),
    [
        ("druzbart", "with AA or KH", "with the Ace of Acorns or the King of Hearts"),
        ("druzbart", "beat the 9L", "beat the Nine of Leaves"),
        (
            "drogue",
            "must trump with 7H TH JS",
            "must trump with the Seven of Hearts, the Ten of Hearts or the Jack of Spades",
        ),
        ("drogue", "led with 10♦ (en forçant)", "led with the Ten of Diamonds (en forçant)"),
        ("drogue", "AND OK words stay", "AND OK words stay"),
    ],
)
def test_cards_are_named_in_words(game: str, text: str, words: str) -> None:
    assert card_words(make_game(game), text) == words


def test_a_refusal_names_the_card_the_rule_and_its_status() -> None:
    game = make_game("druzbart")
    said = refusal(game, IllegalMoveError("South can head the trick with AA", "druzbart.head"), "7A", 0)
    assert said["text"].startswith(f"{game.seat_names()[0]} may not play the Seven of Acorns here: ")
    assert "Ace of Acorns" in said["text"] and said["text"].endswith(".")
    assert said["rule"] == "druzbart.head"
    assert said["rule_title"] == next(r.title for r in game.rules if r.id == "druzbart.head")
    assert said["status"] in {"documented", "disputed", "suggested", "assumed"}
    unread = refusal(game, InvalidNotationError("bad move 'zz'"), "zz", 0)
    assert unread["rule"] is None and "cannot be read" in unread["text"]


@pytest.mark.parametrize("name", ["druzbart/head.toml", "drogue/jack-is-trump.toml", "bettelmann/last-three.toml"])
def test_live_play_refuses_every_illegal_card_in_words(name: str) -> None:
    sc = load(SCENARIOS / name, SCENARIOS)
    frames = replay(sc).frames()
    assert json.loads(live.open_table("r", spec(name), "{}"))["ok"]
    tried = 0
    for f in frames:
        if f["turn"] is None:
            continue
        hand = f["seats"][f["turn"]]["hand"]["cards"]
        for card in [c for c in hand if c not in f["legal"]][:2]:
            out = json.loads(live.play("r", f["step"], card, "[]"))
            assert not out["ok"], card
            assert not CODE.search(out["error"]), out["error"]
            assert " may not play the " in out["error"] and out["rule"] and out["rule_title"] and out["status"]
            tried += 1
    assert tried > 3


def test_a_lesson_frame_carries_the_same_refusals_as_live_play() -> None:
    name = "druzbart/head.toml"
    frames = replay(load(SCENARIOS / name, SCENARIOS)).frames()
    asked = [f for f in frames if f["ask"]]
    assert asked
    json.loads(live.open_table("l", spec(name), "{}"))
    for f in asked:
        hand = f["seats"][f["turn"]]["hand"]["cards"]
        refusals = f["ask"]["refusals"]
        assert [r["move"] for r in refusals] == [c for c in hand if c not in f["legal"]]
        for r in refusals:
            out = json.loads(live.play("l", f["step"], r["move"], "[]"))
            assert (out["error"], out["rule"], out["rule_title"], out["status"]) == (
                r["text"],
                r["rule"],
                r["rule_title"],
                r["status"],
            )


def test_a_replay_under_another_rule_stops_with_the_same_refusal() -> None:
    out = json.loads(live.open_table("o", spec("bettelmann/last-three.toml"), json.dumps({"last_three": "off"})))
    refused = out["refused"]
    rules = {r.id: r for r in make_game("bettelmann").rules}
    assert refused["rule"] in rules and refused["rule_title"] == rules[refused["rule"]].title and refused["status"]
    assert "may not play the Unter of Acorns" in refused["text"]
    assert out["stopped"] == f"at step {refused['step']}: {refused['text']}"
    assert "'" not in out["stopped"] and not CODE.search(out["stopped"])
    assert refused["step"] == len(out["frames"])


@pytest.mark.parametrize(
    ("name", "step", "card", "rule", "words"),
    [
        # 10♠ beats K♠ only with the Ten above the King: the Seven is refused by that order
        ("drogue/order-bezique.toml", 7, "7S", "drogue.rank", "the order is A 10 K Q 9 8 7"),
        ("drogue/order-bezique.toml", 7, "TH", "drogue.play.follow", "must follow Spades"),
        # a matador beats a led Seven only under the rule reported as Gracz's: North's duds are refused by it
        ("druzbart/seven-gracz.toml", 7, "6H", "druzbart.seven.gracz", "reported as Gracz's"),
        ("druzbart/head.toml", 2, "8B", "druzbart.head", "can head the trick with"),
    ],
)
def test_a_refusal_that_rests_on_a_reading_names_it(name: str, step: int, card: str, rule: str, words: str) -> None:
    """A card the chosen reading refuses and the other reading would allow is refused by that reading's rule
    (the order below the Jacks, the Obers, Gracz's Seven), in words that say so; other refusals are as before."""
    rp = replay(load(SCENARIOS / name, SCENARIOS))
    state = rp.line.states[step]
    game = rp.game
    said = refusal(game, game.why_illegal(state, game.parse_move(state, card)), card, game.to_play(state))
    assert (said["rule"], words in said["text"]) == (rule, True), said
