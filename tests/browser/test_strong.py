"""The strong bots in the browser: chosen under "Bots" at a live viewer, they answer the reader's card in
the live engine (Pyodide), and the engine's words say what the level does. Their time goes to the bench
(bench/strong_bench.py), not here."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, embedded, frames_shown, wait_mounted, widget

pytestmark = pytest.mark.browser

LIVE_MS = 90_000  # Pyodide starts in about 3 s here; a loaded machine is much slower
PAGE = "druzbart.html"
SID = "druzbart/head"


def test_strong_bots_answer_the_readers_card(live_page: Any, site_server: SiteServer) -> None:
    book = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]["frames"]
    step = next(f["step"] for f in book if isinstance(f["turn"], int) and len(f["legal"]) > 1)
    turn = book[step]["turn"]
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@{step}")
    wait_mounted(live_page)
    root = widget(live_page, SID)
    root.locator('[data-action="go-live"]').click()
    live_page.wait_for_selector(f'.oldtricks-widget[id="{SID}"][data-ready="live"]', timeout=LIVE_MS)
    live_page.wait_for_function(f"() => !document.getElementById('{SID}').hasAttribute('aria-busy')")

    root.locator('select[data-role="level"]').select_option("strong")
    note = root.locator('[data-role="level-note"]')
    note.wait_for()
    assert note.inner_text().startswith("strong bots: from its own view, deals the hidden cards"), note.inner_text()

    card = book[step]["legal"][-1]
    root.locator(f'button[data-card="{card}"][data-seat="{turn}"]').click()
    # the strong bots play the other seats until the reader's turn comes again (or the deal ends)
    live_page.wait_for_function(
        f"() => Number(document.getElementById('{SID}').dataset.step) > {step + 1}"
        f" && !document.getElementById('{SID}').hasAttribute('aria-busy')",
        timeout=LIVE_MS,
    )
    shown = frames_shown(live_page, SID)
    assert shown[step + 1]["move"] == card
    answers = [f for f in shown[step + 2 :] if f["mover"] is not None]
    assert answers and all(f["mover"] != turn for f in answers)
    assert root.locator('[data-role="message"] .ot-msg-error').count() == 0
