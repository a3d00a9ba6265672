"""Browser benchmark of the site and its live engine: Playwright + Debian's Chromium, cold cache, median of N.

Each run uses a new browser context (empty HTTP cache). Measures:

  first        -- the built site's first page with viewers (bettelmann.html): ms from navigation start
                  until the first ``.oldtricks-widget[data-ready=static]`` (a viewer that can be
                  stepped), and the bytes transferred until then (Resource Timing: every response
                  finished by that time, headers included; from the plain server also by kind: the
                  page's HTML, style sheets, scripts, other), twice: from a plain static server
                  (``plain``) and from one that gzip-encodes text responses as common static hosts
                  do (``gzip``). Both are devserver.make_server with TCP_NODELAY (see plain_server);
  pages        -- the same from the plain server for the other game pages (druzbart.html, drogue.html,
                  drogue-clips.html), with the same targets, and the bytes of each page's HTML;
  bare         -- a minimal page whose module worker imports pyodide.mjs and awaits loadPyodide(),
                  nothing else, on Pyodide as shipped (its full standard library and lock file):
                  ms from navigation start to Python ready, bytes served;
  live         -- live.js getEngine() on a minimal page: ms from navigation start to Python ready,
                  to live (wheel unpacked, oldtricks.live.api imported), bytes served;
  widget       -- on bettelmann.html, "Play from here" clicked by a script (no pointer, so no intent
                  shown before) on the last-three viewer: ms from the click until the viewer is live;
                  then one live move: the round trip of ``engine.play`` (first, and median of 10
                  more), and a click on a card until the viewer shows the new step;
  wire         -- the bytes served until live.js is live, from a plain server and from the server of
                  ``nox -s serve``, which sends the precompressed copies (.br, .gz) the browser takes;
  cached       -- in one visit: bettelmann.html goes live (cold), the service worker keeps the
                  runtime and the engine's memory snapshot is kept, then druzbart.html goes live from
                  that snapshot: ms from each click, the second's bytes, 1 if it did come from the
                  snapshot (``second_restored_share``, 1 or 0 per run), and the snapshot's size;
  intent       -- the pointer rests on "Play from here" 2.5 s before the click: ms from the click to
                  live, cold (no snapshot kept yet), then in the same visit, bettelmann.html opened
                  again once the snapshot is kept, the same from the snapshot (``snapshot_*``), and
                  without intent (a script's click, ``snapshot_no_intent_*``);
  phone        -- each game page on a 390-px phone with the CPU slowed four times: largest contentful
                  paint, total blocking time, and the DOM nodes it starts with;
  stepping     -- on the rules page with the most viewers, its first viewer stepped with Next (up to
                  40 clicks): median ms from the click until the step is drawn and laid out, at
                  1280 px and on the slowed phone, and the same on that scenario's embed page (its
                  only viewer), as a ratio (``*_to_embed_ratio``); and the main thread's CPU ms per
                  step, the steps drawn in one task and not slowed (``*_step_cpu_ms``);
  parting      -- live, where two readings part (the engine's ``compare``) on a 40-step scenario under
                  another rule, beside opening that table under the rule, in the same page (a ratio);
  analysis     -- at the first trick of every game (Bettelmann, Drużbart, Clock Druzbart, Drogue: a
                  viewer on its rules page opened at its first step where a card is played), the
                  viewer goes live, then the Analysis toggle is turned on: ms from that click until
                  the panel says what the engine is doing, until the first values are drawn (the
                  first look a few tricks ahead, or the answer where there is none), and until the
                  answer for the whole deal is drawn;
  glance       -- Analysis at a glance: the same viewers (Bettelmann's at its last three cards, the only ones
                  it plays with a choice) live at their first card step, Analysis on, then stepped on with
                  Next to the end, each step once the one before is answered: at every step where the
                  player to move has a choice of cards, ms from the click until every legal card's value
                  is drawn on the card (a first look's counts), and until the whole deal's values are in;
                  per game the median, p90, max, steps and share under 200 ms, and what the steps wait
                  for (the engine's calls, each timed from the page).

Targets (TARGETS, each shown beside its figure): every rules page steppable under 250 ms and 300 kB
from a plain server; the live runtime under 5 MB over the wire with compression, under 11 MB without;
the second page live in under 40% of the first's time; click to live under 300 ms after intent, and
under bare Pyodide + 100 ms without; live.js at most 200 ms slower than bare Pyodide; a live move
under 20 ms; on the phone, each game page's largest contentful paint under 2.5 s, under 200 ms of
blocking time and under 5,000 DOM nodes; a step drawn under 30 ms on the desktop and 45 ms on the phone, its
CPU slowed four times (on the phone, under 11.25 ms of the main thread's CPU, the slowdown left out), each
beside the same step on the viewer's embed page; where two readings part found live in under 200 ms;
Analysis's first values at each game's first trick drawn in under 2 s; a step's values on the cards in
under 200 ms (the median of a game's steps). Ratios to bare Pyodide of the same run
are given beside (``*_to_bare_ratio``), stepping's to its embed page and parting's to opening the table.

Every measure is the median of ``--runs`` (5) cold runs, but for bare, live and widget, which are
measured ``--pairs`` (21) times, side by side, and compared run by run: their differences sit inside a
run-to-run spread of about ±400 ms in the 2-second Pyodide start on a 2-core machine. The median of
five such pairs was seen anywhere from -100 to +340 ms, of fifteen from -97 to +203 ms.
Prints a table and writes build/bench/browser.json.

    python bench/browser_bench.py [--runs 5] [--pairs 21]
                                  [--only first,pages,bare,live,widget,wire,cached,intent,phone,stepping,parting,
                                          analysis,glance]
                                  [--site build/site]
                                  [--out build/bench/browser.json]
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import platform
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

REPO = Path(__file__).resolve().parents[1]
STATIC = REPO / "site" / "oldtricks_sphinx" / "static" / "oldtricks"
sys.path.insert(0, str(REPO / "site"))  # the runtime build, which imports no Sphinx
from oldtricks_runtime import devserver  # noqa: E402 (once site/ is on the path)
from oldtricks_runtime import runtime as site_runtime  # noqa: E402

PREFIX = "/sub/oldtricks/"
TIMEOUT_MS = 180_000
FIRST_PAGE = "bettelmann.html"
OTHER_PAGES = {"druzbart": "druzbart.html", "drogue": "drogue.html", "clips": "drogue-clips.html"}
NEXT_PAGE = "druzbart.html"  # the second page of a visit, after FIRST_PAGE went live
INTENT_S = 2.5  # seconds between the reader's intent (the pointer on "Play from here") and the click
LIVE_WIDGET = "bettelmann/last-three"  # South chooses from three face-up cards at step 27
LIVE_STEP, LIVE_MOVE = 27, "UA"
TARGETS = {  # (measure, metric): limit, in the metric's unit
    ("first", "plain_ms"): 250,
    ("first", "gzip_ms"): 250,
    ("first", "plain_bytes"): 300_000,
    ("first", "gzip_bytes"): 300_000,
    **{("pages", f"{name}_plain_ms"): 250 for name in ("druzbart", "drogue", "clips")},
    **{("pages", f"{name}_plain_bytes"): 300_000 for name in ("druzbart", "drogue", "clips")},
    ("live", "slower_than_bare_ms"): 200,
    ("widget", "play_ms"): 20,
    ("widget", "click_to_live_minus_bare_ms"): 100,  # no intent shown before the click
    ("intent", "click_to_live_ms"): 300,  # the pointer on the control INTENT_S before the click
    ("cached", "second_to_first_ratio"): 0.4,
    ("intent", "snapshot_click_to_live_ms"): 300,  # the same, once the engine's memory snapshot is kept
    ("wire", "packed_bytes"): 5_000_000,
    ("wire", "plain_bytes"): 11_000_000,
}
# A phone: 390 CSS px wide, touch, its CPU four times slower than this machine's (Chromium's CPU
# throttling); per game page its largest contentful paint, total blocking time and DOM nodes.
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
PHONE_CPU_SLOWDOWN = 4
PHONE_PAGES = {"bettelmann": "bettelmann.html", **OTHER_PAGES}
for _game in PHONE_PAGES:
    TARGETS[("phone", f"{_game}_lcp_ms")] = 2500
    TARGETS[("phone", f"{_game}_tbt_ms")] = 200
    TARGETS[("phone", f"{_game}_dom_nodes")] = 5000
TARGETS[("stepping", "desktop_step_ms")] = 30  # from click to drawn
TARGETS[("stepping", "phone_step_ms")] = 45  # its CPU slowed PHONE_CPU_SLOWDOWN times (issue 32)
# a step's drawing, style and layout in the main thread's CPU time (STEP_LOOP, not slowed), which the
# machine's load inflates less than the wall clock: the phone's 45 ms slowed four times is 11.25 ms of it
TARGETS[("stepping", "phone_step_cpu_ms")] = 45 / PHONE_CPU_SLOWDOWN
TARGETS[("parting", "compare_ms")] = 200  # where two readings part, live, on a 40-step scenario

BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,"></head><body><script type="module">
const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  window.result = { ...event.data, readyMs: performance.now() };
  document.documentElement.dataset.ready = event.data.ok ? "bare" : "error";
};
worker.postMessage({
  runtime: new URL("../_static/pyodide/", location.href).href,
  stdlib: new URL("./python_stdlib.zip", location.href).href,
  lock: new URL("./pyodide-lock.json", location.href).href,
});
</script></body></html>
"""
BARE_WORKER = """self.onmessage = async (event) => {
  try {
    const { runtime, stdlib, lock } = event.data;
    const { loadPyodide } = await import(runtime + "pyodide.mjs");
    const pyodide = await loadPyodide({ indexURL: runtime, stdLibURL: stdlib, lockFileURL: lock });
    postMessage({ ok: true, python: pyodide.runPython("import sys; sys.version.split()[0]") });
  } catch (err) {
    postMessage({ ok: false, error: String(err) });
  }
};
"""
LIVE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>live</title>
<link rel="icon" href="data:,"></head><body><script type="module">
import { getEngine } from "../_static/oldtricks/live.js";
const marks = {};
try {
  window.engine = await getEngine({ onProgress: (f, label) => { marks[label] ??= performance.now(); } });
  window.result = { ok: true, pythonMs: marks["Installing the engine"], liveMs: performance.now(), marks };
  document.documentElement.dataset.ready = "live";
} catch (err) {
  window.result = { ok: false, error: String(err) };
  document.documentElement.dataset.ready = "error";
}
</script></body></html>
"""
# Installed before any page script: notes when the first viewer becomes steppable or live.
MARKS = """(() => {
  window.__marks = {};
  new MutationObserver(() => {
    for (const state of ["static", "live"]) {
      if (window.__marks[state] === undefined && document.querySelector(`.oldtricks-widget[data-ready="${state}"]`))
        window.__marks[state] = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
})()"""
# Installed before any page script: largest contentful paint, first contentful paint, long tasks.
VITALS = """(() => {
  window.__vitals = {lcp: 0, fcp: null, long: []};
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__vitals.lcp = e.startTime; })
    .observe({type: "largest-contentful-paint", buffered: true});
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === "first-contentful-paint")
    window.__vitals.fcp = e.startTime; }).observe({type: "paint", buffered: true});
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__vitals.long.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
})()"""
# Bytes of every response finished by time t (ms since navigation start), and those still in flight.
TRANSFERRED = """(t) => {
  const entries = [performance.getEntriesByType("navigation")[0], ...performance.getEntriesByType("resource")];
  const done = entries.filter((e) => e.responseEnd <= t);
  return {
    bytes: done.reduce((sum, e) => sum + e.transferSize, 0),
    body: done.reduce((sum, e) => sum + e.encodedBodySize, 0),
    requests: done.length,
    pending: entries.filter((e) => e.startTime <= t && e.responseEnd > t).map((e) => e.name),
    files: done.map((e) => [e.name.split("/").pop(), e.transferSize]),
  };
}"""


def _load_runtime() -> ModuleType:
    """The runtime build's module (site/oldtricks_runtime/runtime.py: build_wheel, copy_runtime)."""
    return site_runtime


