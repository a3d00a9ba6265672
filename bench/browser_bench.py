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
                  for (the engine's calls, each timed from the page);
  table        -- the deal's double-dummy table (Drużbart, Clock Druzbart, Drogue: the analysis viewers at
                  their first card, a deal's start, Analysis on): ms from the first call for it until it
                  is drawn (it is asked unbidden, a slice of the engine's work per call), beside 1 s; the
                  calls it took and the longest (what a step taken meanwhile waits at most).

Targets (TARGETS, each shown beside its figure): every rules page steppable under 250 ms and 300 kB
from a plain server; the live runtime under 5 MB over the wire with compression, under 11 MB without;
the second page live in under 40% of the first's time; click to live under 300 ms after intent, and
under bare Pyodide + 100 ms without; live.js at most 200 ms slower than bare Pyodide; a deal's table drawn
within 1 s of the first call for it; a live move
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
                                          analysis,glance,table]
                                  [--site build/site]
                                  [--out build/bench/browser.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from browser_analysis import measure_analysis, measure_glance
from browser_common import (
    BARE_PAGE,
    BARE_WORKER,
    LIVE_PAGE,
    PREFIX,
    REPO,
    STATIC,
    TARGETS,
    Bench,
    _load_runtime,
    devserver,
    gzip_server,
    plain_server,
)
from browser_loading import (
    measure_bare,
    measure_cached,
    measure_first,
    measure_intent,
    measure_live,
    measure_pages,
    measure_phone,
    measure_widget,
    measure_wire,
)
from browser_stepping import measure_parting, measure_stepping
from browser_tables import measure_tables

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
    "table": measure_tables,
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
    if key.endswith(("requests", "nodes", "steps", "_step", "slices", "drawn")):
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
