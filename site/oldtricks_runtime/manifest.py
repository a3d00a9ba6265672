"""The runtime manifest that live.js reads, and the service worker that keeps the runtime for the next
page and offline (serviceworker.js, versioned by the runtime's digest): written by runtime.py's
``copy_runtime`` into a built site.

Runtime manifest (``_static/oldtricks/runtime.json``); URLs are relative to the manifest itself::

    {
      "pyodide": "../pyodide/",                                  # folder holding pyodide.mjs, trailing slash
      "wheel": "../wheels/oldtricks-0.1.0-py3-none-any.whl",
      "stdlib": "../pyodide/python_stdlib.zip",                  # passed to loadPyodide as stdLibURL
      "pyodide_version": "314.0.7",
      "wheel_sha256": "<hex>",
      "runtime_sha256": "<hex>",                                 # of every file above: the cache's version
      "cache": "oldtricks-314.0.7-<runtime_sha256[:16]>",        # the service worker's cache, which also
                                                                 # holds the engine's memory snapshot
      "sizes": {"pyodide.asm.wasm": 9598218, ..., "wheel": 12345}, # bytes, for download progress
      "service_worker": "../../oldtricks-sw.js",                 # registered by live.js once live
      "keep": ["../pyodide/pyodide.mjs", ..., "worker.js"]       # what it keeps for the next page
    }

Only ``pyodide`` and ``wheel`` are required by live.js; ``stdlib`` and ``cache`` are passed on to the
worker when given (without ``cache``, no memory snapshot is kept); the other keys are informative.
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import time
from collections.abc import Sequence
from pathlib import Path

__all__ = [
    "MANIFEST_NAME",
    "runtime_digest",
    "sha256",
    "share_runtime",
    "wait_for_english",
    "write_manifest",
    "write_service_worker",
]

SERVICE_WORKER = "oldtricks-sw.js"  # at the site's root
SERVICE_WORKER_SOURCE = Path(__file__).with_name("serviceworker.js")
MANIFEST_NAME = "runtime.json"
SW_CACHE_PREFIX = "oldtricks-"  # serviceworker.js's PREFIX: its caches, named by the runtime's version
PYODIDE_DIR = "pyodide"  # under _static/
WHEELS_DIR = "wheels"  # under _static/
CLIENT_DIR = "oldtricks"  # under _static/: live.js, worker.js, runtime.json
WORKER_IMPORTS = ("operations.js", "snapshot.js")  # the modules worker.js imports


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def write_service_worker(outdir: Path, version: str, runtime: list[str]) -> Path:
    """Write the site's service worker (serviceworker.js with its version and runtime files filled in)."""
    text = SERVICE_WORKER_SOURCE.read_text(encoding="utf-8")
    text = (
        text.replace("__OLDTRICKS_VERSION__", version)
        .replace("__OLDTRICKS_PREFIX__", SW_CACHE_PREFIX)
        .replace("__OLDTRICKS_RUNTIME__", json.dumps(runtime))
    )
    target = Path(outdir) / SERVICE_WORKER
    target.write_text(text, encoding="utf-8")
    return target


def runtime_digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(sha256(path).encode("ascii"))
    return digest.hexdigest()