# ---- servers --------------------------------------------------------------------------------------
TEXT_TYPES = ("text/", "application/json", "application/javascript", "image/svg+xml")


def plain_server(runtime: ModuleType, root: Path, precompressed: bool = False) -> Any:
    """devserver.make_server, with TCP_NODELAY as every production server sets it. Without it the
    headers and the body of a response go out as two small writes, and Nagle's algorithm holds the
    second until the browser's delayed ACK: about 40 ms added to many responses on loopback.
    ``precompressed``: the server of ``nox -s serve``, which sends a file's .br or .gz copy."""
    server = devserver.make_server(root, PREFIX, precompressed=precompressed)
    server.RequestHandlerClass = type(
        "NoDelayHandler", (server.RequestHandlerClass,), {"disable_nagle_algorithm": True}
    )
    return server


def gzip_server(runtime: ModuleType, root: Path) -> Any:
    """plain_server, but text responses (HTML, CSS, JS, JSON, SVG) are gzip-encoded when the client
    accepts it, as GitHub Pages, Netlify or nginx's gzip_static do. Binary files go as they are."""
    server = plain_server(runtime, root)
    base = server.RequestHandlerClass
    cache: dict[str, bytes] = {}

    class GzipHandler(base):  # type: ignore[misc, valid-type]
        def send_head(self) -> Any:
            path = urllib.parse.urlsplit(self.path).path
            if not path.startswith(PREFIX) or "gzip" not in self.headers.get("Accept-Encoding", ""):
                return super().send_head()
            local = Path(self.translate_path(self.path))
            ctype = self.guess_type(str(local))
            if not local.is_file() or not ctype.startswith(TEXT_TYPES):
                return super().send_head()
            body = cache.get(str(local))
            if body is None:
                body = cache[str(local)] = gzip.compress(local.read_bytes(), compresslevel=6, mtime=0)
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return io.BytesIO(body)

    server.RequestHandlerClass = GzipHandler
    return server


