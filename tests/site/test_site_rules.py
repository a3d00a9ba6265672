"""The ``{rule}`` directive and role: anchor, status label, source, links to scenarios and back."""

from __future__ import annotations

import re

import pytest

from conftest import Builder
from oldtricks.core.registry import all_rules
from oldtricks_sphinx.store import Embed, merge_placed


def test_rule_block_has_anchor_status_source_and_scenarios(build: Builder) -> None:
    built = build(
        {
            "index.md": """
        # Ties

        ```{rule} bettelmann.tie.pierer
        Tied cards *wait* for the next winner.
        ```

        ```{scenario} bettelmann/tie-pierer
        ```
        """
        }
    )
    assert built.status == 0, built.warnings
    page = built.html()
    rule = all_rules()["bettelmann.tie.pierer"]
    block = page[page.index('id="rule-bettelmann-tie-pierer"') - 80 :]
    block = block[: block.index('<div class="oldtricks-widget"')]
    assert 'class="ot-rule-block ot-status-disputed' in block
    assert '<span class="ot-status ot-status-disputed">disputed</span>' in block
    assert "Tied cards <em>wait</em> for the next winner." in block  # the content is parsed as MyST
    assert f"Source: </span>{rule.source}" in block
    assert re.search(r'Shown in: </span><a [^>]*href="#bettelmann/tie-pierer"[^>]*>Equal ranks wait', block), block
    # the embedded viewer's rule map points back at the block
    [widget] = built.widgets()
    assert widget["data"]["rules"]["bettelmann.tie.pierer"]["url"] == "#rule-bettelmann-tie-pierer"


def test_links_are_relative_across_folders(build: Builder) -> None:
    built = build(
        {
            "index.md": "# Home\n\n```{toctree}\nrules\ngames/ties\n```\n",
            "rules.md": "# Rules\n\n```{rule} bettelmann.tie.pierer\nTies wait.\n```\n\n"
            "Cited: {rule}`bettelmann.tie.pierer`.\n",
            "games/ties.md": "# Ties\n\nSee {rule}`the rule <bettelmann.tie.pierer>`.\n\n"
            "```{scenario} bettelmann/tie-pierer\n```\n",
        }
    )
    assert built.status == 0, built.warnings
    rules, ties = built.html("rules"), built.html("games/ties")
    assert 'href="games/ties.html#bettelmann/tie-pierer"' in rules
    assert re.search(
        r'<a class="ot-cite ot-status-disputed reference internal" href="#rule-bettelmann-tie-pierer">'
        r'<code class="ot-cite-text docutils literal notranslate"><span class="pre">bettelmann.tie.pierer</span>'
        r'</code> <span class="ot-status '
        r'ot-status-disputed ot-status-small">disputed</span></a>',
        rules,
    ), rules
    assert (
        'href="../rules.html#rule-bettelmann-tie-pierer"><span class="ot-cite-text ot-cite-titled">the rule</span>'
        in ties
    )
    [widget] = built.widgets("games/ties")
    assert widget["data"]["rules"]["bettelmann.tie.pierer"]["url"] == "../rules.html#rule-bettelmann-tie-pierer"


@pytest.mark.parametrize(
    ("page", "line"),
    [
        ("# R\n\n```{rule} bettelmann.tie.peirer\nText.\n```\n", 3),
        ("# R\n\nAs {rule}`bettelmann.tie.peirer` says.\n", 3),
    ],
    ids=["directive", "role"],
)
def test_unknown_rule_id_fails_with_a_suggestion(build: Builder, page: str, line: int) -> None:
    built = build({"index.md": page})
    assert built.status == 1
    assert f"index.md:{line}: ERROR: unknown rule id 'bettelmann.tie.peirer'" in built.warnings, built.warnings
    assert "did you mean 'bettelmann.tie.pierer'" in built.warnings


def test_rule_needs_a_statement_and_one_place(build: Builder) -> None:
    built = build(
        {
            "index.md": """
        # R

        ```{rule} bettelmann.rank
        ```

        ```{rule} bettelmann.deal
        Sixteen each.
        ```

        ```{rule} bettelmann.deal
        Again.
        ```
        """
        }
    )
    assert built.status == 1
    assert "index.md:3: ERROR: rule 'bettelmann.rank' needs its statement" in built.warnings
    assert "index.md:10: ERROR: rule 'bettelmann.deal' is already stated at index:6" in built.warnings


def test_a_documented_citation_is_quiet_and_a_weaker_one_marked(build: Builder) -> None:
    """In running text documented is the default, unmarked; the rule box keeps its full label."""
    built = build(
        {
            "index.md": "# R\n\n```{rule} bettelmann.rank\nHigher wins.\n```\n\n"
            "```{rule} bettelmann.cycle\nA repeat ends it.\n```\n\n"
            "See {rule}`higher wins <bettelmann.rank>` and {rule}`repeats <bettelmann.cycle>`.\n"
        }
    )
    assert built.status == 0, built.warnings
    page = built.html()
    assert '<span class="ot-status ot-status-documented">documented</span>' in page  # the box
    cite = page[page.index('<a class="ot-cite ot-status-documented') :]
    assert cite[: cite.index("</a>")].count("ot-status-small") == 0
    cite = page[page.index('<a class="ot-cite ot-status-assumed') :]
    assert '<span class="ot-status ot-status-assumed ot-status-small">assumed</span>' in cite[: cite.index("</a>")]


