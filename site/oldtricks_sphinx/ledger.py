"""The ``{ledger}`` directive: the rules ledger (``ledger.toml``) as one table, built at every build.

Each row is a ledger id: its game, its status, its statement, the works it rests on (with pages), what
the sources leave out, where the engine decides it (the ``# id`` comments in the engine's code) and the
scenarios that demonstrate it. Without JavaScript the table is complete as it stands; ``ledger.js``
adds sorting by any column and filters by game, status and source.

In an edition the table is in its language: the statements and gaps from the ledger's catalog (the
engine's ``ledger`` domain, :func:`oldtricks.core.datawords.translated`), the citations and the sources' notes
as messages of the page's own catalog, the headings and labels from the extension's (:mod:`.i18n`).
Rule ids stay as they are.

>>> citation_words("historical", None), citation_words("digest", None), citation_words("outside", "medium")
('', ' (digest)', ' (outside, medium weight)')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.docutils import SphinxDirective

import oldtricks
from oldtricks.core.datawords import translated
from oldtricks.core.ledger import LedgerError, LedgerRow
from oldtricks.core.ledgercheck import implementation_sites, load
from oldtricks.core.registry import all_rules, family_of
from oldtricks.errors import ScenarioError
from oldtricks.scenarios.coverage import compute
from oldtricks_runtime.runtime import repo_root

from .i18n import _, n_
from .links import rule_link, scenario_link, status_pill
from .project import load_scenario, scenario_files
from .store import note_links
from .words import translatable, translatable_text

__all__ = ["LedgerDirective", "citation_words", "headers", "setup_ledger"]

WIDTHS = (12, 7, 7, 22, 16, 18, 9, 9)
KIND_WORDS = {
    "historical": lambda: _("historical"),
    "digest": lambda: _("digest"),
    "outside": lambda: _("outside"),
    "ours": lambda: _("ours"),
}
WEIGHT_WORDS = {"medium": lambda: _("medium")}
STATUS_COUNTS = {
    "documented": lambda n: n_("{count} documented", "{count} documented", n),
    "disputed": lambda n: n_("{count} disputed", "{count} disputed", n),
    "suggested": lambda n: n_("{count} suggested", "{count} suggested", n),
    "assumed": lambda n: n_("{count} assumed", "{count} assumed", n),
}


def headers() -> tuple[str, ...]:
    """The table's column headings in the edition's language."""
    return (
        _("Rule"),
        _("Game"),
        _("Status"),
        _("Statement"),
        _("Sources"),
        _("Gap in the sources"),
        _("Decided in"),
        _("Scenarios"),
    )


def citation_words(kind: str, weight: str | None) -> str:
    """What follows a work's citation: its kind, and its weight where the ledger gives one (a historical
    work is named without its kind)."""
    kind_word = KIND_WORDS[kind]() if kind in KIND_WORDS else kind
    if weight:
        weight_word = WEIGHT_WORDS[weight]() if weight in WEIGHT_WORDS else weight
        return " (" + _("{kind}, {weight} weight").format(kind=kind_word, weight=weight_word) + ")"
    return "" if kind == "historical" else f" ({kind_word})"


class LedgerDirective(SphinxDirective):
    """The whole ledger, one row per rule id, in ledger order."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        path = Path(self.config.oldtricks_ledger)
        self.env.note_dependency(str(path))
        try:
            ledger = load(path)
        except (LedgerError, OSError) as exc:
            raise self.error(f"cannot read the rules ledger: {exc}") from None
        implemented = all_rules()
        missing = [rule_id for rule_id in implemented if rule_id not in ledger]
        if missing:
            raise self.error(f"{path}: no ledger row for {', '.join(missing)} (the engine implements them)")
        scenarios = []
        for file in scenario_files(self.config):
            self.env.note_dependency(str(file))
            try:
                scenarios.append(load_scenario(self.config, file))
            except ScenarioError as exc:
                raise self.error(f"cannot list the scenarios of the ledger: {exc}") from None
        note_links(self.env)
        cov = compute(scenarios).rules
        titles = {sc.id: sc.said("title") for sc in scenarios}
        package = Path(oldtricks.__file__).parent
        sites = implementation_sites(package)

        table = nodes.table(classes=["ot-table", "ot-ledger-table"])
        group = nodes.tgroup(cols=len(WIDTHS))
        table += group
        group.extend(nodes.colspec(colwidth=w) for w in WIDTHS)
        head = nodes.thead()
        head += _row([nodes.paragraph("", h) for h in headers()])
        body = nodes.tbody()
        where = self.get_source_info()
        for entry in ledger:
            body += self._entry_row(entry, sites.get(entry.id, []), cov.get(entry.id, []), titles, where)
        group += head
        group += body
        counts = {
            s: sum(1 for e in ledger if e.status == s) for s in ("documented", "disputed", "suggested", "assumed")
        }
        summary = nodes.paragraph(
            "",
            _("{rules}: {statuses}; {works}.").format(
                rules=n_("{count} rule", "{count} rules", len(ledger)).format(count=len(ledger)),
                statuses=", ".join(STATUS_COUNTS[status](n).format(count=n) for status, n in counts.items()),
                works=n_("{count} work cited", "{count} works cited", len(ledger.works)).format(
                    count=len(ledger.works)
                ),
            ),
            classes=["ot-ledger-summary"],
        )
        box = nodes.container(classes=["ot-ledger"])
        box += summary
        # the filters' place, kept free in the built page so that nothing moves when ledger.js fills it
        box += nodes.container(classes=["ot-ledger-bar"])
        box += table
        return [box]

    @staticmethod
    def _entry_row(
        entry: LedgerRow, where: list[str], demos: list[str], titles: dict[str, str], line: tuple[str, int]
    ) -> nodes.row:
        # the citations and notes are the page's messages (the directive's line), the rest the catalogs';
        # Sphinx unwraps a translatable inline at the end of its parent: the work's name has one of its own
        sources = nodes.bullet_list(classes=["ot-ledger-sources"])
        for cite in entry.sources:
            work = nodes.inline("", "", translatable(cite.cite, *line), classes=["ot-ledger-work"])
            para = nodes.paragraph("", "", work)
            words = citation_words(cite.work.kind, cite.work.weight)
            if words:
                para += nodes.Text(words)
            if cite.note:
                para += nodes.Text(": ")
                para += translatable_text(cite.note, *line)
            sources += nodes.list_item("", para)
        decided: list[nodes.Node] = []
        for i, spot in enumerate(where):
            if i:
                decided.append(nodes.Text(", "))
            decided.append(nodes.literal("", spot))
        shown: list[nodes.Node] = []
        for i, scenario_id in enumerate(demos):
            if i:
                shown.append(nodes.Text(", "))
            shown.append(scenario_link(scenario_id, titles[scenario_id]))
        cells: list[nodes.Node] = [
            nodes.paragraph("", "", rule_link(entry.id, pill=False)),
            nodes.paragraph("", family_of(entry.id)),
            nodes.paragraph("", "", status_pill(entry.status)),
            nodes.paragraph("", translated(f"{entry.id}|statement", entry.statement)),
            sources,
            nodes.paragraph("", translated(f"{entry.id}|gap", entry.gap) if entry.gap else ""),
            nodes.paragraph("", "", *decided) if decided else nodes.paragraph("", "", nodes.emphasis("", _("no code"))),
            nodes.paragraph("", "", *shown),
        ]
        row = _row(cells)
        row["classes"] += ["ot-ledger-row", f"ot-status-{entry.status}"]
        row["ids"] = [f"ledger-{entry.id.replace('.', '-')}"]
        return row


def _row(cells: list[nodes.Node]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += cell
        row += entry
    return row


def _resolve(app: Sphinx, config: Config) -> None:
    given = str(config.oldtricks_ledger or "")
    config.oldtricks_ledger = str((Path(app.confdir) / given).resolve()) if given else str(repo_root() / "ledger.toml")


def _add_ledger_js(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.document | None
) -> None:
    if doctree is None or app.builder.format != "html":
        return
    if any("ot-ledger" in node["classes"] for node in doctree.findall(nodes.container)):
        app.add_js_file("oldtricks/ledger.js", type="module")


def setup_ledger(app: Sphinx) -> None:
    app.add_config_value(
        "oldtricks_ledger",
        "",
        "env",
        types=frozenset({str}),
        description="the rules ledger file (default: <repo>/ledger.toml)",
    )
    app.connect("config-inited", _resolve)
    app.add_directive("ledger", LedgerDirective)
    app.connect("html-page-context", _add_ledger_js)
