"""Browser benchmark of the live engine: Playwright + Debian's Chromium, cold cache, median of N runs.

Measures, each run in a new browser context (empty HTTP cache):
  bare  -- a minimal page whose module worker imports pyodide.mjs and awaits loadPyodide(), nothing
           else: ms from navigation start to Python ready, bytes served;
  live  -- live.js getEngine() on a minimal page: ms from navigation start to Python ready (the
           "Installing the engine" progress event), to live (wheel unpacked, oldtricks.live
           imported), the install part (live - python), bytes served; then one live call round
           trip (first call, and the median of 10 more).

Prints a table and writes build/bench/browser.json. The site served is a temporary folder holding
the real runtime (copy_runtime), live.js/worker.js and the engine wheel (OLDTRICKS_WHEEL, else built
from the repository), on 127.0.0.1 under a sub-path.

To add a measure (e.g. page navigation to the first steppable scenario): write
``def measure_NAME(bench: Bench, page) -> dict[str, float]`` (the page is fresh, in a fresh context;
``bench.url`` is the served root, ``bench.served_bytes(start)`` the bytes served since log index
``start``) and register it in MEASURES. Use ``--site build/site`` to serve a built site instead
(its own _static/ is then used as is, and the minimal pages are added to a copy of it).

    python bench/browser_bench.py [--runs 5] [--only bare,live] [--site DIR] [--out build/bench/browser.json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import shutil
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

REPO = Path(__file__).resolve().parents[1]
STATIC = REPO / "site" / "oldtricks_sphinx" / "static" / "oldtricks"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PREFIX = "/sub/oldtricks/"
TIMEOUT_MS = 180_000

BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,"></head><body><script type="module">
const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  window.result = { ...event.data, readyMs: performance.now() };
  document.documentElement.dataset.ready = event.data.ok ? "bare" : "error";
};
worker.postMessage(new URL("../_static/pyodide/", location.href).href);
</script></body></html>
"""
BARE_WORKER = """self.onmessage = async (event) => {
  try {
    const { loadPyodide } = await import(event.data + "pyodide.mjs");
    const pyodide = await loadPyodide({ indexURL: event.data });
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
window.roundTrip = async (op, args) => {
  const t = performance.now();
  try { await window.engine.call(op, args); } catch (err) { /* an error answer is a round trip too */ }
  return performance.now() - t;
};
</script></body></html>
"""


def _load_runtime() -> ModuleType:
    path = REPO / "site" / "oldtricks_sphinx" / "runtime.py"
    spec = importlib.util.spec_from_file_location("oldtricks_site_runtime", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class Bench:
    root: Path
    url: str
    log: list[tuple[str, str, int, int]]

    def served_bytes(self, start: int) -> int:
        return sum(entry[3] for entry in self.log[start:])


def _wait_ready(page: Any, expected: str) -> dict[str, Any]:
    page.wait_for_selector("html[data-ready]", state="attached", timeout=TIMEOUT_MS)
    result: dict[str, Any] = page.evaluate("window.result")
    if page.get_attribute("html", "data-ready") != expected:
        raise RuntimeError(f"page failed: {result}")
    return result


def measure_bare(bench: Bench, page: Any) -> dict[str, float]:
    start = len(bench.log)
    page.goto(bench.url + "bench/bare.html")
    result = _wait_ready(page, "bare")
    return {"pyodide_ready_ms": result["readyMs"], "bytes": bench.served_bytes(start)}


def measure_live(bench: Bench, page: Any) -> dict[str, float]:
    start = len(bench.log)
    page.goto(bench.url + "bench/live.html")
    result = _wait_ready(page, "live")
    served = bench.served_bytes(start)
    first = page.evaluate("window.roundTrip('version', '{}')")
    more = [page.evaluate("window.roundTrip('version', '{}')") for _ in range(10)]
    return {
        "python_ready_ms": result["pythonMs"],
        "live_ms": result["liveMs"],
        "engine_install_ms": result["liveMs"] - result["pythonMs"],
        "bytes": served,
        "first_call_ms": first,
        "call_ms": statistics.median(more),
    }


MEASURES: dict[str, Callable[[Bench, Any], dict[str, float]]] = {
    "bare": measure_bare,
    "live": measure_live,
}


def prepare_site(runtime: ModuleType, dest: Path, site: Path | None) -> Path:
    if site is not None:
        shutil.copytree(site, dest, dirs_exist_ok=True)
    else:
        wheel_env = os.environ.get("OLDTRICKS_WHEEL")
        wheel = Path(wheel_env) if wheel_env else runtime.build_wheel(dest.parent / "wheel")
        (dest / "_static" / "oldtricks").mkdir(parents=True, exist_ok=True)
        for name in ("live.js", "worker.js"):
            shutil.copyfile(STATIC / name, dest / "_static" / "oldtricks" / name)
        runtime.copy_runtime(dest, REPO / "node_modules", wheel)
    pages = dest / "bench"
    pages.mkdir(exist_ok=True)
    (pages / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
    (pages / "bare-worker.js").write_text(BARE_WORKER, encoding="utf-8")
    (pages / "live.html").write_text(LIVE_PAGE, encoding="utf-8")
    return dest


def run(names: list[str], runs: int, site: Path | None) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    runtime = _load_runtime()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="oldtricks-bench-") as tmp:
        root = prepare_site(runtime, Path(tmp) / "site", site)
        server = runtime.make_server(root, PREFIX)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        bench = Bench(root, server.url, server.log)
        origin = server.url[: -len(PREFIX) + 1]
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name in names:
                    samples: list[dict[str, float]] = []
                    for _ in range(runs):
                        context = browser.new_context()  # cold HTTP cache every run
                        foreign: list[str] = []
                        context.route(
                            "**/*",
                            lambda route, foreign=foreign: (
                                route.continue_()
                                if route.request.url.startswith((origin, "data:", "blob:"))
                                else (foreign.append(route.request.url), route.abort())
                            ),
                        )
                        page = context.new_page()
                        try:
                            samples.append(MEASURES[name](bench, page))
                        finally:
                            context.close()
                        if foreign:
                            raise RuntimeError(f"{name}: requests to other hosts: {foreign}")
                    keys = samples[0].keys()
                    results[name] = {
                        "median": {key: statistics.median(s[key] for s in samples) for key in keys},
                        "samples": samples,
                    }
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default=",".join(MEASURES), help=f"comma-separated, of {list(MEASURES)}")
    parser.add_argument("--site", type=Path, help="serve this built site instead of a minimal one")
    parser.add_argument("--out", type=Path, default=REPO / "build" / "bench" / "browser.json")
    args = parser.parse_args(argv)
    names = [name for name in args.only.split(",") if name]
    unknown = set(names) - set(MEASURES)
    if unknown:
        parser.error(f"unknown measures {sorted(unknown)}; known: {list(MEASURES)}")
    started = time.time()
    results = run(names, args.runs, args.site)
    print(f"{'measure':<8} {'metric':<20} {'median':>12}   (cold cache, {args.runs} runs)")
    for name, data in results.items():
        for key, value in data["median"].items():
            shown = f"{value:,.0f} B" if key == "bytes" else f"{value:,.1f} ms"
            print(f"{name:<8} {key:<20} {shown:>12}")
    report = {
        "runs": args.runs,
        "cold_cache": True,
        "chromium": CHROMIUM,
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
        "pyodide": json.loads((REPO / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"],
        "wall_s": round(time.time() - started, 1),
        "results": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
