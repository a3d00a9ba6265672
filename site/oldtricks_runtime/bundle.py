"""The widget's files as a reader downloads them: bundled and minified by esbuild at build time.

The sources in ``static/oldtricks/`` stay plain ES modules and CSS. :func:`bundle` runs esbuild
(``node_modules/.bin/esbuild``, the version package.json pins) on them with ``--bundle --splitting
--format=esm --minify``; its output folder then stands in for the sources as ``_static/oldtricks/``:

- one file per entry point (:data:`ENTRIES`: every script that a page, the embed template or another
  module loads by its URL), at the same path as its source, so every URL stays as it was;
- chunks ``chunk-<hash>.js``: the code that entries share, and each module that is only imported
  dynamically (``liveplay.js``, ``lesson.js``, ``panels.js``); all in the folder of ``widget.js``, so
  that ``new URL("./live.js", import.meta.url)`` in a chunk still names a neighbour;
- every ``.css`` minified at its own path; any other file copied as it is;
- a source map per file (``.map``, named by a comment at its end: browsers fetch it only while
  developer tools are open). Its ``sources`` name the modules under ``src/`` next to the output and
  carry their text, so nothing of the building machine's paths is published.

The entries' static imports (from esbuild's metafile) are what a page preloads. With the raw sources
instead (:func:`raw`, ``oldtricks_bundle = False``), the same is read from their import lines.

>>> Bundle(Path("b"), {"widget.js": ["table.js"]}).preloads("widget.js")
['table.js']
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .runtime import pinned_version

__all__ = ["CHUNK_NAMES", "ENTRIES", "Bundle", "BundleError", "bundle", "esbuild_path", "raw"]

# Every script loaded by its URL: by a page (widget.js, teach/sandbox.js, teach/snippet.js), the embed
# template (teach/embed.js), golive/liveplay.js (live.js, by `new URL("./live.js", import.meta.url)`),
# live.js (worker.js, a module Worker, which imports pyodide.mjs by a run-time URL) or widget.js
# (teach/share.js, by a dynamic import); a lessons page loads course.js, the Rules ledger page ledger.js,
# a page with viewers textform.js too (a classic script: the text forms where widget.js never starts),
# a page with {tabs} tabs.js (a classic script too), a page with {stats} plots numbers.js (a classic script),
# every page editions.js (the language switcher, a classic script).
ENTRIES = (
    "widget.js",
    "live.js",
    "worker.js",
    "teach/sandbox.js",
    "teach/study.js",
    "teach/embed.js",
    "teach/snippet.js",
    "teach/share.js",
    "course.js",
    "textform.js",
    "tabs.js",
    "numbers.js",
    "ledger.js",
    "editions.js",
)
CHUNK_NAMES = "chunk-[hash]"
SOURCES_DIR = "src"  # where the source maps say the modules are (not published: the maps carry their text)
_IMPORT = re.compile(r"""^\s*import\s+(?:[\w*{}\s,]+\s+from\s+)?["'](\.{1,2}/[^"']+)["']""", re.MULTILINE)


class BundleError(RuntimeError):
    """esbuild is missing, not the pinned version, or failed."""


@dataclass(frozen=True)
class Bundle:
    """A folder holding ``oldtricks/`` (to add to ``html_static_path``), each script's static imports
    (paths in ``oldtricks/``), and what esbuild warned about."""

    folder: Path
    imports: dict[str, list[str]]
    warnings: str = ""
    homes: dict[str, str] = field(default_factory=dict)  # source module -> the file that carries it

    def preloads(self, entry: str) -> list[str]:
        """The files an entry imports statically, directly or through one another, in a stable order."""
        return self.imports.get(entry, [])

    def module_files(self, module: str) -> list[str]:
        """What loading a source module (e.g. ``panels.js``, imported dynamically) fetches: the file
        that carries it, then that file's static imports."""
        home = self.homes.get(module, module)
        return [home, *self.imports.get(home, [])]


def esbuild_path(node_modules: Path) -> Path:
    return node_modules.absolute() / ".bin" / "esbuild"


def _check_esbuild(node_modules: Path) -> Path:
    exe = esbuild_path(node_modules)
    if not exe.is_file():
        raise BundleError(
            f"esbuild is missing ({exe}): run `npm ci` at the repository root (package.json pins it), "
            "or set oldtricks_node_modules in conf.py, or oldtricks_bundle = False to ship the "
            "widget's unminified sources"
        )
    proc = subprocess.run([str(exe), "--version"], capture_output=True, text=True, check=False)
    have = proc.stdout.strip()
    if proc.returncode != 0:
        raise BundleError(f"{exe} --version failed: {(proc.stderr or proc.stdout).strip()}; run `npm ci`")
    want = pinned_version(node_modules.parent / "package.json", "esbuild")
    if want is not None and want != have:
        raise BundleError(f"node_modules holds esbuild {have} but package.json pins {want}: run `npm ci`")
    return exe


