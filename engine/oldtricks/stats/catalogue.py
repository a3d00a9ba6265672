"""Every experiment the statistics pages show, by name, in the order of the pages."""

from __future__ import annotations

from . import bettelmann, drogue, druzbart
from .experiment import Experiment

FAMILIES = (bettelmann, druzbart, drogue)


def experiments(games: int | None = None) -> dict[str, Experiment]:
    """The experiments by name; ``games`` sets every configuration's number of games (for a quick run)."""
    out: dict[str, Experiment] = {}
    for family in FAMILIES:
        for e in family.experiments(games):
            if e.name in out:
                raise ValueError(f"two experiments are called {e.name!r}")
            out[e.name] = e
    return out
