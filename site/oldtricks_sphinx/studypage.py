"""The ``{study}`` directive: the page where a teacher makes a study (several deals, each a chapter with
notes and questions) and a student works through one, opened from its link.

MyST::

    ```{study}
    ```

HTML output: ``<div class="oldtricks-study">`` holding its data as ``<script type="application/json"
class="oldtricks-study-data">`` (read by ``static/oldtricks/teach/study.js``): every game's name and
title, the limits a study keeps (chapters, moves, characters), and every ledger rule (title, status,
URL relative to the page); then a sentence for readers without a script. Studies made anywhere on the
site (the sandbox's *Add to a study*) go to this page: ``<meta name="oldtricks-study">`` names it.

>>> study_embed(data={"games": []})["data"]
{'games': []}
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from html import escape
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective, SphinxTranslator
from sphinx.writers.html5 import HTML5Translator

from oldtricks.core.registry import GAMES, all_rules
from oldtricks.scenarios.scenario import TEXT_LIMIT, TITLE_LIMIT
from oldtricks.scenarios.study import ANSWER_LIMIT, CHAPTER_LIMIT, LINK_LIMIT, STEP_LIMIT

from .i18n import _
from .links import rule_url
from .scenario import embed_json

__all__ = ["EMBED_PAGE", "StudyDirective", "setup_study", "study_embed"]

EMBED_PAGE = "study-embed"  # the study's page for an <iframe> (the builder adds .html)
EMBED_TEMPLATE = "oldtricks-study-embed.html"


class study_embed(nodes.General, nodes.Element):
    """The study page's element: ``data`` (the JSON object study.js reads)."""


def _study_page(env: BuildEnvironment) -> str | None:
    page: str | None = getattr(env, "oldtricks_study_page", None)
    return page


class StudyDirective(SphinxDirective):
    """The study page (one on the site)."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        placed = _study_page(self.env)
        if placed is not None and placed != self.env.docname:
            raise self.error(f"the study page is already {placed!r}: the site has one")
        self.env.oldtricks_study_page = self.env.docname  # type: ignore[attr-defined]
        rules = all_rules()
        data = {
            "games": [{"name": name, "title": cls.title} for name, cls in GAMES.items()],
            "limits": {
                "chapters": CHAPTER_LIMIT,
                "moves": STEP_LIMIT,
                "answers": ANSWER_LIMIT,
                "link": LINK_LIMIT,
                "title": TITLE_LIMIT,
                "text": TEXT_LIMIT,
            },
            "rules": {rid: {"url": None, "status": r.status, "title": r.statement} for rid, r in rules.items()},
        }
        node = study_embed(data=data)
        self.set_source_info(node)
        node += _static_text()
        return [node]


def _static_text() -> nodes.paragraph:
    """What the page says without a script: a study lives in the address's fragment, which no page reads
    without one; the engine's command line prints it as the handout's text or writes it as a file (the
    commands as code, which the typography leaves as they are)."""
    said = _(
        "Making a study, and working through one, runs the rules engine in your browser: it needs JavaScript. "
        "Without it, the engine's command line reads a study link as text: {text} prints the handout (each "
        "chapter's deal, tricks, notes and questions), and {toml} writes the study as a file."
    )
    commands = {"{text}": "python -m oldtricks link decode 'LINK' --text", "{toml}": "--toml"}
    para = nodes.paragraph("", "", classes=["ot-study-static"])
    for part in re.split(r"(\{text\}|\{toml\})", said):
        para += nodes.literal(commands[part], commands[part]) if part in commands else nodes.Text(part)
    return para


def _fill(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    for node in doctree.findall(study_embed):
        for rule_id, entry in node["data"]["rules"].items():
            entry["url"] = rule_url(app, docname, rule_id)
        if app.builder.format == "html":  # the frame a teacher's embed code shows (teach/studyedit.js)
            node["data"]["embed_url"] = app.builder.get_relative_uri(docname, EMBED_PAGE)


def _embed_page(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    """The study's page for an ``<iframe>``: the student's view alone, a study opened from its address's
    ``#s1;…``, no theme; it never moves the page around it (the embed pages' rules, embeds.py)."""
    page = _study_page(app.env)
    if app.builder.format != "html" or page is None:
        return
    node = next(iter(app.env.get_doctree(page).findall(study_embed)), None)
    if node is None:
        return
    own = node.deepcopy()
    own["data"] = copy.deepcopy(node["data"])
    own["data"]["embedded"] = True
    own["data"].pop("embed_url", None)
    for rule_id, entry in own["data"]["rules"].items():
        entry["url"] = rule_url(app, EMBED_PAGE, rule_id)
    context = {
        "metatags": "",
        "title": _("Study"),
        "description": _("A study to work through: several deals, with notes and questions"),
        "body": app.builder.render_partial(own)["fragment"],  # type: ignore[attr-defined]
        "source_url": app.builder.get_relative_uri(EMBED_PAGE, page),
        "hide_static": True,
        "bare_page": True,  # no language switcher around it (editions.py), as embed/ pages have none
    }
    yield EMBED_PAGE, context, EMBED_TEMPLATE


def visit_html(self: HTML5Translator, node: study_embed) -> None:
    self.body.append(
        '<div class="oldtricks-study" id="study-board">\n'
        f'<script type="application/json" class="oldtricks-study-data">{embed_json(node["data"])}</script>\n'
    )


def depart_html(self: HTML5Translator, node: study_embed) -> None:
    self.body.append("</div>\n")


def _pass(self: SphinxTranslator, node: nodes.Element) -> None:
    """Other builders print only the sentence inside."""


def _page_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.document | None
) -> None:
    if app.builder.format != "html":
        return
    page = _study_page(app.env)
    if page is not None:  # where "Add to a study" goes (teach/share.js)
        url = app.builder.get_relative_uri(pagename, page)
        context["metatags"] = context.get("metatags", "") + f'\n<meta name="oldtricks-study" content="{escape(url)}">'
    if doctree is not None and next(iter(doctree.findall(study_embed)), None) is not None:
        app.add_js_file("oldtricks/teach/study.js", type="module", priority=100)
        app.add_css_file("oldtricks/teach/sandbox.css")
        app.add_css_file("oldtricks/teach/study.css")


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    if _study_page(env) == docname:
        env.oldtricks_study_page = None  # type: ignore[attr-defined]


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Any, other: BuildEnvironment) -> None:
    if _study_page(other) is not None:
        env.oldtricks_study_page = _study_page(other)  # type: ignore[attr-defined]


def setup_study(app: Sphinx) -> None:
    others = dict.fromkeys(("latex", "text", "man", "texinfo"), (_pass, _pass))
    app.add_node(study_embed, html=(visit_html, depart_html), **others)  # type: ignore[arg-type]
    app.add_directive("study", StudyDirective)
    app.connect("doctree-resolved", _fill)
    app.connect("html-page-context", _page_assets, priority=400)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("html-collect-pages", _embed_page)
