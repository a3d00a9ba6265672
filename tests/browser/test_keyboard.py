"""A whole game played with the keyboard alone, on every game: Tab reaches "Play from here" in the
viewer, Enter goes live and puts the focus on a card the reader may play; the arrow keys (and Home /
End) choose among the cards (or the bids) and Enter plays; the focus comes back to the board at each of
the reader's turns. Each hand, and each row of move buttons, is one Tab stop (a roving tabindex) that
stays on the card chosen when the step is drawn again; the focus stops of a viewer, static and live,
go round the table in the order of play, the way its seats are laid out. Every step is said once in the
viewer's live region, the card by its name, with the engine's events, as the accessibility tree exposes
it. One page per rules page (one engine start each), its games played one after the other from the
deal; the bots' moves are shown at once (reduced motion), so a game takes a few seconds. A lesson's
question is answered by keyboard too (no engine)."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from conftest import SiteServer, embedded, frames_shown, wait_mounted, widget

pytestmark = pytest.mark.browser

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
    return page.evaluate(FOCUS, sid)


# The reader's first turns, at which the arrow keys choose the move and its name is read (at the
# others Enter plays the one the focus came back to): the first turn of each kind (a hand, a pile, a
# row of moves) too.
ARROW_TURNS = 3


def play_a_game(page: Any, site_server: SiteServer, name: str, sid: str) -> None:
    data = embedded((site_server.root / name).read_text(encoding="utf-8"))[sid]
    pattern = "french" if data.get("pattern") == "french" else "german"
    order = order_of_play(data["frames"])
    page.evaluate("(h) => { location.hash = h; }", f"{sid}@0")
    page.wait_for_function(f"() => document.getElementById('{sid}').dataset.step === '0'")
    check_focus_order(page, sid, order, live_seat=None)
    page.evaluate(LISTEN, sid)
    root = widget(page, sid)
    assert tab_to_go_live(page, sid) > 3
    page.keyboard.press("Enter")
    page.wait_for_selector(f'.oldtricks-widget[id="{sid}"][data-ready="live"]', timeout=LIVE_MS)
    page.wait_for_function(SETTLED, arg=[sid, -1], timeout=LIVE_MS)
    mine, tried, ordered = 0, set(), False
    for _ in range(60):
        got = page.evaluate(FOCUS, sid)
        if got["outcome"] or got["move"] in ("deal", "redeal"):
            break  # the game is over, or (Drużbart, Drogue) the deal and the next deal offered
        assert got["legal"] == "true" or got["move"], f"{sid}: the focus is not on a move to play: {got}"
        check_tab_stops(sid, got["groups"])
        kind = "moves" if got["move"] else "pile" if got["pile"] else "hand"
        if not ordered:
            ordered = True
            seat = page.evaluate(
                "(sid) => Number(document.getElementById(sid).querySelector('.ot-seat.ot-you').dataset.seatBox)", sid
            )
            check_focus_order(page, sid, order, live_seat=seat)
            refocus_play(page, sid)
        if kind not in tried:
            check_roving(page, sid)
        if kind not in tried or mine < ARROW_TURNS:
            # the arrows choose the move; the card is announced by its name (the button's accessible
            # name, as a screen reader reads it)
            got = choose_with_arrows(page, sid)
            focused = page.locator(":focus")
            if got["card"]:
                name = focused.aria_snapshot().splitlines()[0]
                assert name.startswith(f'- button "Play the {card_name(got["card"], pattern)}"'), name
            elif got["pile"]:
                assert "Turn up the top card" in focused.aria_snapshot()
            else:
                assert got["move"] in focused.aria_snapshot()
        tried.add(kind)
        page.keyboard.press("Enter")
        mine += 1
        page.wait_for_function(SETTLED, arg=[sid, got["step"]], timeout=MOVE_MS)
    else:
        raise AssertionError(f"{sid}: the game did not end within 60 of the reader's moves")
    assert mine >= 2, f"{sid}: the reader made {mine} moves"

    # Every step from the deal on said once, in order, with the card's name and the events.
    frames = frames_shown(page, sid)
    end = int(root.get_attribute("data-step") or 0)
    said = " ".join(page.evaluate("(sid) => window.__said[sid]", sid))
    chunks: dict[int, list[str]] = {}
    for m in re.finditer(r"Step (\d+)\.(.*?)(?=Step \d+\.|$)", said, re.S):
        chunks.setdefault(int(m.group(1)), []).append(m.group(2))
    assert all(len(c) == 1 for c in chunks.values()), {s: c for s, c in chunks.items() if len(c) > 1}
    assert sorted(s for s in chunks if s > 0) == list(range(1, end + 1)), (end, sorted(chunks))
    by_step = {f["step"]: f for f in frames}
    for step in range(1, end + 1):
        f, text = by_step[step], chunks[step][0]
        move = card_name(f["move"], pattern) if re.fullmatch(r"[2-9TJQKAUO][A-Z]", f["move"] or "") else f["move"]
        assert f"{f['seats'][f['mover']]['name']}: {move}." in text, (step, text)
        for event in f["events"]:
            assert event in text, (step, event, text)
    # the region is in the accessibility tree, with the last step's words
    snapshot = root.locator('[data-role="announce"]').aria_snapshot()
    assert f"Step {end}." in snapshot, snapshot


@pytest.mark.long
@pytest.mark.parametrize(
    ("name", "games"),
    [
        ("druzbart.html", ["druzbart/basics", "clock/win"]),
        ("drogue.html", ["drogue/example"]),
        # two short games: North takes every trick but the last; eleven ties in a row
        ("bettelmann.html", ["bettelmann/run-out-loses", "todundleben/tie-chain"]),
    ],
)
def test_a_game_played_with_the_keyboard_alone(
    live_page: Any, site_server: SiteServer, name: str, games: list[str]
) -> None:
    live_page.emulate_media(reduced_motion="reduce")
    live_page.goto(f"{site_server.url}{name}")
    wait_mounted(live_page, everything=False)
    for sid in games:  # one engine for the page's games
        play_a_game(live_page, site_server, name, sid)


LESSON_PAGE, LESSON = "bettelmann.html", "bettelmann/last-three"


def test_a_lesson_answered_with_the_keyboard(live_page: Any, site_server: SiteServer) -> None:
    """A lesson's question is answered by keyboard too: its hand is one Tab stop, the arrows reach the
    answer, Enter plays it and the step is said in the live region."""
    frames = embedded((site_server.root / LESSON_PAGE).read_text(encoding="utf-8"))[LESSON]["frames"]
    asked = next(f for f in frames if f["ask"])
    step, answer = asked["step"], asked["ask"]["answer"]
    live_page.goto(f"{site_server.url}{LESSON_PAGE}#{LESSON}@{step}")
    wait_mounted(live_page, everything=False)
    live_page.wait_for_function(f"() => document.getElementById('{LESSON}').dataset.step === '{step}'")
    stops = tab_stops(live_page, LESSON)
    played = [i for i, s in enumerate(stops) if s["play"]]
    assert len(played) == 1 and stops[played[0]]["group"] == "hand", f"the question's hand is not one stop: {stops}"
    # back to it, from the control before the table
    live_page.evaluate(f"() => document.getElementById('{LESSON}').querySelector('[data-role=view]').focus()")
    for _ in range(played[0] + 1):
        live_page.keyboard.press("Tab")
    got = live_page.evaluate(FOCUS, LESSON)
    assert got["card"], got
    check_tab_stops(LESSON, got["groups"])
    live_page.keyboard.press("Home")
    for _ in range(len(got["groups"][0])):
        if live_page.evaluate(FOCUS, LESSON)["card"] == answer:
            break
        live_page.keyboard.press("ArrowRight")
    assert live_page.evaluate(FOCUS, LESSON)["card"] == answer, f"the arrows did not reach {answer}"
    live_page.keyboard.press("Enter")
    live_page.wait_for_function(f"() => document.getElementById('{LESSON}').dataset.step === '{step + 1}'")
    said = widget(live_page, LESSON).locator('[data-role="announce"]').aria_snapshot()
    assert f"Step {step + 1}." in said and card_name(answer, "german") in said, said
