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


WIDE = "Scoring, deal by deal"  # Drużbart's score table: wider than its box on a desktop and on a phone
BOX = f"""() => {{
  const box = [...document.getElementById("{SID}").querySelectorAll(".ot-panel")]
    .find((el) => el.getAttribute("aria-label") === "{WIDE}");
  const style = getComputedStyle(box);
  return {{wide: box.scrollWidth > box.clientWidth, left: box.scrollLeft, tabindex: box.tabIndex,
    attachments: style.backgroundAttachment, images: style.backgroundImage,
    focused: document.activeElement === box, step: box.closest(".oldtricks-widget").dataset.step}};
}}"""


@pytest.mark.parametrize("width", [1280, 390])
def test_a_wide_table_shows_that_it_scrolls_and_scrolls_by_keyboard(
    live_page: Any, site_server: SiteServer, width: int
) -> None:
    live_page.set_viewport_size({"width": width, "height": 844})
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@0")
    wait_mounted(live_page)
    live_page.locator(f'[id="{SID}"] .ot-panel[aria-label="{WIDE}"]').focus()
    box = live_page.evaluate(BOX)
    assert box["wide"] and box["tabindex"] == 0 and box["focused"], box  # a named scroller the keyboard reaches
    # the sign that it scrolls: a shade at each side (fixed to the box), covered at an end (moving with the table)
    assert box["attachments"].startswith("local, local, scroll, scroll"), box
    assert box["images"].count("radial-gradient") == 2, box
    live_page.keyboard.press("ArrowRight")  # the box's key where it can scroll that way: not a step
    moved = live_page.evaluate(BOX)
    assert moved["left"] > 0 and moved["step"] == box["step"] and moved["focused"], moved
    live_page.keyboard.press("ArrowLeft")
    back = live_page.evaluate(BOX)
    assert back["left"] == 0 and back["step"] == box["step"], back
    # ↑ and ↓: the box cannot scroll that way, so they are the viewer's keys (a trick back: still step 0; on)
    live_page.keyboard.press("ArrowUp")
    assert live_page.evaluate(BOX)["step"] == box["step"]
    live_page.keyboard.press("ArrowDown")
    assert live_page.evaluate(BOX)["step"] != box["step"]
