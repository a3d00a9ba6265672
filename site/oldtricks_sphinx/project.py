"""Where the build finds the project's inputs: the scenarios folder, node_modules, the engine wheel.

Paths in ``conf.py`` may be relative; they are resolved against the folder holding ``conf.py`` once,
when the configuration is read, so every other module sees absolute paths.

>>> bool(SCENARIO_ID.fullmatch("bettelmann/tie-pierer")), bool(SCENARIO_ID.fullmatch("../etc"))
(True, False)
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config

from oldtricks.errors import OldtricksError, ScenarioError
from oldtricks.scenarios.replay import Replay, replay
from oldtricks.scenarios.scenario import Scenario, discover, load
from oldtricks_runtime.runtime import repo_root

__all__ = [
    "SCENARIO_ID",
    "add_cache_folder",
    "load_scenario",
    "other_editions",
    "own_pages",
    "replay_scenario",
    "scenario_files",
    "scenario_path",
    "setup_project",
]

# A scenario id is its path below the scenarios folder: words of letters, digits, '-' and '_'
# joined by '/'. No '..', so an id never reaches outside the folder.
SCENARIO_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(/[A-Za-z0-9][A-Za-z0-9_-]*)*")


def add_cache_folder(app: Sphinx, name: str, folder: str, description: str) -> None:
    """The configuration value ``name``: a folder of results kept between builds (and editions), by default
    ``build/cache/<folder>`` in the repository; '' keeps none."""
    default = str(repo_root() / "build" / "cache" / folder)
    app.add_config_value(name, default, "", types=frozenset({str}), description=description)


def other_editions(app: Sphinx) -> frozenset[str]:
    """The folders of the other editions inside this build's output: those of every edition but the source
    language's (the first of ``oldtricks_languages``) when this build is the source language's, else none.
    The editions are built beside the English site, each into its own folder: the English build's last
    steps leave their files alone."""
    languages = list(app.config.oldtricks_languages)
    return frozenset(languages[1:]) if languages and app.config.language == languages[0] else frozenset()


def own_pages(app: Sphinx) -> list[Path]:
    """The HTML pages this build wrote: under its output, not in ``_static`` nor in another edition's folder."""
    outdir = Path(app.outdir)
    skip = {"_static", *other_editions(app)}
    return [path for path in sorted(outdir.rglob("*.html")) if not skip & {path.relative_to(outdir).parts[0]}]


def setup_project(app: Sphinx) -> None:
    app.add_config_value(
        "oldtricks_scenarios",
        "",
        "env",
        types=frozenset({str}),
        description="folder of scenario files (default: <repo>/scenarios)",
    )
    app.add_config_value(
        "oldtricks_node_modules",
        "",
        "",
        types=frozenset({str}),
        description="folder filled by `npm ci` (default: <repo>/node_modules)",
    )
    app.add_config_value(
        "oldtricks_wheel",
        "",
        "",
        types=frozenset({str}),
        description="engine wheel for the live engine (default: built from the repo)",
    )
    app.connect("config-inited", _resolve_paths)


def _resolve_paths(app: Sphinx, config: Config) -> None:
    confdir = Path(app.confdir)
    defaults = {
        "oldtricks_scenarios": repo_root() / "scenarios",
        "oldtricks_node_modules": repo_root() / "node_modules",
    }
    for name in ("oldtricks_scenarios", "oldtricks_node_modules", "oldtricks_wheel"):
        value = str(config[name] or "")
        if value:
            setattr(config, name, str((confdir / value).resolve()))
        elif name in defaults:
            setattr(config, name, str(defaults[name]))


def scenarios_root(config: Config) -> Path:
    return Path(config.oldtricks_scenarios)


def scenario_path(config: Config, scenario_id: str) -> Path | None:
    """The file of a scenario id, or None when the id is malformed."""
    if not SCENARIO_ID.fullmatch(scenario_id):
        return None
    return scenarios_root(config) / f"{scenario_id}.toml"


def scenario_files(config: Config) -> list[Path]:
    """Every scenario file under the scenarios folder, sorted."""
    root = scenarios_root(config)
    return discover([root]) if root.is_dir() else []


def load_scenario(config: Config, path: Path) -> Scenario:
    """Load one scenario file; raises :class:`ScenarioError` (``path:line: message``)."""
    return load(path, scenarios_root(config))


def replay_scenario(scenario: Scenario) -> Replay:
    """Replay a scenario; any engine error comes back as a :class:`ScenarioError` naming the file."""
    try:
        return replay(scenario)
    except ScenarioError:
        raise
    except OldtricksError as exc:
        raise ScenarioError(str(exc), scenario.path) from None
