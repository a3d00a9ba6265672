"""The strong bots: from one seat's own view, sample the hidden cards, solve each sample, play the best move.

The simple bot of each game (``game.bot_move``) plays by rules of thumb. The strong bot, at a move where
it has a choice, asks the game's adapter (the module ``strong`` of the game's package, found at run time,
so the core imports no game) what the seat to move knows: its own cards, the moves and the table's
words so far, the hand sizes. The adapter draws hidden hands that agree with all of it (the cards each
seat has shown, the suits it has shown void, its bids and proofs: the game's own rules replay every move
on the sampled hands and must say the same words), and solves each sample with the game's double-dummy
solver, every hand of the sample known. The move with the best total over the samples is played; a tie
goes to the move the simple bot would make.

The work per move is a budget of search nodes (Bettelmann: choices visited), never the wall clock, so a
seeded game replays the same in CPython and in Pyodide; each game sizes its own from what one second a move
in the browser buys (:func:`nodes_for`). Where the budget does not allow :attr:`Budget.least` samples to be
solved (a deal's first tricks, say), the strong bot makes the simple bot's move and says so in its
:class:`Decision`; so it does where the game has no solver for the position (Drogue's cut). A game
may value some moves its own way (the adapter's optional ``decide``: Drogue's bids,
:mod:`oldtricks.games.drogue.strongbid`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Protocol

from ..core.game import Game
from ..core.moves import Move
from ..core.prng import Rng
from .search import Counters, Search, TrickModel


class OutOfBudget(Exception):
    """A search spent the nodes it was given (raised inside :class:`BoundedSearch`)."""


@dataclass(frozen=True)
class Budget:
    """The work a strong bot may do for one move: ``nodes`` over every sample (search nodes; Bettelmann:
    choices visited), at most ``samples`` samples, at least ``least`` solved (fewer: the simple move),
    and ``tries`` deals drawn per sample kept (a draw the replay refuses is drawn again).

    ``share``: the most nodes one sample may take (0: :attr:`least`'s share of ``nodes``). ``drop``: a sample
    that runs past its share is set aside, its nodes spent, and the next one drawn while nodes are left
    (else the search stops there). A deal's first cards are where solving a sample costs most, and the
    cost of one sample there ranges over some twentyfold (Drużbart, first card: a median of 15,000 nodes, a
    tenth of the samples past 90,000), so a few hard samples no longer cost the whole move its search."""

    nodes: int = 16_000
    samples: int = 8
    least: int = 3
    tries: int = 40
    share: int = 0
    drop: bool = False

    @property
    def per_sample(self) -> int:
        """No sample may take more than :attr:`share`, or else its part of the nodes :attr:`least` samples need."""
        return self.share or self.nodes // self.least


def nodes_for(seconds: float, nodes_per_second: int) -> int:
    """A budget in nodes from the CPython CPU seconds a move may take and the nodes a CPU second searches
    (measured: ``bench/strong_bench.py``), to the thousand below; the budget is this count, never a time.

    >>> nodes_for(0.45, 150_000)
    67000
    """
    return int(seconds * nodes_per_second) // 1000 * 1000


class BoundedSearch(Search):
    """:class:`~oldtricks.analysis.search.Search` that stops, raising :class:`OutOfBudget`, after ``limit`` nodes."""

    def __init__(self, model: TrickModel, ours: Sequence[bool], priority: Sequence[int] | None, limit: int) -> None:
        super().__init__(model, ours, priority)
        self.limit = limit

    # every node is one of the three kinds (searchnodes.py): each counts against the limit before it starts
    def _leader(self, hands: list[int], seat: int, counters: Counters, alpha: int, beta: int, first: int) -> int:
        if self.nodes >= self.limit:
            raise OutOfBudget
        return super()._leader(hands, seat, counters, alpha, beta, first)

    def _follower(
        self,
        hands: list[int],
        cards: list[int],
        seat: int,
        counters: Counters,
        alpha: int,
        beta: int,
        state: int,
        taker: int,
    ) -> int:
        if self.nodes >= self.limit:
            raise OutOfBudget
        return super()._follower(hands, cards, seat, counters, alpha, beta, state, taker)

    def _closer(
        self,
        hands: list[int],
        cards: list[int],
        seat: int,
        counters: Counters,
        alpha: int,
        beta: int,
        state: int,
        taker: int,
    ) -> int:
        if self.nodes >= self.limit:
            raise OutOfBudget
        return super()._closer(hands, cards, seat, counters, alpha, beta, state, taker)


class Record(Protocol):
    """A line of play as a seat at the table met it: ``states[i]`` after ``moves[i]`` (``moves[0]`` is None:
    the deal), and ``events[i]``, what the table was told of that move (:class:`oldtricks.scenarios.replay.Line`)."""

    @property
    def game(self) -> Game[Any]: ...

    @property
    def states(self) -> Sequence[Any]: ...

    @property
    def moves(self) -> Sequence[Move | None]: ...

    @property
    def events(self) -> Sequence[Sequence[Any]]: ...


class Knowledge(Protocol):
    """What the seat to move knows of the hidden cards, able to draw states that agree with it."""

    def sample(self, rng: Rng, tries: int) -> Any | None:
        """A full position (every hand dealt from the draw) that agrees with the seat's knowledge, or None
        when ``tries`` draws found none."""
        ...


class Adapter(Protocol):
    """A game's side of the strong bot (its package's ``strong`` module, as ``ADAPTER``); ``budget`` is its
    work per move, in its own unit."""

    budget: Budget

    def knowledge(self, record: Record) -> Knowledge | str:
        """What the seat to move at the record's end knows; or, where the strong bot does not search this
        move, why (in words)."""
        ...

    # optional: ``decide(record, rng, simple, budget) -> Decision | None``, the game's own decision where it
    # values a move its own way (Drogue's calls), None elsewhere; ``simple`` is the simple bot's move

    def solve(self, game: Game[Any], state: Any, legal: Sequence[Move], limit: int) -> tuple[dict[Move, int], int]:
        """Each legal move's value for the seat to move in ``state`` (higher is better) with best play by
        all, and the work spent; raises :class:`OutOfBudget` past ``limit``."""
        ...


@dataclass(frozen=True)
class Decision:
    """What the strong bot did: the move, the samples solved, the work spent, each move's mean value over
    the samples, and ``reason``: why it made the simple bot's move instead ("" when it searched)."""

    move: Move
    samples: int = 0
    work: int = 0
    values: Mapping[str, float] = field(default_factory=dict)
    reason: str = ""

    def as_json(self) -> dict[str, Any]:
        return {
            "move": str(self.move),
            "samples": self.samples,
            "work": self.work,
            "values": dict(self.values),
            "reason": self.reason,
        }


