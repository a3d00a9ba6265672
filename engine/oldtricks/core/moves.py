"""Moves: a card played, or a word said (a bid, a pass, a call, a deal), and their notation; and what a
phase allows.

Every game's moves are values of :class:`Move`; :class:`oldtricks.core.game.Game` lists and plays them.
Each phase of a game that plays cards answers ``allowed(table, state)`` with a :class:`Constraint`: the cards
the player to move may play and the rule that allows just those, the one place its legality lives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ..errors import InvalidNotationError
from .cards import Card, Pattern

__all__ = ["Constraint", "Move"]


_KIND = re.compile(r"[a-z][a-z-]*")


@dataclass(frozen=True, slots=True)
class Move:
    """A move of ``seat``: a card played, or a word (a bid, pass, call or deal) and what it says.

    Immutable; ``str()`` is the notation, which :meth:`parse` reads back, and ``repr()`` can be pasted
    back (with ``from oldtricks.core.moves import Move``):

    >>> Move.parse("UA", seat=0, pattern="german")
    Move.parse('UA', seat=0, pattern='german')
    >>> move = Move.parse("call qui-vive JH", seat=3)
    >>> str(move), move.kind, move.value
    ('call qui-vive JH', 'call', 'qui-vive JH')
    >>> Move.parse("lead JH", seat=1, pattern="french").card
    Card.parse('JH', 'french')
    >>> Move.parse("lead", seat=1)
    Traceback (most recent call last):
    oldtricks.errors.InvalidNotationError: bad move 'lead': a lead names its card
    """

    seat: int
    kind: str = "play"
    card: Card | None = None
    value: str | None = None

    CARD_KINDS: ClassVar[tuple[str, ...]] = ("play", "lead")
    """The kinds whose card is a :class:`Card` (a lead out of turn writes it as its value too)."""

    def __str__(self) -> str:
        if self.kind == "play" and self.card is not None:
            return str(self.card)
        return self.kind if self.value is None else f"{self.kind} {self.value}"

    def __repr__(self) -> str:
        pattern = "" if self.card is None else f", pattern={self.card.pattern!r}"
        return f"Move.parse({str(self)!r}, seat={self.seat}{pattern})"

    @classmethod
    def parse(cls, text: str, seat: int, pattern: Pattern | None = None) -> Move:
        """Read ``str(move)`` back: one card (in the cards of ``pattern``), or a word and what follows
        it. Knows no game's rules: whether the move is legal, or even a move of the game, is the game's
        to say (:meth:`Game.parse_move` reads a player's notation). Raises
        :class:`~oldtricks.errors.InvalidNotationError` naming the text."""
        words = text.split()
        if not words:
            raise InvalidNotationError("empty move: expected a card or a word")
        if len(words) == 1 and pattern is not None and not _KIND.fullmatch(words[0]):
            return cls(seat, "play", Card.parse(words[0], pattern))
        if not _KIND.fullmatch(words[0]):
            raise InvalidNotationError(f"bad move {text!r}: expected a card of a pattern, or a word in lower case")
        kind, value = words[0], " ".join(words[1:]) or None
        if kind not in cls.CARD_KINDS:
            return cls(seat, kind, None, value)
        if value is None or pattern is None:
            raise InvalidNotationError(f"bad move {text!r}: a {kind} names its card")
        return cls(seat, kind, Card.parse(value, pattern), value)


@dataclass(frozen=True, slots=True)
class Constraint:
    """The cards a player may play, and the ledger id of the rule that narrows them down to those (a
    phase's ``allowed``): the legal moves, a refusal's rule, the bots and the solvers' mirrors ask it.

    >>> from oldtricks.core.cards import GERMAN_32
    >>> Constraint(GERMAN_32.parse_many("7H"), "bettelmann.last-three.off")
    Constraint(cards=(Card.parse('7H', 'german'),), rule='bettelmann.last-three.off')
    """

    cards: tuple[Card, ...]
    rule: str
