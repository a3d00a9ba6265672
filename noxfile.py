"""The task menu: ``nox -l`` lists the sessions.

The README's test command is ``nox -t check``: lint, typecheck, the scenario checks, the unit and
property tests, the Sphinx build and the browser tests.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nox

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = False

ROOT = Path(__file__).parent
PYPROJECT = nox.project.load_toml("pyproject.toml")
PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"


# pytest-xdist: the engine and browser tests spread over every core (env OLDTRICKS_JOBS=0 runs them in
# one process, e.g. to debug with -x or pdb).
JOBS = ["-n", os.environ.get("OLDTRICKS_JOBS", "auto")]


def _group(name: str) -> list[str]:
    return nox.project.dependency_groups(PYPROJECT, name)


def _named_tests(session: nox.Session) -> bool:
    """The arguments name tests of their own (`nox -s browser -- tests/browser/test_x.py::test_y`): then
    only those run, not the session's whole folder as well."""
    return any(Path(arg.split("::")[0]).exists() for arg in session.posargs if not arg.startswith("-"))


@nox.session(python=PYTHON, tags=["check"])
def lint(session: nox.Session) -> None:
    """Ruff: lint and format check of the engine, the site code, the tests and the benchmarks."""
    start_chromium_install()
    session.install(*_group("lint"))
    session.run("ruff", "check", "engine", "site", "tests", "noxfile.py", "bench")
    session.run("ruff", "format", "--check", "engine", "site", "tests", "noxfile.py", "bench")


@nox.session(python=PYTHON, tags=["check"])
def typecheck(session: nox.Session) -> None:
    """Mypy --strict on the engine, the Sphinx extension (which imports Sphinx and the engine) and the runtime build."""
    start_chromium_install()
    session.install(*_group("typecheck"))
    session.run("mypy", "--strict", "engine/oldtricks", "site/oldtricks_sphinx", "site/oldtricks_runtime")


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


# ---- site, runtime and browser sessions ---------------------------------------------------------
# The live engine runs in the browser on Pyodide, self-hosted from node_modules/pyodide (pinned in
# package.json) and copied into the site with the engine wheel by site/oldtricks_runtime/runtime.py.
# The widget's JS and CSS are bundled and minified by esbuild (node_modules/esbuild, pinned there too)
# when Sphinx builds the site (site/oldtricks_runtime/bundle.py).

SITE = ROOT / "build" / "site"
LANGUAGES = ("de", "pl")  # the editions beside the English site: build/site/de/, build/site/pl/
WHEELS = ROOT / "build" / "wheels"
RUNTIME = "site/oldtricks_runtime"  # the runtime build's command line (site/oldtricks_runtime/cli.py)
CHROMIUM = Path("/usr/bin/chromium")


APT_ENV = {"DEBIAN_FRONTEND": "noninteractive"}
APT_LOG = ROOT / "build" / "apt-chromium.log"
# The installation started in the background by the first session of a run that ends with the browser tests
# (start_chromium_install), which ensure_chromium waits for.
_installing: list[subprocess.Popen[bytes]] = []


def _browser_tests_ahead(argv: list[str]) -> bool:
    """Whether this nox command line runs the browser tests: ``-t check`` (``--tags=check``), or sessions
    naming ``browser`` or ``sweep``; not ``-s lint`` alone."""
    words = [w.split("=", 1)[-1] for w in argv[1:]]
    tagged = "check" in words and any(w.startswith(("-t", "--tags")) for w in argv)
    return tagged or bool({"browser", "sweep"} & set(words))


def start_chromium_install() -> None:
    """Debian's Chromium installed by apt-get in the background, when it is missing, we are root and this
    run ends with the browser tests: the install (mostly the network's time, some 40 s) goes on while the
    engine's tests and the site's build run. Its output goes to build/apt-chromium.log."""
    if _installing or CHROMIUM.exists() or os.geteuid() != 0 or not _browser_tests_ahead(sys.argv):
        return
    if shutil.which("apt-get") is None:
        return  # ensure_chromium says what is missing
    APT_LOG.parent.mkdir(parents=True, exist_ok=True)
    with APT_LOG.open("wb") as log:
        script = "apt-get update && apt-get install -y chromium"
        env = {**os.environ, **APT_ENV}
        _installing.append(subprocess.Popen(["sh", "-c", script], stdout=log, stderr=subprocess.STDOUT, env=env))


