"""The live engine's interface for the browser (Pyodide worker): JSON strings in, JSON strings out.

One table per widget, by ``key``. Frames come from the same replay code as the build, so a live
replay of a scenario equals the frames embedded in its page.

>>> import json
>>> json.loads(call("game_info", json.dumps({"game": "clock"})))["seat_names"]
['South', 'West', 'East']
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from .. import __version__
from ..analysis.levels import LEVELS, level_problem
from ..core import i18n
from ..core.datawords import DOMAINS
from ..core.prng import Rng
from ..core.refusal import refusal
from ..core.registry import GAMES
from ..errors import IllegalMoveError, OldtricksError, ScenarioError
from ..scenarios.links import decode, encode
from ..scenarios.replay import replay
from ..scenarios.scenario import from_spec
from . import studies
from .analysis import (
    LINE_WORDS,
    analyse,
    analysis_plan,
    compare_readings,
    double_dummy_table,
    find_parting,
    first_look,
)
from .tables import BOT_LIMIT, OPTIONS, SPECS, TABLES, bots_play, branched, hash_step, table_spec
from .teach import NOTE_LIMIT, advance, deal_hands, game_info, line_to, link_of_table, note, scenario_toml

__all__ = [
    "BOT_LIMIT",
    "LINE_WORDS",
    "NOTE_LIMIT",
    "OPERATIONS",
    "Operation",
    "call",
    "hash_step",
    "open_table",
    "play",
    "table_spec",
]

_TABLES = TABLES  # the open tables, by key (:mod:`oldtricks.live.tables`)

# Every catalog is read when this module is imported: the browser's memory snapshot is taken then, and a
# start restored from it answers before the engine's files are written again (worker.js), so the catalogs
# must be in the snapshot, not on the file system. The data's words too: the ledger's rules, the scenarios'
# notes (datawords.translated reads them by this same cached i18n.catalog, its domain given by position).
for _lang in i18n.LANGS:
    i18n.catalog(_lang)
    for _domain in DOMAINS:
        i18n.catalog(_lang, _domain)


def _ok(**fields: Any) -> str:
    return json.dumps({"ok": True, **fields})


def _fail(error: str, rule: str | None = None, **fields: Any) -> str:
    return json.dumps({"ok": False, "error": error, "rule": rule, **fields})


def _refuse(said: dict[str, Any]) -> str:
    """A refused move, in the one form every viewer shows (:func:`oldtricks.refusal.refusal`)."""
    return _fail(said["text"], said["rule"], rule_title=said["rule_title"], status=said["status"])


def open_table(key: str, spec_json: str, options_json: str = "{}") -> str:
    """Replay a scenario spec (with option overrides) and keep it as table ``key``.

    Where an override makes a scripted move illegal, the frames stop there and ``stopped`` says why.
    """
    try:
        spec = json.loads(spec_json)
        options = json.loads(options_json or "{}")
        rp = replay(from_spec(spec), options, lenient=True)
    except ScenarioError as exc:
        return _fail(exc.reason)  # the reader's words, without the placeholder path of a spec
    except RecursionError:
        return _fail("the scenario is nested too deeply to read")
    except (OldtricksError, ValueError, TypeError, KeyError) as exc:
        return _fail(str(exc))
    _TABLES[key] = rp.line
    SPECS[key] = spec
    OPTIONS[key] = dict(options)
    stopped = None if rp.stopped is None else rp.stopped.reason
    if rp.refused is not None:
        stopped = f"at step {rp.refused['step']}: {rp.refused['text']}"
    return _ok(
        frames=rp.frames(), stopped=stopped, refused=rp.refused, options=dict(rp.game.options), result=rp.result()
    )


def play(key: str, step: int, move: str, bots_json: str = "[]", level: str = "simple") -> str:
    """Branch table ``key`` after ``step`` with ``move``; then bots of ``level``
    (:data:`oldtricks.analysis.levels.LEVELS`) play their seats until a human's turn.

    Returns the frames of steps ``step + 1`` onward, or the error and the rule that forbids the move;
    or, when ``move`` is the one the table's line already plays after ``step`` (the scenario's own next
    move), no frames and ``follows``: the move stays on that line and starts no side line.
    """
    line = _TABLES.get(key)
    if line is None:
        return _fail(f"no table {key!r}: open it first")
    if not 0 <= step < len(line.states):
        return _fail(f"step {step} does not exist: this line has steps 0 to {len(line.states) - 1}")
    try:
        bots = {int(s) for s in json.loads(bots_json or "[]")}
    except (ValueError, TypeError, RecursionError):
        return _fail("bots must be a list of seat numbers")
    problem = level_problem(level)
    if problem is not None:
        return _fail(problem)
    game = line.game
    seat = game.to_play(line.states[step])
    try:
        parsed = game.parse_move(line.states[step], move)
    except OldtricksError as exc:
        return _refuse(refusal(game, exc, move, seat))
    if step + 1 < len(line.moves) and line.moves[step + 1] == parsed:
        # the line's own next move (on the main line, the book's): no new line; the reader goes on along
        # this one, whose frames the viewer has, and the table stays as it is
        return _ok(frames=[], follows=True)
    branch = branched(line, step)
    try:
        branch.push(parsed)
    except IllegalMoveError as exc:
        return _refuse(refusal(game, exc, parsed, seat))
    bots_play(branch, bots, Rng(hash_step(line, step)), level=level)
    _TABLES[key] = branch
    return _ok(frames=[branch.frame(i) for i in range(step + 1, len(branch.states))])


def _guard(work: Callable[[], dict[str, Any]]) -> str:
    """Run ``work`` and answer ok, or the engine's error as a message (never a traceback)."""
    try:
        return _ok(**work())
    except OldtricksError as exc:
        return _fail(str(exc), getattr(exc, "rule", None))
    except RecursionError:
        return _fail("bad request: nested too deeply to read")
    except (KeyError, TypeError, ValueError) as exc:
        return _fail(f"bad request: {exc}")


