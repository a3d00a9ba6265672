"""Each hand shown or hidden by the reader (as in a bridge hand viewer), and links that keep what the
reader set: the step, the seat view and the hidden hands survive a reload of the link."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, wait_mounted

pytestmark = pytest.mark.browser

PAGE = "druzbart.html"
SID = "druzbart/basics"

HANDS = """(root) => [...root.querySelectorAll("[data-seat-box]")].map((box) =>
  [...box.querySelectorAll(".ot-hand [data-card]")].map((el) => el.dataset.card))"""


def hands(page: Any) -> list[list[str]]:
    return list(page.eval_on_selector(f'.oldtricks-widget[id="{SID}"]', HANDS))


def test_each_hand_can_be_hidden_and_the_link_keeps_it(live_page: Any, site_server: SiteServer) -> None:
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@3")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    before = hands(live_page)
    assert all(c != "??" for hand in before for c in hand), "the scenario shows every hand"
    root.locator('[data-action="toggle-hand"][data-seat="1"]').click()
    root.locator('[data-action="toggle-hand"][data-seat="3"]').click()
    after = hands(live_page)
    for seat, hand in enumerate(after):
        if seat in (1, 3):
            assert hand and set(hand) == {"??"}, f"seat {seat} is hidden"
        else:
            assert hand == before[seat]
    assert root.locator('[data-action="toggle-hand"][data-seat="1"]').get_attribute("aria-pressed") == "true"
    assert live_page.evaluate("() => location.hash") == f"#{SID}@3;hide=1.3"
    root.locator('[data-action="next"]').click()
    # a step's link is written once the stepping stops (widget.js, writeHashSoon)
    live_page.wait_for_function("(h) => location.hash === h", arg=f"#{SID}@4;hide=1.3")
    # the link reopens the same board
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@4;hide=1.3")
    live_page.reload()
    wait_mounted(live_page)
    assert root.get_attribute("data-step") == "4"
    reopened = hands(live_page)
    assert set(reopened[1]) == {"??"} and set(reopened[3]) == {"??"} and "??" not in reopened[0]
    # shown again
    root.locator('[data-action="toggle-hand"][data-seat="3"]').click()
    assert "??" not in hands(live_page)[3]
    assert live_page.evaluate("() => location.hash") == f"#{SID}@4;hide=1"


def test_a_link_copied_in_a_seat_view_reopens_in_that_view(live_page: Any, site_server: SiteServer) -> None:
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@2")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    root.locator('[data-role="view"]').select_option("0")
    assert live_page.evaluate("() => location.hash") == f"#{SID}@2;view=0"
    live_page.goto(f"{site_server.url}index.html")
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@2;view=0")
    wait_mounted(live_page)
    assert root.locator('[data-role="view"]').input_value() == "0"
    shown = hands(live_page)
    assert "??" not in shown[0] and all(set(h) <= {"??"} for h in shown[1:])
    # a link to a step only keeps the author's view
    live_page.goto(f"{site_server.url}index.html")
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@2")
    wait_mounted(live_page)
    assert root.locator('[data-role="view"]').input_value() == "all"
