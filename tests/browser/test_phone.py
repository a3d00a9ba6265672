"""On a phone (390 × 844) a four-player board, its step controls and the current trick fit one screen,
and the cards' corners are readable (rank and suit at least 12 px tall), light and dark."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, wait_mounted

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
HEADER = 48  # Furo's sticky header on a phone

MEASURE = """(root) => {
  const box = (el) => el.getBoundingClientRect();
  window.scrollBy(0, box(root).top - 56);
  const seats = [...root.querySelectorAll("[data-seat-box]")].map(box);
  const corners = [...root.querySelectorAll(".ot-table .ot-card-svg")].filter((svg) => svg.querySelector("text"))
    .map((svg) => { const g = svg.querySelector("g"); return [box(g.querySelector("text")).height, box(g).height]; });
  return {
    controls: box(root.querySelector(".ot-controls")).top,
    next: box(root.querySelector('[data-action="next"]')).bottom,
    trick: box(root.querySelector('[data-role="trick"]')).bottom,
    seats: Math.max(...seats.map((r) => r.bottom)),
    count: seats.length,
    corners,
  };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(
    ("doc", "sid", "step"), [("druzbart.html", "druzbart/basics", 6), ("drogue.html", "drogue/example", 10)]
)
def test_a_four_player_board_fits_a_phone_screen(
    live_page: Any, site_server: SiteServer, doc: str, sid: str, step: int, scheme: str
) -> None:
    live_page.set_viewport_size(PHONE)
    live_page.emulate_media(color_scheme=scheme)
    live_page.goto(f"{site_server.url}{doc}#{sid}@{step}")
    wait_mounted(live_page)
    got = live_page.locator(f'.oldtricks-widget[id="{sid}"]').evaluate(MEASURE)
    assert got["count"] == 4
    assert got["controls"] >= HEADER, got
    assert max(got["next"], got["trick"], got["seats"]) <= PHONE["height"], got
    assert got["corners"], "no card faces measured"
    for rank, index in got["corners"]:
        assert rank >= 12 and index >= 12, got["corners"]
