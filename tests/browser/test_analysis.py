"""The Analysis toggle: off by default; turned on, it goes live and lists each legal card with the
value the engine gives it, best first, marks the card played next, tells the best line in the
engine's words, and follows the reader's steps."""

from __future__ import annotations

from typing import Any

import pytest
from test_axe import violations

from conftest import SiteServer, embedded, wait_mounted, widget
from oldtricks.analysis.movevalues import Analysis
from oldtricks.core.game import Game
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import from_spec

pytestmark = pytest.mark.browser

LIVE_MS = 90_000  # as in test_live.py: a loaded machine starts Pyodide slowly
PAGE = "druzbart.html"
SID = "clock/deal"
STEP = 27  # West to lead with a choice of cards, late in the deal


def analysed(game: Game[Any], state: Any) -> Analysis:
    """The engine's analysis of ``state``, as the Analysis it is (Game.analyse names only its shape)."""
    found = game.analyse(state)
    assert isinstance(found, Analysis)
    return found


def _rows(root: Any) -> list[tuple[str, int]]:
    items = root.locator('[data-role="analysis"] li')
    rows = [items.nth(i) for i in range(items.count())]
    return [(row.get_attribute("data-move"), int(row.get_attribute("data-value"))) for row in rows]


def test_analysis_lists_the_engines_values_and_follows_the_steps(live_page: Any, site_server: SiteServer) -> None:
    data = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]
    rp = replay(from_spec(data["spec"]))
    want = {s: analysed(rp.game, rp.line.states[s]) for s in (STEP, STEP + 1)}
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


# Where each game's solver has a choice to value: Bettelmann's last three cards (two cards win, the
# Ace loses; the book plays a winning card, as every Bettelmann scenario plays the best), Clock Druzbart
# late in the deal (three cards worth the same), Drogue in the play of the cards (two best of five).
POSITIONS = [
    ("bettelmann.html", "bettelmann/last-three-ace", 22),
    ("druzbart.html", "clock/deal", 27),
    ("drogue.html", "drogue/example", 17),
]
# Each value badge on the board: the seat, the card it is on, its number, whether marked best.
BADGES = """(root) => [...root.querySelectorAll(".ot-table-slot .ot-value")].map((b) => ({
  seat: Number(b.closest("[data-seat-box]").dataset.seatBox),
  card: b.closest(".ot-slot").querySelector("[data-card]").dataset.card,
  value: Number(b.dataset.value), best: b.dataset.best === "true",
  filled: getComputedStyle(b).backgroundColor !== getComputedStyle(b.closest(".ot-shell")).backgroundColor,
  title: b.title}))"""


# Each state the analysis panel shows, in turn, with its heading, its rows and the badges on the cards
# (card, value, whether a first look's): the first look (a few tricks ahead) while the solver works, then
# the whole deal's values.
WATCH = """(root) => {
  window.otAnalysisSeen = [];
  new MutationObserver(() => {
    const el = root.querySelector('[data-role="analysis"]');
    if (!el || el.hidden) return;
    const last = window.otAnalysisSeen.at(-1);
    const now = {state: el.dataset.state, step: Number(el.dataset.step),
      head: el.querySelector(".ot-analysis-head")?.textContent || "",
      rows: [...el.querySelectorAll("li")].map((li) => [li.dataset.move, Number(li.dataset.value)]),
      badges: [...root.querySelectorAll(".ot-table-slot .ot-value")].map((b) =>
        [b.closest(".ot-slot").querySelector("[data-card]").dataset.card, Number(b.dataset.value),
         b.dataset.first === "true"])};
    if (!last || last.state !== now.state || last.step !== now.step) window.otAnalysisSeen.push(now);
  }).observe(root, {subtree: true, childList: true, attributes: true});
}"""


def first_look_then_answer(page: Any, game: Any, state: Any, step: int, looked: bool = False) -> None:
    """The panel showed the engine's first look before its answer, where the engine has one (else none;
    ``looked``: the engine has one), its values on the cards meanwhile (marked a first look's), then the
    answer's."""
    seen = [s for s in page.evaluate("() => window.otAnalysisSeen") if s["step"] == step]
    states = [s["state"] for s in seen]
    look = game.first_look(state)
    assert look is not None or not looked, f"no first look at step {step}"
    if look is None:
        assert "first" not in states, states
        return
    assert states.index("first") < states.index("done"), states
    first = seen[states.index("first")]
    assert first["rows"] == [[str(m.move), m.value] for m in look.moves]
    assert first["head"].startswith("First look: ") and look.measure in first["head"], first["head"]
    assert sorted(first["badges"]) == sorted([str(m.move), m.value, True] for m in look.moves)
    done = seen[states.index("done")]
    assert sorted(done["badges"]) == sorted([str(m.move), m.value, False] for m in game.analyse(state).moves)


