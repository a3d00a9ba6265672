"""Why a move is not legal, in words, with the ledger id of the rule that forbids it: the refusals, worded
from each phase's constraint (which decides them). The other words are in ``narrate.py`` and
``narrate_session.py``."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.cards import Card
from ...core.i18n import N_, Words, _, ngettext
from ...core.moves import Move
from ...errors import IllegalMoveError
from . import bidding, calls, cut, playing, trump
from .auction import MAX_BID, claims
from .narrate_session import NUMBERS, QUI_VIVE_TEXT
from .ranking import SUIT_ONE, SUIT_WORDS, suit_of
from .state import DrogueState
from .table import Table


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def why_illegal(table: Table, state: DrogueState, move: Move) -> IllegalMoveError:
    names = table.seats(state).names
    seat = state.turn
    if seat is None:
        if table.agreed.evening:
            text = _("the evening is over: all {count} deals have been played").format(count=table.agreed.deals)
            return IllegalMoveError(text, "drogue.end")
        return IllegalMoveError(_("the deal is over: every trick has been played"), "drogue.points.result")
    if move.kind == "forget" and not table.agreed.lenient:
        return IllegalMoveError(
            _("at a strict table every call is made; choose the lenient table to see what forgetting one costs"),
            "drogue.penalty.causes.strict",
        )
    if move.kind == "lead" and state.phase == "play" and not state.trick and move.seat != seat:
        text = _("it is {seat}'s lead, not {mover}'s: leading out of turn is an infraction")
        return IllegalMoveError(text.format(seat=names[seat], mover=names[move.seat]), "drogue.play.win")
    if state.asking is not None:
        return _asking(table, state, move, names)
    if move.seat != seat:
        rule = {"auction": "drogue.bid.raise.end", "cut": "drogue.penalty.removal", "calls": "drogue.parade"}
        turn = _("it is {seat}'s turn, not {mover}'s").format(seat=names[seat], mover=names[move.seat])
        return IllegalMoveError(turn, rule.get(state.phase, "drogue.play.win"))
    if move.kind in ("ask", "grant"):
        if move.kind == "ask":
            text = _("nobody needs to ask for the floor here: {seat} may call out")
        else:
            text = _("nobody needs to ask for the floor here: {seat} may go on; nobody has asked")
        return IllegalMoveError(text.format(seat=names[seat]), "drogue.silent")
    if state.phase in ("cut", "calls"):
        return _duty(table, state, move, names)
    if state.phase == "auction":
        rules = bidding.allowed(table, state, seat)
        if rules.pending and calls.needs_floor(table, state, seat):
            text = _('{seat} wears a clip: in the silent game the floor is asked for ("ask") before calling "{call}"')
            return IllegalMoveError(text.format(seat=names[seat], call=QUI_VIVE_TEXT), "drogue.silent.calls")
        return _auction(rules, state, move, names[seat])
    if state.phase == "trump":
        return _trump(table, state, move, names[seat])
    return _card(table, state, move, names[seat])


def _auction(rules: bidding.AuctionConstraint, state: DrogueState, move: Move, name: str) -> IllegalMoveError:
    """The refusal of a call in the auction, worded from the auction's constraint ``rules`` (bidding.allowed)."""
    if move.kind == "play":
        text = _("no card is played before trump is made: the auction comes first")
        return IllegalMoveError(text, "drogue.bid.count")
    if move.kind == "trump":
        return IllegalMoveError(_("trump is named by the winner of the auction, once it is over"), "drogue.bid.show")
    if move.kind == "call":
        if not rules.four:
            text = _('only a player holding all four Jacks calls "{call}"').format(call=QUI_VIVE_TEXT)
            return IllegalMoveError(text, "drogue.bid.four-mandrins")
        text = _("{seat} has already made the call").format(seat=name)
        return IllegalMoveError(text, "drogue.bid.four-mandrins.when")
    if rules.pending:
        text = _('{seat} holds all four Mandrins and must first call "{call}", then bid or pass')
        return IllegalMoveError(text.format(seat=name, call=QUI_VIVE_TEXT), rules.passing.rule)
    if move.kind != "bid":
        text = _("{move} is not a move of the auction: bid a number, or pass").format(move=move)
        return IllegalMoveError(text, "drogue.bid.raise")
    count = move.count
    if count is None or count < 0:
        text = _("a bid is a number of cards, not {value}").format(value=repr(move.value))
        return IllegalMoveError(text, "drogue.bid.count")
    verdict = rules.bid(count)
    return IllegalMoveError(_bid_refusal(state, verdict, rules.shown, name), verdict.rule)


