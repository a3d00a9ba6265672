"""What the table shows of the drogue: the clips on each player, the session's facts, and its history."""

from __future__ import annotations

from typing import Any

from . import narrate_view as words
from .narrate_session import NUMBERS
from .state import DrogueState
from .table import Table


def shown(table: Table, state: DrogueState) -> bool:
    """A session, or a single deal in which somebody has come to wear something (a lenient table's penalty)."""
    return table.agreed.evening or any(w.total for w in state.session.wear)


def marks(table: Table, state: DrogueState, seat: int) -> list[dict[str, Any]]:
    wear = state.session.wear[seat]
    out: list[dict[str, Any]] = []
    if wear.clips:
        label = words.MARKS["clip-parade" if state.parade else "clip"]
        rule = "drogue.parade" if state.parade else "drogue.threshold"
        out.append({"kind": "clip", "label": label, "count": wear.clips, "rule": rule})
    if wear.buttonhole:
        label = words.MARKS["buttonhole-parade" if state.parade else "buttonhole"]
        out.append({"kind": "buttonhole", "label": label, "count": wear.buttonhole, "rule": "drogue.vilenie.defigure"})
    if wear.penalty:
        out.append(
            {"kind": "penalty", "label": words.MARKS["penalty"], "count": wear.penalty, "rule": "drogue.penalty.parade"}
        )
    if wear.black_nose:
        out.append({"kind": "black-nose", "label": words.MARKS["black-nose"], "rule": "drogue.black-nose"})
    if seat in state.session.guerite:
        out.append({"kind": "info", "label": words.MARKS["guerite"], "rule": "drogue.guerite"})
    if any(d.seat == seat and d.kind == "show" for d in state.duties):
        out.append({"kind": "info", "label": words.MARKS["released"], "rule": "drogue.release"})
    for s, card in state.session.named:
        if s == seat:
            out.append({"kind": "info", "label": words.named_mark(card), "rule": "drogue.penalty.removal"})
    if state.asking == seat:
        out.append({"kind": "info", "label": words.MARKS["asking"], "rule": "drogue.silent"})
    elif state.floor == seat:
        out.append({"kind": "info", "label": words.MARKS["floor"], "rule": "drogue.silent"})
    elif table.agreed.silent and wear.clipped and not state.parade:
        out.append({"kind": "info", "label": words.MARKS["silent"], "rule": "drogue.silent"})
    return out


def panels(table: Table, state: DrogueState) -> list[dict[str, Any]]:
    if not shown(table, state):
        return []
    names = table.seats(state).names
    rows = [
        {
            "seat": s,
            "name": names[s],
            "clips": w.clips,
            "buttonhole": w.buttonhole,
            "penalty": w.penalty,
            "black_nose": w.black_nose,
        }
        for s, w in enumerate(state.session.wear)
    ]
    out: list[dict[str, Any]] = [{"kind": "clips", "title": words.TITLES["clips"], "data": {"rows": rows}}]
    if table.agreed.deals == 1:
        return out
    columns, clips = words.history_columns(table, state)
    history = []
    for r in state.session.results:
        maker = words.maker_text(None if r.maker is None else names[r.maker], r.trump)
        history.append(
            [
                str(r.number),
                names[r.dealer],
                maker,
                NUMBERS[r.bid] if r.bid is not None else "",
                str(r.points[0]),
                str(r.points[1]),
                words.changes(r.changes, names, on=True),
                words.changes(r.changes, names, on=False),
            ]
        )
    data = {"columns": [*columns, *clips], "rows": history}
    out.append({"kind": "history", "title": words.TITLES["history"], "data": data})
    return out
