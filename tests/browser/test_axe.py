"""axe-core (pinned in package.json, read from node_modules) on every built page, light and dark: no
violation of any rule, at any impact, once the page's viewers have started."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import REPO, SiteServer, site_pages, wait_mounted

pytestmark = pytest.mark.browser

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"

RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, nodes: v.nodes.length,
    first: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
  }));
}"""


def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (package.json pins axe-core)", pytrace=False)
    return AXE.read_text(encoding="utf-8")


def violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (axe injected once per document)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source())
    result: list[dict[str, Any]] = page.evaluate(RUN)
    return result


def report(found: dict[str, list[dict[str, Any]]]) -> str:
    lines = []
    for where, items in found.items():
        for v in items:
            lines.append(f"{where}: {v['id']} ({v['impact']}, {v['nodes']} nodes)")
            lines.extend(f"    {text}" for text in v["first"])
    return "\n".join(lines)


@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, live_page: Any) -> str:
    """The reader's colour scheme (Furo follows it: its default theme is "auto")."""
    live_page.emulate_media(color_scheme=request.param)
    return str(request.param)


def test_axe_finds_nothing_on_any_page(live_page: Any, site_server: SiteServer, scheme: str) -> None:
    pages = site_pages(site_server.root)
    assert len(pages) > 50 and "embed/bettelmann/tie-pierer.html" in pages, pages
    found: dict[str, list[dict[str, Any]]] = {}
    for name in pages:
        live_page.goto(site_server.url + name)
        wait_mounted(live_page)
        live_page.wait_for_load_state("load")
        dark = live_page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark"), name
        items = violations(live_page)
        if items:
            found[f"{name} ({scheme})"] = items
    assert not found, "axe-core found violations:\n" + report(found)


def test_the_axe_check_sees_a_violation(live_page: Any, site_server: SiteServer) -> None:
    """The check itself can fail: an unlabelled button and an empty list are reported."""
    live_page.goto(site_server.url + "index.html")
    live_page.evaluate("""() => {
      const b = document.createElement("button"); document.querySelector("main").append(b);
      const l = document.createElement("div"); l.setAttribute("role", "list"); document.querySelector("main").append(l);
    }""")
    ids = {v["id"] for v in violations(live_page)}
    assert {"button-name", "aria-required-children"} <= ids, ids
