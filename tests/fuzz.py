"""The long fuzz session (``nox -s fuzz``): mutated scenario files and mangled links by the hundred
thousand, judged as the property tests judge them (tests/mutate.py), and every option combination of
every game played to its end (tests/test_game_ends.py).

Prints the figures (inputs, verdicts, failures, the slowest input) and writes them to
build/fuzz/fuzz.json; each failing input is saved in build/fuzz/ to be replayed. Exit status 1 when
anything failed. ``--files N --links N`` set the counts (100,000 each by default), ``--seed`` the
start, ``--ends`` adds the games (``--ends-only`` plays only them).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutate import ROOT, judge_file, judge_link, mutate_link, mutate_text, seed_files, seed_links
from oldtricks.registry import GAMES
from test_game_ends import assert_ends, combinations

OUT = ROOT / "build" / "fuzz"


def run(kind: str, count: int, seed: int, make: Callable[[random.Random], str], judge: Callable[[str], str]) -> dict:
    verdicts: Counter[str] = Counter()
    failures: list[str] = []
    slowest = (0.0, "")
    started = time.perf_counter()
    for i in range(count):
        text = make(random.Random(seed + i))
        t0 = time.perf_counter()
        try:
            verdicts[judge(text)] += 1
        except Exception:  # a failure of the engine under test: keep the input and go on
            verdicts["FAILED"] += 1
            where = OUT / f"{kind}-{seed + i}.txt"
            where.write_text(text + "\n\n" + traceback.format_exc(), encoding="utf-8")
            failures.append(str(where))
        took = time.perf_counter() - t0
        if took > slowest[0]:
            slowest = (took, f"{kind} input {seed + i}")
        if (i + 1) % 10_000 == 0:
            print(f"  {kind}: {i + 1} inputs, {dict(verdicts)}", flush=True)
    return {
        "inputs": count,
        "verdicts": dict(verdicts),
        "failures": failures[:50],
        "slowest_ms": round(slowest[0] * 1000, 1),
        "slowest": slowest[1],
        "seconds": round(time.perf_counter() - started, 1),
    }


def ends() -> dict:
    played: dict[str, int] = {}
    failures: list[str] = []
    started = time.perf_counter()
    most = 0
    for name in GAMES:
        for k, options in enumerate(combinations(name)):
            for bots in (False, True):
                try:
                    most = max(most, assert_ends(name, options, k, bots))
                except AssertionError as exc:
                    failures.append(str(exc))
                played[name] = played.get(name, 0) + 1
    return {
        "games": played,
        "failures": failures[:50],
        "most_moves": most,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="nox -s fuzz --", description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--links", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ends", action="store_true", help="also play every option combination of every game")
    parser.add_argument("--ends-only", action="store_true")
    parser.add_argument("--report", default="fuzz.json", help="the figures' file name in build/fuzz/")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    files, links = seed_files(), seed_links()
    report: dict = {}
    if not args.ends_only and args.files:
        report["files"] = run(
            "file",
            args.files,
            args.seed,
            lambda rng: mutate_text(rng, rng.choice(files)[1]),
            judge_file,
        )
        print("files:", json.dumps(report["files"]), flush=True)
    if not args.ends_only and args.links:
        report["links"] = run(
            "link", args.links, args.seed, lambda rng: mutate_link(rng, rng.choice(links)), judge_link
        )
        print("links:", json.dumps(report["links"]), flush=True)
    if args.ends or args.ends_only:
        report["ends"] = ends()
        print("ends:", json.dumps(report["ends"]), flush=True)
    (OUT / args.report).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    failed = sum(part.get("verdicts", {}).get("FAILED", 0) for part in report.values())
    failed += len(report.get("ends", {}).get("failures", []))
    print(f"{failed} failures; figures in {OUT / args.report}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
