"""The English of Drogue's frames: every sentence a reader sees for what happens at the table.

Rule code returns facts (``facts.py``); this module is the one place that words them, with the data the
panels and the trick record read, so a sentence can be reworded, or translated, without touching a rule.
The session's words (clips, the drogue, the outcome) and those every text shares are in
``narrate_session.py``, the refusals in ``narrate_refusals.py``.

>>> from oldtricks.core.cards import FRENCH_32
>>> from oldtricks.core.seats import Seats
>>> seats = Seats(("South", "West", "North", "East"), (0, 1, 0, 1))
>>> event(Played(1, FRENCH_32.parse("JC"), "trumps"), seats).text
'West trumps with J♣.'
>>> event(Spoke(0, "bid", 3, 31), seats).text
'South bids three.'
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.cards import Card
from ...core.i18n import N_, Words, _, ngettext
from ...core.seats import Seats
from ...core.values import Event
from . import signs
from .facts import (
    AllPassed,
    AskedFloor,
    AuctionWon,
    AuxArmes,
    Dealt,
    DemandedRedeal,
    Fact,
    ForgotCall,
    ForgotFour,
    Granted,
    Guerite,
    Hands,
    Kept,
    NamedJacks,
    OutOfTurn,
    Over,
    Penalty,
    Played,
    QuiVive,
    Released,
    Saluted,
    Spoke,
    TrickWon,
    TrumpNamed,
)
from .narrate_session import NUMBERS, QUI_VIVE_TEXT, cause, clips_word, session_event, team_name
from .ranking import SUIT_WORDS
from .shape import TEAMS

AUX_ARMES, SALUT = "Aux armes!", "Salut à mes honorables factionnaires!"
HOW = Words(
    {
        "leads": N_("{seat} leads {card}."),
        "beats": N_("{seat} beats with {card}."),
        "follows": N_("{seat} follows with {card}."),
        "throws": N_("{seat} can neither follow nor trump, and throws {card}."),
        "trumps": N_("{seat} trumps with {card}."),
        "over-trumps": N_("{seat} over-trumps with {card}."),
        "under-trumps": N_("{seat} under-trumps with {card}."),
    }
)


def _hands(hands: Hands) -> list[list[str]]:
    return [[str(c) for c in h] for h in hands]


def _symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def event(fact: Fact, seats: Seats) -> Event:
    """The event a frame shows for ``fact``; its data are the facts the results and panels read."""
    names = seats.names
    if type(fact) is Played:  # the most frequent facts first, tested the quickest way
        text = HOW[fact.how].format(seat=names[fact.seat], card=fact.card.symbol)
        return Event("play", text, {"seat": fact.seat, "card": str(fact.card)})
    if type(fact) is TrickWon:
        data = {
            "trick": fact.counted,
            "leader": fact.leader,
            "cards": [[s, str(c)] for s, c in fact.cards],
            "winner": fact.winner,
            "points": fact.points,
        }
        if fact.deal is not None:
            data["deal"] = fact.deal
        side = team_name(seats, TEAMS[fact.winner])
        text = _("{seat} wins trick {number} with {card}: {points} points to {side}.").format(
            seat=names[fact.winner], number=fact.number, card=fact.best.symbol, points=fact.points, side=side
        )
        return Event("trick", text, data)
    match fact:
        case Spoke():
            return _spoke(fact, names)
        case _:
            return _between(fact, seats)


def _spoke(fact: Spoke, names: tuple[str, ...]) -> Event:
    name = names[fact.seat]
    if fact.call == "call":
        text = _('{seat} calls "{call}": only three of the four Jacks may be shown.').format(
            seat=name, call=QUI_VIVE_TEXT
        )
    elif fact.call == "pass":
        text = _("{seat} passes.") if not fact.signed else _("{seat} passes by sign: {sign}.")
        text = text.format(seat=name, sign=_(signs.PASS_SIGN))
    else:
        text = _bid(fact, names)
        if fact.signed:
            text += " " + _("(By signs: {sign}.)").format(sign=signs.bid_sign(fact.count))
    return Event(fact.call, text, {"seat": fact.seat, "call": fact.call, "count": fact.count, "value": fact.value})


def _bid(fact: Spoke, names: tuple[str, ...]) -> str:
    name, count, value = names[fact.seat], NUMBERS[fact.count], fact.value
    if fact.rival is None:
        return _("{seat} bids {count}.").format(seat=name, count=count)
    # drogue.bid.tie-points / drogue.bid.tie-earlier: equal counts are settled on card values
    other, theirs = names[fact.rival], fact.rival_value
    if value > theirs:
        text = _(
            "{seat} also bids {count}, worth {value} in card values against {other}'s {theirs}:"
            " now {seat}'s bid stands."
        )
    elif value == theirs:
        text = _("{seat} also bids {count}, worth the same {value} in card values: {other}'s earlier bid stands.")
    else:
        text = _(
            "{seat} also bids {count}, worth only {value} in card values against {other}'s {theirs}:"
            " {other}'s bid stands."
        )
    return text.format(seat=name, count=count, value=value, other=other, theirs=theirs)


def _between(fact: Fact, seats: Seats) -> Event:
    """The events of everything but the cards and the bids: a penalty, the auction's end, trump, a lead out
    of turn, the end; the cut, the calls and the session in :func:`_cut_and_calls`."""
    names = seats.names
    match fact:
        case Penalty(seat, reason):
            why = cause(reason)
            text = _("{seat} takes a penalty clip for {why}.").format(seat=names[seat], why=why)
            return Event("penalty", text, {"seat": seat, "why": why})
        case AuctionWon(seat, count):
            text = _("The auction is over: {seat}'s {count} stands. {seat} shows the cards and names trump.")
            return Event("auction", text.format(seat=names[seat], count=NUMBERS[count]), {"seat": seat, "count": count})
        case ForgotFour(seat):
            text = _("{seat} says nothing of the four Mandrins. Nobody can tell yet.").format(seat=names[seat])
            return Event("forget", text, {"seat": seat})
        case AllPassed(dealer, moved, hands):
            if moved:
                text = _("All four passed: the deal goes on to the right, and {seat} deals.")
            else:
                text = _("All four passed: {seat} gathers the cards and deals again.")
            return Event("redeal", text.format(seat=names[dealer]), {"dealer": dealer, "hands": _hands(hands)})
        case TrumpNamed(seat, suit, proof, signed, leader):
            made = _("makes {suit} trump").format(suit=SUIT_WORDS[suit])
            if signed:
                made = _("makes trump by signs ({sign})").format(
                    sign=signs.trump_sign(suit, any(c.rank == "A" for c in proof))
                )
            text = _(
                "{seat} shows {cards} and {made}: {seat} has made the cards. {leader}, on the dealer's right, leads."
            )
            text = text.format(seat=names[seat], cards=_symbols(proof), made=made, leader=names[leader])
            return Event("trump", text, {"seat": seat, "trump": suit, "proof": [str(c) for c in proof]})
        case OutOfTurn(seat, card, turn):
            text = _("{seat} leads {card}, but it is {turn}'s lead. The card goes back.")
            text = text.format(seat=names[seat], card=card.symbol, turn=names[turn])
            return Event("out-of-turn", text, {"seat": seat, "card": str(card)})
        case Over(outcome):
            return Event("end", outcome.text, None)
        case _:
            return _cut_and_calls(fact, seats)


def _cut_and_calls(fact: Fact, seats: Seats) -> Event:
    """The events of the cut and the calls (``cut.py``, ``calls.py``); else the session's."""
    names = seats.names
    match fact:
        case NamedJacks(seat, cutter, dealer, jacks):
            if seat == cutter:  # drogue.penalty.removal: a cutter who wears a mark is asked by the dealer
                text = _(
                    "{cutter} cuts, wearing a penalty mark, so the dealer {dealer} asks {seat} for a Jack to name:"
                    " {seat} names {cards}."
                )
            else:
                text = _("{cutter} cuts and asks {seat} for a Jack to name: {seat} names {cards}.")
            text = text.format(cutter=names[cutter], dealer=names[dealer], seat=names[seat], cards=_symbols(jacks))
            return Event("name", text, {"seat": seat})
        case Dealt(dealer, again, number, hands):
            text = _("{seat} deals again.") if again else _("{seat} deals deal {number}.")
            text = text.format(seat=names[dealer], number=number)
            return Event("deal", text, {"dealer": dealer, "hands": _hands(hands)})
        case AuxArmes(seat, silent):
            if silent:
                text = _('{seat} calls "{call}" and "Silence!": every clip goes back on.')
            else:
                text = _('{seat} calls "{call}": every clip goes back on.')
            return Event("aux-armes", text.format(seat=names[seat], call=AUX_ARMES), {"seat": seat})
        case Saluted(seat):
            text = _('{seat}, the only one without a clip: "{call}"').format(seat=names[seat], call=SALUT)
            return Event("salut", text, {"seat": seat})
        case ForgotCall(seat, call, card):
            return Event("forget", _forgot(names[seat], call, card), {"seat": seat})
        case QuiVive():
            return _qui_vive(fact, names)
        case DemandedRedeal(seat):
            text = _("{seat} wears a clip and holds no King or Queen, and demands a new deal.").format(seat=names[seat])
            return Event("redeal", text, {"seat": seat})
        case Kept(seat):
            return Event("keep", _("{seat} keeps the cards.").format(seat=names[seat]), {"seat": seat})
        case Released(seat, jack, off, left):
            return Event("release", _released(names[seat], jack, off, left), {"seat": seat})
        case Guerite(seat):
            text = _("{seat} has no Jack other than J♦ to show, and so keeps the clip: cané dans la guérite.")
            return Event("guerite", text.format(seat=names[seat]), {"seat": seat})
        case AskedFloor(seat):
            text = _('{seat}, wearing a clip, may not speak: "Je demande la parole."').format(seat=names[seat])
            return Event("ask", text, {"seat": seat})
        case Granted(seat, asker):
            text = _('{seat}: "Accordée." {asker} may speak.').format(seat=names[seat], asker=names[asker])
            return Event("grant", text, {"seat": asker})
        case _:
            return session_event(fact, seats)


