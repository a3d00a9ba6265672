"""The table fits: at every step of every viewer (the embed pages, one viewer each), at 1280, 768 and 390 px
wide, every hand, pile, seat box, label and card lies within the table, within its own seat's box, clear
of the other seats and of the trick; no label is cut or broken over two lines; a card the reader may click
is a touch target of at least 24 x 24 px.

The steps are walked in the page (Next, or "Show me" at a lesson's question), each measured as drawn:
one page load per viewer, its widths by resizing the window (all three under `nox -s sweep`; two in turn
in the README's test command, which walks a third of the viewers)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conftest import SWEEP_SHARE, SiteServer, embedded, site_pages, sweep_share, sweeping_all, wait_mounted

pytestmark = pytest.mark.browser

WIDTHS = (1280, 768, 390)
TOUCH = 24  # px: the smallest touch target (WCAG 2.2, 2.5.8)

# One step's faults, each [what, px]: the measure is in the page, after the step is drawn.
#  - outside the viewer or the table, outside its seat's box (a hand past the seat's edge), over another
#    seat or over the trick and the centre's groups (a pile run under the trick): by how many px;
#  - a label (a seat's name, its flags and marks, the tricks won, a pile's count, a tag on a card) cut
#    (its text wider than its box) or broken over two lines;
#  - a card or pile the reader may click smaller than TOUCH px either way (its part in view: in a fan a
#    card's box is the slice of it not under the next card).
# What is measured: every box of the table but the cards of a fan before the last (each lies under
# the next, and its box, the slice in view, within the hand's row).
MEASURE = """(touch) => {
  const TOL = 0.75;
  const root = document.querySelector(".oldtricks-widget");
  const table = root.querySelector(".ot-table-slot > .ot-table");
  if (!table) return [["no table", 0]];
  const faults = [];
  const rects = new Map();
  const box = (el) => {
    if (!rects.has(el)) rects.set(el, el.getBoundingClientRect());
    return rects.get(el);
  };
  const seatOf = (el) => {
    const seat = el.closest("[data-seat-box]");
    return seat ? seat.querySelector(".ot-seat-name").textContent : "centre";
  };
  const name = (el) => `${seatOf(el)} ${el.tagName.toLowerCase()}${[...el.classList].map((c) => "." + c).join("")}`;
  const outside = (r, o) => Math.max(o.left - r.left, r.right - o.right, o.top - r.top, r.bottom - o.bottom);
  const overlap = (a, b) => Math.min(Math.min(a.right, b.right) - Math.max(a.left, b.left),
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const T = box(table), R = root.getBoundingClientRect();
  if (outside(T, R) > TOL) faults.push(["table outside the viewer", outside(T, R)]);
  const PARTS = ".ot-seat-head > *, .ot-hand, .ot-slot:last-child .ot-card-img, .ot-slot:last-child .ot-card,"
    + " .ot-stack, .ot-count, .ot-top-tag, .ot-value, .ot-trick-head, .ot-trick, .ot-played .ot-card, .ot-win-tag,"
    + " .ot-group, .ot-group-label, .ot-group-cards > .ot-card, .ot-empty, .ot-outcome, .ot-seat, button.ot-card";
  const parts = [...table.querySelectorAll(PARTS)].filter((el) => { const r = box(el); return r.width || r.height; });
  for (const el of parts) {
    const out = outside(box(el), T);
    if (out > TOL) faults.push([`${name(el)} outside the table`, out]);
    const seat = el.closest("[data-seat-box]");
    const inSeat = seat && seat !== el ? outside(box(el), box(seat)) : 0;
    if (inSeat > TOL) faults.push([`${name(el)} outside its seat`, inSeat]);
  }
  const seats = [...table.querySelectorAll("[data-seat-box]")];
  const centre = [...table.querySelectorAll('[data-role="trick"], .ot-group')];
  seats.forEach((seat, i) => {
    for (const other of [...seats.slice(i + 1), ...centre]) {
      const o = overlap(box(seat), box(other));
      if (o > TOL) faults.push([`${name(seat)} over ${name(other)}`, o]);
    }
  });
  // a mark (the engine's words, as long as "drogue clip, off for the parade") may take two lines in a narrow seat
  const ONE_LINE = ".ot-seat-name, .ot-turn-flag, .ot-you-flag, .ot-won, .ot-count, .ot-hand-toggle,"
    + " .ot-top-tag, .ot-win-tag, .ot-value";
  for (const el of table.querySelectorAll(ONE_LINE)) {
    const r = box(el);
    if (!r.width) continue;
    if (el.scrollWidth > el.clientWidth + 1) faults.push([`${name(el)} cut`, el.scrollWidth - el.clientWidth]);
    // broken over two lines: its text's line boxes (each text node's) at more than one height
    const tops = [];
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.data.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) if (line.width > 0) tops.push(line.top);
    }
    if (tops.length && Math.max(...tops) - Math.min(...tops) > 4) faults.push([`${name(el)} on two lines`, 0]);
  }
  for (const el of table.querySelectorAll(".ot-group-label, .ot-trick-head, .ot-empty")) {
    const cut = el.scrollWidth - el.clientWidth;
    if (box(el).width && cut > 1) faults.push([`${name(el)} cut`, cut]);
  }
  for (const el of table.querySelectorAll("button.ot-card, button.ot-pile")) {
    const r = box(el);
    if (r.width < touch - 0.01 || r.height < touch - 0.01) {
      const size = `${r.width.toFixed(1)} x ${r.height.toFixed(1)} px`;
      faults.push([`${name(el)} a touch target of ${size}`, touch - Math.min(r.width, r.height)]);
    }
  }
  return faults.map(([what, px]) => [what, Math.round(px * 10) / 10]);
}"""

# Every step of the page's viewer from its first, at each width in turn (the viewer's width in a window of
# that width, read once: the viewer lays itself out by its own width, container queries, and the window's
# width changes nothing else of it), each step measured as drawn; at a lesson's question the answer is
# shown ("Show me"), as the viewer will not go on before. A width is set once per walk, not once per step:
# a new width lays the whole viewer out again (its move list, its text), some twice the cost of a step.
# Returns {window width: {step: faults}}.
WALK = """async ([touch, widths]) => {
  const check = MEASURE;
  const root = document.querySelector(".oldtricks-widget");
  const next = root.querySelector('[data-action="next"]');
  const found = {};
  for (const [window, width] of widths) {
    root.style.width = `${width}px`;
    root.querySelector('[data-action="first"]').click();
    for (let n = 0; n < 2000; n++) {
      const step = root.dataset.step;
      const faults = check(touch);
      if (faults.length) ((found[window] ||= {})[step] = faults);
      const reveal = root.querySelector('.ot-lesson:not([hidden]) [data-action="reveal"]:not([hidden])');
      (reveal || next).click();
      if (root.dataset.step === step) break;
    }
  }
  root.style.width = "";
  return found;
}""".replace("MEASURE", MEASURE)


def embed_pages(root: Path) -> list[str]:
    return [p for p in site_pages(root) if p.startswith("embed/")]


# The width a viewer of the README's test command's share is not walked at, by its place in its game's share:
# the first (the longest walk) is walked at a desktop's and a phone's width.
LEFT_OUT = (768, 390, 1280)


def widths_walked(turn: int) -> tuple[int, ...]:
    """The window widths a viewer is walked at: each of WIDTHS under `nox -s sweep`; in the README's test
    command two of them, the one left out in turn (``turn``: the viewer's place in its game's share)."""
    return WIDTHS if sweeping_all() else tuple(w for w in WIDTHS if w != LEFT_OUT[turn % len(LEFT_OUT)])


def viewer_widths(page: Any, windows: tuple[int, ...] = WIDTHS) -> list[list[int]]:
    """[window width, the viewer's width in it] for each of ``windows``."""
    widths = []
    for window in windows:
        page.set_viewport_size({"width": window, "height": 900})
        widths.append([window, page.evaluate("() => document.querySelector('.oldtricks-widget').clientWidth")])
    return widths


def walk(page: Any, widths: list[list[int]]) -> dict[str, dict[str, list[list[Any]]]]:
    """Every step of the page's viewer measured at each width: {window width: {step: faults}}."""
    found: dict[str, dict[str, list[list[Any]]]] = page.evaluate(WALK, [TOUCH, widths])
    return found


def summary(faults: dict[str, dict[str, list[list[Any]]]]) -> str:
    """One line per viewer and kind of fault: the worst px, and the steps where it is seen."""
    lines = []
    for viewer, steps in faults.items():
        worst: dict[str, tuple[float, list[str]]] = {}
        for step, found in steps.items():
            for what, px in found:
                px_was, where = worst.get(what, (0.0, []))
                worst[what] = (max(px_was, px), [*where, step])
        for what, (px, where) in sorted(worst.items(), key=lambda kv: -kv[1][0]):
            at = ", ".join(where[:6]) + (f" and {len(where) - 6} more" if len(where) > 6 else "")
            lines.append(f"{viewer} at step {at}: {what} ({px} px)")
    return "\n".join(lines)


GAMES = ("bettelmann", "clock", "drogue", "druzbart", "todundleben")  # the embed pages' folders


def test_every_game_is_walked(site_server: SiteServer) -> None:
    pages = embed_pages(site_server.root)
    assert len(pages) > 100, pages
    assert {p.split("/")[1] for p in pages} == set(GAMES)


def steps_of(root: Path, page: str) -> int:
    """The number of steps of the one viewer of an embed page."""
    [data] = embedded((root / page).read_text(encoding="utf-8")).values()
    return len(data["frames"])


def test_the_sweep_share_holds_every_game_and_the_longest_walk(site_server: SiteServer) -> None:
    """What the README's test command walks of each game (sitepages.sweep_share): a third of its viewers,
    the longest among them; `nox -s sweep` walks them all."""
    for game in GAMES:
        steps = {p: steps_of(site_server.root, p) for p in embed_pages(site_server.root) if p.split("/")[1] == game}
        share = sweep_share(steps)
        assert steps[share[0]] == max(steps.values()), (game, share)
        assert len(share) == (len(steps) if sweeping_all() else -(-len(steps) // SWEEP_SHARE)), (game, share)
        # each viewer at two widths or more, the longest walk at a desktop's and a phone's; every width walked
        walked = [widths_walked(turn) for turn in range(len(share))]
        assert all(len(w) >= 2 for w in walked) and {1280, 390} <= set(walked[0]), walked
        assert {w for ws in walked for w in ws} == set(WIDTHS) or len(share) < len(LEFT_OUT), (game, walked)


# one test a game: the workers share the walk (some 4,200 steps, each measured at three widths; the
# README's test command walks a third of the viewers of each game, each at two of the widths in turn,
# `nox -s sweep` all of them at all three: conftest.py)
@pytest.mark.long
@pytest.mark.sweep
@pytest.mark.parametrize("game", GAMES)
def test_every_step_of_every_viewer_fits_its_table(live_page: Any, site_server: SiteServer, game: str) -> None:
    steps = {p: steps_of(site_server.root, p) for p in embed_pages(site_server.root) if p.split("/")[1] == game}
    faults: dict[str, dict[str, list[list[Any]]]] = {}
    for turn, path in enumerate(sweep_share(steps)):
        live_page.goto(site_server.url + path)
        wait_mounted(live_page)
        widths = viewer_widths(live_page, widths_walked(turn))
        live_page.set_viewport_size({"width": WIDTHS[0], "height": 900})
        for width, found in walk(live_page, widths).items():
            faults[f"{path.removeprefix('embed/').removesuffix('.html')} at {width} px"] = found
    assert not faults, f"{len(faults)} viewers and widths where the table does not fit:\n{summary(faults)}"


def test_the_measure_sees_a_hand_off_the_table(live_page: Any, site_server: SiteServer) -> None:
    """The measure finds a seat box pushed past the table's edge and one over the trick, a name broken over
    two lines, a label cut and a card too small to tap; on the same step as drawn it finds nothing."""
    live_page.set_viewport_size({"width": 1280, "height": 900})
    live_page.goto(site_server.url + "embed/druzbart/basics.html")
    wait_mounted(live_page)
    live_page.evaluate("() => document.querySelector('[data-action=\"next\"]').click()")
    assert live_page.evaluate(MEASURE, TOUCH) == []
    live_page.evaluate(
        """() => {
      const seats = document.querySelectorAll("[data-seat-box]");
      seats[1].style.transform = "translateX(-400px)";
      seats[3].style.transform = "translateX(-300px)";
      const flag = document.querySelector(".ot-seat-name");
      flag.textContent = "a name far too long for one line of its seat's box, broken";
      flag.style.whiteSpace = "normal";
      flag.style.display = "block";
      flag.style.width = "60px";
      const won = document.querySelector(".ot-won");
      won.style.cssText = "display: block; width: 5px; overflow: hidden";
      const card = document.querySelector(".ot-slot");
      card.replaceChildren(Object.assign(document.createElement("button"), {className: "ot-card"}));
      card.style.cssText = "flex: 0 0 12px; min-width: 0";
    }"""
    )
    found = " | ".join(what for what, _ in live_page.evaluate(MEASURE, TOUCH))
    for what in (
        "outside the table",
        " over ",
        "span.ot-seat-name on two lines",
        "span.ot-won cut",
        "touch target of 12.0",
    ):
        assert what in found, (what, found)
