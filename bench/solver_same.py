"""The engine's search against the search before it was made faster (tests/search_reference.py), on many
random positions: every legal card's value must be the same.

``python3 bench/solver_same.py --positions 1000`` solves random positions of each
game (tests/solver_helpers.py: ``random_position``, seeds 1..N: the bots bid, then random cards up to a
random share of the deal, from the first card to the last) with both searches, each from a fresh table,
and prints how many agree card for card and the CPU seconds of each search over them all, with their
ratio; it exits 1 on any difference and names the first positions that differ. Each game's progress goes
to stderr every 100 positions.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests")]

from solver_helpers import GAMES, random_position, reference_position, search_position  # noqa: E402


def compare(name: str, positions: int) -> tuple[list[int], float, float]:
    """The seeds whose values differ, and the CPU seconds of the engine's search and of the reference."""
    import search_reference
    from oldtricks.analysis.search import Search

    differ: list[int] = []
    new_s = old_s = 0.0
    for seed in range(1, positions + 1):
        game, state = random_position(name, seed)
        model, pos, priority = search_position(name, game, state)
        legal = model.legal(pos.hands[pos.turn], [c for _, c in pos.trick])
        cards = [c for c in range(model.cards) if legal >> c & 1]
        ours = model.ours(pos.turn)
        old_pos = reference_position(pos)
        start = time.process_time()
        new = Search(model, ours, priority).values(pos, cards)
        middle = time.process_time()
        old = search_reference.Search(model, ours, priority).values(old_pos, cards)
        new_s, old_s = new_s + middle - start, old_s + time.process_time() - middle
        if new != old:
            differ.append(seed)
        if seed % 100 == 0:
            print(f"{name} {seed}: {len(differ)} differ", file=sys.stderr, flush=True)
    return differ, new_s, old_s


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=1000, help="random positions per game")
    parser.add_argument("--game", nargs="*", default=list(GAMES), choices=GAMES)
    args = parser.parse_args()
    failed = False
    for name in args.game:
        differ, new_s, old_s = compare(name, args.positions)
        agree = args.positions - len(differ)
        line = f"{name:<9} {args.positions} positions: {agree} agree; CPU s {new_s:.1f} against {old_s:.1f}"
        print(line + f" ({new_s / old_s:.2f})" + (f"; differ at seeds {differ[:10]}" if differ else ""), flush=True)
        failed = failed or bool(differ)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