def ensure_chromium(session: nox.Session) -> None:
    """Debian's Chromium for the browser tests: apt-get installs it when missing and we are root (or has
    installed it in the background since the run's first session: its end is waited for here)."""
    for install in _installing:
        session.log(f"waiting for the installation of Debian's Chromium (log: {APT_LOG})")
        if install.wait() != 0:
            tail = APT_LOG.read_text(errors="replace")[-2000:]
            session.warn(f"apt-get failed in the background ({APT_LOG}); trying again here:\n{tail}")
    if CHROMIUM.exists():
        return
    if os.geteuid() != 0:
        session.error(f"{CHROMIUM} is missing: install Debian's Chromium (sudo apt-get install -y chromium).")
    session.run("apt-get", "update", external=True, env=APT_ENV)
    session.run("apt-get", "install", "-y", "chromium", external=True, env=APT_ENV)


# What a build and its tests take from node_modules: each package at the version package-lock.json
# pins, and the file it is used by (Pyodide's runtime, copied into the site; esbuild, which bundles
# the widget; axe-core and the Nu HTML checker, which the browser tests run on every page).
NODE_PACKAGES = {
    "pyodide": "pyodide.asm.wasm",
    "esbuild": "bin/esbuild",
    "axe-core": "axe.min.js",
    "vnu-jar": "build/dist/vnu.jar",
}


def _node_modules_stale() -> list[str]:
    """The packages of NODE_PACKAGES missing from node_modules, or not at the version the lock pins."""
    import json

    locked = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    stale = []
    for name, used in NODE_PACKAGES.items():
        folder = ROOT / "node_modules" / name
        manifest = folder / "package.json"
        have = json.loads(manifest.read_text(encoding="utf-8"))["version"] if manifest.is_file() else None
        if have != locked[f"node_modules/{name}"]["version"] or not (folder / used).is_file():
            stale.append(name)
    if "esbuild" not in stale and not (ROOT / "node_modules" / ".bin" / "esbuild").exists():
        stale.append("esbuild")
    return stale


def _ensure_node_modules(session: nox.Session) -> None:
    """`npm ci` when a package of NODE_PACKAGES is missing or not at the version package-lock.json pins."""
    stale = _node_modules_stale()
    if not stale:
        return
    if shutil.which("npm") is None:
        session.error(f"npm is needed to install {', '.join(stale)} as package.json pins (`apt-get install -y npm`).")
    session.run("npm", "ci", "--no-audit", "--no-fund", external=True)


# The test workers and the site's Python processes (the wheel's build, three editions, the warming process
# beside the first) import the same modules: each one's bytecode is written once, under build/pycache (beside no
# source), and read by the others. Where the environment sets PYTHONDONTWRITEBYTECODE, each process compiled
# every module it imports again from its source: some 4 CPU seconds a process for Sphinx and matplotlib.
BYTECODE = {"PYTHONDONTWRITEBYTECODE": "", "PYTHONPYCACHEPREFIX": str(ROOT / "build" / "pycache")}


def _engine_wheel() -> Path:
    wheels = sorted(WHEELS.glob("oldtricks-*.whl"), key=lambda p: p.stat().st_mtime)
    if not wheels:
        raise RuntimeError(f"no engine wheel in {WHEELS}")
    return wheels[-1]


# What a site build reads. A build that passed writes their digest to SITE_STAMP; a later build of the
# same inputs is skipped, so `nox -t check` builds the site once: the docs session builds it and its
# tests read it, the browser session then finds it current.
SITE_INPUTS = (
    "docs",
    "site",
    "engine",
    "scenarios",
    "stats",
    "ledger.toml",
    "package.json",
    "package-lock.json",
    "pyproject.toml",
)
SITE_STAMP = ROOT / "build" / "site.inputs"


def _site_inputs() -> str:
    """The digest of every file of SITE_INPUTS (path and bytes) and of OLDTRICKS_SPHINX_ARGS."""
    import hashlib

    digest = hashlib.sha256(os.environ.get("OLDTRICKS_SPHINX_ARGS", "").encode() + b"\0")
    digest.update(Path(__file__).read_bytes())  # this file says how the site is built
    for name in SITE_INPUTS:
        path = ROOT / name
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in files:
            if file.is_file() and "__pycache__" not in file.parts and file.suffix != ".mo":  # .mo: made from .po
                digest.update(file.relative_to(ROOT).as_posix().encode() + b"\0")
                digest.update(hashlib.sha256(file.read_bytes()).digest())
    return digest.hexdigest()


