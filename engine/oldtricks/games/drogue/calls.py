"""The calls: everything owed between the deal and the auction, and the floor in the silent game.

The cards are dealt; then come the parade and "Aux armes!" (drogue.parade), the salute
(drogue.penalty.causes.salute), a clipped player's demand for a new deal (drogue.redeal), "Qui vive!" for
named Jacks (drogue.penalty.removal), the release by showing a Jack (drogue.release, drogue.guerite), and,
in the silent game, asking for the floor (drogue.silent, drogue.silent.calls).

Its one constraint, :func:`allowed`, gives the seat who owes the next call, the moves that discharge it,
the rule that asks it and what a lenient table charges for each move; legal moves, the refusal, the
penalties and the bots all read it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ...core.cards import Card
from ...core.game import evolve
from ...core.moves import Move
from .auction import Auction
from .facts import (
    AskedFloor,
    AuxArmes,
    Cause,
    DemandedRedeal,
    Fact,
    ForgotCall,
    Granted,
    Guerite,
    Kept,
    QuiVive,
    Released,
    Saluted,
)
from .penalties import hide, penalize
from .ranking import NAMEABLE
from .shape import SEATS, TEAMS, from_right
from .state import DrogueState, Duty, DutyKind
from .table import Table

# What a lenient table charges at once (drogue.penalty.causes, drogue.penalty.causes.salute)
NO_FLOOR = Cause("no-floor")
NO_SALUTE = Cause("no-salute")

# The rule that asks each duty: a refusal while it is owed cites it
DUTY_RULES: dict[DutyKind, str] = {
    "name": "drogue.penalty.removal",
    "deal": "drogue.deal.next",
    "aux-armes": "drogue.parade",
    "salut": "drogue.penalty.causes.salute",
    "redeal": "drogue.redeal",
    "qui-vive": "drogue.penalty.removal",
    "show": "drogue.release",
}


@dataclass(frozen=True, slots=True)
class DutyConstraint:
    """The one constraint of the cut or the calls: ``seat`` owes ``duty`` (``grant``: he answers a request
    for the floor), asked by ``rule``; ``moves`` discharge it. ``floor``: he must ask for the floor before
    calling out (drogue.silent.calls); ``lenient``: a lenient table, which offers forgetting a call and
    talking without the floor, at a price (:meth:`cost`)."""

    seat: int
    duty: DutyKind | Literal["grant"]
    rule: str
    moves: tuple[Move, ...]
    floor: bool = False
    lenient: bool = False

    def refusal_rule(self, move: Move) -> str:
        """The rule a refusal of ``move`` (not among :attr:`moves`) cites: forgetting a call at a strict
        table breaks drogue.penalty.causes.strict, asking for or granting the floor nobody needs
        drogue.silent, a call out loud before the floor is granted drogue.silent.calls, anything else the
        duty's own rule."""
        if move.kind == "forget" and not self.lenient:
            return "drogue.penalty.causes.strict"
        if move.kind in ("ask", "grant") and self.duty != "grant":
            return "drogue.silent"
        if self.floor and move.kind == "call":
            return "drogue.silent.calls"
        return self.rule

    def cost(self, move: Move) -> Cause | None:
        """What a lenient table charges at once for ``move`` (None: nothing, or nothing yet)."""
        if self.floor and move.kind == "call":
            return NO_FLOOR  # drogue.silent.calls: talking without the floor
        if self.duty == "salut" and move.kind == "forget":
            return NO_SALUTE  # drogue.penalty.causes.salute
        return None

    def keeps_the_rules(self, move: Move) -> bool:
        """Whether ``move`` is what a careful player does: no call forgotten, none made without the floor."""
        return move.kind != "forget" and self.cost(move) is None


def grantor(seat: int) -> int:
    """drogue.silent.calls: the player on the asker's right answers "Accordée"."""
    return (seat - 1) % SEATS


def needs_floor(table: Table, state: DrogueState, seat: int) -> bool:
    """Whether ``seat`` must ask for the floor before calling out: silent table, wearing a clip, after the parade."""
    return table.agreed.silent and state.session.wear[seat].clipped and not state.parade and state.floor != seat


