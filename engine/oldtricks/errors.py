"""The errors the engine raises: all are :class:`ValueError` subclasses named for their cause.

>>> from oldtricks import make_game
>>> try:
...     make_game("bettelmann", {"tie": "coin"})
... except ValueError as exc:
...     print(type(exc).__name__, exc.field)
InvalidOptionError options.tie
"""

from __future__ import annotations


class OldtricksError(ValueError):
    """Base class of every error the engine raises on bad input.

    ``field`` names the part of a scenario the error is about when the raiser knows it (``"game"``,
    ``"names"``, ``"options.tie"``, ``"deal.dealer"``), so that a scenario file can point at its line
    without reading the message.
    """

    def __init__(self, message: str = "", *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class InvalidNotationError(OldtricksError):
    """A card or move token could not be read."""


class InvalidOptionError(OldtricksError):
    """An option key or value is not one the game knows."""


class IllegalMoveError(OldtricksError):
    """A move is not legal in the position; ``rule`` names the ledger id that forbids it."""

    def __init__(self, message: str, rule: str | None = None, *, field: str | None = None) -> None:
        super().__init__(message, field=field)
        self.rule = rule


class InvalidDealError(OldtricksError):
    """Explicit hands that are not a deal of the game's pack."""


class ScenarioError(OldtricksError):
    """A scenario file is broken; the message starts with ``path:line:``."""

    def __init__(self, message: str, path: str = "<scenario>", line: int | None = None) -> None:
        self.path = path
        self.line = line
        self.reason = message
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {message}")


class LinkError(OldtricksError):
    """A share link could not be decoded; ``field`` is the link's field at fault (``"n"``, ``"m"``), when one is."""


class StudyError(LinkError):
    """A study link or file cannot be read; ``chapter`` is the chapter at fault (from 1), when one is."""

    def __init__(self, message: str, *, chapter: int | None = None, field: str | None = None) -> None:
        super().__init__(message, field=field)
        self.chapter = chapter


class AnalysisError(OldtricksError):
    """A position the game's solver cannot analyse: no solver, the game is over, or a phase without one."""
