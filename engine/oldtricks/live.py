"""The live engine's interface for the browser (Pyodide worker): JSON strings in, JSON strings out.

One table per widget, by ``key``. Frames come from the same replay code as the build, so a live
replay of a scenario equals the frames embedded in its page.

>>> import json
>>> json.loads(call("game_info", json.dumps({"game": "clock"})))["seat_names"]
['South', 'West', 'East']
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from typing import Any

from . import __version__, i18n, studylive
from .datawords import DOMAINS
from .errors import IllegalMoveError, OldtricksError, ScenarioError
from .export import expectations, line_spec, to_toml
from .gamebook import line_words, solving_words
from .levels import LEVELS, level_problem
from .links import decode, encode
from .prng import Rng
from .readings import FIND_TRICKS, FIND_TRIES, compare, find_parting_deal, not_found
from .refusal import refusal
from .registry import GAMES, make_game
from .replay import Line, replay, start
from .scenario import TEXT_LIMIT, from_spec, names_problem

_TABLES: dict[str, Line] = {}
_SPECS: dict[str, dict[str, Any]] = {}  # the spec each table was opened with: its deal, title, names
_OPTIONS: dict[str, dict[str, Any]] = {}  # and the option overrides it was opened with
BOT_LIMIT = 5_000  # bot moves in one request: an endless Bettelmann game stops here
LINE_WORDS = 8  # moves of the best line told in words by the analysis
NOTE_LIMIT = TEXT_LIMIT  # characters in one note: the limit of scenario files and links

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
    _SPECS[key] = spec
    _OPTIONS[key] = dict(options)
    stopped = None if rp.stopped is None else rp.stopped.reason
    if rp.refused is not None:
        stopped = f"at step {rp.refused['step']}: {rp.refused['text']}"
    return _ok(
        frames=rp.frames(), stopped=stopped, refused=rp.refused, options=dict(rp.game.options), result=rp.result()
    )


def play(key: str, step: int, move: str, bots_json: str = "[]", level: str = "simple") -> str:
    """Branch table ``key`` after ``step`` with ``move``; then bots of ``level`` (:data:`oldtricks.levels.LEVELS`)
    play their seats until a human's turn.

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
    branch = _branch(line, step)
    try:
        branch.push(parsed)
    except IllegalMoveError as exc:
        return _refuse(refusal(game, exc, parsed, seat))
    _bots_play(branch, bots, Rng(hash_step(line, step)), level=level)
    _TABLES[key] = branch
    return _ok(frames=[branch.frame(i) for i in range(step + 1, len(branch.states))])


def _branch(line: Line, step: int) -> Line:
    """The line up to ``step``, with what was said about those steps (a question on ``step`` itself
    is dropped: its answer is about to be replaced)."""
    return Line(
        line.game,
        line.states[: step + 1],
        line.moves[: step + 1],
        line.events[: step + 1],
        {k: v for k, v in line.notes.items() if k <= step},
        {k: v for k, v in line.ids.items() if k <= step},
        {k: v for k, v in line.asks.items() if k < step},
        line.places,
    )


def _bots_play(line: Line, bots: set[int], rng: Rng, limit: int = BOT_LIMIT, level: str = "simple") -> None:
    """The bots move for their seats until a human's turn, the end of the game, or ``limit`` moves; a strong
    bot reads the line as its seat saw it (:func:`oldtricks.strong.strong_move`)."""
    game = line.game
    if level == "strong":
        from .strong import strong_move  # the strong bots' search loads only when a reader asks for them
    for _ in range(limit):
        seat = game.to_play(line.states[-1])
        if seat is None or seat not in bots:
            return
        line.push(strong_move(line, rng) if level == "strong" else game.bot_move(line.states[-1], rng))


def hash_step(line: Line, step: int) -> int:
    """A seed for the bots that depends only on the deal and the step, so bot play is reproducible."""
    seed = getattr(line.states[0], "deal", None)
    base = getattr(seed, "seed", None) or 0
    return (base * 1_000_003 + step) & ((1 << 64) - 1)


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


# -- the teachers' tools: a table as a link, a spec or a file; notes; bots; deals ------------------------
def _table(args: dict[str, Any]) -> tuple[str, Line]:
    key = str(args.get("key"))
    line = _TABLES.get(key)
    if line is None:
        raise OldtricksError(f"no table {key!r}: open it first")
    return key, line


