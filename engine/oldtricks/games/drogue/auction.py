"""Bidding for trump: what a hand can bid, and the auction as an immutable value.

A bid is the number of cards of one suit plus the bidder's Jacks (drogue.bid.count). The auction
decides only who names trump; nothing has to be made afterwards.

>>> from oldtricks.core.cards import FRENCH_32
>>> hand = FRENCH_32.parse_many("AH KH 9H JC JS 7D 8D 9S")
>>> best = max(claims(hand), key=lambda c: (c.count, c.value))
>>> best.count, best.suit, best.value
(5, 'H', 50)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from ...core.cards import Card
from .ranking import BID_VALUES, JACKS, ORDERS, bid_value, is_jack
from .shape import from_right

MAX_BID = 7  # drogue.bid.max
NATURAL = ORDERS["natural"]  # A K Q 10 9 8 7 is also the order of bid values: the least worth go first
QUI_VIVE = "quatre-mandrins"


@dataclass(frozen=True, slots=True)
class Claim:
    """What a hand can show for one suit: the cards (Jacks first), their count and their bid value."""

    suit: str
    cards: tuple[Card, ...]

    @property
    def count(self) -> int:
        return len(self.cards)

    @property
    def value(self) -> int:
        return bid_value(self.cards)


def shown_jacks(hand: Sequence[Card]) -> tuple[Card, ...]:
    """The Jacks a bidder may show, highest first: all of them, but never all four.

    drogue.bid.four-mandrins: with all four one shows only three; drogue.bid.four-mandrins.when: J♦ stays back.
    """
    jacks = sorted((c for c in hand if is_jack(c)), key=lambda c: JACKS.index(c.suit))
    return tuple(jacks[:3])


def claims(hand: Sequence[Card]) -> tuple[Claim, ...]:
    """One claim per suit; none at all without a Jack (drogue.bid.no-jack)."""
    return _claims(tuple(hand))


@lru_cache(maxsize=4096)
def _claims(hand: tuple[Card, ...]) -> tuple[Claim, ...]:
    # a hand's claims are asked for at every turn of the auction, and the hand does not change in it
    jacks = shown_jacks(hand)
    if not jacks:
        return ()
    out = []
    for suit in "CDHS":
        plain = sorted((c for c in hand if c.suit == suit and not is_jack(c)), key=lambda c: -NATURAL.index(c.rank))
        # drogue.bid.max: at most seven cards; the plain cards worth least are left out
        if len(jacks) + len(plain) > MAX_BID:
            plain = plain[: MAX_BID - len(jacks)]
        out.append(Claim(suit, (*jacks, *plain)))
    return tuple(out)


def trimmed(claim: Claim, count: int) -> Claim:
    """The ``count`` cards of ``claim`` worth most in bid value, with at least one Jack (drogue.bid.no-jack):
    what an understated bid shows (drogue.bid.count.under). The claim's own order is kept."""
    if count >= claim.count:
        return claim
    jack = claim.cards[0]  # the claim's Jacks come first, highest first
    rest = sorted(claim.cards[1:], key=lambda c: -BID_VALUES[c.rank])[: count - 1]
    keep = {jack, *rest}
    return Claim(claim.suit, tuple(c for c in claim.cards if c in keep))


def best_claims(hand: Sequence[Card], count: int, under: bool = False) -> tuple[Claim, ...]:
    """The claims of ``count`` cards worth the most: the proofs a bid of ``count`` stands for. With ``under``
    (drogue.bid.count.under) a longer suit may show ``count`` of its cards; else only a suit of exactly
    ``count`` (drogue.bid.count.suit)."""
    if under:
        same = [trimmed(c, count) for c in claims(hand) if c.count >= count]
    else:
        same = [c for c in claims(hand) if c.count == count]
    if not same:
        return ()
    top = max(c.value for c in same)
    return tuple(c for c in same if c.value == top)


def counts(hand: Sequence[Card], under: bool = False) -> tuple[int, ...]:
    """The numbers this hand can bid, lowest first: the whole count of a suit (drogue.bid.count.suit), or,
    with ``under``, any number up to the longest (drogue.bid.count.under)."""
    whole = sorted({c.count for c in claims(hand)})
    if under and whole:
        return tuple(range(1, whole[-1] + 1))
    return tuple(whole)


def has_four_mandrins(hand: Sequence[Card]) -> bool:
    return sum(1 for c in hand if is_jack(c)) == 4


AuctionCallKind = Literal["bid", "pass", "call", "forget"]


@dataclass(frozen=True, slots=True)
class AuctionCall:
    """One call of the auction: a bid (count and the value it stands for), a pass, the four-Mandrins call, or
    (at a lenient table) that call forgotten."""

    seat: int
    kind: AuctionCallKind
    count: int = 0
    value: int = 0


@dataclass(frozen=True, slots=True)
class Auction:
    """The auction so far. ``order`` is the bidding order (dealer's right first); ``standing`` the bid that
    currently wins; ``turn`` the seat to speak, None once the auction is over."""

    order: tuple[int, ...]
    calls: tuple[AuctionCall, ...] = ()
    standing: AuctionCall | None = None
    turn: int | None = None

    @classmethod
    def start(cls, dealer: int) -> Auction:
        # drogue.bid.count: the dealer's right-hand neighbour speaks first, then on to the right
        order = tuple(from_right(dealer))
        return cls(order, (), None, order[0])

    def passed(self, seat: int) -> bool:
        return any(c.seat == seat and c.kind == "pass" for c in self.calls)

    def called(self, seat: int) -> bool:
        return any(c.seat == seat and c.kind == "call" for c in self.calls)

    def settled(self, seat: int) -> bool:
        """Whether ``seat`` has made the four-Mandrins call or let it go by."""
        return any(c.seat == seat and c.kind in ("call", "forget") for c in self.calls)

    def bids_of(self, seat: int) -> tuple[int, ...]:
        return tuple(c.count for c in self.calls if c.seat == seat and c.kind == "bid")

    @property
    def over(self) -> bool:
        return self.turn is None

    @property
    def all_passed(self) -> bool:
        return self.over and self.standing is None

    def with_call(self, call: AuctionCall) -> Auction:
        """The auction after ``call`` (already known to be legal)."""
        calls = (*self.calls, call)
        standing = self.standing
        if call.kind in ("call", "forget"):
            # the four-Mandrins call (made or forgotten) does not end the player's turn: he still bids or passes
            return replace(self, calls=calls)
        if call.kind == "bid" and beats(call, standing):
            standing = call
        after = replace(self, calls=calls, standing=standing)
        return replace(after, turn=after.next_speaker(call.seat))

    def next_speaker(self, seat: int) -> int | None:
        """drogue.bid.raise.end: the next seat to the right that has not passed and does not hold the standing bid."""
        n = len(self.order)
        at = self.order.index(seat)
        for k in range(1, n + 1):
            nxt = self.order[(at + k) % n]
            if self.passed(nxt) or (self.standing is not None and self.standing.seat == nxt):
                continue
            return nxt
        return None


def beats(bid: AuctionCall, standing: AuctionCall | None) -> bool:
    """Whether a new bid takes over from the standing one.

    drogue.bid.raise: a higher count wins; drogue.bid.tie-points: an equal count needs a higher value;
    drogue.bid.tie-earlier: equal values leave the earlier bid standing.
    """
    if standing is None:
        return True
    if bid.count != standing.count:
        return bid.count > standing.count
    return bid.value > standing.value
