"""The drogue across deals: who takes it, the vilenies, the release, and the end of the evening.

After each deal (when the option ``deals`` is more than one) the side without the drogue must make 41
(drogue.threshold); the first game only asks who made fewer (drogue.first-game). Vilenies either make a
free side take the drogue at once (drogue.vilenie.clip-free) or recharge the side that wears it
(drogue.vilenie.recharger). Players stuck in the guérite may be rengagé (drogue.rengage).
"""

from __future__ import annotations

from dataclasses import replace

from ...core.cards import Card
from ...core.game import evolve
from ...core.values import Outcome
from . import cut, narrate_session
from .facts import (
    BlackNose,
    ButtonholeOff,
    Cause,
    DrogueStays,
    DrogueTaken,
    EveningScore,
    Fact,
    FirstGameLost,
    FirstGameShamed,
    FirstGameTied,
    Over,
    Rengage,
    Vilenie,
)
from .penalties import penalize
from .shape import TEAMS
from .state import DealRecord, DrogueState, Session, TrickRecord
from .table import Table

THRESHOLD = 41  # drogue.threshold
COURTE_QUEUE = 40  # drogue.vilenie.courte-queue
RENGAGE_BELOW = 31  # drogue.rengage
VILENIE_RULES = {
    "débrisqué": "drogue.vilenie.debrisque",
    "défiguré": "drogue.vilenie.defigure",
    "capot": "drogue.vilenie.capot",
    "courte-queue": "drogue.vilenie.courte-queue",
}


def vilenies(state: DrogueState, side: int, free: bool, capot_alone: bool = True) -> list[str]:
    """The side's vilenies in this deal, in the order the booklet lists them."""
    won = [t for t in state.tricks if TEAMS[t.winner] == side]
    if not won:
        if capot_alone:
            return ["capot"]  # drogue.vilenie.capot.alone: not also débrisqué and défiguré
        return ["débrisqué", "défiguré", "capot"]  # drogue.vilenie.capot.also: no trick holds no card either
    cards = [c for t in won for _, c in t.cards]
    out = []
    if not any(c.rank in "AT" for c in cards):
        out.append("débrisqué")
    if not any(c.rank in "KQ" for c in cards):
        out.append("défiguré")
    if free and state.side_points()[side] == COURTE_QUEUE:
        out.append("courte-queue")
    return out


# -- during the play -----------------------------------------------------------------------------------
def reveal(state: DrogueState, card: Card, facts: list[Fact]) -> DrogueState:
    """drogue.penalty.causes.found-out: a forgotten "Qui vive!" comes out when that Jack is played."""
    for hidden in [h for h in state.hidden if h.card == card]:
        state = evolve(state, hidden=tuple(h for h in state.hidden if h is not hidden))
        state, penalty = penalize(state, hidden.seat, hidden.why)
        facts.append(penalty)
    return state


def after_trick(state: DrogueState, record: TrickRecord, facts: list[Fact]) -> DrogueState:
    """The black nose (drogue.black-nose) and the buttonhole clip coming off (drogue.vilenie.defigure.off)."""
    session = state.session
    maker, trump = state.maker, state.trump
    lost = [s for s, c in record.cards if c.rank == "A" and c.suit == trump and s == maker]
    if lost and maker is not None and record.winner != maker and not session.wear[maker].black_nose:
        session = session.change(maker, "black-nose", 1, Cause("trump-ace-lost"))  # drogue.black-nose
        facts.append(BlackNose(maker, record.winner, TEAMS[record.winner] == TEAMS[maker]))
    winner = record.winner
    if session.wear[winner].buttonhole and any(c.rank in "KQ" for _, c in record.cards):
        session = session.change(winner, "buttonhole", -1, Cause("buttonhole-off"))
        facts.append(ButtonholeOff(winner))
    return evolve(state, session=session)


