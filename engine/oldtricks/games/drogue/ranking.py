"""How Drogue cards rank and count: the Mandrins, the two orders below them, card points, bid values.

A Jack is always a trump (drogue.mandrins), so a card's *suit in play* depends on the trump suit:

>>> from oldtricks.core.cards import FRENCH_32
>>> jack, seven = FRENCH_32.parse_many("JS 7H")
>>> suit_of(jack, "H"), suit_of(seven, "H"), suit_of(jack, None)
('H', 'H', 'S')
>>> power(jack, "H", "bezique") > power(FRENCH_32.parse("AH"), "H", "bezique")
True
>>> sum(POINTS.get(c.rank, 0) for c in FRENCH_32.cards)
120
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core.cards import FRENCH_32, Card
from ...core.i18n import Words, pN_

# the suits in words, in the current language (French-suited names, as the cards' names)
SUIT_WORDS = Words(
    {
        "C": pN_("French suit", "Clubs"),
        "D": pN_("French suit", "Diamonds"),
        "H": pN_("French suit", "Hearts"),
        "S": pN_("French suit", "Spades"),
    },
    "French suit",
)
SUIT_ONE = Words(
    {
        "C": pN_("one card", "Club"),
        "D": pN_("one card", "Diamond"),
        "H": pN_("one card", "Heart"),
        "S": pN_("one card", "Spade"),
    },
    "one card",
)
BLACK = frozenset("CS")

# drogue.penalty.removal: the Jacks one may name at the cut, and show to be released; never J♦
NAMEABLE = FRENCH_32.parse_many("JC JS JH")

# drogue.mandrins: J♣ (gros Mandrin) > J♠ > J♥ > J♦ (Mandrin chiard), whatever the trump suit
JACKS = "CSHD"

# Ranks below the Jacks, lowest first: drogue.rank (A 10 K Q 9 8 7) and drogue.rank.natural (A K Q 10 9 8 7)
ORDERS = {"bezique": "789QKTA", "natural": "789TQKA"}

# drogue.points: Ace 11, Ten 10, King 4, Queen 3, Jack 2, the rest nothing; 120 in the pack
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
PACK_POINTS = sum(POINTS.get(card.rank, 0) for card in FRENCH_32.cards)  # 120

# drogue.bid.tie-points: only for equal bids, Ace 11, the King, Queen, Jack and Ten 10, others face value
BID_VALUES = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 9, "8": 8, "7": 7}


def is_jack(card: Card) -> bool:
    return card.rank == "J"


def suit_of(card: Card, trump: str | None) -> str:
    """The suit a card belongs to in play: a Jack belongs to the trump suit (drogue.mandrins)."""
    return trump if card.rank == "J" and trump is not None else card.suit


def power(card: Card, trump: str, order: str) -> int:
    """Rank within the card's own suit in play; trumps all above every plain card.

    Jacks 20..23, other trumps 10..16, plain cards 0..6.
    """
    if card.rank == "J":
        return 23 - JACKS.index(card.suit)
    base = ORDERS[order].index(card.rank)
    return base + 10 if card.suit == trump else base


def trick_power(card: Card, led: str, trump: str, order: str) -> int:
    """How strongly ``card`` bids for a trick whose led suit (in play) is ``led``; -1 cannot win it."""
    suit = suit_of(card, trump)
    if suit in (trump, led):
        return power(card, trump, order)
    return -1


def points(cards: Iterable[Card]) -> int:
    return sum(POINTS.get(c.rank, 0) for c in cards)


def bid_value(cards: Iterable[Card]) -> int:
    return sum(BID_VALUES[c.rank] for c in cards)


def display_key(card: Card, trump: str | None, order: str) -> tuple[int, int]:
    """Sort key for showing a hand: the Mandrins first, then the suits alternating in colour (the trump
    suit first once it is made), high cards first."""
    if card.rank == "J":
        return 0, JACKS.index(card.suit)
    suits = "SHCD" if trump is None else trump + "".join(s for s in "SHCD" if s != trump)
    return 1 + suits.index(card.suit), -power(card, trump or "-", order)
