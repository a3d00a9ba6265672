"""The play of a trick: which cards may be played, and who wins.

Pure functions of the hand, the cards already on the table (in play order), the trump suit, the rank
order option and the over-trump option; :class:`~oldtricks.games.drogue.game.Drogue` is their only user.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.cards import Card
from ...core.moves import Constraint
from .ranking import suit_of, trick_power

__all__ = ["Constraint", "Play", "allowed", "best_play"]

Play = tuple[int, Card]


def best_play(table: Sequence[Play], trump: str, order: str) -> Play:
    """drogue.play.win: the highest trump, else the highest card of the suit led."""
    led = suit_of(table[0][1], trump)
    return max(table, key=lambda p: trick_power(p[1], led, trump, order))


def allowed(hand: Sequence[Card], table: Sequence[Card], trump: str, order: str, overtrump: str) -> Constraint:
    """Which cards of ``hand`` may be played to the trick ``table`` (cards in play order)."""
    cards = tuple(hand)
    if not table:
        return Constraint(cards, "drogue.play.win")
    led = suit_of(table[0], trump)
    best = max(table, key=lambda c: trick_power(c, led, trump, order))
    best_power = trick_power(best, led, trump, order)
    follow = tuple(c for c in cards if suit_of(c, trump) == led)
    if follow:
        if suit_of(best, trump) != led:
            # drogue.play.follow.trumped: a plain suit cannot beat a trump, so any card of the suit led
            return Constraint(follow, "drogue.play.follow.trumped")
        beating = tuple(c for c in follow if trick_power(c, led, trump, order) > best_power)
        # drogue.play.follow: follow and beat the best card if you can (en forçant)
        return Constraint(beating or follow, "drogue.play.follow")
    trumps = tuple(c for c in cards if suit_of(c, trump) == trump)
    if trumps:
        if overtrump == "must" and suit_of(best, trump) == trump:
            over = tuple(c for c in trumps if trick_power(c, led, trump, order) > best_power)
            if over:
                return Constraint(over, "drogue.play.overtrump")  # drogue.play.overtrump
        return Constraint(trumps, "drogue.play.trump")  # drogue.play.trump
    return Constraint(cards, "drogue.play.any")  # drogue.play.any
