"""Between two deals: the deal passes to the right, the cut, where wearers of penalty clips name Jacks
(drogue.penalty.removal), and the deal itself, a chance event drawn from the generator state in the game
state or from hands fixed in advance (drogue.deal.next); the same dealer deals again after a demand
(drogue.redeal) or four passes (drogue.bid.all-pass).

Its one constraint, :func:`allowed`, gives the seat to act, the moves he may make and the rule that asks
them; legal moves, the refusal and the bots read it.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from ...core.game import evolve
from ...core.moves import Move
from ...core.prng import Rng
from ...core.values import Outcome
from . import calls, narrate_session
from .calls import DUTY_RULES, DutyConstraint
from .facts import CapReached, Dealt, Fact, NamedJacks, Over
from .ranking import NAMEABLE
from .shape import SEATS, TRICKS, from_right
from .state import DrogueState, Duty, Hands
from .table import Table


def allowed(table: Table, state: DrogueState) -> DutyConstraint:
    """Who acts at the cut, and how: a wearer of penalty clips names as many Jacks as he owes, never J♦
    (drogue.penalty.removal), then the dealer deals (drogue.deal.next)."""
    duty = state.duties[0]
    seat = duty.seat
    if duty.kind == "name":
        owed = state.session.wear[seat].owed
        moves = tuple(Move(seat, "name", cards=jacks) for jacks in combinations(NAMEABLE, owed))
    else:
        assert duty.kind == "deal", duty
        moves = (Move(seat, "deal"),)
    return DutyConstraint(seat, duty.kind, DUTY_RULES[duty.kind], moves, lenient=table.agreed.lenient)


def owed(table: Table, state: DrogueState) -> DutyConstraint:
    """The constraint in force before the auction: the cut's, or the calls' and the floor's
    (:func:`.calls.allowed`), which the calls module gives since it also answers for the floor in the
    auction."""
    if state.phase == "cut":
        return allowed(table, state)
    return calls.allowed(table, state)


def at_cap(table: Table, state: DrogueState) -> bool:
    """drogue.cap: the cards were dealt as many times as the cap allows, so no deal is dealt again.
    Four passes (drogue.bid.all-pass) and demands for a new deal (drogue.redeal) may recur without
    bound, and an evening lasts its agreed deals only when they are played to the end: the cap is the
    last resort that makes every game end."""
    return state.session.dealings >= table.agreed.deal_cap


def stop_at_cap(table: Table, state: DrogueState, facts: list[Fact]) -> DrogueState:
    """The game stops, undecided, where the next dealing would pass the cap (drogue.cap)."""
    session = state.session
    played = session.deal_number - (0 if len(state.tricks) == TRICKS else 1)  # this deal played out or not
    text = narrate_session.ending(CapReached(session.dealings, played), table.seats(state))
    outcome = Outcome("capped", (), (), text)
    facts.append(Over(outcome))
    return evolve(state, phase="over", turn=None, result=outcome, duties=(), hidden=())


def start_next(table: Table, state: DrogueState) -> DrogueState:
    """After a played deal: the deal passes to the right (drogue.deal.next); the cut comes first."""
    dealer = (state.dealer - 1) % SEATS
    named = [Duty(s, "name") for s in from_right(dealer) if state.session.wear[s].owed]
    duties = (*named, Duty(dealer, "deal"))
    session = replace(state.session, named=())
    return evolve(state, session=session, dealer=dealer, phase="cut", duties=duties, turn=duties[0].seat)


def deal_cards(table: Table, state: DrogueState, dealer: int) -> tuple[DrogueState, Hands]:
    """The next hands: the next of the hands fixed in advance, else shuffled from the state's generator."""
    session = state.session
    later = state.deal.later
    session = replace(session, dealings=session.dealings + 1)
    if session.dealt < len(later):
        hands = later[session.dealt]
        session = replace(session, dealt=session.dealt + 1)
        rng_state = state.rng
    else:
        rng = Rng(state.rng)
        order = list(table.pack.cards)
        rng.shuffle(order)
        hands, _ = table.deal_order(order, dealer)
        rng_state = rng.state
    return evolve(state, session=session, dealer=dealer, hands=hands, rng=rng_state), hands


def apply(table: Table, state: DrogueState, move: Move) -> tuple[DrogueState, list[Fact]]:
    """Name Jacks at the cut (``name JC JS``), or deal."""
    duty = state.duties[0]
    rest = state.duties[1:]
    state = evolve(state, duties=rest, floor=None)
    if duty.kind == "deal":
        return deal(table, state)
    assert move.kind == "name", move
    jacks = move.cards
    session = replace(state.session, named=(*state.session.named, *((move.seat, j) for j in jacks)))
    cutter = (state.dealer + 1) % SEATS  # drogue.penalty.removal.cutter: the dealer's left-hand neighbour
    named = NamedJacks(move.seat, cutter, state.dealer, jacks)
    return evolve(state, session=session, turn=rest[0].seat), [named]


def deal(table: Table, state: DrogueState) -> tuple[DrogueState, list[Fact]]:
    """The dealer deals: a new deal after a played one, or again after a demand (drogue.redeal)."""
    if at_cap(table, state):  # drogue.cap (a demanded redeal: after a played deal session.finish asks)
        facts: list[Fact] = []
        return stop_at_cap(table, state, facts), facts
    session = state.session
    again = not state.tricks
    if not again:  # a played deal lies behind: the next one is counted
        session = replace(
            session, deal_number=session.deal_number + 1, tricks_before=session.tricks_before + len(state.tricks)
        )
    state = evolve(state, session=session, redeals=0 if state.tricks else state.redeals)
    state, hands = deal_cards(table, state, state.dealer)
    return calls.open_calls(table, state, [Dealt(state.dealer, again, state.session.deal_number, hands)])
