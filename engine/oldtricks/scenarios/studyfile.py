"""Study files: the scenario format with chapters, for a study too long for a link.

A study file is TOML: the study's ``title`` and ``notes``, then one ``[[chapter]]`` per chapter, which
holds what a scenario file holds (``title``, ``game``, ``viewer``, ``names``, ``[chapter.options]``,
``[chapter.deal]``, ``[[chapter.step]]``, ``[chapter.expect]``), plus ``at``, the step the chapter
opens on, and, on a question's step (``ask = true``), ``also``: the other moves that are right too.
A link read, written as a file and read back gives the same link (:func:`to_toml`, :func:`loads`).

>>> from oldtricks.scenarios.study import Chapter, Study, encode
>>> game = {"game": "bettelmann", "title": "A deal", "deal": {"seed": 42}, "steps": [{"auto": 2}]}
>>> study = Study("First", "Read me.", (Chapter.of(game),))
>>> print(to_toml(study), end="")
title = "First"
notes = "Read me."
<BLANKLINE>
[[chapter]]
title = "A deal"
game = "bettelmann"
<BLANKLINE>
[chapter.deal]
dealer = 0
seed = 42
<BLANKLINE>
[[chapter.step]]
moves = ["9A", "KH"]
<BLANKLINE>
[chapter.expect]
winners = [0]
tricks = 1
steps = 2
>>> loads(to_toml(study)).study == study
True
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import OldtricksError, ScenarioError
from .checks import check
from .export import TOP_ORDER, expectations, line_spec
from .export import to_toml as scenario_toml
from .replay import replay
from .scenario import TEXT_LIMIT, TITLE_LIMIT, Scenario, from_dict
from .study import CHAPTER_LIMIT, Chapter, Read, Study

STUDY_KEYS = {"title", "notes", "chapter"}
CHAPTER_ORDER = (*TOP_ORDER[:2], "at", *TOP_ORDER[2:])


def to_toml(study: Study) -> str:
    """The study as a file; each chapter records what happens in it under ``[chapter.expect]``, so
    ``python -m oldtricks check`` replays it as a test."""
    head = {"title": study.title, "notes": study.notes or None}
    text = scenario_toml(head, keys=("title", "notes"))
    for chapter in study.chapters:
        spec = chapter.spec
        line = replay(_scenario_of(spec)).line
        written = line_spec({**spec, "options": {}}, line)  # options at their default are not written
        if spec["at"] != len(line.states) - 1:
            written["at"] = spec["at"]
        also = dict(chapter.also)
        moves = 0
        for step in written["steps"]:
            if step.get("ask") and also.get(moves):
                step["also"] = list(also[moves])
            moves += len(step.get("moves", ()))
        written["expect"] = expectations(line)
        text += "\n[[chapter]]\n" + scenario_toml(written, within="chapter", keys=CHAPTER_ORDER)
    return text


def _scenario_of(spec: Mapping[str, Any]) -> Scenario:
    data = {k: v for k, v in spec.items() if k != "at"}
    data["step"] = data.pop("steps", [])
    return from_dict(data, "<chapter>", "chapter")


def load(path: str | Path) -> Read:
    """Read a study file: every chapter that can be read, and the problems, each ``path:line: ...``.

    Raises :class:`ScenarioError` for a file that cannot be read as TOML at all.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"cannot read the file: {exc}", str(p)) from None
    return loads(text, str(p))


def loads(text: str, path: str = "<study>") -> Read:
    """Read study TOML text (see :func:`load`)."""
    return _read(text, path)[0]


def _read(text: str, path: str) -> tuple[Read, list[tuple[int, Scenario]]]:
    """The study of a file, and each readable chapter's scenario with its number (from 1)."""
    from ..core.tomlread import TomlError, read

    try:
        data, lines = read(text)
    except TomlError as exc:
        raise ScenarioError(f"not valid TOML: {exc.reason}", path, exc.line) from None
    return _study(data, lines, path)


def is_study(text: str) -> bool:
    """Does this TOML text look like a study (a ``[[chapter]]`` table) rather than a scenario?"""
    return any(line.strip().startswith("[[chapter]]") for line in text.splitlines())


