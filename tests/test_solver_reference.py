"""The engine's search gives the values of the search before it was made faster (tests/search_reference.py,
kept unchanged as the reference): every legal card of random positions of each game, mid-trick ones
included. ``bench/solver_same.py`` runs the same comparison on 1,000 whole-deal positions a game."""

from __future__ import annotations

import pytest

from solver_helpers import GAMES, compared

# positions a game, and the most cards the seat to move holds in them (so the reference, the slower, solves
# each in a few milliseconds to a tenth of a second)
SIZES = {"drogue": (200, 5), "druzbart": (200, 5), "clock": (100, 4)}


@pytest.mark.parametrize("name", GAMES)
def test_values_equal_the_reference_search(name: str) -> None:
    count, most = SIZES[name]
    for seed in range(1, count + 1):
        new, old = compared(name, seed, most)
        assert new == old, f"{name} position {seed}"
