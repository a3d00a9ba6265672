"""Drogue across deals, from the lenient table on: its infractions, four Jacks in a row, the black nose and the
buttonhole during play, the next deal and later hands, notation and views of a session."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from conftest import SCENARIOS
from drogue_session_helpers import HANDS, NAMES, game_of, rule_of, run, wear
from oldtricks import IllegalMoveError, InvalidDealError, InvalidNotationError, make_game
from oldtricks.core.cards import FRENCH_32
from oldtricks.core.moves import Move
from oldtricks.core.prng import Rng
from oldtricks.core.values import Event
from oldtricks.errors import ScenarioError
from oldtricks.games.drogue import Drogue, DrogueState
from oldtricks.games.drogue.narrate_session import cause
from oldtricks.games.drogue.state import Wear
from oldtricks.scenarios.links import decode, encode
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import from_spec, load, loads

# -- lenient table: infractions ----------------------------------------------------------------------------
FOUR = ["QH TH 9H QC 9C QD 9D 8D", "AS TS KS 8H 7H KC TD 7D", "JC JS JH JD AH KH 7C 8C", "QS 9S 8S 7S TC AC AD KD"]


def four_mandrins(**options: Any) -> tuple[Drogue, DrogueState]:
    game = make_game("drogue", {"partners": "seated", **options}, NAMES)
    assert isinstance(game, Drogue)
    return game, game.new_state(hands=[FRENCH_32.parse_many(h) for h in FOUR])


def test_strict_table_refuses_infractions() -> None:
    game, state = four_mandrins()
    assert rule_of(game, state, "bid 3") == "drogue.bid.no-jack"
    state, _ = run(game, state, "pass")
    assert rule_of(game, state, "bid 5") == "drogue.bid.four-mandrins"
    assert rule_of(game, state, "forget quatre-mandrins") == "drogue.penalty.causes.strict"
    state, _ = run(game, state, "call quatre-mandrins, bid 5, pass, pass, trump H")
    assert rule_of(game, state, "lead QH") == "drogue.play.win"


def test_hidden_infractions_come_out_after_the_deal() -> None:
    game, state = four_mandrins(table="lenient")
    state, events = run(game, state, "bid 3, bid 5, pass, pass, pass, trump H")
    assert [w.penalty for w in state.session.wear] == [0, 0, 0, 0] and len(state.hidden) == 2
    state, events = run(game, state, "lead QH")
    assert state.session.wear[0].penalty == 1 and len(state.hands[0]) == 8 and state.turn == 3
    rng = Rng(9)
    while game.to_play(state) is not None:
        state, events = game.apply(state, game.bot_move(state, rng))
    assert [w.penalty for w in state.session.wear] == [1, 0, 1, 1]
    assert sum(1 for e in events if e.kind == "penalty" and "found out" in e.text) == 2


def test_a_revoke_is_played_and_charged() -> None:
    game, state = four_mandrins(table="lenient")
    state, _ = run(game, state, "pass, call quatre-mandrins, bid 5, pass, pass, trump H, AC")
    state, events = run(game, state, "AH")  # Carla holds 7♣ and 8♣ and must follow suit
    assert [e.kind for e in events[:2]] == ["play", "penalty"] and state.session.wear[2].penalty == 1
    with pytest.raises(IllegalMoveError):
        game.apply(state, Move(2, "play", FRENCH_32.parse("AS")))  # a card Carla does not hold


def test_a_cheating_bid_is_found_out() -> None:
    game, state = four_mandrins(table="lenient")
    state, _ = run(game, state, "pass, call quatre-mandrins, bid 7")  # five is all Carla can show
    assert state.hidden and "7 cards" in cause(state.hidden[0].why)


# -- drogue.variant.four-jacks.run ------------------------------------------------------------------------------
def test_four_jacks_in_a_row() -> None:
    game, state = four_mandrins(four_jacks="no-run")
    state, _ = run(game, state, "pass, call quatre-mandrins, bid 5, pass, pass, trump H")
    state, _ = run(game, state, "AC, 7C, KC, 9C, AD, JC, 7D, QD, JS, 7H, TH, 7S, JH, 8H, QH, 8S")
    assert Move(2, "play", FRENCH_32.parse("JD")) not in game.legal_moves(state)
    assert rule_of(game, state, "JD") == "drogue.variant.four-jacks.run"
    lenient, again = four_mandrins(four_jacks="no-run", table="lenient")
    again = replace(
        again,
        **{k: getattr(state, k) for k in ("hands", "auction", "phase", "turn", "trump", "maker", "proof", "tricks")},
    )
    after, _ = lenient.apply(again, lenient.parse_move(again, "JD"))
    assert after.session.wear[2].penalty == 1
    free, same = four_mandrins()
    same = replace(
        same,
        **{k: getattr(state, k) for k in ("hands", "auction", "phase", "turn", "trump", "maker", "proof", "tricks")},
    )
    assert Move(2, "play", FRENCH_32.parse("JD")) in free.legal_moves(same)


# -- during play: the black nose and the buttonhole ----------------------------------------------------------
def test_black_nose_and_buttonhole_during_play() -> None:
    game = game_of()
    hands = ["AH 8C 9C 7D 8D 9D AS TS", "JD KC QC KD QD 7H 8H 9H", "JH JC TH KH QH 7C 7S 8S", "JS AC TC AD TD KS QS 9S"]
    state = game.new_state(hands=[FRENCH_32.parse_many(h) for h in hands], dealer=1)
    state = replace(
        state,
        phase="play",
        trump="H",
        maker=0,
        turn=0,
        session=replace(state.session, wear=wear((2, Wear(buttonhole=1)))),
    )
    state, events = run(game, state, "AH, JS, JC, JD")  # Anna's trump Ace falls to her partner Carla
    assert state.session.wear[0].black_nose and any(e.kind == "black-nose" for e in events)
    state, events = run(game, state, "KH, 7H, 8C, 9S")  # Carla leads K♥ and wins it: the buttonhole clip comes off
    assert state.session.wear[2].buttonhole == 0 and any(e.kind == "buttonhole" for e in events)
    one = make_game("drogue", {"partners": "seated"}, NAMES)
    assert isinstance(one, Drogue)
    alone = replace(
        one.new_state(hands=[FRENCH_32.parse_many(h) for h in hands], dealer=1),
        phase="play",
        trump="H",
        maker=0,
        turn=0,
    )
    alone, _ = run(one, alone, "AH, JS, JC, JD")
    assert not alone.session.wear[0].black_nose  # a single deal keeps no marks


# -- drogue.deal.next and later hands ------------------------------------------------------------------------
def test_the_deal_passes_right_and_later_hands_come_first() -> None:
    game = game_of(deals=3)
    first = game.deal(seed=5)
    later = [[FRENCH_32.parse_many(h) for h in HANDS]]
    plan = game.plan_deals(first, later)
    state = game.initial_state(plan)
    rng = Rng(3)
    seen: list[Event] = []
    while game.to_play(state) is not None and len(seen) < 2:
        state, events = game.apply(state, game.bot_move(state, rng))
        seen += [e for e in events if e.kind == "deal" and "again" not in e.text]
    assert seen[0].data is not None and seen[0].data["hands"] == [h.split() for h in HANDS]
    assert seen[0].data["dealer"] == (plan.dealer - 1) % 4
    assert seen[1].data is not None and seen[1].data["dealer"] == (plan.dealer - 2) % 4
    with pytest.raises(InvalidDealError):
        game.plan_deals(first, [[FRENCH_32.parse_many("AS KS")] * 4])


def test_scenario_later_round_trips_through_spec_and_link() -> None:
    sc = load(SCENARIOS / "drogue" / "release.toml", SCENARIOS)
    assert len(sc.later) == 2 and sc.spec()["deal"]["later"][1][3].startswith("JS")
    again = from_spec(sc.spec())
    assert again.later == sc.later
    link = encode(sc.spec())
    assert ";l=" in link
    assert replay(from_spec(decode(link))).frames() == replay(sc).frames()


def test_later_hands_are_checked() -> None:
    text = 'title = "t"\ngame = "drogue"\n[options]\ndeals = 2\n[deal]\nseed = 1\n'
    text += 'later = [["AS KS", "QS", "JS", "TS"]]\n'
    with pytest.raises(ScenarioError, match="later deal 2"):
        replay(loads(text))
    bad = """title = "t"\ngame = "drogue"\n[deal]\nseed = 1\nlater = "AS"\n"""
    with pytest.raises(ScenarioError, match="'later' must be"):
        loads(bad)
    other = """title = "t"\ngame = "bettelmann"\n[deal]\nseed = 1\nlater = [["AS"]]\n"""
    with pytest.raises(ScenarioError, match="one deal at a time"):
        replay(loads(other))


# -- notation and views ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "kind", "shown"),
    [
        ("call aux-armes", "call", "call aux-armes"),
        ("call aux armes", "call", "call aux-armes"),
        ("forget salut", "forget", "forget salut"),
        ("call qui-vive JS", "call", "call qui-vive JS"),
        ("call qui vive J♠", "call", "call qui-vive JS"),
        ("name JH JC", "name", "name JC JH"),
        ("show JS", "show", "show JS"),
        ("deal", "deal", "deal"),
        ("redeal", "redeal", "redeal"),
        ("keep", "keep", "keep"),
        ("ask", "ask", "ask"),
        ("grant", "grant", "grant"),
    ],
)
def test_session_notation(text: str, kind: str, shown: str) -> None:
    game = game_of()
    state = game.new_state(seed=2)
    move = game.parse_move(state, text)
    assert move.kind == kind and str(move) == shown
    assert game.parse_move(state, str(move).replace(" ", "-")) == move  # as in share links


@pytest.mark.parametrize("text", ["call JD", "name", "show", "show JS JC", "deal 2", "call qui-vive JS JC", "lead"])
def test_bad_session_notation(text: str) -> None:
    game = game_of()
    with pytest.raises(InvalidNotationError):
        game.parse_move(game.new_state(seed=2), text)


def test_lead_out_of_turn_notation_names_the_holder() -> None:
    game, state = four_mandrins()
    state, _ = run(game, state, "pass, call quatre-mandrins, bid 5, pass, pass, trump H")
    assert game.parse_move(state, "lead QH") == Move(0, "lead", FRENCH_32.parse("QH"))
    assert game.parse_move(state, "lead QS") == Move(3, "play", FRENCH_32.parse("QS"))  # Ben's own lead


def test_views_of_a_session() -> None:
    rp = replay(load(SCENARIOS / "drogue" / "evening.toml", SCENARIOS))
    frames = rp.frames()
    last = frames[-1]
    clips = next(p for p in last["panels"] if p["kind"] == "clips")
    assert [r["name"] for r in clips["data"]["rows"]] == NAMES
    history = next(p for p in last["panels"] if p["kind"] == "history")
    assert [row[0] for row in history["data"]["rows"]] == ["1", "2", "3", "4"]
    assert "capot" in history["data"]["rows"][1][6] and "showed J♣" in history["data"]["rows"][3][7]
    numbers = [f["trick"]["number"] for f in frames if f["trick"]["complete"]]
    assert max(numbers) == 32  # tricks are numbered through the evening
    assert ["Evening", "deal 4 of 4, over"] in last["info"]
    one = replay(load(SCENARIOS / "drogue" / "example.toml", SCENARIOS)).frames()[-1]
    assert not [p for p in one["panels"] if p["kind"] in ("clips", "history")]
