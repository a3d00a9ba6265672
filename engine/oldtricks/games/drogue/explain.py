"""Why a move is not legal, in words, with the ledger id of the rule that forbids it."""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card
from ...errors import IllegalMoveError
from ...model import Move
from . import bidding, calls, cut, playing, trump
from .auction import MAX_BID, claims, has_four_mandrins
from .ranking import SUIT_ONE, SUIT_WORDS, is_jack, suit_of, trick_power
from .state import DrogueState
from .table import Table
from .words import NUMBERS, QUI_VIVE_TEXT


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def why_illegal(table: Table, state: DrogueState, move: Move) -> IllegalMoveError:
    names = table.seats(state).names
    seat = state.turn
    if seat is None:
        if table.agreed.evening:
            return IllegalMoveError(
                f"the evening is over: all {table.agreed.deals} deals have been played", "drogue.end"
            )
        return IllegalMoveError("the deal is over: every trick has been played", "drogue.points.result")
    if move.kind == "forget" and not table.agreed.lenient:
        return IllegalMoveError(
            "at a strict table every call is made; choose the lenient table to see what forgetting one costs",
            "drogue.penalty.causes.strict",
        )
    if move.kind == "lead" and state.phase == "play" and not state.trick and move.seat != seat:
        return IllegalMoveError(
            f"it is {names[seat]}'s lead, not {names[move.seat]}'s: leading out of turn is an infraction",
            "drogue.play.win",
        )
    if state.asking is not None:
        return _asking(table, state, move, names)
    if move.seat != seat:
        rule = {"auction": "drogue.bid.raise.end", "cut": "drogue.penalty.removal", "calls": "drogue.parade"}
        turn = f"it is {names[seat]}'s turn, not {names[move.seat]}'s"
        return IllegalMoveError(turn, rule.get(state.phase, "drogue.play.win"))
    if move.kind in ("ask", "grant"):
        return IllegalMoveError(
            f"nobody needs to ask for the floor here: {names[seat]} may "
            + ("call out" if move.kind == "ask" else "go on; nobody has asked"),
            "drogue.silent",
        )
    if state.phase in ("cut", "calls"):
        return _duty(table, state, move, names)
    four = has_four_mandrins(state.hands[seat]) and not state.auction.settled(seat)
    if state.phase == "auction" and four and calls.needs_floor(table, state, seat):
        return IllegalMoveError(
            f'{names[seat]} wears a clip: in the silent game the floor is asked for ("ask") before calling'
            f' "{QUI_VIVE_TEXT}"',
            "drogue.silent.calls",
        )
    if state.phase == "auction":
        return _auction(table, state, move, names[seat])
    if state.phase == "trump":
        return _trump(table, state, move, names[seat])
    return _card(table, state, move, names[seat])


def _auction(table: Table, state: DrogueState, move: Move, name: str) -> IllegalMoveError:
    """The refusal of a call in the auction, worded from the auction's constraint (bidding.constraint)."""
    hand = state.hands[move.seat]
    if move.kind == "play":
        return IllegalMoveError("no card is played before trump is made: the auction comes first", "drogue.bid.count")
    if move.kind == "trump":
        return IllegalMoveError("trump is named by the winner of the auction, once it is over", "drogue.bid.show")
    rules = bidding.constraint(table, state, move.seat)
    if move.kind == "call":
        if not has_four_mandrins(hand):
            return IllegalMoveError(
                f'only a player holding all four Jacks calls "{QUI_VIVE_TEXT}"', "drogue.bid.four-mandrins"
            )
        return IllegalMoveError(f"{name} has already made the call", "drogue.bid.four-mandrins.when")
    if rules.pending:
        return IllegalMoveError(
            f'{name} holds all four Mandrins and must first call "{QUI_VIVE_TEXT}", then bid or pass',
            rules.passing.rule,
        )
    if move.kind != "bid":
        return IllegalMoveError(f"{move} is not a move of the auction: bid a number, or pass", "drogue.bid.raise")
    if not str(move.value).isdigit():
        return IllegalMoveError(f"a bid is a number of cards, not {move.value!r}", "drogue.bid.count")
    count = int(str(move.value))
    verdict = rules.bid(count)
    return IllegalMoveError(_bid_refusal(state, verdict, rules.shown, name), verdict.rule)


def _bid_refusal(state: DrogueState, verdict: bidding.BidVerdict, shown: tuple[int, ...], name: str) -> str:
    count, reason = verdict.count, verdict.reason
    hand = state.hands[state.turn or 0]
    if reason == "max":
        return f"at most {NUMBERS[MAX_BID]} cards may be bid, not {count}"
    if reason == "no-jack":
        return f"{name} holds no Jack, and without a Jack there is no bid: pass"
    if reason == "four-shows-three":
        return f"holding all four Mandrins, {name} shows only three of them: {count} cards are bid as {count - 1}"
    if reason == "more-than-held":
        return f"{name} can show at most {NUMBERS[shown[-1]]} cards of one suit with the Jacks: bid that many or fewer"
    if reason == "not-whole":
        offers = ", ".join(
            f"{n} ({' or '.join(SUIT_WORDS[c.suit] for c in claims(hand) if c.count == n)})" for n in shown
        )
        return (
            f"{name} cannot show {count} cards of one suit and the Jacks; a bid is the whole count of one suit:"
            f" {offers}"
        )
    standing = state.auction.standing
    if reason == "below" and standing is not None:
        return f"the bid to beat is {NUMBERS[standing.count]}: bid at least that, or pass"
    return f"{name} has already tried {NUMBERS[count]} and lost on card values: bid more, or pass"