# -- the operations: the teachers' tools are in oldtricks.live.teach, the readings and analysis in
# oldtricks.live.analysis, the open tables in oldtricks.live.tables --------------------------------------
def _answered(work: Callable[[dict[str, Any]], dict[str, Any]]) -> Callable[[dict[str, Any]], str]:
    """An operation whose fields ``work`` returns, answered ok or with the engine's error (:func:`_guard`)."""
    return lambda args: _guard(lambda: work(args))


def _json_text(value: Any, default: Any) -> str:
    """An argument given as JSON text or as the value itself, as JSON text."""
    return value if isinstance(value, str) else json.dumps(default if value is None else value)


def _open_table(args: dict[str, Any]) -> str:
    return open_table(str(args.get("key")), _json_text(args.get("spec"), {}), _json_text(args.get("options"), {}))


def _play(args: dict[str, Any]) -> str:
    step = args.get("step")
    if isinstance(step, bool) or not isinstance(step, int):
        return _fail(f"step must be a whole number, not {step!r}")
    bots = _json_text(args.get("bots"), [])
    return play(str(args.get("key")), step, str(args.get("move", "")), bots, str(args.get("level") or "simple"))


def _frames(args: dict[str, Any]) -> str:
    line = _TABLES.get(str(args.get("key")))
    return _fail("no such table") if line is None else _ok(frames=line.frames())


def _language(args: dict[str, Any]) -> dict[str, Any]:
    """The worker's language from now on: the page's (``<html lang>``), the refusals and frames in it."""
    return {"lang": i18n.use(str(args.get("lang") or "en")), "langs": list(i18n.LANGS)}


class Operation(NamedTuple):
    """One operation of the live engine: what answers it (the request's arguments in, JSON text out), the
    arguments it ``takes`` and the fields it ``gives`` besides ``ok`` (``?``: may be left out; ``|``: or)."""

    answer: Callable[[dict[str, Any]], str]
    takes: str
    gives: str


