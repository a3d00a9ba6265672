"""The theme's own words in an edition: Furo writes a few in English whatever the language ("Skip to
content", "Back to top", the colour scheme's titles, "Made with", the copyright line), so an edition's
written pages get them from ``oldtricks.po``; and in the sidebar, a page's table of contents and the
links to the next and previous page, the title of a page the edition has not translated is marked
``lang="en"``: it is English, and a screen reader should say it so. Sphinx's own catalog for its
scripts (``_static/translations.js``) makes its plural rule with ``new Function``, which the site's
Content-Security-Policy refuses (no ``'unsafe-eval'``): it is written again with the rule as code.

>>> theme_words("<span>Back to top</span> <title>Light mode</title>", {"Back to top": "Nach oben",
...     "Light mode": "Hell"})
'<span>Nach oben</span> <title>Hell</title>'
>>> mark_english('<a class="next-page" href="a.html"><span>Weiter</span><div class="title">A</div></a>', "b",
...     lambda page: page == "a")
'<a class="next-page" href="a.html"><span>Weiter</span><div class="title" lang="en">A</div></a>'
>>> mark_english('<div class="sidebar-tree"><a class="reference internal" href="../a.html">A</a>'
...     '<a class="reference internal" href="b.html">B</a></div>', "x/page", lambda page: page == "a").split("><")[1:3]
['a lang="en" class="reference internal" href="../a.html">A</a', 'a class="reference internal" href="b.html">B</a']
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable
from pathlib import Path

from .i18n import _

__all__ = ["mark_english", "theme_words", "translations_without_eval", "words_of_theme"]

# the sidebar's tree, and a page's own table of contents (``{toctree}`` in the page)
SIDEBAR = re.compile(r'(<div class="(?:sidebar-tree|toctree-wrapper compound)">)(.*?)(</div>)', re.S)
INTERNAL = re.compile(r'<a class="reference internal" href="([^"#]*)(#[^"]*)?"')
# the theme's links to the next and the previous page, at the foot: the title of the page they lead to
NEIGHBOUR = re.compile(r'(<a class="(?:next|prev)-page" href="([^"#]*)[^"]*">.*?<div class="title")', re.S)


def words_of_theme(copyright_line: str) -> dict[str, str]:
    """Furo's English words -> the edition's (``copyright_line``: the page's ``Copyright © ...`` text)."""
    return {
        "Skip to content": _("Skip to content"),
        "Back to top": _("Back to top"),
        "Light mode": _("Light mode"),
        "Dark mode": _("Dark mode"),
        "Auto light/dark, in light mode": _("Auto light/dark, in light mode"),
        "Auto light/dark, in dark mode": _("Auto light/dark, in dark mode"),
        "Made with": _("Made with"),
        "Expand": _("Expand"),
        copyright_line: _("Copyright © 2025, the oldtricks authors"),
    }


def theme_words(html: str, words: dict[str, str]) -> str:
    """``html`` with each text node that is one of ``words`` (whitespace around it kept) replaced."""
    for english, translated in words.items():
        pattern = re.compile(r">(\s*)" + re.escape(english).replace(r"\ ", r"\s+") + r"(\s*)<")
        html = pattern.sub(rf">\g<1>{_escaped(translated)}\g<2><", html)
    return html


def _escaped(text: str) -> str:
    """``text`` as a replacement string of ``re.sub`` (its backslashes doubled)."""
    return text.replace("\\", "\\\\")


def mark_english(html: str, pagename: str, untranslated: Callable[[str], bool]) -> str:
    """The links of the sidebar and of the page's table of contents to pages ``untranslated`` says the
    edition lacks, marked ``lang="en"``."""
    folder = posixpath.dirname(pagename)

    def link(match: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(folder, match.group(1))).removesuffix(".html")
        return match.group(0).replace("<a ", '<a lang="en" ', 1) if untranslated(target) else match.group(0)

    def neighbour(match: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(folder, match.group(2))).removesuffix(".html")
        return match.group(1) + (' lang="en"' if untranslated(target) else "")

    html = SIDEBAR.sub(lambda m: m.group(1) + INTERNAL.sub(link, m.group(2)) + m.group(3), html)
    return NEIGHBOUR.sub(neighbour, html)


def touch_up_edition(outdir: Path, copyright_text: str, untranslated: Callable[[str], bool]) -> None:
    """Every written page of an edition (not its embeds, which carry no theme) with the theme's words in
    its language and its sidebar's English titles marked; Sphinx's script catalog without ``eval``."""
    words = words_of_theme(f"Copyright © {copyright_text}")
    script = outdir / "_static" / "translations.js"
    if script.is_file():
        script.write_text(translations_without_eval(script.read_text(encoding="utf-8")), encoding="utf-8")
    for path in outdir.rglob("*.html"):
        parts = path.relative_to(outdir).parts
        if parts[0] in {"_static", "embed"}:
            continue
        html = path.read_text(encoding="utf-8")
        pagename = path.relative_to(outdir).with_suffix("").as_posix()
        done = mark_english(theme_words(html.replace("&#169;", "©"), words), pagename, untranslated)
        if done != html:
            path.write_text(done, encoding="utf-8")


TRANSLATIONS = re.compile(r"^Documentation\.addTranslations\((\{.*\})\);?\s*$", re.S)
PLURAL = re.compile(r"^[n0-9%<>=!&|?:() ]+$")  # a gettext plural rule: n, numbers, operators, brackets


def translations_without_eval(script: str) -> str:
    """Sphinx's ``translations.js`` with its catalog kept and its plural rule written as a function
    (Sphinx's ``addTranslations`` builds it with ``new Function``, refused under the site's policy).

    >>> print(translations_without_eval('Documentation.addTranslations({"locale": "pl", '
    ...     '"messages": {"Search": "Szukaj"}, "plural_expr": "(n==1 ? 0 : 1)"});'))
    Object.assign(Documentation.TRANSLATIONS, {"Search": "Szukaj"});
    Documentation.PLURAL_EXPR = (n) => ((n==1 ? 0 : 1));
    Documentation.LOCALE = "pl";
    <BLANKLINE>
    """
    found = TRANSLATIONS.match(script)
    if found is None:
        raise ValueError("translations.js: not Sphinx's Documentation.addTranslations({...}) as expected")
    catalog = json.loads(found.group(1))
    rule = str(catalog["plural_expr"])
    if not PLURAL.match(rule):
        raise ValueError(f"translations.js: a plural rule that is not gettext's: {rule!r}")
    return (
        f"Object.assign(Documentation.TRANSLATIONS, {json.dumps(catalog['messages'], ensure_ascii=True)});\n"
        f"Documentation.PLURAL_EXPR = (n) => ({rule});\n"
        f"Documentation.LOCALE = {json.dumps(catalog['locale'])};\n"
    )
