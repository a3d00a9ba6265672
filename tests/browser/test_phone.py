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


APART = """(root) => {
  const box = (el) => el.getBoundingClientRect();
  const felt = box(root.querySelector(".ot-felt"));
  const seats = [...root.querySelectorAll(".ot-felt .ot-seat")].map((el) => {
    const r = box(el);
    const name = el.querySelector(".ot-seat-name").textContent;
    return {name, left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  });
  return {felt: {left: felt.left, right: felt.right}, seats};
}"""


@pytest.mark.parametrize("width", [390, 600])
@pytest.mark.parametrize(
    ("doc", "sid", "step"), [("druzbart.html", "druzbart/basics", 8), ("drogue.html", "drogue/example", 10)]
)
def test_seat_boxes_stay_in_their_place_on_narrow_boards(
    live_page: Any, site_server: SiteServer, doc: str, sid: str, step: int, width: int
) -> None:
    """A full hand once made a seat's box wider than its grid column, so East's box covered West's."""
    live_page.set_viewport_size({"width": width, "height": 844})
    live_page.goto(f"{site_server.url}{doc}#{sid}@{step}")
    wait_mounted(live_page)
    got = live_page.locator(f'.oldtricks-widget[id="{sid}"]').evaluate(APART)
    seats = got["seats"]
    assert len(seats) == 4
    for seat in seats:
        assert got["felt"]["left"] <= seat["left"] + 0.5 and seat["right"] <= got["felt"]["right"] + 0.5, got
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            apart = a["right"] <= b["left"] + 0.5 or b["right"] <= a["left"] + 0.5
            apart = apart or a["bottom"] <= b["top"] + 0.5 or b["bottom"] <= a["top"] + 0.5
            assert apart, (a, b)
