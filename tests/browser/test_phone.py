"""On a phone (390 × 844) a four-player board, its step controls and the current trick fit one screen,
and the cards' corners are readable (rank and suit at least 12 px tall), light and dark."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, wait_mounted

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
HEADER = 48  # Furo's sticky header on a phone

# A card is an image of an SVG picture (cards.js): its corner is measured as drawn by putting its
# picture, inline, at the image's drawn size, in a shadow root (no page style reaches it, as none reaches
# into an image), and measuring the corner's rank and the whole corner (rank and suit): [rank, corner] px.
CORNERS = """(root) => {
  const host = document.body.appendChild(document.createElement("div"));
  host.style.cssText = "position: fixed; left: 0; top: 0; visibility: hidden";
  const shadow = host.attachShadow({mode: "open"});
  const corners = [];
  for (const img of root.querySelectorAll(".ot-table img.ot-card-img")) {
    const src = img.getAttribute("src");
    const picture = decodeURIComponent(src.slice(src.indexOf(",") + 1));
    const svg = new DOMParser().parseFromString(picture, "image/svg+xml").documentElement;
    const corner = svg.querySelector("g");
    if (!corner) continue;  // a card's back
    const drawn = img.getBoundingClientRect();
    svg.setAttribute("width", drawn.width);
    svg.setAttribute("height", drawn.height);
    shadow.replaceChildren(document.importNode(svg, true));
    const g = shadow.querySelector("g");
    corners.push([g.querySelector("text").getBoundingClientRect().height, g.getBoundingClientRect().height]);
  }
  host.remove();
  return corners;
}"""

MEASURE = """(root) => {
  const box = (el) => el.getBoundingClientRect();
  window.scrollBy(0, box(root).top - 56);
  const seats = [...root.querySelectorAll("[data-seat-box]")].map(box);
  return {
    controls: box(root.querySelector(".ot-controls")).top,
    next: box(root.querySelector('[data-action="next"]')).bottom,
    trick: box(root.querySelector('[data-role="trick"]')).bottom,
    seats: Math.max(...seats.map((r) => r.bottom)),
    count: seats.length,
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
    root = live_page.locator(f'.oldtricks-widget[id="{sid}"]')
    got = root.evaluate(MEASURE)
    got["corners"] = root.evaluate(CORNERS)
    assert got["count"] == 4
    assert got["controls"] >= HEADER, got
    assert max(got["next"], got["trick"], got["seats"]) <= PHONE["height"], got
    assert got["corners"], "no card faces measured"
    for rank, index in got["corners"]:
        assert rank >= 12 and index >= 12, got["corners"]


def test_the_corner_check_sees_small_cards(live_page: Any, site_server: SiteServer) -> None:
    """The same measure finds every card face shown, and on cards drawn smaller than a phone's (30 px
    wide, where the corner's 16 of 60 units are 8 px) finds their corners too small."""
    live_page.set_viewport_size(PHONE)
    live_page.goto(f"{site_server.url}drogue.html#drogue/example@10")
    wait_mounted(live_page)
    root = live_page.locator('.oldtricks-widget[id="drogue/example"]')
    faces = root.evaluate(
        "(root) => root.querySelectorAll('.ot-table img.ot-card-img:not([alt^=\"face-down\"])').length"
    )
    phone = root.evaluate(CORNERS)
    assert faces and len(phone) == faces, (faces, phone)
    assert min(min(c) for c in phone) >= 12, phone
    root.evaluate("(root) => root.querySelector('.ot-shell').style.setProperty('--ot-cw', '30px')")
    small = root.evaluate(CORNERS)
    assert len(small) == faces and max(rank for rank, _ in small) < 12, small


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
