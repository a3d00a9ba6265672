"""Links keep everything: *Link* on a rules page, from a side line with a hand hidden, another seat's
view and the analysis on, copies an address on the same page (never the sandbox's) that opens exactly
that state again: the same line, step, view, hidden hands and analysis."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, embedded, wait_mounted

pytestmark = pytest.mark.browser

LIVE_MS = 90_000
PAGE = "drogue.html"
SID = "drogue/example"

STATE = """async (sid) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const w = (await import(src)).widgets.get(sid);
  return {moves: w.frames.map((f) => f.move), step: w.stepOf(w.index), side: w.lines.currentId !== "main",
    hidden: [...w.hidden].sort(), view: w.view, analysing: !!w.live.analysing};
}"""


def ready(page: Any) -> None:
    page.wait_for_selector(f'.oldtricks-widget[id="{SID}"][data-ready="live"]', timeout=LIVE_MS)
    page.wait_for_function(f"() => !document.getElementById('{SID}').hasAttribute('aria-busy')", timeout=LIVE_MS)


def copied(root: Any) -> str:
    """The address the Link button gave: in its message, or in the field shown to copy it from."""
    root.locator('[data-action="copy-link"]').click()
    message = root.locator('[data-role="message"]').first
    message.wait_for()
    field = root.locator('[data-role="link-field"]')
    if field.count():
        return str(field.input_value())
    text: str = message.locator(".ot-msg-text").text_content()
    assert text.startswith("Link copied: "), text
    return text.removeprefix("Link copied: ")


def test_a_link_from_a_side_line_reopens_all_of_it(live_page: Any, site_server: SiteServer) -> None:
    book = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]["frames"]
    at = next(f for f in book if f["step"] > 7 and len(f["legal"]) >= 2 and f["step"] + 1 < len(book))
    step, seat = at["step"], at["turn"]
    other = next(m for m in at["legal"] if m != book[step + 1]["move"])
    live_page.emulate_media(reduced_motion="reduce")
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@{step}")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    root.locator('[data-action="go-live"]').click()
    ready(live_page)
    root.locator(f'.ot-hand button[data-card="{other}"][data-seat="{seat}"]').click()
    ready(live_page)
    hide = (seat + 1) % 4
    root.locator(f'[data-action="toggle-hand"][data-seat="{hide}"]').click()
    root.locator('[data-role="view"]').select_option(str(seat))
    root.locator('[data-action="analysis"]').click()
    ready(live_page)
    # the engine's answer drawn (not busy can come before the analysis has even begun asking)
    root.locator('[data-role="analysis"]:is([data-state="done"], [data-state="none"])').wait_for(timeout=LIVE_MS)
    shown = live_page.evaluate(STATE, SID)
    assert shown["side"] and shown["analysing"] and shown["hidden"] == [hide], shown
    # while it worked, the analysis said what it was doing, in the engine's words
    plans = live_page.evaluate(f"""async () => {{
      const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
      return [...(await import(src)).widgets.get('{SID}').live.plans.values()];
    }}""")
    assert plans and all(p.startswith("The solver is playing out each of ") for p in plans), plans

    url = copied(root)
    assert url.startswith(f"{site_server.url}{PAGE}#{SID}@{shown['step']};"), url  # this page, not the sandbox
    for part in (";line=", f";hide={hide}", ";analysis=on"):
        assert part in url, (part, url)

    again = live_page.context.new_page()
    try:
        again.emulate_media(reduced_motion="reduce")
        again.goto(url)
        wait_mounted(again)
        ready(again)
        widget = f'.oldtricks-widget[id="{SID}"]'
        again.wait_for_selector(
            f'{widget} [data-action="analysis"][aria-pressed="true"]', state="attached", timeout=LIVE_MS
        )
        again.wait_for_selector(f'{widget} .ot-ml-current:not([data-line="main"])', state="attached", timeout=LIVE_MS)
        ready(again)
        assert again.evaluate(STATE, SID) == shown
    finally:
        again.close()
