"""Playing a card: the trick, its winner, and what follows a trick and a deal.

The four-Jacks variant (drogue.variant.four-jacks.run) narrows the legal cards here too.
"""

from __future__ import annotations

from dataclasses import replace

from ...cards import Card
from ...model import Event, Move, Outcome
from . import calls, session
from .ranking import points, suit_of, trick_power
from .state import DrogueState, TrickRecord
from .table import TRICKS, Table, team_name
from .tricks import allowed, best_play


def jack_run(table: Table, state: DrogueState, seat: int, card: Card) -> bool:
    """drogue.variant.four-jacks.run: would ``card`` be the fourth Jack one side plays in consecutive tricks?"""
    if table.agreed.four_jacks != "no-run" or card.rank != "J":
        return False
    now = len(state.tricks)
    played = [(i, s) for i, t in enumerate(state.tricks) for s, c in t.cards if c.rank == "J"]
    played += [(now, s) for s, c in state.trick if c.rank == "J"]
    if len(played) != 3 or any(s % 2 != seat % 2 for _, s in played):
        return False
    tricks = sorted({i for i, _ in played} | {now})
    return tricks == list(range(tricks[0], tricks[-1] + 1))


def legal_cards(table: Table, state: DrogueState, seat: int) -> tuple[Card, ...]:
    assert state.trump is not None
    cards = allowed(
        state.hands[seat], [c for _, c in state.trick], state.trump, table.agreed.order, table.agreed.overtrump
    ).cards
    free = tuple(c for c in cards if not jack_run(table, state, seat, c))
    return free or cards  # the Jack is his only legal card: he must play it, and it costs nothing


def play_card(table: Table, state: DrogueState, move: Move) -> tuple[DrogueState, list[Event]]:
    seat, card = move.seat, move.card
    assert card is not None
    assert state.trump is not None
    names = table.seats(state).names
    trick = (*state.trick, (seat, card))
    hand = tuple(c for c in state.hands[seat] if c != card)
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    text = f"{names[seat]} {how(table, state.trick, card, state.trump)} {card.symbol}."
    events = [Event("play", text, {"seat": seat, "card": str(card)})]
    state = session.reveal(table, state, card, events)
    trump = state.trump
    assert trump is not None
    if len(trick) < 4:
        return replace(state, hands=hands, trick=trick, turn=(seat - 1) % 4), events
    winner, best = best_play(trick, trump, table.agreed.order)  # drogue.play.win
    pts = points(c for _, c in trick)  # drogue.points
    record = TrickRecord(len(state.tricks) + 1, trick[0][0], trick, winner, pts)
    tricks = (*state.tricks, record)
    side = team_name(table.seats(state), winner % 2)
    data = {
        "trick": state.session.tricks_before + record.number,
        "leader": record.leader,
        "cards": [[s, str(c)] for s, c in trick],
        "winner": winner,
        "points": pts,
    }
    if table.agreed.evening:
        data["deal"] = state.session.deal_number
    events.append(
        Event("trick", f"{names[winner]} wins trick {record.number} with {best.symbol}: {pts} points to {side}.", data)
    )
    state = replace(state, hands=hands, trick=(), tricks=tricks, turn=winner)  # the winner leads next
    if table.agreed.evening:
        state = session.after_trick(table, state, record, events)
    if len(tricks) < TRICKS:
        return state, events
    if table.agreed.evening:
        return session.finish(table, state, events), events
    for hidden in state.hidden:  # a single deal: what was hidden still comes out when the cards are seen
        state, event = calls.penalize(table, state, hidden.seat, hidden.text + ", found out after the deal")
        events.append(event)
    outcome = result(table, state)
    events.append(Event("end", outcome.text, None))
    return replace(state, phase="over", turn=None, result=outcome, hidden=()), events


def how(table: Table, played: tuple[tuple[int, Card], ...], card: Card, trump: str) -> str:
    """What playing ``card`` to ``played`` does, in words."""
    if not played:
        return "leads"
    led = suit_of(played[0][1], trump)
    _, best = best_play(played, trump, table.agreed.order)
    beats = trick_power(card, led, trump, table.agreed.order) > trick_power(best, led, trump, table.agreed.order)
    suit = suit_of(card, trump)
    if suit == led:
        return "beats with" if beats else "follows with"
    if suit != trump:
        return "can neither follow nor trump, and throws"
    if suit_of(best, trump) != trump:
        return "trumps with"
    return "over-trumps with" if beats else "under-trumps with"


def result(table: Table, state: DrogueState) -> Outcome:
    """drogue.points.result: more card points wins the deal; 60 all is a draw."""
    ours, theirs = state.side_points()
    a, b = team_name(table.seats(state), 0), team_name(table.seats(state), 1)
    score = f"{a} {ours}, {b} {theirs}"
    if ours == theirs:
        return Outcome("draw", (), (), f"{score}: a draw, 60 all.")
    win = 0 if ours > theirs else 1
    return Outcome(
        "win",
        (win, win + 2),
        (1 - win, 3 - win),
        f"{score}: {team_name(table.seats(state), win)} win the deal.",
    )
