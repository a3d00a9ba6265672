"""A Content-Security-Policy on every HTML page: scripts only from the site itself.

Each page gets ``<meta http-equiv="Content-Security-Policy">`` first in its ``<head>``. Scripts may
come from the site's own origin, plus ``'wasm-unsafe-eval'`` (the live engine compiles WebAssembly);
workers and fetches stay on the origin; no plugins; ``<base>`` may only point at the origin. The
theme's inline scripts (Furo sets the colour scheme with one) are allowed by their SHA-256 hashes,
computed from each written page when the build finishes, so an inline script added later by a theme
or an extension is allowed only if the build wrote it. Styles may be inline (the theme's SVG icons
and the viewer's layout use ``style`` attributes); images may be ``data:`` URLs (the theme's icons).

``frame-ancestors`` cannot be set from a ``<meta>``: embed pages stay embeddable in other sites.

>>> policy(["'sha256-abc='"]).split("; ")[:2]
["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='"]
>>> inline_script_hashes("<p><script>go()</script></p>")
["'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"]
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable
from html import escape
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from .project import own_pages

__all__ = ["HASHES", "POLICY", "inline_script_hashes", "policy", "setup_csp"]

logger = logging.getLogger(__name__)

HASHES = "'oldtricks-inline-script-hashes'"  # replaced in each written page by its inline scripts' hashes
POLICY = {
    "default-src": "'self'",
    "script-src": f"'self' 'wasm-unsafe-eval' {HASHES}",
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "worker-src": "'self'",
    "frame-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
}
# An inline script: no src attribute, and a type a browser runs (none, a JavaScript type, or module).
_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
_SRC = re.compile(r"\bsrc\s*=", re.IGNORECASE)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
_RUNS = {"", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript"}
_META = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(">)')


def policy(hashes: list[str] | None = None) -> str:
    """The policy text; with ``hashes`` (``'sha256-…'`` tokens) in place of the placeholder."""
    text = "; ".join(f"{key} {value}" for key, value in POLICY.items())
    if hashes is None:
        return text
    return text.replace(f" {HASHES}", "".join(f" {h}" for h in hashes))


def inline_script_hashes(html: str) -> list[str]:
    """``'sha256-…'`` of every inline script a browser would run, in page order, without repeats."""
    found: list[str] = []
    for match in _SCRIPT.finditer(html):
        attrs, body = match.group(1), match.group(2)
        kind = _TYPE.search(attrs)
        if _SRC.search(attrs) or (kind.group(1).lower() if kind else "") not in _RUNS:
            continue
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii")
        token = f"'sha256-{digest}'"
        if token not in found:
            found.append(token)
    return found


def _meta(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.document | None
) -> None:
    if app.builder.format != "html" or not app.config.oldtricks_csp:
        return
    tag = f'<meta http-equiv="Content-Security-Policy" content="{escape(policy(), quote=False)}">'
    context["metatags"] = "\n" + tag + context.get("metatags", "")  # first: it covers only what follows it


def _hash_pages(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html" or not app.config.oldtricks_csp:
        return
    count = 0
    for path in own_pages(app):
        html = path.read_text(encoding="utf-8")
        if HASHES not in html:
            continue  # written by an earlier build, hashes already in place
        complete = escape(policy(inline_script_hashes(html)), quote=False)
        html = _META.sub(_with_policy(complete), html, count=1)
        path.write_text(html, encoding="utf-8")
        count += 1
    logger.info(f"oldtricks: Content-Security-Policy completed on {count} pages")


def setup_csp(app: Sphinx) -> None:
    app.add_config_value(
        "oldtricks_csp",
        True,
        "html",
        types=frozenset({bool}),
        description="put a Content-Security-Policy <meta> on every HTML page",
    )
    app.connect("html-page-context", _meta, priority=900)
    app.connect("build-finished", _hash_pages)


def _with_policy(policy_text: str) -> Callable[[re.Match[str]], str]:
    """The replacement for the policy meta tag: its content set to ``policy_text``."""
    return lambda m: m.group(1) + policy_text + m.group(3)
