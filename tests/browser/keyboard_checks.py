"""What the keyboard tests (test_keyboard.py) send and read: the live region's texts, the board's Tab stops
and tabindexes, the seats' bearings, the order of play, and the checks of the focus order and the roving
tabindex; a move chosen with the arrow keys."""

from __future__ import annotations

import itertools
from typing import Any

LIVE_MS = 90_000  # Pyodide starts in about 3 s here; a loaded machine is much slower
MOVE_MS = 30_000

RANKS = {
    "german": {"6": "Six", "7": "Seven", "8": "Eight", "9": "Nine", "T": "Ten", "U": "Unter", "O": "Ober"},
    "french": {"7": "Seven", "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen"},
}
SUITS = {
    "german": {"A": "Acorns", "L": "Leaves", "H": "Hearts", "B": "Bells"},
    "french": {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"},
}


def card_name(card: str, pattern: str) -> str:
    rank = {**RANKS[pattern], "K": "King", "A": "Ace"}[card[0]]
    return f"{rank} of {SUITS[pattern][card[1]]}"


# Every text the viewer's live region is given, in order (a MutationObserver, set before going live).
LISTEN = """(sid) => {
  const region = document.getElementById(sid).querySelector('[data-role="announce"]');
  window.__said = window.__said || {};
  const said = window.__said[sid] = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) said.push(n.textContent);
  }).observe(region, {childList: true});
}"""

# Each group of board buttons (a hand, the row of moves) with the tabindex of each of its buttons.
TAB_INDEXES = """(sid) => [...document.getElementById(sid).querySelectorAll(
    ".ot-table-slot .ot-hand, .ot-live-board-slot [data-role=moves]")]
  .map((g) => [...g.querySelectorAll("button")].map((b) => ({key: b.dataset.card || b.dataset.move,
    tabindex: b.tabIndex, disabled: b.disabled, focused: b === document.activeElement})))
  .filter((buttons) => buttons.length)"""

FOCUS = (
    """(sid) => {
  const a = document.activeElement, root = document.getElementById(sid);
  return {inside: root.contains(a), self: a === root, action: a.dataset.action || null,
          card: a.dataset.card || null, move: a.dataset.move || null, pile: a.dataset.pile || null,
          legal: a.dataset.legal || null, step: Number(root.dataset.step),
          busy: root.hasAttribute("aria-busy"), outcome: !!root.querySelector('[data-role="outcome"]'),
          groups: ("""
    + TAB_INDEXES
    + """)(sid)};
}"""
)

# The reader's turn has come back after step `after` (the focus on a card or a move to play), or the
# game is over.
SETTLED = """([sid, after]) => {
  const a = document.activeElement, root = document.getElementById(sid);
  if (root.hasAttribute("aria-busy") || !(Number(root.dataset.step) > after)) return false;
  if (root.querySelector('[data-role="outcome"]')) return true;
  return root.contains(a) && (a.dataset.legal === "true" || !!a.dataset.move);
}"""


def tab_to_go_live(page: Any, sid: str) -> int:
    """Focus the viewer, then press Tab until "Play from here" has the focus; the presses it took."""
    page.evaluate("(sid) => document.getElementById(sid).focus()", sid)
    for presses in range(1, 80):
        page.keyboard.press("Tab")
        got = page.evaluate(FOCUS, sid)
        assert got["inside"], f"{sid}: Tab left the viewer before reaching 'Play from here'"
        if got["action"] == "go-live":
            return presses
    raise AssertionError(f"{sid}: 'Play from here' not reached with Tab")


# Where the focus is, as a stop of the Tab order: in which part of the viewer, at which seat's box.
STOP = """(sid) => {
  const a = document.activeElement, root = document.getElementById(sid);
  if (!root.contains(a) || a === root) return null;
  const box = a.closest("[data-seat-box]"), group = a.closest(".ot-hand, [data-role=moves]");
  return {part: a.closest(".ot-table-slot") ? "table" : a.closest(".ot-live-board-slot") ? "board" : "other",
          seat: box ? Number(box.dataset.seatBox) : null,
          group: group && group !== a ? (group.matches("[data-role=moves]") ? "moves" : "hand") : null,
          play: a.matches("button.ot-card, button[data-move], button[data-pile]"),
          key: [a.tagName, a.dataset.card, a.dataset.move, a.dataset.action, a.dataset.seat, a.dataset.pile].join(" ")};
}"""

# Each seat box's bearing from the middle of the table, in degrees clockwise from straight down.
BEARINGS = """(sid) => {
  const root = document.getElementById(sid), mid = root.querySelector(".ot-centre").getBoundingClientRect();
  const cx = mid.left + mid.width / 2, cy = mid.top + mid.height / 2;
  return [...root.querySelectorAll(".ot-table-slot [data-seat-box]")].map((box) => {
    const r = box.getBoundingClientRect(), dx = r.left + r.width / 2 - cx, dy = r.top + r.height / 2 - cy;
    return {seat: Number(box.dataset.seatBox), bearing: (Math.atan2(-dx, dy) * 180 / Math.PI + 360) % 360};
  });
}"""

# The widget drawn again at the step it shows, as a timer, an option or an engine's reply does.
REDRAW = """async (sid) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  (await import(src)).widgets.get(sid).render();
}"""


def tab_stops(page: Any, sid: str) -> list[dict[str, Any]]:
    """Tab from the last of the stepping controls (the view chooser, just before the table) until the
    focus has been through the table and the board under it: each stop on the way, in order."""
    page.evaluate(
        "(sid) => { const root = document.getElementById(sid), view = root.querySelector('[data-role=view]');"
        " (view && view.offsetParent ? view : root).focus({preventScroll: true}); }",
        sid,
    )
    stops: list[dict[str, Any]] = []
    for _ in range(120):
        page.keyboard.press("Tab")
        stop = page.evaluate(STOP, sid)
        if stop is None or (stop["part"] == "other" and any(s["part"] != "other" for s in stops)):
            return stops
        stops.append(stop)
    raise AssertionError(f"{sid}: Tab did not get past the table in 120 presses: {stops[-5:]}")


PHONE = {"width": 390, "height": 844}


def order_of_play(frames: list[dict[str, Any]]) -> list[int]:
    """The seats in the order they play, from seat 0, as the book's tricks show it: in each trick on
    the table, the seat that plays after each seat (the last seat left needs no trick to show it)."""
    after: dict[int, int] = {}
    for f in frames:
        seats = [play["seat"] for play in f["table"]]
        for a, b in itertools.pairwise(seats):
            assert after.setdefault(a, b) == b, f"seat {b} and seat {after[a]} both play after seat {a}"
    n = len(frames[0]["seats"])
    order = [0]
    while len(order) < n:
        left = [seat for seat in range(n) if seat not in order]
        order.append(after[order[-1]] if order[-1] in after or len(left) > 1 else left[0])
    return order


def check_round_the_table(page: Any, sid: str, order: list[int]) -> None:
    """The seats in the order of play go once round the table as it is laid out in the window (either
    way round), from seat 0 at the bottom."""
    bearings = {b["seat"]: b["bearing"] for b in page.evaluate(BEARINGS, sid)}
    assert sorted(bearings) == sorted(order)
    assert min(bearings[0], 360 - bearings[0]) < 45, f"{sid}: seat 0 is not at the bottom: {bearings}"
    steps = [(bearings[b] - bearings[a]) % 360 for a, b in itertools.pairwise([*order, order[0]])]
    once = round(sum(steps)) == 360 or round(sum(360 - x for x in steps)) == 360
    assert once, f"{sid}: the seats in the order of play {order} go back and forth at {page.viewport_size}: {bearings}"


def check_focus_order(page: Any, sid: str, order: list[int], *, live_seat: int | None) -> None:
    """The viewer's focus stops at the table come together, seat after seat in the order of play, and
    that order goes round the table as it is laid out (on a phone too); a hand in play and the row of
    moves are one stop each."""
    stops = tab_stops(page, sid)
    at_table = [i for i, s in enumerate(stops) if s["part"] == "table"]
    assert at_table, f"{sid}: no focus stop at the table: {stops}"
    assert at_table == list(range(at_table[0], at_table[-1] + 1)), f"{sid}: the table's stops are apart: {stops}"
    seats = [stops[i]["seat"] for i in at_table if stops[i]["seat"] is not None]
    met = [seat for k, seat in enumerate(seats) if k == 0 or seats[k - 1] != seat]
    assert met == [seat for seat in order if seat in met], (
        f"{sid}: the focus goes round the seats as {met}, not in the order of play {order}"
    )
    check_round_the_table(page, sid, order)
    if live_seat is None:
        assert met == order, f"{sid}: a seat has no focus stop (its hand's switch): {met}"
        wide = page.viewport_size  # and as a phone lays the table out
        page.set_viewport_size(PHONE)
        check_round_the_table(page, sid, order)
        page.set_viewport_size(wide)
    for group in ("hand", "moves"):
        keys = [s["key"] for s in stops if s["group"] == group]
        assert len(keys) <= 1, f"{sid}: Tab stops at each button of the {group}: {keys}"
    if live_seat is not None and page.evaluate(TAB_INDEXES, sid):
        played = [s for s in stops if s["play"]]
        assert played, f"{sid}: Tab never reaches the cards or moves in play: {stops}"
        assert all(s["seat"] in (live_seat, None) for s in played), f"{sid}: cards in play not at seat {live_seat}"


def check_tab_stops(sid: str, groups: list[list[dict[str, Any]]]) -> None:
    """Each group of board buttons (TAB_INDEXES) has exactly one button in the Tab order (tabindex 0,
    the others -1): the focused one, when the focus is in the group."""
    for buttons in groups:
        zero = [b for b in buttons if b["tabindex"] == 0]
        assert len(zero) == 1 and all(b["tabindex"] == -1 for b in buttons if b not in zero), (sid, buttons)
        focused = [b for b in buttons if b["focused"]]
        assert not focused or focused == zero, (sid, buttons)


def check_roving(page: Any, sid: str) -> None:
    """On a group of two or more buttons in play: Tab leaves it in one press and Shift+Tab comes back to
    the same button; the arrow keys move the stop, which stays on the button chosen when the step is
    drawn again; End and Home reach its last and first button."""
    here = page.evaluate(STOP, sid)
    size = page.evaluate(
        "(sid) => document.activeElement.closest('.ot-hand, [data-role=moves]')"
        "?.querySelectorAll('button:not(:disabled)').length || 0",
        sid,
    )
    if size < 2:
        return
    page.keyboard.press("ArrowRight")
    moved = page.evaluate(STOP, sid)
    assert moved["key"] != here["key"] and moved["group"] == here["group"], (here, moved)
    page.keyboard.press("Tab")
    away = page.evaluate(STOP, sid)
    assert away is None or away["group"] != here["group"] or away["seat"] != here["seat"], (
        f"{sid}: Tab went on within the group: {here} -> {away}"
    )
    page.evaluate(REDRAW, sid)
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(STOP, sid)["key"] == moved["key"], f"{sid}: Shift+Tab did not come back to {moved}"
    check_tab_stops(sid, page.evaluate(TAB_INDEXES, sid))
    page.keyboard.press("End")
    last = page.evaluate(STOP, sid)
    page.keyboard.press("Home")
    first = page.evaluate(STOP, sid)
    assert first["group"] == last["group"] == here["group"] and first["key"] != last["key"], (first, last)
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(STOP, sid)["key"] == first["key"], "ArrowLeft on the first button went round"
    refocus_play(page, sid)


def refocus_play(page: Any, sid: str) -> None:
    """The focus back on a card or move the reader may play."""
    page.evaluate(
        "(sid) => document.getElementById(sid).querySelector("
        "'button.ot-legal:not(:disabled), [data-role=moves] button:not(:disabled)').focus()",
        sid,
    )


def choose_with_arrows(page: Any, sid: str) -> dict[str, Any]:
    """From the focused card or move, ArrowRight to the last one the reader may play (and back no
    further): the arrows move among the hand's cards, or the moves, without stepping the game."""
    got = page.evaluate(FOCUS, sid)
    best = got
    for _ in range(16):
        page.keyboard.press("ArrowRight")
        now = page.evaluate(FOCUS, sid)
        assert now["step"] == got["step"], "an arrow key on a card stepped the game"
        if (now["card"], now["move"]) == (best["card"], best["move"]) or not now["inside"]:
            break  # the end of the group
        if now["legal"] == "true" or now["move"]:
            best = now
        elif now["card"] is None:
            break
    # back to the one chosen
    for _ in range(16):
        now = page.evaluate(FOCUS, sid)
        if (now["card"], now["move"]) == (best["card"], best["move"]):
            break
        page.keyboard.press("ArrowLeft")
    focus: dict[str, Any] = page.evaluate(FOCUS, sid)
    return focus


# The reader's first turns, at which the arrow keys choose the move and its name is read (at the
# others Enter plays the one the focus came back to): the first turn of each kind (a hand, a pile, a
# row of moves) too.
ARROW_TURNS = 3
