"""A script of the runtime build run by Pyodide's Python under Node.js: the standard library's sources
compiled (bytecode.py), or stripped where they are newer than this Python (strip.py).

The script is an ES module, written to a folder of its own with the texts it works on (``in.json``); it
is called as ``node SCRIPT RUNTIME/ *before in.json out.json *after`` and writes its answer to
``out.json``, which is returned as read.

This module imports nothing from Sphinx.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["run_script"]


def run_script(
    script: str,
    runtime: Path,
    texts: Mapping[str, str],
    *,
    error: type[RuntimeError],
    doing: str,
    failed: str,
    before: Sequence[str] = (),
    after: Sequence[str] = (),
) -> Any:
    """Run ``script`` on ``texts`` with the Pyodide in ``runtime`` (node_modules/pyodide); its answer.
    ``error`` is raised, naming what the build was ``doing`` (Node.js missing) or what ``failed`` (the
    script's exit code and the end of its error output)."""
    node = shutil.which("node")
    if node is None:
        raise error(f"{doing} by Pyodide under Node.js: `node` is not on PATH")
    if not (runtime / "pyodide.mjs").is_file():
        raise error(f"no Pyodide in {runtime}: run `npm ci`")
    with tempfile.TemporaryDirectory(prefix="oldtricks-node-") as tmp:
        folder = Path(tmp)
        (folder / "script.mjs").write_text(script, encoding="utf-8")
        (folder / "in.json").write_text(json.dumps(dict(texts)), encoding="utf-8")
        command = [node, str(folder / "script.mjs"), str(runtime.resolve()) + "/", *before]
        command += [str(folder / "in.json"), str(folder / "out.json"), *after]
        proc = subprocess.run(command, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise error(f"{failed} (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
        return json.loads((folder / "out.json").read_text(encoding="utf-8"))
