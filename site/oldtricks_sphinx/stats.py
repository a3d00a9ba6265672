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

import io
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.docutils import SphinxDirective

from .i18n import _
from .plotnumbers import stats_numbers
from .runtime import repo_root
from .tables import table
from .typography import decimal, integer, localize_axis, percentage
from .words import translatable

__all__ = ["StatsDirective", "alt_text", "draw", "load_stats", "setup_stats"]

NAME = re.compile(r"[a-z0-9][a-z0-9-]*")  # a data file's or a plot's name: no '/', no '..'
INK = "#1f2328"  # text and axes, on the plot's own white card
CARD = "#ffffff"
# Bar colours with a contrast of at least 3:1 on the white card
PALETTE = ("#3f7fd0", "#c8702a", "#2f9a6b", "#a45ec2", "#b8860b")
FONT_PX = 12  # text in the SVG at its natural size; the figure scrolls sideways rather than shrink
WIDTH_PX = 680


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


def _groups(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    seen: list[str] = []
    for r in rows:
        g = r.get("group")
        if g is not None and g not in seen:
            seen.append(str(g))
    return seen


def alt_text(p: Mapping[str, Any]) -> str:
    """What the plot shows, in words: for a reader who cannot see it (the numbers follow in the table)."""
    rows = p["rows"]
    percent = bool(p.get("percent"))
    kind = {"box": "Box plot", "share": "Bar chart", "mean": "Bar chart"}[p["kind"]]
    if not rows:
        return f"{kind}: {p['title']}. No games were recorded."
    key = "median" if p["kind"] == "box" else "value"
    low = min(rows, key=lambda r: r[key])
    high = max(rows, key=lambda r: r[key])
    what = "medians" if p["kind"] == "box" else "values"

    def shown(x: float) -> str:
        return integer(x) if p["kind"] == "box" else _number(x, percent)

    return (
        f"{kind}: {p['title']}, {len(rows)} rows of {p['axis']}. The {what} run from "
        f"{shown(low[key])} ({low['label']}) to {shown(high[key])} ({high['label']}). "
        "Every number is in the table below."
    )


def draw(p: Mapping[str, Any], salt: str) -> str:
    """The plot as an inline SVG element: ids unique to ``salt``, text in currentColor, no style sheet."""
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch
    from matplotlib.ticker import PercentFormatter

    rows = list(p["rows"])
    groups = _groups(rows)
    colour = {g: PALETTE[i % len(PALETTE)] for i, g in enumerate(groups)}
    style = {
        "svg.fonttype": "none",
        "svg.hashsalt": salt,
        "font.size": FONT_PX,
        "font.family": "sans-serif",
        "figure.facecolor": CARD,
        "axes.facecolor": "none",
        "text.color": INK,
        "axes.labelcolor": INK,
        "axes.edgecolor": INK,
        "xtick.color": INK,
        "ytick.color": INK,
        "axes.titlesize": FONT_PX + 1,
        "axes.labelsize": FONT_PX,
        "xtick.labelsize": FONT_PX,
        "ytick.labelsize": FONT_PX,
        "legend.fontsize": FONT_PX,
    }
    with plt.rc_context(cast(Any, style)):  # its keys are typed as a Literal of every rc name
        height = 70 + 22 * max(1, len(rows)) + (24 if groups else 0)
        fig, ax = plt.subplots(figsize=(WIDTH_PX / 72, height / 72), dpi=72)
        y = list(range(len(rows)))[::-1]  # first row on top
        if p["kind"] == "box":
            stats = [
                {
                    "med": r["median"],
                    "q1": r["q1"],
                    "q3": r["q3"],
                    "whislo": r["p5"],
                    "whishi": r["p95"],
                    "mean": r["mean"],
                    "label": r["label"],
                    "fliers": [],
                }
                for r in rows
            ]
            if stats:
                ax.bxp(
                    stats,
                    positions=y,
                    orientation="horizontal",
                    showmeans=True,
                    showfliers=False,
                    patch_artist=True,
                    widths=0.6,
                    boxprops={"facecolor": PALETTE[0], "edgecolor": INK},
                    medianprops={"color": INK, "linewidth": 2},
                    whiskerprops={"color": INK},
                    capprops={"color": INK},
                    meanprops={"marker": "o", "markerfacecolor": INK, "markeredgecolor": INK, "markersize": 4},
                )
        else:
            values = [r["value"] for r in rows]
            # max(0, ...): an interval's end may sit a rounding error inside its value
            errors = [[max(0.0, r["value"] - r["lo"]) for r in rows], [max(0.0, r["hi"] - r["value"]) for r in rows]]
            colours = [colour.get(str(r.get("group")), PALETTE[0]) for r in rows]
            ax.barh(y, values, xerr=errors, color=colours, error_kw={"ecolor": INK, "capsize": 3}, height=0.7)
            if groups:
                handles = [Patch(facecolor=colour[g], label=g) for g in groups]
                ax.legend(handles=handles, loc="lower right", frameon=False)
        ax.set_yticks(y, [str(r["label"]) for r in rows])
        ax.set_xlabel(str(p["axis"]))
        ax.set_title(str(p["title"]), loc="left")
        if p.get("percent"):
            ax.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=None))
        localize_axis(ax.xaxis)
        ax.grid(axis="x", color=INK, alpha=0.15)
        ax.set_axisbelow(True)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        out = io.StringIO()
        fig.savefig(out, format="svg", bbox_inches="tight", pad_inches=0.15, metadata={"Date": None})
        plt.close(fig)
    return _clean_svg(out.getvalue())


