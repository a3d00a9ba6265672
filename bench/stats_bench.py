"""Statistics benchmark: games per second per core for each experiment of ``nox -s stats``, and the
time its whole default set would take, estimated from a sample of every configuration.

Run with ``nox -s bench`` (or ``PYTHONPATH=engine python3 bench/stats_bench.py [--sample 0.02]``).
Each configuration plays a share (``--sample``) of its default games in one process, through the same
code as ``nox -s stats`` (the experiment's own chunk function, seeds and all); the estimate divides
the default set's games by the rates measured. Target (issue: statistics): the whole default set in
under 10 minutes on two cores. Writes ``build/bench/stats.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from oldtricks.stats.catalogue import experiments
from oldtricks.stats.experiment import chunk_seed

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sample", type=float, default=0.02, help="share of each configuration's games to play")
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 1, help="cores for the estimate")
    args = parser.parse_args()
    rows = {}
    for e in experiments().values():
        if e.on_request:
            continue  # played only when named (the strong bots' experiments): not in the default set
        played = 0
        seconds = core_seconds = 0.0
        for c in e.configurations:
            n = max(2, round(c.games * args.sample))
            start = time.process_time()  # CPU time: the figure holds on a busy machine too
            e.play(c, chunk_seed(f"bench:{e.name}", c.key, 0), n)
            took = time.process_time() - start
            played += n
            seconds += took
            core_seconds += c.games * took / n
        games = sum(c.games for c in e.configurations)
        rows[e.name] = {
            "games": games,
            "sampled": played,
            "games_per_second_per_core": played / seconds,
            "estimated_core_seconds": core_seconds,
        }
    total = sum(r["estimated_core_seconds"] for r in rows.values())
    print(f"{'experiment':<24} {'games':>9} {'games/s per core':>17} {'core-seconds (est.)':>20}")
    for name, r in rows.items():
        rate, cost = r["games_per_second_per_core"], r["estimated_core_seconds"]
        print(f"{name:<24} {r['games']:>9,} {rate:>17,.1f} {cost:>20,.0f}")
    wall = total / args.cores
    print(
        f"whole default set: {sum(r['games'] for r in rows.values()):,} games, about {total:,.0f} core-seconds: "
        f"{wall / 60:.1f} minutes on {args.cores} cores (target: under 10 minutes on 2; "
        f"{wall / 600:.2f} of it), estimated from {args.sample:.1%} of each configuration's games"
    )
    out = ROOT / "build" / "bench" / "stats.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"experiments": rows, "cores": args.cores, "estimated_wall_seconds": wall}, indent=1))
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
