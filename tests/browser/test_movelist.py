"""The move list beside the board, and step controls that stay where they are while stepping.

The list must show every step of the scenario in order (card plays grouped by trick with leader and
winner, calls and deals as rows of their own, a mark on each step with a note), highlight the step
shown, and jump on a click or Enter. The Next button must not move by more than 2 px over all the
steps of every scenario, at desktop and phone sizes.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import (
    REPO,
    SiteServer,
    edition_of,
    embedded,
    reveal,
    sample_pages,
    site_pages,
    sweep_share,
    sweeping_all,
    wait_mounted,
)

pytestmark = pytest.mark.browser

PAGE = "drogue.html"
SID = "drogue/example"

LIST = """(root) => [...root.querySelectorAll('[data-role="movelist"] [data-step]')].map((el) => ({
  step: Number(el.dataset.step),
  trick: el.closest('[data-trick]') ? Number(el.closest('[data-trick]').dataset.trick) : null,
  note: !!el.querySelector('.ot-ml-note'),
  wins: !!el.querySelector('.ot-ml-win'),
  current: el.classList.contains('ot-ml-current'),
  text: el.textContent,
}))"""


@pytest.fixture(scope="module")
def frames(site_server: SiteServer) -> list[dict[str, Any]]:
    return list(embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]["frames"])


def entries(page: Any) -> list[dict[str, Any]]:
    # the list is drawn once it comes near the screen
    page.wait_for_selector(f'.oldtricks-widget[id="{SID}"] [data-role="movelist"][data-drawn]')
    return list(page.eval_on_selector(f'.oldtricks-widget[id="{SID}"]', LIST))


def test_the_move_list_holds_every_step_grouped_by_trick(
    live_page: Any, site_server: SiteServer, frames: list[dict[str, Any]]
) -> None:
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@0")
    wait_mounted(live_page)
    got = entries(live_page)
    assert [e["step"] for e in got] == [f["step"] for f in frames], "one entry per step, in order"
    for entry, frame in zip(got, frames, strict=True):
        is_card = frame["move"] is not None and len(frame["move"]) == 2 and frame["trick"]["number"] > 0
        assert entry["trick"] == (frame["trick"]["number"] if is_card else None), entry
        assert entry["note"] == bool(frame["note"]), f"note mark at step {frame['step']}"
    # the winner of each complete trick is marked on the card it played, and only there
    winners = {}
    for frame in frames:
        if frame["trick"]["complete"] and frame["trick"]["winner"] is not None:
            winners[frame["trick"]["number"]] = frame["trick"]["winner"]
    marked = {(e["trick"], e["step"]) for e in got if e["wins"]}
    expected = set()
    for frame in frames:
        t = frame["trick"]["number"]
        if frame["move"] is not None and len(frame["move"]) == 2 and t in winners and frame["mover"] == winners[t]:
            expected.add((t, frame["step"]))
    assert winners and marked == expected
    # calls and bids say what the engine said
    call = next(f for f in frames if f["move"] and f["move"].startswith("bid"))
    assert call["events"][0] in next(e["text"] for e in got if e["step"] == call["step"])
    assert [e["step"] for e in got if e["current"]] == [0]


def test_a_click_or_enter_on_an_entry_jumps_there(live_page: Any, site_server: SiteServer) -> None:
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@0")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    y = live_page.evaluate("() => window.scrollY")
    root.locator('[data-role="movelist"] [data-step="8"]').click()
    assert root.get_attribute("data-step") == "8"
    live_page.wait_for_function("(h) => location.hash === h", arg=f"#{SID}@8")  # once the stepping stops
    assert [e["step"] for e in entries(live_page) if e["current"]] == [8]
    # stepping moves the highlight; the keyboard focus stays in the list, on the current entry
    live_page.keyboard.press("ArrowRight")
    assert root.get_attribute("data-step") == "9"
    assert live_page.evaluate("() => document.activeElement.dataset.step") == "9"
    live_page.keyboard.press("ArrowDown")
    live_page.keyboard.press("ArrowDown")
    assert root.get_attribute("data-step") == "9", "arrows up and down only move the focus"
    live_page.keyboard.press("Enter")
    assert root.get_attribute("data-step") == "11"
    assert abs(live_page.evaluate("() => window.scrollY") - y) < 400, "the page stays where the reader is"


FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
IN_BOX = """(root) => { const list = root.querySelector('[data-role="movelist"]').getBoundingClientRect();
  const cur = root.querySelector('.ot-ml-current').getBoundingClientRect();
  return {inside: cur.top >= list.top - 1 && cur.bottom <= list.bottom + 1,
          top: root.querySelector('[data-role="movelist"]').scrollTop}; }"""


@pytest.mark.parametrize("width", [1366, 390], ids=["desktop", "phone"])
def test_the_list_scrolls_only_when_the_current_entry_leaves_its_box(
    live_page: Any, site_server: SiteServer, width: int
) -> None:
    """Beside the board on a wide screen, under it (a box of its own height) on a phone."""
    live_page.set_viewport_size({"width": width, "height": 900 if width > 1000 else 844})
    # an evening of deals: a list far longer than its box
    sid = "drogue/evening"
    live_page.goto(f"{site_server.url}drogue-clips.html#{sid}@0")
    wait_mounted(live_page)
    live_page.wait_for_selector(f'.oldtricks-widget[id="{sid}"] [data-role="movelist"][data-drawn]')
    root = live_page.locator(f'.oldtricks-widget[id="{sid}"]')
    root.locator('[data-action="next"]').click()
    live_page.evaluate(FRAMES)
    near = root.evaluate(IN_BOX)
    assert near == {"inside": True, "top": 0}, "the entry is in view: the list does not scroll"
    root.locator('[data-action="last"]').click()
    live_page.evaluate(FRAMES)
    far = root.evaluate(IN_BOX)
    assert far["inside"] and far["top"] > 0, far
    root.locator('[data-action="first"]').click()
    live_page.evaluate(FRAMES)
    assert root.evaluate(IN_BOX) == {"inside": True, "top": 0}


# Steps a viewer through all its steps by its Next button (answering lessons with "Show me") and
# returns the Next button's box at each step.
WALK = """(root) => {
  const next = root.querySelector('[data-action="next"]');
  // where a reader clicking Next has it: in the middle of the screen (here, in the walk's one task: a
  // viewer near it still being drawn cannot move the page between this and the first step)
  next.scrollIntoView({block: "center", behavior: "instant"});
  const box = () => { const r = next.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
  const boxes = [[Number(root.dataset.step), box()]];
  root.querySelector('[data-action="first"]').click();
  boxes.push([Number(root.dataset.step), box()]);
  for (let guard = 0; guard < 5000 && !next.disabled; guard++) {
    const before = root.dataset.step;
    next.click();
    if (root.dataset.step === before) {
      const reveal = root.querySelector('[data-action="reveal"]');
      if (!reveal || reveal.hidden) return {error: `stuck at step ${before}`};
      reveal.click();
    }
    boxes.push([Number(root.dataset.step), box()]);
  }
  return {boxes};
}"""


def walk_viewers(page: Any, url: str, sids: list[str]) -> dict[str, int]:
    """Walk each viewer of the page at ``url`` through its steps; the number of steps walked, by id.
    Each is shown first as a reader finds it (its fold opened, its tab chosen) and drawn."""
    page.goto(url)
    wait_mounted(page, everything=False)
    walked = {}
    for sid in sids:
        assert reveal(page, sid) == "static", f"{url} {sid}: the viewer did not start"
        root = page.locator(f'.oldtricks-widget[id="{sid}"]')
        root.locator('[data-action="next"]').wait_for()
        result = root.evaluate(WALK)
        assert "error" not in result, f"{url} {sid}: {result.get('error')}"
        boxes = result["boxes"]
        x0, y0, w0, h0 = boxes[0][1]
        for step, (x, y, w, h) in boxes:
            assert abs(x - x0) <= 2 and abs(y - y0) <= 2 and abs(w - w0) <= 2 and abs(h - h0) <= 2, (
                f"{url} {sid}: the Next button moved at step {step}: {(x0, y0)} -> {(x, y)}"
            )
        walked[sid] = len(boxes)
    return walked


# Every scenario at a phone's width, where the board wraps most, on its rules page (where the most
# readers meet it, and narrower there than on its embed page: the article has margins), in PARTS parts
# that the test workers share (the README's test command walks a share of them, `nox -s sweep` all:
# conftest.sweep_share); at a desktop's, one embed page per game. And the viewer whose Next button
# moved by 128 px on its rules page.
PARTS = 3 if sweeping_all() else 1  # a share (conftest.sweep_share) is walked by one test: each page loaded once


def _rules_viewers(root: Any) -> dict[str, dict[str, int]]:
    """The viewers of each page but the embed pages (each holds one viewer, also on a rules page), with
    the number of steps of each."""
    found = {}
    for rel in site_pages(root):  # English: an edition's page holds the same viewers in other words
        if not rel.startswith("embed/") and edition_of(rel) == "en":
            data = embedded((root / rel).read_text(encoding="utf-8"))
            if data:
                found[rel] = {sid: len(d["frames"]) for sid, d in data.items()}
    return found


def test_the_rules_pages_hold_every_scenario(site_server: SiteServer) -> None:
    """What the phone walk's parts walk between them: every scenario, on a page of the site."""
    held = {sid for sids in _rules_viewers(site_server.root).values() for sid in sids}
    folder = REPO / "scenarios"
    scenarios = {p.relative_to(folder).with_suffix("").as_posix() for p in folder.rglob("*.toml")}
    assert scenarios <= held, f"on no page but its embed page: {sorted(scenarios - held)}"


def _part(root: Any, part: int) -> dict[str, list[str]]:
    """The viewers of one part, by page: this run's share of every page's viewers dealt round the parts,
    the ones with the most steps first, so that the parts are alike in work."""
    pages = _rules_viewers(root)
    steps = {f"{rel}#{sid}": n for rel, sids in pages.items() for sid, n in sids.items()}
    mine = {tuple(key.split("#")) for key in sweep_share(steps)[part::PARTS]}
    return {rel: [sid for sid in sids if (rel, sid) in mine] for rel, sids in pages.items()}


@pytest.mark.long
@pytest.mark.sweep
@pytest.mark.parametrize("part", range(PARTS))
def test_the_step_controls_stay_put_on_every_step_at_a_phones_width(
    live_page: Any, site_server: SiteServer, part: int
) -> None:
    live_page.set_viewport_size({"width": 390, "height": 844})
    walked: dict[str, int] = {}
    mine = _part(site_server.root, part)
    for rel, sids in mine.items():
        if sids:
            walked.update(walk_viewers(live_page, f"{site_server.url}{rel}", sids))
    assert walked and len(walked) == sum(len(s) for s in mine.values()), walked
    if part == 0:
        assert walk_viewers(live_page, f"{site_server.url}{PAGE}#{SID}", [SID])[SID] > 30


def test_the_step_controls_stay_put_on_every_step_at_a_desktops_width(live_page: Any, site_server: SiteServer) -> None:
    live_page.set_viewport_size({"width": 1280, "height": 900})
    walked: dict[str, int] = {}
    for rel in sample_pages(site_server.root):
        if rel.startswith("embed/"):
            html = (site_server.root / rel).read_text(encoding="utf-8")
            walked.update(walk_viewers(live_page, f"{site_server.url}{rel}", list(embedded(html))))
    folder = REPO / "scenarios"
    games = {p.relative_to(folder).parts[0] for p in folder.rglob("*.toml")}
    assert {sid.split("/")[0] for sid in walked} == games, walked
    assert walk_viewers(live_page, f"{site_server.url}{PAGE}#{SID}", [SID])[SID] > 30
