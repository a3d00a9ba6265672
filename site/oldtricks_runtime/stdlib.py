"""The trimmed standard library the live engine runs on: only what Pyodide's start and the engine import.

Pyodide ships its standard library as one zip (``python_stdlib.zip``, 2.5 MB) and loads it from the
URL given by ``loadPyodide({stdLibURL})``. The live engine needs a small part of it. Which part is
found by tracing a real run: ``python site/oldtricks_runtime stdlib trace`` starts the pinned
Pyodide under Node.js (node_modules/pyodide, full standard library), installs the engine wheel the
way worker.js does, replays every scenario and calls every operation of ``oldtricks.live.api`` (the
failing ones too), then lists every module of the zip that was imported. The list is kept in
``stdlib-keep.txt`` beside this file, one zip member a line, and read by every build. The modules
that the interpreter has frozen in (``os``, ``site``, the import system ...) are listed apart: it
loads them from itself, so the zip need not carry them. Nor does it carry the :data:`OPTIONAL`
modules, which Pyodide's start imports only where their absence is expected.

At build, :func:`write_trimmed` writes the zip of the kept members, plus what the engine's own
imports need at module level (:func:`engine_imports`, closed over the zip's module-level imports by
:func:`import_closure`): an engine module that starts to import something new still finds it, and
the trace is then run again to catch imports made inside functions. The browser tests replay every
scenario on the trimmed runtime and compare the frames with the build's.

This module imports nothing from Sphinx.

    python site/oldtricks_runtime stdlib trace [--wheel W] [--node-modules N]   # rewrites stdlib-keep.txt
    python site/oldtricks_runtime stdlib write --out Z [--node-modules N]       # writes a trimmed zip

>>> imports = engine_imports(_repo_root() / "engine" / "oldtricks")
>>> "json" in imports, "tomllib" in imports  # tomllib: imported inside a function the browser never runs
(True, False)
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

from . import bytecode as _bytecode
from . import deflate as _deflate
from . import strip as _strip

__all__ = [
    "FROZEN",
    "KEEP_FILE",
    "OPTIONAL",
    "SOURCE_NAME",
    "TRIMMED_NAME",
    "StdlibError",
    "engine_imports",
    "import_closure",
    "kept_members",
    "read_frozen",
    "read_keep",
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
# replayed, every live operation called). Written by `python site/oldtricks_runtime stdlib trace`;
# run it again when the engine or the pinned Pyodide changes. One zip member a line; last, after
# "frozen", the modules the interpreter has frozen in and loads from itself: never shipped.
"""


class StdlibError(RuntimeError):
    """A missing input of the trace or the trimmed zip (node, node_modules, the wheel, the keep list)."""


def _repo_root() -> Path:
    return Path(__file__).resolve().parents[2]


# ---- the trace: stdlibtrace.py ---------------------------------------------------------------------
def trace(node_modules: Path, wheel: Path, scenarios: Path) -> tuple[list[str], list[str]]:
    """The zip members imported in a real Pyodide run of the engine (see the module's docstring), and
    apart those of modules frozen into the interpreter, which it loads from itself, not from the zip.
    Raises :class:`StdlibError` where the trace cannot run or fails."""
    from . import stdlibtrace as tracer

    try:
        members, frozen = tracer.trace(node_modules, wheel, scenarios, ZIP_ROOT)
    except tracer.TraceError as exc:
        raise StdlibError(str(exc)) from None
    return list(members), list(frozen)


# ---- what to keep ---------------------------------------------------------------------------------
FROZEN = "frozen "  # a keep file's line for a member the interpreter has frozen in: "frozen os.py"

# Modules that Pyodide's start imports only inside ``try: ... except ImportError`` and that the live
# engine never uses: shutil's and zipfile's other compressors (the engine wheel and the standard
# library are deflated zips), asyncio's TLS (the engine opens no connection). Left out of the zip,
# each importer takes its except branch, as on a Python built without them; the site's tests check
# that every import of them is so guarded.
OPTIONAL = (
    "bz2.py",
    "lzma.py",
    "compression/__init__.py",
    "compression/_common/__init__.py",
    "compression/_common/_streams.py",
    "compression/zstd/__init__.py",
    "compression/zstd/_zstdfile.py",
    "ssl.py",
    "_ssl.py",
)


def _keep_lines(path: Path) -> list[str]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise StdlibError(f"cannot read the standard library's keep list {path}: {exc.strerror}") from None
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def read_keep(path: Path = KEEP_FILE) -> list[str]:
    """The members listed in a keep file (comments, blank lines and frozen modules skipped)."""
    return [line for line in _keep_lines(path) if not line.startswith(FROZEN)]


