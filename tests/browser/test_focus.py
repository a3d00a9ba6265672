"""The viewer keeps the keyboard, and a host page never moves. While the focus is in a viewer, no key
leaves the page (the theme's ← and → turn pages), scrolls it, or scrolls the page of a frame's host, and
the focus stays in the viewer: a control that becomes disabled (Next at the last step) hands it to the
viewer. In a frame (an embed page in a host page with text above and below), a lesson answered, going
live, a side line, the analysis and another reading leave the host's scroll and focus alone."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, embedded, wait_mounted

pytestmark = pytest.mark.browser

LIVE_MS = 90_000  # as in test_live.py: a loaded machine starts Pyodide slowly
PAGE = "drogue.html"  # its neighbours in the theme's order: ← and → on the body would leave for them
SID = "drogue/example"
EMBED = f"embed/{SID}.html"
HOST_TOP = 1200  # the host page's text above the frame, scrolled past so that the frame is in view

HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A course page</title></head>
<body style="margin:0"><div style="height:{top}px">Reading above</div>
<iframe name="viewer" src="{src}" title="Game viewer" width="1000" height="700" style="border:0;display:block"></iframe>
<div style="height:3000px">Reading below</div></body></html>"""

# Every key a reader might press in a viewer: the stepping keys, the page's scrolling keys, help.
KEYS = ["ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "ArrowUp", "ArrowDown", "Space", "?", "Escape"]

# The viewer at its first or last step, not playing, help closed, the focus on `part` (the viewer, or
# one of its controls by data-action).
AT = """async ([sid, end, part]) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const w = (await import(src)).widgets.get(sid);
  w.stopPlay();
  w.help.el.hidden = true;
  w.show(end === "first" ? 0 : w.frames.length - 1);
  const el = part ? w.root.querySelector(`[data-action="${part}"]`) : w.root;
  el.focus({preventScroll: true});
  return document.activeElement === el && !el.disabled;
}"""

# Where a page stands: its address, its scroll, and where its focus is.
WHERE = """(sid) => {
  const a = document.activeElement, root = sid ? document.getElementById(sid) : null;
  return {path: location.pathname, scroll: [window.scrollX, window.scrollY],
          focus: root && root.contains(a) ? "viewer" : a.tagName + (a.id ? "#" + a.id : ""),
          step: root ? root.dataset.step : null};
}"""

# a frame and a tenth of a second: a late scroll, a focus dropped by the browser, would have come
SETTLE = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100)))"


def host_page(page: Any, site_server: SiteServer, address: str, below: int = 40) -> Any:
    """A host page with text above and below the embed page's frame, scrolled so that the frame's top is
    `below` px from the window's; the frame."""
    host = f"{site_server.url}course-{len(address)}.html"
    body = HOST.format(top=HOST_TOP, src=EMBED + address)
    page.route(host, lambda route: route.fulfill(content_type="text/html", body=body))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(host)
    frame = page.frame(name="viewer")
    frame.wait_for_selector(f'.oldtricks-widget[id="{SID}"][data-ready="static"]', timeout=15_000)
    page.evaluate(f"window.scrollTo(0, {HOST_TOP - below})")
    return frame


def viewer_page(page: Any, site_server: SiteServer, where: str) -> tuple[Any, Any]:
    """The viewer on its rules page, or in a frame of a host page: (the page that holds it, the host)."""
    if where == "frame":
        return host_page(page, site_server, ""), page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_server.url}{PAGE}#{SID}@0")
    wait_mounted(page)
    return page.main_frame, page


def check_still(own: Any, host: Any, own_before: dict[str, Any], host_before: dict[str, Any], what: str) -> None:
    own.evaluate(SETTLE)
    now = own.evaluate(WHERE, SID)
    assert now["path"] == own_before["path"], f"{what}: left the page"
    assert now["scroll"] == own_before["scroll"], f"{what}: the page scrolled"
    assert now["focus"] == "viewer", f"{what}: the focus went to {now['focus']}"
    if host is not own:
        host_now = host.evaluate(WHERE, None)
        assert host_now == host_before, f"{what}: the host page moved ({host_before} -> {host_now})"


@pytest.mark.parametrize("where", ["page", "frame"])
def test_no_key_leaves_scrolls_or_drops_the_focus(live_page: Any, site_server: SiteServer, where: str) -> None:
    own, host_page_ = viewer_page(live_page, site_server, where)
    host = host_page_.main_frame
    for end, parts in (("first", [None, "next"]), ("last", [None, "prev"])):
        for part in parts:
            for key in KEYS:
                assert own.evaluate(AT, [SID, end, part]), (end, part)
                own.evaluate(SETTLE)
                before, host_before = own.evaluate(WHERE, SID), host.evaluate(WHERE, None)
                live_page.keyboard.press(key)
                check_still(own, host, before, host_before, f"{key} at the {end} step on {part or 'the viewer'}")
    # the theme's ← on the page's body would have left for the page before: the viewer has it
    assert own.evaluate(WHERE, SID)["path"].endswith(PAGE if where == "page" else EMBED)


