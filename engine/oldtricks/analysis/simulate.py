"""Random legal play: how long games last, who wins, how often a game never ends.

>>> report = simulate("bettelmann", None, games=2, seed=1)
>>> report["games"]
2
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..core.game import Game
from ..core.prng import Rng
from ..core.registry import make_game


def next_move(game: Game[Any], state: Any, rng: Rng, *, bots: bool = False) -> Any:
    """The bot's move, or a random legal one; a forced move draws no random number."""
    if bots:
        return game.bot_move(state, rng)
    legal = game.legal_moves(state)
    return legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]


def play_out(game: Game[Any], seed: int, rng: Rng, *, bots: bool = False) -> tuple[Any, int, int]:
    """Deal from ``seed`` and play random legal moves (or bot moves) to the end.

    Returns the final state, the number of moves and the number of tricks.
    """
    state = game.new_state(seed=seed)
    moves = tricks = 0
    while True:
        state, forced, done = game.advance_forced(state)  # the moves without a choice, drawing nothing
        moves += forced
        tricks += done
        if game.to_play(state) is None:
            break
        state, done = game.advance(state, next_move(game, state, rng, bots=bots))  # the rules, no narration
        moves += 1
        tricks += done
    return state, moves, tricks


def simulate(name: str, options: Mapping[str, object] | None, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` random games from deals seeded ``seed``, ``seed + 1``, ... and summarise them."""
    game = make_game(name, options)
    rng = Rng(seed ^ 0x5EED)
    lengths: list[int] = []
    kinds: Counter[str] = Counter()
    winners: Counter[int] = Counter()
    cycles: Counter[int] = Counter()
    for i in range(games):
        state, _, tricks = play_out(game, seed + i, rng)
        lengths.append(tricks)
        outcome = game.outcome(state)
        assert outcome is not None
        kinds[outcome.kind] += 1
        for w in outcome.winners:
            winners[w] += 1
        if outcome.cycle is not None:
            cycles[outcome.cycle] += 1
    finished = list(lengths)
    return {
        "game": name,
        "options": dict(game.options),
        "games": games,
        "seed": seed,
        "tricks": {
            "min": min(finished) if finished else 0,
            "max": max(finished) if finished else 0,
            "mean": round(statistics.fmean(finished), 2) if finished else 0,
            "median": statistics.median(finished) if finished else 0,
            "histogram": _histogram(finished),
        },
        "outcomes": dict(sorted(kinds.items())),
        "wins_by_seat": {str(k): v for k, v in sorted(winners.items())},
        "endless": kinds.get("endless", 0),
        "cycle_lengths": {str(k): v for k, v in sorted(cycles.items())},
    }


def _histogram(values: list[int], bins: int = 10) -> list[dict[str, int]]:
    if not values:
        return []
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // bins))
    counts: Counter[int] = Counter((v - lo) // width for v in values)
    return [
        {"from": lo + b * width, "to": lo + (b + 1) * width - 1, "games": counts.get(b, 0)}
        for b in range((hi - lo) // width + 1)
    ]
