"""The Rules ledger page (``{ledger}``) and the statuses pages show: each is its rule's, as the ledger has it."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import REPO, Builder
from oldtricks.core.ledgercheck import load
from oldtricks.core.registry import GAMES
from oldtricks_sphinx.store import rule_anchor

LEDGER = load(REPO / "ledger.toml")
ANCHORS = {rule_anchor(entry.id): entry.id for entry in LEDGER}


def ledger_rows(html: str) -> dict[str, str]:
    """Each row of the ledger table: rule id -> the row's HTML."""
    rows = re.findall(r'<tr class="ot-ledger-row ot-status-\w+[^"]*" id="ledger-([\w-]+)">(.*?)</tr>', html, re.S)
    return {ANCHORS["rule-" + anchor]: row for anchor, row in rows}


def test_the_ledger_page_lists_every_rule_with_its_status_sources_and_gaps(build: Builder) -> None:
    built = build(
        {
            "index.md": "# Ledger\n\n```{ledger}\n```\n",
            "other.md": "---\norphan: true\n---\n# Other\n\nNo ledger here.\n",
        }
    )
    assert built.status == 0, built.warnings
    html = built.html()
    rows = ledger_rows(html)
    assert list(rows) == [entry.id for entry in LEDGER]
    for entry in LEDGER:
        row = rows[entry.id]
        assert f'<span class="ot-status ot-status-{entry.status}">{entry.status}</span>' in row, entry.id
        for cite in entry.sources:
            assert f'<span class="ot-ledger-work">{cite.cite}</span>' in row, (entry.id, cite.cite)
        if entry.gap:
            assert entry.gap.replace("'", "’")[:40] in row.replace("&quot;", '"'), entry.id
    pierer = rows["bettelmann.tie.pierer"]
    assert "Pierer 1841, pp. 579–580" in pierer
    assert "games/bettelmann/" in pierer  # where the engine decides it
    assert "bettelmann/tie-pierer" in pierer or "Equal ranks wait" in pierer  # a scenario that shows it
    assert "rebuilt" in rows["druzbart.rank.order"].lower() and "ot-status-assumed" in rows["druzbart.rank.order"]
    assert 'src="_static/oldtricks/ledger.js' in html
    assert "ledger.js" not in built.html("other")


def test_a_missing_ledger_file_fails_the_build_with_its_path(build: Builder, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    built = build({"index.md": "# Ledger\n\n```{ledger}\n```\n"}, conf={"oldtricks_ledger": str(missing)})
    assert built.status == 1
    assert "index.md:3: ERROR: cannot read the rules ledger" in built.warnings
    assert "nowhere.toml" in built.warnings


def test_option_tables_show_each_value_with_its_rules_status(build: Builder) -> None:
    pages = {"index.md": "# Options\n\n" + "".join(f"```{{options}} {name}\n```\n\n" for name in GAMES)}
    built = build(pages)
    assert built.status == 0, built.warnings
    shown = re.findall(
        r'<li class="ot-choice ot-for-(rule-[\w-]+)"><p>.*?<span class="ot-status ot-status-(\w+)">',
        built.html(),
        re.S,
    )
    assert len(shown) == sum(len(spec.choices) for cls in GAMES.values() for spec in cls.option_specs)
    for anchor, status in shown:
        assert status == LEDGER.rule(ANCHORS[anchor]).status, ANCHORS[anchor]


def test_an_edition_writes_the_ledger_in_its_language_rule_ids_as_they_are(build: Builder) -> None:
    from test_site_editions import CONF, EXTENSION

    from oldtricks.core.datawords import translated

    catalog = (REPO / "docs" / "locales" / "de" / "LC_MESSAGES" / "ledger.po").read_text(encoding="utf-8")
    pages = {
        "index.md": "# Rules ledger\n\n```{ledger}\n```\n",
        "locales/de/pages.toml": 'pages = ["index"]\n',
        "locales/de/LC_MESSAGES/index.po": catalog,  # the real page's: its other paragraphs are stale here
        "locales/de/LC_MESSAGES/oldtricks.po": EXTENSION,
    }
    built = build(pages, conf=CONF, strict=False)
    assert "no translation" not in built.warnings and "fuzzy" not in built.warnings, built.warnings
    html = built.html()
    rows = ledger_rows(html)
    assert list(rows) == [entry.id for entry in LEDGER]  # the ids and anchors as in English
    assert "<p>Lücke in den Quellen</p>" in html and "Gap in the sources" not in html
    assert re.search(r'class="ot-ledger-summary">\d+ Regeln: \d+ belegt, \d+ strittig', html)
    entry = next(e for e in LEDGER if e.id == "bettelmann.next-lead")
    row = rows[entry.id]
    statement = translated(f"{entry.id}|statement", entry.statement, "de")
    assert statement != entry.statement and statement.replace('"', "&quot;")[:40] in row  # the engine's catalog
    assert '<span class="ot-ledger-work">Gööck 1967, S. 36</span>' in row  # the page's catalog
    assert "erschlossen aus der Gleichstandsregel" in row and "inferred from" not in row  # a source's note
    assert "(Zusammenfassung)" in row and "(digest)" not in row
    assert ">bettelmann.next-lead<" in row


def test_the_pages_scripts_know_the_ledgers_statuses_from_one_list() -> None:
    """statuses.js is the one list of statuses the pages' scripts hold (the viewer, the ledger's filter, the
    sandbox): the engine's, in its order, and written nowhere else among the scripts."""
    from oldtricks.core.options import STATUSES

    static = REPO / "site" / "oldtricks_sphinx" / "static" / "oldtricks"
    listed = re.search(r"export const STATUSES = \[([^\]]*)\]", (static / "statuses.js").read_text(encoding="utf-8"))
    assert listed, "statuses.js exports no STATUSES"
    assert tuple(re.findall(r'"(\w+)"', listed.group(1))) == STATUSES
    quoted = re.compile(r'"documented",\s*"disputed"')
    again = [p.name for p in static.rglob("*.js") if p.name != "statuses.js" and quoted.search(p.read_text("utf-8"))]
    assert not again, f"the statuses written again in {again}: import them from statuses.js"
