"""The simple bot of Bettelmann and Tod und Leben: it has a choice only among its last three cards
(bettelmann.last-three)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...core.cards import Card
from ...core.moves import Move
from ...core.prng import Rng
from .state import Play


def simple_move(legal: Sequence[Move], order: Mapping[Card, int], table: Sequence[Play], rng: Rng) -> Move:
    """Of the ``legal`` moves: beat the ``table`` as cheaply as possible, else keep the best card (by
    ``order``, each card's rank); leading, the best or the worst card at random."""
    if len(legal) == 1:
        return legal[0]
    ranked = sorted(legal, key=lambda m: order[m.card] if m.card is not None else -1)
    if not table:
        return ranked[-1] if rng.below(2) else ranked[0]
    best = max(order[c] for _, c in table)
    beating = [m for m in ranked if m.card is not None and order[m.card] > best]
    return beating[0] if beating else ranked[0]
