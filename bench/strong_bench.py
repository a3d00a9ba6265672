"""The strong bots' time per move, in CPython and in Pyodide under Node.js, beside the browser's target.

Run with ``nox -s bench`` (or ``PYTHONPATH=engine python3 bench/strong_bench.py [--deals 4] [--no-pyodide]``;
``--runtime DIR --wheel FILE`` for another checkout's Pyodide and engine wheel).
Writes ``build/bench/strong.json``. For each game, the same seeded deals are played by the simple bots
with the strong bot in seat 0 (Tod und Leben with the last three cards looked at), and every strong move
with a choice is timed: in CPython as CPU seconds of this process (the machine is shared), in Pyodide
(node_modules/pyodide, the engine wheel the site build made) as the wall time of that one-thread
process. The work per move is a budget of search nodes, not of time, so both run the same searches:
the figures are the median, the 90th percentile and the largest move, and the ratio of Pyodide's wall
time to CPython's wall time on the same moves in the same run (a busy machine slows both alike, where
it would make either wall time alone meaningless). Target (issue 17): a strong bot answers within one
second in the browser; ``browser_estimate_max_s`` is the slowest move's CPU seconds in CPython times that
ratio, and the Pyodide column is the figure itself on an idle machine.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 1.0
GAMES = {"druzbart": {}, "clock": {}, "drogue": {}, "bettelmann": {}, "todundleben": {"last_three": "on"}}

# The measurement, as source: run by this process and, unchanged, inside Pyodide.
MEASURE = r'''
import time
from oldtricks.core.prng import Rng
from oldtricks.core.registry import make_game
from oldtricks.scenarios.replay import Line
from oldtricks.analysis.strong import decide

def strong_times(name, options, deals, clock):
    """Seconds of each strong move with a choice (seat 0) over ``deals`` seeded deals, how many searched, and
    each move's work (nodes; Clock: moves played out; Bettelmann: choices visited)."""
    game = make_game(name, options)
    out, searched, work = [], 0, []
    for seed in range(1, deals + 1):
        line = Line(game, [game.new_state(seed=seed)], [None], [[]])
        rng = Rng(seed)
        while game.to_play(line.states[-1]) is not None and len(line.states) < 2000:
            state = line.states[-1]
            if getattr(state, "dealing", False):
                break
            if game.to_play(state) == 0 and len(game.legal_moves(state)) > 1:
                start = clock()
                made = decide(line, rng)
                out.append(clock() - start)
                work.append(made.work)
                searched += not made.reason
                line.push(made.move)
            else:
                line.push(game.bot_move(state, rng))
    return out, searched, work