def _site_is_current() -> bool:
    """build/site was built, with its engine wheel beside it, from the inputs there are now."""
    return (
        SITE_STAMP.is_file()
        and SITE_STAMP.read_text(encoding="utf-8") == _site_inputs()
        and (SITE / "index.html").is_file()
        and any(WHEELS.glob("oldtricks-*.whl"))
    )


def _sphinx_build(session: nox.Session, language: str, wheel: str, extra: list[str]) -> dict[str, float]:
    """One edition of the site: English at the root (with the live engine's runtime), another language in
    its folder (sharing that runtime). Its wall-clock seconds (an edition's output is kept quiet, and
    shown whole where it fails: two run at once)."""
    import time

    out, edition = (SITE, []) if language == "en" else (SITE / language, ["-D", "oldtricks_copy_runtime=0"])
    edition += ["-D", "oldtricks_runtime_from=.."] if language != "en" else []
    started = time.monotonic()
    session.run(
        "sphinx-build",
        *("-W", "-E", "-b", "html", "docs", str(out), "-d", str(ROOT / "build" / "doctrees" / language)),
        *("-D", f"language={language}", "-D", f"oldtricks_wheel={wheel}"),
        *edition,
        *extra,
        silent=language != "en",
        env=BYTECODE,
    )
    seconds = round(time.monotonic() - started, 1)
    session.log(f"{language} edition built: {seconds} s")
    return {"seconds": seconds}


def _children_cpu() -> float:
    """The CPU seconds (user and system) of this process's finished children so far."""
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _build_site(session: nox.Session) -> None:
    """Sphinx builds the pages into build/site (-W: a warning fails; -E: a fresh environment); its
    build-finished hook copies the Pyodide runtime and the engine wheel (kept in build/wheels for the
    browser tests) into the site. Env OLDTRICKS_SPHINX_ARGS adds sphinx-build arguments (e.g.
    ``-D oldtricks_check_complete=0`` while pages are still being written). Skipped when build/site was
    built from the same inputs (SITE_INPUTS) by a build that passed."""
    _ensure_node_modules(session)
    session.install("hatchling", *_group("docs"))  # also when skipped: some tests build sample projects
    if _site_is_current():
        session.log(f"{SITE} is current (built from these inputs): not built again")
        return
    SITE_STAMP.unlink(missing_ok=True)
    out = session.run("python", RUNTIME, "wheel", "--dest", str(WHEELS), silent=True, env=BYTECODE)
    wheel = str(out).strip().splitlines()[-1] if out else str(_engine_wheel())
    shutil.rmtree(SITE, ignore_errors=True)  # no pages or assets left over from an older build
    extra = shlex.split(os.environ.get("OLDTRICKS_SPHINX_ARGS", ""))
    # The three editions side by side: English at the root, with the live engine's runtime (and its warming
    # process beside it), each other edition in its folder. An edition's last steps share the English
    # site's runtime: they wait for the stamp the English build's end writes ("ok", or why it failed); the
    # English build's last steps leave the editions' folders alone (project.other_editions).
    stamp = ROOT / "build" / "english-built"
    stamp.unlink(missing_ok=True)
    before = _children_cpu()

    def english() -> dict[str, float]:
        try:
            built = _sphinx_build(session, "en", wheel, extra)
        except BaseException as failure:
            stamp.write_text(f"{type(failure).__name__}: {failure}"[:200] or "failed", encoding="utf-8")
            raise
        stamp.write_text("ok", encoding="utf-8")
        return built

    waits = ["-D", f"oldtricks_english_built={stamp}"]
    with ThreadPoolExecutor(max_workers=1 + len(LANGUAGES)) as pool:
        built = {"en": pool.submit(english)}
        for language in LANGUAGES:
            built[language] = pool.submit(_sphinx_build, session, language, wheel, [*extra, *waits])
        times = {language: job.result() for language, job in built.items()}
    times["editions"] = {"cpu_seconds": round(_children_cpu() - before, 1)}  # all three, side by side
    # the editions' build times (wall clock: the machine's load shows in them; CPU seconds: what they cost,
    # whatever else runs), beside the figures of `nox -s bench`
    (ROOT / "build" / "bench").mkdir(parents=True, exist_ok=True)
    (ROOT / "build" / "bench" / "site-build.json").write_text(json.dumps(times, indent=1), encoding="utf-8")
    SITE_STAMP.write_text(_site_inputs(), encoding="utf-8")


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
