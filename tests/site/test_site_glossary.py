"""Glossary terms: every link to a term carries the first paragraph of its definition as its title."""

from __future__ import annotations

import re

from conftest import Builder

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
