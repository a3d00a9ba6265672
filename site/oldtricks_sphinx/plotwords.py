"""The statistics plots' own words in the edition's language: the titles, axes, rows and series that the
data files (``stats/*.json``, written by ``nox -s stats``) hold in English.

They are drawn inside the plot (matplotlib writes them into the SVG) and said by its text alternative and its
table, all made when the directive runs, before Sphinx translates the page's text: so they are looked up
in the extension's catalog (``oldtricks.po``, i18n.py), like the words the extension writes itself.
``nox -s catalogs-docs`` adds them to its template (:func:`add_to_template`), and an edition's build fails
(``-W``) when one of them has no translation there (:func:`check`), as for the extension's own words.

>>> words({"kind": "box", "title": "T", "axis": "A", "rows": [{"label": "a", "group": "g"}, {"label": "a"}]})
['T', 'A', 'a', 'g']
>>> translated({"title": "T", "axis": "A", "rows": [{"label": "a", "group": ""}]})["rows"]
[{'label': 'a', 'group': ''}]
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from .i18n import _, require

__all__ = ["add_to_template", "check", "translated", "words", "words_of_folder"]

FIELDS = ("title", "axis")  # a plot's words; its rows have a label and may have a group (the series)


def words(plot: Mapping[str, Any]) -> list[str]:
    """The words of one plot that a reader sees, each once, in the order drawn."""
    found = [str(plot[key]) for key in FIELDS if plot.get(key)]
    for row in plot.get("rows", []):
        found += [str(row[key]) for key in ("label", "group") if row.get(key)]
    return list(dict.fromkeys(found))


def words_of_folder(folder: Path) -> Iterator[tuple[str, str]]:
    """Each word of every plot of the data files in ``folder``, with the file and plot it comes from."""
    for path in sorted(Path(folder).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for name, plot in data.get("plots", {}).items():
            for text in words(plot):
                yield text, f"{path.name}:{name}"


def translated(plot: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of the plot with its words in the edition's language (the numbers as they are)."""

    def say(text: Any) -> Any:
        return _(str(text)) if text else text  # gettext("") is the catalog's header

    out = {**plot, **{key: say(plot[key]) for key in FIELDS if key in plot}}
    out["rows"] = [
        {**row, **{key: say(row[key]) for key in ("label", "group") if key in row}} for row in plot.get("rows", [])
    ]
    return out


def check(app: Sphinx) -> None:
    """Warn (an error under -W) of each plot word the edition's catalog does not translate."""
    folder = Path(app.config.oldtricks_stats)
    if (app.config.language or "en") == "en" or not folder.is_dir():
        return
    seen: set[str] = set()
    for text, where in words_of_folder(folder):
        if text in seen:
            continue
        seen.add(text)
        require(text, where, what="the plot words")


def add_to_template(template: Path, folder: Path) -> int:
    """Add the plot words of the data files in ``folder`` to the extension's template ``template``
    (written by pybabel extract); the number added."""
    from babel.messages.pofile import read_po, write_po

    with template.open("rb") as handle:
        catalog = read_po(handle)
    added = 0
    for text, where in words_of_folder(folder):
        if text not in catalog:  # a word the extension writes itself keeps its entry
            catalog.add(text, auto_comments=[f"statistics plot {where}"])
            added += 1
    with template.open("wb") as handle:
        write_po(handle, catalog, omit_header=False, sort_output=False, width=120)
    return added


def setup_plotwords(app: Sphinx) -> None:
    app.connect("builder-inited", check, priority=600)  # after i18n.py has loaded the catalog


if __name__ == "__main__":  # nox -s catalogs-docs: python -m oldtricks_sphinx.plotwords POT STATS
    import sys

    print(f"{add_to_template(Path(sys.argv[1]), Path(sys.argv[2]))} plot words added to {sys.argv[1]}")
