"""The drogue across deals: who takes it, the vilenies, the release, and the end of the evening.

After each deal (when the option ``deals`` is more than one) the side without the drogue must make 41
(drogue.threshold); the first game only asks who made fewer (drogue.first-game). Vilenies either make a
free side take the drogue at once (drogue.vilenie.clip-free) or recharge the side that wears it
(drogue.vilenie.recharger). Players stuck in the guérite may be rengagé (drogue.rengage).
"""

from __future__ import annotations

from dataclasses import replace

from ...cards import Card
from ...model import Event, Outcome, evolve
from . import duties
from .narrate import clips_word
from .state import DealRecord, DrogueState, Session, TrickRecord
from .table import Table, team_name

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
    won = [t for t in state.tricks if t.winner % 2 == side]
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
def reveal(table: Table, state: DrogueState, card: Card, events: list[Event]) -> DrogueState:
    """drogue.penalty.causes.found-out: a forgotten "Qui vive!" comes out when that Jack is played."""
    for hidden in [h for h in state.hidden if h.card == card]:
        state = evolve(state, hidden=tuple(h for h in state.hidden if h is not hidden))
        state, event = duties.penalize(table, state, hidden.seat, hidden.text)
        events.append(event)
    return state


def after_trick(table: Table, state: DrogueState, record: TrickRecord, events: list[Event]) -> DrogueState:
    """The black nose (drogue.black-nose) and the buttonhole clip coming off (drogue.vilenie.defigure.off)."""
    names = table.seats(state).names
    session = state.session
    maker, trump = state.maker, state.trump
    lost = [s for s, c in record.cards if c.rank == "A" and c.suit == trump and s == maker]
    if lost and maker is not None and record.winner != maker and not session.wear[maker].black_nose:
        session = session.change(maker, "black-nose", 1, "lost the trump Ace")
        who = names[record.winner] + (", the partner" if record.winner % 2 == maker % 2 else "")
        text = f"{names[maker]} made trump and has lost the trump Ace to {who}: a black mark on the nose."
        events.append(Event("black-nose", text, {"seat": maker}))
    winner = record.winner
    if session.wear[winner].buttonhole and any(c.rank in "KQ" for _, c in record.cards):
        session = session.change(winner, "buttonhole", -1, "won a trick with a King or Queen")
        text = f"{names[winner]} wins a trick with a King or Queen in it: one buttonhole clip comes off."
        events.append(Event("buttonhole", text, {"seat": winner}))
    return evolve(state, session=session)


# -- after the deal ------------------------------------------------------------------------------------
def finish(table: Table, state: DrogueState, events: list[Event]) -> DrogueState:
    """Score a played deal for the session; then the next cut, or the end of the evening."""
    for hidden in state.hidden:  # drogue.penalty.causes.found-out: the cards are turned over
        state, event = duties.penalize(table, state, hidden.seat, hidden.text + ", found out after the deal")
        events.append(event)
    state = evolve(state, hidden=())
    session = state.session
    points = state.side_points()
    if session.holder is None:
        session = _first_game(table, state, session, points, events)
    else:
        session = _later_game(table, state, session, points, events)
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
        events.append(Event("end", outcome.text, None))
        return evolve(state, phase="over", turn=None, result=outcome)
    return duties.start_next(table, state)


def _take(table: Table, state: DrogueState, session: Session, side: int, why: str) -> Session:
    for seat in (side, side + 2):
        session = session.change(seat, "clips", 1, why)
    return replace(session, holder=side)


