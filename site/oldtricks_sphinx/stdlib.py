"""The trimmed standard library the live engine runs on: only what Pyodide's start and the engine import.

Pyodide ships its standard library as one zip (``python_stdlib.zip``, 2.5 MB) and loads it from the
URL given by ``loadPyodide({stdLibURL})``. The live engine needs a small part of it. Which part is
found by tracing a real run: ``python site/oldtricks_sphinx/stdlib.py trace`` starts the pinned
Pyodide under Node.js (node_modules/pyodide, full standard library), installs the engine wheel the
way worker.js does, replays every scenario and calls every operation of ``oldtricks.live`` (the
failing ones too), then lists every module of the zip that was imported. The list is kept in
``stdlib-keep.txt`` beside this file, one zip member a line, and read by every build.

At build, :func:`write_trimmed` writes the zip of the kept members, plus what the engine's own
imports need at module level (:func:`engine_imports`, closed over the zip's module-level imports by
:func:`import_closure`): an engine module that starts to import something new still finds it, and
the trace is then run again to catch imports made inside functions. The browser tests replay every
scenario on the trimmed runtime and compare the frames with the build's.

This module imports nothing from Sphinx.

    python site/oldtricks_sphinx/stdlib.py trace [--wheel W] [--node-modules N]   # rewrites stdlib-keep.txt
    python site/oldtricks_sphinx/stdlib.py write --out Z [--node-modules N]       # writes a trimmed zip

>>> imports = engine_imports(_repo_root() / "engine" / "oldtricks")
>>> "json" in imports, "tomllib" in imports  # tomllib: imported inside a function the browser never runs
(True, False)
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path

__all__ = [
    "KEEP_FILE",
    "SOURCE_NAME",
    "TRIMMED_NAME",
    "StdlibError",
    "docstrings",
    "engine_imports",
    "import_closure",
    "kept_members",
    "read_keep",
    "strip_source",
    "trace",
    "write_trimmed",
]

SOURCE_NAME = "python_stdlib.zip"  # in node_modules/pyodide
TRIMMED_NAME = SOURCE_NAME  # in the site's _static/pyodide/: the name Pyodide looks for by default
KEEP_FILE = Path(__file__).with_name("stdlib-keep.txt")
ZIP_ROOT = "/lib/python314.zip/"  # where Pyodide 314 mounts the standard library zip
HEADER = """\
# The members of Pyodide's python_stdlib.zip that the live engine imports, traced from a real run
# (Pyodide under Node.js: its start, the engine wheel installed as worker.js does, every scenario
# replayed, every live operation called). Written by `python site/oldtricks_sphinx/stdlib.py trace`;
# run it again when the engine or the pinned Pyodide changes. One zip member a line.
"""


class StdlibError(RuntimeError):
    """A missing input of the trace or the trimmed zip (node, node_modules, the wheel, the keep list)."""


def _repo_root() -> Path:
    return Path(__file__).resolve().parents[2]


# ---- the trace ----------------------------------------------------------------------------------
# Node.js script: argv = pyodide folder, wheel, requests JSON (a list of [function, args...]).
# It starts Pyodide and installs the engine exactly as worker.js does, then runs the requests in
# turn (a request's own failure is part of the trace: the error paths import too).
TRACE_SCRIPT = r"""
import { readFileSync } from "node:fs";
const [runtime, wheel, requestsFile] = process.argv.slice(2);
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + runtime).href);
const pyodide = await loadPyodide({ indexURL: runtime, stdout: () => {}, stderr: () => {} });
const sitePackages = pyodide.runPython(
  "import site, sys\n" +
    "next((p for p in site.getsitepackages() if p in sys.path), site.getsitepackages()[0])",
);
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
pyodide.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(sitePackages)}, None)`);
const live = pyodide.pyimport("oldtricks.live");
pyodide.runPython(
  "import json, sys, oldtricks\n" +
    "json.dumps({'python': sys.version.split()[0], 'engine': getattr(oldtricks, '__version__', None)})",
);
let answered = 0;
const requests = JSON.parse(readFileSync(requestsFile, "utf-8"));
for (const [fn, ...args] of requests) {
  let text;
  if (fn === "frames-then-play") {
    // open a table, then play the first legal move of each step that has one, and an illegal move
    const [key, spec] = args;
    const opened = JSON.parse(live.open_table(key, JSON.stringify(spec), "{}"));
    const frames = opened.frames || [];
    const seats = (frames[0] && frames[0].seats ? frames[0].seats : []).map((_, i) => i);
    for (const [step, frame] of frames.entries()) {
      if (frame.turn === null || frame.turn === undefined || !(frame.legal || []).length) continue;
      live.play(key, step, String(frame.legal[0]), JSON.stringify(seats.filter((s) => s !== frame.turn)));
      live.open_table(key, JSON.stringify(spec), "{}");
      live.play(key, step, "not-a-move", "[]");
      break;
    }
    text = opened.ok ? "ok" : "failed";
  } else if (fn === "raise") {
    try { pyodide.runPython(args[0]); } catch (err) { text = String(err.message).split("\n").pop(); }
  } else {
    text = live[fn](...args);
  }
  if (typeof text === "string") answered += 1;
}
const members = pyodide.runPython(`
import json, sys
root = ${JSON.stringify("__ZIP_ROOT__")}
found = set()
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    if path.startswith(root):
        found.add(path[len(root):])
