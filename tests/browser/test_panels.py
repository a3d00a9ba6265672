"""Panels drawn from the frame's data: the slate's lines, erased and chalked back, as the engine counts them."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, embedded, wait_mounted

pytestmark = pytest.mark.browser

PAGE, SID = "druzbart.html", "druzbart/game"

SLATE = """(root) => [...root.querySelectorAll(".ot-slate-row")].map((row) => ({
  label: row.querySelector(".ot-slate-label").textContent,
  strokes: row.querySelectorAll("path").length,
  erased: row.querySelectorAll("path.ot-erased").length,
  back: row.querySelectorAll("path.ot-chalked-back").length,
  count: row.querySelector(".ot-slate-count").textContent,
}))"""


def test_slate_draws_erased_and_chalked_back_lines(live_page: Any, site_server: SiteServer) -> None:
    frames = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]["frames"]

    # a step at which one side has had lines chalked back and the other has lost some
    def telling(sides: list[dict[str, Any]]) -> bool:
        return any(s["chalked"] for s in sides) and any(s["left"] < s["total"] for s in sides)

    step = next(f["step"] for f in frames for p in f["panels"] if p["kind"] == "lines" and telling(p["data"]["sides"]))
    [slate] = [p for p in frames[step]["panels"] if p["kind"] == "lines"]
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@{step}")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    assert root.get_attribute("data-step") == str(step)
    drawn = root.evaluate(SLATE)
    want = [
        {
            "label": s["label"],
            "strokes": s["total"],
            "erased": s["total"] - s["left"],
            "back": s["chalked"],
            "count": f"{s['left']} of {s['total']} left" + (f" ({s['chalked']} chalked back)" if s["chalked"] else ""),
        }
        for s in slate["data"]["sides"]
    ]
    assert drawn == want
