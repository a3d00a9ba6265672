"""Scenario files: a game, its options, a deal, the moves with notes, and what must happen.

Scenarios are TOML (see ``scenarios/README.md``). A broken file raises :class:`ScenarioError`
whose message starts with ``path:line:``. The same structure, as a plain dict ("spec"), is what the
site embeds and what the live engine replays.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ScenarioError

TOP_KEYS = {"title", "game", "demonstrates", "description", "viewer", "names", "options", "deal", "step", "expect"}
STEP_KEYS = {"move", "moves", "auto", "note", "ids", "ask", "wrong", "hint"}
DEAL_KEYS = {"dealer", "seed", "hands", "later"}
EXPECT_KEYS = {"winners", "tricks", "steps", "outcome"}
OUTCOME_KEYS = {"kind", "winners", "losers", "cycle"}


_HEADER = re.compile(r"^\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


class _Locator:
    """Finds the line of a table or key in TOML text (tomllib keeps no positions)."""

    def __init__(self, text: str) -> None:
        self.lines: dict[tuple[str, str], int] = {}
        table = ""
        steps = -1
        in_multiline = False
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if in_multiline:
                if line.count('"""') % 2 == 1 or line.count("'''") % 2 == 1:
                    in_multiline = False
                continue
            header = _HEADER.match(line)
            if header:
                name = header.group(1).strip().strip('"')
                if line.startswith("[[") and name == "step":
                    steps += 1
                    table = f"step.{steps}"
                else:
                    table = name
                self.lines.setdefault((table, ""), number)
            elif "=" in line and not line.startswith("#"):
                key = line.split("=", 1)[0].strip().strip('"')
                self.lines.setdefault((table, key), number)
                rest = line.split("=", 1)[1]
                if rest.count('"""') % 2 == 1 or rest.count("'''") % 2 == 1:
                    in_multiline = True

    def line(self, table: str, key: str = "") -> int | None:
        return self.lines.get((table, key)) or self.lines.get((table, ""))


@dataclass(frozen=True)
class Step:
    """One entry of the scenario's ``[[step]]`` list."""

    moves: tuple[str, ...] = ()
    auto: int | str | None = None
    note: str = ""
    ids: tuple[str, ...] = ()
    ask: bool = False
    wrong: str = ""
    hint: str = ""
    line: int | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.moves:
            out["moves"] = list(self.moves)
        if self.auto is not None:
            out["auto"] = self.auto
        for key in ("note", "wrong", "hint"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.ids:
            out["ids"] = list(self.ids)
        if self.ask:
            out["ask"] = True
        return out


@dataclass(frozen=True)
class Scenario:
    """A loaded scenario. ``spec()`` is its JSON form, which :func:`from_spec` reads back."""

    id: str
    game: str
    title: str
    path: str = "<scenario>"
    description: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    dealer: int = 0
    seed: int | None = None
    hands: tuple[str, ...] | None = None
    later: tuple[tuple[str, ...], ...] = ()
    viewer: int | None = None
    names: tuple[str, ...] | None = None
    demonstrates: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)
    lines: Mapping[str, int] = field(default_factory=dict)

    def line(self, where: str) -> int | None:
        """Line of a part of the file: 'game', 'deal', 'expect.winners', 'step.3', ..."""
        return self.lines.get(where)

    def error(self, message: str, where: str = "") -> ScenarioError:
        return ScenarioError(message, self.path, self.line(where) if where else None)

    def spec(self) -> dict[str, Any]:
        deal: dict[str, Any] = {"dealer": self.dealer}
        if self.hands is not None:
            deal["hands"] = list(self.hands)
        else:
            deal["seed"] = self.seed
        if self.later:
            deal["later"] = [list(hands) for hands in self.later]
        out: dict[str, Any] = {
            "id": self.id,
            "game": self.game,
            "title": self.title,
            "options": dict(self.options),
            "deal": deal,
            "steps": [s.as_json() for s in self.steps],
        }
        if self.description:
            out["description"] = self.description
        if self.viewer is not None:
            out["viewer"] = self.viewer
        if self.names:
            out["names"] = list(self.names)
        if self.demonstrates:
            out["demonstrates"] = list(self.demonstrates)
        if self.expect:
            out["expect"] = dict(self.expect)
        return out


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
    """Read scenario TOML text."""
    import tomllib  # here, not at the top: the live engine builds scenarios from specs, never from TOML

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise ScenarioError(f"not valid TOML: {msg}", path, int(match.group(1)) if match else None) from None
    loc = _Locator(text)
    lines: dict[str, int] = {}
    for (table, key), number in loc.lines.items():
        lines.setdefault(".".join(x for x in (table, key) if x), number)
    return from_dict(data, path, ident or Path(path).stem, lines)


