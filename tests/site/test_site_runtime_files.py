"""The live runtime's files: the trimmed standard library, the precompressed copies, and the server
that sends them (Content-Encoding)."""

from __future__ import annotations

import gzip
import http.client
import json
import re
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from oldtricks_runtime import compress, devserver, runtime, stdlib, strip

REPO = Path(__file__).resolve().parents[2]
ENGINE = REPO / "engine" / "oldtricks"
PYODIDE_ZIP = REPO / "node_modules" / "pyodide" / "python_stdlib.zip"


def _zip(path: Path, members: dict[str, str]) -> zipfile.ZipFile:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return zipfile.ZipFile(path)


# ---- the trimmed standard library ------------------------------------------------------------------
def test_closure_follows_module_level_imports_only(tmp_path: Path) -> None:
    archive = _zip(
        tmp_path / "lib.zip",
        {
            "a.py": "import b, c as see\nfrom pkg import sub\n\ndef later():\n    import lazy\n",
            "b.py": "",
            "c.py": "from pkg.deep import (\n    thing,\n)\n",
            "pkg/__init__.py": "from . import helper\n",
            "pkg/helper.py": "",
            "pkg/sub.py": "from .helper import x\nfrom .. import nothing\n",
            "pkg/deep/__init__.py": "",
            "lazy.py": "",
            "unused.py": "",
        },
    )
    got = stdlib.import_closure(["a"], archive)
    assert got == {
        "a.py",
        "b.py",
        "c.py",
        "pkg/__init__.py",
        "pkg/helper.py",
        "pkg/sub.py",
        "pkg/deep/__init__.py",
    }


def test_engine_imports_are_what_importing_the_live_engine_runs() -> None:
    names = stdlib.engine_imports(ENGINE)
    assert {"json", "dataclasses", "re", "typing"} <= names
    assert "tomllib" not in names  # scenario.loads imports it inside the function: never in the browser
    assert "argparse" not in names  # the command line is not part of the live engine
    assert not [name for name in names if name.startswith("oldtricks")]


def test_keep_list_names_members_of_the_pinned_pyodide() -> None:
    kept = stdlib.read_keep()
    assert len(kept) == len(set(kept)) and kept == sorted(kept)
    # what Pyodide's own start needs, and the engine's first imports
    assert {"encodings/__init__.py", "_pyodide/__init__.py", "json/__init__.py", "dataclasses.py"} <= set(kept)
    if not PYODIDE_ZIP.is_file():
        pytest.fail(f"{PYODIDE_ZIP} is missing: run `npm ci`")
    with zipfile.ZipFile(PYODIDE_ZIP) as archive:
        assert not set(kept) - set(archive.namelist()), "a stale keep list: run `oldtricks_runtime stdlib trace`"
        trimmed = stdlib.kept_members(archive, kept, ENGINE, stdlib.read_frozen())
        full = sum(info.compress_size for info in archive.infolist())
        small = sum(archive.getinfo(name).compress_size for name in trimmed)
    assert small < full / 2, (small, full)


def test_a_member_missing_from_the_zip_is_a_clear_error(tmp_path: Path) -> None:
    archive = _zip(tmp_path / "lib.zip", {"json/__init__.py": ""})
    with pytest.raises(stdlib.StdlibError, match=r"does not hold: gone\.py .*oldtricks_runtime stdlib trace"):
        stdlib.kept_members(archive, ["gone.py"], ENGINE)


def test_trimmed_zip_holds_the_kept_members_with_their_text(tmp_path: Path) -> None:
    source = tmp_path / "full.zip"
    _zip(source, {"json/__init__.py": "from .decoder import x\n", "json/decoder.py": "x = 1\n", "smtplib.py": ""})
    names = stdlib.write_trimmed(source, tmp_path / "out" / "trim.zip", ["json/decoder.py"], ENGINE)
    assert names == ["json/__init__.py", "json/decoder.py"]
    with zipfile.ZipFile(tmp_path / "out" / "trim.zip") as out:
        assert out.namelist() == names
        assert out.read("json/decoder.py") == b"x = 1\n"
        assert out.testzip() is None


