"""The reference the double-dummy search (:mod:`oldtricks.search`) is tested against: plain minimax over
a game's own rules, ``legal_moves`` and ``apply``, knowing nothing of the search's model."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .model import Game, Move


def brute_force(
    game: Game[Any],
    state: Any,
    ours: Callable[[int], bool],
    done: Callable[[Any], bool],
    value: Callable[[Any], int],
) -> int:
    """Plain minimax through ``game.legal_moves`` and ``game.apply``, no pruning and no table: the value
    ``value(state)`` of the first state where ``done(state)``, with best play by all (``ours(seat)`` says
    who maximises). For tests on small endings only."""
    if done(state):
        return value(state)
    seat = game.to_play(state)
    assert seat is not None
    results = [brute_force(game, game.apply(state, m)[0], ours, done, value) for m in game.legal_moves(state)]
    return max(results) if ours(seat) else min(results)


def minimax_moves(
    game: Game[Any],
    state: Any,
    ours: Callable[[int], bool],
    done: Callable[[Any], bool],
    value: Callable[[Any], int],
) -> dict[Move, int]:
    """:func:`brute_force`'s value of each legal move in ``state``."""
    return {m: brute_force(game, game.apply(state, m)[0], ours, done, value) for m in game.legal_moves(state)}
