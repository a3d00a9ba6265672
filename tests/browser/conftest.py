"""Browser-test infrastructure: Debian's Chromium, a local static server under a sub-path, guards.

Fixtures:
- ``browser_type_launch_args`` (pytest-playwright override): /usr/bin/chromium + offline-friendly args.
- ``serve_dir``: factory ``serve_dir(root) -> SiteServer`` serving a folder over http.server on
  127.0.0.1 (ephemeral port) under ``/sub/oldtricks/``, to prove that every URL is relative.
- ``site_server``: the built site (``build/site``, or env ``OLDTRICKS_SITE``) served that way.
- ``guard``: collects requests to any other origin (aborted in tests marked ``keeping``, which route
  every request; seen as they go elsewhere, with the browser's HTTP cache on), console errors and page errors;
  the test fails at teardown if any were seen. ``guard.allow_console(regex)`` lets a test
  expect a given console error.
- ``live_page``: pytest-playwright's ``page`` with ``guard`` attached; screenshot saved to
  ``test-artifacts/`` (env ``OLDTRICKS_ARTIFACTS``) when the test fails. ``guard.attach(page)``
  watches a further page of the same context.
- ``sample_site``: a small project built with the Sphinx extension into a temporary folder (a
  hostile scenario, ``:step:`` and ``:viewer:``), served like the site.

Helpers: ``site_pages(root)`` (every built page), ``sample_pages(root)`` (every page but one embed
page per game and one text page), ``embedded(html)`` (each viewer's data, unpacked
as widget.js does), ``wait_mounted(page)``, ``open_folds(page)`` (a rules page's folded examples shown).
"""

from __future__ import annotations

import http.server
import importlib.util
import json
import os
import re
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import keptsnapshot
import pytest
from keptsnapshot import Kept

from oldtricks.framepack import read_page

REPO = Path(__file__).resolve().parents[2]
SUB_PATH = "/sub/oldtricks/"

if importlib.util.find_spec("playwright") is None or importlib.util.find_spec("pytest_playwright") is None:
    # Without the `browser` dependency group (e.g. the plain test session) these tests are not collected.
    collect_ignore_glob = ["test_*.py"]


sys.path.insert(0, str(REPO / "site"))  # the runtime build (site/oldtricks_runtime), which imports no Sphinx
from oldtricks_runtime import devserver, runtime  # noqa: E402 (once site/ is on the path)

CHROMIUM = Path(devserver.CHROMIUM)
CHROMIUM_ARGS = devserver.CHROMIUM_ARGS
# The tests' browser compiles the engine's WebAssembly (Pyodide, 9.6 MB) with V8's baseline compiler
# alone, as it does first anyway, and not a second time with the optimising one while a page is live:
# the same code, without that background work (per live start some 2 CPU-seconds of the 4.5 of a fresh
# one; a live-heavy share of the tests ran 8% faster, the engine's own work in them no slower). The
# benchmarks run with Chromium's defaults (bench/browser_bench.py).
TEST_ONLY_ARGS = ["--js-flags=--liftoff-only"]


@pytest.fixture(scope="session")
def site_runtime() -> ModuleType:
    """site/oldtricks_runtime/runtime.py (copy_runtime, build_wheel, RUNTIME_FILES)."""
    return runtime


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first (stable order otherwise): started last, one of them would keep one worker
    busy for a minute while the other has nothing left to do."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(scope="session")