def test_citing_a_rule_stated_nowhere_warns(build: Builder) -> None:
    built = build({"index.md": "# R\n\nSee {rule}`bettelmann.rank`.\n"})
    assert built.status == 1
    assert "index.md:3: WARNING: rule 'bettelmann.rank' is cited but stated on no page" in built.warnings
    assert '<span class="ot-cite ot-status-documented ot-unlinked">' in built.html()


def test_rule_without_scenarios_says_so(build: Builder) -> None:
    built = build({"index.md": "# R\n\n```{rule} bettelmann.rank\nHigher wins.\n```\n"})
    assert built.status == 0, built.warnings
    assert "No scenario on these pages demonstrates this rule yet." in built.html()


def test_check_complete_reports_missing_embeds_and_rules(build: Builder) -> None:
    built = build(
        {"index.md": "# R\n\n```{scenario} bettelmann/basics\n```\n"}, conf={"oldtricks_check_complete": True}
    )
    assert built.status == 1
    assert "scenario 'bettelmann/tie-pierer'" in built.warnings and "is not embedded on any page" in built.warnings
    assert "scenario 'bettelmann/basics'" not in built.warnings
    for rule_id in all_rules():
        assert f"ledger id {rule_id!r} has no {{rule}} block" in built.warnings


def test_parallel_read_merges_what_each_worker_saw(build: Builder) -> None:
    scenarios = [
        "bettelmann/basics",
        "bettelmann/tie-pierer",
        "bettelmann/tie-first-player",
        "bettelmann/pack-french",
        "bettelmann/next-lead-fixed",
        "bettelmann/cap",
    ]
    pages = {f"p{i}.md": f"# Page {i}\n\n```{{scenario}} {sid}\n```\n" for i, sid in enumerate(scenarios)}
    pages["rules.md"] = "# Rules\n\n```{rule} bettelmann.rank\nHigher wins.\n```\n"
    pages["index.md"] = "# Home\n\n```{toctree}\n" + "\n".join(p[:-3] for p in sorted(pages)) + "\n```\n"
    built = build(pages, parallel=2)
    assert built.status == 0, built.warnings
    rules = built.html("rules")
    for i, sid in enumerate(scenarios):
        if sid in ("bettelmann/basics", "bettelmann/pack-french"):  # the ones that demonstrate the rank
            assert f'href="p{i}.html#{sid}"' in rules
    [widget] = built.widgets("p0")
    assert widget["data"]["rules"]["bettelmann.rank"]["url"] == "rules.html#rule-bettelmann-rank"


def test_incremental_build_updates_links_on_unchanged_pages(build: Builder) -> None:
    pages = {
        "index.md": "# Home\n\n```{toctree}\ncites\nrules\n```\n",
        "cites.md": "# Cites\n\nSee {rule}`bettelmann.rank`.\n",
        "rules.md": "# Rules\n\nNothing yet.\n",
    }
    first = build(pages, strict=False)
    assert "stated on no page" in first.warnings
    assert "ot-unlinked" in first.html("cites")
    second = build({"rules.md": "# Rules\n\n```{rule} bettelmann.rank\nHigher wins.\n```\n"}, fresh=False)
    assert second.status == 0, second.warnings
    assert 'href="rules.html#rule-bettelmann-rank"' in second.html("cites")


def test_a_parallel_reader_s_records_merge_and_a_second_place_is_warned(caplog: pytest.LogCaptureFixture) -> None:
    """store.merge_placed, which the scenario, rule and sandbox records share: the other reader's
    records of its pages come in; a key already on another page keeps it, with a warning."""
    mine = {"a": Embed("p1", 3, "A", ())}
    theirs = {"a": Embed("p2", 5, "A", ()), "b": Embed("p2", 7, "B", ()), "c": Embed("p9", 1, "C", ())}
    merge_placed(mine, theirs, {"p2"}, lambda key: f"scenario {key!r}")
    assert mine == {"a": Embed("p1", 3, "A", ()), "b": Embed("p2", 7, "B", ())}  # c: a page it did not read
    assert "scenario 'a' appears twice: already on page 'p1'" in caplog.text


def test_a_long_list_of_viewers_is_folded_under_its_count(build: Builder) -> None:
    """More than three viewers (or titles too long for one line) fold into a <details> named by their count."""
    orders = ["play-order", "winner-first", "loser-first", "shuffled"]
    viewers = "".join(f"```{{scenario}} bettelmann/return-{order}\n```\n\n" for order in orders)
    built = build({"index.md": f"# R\n\n```{{rule}} bettelmann.return-order\nOrders.\n```\n\n{viewers}"})
    assert built.status == 0, built.warnings
    page = built.html()
    block = page[page.index('id="rule-bettelmann-return-order"') :]
    block = block[: block.index('<div class="oldtricks-widget"')]
    assert re.search(
        r'<details class="ot-rule-demos"><summary><span class="ot-rule-demos-label">Shown in</span> 4 examples'
        r"</summary>\s*<p class=\"ot-rule-demos-list\">",
        block,
    ), block
    assert len(re.findall(r'href="#bettelmann/return-[\w-]+"', block)) == 4
    assert "Shown in: " not in block
