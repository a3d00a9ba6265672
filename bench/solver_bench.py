"""Solver benchmarks: the time to analyse a whole deal, every legal move valued with best play by all.

Run with ``nox -s bench`` (or ``PYTHONPATH=engine python3 bench/solver_bench.py``). Writes
``build/bench/solver.json``. Each figure is the median over random deals (seeded, so every run
solves the same positions) of one ``Game.analyse`` call, the same call the CLI and the live engine
make, in seconds of this process's CPU time (the search is one thread: on an idle core that is the
time the reader waits; on a machine shared with other work it is what the wall clock cannot say),
beside its target (issue: analysis) as a ratio, and beside the bare loop of the engine bench
(Bettelmann over plain lists, timed in the same run) as the machine's yardstick:

* Drużbart from the first card of a deal (target: median 0.035 s, issue 30; it was 2 s);
* Drogue from the first card after trump is named (target: median 0.09 s and at worst 0.5 s, issue 30;
  it was 1 s), the auction played by the bots;
* Clock Druzbart from the middle of a deal (no target: three players, the search is larger).

Each game's row gives the quartiles and the largest time too (a few deals take many times the median).
``--against DIR`` also times another checkout's engine (``DIR/engine``) on the same positions in the
same run, in turns (``--chunk`` deals at a time, each engine in a process of its own), and gives each
median as a ratio to that one's. ``--pyodide N`` solves the first N of the
deals again in Pyodide under Node.js (bench/pyodide_solver.mjs: the runtime the site ships, from
node_modules/pyodide, with this checkout's engine sources), and gives the ratio of its times to
CPython's on the same deals in the same run (issue 17: within 2.5 times). Each deal's time goes to
stderr as it is measured, so a long run (``--deals 100``: many minutes a game) shows its progress.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from layouts import engine_module

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

TARGETS = {"druzbart": 0.035, "drogue": 0.09, "clock": None}  # the median's (issue 30)
WORST = {"drogue": 0.5}  # the largest time's (issue 30)


def position(name: str, seed: int) -> tuple[Any, Any]:
    """The game and the position to solve for deal ``seed``, the bots playing up to it: the first card of
    the deal (Drogue: the first card after trump is named), or (Clock) the first trick boundary with
    half the deal's cards played."""
    Rng = engine_module("prng").Rng
    make_game = engine_module("registry").make_game

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


def solve_times(name: str, deals: int, first_seed: int, clock: Callable[[], float] = time.process_time) -> list[float]:
    """CPU seconds of one ``analyse`` call on each of ``deals`` positions (deals from ``first_seed`` on),
    read from ``clock`` (Pyodide's process_time is the wall clock: pyodide_solver.mjs gives Node's)."""
    out = []
    for seed in range(first_seed, first_seed + deals):
        game, state = position(name, seed)
        start = clock()
        game.analyse(state)
        out.append(clock() - start)
        print(f"{name} deal {seed}: {out[-1]:.3f} s", file=sys.stderr, flush=True)  # a long run's progress
    return out


def engine_times(engine: Path, name: str, deals: int, first_seed: int) -> list[float]:
    """:func:`solve_times` with the engine of a checkout (``engine``: its ``engine`` folder), in a process
    of its own."""
    env = {**os.environ, "PYTHONPATH": str(engine)}
    args = [sys.executable, __file__, "--times", name, "--deals", str(deals), "--first", str(first_seed)]
    out = subprocess.run(args, env=env, stdout=subprocess.PIPE, text=True, check=True).stdout
    times: list[float] = json.loads(out.splitlines()[-1])
    return times


def paired_times(name: str, deals: int, against: Path | None, chunk: int) -> tuple[list[float], list[float]]:
    """This checkout's times and ``against``'s (empty without it) on deals 1..``deals``, taken in turns,
    ``chunk`` deals at a time, each engine in a process of its own: a busy spell of the shared machine
    slows both alike, and a run cut short still has both engines' times on the same first deals."""
    ours: list[float] = []
    other: list[float] = []
    for first in range(1, deals + 1, chunk):
        count = min(chunk, deals + 1 - first)
        ours += engine_times(ROOT / "engine", name, count, first)
        if against is not None:
            other += engine_times(against, name, count, first)
    return ours, other


def spread(times: list[float]) -> dict[str, float]:
    """The quartiles and the largest of ``times``."""
    q1, median, q3 = statistics.quantiles(times, n=4, method="inclusive") if len(times) > 1 else times * 3
    return {"q1_s": q1, "median_s": median, "q3_s": q3, "max_s": max(times)}


