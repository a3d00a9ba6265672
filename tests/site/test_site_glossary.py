"""Glossary terms: every link to a term carries the first paragraph of its definition as its title."""

from __future__ import annotations

import re
import unicodedata

from conftest import REPO, Builder

GLOSSARY = """\
# Glossary

```{glossary}
Unter
  The lower knave of a German pack.

  See the rules.

dud
  A card that wins nothing.
```
"""


def test_term_links_carry_their_meaning(build: Builder) -> None:
    pages = {
        "index.md": "# Home\n\nAn {term}`Unter` and two {term}`duds <dud>`.\n\n```{toctree}\nglossary\n```\n",
        "glossary.md": GLOSSARY,
    }
    built = build(pages)
    assert built.status == 0, built.warnings
    links = re.findall(r'<a class="ot-term reference internal" href="([^"]+)" title="([^"]+)">', built.html())
    assert links == [
        ("glossary.html#term-Unter", "The lower knave of a German pack."),  # the first paragraph only
        ("glossary.html#term-dud", "A card that wins nothing."),
    ]


def test_other_links_are_left_alone(build: Builder) -> None:
    pages = {
        "index.md": "# Home\n\nSee {doc}`glossary`.\n\n```{toctree}\nglossary\n```\n",
        "glossary.md": GLOSSARY,
    }
    built = build(pages)
    assert built.status == 0, built.warnings
    assert "ot-term" not in built.html()


def test_the_real_glossary_covers_each_game(site) -> None:  # type: ignore[no-untyped-def]
    page = site.pages()["glossary.html"]
    for term in ("Unter", "matador", "dud", "Mandrin", "brisque", "vilenie", "drogue", "Tod und Leben"):
        assert f'id="term-{term.replace(" ", "-")}"' in page, term
    # each definition names the rule it belongs to, as a link to its box
    assert page.count('class="ot-cite') >= 30


# The glossary terms each rules page uses, as the page's text spells them (a plural adds an "s").
RULES_PAGE_TERMS = {
    "druzbart": (
        "matador",
        "beater",
        "dud",
        "head",
        "led Seven",
        "slate",
        "tripod",
        "Clock Druzbart",
        "Unter",
        "Ober",
    ),
    "bettelmann": ("pile", "last three", "Tod und Leben", "Unter", "Ober"),
    "drogue": ("Mandrin", "brisque", "figure", "en forçant", "au parler", "penalty clip"),
    "drogue-clips": (
        "Mandrin",
        "brisque",
        "figure",
        "drogue",
        "penalty clip",
        "trump maker",
        "vilenie",
        "capot",
        "courte-queue",
        "débrisqué",
        "défiguré",
        "guérite",
        "rengagé",
        "recharger",
        "parade",
        "black nose",
    ),
}
# code, viewers, raw HTML and drawings (HTML too), other roles, links, tags and tables are not prose, and are not linked
SKIPPED = re.compile(r"^(`{3,}|:{3,})\{(raw|drawing|scenario|compare|stats|options|trick)\}.*?^\1\s*$", re.M | re.S)
SPANS = re.compile(
    r"^(?:`{3,}|:{3,}).*$|\{(?!term\})[\w:-]+\}`[^`]*`|(?<!\})`[^`]*`|\[[^\]]*\]\([^)]*\)|<[^>\n]+>|^\|.*$|^[ \t]*<.*$",
    re.M,
)
TERM_ROLE = re.compile(r"\{term\}`(?:[^`<]*<([^>]+)>|([^`]+))`")


def _sections(text: str) -> list[str]:
    """The page's sections (split at each heading), with raw HTML, viewers and code left out."""
    text = SKIPPED.sub("", text)
    return re.split(r"^#{1,3} .*$", text, flags=re.M)


def test_each_rules_page_links_each_term_at_its_first_use_in_every_section() -> None:
    for page, terms in RULES_PAGE_TERMS.items():
        sections = _sections((REPO / "docs" / f"{page}.md").read_text(encoding="utf-8"))
        for term in terms:
            plain = re.compile(r"(?<![\w-])" + re.escape(term) + r"s?(?![\w-]|\.\w|\s+up\b)")
            used = 0
            for number, section in enumerate(sections):
                roles = [m.start() for m in TERM_ROLE.finditer(section) if term in (m.group(1), m.group(2))]
                # blank out every span the text may not link inside (other roles, code, links, tags)
                bare = SPANS.sub(
                    lambda m: " " * len(m.group()), TERM_ROLE.sub(lambda m: "\0" * len(m.group()), section)
                )
                first = plain.search(bare)
                if first is None:
                    used += bool(roles)
                    continue
                assert roles and roles[0] < first.start(), f"{page}.md section {number}: {term!r} unlinked at first use"
                used += 1
            assert used, f"{page}.md never uses {term!r}"


def _term_id(term: str) -> str:
    """The anchor Sphinx gives a glossary term: accents dropped, spaces as hyphens."""
    return "term-" + unicodedata.normalize("NFKD", term).encode("ascii", "ignore").decode().replace(" ", "-")


def test_the_rules_pages_term_links_reach_the_glossary(site) -> None:  # type: ignore[no-untyped-def]
    pages = site.pages()
    defined = set(re.findall(r'id="(term-[^"]+)"', pages["glossary.html"]))
    link = re.compile(r'class="ot-term reference internal" href="glossary\.html#(term-[^"]+)"')
    for page, terms in RULES_PAGE_TERMS.items():
        linked = set(link.findall(pages[f"{page}.html"]))
        assert linked <= defined, (page, linked - defined)
        assert {_term_id(term) for term in terms} <= linked, (page, sorted(linked))
