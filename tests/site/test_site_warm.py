"""The runtime's slow steps begun in a second process while Sphinx builds the pages (warm.py): it does the
same work as the build-finished steps, into the caches they read, so that they find it done."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from oldtricks_runtime import compress, runtime, stdlib, warm

REPO = Path(__file__).resolve().parents[2]
NODE_MODULES = REPO / "node_modules"


class Stop(Exception):
    """Raised by a stand-in once it has seen its arguments: the rest of the step is not needed."""


def _engine_wheel(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as archive:  # the engine's shape, in brief
        archive.writestr("oldtricks/__init__.py", '"""The engine."""\n__version__ = "0.1.0"\n')
        archive.writestr("oldtricks/live/__init__.py", "")
        archive.writestr("oldtricks/live/api.py", "")
        archive.writestr("oldtricks/ledger.toml", "")  # the data files the live wheel keeps: the ledger,
        archive.writestr("oldtricks/locales/de/LC_MESSAGES/oldtricks.mo", "")  # and the compiled catalogs
        archive.writestr("oldtricks-0.1.0.dist-info/METADATA", "Name: oldtricks\nVersion: 0.1.0\n")
    return path


def test_copies_warmed_beforehand_are_the_ones_precompress_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    data = b"const wasm = 'not really';\n" * 300
    (tmp_path / "runtime.js").write_bytes(data)
    compress.warm([tmp_path / "runtime.js"], tmp_path / "cache")
    (site / "copied.js").write_bytes(data)  # the build copies it into the site later
    monkeypatch.setattr(compress, "encoders", lambda: dict.fromkeys(compress.ENCODINGS.values(), _never))
    made = compress.precompress(site, tmp_path / "cache")
    assert made[".gz"] == 1
    assert (site / "copied.js.gz").read_bytes() == (tmp_path / "cache" / f"{_digest(data)}.gz").read_bytes()


def _never(data: bytes) -> bytes:
    raise AssertionError("compressed again: the warmed copy was not used")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_the_warming_trims_the_library_as_the_build_then_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[Any, ...]] = []

    def trim(source: Path, dest: Path, *rest: Any, **named: Any) -> list[str]:
        seen.append((source, *(list(r) if isinstance(r, list | tuple) else r for r in rest), named))
        raise Stop

    monkeypatch.setattr(stdlib, "write_trimmed", trim)  # the module runtime imports as _stdlib: the same
    with pytest.raises(Stop):
        warm.main([str(NODE_MODULES), "", ""])
    wheel = _engine_wheel(tmp_path / "oldtricks-0.1.0-py3-none-any.whl")
    with pytest.raises(Stop):
        runtime.copy_runtime(tmp_path / "site", NODE_MODULES, wheel)
    assert len(seen) == 2 and seen[0] == seen[1], seen  # the same library, keep list, engine and caches
    assert seen[0][-1] == {"compiled": True}, seen  # as bytecode, as the build's default


def test_a_build_of_sources_warms_the_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """oldtricks_compile_runtime = False: the process trims the library as sources, as the build will."""
    seen: list[bool] = []

    def trim(source: Path, dest: Path, *rest: Any, compiled: bool) -> list[str]:
        seen.append(compiled)
        raise Stop

    monkeypatch.setattr(stdlib, "write_trimmed", trim)  # the module runtime.trim_stdlib calls (its _stdlib)
    for compiled in (False, True):
        with pytest.raises(Stop):
            warm.main(warm.command(NODE_MODULES, None, None, compiled)[-4:])
    assert seen == [False, True]


def test_the_files_warmed_are_those_the_build_copies_as_they_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def trim(source: Path, dest: Path, *rest: Any, **named: Any) -> list[str]:
        dest.write_bytes(b"trimmed")  # the real one is tested in test_site_runtime_files.py
        return []

    monkeypatch.setattr(stdlib, "write_trimmed", trim)  # runtime's _stdlib
    wheel = _engine_wheel(tmp_path / "oldtricks-0.1.0-py3-none-any.whl")
    runtime.copy_runtime(tmp_path / "site", NODE_MODULES, wheel)
    warmed = {path.name for path in warm.verbatim(NODE_MODULES)}
    assert "pyodide.asm.wasm" in warmed  # the largest by far
    for name in runtime.RUNTIME_FILES:
        copied = (tmp_path / "site" / "_static" / "pyodide" / name).read_bytes()
        assert (copied == (NODE_MODULES / "pyodide" / name).read_bytes()) == (name in warmed), name


def test_a_build_that_failed_stops_the_warming_process() -> None:
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    warm.finish(process, wait=False)
    assert process.returncode is not None
    warm.finish(None, wait=True)  # nothing was started: nothing to do


def test_the_warming_process_runs_and_fills_the_cache(tmp_path: Path) -> None:
    """The process itself, as the build starts it: it imports the package (and the engine) and does its work."""
    pyodide = tmp_path / "node_modules" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in runtime.RUNTIME_FILES:
        (pyodide / name).write_bytes(b"// " + name.encode() * 200)
    with zipfile.ZipFile(pyodide / "python_stdlib.zip", "w") as archive:
        archive.writestr("json/__init__.py", "")
    keep = tmp_path / "keep.txt"
    keep.write_text("json/__init__.py\n", encoding="utf-8")
    process = warm.start(tmp_path / "node_modules", keep, tmp_path / "cache", compiled=False)  # not a real Pyodide
    assert process.wait(timeout=120) == 0
    wasm = (pyodide / "pyodide.asm.wasm").read_bytes()
    assert (tmp_path / "cache" / f"{_digest(wasm)}.gz").is_file()
