"""The live engine's tools for teachers (:mod:`oldtricks.live.api`), on an open table (``key``): its line as
a link, a spec or a scenario file; a note on a step; the bots playing on; a line of moves; the deal's
hands; a game's seats and options."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from ..analysis.levels import level_problem
from ..core.prng import Rng
from ..core.refusal import refusal
from ..core.registry import make_game
from ..errors import IllegalMoveError, OldtricksError
from ..scenarios.export import expectations, to_toml
from ..scenarios.links import encode
from ..scenarios.replay import start
from ..scenarios.scenario import TEXT_LIMIT, from_spec, names_problem
from .tables import BOT_LIMIT, OPTIONS, SPECS, TABLES, bots_play, branched, hash_step, step_of, table, table_spec

NOTE_LIMIT = TEXT_LIMIT  # characters in one note: the limit of scenario files and links


def link_of_table(args: dict[str, Any]) -> dict[str, Any]:
    spec = table_spec(args)
    return {"link": encode(spec, line=table(args)[1]), "spec": spec}


def note(args: dict[str, Any]) -> dict[str, Any]:
    """Set (or, with empty text, remove) the note on one step of a table."""
    _key, line = table(args)
    step = step_of(args, line)
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


def advance(args: dict[str, Any]) -> dict[str, Any]:
    """Branch after ``step`` and let the bots (of ``level``) play their seats (when the seat to move is theirs)."""
    key, line = table(args)
    step = step_of(args, line)
    bots = {int(s) for s in args.get("bots", [])}
    level = args.get("level", "simple")
    problem = level_problem(level)
    if problem is not None:
        raise OldtricksError(problem)
    branch = branched(line, step)
    limit = min(int(args.get("limit", BOT_LIMIT)), BOT_LIMIT)
    bots_play(branch, bots, Rng(hash_step(line, step)), limit, level)
    TABLES[key] = branch
    return {"frames": [branch.frame(i) for i in range(step + 1, len(branch.states))]}


def line_to(args: dict[str, Any]) -> dict[str, Any]:
    """Make table ``key`` the line of ``moves`` (notation, in order) from its deal, under the options
    it was opened with: a side line the reader played, to play on from, or reopened from a link.
    Answers the frames of the whole line; a move that cannot be played is refused as in play."""
    key, _line = table(args)
    moves = args.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise OldtricksError("moves must be a list of moves in notation")
    line = start(from_spec(SPECS[key]), OPTIONS.get(key, {}))
    game = line.game
    for n, text in enumerate(moves, start=1):
        seat = game.to_play(line.states[-1])
        try:
            line.push(game.parse_move(line.states[-1], text))
        except OldtricksError as exc:
            said = refusal(game, exc, text, seat)
            raise IllegalMoveError(f"step {n}: {said['text']}", said["rule"]) from None
    TABLES[key] = line
    return {"frames": line.frames()}


def deal_hands(args: dict[str, Any]) -> dict[str, Any]:
    """The hands of a table's deal in scenario notation (one string per seat, in dealing order)."""
    key, line = table(args)
    deal = dict(SPECS[key]["deal"])
    if deal.get("hands") is not None:
        return {"hands": list(deal["hands"])}
    dealt = line.game.deal(seed=deal.get("seed"), dealer=int(deal.get("dealer", 0)))
    return {"hands": [" ".join(map(str, hand)) for hand in dealt.hands]}


def game_info(args: dict[str, Any]) -> dict[str, Any]:
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


def scenario_toml(args: dict[str, Any]) -> dict[str, Any]:
    """A scenario file: of table ``key`` as played, with its ``[expect]`` (so ``check`` tests it), or
    of a given ``spec`` as it is."""
    if "key" in args:
        spec = table_spec({k: v for k, v in args.items() if k != "step"})
        spec.pop("at")
        spec["expect"] = expectations(table(args)[1])
    else:
        spec = dict(args["spec"])
        from_spec(spec)  # the structure must be a scenario's
    ascii_title = unicodedata.normalize("NFKD", str(spec.get("title", ""))).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")[:60] or "scenario"
    return {"toml": to_toml(spec), "name": f"{slug}.toml", "spec": spec}
