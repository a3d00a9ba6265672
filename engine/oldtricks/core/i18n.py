"""The engine's languages: every sentence it writes goes through gettext, English being the source text.

The catalogs are those of the domain ``oldtricks``, in ``locales/<lang>/LC_MESSAGES/oldtricks.po`` beside
this module, compiled to ``oldtricks.mo`` (``nox -s catalogs``: Babel extracts, updates and compiles them;
the engine itself reads the ``.mo`` files with the standard library only). A message missing from a
catalog is written in English.

The language is chosen explicitly, for a block of work, by a context manager; it is held in a context
variable, so that two builds or two threads in one process never see each other's choice:

>>> from oldtricks.core.cards import GERMAN_32
>>> card = GERMAN_32.parse("UA")
>>> card.name
'Unter of Acorns'
>>> with language("de"):
...     card.name
'Eichel-Unter'
>>> with language("pl"):
...     [ngettext("{count} clip", "{count} clips", n).format(count=n) for n in (1, 2, 5, 22)]
['1 klips', '2 klipsy', '5 klipsów', '22 klipsy']
>>> current()
'en'

A table worked out when a module is imported marks its texts with :func:`N_` and translates them where
they are shown, with :func:`_`.
"""

from __future__ import annotations

import gettext
from collections.abc import Hashable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Literal, TypeVar, get_args

from ..errors import OldtricksError

__all__ = [
    "DOMAIN",
    "LANGS",
    "LOCALES",
    "N_",
    "Lang",
    "Words",
    "_",
    "current",
    "language",
    "ngettext",
    "npN_",
    "pN_",
    "pgettext",
]

Lang = Literal["en", "de", "pl"]
LANGS: tuple[Lang, ...] = get_args(Lang)
DOMAIN = "oldtricks"
LOCALES = Path(__file__).parents[1] / "locales"

K = TypeVar("K", bound=Hashable)

_current: ContextVar[Lang] = ContextVar("oldtricks_language", default="en")


def check(lang: str) -> Lang:
    """``lang`` as a language the engine speaks; :class:`OldtricksError` naming the choices otherwise.

    >>> check("de"), check("pl-PL"), check("")
    ('de', 'pl', 'en')
    >>> check("fr")
    Traceback (most recent call last):
        ...
    oldtricks.errors.OldtricksError: unknown language 'fr': the engine speaks en, de, pl
    """
    base = lang.strip().lower().replace("_", "-").split("-")[0] or "en"
    for known in LANGS:
        if base == known:
            return known
    raise OldtricksError(f"unknown language {lang!r}: the engine speaks {', '.join(LANGS)}", field="lang")


@cache
def catalog(lang: Lang, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: the source text itself), of the engine's own words or,
    by ``domain``, of the data's (``ledger``, ``scenarios``: :mod:`oldtricks.core.datawords`)."""
    if lang == "en":
        return gettext.NullTranslations()
    path = LOCALES / lang / "LC_MESSAGES" / f"{domain}.mo"
    try:
        with path.open("rb") as file:
            return gettext.GNUTranslations(file)
    except OSError as exc:  # a package built without its catalogs: say so rather than speak English silently
        raise OldtricksError(f"the engine's catalog for {lang!r} is missing: {path}") from exc


def current() -> Lang:
    """The language of the work under way."""
    return _current.get()


@contextmanager
def language(lang: str) -> Iterator[Lang]:
    """Write in ``lang`` within the block (``with language("de"): ...``), then in the language before."""
    chosen = check(lang)
    catalog(chosen)  # a missing catalog fails here, where the language is chosen
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


def use(lang: str) -> Lang:
    """Write in ``lang`` from now on in this context: a process that speaks one language (the browser's
    worker, the command line) chooses it once."""
    chosen = check(lang)
    catalog(chosen)
    _current.set(chosen)
    return chosen


def _(message: str) -> str:
    """``message`` in the current language."""
    return catalog(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language (Polish has three)."""
    return catalog(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, read in ``context`` (the same English word, other senses)."""
    return catalog(_current.get()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it: a table made at import is translated
    where it is shown, by :func:`_`."""
    return message


def npN_(context: str, singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message read in ``context`` for the catalogs (the widget's words, widgetwords.py)."""
    del context
    return singular, plural


def pN_(context: str, message: str) -> str:
    """Mark ``message`` read in ``context`` for the catalogs; :func:`pgettext` translates it where shown."""
    del context
    return message


class Words(Mapping[K, str]):
    """A table of marked messages (:func:`N_`, or :func:`pN_` in ``context``) looked up in the current language.

    >>> suits = Words({"C": pN_("French suit", "Clubs")}, "French suit")
    >>> with language("de"):
    ...     suits["C"], list(suits)
    ('Kreuz', ['C'])
    """

    __slots__ = ("_context", "_table")

    def __init__(self, table: Mapping[K, str], context: str | None = None) -> None:
        self._table = dict(table)
        self._context = context

    def __getitem__(self, key: K) -> str:
        message = self._table[key]
        return _(message) if self._context is None else pgettext(self._context, message)

    def __iter__(self) -> Iterator[K]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)
