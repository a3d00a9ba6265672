"""The ``{rule}`` directive (a rule stated in the page's own words) and the ``{rule}`` role (a citation).

MyST::

    ```{rule} bettelmann.tie.pierer
    When both cards have the same rank ...
    ```

    ... as Pierer has it ({rule}`bettelmann.tie.pierer`), or {rule}`his tie rule <bettelmann.tie.pierer>`.

The block carries the status label and source from the engine's ledger, the anchor
``rule-<id with dots as dashes>`` and links to every embedded scenario that demonstrates the rule.
An id that is not in the ledger fails the build with the page's file and line.

>>> unknown_rule("bettelmann.nope").split(":")[0]
"unknown rule id 'bettelmann.nope'"
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective, SphinxRole
from sphinx.util.nodes import split_explicit_title

from oldtricks.core.options import Rule
from oldtricks.core.registry import all_rules

from .i18n import _
from .links import rule_demos, rule_link, status_pill
from .store import RuleBlock, note_links, rule_anchor, rule_blocks
from .words import translatable

__all__ = ["QUIET", "RuleDirective", "RuleRole", "setup_rules"]

QUIET = "documented"  # the status a citation in running text leaves unmarked


def unknown_rule(rule_id: str) -> str:
    near = difflib.get_close_matches(rule_id, list(all_rules()), n=3)
    hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    return f"unknown rule id {rule_id!r}: it is not in the ledger the engine implements{hint}"


class RuleDirective(SphinxDirective):
    """A rule of a game: its statement (the content), status label, source and demonstrations."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {}

    def run(self) -> list[nodes.Node]:
        rule_id = self.arguments[0]
        rule = all_rules().get(rule_id)
        if rule is None:
            raise self.error(unknown_rule(rule_id))
        if not self.content:
            raise self.error(f"rule {rule_id!r} needs its statement, in your own words, as the content")
        held = rule_blocks(self.env).get(rule_id)
        if held is not None:
            raise self.error(
                f"rule {rule_id!r} is already stated at {held.docname}:{held.lineno}; "
                f"cite it with {{rule}}`{rule_id}` instead"
            )
        note_links(self.env)
        anchor = rule_anchor(rule_id)
        rule_blocks(self.env)[rule_id] = RuleBlock(self.env.docname, self.lineno)

        block = nodes.container(classes=["ot-rule-block", f"ot-status-{rule.status}"], ids=[anchor])
        self.set_source_info(block)
        self.state.document.ids[anchor] = block
        block += self._head(rule, *self.get_source_info())
        body = nodes.container(classes=["ot-rule-statement"])
        self.state.nested_parse(self.content, self.content_offset, body)
        block += body
        # the id, a link to the box, ends the source's line: the title has the box's width to itself
        block += nodes.paragraph(
            "",
            "",
            nodes.inline(
                "",
                "",
                nodes.inline("", _("Source: "), classes=["ot-rule-source-label"]),
                translatable(rule.source, *self.get_source_info()),
            ),
            nodes.Text(" "),
            nodes.reference(
                "",
                "",
                nodes.literal("", rule.id),
                refid=anchor,
                classes=["ot-rule-id"],
                reftitle=_("Link to this rule"),
            ),
            classes=["ot-rule-source"],
        )
        block += rule_demos(rule_id=rule_id)
        return [block]

    @staticmethod
    def _head(rule: Rule, source: str, line: int) -> nodes.paragraph:
        head = nodes.paragraph(classes=["ot-rule-head"])
        head += status_pill(rule.status)
        head += nodes.Text(" ")
        # the title from the ledger, translated by the page's catalog (words.py)
        head += nodes.strong("", "", translatable(rule.title, source, line))
        return head


class RuleRole(SphinxRole):
    """``{rule}`id``` or ``{rule}`text <id>```: a link to the rule's block, with its status label unless the
    rule is documented."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        _explicit, title, rule_id = split_explicit_title(self.text)
        rule_id = rule_id.strip()
        if rule_id not in all_rules():
            msg = self.inliner.reporter.error(unknown_rule(rule_id), line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        note_links(self.env)
        # documented is the quiet default of running text: only a weaker status is marked beside the link
        # (each page's legend says so; the rule box itself always shows its full label)
        quiet = all_rules()[rule_id].status == QUIET
        node = rule_link(rule_id, title if _explicit else None, warn=True, pill=not quiet)
        self.set_source_info(node)
        return [node], []


def setup_rules(app: Sphinx) -> None:
    app.add_directive("rule", RuleDirective)
    app.add_role("rule", RuleRole())