def _study(data: Mapping[str, Any], lines: Mapping[str, int], path: str) -> tuple[Read, list[tuple[int, Scenario]]]:
    problems: list[str] = []
    scenarios: list[tuple[int, Scenario]] = []

    def problem(message: str, where: str) -> None:
        problems.append(str(ScenarioError(message, path, _line(lines, where))))

    for key in sorted(set(data) - STUDY_KEYS):
        problem(f"unknown key {key!r}: a study has {', '.join(sorted(STUDY_KEYS))}", key)
    title, notes = data.get("title"), data.get("notes", "")
    if not (isinstance(title, str) and title.strip() and len(title) <= TITLE_LIMIT):
        problem(f"'title' must be a string of 1 to {TITLE_LIMIT} characters: it is called “Study”", "title")
        title = "Study"
    if not (isinstance(notes, str) and len(notes) <= TEXT_LIMIT):
        problem(f"'notes' must be a string of at most {TEXT_LIMIT} characters: they are left out", "notes")
        notes = ""
    raw = data.get("chapter", [])
    if not isinstance(raw, list):
        problem("'chapter' must be an array of tables ([[chapter]])", "chapter")
        raw = []
    if len(raw) > CHAPTER_LIMIT:
        problem(f"the study has {len(raw)} chapters, at most {CHAPTER_LIMIT}: the rest are left out", "chapter")
    chapters: list[Chapter] = []
    for i, chapter in enumerate(raw[:CHAPTER_LIMIT]):
        try:
            chapter, scenario = _chapter(chapter, i, lines, path)
        except ScenarioError as exc:
            problems.append(str(exc))
            continue
        chapters.append(chapter)
        scenarios.append((i + 1, scenario))
    return Read(Study(str(title), str(notes), tuple(chapters)), tuple(problems)), scenarios


def _line(lines: Mapping[str, int], where: str) -> int | None:
    while where not in lines and where:
        where = where.rsplit(".", 1)[0] if "." in where else ""
    return lines.get(where)


def _chapter(raw: Any, i: int, lines: Mapping[str, int], path: str) -> tuple[Chapter, Scenario]:
    """Chapter ``i`` (from 0) of a study file, read as a scenario with ``at`` and each question's ``also``."""
    where = f"chapter.{i}"
    name = f"chapter {i + 1}"

    def error(message: str, at: str = "") -> ScenarioError:
        return ScenarioError(f"{name}: {message}", path, _line(lines, f"{where}.{at}" if at else where))

    if not isinstance(raw, dict):
        raise error("must be a table")
    data = dict(raw)
    at = data.pop("at", None)
    steps = (
        [dict(s) if isinstance(s, dict) else s for s in data.get("step", [])]
        if isinstance(data.get("step"), list)
        else data.get("step")
    )
    also_of: dict[int, Any] = {}
    if isinstance(steps, list):
        for n, step in enumerate(steps):
            if isinstance(step, dict) and "also" in step:
                also_of[n] = step.pop("also")
        data["step"] = steps
    own = {k[len(where) + 1 :]: v for k, v in lines.items() if k.startswith(where + ".")}
    try:
        scenario = from_dict(data, path, f"{Path(path).stem}/{i + 1}", own)
        line = replay(scenario).line
    except ScenarioError as exc:
        raise ScenarioError(f"{name}: {exc.reason}", path, exc.line) from None
    last = len(line.states) - 1
    if at is not None and not (isinstance(at, int) and not isinstance(at, bool) and 0 <= at <= last):
        raise error(f"'at' must be a step from 0 to {last}", "at")
    asked = [n for n, s in enumerate(scenario.steps) if s.ask]
    questions = dict(zip(asked, sorted(line.asks), strict=True))
    also: dict[int, list[str]] = {}
    for n, moves in also_of.items():
        if n not in questions:
            raise error(f"step {n + 1}: 'also' is for a step with ask = true", f"step.{n}.also")
        if not (isinstance(moves, list) and all(isinstance(m, str) for m in moves)):
            raise error(f"step {n + 1}: 'also' must be a list of moves", f"step.{n}.also")
        also[questions[n]] = moves
    spec = {**scenario.spec(), "at": last if at is None else at}
    try:
        return Chapter.of(spec, also), scenario
    except OldtricksError as exc:
        raise error(str(exc)) from None


def check_study(path: str | Path) -> list[str]:
    """Every problem of a study file: what cannot be read, and each readable chapter's failed checks
    (its expectations, its ledger ids, its share link), each ``path:line: chapter N: ...``."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [str(ScenarioError(f"cannot read the file: {exc}", str(p)))]
    try:
        found, scenarios = _read(text, str(p))
    except ScenarioError as exc:
        return [str(exc)]
    problems = list(found.problems)
    for number, scenario in scenarios:
        problems.extend(str(ScenarioError(f"chapter {number}: {e.reason}", e.path, e.line)) for e in check(scenario))
    return problems
