"""The task menu: ``nox -l`` lists the sessions.

The README's test command is ``nox -t check``: lint, typecheck, the scenario checks, the unit and
property tests, the Sphinx build and the browser tests.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import nox

sys.path.insert(0, str(Path(__file__).parent / "tools"))  # noxsupport, the sessions' helpers
from noxsupport import (
    BYTECODE,
    LANGUAGES,
    ROOT,
    RUNTIME,
    SITE,
    _build_site,
    _engine_wheel,
    _group,
    ensure_chromium,
    start_chromium_install,
)

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = False

PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"


# pytest-xdist: the engine and browser tests spread over every core (env OLDTRICKS_JOBS=0 runs them in
# one process, e.g. to debug with -x or pdb).
JOBS = ["-n", os.environ.get("OLDTRICKS_JOBS", "auto")]


def _named_tests(session: nox.Session) -> bool:
    """The arguments name tests of their own (`nox -s browser -- tests/browser/test_x.py::test_y`): then
    only those run, not the session's whole folder as well."""
    return any(Path(arg.split("::")[0]).exists() for arg in session.posargs if not arg.startswith("-"))


@nox.session(python=PYTHON, tags=["check"])
def lint(session: nox.Session) -> None:
    """Ruff: lint and format check of the engine, the site code, the tests and the benchmarks."""
    start_chromium_install()
    session.install(*_group("lint"))
    session.run("ruff", "check", "engine", "site", "tests", "noxfile.py", "tools", "bench")
    session.run("ruff", "format", "--check", "engine", "site", "tests", "noxfile.py", "tools", "bench")


@nox.session(python=PYTHON, tags=["check"])
def typecheck(session: nox.Session) -> None:
    """Mypy --strict on all the repository's Python: the engine, the Sphinx extension, the runtime build, bench/,
    tools/, this file and the tests ([tool.mypy] in pyproject.toml), then tests/site and tests/browser in runs of
    their own, each with its own conftest (and its own cache, so that a warm run rechecks nothing)."""
    start_chromium_install()
    session.install(*_group("typecheck"))
    session.run("mypy", "--strict")
    for folder in ("site", "browser"):
        session.run("mypy", "--strict", "--cache-dir", f".mypy_cache/{folder}", f"tests/{folder}")


@nox.session(python=PYTHON, tags=["check"])
def tests(session: nox.Session) -> None:
    """Engine, scenario and CLI tests (pytest + hypothesis) and the engine modules' doctests, then
    `oldtricks check` and `coverage`. The cluster group too: tests/test_stats_cluster.py plays statistics on
    a local Dask cluster (the engine itself needs no Dask)."""
    start_chromium_install()
    session.install(*_group("test"), *_group("cluster"))
    session.install("-e", ".")
    # --doctest-modules: every engine module's examples run as tests too
    if _named_tests(session):  # `nox -s tests -- tests/test_x.py`: just those
        session.run("pytest", *JOBS, *session.posargs)
        return
    session.run(
        "pytest",
        "tests",
        "engine/oldtricks",
        "--doctest-modules",
        "--ignore=tests/browser",
        "--ignore=tests/site",
        *JOBS,
        *(["--dist", "worksteal"] if JOBS[1] != "0" else []),  # an idle worker takes the other's queued tests
        "--durations=15",
        *session.posargs,
        env=BYTECODE,
    )
    session.run("python", "-m", "oldtricks", "check", "scenarios", env=BYTECODE)
    session.run("python", "-m", "oldtricks", "coverage", "scenarios", env=BYTECODE)


@nox.session(python=PYTHON)
def golden(session: nox.Session) -> None:
    """The golden transcripts (tests/golden/): print how each scenario's replay differs from its transcript;
    `nox -s golden -- --write` writes them once the diff is read (`-- ID ...`: only those scenarios)."""
    session.install("-e", ".")
    session.run("python", "tests/golden.py", *session.posargs)


CATALOGS = "engine/oldtricks/locales"
TEMPLATE = f"{CATALOGS}/oldtricks.pot"
# pN_(context, message), npN_(context, singular, plural): messages marked in tables made at import (i18n.py)
EXTRACT = [
    "-F",
    "babel.cfg",
    "-k",
    "pN_:1c,2",
    "-k",
    "npN_:1c,2,3",
    "--no-location",
    "--sort-output",
    "--project",
    "oldtricks",
]


