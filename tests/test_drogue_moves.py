"""Drogue's typed moves (games/drogue/moves.py): every legal move reads into one, and back to the same Move."""

from __future__ import annotations

import pytest

from oldtricks import make_game
from oldtricks.core.moves import Move
from oldtricks.core.prng import Rng
from oldtricks.games.drogue import Drogue, moves

OPTIONS = [
    {"deals": 3, "table": "lenient"},
    {"deals": 3, "mode": "silent", "table": "lenient"},
    {"deals": 2, "partners": "kings"},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("seed", range(6))
def test_every_legal_move_reads_into_a_typed_move_and_back(options: dict[str, object], seed: int) -> None:
    game = make_game("drogue", options)
    assert isinstance(game, Drogue)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    kinds = set()
    while game.to_play(state) is not None:
        for move in game.legal_moves(state):
            typed = moves.read(move, game.table.pack)
            assert typed is not None, str(move)
            assert typed.move() == move
            kinds.add(type(typed).__name__)
        state, _ = game.apply(state, game.bot_move(state, rng))
    assert {"Bid", "Pass", "NameTrump", "PlayCard", "Plain"} <= kinds


@pytest.mark.parametrize(
    "move",
    [
        Move(0, "bid", None, "x"),
        Move(0, "call", None, "hello"),
        Move(0, "show", None, "ZZ"),
        Move(0, "trump", None, "X"),
    ],
    ids=str,
)
def test_what_is_no_drogue_move_reads_as_none(move: Move) -> None:
    game = make_game("drogue")
    assert isinstance(game, Drogue)
    assert moves.read(move, game.table.pack) is None
