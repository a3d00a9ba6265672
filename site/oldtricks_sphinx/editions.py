"""The site's editions: English at the root, each other language in a folder of its own (``de/``, ``pl/``).

Each edition is a build of the same pages with ``-D language=<lang>`` into ``<root>/<lang>/``, its words
from Sphinx's catalogs, one per page (``docs/locales/<lang>/LC_MESSAGES/<page>.po``). The pages
translated for an edition are listed in ``docs/locales/<lang>/pages.toml`` (``pages = [...]``); there

- a listed page must be translated whole: a message of the page missing from its catalog, left empty
  or fuzzy, or a message of the catalog that the page no longer has (stale), is a warning with the
  page and line, which ``-W`` makes fatal (:class:`EditionCheck`, run just before Sphinx translates);
- a page not listed is not in the edition: its place holds a notice, in the edition's language, that
  links to the English page (never a half-English page passed off as translated).

Every page carries a language switcher, links to each edition of the same page that exists, and
``<link rel="alternate" hreflang>`` for them; ``editions.js`` keeps the address's ``#…`` (a viewer's
step) when the reader switches, and remembers the choice (``localStorage``), which only the English
front page follows, so a shared link always opens in its own language.

An edition shares the live engine's runtime with the English site (``oldtricks_runtime_from``): its
``runtime.json`` points at the runtime the English build copied, which is built once.

>>> edition_path("lessons/drogue", "en", "de")
'../de/lessons/drogue.html'
>>> edition_path("drogue", "pl", "en")
'../drogue.html'
>>> edition_path("index", "de", "pl")
'../pl/index.html'
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.i18n import docname_to_domain
from sphinx.util.nodes import extract_messages

from oldtricks_runtime.manifest import share_runtime, wait_for_english

from .embeds import EMBED_DIR
from .i18n import _, language_name
from .themewords import touch_up_edition

__all__ = [
    "EditionCheck",
    "LiteralTranslation",
    "catalog_problems",
    "edition_path",
    "kept_texts",
    "setup_editions",
    "share_runtime",
    "translated_pages",
]

logger = logging.getLogger(__name__)

SOURCE_LANGUAGE = "en"
PAGES_FILE = "pages.toml"
CHOICE_KEY = "oldtricks-language"  # editions.js keeps the reader's choice under this key


def edition_path(pagename: str, here: str, there: str) -> str:
    """The URL of page ``pagename`` of edition ``there``, relative to the same page of edition ``here``."""
    up = "../" * pagename.count("/") + ("" if here == SOURCE_LANGUAGE else "../")
    folder = "" if there == SOURCE_LANGUAGE else f"{there}/"
    return f"{up}{folder}{pagename}.html"


def _locale_dir(app: Sphinx) -> Path:
    return Path(app.srcdir) / str(app.config.locale_dirs[0])


def _pages_file(locale_dir: Path, language: str) -> dict[str, Any]:
    path = locale_dir / language / PAGES_FILE
    if not path.is_file():
        return {}
    try:
        found = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: {exc}") from exc
    for key in ("pages", "keep"):
        value = found.get(key, [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise ValueError(f"{path}: `{key}` must be a list of strings")
    return found


def translated_pages(locale_dir: Path, language: str) -> list[str]:
    """The pages listed as translated in ``<locale_dir>/<language>/pages.toml`` (none without the file)."""
    pages: list[str] = _pages_file(locale_dir, language).get("pages", [])
    return pages


def kept_texts(locale_dir: Path, language: str) -> list[str]:
    """The texts the edition keeps as the English pages have them (``keep`` in its pages.toml): names,
    historical terms, card notation (:mod:`.leftover`)."""
    keep: list[str] = _pages_file(locale_dir, language).get("keep", [])
    return keep


def _shown(text: str) -> str:
    return text if len(text) < 60 else text[:57] + "..."


@dataclass(frozen=True)
class Problem:
    """One message of a translated page that the edition cannot print in its language."""

    line: int | None
    what: str


def catalog_problems(po_path: Path, messages: list[tuple[str, int | None]]) -> list[Problem]:
    """What keeps the catalog ``po_path`` from translating the page whose messages (text, line) are given:
    missing, empty or fuzzy translations, and stale entries the page no longer has.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "p.po").write_text('msgid "One"\\nmsgstr "Eins"\\n\\n#, fuzzy\\nmsgid "Two"\\nmsgstr "Zwei"\\n'
    ...     '\\nmsgid "Gone"\\nmsgstr "Weg"\\n', encoding="utf-8")
    >>> [p.what for p in catalog_problems(folder / "p.po", [("One", 1), ("Two", 2), ("Three", 3)])]
    ["fuzzy translation of 'Two'", "no translation of 'Three'", "stale message 'Gone': the page no longer has it"]
    """
    from babel.messages.pofile import read_po

    if not po_path.is_file():
        return [Problem(None, f"no catalog {po_path}")]
    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    problems = []
    wanted = set()
    for text, line in messages:
        wanted.add(text)
        entry = catalog.get(text)
        shown = _shown(text)
        if entry is None or not entry.string:
            problems.append(Problem(line, f"no translation of {shown!r}"))
        elif entry.fuzzy:
            problems.append(Problem(line, f"fuzzy translation of {shown!r}"))
    for entry in catalog:
        if isinstance(entry.id, str) and entry.id and entry.id not in wanted:
            problems.append(Problem(None, f"stale message {_shown(entry.id)!r}: the page no longer has it"))
    return problems


def _catalog(po_path: Path) -> dict[str, str]:
    from babel.messages.pofile import read_po

    if not po_path.is_file():
        return {}
    with po_path.open("rb") as handle:
        return {
            entry.id: entry.string
            for entry in read_po(handle)
            if isinstance(entry.id, str) and isinstance(entry.string, str) and entry.string
        }


class EditionCheck(SphinxTransform):
    """Before Sphinx translates a page listed as translated: every message of it translated, none stale."""

    default_priority = 19  # sphinx.transforms.i18n.Locale is 20

    def apply(self, **kwargs: Any) -> None:
        if _page_catalog(self) is None:
            return
        messages = []
        for node, msg in extract_messages(self.document):
            messages.append((msg, node.line))
            if isinstance(node, nodes.literal_block):
                node["ot_message"] = msg  # LiteralTranslation puts its translation in
        po_path = _listed_catalog(self)
        if po_path is None:
            return  # a page not listed: Sphinx translates it all the same, its notice stands in its place
        for problem in catalog_problems(po_path, messages):
            logger.warning(
                f"{self.config.language} edition: {problem.what} ({po_path.name}; `nox -s catalogs-docs` updates it)",
                location=(self.env.docname, problem.line),
                type="oldtricks",
                subtype="i18n",
            )


# reference-style link syntax left as text: MyST parses a message alone, without the page's definitions
UNRESOLVED = re.compile(r"\[[^\]]+\]\[[^\]]*\]")


class LiteralTranslation(SphinxTransform):
    """After Sphinx translated a listed page: code blocks get their translation as it stands (Sphinx
    parses it as reST's ``::``, which MyST reads as text), and a reference-style link left as text
    (``[text][label]``: the translation was parsed without the page's link definitions) is an error."""

    default_priority = 21

    def apply(self, **kwargs: Any) -> None:
        po_path = _page_catalog(self)  # listed or not: Sphinx translated the page (a code block as "::")
        if po_path is None:
            return
        catalog = _catalog(po_path)
        for node in list(self.document.findall(nodes.literal_block)):
            translated = catalog.get(node.get("ot_message", ""))
            if translated:
                node.children = []
                node += nodes.Text(translated)
        for para in self.document.findall(nodes.paragraph):
            for found in UNRESOLVED.findall(para.astext()):
                logger.warning(
                    f"{self.config.language} edition: the link {found!r} is left as text: write it inline in "
                    "the page and its translation ([text](target)), MyST cannot resolve it in a message",
                    location=para,
                    type="oldtricks",
                    subtype="i18n",
                )


def _page_catalog(transform: SphinxTransform) -> Path | None:
    """The catalog of the page being read, in an edition (None in the English source)."""
    language = str(transform.config.language)
    if language == SOURCE_LANGUAGE:
        return None
    locale_dir = Path(transform.env.srcdir) / str(transform.config.locale_dirs[0])
    domain = docname_to_domain(transform.env.docname, transform.config.gettext_compact)
    return locale_dir / language / "LC_MESSAGES" / f"{domain}.po"


def _listed_catalog(transform: SphinxTransform) -> Path | None:
    """The catalog of the page being read, when it is listed as translated for the edition being built."""
    po_path = _page_catalog(transform)
    if po_path is None:
        return None
    locale_dir = Path(transform.env.srcdir) / str(transform.config.locale_dirs[0])
    return po_path if transform.env.docname in translated_pages(locale_dir, str(transform.config.language)) else None


def _editions(app: Sphinx) -> dict[str, list[str] | None]:
    """Each language -> its translated pages (None: the English source, which has every page)."""
    found: dict[str, list[str] | None] = {}
    for language in app.config.oldtricks_languages:
        found[language] = None if language == SOURCE_LANGUAGE else translated_pages(_locale_dir(app), language)
    return found


def _owner(pagename: str) -> str:
    """The source page a written page belongs to (``text/drogue`` and ``numbers/drogue``: ``drogue``)."""
    head, _sep, rest = pagename.partition("/")
    return rest if head in {"text", "numbers"} and rest else pagename


def _has(pages: list[str] | None, pagename: str) -> bool:
    return pages is None or _owner(pagename) in pages


def _switcher(app: Sphinx, pagename: str, editions: dict[str, list[str] | None]) -> str:
    here = app.config.language
    items = []
    for language, pages in editions.items():
        name = escape(language_name(language))
        if language == here:
            items.append(f'<li><span aria-current="true" lang="{language}">{name}</span></li>')
        elif _has(pages, pagename):
            href = escape(edition_path(pagename, here, language))
            items.append(
                f'<li><a href="{href}" hreflang="{language}" lang="{language}" '
                f'data-ot-language="{language}">{name}</a></li>'
            )
        else:
            note = escape(_("not yet translated"))
            items.append(f'<li><span class="ot-edition-missing" lang="{language}">{name}</span> ({note})</li>')
    label = escape(_("Language"))
    front = ' data-ot-front="true"' if pagename == "index" else ""  # the page a remembered choice leads from
    return f'<nav class="ot-editions" aria-label="{label}"{front}><ul>{"".join(items)}</ul></nav>\n'


def _alternates(app: Sphinx, pagename: str, editions: dict[str, list[str] | None]) -> str:
    here = app.config.language
    links = [
        f'<link rel="alternate" hreflang="{language}" href="{escape(edition_path(pagename, here, language))}">'
        for language, pages in editions.items()
        if _has(pages, pagename)
    ]
    links.append(f'<link rel="alternate" hreflang="x-default" href="{edition_path(pagename, here, "en")}">')
    return "".join(f"\n{link}" for link in links)


def _not_translated(app: Sphinx, pagename: str) -> str:
    english = escape(edition_path(pagename, app.config.language, SOURCE_LANGUAGE))
    notice = escape(_("This page is not yet translated into {language}.").format(language=language_name()))
    read = escape(_("Read it in English"))
    return (
        f'<section class="ot-edition-notice"><p>{notice}</p>'
        f'<p><a href="{english}" hreflang="en" lang="en" data-ot-language="en">{read}</a></p></section>\n'
    )


def _page(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if app.builder.format != "html" or app.config.language not in app.config.oldtricks_languages:
        return
    if pagename.startswith(EMBED_DIR + "/") or context.get("bare_page"):
        return  # a bare viewer (or study) for another site's page: in its edition's language, nothing around it
    editions = _editions(app)
    context["metatags"] = context.get("metatags", "") + _alternates(app, pagename, editions)
    if "body" not in context:
        return  # a page without a body (search, genindex) keeps the theme's
    if not _has(editions[app.config.language], pagename):
        # the page's title (as the theme renders it) stays its heading: a page has one level-one heading
        context["body"] = f"<h1>{context.get('title', '')}</h1>\n" + _not_translated(app, pagename)
        context["metatags"] += '\n<meta name="robots" content="noindex">'
        context["toc"] = ""
        context["display_toc"] = False
    context["body"] = _switcher(app, pagename, editions) + context["body"]
    app.add_js_file("oldtricks/editions.js", loading_method="defer", priority=150)


DESCRIPTION = re.compile(r'<meta name="description" content="[^"]*">')


def _notice_description(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """The description of a page not yet translated: the notice, not the English page's first words."""
    if app.builder.format != "html" or app.config.language not in app.config.oldtricks_languages:
        return
    if pagename.startswith(EMBED_DIR + "/") or context.get("bare_page"):
        return
    if "body" in context and not _has(_editions(app)[app.config.language], pagename):
        notice = escape(_("This page is not yet translated into {language}.").format(language=language_name()))
        tag = f'<meta name="description" content="{notice}">'
        context["metatags"] = DESCRIPTION.sub(lambda _match: tag, context.get("metatags", ""))


def _touch_up(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html" or app.config.language == SOURCE_LANGUAGE:
        return
    if app.config.language not in app.config.oldtricks_languages:
        return
    pages = _editions(app)[app.config.language]
    touch_up_edition(Path(app.outdir), str(app.config.copyright), lambda page: not _has(pages, page))


def _share_runtime(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html" or not app.config.oldtricks_runtime_from:
        return
    if app.config.oldtricks_english_built:
        wait_for_english(Path(app.config.oldtricks_english_built))
    share_runtime(Path(app.outdir), app.config.oldtricks_runtime_from)


def setup_editions(app: Sphinx) -> None:
    app.add_config_value(
        "oldtricks_languages",
        ["en"],
        "html",
        types=frozenset({list}),
        description="the site's editions, English (the source) first; each other one in a folder of its name",
    )
    app.add_config_value(
        "oldtricks_runtime_from",
        "",
        "",
        types=frozenset({str}),
        description="the English site, relative to this edition's output, whose live engine it shares",
    )
    app.add_config_value(
        "oldtricks_english_built",
        "",
        "",
        types=frozenset({str}),
        description="a file written when the English build beside this edition's has ended ('ok', or why it "
        "failed): the edition waits for it before it shares the runtime ('': the English site is built already)",
    )
    app.add_transform(EditionCheck)
    app.add_transform(LiteralTranslation)
    app.connect("html-page-context", _page, priority=300)
    app.connect("html-page-context", _notice_description, priority=960)  # after standards.py's (950)
    app.connect("build-finished", _share_runtime, priority=450)
    app.connect(
        "build-finished", _touch_up, priority=460
    )  # before the pages' hashes (csp.py, 500)  # before the precompressed copies (950)
