"""The book's move stays on the book: live at a step, the move the scenario plays next advances the main
line (the counter keeps the book's length, the link names no side line); only another move starts a
side line, and the words of its message are the button's."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, embedded, wait_mounted

pytestmark = pytest.mark.browser

LIVE_MS = 90_000
PAGE = "drogue.html"
SID = "drogue/example"


def ready(page: Any) -> None:
    page.wait_for_selector(f'.oldtricks-widget[id="{SID}"][data-ready="live"]', timeout=LIVE_MS)
    page.wait_for_function(f"() => !document.getElementById('{SID}').hasAttribute('aria-busy')", timeout=LIVE_MS)


def test_the_books_move_advances_the_main_line(live_page: Any, site_server: SiteServer) -> None:
    book = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]["frames"]
    last = book[-1]["step"]
    live_page.emulate_media(reduced_motion="reduce")
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@0")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    moves = root.locator('[data-role="movelist"]')
    root.locator('[data-action="go-live"]').click()
    ready(live_page)
    seat = book[0]["turn"]
    root.locator(f'[data-move="{book[1]["move"]}"]').click()  # "pass": what the book plays
    ready(live_page)
    # on along the main line, through the others' moves as the book has them, to the reader's next turn
    want = next(f["step"] for f in book[1:] if f["turn"] == seat or f["step"] == last)
    live_page.wait_for_function(f"() => document.getElementById('{SID}').dataset.step === '{want}'", timeout=LIVE_MS)
    assert moves.locator(".ot-ml-current").get_attribute("data-line") == "main"
    assert moves.locator(".ot-ml-branch").count() == 0, "the book's move started a side line"
    assert not moves.locator('[data-action="main-line"]').is_visible()
    assert root.locator('[data-role="counter"]').text_content() == f"step {want} / {last}"
    # the link is written once the reader stops stepping (widget.js, writeHashSoon: LINK_DELAY ms later)
    live_page.wait_for_function("(want) => location.hash === want", arg=f"#{SID}@{want}", timeout=5_000)

    # another move than the book's: a side line, and the link carries it
    at = book[want]
    other = next(m for m in at["legal"] if m != book[want + 1]["move"])
    root.locator(f'[data-move="{other}"], .ot-hand button[data-card="{other}"][data-seat="{seat}"]').first.click()
    ready(live_page)
    moves.locator(".ot-ml-branch").first.wait_for()
    assert moves.locator(".ot-ml-current").get_attribute("data-line") != "main"
    live_page.wait_for_function("(line) => location.hash.includes(line)", arg=f";line={want}:", timeout=5_000)
    back = moves.locator('[data-action="main-line"]')
    assert back.is_visible()
    label = back.text_content()
    # the side line reopened from its link: the message names the way back as the button does
    link = live_page.evaluate("() => location.href")
    page = live_page.context.new_page()
    try:
        page.goto(link)
        wait_mounted(page)
        page.wait_for_function(
            f"() => document.getElementById('{SID}').querySelector('[data-role=\"message\"]').textContent"
            ".includes('side line')",
            timeout=LIVE_MS,
        )
        said = page.locator(f'.oldtricks-widget[id="{SID}"] [data-role="message"]').first.text_content()
        assert f"“{label}”" in said, said
    finally:
        page.close()
