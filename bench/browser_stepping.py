"""The browser bench's measures of a step (bench/browser_bench.py): a viewer stepped with Next on the
largest rules page and on its embed page, and where two readings part, found live."""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser_common import FIRST_PAGE, PHONE, PHONE_CPU_SLOWDOWN, PHONE_PAGES, TIMEOUT_MS, Bench
from browser_loading import _settled

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
