"""The trimmed standard library as Pyodide's own bytecode, so that the live engine's Python compiles nothing
of it when it starts.

Pyodide's ``python_stdlib.zip`` holds Python sources. Every module that Pyodide's start-up and the engine
import is compiled from its source in the reader's browser, on every start: under Node.js, Python's start
with the trimmed sources took 2.5-2.8 s, with this bytecode 0.8-1.1 s (same machine, in turns). So
:func:`as_bytecode` replaces each ``NAME.py`` of the trimmed zip by ``NAME.pyc``, compiled by the
pinned Pyodide's own Python (3.14's bytecode: this Python cannot write it), which zipimport reads
before a source of the same name, and without one. Each is an *unchecked-hash* pyc (PEP 552): it is
never compared with a source, which is not shipped. Column ranges are left out (``PYTHONNODEBUGRANGES``:
a traceback still names the file and line, without the carets), which makes the zip a fifth smaller.
Compiled with the file name zipimport would give the source (``/lib/python314.zip/json/decoder.py``).

The bytecode depends on the source and on the Python that compiled it, so each result is kept in a
cache folder, named by the source's digest and a salt of this module and Pyodide's version.

This module imports nothing from Sphinx.
"""

from __future__ import annotations

import base64
import hashlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from .nodejs import run_script

Where = Literal["zip", "site"]  # the standard library's zip, or site-packages (the engine wheel)

__all__ = ["BytecodeError", "as_bytecode", "compile_sources"]


class BytecodeError(RuntimeError):
    """Pyodide under Node.js, which compiles the sources, could not run or refused a source."""


# Node.js script: argv = pyodide folder, a JSON file of {name: source}, the output file ({name: base64}).
NODE_SCRIPT = r"""
import { readFileSync, writeFileSync } from "node:fs";
const [runtime, sources, output, where] = process.argv.slice(2);
try {
  const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + runtime).href);
  const pyodide = await loadPyodide({
    indexURL: runtime,
    env: { PYTHONNODEBUGRANGES: "1" },
    stdout: () => {},
    stderr: (line) => console.error(line),
  });
  pyodide.FS.mkdirTree("/oldtricks");
  pyodide.FS.writeFile("/oldtricks/in.json", readFileSync(sources));
  pyodide.globals.set("where", where);
  pyodide.runPython(`
import base64, importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc
if next(compile("x = 1", "probe", "exec").co_positions())[2] is not None:
    raise SystemExit("PYTHONNODEBUGRANGES did not reach Python: column ranges would be compiled")
# the file name the source would have: in the standard library's zip, or in site-packages
prefix = ("/lib/python%d%d.zip/" if where == "zip" else "/lib/python%d.%d/site-packages/") % sys.version_info[:2]
with open("/oldtricks/in.json", encoding="utf-8") as handle:
    sources = json.load(handle)
out, errors = {}, {}
for name, text in sources.items():
    data = text.encode("utf-8")
    try:
        code = compile(data, prefix + name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        errors[name] = f"{name}:{getattr(exc, 'lineno', None) or 1}: {type(exc).__name__}: {exc}"
        continue
    out[name] = base64.b64encode(_code_to_hash_pyc(code, importlib.util.source_hash(data), False)).decode()
with open("/oldtricks/out.json", "w", encoding="utf-8") as handle:
    json.dump({"pyc": out, "errors": errors}, handle)
`);
  writeFileSync(output, pyodide.FS.readFile("/oldtricks/out.json"));
} catch (err) {
  console.error(String(err?.message ?? err).slice(-2000));  // not the minified glue's source
  process.exit(1);
}
"""


def _in_pyodide(sources: Mapping[str, bytes], runtime: Path, where: Where) -> dict[str, bytes]:
    texts = {name: data.decode("utf-8") for name, data in sources.items()}
    made = run_script(
        NODE_SCRIPT,
        runtime,
        texts,
        error=BytecodeError,
        doing="the standard library is compiled",
        failed="Pyodide under Node.js failed",
        after=[where],
    )
    if made["errors"]:
        raise BytecodeError("Pyodide's Python could not compile:\n" + "\n".join(made["errors"].values()))
    return {name: base64.b64decode(made["pyc"][name]) for name in sources}


def _salt(runtime: Path) -> str:
    """This module's and Pyodide's versions: another compiler, other bytecode."""
    digest = hashlib.sha256(Path(__file__).read_bytes())
    digest.update((runtime / "package.json").read_bytes() if (runtime / "package.json").is_file() else b"")
    return digest.hexdigest()[:16]


def compile_sources(
    sources: Mapping[str, bytes], runtime: Path, cache: Path | None, where: Where = "zip"
) -> dict[str, bytes]:
    """The pyc of each source (``{name: source}`` -> ``{name: pyc}``), compiled by the Pyodide in
    ``runtime`` (node_modules/pyodide) unless ``cache`` holds it. ``where`` the modules are imported
    from, which names their file in a traceback: the standard library's zip, or site-packages."""
    salt = _salt(runtime) + where
    keys = {
        name: hashlib.sha256(name.encode() + b"\0" + data).hexdigest() + "-" + salt for name, data in sources.items()
    }
    out: dict[str, bytes] = {}
    missing: dict[str, bytes] = {}
    for name, data in sources.items():
        kept = cache / keys[name] if cache is not None else None
        if kept is not None and kept.is_file():
            out[name] = kept.read_bytes()
        else:
            missing[name] = data
    if missing:
        made = _in_pyodide(missing, runtime, where)
        out.update(made)
        if cache is not None:
            cache.mkdir(parents=True, exist_ok=True)
            for name, data in made.items():
                # a name of this process's own, then renamed: two builds sharing the cache never mix
                tmp = cache / f"{keys[name]}.{os.getpid()}.tmp"
                tmp.write_bytes(data)
                tmp.replace(cache / keys[name])
    return {name: out[name] for name in sources}


def as_bytecode(
    members: Mapping[str, bytes], runtime: Path, cache: Path | None, where: Where = "zip"
) -> dict[str, bytes]:
    """The members of a zip with each ``NAME.py`` replaced by ``NAME.pyc`` (:func:`compile_sources`), the
    others as they are, in the same order.

    >>> as_bytecode({"README": b"hi"}, Path("nowhere"), None)
    {'README': b'hi'}
    """
    compiled = compile_sources({n: d for n, d in members.items() if n.endswith(".py")}, runtime, cache, where)
    return {(name + "c" if name in compiled else name): compiled.get(name, data) for name, data in members.items()}
