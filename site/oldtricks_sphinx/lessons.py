"""The ``{lessons} GAME`` directive: every "find the move" question of a game's scenarios, as a course.

The directive's content lists scenario ids, one a line, in the order a learner should meet them
(easiest first). Each question of those scenarios (a step marked ``ask``) becomes an entry: the scene
the viewer shows before it asks (the note of the step), the question, the rule it trains and a link
to the viewer at that very step. A scenario of the game with a question that the list leaves out
fails the build, so that a new lesson cannot be forgotten; so does a listed scenario with no question,
and a question that opens with no scene (a note on the step the question is asked at).

The reader's progress ("4 of 15 questions answered") is kept in the browser by the viewers' lesson code
(``progress.js``) and shown by ``course.js``; without a script the list still reads as a course.

>>> lessons_of("bettelmann/basics", [{"step": 0, "ask": None}], "Basics", ())
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from oldtricks.core.registry import FAMILIES, all_rules
from oldtricks.errors import ScenarioError

from .i18n import _
from .links import rule_link
from .project import load_scenario, replay_scenario, scenario_files, scenario_path
from .store import embeds, note_links

__all__ = ["Lesson", "LessonsDirective", "lesson_course", "lessons_of", "setup_lessons"]


@dataclass(frozen=True)
class Lesson:
    """One question: the scenario, the step it is asked at, who must move, the scene and the rules."""

    scenario: str
    title: str
    step: int
    seat: str
    scene: str
    rules: tuple[str, ...]
    answer: str = ""

    @property
    def question(self) -> str:
        """The question in words, by the kind of move that answers it.

        >>> Lesson("drogue/auction", "An auction", 0, "South", "West has dealt.", (), "bid 4").question
        'What should South bid?'
        >>> Lesson("druzbart/head", "Heading", 2, "North", "West throws.", (), "AA").question
        'What should North play?'
        """
        kind = self.answer.split(" ", 1)[0]
        if kind in ("bid", "pass"):
            return _("What should {seat} bid?").format(seat=self.seat)
        if kind == "trump":
            return _("Which suit should {seat} name as trump?").format(seat=self.seat)
        return _("What should {seat} play?").format(seat=self.seat)

    @property
    def key(self) -> str:
        """The reader's progress is kept under this key, the same as the step's link: ``id@step``."""
        return f"{self.scenario}@{self.step}"


def lessons_of(
    scenario_id: str, frames: list[dict[str, Any]], title: str, demonstrates: tuple[str, ...]
) -> list[Lesson]:
    """The questions of one replayed scenario, in the order they are asked."""
    found: list[Lesson] = []
    for i, frame in enumerate(frames):
        if not frame.get("ask"):
            continue
        seats = frame.get("seats") or []
        turn = frame.get("turn")
        seat = seats[turn]["name"] if isinstance(turn, int) and 0 <= turn < len(seats) else _("the player to move")
        after = frames[i + 1] if i + 1 < len(frames) else {}
        rules = tuple(after.get("ids") or ()) or demonstrates
        step = frame.get("step", i)
        answer = str(frame["ask"].get("answer", ""))
        step_no = step if isinstance(step, int) else i
        found.append(Lesson(scenario_id, title, step_no, seat, str(frame.get("note") or ""), rules, answer))
    return found


class lesson_course(nodes.General, nodes.Element):
    """The course's list; carries ``data-role="lesson-course"`` for course.js."""