def spoken(table: Table, state: DrogueState, seat: int, word: str, jack: Card | None = None) -> list[Move]:
    """A call out loud, ``word`` (for a named ``jack``: "Qui vive!"): made at once, or after asking for the
    floor; a lenient table offers forgetting it (and talking without the floor)."""
    jacks = () if jack is None else (jack,)
    call, forget = Move(seat, "call", word=word, cards=jacks), Move(seat, "forget", word=word, cards=jacks)
    if needs_floor(table, state, seat):
        return [Move(seat, "ask"), call, forget] if table.agreed.lenient else [Move(seat, "ask")]
    return [call, forget] if table.agreed.lenient else [call]


def showable(state: DrogueState, seat: int) -> tuple[Card, ...]:
    """The Jacks ``seat`` could show to be released: any but J♦ (drogue.release, drogue.guerite)."""
    return tuple(c for c in NAMEABLE if c in state.hands[seat])


def allowed(table: Table, state: DrogueState) -> DutyConstraint:
    """Who owes the next call and the moves that make it (or the answer to a request for the floor)."""
    lenient = table.agreed.lenient
    if state.asking is not None:  # drogue.silent: "Accordée" comes before anything else
        seat = grantor(state.asking)
        return DutyConstraint(seat, "grant", "drogue.silent", (Move(seat, "grant"),), lenient=lenient)
    duty = state.duties[0]
    seat, kind = duty.seat, duty.kind
    floor = False
    if kind in ("aux-armes", "salut"):
        moves = (Move(seat, "call", word=kind), *((Move(seat, "forget", word=kind),) if lenient else ()))
    elif kind == "redeal":
        moves = (Move(seat, "redeal"), Move(seat, "keep"))
    elif kind == "qui-vive":
        floor = needs_floor(table, state, seat)
        moves = tuple(spoken(table, state, seat, "qui-vive", duty.card))
    else:
        assert kind == "show", kind
        moves = tuple(Move(seat, "show", cards=(c,)) for c in showable(state, seat))
    return DutyConstraint(seat, kind, DUTY_RULES[kind], moves, floor, lenient)


# -- the transitions -------------------------------------------------------------------------------------
def parade_caller(reading: str, dealer: int, clipped: list[bool]) -> int:
    """Who calls "Aux armes!": the dealer unless he wears a clip; then the next player to his right
    (drogue.parade), or, as the option, the first player to his right without one (drogue.parade.caller).

    >>> parade_caller("next", 0, [True, True, False, True]), parade_caller("unclipped", 0, [True, True, False, True])
    (3, 2)
    >>> parade_caller("unclipped", 0, [True] * 4)
    0
    """
    if not clipped[dealer]:
        return dealer
    if reading == "next":
        return from_right(dealer)[0]
    return next((s for s in from_right(dealer) if not clipped[s]), dealer)


def open_calls(table: Table, state: DrogueState, facts: list[Fact]) -> tuple[DrogueState, list[Fact]]:
    """The cards are dealt: list what is owed before the auction, in the order it comes."""
    wear = state.session.wear
    dealer = state.dealer
    clipped = [s for s in range(SEATS) if wear[s].clipped]
    duties: list[Duty] = []
    if clipped:  # drogue.parade.when
        caller = parade_caller(table.agreed.caller, dealer, [wear[s].clipped for s in range(SEATS)])
        duties.append(Duty(caller, "aux-armes"))
        if len(clipped) == 3:
            duties.append(Duty(next(s for s in range(SEATS) if not wear[s].clipped), "salut"))
    for s in from_right(dealer):
        if wear[s].clipped and not any(c.rank in "KQ" for c in state.hands[s]):
            duties.append(Duty(s, "redeal"))  # drogue.redeal
    named = {card for _, card in state.session.named}
    for s in from_right(dealer):
        for card in NAMEABLE:
            if card in named and card in state.hands[s]:
                duties.append(Duty(s, "qui-vive", card))  # drogue.penalty.removal
    holder = state.session.holder
    for s in from_right(dealer):
        if holder is not None and TEAMS[s] != holder and wear[s].clips:
            duties.append(Duty(s, "show"))  # drogue.release
    state = evolve(
        state,
        auction=Auction.start(dealer),
        duties=tuple(duties),
        session=replace(state.session, guerite=()),
        asking=None,
        floor=None,
        trick=(),
        tricks=(),
        trump=None,
        maker=None,
        proof=None,
        hidden=(),
    )
    return settle(state, facts)


