"""Drogue across deals: from one deal to the next and the calls before the auction (the cut, the parade,
the salute, Qui vive!, the release, a demanded redeal, the floor in the silent game). The lenient table's
infractions, the black nose and the buttonhole during play, notation, views, later hands and links are in
test_drogue_session_play.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from drogue_session_helpers import NO_FACES, dealt, duties, game_of, rule_of, run, wear
from oldtricks import InvalidNotationError
from oldtricks.core.cards import FRENCH_32
from oldtricks.core.moves import Move
from oldtricks.games.drogue import calls, cut
from oldtricks.games.drogue.state import Wear
from oldtricks.scenarios.frames import make_frame


# -- drogue.parade, drogue.parade.caller, drogue.parade.when -------------------------------------------
def test_no_clips_no_parade() -> None:
    state, _ = dealt(game_of())
    assert state.phase == "auction" and not state.duties and not state.parade


def test_the_dealer_calls_aux_armes_or_the_next_without_a_clip() -> None:
    game = game_of()
    state, _ = dealt(game, 0, holder=1, wear=wear((1, Wear(clips=1)), (3, Wear(clips=1))))
    assert duties(state)[0] == (0, "aux-armes") and state.parade
    state, _ = dealt(game, 1, holder=1, wear=wear((1, Wear(clips=1)), (3, Wear(clips=1))))
    assert duties(state)[0] == (0, "aux-armes")  # Dan deals and wears a clip: Anna, on his right, calls
    everyone = wear(*((s, Wear(clips=1)) for s in range(4)))
    state, _ = dealt(game, 2, holder=1, wear=everyone)
    assert duties(state)[0] == (1, "aux-armes")  # all four wear clips: the next on the dealer's right calls
    reading = game_of(caller="unclipped")  # the option: the first without a clip, the dealer if none is
    assert duties(dealt(reading, 2, holder=1, wear=everyone)[0])[0] == (2, "aux-armes")
    assert duties(dealt(reading, 1, holder=1, wear=wear((0, Wear(clips=1)), (1, Wear(clips=1))))[0])[0] == (
        3,
        "aux-armes",
    )
    state, events = run(game, state, "call aux-armes")
    assert "Aux armes!" in events[0].text and "Silence" not in events[0].text and not state.parade
    silent = game_of(mode="silent")
    state, _ = dealt(silent, 2, holder=1, wear=everyone)
    state, events = run(silent, state, "call aux-armes")
    assert '"Silence!"' in events[0].text


def test_marks_during_the_parade() -> None:
    game = game_of()
    state, _ = dealt(game, 0, holder=1, wear=wear((1, Wear(clips=1)), (3, Wear(clips=1, penalty=1))))
    ben = make_frame(game, state, step=0)["seats"][3]["marks"]
    assert {"kind": "clip", "label": "drogue clip, off for the parade", "count": 1, "rule": "drogue.parade"} in ben
    assert any(m["kind"] == "penalty" and "parade" not in m["label"] for m in ben)  # drogue.penalty.parade
    state, _ = run(game, state, "call aux-armes")
    ben = make_frame(game, state, step=1)["seats"][3]["marks"]
    assert any(m["label"] == "drogue clip" for m in ben)


# -- the salute -----------------------------------------------------------------------------------------
def test_three_clipped_the_fourth_salutes_or_takes_a_penalty() -> None:
    three = wear((1, Wear(clips=1)), (3, Wear(clips=1)), (2, Wear(penalty=1)))
    game = game_of()
    state, _ = dealt(game, 0, holder=1, wear=three)
    assert duties(state)[:2] == [(0, "aux-armes"), (0, "salut")]
    state, _ = run(game, state, "call aux-armes")
    assert rule_of(game, state, "forget salut") == "drogue.penalty.causes.strict"
    after, events = run(game, state, "call salut")
    assert "Salut à mes honorables factionnaires!" in events[0].text and after.session.wear[0].penalty == 0
    lenient = game_of(table="lenient")
    state, _ = dealt(lenient, 0, holder=1, wear=three)
    state, _ = run(lenient, state, "call aux-armes")
    assert Move(0, "forget", word="salut") in lenient.legal_moves(state)
    state, events = run(lenient, state, "forget salut")
    assert state.session.wear[0].penalty == 1


def test_forgetting_aux_armes_costs_nothing() -> None:
    game = game_of(table="lenient")
    state, _ = dealt(game, 0, holder=1, wear=wear((1, Wear(clips=1)), (3, Wear(clips=1))))
    state, events = run(game, state, "forget aux-armes")
    assert "names no penalty" in events[0].text
    assert all(w.penalty == 0 for w in state.session.wear) and not state.parade


# -- drogue.redeal ----------------------------------------------------------------------------------------
def test_a_clipped_player_without_king_or_queen_may_demand_a_new_deal() -> None:
    game = game_of()
    state, _ = dealt(game, 1, NO_FACES, holder=0, wear=wear((0, Wear(clips=1)), (2, Wear(clips=1))))
    assert duties(state) == [(1, "aux-armes"), (0, "redeal")]  # Anna: no King or Queen; Carla has them
    state, _ = run(game, state, "call aux-armes")
    kept, events = run(game, state, "keep")
    assert kept.phase == "auction" and events[0].kind == "keep"
    state, events = run(game, state, "redeal")
    assert state.phase == "cut" and duties(state) == [(1, "deal")] and state.turn == 1
    number = state.session.deal_number
    state, events = run(game, state, "deal")
    assert events[0].text == "Dan deals again." and state.session.deal_number == number
    unclipped, _ = dealt(game, 1, NO_FACES)
    assert (0, "redeal") not in duties(unclipped)
    with_faces, _ = dealt(game, 1, holder=0, wear=wear((0, Wear(clips=1)), (2, Wear(clips=1))))
    assert duties(with_faces) == [(1, "aux-armes")]


# -- drogue.penalty.removal and drogue.black-nose.removal ----------------------------------------------------
def test_named_jacks_and_qui_vive() -> None:
    game = game_of()
    named = ((3, FRENCH_32.parse("JS")), (2, FRENCH_32.parse("JS")), (1, FRENCH_32.parse("JH")))
    worn = wear((3, Wear(penalty=2)), (2, Wear(penalty=1)), (1, Wear(black_nose=True)))
    state, _ = dealt(game, 0, holder=None, wear=worn, named=named)
    assert [(d.seat, d.kind, str(d.card)) for d in state.duties if d.kind == "qui-vive"] == [
        (3, "qui-vive", "JS"),
        (2, "qui-vive", "JH"),
    ]
    state, events = run(game, state, "call aux-armes, call qui-vive JS")
    assert state.session.wear[3].penalty == 1  # Ben named J♠ and holds it
    assert "one Jack frees only one player" in events[-1].text and state.session.wear[2].penalty == 1
    state, events = run(game, state, "call qui-vive JH")
    assert state.session.wear[1].black_nose  # Dan named J♥, but Carla holds it
    assert "frees nobody" in events[-1].text


def test_naming_at_the_cut() -> None:
    game = game_of()
    state = game.new_state(seed=4)
    state = replace(
        state, session=replace(state.session, wear=wear((1, Wear(penalty=2, black_nose=True)), (2, Wear(penalty=4))))
    )
    state = cut.start_next(game.table, state)
    assert state.dealer == 3 and duties(state) == [(2, "name"), (1, "name"), (3, "deal")]  # from the dealer's right
    legal = [str(m) for m in game.legal_moves(state)]
    assert legal == ["name JC JS JH"]  # four penalty clips: three Jacks at most, never J♦
    state, events = run(game, state, "name JC JS JH")
    assert "Anna cuts" in events[0].text
    legal = [str(m) for m in game.legal_moves(state)]
    assert legal == ["name JC JS JH"]  # two clips and a nose
    assert rule_of(game, state, "deal") == "drogue.penalty.removal"
    with pytest.raises(InvalidNotationError):
        game.parse_move(state, "name JD")


def test_the_nose_goes_last() -> None:
    game = game_of()
    named = ((0, FRENCH_32.parse("JS")),)
    hands = ["JS 8C 9C 7D 8D 9D AS TS", "JD KC QC KD QD 7H 8H 9H", "JH JC AH TH KH QH 7S 8S", "7C AC TC AD TD KS QS 9S"]
    state = game.new_state(hands=[FRENCH_32.parse_many(h) for h in hands])
    state = replace(
        state, session=replace(state.session, named=named, wear=wear((0, Wear(penalty=1, black_nose=True))))
    )
    state, _ = calls.open_calls(game.table, state, [])
    state, _ = run(game, state, "call aux-armes, keep, call qui-vive JS")
    assert state.session.wear[0] == Wear(black_nose=True)


# -- drogue.release, drogue.release.all, drogue.guerite ---------------------------------------------------
def test_release_by_showing_a_jack() -> None:
    game = game_of()
    worn = wear((0, Wear(clips=1)), (2, Wear(clips=1)), (1, Wear(clips=2, buttonhole=1, penalty=1)), (3, Wear(clips=1)))
    state, events = dealt(game, 2, holder=0, wear=worn)
    assert duties(state) == [(1, "aux-armes"), (1, "show"), (3, "show")]  # all four clipped: the next calls
    state, events = run(game, state, "call aux-armes")
    # Dan holds only J♦: cané dans la guérite, settled without a move
    assert any(e.kind == "guerite" for e in events) and state.session.guerite == (1,)
    assert [str(m) for m in game.legal_moves(state)] == ["show JS"]
    state, events = run(game, state, "show JS")
    assert state.session.wear[3].clips == 0 and state.phase == "auction"
    assert state.session.wear[1] == Wear(clips=2, buttonhole=1, penalty=1)
    marks = make_frame(game, state, step=0)["seats"][1]["marks"]
    assert {"kind": "info", "label": "cané dans la guérite", "rule": "drogue.guerite"} in marks


def test_showing_takes_off_every_ordinary_clip() -> None:
    game = game_of()
    state, _ = dealt(
        game, 2, holder=0, wear=wear((0, Wear(clips=1)), (2, Wear(clips=1)), (3, Wear(clips=3, buttonhole=1)))
    )
    state, _ = run(game, state, "call aux-armes, call salut, show JS")
    assert state.session.wear[3] == Wear(buttonhole=1)


# -- drogue.silent, drogue.silent.calls, drogue.signs ----------------------------------------------------------
def test_ask_grant_call_in_the_silent_game() -> None:
    game = game_of(mode="silent")
    named = ((0, FRENCH_32.parse("JS")),)
    worn = wear((1, Wear(clips=1)), (3, Wear(clips=1)), (0, Wear(black_nose=True)))
    state, _ = dealt(game, 0, holder=1, wear=worn, named=named)
    state, _ = run(game, state, "call aux-armes")
    assert state.turn == 3 and [str(m) for m in game.legal_moves(state)] == ["ask"]
    assert rule_of(game, state, "call qui-vive JS") == "drogue.silent.calls"
    state, events = run(game, state, "ask")
    assert state.turn == 2 and state.asking == 3 and "Je demande la parole" in events[0].text
    assert rule_of(game, state, "pass") == "drogue.silent"
    state, events = run(game, state, "grant")
    assert "Accordée" in events[0].text and state.floor == 3 and state.turn == 3
    state, events = run(game, state, "call qui-vive JS")
    assert state.floor is None and state.phase == "auction"
    state, events = run(game, state, "pass")
    assert "by sign" in events[0].text and "flat hand" in events[0].text  # Ben, clipped: a sign
    state, events = run(game, state, "pass")
    assert events[0].text == "Carla passes."  # no clip: she speaks


def test_talking_without_the_floor_at_a_lenient_table() -> None:
    game = game_of(mode="silent", table="lenient")
    named = ((0, FRENCH_32.parse("JS")),)
    worn = wear((1, Wear(clips=1)), (3, Wear(clips=1)), (0, Wear(black_nose=True)))
    state, _ = dealt(game, 0, holder=1, wear=worn, named=named)
    state, _ = run(game, state, "call aux-armes")
    assert {str(m) for m in game.legal_moves(state)} == {"ask", "call qui-vive JS", "forget qui-vive JS"}
    state, events = run(game, state, "call qui-vive JS")
    assert state.session.wear[3].penalty == 1 and events[0].kind == "penalty"


def test_forgotten_qui_vive_costs_a_clip_when_the_jack_is_played() -> None:
    game = game_of(table="lenient")
    named = ((0, FRENCH_32.parse("JS")),)
    state, _ = dealt(game, 0, named=named, wear=wear((0, Wear(black_nose=True))))
    state, _ = run(game, state, "forget qui-vive JS")
    assert state.session.wear[3].penalty == 0 and state.hidden
    state, _ = run(game, state, "bid 4, bid 6, pass, pass, pass, trump H")
    assert state.session.wear[3].penalty == 0
    state, events = run(game, state, "JS")  # Ben leads the Jack he kept quiet about
    assert state.session.wear[3].penalty == 1 and not state.hidden
    assert [e.kind for e in events] == ["play", "penalty"]
