"""The position of a Drużbart or Clock Druzbart game: one deal in play, and the slate across deals.

>>> from oldtricks.games.druzbart import Druzbart
>>> state = Druzbart().new_state(seed=2)
>>> state.number, state.tricks_played, len(state.played())
(1, 0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Card
from ...core.values import Deal, Outcome

Play = tuple[int, Card]


@dataclass(frozen=True, slots=True)
class DealScore:
    """What one finished deal did to the slate, per side (a team, or a player in Clock Druzbart)."""

    number: int
    dealer: int
    tricks: tuple[int, ...]
    erased: tuple[int, ...]
    chalked: tuple[int, ...]
    lines: tuple[int, ...]


@dataclass(frozen=True)
class DruzbartState:
    """One position. ``dealing`` is set between deals, when the next dealer must deal (a chance move).
    Without ``__slots__``, so that a move copies it with :func:`~oldtricks.core.game.evolve`.

    Per-side tuples have one entry per team (Drużbart) or per player (Clock Druzbart).
    ``rng`` is the state of the generator that shuffles the later deals, so a game replays exactly.
    """

    deal: Deal
    number: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Play, ...]
    leader: int
    turn: int | None
    tricks: tuple[int, ...]
    keepers: tuple[int | None, ...]
    lines: tuple[int, ...]
    chalked: tuple[int, ...]
    history: tuple[DealScore, ...]
    rng: int
    last: tuple[Play, ...] = ()
    last_winner: int | None = None
    dealing: bool = False
    result: Outcome | None = None

    @property
    def tricks_played(self) -> int:
        return sum(self.tricks)

    def played(self) -> set[Card]:
        """Cards already played in this deal (public knowledge)."""
        dealt = {c for hand in self.deal.hands for c in hand}
        held = {c for hand in self.hands for c in hand}
        return dealt - held