def settle(state: DrogueState, facts: list[Fact]) -> tuple[DrogueState, list[Fact]]:
    """Settle what needs no choice (a player with no Jack to show), then hand the turn on."""
    duties = state.duties
    while duties and duties[0].kind == "show" and not showable(state, duties[0].seat):
        seat = duties[0].seat
        duties = duties[1:]
        session = replace(state.session, guerite=(*state.session.guerite, seat))
        state = evolve(state, session=session)
        facts.append(Guerite(seat))  # drogue.guerite
    if duties:
        return evolve(state, duties=duties, phase="calls", turn=duties[0].seat), facts
    auction = Auction.start(state.dealer)
    return evolve(state, duties=(), phase="auction", auction=auction, turn=auction.turn), facts


def floor(state: DrogueState, move: Move) -> tuple[DrogueState, list[Fact]]:
    """drogue.silent: "Je demande la parole", then "Accordée"."""
    if move.kind == "ask":
        return evolve(state, asking=move.seat, turn=grantor(move.seat)), [AskedFloor(move.seat)]
    asker = state.asking
    assert asker is not None
    return evolve(state, asking=None, floor=asker, turn=asker), [Granted(move.seat, asker)]


def apply(table: Table, state: DrogueState, move: Move) -> tuple[DrogueState, list[Fact]]:
    """Make the call owed (or forget it, at a lenient table), as the constraint allows it."""
    rules = allowed(table, state)
    duty = state.duties[0]
    facts: list[Fact] = []
    cost = rules.cost(move)
    if cost == NO_FLOOR:  # lenient table: talking without the floor
        state, penalty = penalize(state, move.seat, cost)
        facts.append(penalty)
    state = evolve(state, duties=state.duties[1:], floor=None)
    if duty.kind == "redeal":
        if move.kind == "keep":
            facts.append(Kept(move.seat))
            return settle(state, facts)
        facts.append(DemandedRedeal(move.seat))
        duties = (Duty(state.dealer, "deal"),)  # the dealer deals again: back to the cut
        return evolve(state, phase="cut", duties=duties, turn=state.dealer, hidden=()), facts
    if duty.kind == "show":
        assert move.kind == "show", move
        assert len(move.cards) == 1, move
        jack = move.cards[0]
        wears = state.session.wear[move.seat].clips
        # drogue.release.all: every ordinary clip comes off; drogue.release.one: one per Jack shown
        n = wears if table.agreed.release == "all" else 1
        session = state.session.change(move.seat, "clips", -n, Cause("showed", jack))
        facts.append(Released(move.seat, jack, n, wears - n))
        return settle(evolve(state, session=session), facts)
    if move.kind == "forget":
        state, forgot = _forget(state, duty, cost)
        facts.extend(forgot)
        return settle(state, facts)
    if duty.kind == "aux-armes":
        facts.append(AuxArmes(move.seat, table.agreed.silent))
        return settle(state, facts)
    if duty.kind == "salut":
        facts.append(Saluted(move.seat))
        return settle(state, facts)
    state, called = qui_vive(state, move.seat, duty.card)
    facts.append(called)
    return settle(state, facts)


def _forget(state: DrogueState, duty: Duty, cost: Cause | None) -> tuple[DrogueState, list[Fact]]:
    """Lenient table: a call let go by (drogue.penalty.causes): the salute costs a clip at once (``cost``),
    a "Qui vive!" shows when its Jack is played, "Aux armes!" costs nothing."""
    if duty.kind == "aux-armes":
        return state, [ForgotCall(duty.seat, "aux-armes")]
    if duty.kind == "salut":
        assert cost is not None
        state, penalty = penalize(state, duty.seat, cost)
        return state, [ForgotCall(duty.seat, "salut"), penalty]
    assert duty.card is not None
    hidden = hide(state, duty.seat, Cause("qui-vive-unsaid", duty.card), duty.card)
    return evolve(state, hidden=hidden), [ForgotCall(duty.seat, "qui-vive", duty.card)]


def qui_vive(state: DrogueState, seat: int, card: Card | None) -> tuple[DrogueState, QuiVive]:
    """drogue.penalty.removal: the holder calls; in the namer's own hand the Jack takes a penalty clip off."""
    assert card is not None
    namers = tuple(s for s, c in state.session.named if c == card)
    if seat not in namers:
        return state, QuiVive(seat, card, namers, None)
    wear = state.session.wear[seat]
    # drogue.black-nose.removal: a penalty clip first, the nose last
    kind: Literal["penalty", "black-nose"] = "penalty" if wear.penalty else "black-nose"
    session = state.session.change(seat, kind, -1, Cause("named-and-held", card))
    return evolve(state, session=session), QuiVive(seat, card, namers, kind)
