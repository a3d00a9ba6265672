"""The frame fields of a Drużbart or Clock Druzbart position: seats, table, slate, scoring table.

What goes where is decided here; every word shown (labels, titles, columns, info lines) comes from
:mod:`.narrate`.

>>> from oldtricks.games.druzbart import Druzbart
>>> game = Druzbart()
>>> [panel["kind"] for panel in frame_view(game.table, game.new_state(seed=1))["panels"]]
['lines', 'table']
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import _
from . import narrate
from .state import DealScore, DruzbartState
from .table import Table


def frame_view(table: Table, state: DruzbartState) -> dict[str, Any]:
    """Everything a viewer sees, with all cards face up (frames hide other seats' hands)."""
    order = {c: i for i, c in enumerate(table.ranking.ladder(table.pack))}
    names = table.seats.names
    teams = table.seats.teams
    cards_per_trick = table.num_seats
    seats = []
    for s, hand in enumerate(state.hands):
        side = table.side_of(s)
        keeps = state.keepers[side] == s
        tricks = state.tricks[side] if keeps else 0
        seats.append(
            {
                "seat": s,
                "name": names[s],
                "team": teams[s],
                "hand": {
                    "layout": "fan",
                    "cards": [str(c) for c in sorted(hand, key=order.__getitem__)],
                    "count": len(hand),
                    "face": "up",
                },
                "won": {"count": tricks * cards_per_trick, "tricks": tricks},
                "marks": _marks(table, state, s),
            }
        )
    showing_last = not state.table and bool(state.last)
    shown = state.last if showing_last else state.table
    played = state.tricks_played
    centre = []
    if state.deal.rest:
        centre.append({"label": _(narrate.LEFT_OUT), "cards": ["??"] * len(state.deal.rest)})
    return {
        "seats": seats,
        "table": [{"seat": s, "card": str(c)} for s, c in shown],
        "trick": {
            "number": played if showing_last else played + (1 if state.table else 0),
            "leader": shown[0][0] if shown else None,
            "winner": state.last_winner if showing_last else None,
            "complete": showing_last,
        },
        "centre": centre,
        "info": narrate.info(table, state.number, state.tricks),
        "panels": [_slate(table, state), _scoring(table, state)],
    }


def _marks(table: Table, state: DruzbartState, seat: int) -> list[dict[str, Any]]:
    marks: list[dict[str, Any]] = []
    if seat == state.deal.dealer:
        marks.append({"kind": "dealer", "label": _(narrate.DEALER), "rule": "druzbart.lead"})
    if table.seats.teams[seat] is not None:
        marks.append({"kind": "team", "label": table.side_label(table.side_of(seat)), "rule": "druzbart.seats"})
    return marks


def _slate(table: Table, state: DruzbartState) -> dict[str, Any]:
    """druzbart.slate / clock.lines: each side's lines ever chalked (``total``: the first count and those
    chalked back for lost matadors, which may push a side past its first count), how many of those were
    chalked back (``chalked``), and how many are left (the rest were erased)."""
    first = table.lines
    back = _chalked_back(state)
    sides = [
        {"label": table.side_label(s), "total": first + back[s], "left": left, "chalked": back[s]}
        for s, left in enumerate(state.lines)
    ]
    kind = "tripod" if table.num_sides == 3 else "lines"
    return {"kind": kind, "title": _(narrate.PANEL_TITLES[kind]), "data": {"sides": sides}}


def _chalked_back(state: DruzbartState) -> list[int]:
    """Lines chalked back per side so far in the game: every finished deal's, and the deal in play's
    (a finished deal is in the history already, its count still in ``state.chalked``)."""
    counts = [score.chalked for score in state.history]
    if not (state.history and state.history[-1].number == state.number):
        counts.append(state.chalked)
    return [sum(count[side] for count in counts) for side in range(len(state.lines))]


def _row(table: Table, score: DealScore, running: bool) -> list[str]:
    names = table.seats.names
    tricks = " : ".join(str(t) for t in score.tricks)

    def per_side(values: tuple[int, ...], sign: str) -> str:
        parts = [f"{table.side_label(s)} {sign}{v}" for s, v in enumerate(values) if v]
        return ", ".join(parts) or "–"

    erased = _(narrate.IN_PLAY) if running else per_side(score.erased, "−")
    lines = " : ".join(str(n) for n in score.lines)
    row = [str(score.number), names[score.dealer], tricks]
    if table.num_sides == 2:
        row.append(erased)
    row.extend([per_side(score.chalked, "+"), lines])
    return row


def _scoring(table: Table, state: DruzbartState) -> dict[str, Any]:
    columns = narrate.scoring_columns(table)
    rows = [_row(table, score, False) for score in state.history]
    finished = bool(state.history) and state.history[-1].number == state.number
    if not finished:
        current = DealScore(
            state.number, state.deal.dealer, state.tricks, (0,) * table.num_sides, state.chalked, state.lines
        )
        rows.append(_row(table, current, True))
    return {"kind": "table", "title": _(narrate.PANEL_TITLES["table"]), "data": {"columns": columns, "rows": rows}}
