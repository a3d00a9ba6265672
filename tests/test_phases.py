"""Each phase's ``allowed(table, state)`` is the one place its legality lives: on random games under a sample
of option combinations, the legal moves are its cards in its order, every other card of the mover's hand is
refused (citing its rule, or for Drużbart the reading of the ranking that keeps the card out), and the
bots play one of its cards."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from oldtricks.core.game import Game
from oldtricks.core.moves import Constraint, Move
from oldtricks.core.prng import Rng
from oldtricks.core.registry import make_game
from oldtricks.errors import IllegalMoveError
from oldtricks.games.bettelmann import Bettelmann
from oldtricks.games.druzbart import Druzbart
from test_game_ends import combinations

COMBINATIONS = 6  # option combinations a game plays here, drawn from all it accepts (test_game_ends.py)
MOVES = 400  # the first moves of each game


def phase_of(game: Game[Any]) -> Any:
    """The game's play phase module (``games/<package>/play.py``)."""
    return importlib.import_module(type(game).__module__.rsplit(".", 1)[0] + ".play")


def readings(game: Game[Any]) -> set[str]:
    """The rules a refusal may cite instead of the phase's: the option choices' and the reading's rules."""
    return {rule.id for rule in game.rules}


def positions(name: str, seed: int) -> list[tuple[Bettelmann | Druzbart, Any]]:
    combos = combinations(name)
    chosen = random.Random(f"{name}|{seed}").sample(range(len(combos)), min(COMBINATIONS, len(combos)))
    out: list[tuple[Bettelmann | Druzbart, Any]] = []
    for k in chosen:
        game = make_game(name, combos[k])
        trick_game = game
        assert isinstance(trick_game, Bettelmann | Druzbart)  # the games whose play phase this reads
        state, rng = game.new_state(seed=seed + k), Rng(seed + k)
        for _ in range(MOVES):
            if game.outcome(state) is not None or game.to_play(state) is None:
                break
            out.append((trick_game, state))
            state, _events = game.apply(state, game.bot_move(state, rng))
    return out


@pytest.mark.parametrize("name", ["bettelmann", "todundleben", "druzbart", "clock"])
def test_the_legal_moves_and_the_refusals_ask_the_phase(name: str) -> None:
    checked = refused = 0
    for game, state in positions(name, 11):
        phase = phase_of(game)
        allowed: Constraint = phase.allowed(game.table, state)
        legal = game.legal_moves(state)
        cards = [m.card for m in legal if m.kind == "play"]
        if not cards:  # between deals: the next deal is dealt, no card is played
            assert allowed.cards == () and len(legal) == 1 and legal[0].kind == "deal"
            continue
        assert tuple(cards) == allowed.cards and allowed.rule in readings(game)
        seat = game.to_play(state)
        assert seat is not None
        hand = state.hands[seat] if hasattr(state, "hands") else state.piles[seat]
        for card in hand:
            if card in allowed.cards:
                continue
            error = game.why_illegal(state, Move(seat, "play", card))
            assert isinstance(error, IllegalMoveError) and error.rule in readings(game), (card, error)
            if name in ("bettelmann", "todundleben"):
                assert error.rule == allowed.rule
            refused += 1
        assert game.bot_move(state, Rng(checked)).card in allowed.cards
        checked += 1
    assert checked > 200 and refused > 50, (checked, refused)


def test_a_game_that_ignored_its_phase_would_be_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test above fails where the legal moves are not the phase's (here: Drużbart's legal moves with the
    head rule dropped, every card of the hand allowed)."""
    game = make_game("druzbart")

    def every_card(self: Any, state: Any) -> list[Move]:
        if state.turn is None or state.dealing:
            return original(self, state)
        return [Move(state.turn, "play", card) for card in state.hands[state.turn]]

    original = type(game).legal_moves
    monkeypatch.setattr(type(game), "legal_moves", every_card)
    with pytest.raises(AssertionError):
        test_the_legal_moves_and_the_refusals_ask_the_phase("druzbart")
