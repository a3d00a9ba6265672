"""The language switcher: on a page at a viewer's step, choosing another language opens the same page of
that edition at the same step (the address keeps its ``#id@step``); the choice is remembered, and the
English front page follows it once without a loop; served by a plain static server, offline."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, SiteServer, embedded, reveal, wait_mounted

sys.path.insert(0, str(REPO / "site"))
from oldtricks_sphinx.editions import translated_pages

pytestmark = pytest.mark.browser

LOCALES = REPO / "docs" / "locales"
NAMES = {"de": "Deutsch", "pl": "Polski", "en": "English"}
RULES_PAGES = ("drogue", "bettelmann", "druzbart", "drogue-clips")


def page_with_viewer(root: Path, language: str) -> tuple[str, str, int]:
    """A page translated for ``language`` that holds a viewer (a rules page first): the page, the viewer's
    scenario id and a step inside its game."""
    listed = translated_pages(LOCALES, language)
    for page in sorted(listed, key=lambda p: (p not in RULES_PAGES, p)):
        found = embedded((root / language / f"{page}.html").read_text(encoding="utf-8"), root / language)
        for sid, data in found.items():
            if len(data["frames"]) > 4:
                return page, sid, len(data["frames"]) // 2
    pytest.fail(f"no page translated for {language} holds a viewer: list one in {LOCALES / language / 'pages.toml'}")


def step_of(page: Any, sid: str) -> int:
    return int(page.evaluate("(sid) => Number(location.hash.split('@')[1])", sid))


@pytest.mark.parametrize("language", ["de", "pl"])
def test_switching_language_keeps_the_viewer_step(live_page: Any, site_server: SiteServer, language: str) -> None:
    name, sid, step = page_with_viewer(site_server.root, language)
    live_page.goto(f"{site_server.url}{name}.html#{sid}@{step}")
    wait_mounted(live_page)
    assert reveal(live_page, sid) in ("static", "live")
    live_page.locator(f'.ot-editions a[data-ot-language="{language}"]').click()
    live_page.wait_for_url(f"**/{language}/{name}.html#*")
    assert live_page.url.endswith(f"/{language}/{name}.html#{sid}@{step}")
    wait_mounted(live_page)
    assert live_page.evaluate("document.documentElement.lang") == language
    assert reveal(live_page, sid) in ("static", "live")
    shown = live_page.evaluate("(sid) => document.getElementById(sid).dataset.step ?? null", sid)
    assert shown in (None, str(step))  # where the viewer says its step, it is the same one
    assert step_of(live_page, sid) == step
    assert live_page.evaluate("localStorage.getItem('oldtricks-language')") == language
    # back to English by the switcher, still at the step; English is now the choice: no way back to language
    live_page.locator('.ot-editions a[data-ot-language="en"]').click()
    live_page.wait_for_url(f"**/{name}.html#*")
    assert live_page.url == f"{site_server.url}{name}.html#{sid}@{step}"
    assert live_page.evaluate("localStorage.getItem('oldtricks-language')") == "en"


@pytest.mark.parametrize("language", ["de", "pl"])
def test_the_front_page_follows_a_remembered_choice_once(
    live_page: Any, site_server: SiteServer, language: str
) -> None:
    live_page.goto(f"{site_server.url}index.html")
    live_page.evaluate("(language) => localStorage.setItem('oldtricks-language', language)", language)
    live_page.goto(f"{site_server.url}index.html")  # a new visit (no referrer): the choice leads on
    live_page.wait_for_url(f"**/{language}/index.html")
    assert live_page.evaluate("document.documentElement.lang") == language
    # from there, the switcher's English stays English (the choice is now English: no loop)
    live_page.locator('.ot-editions a[data-ot-language="en"]').click()
    live_page.wait_for_url(f"{site_server.url}index.html")
    live_page.wait_for_timeout(300)
    assert live_page.url == f"{site_server.url}index.html"
    # a link to an edition's page (a shared link) keeps its language whatever the choice
    live_page.evaluate("localStorage.setItem('oldtricks-language', 'en')")
    live_page.goto(f"{site_server.url}{language}/index.html")
    live_page.wait_for_timeout(300)
    assert live_page.url == f"{site_server.url}{language}/index.html"
