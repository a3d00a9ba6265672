"""Bettelmann's one phase, the play: which cards the player whose turn it is may turn up, with the rule
that allows just those (:func:`allowed`). The legal moves, the refusals, the forced play-outs and the
bots ask it; the game plays the card (:mod:`.game`).

>>> from oldtricks.games.bettelmann.game import Bettelmann
>>> game = Bettelmann()
>>> state = game.new_state(seed=1)
>>> allowed(game.table, state)
Constraint(cards=(Card.parse('8B', 'german'),), rule='bettelmann.last-three')
>>> allowed(game.table, state).cards == (state.piles[state.turn][0],)
True
"""

from __future__ import annotations

from ...core.moves import Constraint
from .state import BettelmannState
from .table import Table

__all__ = ["allowed"]

OVER = Constraint((), "bettelmann.end")


def allowed(table: Table, state: BettelmannState) -> Constraint:
    """The cards the player to move may turn up: any of his last cards once he looks at them
    (bettelmann.last-three), else the top card of his pile (the rule that holds him to it is the
    looking option's); none once the game is over (bettelmann.end)."""
    seat = state.turn
    if seat is None:
        return OVER
    pile = state.piles[seat]
    if table.looks(pile):
        return Constraint(pile, "bettelmann.last-three")
    return Constraint(pile[:1], table.top_rule)
