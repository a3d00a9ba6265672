"""Scenario input benchmark: the time to read (or refuse) hostile scenario files, beside the standard
library's ``tomllib`` reading the same text, at two sizes, to show the time grows with the length.

Run with ``nox -s bench`` (or ``PYTHONPATH=engine python3 bench/toml_bench.py``). Each shape of file is
written at about 40 kB and 400 kB; each time is the best of three, in CPU seconds. Target (issue: one
shape): the 40 kB file whose one table header has 20,000 dotted parts refused in under 2 s (it took
31 s); and, for every shape, 400 kB taking about ten times as long as 40 kB, not a hundred. Writes
``build/bench/toml.json``.
"""

from __future__ import annotations

import contextlib
import json
import time
import tomllib
from collections.abc import Callable
from functools import partial
from pathlib import Path

from oldtricks.core.tomlread import KEY_PARTS
from oldtricks.errors import ScenarioError
from oldtricks.scenarios.scenario import loads
from oldtricks.scenarios.studyfile import loads as study_loads

ROOT = Path(__file__).resolve().parent.parent
TOP = 'title = "t"\ngame = "bettelmann"\n\n[deal]\nseed = 5\n\n'
STUDY = 'title = "s"\n\n[[chapter]]\ntitle = "t"\ngame = "bettelmann"\n\n[chapter.deal]\nseed = 5\n\n'


def _repeat(unit: str, size: int) -> str:
    return unit * max(1, size // len(unit))


# Each shape, written at about ``size`` characters.
SHAPES: dict[str, Callable[[int], str]] = {
    "one header of n dotted parts": lambda size: TOP + "[" + ".".join(["a"] * (size // 2)) + "]\n",
    "headers at the part limit": lambda size: (
        TOP + "".join(f"[{'a.' * (KEY_PARTS - 1)}b{i}]\n" for i in range(size // 40))
    ),
    "arrays of tables": lambda size: TOP + _repeat("[[step]]\nauto = 1\n", size),
    "short keys in one table": lambda size: TOP + "[x]\n" + "".join(f"k{i} = 1\n" for i in range(size // 9)),
    "a note of dots": lambda size: TOP + '[[step]]\nnote = """' + "." * size + '"""\n',
    "comments of dots": lambda size: TOP + _repeat("# " + "." * 60 + "\n", size),
    # a study file goes through the same reader (oldtricks.scenarios.studyfile): read as a study, not a scenario
    "study: one header of n parts": lambda size: STUDY + "[chapter." + ".".join(["a"] * (size // 2)) + "]\n",
}
QUADRATIC = ("one header of n dotted parts", "study: one header of n parts")  # tomllib alone: half a minute


def _best(read: Callable[[], object]) -> float:
    times = []
    for _ in range(3):
        start = time.process_time()
        with contextlib.suppress(ScenarioError, tomllib.TOMLDecodeError):  # refused: the time to refuse is the figure
            read()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    rows = {}
    print(f"{'file':<30} {'kB':>5} {'tomllib s':>10} {'scenario s':>11} {'x40 kB':>7}")
    for name, make in SHAPES.items():
        row = {}
        for size in (40_000, 400_000):
            text = make(size)
            reader = study_loads if name.startswith("study") else loads
            ours = _best(partial(reader, text, "bench.toml"))
            quadratic = name in QUADRATIC and size > 40_000
            plain = float("nan") if quadratic else _best(partial(tomllib.loads, text))
            row[size] = {"chars": len(text), "tomllib_seconds": plain, "scenario_seconds": ours}
            growth = ours / max(row[40_000]["scenario_seconds"], 1e-6)
            print(f"{name:<30} {len(text) / 1000:>5.0f} {plain:>10.4f} {ours:>11.4f} {growth:>7.1f}")
        rows[name] = row
    refused = rows["one header of n dotted parts"][40_000]["scenario_seconds"]
    print(f"the 40 kB header of 20,000 parts refused in {refused:.4f} s (target: under 2 s; it took 31 s)")
    study = rows["study: one header of n parts"][40_000]["scenario_seconds"]
    print(f"the same header in a 40 kB study file refused in {study:.4f} s (target: under 2 s)")
    out = ROOT / "build" / "bench" / "toml.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
