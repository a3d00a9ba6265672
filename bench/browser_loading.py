"""The browser bench's measures of loading (bench/browser_bench.py): the first page and the other game
pages steppable, bare Pyodide and the live engine ready, a viewer going live, the bytes over the wire,
the cached second page, the reader's intent, and each game page on a phone."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

from browser_common import (
    FIRST_PAGE,
    INTENT_S,
    LIVE_MOVE,
    LIVE_STEP,
    LIVE_WIDGET,
    MARKS,
    NEXT_PAGE,
    OTHER_PAGES,
    PHONE,
    PHONE_CPU_SLOWDOWN,
    PHONE_PAGES,
    TIMEOUT_MS,
    VITALS,
    Bench,
    _first_steppable,
    _first_viewer,
    _wait_ready,
)


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
    return float(page.evaluate("window.__marks.live")) - float(clicked)


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
