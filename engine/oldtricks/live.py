"""The live engine's interface for the browser (Pyodide worker): JSON strings in, JSON strings out.

One table per widget, by ``key``. Frames come from the same replay code as the build, so a live
replay of a scenario equals the frames embedded in its page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import __version__
from .errors import IllegalMoveError, OldtricksError
from .links import decode, encode
from .prng import Rng
from .registry import GAMES
from .replay import Line, replay
from .scenario import from_spec

_TABLES: dict[str, Line] = {}


def _ok(**fields: Any) -> str:
    return json.dumps({"ok": True, **fields})


def _fail(error: str, rule: str | None = None) -> str:
    return json.dumps({"ok": False, "error": error, "rule": rule})


def open_table(key: str, spec_json: str, options_json: str = "{}") -> str:
    """Replay a scenario spec (with option overrides) and keep it as table ``key``.

    Where an override makes a scripted move illegal, the frames stop there and ``stopped`` says why.
    """
    try:
        spec = json.loads(spec_json)
        options = json.loads(options_json or "{}")
        rp = replay(from_spec(spec), options, lenient=True)
    except (OldtricksError, ValueError, TypeError, KeyError) as exc:
        return _fail(str(exc))
    _TABLES[key] = rp.line
    stopped = None if rp.stopped is None else rp.stopped.reason
    return _ok(frames=rp.frames(), stopped=stopped, options=dict(rp.game.options), result=rp.result())


def play(key: str, step: int, move: str, bots_json: str = "[]") -> str:
    """Branch table ``key`` after ``step`` with ``move``; then bots play their seats until a human's turn.

    Returns the frames of steps ``step + 1`` onward, or the error and the rule that forbids the move.
    """
    line = _TABLES.get(key)
    if line is None:
        return _fail(f"no table {key!r}: open it first")
    if not 0 <= step < len(line.states):
        return _fail(f"step {step} does not exist: this line has steps 0 to {len(line.states) - 1}")
    try:
        bots = {int(s) for s in json.loads(bots_json or "[]")}
    except (ValueError, TypeError):
        return _fail("bots must be a list of seat numbers")
    branch = Line(
        line.game,
        line.states[: step + 1],
        line.moves[: step + 1],
        line.events[: step + 1],
        {k: v for k, v in line.notes.items() if k <= step},
        {k: v for k, v in line.ids.items() if k <= step},
        {k: v for k, v in line.asks.items() if k < step},
    )
    game = branch.game
    try:
        branch.push(game.parse_move(branch.states[-1], move))
    except IllegalMoveError as exc:
        return _fail(str(exc), exc.rule)
    except OldtricksError as exc:
        return _fail(str(exc))
    rng = Rng(hash_step(line, step))
    while (seat := game.to_play(branch.states[-1])) is not None and seat in bots:
        branch.push(game.bot_move(branch.states[-1], rng))
    _TABLES[key] = branch
    return _ok(frames=[branch.frame(i) for i in range(step + 1, len(branch.states))])


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
    except (KeyError, TypeError, ValueError) as exc:
        return _fail(f"bad request: {exc}")


def call(op: str, args_json: str = "{}") -> str:
    """Other operations: ``version``, ``games``, ``link_encode`` {spec}, ``link_decode`` {link},
    ``frames`` {key} (of an open table)."""
    try:
        args = json.loads(args_json or "{}")
    except ValueError as exc:
        return _fail(f"bad arguments: {exc}")
    if op == "version":
        return _ok(version=__version__)
    if op == "games":
        return _ok(games={name: [s.as_json() for s in cls.option_specs] for name, cls in GAMES.items()})
    if op == "link_encode":
        return _guard(lambda: {"link": encode(args["spec"])})
    if op == "link_decode":
        return _guard(lambda: {"spec": decode(str(args.get("link", "")))})
    if op == "frames":
        line = _TABLES.get(str(args.get("key")))
        if line is None:
            return _fail("no such table")
        return _ok(frames=line.frames())
    return _fail(f"unknown operation {op!r}")
