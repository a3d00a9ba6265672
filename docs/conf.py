"""Sphinx configuration of the oldtricks rules pages (MyST + Furo + the oldtricks extension).

Build: ``nox -s site`` (or ``sphinx-build -W -E -b html docs build/site``). The engine needs nothing
installed: ``engine/`` and ``site/`` go on ``sys.path`` here.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "site")]

project = "oldtricks"
author = "the oldtricks authors"
copyright = "2025, the oldtricks authors"
language = "en"  # the source text; `-D language=de` / `pl` build the other editions (`nox -s docs`)

# Translations (Sphinx's gettext workflow, `nox -s catalogs-docs`): one catalog per page,
# locales/<lang>/LC_MESSAGES/<page>.po, made with sphinx-intl from the .pot files of `-b gettext`.
locale_dirs = ["locales/"]
gettext_compact = False  # lessons/drogue.md -> lessons/drogue.po
gettext_uuid = False
gettext_location = False
gettext_additional_targets = ["literal-block"]  # code blocks too: their comments are words to translate
# the editions, English first: each other one is built into <site>/<lang>/ (its pages: locales/<lang>/pages.toml)
oldtricks_languages = ["en", "de", "pl"]

extensions = ["myst_parser", "oldtricks_sphinx"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "locales"]  # locales/: the catalogs and the translators' notes, no pages
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = "oldtricks"
html_static_path = ["_static"]
html_css_files = ["figures.css"]  # the drawn figures of the rules pages
html_favicon = "_static/favicon.svg"  # a card; browsers ask for one on every page
html_copy_source = False
html_show_sourcelink = False
# Furo uses the system font stack and loads nothing from other hosts.
html_theme_options = {"navigation_with_keys": True}

oldtricks_scenarios = "../scenarios"
oldtricks_node_modules = "../node_modules"
oldtricks_check_complete = True  # every scenario embedded, every ledger id stated (fatal with -W)
