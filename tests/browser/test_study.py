"""The study page: a teacher builds a three-chapter study with two questions (one with two right moves),
copies its link, and a student opens it in a fresh browser, answers wrong then right and sees the
progress; the study's file saved and opened again gives the same link and passes `oldtricks check`;
hostile texts in a study link stay text under the site's CSP; a damaged chapter is named and the
others are still offered."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest

from conftest import REPO, Guard, SiteServer
from oldtricks.live.studies import study_played_on
from oldtricks.scenarios.links import encode
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load
from oldtricks.scenarios.study import Chapter, Study
from oldtricks.scenarios.study import decode as study_decode
from oldtricks.scenarios.study import encode as study_encode

pytestmark = pytest.mark.browser

READY_MS = 90_000  # Pyodide starts in about 3 s here; a loaded machine is much slower
PAGE = "study.html"
HOSTILE = '<img src=x onerror="window.__pwned = 1; alert(1)"><script>window.__pwned = 2</script>'


def cap_link() -> tuple[str, list[str], str]:
    """The Drużbart cap scenario without its questions, opened at step 20: its link, the legal moves
    at step 20 and the line's own move there."""
    scenario = load(REPO / "scenarios" / "druzbart" / "cap.toml")
    spec = scenario.spec()
    spec["steps"] = [{k: v for k, v in s.items() if k not in ("ask", "wrong", "hint")} for s in spec["steps"]]
    spec["at"] = 20
    line = replay(scenario).line
    return encode(spec), [str(m) for m in line.game.legal_moves(line.states[20])], str(line.moves[21])


def ready(page: Any) -> None:
    page.wait_for_selector('.oldtricks-study[data-ready="ready"]', timeout=READY_MS)


def open_page(page: Any, url: str) -> None:
    page.goto(url)
    ready(page)


def fresh_page(browser: Any, guard: Guard) -> Any:
    """A page in a new browser context (nothing kept, the site's CSP in force)."""
    context = browser.new_context()
    context.route("**/*", guard.on_route)
    return guard.attach(context.new_page())


def settle(page: Any) -> None:
    """Wait for the editor's board to show the current chapter again after a change."""
    page.wait_for_selector('[data-role="study-board"] .oldtricks-widget[data-step]', timeout=READY_MS)


def ask_here(page: Any, answers: list[str], hint: str, wrong: str | None = None) -> None:
    page.locator('[data-action="question-here"]').click()
    for box in page.locator('[data-role="question-form"] input[type="checkbox"]').all():
        box.set_checked(box.get_attribute("value") in answers)
    page.locator('[data-role="question-hint"]').fill(hint)
    if wrong is not None:
        page.locator('[data-role="question-wrong"]').fill(wrong)
    page.locator('[data-action="question-save"]').click()


def chapter_titles(page: Any) -> list[str]:
    titles: list[str] = page.locator('[data-role="study-chapters"] .ot-study-pick').all_inner_texts()
    return titles


def make_chapter_one(page: Any) -> tuple[list[str], str, str, str]:
    """Chapter 1: a game link, opened at step 20; a question there with two right moves and the engine's
    proposal for the others. Its legal moves, the line's move, the other right move and the proposal."""
    link, legal, line_move = cap_link()
    other = next(m for m in legal if m != line_move)
    page.locator('[data-role="study-add-link"]').fill(link)
    page.locator('button[data-action="study-add-link"]').click()
    settle(page)
    assert page.locator('[data-role="study-board"] .oldtricks-widget').get_attribute("data-step") == "20"
    page.locator('[data-action="question-here"]').click()
    for box in page.locator('[data-role="question-form"] input[type="checkbox"]').all():
        box.set_checked(box.get_attribute("value") in (line_move, other))
    page.locator('[data-action="question-propose"]').click()
    tries = page.locator('[data-role="proposal-tries"] li')
    tries.first.wait_for(timeout=READY_MS)
    moves = {t.get_attribute("data-move") for t in tries.all()}
    assert moves == set(legal) - {line_move, other}
    tries.first.locator('[data-action="question-use"]').click()
    proposed = page.locator('[data-role="question-wrong"]').input_value()
    assert proposed.startswith("Played on with best play")
    page.locator('[data-role="question-hint"]').fill("Which card can nobody beat?")
    page.locator('[data-action="question-save"]').click()
    page.wait_for_selector('[data-role="study-chapters"] li:first-child .ot-study-count:text(" 1 ?")')
    return legal, line_move, other, proposed


