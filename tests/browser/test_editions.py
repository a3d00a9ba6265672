"""The language switcher: on a page at a viewer's step (a rules page where one is translated; else a
translated page's section), choosing another language opens the same page of that edition at the same
place (the address keeps its ``#id@step``); the choice is remembered, and the English front page follows
it once without a loop; served by a plain static server, offline."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from conftest import REPO, SiteServer, embedded, reveal, wait_mounted
from oldtricks.core.i18n import Lang

sys.path.insert(0, str(REPO / "site"))
from oldtricks.analysis.levels import LEVELS
from oldtricks.core import i18n
from oldtricks.core.cards import GERMAN_36
from oldtricks.core.widgetwords import widget_words
from oldtricks_sphinx.editions import kept_texts, translated_pages

pytestmark = pytest.mark.browser

LOCALES = REPO / "docs" / "locales"
NAMES = {"de": "Deutsch", "pl": "Polski", "en": "English"}
RULES_PAGES = ("drogue", "bettelmann", "druzbart", "drogue-clips")


SECTION = re.compile(r'<section id="([^"]+)"')


def place_on(root: Path, language: str) -> tuple[str, str, str | None]:
    """A page translated for ``language`` and a place on it: a viewer's step (``id@step``) on the first
    page that holds a viewer, a rules page first; else the page's last section. The page, the address's
    fragment and the viewer's scenario id (None for a section)."""
    listed = translated_pages(LOCALES, language)
    for page in sorted(listed, key=lambda p: (p not in RULES_PAGES, p)):
        found = embedded((root / language / f"{page}.html").read_text(encoding="utf-8"), root / language)
        for sid, data in found.items():
            if len(data["frames"]) > 4:
                return page, f"{sid}@{len(data['frames']) // 2}", sid
    if not listed:
        pytest.fail(f"no page is translated for {language}: list one in {LOCALES / language / 'pages.toml'}")
    page = listed[0]
    sections = SECTION.findall((root / language / f"{page}.html").read_text(encoding="utf-8"))
    return page, sections[-1], None


@pytest.mark.parametrize("language", ["de", "pl"])
def test_switching_language_keeps_the_place(live_page: Any, site_server: SiteServer, language: str) -> None:
    name, fragment, sid = place_on(site_server.root, language)
    live_page.goto(f"{site_server.url}{name}.html#{fragment}")
    wait_mounted(live_page)
    if sid is not None:
        assert reveal(live_page, sid) in ("static", "live")
    live_page.locator(f'.ot-editions a[data-ot-language="{language}"]').click()
    live_page.wait_for_url(f"**/{language}/{name}.html#**")  # ** : a viewer's id holds a "/"
    assert live_page.url == f"{site_server.url}{language}/{name}.html#{fragment}"
    wait_mounted(live_page)
    assert live_page.evaluate("document.documentElement.lang") == language
    if sid is not None:  # the viewer is at the same step
        assert reveal(live_page, sid) in ("static", "live")
        step = fragment.split("@")[1]
        assert live_page.evaluate("(sid) => document.getElementById(sid).dataset.step", sid) == step
    else:  # the same section, in view
        target = live_page.locator(f'[id="{fragment}"]')
        assert target.count() == 1 and target.is_visible()
    assert live_page.evaluate("localStorage.getItem('oldtricks-language')") == language
    # back to English by the switcher, at the same place; English is now the remembered choice
    live_page.locator('.ot-editions a[data-ot-language="en"]').click()
    live_page.wait_for_url(f"{site_server.url}{name}.html#**")
    assert live_page.url == f"{site_server.url}{name}.html#{fragment}"
    assert live_page.evaluate("localStorage.getItem('oldtricks-language')") == "en"


@pytest.mark.parametrize("language", ["de", "pl"])
def test_the_front_page_follows_a_remembered_choice_once(
    live_page: Any, site_server: SiteServer, language: str
) -> None:
    live_page.goto(f"{site_server.url}index.html")
    live_page.evaluate("(language) => localStorage.setItem('oldtricks-language', language)", language)
    live_page.goto(f"{site_server.url}index.html")  # a new visit (no referrer): the choice leads on
    if "index" not in translated_pages(LOCALES, language):
        # the edition has no front page yet: the English one stays (no notice page instead), and says so
        live_page.wait_for_timeout(500)
        assert live_page.url == f"{site_server.url}index.html"
        missing = live_page.locator(f'.ot-editions .ot-edition-missing[lang="{language}"]')
        assert missing.text_content() == NAMES[language]
        return
    live_page.wait_for_url(f"**/{language}/index.html")
    assert live_page.evaluate("document.documentElement.lang") == language
    # from there, the switcher's English stays English (the choice is now English: no loop)
    live_page.locator('.ot-editions a[data-ot-language="en"]').click()
    live_page.wait_for_url(f"{site_server.url}index.html")
    live_page.wait_for_timeout(300)
    assert live_page.url == f"{site_server.url}index.html"


@pytest.mark.parametrize("language", ["de", "pl"])
def test_a_link_to_an_edition_keeps_its_language(live_page: Any, site_server: SiteServer, language: str) -> None:
    page = translated_pages(LOCALES, language)[0]
    live_page.goto(f"{site_server.url}index.html")
    live_page.evaluate("localStorage.setItem('oldtricks-language', 'en')")
    live_page.goto(f"{site_server.url}{language}/{page}.html")  # a shared link, whatever the reader chose
    live_page.wait_for_timeout(300)
    assert live_page.url == f"{site_server.url}{language}/{page}.html"
    assert live_page.evaluate("document.documentElement.lang") == language


