"""The browser side: the widget's files for HTML builders, and the live engine's runtime.

The widget's sources are ``static/oldtricks/`` (next to this file). When an HTML build starts, esbuild
bundles and minifies them into a temporary folder (:mod:`oldtricks_runtime.bundle`), which is added to
the HTML static path in their place, so that its ``oldtricks/`` folder lands in ``_static/oldtricks/``;
the folder is removed when the build finishes. With ``oldtricks_bundle = False`` the sources themselves
are published. ``pages.css`` (rule boxes, tables, the text form) and ``widget.css`` go on every page;
``widget.js`` (an ES module) only on pages that embed a scenario, with a ``modulepreload`` of each
file it imports statically. When an HTML build finishes without an error, the Pyodide runtime and
the engine wheel are copied next to them (:mod:`oldtricks_runtime.runtime`), so that "Play from here"
works from the built folder, offline and under any sub-path. Last, every large file of the build gets
its precompressed copies beside it (:mod:`oldtricks_runtime.compress`; ``oldtricks_precompress = False``
to skip).

>>> PARTS["lesson.js"]({"ask": {"answer": "UA"}}), PARTS["panels.js"]({"panels": []})
(True, False)
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from oldtricks_runtime.bundle import Bundle, BundleError, bundle, raw
from oldtricks_runtime.compress import precompress
from oldtricks_runtime.operations import stale as operations_stale
from oldtricks_runtime.runtime import RUNTIME_FILES, RuntimeSetupError, build_wheel, copy_runtime
from oldtricks_runtime.warm import finish as finish_warming
from oldtricks_runtime.warm import start as start_warming

from .project import add_cache_folder, other_editions
from .scenario import scenario_embed

__all__ = ["STATIC", "setup_assets", "widget_bundle"]

STATIC = Path(__file__).parent / "static"
logger = logging.getLogger(__name__)


def setup_assets(app: Sphinx) -> None:
    app.add_config_value(
        "oldtricks_copy_runtime",
        True,
        "",
        types=frozenset({bool}),
        description="copy Pyodide and the engine wheel into HTML builds",
    )
    app.add_config_value(
        "oldtricks_bundle",
        True,
        "html",
        types=frozenset({bool}),
        description="bundle and minify the widget's JS and CSS with esbuild (False: the sources)",
    )
    app.add_config_value(
        "oldtricks_compile_runtime",
        True,
        "",
        types=frozenset({bool}),
        description="ship the standard library and the engine as Pyodide's bytecode, compiled by it at build "
        "time (oldtricks_runtime/bytecode.py; False: as sources, compiled in the browser)",
    )
    app.add_config_value(
        "oldtricks_stdlib_keep",
        "",
        "",
        types=frozenset({str}),
        description="the trimmed standard library's keep list ('': oldtricks_runtime/stdlib-keep.txt)",
    )
    app.add_config_value(
        "oldtricks_precompress",
        True,
        "",
        types=frozenset({bool}),
        description="write .gz (and, with the brotli package, .br) copies of the build's large files",
    )
    add_cache_folder(
        app, "oldtricks_precompress_cache", "precompressed", "folder keeping compressed copies between builds"
    )
    app.connect("builder-inited", _add_static)
    app.connect("builder-inited", _start_warming)
    app.connect("build-finished", _finish_warming, priority=400)  # before the steps whose caches it fills
    app.connect("html-page-context", _add_widget_js)
    app.connect("build-finished", _copy_runtime)
    app.connect("build-finished", _remove_bundle)
    app.connect("build-finished", _precompress, priority=950)  # after every file is written (csp: 500)


def _start_warming(app: Sphinx) -> None:
    """The runtime's slow steps begin in a second process (warm.py) while this one builds the pages."""
    app.oldtricks_warming = None  # type: ignore[attr-defined]
    if not _is_html(app) or not app.config.oldtricks_copy_runtime:
        return
    node_modules = Path(app.config.oldtricks_node_modules)
    if not (node_modules / "pyodide" / "pyodide.asm.wasm").is_file():
        return  # the runtime step reports it
    keep = Path(app.config.oldtricks_stdlib_keep) if app.config.oldtricks_stdlib_keep else None
    cache = app.config.oldtricks_precompress_cache if app.config.oldtricks_precompress else ""
    compiled = bool(app.config.oldtricks_compile_runtime)
    warming = start_warming(node_modules, keep, Path(cache) if cache else None, compiled)
    app.oldtricks_warming = warming  # type: ignore[attr-defined]


