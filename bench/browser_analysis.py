"""The browser bench's measures of Analysis (bench/browser_bench.py): at each game's first trick, and at a
glance, step after step."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

from browser_common import MARKS, TARGETS, TIMEOUT_MS, Bench
from browser_loading import _click_to_live, _settled

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


def _live_at_first_card(bench: Bench, new_page: Callable[..., Any], path: str, sid: str) -> tuple[Any, int]:
    """A new page with viewer ``sid`` opened at its first step where a card is played, gone live: the page
    and the step."""
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
    _click_to_live(page, f'.oldtricks-widget[id="{sid}"]')
    return page, step


def measure_analysis(bench: Bench, new_page: Callable[..., Any]) -> dict[str, float]:
    out: dict[str, float] = {}
    for game, (path, sid) in ANALYSIS_VIEWERS.items():
        page, step = _live_at_first_card(bench, new_page, path, sid)
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
# Where the first card is a deal's start, the viewer works out the deal's double-dummy table meanwhile, a
# slice at a time (bench/browser_tables.py times it): the first step is clicked once the analysis is in,
# as a reader would, and waits for the slice under way, if any.
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
    """Until every call to the engine is answered (a slice of the deal's table, say, asked after the
    analysis where a deal's play begins: the step after waits for it)."""
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
        page, _step = _live_at_first_card(bench, new_page, path, sid)
        page.evaluate(GLANCE_CALLS)
        page.evaluate(ANALYSE, [sid, ANALYSIS_WAIT_MS])
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
    return out
