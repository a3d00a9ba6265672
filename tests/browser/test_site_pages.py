"""The built site in Chromium: which embed pages stand for the others when every page is loaded
(test_every_page.py: from the local server alone, without a console error, its viewers started); without
JavaScript and in print, the text form of each viewer is shown; the rules pages on screens and paper."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest

from conftest import Guard, SiteServer, edition_of, embedded, sample_pages, site_pages, wait_mounted

pytestmark = pytest.mark.browser

SCRIPT_SRC = re.compile(r"<script[^>]*\bsrc=\"([^\"]+)\"")
LINK_HREF = re.compile(r"<link[^>]*\bhref=\"([^\"]+)\"")
POLICY = re.compile(r"<meta http-equiv=\"Content-Security-Policy\" content=\"([^\"]+)\"")
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>(.*?)</script>", re.S)


def kind(html: str) -> tuple[tuple[str, ...], ...]:
    """What a page loads and allows, apart from its own text and data: its scripts, its styles and
    modules preloaded, its content policy and its inline scripts."""
    return tuple(tuple(pattern.findall(html)) for pattern in (SCRIPT_SRC, LINK_HREF, POLICY, INLINE_SCRIPT))


def embed_kinds(root: Any) -> dict[tuple[tuple[str, ...], ...], str]:
    """The embed pages' kinds, each with the first embed page of that kind (the embed pages share one
    template; they differ in the modules their viewer's features need)."""
    kinds: dict[tuple[tuple[str, ...], ...], str] = {}
    for name in site_pages(root):
        if name.startswith("embed/"):
            kinds.setdefault(kind((root / name).read_text(encoding="utf-8")), name)
    return kinds


def pages_to_load(root: Any) -> list[str]:
    """Every page but the embed pages, the first embed page of each game and the first of each kind."""
    embeds = {p for p in sample_pages(root) if p.startswith("embed/")} | set(embed_kinds(root).values())
    return [p for p in site_pages(root) if not p.startswith("embed/") or p in embeds]


def test_every_embed_page_is_of_a_kind_loaded_and_holds_its_own_scenario(site_server: SiteServer) -> None:
    """What lets test_every_page.py load only some embed pages: every other one loads what a page it loads
    loads, and holds one viewer, of the scenario its address names, with the frames that viewer has on
    its rules page (where that test draws it)."""
    root = site_server.root
    kinds = embed_kinds(root)
    loaded = set(pages_to_load(root))
    assert set(kinds.values()) <= loaded and len(kinds) >= 2, kinds
    on_rules_pages: dict[str, Any] = {}
    for name in site_pages(root):  # the embed pages are English: so are the viewers they are checked against
        if not name.startswith("embed/") and edition_of(name) == "en":
            on_rules_pages.update(embedded((root / name).read_text(encoding="utf-8")))
    embeds = [p for p in site_pages(root) if p.startswith("embed/")]
    for name in embeds:
        html = (root / name).read_text(encoding="utf-8")
        assert kind(html) in kinds, name
        data = embedded(html)
        sid = name.removeprefix("embed/").removesuffix(".html")
        assert list(data) == [sid], (name, list(data))
        assert data[sid]["frames"] == on_rules_pages[sid]["frames"], (name, "other frames than on its rules page")
    assert len(embeds) > len(kinds) + 5, "the embed pages are no longer alike: load them all"


def test_text_form_where_the_viewers_module_never_starts(live_page: Any, site_server: SiteServer, guard: Guard) -> None:
    """widget.js cannot be fetched: textform.js (a classic script) puts each viewer's text form in the
    page, shown, some seconds after the page has loaded; nothing of it before."""
    guard.allow_console(r"Failed to load resource|widget\.js")
    live_page.route("**/_static/oldtricks/widget.js*", lambda route: route.abort())
    live_page.goto(site_server.url + "bettelmann.html#bettelmann/basics", wait_until="load")
    widget = live_page.locator('.oldtricks-widget[id="bettelmann/basics"]')
    assert widget.locator(".ot-static").count() == 0  # still inside its <noscript>
    text = widget.locator(":scope > .ot-static")
    text.wait_for(state="visible", timeout=15_000)
    assert "Trick 1: North" in text.inner_text()
    assert not live_page.evaluate("document.documentElement.hasAttribute('data-ot-started')")


