"""Drogue moves in notation: cards, the auction's words, and the calls of the session.

``bid 5``, ``pass``, ``trump H`` (``trump ♥``), a card (``JC``, ``10♥``); ``call quatre-mandrins``,
``call aux-armes``, ``call salut``, ``call qui-vive JS``; ``forget …`` (the same calls, at a lenient table);
``name JC JS`` (Jacks named at the cut); ``deal``; ``show JS`` (a Jack shown to be released);
``redeal`` / ``keep``; ``ask`` ("Je demande la parole") / ``grant`` ("Accordée"); ``lead 7S`` (the holder of
the Seven leads it out of turn). A hyphen and a space are the same, as in share links.
"""

from __future__ import annotations

import re

from ...core.cards import Card
from ...core.moves import Kind, Move
from ...errors import InvalidNotationError, OldtricksError
from .ranking import NAMEABLE
from .state import DrogueState
from .table import Table

WORDS: tuple[Kind, ...] = (
    "bid", "pass", "call", "trump", "forget", "name", "deal", "show", "redeal", "keep", "ask", "grant", "lead"
)  # fmt: skip
_BARE: tuple[Kind, ...] = ("pass", "deal", "redeal", "keep", "ask", "grant")
_SUITS = {"c": "C", "clubs": "C", "d": "D", "diamonds": "D", "h": "H", "hearts": "H", "s": "S", "spades": "S"}
_SUITS.update({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})
_CALLS = {
    "": "quatre-mandrins",
    "quatre-mandrins": "quatre-mandrins",
    "qui-vive": "quatre-mandrins",
    "qui-vive-pour-les-quatre-mandrins": "quatre-mandrins",
    "quatre": "quatre-mandrins",
    "mandrins": "quatre-mandrins",
    "aux-armes": "aux-armes",
    "salut": "salut",
    "salute": "salut",
}
_DIGITS = re.compile(r"[0-9]{1,3}")  # ASCII digits only: str.isdigit() also takes '²', which int() refuses
CALLS_HELP = "'call quatre-mandrins', 'call aux-armes', 'call salut' or 'call qui-vive JS'"


def parse(table: Table, state: DrogueState, text: str) -> Move:
    seat = state.turn
    token = text.strip()
    words = token.replace("-", " ").split()
    said = words[0].lower() if words else ""
    head = next((k for k in WORDS if k == said), None)
    if seat is None or head is None:
        raise LookupError  # not ours: a card, or nothing the game knows
    rest = words[1:]
    if head in _BARE:
        if rest:
            raise InvalidNotationError(f"bad move {token!r}: {head!r} takes nothing after it")
        return Move(seat, head)
    if head == "bid":
        if len(rest) != 1 or not _DIGITS.fullmatch(rest[0]):
            raise InvalidNotationError(f"bad bid {token!r}: expected a number of cards, e.g. 'bid 5'")
        return Move(seat, "bid", count=int(rest[0]))
    if head == "trump":
        suit = _SUITS.get(" ".join(rest).lower())
        if suit is None:
            raise InvalidNotationError(f"bad move {token!r}: name a suit, e.g. 'trump H' or 'trump ♥'")
        return Move(seat, "trump", word=suit)
    if head in ("call", "forget"):
        word, jack = _call(table, token, rest)
        return Move(seat, head, word=word, cards=() if jack is None else (jack,))
    if head == "name":
        jacks = _cards(table, token, rest)
        if not jacks or any(j not in NAMEABLE for j in jacks) or len(set(jacks)) != len(jacks):
            raise InvalidNotationError(f"bad move {token!r}: name one to three different Jacks, never J♦")
        return Move(seat, "name", cards=tuple(j for j in NAMEABLE if j in jacks))
    cards = _cards(table, token, rest)
    if len(cards) != 1:
        raise InvalidNotationError(f"bad move {token!r}: expected one card, e.g. '{head} JS'")
    if head == "show":
        return Move(seat, "show", cards=(cards[0],))
    holder = next((s for s, hand in enumerate(state.hands) if cards[0] in hand), seat)
    if holder == seat:  # leading in turn is an ordinary card
        return Move(seat, "play", cards[0])
    return Move(holder, "lead", cards[0])


def _cards(table: Table, token: str, rest: list[str]) -> list[Card]:
    try:
        return [table.pack.parse(w) for w in rest]
    except OldtricksError:
        raise InvalidNotationError(f"bad move {token!r}: {' '.join(rest)!r} are not cards") from None


def _call(table: Table, token: str, rest: list[str]) -> tuple[str, Card | None]:
    """The word of a call (and the Jack of a "Qui vive!"), in the forms a player may write it."""
    jacks = [w for w in rest if len(w) == 2 and w[0].upper() == "J"]
    if jacks:
        card = _cards(table, token, jacks)[0] if len(jacks) == 1 else None
        words = [w.lower() for w in rest if w not in jacks]
        if card is None or card not in NAMEABLE or words not in ([], ["qui", "vive"]):
            raise InvalidNotationError(f"bad call {token!r}: expected {CALLS_HELP}")
        return "qui-vive", card
    name = _CALLS.get("-".join(w.lower() for w in rest))
    if name is None:
        raise InvalidNotationError(f"bad call {token!r}: expected {CALLS_HELP}")
    return name, None
