"""Penalty clips (drogue.penalty.causes): one put on at once, or an infraction nobody can see yet, hidden
until it comes out (drogue.penalty.causes.found-out). Every phase that can be broken reads these."""

from __future__ import annotations

from ...core.cards import Card
from ...core.game import evolve
from .facts import Cause, Penalty
from .state import DrogueState, Hidden


def penalize(state: DrogueState, seat: int, why: Cause) -> tuple[DrogueState, Penalty]:
    """drogue.penalty.causes: a penalty clip in the other colour."""
    session = state.session.change(seat, "penalty", 1, why)
    return evolve(state, session=session), Penalty(seat, why)


def hide(state: DrogueState, seat: int, why: Cause, card: Card | None = None) -> tuple[Hidden, ...]:
    """drogue.penalty.causes.found-out: an infraction that comes out at the end of the deal (``card``
    None) or when ``card`` is played."""
    return (*state.hidden, Hidden(seat, why, card))
