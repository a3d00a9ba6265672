"""The engine's memory snapshot, kept in the tests' browsers as a returning reader's browser keeps it.

A fresh start of the live engine (Pyodide instantiated, Python started, the engine imported) costs some
4.5 s of CPU here; a start from the memory snapshot an earlier start kept (snapshot.js) some 1.2 s, and
putting the snapshot in place some 0.9 s more. Most live tests check what the engine does once it is
live, not how it starts, so they run in a browser that has been live on the site before: the snapshot is
made once per test run by the site's own code (a start on an embed page, then live.js's snapshot
worker), and its Cache Storage entry, read back as the browser kept it, is put into a test's context
when a page of it first starts the engine (``seed_script``). The tests of the first start (marked
``first_visit``) and of keeping itself (``keeping``) start without it; test_snapshot.py checks that a
start from a kept snapshot plays as the build does.

The snapshot is made by the first test worker that needs it and shared with the others through a file
(``make_or_load``), under a lock.
"""

from __future__ import annotations

import base64
import fcntl
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Where the test server answers with the kept snapshot's bytes (under the site's prefix, not logged:
# no page of the site asks for it).
SEED_PATH = "__tests__/kept-snapshot.bin"
# The page whose viewer goes live to have the snapshot made: one viewer, a small page.
MAKER_PAGE = "embed/bettelmann/basics.html"
MAKE_MS = 240_000  # a fresh start, live.js's delay, then a second fresh start that makes the snapshot
CHUNK = 4 << 20  # bytes per evaluate() when reading the snapshot back out of the browser


@dataclass(frozen=True)
class Kept:
    """The Cache Storage entry the site's code made: its cache, its URL's path, its headers; its bytes
    in ``data``."""

    cache: str
    path: str  # the entry's URL without the origin (each test worker serves the site on its own port)
    headers: dict[str, str]
    data: Path


FIND_ENTRY = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) found.push([name, request.url]);
  }
  return found;
}"""

HOLD_ENTRY = """async ([name, url]) => {
  const response = await (await caches.open(name)).match(url);
  window.__keptSnapshot = await response.blob();
  return {size: window.__keptSnapshot.size, headers: Object.fromEntries(response.headers)};
}"""

READ_CHUNK = """([start, end]) => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(reader.result.slice(reader.result.indexOf(",") + 1));
  reader.onerror = () => reject(reader.error);
  reader.readAsDataURL(window.__keptSnapshot.slice(start, end));
})"""


def make(browser: Any, site_url: str, origin: str, data: Path) -> Kept:
    """Go live on MAKER_PAGE in a context of its own, wait for live.js's snapshot worker to keep the
    snapshot, and read the entry back: its bytes to ``data``."""
    context = browser.new_context(bypass_csp=True, service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url + MAKER_PAGE)
        page.locator('.oldtricks-widget [data-action="go-live"]').first.click()
        page.wait_for_function(
            "() => ['stored', 'not stored'].includes(document.documentElement.dataset.otSnapshot)",
            timeout=MAKE_MS,
        )
        state = page.evaluate("() => document.documentElement.dataset.otSnapshot")
        found = page.evaluate(FIND_ENTRY)
        if state != "stored" or len(found) != 1:
            raise RuntimeError(f"no memory snapshot kept on {MAKER_PAGE}: {state}, entries {found}")
        cache, url = found[0]
        held = page.evaluate(HOLD_ENTRY, [cache, url])
        with data.open("wb") as out:
            for start in range(0, held["size"], CHUNK):
                out.write(base64.b64decode(page.evaluate(READ_CHUNK, [start, start + CHUNK])))
        if data.stat().st_size != held["size"]:
            raise RuntimeError(f"the kept snapshot read back as {data.stat().st_size} of {held['size']} bytes")
        return Kept(cache, url.removeprefix(origin), held["headers"], data)
    finally:
        context.close()


def make_or_load(browser: Any, site_url: str, origin: str, shared: Path) -> Kept:
    """The snapshot of this test run: made by the first worker to ask, read from ``shared`` by the rest."""
    shared.mkdir(parents=True, exist_ok=True)
    meta, data = shared / "kept-snapshot.json", shared / "kept-snapshot.bin"
    with (shared / "kept-snapshot.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if meta.is_file():
            fields = json.loads(meta.read_text(encoding="utf-8"))
            return Kept(fields["cache"], fields["path"], fields["headers"], data)
        kept = make(browser, site_url, origin, data)
        fields = {"cache": kept.cache, "path": kept.path, "headers": kept.headers}
        meta.write_text(json.dumps(fields), encoding="utf-8")
        return kept


# An init script (the arguments filled in by seed_script): when the page starts the live engine's worker,
# the kept snapshot is first put where the site's code looks for it (once per context; the worker is
# made once that is done, and what the page asked of it meanwhile is passed on in order). Only pages that
# go live pay for it.
SEED = """((origin, cache, path, headers, seed) => {
  const Real = window.Worker;
  if (!Real || location.origin !== origin || typeof caches === "undefined") return;
  const key = origin + path;
  const put = async () => {
    const store = await caches.open(cache);
    if (await store.match(key)) return;
    const response = await fetch(seed, {cache: "no-store"});
    await store.put(key, new Response(response.body, {headers}));  // streamed: a third less work
  };
  window.Worker = function (url, options) {
    if (!options || options.name !== "oldtricks-live") return new Real(url, options);
    let real = null;
    const calls = [];
    const later = (name) => (...args) => (real ? real[name](...args) : calls.push([name, args]));
    put().catch((err) => console.warn("kept snapshot not seeded:", err && err.message)).then(() => {
      real = new Real(url, options);
      for (const [name, args] of calls) real[name](...args);
    });
    return {addEventListener: later("addEventListener"), removeEventListener: later("removeEventListener"),
            postMessage: later("postMessage"), terminate: later("terminate")};
  };
})"""


def seed_script(kept: Kept, origin: str, seed_url: str) -> str:
    """The init script that keeps ``kept`` in a test's context, fetched from ``seed_url``."""
    args = ", ".join(json.dumps(v) for v in (origin, kept.cache, kept.path, kept.headers, seed_url))
    return f"{SEED}({args})"
