"""Statistics of the games from simulated play: the data files under ``stats/`` and how they are made.

``python -m oldtricks.stats`` (``nox -s stats``) plays every experiment of :mod:`.catalogue` in
chunks shared among processes, keeps each finished chunk in a cache (a stopped run resumes), and
writes one JSON file per experiment: its configurations (game, options, bots, games), the seed of
every chunk, the engine version, the merged counts and the plots drawn from them. The site draws
those plots; it never simulates.
"""

from __future__ import annotations

from .experiment import Configuration, Experiment, chunk_seed
from .tally import Tally, mean_se, wilson

__all__ = ["Configuration", "Experiment", "Tally", "chunk_seed", "mean_se", "wilson"]
