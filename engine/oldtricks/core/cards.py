"""Cards, packs and their notation.

The canonical text of a card is its rank then its suit: ``UA`` is the Unter of Acorns, ``8L`` the
Eight of Leaves, ``JC`` the Jack of Clubs. German packs use ranks ``6 7 8 9 T U O K A`` and suits
``A L H B`` (Acorns, Leaves, Hearts, Bells); French packs ranks ``2``-``9 T J Q K A`` and suits
``C D H S``. A Ten may be written ``10`` in every pack (``10H`` is ``TH``); French cards may also be
written with suit symbols.

>>> card = Card.parse("UA", "german")
>>> card, str(card), card.name
(Card.parse('UA', 'german'), 'UA', 'Unter of Acorns')
>>> with language("pl"):  # a German-suited card's suit agrees with its rank in Polish
...     card.name, GERMAN_36.parse("8L").name, FRENCH_32.parse("JC").name
('niżnik żołędny', 'ósemka winna', 'walet trefl')
>>> str(Card.parse("10♥", "french")), str(Card.parse("10h", "german"))
('TH', 'TH')
>>> GERMAN_32.parse("6H")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
oldtricks.errors.InvalidNotationError: bad card '6H': the 32-card German pack has no Sixes (its ranks are 7 8 9 T ...)
>>> GERMAN_32.parse("XH")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
oldtricks.errors.InvalidNotationError: bad card 'XH': a card of the 32-card German pack is a rank (7 8 9 T U O K A; ...
>>> FRENCH_32.parse_many("JC 7H")
(Card.parse('JC', 'french'), Card.parse('7H', 'french'))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from ..errors import InvalidNotationError
from .i18n import N_, Lang, _, current, language, pgettext, pN_

Pattern = Literal["german", "french"]
PATTERNS: tuple[Pattern, ...] = ("german", "french")

RANK_NAMES: dict[Pattern, dict[str, str]] = {
    "german": {
        "6": pN_("rank", "Six"),
        "7": pN_("rank", "Seven"),
        "8": pN_("rank", "Eight"),
        "9": pN_("rank", "Nine"),
        "T": pN_("rank", "Ten"),
        "U": pN_("rank", "Unter"),
        "O": pN_("rank", "Ober"),
        "K": pN_("rank", "King"),
        "A": pN_("rank", "Ace"),
    },
    "french": {
        "2": pN_("rank", "Two"),
        "3": pN_("rank", "Three"),
        "4": pN_("rank", "Four"),
        "5": pN_("rank", "Five"),
        "6": pN_("rank", "Six"),
        "7": pN_("rank", "Seven"),
        "8": pN_("rank", "Eight"),
        "9": pN_("rank", "Nine"),
        "T": pN_("rank", "Ten"),
        "J": pN_("rank", "Jack"),
        "Q": pN_("rank", "Queen"),
        "K": pN_("rank", "King"),
        "A": pN_("rank", "Ace"),
    },
}
SUIT_NAMES: dict[Pattern, dict[str, str]] = {
    "german": {
        "A": pN_("German suit", "Acorns"),
        "L": pN_("German suit", "Leaves"),
        "H": pN_("German suit", "Hearts"),
        "B": pN_("German suit", "Bells"),
    },
    "french": {
        "C": pN_("French suit", "Clubs"),
        "D": pN_("French suit", "Diamonds"),
        "H": pN_("French suit", "Hearts"),
        "S": pN_("French suit", "Spades"),
    },
}
# A German-suited card's name is one message of its own: in Polish the suit is an adjective that agrees with
# the rank ('niżnik żołędny', 'ósemka winna'), which a rank and a suit's name put together cannot say.
GERMAN_CARD_NAMES: dict[str, str] = {
    "6A": pN_("German card", "Six of Acorns"),
    "6L": pN_("German card", "Six of Leaves"),
    "6H": pN_("German card", "Six of Hearts"),
    "6B": pN_("German card", "Six of Bells"),
    "7A": pN_("German card", "Seven of Acorns"),
    "7L": pN_("German card", "Seven of Leaves"),
    "7H": pN_("German card", "Seven of Hearts"),
    "7B": pN_("German card", "Seven of Bells"),
    "8A": pN_("German card", "Eight of Acorns"),
    "8L": pN_("German card", "Eight of Leaves"),
    "8H": pN_("German card", "Eight of Hearts"),
    "8B": pN_("German card", "Eight of Bells"),
    "9A": pN_("German card", "Nine of Acorns"),
    "9L": pN_("German card", "Nine of Leaves"),
    "9H": pN_("German card", "Nine of Hearts"),
    "9B": pN_("German card", "Nine of Bells"),
    "TA": pN_("German card", "Ten of Acorns"),
    "TL": pN_("German card", "Ten of Leaves"),
    "TH": pN_("German card", "Ten of Hearts"),
    "TB": pN_("German card", "Ten of Bells"),
    "UA": pN_("German card", "Unter of Acorns"),
    "UL": pN_("German card", "Unter of Leaves"),
    "UH": pN_("German card", "Unter of Hearts"),
    "UB": pN_("German card", "Unter of Bells"),
    "OA": pN_("German card", "Ober of Acorns"),
    "OL": pN_("German card", "Ober of Leaves"),
    "OH": pN_("German card", "Ober of Hearts"),
    "OB": pN_("German card", "Ober of Bells"),
    "KA": pN_("German card", "King of Acorns"),
    "KL": pN_("German card", "King of Leaves"),
    "KH": pN_("German card", "King of Hearts"),
    "KB": pN_("German card", "King of Bells"),
    "AA": pN_("German card", "Ace of Acorns"),
    "AL": pN_("German card", "Ace of Leaves"),
    "AH": pN_("German card", "Ace of Hearts"),
    "AB": pN_("German card", "Ace of Bells"),
}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SYMBOL_TO_SUIT = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"}


# A rank's cards, in a refusal ("the 32-card German pack has no Sixes"): the plural of each rank's name.
RANKS_PLURAL = {
    "Two": pN_("ranks", "Twos"),
    "Three": pN_("ranks", "Threes"),
    "Four": pN_("ranks", "Fours"),
    "Five": pN_("ranks", "Fives"),
    "Six": pN_("ranks", "Sixes"),
    "Seven": pN_("ranks", "Sevens"),
    "Eight": pN_("ranks", "Eights"),
    "Nine": pN_("ranks", "Nines"),
    "Ten": pN_("ranks", "Tens"),
    "Jack": pN_("ranks", "Jacks"),
    "Queen": pN_("ranks", "Queens"),
    "King": pN_("ranks", "Kings"),
    "Ace": pN_("ranks", "Aces"),
    "Unter": pN_("ranks", "Unters"),
    "Ober": pN_("ranks", "Obers"),
}


def _plural(word: str) -> str:
    """The cards of a rank, in the current language: 'Sixes', 'Sechsen', 'szóstek'."""
    return pgettext("ranks", RANKS_PLURAL[word])


def _expected(pattern: Pattern) -> str:
    ranks = " ".join(RANK_NAMES[pattern])
    suits = " ".join(SUIT_NAMES[pattern])
    example = "UA" if pattern == "german" else "JC"
    said = _("a German card is a rank ({ranks}) then a suit ({suits}), e.g. {example}")
    if pattern == "french":
        said = _("a French card is a rank ({ranks}) then a suit ({suits}), e.g. {example}")
    return said.format(ranks=ranks, suits=suits, example=repr(example))


_CARDS: dict[tuple[str, str, str], Card] = {}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card. Immutable; ``str()`` is the notation, ``repr()`` can be pasted back.

    There is one object per card: making a card again (parsing it, unpickling or copying it) gives
    the same object, so cards are equal exactly when they are the same object and hash by identity,
    which Python compares and hashes without calling any code of ours (a card is looked up in a
    dict or a hand on every move of a play-out).

    >>> Card.parse("UA", "german") is Card("U", "A", "german")
    True
    >>> import pickle; pickle.loads(pickle.dumps(Card.parse("JC", "french"))) is Card.parse("JC", "french")
    True
    """

    rank: str
    suit: str
    pattern: Pattern

    def __new__(cls, rank: str, suit: str, pattern: Pattern) -> Card:
        card = _CARDS.get((rank, suit, pattern))
        if card is None:
            card = _CARDS[(rank, suit, pattern)] = object.__new__(cls)  # (slots=True makes super() fail here)
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[str, str, Pattern]]:
        return Card, (self.rank, self.suit, self.pattern)  # through __new__: the one object again

    @classmethod
    def parse(cls, text: str, pattern: Pattern) -> Card:
        """Read a card. Raises :class:`InvalidNotationError` naming the token and what was expected."""
        token = text.strip()
        if pattern not in PATTERNS:
            raise InvalidNotationError(f"unknown card pattern {pattern!r}: expected 'german' or 'french'")
        body = token.upper()
        if pattern == "french" and body[-1:] in _SYMBOL_TO_SUIT:
            body = body[:-1] + _SYMBOL_TO_SUIT[body[-1]]
        if body.startswith("10"):
            body = "T" + body[2:]  # the Ten as printed on the card, in every pack
        if len(body) != 2 or body[0] not in RANK_NAMES[pattern] or body[1] not in SUIT_NAMES[pattern]:
            raise InvalidNotationError(
                _("bad card {card}: {expected}").format(card=repr(token), expected=_expected(pattern))
            )
        return cls(body[0], body[1], pattern)

    @property
    def name(self) -> str:
        """The card in words, in the current language (:mod:`oldtricks.core.i18n`): 'Unter of Acorns'."""
        return _card_name(self, current())

    @property
    def symbol(self) -> str:
        """Short display form: 'J♣' for French cards, the notation for German ones."""
        if self.pattern == "french":
            rank = "10" if self.rank == "T" else self.rank
            return rank + SUIT_SYMBOLS[self.suit]
        return str(self)

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r}, {self.pattern!r})"