def make_chapters_two_and_three(page: Any) -> None:
    """Chapter 2: dealt by seed, a question at its first step with one right move; chapter 3: a Bettelmann
    deal, moved up and back down."""
    page.locator('[data-role="study-game"]').select_option("druzbart")
    page.locator('[data-role="study-seed"]').fill("7")
    page.locator('[data-action="study-add-seed"]').click()
    page.wait_for_function("() => document.querySelectorAll('[data-role=study-chapters] li').length === 2")
    settle(page)
    ask_here(page, [], "Lead low.")  # no right move ticked: refused
    assert "Tick at least one right move" in page.locator('[data-role="study-message"]').inner_text()
    page.locator('[data-role="question-form"] input[type="checkbox"]').first.check()
    page.locator('[data-action="question-save"]').click()
    page.wait_for_selector('[data-role="study-chapters"] li:nth-child(2) .ot-study-count:text(" 1 ?")')

    # chapter 3: a Bettelmann deal; moved up and back down
    page.locator('[data-role="study-game"]').select_option("bettelmann")
    page.locator('[data-role="study-seed"]').fill("5")
    page.locator('[data-action="study-add-seed"]').click()
    page.wait_for_function("() => document.querySelectorAll('[data-role=study-chapters] li').length === 3")
    page.locator('[data-role="study-chapters"] li:nth-child(3) [data-action="study-up"]').click()
    page.wait_for_function(
        "() => document.querySelector('[data-role=study-chapters] li:nth-child(2) .ot-study-pick')"
        ".textContent.startsWith('Bettelmann')"
    )
    page.locator('[data-role="study-chapters"] li:nth-child(2) [data-action="study-down"]').click()
    page.wait_for_function(
        "() => document.querySelector('[data-role=study-chapters] li:nth-child(3) .ot-study-pick')"
        ".textContent.startsWith('Bettelmann')"
    )
    titles = chapter_titles(page)
    assert len(titles) == 3 and titles[0].startswith("The cap of deals")


def check_the_file_round_trip(page: Any, tmp_path: Any, url: str) -> None:
    """The file round trip: saved, checked by the engine's command line, opened again: the same link."""
    with page.expect_download() as download:
        page.locator('[data-action="study-save"]').click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name == "heading-and-cap.toml"
    env = {**os.environ, "PYTHONPATH": str(REPO / "engine")}
    checked = subprocess.run(
        [sys.executable, "-m", "oldtricks", "check", str(path)], capture_output=True, text=True, env=env, check=False
    )
    assert checked.returncode == 0 and "1 passed, 0 failed" in checked.stdout, checked.stdout + checked.stderr
    page.locator('[data-action="study-remove"]').first.click()
    page.wait_for_function("() => document.querySelectorAll('[data-role=study-chapters] li').length === 2")
    page.locator('[data-role="study-file"]').set_input_files(str(path))
    page.wait_for_function("() => document.querySelectorAll('[data-role=study-chapters] li').length === 3")
    page.locator('[data-action="study-copy-link"]').click()
    assert page.locator('[data-role="study-link"]').input_value() == url


def work_through_as_the_student(
    browser: Any, guard: Guard, url: str, legal: list[str], rights: tuple[str, str], proposed: str
) -> None:
    """The student: a fresh browser, the site's CSP in force; a wrong move, then the second right move."""
    student = fresh_page(browser, guard)
    open_page(student, url)
    progress = student.locator('[data-role="study-progress"]')
    assert progress.inner_text() == "0 of 2 questions answered"
    assert student.locator('[data-role="study-heading"]').inner_text() == "Heading and cap"
    board = student.locator('[data-role="study-board"] .oldtricks-widget')
    assert board.get_attribute("data-step") == "20"
    lesson = board.locator('[data-role="lesson"]')
    assert lesson.is_visible() and "Your move" in lesson.inner_text()
    student.wait_for_selector('[data-role="study-board"][data-valued="1"]', timeout=READY_MS)
    line_move, other = rights
    wrong = next(m for m in legal if m not in (line_move, other))
    board.locator(f'.ot-hand button[data-card="{wrong}"]').click()
    reply = lesson.locator('[data-role="lesson-reply"]').inner_text()
    assert reply.startswith("Not the") and proposed in reply
    assert board.get_attribute("data-step") == "20"
    assert board.locator('[data-line="tried"]').is_visible()  # the wrong card played on with best play
    assert progress.inner_text() == "0 of 2 questions answered"
    board.locator(f'.ot-hand button[data-card="{other}"]').click()  # the second right move
    assert lesson.locator('[data-role="lesson-reply"]').inner_text().startswith("Right")
    # the board stays on the question (the line's next step is the line's own move, not the reader's),
    # and the right line shown is the reader's move played on with best play
    assert board.get_attribute("data-step") == "20"
    chapter = study_decode(url.split("#", 1)[1]).chapters[0]
    also = {str(k): list(v) for k, v in chapter.also}
    said = study_played_on({"link": chapter.link, "also": also, "step": 20})["played_on"]
    shown = board.locator('[data-line="answer"] .ot-lesson-line-words li').all_inner_texts()
    assert shown == said["rights"][other]["words"] and shown != said["answer"]["words"]
    board.locator('[data-action="next"]').click()  # on with the chapter's line
    assert board.get_attribute("data-step") == "21"
    student.wait_for_function(
        "() => document.querySelector('[data-role=study-progress]').textContent === '1 of 2 questions answered'"
    )
    done = student.locator('[data-role="study-nav"] li:first-child [data-role="chapter-progress"]')
    assert done.inner_text().strip() == "1/1"
    student.reload()
    ready(student)
    assert progress.inner_text() == "1 of 2 questions answered"  # kept in this browser
    student.context.close()


