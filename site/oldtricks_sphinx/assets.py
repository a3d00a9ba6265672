"""The browser side: the widget's files for HTML builders, and the live engine's runtime.

``static/`` (next to this file) is added to the HTML static path, so its ``oldtricks/`` folder lands
in ``_static/oldtricks/``. ``pages.css`` (rule boxes, tables, the text form) and ``widget.css`` go on
every page; ``widget.js`` (an ES module that imports its siblings) only on pages that embed a
scenario. When an HTML build finishes without an error, the Pyodide runtime and the engine wheel are
copied next to them (:mod:`.runtime`), so that "Play from here" works from the built folder, offline
and under any sub-path.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from .runtime import RUNTIME_FILES, RuntimeSetupError, build_wheel, copy_runtime
from .scenario import scenario_embed

__all__ = ["STATIC", "setup_assets"]

STATIC = Path(__file__).parent / "static"
logger = logging.getLogger(__name__)


def setup_assets(app: Sphinx) -> None:
    app.add_config_value("oldtricks_copy_runtime", True, "", types=frozenset({bool}),
                         description="copy Pyodide and the engine wheel into HTML builds")
    app.connect("builder-inited", _add_static)
    app.connect("html-page-context", _add_widget_js)
    app.connect("build-finished", _copy_runtime)


def _is_html(app: Sphinx) -> bool:
    return app.builder.format == "html"


def _add_static(app: Sphinx) -> None:
    if not _is_html(app):
        return
    app.config.html_static_path.append(str(STATIC))
    # rule boxes, citations, tables, the viewers' text form; after the theme's own sheets (priority as
    # html_css_files), whose `[role=main] .container` it must override
    app.add_css_file("oldtricks/pages.css", priority=800)
    app.add_css_file("oldtricks/widget.css")


# The widget's modules, preloaded in parallel rather than found one import at a time. liveplay.js,
# live.js and worker.js load only when the reader goes live; lesson.js and panels.js only for frames
# that ask or have panels. widget.js itself is loaded by its script tag.
LAZY = {"liveplay.js", "live.js", "worker.js", "lesson.js", "panels.js", "widget.js"}
MODULES = sorted(p.name for p in (STATIC / "oldtricks").glob("*.js") if p.name not in LAZY)


def _add_widget_js(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                   doctree: nodes.document | None) -> None:
    if doctree is None:
        return
    if next(iter(doctree.findall(scenario_embed)), None) is not None:
        # first of the page's scripts (priority < 200), so that the viewers need not wait for the others
        app.add_js_file("oldtricks/widget.js", type="module", priority=100)
        _defer_scripts(context)
        pathto = context["pathto"]
        context["metatags"] = context.get("metatags", "") + "".join(
            f'\n<link rel="modulepreload" href="{pathto("_static/oldtricks/" + name, 1)}">' for name in MODULES)
    if next(iter(doctree.findall(nodes.literal_block)), None) is None:
        # no highlighted code on this page: its colours need not be downloaded
        context["css_files"] = [css for css in context.get("css_files", [])
                                if not str(getattr(css, "filename", css)).endswith("pygments.css")]


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
        if (not isinstance(attributes, dict) or not getattr(js, "filename", None) or attributes.get("body")
                or attributes.get("type") == "module" or {"async", "defer"} & attributes.keys()):
            continue
        files[i] = type(js)(js.filename, priority=js.priority, **attributes, defer="defer")


def _copy_runtime(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or not _is_html(app) or not app.config.oldtricks_copy_runtime:
        return
    node_modules = Path(app.config.oldtricks_node_modules)
    pyodide = node_modules / "pyodide"
    missing = [name for name in RUNTIME_FILES if not (pyodide / name).is_file()]
    if missing:
        raise ExtensionError(
            f"the live engine needs the Pyodide runtime, but {pyodide} lacks {', '.join(missing)}: run `npm ci` "
            "at the repository root (package.json pins pyodide), or set oldtricks_node_modules in conf.py")
    outdir = Path(app.outdir)
    try:
        if app.config.oldtricks_wheel:
            copy_runtime(outdir, node_modules, Path(app.config.oldtricks_wheel))
        else:
            with tempfile.TemporaryDirectory(prefix="oldtricks-wheel-") as tmp:
                logger.info("oldtricks: building the engine wheel (set oldtricks_wheel to skip)")
                copy_runtime(outdir, node_modules, build_wheel(Path(tmp)))
    except RuntimeSetupError as exc:
        raise ExtensionError(f"cannot set up the live engine: {exc}") from exc
    logger.info(f"oldtricks: live engine runtime copied to {outdir / '_static'}")