@dataclass
class Bench:
    root: Path
    url: str  # plain server
    gzip_url: str  # gzip-encoding server
    log: list[tuple[str, str, int, int]]
    packed_url: str = ""  # the server sending the precompressed copies
    packed_log: list[tuple[str, str, int, int]] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)  # the files behind 'first', per server

    def served_bytes(self, start: int, log: list[tuple[str, str, int, int]] | None = None) -> int:
        return sum(entry[3] for entry in (self.log if log is None else log)[start:])


# ---- measures -----------------------------------------------------------------------------------
def _wait_ready(page: Any, expected: str) -> dict[str, Any]:
    page.wait_for_selector("html[data-ready]", state="attached", timeout=TIMEOUT_MS)
    result: dict[str, Any] = page.evaluate("window.result")
    if page.get_attribute("html", "data-ready") != expected:
        raise RuntimeError(f"page failed: {result}")
    return result


def _first_viewer(root: Path, path: str) -> str:
    """The id of a page's first viewer: the bench opens the page at it (#ID, as a shared link does),
    since a viewer far down a rules page is drawn only when the reader nears it."""
    found = re.search(r'class="oldtricks-widget" id="([^"]+)"', (root / path).read_text(encoding="utf-8"))
    if not found:
        raise RuntimeError(f"{path} has no viewer")
    return found.group(1)


# What the bytes before the first steppable viewer are, by the kind of file (its name's ending).
KINDS = {"html": (".html",), "css": (".css",), "js": (".js", ".mjs")}


def _by_kind(files: list[list[Any]]) -> dict[str, float]:
    """Bytes of the page itself (html), its style sheets (css), its scripts (js) and the rest."""
    out = dict.fromkeys([*KINDS, "other"], 0.0)
    for name, size in files:
        plain = str(name).split("?")[0].split("#")[0]
        kind = next((k for k, ends in KINDS.items() if plain.endswith(ends)), "other")
        if kind == "other" and "." not in plain.rsplit("/", 1)[-1]:
            kind = "html"  # the page itself, named by its URL's last part (a fragment cut off)
        out[kind] += float(size)
    return out


def _first_steppable(page: Any, url: str) -> dict[str, Any]:
    page.add_init_script(MARKS)
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => window.__marks && window.__marks.static !== undefined", timeout=TIMEOUT_MS)
    page.wait_for_load_state("load")
    t = page.evaluate("window.__marks.static")
    got = page.evaluate(TRANSFERRED, t)
    return {"ms": t, **got, "kinds": _by_kind(got["files"])}


def measure_first(bench: Bench, new_page: Callable[[], Any]) -> dict[str, float]:
    out: dict[str, float] = {}
    for name, url in (("plain", bench.url), ("gzip", bench.gzip_url)):
        page = new_page()
        got = _first_steppable(page, f"{url}{FIRST_PAGE}#{_first_viewer(bench.root, FIRST_PAGE)}")
        page.context.close()  # its viewers are still being drawn: they must not slow the next page
        out[f"{name}_ms"] = got["ms"]
        out[f"{name}_bytes"] = got["bytes"]
        out[f"{name}_requests"] = got["requests"]
        if name == "plain":  # what the bytes are: the page, its style sheets, its scripts
            out.update({f"plain_{kind}_bytes": size for kind, size in got["kinds"].items()})
        bench.detail.setdefault(name, got)
    return out


def measure_pages(bench: Bench, new_page: Callable[[], Any]) -> dict[str, float]:
    out: dict[str, float] = {}
    for name, path in OTHER_PAGES.items():
        page = new_page()
        got = _first_steppable(page, f"{bench.url}{path}#{_first_viewer(bench.root, path)}")
        page.context.close()
        out[f"{name}_plain_ms"] = got["ms"]
        out[f"{name}_plain_bytes"] = got["bytes"]
        out[f"{name}_html_bytes"] = got["kinds"]["html"]
    return out


def measure_bare(bench: Bench, new_page: Callable[[], Any]) -> dict[str, float]:
    start = len(bench.log)
    page = new_page()
    page.goto(bench.url + "bench/bare.html")
    result = _wait_ready(page, "bare")
    return {"pyodide_ready_ms": result["readyMs"], "bytes": bench.served_bytes(start)}


def measure_live(bench: Bench, new_page: Callable[[], Any]) -> dict[str, float]:
    start = len(bench.log)
    page = new_page()
    page.goto(bench.url + "bench/live.html")
    result = _wait_ready(page, "live")
    return {
        "python_ready_ms": result["pythonMs"],
        "live_ms": result["liveMs"],
        "engine_install_ms": result["liveMs"] - result["pythonMs"],
        "bytes": bench.served_bytes(start),
    }


def measure_wire(bench: Bench, new_page: Callable[[], Any]) -> dict[str, float]:
    """What going live costs over the wire: body bytes served until the engine is live, from the
    plain server and from the one sending the precompressed copies."""
    out: dict[str, float] = {}
    for name, url, log in (("plain", bench.url, bench.log), ("packed", bench.packed_url, bench.packed_log)):
        start = len(log)
        page = new_page()
        page.goto(url + "bench/live.html")
        _wait_ready(page, "live")
        out[f"{name}_bytes"] = bench.served_bytes(start, log)
        page.context.close()
    return out


def _settled(page: Any) -> None:
    """A reader clicks once the page has settled: every viewer drawn, the page loaded."""
    page.wait_for_function("() => [...document.querySelectorAll('.oldtricks-widget')].every((w) => w.dataset.ready)")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)


def _click_to_live(page: Any, widget: str) -> float:
    """ms from a click on the viewer's "Play from here" (a script's click: no pointer moves, so no
    intent is shown before it) until the viewer is live."""
    clicked = page.evaluate(f"""() => {{
      window.__marks.live = undefined;
      document.querySelector('{widget} [data-action="go-live"]').click();
      return performance.now();
    }}""")
    page.wait_for_selector(f'{widget}[data-ready="live"]', timeout=TIMEOUT_MS)
    page.wait_for_function("() => window.__marks.live !== undefined")
    return float(page.evaluate("window.__marks.live")) - clicked


KEPT = """async () => {
  const names = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", ".whl"];
  for (const name of await caches.keys()) {
    const paths = (await (await caches.open(name)).keys()).map((r) => r.url);
    if (names.every((n) => paths.some((p) => p.endsWith(n)))) return true;
  }
  return false;
}"""


# The engine's memory snapshot (snapshot.js): kept, or refused; and where this page's engine came from.
SNAPSHOT_KEPT = """() => ["stored", "not stored"].includes(document.documentElement.dataset.otSnapshot)"""
SNAPSHOT_BYTES = """async () => {
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) {
      if (/\\/oldtricks-snapshot-[^/]*$/.test(request.url)) {
        return (await (await (await caches.open(name)).match(request)).arrayBuffer()).byteLength;
      }
    }
  }
  return 0;
}"""