def _step(args: dict[str, Any], line: Line) -> int:
    step = args.get("step", len(line.states) - 1)
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < len(line.states):
        raise OldtricksError(f"step {step} does not exist: this line has steps 0 to {len(line.states) - 1}")
    return step


def table_spec(args: dict[str, Any]) -> dict[str, Any]:
    """The spec of table ``key`` as played so far (:func:`oldtricks.export.line_spec`), opening at
    ``step`` (default: the last) as seen by ``viewer`` (a seat; null: every hand; absent: the
    scenario's own viewer)."""
    key, line = _table(args)
    spec = line_spec(_SPECS[key], line)
    spec["at"] = _step(args, line)
    if "viewer" in args:
        viewer = args["viewer"]
        if viewer is None:
            spec.pop("viewer", None)
        elif isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < line.game.num_seats:
            spec["viewer"] = viewer
        else:
            raise OldtricksError(f"viewer must be a seat from 0 to {line.game.num_seats - 1}, or null")
    return spec


def _link_of_table(args: dict[str, Any]) -> dict[str, Any]:
    spec = table_spec(args)
    return {"link": encode(spec, line=_table(args)[1]), "spec": spec}


def _note(args: dict[str, Any]) -> dict[str, Any]:
    """Set (or, with empty text, remove) the note on one step of a table."""
    _key, line = _table(args)
    step = _step(args, line)
    text = args.get("text", "")
    if not isinstance(text, str):
        raise OldtricksError("a note is text")
    if len(text) > NOTE_LIMIT:
        raise OldtricksError(f"a note may be at most {NOTE_LIMIT} characters long, not {len(text)}")
    if text.strip():
        line.notes[step] = [text]
    else:
        line.notes.pop(step, None)
    return {"frame": line.frame(step)}


def _advance(args: dict[str, Any]) -> dict[str, Any]:
    """Branch after ``step`` and let the bots (of ``level``) play their seats (when the seat to move is theirs)."""
    key, line = _table(args)
    step = _step(args, line)
    bots = {int(s) for s in args.get("bots", [])}
    level = args.get("level", "simple")
    problem = level_problem(level)
    if problem is not None:
        raise OldtricksError(problem)
    branch = _branch(line, step)
    limit = min(int(args.get("limit", BOT_LIMIT)), BOT_LIMIT)
    _bots_play(branch, bots, Rng(hash_step(line, step)), limit, level)
    _TABLES[key] = branch
    return {"frames": [branch.frame(i) for i in range(step + 1, len(branch.states))]}


def _line_to(args: dict[str, Any]) -> dict[str, Any]:
    """Make table ``key`` the line of ``moves`` (notation, in order) from its deal, under the options
    it was opened with: a side line the reader played, to play on from, or reopened from a link.
    Answers the frames of the whole line; a move that cannot be played is refused as in play."""
    key, _line = _table(args)
    moves = args.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise OldtricksError("moves must be a list of moves in notation")
    line = start(from_spec(_SPECS[key]), _OPTIONS.get(key, {}))
    game = line.game
    for n, text in enumerate(moves, start=1):
        seat = game.to_play(line.states[-1])
        try:
            line.push(game.parse_move(line.states[-1], text))
        except OldtricksError as exc:
            said = refusal(game, exc, text, seat)
            raise IllegalMoveError(f"step {n}: {said['text']}", said["rule"]) from None
    _TABLES[key] = line
    return {"frames": line.frames()}


def _deal_hands(args: dict[str, Any]) -> dict[str, Any]:
    """The hands of a table's deal in scenario notation (one string per seat, in dealing order)."""
    key, line = _table(args)
    deal = dict(_SPECS[key]["deal"])
    if deal.get("hands") is not None:
        return {"hands": list(deal["hands"])}
    dealt = line.game.deal(seed=deal.get("seed"), dealer=int(deal.get("dealer", 0)))
    return {"hands": [" ".join(map(str, hand)) for hand in dealt.hands]}


def _game_info(args: dict[str, Any]) -> dict[str, Any]:
    """A game under some options: its seats, their names, its pack, and its options with their values."""
    names = args.get("names") or None
    problem = None if names is None else names_problem(names)
    if problem is not None:
        raise OldtricksError(problem, field="names")
    game = make_game(str(args.get("game")), args.get("options") or {}, names)
    return {
        "game": game.name,
        "title": game.title,
        "seats": game.num_seats,
        "seat_names": list(game.seat_names()),
        "pattern": game.pack.pattern,
        "options": [spec.as_json(game.options[spec.key]) for spec in game.option_specs],
    }


