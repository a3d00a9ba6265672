"""The duties between deals: the cut, the deal, and everything owed before the auction (the calls).

The cut, where wearers of penalty clips name Jacks (drogue.penalty.removal); the deal itself, a chance event
drawn from the generator state in the game state or from hands fixed in advance (drogue.deal.next); the
parade and "Aux armes!" (drogue.parade); the salute (drogue.penalty.causes.salute); a clipped player's demand
for a new deal (drogue.redeal); "Qui vive!" for named Jacks; the release by showing a Jack (drogue.release,
drogue.guerite); and asking for the floor in the silent game (drogue.silent, drogue.silent.calls).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Literal

from ...cards import FRENCH_32, Card
from ...model import Move, evolve
from ...prng import Rng
from .auction import Auction
from .facts import (
    AskedFloor,
    AuxArmes,
    Dealt,
    DemandedRedeal,
    Fact,
    ForgotCall,
    Granted,
    Guerite,
    Kept,
    NamedJacks,
    Penalty,
    QuiVive,
    Released,
    Saluted,
)
from .moves import DrogueMove, NameJacks, Plain, ShowJack, Spoken
from .state import DrogueState, Duty, Hands, Hidden
from .table import Table

NAMEABLE = FRENCH_32.parse_many("JC JS JH")  # drogue.penalty.removal: never J♦


def from_right(dealer: int) -> list[int]:
    """The seats in the order of play: the dealer's right-hand neighbour first, the dealer last."""
    return [(dealer - 1 - k) % 4 for k in range(4)]


def grantor(seat: int) -> int:
    """drogue.silent.calls: the player on the asker's right answers "Accordée"."""
    return (seat - 1) % 4


def needs_floor(table: Table, state: DrogueState, seat: int) -> bool:
    """Whether ``seat`` must ask for the floor before calling out: silent table, wearing a clip, after the parade."""
    return table.agreed.silent and state.session.wear[seat].clipped and not state.parade and state.floor != seat


def hide(state: DrogueState, seat: int, text: str, card: Card | None = None) -> tuple[Hidden, ...]:
    return (*state.hidden, Hidden(seat, text, card))


def penalize(state: DrogueState, seat: int, why: str) -> tuple[DrogueState, Penalty]:
    """drogue.penalty.causes: a penalty clip in the other colour."""
    session = state.session.change(seat, "penalty", 1, why)
    return evolve(state, session=session), Penalty(seat, why)


# -- dealing -------------------------------------------------------------------------------------------
def deal_cards(table: Table, state: DrogueState, dealer: int) -> tuple[DrogueState, Hands]:
    """The next hands: the next of the hands fixed in advance, else shuffled from the state's generator."""
    session = state.session
    later = state.deal.later
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


def start_next(table: Table, state: DrogueState) -> DrogueState:
    """After a played deal: the deal passes to the right (drogue.deal.next); the cut comes first."""
    dealer = (state.dealer - 1) % 4
    named = [Duty(s, "name") for s in from_right(dealer) if state.session.wear[s].owed]
    duties = (*named, Duty(dealer, "deal"))
    session = replace(state.session, named=())
    return evolve(state, session=session, dealer=dealer, phase="cut", duties=duties, turn=duties[0].seat)


def open_calls(table: Table, state: DrogueState, events: list[Fact]) -> tuple[DrogueState, list[Fact]]:
    """The cards are dealt: list what is owed before the auction, in the order it comes."""
    wear = state.session.wear
    dealer = state.dealer
    clipped = [s for s in range(4) if wear[s].clipped]
    duties: list[Duty] = []
    if clipped:  # drogue.parade.when
        # drogue.parade.caller: the dealer, or the first player to his right who wears no clip
        caller = next((s for s in (dealer, *from_right(dealer)) if not wear[s].clipped), dealer)
        duties.append(Duty(caller, "aux-armes"))
        if len(clipped) == 3:
            duties.append(Duty(next(s for s in range(4) if not wear[s].clipped), "salut"))
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
        if holder is not None and s % 2 != holder and wear[s].clips:
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
    return advance(table, state, events)


def advance(table: Table, state: DrogueState, events: list[Fact]) -> tuple[DrogueState, list[Fact]]:
    """Settle what needs no choice (a player with no Jack to show), then hand the turn on."""
    duties = state.duties
    while duties and duties[0].kind == "show" and not _showable(state, duties[0].seat):
        seat = duties[0].seat
        duties = duties[1:]
        session = replace(state.session, guerite=(*state.session.guerite, seat))
        state = evolve(state, session=session)
        events.append(Guerite(seat))  # drogue.guerite
    if duties:
        return evolve(state, duties=duties, phase="calls", turn=duties[0].seat), events
    auction = Auction.start(state.dealer)
    return evolve(state, duties=(), phase="auction", auction=auction, turn=auction.turn), events


def _showable(state: DrogueState, seat: int) -> tuple[Card, ...]:
    return tuple(c for c in NAMEABLE if c in state.hands[seat])


# -- moves ---------------------------------------------------------------------------------------------
def spoken(table: Table, state: DrogueState, seat: int, value: str) -> list[Move]:
    """A call out loud: made at once, or after asking for the floor; a lenient table offers forgetting it
    (and talking without the floor)."""
    if needs_floor(table, state, seat):
        moves = [Move(seat, "ask")]
        return (
            [*moves, Move(seat, "call", None, value), Move(seat, "forget", None, value)]
            if table.agreed.lenient
            else moves
        )
    moves = [Move(seat, "call", None, value)]
    return [*moves, Move(seat, "forget", None, value)] if table.agreed.lenient else moves


