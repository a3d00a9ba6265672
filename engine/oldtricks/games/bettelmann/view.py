"""The frame fields of a Bettelmann or Tod und Leben position: each seat's pile, the trick on the table
(or the last one, taken), the cards waiting in the pot.

What goes where is decided here; every word shown comes from :mod:`.narrate`, and the marks and info
lines from the game (:meth:`.Bettelmann.seat_marks`, :meth:`.Bettelmann.info`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.i18n import _
from . import narrate
from .state import BettelmannState


def frame_view(
    state: BettelmannState,
    names: Sequence[str],
    looking: Sequence[bool],
    marks: Sequence[list[dict[str, Any]]],
    info: list[list[str]],
) -> dict[str, Any]:
    """Everything a viewer sees: ``looking``, each seat's owner looking at their pile; ``marks`` and
    ``info``, as the game gives them."""
    seats = [
        {
            "seat": s,
            "name": names[s],
            "team": None,
            "hand": {
                "layout": "pile",
                "cards": [str(c) for c in pile],
                "count": len(pile),
                "face": "up" if looking[s] else "down",
            },
            "won": {"count": state.captured[s], "tricks": state.won[s]},
            "marks": marks[s],
        }
        for s, pile in enumerate(state.piles)
    ]
    showing_last = not state.table and bool(state.last)
    shown = state.last if showing_last else state.table
    waiting = state.pot
    if showing_last and state.last_winner is None:
        waiting = state.pot[: len(state.pot) - len(state.last)]
    centre = [{"label": _(narrate.WAITING), "cards": [str(c) for _, c in waiting]}] if waiting else []
    return {
        "seats": seats,
        "table": [{"seat": s, "card": str(c)} for s, c in shown],
        "trick": {
            "number": state.tricks if showing_last else state.tricks + (1 if state.table else 0),
            "leader": shown[0][0] if shown else None,
            "winner": state.last_winner if showing_last else None,
            "complete": showing_last,
        },
        "centre": centre,
        "info": info,
        "panels": [],
    }
