"""The real site: ``docs/`` builds with -W, embeds every scenario, states every rule, stays offline."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

from conftest import ASSET, SCENARIOS, Site, found, frames_of, widgets
from oldtricks.core.registry import all_rules
from oldtricks.scenarios.framepack import read_page
from oldtricks.scenarios.replay import replay
from oldtricks.scenarios.scenario import discover, load
from oldtricks_sphinx.store import rule_anchor


def test_docs_build_with_warnings_as_errors(site: Site) -> None:
    assert site.returncode == 0, site.log
    assert {"index.html", "bettelmann.html", "sources.html", "coverage.html", "scenario-format.html"} <= set(
        site.pages()
    )


def test_every_scenario_file_is_embedded_once_and_matches_the_engine(site: Site) -> None:
    assert site.returncode == 0, site.log
    embedded: dict[str, list[dict[str, object]]] = {}
    for page in site.pages().values():
        for w in widgets(page, site.outdir):
            embedded.setdefault(w["attrs"]["data-scenario"], []).append(w["data"])
    files = {p.relative_to(SCENARIOS).with_suffix("").as_posix(): p for p in discover([SCENARIOS])}
    assert set(embedded) == set(files)
    for scenario_id, path in files.items():
        [data] = embedded[scenario_id]
        assert frames_of(data) == replay(load(path, SCENARIOS)).frames(), scenario_id


def test_every_ledger_id_has_one_rule_block(site: Site) -> None:
    assert site.returncode == 0, site.log
    text = "\n".join(site.pages().values())
    for rule_id, rule in all_rules().items():
        blocks = re.findall(rf'<div class="ot-rule-block ot-status-(\w+)[^"]*" id="{rule_anchor(rule_id)}">', text)
        assert blocks == [rule.status], rule_id


def test_no_assets_from_other_hosts(site: Site) -> None:
    assert site.returncode == 0, site.log
    for name, page in site.pages().items():
        for url in ASSET.findall(page):
            parts = urlsplit(url)
            assert not parts.scheme and not parts.netloc and not url.startswith("/"), f"{name}: {url}"
    for css in site.outdir.joinpath("_static").rglob("*.css"):
        assert not re.search(r"(url\(\s*['\"]?|@import\s+['\"])(https?:)?//", css.read_text(encoding="utf-8")), css


def test_rule_links_in_viewers_resolve_to_rule_blocks(site: Site) -> None:
    assert site.returncode == 0, site.log
    pages = site.pages()
    for name, page in pages.items():
        for w in widgets(page, site.outdir):
            for rule_id, entry in w["data"]["rules"].items():
                url = entry["url"]
                assert url, f"{name}: {rule_id} has no rule block"
                target, anchor = url.split("#")
                assert f'id="{anchor}"' in pages[target or name], url


def test_the_rules_ledger_page_lists_every_id(site: Site) -> None:
    assert site.returncode == 0, site.log
    from oldtricks.core.ledgercheck import load

    page = site.pages()["ledger.html"]
    listed = re.findall(r'<tr class="ot-ledger-row ot-status-(\w+)[^"]*" id="ledger-([\w-]+)">', page)
    ledger = load(SCENARIOS.parent / "ledger.toml")
    assert [(e.status, e.id.replace(".", "-")) for e in ledger] == listed
    assert 'src="_static/oldtricks/ledger.js' in page


def test_pages_and_viewers_show_each_rule_with_its_ledger_status(site: Site) -> None:
    """Rule boxes, citations and the options every viewer offers: a status that is not its rule's fails."""
    assert site.returncode == 0, site.log
    from oldtricks.core.ledgercheck import load

    ledger = load(SCENARIOS.parent / "ledger.toml")
    anchors = {rule_anchor(e.id): e.id for e in ledger}
    cited = 0
    for name, page in site.pages().items():
        for status, anchor in re.findall(r'<a class="ot-cite ot-status-(\w+)[^"]*" href="[^"#]*#(rule-[\w-]+)"', page):
            assert status == ledger.rule(anchors[anchor]).status, (name, anchors[anchor])
            cited += 1
        for w in widgets(page, site.outdir):
            for option in w["data"]["options"]:
                assert option["status"] == ledger.rule(option["rule"]).status, (name, option["key"])
                for choice in option["choices"]:
                    assert choice["status"] == ledger.rule(choice["rule"]).status, (name, option["key"], choice)
            for rule_id, shown in w["data"]["rules"].items():
                assert shown["status"] == ledger.rule(rule_id).status, (name, rule_id)
    assert cited > 100  # the pattern still finds the citations


def test_every_rules_page_has_an_about_the_sources_box(site: Site) -> None:
    assert site.returncode == 0, site.log
    pages = site.pages()
    for name in ("bettelmann.html", "druzbart.html", "drogue.html", "drogue-clips.html"):
        box = re.search(r'<div class="[^"]*\bot-about-sources\b[^"]*">(.*?)</div>', pages[name], re.S)
        assert box and "About the sources" in box.group(1) and box.group(1).count("<li>") >= 3, name


def test_a_page_of_many_viewers_keeps_the_later_ones_apart(site: Site) -> None:
    """drogue-clips.html, with thirty viewers: the first few inline, the rest in one file of their own."""
    html = site.pages()["drogue-clips.html"]
    block = json.loads(
        found(re.search(r'<script type="application/json" id="oldtricks-page">(.*?)</script>', html)).group(1)
    )
    assert block["more"].startswith("_static/oldtricks/frames/") and block["more"].endswith(".json")
    inline = read_page({"packed": block["packed"]})
    every = [w["attrs"]["data-scenario"] for w in widgets(html, site.outdir)]
    assert list(inline) == every[: len(inline)] and 1 <= len(inline) < len(every) // 2, (len(inline), len(every))
    assert len(block["packed"]) < 40_000  # the page carries its first viewers' data, not thirty's


def test_no_page_has_a_style_element_in_its_body(site: Site) -> None:
    """Styles belong in the stylesheets (docs/_static/figures.css for the drawn figures): a <style> in a
    page's body is invalid HTML."""
    inline = [name for name, page in site.pages().items() if "<style" in page[page.index("<body") :]]
    assert not inline, inline
