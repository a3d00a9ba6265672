"""What makes the live runtime lighter: Pyodide's glue compacted and minified (glue.py), the engine
wheel cut to the live engine (livewheel.py), the standard library without frozen and optional
modules (stdlib.py), sources stripped, newer ones by Pyodide's own Python (strip.py). Each must do
the same as what it replaces: the glue is run under Node.js before and after, the cut engine replays
scenarios as the whole one does."""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import engine_wheel
from oldtricks_runtime import deflate, glue, livewheel, stdlib, strip

REPO = Path(__file__).resolve().parents[2]
ENGINE = REPO / "engine" / "oldtricks"
NODE_MODULES = REPO / "node_modules"
PYODIDE = NODE_MODULES / "pyodide"
ESBUILD = NODE_MODULES / ".bin" / "esbuild"


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH (Node.js runs the glue and Pyodide's stripping)")
    return node


# ---- the glue -----------------------------------------------------------------------------------------
# A glue in Emscripten's shape, small: its exports bound one statement each, the runtime's helpers put
# on Module one by one, then everything it bound printed. Compacted and minified, it must print the same.
SMALL_GLUE = """var Module={};var _f,_g,_h,memory,FS={root:1},addRunDependency=()=>2;
function assignWasmExports(wasmExports){_f=Module["_f"]=wasmExports["f"];_g=Module["_g"]=wasmExports["g"].value>>>0;\
memory=Module["memory"]=wasmExports["memory"];_h=Module["_h"]=wasmExports["h"]}
assignWasmExports({f:()=>1,g:{value:-5},h:()=>3,memory:"m"});Module["FS"]=FS;Module["addRunDependency"]=addRunDependency;
console.log(JSON.stringify([_f(),_g,_h(),memory,Module._f(),Module._g,Module._h(),Module.memory,Module.FS,
Module.addRunDependency(),Object.keys(Module).sort()]));
"""


def test_compacted_and_minified_glue_binds_the_same(tmp_path: Path) -> None:
    source = tmp_path / "glue.mjs"
    source.write_text(SMALL_GLUE, encoding="utf-8")
    compacted = glue.minify_glue(source, tmp_path / "out.mjs", ESBUILD)
    assert compacted == 3 + 2  # two functions and a global; two helpers (memory stays as it was)
    out = (tmp_path / "out.mjs").read_text(encoding="utf-8")
    assert out.count('"f"') == 1 and "Object.assign(" in out
    runs = [
        subprocess.run([_node(), str(path)], capture_output=True, text=True, check=True).stdout
        for path in (source, tmp_path / "out.mjs")
    ]
    assert runs[0] == runs[1] and json.loads(runs[0])[:4] == [1, 4294967291, 3, "m"]


def test_the_pinned_glue_is_in_the_shape_compacted() -> None:
    """Another Pyodide whose glue is written otherwise would only be minified: this says so."""
    text = (PYODIDE / glue.GLUE_NAME).read_text(encoding="utf-8")
    compact, exports = glue.compact_exports(text)
    _, helpers = glue.compact_module_exports(compact)
    assert exports > 4000 and helpers > 1000, (exports, helpers)
    assert len(compact) < len(text) * 0.9


def test_missing_esbuild_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "g.mjs").write_text(SMALL_GLUE, encoding="utf-8")
    with pytest.raises(glue.GlueError, match=r"esbuild is missing .*npm ci"):
        glue.minify_glue(tmp_path / "g.mjs", tmp_path / "o.mjs", tmp_path / "no-esbuild")


# ---- the live engine's wheel ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def live_wheel(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    folder = tmp_path_factory.mktemp("wheels")
    full = engine_wheel(folder / "full.whl")
    live = folder / "oldtricks-0.1.0-py3-none-any.whl"
    return live, livewheel.write_live_wheel(full, live)


def test_live_wheel_holds_what_the_live_engine_imports_and_no_more(live_wheel: tuple[Path, list[str]]) -> None:
    _, names = live_wheel
    modules = {name for name in names if name.startswith("oldtricks/")}
    assert {
        "oldtricks/__init__.py",
        "oldtricks/live/api.py",
        "oldtricks/scenarios/replay.py",
        "oldtricks/analysis/search.py",
    } <= modules
    assert "oldtricks/core/datawords.py" in modules  # the data's words: rules and scenarios in the reader's language
    games = {f"oldtricks/{p.relative_to(ENGINE).as_posix()}" for p in (ENGINE / "games").rglob("*.py")}
    assert games <= modules  # the registry imports them by name
    for left_out in (
        "oldtricks/cli/main.py",
        "oldtricks/cli/terminal.py",
        "oldtricks/stats/__init__.py",
        "oldtricks/py.typed",
    ):
        assert left_out not in modules
    assert "oldtricks-0.1.0.dist-info/entry_points.txt" not in names
    assert "oldtricks/ledger.toml" in names  # every game's rule table, read in the browser as at build time
    for lang in ("de", "pl"):  # the engine's words in the reader's language (oldtricks/core/i18n.py), and the data's
        for domain in ("oldtricks", "ledger", "scenarios"):  # the rules' statements, the scenarios' notes: datawords.py
            assert f"oldtricks/locales/{lang}/LC_MESSAGES/{domain}.mo" in names
    assert not [name for name in names if name.endswith((".po", ".pot"))]  # the sources of the catalogs stay out


