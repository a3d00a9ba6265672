"""A move is a value: ``str()`` and :meth:`Move.parse` round-trip, and ``repr()`` pastes back, for every
legal move of random positions of every game, under random option combinations."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oldtricks.core.moves import Move
from oldtricks.core.prng import Rng
from oldtricks.core.registry import GAMES, make_game
from oldtricks.errors import InvalidNotationError
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load
from test_game_ends import combinations

# every option combination a game accepts, listed once a run (Drogue's 393,216 take half a second to list),
# one drawn by its index (hypothesis labels a sampled_from by its elements: a second for that list)
_combinations = functools.cache(combinations)


def _round_trips(move: Move, pattern: str) -> None:
    assert Move.parse(str(move), move.seat, pattern) == move, repr(move)  # type: ignore[arg-type]
    assert eval(repr(move), {"Move": Move}) == move, repr(move)  # the repr is code by design


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_every_legal_move_of_random_positions_round_trips(name: str, data: st.DataObject) -> None:
    combos = _combinations(name)
    options = combos[data.draw(st.integers(0, len(combos) - 1), label="options")]
    seed = data.draw(st.integers(0, 2**32), label="seed")
    game = make_game(name, options)
    rng = Rng(seed)
    state = game.new_state(seed=seed)
    checked: set[Move] = set()  # a move's notation is the move's alone: each is checked once
    for _ in range(data.draw(st.integers(0, 400), label="moves")):
        if game.to_play(state) is None:
            break
        legal = game.legal_moves(state)
        for move in legal:
            if move not in checked:
                _round_trips(move, game.pack.pattern)
                checked.add(move)
        state, _ = game.play(state, legal[rng.below(len(legal))])


def test_every_move_of_every_scenario_round_trips(scenario_root) -> None:
    """The moves the scenarios write, out-of-turn leads and forgotten calls among them, which no list of
    legal moves offers."""
    kinds: set[str] = set()
    for path in sorted(scenario_root.rglob("*.toml")):
        played = replay(load(path, scenario_root))
        for move in played.line.moves:
            if move is not None:
                _round_trips(move, played.game.pack.pattern)
                kinds.add(move.kind)
    assert {"play", "deal", "bid", "pass", "call", "trump", "name", "show", "lead"} <= kinds


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "empty move"), ("UA", "a word in lower case"), ("Bid 5", "a word in lower case"), ("lead", "names its card")],
)
def test_a_text_that_is_no_move_is_refused_naming_it(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError, match=message):
        Move.parse(text, 0)


def test_a_card_is_read_in_its_pattern() -> None:
    german = Move.parse("UA", 1, "german")
    assert german.kind == "play" and german.card is not None and german.card.pattern == "german"
    assert repr(german) == "Move.parse('UA', seat=1, pattern='german')"
    with pytest.raises(InvalidNotationError):
        Move.parse("XZ", 1, "french")