def base_url(pytestconfig: pytest.Config) -> str | None:
    # Replaces pytest-playwright 0.10's fallback, a fixture defined as a plugin-class method, which
    # pytest >= 9.1 reports with a PytestRemovedIn10Warning (an error under filterwarnings=error).
    return pytestconfig.getoption("--base-url", None) or None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: browser tests use Debian's Chromium "
            "(`apt-get install -y chromium`, or run them with `nox -s browser`, which installs it as root)."
        )
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": [*CHROMIUM_ARGS, *TEST_ONLY_ARGS]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # Every page carries a Content-Security-Policy without 'unsafe-eval' (site/oldtricks_sphinx/csp.py),
    # and Playwright polls a string predicate (page.wait_for_function("expr")) by eval-ing it in the page.
    # The `page` fixture's context therefore bypasses the policy; test_csp.py checks the policy itself
    # in contexts of its own (browser.new_context() does not bypass it), and so does any test that
    # opens one. Predicates written as functions ("() => ...") work either way.
    #
    # A browser that keeps nothing of the site but the engine's memory snapshot: no service worker keeps
    # the runtime and the pages (as where they are off: the site goes live the same way). The snapshot is
    # made once per run and put into each context by live_page (keptsnapshot.py): a live start then costs
    # a quarter of a fresh one. No second snapshot is made in the background (NO_SNAPSHOT). The tests of
    # the first start are marked ``first_visit``; those of keeping, ``keeping`` (test_offline.py, which
    # allows service workers, and test_snapshot.py).
    return {**browser_context_args, "bypass_csp": True, "service_workers": "block"}


@dataclass
class SiteServer:
    root: Path
    prefix: str  # /sub/oldtricks/
    url: str  # http://127.0.0.1:PORT/sub/oldtricks/
    origin: str  # http://127.0.0.1:PORT
    log: list[tuple[str, str, int, int]]  # (method, path, status, body bytes), in order served
    # files the tests' own pages fetch (the kept snapshot), by path under the prefix: served, not logged
    private: dict[str, Path] = field(default_factory=dict)

    def requested(self, suffix: str) -> list[tuple[str, str, int, int]]:
        return [entry for entry in self.log if entry[1].split("?")[0].endswith(suffix)]


class _TestHandler:
    """The site server's handler, also answering ``private`` paths (not logged: the site asks for none)."""

    private: dict[str, Path]
    prefix: str

    def translate_path(self, path: str) -> str:
        file = self.private.get(path.split("?")[0].removeprefix(self.prefix))
        return str(file) if file else super().translate_path(path)  # type: ignore[misc]

    def do_GET(self) -> None:
        if self.path.split("?")[0].removeprefix(self.prefix) in self.private:
            self._status, self._bytes = 0, 0
            http.server.SimpleHTTPRequestHandler.do_GET(self)  # type: ignore[arg-type]
        else:
            super().do_GET()  # type: ignore[misc]


@pytest.fixture(scope="session")
def serve_dir() -> Iterator[Callable[[Path], SiteServer]]:
    servers: list[Any] = []

    def serve(root: Path) -> SiteServer:
        server = devserver.make_server(Path(root), SUB_PATH)
        # TCP_NODELAY, as production servers set it: else Nagle's algorithm holds the body of many
        # responses until the browser's delayed ACK, some 40 ms each (bench/browser_bench.py)
        server.RequestHandlerClass = type(
            "TestHandler", (_TestHandler, server.RequestHandlerClass), {"disable_nagle_algorithm": True, "private": {}}
        )
        threading.Thread(target=server.serve_forever, name=f"serve {root}", daemon=True).start()
        servers.append(server)
        host, port = server.server_address[:2]
        private = server.RequestHandlerClass.private
        return SiteServer(Path(root), SUB_PATH, server.url, f"http://{host}:{port}", server.log, private)

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


def built_site() -> Path:
    """The built site the tests run on: env OLDTRICKS_SITE, else build/site."""
    return Path(os.environ.get("OLDTRICKS_SITE", REPO / "build" / "site"))


@pytest.fixture(scope="session")
def site_server(serve_dir: Callable[[Path], SiteServer]) -> SiteServer:
    root = built_site()
    if not (root / "index.html").is_file():
        pytest.fail(f"no built site at {root} (set OLDTRICKS_SITE, or run `nox -s site` first)")
    return serve_dir(root)