def _first_game(
    table: Table, state: DrogueState, session: Session, points: tuple[int, int], events: list[Event]
) -> Session:
    score = f"{team_name(table.seats(state), 0)} {points[0]}, {team_name(table.seats(state), 1)} {points[1]}"
    if table.agreed.first_game == "vilenies":
        # drogue.first-game.vilenies.count: both sides are free of clips, so a vilenie hands over the drogue at
        # once; only when both sides or neither commit one do the points decide
        shames = [vilenies(state, side, True, table.agreed.capot_counts == "alone") for side in (0, 1)]
        if bool(shames[0]) != bool(shames[1]):
            side = 0 if shames[0] else 1
            why = " and ".join(shames[side])
            session = _take(table, state, session, side, shames[side][0])
            text = (
                f"{score}. {team_name(table.seats(state), side)} are {why}: a side free of clips with a vilenie takes"
                " the drogue at once, one clip each, whatever the points."
            )
            events.append(Event("drogue", text, {"side": side, "vilenies": shames[side]}))
            return session
    if points[0] == points[1]:
        # drogue.first-game.tie
        text = f"{score}: sixty all. Nobody takes a clip; the next deal is the first game again."
        events.append(Event("drogue", text))
        return session
    loser = 0 if points[0] < points[1] else 1
    session = _take(table, state, session, loser, "lost the first game")
    text = f"{score}. {team_name(table.seats(state), loser)} made fewer and take the drogue: one clip each."
    events.append(Event("drogue", text, {"side": loser}))
    return session


def _later_game(
    table: Table, state: DrogueState, session: Session, points: tuple[int, int], events: list[Event]
) -> Session:
    names = table.seats(state).names
    holder = session.holder
    assert holder is not None
    free = 1 - holder
    for seat in session.guerite:  # drogue.rengage: still in the guérite, and the side made fewer than 31
        if points[seat % 2] < RENGAGE_BELOW:
            text = f"{names[seat]}'s side made only {points[seat % 2]}: {names[seat]} is rengagé and "
            if table.agreed.rengage == "extra":
                session = session.change(seat, "clips", 1, "rengagé")
                text += "takes one more clip."
            else:
                text += "keeps the clip, nothing more."
            events.append(Event("rengage", text, {"seat": seat}))
    for vilenie in vilenies(state, holder, False, table.agreed.capot_counts == "alone"):  # drogue.vilenie.recharger
        n = table.agreed.capot if vilenie == "capot" else 1
        kind = "buttonhole" if vilenie == "défiguré" else "clips"
        for seat in (holder, holder + 2):
            session = session.change(seat, kind, n, vilenie)
        where = " at the buttonhole" if kind == "buttonhole" else ""
        text = f"{team_name(table.seats(state), holder)} are {vilenie}: recharger, {clips_word(n)} more each{where}."
        events.append(Event("vilenie", text, {"side": holder, "vilenie": vilenie}))
    side = team_name(table.seats(state), free)
    shame = vilenies(state, free, True, table.agreed.capot_counts == "alone")
    if points[free] >= THRESHOLD and not shame:
        text = f"{side} made {points[free]}, at least {THRESHOLD}: the drogue stays with"
        text += f" {team_name(table.seats(state), holder)}."
        events.append(Event("drogue", text, {"side": holder}))
        return session
    if shame:  # drogue.vilenie.clip-free (courte-queue among them)
        why = " and ".join(shame)
        text = f"{side} are free of the drogue but {why} ({points[free]} points): they take the drogue at once."
    else:
        text = f"{side} made only {points[free]}, fewer than {THRESHOLD}: they take the drogue."
    session = _take(table, state, session, free, shame[0] if shame else f"made {points[free]}")
    text += f" {team_name(table.seats(state), holder)} will show a Jack from their new hands to be released."
    events.append(Event("drogue", text, {"side": free, "vilenies": shame}))
    return session


def end(table: Table, state: DrogueState) -> Outcome:
    """drogue.end: after the agreed deals the side wearing fewer clips wins (drogue.end.count)."""
    wear = state.session.wear
    totals = [wear[s].total + wear[s + 2].total for s in (0, 1)]
    deals = state.session.deal_number
    score = (
        f"After {deals} deals {team_name(table.seats(state), 0)} wear {clips_word(totals[0])},"
        f" {team_name(table.seats(state), 1)} {clips_word(totals[1])}"
    )
    if totals[0] == totals[1]:
        return Outcome("draw", (), (), f"{score}: a draw.")
    win = 0 if totals[0] < totals[1] else 1
    return Outcome("win", (win, win + 2), (1 - win, 3 - win), f"{score}: {team_name(table.seats(state), win)} win.")