def _sources(source: Path) -> tuple[list[str], list[str], list[Path]]:
    """The entries, the style sheets and the other files of the source folder (paths relative to it)."""
    files = sorted(p.relative_to(source) for p in source.rglob("*") if p.is_file())
    missing = [name for name in ENTRIES if Path(name) not in files]
    if missing:
        raise BundleError(f"entry points missing in {source}: {', '.join(missing)}")
    sheets = [p.as_posix() for p in files if p.suffix == ".css"]
    others = [p for p in files if p.suffix not in {".js", ".css"}]
    return list(ENTRIES), sheets, others


def _run(exe: Path, source: Path, out: Path, entries: list[str], meta: Path) -> str:
    command = [
        str(exe),
        *entries,
        "--bundle",
        "--splitting",
        "--format=esm",
        "--minify",
        "--sourcemap",
        "--charset=utf8",
        f"--outdir={out}",
        f"--outbase={source}",
        f"--chunk-names={CHUNK_NAMES}",
        f"--metafile={meta}",
        "--log-level=warning",
    ]
    proc = subprocess.run(command, cwd=source, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        said = (proc.stderr or proc.stdout).strip()
        raise BundleError(f"esbuild failed on {source} (exit {proc.returncode}):\n{said}")
    return proc.stderr.strip()


def _outputs(meta: dict[str, Any], source: Path, out: Path) -> dict[str, dict[str, Any]]:
    """The metafile's outputs by their path in ``out`` (the metafile names them relative to esbuild's cwd)."""
    return {
        Path(os.path.normpath(source / name)).relative_to(out).as_posix(): entry
        for name, entry in meta["outputs"].items()
    }


def _closure(direct: dict[str, list[str]]) -> dict[str, list[str]]:
    """Each file -> every file it imports, directly or through one another, in the order first met."""
    found: dict[str, list[str]] = {}
    for name, imported in direct.items():
        seen: list[str] = []
        todo = list(imported)
        while todo:
            item = todo.pop(0)
            if item not in seen and item != name:
                seen.append(item)
                todo.extend(direct.get(item, []))
        found[name] = seen
    return found


def _static_imports(outputs: dict[str, dict[str, Any]], source: Path, out: Path) -> dict[str, list[str]]:
    """Each JS output -> the outputs it imports statically (``import ... from``), directly or not."""
    direct = {
        name: [
            Path(os.path.normpath(source / item["path"])).relative_to(out).as_posix()
            for item in entry.get("imports", [])
            if item.get("kind") == "import-statement" and not item.get("external")
        ]
        for name, entry in outputs.items()
        if name.endswith(".js")
    }
    return _closure(direct)


def _homes(outputs: dict[str, dict[str, Any]], source: Path) -> dict[str, str]:
    """Each source module -> the JS output that carries its code (the metafile names inputs relative to
    esbuild's cwd, the source folder)."""
    homes: dict[str, tuple[int, str]] = {}
    for output, entry in outputs.items():
        if not output.endswith(".js"):
            continue
        for name, info in entry.get("inputs", {}).items():
            size = int(info.get("bytesInOutput", 0))
            module = Path(os.path.normpath(name)).as_posix()
            if size > homes.get(module, (-1, ""))[0]:  # an entry's stub re-exports a chunk: the chunk has the code
                homes[module] = (size, output)
    return {module: output for module, (_, output) in homes.items()}


def _relocate_sources(out: Path, source: Path) -> None:
    """Point every source map's ``sources`` at ``src/<path in the source folder>`` next to the output."""
    for path in out.rglob("*.map"):
        data = json.loads(path.read_text(encoding="utf-8"))
        moved = []
        for name in data.get("sources", []):
            where = Path(os.path.normpath(path.parent / name))
            try:
                inside = where.relative_to(source)
            except ValueError:
                inside = Path(where.name)
            moved.append(Path(os.path.relpath(out / SOURCES_DIR / inside, path.parent)).as_posix())
        data["sources"] = moved
        path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")


def bundle(source: Path, dest: Path, node_modules: Path) -> Bundle:
    """Bundle and minify ``source`` (``static/oldtricks/``) into ``dest/oldtricks/`` with esbuild.

    ``dest`` must be empty or absent; it is the folder to add to ``html_static_path``. Raises
    :class:`BundleError` when esbuild is missing, not the version package.json pins, or fails.
    """
    source, dest = source.resolve(), dest.resolve()
    exe = _check_esbuild(node_modules)
    entries, sheets, others = _sources(source)
    out = dest / source.name
    out.mkdir(parents=True, exist_ok=True)
    meta_path = dest / "esbuild-meta.json"
    warnings = _run(exe, source, out, entries + sheets, meta_path)
    for other in others:
        (out / other).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / other, out / other)
    _relocate_sources(out, source)
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    meta_path.unlink()
    outputs = _outputs(meta, source, out)
    return Bundle(dest, _static_imports(outputs, source, out), warnings, _homes(outputs, source))


def raw(source: Path) -> Bundle:
    """The sources as they are (``oldtricks_bundle = False``): their static imports read from the import lines."""
    source = source.resolve()
    direct: dict[str, list[str]] = {}
    for path in sorted(source.rglob("*.js")):
        name = path.relative_to(source).as_posix()
        text = path.read_text(encoding="utf-8")
        direct[name] = [
            Path(os.path.normpath(path.parent / spec)).relative_to(source).as_posix() for spec in _IMPORT.findall(text)
        ]
    return Bundle(source.parent, _closure(direct))
