"""The 1831 ranking of Drużbart: which card holds a trick, and which cards may head it.

Every card gets a *power*: 0 for a dud, higher for better cards. The card with the highest power
holds the trick; among duds only, the first card (the lead) holds it. Powers of beaters are unique
because equal ranks are split by suit.

>>> from oldtricks.core.cards import GERMAN_36
>>> r = Ranking.from_options("braus", "unbeatable", "duds")
>>> [str(c) for c in r.ladder(GERMAN_36)[:6]]
['UA', '8L', 'KH', '9A', '9L', '9H']
>>> r.holder(GERMAN_36.parse_many("7H UA 9A TL"))  # a led Seven stands against a matador
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...core.cards import Card, Pack
from ...core.i18n import N_

# druzbart.suit-order: Acorns > Leaves > Hearts > Bells among equal ranks; no trumps
SUIT_ORDER = "ALHB"

# druzbart.rank.matadors: which cards are the three matadors is our assumption (an option), highest first
MATADOR_SETS: dict[str, tuple[str, str, str]] = {
    "braus": ("UA", "8L", "KH"),
    "brus": ("UA", "KH", "8L"),
    "acorns": ("UA", "8A", "KA"),
}

# druzbart.rank.order: below the matadors, whole ranks in this order, highest first (our copy lost the list)
BEATER_RANKS = ("9", "A", "U", "6")

MATADOR_POWER = 100
LED_SEVEN = {"unbeatable": 1000, "gracz": 90}  # druzbart.seven / druzbart.seven.gracz


# The readings of the ranking that may make a card unplayable that the default would allow: the ranking's
# field, its default, the rule of the other reading and the words that name it in a refusal
READINGS = (
    ("obers", "duds", "druzbart.obers", N_("in this reading the Obers are beaters")),
    (
        "seven",
        "unbeatable",
        "druzbart.seven.gracz",
        N_("under the rule reported as Gracz's a matador beats a led Seven"),
    ),
)


@dataclass(frozen=True)
class Ranking:
    """The ranking chosen by the options ``matadors``, ``seven`` and ``obers``."""

    matadors: tuple[str, ...]
    seven: str
    obers: str
    # each card's power once reckoned, unled and led: every card of every trick asks for it
    _powers: tuple[dict[Card, int], dict[Card, int]] = field(
        default_factory=lambda: ({}, {}), init=False, repr=False, compare=False
    )

    @classmethod
    def from_options(cls, matadors: str, seven: str, obers: str) -> Ranking:
        return cls(MATADOR_SETS[matadors], seven, obers)

    @property
    def beater_ranks(self) -> tuple[str, ...]:
        if self.obers == "beaters":
            return ("9", "A", "U", "O", "6")  # the alternative to druzbart.obers: just below the Unters
        return BEATER_RANKS

    def is_matador(self, card: Card) -> bool:
        return str(card) in self.matadors

    def power(self, card: Card, led: bool = False) -> int:
        """How strong ``card`` is; ``led`` says whether it was the first card of the trick."""
        known = self._powers[led]
        power = known.get(card)
        if power is None:
            power = known[card] = self._reckon(card, led)
        return power

    def _reckon(self, card: Card, led: bool) -> int:
        """The power of ``card``, by the rules below (:meth:`power` keeps it)."""
        text = str(card)
        if text in self.matadors:
            return MATADOR_POWER - self.matadors.index(text)
        if card.rank == "7":
            # druzbart.seven: unbeatable when led; an unled Seven is a dud (druzbart.all-duds)
            return LED_SEVEN[self.seven] if led else 0
        ranks = self.beater_ranks
        if card.rank in ranks:
            group = len(ranks) - ranks.index(card.rank)
            return group * 10 + (3 - SUIT_ORDER.index(card.suit))  # druzbart.suit-order
        return 0  # druzbart.duds, druzbart.obers

    def is_dud(self, card: Card, led: bool = False) -> bool:
        return self.power(card, led) == 0

    def holder(self, cards: Sequence[Card]) -> int:
        """Index of the card that holds the trick so far: the highest power, else the lead.

        Only the first card counts as led. With duds only, the lead holds it (druzbart.all-duds).
        """
        power = self.power
        best, top = 0, power(cards[0], True)
        for i in range(1, len(cards)):
            p = power(cards[i])
            if p > top:
                best, top = i, p
        return best

    def holding(self, cards: Sequence[Card]) -> tuple[int, str]:
        """The card that holds the trick so far (see :meth:`holder`) and the ledger id of the rule by
        which it holds: ``druzbart.all-duds`` (duds only: the lead holds), ``druzbart.seven`` (a led
        Seven stands), else ``druzbart.rank``.

        >>> from oldtricks.core.cards import GERMAN_36 as P
        >>> r = Ranking.from_options("braus", "unbeatable", "duds")
        >>> r.holding(P.parse_many("OH 7B 8H")), r.holding(P.parse_many("7H UA")), r.holding(P.parse_many("8H 9A"))
        ((0, 'druzbart.all-duds'), (0, 'druzbart.seven'), (1, 'druzbart.rank'))
        """
        i = self.holder(cards)
        if i == 0 and self.power(cards[0], led=True) == 0:
            return i, "druzbart.all-duds"  # druzbart.all-duds: nothing beat a dud lead, every card is a dud
        if i == 0 and cards[0].rank == "7" and not self.is_matador(cards[0]):
            return i, "druzbart.seven"  # druzbart.seven: a led Seven stands
        return i, "druzbart.rank"  # druzbart.rank: the card of most power holds

    def heads(self, card: Card, cards: Sequence[Card]) -> bool:
        """Whether ``card``, played now, beats the best of ``cards`` (druzbart.head)."""
        return bool(self.heading((card,), cards))

    def heading(self, hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
        """The cards of ``hand`` that, played now, beat the best of ``cards`` (druzbart.head): none
        when nothing is on the table.

        >>> from oldtricks.core.cards import GERMAN_36 as P
        >>> r = Ranking.from_options("braus", "unbeatable", "duds")
        >>> r.heading(P.parse_many("UA 8H 9L 9B"), P.parse_many("8H 9H"))  # Leaves above Hearts, Bells below
        (Card.parse('UA', 'german'), Card.parse('9L', 'german'))
        """
        if not cards:
            return ()
        i = self.holder(cards)
        power = self.power
        bar = power(cards[i], i == 0)
        return tuple([c for c in hand if power(c) > bar])

    def ladder(self, pack: Pack) -> list[Card]:
        """Every card of ``pack``, strongest first when not led; then the Sevens, then the duds by suit."""
        return sorted(
            pack.cards,
            key=lambda c: (-self.power(c), c.rank != "7", SUIT_ORDER.index(c.suit), -pack.ranks.index(c.rank)),
        )

    def heading_rule(self, hand: Sequence[Card], cards: Sequence[Card], card: Card) -> tuple[str, str | None]:
        """The rule that keeps ``card`` of ``hand`` out of the trick of ``cards``: druzbart.head, or this
        ranking's reading of the Obers or of a led Seven where the default reading would let ``card`` be
        played (that reading makes the difference), with the words that name the reading."""
        for key, default, rule, words in READINGS:
            if getattr(self, key) == default:
                continue
            seven, obers = (default, self.obers) if key == "seven" else (self.seven, default)
            if card in (Ranking(self.matadors, seven, obers).heading(hand, cards) or hand):
                return rule, words
        return "druzbart.head", None
