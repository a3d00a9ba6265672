"""The browser bench's measure of the deal's double-dummy table in the viewer (bench/browser_bench.py; issue
30, item 2): each game's analysis viewer (bench/browser_analysis.py) opened at its first card, a deal's
start, gone live, Analysis turned on; the viewer then asks for the deal's table unbidden, a slice of the
engine's work per call (liveplay.js ``TABLE_SLICE`` nodes a search), until the table is drawn.

Per game: ms from the first call for the table until the table is drawn (``*_table_ms``, beside 1 s),
and from the click on Analysis (``*_from_click_ms``: the analysis comes first); the calls it took
(``*_table_slices``) and the longest call (``*_slice_max_ms``: the most a step the reader takes meanwhile
waits). A table not drawn within TABLE_WAIT_MS counts as that long (``*_drawn`` 0).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from browser_analysis import ANALYSE, ANALYSIS_VIEWERS, ANALYSIS_WAIT_MS, GLANCE_CALLS, _live_at_first_card
from browser_common import TARGETS, Bench

TABLE_MS = 1000
TABLE_WAIT_MS = 170_000
TABLE_VIEWERS = {game: ANALYSIS_VIEWERS[game] for game in ("druzbart", "clock", "drogue")}
for _game in TABLE_VIEWERS:
    TARGETS[("table", f"{_game}_table_ms")] = TABLE_MS
# until the table is drawn in the analysis panel: ms since the page's clock began, or null after ``wait``
TABLE_DRAWN = """([sid, wait]) => new Promise((resolve) => {
  const root = document.getElementById(sid);
  const drawn = () => root.querySelector('[data-role="analysis"] [data-role="ddtable"]');
  if (drawn()) return resolve(performance.now());
  const obs = new MutationObserver(() => { if (drawn()) { obs.disconnect(); resolve(performance.now()); } });
  obs.observe(root, {subtree: true, childList: true});
  setTimeout(() => { obs.disconnect(); resolve(null); }, wait);
})"""


def measure_tables(bench: Bench, new_page: Callable[..., Any]) -> dict[str, float]:
    out: dict[str, float] = {}
    for game, (path, sid) in TABLE_VIEWERS.items():
        page, _step = _live_at_first_card(bench, new_page, path, sid)
        page.evaluate(GLANCE_CALLS)
        clicked = page.evaluate("() => performance.now()")
        page.evaluate(ANALYSE, [sid, ANALYSIS_WAIT_MS])
        shown = page.evaluate(TABLE_DRAWN, [sid, TABLE_WAIT_MS])
        calls = page.evaluate("() => window.__calls.filter((c) => c[0] === 'double_dummy_table')")
        first = float(calls[0][1]) if calls else float("nan")
        end = float(shown) if shown is not None else first + TABLE_WAIT_MS
        out[f"{game}_table_ms"] = end - first
        out[f"{game}_from_click_ms"] = end - float(clicked)
        out[f"{game}_table_slices"] = float(len(calls))
        out[f"{game}_slice_max_ms"] = max((float(c[2] - c[1]) for c in calls if c[2] is not None), default=0.0)
        out[f"{game}_drawn"] = 1.0 if shown is not None else 0.0
        page.context.close()
    return out
