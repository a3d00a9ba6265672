"""The live engine's readings and analysis (:mod:`oldtricks.live.api`), on an open table (``key``): where
another reading parts from the scenario as written, a deal where they part, and the solver's values of
every legal move with the best line in words, and a deal's double-dummy table."""

from __future__ import annotations

import json
from typing import Any

from ..analysis.gamebook import line_words, solving_words
from ..analysis.readings import FIND_TRICKS, FIND_TRIES, compare, find_parting_deal, not_found
from ..analysis.slices import Slices
from ..errors import OldtricksError
from ..scenarios.replay import Line, replay, start
from ..scenarios.scenario import from_spec
from .tables import OPTIONS, SPECS, TABLES, step_of, table

LINE_WORDS = 8  # moves of the best line told in words by the analysis
# the table worked out a slice at a time (double_dummy_table with ``nodes``): the request it answers, and
# the game, the position and the searches kept from slice to slice; one at a time
SLICED: dict[str, tuple[Any, Any, Slices]] = {}


def compare_readings(args: dict[str, Any]) -> dict[str, Any]:
    """Where table ``key`` (opened under other options) parts from its scenario as written, and why
    (:func:`oldtricks.analysis.readings.compare`); ``frames: true`` adds both readings' frames."""
    key, _line = table(args)
    said = compare(from_spec(SPECS[key]), OPTIONS.get(key, {}))
    if not args.get("frames"):
        said.pop("frames")
        said.pop("book")
    return said


def count(args: dict[str, Any], name: str, default: int, high: int) -> int:
    value = args.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= high:
        raise OldtricksError(f"{name} must be a whole number from 1 to {high}, not {value!r}")
    return value


def find_parting(args: dict[str, Any]) -> dict[str, Any]:
    """Search seeded deals (from ``first``) for one where table ``key``'s options and the scenario as
    written part, soonest within ``tricks`` tricks, else later in the game; the table becomes that deal
    under its options (none: an error that says why, in words). Answers
    :func:`oldtricks.analysis.readings.find_parting_deal`'s finding, both readings' frames included."""
    key, _line = table(args)
    tricks = count(args, "tricks", FIND_TRICKS, 20)
    tries = count(args, "tries", FIND_TRIES, 1_000)
    first = count(args, "first", 1, 1 << 32)
    options = OPTIONS.get(key, {})
    scenario = from_spec(SPECS[key])
    found = find_parting_deal(scenario, options, tricks=tricks, tries=tries, first_seed=first)
    if found is None:
        raise OldtricksError(not_found(start(scenario, options).game, options, first, tries))
    TABLES[key] = replay(from_spec(found["spec"]), options, lenient=True).line
    SPECS[key] = found["spec"]
    return found


def shown(args: dict[str, Any]) -> tuple[Line, int]:
    """The line and step an analysis is asked about: ``step`` (default: the last) of table ``key``, or
    of the line of ``moves`` (notation, from the deal, under the options the table was opened with:
    the line the reader is looking at, which need not be the table's)."""
    key, line = table(args)
    if "moves" in args:
        moves = args["moves"]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise OldtricksError("moves must be a list of moves in notation")
        line = start(from_spec(SPECS[key]), OPTIONS.get(key, {}))
        for n, text in enumerate(moves, start=1):
            try:
                line.push(line.game.parse_move(line.states[-1], text))
            except OldtricksError as exc:
                raise OldtricksError(f"step {n}: {exc}") from None
    return line, step_of(args, line)


def analyse(args: dict[str, Any]) -> dict[str, Any]:
    """The solver's values of every legal move of the position :func:`shown` names. ``line_words``:
    what happens on the best line, in the game's own narration, for the first :data:`LINE_WORDS` moves;
    ``deal_begins``: whether the play of a deal begins there, where a viewer offers the deal's table."""
    line, step = shown(args)
    game, state = line.game, line.states[step]
    said = game.analyse(state).as_json(step)
    best = said["moves"][0]
    words = line_words(game, state, [best["move"], *best["line"]], LINE_WORDS)
    return {"analysis": said, "line_words": words, "deal_begins": game.deal_begins(state)}


def first_look(args: dict[str, Any]) -> dict[str, Any]:
    """The same request's first look, the moves valued over the next few tricks only (``analysis`` None
    where the game has none for the position): answered in a moment, shown while ``analyse`` works."""
    line, step = shown(args)
    look = line.game.first_look(line.states[step])
    return {"analysis": None if look is None else look.as_json(step)}


def analysis_plan(args: dict[str, Any]) -> dict[str, Any]:
    """What ``analyse`` will do for the same request, in words, answered at once (the solver may take a while)."""
    line, step = shown(args)
    return {"text": solving_words(line.game, line.states[step])}


def double_dummy_table(args: dict[str, Any]) -> dict[str, Any]:
    """The double-dummy table of the deal of the position :func:`shown` names, in the engine's words
    (:meth:`oldtricks.core.game.Game.double_dummy_table`); with ``start: true``, ``table`` None unless the
    play of a deal begins there (:meth:`~oldtricks.core.game.Game.deal_begins`), where a viewer offers it.

    With ``nodes``, one slice of the work (:mod:`oldtricks.analysis.slices`), each search allowed that many
    nodes: ``done`` false and ``table`` None where the slice ended first. The searches are kept for the
    next request about the same position, which goes on where this one stopped (one table at a time: a
    request about another position drops them), so a viewer asks slice after slice while the reader
    stays at the deal, and a step the reader takes meanwhile waits one slice at most."""
    key, _line = table(args)
    line, step = shown(args)
    game, state = line.game, line.states[step]
    if args.get("start") and not game.deal_begins(state):
        return {"table": None, "step": step, "done": True}
    if "nodes" not in args:
        return {"table": game.double_dummy_table(state).as_json(), "step": step, "done": True}
    nodes = count(args, "nodes", 1, 1 << 40)
    asked = json.dumps([key, SPECS.get(key), OPTIONS.get(key), args.get("moves"), step], sort_keys=True)
    if asked not in SLICED:
        SLICED.clear()
        SLICED[asked] = (game, state, Slices())  # the same game each slice: its solver's models hang on it
    game, state, slices = SLICED[asked]
    got = slices.run(lambda: game.double_dummy_table(state, slices), nodes)
    if got is None:
        return {"table": None, "step": step, "done": False}
    del SLICED[asked]
    return {"table": got.as_json(), "step": step, "done": True}
