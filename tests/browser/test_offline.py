"""The service worker: after a first live start the runtime is kept, the next page goes live from the
cache, the page goes live offline, older caches are removed, and all works with service workers off."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import Guard, SiteServer, wait_mounted

pytestmark = [pytest.mark.browser, pytest.mark.keeping]


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "service_workers": "allow"}  # the tests' default blocks them (conftest.py)


LIVE_MS = 90_000
FIRST, NEXT = "bettelmann.html", "druzbart.html"
RUNTIME = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide.mjs", "pyodide-lock.json")

# Cache Storage as the page sees it: {cache name: [paths]}.
CACHES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  }
  return out;
}"""
# Until the service worker's cache holds every file of the runtime (and the page it was kept from).
KEPT = """async ([names, page]) => {
  for (const name of await caches.keys()) {
    const paths = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    if (names.every((n) => paths.some((p) => p.endsWith("/" + n))) && paths.some((p) => p.endsWith(page))) return true;
  }
  return false;
}"""


def _go_live(page: Any) -> None:
    """Click the first shown viewer's "Play from here" (the others may wait in closed folds) and wait
    until it is live."""
    wait_mounted(page)
    root = page.locator(".oldtricks-widget:visible").first
    sid = root.get_attribute("id")
    root.locator('[data-action="go-live"]').click()
    page.wait_for_selector(f'.oldtricks-widget[id="{sid}"][data-ready="live"]', timeout=LIVE_MS)


def _version(site_server: SiteServer) -> str:
    manifest = json.loads((site_server.root / "_static" / "oldtricks" / "runtime.json").read_text(encoding="utf-8"))
    return f"oldtricks-{manifest['pyodide_version']}-{manifest['runtime_sha256'][:16]}"


def _runtime_requests(site_server: SiteServer, start: int) -> list[tuple[str, str, int, int]]:
    return [entry for entry in site_server.log[start:] if entry[1].split("?")[0].endswith(RUNTIME)]


@pytest.mark.long
def test_the_runtime_is_kept_for_the_next_page_and_offline(live_page: Any, site_server: SiteServer) -> None:
    """One reader's story, with one cold start of the runtime: an older cache of ours and another
    site's cache are there; the first live start keeps the runtime (and removes only our older
    cache); the next page goes live without fetching it; offline, the first page goes live again."""
    live_page.goto(site_server.url + FIRST)
    wait_mounted(live_page)
    live_page.evaluate("""async () => {
      await (await caches.open("oldtricks-0.0.1-0123456789abcdef")).put("old.txt", new Response("old"));
      await (await caches.open("someone-else")).put("theirs.txt", new Response("theirs"));
    }""")
    _go_live(live_page)
    live_page.wait_for_function(KEPT, arg=[list(RUNTIME), FIRST], timeout=LIVE_MS)
    version = _version(site_server)
    # one cache of ours, named by this runtime's version; the older one removed, the other site's kept
    assert sorted(live_page.evaluate(CACHES)) == sorted([version, "someone-else"])
    assert live_page.evaluate("navigator.serviceWorker.controller !== null")  # claimed at once
    # the runtime is kept as it comes; the page's own scripts once the worker has said it kept them
    kept = f'html[data-ot-kept="{version.removeprefix("oldtricks-")}"]'
    live_page.wait_for_selector(kept, state="attached", timeout=LIVE_MS)

    start = len(site_server.log)
    live_page.goto(site_server.url + NEXT)
    _go_live(live_page)
    # (routing every request through the guard turns the HTTP cache off: only Cache Storage is left)
    refetched = [entry for entry in _runtime_requests(site_server, start) if not entry[1].endswith(".json")]
    assert refetched == [], "the next page fetched the runtime again"

    # the page's last requests (a figure that came into view as the viewer went live) are answered first:
    # counted after the switch to offline, one still on its way would read as a request made offline
    live_page.wait_for_load_state("networkidle")
    live_page.context.set_offline(True)
    try:
        start = len(site_server.log)
        live_page.goto(site_server.url + FIRST)
        _go_live(live_page)
        # the browser's own check for a newer service worker is the one request that goes out
        asked = [entry for entry in site_server.log[start:] if not entry[1].endswith("/oldtricks-sw.js")]
        assert asked == [], "offline, yet the server was asked"
        root = live_page.locator('.oldtricks-widget[data-ready="live"]').first
        assert "you play" in root.locator('[data-role="live-status"]').inner_text()
    finally:
        live_page.context.set_offline(False)


def test_without_service_workers_the_site_goes_live_all_the_same(
    browser: Any, site_server: SiteServer, guard: Guard
) -> None:
    guard.origin = site_server.origin
    context = browser.new_context(service_workers="block", bypass_csp=True)
    try:
        context.route("**/*", guard.on_route)
        page = guard.attach(context.new_page())
        page.goto(site_server.url + FIRST)
        _go_live(page)
        assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
        # nothing kept but the engine's memory snapshot (snapshot.js), alone in the runtime's cache
        page.wait_for_selector('html[data-ot-snapshot="stored"]', state="attached", timeout=LIVE_MS)
        kept = page.evaluate(CACHES)
        assert kept == {_version(site_server): [f"{site_server.prefix}_static/pyodide/oldtricks-snapshot-1.bin"]}, kept
    finally:
        context.close()
    guard.check()
