"""The English of Drogue's frames: every sentence a reader sees for what happens at the table.

Rule code returns facts (``facts.py``); this module is the one place that words them, with the data the
panels and the trick record read, so a sentence can be reworded, or translated, without touching a rule.

>>> from oldtricks.cards import FRENCH_32
>>> from oldtricks.seats import Seats
>>> seats = Seats(("South", "West", "North", "East"), (0, 1, 0, 1))
>>> event(Played(1, FRENCH_32.parse("JC"), "trumps"), seats).text
'West trumps with J♣.'
>>> event(Spoke(0, "bid", 3, 31), seats).text
'South bids three.'
>>> clips_word(0), clips_word(1), clips_word(3)
('no clips', 'one clip', 'three clips')
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card
from ...model import Event
from ...seats import Seats
from . import signs
from .facts import (
    AllPassed,
    AskedFloor,
    AuctionWon,
    AuxArmes,
    BlackNose,
    ButtonholeOff,
    CapReached,
    Cause,
    DealScore,
    Dealt,
    DemandedRedeal,
    DrogueStays,
    DrogueTaken,
    Ending,
    EveningScore,
    Fact,
    FirstGameLost,
    FirstGameShamed,
    FirstGameTied,
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
    Points,
    QuiVive,
    Released,
    Rengage,
    Saluted,
    Spoke,
    TrickWon,
    TrumpNamed,
    Vilenie,
)
from .ranking import SUIT_WORDS
from .words import NUMBERS, QUI_VIVE_TEXT

AUX_ARMES, SALUT = "Aux armes!", "Salut à mes honorables factionnaires!"
HOW = {
    "leads": "leads",
    "beats": "beats with",
    "follows": "follows with",
    "throws": "can neither follow nor trump, and throws",
    "trumps": "trumps with",
    "over-trumps": "over-trumps with",
    "under-trumps": "under-trumps with",
}


# What a lenient table charges for a card the rules forbid, by the rule that narrowed the hand
REVOKES = {
    "drogue.play.follow": "not following suit (and beating) when able",
    "drogue.play.follow.trumped": "not following suit when able",
    "drogue.play.trump": "not trumping when able",
    "drogue.play.overtrump": "not over-trumping when able",
}
CAUSES = {
    "bid-without-jack": "bidding without a Jack",
    "four-unsaid": f'holding all four Mandrins without calling "{QUI_VIVE_TEXT}"',
    "jack-run": "the fourth Jack of one side in consecutive tricks",
    "no-floor": "calling out in the silent game without the floor",
    "no-salute": "not saluting the three clipped players",
    "trump-ace-lost": "lost the trump Ace",
    "buttonhole-off": "won a trick with a King or Queen",
    "rengage": "rengagé",
    "first-game-lost": "lost the first game",
}


def cause(why: Cause) -> str:
    """Why a clip went on or came off, in words: a penalty's cause, or a line of the clips' history.

    >>> from oldtricks.cards import FRENCH_32
    >>> cause(Cause("revoke", rule="drogue.play.trump")), cause(Cause("showed", FRENCH_32.parse("JS")))
    ('not trumping when able', 'showed J♠')
    >>> cause(Cause("bid-not-held", count=5).when_found_out())
    'bidding 5 cards without holding them, found out after the deal'
    """
    card = why.card.symbol if why.card is not None else ""
    match why.kind:
        case "bid-not-held":
            text = f"bidding {why.count} cards without holding them"
        case "revoke":
            text = REVOKES.get(why.rule, "breaking the rules of play")
        case "out-of-turn":
            text = f"leading {card} out of turn"
        case "qui-vive-unsaid":
            text = f'not calling "Qui vive!" for the named {card}'
        case "showed":
            text = f"showed {card}"
        case "named-and-held":
            text = f"named {card} and held it"
        case "vilenie":
            text = why.vilenie
        case "made-too-few":
            text = f"made {why.count}"
        case _:
            text = CAUSES[why.kind]
    return text + (", found out after the deal" if why.found_out else "")


def clips_word(n: int) -> str:
    """A number of clips in words."""
    if n == 0:
        return "no clips"
    return f"{NUMBERS[n] if n < len(NUMBERS) else n} clip{'' if n == 1 else 's'}"


def team_name(seats: Seats, side: int) -> str:
    """A side by its two players' names (side 0: seats 0 and 2; side 1: seats 1 and 3)."""
    return f"{seats.name(side)} & {seats.name(side + 2)}"


