"""A study shared every way a scenario is: in an iframe (study-embed.html, the student's view alone,
which never moves the page around it), printed (one handout: each chapter's deal, tricks, notes and
questions with room to answer, and nothing else on paper), and as text where no script runs."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from conftest import REPO, Guard, SiteServer
from oldtricks.scenarios.scenario import load
from oldtricks.scenarios.study import Chapter, Study
from oldtricks.scenarios.study import encode as study_encode

pytestmark = pytest.mark.browser

READY_MS = 90_000
EMBED = "study-embed.html"
HOSTILE = '<img src=x onerror="window.__pwned = 1; alert(1)"><script>window.__pwned = 2</script>'


def fresh_page(browser: Any, guard: Guard) -> Any:
    """A page in a new browser context (nothing kept, the site's CSP in force)."""
    context = browser.new_context()
    context.route("**/*", guard.on_route)
    return guard.attach(context.new_page())


def hostile_study() -> str:
    """A study whose every text is markup and script."""
    spec = {"game": "bettelmann", "title": HOSTILE, "deal": {"seed": 5}, "steps": [{"note": HOSTILE}]}
    return study_encode(Study(HOSTILE, HOSTILE, (Chapter.of(spec),)))


def cap_study() -> str:
    """Two chapters: the Drużbart cap scenario with its three questions, and a Bettelmann deal."""
    cap = load(REPO / "scenarios" / "druzbart" / "cap.toml").spec()
    cap = {k: v for k, v in cap.items() if k not in ("description", "demonstrates", "expect")}
    deal = {"game": "bettelmann", "title": "A Bettelmann deal", "deal": {"seed": 5}, "steps": [{"note": "Look first."}]}
    return study_encode(Study("Caps and beggars", "For Tuesday.", (Chapter.of(cap), Chapter.of(deal))))


HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A course page</title></head>
<body style="margin:0"><input id="search" aria-label="search" autofocus><div style="height:2400px">Reading</div>
<iframe id="frame" src="{src}" title="Study" width="900" height="700"></iframe>
<div style="height:3000px">More reading</div></body></html>"""


def test_a_study_in_a_frame_is_worked_through_and_never_moves_its_host(live_page: Any, site_server: SiteServer) -> None:
    page = live_page
    host = f"{site_server.url}course.html"
    page.route(
        host, lambda route: route.fulfill(content_type="text/html", body=HOST.format(src=f"{EMBED}#{cap_study()}"))
    )
    page.goto(host)
    frame = page.frame_locator("#frame")
    frame.locator('.oldtricks-study[data-ready="ready"]').wait_for(timeout=READY_MS)
    assert frame.locator('[data-role="study-heading"]').inner_text() == "Caps and beggars"
    assert frame.locator('[data-role="study-nav"] .ot-study-pick').count() == 2
    assert frame.locator('[data-action="study-edit-copy"]').count() == 0  # a frame is for working through
    board = frame.locator('[data-role="study-board"] .oldtricks-widget')
    assert board.get_attribute("data-step") == "7"  # the first question
    frame.locator('[data-role="study-board"][data-valued="3"]').wait_for(timeout=READY_MS)
    page.wait_for_timeout(300)  # any late scroll (after the board has grown) would have happened
    assert page.evaluate("() => window.scrollY") == 0
    assert page.evaluate("() => document.activeElement.id") == "search"
    # the reader's clicks, sent without Playwright's own scrolling to the target
    board.locator('.ot-hand button[data-card="AH"]').dispatch_event("click")  # the right answer
    assert frame.locator('[data-role="lesson-reply"]').inner_text().startswith("Right")
    assert frame.locator('[data-role="study-progress"]').inner_text() == "1 of 3 questions answered"
    frame.locator('[data-role="study-nav"] li:nth-child(2) .ot-study-pick').dispatch_event("click")
    frame.locator('[data-role="chapter-heading"]:text("2. A Bettelmann deal")').wait_for()
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.scrollY") == 0
    # no theme around it: the study, and a credit line linking to the study page in a new tab
    assert frame.locator(".sidebar-drawer, .toc-drawer, footer, nav.ot-sb-games, nav.ot-editions").count() == 0
    credit = frame.locator(".ot-embed-source a")
    assert credit.evaluate("a => a.href") == f"{site_server.url}study.html"
    assert frame.locator("base").evaluate("b => b.target") == "_blank"


def test_the_embed_page_without_a_study_says_what_it_wants(live_page: Any, site_server: SiteServer) -> None:
    live_page.goto(f"{site_server.url}{EMBED}")
    live_page.wait_for_selector('.oldtricks-study[data-ready="ready"]', timeout=READY_MS)
    assert "shows a study from its address" in live_page.locator('[data-role="study-message"]').inner_text()
    assert live_page.locator('[data-role="study-editor"]').count() == 0


def test_the_teachers_embed_code_opens_the_study_in_a_frame(live_page: Any, site_server: SiteServer) -> None:
    page = live_page
    link = cap_study()
    page.goto(f"{site_server.url}study.html#edit")
    page.wait_for_selector('.oldtricks-study[data-ready="ready"]', timeout=READY_MS)
    page.locator('[data-role="study-file"]').set_input_files(
        files=[{"name": "caps.toml", "mimeType": "text/plain", "buffer": study_file(link).encode()}]
    )
    page.wait_for_function("() => document.querySelectorAll('[data-role=study-chapters] li').length === 2")
    page.locator('[data-action="study-embed"]').click()
    code = page.locator('[data-role="study-embed-code"]').input_value()
    assert code.startswith(f'<iframe src="{site_server.url}{EMBED}#{link}" title="Caps and beggars"'), code


def study_file(link: str) -> str:
    from oldtricks.scenarios.study import decode
    from oldtricks.scenarios.studyfile import to_toml

    return to_toml(decode(link))


def test_the_printed_study_is_one_handout_with_room_to_answer(live_page: Any, site_server: SiteServer) -> None:
    page = live_page
    page.add_init_script("window.print = () => { window.__printed = (window.__printed || 0) + 1; };")
    page.goto(f"{site_server.url}study.html#{cap_study()}")
    page.wait_for_selector('.oldtricks-study[data-ready="ready"]', timeout=READY_MS)
    page.locator('[data-action="study-print"]').click()
    page.wait_for_function("() => window.__printed === 1")
    page.emulate_media(media="print")
    handout = page.locator('[data-role="study-handout"]')
    assert handout.is_visible()
    assert handout.bounding_box()["width"] > 600  # the paper's width, not a column of the theme's
    text = handout.inner_text()
    lines = text.splitlines()
    assert lines[0] == "Caps and beggars" and "For Tuesday." in lines
    assert any(x.startswith("1. The cap of deals") for x in lines) and "2. A Bettelmann deal (Bettelmann)" in lines
    assert sum(x.startswith(("South: ", "North: ", "East: ", "West: ")) for x in lines) == 6  # each deal's hands
    assert any(x.startswith("Trick 1: ") for x in lines) and "Step 0. Look first." in lines
    questions = [x for x in lines if x.startswith("Question at step ")]
    assert [q.split(":")[0] for q in questions] == ["Question at step 7", "Question at step 13", "Question at step 20"]
    assert lines.count("Answer: " + "_" * 30) == 3
    # nothing else on paper: not the board, the chapters, the buttons, nor the page around the study
    for hidden in ('[data-role="study-board"]', '[data-role="study-nav"]', '[data-action="study-print"]', "h1"):
        assert not page.locator(hidden).first.is_visible(), hidden
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF-")  # the printer's own path renders it


def test_hostile_texts_in_a_framed_study_stay_text_under_the_csp(
    site_server: SiteServer, browser: Any, guard: Guard
) -> None:
    guard.origin = site_server.origin
    page = fresh_page(browser, guard)
    dialogs: list[str] = []

    def dismissed(d: Any) -> None:
        dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", dismissed)
    page.goto(f"{site_server.url}{EMBED}#{hostile_study()}")
    page.wait_for_selector('.oldtricks-study[data-ready="ready"]', timeout=READY_MS)
    assert page.locator('[data-role="study-heading"]').text_content() == HOSTILE
    assert page.locator('[data-role="study-nav"] .ot-study-pick').text_content() == HOSTILE
    assert page.locator('[data-role="study-board"] .ot-note').text_content() == HOSTILE
    assert page.locator('.oldtricks-study img[src="x"], .oldtricks-study script:not([type])').count() == 0
    assert page.evaluate("() => window.__pwned") is None
    assert dialogs == []
    page.context.close()
    guard.check()


URL_ATTR = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']*)""", re.IGNORECASE)
COMMAND = "python -m oldtricks link decode 'LINK' --text prints the handout"


def test_the_frame_page_is_bare_and_says_what_to_do_without_a_script(site_server: SiteServer) -> None:
    for name in (EMBED, "study.html"):
        page = (site_server.root / name).read_text(encoding="utf-8")
        text = html.unescape(re.sub(r"<[^>]+>", "", page))
        assert COMMAND in text and "--toml writes the study as a file" in text, name  # as a shell reads it
        assert page.count('http-equiv="Content-Security-Policy"') == 1, name
    page = (site_server.root / EMBED).read_text(encoding="utf-8")
    urls = URL_ATTR.findall(page)
    assert urls and not [u for u in urls if u.startswith(("/", "http:", "https:", "//"))], urls
    assert not [u for u in urls if "_static/" in u and "_static/oldtricks/" not in u and not u.endswith("favicon.svg")]
    assert "ot-editions" not in page and "sidebar" not in page
