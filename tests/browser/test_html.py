"""The Nu HTML Checker (vnu-jar, pinned in package.json; it needs Java) on every built page: no error."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, SiteServer, site_pages

pytestmark = pytest.mark.browser

VNU = REPO / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def check(paths: list[Path]) -> list[dict[str, Any]]:
    """The checker's errors (not its warnings or notes) on these files or folders."""
    java = shutil.which("java")
    if java is None:
        pytest.fail("the Nu HTML Checker needs Java 11 or later (`apt-get install -y default-jre-headless`)")
    if not VNU.is_file():
        pytest.fail(f"{VNU} is missing: run `npm ci` (package.json pins vnu-jar)", pytrace=False)
    proc = subprocess.run(
        [java, "-jar", str(VNU), "--errors-only", "--skip-non-html", "--format", "json", *map(str, paths)],
        capture_output=True,
        text=True,
        check=False,
    )
    messages: list[dict[str, Any]] = json.loads(proc.stderr or proc.stdout or '{"messages": []}')["messages"]
    return [m for m in messages if m.get("type") in {"error", "non-document-error"}]


def test_every_page_is_valid_html(site_server: SiteServer) -> None:
    root = site_server.root
    pages = [root / name for name in site_pages(root)]
    assert len(pages) > 50
    errors = check(pages)
    shown = [f"{m['url'].split('/build/site/')[-1]}:{m.get('lastLine', '?')}: {m['message']}" for m in errors]
    assert not shown, "the Nu HTML Checker found errors:\n" + "\n".join(shown)


def test_the_checker_reports_a_style_element_in_the_body(tmp_path: Path) -> None:
    page = tmp_path / "bad.html"
    page.write_text(
        "<!doctype html><html lang=en><head><title>t</title></head><body><p>x</p><style>p{}</style></body></html>",
        encoding="utf-8",
    )
    errors = check([page])
    assert any("style" in m["message"] for m in errors), errors
