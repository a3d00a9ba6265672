"""The live engine's operations for studies (rows of :data:`oldtricks.live.api.OPERATIONS`), and the engine's
proposal for a question: why each other card would be refused, and what each other legal move costs
with best play (the lessons' :func:`oldtricks.analysis.gamebook.played_on`).

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

from ..analysis.gamebook import played_on
from ..core.i18n import _
from ..errors import OldtricksError, StudyError
from ..scenarios import links
from ..scenarios.frames import make_frame
from ..scenarios.replay import Line
from ..scenarios.study import Chapter, Read, Study, encode, read
from ..scenarios.studyfile import loads, to_toml
from ..scenarios.studytext import file_name, handout, text_page


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
            raise StudyError(_("chapter {number}: {error}").format(number=number, error=exc), chapter=number) from None
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


def _index(study: Study, raw: Any) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < len(study.chapters):
        raise StudyError(f"no chapter {raw!r}: the study has {len(study.chapters)}")
    return raw


def _step(line: Line, raw: Any) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < len(line.states):
        raise StudyError(f"no step {raw!r}: the chapter's steps are 0 to {len(line.states) - 1}")
    return raw


def study_edit(args: Mapping[str, Any]) -> dict[str, Any]:
    """{study, chapter, title?, at?, step?, note?, ask?} -> {link, study, said}: chapter ``chapter`` (from
    0) retitled, opened at ``at``, given ``note`` on ``step`` ('' removes it), or a question at ``step``
    (``ask``: {answers, hint, wrong}; null removes it). A question whose right moves leave the line
    cuts it there and goes on with the first of them; ``said`` tells what was done."""
    study = study_of(args.get("study"))
    index = _index(study, args.get("chapter"))
    chapter = study.chapters[index]
    spec, line = links.decode_line(chapter.link)
    also = {k: list(v) for k, v in chapter.also}
    said = ""
    if "title" in args:
        spec["title"] = str(args["title"])
    if "note" in args:
        step = _step(line, args.get("step"))
        text = str(args["note"])
        if text.strip():
            line.notes[step] = [text]
        else:
            line.notes.pop(step, None)
    if "ask" in args:
        said = _ask(line, also, _step(line, args.get("step")), args["ask"])
    if "at" in args:
        spec["at"] = _step(line, args.get("at"))
    spec["at"] = min(int(spec.get("at", 0)), len(line.states) - 1)
    try:
        edited = Chapter.of_link(links.encode(spec, line=line), also)
    except OldtricksError as exc:
        said = _("chapter {number}: {error}").format(number=index + 1, error=exc)
        raise StudyError(said, chapter=index + 1) from None
    out = Study(study.title, study.notes, (*study.chapters[:index], edited, *study.chapters[index + 1 :]))
    return {"link": encode(out), "study": study_json(out), "said": said}


def _ask(line: Line, also: dict[int, list[str]], step: int, ask: Any) -> str:
    """Put the question ``ask`` ({answers, hint, wrong}, or None to remove it) on ``step`` of ``line``."""
    if ask is None:
        line.asks.pop(step, None)
        also.pop(step, None)
        return f"The question at step {step} is removed."
    if not isinstance(ask, Mapping) or not isinstance(ask.get("answers"), list) or not ask["answers"]:
        raise StudyError("a question needs its right moves ('answers', one or more)")
    game = line.game
    legal = {str(m): m for m in game.legal_moves(line.states[step])}
    answers = [str(a) for a in ask["answers"]]
    wrong = [a for a in answers if a not in legal]
    if wrong:
        raise StudyError(f"{wrong[0][:20]!r} is not a legal move at step {step}")
    said = f"Step {step} asks for the move."
    going_on = str(line.moves[step + 1]) if step + 1 < len(line.states) else None
    if going_on not in answers:
        cut = len(line.states) - 1 - step
        del line.states[step + 1 :], line.moves[step + 1 :], line.events[step + 1 :]
        for table in (line.notes, line.ids, line.asks):
            for k in [k for k in table if k > step]:
                del table[k]
        for k in [k for k in also if k >= step]:
            del also[k]
        line.push(legal[answers[0]])
        if cut:
            said += f" The line now goes on with {answers[0]}: the {cut} moves after this step are dropped."
    answer = str(line.moves[step + 1])
    line.asks[step] = {"answer": answer, "wrong": str(ask.get("wrong", "")), "hint": str(ask.get("hint", ""))}
    others = [a for a in answers if a != answer]
    if others:
        also[step] = others
    else:
        also.pop(step, None)
    return said


def study_chapter(args: Mapping[str, Any]) -> dict[str, Any]:
    """{link, also?, viewer?} -> {frames, pattern, seat_names, title, at}: a chapter for the student,
    each question's frame with every right move (``ask.answers``)."""
    chapter = Chapter.of_link(str(args.get("link", "")), _also(args.get("also")))
    spec, line = links.decode_line(chapter.link)
    others = dict(chapter.also)
    for step, ask in line.asks.items():
        ask["answers"] = [ask["answer"], *others.get(step, ())]  # type: ignore[assignment]
    viewer = args.get("viewer", spec.get("viewer"))
    frames = line.frames(viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None)
    game = line.game
    return {
        "frames": frames,
        "pattern": game.pack.pattern,
        "seat_names": list(game.seat_names()),
        "title": spec["title"],
        "game": game.name,
        "at": spec["at"],
    }


def study_played_on(args: Mapping[str, Any]) -> dict[str, Any]:
    """{link, also?, step} -> {played_on}: the question at ``step`` played on as the lessons do, every
    other legal move with what it costs, the other right moves left out of those and given as ``rights``
    instead, each its own right line (null where the solver cannot)."""
    chapter = Chapter.of_link(str(args.get("link", "")), _also(args.get("also")))
    _, line = links.decode_line(chapter.link)
    step = _step(line, args.get("step"))
    ask = line.asks.get(step)
    if ask is None:
        raise StudyError(f"step {step} asks no question")
    right = {ask["answer"], *dict(chapter.also).get(step, ())}
    said = played_on(line.game, line.states[step], ask["answer"])
    if said is not None:
        said["tries"] = [t for t in said["tries"] if t["move"] not in right]
        said["rights"] = {}
        for move in sorted(right - {ask["answer"]}):
            own = played_on(line.game, line.states[step], move)
            if own is not None:
                said["rights"][move] = own["answer"]
    return {"played_on": said}


def study_handout(args: Mapping[str, Any]) -> dict[str, Any]:
    """{study} -> {text, page, name}: the study as one handout to print (:func:`oldtricks.scenarios.studytext.handout`),
    and as a page with no script to save as ``name`` (:func:`oldtricks.scenarios.studytext.text_page`)."""
    study = study_of(args.get("study"))
    return {"text": handout(study), "page": text_page(study), "name": file_name(study, ".html")}
