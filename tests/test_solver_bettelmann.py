"""The Bettelmann and Tod und Leben solver: on random positions where a player chooses among his last
cards, each choice's outcome (win, lose, endless; the tricks to the end) equals plain minimax over the
game's own ``legal_moves`` and ``apply``; the analysis words it; a search too large is a clear error."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from oldtricks import make_game
from oldtricks.analysis.search import minimax_moves
from oldtricks.core.prng import Rng
from oldtricks.errors import AnalysisError
from oldtricks.games.bettelmann.solver import HORIZON, BettelmannSolver, Ending, analyse
from solver_helpers import random_move

OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("bettelmann", {}),
    ("bettelmann", {"tie": "first-player", "next_lead": "fixed", "return_order": "winner-first"}),
    ("bettelmann", {"players": 3, "run_out_in_tie": "split"}),
    ("bettelmann", {"return_order": "shuffled", "cap": 60}),
    ("todundleben", {"last_three": "on"}),
    ("todundleben", {"last_three": "on", "split": "shuffled", "return_order": "loser-first"}),
]


def choices(game: Any, count: int, seed: int, budget: int = 30) -> Iterator[Any]:
    """``count`` positions with a choice (two or three legal cards) from random games, each one whose whole
    tree of choices is small (the solver visits at most ``budget``) and ends within 80 more moves."""
    rng = Rng(seed)
    made = k = 0
    while made < count and k < 40 * count:
        k += 1
        state = game.new_state(seed=k)
        moves = 0
        while state.turn is not None and moves < 3000:
            moves += 1
            if len(game.legal_moves(state)) > 1:
                solver = BettelmannSolver(game, state.turn, budget)
                try:
                    solver.solve(state)
                except AnalysisError:
                    pass
                else:
                    if len(solver.line(state, 80)) < 80:
                        made += 1
                        yield state
                        break
            state = game.apply(state, random_move(game, state, rng))[0]


def score(game: Any, mover: int, end: Any, start: int) -> int:
    """The ending's order for ``mover`` as the game itself reports it (its outcome after ``apply``)."""
    outcome = game.outcome(end)
    tricks: int = end.tricks - start
    if outcome.kind == "win":
        return tricks - HORIZON if mover in outcome.losers else HORIZON - tricks
    return 0


@pytest.mark.parametrize(("name", "options"), OPTION_SETS)
def test_each_choice_equals_plain_minimax(name: str, options: dict[str, Any]) -> None:
    game = make_game(name, options)
    seen: set[str] = set()
    for state in choices(game, 25, seed=len(seen) + 3):
        mover, start = state.turn, state.tricks

        def ours(seat: int, m: int = mover) -> bool:
            return seat == m

        def done(s: Any) -> bool:
            return s.turn is None

        def scored(s: Any, m: int = mover, t: int = start) -> int:
            return score(game, m, s, t)

        expected = minimax_moves(game, state, ours, done, scored)
        got = {row.move: row for row in analyse(game, state).moves}
        assert set(got) == set(expected)
        for move, value in expected.items():
            ending = Ending(got[move].outcome, abs(got[move].value))  # type: ignore[arg-type]
            if got[move].outcome in ("endless", "capped"):
                assert value == 0 and got[move].value == 0
            else:
                assert ending.score == value, (move, got[move])
            seen.add(got[move].outcome)
    assert "lose" in seen or "win" in seen


def test_the_best_choice_comes_first_and_is_worded() -> None:
    game = make_game("bettelmann")
    for state in choices(game, 10, seed=8):
        analysis = analyse(game, state)
        scores = [Ending(m.outcome, abs(m.value)).score for m in analysis.moves]  # type: ignore[arg-type]
        assert scores == sorted(scores, reverse=True)
        who = game.seat_names()[state.turn]  # named: "you" would be the reader, who may sit elsewhere
        assert who in analysis.measure
        for m in analysis.moves:
            said = {"win": f"{who} wins", "lose": f"{who} loses"}.get(m.outcome, "nobody runs out")
            assert m.text.startswith(f"with best play {said}")
            assert (m.value > 0) == (m.outcome == "win") and (m.value < 0) == (m.outcome == "lose")
        json = analysis.as_json(3)
        assert {"move", "value", "line", "text", "outcome"} <= set(json["moves"][0])


def test_a_line_is_legal_play_to_the_end() -> None:
    """The best continuation after each choice is a line of legal moves that reaches the end it names."""
    game = make_game("todundleben", {"last_three": "on"})
    for state in choices(game, 8, seed=4):
        for row in analyse(game, state).moves:
            s = game.apply(state, row.move)[0]
            for move in row.line:
                assert move in game.legal_moves(s)
                s = game.apply(s, move)[0]
            if len(row.line) < 64:
                assert s.turn is None
                assert s.tricks - state.tricks == abs(row.value) or row.value == 0


def test_a_search_too_large_is_refused_in_words() -> None:
    game = make_game("bettelmann")
    state = game.new_state(seed=2)
    with pytest.raises(AnalysisError, match="too many choices ahead to solve"):
        analyse(game, state, budget=5)
    over = game.new_state(seed=1)
    while over.turn is not None:
        over = game.apply(over, game.legal_moves(over)[0])[0]
    with pytest.raises(AnalysisError, match="the game is over"):
        analyse(game, over)
