"""The ``{stats} FILE PLOT`` directive: a plot of simulated games, drawn from a committed data file.

``FILE`` names a data file of the ``stats/`` folder (``bettelmann-length`` for
``stats/bettelmann-length.json``, written by ``nox -s stats``), ``PLOT`` one of its plots. The build
never simulates: it draws the numbers the file holds, with matplotlib, as an SVG file of its own
(``_images/stats/FILE-PLOT.svg``, on a white card that reads in the light and the dark theme alike),
shown by an ``<img>`` that the browser fetches only as the reader nears it and that prints and reads
without a script; with a text alternative saying what it shows, then a table of every number drawn,
its uncertainty and its number of games (on a page of their own until the reader opens them:
plotnumbers.py), and the command that reproduces the file; numbers as the edition's language writes
them (typography.py). A rules page carries its viewers' frames, not its plots.

>>> svg = draw({"kind": "share", "title": "T", "axis": "share", "note": "", "percent": True,
...             "rows": [{"label": "a", "value": 0.5, "lo": 0.4, "hi": 0.6, "count": 5, "n": 10}]}, "x")
>>> svg.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in svg and "<style" not in svg
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.docutils import SphinxDirective

from oldtricks_runtime.runtime import repo_root

from .i18n import _, n_
from .plotdraw import WIDTH_PX, draw, row_groups
from .plotnumbers import stats_numbers
from .plotwords import setup_plotwords, translated
from .tables import table
from .typography import decimal, integer, percentage
from .words import translatable

__all__ = ["StatsDirective", "alt_text", "draw", "load_stats", "setup_stats"]

NAME = re.compile(r"[a-z0-9][a-z0-9-]*")  # a data file's or a plot's name: no '/', no '..'


class StatsError(ValueError):
    """A data file that is missing, unreadable, or has no such plot: the message names the file."""


def load_stats(folder: Path, name: str) -> dict[str, Any]:
    """The data file ``folder/name.json``; :class:`StatsError` naming the file (and line) otherwise."""
    if not NAME.fullmatch(name):
        raise StatsError(f"bad statistics file name {name!r}: expected letters, digits and '-', as in stats/")
    path = folder / f"{name}.json"
    if not path.is_file():
        raise StatsError(f"{path}: no such statistics file (nox -s stats -- --only {name} writes it)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise StatsError(f"{path}:{exc.lineno}: not JSON: {exc.msg}") from None
    if not isinstance(data, dict) or not isinstance(data.get("plots"), dict):
        raise StatsError(f"{path}: no 'plots' object: not a file written by nox -s stats")
    return data


def _plot(data: Mapping[str, Any], path: str, name: str) -> dict[str, Any]:
    plots = data["plots"]
    if name not in plots:
        raise StatsError(f"{path}: no plot {name!r} (its plots: {', '.join(plots)})")
    p = plots[name]
    if not isinstance(p, dict) or p.get("kind") not in ("box", "share", "mean") or not isinstance(p.get("rows"), list):
        raise StatsError(f"{path}: plot {name!r} is not a box, share or mean plot with rows")
    return p


def _number(x: float, percent: bool) -> str:
    return percentage(x) if percent else decimal(x, 2)


def alt_text(p: Mapping[str, Any]) -> str:
    """What the plot shows, in words: for a reader who cannot see it (the numbers follow in the table).

    >>> alt_text({"kind": "mean", "title": "T", "axis": "margin", "rows": [{"label": "a", "value": 0.5}]})
    'Bar chart: T, 1 row of margin. The values run from 0.50 (a) to 0.50 (a). Every number is in the table below.'
    """
    rows = p["rows"]
    percent = bool(p.get("percent"))
    kind = _("Box plot") if p["kind"] == "box" else _("Bar chart")
    if not rows:
        return _("{kind}: {title}. No games were recorded.").format(kind=kind, title=p["title"])
    key = "median" if p["kind"] == "box" else "value"
    low = min(rows, key=lambda r: r[key])
    high = max(rows, key=lambda r: r[key])

    def shown(x: float) -> str:
        return integer(x) if p["kind"] == "box" else _number(x, percent)

    heading = n_("{kind}: {title}, {count} row of {axis}.", "{kind}: {title}, {count} rows of {axis}.", len(rows))
    span = (
        _("The medians run from {low} ({low_label}) to {high} ({high_label}).")
        if p["kind"] == "box"
        else _("The values run from {low} ({low_label}) to {high} ({high_label}).")
    )
    fields = {"low": shown(low[key]), "low_label": low["label"], "high": shown(high[key]), "high_label": high["label"]}
    return " ".join(
        (
            heading.format(kind=kind, title=p["title"], count=integer(len(rows)), axis=p["axis"]),
            span.format(**fields),
            _("Every number is in the table below."),
        )
    )


def _table(p: Mapping[str, Any]) -> nodes.table:
    rows = p["rows"]
    percent = bool(p.get("percent"))
    grouped = bool(row_groups(rows))
    lead = [_("Rules"), *([_("Series")] if grouped else [])]

    def first(r: Mapping[str, Any]) -> list[str]:
        return [str(r["label"]), *([str(r.get("group", ""))] if grouped else [])]

    if p["kind"] == "box":
        headers = [*lead, _("Sample"), _("Mean ± SE"), _("Median"), _("Middle half"), _("5th–95th percentile")]
        body = [
            [
                *first(r),
                integer(r["n"]),
                f"{decimal(r['mean'], 1)} ± {decimal(r['se'], 1)}",
                integer(r["median"]),
                f"{integer(r['q1'])}–{integer(r['q3'])}",
                f"{integer(r['p5'])}–{integer(r['p95'])}",
            ]
            for r in rows
        ]
    elif p["kind"] == "share":
        headers = [*lead, _("Out of"), _("Count"), _("Share"), _("95% interval")]
        body = [
            [
                *first(r),
                integer(r["n"]),
                integer(r["count"]),
                _number(r["value"], True),
                f"{_number(r['lo'], True)}–{_number(r['hi'], True)}",
            ]
            for r in rows
        ]
    else:
        headers = [*lead, _("Sample"), _("Mean"), _("Standard error"), _("95% interval")]
        body = [
            [
                *first(r),
                integer(r["n"]),
                _number(r["value"], percent),
                _number(r["se"], percent),
                f"{_number(r['lo'], percent)}–{_number(r['hi'], percent)}",
            ]
            for r in rows
        ]
    return table(headers, body, [3] * len(lead) + [1] * (len(headers) - len(lead)), ["ot-stats-table"])


class StatsDirective(SphinxDirective):
    """``{stats} FILE PLOT``: the plot, its text alternative, what was simulated, and its numbers."""

    required_arguments = 2
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        name, plot_name = self.arguments
        folder = Path(self.config.oldtricks_stats)
        path = folder / f"{name}.json"
        try:
            data = load_stats(folder, name)
            p = translated(_plot(data, str(path), plot_name))  # its words in the edition's (plotwords.py)
        except StatsError as exc:
            raise self.error(str(exc)) from None
        self.env.note_dependency(str(path))
        serial = self.env.new_serialno("oldtricks-stats")
        ident = f"ot-stats-{name}-{plot_name}-{serial}"
        figure = nodes.container(classes=["ot-stats"], ids=[ident])
        plot = stats_plot(
            svg=draw(p, f"{name}:{plot_name}"), file=f"{name}-{plot_name}.svg", alt=alt_text(p), title=str(p["title"])
        )
        figure += plot
        note = nodes.paragraph("", "", classes=["ot-stats-note"])
        if p["note"]:  # words of the data file the page shows: the page's catalog translates them
            source, line = self.get_source_info()
            # held in a node of its own: Sphinx moves a translatable node's words to the end of its parent
            note += nodes.inline("", "", translatable(str(p["note"]), source, line))
            note += nodes.Text(" ")
        note += nodes.Text(_("Reproduce with "))
        note += nodes.literal("", str(data.get("command", f"nox -s stats -- --only {name}")))
        engine = data.get("engine", {})
        note += nodes.Text(_(" (engine {version}).").format(version=engine.get("version", "?")))
        figure += note
        # the numbers behind the plot, folded: all shown at once made a rules page several screens longer;
        # in HTML the table itself waits on the page's numbers page until the reader opens it (plotnumbers.py)
        numbers = stats_numbers(ident=ident, title=str(p["title"]))
        numbers += _table(p)
        figure += numbers
        return [figure]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


class stats_plot(nodes.General, nodes.Element):
    """A plot: its SVG (``svg``), the file it is written to (``file``), its text alternative and title."""


_SIZE = re.compile(r'<svg [^>]*?width="([0-9.]+)" height="([0-9.]+)"')


def _visit_plot(self: Any, node: stats_plot) -> None:
    """Write the plot's file beside the page's images; show it by an ``<img>`` of its natural size
    (tabindex: a plot wider than the screen scrolls, and a keyboard must reach it to scroll it)."""
    svg = str(node["svg"])
    folder = Path(self.builder.outdir) / "_images" / "stats"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / node["file"]).write_text(svg, encoding="utf-8")
    size = _SIZE.search(svg)
    width, height = (round(float(size.group(1))), round(float(size.group(2)))) if size else (WIDTH_PX, 0)
    src = f"{self.builder.imgpath}/stats/{node['file']}"
    self.body.append(
        f'<div class="ot-stats-plot" role="region" tabindex="0" aria-label="{_escape(node["title"])}">'
        f'<img src="{src}" alt="{_escape(node["alt"])}" width="{width}" height="{height}" loading="lazy" '
        'decoding="async"></div>'
    )
    raise nodes.SkipNode


def _skip_plot(self: Any, node: stats_plot) -> None:
    """Builders other than HTML show the plot by its text alternative and its table alone."""
    raise nodes.SkipNode


def _resolve(app: Sphinx, config: Config) -> None:
    value = str(config.oldtricks_stats or "")
    config.oldtricks_stats = str((Path(app.confdir) / value).resolve()) if value else str(repo_root() / "stats")


def setup_stats(app: Sphinx) -> None:
    app.add_config_value(
        "oldtricks_stats",
        "",
        "env",
        types=frozenset({str}),
        description="folder of the statistics data files (default: <repo>/stats)",
    )
    app.connect("config-inited", _resolve)
    setup_plotwords(app)  # the plots' words through the edition's catalog, each of them translated
    app.add_node(
        stats_plot,
        html=(_visit_plot, None),
        **dict.fromkeys(("latex", "text", "man", "texinfo"), (_skip_plot, None)),  # type: ignore[arg-type]
    )
    app.add_directive("stats", StatsDirective)
