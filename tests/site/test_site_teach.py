"""The teachers' tools in the extension: ``{sandbox}`` pages and where share links go, embed pages and
``{embed}``, and the Content-Security-Policy on every page with its inline-script hashes."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html import unescape
from typing import Any

from conftest import SCENARIOS, Builder, found, widgets
from oldtricks.core.registry import GAMES, all_rules
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load
from oldtricks_sphinx.csp import HASHES, inline_script_hashes, policy

PAGES = {
    "index.md": "# Home\n\n```{toctree}\nplay\nsub/sandbox\nembedding\n```\n",
    "play.md": "# Play\n\n```{scenario} bettelmann/tie-pierer\n:step: 2\n:viewer: north\n```\n",
    "sub/sandbox.md": "# Sandbox\n\n```{sandbox} bettelmann\n```\n\n```{sandbox} drogue\n```\n",
    "embedding.md": "# Embedding\n\n```{embed} bettelmann/tie-pierer\n:step: 3\n:height: 700\n```\n",
}
SANDBOX_DATA = re.compile(r'<script type="application/json" class="oldtricks-sandbox-data">(.*?)</script>', re.S)
META = re.compile(r'<meta name="oldtricks-sandboxes" content="([^"]*)">')


def sandbox_data(html: str) -> list[dict[str, Any]]:
    return [json.loads(m) for m in SANDBOX_DATA.findall(html)]


def test_sandbox_pages_and_where_links_go(build: Builder) -> None:
    built = build(PAGES)
    assert built.status == 0, built.warnings
    html = built.html("sub/sandbox")
    first, second = sandbox_data(html)
    assert (first["game"], second["game"]) == ("bettelmann", "drogue")
    assert '<div class="oldtricks-sandbox" id="sandbox-bettelmann" data-game="bettelmann">' in html
    assert json.loads(unescape(found(META.search(html)).group(1))) == {"bettelmann": "", "drogue": ""}  # this very page
    assert [g["name"] for g in first["games"]] == list(GAMES)
    assert set(first["rules"]) == set(all_rules())
    assert first["rules"]["bettelmann.tie.pierer"]["url"] is None  # no page states it in this project
    assert '<script type="module" src="../_static/oldtricks/teach/sandbox.js' in html
    assert 'href="../_static/oldtricks/teach/sandbox.css' in html
    play = built.html("play")
    assert "sandbox.js" not in play and "sandbox.css" not in play
    # every page says where the share links of each game open, relative to itself
    assert json.loads(unescape(found(META.search(play)).group(1))) == {
        "bettelmann": "sub/sandbox.html",
        "drogue": "sub/sandbox.html",
    }
    embed = (built.outdir / "embed" / "bettelmann" / "tie-pierer.html").read_text(encoding="utf-8")
    assert json.loads(unescape(found(META.search(embed)).group(1)))["bettelmann"] == "../../sub/sandbox.html"


def test_sandbox_errors_name_the_page_and_line(build: Builder) -> None:
    built = build({"index.md": "# A\n\n```{sandbox} poker\n```\n"})
    assert built.status == 1
    assert "index.md:3" in built.warnings and "unknown game 'poker' for a sandbox" in built.warnings
    built = build(
        {
            "index.md": "# A\n\n```{toctree}\nb\n```\n\n```{sandbox} drogue\n```\n",
            "b.md": "# B\n\n```{sandbox} drogue\n```\n",
        }
    )
    assert built.status == 1 and "a game has one sandbox" in built.warnings


def test_sandbox_in_text_is_a_sentence(build: Builder) -> None:
    built = build({"index.md": "# A\n\n```{sandbox} clock\n```\n"}, buildername="text")
    assert built.status == 0, built.warnings
    assert "The Clock Druzbart sandbox runs the rules engine in your browser" in built.text("index")


def test_every_placed_scenario_gets_a_bare_embed_page(build: Builder) -> None:
    built = build(PAGES)
    assert built.status == 0, built.warnings
    page = built.outdir / "embed" / "bettelmann" / "tie-pierer.html"
    html = page.read_text(encoding="utf-8")
    [widget] = widgets(html)
    data = widget["data"]
    sc = load(SCENARIOS / "bettelmann/tie-pierer.toml", SCENARIOS)
    assert data["frames"] == replay(sc).frames()
    assert (data["step"], data["viewer"]) == (2, 1)  # the author's choices, as on the page
    [original] = widgets(built.html("play"))
    assert data == original["data"]
    assert '<base target="_blank">' in html
    assert 'src="../../_static/oldtricks/teach/embed.js"' in html
    assert html.index("teach/embed.js") < html.index("oldtricks/widget.js")  # embed.js runs first
    assert "basic.css" not in html and "alabaster" not in html  # no theme
    assert '<a href="../../play.html#bettelmann/tie-pierer">' in html
    assert sorted(p.relative_to(built.outdir).as_posix() for p in (built.outdir / "embed").rglob("*.html")) == [
        "embed/bettelmann/tie-pierer.html"
    ]


def test_embed_pages_can_be_switched_off(build: Builder) -> None:
    built = build({"index.md": PAGES["play.md"]}, conf={"oldtricks_embed_pages": False})
    assert built.status == 0, built.warnings
    assert not (built.outdir / "embed").exists()


def test_embed_directive_shows_the_iframe_and_the_snippet(build: Builder) -> None:
    built = build(PAGES)
    assert built.status == 0, built.warnings
    html = built.html("embedding")
    src = "embed/bettelmann/tie-pierer.html#bettelmann/tie-pierer@3"
    assert f'<iframe class="ot-embed-frame" src="{src}" title="Game viewer: Equal ranks' in html
    assert 'height="700"' in html
    assert f'data-embed-src="{src}"' in html and "&lt;iframe src=&quot;" + src in html
    assert "teach/snippet.js" in html and "teach/embed.css" in html


def test_embed_of_a_scenario_placed_nowhere_warns(build: Builder) -> None:
    built = build({"index.md": "# A\n\n```{embed} bettelmann/basics\n```\n"})
    assert built.status == 1 and "embedded on no page" in built.warnings
    built = build({"index.md": "# A\n\n```{embed} ../etc/passwd\n```\n"})
    assert built.status == 1 and "is not a scenario id" in built.warnings


def test_every_page_carries_the_policy_with_its_inline_scripts_hashed(build: Builder) -> None:
    body = 'window.answer = "forty-two";'
    built = build(PAGES, conf={"html_js_files": [("", {"body": body})]})
    assert built.status == 0, built.warnings
    digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
    pages = sorted(built.outdir.rglob("*.html"))
    assert len(pages) >= 6
    for page in pages:
        html = page.read_text(encoding="utf-8")
        [content] = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
        assert HASHES not in content
        assert "script-src 'self' 'wasm-unsafe-eval'" in content
        assert "object-src 'none'" in content and "base-uri 'self'" in content and "worker-src 'self'" in content
        if "_static" in page.parts:
            continue
        if body in html:
            assert f"'sha256-{digest}'" in content, page
        # before every script (a text page, textpage.py, has none)
        assert "<script" not in html or html.index("Content-Security-Policy") < html.index("<script"), page


def test_policy_can_be_switched_off(build: Builder) -> None:
    built = build({"index.md": "# A\n"}, conf={"oldtricks_csp": False})
    assert built.status == 0, built.warnings
    assert "Content-Security-Policy" not in built.html("index")


def test_inline_script_hashes_cover_only_scripts_a_browser_runs() -> None:
    html = (
        '<script>a()</script><script type="module">b()</script><script src="x.js"></script>'
        '<script type="application/json">{"c": 1}</script><SCRIPT type=text/javascript>a()</SCRIPT>'
    )
    tokens = inline_script_hashes(html)
    want = [f"'sha256-{base64.b64encode(hashlib.sha256(s).digest()).decode()}'" for s in (b"a()", b"b()")]
    assert tokens == want
    assert policy(tokens).startswith("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-")
    assert HASHES not in policy([]) and "  " not in policy([])
