"""Fixtures for the Sphinx extension tests: small sample projects built with ``sphinx.testing``
(they publish the widget's sources as they are, unless a test asks for ``oldtricks_bundle``), and one
full ``-W`` build of the real ``docs/`` (its widget files bundled by esbuild, as the site's are)
shared by the tests that inspect it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
for folder in (REPO / "engine", REPO / "site"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from sphinx.testing.util import SphinxTestApp  # noqa: E402 (after the engine is importable)

SCENARIOS = REPO / "scenarios"
EDITIONS = ("de", "pl")  # the German and Polish editions' folders in the built site
CONF = """\
import sys
sys.path[:0] = [{engine!r}, {site!r}]
extensions = ["myst_parser", "oldtricks_sphinx"]
oldtricks_scenarios = {scenarios!r}
oldtricks_copy_runtime = False
oldtricks_bundle = False
"""


class _Widgets(HTMLParser):
    """Collects each ``div.oldtricks-widget`` (its attributes) and the text of the page's data block."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.widgets: list[dict[str, Any]] = []
        self.blocks: list[str] = []
        self._in_block = False
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        if tag == "div" and "oldtricks-widget" in (attr.get("class") or "").split():
            self.widgets.append({"attrs": attr})
        elif tag == "script" and attr.get("id") == "oldtricks-page":
            self._in_block, self._text = True, []

    def handle_data(self, data: str) -> None:
        if self._in_block:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._in_block:
            self._in_block = False
            self.blocks.append("".join(self._text))


def found(match: re.Match[str] | None) -> re.Match[str]:
    """A search's match, of a pattern the test expects to find there."""
    assert match is not None
    return match


def frames_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """A widget's frames (``widgets()`` has already unpacked and decoded them)."""
    return list(data["frames"])


def widgets(html: str, root: Path | None = None) -> list[dict[str, Any]]:
    """The widgets of a page: ``{"attrs": {...}, "json": the page block's text, "raw": the page block
    parsed, "data": the viewer's data as the widget reads it}`` (:func:`oldtricks.scenarios.framepack.read_page`)."""
    from oldtricks.scenarios.framepack import read_page

    parser = _Widgets()
    parser.feed(html)
    if not parser.widgets:
        return []
    [block] = parser.blocks  # one block per page, before its first viewer
    assert html.index('id="oldtricks-page"') < html.index('class="oldtricks-widget"')
    raw = json.loads(block)
    more = None
    if "more" in raw:  # the later viewers' data, in a file of its own in the site at root
        assert root is not None, "this page's later viewers are apart: give the built site's folder"
        more = json.loads((root / "_static" / "oldtricks" / "frames" / Path(raw["more"]).name).read_text("utf-8"))
    viewers = read_page(raw, more)
    assert list(viewers) == [w["attrs"]["data-scenario"] for w in parser.widgets]
    for w in parser.widgets:
        w.update(json=block, raw=raw, data=viewers[w["attrs"]["data-scenario"]])
    return parser.widgets


@dataclass
class Built:
    """A finished sample build."""

    app: SphinxTestApp
    src: Path
    warnings: str
    status: int

    @property
    def outdir(self) -> Path:
        return Path(self.app.outdir)

    def html(self, page: str = "index") -> str:
        return (self.outdir / f"{page}.html").read_text(encoding="utf-8")

    def text(self, page: str = "index") -> str:
        return (self.outdir / f"{page}.txt").read_text(encoding="utf-8")

    def widgets(self, page: str = "index") -> list[dict[str, Any]]:
        return widgets(self.html(page), self.outdir)


Builder = Callable[..., Built]


