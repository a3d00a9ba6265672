"""The Drużbart ranking stated independently of the engine (druzbart.rank, .suit-order, .seven,
.all-duds), shared by the Drużbart and Clock Druzbart tests as the second opinion on trick winners."""

from __future__ import annotations

from typing import Any

MATADORS = {"braus": ("UA", "8L", "KH"), "brus": ("UA", "KH", "8L"), "acorns": ("UA", "8A", "KA")}


def strength(card: str, led: bool, options: dict[str, Any]) -> tuple[float, ...] | None:
    """A comparable strength, or None for a card that can win only as the lead of an all-dud trick."""
    matadors = MATADORS[options.get("matadors", "braus")]
    if card in matadors:
        return (3, -matadors.index(card))
    rank, suit = tuple(card)
    if rank == "7":
        if not led:
            return None
        return (4,) if options.get("seven", "unbeatable") == "unbeatable" else (2.5,)
    order = "9AUO6" if options.get("obers", "duds") == "beaters" else "9AU6"
    if rank in order:
        return (2, -order.index(rank), -"ALHB".index(suit))
    return None


def expected_winner(cards: list[list[Any]], options: dict[str, Any]) -> int:
    """The seat that must win a trick given as [[seat, card], ...] in play order."""
    scored = [(strength(card, i == 0, options), seat) for i, (seat, card) in enumerate(cards)]
    live = [(s, seat) for s, seat in scored if s is not None]
    if not live:
        return int(cards[0][0])  # all duds: the leader
    seat: int = max(live)[1]
    return seat
