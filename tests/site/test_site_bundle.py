"""The widget's files as published: bundled and minified by esbuild (site/oldtricks_runtime/bundle.py).

The real ``docs/`` build bundles them; these tests read what it wrote as a browser would (the URLs in
the pages, the imports in the scripts), independently of esbuild's own account of it.
"""

from __future__ import annotations

import json
import os
import re
import stat
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from sphinx.errors import ExtensionError

from conftest import ASSET, EDITIONS, REPO, Builder, Site, widgets
from oldtricks_runtime.bundle import ENTRIES, BundleError, bundle

SOURCE = REPO / "site" / "oldtricks_sphinx" / "static" / "oldtricks"
NODE_MODULES = REPO / "node_modules"
PAGES = {
    "index.md": "# Home\n\n```{toctree}\nplay\n```\n",
    "play.md": "# Play\n\n```{scenario} bettelmann/basics\n```\n",
}
# A static import, as written in the sources and as esbuild writes it (`import{a as b}from"./chunk-X.js"`,
# `import"./chunk-Y.js"`), and not a dynamic `import(...)`.
STATIC_IMPORT = re.compile(r"""\bimport\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}/[^"']+)["']""")
COMMENT = re.compile(r"\s*(?://|/\*)\s*(.{24,}?)\s*(?:\*/)?")  # a line of a comment, its text if long enough
DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\.{1,2}/[^"']+)["']\s*\)""")
URL_OF_MODULE = re.compile(r"""new URL\(\s*["'](\.{1,2}/[^"']+)["']\s*,\s*import\.meta\.url\s*\)""")
SCRIPT = re.compile(r'<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"')
PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)"')
# Written by the runtime copy when a build finishes (off in the `site` fixture: tests/site/test_site_assets.py)
RUNTIME_WRITTEN = {"runtime.json"}
# Text that only one lazily imported module holds: it must not come with widget.js's static imports.
LAZY_TEXT = {
    "lesson.js": "Find the move first",
    "panels.js": "nothing yet",
    "liveplay.js": "The scripted moves stop early",
    "compare.js": "Find a deal where they differ",
}


def _all_pages(site: Site) -> dict[Path, str]:
    """The English site's pages (an edition's, de/ and pl/, are the same build's in other words)."""
    return {
        p: p.read_text(encoding="utf-8")
        for p in sorted(site.outdir.rglob("*.html"))
        if "_static" not in p.parts and p.relative_to(site.outdir).parts[0] not in EDITIONS
    }


