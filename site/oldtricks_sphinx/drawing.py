"""The ``{drawing}`` directive: a figure drawn in HTML and SVG, written into the page as it stands, whose
words are translated with the page's own messages.

A ``{raw} html`` block is one opaque string to gettext: its captions, labels and ``aria-label``\\ s stayed
English in every edition. In a ``{drawing}`` each text between ``[[`` and ``]]`` is a message of the
page's catalog (MyST inline markup: ``*The slate*`` is emphasis); everything else is written as it is.
A text inside a tag (an attribute's value) is written as plain text, escaped for the attribute.

MyST::

    ```{drawing}
    <figure class="dz-fig" aria-label="[[A slate with two rows of chalk lines]]">
    <svg ...><text x="30" y="53">[[South–North]]</text></svg>
    <figcaption>[[A slate in the middle of a game; the viewers' *The slate* panel draws it too.]]</figcaption>
    </figure>
    ```

>>> [(piece.html, piece.words, piece.in_tag) for piece in pieces('<p title="[[A b]]">[[C *d*]]</p>')]
[('<p title="', 'A b', True), ('">', 'C *d*', False)]
>>> tail('<p title="[[A b]]">[[C *d*]]</p>')
'</p>'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective, SphinxTranslator

__all__ = ["DrawingDirective", "Piece", "drawing", "drawing_words", "pieces", "setup_drawing", "tail"]

MARK = re.compile(r"\[\[(.+?)\]\]", re.DOTALL)


@dataclass(frozen=True)
class Piece:
    """The HTML before a text to translate, the text (MyST inline markup), and whether it is inside a tag."""

    html: str
    words: str
    in_tag: bool
    offset: int  # where the text starts in the content (its line is counted from it)


def pieces(content: str) -> list[Piece]:
    """The content cut at its ``[[...]]`` texts (the HTML after the last one: :func:`tail`)."""
    found: list[Piece] = []
    start = 0
    for mark in MARK.finditer(content):
        html = content[start : mark.start()]
        so_far = content[: mark.start()]
        found.append(Piece(html, mark.group(1), so_far.rfind("<") > so_far.rfind(">"), mark.start(1)))
        start = mark.end()
    return found


def tail(content: str) -> str:
    """The HTML after the last ``[[...]]`` text."""
    ends = [mark.end() for mark in MARK.finditer(content)]
    return content[ends[-1] :] if ends else content


class drawing(nodes.General, nodes.Element):
    """The figure: its ``drawing_words`` in order, then ``node["after"]``, the HTML after the last one."""


class drawing_words(nodes.Part, nodes.TextElement):
    """One text of a drawing, after ``node["before"]``: a message of the page (it has a source line)."""


class DrawingDirective(SphinxDirective):
    """A figure in HTML whose ``[[...]]`` texts are the page's messages."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        if not self.content:
            raise self.error("a drawing needs its HTML as the content")
        content = "\n".join(self.content)
        found = pieces(content)
        if not found:
            raise self.error("a drawing with no [[...]] text: write it as a {raw} html block")
        source, _line = self.get_source_info()
        node = drawing(after=tail(content))
        self.set_source_info(node)
        for piece in found:
            line = self.lineno + 1 + content.count("\n", 0, piece.offset)  # the fence, then the content
            words = drawing_words(piece.words, before=piece.html, in_tag=piece.in_tag)
            words.source, words.line = source, line
            children, problems = self.state.inline_text(piece.words, line)
            if piece.in_tag and any(not isinstance(child, nodes.Text) for child in children):
                raise self.error(f"line {line}: a text inside a tag is plain text: {piece.words!r}")
            words.extend(children)
            node += words
            node.extend(problems)
        return [node]


def _visit_words(self: SphinxTranslator, node: drawing_words) -> None:
    self.body.append(node["before"])  # type: ignore[attr-defined]
    if node["in_tag"]:
        self.body.append(self.encode(node.astext()))  # type: ignore[attr-defined]
        raise nodes.SkipNode


def _depart_words(self: SphinxTranslator, node: drawing_words) -> None:
    pass


def _visit_drawing(self: SphinxTranslator, node: drawing) -> None:
    pass


def _depart_drawing(self: SphinxTranslator, node: drawing) -> None:
    self.body.append(node["after"])  # type: ignore[attr-defined]


def _pass(self: SphinxTranslator, node: nodes.Element) -> None:
    """Other builders print the drawing's words as they stand."""


def setup_drawing(app: Sphinx) -> None:
    others = dict.fromkeys(("latex", "text", "man", "texinfo"), (_pass, _pass))
    app.add_node(drawing, html=(_visit_drawing, _depart_drawing), **others)  # type: ignore[arg-type]
    app.add_node(drawing_words, html=(_visit_words, _depart_words), **others)  # type: ignore[arg-type]
    app.add_directive("drawing", DrawingDirective)
