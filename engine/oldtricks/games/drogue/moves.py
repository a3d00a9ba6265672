"""Drogue's moves as typed values, read once from the shared :class:`~oldtricks.core.moves.Move` (whose text is
the notation, see :mod:`.notation`), so that the rule code matches on a kind and reads a parsed payload
instead of comparing strings and parsing ``value`` again.

>>> from oldtricks.core.cards import FRENCH_32
>>> read(Move(2, "bid", None, "5"), FRENCH_32)
Bid(seat=2, count=5)
>>> read(Move(1, "name", None, "JC JS"), FRENCH_32).jacks == FRENCH_32.parse_many("JC JS")
True
>>> read(Move(0, "call", None, "qui-vive JH"), FRENCH_32).move() == Move(0, "call", None, "qui-vive JH")
True
>>> read(Move(0, "bid", None, "many"), FRENCH_32) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...core.cards import Card, Pack
from ...core.moves import Move
from ...errors import OldtricksError

CallWord = Literal["quatre-mandrins", "aux-armes", "salut", "qui-vive"]
CALL_WORDS: tuple[CallWord, ...] = ("quatre-mandrins", "aux-armes", "salut", "qui-vive")
SUITS = ("C", "D", "H", "S")


@dataclass(frozen=True, slots=True)
class Bid:
    """drogue.bid.count: a bid of ``count`` cards."""

    seat: int
    count: int

    def move(self) -> Move:
        return Move(self.seat, "bid", None, str(self.count))


@dataclass(frozen=True, slots=True)
class Pass:
    seat: int

    def move(self) -> Move:
        return Move(self.seat, "pass")


@dataclass(frozen=True, slots=True)
class Spoken:
    """A call out loud (``forgotten``: let go by, at a lenient table): the four Mandrins, "Aux armes!", the
    salute, or "Qui vive!" for a named ``jack``."""

    seat: int
    call: CallWord
    jack: Card | None = None
    forgotten: bool = False

    def move(self) -> Move:
        value = self.call if self.jack is None else f"{self.call} {self.jack}"
        return Move(self.seat, "forget" if self.forgotten else "call", None, value)


@dataclass(frozen=True, slots=True)
class NameTrump:
    """drogue.bid.show: the winner of the auction names ``suit``."""

    seat: int
    suit: str

    def move(self) -> Move:
        return Move(self.seat, "trump", None, self.suit)


@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: int
    card: Card

    def move(self) -> Move:
        return Move(self.seat, "play", self.card)


@dataclass(frozen=True, slots=True)
class LeadOutOfTurn:
    """drogue.penalty.causes.out-of-turn: ``seat`` leads ``card`` when it is not his lead."""

    seat: int
    card: Card

    def move(self) -> Move:
        return Move(self.seat, "lead", self.card, str(self.card))


@dataclass(frozen=True, slots=True)
class NameJacks:
    """drogue.penalty.removal: the Jacks named at the cut, one per penalty clip."""

    seat: int
    jacks: tuple[Card, ...]

    def move(self) -> Move:
        return Move(self.seat, "name", None, " ".join(map(str, self.jacks)))


@dataclass(frozen=True, slots=True)
class ShowJack:
    """drogue.release: a Jack shown from the new hand."""

    seat: int
    jack: Card

    def move(self) -> Move:
        return Move(self.seat, "show", None, str(self.jack))


Bare = Literal["deal", "redeal", "keep", "ask", "grant"]
BARE: tuple[Bare, ...] = ("deal", "redeal", "keep", "ask", "grant")


@dataclass(frozen=True, slots=True)
class Plain:
    """A move with no payload: dealing, demanding a new deal or keeping the cards (drogue.redeal), asking for
    the floor or granting it (drogue.silent)."""

    seat: int
    kind: Bare

    def move(self) -> Move:
        return Move(self.seat, self.kind)


DrogueMove = Bid | Pass | Spoken | NameTrump | PlayCard | LeadOutOfTurn | NameJacks | ShowJack | Plain


def read(move: Move, pack: Pack) -> DrogueMove | None:
    """The typed move ``move`` stands for, or None when it is no Drogue move at all."""
    kind, value, seat = move.kind, move.value, move.seat
    try:
        if kind == "play" and move.card is not None:
            return PlayCard(seat, move.card)
        if kind == "lead" and move.card is not None:
            return LeadOutOfTurn(seat, move.card)
        if kind == "pass" and value is None:
            return Pass(seat)
        if kind == "bid" and value is not None and value.isdigit():
            return Bid(seat, int(value))
        if kind == "trump" and value in SUITS:
            return NameTrump(seat, value)
        if kind in ("call", "forget") and value is not None:
            word, *rest = value.split()
            call = next((c for c in CALL_WORDS if c == word), None)
            if call is None or len(rest) > 1:
                return None
            return Spoken(seat, call, pack.parse(rest[0]) if rest else None, kind == "forget")
        if kind == "name" and value is not None:
            return NameJacks(seat, pack.parse_many(value))
        if kind == "show" and value is not None:
            return ShowJack(seat, pack.parse(value))
        bare = next((b for b in BARE if b == kind), None)
        if bare is not None and value is None:
            return Plain(seat, bare)
    except OldtricksError:
        return None
    return None
