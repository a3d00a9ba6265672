"""The extension's own words in the edition's language: ``_("...")`` looks them up in the catalog
``docs/locales/<lang>/LC_MESSAGES/oldtricks.po``, ``n_(singular, plural, n)`` for a count (made like the
pages' catalogs by ``nox -s catalogs-docs``, which extracts the strings of this package with Babel),
compiled when the build starts.

An edition's build fails (``-W``) when that catalog lacks a translation of one of the strings, or holds
it fuzzy: the words the extension writes on every page are never left in English.

>>> _("Language")  # no catalog loaded: the English source text
'Language'
>>> language_name("pl")
'Polski'
"""

from __future__ import annotations

import gettext
from pathlib import Path
from typing import Literal

from babel.messages.catalog import Catalog
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

__all__ = [
    "CATALOG",
    "_",
    "extension_messages",
    "language",
    "language_name",
    "n_",
    "require",
    "setup_i18n",
    "translation_of",
]

logger = logging.getLogger(__name__)

CATALOG = "oldtricks"  # docs/locales/<lang>/LC_MESSAGES/oldtricks.po
PACKAGE = Path(__file__).parent
# each edition's name in its own language, as the switcher shows it
NAMES = {"en": "English", "de": "Deutsch", "pl": "Polski"}

_state: dict[str, gettext.NullTranslations | str | Catalog] = {
    "translations": gettext.NullTranslations(),
    "language": "en",
}


def _(message: str) -> str:
    """``message`` in the language of the edition being built (English where none is loaded)."""
    translations = _state["translations"]
    assert isinstance(translations, gettext.NullTranslations)
    return translations.gettext(message)


def n_(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the edition's language (Polish has three), by ngettext."""
    translations = _state["translations"]
    assert isinstance(translations, gettext.NullTranslations)
    return translations.ngettext(singular, plural, count)


def language() -> str:
    """The language of the edition being built (``en`` before a build starts)."""
    return str(_state["language"])


def language_name(language: str | None = None) -> str:
    """The name of ``language`` (the edition being built by default) in that language."""
    code = language or str(_state["language"])
    return NAMES.get(code, code)


def extension_messages() -> list[tuple[str, str, int]]:
    """Every ``_("...")`` string of this package: (text, file, line)."""
    from babel.messages.extract import extract_from_dir

    found = []
    keywords = {"_": None, "n_": (1, 2)}
    for filename, lineno, message, _comments, _context in extract_from_dir(str(PACKAGE), keywords=keywords):
        if isinstance(message, str):
            found.append((message, filename, lineno))
        elif isinstance(message, tuple) and isinstance(message[0], str):
            found.append((message[0], filename, lineno))  # a plural: its catalog entry goes by the singular
    return found


def _load(app: Sphinx) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    language = app.config.language or "en"
    _state["language"] = language
    _state["translations"] = gettext.NullTranslations()
    _state.pop("catalog", None)
    if language == "en":
        return
    po_path = Path(app.srcdir) / app.config.locale_dirs[0] / language / "LC_MESSAGES" / f"{CATALOG}.po"
    if not po_path.is_file():
        logger.warning(f"{language} edition: no catalog {po_path} (`nox -s catalogs-docs`)", type="oldtricks")
        return
    with po_path.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    _state["catalog"] = catalog
    for text, filename, lineno in extension_messages():
        require(text, f"{PACKAGE.name}/{filename}:{lineno}", po_path)
    mo_path = Path(app.doctreedir) / f"{CATALOG}-{language}.mo"
    with mo_path.open("wb") as handle:
        write_mo(handle, catalog)
    with mo_path.open("rb") as handle:
        _state["translations"] = gettext.GNUTranslations(handle)


def translation_of(text: str) -> Literal["translated", "fuzzy translation", "no translation"]:
    """Whether the edition's catalog translates ``text`` (every plural form), as its build needs."""
    catalog = _state.get("catalog")
    entry = catalog.get(text) if isinstance(catalog, Catalog) else None
    forms = () if entry is None else entry.string if isinstance(entry.string, tuple) else (entry.string,)
    if entry is None or not forms or not all(forms):
        return "no translation"
    return "fuzzy translation" if entry.fuzzy else "translated"


def require(text: str, where: str, po_path: Path | str = "the catalog oldtricks.po", what: str = "") -> None:
    """Warn (an error under -W) when the edition's catalog lacks a translation of ``text`` or holds it
    fuzzy; ``where``: whence the words come, ``what`` names them ("the plot words")."""
    state = translation_of(text)
    if state != "translated":
        said = f"{language()} edition: {state} of {what + ' ' if what else ''}{text!r} ({where}) in {po_path}"
        logger.warning(said, type="oldtricks", subtype="i18n")


def _own_slugs(app: Sphinx, doctree: nodes.document) -> None:
    """A page's heading anchors are its English ones in every edition. MyST stores each page's anchors for
    the links to them from other pages, and stores them again when Sphinx parses a translated heading on
    its own: the translation's anchor then took the page's place, and a link to ``druzbart.md#the-rules-
    in-brief`` from another page found nothing (the section's id on the page is still the English one)."""
    slugs = getattr(doctree, "myst_slugs", None)
    if slugs:
        app.env.metadata[app.env.docname]["myst_slugs"] = slugs


def _unload(app: Sphinx, exception: Exception | None) -> None:
    """The build is over: its language leaves with it (a process may build again, or test, in English)."""
    _state.update(translations=gettext.NullTranslations(), language="en")
    _state.pop("catalog", None)


def setup_i18n(app: Sphinx) -> None:
    app.connect("builder-inited", _load, priority=100)  # before the other features look up words
    app.connect("build-finished", _unload, priority=900)  # after the others have written theirs
    app.connect("doctree-read", _own_slugs)