def _restored(page: Any) -> float:
    """1 if the page's engine started from the kept memory snapshot, else 0 (worker.js's info.snapshot,
    shown on <html data-ot-snapshot>)."""
    return 1.0 if page.evaluate("document.documentElement.dataset.otSnapshot") == "restored" else 0.0


def measure_cached(bench: Bench, new_page: Callable[[], Any]) -> dict[str, float]:
    """A first page goes live (cold), the service worker keeps the runtime and the engine's memory
    snapshot is kept; then the next page of the same visit goes live: both from the click, the bytes
    the second one fetched, and whether it came from the snapshot."""
    page = new_page()
    page.add_init_script(MARKS)
    # each page opened at its viewer (#ID, as a shared link does): one in a closed fold is drawn only then
    first = f'.oldtricks-widget[id="{LIVE_WIDGET}"]'
    page.goto(f"{bench.url}{FIRST_PAGE}#{LIVE_WIDGET}")
    _settled(page)
    first_ms = _click_to_live(page, first)
    page.wait_for_function(KEPT, timeout=TIMEOUT_MS)
    page.wait_for_function(SNAPSHOT_KEPT, timeout=TIMEOUT_MS)
    snapshot_bytes = float(page.evaluate(SNAPSHOT_BYTES))
    second = _first_viewer(bench.root, NEXT_PAGE)
    page.goto(f"{bench.url}{NEXT_PAGE}#{second}")
    _settled(page)
    start = len(bench.log)
    second_ms = _click_to_live(page, f'.oldtricks-widget[id="{second}"]')
    return {
        "first_ms": first_ms,
        "second_ms": second_ms,
        "second_bytes": bench.served_bytes(start),
        "second_restored_share": _restored(page),
        "snapshot_bytes": snapshot_bytes,
    }


def _intent_click(page: Any, bench: Bench, intent: bool) -> float:
    """Open FIRST_PAGE at the live viewer's step; the pointer on "Play from here" INTENT_S before the
    click (or a script's click at once, without intent); ms from the click to live."""
    widget = f'.oldtricks-widget[id="{LIVE_WIDGET}"]'
    page.goto("about:blank")  # the same address again would only move to its fragment: a new page
    page.goto(f"{bench.url}{FIRST_PAGE}#{LIVE_WIDGET}@{LIVE_STEP}")
    _settled(page)
    if intent:
        page.hover(f'{widget} [data-action="go-live"]')
        page.wait_for_timeout(INTENT_S * 1000)
    return _click_to_live(page, widget)


def measure_intent(bench: Bench, new_page: Callable[[], Any]) -> dict[str, float]:
    """The pointer rests on "Play from here" INTENT_S before the click: ms from the click to live, cold;
    then, in the same visit once the memory snapshot is kept, the same page again, with and without
    intent."""
    page = new_page()
    page.add_init_script(MARKS)
    cold = _intent_click(page, bench, intent=True)
    page.wait_for_function(SNAPSHOT_KEPT, timeout=TIMEOUT_MS)
    warm = _intent_click(page, bench, intent=True)
    warm_restored = _restored(page)
    no_intent = _intent_click(page, bench, intent=False)
    return {
        "click_to_live_ms": cold,
        "snapshot_click_to_live_ms": warm,
        "snapshot_restored_share": min(warm_restored, _restored(page)),
        "snapshot_no_intent_click_to_live_ms": no_intent,
    }


PLAY = """async ([key, step, move]) => {
  const script = document.querySelector('script[src*="oldtricks/widget.js"]');
  const { getEngine } = await import(new URL("live.js", script.src).href);
  const engine = await getEngine();
  const times = [];
  for (let i = 0; i < 11; i++) {
    const t = performance.now();
    const r = await engine.play(key, step, move, [1]);
    times.push(performance.now() - t);
    if (!r.ok) throw new Error(r.error);
  }
  return times;
}"""


def measure_widget(bench: Bench, new_page: Callable[[], Any]) -> dict[str, float]:
    page = new_page()
    page.add_init_script(MARKS)
    widget = f'.oldtricks-widget[id="{LIVE_WIDGET}"]'
    page.goto(f"{bench.url}{FIRST_PAGE}#{LIVE_WIDGET}@{LIVE_STEP}")
    page.wait_for_selector(f'{widget}[data-ready="static"]')
    _settled(page)
    click_to_live = _click_to_live(page, widget)
    times = page.evaluate(PLAY, [LIVE_WIDGET, LIVE_STEP, LIVE_MOVE])
    # A move as the reader makes it: click the card, until the viewer shows the next step.
    move_ms = page.evaluate(f"""() => new Promise((resolve) => {{
      const root = document.querySelector('{widget}');
      const t = performance.now();
      new MutationObserver((_, obs) => {{
        if (root.dataset.step === "{LIVE_STEP + 1}") {{ obs.disconnect(); resolve(performance.now() - t); }}
      }}).observe(root, {{ attributes: true, attributeFilter: ["data-step"] }});
      root.querySelector('button[data-card="{LIVE_MOVE}"]').click();
    }})""")
    return {
        "click_to_live_ms": click_to_live,
        "first_play_ms": times[0],
        "play_ms": statistics.median(times[1:]),
        "click_to_move_ms": move_ms,
    }


def measure_phone(bench: Bench, new_page: Callable[..., Any]) -> dict[str, float]:
    """Each game page on a phone with a slowed CPU: largest contentful paint (ms from navigation
    start), total blocking time (the part over 50 ms of each long task after the first contentful
    paint, until every viewer has started and a second more has passed) and the DOM's element count
    at that time (what the page starts with)."""
    out: dict[str, float] = {}
    for game, path in PHONE_PAGES.items():
        page = new_page(PHONE)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
        page.add_init_script(VITALS)
        page.goto(bench.url + path, wait_until="load", timeout=TIMEOUT_MS)
        page.wait_for_function(
            """() => [...document.querySelectorAll(".oldtricks-widget")].every((el) => el.dataset.ready
              || el.getBoundingClientRect().top > 2 * innerHeight)""",
            timeout=TIMEOUT_MS,
        )
        page.wait_for_timeout(1000)
        vitals = page.evaluate("window.__vitals")
        fcp = vitals["fcp"] or 0
        out[f"{game}_lcp_ms"] = vitals["lcp"]
        out[f"{game}_tbt_ms"] = sum(max(0.0, d - 50) for s, d in vitals["long"] if s + d > fcp)
        out[f"{game}_dom_nodes"] = page.evaluate("document.getElementsByTagName('*').length")
        page.context.close()
    return out


