"""Random games under every combination of options: the invariants that must always hold."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import VALIDATOR
from oldtricks import IllegalMoveError, Move, make_game
from oldtricks.core.prng import Rng
from oldtricks.core.registry import GAMES
from oldtricks.core.values import Event
from oldtricks.games.bettelmann import Bettelmann, BettelmannState
from oldtricks.scenarios.frames import make_frame
from typed import bettelmann


def combinations(name: str) -> Iterator[dict[str, Any]]:
    specs = [s for s in GAMES[name].option_specs if s.choices]
    for values in itertools.product(*[[c.value for c in s.choices] for s in specs]):
        yield dict(zip([s.key for s in specs], values, strict=True))


def play_random(
    game: Bettelmann, seed: int, rng_seed: int
) -> tuple[list[Move], list[tuple[BettelmannState, list[Event]]]]:
    """A game of random legal moves; each move, a card that is not legal is refused. Its moves, and the
    state and events after each of them."""
    rng = Rng(rng_seed)
    state = game.new_state(seed=seed)
    pack = set(game.pack.cards)
    assert len(pack) == len(game.pack.cards)  # one pack: the cards are conserved when the set is and the count
    moves: list[Move] = []
    played: list[tuple[BettelmannState, list[Event]]] = []
    while game.to_play(state) is not None:
        legal = game.legal_moves(state)
        assert legal, "a game that goes on has legal moves"
        move = legal[rng.below(len(legal))]
        held = state.piles[move.seat]
        allowed = {m.card for m in legal if m == Move(move.seat, "play", m.card)}
        illegal = [c for c in game.pack.cards if c not in allowed]
        probe = Move(move.seat, "play", illegal[rng.below(len(illegal))])
        with pytest.raises(IllegalMoveError):
            game.apply(state, probe)
        assert move.card in held
        state, events = game.apply(state, move)
        moves.append(move)
        played.append((state, events))
        cards = [c for p in state.piles for c in p] + [c for _, c in state.table] + [c for _, c in state.pot]
        assert len(cards) == len(pack) and set(cards) == pack, "cards are conserved"
    return moves, played


def check_game(name: str, options: dict[str, Any], seed: int) -> None:
    options = {**options, "cap": 400}
    game = bettelmann(name, options)
    moves, played = play_random(game, seed, seed ^ 99)
    state = played[-1][0]
    assert game.outcome(state) is not None
    assert game.legal_moves(state) == [] and game.to_play(state) is None
    # replaying (options, seed, moves) gives the same states and so the same frames as the game played
    shown = [i for i in range(len(moves)) if i % 11 == 0 or i == len(moves) - 1]
    frames_a: list[dict[str, Any]] = []
    frames_b: list[dict[str, Any]] = []
    replayed = game.new_state(seed=seed)
    for i, move in enumerate(moves):
        replayed, ev = game.apply(replayed, move)
        if i in shown:
            assert replayed == played[i][0]
            frames_a.append(make_frame(game, replayed, step=i + 1, move=move, events=ev))
            frames_b.append(make_frame(game, played[i][0], step=i + 1, move=move, events=played[i][1]))
    assert json.dumps(frames_a) == json.dumps(frames_b)
    assert replayed == state
    for frame in frames_a[::4] + frames_a[-1:]:
        VALIDATOR.validate(frame)


@pytest.mark.parametrize("options", list(combinations("bettelmann")), ids=lambda o: "-".join(map(str, o.values())))
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 6))
def test_bettelmann_invariants(options: dict[str, Any], seed: int, players: int) -> None:
    check_game("bettelmann", {**options, "players": players}, seed)


@pytest.mark.parametrize("options", list(combinations("todundleben")), ids=lambda o: "-".join(map(str, o.values())))
@settings(max_examples=1, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_todundleben_invariants(options: dict[str, Any], seed: int) -> None:
    check_game("todundleben", options, seed)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_seat_view_hides_only_what_the_seat_cannot_see(seed: int) -> None:
    game = make_game("bettelmann", {"last_three": "on"})
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    while game.to_play(state) is not None:
        seat = game.to_play(state)
        frame = make_frame(game, state, step=0, viewer=seat)
        for s in frame["seats"]:
            hidden = s["seat"] != seat or s["hand"]["face"] == "down"
            assert (set(s["hand"]["cards"]) <= {"??"}) == hidden or not s["hand"]["cards"]
        legal = game.legal_moves(state)
        state, _ = game.apply(state, legal[rng.below(len(legal))])
