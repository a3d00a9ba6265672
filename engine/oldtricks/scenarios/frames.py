"""Frames: the JSON a viewer shows for one step (schema: ``schema/frame.schema.json``).

The build-time engine and the live engine in the browser produce frames with these functions
only, so both always agree.

>>> from oldtricks import make_game
>>> game = make_game("bettelmann")
>>> frame = make_frame(game, game.new_state(seed=1), step=0, viewer=1)
>>> frame["turn"], frame["legal"], frame["seats"][0]["hand"]["cards"][:2]
(1, ['8B'], ['??', '??'])
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.game import Game
from ..core.moves import Move
from ..core.refusal import refusal
from ..core.values import Event
from ..errors import OldtricksError

SCHEMA_VERSION = 1


def make_frame(
    game: Game[Any],
    state: Any,
    *,
    step: int,
    move: Move | None = None,
    events: Sequence[Event] = (),
    note: str = "",
    ids: Sequence[str] = (),
    viewer: int | None = None,
    ask: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The frame for ``state``, reached by ``move`` at ``step``, as seen by ``viewer`` (None: all).

    ``ask`` makes the step a lesson question: the reader must find the next move (see scenario ``ask``).
    """
    view = game.view(state)
    outcome = game.outcome(state)
    turn = game.to_play(state)
    legal = [str(m) for m in game.legal_moves(state)] if turn is not None else []
    frame: dict[str, Any] = {
        "schema": SCHEMA_VERSION,
        "game": game.name,
        "step": step,
        "move": None if move is None else str(move),
        "mover": None if move is None else move.seat,
        "events": [e.text for e in events],
        "note": note,
        "ids": list(ids),
        "turn": turn,
        "legal": legal,
        "viewer": viewer,
        "play_order": list(game.play_order()),
        **view,
        "outcome": None if outcome is None else outcome.as_json(),
        "ask": None if ask is None else {**ask, "refusals": _refusals(game, state, turn, legal, view)},
    }
    return frame if viewer is None else seat_view(frame, viewer)


def _refusals(game: Game[Any], state: Any, turn: int | None, legal: list[str], view: dict[str, Any]) -> list[Any]:
    """For a lesson question: why each card of the mover's hand that is not legal would be refused,
    in the words a live table uses (:func:`oldtricks.refusal.refusal`), so that a lesson read without
    the live engine refuses a card the same way."""
    if turn is None:
        return []
    out: list[Any] = []
    for text in view["seats"][turn]["hand"]["cards"]:
        if text in legal or text == "??":
            continue
        try:
            move = game.parse_move(state, text)
            error: OldtricksError = game.why_illegal(state, move)
        except OldtricksError as exc:
            error = exc
        out.append({"move": text, **refusal(game, error, text, turn)})
    return out


def seat_view(frame: dict[str, Any], viewer: int) -> dict[str, Any]:
    """Hide what ``viewer`` cannot see: other seats' hands, and his own when he holds it face down."""
    out = dict(frame, viewer=viewer)
    seats = []
    for seat in frame["seats"]:
        hand = seat["hand"]
        visible = seat["seat"] == viewer and hand["face"] == "up"
        if not visible:
            seat = dict(seat, hand=dict(hand, cards=["??"] * len(hand["cards"])))
        seats.append(seat)
    out["seats"] = seats
    if frame["turn"] != viewer:
        out["legal"] = []
    return out


def schema() -> dict[str, Any]:
    """The frame JSON Schema."""
    from importlib import resources  # here: the live engine never needs it, and it is slow to import

    text = resources.files("oldtricks").joinpath("schema/frame.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
