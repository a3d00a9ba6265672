r"""Pyodide's JavaScript glue (``pyodide.asm.mjs``) as the site ships it: smaller, the same code.

The glue is Emscripten's output for Pyodide's interpreter: 1.25 MB, its whitespace already gone but
its names long. Two steps make it about a quarter smaller without changing what it does:

1. :func:`compact_exports`: ``assignWasmExports`` binds every function the wasm binary exports, one
   statement each, naming it three times (the local, ``Module["_name"]``, ``wasmExports["name"]``)::

       _PyList_New=Module["_PyList_New"]=wasmExports["PyList_New"];

   About 4,500 such statements become one destructuring assignment from a list of the names, with the
   same locals and the same ``Module`` keys bound to the same values; exported globals (``.value>>>0``)
   likewise; any other statement stays as it is. The statements only read ``wasmExports`` and each
   writes its own names, so their order does not matter.
2. esbuild (the version package.json pins) minifies the result: local names shortened, syntax
   compacted. Property names, which Pyodide's loader and the wasm imports look up by string, stay.

The wasm binary itself is Pyodide's own, untouched. A glue whose ``assignWasmExports`` is not in the
shape above (another Pyodide) is only minified: :func:`compact_exports` then says so.

This module imports nothing from Sphinx.

>>> body = 'function assignWasmExports(wasmExports){_f=Module["_f"]=wasmExports["f"];_g=Module["_g"]'
>>> body += '=wasmExports["g"].value>>>0;memory=Module["memory"]=wasmExports["memory"]}'
>>> print(compact_exports(body)[0].replace(";", ";\n"))
function assignWasmExports(wasmExports){[_f]=["f"].map(n=>Module["_"+n]=wasmExports[n]);
[_g]=["g"].map(n=>Module["_"+n]=wasmExports[n].value>>>0);
memory=Module["memory"]=wasmExports["memory"]}
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

__all__ = ["GLUE_NAME", "GlueError", "compact_exports", "compact_module_exports", "minify_glue"]

GLUE_NAME = "pyodide.asm.mjs"
_ASSIGN = re.compile(r"function assignWasmExports\(wasmExports\)\{([^{}]*)\}")
_FUNCTION = re.compile(r'(_[\w$]+)=Module\["(_[\w$]+)"\]=wasmExports\["([\w$]+)"\]')
_GLOBAL = re.compile(r'(_[\w$]+)=Module\["(_[\w$]+)"\]=wasmExports\["([\w$]+)"\]\.value>>>0')


class GlueError(RuntimeError):
    """esbuild is missing or failed on the glue."""


def _bound(statement: str, shape: re.Pattern[str]) -> str | None:
    """The export name a statement binds in the given shape (local and key both ``_`` + name), or None."""
    found = shape.fullmatch(statement)
    if found is None or not found.group(1) == found.group(2) == "_" + found.group(3):
        return None
    return found.group(3)


def compact_exports(glue: str) -> tuple[str, int]:
    """``glue`` with ``assignWasmExports`` written compactly, and the number of statements compacted
    (0: not in the expected shape, ``glue`` returned as it is)."""
    found = _ASSIGN.search(glue)
    if found is None:
        return glue, 0
    functions: list[str] = []
    values: list[str] = []
    others: list[str] = []
    for statement in found.group(1).split(";"):
        name = _bound(statement, _FUNCTION)
        if name is not None:
            functions.append(name)
            continue
        name = _bound(statement, _GLOBAL)
        if name is not None:
            values.append(name)
        elif statement:
            others.append(statement)
    parts = []
    for names, read in ((functions, "wasmExports[n]"), (values, "wasmExports[n].value>>>0")):
        if names:
            locals_ = ",".join(f"_{name}" for name in names)
            keys = ",".join(f'"{name}"' for name in names)
            parts.append(f'[{locals_}]=[{keys}].map(n=>Module["_"+n]={read})')
    body = ";".join(parts + others)
    return glue[: found.start(1)] + body + glue[found.end(1) :], len(functions) + len(values)


# A run of statements each putting a local on Module under its own name, as Emscripten writes the
# runtime's exported helpers (``Module["FS"]=FS;Module["addRunDependency"]=addRunDependency;...``)
_MODULE_RUN = re.compile(r'(?<=[;{}])(?:Module\["([\w$]+)"\]=\1;){2,}')
_MODULE_ONE = re.compile(r'Module\["([\w$]+)"\]=\1;')


def compact_module_exports(glue: str) -> tuple[str, int]:
    """``glue`` with each run of ``Module["name"]=name;`` statements written as one
    ``Object.assign(Module,{name,...});`` (the same properties set in the same order, from the same
    locals, which reading does not change), and the number of statements so written.

    >>> compact_module_exports('f();Module["FS"]=FS;Module["GL"]=GL;g()')
    ('f();Object.assign(Module,{FS,GL});g()', 2)
    """
    count = 0

    def one(run: re.Match[str]) -> str:
        nonlocal count
        names = _MODULE_ONE.findall(run.group(0))
        count += len(names)
        return f"Object.assign(Module,{{{','.join(names)}}});"

    return _MODULE_RUN.sub(one, glue), count


def minify_glue(source: Path, dest: Path, esbuild: Path) -> int:
    """Write ``source`` (Pyodide's glue) to ``dest``, its exports compacted and minified by ``esbuild``;
    return the number of export statements compacted. Raises :class:`GlueError` when esbuild is
    missing or fails."""
    if not esbuild.is_file():
        raise GlueError(f"esbuild is missing ({esbuild}): run `npm ci` at the repository root")
    text, compacted = compact_exports(source.read_text(encoding="utf-8"))
    text, assigned = compact_module_exports(text)
    proc = subprocess.run(
        # ESM in, ESM out; UTF-8 kept as it is (not escaped); esbuild's notes on the CommonJS branch
        # that Emscripten leaves in for Node are not errors
        [str(esbuild), "--minify", "--format=esm", "--charset=utf8", "--log-level=error", "--loader=js"],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    if proc.returncode != 0:
        raise GlueError(f"esbuild failed on {source} (exit {proc.returncode}):\n{proc.stderr.strip()[-2000:]}")
    dest.write_text(proc.stdout, encoding="utf-8")
    return compacted + assigned