def test_a_study_made_shared_and_worked_through(
    live_page: Any, site_server: SiteServer, browser: Any, guard: Guard, tmp_path: Any
) -> None:
    page = live_page
    open_page(page, f"{site_server.url}{PAGE}#edit")
    page.locator('[data-role="study-title"]').fill("Heading and cap")
    page.locator('[data-role="study-title"]').dispatch_event("change")

    legal, line_move, other, proposed = make_chapter_one(page)

    make_chapters_two_and_three(page)

    page.locator('[data-action="study-copy-link"]').click()
    url = page.locator('[data-role="study-link"]').input_value()
    assert "#s1;" in url

    check_the_file_round_trip(page, tmp_path, url)

    work_through_as_the_student(browser, guard, url, legal, (line_move, other), proposed)


def hostile_study() -> str:
    spec = {
        "game": "bettelmann",
        "title": HOSTILE,
        "deal": {"seed": 5},
        "steps": [{"note": HOSTILE}, {"moves": ["7A"], "ask": True, "hint": HOSTILE, "wrong": HOSTILE}],
        "at": 0,
    }
    return study_encode(Study(HOSTILE, HOSTILE, (Chapter.of(spec),)))


def test_hostile_texts_in_a_study_link_stay_text_under_the_csp(
    site_server: SiteServer, browser: Any, guard: Guard
) -> None:
    guard.origin = site_server.origin
    page = fresh_page(browser, guard)
    dialogs: list[str] = []

    def dismissed(d: Any) -> None:
        dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", dismissed)
    open_page(page, f"{site_server.url}{PAGE}#{hostile_study()}")
    assert page.locator('[data-role="study-heading"]').text_content() == HOSTILE
    assert page.locator('[data-role="study-notes-text"]').text_content() == HOSTILE
    assert page.locator('[data-role="study-nav"] .ot-study-pick').text_content() == HOSTILE
    board = page.locator('[data-role="study-board"] .oldtricks-widget')
    assert board.locator(".ot-note").text_content() == HOSTILE
    board.locator('[data-action="hint"]').click()
    assert board.locator('[data-role="lesson-reply"]').text_content() == HOSTILE
    assert page.locator('.oldtricks-study img[src="x"], .oldtricks-study script:not([type])').count() == 0
    assert page.evaluate("() => window.__pwned") is None
    assert dialogs == []
    page.context.close()
    guard.check()


def test_a_damaged_chapter_is_named_and_the_others_offered(live_page: Any, site_server: SiteServer) -> None:
    spec = {"game": "bettelmann", "title": "Fine", "deal": {"seed": 5}}
    link = study_encode(Study("Two", "", (Chapter.of(spec), Chapter.of({**spec, "title": "Also fine"}))))
    head, first, second = link.split("/")
    damaged = "/".join([head, first, second.replace("r=5", "r=5x")])
    open_page(live_page, f"{site_server.url}{PAGE}#{damaged}")
    said = live_page.locator('[data-role="study-problems"]').inner_text()
    assert "chapter 2 cannot be read" in said and "('r=')" in said
    assert live_page.locator('[data-role="study-nav"] .ot-study-pick').all_inner_texts() == ["Fine"]