OPERATIONS: dict[str, Operation] = {
    "version": Operation(_answered(lambda args: {"version": __version__}), "{}", "{version}"),
    # every sentence written from now on is in lang (the page's <html lang>: en, de or pl; another is refused)
    "language": Operation(_answered(_language), "{lang}", "{lang, langs}"),
    "levels": Operation(_answered(lambda args: {"levels": dict(LEVELS)}), "{}", "{levels}"),
    "games": Operation(
        _answered(lambda args: {"games": {n: [s.as_json() for s in g.option_specs] for n, g in GAMES.items()}}),
        "{}",
        "{games}",
    ),
    "link_encode": Operation(_answered(lambda args: {"link": encode(args["spec"])}), "{spec}", "{link}"),
    "link_decode": Operation(_answered(lambda args: {"spec": decode(str(args.get("link", "")))}), "{link}", "{spec}"),
    # as open_table() and play() above
    "open_table": Operation(_open_table, "{key, spec, options?}", "{frames, stopped, refused, options, result}"),
    "play": Operation(_play, "{key, step, move, bots?, level?}", "{frames, follows?}"),
    "frames": Operation(_frames, "{key}", "{frames}"),
    # the readings and the analysis (oldtricks.live.analysis)
    "analyse": Operation(_answered(analyse), "{key, step?, moves?}", "{analysis, line_words, deal_begins}"),
    "analysis_plan": Operation(_answered(analysis_plan), "{key, step?, moves?}", "{text}"),
    "first_look": Operation(_answered(first_look), "{key, step?, moves?}", "{analysis}"),
    "double_dummy_table": Operation(
        _answered(double_dummy_table), "{key, step?, moves?, start?, nodes?}", "{table, step, done}"
    ),
    "compare": Operation(
        _answered(compare_readings),
        "{key, frames?}",
        "{diverge, text, rule, rule_title, status, changed, frames?, book?}",
    ),
    "find_parting": Operation(
        _answered(find_parting), "{key, tricks?, tries?, first?}", "{seed, spec, frames, book, diverge, text, ...}"
    ),
    # the teachers' tools on an open table (oldtricks.live.tables, oldtricks.live.teach)
    "table_spec": Operation(_answered(lambda args: {"spec": table_spec(args)}), "{key, step?, viewer?}", "{spec}"),
    "link_of_table": Operation(_answered(link_of_table), "{key, step?, viewer?}", "{link, spec}"),
    "table_note": Operation(_answered(note), "{key, step, text}", "{frame}"),
    "advance": Operation(_answered(advance), "{key, step, bots, level?, limit?}", "{frames}"),
    "line_to": Operation(_answered(line_to), "{key, moves}", "{frames}"),
    "deal_hands": Operation(_answered(deal_hands), "{key}", "{hands}"),
    "game_info": Operation(
        _answered(game_info), "{game, options, names?}", "{title, seats, seat_names, pattern, options}"
    ),
    "scenario_toml": Operation(_answered(scenario_toml), "{key, viewer?} | {spec}", "{toml, name, spec}"),
    # studies (oldtricks.live.studies)
    "study_encode": Operation(_answered(studies.study_encode), "{study}", "{link, study}"),
    "study_read": Operation(_answered(studies.study_read), "{link}", "{study, problems}"),
    "study_file": Operation(_answered(studies.study_file), "{study}", "{toml, name}"),
    "study_open_file": Operation(_answered(studies.study_open_file), "{text, name?}", "{study, problems}"),
    "study_propose": Operation(_answered(studies.study_propose), "{spec, step, answers}", "{refusals, tries}"),
    "study_edit": Operation(_answered(studies.study_edit), "{study, chapter, ...}", "{link, study, said}"),
    "study_chapter": Operation(_answered(studies.study_chapter), "{link, also?}", "{frames, ...}"),
    "study_played_on": Operation(_answered(studies.study_played_on), "{link, also?, step}", "{played_on}"),
    "study_handout": Operation(_answered(studies.study_handout), "{study}", "{text, page, name}"),
}
"""Every operation of the live engine, by name, the one table :func:`call` answers through. The Pyodide
worker answers the same names: ``worker.js`` builds its table from ``operations.js``, which the site's
runtime build writes from this one (``python site/oldtricks_runtime operations``)."""


def call(op: str, args_json: str = "{}") -> str:
    """The operation ``op`` of :data:`OPERATIONS` with the arguments ``args_json`` (a JSON object); the
    answer is JSON text: ``{"ok": true, ...}`` with the fields the operation gives, or ``{"ok": false,
    "error": ..., "rule": ...}`` (an unknown operation, arguments that are not a JSON object, a request the
    engine refuses).

    >>> json.loads(call("link_decode", json.dumps({"link": "v1;?"})))["ok"]
    False
    >>> json.loads(call("no_such_op"))["error"]
    "unknown operation 'no_such_op'"
    """
    try:
        args = json.loads(args_json or "{}")
    except RecursionError:
        return _fail("bad arguments: nested too deeply to read")
    except ValueError as exc:
        return _fail(f"bad arguments: {exc}")
    if not isinstance(args, dict):
        return _fail("bad arguments: expected an object")
    operation = OPERATIONS.get(op)
    return _fail(f"unknown operation {op!r}") if operation is None else operation.answer(args)
