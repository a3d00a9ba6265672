"""Every experiment the statistics pages show, by name, in the order of the pages."""

from __future__ import annotations

from . import bettelmann, drogue, druzbart, seeing, strength
from .experiment import Experiment

FAMILIES = (bettelmann, druzbart, drogue, strength, seeing)


def experiments(games: int | None = None, scale: int = 1) -> dict[str, Experiment]:
    """The experiments by name; ``games`` sets every configuration's number of games (for a quick run),
    ``scale`` multiplies the default sizes (:mod:`.sizes`)."""
    out: dict[str, Experiment] = {}
    for family in FAMILIES:
        for e in family.experiments(games, scale):
            if e.name in out:
                raise ValueError(f"two experiments are called {e.name!r}")
            out[e.name] = e
    return out
