"""The deal's double-dummy table in the viewer: with Analysis on, at the step where a deal's play begins,
a button that asks the engine for it (it is never asked unbidden: a whole Clock deal's table keeps the
engine busy for many seconds, and the steps after would wait behind it), then the table the engine worded
(a row per first leader, the row as dealt marked) under the analysis; a step later, neither."""

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


def test_the_table_of_a_deal_is_offered_where_its_play_begins_and_shown_when_asked(
    live_page: Any, site_server: SiteServer
) -> None:
    data = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]
    rp = replay(from_spec(data["spec"]))
    want = rp.game.double_dummy_table(rp.line.states[0])
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@0")
    wait_mounted(live_page)
    root = widget(live_page, SID)
    root.locator('[data-action="analysis"]').click()
    root.locator('[data-role="analysis"][data-step="0"][data-state="done"]').wait_for(timeout=LIVE_MS)
    ask = root.locator('[data-role="analysis"] [data-action="ddtable"]')
    assert ask.count() == 1 and root.locator('[data-role="ddtable"], [data-role="ddtable-pending"]').count() == 0
    ask.click()
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
    # the button pressed is gone: the keyboard stays in the viewer, on the table that replaced it
    assert live_page.evaluate("(sid) => document.getElementById(sid).contains(document.activeElement)", SID)

    root.locator('[data-action="next"]').click()  # a card played: no longer the deal's start
    root.locator('[data-role="analysis"][data-step="1"][data-state="done"]').wait_for(timeout=LIVE_MS)
    assert root.locator('[data-role="analysis"] [data-role="ddtable"], [data-action="ddtable"]').count() == 0
