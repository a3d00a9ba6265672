"""Run experiments in chunks shared among processes, resumable from a cache, and write their data files.

    python -m oldtricks.stats [--only NAME ...] [--games N] [--processes P | --scheduler ADDRESS]
                              [--out stats] [--check]

A chunk's result depends only on its experiment, configuration, chunk number and number of games
(:func:`~.experiment.chunk_seed`) and on the engine's code: finished chunks are kept under
``build/stats-cache/<engine fingerprint>/``, so a stopped run starts again where it stopped, and a
change to the engine starts afresh. ``--check`` plays everything again and compares the counts with
the committed files instead of writing them. The chunks are played by an executor: a process pool
on this machine's cores, or with ``--scheduler`` the workers of a Dask cluster (:mod:`.cluster`);
the same chunks, seeds and files either way.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from .. import __version__
from ..core.prng import Rng
from .catalogue import experiments
from .cluster import ClusterError, connect
from .experiment import BOT_WORDS, Experiment, chunk_seed
from .tally import Tally

PACKAGE = Path(__file__).resolve().parents[1]
Task = tuple[str, int | None, str, int, int]  # experiment, games override, configuration key, chunk, games


UNFINGERPRINTED = ("stats/sizes.py",)  # how many chunks, not what a chunk plays


def fingerprint(package: Path = PACKAGE) -> str:
    """SHA-256 of the engine's source files (their paths and contents): which code made a result."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        if path.relative_to(package).as_posix() in UNFINGERPRINTED:
            continue
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def tasks(chosen: Iterable[Experiment], games: int | None) -> list[Task]:
    out: list[Task] = []
    for e in chosen:
        for c in e.configurations:
            out.extend((e.name, games, c.key, number, n) for number, n in c.chunks(e.chunk))
    return out


class EngineMismatch(RuntimeError):
    """A process asked to play a chunk runs another engine than the run's (a worker of another checkout)."""


@functools.cache
def _this_engine() -> str:
    """The fingerprint of this process's engine, taken the first time a chunk is played here: a worker
    whose files change after that still runs the code it loaded, and still answers with its fingerprint."""
    return fingerprint()


def play_task(task: Task, engine: str | None = None) -> tuple[dict[str, Any], float]:
    """One chunk, played in whichever process runs it: its tally as JSON, and the CPU seconds it took.

    ``engine``: the run's engine fingerprint; a process whose engine differs raises :class:`EngineMismatch`.
    """
    if engine is not None and _this_engine() != engine:
        raise EngineMismatch(
            f"{platform.node()}: this engine ({PACKAGE}, {_this_engine()[:16]}) is not the run's "
            f"({engine[:16]}): start the worker from a checkout of the same commit, and again after a change"
        )
    name, games, key, number, n = task
    e = experiments(games)[name]
    config = e.configuration(key)
    start = time.process_time()
    tally = e.play(config, chunk_seed(name, key, number), n)
    return tally.as_json(), time.process_time() - start


def _cache_file(cache: Path, task: Task) -> Path:
    name, _, key, number, n = task
    tag = hashlib.sha256(key.encode()).hexdigest()[:16]
    return cache / name / f"{tag}-{number}-{n}.json"


class Progress:
    """A one-line progress bar on a terminal stream, with the time left estimated from the chunks done."""

    def __init__(self, total: int, stream: TextIO, enabled: bool) -> None:
        self.total, self.done, self.stream, self.enabled = total, 0, stream, enabled
        self.start = time.monotonic()
        self.fresh = 0  # chunks played in this run (cached ones cost nothing and say nothing of speed)
        self.tty = stream.isatty()
        self.shown = -1  # the last tenth written, when the stream is not a terminal (a log: one line a tenth)

    def step(self, played: bool) -> None:
        self.done += 1
        self.fresh += played
        if not self.enabled:
            return
        tenth = 10 * self.done // max(1, self.total)
        if not self.tty and tenth == self.shown:
            return
        self.shown = tenth
        elapsed = time.monotonic() - self.start
        left = self.total - self.done
        eta = elapsed / self.fresh * left if self.fresh else 0.0
        width = 30
        filled = width * self.done // max(1, self.total)
        bar = "#" * filled + "-" * (width - filled)
        end = "\n" if self.done == self.total or not self.tty else ""
        lead = "\r" if self.tty else ""
        self.stream.write(
            f"{lead}stats [{bar}] {100 * self.done // max(1, self.total):3d}% {self.done}/{self.total} chunks"
            f" · {_clock(elapsed)} elapsed · {_clock(eta)} left  {end}"
        )
        self.stream.flush()


def _chunks(n: int) -> str:
    return f"{n} chunk" if n == 1 else f"{n} chunks"


