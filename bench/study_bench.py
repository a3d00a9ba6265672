"""Study link benchmark: the time to read (or refuse) mangled study links, beside the 50 ms target.

The links are the fuzz's (tests/mutate.py): a study per game of its real scenarios, four chapters each,
mangled as game links are, and chapters doubled, dropped or moved. Each link is read once
(:func:`oldtricks.scenarios.study.read`: every readable chapter, and a problem for each other) and timed in CPU
seconds; the figures are the slowest link, the slowest per chapter read, and the share under 50 ms.
Run with ``nox -s bench`` (or ``PYTHONPATH=engine:tests python3 bench/study_bench.py --links N``).
Writes ``build/bench/study.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from mutate import mutate_study_link, seed_study_links  # noqa: E402
from oldtricks.errors import StudyError  # noqa: E402
from oldtricks.scenarios.study import read  # noqa: E402

TARGET = 0.050  # seconds for one study link


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--links", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seeds = seed_study_links()
    times: list[tuple[float, int, str]] = []
    for _ in range(args.links):
        link = mutate_study_link(rng, rng.choice(seeds))
        started = time.process_time()
        try:
            chapters = len(read(link).study.chapters)
        except StudyError:
            chapters = 0
        times.append((time.process_time() - started, chapters, link))
    times.sort()
    slowest = times[-1]
    per_chapter = max(t / c for t, c, _ in times if c)
    figures = {
        "links": len(times),
        "target_seconds": TARGET,
        "under_target": round(sum(t <= TARGET for t, _, _ in times) / len(times), 4),
        "median_seconds": round(times[len(times) // 2][0], 4),
        "slowest_seconds": round(slowest[0], 4),
        "slowest_chapters": slowest[1],
        "slowest_link_start": slowest[2][:120],
        "slowest_seconds_per_chapter": round(per_chapter, 4),
    }
    print(json.dumps(figures, indent=1))
    out = ROOT / "build" / "bench"
    out.mkdir(parents=True, exist_ok=True)
    (out / "study.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
