"""The engine's import graph: the core imports no game, games import no other game, each room (sub-package)
imports only the rooms below it, and no circle exists among any package's modules, counting every import
(at module level, inside functions, and those only type checkers read, under ``if TYPE_CHECKING:``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import ROOT

ENGINE = ROOT / "engine"
PACKAGE = ENGINE / "oldtricks"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ENGINE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every engine module ``path`` imports, wherever the import statement stands."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[: len(base) - node.level + 1] if node.level else []
            target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.add(target)
            found.update(f"{target}.{a.name}" for a in node.names)  # `from . import bots` names a module
    return {m for m in found if m.startswith("oldtricks")}


GRAPH = {module_name(p): imports(p) for p in sorted(PACKAGE.rglob("*.py"))}
MODULES = set(GRAPH)


def edges(name: str) -> set[str]:
    """The modules ``name`` needs, package ``__init__`` files left out (a package's own ``__init__``
    re-exports its modules: that is not a circle between them)."""
    return {m for m in GRAPH[name] if m in MODULES and not _is_package(m)}


def _is_package(name: str) -> bool:
    return (ENGINE / name.replace(".", "/") / "__init__.py").exists()


def circle(start: str) -> list[str] | None:
    """A path of imports leading from ``start`` back to itself, or None."""
    stack: list[tuple[str, list[str]]] = [(start, [start])]
    seen: set[str] = set()
    while stack:
        node, path = stack.pop()
        for nxt in sorted(edges(node)):
            if nxt == start:
                return [*path, nxt]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, [*path, nxt]))
    return None


CHECKED = sorted(MODULES)  # the core's modules and every game's


@pytest.mark.parametrize("name", CHECKED)
def test_no_import_circle_through(name: str) -> None:
    found = circle(name)
    assert found is None, " -> ".join(found)


def test_the_circle_finder_finds_a_circle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GRAPH, "oldtricks.games.druzbart.view", {"oldtricks.games.druzbart.game"})
    found = circle("oldtricks.games.druzbart.game")
    assert found is not None and found[-1] == "oldtricks.games.druzbart.game"


def test_the_circle_finder_finds_one_in_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    # the circle there was: checking a scenario's share link (links) from inside replay
    monkeypatch.setitem(
        GRAPH, "oldtricks.scenarios.replay", GRAPH["oldtricks.scenarios.replay"] | {"oldtricks.scenarios.links"}
    )
    assert circle("oldtricks.scenarios.links") == [
        "oldtricks.scenarios.links",
        "oldtricks.scenarios.replay",
        "oldtricks.scenarios.links",
    ]


def test_the_core_imports_no_game_and_games_import_no_other_game() -> None:
    for name, needs in GRAPH.items():
        if not name.startswith("oldtricks.games"):
            # the registry finds games by name at run time (importlib), never by an import statement
            assert not {m for m in needs if m.startswith("oldtricks.games.")}, name
        elif name.count(".") >= 2:
            game = name.split(".")[2]
            others = {m for m in needs if m.startswith("oldtricks.games.") and m.split(".")[2] != game}
            assert not others, f"{name} imports {others}"


# The engine's rooms, each with the rooms it may import (all may import the package's top: its errors and
# version). The core is the floor; the live API, the command line and the statistics stand on the rest.
ROOMS = {
    "core": set(),
    "scenarios": {"core"},
    "analysis": {"core", "scenarios"},
    "games": {"core", "analysis"},
    "live": {"core", "scenarios", "analysis"},
    "cli": {"core", "scenarios", "analysis"},
    "stats": {"core", "scenarios", "analysis"},
}
TOP = {"oldtricks", "oldtricks.__main__", "oldtricks.errors"}  # the package's top: a handful of modules


def room_of(name: str) -> str | None:
    return name.split(".")[1] if name.count(".") and name.split(".")[1] in ROOMS else None


def rooms_breached() -> list[tuple[str, list[str]]]:
    """``(module, rooms)`` for each module that imports a room its own may not."""
    found: list[tuple[str, list[str]]] = []
    for name, needs in sorted(GRAPH.items()):
        room = room_of(name)
        if room is not None:
            above = {r for m in needs if (r := room_of(m)) is not None and r != room} - ROOMS[room]
            found += [(name, sorted(above))] if above else []
    return found


def test_each_room_imports_only_the_rooms_below_it() -> None:
    assert rooms_breached() == []


def test_a_room_importing_one_above_it_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GRAPH, "oldtricks.core.refusal", GRAPH["oldtricks.core.refusal"] | {"oldtricks.live.api"})
    assert rooms_breached() == [("oldtricks.core.refusal", ["live"])]


def test_the_top_holds_a_handful_and_every_other_module_a_room() -> None:
    assert {name for name in MODULES if room_of(name) is None} == TOP
