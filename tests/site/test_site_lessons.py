"""``{lessons} GAME``: a game's "find the move" questions as a course, complete and in the listed order."""

from __future__ import annotations

import html
import re
from pathlib import Path

from conftest import SCENARIOS, Builder, write_scenario

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
    page = built.html()
    first, second = page.split('id="bettelmann/basics"')
    assert first.count('class="ot-static-answer"') == 1  # one question, printed with a line to write on
    assert "(step 27): North turns up a Ten." in first and "What should South play?" in first
    assert "ot-static-quiz" not in second  # a scenario that asks nothing prints no questions
