"""Scenario files: a game, its options, a deal, the moves with notes, and what must happen.

Scenarios are TOML (see ``scenarios/README.md``). A broken file raises :class:`ScenarioError`
whose message starts with ``path:line:``. The same structure, as a plain dict ("spec"), is what the
site embeds and what the live engine replays. The values a file is read into, and the limits, are in
:mod:`oldtricks.scenarios.scenariotypes`; they are imported from here as before.

>>> sc = loads('title = "Two moves"\\ngame = "bettelmann"\\n[deal]\\nseed = 7\\n[[step]]\\nauto = 2\\n', "two.toml")
>>> sc.game, sc.seed, sc.steps[0].auto
('bettelmann', 7, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import ScenarioError
from .scenariotypes import (
    DEAL_KEYS,
    EXPECT_KEYS,
    MOVE_LIMIT,
    NAME_LIMIT,
    OUTCOME_KEYS,
    OUTCOME_KINDS,
    SEED_LIMIT,
    STEP_KEYS,
    TEXT_LIMIT,
    TITLE_LIMIT,
    TOP_KEYS,
    Scenario,
    Step,
    line_of,
)

__all__ = [
    "DEAL_KEYS",
    "EXPECT_KEYS",
    "MOVE_LIMIT",
    "NAME_LIMIT",
    "OUTCOME_KEYS",
    "OUTCOME_KINDS",
    "SEED_LIMIT",
    "STEP_KEYS",
    "TEXT_LIMIT",
    "TITLE_LIMIT",
    "TOP_KEYS",
    "Scenario",
    "Step",
    "discover",
    "from_dict",
    "from_spec",
    "line_of",
    "load",
    "loads",
    "names_problem",
    "scenario_id",
]


def scenario_id(path: Path, root: Path | None) -> str:
    """The id of a scenario file: its path below the scenarios folder, without '.toml'."""
    if root is not None:
        try:
            return path.resolve().relative_to(root.resolve()).with_suffix("").as_posix()
        except ValueError:
            pass
    return path.stem


def load(path: str | Path, root: str | Path | None = None) -> Scenario:
    """Read a scenario file. Raises :class:`ScenarioError` (``path:line: message``)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"cannot read the file: {exc}", str(p)) from None
    return loads(text, str(p), scenario_id(p, Path(root) if root else None))


def loads(text: str, path: str = "<scenario>", ident: str | None = None) -> Scenario:
    """Read scenario TOML text; the lines of its errors come from the TOML parser's own positions."""
    from ..core.tomlread import TomlError, read  # here: the live engine builds scenarios from specs, never from TOML

    try:
        data, lines = read(text)
    except TomlError as exc:
        raise ScenarioError(f"not valid TOML: {exc.reason}", path, exc.line) from None
    return from_dict(data, path, ident or Path(path).stem, lines)


