"""The built site's pages and their viewers, as the browser tests choose and read them: every page of the
English edition and a sample of each other (``site_pages``), the pages that stand for the rest
(``sample_pages``), each viewer's data as the widget reads it (``embedded``), and the share of the
viewers that the sweeps walk (``sweep_share``). Imported through conftest.py."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from oldtricks.scenarios.framepack import read_page

REPO = Path(__file__).resolve().parents[2]


def built_site() -> Path:
    """The built site the tests run on: env OLDTRICKS_SITE, else build/site."""
    return Path(os.environ.get("OLDTRICKS_SITE", REPO / "build" / "site"))


# ---- the sweeps: every step of every viewer ------------------------------------------------------
# A few tests walk every step of every viewer (the table's fit at three widths, the step controls at a
# phone's width) or check every viewer at several of its steps (target sizes): some 4,200 steps, each
# drawn and measured, which is most of the browser tests' time. The README's test command (`nox -t
# check`) walks a share of them, the same share every run (SWEEP_SHARE: one viewer in three, the one
# with the most steps of each game among them); `nox -s sweep` walks all of them (env
# OLDTRICKS_SWEEP=full). A share is chosen by the viewers' ids alone, so a failure seen in one run is
# seen again in the next.
SWEEP_SHARE = 3


def sweeping_all() -> bool:
    """Whether this run walks every viewer (``nox -s sweep``) or the share of the README's test command."""
    return os.environ.get("OLDTRICKS_SWEEP", "share") == "full"


def sweep_share(steps: dict[str, int]) -> list[str]:
    """The viewers (ids, with their number of steps) this run walks: all of them in a full sweep, else
    every SWEEP_SHARE-th by number of steps, the longest first (ties by id), so that the share holds the
    longest walk and walks of every length."""
    ranked = sorted(steps, key=lambda sid: (-steps[sid], sid))
    return ranked if sweeping_all() else ranked[::SWEEP_SHARE]


# ---- the built pages and their viewers ------------------------------------------------------------
EDITIONS = ("de", "pl")  # the editions' folders beside the English pages (docs/locales/<lang>/pages.toml)


def site_pages(root: Path) -> list[str]:
    """Every HTML page of a built site, as paths relative to its root; of each edition (``de/``, ``pl/``),
    the same markup in other words, its front page, its first translated page and a page not yet
    translated (the notice) stand for it."""
    pages = sorted(
        p.relative_to(root).as_posix()
        for p in root.rglob("*.html")
        if not {"_static", "_sources"} & set(p.relative_to(root).parts)
    )
    english = [p for p in pages if p.split("/")[0] not in EDITIONS]
    return english + [p for language in EDITIONS for p in _edition_sample(root, language, english)]


def edition_of(page: str) -> str:
    """The edition a built page belongs to: its folder's language (``de/…``, ``pl/…``), else English.
    A scenario's viewer has other frames in each edition (the engine writes in its language)."""
    folder = page.split("/")[0]
    return folder if folder in EDITIONS else "en"


def translated(language: str) -> list[str]:
    """The pages an edition has in its own words (docs/locales/<lang>/pages.toml), as document names; the
    others are the English page with a notice."""
    import tomllib

    listing = REPO / "docs" / "locales" / language / "pages.toml"
    return list(tomllib.loads(listing.read_text(encoding="utf-8")).get("pages", [])) if listing.is_file() else []


def _edition_sample(root: Path, language: str, english: list[str]) -> list[str]:
    listed = translated(language)
    docs = [p for p in english if p.split("/")[0] not in ("embed", "text", "numbers") and p != "search.html"]
    missing = [p for p in docs if p.removesuffix(".html") not in listed]
    sample = ["index.html", *(f"{page}.html" for page in listed[:1]), *missing[:1]]
    return [f"{language}/{p}" for p in dict.fromkeys(sample) if (root / language / p).is_file()]


def sample_pages(root: Path) -> list[str]:
    """Every page but the embed pages and the text pages, the first embed page of each game and the first
    text page. The embed pages share one template and hold one viewer each; every viewer they hold is
    also on its game's rules page. The text pages share another, and hold those viewers' text forms."""
    pages = site_pages(root)
    first: dict[str, str] = {}
    for page in pages:
        parts = page.split("/")
        if parts[0] == "embed":
            first.setdefault(parts[1], page)
        elif parts[0] == "text":
            first.setdefault("text/", page)
    return [p for p in pages if p.split("/")[0] not in ("embed", "text")] + sorted(first.values())


PAGE_BLOCK = re.compile(r'<script type="application/json" id="oldtricks-page">(.*?)</script>', re.S)


def embedded(html: str, root: Path | None = None) -> dict[str, dict[str, Any]]:
    """Each viewer's data by scenario id, as static/oldtricks/widget.js reads it (oldtricks.scenarios.framepack):
    the page's block and, for a page whose later viewers are apart, their file in the site at ``root``
    (the built site by default; the file is named by its content, so its name finds it)."""
    shared = PAGE_BLOCK.search(html)
    if not shared:
        return {}
    block = json.loads(shared.group(1))
    more = None
    if "more" in block:
        site = root or built_site()
        name = Path(block["more"]).name  # in the English site's static files, or in an edition's (de/, pl/)
        [path, *_] = [p for p in (site, *sorted(site.iterdir())) if (p / "_static/oldtricks/frames" / name).is_file()]
        more = json.loads((path / "_static/oldtricks/frames" / name).read_text(encoding="utf-8"))
    return read_page(block, more)