# Stepping: the Next button clicked on a viewer of the largest rules page (the most viewers), from
# the click until the new step is laid out (the click's handler draws the step at once; reading the
# layout then makes the browser do the style and layout work it would do before the next paint), at
# desktop and phone sizes (the phone's CPU slowed PHONE_CPU_SLOWDOWN times). The baseline, in the same
# run and context: the same viewer's scenario on its embed page, where it is the only viewer, so that
# the ratio is what the rules page's size adds to a step.
STEPS = 40  # Next clicks measured per viewer (fewer when the scenario is shorter)
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
STEP_TIMES = """async ([sid, n]) => {
  const root = document.getElementById(sid);
  const next = root.querySelector('[data-action="next"]');
  root.querySelector('[data-action="first"]').click();
  const paint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const times = [];
  for (let i = 0; i < n && !next.disabled; i++) {
    await paint();
    const t = performance.now();
    next.click();
    void root.getBoundingClientRect().height;  // style and layout of the step just drawn
    times.push(performance.now() - t);
  }
  return times;
}"""
VIEWERS = re.compile(r'class="oldtricks-widget[^"]*"[^>]*\bid="([^"]+)"')


def largest_page(root: Path) -> tuple[str, str]:
    """The rules page with the most viewers, and its first viewer's scenario id."""
    best = ("", "", -1)
    for path in sorted(PHONE_PAGES.values()):
        ids = VIEWERS.findall((root / path).read_text(encoding="utf-8"))
        if ids and len(ids) > best[2]:
            best = (path, ids[0], len(ids))
    if not best[0]:
        raise RuntimeError(f"no rules page with viewers in {root}")
    return best[0], best[1]


# The same steps drawn in one task, each laid out, with the CPU not slowed: the main thread's CPU time
# per step (ThreadTime), which the machine's other work does not inflate as it does the wall clock; no
# frame is painted between the steps, so this is the drawing, style and layout of a step alone.
STEP_LOOP = """([sid, n]) => {
  const root = document.getElementById(sid);
  const next = root.querySelector('[data-action="next"]');
  root.querySelector('[data-action="first"]').click();
  void root.getBoundingClientRect().height;
  let k = 0;
  for (; k < n && !next.disabled; k++) { next.click(); void root.getBoundingClientRect().height; }
  return k;
}"""


