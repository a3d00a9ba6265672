"""A plot of the statistics drawn as an inline SVG with matplotlib (:func:`draw`), for the ``{stats}``
directive (stats.py): ids unique to the plot, text in the page's colour, no style sheet, on a white
card that reads in the light and the dark theme alike."""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from typing import Any, cast

from .typography import localize_axis

__all__ = ["CARD", "FONT_PX", "INK", "PALETTE", "WIDTH_PX", "draw", "row_groups"]

INK = "#1f2328"  # text and axes, on the plot's own white card
CARD = "#ffffff"
# Bar colours with a contrast of at least 3:1 on the white card
PALETTE = ("#3f7fd0", "#c8702a", "#2f9a6b", "#a45ec2", "#b8860b")
FONT_PX = 12  # text in the SVG at its natural size; the figure scrolls sideways rather than shrink
WIDTH_PX = 680


def row_groups(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    seen: list[str] = []
    for r in rows:
        g = r.get("group")
        if g is not None and g not in seen:
            seen.append(str(g))
    return seen


def draw(p: Mapping[str, Any], salt: str) -> str:
    """The plot as an inline SVG element: ids unique to ``salt``, text in currentColor, no style sheet."""
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import PercentFormatter

    rows = list(p["rows"])
    groups = row_groups(rows)
    with plt.rc_context(cast(Any, _style(salt))):  # its keys are typed as a Literal of every rc name
        height = 70 + 22 * max(1, len(rows)) + (24 if groups else 0)
        fig, ax = plt.subplots(figsize=(WIDTH_PX / 72, height / 72), dpi=72)
        y = list(range(len(rows)))[::-1]  # first row on top
        if p["kind"] == "box":
            _draw_boxes(ax, rows, y)
        else:
            _draw_bars(ax, rows, y, groups)
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


def _style(salt: str) -> dict[str, Any]:
    """Matplotlib's settings for a plot: ids unique to ``salt``, the page's ink and card, its font size."""
    return {
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


def _draw_boxes(ax: Any, rows: Sequence[Mapping[str, Any]], y: Sequence[int]) -> None:
    """A box per row: the middle half, the whiskers from the 5th to the 95th percentile, the mean."""
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


def _draw_bars(ax: Any, rows: Sequence[Mapping[str, Any]], y: Sequence[int], groups: Sequence[str]) -> None:
    """A bar per row with its interval, coloured by its group, with a legend of the groups."""
    from matplotlib.patches import Patch

    colour = {g: PALETTE[i % len(PALETTE)] for i, g in enumerate(groups)}
    values = [r["value"] for r in rows]
    # max(0, ...): an interval's end may sit a rounding error inside its value
    errors = [[max(0.0, r["value"] - r["lo"]) for r in rows], [max(0.0, r["hi"] - r["value"]) for r in rows]]
    colours = [colour.get(str(r.get("group")), PALETTE[0]) for r in rows]
    ax.barh(y, values, xerr=errors, color=colours, error_kw={"ecolor": INK, "capsize": 3}, height=0.7)
    if groups:
        handles = [Patch(facecolor=colour[g], label=g) for g in groups]
        ax.legend(handles=handles, loc="lower right", frameon=False)


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