@nox.session(python=PYTHON)
def catalogs(session: nox.Session) -> None:
    """The engine's gettext catalogs: extract every marked message into oldtricks.pot, update each
    language's .po (new messages then wait for a translator: tests/test_catalogs.py fails until none is
    missing or fuzzy), compile the .mo files the engine reads."""
    session.install(*_group("i18n"))
    session.run("pybabel", "extract", *EXTRACT, "-o", TEMPLATE, "engine/oldtricks")
    update = ["-D", "oldtricks", "-i", TEMPLATE, "-d", CATALOGS, "--no-wrap", "--ignore-obsolete"]
    session.run("pybabel", "update", *update)
    session.run("pybabel", "compile", "-D", "oldtricks", "-d", CATALOGS, "--statistics")


@nox.session(python=PYTHON)
def fuzz(session: nox.Session) -> None:
    """The long fuzz session: 100,000 mutated scenario files and 100,000 mangled links, each a clean error
    or a working game; `-- --ends` also plays every option combination of every game to its end
    (`-- --files N --links N --seed S`; split and resumed with `--ends-game G --ends-range A:B
    --ends-workers N`, logged in build/fuzz/ends-*.jsonl). Figures in build/fuzz/fuzz.json.
    `-- --ends-sample --ends-record`: only the suite's sample of every game, played on today's code and
    written to tests/fuzz-ends.json (about a minute; tests/test_fuzz_ends.py fails until it is)."""
    session.install(*_group("test"))
    session.install("-e", ".")
    session.run("python", "tests/fuzz.py", *session.posargs)


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Benchmarks: engine speed (play-outs per game: tricks and games per second per core, as ratios to a
    bare loop of the same run; time per frame), the statistics' games per second per core and the time
    of the whole default set of `nox -s stats` (bench/stats_bench.py), the solver's time per deal
    (bench/solver_bench.py, with Pyodide's ratio to CPython on its first deals), the strong bots' time
    per move in CPython and Pyodide (bench/strong_bench.py), then the browser figures.
    Arguments go to the engine bench (`-- --against DIR`: ratios to another checkout's engine;
    `nox -s browser_bench -- ...` for the browser's)."""
    session.install("-e", ".")
    session.run("python", "bench/engine_bench.py", *session.posargs)
    session.run("python", "bench/toml_bench.py")  # hostile scenario files: read in time linear in their length
    session.run("python", "bench/study_bench.py")  # mangled study links: each read or refused, beside 50 ms
    session.run("python", "bench/stats_bench.py")  # games per second per core for nox -s stats, and its time
    # seconds to analyse a deal, beside the targets; the first 5 deals in Pyodide too, as a ratio to CPython
    session.run("python", "bench/solver_bench.py", "--pyodide", "5")
    session.run("python", "bench/strong_bench.py")  # the strong bots' seconds a move, CPython and Pyodide
    session.notify("browser_bench", posargs=[])


@nox.session(python=PYTHON)
def site(session: nox.Session) -> None:
    """Build the site into build/site: npm ci if node_modules is missing or stale, engine wheel, Pyodide,
    the widget's files bundled by esbuild."""
    _build_site(session)


@nox.session(python=PYTHON)
def serve(session: nox.Session) -> None:
    """Build the site, then serve build/site on 127.0.0.1 (`nox -s serve -- --port 8001 --prefix /sub/`)."""
    import argparse

    parser = argparse.ArgumentParser(prog="nox -s serve --")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="URL sub-path to serve the site under")
    args = parser.parse_args(session.posargs)
    _build_site(session)
    port, prefix = str(args.port), args.prefix
    session.run("python", RUNTIME, "serve", "--root", str(SITE), "--port", port, "--prefix", prefix)


@nox.session(python=PYTHON, tags=["check"])
def docs(session: nox.Session) -> None:
    """Sphinx extension tests (tests/site) and its modules' doctests: sample pages built with
    sphinx.testing, and docs/ built with -W (its widget files bundled by esbuild from node_modules:
    npm ci if it is missing or stale)."""
    start_chromium_install()
    _build_site(session)
    session.install(*_group("test"), *_group("docs"))
    env = {"OLDTRICKS_SITE": str(SITE), **BYTECODE}  # the real docs/ as just built, which the tests read
    folders = [] if _named_tests(session) else ["tests/site", "site/oldtricks_sphinx", "site/oldtricks_runtime"]
    session.run("pytest", *folders, "--doctest-modules", *JOBS, *session.posargs, env=env)


def _browser_tests(session: nox.Session, marks: str, sweep: str) -> None:
    ensure_chromium(session)
    _build_site(session)
    session.install(*_group("test"), *_group("browser"))
    env = {"OLDTRICKS_WHEEL": str(_engine_wheel()), "OLDTRICKS_SITE": str(SITE), "OLDTRICKS_SWEEP": sweep, **BYTECODE}
    folder = [] if _named_tests(session) else ["tests/browser"]
    # --durations: the slowest tests named in every run's log (the whole command's time is watched)
    # --dist worksteal: an idle worker takes tests queued for the other (the long ones start first: conftest)
    dist = ["--dist", "worksteal"] if JOBS[1] != "0" else []
    session.run("pytest", *folder, "-m", marks, *JOBS, *dist, "--durations=25", *session.posargs, env=env)


@nox.session(python=PYTHON, tags=["check"])
def browser(session: nox.Session) -> None:
    """Browser tests: Playwright + Debian's Chromium against the live runtime and the built site. The
    sweeps (every step of every viewer, tests marked ``sweep``) walk a third of the viewers here, the
    same third every run: `nox -s sweep` walks them all."""
    _browser_tests(session, "browser", "share")


@nox.session(python=PYTHON)
def sweep(session: nox.Session) -> None:
    """The sweeps whole: the browser tests marked ``sweep`` on every viewer of the site, each step at each
    width (some 4,200 steps; about twice the time of the whole `browser` session). Run before a release
    and after any change to the board's layout."""
    _browser_tests(session, "browser and sweep", "full")


@nox.session(python=PYTHON)
def browser_bench(session: nox.Session) -> None:
    """Browser benchmark, cold cache, median of 5: first steppable viewer (plain and gzip server), bare
    Pyodide vs the live engine, a live move, stepping, Analysis's first answer at each game's first trick;
    a table, and build/bench/browser.json (`-- --only stepping,analysis`: just those; `-- --help`)."""
    ensure_chromium(session)
    _build_site(session)
    session.install(*_group("browser"))
    env = {"OLDTRICKS_WHEEL": str(_engine_wheel())}
    session.run("python", "bench/browser_bench.py", "--site", str(SITE), *session.posargs, env=env)


@nox.session(python=PYTHON)
def stats(session: nox.Session) -> None:
    """Simulated statistics of every game: plays each experiment in chunks on every core (a progress bar,
    the time left; a stopped run resumes from build/stats-cache/) and writes stats/*.json, which the site
    draws (`-- --only NAME`, `-- --games N`, `-- --scale K`, `-- --processes P`, `-- --check`: compare with the
    committed files; `-- --scheduler tcp://HOST:8786`: the same chunks on a Dask cluster's workers, which
    installs the cluster group here, docs/statistics.md)."""
    session.install("-e", ".")
    if any(arg == "--scheduler" or arg.startswith("--scheduler=") for arg in session.posargs):
        session.install(*_group("cluster"))  # Dask: only for a run on a cluster, never the engine's
    session.run("python", "-m", "oldtricks.stats", *session.posargs)


# ---- the editions: English at the root, German under de/, Polish under pl/ ----------------------
# Each page's messages are in docs/locales/<lang>/LC_MESSAGES/<page>.po (one catalog per page,
# docs/conf.py); docs/locales/<lang>/pages.toml lists the pages translated for that edition.

GETTEXT = ROOT / "build" / "gettext"


@nox.session(name="catalogs-docs", python=PYTHON)
def catalogs_docs(session: nox.Session) -> None:
    """The pages' message catalogs: `sphinx-build -b gettext` writes a .pot per page into build/gettext,
    then `sphinx-intl update` adds the new messages to docs/locales/<lang>/LC_MESSAGES/<page>.po, marks
    changed ones fuzzy and drops the ones gone (`-- -l de`: that language only)."""
    session.install(*_group("docs"))
    langs = session.posargs or [arg for lang in LANGUAGES for arg in ("-l", lang)]
    shutil.rmtree(GETTEXT, ignore_errors=True)
    session.run("sphinx-build", "-E", "-q", "-b", "gettext", "docs", str(GETTEXT), "-d", str(GETTEXT / ".doctrees"))
    # the Sphinx extension's own words (oldtricks_sphinx/i18n.py), into build/gettext/oldtricks.pot too
    session.run(
        "pybabel",
        "extract",
        "-k",
        "_",
        "-k",
        "n_:1,2",
        "--no-location",
        "-o",
        str(GETTEXT / "oldtricks.pot"),
        "site/oldtricks_sphinx",
    )
    # and the words the statistics plots draw and say, from the data files (oldtricks_sphinx/plotwords.py)
    path = {"PYTHONPATH": os.pathsep.join(("site", "engine"))}  # as docs/conf.py puts them on sys.path
    session.run("python", "-m", "oldtricks_sphinx.plotwords", str(GETTEXT / "oldtricks.pot"), "stats", env=path)
    # sphinx.po holds the theme's words (Furo's "On this page"), kept by hand: the gettext builder reads
    # no theme template, and the update would set them aside as gone
    (GETTEXT / "sphinx.pot").unlink(missing_ok=True)
    session.run("sphinx-intl", "update", "-p", str(GETTEXT), "-d", "docs/locales", "-w", "0", *langs)
