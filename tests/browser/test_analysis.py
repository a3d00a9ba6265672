"""The Analysis toggle: off by default; turned on, it goes live and lists each legal card with the
value the engine gives it, best first, marks the card played next, tells the best line in the
engine's words, and follows the reader's steps."""

from __future__ import annotations

from typing import Any

import pytest
from test_axe import violations

from conftest import SiteServer, embedded, wait_mounted, widget
from oldtricks.replay import replay
from oldtricks.scenario import from_spec

pytestmark = pytest.mark.browser

LIVE_MS = 90_000  # as in test_live.py: a loaded machine starts Pyodide slowly
PAGE = "druzbart.html"
SID = "clock/deal"
STEP = 27  # West to lead with a choice of cards, late in the deal


def _rows(root: Any) -> list[tuple[str, int]]:
    items = root.locator('[data-role="analysis"] li')
    rows = [items.nth(i) for i in range(items.count())]
    return [(row.get_attribute("data-move"), int(row.get_attribute("data-value"))) for row in rows]


def test_analysis_lists_the_engines_values_and_follows_the_steps(live_page: Any, site_server: SiteServer) -> None:
    data = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]
    rp = replay(from_spec(data["spec"]))
    want = {s: rp.game.analyse(rp.line.states[s]) for s in (STEP, STEP + 1)}
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@{STEP}")
    wait_mounted(live_page)
    root = widget(live_page, SID)
    toggle = root.locator('[data-action="analysis"]')
    assert toggle.get_attribute("aria-pressed") == "false"
    assert root.locator('[data-role="analysis"]').is_hidden()  # off by default: the engine is not loaded for it

    toggle.click()
    live_page.wait_for_selector(f'.oldtricks-widget[id="{SID}"][data-ready="live"]', timeout=LIVE_MS)
    panel = root.locator(f'[data-role="analysis"][data-step="{STEP}"][data-state="done"]')
    panel.wait_for(timeout=LIVE_MS)
    assert toggle.get_attribute("aria-pressed") == "true"
    assert _rows(root) == [(str(m.move), m.value) for m in want[STEP].moves]
    assert want[STEP].best.text in panel.inner_text()
    # the card the scenario plays next is marked, and the best line is told in sentences
    played = data["frames"][STEP + 1]["move"]
    assert root.locator(f'[data-role="analysis"] li[data-move="{played}"] [data-role="played"]').count() == 1
    assert root.locator('[data-role="analysis"] [data-role="played"]').count() == 1
    line = root.locator('[data-role="best-line"]').inner_text()
    assert line.startswith("Best line: ") and line.rstrip().endswith(".")

    root.locator('[data-action="next"]').click()
    root.locator(f'[data-role="analysis"][data-step="{STEP + 1}"][data-state="done"]').wait_for(timeout=LIVE_MS)
    assert _rows(root) == [(str(m.move), m.value) for m in want[STEP + 1].moves]

    # the panel as axe-core sees it: no violation within the viewer
    assert violations(live_page, f'.oldtricks-widget[id="{SID}"]') == []

    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert root.locator('[data-role="analysis"]').is_hidden()
