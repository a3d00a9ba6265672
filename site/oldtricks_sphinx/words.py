"""Words a directive takes from data (a rule's title and source from the ledger) into the page: gettext
extracts them into the page's catalog and Sphinx translates them with the page's own messages.

Sphinx's gettext builder and its translation step skip a node without a source line, which is what a
directive makes unless told: such words would stay English in every edition, unseen. A node from
:func:`translatable` has the directive's source line and its text as the message. (Words of the
extension's own code go through :func:`.i18n._` instead, from ``oldtricks.po``.)

>>> node = translatable("The highest trump wins", "drogue.md", 12, ["ot-rule-title"])
>>> node.rawsource, node.source, node.line, node["translatable"], node["classes"]
('The highest trump wins', 'drogue.md', 12, True, ['ot-rule-title'])
>>> from sphinx.util.nodes import is_translatable
>>> is_translatable(node)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

__all__ = ["CellLines", "plain_words", "setup_words", "translatable", "translatable_text"]


def translatable(text: str, source: str | None, line: int | None, classes: Sequence[str] = ()) -> nodes.inline:
    """An inline node holding ``text`` that the page's catalog translates (source and line: the directive's)."""
    node = nodes.inline(text, text, classes=list(classes), translatable=True)
    node.source, node.line = source, line
    return node


class plain_words(nodes.Inline, nodes.TextElement):
    """Words of the page written as they are, without an element of their own (an inline is a ``<span>``)."""


def translatable_text(text: str, source: str | None, line: int | None) -> plain_words:
    """Words that the page's catalog translates, written with no element around them (a source's note
    after its citation, where the English page has plain text).

    >>> node = translatable_text("its own guess", "ledger.md", 15)
    >>> node.astext(), node.line, node["translatable"]
    ('its own guess', 15, True)
    """
    node = plain_words(text, text, translatable=True)
    node.source, node.line = source, line
    return node


def _visit_plain(self: Any, node: plain_words) -> None:
    pass


def _depart_plain(self: Any, node: plain_words) -> None:
    pass


class CellLines(SphinxTransform):
    """A table's cells in a directive's content (a rule box's table of card points) are words of the page
    too: MyST leaves them without a source line there, so that gettext skipped them and they stayed English
    in every edition. Each gets the line of the nearest element above it that has one. (The tables the
    extension writes, class ``ot-table``, take their words from the catalogs themselves.)"""

    default_priority = 15  # before the editions' check (19) and Sphinx's translation (20)

    def apply(self, **kwargs: Any) -> None:
        for para in self.document.findall(nodes.paragraph):
            if (para.source and para.line) or not isinstance(para.parent, nodes.entry):
                continue
            table = next((node for node in _ancestors(para) if isinstance(node, nodes.table)), None)
            if table is None or "ot-table" in table["classes"]:
                continue
            above: nodes.Node | None = para.parent
            while above is not None and not (getattr(above, "source", None) and getattr(above, "line", None)):
                above = above.parent
            if above is not None:
                para.source, para.line = above.source, above.line


def _ancestors(node: nodes.Node) -> list[nodes.Node]:
    found = []
    while node.parent is not None:
        node = node.parent
        found.append(node)
    return found


def setup_words(app: Sphinx) -> None:
    builders = ("html", "latex", "text", "man", "texinfo")
    app.add_node(plain_words, **dict.fromkeys(builders, (_visit_plain, _depart_plain)))  # type: ignore[arg-type]
    app.add_transform(CellLines)