def test_live_wheel_is_a_wheel_whose_record_names_each_file(live_wheel: tuple[Path, list[str]]) -> None:
    path, _ = live_wheel
    with zipfile.ZipFile(path) as wheel:
        assert wheel.testzip() is None
        metadata = wheel.read("oldtricks-0.1.0.dist-info/METADATA").decode()
        assert "Name: oldtricks\nVersion: 0.1.0\n" in metadata and "## Quick start" not in metadata
        record = wheel.read("oldtricks-0.1.0.dist-info/RECORD").decode().splitlines()
        assert len(record) == len(wheel.namelist())
        for line in record[:-1]:
            name, digest, size = line.split(",")
            data = wheel.read(name)
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert int(size) == len(data)
        live = wheel.read("oldtricks/live/api.py")
    source = (ENGINE / "live" / "api.py").read_bytes()
    assert b"#" not in live.replace(b"'#'", b"").replace(b'"#"', b"") and len(live) < len(source) * 0.8
    assert live.count(b"\n") == source.count(b"\n")  # every line where it was


LIVE_SCRIPT = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
sys.path.append(sys.argv[2])  # the scenario loader, from the sources: the browser gets specs as JSON
import oldtricks.live.api as live
assert Path(live.__file__).is_relative_to(sys.argv[1]), live.__file__
from oldtricks.scenarios.scenario import load
out = []
for path in sys.argv[3:]:
    spec = {k: v for k, v in load(Path(path)).spec().items() if k not in ("description", "demonstrates", "expect")}
    out.append(json.loads(live.open_table(path, json.dumps(spec), "{}")))
print(json.dumps(out))
"""


def test_cut_engine_replays_scenarios_as_the_whole_one(live_wheel: tuple[Path, list[str]], tmp_path: Path) -> None:
    """The live wheel's modules, stripped, give the frames the sources give (one scenario a game)."""
    path, _ = live_wheel
    with zipfile.ZipFile(path) as wheel:
        wheel.extractall(tmp_path / "live")
    scenarios = [
        str(REPO / "scenarios" / name) for name in ("bettelmann/basics.toml", "clock/deal.toml", "drogue/example.toml")
    ]
    frames = []
    for packages in (tmp_path / "live", REPO / "engine"):
        proc = subprocess.run(
            [sys.executable, "-c", LIVE_SCRIPT, str(packages), str(REPO / "engine"), *scenarios],
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
        )
        assert proc.returncode == 0, proc.stderr[-2000:]
        frames.append(json.loads(proc.stdout))
    assert frames[0] == frames[1]
    assert all(table["ok"] and len(table["frames"]) > 3 for table in frames[0]), frames[0][0]


def test_a_wheel_that_is_no_zip_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "bad.whl").write_bytes(b"PK not a zip")
    with pytest.raises(livewheel.LiveWheelError, match=r"cannot read the engine wheel .*bad\.whl"):
        livewheel.write_live_wheel(tmp_path / "bad.whl", tmp_path / "out.whl")


# ---- the standard library ---------------------------------------------------------------------------------
def test_frozen_and_optional_modules_are_left_out() -> None:
    frozen = stdlib.read_frozen()
    assert {"os.py", "site.py", "importlib/_bootstrap.py", "zipimport.py"} <= set(frozen)
    with zipfile.ZipFile(PYODIDE / stdlib.SOURCE_NAME) as archive:
        kept = set(stdlib.kept_members(archive, stdlib.read_keep(), ENGINE, frozen))
    assert not kept & set(frozen) and not kept & set(stdlib.OPTIONAL)
    assert {"json/__init__.py", "shutil.py", "asyncio/base_events.py"} <= kept