def test_without_decompression_the_fallback_links_to_the_text_page(
    live_page: Any, site_server: SiteServer, guard: Guard
) -> None:
    """widget.js cannot be fetched and the browser cannot unpack the page's text forms: textform.js
    puts in each viewer's <noscript> link to its form on the text page instead."""
    guard.allow_console(r"Failed to load resource|widget\.js")
    live_page.route("**/_static/oldtricks/widget.js*", lambda route: route.abort())
    live_page.add_init_script("delete window.DecompressionStream")
    live_page.goto(site_server.url + "bettelmann.html#bettelmann/basics", wait_until="load")
    widget = live_page.locator('.oldtricks-widget[id="bettelmann/basics"]')
    link = widget.locator(":scope > .ot-static-away a")
    link.wait_for(state="visible", timeout=15_000)
    assert link.get_attribute("href") == "text/bettelmann.html#bettelmann/basics"
    assert widget.locator(".ot-static").count() == 0


def test_a_viewer_that_cannot_start_shows_its_text_form(live_page: Any, site_server: SiteServer, guard: Guard) -> None:
    """The viewers' data is damaged: each viewer says so, with its text form from the page's packed copy."""
    page = (site_server.root / "bettelmann.html").read_text(encoding="utf-8")
    damaged = re.sub(r'(id="oldtricks-page">).*?(</script>)', r"\1{}\2", page, count=1, flags=re.S)
    assert damaged != page
    live_page.route(
        "**/bettelmann.html", lambda route: route.fulfill(body=damaged, content_type="text/html; charset=utf-8")
    )
    live_page.goto(site_server.url + "bettelmann.html#bettelmann/basics")
    widget = live_page.locator('.oldtricks-widget[id="bettelmann/basics"]')
    live_page.wait_for_function("() => document.getElementById('bettelmann/basics').dataset.ready === 'error'")
    text = widget.locator(":scope > .ot-static")
    text.wait_for(state="visible")
    assert "Trick 1: North" in text.inner_text()
    assert "could not be started" in widget.locator('[data-role="message"]').inner_text()


def test_text_form_without_javascript_and_in_print(
    browser: Any, live_page: Any, site_server: SiteServer, guard: Guard, artifacts_dir: Any
) -> None:
    url = site_server.url + "bettelmann.html#bettelmann/basics"
    # In print the viewer is its text: the deal, every trick, the outcome (no picture of one step's table,
    # which took most of a page per viewer, and no controls).
    live_page.goto(url)
    wait_mounted(live_page)
    live_page.emulate_media(media="print")
    widget = live_page.locator('.oldtricks-widget[id="bettelmann/basics"]')
    widget.locator(".ot-static").wait_for()  # put in the page for print (widget.js)
    assert widget.locator(".ot-shell").is_hidden()
    assert widget.locator('[data-action="next"]').is_hidden()
    assert widget.locator('[data-action="go-live"]').is_hidden()
    text = widget.locator(".ot-static")
    assert text.is_visible()
    assert "Trick 1: North" in text.inner_text()
    # framed and padded like the rule boxes (the theme's own rule for containers comes first)
    assert text.evaluate("el => parseFloat(getComputedStyle(el).paddingLeft)") > 0
    assert widget.evaluate("el => getComputedStyle(el).outlineStyle") == "none"
    widget.screenshot(path=str(artifacts_dir / "bettelmann-basics-print.png"))
    live_page.emulate_media(media="screen")
    assert text.is_hidden() and widget.locator(".ot-shell").is_visible()

    # Without JavaScript: no viewer, and a link to the text form on the page's text page (textpage.py),
    # which holds every viewer's text form (the rules page would be too heavy with them in).
    context = browser.new_context(java_script_enabled=False)
    try:
        context.route("**/*", guard.on_route)
        page = guard.attach(context.new_page())
        page.goto(url)
        assert page.locator(".ot-shell").count() == 0
        assert page.locator(".oldtricks-widget .ot-static").count() == 0
        link = page.locator('.oldtricks-widget[id="bettelmann/basics"] .ot-static-away a')
        assert link.is_visible() and link.inner_text() == "Turn up, compare ranks, take the trick"
        link.click()
        page.wait_for_url("**/text/bettelmann.html#bettelmann/basics")
        static = page.locator('section[id="bettelmann/basics"] > .ot-static')
        assert static.is_visible()
        assert "The deal" in static.inner_text() and "Trick 1: North" in static.inner_text()
        assert page.locator("section.ot-text-form").count() == len(embedded(url_page(site_server, "bettelmann.html")))
        assert 0 <= static.evaluate("el => el.getBoundingClientRect().top") < 100  # the link's target, at the top
        # the hands as small card pictures: a card-shaped box, German suits drawn by the stylesheet
        acorn = static.locator("i.gA").first
        assert acorn.is_visible()
        assert "data:image/svg+xml" in acorn.evaluate("el => getComputedStyle(el).backgroundImage")
        assert acorn.evaluate("el => parseFloat(getComputedStyle(el).borderTopWidth)") > 0
    finally:
        context.close()


