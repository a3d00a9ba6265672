"""The games the engine knows, by name, and the ledger rows they implement."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .errors import InvalidOptionError
from .games.bettelmann import Bettelmann, TodUndLeben
from .games.drogue import Drogue
from .games.druzbart import ClockDruzbart, Druzbart
from .model import Game, Rule

GAMES: dict[str, type[Game[Any]]] = {
    "bettelmann": Bettelmann,
    "todundleben": TodUndLeben,
    "druzbart": Druzbart,
    "clock": ClockDruzbart,
    "drogue": Drogue,
}

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
        raise InvalidOptionError(f"unknown game {name!r}: expected one of {', '.join(GAMES)}") from None


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
