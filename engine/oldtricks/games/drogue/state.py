"""Drogue positions as immutable values.

A position has two layers, so that the game can grow from one deal to a whole evening:

* :class:`Session` holds what outlasts a deal: who sits where (the partner draw), the agreed mode, the deal
  number, each seat's :class:`Wear` (clips and marks; all zero until the drogue itself is implemented) and
  the results of earlier deals.
* :class:`DrogueState` is one deal: the hands, the auction, trump, the trick on the table and the tricks won.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...cards import Card
from ...model import Deal, Outcome
from .auction import Auction, Claim
from .draw import IDENTITY, Draw

Play = tuple[int, Card]
Phase = Literal["auction", "trump", "play", "over"]


@dataclass(frozen=True)
class DrogueDeal(Deal):
    """A deal with the partner draw that preceded it (``draw`` is None when nobody drew) and the generator
    state after it, from which any further deal of the same sitting is shuffled."""

    draw: Draw | None = None
    seating: tuple[int, ...] = IDENTITY
    rng: int = 0


@dataclass(frozen=True, slots=True)
class Wear:
    """What one player wears: the drogue's clips, buttonhole clips, penalty clips, a black nose.

    Always empty in the one-deal game; the session rules (drogue.first-game onwards) will fill it in.
    """

    clips: int = 0
    buttonhole: int = 0
    penalty: int = 0
    black_nose: bool = False


@dataclass(frozen=True, slots=True)
class Session:
    """What outlasts one deal."""

    seating: tuple[int, ...]
    mode: str
    draw: Draw | None = None
    deal_number: int = 1
    wear: tuple[Wear, ...] = (Wear(), Wear(), Wear(), Wear())
    results: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class TrickRecord:
    number: int
    leader: int
    cards: tuple[Play, ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class DrogueState:
    """One position of a deal. ``hands`` are in seat order; ``trick`` is the trick being played."""

    deal: DrogueDeal
    session: Session
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    auction: Auction
    phase: Phase
    turn: int | None
    rng: int
    redeals: int = 0
    trump: str | None = None
    maker: int | None = None
    proof: Claim | None = None
    trick: tuple[Play, ...] = ()
    tricks: tuple[TrickRecord, ...] = ()
    result: Outcome | None = None

    @property
    def leader(self) -> int | None:
        return self.trick[0][0] if self.trick else None

    def side_points(self) -> tuple[int, int]:
        """Card points won by seats 0 and 2, and by seats 1 and 3."""
        totals = [0, 0]
        for t in self.tricks:
            totals[t.winner % 2] += t.points
        return totals[0], totals[1]
