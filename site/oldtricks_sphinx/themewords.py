"""The theme's own words in an edition: Furo writes a few in English whatever the language ("Skip to
content", "Back to top", the colour scheme's and the icons' titles, "Made with", the copyright line, "Next",
the labels of its sidebars' toggles and of each expandable entry), and Sphinx's catalog has no German or
Polish for its heading links' "Link to this heading", so an edition's written pages get them from
``oldtricks.po``; and in the sidebar, a page's table of contents and the
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
from html import escape
from pathlib import Path

from .i18n import _

__all__ = [
    "labels_of_theme",
    "mark_english",
    "theme_labels",
    "theme_words",
    "translations_without_eval",
    "words_of_theme",
]

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
        "and": _("and"),  # the footer's "Made with Sphinx and ..."
        "Expand": _("Expand"),
        "Contents": _("Contents"),  # the icons' titles
        "Menu": _("Menu"),
        "Next": _("Next"),  # the links to the neighbouring pages, and the front page's title there
        "Previous": _("Previous"),
        "Home": _("Home"),
        copyright_line: _("Copyright © 2025, the oldtricks authors"),
    }


def labels_of_theme() -> dict[str, str]:
    """Furo's (and Sphinx's) English labels for screen readers and tooltips -> the edition's."""
    return {
        "Toggle site navigation sidebar": _("Toggle site navigation sidebar"),
        "Toggle table of contents sidebar": _("Toggle table of contents sidebar"),
        "Toggle Light / Dark / Auto color theme": _("Toggle Light / Dark / Auto color theme"),
        "Link to this heading": _("Link to this heading"),
    }


# each expandable entry of the sidebar's tree (furo/navigation.py), named by its page's title
NAVIGATION = re.compile(r'aria-label="Toggle navigation of ([^"]*)"')


def theme_labels(html: str, labels: dict[str, str]) -> str:
    """``html`` with each ``aria-label`` and ``title`` that is one of ``labels`` replaced, and the sidebar's
    "Toggle navigation of ..." said in the edition's words.

    >>> theme_labels('<a title="Link to this heading">¶</a><input aria-label="Toggle navigation of Lektionen">',
    ...     {"Link to this heading": "Link zu dieser Überschrift"})
    '<a title="Link zu dieser Überschrift">¶</a><input aria-label="Toggle navigation of Lektionen">'
    """
    for english, translated in labels.items():
        for name in ("aria-label", "title"):
            html = html.replace(f'{name}="{english}"', f'{name}="{escape(translated)}"')
    # the page's title is in the markup already escaped: only the words around it are escaped here
    around = escape(_("Toggle navigation of {title}"))
    return NAVIGATION.sub(lambda m: f'aria-label="{around.replace("{title}", m.group(1))}"', html)


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
    words, labels = words_of_theme(f"Copyright © {copyright_text}"), labels_of_theme()
    script = outdir / "_static" / "translations.js"
    if script.is_file():
        script.write_text(translations_without_eval(script.read_text(encoding="utf-8")), encoding="utf-8")
    for path in outdir.rglob("*.html"):
        parts = path.relative_to(outdir).parts
        if parts[0] in {"_static", "embed"}:
            continue
        html = path.read_text(encoding="utf-8")
        pagename = path.relative_to(outdir).with_suffix("").as_posix()
        done = theme_labels(theme_words(html.replace("&#169;", "©"), words), labels)
        done = mark_english(done, pagename, untranslated)
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
