"""How many games each experiment plays by default, per configuration.

The committed set (``SIZES``) is what ``nox -s stats`` plays; ``--scale K`` multiplies every size.
Every Bettelmann and Tod und Leben rule set plays 10,000 deals, for 2, 3 and 4 players alike. A
Drużbart game is a dozen deals and a Drogue evening ten, so those get fewer games;
``bench/stats_bench.py``, which ``nox -s bench`` runs, estimates the whole set's time (target: under
ten minutes on two cores).

A size says which chunks exist, not what a chunk plays: this module is left out of the engine
fingerprint that keys the cache (:func:`~.run.fingerprint`), so a larger run reuses a smaller one's chunks.
"""

from __future__ import annotations

SIZES: dict[str, dict[str, int]] = {
    "bettelmann-length": {"2": 10_000, "3": 10_000, "4": 10_000},  # by number of players
    "bettelmann-last-three": {"2": 10_000, "3": 10_000, "4": 10_000},
    "todundleben-life": {"all": 10_000},
    "druzbart-deals": {"bot": 250, "random": 250},  # by bot level
    "clock-deals": {"bot": 1_250, "random": 1_250},
    "drogue-deal": {"bot": 2_500, "random": 2_500},
    # the first game's vilenies (first_game = vilenies) are counted once an evening: more evenings for them
    "drogue-evening": {
        "bot": 250,
        "random": 250,
        "bot,first_game=vilenies": 500,
        "random,first_game=vilenies": 500,
    },
    # the strong bots against the simple ones: deals, each played once per arrangement of the levels (played
    # only when named: CPU hours, stats/strength.py)
    "druzbart-strength": {"all": 1_000},
    "druzbart-seeing": {"all": 1_000},
    "clock-strength": {"all": 1_000},
    "drogue-strength": {"all": 1_000},
    "bettelmann-strength": {"all": 1_000},
}


def size(experiment: str, group: str, scale: int = 1) -> int:
    """Games a configuration of ``experiment`` plays (``group``: its number of players, bot level
    (with the options it changes, ``bot,first_game=vilenies``) or 'all')."""
    return SIZES[experiment][group] * scale
