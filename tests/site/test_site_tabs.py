"""``{tabs}`` and ``{tab}``: the readings of one deal as tab panels, each with its viewer, a tab row for
the script, and a line for print naming the other readings and where they are."""

from __future__ import annotations

import re

from conftest import Builder

COLONS = {"myst_enable_extensions": ["colon_fence"]}

PAGE = """\
# T

:::::{tabs} Who leads
::::{tab} Winner leads (default)
The winner of each trick leads the next:

```{scenario} bettelmann/basics
```
::::

::::{tab} Same player leads
The first player leads every trick:

```{scenario} bettelmann/next-lead-fixed
```
::::
:::::
"""


def test_each_tab_is_a_panel_with_its_viewer_and_a_tab_that_controls_it(build: Builder) -> None:
    built = build({"index.md": PAGE}, conf=COLONS)
    assert built.status == 0, built.warnings
    out = built.html()
    group = out[out.index("data-ot-tabs") :]
    assert re.search(r'class="ot-tablist" data-ot-label="Who leads"', group)  # tabs.js names it
    tabs = re.findall(r'<button type="button" class="ot-tab" id="([\w-]+)-tab" aria-controls="([\w-]+)"', group)
    assert (
        [a for a, _ in tabs]
        == [b for _, b in tabs]
        == ["index-readings-1-winner-leads-default", "index-readings-1-same-player-leads"]
    )
    panels = re.findall(r'<div class="ot-tabpanel" id="([\w-]+)">', group)
    assert panels == [b for _, b in tabs]
    # each panel holds its own viewer, after its label
    first, second = group.split('<div class="ot-tabpanel"')[1:3]
    assert 'id="bettelmann/basics"' in first and "bettelmann/next-lead-fixed" not in first
    assert 'id="bettelmann/next-lead-fixed"' in second
    assert '<p class="ot-tabpanel-label">Winner leads (default)</p>' in first
    # for print: the panel names the other reading and its place on the site
    other = "On the site: Same player leads (index.html#index-readings-1-same-player-leads)"
    assert f"Printed: Winner leads (default). {other}" in first
    # only the first tab is in the tab order before the script runs
    assert re.findall(r'tabindex="(-?\d)"', group.split("</div>")[0]) == ["0", "-1"]
    assert "oldtricks/tabs.js" in out and out.index("oldtricks/tabs.js") < out.index("oldtricks/widget.js")


def test_a_tabs_block_holds_two_tabs_or_more_and_nothing_else(build: Builder) -> None:
    one = ":::::{tabs}\n::::{tab} Alone\nText.\n::::\n:::::\n"
    stray = ":::::{tabs}\nA paragraph.\n\n::::{tab} A\nText.\n::::\n\n::::{tab} B\nText.\n::::\n:::::\n"
    same = ":::::{tabs}\n::::{tab} A b\nText.\n::::\n\n::::{tab} A-B\nText.\n::::\n:::::\n"
    for body, message in [
        (one, "a {tabs} block needs two {tab} blocks at least"),
        (stray, "a {tabs} block holds only {tab} blocks (found paragraph)"),
        (same, "two {tab} blocks of one {tabs} block have the same label"),
    ]:
        built = build({"index.md": "# T\n\n" + body}, conf=COLONS)
        assert built.status == 1 and message in built.warnings, built.warnings
        assert "index.md:3" in built.warnings, built.warnings