@pytest.fixture
def build(tmp_path: Path) -> Builder:
    """``build(pages, scenarios=..., conf=..., buildername="html", strict=True, parallel=0, fresh=True)``.

    ``pages`` maps a file name (``index.md``, ``sub/page.md``) to its MyST text (dedented).
    ``strict``: warnings make the build fail (``status`` 1), as with ``sphinx-build -W``.
    ``fresh=False``: an incremental build on top of the previous one (pages not given stay as they were).
    """

    def run(
        pages: dict[str, str],
        *,
        scenarios: Path = SCENARIOS,
        conf: dict[str, Any] | None = None,
        buildername: str = "html",
        strict: bool = True,
        parallel: int = 0,
        fresh: bool = True,
    ) -> Built:
        src = tmp_path / "src"
        src.mkdir(exist_ok=True)
        (src / "conf.py").write_text(
            CONF.format(engine=str(REPO / "engine"), site=str(REPO / "site"), scenarios=str(scenarios)),
            encoding="utf-8",
        )
        for name, text in pages.items():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            (src / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
        app = SphinxTestApp(
            buildername,
            srcdir=src,
            builddir=tmp_path / "_build",
            freshenv=fresh,
            confoverrides=conf or {},
            warningiserror=strict,
            parallel=parallel,
        )
        try:
            app.build()
        finally:
            app.cleanup()
        return Built(app, src, app.warning.getvalue() if app.warning else "", app.statuscode)

    return run


def write_scenario(folder: Path, scenario_id: str, text: str) -> Path:
    """Write a scenario file ``<folder>/<id>.toml`` and return its path."""
    path = folder / f"{scenario_id}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    """1-based number of the first line of ``path`` containing ``needle``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


@dataclass
class Site:
    """The real docs/, built once with -W -E (without the Pyodide copy, tested separately)."""

    outdir: Path
    returncode: int
    log: str

    def pages(self) -> dict[str, str]:
        """The English site's pages, without the embed pages (embed/<id>.html repeat a viewer each: see
        test_site_teach.py) and the editions' (de/, pl/: test_site_editions.py)."""
        return {
            p.relative_to(self.outdir).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(self.outdir.rglob("*.html"))
            if "_static" not in p.parts and p.relative_to(self.outdir).parts[0] not in {"embed", *EDITIONS}
        }


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """Env OLDTRICKS_SITE names a build of docs/ that passed (`nox -s docs` builds build/site with -W -E
    first, and the browser tests then use the same build); without it, docs/ is built here."""
    built = os.environ.get("OLDTRICKS_SITE")
    if built:
        if not (Path(built) / "index.html").is_file():
            pytest.fail(f"OLDTRICKS_SITE={built} holds no built site")
        return Site(Path(built), 0, f"the build in {built}")
    out = tmp_path_factory.mktemp("site")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "-E",
            "-q",
            "-b",
            "html",
            str(REPO / "docs"),
            str(out),
            "-d",
            str(out / ".doctrees"),
            "-D",
            "oldtricks_copy_runtime=0",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=REPO,
    )
    return Site(out, proc.returncode, proc.stdout + proc.stderr)


ASSET = re.compile(
    r"<(?:script|img|link|source|iframe|audio|video)\b[^>]*?\b(?:src|href)\s*=\s*[\"']([^\"']*)", re.IGNORECASE
)


def engine_wheel(path: Path) -> Path:
    """A wheel of the engine as hatchling lays it out (the package, a dist-info), from the sources."""
    engine = REPO / "engine" / "oldtricks"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for source in sorted(engine.rglob("*")):
            if source.is_file() and "__pycache__" not in source.parts:
                wheel.write(source, f"oldtricks/{source.relative_to(engine).as_posix()}")
        wheel.write(REPO / "ledger.toml", "oldtricks/ledger.toml")  # pyproject's force-include
        info = "oldtricks-0.1.0.dist-info"
        readme = (REPO / "README.md").read_text(encoding="utf-8")
        wheel.writestr(f"{info}/METADATA", f"Metadata-Version: 2.4\nName: oldtricks\nVersion: 0.1.0\n\n{readme}")
        wheel.writestr(f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\n")
        wheel.writestr(f"{info}/entry_points.txt", "[console_scripts]\noldtricks = oldtricks.cli.main:main\n")
        wheel.writestr(f"{info}/licenses/LICENSE", (REPO / "LICENSE").read_text(encoding="utf-8"))
        wheel.writestr(f"{info}/RECORD", "")
    return path
