"""Links that can only be made once every page is read: to rule blocks and to embedded scenarios.

Directives and roles leave placeholder nodes; at ``doctree-resolved`` each becomes a reference
relative to the page being written (so the site works under any sub-path), or plain text with a
warning when its target is on no page.

>>> rule_link("bettelmann.rank")["rule_id"], status_pill("assumed")["classes"]
('bettelmann.rank', ['ot-status', 'ot-status-assumed'])
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxTranslator

from oldtricks.core.registry import all_rules

from .i18n import _, n_
from .store import embeds, rule_anchor, rule_blocks

__all__ = [
    "demos_fold",
    "pending_rule",
    "pending_scenario",
    "rule_demos",
    "rule_link",
    "rule_url",
    "scenario_link",
    "scenario_url",
    "setup_links",
    "status_pill",
]

logger = logging.getLogger(__name__)


class pending_rule(nodes.Inline, nodes.Element):
    """A link to a rule block (``rule_id``); ``warn``: say so when the rule is stated on no page."""


class pending_scenario(nodes.Inline, nodes.Element):
    """A link to the page and anchor where scenario ``scenario`` is embedded; ``warn`` as above."""


class rule_demos(nodes.General, nodes.Element):
    """The list of embedded scenarios that demonstrate rule ``rule_id``."""


class demos_fold(nodes.General, nodes.Element):
    """A long list of demonstrations, folded under its count (``count``): a ``<details>`` in HTML."""


# A rule box lists its demonstrations on one line; a longer list (more than SHOWN_INLINE viewers, or
# titles that would not fit one line of the box: SHOWN_WIDTH characters) is folded under its count, so
# that the box stays as short as the rule.
SHOWN_INLINE = 3
SHOWN_WIDTH = 115


# each status's label in the edition's language (the class keeps the English word)
STATUS_WORDS = {
    "documented": lambda: _("documented"),
    "disputed": lambda: _("disputed"),
    "suggested": lambda: _("suggested"),
    "assumed": lambda: _("assumed"),
}


def status_pill(status: str, *, small: bool = False) -> nodes.inline:
    """The status label: documented / disputed / suggested / assumed, one style everywhere."""
    classes = ["ot-status", f"ot-status-{status}"] + (["ot-status-small"] if small else [])
    return nodes.inline(status, STATUS_WORDS[status](), classes=classes)


def _visit_fold(self: Any, node: demos_fold) -> None:
    self.body.append(self.starttag(node, "details", ""))
    label, count = _("Shown in"), n_("{count} example", "{count} examples", node["count"]).format(count=node["count"])
    self.body.append(f'<summary><span class="ot-rule-demos-label">{label}</span> {count}</summary>\n')


def _depart_fold(self: Any, node: demos_fold) -> None:
    self.body.append("</details>\n")


def _pass(self: SphinxTranslator, node: nodes.Element) -> None:
    """Other builders print the list as it stands (the node's children)."""


def setup_links(app: Sphinx) -> None:
    for node in (pending_rule, pending_scenario, rule_demos):
        app.add_node(node)
    others = dict.fromkeys(("latex", "text", "man", "texinfo"), (_pass, _pass))
    app.add_node(demos_fold, html=(_visit_fold, _depart_fold), **others)  # type: ignore[arg-type]
    app.connect("doctree-resolved", resolve_links)


def _uri(app: Sphinx, fromdoc: str, todoc: str, anchor: str) -> str:
    return app.builder.get_relative_uri(fromdoc, todoc) + "#" + anchor


def rule_url(app: Sphinx, fromdoc: str, rule_id: str) -> str | None:
    """URL of a rule block, relative to ``fromdoc``; None when no page states the rule."""
    block = rule_blocks(app.env).get(rule_id)
    return None if block is None else _uri(app, fromdoc, block.docname, rule_anchor(rule_id))


def scenario_url(app: Sphinx, fromdoc: str, scenario_id: str) -> str | None:
    """URL of an embedded scenario, relative to ``fromdoc``; None when it is embedded nowhere."""
    embed = embeds(app.env).get(scenario_id)
    return None if embed is None else _uri(app, fromdoc, embed.docname, scenario_id)


def resolve_links(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    for node in list(doctree.findall(pending_rule)):
        url = rule_url(app, docname, node["rule_id"])
        if url is None and node.get("warn"):
            logger.warning(
                f"rule {node['rule_id']!r} is cited but stated on no page (no {{rule}} block)",
                location=node,
                type="oldtricks",
                subtype="rule",
            )
        node.replace_self(_link(url, node, ["ot-cite", f"ot-status-{node['status']}"]))
    for link in list(doctree.findall(pending_scenario)):
        url = scenario_url(app, docname, link["scenario"])
        if url is None and link.get("warn"):
            logger.warning(
                f"scenario {link['scenario']!r} is linked but embedded on no page",
                location=link,
                type="oldtricks",
                subtype="scenario",
            )
        link.replace_self(_link(url, link, ["ot-scenario-link"]))
    for demos in list(doctree.findall(rule_demos)):
        demos.replace_self(_demos(app, docname, demos["rule_id"]))


def _link(url: str | None, node: nodes.Element, classes: list[str]) -> nodes.Element:
    if url is None:
        return nodes.inline("", "", *node.children, classes=[*classes, "ot-unlinked"])
    return nodes.reference("", "", *node.children, refuri=url, internal=True, classes=classes)


def _demos(app: Sphinx, docname: str, rule_id: str) -> nodes.Element:
    shown = sorted(((e.docname, e.lineno, sid, e.title) for sid, e in embeds(app.env).items() if rule_id in e.ids))
    para = nodes.paragraph(classes=["ot-rule-demos"])
    if not shown:
        para += nodes.emphasis("", _("No scenario on these pages demonstrates this rule yet."))
        return para
    line = _("Shown in: ") + " · ".join(title for *_rest, title in shown)
    folded = len(shown) > SHOWN_INLINE or len(line) > SHOWN_WIDTH
    if not folded:
        para += nodes.inline("", _("Shown in: "), classes=["ot-rule-demos-label"])
    for i, (doc, _line, sid, title) in enumerate(shown):
        if i:
            para += nodes.Text(" · ")
        para += nodes.reference(
            "", title, refuri=_uri(app, docname, doc, sid), internal=True, classes=["ot-scenario-link"], reftitle=sid
        )
    if not folded:
        return para
    para["classes"] = ["ot-rule-demos-list"]
    return demos_fold("", para, count=len(shown), classes=["ot-rule-demos"])


def rule_link(rule_id: str, text: str | None = None, *, warn: bool = False, pill: bool = True) -> pending_rule:
    """A placeholder link to a known rule, showing ``text`` (default: the id) and its status label."""
    rule = all_rules()[rule_id]
    node = pending_rule(rule_id=rule_id, status=rule.status, warn=warn)
    # an id is set as code (notation, the same in every edition); a rule's title (a lesson's "Trains:") as the
    # text around it
    if text:
        node += nodes.inline("", text, classes=["ot-cite-text", "ot-cite-titled"])
    else:
        node += nodes.literal("", rule_id, classes=["ot-cite-text"])
    if pill:
        node += nodes.Text(" ")
        node += status_pill(rule.status, small=True)
    return node


def scenario_link(scenario_id: str, text: str | None = None, *, warn: bool = False) -> pending_scenario:
    """A placeholder link to where a scenario is embedded."""
    node = pending_scenario(scenario=scenario_id, warn=warn)
    node += nodes.inline("", text or scenario_id)
    return node
