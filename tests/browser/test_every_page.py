"""Every page of the built site, loaded once at a desktop's width (1280 × 800) and once at a phone's
(390 × 844), and checked as a reader meets it:

- its layout does not shift in its first seconds (test_layout_shift.py's measure);
- it loads from the local server alone, and every viewer on it starts (test_site_pages.py);
- no text on it is drawn under 11 px (test_readable.py);
- at the desktop's width, axe-core finds nothing, light and dark (test_axe.py; on an edition's translated pages,
  the English pages' markup and colours in other words, the rules that read colours only on the English ones);
- a rules page, every fold closed, is read in at most 15 screens at the desktop's width and 25 at the
  phone's (test_site_pages.py).

One load serves every check: the layout's first second is read before anything is opened; then the
page's folded examples are opened and every viewer drawn, as a reader scrolling down would, for the rest.
Of the embed pages and the text pages, which share a template each, some stand for the others
(``audited``). The pages are walked in parts, each a test (one browser tab loading its pages in turn),
that the test workers share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_axe import THEMED, report, violations
from test_layout_shift import LATE, LIMIT, OBSERVE, pages_to_measure, shifts
from test_readable import FLOOR, SMALL_PLOT_TEXT, SMALL_TEXT
from test_site_pages import RULES_PAGES, folds_closed_length, pages_to_load

from conftest import SiteServer, edition_of, embedded, open_folds, sample_pages, sweeping_all, translated, wait_mounted

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def audited(root: Path) -> dict[str, set[str]]:
    """Each page loaded, with the checks it gets at the desktop's width: "shift" and "read" (every page
    but the embed and text pages past the first of each), "load" (also one embed page of each game and of
    each kind, and every text page), "axe" (also the first embed page of each game)."""
    checks: dict[str, set[str]] = {}
    measured = pages_to_measure(root)
    for check, pages in (
        ("shift", measured),
        ("read", measured),
        ("load", pages_to_load(root)),
        ("axe", sample_pages(root)),
    ):
        for name in pages:
            checks.setdefault(name, set()).add(check)
    return checks


DESKTOP_PARTS, PHONE_PARTS = 6, 3


def share(pages: list[str], root: Path, part: int, parts: int) -> list[str]:
    """This part's pages: every ``parts``-th by size, the largest first, so that the parts are alike."""
    return sorted(pages, key=lambda n: -(root / n).stat().st_size)[part::parts]


# The late second after a page settles is watched at the desktop's width in every run, at the phone's
# too under `nox -s sweep` (a late font or form moves a page at both widths; the phone's first seconds,
# to the viewers drawn, are watched in every run).
PHONE_LATE = LATE if sweeping_all() else 0.0


def first_seconds(
    page: Any, site_server: SiteServer, name: str, size: dict[str, int], watch: bool, late: float = LATE
) -> list[str]:
    """Load the page as a reader does, at ``size``; ``watch``: what is wrong with its layout in the
    first seconds, its ``late`` seconds after it settled included (a form, a font)."""
    page.set_viewport_size(size)  # the tab watches every page it loads (OBSERVE)
    page.goto(site_server.url + name)
    wait_mounted(page, everything=False)  # the reader's first seconds: the viewers near the screen
    page.wait_for_load_state("load")
    if not watch:
        return []
    page.wait_for_timeout(late * 1000)
    seen = shifts(page)
    total = sum(s["value"] for s in seen)
    return [f"cumulative layout shift {total:.4f} (limit {LIMIT}): {seen[:4]}"] if total >= LIMIT else []


def loaded(page: Any, site_server: SiteServer, name: str) -> list[str]:
    """What is wrong with how the page loaded (before anything is opened): its viewers and its icon."""
    expected = list(embedded((site_server.root / name).read_text(encoding="utf-8")))
    # the page's own viewers (a sandbox's board, made once its engine has started, is not one of them)
    states = page.eval_on_selector_all(
        ".oldtricks-widget:not(.ot-sb-widget)", "els => els.map(e => [e.id, e.dataset.ready])"
    )
    wrong = []
    if [sid for sid, _ in states] != expected:
        wrong.append(f"viewers {[sid for sid, _ in states]}, the page embeds {expected}")
    if not {state for _, state in states} <= {"static", "pending"}:
        wrong.append(f"viewers not started: {states}")
    # the favicon is asked for on every page: it must exist (no 404 in the console or the log)
    if not page.eval_on_selector('link[rel~="icon"]', "el => el.href").endswith("favicon.svg"):
        wrong.append("no favicon.svg")
    return wrong


def everything_drawn(page: Any) -> list[str]:
    """Open the page's folded examples and draw every viewer, as a reader scrolling down would."""
    open_folds(page)
    wait_mounted(page, everything=True)
    states = page.eval_on_selector_all(".oldtricks-widget", "els => els.map(e => [e.id, e.dataset.ready])")
    bad = [(sid, state) for sid, state in states if state != "static"]
    return [f"viewers not drawn: {bad}"] if bad else []


def small_text(page: Any, cards: bool) -> list[str]:
    small = page.evaluate(SMALL_TEXT, {"floor": FLOOR, "cards": cards})
    small.update(page.evaluate(SMALL_PLOT_TEXT, {"floor": FLOOR, "cards": cards}))
    return [f"text under {FLOOR} px: {small}"] if small else []


