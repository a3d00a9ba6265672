"""What the table shows of the drogue: the clips on each player, the session's facts, and its history."""

from __future__ import annotations

from typing import Any

from .clipwords import cause, team_name
from .ranking import SUIT_WORDS
from .state import Change, DrogueState
from .table import Table
from .words import NUMBERS

KIND_WORDS = {"clips": "clip", "buttonhole": "buttonhole clip", "penalty": "penalty clip", "black-nose": "black nose"}


def shown(table: Table, state: DrogueState) -> bool:
    """A session, or a single deal in which somebody has come to wear something (a lenient table's penalty)."""
    return table.agreed.evening or any(w.total for w in state.session.wear)


def marks(table: Table, state: DrogueState, seat: int) -> list[dict[str, Any]]:
    wear = state.session.wear[seat]
    out: list[dict[str, Any]] = []
    if wear.clips:
        label = "drogue clip, off for the parade" if state.parade else "drogue clip"
        rule = "drogue.parade" if state.parade else "drogue.threshold"
        out.append({"kind": "clip", "label": label, "count": wear.clips, "rule": rule})
    if wear.buttonhole:
        label = "buttonhole clip, off for the parade" if state.parade else "buttonhole clip"
        out.append({"kind": "buttonhole", "label": label, "count": wear.buttonhole, "rule": "drogue.vilenie.defigure"})
    if wear.penalty:
        out.append({"kind": "penalty", "label": "penalty clip", "count": wear.penalty, "rule": "drogue.penalty.parade"})
    if wear.black_nose:
        out.append({"kind": "black-nose", "label": "black nose", "rule": "drogue.black-nose"})
    if seat in state.session.guerite:
        out.append({"kind": "info", "label": "cané dans la guérite", "rule": "drogue.guerite"})
    if any(d.seat == seat and d.kind == "show" for d in state.duties):
        out.append({"kind": "info", "label": "released: shows a Jack", "rule": "drogue.release"})
    for s, card in state.session.named:
        if s == seat:
            out.append({"kind": "info", "label": f"named {card.symbol}", "rule": "drogue.penalty.removal"})
    if state.asking == seat:
        out.append({"kind": "info", "label": "asks for the floor", "rule": "drogue.silent"})
    elif state.floor == seat:
        out.append({"kind": "info", "label": "has the floor", "rule": "drogue.silent"})
    elif table.agreed.silent and wear.clipped and not state.parade:
        out.append({"kind": "info", "label": "silent: signs only", "rule": "drogue.silent"})
    return out


def info(table: Table, state: DrogueState) -> list[list[str]]:
    if table.agreed.deals == 1:
        return []
    session = state.session
    number = session.deal_number
    over = ", over" if state.phase == "cut" or state.result else ""
    rows = [["Evening", f"deal {number} of {table.agreed.deals}{over}"]]
    if session.holder is None:
        rows.append(["The drogue", "nobody wears it yet: this deal is the first game"])
    else:
        free = 1 - session.holder
        rows.append(["The drogue", f"worn by {team_name(table.seats(state), session.holder)}"])
        rows.append(["Must make 41", team_name(table.seats(state), free)])
    if state.parade:
        rows.append(["Parade", 'the drogue clips are off until "Aux armes!"; penalty clips stay on'])
    if session.named:
        names = table.seats(state).names
        rows.append(["Named at the cut", "; ".join(f"{names[s]} {c.symbol}" for s, c in session.named)])
    return rows


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
    out: list[dict[str, Any]] = [{"kind": "clips", "title": "Clips", "data": {"rows": rows}}]
    if table.agreed.deals == 1:
        return out
    columns = [
        "Deal",
        "Dealer",
        "Made trump",
        "Bid",
        team_name(table.seats(state), 0),
        team_name(table.seats(state), 1),
    ]
    history = []
    for r in state.session.results:
        maker = "nobody" if r.maker is None or r.trump is None else f"{names[r.maker]}, {SUIT_WORDS[r.trump]}"
        history.append(
            [
                str(r.number),
                names[r.dealer],
                maker,
                NUMBERS[r.bid] if r.bid is not None else "",
                str(r.points[0]),
                str(r.points[1]),
                changes(r.changes, names, on=True),
                changes(r.changes, names, on=False),
            ]
        )
    data = {"columns": [*columns, "Clips on", "Clips off"], "rows": history}
    out.append({"kind": "history", "title": "The evening so far", "data": data})
    return out


def changes(items: tuple[Change, ...], names: tuple[str, ...], *, on: bool) -> str:
    """The clips put on (``on``) or taken off in one deal, in words."""
    parts = []
    for c in items:
        if (c.delta > 0) != on or c.delta == 0:
            continue
        n = abs(c.delta)
        what = KIND_WORDS[c.kind] + ("s" if n > 1 and c.kind != "black-nose" else "")
        parts.append(f"{names[c.seat]} {n if c.kind != 'black-nose' else 'a'} {what} ({cause(c.why)})")
    return "; ".join(parts) or "—"
