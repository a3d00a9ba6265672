"""The deal's double-dummy table in the viewer: with Analysis on, at the step where a deal's play begins,
asked unbidden, a slice of the engine's work per call (a whole Clock deal's table keeps the engine busy
for many seconds: a step the reader takes meanwhile waits for one slice, not for the table), then the
table the engine worded (a row per first leader, the row as dealt marked) under the analysis; a step
later, none, and no more calls for it; back at the deal's start, the slices go on where they stopped."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, embedded, wait_mounted, widget
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import from_spec

pytestmark = pytest.mark.browser

LIVE_MS = 90_000  # as in test_analysis.py: a loaded machine starts Pyodide slowly
PAGE = "druzbart.html"
SID = "druzbart/split-32"  # 32 cards: the table in a fraction of a second in CPython


def test_the_table_of_a_deal_is_shown_unbidden_where_its_play_begins(live_page: Any, site_server: SiteServer) -> None:
    data = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]
    rp = replay(from_spec(data["spec"]))
    want = rp.game.double_dummy_table(rp.line.states[0])
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@0")
    wait_mounted(live_page)
    root = widget(live_page, SID)
    toggle = root.locator('[data-action="analysis"]')
    toggle.focus()
    live_page.keyboard.press("Enter")
    root.locator('[data-role="analysis"][data-step="0"][data-state="done"]').wait_for(timeout=LIVE_MS)
    table = root.locator('[data-role="analysis"] [data-role="ddtable"]')
    table.wait_for(timeout=LIVE_MS)
    rows = table.locator("tbody tr")
    cells = [
        [rows.nth(i).locator("th").inner_text(), *(rows.nth(i).locator("td").all_inner_texts())]
        for i in range(rows.count())
    ]
    assert cells == [[head, *(str(v) for v in row)] for head, row in zip(want.rows, want.cells, strict=True)]
    assert table.locator("tr.ot-ddtable-marked th").inner_text() == want.rows[want.marked or 0]
    assert want.measure in table.inner_text() and want.note in table.inner_text()
    # nothing to press, and the keyboard stays in the viewer where going live put it, not on the table
    assert root.locator('[data-action="ddtable"]').count() == 0
    focus = (
        "(sid) => [document.getElementById(sid).contains(document.activeElement),"
        " document.activeElement.closest('[data-role=ddtable]') === null]"
    )
    assert live_page.evaluate(focus, SID) == [True, True]

    root.locator('[data-action="next"]').click()  # a card played: no longer the deal's start
    root.locator('[data-role="analysis"][data-step="1"][data-state="done"]').wait_for(timeout=LIVE_MS)
    assert root.locator('[data-role="analysis"] [data-role="ddtable"], [data-action="ddtable"]').count() == 0


# every call the viewer makes to the engine, in order: [op, answered] (as bench/browser_analysis.py has it)
CALLS = """async () => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const engine = await (await import(new URL("live.js", src).href)).getEngine();
  const call = engine.call;
  window.__calls = [];
  engine.call = (op, args) => {
    const entry = [op, false];
    window.__calls.push(entry);
    const out = call(op, args);
    out.then(() => { entry[1] = true; }, () => { entry[1] = true; });
    return out;
  };
}"""
SLICED = "druzbart/basics"  # 36 cards: the table in several slices


def _table_calls(page: Any) -> int:
    return int(page.evaluate("() => window.__calls.filter((c) => c[0] === 'double_dummy_table').length"))


def test_a_step_taken_while_the_table_is_worked_out_stops_its_slices_and_coming_back_goes_on(
    live_page: Any, site_server: SiteServer
) -> None:
    data = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SLICED]
    rp = replay(from_spec(data["spec"]))
    start = next(i for i, s in enumerate(rp.line.states) if rp.game.deal_begins(s))
    want = rp.game.double_dummy_table(rp.line.states[start])
    live_page.goto(f"{site_server.url}{PAGE}#{SLICED}@{start}")
    wait_mounted(live_page)
    root = widget(live_page, SLICED)
    live_page.evaluate(CALLS)  # the engine loaded, each call to it counted
    root.locator('[data-action="analysis"]').click()
    root.locator(f'[data-role="analysis"][data-step="{start}"][data-state="done"]').wait_for(timeout=LIVE_MS)
    root.locator('[data-role="ddtable-pending"]').wait_for(timeout=LIVE_MS)
    root.locator('[data-action="next"]').click()  # the reader steps on while the table is worked out
    root.locator(f'[data-role="analysis"][data-step="{start + 1}"][data-state="done"]').wait_for(timeout=LIVE_MS)
    live_page.wait_for_function("() => window.__calls.every((c) => c[1])", timeout=LIVE_MS)
    asked = _table_calls(live_page)
    live_page.wait_for_timeout(500)
    assert _table_calls(live_page) == asked  # stepped away: no slice asked since
    assert root.locator('[data-role="ddtable"], [data-role="ddtable-pending"]').count() == 0
    root.locator('[data-action="prev"]').click()  # back at the deal's start: the slices go on
    table = root.locator('[data-role="analysis"] [data-role="ddtable"]')
    table.wait_for(timeout=LIVE_MS)
    rows = table.locator("tbody tr")
    cells = [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())]
    assert cells == [[str(v) for v in row] for row in want.cells]
    assert _table_calls(live_page) > asked >= 1
