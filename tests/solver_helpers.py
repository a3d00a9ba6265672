"""Helpers for the solver tests: random positions reached through the game's own rules, and the plain
minimax (oldtricks.search.brute_force) the solvers are checked against."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from oldtricks.model import Game
from oldtricks.prng import Rng
from oldtricks.search import Position, Search


def random_move(game: Game[Any], state: Any, rng: Rng) -> Any:
    legal = game.legal_moves(state)
    return legal[rng.below(len(legal))]


def held(state: Any) -> int:
    """Cards in the hand of the seat to move."""
    return len(state.hands[state.turn])


def endings(
    game: Game[Any],
    start: Callable[[int], Any],
    playing: Callable[[Any], bool],
    cards_left: Callable[[Any], int],
    size: int,
    count: int,
    seed: int,
) -> Iterator[Any]:
    """``count`` positions, each from a fresh deal ``start(k)`` played at random through ``game.apply``
    (the auction too) until ``playing(state)`` and the seat to move holds at most ``size`` cards, then 0
    to 3 more moves (so that some positions are mid-trick); deals whose play ends before are skipped."""
    rng = Rng(seed)
    made = k = 0
    while made < count:
        k += 1
        state = start(k)
        while game.to_play(state) is not None and not (playing(state) and cards_left(state) <= size):
            state = game.apply(state, random_move(game, state, rng))[0]
        for _ in range(rng.below(4)):
            if not playing(state):
                break
            state = game.apply(state, random_move(game, state, rng))[0]
        if playing(state) and cards_left(state) <= size:
            made += 1
            yield state


def assert_keys_change_no_value(model: Any, pos: Position) -> None:
    """Every legal card of ``pos`` has the same exact value with the model's position key as with a
    table keyed by the very hands."""
    keyed, plain = Search(model, model.ours(pos.turn)), Search(model, model.ours(pos.turn))
    plain._position_key = None
    legal = model.legal(pos.hands[pos.turn], [c for _, c in pos.trick])
    for card in range(model.cards):
        if legal >> card & 1:
            assert keyed.exact(pos, card) == plain.exact(pos, card), (pos, card)
