"""No layout shift: the cumulative layout shift of a page's first seconds (viewers and sandboxes started),
as Chromium's PerformanceObserver counts it, stays under 0.02. The measure, and the test that it sees a
shift; every page is measured at a desktop's width and a phone's by test_every_page.py."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import Guard, SiteServer, site_pages

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


def test_the_measure_sees_a_shift(live_page: Any, site_server: SiteServer, guard: Guard) -> None:
    """Also in a tab that another tab opened after it."""
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
