"""The auction as moves: bids, passes, the four-Mandrins call, four passes, and naming trump.

In the silent game a clipped player bids, passes and names trump by signs (drogue.silent, drogue.signs);
at a lenient table a bid his hand cannot show is accepted and found out later (drogue.penalty.causes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...cards import Card
from ...model import Event, Move
from . import calls, signs
from .auction import NUMBERS, QUI_VIVE_TEXT, AuctionCall, Claim, best_claims, claims, shown_jacks
from .ranking import SUIT_WORDS, is_jack
from .state import DrogueState
from .table import Table


def signing(table: Table, state: DrogueState, seat: int) -> bool:
    """drogue.silent: a clipped player in the silent game says nothing aloud (except to ask for the floor)."""
    return table.agreed.silent and state.session.wear[seat].clipped and state.floor != seat


def claim_for(hand: Sequence[Card], count: int, under: bool = False) -> Claim | None:
    """The proof a bid of ``count`` stands for, or None when the hand cannot show it."""
    found = best_claims(hand, count, under)
    return found[0] if found else None


def false_claim(hand: Sequence[Card], suit: str) -> Claim:
    """What a player who bid more than he holds shows for ``suit``: his Jacks and that suit, such as they are."""
    jacks = shown_jacks(hand)
    plain = tuple(c for c in hand if c.suit == suit and not is_jack(c))
    return Claim(suit, (*jacks, *plain))


def speak(table: Table, state: DrogueState, move: Move) -> tuple[DrogueState, list[Event]]:
    names = table.seats(state).names
    seat = move.seat
    name = names[seat]
    before = state.auction.standing
    signed = signing(table, state, seat)
    events: list[Event] = []
    if move.kind == "call":
        if calls.needs_floor(table, state, seat):  # only at a lenient table: he talks without the floor
            state, penalty = calls.penalize(table, state, seat, "calling out in the silent game without the floor")
            events.append(penalty)
        call = AuctionCall(seat, "call")
        text = f'{name} calls "{QUI_VIVE_TEXT}": only three of the four Jacks may be shown.'
    elif move.kind == "pass":
        call = AuctionCall(seat, "pass")
        text = f"{name} passes." if not signed else f"{name} passes by sign: {signs.PASS_SIGN}."
    else:
        count = int(move.value or 0)
        claim = claim_for(state.hands[seat], count, table.agreed.under)
        value = claim.value if claim is not None else max((c.value for c in claims(state.hands[seat])), default=0)
        call = AuctionCall(seat, "bid", count, value)
        text = f"{name} bids {NUMBERS[count]}."
        if before is not None and before.count == count:
            # drogue.bid.tie-points / drogue.bid.tie-earlier: equal counts are settled on card values
            other = names[before.seat]
            if value > before.value:
                text = (
                    f"{name} also bids {NUMBERS[count]}, worth {value} in card values against"
                    f" {other}'s {before.value}: now {name}'s bid stands."
                )
            elif value == before.value:
                text = (
                    f"{name} also bids {NUMBERS[count]}, worth the same {value} in card values:"
                    f" {other}'s earlier bid stands."
                )
            else:
                text = (
                    f"{name} also bids {NUMBERS[count]}, worth only {value} in card values against"
                    f" {other}'s {before.value}: {other}'s bid stands."
                )
        if signed:
            text += f" (By signs: {signs.bid_sign(count)}.)"
    auction = state.auction.with_call(call)
    data = {"seat": seat, "call": move.kind, "count": call.count, "value": call.value}
    events.append(Event(move.kind, text, data))
    state = replace(state, auction=auction, turn=auction.turn, floor=None)
    if not auction.over:
        return state, events
    if auction.standing is None:
        return redeal(table, state, events)
    winner = auction.standing.seat
    events.append(
        Event(
            "auction",
            f"The auction is over: {names[winner]}'s {NUMBERS[auction.standing.count]} stands."
            f" {names[winner]} shows the cards and names trump.",
            {"seat": winner, "count": auction.standing.count},
        )
    )
    return replace(state, phase="trump", turn=winner), events


def forget_call(table: Table, state: DrogueState, move: Move) -> tuple[DrogueState, list[Event]]:
    """Lenient table: the holder of the four Jacks lets the call go by; it comes out after the deal."""
    seat = move.seat
    name = table.seats(state).names[seat]
    auction = state.auction.with_call(AuctionCall(seat, "forget"))
    hidden = calls.hide(state, seat, f'holding all four Mandrins without calling "{QUI_VIVE_TEXT}"')
    text = f"{name} says nothing of the four Mandrins. Nobody can tell yet."
    return replace(state, auction=auction, hidden=hidden), [Event("forget", text, {"seat": seat})]


def redeal(table: Table, state: DrogueState, events: list[Event]) -> tuple[DrogueState, list[Event]]:
    names = table.seats(state).names
    dealer = state.dealer
    if table.agreed.all_pass == "next-dealer":
        dealer = (dealer - 1) % 4  # drogue.bid.all-pass.next
        text = f"All four passed: the deal goes on to the right, and {names[dealer]} deals."
    else:
        text = f"All four passed: {names[dealer]} gathers the cards and deals again."  # drogue.bid.all-pass
    state = replace(state, dealer=dealer, redeals=state.redeals + 1, hidden=())
    state, hands = calls.deal_cards(table, state, dealer)
    events.append(Event("redeal", text, {"dealer": dealer, "hands": [[str(c) for c in h] for h in hands]}))
    return calls.open_calls(table, state, events)


def trump_claims(hand: Sequence[Card], count: int, under: bool = False) -> tuple[Claim, ...]:
    """The proofs the winner may show: those of his count, or, after a bid he cannot show (lenient table),
    whatever he has in any suit."""
    return best_claims(hand, count, under) or tuple(false_claim(hand, s) for s in "CDHS")


def name_trump(table: Table, state: DrogueState, move: Move) -> tuple[DrogueState, list[Event]]:
    # drogue.bid.show: the winner shows his cards as proof and names the trump suit
    standing = state.auction.standing
    assert standing is not None
    assert move.value is not None
    proof = next(
        c for c in trump_claims(state.hands[move.seat], standing.count, table.agreed.under) if c.suit == move.value
    )
    names = table.seats(state).names
    shown = " ".join(c.symbol for c in proof.cards)
    leader = (state.dealer - 1) % 4  # drogue.deal.first-lead
    made = f"makes {SUIT_WORDS[move.value]} trump"
    if signing(table, state, move.seat):
        ace = any(c.rank == "A" for c in proof.cards)
        made = f"makes trump by signs ({signs.trump_sign(move.value, ace)})"
    text = (
        f"{names[move.seat]} shows {shown} and {made}:"
        f" {names[move.seat]} has made the cards. {names[leader]}, on the dealer's right, leads."
    )
    data = {"seat": move.seat, "trump": move.value, "proof": [str(c) for c in proof.cards]}
    return (
        replace(state, phase="play", trump=move.value, maker=move.seat, proof=proof, turn=leader),
        [Event("trump", text, data)],
    )
