"""The ``{sandbox}`` directive: a page where the reader deals, plays and annotates any game, then shares
it as a link or downloads it as a scenario file.

MyST::

    ```{sandbox} bettelmann
    ```

One sandbox per game. HTML output: ``<div class="oldtricks-sandbox" data-game=GAME>`` holding its data
as ``<script type="application/json" class="oldtricks-sandbox-data">`` (read by
``static/oldtricks/teach/sandbox.js``): the game, every game's title, and every ledger rule (title,
status, URL relative to the page). Share links made anywhere on the site point to the sandbox page of
their game (``<meta name="oldtricks-sandboxes">`` on every page: game -> URL relative to the page),
followed by ``#`` and the link text (``v1;g=…``, :mod:`oldtricks.scenarios.links`).

>>> sandbox_embed(game="bettelmann")["game"]
'bettelmann'
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective, SphinxTranslator
from sphinx.writers.html5 import HTML5Translator

from oldtricks.core.registry import GAMES, all_rules

from .i18n import _
from .links import rule_url
from .scenario import embed_json
from .store import merge_placed

__all__ = ["SandboxDirective", "sandbox_embed", "sandbox_pages", "sandboxes", "setup_sandbox"]


class sandbox_embed(nodes.General, nodes.Element):
    """A sandbox: ``game`` and ``data`` (the JSON object sandbox.js reads)."""


@dataclass(frozen=True)
class Placed:
    docname: str
    lineno: int


def sandboxes(env: BuildEnvironment) -> dict[str, Placed]:
    """Game name -> the page holding its sandbox."""
    if not hasattr(env, "oldtricks_sandboxes"):
        env.oldtricks_sandboxes = {}  # type: ignore[attr-defined]
    found: dict[str, Placed] = env.oldtricks_sandboxes  # type: ignore[attr-defined]
    return found


def sandbox_pages(app: Sphinx, fromdoc: str) -> dict[str, str]:
    """Game name -> URL of its sandbox page, relative to page ``fromdoc`` (any page name, e.g. an embed)."""
    return {
        game: app.builder.get_relative_uri(fromdoc, placed.docname)
        for game, placed in sorted(sandboxes(app.env).items())
    }


class SandboxDirective(SphinxDirective):
    """A sandbox for one game (by its engine name: bettelmann, todundleben, druzbart, clock, drogue)."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0].strip()
        if game not in GAMES:
            raise self.error(f"unknown game {game!r} for a sandbox: expected one of {', '.join(GAMES)}")
        placed = sandboxes(self.env).get(game)
        if placed is not None and placed.docname != self.env.docname:
            raise self.error(
                f"the {game} sandbox is already on page {placed.docname!r} (line {placed.lineno}); "
                "a game has one sandbox"
            )
        sandboxes(self.env)[game] = Placed(self.env.docname, self.lineno)
        rules = all_rules()
        data = {
            "game": game,
            "title": GAMES[game].title,
            "games": [{"name": name, "title": cls.title} for name, cls in GAMES.items()],
            "rules": {rid: {"url": None, "status": r.status, "title": r.statement} for rid, r in rules.items()},
        }
        node = sandbox_embed(game=game, data=data)
        self.set_source_info(node)
        node += nodes.paragraph(
            "",
            _(
                "The {game} sandbox runs the rules engine in your browser: it needs JavaScript. "
                "Every scenario on these pages can also be stepped through as text."
            ).format(game=GAMES[game].title),
            classes=["ot-sandbox-static"],
        )
        return [node]


def _fill(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    for node in doctree.findall(sandbox_embed):
        for rule_id, entry in node["data"]["rules"].items():
            entry["url"] = rule_url(app, docname, rule_id)


def visit_html(self: HTML5Translator, node: sandbox_embed) -> None:
    game = escape(node["game"], quote=True)
    self.body.append(
        f'<div class="oldtricks-sandbox" id="sandbox-{game}" data-game="{game}">\n'
        f'<script type="application/json" class="oldtricks-sandbox-data">'
        f"{embed_json(node['data'])}</script>\n"
    )


def depart_html(self: HTML5Translator, node: sandbox_embed) -> None:
    self.body.append("</div>\n")


def _pass(self: SphinxTranslator, node: nodes.Element) -> None:
    """Other builders print only the sentence inside."""


def _page_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.document | None
) -> None:
    if app.builder.format != "html":
        return
    pages = sandbox_pages(app, pagename)
    if pages:  # where share links of a game go (teach/share.js)
        context["metatags"] = context.get("metatags", "") + (
            f'\n<meta name="oldtricks-sandboxes" content="{escape(json.dumps(pages), quote=True)}">'
        )
    if doctree is not None and next(iter(doctree.findall(sandbox_embed)), None) is not None:
        app.add_js_file("oldtricks/teach/sandbox.js", type="module", priority=100)
        app.add_css_file("oldtricks/teach/sandbox.css")


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    for game in [g for g, placed in sandboxes(env).items() if placed.docname == docname]:
        del sandboxes(env)[game]


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Iterable[str], other: BuildEnvironment) -> None:
    merge_placed(sandboxes(env), sandboxes(other), set(docnames), lambda game: f"the {game} sandbox")


def setup_sandbox(app: Sphinx) -> None:
    others = dict.fromkeys(("latex", "text", "man", "texinfo"), (_pass, _pass))
    app.add_node(sandbox_embed, html=(visit_html, depart_html), **others)  # type: ignore[arg-type]
    app.add_directive("sandbox", SandboxDirective)
    app.connect("doctree-resolved", _fill)
    # before assets.py, which may replace the page's list of CSS files
    app.connect("html-page-context", _page_assets, priority=400)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
