"""The statistics on a Dask cluster (``--scheduler``): the same chunks and seeds as the process pool, so
the same files byte for byte; ``--check`` and the cache's resume on the cluster too; a worker of another
engine refused; and the engine still runs, and says what is missing, without Dask.

The cluster is a local one: a scheduler and two worker processes of one thread each, on 127.0.0.1, with
no dashboard, started once for this module (the ``cluster`` dependency group: ``nox -s tests`` installs it)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TextIO

import pytest

from conftest import ROOT
from oldtricks.stats import run as runner

# Two small experiments: 8 + 3 configurations, one chunk each at 4 games a configuration (11 chunks)
SMALL = ["--only", "todundleben-life,bettelmann-last-three", "--games", "4", "--quiet"]
CHUNKS = 11


@pytest.fixture(scope="module")
def pool_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small run's files as the process pool writes them, made before the cluster starts: the pool forks
    this process, which is safe only before the cluster's threads run in it."""
    pool = tmp_path_factory.mktemp("pool")
    assert runner.main([*SMALL, "--processes", "2", "--no-cache", "--out", str(pool)]) == 0
    return pool


@pytest.fixture(scope="module")
def scheduler(pool_files: Path) -> Iterator[str]:
    """The address of a local Dask scheduler with two single-threaded worker processes (one cluster for
    this module's tests in each process that runs some of them: with pytest-xdist, mostly one)."""
    import distributed  # here: only a process that runs these tests pays for its import (a second or two)

    with distributed.LocalCluster(
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        host="127.0.0.1",
        scheduler_port=0,
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},  # its HTTP server (no dashboard) on a free port
    ) as cluster:
        yield cluster.scheduler_address


def _played(address: str, argv: list[str]) -> tuple[int, list[str]]:
    """Run ``main(argv)`` and return its exit code with the workers that played each chunk of it."""
    import distributed

    with distributed.Client(address, set_as_default=False) as client, distributed.get_task_stream(client) as stream:
        code = runner.main(argv)
    return code, [t["worker"] for t in stream.data if str(t["key"]).startswith("play_task")]


def test_the_cluster_writes_the_same_files_as_the_process_pool(
    pool_files: Path, scheduler: str, tmp_path: Path
) -> None:
    pool, cluster = pool_files, tmp_path / "cluster"
    code, workers = _played(scheduler, [*SMALL, "--scheduler", scheduler, "--no-cache", "--out", str(cluster)])
    assert code == 0
    assert len(workers) == CHUNKS and len(set(workers)) == 2  # every chunk on the cluster, both workers at it
    files = sorted(p.name for p in pool.iterdir())
    assert files == ["bettelmann-last-three.json", "todundleben-life.json"]
    assert sorted(p.name for p in cluster.iterdir()) == files
    for name in files:
        assert (cluster / name).read_bytes() == (pool / name).read_bytes(), name


def test_check_and_the_cache_work_on_the_cluster(
    scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, cache = tmp_path / "stats", tmp_path / "cache"
    on_cluster = [*SMALL, "--scheduler", scheduler, "--out", str(out)]
    assert runner.main([*on_cluster, "--cache", str(cache)]) == 0
    assert f"{CHUNKS} chunks played" in capsys.readouterr().out
    written = {p.name: p.read_bytes() for p in out.iterdir()}

    code, workers = _played(scheduler, [*on_cluster, "--no-cache", "--check"])  # played again, compared
    assert code == 0 and len(workers) == CHUNKS
    assert capsys.readouterr().out.count(": the same counts") == 2

    cached = sorted(cache.rglob("*.json"))
    assert len(cached) == CHUNKS
    cached[0].unlink()  # a stopped run: one chunk lost; only it is played again, on the cluster
    code, workers = _played(scheduler, [*on_cluster, "--cache", str(cache)])
    assert code == 0 and len(workers) == 1
    assert f"1 chunk played (0:00 of CPU time), {CHUNKS - 1} from the cache" in capsys.readouterr().out
    assert {p.name: p.read_bytes() for p in out.iterdir()} == written

    doc = out / "todundleben-life.json"
    doc.write_text(doc.read_text(encoding="utf-8").replace('"games": 4', '"games": 5', 1), encoding="utf-8")
    code, workers = _played(scheduler, [*on_cluster, "--no-cache", "--check"])
    assert code == 1 and len(workers) == CHUNKS
    assert "todundleben-life.json: differs in" in capsys.readouterr().out


def test_a_worker_of_another_engine_refuses_the_chunks(
    scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The run's fingerprint is not the workers' (their engine is read from their own files)
    monkeypatch.setattr(runner, "fingerprint", lambda *_: "0123456789abcdef" * 4)
    assert runner.main([*SMALL, "--scheduler", scheduler, "--no-cache", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is not the run's (0123456789abcdef): start the worker from a checkout of the same commit" in err
    assert not list(tmp_path.iterdir())  # nothing written


def test_no_scheduler_at_the_address_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner, "connect", _connect_quickly)
    argv = [*SMALL, "--scheduler", "tcp://127.0.0.1:9", "--no-cache", "--out", str(tmp_path)]
    assert runner.main(argv) == 2
    assert "no Dask scheduler answers at 'tcp://127.0.0.1:9'" in capsys.readouterr().err


def _connect_quickly(address: str, report: TextIO | None = None) -> AbstractContextManager[Executor]:
    from oldtricks.stats.cluster import connect

    return connect(address, timeout=0.5, report=report)


def test_without_dask_the_engine_runs_and_a_scheduler_asks_for_it(tmp_path: Path) -> None:
    # A fresh interpreter in which `import distributed` fails: the engine must not need it
    script = (
        "import sys; sys.modules['distributed'] = None\n"
        "from oldtricks.stats.run import main\n"
        "code = main(sys.argv[1:])\n"
        "assert 'distributed' not in [m.split('.')[0] for m in sys.modules if sys.modules[m] is not None]\n"
        "sys.exit(code if code else main([*sys.argv[1:], '--scheduler', 'tcp://127.0.0.1:9']))\n"
    )
    argv = [*SMALL, "--processes", "1", "--no-cache", "--out", str(tmp_path)]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    done = subprocess.run([sys.executable, "-c", script, *argv], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 2, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bettelmann-last-three.json", "todundleben-life.json"]
    assert "--scheduler needs Dask's distributed scheduler, not installed here" in done.stderr
    assert 'pip install "dask[distributed]"' in done.stderr
