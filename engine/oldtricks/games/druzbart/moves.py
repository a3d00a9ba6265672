"""Drużbart's moves, typed: a card played, or the next deal dealt (the chance move between deals).

The engine's :class:`~oldtricks.core.moves.Move` is the notation-level value every game shares; the rule
code reads it once, here, into one of these, and from then on matches on the type instead of
comparing kind strings.

>>> from oldtricks.core.cards import GERMAN_36
>>> read(Move(0, "play", GERMAN_36.parse("UA")))
PlayCard(seat=0, card=Card.parse('UA', 'german'))
>>> read(Move(2, "deal")), read(Move(1, "bid", None, "6"))
(DealNext(seat=2), None)
>>> str(PlayCard(0, GERMAN_36.parse("UA")).move()), str(DealNext(2).move())
('UA', 'deal')
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Card
from ...core.moves import Move


@dataclass(frozen=True, slots=True)
class PlayCard:
    """``seat`` plays ``card`` to the trick (druzbart.head decides which cards may be)."""

    seat: int
    card: Card

    def move(self) -> Move:
        return Move(self.seat, "play", self.card)


@dataclass(frozen=True, slots=True)
class DealNext:
    """``seat``, the next dealer, deals the next deal (druzbart.deal.rotation)."""

    seat: int

    def move(self) -> Move:
        return Move(self.seat, "deal")


DruzbartMove = PlayCard | DealNext


def read(move: Move) -> DruzbartMove | None:
    """The typed move, or None for a move of a kind Drużbart does not have."""
    if move.kind == "play" and move.card is not None and move.value is None:
        return PlayCard(move.seat, move.card)
    if move.kind == "deal" and move.card is None and move.value is None:
        return DealNext(move.seat)
    return None
