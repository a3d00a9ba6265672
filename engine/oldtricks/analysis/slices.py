"""A solver's work done a slice at a time: the live engine works out a deal's double-dummy table while the
reader looks at the deal, a few tenths of a second per request, so that a step the reader takes meanwhile
waits one slice at most, not the whole table.

:class:`Slices` keeps the searches of one piece of work (the cells of a table) from slice to slice, each
with its transposition table. :meth:`Slices.run` runs the work from the start every time, each search
allowed ``nodes`` more nodes: a cell found in a slice before is read back from its search's table at once,
the cell being worked on goes on from the bounds its table holds, and the work stops where the nodes run
out (the search raises :class:`~.search.OutOfBudget`) until the next slice. The numbers are the same as
the work done at once gives (the tests compare them), only the search's path to them is cut up.

>>> from oldtricks.games.druzbart import Druzbart
>>> from oldtricks.games.druzbart.ddtable import tricks_by_leader
>>> game = Druzbart({"pack": 32})
>>> state = game.new_state(seed=3)
>>> slices, rounds, got = Slices(), 0, None
>>> while got is None:
...     rounds += 1
...     got = slices.run(lambda: tricks_by_leader(game, state, slices), 2_000)
>>> got == tricks_by_leader(game, state), rounds > 1
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from .search import OutOfBudget, Search, TrickModel
from .strong import BoundedSearch

__all__ = ["Slices"]

T = TypeVar("T")


class Slices:
    """The searches of one piece of work, kept from slice to slice (see the module's docstring)."""

    def __init__(self) -> None:
        # each search under its model and side, the model kept with it (so the key's id stays its own)
        self._searches: dict[tuple[int, tuple[bool, ...]], tuple[TrickModel, BoundedSearch]] = {}
        self._allowed = 0  # the nodes each search may take in the slice being run
        self.slices = 0  # the slices run so far
        self.done = False  # whether the work has run to its end

    @property
    def nodes(self) -> int:
        """The nodes searched so far, every search and slice together."""
        return sum(search.nodes for _, search in self._searches.values())

    def search(self, model: TrickModel, ours: Sequence[bool], priority: Sequence[int] | None = None) -> Search:
        """The search for ``model`` with ``ours`` as our side: the one kept from a slice before, else a new
        one, allowed the nodes of the slice being run (``priority``: as :class:`~.search.Search` takes it,
        for a new search; a kept search keeps its own)."""
        key = (id(model), tuple(ours))
        got = self._searches.get(key)
        if got is None:
            search = BoundedSearch(model, ours, priority, self._allowed)
            self._searches[key] = (model, search)
            return search
        return got[1]

    def run(self, work: Callable[[], T], nodes: int) -> T | None:
        """One slice of ``work`` (which takes its searches from :meth:`search`): its result, or None where
        a search ran through the ``nodes`` this slice allows it."""
        if nodes < 1:
            raise ValueError(f"a slice needs at least one node, not {nodes}")
        self._allowed = nodes
        for _, search in self._searches.values():
            search.limit = search.nodes + nodes
        self.slices += 1
        try:
            got = work()
        except OutOfBudget:
            return None
        self.done = True
        return got
