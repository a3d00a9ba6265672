"""``{stats} FILE PLOT``: a plot drawn from a statistics data file, inline SVG with a text alternative,
the numbers in a table under it, and clean errors for a missing file, a bad file or an unknown plot."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, Builder, Built, found
from oldtricks_sphinx.stats import alt_text

PAGE = "# Stats\n\n```{{stats}} {name} {plot}\n```\n"


def doc(rows: list[dict[str, Any]], kind: str = "share", **extra: Any) -> dict[str, Any]:
    plot = {"kind": kind, "title": "A title", "axis": "share of games", "note": "Ten games.", "percent": True}
    return {"plots": {"p": {**plot, "rows": rows, **extra}}, "command": "nox -s stats -- --only demo"}


SHARES = [
    {"label": "pierer", "value": 0.25, "lo": 0.1, "hi": 0.5, "count": 5, "n": 20, "group": "2 players"},
    {"label": "first-player", "value": 0.75, "lo": 0.5, "hi": 0.9, "count": 15, "n": 20, "group": "3 players"},
]


def write(folder: Path, name: str, data: str | dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=1), encoding="utf-8")
    return path


def test_a_share_plot_is_an_svg_file_with_its_text_alternative_and_table(build: Builder, tmp_path: Path) -> None:
    folder = tmp_path / "stats"
    write(folder, "demo", doc(SHARES))
    built = build({"index.md": PAGE.format(name="demo", plot="p")}, conf={"oldtricks_stats": str(folder)})
    assert built.status == 0, built.warnings
    page = built.html()
    assert "<svg" not in page  # the page carries no plot: the browser fetches it as the reader nears it
    [img] = re.findall(r'<div class="ot-stats-plot"[^>]*><img [^>]*></div>', page)
    src = found(re.search(r'src="([^"]+)"', img)).group(1)
    assert src == "_images/stats/demo-p.svg" and 'loading="lazy"' in img
    alt = html.unescape(found(re.search(r'alt="([^"]*)"', img)).group(1))
    assert alt == alt_text(doc(SHARES)["plots"]["p"])
    assert "25.0% (pierer) to 75.0% (first-player)" in alt
    svg = (built.outdir / src).read_text(encoding="utf-8")
    assert svg.startswith("<svg ") and "<style" not in svg and "<metadata" not in svg
    width, height = (found(re.search(rf'{k}="([0-9.]+)"', svg)).group(1) for k in ("width", "height"))
    assert f'width="{round(float(width))}" height="{round(float(height))}"' in img  # no shift when it comes
    assert 'style="fill:#ffffff"' in svg  # its own white card: it reads on the light and the dark theme
    sizes = [float(s) for s in re.findall(r"font-size:([0-9.]+)px", svg)]
    assert sizes and min(sizes) >= 11
    assert "2 players" in svg and "3 players" in svg  # a legend for the groups, in their bars' colours
    assert svg.count("fill:#3f7fd0") == 2 and svg.count("fill:#c8702a") == 2  # a bar and a legend swatch each
    assert not re.search(r"\d\.\d\d", svg.split(">", 1)[1])  # coordinates to a tenth of a pixel
    # the numbers in a fold the reader opens, after the plot: a link to the table on the page's numbers
    # page, which numbers.js fetches when the fold is opened
    [ident] = re.findall(r'<div class="ot-stats docutils container" id="([^"]+)"', page)
    fold = page[page.index("<details class") : page.index("</details>")]
    assert page.index("ot-stats-plot") < page.index("ot-stats-numbers")
    assert f'<details class="ot-stats-numbers" data-numbers="numbers/index.html#{ident}">' in fold
    assert f'<a href="numbers/index.html#{ident}">' in fold and "<table" not in page
    assert '<script defer="defer" src="_static/oldtricks/numbers.js' in page
    numbers = (built.outdir / "numbers" / "index.html").read_text(encoding="utf-8")
    section = numbers[numbers.index(f'<section class="ot-stats-numbers-page" id="{ident}"') :]
    assert "<h2" in section and "A title</h2>" in section and "<script" not in numbers
    table = section[section.index("ot-stats-table") : section.index("</table>")]
    cells = re.findall(r"<td><p>(.*?)</p></td>", table)
    first = ["pierer", "2 players", "20", "5", "25.0%", "10.0%–50.0%"]
    second = ["first-player", "3 players", "20", "15", "75.0%", "50.0%–90.0%"]
    assert cells == [*first, *second]
    assert f'href="../index.html#{ident}"' in section  # back to the plot
    # the note: words of the data file, translated with the page
    assert "Ten games.</span> Reproduce with" in page and "nox -s stats -- --only demo" in page


def test_a_box_plot_tables_its_quartiles(build: Builder, tmp_path: Path) -> None:
    quartiles = {"p5": 10, "q1": 20, "median": 30, "q3": 40, "p95": 90}
    rows = [{"label": "2 players", **quartiles, "mean": 33.5, "se": 1.25, "n": 400}]
    folder = tmp_path / "stats"
    write(folder, "demo", doc(rows, kind="box", percent=False))
    built = build({"index.md": PAGE.format(name="demo", plot="p")}, conf={"oldtricks_stats": str(folder)})
    assert built.status == 0, built.warnings
    numbers = (built.outdir / "numbers" / "index.html").read_text(encoding="utf-8")
    cells = re.findall(r"<td><p>(.*?)</p></td>", numbers)
    assert cells == ["2 players", "400", "33.5 ± 1.2", "30", "20–40", "10–90"]


def test_other_builders_show_the_table_in_place(build: Builder, tmp_path: Path) -> None:
    folder = tmp_path / "stats"
    write(folder, "demo", doc(SHARES))
    built = build(
        {"index.md": PAGE.format(name="demo", plot="p")}, conf={"oldtricks_stats": str(folder)}, buildername="text"
    )
    assert built.status == 0, built.warnings
    text = built.text("index")
    # the table's six columns in place (the text builder gives them a few characters each)
    assert "\n+-----+-----+---+---+---+---+\n" in text and "numbers/" not in text


def test_two_plots_on_a_page_share_no_id(build: Builder, tmp_path: Path) -> None:
    folder = tmp_path / "stats"
    write(folder, "demo", doc(SHARES))
    page = PAGE.format(name="demo", plot="p") + "\n" + PAGE.format(name="demo", plot="p").split("\n", 2)[2]
    built = build({"index.md": page}, conf={"oldtricks_stats": str(folder)})
    assert built.status == 0, built.warnings
    ids = re.findall(r'\bid="([^"]+)"', built.html())
    assert len(ids) == len(set(ids))
    assert built.html().count('src="_images/stats/demo-p.svg"') == 2


@pytest.mark.parametrize(
    ("name", "plot", "content", "message"),
    [
        ("missing", "p", None, "missing.json: no such statistics file (nox -s stats -- --only missing writes it)"),
        ("demo", "nope", doc(SHARES), "demo.json: no plot 'nope' (its plots: p)"),
        ("demo", "p", '{\n "plots": [,\n}', "demo.json:2: not JSON"),
        ("demo", "p", {"rows": []}, "demo.json: no 'plots' object"),
        ("../x", "p", None, "bad statistics file name '../x'"),
    ],
)
def test_bad_input_is_a_clean_error(
    build: Builder, tmp_path: Path, name: str, plot: str, content: str | dict[str, Any] | None, message: str
) -> None:
    folder = tmp_path / "stats"
    folder.mkdir()
    if content is not None:
        write(folder, name, content)
    built = build({"index.md": PAGE.format(name=name, plot=plot)}, conf={"oldtricks_stats": str(folder)})
    assert built.status == 1
    assert "index.md:3: ERROR: " in built.warnings and message in built.warnings
    assert "Traceback" not in built.warnings


def test_every_committed_plot_is_on_a_page_and_listed_on_the_statistics_page() -> None:
    shown = set()
    for page in (REPO / "docs").glob("*.md"):
        shown.update(re.findall(r"```\{stats\} (\S+) (\S+)", page.read_text(encoding="utf-8")))
    listing = (REPO / "docs" / "statistics.md").read_text(encoding="utf-8")
    for path in sorted((REPO / "stats").glob("*.json")):
        plots = json.loads(path.read_text(encoding="utf-8"))["plots"]
        assert {(path.stem, p) for p in plots} <= shown, path.stem
        assert f"`nox -s stats -- --only {path.stem}`" in listing


# In an edition: the plot's words (the data file's, English) through the extension's catalog, as drawn in the
# picture, said by its text alternative and headed in its table (plotwords.py).
ROWS = [
    {"label": "alpha rule", "value": 0.25, "lo": 0.1, "hi": 0.5, "count": 5, "n": 20, "group": "two seats"},
    {"label": "beta rule", "value": 0.75, "lo": 0.5, "hi": 0.9, "count": 15, "n": 20, "group": "three seats"},
]
WORDS = {
    "A title": "Ein Titel",
    "share of games": "Anteil der Spiele",
    "alpha rule": "Alpha-Regel",
    "beta rule": "Beta-Regel",
    "two seats": "zwei Plätze",
    "three seats": "drei Plätze",
}


def german(build: Builder, tmp_path: Path, words: dict[str, str]) -> Built:
    from test_site_editions import CONF, EXTENSION, PO_HEAD, po

    folder = tmp_path / "stats"
    write(folder, "demo", doc(ROWS))
    pages = {
        "index.md": PAGE.format(name="demo", plot="p"),
        "locales/de/pages.toml": 'pages = ["index"]\n',
        "locales/de/LC_MESSAGES/index.po": po({"Stats": "Statistik", "Ten games.": "Zehn Spiele."}),
        "locales/de/LC_MESSAGES/oldtricks.po": EXTENSION + "\n" + po(words).removeprefix(PO_HEAD),
    }
    return build(pages, conf={**CONF, "oldtricks_stats": str(folder)}, strict=False)


def test_an_editions_plot_draws_says_and_tables_its_words_in_the_editions_language(
    build: Builder, tmp_path: Path
) -> None:
    built = german(build, tmp_path, WORDS)
    assert "edition" not in built.warnings, built.warnings
    page = built.html()
    alt = html.unescape(found(re.search(r'alt="([^"]*)"', page)).group(1))
    svg = (built.outdir / "_images/stats/demo-p.svg").read_text(encoding="utf-8")
    numbers = (built.outdir / "numbers" / "index.html").read_text(encoding="utf-8")
    headers = re.findall(r'<th class="head"><p>(.*?)</p></th>', numbers)
    for english, word in WORDS.items():
        assert html.escape(word) in svg and english not in svg, english
        assert english not in alt and (word in alt or "seats" in english), (english, alt)  # a row's series: not said
    assert alt.startswith("Balkendiagramm: Ein Titel, 2 Zeilen: Anteil der Spiele.") and "25,0" in alt, alt
    assert "Bar chart" not in alt and "table below" not in alt
    assert headers and not {"Rules", "Series", "Out of", "Count", "Share", "95% interval"} & set(headers), headers
    assert "Alpha-Regel" in numbers and "zwei Plätze" in numbers


def test_an_editions_plot_word_without_a_translation_fails_its_build(build: Builder, tmp_path: Path) -> None:
    built = german(build, tmp_path, {k: v for k, v in WORDS.items() if k != "beta rule"})
    assert "de edition: no translation of the plot words 'beta rule' (demo.json:p)" in built.warnings
    assert "alpha rule" not in built.warnings