# what a reader of the page sees and hears once its scripts have drawn it: each element's own text, and the
# words of its alt, title, aria-label and placeholder (code, scripts, what shows without scripts only, and what
# is marked English aside)
SHOWN = """() => {
  const out = [];
  // English on purpose: an element marked so inside the page (the switcher's "English"; not <html lang=en>)
  const english = (el) => {
    const marked = el.closest("[lang=en]");
    return marked && marked !== document.documentElement;
  };
  const skip = (el) => el.closest("script, style, template, noscript, code, kbd") || english(el);
  for (const el of document.body.querySelectorAll("*")) {
    if (skip(el)) continue;
    for (const node of el.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) out.push(node.textContent);
    }
    for (const name of ["alt", "title", "aria-label", "placeholder"]) {
      if (el.hasAttribute(name)) out.push(el.getAttribute(name));
    }
  }
  return out.map((text) => text.split(/\\s+/).join(" ").trim()).filter(Boolean);
}"""
WORD = re.compile(r"[^\W\d_]{2,}")  # a word of two letters or more (a letter alone is a rank's or a suit's)
# notation: a card ("UA", "8L"), a rule's or a viewer's id ("bettelmann.deal", "bettelmann/basics": a title)
NOTATION = re.compile(r"(?<![^\W\d_])[6-9TUOKAJQ][ALHBCDS](?![^\W\d_])|\b[a-z]+(?:[./][a-z0-9-]+)+")
DRAWN = (
    "embed/druzbart/basics.html#druzbart/basics@6",
    "lessons/druzbart.html",
    "bettelmann.html",
    "sandbox/druzbart.html",
    "study.html",
)


# names that stay as they are: the project's, the theme's credits, the languages' own names in the switcher
OWN_NAMES = ("oldtricks", "Sphinx", "Furo", "@pradyunsg", *NAMES.values())


def _catalogued(language: str) -> set[str]:
    """Every translation the edition's page catalogs hold (some are the English word: "Sandbox")."""
    found: set[str] = set()
    for path in (LOCALES / language / "LC_MESSAGES").rglob("*.po"):
        with path.open("rb") as handle:
            found |= {str(m.string) for m in read_po(handle) if m.id and isinstance(m.string, str)}
    return found


def _less(text: str, names: list[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def _shown(page: Any, url: str) -> list[str]:
    page.goto(url)
    wait_mounted(page)
    if "/sandbox/" in url:  # its form and play bar are drawn from the engine's answers: once it has dealt
        page.wait_for_selector('.oldtricks-sandbox[data-ready="ready"]', timeout=120_000)
        page.wait_for_selector(".ot-sb-play:not([aria-busy])")
    shown: list[str] = page.evaluate(SHOWN)
    return shown


@pytest.mark.parametrize("language", ["de", "pl"])
def test_what_the_scripts_draw_on_an_editions_page_is_in_its_language(
    live_page: Any, site_server: SiteServer, language: Lang
) -> None:
    """The build's check reads the pages as built; this one reads them as drawn: a viewer's board (its
    buttons, the names of its cards, its screen-reader labels) and a course's marks, against the English
    pages drawn at the same place, no text of two words or more the same (the edition's kept names aside)."""
    keep = set(kept_texts(LOCALES, language))
    translated = {text for text in widget_words(language).values() if isinstance(text, str)} | _catalogued(language)
    for name in DRAWN:
        english = set(_shown(live_page, f"{site_server.url}{name}"))
        shown = _shown(live_page, f"{site_server.url}{language}/{name}")
        names = live_page.eval_on_selector_all(".ot-seat-name", "els => els.map((el) => el.textContent)")
        # the same in both, unless the edition's catalog has it so ("Link", "Bots": German has them too)
        same = {text for text in shown if text in english and text not in keep and text not in translated}
        # the words of each, less the players' and the project's names and the cards' notation ("UA > 8L > KH")
        words = {text: WORD.findall(NOTATION.sub(" ", _less(text, [*names, *OWN_NAMES]))) for text in same}
        left = sorted(text for text, found in words.items() if found)
        assert left == [], f"{language}/{name}: English left {left}"
    # the cards of the embedded board are named as the engine names them in the edition's language
    live_page.goto(f"{site_server.url}{language}/{DRAWN[0]}")
    wait_mounted(live_page)
    alts = live_page.eval_on_selector_all(".oldtricks-widget img.ot-card-img", "els => els.map((el) => el.alt)")
    with i18n.language(language):
        names = {card.name for card in GERMAN_36.cards}
        hidden = i18n.pgettext("widget", "hidden card")
    faces = [alt for alt in alts if alt != hidden]
    assert faces and set(faces) <= names, sorted(set(faces) - names)
    assert not {card.name for card in GERMAN_36.cards} & set(faces)  # English names (the default language)


@pytest.mark.parametrize("language", ["de", "pl"])
def test_the_bots_level_is_named_in_the_editions_language(
    live_page: Any, site_server: SiteServer, language: str
) -> None:
    """Live, the note under the bots' level names the level in the edition's words, then says what the
    engine says of it: nothing of it is left in English."""
    live_page.goto(f"{site_server.url}{language}/{DRAWN[0]}")
    wait_mounted(live_page)
    root = live_page.locator(".oldtricks-widget").first
    root.locator('[data-action="go-live"]').click()
    live_page.wait_for_selector('.oldtricks-widget[data-ready="live"]', timeout=90_000)
    for level in LEVELS:
        root.locator('select[data-role="level"]').select_option(level)
        note = root.locator('[data-role="level-note"]')
        with i18n.language(language):
            words = LEVELS[level]
            said = i18n.pgettext("widget", f"{level} bots: {{words}}").format(words=words)
        live_page.wait_for_function("([el, end]) => el.textContent.endsWith(end)", arg=[note.element_handle(), words])
        assert note.text_content() == said
        assert not said.startswith(f"{level} bots"), said