def url_page(site_server: SiteServer, name: str) -> str:
    return (site_server.root / name).read_text(encoding="utf-8")


# What a rules page prints on A4. Each viewer prints as its text form (hands once, a line per trick),
# not as a picture of its table. Measured before that change: 61, 60, 37 and 63 pages; the target
# is 15, reached by all but the clips; these bounds keep what was won. With the text forms, the
# statistics' plots and Bettelmann's last-three lessons: 25, 23, 22, 36. Of each tab group only the open
# tab prints (with a line naming the others), the page in two columns at 8 pt, a later deal's hands
# left to its tricks: 15, 15, 12, 17. The prose's lines closer, less padding in tables and text forms, the
# clips' cycle figure smaller: 14, 13, 11, 15.
# Issue 28 added the clips page's brief, a legend to each brief, Bettelmann's tab of the tie's stake and the
# boxes of the rows its corrections split off: Bettelmann 12 pages, the clips 17; and Drogue 14 (13 before).
PRINTED_AT_MOST = {"druzbart.html": 14, "drogue.html": 14, "bettelmann.html": 12, "drogue-clips.html": 17}


# The reading path of a rules page at 1366 × 900 with every viewer drawn, in screens of 900 px. The
# target is fifteen; these bounds keep what was won (with some room for the pages' growth). Measured
# before the readings went into tabs: 46.7 (Bettelmann), 61.1 (Drużbart), 46.9 (Drogue), 61.8 (the
# clips); with them, the statistics' tables of numbers folded under their plots, and a section's runs of
# examples, lessons and plots in tabs too: 29.6, 41.4, 36.2, 45.5. With each section's examples folded
# under a "Watch" line (folds.py), but the viewer the rules in brief draws a trick of, the rule boxes
# tighter and Drogue's clips' variants after the path: 16.3, 22.8, 18.0, 18.6 (a viewer in a closed fold
# is drawn, as a reader opening it would see it, and the fold closed again).
SCREENS_AT_MOST = {"bettelmann.html": 17, "druzbart.html": 23.5, "drogue.html": 19, "drogue-clips.html": 19.5}
# The reading path alone: the page down to the sections that come after the rules and their examples
# (Statistics, All options at a glance, the clips' Variants), in screens. The target is fifteen.
# Measured with the options tables of Drużbart and Drogue moved from the top to the end, as on
# Bettelmann: 22.9, 34.0, 32.0, 43.0; with the examples folded: 9.1, 14.9, 13.8, 13.9. Issue 28 added the
# clips page's own brief, a legend to each brief and the rows and boxes its corrections split off:
# Bettelmann 9.6, Drużbart 15.5, the clips 15.1 (Drogue stayed within its bound). After the editions'
# and the studies' merge (rule ids in links set as code, a Study button on each viewer) the clips measured
# 15.31 (13,775 px): its bound is 15.4.
PATH_AT_MOST = {"bettelmann.html": 9.8, "druzbart.html": 15.7, "drogue.html": 14.5, "drogue-clips.html": 15.4}
AFTER_THE_PATH = re.compile(r"^(Statistics|All options at a glance|Variants)")
READING_PATH = """(after) => {
  const heads = [...document.querySelectorAll("article section > h2")];
  const first = heads.find((h) => new RegExp(after).test(h.textContent));
  return first ? first.closest("section").getBoundingClientRect().top + window.scrollY
    : document.documentElement.scrollHeight;
}"""


