"""Solver benchmarks: the time to analyse a whole deal, every legal move valued with best play by all.

Run with ``nox -s bench`` (or ``PYTHONPATH=engine python3 bench/solver_bench.py``). Writes
``build/bench/solver.json``. Each figure is the median over random deals (seeded, so every run
solves the same positions) of one ``Game.analyse`` call, the same call the CLI and the live engine
make, in seconds of this process's CPU time (the search is one thread: on an idle core that is the
time the reader waits; on a machine shared with other work it is what the wall clock cannot say),
beside its target (issue: analysis) as a ratio, and beside the bare loop of the engine bench
(Bettelmann over plain lists, timed in the same run) as the machine's yardstick:

* Drużbart from the first card of a deal (target 2 s);
* Drogue from the first card after trump is named (target 1 s), the auction played by the bots;
* Clock Druzbart from the middle of a deal (no target: three players, the search is larger).

``--against DIR`` also times another checkout's engine (``DIR/engine``) on the same positions in the
same run, and gives each median as a ratio to that one's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

TARGETS = {"druzbart": 2.0, "drogue": 1.0, "clock": None}


def position(name: str, seed: int) -> tuple[Any, Any]:
    """The game and the position to solve for deal ``seed``, the bots playing up to it: the first card of
    the deal (Drogue: the first card after trump is named), or (Clock) the first trick boundary with
    half the deal's cards played."""
    from oldtricks.prng import Rng
    from oldtricks.registry import make_game

    game = make_game(name)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    dealt = played = 0
    while game.to_play(state) is not None:
        if name == "drogue":
            if state.phase == "play" and state.trump is not None and not state.trick and not played:
                return game, state
        elif not state.dealing:
            if not dealt:
                dealt = sum(len(h) for h in state.hands)
            if name != "clock" and not played:
                return game, state
            if name == "clock" and not state.table and 2 * played >= dealt:
                return game, state
        move = game.bot_move(state, rng)
        if move.kind == "play" and (name != "drogue" or state.phase == "play"):
            played += 1
        state = game.apply(state, move)[0]
    raise RuntimeError(f"{name} deal {seed} ended before the position to solve")


def solve_times(name: str, deals: int, first_seed: int) -> list[float]:
    """CPU seconds of one ``analyse`` call on each of ``deals`` positions (deals from ``first_seed`` on)."""
    out = []
    for seed in range(first_seed, first_seed + deals):
        game, state = position(name, seed)
        start = time.process_time()
        game.analyse(state)
        out.append(time.process_time() - start)
    return out


def other_times(engine: Path, name: str, deals: int) -> list[float]:
    """:func:`solve_times` with the engine of another checkout (``engine``: its ``engine`` folder), in a
    process of its own."""
    env = {**os.environ, "PYTHONPATH": str(engine)}
    args = [sys.executable, __file__, "--times", name, "--deals", str(deals)]
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
    times: list[float] = json.loads(out.splitlines()[-1])
    return times


def yardstick() -> float:
    """Tricks per second of the engine bench's bare loop, now: the machine's speed in this run."""
    from engine_bench import bare_run

    tricks, seconds = bare_run(40, 0)
    return tricks / seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    # 15 deals by default, for a quick run; --deals 100 for the measure (a few minutes a game)
    parser.add_argument("--deals", type=int, default=15, help="random deals per game (the median is shown)")
    parser.add_argument("--game", nargs="*", default=list(TARGETS), choices=list(TARGETS))
    parser.add_argument("--against", type=Path, help="another checkout: its engine timed on the same deals")
    parser.add_argument("--times", choices=list(TARGETS), help=argparse.SUPPRESS)  # for --against
    args = parser.parse_args()
    if args.times:  # one game's times as JSON, from the engine on PYTHONPATH
        print(json.dumps(solve_times(args.times, args.deals, 1)))
        return
    against = None
    if args.against:
        against = (args.against / "engine").resolve()
        if not (against / "oldtricks" / "search.py").is_file():
            parser.error(f"--against {args.against}: no engine with a solver in {against}")
    bare = yardstick()
    results: dict[str, Any] = {"deals": args.deals, "bare_tricks_per_second": bare, "games": {}}
    print(f"solver: one analyse() per position, median of {args.deals} seeded deals (seeds 1..{args.deals}), CPU s")
    print(f"bare loop of the engine bench, this run: {bare:,.0f} tricks/s (the machine's speed now)")
    head = f"{'game':<10} {'position':<22} {'median s':>9} {'max s':>7} {'target':>7} {'to target':>10}"
    print(head + (f" {'other s':>8} {'to other':>9}" if against else ""))
    where = {"druzbart": "first card", "drogue": "first card after trump", "clock": "mid-deal"}
    for name in args.game:
        times = solve_times(name, args.deals, 1)
        median = statistics.median(times)
        target = TARGETS[name]
        row = {"position": where[name], "median_s": median, "max_s": max(times), "target_s": target}
        row["to_target"] = median / target if target else None
        row["median_bare_tricks"] = median * bare  # the median in bare-loop tricks: comparable across machines
        results["games"][name] = row
        ratio = f"{row['to_target']:.2f}" if target else "-"
        line = (
            f"{name:<10} {where[name]:<22} {median:>9.3f} {max(times):>7.2f} "
            f"{(f'{target:.0f} s' if target else '-'):>7} {ratio:>10}"
        )
        if against:
            other = statistics.median(other_times(against, name, args.deals))
            row["other_median_s"], row["to_other"] = other, median / other
            line += f" {other:>8.3f} {median / other:>9.3f}"
        print(line)
    out = ROOT / "build" / "bench" / "solver.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1))
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
