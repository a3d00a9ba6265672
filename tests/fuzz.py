"""The long fuzz session (``nox -s fuzz``): mutated scenario files and mangled links by the hundred
thousand, judged as the property tests judge them (tests/mutate.py), and every option combination of
every game played to its end (tests/test_game_ends.py).

Prints the figures (inputs, verdicts, failures, the slowest input) and writes them to
build/fuzz/fuzz.json; each failing input is saved in build/fuzz/ to be replayed. Exit status 1 when
anything failed. ``--files N --links N`` set the counts (100,000 each by default; ``--studies N`` the
mangled study links, 5,000), ``--seed`` the
start, ``--ends`` adds the games (``--ends-only`` plays only them).

The games take long for Drogue (393,216 combinations since the caller option, most of them evenings of 60 deals: some
hours on one core), so that part can be split and resumed: ``--ends-game drogue --ends-range
20000:40000`` plays those combinations only, and every combination played is logged in
build/fuzz/ends-GAME-CODE.jsonl (CODE: the first 12 hex digits of :func:`play_fingerprint`, the hash of
the sources that playing GAME loads, so that a log is only ever resumed by the code that wrote it, and a
change to code the game's play never loads, the solver's say, does not throw the log away); a later run
skips what the log holds and reports the figures of the whole log. ``--ends-workers N`` plays in N
processes.

The log lives in build/, which a fresh clone lacks, so a sweep longer than one sitting is carried in the
repository: ``--ends-record`` writes what the log (and the record before it) covers to tests/fuzz-ends.json,
by game: the play code's CODE and the files it is made of (each with its git blob id, so that
``git log --find-object=ID`` names the commits that hold it), the combinations played as index spans, the
games, the most moves and the failures. A later sweep by the same code counts the record's combinations
as played and skips them; once the code differs, the record is stale and the sweep starts again. The test
suite says at its end whether today's code is the code of each game's record (:func:`record_summary`).

A sweep of every combination takes hours, so the record's claim about today's code is a sample's: the
suite plays a seeded sample of every game's combinations on today's code every run (:data:`SAMPLE`, a few
hundred a game, tests/test_fuzz_ends.py), and each game's entry holds, under ``sample``, the code that
last played it and the moves it took. A test fails while that code is not today's, naming the files
changed and the command that plays the sample again and writes it, :data:`REGENERATE` (about a minute):
whose diff (the moves of each part) shows whether the games played differently.
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import platform
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_sources import (  # noqa: F401 (_fingerprint, blob_id, played_sources: tests/test_fuzz_ends.py reads them here)
    _fingerprint,
    blob_id,
    changed_since,
    play_fingerprint,
    played_sources,
    sources,
    spanned,
    spans,
)
from mutate import (
    ROOT,
    judge_file,
    judge_link,
    judge_study_link,
    mutate_link,
    mutate_study_link,
    mutate_text,
    seed_files,
    seed_links,
    seed_study_links,
)
from oldtricks.core.registry import GAMES
from test_game_ends import assert_ends, combination, combinations

OUT = ROOT / "build" / "fuzz"
RECORD = ROOT / "tests" / "fuzz-ends.json"  # the sweep carried between sittings (--ends-record)
REGENERATE = "nox -s fuzz -- --ends-sample --ends-record"  # the sample on today's code, written to the record

SAMPLE_SEED = 29
# Combinations per game the suite plays every run, and the parts they are played in (spread over the
# cores): about 55 CPU seconds in all, under 30 on two cores. Drużbart's cost an eighth of a second each
# on average (those capped after the most deals up to three), so it gets 200 of its 768, in more parts;
# the sweep plays every one.
SAMPLE = {"bettelmann": 300, "todundleben": 300, "clock": 300, "drogue": 250, "druzbart": 200}
PARTS = {"bettelmann": 1, "todundleben": 1, "clock": 1, "drogue": 3, "druzbart": 6}


def run(
    kind: str, count: int, seed: int, make: Callable[[random.Random], str], judge: Callable[[str], str]
) -> dict[str, Any]:
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


def play_combination(job: tuple[str, int]) -> dict[str, Any]:
    """Both games of one combination (random play, then the bots): moves taken, or the failure."""
    name, k = job
    options = combination(name, k)
    row: dict[str, Any] = {"index": k, "moves": [], "failures": []}
    for bots in (False, True):
        try:
            row["moves"].append(assert_ends(name, options, k, bots))
        except AssertionError as exc:
            row["failures"].append(str(exc))
    return row


def record_summary() -> list[str]:
    """One line per game of the committed record: whether today's code is the code it holds the sweep
    for, and, where not, the files changed since."""
    lines = []
    for name, entry in sorted(_read_record().items()):
        changed = changed_since(entry)
        said = f"older code: {len(changed)} file(s) changed since: {', '.join(changed)}" if changed else "today's code"
        today = len(combinations(name))
        if today != entry["combinations"]:
            said += f"; it swept {entry['combinations']:,} combinations, today's code has {today:,}"
        lines.append(f"{name}: every combination swept on code {entry['code']} ({entry['updated']}), {said}")
        if "sample" in entry:  # the sample the suite plays on today's code (tests/test_fuzz_ends.py)
            kept = entry["sample"]
            same = "today's code" if not changed_since(kept) else f"older code: play it again: {REGENERATE}"
            lines.append(f"{name}: its sample of {kept['combinations']:,} played on code {kept['code']}, {same}")
    return lines


def sample(name: str) -> list[int]:
    """The indices of the combinations of ``name`` the suite plays, the same on every run."""
    total = len(combinations(name))
    return sorted(random.Random(f"{SAMPLE_SEED}:{name}").sample(range(total), min(SAMPLE[name], total)))


def play_sample_part(job: tuple[str, int]) -> int:
    """The combinations of one part of ``name``'s sample (``job``: name and part), each played to its end
    once, by random play or by the bots in turn, seeded as the sweep seeds it: the moves taken in all.
    Raises AssertionError for a game that does not end (tests/test_game_ends.py's ``assert_ends``)."""
    name, part = job
    combos = combinations(name)
    return sum(assert_ends(name, combos[k], k, bots=k % 2 == 1) for k in sample(name)[part :: PARTS[name]])


def play_sample(games: Sequence[str], workers: int) -> dict[str, list[int]]:
    """Each game's sample played on today's code, its parts in ``workers`` processes: the moves of each part."""
    jobs = [(name, part) for name in games for part in range(PARTS[name])]
    with multiprocessing.Pool(workers) as pool:
        moves = dict(zip(jobs, pool.map(play_sample_part, jobs, 1), strict=True))
    return {name: [moves[name, part] for part in range(PARTS[name])] for name in games}


def record_sample(games: Sequence[str], workers: int) -> dict[str, dict[str, Any]]:
    """Play each game's sample on today's code and write, in each game's entry of the record, the code
    that played it (as the sweep names its code), and the moves of each part; returns what it wrote."""
    moves = play_sample(games, workers)
    kept = _read_record()
    today = datetime.date.today().isoformat()
    for name in games:
        kept.setdefault(name, {})["sample"] = {
            "code": play_fingerprint(name)[:12],
            "combinations": len(sample(name)),
            "moves": moves[name],
            "python": platform.python_version(),
            "seed": SAMPLE_SEED,
            "sources": sources(name),
            "updated": today,
        }
    RECORD.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return {name: kept[name]["sample"] for name in games}


def stale_sample(name: str, entry: dict[str, Any]) -> str | None:
    """None when ``entry`` (a game's entry of the record) holds the sample for today's code; else why
    not, with the files changed since and the command that plays it again and writes it."""
    kept = entry.get("sample")
    if kept is None:
        return f"tests/fuzz-ends.json holds no sample of {name}: play it on today's code and write it: {REGENERATE}"
    today = play_fingerprint(name)[:12]
    if kept["code"] == today:
        return None
    changed = changed_since(kept)
    return (
        f"tests/fuzz-ends.json holds {name}'s sample for code {kept['code']} ({kept['updated']}), "
        f"today's code is {today}: {len(changed)} file(s) changed since: {', '.join(changed) or 'none named'}. "
        f"Play the sample on today's code and write it: {REGENERATE} (about a minute of CPU time), then read "
        "the diff of its moves before committing it (the same moves: the games play as before)"
    )


def _log(name: str, code: str) -> Path:
    return OUT / f"ends-{name}-{code}.jsonl"


def _logged(path: Path) -> dict[int, dict[str, Any]]:
    """The log's rows by index. A sweep killed in the middle of a write leaves its last line cut short:
    that row is left out (played again), and the line ended, so that what is added next starts afresh."""
    rows: dict[int, dict[str, Any]] = {}
    if path.exists():
        lines = path.read_text(encoding="utf-8").splitlines()
        for n, line in enumerate(lines, 1):
            if line.strip():
                try:
                    row = json.loads(line)
                except json.JSONDecodeError:
                    if n < len(lines):
                        raise  # damage inside the log is no kill's doing: say so
                    with path.open("a", encoding="utf-8") as log:
                        log.write("\n")
                    continue
                rows[row["index"]] = row
    return rows


def _read_record() -> dict[str, Any]:
    return json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.exists() else {}


def recorded(name: str, code: str) -> dict[str, Any]:
    """The record's entry for ``name`` if the same code (``code``: its fingerprint's first 12 hex digits)
    played it, else an empty one (a stale entry counts for nothing)."""
    entry: dict[str, Any] = _read_record().get(name, {})
    if entry.get("code") != code:
        return {"played": [], "games": 0, "most_moves": 0, "failures": []}
    return entry


def ends(games: Sequence[str], span: tuple[int, int | None], workers: int, record: bool = False) -> dict[str, Any]:
    """Every accepted option combination of ``games`` (those of index ``span``), each played twice;
    resumed from and added to each game's log, skipping those the record holds. The figures are those of
    the whole log and the record; ``record``: they are written to the record."""
    report: dict[str, Any] = {"games": {}, "combinations": {}, "of": {}, "failures": [], "most_moves": 0, "by_game": {}}
    started = time.perf_counter()
    for name in games:
        total = len(combinations(name))
        code = play_fingerprint(name)[:12]  # every played source read and hashed: once a game
        path = _log(name, code)
        rows = _logged(path)
        entry = recorded(name, code)
        done = spanned(entry["played"])
        todo = [(name, k) for k in range(*slice(*span).indices(total)) if k not in rows and k not in done]
        with path.open("a", encoding="utf-8") as log:
            pool = multiprocessing.Pool(workers) if workers > 1 else None
            results = pool.imap_unordered(play_combination, todo, 8) if pool else map(play_combination, todo)
            for n, row in enumerate(results, 1):
                log.write(json.dumps(row) + "\n")
                rows[row["index"]] = row
                if n % 500 == 0:
                    log.flush()
                    print(f"ends: {name} {len(done | rows.keys()):,} of {total:,} combinations", flush=True)
            if pool:
                pool.close()
                pool.join()
        new = [r for k, r in rows.items() if k not in done]  # the log's rows the record does not hold
        mine = {
            "code": code,
            "combinations": total,
            "played": spans([*done, *rows]),
            "games": entry["games"] + sum(len(r["moves"]) + len(r["failures"]) for r in new),
            "most_moves": max([entry["most_moves"], *(m for r in new for m in r["moves"])]),
            "failures": (entry["failures"] + [f for r in new for f in r["failures"]])[:50],
        }
        report["combinations"][name] = len(done | rows.keys())
        report["of"][name] = total
        report["games"][name] = mine["games"]
        report["failures"] += mine["failures"]
        report["most_moves"] = max(report["most_moves"], mine["most_moves"])
        report["by_game"][name] = mine
        if record:
            kept = _read_record()
            today = datetime.date.today().isoformat()
            held = {"sample": kept[name]["sample"]} if "sample" in kept.get(name, {}) else {}  # its own code
            kept[name] = {**mine, "sources": sources(name), "python": platform.python_version(), "updated": today}
            kept[name].update(held)
            RECORD.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    report["failures"] = report["failures"][:50]
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


def _span(text: str) -> tuple[int, int | None]:
    start, _, stop = text.partition(":")
    return int(start or 0), int(stop) if stop else None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="nox -s fuzz --", description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--links", type=int, default=100_000)
    parser.add_argument("--studies", type=int, default=5_000, help="mangled study links")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ends", action="store_true", help="also play every option combination of every game")
    parser.add_argument("--ends-only", action="store_true")
    parser.add_argument("--ends-game", action="append", choices=list(GAMES), help="only this game (repeatable)")
    parser.add_argument("--ends-range", type=_span, default=(0, None), help="combinations START:STOP only")
    parser.add_argument("--ends-workers", type=int, default=1)
    parser.add_argument("--ends-record", action="store_true", help="write the figures to tests/fuzz-ends.json")
    parser.add_argument(
        "--ends-sample", action="store_true", help="only the suite's sample (with --ends-record: written)"
    )
    parser.add_argument("--report", default="fuzz.json", help="the figures' file name in build/fuzz/")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    if args.ends_sample:
        return _sample_only(args.ends_game or list(GAMES), args.ends_workers, args.ends_record)
    files, links = seed_files(), seed_links()
    report: dict[str, Any] = {}
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
    if not args.ends_only and args.studies:
        studies = seed_study_links()
        report["studies"] = run(
            "study", args.studies, args.seed, lambda rng: mutate_study_link(rng, rng.choice(studies)), judge_study_link
        )
        print("studies:", json.dumps(report["studies"]), flush=True)
    if args.ends or args.ends_only:
        report["ends"] = ends(args.ends_game or list(GAMES), args.ends_range, args.ends_workers, args.ends_record)
        print("ends:", json.dumps(report["ends"]), flush=True)
    (OUT / args.report).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    failed = sum(part.get("verdicts", {}).get("FAILED", 0) for part in report.values())
    failed += len(report.get("ends", {}).get("failures", []))
    print(f"{failed} failures; figures in {OUT / args.report}")
    return 1 if failed else 0


def _sample_only(games: Sequence[str], workers: int, record: bool) -> int:
    """--ends-sample: the suite's sample of each game played on today's code (a game that does not end
    stops it with its traceback), and with ``record``, written to the record."""
    started = time.perf_counter()
    workers = max(workers, 2)
    if record:
        moves = {name: kept["moves"] for name, kept in record_sample(games, workers).items()}
    else:
        moves = play_sample(games, workers)
    for name, parts in moves.items():
        print(f"sample: {name} {len(sample(name))} combinations, {sum(parts):,} moves", flush=True)
    print(f"sample: {time.perf_counter() - started:.0f} s" + (f"; written to {RECORD}" if record else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
