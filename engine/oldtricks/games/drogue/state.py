"""Drogue positions as immutable values.

A position has two layers:

* :class:`Session` holds what outlasts a deal: who sits where (the partner draw), the agreed mode, the deal
  number, each seat's :class:`Wear` (clips and marks), which side holds the drogue, the Jacks named at the
  cut and the record of earlier deals.
* :class:`DrogueState` is one deal: the hands, the calls still owed, the auction, trump, the trick on the
  table and the tricks won.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ...core.cards import Card
from ...core.values import Deal, Outcome
from .auction import Auction, Claim
from .draw import IDENTITY, Draw
from .facts import Cause
from .shape import TEAMS

Play = tuple[int, Card]
Phase = Literal["cut", "calls", "auction", "trump", "play", "over"]
Hands = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class DrogueDeal(Deal):
    """A deal with the partner draw that preceded it (``draw`` is None when nobody drew), the generator
    state after it, from which any further deal of the same sitting is shuffled, and any hands fixed in
    advance for the later deals (``later``, used in order before the generator)."""

    draw: Draw | None = None
    seating: tuple[int, ...] = IDENTITY
    rng: int = 0
    later: tuple[Hands, ...] = ()


@dataclass(frozen=True, slots=True)
class Wear:
    """What one player wears: the drogue's ordinary clips, buttonhole clips, penalty clips, a black nose."""

    clips: int = 0
    buttonhole: int = 0
    penalty: int = 0
    black_nose: bool = False

    @property
    def clipped(self) -> bool:
        """Wears a clip of any kind (a black nose is not a clip)."""
        return bool(self.clips or self.buttonhole or self.penalty)

    @property
    def owed(self) -> int:
        """Jacks to name at the cut: one per penalty clip, the nose counting as one, never more than three
        (drogue.penalty.removal, drogue.black-nose.removal)."""
        return min(3, self.penalty + int(self.black_nose))

    @property
    def total(self) -> int:
        """drogue.end.count: every clip counts one, and a black nose one."""
        return self.clips + self.buttonhole + self.penalty + int(self.black_nose)

    def add(self, kind: str, n: int = 1) -> Wear:
        if kind == "black-nose":
            return replace(self, black_nose=n > 0)
        return replace(self, **{kind: getattr(self, kind) + n})


@dataclass(frozen=True, slots=True)
class Change:
    """One clip put on or taken off: the seat, the kind (clips, buttonhole, penalty, black-nose), +1/-1..."""

    seat: int
    kind: str
    delta: int
    why: Cause


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One played deal, for the history panel."""

    number: int
    dealer: int
    maker: int | None
    trump: str | None
    bid: int | None
    points: tuple[int, int]
    changes: tuple[Change, ...]


@dataclass(frozen=True, slots=True)
class Session:
    """What outlasts one deal. ``holder`` is the side wearing the drogue (None until a first game is
    decided); ``dealt`` how many of the hands fixed in advance are used; ``dealings`` how many times
    cards were dealt, the first deal and the deals dealt again included (drogue.cap); ``named`` the
    Jacks named at this deal's cut; ``guerite`` the players who could not show a Jack with this hand;
    ``changes`` the clips put on or taken off during this deal."""

    seating: tuple[int, ...]
    mode: str
    draw: Draw | None = None
    deal_number: int = 1
    wear: tuple[Wear, ...] = (Wear(), Wear(), Wear(), Wear())
    results: tuple[DealRecord, ...] = ()
    holder: int | None = None
    tricks_before: int = 0
    dealt: int = 0
    dealings: int = 1
    named: tuple[tuple[int, Card], ...] = ()
    guerite: tuple[int, ...] = ()
    changes: tuple[Change, ...] = ()

    def change(self, seat: int, kind: str, delta: int, why: Cause) -> Session:
        """Put on (``delta`` > 0) or take off clips; never below zero."""
        wear = self.wear[seat]
        if kind == "black-nose":
            new = wear.add(kind, 1 if delta > 0 else 0)
        else:
            new = wear.add(kind, max(delta, -getattr(wear, kind)))
        wears = (*self.wear[:seat], new, *self.wear[seat + 1 :])
        return replace(self, wear=wears, changes=(*self.changes, Change(seat, kind, delta, why)))


DutyKind = Literal["name", "deal", "aux-armes", "salut", "redeal", "qui-vive", "show"]


@dataclass(frozen=True, slots=True)
class Duty:
    """Something a player owes before the auction: naming Jacks at the cut, dealing, a call, a demand for a
    new deal, or showing a Jack to be released. ``card`` is the Jack of a "Qui vive!"."""

    seat: int
    kind: DutyKind
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Hidden:
    """An infraction nobody can see yet (drogue.penalty.causes.found-out): it comes out at the end of the
    deal (``card`` None) or when ``card`` is played."""

    seat: int
    why: Cause
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class TrickRecord:
    number: int
    leader: int
    cards: tuple[Play, ...]
    winner: int
    points: int


@dataclass(frozen=True)
class DrogueState:
    """One position of a deal. ``hands`` are in seat order; ``trick`` is the trick being played; ``duties``
    are owed before the auction starts; ``asking`` is a clipped player waiting for "Accordée" and ``floor``
    the one who has been granted it (drogue.silent)."""

    deal: DrogueDeal
    session: Session
    dealer: int
    hands: Hands
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
    duties: tuple[Duty, ...] = ()
    asking: int | None = None
    floor: int | None = None
    hidden: tuple[Hidden, ...] = ()

    @property
    def leader(self) -> int | None:
        return self.trick[0][0] if self.trick else None

    @property
    def parade(self) -> bool:
        """The cards are dealt and "Aux armes!" is still to come (drogue.parade)."""
        return any(d.kind == "aux-armes" for d in self.duties)

    def side_points(self) -> tuple[int, int]:
        """Card points won by seats 0 and 2, and by seats 1 and 3."""
        totals = [0, 0]
        for t in self.tricks:
            totals[TEAMS[t.winner]] += t.points
        return totals[0], totals[1]
