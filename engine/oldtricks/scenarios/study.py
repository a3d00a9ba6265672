"""Studies: several deals, each a chapter with a title, notes and questions, shared as one link.

A chapter is a game as a share link holds it (:mod:`oldtricks.scenarios.links`: options, deal, moves, the step
shown, whose view, notes on steps, lesson questions with their hint and words for a wrong card), plus,
for a question, the other moves that are right too. A study is a title, notes and up to
:data:`CHAPTER_LIMIT` chapters. Its link (version ``s1``) is the study's fields, then each chapter's
game link without its ``v1;``, chapters separated by ``/``::

    s1;t=Rmlyc3Q;n=Tm90ZXM/g=bettelmann;d=0;r=42;m=*4;s=3;a=3~9H.8H

Fields of the study: ``t`` title and ``n`` notes, each base64url; of a chapter, beside a game link's
own: ``a`` the other right moves of its questions, ``step~move.move``, comma-separated (the step is
the one the question is asked on, as in ``q=``). The limits are stated in ``docs/teachers.md``.

>>> study = Study("First", "", (Chapter.of({"game": "bettelmann", "title": "A deal", "deal": {"seed": 42}}),))
>>> link = encode(study)
>>> link
's1;t=Rmlyc3Q/g=bettelmann;d=0;r=42;t=QSBkZWFs'
>>> decode(link) == study
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import LinkError, OldtricksError, ScenarioError, StudyError
from . import links
from .replay import Line
from .scenario import TEXT_LIMIT, TITLE_LIMIT

VERSION = "s1"
CHAPTER_LIMIT = 64  # chapters in a study (as many as a Lichess study holds)
STEP_LIMIT = 2_000  # moves in one chapter
ANSWER_LIMIT = 8  # right moves of one question
LINK_LIMIT = 100_000  # characters in a study link; a longer study is shared as a file
_FIELDS = {"t", "n"}


@dataclass(frozen=True)
class Question:
    """A "find the move" question of a chapter, asked at ``step``; ``answers[0]`` is the move the
    chapter's line goes on with, the others are right too."""

    step: int
    answers: tuple[str, ...]
    hint: str = ""
    wrong: str = ""


@dataclass(frozen=True)
class Chapter:
    """One chapter: ``link``, its game as a canonical share link (as :func:`oldtricks.scenarios.links.encode`
    writes it), and ``also``, for each question step, the other right moves."""

    link: str
    also: tuple[tuple[int, tuple[str, ...]], ...] = ()

    @classmethod
    def of(cls, spec: Mapping[str, Any], also: Mapping[int, Sequence[str]] | None = None) -> Chapter:
        """The chapter of a game spec (a scenario spec, with ``at`` and ``viewer`` if wanted) and the other
        right moves of its questions. Raises :class:`StudyError` for a game that cannot be shared or an
        other right move that is not legal, is the line's own move, or is given for a step with no question.
        """
        try:
            return cls.of_link(links.encode(spec), also)
        except StudyError:
            raise
        except ScenarioError as exc:  # a spec is no file: its error needs no "<scenario>:" before it
            raise StudyError(exc.reason if exc.path == "<scenario>" and exc.line is None else str(exc)) from None
        except OldtricksError as exc:
            raise StudyError(str(exc)) from None

    @classmethod
    def of_link(cls, link: str, also: Mapping[int, Sequence[str]] | None = None) -> Chapter:
        """The chapter of a game's share link, kept in the form :func:`oldtricks.scenarios.links.encode` writes
        (a link written otherwise, a default option named or a forced move spelled out, is rewritten),
        so that a study's link, its file and its link again are the same text. Raises :class:`LinkError`."""
        spec, line = links.decode_line(link)
        if len(line.states) - 1 > STEP_LIMIT:
            raise StudyError(f"the chapter has {len(line.states) - 1} moves, at most {STEP_LIMIT}")
        return cls(links.encode(spec, line=line), _checked_also(line, also or {}))

    @property
    def spec(self) -> dict[str, Any]:
        """The chapter's game as a spec (``links.decode`` of its link, ``at`` included)."""
        return links.decode(self.link)

    @property
    def title(self) -> str:
        return str(self.spec["title"])

    def questions(self) -> tuple[Question, ...]:
        """Its questions in step order, each with every right move."""
        line = links.decode_line(self.link)[1]
        others = dict(self.also)
        return tuple(
            Question(k, (a["answer"], *others.get(k, ())), a.get("hint", ""), a.get("wrong", ""))
            for k, a in sorted(line.asks.items())
        )


