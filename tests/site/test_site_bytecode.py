"""The trimmed standard library as Pyodide's bytecode (site/oldtricks_runtime/bytecode.py): compiled by
the pinned Pyodide's own Python, read by it without a source, and the engine runs on it."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from conftest import engine_wheel
from oldtricks_runtime import bytecode, livewheel, runtime, stdlib

REPO = Path(__file__).resolve().parents[2]
PYODIDE = REPO / "node_modules" / "pyodide"


def _header(pyc: bytes) -> tuple[bytes, int]:
    """A pyc's magic number and its flags (PEP 552: 1 = hash-based, not checked against a source)."""
    return pyc[:4], int.from_bytes(pyc[4:8], "little")


@pytest.fixture(scope="module")
def pyodide() -> Path:
    if not (PYODIDE / "pyodide.mjs").is_file():
        pytest.fail(f"{PYODIDE} is missing: run `npm ci`")
    return PYODIDE


def test_sources_become_unchecked_pycs_of_pyodides_python(
    pyodide: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    members = {"a.py": b"x = 1\n", "pkg/__init__.py": b"def f():\n    return 2\n", "LICENSE": b"text"}
    out = bytecode.as_bytecode(members, pyodide, tmp_path / "cache")
    assert list(out) == ["a.pyc", "pkg/__init__.pyc", "LICENSE"]
    assert out["LICENSE"] == b"text"
    for name in ("a.pyc", "pkg/__init__.pyc"):
        magic, flags = _header(out[name])
        assert magic.endswith(b"\r\n") and magic != importlib.util.MAGIC_NUMBER  # another Python's bytecode
        assert flags == 1, name

    def no_pyodide(*args: object) -> None:
        raise AssertionError("Pyodide started again")

    # a second build reads the cache: no Pyodide is started for it
    monkeypatch.setattr(bytecode, "_in_pyodide", no_pyodide)
    assert bytecode.as_bytecode(members, pyodide, tmp_path / "cache") == out
    # the entries are named by Pyodide's version too: another runtime compiles again
    with pytest.raises(AssertionError, match="started again"):
        bytecode.as_bytecode(members, tmp_path, tmp_path / "cache")


def test_a_source_that_does_not_compile_is_a_clean_error(pyodide: Path) -> None:
    with pytest.raises(bytecode.BytecodeError, match=r"could not compile:\nbad\.py:1: SyntaxError"):
        bytecode.compile_sources({"bad.py": b"def (:\n"}, pyodide, None)


def test_without_pyodide_the_error_says_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(bytecode.BytecodeError, match=r"npm ci"):
        bytecode.compile_sources({"a.py": b"x = 1\n"}, tmp_path, None)


ENGINE_RUN = r"""
import { readFileSync, writeFileSync } from "node:fs";
const [runtime, stdlibZip, wheel, output] = process.argv.slice(2);
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + runtime).href);
const pyodide = await loadPyodide({ indexURL: runtime, stdLibURL: stdlibZip, stdout: () => {} });
// as worker.js installs the engine: the wheel unpacked into site-packages
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
const result = pyodide.runPython(`
import json, sys
sys.dont_write_bytecode = True
import oldtricks.live.api
from oldtricks.core.prng import Rng
from oldtricks.core.registry import make_game
game = make_game("drogue")
state, rng, moves = game.new_state(seed=3), Rng(3), 0
while game.to_play(state) is not None and moves < 5000:
    state = game.apply(state, game.bot_move(state, rng))[0]
    moves += 1
try:
    json.loads("{")
except ValueError as exc:
    tb = exc.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    where = [tb.tb_frame.f_code.co_filename, tb.tb_lineno]
frozen = {name for name, module in sys.modules.items() if getattr(module.__spec__, "origin", None) == "frozen"}
files = {name: getattr(module, "__file__", None) for name, module in sys.modules.items() if name not in frozen}
json.dumps({"frozen": sorted(frozen), "moves": moves, "live": oldtricks.live.api.__file__,
            "ended": game.to_play(state) is None, "where": where,
            "files": {k: v for k, v in files.items() if v and v.startswith("/lib/python")}})
`);
writeFileSync(output, result);
"""


def test_pyodide_runs_the_compiled_library_and_engine(pyodide: Path, tmp_path: Path) -> None:
    """The trimmed library and the live wheel as the build writes them: Pyodide starts on them; every
    module it loaded from the zip, and the engine's, came from a pyc (none compiled from a source, none
    left out); a Drogue game plays to its end; a traceback still names a standard library file and line."""
    trimmed = tmp_path / stdlib.TRIMMED_NAME
    runtime.trim_stdlib(pyodide, trimmed, None, runtime.CACHE)
    names = zipfile.ZipFile(trimmed).namelist()
    assert names and all(name.endswith(".pyc") for name in names), [n for n in names if not n.endswith(".pyc")]
    wheel = tmp_path / "live" / "oldtricks-0.1.0-py3-none-any.whl"
    members = livewheel.write_live_wheel(
        engine_wheel(tmp_path / "full.whl"), wheel, None, pyodide, runtime.CACHE / "bytecode"
    )
    modules = [m for m in members if m.startswith("oldtricks/")]
    catalog = livewheel.CATALOGS  # the compiled catalogs of the engine's languages: data, as the ledger is
    data = [m for m in modules if m in livewheel.DATA or (m.startswith(catalog[0]) and m.endswith(catalog[1]))]
    assert data and "oldtricks/live/api.pyc" in modules
    assert all(m.endswith(".pyc") for m in modules if m not in data), [m for m in modules if m not in data]
    node = shutil.which("node")
    assert node is not None
    (tmp_path / "run.mjs").write_text(ENGINE_RUN, encoding="utf-8")
    out = tmp_path / "out.json"
    command = [node, str(tmp_path / "run.mjs"), str(pyodide.resolve()) + "/", str(trimmed), str(wheel), str(out)]
    proc = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(out.read_text(encoding="utf-8"))
    assert got["ended"] and got["moves"] > 32
    assert got["live"].endswith("/site-packages/oldtricks/live/api.pyc")
    zipped = {name: path for name, path in got["files"].items() if ".zip/" in path}
    assert len(zipped) > 30 and "codecs" in got["frozen"]  # frozen ones are in the wasm binary itself
    assert all(path.endswith(".pyc") for path in zipped.values()), zipped
    engine = {name: path for name, path in got["files"].items() if name.startswith("oldtricks")}
    assert len(engine) > 20 and all(path.endswith(".pyc") for path in engine.values()), engine
    filename, line = got["where"]
    assert filename.endswith(".zip/json/decoder.py") and line > 0
