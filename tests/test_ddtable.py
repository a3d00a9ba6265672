"""The double-dummy table of a Drużbart and a Clock Druzbart deal (each seat leading first, each side's
tricks): against the solver's own analysis of the deal's start for the leader as dealt, against plain
minimax through the game's own rules on small hands for every leader, and read from the deal as dealt
whatever has been played since."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from oldtricks import make_game
from oldtricks.analysis.search import brute_force
from oldtricks.core.ddtable import DealTable
from oldtricks.core.game import evolve
from oldtricks.core.prng import Rng
from oldtricks.errors import AnalysisError
from solver_helpers import random_move
from typed import analysis_of, druzbart


def _first(game: Any, state: Any) -> int:
    return int(state.leader)


@pytest.mark.parametrize(
    ("name", "options", "seeds"),
    [
        ("druzbart", {"pack": 32}, range(1, 5)),  # the 36-card deal takes seconds: its analysis most
        ("clock", {}, range(1, 3)),
        ("clock", {"pack": 32, "lines": 2, "end": "all"}, range(1, 3)),
    ],
)
def test_the_row_as_dealt_is_the_solver_s_value_of_the_deal(name: str, options: dict[str, Any], seeds: range) -> None:
    """The leader as dealt: the best card's value in :meth:`analyse` of the deal's first position is his
    side's margin (Drużbart) or his own tricks (Clock) in the table's row for him."""
    game = druzbart(name, options)
    for seed in seeds:
        state = game.new_state(seed=seed)
        dd = game.double_dummy_table(state)
        first = _first(game, state)
        assert dd.marked == first and "(as dealt)" in dd.rows[first]
        best = analysis_of(game.analyse(state)).moves[0].value
        row = dd.cells[first]
        if name == "clock":
            assert row[first] == best
        else:
            side = game.side_of(first)
            assert row[side] - row[1 - side] == best
            assert max(row) == 5 or row == (4, 4)  # druzbart.end: the deal stops at a fifth trick


def _small_start(game: Any, seed: int, size: int) -> Any:
    """The start of a deal whose hands are cut to ``size`` cards each (the rest left out)."""
    state = game.new_state(seed=seed)
    hands = tuple(hand[:size] for hand in state.hands)
    return evolve(state, deal=replace(state.deal, hands=hands), hands=hands)


def _team_minimax(game: Any, state: Any, number: int) -> tuple[int, ...]:
    """Each team's tricks when the deal stops, the first team playing for the most tricks over the
    second and the second the other way: plain minimax over legal_moves and apply."""
    if state.turn is None or state.dealing or state.number != number:
        return tuple(state.history[-1].tricks)  # the deal closed: its tricks as the slate recorded them
    ends = [_team_minimax(game, game.apply(state, m)[0], number) for m in game.legal_moves(state)]
    pick = max if game.side_of(state.turn) == 0 else min
    return pick(ends, key=lambda t: t[0] - t[1])


def _own_minimax(game: Any, state: Any, number: int, p: int) -> int:
    """Clock player ``p``'s own tricks when the deal stops, the two others playing against him: plain
    minimax over legal_moves and apply."""

    def ours(s: int) -> bool:
        return s == p

    def done(s: Any) -> bool:
        return bool(s.turn is None or s.dealing or s.number != number)

    def value(s: Any) -> int:
        return int(s.history[-1].tricks[p])

    return brute_force(game, state, ours, done, value)


@pytest.mark.parametrize(
    ("name", "options", "size", "count"),
    [
        ("druzbart", {}, 3, 12),
        ("druzbart", {"pack": 32, "seven": "gracz", "obers": "beaters"}, 3, 8),
        ("clock", {}, 3, 3),
        ("clock", {"lines": 2, "matador_lost": 1}, 3, 3),
        ("clock", {"pack": 32, "lines": 1, "end": "all"}, 3, 3),
    ],
)
def test_every_row_equals_plain_minimax_on_small_hands(
    name: str, options: dict[str, Any], size: int, count: int
) -> None:
    """Each seat leading first: the table's numbers are plain minimax's through the game's own rules (a
    team's tricks at the deal's end; each Clock player's own tricks, the two others against him)."""
    game = make_game(name, options)
    for seed in range(1, count + 1):
        start = _small_start(game, seed, size)
        cells = game.double_dummy_table(start).cells
        for leader in range(game.num_seats):
            state = evolve(start, leader=leader, turn=leader)
            if name == "clock":
                want = tuple(_own_minimax(game, state, start.number, p) for p in range(3))
            else:
                want = _team_minimax(game, state, start.number)
            assert cells[leader] == want, (seed, leader)


def test_the_table_is_of_the_deal_as_dealt_and_of_clock_s_lines_then() -> None:
    """Played on, a later deal's table reads its hands as dealt and its lines as they were when it began
    (clock.lines), not the cards and lines left."""
    game = make_game("clock", {"pack": 32, "lines": 9, "end": "all"})
    state, rng = game.new_state(seed=5), Rng(5)
    while state.number < 2 or state.dealing:
        assert state.turn is not None  # nine lines each: one deal clears nobody
        state = game.apply(state, random_move(game, state, rng))[0]
    start = state
    assert start.lines != (9, 9, 9)  # the first deal erased lines: the second starts with fewer
    for _ in range(7):
        state = game.apply(state, random_move(game, state, rng))[0]
    assert state.number == 2 and state.hands != start.hands
    assert game.double_dummy_table(state).cells == game.double_dummy_table(start).cells
    fresh = evolve(start, lines=(1, 1, 1), history=())
    assert game.double_dummy_table(fresh).cells != game.double_dummy_table(start).cells


def test_the_words_name_the_leaders_and_the_sides() -> None:
    game = make_game("druzbart", {"pack": 32})
    dd = game.double_dummy_table(game.new_state(seed=2))
    assert isinstance(dd, DealTable)
    assert dd.columns == ("South–North", "West–East")
    assert dd.rows[0].startswith("South leads") and dd.corner == "First lead"
    assert "fifth trick" in dd.measure and dd.numbers["tricks"] == [list(r) for r in dd.cells]
    assert dd.render()[1].split()[-2:] == ["South–North", "West–East"]
    clock = make_game("clock")
    said = clock.double_dummy_table(clock.new_state(seed=2))
    assert said.columns == ("South", "West", "East") and "two others" in said.note


def test_a_game_without_a_table_says_so_by_name() -> None:
    game = make_game("bettelmann")
    with pytest.raises(AnalysisError, match="Bettelmann has no double-dummy table"):
        game.double_dummy_table(game.new_state(seed=1))
