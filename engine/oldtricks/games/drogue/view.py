"""What a Drogue frame shows: seats and hands, the trick, the proof, the auction box and the card points."""

from __future__ import annotations

from typing import Any

from ...core.cards import Card
from ...core.i18n import _
from . import narrate_view as words
from . import sessionview
from .auction import Auction
from .narrate_session import QUI_VIVE_TEXT, team_name
from .ranking import display_key
from .shape import SEATS, TEAMS
from .state import DrogueState
from .table import Table


def _symbols(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def render(table: Table, state: DrogueState) -> dict[str, Any]:
    names = table.seats(state).names
    showing_last = not state.trick and bool(state.tricks)
    last = state.tricks[-1] if state.tricks else None
    shown = last.cards if showing_last and last is not None else state.trick
    number = len(state.tricks) + (1 if state.trick else 0)
    if number and table.agreed.evening:
        number += state.session.tricks_before  # tricks are numbered through the session
    return {
        "seats": [_seat(table, state, s, names) for s in range(SEATS)],
        "table": [{"seat": s, "card": str(c)} for s, c in shown],
        "trick": {
            "number": number,
            "leader": shown[0][0] if shown else None,
            "winner": last.winner if showing_last and last is not None else None,
            "complete": showing_last,
        },
        "centre": _centre(state, names),
        "info": words.info(table, state, names),
        "panels": _panels(table, state, names),
    }


def _seat(table: Table, state: DrogueState, seat: int, names: tuple[str, ...]) -> dict[str, Any]:
    hand = sorted(state.hands[seat], key=lambda c: display_key(c, state.trump, table.agreed.order))
    won = [t for t in state.tricks if t.winner == seat]
    return {
        "seat": seat,
        "name": names[seat],
        "team": TEAMS[seat],
        "hand": {"layout": "fan", "cards": [str(c) for c in hand], "count": len(hand), "face": "up"},
        "won": {"count": SEATS * len(won), "tricks": len(won)},  # a card from every seat a trick
        "marks": _marks(state, seat) + sessionview.marks(table, state, seat),
    }


def _marks(state: DrogueState, seat: int) -> list[dict[str, Any]]:
    marks: list[dict[str, Any]] = []
    if seat == state.dealer:
        marks.append({"kind": "dealer", "label": words.MARKS["dealer"], "rule": "drogue.deal"})
    draw = state.session.draw
    if draw is not None:
        king = draw.king_of(state.session.seating[seat])
        marks.append({"kind": "team", "label": words.king_mark(king), "rule": "drogue.partners"})
    auction = state.auction
    if auction.called(seat):
        marks.append({"kind": "info", "label": words.MARKS["called"], "rule": "drogue.bid.four-mandrins"})
    if state.phase == "auction":
        if auction.passed(seat):
            marks.append({"kind": "info", "label": words.MARKS["passed"], "rule": "drogue.bid.raise.pass-final"})
        elif auction.standing is not None and auction.standing.seat == seat:
            label = words.standing_mark(auction.standing.count)
            marks.append({"kind": "info", "label": label, "rule": "drogue.bid.raise"})
    if state.maker == seat and state.trump is not None:
        label = words.trump_mark(state.trump)
        marks.append({"kind": "info", "label": label, "rule": "drogue.bid.show"})
    return marks


def _centre(state: DrogueState, names: tuple[str, ...]) -> list[dict[str, Any]]:
    # drogue.bid.show: the proof lies on the table until the first card is led
    proof, maker = state.proof, state.maker
    if state.phase != "play" or proof is None or maker is None or state.tricks or state.trick:
        return []
    return [{"label": words.proof_label(names[maker], proof.count), "cards": [str(c) for c in proof.cards]}]


def _panels(table: Table, state: DrogueState, names: tuple[str, ...]) -> list[dict[str, Any]]:
    panels: list[dict[str, Any]] = []
    draw = state.session.draw
    first = state.session.deal_number == 1
    if draw is not None and first and state.phase in ("auction", "trump") and not state.redeals:
        players = table.players
        rows = []
        for player in dict.fromkeys(p for p, _ in draw.cards):
            cards = [c for p, c in draw.cards if p == player]
            rows.append([players[player], _symbols(cards), str(draw.king_of(player))])
        panels.append(
            {
                "kind": "table",
                "title": words.TITLES["drawing"],
                "data": {"columns": words.draw_columns(), "rows": rows},
            }
        )
        panels.append({"kind": "text", "title": words.TITLES["draw"], "data": {"text": words.draw_text(table, state)}})
    panels.append(auction_panel(state.auction, names, state.redeals))
    if state.tricks:
        ours, theirs = state.side_points()
        won = [sum(1 for t in state.tricks if TEAMS[t.winner] == side) for side in (0, 1)]
        rows_pts: list[list[Any]] = [
            [team_name(table.seats(state), 0), won[0], ours],
            [team_name(table.seats(state), 1), won[1], theirs],
        ]
        panels.append(
            {
                "kind": "table",
                "title": words.TITLES["points"],
                "data": {"columns": words.points_columns(), "rows": rows_pts, "total": ours + theirs},
            }
        )
    return panels + sessionview.panels(table, state)


def auction_panel(auction: Auction, names: tuple[str, ...], redeals: int) -> dict[str, Any]:
    """The auction box: one column per seat in bidding order; ``seat`` is the column, ``player`` the seat."""
    calls: list[dict[str, Any]] = []
    pending: dict[str, Any] | None = None
    leading: tuple[int, int, int] | None = None
    for call in auction.calls:
        column = auction.order.index(call.seat)
        if call.kind == "forget":
            continue  # a forgotten four-Mandrins call: nobody heard anything
        if call.kind == "call":
            pending = {"seat": column, "player": call.seat, "call": "Qui vive!", "text": QUI_VIVE_TEXT}
            calls.append(pending)
            continue
        if call.kind == "pass":
            cell, text = "pass", _(words.PASSES)
        else:
            cell = str(call.count)
            text = words.bid_text(call.count)
            if leading is not None and leading[1] == call.count:
                text = words.worth_text(text, call.value, leading[2])
            if leading is None or call.count > leading[1] or call.value > leading[2]:
                leading = (call.seat, call.count, call.value)
        if pending is not None and pending["player"] == call.seat:
            pending["call"] = f"Qui vive! {cell}"
            pending["text"] = words.after_call(text)
        else:
            calls.append({"seat": column, "player": call.seat, "call": cell, "text": text})
        pending = None
    standing = auction.standing
    return {
        "kind": "auction",
        "title": words.auction_title(redeals),
        "data": {
            "seats": [names[s] for s in auction.order],
            "calls": calls,
            "standing": None
            if standing is None
            else {"player": standing.seat, "count": standing.count, "value": standing.value},
            "over": auction.over,
        },
    }