def _finish_warming(app: Sphinx, exception: Exception | None) -> None:
    finish_warming(getattr(app, "oldtricks_warming", None), wait=exception is None)


def _precompress(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or not _is_html(app) or not app.config.oldtricks_precompress:
        return
    cache = app.config.oldtricks_precompress_cache
    made = precompress(Path(app.outdir), Path(cache) if cache else None, skip=other_editions(app))
    logger.info(f"oldtricks: precompressed copies written ({', '.join(f'{n} {s}' for s, n in made.items())})")


def _is_html(app: Sphinx) -> bool:
    return app.builder.format == "html"


def widget_bundle(app: Sphinx) -> Bundle:
    """The widget's files as this build publishes them (set when an HTML build starts)."""
    found: Bundle = app.oldtricks_bundle  # type: ignore[attr-defined]
    return found


def _make_bundle(app: Sphinx) -> Bundle:
    if not app.config.oldtricks_bundle:
        return raw(STATIC / "oldtricks")
    folder = Path(tempfile.mkdtemp(prefix="oldtricks-bundle-"))
    try:
        made = bundle(STATIC / "oldtricks", folder, Path(app.config.oldtricks_node_modules))
    except BundleError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise ExtensionError(f"cannot bundle the widget's files: {exc}") from exc
    if made.warnings:
        logger.warning(f"esbuild: {made.warnings}", type="oldtricks", subtype="bundle")
    return made


def _add_static(app: Sphinx) -> None:
    if not _is_html(app):
        return
    problem = operations_stale(STATIC / "oldtricks")  # the worker's table of the engine's operations
    if problem is not None:
        raise ExtensionError(problem)
    made = _make_bundle(app)
    app.oldtricks_bundle = made  # type: ignore[attr-defined]
    app.config.html_static_path.append(str(made.folder))
    # rule boxes, citations, tables, the viewers' text form; after the theme's own sheets (priority as
    # html_css_files), whose `[role=main] .container` it must override
    app.add_css_file("oldtricks/pages.css", priority=800)
    app.add_css_file("oldtricks/widget.css")


# Furo's furo-extensions.css styles only other projects' extensions and Read the Docs' flyout; a
# site that uses none of them need not download it on every page.
THEME_EXTRAS_CSS = "styles/furo-extensions.css"
THEME_EXTRAS_FOR = (
    "sphinx_design",
    "sphinx_copybutton",
    "sphinx_inline_tabs",
    "sphinx_tabs",
    "sphinx_panels",
    "sphinx_togglebutton",
)


def _drop_unused_theme_css(app: Sphinx, context: dict[str, Any]) -> None:
    if os.environ.get("READTHEDOCS") or any(name.split(".")[0] in THEME_EXTRAS_FOR for name in app.extensions):
        return
    context["css_files"] = [
        css for css in context.get("css_files", []) if not str(getattr(css, "filename", css)).endswith(THEME_EXTRAS_CSS)
    ]


def _add_widget_js(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.document | None
) -> None:
    _drop_unused_theme_css(app, context)
    if doctree is None:
        return
    first = next(iter(doctree.findall(scenario_embed)), None)
    if first is not None:
        # first of the page's scripts (priority < 200), so that the viewers need not wait for the others
        app.add_js_file("oldtricks/widget.js", type="module", priority=100)
        # the text forms where widget.js never starts (textform.js: a classic script, deferred)
        app.add_js_file("oldtricks/textform.js", loading_method="defer", priority=101)
        _defer_scripts(context)
        # the files widget.js imports, fetched in parallel rather than found one import at a time, and
        # the parts the first viewer needs (other parts, live.js and worker.js come when needed)
        pathto = context["pathto"]
        context["metatags"] = context.get("metatags", "") + "".join(
            f'\n<link rel="modulepreload" href="{pathto("_static/oldtricks/" + name, 1)}">'
            for name in preloads(app, ["widget.js"], first)
        )
        context["metatags"] += "".join(f"\n{tag}" for tag in script_preloads(context))
    if next(iter(doctree.findall(nodes.literal_block)), None) is None:
        # no highlighted code on this page: its colours need not be downloaded
        context["css_files"] = [
            css
            for css in context.get("css_files", [])
            if not str(getattr(css, "filename", css)).endswith("pygments.css")
        ]


SCRIPT_SRC = re.compile(r'<script\b([^>]*)\bsrc="([^"]+)"')


def script_preloads(context: dict[str, Any]) -> list[str]:
    """A preload in <head> for each script file of the page, at the very URL its tag at the end of
    <body> asks for (the theme puts them there): the browser finds them only when the parser reaches
    them, so without these the viewers' module and the deferred scripts before it were requested once
    the whole page was parsed, and the page waited for them before its viewers were drawn."""
    js_tag = context.get("js_tag")
    if not callable(js_tag):
        return []
    tags: list[str] = []
    # in the order of their tags (the theme sorts them by priority): the order they run in
    for js in sorted(context.get("script_files", []), key=lambda js: getattr(js, "priority", 500)):
        if not getattr(js, "filename", None):
            continue  # inline: nothing to fetch
        found = SCRIPT_SRC.search(js_tag(js))
        if found is None:
            continue
        module = 'type="module"' in found.group(1)
        rel = 'rel="modulepreload"' if module else 'rel="preload" as="script"'
        tags.append(f'<link {rel} href="{found.group(2)}">')
    return tags


# What widget.js imports only for frames that need it (its loadParts), by what in a frame needs it.
PARTS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "panels.js": lambda frame: bool(frame.get("panels")),
    "lesson.js": lambda frame: bool(frame.get("ask")),
}


