"""The fixed facts of a Drogue table, read by every phase, the bots and the view instead of the game:
the pack, the agreed options, the players' names, and how the seats are named after the partner draw.

The game builds one; no module of the package needs the game class (``tests/test_imports.py``).

>>> from oldtricks.games.drogue.options import DrogueOptions
>>> table = Table(DrogueOptions(), ("Anna", "Dan", "Carla", "Ben"), given=True)
>>> table.seating((0, 2, 1, 3)).names
('Anna', 'Carla', 'Dan', 'Ben')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...core.cards import FRENCH_32, Card, Pack
from ...core.seats import Seats
from .draw import IDENTITY
from .options import DrogueOptions
from .shape import SEATS, TEAMS, TRICKS, from_right
from .state import DrogueState, Hands


@dataclass(frozen=True, slots=True)
class Table:
    """``players``: the names in the order they were given (or the compass points); ``given``: whether
    names were given, in which case they follow their players to the seats the draw gives them."""

    agreed: DrogueOptions
    players: tuple[str, ...]
    given: bool = False
    pack: Pack = FRENCH_32  # drogue.pack

    def seating(self, seating: tuple[int, ...]) -> Seats:
        """The seats after the draw (``seating[s]`` is the player at seat ``s``); compass points stay put."""
        return _seated(self.players, seating if self.given else IDENTITY)

    def seats(self, state: DrogueState) -> Seats:
        """Who sits at each seat in ``state``."""
        return self.seating(state.session.seating)

    def deal_order(self, order: list[Card], dealer: int) -> tuple[Hands, tuple[Card, ...]]:
        """Split a shuffled pack into hands: drogue.deal, packets of four or two, starting with the dealer's
        right-hand neighbour, going right."""
        size = self.agreed.packets
        hands: list[list[Card]] = [[] for _ in range(SEATS)]
        at = 0
        for _ in range(TRICKS // size):
            for seat in from_right(dealer):
                hands[seat].extend(order[at : at + size])
                at += size
        return tuple(tuple(h) for h in hands), tuple(order[at:])


@lru_cache(maxsize=256)
def _seated(players: tuple[str, ...], seating: tuple[int, ...]) -> Seats:
    # one Seats value per sitting: the view and the narration ask for it at every step
    return Seats(tuple(players[p] for p in seating), TEAMS)
