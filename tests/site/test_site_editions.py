"""The editions: a page listed as translated builds only from a complete catalog; the switcher, hreflang
and the notice of a page not yet translated; MyST's indirect links, footnotes and code blocks through
gettext, checked in the built pages; the real site's de/ and pl/ beside the English pages."""

from __future__ import annotations

import gettext
import json
import re
from pathlib import Path

from conftest import Builder, Built, Site
from oldtricks.core.i18n import Lang
from oldtricks.core.widgetwords import widget_words
from oldtricks_sphinx.editions import kept_texts, translated_pages
from oldtricks_sphinx.leftover import english_left

DOCS_LOCALES = Path(__file__).resolve().parents[2] / "docs" / "locales"
LANGUAGES: tuple[Lang, ...] = ("de", "pl")
WORDS = re.compile(r'<script id="oldtricks-words" type="application/json">(.*?)</script>', re.S)

PAGE = """\
# Rules

The dealer deals [eight cards][deal] to each player.[^pack]

[deal]: https://example.org/deal

[^pack]: A pack of thirty-two.

```text
seat = "South"  # who deals first
```

## Tricks

Play goes to the right.
"""

PO_HEAD = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
MESSAGES = {
    "Rules": "Regeln",
    "The dealer deals [eight cards][deal] to each player.[^pack]": "Der Geber gibt jedem [acht Karten][deal].[^pack]",
    "A pack of thirty-two.": "Ein Spiel von zweiunddreißig.",
    'seat = "South"  # who deals first\n': 'seat = "South"  # wer zuerst gibt\n',
    "Tricks": "Stiche",
    "Play goes to the right.": "Gespielt wird nach rechts.",
}
# the extension's own words, as the German edition has them
EXTENSION = (DOCS_LOCALES / "de" / "LC_MESSAGES" / "oldtricks.po").read_text(encoding="utf-8")
CONF = {
    "language": "de",
    "locale_dirs": ["locales/"],
    "gettext_compact": False,
    "gettext_additional_targets": ["literal-block"],
    "oldtricks_languages": ["en", "de", "pl"],
    "oldtricks_check_complete": False,
}


def po(messages: dict[str, str], fuzzy: str = "") -> str:
    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    entries = [
        ("#, fuzzy\n" if msgid == fuzzy else "") + f"msgid {quoted(msgid)}\nmsgstr {quoted(msgstr)}\n"
        for msgid, msgstr in messages.items()
    ]
    return PO_HEAD + "\n".join(entries)


def edition(build: Builder, messages: dict[str, str], *, fuzzy: str = "", listed: bool = True) -> Built:
    pages = {
        "index.md": "# Home\n\n```{toctree}\nrules\n```\n",
        "rules.md": PAGE,
        "locales/de/pages.toml": f"pages = {['rules'] if listed else []!r}\n",
        "locales/de/LC_MESSAGES/rules.po": po(messages, fuzzy),
        "locales/de/LC_MESSAGES/index.po": po({"Home": "Start"}),
        "locales/de/LC_MESSAGES/oldtricks.po": EXTENSION,
    }
    return build(pages, conf=CONF, strict=False)


def test_a_translated_page_builds_with_its_links_footnotes_and_code_translated(build: Builder) -> None:
    built = edition(build, MESSAGES)
    html = built.html("rules")
    assert '<html lang="de"' in html or 'lang="de"' in html.split(">", 2)[1]
    assert "Gespielt wird nach rechts." in html and "Play goes to the right." not in html
    # the indirect link keeps its target, the footnote its text and its reference, the code its comment
    assert "Der Geber gibt jedem" in html
    assert "Ein Spiel von zweiunddreißig." in html and 'href="#pack"' in html
    assert re.search(r"<pre[^>]*>.*wer zuerst gibt.*</pre>", html, re.DOTALL) and "who deals first" not in html
    # MyST parses a message alone: a reference-style link is left as text, which fails the edition
    assert "the link '[acht Karten][deal]' is left as text" in built.warnings
    for compiled in built.src.rglob("*.mo"):
        compiled.unlink()  # Sphinx compiles a .po again only when it is newer than its .mo, by the second
    gettext._translations.clear()  # type: ignore[attr-defined]  # and Python keeps each .mo it read
    fixed = edition(
        build,
        {
            **MESSAGES,
            "The dealer deals [eight cards][deal] to each player.[^pack]": "Der Geber "
            "gibt jedem [acht Karten](https://example.org/deal).[^pack]",
        },
    )
    assert "edition" not in fixed.warnings, fixed.warnings
    link = '<a class="reference external" href="https://example.org/deal">acht Karten</a>'
    fixed_html = fixed.html("rules")
    assert link in fixed_html
    english = build({"index.md": "# Home\n", "rules.md": PAGE}, conf={"oldtricks_check_complete": False})
    # (the sample's theme, alabaster, has no German for its footer)
    assert english_left(english.html("rules"), fixed_html, keep={"© Copyright . Created using"}) == []
    assert english_left(english.html("rules"), html) == ["© Copyright . Created using"]


