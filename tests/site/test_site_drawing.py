"""The {drawing} directive: a figure in HTML whose [[...]] texts are messages of the page's catalog, written
as the HTML stands in English and translated in an edition, attributes included."""

from __future__ import annotations

from test_site_editions import CONF, EXTENSION, po

from conftest import Builder

DRAWING = """\
# Slate

```{drawing}
<figure class="dz-fig" aria-label="[[A slate with two rows]]">
<svg viewBox="0 0 10 10"><text x="1" y="2">[[South–North]]</text><text x="1" y="5">U</text></svg>
<figcaption>[[The viewers draw it in their
*The slate* panel.]]</figcaption>
</figure>
```
"""
ENGLISH = """\
<figure class="dz-fig" aria-label="A slate with two rows">
<svg viewBox="0 0 10 10"><text x="1" y="2">South–North</text><text x="1" y="5">U</text></svg>
<figcaption>The viewers draw it in their
<em>The slate</em> panel.</figcaption>
</figure>"""
MESSAGES = {
    "Slate": "Tafel",
    "A slate with two rows": "Eine Tafel mit zwei Reihen & Strichen",
    "South–North": "Süd–Nord",
    "The viewers draw it in their *The slate* panel.": "Die Betrachter zeichnen sie im Feld *Die Tafel*.",
}


def test_a_drawing_is_written_as_its_html_stands_without_the_marks(build: Builder) -> None:
    built = build({"index.md": DRAWING})
    assert ENGLISH in built.html()  # what a {raw} html block of the same HTML wrote
    assert "[[" not in built.html()


def test_a_drawing_is_translated_with_the_page_attributes_escaped(build: Builder) -> None:
    pages = {
        "index.md": DRAWING,
        "locales/de/pages.toml": 'pages = ["index"]\n',
        "locales/de/LC_MESSAGES/index.po": po(MESSAGES),
        "locales/de/LC_MESSAGES/oldtricks.po": EXTENSION,
    }
    built = build(pages, conf=CONF, strict=False)
    assert "edition" not in built.warnings, built.warnings
    html = built.html()
    assert 'aria-label="Eine Tafel mit zwei Reihen &amp; Strichen"' in html  # escaped for the attribute
    assert '<text x="1" y="2">Süd–Nord</text><text x="1" y="5">U</text>' in html
    assert "<figcaption>Die Betrachter zeichnen sie im Feld <em>Die Tafel</em>.</figcaption>" in html
    assert "South–North" not in html and "The slate" not in html


def test_a_missing_message_of_a_drawing_fails_the_edition(build: Builder) -> None:
    short = {k: v for k, v in MESSAGES.items() if k != "South–North"}
    pages = {
        "index.md": DRAWING,
        "locales/de/pages.toml": 'pages = ["index"]\n',
        "locales/de/LC_MESSAGES/index.po": po(short),
        "locales/de/LC_MESSAGES/oldtricks.po": EXTENSION,
    }
    built = build(pages, conf=CONF, strict=False)
    assert "de edition: no translation of 'South–North'" in built.warnings
    assert "index.md:5" in built.warnings  # the line of the text in the page


def test_a_drawing_refuses_markup_inside_a_tag(build: Builder) -> None:
    page = '```{drawing}\n<p title="[[*bold*]]">[[x]]</p>\n```\n'
    built = build({"index.md": "# T\n\n" + page}, strict=False)
    assert "a text inside a tag is plain text" in built.warnings
