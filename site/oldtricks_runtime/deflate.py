"""The runtime's zips (the standard library, the engine wheel) written with the smallest deflate streams.

Pyodide imports the standard library from its zip, and the engine from a wheel, members stored as
deflate streams (zipimport reads no other compression). zlib's best level is not the smallest such
stream: Zopfli (the ``zopfli`` package, where installed; the docs dependency group has it) spends
more time to find a shorter one, still plain deflate, which any reader inflates: about 3% off these
two files. Zopfli is slow, so each stream is kept in a cache folder, named by the member's digest:
the standard library is the same build after build, and most of the engine too. Python's ``zipfile``
cannot take a stream compressed beforehand, so :func:`write_zip` lays out the zip itself (local
headers, central directory, end record; no ZIP64: these zips are far below 4 GB).

This module imports nothing from Sphinx.

>>> import io, zipfile
>>> out = io.BytesIO()
>>> write_zip(out, [Member("a/b.py", b"print('hi')\\n" * 20)], cache=None)
>>> zipfile.ZipFile(out).read("a/b.py") == b"print('hi')\\n" * 20
True
"""

from __future__ import annotations

import hashlib
import importlib
import os
import struct
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

__all__ = ["Member", "deflater", "write_zip"]

# Zopfli's settings. Its defaults (15 iterations, blocks split up to 15 times) took 35 s of CPU on the
# trimmed standard library (122 members, 2.4 MB) for 783,134 bytes; these take 5.7 s for 787,022 (zlib's
# level 9: 811,905), in a build with empty caches, as every CI run is.
ZOPFLI_ITERATIONS = 2
ZOPFLI_SPLITS = 2


@dataclass(frozen=True)
class Member:
    """A file of the zip: its name, content, modification time and Unix mode (``external_attr``)."""

    name: str
    data: bytes
    date_time: tuple[int, int, int, int, int, int] = (1980, 1, 1, 0, 0, 0)
    external_attr: int = 0o644 << 16


def deflater() -> tuple[str, Callable[[bytes], bytes]]:
    """The best raw deflate this Python can write: Zopfli's where installed, else zlib's level 9;
    with a name for the cache."""
    try:
        zopfli = importlib.import_module("zopfli.zopfli")
    except ImportError:

        def level9(data: bytes) -> bytes:
            packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
            return packer.compress(data) + packer.flush()

        return "zlib9", level9

    def smallest(data: bytes) -> bytes:
        wrapped = zopfli.compress(data, numiterations=ZOPFLI_ITERATIONS, blocksplittingmax=ZOPFLI_SPLITS)
        return bytes(wrapped)[2:-4]  # its deflate stream (a zlib stream's, without its header and checksum)

    return f"zopfli{ZOPFLI_ITERATIONS}x{ZOPFLI_SPLITS}", smallest


def _deflated(data: bytes, cache: Path | None) -> bytes:
    name, deflate = deflater()
    key = f"{hashlib.sha256(data).hexdigest()}-{name}"
    kept = cache / key if cache is not None else None
    if kept is not None and kept.is_file():
        return kept.read_bytes()
    body = deflate(data)
    if zlib.decompress(body, -15) != data:  # never ship a stream that does not inflate to the member
        raise ValueError(f"{name} wrote a stream that does not inflate to its input")
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        tmp = kept.with_name(f"{key}.{os.getpid()}.tmp")  # this process's own, then renamed
        tmp.write_bytes(body)
        tmp.replace(kept)
    return body


def _dos_time(date_time: tuple[int, int, int, int, int, int]) -> tuple[int, int]:
    year, month, day, hour, minute, second = date_time
    return (hour << 11) | (minute << 5) | (second // 2), ((year - 1980) << 9) | (month << 5) | day


def write_zip(out: BinaryIO, members: Iterable[Member], cache: Path | None) -> None:
    """Write a zip of ``members`` to ``out``, each deflated (a stream that does not shrink a member
    is stored as it is); ``cache``: the folder keeping the streams between builds (None: none)."""
    central = bytearray()
    count = 0
    for member in members:
        name = member.name.encode("utf-8")
        flags = 0x800 if not member.name.isascii() else 0  # bit 11: the name is UTF-8
        body = _deflated(member.data, cache) if member.data else b""
        method = 8 if body and len(body) < len(member.data) else 0
        if method == 0:
            body = member.data
        crc = zlib.crc32(member.data)
        time, date = _dos_time(member.date_time)
        offset = out.tell()
        fields = (20, flags, method, time, date, crc, len(body), len(member.data), len(name))
        out.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, *fields, 0) + name + body)
        central += struct.pack(
            "<IHHHHHHIIIHHHHHII", 0x02014B50, (3 << 8) | 20, *fields, 0, 0, 0, 0, member.external_attr, offset
        )
        central += name
        count += 1
    start = out.tell()
    out.write(bytes(central))
    out.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central), start, 0))
