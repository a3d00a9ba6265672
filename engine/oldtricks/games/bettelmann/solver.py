"""The solver for Bettelmann and Tod und Leben: where a player chooses among his last three cards
(bettelmann.last-three, todundleben.last-three), the outcome of each choice with best play by all.

Bettelmann has no fast form here: between two choices the play is forced (the top card of each pile,
bettelmann.lead), so the search walks the game's own ``legal_moves`` and ``advance`` and reads each
ending from the game's own outcome (bettelmann.end, todundleben.end; a repeated position,
bettelmann.cycle; the cap). Nothing is decided here but which choice is best.

A choice's value, for the seat that makes it, orders the outcomes so: a win, sooner better; then an
endless (or capped) game; then a loss, later better. With more than two players the others are taken
to play against the mover (each of them would rather the mover lose), which they need not do.

Positions met again with the same history (piles, tied cards, who begins, the trick count and the
game's cycle record) are solved once. A search that would visit more than :data:`BUDGET` choices is
refused with an :class:`~oldtricks.errors.AnalysisError`: the tree of a game far from its end can be
too large to walk.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ...analysis.movevalues import Analysis, MoveValue
from ...core.i18n import N_, _, ngettext
from ...core.moves import Move
from ...errors import AnalysisError

# The game and its state are typed loosely here: the game module imports this one (on first use), and
# an import back would be an import circle (tests/test_imports.py).
GameLike = Any
BettelmannState = Any

Result = Literal["win", "lose", "endless", "capped"]
BUDGET = 3_000  # choices visited per analysis: some two seconds of CPython
DEPTH = 200  # choices in a row on one line of play (the search recurses once per choice)
LINE_LIMIT = 64  # moves of a best continuation shown
HORIZON = 1 << 20  # tricks: larger than any game the cap allows, to order wins and losses by length

MANY_NOTE = N_(  # worded where shown: _(MANY_NOTE)
    "With more than two players there is no single best play: each value assumes the others play together"
    " against the mover, which they need not do."
)


@dataclass(frozen=True, slots=True)
class Ending:
    """How the game ends for the seat the search is for, and after how many tricks from the position."""

    result: Result
    tricks: int

    @property
    def score(self) -> int:
        """Higher is better for that seat: win soon, then draw, then lose late."""
        if self.result == "win":
            return HORIZON - self.tricks
        if self.result == "lose":
            return self.tricks - HORIZON
        return 0


class BettelmannSolver:
    """Best play for one seat ("the mover") from positions of one game."""

    def __init__(self, game: GameLike, mover: int, budget: int = BUDGET) -> None:
        self.game = game
        self.mover = mover
        self.budget = budget
        self.visited = 0
        self.depth = 0
        # key of a choice position -> (its ending, measured from that position; the best move there)
        self.table: dict[tuple[Any, ...], tuple[Ending, Move]] = {}

    @staticmethod
    def key(state: BettelmannState) -> tuple[Any, ...]:
        """Everything the rest of the game depends on, the cycle record included (bettelmann.cycle)."""
        return (
            state.piles,
            state.table,
            state.pot,
            state.leader,
            state.turn,
            state.tricks,
            state.rng,
            state.saved,
            state.power,
            state.lam,
        )

    def ending_of(self, state: BettelmannState, start: int) -> Ending:
        """The game's own outcome of a finished game, for the mover, ``start`` the trick count to measure from."""
        outcome = self.game.outcome(state)
        assert outcome is not None
        tricks = state.tricks - start
        if outcome.kind == "win":
            return Ending("lose" if self.mover in outcome.losers else "win", tricks)
        return Ending("capped" if outcome.kind == "capped" else "endless", tricks)

    def forced(self, state: BettelmannState) -> tuple[BettelmannState, list[Move]]:
        """Play on while each move is the only legal one: the first position with a choice, or the end."""
        game = self.game
        played: list[Move] = []
        while state.turn is not None:
            legal = game.legal_moves(state)
            if len(legal) > 1:
                break
            played.append(legal[0])
            state = game.advance(state, legal[0])[0]
        return state, played

    def solve(self, state: BettelmannState) -> Ending:
        """The ending from ``state`` with best play by all, measured in tricks from ``state``."""
        stop, _ = self.forced(state)
        if stop.turn is None:
            return self.ending_of(stop, state.tricks)
        ending, _ = self.choose(stop)
        return Ending(ending.result, ending.tricks + stop.tricks - state.tricks)

    def choose(self, state: BettelmannState) -> tuple[Ending, Move]:
        """At a choice: the best ending for the chooser (for the mover, or against him) and the move to it."""
        key = self.key(state)
        got = self.table.get(key)
        if got is not None:
            return got
        self.visited += 1
        if self.visited > self.budget or self.depth >= DEPTH:
            raise AnalysisError(
                f"{self.game.title}: too many choices ahead to solve (more than {self.budget:,}, or {DEPTH} in a"
                " row); try a step nearer the end of the game"
            )
        self.depth += 1
        ours = state.turn == self.mover
        best: tuple[Ending, Move] | None = None
        for move in self.game.legal_moves(state):
            after, _ = self.game.advance(state, move)
            got_after = self.solve(after)
            ending = Ending(got_after.result, got_after.tricks + after.tricks - state.tricks)
            if best is None or (ending.score > best[0].score if ours else ending.score < best[0].score):
                best = ending, move
        assert best is not None
        self.depth -= 1
        self.table[key] = best
        return best

    def line(self, state: BettelmannState, limit: int = LINE_LIMIT) -> list[Move]:
        """The best continuation from ``state``: every move, forced or chosen, up to ``limit``."""
        out: list[Move] = []
        while state.turn is not None and len(out) < limit:
            legal = self.game.legal_moves(state)
            move = legal[0] if len(legal) == 1 else self.choose(state)[1]
            out.append(move)
            state = self.game.advance(state, move)[0]
        return out


