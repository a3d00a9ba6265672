"""Helpers for the tests of one Drogue deal (test_drogue.py, test_drogue_play.py): the worked example's deal,
cards in notation, a game started on given hands, moves played, the rule a refused move names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from oldtricks import IllegalMoveError, make_game
from oldtricks.core.cards import FRENCH_32, Card
from oldtricks.games.drogue import Drogue, DrogueState

# The worked example's deal as first written (scenarios/drogue/example.toml now gives Anna 7♠ and Ben 7♦, for a
# question on trick 2): seats clockwise Anna, Dan, Carla, Ben; Dan deals. Trick 1 and the auction play alike.
EXAMPLE = ["KS QS TS 9S 8S AC KC 7D", "JD AH KH QH 9H 8H 9D 8D", "7H TH JS JH 8C 7C QD TD", "AS 7S JC QC TC 9C AD KD"]
NAMES = ["Anna", "Dan", "Carla", "Ben"]


def cards(text: str) -> tuple[Card, ...]:
    return FRENCH_32.parse_many(text)


def card(text: str) -> Card:
    return FRENCH_32.parse(text)


def start(
    hands: Sequence[str], dealer: int = 0, names: Sequence[str] | None = None, **options: Any
) -> tuple[Drogue, DrogueState]:
    game = make_game("drogue", options, names)
    assert isinstance(game, Drogue)
    return game, game.new_state(hands=[cards(h) for h in hands], dealer=dealer)


def run(game: Drogue, state: DrogueState, moves: str) -> DrogueState:
    """Play moves separated by commas, each in notation."""
    for token in moves.split(","):
        state, _ = game.apply(state, game.parse_move(state, token))
    return state


def rule_of(game: Drogue, state: DrogueState, token: str) -> str | None:
    with pytest.raises(IllegalMoveError) as info:
        game.apply(state, game.parse_move(state, token))
    return info.value.rule


def example_after_auction() -> tuple[Drogue, DrogueState]:
    game, state = start(EXAMPLE, dealer=1, names=NAMES)
    return game, run(game, state, "pass, bid 4, bid 4, bid 6, pass, pass, trump H")