def _trump(table: Table, state: DrogueState, move: Move, name: str) -> IllegalMoveError:
    """The refusal in the trump phase, worded from its constraint (trump.constraint)."""
    standing = state.auction.standing
    assert standing is not None
    rules = trump.constraint(table, state, move.seat)
    can = " or ".join(f"trump {s}" for s in rules.suits)
    if move.kind != "trump":
        return IllegalMoveError(
            f"the auction is over: {name} shows the cards and names trump ({can})", "drogue.bid.show"
        )
    return IllegalMoveError(
        f"{name} bid {NUMBERS[standing.count]} and can prove it only with"
        f" {' or '.join(SUIT_WORDS[s] for s in rules.suits)} ({can})",
        rules.rule,
    )


def _card(table: Table, state: DrogueState, move: Move, name: str) -> IllegalMoveError:
    """The refusal of a card, worded from the play's constraint (playing.constraint), whose rule it cites."""
    card = move.card
    trump = state.trump
    assert trump is not None
    if move.kind != "play" or card is None:
        return IllegalMoveError("trump has been made and the auction is over: play a card", "drogue.bid.show")
    if card not in state.hands[move.seat]:
        return IllegalMoveError(f"{name} does not hold {card.symbol}", "drogue.deal")
    rules = playing.constraint(table, state, move.seat)
    verdict = rules.verdict(card)
    assert verdict is not None
    if verdict.allowed or verdict.reason is None:
        return IllegalMoveError(f"{name} may play {card.symbol} here, but not as {move}", verdict.rule)
    text = _refusal(table, state, move.seat, verdict.reason, card, rules.narrowed)
    if verdict.rule in playing.ORDER_RULES.values():  # the other order below the Jacks would let it through
        text += f": the order is {ORDER_WORDS[table.agreed.order]}"
    return IllegalMoveError(text, verdict.rule)


# drogue.rank / drogue.rank.natural, as a refusal that rests on the order says it
ORDER_WORDS = {
    "bezique": "A 10 K Q 9 8 7, with the Ten above the King",
    "natural": "A K Q 10 9 8 7, with the Ten below the Queen",
}


def _refusal(
    table: Table, state: DrogueState, seat: int, reason: playing.Reason, card: Card, narrowed: tuple[Card, ...]
) -> str:
    """The words for ``seat``'s card refused for ``reason`` (the cards left to him are ``narrowed``)."""
    name = table.seats(state).name(seat)
    trump = state.trump
    assert trump is not None
    if reason == "jack-run":
        return (
            f"{card.symbol} would be the fourth Jack {name}'s side plays in consecutive tricks,"
            " and another card may be played"
        )
    played = [c for _, c in state.trick]
    led_card = played[0]
    led = suit_of(led_card, trump)
    best = max(played, key=lambda c: trick_power(c, led, trump, table.agreed.order))
    if reason == "beat":
        return f"{name} holds {_cards(narrowed)} and must beat the {best.symbol} (en forçant)"
    if reason == "jack-not-its-suit":
        return f"{card.symbol} is a trump, not a {SUIT_ONE[led]}: {name} must follow with {_cards(narrowed)}"
    if reason == "jacks-are-trumps":
        return f"{SUIT_WORDS[trump]} are trumps and the Jacks with them: {name} must follow with {_cards(narrowed)}"
    if reason == "follow":
        suit_led = SUIT_WORDS[led] + (" (trumps)" if led == trump else "")
        return f"{name} holds {_cards(narrowed)} and must follow {suit_led}, led with {led_card.symbol}"
    if reason == "overtrump":
        return f"{name} can over-trump the {best.symbol} with {_cards(narrowed)} and so must do it"
    trumps = [c for c in state.hands[seat] if suit_of(c, trump) == trump]
    jack_only = all(is_jack(c) for c in trumps)
    return f"{name} has no {SUIT_WORDS[led]} and must trump with {_cards(narrowed)}" + (
        ": every Jack belongs to the trump suit" if jack_only else ""
    )


def _asking(table: Table, state: DrogueState, move: Move, names: tuple[str, ...]) -> IllegalMoveError:
    """The refusal while a request for the floor waits for its answer, from the calls' constraint."""
    asker = state.asking
    assert asker is not None
    rules = calls.constraint(table, state)
    return IllegalMoveError(
        f'{names[asker]} has asked for the floor: {names[rules.seat]} answers "Accordée" (grant) before anything else',
        rules.refusal_rule(move),
    )


# What each duty asks, in words; the rule a refusal cites is the constraint's (cut.owed)
_DUTIES = {
    "name": "names Jacks at the cut, one per penalty clip and never J♦",
    "deal": "deals the next hands (deal)",
    "aux-armes": 'ends the parade with "Aux armes!" (call aux-armes)',
    "salut": "greets the three clipped players (call salut)",
    "redeal": "may demand a new deal (redeal) or keep the cards (keep)",
    "qui-vive": 'holds a named Jack and must call "Qui vive!" for it',
    "show": "shows a Jack other than J♦ to be released",
}


def _duty(table: Table, state: DrogueState, move: Move, names: tuple[str, ...]) -> IllegalMoveError:
    """The refusal of a move in the cut or the calls, worded from their constraint (cut.owed)."""
    rules = cut.owed(table, state)
    rule = rules.refusal_rule(move)
    if rule == "drogue.silent.calls":
        return IllegalMoveError(
            f"{names[rules.seat]} wears a clip: in the silent game the floor is asked for (ask) before calling out",
            rule,
        )
    legal = " or ".join(f"'{m}'" for m in rules.moves)
    return IllegalMoveError(f"before anything else {names[rules.seat]} {_DUTIES[rules.duty]}: {legal}", rule)
