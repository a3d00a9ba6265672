"""Precompressed copies of a built site's large files, for hosts that serve them (nginx's gzip_static
and brotli_static, many static hosts): ``name.gz`` and, where the ``brotli`` package is installed,
``name.br`` beside ``name``.

A file is large from :data:`MIN_SIZE` bytes; a copy is kept only where it saves at least a tenth
(an already compressed file, such as a zip or a wheel, gets none). Brotli at its best level takes
seconds on the 9.6 MB wasm binary, so every copy is kept in a cache folder named by the content's
SHA-256: the runtime's files, the same build after build, are compressed once. Copies left over from
an earlier build beside a file that changed, or is gone, are removed.

This module imports nothing from Sphinx.

>>> gzip.decompress(encoders()[".gz"](b"a large file" * 100)) == b"a large file" * 100
True
"""

from __future__ import annotations

import gzip
import hashlib
import importlib
import os
import threading
from collections.abc import Callable, Collection
from pathlib import Path
from types import ModuleType

__all__ = ["ENCODINGS", "MIN_SIZE", "encoders", "precompress", "warm"]

MIN_SIZE = 1024  # bytes: below, a response's headers outweigh what compression saves
WORTH = 0.9  # a copy is kept when at most this share of the original's size
ENCODINGS = {"br": ".br", "gzip": ".gz"}  # Content-Encoding -> suffix, in order of preference
SKIP = {".gz", ".br", ".zip", ".whl", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2"}


def _brotli() -> ModuleType | None:
    try:
        return importlib.import_module("brotli")
    except ImportError:
        return None


def encoders() -> dict[str, Callable[[bytes], bytes]]:
    """The encodings this Python can write, by suffix: always gzip, and brotli where installed."""
    out: dict[str, Callable[[bytes], bytes]] = {}
    brotli = _brotli()
    if brotli is not None:
        out[".br"] = lambda data: bytes(brotli.compress(data, quality=11))
    out[".gz"] = lambda data: gzip.compress(data, compresslevel=9, mtime=0)
    return out


def precompress(outdir: Path, cache: Path | None = None, skip: Collection[str] = ()) -> dict[str, int]:
    """Write the compressed copies of every large file under ``outdir`` but in its folders named in ``skip``
    (another build's, written meanwhile); return the number written per suffix. ``cache``: the folder of
    copies kept between builds (None: no cache)."""
    outdir = Path(outdir)
    made = dict.fromkeys(encoders(), 0)
    codecs = encoders()
    mine = (p for p in outdir.rglob("*") if p.relative_to(outdir).parts[0] not in skip)
    for path in sorted(p for p in mine if p.is_file()):
        if path.suffix in (".gz", ".br"):
            original = path.with_suffix("")
            if not original.is_file():
                path.unlink()  # its file is gone
            continue
        if path.suffix.lower() in SKIP or path.stat().st_size < MIN_SIZE:
            for suffix in ENCODINGS.values():
                path.with_name(path.name + suffix).unlink(missing_ok=True)  # left by an earlier build
            continue
        data = path.read_bytes()
        for suffix, body in _copies(data, codecs, cache).items():
            target = path.with_name(path.name + suffix)
            if len(body) <= WORTH * len(data):
                target.write_bytes(body)
                made[suffix] += 1
            elif target.exists():
                target.unlink()
    return made


def _copies(data: bytes, codecs: dict[str, Callable[[bytes], bytes]], cache: Path | None) -> dict[str, bytes]:
    """``data`` in each encoding, from ``cache`` where it holds it (else encoded, and kept there)."""
    digest = hashlib.sha256(data).hexdigest()
    out: dict[str, bytes] = {}
    for suffix, encode in codecs.items():
        kept = cache / f"{digest}{suffix}" if cache is not None else None
        if kept is not None and kept.is_file():
            out[suffix] = kept.read_bytes()
            continue
        out[suffix] = encode(data)
        if kept is not None:
            kept.parent.mkdir(parents=True, exist_ok=True)
            # a name of this process's own: two builds sharing the cache never rename each other's file
            tmp = kept.with_name(f"{kept.name}.{os.getpid()}.{threading.get_ident()}.tmp")
            tmp.write_bytes(out[suffix])
            tmp.replace(kept)
    return out


def warm(paths: list[Path], cache: Path) -> None:
    """Put the compressed copies of ``paths`` in ``cache``, for a :func:`precompress` to come (warm.py)."""
    codecs = encoders()
    for path in paths:
        _copies(path.read_bytes(), codecs, cache)