def _hands(hands: Hands) -> list[list[str]]:
    return [[str(c) for c in h] for h in hands]


def _symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _score(points: Points, seats: Seats) -> str:
    return f"{team_name(seats, 0)} {points[0]}, {team_name(seats, 1)} {points[1]}"


def event(fact: Fact, seats: Seats) -> Event:
    """The event a frame shows for ``fact``; its data are the facts the results and panels read."""
    names = seats.names
    if type(fact) is Played:  # the most frequent facts first, tested the quickest way
        text = f"{names[fact.seat]} {HOW[fact.how]} {fact.card.symbol}."
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
        side = team_name(seats, fact.winner % 2)
        text = f"{names[fact.winner]} wins trick {fact.number} with {fact.best.symbol}: {fact.points} points to {side}."
        return Event("trick", text, data)
    match fact:
        case Spoke():
            return _spoke(fact, names)
        case _:
            return _between(fact, seats)


def _spoke(fact: Spoke, names: tuple[str, ...]) -> Event:
    name = names[fact.seat]
    if fact.call == "call":
        text = f'{name} calls "{QUI_VIVE_TEXT}": only three of the four Jacks may be shown.'
    elif fact.call == "pass":
        text = f"{name} passes." if not fact.signed else f"{name} passes by sign: {signs.PASS_SIGN}."
    else:
        count, value = NUMBERS[fact.count], fact.value
        text = f"{name} bids {count}."
        if fact.rival is not None:
            # drogue.bid.tie-points / drogue.bid.tie-earlier: equal counts are settled on card values
            other, theirs = names[fact.rival], fact.rival_value
            if value > theirs:
                text = (
                    f"{name} also bids {count}, worth {value} in card values against"
                    f" {other}'s {theirs}: now {name}'s bid stands."
                )
            elif value == theirs:
                text = f"{name} also bids {count}, worth the same {value} in card values: {other}'s earlier bid stands."
            else:
                text = (
                    f"{name} also bids {count}, worth only {value} in card values against"
                    f" {other}'s {theirs}: {other}'s bid stands."
                )
        if fact.signed:
            text += f" (By signs: {signs.bid_sign(fact.count)}.)"
    return Event(fact.call, text, {"seat": fact.seat, "call": fact.call, "count": fact.count, "value": fact.value})


