"""Helpers for the tests of Drogue across deals (test_drogue_session_calls.py, test_drogue_session_play.py):
the players' names and hands, a game with the session's options, a deal dealt, moves played, the rule a refused
move names, the clips worn and the duties owed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from oldtricks import IllegalMoveError, make_game
from oldtricks.core.cards import FRENCH_32
from oldtricks.core.values import Event
from oldtricks.games.drogue import Drogue, DrogueState, calls, narrate
from oldtricks.games.drogue.state import Wear

NAMES = ["Anna", "Dan", "Carla", "Ben"]
# Dan holds only J♦, Carla J♥ and J♣, Ben J♠; in NO_FACES Anna has no King or Queen
HANDS = ["7C 8C 9C 7D 8D 9D AS KS", "JD KC QC KD QD 7H 8H 9H", "JH JC AH TH KH QH 7S 8S", "JS AC TC AD TD TS QS 9S"]
NO_FACES = ["7C 8C 9C 7D 8D 9D AS TS", "JD KC QC KD QD 7H 8H 9H", "JH JC AH TH KH QH 7S 8S", "JS AC TC AD TD KS QS 9S"]


def game_of(**options: Any) -> Drogue:
    game = make_game("drogue", {"partners": "seated", "deals": 3, **options}, NAMES)
    assert isinstance(game, Drogue)
    return game


def dealt(game: Drogue, dealer: int = 0, hands: list[str] = HANDS, **session: Any) -> tuple[DrogueState, list[Event]]:
    """The position right after a deal of ``hands``, with the session as given: the calls owed are listed."""
    state = game.new_state(hands=[FRENCH_32.parse_many(h) for h in hands], dealer=dealer)
    state = replace(state, session=replace(state.session, **session))
    state, facts = calls.open_calls(game.table, state, [])
    return state, [narrate.event(f, game.table.seats(state)) for f in facts]


def wear(*pairs: tuple[int, Wear]) -> tuple[Wear, ...]:
    out = [Wear(), Wear(), Wear(), Wear()]
    for seat, w in pairs:
        out[seat] = w
    return tuple(out)


def run(game: Drogue, state: DrogueState, moves: str) -> tuple[DrogueState, list[Event]]:
    events: list[Event] = []
    for token in moves.split(","):
        state, got = game.apply(state, game.parse_move(state, token.strip()))
        events.extend(got)
    return state, events


def rule_of(game: Drogue, state: DrogueState, token: str) -> str | None:
    with pytest.raises(IllegalMoveError) as info:
        game.apply(state, game.parse_move(state, token))
    return info.value.rule


def duties(state: DrogueState) -> list[tuple[int, str]]:
    return [(d.seat, d.kind) for d in state.duties]
