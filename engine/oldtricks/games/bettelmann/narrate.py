"""The English of Bettelmann and Tod und Leben: every sentence a reader sees in their frames.

Rule code returns facts (``facts.py``); this module is the one place that words them, so a sentence
can be reworded, or translated, without touching a rule.

>>> from oldtricks.cards import GERMAN_32
>>> from oldtricks.seats import Seats
>>> seats = Seats(("South", "North"), (None, None))
>>> event(Turned(1, GERMAN_32.parse("9H")), seats).text
'North turns up the Nine of Hearts.'
>>> ending(Capped(2000), seats)
'Stopped after the agreed 2000 tricks, with no Beggar.'
"""

from __future__ import annotations

from ...cards import Card
from ...model import Event
from ...seats import Seats
from .facts import Beggar, Capped, Captured, Ending, Endless, Fact, Split, Stranded, Tied, Took, Turned


def _rank(card: Card) -> str:
    """The rank's word: 'Unter' for the Unter of Leaves."""
    return card.name.split()[0]


def event(fact: Fact, seats: Seats) -> Event:
    """The event a frame shows for ``fact``; its data are the facts the results and panels read."""
    if type(fact) is Turned:  # the most frequent fact first, tested the quickest way
        name, card = seats.names[fact.seat], fact.card
        if fact.looked:
            text = f"{name} looks at the last {fact.looked} and chooses the {card.name}."
        else:
            text = f"{name} turns up the {card.name}."
        return Event("play", text, {"seat": fact.seat, "card": str(card)})
    match fact:
        case Took(seat, card, cards, tie_first):
            why = f"on equal {_rank(card)}s, having turned up first" if tie_first else f"with the {card.name}"
            return Event("trick", f"{seats.name(seat)} wins {why} and puts {cards} cards under the pile.", fact.record)
        case Tied(card, waiting):
            return Event(
                "tie",
                f"Equal ranks ({_rank(card)}s): the {waiting} cards stay on the table for whoever wins the next trick.",
                fact.record,
            )
        case Split(seat):
            text = f"{seats.name(seat)} has no card to go on with: everyone takes back the tied cards he played."
            return Event("split", text, None)
        case Turned():
            raise AssertionError("worded above")


def ending(fact: Ending, seats: Seats) -> str:
    """How the game ended, in words: the outcome's text, also shown as the last event."""
    match fact:
        case Beggar(losers, pending):
            tied = " while tied cards still lie on the table" if pending else ""
            return f"{seats.joined(losers)} ran out of cards{tied}: the Beggar, who loses."
        case Captured(winner, cards):
            return f"{seats.name(winner)} has captured all {cards} cards and wins."
        case Stranded(loser):
            return f"{seats.name(loser)} has no card left while tied cards lie on the table, and loses."
        case Capped(tricks):
            return f"Stopped after the agreed {tricks} tricks, with no Beggar."
        case Endless(tricks, cycle):
            return (
                f"The position after trick {tricks} is the one after trick {tricks - cycle}: with these"
                f" rules the game would repeat a cycle of {cycle} tricks for ever."
            )


def not_your_turn(seat: int, mover: int, seats: Seats) -> str:
    return f"it is {seats.name(seat)}'s turn, not {seats.name(mover)}'s"


def not_held(seat: int, card: Card | None, seats: Seats) -> str:
    return f"{seats.name(seat)} does not hold {card}"


def must_turn_top(seat: int, top: Card, seats: Seats) -> str:
    """The refusal of a chosen card when the player may not look (bettelmann.last-three)."""
    return (
        f"{seats.name(seat)} must turn up the top card of the pile ({top}); only with three cards or fewer"
        " may a player look and choose"
    )


# -- the view's words: marks, the centre, the info lines (placed by game.py's view) ----------------------
MARKS = {"dealer": "dealer", "info": "looks at the last cards", "beggar": "Beggar"}
WAITING = "tied cards waiting for the next winner"


def colour(life: bool) -> str:
    """Tod und Leben: the mark of the player's colour (todundleben.colours)."""
    return "Life (red)" if life else "Death (black)"


def equal_ranks(tie: str) -> str:
    """The info line for the tie rule in use."""
    return "wait for the next winner" if tie == "pierer" else "to the first player"


def info(tricks: int, tie: str) -> list[list[str]]:
    """The info lines beside the table: the tricks played and the tie rule in force."""
    return [["Tricks played", str(tricks)], ["Equal ranks", equal_ranks(tie)]]
