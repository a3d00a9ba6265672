"""The ``{examples}`` directive: a section's viewers folded under a line that names them (and
``{fold} LINE``, any part of a page folded the same way).

A rules page is read rule by rule: the text and the rule boxes. The viewers that show the rules at
work are 800 to 1,100 px each, so that a page with all of them open was thirty to forty screens long
at 1366 × 900. ``{examples}`` folds them: one line, a button that names what is inside ("Watch: The
first three tricks · Head your partner · Keep your matador"), opens them in place, and a viewer in a
closed fold is drawn only when its fold opens (widget.js draws a viewer once it shows near the screen).

MyST::

    ::::::{examples}
    :::::{tabs}
    ...
    :::::
    ::::::

    ::::{examples} Watch the whole deal
    ```{scenario} druzbart/game
    ```
    ::::

    ::::{fold} The same order as a table
    | Place | Cards |
    ...
    ::::

The line is the argument, or else "Watch: " and the labels of the tabs and the titles of the viewers
that stand outside tabs, in the order of the page. ``:open:`` starts the fold open: on a rules page,
the fold of the viewer whose trick the rules in brief draws, so that a reader sees a viewer at work
before he has to ask for one.

What ``tabs.js`` does with it: the button gets ``aria-expanded``, the content ``hidden="until-found"``
(the browser's find-in-page still finds text in a closed fold and opens it), and a link to anything
inside (``page.html#id@step``, a rule box's "Shown in", a lesson or the move list) opens the fold
before the viewers look for their target. Without a script there is no button and every fold shows
its content; in print every fold prints as if open (``pages.css``).

>>> fold_line(["The first three tricks", "Head your partner"])
'Watch: The first three tricks · Head your partner'
"""

from __future__ import annotations

import html
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective, SphinxTranslator

from .i18n import _
from .scenario import scenario_embed
from .tabs import pop_shown, script_with, shown_words, tab_panel, tab_set

__all__ = ["ExamplesDirective", "FoldDirective", "fold_line", "page_fold", "setup_folds"]


class page_fold(nodes.General, nodes.Element):
    """A part of a page folded under one line: ``line`` (what the button says), ``open``, ``ids``."""


def fold_line(names: list[str]) -> str:
    """The button's words for examples of these names."""
    return _("Watch: ") + " · ".join(names)


def _names(node: nodes.Element) -> list[str]:
    """What the fold holds, in page order: each tab's label, and the title of each viewer outside tabs."""
    names: list[str] = []
    for child in node.children:
        if isinstance(child, tab_set):
            names.extend(panel["shown"] for panel in child.children if isinstance(panel, tab_panel))
        elif isinstance(child, scenario_embed):
            names.append(child["data"]["title"])
        elif isinstance(child, nodes.Element):
            names.extend(_names(child))
    return names


class FoldDirective(SphinxDirective):
    """``{fold} LINE``: its content folded under LINE, a part of the page the reader opens when he
    wants it (the same facts in another form: a figure's table)."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"open": directives.flag}

    def run(self) -> list[nodes.Node]:
        fold = page_fold(classes=["ot-fold"], open="open" in self.options)
        self.set_source_info(fold)
        if self.arguments:  # words of the page: its catalog translates them (folds' lines are resolved later)
            source, line = self.get_source_info()
            fold += shown_words(self.arguments[0].strip(), source, line)
        self.state.nested_parse(self.content, self.content_offset, fold)
        fold["line"] = self.line(fold)
        page = self.env.docname.rsplit("/", 1)[-1]
        fold["ids"] = [f"{page}-fold-{self.env.new_serialno('ot-fold') + 1}"]
        return [fold]

    def line(self, fold: page_fold) -> str:
        return self.arguments[0].strip()


class ExamplesDirective(FoldDirective):
    """``{examples} [LINE]``: its content (viewers, tabs of viewers, the text that goes with them) folded
    under one line; the line names the tabs and viewers inside unless given."""

    required_arguments = 0
    optional_arguments = 1

    def line(self, fold: page_fold) -> str:
        if next(iter(fold.findall(scenario_embed)), None) is None:
            raise self.error("an {examples} block holds at least one viewer ({scenario})")
        fold["named"] = not self.arguments  # named by its content: the line is made again once labels are known
        return self.arguments[0].strip() if self.arguments else fold_line(_names(fold))


def _resolve_lines(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Each fold's line as the edition shows it: its own line as the page's catalog translated it, or the
    names of the tabs and viewers inside, once the tabs have their labels in the edition's words (HTML:
    the gettext builder keeps the line's node, which it extracts)."""
    if app.builder.format != "html":
        return
    for fold in doctree.findall(page_fold):
        fold["line"] = pop_shown(fold, fold["line"])
        if fold.get("named"):
            fold["line"] = fold_line(_names(fold))


def _visit_fold(self: Any, node: page_fold) -> None:
    # The button is in the page from the start, shown only where scripts run (pages.css), so that
    # nothing moves when tabs.js takes over; without a script the content shows and the button does not.
    fid, state = node["ids"][0], "open" if node["open"] else "closed"
    self.body.append(self.starttag(node, "div", "", **{"data-ot-fold": state}))
    self.body.append(
        f'<button type="button" class="ot-fold-toggle" aria-expanded="{str(node["open"]).lower()}"'
        f' aria-controls="{fid}-body">'
        f"{html.escape(node['line'])}</button>\n"
        f'<div class="ot-fold-body" id="{fid}-body">\n'
    )


def _depart_fold(self: Any, node: page_fold) -> None:
    self.body.append("</div></div>\n")


def _pass(self: SphinxTranslator, node: nodes.Element) -> None:
    """Other builders print the content as it stands (the node's children)."""


def setup_folds(app: Sphinx) -> None:
    others = dict.fromkeys(("latex", "text", "man", "texinfo"), (_pass, _pass))
    app.add_node(page_fold, html=(_visit_fold, _depart_fold), **others)  # type: ignore[arg-type]
    app.add_directive("examples", ExamplesDirective)
    app.add_directive("fold", FoldDirective)
    app.connect("html-page-context", script_with(page_fold))
    app.connect("doctree-resolved", _resolve_lines, priority=450)  # after the tabs' labels (tabs.py, 400)