def legal(table: Table, state: DrogueState) -> list[Move]:
    if state.asking is not None:
        return [Move(grantor(state.asking), "grant")]
    duty = state.duties[0]
    seat = duty.seat
    if duty.kind == "name":
        owed = state.session.wear[seat].owed
        return [Move(seat, "name", None, " ".join(map(str, jacks))) for jacks in combinations(NAMEABLE, owed)]
    if duty.kind == "deal":
        return [Move(seat, "deal")]
    if duty.kind == "aux-armes":
        moves = [Move(seat, "call", None, "aux-armes")]
        return [*moves, Move(seat, "forget", None, "aux-armes")] if table.agreed.lenient else moves
    if duty.kind == "salut":
        moves = [Move(seat, "call", None, "salut")]
        return [*moves, Move(seat, "forget", None, "salut")] if table.agreed.lenient else moves
    if duty.kind == "redeal":
        return [Move(seat, "redeal"), Move(seat, "keep")]
    if duty.kind == "qui-vive":
        return spoken(table, state, seat, f"qui-vive {duty.card}")
    return [Move(seat, "show", None, str(c)) for c in _showable(state, seat)]


def floor(table: Table, state: DrogueState, move: Plain) -> tuple[DrogueState, list[Fact]]:
    """drogue.silent: "Je demande la parole", then "Accordée"."""
    if move.kind == "ask":
        return evolve(state, asking=move.seat, turn=grantor(move.seat)), [AskedFloor(move.seat)]
    asker = state.asking
    assert asker is not None
    return evolve(state, asking=None, floor=asker, turn=asker), [Granted(move.seat, asker)]


def apply(table: Table, state: DrogueState, move: DrogueMove) -> tuple[DrogueState, list[Fact]]:
    duty = state.duties[0]
    rest = state.duties[1:]
    events: list[Fact] = []
    spoken = isinstance(move, Spoken) and not move.forgotten
    if spoken and needs_floor(table, state, move.seat):  # lenient table: talking without the floor
        state, penalty = penalize(state, move.seat, "calling out in the silent game without the floor")
        events.append(penalty)
    state = evolve(state, duties=rest, floor=None)
    if duty.kind == "name":
        assert isinstance(move, NameJacks)
        jacks = move.jacks
        session = replace(state.session, named=(*state.session.named, *((move.seat, j) for j in jacks)))
        cutter = (state.dealer + 1) % 4  # drogue.penalty.removal.cutter: the dealer's left-hand neighbour
        named = NamedJacks(move.seat, cutter, state.dealer, jacks)
        return evolve(state, session=session, turn=rest[0].seat), [named]
    if duty.kind == "deal":
        return deal(table, state, move)
    if duty.kind == "redeal":
        if isinstance(move, Plain) and move.kind == "keep":
            events.append(Kept(move.seat))
            return advance(table, state, events)
        events.append(DemandedRedeal(move.seat))
        duties = (Duty(state.dealer, "deal"),)
        return evolve(state, phase="cut", duties=duties, turn=state.dealer, hidden=()), events
    if duty.kind == "show":
        assert isinstance(move, ShowJack)
        jack = move.jack
        wears = state.session.wear[move.seat].clips
        # drogue.release.all: every ordinary clip comes off; drogue.release.one: one per Jack shown
        n = wears if table.agreed.release == "all" else 1
        session = state.session.change(move.seat, "clips", -n, f"showed {jack.symbol}")
        events.append(Released(move.seat, jack, n, wears - n))
        return advance(table, evolve(state, session=session), events)
    if isinstance(move, Spoken) and move.forgotten:
        state, forgot = _forget(state, duty)
        events.extend(forgot)
        return advance(table, state, events)
    if duty.kind == "aux-armes":
        events.append(AuxArmes(move.seat, table.agreed.silent))
        return advance(table, state, events)
    if duty.kind == "salut":
        events.append(Saluted(move.seat))
        return advance(table, state, events)
    state, event = qui_vive(state, move.seat, duty.card)
    events.append(event)
    return advance(table, state, events)


def _forget(state: DrogueState, duty: Duty) -> tuple[DrogueState, list[Fact]]:
    """Lenient table: a call let go by (drogue.penalty.causes): the salute costs a clip at once, a
    "Qui vive!" shows when its Jack is played, "Aux armes!" costs nothing."""
    if duty.kind == "aux-armes":
        return state, [ForgotCall(duty.seat, "aux-armes")]
    if duty.kind == "salut":
        state, penalty = penalize(state, duty.seat, "not saluting the three clipped players")
        return state, [ForgotCall(duty.seat, "salut"), penalty]
    assert duty.card is not None
    hidden = hide(state, duty.seat, f'not calling "Qui vive!" for the named {duty.card.symbol}', duty.card)
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
    session = state.session.change(seat, kind, -1, f"named {card.symbol} and held it")
    return evolve(state, session=session), QuiVive(seat, card, namers, kind)


def deal(table: Table, state: DrogueState, move: DrogueMove) -> tuple[DrogueState, list[Fact]]:
    """The dealer deals: a new deal after a played one, or again after a demand (drogue.redeal)."""
    session = state.session
    again = not state.tricks
    if not again:  # a played deal lies behind: the next one is counted
        session = replace(
            session, deal_number=session.deal_number + 1, tricks_before=session.tricks_before + len(state.tricks)
        )
    state = evolve(state, session=session, redeals=0 if state.tricks else state.redeals)
    state, hands = deal_cards(table, state, state.dealer)
    events: list[Fact] = [Dealt(state.dealer, again, state.session.deal_number, hands)]
    return open_calls(table, state, events)
