"""The live engine's memory snapshot, kept in the browser (snapshot.js): the first start makes it and
keeps it in the runtime's cache; the next start, on another page, comes from it and gives the build's
frames, the strong bots and the analysis too; a damaged snapshot falls back to a fresh start, which
keeps a sound one again."""

from __future__ import annotations

import json
from typing import Any

import keptsnapshot
import pytest
from keptsnapshot import Kept

from conftest import Guard, SiteServer, embedded, site_pages, wait_mounted
from test_live import SAME_FRAMES

pytestmark = [pytest.mark.browser, pytest.mark.keeping]

LIVE_MS = 90_000
FIRST = "bettelmann.html"
SNAPSHOT_NAME = "oldtricks-snapshot-1.bin"  # snapshot.js

# The snapshot entry as the page sees it: its length, the length its header promises, its first bytes
# (the magic number and Pyodide's build id).
ENTRY = """async ([cache, name]) => {
  if (!(await caches.has(cache))) return null;
  for (const request of await (await caches.open(cache)).keys()) {
    if (!request.url.endsWith("/" + name)) continue;
    const response = await (await caches.open(cache)).match(request);
    const data = new Uint8Array(await response.arrayBuffer());
    return {url: request.url, bytes: data.byteLength, head: Array.from(data.subarray(0, 4)),
            header: Number(response.headers.get("X-Oldtricks-Bytes"))};
  }
  return null;
}"""

# Replace the kept snapshot by `bytes` bytes: its first ones zeroed (no magic number), or the whole of
# it cut short while its header still promises the full length.
DAMAGE = """async ([cache, url, how]) => {
  const store = await caches.open(cache);
  const response = await store.match(url);
  const data = new Uint8Array(await response.arrayBuffer());
  const header = response.headers.get("X-Oldtricks-Bytes");
  const damaged = how === "truncated" ? data.slice(0, data.length >> 1) : data.fill(0, 0, 4096);
  await store.put(url, new Response(damaged, {headers: {"X-Oldtricks-Bytes": header}}));
}"""

# Put a snapshot's bytes, fetched from the test server, into the runtime's cache under the entry's URL.
PUT = """async ([cache, url, headers, seed]) => {
  const response = await fetch(seed, {cache: "no-store"});
  await (await caches.open(cache)).put(url, new Response(await response.arrayBuffer(), {headers}));
}"""
ENGINE_INFO = """async () => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const { getEngine } = await import(new URL("live.js", src).href);
  return (await getEngine()).info;
}"""

# The restored engine at work beyond opening tables: a strong bot's move, and the analysis of a step.
STRONG_AND_ANALYSIS = """async ([key, spec, step, move, bots]) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const { getEngine } = await import(new URL("live.js", src).href);
  const engine = await getEngine();
  const opened = await engine.open(key, spec, {});
  const played = await engine.play(key, step, move, bots, "strong");
  const analysed = await engine.call("analyse", {key, step});
  return {opened: opened.ok, played: played.ok ? played.frames.length : played.error, analysed: analysed.ok};
}"""


FILES_WRITTEN = """async () => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const { getEngine } = await import(new URL("live.js", src).href);
  const r = await (await getEngine()).call("engine_files", {});
  if (!r.ok) throw new Error(r.error);
  return r.written;
}"""


def _cache(site_server: SiteServer) -> str:
    manifest = json.loads((site_server.root / "_static" / "oldtricks" / "runtime.json").read_text(encoding="utf-8"))
    assert manifest["cache"] == f"oldtricks-{manifest['pyodide_version']}-{manifest['runtime_sha256'][:16]}"
    return str(manifest["cache"])


def _start(page: Any, url: str) -> str:
    """Open the page, start its engine, and say where its start came from (worker.js's info.snapshot)."""
    page.goto(url)
    wait_mounted(page)
    info = page.evaluate(ENGINE_INFO)
    shown = page.evaluate("document.documentElement.dataset.otSnapshot")
    assert shown in (info["snapshot"], "stored", "not stored"), (shown, info)
    return str(info["snapshot"])


def _stored(page: Any) -> None:
    page.wait_for_selector('html[data-ot-snapshot="stored"]', state="attached", timeout=LIVE_MS)


