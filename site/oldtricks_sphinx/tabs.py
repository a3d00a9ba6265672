"""The ``{tabs}`` and ``{tab} LABEL`` directives: the viewers of one deal under each reading, as tabs.

A rules page shows every value of an option on the same deal; one after another they made the page
dozens of screens long. ``{tabs}`` folds them: each ``{tab}`` is a panel (its text and its viewers),
and a row of tab buttons shows one panel at a time (``tabs.js``: ARIA tablist, tab and tabpanel, arrow
keys, a link to anything inside a panel opens it).

Without a script nothing is folded: the buttons stay hidden and every panel shows, one after another,
under its label. In print only the shown panel prints, with one line naming the other readings and
where they are on the site (``pages.css``), so that a page's paper copy does not print every reading.

A ``{tabs}`` block must hold ``{tab}`` blocks and nothing else, two at least, with labels that differ.

A label is words of the page: the page's catalog translates it (:func:`.words.translatable`), and an
edition shows it in its language; the panel's id stays the one of the English label, so that a link to
a reading (``drogue.html#drogue-readings-1-kings-only``) is the same in every edition.

>>> tab_ids("druzbart", 2, ["Pierer", "Gööck and Müller"])
['druzbart-readings-2-pierer', 'druzbart-readings-2-goeoeck-and-mueller']
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective, SphinxTranslator

from .i18n import _
from .words import translatable

__all__ = [
    "TabDirective",
    "TabsDirective",
    "script_with",
    "setup_tabs",
    "shown_words",
    "tab_ids",
    "tab_panel",
    "tab_set",
    "tabs_script",
    "take_shown",
]

SHOWN = "ot-shown-label"  # the child holding a label's words as the edition shows them

# German and Polish letters as a reader would spell them in an address (docutils would drop them).
_SPELLED = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "ł": "l", "Ł": "l"})


def _slug(label: str) -> str:
    text = unicodedata.normalize("NFKD", label.translate(_SPELLED).lower()).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "tab"


def tab_ids(docname: str, group: int, labels: list[str]) -> list[str]:
    """The panels' ids: the page, the group's number on the page, the label (stable while labels are)."""
    page = _slug(docname.rsplit("/", 1)[-1])
    return [f"{page}-readings-{group}-{_slug(label)}" for label in labels]


class tab_set(nodes.General, nodes.Element):
    """A group of panels, shown one at a time."""


class tab_panel(nodes.General, nodes.Element):
    """One panel of a group: its ``label``, ``ids`` and, for print, the other panels (``others``)."""


class TabsDirective(SphinxDirective):
    """``{tabs} [LABEL]``: the ``{tab}`` blocks of its content as one group (LABEL names the tab row
    for assistive technology; by default "Readings of this deal")."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True

    def run(self) -> list[nodes.Node]:
        given = self.arguments[0].strip() if self.arguments else None
        group = tab_set(label=given or _("Readings of this deal"), classes=["ot-tabs"])
        self.set_source_info(group)
        if given:  # words of the page: its catalog translates them (the default is the extension's)
            source, line = self.get_source_info()
            group += shown_words(given, source, line)
        self.state.nested_parse(self.content, self.content_offset, group)
        panels = [child for child in group.children if isinstance(child, tab_panel)]
        strays = [child for child in group.children if not isinstance(child, tab_panel) and not _is_shown(child)]
        if strays:
            found = strays[0].tagname if isinstance(strays[0], nodes.Element) else "text"
            raise self.error(f"a {{tabs}} block holds only {{tab}} blocks (found {found})")
        if len(panels) < 2:
            raise self.error("a {tabs} block needs two {tab} blocks at least")
        labels = [panel["label"] for panel in panels]
        ids = tab_ids(self.env.docname, self.env.new_serialno("ot-tabs") + 1, labels)
        if len(set(ids)) != len(ids):
            raise self.error(f"two {{tab}} blocks of one {{tabs}} block have the same label: {labels}")
        for panel, pid in zip(panels, ids, strict=True):
            panel["ids"] = [pid]
            panel["others"] = [(other["label"], oid) for other, oid in zip(panels, ids, strict=True) if oid != pid]
        return [group]


