"""The project's own pseudo-random generator, so that a seed gives the same deal everywhere.

Python's :mod:`random` may change between versions; this generator is plain integer arithmetic
(SplitMix64), identical on CPython 3.11 and on the Python 3.14 inside Pyodide.

>>> Rng(42).next_u64()
13679457532755275413
>>> shuffled(list(range(5)), 7)
[4, 1, 3, 0, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64. The whole state is one 64-bit integer, so it can be stored in a game state."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """A shuffled copy of ``items``, determined by ``seed`` alone."""
    out = list(items)
    Rng(seed).shuffle(out)
    return out
