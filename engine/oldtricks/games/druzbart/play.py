"""Drużbart's play of a trick, in Clock Druzbart too: which cards the player whose turn it is may play,
with the rule that allows just those (:func:`allowed`). The legal moves and the refusals ask it, and the
bots choose among its cards; the solver's bitmask mirror (``solver.Model.legal``) is tested against the
legal moves on random games. Which card of a trick holds it is the ranking's (:mod:`.ranking`).

>>> from oldtricks.core.game import evolve
>>> from oldtricks.core.cards import GERMAN_36 as P
>>> from oldtricks.games.druzbart.game import Druzbart
>>> game = Druzbart()
>>> state = evolve(game.new_state(seed=1), hands=(P.parse_many("OL 8H 9A"),) * 4, table=((3, P.parse("8A")),), turn=0)
>>> allowed(game.table, state)  # the Nine of Acorns alone heads the Eight led
Constraint(cards=(Card.parse('9A', 'german'),), rule='druzbart.head')
>>> len(allowed(game.table, evolve(state, table=())).cards)  # any card leads
3
"""

from __future__ import annotations

from ...core.moves import Constraint
from .state import DruzbartState
from .table import Table

__all__ = ["allowed"]


def allowed(table: Table, state: DruzbartState) -> Constraint:
    """druzbart.head: any card to lead, or when no card of the hand heads the trick; else only the cards
    that head it (above the card holding it, in the agreed ranking and its readings of the Seven and the
    Obers). None between deals, or once the game is over."""
    seat = state.turn
    if seat is None or state.dealing:
        return Constraint((), "druzbart.deal.rotation" if seat is not None else "druzbart.end")
    hand = state.hands[seat]
    if not state.table:
        return Constraint(hand, "druzbart.head")
    return Constraint(table.ranking.heading(hand, [c for _, c in state.table]) or hand, "druzbart.head")
