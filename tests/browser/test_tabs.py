"""The readings of one deal as tabs (tabs.py, tabs.js): one panel at a time with ARIA roles and arrow
keys, a viewer in a closed tab drawn when it opens, a link into a closed tab opening it, every panel
without a script, the open one in print (each rules page's height and print: test_site_pages.py)."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, open_folds, wait_mounted

pytestmark = pytest.mark.browser

PAGE = "bettelmann.html"
GROUP = '[data-ot-tabs]:has([id="bettelmann/tie-pierer"])'
FIRST, SECOND = "bettelmann/tie-pierer", "bettelmann/tie-first-player"


def test_tabs_show_one_reading_at_a_time_and_follow_the_arrow_keys(live_page: Any, site_server: SiteServer) -> None:
    live_page.set_viewport_size({"width": 1366, "height": 900})
    live_page.goto(site_server.url + PAGE)
    wait_mounted(live_page, everything=False)
    assert open_folds(live_page, FIRST) == 1  # the group's "Watch" line
    group = live_page.locator(GROUP)
    tabs = group.get_by_role("tab")
    assert group.get_by_role("tablist").count() == 1 and tabs.count() == 2
    first, second = tabs.nth(0), tabs.nth(1)
    assert first.get_attribute("aria-selected") == "true" and second.get_attribute("aria-selected") == "false"
    panels = group.locator(":scope > .ot-tabpanel")
    assert panels.nth(0).get_attribute("role") == "tabpanel"
    assert panels.nth(0).get_attribute("aria-labelledby") == first.get_attribute("id")
    assert panels.nth(0).is_visible() and panels.nth(1).is_hidden()
    late = live_page.locator(f'.oldtricks-widget[id="{SECOND}"]')
    # a viewer in a closed tab is not drawn while its tab is closed, though the group is on the screen
    group.scroll_into_view_if_needed()
    live_page.wait_for_timeout(300)
    assert late.get_attribute("data-ready") == "pending"
    assert (first.get_attribute("tabindex"), second.get_attribute("tabindex")) == ("0", "-1")

    first.focus()
    live_page.keyboard.press("ArrowRight")
    assert live_page.evaluate("document.activeElement.id") == second.get_attribute("id")
    assert second.get_attribute("aria-selected") == "true" and second.get_attribute("tabindex") == "0"
    assert panels.nth(1).is_visible() and panels.nth(0).is_hidden()
    live_page.wait_for_function(f"() => document.getElementById('{SECOND}').dataset.ready === 'static'")
    assert late.locator('[data-action="next"]').is_visible()
    live_page.keyboard.press("ArrowRight")  # round to the first again
    assert first.get_attribute("aria-selected") == "true" and panels.nth(0).is_visible()
    live_page.keyboard.press("End")
    assert second.get_attribute("aria-selected") == "true"
    live_page.keyboard.press("Home")
    assert first.get_attribute("aria-selected") == "true"
    second.click()
    assert panels.nth(1).is_visible() and panels.nth(0).is_hidden()


def test_a_link_into_a_closed_tab_opens_it_at_its_step(live_page: Any, site_server: SiteServer) -> None:
    live_page.set_viewport_size({"width": 1366, "height": 900})
    live_page.goto(f"{site_server.url}{PAGE}#{SECOND}@3")
    wait_mounted(live_page, everything=False)
    live_page.wait_for_function(f"() => document.getElementById('{SECOND}').dataset.step === '3'")
    group = live_page.locator(GROUP)
    assert group.get_by_role("tab").nth(1).get_attribute("aria-selected") == "true"
    root = live_page.locator(f'.oldtricks-widget[id="{SECOND}"]')
    assert root.is_visible()
    top = root.evaluate("el => el.getBoundingClientRect().top")
    assert 0 <= top < 200, top
    # and a link followed on the page (hashchange) back to the first reading opens that tab
    live_page.evaluate(f"() => {{ location.hash = '#{FIRST}@2'; }}")
    live_page.wait_for_function(f"() => document.getElementById('{FIRST}').dataset.step === '2'")
    assert group.get_by_role("tab").nth(0).get_attribute("aria-selected") == "true"
    assert root.is_hidden()


def test_without_javascript_every_reading_shows_under_its_label(browser: Any, site_server: SiteServer) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_server.url + PAGE)
        group = page.locator(GROUP)
        assert group.locator(".ot-tablist").is_hidden()
        for i in range(2):
            assert group.locator(":scope > .ot-tabpanel").nth(i).is_visible()
            assert group.locator(":scope > .ot-tabpanel > .ot-tabpanel-label").nth(i).is_visible()
        assert group.locator(".ot-static-away a").nth(1).is_visible()  # the closed reading's text form too (a link)
    finally:
        context.close()


def test_print_shows_the_open_reading_and_names_the_others(live_page: Any, site_server: SiteServer) -> None:
    live_page.goto(site_server.url + PAGE)
    wait_mounted(live_page, everything=False)
    open_folds(live_page, FIRST)
    group = live_page.locator(GROUP)
    group.get_by_role("tab").nth(1).click()  # the reader's choice is what prints
    live_page.emulate_media(media="print")
    panels = group.locator(":scope > .ot-tabpanel")
    assert group.locator(".ot-tablist").is_hidden()
    assert panels.nth(1).is_visible() and panels.nth(0).is_hidden()
    line = panels.nth(1).locator(".ot-tabpanel-print")
    assert line.is_visible()
    text = line.inner_text()
    assert text.startswith("Printed: First player takes.") and "Pierer: ties wait (bettelmann.html#" in text, text
    panels.nth(1).locator(".oldtricks-widget > .ot-static").wait_for()  # its viewer prints as its text form
    live_page.emulate_media(media="screen")
    assert line.is_hidden()


def test_a_course_link_opens_the_lessons_tab_at_its_question(live_page: Any, site_server: SiteServer) -> None:
    """Bettelmann's eight lessons; one of those in a closed tab of the rules page, reached from the course."""
    sid, step = "bettelmann/last-three-low-card", 25
    live_page.goto(f"{site_server.url}lessons/bettelmann.html")
    assert live_page.locator("[data-lesson]").count() == 8
    live_page.locator(f'li:has([data-lesson="{sid}@{step}"]) a.ot-course-link').click()
    live_page.wait_for_url(f"**/{PAGE}#**")
    wait_mounted(live_page, everything=False)
    live_page.wait_for_function(f"() => document.getElementById('{sid}').dataset.step === '{step}'")
    tab = live_page.get_by_role("tab", name="The low card first")
    assert tab.get_attribute("aria-selected") == "true"
    root = live_page.locator(f'.oldtricks-widget[id="{sid}"]')
    assert root.is_visible()
    root.locator('.ot-hand button[data-card="8L"]').click()
    assert root.get_attribute("data-step") == str(step + 1)
