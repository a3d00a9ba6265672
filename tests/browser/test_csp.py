"""The Content-Security-Policy of every page (site/oldtricks_sphinx/csp.py): same-origin scripts, the
theme's inline script by its hash, WebAssembly for the live engine. In contexts that do not bypass
the policy, the pages, live play (Pyodide) and the sandbox run without a single violation, and an
inline script that the build did not write is refused."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import Guard, SiteServer, site_pages, wait_mounted

pytestmark = pytest.mark.browser

READY_MS = 90_000
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
INLINE = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
REQUIRED = {
    "script-src": {"'self'", "'wasm-unsafe-eval'"},
    "worker-src": {"'self'"},
    "connect-src": {"'self'"},
    "object-src": {"'none'"},
    "base-uri": {"'self'"},
    "default-src": {"'self'"},
}
# Collects the page's policy violations from the first script on (an init script runs before the
# page's own and is not subject to its policy).
COLLECT = """
window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(`${e.violatedDirective}: ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`));
"""
VIOLATIONS = "() => window.__csp"


def policy_of(html: str) -> dict[str, list[str]]:
    match = META.search(html)
    assert match, "no Content-Security-Policy <meta>"
    out: dict[str, list[str]] = {}
    for part in match.group(1).split(";"):
        name, *values = part.split()
        out[name] = values
    return out


def test_every_page_carries_the_policy_first_with_its_inline_scripts_hashed(site_server: SiteServer) -> None:
    pages = site_pages(site_server.root)
    assert {"index.html", "sandbox/bettelmann.html", "embedding.html", "embed/bettelmann/basics.html"} <= set(pages)
    for page in pages:
        html = (site_server.root / page).read_text(encoding="utf-8")
        policy = policy_of(html)
        for name, values in REQUIRED.items():
            assert values <= set(policy.get(name, [])), (page, name, policy.get(name))
        script_src = set(policy["script-src"])
        assert not {"'unsafe-inline'", "'unsafe-eval'", "*", "data:", "blob:"} & script_src, page
        head = html.split("<head>", 1)[1].split("</head>", 1)[0]
        first = [i for i in (head.find("<script"), head.find("<link"), head.find("<style")) if i >= 0]
        assert head.index("Content-Security-Policy") < min(first, default=len(head)), page  # it covers what follows
        for attrs, body in INLINE.findall(html):
            kind = re.search(r"""type=["']?([^"'\s>]+)""", attrs)
            if "src=" in attrs or (kind and kind.group(1) not in ("module", "text/javascript")):
                continue
            digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
            assert f"'sha256-{digest}'" in script_src, (page, body[:80])
        assert not re.search(r"<[a-z][^>]*\son[a-z]+\s*=", html), page  # no inline event handlers


@pytest.fixture
def strict_page(browser: Any, site_server: SiteServer, guard: Guard) -> Iterator[Any]:
    """A page whose context does not bypass the policy (the `page` fixture's does: see conftest.py)."""
    guard.origin = site_server.origin
    context = browser.new_context()
    context.route("**/*", guard.on_route)
    context.add_init_script(COLLECT)
    page = guard.attach(context.new_page())
    yield page
    context.close()
    guard.check()


@pytest.mark.parametrize(
    "page_name", ["index.html", "bettelmann.html", "embedding.html", "search.html", "embed/bettelmann/tie-pierer.html"]
)
def test_pages_load_without_a_violation(strict_page: Any, site_server: SiteServer, page_name: str) -> None:
    strict_page.goto(site_server.url + page_name)
    wait_mounted(strict_page)
    if page_name == "embedding.html":
        strict_page.frame_locator("iframe").locator('.oldtricks-widget[data-ready="static"]').wait_for()
    strict_page.wait_for_load_state("load")
    assert strict_page.evaluate("() => document.body.dataset.theme || 'none'") in ("auto", "none")  # theme script ran
    assert strict_page.evaluate(VIOLATIONS) == []


def test_live_play_and_the_sandbox_run_under_the_policy(strict_page: Any, site_server: SiteServer) -> None:
    sid = "bettelmann/last-three"
    strict_page.goto(f"{site_server.url}bettelmann.html#{sid}@27")
    wait_mounted(strict_page)
    root = strict_page.locator(f'.oldtricks-widget[id="{sid}"]')
    root.locator('[data-action="go-live"]').click()
    strict_page.wait_for_selector(f'.oldtricks-widget[id="{sid}"][data-ready="live"]', timeout=READY_MS)
    strict_page.wait_for_function(f"() => !document.getElementById('{sid}').hasAttribute('aria-busy')")
    root.locator('button[data-card][data-seat="0"][data-legal="true"]').first.click()
    strict_page.wait_for_function(f"() => document.getElementById('{sid}').dataset.step === '28'")
    assert strict_page.evaluate(VIOLATIONS) == []

    strict_page.goto(site_server.url + "sandbox/druzbart.html")
    strict_page.wait_for_selector('.oldtricks-sandbox[data-ready="ready"]', timeout=READY_MS)
    strict_page.locator('[data-action="advance"]').click()  # West leads: the engine plays him
    strict_page.wait_for_selector(".ot-sb-play:not([aria-busy]) >> text=South is to play")
    strict_page.locator(".ot-sb-widget button.ot-card.ot-legal").first.click()
    strict_page.wait_for_selector(".ot-sb-play:not([aria-busy])")
    assert int(strict_page.locator(".ot-sb-widget").get_attribute("data-step")) >= 4  # South played (and the bots on)
    strict_page.locator('[data-action="sb-copy-link"]').click()
    strict_page.locator('.ot-sb-widget [data-role="link-field"]').wait_for()
    assert strict_page.evaluate(VIOLATIONS) == []


def test_an_inline_script_the_build_did_not_write_is_refused(
    strict_page: Any, site_server: SiteServer, guard: Guard
) -> None:
    guard.allow_console(r"Content Security Policy")
    strict_page.goto(site_server.url + "index.html")
    strict_page.evaluate("""() => {
      const s = document.createElement("script");
      s.textContent = "window.__ran = true";
      document.body.appendChild(s);
      const img = document.createElement("img");
      img.setAttribute("onerror", "window.__ran = true");
      img.src = "data:image/png;base64,AAAA";  // not an image: its onerror would run
      document.body.appendChild(img);
    }""")
    strict_page.wait_for_function("() => window.__csp.length >= 2")
    assert strict_page.evaluate("() => window.__ran") is None
    assert all(v.startswith("script-src") for v in strict_page.evaluate(VIOLATIONS))
