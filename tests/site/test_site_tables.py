"""``{options} GAME`` and ``{coverage}``: generated from the engine and the scenario files."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import SCENARIOS, Builder, write_scenario
from oldtricks.core.registry import GAMES, all_rules
from oldtricks.scenarios.coverage import compute
from oldtricks.scenarios.scenario import discover, load


def test_options_table_lists_every_choice_with_status_and_default(build: Builder) -> None:
    page = "# Options\n\n```{options} bettelmann\n```\n\n```{rule} bettelmann.tie.pierer\nT.\n```\n"
    built = build({"index.md": page})
    assert built.status == 0, built.warnings
    page = built.html()
    for spec in GAMES["bettelmann"].option_specs:
        assert f'<span class="pre">{spec.key}</span>' in page
        for choice in spec.choices:
            assert f'<span class="pre">{choice.value}</span></code> {choice.label.replace(chr(39), "’")}' in page
    row = page[page.index('<span class="pre">tie</span>') :]
    row = row[: row.index("</tr>")]
    assert row.count('class="ot-default"') == 1
    assert row.index("pierer") < row.index("ot-default") < row.index("first-player")
    assert 'href="#rule-bettelmann-tie-pierer"' in row


def test_options_unknown_game_fails(build: Builder) -> None:
    built = build({"index.md": "# O\n\n```{options} skat\n```\n"})
    assert built.status == 1
    assert "index.md:3: ERROR: unknown game 'skat': expected one of bettelmann" in built.warnings


def test_coverage_lists_every_rule_and_option_value(build: Builder) -> None:
    built = build({"index.md": "# Coverage\n\n```{coverage}\n```\n\n```{scenario} bettelmann/basics\n```\n"})
    assert built.status == 0, built.warnings
    page = built.html()
    cov = compute([load(p, SCENARIOS) for p in discover([SCENARIOS])])
    for rule_id in all_rules():
        assert f'<code class="ot-cite-text docutils literal notranslate"><span class="pre">{rule_id}</span>' in page
    for values in cov.options.values():
        for value in values:
            assert f"<p>{value}: " in page
    # scenarios link to where they are embedded; the others are named without a link
    assert 'href="#bettelmann/basics"><span>Turn up, compare ranks' in page
    assert '<span class="ot-scenario-link ot-unlinked"><span>Equal ranks wait' in page
    # each table carries its column widths, which pages.css lays it out from (never from its rows, that
    # would widen a column as rows still arrive on a slow phone: a layout shift)
    tables = re.findall(r'<table class="([^"]*)">\s*<colgroup>((?:\s*<col [^>]*>)+)', page)
    assert len(tables) == page.count("ot-coverage") >= 2, tables
    assert all("ot-coverage" in classes and col.count("width:") == 4 for classes, col in tables), tables


def test_coverage_fails_on_a_broken_scenario(build: Builder, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    path = write_scenario(folder, "demo/broken", 'title = "No game"\n')
    built = build({"index.md": "# C\n\n```{coverage}\n```\n"}, scenarios=folder)
    assert built.status == 1
    assert f"index.md:3: ERROR: cannot compute coverage: {path}" in built.warnings