@pytest.mark.parametrize("name", sorted(PRINTED_AT_MOST))
def test_a_rules_page_fits_its_screens_and_prints_compactly(live_page: Any, site_server: SiteServer, name: str) -> None:
    live_page.set_viewport_size({"width": 1366, "height": 900})
    live_page.goto(f"{site_server.url}{name}")
    wait_mounted(live_page)  # every viewer drawn, as a reader scrolling through sees them
    height = live_page.evaluate("() => document.documentElement.scrollHeight")
    print(f"\n{name}: {height} px, {height / 900:.1f} screens")
    assert height <= SCREENS_AT_MOST[name] * 900, f"{name}: {height} px, {height / 900:.1f} screens"
    path = live_page.evaluate(READING_PATH, AFTER_THE_PATH.pattern)
    print(f"{name}: reading path {path:.0f} px, {path / 900:.1f} screens")
    assert 0 < path <= PATH_AT_MOST[name] * 900, f"{name}: reading path {path / 900:.1f} screens"
    # what comes after the path really comes after it: nothing but those sections follow
    later = live_page.evaluate(
        """(top) => [...document.querySelectorAll("article section > h2")]
          .filter((h) => h.closest("section").getBoundingClientRect().top + window.scrollY >= top)
          .map((h) => h.textContent.replace("¶", "").trim())""",
        path,
    )
    assert later and all(AFTER_THE_PATH.match(title) for title in later), (name, later)
    pdf = live_page.pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert 1 < pages <= PRINTED_AT_MOST[name], pages
    live_page.emulate_media(media="print")
    assert live_page.locator(".oldtricks-widget > .ot-shell").first.is_hidden()
    live_page.locator(".oldtricks-widget > .ot-static").first.wait_for()
    assert live_page.locator(".oldtricks-widget > .ot-static").first.is_visible()


# Issue 28: a rules page, every fold closed, read in at most fifteen screens of 1280 × 800 and 25 of a
# 390 × 844 phone. Measured this way before it: Bettelmann 17.8 and 26.8, Drogue 19.2 and 28.2, the clips
# 20.8 and 30.6, Drużbart 24.6 and 36.3. With each statistics plot and options table folded: 11.7 and
# 18.6, 15.3 and 23.1, 18.8 and 28.5, 17.9 and 27.7. With each page's secondary passages folded too (the
# sources' gaps, histories, the other readings of a rule and the engine's own details, the variants'
# rules): Bettelmann 11.7 and 18.6, Drogue 13.2 and 19.7, the clips 13.7 and 20.3, Drużbart 13.4 and 20.4;
# in German 13.3 and 21.6, 14.2 and 22.5, 14.9 and 23.1, 14.6 and 23.0; in Polish 12.5 and 19.7, 13.6 and
# 21.3, 14.1 and 22.1, 14.0 and 21.4. The walk of every page (test_every_page.py) measures each rules page
# it loads, of every edition it loads, at both widths, once its checks are done.
RULES_PAGES: Sequence[str] = ("bettelmann.html", "drogue.html", "drogue-clips.html", "druzbart.html")
FOLDS_CLOSED_AT_MOST = {1280: 15.0, 390: 25.0}  # by the window's width: screens of its height
CLOSE_FOLDS = """() => {
  for (const t of document.querySelectorAll('[data-ot-fold] > .ot-fold-toggle[aria-expanded="true"]')) t.click();
  for (const d of document.querySelectorAll("details[open]")) d.open = false;
  return document.querySelectorAll('[data-ot-fold] > .ot-fold-toggle[aria-expanded="true"]').length;
}"""


def folds_closed_length(page: Any, name: str) -> list[str]:
    """What is wrong with the length of a rules page (of any edition) as loaded, every viewer drawn: with
    every fold closed, more screens than FOLDS_CLOSED_AT_MOST at the window's width (nothing for other pages)."""
    if name.removeprefix(f"{edition_of(name)}/") not in RULES_PAGES:  # not text/drogue.html, say
        return []
    size = page.viewport_size
    if page.evaluate(CLOSE_FOLDS) != 0:
        return ["a fold stayed open"]
    screens = page.evaluate("() => document.documentElement.scrollHeight") / size["height"]
    most = FOLDS_CLOSED_AT_MOST[size["width"]]
    return [f"{screens:.2f} screens with every fold closed (at most {most})"] if screens > most else []