# -- after the deal ------------------------------------------------------------------------------------
def finish(table: Table, state: DrogueState, facts: list[Fact]) -> DrogueState:
    """Score a played deal for the session; then the next cut, or the end of the evening."""
    for hidden in state.hidden:  # drogue.penalty.causes.found-out: the cards are turned over
        state, penalty = penalize(state, hidden.seat, hidden.why.when_found_out())
        facts.append(penalty)
    state = evolve(state, hidden=())
    session = state.session
    points = state.side_points()
    if session.holder is None:
        session = _first_game(table, state, session, points, facts)
    else:
        session = _later_game(table, state, session, points, facts)
    standing = state.auction.standing
    record = DealRecord(
        session.deal_number,
        state.dealer,
        state.maker,
        state.trump,
        standing.count if standing is not None else None,
        points,
        session.changes,
    )
    session = replace(session, results=(*session.results, record), changes=())
    state = evolve(state, session=session)
    if session.deal_number >= table.agreed.deals:
        outcome = end(table, state)
        facts.append(Over(outcome))
        return evolve(state, phase="over", turn=None, result=outcome)
    if cut.at_cap(table, state):  # drogue.cap: no next deal
        return cut.stop_at_cap(table, state, facts)
    return cut.start_next(table, state)


def _take(session: Session, side: int, why: Cause) -> Session:
    for seat in (side, side + 2):
        session = session.change(seat, "clips", 1, why)
    return replace(session, holder=side)


def _first_game(
    table: Table, state: DrogueState, session: Session, points: tuple[int, int], facts: list[Fact]
) -> Session:
    if table.agreed.first_game == "vilenies":
        # drogue.first-game.vilenies.count: both sides are free of clips, so a vilenie hands over the drogue at
        # once; only when both sides or neither commit one do the points decide
        shames = [vilenies(state, side, True, table.agreed.capot_counts == "alone") for side in (0, 1)]
        if bool(shames[0]) != bool(shames[1]):
            side = 0 if shames[0] else 1
            session = _take(session, side, Cause("vilenie", vilenie=shames[side][0]))
            facts.append(FirstGameShamed(points, side, tuple(shames[side])))
            return session
    if points[0] == points[1]:
        facts.append(FirstGameTied(points))  # drogue.first-game.tie
        return session
    loser = 0 if points[0] < points[1] else 1
    session = _take(session, loser, Cause("first-game-lost"))
    facts.append(FirstGameLost(points, loser))
    return session


def _later_game(
    table: Table, state: DrogueState, session: Session, points: tuple[int, int], facts: list[Fact]
) -> Session:
    holder = session.holder
    assert holder is not None
    free = 1 - holder
    for seat in session.guerite:  # drogue.rengage: still in the guérite, and the side made fewer than 31
        if points[TEAMS[seat]] < RENGAGE_BELOW:
            extra = table.agreed.rengage == "extra"
            if extra:
                session = session.change(seat, "clips", 1, Cause("rengage"))
            facts.append(Rengage(seat, points[TEAMS[seat]], extra))
    for vilenie in vilenies(state, holder, False, table.agreed.capot_counts == "alone"):  # drogue.vilenie.recharger
        n = table.agreed.capot if vilenie == "capot" else 1
        kind = "buttonhole" if vilenie == "défiguré" else "clips"
        for seat in (holder, holder + 2):
            session = session.change(seat, kind, n, Cause("vilenie", vilenie=vilenie))
        facts.append(Vilenie(holder, vilenie, n, kind == "buttonhole"))
    shame = vilenies(state, free, True, table.agreed.capot_counts == "alone")
    if points[free] >= THRESHOLD and not shame:
        facts.append(DrogueStays(free, points[free], THRESHOLD, holder))
        return session
    # drogue.vilenie.clip-free (courte-queue among them), or fewer than the threshold
    why = Cause("vilenie", vilenie=shame[0]) if shame else Cause("made-too-few", count=points[free])
    session = _take(session, free, why)
    facts.append(DrogueTaken(free, points[free], THRESHOLD, holder, tuple(shame)))
    return session


def end(table: Table, state: DrogueState) -> Outcome:
    """drogue.end: after the agreed deals the side wearing fewer clips wins (drogue.end.count)."""
    wear = state.session.wear
    totals = (wear[0].total + wear[2].total, wear[1].total + wear[3].total)
    deals = state.session.deal_number
    seats = table.seats(state)
    if totals[0] == totals[1]:
        return Outcome("draw", (), (), narrate_session.ending(EveningScore(deals, totals, None), seats))
    win = 0 if totals[0] < totals[1] else 1
    text = narrate_session.ending(EveningScore(deals, totals, win), seats)
    return Outcome("win", (win, win + 2), (1 - win, 3 - win), text)
