"""oldtricks: a rules engine for three extinct card games (Bettelmann, Drużbart, Drogue).

>>> from oldtricks import make_game
>>> game = make_game("bettelmann", {"tie": "first-player"})
>>> state = game.new_state(seed=7)
>>> [str(m) for m in game.legal_moves(state)]
['7L']
"""

from __future__ import annotations

__version__ = "0.1.0"

from .core.cards import Card, Pack
from .core.game import Game
from .core.moves import Move
from .core.options import Rule
from .core.registry import GAMES, all_rules, make_game
from .core.values import Deal, Event, Outcome
from .errors import (
    IllegalMoveError,
    InvalidDealError,
    InvalidNotationError,
    InvalidOptionError,
    LinkError,
    OldtricksError,
    ScenarioError,
)

__all__ = [
    "GAMES",
    "Card",
    "Deal",
    "Event",
    "Game",
    "IllegalMoveError",
    "InvalidDealError",
    "InvalidNotationError",
    "InvalidOptionError",
    "LinkError",
    "Move",
    "OldtricksError",
    "Outcome",
    "Pack",
    "Rule",
    "ScenarioError",
    "__version__",
    "all_rules",
    "make_game",
]