def _released(name: str, jack: Card, off: int, left: int) -> str:
    if left:
        text = ngettext(
            "{seat} shows {card} from the new hand and takes off one clip; {clips} stays on until a new hand shows"
            " another Jack.",
            "{seat} shows {card} from the new hand and takes off one clip; {clips} stay on until a new hand shows"
            " another Jack.",
            left,
        )
        return text.format(seat=name, card=jack.symbol, clips=clips_word(left))
    text = _("{seat} shows {card} from the new hand and takes off {clips}: released.")
    return text.format(seat=name, card=jack.symbol, clips=clips_word(off))


def _forgot(name: str, call: str, card: Card | None) -> str:
    if call == "aux-armes":
        text = _('{seat} forgets to call "{call}". The booklet names no penalty; the clips go back on all the same.')
        return text.format(seat=name, call=AUX_ARMES)
    if call == "salut":
        return _("{seat} forgets the salute.").format(seat=name)
    assert card is not None
    return _("{seat} keeps quiet about {card}. It will show when it is played.").format(seat=name, card=card.symbol)


def _qui_vive(fact: QuiVive, names: tuple[str, ...]) -> Event:
    seat, card = fact.seat, fact.card
    others = _(" and ").join(names[s] for s in fact.namers if s != seat)
    if fact.off is None:
        text = _('{seat}: "Qui vive!" for {card}, named by {others}: in another hand it frees nobody.')
    elif fact.off == "penalty" and others:
        text = _(
            '{seat}: "Qui vive!" for {card}. {seat} named it and holds it: a penalty clip comes off.'
            " {others} named it too, but one Jack frees only one player."
        )
    elif fact.off == "penalty":
        text = _('{seat}: "Qui vive!" for {card}. {seat} named it and holds it: a penalty clip comes off.')
    elif others:
        text = _(
            '{seat}: "Qui vive!" for {card}. {seat} named it and holds it: the black nose is washed off.'
            " {others} named it too, but one Jack frees only one player."
        )
    else:
        text = _('{seat}: "Qui vive!" for {card}. {seat} named it and holds it: the black nose is washed off.')
    text = text.format(seat=names[seat], card=card.symbol, others=others)
    return Event("qui-vive", text, {"seat": seat, "card": str(card)})
