"""Readable on a desktop and on a phone: no text drawn smaller than 11 px, the text of the statistics plots
and the pictures (inline SVG) as drawn at that width included. The measure and the tests that it sees
small text (every page is measured at both widths by test_every_page.py), and the back-to-top button."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, open_folds, wait_mounted

pytestmark = pytest.mark.browser

FLOOR = 11.0  # px

# Each visible text's size: the computed font size of its element; inside an SVG picture, the height
# its glyphs are drawn at (a card, a plot or a picture scales with its box). Hidden text (for screen
# readers) is left out; `cards` false leaves out the viewers' inline SVG (their cards are images: see
# SMALL_PLOT_TEXT).
SMALL_TEXT = """({floor, cards}) => {
  const small = {};
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.data.trim() || !el || el.closest(".ot-vh, .visually-hidden, [hidden]")) continue;
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    const inSvg = el.closest("svg");
    if (inSvg && !cards && inSvg.closest(".oldtricks-widget")) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (inSvg) {
      const m = el.getScreenCTM();  // the picture's scale on the screen
      size *= m ? Math.hypot(m.a, m.b) : 1;
    }
    if (size < floor - 0.05) {
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
      const key = `${inSvg ? "svg " : ""}${name} ${size.toFixed(1)}px`;
      small[key] = (small[key] || 0) + 1;
    }
  }
  return small;
}"""


# The statistics plots are SVG files shown by <img>, and so is each card of a viewer (a data: URL,
# cards.js): the smallest font size written in each picture, times the scale the image is drawn at (its
# width on the screen over its own). `cards` false leaves out the viewers' cards (a phone's narrow
# centre groups draw them smaller than 11 px; test_phone.py holds a phone's cards to their own measure),
# and a card not shown is left out as hidden text is; each card picture is read once per drawn width.
SMALL_PLOT_TEXT = """async ({floor, cards}) => {
  const small = {};
  const seen = new Set();
  for (const img of document.querySelectorAll("img[src$='.svg'], img[src^='data:image/svg+xml']")) {
    if (img.closest(".oldtricks-widget")) {
      if (!cards || !img.checkVisibility({visibilityProperty: true})) continue;
      const key = `${img.getAttribute("src")} ${img.getBoundingClientRect().width}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    img.loading = "eager";
    await img.decode();
    const text = await (await fetch(img.src)).text();
    const sizes = [...text.matchAll(/font-size[:=]\\s*"?([0-9.]+)(px)?/g)].map((m) => parseFloat(m[1]));
    if (!sizes.length) continue;
    // a plot in a closed tab or fold is measured as drawn when the reader opens them (outermost first)
    const closed = [];
    for (let p = img.parentElement.closest("[role=tabpanel], [data-ot-fold]"); p;
      p = p.parentElement.closest("[role=tabpanel], [data-ot-fold]")) closed.unshift(p);
    for (const p of closed) {
      if (p.matches("[role=tabpanel]")) {
        if (p.hidden) document.getElementById(p.getAttribute("aria-labelledby")).click();
      } else p.querySelector(':scope > .ot-fold-toggle[aria-expanded="false"]')?.click();
    }
    const drawn = Math.min(...sizes) * img.getBoundingClientRect().width / img.naturalWidth;
    const name = img.closest(".oldtricks-widget") ? img.alt : img.getAttribute("src").split("/").pop().slice(0, 40);
    if (drawn < floor - 0.05) small[`img ${name}`] = Number(drawn.toFixed(1));
  }
  return small;
}"""


def test_the_size_check_sees_small_text(live_page: Any, site_server: SiteServer) -> None:
    live_page.goto(site_server.url + "index.html")
    live_page.evaluate(
        "() => { const p = document.createElement('p'); p.textContent = 'tiny';"
        " p.style.fontSize = '9px'; document.querySelector('article').append(p); }"
    )
    assert live_page.evaluate(SMALL_TEXT, {"floor": FLOOR, "cards": True}) == {"p. 9.0px": 1}
    # and a picture's text drawn small: 12 px in a picture shown at half its size
    live_page.evaluate(
        "() => { document.querySelector('article').insertAdjacentHTML('beforeend', '<svg viewBox=\"0 0 400 40\"'"
        ' + \' width="200"><text class="pic" x="0" y="20" font-size="12">small</text></svg>\'); }'
    )
    assert live_page.evaluate(SMALL_TEXT, {"floor": FLOOR, "cards": False}) == {"p. 9.0px": 1, "svg text.pic 6.0px": 1}
    # and a plot's file drawn at half its width
    plot = "<svg xmlns='http://www.w3.org/2000/svg' width='400' height='40'><text style='font-size: 12px'>x</text>"
    plot += "</svg>"
    live_page.evaluate(
        "(src) => { const img = new Image(); img.src = src; img.width = 200;"
        " document.querySelector('article').append(img); }",
        "data:image/svg+xml," + plot.replace("#", "%23"),
    )
    assert list(live_page.evaluate(SMALL_PLOT_TEXT, {"floor": FLOOR, "cards": True}).values()) == [6.0]


def test_the_size_check_sees_small_cards(live_page: Any, site_server: SiteServer) -> None:
    """A viewer's cards drawn 30 px wide (their corners' 16 of 60 units are 8 px) are found, by their
    names; at a desktop's width they are not; and with `cards` false they are left out."""
    live_page.set_viewport_size({"width": 1280, "height": 900})
    live_page.goto(site_server.url + "druzbart.html#druzbart/basics@6")
    wait_mounted(live_page)
    args = {"floor": FLOOR, "cards": True}
    assert live_page.evaluate(SMALL_PLOT_TEXT, args) == {}
    live_page.evaluate(
        "() => document.querySelector('.oldtricks-widget[id=\"druzbart/basics\"] .ot-shell')"
        ".style.setProperty('--ot-cw', '30px')"
    )
    small = live_page.evaluate(SMALL_PLOT_TEXT, args)
    assert small and all(" of " in name and drawn <= 8.0 for name, drawn in small.items()), small
    assert live_page.evaluate(SMALL_PLOT_TEXT, {"floor": FLOOR, "cards": False}) == {}


# The theme's "Back to top" button, shown as when the reader scrolls up: each of the first viewers put
# under it (its title and controls, then its table); at every point of the button over a viewer, what
# the reader sees is the viewer. Returns the points where the button covers a viewer, and how many were
# checked.
UNDER_BUTTON = """async (count) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const button = document.querySelector(".back-to-top");
  const covered = [];
  let checked = 0;
  for (const root of [...document.querySelectorAll(".oldtricks-widget.ot-mounted")].slice(0, count)) {
    for (const part of [".ot-head", ".ot-controls", ".ot-table"]) {
      const target = root.querySelector(part);
      window.scrollTo({top: target.getBoundingClientRect().top + window.scrollY - 30, behavior: "instant"});
      await frame();
      document.body.classList.add("show-back-to-top");  // what the theme's scroll handler does
      const b = button.getBoundingClientRect(), v = root.getBoundingClientRect();
      if (!b.width) return {covered: ["the button is not shown"], checked};
      for (let x = Math.max(b.left, v.left) + 2; x < Math.min(b.right, v.right) - 1; x += 8) {
        for (let y = Math.max(b.top, v.top) + 2; y < Math.min(b.bottom, v.bottom) - 1; y += 6) {
          checked++;
          const seen = document.elementFromPoint(x, y);
          const where = `${root.id} ${part} at ${Math.round(x)},${Math.round(y)}`;
          if (!root.contains(seen)) covered.push(`${where}: ${seen && seen.tagName} ${seen && seen.className}`);
        }
      }
    }
  }
  return {covered, checked};
}"""


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_the_back_to_top_button_never_covers_a_viewer(live_page: Any, site_server: SiteServer, width: int) -> None:
    live_page.set_viewport_size({"width": width, "height": 800})
    live_page.goto(site_server.url + "druzbart.html")
    wait_mounted(live_page, everything=False)
    open_folds(live_page)  # every viewer of the page shown, as a reader opening each "Watch" line
    wait_mounted(live_page)
    got = live_page.evaluate(UNDER_BUTTON, 3)
    assert got["checked"] > 50, got
    assert not got["covered"], got["covered"][:10]