def columns(row: dict[str, Any]) -> str:
    """The quartiles and the largest time of a :func:`spread`, as the table's columns."""
    return f"{row['q1_s']:>7.3f} {row['median_s']:>9.3f} {row['q3_s']:>7.3f} {row['max_s']:>7.2f}"


def in_pyodide(name: str, cpython: list[float]) -> dict[str, Any] | None:
    """The same deals solved in Pyodide under Node.js (pyodide_solver.mjs, node_modules/pyodide): their
    spread, and the ratio to ``cpython`` (the times of the same deals in this run), or None if it cannot run."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        print("Pyodide: skipped (needs node and node_modules/pyodide)")
        return None
    args = [node, str(ROOT / "bench" / "pyodide_solver.mjs"), name, str(len(cpython))]
    proc = subprocess.run(args, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        print(f"Pyodide: failed ({(proc.stderr.strip().splitlines() or [str(proc.returncode)])[-1]})")
        return None
    times: list[float] = json.loads(proc.stdout.strip().splitlines()[-1])
    ratios = [p / c for p, c in zip(times, cpython, strict=True) if c > 0]
    row = spread(times)
    return {
        **row,
        "to_cpython": row["median_s"] / statistics.median(cpython),
        "deal_ratio_median": statistics.median(ratios),
        "times_s": times,
    }


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
    parser.add_argument("--pyodide", type=int, default=0, metavar="N", help="also solve the first N deals in Pyodide")
    parser.add_argument("--chunk", type=int, default=10, help="deals timed in turns with --against's engine")
    parser.add_argument("--times", choices=list(TARGETS), help=argparse.SUPPRESS)  # one engine's chunk
    parser.add_argument("--first", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.times:  # one game's times as JSON, from the engine on PYTHONPATH
        print(json.dumps(solve_times(args.times, args.deals, args.first)))
        return
    against = None
    if args.against:
        against = (args.against / "engine").resolve()
        if not any((against / "oldtricks" / where / "search.py").is_file() for where in ("analysis", "")):
            parser.error(f"--against {args.against}: no engine with a solver in {against}")
    bare = yardstick()
    results: dict[str, Any] = {"deals": args.deals, "bare_tricks_per_second": bare, "games": {}}
    print(f"solver: one analyse() per position, median of {args.deals} seeded deals (seeds 1..{args.deals}), CPU s")
    print(f"bare loop of the engine bench, this run: {bare:,.0f} tricks/s (the machine's speed now)")
    head = f"{'game':<10} {'position':<22} {'q1 s':>7} {'median s':>9} {'q3 s':>7} {'max s':>7} {'to target':>10}"
    print(head + (f" {'other q1/med/q3/max s':>28} {'to other':>9}" if against else ""))
    where = {"druzbart": "first card", "drogue": "first card after trump", "clock": "mid-deal"}
    out = ROOT / "build" / "bench" / "solver.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    for name in args.game:
        times, against_times = paired_times(name, args.deals, against, args.chunk)
        target = TARGETS[name]
        row: dict[str, Any] = {"position": where[name], **spread(times), "target_s": target, "times_s": times}
        median = row["median_s"]
        row["to_target"] = median / target if target else None
        if name in WORST:
            row["worst_target_s"] = WORST[name]
            row["worst_to_target"] = row["max_s"] / WORST[name]
        row["median_bare_tricks"] = median * bare  # the median in bare-loop tricks: comparable across machines
        results["games"][name] = row
        ratio = f"{row['to_target']:.2f}" if target else "-"
        if name in WORST:
            ratio += f", max {row['worst_to_target']:.1f}"
        line = f"{name:<10} {where[name]:<22} {columns(row)} {ratio:>10}"
        if against:
            other = spread(against_times)
            row["other"], row["to_other"] = other, median / other["median_s"]
            figures = f"{other['q1_s']:.3f}/{other['median_s']:.3f}/{other['q3_s']:.3f}/{other['max_s']:.2f}"
            line += f" {figures:>28} {row['to_other']:>9.3f}"
        if args.pyodide:
            row["pyodide"] = in_pyodide(name, times[: args.pyodide])
            if row["pyodide"] is not None:
                p = row["pyodide"]
                line += f"\n{'':<10} {'  in Pyodide (Node)':<22} {columns(p)}   Pyodide/CPython: "
                line += f"median {p['to_cpython']:.2f}, per deal {p['deal_ratio_median']:.2f}"
        print(line, flush=True)
        out.write_text(json.dumps(results, indent=1))  # after each game: a long run keeps what it measured
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