def _thread_s(cdp: Any) -> float:
    """The page's main thread's CPU seconds so far (DevTools' Performance metrics)."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return float(next(m["value"] for m in metrics if m["name"] == "ThreadTime"))


def _step_ms(page: Any, cdp: Any, url: str, sid: str, slowdown: int) -> tuple[float, float]:
    """The median ms from a click to the step laid out (the CPU slowed ``slowdown`` times), and the main
    thread's CPU ms per step of STEP_LOOP (not slowed), the lowest of three passes."""
    page.goto(url, wait_until="load", timeout=TIMEOUT_MS)
    page.wait_for_selector(f'.oldtricks-widget[id="{sid}"][data-ready]', timeout=TIMEOUT_MS)
    _settled(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    wall = float(statistics.median(page.evaluate(STEP_TIMES, [sid, STEPS])))
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    page.evaluate(STEP_LOOP, [sid, STEPS])  # warm: every step drawn once
    passes = []
    for _ in range(3):
        before = _thread_s(cdp)
        steps = page.evaluate(STEP_LOOP, [sid, STEPS])
        passes.append((_thread_s(cdp) - before) * 1000 / max(1, steps))
    return wall, min(passes)


def measure_stepping(bench: Bench, new_page: Callable[..., Any]) -> dict[str, float]:
    path, sid = largest_page(bench.root)
    out: dict[str, float] = {}
    for size, options, slowdown in (("desktop", DESKTOP, 1), ("phone", PHONE, PHONE_CPU_SLOWDOWN)):
        page = new_page(options)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
        step, step_cpu = _step_ms(page, cdp, f"{bench.url}{path}#{sid}@0", sid, slowdown)
        embed, embed_cpu = _step_ms(page, cdp, f"{bench.url}embed/{sid}.html", sid, slowdown)
        out[f"{size}_step_ms"] = step
        out[f"{size}_embed_step_ms"] = embed
        out[f"{size}_to_embed_ratio"] = step / embed if embed else float("nan")
        out[f"{size}_step_cpu_ms"] = step_cpu
        out[f"{size}_embed_step_cpu_ms"] = embed_cpu
    return out


# Where two readings part, live: the engine's `compare` on a 40-step scenario of FIRST_PAGE under
# another rule, timed in the page (a worker round trip included), beside opening that table under the
# rule (one replay into frames) in the same page, as a ratio.
PARTING_WIDGET, PARTING_OPTIONS = "bettelmann/return-play-order", {"return_order": "winner-first"}
PARTING = """async ([sid, options]) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const widgets = await import(src);
  const { getEngine } = await import(new URL("live.js", src).href);
  const engine = await getEngine();
  const data = await widgets.readData(document.getElementById(sid));
  const opens = [], compares = [];
  let said = null;
  for (let i = 0; i < 6; i++) {
    let t = performance.now();
    const r = await engine.open("bench", data.spec, options);
    opens.push(performance.now() - t);
    if (!r.ok) throw new Error(r.error);
    t = performance.now();
    said = await engine.call("compare", {key: "bench"});
    compares.push(performance.now() - t);
    if (!said.ok) throw new Error(said.error);
  }
  return {opens: opens.slice(1), compares: compares.slice(1), steps: data.frames.length - 1, diverge: said.diverge};
}"""


def measure_parting(bench: Bench, new_page: Callable[..., Any]) -> dict[str, float]:
    page = new_page()
    page.goto(f"{bench.url}{FIRST_PAGE}", wait_until="load", timeout=TIMEOUT_MS)
    _settled(page)
    got = page.evaluate(PARTING, [PARTING_WIDGET, PARTING_OPTIONS])
    compare_ms = float(statistics.median(got["compares"]))
    open_ms = float(statistics.median(got["opens"]))
    return {
        "steps": got["steps"],
        "compare_ms": compare_ms,
        "open_ms": open_ms,
        "compare_to_open_ratio": compare_ms / open_ms,
    }


# Analysis at the first trick of every game: a viewer of each game on its rules page, opened at its first
# step where the player to move plays a card (every legal move a card: the deal, the auction and the
# naming of trump are before it); the viewer goes live ("Play from here"), then the Analysis toggle is
# turned on: ms from that click until the panel says what the engine is doing (``*_plan_ms``) and until
# its answer is drawn (``*_answer_ms``: the values, or the engine's refusal in words), beside 2 s
# (issue 32); ``*_valued_share`` is 1 where the answer was the values. An answer not drawn within
# ANALYSIS_WAIT_MS counts as that long.
ANALYSIS_VIEWERS = {  # game: (rules page, viewer)
    "bettelmann": ("bettelmann.html", "bettelmann/basics"),
    "druzbart": ("druzbart.html", "druzbart/basics"),
    "clock": ("druzbart.html", "clock/deal"),
    "drogue": ("drogue.html", "drogue/example"),
}
ANALYSIS_WAIT_MS = 60_000
for _game in ANALYSIS_VIEWERS:  # values drawn within 2 s: the first look's, the whole deal's after it
    TARGETS[("analysis", f"{_game}_first_values_ms")] = 2000
# the first step whose legal moves are all cards (a rank and a suit: "7A", "KS"; "pass", "bid 4" are not)
FIRST_CARD = """async (sid) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const data = await (await import(src)).readData(document.getElementById(sid));
  const card = (m) => /^[2-9TJQKAUO][A-Z]$/.test(m);
  return data.frames.findIndex((f) => (f.legal || []).length > 0 && f.legal.every(card));
}"""
ANALYSE = """([sid, wait]) => new Promise((resolve) => {
  const root = document.getElementById(sid);
  const got = {};
  const t = performance.now();
  const look = () => {
    const panel = root.querySelector('[data-role="analysis"]');
    if (got.plan === undefined && panel && /\\S/.test(panel.textContent)) got.plan = performance.now() - t;
    // the first values drawn: the first look's (a few tricks ahead), or the answer where there is none
    const valued = panel && ["first", "done"].includes(panel.dataset.state);
    if (got.first === undefined && valued) got.first = performance.now() - t;
    if (panel && ["done", "none"].includes(panel.dataset.state)) {
      got.answer = performance.now() - t;
      got.state = panel.dataset.state;
    }
    if (got.answer !== undefined) { obs.disconnect(); resolve(got); }
  };
  const obs = new MutationObserver(look);
  obs.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  setTimeout(() => { obs.disconnect(); resolve({...got, answer: wait, state: "waiting"}); }, wait);
  root.querySelector('[data-action="analysis"]').click();
  look();
})"""


def measure_analysis(bench: Bench, new_page: Callable[..., Any]) -> dict[str, float]:
    out: dict[str, float] = {}
    for game, (path, sid) in ANALYSIS_VIEWERS.items():
        page = new_page()
        page.add_init_script(MARKS)
        page.goto(f"{bench.url}{path}#{sid}", wait_until="load", timeout=TIMEOUT_MS)
        _settled(page)
        step = int(page.evaluate(FIRST_CARD, sid))
        if step < 0:
            raise RuntimeError(f"{sid}: no step where a card is played")
        page.goto("about:blank")  # the same address again would only move to its fragment: a new page
        page.goto(f"{bench.url}{path}#{sid}@{step}", wait_until="load", timeout=TIMEOUT_MS)
        _settled(page)
        widget = f'.oldtricks-widget[id="{sid}"]'
        _click_to_live(page, widget)
        got = page.evaluate(ANALYSE, [sid, ANALYSIS_WAIT_MS])
        out[f"{game}_first_card_step"] = step
        out[f"{game}_plan_ms"] = float(got.get("plan", got["answer"]))
        out[f"{game}_first_values_ms"] = float(got.get("first", got["answer"]))
        out[f"{game}_answer_ms"] = float(got["answer"])
        out[f"{game}_valued_share"] = 1.0 if got["state"] == "done" else 0.0
        page.context.close()
    return out


# Analysis at a glance (issue 30, item 3): each GLANCE_VIEWERS viewer goes live at its first card step
# and Analysis is turned on; once its answer is in, the viewer is stepped on with its Next button, one
# step at a time, each once the answer for the step before is in (as a reader reads the values, then
# steps). At every step where the player to move has a choice of cards (two or more legal cards, each
# face up in the hand), ms from the click until every legal card's value is drawn on the card (the
# ``.ot-value`` badges: first-look values count where they are on the cards), beside 200 ms; and until
# the whole deal's values are in (``*_whole_*``). Per game: median, p90, max, steps measured, share
# under 200 ms. What a step waits for (the same steps' medians): the click until the first call to the
# engine is sent (``*_to_ask_ms``), each call's round trip through the worker (``*_plan_call_ms``,
# ``*_look_call_ms``, ``*_analyse_call_ms``), the click until the panel shows the first values (the
# first look, or the answer where there is none: ``*_first_look_ms``); ``*_looked_share``: the steps
# whose values came on the cards from a first look. A step without the values on its cards after
# GLANCE_WAIT_MS, or with the engine's refusal, is left out of the figures and counted (``*_unvalued_steps``).
# The deal's double-dummy table is asked only on the reader's click, so none is asked here; should one be,
# the steps start once it is in, and its call is timed (``*_deal_table_call_ms``; 0 where none was asked).
GLANCE_MS = 200
GLANCE_WAIT_MS = 60_000
GLANCE_STEPS = 80  # Next clicks at most per viewer
# Bettelmann's piles are face down, every card played blind but the last three: its viewer is one of those
GLANCE_VIEWERS = {**ANALYSIS_VIEWERS, "bettelmann": ("bettelmann.html", "bettelmann/last-three-ace")}
for _game in GLANCE_VIEWERS:
    TARGETS[("glance", f"{_game}_median_ms")] = GLANCE_MS
# each step's player to move and legal moves, by step number (as the analysis panel's data-step names it)
GLANCE_FRAMES = """async (sid) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const data = await (await import(src)).readData(document.getElementById(sid));
  return data.frames.map((f) => [f.step, f.turn, f.legal || []]);
}"""
# Every call the viewer makes to the engine, timed from the main thread: [op, sent, answered].
GLANCE_CALLS = """async () => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const engine = await (await import(new URL("live.js", src).href)).getEngine();
  const call = engine.call;
  window.__calls = [];
  engine.call = (op, args) => {
    const entry = [op, performance.now(), null];
    window.__calls.push(entry);
    const done = () => { entry[2] = performance.now(); };
    const out = call(op, args);
    out.then(done, done);
    return out;
  };
}"""
GLANCE_STEP = """([sid, frames, wait]) => new Promise((resolve) => {
  const root = document.getElementById(sid);
  const next = root.querySelector('[data-action="next"]');
  if (next.disabled) return resolve(null);
  const card = (m) => /^[2-9TJQKAUO][A-Z]$/.test(m);
  const got = {};
  const t = performance.now();
  const drawn = (turn, legal) => {
    const seat = root.querySelector(`[data-seat-box="${turn}"]`);
    const shown = legal.filter((c) => seat && seat.querySelector(`.ot-slot[data-key="${c}"]`));
    got.choice = shown.length >= 2 && shown.length === legal.length && legal.every(card);
    return got.choice && shown.every((c) => seat.querySelector(`.ot-slot[data-key="${c}"] .ot-value`));
  };
  const finish = () => {
    obs.disconnect();
    const calls = window.__calls.filter((c) => c[1] >= t).map(([op, sent, back]) =>
      [op, sent - t, back === null ? null : back - sent]);
    resolve({...got, calls, pending: window.__calls.some((c) => c[2] === null)});
  };
  const look = () => {
    const panel = root.querySelector('[data-role="analysis"]');
    if (!panel || panel.dataset.step === undefined || !(panel.dataset.step in frames)) return;
    if (got.step !== undefined && got.step !== panel.dataset.step) return;
    got.step = panel.dataset.step;
    const [turn, legal] = frames[got.step];
    const now = performance.now() - t;
    if (got.badges === undefined && drawn(turn, legal)) {
      got.badges = now;
      got.looked = panel.dataset.state === "first";  // the values on the cards a first look's
    }
    if (got.first === undefined && ["first", "done"].includes(panel.dataset.state)) got.first = now;
    if (["done", "none"].includes(panel.dataset.state)) {
      got.whole = now;
      got.state = panel.dataset.state;
      finish();
    }
  };
  const obs = new MutationObserver(look);
  obs.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  setTimeout(() => { got.state = got.state || "waiting"; finish(); }, wait);
  next.click();
  look();
})"""


def _glance_steps(page: Any, sid: str) -> list[dict[str, Any]]:
    """Next clicked until the viewer's last step, each once the engine has answered the step before."""
    frames = {str(step): [turn, legal] for step, turn, legal in page.evaluate(GLANCE_FRAMES, sid)}
    steps = []
    for _ in range(GLANCE_STEPS):
        got = page.evaluate(GLANCE_STEP, [sid, frames, GLANCE_WAIT_MS])
        if got is None:
            break
        steps.append(got)
        _glance_idle(page)
    return steps


def _glance_idle(page: Any) -> None:
    """Until every call to the engine is answered: the deal's table, asked after the analysis where the
    play begins, keeps the worker from the next step's (a reader who steps meanwhile waits for it)."""
    page.wait_for_function("() => window.__calls.every((c) => c[2] !== null)", timeout=TIMEOUT_MS)


def _spread(times: list[float]) -> dict[str, float]:
    """median, p90, max, count and the share under GLANCE_MS of ``times`` (NaN where there are none)."""
    if not times:
        return {"median_ms": float("nan"), "p90_ms": float("nan"), "max_ms": float("nan"), "steps": 0.0}
    p90 = statistics.quantiles(times, n=10, method="inclusive")[8] if len(times) > 1 else times[0]
    under = sum(1 for t in times if t < GLANCE_MS) / len(times)
    return {
        "median_ms": statistics.median(times),
        "p90_ms": p90,
        "max_ms": max(times),
        "steps": float(len(times)),
        f"under_{GLANCE_MS}_share": under,
    }


def _median_of(values: list[float | None]) -> float:
    kept = [v for v in values if v is not None]
    return float(statistics.median(kept)) if kept else float("nan")


def _call_ms(step: dict[str, Any], op: str) -> float | None:
    return next((float(back) for name, _sent, back in step["calls"] if name == op and back is not None), None)


def measure_glance(bench: Bench, new_page: Callable[..., Any]) -> dict[str, float]:
    out: dict[str, float] = {}
    for game, (path, sid) in GLANCE_VIEWERS.items():
        page = new_page()
        page.add_init_script(MARKS)
        page.goto(f"{bench.url}{path}#{sid}", wait_until="load", timeout=TIMEOUT_MS)
        _settled(page)
        step = int(page.evaluate(FIRST_CARD, sid))
        page.goto("about:blank")  # the same address again would only move to its fragment: a new page
        page.goto(f"{bench.url}{path}#{sid}@{step}", wait_until="load", timeout=TIMEOUT_MS)
        _settled(page)
        _click_to_live(page, f'.oldtricks-widget[id="{sid}"]')
        page.evaluate(GLANCE_CALLS)
        page.evaluate(ANALYSE, [sid, ANALYSIS_WAIT_MS])
        _glance_idle(page)
        tables = page.evaluate("() => window.__calls.filter((c) => c[0] === 'double_dummy_table')")
        out[f"{game}_deal_table_call_ms"] = float(tables[0][2] - tables[0][1]) if tables else 0.0
        steps = [s for s in _glance_steps(page, sid) if s.get("choice")]
        valued = [s for s in steps if s.get("badges") is not None and s.get("state") == "done"]
        out.update({f"{game}_{k}": v for k, v in _spread([s["badges"] for s in valued]).items()})
        out[f"{game}_whole_median_ms"] = _median_of([s["whole"] for s in valued])
        out[f"{game}_whole_max_ms"] = max((s["whole"] for s in valued), default=float("nan"))
        out[f"{game}_unvalued_steps"] = float(len(steps) - len(valued))
        out[f"{game}_to_ask_ms"] = _median_of([s["calls"][0][1] if s["calls"] else None for s in valued])
        out[f"{game}_first_look_ms"] = _median_of([s.get("first") for s in valued])
        out[f"{game}_looked_share"] = sum(1 for s in valued if s.get("looked")) / len(valued) if valued else 0.0
        for op, name in (("analysis_plan", "plan"), ("first_look", "look"), ("analyse", "analyse")):
            out[f"{game}_{name}_call_ms"] = _median_of([_call_ms(s, op) for s in valued])
        bench.detail.setdefault("glance", {}).setdefault(game, []).append(steps)  # each run's steps
        page.context.close()
    return out


MEASURES: dict[str, Callable[[Bench, Callable[..., Any]], dict[str, float]]] = {
    "first": measure_first,
    "pages": measure_pages,
    "bare": measure_bare,
    "live": measure_live,
    "widget": measure_widget,
    "wire": measure_wire,
    "cached": measure_cached,
    "intent": measure_intent,
    "phone": measure_phone,
    "stepping": measure_stepping,
    "parting": measure_parting,
    "analysis": measure_analysis,
    "glance": measure_glance,
}
NEEDS_SITE = {"first", "pages", "widget", "cached", "intent", "phone", "stepping", "parting", "analysis", "glance"}


def prepare_site(runtime: ModuleType, dest: Path, site: Path | None) -> Path:
    if site is not None:
        shutil.copytree(site, dest, dirs_exist_ok=True)
    else:
        wheel_env = os.environ.get("OLDTRICKS_WHEEL")
        wheel = Path(wheel_env) if wheel_env else runtime.build_wheel(dest.parent / "wheel")
        (dest / "_static" / "oldtricks").mkdir(parents=True, exist_ok=True)
        for name in ("live.js", "worker.js", "operations.js", "snapshot.js"):
            shutil.copyfile(STATIC / name, dest / "_static" / "oldtricks" / name)
        runtime.copy_runtime(dest, REPO / "node_modules", wheel)
    pages = dest / "bench"
    pages.mkdir(exist_ok=True)
    for name in ("python_stdlib.zip", "pyodide-lock.json"):  # bare Pyodide: as shipped, untrimmed
        shutil.copyfile(REPO / "node_modules" / "pyodide" / name, pages / name)
    (pages / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
    (pages / "bare-worker.js").write_text(BARE_WORKER, encoding="utf-8")
    (pages / "live.html").write_text(LIVE_PAGE, encoding="utf-8")
    return dest


def _start(server: Any) -> Any:
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


PAIRED = {"bare", "live", "widget"}  # measured --pairs times, side by side: their differences are the figures


def run(names: list[str], runs: int, site: Path | None, pairs: int | None = None) -> dict[str, Any]:
    pairs = runs if pairs is None else pairs
    count = {name: pairs if name in PAIRED else runs for name in names}
    from playwright.sync_api import sync_playwright

    runtime = _load_runtime()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="oldtricks-bench-") as tmp:
        root = prepare_site(runtime, Path(tmp) / "site", site)
        plain = _start(plain_server(runtime, root))
        zipped = _start(gzip_server(runtime, root))
        packed = _start(plain_server(runtime, root, precompressed=True))
        bench = Bench(root, plain.url, zipped.url, plain.log, packed.url, packed.log)
        origins = tuple(url[: -len(PREFIX) + 1] for url in (plain.url, zipped.url, packed.url))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=devserver.CHROMIUM, args=devserver.CHROMIUM_ARGS)
                samples: dict[str, list[dict[str, float]]] = {name: [] for name in names}
                # Run after run, every measure in turn, in alternating order: a machine whose load
                # drifts, or a page still being torn down, affects them alike. The paired measures
                # (bare Pyodide, the live engine, the viewer going live) run apart, after the others,
                # in turn forwards and backwards, so that each follows the others as often.
                for group in ([n for n in names if n not in PAIRED], [n for n in names if n in PAIRED]):
                    for run_index in range(max((count[n] for n in group), default=0)):
                        for name in group if run_index % 2 == 0 else group[::-1]:
                            time.sleep(1.0 if name in PAIRED else 0.5)  # the last context's worker is gone
                            samples[name].append(_sample(browser, origins, bench, MEASURES[name], name))
                for name in names:
                    keys = samples[name][0].keys()
                    results[name] = {
                        "median": {key: statistics.median(s[key] for s in samples[name]) for key in keys},
                        "samples": samples[name],
                    }
                browser.close()
        finally:
            for server in (plain, zipped, packed):
                server.shutdown()
                server.server_close()
        if "glance" in results:  # every step of every run, as measured
            results["glance"]["steps"] = bench.detail.pop("glance")
        if "first" in results:
            results["first"]["requests"] = bench.detail
    figures(results)
    return results


