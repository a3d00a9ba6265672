"""``{lessons} GAME``: a game's "find the move" questions as a course, complete and in the listed order."""

from __future__ import annotations

import html
import re
from pathlib import Path

from conftest import REPO, SCENARIOS, Builder, write_scenario
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load
from oldtricks_sphinx.lessons import lessons_of

SID = "bettelmann/last-three"
PAGES = {
    "index.md": (
        "# Rules\n\n```{rule} bettelmann.last-three\nT.\n```\n\n```{scenario} bettelmann/last-three\n```\n\n"
        "```{toctree}\nlessons\n```\n"
    ),
    "lessons.md": "# Lessons\n\n```{lessons} bettelmann\nbettelmann/last-three\n```\n",
}


def test_a_course_lists_each_question_with_its_scene_rule_and_step_link(build: Builder, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    write_scenario(folder, SID, (SCENARIOS / f"{SID}.toml").read_text(encoding="utf-8"))
    built = build(PAGES, scenarios=folder)
    assert built.status == 0, built.warnings
    page = built.html("lessons")
    assert 'data-role="lesson-course"' in page
    assert "1 questions in 1 scenarios" in page
    [key] = re.findall(r'data-lesson="([^"]+)"', page)
    assert key == "bettelmann/last-three@27"  # the step the viewer asks at, as the step's link names it
    assert "index.html#bettelmann/last-three@27" in {html.unescape(h) for h in re.findall(r'href="([^"]+)"', page)}
    assert "North turns up a Ten." in page  # the scene: the note the viewer shows at that step
    assert "What should South play?" in page
    assert "#rule-bettelmann-last-three" in page
    assert re.search(r'<script type="module" src="_static/oldtricks/course.js[?"]', page)
    assert "course.js" not in built.html("index")


def test_a_scenario_with_questions_left_out_fails_the_build(build: Builder, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    for sid in ("bettelmann/last-three", "druzbart/head"):
        write_scenario(folder, sid, (SCENARIOS / f"{sid}.toml").read_text(encoding="utf-8"))
    text = (SCENARIOS / "bettelmann/last-three.toml").read_text(encoding="utf-8")
    write_scenario(folder, "bettelmann/second", text.replace("look and choose", "again"))
    built = build(PAGES, scenarios=folder)
    assert built.status == 1
    assert "scenarios with questions missing from the bettelmann lessons: bettelmann/second" in built.warnings


def test_listed_scenarios_must_exist_belong_to_the_game_and_ask(build: Builder) -> None:
    for listed, message in [
        ("bettelmann/nope", "line 1: no scenario 'bettelmann/nope'"),
        ("druzbart/head", "line 1: scenario 'druzbart/head' is a druzbart scenario, not bettelmann"),
        ("bettelmann/basics", "line 1: scenario 'bettelmann/basics' asks no question"),
    ]:
        pages = dict(PAGES, **{"lessons.md": f"# L\n\n```{{lessons}} bettelmann\n{listed}\n```\n"})
        built = build(pages)
        assert built.status == 1 and message in built.warnings, built.warnings
    built = build(dict(PAGES, **{"lessons.md": "# L\n\n```{lessons} skat\n```\n"}))
    assert "unknown game 'skat': expected one of bettelmann, druzbart, drogue" in built.warnings


def test_a_question_with_no_scene_fails(build: Builder, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    text = (SCENARIOS / "bettelmann/last-three.toml").read_text(encoding="utf-8")
    text = text.replace('note = "North turns up a Ten. South can see the Ten, the Ten and the Unter he holds."\n', "")
    path = write_scenario(folder, "bettelmann/last-three", text)
    built = build(PAGES, scenarios=folder)
    assert built.status == 1
    assert f"{path}: the question at step 27 opens with no scene" in built.warnings


def test_the_text_form_lists_the_questions_with_room_to_answer(build: Builder) -> None:
    built = build(
        {"index.md": "# R\n\n```{scenario} bettelmann/last-three\n```\n\n```{scenario} bettelmann/basics\n```\n"}
    )
    assert built.status == 0, built.warnings
    page = built.html("text/index")  # the page's text forms (textpage.py)
    first, second = page.split('id="bettelmann/basics"')
    assert first.count('class="ot-static-answer"') == 1  # one question, printed with a line to write on
    assert "(step 27): North turns up a Ten." in first and "What should South play?" in first
    assert "ot-static-quiz" not in second  # a scenario that asks nothing prints no questions
    # the play from the question on is marked, to be left out of print: the sheet must not answer it
    spoilers = re.findall(r'<li class="ot-static-spoiler"><p>Trick (\d+)', first)
    shown = re.findall(r"<li><p>Trick (\d+)", first)
    assert spoilers and shown and max(map(int, shown)) < min(map(int, spoilers)), (shown, spoilers)
    assert 'class="ot-static-outcome ot-static-spoiler"' in first and "ot-static-withheld" in first
    assert "ot-static-spoiler" not in second and "ot-static-withheld" not in second


def _courses() -> dict[str, list[str]]:
    """Each game's course as the real lessons pages list it: game → scenario ids, in order."""
    courses = {}
    for page in sorted((REPO / "docs" / "lessons").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for game, body in re.findall(r"```\{lessons\} (\w+)\n(.*?)```", text, flags=re.S):
            courses[game] = [line.strip() for line in body.splitlines() if line.strip()]
    return courses


def test_every_game_has_its_lessons_each_with_a_question_at_a_real_step() -> None:
    """Drużbart and Drogue have at least eight lessons each. Bettelmann and Tod und Leben leave a player a
    choice only under Pierer's look at the last three cards, so their course is shorter. Every question
    leaves a choice of two legal moves at least (one legal card would give the answer away) and says why
    the others are worse."""
    courses = _courses()
    assert set(courses) == {"bettelmann", "druzbart", "drogue"}
    counts = {}
    for game, listed in courses.items():
        found = []
        for sid in listed:
            sc = load(SCENARIOS / f"{sid}.toml", SCENARIOS)
            frames = replay(sc).frames()
            for lesson in lessons_of(sc.id, frames, sc.title, tuple(sc.demonstrates)):
                assert 0 <= lesson.step < len(frames) - 1, (sid, lesson.step)  # the answer is a move that follows
                assert frames[lesson.step]["ask"]["answer"] == lesson.answer != ""
                legal = frames[lesson.step]["legal"]
                assert lesson.answer in legal, (sid, lesson.step, legal)
                assert len(legal) >= 2 and frames[lesson.step]["ask"]["wrong"].strip(), (sid, lesson.step)
                assert lesson.question.startswith("What should ") or lesson.question.startswith("Which suit")
                assert lesson.seat in lesson.question and lesson.scene.strip() and lesson.rules, (sid, lesson.step)
                found.append(lesson.key)
        assert len(found) == len(set(found))
        counts[game] = len(found)
    assert counts["druzbart"] >= 8 and counts["drogue"] >= 8 and counts["bettelmann"] >= 2, counts