def test_trimmed_sources_lose_comments_and_docstrings_but_no_code_or_line(tmp_path: Path) -> None:
    """On the pinned Pyodide's own modules: every kept source is stripped, those in syntax newer than
    this Python's by Pyodide's own; each is the same tree with empty docstrings, every line where it
    was; the zip is much smaller for it."""
    import ast

    if not PYODIDE_ZIP.is_file():
        pytest.fail(f"{PYODIDE_ZIP} is missing: run `npm ci`")
    # the site ships these sources compiled (test_site_bytecode.py); the cache is the build's own
    trimmed = tmp_path / "trim.zip"
    names = stdlib.write_trimmed(
        PYODIDE_ZIP, trimmed, stdlib.read_keep(), ENGINE, stdlib.read_frozen(), PYODIDE_ZIP.parent, runtime.CACHE
    )
    newer = 0
    with zipfile.ZipFile(PYODIDE_ZIP) as full, zipfile.ZipFile(trimmed) as trim:
        plain = sum(full.getinfo(n).compress_size for n in names)
        for i, name in enumerate(names):
            before, after = full.read(name), trim.read(name)
            nothing_to_strip = not any(mark in before for mark in (b"#", b'"""', b"'''", b"\n    "))
            assert after != before or nothing_to_strip, f"{name} is not stripped"
            assert after.count(b"\n") == before.count(b"\n"), name  # every line where it was
            if not strip.parses_here(before):
                newer += 1  # stripped, and compared, by Pyodide's own Python
                continue
            if i % 4:
                continue  # the trees of one member in four (strip_source itself compares every one)
            old, new = ast.parse(before), ast.parse(after)
            for tree in (old, new):
                for doc in strip.docstrings(tree):
                    assert isinstance(doc.value, ast.Constant)
                    doc.value.value = ""
            assert ast.dump(old) == ast.dump(new), name
    assert newer >= 3  # typing, dataclasses, traceback ... use syntax this Python lacks
    assert trimmed.stat().st_size < plain * 0.6


# ---- precompressed copies ---------------------------------------------------------------------------
def test_large_files_get_copies_small_and_compressed_ones_none(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "_static").mkdir(parents=True)
    big = ("let x = 1;\n" * 400).encode()
    (site / "_static" / "big.js").write_bytes(big)
    (site / "small.html").write_text("<p>hi</p>", encoding="utf-8")
    (site / "engine.whl").write_bytes(gzip.compress(big))  # already compressed: no copy
    (site / "gone.js.gz").write_bytes(b"left by an earlier build")
    (site / "small.html.gz").write_bytes(b"left by an earlier build")
    made = compress.precompress(site, tmp_path / "cache")
    assert gzip.decompress((site / "_static" / "big.js.gz").read_bytes()) == big
    assert not (site / "engine.whl.gz").exists()
    assert not (site / "gone.js.gz").exists() and not (site / "small.html.gz").exists()
    assert made[".gz"] == 1
    if ".br" in compress.encoders():
        import brotli

        assert brotli.decompress((site / "_static" / "big.js.br").read_bytes()) == big
        assert made[".br"] == 1


def test_copies_come_from_the_cache_when_the_content_is_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.js").write_bytes(b"const a = 'aaaa';\n" * 200)
    compress.precompress(site, tmp_path / "cache")
    calls: list[int] = []

    def counted(data: bytes) -> bytes:
        calls.append(1)
        return b"x"

    monkeypatch.setattr(compress, "encoders", lambda: {".gz": counted})
    compress.precompress(site, tmp_path / "cache")
    assert calls == []  # read from the cache, not compressed again
    assert gzip.decompress((site / "a.js.gz").read_bytes()) == (site / "a.js").read_bytes()
    (site / "a.js").write_bytes(b"const b = 'bbbb';\n" * 200)
    compress.precompress(site, tmp_path / "cache")
    assert calls == [1]  # new content: compressed