def write_manifest(
    outdir: Path, installed: str, live_wheel: Path, sizes: dict[str, int], runtime_files: Sequence[str], stdlib: str
) -> None:
    """The service worker and the manifest (runtime.json) of the runtime copied into ``outdir``: Pyodide's
    ``runtime_files`` (``stdlib``: the standard library's zip among them) of version ``installed``, the
    live engine's wheel, and the ``sizes`` of them all."""
    runtime_dir = outdir / "_static" / PYODIDE_DIR
    client_dir = outdir / "_static" / CLIENT_DIR
    digest = runtime_digest([*(runtime_dir / name for name in runtime_files), live_wheel])
    kept = [
        *(f"_static/{PYODIDE_DIR}/{name}" for name in runtime_files),
        f"_static/{WHEELS_DIR}/{live_wheel.name}",
        f"_static/{CLIENT_DIR}/worker.js",
        # the modules worker.js imports, where the sources are not bundled (bundled, they are inside worker.js)
        *(f"_static/{CLIENT_DIR}/{name}" for name in WORKER_IMPORTS if (client_dir / name).is_file()),
    ]
    version = f"{installed}-{digest[:16]}"
    write_service_worker(outdir, version, kept)
    manifest = {
        "pyodide": f"../{PYODIDE_DIR}/",
        "wheel": f"../{WHEELS_DIR}/{live_wheel.name}",
        "stdlib": f"../{PYODIDE_DIR}/{stdlib}",
        "pyodide_version": installed,
        "wheel_sha256": sha256(live_wheel),
        "runtime_sha256": digest,
        "cache": SW_CACHE_PREFIX + version,  # serviceworker.js: CACHE = PREFIX + VERSION
        "sizes": sizes,
        "service_worker": f"../../{SERVICE_WORKER}",
        "keep": [f"../../{path}" for path in kept],
    }
    (client_dir / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


def share_runtime(outdir: Path, runtime_from: str) -> Path:
    """Write the edition's ``_static/oldtricks/runtime.json`` from the one of the site at ``runtime_from``
    (relative to ``outdir``), its URLs pointing at that site's runtime: the runtime is copied once.

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> (root / "_static/oldtricks").mkdir(parents=True)
    >>> _ = (root / "_static/oldtricks/runtime.json").write_text(
    ...     '{"pyodide": "../pyodide/", "keep": ["worker.js"], "cache": "c"}', encoding="utf-8")
    >>> made = share_runtime(root / "de", "..")
    >>> json.loads(made.read_text(encoding="utf-8"))["pyodide"], json.loads(made.read_text())["cache"]
    ('../../../_static/pyodide/', 'c')
    """
    source = (outdir / runtime_from / "_static" / "oldtricks" / "runtime.json").resolve()
    if not source.is_file():
        raise FileNotFoundError(f"{source}: build the English site first, the edition shares its runtime")
    manifest = json.loads(source.read_text(encoding="utf-8"))
    target = outdir / "_static" / "oldtricks" / "runtime.json"
    shift = Path(os.path.relpath(source.parent, target.parent.resolve())).as_posix()

    def moved(url: str) -> str:
        if url.startswith("/") or "://" in url:
            return url
        return posixpath.normpath(f"{shift}/{url}") + ("/" if url.endswith("/") else "")

    for key in ("pyodide", "wheel", "stdlib", "service_worker"):
        if isinstance(manifest.get(key), str):
            manifest[key] = moved(manifest[key])
    manifest["keep"] = [moved(url) for url in manifest.get("keep", [])]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return target


def wait_for_english(stamp: Path, seconds: float = 1800, every: float = 0.5) -> None:
    """Wait until the English build beside this edition's has ended: ``stamp`` then says ``ok``, or why it
    failed (then this edition fails too: the runtime it shares is not there).

    >>> import tempfile
    >>> stamp = Path(tempfile.mkdtemp()) / "english"
    >>> _ = stamp.write_text("ok", encoding="utf-8")
    >>> wait_for_english(stamp)
    >>> _ = stamp.write_text("sphinx-build exited with 2", encoding="utf-8")
    >>> wait_for_english(stamp)
    Traceback (most recent call last):
    RuntimeError: the English build failed (sphinx-build exited with 2): this edition shares its runtime
    """
    waited = 0.0
    while not stamp.is_file():
        if waited >= seconds:
            raise RuntimeError(f"the English build did not end within {seconds:.0f} s ({stamp} not written)")
        time.sleep(every)
        waited += every
    said = stamp.read_text(encoding="utf-8").strip()
    if said != "ok":
        raise RuntimeError(f"the English build failed ({said}): this edition shares its runtime")