def _clock(seconds: float) -> str:
    s = round(seconds)
    return f"{s // 60}:{s % 60:02d}"


@dataclass
class Account:
    """What a run did: the chunks it played, those it found in the cache, and the CPU seconds of the
    chunks played, whichever process or machine played them."""

    played: int = 0
    cached: int = 0
    cpu: float = 0.0


def run(
    chosen: Sequence[Experiment],
    *,
    games: int | None = None,
    processes: int = 1,
    scheduler: str | None = None,
    cache: Path | None = None,
    progress: TextIO | None = None,
    account: Account | None = None,
) -> dict[str, dict[str, Any]]:
    """Play every chunk of ``chosen`` (experiments built with ``games``) and return each one's document:
    in this process, in a pool of ``processes``, or on the Dask cluster at ``scheduler``."""
    todo = tasks(chosen, games)
    Rng(1).shuffle(todo)  # a fair mix of slow and quick chunks, so the time left is a fair guess
    results: dict[Task, Tally] = {}
    bar = Progress(len(todo), progress or sys.stderr, progress is not None)
    done = account if account is not None else Account()
    missing = []
    for task in todo:
        file = _cache_file(cache, task) if cache else None
        if file is not None and file.is_file():
            results[task] = Tally.from_json(json.loads(file.read_text(encoding="utf-8")))
            done.cached += 1
            bar.step(False)
        else:
            missing.append(task)

    def keep(task: Task, played: tuple[dict[str, Any], float]) -> None:
        data, seconds = played
        done.played += 1
        done.cpu += seconds
        results[task] = Tally.from_json(data)
        if cache is not None:
            file = _cache_file(cache, task)
            file.parent.mkdir(parents=True, exist_ok=True)
            part = file.with_suffix(".part")
            part.write_text(json.dumps(data), encoding="utf-8")
            part.replace(file)  # a chunk is cached whole or not at all
        bar.step(True)

    if missing:
        with _executor(processes if len(missing) > 1 else 1, scheduler, progress) as pool:
            _play(missing, pool, keep)
    return {e.name: document(e, {t: r for t, r in results.items() if t[0] == e.name}) for e in chosen}


@contextmanager
def _executor(processes: int, scheduler: str | None, report: TextIO | None) -> Iterator[Executor | None]:
    """Where the chunks are played: the Dask cluster at ``scheduler``, a pool of ``processes`` on this
    machine, or (None) this process."""
    if scheduler is not None:
        with connect(scheduler, report=report) as cluster:  # imports Dask: not a dependency of the engine
            yield cluster
    elif processes > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=processes) as pool:
            try:
                yield pool
            except BaseException:  # a chunk failed, or an interrupt: the chunks not started are dropped
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    else:
        yield None


def _play(missing: Sequence[Task], pool: Executor | None, keep: Callable[[Task, Any], None]) -> None:
    """Play ``missing``, handing each result to ``keep`` as it comes: the same code for a local pool and a
    cluster (a chunk that fails, or an interrupt, ends the run: the executor drops the chunks not started)."""
    if pool is None:
        for task in missing:
            keep(task, play_task(task))
        return
    engine = fingerprint()  # each process checks that it plays the chunk with this very engine
    futures = {pool.submit(play_task, task, engine): task for task in missing}
    for future in as_completed(futures):
        keep(futures[future], future.result())


def document(e: Experiment, results: Mapping[Task, Tally]) -> dict[str, Any]:
    """An experiment's data file: how it was made, the counts, and the plots drawn from them."""
    tallies: dict[str, Tally] = {}
    seeds: dict[str, list[int]] = {}
    for task in sorted(results, key=lambda t: (t[2], t[3])):
        key = task[2]
        tallies.setdefault(key, Tally()).add(results[task])
        seeds.setdefault(key, []).append(chunk_seed(e.name, key, task[3]))
    configurations = [
        {
            "key": c.key,
            "label": c.label,
            "game": c.game,
            "options": dict(c.make().options),
            "bots": c.bots,
            "bots_are": BOT_WORDS[c.bots],
            "games": c.games,
            "chunk_seeds": seeds.get(c.key, []),
            "tally": tallies.get(c.key, Tally()).as_json(),
        }
        for c in e.configurations
    ]
    return {
        "experiment": e.name,
        "family": e.family,
        "title": e.title,
        "description": e.description,
        "command": f"nox -s stats -- --only {e.name}",
        "engine": {"version": __version__, "source_sha256": fingerprint()},
        "seeds": "chunk seed = first 63 bits of SHA-256('experiment|configuration key|chunk number'); "
        f"chunks of {e.chunk} games; each game's deal and bot seeds drawn in turn from the chunk seed",
        "chunk": e.chunk,
        "configurations": configurations,
        "plots": e.summarise(e, {c.key: tallies.get(c.key, Tally()) for c in e.configurations}),
    }


