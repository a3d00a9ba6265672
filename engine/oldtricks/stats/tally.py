"""Counts that add up: what a batch of simulated games found, and the uncertainty of what it shows.

A :class:`Tally` holds whole-number counts only, so two tallies merge by adding them, in any order:
the result of a simulation does not depend on how its batches were shared out among processes.

>>> a, b = Tally(), Tally()
>>> a.count("win"); a.value("tricks", 10); b.value("tricks", 12); b.value("tricks", 12)
>>> merged = Tally.merged([a, b])
>>> merged.counts["win"], merged.histogram("tricks")
(1, {10: 1, 12: 2})
>>> round(mean_se(merged.histogram("tricks"))[0], 3)
11.333
>>> [round(x, 3) for x in wilson(50, 100)]
[0.404, 0.596]
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

Z95 = 1.959963984540054  # the two-sided 95% point of the normal distribution


class Tally:
    """Named counts (``count``) and named histograms of whole numbers (``value``)."""

    __slots__ = ("counts", "histograms")

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.histograms: dict[str, Counter[int]] = {}

    def count(self, key: str, n: int = 1) -> None:
        self.counts[key] += n

    def value(self, key: str, x: int) -> None:
        """Record one observation ``x`` of the quantity ``key``."""
        hist = self.histograms.get(key)
        if hist is None:
            hist = self.histograms[key] = Counter()
        hist[x] += 1

    def histogram(self, key: str) -> dict[int, int]:
        """Observations of ``key``: value -> how many times, in increasing order of value."""
        return dict(sorted(self.histograms.get(key, Counter()).items()))

    def add(self, other: Tally) -> None:
        self.counts.update(other.counts)
        for key, hist in other.histograms.items():
            self.histograms.setdefault(key, Counter()).update(hist)

    @classmethod
    def merged(cls, tallies: Iterable[Tally]) -> Tally:
        out = cls()
        for t in tallies:
            out.add(t)
        return out

    def as_json(self) -> dict[str, Any]:
        """Sorted keys, so equal tallies give equal files."""
        return {
            "counts": dict(sorted(self.counts.items())),
            "histograms": {k: {str(x): n for x, n in sorted(h.items())} for k, h in sorted(self.histograms.items())},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        out = cls()
        out.counts.update({str(k): int(v) for k, v in data.get("counts", {}).items()})
        for key, hist in data.get("histograms", {}).items():
            out.histograms[str(key)] = Counter({int(x): int(n) for x, n in hist.items()})
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tally) and self.as_json() == other.as_json()

    __hash__ = None  # type: ignore[assignment]  # mutable


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a share ``successes / n`` (95% by default); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact at the ends, not a rounding error away
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return lo, hi


def mean_se(hist: Mapping[int, int]) -> tuple[float, float]:
    """The mean of a histogram's observations and its standard error (0, 0 when it is empty)."""
    n = sum(hist.values())
    if n == 0:
        return 0.0, 0.0
    mean = sum(x * k for x, k in hist.items()) / n
    if n == 1:
        return mean, 0.0
    variance = sum(k * (x - mean) ** 2 for x, k in hist.items()) / (n - 1)
    return mean, math.sqrt(variance / n)


def quantile(hist: Mapping[int, int], q: float) -> int:
    """The smallest value with at least a share ``q`` of the observations at or below it.

    >>> quantile({1: 1, 2: 1, 3: 2}, 0.5), quantile({1: 1, 2: 1, 3: 2}, 0.9)
    (2, 3)
    """
    n = sum(hist.values())
    if n == 0:
        return 0
    need = q * n
    seen = 0
    for x in sorted(hist):
        seen += hist[x]
        if seen >= need:
            return x
    return max(hist)