@dataclass(frozen=True)
class Pack:
    """A pack of cards: its pattern, ranks (low to high, in the usual order) and suits."""

    name: str
    pattern: Pattern
    ranks: str
    suits: str

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card, suit by suit, ranks low to high."""
        return _pack_cards(self)

    def __len__(self) -> int:
        return len(self.ranks) * len(self.suits)

    def __contains__(self, card: object) -> bool:
        return (
            isinstance(card, Card)
            and card.pattern == self.pattern
            and card.rank in self.ranks
            and card.suit in self.suits
        )

    def parse(self, text: str) -> Card:
        """Read a card that must belong to this pack; an error lists this pack's ranks and suits only."""
        try:
            card = Card.parse(text, self.pattern)
        except InvalidNotationError:
            example = "UA" if self.pattern == "german" else "JC"
            said = _("bad card {card}: a card of the {pack} is a rank ({ranks}) then a suit ({suits}), e.g. {example}")
            raise InvalidNotationError(
                said.format(
                    card=repr(text.strip()),
                    pack=self.title,
                    ranks=self.rank_list(),
                    suits=" ".join(self.suits),
                    example=repr(example),
                )
            ) from None
        if card not in self:
            said = _("bad card {card}: the {pack} has no {rank} (its ranks are {ranks})")
            rank = _plural(RANK_NAMES[self.pattern][card.rank])
            raise InvalidNotationError(
                said.format(card=repr(text.strip()), pack=self.title, rank=rank, ranks=self.rank_list())
            )
        return card

    @property
    def title(self) -> str:
        """The pack's name in the current language: '32-card German pack', 'deutsches Blatt zu 32 Karten'."""
        return _(self.name)

    def rank_list(self) -> str:
        """This pack's ranks as notation accepts them, low to high."""
        ranks = " ".join(self.ranks)
        return _("{ranks}; a Ten is T or 10").format(ranks=ranks) if "T" in self.ranks else ranks

    def parse_many(self, text: str) -> tuple[Card, ...]:
        """Read cards separated by spaces or commas."""
        return tuple(self.parse(tok) for tok in text.replace(",", " ").split())


