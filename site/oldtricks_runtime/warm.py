"""The live engine's runtime made ready in a process of its own while Sphinx reads and writes the pages.

A build with empty caches (a fresh clone, as in CI) spends about two minutes of CPU on work that needs no
page: stripping, compiling and deflating the trimmed standard library (stdlib.py, strip.py, bytecode.py,
deflate.py) and the precompressed copies of Pyodide's 9.6 MB wasm binary (compress.py). Sphinx works on
one core. So when an HTML build that copies the runtime starts, :func:`start` runs that work in a second
process, which fills the caches that the build-finished steps (runtime.copy_runtime, compress.precompress)
read, and :func:`finish` waits for it before they run. The process writes cache entries only, each under a
name of its own and then renamed: if it fails, is killed or is slow, the build does the same work itself,
as it would without it.

This module imports nothing from Sphinx.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["command", "finish", "start", "verbatim"]

SITE = Path(__file__).resolve().parents[1]  # the folder holding this package


def verbatim(node_modules: Path) -> list[Path]:
    """The runtime's files that the build copies as they are, so that their compressed copies can be
    made before the copy (the glue is minified first, the lock file rewritten, the library trimmed)."""
    from . import glue, stdlib
    from .runtime import LOCK_NAME, RUNTIME_FILES

    changed = {glue.GLUE_NAME, LOCK_NAME, stdlib.TRIMMED_NAME}
    return [node_modules / "pyodide" / name for name in RUNTIME_FILES if name not in changed]


def start(
    node_modules: Path, keep: Path | None, precompressed: Path | None, compiled: bool = True
) -> subprocess.Popen[bytes]:
    """The warming process, started: its output goes nowhere (a failure only costs the time it saved)."""
    return subprocess.Popen(
        command(node_modules, keep, precompressed, compiled), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def command(node_modules: Path, keep: Path | None, precompressed: Path | None, compiled: bool) -> list[str]:
    """The warming process's command line; ``compiled``: the library is trimmed as the build will trim it,
    as bytecode (bytecode.py) or as sources. Its last four arguments are :func:`main`'s."""
    return [
        sys.executable,
        "-c",
        # the package imports the engine, as the build does (docs/conf.py puts both folders on sys.path)
        "import sys; sys.path[:0] = sys.argv[1:3]; from oldtricks_runtime.warm import main; main(sys.argv[3:])",
        str(SITE),
        str(SITE.parent / "engine"),
        str(node_modules),
        str(keep or ""),
        str(precompressed or ""),
        "compiled" if compiled else "sources",
    ]


def finish(process: subprocess.Popen[bytes] | None, wait: bool) -> None:
    """Wait for the warming process (``wait``), or stop it (a build that failed)."""
    if process is None or process.poll() is not None:
        return
    if wait:
        try:
            process.wait(timeout=600)
            return
        except subprocess.TimeoutExpired:
            pass
    process.kill()
    process.wait()


def main(argv: list[str]) -> None:
    """In the warming process: the trimmed library written to a scratch file (its caches filled), then
    the compressed copies of the files copied as they are."""
    from . import compress, stdlib
    from .runtime import CACHE, trim_stdlib

    node_modules, keep, precompressed = Path(argv[0]), argv[1], argv[2]
    compiled = argv[3:4] != ["sources"]
    with tempfile.TemporaryDirectory(prefix="oldtricks-warm-") as scratch:
        trim_stdlib(
            node_modules / "pyodide", Path(scratch) / stdlib.TRIMMED_NAME, Path(keep) if keep else None, CACHE, compiled
        )
    if precompressed:
        compress.warm(verbatim(node_modules), Path(precompressed))
