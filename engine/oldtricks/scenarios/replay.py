"""Replay a scenario through the engine: states, frames and the trick record (its checks: :mod:`.checks`).

>>> from oldtricks.scenarios.scenario import loads
>>> rp = replay(loads('title = "t"\\ngame = "bettelmann"\\n[deal]\\nseed = 1\\n[[step]]\\nauto = "trick"\\n', "t.toml"))
>>> rp.result()["tricks"][0]["trick"], len(rp.frames())
(1, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.datawords import STEP_FIELDS, translated
from ..core.game import Game
from ..core.i18n import _
from ..core.moves import Move
from ..core.refusal import refusal
from ..core.registry import make_game
from ..core.values import Event, Outcome
from ..errors import IllegalMoveError, InvalidDealError, OldtricksError, ScenarioError
from .frames import make_frame
from .scenario import TEXT_LIMIT, Scenario

AUTO_LIMIT = 1_000_000
PARAGRAPH = "\n\n"  # between several notes on one step


@dataclass
class Line:
    """The moves of one line of play, with what each produced."""

    game: Game[Any]
    states: list[Any]
    moves: list[Move | None]
    events: list[list[Event]]
    notes: dict[int, list[str]] = field(default_factory=dict)
    ids: dict[int, list[str]] = field(default_factory=dict)
    asks: dict[int, dict[str, str]] = field(default_factory=dict)
    # where each note, hint and wrong answer of a scenario was written (``drogue/example|note|11``): its
    # words in the catalogs (:mod:`oldtricks.core.datawords`); a text not found here (a teacher's edit) stays as written
    places: dict[str, str] = field(default_factory=dict)

    def said(self, text: str) -> str:
        """A note, hint or wrong answer in the language of the work under way."""
        place = self.places.get(text)
        return text if place is None else translated(place, text)

    def push(self, move: Move) -> list[Event]:
        state, events = self.game.apply(self.states[-1], move)
        self.states.append(state)
        self.moves.append(move)
        self.events.append(events)
        return events

    def frame(self, step: int, viewer: int | None = None) -> dict[str, Any]:
        return make_frame(
            self.game,
            self.states[step],
            step=step,
            move=self.moves[step],
            events=self.events[step],
            note=PARAGRAPH.join(self.said(note) for note in self.notes.get(step, [])),
            ids=self.ids.get(step, []),
            viewer=viewer,
            ask=self._ask(step),
        )

    def _ask(self, step: int) -> dict[str, str] | None:
        ask = self.asks.get(step)
        return None if ask is None else {**ask, "wrong": self.said(ask["wrong"]), "hint": self.said(ask["hint"])}

    def frames(self, viewer: int | None = None) -> list[dict[str, Any]]:
        return [self.frame(i, viewer) for i in range(len(self.states))]

    def tricks(self) -> list[dict[str, Any]]:
        return [dict(e.data) for evs in self.events for e in evs if e.data is not None and "trick" in e.data]

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.states[-1])


@dataclass
class Replay:
    """A replayed scenario. ``stopped`` is set (lenient replays only) where a move could not be played."""

    scenario: Scenario
    line: Line
    stopped: ScenarioError | None = None
    refused: dict[str, Any] | None = None  # where ``stopped`` is a refused move: the reader's message

    @property
    def game(self) -> Game[Any]:
        return self.line.game

    def frames(self, viewer: int | None = None) -> list[dict[str, Any]]:
        return self.line.frames(viewer)

    def result(self) -> dict[str, Any]:
        outcome = self.line.outcome
        return {
            "scenario": self.scenario.id,
            "game": self.game.name,
            "options": dict(self.game.options),
            "steps": len(self.line.states) - 1,
            "tricks": self.line.tricks(),
            "outcome": None if outcome is None else outcome.as_json(),
        }


def start(scenario: Scenario, options: Mapping[str, Any] | None = None) -> Line:
    """Make the game and deal of a scenario: the line holds only the position after the deal.

    What depends on the game is checked here, where the game is known: its options and names, and the
    seats the dealer and the viewer name. An error points at the part of the file its ``field`` names.
    """
    merged = {**scenario.options, **(options or {})}
    try:
        game = make_game(scenario.game, merged, scenario.names)
    except OldtricksError as exc:
        raise scenario.error(str(exc), exc.field or "options") from None
    seats = game.num_seats
    if not scenario.dealer < seats:
        raise scenario.error(f"'dealer' must be a seat from 0 to {seats - 1}, not {scenario.dealer}", "deal.dealer")
    if scenario.viewer is not None and not scenario.viewer < seats:
        raise scenario.error(
            f"'viewer' must be \"all\" or a seat from 0 to {seats - 1}, not {scenario.viewer}", "viewer"
        )
    where = "deal.hands" if scenario.hands is not None else "deal"
    try:
        hands = None if scenario.hands is None else game.parse_hands(scenario.hands)
        deal = game.deal(seed=scenario.seed, hands=hands, dealer=scenario.dealer)
        if scenario.later:
            where = "deal.later"
            # hands fixed for the deals after the first: only games with several deals take them
            plan = getattr(game, "plan_deals", None)
            if plan is None:
                raise InvalidDealError(f"later deal: {game.title} is played one deal at a time")
            deal = plan(deal, [game.parse_hands(later) for later in scenario.later])
        state = game.initial_state(deal)
    except OldtricksError as exc:
        raise scenario.error(_("bad deal: {error}").format(error=exc), exc.field or where) from None
    return Line(game, [state], [None], [[]])


def replay(scenario: Scenario, options: Mapping[str, Any] | None = None, *, lenient: bool = False) -> Replay:
    """Play a scenario's steps. Raises :class:`ScenarioError` at the step that fails, unless ``lenient``,
    in which case the replay stops there (used when the reader switches an option and a scripted move
    becomes illegal)."""
    line = start(scenario, options)
    game = line.game
    for i, step in enumerate(scenario.steps):
        where = f"step.{i}"
        if step.ask:
            # the question is asked on the step before the move: the reader must find it
            line.asks[len(line.states) - 1] = {"answer": step.moves[0], "wrong": step.wrong, "hint": step.hint}
        line.places.update({getattr(step, k): f"{scenario.id}|{k}|{i}" for k in STEP_FIELDS if getattr(step, k)})
        try:
            for token in step.moves:
                try:
                    move = game.parse_move(line.states[-1], token)
                except OldtricksError as exc:
                    raise scenario.error(f"step {i + 1}: {exc}", where) from None
                try:
                    line.push(move)
                except IllegalMoveError as exc:
                    rule = f" ({exc.rule})" if exc.rule else ""
                    stop = scenario.error(f"step {i + 1}: {token!r} is not legal: {exc}{rule}", where)
                    if lenient:
                        said = refusal(game, exc, move, move.seat)
                        said["step"] = len(line.states)
                        return Replay(scenario, line, stop, said)
                    raise stop from None
            if step.auto is not None:
                _auto(scenario, line, step.auto, i)
        except ScenarioError as exc:
            if not lenient:
                raise
            return Replay(scenario, line, exc)
        last = len(line.states) - 1
        if step.note:
            notes = line.notes.setdefault(last, [])
            notes.append(step.note)
            if len(PARAGRAPH.join(notes)) > TEXT_LIMIT:  # a link carries a step's notes as one text
                raise scenario.error(
                    f"step {i + 1}: the notes on step {last} come to more than {TEXT_LIMIT} characters", where
                )
        if step.ids:
            line.ids.setdefault(last, []).extend(step.ids)
    return Replay(scenario, line)


def _auto(scenario: Scenario, line: Line, auto: int | str, i: int) -> None:
    """Play forced moves: a number of them, to the end of the trick, or to the end of the game."""
    game = line.game
    count = 0
    limit = auto if isinstance(auto, int) else AUTO_LIMIT
    while count < limit:
        state = line.states[-1]
        legal = game.legal_moves(state)
        if not legal:
            if auto == "end":
                return
            raise scenario.error(f"step {i + 1}: auto: the game is over after {count} moves", f"step.{i}")
        if len(legal) > 1:
            choices = " ".join(str(m) for m in legal)
            raise scenario.error(
                f"step {i + 1}: auto can only play forced moves, but "
                f"{game.seat_names()[legal[0].seat]} has a choice ({choices}): name the move",
                f"step.{i}",
            )
        events = line.push(legal[0])
        count += 1
        if auto == "trick" and any(e.data is not None and "trick" in e.data for e in events):
            return
    if auto == "end":
        raise scenario.error(f'step {i + 1}: auto = "end" played {AUTO_LIMIT} moves without an end', f"step.{i}")
