"""The engine speaks the edition's language: every sentence it writes at build time (the frames' narration,
refusals and outcomes, the lessons' words, the text pages) is in ``app.config.language``.

The language is chosen with the engine's own context manager (:func:`oldtricks.core.i18n.language`), entered when
the builder starts and left when the build finishes, so that two builds in one process (the tests build many)
never inherit each other's language; forked parallel readers inherit it from the build. The frames' schema
does not change: their text fields are simply in that language.

The widget's own words (:mod:`oldtricks.core.widgetwords`) come from the same catalogs: a German or Polish
edition's HTML pages carry them as ``<script type="application/json" id="oldtricks-words">``, which the
widget's ``words.js`` reads; an English page carries none (each message is its own English).

>>> edition_language("de"), edition_language("pl_PL"), edition_language(None)
('de', 'pl', 'en')
"""

from __future__ import annotations

from contextlib import ExitStack

from sphinx.application import Sphinx
from sphinx.errors import ConfigError

from oldtricks.core import i18n
from oldtricks.core.widgetwords import widget_words
from oldtricks.errors import OldtricksError

from .scenario import embed_json

__all__ = ["edition_language", "setup_language"]


def edition_language(language: str | None) -> i18n.Lang:
    """The engine's language for Sphinx's ``language`` (None or '' is English); :class:`ConfigError` when the
    engine does not speak it."""
    try:
        return i18n.check(language or "en")
    except OldtricksError as exc:
        raise ConfigError(f"language = {language!r}: {exc}") from None


WORDS_ID = "oldtricks-words"


def _speak(app: Sphinx) -> None:
    stack = ExitStack()
    lang = stack.enter_context(i18n.language(edition_language(app.config.language)))
    app._oldtricks_language = stack  # type: ignore[attr-defined]
    if lang != "en" and app.builder.format == "html":
        app.add_js_file(None, body=embed_json(widget_words(lang)), type="application/json", id=WORDS_ID)


def _done(app: Sphinx, exception: BaseException | None) -> None:
    stack: ExitStack | None = getattr(app, "_oldtricks_language", None)
    if stack is not None:
        stack.close()


def setup_language(app: Sphinx) -> None:
    app.connect("builder-inited", _speak, priority=100)  # before any feature replays a scenario
    app.connect("build-finished", _done, priority=900)  # after every feature has written its files
