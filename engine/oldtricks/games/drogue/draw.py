"""Drawing for partners by Kings (drogue.partners): a chance outcome recorded with the deal.

Players are numbered by the places they took before the draw (the order of the names given, or the
compass points). After the draw, ``seating[s]`` is the player now at seat ``s``.

>>> from oldtricks.core.prng import Rng
>>> draw = draw_partners(Rng(3), "kings")
>>> [str(card) for _, card in draw.cards], draw.first, draw.seating
(['KH', 'KS', 'KC', 'KD'], 0, (0, 2, 1, 3))
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import FRENCH_32, Card
from ...core.prng import Rng
from .ranking import BLACK
from .shape import SEATS

IDENTITY = (0, 1, 2, 3)


@dataclass(frozen=True, slots=True)
class Draw:
    """The cards turned up for each player in turn, who drew the first King, and where everyone sits."""

    cards: tuple[tuple[int, Card], ...]
    first: int
    seating: tuple[int, ...]
    moved: tuple[int, int] | None  # the two players who changed places (drogue.partners.seating)

    def king_of(self, player: int) -> Card:
        return next(c for p, c in self.cards if p == player and c.rank == "K")


def _right(player: int) -> int:
    return (player - 1) % SEATS


def draw_partners(rng: Rng, how: str) -> Draw:
    """Draw with ``rng``: ``round`` (drogue.partners.round) or ``kings`` (drogue.partners.kings)."""
    cards: list[tuple[int, Card]] = []
    kings: dict[int, Card] = {}
    if how == "kings":
        four = [c for c in FRENCH_32.cards if c.rank == "K"]
        rng.shuffle(four)
        player = 0
        for card in four:
            cards.append((player, card))
            kings[player] = card
            player = _right(player)
    else:
        pack = list(FRENCH_32.cards)
        rng.shuffle(pack)
        # drogue.partners.round.skip: from South to the right, passing over whoever has his King
        player, i = 0, 0
        while len(kings) < SEATS:
            if player not in kings:
                card = pack[i]
                i += 1
                cards.append((player, card))
                if card.rank == "K":
                    kings[player] = card
            player = _right(player)
    first = next(p for p, c in cards if c.rank == "K")  # drogue.partners: the first King drawn deals
    colour = kings[first].suit in BLACK
    partner = next(p for p, k in kings.items() if p != first and (k.suit in BLACK) == colour)
    opposite = (first + 2) % SEATS
    if partner == opposite:
        return Draw(tuple(cards), first, IDENTITY, None)
    # drogue.partners.seating: the first King stays put; his partner swaps with the player facing him
    seating = list(IDENTITY)
    seating[opposite], seating[partner] = partner, opposite
    return Draw(tuple(cards), first, tuple(seating), (partner, opposite))
