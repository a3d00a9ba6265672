"""Self-hosted browser runtime for the live explorer: Pyodide + the engine wheel.

Layout written into a built site (``outdir``)::

    _static/pyodide/            the Pyodide runtime, exactly RUNTIME_FILES, from node_modules/pyodide; its
                                standard library trimmed to what the engine imports (stdlib.py) and
                                compiled to Pyodide's bytecode, NAME.pyc for NAME.py (bytecode.py), its
                                JavaScript glue minified (glue.py; the wasm binary as Pyodide ships it),
                                its lock file to the one package-free entry it needs (no package is loaded)
    _static/wheels/<wheel>      the engine wheel (oldtricks-<version>-py3-none-any.whl), with only what the
                                live engine imports, compiled as the library is (livewheel.py); it and the standard
                                library's zip deflated by Zopfli where installed (deflate.py)
    _static/oldtricks/runtime.json
                                the runtime manifest read by live.js (see MANIFEST below)
    oldtricks-sw.js             the service worker that keeps the runtime for the next page and
                                offline (serviceworker.js, versioned by the runtime's digest); at
                                the root, so that its scope is the whole site

The runtime manifest and the service worker are written by manifest.py (its docstring has the format).

This module imports nothing from Sphinx. The Sphinx extension calls ``copy_runtime`` from its
``build-finished`` hook (after Sphinx has copied ``static/oldtricks/`` into ``_static/oldtricks/``);
the noxfile calls it through the package's command line (``python site/oldtricks_runtime wheel``, cli.py).

>>> pinned_version(repo_root() / "package.json", "pyodide") is not None
True
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from . import glue as _glue
from . import livewheel as _livewheel
from . import manifest as _manifest
from . import stdlib as _stdlib

__all__ = [
    "MANIFEST_NAME",
    "RUNTIME_FILES",
    "RuntimeSetupError",
    "build_wheel",
    "copy_runtime",
    "pinned_version",
    "repo_root",
    "write_service_worker",
]

# What Pyodide 314 fetches at run time in a browser, and nothing else: the loader (imported by
# worker.js), the Emscripten module it imports, the wasm binary, the standard library (trimmed),
# and the lock file (loadPyodide always fetches it, even when no package is loaded: it gets one
# without packages). No .map, no console.
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
LOCK_NAME = "pyodide-lock.json"


class RuntimeSetupError(RuntimeError):
    """A missing or inconsistent runtime input (node_modules, wheel)."""


def repo_root() -> Path:
    """The repository holding this file (site/oldtricks_runtime/runtime.py)."""
    return Path(__file__).resolve().parents[2]


def pinned_version(package_json: Path, package: str) -> str | None:
    """The version of ``package`` that package.json pins, or None when it is not there."""
    try:
        data = json.loads(package_json.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    for section in ("dependencies", "devDependencies"):
        version = data.get(section, {}).get(package)
        if version:
            return str(version)
    return None


MANIFEST_NAME: str = _manifest.MANIFEST_NAME
PYODIDE_DIR: str = _manifest.PYODIDE_DIR
WHEELS_DIR: str = _manifest.WHEELS_DIR
CLIENT_DIR: str = _manifest.CLIENT_DIR
write_service_worker = _manifest.write_service_worker


def _engine_source() -> Path:
    return repo_root() / "engine" / "oldtricks"


def _write_lock(source: Path, dest: Path) -> None:
    """Pyodide's lock file without its packages: the site loads none, and loadPyodide reads only
    its ``info`` (the ABI and the Python version) when no package is asked for."""
    try:
        info = json.loads(source.read_text(encoding="utf-8"))["info"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise RuntimeSetupError(f"unreadable Pyodide lock file {source}: {exc}") from exc
    dest.write_text(json.dumps({"info": info, "packages": {}}, separators=(",", ":")), encoding="utf-8")


CACHE = Path(__file__).resolve().parents[2] / "build" / "cache"  # stripped sources, deflate streams


def trim_stdlib(source: Path, dest: Path, keep: Path | None, cache: Path | None, compiled: bool = True) -> None:
    """Write the trimmed standard library ``dest`` from Pyodide's folder ``source`` (node_modules/pyodide),
    by the keep list ``keep`` (None: stdlib-keep.txt): the step copy_runtime runs, and warm.py before it.
    ``compiled``: as Pyodide's bytecode (bytecode.py), else as sources."""
    kept = _stdlib.read_keep(keep or _stdlib.KEEP_FILE)
    frozen = _stdlib.read_frozen(keep or _stdlib.KEEP_FILE)
    _stdlib.write_trimmed(
        source / _stdlib.TRIMMED_NAME, dest, kept, _engine_source(), frozen, source, cache, compiled=compiled
    )


