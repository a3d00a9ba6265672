"""On a phone (390 x 844), "Play now" shows the seat to play, its hand and the controls for its move on the
first screen, and so after every move: the reader never scrolls to find the move asked for."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
READY_MS = 90_000  # Pyodide starts in about 3 s here; a loaded machine is much slower
MOVES = 8  # the reader's moves played, each checked after

# The reader's seat to play (the seat marked "you"), its hand, and each control for its move (a card it
# may play, a move button under the table): their tops and bottoms in the window, and the window's height
# under the theme's header.
CONTROLS = ".ot-sb-widget button.ot-card[data-legal='true'], [data-role='moves'] button"
SEEN = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
  const seat = document.querySelector(".ot-sb-widget .ot-seat.ot-you");
  const header = document.querySelector(".mobile-header");
  const top = header && header.getBoundingClientRect().height ? header.getBoundingClientRect().bottom : 0;
  if (!seat) return {top, seat: null};
  const controls = [...document.querySelectorAll(CONTROLS)];
  return {top, bottom: window.innerHeight, seat: box(seat), hand: box(seat.querySelector(".ot-hand")),
    controls: controls.map(box), names: controls.map((b) => b.dataset.move || b.dataset.card)};
}""".replace("CONTROLS", repr(CONTROLS))


def off_screen(seen: dict[str, Any]) -> list[str]:
    """What of the seat to play, its hand and its controls is not wholly in the window under its header."""
    top, bottom = seen["top"], seen["bottom"]
    out = []
    for name in ("seat", "hand"):
        a, b = seen[name]
        if a < top - 1 or b > bottom + 1:
            out.append(f"{name} at {a}..{b}")
    for (a, b), move in zip(seen["controls"], seen["names"], strict=True):
        if a < top - 1 or b > bottom + 1:
            out.append(f"{move} at {a}..{b}")
    if not seen["controls"]:
        out.append("no control for the move")
    return out


def idle(page: Any) -> None:
    page.wait_for_function("() => !document.querySelector('.ot-sb-play[aria-busy]')")


@pytest.mark.parametrize("game", ["drogue", "druzbart", "bettelmann"])
def test_play_now_on_a_phone_keeps_the_move_on_the_first_screen(
    live_page: Any, site_server: SiteServer, game: str
) -> None:
    page = live_page
    page.set_viewport_size(PHONE)
    page.goto(site_server.url + f"sandbox/{game}.html#play-{game}")
    page.wait_for_selector('.oldtricks-sandbox[data-ready="ready"]', timeout=READY_MS)
    idle(page)
    seen = page.evaluate(SEEN)
    assert seen["seat"], "no seat of the reader's to play after Play now"
    assert not off_screen(seen), ("after Play now", off_screen(seen), seen)
    for move in range(MOVES):
        step = page.evaluate("() => document.querySelector('.ot-sb-widget').dataset.step")
        # the reader's move: the last control (a card or the last move button), as a thumb would reach it
        page.locator(CONTROLS).last.click()
        page.wait_for_function(
            "(step) => document.querySelector('.ot-sb-widget').dataset.step !== step", arg=step, timeout=READY_MS
        )
        idle(page)
        seen = page.evaluate(SEEN)
        if not seen["seat"]:
            break  # the game is over
        assert not off_screen(seen), (f"after move {move + 1}", off_screen(seen), seen)
