"""What a viewer waits for before it can be stepped: widget.js and what it imports. The code that only
some frames need (lesson.js: a frame that asks; panels.js: a frame with panels) comes only to pages
whose viewers have such frames, before they are marked steppable; the code that drives the live
engine (liveplay.js, live.js, worker.js) only with the first click on "Play from here"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conftest import Guard, SiteServer, embedded, site_pages, wait_mounted

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

LIVE_MS = 90_000
PAGE = "bettelmann.html"
SID = "bettelmann/last-three"
# Text that only one module of the widget holds, to find the file that carries it (a chunk, once bundled).
HOLDS = {
    "lesson": "Find the move first",
    "panels": "nothing yet",
    "liveplay": "The scripted moves stop early",
}
# When a viewer is marked steppable: the step it shows and how many panels are drawn beside it.
AT_READY = """(() => {
  window.__atReady = {};
  new MutationObserver((changes) => {
    for (const change of changes) {
      const el = change.target;
      if (el.dataset.ready !== "static" || el.id in window.__atReady) continue;
      const panels = el.querySelector('[data-role="panels"]');
      window.__atReady[el.id] = {step: Number(el.dataset.step), panels: panels ? panels.children.length : -1};
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
})()"""


def file_holding(root: Path, text: str) -> str:
    """The one published script that holds ``text`` (its path below _static/oldtricks/)."""
    folder = root / "_static" / "oldtricks"
    found = [p.relative_to(folder).as_posix() for p in folder.rglob("*.js") if text in p.read_text(encoding="utf-8")]
    assert len(found) == 1, (text, found)
    return found[0]


def fresh_page(browser: Any, guard: Guard) -> Any:
    """A page in a new browser context: nothing cached."""
    context = browser.new_context()
    context.route("**/*", guard.on_route)
    page = guard.attach(context.new_page())
    page.add_init_script(AT_READY)
    return page


def needs(data: dict[str, dict[str, Any]]) -> dict[str, bool]:
    frames = [f for w in data.values() for f in w["frames"]]
    return {"lesson": any(f.get("ask") for f in frames), "panels": any(f.get("panels") for f in frames)}


def test_parts_come_only_to_pages_that_need_them_and_before_the_viewer_is_steppable(
    browser: Any, live_page: Any, site_server: SiteServer, guard: Guard
) -> None:
    # live_page: the guard knows the server's origin, and fails the test on a console error in any page
    root = site_server.root
    files = {part: file_holding(root, text) for part, text in HOLDS.items()}
    pages: dict[tuple[bool, bool], str] = {}
    for name in site_pages(root):
        data = embedded((root / name).read_text(encoding="utf-8"))
        if data:
            need = needs(data)
            pages.setdefault((need["lesson"], need["panels"]), name)
    assert {(True, False), (False, True), (False, False)} <= set(pages), pages
    for name in pages.values():
        data = embedded((root / name).read_text(encoding="utf-8"))
        page = fresh_page(browser, guard)
        start = len(site_server.log)
        page.goto(site_server.url + name)
        wait_mounted(page)
        served = {path.split("?")[0] for _, path, _, _ in site_server.log[start:]}
        for part, wanted in needs(data).items():
            assert any(p.endswith("/_static/oldtricks/" + files[part]) for p in served) == wanted, (name, part)
        assert not any(p.endswith("/_static/oldtricks/" + files["liveplay"]) for p in served), name
        # each viewer was marked steppable with its frame drawn whole: as many panels as the frame has
        at_ready = page.evaluate("window.__atReady")
        assert set(at_ready) == set(data), name
        for sid, seen in at_ready.items():
            frame = next(f for f in data[sid]["frames"] if f["step"] == seen["step"])
            assert seen["panels"] == len(frame.get("panels") or []), (name, sid)
        page.context.close()


def test_live_engine_code_comes_with_the_first_click(live_page: Any, site_server: SiteServer) -> None:
    liveplay = file_holding(site_server.root, HOLDS["liveplay"])
    start = len(site_server.log)
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@0")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    assert root.locator('[data-action="go-live"]').is_visible()  # drawn without the code behind it
    wanted = [f"/_static/oldtricks/{liveplay}", "/_static/oldtricks/live.js", "/_static/oldtricks/worker.js"]

    def served() -> set[str]:
        return {path.split("?")[0] for _, path, _, _ in site_server.log[start:]}

    assert not [w for w in wanted if any(p.endswith(w) for p in served())]
    root.locator('[data-action="go-live"]').click()
    live_page.wait_for_selector(f'.oldtricks-widget[id="{SID}"][data-ready="live"]', timeout=LIVE_MS)
    assert all(any(p.endswith(w) for p in served()) for w in wanted), served()