# The budget of a game whose adapter names no other (Drogue's card play): what 0.45 CPU seconds of CPython buy,
# one second in Pyodide (2.1-2.2 times slower on the same moves); Drogue's search, sampling included, runs some
# 220,000 nodes a CPU second on its costliest moves (bench/strong_bench.py). Each game's adapter may size its own.
BUDGET = Budget(nodes=nodes_for(0.45, 220_000), samples=12, least=3, drop=True)
_ADAPTERS: dict[type[Any], Adapter] = {}


def adapter_of(game: Game[Any]) -> Adapter:
    """The game's adapter: ``ADAPTER`` of the ``strong`` module beside the game's own (imported on first use)."""
    cls = type(game)
    got = _ADAPTERS.get(cls)
    if got is None:
        package = cls.__module__.rsplit(".", 1)[0]
        got = _ADAPTERS[cls] = import_module(f"{package}.strong").ADAPTER
    return got


def budget_of(adapter: Adapter, game: Game[Any]) -> Budget:
    """The adapter's budget for ``game``: its ``budget_for(game)`` where it has one (one adapter serves
    every game of its package: Drużbart and Clock Druzbart), else its :attr:`Adapter.budget`."""
    pick = getattr(adapter, "budget_for", None)
    return adapter.budget if pick is None else pick(game)