class LessonsDirective(SphinxDirective):
    """The "find the move" questions of one game and its variants (``bettelmann``: with Tod und Leben)."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        family = self.arguments[0]
        games = next((names for names in FAMILIES.values() if names[0] == family), None)
        if games is None:
            raise self.error(f"unknown game {family!r}: expected one of {', '.join(n[0] for n in FAMILIES.values())}")
        note_links(self.env)
        listed = [line.strip() for line in self.content if line.strip()]
        lessons: list[Lesson] = []
        for offset, scenario_id in enumerate(listed):
            lessons += self._lessons(scenario_id, games, self.content_offset + offset + 1)
        self._check_complete(games, listed)
        if not lessons:
            raise self.error(f"no lessons listed for {family!r}")
        course = lesson_course(classes=["ot-course"])
        course += nodes.paragraph(
            "",
            _("{questions} questions in {count} scenarios, easiest first.").format(
                questions=len(lessons), count=len(listed)
            ),
            classes=["ot-course-progress"],
        )
        items = nodes.enumerated_list(classes=["ot-course-list"])
        for lesson in lessons:
            items += self._item(lesson)
        course += items
        return [course]

    def _lessons(self, scenario_id: str, games: tuple[str, ...], lineno: int) -> list[Lesson]:
        path = scenario_path(self.config, scenario_id)
        if path is None or not path.is_file():
            raise self.error(f"line {lineno}: no scenario {scenario_id!r}")
        self.env.note_dependency(str(path))
        try:
            sc = load_scenario(self.config, path)
            frames = replay_scenario(sc).frames()
        except ScenarioError as exc:
            raise self.error(str(exc)) from None
        if sc.game not in games:
            raise self.error(f"line {lineno}: scenario {scenario_id!r} is a {sc.game} scenario, not {games[0]}")
        found = lessons_of(sc.id, frames, sc.said("title"), tuple(sc.demonstrates))
        if not found:
            raise self.error(f"line {lineno}: scenario {scenario_id!r} asks no question (no step with 'ask')")
        for lesson in found:
            if not lesson.scene.strip():
                raise self.error(
                    f"{path}: the question at step {lesson.step} opens with no scene: give that step a note "
                    "that sets the scene before the reader is asked"
                )
        return found

    def _check_complete(self, games: tuple[str, ...], listed: list[str]) -> None:
        missing = []
        for path in scenario_files(self.config):
            try:
                sc = load_scenario(self.config, path)
            except ScenarioError:
                continue  # the {scenario} directive and `oldtricks check` report broken files
            if sc.game in games and sc.id not in listed and any(step.ask for step in sc.steps):
                missing.append(sc.id)
        if missing:
            raise self.error(f"scenarios with questions missing from the {games[0]} lessons: {', '.join(missing)}")

    def _item(self, lesson: Lesson) -> nodes.list_item:
        item = nodes.list_item(classes=["ot-course-item"])
        # the key course.js marks solved (docutils writes no data attributes on its own nodes)
        item += nodes.raw("", f'<span hidden data-lesson="{_attr(lesson.key)}"></span>', format="html")
        head = nodes.paragraph(classes=["ot-course-head"])
        head += pending_step_link(scenario=lesson.scenario, step=lesson.step, title=lesson.title)
        head += nodes.inline("", "", classes=["ot-course-mark"])
        item += head
        item += nodes.paragraph("", lesson.scene, classes=["ot-course-scene"])
        question = nodes.paragraph(classes=["ot-course-question"])
        question += nodes.strong("", lesson.question)
        if lesson.rules:
            question += nodes.Text(_(" Trains: "))
            for i, rule_id in enumerate(lesson.rules):
                if i:
                    question += nodes.Text(", ")
                question += rule_link(rule_id, all_rules()[rule_id].statement, warn=True)
        item += question
        return item


class pending_step_link(nodes.Inline, nodes.Element):
    """A link to a scenario's viewer at one step, made once every page is read."""


def _resolve(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    for node in list(doctree.findall(pending_step_link)):
        embed = embeds(app.env).get(node["scenario"])
        text = nodes.inline("", node["title"], classes=["ot-course-title"])
        if embed is None:
            node.replace_self(text)
            continue
        uri = app.builder.get_relative_uri(docname, embed.docname) + f"#{node['scenario']}@{node['step']}"
        node.replace_self(nodes.reference("", "", text, refuri=uri, internal=True, classes=["ot-course-link"]))


def _visit_course(self: Any, node: lesson_course) -> None:
    self.body.append(self.starttag(node, "div", "", **{"data-role": "lesson-course"}))


def _depart_course(self: Any, node: lesson_course) -> None:
    self.body.append("</div>\n")


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def _add_js(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if doctree is not None and next(iter(doctree.findall(lesson_course)), None) is not None:
        app.add_js_file("oldtricks/course.js", type="module")


def setup_lessons(app: Sphinx) -> None:
    app.add_node(lesson_course, html=(_visit_course, _depart_course))
    app.add_node(pending_step_link)
    app.add_directive("lessons", LessonsDirective)
    app.connect("doctree-resolved", _resolve)
    app.connect("html-page-context", _add_js)
