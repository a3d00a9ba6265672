"""The way in, as a newcomer meets it: "Play now" on the front page starts a game in two clicks (the link,
then the reader's own first move), and a glossary term in the rules shows its meaning when focused and
leads to its entry when followed."""

from __future__ import annotations

import re
from typing import Any

import pytest

from conftest import SiteServer

pytestmark = pytest.mark.browser

READY_MS = 90_000  # the sandbox goes live at once: Pyodide starts in about 3 s here, far slower on a loaded machine
DOORS = {"druzbart": "Drużbart", "drogue": "Drogue", "bettelmann": "Bettelmann"}
SCREENS = {"druzbart": (1366, 900), "drogue": (390, 844), "bettelmann": (390, 844)}  # a desktop, and phones

# The sandbox as its module sees it, with what the table shows of each seat's hand.
SEATED = """async () => {
  const src = document.querySelector('script[src*="teach/sandbox.js"]').src;
  const sb = (await import(src)).sandboxes.values().next().value;
  await sb.sync();
  const w = sb.widget, f = w.frame;
  const box = w.root.querySelector('[data-seat-box="0"]').getBoundingClientRect();  // the reader's hand
  return {step: f.step, turn: f.turn, seats: f.seats.length, view: w.view, bots: [...sb.bots],
          faces: f.seats.map((s, i) => w.root.querySelectorAll(
            `.ot-hand [data-seat="${i}"]:not([data-card="??"])`).length),
          down: f.seats.map((s) => !!(s.hand && s.hand.face === "down")),
          setupOpen: sb.setupBox.open, address: location.hash, link: sb.link,
          box: [Math.round(box.top), Math.round(box.bottom), innerHeight, scrollY],
          inView: box.top >= 0 && box.bottom <= innerHeight};
}"""

# Resolves once the reader's hand has kept its place on the screen for five frames (cards and panels drawn).
STILL = """async () => {
  const hand = () => { const b = document.querySelector('.ot-sb-widget [data-seat-box="0"]').getBoundingClientRect();
                       return `${Math.round(b.top)},${Math.round(b.bottom)}`; };
  let last = hand(), same = 0;
  for (let n = 0; n < 300 && same < 5; n++) {
    await new Promise(requestAnimationFrame);
    const now = hand();
    same = now === last ? same + 1 : 0;
    last = now;
  }
}"""

# The reader's moves: a highlighted card of the reader's hand, or a move button (a bid, turning up a card).
MOVES = ".oldtricks-sandbox button.ot-card[data-legal='true'], .oldtricks-sandbox .ot-sb-play button[data-move]"


@pytest.mark.parametrize("game", list(DOORS))
def test_play_now_starts_a_game_in_two_clicks(live_page: Any, site_server: SiteServer, game: str) -> None:
    page = live_page
    width, height = SCREENS[game]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site_server.url)
    door = page.locator(".ot-door", has=page.locator(".rubric", has_text=re.compile(f"^{DOORS[game]}$")))
    assert door.count() == 1, game
    door.get_by_role("link", name="Play now").click()  # the first click
    page.wait_for_selector('.oldtricks-sandbox[data-ready="ready"]', timeout=READY_MS)
    page.wait_for_selector(".ot-sb-play:not([aria-busy])")
    page.evaluate(STILL)
    seated = page.evaluate(SEATED)
    # dealt afresh and ready: the reader in the first seat, to move; the engine in every other seat has
    # played up to here; only the reader's hand is face up, and on the screen (the form is folded)
    assert seated["turn"] == 0 and seated["view"] == 0, seated
    assert seated["bots"] == list(range(1, seated["seats"])), seated
    assert not any(seated["faces"][1:]), seated  # the others' hands face down
    assert seated["faces"][0] > 0 or seated["down"][0], seated  # the reader's own face up (a Bettelmann pile never is)
    assert not seated["setupOpen"] and seated["inView"], seated
    assert seated["address"] == f"#{seated['link']}", seated  # the address is the game's link, not "Play now"
    move = page.locator(MOVES).first
    move.click()  # the second click: the reader's own first move, and the engine answers
    page.wait_for_function(
        "(step) => document.querySelector('.ot-sb-play:not([aria-busy])') && "
        "Number(document.querySelector('.ot-sb-widget').dataset.step) > step",
        arg=seated["step"],
    )
    after = page.evaluate(SEATED)
    assert after["step"] > seated["step"] and after["link"] != seated["link"], after


def test_play_now_keeps_the_game_under_way_one_click_away(live_page: Any, site_server: SiteServer) -> None:
    """A game the reader had under way in the sandbox is not lost to "Play now": a message links to it."""
    page = live_page
    page.goto(site_server.url + "sandbox/druzbart.html#play-druzbart")
    page.wait_for_selector('.oldtricks-sandbox[data-ready="ready"]', timeout=READY_MS)
    page.wait_for_selector(".ot-sb-play:not([aria-busy])")
    assert page.locator('[data-role="earlier-game"]').count() == 0  # nothing was under way
    page.locator(MOVES).first.click()
    page.wait_for_function("() => /;m=/.test(location.hash) && document.querySelector('.ot-sb-play:not([aria-busy])')")
    page.wait_for_timeout(300)  # the sandbox keeps its game as the address changes
    earlier = page.evaluate(SEATED)["link"]
    page.goto(site_server.url)
    page.locator(".ot-door", has=page.locator(".rubric", has_text=re.compile("^Drużbart$"))).get_by_role(
        "link", name="Play now"
    ).click()
    page.wait_for_selector('.oldtricks-sandbox[data-ready="ready"]', timeout=READY_MS)
    back = page.locator('[data-role="earlier-game"]')
    back.wait_for()
    assert page.evaluate(SEATED)["link"] != earlier  # a new deal
    back.click()
    page.wait_for_function("(link) => document.querySelector('.oldtricks-sandbox').dataset.link === link", arg=earlier)
    page.wait_for_selector(".ot-sb-play:not([aria-busy])")
    assert page.evaluate(SEATED)["address"] == f"#{earlier}"
    assert back.count() == 0  # the message went with the game it was about


def test_a_term_shows_its_meaning_on_focus_and_leads_to_its_entry(live_page: Any, site_server: SiteServer) -> None:
    page = live_page
    page.goto(site_server.url + "druzbart.html")
    term = page.locator("a.ot-term").first
    meaning = term.get_attribute("title")
    assert meaning, "a term link without its meaning"
    shown = "(a) => getComputedStyle(a, '::after').content"
    assert page.evaluate(shown, term.element_handle()) in ("none", "normal", "")  # nothing shown before focus
    page.keyboard.press("Tab")  # a keyboard user: focus is visible from here on
    term.focus()
    assert term.evaluate("(a) => a.matches(':focus-visible')")
    assert page.evaluate(shown, term.element_handle()) == '"' + meaning.replace('"', '\\"') + '"'
    href = term.get_attribute("href")
    term.press("Enter")
    page.wait_for_url("**/glossary.html#term-*")
    anchor = href.rpartition("#")[2]
    entry = page.locator(f'dt[id="{anchor}"]')
    assert entry.count() == 1 and entry.is_visible(), anchor
    # the entry's definition opens with the meaning the link carried
    definition = entry.evaluate(
        "(dt) => { let n = dt.nextElementSibling; while (n && n.tagName !== 'DD') "
        "n = n.nextElementSibling; return n ? n.innerText : ''; }"
    )
    assert " ".join(definition.split()).startswith(" ".join(meaning.split())[:60]), (meaning, definition)
