"""The strong bot's bids in Drogue: each call valued by solving the card play of sampled deals.

At a call of the auction (a bid or a pass) and at naming trump, the strong seat draws the hidden hands
that agree with what it knows (:class:`oldtricks.analysis.hiddenhands.SeatKnowledge`, the Drogue hooks of
:mod:`.strong`: its own hand, and every call so far replayed on the draw in the same words). On each draw
and for each legal call it lets the auction run on, every seat calling as the simple bot does (:mod:`.bots`),
to its end: who makes, and which suit is trump. A deal where all pass is dealt again, which neither side
gains by (0). Otherwise the card play with that trump is solved, every hand of the draw known: one
null-window search of the game's solver (:mod:`.solver`) tells whether the side of the seat wins the deal,
the game's scoring read from :func:`.solver.target` (one deal alone: more card points than the other side,
drogue.points.result; in an evening with the drogue worn: whether the side without it reaches its
points, drogue.threshold), worth +1, 0 (sixty all) or -1. The call with the best total over the draws is
made; a tie goes to the simple bot's call. The same trump met again on one draw is solved once, and a draw
on which every call leads to the same trump is not solved at all: it adds the same to every call. The
:class:`Decision`'s values are each call's mean gain over the simple bot's call (its own 0; +2 a deal won
instead of lost on every draw), for the statistics and the tests: the reader's table shows only the move.

The work is a budget of search nodes (:data:`BID_BUDGET`), never the clock, so a seeded game replays alike in
CPython and Pyodide. A draw whose searches would pass its share of the nodes (:data:`SHARE`) is left out and
the next one drawn, three times :attr:`Budget.samples` at most: the first trick is far from the end, and a
few draws would take the whole budget (the nodes a draw takes vary a hundredfold). Where fewer than
:attr:`Budget.least` draws are solved, the bot makes the simple bot's call and says why in its
:class:`Decision`; so it does where the draws find no deal that agrees with the calls (an equal count
settled on card values tells both values, which few draws match).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...analysis.hiddenhands import SeatKnowledge, TableHooks
from ...analysis.search import Position
from ...analysis.strong import BoundedSearch, Budget, Decision, Record, sample_and_solve
from ...core.moves import Move
from ...core.prng import Rng
from . import solver
from .shape import SEATS, TEAMS
from .state import DrogueState

# 0.45 s of CPU in CPython (1 s in Pyodide) at about 2.5 µs a node, with room for the draws and the auctions
BID_BUDGET = Budget(nodes=80_000, samples=8, least=3, tries=150)
SHARE = 6  # a draw may take this share of the nodes: half the draws need fewer (deals 1-15, at the calls)
CALLS = ("bid", "pass", "trump")  # the moves valued here: the four-Mandrins call and the floor stay the simple bot's
ROLL_SEED = 0  # the simple bots' generator while an auction runs on (their calls draw nothing from it)


def decide_call(
    record: Record, rng: Rng, simple: Move, hooks: TableHooks, budget: Budget | None = None
) -> Decision | None:
    """The strong bot's call at the end of ``record`` (see the module's docstring), or None when the move is
    not a call this module values; ``simple`` is the simple bot's move (the fallback and the tie-break),
    ``hooks`` what a Drogue seat sees (:class:`.strong.Hooks`)."""
    game: Any = record.game
    state: DrogueState = record.states[-1]
    if state.phase not in ("auction", "trump") or state.asking is not None:
        return None
    legal = game.legal_moves(state)
    if any(m.kind not in CALLS for m in legal):
        return None
    if game.options["four_jacks"] != "free":
        return Decision(
            simple, reason="the solver does not play the four-Jacks variant: the strong bot bids as the simple one"
        )
    budget = budget or BID_BUDGET
    known = SeatKnowledge(record, hooks)
    # a draw may take its share of the nodes, and is set aside past it (as the card play's budget may say)
    budget = replace(budget, share=budget.nodes // SHARE, drop=True)
    got = sample_and_solve(
        known, rng, budget, legal, lambda sample, limit: outcomes(game, sample, legal, limit), 3 * budget.samples
    )
    totals, solved, spent = got.totals, got.solved, got.spent
    if solved < budget.least:
        if got.dry:
            why = f"{solved} of the {budget.least} deals needed here agree with the calls in {budget.tries} draws"
        else:
            why = f"the budget of {budget.nodes:,} solves {solved} of the {budget.least} samples needed here"
        return Decision(simple, solved, spent, reason=why)
    move = got.best(simple)
    # each call's mean gain over the simple bot's call (a draw where all calls come to the same adds 0 to each)
    return Decision(move, solved, spent, {str(m): (totals[m] - totals[simple]) / solved for m in legal})


def outcomes(game: Any, state: DrogueState, legal: Sequence[Move], limit: int) -> tuple[dict[Move, int], int]:
    """For one deal with every hand known: each call's outcome for the side of the seat to call (+1 a win,
    0 a draw or a new deal, -1 a loss), the auction run on by the simple bots, and the search nodes spent;
    raises :class:`~oldtricks.analysis.search.OutOfBudget` past ``limit``."""
    assert state.turn is not None
    side = TEAMS[state.turn]
    ends = {move: run_on(game, state, move) for move in legal}
    trumps = {None if end is None else end.trump for end in ends.values()}
    if len(trumps) == 1:
        return dict.fromkeys(legal, 0), 0  # every call leads to the same trump: the draw tells them nothing apart
    solved: dict[str | None, int] = {None: 0}  # all passed: a new deal (drogue.bid.all-pass)
    spent = 0
    for end in ends.values():
        if end is not None and end.trump not in solved:
            solved[end.trump], used = outcome(game, end, side, limit - spent)
            spent += used
    return {move: solved[None if end is None else end.trump] for move, end in ends.items()}, spent


def run_on(game: Any, state: DrogueState, move: Move) -> DrogueState | None:
    """The position at the first card after ``move``, every later call the simple bot's; None when the
    auction ends with no bid (the cards are dealt again, or the sitting stops at its cap)."""
    rng = Rng(ROLL_SEED)
    after: DrogueState = game.advance(state, move)[0]
    while after.phase in ("auction", "trump") and after.redeals == state.redeals and after.turn is not None:
        after = game.advance(after, game.bot_move(after, rng))[0]
    if after.phase != "play" or after.redeals != state.redeals or after.trump is None:
        return None
    return after


def outcome(game: Any, state: DrogueState, side: int, limit: int) -> tuple[int, int]:
    """Whether ``side`` wins the deal from its first card with best play by all (+1, 0 or -1), by the
    game's scoring (:func:`.solver.target`), and the nodes spent; raises
    :class:`~oldtricks.analysis.search.OutOfBudget` past ``limit``."""
    assert state.trump is not None
    assert state.turn is not None
    model = solver.model_of(game, state.trump)
    pos = Position(tuple(model.mask(h) for h in state.hands), (), state.turn, ())
    goal = solver.target(game, state)
    # the search's values are the points of "our" side minus the other side's (even: 120 in all)
    if goal is None:  # more points wins the deal, sixty all a draw (drogue.points.result)
        search = BoundedSearch(model, _side(side), model.priority(), limit)
        v = search.probe(pos, -1, 1)
        return (1 if v > 0 else -1 if v < 0 else 0), search.nodes
    free, need = goal  # drogue.threshold: does the side without the drogue reach its points?
    test = 2 * need - solver.TOTAL
    search = BoundedSearch(model, _side(free), model.priority(), limit)
    made = search.probe(pos, test - 1, test) >= test
    return (1 if made == (side == free) else -1), search.nodes


def _side(side: int) -> list[bool]:
    return [TEAMS[s] == side for s in range(SEATS)]  # drogue.partners