def _whole(value: Any) -> bool:
    """A whole number, as TOML and JSON write it (``true`` and ``false`` are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


class _Reader:
    """Checks one part of a scenario and raises :class:`ScenarioError` at the line of the part at fault."""

    def __init__(self, path: str, lines: Mapping[str, int]) -> None:
        self.path = path
        self.lines = lines

    def line(self, where: str) -> int | None:
        """The line of ``where``, else of the nearest table around it (``""``: the top of the file)."""
        return line_of(self.lines, where)

    def want(self, cond: bool, message: str, where: str) -> None:
        if not cond:
            raise ScenarioError(message, self.path, self.line(where))

    def table(self, data: Mapping[str, Any], name: str, keys: set[str], title: str, where: str = "") -> dict[str, Any]:
        """The table ``name`` of ``data`` (empty when absent), with no key outside ``keys``."""
        where = where or name
        table = data.get(name, {})
        self.want(isinstance(table, dict), f"{title} must be a table", where)
        bad = sorted(set(table) - keys)
        self.want(
            not bad,
            f"unknown key {bad[0]!r} in {title}: expected one of {', '.join(sorted(keys))}" if bad else "",
            f"{where}.{bad[0]}" if bad else where,
        )
        return dict(table)

    def text(self, value: Any, what: str, where: str, limit: int = TEXT_LIMIT) -> str:
        self.want(isinstance(value, str), f"{what} must be a string", where)
        self.want(len(value) <= limit, f"{what} is {len(value)} characters long: at most {limit}", where)
        return str(value)


def from_dict(
    data: Mapping[str, Any], path: str = "<scenario>", ident: str = "scenario", lines: Mapping[str, int] | None = None
) -> Scenario:
    """Check the structure of a scenario given as a dict (from TOML or from a spec).

    One reader per table: the top-level keys, ``[deal]``, the ``[[step]]`` list and ``[expect]``. What
    depends on the game (its seats, pack and options) is checked when the game is made
    (:func:`oldtricks.scenarios.replay.start`).
    """
    ln = dict(lines or {})
    r = _Reader(path, ln)
    top = _read_top(data, r)
    deal = _read_deal(data, r)
    steps = _read_steps(data.get("step", data.get("steps", [])), r)
    expect = _read_expect(data, r)
    return Scenario(id=str(data.get("id", ident)), path=path, steps=steps, expect=expect, lines=ln, **top, **deal)


def _read_top(data: Mapping[str, Any], r: _Reader) -> dict[str, Any]:
    """The top-level keys: game, title, description, viewer, names, demonstrates, options."""
    unknown = sorted(set(data) - TOP_KEYS - {"id", "steps"})
    r.want(
        not unknown,
        f"unknown key {unknown[0]!r}: expected one of {', '.join(sorted(TOP_KEYS))}" if unknown else "",
        unknown[0] if unknown else "",
    )
    r.want(isinstance(data.get("game"), str), "missing 'game' (a game name such as \"bettelmann\")", "game")
    r.want(isinstance(data.get("title"), str) and bool(data.get("title")), "missing 'title' (a string)", "title")
    title = r.text(data["title"], "'title'", "title", TITLE_LIMIT)
    description = r.text(data.get("description", ""), "'description'", "description", 10 * TEXT_LIMIT)
    options = data.get("options", {})
    r.want(isinstance(options, dict), "[options] must be a table of option = value", "options")
    viewer = data.get("viewer", "all")
    r.want(viewer == "all" or (_whole(viewer) and viewer >= 0), "'viewer' must be \"all\" or a seat number", "viewer")
    names = data.get("names")
    problem = None if names is None else names_problem(names)
    r.want(problem is None, problem or "", "names")
    demonstrates = data.get("demonstrates", [])
    r.want(_str_list(demonstrates), "'demonstrates' must be a list of ledger ids", "demonstrates")
    return {
        "game": data["game"],
        "title": title,
        "description": description,
        "options": dict(options),
        "viewer": None if viewer == "all" else viewer,
        "names": tuple(names) if names else None,
        "demonstrates": tuple(demonstrates),
    }


def names_problem(names: Any) -> str | None:
    """What is wrong with a list of players' names (a list of strings, each 1 to NAME_LIMIT characters,
    not only spaces), or None: the sandbox's and the live engine's names pass the same test."""
    if not _str_list(names):
        return "'names' must be a list of strings, one per seat"
    for name in names:
        if not name.strip() or len(name) > NAME_LIMIT:
            shown = f"{name[:NAME_LIMIT]!r}" + ("..." if len(name) > NAME_LIMIT else "")
            return f"'names': each name is 1 to {NAME_LIMIT} characters, not {shown}"
    return None


def _read_deal(data: Mapping[str, Any], r: _Reader) -> dict[str, Any]:
    """``[deal]``: the dealer, and a seed or the hands (and hands fixed for later deals)."""
    r.want("deal" in data, "missing [deal]: give a 'seed' or the 'hands'", "deal")
    deal = r.table(data, "deal", DEAL_KEYS, "[deal]")
    r.want(
        ("seed" in deal) != ("hands" in deal),
        "[deal] needs either 'seed' (a whole number) or 'hands' (one string of cards per seat), not both",
        "deal",
    )
    seed = deal.get("seed")
    r.want(
        seed is None or (_whole(seed) and 0 <= seed <= SEED_LIMIT),
        "'seed' must be a whole number from 0 to 2**64 - 1",
        "deal.seed",
    )
    hands = deal.get("hands")
    r.want(
        hands is None or _str_list(hands),
        "'hands' must be a list of strings, one per seat, top card first",
        "deal.hands",
    )
    later = deal.get("later", [])
    r.want(
        isinstance(later, list) and all(_str_list(hands) for hands in later),
        "'later' must be a list of deals, each a list of strings (one per seat), for the deals after the first",
        "deal.later",
    )
    dealer = deal.get("dealer", 0)
    r.want(_whole(dealer) and dealer >= 0, "'dealer' must be a seat number (0, 1, ...)", "deal.dealer")
    return {
        "dealer": dealer,
        "seed": seed,
        "hands": tuple(hands) if hands is not None else None,
        "later": tuple(tuple(h) for h in later),
    }


def _read_steps(raw_steps: Any, r: _Reader) -> tuple[Step, ...]:
    """The ``[[step]]`` list: each entry's moves, notes, ledger ids and lesson question."""
    r.want(isinstance(raw_steps, list), "'step' must be an array of tables ([[step]])", "step")
    return tuple(_read_step(raw, i, r) for i, raw in enumerate(raw_steps))


