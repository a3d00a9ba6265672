"""Engine benchmarks: play-out speed per game, and the time to replay a scenario into frames.

Run with ``nox -s bench`` (or ``PYTHONPATH=engine python3 bench/engine_bench.py``). Writes
``build/bench/engine.json``.

A play-out is what simulations and bots do: deal from a seed, then legal moves, a random one applied,
until the game ends (``oldtricks.analysis.simulate.play_out``). Each game's figures are tricks and games per
second in one process (per core), and their ratio to a **bare loop** measured in the same run, beside
it: Bettelmann under its default options written as plain lists and ints (no game object, no states,
no events), which plays the very same games (the bench checks that it counts the engine's tricks,
seed by seed). The bare loop is the machine's yardstick, so the ratios hold on a busy or a quiet
machine; every game is divided by it, Bettelmann's ratio says how far the engine is from a bare loop.

``--against DIR`` measures another checkout's engine (``DIR/engine``, e.g. a worktree of an older
commit) in a process of its own with its own bare loop, and prints each game's speed as a ratio to
it (its ratio to its bare loop over the other's), so that a speed change is read off one command.
Targets: at least 50,000 Bettelmann tricks per second (issue: engine spine); Bettelmann's play-out (and
Tod und Leben's, the same engine) at no less than 0.25 of the bare loop (issue 30), printed beside its ratio.
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

from layouts import engine_module

ROOT = Path(__file__).resolve().parent.parent

# games per measured play-out run, about half a second each on this machine (``--scale`` multiplies)
GAMES_PER_RUN = {"bettelmann": 80, "todundleben": 70, "druzbart": 12, "clock": 100, "drogue": 300}
# the least ratio to the bare loop (issue 30): the games that play the bare loop's rules
TO_BARE_TARGET = {"bettelmann": 0.25, "todundleben": 0.25}


def bare_bettelmann(seed: int, choices: Any) -> int:
    """Bettelmann's default game over plain lists: two players, the 32-card pack dealt one at a time,
    the higher rank takes the trick (equal ranks wait for the next winner, who leads), captured cards
    go under the pile in the order played, a player with three cards or fewer chooses which to turn
    up, the player who runs out loses; a cap of 2000 tricks and Brent's cycle check at every trick.
    Cards are their index in the pack; ``choices`` is the play-out's generator. Returns the tricks."""
    GERMAN_32 = engine_module("cards").GERMAN_32
    shuffled = engine_module("prng").shuffled

    pack = GERMAN_32.cards
    rank = [GERMAN_32.ranks.index(c.rank) for c in pack]
    order = shuffled(range(len(pack)), seed)  # the engine's shuffle of the pack, as indices
    piles: list[list[int]] = [order[1::2], order[0::2]]  # seat 0 deals: seat 1 gets the first card
    pot: list[int] = []
    leader = 1
    tricks = 0
    saved: Any = (tuple(piles[0]), tuple(piles[1]), (), leader)
    power, lam = 1, 0
    below = choices.below
    while True:
        table = []
        for seat in (leader, 1 - leader):
            pile = piles[seat]
            n = len(pile)
            table.append(pile.pop(below(n) if 1 < n <= 3 else 0))
        tricks += 1
        first, second = rank[table[0]], rank[table[1]]
        pot += table
        if first != second:
            winner = leader if first > second else 1 - leader
            piles[winner] += pot
            pot = []
            leader = winner
        if not piles[0] or not piles[1] or tricks >= 2000:
            return tricks
        key = (tuple(piles[0]), tuple(piles[1]), tuple(pot), leader)
        lam += 1
        if key == saved:
            return tricks
        if lam == power:
            saved, power, lam = key, power * 2, 0


def bare_run(games: int, offset: int) -> tuple[int, float]:
    """The bare loop over ``games`` deals: its tricks and seconds."""
    Rng = engine_module("prng").Rng

    tricks = 0
    start = time.perf_counter()
    for i in range(games):
        tricks += bare_bettelmann(offset + i, Rng(i))
    return tricks, time.perf_counter() - start


def engine_run(name: str, games: int, offset: int) -> tuple[int, float]:
    """``games`` play-outs of ``name`` under its default options: their tricks and seconds."""
    play_out = engine_module("simulate").play_out
    Rng = engine_module("prng").Rng
    make_game = engine_module("registry").make_game

    game = make_game(name)
    tricks = 0
    start = time.perf_counter()
    for i in range(games):
        tricks += play_out(game, offset + i, Rng(i))[2]
    return tricks, time.perf_counter() - start