# ---- the server -------------------------------------------------------------------------------------
@pytest.fixture
def served(tmp_path: Path) -> Iterator[Any]:
    site = tmp_path / "site"
    site.mkdir()
    (site / "big.js").write_bytes(b"let y = 2;\n" * 300)
    compress.precompress(site, None)
    servers = []

    def start(precompressed: bool) -> Any:
        server = devserver.make_server(site, "/sub/", precompressed=precompressed)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def _get(server: Any, path: str, accept: str) -> tuple[dict[str, str], bytes]:
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.request("GET", path, headers={"Accept-Encoding": accept})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    assert response.status == 200
    return {k.lower(): v for k, v in response.getheaders()}, body


def test_serve_sends_the_copy_the_client_accepts(served: Any) -> None:
    server = served(True)
    original = b"let y = 2;\n" * 300
    headers, body = _get(server, "/sub/big.js", "gzip, deflate")
    assert headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert headers["content-type"] == "text/javascript"
    assert gzip.decompress(body) == original
    headers, body = _get(server, "/sub/big.js", "identity")
    assert "content-encoding" not in headers and body == original
    headers, body = _get(server, "/sub/big.js", "gzip;q=0")
    assert "content-encoding" not in headers and body == original
    if ".br" in compress.encoders():
        headers, _ = _get(server, "/sub/big.js", "gzip, br")
        assert headers["content-encoding"] == "br"
    assert json.dumps(server.log[-1][:3]).startswith('["GET", "/sub/big.js", 200')


def test_a_plain_server_sends_every_file_as_it_is(served: Any) -> None:
    headers, body = _get(served(False), "/sub/big.js", "gzip, br")
    assert "content-encoding" not in headers and body == b"let y = 2;\n" * 300


def test_a_client_that_goes_away_is_no_error_but_a_fault_still_is(
    served: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    server = served(False)
    for gone in (ConnectionResetError(104, "reset by peer"), BrokenPipeError(32, "broken pipe")):
        try:
            raise gone
        except ConnectionError:
            server.handle_error(None, ("127.0.0.1", 1))
    assert capsys.readouterr().err == ""
    try:
        raise ValueError("a fault of the server")
    except ValueError:
        server.handle_error(None, ("127.0.0.1", 1))
    err = capsys.readouterr().err
    assert "Exception occurred during processing of request" in err and "a fault of the server" in err


# ---- the download size the pages state ---------------------------------------------------------------
CLAIMS = {  # where a page tells the reader what going live downloads
    REPO / "docs" / "index.md": r"a one-time download of about (\d+) MB",
    REPO / "docs" / "embedding.md": r"the rules\s+engine \(about (\d+) MB, once\)",
    REPO / "site" / "oldtricks_sphinx" / "static" / "oldtricks" / "teach" / "sandbox.js": r"engine \(about (\d+) MB",
}


def test_the_stated_download_size_is_the_runtimes(site: Any, tmp_path: Path) -> None:
    """Every "about N MB" the reader is told is the runtime's files and the engine wheel, rounded to the
    megabyte, as the build writes them (uncompressed: what a plain server sends)."""
    static = site.outdir / "_static"
    if not (static / "pyodide" / "pyodide.asm.wasm").is_file():  # a build without the runtime: write it here
        wheel = runtime.build_wheel(tmp_path / "wheel")
        runtime.copy_runtime(tmp_path / "out", REPO / "node_modules", wheel)
        static = tmp_path / "out" / "_static"
    files = [static / "pyodide" / name for name in runtime.RUNTIME_FILES] + list((static / "wheels").glob("*.whl"))
    megabytes = round(sum(path.stat().st_size for path in files) / 1e6)
    for path, pattern in CLAIMS.items():
        found = re.findall(pattern, path.read_text(encoding="utf-8"))
        assert found, f"{path}: no download size found ({pattern})"
        assert {int(n) for n in found} == {megabytes}, f"{path} says about {found} MB; the runtime is {megabytes} MB"
