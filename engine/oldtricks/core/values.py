"""The values a game hands out: an event in words, a finished game's outcome, the deal as a chance
outcome, and the shape of an analysis as the core reads it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from .cards import Card


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in words; ``data`` carries the facts for results and panels."""

    kind: str
    text: str
    data: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    kind: Literal["win", "draw", "endless", "capped"]
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    text: str
    cycle: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "winners": list(self.winners),
            "losers": list(self.losers),
            "text": self.text,
            "cycle": self.cycle,
        }


@dataclass(frozen=True)
class Deal:
    """The chance outcome of a deal: who dealt, and the cards in dealing order (or explicit hands)."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    seed: int | None = None
    rest: tuple[Card, ...] = field(default=())


class Analysed(Protocol):
    """What :meth:`~oldtricks.core.game.Game.analyse` returns, as the core reads it: an
    :class:`oldtricks.analysis.movevalues.Analysis`, which imports :mod:`oldtricks.core.moves` (for its
    ``Move``), so that the model names it by its shape, without an import that would go round in a circle
    (``tests/test_imports.py``)."""

    @property
    def to_move(self) -> int: ...

    @property
    def measure(self) -> str: ...

    def as_json(self, step: int | None = None) -> dict[str, Any]: ...

    def render(self, names: Sequence[str]) -> str: ...
