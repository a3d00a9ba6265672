"""Plot data as plain JSON: what the site's ``{stats}`` directive draws, and the numbers of its table.

Three kinds, each a list of rows with the numbers behind it:

* ``box``: one row per configuration, the distribution of a whole-number quantity (quartiles, the
  5th and 95th percentiles, the mean and its standard error);
* ``share``: one row per configuration, a share of games with its 95% Wilson interval;
* ``mean``: one row per configuration, a mean with its standard error (interval: ±1.96 SE).

Rows may carry a ``group`` (a series: a bot level, a number of players), drawn in its own colour.

>>> share_row("all", 5, 10)["value"]
0.5
>>> box_row("x", {1: 2, 3: 2})["median"]
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .tally import Z95, mean_se, quantile, wilson

Row = dict[str, Any]


def share_row(label: str, successes: int, n: int, group: str | None = None) -> Row:
    lo, hi = wilson(successes, n)
    row: Row = {"label": label, "value": successes / n if n else 0.0, "lo": lo, "hi": hi, "count": successes, "n": n}
    return _grouped(row, group)


def mean_row(label: str, hist: Mapping[int, int], group: str | None = None) -> Row:
    mean, se = mean_se(hist)
    n = sum(hist.values())
    row: Row = {"label": label, "value": mean, "se": se, "lo": mean - Z95 * se, "hi": mean + Z95 * se, "n": n}
    return _grouped(row, group)


def box_row(label: str, hist: Mapping[int, int], group: str | None = None) -> Row:
    mean, se = mean_se(hist)
    row: Row = {
        "label": label,
        "p5": quantile(hist, 0.05),
        "q1": quantile(hist, 0.25),
        "median": quantile(hist, 0.5),
        "q3": quantile(hist, 0.75),
        "p95": quantile(hist, 0.95),
        "mean": mean,
        "se": se,
        "n": sum(hist.values()),
    }
    return _grouped(row, group)


def plot(
    kind: str, title: str, axis: str, rows: Sequence[Row], note: str, *, percent: bool = False, found: bool = False
) -> dict[str, Any]:
    """A plot: ``axis`` names the measured quantity; ``note`` says what was simulated, in words;
    ``found``: its rows are the values the games produced (cycle lengths, endings), not one per
    configuration, so another run may have other rows."""
    if kind not in ("box", "share", "mean"):
        raise ValueError(f"unknown plot kind {kind!r}")
    return {
        "kind": kind,
        "title": title,
        "axis": axis,
        "note": note,
        "percent": percent,
        "found": found,
        "rows": list(rows),
    }


def _grouped(row: Row, group: str | None) -> Row:
    if group is not None:
        row["group"] = group
    return row