@cache
def _card_name(card: Card, lang: Lang) -> str:
    with language(lang):
        if card.pattern == "german":  # 'Unter of Acorns', 'Eichel-Unter', 'niżnik żołędny'
            return pgettext("German card", GERMAN_CARD_NAMES[card.rank + card.suit])
        # the order of the words is the language's: 'Jack of Clubs', 'Kreuz-Bube', 'walet trefl'
        return _("{rank} of {suit}").format(
            rank=pgettext("rank", RANK_NAMES[card.pattern][card.rank]),
            suit=pgettext("French suit", SUIT_NAMES[card.pattern][card.suit]),
        )


_CACHE: dict[Pack, tuple[Card, ...]] = {}


def _pack_cards(pack: Pack) -> tuple[Card, ...]:
    cards = _CACHE.get(pack)
    if cards is None:
        cards = tuple(Card(r, s, pack.pattern) for s in pack.suits for r in pack.ranks)
        _CACHE[pack] = cards
    return cards


GERMAN_32 = Pack(N_("32-card German pack"), "german", "789TUOKA", "ALHB")
GERMAN_36 = Pack(N_("36-card German pack"), "german", "6789TUOKA", "ALHB")
FRENCH_32 = Pack(N_("32-card French pack"), "french", "789TJQKA", "CDHS")
FRENCH_52 = Pack(N_("52-card French pack"), "french", "23456789TJQKA", "CDHS")
PACKS = {p.name: p for p in (GERMAN_32, GERMAN_36, FRENCH_32, FRENCH_52)}


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as space-separated notation: the inverse of :meth:`Pack.parse_many`."""
    return " ".join(str(c) for c in cards)