def _scenario_toml(args: dict[str, Any]) -> dict[str, Any]:
    """A scenario file: of table ``key`` as played, with its ``[expect]`` (so ``check`` tests it), or
    of a given ``spec`` as it is."""
    if "key" in args:
        spec = table_spec({k: v for k, v in args.items() if k != "step"})
        spec.pop("at")
        spec["expect"] = expectations(_table(args)[1])
    else:
        spec = dict(args["spec"])
        from_spec(spec)  # the structure must be a scenario's
    ascii_title = unicodedata.normalize("NFKD", str(spec.get("title", ""))).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")[:60] or "scenario"
    return {"toml": to_toml(spec), "name": f"{slug}.toml", "spec": spec}


def _compare(args: dict[str, Any]) -> dict[str, Any]:
    """Where table ``key`` (opened under other options) parts from its scenario as written, and why
    (:func:`oldtricks.readings.compare`); ``frames: true`` adds both readings' frames."""
    key, _line = _table(args)
    said = compare(from_spec(_SPECS[key]), _OPTIONS.get(key, {}))
    if not args.get("frames"):
        said.pop("frames")
        said.pop("book")
    return said


def _count(args: dict[str, Any], name: str, default: int, high: int) -> int:
    value = args.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= high:
        raise OldtricksError(f"{name} must be a whole number from 1 to {high}, not {value!r}")
    return value


def _find_parting(args: dict[str, Any]) -> dict[str, Any]:
    """Search seeded deals (from ``first``) for one where table ``key``'s options and the scenario as
    written part, soonest within ``tricks`` tricks, else later in the game; the table becomes that deal
    under its options (none: an error that says why, in words). Answers
    :func:`oldtricks.readings.find_parting_deal`'s finding, both readings' frames included."""
    key, _line = _table(args)
    tricks = _count(args, "tricks", FIND_TRICKS, 20)
    tries = _count(args, "tries", FIND_TRIES, 1_000)
    first = _count(args, "first", 1, 1 << 32)
    options = _OPTIONS.get(key, {})
    scenario = from_spec(_SPECS[key])
    found = find_parting_deal(scenario, options, tricks=tricks, tries=tries, first_seed=first)
    if found is None:
        raise OldtricksError(not_found(start(scenario, options).game, options, first, tries))
    _TABLES[key] = replay(from_spec(found["spec"]), options, lenient=True).line
    _SPECS[key] = found["spec"]
    return found


def _shown(args: dict[str, Any]) -> tuple[Line, int]:
    """The line and step an analysis is asked about: ``step`` (default: the last) of table ``key``, or
    of the line of ``moves`` (notation, from the deal, under the options the table was opened with:
    the line the reader is looking at, which need not be the table's)."""
    key, line = _table(args)
    if "moves" in args:
        moves = args["moves"]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise OldtricksError("moves must be a list of moves in notation")
        line = start(from_spec(_SPECS[key]), _OPTIONS.get(key, {}))
        for n, text in enumerate(moves, start=1):
            try:
                line.push(line.game.parse_move(line.states[-1], text))
            except OldtricksError as exc:
                raise OldtricksError(f"step {n}: {exc}") from None
    return line, _step(args, line)


def _analyse(args: dict[str, Any]) -> dict[str, Any]:
    """The solver's values of every legal move of the position :func:`_shown` names. ``line_words``:
    what happens on the best line, in the game's own narration, for the first :data:`LINE_WORDS` moves."""
    line, step = _shown(args)
    game, state = line.game, line.states[step]
    said = game.analyse(state).as_json(step)
    best = said["moves"][0]
    return {"analysis": said, "line_words": line_words(game, state, [best["move"], *best["line"]], LINE_WORDS)}


def _analysis_plan(args: dict[str, Any]) -> dict[str, Any]:
    """What ``analyse`` will do for the same request, in words, answered at once (the solver may take a while)."""
    line, step = _shown(args)
    return {"text": solving_words(line.game, line.states[step])}


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


