"""The widget's patch reader (applyPatch in widget.js) against the reference (oldtricks.scenarios.framepack) on
random JSON values: every patch form, removed keys and prototype-like keys included."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from conftest import SiteServer, wait_mounted
from oldtricks.scenarios.framepack import apply_patch, make_patch

pytestmark = pytest.mark.browser

KEYS = ["seat", "hand", "cards", "count", "note", "constructor", "__proto__", "toString", "0"]
CARDS = ["7A", "UL", "KH", "AS", "9B", "TL", "~x", ""]


def value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(6 if depth < 3 else 3)
    if kind == 0:
        return rng.choice([None, True, False, rng.randrange(-3, 60)])
    if kind in (1, 2):
        return rng.choice(CARDS)
    if kind == 3:
        return [rng.choice(CARDS) for _ in range(rng.randrange(12))]
    if kind == 4:
        return [value(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {k: value(rng, depth + 1) for k in rng.sample(KEYS, rng.randrange(5))}


def mutate(rng: random.Random, old: Any) -> Any:
    """A value near ``old``, as frames change: items dropped or added, one key changed or removed."""
    if isinstance(old, list) and old and rng.random() < 0.7:
        items = old[rng.randrange(2) :] + [value(rng, 2) for _ in range(rng.randrange(3))]
        return items if rng.random() < 0.5 else [mutate(rng, x) for x in items]
    if isinstance(old, dict) and old and rng.random() < 0.8:
        new = dict(old)
        key = rng.choice(list(old))
        if rng.random() < 0.3:
            del new[key]
        else:
            new[key] = mutate(rng, old[key])
        return new
    return value(rng)


# JSON text both ways, as the page block travels (JSON.parse makes "__proto__" an own key)
APPLY = """async (text) => {
  const src = document.querySelector('script[src*="oldtricks/widget.js"]').src;
  const { applyPatch } = await import(src);
  return JSON.stringify(JSON.parse(text).map(([old, patch]) => {
    const before = JSON.stringify(old);
    const out = applyPatch(old, patch);
    return [out, JSON.stringify(old) === before];
  }));
}"""


def test_js_patches_equal_the_reference(live_page: Any, site_server: SiteServer) -> None:
    rng = random.Random(20261130)
    cases = []
    for _ in range(600):
        old = value(rng)
        cases.append((old, mutate(rng, old)))
    patches = [json.loads(json.dumps(make_patch(old, new))) for old, new in cases]
    forms = {next(iter(p)) for p in patches if isinstance(p, dict) and p and next(iter(p)).startswith("~")}
    assert forms == {"~d", "~x", "~l", "~s"}, forms  # every form is exercised
    live_page.goto(site_server.url + "bettelmann.html")
    wait_mounted(live_page)
    sent = json.dumps([[old, patch] for (old, _), patch in zip(cases, patches, strict=True)])
    got = json.loads(live_page.evaluate(APPLY, sent))
    for (old, new), patch, (out, unchanged) in zip(cases, patches, got, strict=True):
        assert apply_patch(old, patch) == new
        assert out == new, (old, patch)
        assert unchanged, ("the old value was changed", old, patch)
