"""A deal played with the keyboard alone, on every game: Tab reaches "Play from here" in the viewer,
Enter goes live and puts the focus on a card the reader may play; the arrow keys choose among the
cards (or the bids) and Enter plays; the focus comes back to the board at each of the reader's turns.
Every step is said once in the viewer's live region, the card by its name, with the engine's events,
as the accessibility tree exposes it. One page per rules page (one engine each), its games played one
after the other; the bots' moves are shown at once (reduced motion), so a deal takes a few seconds."""

from __future__ import annotations

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

FOCUS = """(sid) => {
  const a = document.activeElement, root = document.getElementById(sid);
  return {inside: root.contains(a), self: a === root, action: a.dataset.action || null,
          card: a.dataset.card || null, move: a.dataset.move || null, pile: a.dataset.pile || null,
          legal: a.dataset.legal || null, step: Number(root.dataset.step),
          busy: root.hasAttribute("aria-busy"), outcome: !!root.querySelector('[data-role="outcome"]')};
}"""

# The reader's turn has come back (the focus on a card or a move to play), or the deal is over.
SETTLED = """(sid) => {
  const a = document.activeElement, root = document.getElementById(sid);
  if (root.hasAttribute("aria-busy")) return false;
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


def play_a_deal(page: Any, site_server: SiteServer, name: str, sid: str, start: int) -> None:
    data = embedded((site_server.root / name).read_text(encoding="utf-8"))[sid]
    pattern = "french" if data.get("pattern") == "french" else "german"
    page.evaluate("(h) => { location.hash = h; }", f"{sid}@{start}")
    page.wait_for_function(f"() => document.getElementById('{sid}').dataset.step === '{start}'")
    page.evaluate(LISTEN, sid)
    root = widget(page, sid)
    assert tab_to_go_live(page, sid) > 3
    page.keyboard.press("Enter")
    page.wait_for_selector(f'.oldtricks-widget[id="{sid}"][data-ready="live"]', timeout=LIVE_MS)
    page.wait_for_function(SETTLED, arg=sid, timeout=LIVE_MS)
    mine = 0
    for _ in range(40):
        got = page.evaluate(FOCUS, sid)
        if got["outcome"] or got["move"] in ("deal", "redeal"):
            break  # the deal is over: the game's end, or the next deal offered
        assert got["legal"] == "true" or got["move"], f"{sid}: the focus is not on a move to play: {got}"
        got = choose_with_arrows(page, sid)
        focused = page.locator(":focus")
        if got["card"]:
            # the card is announced by its name (the button's accessible name, as a screen reader reads it)
            name = focused.aria_snapshot().splitlines()[0]
            assert name.startswith(f'- button "Play the {card_name(got["card"], pattern)}"'), name
        elif got["pile"]:
            assert "Turn up the top card" in focused.aria_snapshot()
        else:
            assert got["move"] in focused.aria_snapshot()
        page.keyboard.press("Enter")
        mine += 1
        page.wait_for_function(
            f"() => Number(document.getElementById('{sid}').dataset.step) > {got['step']}", timeout=MOVE_MS
        )
        page.wait_for_function(SETTLED, arg=sid, timeout=MOVE_MS)
    else:
        raise AssertionError(f"{sid}: the deal did not end within 40 of the reader's moves")
    assert mine >= 2, f"{sid}: the reader made {mine} moves"

    # Every step after the one gone live at said once, in order, with the card's name and the events.
    frames = frames_shown(page, sid)
    end = int(root.get_attribute("data-step") or 0)
    said = " ".join(page.evaluate("(sid) => window.__said[sid]", sid))
    chunks: dict[int, list[str]] = {}
    for m in re.finditer(r"Step (\d+)\.(.*?)(?=Step \d+\.|$)", said, re.S):
        chunks.setdefault(int(m.group(1)), []).append(m.group(2))
    assert all(len(c) == 1 for c in chunks.values()), {s: c for s, c in chunks.items() if len(c) > 1}
    assert sorted(s for s in chunks if s > start) == list(range(start + 1, end + 1)), (start, end, sorted(chunks))
    by_step = {f["step"]: f for f in frames}
    for step in range(start + 1, end + 1):
        f, text = by_step[step], chunks[step][0]
        move = card_name(f["move"], pattern) if re.fullmatch(r"[2-9TJQKAUO][A-Z]", f["move"] or "") else f["move"]
        assert f"{f['seats'][f['mover']]['name']}: {move}." in text, (step, text)
        for event in f["events"]:
            assert event in text, (step, event, text)
    # the region is in the accessibility tree, with the last step's words
    snapshot = root.locator('[data-role="announce"]').aria_snapshot()
    assert f"Step {end}." in snapshot, snapshot


def late_start(frames: list[dict[str, Any]], back: int) -> int:
    """A step some moves before the book's end where someone is to move."""
    i = max(0, len(frames) - 1 - back)
    while frames[i]["turn"] is None:
        i -= 1
    return int(frames[i]["step"])


@pytest.mark.parametrize(
    ("name", "games"),
    [
        ("druzbart.html", [("druzbart/basics", 0), ("clock/win", 0)]),
        ("drogue.html", [("drogue/example", 0)]),
        ("bettelmann.html", [("bettelmann/run-out-loses", None), ("todundleben/colours", None)]),
    ],
)
def test_a_deal_played_with_the_keyboard_alone(
    live_page: Any, site_server: SiteServer, name: str, games: list[tuple[str, int | None]]
) -> None:
    live_page.emulate_media(reduced_motion="reduce")
    live_page.goto(f"{site_server.url}{name}")
    wait_mounted(live_page, everything=False)
    book = embedded((site_server.root / name).read_text(encoding="utf-8"))
    for sid, start in games:
        # Bettelmann's games run long: from a few turns before the end of the book
        play_a_deal(live_page, site_server, name, sid, late_start(book[sid]["frames"], 8) if start is None else start)