def preloads(app: Sphinx, entries: list[str], first: scenario_embed) -> list[str]:
    """What a page preloads (paths in ``_static/oldtricks/``): the files its entry scripts import
    statically, and the parts its first viewer waits for before it is drawn, so that no import round
    trip lies on the way to the first steppable viewer (later viewers load their parts lazily)."""
    found = widget_bundle(app)
    files: list[str] = []
    for entry in entries:
        files += [name for name in found.preloads(entry) if name not in files]
    frames = first["data"]["frames"]
    for module, needs in PARTS.items():
        if any(needs(frame) for frame in frames):
            files += [name for name in found.module_files(module) if name not in files]
    return files


def _defer_scripts(context: dict[str, Any]) -> None:
    """Sphinx's and the theme's classic scripts (doctools.js, furo.js ...) stand at the end of <body>,
    where the parser stops until each has arrived, and the viewers' module runs after them. Deferred,
    they still run in order after the page is parsed and before DOMContentLoaded, as they expect, but
    the page is parsed, and the viewers drawn, without waiting for them. Inline scripts stay as they are."""
    files = context.get("script_files")
    if not isinstance(files, list):
        return
    for i, js in enumerate(files):
        attributes = getattr(js, "attributes", None)
        if (
            not isinstance(attributes, dict)
            or not getattr(js, "filename", None)
            or attributes.get("body")
            or attributes.get("type") == "module"
            or {"async", "defer"} & attributes.keys()
        ):
            continue
        files[i] = type(js)(js.filename, priority=js.priority, **attributes, defer="defer")


def _remove_bundle(app: Sphinx, exception: Exception | None) -> None:
    made: Bundle | None = getattr(app, "oldtricks_bundle", None)
    if made is not None and made.folder != STATIC.resolve():  # a folder of our own, copied into the build by now
        shutil.rmtree(made.folder, ignore_errors=True)


def _copy_runtime(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or not _is_html(app) or not app.config.oldtricks_copy_runtime:
        return
    node_modules = Path(app.config.oldtricks_node_modules)
    pyodide = node_modules / "pyodide"
    missing = [name for name in RUNTIME_FILES if not (pyodide / name).is_file()]
    if missing:
        raise ExtensionError(
            f"the live engine needs the Pyodide runtime, but {pyodide} lacks {', '.join(missing)}: run `npm ci` "
            "at the repository root (package.json pins pyodide), or set oldtricks_node_modules in conf.py"
        )
    outdir = Path(app.outdir)
    keep = Path(app.config.oldtricks_stdlib_keep) if app.config.oldtricks_stdlib_keep else None
    minify = bool(app.config.oldtricks_bundle)  # Pyodide's glue too, by the esbuild that bundled the widget
    compiled = bool(app.config.oldtricks_compile_runtime)
    try:
        if app.config.oldtricks_wheel:
            copy_runtime(outdir, node_modules, Path(app.config.oldtricks_wheel), keep, minify, compiled=compiled)
        else:
            with tempfile.TemporaryDirectory(prefix="oldtricks-wheel-") as tmp:
                logger.info("oldtricks: building the engine wheel (set oldtricks_wheel to skip)")
                copy_runtime(outdir, node_modules, build_wheel(Path(tmp)), keep, minify, compiled=compiled)
    except RuntimeSetupError as exc:
        raise ExtensionError(f"cannot set up the live engine: {exc}") from exc
    logger.info(f"oldtricks: live engine runtime copied to {outdir / '_static'}")
