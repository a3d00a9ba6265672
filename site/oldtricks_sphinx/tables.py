"""Generated tables: ``{coverage}`` (ledger ids and option values × scenarios) and ``{options} GAME``.

Rule and scenario names in the tables are links, resolved once every page is read (:mod:`.links`).

>>> table(["Card", "Power"], [["UA", "100"]], [1, 1]).astext().split()
['Card', 'Power', 'UA', '100']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from oldtricks.core.options import OptionSpec
from oldtricks.core.registry import GAMES, all_rules, family_of
from oldtricks.errors import ScenarioError
from oldtricks.scenarios.coverage import compute
from oldtricks.scenarios.scenario import Scenario

from .i18n import _
from .links import rule_link, scenario_link, status_pill
from .project import load_scenario, scenario_files
from .store import note_links, rule_anchor

__all__ = ["CoverageDirective", "OptionsDirective", "setup_tables"]

Cell = str | nodes.Node | Sequence[nodes.Node]


def table(
    headers: Sequence[str], rows: Sequence[Sequence[Cell]], widths: Sequence[int], classes: Sequence[str] = ()
) -> nodes.table:
    """A docutils table; a cell is text, a node, or a list of inline or body nodes."""
    tab = nodes.table(classes=["ot-table", *classes])
    group = nodes.tgroup(cols=len(headers))
    tab += group
    group.extend(nodes.colspec(colwidth=w) for w in widths)
    head = nodes.thead()
    head += _row(headers)
    body = nodes.tbody()
    body.extend(_row(r) for r in rows)
    group += head
    group += body
    return tab


def _row(cells: Sequence[Cell]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        if isinstance(cell, str):
            entry += nodes.paragraph("", cell)
        else:
            parts = [cell] if isinstance(cell, nodes.Node) else list(cell)
            if all(isinstance(p, nodes.Body) for p in parts):
                entry.extend(parts)
            else:
                entry += nodes.paragraph("", "", *parts)
        row += entry
    return row


def _joined(items: Sequence[nodes.Node], none: str) -> list[nodes.Node]:
    if not items:
        return [nodes.emphasis("", none)]
    out: list[nodes.Node] = []
    for i, item in enumerate(items):
        if i:
            out.append(nodes.Text(", "))
        out.append(item)
    return out


# Sphinx writes a table's <colgroup> widths only for a table of this class: pages.css lays the coverage
# tables out from them (table-layout: fixed), never from their rows.
COVERAGE = ["ot-coverage", "colwidths-given"]


class CoverageDirective(SphinxDirective):
    """Every ledger id the engine implements and every option value, with the scenarios showing it."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        scenarios: list[Scenario] = []
        for path in scenario_files(self.config):
            self.env.note_dependency(str(path))
            try:
                scenarios.append(load_scenario(self.config, path))
            except ScenarioError as exc:
                raise self.error(f"cannot compute coverage: {exc}") from None
        note_links(self.env)
        cov = compute(scenarios)
        titles = {sc.id: sc.said("title") for sc in scenarios}
        rules = all_rules()
        out: list[nodes.Node] = []
        covered = sum(1 for ids in cov.rules.values() if ids)
        out.append(
            nodes.paragraph(  # this paragraph and the rubrics: gettext extracts them into the page's catalog
                "",
                f"{covered} of {len(cov.rules)} ledger ids are demonstrated by "
                f"{len(scenarios)} scenarios; {len(cov.missing_options)} option value(s) "
                "have no scenario of their own.",
            )
        )
        families: dict[str, list[str]] = {}
        for rule_id in cov.rules:
            families.setdefault(family_of(rule_id), []).append(rule_id)
        for family, ids in families.items():
            out.append(nodes.rubric("", f"{family}: rules"))
            rows: list[list[Cell]] = [
                [
                    rule_link(rid, pill=False),
                    status_pill(rules[rid].status),
                    rules[rid].statement,
                    _joined([scenario_link(s, titles[s]) for s in cov.rules[rid]], _("not demonstrated")),
                ]
                for rid in ids
            ]
            headers = [_("Rule"), _("Status"), _("In short"), _("Scenarios")]
            out.append(table(headers, rows, [24, 15, 28, 33], COVERAGE))
        specs = _option_specs()
        rows = []  # the option values, one row each
        for key, values in cov.options.items():
            spec = specs[key]
            for value, scs in values.items():
                choice = spec.choice(spec.validate(value))
                label = f"{value}: {choice.said}" if choice else value
                mark = _(" (default)") if str(spec.default) == value else ""
                rows.append(
                    [
                        [nodes.literal("", spec.key), nodes.Text(f" ({spec.said})")],
                        label + mark,
                        [rule_link(choice.rule)] if choice else "",
                        _joined([scenario_link(s, titles[s]) for s in scs], _("no scenario")),
                    ]
                )
        out.append(nodes.rubric("", "Option values"))
        out.append(table([_("Option"), _("Value"), _("Rule"), _("Scenarios")], rows, [20, 28, 20, 32], COVERAGE))
        return out


def _option_specs() -> dict[str, OptionSpec]:
    """Option specs keyed as :func:`oldtricks.scenarios.coverage.compute` keys them: ``"<rule> <key>"``."""
    return {f"{spec.rule} {spec.key}": spec for cls in GAMES.values() for spec in cls.option_specs}


class OptionsDirective(SphinxDirective):
    """The options of one game: each value with its label, status and rule; the default marked."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        cls = GAMES.get(name)
        if cls is None:
            raise self.error(f"unknown game {name!r}: expected one of {', '.join(GAMES)}")
        note_links(self.env)
        rows: list[list[Cell]] = [
            [
                [nodes.strong("", spec.said), nodes.Text(" "), nodes.literal("", spec.key)],
                self._values(spec),
                [rule_link(spec.rule)],
            ]
            for spec in cls.option_specs
        ]
        headers = [_("Option"), _("Values"), _("Rule")]
        return [table(headers, rows, [24, 56, 20], ["ot-options-table"])]

    @staticmethod
    def _values(spec: OptionSpec) -> nodes.Node:
        if not spec.choices:
            text = _("a whole number from {low} to {high}; default {default}").format(
                low=spec.low, high=spec.high, default=spec.default
            )
            return nodes.paragraph("", "", status_pill(spec.status), nodes.Text(" " + text))
        items = nodes.bullet_list(classes=["ot-option-values"])
        for choice in spec.choices:
            para = nodes.paragraph(
                "",
                "",
                nodes.literal("", str(choice.value)),
                nodes.Text(f" {choice.said} "),
                status_pill(choice.status),
            )
            if choice.rule != spec.rule:
                para += nodes.Text(" ")
                para += rule_link(choice.rule)
            if choice.value == spec.default:
                para += nodes.Text(" ")
                para += nodes.strong("", _("default"), classes=["ot-default"])
            # the rule each value rests on, so that a test can hold its label to that rule's status
            items += nodes.list_item("", para, classes=["ot-choice", f"ot-for-{rule_anchor(choice.rule)}"])
        return items


def setup_tables(app: Sphinx) -> None:
    app.add_directive("coverage", CoverageDirective)
    app.add_directive("options", OptionsDirective)
