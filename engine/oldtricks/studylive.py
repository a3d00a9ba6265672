"""The live engine's operations for studies (rows of :data:`oldtricks.live.OPERATIONS`), and the engine's
proposal for a question: why each other card would be refused, and what each other legal move costs
with best play (the lessons' :func:`oldtricks.gamebook.played_on`).

A study travels as JSON: ``{title, notes, chapters: [{link, also: {step: [moves]}}]}``; every answer
gives it back in that form with each chapter's ``spec`` and ``questions`` beside, for the page to show.

>>> said = study_encode({"study": {"title": "One", "chapters": [
...     {"spec": {"game": "bettelmann", "title": "A deal", "deal": {"seed": 42}}}]}})
>>> said["link"]
's1;t=T25l/g=bettelmann;d=0;r=42;t=QSBkZWFs'
>>> study_read({"link": said["link"]})["study"]["chapters"][0]["title"]
'A deal'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import links
from .errors import OldtricksError, StudyError
from .frames import make_frame
from .gamebook import played_on
from .study import Chapter, Read, Study, encode, read
from .studyfile import loads, to_toml


def _also(raw: Any) -> dict[int, list[str]]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise StudyError("'also' must map a question's step to its other right moves")
    out: dict[int, list[str]] = {}
    for key, moves in raw.items():
        if not str(key).isascii() or not str(key).isdigit() or not isinstance(moves, list):
            raise StudyError("'also' must map a question's step to a list of moves")
        out[int(key)] = [str(m) for m in moves]
    return out


def study_of(data: Any) -> Study:
    """The study of its JSON form; a chapter is given by its ``link`` or its ``spec``. Raises
    :class:`StudyError` naming the chapter at fault."""
    if not isinstance(data, Mapping):
        raise StudyError("a study must be an object {title, notes, chapters}")
    chapters: list[Chapter] = []
    raw = data.get("chapters", [])
    if not isinstance(raw, list):
        raise StudyError("'chapters' must be a list")
    for number, item in enumerate(raw, start=1):
        try:
            if not isinstance(item, Mapping):
                raise StudyError("must be an object {link or spec, also}")
            also = _also(item.get("also"))
            link = item.get("link")
            chapters.append(Chapter.of_link(str(link), also) if link else Chapter.of(dict(item.get("spec", {})), also))
        except OldtricksError as exc:
            raise StudyError(f"chapter {number}: {exc}", chapter=number) from None
    return Study(str(data.get("title", "")), str(data.get("notes", "")), tuple(chapters))


def study_json(study: Study) -> dict[str, Any]:
    """The study as JSON, each chapter with its link, spec, title and questions."""
    chapters = []
    for chapter in study.chapters:
        questions = [
            {"step": q.step, "answers": list(q.answers), "hint": q.hint, "wrong": q.wrong} for q in chapter.questions()
        ]
        chapters.append(
            {
                "link": chapter.link,
                "also": {str(k): list(v) for k, v in chapter.also},
                "spec": chapter.spec,
                "title": chapter.title,
                "questions": questions,
            }
        )
    return {"title": study.title, "notes": study.notes, "chapters": chapters}


def _found(found: Read) -> dict[str, Any]:
    return {"study": study_json(found.study), "problems": list(found.problems)}


def study_encode(args: Mapping[str, Any]) -> dict[str, Any]:
    """{study} -> {link, study}: the study's link (an error when it is too long: then it is a file)."""
    study = study_of(args.get("study"))
    return {"link": encode(study), "study": study_json(study)}


def study_read(args: Mapping[str, Any]) -> dict[str, Any]:
    """{link} -> {study, problems}: every chapter that can be read, and what is wrong with the others."""
    return _found(read(str(args.get("link", ""))))


def study_file(args: Mapping[str, Any]) -> dict[str, Any]:
    """{study} -> {toml, name}: the study as a file."""
    study = study_of(args.get("study"))
    name = "".join(c if c.isalnum() else "-" for c in study.title.lower()).strip("-")[:40] or "study"
    return {"toml": to_toml(study), "name": f"{name}.toml"}


def study_open_file(args: Mapping[str, Any]) -> dict[str, Any]:
    """{text, name?} -> {study, problems}: a study file read, its readable chapters and its problems."""
    return _found(loads(str(args.get("text", "")), str(args.get("name") or "study.toml")))


def propose(spec: Mapping[str, Any], step: int, answers: Sequence[str]) -> dict[str, Any]:
    """The engine's proposal for a question at ``step`` of a game whose right moves are ``answers``:
    ``refusals``, why each card that may not be played would be refused, and ``tries``, each other legal
    move played on with best play and what it costs (empty where the solver cannot value the position).

    >>> propose({"game": "druzbart", "title": "t", "deal": {"seed": 3}}, 0, ["AH"])
    Traceback (most recent call last):
    oldtricks.errors.StudyError: 'AH' is not a legal move at step 0
    """
    _, line = links.decode_line(links.encode(spec))
    if not 0 <= step < len(line.states) or line.game.to_play(line.states[step]) is None:
        raise StudyError(f"step {step} has no move to ask for")
    state = line.states[step]
    game = line.game
    legal = {str(m) for m in game.legal_moves(state)}
    wrong = [a for a in answers if a not in legal]
    if wrong or not answers:
        raise StudyError(f"{wrong[0]!r} is not a legal move at step {step}" if wrong else "no right move is given")
    frame = make_frame(
        game, state, step=step, move=None, events=[], ask={"answer": answers[0], "wrong": "", "hint": ""}
    )
    said = played_on(game, state, answers[0])
    tries = [t for t in (said or {}).get("tries", []) if t["move"] not in answers]
    return {"refusals": frame["ask"]["refusals"], "tries": tries}


def study_propose(args: Mapping[str, Any]) -> dict[str, Any]:
    """{spec, step, answers} -> {refusals, tries}: see :func:`propose`."""
    step, answers = args.get("step"), args.get("answers")
    if isinstance(step, bool) or not isinstance(step, int):
        raise StudyError(f"step must be a whole number, not {step!r}")
    if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
        raise StudyError("answers must be a list of moves")
    return propose(dict(args.get("spec") or {}), step, answers)
