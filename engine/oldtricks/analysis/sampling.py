"""Uniform samples of the hidden cards: every way to place them that a seat's knowledge allows, equally likely.

A seat that cannot see the other hands knows how many cards each hand holds, and, from the play so far,
that some hands cannot hold some cards (a hand that did not follow suit holds none of it) and that some
cards are in a known hand (shown as a proof). :class:`Placement` states that knowledge as, for each hidden
card, the places it may be in (a seat, or the cards left out of the deal), and each place's number of
cards; :meth:`Placement.sample` draws one placement, uniformly among all those the knowledge allows, with
the engine's own generator (so a seeded bot draws the same hands in CPython and in Pyodide).

Exact, not by rejection: the cards are grouped by the places they may go to, the placements are counted
group by group (how many cards of a group go to each of its places, times the ways to go on from
there), and each group's split is drawn in proportion to the placements it leaves. Late in a deal, when
rejection would almost never hit, this costs no more than early.

>>> from oldtricks.core.prng import Rng
>>> p = Placement({"a": (0, 1), "b": (0, 1), "c": (1,)}, (1, 2))
>>> p.count()  # c must go to place 1; a or b fills place 0
2
>>> sorted(sorted(x) for x in p.sample(Rng(3)))
[['a'], ['b', 'c']]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from math import factorial
from typing import Generic, TypeVar

from ..core.prng import Rng

T = TypeVar("T", bound=Hashable)


class NoPlacement(ValueError):
    """No placement of the hidden cards agrees with what the seat knows (raised by :meth:`Placement.sample`)."""


def _splits(cards: int, places: Sequence[int], room: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to put ``cards`` cards in ``places`` (indices into ``room``), no place beyond its room:
    how many go to each place, in the order of ``places``."""
    if not places:
        if cards == 0:
            yield ()
        return
    first, rest = places[0], places[1:]
    left = sum(room[p] for p in rest)
    for k in range(max(0, cards - left), min(cards, room[first]) + 1):
        for tail in _splits(cards - k, rest, room):
            yield (k, *tail)


def below(rng: Rng, n: int) -> int:
    """A uniform integer in ``range(n)`` for any ``n`` (the counts of placements outgrow 64 bits):
    :meth:`Rng.below` where it fits, else enough 64-bit words, rejecting draws past the last whole ``n``.

    >>> below(Rng(1), 1 << 70) < 1 << 70
    True
    """
    if n <= 1 << 63:
        return rng.below(n)
    words = (n.bit_length() + 63) // 64
    span = 1 << (64 * words)
    limit = span - span % n
    while True:
        x = 0
        for _ in range(words):
            x = x << 64 | rng.next_u64()
        if x < limit:
            return x % n


class Placement(Generic[T]):
    """Hidden cards, each with the places it may be in, and the number of cards each place holds.

    ``allowed`` maps each hidden card to the indices of the places it may go to; ``sizes[i]`` is how many
    cards place ``i`` holds. Raises :class:`ValueError` when the sizes do not add up to the cards.
    """

    def __init__(self, allowed: Mapping[T, Sequence[int]], sizes: Sequence[int]) -> None:
        if sum(sizes) != len(allowed):
            raise ValueError(f"{len(allowed)} hidden cards for places of {sum(sizes)}")
        groups: dict[tuple[int, ...], list[T]] = {}
        for card, places in allowed.items():
            groups.setdefault(tuple(sorted(set(places))), []).append(card)
        # the most constrained groups first: their splits are fewest, so the counts branch least
        self.groups = sorted(groups.items(), key=lambda g: (len(g[0]), g[0]))
        self.sizes = tuple(sizes)
        self._counts: dict[tuple[int, tuple[int, ...]], int] = {}

    def count(self, group: int = 0, room: tuple[int, ...] | None = None) -> int:
        """The number of placements of groups ``group`` onward into ``room`` (default: every group, the
        places empty), each card told apart."""
        room = self.sizes if room is None else room
        if group == len(self.groups):
            return 1 if not any(room) else 0
        key = (group, room)
        got = self._counts.get(key)
        if got is None:
            places, cards = self.groups[group]
            got = sum(ways for _, ways in self._ways(group, places, len(cards), room))
            self._counts[key] = got
        return got

    def _ways(
        self, group: int, places: tuple[int, ...], cards: int, room: tuple[int, ...]
    ) -> Iterator[tuple[tuple[int, ...], int]]:
        """Each split of a group's cards over its places, with the placements it leaves for the rest."""
        for split in _splits(cards, places, room):
            left = list(room)
            ways = factorial(cards)
            for place, k in zip(places, split, strict=True):
                left[place] -= k
                ways //= factorial(k)
            after = self.count(group + 1, tuple(left))
            if after:
                yield split, ways * after

    def sample(self, rng: Rng) -> list[list[T]]:
        """One placement drawn uniformly: the cards of each place. Raises :class:`NoPlacement` if none exists."""
        total = self.count()
        if total == 0:
            raise NoPlacement("no placement of the hidden cards agrees with the play")
        room = self.sizes
        out: list[list[T]] = [[] for _ in self.sizes]
        for group, (places, cards) in enumerate(self.groups):
            options = list(self._ways(group, places, len(cards), room))
            pick = below(rng, sum(w for _, w in options))
            at = 0
            while pick >= options[at][1]:  # the split whose share of the placements holds the pick
                pick -= options[at][1]
                at += 1
            split = options[at][0]
            shuffled = list(cards)
            rng.shuffle(shuffled)
            left = list(room)
            taken = 0
            for place, k in zip(places, split, strict=True):
                out[place].extend(shuffled[taken : taken + k])
                taken += k
                left[place] -= k
            room = tuple(left)
        return out
