"""Drogue's double-dummy table of a deal, as bridge readers know it: for each suit as trump, the card points
(of 120, drogue.points) each side takes with best play by all, every hand known, the first trick led as the
rules say (drogue.deal.first-lead); the maker changes only which side is "the makers". Each cell is one search
of the game's solver (:mod:`.solver`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...analysis.search import Position
from ...core.cards import SUIT_NAMES, Card
from ...core.ddtable import DealTable
from ...core.i18n import _, pgettext
from ...errors import AnalysisError
from .shape import SEATS, TEAMS, TRICKS
from .solver import SUITS, TOTAL, model_of, searcher
from .state import DrogueState

if TYPE_CHECKING:
    from ...analysis.slices import Slices

GameLike = Any  # the game module imports this one (on first use): see .solver


@dataclass(frozen=True, slots=True)
class Table:
    """For one deal: the points each side takes with best play, for each suit as trump; ``leader`` leads
    whoever makes (drogue.deal.first-lead), so a maker changes only which side is "the makers"."""

    dealer: int
    leader: int
    points: dict[str, tuple[int, int]]  # trump suit -> (seats 0 and 2, seats 1 and 3)

    def for_maker(self, seat: int, trump: str) -> int:
        """The points the side of ``seat`` takes if ``seat`` makes ``trump``."""
        return self.points[trump][TEAMS[seat]]

    def grid(self, names: Sequence[str]) -> DealTable:
        """The table in words, as every game's is shown: a row per trump suit, a column per seat as maker."""
        return DealTable(
            measure=_(
                "Card points (of 120) the maker's side takes with best play by all, every hand known,"
                " {seat} leading the first trick"
            ).format(seat=names[self.leader]),
            corner=_("Trump"),
            rows=tuple(pgettext("French suit", SUIT_NAMES["french"][t]) for t in self.points),
            columns=tuple(_("{seat} makes").format(seat=names[s]) for s in range(SEATS)),
            cells=tuple(tuple(self.for_maker(s, t) for s in range(SEATS)) for t in self.points),
            row_keys=tuple(self.points),
            column_keys=tuple(str(s) for s in range(SEATS)),
            numbers=self.as_json(),
        )

    def as_json(self) -> dict[str, object]:
        return {
            "dealer": self.dealer,
            "leader": self.leader,
            "trumps": {t: list(p) for t, p in self.points.items()},
            "makers": {str(seat): {t: self.for_maker(seat, t) for t in self.points} for seat in range(SEATS)},
        }


def deal_hands(state: DrogueState) -> tuple[tuple[Card, ...], ...]:
    """The hands of the deal in play as dealt: the cards held, with those already played given back."""
    hands = [list(h) for h in state.hands]
    for record in state.tricks:
        for seat, card in record.cards:
            hands[seat].append(card)
    for seat, card in state.trick:
        hands[seat].append(card)
    return tuple(tuple(h) for h in hands)


def table(game: GameLike, state: DrogueState, trumps: str = SUITS, slices: Slices | None = None) -> Table:
    """The double-dummy table of the deal in play: for each suit of ``trumps`` as trump, the points of
    each side (``slices``: the searches kept for a table worked out a slice at a time,
    :mod:`oldtricks.analysis.slices`). Raises :class:`AnalysisError` when the cards of the deal are not all
    known yet."""
    hands = deal_hands(state)
    if any(len(h) != TRICKS for h in hands):
        raise AnalysisError("Drogue: the double-dummy table needs the eight cards of each hand dealt")
    leader = (state.dealer - 1) % SEATS  # drogue.deal.first-lead
    points = {}
    for trump in trumps:
        model = model_of(game, trump)
        pos = Position(tuple(model.mask(h) for h in hands), (), leader, ())
        diff = searcher(model, 0, slices).value(pos)
        ours = (TOTAL + diff) // 2
        points[trump] = (ours, TOTAL - ours)
    return Table(state.dealer, leader, points)
