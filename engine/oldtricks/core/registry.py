"""The games the engine knows, by name, and the ledger rows they implement.

A game's module is imported the first time the game is asked for (:data:`GAMES` is a read-only
mapping that loads on lookup): the live engine in the browser compiles every module it imports from
source, and a reader who plays Bettelmann need not wait for Drogue's.

>>> make_game("clock").title, family_of("druzbart.head"), "bettelmann.rank" in all_rules()
('Clock Druzbart', 'Drużbart', True)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from importlib import import_module
from typing import Any

from ..errors import InvalidOptionError
from .game import Game
from .options import Rule

# name -> (module, class), in ledger order
_WHERE: dict[str, tuple[str, str]] = {
    "bettelmann": ("oldtricks.games.bettelmann", "Bettelmann"),
    "todundleben": ("oldtricks.games.bettelmann", "TodUndLeben"),
    "druzbart": ("oldtricks.games.druzbart", "Druzbart"),
    "clock": ("oldtricks.games.druzbart", "ClockDruzbart"),
    "drogue": ("oldtricks.games.drogue", "Drogue"),
}


class _Games(Mapping[str, type[Game[Any]]]):
    """Game classes by name; a game's module is imported on first lookup."""

    def __init__(self, where: Mapping[str, tuple[str, str]]) -> None:
        self._where = dict(where)
        self._loaded: dict[str, type[Game[Any]]] = {}

    def __getitem__(self, name: str) -> type[Game[Any]]:
        cls = self._loaded.get(name)
        if cls is None:
            module, attr = self._where[name]  # KeyError for an unknown name, as a dict
            cls = self._loaded[name] = getattr(import_module(module), attr)
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, name: object) -> bool:
        return name in self._where

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self._where)})"


GAMES: Mapping[str, type[Game[Any]]] = _Games(_WHERE)

# Ledger sections: a game family shares one section of rule ids.
FAMILIES: dict[str, tuple[str, ...]] = {
    "Bettelmann": ("bettelmann", "todundleben"),
    "Drużbart": ("druzbart", "clock"),
    "Drogue": ("drogue",),
}


def game_class(name: str) -> type[Game[Any]]:
    """The game called ``name``; raises :class:`InvalidOptionError` listing the known games."""
    try:
        return GAMES[name]
    except KeyError:
        shown = name if len(name) <= 40 else name[:37] + "..."
        raise InvalidOptionError(f"unknown game {shown!r}: expected one of {', '.join(GAMES)}", field="game") from None


def make_game(name: str, options: Mapping[str, object] | None = None, names: Sequence[str] | None = None) -> Game[Any]:
    return game_class(name)(options, names)


def all_rules() -> dict[str, Rule]:
    """Every ledger row implemented by some game, by id, in ledger order."""
    rules: dict[str, Rule] = {}
    for cls in GAMES.values():
        for rule in cls.rules:
            rules.setdefault(rule.id, rule)
    return rules


def family_of(rule_id: str) -> str:
    """The ledger section a rule id belongs to."""
    prefix = rule_id.split(".", 1)[0]
    for family, prefixes in FAMILIES.items():
        if prefix in prefixes:
            return family
    return prefix
