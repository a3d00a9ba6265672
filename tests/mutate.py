"""Mutations of real scenario files and share links, and the verdict on each: a clean error or a working
game, never a traceback. Shared by the property tests (tests/test_mutations.py, driven by hypothesis)
and the long fuzz session (tests/fuzz.py, ``nox -s fuzz``).

A verdict is the kind of answer: ``"accepted"`` (the file passes ``check``; the link decodes),
``"refused"`` (a :class:`ScenarioError` with ``path:line:``, or a :class:`LinkError`) or ``"fails check"``
(a file that loads but whose replay or expectations fail, each failure with its line). Anything else
raises :class:`AssertionError` (or the unexpected exception itself).
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

from oldtricks.errors import LinkError, ScenarioError, StudyError
from oldtricks.scenarios.checks import check
from oldtricks.scenarios.export import to_toml
from oldtricks.scenarios.links import decode, encode
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import from_spec, load, loads
from oldtricks.scenarios.study import Chapter, Study
from oldtricks.scenarios.study import decode as study_decode
from oldtricks.scenarios.study import encode as study_encode
from oldtricks.scenarios.study import read as study_read
from oldtricks.scenarios.studyfile import loads as study_loads
from oldtricks.scenarios.studyfile import to_toml as study_toml

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"

# Snippets that broke the loader or the links before, and their relatives.
SNIPPETS = (
    "'''",
    '"""',
    '"',
    "[",
    "]]",
    "#",
    "=",
    "\n",
    "\r\n",
    "\t",
    "\x00",
    "²",
    "١",
    "é",
    "\n[extra.table]\nq = 1\n",
    "\n[options.tie]\nx = 1\n",
    "\n[options]\ncap = 1_0\n",
    '\n[[step]]\nmove = "bid ²"\n',
    '\n[[step]]\nauto = "end"\n',
    "\n[[step]]\nauto = 100000\n",
    "\n[expect]\ntricks = false\n",
    "\nviewer = 9\n",
    "\ntitle = 'x'\n",
)
VALUES = (
    "true",
    "false",
    "-1",
    "0",
    "1",
    "3",
    "9",
    "1.5",
    "1_0",
    "18446744073709551616",
    "9" * 5000,
    "[]",
    "[[1]]",
    "{}",
    "{ a = 1 }",
    '""',
    '"x"',
    '"²"',
    '"bid ²"',
    '"10H"',
    '"TH"',
    '"end"',
    '"trick"',
    '"all"',
    '"' + "n" * 6000 + '"',
    "'''a\n'''",
    "[" * 1000 + "]" * 1000,
    "1979-05-27",
)
CHARS = "'\"[]{}#=,.\n\t\x00²١é abc019"
LINK_CHARS = "v1;=g_o:d~r,h.lm*snipqt-+|0123456789ABCHLSUTKOJQ²\n %#é"
_ASSIGN = re.compile(r"^(\s*[A-Za-z_\"'.]+\s*=\s*)(.*)$")


@cache
def seed_files() -> tuple[tuple[str, str], ...]:
    """The real scenario files, as (name, text)."""
    return tuple(
        (p.relative_to(SCENARIOS).as_posix(), p.read_text(encoding="utf-8")) for p in sorted(SCENARIOS.rglob("*.toml"))
    )


@cache
def seed_links() -> tuple[str, ...]:
    """The share link of every real scenario."""
    return tuple(encode(load(p, SCENARIOS).spec()) for p in sorted(SCENARIOS.rglob("*.toml")))


def mutate_text(rng: random.Random, text: str) -> str:
    """One to three edits: a character changed, a span cut, a snippet put in, a value replaced, a line
    doubled, dropped or moved, or the text cut short."""
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(7)
        at = rng.randrange(len(text) + 1)
        if op == 0 and text:
            text = text[:at] + rng.choice(CHARS) + text[at + 1 :]
        elif op == 1:
            text = text[:at] + text[at + rng.randint(1, 40) :]
        elif op == 2:
            text = text[:at] + rng.choice(SNIPPETS) + text[at:]
        elif op == 3:
            lines = text.split("\n")
            assigns = [i for i, line in enumerate(lines) if _ASSIGN.match(line)]
            if assigns:
                i = rng.choice(assigns)
                match = _ASSIGN.match(lines[i])
                assert match is not None
                lines[i] = match.group(1) + rng.choice(VALUES)
                text = "\n".join(lines)
        elif op == 4:
            lines = text.split("\n")
            i = rng.randrange(len(lines))
            lines.insert(rng.randrange(len(lines) + 1), lines[i])
            text = "\n".join(lines)
        elif op == 5:
            lines = text.split("\n")
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        else:
            text = text[:at]
    return text