def _between(fact: Fact, seats: Seats) -> Event:
    """The events of everything but the cards and the bids: the cut, the calls, trump, the session."""
    names = seats.names
    match fact:
        case Penalty(seat, reason):
            why = cause(reason)
            return Event("penalty", f"{names[seat]} takes a penalty clip for {why}.", {"seat": seat, "why": why})
        case AuctionWon(seat, count):
            text = (
                f"The auction is over: {names[seat]}'s {NUMBERS[count]} stands."
                f" {names[seat]} shows the cards and names trump."
            )
            return Event("auction", text, {"seat": seat, "count": count})
        case ForgotFour(seat):
            return Event(
                "forget", f"{names[seat]} says nothing of the four Mandrins. Nobody can tell yet.", {"seat": seat}
            )
        case AllPassed(dealer, moved, hands):
            if moved:
                text = f"All four passed: the deal goes on to the right, and {names[dealer]} deals."
            else:
                text = f"All four passed: {names[dealer]} gathers the cards and deals again."
            return Event("redeal", text, {"dealer": dealer, "hands": _hands(hands)})
        case TrumpNamed(seat, suit, proof, signed, leader):
            made = f"makes {SUIT_WORDS[suit]} trump"
            if signed:
                made = f"makes trump by signs ({signs.trump_sign(suit, any(c.rank == 'A' for c in proof))})"
            text = (
                f"{names[seat]} shows {_symbols(proof)} and {made}:"
                f" {names[seat]} has made the cards. {names[leader]}, on the dealer's right, leads."
            )
            return Event("trump", text, {"seat": seat, "trump": suit, "proof": [str(c) for c in proof]})
        case OutOfTurn(seat, card, turn):
            text = f"{names[seat]} leads {card.symbol}, but it is {names[turn]}'s lead. The card goes back."
            return Event("out-of-turn", text, {"seat": seat, "card": str(card)})
        case Over(outcome):
            return Event("end", outcome.text, None)
        case NamedJacks(seat, cutter, dealer, jacks):
            name = names[seat]
            if seat == cutter:  # drogue.penalty.removal: a cutter who wears a mark is asked by the dealer
                asks = f"{names[cutter]} cuts, wearing a penalty mark, so the dealer {names[dealer]} asks"
            else:
                asks = f"{names[cutter]} cuts and asks"
            return Event("name", f"{asks} {name} for a Jack to name: {name} names {_symbols(jacks)}.", {"seat": seat})
        case Dealt(dealer, again, number, hands):
            text = f"{names[dealer]} deals again." if again else f"{names[dealer]} deals deal {number}."
            return Event("deal", text, {"dealer": dealer, "hands": _hands(hands)})
        case AuxArmes(seat, silent):
            silence = ' and "Silence!"' if silent else ""
            text = f'{names[seat]} calls "{AUX_ARMES}"{silence}: every clip goes back on.'
            return Event("aux-armes", text, {"seat": seat})
        case Saluted(seat):
            return Event("salut", f'{names[seat]}, the only one without a clip: "{SALUT}"', {"seat": seat})
        case ForgotCall(seat, call, card):
            return Event("forget", _forgot(names[seat], call, card), {"seat": seat})
        case QuiVive():
            return _qui_vive(fact, names)
        case DemandedRedeal(seat):
            text = f"{names[seat]} wears a clip and holds no King or Queen, and demands a new deal."
            return Event("redeal", text, {"seat": seat})
        case Kept(seat):
            return Event("keep", f"{names[seat]} keeps the cards.", {"seat": seat})
        case Released(seat, jack, off, left):
            name = names[seat]
            text = f"{name} shows {jack.symbol} from the new hand and takes off {clips_word(off)}: released."
            if left:
                text = (
                    f"{name} shows {jack.symbol} from the new hand and takes off one clip;"
                    f" {clips_word(left)} {'stays' if left == 1 else 'stay'} on until a new hand shows"
                    " another Jack."
                )
            return Event("release", text, {"seat": seat})
        case Guerite(seat):
            text = f"{names[seat]} has no Jack other than J♦ to show, and so keeps the clip: cané dans la guérite."
            return Event("guerite", text, {"seat": seat})
        case AskedFloor(seat):
            text = f'{names[seat]}, wearing a clip, may not speak: "Je demande la parole."'
            return Event("ask", text, {"seat": seat})
        case Granted(seat, asker):
            return Event("grant", f'{names[seat]}: "Accordée." {names[asker]} may speak.', {"seat": asker})
        case _:
            return _session(fact, seats)


def _forgot(name: str, call: str, card: Card | None) -> str:
    if call == "aux-armes":
        return f'{name} forgets to call "{AUX_ARMES}". The booklet names no penalty; the clips go back on all the same.'
    if call == "salut":
        return f"{name} forgets the salute."
    assert card is not None
    return f"{name} keeps quiet about {card.symbol}. It will show when it is played."


def _qui_vive(fact: QuiVive, names: tuple[str, ...]) -> Event:
    seat, card = fact.seat, fact.card
    text = f'{names[seat]}: "Qui vive!" for {card.symbol}'
    others = [names[s] for s in fact.namers if s != seat]
    if fact.off is None:
        text += f", named by {' and '.join(others)}: in another hand it frees nobody."
        return Event("qui-vive", text, {"seat": seat, "card": str(card)})
    off = "a penalty clip comes off" if fact.off == "penalty" else "the black nose is washed off"
    text += f". {names[seat]} named it and holds it: {off}"
    if others:
        text += f". {' and '.join(others)} named it too, but one Jack frees only one player"
    return Event("qui-vive", text + ".", {"seat": seat, "card": str(card)})