def _guarded(tree: ast.Module) -> set[str]:
    """The modules a source imports inside ``try: ... except ImportError`` (at module level)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Try):
            continue
        caught = {getattr(h.type, "id", None) for h in node.handlers}
        if not caught & {"ImportError", "ModuleNotFoundError"}:
            continue
        for statement in node.body:
            for inner in ast.walk(statement):
                if isinstance(inner, ast.Import):
                    found.update(alias.name for alias in inner.names)
                elif isinstance(inner, ast.ImportFrom) and inner.module:
                    found.add(inner.module)
                    found.update(f"{inner.module}.{alias.name}" for alias in inner.names)
    return found


def test_optional_modules_are_imported_only_where_their_absence_is_expected() -> None:
    optional = {name.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for name in stdlib.OPTIONAL}
    with zipfile.ZipFile(PYODIDE / stdlib.SOURCE_NAME) as archive:
        kept = stdlib.kept_members(archive, stdlib.read_keep(), ENGINE, stdlib.read_frozen())
        importers = 0
        for member in kept:
            source = archive.read(member)
            if not strip.parses_here(source):
                assert not any(f"import {name}".encode() in source for name in optional), member
                continue
            tree = ast.parse(source)
            guarded = _guarded(tree)
            for node in stdlib._module_level_imports(tree):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                for name in names:
                    if name in optional or name.split(".")[0] == "compression":
                        importers += 1
                        assert name in guarded, f"{member} imports {name} unguarded"
    assert importers >= 5  # shutil, zipfile and asyncio do import them


# ---- stripping ----------------------------------------------------------------------------------------------
def test_sources_newer_than_this_python_go_to_pyodide_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sources = {"old.py": b"x = 1  # a comment\n", "new.py": b"type X = int  # 3.12\n"}
    calls: list[list[str]] = []

    def fake(todo: dict[str, bytes], runtime: Path) -> dict[str, bytes]:
        calls.append(sorted(todo))
        return dict.fromkeys(todo, b"type X = int\n")

    monkeypatch.setattr(strip, "_in_pyodide", fake)
    assert strip.strip_sources(sources, None, None)["new.py"] == sources["new.py"]  # no Pyodide: as it is
    first = strip.strip_sources(sources, PYODIDE, tmp_path / "cache")
    # the second time every result comes from the cache: nothing is stripped again, here or in Pyodide
    monkeypatch.setattr(strip, "strip_source", lambda data: pytest.fail("stripped again"))
    again = strip.strip_sources(sources, PYODIDE, tmp_path / "cache")
    assert first == again == {"old.py": b"x = 1\n", "new.py": b"type X = int\n"}
    assert calls == [["new.py"]]
    assert len(list((tmp_path / "cache").iterdir())) == 2


def test_pyodide_strips_newer_syntax_with_this_module(tmp_path: Path) -> None:
    _node()
    source = b"class Box[T]:  # PEP 695\n    '''A box.'''\n    def get(self) -> T:\n        return f'{'nested'}'\n"
    got = strip.strip_sources({"box.py": source}, PYODIDE, None)["box.py"]
    assert got == b"class Box[T]:\n \"\"\n def get(self) -> T:\n  return f'{'nested'}'\n"


# ---- the zips' deflate streams ------------------------------------------------------------------------------
def test_written_zips_read_back_as_they_were_given(tmp_path: Path) -> None:
    members = [
        deflate.Member("json/__init__.py", b"from .decoder import x\n" * 40, (2025, 3, 4, 5, 6, 8), 0o100644 << 16),
        deflate.Member("empty.py", b""),
        deflate.Member("noise.bin", os.urandom(2000)),  # deflate cannot shrink it: stored
        deflate.Member("zoë/ünï.py", "café = 1\n".encode() * 30),
    ]
    out = io.BytesIO()
    deflate.write_zip(out, members, tmp_path / "cache")
    with zipfile.ZipFile(out) as archive:
        assert archive.testzip() is None
        assert [info.filename for info in archive.infolist()] == [m.name for m in members]
        for member, info in zip(members, archive.infolist(), strict=True):
            assert archive.read(info) == member.data
            assert info.date_time == member.date_time and info.external_attr == member.external_attr
        kinds = [info.compress_type for info in archive.infolist()]
    assert kinds == [zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED, zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED]


def test_streams_are_no_larger_than_zlibs_and_come_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import zlib

    data = (ENGINE / "live" / "api.py").read_bytes()
    name, deflater = deflate.deflater()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    assert len(deflater(data)) <= len(packer.compress(data) + packer.flush())
    first = io.BytesIO()
    deflate.write_zip(first, [deflate.Member("live.py", data)], tmp_path)
    calls: list[int] = []

    def counted(d: bytes) -> bytes:
        calls.append(1)
        return b""

    monkeypatch.setattr(deflate, "deflater", lambda: (name, counted))
    again = io.BytesIO()
    deflate.write_zip(again, [deflate.Member("live.py", data)], tmp_path)
    assert calls == [] and again.getvalue() == first.getvalue()  # the stream read from the cache
