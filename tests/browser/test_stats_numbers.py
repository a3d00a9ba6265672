"""The numbers behind a statistics plot: not in the rules page, but fetched from its numbers page when
the reader opens the fold under the plot (numbers.js); without the script, the fold links there."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import Guard, SiteServer, open_folds, wait_mounted

pytestmark = pytest.mark.browser


def _numbers_requests(site_server: SiteServer, start: int) -> list[str]:
    return [path for _, path, _, _ in site_server.log[start:] if "/numbers/" in path]


def test_opening_a_fold_puts_its_table_in(live_page: Any, site_server: SiteServer, guard: Guard) -> None:
    start = len(site_server.log)
    live_page.goto(site_server.url + "bettelmann.html", wait_until="load")
    wait_mounted(live_page, everything=False)
    assert live_page.locator("details.ot-stats-numbers table").count() == 0
    assert not _numbers_requests(site_server, start)  # nothing fetched before a fold is opened
    assert open_folds(live_page) >= 3  # each plot is folded under a line naming it: the reader opens them
    folds = live_page.locator("details.ot-stats-numbers:visible")  # not those in a tab not chosen
    assert folds.count() >= 3
    for fold in (folds.nth(0), folds.nth(2)):
        fold.locator("summary").click()
        fold.locator("table tbody tr").first.wait_for()
        assert fold.locator(".ot-stats-away").count() == 0
    assert len(_numbers_requests(site_server, start)) == 1  # one page for every fold
    # the fold shows the numbers page's table of that plot, row for row
    first = folds.nth(0)
    ident = first.evaluate("el => el.closest('.ot-stats').id")
    shown = first.locator("tbody tr").all_inner_texts()
    live_page.goto(site_server.url + f"numbers/bettelmann.html#{ident}", wait_until="load")
    assert live_page.locator(f'section[id="{ident}"] tbody tr').all_inner_texts() == shown
    assert len(shown) >= 2


def test_without_the_script_the_fold_links_to_the_numbers_page(
    live_page: Any, site_server: SiteServer, guard: Guard
) -> None:
    guard.allow_console(r"Failed to load resource|numbers\.js")
    live_page.route("**/_static/oldtricks/numbers.js*", lambda route: route.abort())
    live_page.goto(site_server.url + "druzbart.html", wait_until="load")
    open_folds(live_page)  # the plots' folds (tabs.js), then the numbers' fold under one plot
    fold = live_page.locator("details.ot-stats-numbers:visible").first
    fold.locator("summary").click()
    link = fold.locator(".ot-stats-away a")
    link.click()
    live_page.wait_for_url("**/numbers/druzbart.html#*")
    ident = live_page.evaluate("decodeURIComponent(location.hash.slice(1))")
    section = live_page.locator(f'section[id="{ident}"]')
    assert section.locator("h2").inner_text() and section.locator("tbody tr").count() >= 2
    back = section.locator(".ot-text-to-viewer a")
    assert back.get_attribute("href") == f"../druzbart.html#{ident}"