json.dumps(sorted(found))
`);
process.stdout.write(JSON.stringify({ answered, requests: requests.length, members: JSON.parse(members) }));
"""


def trace_requests(scenarios: Path) -> list[list[object]]:
    """The live requests the trace makes: every scenario opened and played into, and every ``call``
    operation, each with good and with bad arguments."""
    sys.path.insert(0, str(_repo_root() / "engine"))
    from oldtricks.scenario import discover, load

    not_replayed = ("description", "demonstrates", "expect")  # as the site's replay_spec leaves out
    requests: list[list[object]] = []
    first: dict[str, str] = {}
    for index, path in enumerate(discover([scenarios])):
        spec = {k: v for k, v in load(path, scenarios).spec().items() if k not in not_replayed}
        key = f"t{index}"
        first.setdefault(str(spec["game"]), key)
        requests.append(["frames-then-play", key, spec])
        requests.append(["open_table", key, json.dumps(spec), "{}"])
    for game, key in first.items():
        for op, args in (
            ("table_spec", {"key": key}),
            ("table_spec", {"key": key, "viewer": None}),
            ("link_of_table", {"key": key}),
            ("table_note", {"key": key, "step": 0, "text": "a note"}),
            ("table_note", {"key": key, "step": 0, "text": ""}),
            ("advance", {"key": key, "step": 0, "bots": [0, 1, 2, 3]}),
            ("deal_hands", {"key": key}),
            ("game_info", {"game": game, "options": {}}),
            ("scenario_toml", {"key": key}),
            ("frames", {"key": key}),
        ):
            requests.append(["call", op, json.dumps(args)])
    for op, text in (
        ("version", "{}"),
        ("games", "{}"),
        ("link_decode", json.dumps({"link": "v1;nonsense"})),
        ("table_spec", json.dumps({"key": "missing"})),
        ("no_such_op", "{}"),
        ("games", "{not json"),
    ):
        requests.append(["call", op, text])
    requests.append(["open_table", "bad", json.dumps({"game": "nonesuch"}), "{}"])
    requests.append(["play", "missing", 0, "x", "[]"])
    requests.append(["raise", "raise ValueError('a Python error, formatted as worker.js reports it')"])
    return requests


def trace(node_modules: Path, wheel: Path, scenarios: Path) -> list[str]:
    """The zip members imported in a real Pyodide run of the engine (see the module's docstring)."""
    node = shutil.which("node")
    if node is None:
        raise StdlibError("the trace runs Pyodide under Node.js: `node` is not on PATH")
    runtime = Path(node_modules) / "pyodide"
    if not (runtime / "pyodide.mjs").is_file():
        raise StdlibError(f"no Pyodide in {runtime}: run `npm ci`")
    if not Path(wheel).is_file():
        raise StdlibError(f"engine wheel not found: {wheel}")
    requests = trace_requests(scenarios)
    with tempfile.TemporaryDirectory(prefix="oldtricks-trace-") as tmp:
        script = Path(tmp) / "trace.mjs"
        script.write_text(TRACE_SCRIPT.replace("__ZIP_ROOT__", ZIP_ROOT), encoding="utf-8")
        (Path(tmp) / "requests.json").write_text(json.dumps(requests), encoding="utf-8")
        proc = subprocess.run(
            [node, str(script), str(runtime.resolve()) + "/", str(wheel), str(Path(tmp) / "requests.json")],
            capture_output=True,
            text=True,
            check=False,
        )
    if proc.returncode != 0:
        raise StdlibError(f"the Pyodide trace failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}")
    result = json.loads(proc.stdout)
    if result["answered"] != result["requests"]:
        raise StdlibError(f"the trace answered {result['answered']} of {result['requests']} requests")
    return list(result["members"])


# ---- what to keep ---------------------------------------------------------------------------------
def read_keep(path: Path = KEEP_FILE) -> list[str]:
    """The members listed in a keep file (comments and blank lines skipped)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise StdlibError(f"cannot read the standard library's keep list {path}: {exc.strerror}") from None
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def _module_level_imports(tree: ast.Module) -> Iterable[ast.Import | ast.ImportFrom]:
    """The import statements that importing a module runs: outside functions (in classes, ifs, trys)."""
    todo: list[ast.AST] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            todo.extend(ast.iter_child_nodes(node))


def engine_imports(engine: Path) -> set[str]:
    """Standard library modules that importing the live engine imports: the module-level imports of
    ``oldtricks.live``, of the engine modules it imports so, and of every game (the registry imports
    a game's package on first use). Imports inside functions are the trace's to find."""
    engine = Path(engine)
    todo = [engine / "__init__.py", engine / "live.py", *sorted((engine / "games").rglob("*.py"))]
    seen: set[Path] = set()
    names: set[str] = set()
    while todo:
        source = todo.pop()
        if source in seen or not source.is_file():
            continue
        seen.add(source)
        package = source.parent
        for node in _module_level_imports(ast.parse(source.read_text(encoding="utf-8"), str(source))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names if alias.name.split(".")[0] != "oldtricks")
                continue
            if node.level == 0 and node.module and node.module.split(".")[0] != "oldtricks":
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
                continue
            base = package
            for _ in range(max(node.level - 1, 0)):
                base = base.parent
            if node.level == 0 and node.module:  # oldtricks.x.y, absolute
                base = engine.parent
            target = base.joinpath(*node.module.split(".")) if node.module else base
            todo.extend([target.with_suffix(".py"), target / "__init__.py"])
            todo.extend(target / f"{alias.name}.py" for alias in node.names)
            todo.extend(target / alias.name / "__init__.py" for alias in node.names)
    return names


# A module-level import statement in a standard library source (column 0: what importing it runs).
_IMPORT = re.compile(r"^(?:from\s+(\.*[\w.]*)\s+import\s+(\([^)]*\)|[^#\n]+)|import\s+([^#\n]+))", re.MULTILINE)


def _member(name: str, members: set[str]) -> str | None:
    path = name.replace(".", "/")
    for candidate in (f"{path}.py", f"{path}/__init__.py"):
        if candidate in members:
            return candidate
    return None


def _package_of(member: str) -> str:
    parts = member[: -len(".py")].split("/")
    return ".".join(parts[:-1])  # a package's __init__ is its own package; a module's, its folder


def import_closure(roots: Iterable[str], archive: zipfile.ZipFile) -> set[str]:
    """The members that importing the modules ``roots`` needs: each module, its packages, and the
    same of every module-level import in them, found in the zip."""
    members = set(archive.namelist())
    todo = [m for m in (_member(name, members) for name in roots) if m]
    seen: set[str] = set()
    while todo:
        member = todo.pop()
        if member in seen:
            continue
        seen.add(member)
        parts = member.split("/")
        for depth in range(1, len(parts)):
            init = "/".join(parts[:depth]) + "/__init__.py"
            if init in members:
                todo.append(init)
        text = archive.read(member).decode("utf-8", "replace")
        package = _package_of(member)
        for match in _IMPORT.finditer(text):
            found: list[str] = []
            if match.group(3):
                found = [part.split(" as ")[0].strip() for part in match.group(3).split(",")]
            else:
                base = match.group(1)
                dots = len(base) - len(base.lstrip("."))
                if dots:
                    anchor = package.split(".") if package else []
                    anchor = anchor[: len(anchor) - (dots - 1)] if dots > 1 else anchor
                    base = ".".join([*anchor, base.lstrip(".")] if base.lstrip(".") else anchor)
                names = match.group(2).strip("()\n ").replace("\n", " ")
                found = [base] + [f"{base}.{n.split(' as ')[0].strip()}" for n in names.split(",") if n.strip()]
            todo.extend(m for m in (_member(name, members) for name in found if name) if m)
    return seen


def kept_members(archive: zipfile.ZipFile, keep: Iterable[str], engine: Path) -> list[str]:
    """The members of the trimmed zip: the traced ones, and what the engine's imports need."""
    members = set(archive.namelist())
    traced = set(keep)
    missing = sorted(traced - members)
    if missing:
        raise StdlibError(
            f"{KEEP_FILE.name} lists members that {SOURCE_NAME} does not hold: {', '.join(missing[:5])}"
            " (a new Pyodide? run `python site/oldtricks_sphinx/stdlib.py trace`)"
        )
    return sorted(traced | import_closure(engine_imports(engine), archive))


# ---- the members, without what only a reader of the source needs ---------------------------------
_CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=]")  # PEP 263: an encoding line is kept


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


def strip_source(source: bytes) -> bytes:
    r"""``source`` without comments, its docstrings emptied (``""``), each line where it was, so that a
    traceback still names the right line. Returned unchanged unless it parses here and the stripped
    text parses to the same tree (docstrings aside): a module written in syntax newer than this Python's
    (the zip is Pyodide's 3.14) is shipped as it is. ``__doc__`` is then empty, which only help() reads.

    >>> source = b"'''The module.'''\nx = 1  # one\n\ndef f():\n    '''Doc,\n    two.'''\n    return '#'\n"
    >>> print(strip_source(source).decode())
    ""
    x = 1
    <BLANKLINE>
    def f():
        ""
    <BLANKLINE>
        return '#'
    <BLANKLINE>
    >>> strip_source(b"# -*- coding: utf-8 -*-\nw = f'{x!r:>{w}}'  # gone\n")
    b"# -*- coding: utf-8 -*-\nw = f'{x!r:>{w}}'\n"
    >>> strip_source(b"type X = int  # 3.12 syntax: left as it is\n")
    b'type X = int  # 3.12 syntax: left as it is\n'
    """
    import io
    import tokenize

    try:
        text = source.decode("utf-8")
        tree = ast.parse(text)
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return source
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
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(out).readline))
    except (tokenize.TokenError, SyntaxError):
        return source
    kept = out.splitlines(keepends=True)
    for token in reversed(tokens):
        if token.type != tokenize.COMMENT:
            continue
        row, col = token.start
        line = kept[row - 1]
        if row <= 2 and _CODING.match(line.encode()):
            continue
        ending = line[len(line.rstrip("\r\n")) :]
        kept[row - 1] = line[:col].rstrip() + line[token.end[1] :].rstrip("\r\n") + ending
    stripped = "".join(kept)
    try:
        same = _shape(ast.parse(stripped)) == _shape(tree)
    except SyntaxError:
        same = False
    return stripped.encode("utf-8") if same else source


def write_trimmed(source: Path, dest: Path, keep: Iterable[str], engine: Path) -> list[str]:
    """Write the trimmed standard library zip ``dest`` from Pyodide's ``source``; return its members.
    Python sources go in without comments and with empty docstrings (:func:`strip_source`)."""
    with zipfile.ZipFile(source) as archive:
        names = kept_members(archive, keep, engine)
        dest.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(dest, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for name in names:
                info = archive.getinfo(name)
                copy = zipfile.ZipInfo(name, date_time=info.date_time)
                copy.external_attr = info.external_attr
                data = archive.read(name)
                if name.endswith(".py"):
                    data = strip_source(data)
                out.writestr(copy, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return names


def main(argv: list[str] | None = None) -> int:
    root = _repo_root()
    parser = argparse.ArgumentParser(description="The live engine's trimmed standard library.")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("trace", help=f"trace a real Pyodide run, rewrite {KEEP_FILE.name}")
    run.add_argument("--node-modules", type=Path, default=root / "node_modules")
    run.add_argument("--wheel", type=Path, help="engine wheel (default: the newest in build/wheels)")
    run.add_argument("--scenarios", type=Path, default=root / "scenarios")
    write = commands.add_parser("write", help="write the trimmed zip")
    write.add_argument("--out", type=Path, required=True)
    write.add_argument("--node-modules", type=Path, default=root / "node_modules")
    args = parser.parse_args(argv)
    try:
        if args.command == "trace":
            wheel = args.wheel
            if wheel is None:
                wheels = sorted((root / "build" / "wheels").glob("oldtricks-*.whl"), key=lambda p: p.stat().st_mtime)
                if not wheels:
                    raise StdlibError("no engine wheel in build/wheels: build one (`nox -s site`) or pass --wheel")
                wheel = wheels[-1]
            members = trace(args.node_modules, wheel, args.scenarios)
            KEEP_FILE.write_text(HEADER + "".join(f"{m}\n" for m in members), encoding="utf-8")
            print(f"{KEEP_FILE}: {len(members)} members")
        else:
            source = args.node_modules / "pyodide" / SOURCE_NAME
            names = write_trimmed(source, args.out, read_keep(), root / "engine" / "oldtricks")
            print(f"{args.out}: {len(names)} members, {args.out.stat().st_size:,} bytes")
    except (StdlibError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
