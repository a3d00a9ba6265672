"""The shape of a Drogue table, defined once for every module of the package: four seats, partners
opposite, eight cards each and so eight tricks a deal.

>>> SEATS, TRICKS, [s for s in range(SEATS) if TEAMS[s] == TEAMS[0]]
(4, 8, [0, 2])
"""

from __future__ import annotations

SEATS = 4
TRICKS = 8  # drogue.deal: eight cards each
TEAMS = (0, 1, 0, 1)  # drogue.partners: partners sit opposite


def from_right(dealer: int) -> list[int]:
    """The seats in the order of play: the dealer's right-hand neighbour first, the dealer last (seats are
    numbered clockwise, so "to the right" is ``seat - 1``; drogue.deal).

    >>> from_right(0)
    [3, 2, 1, 0]
    """
    return [(dealer - 1 - k) % SEATS for k in range(SEATS)]
