"""A first look for the analysis: the same double-dummy search, cut a few tricks ahead.

Valuing every card to the end of a deal takes the browser seconds at the first trick (Drogue, Clock
Druzbart). While it works, the reader is shown what the search finds when the deal is cut after the
next two tricks, then three, and so on, deeper while the next cut's search fits in what the searches
so far left of :data:`AHEAD_NODES` nodes (a count, not a clock: the same answer on every machine), as a
chess engine shows each depth before the next. A cut deal is a smaller game of the same rules: its
values are what each side gains in those tricks with best play by all, within them. Where the search
finds the whole deal's value within :data:`QUICK_NODES` nodes (most steps after the first tricks), the
answer itself comes at once and there is no first look.

>>> from oldtricks.analysis.search import Position
>>> class HighCard:  # two seats, one suit: the higher card takes the trick, worth 1 to its taker
...     seats, cards = 2, 6
...     def next_seat(self, seat: int) -> int: return 1 - seat
...     def legal(self, hand: int, trick: object) -> int: return hand
...     def winner(self, trick: list[int]) -> int: return max(range(len(trick)), key=trick.__getitem__)
...     def beating(self, trick: list[int]) -> int: return sum(1 << c for c in range(6) if c > max(trick))
...     def score(self, trick, winner, counters, ours): return (1 if ours[winner] else -1), counters, False
...     def keys(self, card: int) -> tuple[int, ...]: return (card,)
...     def kind(self, card: int) -> int: return 0
...     def limits(self, hands, leader, counters, ours): return -3, 3
>>> hands = (0b110001, 0b001110)  # seat 0: cards 0, 4 and 5; seat 1: cards 1, 2 and 3
>>> start = Position(hands, (), 0, ())
>>> Search(HighCard(), [True, False]).values(start, [5, 4, 0])  # the whole deal: each lead wins two of three
{5: 1, 4: 1, 0: 1}
>>> look_ahead(HighCard(), [True, False], start, [5, 4, 0]) is None  # so small a deal is valued at once
True
>>> look_ahead(HighCard(), [True, False], start, [5, 4, 0], quick=0)  # two tricks ahead: the low lead loses one
(2, [2, 2, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .search import INF, OutOfBudget, Search
from .searchmodel import Counters, Position, TrickModel
from .strong import BoundedSearch

AHEAD_NODES = 20_000  # the searches of the cuts in all, at most (past the first): about 0.15 s of CPython
QUICK_NODES = 5_000  # a deal whose value the search finds within these needs no first look


class Horizon:
    """``model``'s game cut after a number of tricks: the counters carry one more number, the tricks
    still to play before the cut, and a trick that brings it to 0 ends the deal. The model's limits hold
    for the whole deal, not for a part of it: the cut deal's are left open."""

    plain_points = False  # every trick is scored by the model's score, which counts the tricks to go

    def __init__(self, model: TrickModel) -> None:
        self.model = model
        self.seats, self.cards = model.seats, model.cards
        self.points: Sequence[int] | None = getattr(model, "points", None)  # for the search's order
        self.lead_history = bool(getattr(model, "lead_history", False))
        self.weak_leads_first = bool(getattr(model, "weak_leads_first", False))
        self.taker_score = bool(getattr(model, "taker_score", False))  # score below reads what the model's does
        if hasattr(model, "follow"):
            self.follow = model.follow
        if hasattr(model, "follow_from"):  # the states of a trick begun (TrickModel)
            self.follow_from = model.follow_from
            states: Any = model
            self.opening, self.raised = states.opening, states.raised
        if hasattr(model, "position_key"):
            self.position_key = model.position_key

    def next_seat(self, seat: int) -> int:
        return self.model.next_seat(seat)

    def legal(self, hand: int, trick: Sequence[int]) -> int:
        return self.model.legal(hand, trick)

    def winner(self, trick: Sequence[int]) -> int:
        return self.model.winner(trick)

    def beating(self, trick: Sequence[int]) -> int:
        return self.model.beating(trick)

    def keys(self, card: int) -> tuple[int, ...]:
        return self.model.keys(card)

    def kind(self, card: int) -> int:
        return self.model.kind(card)

    def score(
        self, trick: Sequence[tuple[int, int]], winner: int, counters: Counters, ours: Sequence[bool]
    ) -> tuple[int, Counters, bool]:
        gain, after, over = self.model.score(trick, winner, counters[:-1], ours)
        to_go = counters[-1] - 1
        return gain, (*after, to_go), over or to_go <= 0

    def limits(self, hands: Sequence[int], leader: int, counters: Counters, ours: Sequence[bool]) -> tuple[int, int]:
        return -INF + 1, INF - 1


def look_ahead(
    model: TrickModel,
    ours: Sequence[bool],
    pos: Position,
    cards: Sequence[int],
    priority: Sequence[int] | None = None,
    budget: int | None = None,
    quick: int | None = None,
) -> tuple[int, list[int]] | None:
    """The deepest cut (in tricks, the trick begun counted) searched within ``budget`` nodes in all (the
    first cut, two tricks ahead, however many it takes; a deeper one given up where it would go over), and each
    of ``cards``'s value for the side ``ours`` marks over those tricks; None where the whole deal is
    quick to value: its value found within ``quick`` nodes, or no cut short of its end that looks more
    than two tricks ahead. Each cut is searched from scratch (the table of a shallower one holds other
    values). ``budget`` and ``quick``: by default :data:`AHEAD_NODES` and :data:`QUICK_NODES` (``quick``
    0: a first look however quick the deal)."""
    budget = AHEAD_NODES if budget is None else budget
    quick = QUICK_NODES if quick is None else quick
    if quick and _valued_within(model, ours, pos, priority, quick):
        return None
    tricks_left = pos.hands[pos.turn].bit_count()  # the mover's cards: the trick begun and those after
    found: tuple[int, list[int]] | None = None
    spent = 0
    for depth in range(2, tricks_left):
        # the first cut is searched whole; a deeper one only within what is left of the budget (a cut
        # costs several times the one before: searched whole, it could take many budgets)
        search = (
            Search(Horizon(model), ours, priority)
            if found is None
            else BoundedSearch(Horizon(model), ours, priority, budget - spent)
        )
        try:
            got = search.values(Position(pos.hands, pos.trick, pos.turn, (*pos.counters, depth)), cards)
        except OutOfBudget:
            break
        found = depth, [got[card] for card in cards]
        spent += search.nodes
        if spent >= budget:
            break
    return found


def _valued_within(
    model: TrickModel, ours: Sequence[bool], pos: Position, priority: Sequence[int] | None, nodes: int
) -> bool:
    """Whether the search finds the whole deal's value from ``pos`` within ``nodes`` nodes (where it does,
    the answer itself comes about as soon as a first look would, and the first look only delays it)."""
    try:
        BoundedSearch(model, ours, priority, nodes).value(pos)
    except OutOfBudget:
        return False
    return True
