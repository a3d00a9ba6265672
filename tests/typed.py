"""The engine's values narrowed for mypy where a test reads more than the base type says: a game made by
name as its own class (its options, its tables), an analysis as the Analysis it is, an ended game's
Outcome. Each checks what it narrows (an assert), so a wrong guess fails the test instead of hiding."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from oldtricks import make_game
from oldtricks.analysis.movevalues import Analysis
from oldtricks.core.game import Game
from oldtricks.core.values import Analysed, Event, Outcome
from oldtricks.games.bettelmann import Bettelmann
from oldtricks.games.drogue import Drogue
from oldtricks.games.druzbart import Druzbart


def bettelmann(name: str = "bettelmann", options: Mapping[str, object] | None = None) -> Bettelmann:
    """``make_game`` for Bettelmann or Tod und Leben (a Bettelmann)."""
    game = make_game(name, options)
    assert isinstance(game, Bettelmann)
    return game


def druzbart(name: str = "druzbart", options: Mapping[str, object] | None = None) -> Druzbart:
    """``make_game`` for Drużbart or the clock game (a Drużbart)."""
    game = make_game(name, options)
    assert isinstance(game, Druzbart)
    return game


def drogue(options: Mapping[str, object] | None = None, names: Sequence[str] | None = None) -> Drogue:
    game = make_game("drogue", options, names)
    assert isinstance(game, Drogue)
    return game


def analysis_of(analysed: Analysed | None) -> Analysis:
    """What ``Game.analyse`` returned, as the Analysis it is (the core names it by its shape only)."""
    assert isinstance(analysed, Analysis)
    return analysed


def ended(out: Outcome | None) -> Outcome:
    """``Game.outcome`` of a game that has ended."""
    assert out is not None
    return out


def data(event: Event) -> Mapping[str, Any]:
    """An event's facts, of an event that carries them."""
    assert event.data is not None
    return event.data


def to_play(game: Game[Any], state: Any) -> int:
    """The seat to move, in a state where one is."""
    seat = game.to_play(state)
    assert seat is not None
    return seat
