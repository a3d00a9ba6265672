"""The live-engine plumbing in a real browser: Pyodide in a module worker, the engine wheel, live.js.

Serves a minimal page generated into a temporary folder, next to the real runtime (copied by
``copy_runtime`` from node_modules), the real ``live.js``/``worker.js`` and the real engine wheel
(``OLDTRICKS_WHEEL``, else built from the repository), under a sub-path of a local server.
"""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

REPO = Path(__file__).resolve().parents[2]
STATIC = REPO / "site" / "oldtricks_sphinx" / "static" / "oldtricks"
READY_TIMEOUT_MS = 120_000

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>oldtricks runtime test</title>{meta}
<link rel="icon" href="data:,"></head>
<body>
<button type="button" data-action="go-live">Go live</button>
<script type="module">
import {{ getEngine }} from "../_static/oldtricks/live.js";
const t0 = performance.now();
window.t = {{ progress: [], getEngine }};
document.querySelector('[data-action="go-live"]').addEventListener("click", async () => {{
  try {{
    window.t.engine = await getEngine({{ onProgress: (f, label) => window.t.progress.push([f, label]) }});
    window.t.readyMs = performance.now() - t0;
    document.documentElement.dataset.ready = "live";
  }} catch (err) {{
    window.t.error = String(err && err.message);
    document.documentElement.dataset.ready = "error";
  }}
}});
</script>
</body></html>
"""


def _wheel(runtime: ModuleType, tmp: Path) -> Path:
    given = os.environ.get("OLDTRICKS_WHEEL")
    if given:
        return Path(given)
    try:
        return Path(runtime.build_wheel(tmp))
    except RuntimeError as exc:
        pytest.fail(f"cannot build the engine wheel: {exc}", pytrace=False)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # The runtime itself, request by request: the service worker that keeps it for the next page
    # (and fetches what it keeps) is tested on its own, in test_offline.py.
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="module")
def runtime_site(tmp_path_factory: pytest.TempPathFactory, site_runtime: ModuleType) -> dict[str, Any]:
    wheel = _wheel(site_runtime, tmp_path_factory.mktemp("wheel"))
    with zipfile.ZipFile(wheel) as archive:
        if "oldtricks/live/api.py" not in archive.namelist():
            pytest.fail(f"{wheel.name} has no oldtricks/live/api.py (the engine's live module)", pytrace=False)
    root = tmp_path_factory.mktemp("site")
    (root / "_static" / "oldtricks").mkdir(parents=True)
    # the sources, unbundled, and the modules live.js and worker.js import
    for name in ("live.js", "words.js", "worker.js", "operations.js", "snapshot.js"):
        shutil.copyfile(STATIC / name, root / "_static" / "oldtricks" / name)
    site_runtime.copy_runtime(root, REPO / "node_modules", wheel)
    pages = root / "page"
    pages.mkdir()
    (pages / "index.html").write_text(PAGE.format(meta=""), encoding="utf-8")
    meta = (
        '\n<meta name="oldtricks-runtime" content="../_static/pyodide/">'
        f'\n<meta name="oldtricks-wheel" content="../_static/wheels/{wheel.name}">'
    )
    (pages / "meta.html").write_text(PAGE.format(meta=meta), encoding="utf-8")
    broken = (
        '\n<meta name="oldtricks-runtime" content="../_static/pyodide/">'
        '\n<meta name="oldtricks-wheel" content="../_static/wheels/missing-0.0.0-py3-none-any.whl">'
    )
    (pages / "broken.html").write_text(PAGE.format(meta=broken), encoding="utf-8")
    pinned = json.loads((REPO / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    return {"root": root, "wheel": wheel, "pyodide": pinned}


@pytest.fixture(scope="module")
def server(runtime_site: dict[str, Any], serve_dir: Callable[[Path], Any]) -> Any:
    return serve_dir(runtime_site["root"])


def go_live(page: Any, server: Any, guard: Any, name: str) -> str:
    guard.origin = server.origin
    page.goto(server.url + f"page/{name}")
    page.click('[data-action="go-live"]')
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return str(page.get_attribute("html", "data-ready"))


SETTLE = """async ([op, args]) => {
  try { return { resolved: true, value: await window.t.engine.call(op, args) }; }
  catch (err) { return { resolved: false, error: String(err.message), traceback: err.traceback ?? null }; }
}"""


def test_engine_loads_in_worker_and_answers(
    live_page: Any, server: Any, guard: Any, runtime_site: dict[str, Any], site_runtime: ModuleType
) -> None:
    start = len(server.log)
    assert go_live(live_page, server, guard, "index.html") == "live", live_page.evaluate("window.t.error")

    info = live_page.evaluate("window.t.engine.info")
    assert info["python"].startswith("3.14."), info
    assert info["pyodide"] == runtime_site["pyodide"], info
    assert info["engine"] == runtime_site["wheel"].name.split("-")[1], info

    progress = live_page.evaluate("window.t.progress")
    fractions = [fraction for fraction, _ in progress]
    assert fractions == sorted(fractions), progress
    assert fractions[-1] == 1, progress
    labels = {label for _, label in progress}
    assert {"Downloading the Python runtime", "Installing the engine", "Ready"} <= labels, labels
    assert any(0 < f < 0.8 for f in fractions), f"no streamed download progress: {progress}"

    # Python answers through the worker; an exception comes back as a message, not a dead worker.
    version = live_page.evaluate(SETTLE, ["version", "{}"])
    assert version["resolved"], version
    unknown = live_page.evaluate(SETTLE, ["__oldtricks_no_such_op__", {}])
    assert unknown["resolved"] or unknown["error"], unknown
    opened = live_page.evaluate("window.t.engine.open('t1', {game: '__no_such_game__'}, {})")
    assert opened["ok"] is False, opened
    assert opened["error"], opened
    assert live_page.evaluate(SETTLE, ["version", "{}"]) == version, "engine changed after errors"

    # One engine per page: getEngine() is memoised.
    assert live_page.evaluate("(async () => (await window.t.getEngine()) === window.t.engine)()")

    served = server.log[start:]
    paths = [path for _, path, _, _ in served]
    assert all(path.startswith(server.prefix) for path in paths), paths
    assert all(status == 200 for _, _, status, _ in served), served
    for name in (*site_runtime.RUNTIME_FILES, runtime_site["wheel"].name, "runtime.json"):
        assert sum(path.endswith("/" + name) for path in paths) == 1, (name, paths)
    assert sum(path.endswith("/worker.js") for path in paths) == 1, paths
    print(f"\nlive in {live_page.evaluate('window.t.readyMs'):.0f} ms, {sum(b for *_, b in served)} bytes")


def test_meta_tags_override_the_manifest(live_page: Any, server: Any, guard: Any) -> None:
    start = len(server.log)
    assert go_live(live_page, server, guard, "meta.html") == "live", live_page.evaluate("window.t.error")
    paths = [path for _, path, _, _ in server.log[start:]]
    assert not [path for path in paths if path.endswith("/runtime.json")], paths
    progress = live_page.evaluate("window.t.progress")
    assert progress[-1] == [1, "Ready"], progress


def test_missing_wheel_rejects_and_can_retry(live_page: Any, server: Any, guard: Any) -> None:
    guard.allow_console(r"404")  # the browser logs the failed wheel download
    assert go_live(live_page, server, guard, "broken.html") == "error"
    error = live_page.evaluate("window.t.error")
    assert "404" in error, error
    assert "missing-0.0.0" in error, error
    # The failed engine is forgotten: a new getEngine() starts again (and fails the same way).
    again = live_page.evaluate("window.t.getEngine().then(() => 'live', (err) => String(err.message))")
    assert "404" in again, again


def test_guard_catches_other_hosts_and_errors(live_page: Any, server: Any, guard: Any) -> None:
    """The guard itself: requests elsewhere (page or worker) are aborted and reported, and so are
    console errors and uncaught exceptions. Nothing leaves the machine: the requests are aborted."""
    guard.origin = server.origin
    live_page.goto(server.url + "page/index.html")
    live_page.evaluate("fetch('http://example.invalid/page.js').catch(() => {})")
    live_page.evaluate(
        """new Promise((resolve) => {
          const src = "fetch('http://example.invalid/worker.js')"
            + ".catch(() => {}).finally(() => postMessage(1))";
          const worker = new Worker(URL.createObjectURL(new Blob([src], {type: "text/javascript"})));
          worker.onmessage = resolve;
        })"""
    )
    live_page.evaluate("console.error('deliberate console error')")
    live_page.evaluate("setTimeout(() => { throw new Error('deliberate uncaught error'); })")
    live_page.wait_for_timeout(300)
    seen = "\n".join(guard.problems)
    assert "request to another host: GET http://example.invalid/page.js" in seen, seen
    assert "request to another host: GET http://example.invalid/worker.js" in seen, seen
    assert "deliberate console error" in seen, seen
    assert "page error: deliberate uncaught error" in seen, seen
    guard.problems.clear()  # expected here; any other test would fail on them at teardown
