"""What every page needs to meet the web's standards: a description, and landmarks a reader can tell apart.

- ``<meta name="description">`` on every page: the page's front matter ``description`` when it has
  one, else its first paragraph, shortened at a word; pages without a document (search, index,
  embed pages) describe themselves by their title.
- When the build finishes, each written page is touched up where the theme's own markup falls
  short of the checkers (axe-core, the Nu HTML checker): Furo's two sidebars, both ``<aside>``
  landmarks, get names of their own; a code block, which scrolls sideways when a line is long, can
  be reached by the keyboard (``tabindex="0"``).
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from .i18n import _
from .project import own_pages

__all__ = ["DESCRIPTION_LENGTH", "describe", "setup_standards", "touch_up"]

logger = logging.getLogger(__name__)

DESCRIPTION_LENGTH = 160  # characters; search engines show about this much
_SPACE = re.compile(r"\s+")
# Furo's sidebars (page.html), matched as the theme writes them.
_SIDEBAR = re.compile(r'<aside class="sidebar-drawer">')
_TOC = re.compile(r'<aside class="toc-drawer( no-toc)?">')
# Pages Sphinx writes without a document of ours.
_OWN_PAGES = {"search": "Search the pages of {project}", "genindex": "The index of the pages of {project}"}
_PRE = re.compile(r'(<div class="highlight"><pre)>')


def shorten(text: str, limit: int = DESCRIPTION_LENGTH) -> str:
    """``text`` on one line, cut at the last word that fits in ``limit`` characters (then "…").

    >>> shorten("  A rule,   stated once. ")
    'A rule, stated once.'
    >>> shorten("one two three four", 12)
    'one two…'
    """
    text = _SPACE.sub(" ", text).strip()
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:.")
    return cut + "…"


def describe(doctree: nodes.document | None, metadata: dict[str, Any], title: str) -> str:
    """A page's description: front matter ``description``, else its first paragraph, else its title."""
    given = metadata.get("description")
    if isinstance(given, str) and given.strip():
        return shorten(given)
    if doctree is not None:
        for para in doctree.findall(nodes.paragraph):
            text = para.astext().strip()
            if text:
                return shorten(text)
    return shorten(title)


def _description(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.document | None
) -> None:
    if app.builder.format != "html":
        return
    metadata = app.env.metadata.get(pagename, {}) if doctree is not None else {}
    own = _OWN_PAGES.get(pagename, "").format(project=app.config.project)
    fallback = context.get("description") or own or str(context.get("title") or pagename)
    text = describe(doctree, metadata, str(fallback))
    tag = f'\n<meta name="description" content="{escape(text)}">'
    context["metatags"] = context.get("metatags", "") + tag


def touch_up(html: str) -> str:
    """A written page with its sidebars named and its code blocks focusable."""
    # named in the edition's words (an edition's build runs with its catalog: .i18n)
    site, toc = escape(_("Site navigation")), escape(_("On this page"))
    html = _SIDEBAR.sub(f'<aside class="sidebar-drawer" aria-label="{site}">', html, count=1)
    html = _TOC.sub(lambda m: f'<aside class="toc-drawer{m.group(1) or ""}" aria-label="{toc}">', html, count=1)
    return _PRE.sub(r'\1 tabindex="0">', html)


def _touch_up_pages(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    for path in own_pages(app):
        html = path.read_text(encoding="utf-8")
        done = touch_up(html)
        if done != html:
            path.write_text(done, encoding="utf-8")


def setup_standards(app: Sphinx) -> None:
    app.connect("html-page-context", _description, priority=950)
    app.connect("build-finished", _touch_up_pages)
