"""English left on a translated page: every text node of an edition's page against the English page of
the same name, as built (so the words the extension generates are checked too, not only the pages'
catalogs: a text node without a source line is skipped by Sphinx's gettext and stays English).

A text node counts when it has two words or more (a name, a card or a number alone is no sentence)
and the English page has the very same text node; ``keep`` lists the texts that stay as they are in
every language (names of games and works, historical terms, card notation), from the edition's
``pages.toml``. Elements marked ``lang="en"`` (the switcher's "English") are English on purpose, and
inline code is notation (a rule id, a command); a code block (``<pre>``) is checked, its comments are words.

>>> english = "<p>The dealer deals <b>eight cards</b>.</p><p>Tod und Leben</p><p>Drogue</p>"
>>> german = "<p>Der Geber gibt <b>eight cards</b>.</p><p>Tod und Leben</p><p>Drogue</p>"
>>> english_left(english, german, keep={"Tod und Leben"})
['eight cards']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser

__all__ = ["english_left", "text_nodes"]

SKIP = {"script", "style", "template", "noscript"}  # not text a reader sees (noscript: the text page has it)
NOTATION = {"code", "kbd", "samp", "var"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
WORD = re.compile(r"[^\W\d_]{2,}")


class _Texts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, skipped: inside SKIP or lang="en")
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        outer = bool(self.stack) and self.stack[-1][1]
        # inline code is notation (a rule id, a command); a code block's words are translated (its comments)
        notation = tag in NOTATION and not any(open_tag == "pre" for open_tag, _skip in self.stack)
        self.stack.append((tag, outer or notation or tag in SKIP or dict(attrs).get("lang") == "en"))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1][1]:
            return
        text = " ".join(data.split())
        if text:
            self.found.append(text)


def text_nodes(html: str) -> list[str]:
    """The page's text nodes a reader sees (whitespace folded), in page order.

    >>> text_nodes('<p>A <a lang="en" href="#">English</a> b<script>x()</script> <code>drogue.pack</code></p>')
    ['A', 'b']
    >>> text_nodes('<pre><code># the dealer</code></pre>')
    ['# the dealer']
    """
    parser = _Texts()
    parser.feed(html)
    return parser.found


def english_left(english_html: str, edition_html: str, keep: Iterable[str] = ()) -> list[str]:
    """The text nodes of ``edition_html`` of two words or more that ``english_html`` has too, less ``keep``."""
    english = set(text_nodes(english_html))
    kept = set(keep)
    left: list[str] = []
    for text in text_nodes(edition_html):
        if text in english and text not in kept and len(WORD.findall(text)) >= 2 and text not in left:
            left.append(text)
    return left
