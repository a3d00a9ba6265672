"""Browser-test infrastructure: Debian's Chromium, a local static server under a sub-path, guards.

Fixtures:
- ``browser_type_launch_args`` (pytest-playwright override): /usr/bin/chromium + offline-friendly args.
- ``serve_dir``: factory ``serve_dir(root) -> SiteServer`` serving a folder over http.server on
  127.0.0.1 (ephemeral port) under ``/sub/oldtricks/``, to prove that every URL is relative.
- ``site_server``: the built site (``build/site``, or env ``OLDTRICKS_SITE``) served that way.
- ``guard``: collects requests to any other origin (aborted), console errors and page errors;
  the test fails at teardown if any were seen. ``guard.allow_console(regex)`` lets a test
  expect a given console error.
- ``live_page``: pytest-playwright's ``page`` with ``guard`` attached; screenshot saved to
  ``test-artifacts/`` (env ``OLDTRICKS_ARTIFACTS``) when the test fails.
"""

from __future__ import annotations

import importlib.util
import os
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SUB_PATH = "/sub/oldtricks/"

if importlib.util.find_spec("playwright") is None or importlib.util.find_spec("pytest_playwright") is None:
    # Without the `browser` dependency group (e.g. the plain test session) these tests are not collected.
    collect_ignore_glob = ["test_*.py"]


def load_runtime() -> ModuleType:
    """site/oldtricks_sphinx/runtime.py, loaded by path (the package's __init__ may import Sphinx)."""
    path = REPO / "site" / "oldtricks_sphinx" / "runtime.py"
    spec = importlib.util.spec_from_file_location("oldtricks_site_runtime", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


runtime = load_runtime()


@pytest.fixture(scope="session")
def site_runtime() -> ModuleType:
    """site/oldtricks_sphinx/runtime.py (copy_runtime, build_wheel, make_server, RUNTIME_FILES)."""
    return runtime


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


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
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@dataclass
class SiteServer:
    root: Path
    prefix: str  # /sub/oldtricks/
    url: str  # http://127.0.0.1:PORT/sub/oldtricks/
    origin: str  # http://127.0.0.1:PORT
    log: list[tuple[str, str, int, int]]  # (method, path, status, body bytes), in order served

    def requested(self, suffix: str) -> list[tuple[str, str, int, int]]:
        return [entry for entry in self.log if entry[1].split("?")[0].endswith(suffix)]


@pytest.fixture(scope="session")
def serve_dir() -> Iterator[Callable[[Path], SiteServer]]:
    servers: list[Any] = []

    def serve(root: Path) -> SiteServer:
        server = runtime.make_server(Path(root), SUB_PATH)
        threading.Thread(target=server.serve_forever, name=f"serve {root}", daemon=True).start()
        servers.append(server)
        host, port = server.server_address[:2]
        return SiteServer(Path(root), SUB_PATH, server.url, f"http://{host}:{port}", server.log)

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_server(serve_dir: Callable[[Path], SiteServer]) -> SiteServer:
    root = Path(os.environ.get("OLDTRICKS_SITE", REPO / "build" / "site"))
    if not (root / "index.html").is_file():
        pytest.fail(f"no built site at {root} (set OLDTRICKS_SITE, or run `nox -s site` first)")
    return serve_dir(root)


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    path = Path(os.environ.get("OLDTRICKS_ARTIFACTS", REPO / "test-artifacts"))
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass
class Guard:
    origin: str | None = None
    problems: list[str] = field(default_factory=list)
    allowed_console: list[re.Pattern[str]] = field(default_factory=list)
    console: list[str] = field(default_factory=list)

    def allow_console(self, pattern: str) -> None:
        self.allowed_console.append(re.compile(pattern))

    def on_console(self, message: Any) -> None:
        text = f"{message.type}: {message.text}"
        self.console.append(text)
        if message.type == "error" and not any(p.search(message.text) for p in self.allowed_console):
            self.problems.append(f"console {text} (at {message.location.get('url', '?')})")

    def on_page_error(self, error: Any) -> None:
        self.problems.append(f"page error: {error}")

    def on_route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(("data:", "blob:")) or (self.origin and url.startswith(self.origin + "/")):
            route.continue_()
        else:
            self.problems.append(f"request to another host: {route.request.method} {url}")
            route.abort("blockedbyclient")

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
    if guard.origin is None and "site_server" in request.fixturenames:
        guard.origin = request.getfixturevalue("site_server").origin
    page.context.route("**/*", guard.on_route)  # also sees the workers' requests
    page.on("console", guard.on_console)  # also gets the workers' console messages
    page.on("pageerror", guard.on_page_error)
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
