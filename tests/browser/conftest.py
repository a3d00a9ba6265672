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
- ``kept_snapshot``: the engine's memory snapshot of this run, put into every ``live_page``'s context
  but in tests marked ``first_visit`` or ``keeping`` (keptsnapshot.py).

Helpers, imported from here: sitepages.py (``site_pages(root)``, every built page; ``sample_pages(root)``,
the pages that stand for the rest; ``embedded(html)``, each viewer's data, unpacked as widget.js does;
the sweeps' share) and viewers.py (``wait_mounted(page)``, ``open_folds(page)``, ``widget``, ...).
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
from sitepages import (  # noqa: F401 (the tests import these from conftest)
    EDITIONS,
    REPO,
    SWEEP_SHARE,
    built_site,
    edition_of,
    embedded,
    sample_pages,
    site_pages,
    sweep_share,
    sweeping_all,
    translated,
)
from viewers import frames_shown, open_folds, reveal, wait_mounted, widget  # noqa: F401 (as above)

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
    path: str  # the request's, as http.server's handler sets it

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
