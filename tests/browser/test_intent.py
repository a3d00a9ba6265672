"""The live engine starts on the reader's intent (intent.js): a pointer over or focus on a live
control, "Try another rule" opened; never on mere page load, and never when the browser asks to save
data."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, wait_mounted

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

PAGE = "bettelmann.html"
LIVE_MS = 90_000
SAVE_DATA = "Object.defineProperty(navigator, 'connection', {value: {saveData: true}, configurable: true})"


def _fetched(site_server: SiteServer, start: int, name: str) -> int:
    return sum(path.split("?")[0].endswith("/" + name) for _, path, _, _ in site_server.log[start:])


# The live workers the page starts, counted as it makes them. (conftest's NO_SNAPSHOT stands in for the
# snapshot's maker, which would fetch the runtime again; its default context has no service worker, which
# would fetch again what went by before it ran.)
COUNT_LIVE = """(() => {
  const Real = window.Worker;
  window.__otLiveWorkers = 0;
  window.Worker = function (url, options) {
    if (options && options.name === "oldtricks-live") window.__otLiveWorkers++;
    return new Real(url, options);
  };
})()"""


def _open(page: Any, site_server: SiteServer) -> int:
    page.add_init_script(COUNT_LIVE)
    start = len(site_server.log)
    page.goto(site_server.url + PAGE)
    wait_mounted(page)
    page.wait_for_load_state("load")
    return start


def _wait_fetched(page: Any, site_server: SiteServer, start: int, name: str) -> None:
    for _ in range(300):
        if _fetched(site_server, start, name):
            return
        page.wait_for_timeout(100)
    pytest.fail(f"{name} was never fetched")


def test_page_load_alone_starts_nothing(live_page: Any, site_server: SiteServer) -> None:
    start = _open(live_page, site_server)
    live_page.wait_for_timeout(1500)
    assert _fetched(site_server, start, "worker.js") == 0
    assert _fetched(site_server, start, "pyodide.asm.wasm") == 0


@pytest.mark.parametrize("how", ["pointer", "focus", "options"])
def test_intent_starts_the_engine_before_the_click(live_page: Any, site_server: SiteServer, how: str) -> None:
    start = _open(live_page, site_server)
    root = live_page.locator(".oldtricks-widget").first
    if how == "pointer":
        root.locator('[data-action="go-live"]').hover()
    elif how == "focus":
        root.locator('[data-action="go-live"]').focus()
    else:  # "Try another rule" opened from the keyboard: focus lands on it too, so open it by script
        live_page.evaluate("""() => {
          const box = document.querySelector('.oldtricks-widget [data-role="options"]');
          box.open = true;
        }""")
    _wait_fetched(live_page, site_server, start, "pyodide.asm.wasm")
    assert _fetched(site_server, start, "worker.js") == 1
    # The engine the click then uses is the one already loading: the runtime is fetched once.
    sid = root.get_attribute("id")
    root.locator('[data-action="go-live"]').click()
    live_page.wait_for_selector(f'.oldtricks-widget[id="{sid}"][data-ready="live"]', timeout=LIVE_MS)
    assert _fetched(site_server, start, "pyodide.asm.wasm") == 1
    assert _fetched(site_server, start, "worker.js") == 1
    assert live_page.evaluate("() => window.__otLiveWorkers") == 1


def test_no_early_start_when_the_browser_asks_to_save_data(live_page: Any, site_server: SiteServer) -> None:
    live_page.add_init_script(SAVE_DATA)
    start = _open(live_page, site_server)
    root = live_page.locator(".oldtricks-widget").first
    root.locator('[data-action="go-live"]').hover()
    root.locator('[data-action="go-live"]').focus()
    live_page.wait_for_timeout(1500)
    assert _fetched(site_server, start, "worker.js") == 0
    sid = root.get_attribute("id")
    root.locator('[data-action="go-live"]').click()  # the click still loads it
    live_page.wait_for_selector(f'.oldtricks-widget[id="{sid}"][data-ready="live"]', timeout=LIVE_MS)
    assert _fetched(site_server, start, "pyodide.asm.wasm") == 1