def _bid_refusal(state: DrogueState, verdict: bidding.BidVerdict, shown: tuple[int, ...], name: str) -> str:
    count, reason = verdict.count, verdict.reason
    hand = state.hands[state.turn or 0]
    standing = state.auction.standing
    if reason == "not-whole":
        offers = ", ".join(
            f"{n} ({_(' or ').join(SUIT_WORDS[c.suit] for c in claims(hand) if c.count == n)})" for n in shown
        )
        text = ngettext(
            "{seat} cannot show {count} card of one suit and the Jacks; a bid is the whole count of one suit: {offers}",
            "{seat} cannot show {count} cards of one suit and the Jacks; "
            "a bid is the whole count of one suit: {offers}",
            count,
        )
    elif reason == "below" and standing is not None:
        text = _("the bid to beat is {standing}: bid at least that, or pass")
    elif reason == "more-than-held":
        most = shown[-1] if shown else 0
        text = ngettext(
            "{seat} can show at most {most} card of one suit with the Jacks: bid that many or fewer",
            "{seat} can show at most {most} cards of one suit with the Jacks: bid that many or fewer",
            most,
        )
    else:
        text = _BID_REFUSALS[reason if reason is not None and reason in _BID_REFUSALS else "tried"]
    return text.format(
        seat=name,
        count=count,
        fewer=count - 1,
        max=NUMBERS[MAX_BID],
        most=NUMBERS[shown[-1]] if shown else "",
        offers=offers if reason == "not-whole" else "",
        standing=NUMBERS[standing.count] if standing is not None else "",
        tried=NUMBERS[count] if count < len(NUMBERS) else count,
    )


# the refusals of a bid, by the auction's reason (bidding.BidVerdict.reason)
_BID_REFUSALS = Words(
    {
        "max": N_("at most {max} cards may be bid, not {count}"),
        "no-jack": N_("{seat} holds no Jack, and without a Jack there is no bid: pass"),
        "four-shows-three": N_(
            "holding all four Mandrins, {seat} shows only three of them: {count} cards are bid as {fewer}"
        ),
        "tried": N_("{seat} has already tried {tried} and lost on card values: bid more, or pass"),
    }
)


def _trump(table: Table, state: DrogueState, move: Move, name: str) -> IllegalMoveError:
    """The refusal in the trump phase, worded from its constraint (trump.allowed)."""
    standing = state.auction.standing
    assert standing is not None
    rules = trump.allowed(table, state, move.seat)
    can = _(" or ").join(f"trump {s}" for s in rules.suits)
    if move.kind != "trump":
        text = _("the auction is over: {seat} shows the cards and names trump ({moves})")
        return IllegalMoveError(text.format(seat=name, moves=can), "drogue.bid.show")
    text = _("{seat} bid {count} and can prove it only with {suits} ({moves})").format(
        seat=name, count=NUMBERS[standing.count], suits=_(" or ").join(SUIT_WORDS[s] for s in rules.suits), moves=can
    )
    return IllegalMoveError(text, rules.rule)


def _card(table: Table, state: DrogueState, move: Move, name: str) -> IllegalMoveError:
    """The refusal of a card, worded from the play's constraint (playing.allowed), whose rule it cites."""
    card = move.card
    trump = state.trump
    assert trump is not None
    if move.kind != "play" or card is None:
        return IllegalMoveError(_("trump has been made and the auction is over: play a card"), "drogue.bid.show")
    if card not in state.hands[move.seat]:
        return IllegalMoveError(_("{seat} does not hold {card}").format(seat=name, card=card.symbol), "drogue.deal")
    rules = playing.allowed(table, state, move.seat)
    verdict = rules.verdict(card)
    assert verdict is not None
    if verdict.allowed or verdict.reason is None:
        text = _("{seat} may play {card} here, but not as {move}").format(seat=name, card=card.symbol, move=move)
        return IllegalMoveError(text, verdict.rule)
    text = _refusal(table, state, move.seat, verdict.reason, card, rules)
    if verdict.rule in playing.ORDER_RULES.values():  # the other order below the Jacks would let it through
        text += _(": the order is {order}").format(order=_(ORDER_WORDS[table.agreed.order]))
    return IllegalMoveError(text, verdict.rule)