def test_a_missing_message_of_a_translated_page_fails_the_edition(build: Builder) -> None:
    short = {k: v for k, v in MESSAGES.items() if k != "Play goes to the right."}
    built = edition(build, short)
    assert "de edition: no translation of 'Play goes to the right.'" in built.warnings
    assert "rules.md:15" in built.warnings  # the page and line of the message


def test_a_fuzzy_or_stale_message_fails_the_edition(build: Builder) -> None:
    built = edition(build, {**MESSAGES, "Play goes to the left.": "Nach links."}, fuzzy="Tricks")
    assert "de edition: fuzzy translation of 'Tricks'" in built.warnings
    assert "de edition: stale message 'Play goes to the left.'" in built.warnings


def test_a_page_not_listed_is_a_notice_linking_to_the_english_page(build: Builder) -> None:
    built = edition(build, {}, listed=False)
    assert "edition" not in built.warnings, built.warnings
    html = built.html("rules")
    assert "Diese Seite ist noch nicht übersetzt." in html
    assert '<a href="../rules.html" hreflang="en" lang="en" data-ot-language="en">Die englische Fassung' in html
    assert "The dealer deals" not in html and '<meta name="robots" content="noindex">' in html
    # the switcher of the translated front page says the page is missing in Polish, links English
    home = built.html("index")
    assert '<nav class="ot-editions" aria-label="Sprache" data-ot-front="true">' in home
    assert 'href="../index.html" hreflang="en"' in home
    assert '<span class="ot-edition-missing" lang="pl">Polski</span> (noch nicht übersetzt)' in home
    assert '<link rel="alternate" hreflang="en" href="../index.html">' in home
    assert '<link rel="alternate" hreflang="pl"' not in home


def test_the_english_site_links_each_edition_that_has_the_page(build: Builder) -> None:
    built = build(
        {"index.md": "# Home\n", "sub/page.md": "# Page\n", "locales/de/pages.toml": 'pages = ["sub/page"]\n'},
        conf={
            "locale_dirs": ["locales/"],
            "oldtricks_languages": ["en", "de", "pl"],
            "oldtricks_check_complete": False,
        },
    )
    html = built.html("sub/page")
    assert '<a href="../de/sub/page.html" hreflang="de" lang="de" data-ot-language="de">Deutsch</a>' in html
    assert '<link rel="alternate" hreflang="de" href="../de/sub/page.html">' in html
    assert '<span class="ot-edition-missing" lang="pl">Polski</span> (not yet translated)' in html
    assert "editions.js" in html


def test_the_extension_catalog_must_hold_every_word_it_writes(build: Builder) -> None:
    pages = {
        "index.md": "# Home\n",
        "locales/de/LC_MESSAGES/oldtricks.po": EXTENSION.replace('msgid "Language"\nmsgstr "Sprache"', ""),
    }
    built = build(pages, conf=CONF, strict=False)
    assert "de edition: no translation of 'Language' (oldtricks_sphinx/editions.py" in built.warnings


# ---- the real site, as `nox -s docs` built it ------------------------------------------------------


