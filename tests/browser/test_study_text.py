"""A study's text: the printed handout in the edition's language (the engine's words from its catalogs),
the Text page (an HTML file with no script, saved from the study page, which opens with JavaScript off
and shows every text of the study as text), and a chapter dealt by hand in the study editor (each seat's
cards typed, a wrong hand refused in the engine's words, the deal kept exactly through the link)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, SiteServer
from oldtricks.scenarios.scenario import load
from oldtricks.scenarios.study import Chapter, Study, decode
from oldtricks.scenarios.study import encode as study_encode
from oldtricks.scenarios.studytext import handout

pytestmark = pytest.mark.browser

READY_MS = 90_000
HOSTILE = '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>'


def two_chapters(title: str = "Caps and beggars") -> str:
    """The Drużbart cap scenario with its three questions, and a Bettelmann deal whose texts are markup."""
    cap = load(REPO / "scenarios" / "druzbart" / "cap.toml").spec()
    cap = {k: v for k, v in cap.items() if k not in ("description", "demonstrates", "expect")}
    deal = {"game": "bettelmann", "title": HOSTILE, "deal": {"seed": 5}, "steps": [{"note": "Look <b>first</b>."}]}
    return study_encode(Study(title, "For Tuesday: " + HOSTILE, (Chapter.of(cap), Chapter.of(deal))))


def open_study(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector('.oldtricks-study[data-ready="ready"]', timeout=READY_MS)


# the engine's words of the handout in each edition, where a question of the cap chapter is asked
HANDOUT_WORDS = {
    "": ("Question at step 7: what should South play?", "Answer: ", "Trick 1: ", "; West takes it."),
    "de/": ("Frage bei Schritt 7: Was soll South spielen?", "Antwort: ", "Stich 1: ", "; West nimmt ihn."),
    "pl/": ("Pytanie w kroku 7: co ma zagrać South?", "Odpowiedź: ", "Lewa 1: ", "; bierze ją West."),
}


@pytest.mark.parametrize("edition", ["", "de/", "pl/"])
def test_the_printed_handout_speaks_the_edition_s_language(
    live_page: Any, site_server: SiteServer, edition: str
) -> None:
    page = live_page
    page.add_init_script("window.print = () => { window.__printed = (window.__printed || 0) + 1; };")
    open_study(page, f"{site_server.url}{edition}study.html#{two_chapters()}")
    page.locator('[data-action="study-print"]').click()
    page.wait_for_function("() => window.__printed === 1")
    text = page.locator('[data-role="study-handout"]').text_content()
    for word in HANDOUT_WORDS[edition]:
        assert word in text, (edition, word)
    if edition:
        for word in HANDOUT_WORDS[""]:
            assert word not in text, (edition, word)
    assert f"2. {HOSTILE} (Bettelmann)" in text  # the teacher's title, as text


@pytest.mark.parametrize("edition", ["", "pl/"])
def test_the_text_page_has_no_script_and_opens_with_javascript_off(
    live_page: Any, site_server: SiteServer, browser: Any, tmp_path: Path, edition: str
) -> None:
    page = live_page
    open_study(page, f"{site_server.url}{edition}study.html#{two_chapters()}")
    with page.expect_download() as caught:
        page.locator('[data-action="study-text-page"]').click()
    download = caught.value
    assert download.suggested_filename == "caps-and-beggars.html"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    source = saved.read_text(encoding="utf-8")
    assert "<script" not in source.lower() and "<img" not in source.lower()
    assert f'<html lang="{edition.strip("/") or "en"}">' in source
    made = {"": "Text page caps-and-beggars.html made", "pl/": "Utworzono stronę tekstową caps-and-beggars.html"}
    assert made[edition] in page.locator('[data-role="study-message"]').inner_text()
    # opened as a teacher would open the file, in a browser that runs no script at all
    context = browser.new_context(java_script_enabled=False)
    try:
        offline = context.new_page()
        offline.goto(saved.as_uri())
        assert offline.locator("h1").inner_text() == "Caps and beggars"
        headings = offline.locator("h2").all_inner_texts()
        assert headings[0].startswith("1. The cap of deals") and headings[1] == f"2. {HOSTILE} (Bettelmann)"
        notes = offline.locator("p.note").all_inner_texts()
        step = {"": "Step", "pl/": "Krok"}[edition]
        assert f"{step} 0. Look <b>first</b>." in notes and any("cap is set to one deal" in n for n in notes)
        assert offline.locator("p.notes").inner_text() == "For Tuesday: " + HOSTILE
        assert offline.locator("p.question").count() == 3 and offline.locator("p.answer").count() == 3
        assert offline.locator("img, script, b").count() == 0  # the study's markup stayed text
    finally:
        context.close()


SOUTH = "9A AA 9L 8L 8A KL 7H TB UL UA AB KB 7L AL TH UB"
NORTH = "KH TA 8H UH 9B 7A TL OA 7B OB 8B OL AH KA 9H OH"


def test_a_chapter_is_dealt_by_hand_and_a_wrong_hand_is_refused(live_page: Any, site_server: SiteServer) -> None:
    page = live_page
    open_study(page, f"{site_server.url}study.html#edit")
    page.locator('[data-role="study-game"]').select_option("bettelmann")
    page.locator('[data-role="study-hand-box"] summary').click()
    fields = page.locator('[data-role="study-hand"]')
    fields.nth(1).wait_for()
    assert fields.count() == 2
    assert fields.nth(0).get_attribute("aria-label") == "South's cards"
    page.locator('[data-action="study-hands-fill"]').click()  # the seed's deal, to change by hand
    page.wait_for_function(
        "() => document.querySelectorAll('[data-role=study-hand]')[1].value.split(' ').length === 16"
    )
    message = page.locator('[data-role="study-message"]')
    chapters = page.locator('[data-role="study-chapters"] li')
    for south, north, said in (
        (SOUTH, NORTH.replace("OH", "9A"), "chapter 1: bad deal: North's hand: 9A is dealt twice"),
        (SOUTH, NORTH[:-3], "chapter 1: bad deal: the hands leave out OH: deal the whole 32-card German pack"),
        (SOUTH.replace("UB", "XB"), NORTH, "chapter 1: bad deal: South's hand: bad card 'XB'"),
    ):
        fields.nth(0).fill(south)
        fields.nth(1).fill(north)
        page.locator('[data-action="study-add-hands"]').click()
        page.wait_for_function(
            "(said) => document.querySelector('[data-role=study-message]').textContent.includes(said)", arg=said
        )
        assert chapters.count() == 0, said
    fields.nth(0).fill(SOUTH)
    fields.nth(1).fill("  " + NORTH.replace(" ", "\n  ") + "\n")  # spaces and lines as a teacher types them
    page.locator('[data-action="study-add-hands"]').click()
    page.wait_for_function("() => document.querySelectorAll('[data-role=study-chapters] li').length === 1")
    # the chapter is drawn, then said: the wrong hand's message is gone at once, the new one follows
    assert "bad deal" not in message.inner_text()
    page.wait_for_function(
        "(said) => document.querySelector('[data-role=study-message]').textContent.startsWith(said)",
        arg="Chapter 1 added: Bettelmann, dealt by hand.",
    )
    page.locator('[data-role="study-board"] .oldtricks-widget').wait_for()
    # the link holds the deal exactly: decoded here, and opened for a student
    link = page.locator('[data-role="study-link"]').input_value().split("#", 1)[1]
    lines = handout(decode(link)).splitlines()
    assert lines[2] == "1. Bettelmann, dealt by hand (Bettelmann)"
    assert lines[3:5] == [f"South: {SOUTH}", f"North: {NORTH}"]
    page.goto(f"{site_server.url}study.html#{link}")  # the student's view of the same page
    page.locator('[data-role="chapter-heading"]:text("1. Bettelmann, dealt by hand")').wait_for(timeout=READY_MS)
    # the heading comes first; the board follows once its frames are made (a loaded machine: seconds later)
    page.locator('[data-role="study-board"] .oldtricks-widget').wait_for(timeout=READY_MS)
    assert page.locator('[data-role="study-board"] .oldtricks-widget').count() == 1
