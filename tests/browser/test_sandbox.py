"""The sandbox pages and share links of played lines: a game dealt, played, annotated and linked opens
the same in a fresh browser; the scenario file it downloads passes `oldtricks check`; the hand editor
takes the engine's word; a hostile note in a link stays text; a mangled link is reported in the page;
work survives a reload; a line played on a rules page links into the sandbox."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import Any
from urllib.parse import quote

import pytest

from conftest import REPO, Guard, SiteServer
from oldtricks.scenarios.links import encode

pytestmark = pytest.mark.browser

READY_MS = 90_000  # Pyodide starts in about 3 s here; a loaded machine is much slower
SANDBOX = "sandbox/bettelmann.html"
NOTE = 'Watch North: """here""" \\ <b>bold</b>\n\nSecond paragraph, ü ♥'
HOSTILE = '<img src=x onerror="window.__pwned = 1; alert(1)"><script>window.__pwned = 2</script>'
NAME = "<b onmouseover=alert(1)>Anna</b>"

# The sandbox as its module sees it (the page's own module instance, imported by its script's URL).
STATE = """async () => {
  const src = document.querySelector('script[src*="teach/sandbox.js"]').src;
  const sb = (await import(src)).sandboxes.values().next().value;
  await sb.sync();
  const w = sb.widget;
  return {frames: w.frames, step: w.stepOf(w.index), view: w.view, link: sb.link, bots: [...sb.bots],
          title: w.data.title, game: sb.game};
}"""


def open_sandbox(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector('.oldtricks-sandbox[data-ready="ready"]', timeout=READY_MS)
    idle(page)


def idle(page: Any) -> None:
    page.wait_for_selector(".ot-sb-play:not([aria-busy])")


def state(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(STATE))


def fresh_page(browser: Any, guard: Guard) -> Any:
    """A page in a new browser context: nothing saved, nothing cached."""
    context = browser.new_context()
    context.route("**/*", guard.on_route)
    return guard.attach(context.new_page())


def deal_seed(page: Any, seed: int) -> None:
    page.locator('[data-role="seed"]').fill(str(seed))
    page.locator('[data-action="deal"]').click()
    page.wait_for_function(f"() => /;r={seed}(;|$)/.test(document.querySelector('.oldtricks-sandbox').dataset.link)")
    idle(page)


def turn_up(page: Any) -> None:
    """South turns up his top card (the play bar's button); the engine answers for North. The click
    marks the sandbox busy at once, so waiting for it to be idle waits for the engine's answer."""
    page.locator(".ot-sb-play button[data-move]").first.click()
    idle(page)


def test_a_played_annotated_game_opens_the_same_from_its_link(
    live_page: Any, site_server: SiteServer, browser: Any, guard: Guard
) -> None:
    open_sandbox(live_page, site_server.url + SANDBOX)
    deal_seed(live_page, 42)
    assert state(live_page)["bots"] == [1]
    live_page.locator('[data-action="advance"]').click()  # North turns up first: the engine plays him
    idle(live_page)
    assert len(state(live_page)["frames"]) == 2
    for _ in range(3):
        turn_up(live_page)
    played = state(live_page)
    assert len(played["frames"]) >= 8, [f["move"] for f in played["frames"]]
    widget = live_page.locator(".ot-sb-widget")
    widget.locator('[data-action="prev"]').click()
    widget.locator('[data-action="prev"]').click()
    step = played["step"] - 2
    assert widget.get_attribute("data-step") == str(step)
    live_page.locator('[data-role="note-text"]').fill(NOTE)
    live_page.locator('[data-action="save-note"]').click()
    idle(live_page)
    assert live_page.evaluate("document.querySelector('.ot-sb-widget .ot-note').textContent") == NOTE
    widget.locator('select[data-role="view"]').select_option("1")
    live_page.locator('[data-action="sb-copy-link"]').click()
    copied = live_page.locator('.ot-sb-widget [data-role="link-field"]')  # the viewer's message shows it
    copied.wait_for()
    url = copied.input_value()
    assert live_page.locator('[data-role="sandbox-link"]').input_value() == url
    assert url.startswith(site_server.url + SANDBOX + "#v1;g=bettelmann;d=0;r=42;m="), url
    shown = state(live_page)
    assert (shown["step"], shown["view"]) == (step, 1)
    assert shown["frames"][step]["note"] == NOTE
    assert url.endswith("#" + shown["link"]) and f";s={step};v=1;n={step}~" in shown["link"]

    other = fresh_page(browser, guard)
    open_sandbox(other, url)
    again = state(other)
    assert again["frames"] == shown["frames"]
    assert (again["step"], again["view"], again["link"]) == (step, 1, shown["link"])
    assert other.locator(".ot-sb-widget").get_attribute("data-step") == str(step)
    assert other.evaluate("document.querySelector('.ot-sb-widget .ot-note').textContent") == NOTE
    assert other.locator('[data-role="note-text"]').input_value() == NOTE
    assert other.locator('.ot-sb-widget select[data-role="view"]').input_value() == "1"
    other.context.close()


def test_the_downloaded_scenario_file_passes_check(live_page: Any, site_server: SiteServer, tmp_path: Any) -> None:
    open_sandbox(live_page, site_server.url + "sandbox/druzbart.html")
    live_page.locator('.ot-sb-play input[data-seat="0"]').check()  # the engine plays every seat
    live_page.locator('[data-action="advance"]').click()
    idle(live_page)
    frames = state(live_page)["frames"]
    assert frames[-1]["outcome"] or len(frames) > 30
    live_page.locator(".ot-sb-widget [data-action='first']").click()
    live_page.locator('[data-role="note-text"]').fill(NOTE)
    live_page.locator('[data-action="save-note"]').click()
    idle(live_page)
    with live_page.expect_download() as download:
        live_page.locator('[data-action="download"]').click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name == "druzbart.toml"
    text = path.read_text(encoding="utf-8")
    assert "[expect]" in text and '\\"\\"\\"here\\"\\"\\"' in text
    env = {**os.environ, "PYTHONPATH": str(REPO / "engine")}
    check = subprocess.run(
        [sys.executable, "-m", "oldtricks", "check", str(path)], capture_output=True, text=True, env=env, check=False
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert "1 passed, 0 failed" in check.stdout
    replayed = subprocess.run(
        [sys.executable, "-m", "oldtricks", "replay", str(path)], capture_output=True, text=True, env=env, check=False
    )
    assert "note: Watch North" in replayed.stdout


def test_hand_editor_deals_picked_hands_and_shows_the_engines_objection(
    live_page: Any, site_server: SiteServer
) -> None:
    open_sandbox(live_page, site_server.url + SANDBOX)
    live_page.locator('[data-role="mode-hands"]').check()
    live_page.locator('[data-action="fill-hands"]').click()
    south = live_page.locator('textarea[data-role="hand"][data-seat="0"]')
    live_page.wait_for_function("() => document.querySelector('textarea[data-seat=\"0\"]').value.length > 0")
    cards = south.input_value().split()
    north = live_page.locator('textarea[data-role="hand"][data-seat="1"]').input_value().split()
    assert len(cards) + len(north) == 32
    south.fill(" ".join([north[0], *cards[1:]]))  # North's first card twice, South's first nowhere
    live_page.locator('[data-action="deal"]').click()
    error = live_page.locator('[data-role="setup-error"]')
    error.wait_for(state="visible")
    assert re.search(r"bad deal: North's hand: \w\w is dealt twice", error.inner_text()), error.inner_text()
    mine = list(reversed(cards))
    south.fill(" ".join(mine))
    live_page.locator('input[data-role="name"][data-seat="1"]').fill("Ben <i>")
    live_page.locator('[data-action="deal"]').click()
    live_page.wait_for_function("() => document.querySelector('.oldtricks-sandbox').dataset.link?.includes(';h=')")
    idle(live_page)
    first = state(live_page)["frames"][0]
    assert first["seats"][0]["hand"]["cards"] == mine
    assert first["seats"][1]["name"] == "Ben <i>"
    assert live_page.locator(".ot-sb-widget .ot-seat-name").all_inner_texts().count("Ben <i>") == 1
    assert live_page.locator(".ot-sb-widget i").count() == 0
    assert error.inner_text() == ""


def test_a_hostile_note_title_and_name_in_a_link_stay_text(live_page: Any, site_server: SiteServer) -> None:
    dialogs: list[str] = []

    def dismissed(d: Any) -> None:
        dialogs.append(d.message)
        d.dismiss()

    live_page.on("dialog", dismissed)
    spec = {
        "game": "bettelmann",
        "title": HOSTILE,
        "names": [NAME, "North"],
        "options": {},
        "deal": {"dealer": 0, "seed": 5},
        "steps": [{"note": HOSTILE}],
        "at": 0,
    }
    link = encode(spec)
    open_sandbox(live_page, f"{site_server.url}{SANDBOX}#{link}")
    assert live_page.evaluate("document.querySelector('.ot-sb-widget .ot-note').textContent") == HOSTILE
    assert live_page.evaluate("document.querySelector('.ot-sb-widget .ot-title').textContent") == HOSTILE
    assert live_page.locator('[data-role="title"]').input_value() == HOSTILE
    names = live_page.locator(".ot-sb-widget .ot-seat-name").all_inner_texts()
    assert NAME in names
    assert live_page.locator('img[src="x"], .oldtricks-sandbox script:not([type]), .ot-sb-widget b').count() == 0
    assert live_page.evaluate("window.__pwned") is None
    assert dialogs == []


MANGLED = [
    ("v1;g=bettelmann;d=0;r=4x2", "damaged"),
    ("v1;g=poker;d=0;r=1", "does not know"),
    ("v2;g=bettelmann;d=0;r=1", "another version"),
    ("v1;g=bettelmann;d=0;r=1;m=UA.UA", "not legal"),
    (quote("bettelmann/tie-pierer@3"), "not an oldtricks game link"),  # a viewer's link, not a game's
]


def test_a_mangled_or_foreign_link_is_reported_in_the_page(live_page: Any, site_server: SiteServer) -> None:
    first, why = MANGLED[0]
    open_sandbox(live_page, f"{site_server.url}{SANDBOX}#{first}")
    message = live_page.locator('[data-role="sandbox-message"]')
    for i, (hash_, why) in enumerate(MANGLED):
        if i:  # another link pasted into the address bar of the open page
            message.locator(".ot-msg-close").click()
            live_page.evaluate("(h) => { location.hash = h; }", hash_)
            message.locator(".ot-msg-text").wait_for()
        text = message.inner_text()
        assert text.startswith("This link cannot be opened:") and why in text, (hash_, text)
        assert "Traceback" not in text
        assert live_page.locator(".ot-sb-widget .ot-seat").count() == 2  # a fresh game below, not a blank page


def test_a_link_opens_in_its_own_games_sandbox(live_page: Any, site_server: SiteServer) -> None:
    link = encode(
        {
            "game": "clock",
            "title": "Three hands",
            "options": {"deal_size": "four-hand"},
            "deal": {"dealer": 2, "seed": 9},
            "steps": [],
        }
    )
    open_sandbox(live_page, f"{site_server.url}{SANDBOX}#{link}")
    assert live_page.url == f"{site_server.url}sandbox/clock.html#{link}"
    shown = state(live_page)
    assert (shown["game"], shown["title"], shown["link"]) == ("clock", "Three hands", link)
    assert live_page.locator('select[data-option="deal_size"]').input_value() == "four-hand"
    assert live_page.locator('[data-role="dealer"]').input_value() == "2"


def test_work_survives_a_reload_and_start_over_forgets_it(live_page: Any, site_server: SiteServer) -> None:
    open_sandbox(live_page, site_server.url + "sandbox/todundleben.html")
    live_page.locator('.ot-sb-play input[data-seat="1"]').uncheck()  # the reader plays both seats
    first = state(live_page)["frames"][0]
    live_page.locator(".ot-sb-play button[data-move]").first.click()
    idle(live_page)
    before = state(live_page)
    assert len(before["frames"]) == 2 and before["bots"] == []
    live_page.goto(site_server.url + "sandbox/todundleben.html")  # no link in the address: the saved game
    live_page.wait_for_selector('.oldtricks-sandbox[data-ready="ready"]', timeout=READY_MS)
    after = state(live_page)
    assert (after["frames"], after["link"], after["bots"]) == (before["frames"], before["link"], [])
    live_page.locator('[data-action="start-over"]').click()
    assert "Click again" in live_page.locator('[data-action="start-over"]').inner_text()
    live_page.locator('[data-action="start-over"]').click()
    live_page.wait_for_function(
        "(old) => document.querySelector('.oldtricks-sandbox').dataset.link !== old", arg=before["link"]
    )
    idle(live_page)
    new = state(live_page)
    assert len(new["frames"]) == 1 and new["frames"][0]["seats"] != first["seats"]