def test_every_edition_has_every_page_with_its_language_and_switcher(site: Site) -> None:
    assert site.returncode == 0, site.log
    english = site.pages()
    for language in LANGUAGES:
        folder = site.outdir / language
        for name in english:
            # embeds (a scenario's, and the study's frame: study-embed.html) are bare pages, with no switcher
            bare = name.startswith(("embed/", "text/", "numbers/")) or name == "study-embed.html"
            if bare or name in {"search.html", "genindex.html"}:
                continue
            html = (folder / name).read_text(encoding="utf-8")
            assert f'<html lang="{language}"' in html or f'lang="{language}"' in html[:300], name
            assert 'class="ot-editions"' in html, name
            assert '<link rel="alternate" hreflang="en"' in html, name


def test_the_editions_share_the_english_runtime(site: Site) -> None:
    for language in LANGUAGES:
        folder = site.outdir / language / "_static"
        assert not (folder / "pyodide").exists() and not (folder / "wheels").exists()
        manifest = (folder / "oldtricks" / "runtime.json").read_text(encoding="utf-8")
        assert '"pyodide": "../../../_static/pyodide/"' in manifest


def test_no_english_sentence_is_left_on_a_translated_page(site: Site) -> None:
    for language in LANGUAGES:
        keep = kept_texts(DOCS_LOCALES, language)
        listed = translated_pages(DOCS_LOCALES, language)
        assert listed, f"no page translated for {language}: the check would check nothing"
        for page in listed:
            # the page, and its viewers' text forms and its plots' numbers where it has them
            for name in (page, f"text/{page}", f"numbers/{page}"):
                if not (site.outdir / f"{name}.html").is_file():
                    continue
                english = (site.outdir / f"{name}.html").read_text(encoding="utf-8")
                translated = (site.outdir / language / f"{name}.html").read_text(encoding="utf-8")
                assert english_left(english, translated, keep) == [], f"{language}/{name}.html"


def test_an_edition_writes_the_numbers_of_its_plots_with_a_decimal_comma(build: Builder, tmp_path: Path) -> None:
    folder = tmp_path / "stats"
    folder.mkdir()
    rows = [{"label": "a", "value": 0.125, "lo": 0.05, "hi": 0.2, "count": 1250, "n": 10000}]
    plot = {"kind": "share", "title": "T", "axis": "share", "note": "", "percent": True, "rows": rows}
    (folder / "demo.json").write_text(json.dumps({"plots": {"p": plot}}), encoding="utf-8")
    pages = {"index.md": "# S\n\n```{stats} demo p\n```\n", "locales/de/LC_MESSAGES/oldtricks.po": EXTENSION}
    built = build(pages, conf={**CONF, "oldtricks_stats": str(folder)}, strict=False)
    numbers = (built.outdir / "numbers" / "index.html").read_text(encoding="utf-8")
    cells = re.findall(r"<td><p>(.*?)</p></td>", numbers)
    assert cells[1:5] == ["10.000", "1.250", "12,5\xa0%", "5,0\xa0%–20,0\xa0%"]
    svg = (built.outdir / "_images" / "stats" / "demo-p.svg").read_text(encoding="utf-8")
    assert ">12,5\xa0%<" in svg and "12.5%" not in svg  # the ticks as German writes them


def test_a_rule_box_is_translated_whole_title_source_and_labels(build: Builder) -> None:
    from oldtricks.core.registry import all_rules

    rule = all_rules()["drogue.pack"]
    page = "# Pack\n\n```{rule} drogue.pack\nThirty-two cards.\n```\n"
    messages = {"Pack": "Spiel", "Thirty-two cards.": "Zweiunddreißig Karten.", rule.title: "32 Karten, Sieben bis Ass"}
    messages[rule.source] = rule.source  # the works' names stay as they are: a translation equal to its message
    pages = {
        "index.md": page,
        "locales/de/pages.toml": 'pages = ["index"]\n',
        "locales/de/LC_MESSAGES/index.po": po(messages),
        "locales/de/LC_MESSAGES/oldtricks.po": EXTENSION,
    }
    built = build(pages, conf=CONF, strict=False)
    assert "edition" not in built.warnings, built.warnings
    html = built.html()
    assert "32 Karten, Sieben bis Ass" in html and "Quelle: " in html and ">belegt<" in html
    assert 'title="Link zu dieser Regel"' in html
    english = build({"index.md": page}, conf={"oldtricks_check_complete": False})
    keep = {"© Copyright . Created using", rule.source}
    assert english_left(english.html(), html, keep) == []