def in_other_words(name: str) -> bool:
    """Whether the page is an edition's translation of an English page (not the notice of one not yet
    translated, which an English page does not have)."""
    language = edition_of(name)
    english = name.removeprefix(f"{language}/")
    return language != "en" and english.removesuffix(".html") in translated(language)


def axe_light_and_dark(page: Any, colours: bool) -> list[str]:
    """Every rule in the light theme; then the page turned dark (Furo follows the reader's scheme as it
    changes) and the rules that read colours. Without ``colours``, the light theme's rules but those."""
    found: dict[str, list[dict[str, Any]]] = {}
    if not colours:
        items = violations(page, off=THEMED)
        return [f"axe-core found violations:\n{report({'light': items})}"] if items else []
    for scheme, only in (("light", None), ("dark", THEMED)):
        page.emulate_media(color_scheme=scheme)
        dark = page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark")
        items = violations(page, only=only)
        if items:
            found[scheme] = items
    return [f"axe-core found violations:\n{report(found)}"] if found else []


def audit_at_a_desktops_width(page: Any, site_server: SiteServer, name: str, checks: set[str]) -> list[str]:
    page.emulate_media(color_scheme="light")
    start = len(site_server.log)
    wrong = first_seconds(page, site_server, name, DESKTOP, watch="shift" in checks)
    if "load" in checks:
        wrong += loaded(page, site_server, name)
    wrong += everything_drawn(page)
    if "axe" in checks:
        # An edition's translated page is an English page's markup, styles and colours in other words: the
        # rules that read colours (light and dark) check them on the English page.
        wrong += axe_light_and_dark(page, colours=not in_other_words(name))
        page.emulate_media(color_scheme="light")
    if "read" in checks:
        wrong += small_text(page, cards=True)
    wrong += folds_closed_length(page, name)  # last: it closes the page's folds
    served = site_server.log[start:]
    wrong += [f"answered {status}: {method} {path}" for method, path, status, _ in served if status >= 400]
    return wrong


@pytest.mark.long
@pytest.mark.parametrize("part", range(DESKTOP_PARTS))
def test_every_page_at_a_desktops_width(live_page: Any, site_server: SiteServer, part: int) -> None:
    checks = audited(site_server.root)
    live_page.add_init_script(OBSERVE)
    found = {}
    start = len(site_server.log)
    for name in share(list(checks), site_server.root, part, DESKTOP_PARTS):
        wrong = audit_at_a_desktops_width(live_page, site_server, name, checks[name])
        if wrong:
            found[name] = wrong
    # the tab asks for the icon once (every page links it: loaded() checks that it is favicon.svg)
    assert any(path.endswith("favicon.svg") for _, path, _, _ in site_server.log[start:]), "no favicon requested"
    assert not found, f"at {DESKTOP['width']} px:\n" + "\n".join(f"{n}: {w}" for n, ws in found.items() for w in ws)


@pytest.mark.long
@pytest.mark.parametrize("part", range(PHONE_PARTS))
def test_every_page_at_a_phones_width(live_page: Any, site_server: SiteServer, part: int) -> None:
    """The layout's first second and the text's size; the viewers' cards are left out (a phone's narrow
    centre groups draw them smaller than 11 px; test_phone.py holds them to their own measure)."""
    live_page.add_init_script(OBSERVE)
    found = {}
    for name in share(pages_to_measure(site_server.root), site_server.root, part, PHONE_PARTS):
        wrong = first_seconds(live_page, site_server, name, PHONE, watch=True, late=PHONE_LATE)
        wrong += everything_drawn(live_page)
        wrong += small_text(live_page, cards=False)
        wrong += folds_closed_length(live_page, name)  # last: it closes the page's folds
        if wrong:
            found[name] = wrong
    assert not found, f"at {PHONE['width']} px:\n" + "\n".join(f"{n}: {w}" for n, ws in found.items() for w in ws)


def test_the_pages_audited_stand_for_every_page(site_server: SiteServer) -> None:
    """Every page of the English edition but the embed and text pages is audited at both widths, and of
    those, one embed page of each game and each kind and every text page at the desktop's; of each
    other edition, its sample (sitepages.site_pages)."""
    root = site_server.root
    checks = audited(root)
    games = {p.split("/")[1] for p, c in checks.items() if p.startswith("embed/") and "axe" in c}
    assert {"bettelmann", "druzbart", "drogue"} <= games, games
    assert {"index.html", "bettelmann.html", "search.html", "de/index.html", "pl/index.html"} <= set(checks)
    assert all({"shift", "read", "load", "axe"} <= checks[p] for p in ("druzbart.html", "ledger.html"))
    assert len(checks) > 40 and len(pages_to_measure(root)) > 30, len(checks)
    # every rules page's length is measured at both widths (folds_closed_length), of each edition walked
    assert set(RULES_PAGES) <= set(checks) & set(pages_to_measure(root))
    assert {"de/bettelmann.html", "pl/bettelmann.html"} <= set(checks) & set(pages_to_measure(root))
    # the colours of every translated page audited are checked on its English page, at both widths
    other_words = [p for p in checks if in_other_words(p)]
    assert other_words and all({"shift", "read", "load", "axe"} <= checks[p.split("/", 1)[1]] for p in other_words)