def read_frozen(path: Path = KEEP_FILE) -> list[str]:
    """The members a keep file lists as frozen into the interpreter: never loaded from the zip."""
    return [line[len(FROZEN) :].strip() for line in _keep_lines(path) if line.startswith(FROZEN)]


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
    ``oldtricks.live.api``, of the engine modules it imports so, and of every game (the registry imports
    a game's package on first use). Imports inside functions are the trace's to find."""
    engine = Path(engine)
    todo = [
        engine / "__init__.py",
        engine / "live" / "__init__.py",
        engine / "live" / "api.py",
        *sorted((engine / "games").rglob("*.py")),
    ]
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


def import_closure(roots: Iterable[str], archive: zipfile.ZipFile, left_out: Iterable[str] = ()) -> set[str]:
    """The members that importing the modules ``roots`` needs: each module, its packages, and the
    same of every module-level import in them, found in the zip; ``left_out`` members (frozen into
    the interpreter, or optional) are neither kept nor followed."""
    members = set(archive.namelist())
    todo = [m for m in (_member(name, members) for name in roots) if m]
    seen: set[str] = set()
    skipped = set(left_out)
    while todo:
        member = todo.pop()
        if member in seen or member in skipped:
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


def kept_members(archive: zipfile.ZipFile, keep: Iterable[str], engine: Path, frozen: Iterable[str] = ()) -> list[str]:
    """The members of the trimmed zip: the traced ones, and what the engine's imports need, less the
    modules frozen into the interpreter (``frozen``: read_frozen) and the :data:`OPTIONAL` ones."""
    members = set(archive.namelist())
    left_out = set(frozen) | set(OPTIONAL)
    traced = set(keep) - left_out
    missing = sorted(traced - members)
    if missing:
        raise StdlibError(
            f"{KEEP_FILE.name} lists members that {SOURCE_NAME} does not hold: {', '.join(missing[:5])}"
            " (a new Pyodide? run `python site/oldtricks_runtime stdlib trace`)"
        )
    return sorted(traced | import_closure(engine_imports(engine), archive, left_out))


# ---- the trimmed zip -------------------------------------------------------------------------------
def write_trimmed(
    source: Path,
    dest: Path,
    keep: Iterable[str],
    engine: Path,
    frozen: Iterable[str] = (),
    runtime: Path | None = None,
    cache: Path | None = None,
    compiled: bool = False,
) -> list[str]:
    """Write the trimmed standard library zip ``dest`` from Pyodide's ``source``; return its members.
    Python sources go in without comments, with empty docstrings and narrow indentation (strip.py);
    those in syntax newer than this Python's are stripped by the Pyodide in ``runtime`` (the folder
    holding pyodide.mjs; None: they go in as they are). ``compiled`` (needs ``runtime``): each source
    goes in as the bytecode that Pyodide's Python compiles from it, ``NAME.pyc`` (bytecode.py), so
    that the reader's browser compiles none of it. Members are deflated by deflate.py. ``cache``: the
    folder where all three keep their results between builds (None: no cache)."""
    with zipfile.ZipFile(source) as archive:
        names = kept_members(archive, keep, engine, frozen)
        infos = {name: archive.getinfo(name) for name in names}
        data = {name: archive.read(name) for name in names}
    try:
        data = _strip.strip_sources(data, runtime, cache / "stripped" if cache is not None else None)
    except _strip.StripError as exc:
        raise StdlibError(str(exc)) from exc
    if compiled:
        if runtime is None:
            raise StdlibError("the standard library is compiled by Pyodide: no runtime folder was given")
        try:
            data = _bytecode.as_bytecode(data, runtime, cache / "bytecode" if cache is not None else None)
        except (_bytecode.BytecodeError, UnicodeDecodeError) as exc:
            raise StdlibError(str(exc)) from exc
        infos = {(n + "c" if n + "c" in data else n): info for n, info in infos.items()}
        names = list(data)
    members = [_deflate.Member(n, data[n], infos[n].date_time, infos[n].external_attr) for n in names]
    dest.parent.mkdir(parents=True, exist_ok=True)
    with dest.open("wb") as out:
        _deflate.write_zip(out, members, cache / "deflated" if cache is not None else None)
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
            members, frozen = trace(args.node_modules, wheel, args.scenarios)
            lines = [*members, *(f"{FROZEN}{m}" for m in frozen)]
            KEEP_FILE.write_text(HEADER + "".join(f"{line}\n" for line in lines), encoding="utf-8")
            print(f"{KEEP_FILE}: {len(members)} members, {len(frozen)} frozen")
        else:
            source = args.node_modules / "pyodide" / SOURCE_NAME
            engine = root / "engine" / "oldtricks"
            names = write_trimmed(source, args.out, read_keep(), engine, read_frozen(), source.parent, None)
            print(f"{args.out}: {len(names)} members, {args.out.stat().st_size:,} bytes")
    except (StdlibError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
