"""A plain-sense Drogue player: bids on length and Jacks, makes the four-Mandrins call, plays legally,
wins cheaply, keeps its brisques (Aces and Tens) away from the opponents and feeds a winning partner."""

from __future__ import annotations

from ...core.cards import Card
from ...core.moves import Move
from ...core.prng import Rng
from . import cut, trump
from .auction import best_claims
from .ranking import POINTS, power, suit_of
from .shape import TEAMS
from .state import DrogueState
from .table import Table
from .tricks import best_play

WEAK = 3  # a bot passes when its longest suit, Jacks included, is shorter than this


def choose(table: Table, state: DrogueState, legal: list[Move], rng: Rng) -> Move:
    """The bot's move among the ``legal`` ones."""
    if len(legal) == 1:
        return legal[0]  # among them the four-Mandrins call, which is forced (drogue.bid.four-mandrins)
    if state.asking is not None or state.phase in ("cut", "calls"):
        rules = cut.owed(table, state)
        return _duty([m for m in rules.moves if rules.keeps_the_rules(m)], rng)
    if any(m.kind in ("call", "ask") for m in legal):  # the four-Mandrins call, in the auction
        return _duty(legal, rng)
    if state.phase == "auction":
        return _bid(table, state, legal)
    if state.phase == "trump":
        seat = legal[0].seat
        claims = {c.suit: c for c in trump.allowed(table, state, seat).proofs}
        return max(legal, key=lambda m: sum(POINTS.get(c.rank, 0) for c in claims[str(m.word)].cards))
    return _card(table, state, legal, rng)


def _duty(legal: list[Move], rng: Rng) -> Move:
    """A bot keeps the rules of the table: it asks for the floor rather than talk, never forgets a call,
    demands a new deal when it may, and names its Jacks at random."""
    for kind in ("ask", "call", "redeal"):
        found = [m for m in legal if m.kind == kind]
        if found:
            return found[0]
    return legal[rng.below(len(legal))]


def _bid(table: Table, state: DrogueState, legal: list[Move]) -> Move:
    bids = [m for m in legal if m.kind == "bid"]
    passing = next(m for m in legal if m.kind == "pass")
    if not bids:
        return passing
    seat = legal[0].seat
    top = max(bids, key=lambda m: m.count or 0)
    count = top.count or 0
    value = best_claims(state.hands[seat], count, table.agreed.under)[0].value
    standing = state.auction.standing
    if count < WEAK:
        return passing
    if standing is not None:
        if count == standing.count and count in state.auction.bids_of(seat):
            return passing  # drogue.bid.raise.again: the same cards would lose on values again
        if TEAMS[standing.seat] == TEAMS[seat] and count <= standing.count + 1:
            return passing  # the partner's bid will do
        if count == standing.count and value < 10 * count:
            return passing  # an equal count is worth trying only with good cards
    return top


def _wins(trick: tuple[tuple[int, Card], ...], seat: int, card: Card, trump: str, order: str) -> bool:
    return best_play((*trick, (seat, card)), trump, order)[0] == seat


def _card(table: Table, state: DrogueState, legal: list[Move], rng: Rng) -> Move:
    trump = state.trump
    assert trump is not None
    order = table.agreed.order
    seat = legal[0].seat
    cards = [m.card for m in legal if m.card is not None]

    def cheap(c: Card) -> tuple[int, int]:
        return POINTS.get(c.rank, 0), power(c, trump, order)

    trick = state.trick
    if not trick:
        return Move(seat, "play", _lead(state, seat, cards, trump, order, rng))
    winner = best_play(trick, trump, order)[0]
    last = len(trick) == 3
    if TEAMS[winner] == TEAMS[seat]:
        if last or _unbeatable(state, trick, trump, order):
            return Move(seat, "play", max(cards, key=lambda c: (POINTS.get(c.rank, 0), -power(c, trump, order))))
        return Move(seat, "play", min(cards, key=cheap))
    winning = [c for c in cards if _wins(trick, seat, c, trump, order)]
    if winning:
        if last:
            return Move(seat, "play", min(winning, key=lambda c: (power(c, trump, order), -POINTS.get(c.rank, 0))))
        return Move(seat, "play", max(winning, key=lambda c: (suit_of(c, trump) == trump, power(c, trump, order))))
    return Move(seat, "play", min(cards, key=cheap))


def _seen(state: DrogueState) -> set[Card]:
    return {c for t in state.tricks for _, c in t.cards} | {c for _, c in state.trick}


def _unbeatable(state: DrogueState, trick: tuple[tuple[int, Card], ...], trump: str, order: str) -> bool:
    """Whether the card now winning cannot be beaten by any card still out."""
    _, best = best_play(trick, trump, order)
    if suit_of(best, trump) != trump:
        return False
    seen = _seen(state)
    return not any(
        suit_of(c, trump) == trump and power(c, trump, order) > power(best, trump, order) and c not in seen
        for hand in state.hands
        for c in hand
    )


def _lead(state: DrogueState, seat: int, cards: list[Card], trump: str, order: str, rng: Rng) -> Card:
    trumps = [c for c in cards if suit_of(c, trump) == trump]
    seen = _seen(state)
    out = [c for hand in state.hands for c in hand if c not in cards and c not in seen]
    if trumps and state.maker is not None and TEAMS[state.maker] == TEAMS[seat]:
        top = max(trumps, key=lambda c: power(c, trump, order))
        if not any(suit_of(c, trump) == trump and power(c, trump, order) > power(top, trump, order) for c in out):
            return top  # draw trumps with the master trump
    plain = [c for c in cards if suit_of(c, trump) != trump]
    masters = [
        c
        for c in plain
        if not any(suit_of(o, trump) == c.suit and power(o, trump, order) > power(c, trump, order) for o in out)
    ]
    if masters and rng.below(2):
        return max(masters, key=lambda c: POINTS.get(c.rank, 0))
    pool = plain or cards
    return min(pool, key=lambda c: (POINTS.get(c.rank, 0), power(c, trump, order)))
