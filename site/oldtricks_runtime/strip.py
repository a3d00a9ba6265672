"""Python sources without what only their reader needs: comments, docstrings, wide indentation.

The live engine downloads its standard library (stdlib.py) and the engine's own modules
(livewheel.py) as source, which Pyodide compiles when they are imported. :func:`strip_source` takes
out the comments, empties the docstrings (``""``) and indents each block by one space a level; every
line stays where it was, so that a traceback still names the right line. The result must parse to
the same tree as the source, docstrings aside, or the source is kept as it was.

That check needs a parser that knows the source's syntax. Pyodide's standard library is Python
3.14's, and a few of its modules use syntax that this Python (3.11 and up) cannot parse (``type``
statements, generic classes, nested quotes in f-strings); :func:`strip_sources` gives those to
Pyodide's own Python, run under Node.js from node_modules as the standard library's trace runs it,
which strips them with this very module. Its results are kept in a cache folder, named by the
source's and this module's digests: the standard library is the same build after build.

This module imports nothing from Sphinx.
"""

from __future__ import annotations

import ast
import hashlib
import io
import os
import re
import tokenize
from collections.abc import Mapping
from pathlib import Path

__all__ = ["StripError", "docstrings", "parses_here", "strip_source", "strip_sources"]

_CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=]")  # PEP 263: an encoding line is kept


class StripError(RuntimeError):
    """Pyodide under Node.js, which strips the sources newer than this Python, could not run."""


def docstrings(tree: ast.AST) -> list[ast.Expr]:
    """The docstring statements of a module, its classes and its functions."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                found.append(first)
    return found


def _shape(tree: ast.AST) -> str:
    """The tree with every docstring emptied: what the stripped source must parse to."""
    for doc in docstrings(tree):
        assert isinstance(doc.value, ast.Constant)
        doc.value.value = ""
    return ast.dump(tree)


def parses_here(source: bytes) -> bool:
    """Whether this Python parses ``source`` (UTF-8)."""
    try:
        ast.parse(source.decode("utf-8"))
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return False
    return True


def _without_docstrings(text: str, tree: ast.Module) -> str:
    """``text`` with each docstring replaced by ``""`` and as many line breaks as it spanned."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    out = text
    for doc in sorted(docstrings(tree), key=lambda d: (d.lineno, d.col_offset), reverse=True):
        assert doc.end_lineno is not None
        assert doc.end_col_offset is not None
        # ast's columns count UTF-8 bytes: turn them into offsets in the text
        begin = starts[doc.lineno - 1] + len(lines[doc.lineno - 1].encode()[: doc.col_offset].decode())
        end = starts[doc.end_lineno - 1] + len(lines[doc.end_lineno - 1].encode()[: doc.end_col_offset].decode())
        out = out[:begin] + '""' + "\n" * (doc.end_lineno - doc.lineno) + out[end:]
    return out


def _without_comments_narrow(text: str) -> str:
    """``text`` without comments (an encoding line aside), each logical line indented by one space a
    block level; lines inside brackets, strings or after a backslash keep their own indentation."""
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    kept = text.splitlines(keepends=True)
    depth, at_start = 0, True
    starts: dict[int, tuple[int, int]] = {}  # row of a logical line's first token -> (block depth, column)
    for token in tokens:
        if token.type == tokenize.INDENT:
            depth += 1
        elif token.type == tokenize.DEDENT:
            depth -= 1
        elif token.type == tokenize.NEWLINE:
            at_start = True
        elif token.type not in (tokenize.NL, tokenize.COMMENT, tokenize.ENCODING, tokenize.ENDMARKER) and at_start:
            starts[token.start[0]] = (depth, token.start[1])
            at_start = False
    for token in reversed(tokens):
        if token.type != tokenize.COMMENT:
            continue
        row, col = token.start
        line = kept[row - 1]
        if row <= 2 and _CODING.match(line.encode()):
            continue
        ending = line[len(line.rstrip("\r\n")) :]
        kept[row - 1] = line[:col].rstrip() + line[token.end[1] :].rstrip("\r\n") + ending
    for row, (level, col) in starts.items():
        kept[row - 1] = " " * level + kept[row - 1][col:]
    return "".join(kept)


