"""What the table shows of the drogue: the clips on each player, the session's facts, and its history."""

from __future__ import annotations

from typing import Any

from ...core.i18n import _, ngettext
from .narrate_session import NUMBERS, cause, team_name
from .ranking import SUIT_WORDS
from .state import Change, DrogueState
from .table import Table


def shown(table: Table, state: DrogueState) -> bool:
    """A session, or a single deal in which somebody has come to wear something (a lenient table's penalty)."""
    return table.agreed.evening or any(w.total for w in state.session.wear)


def marks(table: Table, state: DrogueState, seat: int) -> list[dict[str, Any]]:
    wear = state.session.wear[seat]
    out: list[dict[str, Any]] = []
    if wear.clips:
        label = _("drogue clip, off for the parade") if state.parade else _("drogue clip")
        rule = "drogue.parade" if state.parade else "drogue.threshold"
        out.append({"kind": "clip", "label": label, "count": wear.clips, "rule": rule})
    if wear.buttonhole:
        label = _("buttonhole clip, off for the parade") if state.parade else _("buttonhole clip")
        out.append({"kind": "buttonhole", "label": label, "count": wear.buttonhole, "rule": "drogue.vilenie.defigure"})
    if wear.penalty:
        out.append(
            {"kind": "penalty", "label": _("penalty clip"), "count": wear.penalty, "rule": "drogue.penalty.parade"}
        )
    if wear.black_nose:
        out.append({"kind": "black-nose", "label": _("black nose"), "rule": "drogue.black-nose"})
    if seat in state.session.guerite:
        out.append({"kind": "info", "label": _("cané dans la guérite"), "rule": "drogue.guerite"})
    if any(d.seat == seat and d.kind == "show" for d in state.duties):
        out.append({"kind": "info", "label": _("released: shows a Jack"), "rule": "drogue.release"})
    for s, card in state.session.named:
        if s == seat:
            out.append(
                {"kind": "info", "label": _("named {card}").format(card=card.symbol), "rule": "drogue.penalty.removal"}
            )
    if state.asking == seat:
        out.append({"kind": "info", "label": _("asks for the floor"), "rule": "drogue.silent"})
    elif state.floor == seat:
        out.append({"kind": "info", "label": _("has the floor"), "rule": "drogue.silent"})
    elif table.agreed.silent and wear.clipped and not state.parade:
        out.append({"kind": "info", "label": _("silent: signs only"), "rule": "drogue.silent"})
    return out


def info(table: Table, state: DrogueState) -> list[list[str]]:
    if table.agreed.deals == 1:
        return []
    session = state.session
    number = session.deal_number
    if state.phase == "cut" or state.result:
        evening = _("deal {number} of {count}, over")
    else:
        evening = _("deal {number} of {count}")
    rows = [[_("Evening"), evening.format(number=number, count=table.agreed.deals)]]
    if session.holder is None:
        rows.append([_("The drogue"), _("nobody wears it yet: this deal is the first game")])
    else:
        free = 1 - session.holder
        rows.append([_("The drogue"), _("worn by {side}").format(side=team_name(table.seats(state), session.holder))])
        rows.append([_("Must make 41"), team_name(table.seats(state), free)])
    if state.parade:
        rows.append([_("Parade"), _('the drogue clips are off until "Aux armes!"; penalty clips stay on')])
    if session.named:
        names = table.seats(state).names
        rows.append([_("Named at the cut"), "; ".join(f"{names[s]} {c.symbol}" for s, c in session.named)])
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
    out: list[dict[str, Any]] = [{"kind": "clips", "title": _("Clips"), "data": {"rows": rows}}]
    if table.agreed.deals == 1:
        return out
    columns = [
        _("Deal"),
        _("Dealer"),
        _("Made trump"),
        _("Bid"),
        team_name(table.seats(state), 0),
        team_name(table.seats(state), 1),
    ]
    history = []
    for r in state.session.results:
        maker = _("nobody") if r.maker is None or r.trump is None else f"{names[r.maker]}, {SUIT_WORDS[r.trump]}"
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
    data = {"columns": [*columns, _("Clips on"), _("Clips off")], "rows": history}
    out.append({"kind": "history", "title": _("The evening so far"), "data": data})
    return out


def changes(items: tuple[Change, ...], names: tuple[str, ...], *, on: bool) -> str:
    """The clips put on (``on``) or taken off in one deal, in words."""
    parts = []
    for c in items:
        if (c.delta > 0) != on or c.delta == 0:
            continue
        n = abs(c.delta)
        what = _KINDS[c.kind](n) if c.kind in _KINDS else _("{seat} a black nose ({why})")
        parts.append(what.format(seat=names[c.seat], count=n, why=cause(c.why)))
    return "; ".join(parts) or "—"


# what one deal put on or took off, by the kind of clip: a message with its plural forms each
_KINDS = {
    "clips": lambda n: ngettext("{seat} {count} clip ({why})", "{seat} {count} clips ({why})", n),
    "buttonhole": lambda n: ngettext(
        "{seat} {count} buttonhole clip ({why})", "{seat} {count} buttonhole clips ({why})", n
    ),
    "penalty": lambda n: ngettext("{seat} {count} penalty clip ({why})", "{seat} {count} penalty clips ({why})", n),
}