def test_an_embed_page_keeps_its_viewer_and_its_edition_s_language(site: Site) -> None:
    for language in LANGUAGES:
        html = (site.outdir / language / "embed" / "bettelmann" / "basics.html").read_text(encoding="utf-8")
        assert f'<html lang="{language}"' in html and "oldtricks-widget" in html
        assert "ot-edition-notice" not in html and "ot-editions" not in html


def test_every_embed_page_of_an_edition_carries_the_widget_s_words_in_its_language(site: Site) -> None:
    """A bare page (a scenario's embed, the study's) is all an iframe shows: without the edition's words its
    board would speak English beside the engine's German or Polish."""
    english = sorted(p.relative_to(site.outdir) for p in (site.outdir / "embed").rglob("*.html"))
    assert len(english) > 50, "the English site's embed pages"
    for language in LANGUAGES:
        expected = widget_words(language)
        for name in [*english, Path("study-embed.html")]:
            html = (site.outdir / language / name).read_text(encoding="utf-8")
            found = WORDS.findall(html)
            assert len(found) == 1, f"{language}/{name}: {len(found)} blocks of the widget's words"
            assert json.loads(found[0]) == expected, f"{language}/{name}"
        html = (site.outdir / "study-embed.html").read_text(encoding="utf-8")
        assert not WORDS.findall(html), "the English pages carry no words: the widget's own are English"


def test_tab_labels_fold_lines_and_a_rule_box_s_table_are_translated_with_the_page(build: Builder) -> None:
    page = (
        "# Readings\n\n:::::{examples}\n::::{tabs}\n:::{tab} Kings only\nThe Kings.\n\n"
        "```{scenario} bettelmann/basics\n```\n:::\n:::{tab} No draw\nNo draw at all.\n:::\n::::\n:::::\n\n"
        "::::{fold} Show the table\n```{rule} drogue.points\n| card | points |\n|---|---|\n"
        "| Nine, Eight, Seven | 0 |\n```\n::::\n"
    )
    from oldtricks.core.registry import all_rules

    rule = all_rules()["drogue.points"]
    messages = {
        "Readings": "Lesarten",
        "Kings only": "Nur die Könige",
        "The Kings.": "Die Könige.",
        "No draw": "Kein Ziehen",
        "No draw at all.": "Gar kein Ziehen.",
        "Show the table": "Tabelle zeigen",
        "card": "Karte",
        "points": "Punkte",
        "Nine, Eight, Seven": "Neun, Acht, Sieben",
        "0": "0",
        rule.title: "Kartenpunkte",
        rule.source: rule.source,
    }
    pages = {
        "index.md": page,
        "locales/de/pages.toml": 'pages = ["index"]\n',
        "locales/de/LC_MESSAGES/index.po": po(messages),
        "locales/de/LC_MESSAGES/oldtricks.po": EXTENSION,
    }
    colons = {"myst_enable_extensions": ["colon_fence"]}
    built = build(pages, conf={**CONF, **colons}, strict=False)
    assert "edition" not in built.warnings, built.warnings
    html = built.html()
    # the buttons, the panels' headings and the fold lines in German; the panels' ids the English labels'
    assert 'id="index-readings-1-kings-only-tab"' in html and ">Nur die Könige</button>" in html
    assert '<p class="ot-tabpanel-label">Kein Ziehen</p>' in html
    assert ">Ansehen: Nur die Könige · Kein Ziehen</button>" in html and ">Tabelle zeigen</button>" in html
    assert "Gedruckt: Nur die Könige. Auf der Website: Kein Ziehen (index.html#index-readings-1-no-draw)." in html
    assert "<p>Neun, Acht, Sieben</p>" in html
    english = build({"index.md": page}, conf={"oldtricks_check_complete": False, **colons})
    keep = {"© Copyright . Created using", rule.source}
    assert english_left(english.html(), html, keep) == []