def test_the_length_check_sees_a_long_page(live_page: Any, site_server: SiteServer) -> None:
    """The measure can fail: a rules page with a long block added outside its folds is too long; other pages
    are not measured."""
    live_page.set_viewport_size({"width": 390, "height": 844})
    live_page.goto(f"{site_server.url}bettelmann.html")
    wait_mounted(live_page, everything=False)
    assert folds_closed_length(live_page, "bettelmann.html") == []
    live_page.evaluate("""() => {
      const block = document.createElement("div");
      block.style.height = `${26 * 844}px`;
      document.querySelector("article").append(block);
    }""")
    [wrong] = folds_closed_length(live_page, "de/bettelmann.html")
    assert "with every fold closed (at most 25.0)" in wrong, wrong
    for other in ("glossary.html", "text/bettelmann.html"):
        assert folds_closed_length(live_page, other) == [], other


def test_an_evening_prints_its_hands_once(live_page: Any, site_server: SiteServer) -> None:
    """The hands print at the deal; each later deal of an evening prints its tricks, not its hands again."""
    live_page.goto(f"{site_server.url}drogue-clips.html#drogue/threshold")
    wait_mounted(live_page, everything=False)
    live_page.emulate_media(media="print")
    text = live_page.locator('.oldtricks-widget[id="drogue/threshold"] > .ot-static')
    text.wait_for()
    assert text.locator(":scope > ul:not(.ot-static-tricks)").first.is_visible()  # the first deal's hands
    later = text.locator(".ot-static-tricks > li:has(strong:text-is('Deal 2'))")
    assert later.is_visible() and later.locator(":scope > ul").is_hidden()
    assert "Trick 9" in text.inner_text()  # the second deal's first trick, every card of it
    live_page.emulate_media(media="screen")


# A teacher's handout: a scenario's bare page printed, its deal, tricks, notes and questions with room
# to answer, on one A4 sheet (one lesson of each game).
HANDOUTS = ["embed/bettelmann/last-three-pot.html", "embed/druzbart/head.html", "embed/drogue/guard-ace.html"]


@pytest.mark.parametrize("name", HANDOUTS)
def test_a_handout_prints_on_one_page(live_page: Any, site_server: SiteServer, name: str) -> None:
    live_page.goto(f"{site_server.url}{name}")
    wait_mounted(live_page)
    pdf = live_page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
    live_page.emulate_media(media="print")
    assert live_page.locator(".ot-static-answer").count() > 0  # the questions, with room to answer


RULES_PAGES = sorted(PRINTED_AT_MOST)
# The elements a rules page starts with on a phone, under the target of 5,000 (drogue-clips had 5,507,
# 3,937 of them its text forms).
STARTS_WITH_AT_MOST = dict.fromkeys(RULES_PAGES, 5000)


def test_a_rules_page_starts_with_its_text_forms_out_of_the_page_and_prints_them(
    live_page: Any, site_server: SiteServer
) -> None:
    """Each viewer's text form waits in its <noscript> as one text node, so a rules page starts with its
    viewers' text out of the page (STARTS_WITH_AT_MOST elements); print puts every one in."""
    live_page.set_viewport_size({"width": 390, "height": 844})
    counts = {}
    for name in RULES_PAGES:
        live_page.goto(f"{site_server.url}{name}")
        wait_mounted(live_page, everything=False)
        live_page.wait_for_load_state("load")
        counts[name] = live_page.evaluate("() => document.getElementsByTagName('*').length")
        assert live_page.locator(".oldtricks-widget > .ot-static").count() == 0, name
        viewers = live_page.locator(".oldtricks-widget").count()
        assert live_page.locator(".oldtricks-widget > noscript").count() == viewers > 5, name
    print(f"\nelements at the start on a phone: {counts}")
    assert all(counts[name] < STARTS_WITH_AT_MOST[name] for name in RULES_PAGES), counts
    live_page.emulate_media(media="print")
    live_page.wait_for_function(
        "() => document.querySelectorAll('.oldtricks-widget > .ot-static').length"
        " === document.querySelectorAll('.oldtricks-widget').length"
    )
    assert "The deal" in live_page.locator(".oldtricks-widget > .ot-static").first.inner_text()
    live_page.emulate_media(media="screen")
