"""The auction as moves: bids, passes, the four-Mandrins call, four passes, and naming trump.

In the silent game a clipped player bids, passes and names trump by signs (drogue.silent, drogue.signs);
at a lenient table a bid his hand cannot show is accepted and found out later (drogue.penalty.causes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ...core.cards import Card
from ...core.game import evolve
from ...core.moves import Move
from . import calls, cut
from .auction import (
    MAX_BID,
    AuctionCall,
    Claim,
    best_claims,
    claims,
    counts,
    has_four_mandrins,
    shown_jacks,
)
from .facts import AllPassed, AuctionWon, Cause, Fact, ForgotFour, Spoke
from .penalties import hide, penalize
from .shape import SEATS
from .state import DrogueState
from .table import Table


def signing(table: Table, state: DrogueState, seat: int) -> bool:
    """drogue.silent: a clipped player in the silent game says nothing aloud (except to ask for the floor)."""
    return table.agreed.silent and state.session.wear[seat].clipped and state.floor != seat


def claim_for(hand: Sequence[Card], count: int, under: bool = False) -> Claim | None:
    """The proof a bid of ``count`` stands for, or None when the hand cannot show it."""
    found = best_claims(hand, count, under)
    return found[0] if found else None


# Why a bid is refused, as the auction's constraint decides it; narrate_refusals.py words each one.
BidReason = Literal["four-first", "max", "no-jack", "four-shows-three", "more-than-held", "not-whole", "below", "tried"]
FORGOT_FOUR = Cause("four-unsaid")  # drogue.bid.four-mandrins


@dataclass(frozen=True, slots=True)
class BidVerdict:
    """A bid of ``count`` (0 for a pass): may it be made now, the rule that allows or forbids it, and what a
    lenient table charges for making it anyway (``causes``; None when even a lenient table refuses it)."""

    count: int
    allowed: bool
    rule: str
    reason: BidReason | None = None
    causes: tuple[Cause, ...] | None = None


@dataclass(frozen=True, slots=True)
class AuctionConstraint:
    """The auction's one constraint for the seat to speak: ``pending`` when he holds all four Mandrins and
    has yet to call (drogue.bid.four-mandrins.when); ``passing`` the verdict on a pass; ``bids`` one verdict
    per count from 0 to seven; ``four`` whether he holds the four Mandrins at all (drogue.bid.four-mandrins).
    Legal moves, refusals and the lenient table's infractions all read it."""

    pending: bool
    passing: BidVerdict
    bids: tuple[BidVerdict, ...]
    shown: tuple[int, ...]  # the counts the hand can show (drogue.bid.count.suit / drogue.bid.count.under)
    four: bool = False

    @property
    def counts(self) -> tuple[int, ...]:
        """The counts he may bid now, lowest first."""
        return tuple(v.count for v in self.bids if v.allowed)

    def bid(self, count: int) -> BidVerdict:
        if count > MAX_BID:
            return BidVerdict(count, False, "drogue.bid.max", "max")  # drogue.bid.max
        return self.bids[count]


def allowed(table: Table, state: DrogueState, seat: int) -> AuctionConstraint:
    """What ``seat`` may call in the auction, each bid with the rule that allows or forbids it."""
    hand = state.hands[seat]
    auction = state.auction
    four = has_four_mandrins(hand)
    pending = four and not auction.settled(seat)
    jacks = bool(shown_jacks(hand))
    shown = counts(hand, table.agreed.under)
    standing = auction.standing
    floor = standing.count if standing is not None else 1
    tried = () if table.agreed.again else auction.bids_of(seat)  # drogue.bid.raise.once / drogue.bid.raise.again
    forgot = (FORGOT_FOUR,) if pending else ()

    def verdict(count: int) -> BidVerdict:
        # a lenient table plays a bid it cannot check on sight, and finds it out later (drogue.penalty.causes)
        causes: tuple[Cause, ...] | None = None
        if 1 <= count <= MAX_BID and count >= floor and not (count == floor and count in tried):
            if not jacks:
                causes = (Cause("bid-without-jack"), *forgot)  # drogue.bid.no-jack
            elif count not in shown:
                causes = (Cause("bid-not-held", count=count), *forgot)  # cheating
            else:
                causes = forgot or None
        if pending:  # drogue.bid.four-mandrins.when: the call comes first
            return BidVerdict(count, False, "drogue.bid.four-mandrins", "four-first", causes)
        if not jacks:
            return BidVerdict(count, False, "drogue.bid.no-jack", "no-jack", causes)
        if count not in shown:
            if four and count in (c.count + 1 for c in claims(hand)):  # drogue.bid.four-mandrins: three shown
                return BidVerdict(count, False, "drogue.bid.four-mandrins", "four-shows-three", causes)
            if table.agreed.under:
                return BidVerdict(count, False, "drogue.bid.count", "more-than-held", causes)
            return BidVerdict(count, False, "drogue.bid.count.suit", "not-whole", causes)  # drogue.bid.count.suit
        if count > floor or (count == floor and count not in tried):
            return BidVerdict(count, True, "drogue.bid.raise")  # drogue.bid.raise
        if standing is not None and count < standing.count:
            return BidVerdict(count, False, "drogue.bid.raise", "below", causes)
        return BidVerdict(count, False, "drogue.bid.raise.once", "tried", causes)  # drogue.bid.raise.once

    if pending:
        passing = BidVerdict(0, False, "drogue.bid.four-mandrins", "four-first", forgot)
    else:
        passing = BidVerdict(0, True, "drogue.bid.raise")
    return AuctionConstraint(pending, passing, tuple(verdict(n) for n in range(MAX_BID + 1)), shown, four)