@dataclass
class Sampled:
    """What :func:`sample_and_solve` found: each move's total over the samples solved, how many were solved,
    the work spent, and whether the draws ran dry (a sample with no deal that agrees)."""

    totals: dict[Move, int]
    solved: int = 0
    spent: int = 0
    dry: bool = False

    def best(self, simple: Move) -> Move:
        """The move with the best total (:func:`best_move`)."""
        return best_move(self.totals, simple)


def best_move(values: Mapping[Move, int], simple: Move) -> Move:
    """The move of best value; a tie goes to ``simple`` (the simple bot's move), else the first in ``values``."""
    top = max(values.values())
    best = [m for m in values if values[m] == top]
    return simple if simple in best else best[0]


def sample_and_solve(
    known: Knowledge,
    rng: Rng,
    budget: Budget,
    legal: Sequence[Move],
    solve: Callable[[Any, int], tuple[Mapping[Move, int], int]],
    draws: int | None = None,
) -> Sampled:
    """Draw samples of ``known`` and ``solve`` each (its moves' values and the work, within a limit; raises
    :class:`OutOfBudget` past it) until ``budget.samples`` are solved, its nodes are spent, the draws run dry
    or ``draws`` samples were drawn. A sample past its share (:attr:`Budget.per_sample`) is set aside where
    the budget says ``drop``, else it ends the search with every node spent."""
    got = Sampled(dict.fromkeys(legal, 0))
    drawn = 0
    while got.solved < budget.samples and got.spent < budget.nodes and (draws is None or drawn < draws):
        sample = known.sample(rng, budget.tries)
        if sample is None:
            got.dry = True
            break
        drawn += 1
        limit = min(budget.per_sample, budget.nodes - got.spent)
        try:
            values, used = solve(sample, limit)
        except OutOfBudget:
            if not budget.drop:
                got.spent = budget.nodes
                break
            got.spent += limit  # set aside: the next sample is drawn while nodes are left
            continue
        got.spent += used
        got.solved += 1
        for move in legal:
            got.totals[move] += values[move]
    return got


def decide(record: Record, rng: Rng, budget: Budget | None = None) -> Decision:
    """The strong bot's move for the seat to move at the end of ``record`` (see the module's docstring);
    ``budget``: the game's own (:attr:`Adapter.budget`) unless given."""
    game = record.game
    state = record.states[-1]
    legal = game.legal_moves(state)
    if not legal:
        raise ValueError("the game is over: no move to make")
    simple = game.bot_move(state, Rng(rng.next_u64()))  # the fallback, and the tie-break
    if len(legal) == 1:
        return Decision(legal[0], reason="the only legal move")
    adapter = adapter_of(game)
    own = getattr(adapter, "decide", None)  # a game that values some moves its own way (Drogue's calls)
    made: Decision | None = None if own is None else own(record, rng, simple, budget)
    if made is not None:
        return made
    budget = budget or budget_of(adapter, game)
    known = adapter.knowledge(record)
    if isinstance(known, str):
        return Decision(simple, reason=known)
    got = sample_and_solve(known, rng, budget, legal, lambda sample, limit: adapter.solve(game, sample, legal, limit))
    totals, solved, spent = got.totals, got.solved, got.spent
    if solved < budget.least:
        why = (
            "no deal of the hidden cards agrees with the play"
            if solved == 0 and spent == 0
            else (f"the budget of {budget.nodes:,} solves {solved} of the {budget.least} samples needed here")
        )
        return Decision(simple, solved, spent, reason=why)
    move = got.best(simple)
    return Decision(move, solved, spent, {str(m): totals[m] / solved for m in legal})


def strong_move(record: Record, rng: Rng, budget: Budget | None = None) -> Move:
    """The strong bot's move (:func:`decide`)."""
    return decide(record, rng, budget).move