@pytest.mark.parametrize("where", ["page", "frame"])
def test_a_control_that_becomes_disabled_hands_the_focus_to_the_viewer(
    live_page: Any, site_server: SiteServer, where: str
) -> None:
    own, host_page_ = viewer_page(live_page, site_server, where)
    host = host_page_.main_frame
    last = len(embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]["frames"]) - 1
    for end, button, back, step in (("last", "next", "ArrowLeft", last - 1), ("first", "prev", "ArrowRight", 1)):
        assert own.evaluate(AT, [SID, end, None])
        live_page.keyboard.press(back)  # one step in from the end, the focus on the viewer
        assert own.evaluate(WHERE, SID)["step"] == str(step)
        own.evaluate(f"() => document.getElementById('{SID}').querySelector('[data-action={button}]').focus()")
        before, host_before = own.evaluate(WHERE, SID), host.evaluate(WHERE, None)
        live_page.keyboard.press("Enter")  # the button steps to the end and is disabled
        own.wait_for_function(f"() => document.querySelector('[id=\"{SID}\"] [data-action={button}]').disabled")
        check_still(own, host, before, host_before, f"{button} pressed to the {end} step")
        assert own.evaluate("() => document.activeElement.id") == SID
        live_page.keyboard.press(back)  # the viewer's key, not the theme's: one step back in, on the same page
        check_still(own, host, before, host_before, f"{back} after {button} was disabled")
        assert own.evaluate(WHERE, SID)["step"] == str(step)


# The reader's press of Enter on a control of the framed viewer, found by `selector`: focused first
# without scrolling (a pointer's click would be the reader's own scroll; the keyboard moves nothing).
FOCUS = "(selector) => { const el = document.querySelector(selector); el.focus({preventScroll: true}); return !!el; }"
CHOOSE = """([selector, value]) => {
  const select = document.querySelector(selector);
  select.focus({preventScroll: true});
  select.value = value;
  select.dispatchEvent(new Event("change", {bubbles: true}));
}"""
SHOW = """async ([sid, step]) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const w = (await import(src)).widgets.get(sid);
  w.jumpToIndex(w.indexOfStep(step));
}"""


def live_ready(frame: Any) -> None:
    frame.wait_for_selector(f'.oldtricks-widget[id="{SID}"][data-ready="live"]', timeout=LIVE_MS)
    frame.wait_for_function(f"() => !document.getElementById('{SID}').hasAttribute('aria-busy')", timeout=LIVE_MS)


@pytest.mark.long
def test_a_framed_viewer_used_every_way_leaves_its_host_alone(live_page: Any, site_server: SiteServer) -> None:
    book = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]["frames"]
    asked = next(f for f in book if f["ask"])
    # a later step where the seat to play has another card than the book's: a side line
    at = next(f for f in book[asked["step"] + 1 : -1] if len([m for m in f["legal"] if len(m) == 2]) >= 2)
    other = next(m for m in at["legal"] if len(m) == 2 and m != book[at["step"] + 1]["move"])
    live_page.emulate_media(reduced_motion="reduce")
    # the frame half in the window: its table below the window's foot, where a scroll to it from the frame
    # (scrollIntoView) would scroll the host too
    frame = host_page(live_page, site_server, f"#@{asked['step']}", below=500)
    host = live_page.main_frame
    viewer = f'[id="{SID}"]'
    assert frame.evaluate(FOCUS, viewer)
    host_before = host.evaluate(WHERE, None)
    assert host_before["focus"] == "IFRAME" and host_before["scroll"] == [0, HOST_TOP - 500]

    def press(selector: str, what: str, key: str = "Enter") -> None:
        assert frame.evaluate(FOCUS, selector), what
        live_page.keyboard.press(key)

    def still(what: str) -> None:
        frame.evaluate(SETTLE)
        assert host.evaluate(WHERE, None) == host_before, what
        assert frame.evaluate(WHERE, SID)["focus"] == "viewer", what

    # a lesson: a wrong card (if the question leaves one), then the answer
    for wrong in [m for m in asked["legal"] if m != asked["ask"]["answer"]][:1]:
        press(f'{viewer} .ot-hand button[data-card="{wrong}"]', "a wrong card")
        frame.wait_for_function(f"() => document.querySelector('{viewer} [data-role=lesson-reply]').textContent")
        still("a wrong answer")
    press(f'{viewer} .ot-hand button[data-card="{asked["ask"]["answer"]}"]', "the answer")
    still("the right answer")
    # live from a later step; another card than the book's: a side line
    frame.evaluate(SHOW, [SID, at["step"]])
    press(f'{viewer} [data-action="go-live"]', "Play from here")
    live_ready(frame)
    still("going live")
    press(f'{viewer} .ot-hand button[data-card="{other}"][data-seat="{at["turn"]}"]', "another card")
    live_ready(frame)
    frame.wait_for_selector(f'{viewer} [data-action="main-line"]:visible', timeout=LIVE_MS)
    still("a side line")
    for key in KEYS[:-3]:  # the keys on a card of the live board: they move among the cards, or step
        legal = f"{viewer} .ot-table-slot button.ot-legal:not(:disabled)"
        if frame.locator(legal).count():
            press(legal, f"{key} on a card", key)
            live_ready(frame)
            still(f"{key} on a card")
    press(f'{viewer} [data-action="analysis"]', "Analysis")
    frame.wait_for_selector(f'{viewer} [data-role="analysis"][data-state="done"]', timeout=LIVE_MS)
    still("the analysis")
    # another reading: the options opened, one chosen
    press(f'{viewer} details[data-role="options"] summary', "the options")
    # its controls are built in the fold's toggle event, which comes after the key press
    frame.wait_for_selector(f'{viewer} select[data-option="order"]', timeout=LIVE_MS)
    frame.evaluate(CHOOSE, [f'{viewer} select[data-option="order"]', "natural"])
    frame.wait_for_function(f"() => document.getElementById('{SID}').dataset.divergeStep", timeout=LIVE_MS)
    live_ready(frame)
    still("another reading")
