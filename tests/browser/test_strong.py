"""The strong bots in the browser: chosen under "Bots" at a live viewer, they answer the reader's card in
the live engine (Pyodide), and the engine's words say what the level does. Their time goes to the bench
(bench/strong_bench.py), not here."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import SiteServer, embedded, frames_shown, wait_mounted, widget
from oldtricks.live import api as live

pytestmark = pytest.mark.browser

LIVE_MS = 90_000  # Pyodide starts in about 3 s here; a loaded machine is much slower
PAGE = "druzbart.html"
SID = "druzbart/head"


def test_strong_bots_answer_the_readers_card(live_page: Any, site_server: SiteServer) -> None:
    data = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]
    book = data["frames"]
    step, card, strong = where_levels_part(data)
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
    # the strong bots' moves (seeded by the deal and the step): Pyodide plays what CPython plays
    assert [f["move"] for f in shown[step + 1 :]] == strong


def where_levels_part(data: dict[str, Any]) -> tuple[int, str, list[str]]:
    """The first step of the book where the reader's card (the last legal one) is answered otherwise by the
    strong bots than by the simple ones, in CPython: the step, the card and the strong bots' moves."""
    for frame in data["frames"]:
        if not isinstance(frame["turn"], int) or len(frame["legal"]) < 2:
            continue
        step, card = frame["step"], frame["legal"][-1]
        others = json.dumps([s for s in range(len(frame["seats"])) if s != frame["turn"]])
        moves = {}
        for level in ("strong", "simple"):
            live.open_table("levels", json.dumps(data["spec"]), "{}")
            moves[level] = [f["move"] for f in json.loads(live.play("levels", step, card, others, level))["frames"]]
        if moves["strong"] != moves["simple"]:
            return step, card, moves["strong"]
    raise AssertionError(f"the levels play alike all through {SID}: choose another scenario")