@pytest.fixture(scope="session")
def kept_snapshot(browser: Any, site_server: SiteServer, tmp_path_factory: pytest.TempPathFactory) -> Kept:
    """The engine's memory snapshot of this run (keptsnapshot.py), served to the tests' pages at SEED_PATH."""
    # this run's folder: under xdist, the parent of every worker's own (pytest-N/popen-gwK)
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    kept = keptsnapshot.make_or_load(browser, site_server.url, site_server.origin, shared)
    site_server.private[keptsnapshot.SEED_PATH] = kept.data
    return kept


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    path = Path(os.environ.get("OLDTRICKS_ARTIFACTS", REPO / "test-artifacts"))
    path.mkdir(parents=True, exist_ok=True)
    return path


# The engine's memory snapshot is made by a second worker once the page has been live two seconds
# (live.js makeSnapshot) after a start that found none kept: a second start of Python, in the background
# of the test. Outside the tests marked `keeping` (test_snapshot.py, test_offline.py) that worker is an
# inert stand-in: the run's snapshot is made once (keptsnapshot.py), or none is wanted (`first_visit`).
NO_SNAPSHOT = """(() => {
  const Real = window.Worker;
  if (!Real) return;
  window.Worker = function (url, options) {
    if (options && options.name === "oldtricks-snapshot") {
      return {addEventListener() {}, removeEventListener() {}, postMessage() {}, terminate() {}};
    }
    return new Real(url, options);
  };
})()"""


@dataclass
class Guard:
    origin: str | None = None
    problems: list[str] = field(default_factory=list)
    allowed_console: list[re.Pattern[str]] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    keeping: bool = False  # the engine's memory snapshot made and kept, every request routed (`keeping`)

    def allow_console(self, pattern: str) -> None:
        self.allowed_console.append(re.compile(pattern))

    def on_console(self, message: Any) -> None:
        text = f"{message.type}: {message.text}"
        self.console.append(text)
        if message.type == "error" and not any(p.search(message.text) for p in self.allowed_console):
            self.problems.append(f"console {text} (at {message.location.get('url', '?')})")

    def attach(self, page: Any) -> Any:
        """Watch another page of the guarded context (the route already covers its requests)."""
        page.on("console", self.on_console)
        page.on("pageerror", self.on_page_error)
        return page

    def on_page_error(self, error: Any) -> None:
        self.problems.append(f"page error: {error}")

    def on_route(self, route: Any) -> None:
        url = route.request.url
        if self.local(url):
            route.continue_()
        else:
            self.problems.append(f"request to another host: {route.request.method} {url}")
            route.abort("blockedbyclient")

    def local(self, url: str) -> bool:
        return url.startswith(("data:", "blob:")) or bool(self.origin and url.startswith(self.origin + "/"))

    def on_request(self, request: Any) -> None:
        """Watching without routing (which turns the browser's HTTP cache off, as no reader has it):
        a request to another host is reported, not aborted (the machine reaches none anyway)."""
        if not self.local(request.url):
            self.problems.append(f"request to another host: {request.method} {request.url}")

    def check(self) -> None:
        if self.problems:
            pytest.fail("browser guard:\n  " + "\n  ".join(self.problems), pytrace=False)


@pytest.fixture
def guard() -> Guard:
    return Guard()