def _read_step(raw: Any, i: int, r: _Reader) -> Step:
    where, n = f"step.{i}", i + 1
    r.want(isinstance(raw, dict), f"step {n} must be a table", where)
    bad = sorted(set(raw) - STEP_KEYS)
    r.want(
        not bad,
        f"step {n}: unknown key {bad[0]!r}: expected one of {', '.join(sorted(STEP_KEYS))}" if bad else "",
        f"{where}.{bad[0]}" if bad else where,
    )
    move, moves, auto = raw.get("move"), raw.get("moves"), raw.get("auto")
    r.want(
        sum(x is not None for x in (move, moves, auto)) <= 1,
        f"step {n}: give at most one of 'move', 'moves' and 'auto'",
        where,
    )
    r.want(move is None or isinstance(move, str), f"step {n}: 'move' must be a string", f"{where}.move")
    r.want(moves is None or _str_list(moves), f"step {n}: 'moves' must be a list of strings", f"{where}.moves")
    all_moves = (move,) if move is not None else tuple(moves or ())
    r.want(
        all(len(m) <= MOVE_LIMIT for m in all_moves),
        f"step {n}: a move is at most {MOVE_LIMIT} characters long",
        f"{where}.move" if move is not None else f"{where}.moves",
    )
    r.want(
        auto is None or (_whole(auto) and auto > 0) or auto in ("trick", "end"),
        f'step {n}: \'auto\' must be a positive number of moves, "trick" or "end"',
        f"{where}.auto",
    )
    ids = raw.get("ids", [])
    r.want(_str_list(ids), f"step {n}: 'ids' must be a list of ledger ids", f"{where}.ids")
    note, wrong, hint = (
        r.text(raw.get(key, ""), f"step {n}: '{key}'", f"{where}.{key}") for key in ("note", "wrong", "hint")
    )
    ask = raw.get("ask", False)
    r.want(isinstance(ask, bool), f"step {n}: 'ask' must be true or false", f"{where}.ask")
    r.want(not ask or len(all_moves) == 1, f"step {n}: a step with 'ask' needs exactly one 'move'", where)
    return Step(all_moves, auto, note, tuple(ids), ask, wrong, hint, r.line(where))


def _read_expect(data: Mapping[str, Any], r: _Reader) -> dict[str, Any]:
    """``[expect]``: the winners of the tricks, the counts of tricks and moves, and the outcome."""
    expect = r.table(data, "expect", EXPECT_KEYS, "[expect]")
    winners = expect.get("winners")
    r.want(
        winners is None or (isinstance(winners, list) and all(_whole(w) or w == "tie" for w in winners)),
        "'winners' must list, per trick, the winning seat or \"tie\"",
        "expect.winners",
    )
    for key in ("tricks", "steps"):
        r.want(key not in expect or _whole(expect[key]), f"'{key}' must be a whole number", f"expect.{key}")
    if "outcome" in expect:
        where = "expect.outcome"
        outcome = r.table(expect, "outcome", OUTCOME_KEYS, "[expect.outcome]", where)
        kind = outcome.get("kind")
        r.want(
            kind is None or kind in OUTCOME_KINDS, f"'kind' must be one of {', '.join(OUTCOME_KINDS)}", f"{where}.kind"
        )
        for key in ("winners", "losers"):
            seats = outcome.get(key, [])
            r.want(
                isinstance(seats, list) and all(_whole(s) for s in seats),
                f"'{key}' must list seat numbers",
                f"{where}.{key}",
            )
        cycle = outcome.get("cycle")
        r.want(cycle is None or _whole(cycle), "'cycle' must be a whole number", f"{where}.cycle")
    return expect


def from_spec(spec: Mapping[str, Any]) -> Scenario:
    """Read back :meth:`Scenario.spec` (as embedded in pages and sent to the live engine)."""
    data = dict(spec)
    data.pop("at", None)  # the step a link or page opens on: not part of the scenario
    if "steps" in data and "step" not in data:
        data["step"] = data.pop("steps")
    ident = str(data.pop("id", "scenario"))
    return from_dict(data, f"<{ident}>", ident)


def discover(paths: list[Path]) -> list[Path]:
    """Scenario files under the given files and folders, sorted."""
    found: list[Path] = []
    for p in paths:
        if p.is_dir():
            found.extend(sorted(q for q in p.rglob("*.toml")))
        else:
            found.append(p)
    return found
