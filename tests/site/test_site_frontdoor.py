"""The front door, the rules in brief and ``{trick}``: what a newcomer sees first, built from the engine."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from conftest import Builder

GAME_PAGES = ("druzbart.html", "drogue.html", "bettelmann.html")


class _Section(HTMLParser):
    """The text and links of the ``<section>`` whose heading has the given id."""

    def __init__(self, section_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.section_id, self.depth = section_id, 0
        self.text: list[str] = []
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        if tag == "section" and (self.depth or attr.get("id") == self.section_id):
            self.depth += 1
        elif self.depth and tag == "a" and attr.get("href"):
            self.hrefs.append(html.unescape(attr["href"] or ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "section" and self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.text.append(data)


def section(page: str, section_id: str) -> _Section:
    parser = _Section(section_id)
    parser.feed(page)
    return parser


def test_a_trick_is_drawn_from_the_engine_with_its_winner(build: Builder) -> None:
    page = "# T\n\n```{trick} druzbart/basics 1\n```\n\n```{scenario} druzbart/basics\n```\n"
    built = build({"index.md": page})
    assert built.status == 0, built.warnings
    out = built.html()
    picture = out[out.index('class="ot-static ot-trick-picture') :]
    picture = picture[: picture.index("</div>")]
    # the first trick of that scenario as its viewer plays it: four cards, East's Nine of Acorns wins
    assert re.findall(r"<i class=g(\w)>(\w+)</i>", picture) == [("H", "AH"), ("A", "AA"), ("L", "9L"), ("A", "9A")]
    assert picture.count("ot-trick-winner") == 1 and "Trick 1: East wins it." in picture
    step = re.search(r'href="#druzbart/basics&#64;(\d+)"', picture)
    assert step is not None, picture


def test_a_trick_that_does_not_exist_fails_the_build(build: Builder) -> None:
    for args, message in [
        ("druzbart/basics 99", "scenario 'druzbart/basics' has no trick 99"),
        ("druzbart/nope 1", "no scenario 'druzbart/nope'"),
        ("druzbart/basics one", "trick number 'one': expected a whole number from 1"),
    ]:
        built = build({"index.md": f"# T\n\n```{{trick}} {args}\n```\n"})
        assert built.status == 1 and message in built.warnings, built.warnings


def test_every_rules_page_opens_with_a_brief_whose_sentences_cite_its_rule_boxes(site) -> None:  # type: ignore[no-untyped-def]
    pages = site.pages()
    for name in GAME_PAGES:
        page = pages[name]
        brief = section(page, "the-rules-in-brief")
        words = len(" ".join(brief.text).split())
        assert 150 <= words <= 330, (name, words)  # one screen: about 250 words
        rule_links = [h for h in brief.hrefs if "#rule-" in h]
        assert len(rule_links) >= 10, name
        for href in rule_links:  # each sentence's rule box exists (on this page, but for one of the clips)
            target, _, anchor = href.partition("#")
            assert f'id="{anchor}"' in pages[target or name], (name, href)
        assert sum(h.startswith("#rule-") for h in rule_links) >= len(rule_links) - 1, name
        assert page.index('id="the-rules-in-brief"') < page.index('class="ot-rule-block')


def test_the_front_door_offers_four_ways_into_each_game(site) -> None:  # type: ignore[no-untyped-def]
    page = site.pages()["index.html"]
    doors = page[page.index('class="ot-doors') :]
    for game in ("druzbart", "drogue", "bettelmann"):
        hrefs = {html.unescape(h) for h in re.findall(r'href="([^"]+)"', doors)}
        assert f"{game}.html#the-rules-in-brief" in hrefs
        assert f"sandbox/{game}.html#play-{game}" in hrefs  # "Play now": dealt, the reader seated
        assert f"lessons/{game}.html" in hrefs
        assert any(h.startswith(f"{game}.html#{game}/") and "@" in h for h in hrefs), game  # watch a deal
    assert doors.count('class="ot-static ot-trick-picture') == 3
    # the table of contents is the sidebar's, not a list down the home page
    article = page[page.index("<article") : page.index('id="start-here"')]
    assert "toctree-l1" not in article
