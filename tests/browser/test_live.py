"""The live engine behind the viewers (Pyodide in a module worker): playing a legal and an illegal
card, switching an option, and, for every scenario of the site, the same frames as the build."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import Guard, SiteServer, edition_of, embedded, frames_shown, site_pages, wait_mounted, widget
from oldtricks.core.i18n import _, language, pgettext
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import from_spec

pytestmark = pytest.mark.browser

LIVE_MS = 90_000  # Pyodide starts in about 3 s here; a loaded machine is much slower
PAGE = "bettelmann.html"
SID = "bettelmann/last-three"  # South holds three cards face up and may choose among them


# What the engine says when a card is refused here (games/bettelmann/narrate.py), and the viewer's words when
# the reader takes a seat (widgetwords.py, context "widget"), in English: the words of each between its
# fields, as the page's language has them.
REFUSED = (
    "{seat} must turn up the top card of the pile ({card}); only with three cards or fewer may a player look and choose"
)
SEATED = (
    "Live: you play {seat}, the engine plays the others.",
    "Live: you play {seat}. Click a highlighted card or a move button.",
    "Live: you play {seat}; the engine plays the others.",
)


def words_of(message: str, lang: str, context: str | None = None) -> list[str]:
    """The words of ``message`` (of ``context``) in ``lang`` between its fields ({seat}, {card}), each of
    them long enough to say something."""
    with language(lang):
        said = pgettext(context, message) if context else _(message)
    assert lang == "en" or said != message, f"no {lang} for {message!r}"
    parts = [part.strip() for chunk in said.split("{") for part in chunk.split("}")[-1:]]
    return [part for part in parts if len(part) >= 6]


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_live_play_accepts_a_legal_card_and_explains_an_illegal_one(
    live_page: Any, site_server: SiteServer, lang: str
) -> None:
    """In each edition: the live engine (in the page's language) takes the book's card and refuses another
    with its rule, in that language's words."""
    page = PAGE if lang == "en" else f"{lang}/{PAGE}"
    book = embedded((site_server.root / page).read_text(encoding="utf-8"))[SID]["frames"]
    # the step where South chooses: three cards face up, each of them legal
    choose = next(f for f in book if f["turn"] == 0 and len(f["legal"]) == 3)
    step = choose["step"]
    live_page.goto(f"{site_server.url}{page}#{SID}@{step}")
    wait_mounted(live_page)
    root = widget(live_page, SID)
    assert root.get_attribute("data-step") == str(step)
    root.locator('[data-action="go-live"]').click()
    live_page.wait_for_selector(f'.oldtricks-widget[id="{SID}"][data-ready="live"]', timeout=LIVE_MS)
    live_page.wait_for_function(f"() => !document.getElementById('{SID}').hasAttribute('aria-busy')")
    status = root.locator('[data-role="live-status"]').inner_text()
    assert any(all(w in status for w in words_of(m, lang, "widget")) for m in SEATED), (lang, status)

    # A legal card (the one the book plays): the engine answers with the next step.
    move = book[step + 1]["move"]
    card = root.locator(f'button[data-card="{move}"][data-seat="0"]')
    assert card.get_attribute("data-legal") == "true"
    card.click()
    live_page.wait_for_function(f"() => document.getElementById('{SID}').dataset.step === '{step + 1}'")
    shown = frames_shown(live_page, SID)
    assert shown[step + 1]["move"] == move
    assert shown[step + 1]["seats"] == book[step + 1]["seats"]
    assert root.locator('[data-role="message"] .ot-msg-error').count() == 0

    # Four cards again, face down: only the top one may be turned up. Another is refused, with the rule.
    after = shown[step + 1]
    assert after["turn"] == 0 and len(after["legal"]) == 1, after["legal"]
    other = next(c for c in after["seats"][0]["hand"]["cards"] if c not in after["legal"])
    refused = root.locator(f'button[data-card="{other}"][data-seat="0"]')
    assert refused.get_attribute("data-legal") == "false"
    refused.click()
    error = root.locator('[data-role="message"] .ot-msg-error')
    error.wait_for()
    missing = [w for w in words_of(REFUSED, lang) if w not in error.inner_text()]
    assert not missing, (lang, missing, error.inner_text())
    link = error.locator("a.ot-rule")
    assert link.get_attribute("title") == "bettelmann.last-three"
    assert link.get_attribute("href") == "#rule-bettelmann-last-three"
    assert root.get_attribute("data-step") == str(step + 1)  # nothing was played
    assert len(frames_shown(live_page, SID)) == len(shown)


def test_another_rule_replays_the_deal_as_the_engine_says(live_page: Any, site_server: SiteServer) -> None:
    data = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]
    assert data["options"], "the scenario offers no other rule"
    assert {o["key"]: o["value"] for o in data["options"]}["last_three"] == "on"
    want = replay(from_spec(data["spec"]), {"last_three": "off"}, lenient=True).frames()
    assert want != data["frames"], "the option changes nothing in this scenario: not a test"

    live_page.goto(f"{site_server.url}{PAGE}#{SID}@0")
    wait_mounted(live_page)
    root = widget(live_page, SID)
    box = root.locator('details[data-role="options"]')
    assert box.get_attribute("open") is None, "the other rules start folded away"
    summary = box.locator("summary").inner_text()
    assert summary == f"Try another rule — {len(data['options'])} options", summary
    box.locator("summary").click()
    root.locator('select[data-option="last_three"]').select_option("off")
    live_page.wait_for_selector(f'.oldtricks-widget[id="{SID}"][data-ready="live"]', timeout=LIVE_MS)
    live_page.wait_for_function(f"() => !document.getElementById('{SID}').hasAttribute('aria-busy')")
    message = root.locator('[data-role="message"]').inner_text()
    assert "Looking at the last three cards" in message, message
    assert frames_shown(live_page, SID) == want
    # the two readings side by side (compare.js): the viewer opens the step where they part, once the
    # engine has said where (its `compare` answers after the frames are shown)
    live_page.wait_for_selector(f'.oldtricks-widget[id="{SID}"][data-diverge-step]', state="attached", timeout=LIVE_MS)
    parts = root.get_attribute("data-diverge-step")
    assert parts is not None and parts.isdigit(), parts
    assert root.locator('[data-role="counter"]').inner_text() == f"step {parts} / {want[-1]['step']}"

    root.locator('[data-action="book"]').click()
    assert frames_shown(live_page, SID) == data["frames"]