def replot(e: Experiment, file: Path) -> None:
    """Draw ``file``'s plots again from its own counts (after a change to what a plot shows)."""
    doc = json.loads(file.read_text(encoding="utf-8"))
    tallies = {c["key"]: Tally.from_json(c["tally"]) for c in doc["configurations"]}
    sizes = {c["games"] for c in doc["configurations"]}
    made = e.with_games(sizes.pop()) if len(sizes) == 1 else e
    doc["plots"] = made.summarise(made, tallies)
    _write(file, doc)


def _write(file: Path, doc: Mapping[str, Any]) -> None:
    file.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _same_counts(committed: Mapping[str, Any], fresh: Mapping[str, Any]) -> list[str]:
    """The configurations whose options, games, seeds or counts differ between two documents."""
    old = {c["key"]: c for c in committed.get("configurations", [])}
    differ = []
    for c in fresh["configurations"]:
        was = old.get(c["key"])
        fields = ("options", "bots", "games", "chunk_seeds", "tally")
        if was is None or any(was.get(f) != c[f] for f in fields):
            differ.append(c["key"])
    differ.extend(k for k in old if k not in {c["key"] for c in fresh["configurations"]})
    return differ


def _parser(catalogue: Mapping[str, Experiment]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m oldtricks.stats", description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", default=[], metavar="NAME", help=f"one of: {', '.join(catalogue)}")
    parser.add_argument("--games", type=int, help="games per configuration (default: each experiment's own)")
    parser.add_argument("--scale", type=int, default=1, help="multiply every default size (stats/sizes.py)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the chunks on the Dask cluster of this scheduler (tcp://HOST:8786) instead of --processes",
    )
    parser.add_argument("--out", type=Path, default=Path("stats"), help="where the data files go")
    parser.add_argument("--cache", type=Path, default=Path("build") / "stats-cache")
    parser.add_argument("--no-cache", action="store_true", help="play every chunk, keep none")
    parser.add_argument("--check", action="store_true", help="compare with the files in --out, write nothing")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--replot", action="store_true", help="draw the plots again from the files' counts, play nothing"
    )
    return parser


def _check(docs: Mapping[str, Mapping[str, Any]], out: Path) -> int:
    """Compare each document with its file in ``out``: 1 when one is missing or differs."""
    bad = 0
    for name, doc in docs.items():
        file = out / f"{name}.json"
        if not file.is_file():
            print(f"{file}: missing")
            bad += 1
            continue
        differ = _same_counts(json.loads(file.read_text(encoding="utf-8")), doc)
        print(f"{file}: {'the same counts' if not differ else 'differs in ' + ', '.join(differ)}")
        bad += bool(differ)
    return 1 if bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    catalogue = experiments()
    parser = _parser(catalogue)
    args = parser.parse_args(argv)
    names = [n for item in args.only for n in item.split(",") if n] or [
        n
        for n, e in catalogue.items()
        if not e.on_request  # the strong bots' experiments: only when named
    ]
    unknown = [n for n in names if n not in catalogue]
    if unknown:
        parser.error(f"no experiment {unknown[0]!r}: expected one of {', '.join(catalogue)}")
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    if args.scale < 1:
        parser.error("--scale must be at least 1")
    chosen = [experiments(args.games, args.scale)[n] for n in names]
    if args.replot:
        for e in chosen:
            replot(e, args.out / f"{e.name}.json")
            print(f"redrew the plots of {args.out / (e.name + '.json')}")
        return 0
    cache = None if args.no_cache else args.cache / fingerprint()[:16]
    start = time.monotonic()
    done = Account()
    try:
        docs = run(
            chosen,
            games=args.games,
            processes=args.processes,
            scheduler=args.scheduler,
            cache=cache,
            progress=None if args.quiet else sys.stderr,
            account=done,
        )
    except (ClusterError, EngineMismatch) as error:  # no traceback: what is wrong, and what to do
        print(f"{parser.prog}: {error}", file=sys.stderr)
        return 2
    wall = time.monotonic() - start
    played = sum(c.games for e in chosen for c in e.configurations)
    where = f"on the Dask cluster at {args.scheduler}" if args.scheduler else f"with {args.processes} processes"
    print(
        f"{played:,} games of {len(chosen)} experiments in {_clock(wall)} {where}: {_chunks(done.played)} played "
        f"({_clock(done.cpu)} of CPU time), {done.cached} from the cache"
    )
    if args.check:
        return _check(docs, args.out)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, doc in docs.items():
        _write(args.out / f"{name}.json", doc)
        print(f"wrote {args.out / (name + '.json')}")
    return 0
