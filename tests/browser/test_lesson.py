"""Lessons in the viewer: at a step that asks, the reader must find the move; a wrong legal choice
gets the scenario's explanation, the right one moves on (scenario bettelmann/last-three, step 27)."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, embedded, wait_mounted

pytestmark = pytest.mark.browser

PAGE = "bettelmann.html"
SID = "bettelmann/last-three"


@pytest.fixture(scope="module")
def asked(site_server: SiteServer) -> dict[str, Any]:
    frames = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]["frames"]
    questions = [f for f in frames if f["ask"]]
    assert questions, "the scenario asks no question"
    return dict(questions[0])


def test_wrong_then_right_answer(live_page: Any, site_server: SiteServer, asked: dict[str, Any]) -> None:
    step = asked["step"]
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@{step}")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    lesson = root.locator('[data-role="lesson"]')
    assert lesson.is_visible()
    assert "Your move" in lesson.locator('[data-role="lesson-text"]').text_content()

    # stepping on is refused while the question is open
    root.locator('[data-action="next"]').click()
    assert root.get_attribute("data-step") == str(step)
    assert "Find the move first" in lesson.locator('[data-role="lesson-reply"]').text_content()

    # the hint is the author's
    root.locator('[data-action="hint"]').click()
    assert lesson.locator('[data-role="lesson-reply"]').text_content() == asked["ask"]["hint"]

    # a legal but wrong card: the author's explanation, and we stay
    wrong = next(m for m in asked["legal"] if m != asked["ask"]["answer"])
    root.locator(f'.ot-hand button[data-card="{wrong}"]').click()
    reply = lesson.locator('[data-role="lesson-reply"]').text_content()
    assert asked["ask"]["wrong"] in reply
    assert root.get_attribute("data-step") == str(step)

    # the answer: on to the next step, with a word of praise
    root.locator(f'.ot-hand button[data-card="{asked["ask"]["answer"]}"]').click()
    assert root.get_attribute("data-step") == str(step + 1)
    assert lesson.locator('[data-role="lesson-reply"]').text_content().startswith("Right")


def test_show_me_reveals_and_moves_on(live_page: Any, site_server: SiteServer, asked: dict[str, Any]) -> None:
    step = asked["step"]
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@{step}")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    root.locator('[data-action="reveal"]').click()
    assert root.get_attribute("data-step") == str(step + 1)
    assert "The move was" in root.locator('[data-role="lesson-reply"]').text_content()
    # once answered, stepping back and on again is free
    root.locator('[data-action="prev"]').click()
    root.locator('[data-action="next"]').click()
    assert root.get_attribute("data-step") == str(step + 1)


def test_the_lessons_page_counts_what_was_solved(
    live_page: Any, site_server: SiteServer, asked: dict[str, Any]
) -> None:
    course = "lessons/bettelmann.html"
    live_page.goto(f"{site_server.url}{course}")
    progress = live_page.locator('[data-role="lesson-progress"]')
    total = live_page.locator("[data-lesson]").count()
    assert total >= 1
    assert progress.text_content() == f"0 of {total} questions answered"
    link = live_page.locator(f'li:has([data-lesson="{SID}@{asked["step"]}"]) a.ot-course-link')
    assert link.get_attribute("href").endswith(f"bettelmann.html#{SID}@{asked['step']}")

    # answered on the rules page: the course marks it
    link.click()
    live_page.wait_for_url(f"**/{PAGE}#**")  # else the course page, which has no viewer, counts as mounted
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    assert root.get_attribute("data-step") == str(asked["step"])
    root.locator(f'.ot-hand button[data-card="{asked["ask"]["answer"]}"]').click()
    assert root.get_attribute("data-step") == str(asked["step"] + 1)
    live_page.goto(f"{site_server.url}{course}")
    assert progress.text_content() == f"1 of {total} questions answered"
    item = live_page.locator(f'li:has([data-lesson="{SID}@{asked["step"]}"])')
    assert "ot-course-solved" in item.get_attribute("class")

    # "Show me" is not solving; "Start again" forgets
    live_page.locator('[data-action="reset-lessons"]').click()
    assert progress.text_content() == f"0 of {total} questions answered"
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@{asked['step']}")
    wait_mounted(live_page)
    live_page.locator(f'.oldtricks-widget[id="{SID}"] [data-action="reveal"]').click()
    live_page.goto(f"{site_server.url}{course}")
    assert progress.text_content() == f"0 of {total} questions answered"