# For each viewer of the page: the live engine's frames for its spec against the embedded ones (as
# readData unpacks them, exactly as the widget does when it mounts) and the mounted viewer's, compared
# in the page (a page of long games holds megabytes of frames): the first difference, if any.
SAME_FRAMES = """async () => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const widgetModule = await import(src);
  const { getEngine } = await import(new URL("live.js", src).href);
  const engine = await getEngine();
  const differ = (a, b, path) => {
    if (a === b) return null;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null
        || Array.isArray(a) !== Array.isArray(b)) return `${path}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
    const keys = Array.isArray(a) ? [...Array(Math.max(a.length, b.length)).keys()]
      : [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      const d = differ(a[k], b[k], `${path}/${k}`);
      if (d) return d;
    }
    return null;
  };
  const out = [];
  for (const root of document.querySelectorAll(".oldtricks-widget")) {
    const data = await widgetModule.readData(root);
    const mounted = widgetModule.widgets.get(root.id);
    const r = await engine.open("check:" + data.id, data.spec, {});
    out.push({id: data.id, frames: data.frames.length, ok: r.ok, error: r.error || null, stopped: r.stopped || null,
              mounted: mounted ? differ(mounted.book, data.frames, "frames") : "not mounted",
              live: r.ok ? differ(r.frames, data.frames, "frames") : null});
  }
  return out;
}"""


@pytest.mark.long
def test_live_engine_frames_equal_the_build_frames(live_page: Any, site_server: SiteServer, guard: Guard) -> None:
    pages = {
        name: embedded((site_server.root / name).read_text(encoding="utf-8")) for name in site_pages(site_server.root)
    }
    pages = {name: data for name, data in pages.items() if data}
    assert pages, "no page of the built site embeds a scenario"
    checked: dict[tuple[str, str], list[dict[str, Any]]] = {}  # by edition and scenario: each its own words
    sessions = 0
    # The pages with the most viewers first, one page session (one engine) each. A page whose
    # scenarios have all been checked already (an embed page repeats one) must embed the same frames.
    for name in sorted(pages, key=lambda n: (-len(pages[n]), n)):
        data = pages[name]
        if {(edition_of(name), sid) for sid in data} <= set(checked):
            for sid, d in data.items():
                shown = checked[edition_of(name), sid]
                assert d["frames"] == shown, (name, sid, "other frames than where it was checked")
            continue
        page = guard.attach(live_page.context.new_page())
        try:
            page.goto(site_server.url + name)
            wait_mounted(page)
            got = page.evaluate(SAME_FRAMES)
        finally:
            page.close()
        sessions += 1
        assert [w["id"] for w in got] == list(data), name
        for w in got:
            assert w["ok"], (name, w["id"], w["error"])
            assert w["stopped"] is None, (name, w["id"], w["stopped"])
            assert w["frames"] == len(data[w["id"]]["frames"]), (name, w["id"], "unpacked otherwise than here")
            assert w["mounted"] is None, (name, w["id"], f"the viewer shows other frames: {w['mounted']}")
            assert w["live"] is None, (name, w["id"], f"live and build frames differ at {w['live']}")
            checked[edition_of(name), w["id"]] = data[w["id"]]["frames"]
    print(f"\n{len(checked)} scenarios, {sessions} page sessions, {len(pages)} pages: live frames == build frames")
