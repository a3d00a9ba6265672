"""A Bettelmann or Tod und Leben position (:class:`BettelmannState`): the piles, the trick on the table,
the pot of tied cards, and the counts the end of the game is judged by."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.cards import Card
from ...core.values import Deal, Outcome

Play = tuple[int, Card]


@dataclass(frozen=True)
class BettelmannState:
    """One position. Piles are listed top card first; ``table`` is the trick being played.

    Without ``__slots__``, so that a move copies it with :func:`~oldtricks.core.game.evolve`.
    """

    deal: Deal
    piles: tuple[tuple[Card, ...], ...]
    table: tuple[Play, ...]
    pot: tuple[Play, ...]
    leader: int
    turn: int | None
    tricks: int
    won: tuple[int, ...]
    captured: tuple[int, ...]
    rng: int
    last: tuple[Play, ...] = ()
    last_winner: int | None = None
    result: Outcome | None = None
    # Brent's cycle finding over positions at trick boundaries (bettelmann.cycle)
    saved: tuple[Any, ...] | None = None
    power: int = 1
    lam: int = 0
