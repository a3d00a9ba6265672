"""What noxfile.py's sessions share that is not a session: the dependency groups, the paths of the site's
build, Debian's Chromium installed (in the background where a run ends with the browser tests), node_modules
at the versions package-lock.json pins, and the site's build with its three editions side by side."""

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

ROOT = Path(__file__).parents[1]
PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")


def _group(name: str) -> list[str]:
    return list(nox.project.dependency_groups(PYPROJECT, name))


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
