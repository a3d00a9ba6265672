"""The engine wheel as the browser gets it: only what the live engine can import, without comments.

The engine's wheel (``pip install``, the command line) carries the statistics, the command line, the
terminal game, type stubs' marker and a METADATA holding the whole README. The browser runs
``oldtricks.live.api`` and what it imports: :func:`live_members` finds that part by reading the wheel's
own sources, from ``oldtricks/live/api.py``, the packages' ``__init__.py`` and every module under
``oldtricks/games/`` (the registry imports a game's module by its name, on first use), through every
import statement that names an engine module, module-level or inside a function (a superset of what
a run imports, so nothing the live engine reaches is left out). :func:`write_live_wheel` writes those
modules, each without comments, with empty docstrings and narrow indentation on the same lines
(strip.py: a traceback from the live engine still names the right line), the ledger (``DATA``: every
game's rule table), the compiled catalogs of the engine's languages (``CATALOGS``), and a dist-info of the
package's name, version, licence and a RECORD of what is in it. The browser tests replay every scenario on
it and compare the frames with the build's.

This module imports nothing from Sphinx.

>>> members = {"oldtricks/__init__.py": b"from .core.cards import Card\\n", "oldtricks/core/__init__.py": b"",
...            "oldtricks/core/cards.py": b"", "oldtricks/live/__init__.py": b"",
...            "oldtricks/live/api.py": b"def f():\\n    from ..scenarios import replay\\n",
...            "oldtricks/scenarios/__init__.py": b"", "oldtricks/scenarios/replay.py": b"",
...            "oldtricks/cli/main.py": b"import argparse\\n", "oldtricks/games/__init__.py": b""}
>>> sorted(name.removeprefix("oldtricks/") for name in live_members(members))  # doctest: +NORMALIZE_WHITESPACE
['__init__.py', 'core/__init__.py', 'core/cards.py', 'games/__init__.py', 'live/__init__.py', 'live/api.py',
 'scenarios/__init__.py', 'scenarios/replay.py']
"""

from __future__ import annotations

import ast
import base64
import hashlib
import zipfile
from collections.abc import Mapping
from pathlib import Path

from . import bytecode, deflate
from .strip import strip_source

__all__ = ["LiveWheelError", "live_members", "write_live_wheel"]

PACKAGE = "oldtricks"
ROOTS = (f"{PACKAGE}/__init__.py", f"{PACKAGE}/live/__init__.py", f"{PACKAGE}/live/api.py")
GAMES = f"{PACKAGE}/games/"  # every module here is a root: the registry imports them by name
DATA = (f"{PACKAGE}/ledger.toml",)  # files the live engine reads: the ledger is every game's rule table
# ... and the compiled catalogs of every language it speaks, which it reads by path: the engine's words
# (oldtricks/core/i18n.py), the ledger's rules and the site's scenarios (oldtricks/core/datawords.py)
CATALOGS = (f"{PACKAGE}/locales/", tuple(f"/LC_MESSAGES/{name}.mo" for name in ("oldtricks", "ledger", "scenarios")))
# dist-info files kept as they are (entry_points.txt names the command line, which is left out)
DIST_INFO_KEPT = ("WHEEL", "licenses/")


class LiveWheelError(RuntimeError):
    """The engine wheel is missing, not a zip, or lacks the live engine."""


