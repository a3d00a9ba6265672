"""A lenient table (option ``table = lenient``): infractions are played, caught, and cost a penalty clip.

:func:`accept` takes a move that is not legal and either plays it as an infraction with its penalty
(drogue.penalty.causes, drogue.penalty.causes.lenient) or returns None, when the move is impossible even at
the most careless table (a card one does not hold, a bid of eight). The forgotten calls are offered among
the legal moves instead (``forget …``), since a call is something one can simply not say.
"""

from __future__ import annotations

from ...core.game import evolve
from ...core.moves import Move
from . import bidding, playing
from .auction import AuctionCall
from .facts import Cause, Fact, OutOfTurn
from .penalties import penalize
from .state import DrogueState, Hidden
from .table import Table


def accept(table: Table, state: DrogueState, move: Move) -> tuple[DrogueState, list[Fact]] | None:
    """Play ``move`` as an infraction with its penalty, or None when it cannot be played at all."""
    if state.phase == "play":
        return _card(table, state, move)
    if state.phase == "auction" and move.seat == state.turn and state.asking is None:
        return _auction(table, state, move)
    return None


def _card(table: Table, state: DrogueState, move: Move) -> tuple[DrogueState, list[Fact]] | None:
    card = move.card
    if card is None or card not in state.hands[move.seat]:
        return None
    turn = state.turn
    if move.kind == "lead":
        if state.trick or turn is None or move.seat == turn:
            return None
        # drogue.penalty.causes.out-of-turn: the card goes back; the right player leads
        state, penalty = penalize(state, move.seat, Cause("out-of-turn", card))
        return state, [OutOfTurn(move.seat, card, turn), penalty]
    if move.kind != "play" or move.seat != state.turn:
        return None
    why = playing.allowed(table, state, move.seat).infraction(card)
    punished, penalty = penalize(state, move.seat, why)
    after, facts = playing.play_card(table, punished, move.seat, card)
    return after, [facts[0], penalty, *facts[1:]]


def _auction(table: Table, state: DrogueState, move: Move) -> tuple[DrogueState, list[Fact]] | None:
    """A bid or pass the auction's constraint forbids, played anyway with what it hides (bidding.allowed)."""
    seat = move.seat
    count = move.count
    passing = move.kind == "pass" and count is None
    if not passing and not (move.kind == "bid" and count is not None and count >= 0):
        return None  # no call of the auction
    rules = bidding.allowed(table, state, seat)
    verdict = rules.passing if count is None else rules.bid(count)
    if verdict.causes is None:
        return None  # not a bid at all, or one the table would refuse on sight
    auction = state.auction
    if rules.pending:
        auction = auction.with_call(AuctionCall(seat, "forget"))
    hidden = state.hidden
    for why in verdict.causes:  # drogue.penalty.causes.found-out: it shows when the cards are turned over
        hidden = (*hidden, Hidden(seat, why, None))
    return bidding.speak(table, evolve(state, auction=auction, hidden=hidden), move)
