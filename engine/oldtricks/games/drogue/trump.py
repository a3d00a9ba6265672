"""Naming trump, the phase between the auction and the play (drogue.bid.show): the winner of the auction shows
a proof of his bid and names its suit.

Its one constraint, :func:`allowed`, gives the proofs he may show, each naming a suit he may make trump;
legal moves, the refusal and the bots read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.cards import Card
from ...core.game import evolve
from ...core.moves import Move
from .auction import Claim, best_claims, shown_jacks
from .bidding import signing
from .facts import Fact, TrumpNamed
from .ranking import is_jack
from .shape import SEATS
from .state import DrogueState
from .table import Table


@dataclass(frozen=True, slots=True)
class TrumpConstraint:
    """The proofs the winner may show, one per suit he may name (drogue.bid.show.suit forbids the others)."""

    proofs: tuple[Claim, ...]
    rule: str = "drogue.bid.show.suit"

    @property
    def suits(self) -> tuple[str, ...]:
        return tuple(c.suit for c in self.proofs)

    def proof(self, suit: str) -> Claim | None:
        return next((c for c in self.proofs if c.suit == suit), None)


def allowed(table: Table, state: DrogueState, seat: int) -> TrumpConstraint:
    """What ``seat``, the winner of the auction, may name trump with."""
    standing = state.auction.standing
    assert standing is not None
    return TrumpConstraint(trump_claims(state.hands[seat], standing.count, table.agreed.under))


def false_claim(hand: Sequence[Card], suit: str) -> Claim:
    """What a player who bid more than he holds shows for ``suit``: his Jacks and that suit, such as they are."""
    jacks = shown_jacks(hand)
    plain = tuple(c for c in hand if c.suit == suit and not is_jack(c))
    return Claim(suit, (*jacks, *plain))


def trump_claims(hand: Sequence[Card], count: int, under: bool = False) -> tuple[Claim, ...]:
    """The proofs the winner may show: those of his count, or, after a bid he cannot show (lenient table),
    whatever he has in any suit."""
    return best_claims(hand, count, under) or tuple(false_claim(hand, s) for s in "CDHS")


def name_trump(table: Table, state: DrogueState, move: Move) -> tuple[DrogueState, list[Fact]]:
    """drogue.bid.show: the winner shows his cards as proof and names the trump suit (``trump H``)."""
    suit, seat = move.word, move.seat
    standing = state.auction.standing
    assert standing is not None
    assert suit is not None
    proof = allowed(table, state, seat).proof(suit)
    assert proof is not None
    leader = (state.dealer - 1) % SEATS  # drogue.deal.first-lead
    named = TrumpNamed(seat, suit, proof.cards, signing(table, state, seat), leader)
    return evolve(state, phase="play", trump=suit, maker=seat, proof=proof, turn=leader), [named]
