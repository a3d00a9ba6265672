"""The browser runtime's build, ``site/oldtricks_runtime``, is a package of its own beside the Sphinx
extension: its modules import one another by name (none is loaded by its file's path), none imports
Sphinx, and its command line runs from its folder, as the noxfile runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "site" / "oldtricks_runtime"
IMPORT_ALL = """
import importlib, pkgutil, sys
import oldtricks_runtime
for module in pkgutil.iter_modules(oldtricks_runtime.__path__):
    if module.name != "__main__":
        importlib.import_module("oldtricks_runtime." + module.name)
print(sorted(name for name in sys.modules if name.split(".")[0] in ("sphinx", "docutils", "oldtricks_sphinx")))
"""


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "site"), str(REPO / "engine")])}


def test_the_runtime_package_imports_no_sphinx() -> None:
    done = subprocess.run([sys.executable, "-c", IMPORT_ALL], capture_output=True, text=True, env=_env(), check=True)
    assert done.stdout.strip() == "[]"


def test_no_module_of_the_site_is_loaded_by_its_path() -> None:
    for path in sorted((REPO / "site").rglob("*.py")):
        assert "spec_from_file_location" not in path.read_text(encoding="utf-8"), path


def test_the_command_line_runs_from_its_folder() -> None:
    done = subprocess.run([sys.executable, str(PACKAGE), "--help"], capture_output=True, text=True, check=True)
    for command in ("wheel", "copy", "serve", "operations", "stdlib"):
        assert command in done.stdout
    said = subprocess.run([sys.executable, str(PACKAGE), "stdlib", "--help"], capture_output=True, text=True)
    assert said.returncode == 0 and "trace" in said.stdout
