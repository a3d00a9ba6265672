"""The live engine's open tables (:mod:`oldtricks.live.api`): the line each widget plays, by ``key``, with
the spec and the options it was opened with, and what branching a line and letting the bots play
do to it."""

from __future__ import annotations

from typing import Any

from ..core.prng import Rng
from ..errors import OldtricksError
from ..scenarios.export import line_spec
from ..scenarios.replay import Line

TABLES: dict[str, Line] = {}
SPECS: dict[str, dict[str, Any]] = {}  # the spec each table was opened with: its deal, title, names
OPTIONS: dict[str, dict[str, Any]] = {}  # and the option overrides it was opened with
BOT_LIMIT = 5_000  # bot moves in one request: an endless Bettelmann game stops here


def branched(line: Line, step: int) -> Line:
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


def bots_play(line: Line, bots: set[int], rng: Rng, limit: int = BOT_LIMIT, level: str = "simple") -> None:
    """The bots move for their seats until a human's turn, the end of the game, or ``limit`` moves; a strong
    bot reads the line as its seat saw it (:func:`oldtricks.analysis.strong.strong_move`)."""
    game = line.game
    if level == "strong":
        from ..analysis.strong import strong_move  # the strong bots' search loads only when a reader asks for them
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


def table(args: dict[str, Any]) -> tuple[str, Line]:
    key = str(args.get("key"))
    line = TABLES.get(key)
    if line is None:
        raise OldtricksError(f"no table {key!r}: open it first")
    return key, line


def step_of(args: dict[str, Any], line: Line) -> int:
    step = args.get("step", len(line.states) - 1)
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < len(line.states):
        raise OldtricksError(f"step {step} does not exist: this line has steps 0 to {len(line.states) - 1}")
    return step


def table_spec(args: dict[str, Any]) -> dict[str, Any]:
    """The spec of table ``key`` as played so far (:func:`oldtricks.scenarios.export.line_spec`), opening at
    ``step`` (default: the last) as seen by ``viewer`` (a seat; null: every hand; absent: the
    scenario's own viewer)."""
    key, line = table(args)
    spec = line_spec(SPECS[key], line)
    spec["at"] = step_of(args, line)
    if "viewer" in args:
        viewer = args["viewer"]
        if viewer is None:
            spec.pop("viewer", None)
        elif isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < line.game.num_seats:
            spec["viewer"] = viewer
        else:
            raise OldtricksError(f"viewer must be a seat from 0 to {line.game.num_seats - 1}, or null")
    return spec
