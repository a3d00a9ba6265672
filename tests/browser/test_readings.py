"""Two readings side by side (compare.js, the engine's readings.py): another rule chosen shows the
deal under it and, on a second board, as written; the step where they part is marked and opened; a
deal that plays the same offers a search for one that does not. Built only for the viewer that asks."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, embedded, frames_shown, wait_mounted, widget
from oldtricks.analysis.readings import compare, find_parting_deal
from oldtricks.scenarios.links import encode
from oldtricks.scenarios.scenario import from_spec

pytestmark = pytest.mark.browser

LIVE_MS = 90_000
PAGE = "bettelmann.html"
PARTS = "bettelmann/tie-pierer"  # under "first player" the tied Nines go to South at once
SAME = "bettelmann/basics"  # no tie in its first tricks: both readings play the same


# What a board shows of the play: the cards on its table (and how each is named: the winner's says so)
# and in its centre groups, as drawn
BOARD_CARDS = """(root, where) => {
  const board = root.querySelector(where);
  const played = [...board.querySelectorAll('[data-played]')];
  return {played: played.map((el) => el.dataset.played), said: played.map((el) => el.getAttribute('aria-label')),
    centre: [...board.querySelectorAll('[data-centre-card]')].map((el) => el.dataset.centreCard)};
}"""
SECOND = '[data-role="readings"] .ot-readings-board'
MAIN = ".ot-table-slot"
# The two boards' boxes (left, top, width, height), and the Next button's
BOXES = """(root) => ['.ot-table-slot', '.ot-readings-board', '[data-action="next"]'].map((s) => {
  const b = root.querySelector(s).getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; })"""


def beside(first: list[float], second: list[float]) -> bool:
    """The second board right of the first, their tops level, neither squeezed to a sliver."""
    return second[0] >= first[0] + first[2] - 1 and abs(second[1] - first[1]) <= 2 and min(first[2], second[2]) > 250


def under(first: list[float], second: list[float]) -> bool:
    return second[1] >= first[1] + first[3] - 1


def drawn(frame: dict[str, Any]) -> list[list[str]]:
    return [[p["card"] for p in frame["table"]], [c for g in frame["centre"] for c in g["cards"]]]


def cards(board: dict[str, Any]) -> list[list[str]]:
    return [board["played"], board["centre"]]


def choose(page: Any, sid: str, key: str, value: str) -> Any:
    root = widget(page, sid)
    root.locator('details[data-role="options"] summary').click()
    root.locator(f'select[data-option="{key}"]').select_option(value)
    page.wait_for_selector(f'.oldtricks-widget[id="{sid}"][data-diverge-step]', timeout=LIVE_MS)
    page.wait_for_function(f"() => !document.getElementById('{sid}').hasAttribute('aria-busy')")
    return root


def check_boards_beside_then_under(live_page: Any, root: Any) -> None:
    """On a wide screen the second board is beside the first, on a phone under it; each says which it is."""
    first, second, _next = root.evaluate(BOXES)
    assert beside(first, second), (first, second)
    assert root.locator(".ot-readings-first").inner_text().startswith("Under “Equal ranks: ")
    assert root.locator('[data-role="parts-here"]').inner_text() == "they part here"
    live_page.set_viewport_size({"width": 390, "height": 844})
    live_page.wait_for_function(
        "() => { const r = document.querySelector('.ot-comparing'); return r.querySelector('.ot-readings-board')"
        ".getBoundingClientRect().top > r.querySelector('.ot-table-slot').getBoundingClientRect().bottom - 1; }"
    )
    first, second, _next = root.evaluate(BOXES)
    assert under(first, second) and not beside(first, second), (first, second)
    live_page.set_viewport_size({"width": 1366, "height": 900})


def check_second_board_steps(
    live_page: Any, root: Any, panel: Any, book: list[Any], want: dict[str, Any], step: int
) -> None:
    """The second board is the book's frame at the same step, stepping with the first; the caption says
    where they part, and the control to go there goes there."""
    for at in (step, step - 1):
        if at != step:
            root.locator('[data-action="prev"]').click()
        live_page.wait_for_function(f"() => document.getElementById('{PARTS}').dataset.step === '{at}'")
        second = root.evaluate(BOARD_CARDS, SECOND)
        assert cards(second) == drawn(book[at]), (at, second)
        first = root.evaluate(BOARD_CARDS, MAIN)
        assert cards(first) == drawn(want["frames"][at])
        # the same board until they part; there, one reading gives the tied trick to a player
        assert (first == second) == (at < step), (at, first, second)
        assert beside(*root.evaluate(BOXES)[:2]), "the boards stay side by side while stepping"
    caption = panel.locator(".ot-readings-caption").inner_text()
    assert f"step {step - 1}" in caption and "the same board so far" in caption, caption
    root.locator('[data-action="to-parting"]').click()
    live_page.wait_for_function(f"() => document.getElementById('{PARTS}').dataset.step === '{step}'")
    assert "they part here" in panel.locator(".ot-readings-caption").inner_text()


def test_the_step_where_two_readings_part_is_marked_and_opened(live_page: Any, site_server: SiteServer) -> None:
    html = (site_server.root / PAGE).read_text(encoding="utf-8")
    data = embedded(html)[PARTS]
    want = compare(from_spec(data["spec"]), {"tie": "first-player"})
    step = want["diverge"]
    assert isinstance(step, int) and step > 0, "the readings must part after the deal: not a test"

    live_page.set_viewport_size({"width": 1366, "height": 900})
    live_page.goto(f"{site_server.url}{PAGE}#{PARTS}@0")
    wait_mounted(live_page)
    # nothing of the comparison on the page until a reader asks for it
    assert live_page.locator('[data-role="readings"]').count() == 0
    assert live_page.locator(".oldtricks-widget[data-diverge-step]").count() == 0

    root = choose(live_page, PARTS, "tie", "first-player")
    assert root.get_attribute("data-diverge-step") == str(step)
    assert root.get_attribute("data-step") == str(step), "the viewer opens the step where they part"
    assert frames_shown(live_page, PARTS) == want["frames"]
    panel = root.locator('[data-role="readings"]')
    assert live_page.locator('[data-role="readings"]').count() == 1  # only the viewer that compares
    text = panel.locator('[data-role="readings-text"]').inner_text()
    assert want["text"] in text, text
    assert panel.locator("a.ot-rule").get_attribute("title") == want["rule"]
    # the move list marks that step, on the main line
    marked = root.locator('[data-role="movelist"] [data-parting="true"]')
    assert marked.count() == 1 and marked.get_attribute("data-step") == str(step)
    assert f"@{step};rules=tie:first-player" in live_page.evaluate("() => location.hash")  # the link keeps it
    check_boards_beside_then_under(live_page, root)

    check_second_board_steps(live_page, root, panel, data["frames"], want, step)

    root.locator('[data-action="book"]').click()
    assert live_page.locator('[data-role="readings"]').count() == 0
    assert root.get_attribute("data-diverge-step") is None
    assert root.locator('[data-role="movelist"] [data-parting]').count() == 0


def test_a_deal_that_plays_the_same_offers_one_that_does_not(live_page: Any, site_server: SiteServer) -> None:
    data = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SAME]
    options = {"tie": "first-player"}
    assert compare(from_spec(data["spec"]), options)["diverge"] is None, "the deal parts: not a test"
    found = find_parting_deal(from_spec(data["spec"]), options)
    assert found is not None

    live_page.goto(f"{site_server.url}{PAGE}#{SAME}@0")
    wait_mounted(live_page)
    root = choose(live_page, SAME, "tie", "first-player")
    assert root.get_attribute("data-diverge-step") == "none"
    text = root.locator('[data-role="readings-text"]').inner_text()
    assert text.startswith("This deal plays the same under both readings"), text
    # the step shown when the found deal's parting is marked: the bots may play on from there at their
    # pace (live mode), so the step is read at that moment, not after
    root.evaluate("""(el) => {
      new MutationObserver((_, seen) => {
        if (el.dataset.divergeStep !== "none") { el.dataset.openedAt = el.dataset.step; seen.disconnect(); }
      }).observe(el, {attributes: true, attributeFilter: ["data-diverge-step"]});
    }""")
    root.locator('[data-action="find-parting"]').click()
    live_page.wait_for_function(
        f"() => document.getElementById('{SAME}').dataset.divergeStep !== 'none'", timeout=LIVE_MS
    )
    # the link as written once the deal found is shown (its step's link comes a moment after the step,
    # and the live bots may play on from the deal's end soon after: their moves make a side line)
    live_page.wait_for_function("() => location.hash.includes(';seed=')", timeout=LIVE_MS)
    link = live_page.evaluate("() => location.hash")
    live_page.wait_for_function(f"() => !document.getElementById('{SAME}').hasAttribute('aria-busy')")
    assert root.get_attribute("data-diverge-step") == str(found["diverge"])
    assert root.get_attribute("data-opened-at") == str(found["diverge"])
    # the deal found, as the engine played it (the live bots may already have played on from its end)
    n = len(found["frames"])
    assert frames_shown(live_page, SAME)[:n] == found["frames"]
    assert f"Deal {found['seed']}" in root.locator('[data-role="message"]').inner_text()
    assert found["text"] in root.locator('[data-role="readings-text"]').inner_text()

    # the link keeps the rule and the deal found, and reopens them at its step
    assert ";rules=tie:first-player" in link and f";seed={found['seed']}" in link, link
    back = found["diverge"] - 1
    link = link.replace(f"@{found['diverge']};", f"@{back};")
    live_page.goto(f"{site_server.url}index.html")
    live_page.goto(f"{site_server.url}{PAGE}{link}")
    wait_mounted(live_page)
    live_page.wait_for_selector(f'.oldtricks-widget[id="{SAME}"][data-diverge-step]', timeout=LIVE_MS)
    live_page.wait_for_function(f"() => document.getElementById('{SAME}').dataset.step === '{back}'", timeout=LIVE_MS)
    assert root.get_attribute("data-diverge-step") == str(found["diverge"])
    assert frames_shown(live_page, SAME)[:n] == found["frames"]
    assert root.locator('select[data-option="tie"]').count() == 0 or (
        root.locator('select[data-option="tie"]').input_value() == "first-player"
    )


def test_the_sandbox_shows_a_rule_chosen_in_its_form_beside_the_game(live_page: Any, site_server: SiteServer) -> None:
    # the sandbox holds the tied deal; another value of "Equal ranks" chosen in its form shows the same
    # moves under it beside the game, and where they part, in the engine's words
    data = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[PARTS]
    spec = {**data["spec"], "at": 0}
    spec.pop("description", None)
    spec.pop("expect", None)
    want = compare(from_spec(spec), {"tie": "first-player"})
    step = want["diverge"]
    assert isinstance(step, int) and step > 0, "the readings must part after the deal: not a test"
    live_page.set_viewport_size({"width": 1366, "height": 900})
    live_page.goto(f"{site_server.url}sandbox/bettelmann.html#{encode(spec)}")
    live_page.wait_for_selector('.oldtricks-sandbox[data-ready="ready"]', timeout=LIVE_MS)
    sandbox = live_page.locator(".oldtricks-sandbox")
    assert live_page.locator(".ot-sb-widget[data-diverge-step]").count() == 0
    box = sandbox.locator('[data-role="setup-box"]')
    if box.get_attribute("open") is None:
        box.locator("summary").click()
    sandbox.locator('select[data-option="tie"]').select_option("first-player")
    live_page.wait_for_selector(".ot-sb-widget[data-diverge-step]", timeout=LIVE_MS)
    root = live_page.locator(".ot-sb-widget")
    assert root.get_attribute("data-diverge-step") == str(step)
    live_page.wait_for_function(f"() => document.querySelector('.ot-sb-widget').dataset.step === '{step}'")
    assert want["text"] in root.locator('[data-role="readings-text"]').inner_text()
    assert root.locator('[data-role="readings"] a.ot-rule').get_attribute("title") == want["rule"]
    # the sandbox's board is the game as played, the second the same moves under the chosen rule
    assert cards(root.evaluate(BOARD_CARDS, MAIN)) == drawn(want["book"][step])
    assert cards(root.evaluate(BOARD_CARDS, SECOND)) == drawn(want["frames"][step])
    assert root.locator(".ot-readings-first").inner_text().startswith("As played")
    assert root.locator(".ot-readings-caption").inner_text().startswith("Under “Equal ranks: ")
    assert beside(*root.evaluate(BOXES)[:2])
    marked = root.locator('[data-role="movelist"] [data-parting="true"]')
    assert marked.count() == 1 and marked.get_attribute("data-step") == str(step)
    # the rule set back to the game's own: one board again
    sandbox.locator('select[data-option="tie"]').select_option("pierer")
    live_page.wait_for_function("() => !document.querySelector('.ot-sb-widget').hasAttribute('data-diverge-step')")
    assert root.locator('[data-role="readings"]').count() == 0


def test_a_link_keeps_a_number_typed_for_an_option_side_by_side(live_page: Any, site_server: SiteServer) -> None:
    # "Stop after this many tricks" takes any number up to a million: a field, not a menu
    data = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SAME]
    want = compare(from_spec(data["spec"]), {"cap": 3})
    step = want["diverge"]
    assert isinstance(step, int) and step > 0, "the readings must part after the deal: not a test"
    live_page.goto(f"{site_server.url}{PAGE}#{SAME}@0")
    wait_mounted(live_page)
    root = widget(live_page, SAME)
    root.locator('details[data-role="options"] summary').click()
    field = root.locator('input[data-option="cap"]')
    field.fill("3")
    field.dispatch_event("change")
    live_page.wait_for_selector(f'.oldtricks-widget[id="{SAME}"][data-diverge-step]', timeout=LIVE_MS)
    assert root.get_attribute("data-diverge-step") == str(step)
    link = live_page.evaluate("() => location.hash")
    assert link.startswith(f"#{SAME}@{step};") and ";rules=cap:3" in link, link

    # the link, opened afresh one step earlier, shows both readings again under the same number
    link = link.replace(f"@{step};", f"@{step - 1};")
    live_page.goto(f"{site_server.url}index.html")
    live_page.goto(f"{site_server.url}{PAGE}{link}")
    wait_mounted(live_page)
    live_page.wait_for_selector(f'.oldtricks-widget[id="{SAME}"][data-diverge-step]', timeout=LIVE_MS)
    live_page.wait_for_function(f"() => document.getElementById('{SAME}').dataset.step === '{step - 1}'")
    assert root.get_attribute("data-diverge-step") == str(step)
    assert want["text"] in root.locator('[data-role="readings-text"]').inner_text()
    assert frames_shown(live_page, SAME) == want["frames"]
    if root.locator('details[data-role="options"]').get_attribute("open") is None:
        root.locator('details[data-role="options"] summary').click()
    assert root.locator('input[data-option="cap"]').input_value() == "3"
    assert ";rules=cap:3" in live_page.evaluate("() => location.hash")