def strip_source(source: bytes) -> bytes:
    r"""``source`` without comments, its docstrings emptied (``""``), its blocks indented by one space,
    each line where it was. Returned unchanged unless it parses here and the stripped text parses to
    the same tree (docstrings aside): syntax newer than this Python's is left to
    :func:`strip_sources`. ``__doc__`` is then empty, which only help() reads.

    >>> source = b"'''The module.'''\nx = 1  # one\n\ndef f():\n    '''Doc,\n    two.'''\n"
    >>> source += b"    return ('#',\n            2)\n"
    >>> print(strip_source(source).decode())
    ""
    x = 1
    <BLANKLINE>
    def f():
     ""
    <BLANKLINE>
     return ('#',
                2)
    <BLANKLINE>
    >>> strip_source(b"# -*- coding: utf-8 -*-\nw = f'{x!r:>{w}}'  # gone\n")
    b"# -*- coding: utf-8 -*-\nw = f'{x!r:>{w}}'\n"
    >>> strip_source(b"type X = int  # 3.12 syntax: left as it is here\n")
    b'type X = int  # 3.12 syntax: left as it is here\n'
    """
    try:
        text = source.decode("utf-8")
        tree = ast.parse(text)
        stripped = _without_comments_narrow(_without_docstrings(text, tree))
        same = _shape(ast.parse(stripped)) == _shape(tree)
    except (SyntaxError, UnicodeDecodeError, ValueError, tokenize.TokenError):
        return source
    return stripped.encode("utf-8") if same else source


# ---- sources newer than this Python: stripped by Pyodide's own ---------------------------------------
# Node.js script: argv = pyodide folder, this module, a JSON file of {name: source}, the output file.
# Pyodide's Python imports this module from its file system and strips each source with it.
NODE_SCRIPT = r"""
import { readFileSync, writeFileSync } from "node:fs";
const [runtime, module, sources, output] = process.argv.slice(2);
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + runtime).href);
const pyodide = await loadPyodide({ indexURL: runtime, stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.FS.mkdirTree("/oldtricks");
pyodide.FS.writeFile("/oldtricks/oldtricks_strip.py", readFileSync(module));
pyodide.FS.writeFile("/oldtricks/in.json", readFileSync(sources));
pyodide.runPython(`
import json, sys
sys.path.insert(0, "/oldtricks")
from oldtricks_strip import strip_source
with open("/oldtricks/in.json", encoding="utf-8") as handle:
    sources = json.load(handle)
stripped = {name: strip_source(text.encode("utf-8")).decode("utf-8") for name, text in sources.items()}
with open("/oldtricks/out.json", "w", encoding="utf-8") as handle:
    json.dump(stripped, handle)
`);
writeFileSync(output, pyodide.FS.readFile("/oldtricks/out.json"));
"""


def _in_pyodide(sources: Mapping[str, bytes], runtime: Path) -> dict[str, bytes]:
    # imported here: Pyodide's Python imports this module alone, as oldtricks_strip, outside its package
    from .nodejs import run_script

    texts = {name: data.decode("utf-8") for name, data in sources.items()}
    stripped = run_script(
        NODE_SCRIPT,
        runtime,
        texts,
        error=StripError,
        doing="sources newer than this Python are stripped",
        failed=f"Pyodide could not strip {', '.join(sources)}",
        before=[__file__],
    )
    return {name: str(text).encode("utf-8") for name, text in stripped.items()}


def strip_sources(sources: Mapping[str, bytes], runtime: Path | None, cache: Path | None) -> dict[str, bytes]:
    """Each source stripped (:func:`strip_source`): here where this Python parses it, else by Pyodide's
    Python in ``runtime`` (node_modules/pyodide; None: left as it is). ``cache`` keeps every result, named
    by the source's and this module's digests: stripping the standard library here takes half a minute,
    and it is the same build after build."""
    salt = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]  # another stripper, other results
    keys = {name: hashlib.sha256(data).hexdigest() + "-" + salt for name, data in sources.items()}
    out: dict[str, bytes] = {}
    made: dict[str, bytes] = {}
    newer: dict[str, bytes] = {}
    for name, data in sources.items():
        kept = cache / keys[name] if cache is not None else None
        if kept is not None and kept.is_file():
            out[name] = kept.read_bytes()
        elif name.endswith(".py") and not parses_here(data):
            newer[name] = data
        else:
            out[name] = made[name] = strip_source(data)
    if newer and runtime is not None:
        done = _in_pyodide(newer, runtime)
        for name in newer:
            out[name] = made[name] = done[name]
    else:
        out.update(newer)  # no Pyodide: as they are, and not kept (a later build with Pyodide strips them)
    if cache is not None and made:
        cache.mkdir(parents=True, exist_ok=True)
        for name, data in made.items():
            # a name of this process's own, then renamed: two builds sharing the cache never mix
            tmp = cache / f"{keys[name]}.{os.getpid()}.tmp"
            tmp.write_bytes(data)
            tmp.replace(cache / keys[name])
    return {name: out[name] for name in sources}