def _session(fact: Fact, seats: Seats) -> Event:
    """The events of the drogue across deals: the black nose, the buttonhole, the guérite, who takes it."""
    names = seats.names
    match fact:
        case BlackNose(maker, winner, partner):
            who = names[winner] + (", the partner" if partner else "")
            text = f"{names[maker]} made trump and has lost the trump Ace to {who}: a black mark on the nose."
            return Event("black-nose", text, {"seat": maker})
        case ButtonholeOff(seat):
            text = f"{names[seat]} wins a trick with a King or Queen in it: one buttonhole clip comes off."
            return Event("buttonhole", text, {"seat": seat})
        case Rengage(seat, points, extra):
            text = f"{names[seat]}'s side made only {points}: {names[seat]} is rengagé and "
            text += "takes one more clip." if extra else "keeps the clip, nothing more."
            return Event("rengage", text, {"seat": seat})
        case Vilenie(side, vilenie, clips, buttonhole):
            where = " at the buttonhole" if buttonhole else ""
            text = f"{team_name(seats, side)} are {vilenie}: recharger, {clips_word(clips)} more each{where}."
            return Event("vilenie", text, {"side": side, "vilenie": vilenie})
        case FirstGameShamed(points, side, vilenies):
            text = (
                f"{_score(points, seats)}. {team_name(seats, side)} are {' and '.join(vilenies)}: a side free of"
                " clips with a vilenie takes the drogue at once, one clip each, whatever the points."
            )
            return Event("drogue", text, {"side": side, "vilenies": list(vilenies)})
        case FirstGameTied(points):
            text = f"{_score(points, seats)}: sixty all. Nobody takes a clip; the next deal is the first game again."
            return Event("drogue", text)
        case FirstGameLost(points, side):
            text = f"{_score(points, seats)}. {team_name(seats, side)} made fewer and take the drogue: one clip each."
            return Event("drogue", text, {"side": side})
        case DrogueStays(free, points, threshold, holder):
            text = f"{team_name(seats, free)} made {points}, at least {threshold}: the drogue stays with"
            text += f" {team_name(seats, holder)}."
            return Event("drogue", text, {"side": holder})
        case DrogueTaken(free, points, threshold, holder, vilenies):
            takers = team_name(seats, free)
            if vilenies:  # drogue.vilenie.clip-free (courte-queue among them)
                shame = " and ".join(vilenies)
                text = f"{takers} are free of the drogue but {shame} ({points} points): they take the drogue at once."
            else:
                text = f"{takers} made only {points}, fewer than {threshold}: they take the drogue."
            text += f" {team_name(seats, holder)} will show a Jack from their new hands to be released."
            return Event("drogue", text, {"side": free, "vilenies": list(vilenies)})
    raise AssertionError(f"no words for {fact!r}")


def ending(fact: Ending, seats: Seats) -> str:
    """How the game ended, in words: the outcome's text, also shown as the last event."""
    match fact:
        case DealScore(points, winner):
            if winner is None:
                return f"{_score(points, seats)}: a draw, 60 all."
            return f"{_score(points, seats)}: {team_name(seats, winner)} win the deal."
        case EveningScore(deals, totals, winner):
            score = (
                f"After {deals} deals {team_name(seats, 0)} wear {clips_word(totals[0])},"
                f" {team_name(seats, 1)} {clips_word(totals[1])}"
            )
            if winner is None:
                return f"{score}: a draw."
            return f"{score}: {team_name(seats, winner)} win."
        case CapReached(dealings, played):
            done = "no deal played to the end" if not played else f"{played} deal{'s' if played > 1 else ''} played"
            return f"The cards were dealt {dealings} times, the agreed cap, with {done}: the game stops, undecided."
