"""Moves: a card played, or a word said (a bid, a pass, a call, a deal), and their notation; and what a
phase allows.

Every game's moves are values of :class:`Move`, the one move type: its ``kind`` is a word of the notation
and its payload is typed (the card, the count of a bid, the word of a call or a suit, the Jacks named), so
the rule code matches on the kind and reads the fields. Each phase of a game that plays cards answers
``allowed(table, state)`` with a :class:`Constraint`: the cards the player to move may play and the rule
that allows just those, the one place its legality lives.
"""

from __future__ import annotations

import re
from dataclasses import KW_ONLY, dataclass
from typing import ClassVar, Literal, get_args

from ..errors import InvalidNotationError
from .cards import Card, Pattern

__all__ = ["KINDS", "Constraint", "Kind", "Move"]

Kind = Literal[
    "play", "lead", "bid", "pass", "call", "forget", "trump", "name", "show", "deal", "redeal", "keep", "ask", "grant"
]
"""The kinds of move, each a word of the notation but ``play`` (a card played is written as the card)."""
KINDS: tuple[Kind, ...] = get_args(Kind)

_WORD = re.compile(r"[a-z][a-z-]*")
_DIGITS = re.compile(r"[0-9]{1,3}")  # ASCII digits only: str.isdigit() also takes '²', which int() refuses
_BARE = ("pass", "deal", "redeal", "keep", "ask", "grant")


@dataclass(frozen=True, slots=True)
class Move:
    """A move of ``seat``, typed: its ``kind`` and the payload that kind carries.

    ``card``: the card played (``play``) or led out of turn (``lead``); ``count``: the cards a ``bid``
    bids; ``word``: the call made or forgotten (``call``, ``forget``) or the suit named (``trump``);
    ``cards``: the Jacks named at the cut (``name``), shown (``show``) or called for (``call qui-vive JH``).
    Which words and cards a game takes is its rules' to say (its ``legal_moves`` and ``why_illegal``).

    Immutable; ``str()`` is the notation, which :meth:`parse` reads back, and ``repr()`` can be pasted
    back (with ``from oldtricks.core.moves import Move``):

    >>> Move.parse("UA", seat=0, pattern="german")
    Move.parse('UA', seat=0, pattern='german')
    >>> move = Move.parse("call qui-vive JH", seat=3, pattern="french")
    >>> str(move), move.kind, move.word, move.cards, move.value
    ('call qui-vive JH', 'call', 'qui-vive', (Card.parse('JH', 'french'),), 'qui-vive JH')
    >>> Move(2, "bid", count=5), str(Move(2, "bid", count=5))
    (Move.parse('bid 5', seat=2), 'bid 5')
    >>> Move.parse("lead JH", seat=1, pattern="french").card
    Card.parse('JH', 'french')
    >>> Move.parse("lead", seat=1)
    Traceback (most recent call last):
    oldtricks.errors.InvalidNotationError: bad move 'lead': a lead names one card
    >>> Move.parse("bid x", seat=1)
    Traceback (most recent call last):
    oldtricks.errors.InvalidNotationError: bad move 'bid x': a bid is a number of cards, e.g. 'bid 5'
    """

    seat: int
    kind: Kind = "play"
    card: Card | None = None
    _: KW_ONLY
    count: int | None = None
    word: str | None = None
    cards: tuple[Card, ...] = ()

    CARD_KINDS: ClassVar[tuple[Kind, ...]] = ("play", "lead")
    """The kinds whose :attr:`card` is a card played (a lead out of turn writes it after its word)."""

    @property
    def value(self) -> str | None:
        """What the notation writes after the kind (None for a card played and a bare word): ``5`` of
        ``bid 5``, ``qui-vive JH`` of ``call qui-vive JH``."""
        parts = [str(self.card)] if self.card is not None and self.kind != "play" else []
        if self.count is not None:
            parts.append(str(self.count))
        if self.word is not None:
            parts.append(self.word)
        parts.extend(map(str, self.cards))
        return " ".join(parts) or None

    def __str__(self) -> str:
        if self.kind == "play" and self.card is not None:
            return str(self.card)
        value = self.value
        return self.kind if value is None else f"{self.kind} {value}"

    def __repr__(self) -> str:
        card = self.card if self.card is not None else self.cards[0] if self.cards else None
        pattern = "" if card is None else f", pattern={card.pattern!r}"
        return f"Move.parse({str(self)!r}, seat={self.seat}{pattern})"

    @classmethod
    def parse(cls, text: str, seat: int, pattern: Pattern | None = None) -> Move:
        """Read ``str(move)`` back: one card (in the cards of ``pattern``), or a kind and its payload.
        Knows no game's rules: whether the move is legal, or even a move of the game, is the game's to say
        (:meth:`Game.parse_move` reads a player's notation, more leniently). Raises
        :class:`~oldtricks.errors.InvalidNotationError` naming the text."""
        words = text.split()
        if not words:
            raise InvalidNotationError("empty move: expected a card or a word")
        head, rest = words[0], words[1:]
        if len(words) == 1 and pattern is not None and not _WORD.fullmatch(head):
            return cls(seat, "play", Card.parse(head, pattern))
        if not _WORD.fullmatch(head):
            raise InvalidNotationError(f"bad move {text!r}: expected a card of a pattern, or a word in lower case")
        kind = next((k for k in KINDS[1:] if k == head), None)
        if kind is None:
            raise InvalidNotationError(f"bad move {text!r}: {head!r} is no kind of move ({', '.join(KINDS[1:])})")
        if kind in _BARE:
            if rest:
                raise InvalidNotationError(f"bad move {text!r}: {kind!r} takes nothing after it")
            return cls(seat, kind)
        if kind == "bid":
            if len(rest) != 1 or not _DIGITS.fullmatch(rest[0]):
                raise InvalidNotationError(f"bad move {text!r}: a bid is a number of cards, e.g. 'bid 5'")
            return cls(seat, kind, count=int(rest[0]))
        if kind == "trump":
            if len(rest) != 1:
                raise InvalidNotationError(f"bad move {text!r}: trump names one suit, e.g. 'trump H'")
            return cls(seat, kind, word=rest[0])
        if kind in ("call", "forget"):
            if not rest or not _WORD.fullmatch(rest[0]):
                raise InvalidNotationError(f"bad move {text!r}: a {kind} names its call, e.g. '{kind} salut'")
            return cls(seat, kind, word=rest[0], cards=_cards(text, rest[1:], pattern))
        cards = _cards(text, rest, pattern)
        if kind == "lead":
            if len(cards) != 1:
                raise InvalidNotationError(f"bad move {text!r}: a lead names one card")
            return cls(seat, kind, cards[0])
        if not cards:
            raise InvalidNotationError(f"bad move {text!r}: a {kind} names its cards")
        return cls(seat, kind, cards=cards)


def _cards(text: str, words: list[str], pattern: Pattern | None) -> tuple[Card, ...]:
    """The cards ``words`` name, in ``pattern``; an error names the whole move ``text``."""
    if words and pattern is None:
        raise InvalidNotationError(f"bad move {text!r}: its cards are read in a pattern, and none was given")
    try:
        return tuple(Card.parse(w, pattern) for w in words if pattern is not None)
    except InvalidNotationError as exc:
        raise InvalidNotationError(f"bad move {text!r}: {exc}") from None


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