OPERATIONS: dict[str, Callable[[dict[str, Any]], str]] = {
    "version": _answered(lambda args: {"version": __version__}),
    "language": _answered(_language),
    "levels": _answered(lambda args: {"levels": dict(LEVELS)}),
    "games": _answered(lambda args: {"games": {n: [s.as_json() for s in g.option_specs] for n, g in GAMES.items()}}),
    "link_encode": _answered(lambda args: {"link": encode(args["spec"])}),
    "link_decode": _answered(lambda args: {"spec": decode(str(args.get("link", "")))}),
    "open_table": _open_table,
    "play": _play,
    "frames": _frames,
    "analyse": _answered(_analyse),
    "analysis_plan": _answered(_analysis_plan),
    "compare": _answered(_compare),
    "find_parting": _answered(_find_parting),
    "table_spec": _answered(lambda args: {"spec": table_spec(args)}),
    "link_of_table": _answered(_link_of_table),
    "table_note": _answered(_note),
    "advance": _answered(_advance),
    "line_to": _answered(_line_to),
    "deal_hands": _answered(_deal_hands),
    "game_info": _answered(_game_info),
    "scenario_toml": _answered(_scenario_toml),
    "study_encode": _answered(studylive.study_encode),
    "study_read": _answered(studylive.study_read),
    "study_file": _answered(studylive.study_file),
    "study_open_file": _answered(studylive.study_open_file),
    "study_propose": _answered(studylive.study_propose),
    "study_edit": _answered(studylive.study_edit),
    "study_chapter": _answered(studylive.study_chapter),
    "study_played_on": _answered(studylive.study_played_on),
    "study_handout": _answered(studylive.study_handout),
}
"""Every operation of the live engine, by name: each takes the request's arguments and answers JSON text.
The Pyodide worker (``worker.js``) lists the same names in its own table of operations."""


def call(op: str, args_json: str = "{}") -> str:
    """The operation ``op`` of :data:`OPERATIONS` with the arguments ``args_json`` (a JSON object):

    - ``version``, ``games``: the engine's version; every game's options;
    - ``language`` {lang} -> {lang, langs}: every sentence written from now on is in ``lang`` (the page's
      ``<html lang>``: en, de or pl; another is refused, and the language stays as it was);
    - ``open_table`` {key, spec, options?} and ``play`` {key, step, move, bots?, level?}: as
      :func:`open_table` and :func:`play`;
    - ``link_encode`` {spec} -> {link}, ``link_decode`` {link} -> {spec}; ``frames`` {key}: of an open table;

    and for the teachers' tools (``key`` names an open table):

    - ``table_spec`` {key, step?, viewer?} -> {spec}: the line as played, as a scenario spec;
    - ``link_of_table`` {key, step?, viewer?} -> {link, spec}: its share link (``v1;…``);
    - ``table_note`` {key, step, text} -> {frame}: set the note of a step ('' removes it);
    - ``advance`` {key, step, bots, level?, limit?} -> {frames}: branch after ``step``, the bots play on;
    - ``levels`` -> {levels}: the bot levels, each with what it does in words;
    - ``line_to`` {key, moves} -> {frames}: the table becomes the line of these moves from the deal;
    - ``deal_hands`` {key} -> {hands}: the deal in scenario notation;
    - ``game_info`` {game, options, names?} -> {title, seats, seat_names, pattern, options};
    - ``scenario_toml`` {key, viewer?} | {spec} -> {toml, name, spec}: a scenario file;
    - ``compare`` {key, frames?} -> {diverge, text, rule, rule_title, status, changed, frames?, book?}:
      where the table's reading parts from the scenario as written (``diverge``: a step, or null);
    - ``analysis_plan`` {key, step?, moves?} -> {text}: what ``analyse`` is about to do, in words, at once;
    - ``analyse`` {key, step?, moves?} -> {analysis, line_words}: every legal move's value with best play
      (:meth:`oldtricks.model.Game.analyse`, as ``python -m oldtricks analyse --json``) and the best line
      in the engine's words;
    - ``study_encode`` {study} -> {link, study}, ``study_read`` {link} -> {study, problems}, ``study_file``
      {study} -> {toml, name}, ``study_open_file`` {text, name?} -> {study, problems}, ``study_propose``
      {spec, step, answers} -> {refusals, tries}, ``study_edit`` {study, chapter, ...} -> {link, study, said},
      ``study_chapter`` {link, also?} -> {frames, ...}, ``study_played_on`` {link, also?, step} -> {played_on},
      ``study_handout`` {study} -> {text}:
      studies (:mod:`oldtricks.studylive`);
    - ``find_parting`` {key, tricks?, tries?, first?} -> {seed, spec, frames, book, diverge, text, ...}:
      a seeded deal where the two readings part (soonest within the first tricks); the table becomes it.
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
    return _fail(f"unknown operation {op!r}") if operation is None else operation(args)