def copy_runtime(
    outdir: Path,
    node_modules: Path,
    wheel: Path,
    keep: Path | None = None,
    minify: bool = True,
    cache: Path | None = CACHE,
    compiled: bool = True,
) -> None:
    """Copy the Pyodide runtime and the engine wheel into a built site and write the manifest.

    ``outdir`` is the site root (the folder holding ``_static/``), ``node_modules`` the folder
    that ``npm ci`` filled, ``wheel`` the engine wheel, of which the site gets the live engine's part
    (livewheel.py) under the same name. Stale files in ``_static/pyodide/`` and old
    ``oldtricks-*.whl`` in ``_static/wheels/`` are removed so that the output holds exactly what the
    page needs. ``keep``: the standard library's keep list (default: stdlib-keep.txt). ``minify``:
    Pyodide's JavaScript glue compacted and minified by node_modules' esbuild (glue.py), else copied.
    ``cache``: where the sources stripped by Pyodide itself (strip.py) and the zips' deflate streams
    (deflate.py) are kept between builds, in ``stripped/`` and ``deflated/`` (None: no cache), and the
    bytecode in ``bytecode/``. ``compiled``: the standard library and the engine go in as the bytecode
    that the pinned Pyodide's Python compiles from them at build time (bytecode.py), else as sources.
    """
    outdir, node_modules, wheel = Path(outdir), Path(node_modules), Path(wheel)
    source = node_modules / "pyodide"
    installed = _installed(source, node_modules, wheel)
    static = outdir / "_static"
    runtime_dir = static / PYODIDE_DIR
    wheels_dir = static / WHEELS_DIR
    client_dir = static / CLIENT_DIR
    for folder in (runtime_dir, wheels_dir, client_dir):
        folder.mkdir(parents=True, exist_ok=True)
    sizes = _copy_pyodide(source, runtime_dir, node_modules, keep, cache, compiled, minify)
    live_wheel = _write_live_wheel(wheel, wheels_dir, source, cache, compiled)
    sizes["wheel"] = live_wheel.stat().st_size
    _manifest.write_manifest(outdir, installed, live_wheel, sizes, RUNTIME_FILES, _stdlib.TRIMMED_NAME)


def _installed(source: Path, node_modules: Path, wheel: Path) -> str:
    """The version of the Pyodide in ``source``, once it and the engine ``wheel`` are found as pinned."""
    missing = [name for name in RUNTIME_FILES if not (source / name).is_file()]
    if missing:
        raise RuntimeSetupError(
            f"Pyodide runtime not found in {source} (missing: {', '.join(missing)}). "
            "Run `npm ci` at the repository root (package.json pins pyodide)."
        )
    installed = json.loads((source / "package.json").read_text(encoding="utf-8"))["version"]
    pinned = pinned_version(node_modules.parent / "package.json", "pyodide")
    if pinned is not None and pinned != installed:
        raise RuntimeSetupError(f"node_modules holds pyodide {installed} but package.json pins {pinned}: run `npm ci`.")
    if not wheel.is_file() or wheel.suffix != ".whl":
        raise RuntimeSetupError(f"engine wheel not found: {wheel}")
    return str(installed)


