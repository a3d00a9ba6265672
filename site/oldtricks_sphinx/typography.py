"""Numbers and quotation marks as the edition's language writes them (the language of :mod:`.i18n`):
a decimal comma and a point or a space between thousands in German and Polish, German „…“ and
Polish „…” quotation marks. English stays as the pages had it: ``1,234.5`` and “…”.

>>> decimal(1234.5, 1, "de"), decimal(1234.5, 1, "pl"), decimal(1234.5, 1, "en")
('1.234,5', '1234,5', '1,234.5')
>>> decimal(-12345.678, 2, "pl"), integer(1234567, "de")
('-12\\xa0345,68', '1.234.567')
>>> percentage(0.1234, "de"), percentage(0.1234, "en")
('12,3\\xa0%', '12.3%')
>>> quoted("Bube", "de"), quoted("walet", "pl"), quoted("Jack", "en")
('„Bube“', '„walet”', '“Jack”')
"""

from __future__ import annotations

from typing import Any

from .i18n import language

__all__ = ["decimal", "integer", "localize_axis", "localized", "percentage", "quoted"]

QUOTES = {"en": ("“", "”"), "de": ("„", "“"), "pl": ("„", "”")}


def decimal(x: float, places: int, lang: str | None = None) -> str:
    """``x`` with ``places`` decimals and the language's separators."""
    lang = lang or language()
    english = f"{x:,.{places}f}"  # Python's rounding in every language: the same digits in each edition
    if lang == "en":
        return english
    whole = english.split(".")[0].lstrip("-")
    # Polish groups thousands from five digits on (1234, 12 345); German always (1.234)
    thousands = "" if lang == "pl" and len(whole) <= 5 else {"pl": "\xa0"}.get(lang, ".")
    return english.replace(",", "\0").replace(".", ",").replace("\0", thousands)


def integer(x: float, lang: str | None = None) -> str:
    """A whole number with the language's thousands separator (``1,234``, ``1.234``, ``1 234``)."""
    return decimal(x, 0, lang)


def percentage(x: float, lang: str | None = None) -> str:
    """A share as a percentage with one decimal: ``12.3%``; ``12,3 %`` in German and Polish (no-break space)."""
    lang = lang or language()
    number = decimal(100 * x, 1, lang)
    return f"{number}%" if lang == "en" else f"{number}\xa0%"


def quoted(text: str, lang: str | None = None) -> str:
    """``text`` between the language's quotation marks."""
    opening, closing = QUOTES.get(lang or language(), QUOTES["en"])
    return f"{opening}{text}{closing}"


def localized(text: str, lang: str | None = None) -> str:
    """A number matplotlib wrote in English (``1,234.5``, ``12.5%``) as the language writes it.

    >>> localized("1,234.5", "de"), localized("12.5%", "pl"), localized("0.5", "en")
    ('1.234,5', '12,5\\xa0%', '0.5')
    """
    lang = lang or language()
    if lang == "en":
        return text
    thousands = {"pl": "\xa0"}.get(lang, ".")
    return text.replace(",", "\0").replace(".", ",").replace("\0", thousands).replace("%", "\xa0%")


def localize_axis(axis: Any) -> None:
    """The tick labels of a matplotlib axis as the edition's language writes numbers."""
    if language() == "en":
        return
    from matplotlib.ticker import Formatter

    base = axis.get_major_formatter()

    class Localized(Formatter):
        def set_axis(self, axis: Any) -> None:
            super().set_axis(axis)
            base.set_axis(axis)

        def set_locs(self, locs: Any) -> None:
            base.set_locs(locs)

        def __call__(self, x: float, pos: int | None = None) -> str:
            return localized(str(base(x, pos)))

    axis.set_major_formatter(Localized())
