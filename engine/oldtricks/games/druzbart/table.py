"""The fixed facts of a Drużbart or Clock Druzbart table, read by the rules, the bots, the view and
the narration alike: the pack, the ranking, the seats and the sides they play for.

The game builds one; the bots and the view take it instead of the game, so no module of this
package needs the game class (``tests/test_imports.py`` checks that none imports it back).

>>> from oldtricks.core.cards import GERMAN_36
>>> from oldtricks.core.seats import Seats
>>> from oldtricks.games.druzbart.ranking import Ranking
>>> table = Table(GERMAN_36, Ranking.from_options("braus", "unbeatable", "duds"),
...               Seats(("South", "West", "North", "East"), (0, 1, 0, 1)), ((0, 2), (1, 3)), 6)
>>> table.side_of(3), table.side_label(0), table.partner(1)
(1, 'South–North', 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Pack
from ...core.seats import Seats
from .ranking import Ranking


@dataclass(frozen=True, slots=True)
class Table:
    """``sides[k]``: the seats of side ``k`` (a team, or one player in Clock Druzbart); ``lines``: the
    lines each side starts with (druzbart.slate, clock.lines)."""

    pack: Pack
    ranking: Ranking
    seats: Seats
    sides: tuple[tuple[int, ...], ...]
    lines: int

    @property
    def num_seats(self) -> int:
        return len(self.seats)

    @property
    def num_sides(self) -> int:
        return len(self.sides)

    def side_of(self, seat: int) -> int:
        return next(k for k, members in enumerate(self.sides) if seat in members)

    def partner(self, seat: int) -> int | None:
        return self.seats.partner(seat)

    def side_label(self, side: int) -> str:
        """A team as its two names ('South–North'), a player on his own as his name."""
        return "–".join(self.seats.name(s) for s in self.sides[side])
