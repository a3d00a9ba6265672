"""The numbers behind each statistics plot: on a page of their own, fetched when the reader opens them.

A ``{stats}`` plot's table (every row drawn, its uncertainty, its number of games; stats.py) is read by
few readers, and all of a rules page's tables weighed 6 to 32 kB that the browser fetched before the
page's first viewer could be stepped. So a rules page keeps, under each plot, the fold ``<details
class="ot-stats-numbers">`` with only a link to the table, on ``numbers/<page>.html``: a page the build
writes with every table of the page, each under its plot's id and title, which needs no script and
prints. When the reader first opens a fold, ``numbers.js`` fetches that page (once for all the folds)
and puts the table in the fold; where it cannot, the link stays. Other builders (text, LaTeX) show
the table in place. (Not ``numbers.py``: with this folder on ``sys.path``, as a script run from it has,
such a name would stand in for the standard library's ``numbers``.)

>>> numbers_page("druzbart")
'numbers/druzbart'
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator

from .i18n import _
from .store import read_doctree

__all__ = ["NUMBERS_DIR", "numbers_page", "setup_numbers", "stats_numbers"]

NUMBERS_DIR = "numbers"
TEMPLATE = "oldtricks-numbers.html"
SCRIPT = "oldtricks/numbers.js"


class stats_numbers(nodes.General, nodes.Element):
    """A plot's table of numbers (its child); ``ident``: the plot's id on the page, ``title``: its title."""


def numbers_page(docname: str) -> str:
    """The page name of the tables of page ``docname``'s plots (the builder adds ``.html``)."""
    return f"{NUMBERS_DIR}/{docname}"


def _visit_numbers(self: HTML5Translator, node: stats_numbers) -> None:
    """The fold, holding a link to the table on the numbers page, which numbers.js replaces by the table."""
    here = self.builder.current_docname
    href = escape(f"{self.builder.get_relative_uri(here, numbers_page(here))}#{node['ident']}", quote=True)
    summary, table, away = (
        _("The numbers behind this plot"),
        _("The table of this plot’s numbers"),
        _(", on a page of its own."),
    )
    self.body.append(
        f'<details class="ot-stats-numbers" data-numbers="{href}"><summary>{escape(summary)}</summary>\n'
        f'<p class="ot-stats-away"><a href="{href}">{escape(table)}</a>{escape(away)}</p>\n'
        "</details>\n"
    )
    raise nodes.SkipNode


def _pass(self: Any, node: nodes.Element) -> None:
    """Other builders show the table as it is."""


def _tables(app: Sphinx, docname: str) -> list[tuple[str, str, str]]:
    """(plot id, title, table HTML) of each plot of page ``docname``, in page order."""
    out = []
    for node in read_doctree(app, docname).findall(stats_numbers):
        table = node.children[0]
        out.append((node["ident"], node["title"], app.builder.render_partial(table)["fragment"]))  # type: ignore[attr-defined]
    return out


def _with_data(app: Sphinx) -> list[str]:
    """The pages that read a statistics data file (the ``{stats}`` directive notes it as the page's
    dependency), sorted: only they can hold a plot, and the others' doctrees are not read again."""
    folder = Path(app.config.oldtricks_stats).resolve()
    deps = app.env.dependencies
    return sorted(d for d in app.env.found_docs if any(folder in Path(f).resolve().parents for f in deps.get(d, ())))


def _collect_pages(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    """One numbers page per page with plots."""
    if app.builder.format != "html":
        return
    for docname in _with_data(app):
        tables = _tables(app, docname)
        if not tables:
            continue
        title = app.env.titles[docname].astext() if docname in app.env.titles else docname
        pagename = numbers_page(docname)
        context = {
            "metatags": "",
            "title": _("{title}: the numbers behind the plots").format(title=title),
            "page_title": title,
            "description": _("Every number drawn in the statistics plots of the page {title}, in tables.").format(
                title=title
            ),
            "back": app.builder.get_relative_uri(pagename, docname),
            "tables": tables,
        }
        yield pagename, context, TEMPLATE


def _add_script(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.document | None
) -> None:
    """numbers.js on the pages with plots (deferred: nothing waits for it)."""
    if doctree is not None and next(iter(doctree.findall(stats_numbers)), None) is not None:
        app.add_js_file(SCRIPT, loading_method="defer")


def setup_numbers(app: Sphinx) -> None:
    app.add_node(
        stats_numbers,
        html=(_visit_numbers, None),
        **dict.fromkeys(("latex", "text", "man", "texinfo"), (_pass, _pass)),  # type: ignore[arg-type]
    )
    app.connect("html-collect-pages", _collect_pages)
    app.connect("html-page-context", _add_script)
