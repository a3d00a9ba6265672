"""The values a scenario file is read into (:mod:`oldtricks.scenarios.scenario` reads them): a :class:`Scenario`
and its :class:`Step` entries, the keys each table may hold, and the limits every way in shares."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.datawords import translated
from ..errors import ScenarioError

TOP_KEYS = {"title", "game", "demonstrates", "description", "viewer", "names", "options", "deal", "step", "expect"}
STEP_KEYS = {"move", "moves", "auto", "note", "ids", "ask", "wrong", "hint"}
DEAL_KEYS = {"dealer", "seed", "hands", "later"}
EXPECT_KEYS = {"winners", "tricks", "steps", "outcome"}
OUTCOME_KEYS = {"kind", "winners", "losers", "cycle"}
OUTCOME_KINDS = ("win", "draw", "endless", "capped")

# The limits every way in shares (scenario files, links, the sandbox, the live engine), so that what
# one accepts the others carry: stated in scenarios/README.md.
TEXT_LIMIT = 5_000  # characters in a note, a lesson's 'wrong' or 'hint' (all notes of one step together)
TITLE_LIMIT = 200  # characters in a title
NAME_LIMIT = 40  # characters in a player's name
SEED_LIMIT = 2**64 - 1  # the largest seed
MOVE_LIMIT = 100  # characters in one move as written


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
        """Line of a part of the file: 'game', 'deal', 'expect.winners', 'step.3', ... (else of the table
        around it)."""
        return line_of(self.lines, where)

    def said(self, key: str) -> str:
        """The scenario's ``title`` or ``description`` in the language of the work under way: a scenario of
        the site's own has its words in the catalogs (:mod:`oldtricks.core.datawords`), a teacher's stays as written.

        >>> from oldtricks.core.i18n import language
        >>> from oldtricks.scenarios.scenario import loads
        >>> mine = loads('title = "A title of my own"\\ngame = "bettelmann"\\n[deal]\\nseed = 1\\n', "mine.toml")
        >>> with language("de"):
        ...     mine.said("title")
        'A title of my own'
        """
        return translated(f"{self.id}|{key}", str(getattr(self, key)))

    def error(self, message: str, where: str = "") -> ScenarioError:
        """The error at the line of ``where`` (``""``: the top of the file; no line for a spec)."""
        return ScenarioError(message, self.path, self.line(where))

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


def line_of(lines: Mapping[str, int], where: str) -> int | None:
    """The line of a part of a file (``step.3.move``), else of the nearest table around it; ``""`` is the top."""
    while True:
        if where in lines:
            return lines[where]
        if not where:
            return None
        where = where.rsplit(".", 1)[0] if "." in where else ""
