"""Live play that keeps the reader oriented: after "Play from here" the focus is on the board and the
board in view; the seat picker sits at the board, in the order of play; the banner names the seat
actually played; the bots play their turns by themselves at the pace the reader sets."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, embedded, wait_mounted

pytestmark = pytest.mark.browser

LIVE_MS = 90_000
PAGE = "drogue.html"
SID = "drogue/example"


def test_going_live_keeps_the_reader_at_the_board(live_page: Any, site_server: SiteServer) -> None:
    book = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]["frames"]
    at = next(f for f in book if f["trick"]["number"] == 1 and len(f["table"]) == 1)  # a card led, three to come
    step, turn = at["step"], at["turn"]
    names = [s["name"] for s in at["seats"]]
    # the engine's order of play (Drogue goes to the right: 0, 3, 2, 1), from the book's first mover
    play_order = at["play_order"]
    first = play_order.index(next(f["mover"] for f in book if f["mover"] is not None))
    order = play_order[first:] + play_order[:first]
    assert "".join(map(str, order)) in "03210321"
    live_page.set_viewport_size({"width": 390, "height": 844})
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@{step}")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    root.locator('[data-action="go-live"]').scroll_into_view_if_needed()
    root.locator('[data-action="go-live"]').click()
    live_page.wait_for_selector(f'.oldtricks-widget[id="{SID}"][data-ready="live"]', timeout=LIVE_MS)
    live_page.wait_for_function(f"() => !document.getElementById('{SID}').hasAttribute('aria-busy')")
    # the focus is on a card the reader may play, and the table is on screen
    focused = live_page.evaluate(
        "() => ({card: document.activeElement.dataset.card, legal: document.activeElement.dataset.legal,"
        " seat: document.activeElement.dataset.seat})"
    )
    assert focused["legal"] == "true" and focused["seat"] == str(turn) and focused["card"] in at["legal"]
    box = root.locator(".ot-table").bounding_box()
    assert box["y"] < 844 and box["y"] + box["height"] > 0, "the table is in view"
    assert f"you play {names[turn]}" in root.locator('[data-role="live-status"]').inner_text()
    # the seat picker is at the board, in the order of play
    seat = root.locator('.ot-board [data-role="seat"]')
    assert seat.is_visible()
    assert [int(v) for v in seat.locator("option").evaluate_all("(els) => els.map((o) => o.value)")] == order
    assert root.locator('.ot-board [data-role="pace"]').is_visible()
    # choose the next seat to move after this one: the banner follows, and the bot plays this turn by itself
    later = next(f for f in book if f["step"] > step and f["turn"] not in (None, turn))
    mine = later["turn"]
    root.locator('[data-role="pace"]').select_option("250")
    seat.select_option(str(mine))
    assert f"you play {names[mine]}" in root.locator('[data-role="message"]').inner_text()
    live_page.wait_for_function(
        f"() => document.getElementById('{SID}').dataset.step === '{later['step']}'", timeout=LIVE_MS
    )
    assert f"you play {names[mine]}" in root.locator('[data-role="live-status"]').inner_text()
    flag = root.locator(f'[data-seat-box="{mine}"] .ot-turn-flag')
    assert flag.inner_text() == "to play"
