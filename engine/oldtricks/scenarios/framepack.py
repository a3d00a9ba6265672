"""A compact transport form for the frames a page embeds: each frame as its change from the one before.

Consecutive frames differ in a few places (a card leaves a pile, the turn passes, a note changes), yet
each frame is whole, so that any step can be drawn on its own. For a page, the site stores a viewer's
first frame whole and every later frame as a *patch* against the frame before it, and compresses the
page's data once (raw DEFLATE, then base64): a page of twenty viewers shrinks to about a third of what
per-viewer gzip of whole frames gives. The browser widget (``static/oldtricks/widget.js``,
``applyPatch``) undoes it; :func:`apply_patch` here is the reference, and the browser tests compare
what the widget unpacks with the live engine's own frames.

A patch is a JSON value, read against the old value it replaces:

- ``{"~d": {key: patch, ...}, "~x": [key, ...]}`` (either part may be absent): an object with the keys
  in ``~d`` changed or added (each by a patch of its old value) and the keys in ``~x`` removed;
- ``{"~l": {"index": patch, ...}}``: a list of the same length with the items at those indices patched;
- ``{"~s": [head, start, length, tail]}``: a list made of the new items ``head``, then ``length`` items
  of the old list from ``start``, then the new items ``tail`` (a card leaving the top of a pile, cards
  going under it);
- anything else: the new value itself.

Frame data has no object key beginning with ``~`` (:func:`encode_frames` checks), so a patch is never
mistaken for a value. Of the forms that fit, the encoder takes the shortest. Patches are plain data:
they carry no rule, and decoding them decides nothing.

>>> frames = [{"step": 0, "turn": 1, "legal": ["9H"]}, {"step": 1, "turn": 0, "legal": ["UL"]}]
>>> decode_frames(encode_frames(frames)) == frames
True
"""

from __future__ import annotations

import base64
import json
import zlib
from difflib import SequenceMatcher
from itertools import pairwise
from typing import Any

__all__ = ["apply_patch", "decode_frames", "encode_frames", "make_patch", "pack", "read_page", "unpack"]

SIGIL = "~"


def _size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False))


def _check_keys(value: Any, path: str = "frame") -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if str(key).startswith(SIGIL):
                raise ValueError(f"{path}: key {key!r} begins with {SIGIL!r}, which patches reserve")
            _check_keys(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_keys(item, f"{path}[{i}]")


def _splice(old: list[Any], new: list[Any]) -> dict[str, Any] | None:
    """The new list as new head + the longest run it shares with the old list + new tail."""
    keys_old = [json.dumps(x, sort_keys=True) for x in old]
    keys_new = [json.dumps(x, sort_keys=True) for x in new]
    match = SequenceMatcher(None, keys_old, keys_new, autojunk=False).find_longest_match(0, len(old), 0, len(new))
    if match.size == 0:
        return None
    return {"~s": [new[: match.b], match.a, match.size, new[match.b + match.size :]]}


def make_patch(old: Any, new: Any) -> Any:
    """The shortest patch that turns ``old`` into ``new``."""
    candidates: list[Any] = [new]
    if isinstance(old, dict) and isinstance(new, dict):
        changed = {k: make_patch(old[k], v) if k in old else v for k, v in new.items() if k not in old or old[k] != v}
        removed = [k for k in old if k not in new]
        patch: dict[str, Any] = {}
        if changed:
            patch["~d"] = changed
        if removed:
            patch["~x"] = removed
        candidates.append(patch or {"~d": {}})  # {} would read as the value {}
    elif isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new):
            pairs = enumerate(zip(old, new, strict=True))
            candidates.append({"~l": {str(i): make_patch(a, b) for i, (a, b) in pairs if a != b}})
        splice = _splice(old, new)
        if splice is not None:
            candidates.append(splice)
    return min(candidates, key=_size)


def apply_patch(old: Any, patch: Any) -> Any:
    """The value that ``patch`` (from :func:`make_patch`) makes of ``old``; ``old`` is left as it was."""
    if not isinstance(patch, dict) or not any(str(k).startswith(SIGIL) for k in patch):
        return patch
    if "~s" in patch:
        head, start, length, tail = patch["~s"]
        return [*head, *old[start : start + length], *tail]
    if "~l" in patch:
        items = list(old)
        for index, item in patch["~l"].items():
            items[int(index)] = apply_patch(old[int(index)], item)
        return items
    out = dict(old)
    for key, item in patch.get("~d", {}).items():
        out[key] = apply_patch(old[key], item) if key in old else item
    for key in patch.get("~x", []):
        out.pop(key, None)
    return out


def encode_frames(frames: list[dict[str, Any]]) -> list[Any]:
    """The first frame whole, then each frame as a patch against the one before."""
    for i, frame in enumerate(frames):
        _check_keys(frame, f"frame {i}")
    return [frames[0], *(make_patch(a, b) for a, b in pairwise(frames))] if frames else []


def decode_frames(encoded: list[Any]) -> list[dict[str, Any]]:
    """The inverse of :func:`encode_frames`."""
    frames: list[dict[str, Any]] = []
    for item in encoded:
        frames.append(apply_patch(frames[-1], item) if frames else item)
    return frames


def pack(data: Any) -> str:
    """Compact JSON, raw-DEFLATE-compressed at the highest level, base64: reproducible byte for byte.
    The browser reads it with ``DecompressionStream("deflate-raw")``."""
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    return base64.b64encode(compressor.compress(raw) + compressor.flush()).decode("ascii")


def unpack(packed: str) -> Any:
    """The inverse of :func:`pack`."""
    return json.loads(zlib.decompress(base64.b64decode(packed, validate=True), -15))


def read_page(block: dict[str, Any], more: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """Each viewer's data by scenario id, from a page's ``oldtricks-page`` block, as the widget reads it
    (``readData`` in ``static/oldtricks/widget.js``): unpacked, frames decoded, the game's options
    with the viewer's values, and the rules it names. A page whose later viewers are in a file of
    their own names it as ``more``; ``more`` here is that file's content."""
    page = unpack(block["packed"]) if "packed" in block else block
    if "more" in block:
        if more is None:
            raise ValueError(f"this page's later viewers are in {block['more']}: read it and pass it as more")
        rest = unpack(more["packed"])
        page = {**page, "viewers": {**page["viewers"], **rest["viewers"]}}
    out: dict[str, dict[str, Any]] = {}
    for scenario_id, own in page.get("viewers", {}).items():
        data = dict(own)
        if page.get("patched"):
            data["frames"] = decode_frames(own["frames"])
        values = data.get("option_values", {})
        data["options"] = [dict(o, value=values.get(o["key"], o["default"])) for o in page["games"][data["game"]]]
        data["rules"] = {r: page["rules"][r] for r in data.get("rule_ids", []) if r in page["rules"]}
        out[scenario_id] = data
    return out