def _clean_svg(text: str) -> str:
    """Matplotlib's SVG made small: no prolog, metadata or style sheet, pixel sizes, only the ids that
    are referenced."""
    svg = text[text.index("<svg") :]
    svg = re.sub(r"\s*<metadata>.*?</metadata>", "", svg, flags=re.S)
    svg = re.sub(r"\s*<style[^>]*>.*?</style>", "", svg, flags=re.S)
    svg = re.sub(r"\s*<defs>\s*</defs>", "", svg)
    used = set(re.findall(r"#([A-Za-z0-9_]+)\)", svg)) | set(re.findall(r'href="#([^"]+)"', svg))
    svg = re.sub(r' id="([^"]*)"', lambda m: m.group(0) if m.group(1) in used else "", svg)
    svg = re.sub(r'(width|height)="([0-9.]+)pt"', r'\1="\2"', svg, count=2)
    return _shrink(svg.strip())


_FAMILY = re.compile(r"font-family: [^;\"]*;? ?")
_FAMILY_ROOT = "'DejaVu Sans', 'Bitstream Vera Sans', sans-serif"  # the face matplotlib measured the text in


def _shrink(svg: str) -> str:
    """The same picture in half the bytes: coordinates to a tenth of a pixel, no white space between
    tags or in a style, one font family on the root instead of on every text, no turns by zero degrees, no empty
    frame, ``href`` for ``xlink:href`` (every browser reads it), and no group that carries nothing.

    >>> out = _shrink('<svg x="1"><g>\\n <g id="a"><text style="font-size: 12px; font-family: \\'X\\', serif; '
    ...              'fill: red" x="1.234567" transform="rotate(-0 1.2 3.4)">9.87654</text></g>\\n</g></svg>')
    >>> out.startswith('<svg font-family="\\'DejaVu Sans\\'')
    True
    >>> out[out.index(' x="1"') :]
    ' x="1"><g id="a"><text style="font-size:12px;fill:red" x="1.2">9.87654</text></g></svg>'
    """

    def tag(match: re.Match[str]) -> str:
        text = re.sub(r"\s+", " ", match.group(0))
        text = re.sub(r"(\d+\.\d)\d+", r"\1", text)
        text = re.sub(r' transform="rotate\(-?0 [^)]*\)"', "", text)
        text = re.sub(r"(\d)\.0\b", r"\1", text)
        text = _FAMILY.sub("", text).replace('; "', '"').replace(' style=""', "")
        return re.sub(r'style="[^"]*"', lambda m: m.group(0).replace(": ", ":").replace("; ", ";"), text)

    svg = re.sub(r"<[^>]+>", tag, svg)
    svg = re.sub(r">\s+<", "><", svg)
    svg = re.sub(r'<path d="[^"]*" style="fill:none"/>', "", svg)  # an empty frame (the axes')
    svg = svg.replace(' xmlns:xlink="http://www.w3.org/1999/xlink"', "").replace("xlink:href=", "href=")
    svg = re.sub(r" z \"", ' z"', svg)
    svg = svg.replace("<svg ", f'<svg font-family="{_FAMILY_ROOT}" ', 1)
    out: list[str] = []
    kept: list[bool] = []  # for each open group: whether its tags are written
    for piece in re.split(r"(<g>|<g [^>]*>|</g>)", svg):
        if piece == "<g>":
            kept.append(False)
            continue
        if piece.startswith("<g "):
            kept.append(True)
        elif piece == "</g>" and not kept.pop():
            continue
        out.append(piece)
    return "".join(out)


def _table(p: Mapping[str, Any]) -> nodes.table:
    rows = p["rows"]
    percent = bool(p.get("percent"))
    grouped = bool(_groups(rows))
    lead = ["Rules", *(["Series"] if grouped else [])]

    def first(r: Mapping[str, Any]) -> list[str]:
        return [str(r["label"]), *([str(r.get("group", ""))] if grouped else [])]

    if p["kind"] == "box":
        headers = [*lead, "Sample", "Mean ± SE", "Median", "Middle half", "5th–95th percentile"]
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
        headers = [*lead, "Out of", "Count", "Share", "95% interval"]
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
        headers = [*lead, "Sample", "Mean", "Standard error", "95% interval"]
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
            p = _plot(data, str(path), plot_name)
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
    app.add_node(
        stats_plot,
        html=(_visit_plot, None),
        **dict.fromkeys(("latex", "text", "man", "texinfo"), (_skip_plot, None)),  # type: ignore[arg-type]
    )
    app.add_directive("stats", StatsDirective)