def check_bare(games: int) -> None:
    """The bare loop plays Bettelmann's games: the same tricks as the engine, deal by deal."""
    play_out = engine_module("simulate").play_out
    Rng = engine_module("prng").Rng
    make_game = engine_module("registry").make_game

    game = make_game("bettelmann")
    for seed in range(games):
        engine, bare = play_out(game, seed, Rng(seed))[2], bare_bettelmann(seed, Rng(seed))
        if engine != bare:
            raise SystemExit(f"the bare loop is not Bettelmann: deal {seed} lasts {bare} tricks, not {engine}")


def playouts(repeats: int, scale: float, names: list[str]) -> dict[str, Any]:
    """Each game's play-out speed, each run beside a run of the bare loop (they alternate, so that
    a busy machine slows both alike): tricks and games per second, and the ratio to the bare loop
    (the median of the runs' ratios)."""
    runs: dict[str, list[tuple[float, float, float]]] = {name: [] for name in names}
    bare_rates: list[float] = []
    for r in range(repeats):
        offset = 1000 * r
        for name in names:
            games = max(1, round(GAMES_PER_RUN.get(name, 50) * scale))
            bare_tricks, bare_time = bare_run(max(1, round(80 * scale)), offset)
            tricks, seconds = engine_run(name, games, offset)
            bare_rate = bare_tricks / bare_time
            bare_rates.append(bare_rate)
            runs[name].append((tricks / seconds, games / seconds, tricks / seconds / bare_rate))
    out: dict[str, Any] = {"bare_tricks_per_second": statistics.median(bare_rates), "games": {}}
    for name, rows in runs.items():
        out["games"][name] = {
            "tricks_per_second": statistics.median(r[0] for r in rows),
            "games_per_second": statistics.median(r[1] for r in rows),
            "to_bare": statistics.median(r[2] for r in rows),
        }
    return out


def frame_times(repeats: int) -> dict[str, dict[str, float]]:
    from oldtricks.scenarios.replay import replay
    from oldtricks.scenarios.scenario import discover, load

    out = {}
    for path in discover([ROOT / "scenarios"]):
        sc = load(path, ROOT / "scenarios")
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            frames = replay(sc).frames()
            times.append((time.perf_counter() - start) / len(frames))
        out[sc.id] = {"frames": len(frames), "us_per_frame": statistics.median(times) * 1e6}
    return out


def against(folder: Path, repeats: int, scale: float, names: list[str]) -> dict[str, Any]:
    """The play-outs of the engine in ``folder``/engine, measured by this file in a process of its own."""
    env = {**os.environ, "PYTHONPATH": str(folder / "engine")}
    argv = [sys.executable, __file__, "--playouts-only", "--repeats", str(repeats), "--scale", str(scale)]
    done = subprocess.run([*argv, "--game", *names], env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5, help="runs of each measure (the median is shown)")
    parser.add_argument("--scale", type=float, default=1.0, help="games per run, as a multiple of the defaults")
    parser.add_argument("--game", nargs="*", default=None, help="only these games")
    parser.add_argument("--against", type=Path, help="another checkout whose engine to compare with")
    parser.add_argument("--playouts-only", action="store_true", help=argparse.SUPPRESS)  # for --against
    args = parser.parse_args()
    names = args.game or list(engine_module("registry").GAMES)
    if args.playouts_only:
        print(json.dumps(playouts(args.repeats, args.scale, names)))
        return
    check_bare(20)
    results: dict[str, Any] = {"playouts": playouts(args.repeats, args.scale, names)}
    if args.against:
        results["against"] = {"folder": str(args.against), **against(args.against, args.repeats, args.scale, names)}
    results["frames"] = frame_times(args.repeats)
    play = results["playouts"]
    print(f"play-outs, one process (per core), median of {args.repeats} runs, each beside a bare-loop run")
    print(f"bare loop (Bettelmann over lists): {play['bare_tricks_per_second']:,.0f} tricks/s")
    head = f"{'game':<14} {'tricks/s':>10} {'games/s':>9} {'to bare':>8}"
    print(head + (f" {'to --against':>13}" if args.against else ""))
    for name, row in play["games"].items():
        line = f"{name:<14} {row['tricks_per_second']:>10,.0f} {row['games_per_second']:>9,.1f} {row['to_bare']:>8.3f}"
        if args.against:
            other = results["against"]["games"][name]
            row["to_against"] = row["to_bare"] / other["to_bare"]
            line += f" {row['to_against']:>12.2f}x"
        if name in TO_BARE_TARGET:
            row["target_to_bare"] = target = TO_BARE_TARGET[name]
            line += f"  target ≥ {target:.2f}: {'met' if row['to_bare'] >= target else 'NOT MET'}"
        print(line)
    per_frame = [v["us_per_frame"] for v in results["frames"].values()]
    print(
        f"replay into frames: median {statistics.median(per_frame):.0f} µs per frame over "
        f"{len(per_frame)} scenarios (max {max(per_frame):.0f} µs)"
    )
    out = ROOT / "build" / "bench" / "engine.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1))
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
