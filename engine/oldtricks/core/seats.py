"""Seats: who sits where, what each is called, and which side each plays for.

One value per game, built once from its names and teams, so that rule code and narration ask it
instead of the game object.

>>> seats = Seats(("Anna", "Ben", "Carla", "Dan"), (0, 1, 0, 1))
>>> seats.name(2), seats.after(3), seats.partner(1)
('Carla', 0, 3)
>>> seats.joined([0, 2])
'Anna and Carla'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import reduce

from .i18n import _


@dataclass(frozen=True, slots=True)
class Seats:
    """The seats of a table in playing order: ``names[i]`` sits at seat ``i``; ``teams[i]`` is its side
    (None where each plays for himself)."""

    names: tuple[str, ...]
    teams: tuple[int | None, ...]

    def __post_init__(self) -> None:
        if len(self.names) != len(self.teams):
            raise ValueError(f"{len(self.names)} names for {len(self.teams)} seats")

    def __len__(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        return self.names[seat]

    def after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places on in playing order (clockwise)."""
        return (seat + steps) % len(self.names)

    def partner(self, seat: int) -> int | None:
        """The other seat of the same team, if the seat has one partner."""
        team = self.teams[seat]
        mates = [s for s, t in enumerate(self.teams) if team is not None and t == team and s != seat]
        return mates[0] if len(mates) == 1 else None

    def joined(self, seats: Iterable[int]) -> str:
        """The names of ``seats`` joined with 'and'."""
        return reduce(lambda a, b: _("{first} and {second}").format(first=a, second=b), (self.names[s] for s in seats))