@pytest.fixture
def live_page(page: Any, guard: Guard, artifacts_dir: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page that may only talk to the local test server (``guard.origin``, set by the test or by
    ``site_server``); console errors and page errors fail the test."""
    guard.keeping = request.node.get_closest_marker("keeping") is not None
    if guard.origin is None and "site_server" in request.fixturenames:
        guard.origin = request.getfixturevalue("site_server").origin
    if guard.keeping:
        page.context.route("**/*", guard.on_route)  # also sees the workers' requests, and aborts
    else:
        page.context.on("request", guard.on_request)  # the workers' requests too
        page.context.add_init_script(NO_SNAPSHOT)
        if request.node.get_closest_marker("first_visit") is None and "site_server" in request.fixturenames:
            # a browser that has been live on the site before: the engine starts from its snapshot
            server, kept = request.getfixturevalue("site_server"), request.getfixturevalue("kept_snapshot")
            seed = keptsnapshot.seed_script(kept, server.origin, server.url + keptsnapshot.SEED_PATH)
            page.context.add_init_script(seed)
    guard.attach(page)  # console messages (the workers' too) and uncaught errors
    yield page
    report = getattr(request.node, "report_call", None)
    if report is None or report.failed or guard.problems:
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)
        try:
            page.screenshot(path=str(artifacts_dir / f"{name}.png"), full_page=True)
        except Exception as exc:  # the page may be gone; the failure itself matters more
            guard.problems.append(f"(no screenshot: {exc})")
    if guard.origin is None:
        guard.problems.append("guard.origin was never set: no request could be allowed")
    guard.check()


# ---- the sweeps: every step of every viewer ------------------------------------------------------
# A few tests walk every step of every viewer (the table's fit at three widths, the step controls at a
# phone's width) or check every viewer at several of its steps (target sizes): some 4,200 steps, each
# drawn and measured, which is most of the browser tests' time. The README's test command (`nox -t
# check`) walks a share of them, the same share every run (SWEEP_SHARE: one viewer in three, the one
# with the most steps of each game among them); `nox -s sweep` walks all of them (env
# OLDTRICKS_SWEEP=full). A share is chosen by the viewers' ids alone, so a failure seen in one run is
# seen again in the next.
SWEEP_SHARE = 3


def sweeping_all() -> bool:
    """Whether this run walks every viewer (``nox -s sweep``) or the share of the README's test command."""
    return os.environ.get("OLDTRICKS_SWEEP", "share") == "full"


def sweep_share(steps: dict[str, int]) -> list[str]:
    """The viewers (ids, with their number of steps) this run walks: all of them in a full sweep, else
    every SWEEP_SHARE-th by number of steps, the longest first (ties by id), so that the share holds the
    longest walk and walks of every length."""
    ranked = sorted(steps, key=lambda sid: (-steps[sid], sid))
    return ranked if sweeping_all() else ranked[::SWEEP_SHARE]


# ---- the built pages and their viewers ------------------------------------------------------------
EDITIONS = ("de", "pl")  # the editions' folders beside the English pages (docs/locales/<lang>/pages.toml)


def site_pages(root: Path) -> list[str]:
    """Every HTML page of a built site, as paths relative to its root; of each edition (``de/``, ``pl/``),
    the same markup in other words, its front page, its first translated page and a page not yet
    translated (the notice) stand for it."""
    pages = sorted(
        p.relative_to(root).as_posix()
        for p in root.rglob("*.html")
        if not {"_static", "_sources"} & set(p.relative_to(root).parts)
    )
    english = [p for p in pages if p.split("/")[0] not in EDITIONS]
    return english + [p for language in EDITIONS for p in _edition_sample(root, language, english)]


def edition_of(page: str) -> str:
    """The edition a built page belongs to: its folder's language (``de/…``, ``pl/…``), else English.
    A scenario's viewer has other frames in each edition (the engine writes in its language)."""
    folder = page.split("/")[0]
    return folder if folder in EDITIONS else "en"


def _edition_sample(root: Path, language: str, english: list[str]) -> list[str]:
    import tomllib

    listing = REPO / "docs" / "locales" / language / "pages.toml"
    listed = tomllib.loads(listing.read_text(encoding="utf-8")).get("pages", []) if listing.is_file() else []
    docs = [p for p in english if p.split("/")[0] not in ("embed", "text", "numbers") and p != "search.html"]
    missing = [p for p in docs if p.removesuffix(".html") not in listed]
    sample = ["index.html", *(f"{page}.html" for page in listed[:1]), *missing[:1]]
    return [f"{language}/{p}" for p in dict.fromkeys(sample) if (root / language / p).is_file()]


def sample_pages(root: Path) -> list[str]:
    """Every page but the embed pages and the text pages, the first embed page of each game and the first
    text page. The embed pages share one template and hold one viewer each; every viewer they hold is
    also on its game's rules page. The text pages share another, and hold those viewers' text forms."""
    pages = site_pages(root)
    first: dict[str, str] = {}
    for page in pages:
        parts = page.split("/")
        if parts[0] == "embed":
            first.setdefault(parts[1], page)
        elif parts[0] == "text":
            first.setdefault("text/", page)
    return [p for p in pages if p.split("/")[0] not in ("embed", "text")] + sorted(first.values())


PAGE_BLOCK = re.compile(r'<script type="application/json" id="oldtricks-page">(.*?)</script>', re.S)


def embedded(html: str, root: Path | None = None) -> dict[str, dict[str, Any]]:
    """Each viewer's data by scenario id, as static/oldtricks/widget.js reads it (oldtricks.framepack):
    the page's block and, for a page whose later viewers are apart, their file in the site at ``root``
    (the built site by default; the file is named by its content, so its name finds it)."""
    shared = PAGE_BLOCK.search(html)
    if not shared:
        return {}
    block = json.loads(shared.group(1))
    more = None
    if "more" in block:
        site = root or built_site()
        name = Path(block["more"]).name  # in the English site's static files, or in an edition's (de/, pl/)
        [path, *_] = [p for p in (site, *sorted(site.iterdir())) if (p / "_static/oldtricks/frames" / name).is_file()]
        more = json.loads((path / "_static/oldtricks/frames" / name).read_text(encoding="utf-8"))
    return read_page(block, more)


MOUNTED = """() => {
  const roots = [...document.querySelectorAll(".oldtricks-widget")];
  return roots.every((el) => el.dataset.ready === "static" || el.dataset.ready === "live"
    || el.dataset.ready === "error");
}"""

# The page's first pass is over (widget.js marks <html data-ot-settled>), and every viewer has started,
# failed, or waits to come near the screen.
SETTLED = """() => {
  const roots = [...document.querySelectorAll(".oldtricks-widget")];
  return !roots.length || (document.documentElement.hasAttribute("data-ot-settled") && roots.every((el) =>
    ["static", "live", "error", "pending"].includes(el.dataset.ready)));
}"""

# What a reader scrolling down the page and opening everything does: each viewer still waiting to come
# near the screen is brought into view (its fold and its tab opened, if they are closed) until it is
# drawn; each fold is then closed again and each tab group put back on the tab it showed, and the focus
# where it was; then the page goes back to where it was: the element the link names (or the one in the
# middle of the window) where it was in the window, though viewers above it grew.
SCROLL_THROUGH = """async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const waiting = [...document.querySelectorAll('.oldtricks-widget[data-ready="pending"]')];
  if (!waiting.length) return;
  let named = null;
  try { named = decodeURIComponent(location.hash.slice(1)); } catch (e) { named = location.hash.slice(1); }
  const at = named.lastIndexOf("@");
  const viewer = at >= 0 ? named.slice(0, at) : named;
  const anchor = (named && (document.getElementById(named) || document.getElementById(viewer)))
    || document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2) || document.body;
  const top = anchor.getBoundingClientRect().top;
  const focused = document.activeElement;  // a tab changed hides what had the focus: it is given back
  const shown = new Map();  // a tab group -> its tab selected before: a viewer in a closed tab is opened
  const opened = new Set();  // the folds opened here, closed again at the end
  for (const root of waiting) {
    const fold = root.closest("[data-ot-fold]");
    const toggle = fold && fold.querySelector(':scope > .ot-fold-toggle[aria-expanded="false"]');
    if (toggle) { toggle.click(); opened.add(toggle); }
    const panel = root.closest(".ot-tabpanel[hidden]");
    if (panel) {
      const group = panel.closest("[data-ot-tabs]");
      if (!shown.has(group)) shown.set(group, group.querySelector(':scope > .ot-tablist > [aria-selected="true"]'));
      document.getElementById(panel.id + "-tab").click();
    }
    root.scrollIntoView({block: "center", behavior: "instant"});
    for (let i = 0; i < 300 && root.dataset.ready === "pending"; i++) await frame();
  }
  for (const tab of shown.values()) if (tab) tab.click();
  for (const toggle of opened) toggle.click();
  const moved = shown.size || opened.size;
  if (moved && focused && focused !== document.activeElement) focused.focus({preventScroll: true});
  await frame();
  window.scrollBy({top: anchor.getBoundingClientRect().top - top, behavior: "instant"});
  await frame();
}"""


# The viewer the address names (`#id@step`, `#id`), or null: the one a test opened the page on.
NAMED_VIEWER = """() => {
  let named = location.hash.slice(1);
  try { named = decodeURIComponent(named); } catch (e) { /* left as written */ }
  const at = named.lastIndexOf("@");
  const el = named && (document.getElementById(at >= 0 ? named.slice(0, at) : named) || document.getElementById(named));
  return el && el.classList.contains("oldtricks-widget") ? el.id : null;
}"""

# The named viewer started (or failed to); brought into view first if it still waits to come near.
NAMED_READY = """async (sid) => {
  const root = document.getElementById(sid);
  if (root.dataset.ready === "pending") root.scrollIntoView({block: "center", behavior: "instant"});
  for (let i = 0; i < 600 && !["static", "live", "error"].includes(root.dataset.ready); i++) {
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }
  return root.dataset.ready;
}"""


def wait_mounted(page: Any, timeout: float = 15_000, everything: bool | None = None) -> None:
    """Until the page's viewers near the screen have started (or failed to); with ``everything``, the
    others too, each scrolled to as a reader would, the page then put back where it was. By default
    everything unless the address names a viewer: then that one (drawing a rules page's thirty viewers
    costs a test seconds it does not use; a test that uses another viewer says ``everything=True``)."""
    page.wait_for_function(SETTLED, timeout=timeout)
    if everything is None:
        named = page.evaluate(NAMED_VIEWER)
        if named:
            state = page.evaluate(NAMED_READY, named)
            assert state in ("static", "live", "error"), f"the viewer {named} the address names is {state}"
            return
        everything = True
    if everything:
        page.evaluate(SCROLL_THROUGH)
        page.wait_for_function(MOUNTED, timeout=timeout)


# A rules page's examples wait in folds (folds.py, tabs.js): a closed fold's button opens it.
OPEN_FOLDS = """(sid) => {
  const folds = sid ? [document.getElementById(sid).closest("[data-ot-fold]")].filter(Boolean)
    : [...document.querySelectorAll("[data-ot-fold]")];
  let opened = 0;
  for (const fold of folds) {
    const toggle = fold.querySelector(':scope > .ot-fold-toggle[aria-expanded="false"]');
    if (toggle) { toggle.click(); opened++; }
  }
  return opened;
}"""


def open_folds(page: Any, sid: str | None = None) -> int:
    """Open every closed fold of the page (or only the one that holds viewer ``sid``), as a reader
    clicking each "Watch" line; the number opened."""
    return int(page.evaluate(OPEN_FOLDS, sid))


# What a reader does to see one viewer: its fold opened, the tab of each tab panel it stands in chosen
# (outermost first), the viewer scrolled to; then it is drawn.
REVEAL = """async (sid) => {
  const root = document.getElementById(sid);
  const toggle = root.closest("[data-ot-fold]")?.querySelector(':scope > .ot-fold-toggle[aria-expanded="false"]');
  if (toggle) toggle.click();
  const panels = [];
  for (let p = root.closest(".ot-tabpanel"); p; p = p.parentElement.closest(".ot-tabpanel")) panels.unshift(p);
  for (const p of panels) if (p.hidden) document.getElementById(p.id + "-tab").click();
  root.scrollIntoView({block: "center", behavior: "instant"});
  for (let i = 0; i < 600 && root.dataset.ready === "pending"; i++) {
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }
  return root.dataset.ready;
}"""


def reveal(page: Any, sid: str) -> str:
    """Show viewer ``sid`` as a reader would (fold, tab, scroll) and wait until it is drawn; its state."""
    return str(page.evaluate(REVEAL, sid))


def widget(page: Any, sid: str) -> Any:
    """The viewer of scenario ``sid`` on the page."""
    return page.locator(f'.oldtricks-widget[id="{sid}"]')


# The page's own widget module: imported by the URL its script tag names, it is the same module
# instance, whose `widgets` map holds the mounted viewers.
FRAMES_SHOWN = """async (sid) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  return (await import(src)).widgets.get(sid).frames;
}"""


def frames_shown(page: Any, sid: str) -> list[dict[str, Any]]:
    """The frames the mounted viewer shows."""
    return list(page.evaluate(FRAMES_SHOWN, sid))


# ---- a small sample project built with the extension ----------------------------------------------
SAMPLE_CONF = """\
import sys
sys.path[:0] = [{engine!r}, {site!r}]
extensions = ["myst_parser", "oldtricks_sphinx"]
html_theme = "furo"
html_favicon = {favicon!r}
oldtricks_scenarios = {scenarios!r}
oldtricks_copy_runtime = False
# The viewers' data as plain JSON, so that the widget's reading of it is tested in this form too
# (the real site packs it).
oldtricks_pack_frames = False
"""
# A note that would run script if it were ever inserted as markup.
HOSTILE = '<img src=x onerror="window.__pwned = 1"> <b>bold</b> & <script>window.__pwned = 2</script>'


def _hostile_scenario(basics: str) -> str:
    text = basics.replace('title = "', f'title = "{HOSTILE.replace(chr(34), chr(92) + chr(34))} ', 1)
    return re.sub(r'(?m)^note = "[^"\n]*"', f"note = {json.dumps(HOSTILE)}", text, count=2)


SAMPLE_PAGES = {
    "index.md": """\
        # Sample

        ```{toctree}
        play
        ```
        """,
    "play.md": """\
        # Play

        Opened by the author at step 3, as North sees it:

        ```{scenario} sample/opened
        :step: 3
        :viewer: north
        ```

        A note written as markup:

        ```{scenario} sample/hostile
        ```
        """,
}


@pytest.fixture(scope="session")
def sample_site(tmp_path_factory: pytest.TempPathFactory, serve_dir: Callable[[Path], SiteServer]) -> SiteServer:
    """docs built from SAMPLE_PAGES with the real extension (sphinx-build -W), its viewers' data unpacked,
    served under the sub-path."""
    root = tmp_path_factory.mktemp("sample")
    scenarios, src, out = root / "scenarios", root / "src", root / "out"
    (scenarios / "sample").mkdir(parents=True)
    basics = (REPO / "scenarios" / "bettelmann" / "basics.toml").read_text(encoding="utf-8")
    (scenarios / "sample" / "opened.toml").write_text(basics, encoding="utf-8")
    (scenarios / "sample" / "hostile.toml").write_text(_hostile_scenario(basics), encoding="utf-8")
    src.mkdir()
    (src / "conf.py").write_text(
        SAMPLE_CONF.format(
            engine=str(REPO / "engine"),
            site=str(REPO / "site"),
            scenarios=str(scenarios),
            favicon=str(REPO / "docs" / "_static" / "favicon.svg"),
        ),
        encoding="utf-8",
    )
    for name, text in SAMPLE_PAGES.items():
        (src / name).write_text(textwrap.dedent(text), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-E", "-q", "-b", "html", str(src), str(out)],
        capture_output=True,
        text=True,
        check=False,
        cwd=REPO,
    )
    if proc.returncode != 0:
        pytest.fail(f"the sample project did not build:\n{proc.stdout}{proc.stderr}", pytrace=False)
    return serve_dir(out)
