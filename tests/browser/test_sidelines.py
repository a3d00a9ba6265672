"""Side lines, as in a chess study: another card played live starts a branch at that step, shown in the
move list under the step it leaves; "Back to the main line" returns; branches nest; the author's line
is never lost; a link carries the branch and reopens it."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer, embedded, wait_mounted

pytestmark = pytest.mark.browser

LIVE_MS = 90_000
PAGE = "drogue.html"
SID = "drogue/example"

MAIN = f"""() => [...document.getElementById('{SID}').querySelectorAll(
  '[data-role="movelist"] [data-line="main"]')].map((el) => el.dataset.step)"""
FRAME = """async (sid) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  return (await import(src)).widgets.get(sid).frame;
}"""


def choice(book: list[dict[str, Any]], after: int = 0) -> dict[str, Any]:
    """A step after ``after`` where the seat to move may play another card than the book's."""
    return next(
        f
        for f in book
        if f["step"] > after and f["step"] + 1 < len(book) and len([m for m in f["legal"] if len(m) == 2]) >= 2
    )


def ready(page: Any) -> None:
    page.wait_for_selector(f'.oldtricks-widget[id="{SID}"][data-ready="live"]', timeout=LIVE_MS)
    page.wait_for_function(f"() => !document.getElementById('{SID}').hasAttribute('aria-busy')", timeout=LIVE_MS)


def check_back_to_the_main_line(live_page: Any, root: Any, moves: Any, book: list[Any], step: int) -> None:
    """Back to the main line, at the step the side line left; the book's own next move is still the main line's."""
    moves.locator('[data-action="main-line"]').click()
    assert root.get_attribute("data-step") == str(step)
    assert moves.locator(".ot-ml-current").get_attribute("data-line") == "main"
    assert not moves.locator('[data-action="main-line"]').is_visible()
    assert ";line=" not in live_page.evaluate("() => location.hash")
    # the book's own next move is still the main line's
    root.locator('[data-action="next"]').click()
    assert moves.locator(".ot-ml-current").get_attribute("data-line") == "main"
    assert live_page.evaluate(FRAME, SID)["move"] == book[step + 1]["move"]


def check_the_link_reopens_the_line(
    live_page: Any, site_server: SiteServer, root: Any, moves: Any, book: list[Any], chain: list[str]
) -> None:
    """The link reopens the line played, at its step, nested as it was played (``chain``: its moves)."""
    link = live_page.evaluate("() => location.hash")
    at_step = root.get_attribute("data-step")
    live_page.goto(f"{site_server.url}index.html")
    live_page.goto(f"{site_server.url}{PAGE}{link}")
    wait_mounted(live_page)
    ready(live_page)
    live_page.wait_for_function(f"() => document.getElementById('{SID}').dataset.step === '{at_step}'", timeout=LIVE_MS)
    assert moves.locator(".ot-ml-current").get_attribute("data-line") != "main"
    assert moves.locator(".ot-ml-branch").count() >= 1
    assert live_page.evaluate(MAIN) == [str(f["step"]) for f in book]
    # nested as it was played: the side line of the side line under the side line, not flattened
    assert moves.locator(".ot-ml-branch .ot-ml-branch").count() == 1, "the nested line reopens nested"
    assert live_page.evaluate(CHAIN, SID) == chain
    assert live_page.evaluate(HASH_TEXT, SID) == link.removeprefix("#")  # and links the same again


def test_side_lines_branch_nest_return_and_reopen_from_a_link(live_page: Any, site_server: SiteServer) -> None:
    book = embedded((site_server.root / PAGE).read_text(encoding="utf-8"))[SID]["frames"]
    at = choice(book, 7)
    step = at["step"]
    other = next(m for m in at["legal"] if len(m) == 2 and m != book[step + 1]["move"])
    live_page.emulate_media(reduced_motion="reduce")
    live_page.goto(f"{site_server.url}{PAGE}#{SID}@{step}")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    moves = root.locator('[data-role="movelist"]')
    root.locator('[data-action="go-live"]').click()
    ready(live_page)
    root.locator(f'.ot-hand button[data-card="{other}"][data-seat="{at["turn"]}"]').click()
    ready(live_page)
    # a side line under the step it leaves; the main line is all there still
    branch = moves.locator(f'.ot-ml-branch [data-line][data-step="{step + 1}"]')
    branch.wait_for()
    side = branch.first.get_attribute("data-line")
    assert side != "main"
    assert live_page.evaluate(MAIN) == [str(f["step"]) for f in book], "the author's line is kept whole"
    assert moves.locator(".ot-ml-current").get_attribute("data-line") == side
    hash_ = live_page.evaluate("() => location.hash")
    assert ";line=" in hash_ and f";line={step}:{other}" in hash_, hash_
    assert moves.locator('[data-action="main-line"]').is_visible()
    check_back_to_the_main_line(live_page, root, moves, book, step)
    # into the side line again, at its first step, and a branch of the branch there
    branch.first.click()
    assert moves.locator(".ot-ml-current").get_attribute("data-line") == side
    current = live_page.evaluate(FRAME, SID)
    assert current["move"] == other
    assert current["turn"] is not None
    root.locator('[data-role="seat"]').select_option(str(current["turn"]))
    ready(live_page)
    assert root.get_attribute("data-step") == str(step + 1), "a step that is not the line's last: no bot moves"
    card = next(m for m in current["legal"] if len(m) == 2)  # any card: a branch of the side line here
    root.locator(f'.ot-hand button[data-card="{card}"][data-seat="{current["turn"]}"]').click()
    ready(live_page)
    nested = moves.locator(".ot-ml-branch .ot-ml-branch")
    nested.first.wait_for()
    assert moves.locator(".ot-ml-current").get_attribute("data-line") not in ("main", side)
    check_the_link_reopens_the_line(live_page, site_server, root, moves, book, [other, card])


CHAIN = """async (sid) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const w = (await import(src)).widgets.get(sid);
  return w.lines.chain().map((line) => line.frames[line.from + 1].move);
}"""
HASH_TEXT = """async (sid) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  return (await import(src)).widgets.get(sid).hashText();
}"""
