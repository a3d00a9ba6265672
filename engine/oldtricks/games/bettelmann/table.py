"""The fixed facts of a Bettelmann or Tod und Leben table, read by the play and the view instead of the
game: the pack, the seats, and whether a player looks at his last cards.

The game builds one; the play (:mod:`.play`) takes it instead of the game.

>>> from oldtricks.core.cards import GERMAN_32
>>> from oldtricks.core.seats import Seats
>>> table = Table(GERMAN_32, Seats(("North", "South"), (None, None)), looks_at_last=3, top_rule="bettelmann.last-three")
>>> table.looks(GERMAN_32.parse_many("7H UA AB")), table.looks(GERMAN_32.parse_many("7H UA AB 9L"))
(True, False)
>>> Table(GERMAN_32, table.seats, looks_at_last=0, top_rule="bettelmann.last-three.off").looks(())
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.cards import Card, Pack
from ...core.seats import Seats


@dataclass(frozen=True, slots=True)
class Table:
    """``looks_at_last``: how many cards a player has left when he may look at them and choose which to turn
    up (bettelmann.last-three: three; 0 when the option is off); ``top_rule``: the rule that holds a player to
    his top card before then (the chosen option's)."""

    pack: Pack
    seats: Seats
    looks_at_last: int
    top_rule: str

    def looks(self, pile: Sequence[Card]) -> bool:
        """bettelmann.last-three: with this few cards left the owner looks at them (never, with the option off)."""
        return self.looks_at_last > 0 and len(pile) <= self.looks_at_last
