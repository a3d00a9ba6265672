"""Drogue's strong bidder (games/drogue/strongbid.py): seconds a call, in CPython and in Pyodide under Node.js.

Run with ``PYTHONPATH=engine python3 bench/drogue_bid_bench.py [--deals 25] [--pyodide DIR]``. Each seeded deal's
auction is called by the simple bots; at every call with a choice (any seat, naming trump too) the strong bot's
decision is made and timed, and the simple bots' call played on, so that every deal meets the same calls. CPython:
CPU seconds of this process (the machine is shared). Pyodide (``--pyodide``: a ``node_modules`` holding
``pyodide``): the same source, the engine zipped from this checkout (with the ledger, as the wheel carries it),
wall seconds of that one-thread process; the ratio of its median to CPython's wall median in the same run.
Target (issue 30): one second a call in the browser.

``--departures FIRST LAST``: over deals FIRST..LAST, each call where the strong bot departs from the simple bot's
call, both calls valued on the real deal as the bidder values a draw (the auction run on by the simple bots, the
card play solved: +1 a win, 0 a draw or a new deal, -1 a loss); a tally of where the strong call did better,
worse, alike. Seeds 1-400: 31 departures, better 4, worse 2, alike 25.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

MEASURE = r'''
from oldtricks.core.prng import Rng
from oldtricks.core.registry import make_game
from oldtricks.scenarios.replay import Line
from oldtricks.analysis.strong import decide

def call_times(deals, clock):
    """Seconds of each strong call with a choice over ``deals`` seeded deals, and how many were searched."""
    game = make_game("drogue")
    out, searched = [], 0
    for seed in range(1, deals + 1):
        line = Line(game, [game.new_state(seed=seed)], [None], [[]])
        rng = Rng(seed)
        while (state := line.states[-1]).phase in ("cut", "calls", "auction", "trump"):
            if state.phase in ("auction", "trump") and len(game.legal_moves(state)) > 1:
                start = clock()
                made = decide(line, Rng(seed * 100 + len(line.states)))
                out.append(clock() - start)
                searched += not made.reason
            line.push(game.bot_move(state, rng))
    return out, searched
'''

NODE_SCRIPT = r"""
import { readFileSync } from "node:fs";
const [runtime, wheel, source, deals] = process.argv.slice(2);
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + runtime).href);
const pyodide = await loadPyodide({ indexURL: runtime, stdout: () => {}, stderr: () => {} });
const sitePackages = pyodide.runPython(
  "import site, sys\n" +
    "next((p for p in site.getsitepackages() if p in sys.path), site.getsitepackages()[0])",
);
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "zip", { extractDir: sitePackages });
pyodide.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(sitePackages)}, None)`);
pyodide.runPython("import time\n" + readFileSync(source, "utf-8"));
console.log(pyodide.runPython(`import json; json.dumps(call_times(${Number(deals)}, time.perf_counter))`));
"""


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered):.3f} p90 {p90:.3f} max {ordered[-1]:.3f}"


def engine_zip(path: Path) -> None:
    """The engine of this checkout as the wheel lays it out: the package, and the ledger inside it."""
    with zipfile.ZipFile(path, "w") as z:
        for f in sorted((ROOT / "engine" / "oldtricks").rglob("*")):
            if f.is_file() and "__pycache__" not in f.parts:
                z.write(f, f.relative_to(ROOT / "engine"))
        z.write(ROOT / "ledger.toml", "oldtricks/ledger.toml")


def in_pyodide(modules: Path, deals: int) -> list[float] | None:
    node = shutil.which("node")
    runtime = modules / "pyodide"
    if node is None or not (runtime / "pyodide.mjs").is_file():
        print("Pyodide: skipped (needs node and node_modules/pyodide)")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        script, source, wheel = Path(tmp) / "bench.mjs", Path(tmp) / "measure.py", Path(tmp) / "engine.zip"
        script.write_text(NODE_SCRIPT, encoding="utf-8")
        source.write_text(MEASURE, encoding="utf-8")
        engine_zip(wheel)
        proc = subprocess.run(
            [node, str(script), str(runtime.resolve()) + "/", str(wheel), str(source), str(deals)],
            capture_output=True,
            text=True,
            check=False,
        )
    if proc.returncode != 0:
        print(f"Pyodide: failed: {proc.stderr.strip()[-2000:]}")
        return None
    times: list[float] = json.loads(proc.stdout.strip().splitlines()[-1])[0]
    return times


def departures(first: int, last: int) -> None:
    """The strong calls other than the simple ones over deals ``first``..``last``, each valued on the real deal."""
    from oldtricks.analysis.strong import decide
    from oldtricks.core.prng import Rng
    from oldtricks.core.registry import make_game
    from oldtricks.games.drogue import strongbid
    from oldtricks.scenarios.replay import Line

    game = make_game("drogue")
    tally = {"better": 0, "worse": 0, "alike": 0}
    for seed in range(first, last + 1):
        line = Line(game, [game.new_state(seed=seed)], [None], [[]])
        rng = Rng(seed)
        while (state := line.states[-1]).phase in ("cut", "calls", "auction", "trump"):
            legal = game.legal_moves(state)
            if state.phase in ("auction", "trump") and len(legal) > 1:
                strong, simple = decide(line, Rng(5)).move, game.bot_move(state, Rng(0))
                if strong != simple:
                    real = strongbid.outcomes(game, state, legal, 10**9)[0]
                    gain = real[strong] - real[simple]
                    tally["better" if gain > 0 else "worse" if gain < 0 else "alike"] += 1
                    print(f"deal {seed}, step {len(line.states) - 1}: {strong} for {simple}, real deal {gain:+d}")
            line.push(game.bot_move(state, rng))
    print(
        f"deals {first}-{last}: {sum(tally.values())} departures from the simple call, "
        + ", ".join(f"{k} {v}" for k, v in tally.items())
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=25)
    parser.add_argument("--pyodide", type=Path, default=None, help="a node_modules folder holding pyodide")
    parser.add_argument("--departures", type=int, nargs=2, metavar=("FIRST", "LAST"), default=None)
    args = parser.parse_args()
    if args.departures is not None:
        departures(*args.departures)
        return
    scope: dict[str, Any] = {}
    exec(MEASURE, scope)
    cpu, searched = scope["call_times"](args.deals, time.process_time)
    print(f"CPython, CPU s a call ({len(cpu)} calls with a choice, {searched} searched): {summary(cpu)}")
    if args.pyodide is None:
        return
    wall, _ = scope["call_times"](args.deals, time.perf_counter)
    got = in_pyodide(args.pyodide, args.deals)
    if got is not None:
        ratio = statistics.median(got) / statistics.median(wall)
        print(f"CPython wall: {summary(wall)}")
        print(f"Pyodide wall: {summary(got)}; Pyodide/CPython (medians, same run) {ratio:.2f}")


if __name__ == "__main__":
    main()
