"""The Rules ledger page in the browser: every column sorts, and the table filters by game, status,
source and words. The expected rows are counted from the built table itself, not from the script."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SiteServer

pytestmark = pytest.mark.browser


def visible_ids(page: Any) -> list[str]:
    ids: list[str] = page.eval_on_selector_all(
        "table.ot-ledger-table tbody tr:not([hidden])", "rows => rows.map(r => r.cells[0].textContent.trim())"
    )
    return ids


def test_the_ledger_filters_and_sorts(live_page: Any, site_server: SiteServer) -> None:
    live_page.goto(f"{site_server.url}ledger.html")
    rows = live_page.locator("table.ot-ledger-table tbody tr")
    total = rows.count()
    assert total > 100
    count = live_page.locator('[data-role="ledger-count"]')
    assert count.text_content() == f"{total} of {total} rules shown"

    # by status: exactly the rows whose class names that status
    suggested = live_page.locator("table.ot-ledger-table tbody tr.ot-status-suggested").count()
    assert 0 < suggested < total
    live_page.select_option('[data-role="ledger-status"]', "suggested")
    assert len(visible_ids(live_page)) == suggested
    assert count.text_content() == f"{suggested} of {total} rules shown"

    # and by game on top of it (the game of the first such row): every row left is of both
    game = live_page.eval_on_selector(
        "table.ot-ledger-table tbody tr:not([hidden])", "r => r.cells[1].textContent.trim()"
    )
    live_page.select_option('[data-role="ledger-game"]', game)
    shown = live_page.eval_on_selector_all(
        "table.ot-ledger-table tbody tr:not([hidden])",
        "rows => rows.map(r => [r.className, r.cells[1].textContent.trim()])",
    )
    assert shown and all("ot-status-suggested" in cls and cell == game for cls, cell in shown)
    assert len(shown) < suggested or len({c for _, c in shown}) == 1

    # words: an id narrows to that rule
    live_page.select_option('[data-role="ledger-status"]', "")
    live_page.select_option('[data-role="ledger-game"]', "")
    live_page.fill('[data-role="ledger-words"]', "druzbart.head.dud-led")
    assert visible_ids(live_page) == ["druzbart.head.dud-led"]
    live_page.fill('[data-role="ledger-words"]', "")

    # a source: only rows citing that work
    live_page.select_option('[data-role="ledger-source"]', index=1)
    work = live_page.eval_on_selector('[data-role="ledger-source"]', "s => s.value")
    cited = live_page.eval_on_selector_all(
        "table.ot-ledger-table tbody tr:not([hidden])",
        "rows => rows.map(r => [...r.querySelectorAll('.ot-ledger-work')].map(w => w.textContent.trim()))",
    )
    assert cited and all(any(work in w for w in works) for works in cited)
    live_page.select_option('[data-role="ledger-source"]', "")

    # sorting by the rule column's header, twice: ledger order, then reversed
    first = visible_ids(live_page)
    header = live_page.locator("table.ot-ledger-table thead .ot-ledger-sort").first
    header.click()
    assert visible_ids(live_page) == first
    header.click()
    assert visible_ids(live_page) == first[::-1]
    status_header = live_page.locator("table.ot-ledger-table thead th").nth(2)
    status_header.locator(".ot-ledger-sort").click()
    statuses = live_page.eval_on_selector_all(
        "table.ot-ledger-table tbody tr", "rows => rows.map(r => r.cells[2].textContent.trim())"
    )
    assert statuses == sorted(statuses)
    assert status_header.get_attribute("aria-sort") == "ascending"


@pytest.mark.parametrize(
    ("language", "count", "statuses"),
    [
        ("de", "{n} von {n} Regeln angezeigt", ["alle Status", "belegt", "strittig", "vorgeschlagen", "angenommen"]),
        ("pl", "Pokazano {n} z {n} reguł", ["każdy status", "udokumentowana", "sporna", "sugerowana", "przyjęta"]),
    ],
)
def test_the_ledgers_filters_speak_the_editions_language(
    live_page: Any, site_server: SiteServer, language: str, count: str, statuses: list[str]
) -> None:
    live_page.goto(f"{site_server.url}{language}/ledger.html")
    total = live_page.locator("table.ot-ledger-table tbody tr").count()
    assert live_page.locator('[data-role="ledger-count"]').text_content() == count.format(n=total)
    shown = live_page.eval_on_selector_all('[data-role="ledger-status"] option', "os => os.map(o => o.textContent)")
    assert shown == statuses  # each status as the table's labels name it
    works = live_page.eval_on_selector_all('[data-role="ledger-source"] option', "os => os.map(o => o.value)")[1:]
    assert "Pierer 1841" in works and not [w for w in works if ", S. " in w or ", s. " in w]  # a work, not its pages
    live_page.select_option('[data-role="ledger-status"]', "assumed")
    assumed = live_page.locator("table.ot-ledger-table tbody tr.ot-status-assumed").count()
    assert len(visible_ids(live_page)) == assumed
