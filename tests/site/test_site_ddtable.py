"""``{ddtable} ID``: a deal's double-dummy table as the engine computes it (Drogue: each trump and maker;
Drużbart and Clock: each leader and side)."""

from __future__ import annotations

import re

from conftest import SCENARIOS, Builder
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import load


def test_the_table_holds_the_engines_points_for_each_trump_and_maker(build: Builder) -> None:
    built = build({"index.md": "# Bids\n\n```{ddtable} drogue/auction\n```\n"})
    assert built.status == 0, built.warnings
    rp = replay(load(SCENARIOS / "drogue" / "auction.toml", SCENARIOS))
    dd = rp.game.double_dummy_table(rp.line.states[0])
    page = built.html()
    body = page[page.index('class="ot-table ot-ddtable') :]
    found = re.findall(r"<td.*?</td>", body[: body.index("</table>")], re.S)
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in found]
    names = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
    want = [[names[t], *(str(dd.cell(t, str(s))) for s in range(4))] for t in dd.row_keys]
    assert [cells[i : i + 5] for i in range(0, len(cells), 5)] == want
    assert "South makes" in body and "of 120" in page


def test_a_druzbart_deal_has_a_row_per_leader_in_the_engine_s_words(build: Builder) -> None:
    built = build({"index.md": "# Leads\n\n```{ddtable} clock/end-five\n```\n"})
    assert built.status == 0, built.warnings
    rp = replay(load(SCENARIOS / "clock" / "end-five.toml", SCENARIOS))
    dd = rp.game.double_dummy_table(rp.line.states[0])
    page = built.html()
    body = page[page.index('class="ot-table ot-ddtable') :]
    found = re.findall(r"<td.*?</td>", body[: body.index("</table>")], re.S)
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in found]
    want = [[head, *(str(v) for v in row)] for head, row in zip(dd.rows, dd.cells, strict=True)]
    assert [cells[i : i + 4] for i in range(0, len(cells), 4)] == want
    assert dd.measure in page and "two others play against that player" in page


def test_a_deal_of_a_game_without_a_table_is_an_error_naming_the_line(build: Builder) -> None:
    built = build({"index.md": "# Bids\n\n```{ddtable} bettelmann/basics\n```\n"})
    assert built.status == 1
    assert "index.md:3: ERROR: bettelmann/basics: Bettelmann has no double-dummy table" in built.warnings


def test_a_druzbart_table_is_in_the_edition_s_language(build: Builder) -> None:
    """The engine words the table in the language of the edition being built (and the site's catalogs
    need not hold its words)."""
    built = build(
        {"index.md": "# Leads\n\n```{ddtable} druzbart/split-32\n```\n"}, conf={"language": "de"}, strict=False
    )
    assert built.status == 0, built.warnings
    page = built.html()
    assert "Stiche jeder Partei, wenn die Runde endet" in page and "South spielt aus (wie gegeben)" in page
