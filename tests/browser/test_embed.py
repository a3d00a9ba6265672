"""Embed pages (embed/<id>.html): the viewer alone, no theme, relative URLs, `#id@step` and `#@step`
honoured, the same frames as on the rules page; and the live example on the embedding page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from conftest import SiteServer, edition_of, embedded, site_pages, wait_mounted

pytestmark = pytest.mark.browser

SID = "bettelmann/tie-pierer"
EMBED = f"embed/{SID}.html"
URL_ATTR = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']*)""", re.IGNORECASE)

FRAMES = """async (sid) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const w = (await import(src)).widgets.get(sid);
  return {frames: w.frames, step: w.stepOf(w.index)};
}"""


def test_every_embedded_scenario_has_a_bare_page_with_the_same_viewer(site_server: SiteServer) -> None:
    root = site_server.root
    placed: dict[str, dict[str, Any]] = {}
    for page in site_pages(root):  # the embed pages are English: so are the viewers they stand for
        if not page.startswith("embed/") and edition_of(page) == "en":
            placed.update(embedded((root / page).read_text(encoding="utf-8")))
    assert len(placed) > 20
    pages = {p for p in site_pages(root) if p.startswith("embed/")}
    assert pages == {f"embed/{sid}.html" for sid in placed}
    for sid, data in placed.items():
        html = (root / f"embed/{sid}.html").read_text(encoding="utf-8")
        own = embedded(html)
        assert list(own) == [sid]
        assert own[sid]["frames"] == data["frames"] and own[sid]["step"] == data["step"]
        assert own[sid]["viewer"] == data["viewer"]
        urls = URL_ATTR.findall(html)
        for url in urls:
            assert not url.startswith(("/", "http:", "https:", "//")), (sid, url)
        theme = [
            url
            for url in urls
            if "_static/" in url and "_static/oldtricks/" not in url and not url.endswith("favicon.svg")
        ]
        assert not theme, (sid, theme)
        depth = sid.count("/") + 1
        for rule in own[sid]["rules"].values():
            assert rule["url"] is None or rule["url"].startswith("../" * depth), rule


def test_the_embed_page_shows_the_viewer_alone_at_the_step_of_its_address(
    live_page: Any, site_server: SiteServer
) -> None:
    book = embedded((site_server.root / "bettelmann.html").read_text(encoding="utf-8"))[SID]
    live_page.goto(f"{site_server.url}{EMBED}#{SID}@3")
    wait_mounted(live_page)
    root = live_page.locator(f'.oldtricks-widget[id="{SID}"]')
    assert root.get_attribute("data-ready") == "static"
    assert root.get_attribute("data-step") == "3"
    shown = live_page.evaluate(FRAMES, SID)
    assert shown["frames"] == book["frames"] and shown["step"] == 3
    # no page chrome: no theme, no navigation, nothing but the viewer and a credit line
    chrome = ".sidebar-drawer, .toc-drawer, header:not(.ot-embed-source), footer, nav, .page"
    assert live_page.locator(chrome).count() == 0
    sheets = live_page.eval_on_selector_all('link[rel="stylesheet"]', "els => els.map((e) => e.href)")
    assert sheets and all("/_static/oldtricks/" in href for href in sheets), sheets
    scripts = live_page.eval_on_selector_all("script[src]", "els => els.map((e) => e.src)")
    assert scripts and all("/_static/oldtricks/" in src for src in scripts), scripts
    assert live_page.locator("body > *:visible").count() == 2  # the viewer, the credit line
    assert live_page.locator(".oldtricks-widget").count() == 1
    # links leave the frame: to the rules page, in a new tab
    assert live_page.evaluate("document.querySelector('base').target") == "_blank"
    credit = live_page.locator(".ot-embed-source a")
    assert credit.evaluate("a => a.href") == f"{site_server.url}bettelmann.html#{SID}"

    live_page.goto("about:blank")
    live_page.goto(f"{site_server.url}{EMBED}#@5")  # the short form
    wait_mounted(live_page)
    assert live_page.locator(f'.oldtricks-widget[id="{SID}"]').get_attribute("data-step") == "5"
    assert live_page.url.endswith(f"#{SID}@5")
    live_page.locator(f'.oldtricks-widget[id="{SID}"]').focus()
    live_page.keyboard.press("ArrowRight")
    assert live_page.locator(f'.oldtricks-widget[id="{SID}"]').get_attribute("data-step") == "6"


def test_the_embedding_page_shows_a_live_example_and_the_snippet_to_paste(
    live_page: Any, site_server: SiteServer
) -> None:
    live_page.goto(site_server.url + "embedding.html")
    frame = live_page.frame_locator("iframe.ot-embed-frame")
    viewer = frame.locator(f'.oldtricks-widget[id="{SID}"][data-ready="static"]')
    viewer.wait_for(timeout=15_000)
    assert viewer.get_attribute("data-step") == "3"
    snippet = live_page.locator("pre.ot-embed-snippet").inner_text()
    assert f'src="{site_server.url}{EMBED}#{SID}@3"' in snippet, snippet
    assert snippet.startswith("<iframe") and 'title="Game viewer: Equal ranks' in snippet


HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A long course page</title></head>
<body style="margin:0"><input id="search" aria-label="search" autofocus><div style="height:2400px">Reading</div>
<iframe id="frame" src="{src}" title="Game viewer" width="800" height="560"></iframe>
<div style="height:3000px">More reading</div></body></html>"""


# A bare `#<id>` names the viewer's element: the browser's own scroll to a fragment target in a frame
# would scroll the host page too (teach/embed.js drops it from the frame's address).
@pytest.mark.parametrize("address", ["", f"#{SID}@3", "#@5", f"#{SID}"])
def test_an_embed_far_down_a_long_page_never_moves_its_host(
    live_page: Any, site_server: SiteServer, address: str
) -> None:
    host = f"{site_server.url}host-{len(address)}.html"
    live_page.route(host, lambda route: route.fulfill(content_type="text/html", body=HOST.format(src=EMBED + address)))
    live_page.goto(host)  # the search field has the focus from the start (autofocus)
    viewer = live_page.frame_locator("#frame").locator(f'.oldtricks-widget[id="{SID}"][data-ready="static"]')
    viewer.wait_for(timeout=15_000)
    if "@" in address:
        assert viewer.get_attribute("data-step") == address.rsplit("@", 1)[1]
    live_page.wait_for_timeout(300)  # any late scroll (after the viewer has grown) would have happened
    assert live_page.evaluate("() => window.scrollY") == 0
    assert live_page.evaluate("() => document.activeElement.id") == "search"
    # the frame's own page did not scroll either: the viewer is all it holds
    assert live_page.frame_locator("#frame").locator("html").evaluate("el => el.scrollTop") == 0


def test_the_embedding_page_opens_at_its_top_with_focus_on_the_page(live_page: Any, site_server: SiteServer) -> None:
    live_page.goto(site_server.url + "embedding.html")
    frame = live_page.frame_locator("iframe.ot-embed-frame")
    frame.locator(f'.oldtricks-widget[id="{SID}"][data-ready="static"]').wait_for(timeout=15_000)
    live_page.wait_for_timeout(300)
    assert live_page.evaluate("() => window.scrollY") == 0
    assert live_page.evaluate("() => document.activeElement.tagName") == "BODY"