def words(ending: Ending, who: str) -> str:
    """What an ending means for the mover, ``who`` (by name), in words."""
    n = ending.tricks
    tricks = ngettext("{count} more trick", "{count} more tricks", n).format(count=n)
    if ending.result == "win":
        text = _("with best play {seat} wins, after {tricks}")
    elif ending.result == "lose":
        text = _("with best play {seat} loses (the Beggar), after {tricks}")
    elif ending.result == "capped":
        text = _("with best play nobody runs out: the game stops at the agreed cap after {tricks}")
    else:
        text = _("with best play nobody runs out: the game repeats itself and is endless after {tricks}")
    return text.format(seat=who, tricks=tricks)


def signed(ending: Ending) -> int:
    """The value shown: the tricks to the end, positive for a win, negative for a loss, 0 for no winner."""
    if ending.result == "win":
        return ending.tricks
    if ending.result == "lose":
        return -ending.tricks
    return 0


MEASURE = N_(  # worded where shown: _(MEASURE)
    "the tricks to the end with best play: positive if {who}, to play, wins, negative if {who} loses, 0 if nobody"
    " runs out; best first (a win soon, then no winner, then a loss late)"
)


def analyse(game: GameLike, state: BettelmannState, budget: int = BUDGET) -> Analysis:
    """Every legal move of the seat to play with the outcome it leads to (see the module's docstring)."""
    seat = state.turn
    if seat is None:
        raise AnalysisError(f"{game.title}: no card to turn up here (the game is over)")
    solver = BettelmannSolver(game, seat, budget)
    who = game.seat_names()[seat]
    rows: list[tuple[int, int, MoveValue]] = []
    for i, move in enumerate(game.legal_moves(state)):
        after, _steps = game.advance(state, move)
        rest = solver.solve(after)
        ending = Ending(rest.result, rest.tricks + after.tricks - state.tricks)
        line = tuple(solver.line(after))
        rows.append((ending.score, -i, MoveValue(move, signed(ending), line, words(ending, who), ending.result)))
    rows.sort(key=lambda r: (r[0], r[1]), reverse=True)
    note = _(MANY_NOTE) if game.num_seats > 2 else ""
    return Analysis(seat, _(MEASURE).format(who=who), tuple(r[2] for r in rows), note)
