"""Engine benchmarks: simulated tricks per second, and the time to replay a scenario into frames.

Run with ``nox -s bench`` (or ``PYTHONPATH=engine python3 bench/engine_bench.py``). Writes
``build/bench/engine.json``. Target (issue: engine spine): at least 50,000 Bettelmann tricks per second.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from oldtricks.prng import Rng
from oldtricks.registry import GAMES, make_game
from oldtricks.replay import replay
from oldtricks.scenario import discover, load
from oldtricks.simulate import play_out

ROOT = Path(__file__).resolve().parent.parent


def tricks_per_second(name: str, games: int, repeats: int) -> dict[str, float]:
    game = make_game(name)
    rates = []
    for r in range(repeats):
        tricks = 0
        start = time.perf_counter()
        for i in range(games):
            _, _, t = play_out(game, 1000 * r + i, Rng(i))
            tricks += t
        rates.append(tricks / (time.perf_counter() - start))
    return {"median": statistics.median(rates), "min": min(rates), "max": max(rates)}


def frame_times(repeats: int) -> dict[str, dict[str, float]]:
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    results = {"tricks_per_second": {}, "frames": frame_times(args.repeats)}
    for name in GAMES:
        results["tricks_per_second"][name] = tricks_per_second(name, args.games, args.repeats)
    print(f"{'game':<16} {'tricks/s (median of ' + str(args.repeats) + ')':>28} {'min':>10} {'max':>10}")
    for name, r in results["tricks_per_second"].items():
        print(f"{name:<16} {r['median']:>28,.0f} {r['min']:>10,.0f} {r['max']:>10,.0f}")
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
