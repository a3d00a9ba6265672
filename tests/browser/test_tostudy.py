"""Any viewer of the site, at any step, under any reading and in any seat's view, adds what it shows as a
chapter of the reader's study in progress (tostudy.js): the viewer says so with a link to the study page,
and the study page shows the chapter the engine made of it, at that step, in that view, under that
reading; a sandbox's game goes the same way."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, reveal, wait_mounted, widget

pytestmark = pytest.mark.browser

READY_MS = 90_000


def add_from(page: Any, sid: str, number: int) -> Any:
    """Click viewer ``sid``'s study button; its message names chapter ``number``. The message's link."""
    board = widget(page, sid)
    board.locator('[data-action="to-study"]').click()
    # the chapter is made by the engine (the live one, under another reading): its message comes when made
    page.wait_for_function(
        """([sid, number]) => {
      const root = document.getElementById(sid), said = root.querySelector('[data-role="message"]');
      return root.dataset.studied === String(number) || (said && said.textContent.includes("could not be added"));
    }""",
        arg=[sid, number],
        timeout=READY_MS,
    )
    message = board.locator('[data-role="message"]')
    assert f"is chapter {number} of your study" in message.inner_text()
    assert board.get_attribute("data-studied") == str(number)
    return message.locator('a[data-role="to-study-page"]')


def test_a_viewers_step_reading_and_view_become_chapters_of_the_study(live_page: Any, site_server: SiteServer) -> None:
    page = live_page
    # a viewer under the "one at a time" reading (its tab), at step 6, in East's view
    page.goto(f"{site_server.url}druzbart.html#druzbart/packets-one@6")
    wait_mounted(page)
    assert reveal(page, "druzbart/packets-one") in ("static", "live")
    board = widget(page, "druzbart/packets-one")
    assert board.get_attribute("data-step") == "6"
    board.locator('[data-role="view"]').select_option("1")
    add_from(page, "druzbart/packets-one", 1)
    # a second viewer of the page, at its last step, every hand shown
    assert reveal(page, "druzbart/split-32") in ("static", "live")
    other = widget(page, "druzbart/split-32")
    other.locator('[data-action="last"]').click()
    assert other.get_attribute("data-step") == "32"
    link = add_from(page, "druzbart/split-32", 2)

    link.click()  # the study page, whose engine makes the chapters
    page.wait_for_selector('.oldtricks-study[data-ready="ready"]', timeout=READY_MS)
    titles = page.locator('[data-role="study-chapters"] .ot-study-pick').all_inner_texts()
    assert titles == ["Dealing one card at a time", "Thirty-two cards: four tricks each, and nothing scored"]
    assert "Chapter 2 added" in page.locator('[data-role="study-message"]').inner_text()
    shown = page.locator('[data-role="study-board"] .oldtricks-widget')
    assert shown.get_attribute("data-step") == "32"
    assert shown.locator('[data-action="to-study"]').count() == 0  # the study's own board adds nothing
    page.locator('[data-role="study-chapters"] li:first-child .ot-study-pick').click()
    page.wait_for_function(
        "() => document.querySelector('[data-role=study-board] .oldtricks-widget')?.dataset.step === '6'"
    )
    assert shown.locator('[data-role="view"]').input_value() == "1"
    study = page.evaluate("() => JSON.parse(localStorage.getItem('oldtricks.study.v1.draft'))")
    first, second = (c["link"] for c in study["chapters"])
    assert "o=packets:one" in first and ";s=6" in first and ";v=1" in first
    assert "o=pack:32" in second and ";s=" not in second and ";v=" not in second  # no s=: the last step


def test_a_sandboxs_game_is_added_and_the_study_page_shows_it(live_page: Any, site_server: SiteServer) -> None:
    page = live_page
    page.goto(f"{site_server.url}sandbox/bettelmann.html")
    page.wait_for_selector('.oldtricks-sandbox[data-ready="ready"]', timeout=READY_MS)
    page.locator('[data-role="seed"]').fill("42")
    page.locator('[data-action="deal"]').click()
    page.wait_for_function("() => /;r=42(;|$)/.test(document.querySelector('.oldtricks-sandbox').dataset.link)")
    page.locator('[data-action="add-to-study"]').click()  # the sandbox's own button, as the viewer's
    message = page.locator('.ot-sb-widget [data-role="message"]')
    message.locator('a[data-role="to-study-page"]').wait_for(timeout=READY_MS)
    assert "is chapter 1 of your study" in message.inner_text()
    message.locator('a[data-role="to-study-page"]').click()
    page.wait_for_selector('.oldtricks-study[data-ready="ready"]', timeout=READY_MS)
    assert page.locator('[data-role="study-chapters"] li').count() == 1
    study = page.evaluate("() => JSON.parse(localStorage.getItem('oldtricks.study.v1.draft'))")
    assert study["chapters"][0]["link"].startswith("v1;g=bettelmann;d=0;r=42")


def test_another_rule_chosen_on_a_viewer_is_the_chapters_reading(live_page: Any, site_server: SiteServer) -> None:
    """Under another rule ("Try another rule"), the chapter is the game the live engine played under it."""
    page = live_page
    sid = "bettelmann/tie-pierer"
    page.goto(f"{site_server.url}bettelmann.html#{sid}@0")
    wait_mounted(page)
    root = widget(page, sid)
    root.locator('details[data-role="options"] summary').click()
    root.locator('select[data-option="tie"]').select_option("first-player")
    page.wait_for_selector(f'.oldtricks-widget[id="{sid}"][data-diverge-step]', timeout=READY_MS)
    page.wait_for_function(f"() => !document.getElementById('{sid}').hasAttribute('aria-busy')")
    step = root.get_attribute("data-step")  # where the two readings part
    link = add_from(page, sid, 1)
    link.click()
    page.wait_for_selector('.oldtricks-study[data-ready="ready"]', timeout=READY_MS)
    study = page.evaluate("() => JSON.parse(localStorage.getItem('oldtricks.study.v1.draft'))")
    (chapter,) = study["chapters"]
    assert "o=tie:first-player" in chapter["link"] and f";s={step};" in chapter["link"], chapter["link"]
    assert page.locator('[data-role="study-board"] .oldtricks-widget').get_attribute("data-step") == step
