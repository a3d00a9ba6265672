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

from docutils import nodes

__all__ = ["translatable"]


def translatable(text: str, source: str | None, line: int | None, classes: Sequence[str] = ()) -> nodes.inline:
    """An inline node holding ``text`` that the page's catalog translates (source and line: the directive's)."""
    node = nodes.inline(text, text, classes=list(classes), translatable=True)
    node.source, node.line = source, line
    return node