def _want(cond: bool, message: str, path: str, lines: Mapping[str, int], where: str) -> None:
    if not cond:
        raise ScenarioError(message, path, lines.get(where) or lines.get(where.rsplit(".", 1)[0]))


def _str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def from_dict(
    data: Mapping[str, Any], path: str = "<scenario>", ident: str = "scenario", lines: Mapping[str, int] | None = None
) -> Scenario:
    """Check the structure of a scenario given as a dict (from TOML or from a spec)."""
    ln = dict(lines or {})

    def want(cond: bool, message: str, where: str) -> None:
        _want(cond, message, path, ln, where)

    unknown = sorted(set(data) - TOP_KEYS - {"id", "steps"})
    want(
        not unknown,
        f"unknown key {unknown[0]!r}: expected one of {', '.join(sorted(TOP_KEYS))}" if unknown else "",
        unknown[0] if unknown else "",
    )
    want(isinstance(data.get("game"), str), "missing 'game' (a game name such as \"bettelmann\")", "game")
    want(isinstance(data.get("title"), str) and bool(data.get("title")), "missing 'title' (a string)", "title")
    options = data.get("options", {})
    want(isinstance(options, dict), "[options] must be a table of option = value", "options")
    deal = data.get("deal", {})
    want(isinstance(deal, dict), "[deal] must be a table", "deal")
    bad = sorted(set(deal) - DEAL_KEYS)
    want(
        not bad,
        f"unknown key {bad[0]!r} in [deal]: expected dealer, seed, hands or later" if bad else "",
        f"deal.{bad[0]}" if bad else "deal",
    )
    want(
        ("seed" in deal) != ("hands" in deal),
        "[deal] needs either 'seed' (a whole number) or 'hands' (one string of cards per seat), not both",
        "deal",
    )
    seed = deal.get("seed")
    want(
        seed is None or (isinstance(seed, int) and 0 <= seed < 2**64),
        "'seed' must be a whole number from 0 to 2**64 - 1",
        "deal.seed",
    )
    hands = deal.get("hands")
    want(
        hands is None or _str_list(hands),
        "'hands' must be a list of strings, one per seat, top card first",
        "deal.hands",
    )
    later = deal.get("later", [])
    want(
        isinstance(later, list) and all(_str_list(hands) for hands in later),
        "'later' must be a list of deals, each a list of strings (one per seat), for the deals after the first",
        "deal.later",
    )
    dealer = deal.get("dealer", 0)
    want(isinstance(dealer, int) and dealer >= 0, "'dealer' must be a seat number (0, 1, ...)", "deal.dealer")
    viewer = data.get("viewer", "all")
    want(
        viewer == "all" or (isinstance(viewer, int) and viewer >= 0),
        "'viewer' must be \"all\" or a seat number",
        "viewer",
    )
    names = data.get("names")
    want(names is None or _str_list(names), "'names' must be a list of strings, one per seat", "names")
    demonstrates = data.get("demonstrates", [])
    want(_str_list(demonstrates), "'demonstrates' must be a list of ledger ids", "demonstrates")
    description = data.get("description", "")
    want(isinstance(description, str), "'description' must be a string", "description")

    raw_steps = data.get("step", data.get("steps", []))
    want(isinstance(raw_steps, list), "'step' must be an array of tables ([[step]])", "step")
    steps = []
    for i, raw in enumerate(raw_steps):
        where = f"step.{i}"
        want(isinstance(raw, dict), f"step {i + 1} must be a table", where)
        bad = sorted(set(raw) - STEP_KEYS)
        want(
            not bad,
            f"step {i + 1}: unknown key {bad[0]!r}: expected one of {', '.join(sorted(STEP_KEYS))}" if bad else "",
            f"{where}.{bad[0]}" if bad else where,
        )
        move, moves, auto = raw.get("move"), raw.get("moves"), raw.get("auto")
        want(
            sum(x is not None for x in (move, moves, auto)) <= 1,
            f"step {i + 1}: give at most one of 'move', 'moves' and 'auto'",
            where,
        )
        want(move is None or isinstance(move, str), f"step {i + 1}: 'move' must be a string", f"{where}.move")
        want(moves is None or _str_list(moves), f"step {i + 1}: 'moves' must be a list of strings", f"{where}.moves")
        want(
            auto is None
            or (isinstance(auto, int) and not isinstance(auto, bool) and auto > 0)
            or auto in ("trick", "end"),
            f'step {i + 1}: \'auto\' must be a positive number of moves, "trick" or "end"',
            f"{where}.auto",
        )
        ids = raw.get("ids", [])
        want(_str_list(ids), f"step {i + 1}: 'ids' must be a list of ledger ids", f"{where}.ids")
        for key in ("note", "wrong", "hint"):
            want(isinstance(raw.get(key, ""), str), f"step {i + 1}: '{key}' must be a string", f"{where}.{key}")
        ask = raw.get("ask", False)
        want(isinstance(ask, bool), f"step {i + 1}: 'ask' must be true or false", f"{where}.ask")
        all_moves = (move,) if move is not None else tuple(moves or ())
        want(not ask or len(all_moves) == 1, f"step {i + 1}: a step with 'ask' needs exactly one 'move'", where)
        steps.append(
            Step(
                all_moves,
                auto,
                raw.get("note", ""),
                tuple(ids),
                ask,
                raw.get("wrong", ""),
                raw.get("hint", ""),
                ln.get(where),
            )
        )

    expect = data.get("expect", {})
    want(isinstance(expect, dict), "[expect] must be a table", "expect")
    bad = sorted(set(expect) - EXPECT_KEYS)
    want(
        not bad,
        f"unknown key {bad[0]!r} in [expect]: expected one of {', '.join(sorted(EXPECT_KEYS))}" if bad else "",
        f"expect.{bad[0]}" if bad else "expect",
    )
    winners = expect.get("winners")
    want(
        winners is None
        or (
            isinstance(winners, list)
            and all((isinstance(w, int) and not isinstance(w, bool)) or w == "tie" for w in winners)
        ),
        "'winners' must list, per trick, the winning seat or \"tie\"",
        "expect.winners",
    )
    for key in ("tricks", "steps"):
        want(key not in expect or isinstance(expect[key], int), f"'{key}' must be a whole number", f"expect.{key}")
    outcome = expect.get("outcome")
    want(outcome is None or isinstance(outcome, dict), "[expect.outcome] must be a table", "expect.outcome")
    if isinstance(outcome, dict):
        bad = sorted(set(outcome) - OUTCOME_KEYS)
        want(
            not bad,
            f"unknown key {bad[0]!r} in [expect.outcome]: expected kind, winners, losers or cycle" if bad else "",
            "expect.outcome",
        )
    return Scenario(
        id=str(data.get("id", ident)),
        game=data["game"],
        title=data["title"],
        path=path,
        description=description,
        options=dict(options),
        dealer=dealer,
        seed=seed,
        hands=tuple(hands) if hands is not None else None,
        later=tuple(tuple(h) for h in later),
        viewer=None if viewer == "all" else viewer,
        names=tuple(names) if names else None,
        demonstrates=tuple(demonstrates),
        steps=tuple(steps),
        expect=dict(expect),
        lines=ln,
    )


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
