"""``{ddtable} ID``: a Drogue deal's double-dummy table, each trump and maker, as the engine computes it."""

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


def test_a_deal_of_another_game_is_an_error_naming_the_line(build: Builder) -> None:
    built = build({"index.md": "# Bids\n\n```{ddtable} bettelmann/basics\n```\n"})
    assert built.status == 1
    assert "index.md:3: ERROR: bettelmann/basics: the double-dummy table is for Drogue deals" in built.warnings
