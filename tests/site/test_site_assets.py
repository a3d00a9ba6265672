"""Static assets for HTML builders only, and the live engine's runtime copied at the end of a build."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from sphinx.errors import ExtensionError

from conftest import Builder
from oldtricks_runtime.runtime import RUNTIME_FILES

PAGES = {
    "index.md": "# Home\n\n```{toctree}\nplay\n```\n",
    "play.md": "# Play\n\n```{scenario} bettelmann/basics\n```\n",
}


def test_widget_files_are_added_for_html(build: Builder) -> None:
    built = build(PAGES)
    assert built.status == 0, built.warnings
    static = built.outdir / "_static" / "oldtricks"
    assert (static / "widget.js").is_file() and (static / "widget.css").is_file()
    play, home = built.html("play"), built.html("index")
    assert '<script type="module" src="_static/oldtricks/widget.js' in play
    assert "widget.js" not in home  # only pages with a viewer load the script
    for page in (play, home):
        assert 'href="_static/oldtricks/widget.css' in page
    assert not (built.outdir / "_static" / "pyodide").exists()  # oldtricks_copy_runtime = False here


def test_non_html_builders_get_no_assets(build: Builder) -> None:
    built = build(PAGES, buildername="text")
    assert built.status == 0, built.warnings
    assert not (built.outdir / "_static").exists()
    assert "Trick 1:" in built.text("play")


def _fake_node_modules(root: Path) -> Path:
    pyodide = root / "node_modules" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in RUNTIME_FILES:
        (pyodide / name).write_bytes(b"// " + name.encode())
    # a standard library to trim (json is imported by the engine, smtplib by nothing it runs) and a lock
    with zipfile.ZipFile(pyodide / "python_stdlib.zip", "w") as archive:
        for member in ("json/__init__.py", "json/decoder.py", "smtplib.py"):
            archive.writestr(member, "from json import decoder\n" if member == "json/__init__.py" else "")
    lock = {"info": {"python": "3.14.2"}, "packages": {"numpy": {"file_name": "numpy.whl"}}}
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    (pyodide / "package.json").write_text(json.dumps({"version": "314.0.7"}), encoding="utf-8")
    return root / "node_modules"


def test_runtime_is_copied_when_the_build_finishes(build: Builder, tmp_path: Path) -> None:
    node_modules = _fake_node_modules(tmp_path / "npm")
    wheel = tmp_path / "oldtricks-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:  # the engine's shape, in brief
        archive.writestr("oldtricks/__init__.py", '"""The engine."""\n__version__ = "0.1.0"\n')
        archive.writestr("oldtricks/live/__init__.py", "")
        archive.writestr("oldtricks/live/api.py", "from ..scenarios import replay  # the live engine\n")
        archive.writestr("oldtricks/scenarios/__init__.py", "")
        archive.writestr("oldtricks/scenarios/replay.py", "")
        archive.writestr("oldtricks/cli/main.py", "import argparse\n")
        archive.writestr("oldtricks/ledger.toml", "")  # the data files the live wheel keeps: the ledger,
        archive.writestr("oldtricks/locales/de/LC_MESSAGES/oldtricks.mo", "")  # and the compiled catalogs
        archive.writestr("oldtricks-0.1.0.dist-info/METADATA", "Name: oldtricks\nVersion: 0.1.0\n\nThe README.\n")
    keep = tmp_path / "keep.txt"
    keep.write_text("# traced\njson/decoder.py\n", encoding="utf-8")
    built = build(
        PAGES,
        conf={
            "oldtricks_stdlib_keep": str(keep),
            "oldtricks_copy_runtime": True,
            "oldtricks_compile_runtime": False,  # the fake runtime cannot run (test_site_bytecode.py compiles)
            "oldtricks_node_modules": str(node_modules),
            "oldtricks_wheel": str(wheel),
        },
    )
    assert built.status == 0, built.warnings
    static = built.outdir / "_static"
    for name in set(RUNTIME_FILES) - {"python_stdlib.zip", "pyodide-lock.json"}:
        assert (static / "pyodide" / name).read_bytes() == b"// " + name.encode()
    with zipfile.ZipFile(static / "pyodide" / "python_stdlib.zip") as trimmed:
        assert sorted(trimmed.namelist()) == ["json/__init__.py", "json/decoder.py"]
    lock = json.loads((static / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock == {"info": {"python": "3.14.2"}, "packages": {}}
    with zipfile.ZipFile(static / "wheels" / wheel.name) as live:  # the live engine's part, stripped
        assert sorted(live.namelist()) == [
            "oldtricks-0.1.0.dist-info/METADATA",
            "oldtricks-0.1.0.dist-info/RECORD",
            "oldtricks/__init__.py",
            "oldtricks/ledger.toml",
            "oldtricks/live/__init__.py",
            "oldtricks/live/api.py",
            "oldtricks/locales/de/LC_MESSAGES/oldtricks.mo",
            "oldtricks/scenarios/__init__.py",
            "oldtricks/scenarios/replay.py",
        ]
        assert live.read("oldtricks/live/api.py") == b"from ..scenarios import replay\n"
    manifest = json.loads((static / "oldtricks" / "runtime.json").read_text(encoding="utf-8"))
    assert manifest["pyodide"] == "../pyodide/" and manifest["wheel"] == f"../wheels/{wheel.name}"
    assert manifest["stdlib"] == "../pyodide/python_stdlib.zip"


def test_missing_node_modules_says_run_npm_ci(build: Builder, tmp_path: Path) -> None:
    with pytest.raises(ExtensionError, match=r"lacks pyodide\.mjs.*run `npm ci`"):
        build(PAGES, conf={"oldtricks_copy_runtime": True, "oldtricks_node_modules": str(tmp_path / "nothing")})


def test_theme_css_for_other_extensions_is_left_out_unless_one_is_used(
    build: Builder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    furo = {"html_theme": "furo"}
    built = build(PAGES, conf=furo)
    assert built.status == 0, built.warnings
    for page in ("play", "index"):
        html = built.html(page)
        assert "styles/furo.css" in html and "furo-extensions.css" not in html
    # with an extension that Furo's extras style, they stay
    extras = tmp_path / "extras"
    extras.mkdir()
    (extras / "sphinx_copybutton.py").write_text(
        "def setup(app):\n    return {'parallel_read_safe': True}\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(extras))
    built = build(PAGES, conf={**furo, "extensions": ["myst_parser", "oldtricks_sphinx", "sphinx_copybutton"]})
    assert built.status == 0, built.warnings
    assert "styles/furo-extensions.css" in built.html("play")
