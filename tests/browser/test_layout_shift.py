"""No layout shift: on every page, desktop and phone, the cumulative layout shift of the page's first
seconds (viewers and sandboxes started) stays under 0.02, as Chromium's PerformanceObserver counts it."""

from __future__ import annotations

import time
from typing import Any

import pytest

from conftest import Guard, SiteServer, site_pages, wait_mounted

pytestmark = pytest.mark.browser

LIMIT = 0.02
# Installed before any page script: every layout shift not caused by the reader's input, with the
# elements that moved.
OBSERVE = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.hadRecentInput) continue;
    const moved = e.sources.map((s) => (s.node && s.node.nodeType === 1
      ? `${s.node.tagName.toLowerCase()}.${[...s.node.classList].join(".")}` : String(s.node && s.node.nodeName)));
    window.__shifts.push({value: e.value, moved});
  }
}).observe({type: "layout-shift", buffered: true});
"""


def shifts(page: Any) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = page.evaluate("() => window.__shifts")
    return result


def pages_to_measure(root: Any) -> list[str]:
    """Every page but the embed pages and the text pages past the first of each (one template each; an
    embed page holds one viewer)."""
    pages = site_pages(root)
    embeds = [p for p in pages if p.startswith("embed/")]
    texts = [p for p in pages if p.startswith("text/")]  # one template too, the viewers' text forms
    return [p for p in pages if p.split("/")[0] not in ("embed", "text")] + embeds[:1] + texts[:1]


LATE = 1.0  # seconds a page is watched after it has settled: a late shift (a form, a font) counts too


@pytest.mark.long
@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_no_page_shifts_its_layout(live_page: Any, site_server: SiteServer, guard: Guard, width: int) -> None:
    """Two tabs in turn: while one page is watched for its late second, the next loads in the other
    tab (the second is wall time, so it costs the run nothing but the wait for the slower of the two)."""
    tabs = [live_page, guard.attach(live_page.context.new_page())]
    for tab in tabs:
        tab.set_viewport_size({"width": width, "height": 850})
        tab.add_init_script(OBSERVE)
    found = {}
    watched: tuple[Any, str, float] | None = None  # the tab, its page, when it settled

    def measure(tab: Any, name: str, settled: float) -> None:
        rest = LATE - (time.monotonic() - settled)
        if rest > 0:
            tab.wait_for_timeout(rest * 1000)
        seen = shifts(tab)
        total = sum(s["value"] for s in seen)
        if total >= LIMIT:
            found[name] = (round(total, 4), seen[:4])

    for i, name in enumerate(pages_to_measure(site_server.root)):
        tab = tabs[i % 2]
        tab.goto(site_server.url + name)
        wait_mounted(tab, everything=False)  # the reader's first seconds: the viewers near the screen
        tab.wait_for_load_state("load")
        if watched:
            measure(*watched)
        watched = (tab, name, time.monotonic())
    assert watched, "no page to measure"
    measure(*watched)
    assert not found, f"cumulative layout shift of {LIMIT} or more at {width} px: {found}"


def test_the_measure_sees_a_shift(live_page: Any, site_server: SiteServer, guard: Guard) -> None:
    """Also in a tab that another tab opened after it (as the walk above watches its pages)."""
    guard.attach(live_page.context.new_page()).goto(site_server.url + "glossary.html")
    live_page.add_init_script(OBSERVE)
    live_page.goto(site_server.url + "index.html")
    live_page.evaluate("""() => new Promise((done) => {
      const block = document.createElement("div"); block.style.height = "300px";
      document.querySelector("article").prepend(block);
      requestAnimationFrame(() => requestAnimationFrame(done));
    })""")
    live_page.wait_for_timeout(200)
    assert sum(s["value"] for s in shifts(live_page)) >= LIMIT
