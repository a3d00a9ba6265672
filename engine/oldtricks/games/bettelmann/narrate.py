"""The English of Bettelmann and Tod und Leben: every sentence a reader sees in their frames.

Rule code returns facts (``facts.py``); this module is the one place that words them, so a sentence
can be reworded, or translated, without touching a rule.

>>> from oldtricks.core.cards import GERMAN_32
>>> from oldtricks.core.seats import Seats
>>> seats = Seats(("South", "North"), (None, None))
>>> event(Turned(1, GERMAN_32.parse("9H")), seats).text
'North turns up the Nine of Hearts.'
>>> ending(Capped(2000), seats)
'Stopped after the agreed 2000 tricks, with no Beggar.'
"""

from __future__ import annotations

from ...core.cards import RANK_NAMES, Card
from ...core.i18n import N_, _, ngettext, pgettext
from ...core.seats import Seats
from ...core.values import Event
from .facts import Beggar, Capped, Captured, Ending, Endless, Fact, Split, Stranded, Tied, Took, Turned


def _rank(card: Card) -> str:
    """The rank's word: 'Unter' for the Unter of Leaves."""
    return pgettext("rank", RANK_NAMES[card.pattern][card.rank])


def event(fact: Fact, seats: Seats) -> Event:
    """The event a frame shows for ``fact``; its data are the facts the results and panels read."""
    if type(fact) is Turned:  # the most frequent fact first, tested the quickest way
        name, card = seats.names[fact.seat], fact.card
        if fact.looked:
            text = _("{seat} looks at the last {count} and chooses the {card}.")
        else:
            text = _("{seat} turns up the {card}.")
        text = text.format(seat=name, count=fact.looked, card=card.name)
        return Event("play", text, {"seat": fact.seat, "card": str(card)})
    match fact:
        case Took(seat, card, cards, tie_first):
            why = _("on equal {rank}s, having turned up first") if tie_first else _("with the {card}")
            why = why.format(rank=_rank(card), card=card.name)
            text = _("{seat} wins {why} and puts {count} cards under the pile.")
            return Event("trick", text.format(seat=seats.name(seat), why=why, count=cards), fact.record)
        case Tied(card, waiting):
            text = _("Equal ranks ({rank}s): the {count} cards stay on the table for whoever wins the next trick.")
            return Event("tie", text.format(rank=_rank(card), count=waiting), fact.record)
        case Split(seat):
            text = _("{seat} has no card to go on with: everyone takes back the tied cards he played.")
            text = text.format(seat=seats.name(seat))
            return Event("split", text, None)
        case Turned():
            raise AssertionError("worded above")


def ending(fact: Ending, seats: Seats) -> str:
    """How the game ended, in words: the outcome's text, also shown as the last event."""
    match fact:
        case Beggar(losers, pending):
            if pending:
                text = _("{seats} ran out of cards while tied cards still lie on the table: the Beggar, who loses.")
            else:
                text = _("{seats} ran out of cards: the Beggar, who loses.")
            return text.format(seats=seats.joined(losers))
        case Captured(winner, cards):
            return _("{seat} has captured all {count} cards and wins.").format(seat=seats.name(winner), count=cards)
        case Stranded(loser):
            text = _("{seat} has no card left while tied cards lie on the table, and loses.")
            return text.format(seat=seats.name(loser))
        case Capped(tricks):
            text = ngettext(
                "Stopped after the agreed {count} trick, with no Beggar.",
                "Stopped after the agreed {count} tricks, with no Beggar.",
                tricks,
            )
            return text.format(count=tricks)
        case Endless(tricks, cycle):
            text = ngettext(
                "The position after trick {trick} is the one after trick {earlier}: with these"
                " rules the game would repeat a cycle of {cycle} trick for ever.",
                "The position after trick {trick} is the one after trick {earlier}: with these"
                " rules the game would repeat a cycle of {cycle} tricks for ever.",
                cycle,
            )
            return text.format(trick=tricks, earlier=tricks - cycle, cycle=cycle)


def game_over() -> str:
    return _("the game is over")


def not_your_turn(seat: int, mover: int, seats: Seats) -> str:
    return _("it is {seat}'s turn, not {mover}'s").format(seat=seats.name(seat), mover=seats.name(mover))


def not_held(seat: int, card: Card | None, seats: Seats) -> str:
    return _("{seat} does not hold {card}").format(seat=seats.name(seat), card=card)


def must_turn_top(seat: int, top: Card, seats: Seats) -> str:
    """The refusal of a chosen card when the player may not look (bettelmann.last-three)."""
    text = _(
        "{seat} must turn up the top card of the pile ({card}); only with three cards or fewer"
        " may a player look and choose"
    )
    return text.format(seat=seats.name(seat), card=top)


# -- the view's words: marks, the centre, the info lines (placed by game.py's view) ----------------------
MARKS = {"dealer": N_("dealer"), "info": N_("looks at the last cards"), "beggar": N_("Beggar")}
WAITING = N_("tied cards waiting for the next winner")


def colour(life: bool) -> str:
    """Tod und Leben: the mark of the player's colour (todundleben.colours)."""
    return _("Life (red)") if life else _("Death (black)")


def equal_ranks(tie: str) -> str:
    """The info line for the tie rule in use."""
    return _("wait for the next winner") if tie == "pierer" else _("to the first player")


def info(tricks: int, tie: str) -> list[list[str]]:
    """The info lines beside the table: the tricks played and the tie rule in force."""
    return [[_("Tricks played"), str(tricks)], [_("Equal ranks"), equal_ranks(tie)]]