'''

NODE_SCRIPT = r"""
import { readFileSync } from "node:fs";
const [runtime, wheel, source, request] = process.argv.slice(2);
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + runtime).href);
const pyodide = await loadPyodide({ indexURL: runtime, stdout: () => {}, stderr: () => {} });
const sitePackages = pyodide.runPython(
  "import site, sys\n" +
    "next((p for p in site.getsitepackages() if p in sys.path), site.getsitepackages()[0])",
);
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
pyodide.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(sitePackages)}, None)`);
pyodide.runPython(readFileSync(source, "utf-8"));
pyodide.globals.set("request", request);
try {
  console.log(pyodide.runPython(
    "import json\nargs = json.loads(request)\n" +
      "json.dumps({n: strong_times(n, o, args['deals'], time.perf_counter)[:2] for n, o in args['games'].items()})",
  ));
} catch (error) {
  // the Python error's last line only: node cuts a long stderr short at exit
  console.error(String(error.message).trim().split("\n").pop());
  process.exitCode = 1;
}
"""


def budget_of(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """The strong bot's budget for the game, as numbers (nodes, samples, least, share, drop, tries)."""
    from dataclasses import asdict

    from oldtricks.analysis import strong
    from oldtricks.core.registry import make_game

    game = make_game(name, options)
    return asdict(strong.budget_of(strong.adapter_of(game), game))


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "moves": len(ordered),
        "median_s": statistics.median(ordered) if ordered else 0.0,
        "p90_s": ordered[int(0.9 * (len(ordered) - 1))] if ordered else 0.0,
        "max_s": ordered[-1] if ordered else 0.0,
    }


def in_pyodide(deals: int, runtime: Path, wheel: Path | None) -> dict[str, Any] | None:
    """The same measurement inside Pyodide under Node.js, or None (with a line saying why) if it cannot run."""
    node = shutil.which("node")
    wheels = [wheel] if wheel is not None else sorted((ROOT / "build" / "wheels").glob("oldtricks-*.whl"))
    if node is None or not (runtime / "pyodide.mjs").is_file() or not wheels:
        print("Pyodide: skipped (needs node, node_modules/pyodide and build/wheels from `nox -s site`)")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        script, source = Path(tmp) / "bench.mjs", Path(tmp) / "measure.py"
        script.write_text(NODE_SCRIPT, encoding="utf-8")
        source.write_text(MEASURE, encoding="utf-8")
        request = json.dumps({"deals": deals, "games": GAMES})
        proc = subprocess.run(
            [node, str(script), str(runtime.resolve()) + "/", str(wheels[-1]), str(source), request],
            capture_output=True,
            text=True,
            check=False,
        )
    if proc.returncode != 0:
        # a failure to start prints Pyodide's whole minified runtime: the last short line says what failed
        lines = [line.strip() for line in proc.stderr.splitlines() if 0 < len(line.strip()) < 400]
        print(f"Pyodide: failed ({lines[-1] if lines else proc.returncode})")
        return None
    data: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return data


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=4, help="seeded deals per game")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    parser.add_argument("--runtime", type=Path, default=ROOT / "node_modules" / "pyodide", help="Pyodide's folder")
    parser.add_argument("--wheel", type=Path, help="the engine's wheel (default: the newest in build/wheels)")
    args = parser.parse_args()
    import time

    scope: dict[str, Any] = {}
    exec(MEASURE, scope)  # the measurement's own source, the same the Pyodide run is given
    rows: dict[str, Any] = {}
    for name, options in GAMES.items():
        times, searched, work = scope["strong_times"](name, options, args.deals, time.process_time)
        wall, _, _ = scope["strong_times"](name, options, args.deals, time.perf_counter)
        rate = sum(work) / sum(times) if sum(times) else 0.0  # work a CPU second, sampling included
        rows[name] = {
            "cpython": {**summary(times), "searched": searched, "work_max": max(work, default=0), "work_per_s": rate},
            "cpython_wall": summary(wall),
            "budget": budget_of(name, options),
        }
    pyodide = None if args.no_pyodide else in_pyodide(args.deals, args.runtime, args.wheel)
    print(f"Strong bot, seconds a move with a choice (seat 0, {args.deals} deals a game); target {TARGET_S} s, Pyodide")
    heads = f"{'CPython median/p90/max':>24}  {'work/CPU s':>10} {'budget':>7}  {'Pyodide median/p90/max':>24}"
    print(f"{'game':<12} {'moves':>5} {'searched':>8}  {heads}  ratio  est. max/target")
    for name, row in rows.items():
        c = row["cpython"]
        cpython = f"{c['median_s']:>7.3f} {c['p90_s']:>7.3f} {c['max_s']:>7.3f}"
        work = f"{c['work_per_s']:>10,.0f} {row['budget']['nodes']:>7,}"
        line = f"{name:<12} {c['moves']:>5} {c['searched']:>8}  {cpython}  {work}   "
        if pyodide is not None:
            p = row["pyodide"] = summary(pyodide[name][0])
            # both wall clocks, timed in the same run on the same machine: their ratio holds on a busy one
            ratio = p["median_s"] / row["cpython_wall"]["median_s"] if row["cpython_wall"]["median_s"] else 0.0
            row["pyodide_over_cpython"] = ratio
            row["browser_estimate_max_s"] = c["max_s"] * ratio  # CPython's CPU seconds times the ratio
            line += f"{p['median_s']:>7.3f} {p['p90_s']:>7.3f} {p['max_s']:>7.3f}   {ratio:5.2f}"
            line += f"  {row['browser_estimate_max_s']:.2f}/{TARGET_S:.0f} s"
        print(line)
    out = ROOT / "build" / "bench"
    out.mkdir(parents=True, exist_ok=True)
    doc = {"deals": args.deals, "target_s": TARGET_S, "games": rows}
    (out / "strong.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out / 'strong.json'}")


if __name__ == "__main__":
    main()
