"""A pilot of Drogue's strong bidder (games/drogue/strongbid.py): the same deals played twice, each side in turn
bidding by solving sampled deals, the other side bidding as the simple bot; both sides play the cards as the strong
bot (``--against simple``: the other side is the simple bot throughout, as in ``drogue-strength``).

Run with ``PYTHONPATH=engine python3 bench/drogue_bid_pilot.py --deals 100 [--against simple] [--out FILE]``:
prints, and appends to ``FILE`` one JSON line per deal (so a stopped run keeps what it played), the card points
of the bidder's side in each arrangement; at the end the share of the deals its side won with a 95% Wilson
interval. The deals and the bots' generators come from ``--seed`` as in the statistics
(:func:`oldtricks.stats.experiment.deals`).

A first run (seed 1, the budget of games/drogue/strongbid.py): against the old strong bot, 100 deals, the
bidder's side won 95 of 200 (47.5%, 95% 40.7-54.4%), its calls other than the simple bot's in 7 of the 200;
against the simple bot, 200 deals, it won 224 of 400 (56.0%, 51.1-60.8%; mean margin +8.3 card points), 15
calls other than the simple bot's, beside 56.4% of 1,000 deals for the strong bot that bid as the simple one.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from oldtricks.analysis.strong import decide
from oldtricks.core.prng import Rng
from oldtricks.core.registry import make_game
from oldtricks.scenarios.replay import Line
from oldtricks.stats.experiment import deals
from oldtricks.stats.strength import ARRANGEMENTS


def play(game: Any, seed: int, bidder: tuple[int, ...], rng: Rng, against: str) -> tuple[Any, int]:
    """Deal ``seed`` to its end: ``bidder``'s seats the strong bot, the others the old strong bot (calls as the
    simple bot) or, with ``against='simple'``, the simple bot; and how many of the bidder's calls were not
    the simple bot's (its calls draw nothing from the generator)."""
    line = Line(game, [game.new_state(seed=seed)], [None], [[]])
    simple, deep = Rng(rng.next_u64()), Rng(rng.next_u64())
    other = 0
    while (seat := game.to_play(state := line.states[-1])) is not None:
        if seat in bidder:
            move = decide(line, deep).move
            other += state.phase in ("auction", "trump") and move != game.bot_move(state, Rng(0))
            line.push(move)
        elif against == "simple" or state.phase in ("auction", "trump"):
            line.push(game.bot_move(state, simple))
        else:
            line.push(decide(line, deep).move)
    return line.states[-1], other


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", choices=("old", "simple"), default="old")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    game = make_game("drogue")
    won = lost = played = 0
    for deal, rng in deals(args.seed, args.deals):
        points, others = [], []
        for seats, _ in ARRANGEMENTS["drogue"]:
            end, other = play(game, deal, seats, rng, args.against)
            ours = end.side_points()[seats[0] % 2] if end.trump is not None else None
            points.append(ours)
            others.append(other)
            if ours is not None:
                played += 1
                won += ours > 60
                lost += ours < 60
        row = {"deal": deal, "points": points, "other_calls": others}
        print(json.dumps(row), flush=True)
        if args.out is not None:
            with args.out.open("a") as f:
                f.write(json.dumps(row) + "\n")
    lo, hi = wilson(won, played)
    print(f"bidder's side won {won} of {played} deals ({won / max(played, 1):.1%}, 95% {lo:.1%}-{hi:.1%}), lost {lost}")


if __name__ == "__main__":
    main()
