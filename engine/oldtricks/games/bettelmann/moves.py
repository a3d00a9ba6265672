"""Bettelmann's one kind of move, typed: a card turned up from the pile.

The engine's :class:`~oldtricks.core.moves.Move` is the notation-level value every game shares; the rule
code reads it once, here.

>>> from oldtricks.core.cards import GERMAN_32
>>> read(Move(1, "play", GERMAN_32.parse("9H")))
TurnUp(seat=1, card=Card.parse('9H', 'german'))
>>> read(Move(1, "pass")) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Card
from ...core.moves import Move


@dataclass(frozen=True, slots=True)
class TurnUp:
    """``seat`` turns up ``card``: the top of the pile, or one of the last three (bettelmann.last-three)."""

    seat: int
    card: Card

    def move(self) -> Move:
        return Move(self.seat, "play", self.card)


def read(move: Move) -> TurnUp | None:
    """The typed move, or None for a move of a kind Bettelmann does not have."""
    if move.kind == "play" and move.card is not None and move.value is None:
        return TurnUp(move.seat, move.card)
    return None
