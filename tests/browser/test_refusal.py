"""One way to refuse a move: in a lesson, an illegal card gets the engine's refusal, written into the
question's frame at build time (cards by name, the rule's title and status label, a link to its box)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from conftest import SiteServer, embedded, wait_mounted

pytestmark = pytest.mark.browser

PAGE = "druzbart.html"
SID = "druzbart/head"
CODE = re.compile(r"(?<![0-9A-Za-z])(?:[6-9TUOKA])[ALHB](?![0-9A-Za-z])")


@pytest.fixture(scope="module")
def asked(site_server: SiteServer) -> dict[str, Any]:
    frames = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]["frames"]
    return dict(next(f for f in frames if f["ask"] and f["ask"]["refusals"]))


def test_a_lesson_refuses_an_illegal_card_with_the_engines_words(
    live_page: Any, site_server: SiteServer, asked: dict[str, Any]
) -> None:
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@{asked['step']}")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    said = asked["ask"]["refusals"][0]
    root.locator(f'.ot-hand button[data-card="{said["move"]}"]').click()
    message = root.locator('[data-role="message"]')
    text = message.locator(".ot-msg-text").text_content()
    assert text == said["text"]
    assert " may not play the " in text and not CODE.search(text), text
    link = message.locator("a.ot-rule")
    assert link.locator(".ot-rule-title").text_content() == said["rule_title"]
    assert link.locator(".ot-status").text_content() == said["status"]
    href = link.get_attribute("href")
    anchor = href.split("#")[1]
    assert live_page.locator(f'[id="{anchor}"]').count() == 1, f"{href} leads to no rule box on the page"
    assert root.get_attribute("data-step") == str(asked["step"]), "the refused card is not played"