def mutate_link(rng: random.Random, link: str) -> str:
    """One to three edits: a character changed, cut or put in, a field doubled, dropped or given an odd
    number, the fields shuffled, or the link cut short."""
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(7)
        at = rng.randrange(len(link) + 1)
        parts = link.split(";")
        if op == 0:
            link = link[:at] + rng.choice(LINK_CHARS) + link[at + 1 :]
        elif op == 1:
            link = link[:at] + link[at + rng.randint(1, 12) :]
        elif op == 2:
            link = link[:at] + rng.choice(LINK_CHARS) + link[at:]
        elif op == 3 and len(parts) > 1:
            parts.insert(rng.randrange(1, len(parts) + 1), rng.choice(parts[1:]))
            link = ";".join(parts)
        elif op == 4 and len(parts) > 1:
            del parts[rng.randrange(1, len(parts))]
            link = ";".join(parts)
        elif op == 5 and len(parts) > 1:
            i = rng.randrange(1, len(parts))
            key = parts[i].split("=", 1)[0]
            odd = ("²", "1_0", "99999999999999999999999", "", "-1", "0~", "*0", "*999999", "9" * 30, "0\n")
            parts[i] = f"{key}={rng.choice(odd)}"
            link = ";".join(parts)
        else:
            link = link[:at]
    return link


def judge_file(text: str, path: str = "mutant.toml") -> str:
    """Load and check a scenario text: every error must carry ``path:line:``."""
    try:
        scenario = loads(text, path)
    except ScenarioError as exc:
        _has_line(exc, path)
        return "refused"
    problems = check(scenario)
    for problem in problems:
        _has_line(problem, path)
    return "fails check" if problems else "accepted"


def judge_link(link: str) -> str:
    """Decode a link: a :class:`LinkError`, or a spec that can be written as a scenario file showing the
    same frames, and that encodes to a link showing them again."""
    try:
        spec = decode(link)
    except LinkError:
        return "refused"
    frames = replay(from_spec(spec)).frames(spec.get("viewer"))
    text = to_toml({k: v for k, v in spec.items() if k != "at"})
    again = loads(text, "from-link.toml")
    assert replay(again).frames(spec.get("viewer")) == frames, f"{link!r}: its scenario file shows other frames"
    assert replay(from_spec(decode(encode(spec)))).frames(spec.get("viewer")) == frames, f"{link!r}: re-encoded"
    return "accepted"


def _has_line(exc: ScenarioError, path: str) -> None:
    assert exc.line is not None, f"no line: {exc}"
    assert str(exc).startswith(f"{path}:{exc.line}: "), str(exc)


@cache
def seed_study_links() -> tuple[str, ...]:
    """A study per game of its real scenarios (at most four chapters each), the first question of each
    chapter given a second right move where it has another legal one."""
    by_game: dict[str, list[Chapter]] = {}
    for path in sorted(SCENARIOS.rglob("*.toml")):
        scenario = load(path, SCENARIOS)
        chapters = by_game.setdefault(scenario.game, [])
        if len(chapters) == 4:
            continue
        line = replay(scenario).line
        also = {}
        for step, ask in sorted(line.asks.items())[:1]:
            others = [str(m) for m in line.game.legal_moves(line.states[step]) if str(m) != ask["answer"]]
            also = {step: others[:1]}
        chapters.append(Chapter.of(scenario.spec(), also))
    return tuple(study_encode(Study(f"Study of {g}", "Four deals.", tuple(ch))) for g, ch in sorted(by_game.items()))


def mutate_study_link(rng: random.Random, link: str) -> str:
    """A link's edits (:func:`mutate_link`), or a chapter doubled, dropped or moved, or chapters joined."""
    if rng.random() < 0.5:
        return mutate_link(rng, link)
    parts = link.split("/")
    op = rng.randrange(4)
    i = rng.randrange(len(parts))
    if op == 0:
        parts.insert(rng.randrange(len(parts) + 1), parts[i])
    elif op == 1 and len(parts) > 1:
        del parts[rng.randrange(1, len(parts))]
    elif op == 2:
        parts.insert(rng.randrange(1, len(parts) + 1), parts.pop(i))
    else:
        return ";".join(parts)
    return "/".join(parts)


def judge_study_link(link: str) -> str:
    """Read a study link: a :class:`StudyError` for a text that is no study link; otherwise the chapters
    that can be read (each problem naming its chapter), which link, file and link again keep exactly."""
    try:
        found = study_read(link)
    except StudyError:
        return "refused"
    for problem in found.problems:
        assert problem.startswith(("chapter ", "the study")), problem
    again = study_encode(found.study)
    assert study_decode(again) == found.study, f"{link!r}: its readable chapters do not round-trip"
    assert study_encode(study_loads(study_toml(found.study)).study) == again, f"{link!r}: its file differs"
    return "refused" if found.problems else "accepted"