def _busiest_page(site_server: SiteServer) -> tuple[str, dict[str, Any]]:
    pages = {
        name: embedded((site_server.root / name).read_text(encoding="utf-8")) for name in site_pages(site_server.root)
    }
    name = max(sorted(pages), key=lambda n: len(pages[n]))
    return name, pages[name]


def test_the_next_start_comes_from_the_snapshot_and_plays_as_the_build(
    live_page: Any, site_server: SiteServer, guard: Guard
) -> None:
    cache = _cache(site_server)
    assert _start(live_page, site_server.url + FIRST) == "none"
    fresh = live_page.evaluate(ENGINE_INFO)["ms"]
    assert fresh["python"] <= fresh["unpacked"] <= fresh["engine"], fresh  # a fresh start writes them first
    assert live_page.evaluate(FILES_WRITTEN) is True
    _stored(live_page)
    entry = live_page.evaluate(ENTRY, [cache, SNAPSHOT_NAME])
    assert entry is not None, "no snapshot kept in the runtime's cache"
    assert entry["bytes"] == entry["header"] > 16 * 1024 * 1024, entry

    name, data = _busiest_page(site_server)
    page = guard.attach(live_page.context.new_page())
    try:
        assert _start(page, site_server.url + name) == "restored"
        got = page.evaluate(SAME_FRAMES)
        assert [w["id"] for w in got] == list(data), name
        for w in got:
            assert w["ok"] and w["stopped"] is None, (name, w)
            assert w["live"] is None, (name, w["id"], f"restored live and build frames differ at {w['live']}")
        # a strong bot and the analysis, from the restored engine
        sid, scenario = next(iter(data.items()))
        frame = [f for f in scenario["frames"] if f["legal"]][-1]  # near the end: the solver is quick there
        bots = [seat for seat in range(len(frame["seats"])) if seat != frame["turn"]]
        args = [sid, scenario["spec"], frame["step"], frame["legal"][0], bots]
        result = page.evaluate(STRONG_AND_ANALYSIS, args)
        assert result["opened"] and isinstance(result["played"], int) and result["analysed"], result
        # the restored start went live without writing the engine's files, which come a moment later
        info = page.evaluate(ENGINE_INFO)
        assert "unpacked" not in info["ms"] and info["ms"]["engine"] >= info["ms"]["python"], info
        page.wait_for_function(FILES_WRITTEN, timeout=10_000)
    finally:
        page.close()
    # the restored start kept the snapshot as it was
    assert live_page.evaluate(ENTRY, [cache, SNAPSHOT_NAME]) == entry


@pytest.mark.parametrize("how", ["truncated", "overwritten"])
def test_a_damaged_snapshot_falls_back_to_a_fresh_start(
    live_page: Any, site_server: SiteServer, guard: Guard, how: str, kept_snapshot: Kept
) -> None:
    cache = _cache(site_server)
    # the snapshot this run's first start kept (keptsnapshot.py; test above: how a first start keeps it),
    # put where the site's code looks for it, as a returning reader's browser holds it
    live_page.goto(site_server.url + FIRST)
    live_page.evaluate(
        PUT,
        [
            kept_snapshot.cache,
            site_server.origin + kept_snapshot.path,
            kept_snapshot.headers,
            site_server.url + keptsnapshot.SEED_PATH,
        ],
    )
    entry = live_page.evaluate(ENTRY, [cache, SNAPSHOT_NAME])
    assert entry is not None and entry["bytes"] == entry["header"] == kept_snapshot.data.stat().st_size, entry
    live_page.evaluate(DAMAGE, [cache, entry["url"], how])
    assert live_page.evaluate(ENTRY, [cache, SNAPSHOT_NAME]) != entry

    page = guard.attach(live_page.context.new_page())
    try:
        # refused, the start goes on afresh, and a sound snapshot replaces the damaged one
        assert _start(page, site_server.url + FIRST) == "none"
        _stored(page)
        again = page.evaluate(ENTRY, [cache, SNAPSHOT_NAME])
        assert (again["bytes"], again["head"]) == (entry["bytes"], entry["head"]), again
        got = page.evaluate(SAME_FRAMES)
        assert got and all(w["ok"] and w["live"] is None for w in got), got
        assert any("memory snapshot" in line for line in guard.console), guard.console
    finally:
        page.close()