@dataclass(frozen=True)
class Study:
    """A study: its title, notes, and chapters."""

    title: str
    notes: str = ""
    chapters: tuple[Chapter, ...] = ()

    def __post_init__(self) -> None:
        problem = study_problem(self.title, self.notes, len(self.chapters))
        if problem:
            raise StudyError(problem)


def study_problem(title: str, notes: str, chapters: int) -> str | None:
    """What is wrong with a study's title, notes or number of chapters, or None."""
    if not title.strip() or len(title) > TITLE_LIMIT:
        return f"a study's title is 1 to {TITLE_LIMIT} characters (not only spaces), not {len(title)}"
    if len(notes) > TEXT_LIMIT:
        return f"a study's notes are at most {TEXT_LIMIT} characters, not {len(notes)}"
    if chapters > CHAPTER_LIMIT:
        return f"a study has at most {CHAPTER_LIMIT} chapters, not {chapters}"
    return None


def _checked_also(line: Line, also: Mapping[int, Sequence[str]]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The other right moves, each checked legal at its question's step and written as the engine writes it."""
    game = line.game
    out: list[tuple[int, tuple[str, ...]]] = []
    for step, moves in sorted(also.items()):
        if not moves:
            continue
        ask = line.asks.get(step)
        if ask is None:
            raise StudyError(f"other right moves are given for step {step}, which asks no question")
        if len(moves) + 1 > ANSWER_LIMIT:
            raise StudyError(f"the question at step {step} has {len(moves) + 1} right moves, at most {ANSWER_LIMIT}")
        state = line.states[step]
        legal = {str(m): m for m in game.legal_moves(state)}
        written: list[str] = []
        for text in moves:
            try:
                move = str(game.parse_move(state, text))
            except OldtricksError as exc:
                raise StudyError(f"the question at step {step}: {exc}") from None
            if move not in legal:
                raise StudyError(f"the question at step {step}: {text[:20]!r} is not a legal move there")
            if move == ask["answer"] or move in written:
                raise StudyError(f"the question at step {step}: {text[:20]!r} is given as a right move twice")
            written.append(move)
        out.append((step, tuple(written)))
    return tuple(out)


def encode(study: Study) -> str:
    """The study's link text. Raises :class:`StudyError` when it would be longer than :data:`LINK_LIMIT`
    (the study is then shared as a file)."""
    head = [VERSION, f"t={links._b64(study.title)}"]
    if study.notes:
        head.append(f"n={links._b64(study.notes)}")
    parts = [";".join(head)]
    for chapter in study.chapters:
        text = chapter.link.removeprefix(links.VERSION + ";")
        if chapter.also:
            text += ";a=" + ",".join(f"{k}~{'.'.join(m.replace(' ', '-') for m in ms)}" for k, ms in chapter.also)
        parts.append(text)
    link = "/".join(parts)
    if len(link) > LINK_LIMIT:
        raise StudyError(
            f"this study is too long for a link ({len(link)} characters, at most {LINK_LIMIT}): share it as a file"
        )
    return link


@dataclass(frozen=True)
class Read:
    """What could be read of a study link or file: the study of its readable chapters, and what is
    wrong with the others (each message names the chapter and the part at fault)."""

    study: Study
    problems: tuple[str, ...] = ()


def decode(text: str) -> Study:
    """The study of a link; raises :class:`StudyError` naming the first thing wrong in it."""
    found = read(text)
    if found.problems:
        raise StudyError(found.problems[0])
    return found.study


_DIGITS = re.compile(r"[0-9]{1,7}")


def read(text: str) -> Read:
    """Every chapter of a study link that can be read, and what is wrong with the rest.

    Raises :class:`StudyError` only for a text that is not a study link at all.
    """
    raw = text.strip()
    if "#" in raw:
        raw = raw.split("#", 1)[1]
    parts = raw.split("/")
    head = parts[0].split(";")
    if head[0] != VERSION:
        if re.fullmatch(r"s\d+", head[0]):
            raise StudyError(
                f"this study link was made by another version of the explorer ({head[0][:9]}); it reads {VERSION}"
            )
        raise StudyError("this is not an oldtricks study link (it should start with 's1;')")
    problems: list[str] = []
    if len(raw) > LINK_LIMIT:
        problems.append(
            f"the study link is {len(raw)} characters long, at most {LINK_LIMIT}: the chapters past it are left out"
        )
        parts = _within(parts, LINK_LIMIT)
    title, notes = _head(head[1:], problems)
    if len(parts) - 1 > CHAPTER_LIMIT:
        problems.append(f"the study has {len(parts) - 1} chapters, at most {CHAPTER_LIMIT}: the rest are left out")
        parts = parts[: CHAPTER_LIMIT + 1]
    chapters: list[Chapter] = []
    for number, part in enumerate(parts[1:], start=1):
        try:
            chapters.append(_chapter(part))
        except OldtricksError as exc:
            problems.append(f"chapter {number} cannot be read: {exc}")
    return Read(Study(title, notes, tuple(chapters)), tuple(problems))


def _within(parts: list[str], limit: int) -> list[str]:
    """The leading parts whose text, joined by ``/``, is at most ``limit`` characters long."""
    kept: list[str] = []
    size = -1
    for part in parts:
        size += len(part) + 1
        if size > limit:
            break
        kept.append(part)
    return kept or [parts[0][:9]]


def _head(fields: list[str], problems: list[str]) -> tuple[str, str]:
    """The study's title and notes; a damaged one is a problem, and a stand-in takes its place."""
    values: dict[str, str] = {}
    for part in fields:
        key, sep, value = part.partition("=")
        if not sep or key not in _FIELDS or key in values:
            problems.append(f"the study link is damaged: unexpected part {part[:30]!r}")
            continue
        limit = TITLE_LIMIT if key == "t" else TEXT_LIMIT
        try:
            values[key] = links._unb64(value, "title" if key == "t" else "notes", key, limit)
        except LinkError as exc:
            problems.append(str(exc).replace("the link", "the study link", 1))
    title, notes = values.get("t", ""), values.get("n", "")
    if not title.strip():
        problems.append("the study link has no title ('t='): it is called “Study”")
        title = "Study"
    return title, notes


def _chapter(text: str) -> Chapter:
    """A chapter's part of a study link: a game link without its ``v1;``, and its ``a=``."""
    fields = text.split(";")
    also_text = [f for f in fields if f.startswith("a=")]
    if len(also_text) > 1:
        raise StudyError("'a=' appears twice", field="a")
    game = ";".join(f for f in fields if not f.startswith("a="))
    if len(game) > links.MAX_LENGTH:
        raise StudyError(f"its game is {len(game)} characters long, at most {links.MAX_LENGTH}")
    also: dict[int, list[str]] = {}
    for item in filter(None, also_text[0][2:].split(",") if also_text else []):
        step, sep, moves = item.partition("~")
        if not sep or not _DIGITS.fullmatch(step) or not moves or int(step) in also:
            raise StudyError("its other right moves ('a=') are damaged", field="a")
        also[int(step)] = [m.replace("-", " ") for m in moves.split(".")]
    return Chapter.of_link(f"{links.VERSION};{game}", also)