def figures(results: dict[str, Any]) -> None:
    """The figures the targets are about, beside the medians: differences and ratios to bare Pyodide
    measured in the same run (for the paired measures, each run against the bare page next to it)."""
    bare = results.get("bare")
    if bare is None:
        return
    bare_ms = bare["median"]["pyodide_ready_ms"]
    readies = [sample["pyodide_ready_ms"] for sample in bare["samples"]]
    if "live" in results:
        pairs = zip(results["live"]["samples"], readies, strict=True)
        results["live"]["median"]["slower_than_bare_ms"] = statistics.median(s["live_ms"] - b for s, b in pairs)
    if "widget" in results:
        samples = results["widget"]["samples"]
        median = results["widget"]["median"]
        median["click_to_live_minus_bare_ms"] = statistics.median(
            s["click_to_live_ms"] - b for s, b in zip(samples, readies, strict=True)
        )
        median["click_to_live_to_bare_ratio"] = statistics.median(
            s["click_to_live_ms"] / b for s, b in zip(samples, readies, strict=True)
        )
    if "intent" in results:
        median = results["intent"]["median"]
        for name in ("", "snapshot_", "snapshot_no_intent_"):
            median[f"{name}click_to_live_to_bare_ratio"] = median[f"{name}click_to_live_ms"] / bare_ms
    if "cached" in results:
        median = results["cached"]["median"]
        median["second_to_first_ratio"] = statistics.median(
            s["second_ms"] / s["first_ms"] for s in results["cached"]["samples"]
        )
        median["second_to_bare_ratio"] = median["second_ms"] / bare_ms
    if "wire" in results:
        median = results["wire"]["median"]
        median["packed_to_bare_ratio"] = median["packed_bytes"] / bare["median"]["bytes"]
        median["plain_to_bare_ratio"] = median["plain_bytes"] / bare["median"]["bytes"]


