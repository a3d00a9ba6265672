"""Every module of the repository's Python small enough to read in one sitting (the engine, the site, the
benchmarks, the tests, the tools and noxfile.py): at most 400 lines, and no function over 60 (issue 29,
item 8). A module that is a table of data may be longer, but only where the allow-list below names it and
says why."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import ROOT

MODULE_LINES = 400
FUNCTION_LINES = 60  # from the ``def`` line to the function's last line, docstring and nested code included
FOLDERS = (ROOT / "engine", ROOT / "site", ROOT / "bench", ROOT / "tests", ROOT / "tools")
FILES = (ROOT / "noxfile.py",)

# Modules allowed more lines because they are tables of data (no logic of their own to split by job):
# path from the repository's root -> why. Nothing else may be listed here.
DATA_TABLES: dict[str, str] = {}


def python_files() -> list[Path]:
    found = [p for folder in FOLDERS for p in folder.rglob("*.py") if "node_modules" not in p.parts]
    return sorted([*found, *FILES])


def too_long(source: str, path: str) -> list[str]:
    """What in ``source`` is over the limits: the module, then each function (nested ones too), as
    ``path:line: ...``."""
    found = []
    lines = len(source.splitlines())
    if lines > MODULE_LINES:
        found.append(f"{path}: {lines} lines, more than {MODULE_LINES}")
    for node in ast.walk(ast.parse(source, path)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            span = (node.end_lineno or node.lineno) - node.lineno + 1
            if span > FUNCTION_LINES:
                found.append(f"{path}:{node.lineno}: function {node.name} is {span} lines, more than {FUNCTION_LINES}")
    return found


def test_the_measure_finds_a_long_module_and_a_long_nested_function() -> None:
    inner = "".join(f"        y{i} = {i}\n" for i in range(61))
    source = "def outer():\n    def inner():\n" + inner + "    return inner\n"
    assert too_long(source, "m.py") == [
        "m.py:1: function outer is 64 lines, more than 60",
        "m.py:2: function inner is 62 lines, more than 60",
    ]
    assert too_long("x = 1\n" * 400, "m.py") == []
    assert too_long("x = 1\n" * 401, "m.py") == ["m.py: 401 lines, more than 400"]
    body = "".join(f"    x{i} = {i}\n" for i in range(59))
    assert too_long(f"def f():\n{body}\n\ndef g():\n    return 1\n", "m.py") == []  # f: 60 lines


@pytest.mark.parametrize("path", python_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_module_over_400_lines_and_no_function_over_60(path: Path) -> None:
    name = path.relative_to(ROOT).as_posix()
    found = too_long(path.read_text(encoding="utf-8"), name)
    if name in DATA_TABLES:
        found = [f for f in found if not f.startswith(f"{name}: ")]  # its length only; its functions count
    assert found == [], "split it by job: " + "; ".join(found)


def test_the_allow_list_names_only_modules_that_are_there_and_over_the_limit() -> None:
    for name in DATA_TABLES:
        path = ROOT / name
        assert path.is_file(), f"{name}: listed in DATA_TABLES but not there"
        assert len(path.read_text(encoding="utf-8").splitlines()) > MODULE_LINES, f"{name}: no longer needs the list"
