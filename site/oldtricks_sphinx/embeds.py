"""Embeds: one bare page per embedded scenario, for an ``<iframe>`` in a course page, and the
``{embed}`` directive that shows one (with the snippet to paste).

Every scenario placed with ``{scenario}`` also gets ``embed/<id>.html``: the viewer exactly as on its
page (the author's ``:step:`` and ``:viewer:``), the widget's CSS and JS, and nothing of the theme.
URLs are relative, so the pages work under any sub-path; ``#<id>@<step>`` (or just ``#@<step>``)
opens a step; links in the viewer open in a new tab. MyST::

    ```{embed} bettelmann/tie-pierer
    :step: 3
    :height: 900
    ```

>>> embed_page("bettelmann/basics")
'embed/bettelmann/basics'
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxTranslator
from sphinx.writers.html5 import HTML5Translator

from .assets import preloads
from .links import rule_url, scenario_url
from .project import SCENARIO_ID
from .scenario import scenario_embed
from .store import embeds, note_links, read_doctree
from .textpage import INLINE

__all__ = ["EMBED_DIR", "EmbedDirective", "embed_frame", "embed_page", "setup_embeds"]

EMBED_DIR = "embed"
TEMPLATES = Path(__file__).parent / "templates"
TEMPLATE = "oldtricks-embed.html"
logger = logging.getLogger(__name__)


def embed_page(scenario_id: str) -> str:
    """The page name of a scenario's embed page (``embed/<id>``; the builder adds ``.html``)."""
    return f"{EMBED_DIR}/{scenario_id}"


class embed_frame(nodes.General, nodes.Element):
    """An ``<iframe>`` showing scenario ``scenario`` at ``step``, ``height`` pixels high."""


class EmbedDirective(SphinxDirective):
    """Show a scenario's embed page in an iframe, with the HTML to paste into another site."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "step": directives.nonnegative_int,
        "height": directives.positive_int,
    }

    def run(self) -> list[nodes.Node]:
        scenario_id = self.arguments[0].strip()
        if not SCENARIO_ID.fullmatch(scenario_id):
            raise self.error(
                f"{scenario_id!r} is not a scenario id (its path below the scenarios folder, without .toml)"
            )
        note_links(self.env)
        node = embed_frame(scenario=scenario_id, step=self.options.get("step"), height=self.options.get("height", 900))
        self.set_source_info(node)
        return [node]


def _check_frames(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    for node in doctree.findall(embed_frame):
        if node["scenario"] not in embeds(app.env):
            logger.warning(
                f"{{embed}} {node['scenario']}: the scenario is embedded on no page, so it has no "
                "embed page (place it with {scenario} first)",
                location=node,
                type="oldtricks",
                subtype="embed",
            )


def snippet(src: str, title: str, height: int) -> str:
    """The HTML a course page pastes (``src`` made absolute by the reader's browser, see snippet.js)."""
    return (
        f'<iframe src="{src}" title="{title}" width="100%" height="{height}" loading="lazy"\n'
        f'        style="border: 0; max-width: 64rem"></iframe>'
    )


def visit_frame(self: HTML5Translator, node: embed_frame) -> None:
    builder = self.builder
    scenario_id = node["scenario"]
    placed = embeds(builder.env).get(scenario_id)
    title = placed.title if placed else scenario_id
    hash_ = f"#{scenario_id}" + (f"@{node['step']}" if node["step"] is not None else "")
    src = builder.get_relative_uri(builder.current_docname, embed_page(scenario_id)) + hash_
    attrs = {"src": src, "title": f"Game viewer: {title}", "height": str(node["height"]), "loading": "lazy"}
    self.body.append(
        '<div class="ot-embed-example">\n'
        + '<iframe class="ot-embed-frame" '
        + " ".join(f'{k}="{escape(v, quote=True)}"' for k, v in attrs.items())
        + "></iframe>\n"
        + f'<pre class="ot-embed-snippet" data-embed-src="{escape(src, quote=True)}"><code>'
        + escape(snippet(src, f"Game viewer: {title}", node["height"]))
        + "</code></pre>\n"
    )
    raise nodes.SkipChildren


def depart_frame(self: HTML5Translator, node: embed_frame) -> None:
    self.body.append("</div>\n")


def _skip(self: SphinxTranslator, node: nodes.Element) -> None:
    raise nodes.SkipNode


def _depart(self: SphinxTranslator, node: nodes.Element) -> None:
    """Never reached: the visit skips the node."""


def _collect_pages(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    """One bare page per embedded scenario: its viewer rendered as on its page, its links redone."""
    if app.builder.format != "html" or not app.config.oldtricks_embed_pages:
        return
    viewers: dict[str, dict[str, scenario_embed]] = {}  # by page, each page's viewers by scenario id
    for scenario_id, placed in sorted(embeds(app.env).items()):
        if placed.docname not in viewers:
            found = read_doctree(app, placed.docname).findall(scenario_embed)
            viewers[placed.docname] = {n["scenario"]: n for n in reversed(list(found))}  # the first of an id
        node = viewers[placed.docname].get(scenario_id)
        if node is None:
            continue
        pagename = embed_page(scenario_id)
        own = node.deepcopy()
        # the rules page's data, shared but for the rules' links, made anew for this page: the frames are only
        # read, and a deep copy of every viewer's frames took a third of the time of the embed pages
        rules = {rid: {**entry, "url": rule_url(app, pagename, rid)} for rid, entry in own["data"]["rules"].items()}
        own["data"] = {**node["data"], "rules": rules}
        own[INLINE] = True  # its one viewer's text form stays in its <noscript>
        body = app.builder.render_partial(own)["fragment"]  # type: ignore[attr-defined]
        context = {
            "metatags": "",
            "preloads": preloads(app, ["teach/embed.js", "widget.js"], own),
            "title": placed.title,
            "description": f"A step-through game viewer: {placed.title}",
            "body": body,
            "scenario": scenario_id,
            "source_url": scenario_url(app, pagename, scenario_id),
            "hide_static": True,
        }
        yield pagename, context, TEMPLATE


def _add_templates(app: Sphinx, config: Config) -> None:
    config.templates_path.append(str(TEMPLATES))


def _page_scripts(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.document | None
) -> None:
    if doctree is not None and next(iter(doctree.findall(embed_frame)), None) is not None:
        app.add_js_file("oldtricks/teach/snippet.js", type="module")
        app.add_css_file("oldtricks/teach/embed.css")


def setup_embeds(app: Sphinx) -> None:
    app.add_config_value(
        "oldtricks_embed_pages",
        True,
        "html",
        types=frozenset({bool}),
        description="write embed/<scenario id>.html, a bare viewer for iframes, per scenario",
    )
    others = dict.fromkeys(("latex", "text", "man", "texinfo"), (_skip, _depart))
    app.add_node(embed_frame, html=(visit_frame, depart_frame), **others)  # type: ignore[arg-type]
    app.add_directive("embed", EmbedDirective)
    app.connect("config-inited", _add_templates)
    app.connect("doctree-resolved", _check_frames)
    app.connect("html-collect-pages", _collect_pages)
    # before assets.py, which may replace the page's list of CSS files
    app.connect("html-page-context", _page_scripts, priority=400)