@pytest.mark.parametrize(("doc", "sid", "step"), POSITIONS, ids=["bettelmann", "druzbart", "drogue"])
def test_the_values_sit_on_the_cards_and_the_best_line_steps_as_a_side_line(
    live_page: Any, site_server: SiteServer, doc: str, sid: str, step: int
) -> None:
    data = embedded((site_server.root / doc).read_text(encoding="utf-8"))[sid]
    rp = replay(from_spec(data["spec"]))
    want = analysed(rp.game, rp.line.states[step])
    live_page.goto(f"{site_server.url}{doc}#{sid}@{step}")
    wait_mounted(live_page, everything=False)
    root = widget(live_page, sid)
    root.evaluate(WATCH)
    root.locator('[data-action="analysis"]').click()
    root.locator(f'[data-role="analysis"][data-step="{step}"][data-state="done"]').wait_for(timeout=LIVE_MS)
    first_look_then_answer(live_page, rp.game, rp.line.states[step], step)

    # a badge on each legal card of the hand to play, with the engine's value and words, the best
    # marked where the engine marked it, and none on any other seat
    badges = sorted(root.evaluate(BADGES), key=lambda b: b["card"])
    expect: list[dict[str, Any]] = sorted(
        (
            {"seat": want.to_move, "card": str(m.move), "value": m.value, "best": want.is_best(m)}
            | {"filled": want.is_best(m), "title": m.text}
            for m in want.moves
        ),
        key=lambda b: b["card"],
    )
    assert badges == expect

    # the best continuation, stepped as a side line: its first move, then its next, the link keeping it;
    # where the line shown goes on as the best line does, it is that line, and no side line is offered
    best = want.best
    book = [str(m) for m in rp.line.moves[step + 1 : step + 2 + len(best.line)]]
    if book == [str(best.move), *map(str, best.line)][: len(book)]:
        assert root.locator('[data-action="best-line"]').count() == 0
        played = root.locator('[data-role="analysis"] [data-role="played"]')
        assert played.locator("xpath=..").get_attribute("data-move") == str(best.move)
        assert violations(live_page, f'.oldtricks-widget[id="{sid}"]') == []
        return
    root.locator('[data-action="best-line"]').click()
    root.locator(f'[data-branch] [data-step="{step + 1}"].ot-ml-current').wait_for(timeout=LIVE_MS)
    assert root.get_attribute("data-step") == str(step + 1)
    moved = root.locator('[data-role="trick"] .ot-played.ot-new').get_attribute("data-played")
    assert moved == str(best.move)
    assert root.locator('[data-action="main-line"]').is_visible()
    live_page.wait_for_function("() => location.hash.includes(';line=')")
    root.locator('[data-action="next"]').click()
    assert root.get_attribute("data-step") == str(step + 2)
    assert root.locator('[data-role="trick"] .ot-played.ot-new').get_attribute("data-played") == str(best.line[0])
    # the analysis follows the side line: its values come for the step shown
    root.locator(f'[data-role="analysis"][data-step="{step + 2}"][data-state="done"]').wait_for(timeout=LIVE_MS)

    assert violations(live_page, f'.oldtricks-widget[id="{sid}"]') == []


def test_at_a_deals_first_card_a_first_look_comes_before_the_answer(live_page: Any, site_server: SiteServer) -> None:
    """Drużbart's first card, where the whole deal takes the engine a while: the first look (a few tricks
    ahead, the measure saying how many) is drawn first, then the answer replaces it."""
    doc, sid = "druzbart.html", "druzbart/basics"
    rp = replay(from_spec(embedded((site_server.root / doc).read_text(encoding="utf-8"))[sid]["spec"]))
    live_page.goto(f"{site_server.url}{doc}#{sid}@0")
    wait_mounted(live_page, everything=False)
    root = widget(live_page, sid)
    root.evaluate(WATCH)
    root.locator('[data-action="analysis"]').click()
    root.locator('[data-role="analysis"][data-step="0"][data-state="done"]').wait_for(timeout=LIVE_MS)
    first_look_then_answer(live_page, rp.game, rp.line.states[0], 0, looked=True)
