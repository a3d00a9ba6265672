"""What a simulation is: an experiment, its configurations, and the seeds of its batches.

An :class:`Experiment` plays games for each of its :class:`Configuration` s (a game, its options,
the bots and a number of games) in batches ("chunks") of at most ``chunk`` games. Each chunk's seed
is derived from the experiment's name, the configuration's key and the chunk's number alone
(:func:`chunk_seed`), so a result is the same whether one process plays every chunk or many share
them. A chunk's games are dealt and played from that seed with the engine's own generator.

>>> chunk_seed("bettelmann-length", "players=2", 0) == chunk_seed("bettelmann-length", "players=2", 0)
True
>>> chunk_seed("bettelmann-length", "players=2", 0) != chunk_seed("bettelmann-length", "players=2", 1)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..core.game import Game
from ..core.prng import Rng
from ..core.registry import make_game
from .tally import Tally

Bots = Literal["bot", "random"]
BOT_WORDS: dict[str, str] = {
    "bot": "the engine's bot for every seat (the rules of thumb the live opponent plays by)",
    "random": "a uniformly random legal move for every seat",
}
Plot = dict[str, Any]


def chunk_seed(experiment: str, configuration: str, chunk: int) -> int:
    """A 63-bit seed from the experiment, the configuration and the chunk number (SHA-256 of the three)."""
    digest = hashlib.sha256(f"{experiment}|{configuration}|{chunk}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class Configuration:
    """One set of rules and bots, played ``games`` times."""

    key: str  # stable: part of every chunk's seed
    label: str  # the words in plots and tables
    game: str
    options: Mapping[str, object] = field(default_factory=dict)
    bots: Bots = "bot"
    games: int = 10_000

    def make(self) -> Game[Any]:
        return make_game(self.game, self.options)

    def chunks(self, size: int) -> Iterator[tuple[int, int]]:
        """(chunk number, games in it) for every chunk of this configuration."""
        for number, start in enumerate(range(0, self.games, size)):
            yield number, min(size, self.games - start)


# play(configuration, seed, games) -> the chunk's tally
Player = Callable[[Configuration, int, int], Tally]
# summarise(experiment, tallies by configuration key) -> plots by name
Summariser = Callable[["Experiment", Mapping[str, Tally]], dict[str, Plot]]


@dataclass(frozen=True)
class Experiment:
    """A named simulation: what it plays (``play``, one chunk) and what it shows (``summarise``); one
    ``on_request`` is played only when named (``--only``), its cost being far beyond the default set's."""

    name: str
    family: str  # the rules page it belongs to: "bettelmann", "druzbart" or "drogue"
    title: str
    description: str  # what was simulated, in plain words
    configurations: tuple[Configuration, ...]
    play: Player
    summarise: Summariser
    chunk: int = 500
    on_request: bool = False

    def with_games(self, games: int) -> Experiment:
        """The same experiment with ``games`` games for every configuration."""
        return replace(self, configurations=tuple(replace(c, games=games) for c in self.configurations))

    def configuration(self, key: str) -> Configuration:
        for c in self.configurations:
            if c.key == key:
                return c
        raise KeyError(key)


def deals(seed: int, games: int) -> Iterator[tuple[int, Rng]]:
    """For each game of a chunk: the deal's seed and the bots' generator, both drawn from ``seed``."""
    rng = Rng(seed)
    for _ in range(games):
        deal = rng.next_u64() >> 1
        yield deal, Rng(rng.next_u64())


def option_key(options: Mapping[str, object]) -> str:
    """``a=1,b=x``: options in the order given, the stable part of a configuration's key."""
    return ",".join(f"{k}={v}" for k, v in options.items())