# drogue.rank / drogue.rank.natural, as a refusal that rests on the order says it
ORDER_WORDS = {
    "bezique": N_("A 10 K Q 9 8 7, with the Ten above the King"),
    "natural": N_("A K Q 10 9 8 7, with the Ten below the Queen"),
}


def _refusal(
    table: Table, state: DrogueState, seat: int, reason: playing.Reason, card: Card, rules: playing.CardConstraint
) -> str:
    """The words for ``seat``'s card refused for ``reason``, from the play's constraint (the cards left to him,
    the card holding the trick): the words only, the rule decided there."""
    name = table.seats(state).name(seat)
    trump = state.trump
    assert trump is not None
    if reason == "jack-run":
        text = _(
            "{card} would be the fourth Jack {seat}'s side plays in consecutive tricks, and another card may be played"
        )
        return text.format(card=card.symbol, seat=name)
    led_card = state.trick[0][1]
    led = suit_of(led_card, trump)
    assert rules.best is not None
    return _PLAY_REFUSALS[reason].format(
        seat=name,
        card=card.symbol,
        cards=_cards(rules.narrowed),
        best=rules.best.symbol,
        one=SUIT_ONE[led],
        trump=SUIT_WORDS[trump],
        suit=SUIT_WORDS[led],
        led=led_card.symbol,
    )


# the refusals of a card, by the play's reason (playing.Reason)
_PLAY_REFUSALS = Words(
    {
        "beat": N_("{seat} holds {cards} and must beat the {best} (en forçant)"),
        "jack-not-its-suit": N_("{card} is a trump, not a {one}: {seat} must follow with {cards}"),
        "jacks-are-trumps": N_("{trump} are trumps and the Jacks with them: {seat} must follow with {cards}"),
        "follow": N_("{seat} holds {cards} and must follow {suit}, led with {led}"),
        "follow-trumps": N_("{seat} holds {cards} and must follow {suit} (trumps), led with {led}"),
        "overtrump": N_("{seat} can over-trump the {best} with {cards} and so must do it"),
        "trump": N_("{seat} has no {suit} and must trump with {cards}"),
        "only-jacks": N_("{seat} has no {suit} and must trump with {cards}: every Jack belongs to the trump suit"),
    }
)


def _asking(table: Table, state: DrogueState, move: Move, names: tuple[str, ...]) -> IllegalMoveError:
    """The refusal while a request for the floor waits for its answer, from the calls' constraint."""
    asker = state.asking
    assert asker is not None
    rules = calls.allowed(table, state)
    text = _('{asker} has asked for the floor: {seat} answers "Accordée" (grant) before anything else')
    return IllegalMoveError(text.format(asker=names[asker], seat=names[rules.seat]), rules.refusal_rule(move))


# What each duty asks, in words; the rule a refusal cites is the constraint's (cut.owed)
_DUTIES = Words(
    {
        "name": N_("before anything else {seat} names Jacks at the cut, one per penalty clip and never J♦: {moves}"),
        "deal": N_("before anything else {seat} deals the next hands (deal): {moves}"),
        "aux-armes": N_('before anything else {seat} ends the parade with "Aux armes!" (call aux-armes): {moves}'),
        "salut": N_("before anything else {seat} greets the three clipped players (call salut): {moves}"),
        "redeal": N_("before anything else {seat} may demand a new deal (redeal) or keep the cards (keep): {moves}"),
        "qui-vive": N_('before anything else {seat} holds a named Jack and must call "Qui vive!" for it: {moves}'),
        "show": N_("before anything else {seat} shows a Jack other than J♦ to be released: {moves}"),
    }
)


def _duty(table: Table, state: DrogueState, move: Move, names: tuple[str, ...]) -> IllegalMoveError:
    """The refusal of a move in the cut or the calls, worded from their constraint (cut.owed)."""
    rules = cut.owed(table, state)
    rule = rules.refusal_rule(move)
    if rule == "drogue.silent.calls":
        text = _("{seat} wears a clip: in the silent game the floor is asked for (ask) before calling out")
        return IllegalMoveError(text.format(seat=names[rules.seat]), rule)
    legal = _(" or ").join(f"'{m}'" for m in rules.moves)
    return IllegalMoveError(_DUTIES[rules.duty].format(seat=names[rules.seat], moves=legal), rule)
