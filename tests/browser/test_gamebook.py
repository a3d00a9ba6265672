"""A lesson is a gamebook: while a question waits, nothing ahead shows (the move list stops at the
question, the counter gives no total) and no card is marked legal; an illegal try gets the engine's
refusal, a wrong legal one the deal played on from it with best play and what that costs, in the
engine's words, and the right one its own line beside it (scenario drogue/example, step 15: Ben beats Dan's
Nine of Diamonds with the Ace, not the King that Carla's Ten would beat)."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, embedded, wait_mounted

pytestmark = pytest.mark.browser

PAGE = "drogue.html"
SID = "drogue/example"


@pytest.fixture(scope="module")
def viewer(site_server: SiteServer) -> dict[str, Any]:
    data = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]
    assert data["played_on"], "the page carries no question played on"
    return data


def _question(viewer: dict[str, Any]) -> dict[str, Any]:
    asked = [f for f in viewer["frames"] if f["ask"] and viewer["played_on"].get(str(f["step"]))]
    assert asked, "no question the engine played on"
    return dict(asked[0])


def test_a_question_shows_nothing_ahead(live_page: Any, site_server: SiteServer, viewer: dict[str, Any]) -> None:
    f = _question(viewer)
    step, last = f["step"], viewer["frames"][-1]["step"]
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@{step}")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    root.locator('[data-role="movelist"][data-drawn="true"]').wait_for()
    listed = [
        int(x)
        for x in root.locator('[data-role="movelist"] [data-line="main"]').evaluate_all(
            "(els) => els.map((e) => e.dataset.index)"
        )
    ]
    assert listed and max(listed) == step, "the move list shows moves after the question"
    counter = root.locator('[data-role="counter"]').text_content()
    assert counter == f"step {step}", counter  # no total: the length of the rest is not told
    hand = root.locator(f'.ot-hand button[data-seat="{f["turn"]}"]')
    assert hand.count() >= 2
    assert root.locator(".ot-legal, .ot-illegal, [data-legal]").count() == 0, "a card is marked legal or not"
    assert set(hand.evaluate_all("(els) => els.map((e) => e.className)")) == {"ot-card ot-choice"}
    looks = hand.evaluate_all(
        "(els) => els.map((e) => getComputedStyle(e.querySelector('.ot-card-img')).boxShadow"
        " + getComputedStyle(e).filter)"
    )
    assert len(set(looks)) == 1, looks  # drawn alike: none brighter

    # once answered, the whole line is back
    root.locator('[data-action="reveal"]').click()
    assert root.get_attribute("data-step") == str(step + 1)
    listed = root.locator('[data-role="movelist"] [data-line="main"]').count()
    assert listed == len(viewer["frames"])
    assert root.locator('[data-role="counter"]').text_content() == f"step {step + 1} / {last}"


def test_wrong_cards_are_refused_or_played_on(live_page: Any, site_server: SiteServer, viewer: dict[str, Any]) -> None:
    f = _question(viewer)
    step, answer = f["step"], f["ask"]["answer"]
    said = viewer["played_on"][str(step)]
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@{step}")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    lines = root.locator('[data-role="lesson-lines"]')

    # an illegal card: the engine's refusal, as at the table, and the question waits
    refused = f["ask"]["refusals"][0]
    root.locator(f'.ot-hand button[data-card="{refused["move"]}"]').click()
    assert root.locator('[data-role="message"]').first.text_content().startswith(refused["text"])
    assert root.get_attribute("data-step") == str(step)
    assert lines.is_hidden()

    # a legal card that is not the answer: the deal played on from it, and what it costs
    tried = said["tries"][0]
    root.locator(f'.ot-hand button[data-card="{tried["move"]}"]').click()
    assert root.get_attribute("data-step") == str(step)
    assert lines.is_visible()
    line = lines.locator('[data-line="tried"]')
    assert line.locator(".ot-lesson-line-text").text_content() == tried["text"]
    assert "after the right move" in tried["text"]  # the cost, beside the right move's value
    assert line.locator("li").all_text_contents() == tried["words"]
    assert lines.locator('[data-line="answer"]').count() == 0, "the right move's line would give it away"

    # the answer: on, with the right move's line beside the one tried
    root.locator(f'.ot-hand button[data-card="{answer}"]').click()
    assert root.get_attribute("data-step") == str(step + 1)
    assert lines.locator('[data-line="tried"] .ot-lesson-line-text').text_content() == tried["text"]
    right = lines.locator('[data-line="answer"]')
    assert right.locator(".ot-lesson-line-text").text_content() == said["answer"]["text"]
    assert right.locator("li").all_text_contents() == said["answer"]["words"]
