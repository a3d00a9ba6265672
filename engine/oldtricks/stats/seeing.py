"""A side that sees every hand against the simple bots: a yardstick for what the strong bots win with the hands hidden.

The strength experiments (:mod:`.strength`) set the strong bots, which sample the hands they cannot see, against
the simple bots. Here the same kind of deal is played with a side whose bots see every hand: at each move with a
choice, the game's solver (its strong adapter's ``solve``, found at run time: the statistics import no game)
values every legal move on the deal as it lies, and the bot plays the best, a tie going to the simple bot's
move. Its share of the deals won is a yardstick for the strong side's, the gap between the two what hidden
cards cost it; not a strict bound, for the seeing bots play for best play by all, and against opponents who
err a move that is worse under best play can still do better. Each deal is played twice, the seeing bots as
South and North, then as West and East.

Drużbart only: its solver values a move from any card of the deal in a fraction of a second. A Drogue side
would have to bid too, and its deals cost many times more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..analysis.strong import adapter_of, best_move
from ..core.game import Game
from ..core.moves import Move
from ..core.prng import Rng
from .experiment import Configuration, Experiment, Plot, deals
from .plots import mean_row, plot, share_row
from .sizes import size
from .strength import ARRANGEMENTS, CHUNK
from .tally import Tally

UNITS = {"druzbart": "the seeing side's tricks minus the other side's"}  # the margin's, per game
NO_LIMIT = 1 << 62  # the seeing bot's search has no budget: it is not the browser's bot


def seeing_move(game: Game[Any], state: Any, simple: Move) -> Move:
    """The move the solver values best with every hand of ``state`` known; a tie goes to ``simple``."""
    legal = game.legal_moves(state)
    if len(legal) == 1:
        return legal[0]
    values, _ = adapter_of(game).solve(game, state, legal, NO_LIMIT)
    return best_move(values, simple)


def play_deal(game: Game[Any], seed: int, seeing: Sequence[int], rng: Rng) -> Any:
    """Deal ``seed`` played to its end, the seeing bots in the seats ``seeing``, the simple bots in the others."""
    state = game.new_state(seed=seed)
    simple = Rng(rng.next_u64())
    while True:
        seat = game.to_play(state)
        if seat is None or state.dealing:  # the next deal is not this one's
            return state
        move = game.bot_move(state, simple)
        if seat in seeing:
            move = seeing_move(game, state, move)
        state = game.apply(state, move)[0]


def _tricks_deal(config: Configuration, seed: int, games: int) -> Tally:
    """Drużbart: one deal each arrangement; who took more tricks, and by how many."""
    game: Any = config.make()
    tally = Tally()
    for deal, rng in deals(seed, games):
        tally.count("games")
        for seeing, _ in ARRANGEMENTS[config.game]:
            tricks = play_deal(game, deal, seeing, rng).history[-1].tricks
            side = game.side_of(seeing[0])
            margin = tricks[side] - tricks[1 - side]
            tally.count("deals")
            tally.count("won" if margin > 0 else "lost" if margin < 0 else "drawn")
            tally.value("margin", margin)
    return tally


def summarise(experiment: Experiment, tallies: Mapping[str, Tally]) -> dict[str, Plot]:
    configs = experiment.configurations
    sizes = "; ".join(f"{c.label}: {tallies[c.key].counts['games']:,} deals" for c in configs)
    won = []
    for c in configs:
        t = tallies[c.key].counts
        won += [
            share_row(f"{c.label}: seeing side wins", t["won"], t["deals"], c.label),
            share_row(f"{c.label}: simple wins", t["lost"], t["deals"], c.label),
        ]
    margin = [mean_row(c.label, tallies[c.key].histogram("margin"), c.label) for c in configs]
    units = "; ".join(f"{c.label}: {UNITS[c.game]}" for c in configs)
    return {
        "won": plot(
            "share",
            f"{experiment.title}: who wins",
            "share of the games played",
            won,
            f"Each deal played with the seeing bots on each side in turn ({sizes}); bars: 95% Wilson intervals.",
            percent=True,
        ),
        "margin": plot(
            "mean",
            f"{experiment.title}: by how much",
            "mean margin of the seeing side",
            margin,
            f"The margin of each deal, from the seeing side's view ({units}); bars: ±1.96 standard errors.",
        ),
    }


def experiments(games: int | None = None, scale: int = 1) -> list[Experiment]:
    out = [
        Experiment(
            "druzbart-seeing",
            "druzbart",
            "Drużbart: a side that sees every hand against the simple bots",
            "The same kind of deals as the strong bots played, with a side whose bots see every hand and play the"
            " solver's best move, against the simple bots, on each side in turn, under the default rules.",
            (
                Configuration(
                    "druzbart:seeing-vs-simple",
                    "Drużbart",
                    "druzbart",
                    {},
                    "bot",
                    size("druzbart-seeing", "all", scale),
                ),
            ),
            _tricks_deal,
            summarise,
            chunk=CHUNK,
            on_request=True,
        ),
    ]
    return [e.with_games(games) for e in out] if games is not None else out