class TabDirective(SphinxDirective):
    """``{tab} LABEL``: one panel of a ``{tabs}`` block; its content is any text and viewers."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True

    def run(self) -> list[nodes.Node]:
        label = self.arguments[0].strip()
        panel = tab_panel(label=label, shown=label, classes=["ot-tabpanel"])
        self.set_source_info(panel)
        source, line = self.get_source_info()
        panel += shown_words(label, source, line)
        self.state.nested_parse(self.content, self.content_offset, panel)
        return [panel]


def _visit_set(self: Any, node: tab_set) -> None:
    # The tab row is in the page from the start (its place is kept: no shift when tabs.js starts); it
    # shows only where scripts run (pages.css), and tabs.js gives it and the panels their roles.
    self.body.append(self.starttag(node, "div", "", **{"data-ot-tabs": ""}))
    # its name too: an aria-label needs the tablist role, which only tabs.js may give (valid HTML)
    self.body.append(f'<div class="ot-tablist" data-ot-label="{html.escape(node["label"])}">')
    for i, panel in enumerate(child for child in node.children if isinstance(child, tab_panel)):
        pid = panel["ids"][0]
        self.body.append(
            f'<button type="button" class="ot-tab" id="{pid}-tab" aria-controls="{pid}"'
            f' tabindex="{0 if i == 0 else -1}">{html.escape(panel["shown"])}</button>'
        )
    self.body.append("</div>\n")


def _depart_set(self: Any, node: tab_set) -> None:
    self.body.append("</div>\n")


def _visit_panel(self: Any, node: tab_panel) -> None:
    self.body.append(self.starttag(node, "div", ""))
    self.body.append(f'<p class="ot-tabpanel-label">{html.escape(node["shown"])}</p>\n')
    page = self.builder.get_target_uri(self.builder.current_docname)
    others = "; ".join(f"{html.escape(label)} ({html.escape(page)}#{oid})" for label, oid in node["others"])
    printed = _("Printed: {label}. On the site: {others}.").format(label=html.escape(node["shown"]), others=others)
    self.body.append(f'<p class="ot-tabpanel-print">{printed}</p>\n')


def _depart_panel(self: Any, node: tab_panel) -> None:
    self.body.append("</div>\n")


def _pass(self: SphinxTranslator, node: nodes.Element) -> None:
    """Other builders print the panels one after another (the node's children)."""


def shown_words(text: str, source: str | None, line: int | None) -> nodes.inline:
    """A label's words for the page's catalog to translate, held in a :data:`SHOWN` node that
    :func:`pop_shown` takes out (Sphinx moves a translatable node's words to the end of its parent: here
    the holder, which is nothing else).

    >>> shown_words("Kings only", "drogue.md", 3).pformat().split()[:3]
    ['<inline', 'classes="ot-shown-label">', '<inline']
    """
    return nodes.inline("", "", translatable(text, source, line), classes=[SHOWN])


def _is_shown(node: nodes.Node) -> bool:
    return isinstance(node, nodes.inline) and SHOWN in node["classes"]


def pop_shown(node: nodes.Element, english: str) -> str:
    """The words of ``node``'s label as the page shows them (its :data:`SHOWN` child, translated with the
    page, taken out), else ``english``.

    >>> panel = tab_panel(label="Kings only")
    >>> panel += nodes.inline("", "Nur Könige", classes=[SHOWN])
    >>> pop_shown(panel, "Kings only"), len(panel.children), pop_shown(panel, "Kings only")
    ('Nur Könige', 0, 'Kings only')
    """
    for child in node.children:
        if isinstance(child, nodes.inline) and SHOWN in child["classes"]:
            node.remove(child)
            return child.astext()
    return english


def take_shown(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Each panel's label as the edition shows it, in its buttons, its heading and its print line (HTML:
    the gettext builder keeps the label's node, which it extracts)."""
    if app.builder.format != "html":
        return
    for group in doctree.findall(tab_set):
        group["label"] = pop_shown(group, group["label"])  # the row's name, as its panels' labels
        panels = [child for child in group.children if isinstance(child, tab_panel)]
        for panel in panels:
            panel["shown"] = pop_shown(panel, panel["label"])
        shown = {panel["ids"][0]: panel["shown"] for panel in panels}
        for panel in panels:
            panel["others"] = [(shown.get(oid, label), oid) for label, oid in panel["others"]]


def tabs_script(app: Sphinx) -> None:
    """Add tabs.js to the page being written (once: the same file added again is not added twice). It
    runs before widget.js (priority 100): a link's target in a hidden panel or a closed fold
    (:mod:`.folds`) is shown before the viewers look for it."""
    app.add_js_file("oldtricks/tabs.js", loading_method="defer", priority=99)


def script_with(node_type: type[nodes.Element]) -> Callable[[Sphinx, str, str, dict[str, Any], Any], None]:
    """An ``html-page-context`` handler that adds tabs.js to each page holding a ``node_type`` (a tab
    set here, a fold in :mod:`.folds`)."""

    def add(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
        if doctree is not None and next(iter(doctree.findall(node_type)), None) is not None:
            tabs_script(app)

    return add


def setup_tabs(app: Sphinx) -> None:
    others = dict.fromkeys(("latex", "text", "man", "texinfo"), (_pass, _pass))
    app.add_node(tab_set, html=(_visit_set, _depart_set), **others)  # type: ignore[arg-type]
    app.add_node(tab_panel, html=(_visit_panel, _depart_panel), **others)  # type: ignore[arg-type]
    app.add_directive("tabs", TabsDirective)
    app.add_directive("tab", TabDirective)
    app.connect("html-page-context", script_with(tab_set))
    app.connect("doctree-resolved", take_shown, priority=400)  # before the folds name the tabs (folds.py)