def speak(table: Table, state: DrogueState, move: Move) -> tuple[DrogueState, list[Fact]]:
    """A call of the auction: the four-Mandrins call (``call``), a ``pass`` or a ``bid`` (equal counts settled
    on card values, drogue.bid.tie-points, in ``Auction.with_call``); the last call ends the auction."""
    seat = move.seat
    before = state.auction.standing
    signed = signing(table, state, seat)
    facts: list[Fact] = []
    if move.kind == "call":
        if calls.needs_floor(table, state, seat):  # only at a lenient table: he talks without the floor
            state, penalty = penalize(state, seat, calls.NO_FLOOR)
            facts.append(penalty)
        call = AuctionCall(seat, "call")
        facts.append(Spoke(seat, "call"))
    elif move.kind == "pass":
        call = AuctionCall(seat, "pass")
        facts.append(Spoke(seat, "pass", signed=signed))
    else:
        count = move.count
        assert move.kind == "bid", move
        assert count is not None, move
        claim = claim_for(state.hands[seat], count, table.agreed.under)
        value = claim.value if claim is not None else max((c.value for c in claims(state.hands[seat])), default=0)
        call = AuctionCall(seat, "bid", count, value)
        # drogue.bid.tie-points / drogue.bid.tie-earlier: an equal count is told against the bid it meets
        rival = before if before is not None and before.count == count else None
        facts.append(
            Spoke(seat, "bid", count, value, signed, rival.seat if rival else None, rival.value if rival else 0)
        )
    auction = state.auction.with_call(call)
    state = evolve(state, auction=auction, turn=auction.turn, floor=None)
    if not auction.over:
        return state, facts
    if auction.standing is None:
        return redeal(table, state, facts)
    winner = auction.standing.seat
    facts.append(AuctionWon(winner, auction.standing.count))
    return evolve(state, phase="trump", turn=winner), facts


def forget_call(table: Table, state: DrogueState, move: Move) -> tuple[DrogueState, list[Fact]]:
    """Lenient table: the holder of the four Jacks lets the call go by; it comes out after the deal."""
    seat = move.seat
    auction = state.auction.with_call(AuctionCall(seat, "forget"))
    hidden = hide(state, seat, FORGOT_FOUR)
    return evolve(state, auction=auction, hidden=hidden), [ForgotFour(seat)]


def redeal(table: Table, state: DrogueState, facts: list[Fact]) -> tuple[DrogueState, list[Fact]]:
    """All four passed: the same dealer deals again (drogue.bid.all-pass), or the next (drogue.bid.all-pass.next)."""
    if cut.at_cap(table, state):  # drogue.cap
        return cut.stop_at_cap(table, state, facts), facts
    dealer = state.dealer
    moved = table.agreed.all_pass == "next-dealer"
    if moved:
        dealer = (dealer - 1) % SEATS  # drogue.bid.all-pass.next
    state = evolve(state, dealer=dealer, redeals=state.redeals + 1, hidden=())
    state, hands = cut.deal_cards(table, state, dealer)
    facts.append(AllPassed(dealer, moved, hands))
    return calls.open_calls(table, state, facts)