def _sample(
    browser: Any,
    origins: tuple[str, ...],
    bench: Bench,
    measure: Callable[[Bench, Callable[..., Any]], dict[str, float]],
    name: str,
) -> dict[str, float]:
    """One run of a measure; each page it asks for comes in a new context (an empty HTTP cache)."""
    contexts: list[Any] = []
    foreign: list[str] = []

    def new_page(options: dict[str, Any] | None = None) -> Any:
        # Requests are watched, not intercepted: routing each one through Playwright would add its
        # round trip to every file and measure the harness instead of the site (the browser tests
        # block foreign requests; Chromium's flags keep its own traffic off).
        context = browser.new_context(**(options or {}))
        context.on(
            "request",
            lambda request: (
                None if request.url.startswith((*origins, "data:", "blob:")) else foreign.append(request.url)
            ),
        )
        contexts.append(context)
        return context.new_page()

    try:
        sample = measure(bench, new_page)
    finally:
        for context in contexts:
            context.close()
    if foreign:
        raise RuntimeError(f"{name}: requests to other hosts: {foreign}")
    return sample


def _shown(key: str, value: float) -> str:
    if key.endswith("ratio"):
        return f"{value:.2f}x"
    if key.endswith("bytes") and value >= 1_000_000:
        return f"{value / 1_000_000:,.2f} MB"
    if key.endswith("bytes"):
        return f"{value / 1000:,.1f} kB"
    if key.endswith("share"):
        return f"{value:.2f}"
    if key.endswith(("requests", "nodes", "steps", "_step")):
        return f"{value:,.0f}"
    return f"{value:,.1f} ms"


def table(results: dict[str, Any], runs: int, pairs: int) -> str:
    lines = [
        f"{'measure':<8} {'metric':<22} {'median':>13}  {'target':>10}   (cold cache, median of {runs}; "
        f"bare and live: {pairs} pairs)"
    ]
    for name, data in results.items():
        for key, value in data["median"].items():
            limit = TARGETS.get((name, key))
            verdict = "" if limit is None else f"< {_shown(key, limit)} {'ok' if value < limit else 'MISSED'}"
            lines.append(f"{name:<8} {key:<22} {_shown(key, value):>13}  {verdict}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=21, help="runs of the bare and live pair (default 21)")
    parser.add_argument("--only", default=",".join(MEASURES), help=f"comma-separated, of {list(MEASURES)}")
    parser.add_argument("--site", type=Path, help="the built site (needed by 'first', 'pages' and 'widget')")
    parser.add_argument("--out", type=Path, default=REPO / "build" / "bench" / "browser.json")
    args = parser.parse_args(argv)
    names = [name for name in args.only.split(",") if name]
    unknown = set(names) - set(MEASURES)
    if unknown:
        parser.error(f"unknown measures {sorted(unknown)}; known: {list(MEASURES)}")
    if args.site is None and NEEDS_SITE & set(names):
        parser.error(f"{sorted(NEEDS_SITE & set(names))} need the built site: --site build/site")
    started = time.time()
    results = run(names, args.runs, args.site, args.pairs)
    print(table(results, args.runs, args.pairs))
    report = {
        "runs": args.runs,
        "pairs": args.pairs,
        "cold_cache": True,
        "chromium": devserver.CHROMIUM,
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
        "pyodide": json.loads((REPO / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"],
        "targets": {f"{m}.{k}": v for (m, k), v in TARGETS.items()},
        "wall_s": round(time.time() - started, 1),
        "results": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
