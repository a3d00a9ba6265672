"""site/oldtricks_sphinx/standards.py: a description on every page, named sidebars, focusable code."""

from __future__ import annotations

import re

from conftest import Builder
from oldtricks_sphinx.standards import DESCRIPTION_LENGTH, shorten, touch_up

LONG = " ".join(["word"] * 60)
PAGES = {
    "index.md": "# Home\n\nThe first paragraph says what the page is for.\n\n```{toctree}\nplain\nfront\n```\n",
    "plain.md": f"# Plain\n\n{LONG}\n\n```sh\necho one\n```\n",
    "front.md": "---\ndescription: Given in the front matter\n---\n# Front\n\nNot this paragraph.\n",
}
META = re.compile(r'<meta name="description" content="([^"]*)">')


def test_shorten_cuts_at_a_word() -> None:
    assert shorten("  two\n words ") == "two words"
    text = shorten("alpha beta, " * 30)
    assert len(text) <= DESCRIPTION_LENGTH and text.endswith("beta…")


def test_each_page_has_one_description_from_its_front_matter_or_first_paragraph(build: Builder) -> None:
    built = build(PAGES, conf={"html_theme": "furo", "project": "cards"})
    assert built.status == 0, built.warnings
    found = {page: META.findall(built.html(page)) for page in ("index", "plain", "front", "search", "genindex")}
    assert found["index"] == ["The first paragraph says what the page is for."]
    assert found["front"] == ["Given in the front matter"]
    [plain] = found["plain"]
    assert plain.startswith("word word") and plain.endswith("…") and len(plain) <= DESCRIPTION_LENGTH
    assert found["search"] == ["Search the pages of cards"], found
    assert all(len(v) == 1 and v[0] for v in found.values()), found
    html = built.html("plain")
    assert '<aside class="sidebar-drawer" aria-label="Site navigation">' in html
    assert 'aria-label="On this page">' in html
    assert '<div class="highlight"><pre tabindex="0">' in html
    assert html.count("<h1") == 1 and built.html("search").count("<h1") == 1


def test_touch_up_names_the_theme_sidebars_once() -> None:
    page = '<aside class="sidebar-drawer">a</aside><aside class="toc-drawer no-toc">b</aside>'
    done = touch_up(page)
    assert done.count("aria-label") == 2 and 'class="toc-drawer no-toc" aria-label="On this page"' in done
    assert touch_up(done) == done