def _copy_pyodide(
    source: Path,
    runtime_dir: Path,
    node_modules: Path,
    keep: Path | None,
    cache: Path | None,
    compiled: bool,
    minify: bool,
) -> dict[str, int]:
    """Each of :data:`RUNTIME_FILES` into ``runtime_dir`` (the standard library trimmed, the lock file
    without packages, the glue minified), anything else there removed: the size of each."""
    for stale in runtime_dir.iterdir():
        if stale.name not in RUNTIME_FILES:
            shutil.rmtree(stale) if stale.is_dir() else stale.unlink()
    sizes: dict[str, int] = {}
    for name in RUNTIME_FILES:
        if name == _stdlib.TRIMMED_NAME:
            try:
                trim_stdlib(source, runtime_dir / name, keep, cache, compiled)
            except (_stdlib.StdlibError, OSError, zipfile.BadZipFile) as exc:
                raise RuntimeSetupError(f"cannot trim the standard library {source / name}: {exc}") from exc
        elif name == LOCK_NAME:
            _write_lock(source / name, runtime_dir / name)
        elif name == _glue.GLUE_NAME and minify:
            try:
                _glue.minify_glue(source / name, runtime_dir / name, node_modules.absolute() / ".bin" / "esbuild")
            except (_glue.GlueError, OSError) as exc:
                raise RuntimeSetupError(f"cannot minify Pyodide's glue {source / name}: {exc}") from exc
        else:
            shutil.copyfile(source / name, runtime_dir / name)
        sizes[name] = (runtime_dir / name).stat().st_size
    return sizes


def _write_live_wheel(wheel: Path, wheels_dir: Path, source: Path, cache: Path | None, compiled: bool) -> Path:
    """The live engine's part of ``wheel`` in ``wheels_dir``, under the same name (older ones removed)."""
    for stale in wheels_dir.glob("oldtricks-*.whl"):
        if stale.name != wheel.name:
            stale.unlink()
    live_wheel = wheels_dir / wheel.name
    try:
        _livewheel.write_live_wheel(
            wheel,
            live_wheel,
            cache / "deflated" if cache is not None else None,
            source if compiled else None,
            cache / "bytecode" if cache is not None else None,
        )
    except _livewheel.LiveWheelError as exc:
        raise RuntimeSetupError(str(exc)) from exc
    return live_wheel


def _attempts(project: Path, out: Path) -> list[tuple[str, list[str]]]:
    attempts: list[tuple[str, list[str]]] = []
    if importlib.util.find_spec("hatchling") is not None:
        # PEP 517 hook of the backend named in pyproject.toml, offline, in this interpreter
        # (a nox venv with hatchling installed); run as a child so that cwd is the project.
        hook = "import sys, hatchling.build as b; print(b.build_wheel(sys.argv[1]))"
        attempts.append(("hatchling (installed)", [sys.executable, "-c", hook, str(out)]))
    uv = shutil.which("uv")
    if uv:
        attempts.append(("uv build", [uv, "build", "--wheel", "--out-dir", str(out), str(project)]))
    if importlib.util.find_spec("pip") is not None:
        attempts.append(
            ("pip wheel", [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(out), str(project)])
        )
    return attempts


def build_wheel(dest: Path, project: Path | None = None) -> Path:
    """Build the engine wheel from the repository into ``dest`` and return its path.

    Tries, in order: hatchling's PEP 517 hook if hatchling is importable here (offline), then
    ``uv build --wheel``, then ``pip wheel --no-deps``. Raises ``RuntimeError`` naming every
    attempt and its output if none produced a wheel.
    """
    project = Path(project) if project is not None else repo_root()
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    failures: list[str] = []
    attempts = _attempts(project, dest)
    for label, command in attempts:
        with tempfile.TemporaryDirectory(prefix="oldtricks-wheel-") as tmp:
            command = [tmp if part == str(dest) else part for part in command]
            proc = subprocess.run(command, cwd=project, capture_output=True, text=True, check=False)
            wheels = sorted(Path(tmp).glob("oldtricks-*.whl"))
            if proc.returncode == 0 and len(wheels) == 1:
                target = dest / wheels[0].name
                shutil.move(str(wheels[0]), target)
                return target
            tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
            failures.append(f"--- {label} (exit {proc.returncode}): {' '.join(command)}\n{tail}")
    if not attempts:
        failures.append("no builder available: install hatchling (or uv, or pip) in this environment")
    raise RuntimeSetupError(f"could not build the oldtricks wheel from {project}:\n" + "\n".join(failures))