def _imported(member: str, source: bytes, members: Mapping[str, bytes]) -> list[str]:
    """The engine members that the import statements of ``member`` name, wherever they stand."""
    package = member.rsplit("/", 1)[0].split("/")
    found: list[str] = []
    for node in ast.walk(ast.parse(source, member)):
        if isinstance(node, ast.Import):
            targets = [alias.name.split(".") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            base = base + (node.module.split(".") if node.module else [])
            targets = [base] + [[*base, alias.name] for alias in node.names]
        else:
            continue
        for parts in targets:
            if parts[:1] != [PACKAGE]:
                continue
            for depth in range(1, len(parts) + 1):  # a package's __init__ runs before its module
                path = "/".join(parts[:depth])
                found += [m for m in (f"{path}.py", f"{path}/__init__.py") if m in members]
    return found


def live_members(members: Mapping[str, bytes]) -> set[str]:
    """The members of an engine wheel (path -> content) that the live engine can import."""
    todo = [m for m in members if m in ROOTS or (m.startswith(GAMES) and m.endswith(".py"))]
    missing = [root for root in ROOTS if root not in members]
    if missing:
        raise LiveWheelError(f"the engine wheel lacks {', '.join(missing)}")
    seen: set[str] = set()
    while todo:
        member = todo.pop()
        if member in seen:
            continue
        seen.add(member)
        todo += _imported(member, members[member], members)
    return seen


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}"


def _metadata(text: str) -> str:
    """METADATA's header (name, version, licence ...) without the long description after it."""
    head = text.split("\n\n", 1)[0]
    return "\n".join(line for line in head.splitlines() if not line.startswith("Description-Content-Type")) + "\n"


def write_live_wheel(
    full: Path, dest: Path, cache: Path | None = None, runtime: Path | None = None, compiled: Path | None = None
) -> list[str]:
    """Write the live engine's wheel ``dest`` from the engine wheel ``full``; return its members.
    Members are deflated by deflate.py, which keeps its streams in ``cache`` (None: no cache).
    ``runtime``: the Pyodide (node_modules/pyodide) whose Python compiles each module, ``NAME.pyc`` in
    place of ``NAME.py`` (bytecode.py), so that the browser compiles none of the engine; ``compiled``
    keeps that bytecode between builds (None: no cache). Without ``runtime`` the modules are sources."""
    try:
        with zipfile.ZipFile(full) as wheel:
            members = {info.filename: wheel.read(info) for info in wheel.infolist() if not info.is_dir()}
    except (OSError, zipfile.BadZipFile) as exc:
        raise LiveWheelError(f"cannot read the engine wheel {full}: {exc}") from exc
    try:
        modules = sorted(live_members(members))
    except SyntaxError as exc:
        raise LiveWheelError(f"{full}: {exc.filename}, line {exc.lineno}: {exc.msg}") from exc
    out: dict[str, bytes] = {name: strip_source(members[name]) for name in modules}
    if runtime is not None:
        try:
            out = bytecode.as_bytecode(out, runtime, compiled, "site")
        except (bytecode.BytecodeError, UnicodeDecodeError) as exc:
            raise LiveWheelError(f"cannot compile the live engine: {exc}") from exc
    missing = [name for name in DATA if name not in members]
    if missing:
        raise LiveWheelError(f"the engine wheel {full} lacks {', '.join(missing)}")
    out.update({name: members[name] for name in DATA})
    catalogs = {
        name: data for name, data in members.items() if name.startswith(CATALOGS[0]) and name.endswith(CATALOGS[1])
    }
    if not catalogs:
        raise LiveWheelError(f"the engine wheel {full} has no compiled catalogs ({CATALOGS[0]}*{CATALOGS[1][0]})")
    out.update(catalogs)
    dist_info = next((name.split("/")[0] for name in members if name.split("/")[0].endswith(".dist-info")), None)
    if dist_info is None:
        raise LiveWheelError(f"the engine wheel {full} has no .dist-info")
    for name, data in members.items():
        inside = name[len(dist_info) + 1 :] if name.startswith(dist_info + "/") else None
        if inside == "METADATA":
            out[name] = _metadata(data.decode("utf-8")).encode("utf-8")
        elif inside is not None and inside.startswith(DIST_INFO_KEPT):
            out[name] = data
    record = f"{dist_info}/RECORD"
    lines = [_record_line(name, data) for name, data in out.items()] + [f"{record},,"]
    out[record] = ("\n".join(lines) + "\n").encode("utf-8")
    dest.parent.mkdir(parents=True, exist_ok=True)
    with dest.open("wb") as wheel:
        deflate.write_zip(wheel, [deflate.Member(name, data) for name, data in out.items()], cache)
    return list(out)