def _local(page: Path, url: str) -> Path | None:
    """The file a relative URL of a page names (None for data:, fragments and the like)."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    return Path(os.path.normpath(page.parent / parts.path))


def _static_closure(script: Path) -> list[Path]:
    """Every file a built script imports statically, directly or through one another."""
    seen: list[Path] = []
    todo = [script]
    while todo:
        current = todo.pop(0)
        for spec in STATIC_IMPORT.findall(current.read_text(encoding="utf-8")):
            found = Path(os.path.normpath(current.parent / spec))
            if found not in seen:
                seen.append(found)
                todo.append(found)
    return seen


def _published(site: Site) -> Path:
    return site.outdir / "_static" / "oldtricks"


def test_pages_and_scripts_name_only_files_the_build_wrote(site: Site) -> None:
    assert site.returncode == 0, site.log
    for page, html in _all_pages(site).items():
        for url in ASSET.findall(html):
            target = _local(page, url)
            assert target is None or target.is_file(), f"{page.relative_to(site.outdir)}: {url}"
    scripts = sorted(_published(site).rglob("*.js"))
    assert scripts
    for script in scripts:
        text = script.read_text(encoding="utf-8")
        for spec in STATIC_IMPORT.findall(text) + DYNAMIC_IMPORT.findall(text) + URL_OF_MODULE.findall(text):
            target = Path(os.path.normpath(script.parent / spec))
            assert target.is_file() or target.name in RUNTIME_WRITTEN, f"{script.name}: {spec}"


def _holding(site: Site, text: str) -> Path:
    [found] = [p for p in _published(site).glob("*.js") if text in p.read_text(encoding="utf-8")]
    return found


def test_pages_preload_what_widget_js_imports_statically_and_what_their_first_viewer_needs(site: Site) -> None:
    assert site.returncode == 0, site.log
    widget = _published(site) / "widget.js"
    closure = _static_closure(widget)
    assert closure, "widget.js imports nothing: is it still the bundler's entry?"
    # what a frame needs, as widget.js's loadParts decides it
    needs: dict[str, Callable[[dict[str, Any]], bool]] = {
        "panels.js": lambda frame: bool(frame.get("panels")),
        "lesson.js": lambda frame: bool(frame.get("ask")),
    }
    pages, with_parts = 0, set()
    for page, html in _all_pages(site).items():
        scripts = [_local(page, url) for url in SCRIPT.findall(html)]
        preloads = [_local(page, url) for url in PRELOAD.findall(html)]
        if widget not in scripts:
            assert not preloads, page
            continue
        pages += 1
        # the module scripts themselves too where they stand after <head> (assets.script_preloads)
        want = set(closure) | {_local(page, url) for url in SCRIPT.findall(html.partition("</head>")[2])}
        if page.relative_to(site.outdir).parts[0] == "embed":  # embed pages load teach/embed.js too
            embed = _published(site) / "teach" / "embed.js"
            assert embed in scripts, page
            want |= set(_static_closure(embed))
        first = widgets(html, site.outdir)[0]["data"]["frames"]
        for module, need in needs.items():
            if any(need(frame) for frame in first):
                with_parts.add(module)
                part = _holding(site, LAZY_TEXT[module])
                want |= {part, *_static_closure(part)}
        assert sorted(map(str, preloads)) == sorted(map(str, want)), page
        assert len(preloads) == len(set(preloads)), page
    assert pages
    assert "panels.js" in with_parts  # the Drużbart and Drogue pages open on a viewer with panels


ANY_SCRIPT = re.compile(r'<script\b([^>]*)\bsrc="([^"]+)"')
HEAD_PRELOAD = re.compile(r'<link rel="(modulepreload|preload)"(?: as="(script)")? href="([^"]+)">')


def test_every_script_of_a_viewers_page_is_preloaded_in_its_head_at_its_own_url(site: Site) -> None:
    """The theme puts the page's scripts at the end of <body>, where the browser finds them only once
    the page is parsed: a page with viewers names each in <head> first, at the same URL (query
    included, else the preload is fetched for nothing), as a module or a classic script as it is."""
    assert site.returncode == 0, site.log
    pages = 0
    for page, html in _all_pages(site).items():
        head, _, body = html.partition("</head>")
        if 'class="oldtricks-widget"' not in body:
            continue
        pages += 1
        preloaded = {url: (rel, kind) for rel, kind, url in HEAD_PRELOAD.findall(head)}
        scripts = ANY_SCRIPT.findall(body)
        if not scripts:  # an embed page: its scripts stand in <head>
            assert page.relative_to(site.outdir).parts[0] == "embed", page
            continue
        for attributes, url in scripts:
            module = 'type="module"' in attributes
            assert preloaded.get(url) == (("modulepreload", "") if module else ("preload", "script")), (page, url)
        assert "?v=" in scripts[0][1], page  # the URLs carry Sphinx's checksum, the preloads the same
    assert pages


def test_what_only_some_frames_need_is_not_imported_with_widget_js(site: Site) -> None:
    assert site.returncode == 0, site.log
    published = [p.read_text(encoding="utf-8") for p in _published(site).rglob("*.js")]
    loaded = "".join(
        p.read_text(encoding="utf-8")
        for p in [_published(site) / "widget.js", *_static_closure(_published(site) / "widget.js")]
    )
    for module, text in LAZY_TEXT.items():
        assert text in (SOURCE / module).read_text(encoding="utf-8"), module
        assert sum(text in code for code in published) == 1, module  # in one chunk of its own ...
        assert text not in loaded, module  # ... which the first draw does not wait for


def test_no_unminified_module_is_published(site: Site) -> None:
    assert site.returncode == 0, site.log
    published = _published(site)
    modules = {p.relative_to(SOURCE).as_posix() for p in SOURCE.rglob("*.js")}
    shipped = {p.relative_to(published).as_posix() for p in published.rglob("*.js")}
    assert set(ENTRIES) <= shipped
    assert not (modules - set(ENTRIES)) & shipped, "a module bundled into others is published on its own too"
    # minified: not one of the sources' comments is left, and far fewer bytes
    code = "".join(p.read_text(encoding="utf-8") for p in [*published.rglob("*.js"), *published.rglob("*.css")])
    for source in [*SOURCE.rglob("*.js"), *SOURCE.rglob("*.css")]:
        for line in source.read_text(encoding="utf-8").splitlines():
            comment = COMMENT.fullmatch(line)
            assert not comment or comment.group(1) not in code, f"{source.name}: {line.strip()}"
    for pattern, ratio in (("*.js", 0.6), ("*.css", 0.9)):
        size = sum(p.stat().st_size for p in published.rglob(pattern))
        assert size < ratio * sum(p.stat().st_size for p in SOURCE.rglob(pattern)), pattern


def test_every_published_file_has_its_source_map_and_no_build_paths(site: Site) -> None:
    assert site.returncode == 0, site.log
    published = _published(site)
    for path in sorted(published.rglob("*.js")) + sorted(published.rglob("*.css")):
        last = path.read_text(encoding="utf-8").rstrip().splitlines()[-1]
        match = re.fullmatch(r"(?://# sourceMappingURL=(\S+)|/\*# sourceMappingURL=(\S+) \*/)", last)
        assert match, f"{path.name}: {last[:80]}"
        source_map = path.parent / (match.group(1) or match.group(2))
        data = json.loads(source_map.read_text(encoding="utf-8"))
        assert str(REPO) not in source_map.read_text(encoding="utf-8"), source_map.name
        for name, content in zip(data["sources"], data["sourcesContent"], strict=True):
            inside = Path(os.path.normpath(source_map.parent / name)).relative_to(published / "src")
            assert content == (SOURCE / inside).read_text(encoding="utf-8"), (source_map.name, name)


def test_scripts_that_resolve_urls_by_their_own_stand_beside_widget_js(site: Site) -> None:
    assert site.returncode == 0, site.log
    published = _published(site)
    for path in published.rglob("*.js"):
        if "import.meta.url" in path.read_text(encoding="utf-8"):
            assert path.parent == published, path.relative_to(published)


def test_style_sheets_are_cache_busted_by_their_published_content(site: Site) -> None:
    assert site.returncode == 0, site.log
    html = (site.outdir / "bettelmann.html").read_text(encoding="utf-8")
    for name in ("widget.css", "pages.css"):
        checksum = f"{zlib.crc32((_published(site) / name).read_bytes()):08x}"
        assert f'_static/oldtricks/{name}?v={checksum}"' in html, name


# ---- sample builds ---------------------------------------------------------------------------------


def test_sample_build_bundles_and_removes_its_work_folder(build: Builder) -> None:
    built = build(PAGES, conf={"oldtricks_bundle": True, "oldtricks_node_modules": str(NODE_MODULES)})
    assert built.status == 0, built.warnings
    widget = built.outdir / "_static" / "oldtricks" / "widget.js"
    assert widget.read_text(encoding="utf-8").rstrip().endswith("//# sourceMappingURL=widget.js.map")
    assert not (built.outdir / "_static" / "oldtricks" / "dom.js").exists()
    work = [Path(p) for p in built.app.config.html_static_path if Path(p).name.startswith("oldtricks-bundle-")]
    assert work and not any(p.exists() for p in work)


def test_raw_sources_preload_their_static_imports_and_nothing_lazy(build: Builder) -> None:
    built = build(PAGES)  # oldtricks_bundle = False in the samples' conf.py
    assert built.status == 0, built.warnings
    preloads = {url.removeprefix("_static/oldtricks/").split("?")[0] for url in PRELOAD.findall(built.html("play"))}
    closure = {p.relative_to(SOURCE).as_posix() for p in _static_closure(SOURCE / "widget.js")}
    assert preloads == closure | {"widget.js"}  # and the module itself, whose tag ends <body>
    assert {"dom.js", "golive.js"} <= preloads
    assert not {"lesson.js", "panels.js", "liveplay.js", "live.js", "worker.js"} & preloads


def test_missing_esbuild_says_run_npm_ci(build: Builder, tmp_path: Path) -> None:
    with pytest.raises(ExtensionError, match=r"esbuild is missing .*run `npm ci`.*oldtricks_bundle = False"):
        build(PAGES, conf={"oldtricks_bundle": True, "oldtricks_node_modules": str(tmp_path / "nothing")})


def _fake_esbuild(root: Path, version: str, pinned: str) -> Path:
    exe = root / "node_modules" / ".bin" / "esbuild"
    exe.parent.mkdir(parents=True)
    exe.write_text(f"#!/bin/sh\necho {version}\n", encoding="utf-8")
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    (root / "package.json").write_text(json.dumps({"devDependencies": {"esbuild": pinned}}), encoding="utf-8")
    return root / "node_modules"


def test_esbuild_of_another_version_says_run_npm_ci(build: Builder, tmp_path: Path) -> None:
    node_modules = _fake_esbuild(tmp_path, "0.1.0", "0.28.2")
    with pytest.raises(ExtensionError, match=r"holds esbuild 0\.1\.0 but package\.json pins 0\.28\.2: run `npm ci`"):
        build(PAGES, conf={"oldtricks_bundle": True, "oldtricks_node_modules": str(node_modules)})


def test_esbuild_errors_are_reported_with_its_words(tmp_path: Path) -> None:
    source = tmp_path / "oldtricks"
    for name in ENTRIES:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text("export const ok = 1;\n", encoding="utf-8")
    (source / "widget.js").write_text("export const broken = ;\n", encoding="utf-8")
    with pytest.raises(BundleError, match=r"(?s)esbuild failed on .*Unexpected \";\".*widget\.js:1:22"):
        bundle(source, tmp_path / "out", NODE_MODULES)
