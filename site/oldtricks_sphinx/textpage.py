"""The viewers' text forms apart from their page: one text page per page with viewers, and a packed copy
in the page for print.

A rules page's text forms (:mod:`.fallback`: the deal, every trick, the outcome, the questions) were
most of its bytes, read only without JavaScript and in print. So the page keeps, in each viewer's
``<noscript>``, a link to ``text/<page>.html#<scenario id>``, the build's page of every viewer's text
form, which needs no script; and, after its last viewer, ``<script type="application/json"
id="oldtricks-text">``: every text form's HTML by scenario id, packed as the viewers' data is
(:func:`oldtricks.scenarios.framepack.pack`), which widget.js unpacks once the first viewers are drawn and puts in
the page to be printed (a few kilobytes: the forms repeat themselves). An embed page, a single viewer,
keeps its text form in its ``<noscript>`` (:data:`INLINE`).

>>> text_page("drogue-clips")
'text/drogue-clips'
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator

from oldtricks.scenarios.framepack import pack

from .i18n import _
from .store import embeds, read_doctree

__all__ = ["INLINE", "TEXT_DIR", "setup_textpage", "text_block", "text_link", "text_page"]

TEXT_DIR = "text"
TEMPLATE = "oldtricks-text.html"
# A scenario_embed node with this attribute keeps its text form in its <noscript> (embeds.py sets it).
INLINE = "inline_text"


def text_page(docname: str) -> str:
    """The page name of the text forms of page ``docname``'s viewers (the builder adds ``.html``)."""
    return f"{TEXT_DIR}/{docname}"


def text_link(self: HTML5Translator, scenario_id: str, title: str) -> str:
    """What a viewer's ``<noscript>`` holds in place of its text form: a link to it on the text page."""
    href = self.builder.get_relative_uri(self.builder.current_docname, text_page(self.builder.current_docname))
    href += "#" + scenario_id
    label = _("This game as text (the deal, every trick, the outcome):")
    return f'<p class="ot-static-away">{escape(label)} <a href="{escape(href, quote=True)}">{escape(title)}</a>.</p>'


def text_block(forms: dict[str, str]) -> str:
    """The page's text forms (HTML by scenario id), packed, in a JSON script element."""
    return f'<script type="application/json" id="oldtricks-text">{{"packed":"{pack({"forms": forms})}"}}</script>\n'


def _forms_of(app: Sphinx, docname: str) -> list[tuple[str, str, str]]:
    """(scenario id, title, text form HTML) of each viewer of page ``docname``, in page order."""
    from .scenario import scenario_embed  # scenario.py imports this module

    out = []
    for node in read_doctree(app, docname).findall(scenario_embed):
        form = next((c for c in node.children if isinstance(c, nodes.container)), None)
        if form is None:
            continue
        html = app.builder.render_partial(form)["fragment"]  # type: ignore[attr-defined]
        out.append((node["scenario"], node["data"]["title"], html))
    return out


def _collect_pages(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    """One text page per page with viewers: every viewer's text form, under an anchor of its id."""
    if app.builder.format != "html":
        return
    for docname in sorted({placed.docname for placed in embeds(app.env).values()}):
        forms = _forms_of(app, docname)
        if not forms:
            continue
        title = app.env.titles[docname].astext() if docname in app.env.titles else docname
        pagename = text_page(docname)
        back = app.builder.get_relative_uri(pagename, docname)
        context = {
            "metatags": "",
            "title": _("{title}: the games as text").format(title=title),
            "page_title": title,
            "description": _(
                "Every game viewer of the page {title} as text: the deal, every trick, the outcome."
            ).format(title=title),
            "back": back,
            "forms": forms,
        }
        yield pagename, context, TEMPLATE


def setup_textpage(app: Sphinx) -> None:
    app.connect("html-collect-pages", _collect_pages)
