"""The chunks of a run played on a Dask distributed cluster, through the executor the process pool also is.

``python -m oldtricks.stats --scheduler tcp://HOST:8786`` hands every chunk to the scheduler at that
address instead of a local pool; :func:`connect` gives a :class:`concurrent.futures.Executor`
(``Client.get_executor()``), so the run submits, waits and caches exactly as it does on one machine.

Dask is not a dependency of the engine: ``distributed`` is imported here, when a scheduler is named,
and a missing install is a :class:`ClusterError` that says how to get it (the ``cluster`` dependency
group; ``nox -s stats -- --scheduler ...`` installs it). The workers import the engine from their own
path (a checkout of the same commit, started with ``PYTHONPATH=engine``): nothing is uploaded, and a
worker whose engine differs from the one that asked refuses every chunk (:func:`.run.play_task`).
Dask's own types are partial: it is imported as ``Any`` and its objects stay inside this module, which
is typed to the outside (mypy needs no Dask).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any, TextIO

INSTALL = 'pip install "dask[distributed]" (the cluster dependency group of pyproject.toml)'


class ClusterError(RuntimeError):
    """No cluster to play on: Dask is not installed, or no scheduler answers at the address."""


def _distributed() -> Any:
    """The ``distributed`` package, imported only now (the engine runs without it)."""
    try:
        return importlib.import_module("distributed")
    except ImportError as error:
        raise ClusterError(f"--scheduler needs Dask's distributed scheduler, not installed here: {INSTALL}") from error


@contextmanager
def connect(address: str, *, timeout: float = 20.0, report: TextIO | None = None) -> Iterator[Executor]:
    """An executor whose tasks run on the workers of the Dask scheduler at ``address``; the client is
    closed when the block ends. ``report`` gets one line: the workers and threads found there.

    Raises :class:`ClusterError` when Dask is missing or no scheduler answers within ``timeout`` seconds.
    """
    distributed = _distributed()
    try:
        client = distributed.Client(address, timeout=timeout, set_as_default=False)
    except (OSError, ValueError, TypeError) as error:
        raise ClusterError(f"no Dask scheduler answers at {address!r}: {error}") from error
    try:
        if report is not None:
            report.write(_workers_line(address, client.scheduler_info()) + "\n")
        # pure=False: every submission runs, as with concurrent.futures (no result shared by key)
        with client.get_executor(pure=False) as executor:
            if not isinstance(executor, Executor):  # Dask's promise, which its types do not carry
                raise ClusterError(f"Dask's executor is not a concurrent.futures.Executor: {type(executor)}")
            try:
                yield executor
            except BaseException:  # a chunk failed, or an interrupt: the chunks not finished are cancelled
                executor.shutdown(wait=False)
                raise
    finally:
        client.close()


def _workers_line(address: str, info: dict[str, Any]) -> str:
    """What the scheduler has now (more workers may join while the run goes on, and take chunks too).

    >>> _workers_line("tcp://h:8786", {"workers": {"a": {"nthreads": 1}, "b": {"nthreads": 2}}})
    'Dask scheduler at tcp://h:8786: 2 workers, 3 threads'
    >>> _workers_line("tcp://h:8786", {"workers": {}})
    'Dask scheduler at tcp://h:8786: no worker yet (the chunks wait for `dask worker tcp://h:8786`)'
    """
    workers = info.get("workers", {})
    if not workers:
        return f"Dask scheduler at {address}: no worker yet (the chunks wait for `dask worker {address}`)"
    threads = sum(int(w.get("nthreads", 0)) for w in workers.values())
    return f"Dask scheduler at {address}: {len(workers)} workers, {threads} threads"
